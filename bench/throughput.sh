#!/usr/bin/env bash
# throughput.sh: mutants/s, solver calls/s and smtgrind's share of the CPU for each engine on
# the corpus seeds of QF_LIA, QF_NIA, QF_BV, QF_S, QF_LRA, QF_NRA and QF_UF, with the solver
# line of issue 4: "z3 model_validate=true;cvc5 --check-models --strings-exp -q", timeout 8 s,
# one worker. Prints the engine's final status and CPU lines.
#   bash bench/throughput.sh [MUTANTS]      (default 200 per engine)
# The side-by-side comparison with yinyang is not scripted yet (issue 4).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
n=${1:-200}
corpus=${SG_CORPUS:-../shared/corpus}
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
cmake --build build-bench -j "$(nproc)" --target smtgrind >/dev/null
spec="z3 model_validate=true;cvc5 --check-models --strings-exp -q"
seeds=()
for l in QF_LIA QF_NIA QF_BV QF_S QF_LRA QF_NRA QF_UF; do seeds+=("$corpus/$l"); done
out=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-bench.XXXXXX")
trap 'rm -rf "$out"' EXIT
for engine in opfuzz typefuzz "fuse -o sat" "fuse -o unsat"; do
  echo "== $engine, $n mutants"
  # shellcheck disable=SC2086
  build-bench/smtgrind $engine --solvers "$spec" -t 8 --seed 1 --mutants "$n" --index "$corpus/INDEX.tsv" \
    --out "$out/${engine// /_}" "${seeds[@]}" 2>&1 | grep -E '^\[|^CPU' | tail -n 2 || true
done
