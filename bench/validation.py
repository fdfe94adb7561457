#!/usr/bin/env python3
"""Do the solvers' validation flags hide bugs? Issue 50's measurement, before and after.

usage: validation.py REGRESS_DIR SMTGRIND_BEFORE SMTGRIND_AFTER [TIMEOUT_S] [JOBS]

REGRESS_DIR holds bug files of cvc5's public regression suite (test/regress files named
issue*, bug*, proj*: triggers of bugs fixed since; fetch the repository outside the project and
copy them out, as docs/solvers.md says). For each file, the Debian cvc5 runs it the way the
suite does (the options of its first '; COMMAND-LINE:' line, plain: no model or core checks).
A file shows a *still-present* bug when that run crashes (a signal, an abort, "Fatal failure",
"Internal error", an assertion) or answers a sat/unsat its '; EXPECT:' lines contradict.
On those files each smtgrind runs

    smtgrind check --json -t TIMEOUT --solvers "cvc5 OPTIONS;z3" FILE

and the file counts as *flagged* when the verdict is not ok and blames cvc5. Prints one line
per still-present file, then the totals side by side. Needs /usr/bin/cvc5 and z3 (Debian).
"""
import concurrent.futures, json, os, shlex, subprocess, sys

CRASH_WORDS = ('Fatal failure', 'Internal error', 'Assertion', 'Segmentation', 'Unreachable code')

def header(path):
    opts, expect = None, []
    with open(path, 'rb') as f:
        for raw in f.read(16384).decode('utf-8', 'replace').splitlines():
            if raw.startswith('; COMMAND-LINE:') and opts is None:
                opts = shlex.split(raw.split(':', 1)[1])
            elif raw.startswith('; EXPECT:'):
                expect.append(raw.split(':', 1)[1].strip())
    return opts or [], expect

def plain(path, tmo):
    """What the suite's own command shows: 'crash', 'wrong', or None (no bug seen)."""
    opts, expect = header(path)
    cmd = ['timeout', '-s', 'KILL', f'{tmo:g}', 'cvc5', '-q', '--lang', 'smt2'] + opts + [path]
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=tmo + 5)
    except subprocess.TimeoutExpired:
        return None, opts
    if r.returncode in (137, -9):
        return None, opts
    out = r.stdout.decode('utf-8', 'replace') + r.stderr.decode('utf-8', 'replace')
    if r.returncode < 0 or r.returncode >= 128 or any(w in out for w in CRASH_WORDS):
        return 'crash', opts
    got = [l.strip() for l in r.stdout.decode('utf-8', 'replace').splitlines()
           if l.strip() in ('sat', 'unsat')]
    want = [e for e in expect if e in ('sat', 'unsat')]
    if got and want and len(got) == len(want) and got != want:
        return 'wrong', opts
    return None, opts

def flagged(sg, path, opts, tmo):
    spec = ' '.join(['cvc5'] + opts) + ';z3'
    cmd = [sg, 'check', '--json', '-t', f'{tmo:g}', '--solvers', spec, path]
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=20 * tmo + 30)
    except subprocess.TimeoutExpired:
        return 'stuck'
    for line in r.stdout.decode('utf-8', 'replace').splitlines():
        try:
            j = json.loads(line)
        except ValueError:
            continue
        v = j.get('verdict', 'ok')
        b = j.get('blamed', '') or ''
        return v if v != 'ok' and 'cvc5' in b else 'ok'
    return 'error'

def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    root, before, after = sys.argv[1:4]
    tmo = float(sys.argv[4]) if len(sys.argv) > 4 else 5
    jobs = int(sys.argv[5]) if len(sys.argv) > 5 else os.cpu_count() or 1
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith('.smt2'))
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        seen = list(ex.map(lambda p: (p, *plain(p, tmo)), files))
    present = [(p, k, o) for p, k, o in seen if k]
    def both(t):
        p, k, o = t
        return p, k, o, flagged(before, p, o, tmo), flagged(after, p, o, tmo)
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        rows = list(ex.map(both, present))
    for p, k, o, b, a in rows:
        print(f'{os.path.relpath(p, root)}\t{k}\t{" ".join(o) or "-"}\tbefore={b}\tafter={a}')
    nb = sum(1 for r in rows if r[3] not in ('ok', 'error', 'stuck'))
    na = sum(1 for r in rows if r[4] not in ('ok', 'error', 'stuck'))
    n = len(rows)
    print(f'files: {len(files)}; still-present bugs (Debian cvc5, suite command): {n} '
          f'({sum(1 for r in rows if r[1] == "crash")} crashes, {sum(1 for r in rows if r[1] == "wrong")} wrong answers)')
    if n:
        print(f'flagged before: {nb}/{n} ({100 * nb / n:.0f} %); after: {na}/{n} ({100 * na / n:.0f} %)')

if __name__ == '__main__':
    main()
