/* main: entry point of the smtgrind CLI — dispatch over commands.def, help and version. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <gmp.h>

#include "cli/cli.h"
#include "run/guard.h"
#include "tech/tech.h"
/* SG_DESCRIBE: the commit of a build from a git checkout, or "" (cmake/describe.cmake) */
#include "sg_describe.h"

static const sg_cli_cmd commands[] = {
#define CMD(name, fn, help, usage) { #name, fn, help, usage, NULL, NULL },
#define CMDU(name, fn, help, usage_fn) { #name, fn, help, NULL, usage_fn, NULL },
#include "cli/commands.def"
#undef CMD
#undef CMDU
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

bool
sg_cli_find (const char *name, sg_cli_cmd *out)
{
  for (size_t i = 0; i < NCOMMANDS; i++)
    if (!strcmp (commands[i].name, name)) { *out = commands[i]; return true; }
  const sg_technique *t = sg_technique_find (name);
  if (!t) return false;
  *out = (sg_cli_cmd) { t->name, sg_cli_engine, t->summary, NULL, NULL, t };
  return true;
}

void
sg_cli_usage (const sg_cli_cmd *cmd, FILE *f)
{
  if (cmd->usage) { fputs (cmd->usage, f); return; }
  sg_buf b;
  sg_buf_init (&b);
  if (cmd->tech) sg_cli_engine_usage_of (cmd->tech, &b);
  else if (cmd->usage_fn) cmd->usage_fn (&b);
  fputs (sg_buf_ok (&b) && b.len ? sg_buf_cstr (&b) : "(out of memory)\n", f);
  sg_buf_free (&b);
}

bool
sg_cli_is_help (const char *arg)
{
  return !strcmp (arg, "-h") || !strcmp (arg, "--help");
}

int
sg_cli_usage_error (const sg_cli_cmd *cmd, const char *fmt, ...)
{
  va_list ap;
  fprintf (stderr, "smtgrind %s: error: ", cmd->name);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fprintf (stderr, "\n(run 'smtgrind %s --help' for its usage)\n", cmd->name);
  return SG_EXIT_INPUT;
}

bool
sg_cli_parse_u64 (const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
  char *end;
  errno = 0;
  /* digits only: strtoull alone would skip leading blanks and take " -1" as 2^64 - 1 */
  if (v[0] < '0' || v[0] > '9') return false;
  unsigned long long x = strtoull (v, &end, 10);
  if (errno || *end || x < lo || x > hi) return false;
  *out = x;
  return true;
}

int
sg_cli_value (const sg_cli_cmd *cmd, int argc, char **argv, int *i, const char *name, const char *alias,
              const char **v)
{
  const char *a = argv[*i];
  size_t n = strlen (name);
  if (!strncmp (a, name, n) && a[n] == '=') *v = a + n + 1;
  else if (alias && !strncmp (a, alias, 2) && a[2]) *v = a + 2;
  else if (strcmp (a, name) && (!alias || strcmp (a, alias))) return 0;
  else if (*i + 1 >= argc) { sg_cli_usage_error (cmd, "%s needs a value", a); return -1; }
  else *v = argv[++*i];
  /* "--out=" or --out "": no value (it would name / or the current directory's parent) */
  if (!**v) { sg_cli_usage_error (cmd, "%s needs a value, got ''", name); return -1; }
  return 1;
}

void
sg_cli_print_diag (const sg_diag *d)
{
  char line[1024];
  sg_diag_format (d, line, sizeof line);
  fprintf (stderr, "%s\n", line);
}

int
sg_cli_worse (int a, int b)
{
  if (a == SG_EXIT_INTERNAL || b == SG_EXIT_INTERNAL) return SG_EXIT_INTERNAL;
  return a > b ? a : b;
}

/* The overview printed by `smtgrind help`, `smtgrind --help` and (on stderr) `smtgrind`. */
static void
overview (FILE *f)
{
  fprintf (f, "usage: smtgrind SUBCOMMAND [ARGS...]\n"
              "       smtgrind --version | --help\n"
              "\n"
              "smtgrind %s: a toolkit for testing SMT solvers.\n"
              "\n"
              "subcommands:\n",
           SG_VERSION);
  /* a subcommand that is also an engine (enum) is listed once, with the engines */
  for (size_t i = 0; i < NCOMMANDS; i++)
    if (!sg_technique_find (commands[i].name)) fprintf (f, "  %-8s %s\n", commands[i].name, commands[i].help);
  fprintf (f, "\nengines (techniques; each also a campaign engine):\n");
  for (size_t i = 0; i < sg_technique_count (); i++)
    {
      const char *name = sg_technique_at (i)->name, *help = sg_technique_at (i)->summary;
      for (size_t k = 0; k < NCOMMANDS; k++)
        if (!strcmp (commands[k].name, name)) help = commands[k].help; /* its wider use */
      fprintf (f, "  %-8s %s\n", name, help);
    }
  fprintf (f, "\n"
              "Run 'smtgrind SUBCOMMAND --help' for the usage of one subcommand.\n"
              "exit status: 0 ok, 1 internal error or out of memory, 2 usage or input error,\n"
              "10 solver bug found.\n");
}

/* help [SUBCOMMAND] */
int
sg_cli_help (const sg_cli_cmd *cmd, int argc, char **argv)
{
  if (argc > 2) return sg_cli_usage_error (cmd, "expected at most one subcommand name");
  if (argc < 2) { overview (stdout); return SG_EXIT_OK; }
  if (sg_cli_is_help (argv[1])) { sg_cli_usage (cmd, stdout); return SG_EXIT_OK; }
  sg_cli_cmd c;
  if (!sg_cli_find (argv[1], &c)) return sg_cli_usage_error (cmd, "unknown subcommand '%s'", argv[1]);
  sg_cli_usage (&c, stdout);
  return SG_EXIT_OK;
}

/* `smtgrind --version` and `smtgrind version`: the release (CMake's project version) and, for a
 * build from a git checkout, its `git describe`. */
static void
print_version (void)
{
  if (SG_DESCRIBE[0]) printf ("smtgrind %s (git %s)\n", SG_VERSION, SG_DESCRIBE);
  else printf ("smtgrind %s\n", SG_VERSION);
}

/* version */
int
sg_cli_version (const sg_cli_cmd *cmd, int argc, char **argv)
{
  (void) argv;
  if (argc > 1) return sg_cli_usage_error (cmd, "expected no arguments");
  print_version ();
  return SG_EXIT_OK;
}

/* The subcommands that never start a process (no guardian for them). */
static bool
starts_processes (const char *name)
{
  static const char *const none[] = { "help", "version", "parse", "print", "report", "bugs", "merge" };
  for (size_t i = 0; i < sizeof none / sizeof *none; i++)
    if (!strcmp (name, none[i])) return false;
  return true;
}

static int
dispatch (int argc, char **argv)
{
  if (argc < 2)
    {
      overview (stderr);
      return SG_EXIT_INPUT;
    }
  const char *a = argv[1];
  if (sg_cli_is_help (a)) { overview (stdout); return SG_EXIT_OK; }
  if (!strcmp (a, "--version")) { print_version (); return SG_EXIT_OK; }
  sg_cli_cmd c;
  if (!sg_cli_find (a, &c))
    {
      fprintf (stderr, "smtgrind: error: unknown %s '%s' (run 'smtgrind help')\n",
               a[0] == '-' ? "option" : "subcommand", a);
      return SG_EXIT_INPUT;
    }
  if (argc == 3 && sg_cli_is_help (argv[2])) { sg_cli_usage (&c, stdout); return SG_EXIT_OK; }
  /* Every process a command starts dies with it, even after a kill -9 (run/guard.h): the
   * guardian is forked here, while this process is single-threaded. */
  sg_guard g = { 0, -1 };
  if (starts_processes (a) && sg_guard_start (&g, argc, argv) != SG_RC_OK)
    fprintf (stderr, "smtgrind: warning: no guardian process (%s): a solver's own children may "
                     "outlive a kill -9 of smtgrind\n", strerror (errno));
  int code = c.run (&c, argc - 1, argv + 1);
  sg_guard_end (&g);
  return code;
}

/* GMP (and MPFR, which allocates through it) aborts with SIGABRT and a core when memory runs
 * out; ours says so and exits 1 (the solvers die with us: PR_SET_PDEATHSIG). Set once, before
 * anything else runs: it is configuration, not state. */
static _Noreturn void
gmp_oom (size_t n)
{
  char msg[128];
  int k = snprintf (msg, sizeof msg, "smtgrind: error: out of memory (GMP asked for %zu bytes)\n", n);
  if (k > 0 && write (2, msg, (size_t) k) < 0) {}
  _exit (SG_EXIT_INTERNAL);
}

static void *
gmp_alloc (size_t n)
{
  void *p = malloc (n);
  if (!p) gmp_oom (n);
  return p;
}

static void *
gmp_realloc (void *p, size_t old, size_t n)
{
  (void) old;
  void *q = realloc (p, n);
  if (!q) gmp_oom (n);
  return q;
}

static void
gmp_free (void *p, size_t n)
{
  (void) n;
  free (p);
}

int
main (int argc, char **argv)
{
  mp_set_memory_functions (gmp_alloc, gmp_realloc, gmp_free);
  int code = dispatch (argc, argv);
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      fprintf (stderr, "smtgrind: error: cannot write to standard output: %s\n",
               strerror (errno));
      code = sg_cli_worse (code, sg_rc_exit_code (SG_RC_IO));
    }
  return code;
}
