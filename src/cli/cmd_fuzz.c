#define _DEFAULT_SOURCE /* sysconf names */
/* cmd_fuzz: the engine subcommands on the one fuzz loop — `opfuzz`, `typefuzz`, `fuse` and
 * `sae` share their flags: --solvers, -t, -i, --seed, --jobs, --budget, --mutants, --out. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "campaign/loop.h"
#include "cli/cli.h"
#include "cli/seeds.h"
#include "front/parse.h"
#include "tech/janus.h"

typedef struct fuzz_cfg {
  const char *spec;          /* --solvers or the positional yinyang spec */
  const char *spec_file;     /* --solvers-file */
  double timeout_s;          /* -t */
  uint32_t iterations;       /* -i: mutants per seed (chain length) */
  uint64_t seed;             /* --seed */
  bool seed_given;
  uint32_t jobs;             /* --jobs */
  double budget_s;           /* --budget */
  uint64_t mutants;          /* --mutants */
  const char *out;           /* --out */
  const char *data;          /* --data: operator classes / fusion functions */
  const char *index;         /* --index: seed labels */
  const char *reference;     /* --reference: Janus regression oracle */
  uint32_t steps;            /* --steps: Janus chain length */
  int fuse_mode;             /* -o */
  uint32_t literals;         /* sae: -k, literal occurrences per mutant (K) */
  bool models, incompleteness;
  bool sessions;             /* --no-sessions clears it */
  int parallel;              /* --parallel 1, --no-parallel 0, -1 auto */
  uint32_t lanes;            /* --lanes N; 0 auto */
  uint32_t model_sample;     /* --model-sample PCT */
  uint32_t chain_timeouts;   /* --chain-timeouts N */
  const char *referee;       /* --referee SPEC|none|auto */
  uint64_t max_seed_bytes;   /* seeds larger than this are skipped */
  uint64_t memout_mb;        /* --memout MB per solver run; 0 none; UINT64_MAX the default */
} fuzz_cfg;

static int
run_engine (const sg_cli_cmd *cmd, const char *engine, int argc, char **argv, int fuse_mode_default)
{
  fuzz_cfg c = { 0 };
  bool janus = !strcmp (engine, "janus");
  c.timeout_s = janus ? SG_JANUS_DEFAULT_TIMEOUT_S : 8;
  c.iterations = !strcmp (engine, "fuse") || !strcmp (engine, "sae") ? 30
                 : !strcmp (engine, "typefuzz") ? 10 : 300;
  c.literals = 3;
  c.steps = SG_JANUS_DEFAULT_STEPS;
  c.jobs = 1;
  c.out = "findings";
  c.models = true;
  c.sessions = true;
  c.parallel = -1;
  c.model_sample = 2;
  c.chain_timeouts = 5;
  c.referee = "auto";
  c.fuse_mode = fuse_mode_default;
  c.max_seed_bytes = 1u << 20;
  c.memout_mb = UINT64_MAX;
  SG_VEC (const char *) inputs = { 0 };
  int code = SG_EXIT_OK;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (sg_cli_is_help (a)) { fputs (cmd->usage, stdout); SG_VEC_FREE (inputs); return SG_EXIT_OK; }
      bool valued = !strcmp (a, "--solvers") || !strcmp (a, "--solvers-file") || !strcmp (a, "-t")
                    || !strcmp (a, "--timeout") || !strcmp (a, "-i") || !strcmp (a, "--iterations")
                    || !strcmp (a, "--seed") || !strcmp (a, "--jobs") || !strcmp (a, "--budget")
                    || !strcmp (a, "--mutants") || !strcmp (a, "--out") || !strcmp (a, "--data")
                    || !strcmp (a, "--index") || !strcmp (a, "-o") || !strcmp (a, "--oracle")
                    || !strcmp (a, "--model-sample") || !strcmp (a, "--referee")
                    || !strcmp (a, "--chain-timeouts") || !strcmp (a, "--lanes") || !strcmp (a, "-k") || !strcmp (a, "--literals")
                    || !strcmp (a, "--steps") || !strcmp (a, "--reference") || !strcmp (a, "--memout");
      if (valued)
        {
          if (i + 1 >= argc) { code = sg_cli_usage_error (cmd, "%s needs a value", a); goto done; }
          const char *v = argv[++i];
          uint64_t u;
          if (!strcmp (a, "--solvers")) c.spec = v;
          else if (!strcmp (a, "--solvers-file")) c.spec_file = v;
          else if (!strcmp (a, "--out")) c.out = v;
          else if (!strcmp (a, "--data")) c.data = v;
          else if (!strcmp (a, "--index")) c.index = v;
          else if (!strcmp (a, "--reference") || !strcmp (a, "--steps"))
            {
              if (!janus) { code = sg_cli_usage_error (cmd, "%s belongs to 'janus'", a); goto done; }
              if (a[2] == 'r') c.reference = v;
              else if (!sg_cli_parse_u64 (v, 1, 100000, &u)) { code = sg_cli_usage_error (cmd, "--steps needs 1..100000, got '%s'", v); goto done; }
              else c.steps = (uint32_t) u;
            }
          else if (!strcmp (a, "--referee")) c.referee = v;
          else if (!strcmp (a, "--memout"))
            {
              if (!sg_cli_parse_u64 (v, 0, 1u << 24, &c.memout_mb)) { code = sg_cli_usage_error (cmd, "--memout needs megabytes (0 = no limit), got '%s'", v); goto done; }
            }
          else if (!strcmp (a, "--chain-timeouts"))
            {
              if (!sg_cli_parse_u64 (v, 0, 1000000, &u)) { code = sg_cli_usage_error (cmd, "--chain-timeouts needs 0..1000000, got '%s'", v); goto done; }
              c.chain_timeouts = (uint32_t) u;
            }
          else if (!strcmp (a, "--lanes"))
            {
              if (!sg_cli_parse_u64 (v, 1, 64, &u)) { code = sg_cli_usage_error (cmd, "--lanes needs 1..64, got '%s'", v); goto done; }
              c.lanes = (uint32_t) u;
            }
          else if (!strcmp (a, "--model-sample"))
            {
              if (!sg_cli_parse_u64 (v, 0, 100, &u)) { code = sg_cli_usage_error (cmd, "--model-sample needs a percentage 0..100, got '%s'", v); goto done; }
              c.model_sample = (uint32_t) u;
            }
          else if (!strcmp (a, "-o") || !strcmp (a, "--oracle"))
            {
              if (strcmp (engine, "fuse")) { code = sg_cli_usage_error (cmd, "-o belongs to 'fuse'"); goto done; }
              if (!strcmp (v, "sat")) c.fuse_mode = 0;
              else if (!strcmp (v, "unsat")) c.fuse_mode = 1;
              else if (!strcmp (v, "mixed")) c.fuse_mode = 2;
              else { code = sg_cli_usage_error (cmd, "-o needs sat, unsat or mixed, got '%s'", v); goto done; }
            }
          else if (!strcmp (a, "-t") || !strcmp (a, "--timeout") || !strcmp (a, "--budget"))
            {
              char *end;
              errno = 0;
              double d = strtod (v, &end);
              if (errno || *end || !(d > 0) || d > 1e7) { code = sg_cli_usage_error (cmd, "%s needs positive seconds, got '%s'", a, v); goto done; }
              if (!strcmp (a, "--budget")) c.budget_s = d; else c.timeout_s = d;
            }
          else if (!strcmp (a, "-k") || !strcmp (a, "--literals"))
            {
              if (strcmp (engine, "sae")) { code = sg_cli_usage_error (cmd, "%s belongs to 'sae'", a); goto done; }
              if (!sg_cli_parse_u64 (v, 1, 1000, &u)) { code = sg_cli_usage_error (cmd, "%s needs 1..1000, got '%s'", a, v); goto done; }
              c.literals = (uint32_t) u;
            }
          else if (!strcmp (a, "-i") || !strcmp (a, "--iterations"))
            {
              if (!sg_cli_parse_u64 (v, 1, 1000000, &u)) { code = sg_cli_usage_error (cmd, "%s needs 1..1000000, got '%s'", a, v); goto done; }
              c.iterations = (uint32_t) u;
            }
          else if (!strcmp (a, "--jobs"))
            {
              if (!sg_cli_parse_u64 (v, 1, 256, &u)) { code = sg_cli_usage_error (cmd, "--jobs needs 1..256, got '%s'", v); goto done; }
              c.jobs = (uint32_t) u;
            }
          else if (!strcmp (a, "--mutants"))
            {
              if (!sg_cli_parse_u64 (v, 1, UINT64_MAX, &u)) { code = sg_cli_usage_error (cmd, "--mutants needs a positive count"); goto done; }
              c.mutants = u;
            }
          else if (!strcmp (a, "--seed"))
            {
              if (!sg_cli_parse_u64 (v, 0, UINT64_MAX, &c.seed)) { code = sg_cli_usage_error (cmd, "--seed needs a number, got '%s'", v); goto done; }
              c.seed_given = true;
            }
          continue;
        }
      if (!strcmp (a, "--no-models")) { c.models = false; continue; }
      if (!strcmp (a, "--no-sessions")) { c.sessions = false; continue; }
      if (!strcmp (a, "--parallel")) { c.parallel = 1; continue; }
      if (!strcmp (a, "--no-parallel")) { c.parallel = 0; continue; }
      if (!strcmp (a, "--incompleteness")) { c.incompleteness = true; continue; }
      if (a[0] == '-' && a[1]) { code = sg_cli_usage_error (cmd, "unknown option '%s'", a); goto done; }
      /* yinyang's positional form: the solver spec comes first ("z3;cvc5" or a solver name). */
      struct stat stt;
      if (!c.spec && !c.spec_file && inputs.n == 0 && a[0] && stat (a, &stt) != 0) { c.spec = a; continue; }
      if (!SG_VEC_PUSH (inputs, a)) { code = SG_EXIT_INTERNAL; goto done; }
    }
  if (!inputs.n) { code = sg_cli_usage_error (cmd, "expected seed files or directories"); goto done; }
  if (!c.spec) c.spec = "z3;cvc5";
  if (!c.seed_given) c.seed = (uint64_t) time (NULL) ^ ((uint64_t) getpid () << 32);

  const sg_technique *tech = sg_technique_find (engine);
  sg_profiles ps;
  sg_patterns pats;
  sg_solver_list solvers = { 0 }, referees = { 0 };
  sg_diag d;
  sg_diag_init (&d, "--solvers");
  sg_patterns_init (&pats);
  if (!tech || sg_profiles_init (&ps, &d) || sg_patterns_add_defaults (&pats))
    { sg_cli_print_diag (&d); sg_patterns_free (&pats); code = SG_EXIT_INTERNAL; goto done; }
  if (c.spec_file ? sg_profiles_load_spec_file (&ps, c.spec_file, &solvers, &d)
                  : sg_profiles_parse_spec (&ps, c.spec, "--solvers", &solvers, &d))
    { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; goto free_run; }
  if (!solvers.n) { code = sg_cli_usage_error (cmd, "no solver given"); goto free_run; }
  if (sg_solver_list_check (&solvers, &d)) { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; goto free_run; }
  /* Referees: a spec, none, or (auto) the installed built-in solvers not under test. */
  if (!strcmp (c.referee, "auto"))
    {
      if (sg_profiles_auto_referees (&ps, &solvers, &referees, &d))
        { sg_cli_print_diag (&d); code = SG_EXIT_INTERNAL; goto free_run; }
    }
  else if (strcmp (c.referee, "none")
           && (sg_profiles_parse_spec (&ps, c.referee, "--referee", &referees, &d)
               || sg_solver_list_check (&referees, &d)))
    { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; goto free_run; }
  if (c.reference)
    {
      uint32_t k = 0;
      while (k < solvers.n && strcmp (solvers.a[k].name, c.reference)) k++;
      if (k == solvers.n)
        { code = sg_cli_usage_error (cmd, "--reference %s is not one of the --solvers", c.reference); goto free_run; }
      if (solvers.n < 2)
        { code = sg_cli_usage_error (cmd, "--reference needs a second solver to compare"); goto free_run; }
    }

  /* --data: loaded once here, so a file that does not load stops the run before anything
   * runs (the workers would each fail to start and run nothing). */
  if (c.data)
    {
      if (strcmp (engine, "opfuzz") && strcmp (engine, "fuse"))
        { code = sg_cli_usage_error (cmd, "--data belongs to 'opfuzz' and 'fuse'"); goto free_run; }
      sg_tech_cfg tc = { 0 };
      tc.data_file = c.data;
      tc.fuse_mode = c.fuse_mode;
      void *st = NULL;
      sg_diag dd;
      sg_diag_init (&dd, c.data);
      sg_rc trc = tech->init (&tc, &st, &dd);
      if (trc)
        {
          if (!dd.rc) sg_diag_set (&dd, trc, 0, 0, "cannot load this data file");
          sg_cli_print_diag (&dd);
          code = sg_rc_exit_code (trc);
          goto free_run;
        }
      tech->free (st);
    }

  /* Seeds: every file; unusable ones are skipped with a warning, never fatal. */
  sg_cli_seeds sd;
  sg_rc lrc = sg_cli_seeds_load (inputs.a, inputs.n, c.index, c.max_seed_bytes, stderr, &sd);
  if (lrc == SG_RC_NOMEM) code = SG_EXIT_INTERNAL;
  else if (lrc) code = SG_EXIT_INPUT; /* an input could not be read; the others are used */
  uint64_t skipped = sd.skipped;
  const sg_tech_seed *seed_a = sd.a.a;
  uint32_t nseeds = sd.a.n;
  uint32_t labelled = sd.labelled;
  /* auto: every worker gets a lane per core it has (Janus one), and runs the solvers of a
   * mutant side by side when there is still a core per solver; solver processes never
   * outnumber the cores, so no wall-clock timeout is eaten by time sharing. */
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  if (cores < 1) cores = 1;
  long per_job = cores / (long) c.jobs > 0 ? cores / (long) c.jobs : 1;
  uint32_t lanes = c.lanes;
  if (janus) lanes = 1;
  else if (!lanes)
    lanes = (uint32_t) (c.parallel == 1 ? (per_job / (long) solvers.n > 0 ? per_job / (long) solvers.n : 1)
                                        : (per_job < 64 ? per_job : 64));
  bool parallel = c.parallel >= 0 ? c.parallel == 1 : per_job >= (long) lanes * (long) solvers.n;
  if (!strcmp (engine, "sae"))
    fprintf (stderr, "sae: up to %u literal occurrences per mutant (-k), %u mutants per seed (-i)\n",
             c.literals, c.iterations);
  /* The solver processes that can run at once: jobs x lanes x (side by side: solvers). */
  uint32_t conc = c.jobs * (lanes ? lanes : 1) * (parallel ? solvers.n : 1);
  uint64_t mem_bytes = c.memout_mb == UINT64_MAX ? sg_spawn_default_mem (conc) : c.memout_mb << 20;
  fprintf (stderr, "%s: %u seeds (%u labelled, %llu skipped), solvers \"%s\"%s, referee %s, timeout %.1fs, memout %llu MiB, seed %llu, %u job%s x %u lane%s, findings in %s/\n",
           engine, nseeds, labelled, (unsigned long long) skipped, c.spec_file ? c.spec_file : c.spec,
           parallel ? " side by side" : "", referees.n ? referees.a[0].name : "none", c.timeout_s,
           (unsigned long long) (mem_bytes >> 20), (unsigned long long) c.seed, c.jobs,
           c.jobs == 1 ? "" : "s", lanes, lanes == 1 ? "" : "s", c.out);
  if (!nseeds || (tech->needs_status && labelled < tech->nseeds))
    {
      fprintf (stderr, "%s: error: no usable seeds%s%s%s\n", engine,
               tech->needs_status ? " (" : "", tech->needs_status ? (!strcmp (engine, "fuse") ? "fusion" : engine) : "",
               tech->needs_status ? " needs seeds labelled sat/unsat by two solvers: an INDEX.tsv from 'smtgrind label' beside them, or --index)" : "");
      code = SG_EXIT_INPUT;
    }
  else
    {
      sg_fuzz_opts fo;
      memset (&fo, 0, sizeof fo);
      fo.tech = tech;
      fo.cfg.chain = c.iterations;
      fo.cfg.per_step = !strcmp (engine, "sae") ? c.literals : 1;
      fo.cfg.fuse_mode = c.fuse_mode;
      fo.cfg.data_file = c.data;
      fo.solvers = &solvers;
      fo.pats = &pats;
      fo.timeout_ms = sg_spawn_ms (c.timeout_s);
      fo.mem_bytes = mem_bytes;
      fo.seed = c.seed;
      fo.jobs = c.jobs;
      fo.max_mutants = c.mutants;
      fo.max_seconds = c.budget_s;
      fo.out_dir = c.out;
      fo.incompleteness = c.incompleteness && !janus;
      fo.implication = janus;
      fo.reference = c.reference;
      fo.cfg.steps = c.steps;
      fo.models = c.models;
      fo.model_sample = c.model_sample;
      fo.chain_timeouts = c.chain_timeouts;
      fo.sessions = c.sessions;
      fo.parallel = parallel;
      fo.lanes = lanes;
      fo.referees = referees.n ? &referees : NULL;
      fo.status = stderr;
      sg_fuzz_stats stats;
      if (sg_fuzz_run (&fo, seed_a, nseeds, &stats))
        {
          fprintf (stderr, "%s: error: cannot run in %s: %s\n", engine, c.out, strerror (errno));
          code = SG_EXIT_INPUT;
        }
      else
        {
          uint64_t bugs = 0;
          for (int k = 0; k < SG_FUZZ_KINDS; k++)
            if (k != SG_VERDICT_UNSPECIFIED) bugs += stats.findings[k];
          if (bugs && code == SG_EXIT_OK) code = SG_EXIT_BUG;
        }
    }
  sg_cli_seeds_free (&sd);
free_run:
  sg_solver_list_free (&solvers);
  sg_solver_list_free (&referees);
  sg_profiles_free (&ps);
  sg_patterns_free (&pats);
done:
  SG_VEC_FREE (inputs);
  return code;
}

int sg_cli_opfuzz (const sg_cli_cmd *cmd, int argc, char **argv) { return run_engine (cmd, "opfuzz", argc, argv, 0); }
int sg_cli_fuse (const sg_cli_cmd *cmd, int argc, char **argv) { return run_engine (cmd, "fuse", argc, argv, 0); }
int sg_cli_typefuzz (const sg_cli_cmd *cmd, int argc, char **argv) { return run_engine (cmd, "typefuzz", argc, argv, 0); }
int sg_cli_sae (const sg_cli_cmd *cmd, int argc, char **argv) { return run_engine (cmd, "sae", argc, argv, 0); }
int sg_cli_janus (const sg_cli_cmd *cmd, int argc, char **argv) { return run_engine (cmd, "janus", argc, argv, 0); }
