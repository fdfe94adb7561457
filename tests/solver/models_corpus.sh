#!/usr/bin/env bash
# models_corpus.sh BINARY [CORPUS_DIR]: every model z3, cvc5 and cvc4 give on the sat files of
# the corpus (every fourth one by default, all with SG_TEST_FULL=1) is read by smtgrind, and
# our evaluator calls it valid or undetermined. A model it calls INVALID must be a known,
# confirmed solver bug listed in docs/invalid-models.tsv (file<TAB>solver<TAB>evidence); an
# unreadable model fails the test. Prints the figures.
set -euo pipefail
bin=${1:?usage: models_corpus.sh BINARY [CORPUS_DIR]}
corpus=${2:-${SG_CORPUS:-../shared/corpus}}
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
if [ ! -f "$corpus/INDEX.tsv" ]; then
  echo "models_corpus: SKIPPED: no corpus index at $corpus/INDEX.tsv"
  exit 0
fi
for s in z3 cvc5 cvc4; do
  command -v "$s" >/dev/null || { echo "models_corpus: FAIL: solver '$s' not installed" >&2; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-models.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# The three corpus files that are invalid SMT-LIB on purpose (see tests/unit/corpus_test.c).
awk -F'\t' -v c="$corpus" 'NR > 1 && $3 == "sat" && $1 !~ /cvc5_issue(12514-(bitvec-width|sign-extend)-overflow|9990-nprint-char)/ {
  print c "/" $1 }' "$corpus/INDEX.tsv" > "$tmp/all"
# The default run (CI) checks every fourth sat file, spread over the sorted index, so every logic
# folder contributes; SG_TEST_FULL=1 checks all of them (about 4x the time: minutes).
if [ "${SG_TEST_FULL:-0}" = 1 ]; then
  cp "$tmp/all" "$tmp/files"
  scope="all"
else
  awk 'NR % 4 == 1' "$tmp/all" > "$tmp/files"
  scope="every fourth of $(wc -l < "$tmp/all") (SG_TEST_FULL=1: all)"
fi
start=$(date +%s)
# Batches of 20 files, two at a time; `check` exits 10 when it reports a finding, which is fine.
xargs -P "$(nproc)" -n 20 "$bin" check --solvers "z3;cvc5;cvc4" -t 10 < "$tmp/files" \
  > "$tmp/out" 2> "$tmp/err" || true
# Rows: FILE, then "  solver answer time model VERDICT note".
awk -v c="$corpus/" '
  /^[^ ]/ { f = $0; sub("^" c, "", f); next }
  /^  verdict:/ { next }
  /^  / { print f "\t" $1 "\t" $2 "\t" $5 "\t" $0 }' "$tmp/out" > "$tmp/rows"
files=$(wc -l < "$tmp/files")
checked=$(grep -c '^[^ ]' "$tmp/out" || true)
fail=0
if [ "$checked" -ne "$files" ]; then
  echo "models_corpus: FAIL: $checked of $files files were checked; errors:" >&2
  head -n 20 "$tmp/err" >&2
  fail=1
fi
if grep -E 'unreadable model|no model in the output' "$tmp/rows" > "$tmp/unreadable"; then
  echo "models_corpus: FAIL: models smtgrind could not read:" >&2
  cut -f1,2,5 "$tmp/unreadable" >&2
  fail=1
fi
known=$src/docs/invalid-models.tsv
awk -F'\t' '$4 == "INVALID" { print $1 "\t" $2 }' "$tmp/rows" | sort -u > "$tmp/invalid"
while IFS=$'\t' read -r f s; do
  if ! grep -q "^$f	$s	" "$known" 2>/dev/null; then
    echo "models_corpus: FAIL: our evaluator calls $s's model of $f invalid and docs/invalid-models.tsv does not list it as a confirmed bug" >&2
    fail=1
  fi
done < "$tmp/invalid"
for s in z3 cvc5 cvc4; do
  awk -F'\t' -v s="$s" '$2 == s && $3 == "sat" { n[$4]++ } END {
    printf "models_corpus: %-5s sat models: %d valid, %d undetermined, %d invalid, %d not checked (model run failed)\n",
           s, n["valid"], n["undetermined"], n["INVALID"], n["-"] }' "$tmp/rows"
done
echo "models_corpus: $files sat files ($scope), $(wc -l < "$tmp/invalid") invalid models (all listed as confirmed bugs: $([ $fail = 0 ] && echo yes || echo no)), $(( $(date +%s) - start ))s"
exit $fail
