#!/usr/bin/env bash
# fusion_soundness.sh: is Semantic Fusion sound? COUNT sat-fusion and COUNT unsat-fusion mutants
# of labelled corpus seeds (the seeds fusion_test uses: < 2 KB, labelled by z3 and cvc5 within
# 1 s each), run on z3 and cvc5 through the fuzz loop (timeout 2 s: SG_TIMEOUT; no referee;
# SG_JOBS workers, default 2). A mutant on
# which a solver contradicts the status the construction predicts is re-run fresh and, if it
# does it again, written as a soundness finding; every finding is listed at the end with the
# solvers' answers, for a person to confirm as a solver bug (docs/fusion-soundness.md).
#   bash bench/fusion_soundness.sh [COUNT] [OUT]     (default 2000, bench-fusion/)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
count=${1:-2000}
out=${2:-bench-fusion}
corpus=$(cd "${SG_CORPUS:-../shared/corpus}" && pwd)
jobs=${SG_JOBS:-2}
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
cmake --build build-bench -j "$(nproc)" --target smtgrind >/dev/null
sg=$PWD/build-bench/smtgrind
rm -rf "$out"
mkdir -p "$out"
awk -F'\t' 'NR > 1 && ($3 == "sat" || $3 == "unsat") && $6 < 2048 && $4 <= 1000 && $5 <= 1000' \
  "$corpus/INDEX.tsv" > "$out/seeds.tsv"
echo "seeds: $(wc -l < "$out/seeds.tsv") labelled corpus files < 2 KB; $count mutants per mode; z3 + cvc5, timeout ${SG_TIMEOUT:-2} s"
for mode in sat unsat; do
  awk -F'\t' -v m="$mode" -v c="$corpus" '$3 == m { print c "/" $1 }' "$out/seeds.tsv" > "$out/$mode.list"
  mapfile -t seeds < "$out/$mode.list"
  "$sg" fuse -o "$mode" --solvers "z3;cvc5" -t "${SG_TIMEOUT:-2}" --seed "${SG_SEED:-20261122}" --jobs "$jobs" \
    --mutants "$count" --referee none --index "$corpus/INDEX.tsv" --out "$out/$mode" "${seeds[@]}" \
    > "$out/$mode.log" 2>&1 || true
  echo "$mode fusion: $(grep -E '^\[' "$out/$mode.log" | tail -n 1)"
done
echo
echo "findings (each a mutant on which a solver contradicted the construction twice):"
for j in "$out"/sat/*.json "$out"/unsat/*.json; do
  [ -f "$j" ] || continue
  awk -F'"' '/^  "why"/ { print "  " FILENAME ": " $4 }' "$j"
done
