#!/usr/bin/env bash
# enum_study.sh: the first COUNT formulas of each shipped grammar against z3, cvc5 and cvc4
# (issue 17: COUNT = 100,000), each grammar stopped after BUDGET seconds, nice'd, one job.
#   bash bench/enum_study.sh [COUNT [BUDGET [OUTDIR [GRAMMAR...]]]]
#   (default 100000, 1200 s, ./enum-study, all eight grammars); JOBS=N (default 1)
# Prints per grammar the last status line (formulas done, decided, findings by kind) and ET's
# solved-within table; findings stay in OUTDIR/GRAMMAR/ (each confirmed in fresh processes by
# the loop; check them by hand before docs/bugs.md).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
COUNT=${1:-100000}
BUDGET=${2:-1200}
OUT=${3:-enum-study}
shift $(( $# > 3 ? 3 : $# ))
GRAMMARS=("$@")
[[ ${#GRAMMARS[@]} -eq 0 ]] && GRAMMARS=(core ints reals realints bv arrays fp strings)
if [[ -z "${BUILD:-}" ]]; then
  cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
  cmake --build build-bench -j "$(nproc)" --target smtgrind >/dev/null
  BUILD=build-bench
fi
mkdir -p "$OUT"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); first $COUNT formulas, at most ${BUDGET}s per grammar"
for g in "${GRAMMARS[@]}"; do
  nice "$BUILD/smtgrind" enum "$g" --count "$COUNT" --solvers "z3;cvc5;cvc4" -t 8 --jobs "${JOBS:-1}" --seed 1 \
    --budget "$BUDGET" --out "$OUT/$g" 2> "$OUT/$g.log" || true
  echo "== $g"
  grep '^\[' "$OUT/$g.log" | tail -n 1
  sed -n '/^solved within/,$p' "$OUT/$g.log"
  ls "$OUT/$g" | grep -v '^times-' | sed 's/^/   finding: /' || true
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
