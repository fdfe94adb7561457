#define _DEFAULT_SOURCE /* sysconf names */
/* cmd_fuzz: the engine subcommands — one per technique of tech/tech.c, all on the one fuzz
 * loop. The flags come from cli/fuzz_opts.def (shared and engine rows) and the technique's
 * own rows; nothing here names a technique. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/file.h"
#include "loop/loop.h"
#include "cli/cli.h"
#include "cli/fuzzflags.h"
#include "cli/seeds.h"

typedef SG_VEC (const char *) input_vec;

static void
engine_defaults (const sg_technique *t, sg_cli_fuzz_cfg *c)
{
  memset (c, 0, sizeof *c);
  sg_cli_fuzz_defaults (c, t->timeout_s);
  c->tc = t->defaults;
  c->jobs = 1;
  c->out = "findings";
  c->parallel = -1;
  c->sessions = true;
}

void
sg_cli_engine_usage_of (const sg_technique *t, sg_buf *out)
{
  sg_cli_fuzz_cfg c;
  engine_defaults (t, &c);
  sg_cli_engine_usage (t, &c, out);
}

/* argv into c and inputs. Returns SG_EXIT_OK, -1 after --help, or an exit code. */
static int
parse_args (const sg_cli_cmd *cmd, const sg_technique *t, int argc, char **argv, sg_cli_fuzz_cfg *c,
            input_vec *inputs)
{
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (sg_cli_is_help (a))
        {
          sg_buf b;
          sg_buf_init (&b);
          sg_cli_engine_usage_of (t, &b);
          fputs (sg_buf_cstr (&b), stdout);
          sg_buf_free (&b);
          return -1;
        }
      int r = sg_cli_fuzz_parse (cmd, SG_CLI_ENGINE, c, argc, argv, &i);
      if (r < 0) return SG_EXIT_INPUT;
      if (r > 0)
        {
          if (!strncmp (a, "--data", 6) && (!a[6] || a[6] == '=') && !t->data_help)
            {
              const sg_technique *o = sg_technique_owning (t, a);
              return sg_cli_usage_error (cmd, "--data belongs to '%s' (and the other techniques with a data file)",
                                         o ? o->name : "?");
            }
          continue;
        }
      char err[300];
      r = sg_opt_parse (t->opts, t->nopts, 0, &c->tc, argc, argv, &i, err, sizeof err);
      if (r < 0) return sg_cli_usage_error (cmd, "%s", err);
      if (r > 0) continue;
      if (a[0] == '-' && a[1])
        {
          const sg_technique *o = sg_technique_owning (t, a);
          if (o) return sg_cli_usage_error (cmd, "%s belongs to '%s'", a, o->name);
          return sg_cli_usage_error (cmd, "unknown option '%s'", a);
        }
      /* yinyang's positional form: the solver spec comes first ("z3;cvc5" or a solver name). */
      struct stat stt;
      if (!c->spec && !c->spec_file && inputs->n == 0 && a[0] && stat (a, &stt) != 0) { c->spec = a; continue; }
      if (!SG_VEC_PUSH (*inputs, a)) return SG_EXIT_INTERNAL;
    }
  if (!inputs->n && t->nseeds) return sg_cli_usage_error (cmd, "expected seed files or directories");
  if (inputs->n && !t->nseeds) return sg_cli_usage_error (cmd, "'%s' generates its formulas: it takes no seed files", t->name);
  if (!c->spec) c->spec = "z3;cvc5";
  if (!c->seed_given) c->seed = (uint64_t) time (NULL) ^ ((uint64_t) getpid () << 32);
  if (c->adaptive && strcmp (c->adaptive, "on") && strcmp (c->adaptive, "off"))
    return sg_cli_usage_error (cmd, "--adaptive-timeout: expected 'on' or 'off', got '%s'", c->adaptive);
  return SG_EXIT_OK;
}

/* --data: loaded once here, so a file that does not load stops the run before anything runs
 * (the workers would each fail to start and run nothing). */
static int
check_data (const sg_technique *t, const sg_cli_fuzz_cfg *c)
{
  if (!c->tc.data_file) return SG_EXIT_OK;
  void *st = NULL;
  sg_diag dd;
  sg_diag_init (&dd, c->tc.data_file);
  sg_rc trc = t->init (&c->tc, NULL, &st, &dd);
  if (trc)
    {
      if (!dd.rc) sg_diag_set (&dd, trc, 0, 0, "cannot load this data file");
      /* a bad option (enum's --from, --shard) is not about the file */
      if (trc == SG_RC_USAGE)
        fprintf (stderr, "smtgrind %s: error: %s\n(run 'smtgrind %s --help' for its usage)\n", t->name, dd.msg, t->name);
      else sg_cli_print_diag (&dd);
      return sg_rc_exit_code (trc);
    }
  t->free (st);
  return SG_EXIT_OK;
}

/* Lanes and side-by-side runs. auto: every worker gets a lane per core it has (one for
 * techniques that need the previous step judged first), and runs the solvers of a mutant
 * side by side when there is still a core per solver; solver processes never outnumber the
 * cores, so no wall-clock timeout is eaten by time sharing. */
static void
plan_cores (const sg_technique *t, const sg_cli_fuzz_cfg *c, uint32_t nsolvers, uint32_t *lanes,
            bool *parallel)
{
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  if (cores < 1) cores = 1;
  long per_job = cores / (long) c->jobs > 0 ? cores / (long) c->jobs : 1;
  *lanes = c->lanes;
  if (t->one_lane) *lanes = 1;
  else if (!*lanes)
    *lanes = (uint32_t) (c->parallel == 1 ? (per_job / (long) nsolvers > 0 ? per_job / (long) nsolvers : 1)
                                          : (per_job < 64 ? per_job : 64));
  *parallel = c->parallel >= 0 ? c->parallel == 1 : per_job >= (long) *lanes * (long) nsolvers;
}

/* Run the loop; returns the exit code. */
static int
fuzz (const sg_technique *t, const sg_cli_fuzz_cfg *c, const sg_cli_solvers *sv, const sg_cli_seeds *sd,
      uint32_t lanes, bool parallel, uint64_t mem_bytes)
{
  sg_fuzz_setup su = {
    .tech = t, .cfg = &c->tc, .solvers = &sv->solvers, .referees = &sv->referees, .pats = &sv->pats,
    .option_fuzz = sv->option_fuzz, .option_tables = (const sg_solopt_table *const *) sv->table_of,
    .timeout_ms = sg_spawn_ms (c->timeout_s), .mem_bytes = mem_bytes, .seed = c->seed,
    .models = c->models, .model_sample = c->model_sample, .chain_timeouts = c->chain_timeouts,
    .sessions = c->sessions, .incompleteness = c->incompleteness, .jobs = c->jobs,
    .max_mutants = c->mutants, .max_seconds = c->budget_s, .out_dir = c->out, .status = stderr,
  };
  sg_fuzz_opts fo;
  sg_fuzz_opts_build (&fo, &su);
  fo.adaptive = !c->adaptive || !strcmp (c->adaptive, "on");
  fo.parallel = parallel;
  fo.lanes = lanes;
  sg_fuzz_stats stats;
  if (sg_fuzz_run (&fo, sd->a.a, sd->a.n, &stats))
    {
      fprintf (stderr, "%s: error: cannot run in %s: %s\n", t->name, c->out, strerror (errno));
      return SG_EXIT_INPUT;
    }
  uint64_t bugs = 0;
  for (int k = 0; k < SG_FUZZ_KINDS; k++)
    if (sg_verdict_is_bug ((sg_verdict_kind) k)) bugs += stats.findings[k];
  if (t->until_eof && !stats.mutants && !stats.ill_typed && !stats.over_limit && !stats.duplicates)
    /* a finite range that held nothing: say why rather than end as if it had run */
    fprintf (stderr, "%s: no formula was generated: the range (after --from, in this --shard) lies past the "
             "last formula of size at most 1000, or --budget ended the run first\n", t->name);
  if (t->nseeds && !stats.chains && stats.seeds_skipped)
    {
      /* Every seed was refused (each said above): nothing was tested, which is no clean run. */
      fprintf (stderr, "%s: error: no seed could be used (each refusal said above): nothing was tested\n",
               t->name);
      return SG_EXIT_INPUT;
    }
  if (stats.exec_failed)
    {
      /* A solver stopped starting mid-run: what it was to judge is not judged. */
      fprintf (stderr, "%s: error: %llu solver run%s could not start (said above): the run stopped "
               "there; what was not judged is not counted as judged\n", t->name,
               (unsigned long long) stats.exec_failed, stats.exec_failed == 1 ? "" : "s");
      return SG_EXIT_INPUT;
    }
  if (stats.ill_stopped)
    {
      /* The technique's own formulas kept failing to type-check (said above): not a test. */
      fprintf (stderr, "%s: error: the run stopped: too many of its formulas do not type-check (said above); "
               "they are kept as %s/ill-typed-*.smt2\n", t->name, c->out);
      return SG_EXIT_INPUT;
    }
  /* (referee runs are counted in calls, not by outcome) */
  uint64_t classified = stats.calls > stats.refereed ? stats.calls - stats.refereed : 0;
  if (stats.memouts && stats.memouts * 100 >= classified * SG_FUZZ_MEMOUT_SHARE)
    {
      /* (Nearly) every solver run died of the memory limit: nothing was tested. */
      fprintf (stderr, "%s: error: %llu of the %llu solver runs ran out of memory under --memout %llu: the limit "
               "is too small for these solvers; raise --memout (MB; 0 = no limit)\n", t->name,
               (unsigned long long) stats.memouts, (unsigned long long) classified,
               (unsigned long long) (mem_bytes >> 20));
      return SG_EXIT_INPUT;
    }
  if (stats.lost)
    {
      /* Something found or measured is not on disk: that outranks the findings that are. */
      fprintf (stderr, "%s: error: %llu findings, kept texts or times lines could not be written to %s "
               "(the errors above say which)\n", t->name, (unsigned long long) stats.lost, c->out);
      return SG_EXIT_INPUT;
    }
  return bugs ? SG_EXIT_BUG : SG_EXIT_OK;
}

/* The seeds, labelled where the technique needs labels; prints the run's header. Returns
 * the exit code of what could not be read (the others are used). */
static int
seeds_and_header (const sg_technique *t, const sg_cli_fuzz_cfg *c, const input_vec *inputs,
                  const sg_cli_solvers *sv, uint32_t lanes, bool parallel, uint64_t mem_bytes,
                  sg_cli_seeds *sd)
{
  int code = SG_EXIT_OK;
  sg_rc lrc = t->nseeds ? sg_cli_seeds_load (inputs->a, inputs->n, c->index, 1u << 20, stderr, sd)
                        : (memset (sd, 0, sizeof *sd), SG_RC_OK);
  if (lrc == SG_RC_NOMEM) code = SG_EXIT_INTERNAL;
  else if (lrc) code = SG_EXIT_INPUT; /* an input could not be read; the others are used */
  if (t->needs_status && sd->labelled < sd->a.n)
    {
      char cache[PATH_MAX];
      bool cached = snprintf (cache, sizeof cache, "%s/labels.tsv", c->out) < (int) sizeof cache
                    && sg_mkdir_p (c->out);
      if (sg_cli_seeds_label (sd, &sv->solvers, &sv->pats, sg_spawn_ms (c->timeout_s), mem_bytes,
                              cached ? cache : NULL, stderr))
        code = SG_EXIT_INTERNAL;
    }
  if (t->describe)
    {
      char line[256];
      t->describe (&c->tc, line, sizeof line);
      fprintf (stderr, "%s: %s\n", t->name, line);
    }
  char seeds[96] = "a generator (no seeds)";
  if (t->nseeds)
    snprintf (seeds, sizeof seeds, "%u seed%s (%u labelled, %u skipped)", sd->a.n, sd->a.n == 1 ? "" : "s",
              sd->labelled, sd->skipped);
  fprintf (stderr, "%s: %s, solvers \"%s\"%s, referee %s, timeout %.1fs, memout %llu MiB, seed %llu, %u job%s x %u lane%s, findings in %s/\n",
           t->name, seeds, c->spec_file ? c->spec_file : c->spec,
           parallel ? " side by side" : "", sv->referees.n ? sv->referees.a[0].name : "none", c->timeout_s,
           (unsigned long long) (mem_bytes >> 20), (unsigned long long) c->seed, c->jobs,
           c->jobs == 1 ? "" : "s", lanes, lanes == 1 ? "" : "s", c->out);
  return code;
}

int
sg_cli_engine (const sg_cli_cmd *cmd, int argc, char **argv)
{
  const sg_technique *t = cmd->tech;
  /* SIGINT/SIGTERM/SIGHUP from here on: a solver run under way (labelling the seeds, probing
   * versions) kills its group, our private directory goes, and we die of the signal
   * (run/spawn.h); sg_fuzz_run then takes them itself. */
  sg_spawn_block_stop_signals (NULL);
  sg_cli_fuzz_cfg c;
  engine_defaults (t, &c);
  input_vec inputs = { 0 };
  int code = parse_args (cmd, t, argc, argv, &c, &inputs);
  if (!code) code = sg_cli_out_dir (t->name, c.out); /* before any solver runs */
  if (code) { SG_VEC_FREE (inputs); return code < 0 ? SG_EXIT_OK : code; }
  sg_cli_solvers sv;
  if ((code = sg_cli_solvers_open (cmd, &c, &sv))) { SG_VEC_FREE (inputs); return code; }
  if ((code = check_data (t, &c))) goto done;
  uint32_t lanes;
  bool parallel;
  plan_cores (t, &c, sv.solvers.n, &lanes, &parallel);
  /* The solver processes that can run at once: jobs x lanes x (side by side: solvers). */
  uint32_t conc = c.jobs * (lanes ? lanes : 1) * (parallel ? sv.solvers.n : 1);
  uint64_t mem_bytes = c.memout_mb == UINT64_MAX ? sg_spawn_default_mem (conc) : c.memout_mb << 20;
  sg_cli_seeds sd;
  code = seeds_and_header (t, &c, &inputs, &sv, lanes, parallel, mem_bytes, &sd);
  if (t->nseeds && (!sd.a.n || (t->needs_status && sd.labelled < t->nseeds)))
    {
      if (t->needs_status)
        fprintf (stderr, "%s: error: no usable seeds (%s needs %u seed%s labelled sat/unsat: an INDEX.tsv "
                 "from 'smtgrind label' beside them, --index, or seeds the solvers under test agree on)\n",
                 t->name, t->name, t->nseeds, t->nseeds == 1 ? "" : "s");
      else
        fprintf (stderr, "%s: error: no usable seeds\n", t->name);
      code = SG_EXIT_INPUT;
    }
  else
    {
      /* Findings do not hide an input that could not be read (exit 2 stays). */
      int fc = fuzz (t, &c, &sv, &sd, lanes, parallel, mem_bytes);
      code = code ? sg_cli_worse (code, fc == SG_EXIT_BUG ? SG_EXIT_OK : fc) : fc;
    }
  sg_cli_seeds_free (&sd);
done:
  sg_cli_solvers_close (&sv);
  SG_VEC_FREE (inputs);
  return code;
}
