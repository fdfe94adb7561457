#!/usr/bin/env bash
# evolution_enum.sh: z3 across releases on enumerated formulas (issue 20's evolution run, ET's
# evolution figure): the first N formulas of each grammar (default core, ints, reals) against
# the Debian z3 and npm z3-solver releases in ONE solver list, through `smtgrind enum` with
# sessions (the npm releases' node driver answers in a session: one node start per 1,000
# formulas). Per grammar it prints enum's status line and ET's measure, the formulas each
# release decided within T = 2^-6 ... 2^3 s (first probe), and the findings: differences
# between releases (soundness, blamed by models and majority) and, with the oldest npm release
# as --reference, the formulas it decides that a later one does not (incompleteness) or decides
# >= 10x slower and >= 0.5 s (performance; medians of 3 fresh runs each). The reference is a
# WebAssembly build like the others: the Debian z3 is native, so timing it against them would
# measure WebAssembly, not z3.
#   bash bench/evolution_enum.sh [N [TIMEOUT_S [JOBS]]]      (default 500 formulas, 4 s, 2 jobs)
#   RELEASES="4.8.17 4.13.0" (default: 7 from 4.8.17 to 5.2.0), GRAMMARS="core ints reals",
#   SG_BIN (default: a Release build in build-bench/), OUT (kept; default a temporary one)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
n=${1:-500}
t=${2:-4}
jobs=${3:-2}
releases=${RELEASES:-4.8.17 4.10.0 4.11.2 4.12.2 4.13.0 4.15.1 5.2.0}
grammars=${GRAMMARS:-core ints reals}
sg=${SG_BIN:-}
if [ -z "$sg" ]; then
  cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
  cmake --build build-bench -j "$(nproc)" --target smtgrind >/dev/null
  sg=$PWD/build-bench/smtgrind
fi
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-evolution-enum.XXXXXX")}
mkdir -p "$out"
solvers="z3"
ref=""
for r in $releases; do
  # install (npm) outside the run: one check on a trivial file
  timeout -s KILL 900 "$sg" check -q --solvers "z3@$r" examples/qf_lia.smt2 >/dev/null 2>&1 || true
  solvers="$solvers;z3@$r"
  [ -z "$ref" ] && ref="z3-$r"
done
echo "evolution (enumeration): first $n formulas of: $grammars; solvers \"$solvers\", reference $ref," \
     "timeout ${t}s, $jobs jobs, load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores; in $out"
for g in $grammars; do
  echo "== $g"
  /usr/bin/time -f "wall %e s" "$sg" enum "$g" --count "$n" --solvers "$solvers" --reference "$ref" -t "$t" \
    --jobs "$jobs" --seed 1 --out "$out/$g" 2> "$out/$g.log" || true
  grep '^\[' "$out/$g.log" | tail -n 1
  # ET's table, then the CPU split and the wall time (the last lines of the log)
  sed -n '/^solved within/,$p' "$out/$g.log" | grep -v '^finding'
  ls "$out/$g" | grep -v '^times-' | sed -n 's/\.json$//p' | sed 's/^/  finding: /' || true
done
