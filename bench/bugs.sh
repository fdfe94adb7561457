#!/usr/bin/env bash
# bugs.sh: real bugs for a fixed CPU budget. Runs each engine (opfuzz, typefuzz, fuse -o sat,
# fuse -o unsat; then sae and janus through bench/bugs_sae.sh and bench/bugs_janus.sh, which
# also say whether a finding is the seed's own and give Janus's step pairs) against the Debian solvers z3 4.8.12, cvc5 1.0.3 and cvc4 1.8 on every seed of
# ../shared/corpus (labels from its INDEX.tsv), with one worker per core, for SECONDS of wall
# time per engine (CPU budget = SECONDS x cores), then prints the confirmed findings by engine,
# kind and solver. Findings stay in OUT (default bench-bugs/, one folder per engine).
#   bash bench/bugs.sh [SECONDS] [OUT]        (default 300 s per engine)
#   SG_BUGS_SEED=N  rng seed (default 1);  SG_BUGS_ENGINES="opfuzz fuse-sat"  a subset
# Every finding was confirmed by fresh runs before it was written (docs/usage.md, "How a
# mutant is judged"); a disagreement no model decides is refereed by the solver not blamed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
secs=${1:-300}
out=${2:-bench-bugs}
corpus=$(cd "${SG_CORPUS:-../shared/corpus}" && pwd)
seed=${SG_BUGS_SEED:-1}
engines=${SG_BUGS_ENGINES:-opfuzz typefuzz fuse-sat fuse-unsat sae janus}
jobs=$(nproc)
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
cmake --build build-bench -j "$jobs" --target smtgrind >/dev/null
sg=$PWD/build-bench/smtgrind
spec="z3 model_validate=true;cvc5 --check-models --strings-exp -q;cvc4 --check-models --strings-exp -q"
mkdir -p "$out"
echo "solvers: z3 $(z3 --version | awk '{print $3}'), cvc5 $(cvc5 --version | awk 'NR==1 {print $5}'), cvc4 $(cvc4 --version | awk 'NR==1 {print $5}'); $jobs workers x ${secs}s per engine; seed $seed; corpus $corpus"
for engine in $engines; do
  case $engine in
    opfuzz|typefuzz) args=("$engine") ;;
    fuse-sat) args=(fuse -o sat) ;;
    fuse-unsat) args=(fuse -o unsat) ;;
    sae) OUT="$out/sae" JOBS="$jobs" bash bench/bugs_sae.sh "$secs" "$seed" > "$out/sae.log" 2>&1 || true
         continue ;;
    janus) KEEP="$out/janus" bash bench/bugs_janus.sh "$((secs * jobs))" "$secs" > "$out/janus.log" 2>&1 || true
           continue ;;
    *) echo "bugs.sh: unknown engine $engine" >&2; exit 2 ;;
  esac
  dir=$out/$engine
  rm -rf "$dir"
  "$sg" "${args[@]}" --solvers "$spec" -t 8 --jobs "$jobs" --budget "$secs" --seed "$seed" \
    --referee none --out "$dir" "$corpus" > "$out/$engine.log" 2>&1 || true
  grep -E '^\[' "$out/$engine.log" | tail -n 1 | sed "s/^/$engine: /"
done

echo
echo "confirmed findings (engine, kind, solver, count):"
for engine in $engines; do
  dir=$out/$engine
  [ -d "$dir" ] || continue
  for j in "$dir"/*.json; do
    [ -f "$j" ] || continue
    # The first "kind" and "solver" keys of a finding are the verdict's.
    awk -F'"' '/^  "kind"/ && !k { k = $4 } /^  "solver"/ && !s { s = $4 } END { print k, s }' "$j"
  done | awk -v e="$engine" '{ n[$1 " " $2]++ } END { for (k in n) printf "  %-11s %-28s %d\n", e, k, n[k] }' | sort
done
echo "(trigger and report pairs: $out/ENGINE/KIND-SOLVER-ID.smt2 + .json)"
for e in sae janus; do
  [ -f "$out/$e.log" ] && { echo; echo "== $e (bench/bugs_$e.sh):"; tail -n 25 "$out/$e.log"; }
done
