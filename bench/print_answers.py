#!/usr/bin/env python3
"""Printing never changes what a solver answers: run a solver on a sample of its regression
files, as written and as smtgrind prints them, and compare the answers.

usage: print_answers.py SMTGRIND SOLVER ACCEPT.tsv N [--seed S] [--timeout T] [--jobs J]

SOLVER is z3 or cvc5 (run as bench/regress_accept.py runs it: cvc5 with the file's
'; COMMAND-LINE:' options). From the files of ACCEPT.tsv with verdict 'accepted' that smtgrind
prints, N are drawn (seeded) and run twice; the answer lines (sat, unsat, unknown, and
everything else the solver prints) must be the same. A run that times out on either side is
counted apart ('timeout'), never as a difference. Prints the counts and every differing file.
"""
import os, random, subprocess, sys, tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import regress_accept as ra

def answers(cmd, tmo):
    r = ra.run_bounded(cmd, tmo)
    if r is None:
        return None
    out = r.stdout.decode('utf-8', 'replace').split('\n')
    return [l.strip() for l in out if l.strip() in ('sat', 'unsat', 'unknown')]

def main():
    argv = sys.argv[1:]
    opts = {'--seed': '1', '--timeout': '10', '--jobs': str(os.cpu_count() or 2)}
    for k in list(opts):
        if k in argv:
            i = argv.index(k); opts[k] = argv[i + 1]; del argv[i:i + 2]
    sg, solver, tsv, n = argv
    files = [l.split('\t')[0] for l in open(tsv) if l.rstrip('\n').endswith('\taccepted')]
    random.Random(int(opts['--seed'])).shuffle(files)
    tmo = float(opts['--timeout'])
    same = diff = tout = skipped = 0
    diffs = []
    with tempfile.TemporaryDirectory(prefix='sg-print-answers-') as tmp:
        for path in files:
            if same + diff + tout >= int(n): break
            r = subprocess.run([sg, 'print', path], capture_output=True)
            if r.returncode != 0: skipped += 1; continue
            printed = os.path.join(tmp, os.path.basename(path))
            with open(printed, 'wb') as f: f.write(r.stdout)
            a = answers(ra.cmdline(solver, path), tmo)
            cmd = ra.cmdline(solver, path)
            cmd[-1] = printed  # same options, the printed text
            b = answers(cmd, tmo)
            if a is None or b is None: tout += 1
            elif a == b: same += 1
            else: diff += 1; diffs.append(f'{path}: {a} as written, {b} as printed')
            os.unlink(printed)
    print(f'{solver}: {same + diff + tout} files run: {same} same answers, {diff} different, '
          f'{tout} timed out on one side; {skipped} not printed (skipped)')
    for d in diffs: print('  ' + d)
    sys.exit(1 if diff else 0)

if __name__ == '__main__':
    main()
