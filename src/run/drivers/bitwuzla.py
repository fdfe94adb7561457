#!/usr/bin/env python3
# bitwuzla.py: the bitwuzla command line (`bitwuzla [options] [FILE]`) over the Python API of a
# bitwuzla wheel from PyPI, which ships no executable. smtgrind writes this text into the
# release's venv as bin/bitwuzla (first line replaced by that venv's python). It follows
# bitwuzla 0.x's src/main/ (options.cpp, main.cpp): the same options, the library's parser
# printing the answers, FILE or stdin. Where it differs on purpose (errors as (error "..."),
# --time-limit): README.md beside it. Stdlib only. What it shares with cvc5.py is common.py,
# spliced in at "#@include common.py" by cmake/embed.cmake (this file alone does not run).
import os, re, signal, sys
#@include common.py
import bitwuzla

EXIT = re.compile(r'(\s|;[^\n]*(\n|$))*\(\s*exit\s*\)\s*$')


def usage_error(msg):
    """bzla::main::Error: "[error] MSG" on stderr, exit 1 (command-line errors only)."""
    c_flush()
    sys.stderr.write('[error] %s\n' % msg)
    sys.exit(1)


def script_error(msg):
    """An error in the script (parse error, API error): an SMT-LIB error response on stdout,
    which smtgrind reads as a rejection (the binary prints "[error] MSG" on stderr)."""
    say('(error "%s")\n' % re.sub(r'^<string>:', '<stdin>:', str(msg)))
    return 1


def help_table(lib):
    """The library's options in cvc5's --help form, which smtgrind's option reader reads
    (src/run/solopt.c): "[*]" a Boolean, =N a number, =MODE a mode, each with its description.
    Options that take a file name (write-*) and debugging ones (dbg-*) are left out."""
    lines = ['', 'From the bitwuzla module:']
    for opt in bitwuzla.Option:
        try:
            name, desc = lib.lng(opt), lib.description(opt)
            arg = '' if lib.is_bool(opt) else '=N' if lib.is_numeric(opt) else '=MODE' if lib.is_mode(opt) else None
        except Exception:
            continue
        if arg is None or name.startswith(('dbg-', 'write-')):
            continue
        word, text = '--' + name + arg, desc.replace('\n', ' ') + (' [*]' if arg == '' else '')
        lines.append('  %-22s %s' % (word, text) if len(word) < 22 else '  %s\n%25s%s' % (word, '', text))
    return '\n'.join(lines) + '\n'


def mode_help(lib, name):
    """`--NAME=help` of a mode option, as cvc5 prints it: "+ MODE (default)" lines."""
    opt = lib.option(name)
    if not lib.is_mode(opt):
        return 'option --%s takes no mode\n' % name
    default = lib.get(opt)
    return 'Available modes for --%s are:\n' % name + ''.join(
        '+ %s%s\n' % (m, ' (default)' if m == default else '') for m in lib.modes(opt))


def parse_options(argv, lib):
    """bitwuzla 0.x src/main/options.cpp: the driver's own options; every other word that
    starts with '-' (and the value a library option takes) goes to Options.set_args."""
    m = dict(infile=None, lang=None, print_formula=False, print_model=False, no_letify=False,
             print_unsat_core=False, parse_only=False, pp_only=False, bv_format=2,
             time_limit=0, output_lang='smt2')
    args, i = [], 1

    def value():  # -o=v, --option=value, or -o v / --option value
        nonlocal i
        arg = argv[i]
        if '=' in arg:
            opt, val = arg[:arg.rfind('=')], arg[arg.rfind('=') + 1:]
        elif i + 1 < len(argv) and not argv[i + 1].startswith('-'):
            opt, val, i = arg, argv[i + 1], i + 1
        else:
            opt, val = arg, ''
        if not val:
            usage_error('expected value for option `%s`' % opt)
        return opt, val

    def number():
        opt, val = value()
        n = re.match(r'\s*\+?\d+', val)
        if not n:
            usage_error('expected numeric value for option `%s` but got `%s`' % (opt, val))
        return int(n.group())

    def is_opt(arg, short, long):
        return arg in (short, long) or arg.startswith((long + '=',) + ((short + '=',) if short else ()))

    while i < len(argv):
        arg = argv[i]
        if arg in ('-h', '--help'):
            say('Usage:\n  bitwuzla [<options>] [<input>]\n\nA driver over the bitwuzla Python '
                'API (%s): -V, -c, -p, -P, -t N, --lang {smt2,btor2}, --print-model, '
                '--print-unsat-core, --pp-only, --bv-output-format N, and every library option '
                'as --NAME[=VALUE].\n' % bitwuzla.version() + help_table(lib))
            sys.exit(0)
        elif arg.startswith('--') and arg.endswith('=help') and lib.is_valid(arg[2:-5]):
            say(mode_help(lib, arg[2:-5]))  # cvc5's form: smtgrind's option reader reads it
            sys.exit(0)
        elif arg in ('-c', '--copyright'):
            say(bitwuzla.copyright() + '\n')
            sys.exit(0)
        elif arg in ('-V', '--version'):
            say(bitwuzla.version() + '\n')
            sys.exit(0)
        elif arg in ('-p', '--print-formula'):
            m['print_formula'] = True
        elif is_opt(arg, '', '--output-lang'):
            m['output_lang'] = value()[1]
            if m['output_lang'] not in ('smt2', 'btor2'):
                usage_error("invalid output language given `%s`, expected 'smt2' or 'btor2'"
                            % m['output_lang'])
        elif arg in ('--print-unsat-core', '--print-model', '--print-no-letify', '--pp-only'):
            m[arg[2:].replace('-', '_')] = True
        elif arg in ('-P', '--parse-only'):
            m['parse_only'] = True
        elif is_opt(arg, '', '--bv-output-format'):
            m['bv_format'] = number()
            if m['bv_format'] not in (2, 10, 16):
                usage_error("invalid bit-vector output number format, expected '2', '10', or '16'")
        elif is_opt(arg, '-t', '--time-limit'):
            m['time_limit'] = number()
        elif is_opt(arg, '', '--lang'):
            m['lang'] = value()[1]
            if m['lang'] not in ('smt2', 'btor2'):
                usage_error("invalid input language given `%s`, expected 'smt2' or 'btor2'"
                            % m['lang'])
        elif arg.startswith('-') and arg != '-':
            args.append(arg)
            name = arg[2:] if arg.startswith('--') else arg[1:]  # a library option may take
            if '=' not in arg and name and lib.is_valid(name):    # the next word as its value
                kind = bitwuzla.OptionInfo(lib, lib.option(name)).kind()
                if kind != bitwuzla.OptionInfoKind.BOOL and i + 1 < len(argv):
                    inc = lib.option(name) in (bitwuzla.Option.VERBOSITY, bitwuzla.Option.LOGLEVEL)
                    if kind != bitwuzla.OptionInfoKind.NUMERIC or not inc or argv[i + 1].isdigit():
                        i += 1
                        args.append(argv[i])
        elif m['infile'] is None:
            m['infile'] = arg
        elif arg != m['infile']:
            usage_error('multiple input files detected: `%s`, already got `%s`.'
                        % (arg, m['infile']))
        i += 1
    if m['lang'] is None:
        m['lang'] = 'btor2' if (m['infile'] or '').endswith('.btor2') else 'smt2'
    return m, args


def main(argv):
    lib = bitwuzla.Options()
    m, args = parse_options(argv, lib)
    try:
        if args:
            lib.set_args(*args)
        if m['print_unsat_core']:
            lib.set(bitwuzla.Option.PRODUCE_UNSAT_CORES, True)
        if m['print_model']:
            lib.set(bitwuzla.Option.PRODUCE_MODELS, True)
    except bitwuzla.BitwuzlaException as e:  # main.cpp drops the "invalid call to '...', "
        msg = str(e)
        usage_error(msg[msg.find("', ") + 3:] if msg.startswith('invalid call') else msg)
    if m['time_limit']:
        # The binary's timer thread prints "unknown" and exits 0 (an answer for smtgrind); a
        # message and SIGTERM read as a timeout. The pipe must stay open.
        keep_alive = start_watchdog(  # noqa: F841
            m['time_limit'], b'bitwuzla interrupted by timeout.\n', signal.SIGTERM)
    if m['infile'] and m['infile'] != '-' and os.path.isdir(m['infile']):
        return script_error("failed to open '%s'" % m['infile'])  # as the library says of a missing file
    tm = bitwuzla.TermManager()
    parser = bitwuzla.Parser(tm, lib, m['lang'], m['bv_format'])
    parser.configure_auto_print_model(m['print_model'])
    only = m['parse_only'] or m['pp_only'] or m['print_formula']
    try:
        if m['infile'] and m['infile'] != '-':
            parser.parse(m['infile'], only, True)
        elif m['lang'] != 'smt2':  # btor2 has no commands: read it whole
            parser.parse(sys.stdin.read(), only, False)
        else:  # stdin: answer every complete command as soon as it has arrived
            split, eof = Splitter(), False
            while not eof:
                data = os.read(0, 1 << 16)
                eof = not data
                units = split.feed(data.decode('utf-8', 'surrogateescape')) if data else split.rest()
                for k, unit in enumerate(units):
                    if EXIT.match(unit):  # the parser stops at (exit); so do we
                        units, eof = units[:k + 1], True
                        break
                text = ''.join(units)
                if text.strip():
                    parser.parse(text, only, False)
                    c_flush()
        if not (m['pp_only'] or m['print_formula'] or m['print_unsat_core']):
            return 0  # (the instance exists only once a command made it: empty input is fine)
        bzla = parser.bitwuzla()
        if m['pp_only'] or (m['print_formula'] and not m['parse_only']):
            bzla.simplify()
        if m['print_formula']:
            say(bzla.print_formula(m['output_lang'], m['bv_format']))
        if m['print_unsat_core']:
            say(bzla.print_unsat_core('smt2', m['bv_format']))
    except (bitwuzla.BitwuzlaException, UnicodeError) as e:
        return script_error(e)
    return 0


if __name__ == '__main__':
    run(main, 'bitwuzla')
