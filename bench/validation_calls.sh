#!/usr/bin/env bash
# validation_calls.sh: what issue 50's validating runs cost and find on the corpus — solver
# calls per mutant, findings by kind and validation notes of an engine, for an older smtgrind
# (validation flags on the run that decides) and this one (plain runs, validating runs apart),
# on the same seeds with the same --seed, one after the other on this machine.
#   bash bench/validation_calls.sh OLD-SMTGRIND [NEW-SMTGRIND]
#   SG_BENCH_SEEDS=N (default 120 corpus files, round-robin over QF_LIA QF_LRA QF_BV QF_S QF_UF
#   QF_NIA, those the index times at most 400 ms for z3 and cvc5 together), SG_BENCH_MUTANTS=M
#   (default 600), SG_BENCH_ENGINE=E (default opfuzz), SG_BENCH_RNG=N (default 1),
#   SG_BENCH_SOLVERS (default "z3;cvc5"), SG_BENCH_SAMPLE=P (--model-sample, default 2).
# Prints one line per smtgrind (its wall time too: a figure of this machine, not a benchmark
# of record) and the ratio of calls per mutant; the findings directories are
# kept under the printed work directory so that every finding can be looked at.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
old=${1:?usage: validation_calls.sh OLD-SMTGRIND [NEW-SMTGRIND]}
new=${2:-$PWD/build/smtgrind}
corpus=$(cd "${SG_CORPUS:-../shared/corpus}" && pwd)
nwant=${SG_BENCH_SEEDS:-120}
mutants=${SG_BENCH_MUTANTS:-600}
engine=${SG_BENCH_ENGINE:-opfuzz}
rng=${SG_BENCH_RNG:-1}
solvers=${SG_BENCH_SOLVERS:-z3;cvc5}
sample=${SG_BENCH_SAMPLE:-2}
work=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-valcalls.XXXXXX")
mkdir -p "$work/seeds"
for l in QF_LIA QF_LRA QF_BV QF_S QF_UF QF_NIA; do
  awk -F'\t' -v l="$l" '$2 == l && ($3 == "sat" || $3 == "unsat") && $4 + $5 <= 400 { print $1 }' "$corpus/INDEX.tsv" | LC_ALL=C sort > "$work/$l.list"
done
paste -d'\n' "$work"/QF_*.list | awk -v want="$nwant" 'NF && n++ < want' > "$work/seeds.list"
while read -r f; do
  cp "$corpus/$f" "$work/seeds/$(echo "$f" | tr / _)"
done < "$work/seeds.list"
echo "machine: $(nproc) cores, $(uname -m); $(ls "$work/seeds" | wc -l) seeds; $engine --mutants $mutants --seed $rng --model-sample $sample --solvers \"$solvers\"; work: $work"
declare -A cpm
for which in old new; do
  sg=${!which}
  out=$work/out-$which
  t0=$(date +%s.%N)
  set +e
  "$sg" "$engine" --mutants "$mutants" --seed "$rng" -t 5 --jobs 1 --referee auto --model-sample "$sample" \
    --solvers "$solvers" --out "$out" "$work/seeds" > "$work/$which.out" 2> "$work/$which.err"
  code=$?
  set -e
  secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  last=$(grep '^\[' "$work/$which.err" | tail -n 1)
  m=$(sed -n 's/.*mutants \([0-9]*\) .*/\1/p' <<<"$last")
  c=$(sed -n 's/.*solver calls \([0-9]*\) .*/\1/p' <<<"$last")
  kinds=$(ls "$out" 2>/dev/null | sed -n 's/^\([a-z-]*\)-.*\.json$/\1/p' | sort | uniq -c | awk '{ printf "%s%s %s", s, $2, $1; s = ", " }')
  cpm[$which]=$(awk -v c="$c" -v m="$m" 'BEGIN { printf "%.3f", m ? c / m : 0 }')
  echo "$which ($sg): exit $code, mutants $m, solver calls $c, calls per mutant ${cpm[$which]}, ${secs} s; findings: ${kinds:-none}"
done
awk -v a="${cpm[old]}" -v b="${cpm[new]}" 'BEGIN { if (a > 0) printf "calls per mutant, new / old: %.2f\n", b / a }'
