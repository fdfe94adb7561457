#!/usr/bin/env bash
# bugs_sae.sh: Sparrow (smtgrind sae) against the Debian solvers z3, cvc5 and cvc4 on the
# labelled corpus for a fixed budget, then the confirmed findings by kind and solver.
#   bash bench/bugs_sae.sh [SECONDS] [SEED]      (default 600 s, rng seed 1)
# Environment: SG_CORPUS (default ../shared/corpus), JOBS (worker processes, default 1),
# PER_SEED (mutants per seed, default 5),
# OUT (findings directory, default a fresh temporary one that is kept and printed).
# The budget is wall-clock time of the fuzz loop with JOBS workers; the loop's final lines
# give the CPU time smtgrind and the solvers used. Every finding was confirmed by a second
# fresh run before it was written (loop/loop.c); triage with a second solver is manual.
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
# Seeds in a random order fixed by SEED (the loop takes them in the order given), PER_SEED
# mutants each, so a short budget still samples every logic.
per_seed=${PER_SEED:-5}
mapfile -t seeds < <(tail -n +2 "$corpus/INDEX.tsv" | cut -f1 \
  | awk -v s="$seed" 'BEGIN { srand(s) } { printf "%.12f\t%s\n", rand(), $0 }' | sort -k1,1 | cut -f2 \
  | sed "s|^|$corpus/|")
set +e
build-bench/smtgrind sae --solvers "$spec" -t 8 -i "$per_seed" --seed "$seed" --jobs "$jobs" \
  --budget "$secs" --index "$corpus/INDEX.tsv" --out "$out" "${seeds[@]}" 2>"$out/log.txt"
rc=$?
set -e
grep -vE '^(\[|finding:|CPU)' "$out/log.txt" | grep -v 'warning: seed skipped' | head -n 5 || true
grep -E '^\[' "$out/log.txt" | tail -n 1 || true
grep -E '^CPU' "$out/log.txt" | tail -n 1 || true
echo "exit status $rc"
# A finding is "seed" when the solver already fails the same way on the unmutated seed
# (smtgrind check with that solver alone; for soundness: its answer differs from the label),
# "new" when only the mutant triggers it.
declare -A specs=([z3]="z3 model_validate=true" [cvc5]="cvc5 --check-models" [cvc4]="cvc4 --check-models")
declare -A seedkind=() count=()
shopt -s nullglob
total=0
for j in "$out"/*.json; do
  kind=$(sed -n 's/^ *"kind": "\([^"]*\)".*/\1/p' "$j" | head -n 1)
  solver=$(sed -n 's/^ *"solver": "\([^"]*\)".*/\1/p' "$j" | head -n 1)
  seedp=$(sed -n 's/^ *"seeds": \[ *"\([^"]*\)".*/\1/p' "$j" | head -n 1)
  key="$solver $seedp"
  if [ -z "${seedkind[$key]:-}" ]; then
    chk=$(build-bench/smtgrind check --solvers "${specs[$solver]:-$solver}" -t 8 "$seedp" 2>/dev/null || true)
    v=$(sed -n 's/^ *verdict: \([a-z-]*\).*/\1/p' <<<"$chk" | head -n 1)
    ans=$(awk -v s="$solver" '$1 == s { print $2 }' <<<"$chk" | head -n 1)
    label=$(awk -F'\t' -v p="${seedp#"$corpus"/}" '$1 == p { print $3 }' "$corpus/INDEX.tsv")
    [ "$ans" = sat ] || [ "$ans" = unsat ] || ans=""
    [ -n "$ans" ] && [ "$ans" != "$label" ] && v="$v soundness"
    seedkind[$key]=" $v "
  fi
  origin=new
  [[ ${seedkind[$key]} == *" $kind "* ]] && origin=seed
  count["$kind $solver $origin"]=$(( ${count["$kind $solver $origin"]:-0} + 1 ))
  total=$((total + 1))
done
for f in "$out"/ill-typed-*.smt2; do count["ill-typed (ours) - new"]=$(( ${count["ill-typed (ours) - new"]:-0} + 1 )); total=$((total + 1)); done
echo "== confirmed findings by kind and solver (seed: the unmutated seed fails the same way)"
printf '%6s  %-16s %-6s %s\n' count kind solver origin
for key in "${!count[@]}"; do read -r k s o <<<"$key"; printf '%6d  %-16s %-6s %s\n' "${count[$key]}" "$k" "$s" "$o"; done | sort -k2
echo "total: $total (files in $out)"
