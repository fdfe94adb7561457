#!/usr/bin/env python3
"""Known bugs flagged: of the public regression suites' bug files whose bug the installed solvers
still show, the share `smtgrind check` flags (issue 54, item 4; results in docs/solvers.md).

usage:
  flag_known.py extract CVC5_REPO Z3TEST_REPO DIR     copy the bug files out of the two git repositories
  flag_known.py truth DIR [TIMEOUT_S [JOBS [LIMIT]]]  run each solver alone on them: DIR/truth.tsv
  flag_known.py flag DIR SMTGRIND LABEL [TIMEOUT_S [JOBS [MODE]]]
                                                      check the still-present ones: DIR/flag-LABEL.tsv
  flag_known.py report DIR LABEL...                   the shares, by suite and solver, side by side
  flag_known.py alarms DIR SMTGRIND [T [JOBS [LIMIT]]] false alarms of --file-options where the
                                                      solver behaved as the suite expects

extract: cvc5's test/regress/cli files named after an issue (issue*, proj-issue*, bug*,
*-issue*.smt2) into DIR/cvc5/, z3test's regressions named after one (issue*, *bug*, N.smt2, the
folder issues/) with their .expected.out into DIR/z3test/; DIR/order.tsv lists them newest first
(the date the file entered the suite: a file added after a Debian release is the likeliest to
show its bug there), so that a LIMIT spends the solver time where it counts.

truth: the ground truth, without smtgrind. A cvc5 suite file goes to the Debian cvc5 and cvc4,
each with the options of the file's first '; COMMAND-LINE:' line (an option the solver rejects:
`rejected-option`, not judged); a z3test file to the Debian z3 as z3test runs it (`z3 FILE`).
The bug shows (`kind`) when the run crashes (a signal; the family's failure markers), answers a
sat/unsat that the file's expected answers contradict (cvc5: '; EXPECT:' lines, else
`(set-info :status)`; z3test: the sat/unsat lines of FILE.expected.out) (`wrong`), or answers sat
and fails its own model check in a second run with the check flag (`invalid-model`). Every
solver run is cached in DIR/cache (key: the argv and the file's bytes), so a rerun costs nothing.
DIR/still_present.tsv lists the files, solver and kind.

flag: each still-present (file, solver) pair through `smtgrind check --json -t T`, MODE
`none` (--solvers "SOLVER;z3": the file's options left out), `spec` (the file's options in the spec: --solvers "SOLVER OPTIONS;z3", cvc5 files; z3test:
--solvers "z3;cvc5") or `file-options` (--solvers "SOLVER;z3" --file-options FAMILY: check reads
the options itself). Flagged: a verdict that is not ok, blaming SOLVER, of the right kind
(`wrong` is flagged by `soundness` or `invalid-model`, `invalid-model` by either,
`crash` by `crash`). The reason for each miss is the verdict and its why line.
"""
import concurrent.futures, hashlib, json, os, re, resource, shlex, signal, subprocess, sys, time

CVC_CRASH = ('Fatal failure', 'Internal error', 'Assertion', 'Segmentation', 'Unreachable code',
             'Unimplemented code', 'terminate called', 'Unhandled exception', 'Aborted')
Z3_CRASH = ('ASSERTION VIOLATION', 'UNREACHABLE CODE', 'Segmentation', 'terminate called',
            'NOT IMPLEMENTED YET', 'Aborted')
OPTION_WORDS = ('Error in option parsing', "can't understand option", 'unknown parameter',
                'unrecognized option', 'not supported in this configuration', 'option not found',
                'Unrecognized option', 'unknown option')
# a failed own model check (cvc4/cvc5 CheckModels, z3 model_validate); cvc5's "Cannot run
# check-model on a model with a separation logic heap" is a refusal, not a failure
MODEL_FAIL = ('checkModel', 'ERRORS SATISFYING ASSERTIONS', 'an invalid model was generated')
# the Debian cvc4 1.8 without SymFPU (smtgrind's `unsupported` patterns for cvc4)
CVC4_NO_FP = ('Unimplemented code encountered', 'no concrete implementation of FloatingPointLiteral')
MEM_MB = 3072


def cvc5_files(repo):
    out = subprocess.run(['git', '-C', repo, 'ls-tree', '-r', '--name-only', 'HEAD', 'test/regress/cli'],
                         capture_output=True, text=True, check=True).stdout.split()
    pat = re.compile(r'/(issue[^/]*|proj-issue[^/]*|bug[^/]*|[^/]*-issue[^/]*)\.smt2$')
    return [p for p in out if pat.search(p)]


def z3_files(repo):
    out = subprocess.run(['git', '-C', repo, 'ls-tree', '-r', '--name-only', 'HEAD', 'regressions'],
                         capture_output=True, text=True, check=True).stdout.split()
    pat = re.compile(r'(/[^/]*(issue|bug)[^/]*|/[0-9]+|^regressions/issues/[^/]*)\.smt2$', re.I)
    return [p for p in out if pat.search(p) and '/smt2-debug/' not in p]


def add_dates(repo, root, files):
    """The date each file entered the suite, following renames (shallow history: '?')."""
    r = subprocess.run(['git', '-C', repo, 'log', '-M', '--diff-filter=AR', '--format=@%cs',
                        '--name-status', 'HEAD', '--', root], capture_output=True, text=True)
    add, ren, d = {}, {}, '?'
    for line in r.stdout.splitlines():
        if line.startswith('@'):
            d = line[1:]
            continue
        p = line.split('\t')
        if len(p) >= 2 and p[0] == 'A':
            add.setdefault(p[1], d)
        elif len(p) >= 3 and p[0].startswith('R'):
            ren.setdefault(p[2], p[1])
    dates = {}
    for f in files:
        q, n = f, 0
        while q not in add and q in ren and n < 50:
            q, n = ren[q], n + 1
        dates[f] = add.get(q, '?')
    return dates


def show(repo, path):
    return subprocess.run(['git', '-C', repo, 'show', 'HEAD:' + path], capture_output=True).stdout


def extract(cvc5_repo, z3_repo, out):
    rows = []
    for suite, repo, files, strip in (('cvc5', cvc5_repo, cvc5_files(cvc5_repo), 'test/regress/cli/'),
                                      ('z3test', z3_repo, z3_files(z3_repo), 'regressions/')):
        dates = add_dates(repo, strip.rstrip('/'), files)
        for p in files:
            rel = os.path.join(suite, p[len(strip):])
            dst = os.path.join(out, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, 'wb') as f:
                f.write(show(repo, p))
            if suite == 'z3test':
                exp = show(repo, p[:-5] + '.expected.out')
                if exp:
                    with open(dst[:-5] + '.expected.out', 'wb') as f:
                        f.write(exp)
            rows.append((dates[p], rel))
    # newest first; unknown dates (shallow history) after the dated ones of 2022 and later
    rows.sort(key=lambda r: (r[0] if r[0] != '?' else '2022-00-00'), reverse=True)
    with open(os.path.join(out, 'order.tsv'), 'w') as f:
        for d, rel in rows:
            f.write(f'{d}\t{rel}\n')
    print(f'{len(rows)} files in {out}')


def header(path):
    """(options of the first COMMAND-LINE line, all COMMAND-LINE lines, expected answers)."""
    with open(path, 'rb') as f:
        text = f.read().decode('utf-8', 'replace')
    cls, expect, status = [], [], []
    for raw in text.splitlines():
        if raw.startswith('; COMMAND-LINE:'):
            cls.append(raw.split(':', 1)[1].strip())
        elif raw.startswith('; EXPECT:'):
            expect.append(raw.split(':', 1)[1].strip())
    for m in re.finditer(r'\(set-info\s+:status\s+(sat|unsat|unknown)\s*\)', text):
        status.append(m.group(1))
    want = [e for e in expect if e in ('sat', 'unsat', 'unknown')] or status
    try:
        opts = shlex.split(cls[0]) if cls else []
    except ValueError:
        opts = cls[0].split()
    return opts, cls, want


def z3_expected(path):
    exp = path[:-5] + '.expected.out'
    if not os.path.exists(exp):
        return []
    with open(exp, 'rb') as f:
        return [l.strip() for l in f.read().decode('utf-8', 'replace').splitlines()
                if l.strip() in ('sat', 'unsat', 'unknown')]


def big_mb():
    """check's default memory limit for one run: 75 % of the machine's memory."""
    return os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') * 3 // 4 >> 20


def run_cached(cache, argv, path, tmo, mem_mb=MEM_MB):
    def limits():
        os.setsid()
        resource.setrlimit(resource.RLIMIT_AS, (mem_mb << 20, mem_mb << 20))
    with open(path, 'rb') as f:
        tag = [argv, tmo] if mem_mb == MEM_MB else [argv, tmo, mem_mb]
        key = hashlib.sha1(json.dumps(tag).encode() + f.read()).hexdigest()
    cf = os.path.join(cache, key + '.json')
    if os.path.exists(cf):
        with open(cf) as f:
            return json.load(f)
    if os.environ.get('FLAG_KNOWN_CACHED_ONLY'):
        raise LookupError('not in the cache')  # a report from the runs made so far
    t0 = time.time()
    p = subprocess.Popen(argv + [path], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=limits)
    try:
        out, err = p.communicate(timeout=tmo)
        timeout = False
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        timeout = True
    r = {'argv': argv, 'rc': p.returncode, 'timeout': timeout, 'wall': round(time.time() - t0, 3),
         'out': out.decode('utf-8', 'replace')[-20000:], 'err': err.decode('utf-8', 'replace')[-20000:]}
    with open(cf + '.tmp', 'w') as f:
        json.dump(r, f)
    os.replace(cf + '.tmp', cf)
    return r


def answers(r):
    return [l.strip() for l in r['out'].splitlines() if l.strip() in ('sat', 'unsat', 'unknown')]


def crashed(r, words):
    if r['timeout']:
        return None
    text = r['out'] + r['err']
    if r['rc'] is not None and r['rc'] < 0 and r['rc'] != -signal.SIGKILL:
        return f'signal {-r["rc"]}'
    if 'bad_alloc' in text or 'out of memory' in text.lower():
        return None  # our memory limit, not the bug
    for w in words:
        if w in text:
            return w
    return None


def rejected_option(r):
    text = r['out'] + r['err']
    return not answers(r) and any(w in text for w in OPTION_WORDS)


def judge(cache, suite, solver, path, tmo):
    """One (file, solver) pair: (kind, options, detail)."""
    if suite == 'cvc5':
        opts, _, want = header(path)
        base = [solver, '-q', '--lang', 'smt2']
        check = ['--check-models']
        words = CVC_CRASH
    else:
        opts, want = [], z3_expected(path)
        base = ['z3']
        check = ['model_validate=true']
        words = Z3_CRASH
    r = run_cached(cache, base + opts, path, tmo)
    if rejected_option(r):
        return 'rejected-option', opts, first_error(r)
    c = crashed(r, words)
    if c and solver == 'cvc4' and any(w in r['out'] + r['err'] for w in CVC4_NO_FP):
        # the Debian cvc4 1.8 has no SymFPU: every FP input aborts so (a missing feature)
        return 'unsupported', opts, first_line(r['out'] + r['err'], 'Unimplemented')
    if c and c.startswith('signal'):
        # a crash under our 3 GB limit (a stack or heap that cannot grow): again under check's
        # default limit; gone there, it is memory exhaustion, not the bug
        r2 = run_cached(cache, base + opts, path, tmo, big_mb())
        if not crashed(r2, words):
            return 'memory', opts, f'{c} under {MEM_MB} MB only'
    text = r['out'] + r['err']
    if c and 'Expected result' in text:
        # cvc5 aborting on the file's own (set-info :status): a wrong answer its check saw
        return 'wrong', opts, first_line(text, 'Expected result')
    if c and 'checkModel' in text:
        # its own model check (asked by the options or the file) failed: an invalid model
        return 'invalid-model', opts, first_line(text, 'checkModel')
    if c:
        return 'crash', opts, first_line(text, 'Fatal failure') or first_line(text, 'ASSERTION') or c
    if r['timeout']:
        return 'timeout', opts, ''
    got = answers(r)
    for i, (g, w) in enumerate(zip(got, want)):
        if g in ('sat', 'unsat') and w in ('sat', 'unsat') and g != w:
            if error_before(r, i):
                # an option or command of the file it refused came first (z3 4.8.12 and
                # :encoding): the answer is to another question, not judged
                return 'error-before', opts, first_error(r)
            return 'wrong', opts, f'{g} expected {w}'
    if 'sat' in got:
        rc = run_cached(cache, base + opts + check, path, tmo)
        text = rc['out'] + rc['err']
        if not rc['timeout'] and not rejected_option(rc) and any(w in text for w in MODEL_FAIL):
            return 'invalid-model', opts, first_error(rc) or 'own check failed'
        if not rc['timeout'] and crashed(rc, words):
            # a crash elsewhere with the check flag only: a configuration the file does not
            # name (smtgrind's validation note), not counted
            return 'check-crash', opts, first_line(text, 'Fatal failure') or crashed(rc, words)
    if '(error' in r['out'] and not got and want and want[0] in ('sat', 'unsat'):
        return 'error', opts, first_error(r)
    return 'none', opts, ''


def error_before(r, i):
    """Is there an (error ...) response on stdout before the i-th answer?"""
    n = 0
    for l in r['out'].splitlines():
        if l.startswith('(error'):
            return True
        if l.strip() in ('sat', 'unsat', 'unknown'):
            if n == i:
                return False
            n += 1
    return False


def first_line(text, word):
    for l in text.splitlines():
        if word in l:
            return l.strip()[:160]
    return ''


def first_error(r):
    for l in (r['out'] + '\n' + r['err']).splitlines():
        if 'error' in l.lower() or 'Fatal' in l or 'ASSERTION' in l:
            return l.strip()[:160]
    return ''


def truth(d, tmo=10.0, jobs=1, limit=None):
    cache = os.path.join(d, 'cache')
    os.makedirs(cache, exist_ok=True)
    with open(os.path.join(d, 'order.tsv')) as f:
        order = [l.rstrip('\n').split('\t') for l in f]
    if limit:
        order = order[:limit]
    # the suite's own solver on every file first (cvc5, z3), then cvc4 on cvc5's files: a
    # run stopped early has the pairs that count most
    pairs = []
    only = os.environ.get('FLAG_KNOWN_SOLVERS', 'cvc5,z3,cvc4').split(',')
    for solvers in (('cvc5', 'z3'), ('cvc4',)):
        solvers = [x for x in solvers if x in only]
        for date, rel in order:
            suite = rel.split('/', 1)[0]
            for solver in (('cvc5', 'cvc4') if suite == 'cvc5' else ('z3',)):
                if solver in solvers:
                    pairs.append((date, rel, suite, solver))
    def one(t):
        date, rel, suite, solver = t
        try:
            k, o, det = judge(cache, suite, solver, os.path.join(d, rel), tmo)
        except Exception as e:  # a file we cannot read: said, not judged
            k, o, det = 'not-run', [], str(e)[:120]
        return rel, suite, solver, date, k, ' '.join(o) or '-', det.replace('\t', ' ')
    # truth.tsv grows as pairs are judged (a partial run is usable); rewritten in order at the end
    with open(os.path.join(d, 'truth.tsv'), 'w') as f:
        f.write('file\tsuite\tsolver\tadded\tkind\toptions\tdetail\n')
        with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
            rows = []
            for r in ex.map(one, pairs):
                rows.append(r)
                f.write('\t'.join(r) + '\n')
                f.flush()
    bugs = ('crash', 'wrong', 'invalid-model')
    with open(os.path.join(d, 'still_present.tsv'), 'w') as f:
        f.write('file\tsuite\tsolver\tkind\toptions\tdetail\n')
        for r in rows:
            if r[4] in bugs:
                f.write('\t'.join((r[0], r[1], r[2], r[4], r[5], r[6])) + '\n')
    summarize(rows)


def summarize(rows):
    from collections import Counter
    c = Counter((r[1], r[2], r[4]) for r in rows)
    for key in sorted(c):
        print(f'{key[0]}\t{key[1]}\t{key[2]}\t{c[key]}')


FLAGS = {'crash': ('crash',), 'wrong': ('soundness', 'invalid-model'),
         'invalid-model': ('invalid-model', 'soundness')}


def flag_one(sg, d, row, tmo, mode):
    rel, suite, solver, kind, opts = row[0], row[1], row[2], row[3], row[4]
    path = os.path.join(d, rel)
    words = [] if opts == '-' else opts.split()
    if suite == 'z3test':
        cmd = [sg, 'check', '--json', '-t', f'{tmo:g}', '--solvers', 'z3;cvc5', path]
    elif mode == 'none':  # the file's options left out
        cmd = [sg, 'check', '--json', '-t', f'{tmo:g}', '--solvers', f'{solver};z3', path]
    elif mode == 'spec':
        cmd = [sg, 'check', '--json', '-t', f'{tmo:g}', '--solvers',
               ' '.join([solver] + words) + ';z3', path]
    else:
        cmd = [sg, 'check', '--json', '-t', f'{tmo:g}', '--solvers', f'{solver};z3',
               '--file-options', solver, path]
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=30 * tmo + 60)
    except subprocess.TimeoutExpired:
        return 'stuck', 'check ran past its limit', ''
    err = r.stderr.decode('utf-8', 'replace')
    for line in r.stdout.decode('utf-8', 'replace').splitlines():
        try:
            j = json.loads(line)
        except ValueError:
            continue
        v, why = j.get('verdict', 'ok'), (j.get('why') or '').replace('\t', ' ')[:200]
        blamed = j.get('blamed') or []
        if isinstance(blamed, str):
            blamed = [blamed]
        front = j.get('frontend', 'ok')
        mine = any(b.split('-')[0] == solver for b in blamed)
        res = 'flagged' if mine and v in FLAGS[kind] else f'other-kind:{v}' if mine and v != 'ok' else v
        return res, why, '' if front == 'ok' else front[:200]
    return 'error', err.strip().splitlines()[-1][:200] if err.strip() else f'exit {r.returncode}', ''


def flag(d, sg, label, tmo=10.0, jobs=1, mode='spec'):
    with open(os.path.join(d, 'still_present.tsv')) as f:
        rows = [l.rstrip('\n').split('\t') for l in f][1:]
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        res = list(ex.map(lambda r: flag_one(sg, d, r, tmo, mode), rows))
    with open(os.path.join(d, f'flag-{label}.tsv'), 'w') as f:
        f.write('file\tsuite\tsolver\tkind\toptions\tresult\twhy\tfrontend\n')
        for r, (v, why, fe) in zip(rows, res):
            f.write('\t'.join(r[:5] + [v, why, fe]) + '\n')
    report(d, [label])


RISKY = ('--solve-real-as-int', '--solve-int-as-bv', '--fmf-mbqi', '--tlimit-per', '--lang',
         '--dump-models', '-o', '--fmf-bound', '--finite-model-find', '--sygus', '--ext-rew-prep',
         '--learned-rewrite', '--unconstrained-simp', '--sort-inference', '--bitblast')


def alarms(d, sg, tmo=10.0, jobs=1, limit=None):
    """False alarms of --file-options: over the pairs whose solver behaved as the suite expects
    (truth 'none') with options in their line, the options that change what a solver does
    first, any finding (on whichever solver) is a false-alarm candidate (DIR/alarms.tsv)."""
    with open(os.path.join(d, 'truth.tsv')) as f:
        rows = [l.rstrip('\n').split('\t') for l in list(f)[1:]]
    rows = [r for r in rows if r[4] == 'none' and r[5] != '-' and r[1] == 'cvc5']
    rows.sort(key=lambda r: (not any(w.split('=')[0].startswith(x) for w in r[5].split() for x in RISKY), r[0], r[2]))
    if limit:
        rows = rows[:limit]
    def one(r):
        v, why, fe = flag_one(sg, d, [r[0], r[1], r[2], 'crash', r[5]], tmo, 'file-options')
        return v, why
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        res = list(ex.map(one, rows))
    n = 0
    with open(os.path.join(d, 'alarms.tsv'), 'w') as f:
        for r, (v, why) in zip(rows, res):
            bad = v not in ('ok', 'unspecified', 'error', 'stuck', 'not-run')
            n += bad
            f.write('\t'.join([r[0], r[2], r[5], v, why]) + '\n')
            if bad:
                print(f'{r[0]}\t{r[2]}\t{r[5]}\t{v}\t{why}')
    print(f'{len(rows)} pairs whose solver behaved as expected; {n} with a finding (inspect each)')


def report(d, labels):
    """Shares per suite/solver and kind, over the pairs of the current still_present.tsv."""
    from collections import defaultdict
    with open(os.path.join(d, 'still_present.tsv')) as f:
        present = {tuple(l.split('\t')[:4]) for l in list(f)[1:]}
    tab = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for lab in labels:
        with open(os.path.join(d, f'flag-{lab}.tsv')) as f:
            for l in list(f)[1:]:
                p = l.rstrip('\n').split('\t')
                if tuple(p[:4]) not in present:
                    continue
                key = f'{p[1]}/{p[2]} {p[3]}'
                for k in (key, f'{p[1]}/{p[2]}', 'all'):
                    tab[k][lab][1] += 1
                    tab[k][lab][0] += p[5] == 'flagged'
    for k in sorted(tab):
        cells = '  '.join(f'{lab}: {tab[k][lab][0]}/{tab[k][lab][1]} '
                          f'({100 * tab[k][lab][0] / max(1, tab[k][lab][1]):.0f} %)' for lab in labels)
        print(f'{k:32} {cells}')


def main():
    a = sys.argv[1:]
    if not a:
        sys.exit(__doc__)
    if a[0] == 'extract' and len(a) == 4:
        extract(a[1], a[2], a[3])
    elif a[0] == 'truth' and len(a) >= 2:
        truth(a[1], float(a[2]) if len(a) > 2 else 10.0, int(a[3]) if len(a) > 3 else 1,
              int(a[4]) if len(a) > 4 else None)
    elif a[0] == 'flag' and len(a) >= 4:
        flag(a[1], a[2], a[3], float(a[4]) if len(a) > 4 else 10.0, int(a[5]) if len(a) > 5 else 1,
             a[6] if len(a) > 6 else 'spec')
    elif a[0] == 'alarms' and len(a) >= 3:
        alarms(a[1], a[2], float(a[3]) if len(a) > 3 else 10.0, int(a[4]) if len(a) > 4 else 1,
               int(a[5]) if len(a) > 5 else None)
    elif a[0] == 'report' and len(a) >= 3:
        report(a[1], a[2:])
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
