#!/usr/bin/env bash
# enum_ranges.sh: which indices of a grammar the `smtgrind enum` runs kept in DIRs have judged,
# and the commands that run the rest of the first N (issue 17: N = 100,000). A run writes one
# line per (formula, solver) to DIR/times-wW.tsv ("MUTANT<TAB>enum GRAMMAR index I<TAB>SOLVER
# ..."); a run stopped by a signal, or one whose workers took blocks of -i formulas, leaves
# gaps, and several runs of one grammar cover the union of their files. Indices are exact
# integers of any size (enum's --from takes any). GRAMMAR is spelled as the runs were given it
# (a shipped name, or the grammar file's path as typed).
#   bash bench/enum_ranges.sh GRAMMAR N DIR...
# Prints the covered ranges, how many indices they hold, and one resume command per gap below N
# (add --solvers, -t, --jobs, --seed and --out as in docs/enum.md). A formula our front end
# found ill-typed (never run) has no line but its DIR/ill-typed-*.smt2, whose last line names
# the index: it counts as judged. One past a size limit (counted, not kept) shows as a gap of
# its own: a resume judges nothing there. A formula with an `exec_failed` line (a solver that
# could not start: runs before 2026-11-28 went on past it) was not judged: a gap.
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
  for f in "$dir"/times-w*.tsv "$dir"/ill-typed-*.smt2; do [ -f "$f" ] && files+=("$f"); done
done
[ ${#files[@]} -gt 0 ] || { echo "enum_ranges: no times-w*.tsv in $*" >&2; exit 2; }
python3 - "$grammar" "$n" "${files[@]}" <<'PY'
import sys
grammar, n, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
prefix = "enum " + grammar + " index "
seen = set()
ill = 0
for path in files:
    if path.endswith(".smt2"):  # ill-typed: "; enum GRAMMAR index I: ..." as its last line
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().rstrip("\n").split("\n")
        last = lines[-1] if lines else ""
        tag = "; " + prefix
        if last.startswith(tag):
            num = last[len(tag):].split(":", 1)[0]
            if num.isdigit():
                seen.add(int(num))
                ill += 1
        continue
    # a formula with an exec_failed run in this file was not judged there (a solver could not
    # start); another run may have judged it
    here, unrun = set(), set()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) > 1 and cols[1].startswith(prefix) and cols[1][len(prefix):].isdigit():
                i = int(cols[1][len(prefix):])
                (unrun if len(cols) > 3 and cols[3] == "exec_failed" else here).add(i)
    seen |= here - unrun
idx = sorted(seen)
todo = 0
def gap(a, b):  # the indices [a, b) below n
    global todo
    b = min(b, n)
    if a < b:
        print(f"resume: smtgrind enum {grammar} --from {a} --count {b - a} ...")
        todo += b - a
if not idx:
    print(f"no index of grammar {grammar}")
    gap(0, n)
    sys.exit(0)
got, start, prev = 0, idx[0], idx[0]
gap(0, start)
for i in idx[1:] + [None]:
    if i is not None and i == prev + 1:
        prev = i
        continue
    print(f"covered {start}-{prev}")
    got += prev - start + 1
    gap(prev + 1, i if i is not None else n)
    if i is not None:
        start = prev = i
print(f"{got} indices judged ({ill} of them ill-typed, never run); {todo} of the first {n} left")
PY
