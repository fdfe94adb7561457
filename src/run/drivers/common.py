# common.py: what the drivers (cvc5.py, bitwuzla.py) share. Not a driver and never imported:
# cmake/embed.cmake writes this text in place of a driver's line "#@include common.py", so that
# each driver smtgrind writes (bin/cvc5, bin/bitwuzla) stays one self-contained file.
# Owns: the process set-up (default SIGPIPE and SIGINT, the wheel before the driver's own
# folder on sys.path), stdout written after the library's C++ output (c_flush, say), the
# --tlimit watchdog, the stdin splitter (complete top-level commands), and the driver's exit
# (run: a crash of the driver itself is never an answer). Test: tests/drivers/test_drivers.sh.
import os, re, select, signal, sys, traceback

signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # die of a closed pipe as a binary does,
signal.signal(signal.SIGINT, signal.SIG_DFL)   # not with a Python traceback
if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
    del sys.path[0]  # run as NAME.py: `import NAME` must find the wheel, not this file

OUT = sys.stdout


def c_flush():
    """Flush C stdio: the library prints through C++ std::cout (bitwuzla's answers, cvc5's
    -o TAG), so the driver's own output keeps its place after it."""
    try:
        import ctypes
        ctypes.CDLL(None).fflush(None)
    except Exception:
        pass


def say(text):
    """Write to stdout after the library's own output, and flush."""
    c_flush()
    OUT.write(text)
    OUT.flush()


def start_watchdog(ms, message, signum):
    """A wall-clock limit of MS on the whole run. A Python signal handler cannot run while the
    library holds the interpreter, so a forked watchdog process writes `message` (bytes) on
    stderr and sends `signum` to this process. It holds only stderr and ends when this process
    does. Returns a pipe's write end, to keep open for the whole run: its EOF tells the
    watchdog that we are gone."""
    parent = os.getpid()
    r, w = os.pipe()
    if os.fork():
        os.close(r)
        return w
    try:
        for fd in (w, 0, 1):
            os.close(fd)
        if not select.select([r], [], [], ms / 1000.0)[0] and os.getppid() == parent:
            os.write(2, message)
            os.kill(parent, signum)
    finally:
        os._exit(0)


class Splitter:
    """Cuts a text stream into complete top-level commands, so that each command read from
    stdin is answered before the next arrives (a session writes one and waits). Tokens:
    blanks, ; comments, "strings" ("" inside), |quoted symbols|, parentheses, other words."""
    TOKEN = re.compile(r'\s+|;[^\n]*\n|"[^"]*(?:""[^"]*)*"|\|[^|]*\||[()]|[^\s()";|]+')

    def __init__(self):
        self.buf, self.i, self.depth = '', 0, 0

    def feed(self, text):
        """Add text; return the list of complete units (commands, stray words) so far."""
        s, i, start, units = self.buf + text, self.i, 0, []
        while True:
            m = self.TOKEN.match(s, i)
            # no token yet (an open string, symbol or comment), or one that may go on
            if not m or (m.end() == len(s) and m.group()[0] not in '() \t\r\n'):
                break
            t, i = m.group(), m.end()
            if t == '(':
                self.depth += 1
            elif t == ')':
                self.depth = max(self.depth - 1, 0)
            if self.depth == 0 and t[0] not in '( \t\r\n;':  # a command, or a stray word
                units.append(s[start:i])
                start = i
        self.buf, self.i = s[start:], i - start
        return units

    def rest(self):
        return [self.buf]


def run(main, name):
    """The driver's process: exit with main(sys.argv), after the library's output. A
    MemoryError exits 134 with bad_alloc's words, as a native binary under RLIMIT_AS does
    (smtgrind reads a memout); any other exception is a bug of the driver, never an answer:
    its traceback, exit 134 (as an abort)."""
    try:
        code = main(sys.argv)
        say('')
        sys.exit(code)
    except SystemExit:
        raise
    except MemoryError:
        os.write(2, b'%s driver: out of memory (std::bad_alloc)\n' % name.encode())
        os._exit(134)
    except BaseException:
        traceback.print_exc()
        sys.stderr.flush()
        os._exit(134)
