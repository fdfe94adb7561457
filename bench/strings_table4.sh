#!/usr/bin/env bash
# strings_table4.sh: the strings generator against solvers, as Table 4 of Bugariu & Müller
# (ICSE'20; docs/gen_strings.md): per solver, the failed sat tests (unsat, invalid model,
# timeout, unknown or other) and the failed unsat tests (sat, bad core, imprecise core, timeout,
# unknown or other).
#   bash bench/strings_table4.sh [N_SAT [N_UNSAT [TIMEOUT_S [SEED]]]]
#        (default 6120 458 15 1: the paper's counts and timeout)
# Environment: SMTGRIND (a built smtgrind; default a Release build in build-bench/), SOLVERS
# (default "z3;cvc5;cvc4"), JOBS (files checked at once, default 1), OUT (kept directory with
# the formulas, check.jsonl and cores.tsv; default a fresh temporary one, kept and printed),
# OPS (all, the default, or paper: the paper's operations and rows only, `--ops paper`).
# (`smtgrind check` and the fuzz loop judge cores themselves now, src/oracle/core.h; this script
# keeps its own judge so that its table separates each solver's verdicts.)
# Sat side: `smtgrind check --json --no-validate` (the solvers' own model checks off, as in the
# paper; every sat answer's model is checked by smtgrind's evaluator). Unsat side: the same, and
# each solver that answered unsat is asked for (get-unsat-core) (z3 smt.core.minimize=true; cvc5/cvc4
# --produce-unsat-cores): a core without every conjunct of the file's known minimal core
# (`;; core:`) is a bad core (the known minimal core is unique, so such a core is not unsat; it
# counts as confirmed when another solver answers sat on it), a core with conjuncts beyond it
# is imprecise (except in noise tests, which have no tight core); an unsat answer followed by no core (z3's core minimisation timing out) is "no
# core". Timeouts, unknowns and other outcomes (errors, crashes) count the check runs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
nsat=${1:-6120}
nunsat=${2:-458}
tmo=${3:-15}
seed=${4:-1}
solvers=${SOLVERS:-"z3;cvc5;cvc4"}
jobs=${JOBS:-1}
bin=${SMTGRIND:-}
if [ -z "$bin" ]; then
  cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
  cmake --build build-bench -j 2 --target smtgrind >/dev/null
  bin=build-bench/smtgrind
fi
out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-strings-t4.XXXXXX")}
mkdir -p "$out"
echo "== strings Table 4: $nsat sat + $nunsat unsat, ops ${OPS:-all}, seed $seed, timeout ${tmo}s, solvers \"$solvers\", $jobs job(s), in $out"
"$bin" gen strings --status sat --count "$nsat" --seed "$seed" --ops "${OPS:-all}" --out "$out/sat" -q
"$bin" gen strings --status unsat --count "$nunsat" --seed "$seed" --ops "${OPS:-all}" --out "$out/unsat" -q
: > "$out/check.jsonl"
find "$out/sat" "$out/unsat" -name '*.smt2' | sort \
  | xargs -P "$jobs" -n 20 "$bin" check --json --no-validate -t "$tmo" --solvers "$solvers" >> "$out/check.jsonl" || true
python3 - "$out" "$tmo" "$solvers" "$jobs" <<'PY'
import json, os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor
out, tmo, solvers, jobs = sys.argv[1], float(sys.argv[2]), sys.argv[3], int(sys.argv[4])
names = [s.split()[0] for s in solvers.split(';') if s.strip()]
core_cmd = {
    'z3': ['z3', '-smt2', 'smt.core.minimize=true'],
    'cvc5': ['cvc5', '-q', '--lang', 'smt2', '--produce-unsat-cores', '--strings-exp'],
    'cvc4': ['cvc4', '-q', '--lang', 'smt2', '--produce-unsat-cores', '--strings-exp'],
}
rows = {n: {'sat': {'unsat': 0, 'invalid': 0, 'timeout': 0, 'unknown': 0, 'other': 0, 'n': 0},
            'unsat': {'sat': 0, 'badcore': 0, 'badcore_confirmed': 0, 'imprecise': 0, 'nocore': 0,
                      'timeout': 0, 'unknown': 0, 'other': 0, 'n': 0}} for n in names}
unsat_files = []
answered_unsat = {}  # file -> the solvers that answered it unsat in the check phase
for line in open(os.path.join(out, 'check.jsonl')):
    line = line.strip()
    if not line.startswith('{'):
        continue
    j = json.loads(line)
    expected = 'sat' if '/strings-sat-' in j['file'] else 'unsat'
    if expected == 'unsat':
        unsat_files.append(j['file'])
        answered_unsat[j['file']] = {r['solver'] for r in j.get('runs', [])
                                     if r.get('outcome') == 'ok' and r.get('answers') == ['unsat']}
    for r in j.get('runs', []):
        n = r['solver']
        if n not in rows:
            continue
        t = rows[n][expected]
        t['n'] += 1
        ans = r['answers'][0] if r.get('answers') else None
        if r['outcome'] == 'timeout':
            t['timeout'] += 1
        elif ans == expected:
            if expected == 'sat' and r.get('model') == 'invalid':
                t['invalid'] += 1
        elif ans in ('sat', 'unsat'):
            t[ans] += 1
        elif ans == 'unknown':
            t['unknown'] += 1
        else:
            t['other'] += 1

def run(cmd, text):
    with tempfile.NamedTemporaryFile('w', suffix='.smt2', delete=False) as f:
        f.write(text)
        path = f.name
    try:
        p = subprocess.run(cmd + [path], capture_output=True, text=True, timeout=tmo + 2)
        return p.stdout
    except subprocess.TimeoutExpired:
        return 'timeout'
    finally:
        os.unlink(path)

def only(text, keep):
    return ''.join(l for l in text.splitlines(True)
                   if not re.search(r':named (a\d+)\)\)$', l) or re.search(r':named (a\d+)\)\)$', l).group(1) in keep)

def core_of(n, text):
    q = '(set-option :produce-unsat-cores true)\n' + text.replace('(check-sat)\n', '(check-sat)\n(get-unsat-core)\n', 1)
    o = run(core_cmd[n] + (['-T:%d' % int(tmo)] if n == 'z3' else ['--tlimit=%d' % int(tmo * 1000)]), q)
    lines = o.strip().splitlines()
    if not lines or lines[0] != 'unsat':
        return None
    m = re.search(r'\(([^()]*)\)', ' '.join(lines[1:]))
    if not m:  # unsat, but no core (z3's core minimisation can time out and print "timeout")
        return 'nocore'
    return set(re.findall(r'a\d+', m.group(1)))

def judge(path):
    text = open(path).read()
    known = set(re.search(r'^;; core: (.*)$', text, re.M).group(1).split())
    res = []
    for n in names:
        if n not in core_cmd or n not in answered_unsat.get(path, ()):
            continue  # a core is asked only of a solver that answered the file unsat
        c = core_of(n, text)
        if c is None:
            continue
        if c == 'nocore':
            res.append((n, 'nocore', ''))
            continue
        if not known <= c:
            sub = only(text, c)
            others = [m for m in names if m != n and m in core_cmd]
            conf = any(run(core_cmd[m] + (['-T:%d' % int(tmo)] if m == 'z3' else ['--tlimit=%d' % int(tmo * 1000)]),
                           sub).strip().startswith('sat') for m in others)
            res.append((n, 'badcore_confirmed' if conf else 'badcore', ' '.join(sorted(c))))
        elif c - known:
            # Noise tests have no tight core (the paper does not judge them): extra conjuncts there
            # are not imprecision.
            noise = re.search(r'^;; strings unsat .*, noise ', text, re.M) is not None
            res.append((n, 'noise_extra' if noise else 'imprecise', ' '.join(sorted(c))))
        else:
            res.append((n, 'precise', ' '.join(sorted(c))))
    return path, res

with ThreadPoolExecutor(max_workers=max(1, jobs)) as ex, open(os.path.join(out, 'cores.tsv'), 'w') as tsv:
    for path, res in ex.map(judge, unsat_files):
        for n, verdict, core in res:
            tsv.write('%s\t%s\t%s\t%s\n' % (os.path.basename(path), n, verdict, core))
            if verdict not in ('precise', 'noise_extra'):
                rows[n]['unsat'][verdict] += 1
                if verdict == 'badcore_confirmed':
                    rows[n]['unsat']['badcore'] += 1
print('| solver | sat tests | unsat | invalid model | timeout | unknown | other | unsat tests | sat | bad core (confirmed) | imprecise core | no core | timeout | unknown | other |')
print('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
for n in names:
    s, u = rows[n]['sat'], rows[n]['unsat']
    print('| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d (%d) | %d | %d | %d | %d | %d |' % (
        n, s['n'], s['unsat'], s['invalid'], s['timeout'], s['unknown'], s['other'],
        u['n'], u['sat'], u['badcore'], u['badcore_confirmed'], u['imprecise'], u['nocore'], u['timeout'],
        u['unknown'], u['other']))
PY
