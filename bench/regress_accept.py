#!/usr/bin/env python3
"""Which files of a solver's public regression suite that solver accepts.

usage: regress_accept.py SOLVER DIR OUT.tsv [TIMEOUT_S] [JOBS]

Runs SOLVER (z3 or cvc5, the Debian binaries) on every *.smt2 file under DIR, the way the suite
runs it (cvc5: the options of the file's first '; COMMAND-LINE:' line), and writes one line per
file: path, verdict. Verdicts: accepted (output without '(error'), error (an '(error' line),
timeout (no answer within TIMEOUT_S: kept as accepted, nothing was rejected before), crash.
Used by bench/coverage.sh; the suites are fetched outside the project (see docs/theories.md).
"""
import concurrent.futures, os, shlex, subprocess, sys

def cmdline(solver, path):
    if solver == 'z3':
        return ['z3', '-smt2', path]
    opts = []
    try:
        with open(path, 'rb') as f:
            for raw in f.read(4096).decode('utf-8', 'replace').splitlines():
                if raw.startswith('; COMMAND-LINE:'):
                    opts = shlex.split(raw.split(':', 1)[1])
                    break
    except OSError:
        pass
    return ['cvc5', '-q'] + opts + [path]

def bounded(cmd, tmo):
    """cmd under coreutils timeout, which kills the solver after tmo s (exit 137 or -9) even when
    this script is killed first (a killed Python leaves its children running otherwise). A
    solver that dies of a signal makes timeout exit 128 + the signal (or die of it)."""
    return ['timeout', '-s', 'KILL', f'{tmo:g}'] + cmd

def run_bounded(cmd, tmo):
    """The finished run, or None when the solver ran out of time."""
    r = subprocess.run(bounded(cmd, tmo), capture_output=True)
    return None if r.returncode in (137, -9) else r  # timeout re-raises the KILL on itself

def judge(args):
    solver, path, tmo = args
    r = run_bounded(cmdline(solver, path), tmo)
    if r is None:
        return path, 'timeout'
    out = r.stdout.decode('utf-8', 'replace') + r.stderr.decode('utf-8', 'replace')
    if '(error' in out:
        return path, 'error'
    if r.returncode >= 128 or r.returncode < 0:
        return path, 'crash'
    return path, 'accepted'

def main():
    solver, root, out = sys.argv[1:4]
    tmo = float(sys.argv[4]) if len(sys.argv) > 4 else 5.0
    jobs = int(sys.argv[5]) if len(sys.argv) > 5 else 2
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith('.smt2'))
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex, open(out + '.tmp', 'w') as o:
        for path, v in ex.map(judge, [(solver, p, tmo) for p in files]):
            o.write(f'{path}\t{v}\n')
    os.replace(out + '.tmp', out)

if __name__ == '__main__':
    main()
