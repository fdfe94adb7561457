#!/usr/bin/env python3
"""fake_incr.py: a real solver that breaks one rule of incremental scripts (issue 52).

usage: fake_incr.py MODE REAL_SOLVER [ARGS...]   (the script is the last argument, or stdin)

It runs REAL_SOLVER with ARGS on the script and passes its output through, except:
  after_pop  the answer to every check-sat that follows a (pop ...) is flipped (sat <-> unsat)
  assuming   the answer to every check-sat-assuming is flipped
  none       nothing changed (a control)
One-shot scripts (no pop, no check-sat-assuming) are never changed, so the same solver asked
the scope of a query alone answers right. Tests: tests/cli/group_incr.sh.
"""
import subprocess
import sys


def commands(text):
    """The top-level command words of an SMT-LIB script, in order (comments, strings and
    quoted symbols skipped)."""
    words, depth, i, n = [], 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == ';':
            while i < n and text[i] != '\n':
                i += 1
        elif c == '"':
            i += 1
            while i < n and not (text[i] == '"' and (i + 1 >= n or text[i + 1] != '"')):
                i += 2 if text[i] == '"' else 1
        elif c == '|':
            i = text.index('|', i + 1)
        elif c == '(':
            depth += 1
            if depth == 1:
                j = i + 1
                while j < n and text[j] in ' \t\r\n':
                    j += 1
                k = j
                while k < n and text[k] not in ' \t\r\n()':
                    k += 1
                words.append(text[j:k])
        elif c == ')':
            depth -= 1
        i += 1
    return words


def main():
    mode, real, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    if args and not args[-1].startswith('-'):
        with open(args[-1], encoding='utf-8', errors='replace') as f:
            text = f.read()
        data = None
    else:
        data = sys.stdin.buffer.read()
        text = data.decode('utf-8', errors='replace')
    flip, popped = [], False
    for w in commands(text):
        if w == 'pop':
            popped = True
        if w in ('check-sat', 'check-sat-assuming'):
            flip.append((mode == 'after_pop' and popped) or (mode == 'assuming' and w == 'check-sat-assuming'))
    p = subprocess.run([real] + args, input=data, stdout=subprocess.PIPE, check=False)
    out, q = [], 0
    for line in p.stdout.decode('utf-8', errors='replace').split('\n'):
        if line.strip() in ('sat', 'unsat', 'unknown'):
            if q < len(flip) and flip[q] and line.strip() != 'unknown':
                line = 'unsat' if line.strip() == 'sat' else 'sat'
            q += 1
        out.append(line)
    sys.stdout.write('\n'.join(out))
    sys.stdout.flush()
    sys.exit(p.returncode)


if __name__ == '__main__':
    main()
