#!/usr/bin/env bash
# enum_ranges.sh: which indices of a grammar the `smtgrind enum` runs kept in DIRs have judged,
# and the commands that run the rest of the first N (issue 17: N = 100,000). A run writes one
# line per (formula, solver) to DIR/times-wW.tsv ("CHAIN<TAB>enum GRAMMAR index I<TAB>SOLVER
# ..."); a run stopped by a signal, or one whose workers took blocks of -i formulas, leaves
# gaps, and several runs of one grammar cover the union of their files.
#   bash bench/enum_ranges.sh GRAMMAR N DIR...
# Prints the covered ranges, how many indices they hold, and one resume command per gap below N
# (add --solvers, -t, --jobs, --seed and --out as in docs/enum.md).
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: bash bench/enum_ranges.sh GRAMMAR N DIR..." >&2
  exit 2
fi
grammar=$1 n=$2
shift 2
case $n in '' | *[!0-9]*) echo "enum_ranges: N must be a number, got '$n'" >&2; exit 2 ;; esac
files=()
for dir in "$@"; do
  [ -d "$dir" ] || { echo "enum_ranges: $dir: not a directory" >&2; exit 2; }
  for f in "$dir"/times-w*.tsv; do [ -f "$f" ] && files+=("$f"); done
done
[ ${#files[@]} -gt 0 ] || { echo "enum_ranges: no times-w*.tsv in $*" >&2; exit 2; }
awk -F'\t' -v g="$grammar" '
  { p = "enum " g " index "; if (index($2, p) == 1) { i = substr($2, length(p) + 1); if (i ~ /^[0-9]+$/) print i } }
' "${files[@]}" | sort -n -u | awk -v g="$grammar" -v n="$n" '
  function gap(a, b) { if (a < n) { e = (b < n ? b : n); printf "resume: smtgrind enum %s --from %d --count %d ...\n", g, a, e - a; todo += e - a } }
  NR == 1 { s = $1; p = $1; if (s > 0) gap(0, s); next }
  $1 != p + 1 { printf "covered %d-%d\n", s, p; got += p - s + 1; gap(p + 1, $1); s = $1 }
  { p = $1 }
  END {
    if (NR == 0) { printf "no index of grammar %s\n", g; gap(0, n); exit }
    printf "covered %d-%d\n", s, p; got += p - s + 1; gap(p + 1, n)
    printf "%d indices judged; %d of the first %d left\n", got, todo, n
  }'
