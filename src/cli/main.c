/* main: entry point of the smtgrind CLI — dispatch over commands.def, help and version. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

static const sg_cli_cmd commands[] = {
#define CMD(name, fn, help, usage) { #name, fn, help, usage },
#include "cli/commands.def"
#undef CMD
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

const sg_cli_cmd *
sg_cli_find (const char *name)
{
  for (size_t i = 0; i < NCOMMANDS; i++)
    if (!strcmp (commands[i].name, name)) return &commands[i];
  return NULL;
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
  unsigned long long x = strtoull (v, &end, 10);
  if (errno || *end || !*v || v[0] == '-' || x < lo || x > hi) return false;
  *out = x;
  return true;
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
  for (size_t i = 0; i < NCOMMANDS; i++)
    fprintf (f, "  %-8s %s\n", commands[i].name, commands[i].help);
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
  if (sg_cli_is_help (argv[1])) { fputs (cmd->usage, stdout); return SG_EXIT_OK; }
  const sg_cli_cmd *c = sg_cli_find (argv[1]);
  if (!c) return sg_cli_usage_error (cmd, "unknown subcommand '%s'", argv[1]);
  fputs (c->usage, stdout);
  return SG_EXIT_OK;
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
  if (!strcmp (a, "--version")) { printf ("smtgrind %s\n", SG_VERSION); return SG_EXIT_OK; }
  const sg_cli_cmd *c = sg_cli_find (a);
  if (!c)
    {
      fprintf (stderr, "smtgrind: error: unknown %s '%s' (run 'smtgrind help')\n",
               a[0] == '-' ? "option" : "subcommand", a);
      return SG_EXIT_INPUT;
    }
  if (argc == 3 && sg_cli_is_help (argv[2])) { fputs (c->usage, stdout); return SG_EXIT_OK; }
  return c->run (c, argc - 1, argv + 1);
}

int
main (int argc, char **argv)
{
  int code = dispatch (argc, argv);
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      fprintf (stderr, "smtgrind: error: cannot write to standard output: %s\n",
               strerror (errno));
      code = sg_cli_worse (code, sg_rc_exit_code (SG_RC_IO));
    }
  return code;
}
