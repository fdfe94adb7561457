#!/usr/bin/env python3
"""Front-end coverage on the solvers' own regression suites: the share of the files a solver
accepts that smtgrind parses and prints back to a fixed point, per theory area.

usage: coverage.py SMTGRIND SUITE ACCEPT.tsv [--fails FILE] [--jobs N]

ACCEPT.tsv comes from bench/regress_accept.py (path, verdict); the files with verdict
'accepted' or 'timeout' (the solver rejected nothing before it ran out of time) are the
denominator. For each: `smtgrind print FILE` (parse, sort-check, print) must succeed, and
printing that output again must give the same text (fixed point). SUITE names the suite for
the area of a file: 'cvc5' (the directory under test/regress/cli/regressN/, e.g. sets, bags,
seq, ho, sep, nl) or 'z3' (the file's set-logic, or 'none').
Prints a table (area, accepted, parsed, fixed point, share) and the total; with --fails,
writes one line per failing file (path, stage, first error line). Two more columns: the files
the front end refuses on purpose (REFUSED below: commands whose output could not be lined up
with the other solvers' answers, e.g. z3's check-sat-using), and the share of the others.
"""
import collections, concurrent.futures, os, re, subprocess, sys, tempfile

# Refusals by design (src/front/parse_cmd.c), not gaps of the reader.
REFUSED = re.compile(r'error: (check-sat-using: z3 answers it like check-sat|(eval|simplify|display) prints a term bare)')

def area(suite, path, text):
    if suite == 'cvc5':
        m = re.search(r'/regress\d/([^/]+)/', path)
        return m.group(1) if m else 'top'
    m = re.search(r'\(set-logic\s+([A-Za-z_]+)\)', text)
    return m.group(1) if m else 'none'

def judge(args):
    sg, path = args
    try:
        r1 = subprocess.run([sg, 'print', path], capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return path, 'parse', 'timeout'
    if r1.returncode != 0:
        err = r1.stderr.decode('utf-8', 'replace').strip().splitlines()
        return path, 'parse', err[0] if err else f'exit {r1.returncode}'
    r2 = subprocess.run([sg, 'print', '-'], input=r1.stdout, capture_output=True, timeout=60)
    if r2.returncode != 0:
        err = r2.stderr.decode('utf-8', 'replace').strip().splitlines()
        return path, 'reparse', err[0] if err else f'exit {r2.returncode}'
    if r2.stdout != r1.stdout:
        return path, 'fixpoint', 'printing the printed text changes it'
    return path, 'ok', ''

def main():
    argv = sys.argv[1:]
    fails, jobs = None, os.cpu_count() or 2
    if '--fails' in argv:
        k = argv.index('--fails'); fails = argv[k + 1]; del argv[k:k + 2]
    if '--jobs' in argv:
        k = argv.index('--jobs'); jobs = int(argv[k + 1]); del argv[k:k + 2]
    sg, suite, tsv = argv
    files = []
    for line in open(tsv):
        path, verdict = line.rstrip('\n').split('\t')
        if verdict in ('accepted', 'timeout'):
            files.append(path)
    rows = collections.OrderedDict()
    out = []
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        for path, stage, msg in ex.map(judge, [(sg, p) for p in files]):
            with open(path, 'rb') as f:
                text = f.read(1 << 16).decode('utf-8', 'replace')
            a = area(suite, path, text)
            r = rows.setdefault(a, [0, 0, 0, 0])
            r[0] += 1
            if stage not in ('parse',): r[1] += 1
            if stage == 'ok': r[2] += 1
            else: out.append(f'{path}\t{stage}\t{msg}')
            if stage == 'parse' and REFUSED.search(msg): r[3] += 1
    def share(n, d): return f'{100.0 * n / d:>7.1f}%' if d else f'{"-":>8}'
    print(f'{"area":<24}{"accepted":>9}{"parsed":>8}{"fixed":>8}{"share":>8}{"refused":>8}{"others":>8}')
    tot = [0, 0, 0, 0]
    for a in sorted(rows, key=lambda k: (-rows[k][0], k)):
        r = rows[a]
        for i in range(4): tot[i] += r[i]
        print(f'{a:<24}{r[0]:>9}{r[1]:>8}{r[2]:>8}{share(r[2], r[0])}{r[3]:>8}{share(r[2], r[0] - r[3])}')
    print(f'{"total":<24}{tot[0]:>9}{tot[1]:>8}{tot[2]:>8}{share(tot[2], tot[0])}{tot[3]:>8}{share(tot[2], tot[0] - tot[3])}')
    if fails:
        with open(fails, 'w') as f:
            f.write('\n'.join(out) + ('\n' if out else ''))

if __name__ == '__main__':
    main()
