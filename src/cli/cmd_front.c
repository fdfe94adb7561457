/* cmd_front: the front-end subcommands — `parse` (check files, report sizes and speed) and
 * `print` (stream a file back as SMT-LIB). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/buf.h"
#include "cli/cli.h"
#include "cli/walk.h"
#include "front/parse.h"
#include "front/print.h"

static const char STDIN_NAME[] = "<stdin>";


/* Open `path` for reading ("-" is standard input); refuses directories.
 * On failure the error is in d (d->file = the shown name). */
static sg_rc
open_input (const char *path, sg_diag *d, int *fd /* OUT */)
{
  bool is_stdin = !strcmp (path, "-");
  sg_diag_init (d, is_stdin ? STDIN_NAME : path);
  if (is_stdin) { *fd = STDIN_FILENO; return SG_RC_OK; }
  *fd = open (path, O_RDONLY | O_CLOEXEC);
  if (*fd < 0) return sg_diag_set (d, SG_RC_IO, 0, 0, "cannot open: %s", strerror (errno));
  struct stat st;
  if (fstat (*fd, &st) == 0 && S_ISDIR (st.st_mode))
    {
      close (*fd);
      *fd = -1;
      return sg_diag_set (d, SG_RC_IO, 0, 0, "is a directory");
    }
  return SG_RC_OK;
}

static void
close_input (int fd)
{
  if (fd > STDIN_FILENO) close (fd);
}

/* A failure that left no diagnostic still gets one line. */
static void
ensure_diag (sg_diag *d, sg_rc rc)
{
  if (rc != SG_RC_OK && rc != SG_RC_EOF && d->rc == SG_RC_OK)
    sg_diag_set (d, rc, 0, 0, "%s", sg_rc_name (rc));
}

/* ---- parse -------------------------------------------------------------------------------- */

typedef struct parse_totals {
  uint64_t files;  /* files attempted */
  uint64_t errors; /* error lines printed */
  uint64_t bytes;  /* input bytes read */
  double secs;     /* time spent opening, parsing and freeing */
  int exit;        /* worst exit code so far */
} parse_totals;

static void
count_error (parse_totals *t, const sg_diag *d)
{
  sg_cli_print_diag (d);
  t->errors++;
  t->exit = sg_cli_worse (t->exit, sg_rc_exit_code (d->rc));
}

/* Parse one file into a fresh store; print its ok line or its error. */
static void
parse_one (const char *path, bool quiet, parse_totals *t)
{
  double t0 = sg_now ();
  sg_diag d;
  int fd;
  t->files++;
  sg_rc rc = open_input (path, &d, &fd);
  if (rc != SG_RC_OK) { count_error (t, &d); return; }
  sg_store st;
  sg_script sc;
  sg_parser *p = NULL;
  if ((rc = sg_store_init (&st)) != SG_RC_OK)
    {
      ensure_diag (&d, rc);
      count_error (t, &d);
      close_input (fd);
      return;
    }
  sg_script_init (&sc, &st);
  rc = sg_parser_new (&st, &sc, fd, NULL, 0, d.file, &d, &p);
  if (!rc) sg_parser_keep_check_sat_using (p);
  /* Streaming: a command that declares nothing is forgotten once checked, so a script of any
   * size is read in memory bounded by its declarations and its largest command. */
  uint64_t commands = 0, terms = 0;
  while (rc == SG_RC_OK && (rc = sg_parser_next (p)) == SG_RC_OK)
    {
      uint32_t before = sg_term_count (&st);
      commands++;
      if (sg_parser_forget_last (p)) terms += before - sg_term_count (&st);
    }
  terms += sg_term_count (&st);
  if (p) t->bytes += sg_parser_bytes (p);
  if (rc == SG_RC_EOF)
    {
      if (!quiet)
        printf ("%s: ok logic=%s commands=%llu terms=%llu\n", d.file,
                sc.logic != SG_ATOM_NONE ? sg_store_text (&st, sc.logic) : "-",
                (unsigned long long) commands, (unsigned long long) terms);
    }
  else
    {
      ensure_diag (&d, rc);
      count_error (t, &d);
    }
  if (p) sg_parser_free (p);
  sg_script_free (&sc);
  sg_store_free (&st);
  close_input (fd);
  t->secs += sg_now () - t0;
}

/* parse [--quiet] FILE|DIR|- ... */
int
sg_cli_parse (const sg_cli_cmd *cmd, int argc, char **argv)
{
  bool quiet = false, opts = true;
  int first = 0;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (opts && !strcmp (a, "--")) { opts = false; continue; }
      if (opts && sg_cli_is_help (a)) { sg_cli_usage (cmd, stdout); return SG_EXIT_OK; }
      if (opts && (!strcmp (a, "-q") || !strcmp (a, "--quiet"))) { quiet = true; continue; }
      if (opts && a[0] == '-' && a[1] != '\0')
        return sg_cli_usage_error (cmd, "unknown option '%s'", a);
      if (!first) first = i;
    }
  if (!first) return sg_cli_usage_error (cmd, "expected at least one FILE, DIR or '-'");

  parse_totals t = { 0, 0, 0, 0.0, SG_EXIT_OK };
  opts = true;
  for (int i = 1; i < argc; i++) /* from the start: a "--" before the first file counts */
    {
      const char *a = argv[i];
      if (opts && !strcmp (a, "--")) { opts = false; continue; }
      if (opts && a[0] == '-' && a[1] != '\0') continue; /* an option, handled above */
      if (!strcmp (a, "-")) { parse_one (a, quiet, &t); continue; }
      sg_walk w;
      sg_diag d;
      sg_walk_init (&w);
      sg_rc rc = sg_walk_add (&w, a, &d);
      for (uint32_t k = 0; k < w.paths.n; k++) parse_one (w.paths.a[k], quiet, &t);
      if (rc != SG_RC_OK) count_error (&t, &d); /* an empty directory or '' included */
      sg_walk_free (&w);
    }
  fflush (stdout);
  struct rusage ru;
  long rss_kb = getrusage (RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
  if (!quiet)
    fprintf (stderr, "parsed %llu files, %llu errors, %llu bytes in %.3f s (%.1f MB/s), "
             "peak RSS %.1f MB\n",
             (unsigned long long) t.files, (unsigned long long) t.errors,
             (unsigned long long) t.bytes, t.secs,
             t.secs > 0 ? (double) t.bytes / 1e6 / t.secs : 0.0, (double) rss_kb / 1024.0);
  return t.exit;
}

/* ---- print -------------------------------------------------------------------------------- */

/* print [--expand] FILE|- */
int
sg_cli_print (const sg_cli_cmd *cmd, int argc, char **argv)
{
  sg_print_opts po = { false, 0 };
  bool opts = true;
  const char *path = NULL;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (opts && !strcmp (a, "--")) { opts = false; continue; }
      if (opts && sg_cli_is_help (a)) { sg_cli_usage (cmd, stdout); return SG_EXIT_OK; }
      if (opts && !strcmp (a, "--expand")) { po.expand = true; continue; }
      if (opts && a[0] == '-' && a[1] != '\0')
        return sg_cli_usage_error (cmd, "unknown option '%s'", a);
      if (path) return sg_cli_usage_error (cmd, "expected one FILE, got '%s' and '%s'", path, a);
      path = a;
    }
  if (!path) return sg_cli_usage_error (cmd, "expected a FILE or '-'");

  sg_diag d;
  int fd;
  sg_rc rc = open_input (path, &d, &fd);
  if (rc != SG_RC_OK) { sg_cli_print_diag (&d); return sg_rc_exit_code (rc); }
  sg_store st;
  sg_script sc;
  sg_parser *p = NULL;
  sg_buf b;
  sg_buf_init (&b);
  if ((rc = sg_store_init (&st)) != SG_RC_OK)
    {
      ensure_diag (&d, rc);
      sg_cli_print_diag (&d);
      close_input (fd);
      return sg_rc_exit_code (rc);
    }
  sg_script_init (&sc, &st);
  rc = sg_parser_new (&st, &sc, fd, NULL, 0, d.file, &d, &p);
  if (!rc) sg_parser_keep_check_sat_using (p);
  uint32_t done = 0; /* commands printed so far */
  while (rc == SG_RC_OK && (rc = sg_parser_next (p)) == SG_RC_OK)
    {
      for (; done < sc.cmds.n && rc == SG_RC_OK; done++)
        {
          sg_buf_reset (&b);
          sg_print_cmd (&sc, done, &po, &b);
          if (b.len == 0 || sg_buf_cstr (&b)[b.len - 1] != '\n') sg_buf_addc (&b, '\n');
          if (!sg_buf_ok (&b))
            rc = sg_diag_set (&d, SG_RC_NOMEM, sc.cmds.a[done].line, sc.cmds.a[done].col,
                              "out of memory while printing this command");
          else if (fwrite (b.s, 1, b.len, stdout) != b.len)
            rc = sg_diag_set (&d, SG_RC_IO, 0, 0, "cannot write to standard output: %s",
                              strerror (errno));
        }
      /* Printed: forget it unless it declared something, so memory stays bounded. */
      if (rc == SG_RC_OK && sg_parser_forget_last (p)) done = sc.cmds.n;
      if (fd == STDIN_FILENO) fflush (stdout); /* interactive use: answer command by command */
    }
  ensure_diag (&d, rc);
  if (rc != SG_RC_EOF) sg_cli_print_diag (&d);
  sg_buf_free (&b);
  if (p) sg_parser_free (p);
  sg_script_free (&sc);
  sg_store_free (&st);
  close_input (fd);
  return sg_rc_exit_code (rc);
}
