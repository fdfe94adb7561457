/* fuzzflags: the option tables of cli/fuzz_opts.def and the usage texts built from them. */
#include "cli/fuzzflags.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define T_STR SG_OPT_STR
#define T_U32 SG_OPT_U32
#define T_U64 SG_OPT_U64
#define T_SECS SG_OPT_SECS
#define T_SET SG_OPT_SET
#define T_TRUE SG_OPT_TRUE
#define T_FALSE SG_OPT_FALSE

#define S_BOTH SG_CLI_BOTH
#define S_ENGINE SG_CLI_ENGINE
#define S_CAMPAIGN SG_CLI_CAMPAIGN

const sg_opt sg_cli_fuzz_opts[] = {
#define OPT(scope, name, alias, arg, type, field, lo, hi, what, help)                             \
  { S_##scope, name, alias, arg, T_##type, (uint16_t) offsetof (sg_cli_fuzz_cfg, field),         \
    SG_OPT_NO_GIVEN, lo, hi, what, NULL, help },
#define OPT_GIVEN(scope, name, alias, arg, type, field, lo, hi, what, help)                       \
  { S_##scope, name, alias, arg, T_##type, (uint16_t) offsetof (sg_cli_fuzz_cfg, field),         \
    (uint16_t) offsetof (sg_cli_fuzz_cfg, field##_given), lo, hi, what, NULL, help },
#include "cli/fuzz_opts.def"
#undef OPT
#undef OPT_GIVEN
};
const size_t sg_cli_fuzz_nopts = sizeof sg_cli_fuzz_opts / sizeof sg_cli_fuzz_opts[0];

void
sg_cli_fuzz_defaults (sg_cli_fuzz_cfg *c, double timeout_s)
{
  memset (c, 0, sizeof *c);
  c->spec = NULL;
  c->timeout_s = timeout_s;
  c->memout_mb = UINT64_MAX;
  c->models = true;
  c->model_sample = 2;
  c->referee = "auto";
  c->chain_timeouts = 5;
}

/* The help of rows with the word key (if any) in a help text replaced by value. */
static void
help_rows (unsigned scope, const sg_cli_fuzz_cfg *defaults, const char *key, const char *value, sg_buf *out)
{
  sg_buf tmp;
  sg_buf_init (&tmp);
  sg_opt_help (sg_cli_fuzz_opts, sg_cli_fuzz_nopts, scope, defaults, &tmp);
  const char *s = sg_buf_cstr (&tmp);
  const char *hit = s && key ? strstr (s, key) : NULL;
  if (hit)
    {
      sg_buf_add (out, s, (size_t) (hit - s));
      sg_buf_adds (out, value);
      sg_buf_adds (out, hit + strlen (key));
    }
  else if (s)
    sg_buf_adds (out, s);
  sg_buf_free (&tmp);
}

void
sg_cli_engine_usage (const sg_technique *t, const sg_cli_fuzz_cfg *d, sg_buf *out)
{
  sg_buf_printf (out, "usage: smtgrind %s %s[options]%s\n\n%s", t->name, t->args ? t->args : "",
                 t->nseeds ? " SEED|DIR..." : "", t->about);
  if (t->nopts)
    {
      sg_buf_printf (out, "\n%s options:\n", t->name);
      sg_opt_help (t->opts, t->nopts, 0, &d->tc, out);
    }
  sg_buf_adds (out, "\ncommon options (every engine):\n");
  sg_cli_fuzz_cfg f = *d;
  if (!f.spec) f.spec = "\"z3;cvc5\"";
  help_rows (SG_CLI_ENGINE, &f, "DATA", t->data_help ? t->data_help : "(none for this technique)", out);
  sg_buf_adds (out,
               "yinyang's positional form (the solver SPEC before the seeds) works too.\n"
               "\n"
               "A status line goes to stderr every 2 s. A mutant goes through the fast path (sessions, no\n"
               "models); a suspicious verdict is re-run in fresh processes with models checked, refereed,\n"
               "and confirmed by one more fresh run before a finding is written; unknown, timeouts and\n"
               "rejections are counted, never bugs.\n"
               "exit status: 0 no finding, 10 findings written, 2 usage or input error.\n");
}

void
sg_cli_campaign_usage (const sg_cli_fuzz_cfg *d, sg_buf *out)
{
  sg_buf_adds (out,
               "usage: smtgrind campaign [options] [SEED|DIR...]\n"
               "       smtgrind campaign --resume DIR [--budget S] [--log] [--no-reduce]\n"
               "\n"
               "Run the mutation engines side by side (weighted) on N worker processes against the\n"
               "solvers for a time budget. Every confirmed finding is written as a trigger + JSON pair\n"
               "under DIR/findings/ and recorded in DIR/campaign.db (SQLite, WAL: a kill -9 at any moment\n"
               "loses nothing already recorded), deduplicated into buckets (crashes by their normalised\n"
               "signature; wrong answers and invalid models by solver, kind, logic and the shape of the\n"
               "trigger with leaf constants and names ignored). The first trigger of every new bucket is\n"
               "reduced in the background ('smtgrind reduce', with a time cap), then triaged over the\n"
               "releases of its solver's family ('smtgrind triage': open in the newest release, or fixed\n"
               "in which; off without a list of releases). At the end: the bucket list, DIR/report.html,\n"
               "and how to continue. Engines that need labelled seeds label the unlabelled ones first\n"
               "(the consensus of the solvers under test, kept in DIR/labels.tsv). With no arguments: the\n"
               "installed solvers among z3, cvc5 and cvc4, the seeds that ship with smtgrind (seeds/), one\n"
               "minute, one worker per core.\n"
               "\n"
               "options:\n");
  sg_cli_fuzz_cfg f = *d;
  if (!f.spec) f.spec = "z3, cvc5, cvc4 found in PATH";
  char names[512];
  sg_technique_engine_names (names, sizeof names);
  help_rows (SG_CLI_CAMPAIGN, &f, "ENGINES", names, out);
  sg_buf_adds (out,
               "\n"
               "Each worker runs one solver at a time, through persistent sessions where the profile says\n"
               "they pay (every finding is confirmed in fresh processes; after a kill -9 of the campaign\n"
               "its guardian kills them) and one mutant at a time (the workers fill the cores).\n"
               "exit status: 0 no finding, 10 findings, 2 usage or input error, 1 internal error,\n"
               "128+N interrupted by signal N (130 Ctrl-C, 143 SIGTERM), whatever was found.\n");
}

int
sg_cli_fuzz_parse (const sg_cli_cmd *cmd, unsigned scope, sg_cli_fuzz_cfg *c, int argc, char **argv, int *i)
{
  char err[300];
  int r = sg_opt_parse (sg_cli_fuzz_opts, sg_cli_fuzz_nopts, scope, c, argc, argv, i, err, sizeof err);
  if (r < 0) sg_cli_usage_error (cmd, "%s", err);
  return r;
}

/* --option-fuzz: the option table of each solver under test, from the cache or read from
 * its binary (a minute or two per solver the first time). A solver without an option reader
 * (boolector, a generic binary) draws no options. */
static int
option_tables (const sg_cli_cmd *cmd, const sg_cli_fuzz_cfg *f, sg_cli_solvers *s)
{
  s->option_fuzz = SG_SOPT_FUZZ_OFF;
  if (f->option_fuzz && !sg_solopt_mode_parse (f->option_fuzz, &s->option_fuzz))
    return sg_cli_usage_error (cmd, "--option-fuzz: expected off, safe or full, not '%s'", f->option_fuzz);
  if (s->option_fuzz == SG_SOPT_FUZZ_OFF) return SG_EXIT_OK;
  s->tables = calloc (s->solvers.n, sizeof *s->tables);
  s->table_of = calloc (s->solvers.n, sizeof *s->table_of);
  if (!s->tables || !s->table_of) return SG_EXIT_INTERNAL;
  for (uint32_t i = 0; i < s->solvers.n; i++)
    {
      const sg_profile *p = &s->solvers.a[i];
      sg_solopt_table_init (&s->tables[i]);
      if (!sg_solopt_readable (p))
        {
          fprintf (stderr, "%s: note: --option-fuzz: no option reader for '%s': its runs get no options\n",
                   cmd->name, p->name);
          continue;
        }
      char path[8192];
      sg_diag d;
      sg_diag_init (&d, "--option-fuzz");
      sg_rc rc = sg_solopt_cache_path (p, f->option_cache, path, sizeof path, &d);
      if (!rc && access (path, F_OK))
        fprintf (stderr, "%s: reading the options of %s (once; cached in %s)\n", cmd->name, p->name, path);
      if (!rc) rc = sg_solopt_load (p, &s->pats, path, false, &s->tables[i], stderr, &d);
      if (rc)
        {
          sg_cli_print_diag (&d);
          return rc == SG_RC_NOMEM ? SG_EXIT_INTERNAL : SG_EXIT_INPUT;
        }
      s->table_of[i] = &s->tables[i];
      uint32_t drawable = 0, expert = 0;
      for (uint32_t k = 0; k < s->tables[i].opts.n; k++)
        if (sg_solopt_drawable (&s->tables[i].opts.a[k]))
          {
            drawable++;
            expert += s->tables[i].opts.a[k].expert;
          }
      fprintf (stderr, "%s: --option-fuzz %s: %s %s: %u options, %u drawable (%u expert)\n", cmd->name,
               f->option_fuzz, p->name, s->tables[i].version, s->tables[i].opts.n, drawable, expert);
    }
  return SG_EXIT_OK;
}

int
sg_cli_solvers_open (const sg_cli_cmd *cmd, const sg_cli_fuzz_cfg *f, sg_cli_solvers *s)
{
  memset (s, 0, sizeof *s);
  sg_diag d;
  sg_diag_init (&d, "--solvers");
  sg_patterns_init (&s->pats);
  if (sg_profiles_init (&s->ps, &d))
    {
      sg_cli_print_diag (&d);
      sg_patterns_free (&s->pats);
      return SG_EXIT_INTERNAL;
    }
  int code = SG_EXIT_OK;
  if (sg_patterns_add_defaults (&s->pats)) { code = SG_EXIT_INTERNAL; goto fail; }
  if (f->spec_file ? sg_profiles_load_spec_file (&s->ps, f->spec_file, &s->solvers, &d)
                   : sg_profiles_parse_spec (&s->ps, f->spec, "--solvers", &s->solvers, &d))
    { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; goto fail; }
  if (!s->solvers.n) { code = sg_cli_usage_error (cmd, "no solver given"); goto fail; }
  if (sg_solver_list_check (&s->solvers, &d)) { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; goto fail; }
  /* Referees: a spec, none, or (auto) the installed built-in solvers not under test. */
  if (!strcmp (f->referee, "auto"))
    {
      if (sg_profiles_auto_referees (&s->ps, &s->solvers, &s->referees, &d))
        { sg_cli_print_diag (&d); code = SG_EXIT_INTERNAL; goto fail; }
    }
  else if (strcmp (f->referee, "none")
           && (sg_profiles_parse_spec (&s->ps, f->referee, "--referee", &s->referees, &d)
               || sg_solver_list_check (&s->referees, &d)))
    { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; goto fail; }
  if (f->tc.reference)
    {
      /* --reference must name a solver under test, and there must be another to compare. */
      uint32_t k = 0;
      while (k < s->solvers.n && strcmp (s->solvers.a[k].name, f->tc.reference)) k++;
      if (k == s->solvers.n)
        { code = sg_cli_usage_error (cmd, "--reference %s is not one of the --solvers", f->tc.reference); goto fail; }
      if (s->solvers.n < 2) { code = sg_cli_usage_error (cmd, "--reference needs a second solver to compare"); goto fail; }
    }
  if ((code = option_tables (cmd, f, s))) goto fail;
  return SG_EXIT_OK;
fail:
  sg_cli_solvers_close (s);
  return code;
}

void
sg_cli_solvers_close (sg_cli_solvers *s)
{
  for (uint32_t i = 0; s->tables && i < s->solvers.n; i++) sg_solopt_table_free (&s->tables[i]);
  free (s->tables);
  free (s->table_of);
  sg_solver_list_free (&s->solvers);
  sg_solver_list_free (&s->referees);
  sg_profiles_free (&s->ps);
  sg_patterns_free (&s->pats);
  memset (s, 0, sizeof *s);
}
