/* cmd_reduce: `smtgrind reduce` — the ddSMT-compatible command line of the reducer
 * (src/reduce): a user command as the predicate, or a fuzz-loop finding (--finding). */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "base/opt.h"
#include "campaign/report.h"
#include "cli/cli.h"
#include "front/parse.h"
#include "reduce/reduce.h"
#include "run/run.h"
#include "run/spawn.h"

#define SG_REDUCE_GOLDEN_TIMEOUT_S 60.0 /* the golden run's limit without -t (docs/usage.md) */

/* Split a command string on blanks (no shell). */
static sg_rc
split_words (const char *s, sg_strv *out)
{
  while (*s)
    {
      while (*s == ' ' || *s == '\t') s++;
      if (!*s) break;
      const char *e = s;
      while (*e && *e != ' ' && *e != '\t') e++;
      char *w = strndup (s, (size_t) (e - s));
      if (!w || !SG_VEC_PUSH (*out, w)) { free (w); return SG_RC_NOMEM; }
      s = e;
    }
  return SG_RC_OK;
}

/* The command line of `reduce`, as one table of rows (base/opt.h). */
typedef struct reduce_cfg {
  const char *finding, *cross;
  const char *match_out, *match_err, *regex_out, *regex_err;
  const char *cross_match_out, *cross_match_err, *cross_regex_out, *cross_regex_err;
  bool ignore_output, ignore_out, ignore_err;
  bool cross_ignore_output, cross_ignore_out, cross_ignore_err;
  bool quiet, verbose;
  double timeout, cross_timeout, memout_mb, budget;
  bool memout_mb_given;
  uint32_t jobs;
  int strategy; /* index in "ddmin|hierarchical|hybrid" */
  double slower_than, slower_ratio; /* performance mode (0: not asked) */
  const char *reference;
} reduce_cfg;

#define R(f) ((uint16_t) offsetof (reduce_cfg, f))
#define NG SG_OPT_NO_GIVEN
static const sg_opt reduce_opts[] = {
  { 0, "--finding", NULL, "F", SG_OPT_STR, R (finding), NG, 0, 0, NULL, NULL, "" },
  { 0, "--match-out", NULL, "S", SG_OPT_STR, R (match_out), NG, 0, 0, NULL, NULL, "" },
  { 0, "--match-err", NULL, "S", SG_OPT_STR, R (match_err), NG, 0, 0, NULL, NULL, "" },
  { 0, "--regex-out", NULL, "RE", SG_OPT_STR, R (regex_out), NG, 0, 0, NULL, NULL, "" },
  { 0, "--regex-err", NULL, "RE", SG_OPT_STR, R (regex_err), NG, 0, 0, NULL, NULL, "" },
  { 0, "--ignore-output", NULL, NULL, SG_OPT_TRUE, R (ignore_output), NG, 0, 0, NULL, NULL, "" },
  { 0, "--ignore-out", NULL, NULL, SG_OPT_TRUE, R (ignore_out), NG, 0, 0, NULL, NULL, "" },
  { 0, "--ignore-err", NULL, NULL, SG_OPT_TRUE, R (ignore_err), NG, 0, 0, NULL, NULL, "" },
  { 0, "--cross-check", "-c", "CMD", SG_OPT_STR, R (cross), NG, 0, 0, NULL, NULL, "" },
  { 0, "--cross-match-out", "--match-out-cc", "S", SG_OPT_STR, R (cross_match_out), NG, 0, 0, NULL, NULL, "" },
  { 0, "--cross-match-err", "--match-err-cc", "S", SG_OPT_STR, R (cross_match_err), NG, 0, 0, NULL, NULL, "" },
  { 0, "--cross-regex-out", NULL, "RE", SG_OPT_STR, R (cross_regex_out), NG, 0, 0, NULL, NULL, "" },
  { 0, "--cross-regex-err", NULL, "RE", SG_OPT_STR, R (cross_regex_err), NG, 0, 0, NULL, NULL, "" },
  { 0, "--cross-ignore-output", "--ignore-output-cc", NULL, SG_OPT_TRUE, R (cross_ignore_output), NG, 0, 0, NULL, NULL, "" },
  { 0, "--cross-ignore-out", NULL, NULL, SG_OPT_TRUE, R (cross_ignore_out), NG, 0, 0, NULL, NULL, "" },
  { 0, "--cross-ignore-err", NULL, NULL, SG_OPT_TRUE, R (cross_ignore_err), NG, 0, 0, NULL, NULL, "" },
  { 0, "--timeout", "-t", "S", SG_OPT_SECS, R (timeout), NG, 0.001, 86400, "seconds in (0, 86400]", NULL, "" },
  { 0, "--cross-timeout", "--timeout-cc", "S", SG_OPT_SECS, R (cross_timeout), NG, 0.001, 86400, "seconds in (0, 86400]", NULL, "" },
  { 0, "--memout", NULL, "MB", SG_OPT_SECS, R (memout_mb), R (memout_mb_given), 0, 1 << 30, "megabytes (0 = no limit)", NULL, "" },
  { 0, "--jobs", "-j", "N", SG_OPT_U32, R (jobs), NG, 1, 256, "a number in [1, 256]", NULL, "" },
  { 0, "--budget", NULL, "S", SG_OPT_SECS, R (budget), NG, 0.001, 1e7, "seconds", NULL, "" },
  { 0, "--strategy", NULL, "S", SG_OPT_CHOICE, R (strategy), NG, 0, 0, NULL, "ddmin|hierarchical|hybrid", "" },
  { 0, "--slower-than", NULL, "S", SG_OPT_SECS, R (slower_than), NG, 0.001, 86400, "seconds in (0, 86400]", NULL, "" },
  { 0, "--slower-than-ratio", NULL, "R", SG_OPT_SECS, R (slower_ratio), NG, 0.001, 1e6, "a ratio in (0, 1e6]", NULL, "" },
  { 0, "--reference", NULL, "CMD", SG_OPT_STR, R (reference), NG, 0, 0, NULL, NULL, "" },
  { 0, "--quiet", "-q", NULL, SG_OPT_TRUE, R (quiet), NG, 0, 0, NULL, NULL, "" },
  { 0, "--verbose", "-v", NULL, SG_OPT_TRUE, R (verbose), NG, 0, 0, NULL, NULL, "" },
};

/* argv into c: options, up to two positional words (IN OUT, or OUT with --finding), then
 * the command (after "--" or the third positional word). Returns SG_EXIT_OK (*cmd_at: the
 * command's first word in argv), -1 after --help, or an exit code. */
static int
reduce_args (const sg_cli_cmd *cmd, int argc, char **argv, reduce_cfg *c, const char *pos[2],
             uint32_t *npos, int *cmd_at)
{
  int i = 1;
  for (; i < argc; i++)
    {
      const char *a = argv[i];
      if (sg_cli_is_help (a)) { sg_cli_usage (cmd, stdout); return -1; }
      if (!strcmp (a, "--")) { i++; break; }
      if (a[0] != '-' || !a[1])
        {
          if (*npos < 2) { pos[(*npos)++] = a; continue; }
          break; /* ddSMT form: IN OUT COMMAND ARGS... */
        }
      char err[300];
      int r = sg_opt_parse (reduce_opts, sizeof reduce_opts / sizeof reduce_opts[0], 0, c, argc, argv, &i, err, sizeof err);
      if (r < 0) return sg_cli_usage_error (cmd, "%s", err);
      if (r == 0) return sg_cli_usage_error (cmd, "unknown option '%s'", a);
    }
  *cmd_at = i;
  return SG_EXIT_OK;
}

/* The performance mode (--slower-than, --slower-than-ratio with --reference) into p: the
 * command's exit status and output are not judged, so its --match/--regex rules would go
 * unused. Returns the exit code. */
static int
perf_options (const sg_cli_cmd *cmd, const reduce_cfg *c, sg_pred *p)
{
  if ((c->slower_ratio > 0) != (c->reference != NULL))
    return sg_cli_usage_error (cmd, c->reference ? "--reference is the command --slower-than-ratio R compares with: give R"
                                                 : "--slower-than-ratio needs --reference CMD");
  if (!(c->slower_than > 0) && !(c->slower_ratio > 0)) return SG_EXIT_OK;
  const char *rule = c->match_out ? "--match-out" : c->match_err ? "--match-err" : c->regex_out ? "--regex-out"
                   : c->regex_err ? "--regex-err" : NULL;
  if (rule)
    return sg_cli_usage_error (cmd, "%s does not apply with --slower-than/--slower-than-ratio (the command's "
                               "output is not judged; use --cross-check for that)", rule);
  p->slower_s = c->slower_than;
  p->slower_ratio = c->slower_ratio;
  if (c->reference)
    {
      if (split_words (c->reference, &p->ref.argv)) return SG_EXIT_INTERNAL;
      if (!p->ref.argv.n) return sg_cli_usage_error (cmd, "--reference needs a command");
      p->ref.timeout_s = c->timeout;
      p->ref.golden_timeout_s = SG_REDUCE_GOLDEN_TIMEOUT_S;
    }
  return SG_EXIT_OK;
}

/* The predicate from c: a finding's, or the user's command. Returns the exit code; *in the
 * input file. */
static int
reduce_predicate (const sg_cli_cmd *cmd, const reduce_cfg *c, const sg_reduce_opts *ro, int argc, char **argv,
                  int at, const char *pos[2], uint32_t npos, sg_pred *p, const char **in, const char **outp)
{
  sg_diag d;
  sg_pred_cmd *m = &p->main, *x = &p->cross;
  m->match_out = c->match_out, m->match_err = c->match_err;
  m->regex_out = c->regex_out, m->regex_err = c->regex_err;
  m->ignore_out = c->ignore_output || c->ignore_out;
  m->ignore_err = c->ignore_output || c->ignore_err;
  x->match_out = c->cross_match_out, x->match_err = c->cross_match_err;
  x->regex_out = c->cross_regex_out, x->regex_err = c->cross_regex_err;
  x->ignore_out = c->cross_ignore_output || c->cross_ignore_out;
  x->ignore_err = c->cross_ignore_output || c->cross_ignore_err;
  /* Without --memout: the default share of the machine for the candidates run at once. */
  p->mem_bytes = c->memout_mb_given ? (uint64_t) (c->memout_mb * 1048576.0) : sg_spawn_default_mem (ro->jobs);
  /* One rule per stream: a --match with a --regex, or either with --ignore, would leave one
   * of them silently unused. */
  const char *rule[4][4] = {
    { "--match-out", c->match_out, "--regex-out", c->regex_out },
    { "--match-err", c->match_err, "--regex-err", c->regex_err },
    { "--cross-match-out", c->cross_match_out, "--cross-regex-out", c->cross_regex_out },
    { "--cross-match-err", c->cross_match_err, "--cross-regex-err", c->cross_regex_err },
  };
  const bool ignored[4] = { m->ignore_out, m->ignore_err, x->ignore_out, x->ignore_err };
  for (int i = 0; i < 4; i++)
    {
      if (rule[i][1] && rule[i][3])
        return sg_cli_usage_error (cmd, "%s and %s judge the same stream: give one", rule[i][0], rule[i][2]);
      if (ignored[i] && (rule[i][1] || rule[i][3]))
        return sg_cli_usage_error (cmd, "%s is given for a stream that is ignored (%s-ignore-%s)",
                                   rule[i][1] ? rule[i][0] : rule[i][2], i < 2 ? "-" : "--cross",
                                   i % 2 ? "err" : "out");
    }
  int code;
  if (c->finding)
    {
      if (c->slower_than > 0 || c->slower_ratio > 0 || c->reference)
        return sg_cli_usage_error (cmd, "--finding judges by the finding: %s does not apply",
                                   c->slower_than > 0 ? "--slower-than" : c->slower_ratio > 0 ? "--slower-than-ratio"
                                   : "--reference");
      for (int i = 0; i < 4; i++)
        if (rule[i][1] || rule[i][3] || ignored[i] || (i == 2 && c->cross))
          return sg_cli_usage_error (cmd, "--finding judges by the finding: %s does not apply",
                                     i == 2 && c->cross ? "--cross-check" : rule[i][1] ? rule[i][0]
                                     : rule[i][3] ? rule[i][2] : "--ignore-*");
      if (npos != 1 || at < argc) return sg_cli_usage_error (cmd, "--finding F.json takes one OUT file and no command");
      *outp = pos[0];
      sg_diag_init (&d, c->finding);
      sg_rc rc = sg_pred_load_finding (p, c->finding, &d);
      if (!rc) rc = sg_solver_list_check (&p->solvers, &d);
      if (rc) { sg_cli_print_diag (&d); return sg_rc_exit_code (rc); }
      p->timeout_s = c->timeout;
      /* Without -t, the golden run's limit is 10 s or the budget, whichever is smaller. */
      p->golden_timeout_s = ro->budget_s > 0 && ro->budget_s < 10.0 ? ro->budget_s : 0;
      *in = p->trigger;
      return SG_EXIT_OK;
    }
  code = perf_options (cmd, c, p);
  if (code) return code;
  if (npos != 2) return sg_cli_usage_error (cmd, "expected IN and OUT");
  if (at >= argc) return sg_cli_usage_error (cmd, "expected a COMMAND (after --)");
  *in = pos[0];
  *outp = pos[1];
  for (int i = at; i < argc; i++)
    {
      char *w = strdup (argv[i]);
      if (!w || !SG_VEC_PUSH (m->argv, w)) { free (w); return SG_EXIT_INTERNAL; }
    }
  if (c->cross)
    {
      p->has_cross = true;
      if (split_words (c->cross, &x->argv)) return SG_EXIT_INTERNAL;
      if (!x->argv.n) return sg_cli_usage_error (cmd, "--cross-check needs a command");
    }
  m->timeout_s = c->timeout;
  x->timeout_s = c->cross_timeout ? c->cross_timeout : c->timeout;
  /* Without -t the golden run still has a limit: SG_REDUCE_GOLDEN_TIMEOUT_S or the budget,
   * whichever is smaller; later runs derive theirs from its time. */
  m->golden_timeout_s = x->golden_timeout_s
      = ro->budget_s > 0 && ro->budget_s < SG_REDUCE_GOLDEN_TIMEOUT_S ? ro->budget_s : SG_REDUCE_GOLDEN_TIMEOUT_S;
  sg_diag_init (&d, "reduce");
  if (sg_pred_prepare_cmd (p, &d)) { sg_cli_print_diag (&d); return SG_EXIT_INPUT; }
  return SG_EXIT_OK;
}

/* --option-fuzz findings: drop the drawn options the finding does not need (before the text
 * is reduced, so every candidate runs with the fewest). */
static int
minimise_options (sg_pred *p, const sg_reduce_opts *ro, const char *in, const char *text, size_t len,
                  sg_store *s, const sg_script *sc)
{
  uint32_t before, after, runs;
  bool budget_hit;
  sg_rc rc = sg_pred_minimise_options (p, in, text, len, s, sc, &before, &after, &runs, &budget_hit);
  if (rc == SG_RC_IO)
    {
      /* an option kept because it could not be tested would be named as needed: stop */
      fprintf (stderr, "smtgrind reduce: error: %s: a solver could not be started while the drawn options "
               "were minimised: nothing was reduced\n", in);
      return SG_EXIT_INPUT;
    }
  if (rc)
    {
      fprintf (stderr, "smtgrind reduce: error: %s: %s\n", in, sg_rc_name (rc));
      return sg_rc_exit_code (rc);
    }
  if (!before) return SG_EXIT_OK;
  sg_buf line;
  sg_buf_init (&line);
  sg_pred_options_line (p, &line);
  if (ro->progress)
    fprintf (stderr, "reduce: options: %u of %u drawn options %s (%u runs)%s%s", after, before,
             budget_hit ? "kept, not all tried: the budget ran out" : "needed", runs,
             after ? ": " : "\n", after && sg_buf_cstr (&line) ? sg_buf_cstr (&line) + 2 : "");
  sg_buf_free (&line);
  return SG_EXIT_OK;
}

/* The reduced trigger names the options it needs in its first line (a comment). */
static sg_rc
name_options (const sg_pred *p, const char *outp, sg_diag *d)
{
  sg_buf b;
  sg_buf_init (&b);
  sg_pred_options_line (p, &b);
  if (!b.len)
    {
      sg_buf_free (&b);
      return SG_RC_OK;
    }
  char *text = NULL;
  size_t len = 0;
  sg_rc rc = sg_file_read (outp, (size_t) 1 << 30, &text, &len, d);
  if (!rc)
    {
      sg_buf_add (&b, text, len);
      rc = sg_buf_ok (&b) ? sg_file_write_atomic (outp, b.s, b.len, false) : SG_RC_NOMEM;
      if (rc) sg_diag_set (d, rc, 0, 0, "%s: cannot write", outp);
    }
  free (text);
  sg_buf_free (&b);
  return rc;
}

/* OUT before anything runs (it is rewritten after every improvement, base/file.h): never the
 * input nor the finding's .smt2/.json (also through a link); a regular file or a new name in a
 * directory we can write, or a link to a file we can write; never a directory, device, FIFO,
 * socket or dangling link. Returns the exit code (SG_EXIT_INPUT with "OUT: error: ..."). */
static int
check_out (const char *in, const char *json, const char *outp)
{
  sg_diag d;
  sg_diag_init (&d, outp[0] ? outp : "''");
  struct stat so, sl, si;
  bool exists = stat (outp, &so) == 0;
  int serr = exists ? 0 : errno;
  bool entry = lstat (outp, &sl) == 0;
  const char *what[2] = { in, json };
  for (int i = 0; i < 2 && outp[0]; i++)
    if (what[i] && stat (what[i], &si) == 0
        && ((exists && so.st_dev == si.st_dev && so.st_ino == si.st_ino)
            || (entry && sl.st_dev == si.st_dev && sl.st_ino == si.st_ino)))
      sg_diag_set (&d, SG_RC_USAGE, 0, 0, "names the %s %s, which reduce would overwrite: give another OUT",
                   i ? "finding's JSON" : "input", what[i]);
  if (!outp[0]) sg_diag_set (&d, SG_RC_USAGE, 0, 0, "an empty path names no file");
  else if (exists && S_ISDIR (so.st_mode)) sg_diag_set (&d, SG_RC_USAGE, 0, 0, "is a directory");
  else if (exists && !S_ISREG (so.st_mode))
    sg_diag_set (&d, SG_RC_USAGE, 0, 0, "not a regular file (a device, FIFO or socket): reduce "
                                        "replaces OUT with a new file, so OUT must be a file");
  else if (entry && S_ISLNK (sl.st_mode))
    {
      /* A link is written through (base/file.h): its file must be there and writable. */
      if (!exists) sg_diag_set (&d, SG_RC_USAGE, 0, 0, "a link to no file: %s", strerror (serr));
      else if (access (outp, W_OK) != 0)
        sg_diag_set (&d, SG_RC_USAGE, 0, 0, "cannot write the file it links to: %s", strerror (errno));
    }
  else
    {
      char dir[4096];
      const char *slash = strrchr (outp, '/');
      int n = !slash ? snprintf (dir, sizeof dir, ".")
                     : snprintf (dir, sizeof dir, "%.*s", slash == outp ? 1 : (int) (slash - outp), outp);
      if (n < 0 || (size_t) n >= sizeof dir) sg_diag_set (&d, SG_RC_USAGE, 0, 0, "path too long");
      else if (access (dir, W_OK | X_OK) != 0)
        sg_diag_set (&d, SG_RC_USAGE, 0, 0, "cannot write in %s: %s", dir, strerror (errno));
    }
  if (!d.rc) return SG_EXIT_OK;
  sg_cli_print_diag (&d);
  return SG_EXIT_INPUT;
}

/* Read and parse in, check the golden run, reduce into outp. Returns the exit code. */
static int
reduce_run (sg_pred *p, const sg_reduce_opts *ro, const char *in, const char *outp)
{
  char *text = NULL;
  size_t len = 0;
  sg_diag d;
  sg_diag_init (&d, in[0] ? in : "''");
  sg_rc rc = in[0] ? sg_file_read (in, (size_t) 1 << 30, &text, &len, &d)
                   : sg_diag_set (&d, SG_RC_IO, 0, 0, "an empty path names no file");
  if (rc) { sg_cli_print_diag (&d); return sg_rc_exit_code (rc); }
  /* IN that is not a plain file (/dev/stdin, a pipe, a link: /dev/stdin is a link to a file
   * read to its end already) was read once: the golden run gets a copy. */
  char tdir[4096] = "", copy[4200];
  const char *golden_in = in;
  struct stat st;
  if (lstat (in, &st) == 0 && !S_ISREG (st.st_mode))
    {
      if (sg_run_tmpdir_make (tdir, sizeof tdir)
          || (snprintf (copy, sizeof copy, "%s/input.smt2", tdir), sg_file_write_atomic (copy, text, len, false)))
        {
          fprintf (stderr, "smtgrind reduce: error: cannot copy %s to a temporary file: %s\n", in, strerror (errno));
          if (tdir[0]) sg_run_tmpdir_remove (tdir);
          free (text);
          return SG_EXIT_INPUT;
        }
      golden_in = copy;
    }
  int code = SG_EXIT_OK;
  sg_store s;
  sg_script sc;
  if (sg_store_init (&s)) { free (text); return SG_EXIT_INTERNAL; }
  sg_script_init (&sc, &s);
  rc = sg_parse_string (&s, &sc, text, len, in, &d);
  if (rc)
    {
      sg_cli_print_diag (&d);
      code = sg_rc_exit_code (rc);
    }
  else
    {
      sg_diag_init (&d, in);
      rc = sg_pred_golden (p, golden_in, text, len, &s, &sc, &d);
      if (rc)
        {
          fprintf (stderr, "smtgrind reduce: error: %s\n", d.msg);
          code = rc == SG_RC_USAGE ? SG_EXIT_INPUT : sg_rc_exit_code (rc);
        }
      else
        code = minimise_options (p, ro, golden_in, text, len, &s, &sc);
    }
  sg_script_free (&sc);
  sg_store_free (&s);
  if (tdir[0]) sg_run_tmpdir_remove (tdir);
  if (!code)
    {
      if (ro->progress)
        fprintf (stderr, "reduce: %s: keeping %s; timeout %.2fs, %u job%s, strategy %s\n", in, p->desc,
                 p->mode == SG_PRED_FINDING ? p->timeout_s : p->main.timeout_s, ro->jobs,
                 ro->jobs == 1 ? "" : "s",
                 ro->strategy == SG_STRAT_DDMIN ? "ddmin" : ro->strategy == SG_STRAT_HIER ? "hierarchical" : "hybrid");
      sg_reduce_stats st;
      sg_diag_init (&d, in);
      rc = sg_reduce (p, text, len, in, outp, ro, &st, &d);
      if (!rc) rc = name_options (p, outp, &d);
      if (rc) { sg_cli_print_diag (&d); code = sg_rc_exit_code (rc); }
      else
        printf ("reduced %s -> %s: %llu -> %llu bytes, %llu -> %llu terms, %llu checks, %llu runs, "
                "%llu cache hits, %llu ill-sorted, %.2fs%s\n", in, outp,
                (unsigned long long) st.in_bytes, (unsigned long long) st.out_bytes,
                (unsigned long long) st.in_terms, (unsigned long long) st.out_terms,
                (unsigned long long) st.checks, (unsigned long long) st.runs,
                (unsigned long long) st.cache_hits, (unsigned long long) st.ill_sorted, st.wall_s,
                st.budget_hit ? " (budget reached)" : "");
    }
  free (text);
  return code;
}

/* A finding's reduction: the line that shows its bug on OUT (campaign/report.h), on stdout;
 * an incremental finding's query may have moved: the oracle's line on OUT instead. */
static void
print_repro (const char *json, const char *outp, const sg_pred *p)
{
  char *jt = NULL, *rt = NULL;
  size_t jl = 0, rl = 0;
  sg_diag d;
  sg_diag_init (&d, json);
  sg_report_repro r;
  if (!sg_file_read (json, (size_t) 1 << 22, &jt, &jl, &d) && !sg_file_read (outp, (size_t) 1 << 30, &rt, &rl, &d)
      && sg_report_repro_text (jt, jl, rt, outp, &r))
    {
      char why[256];
      if (!p->incr)
        printf ("reproduce: %s%s\nexpected: %s; actual: %s\n", r.get_model ? "(with (get-model) after its check-sat, its (exit) taken out) " : "",
                r.shell, r.expected, r.actual);
      else if (sg_pred_incr_explain (p, rt, rl, why, sizeof why))
        printf ("reproduce: %s\nshown: %s\n", r.shell, why);
      else
        printf ("reproduce: %s\nnot shown in a last run: %s\n", r.shell, why);
    }
  free (jt);
  free (rt);
}

int
sg_cli_reduce (const sg_cli_cmd *cmd, int argc, char **argv)
{
  /* Stop signals: candidates and solvers go first, then we (run/spawn.h, reduce.c). */
  sg_spawn_block_stop_signals (NULL);
  double t0 = sg_spawn_now ();
  reduce_cfg c;
  memset (&c, 0, sizeof c);
  long ncpu = sysconf (_SC_NPROCESSORS_ONLN);
  c.jobs = ncpu > 0 ? (uint32_t) ncpu : 1;
  c.strategy = 2; /* hybrid */
  const char *pos[2] = { NULL, NULL };
  uint32_t npos = 0;
  int at = argc;
  int code = reduce_args (cmd, argc, argv, &c, pos, &npos, &at);
  if (code) return code < 0 ? SG_EXIT_OK : code;
  static const sg_strategy strategies[] = { SG_STRAT_DDMIN, SG_STRAT_HIER, SG_STRAT_HYBRID };
  sg_reduce_opts ro = { strategies[c.strategy], c.jobs, c.budget, !c.quiet, c.verbose, t0 };
  sg_pred p;
  sg_pred_init (&p);
  /* The budget counts from here, the golden run included: no run outlasts it. */
  p.deadline = c.budget > 0 ? t0 + c.budget : 0;
  const char *in = NULL, *outp = NULL;
  code = reduce_predicate (cmd, &c, &ro, argc, argv, at, pos, npos, &p, &in, &outp);
  if (!code) code = check_out (in, c.finding, outp);
  if (!code) code = sg_cli_out_file ("reduce", outp); /* tried, not asked: root passes access() */
  if (!code) code = reduce_run (&p, &ro, in, outp);
  if (!code && c.finding) print_repro (c.finding, outp, &p);
  sg_pred_free (&p);
  return code;
}
