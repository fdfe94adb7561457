/* cmd_reduce: `smtgrind reduce` — the ddSMT-compatible command line of the reducer
 * (src/reduce): a user command as the predicate, or a fuzz-loop finding (--finding). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/file.h"
#include "cli/cli.h"
#include "front/parse.h"
#include "reduce/reduce.h"
#include "run/spawn.h"

#define SG_REDUCE_GOLDEN_TIMEOUT_S 60.0 /* the golden run's limit without -t (README) */

static bool
parse_double (const char *v, double lo, double hi, double *out)
{
  char *end;
  errno = 0;
  double x = strtod (v, &end);
  if (errno || *end || !*v || !(x >= lo && x <= hi)) return false;
  *out = x;
  return true;
}

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

int
sg_cli_reduce (const sg_cli_cmd *cmd, int argc, char **argv)
{
  /* Stop signals: candidates and solvers go first, then we (run/spawn.h, reduce.c). */
  sg_spawn_block_stop_signals (NULL);
  sg_pred p;
  sg_pred_init (&p);
  sg_reduce_opts ro = { SG_STRAT_HYBRID, 0, 0, true, false };
  long ncpu = sysconf (_SC_NPROCESSORS_ONLN);
  ro.jobs = ncpu > 0 ? (uint32_t) ncpu : 1;
  const char *finding = NULL, *cross = NULL;
  bool memout_given = false;
  const char *pos[2] = { NULL, NULL };
  uint32_t npos = 0;
  double timeout = 0, cross_timeout = 0;
  int code = SG_EXIT_OK;
  int i = 1;
  for (; i < argc; i++)
    {
      const char *a = argv[i];
      if (sg_cli_is_help (a)) { sg_cli_usage (cmd, stdout); sg_pred_free (&p); return SG_EXIT_OK; }
      if (!strcmp (a, "--")) { i++; break; }
      if (a[0] != '-' || !a[1])
        {
          if (npos < 2) { pos[npos++] = a; continue; }
          break; /* ddSMT form: IN OUT COMMAND ARGS... */
        }
      /* flags without a value */
      if (!strcmp (a, "--ignore-output")) { p.main.ignore_out = p.main.ignore_err = true; continue; }
      if (!strcmp (a, "--ignore-out")) { p.main.ignore_out = true; continue; }
      if (!strcmp (a, "--ignore-err")) { p.main.ignore_err = true; continue; }
      if (!strcmp (a, "--cross-ignore-output") || !strcmp (a, "--ignore-output-cc")) { p.cross.ignore_out = p.cross.ignore_err = true; continue; }
      if (!strcmp (a, "--cross-ignore-out")) { p.cross.ignore_out = true; continue; }
      if (!strcmp (a, "--cross-ignore-err")) { p.cross.ignore_err = true; continue; }
      if (!strcmp (a, "-q") || !strcmp (a, "--quiet")) { ro.progress = false; continue; }
      if (!strcmp (a, "-v") || !strcmp (a, "--verbose")) { ro.verbose = true; continue; }
      if (i + 1 >= argc) { code = sg_cli_usage_error (cmd, "unknown option or missing value: '%s'", a); goto out; }
      const char *v = argv[++i];
      if (!strcmp (a, "--finding")) finding = v;
      else if (!strcmp (a, "--match-out")) p.main.match_out = v;
      else if (!strcmp (a, "--match-err")) p.main.match_err = v;
      else if (!strcmp (a, "--regex-out")) p.main.regex_out = v;
      else if (!strcmp (a, "--regex-err")) p.main.regex_err = v;
      else if (!strcmp (a, "-c") || !strcmp (a, "--cross-check")) cross = v;
      else if (!strcmp (a, "--cross-match-out") || !strcmp (a, "--match-out-cc")) p.cross.match_out = v;
      else if (!strcmp (a, "--cross-match-err") || !strcmp (a, "--match-err-cc")) p.cross.match_err = v;
      else if (!strcmp (a, "--cross-regex-out")) p.cross.regex_out = v;
      else if (!strcmp (a, "--cross-regex-err")) p.cross.regex_err = v;
      else if (!strcmp (a, "-t") || !strcmp (a, "--timeout"))
        {
          if (!parse_double (v, 0.001, 86400, &timeout))
            { code = sg_cli_usage_error (cmd, "--timeout needs seconds in (0, 86400], got '%s'", v); goto out; }
        }
      else if (!strcmp (a, "--cross-timeout") || !strcmp (a, "--timeout-cc"))
        {
          if (!parse_double (v, 0.001, 86400, &cross_timeout))
            { code = sg_cli_usage_error (cmd, "--cross-timeout needs seconds, got '%s'", v); goto out; }
        }
      else if (!strcmp (a, "--memout"))
        {
          double mb;
          if (!parse_double (v, 0, 1 << 30, &mb))
            { code = sg_cli_usage_error (cmd, "--memout needs megabytes (0 = no limit), got '%s'", v); goto out; }
          p.mem_bytes = (uint64_t) (mb * 1048576.0);
          memout_given = true;
        }
      else if (!strcmp (a, "-j") || !strcmp (a, "--jobs"))
        {
          double j;
          if (!parse_double (v, 1, 256, &j) || j != (double) (uint32_t) j)
            { code = sg_cli_usage_error (cmd, "--jobs needs a number in [1, 256], got '%s'", v); goto out; }
          ro.jobs = (uint32_t) j;
        }
      else if (!strcmp (a, "--budget"))
        {
          if (!parse_double (v, 0.001, 1e7, &ro.budget_s))
            { code = sg_cli_usage_error (cmd, "--budget needs seconds, got '%s'", v); goto out; }
        }
      else if (!strcmp (a, "--strategy"))
        {
          if (!strcmp (v, "ddmin")) ro.strategy = SG_STRAT_DDMIN;
          else if (!strcmp (v, "hierarchical")) ro.strategy = SG_STRAT_HIER;
          else if (!strcmp (v, "hybrid")) ro.strategy = SG_STRAT_HYBRID;
          else { code = sg_cli_usage_error (cmd, "--strategy is ddmin, hierarchical or hybrid, got '%s'", v); goto out; }
        }
      else { code = sg_cli_usage_error (cmd, "unknown option '%s'", a); goto out; }
    }
  /* Without --memout: the default share of the machine for the candidates run at once. */
  if (!memout_given) p.mem_bytes = sg_spawn_default_mem (ro.jobs);
  sg_diag d;
  const char *in = NULL, *outp = NULL;
  if (finding)
    {
      if (npos != 1 || i < argc)
        { code = sg_cli_usage_error (cmd, "--finding F.json takes one OUT file and no command"); goto out; }
      outp = pos[0];
      sg_diag_init (&d, finding);
      sg_rc rc = sg_pred_load_finding (&p, finding, &d);
      if (!rc) rc = sg_solver_list_check (&p.solvers, &d);
      if (rc) { sg_cli_print_diag (&d); code = sg_rc_exit_code (rc); goto out; }
      p.timeout_s = timeout;
      in = p.trigger;
    }
  else
    {
      if (npos != 2) { code = sg_cli_usage_error (cmd, "expected IN and OUT"); goto out; }
      if (i >= argc) { code = sg_cli_usage_error (cmd, "expected a COMMAND (after --)"); goto out; }
      in = pos[0];
      outp = pos[1];
      for (; i < argc; i++)
        {
          char *w = strdup (argv[i]);
          if (!w || !SG_VEC_PUSH (p.main.argv, w)) { free (w); code = SG_EXIT_INTERNAL; goto out; }
        }
      if (cross)
        {
          p.has_cross = true;
          if (split_words (cross, &p.cross.argv)) { code = SG_EXIT_INTERNAL; goto out; }
          if (!p.cross.argv.n) { code = sg_cli_usage_error (cmd, "--cross-check needs a command"); goto out; }
        }
      p.main.timeout_s = timeout;
      p.cross.timeout_s = cross_timeout ? cross_timeout : timeout;
      /* Without -t the golden run still has a limit: SG_REDUCE_GOLDEN_TIMEOUT_S or the
       * budget, whichever is smaller; later runs derive theirs from its time. */
      p.main.golden_timeout_s = p.cross.golden_timeout_s
          = ro.budget_s > 0 && ro.budget_s < SG_REDUCE_GOLDEN_TIMEOUT_S ? ro.budget_s : SG_REDUCE_GOLDEN_TIMEOUT_S;
      sg_diag_init (&d, "reduce");
      if (sg_pred_prepare_cmd (&p, &d)) { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; goto out; }
    }
  {
    char *text = NULL;
    size_t len = 0;
    sg_diag_init (&d, in[0] ? in : "''");
    sg_rc rc = in[0] ? sg_file_read (in, (size_t) 1 << 30, &text, &len, &d)
                     : sg_diag_set (&d, SG_RC_IO, 0, 0, "an empty path names no file");
    if (rc) { sg_cli_print_diag (&d); code = sg_rc_exit_code (rc); goto out; }
    sg_store s;
    sg_script sc;
    if (sg_store_init (&s)) { free (text); code = SG_EXIT_INTERNAL; goto out; }
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
        rc = sg_pred_golden (&p, in, text, len, &s, &sc, &d);
        if (rc)
          {
            fprintf (stderr, "smtgrind reduce: error: %s\n", d.msg);
            code = rc == SG_RC_USAGE ? SG_EXIT_INPUT : sg_rc_exit_code (rc);
          }
      }
    sg_script_free (&sc);
    sg_store_free (&s);
    if (!code)
      {
        if (ro.progress)
          fprintf (stderr, "reduce: %s: keeping %s; timeout %.2fs, %u job%s, strategy %s\n", in, p.desc,
                   p.mode == SG_PRED_FINDING ? p.timeout_s : p.main.timeout_s, ro.jobs,
                   ro.jobs == 1 ? "" : "s",
                   ro.strategy == SG_STRAT_DDMIN ? "ddmin" : ro.strategy == SG_STRAT_HIER ? "hierarchical" : "hybrid");
        sg_reduce_stats st;
        sg_diag_init (&d, in);
        rc = sg_reduce (&p, text, len, in, outp, &ro, &st, &d);
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
  }
out:
  sg_pred_free (&p);
  return code;
}
