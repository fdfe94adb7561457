#!/usr/bin/env bash
# bugs_sae.sh: Sparrow (smtgrind sae) against the Debian solvers z3, cvc5 and cvc4 on the
# labelled corpus for a fixed budget, then the confirmed findings by kind and solver.
#   bash bench/bugs_sae.sh [SECONDS] [SEED]      (default 600 s, rng seed 1)
# Environment: SG_CORPUS (default ../shared/corpus), JOBS (worker processes, default 1),
# OUT (findings directory, default a fresh temporary one that is kept and printed).
# The budget is wall-clock time of the fuzz loop with JOBS workers; the loop's final lines
# give the CPU time smtgrind and the solvers used. Every finding was confirmed by a second
# fresh run before it was written (campaign/loop.c); triage with a second solver is manual.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
secs=${1:-600}
seed=${2:-1}
jobs=${JOBS:-1}
corpus=${SG_CORPUS:-../shared/corpus}
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
cmake --build build-bench -j 2 --target smtgrind >/dev/null
# No extra -q: the profiles already pass it, and cvc4 1.8 given -q twice prints no answer at all.
spec="z3 model_validate=true;cvc5 --check-models;cvc4 --check-models"
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-bugs-sae.XXXXXX")}
mkdir -p "$out"
echo "== sae on $corpus: budget ${secs}s, seed $seed, $jobs job(s), solvers \"$spec\", findings in $out"
set +e
build-bench/smtgrind sae --solvers "$spec" -t 8 --seed "$seed" --jobs "$jobs" --budget "$secs" \
  --index "$corpus/INDEX.tsv" --out "$out" "$corpus" 2>"$out/log.txt"
rc=$?
set -e
grep -vE '^(\[|finding:)' "$out/log.txt" | grep -v 'warning: seed skipped' | head -n 5 || true
grep -E '^\[|^CPU' "$out/log.txt" | tail -n 2 || true
echo "exit status $rc"
echo "== confirmed findings by kind and solver"
shopt -s nullglob
files=("$out"/*.smt2)
total=0
declare -A count=()
for f in "${files[@]}"; do
  b=$(basename "$f" .smt2)
  case "$b" in ill-typed-*) k="ill-typed (ours)"; s="-" ;; *) k=${b%%-*}; r=${b#*-}; s=${r%%-*} ;; esac
  count["$k $s"]=$(( ${count["$k $s"]:-0} + 1 ))
  total=$((total + 1))
done
for key in "${!count[@]}"; do printf '%6d  %s\n' "${count[$key]}" "$key"; done | sort -k2
echo "total: $total (files in $out)"
