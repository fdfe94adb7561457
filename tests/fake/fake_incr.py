#!/usr/bin/env python3
"""fake_incr.py: a real solver that breaks one rule of incremental scripts (issue 52).

usage: fake_incr.py MODE REAL_SOLVER [ARGS...]   (the script is the last argument, or stdin)

It runs REAL_SOLVER with ARGS on the script and passes its output through, except:
  after_pop  the answer to every check-sat that follows a (pop ...) is flipped (sat <-> unsat)
  assuming   the answer to every check-sat-assuming is flipped
  sat_core   the answer to a final (get-unsat-core) is cut to its first name (satisfiable alone)
  outside    the answer to a final (get-unsat-assumptions) gets a literal that is not one of the
             assumptions (outside)
  bad_value  the first value of a final (get-value ...) answer, a numeral, is increased by one
  after_pop_nomodel  as after_pop, and a script with (get-model) gets its answers only (no
             model: only a seed's label can say the scope of a flipped unsat is sat)
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


def last_list(text):
    """(start, end) of the last top-level parenthesised list of text, or None."""
    depth, start, span, i = 0, None, None, 0
    while i < len(text):
        c = text[i]
        if c == '"' or c == '|':
            j = text.find(c, i + 1)
            i = len(text) if j < 0 else j
        elif c == '(':
            if depth == 0:
                start = i
            depth += 1
        elif c == ')' and depth > 0:
            depth -= 1
            if depth == 0:
                span = (start, i + 1)
        i += 1
    return span


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
            flip.append((mode in ('after_pop', 'after_pop_nomodel') and popped) or (mode == 'assuming' and w == 'check-sat-assuming'))
    p = subprocess.run([real] + args, input=data, stdout=subprocess.PIPE, check=False)
    out, q = [], 0
    for line in p.stdout.decode('utf-8', errors='replace').split('\n'):
        if line.strip() in ('sat', 'unsat', 'unknown'):
            if q < len(flip) and flip[q] and line.strip() != 'unknown':
                line = 'unsat' if line.strip() == 'sat' else 'sat'
            q += 1
        elif mode == 'after_pop_nomodel' and 'get-model' in commands(text):
            continue
        out.append(line)
    text_out = '\n'.join(out)
    last = commands(text)[-1:] if commands(text) else []
    span = last_list(text_out)
    if span and ((mode == 'sat_core' and last == ['get-unsat-core'])
                 or (mode == 'outside' and last == ['get-unsat-assumptions'])):
        items = text_out[span[0] + 1:span[1] - 1].split()
        new = items[:1] if mode == 'sat_core' else items + ['outside']
        text_out = text_out[:span[0]] + '(' + ' '.join(new) + ')' + text_out[span[1]:]
    if span and mode == 'bad_value' and last == ['get-value']:
        pair = text_out[span[0]:span[1]]
        words = pair.replace('(', ' ( ').replace(')', ' ) ').split()
        # ( ( T V ) ... ): V is the word before the first inner ")"
        k = words.index(')')
        if words[k - 1].isdigit():
            words[k - 1] = str(int(words[k - 1]) + 1)
            text_out = text_out[:span[0]] + ' '.join(words) + text_out[span[1]:]
    sys.stdout.write(text_out)
    sys.stdout.flush()
    sys.exit(p.returncode)


if __name__ == '__main__':
    main()
