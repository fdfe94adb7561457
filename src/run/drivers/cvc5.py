#!/usr/bin/env python3
# cvc5.py: the cvc5 command line (`cvc5 [options] [FILE]`) over the Python API of a cvc5 wheel
# from PyPI, which ships no executable. smtgrind writes this text into the release's venv as
# bin/cvc5 (first line replaced by that venv's python). It does what cvc5 1.x's own driver
# (src/main/ of cvc5) does for what smtgrind uses: options, one SMT-LIB script from FILE or
# stdin run command by command, answers and error responses on stdout, exit 0 / 1, --tlimit.
# Stdlib only. What it does not do: README.md beside it. What it shares with bitwuzla.py is
# common.py, spliced in at "#@include common.py" by cmake/embed.cmake (this file alone does
# not run).
import os, re, signal, sys
#@include common.py
import cvc5

# Commands whose failure the binary prints and survives (CommandRecoverableFailure: the
# getters, set-option, set-info, get-info); any other "(error ...)" ends the run, exit 1.
RECOVERABLE = {'get-value', 'get-model', 'get-assignment', 'get-proof', 'get-unsat-core',
               'get-unsat-assumptions', 'get-unsat-core-lemmas', 'get-difficulty',
               'get-timeout-core', 'get-learned-literals', 'get-model-domain-elements',
               'block-model', 'block-model-values', 'set-option', 'set-info', 'get-info'}
DRIVER = {'help', 'version', 'show-config', 'copyright'}  # answered here, not by the library
SHORT = {'L': 'lang', 'i': 'incremental', 'm': 'produce-models', 'q': 'quiet', 'v': 'verbose',
         'V': 'version', 'h': 'help', 's': 'seed', 'o': 'output', 't': 'trace', 'd': 'debug'}
# Options renamed since 1.0: the old name still works here, so that one profile fits every
# release (smtgrind's cvc5 profile passes --sets-ext; cvc5 1.2.1 renamed it --sets-exp).
RENAMED = {'sets-ext': 'sets-exp'}


def option_error(msg):
    """As the binary's main(): on stderr, exit 1."""
    if not msg.startswith('Error in option parsing'):
        msg = 'Error in option parsing: ' + msg
    sys.stderr.write('(error "%s")\n\nPlease use --help to get help on command-line options.\n'
                     % msg)
    sys.exit(1)


def versions(solver):
    """(the PyPI release, what the library says: "1.4.2-modified", b'1.0.7')"""
    lib = solver.getVersion()
    lib = lib.decode() if isinstance(lib, bytes) else str(lib)
    try:
        return __import__('importlib.metadata').metadata.version('cvc5'), lib
    except Exception:
        return re.sub(r'-.*', '', lib), lib


def parse_args(solver, argv):
    """getopt_long as cvc5's options_template.cpp uses it: every option is a library option;
    a Boolean takes no argument and has --no-NAME, the others take =VALUE or the next word."""
    names, files, user, args, k = set(solver.getOptionNames()), [], set(), argv[1:], 0
    applied = []  # (name, value) as set, to set again after a (reset)

    def kind(name):  # 'bool', 'void' (-q, -v) or 'arg'
        t = solver.getOptionInfo(name)['type']
        return 'bool' if t is bool else 'void' if name in ('quiet', 'verbose') else 'arg'

    def setopt(name, value, word):
        user.add(name)
        if name in DRIVER:  # the library would print its own text for these
            return
        try:
            solver.setOption(name, value)
            applied.append((name, value))
        except RuntimeError as e:
            msg = str(e)
            option_error(msg if 'option' in msg and 'nrecognized' not in msg else
                         "can't understand option `%s'" % word)

    def argument(word, rest):  # the value of an option that takes one
        nonlocal k
        if not rest and k >= len(args):
            option_error("option `%s' missing its required argument" % word)
        k += 0 if rest else 1
        return rest or args[k - 1]

    while k < len(args):
        w, k = args[k], k + 1
        if w == '-' or not w.startswith('-'):
            files.append(w)
        elif w.startswith('--'):
            name, eq, value = w[2:].partition('=')
            neg = name.startswith('no-') and name not in names
            base = name[3:] if neg else name
            base = RENAMED.get(base, base) if base not in names else base
            if base not in names or (neg and kind(base) != 'bool') or \
                    (eq and kind(base) != 'arg'):
                option_error("can't understand option `%s'" % w)
            if kind(base) == 'arg':
                setopt(base, argument(w, value if eq else ''), w)
            else:
                setopt(base, 'false' if neg else 'true', w)
        else:  # short options, several in one word too: -qim, -L smt2, -Lsmt2
            j = 1
            while j < len(w):
                name, j = SHORT.get(w[j]), j + 1
                if name not in names:
                    option_error("can't understand option `%s'" % w)
                if kind(name) == 'arg':
                    setopt(name, argument(w, w[j:]), w)
                    break
                setopt(name, 'true', w)
    return files, user, applied


def help_table(solver):
    """The library's options in the binary's --help form (smtgrind's option reader reads it):
    "[*]" a Boolean, =N an integer, =F a decimal, =MODE a mode; "(EXPERTS only)" for the
    library's expert category. The wheel has no descriptions, so nothing says "unsound": the
    exclusion list of smtgrind (src/run/solopt_exclude.def) is all that keeps such options out.
    Undocumented options are left out, as the binary's --help leaves them out."""
    if not hasattr(solver, 'getOptionNames'):
        return ''
    lines = ['', 'cvc5 options:', 'From the library module:']
    for name in sorted(solver.getOptionNames()):
        try:
            info = solver.getOptionInfo(name)
        except Exception:
            continue
        cat = str(info.get('category', ''))
        if 'UNDOCUMENTED' in cat or name in DRIVER:
            continue
        ty = info.get('type')
        arg = {bool: '', int: '=N', float: '=F', 'mode': '=MODE'}.get(ty)
        if arg is None:
            continue  # strings, lists and the like: never drawn
        text = 'a library option%s%s' % (' (EXPERTS only)' if 'EXPERT' in cat else '',
                                          ' [*]' if ty is bool else '')
        word = '--' + name + arg  # a long one gets its text on the next line, as the binary's
        lines.append('  %-22s %s' % (word, text) if len(word) < 22 else '  %s\n%25s%s' % (word, '', text))
    return '\n'.join(lines) + '\n'


def main(argv):
    tm = cvc5.TermManager() if hasattr(cvc5, 'TermManager') else None
    solver = cvc5.Solver(tm) if tm is not None else cvc5.Solver()
    files, user, applied = parse_args(solver, argv)

    def setopt(name, value):
        solver.setOption(name, value)
        applied.append((name, value))
    info = lambda name: name in user and solver.getOptionInfo(name)['current']  # noqa: E731
    if 'help' in user:  # the binary exits 1 after its usage text
        say('usage: cvc5 [options] [input-file]\n\nWithout an input file, or with `-\', cvc5 '
            'reads from standard input.\n\nA driver over the cvc5 Python API: every library '
            'option is accepted as --NAME[=VALUE], --NAME VALUE or --no-NAME.\n' + help_table(solver))
        return 1
    if user & DRIVER:
        say('This is cvc5 version %s [Python wheel; library version %s]\n' % versions(solver))
        return 0
    if not hasattr(cvc5, 'InputParser'):  # cvc5 1.0.7, 1.0.8: the wheel has no parser at all
        sys.stderr.write('(error "this cvc5 wheel (%s) has no SMT-LIB parser (cvc5.InputParser '
                         'came with 1.0.9): unsupported")\n' % versions(solver)[0])
        return 1
    if len(files) > 1:
        return say('(error "Too many input files specified.")\n') or 1
    path = files[0] if files and files[0] != '-' else None
    if path and os.path.isdir(path):  # the library would read nothing and answer nothing
        return say('(error "Couldn\'t open file: %s")\n' % path) or 1
    name = path or '<stdin>'
    if solver.getOption('input-language') == 'LANG_AUTO' and (path or '').endswith(('.sy', '.sl')):
        setopt('input-language', 'sygus2')
    sygus = 'SYGUS' in solver.getOption('input-language')
    if sygus:
        setopt('sygus', 'true')
    lang = cvc5.InputLanguage.SYGUS_2_1 if sygus else cvc5.InputLanguage.SMT_LIB_2_6
    if solver.getOption('output-language') == 'LANG_AUTO':
        setopt('output-language', 'sygus2' if sygus else 'smt2')
    for opt in ('incremental', 'wf-checking'):  # the binary's defaults for a non-tty run
        if opt not in user and opt in solver.getOptionNames():
            setopt(opt, 'false')
    try:
        solver.setInfo('filename', name)
    except RuntimeError:
        pass
    if info('tlimit'):
        # As the binary's SIGALRM handler: this line, then an abort. The pipe must stay open.
        keep_alive = start_watchdog(  # noqa: F841
            int(info('tlimit')), b'cvc5 interrupted by timeout.\n', signal.SIGABRT)
    parse_only = info('parse-only')
    parser = cvc5.InputParser(solver)
    sm = parser.getSymbolManager()

    def execute():
        """Run the parser's commands: None when they are done, else the exit code."""
        while True:
            try:
                cmd = parser.nextCommand()
            except RuntimeError as e:  # the binary: (error "Parse Error: FILE:L.C: MSG")
                return say('(error "Parse Error: %s: %s")\n' % (name, e)) or 1
            if cmd.isNull():
                return None
            cname = cmd.getCommandName()
            if parse_only and not re.match(r'set-logic|reset$|declare-|define-', cname):
                continue
            res = cmd.invoke(solver, sm)
            say(res)
            if res.startswith('(error ') and cname not in RECOVERABLE:
                return 1
            if cname == 'exit':
                return 0
            if cname == 'reset':  # the library's reset restores its defaults, the binary's
                for opt, value in applied:  # the command line's: set them again
                    solver.setOption(opt, value)

    if path:
        try:
            parser.setFileInput(lang, path)
        except RuntimeError as e:
            return say('(error "%s")\n' % e) or 1
        return execute() or 0
    # stdin: each batch of complete commands as soon as it has arrived, on a fresh parser
    # over the same solver and symbol manager (appendIncrementalStringInput cannot go on after
    # the end of its input before 1.4, and fails on its second append in 1.4.2)
    split, eof = Splitter(), False
    while not eof:
        data = os.read(0, 1 << 16)
        eof = not data
        text = ''.join(split.feed(data.decode('utf-8', 'surrogateescape')) if data
                       else split.rest())
        if not text.strip():
            continue
        try:
            parser.setStringInput(lang, text, name)
        except (RuntimeError, UnicodeError) as e:
            return say('(error "Parse Error: %s: %s")\n' % (name, e)) or 1
        status = execute()
        if status is not None:
            return status
    return 0


if __name__ == '__main__':
    run(main, 'cvc5')
