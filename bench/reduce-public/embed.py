#!/usr/bin/env python3
"""embed.py: how the cases of bench/reduce-public were made (kept to rebuild or add cases).

    python3 bench/reduce-public/embed.py TRIGGER OUT FILLER... --header TEXT [--target BYTES]

TRIGGER is a regression file of a solver's public suite, each FILLER a satisfiable corpus file
of a logic inside the trigger's. OUT gets the trigger's commands with the filler's declarations and
assertions interleaved before the trigger's first check-sat (only where the trigger is at
scope level 0, never before its set-logic/set-option/set-info header). Every symbol the filler
declares (functions, constants, sorts, datatypes, constructors, selectors) is renamed with the
suffix _f (_g, _h, ... in the second, third filler; doubled when that clashes), so the filler is independent of the trigger: it adds no
constraint on the trigger's symbols and, being satisfiable, keeps the trigger's status. Filler
commands are taken in order, file after file, until OUT reaches --target bytes (default 5000). The trigger's own
text is kept as written (only its comments are dropped); the filler is printed one command per
line. Whether the embedded file still shows the bug is checked by the case's predicate, not
here.
"""
import argparse
import re

TOKEN = re.compile(r'''\s+|;[^\n]*|"(?:[^"]|"")*"|\|[^|]*\||[()]|[^\s()";|]+''', re.S)


def tokens(text):
    pos = 0
    out = []
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise SystemExit('embed.py: cannot read at offset %d' % pos)
        t = m.group(0)
        if not t.isspace() and not t.startswith(';'):
            out.append((t, m.start(), m.end()))
        pos = m.end()
    return out


def commands(text):
    """Top-level commands: (nested list, raw text)."""
    toks = tokens(text)
    res = []
    stack = []
    start = 0
    for t, s, e in toks:
        if t == '(':
            if not stack:
                start = s
            stack.append([])
        elif t == ')':
            done = stack.pop()
            if stack:
                stack[-1].append(done)
            else:
                res.append((done, text[start:e]))
        elif stack:
            stack[-1].append(t)
    return res


def flat(x):
    if isinstance(x, list):
        for y in x:
            yield from flat(y)
    else:
        yield x


def declared(cmds):
    names = set()
    for c, _ in cmds:
        if not c or not isinstance(c[0], str):
            continue
        h = c[0]
        if h in ('declare-fun', 'declare-const', 'define-fun', 'define-fun-rec', 'declare-sort',
                 'define-sort'):
            names.add(c[1])
        elif h == 'define-funs-rec':
            for d in c[1]:
                names.add(d[0])
        elif h in ('declare-datatypes', 'declare-datatype'):
            if h == 'declare-datatype':
                names.add(c[1])
                bodies = [c[2]]
            else:
                names.update(d[0] for d in c[1])
                bodies = c[2]
            for body in bodies:
                if body and body[0] == 'par':
                    body = body[2]
                for con in body:
                    if isinstance(con, str):
                        names.add(con)
                        continue
                    names.add(con[0])
                    for sel in con[1:]:
                        names.add(sel[0])
    return names


def show(x, ren):
    if isinstance(x, list):
        return '(' + ' '.join(show(y, ren) for y in x) + ')'
    if x in ren:
        return ren[x]
    return x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('trigger')
    ap.add_argument('out')
    ap.add_argument('fillers', nargs='+')
    ap.add_argument('--header', default='')
    ap.add_argument('--target', type=int, default=5000)
    a = ap.parse_args()
    tt = open(a.trigger, encoding='latin1').read()
    tc = commands(tt)
    used = set(flat([c for c, _ in tc]))
    keep = ('declare-fun', 'declare-const', 'define-fun', 'define-fun-rec', 'define-funs-rec',
            'declare-sort', 'define-sort', 'declare-datatypes', 'declare-datatype', 'assert')
    filler = []
    for i, path in enumerate(a.fillers):
        fc = commands(open(path, encoding='latin1').read())
        ren = {}
        for n in declared(fc):
            suf = '_' + 'fghijklm'[i % 8]
            while True:
                new = n[:-1] + suf + '|' if n.startswith('|') else n + suf
                if new not in used:
                    break
                suf += suf[-1]
            ren[n] = new
            used.add(new)
        filler += [show(c, ren) for c, _ in fc if c and c[0] in keep]
    header = []
    i = 0
    while i < len(tc) and tc[i][0] and tc[i][0][0] in ('set-logic', 'set-option', 'set-info'):
        header.append(tc[i][1])
        i += 1
    body = tc[i:]
    # slots: positions in body (before body[k]) at scope level 0, up to the first check-sat
    slots = []
    depth = 0
    for k, (c, _) in enumerate(body):
        if k > 0 and depth == 0:
            slots.append(k)
        h = c[0] if c else ''
        if h in ('check-sat', 'check-sat-assuming'):
            break
        if h == 'push':
            depth += int(c[1]) if len(c) > 1 else 1
        elif h == 'pop':
            depth -= int(c[1]) if len(c) > 1 else 1
    if not slots:
        slots = [0]
    base = len(a.header) + sum(len(h) + 1 for h in header) + sum(len(r) + 1 for _, r in body)
    budget = a.target - base
    take = []
    size = 0
    for f in filler:
        if size + len(f) + 1 > budget:
            break
        take.append(f)
        size += len(f) + 1
    # drop trailing declarations nothing of the filler taken uses
    while take and not take[-1].startswith('(assert'):
        take.pop()
    per = {}
    n = len(slots)
    for j, f in enumerate(take):
        per.setdefault(slots[min(n - 1, j * n // max(1, len(take)))], []).append(f)
    out = [a.header.rstrip('\n')] if a.header else []
    out += header
    for k, (_, raw) in enumerate(body):
        out += per.get(k, [])
        out.append(raw)
    open(a.out, 'w').write('\n'.join(out) + '\n')


main()
