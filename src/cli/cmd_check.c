/* cmd_check: `check` (run solvers on files, validate models, report a verdict) and `label`
 * (label seeds by the consensus of two solvers). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/walk.h"
#include "front/parse.h"
#include "oracle/probe.h"

#define DEFAULT_SOLVERS "z3;cvc5"

typedef struct check_cfg {
  const char *spec;       /* --solvers */
  const char *spec_file;  /* --solvers-file: one spec per line, replaces --solvers */
  double timeout_s;       /* -t/--timeout */
  bool models;            /* model validation by our evaluator */
  bool validate;          /* the solvers' own self-checks */
  bool incomplete;        /* report unknown where a decided answer is expected */
  bool quiet;             /* only verdicts */
  const char *out;        /* label: the index to write */
  sg_profiles profiles;   /* built-in profiles */
  sg_solver_list solvers; /* parsed spec */
  sg_patterns pats;       /* classification patterns */
} check_cfg;

static int
setup (const sg_cli_cmd *cmd, check_cfg *c)
{
  sg_diag d;
  sg_diag_init (&d, "--solvers");
  if (sg_profiles_init (&c->profiles, &d) || sg_patterns_add_defaults (&c->pats))
    {
      sg_cli_print_diag (&d);
      return SG_EXIT_INTERNAL;
    }
  if (c->spec_file ? sg_profiles_load_spec_file (&c->profiles, c->spec_file, &c->solvers, &d)
                   : sg_profiles_parse_spec (&c->profiles, c->spec, "--solvers", &c->solvers, &d))
    {
      sg_cli_print_diag (&d);
      return SG_EXIT_INPUT;
    }
  if (c->solvers.n == 0) return sg_cli_usage_error (cmd, "--solvers names no solver");
  return SG_EXIT_OK;
}

static void
teardown (check_cfg *c)
{
  sg_solver_list_free (&c->solvers);
  sg_profiles_free (&c->profiles);
  sg_patterns_free (&c->pats);
}

/* Read a whole file (the text the solvers get, unchanged). */
static char *
slurp (const char *path, size_t *len, sg_diag *d)
{
  FILE *f = fopen (path, "rb");
  if (!f) { sg_diag_set (d, SG_RC_IO, 0, 0, "cannot open: %s", strerror (errno)); return NULL; }
  sg_buf b;
  sg_buf_init (&b);
  char chunk[65536];
  size_t n;
  while ((n = fread (chunk, 1, sizeof chunk, f)) > 0) sg_buf_add (&b, chunk, n);
  bool err = ferror (f);
  fclose (f);
  if (err || !sg_buf_ok (&b))
    {
      sg_diag_set (d, err ? SG_RC_IO : SG_RC_NOMEM, 0, 0, err ? "read failed" : "out of memory");
      sg_buf_free (&b);
      return NULL;
    }
  *len = b.len;
  if (!b.s) { char *e = calloc (1, 1); return e; }
  return b.s;
}

static const char *
model_word (int m)
{
  switch (m)
    {
    case SG_MODEL_VALID: return "valid";
    case SG_MODEL_INVALID: return "INVALID";
    case SG_MODEL_UNDETERMINED: return "undetermined";
    }
  return "-";
}

/* Check one file: parse, probe, print the table and the verdict. Returns an exit code. */
static int
check_file (check_cfg *c, const char *path, sg_probe *pr, char *logic, size_t logic_size)
{
  sg_diag d;
  sg_diag_init (&d, path);
  size_t len = 0;
  char *text = slurp (path, &len, &d);
  if (!text) { sg_cli_print_diag (&d); return SG_EXIT_INPUT; }
  sg_store s;
  sg_script sc;
  if (sg_store_init (&s)) { free (text); return SG_EXIT_INTERNAL; }
  sg_script_init (&sc, &s);
  int code = SG_EXIT_OK;
  sg_rc rc = sg_parse_string (&s, &sc, text, len, path, &d);
  if (rc)
    {
      sg_cli_print_diag (&d);
      code = sg_rc_exit_code (rc);
      goto done;
    }
  snprintf (logic, logic_size, "%s", sc.logic != SG_ATOM_NONE ? sg_store_text (&s, sc.logic) : "-");
  sg_probe_opts po;
  memset (&po, 0, sizeof po);
  po.timeout_ms = (uint32_t) (c->timeout_s * 1000.0);
  po.models = c->models;
  po.validate = c->validate;
  po.oracle.expected = SG_ANS_NONE;
  po.oracle.incompleteness = c->incomplete;
  rc = sg_probe_script (&c->solvers, &c->pats, &s, &sc, text, len, &po, pr);
  if (rc)
    {
      sg_diag_set (&d, rc, 0, 0, "running the solvers failed: %s", sg_rc_name (rc));
      sg_cli_print_diag (&d);
      code = sg_rc_exit_code (rc);
    }
done:
  sg_script_free (&sc);
  sg_store_free (&s);
  free (text);
  return code;
}

static void
print_table (const check_cfg *c, const char *path, const sg_probe *pr)
{
  printf ("%s\n", path);
  if (!c->quiet)
    for (uint32_t i = 0; i < pr->runs.n; i++)
      {
        const sg_probe_run *r = &pr->runs.a[i];
        char ans[64] = "";
        if (r->skipped) snprintf (ans, sizeof ans, "skipped");
        else if (r->out.kind != SG_OUT_OK) snprintf (ans, sizeof ans, "%s", sg_outcome_kind_name (r->out.kind));
        else
          for (uint32_t k = 0; k < r->out.answers.n && strlen (ans) < 50; k++)
            snprintf (ans + strlen (ans), sizeof ans - strlen (ans), "%s%s", k ? "," : "",
                      sg_answer_name ((sg_answer) r->out.answers.a[k]));
        printf ("  %-10s %-16s %8.3fs  model %-12s %s%s%s\n", r->prof->name, ans[0] ? ans : "none",
                r->skipped ? 0.0 : r->out.wall_s, model_word (r->model),
                r->out.kind != SG_OUT_OK && !r->skipped ? r->out.reason : "",
                r->note[0] && (r->out.kind == SG_OUT_OK || r->skipped) ? r->note : "",
                "");
      }
  printf ("  verdict: %s%s%s\n", sg_verdict_kind_name (pr->verdict.kind), pr->verdict.why[0] ? ": " : "",
          pr->verdict.why);
}

static int
parse_opts (const sg_cli_cmd *cmd, int argc, char **argv, check_cfg *c, int *first)
{
  bool opts = true;
  *first = 0;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (opts && !strcmp (a, "--")) { opts = false; continue; }
      if (opts && sg_cli_is_help (a)) { fputs (cmd->usage, stdout); return -1; }
      if (opts && (!strcmp (a, "--solvers") || !strcmp (a, "-t") || !strcmp (a, "--timeout")
                   || !strcmp (a, "--out") || !strcmp (a, "--solvers-file")))
        {
          if (i + 1 >= argc) return sg_cli_usage_error (cmd, "%s needs a value", a);
          const char *v = argv[++i];
          if (!strcmp (a, "--solvers")) c->spec = v;
          else if (!strcmp (a, "--solvers-file")) c->spec_file = v;
          else if (!strcmp (a, "--out")) c->out = v;
          else
            {
              char *end;
              errno = 0;
              double t = strtod (v, &end);
              if (errno || *end || !(t > 0) || t > 86400)
                return sg_cli_usage_error (cmd, "--timeout needs seconds in (0, 86400], got '%s'", v);
              c->timeout_s = t;
            }
          argv[i - 1] = argv[i] = (char *) "";
          continue;
        }
      if (opts && !strcmp (a, "--no-models")) { c->models = false; argv[i] = (char *) ""; continue; }
      if (opts && !strcmp (a, "--no-validate")) { c->validate = false; argv[i] = (char *) ""; continue; }
      if (opts && !strcmp (a, "--incompleteness")) { c->incomplete = true; argv[i] = (char *) ""; continue; }
      if (opts && (!strcmp (a, "-q") || !strcmp (a, "--quiet"))) { c->quiet = true; argv[i] = (char *) ""; continue; }
      if (opts && a[0] == '-' && a[1]) return sg_cli_usage_error (cmd, "unknown option '%s'", a);
      if (!*first) *first = i;
    }
  if (!*first) return sg_cli_usage_error (cmd, "expected at least one FILE or DIR");
  return SG_EXIT_OK;
}

/* Every file named on the command line (directories: their *.smt2 files), in order. */
static int
for_each_file (check_cfg *c, int argc, char **argv, int first,
               int (*fn) (check_cfg *c, const char *path, void *ctx), void *ctx)
{
  int code = SG_EXIT_OK;
  for (int i = first; i < argc; i++)
    {
      if (!argv[i][0]) continue;
      sg_walk w;
      sg_diag d;
      sg_walk_init (&w);
      if (sg_walk_add (&w, argv[i], &d)) { sg_cli_print_diag (&d); code = sg_cli_worse (code, SG_EXIT_INPUT); }
      for (uint32_t k = 0; k < w.paths.n; k++)
        {
          int r = fn (c, w.paths.a[k], ctx);
          if (r == SG_EXIT_BUG && (code == SG_EXIT_OK)) code = SG_EXIT_BUG;
          else if (r != SG_EXIT_OK && r != SG_EXIT_BUG) code = sg_cli_worse (code == SG_EXIT_BUG ? SG_EXIT_OK : code, r);
        }
      sg_walk_free (&w);
    }
  return code;
}

static int
check_one (check_cfg *c, const char *path, void *ctx)
{
  unsigned *bugs = ctx;
  sg_probe pr;
  sg_probe_init (&pr);
  char logic[64];
  int code = check_file (c, path, &pr, logic, sizeof logic);
  if (code == SG_EXIT_OK)
    {
      print_table (c, path, &pr);
      if (pr.verdict.kind != SG_VERDICT_OK) { code = SG_EXIT_BUG; (*bugs)++; }
    }
  fflush (stdout);
  sg_probe_free (&pr);
  return code;
}

int
sg_cli_check (const sg_cli_cmd *cmd, int argc, char **argv)
{
  check_cfg c;
  memset (&c, 0, sizeof c);
  c.spec = DEFAULT_SOLVERS;
  c.timeout_s = 10;
  c.models = c.validate = true;
  int first, code = parse_opts (cmd, argc, argv, &c, &first);
  if (code) return code < 0 ? SG_EXIT_OK : code;
  if (c.out) return sg_cli_usage_error (cmd, "--out belongs to 'label'");
  if ((code = setup (cmd, &c))) { teardown (&c); return code; }
  unsigned bugs = 0;
  code = for_each_file (&c, argc, argv, first, check_one, &bugs);
  teardown (&c);
  return code;
}

/* ---- label ---- */

typedef struct label_ctx {
  FILE *f;           /* the index being written */
  unsigned kept;     /* files labelled */
  unsigned dropped;  /* files without consensus */
} label_ctx;

static int
label_one (check_cfg *c, const char *path, void *ctx)
{
  label_ctx *lc = ctx;
  sg_probe pr;
  sg_probe_init (&pr);
  char logic[64];
  int code = check_file (c, path, &pr, logic, sizeof logic);
  if (code == SG_EXIT_OK)
    {
      /* Consensus: every solver ran, answered exactly one decided answer, all the same. */
      bool ok = pr.runs.n > 0 && pr.verdict.kind == SG_VERDICT_OK;
      sg_answer a = SG_ANS_NONE;
      for (uint32_t i = 0; ok && i < pr.runs.n; i++)
        {
          const sg_probe_run *r = &pr.runs.a[i];
          ok = !r->skipped && r->out.kind == SG_OUT_OK && r->out.answers.n == 1
               && (r->out.answers.a[0] == SG_ANS_SAT || r->out.answers.a[0] == SG_ANS_UNSAT)
               && (a == SG_ANS_NONE || a == r->out.answers.a[0]);
          if (ok) a = (sg_answer) r->out.answers.a[0];
        }
      if (ok)
        {
          struct stat st;
          fprintf (lc->f, "%s\t%s\t%s", path, logic, sg_answer_name (a));
          for (uint32_t i = 0; i < pr.runs.n; i++) fprintf (lc->f, "\t%.0f", pr.runs.a[i].out.wall_s * 1000.0);
          fprintf (lc->f, "\t%lld\n", stat (path, &st) == 0 ? (long long) st.st_size : -1LL);
          lc->kept++;
        }
      else
        lc->dropped++;
      if (!c->quiet) fprintf (stderr, "%s: %s\n", path, ok ? sg_answer_name (a) : "dropped (no consensus)");
    }
  sg_probe_free (&pr);
  return code == SG_EXIT_BUG ? SG_EXIT_OK : code;
}

int
sg_cli_label (const sg_cli_cmd *cmd, int argc, char **argv)
{
  check_cfg c;
  memset (&c, 0, sizeof c);
  c.spec = DEFAULT_SOLVERS;
  c.timeout_s = 10;
  c.validate = true;
  int first, code = parse_opts (cmd, argc, argv, &c, &first);
  if (code) return code < 0 ? SG_EXIT_OK : code;
  if (!c.out) return sg_cli_usage_error (cmd, "--out INDEX.tsv is required");
  c.models = false;
  if ((code = setup (cmd, &c))) { teardown (&c); return code; }
  /* Written to a temporary file in the same directory, renamed when complete. */
  char tmp[4096];
  if ((size_t) snprintf (tmp, sizeof tmp, "%s.tmpXXXXXX", c.out) >= sizeof tmp)
    { teardown (&c); return sg_cli_usage_error (cmd, "--out path too long"); }
  int fd = mkstemp (tmp);
  FILE *f = fd >= 0 ? fdopen (fd, "w") : NULL;
  if (!f)
    {
      fprintf (stderr, "%s: error: cannot create: %s\n", c.out, strerror (errno));
      if (fd >= 0) { close (fd); unlink (tmp); }
      teardown (&c);
      return SG_EXIT_INPUT;
    }
  fprintf (f, "path\tlogic\tstatus");
  for (uint32_t i = 0; i < c.solvers.n; i++) fprintf (f, "\t%s_ms", c.solvers.a[i].name);
  fprintf (f, "\tbytes\n");
  label_ctx lc = { f, 0, 0 };
  code = for_each_file (&c, argc, argv, first, label_one, &lc);
  bool werr = ferror (f) != 0;
  if (fclose (f) != 0 || werr || rename (tmp, c.out) != 0)
    {
      fprintf (stderr, "%s: error: cannot write: %s\n", c.out, strerror (errno));
      unlink (tmp);
      code = sg_cli_worse (code, SG_EXIT_INPUT);
    }
  else
    fprintf (stderr, "label: %u files labelled, %u dropped, index written to %s\n", lc.kept, lc.dropped, c.out);
  teardown (&c);
  return code;
}
