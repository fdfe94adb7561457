#!/usr/bin/env bash
# strings_cores.sh: are the known minimal cores of the strings generator's unsat formulas unsat?
# (issue 18: "the known cores of 1,000 unsat formulas confirmed unsat by z3 and cvc5";
# docs/gen_strings.md). Generates N unsat formulas, keeps of each only its known core (the
# named assertions of its `;; core:` line: noise conjuncts dropped), and runs the solvers on
# every core with `smtgrind check --json --no-validate`. Prints, per solver, how many cores it
# proved unsat, answered sat (a sat answer on a known core is a soundness candidate: listed),
# unknown, timed out or other; then how many cores both solvers, one, or neither proved, and
# the rows of those neither proved.
#   bash bench/strings_cores.sh [N [TIMEOUT_S [SEED]]]      (default 1000 5 1)
# Environment: SMTGRIND (a built smtgrind; default a Release build in build-bench/), SOLVERS
# (default "z3;cvc5"), JOBS (files checked at once, default 1), OUT (kept directory; default a
# fresh temporary one, printed), OPS (all, the default, or paper: `--ops paper`).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
n=${1:-1000}
tmo=${2:-5}
seed=${3:-1}
solvers=${SOLVERS:-"z3;cvc5"}
jobs=${JOBS:-1}
bin=${SMTGRIND:-}
if [ -z "$bin" ]; then
  cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
  cmake --build build-bench -j 2 --target smtgrind >/dev/null
  bin=build-bench/smtgrind
fi
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-strings-cores.XXXXXX")}
mkdir -p "$out/cores"
echo "== known cores of $n unsat formulas, ops ${OPS:-all}, seed $seed, timeout ${tmo}s, solvers \"$solvers\", $jobs job(s), in $out"
"$bin" gen strings --status unsat --count "$n" --seed "$seed" --ops "${OPS:-all}" --out "$out/unsat" -q
python3 - "$out" <<'PY'
import os, re, sys
out = sys.argv[1]
for f in sorted(os.listdir(os.path.join(out, 'unsat'))):
    text = open(os.path.join(out, 'unsat', f)).read()
    core = set(re.search(r'^;; core: (.*)$', text, re.M).group(1).split())
    keep = []
    for line in text.splitlines(True):
        m = re.search(r':named (a\d+)\)\)$', line.rstrip('\n'))
        if m and m.group(1) not in core:
            continue
        if line.startswith(';; core'):  # no core queries: only the answers on the core count
            continue
        keep.append(line)
    open(os.path.join(out, 'cores', f), 'w').write(''.join(keep))
PY
find "$out/cores" -name '*.smt2' | sort \
  | xargs -P "$jobs" -n 20 "$bin" check --json --no-validate --no-models -t "$tmo" --solvers "$solvers" \
    > "$out/check.jsonl" || true
python3 - "$out" "$solvers" <<'PY'
import collections, json, os, re, sys
out, solvers = sys.argv[1], sys.argv[2]
names = [s.split()[0] for s in solvers.split(';') if s.strip()]
count = {s: collections.Counter() for s in names}
proved = collections.Counter()
unproved_rows = collections.Counter()
sats = []
for line in open(os.path.join(out, 'check.jsonl')):
    if not line.startswith('{'):
        continue
    j = json.loads(line)
    by = []
    for r in j['runs']:
        s = r['solver']
        a = r['answers'][0] if r['answers'] else None
        if r['outcome'] == 'timeout':
            count[s]['timeout'] += 1
        elif a in ('sat', 'unsat', 'unknown'):
            count[s][a] += 1
        else:
            count[s]['other'] += 1
        if a == 'unsat':
            by.append(s)
        if a == 'sat':
            sats.append((s, j['file']))
    proved[len(by)] += 1
    if not by:
        row = re.search(r'^;; strings unsat (\S+)', open(j['file'].replace('/cores/', '/unsat/')).read(), re.M)
        unproved_rows[row.group(1) if row else '?'] += 1
total = sum(proved.values())
print('| solver | cores | unsat | sat | unknown | timeout | other |')
print('|---|---|---|---|---|---|---|')
for s in names:
    c = count[s]
    print('| %s | %d | %d | %d | %d | %d | %d |' % (s, sum(c.values()), c['unsat'], c['sat'], c['unknown'], c['timeout'], c['other']))
print()
print('cores proved unsat by all %d solvers: %d; by some but not all: %d; by none: %d (of %d)' % (
    len(names), proved[len(names)], total - proved[len(names)] - proved[0], proved[0], total))
if unproved_rows:
    print('rows of the cores no solver proved: ' + ', '.join('%s %d' % kv for kv in sorted(unproved_rows.items())))
print('sat answers on a known core (soundness candidates): %d' % len(sats))
for s, f in sats:
    print('  %s: %s' % (s, f))
PY
