/* loop: the one fuzz loop every engine runs on — seeds in, mutants out, each mutant parsed
 * again (never run if it does not type-check), probed by the solvers, judged by the oracles;
 * suspicious verdicts are confirmed by a second fresh run before a finding is written.
 * Workers are processes (--jobs) sharing counters in a shared anonymous mapping; the parent
 * prints a status line every 2 s.
 * Owns: its workers (reaped before returning) and the counters.
 * Two paths per mutant: the fast one (sessions where they pay, no models, except a sampled
 * share) decides whether the mutant is suspicious; only then the full one runs every solver
 * again in fresh processes with models checked by our evaluator, asks a referee solver when
 * no model decides a disagreement, and confirms the verdict by one more fresh probe.
 * Lanes: a worker may judge several mutants at once (o->lanes threads, each with sessions of
 * its own) while it generates the next ones, so one solver stuck until its timeout does not
 * idle the other cores. Janus always has one lane (its oracles need the previous step).
 * Invariants: randomness comes only from the --seed (worker w uses the w-th split stream, and
 * each of its chains a stream split from that one, so leaving a chain early never changes the
 * next chains), so a finding replays from (seed, worker, chain, step); which mutants get a
 * sampled model check depends only on (worker, mutant); with several lanes, a chain left after
 * its timeouts may have made up to lanes - 1 more mutants, which are judged too; unknown, timeouts and rejections are counted, never reported as
 * soundness bugs; nothing a session said is reported without a fresh run saying it too.
 * Tests: tests/unit/loop_test.c */
#ifndef SG_CAMPAIGN_LOOP_H
#define SG_CAMPAIGN_LOOP_H

#include <stdio.h>

#include "loop/counters.h"
#include "oracle/probe.h"
#include "run/solopt.h"
#include "tech/tech.h"

struct sg_finding_info; /* loop/findings.h */

typedef struct sg_fuzz_opts {
  const sg_technique *tech;      /* the engine */
  sg_tech_cfg cfg;               /* its options */
  sg_tech_sched sched;           /* where its workers stand: a campaign's worker and its place
                                    among the workers, resume point (until_eof), and chain0,
                                    the first chain number of every worker (slices, resume);
                                    the loop makes each worker's own from it */
  const sg_solver_list *solvers; /* solvers under test */
  const sg_patterns *pats;       /* classification patterns */
  uint32_t timeout_ms;           /* per solver run */
  uint64_t mem_bytes;            /* RLIMIT_AS per solver run; 0 = none */
  uint64_t seed;                 /* rng seed of the run */
  uint32_t jobs;                 /* worker processes (>= 1) */
  uint64_t max_mutants;          /* stop after this many mutants in total; 0 = no limit */
  double max_seconds;            /* stop after this long; 0 = no limit */
  uint32_t passes;               /* with no limit: passes over the seeds (default 1) */
  const char *out_dir;           /* findings directory (created) */
  bool incompleteness;           /* also write incompleteness findings */
  bool cores;                    /* the unsat-core oracle (oracle/core.h) on unsat mutants that
                                    carry their known core (SG_TECH_ORACLE_CORE) */
  bool incr;                     /* the incremental oracles (oracle/incr.h) on every mutant the
                                    other oracles found nothing in (SG_TECH_ORACLE_INCR) */
  bool implication;              /* Janus: unknown/timeout right after the solver decided the
                                    previous step of the chain (oracle/implication.h,
                                    through judge_steps in loop_judge.c) */
  const char *reference;         /* Janus: profile name of the reference solver (regression:
                                    it decides the mutant, another solver does not), or NULL */
  bool models;                   /* validate models with our evaluator (see model_sample) */
  uint32_t model_sample;         /* percent of mutants whose models are checked although no
                                    verdict asks for it (0..100); a suspicious verdict always
                                    gets its models checked */
  bool parallel;                 /* each worker runs the solvers of a mutant side by side */
  uint32_t lanes;                /* mutants each worker judges at once (0 or 1: one) */
  bool sessions;                 /* fast path: persistent sessions for the solvers whose
                                    profile says session_pays (z3) */
  uint32_t chain_timeouts;       /* leave a chain (seed) after this many solver timeouts on its
                                    mutants; 0 = never (yinyang leaves a seed after 32) */
  const sg_solver_list *referees; /* asked when a disagreement has no model that decides, or
                                     NULL */
  FILE *status;                  /* status lines (NULL: none) */
  /* Campaign hooks (zero: none). on_finding runs in the worker right after a finding's pair
   * of files was written (dir/name.smt2 and .json), before the status line. */
  void (*on_finding) (void *ctx, const char *dir, const char *name, const sg_probe *p,
                      const struct sg_finding_info *fi);
  void *finding_ctx;
  uint64_t max_chains;           /* chains per worker, then stop; 0 = no limit */
  uint32_t *stop;                /* campaign: nonzero (read atomically) = stop after the current
                                    mutant; NULL = none. The loop sets it when a solver cannot
                                    start (exec_failed): the campaign stops too */
  sg_solopt_mode option_fuzz;    /* --option-fuzz: each chain draws a configuration per solver
                                    from option_tables (a stream split from the chain's, so
                                    the chain replays with its options) */
  const sg_solopt_table *const *option_tables; /* per solver of `solvers` (entries may be
                                                  NULL: no options drawn for it) */
  bool adaptive;                 /* cut the fast path at a bound from the seeds' solve times
                                    (loop/loop_adapt.h; oracle/escalate.h's fast_ms rule) */
} sg_fuzz_opts;

enum { SG_FUZZ_KINDS = 7 }; /* sg_verdict_kind values */
/* ET's performance measure (techniques with sg_technique.perf): the first SG_FUZZ_PERF_SOLVERS
 * solvers, thresholds T = 2^(k-6) s for k < SG_FUZZ_PERF_T (1/64 s .. 8 s). */
enum { SG_FUZZ_PERF_SOLVERS = 8, SG_FUZZ_PERF_T = 10 };

typedef struct sg_fuzz_stats {
  /* One uint64_t per row of loop/counters.def (what each counts, how it is combined and where
   * it is stored are said there). */
#define SG_COUNTER(name, how, db, ...) uint64_t name;
#include "loop/counters.def"
#undef SG_COUNTER
  uint64_t findings[SG_FUZZ_KINDS]; /* written findings by verdict kind (summed over workers) */
  /* Techniques with perf: per solver (in --solvers order) the runs of the first probe of each
   * mutant that were not skipped, and those that decided within each threshold T (summed over
   * workers). */
  uint64_t perf_runs[SG_FUZZ_PERF_SOLVERS];
  uint64_t perf_solved[SG_FUZZ_PERF_SOLVERS][SG_FUZZ_PERF_T];
} sg_fuzz_stats;

/* The stop rule for ill-typed mutants (a bug of the technique or of its grammar): a worker
 * stops the run once more than SG_FUZZ_ILL_MAX of its formulas were ill-typed and they are
 * more than 1 in SG_FUZZ_ILL_SHARE of those it made (a rare one keeps a few files and the run
 * goes on; a systematic one would write thousands a second). */
enum { SG_FUZZ_ILL_MAX = 10, SG_FUZZ_ILL_SHARE = 100 };
/* Runs that hit the memory limit: when at least SG_FUZZ_MEMOUT_SHARE percent of the solver
 * runs did (and one did), --memout is too small for the solvers: the engines say so and end
 * with SG_EXIT_INPUT (a usage error) rather than as if they had tested something. */
enum { SG_FUZZ_MEMOUT_SHARE = 90 };

/* The defaults (sg_fuzz_opts_build with no more than t and cfg, NULL: t's defaults): one
 * job, one lane, solvers one after the other, sessions where they pay, models checked with a
 * 2 % sample, a chain left after 5 timeouts, adaptive timeouts on, t's own oracles; no
 * limits, no referees, no hooks. Callers then set the solvers, limits and output (the
 * engines and the campaign use sg_fuzz_opts_build below; tests use this). */
void sg_fuzz_opts_init (sg_fuzz_opts *o, const sg_technique *t, const sg_tech_cfg *cfg);
/* --incompleteness: on, except for techniques whose implication oracle judges unknowns. */
void sg_fuzz_opts_set_incompleteness (sg_fuzz_opts *o, bool on);

/* What a run is given by its caller (an engine's subcommand, a campaign's slice): the engine,
 * the solvers and how they are run, the limits and where the findings go. */
typedef struct sg_fuzz_setup {
  const sg_technique *tech;       /* the engine */
  const sg_tech_cfg *cfg;         /* its options (NULL: its defaults) */
  sg_tech_sched sched;            /* a campaign's worker, resume point and chain0; zero: none */
  const sg_solver_list *solvers;  /* under test */
  const sg_solver_list *referees; /* NULL or empty: no referee */
  const sg_patterns *pats;        /* classification patterns */
  sg_solopt_mode option_fuzz;     /* --option-fuzz, with its tables per solver */
  const sg_solopt_table *const *option_tables;
  uint32_t timeout_ms;            /* per solver run */
  uint64_t mem_bytes;             /* per solver run; 0 = none */
  uint64_t seed;                  /* rng seed of the run */
  bool models;                    /* validate models (sg_fuzz_opts.models) */
  uint32_t model_sample;          /* percent of mutants whose models are checked anyway */
  uint32_t chain_timeouts;        /* leave a chain after this many timeouts; 0 = never */
  bool sessions;                  /* fast path: sessions where they pay */
  bool incompleteness;            /* --incompleteness (sg_fuzz_opts_set_incompleteness) */
  uint32_t jobs;                  /* worker processes (>= 1) */
  uint64_t max_mutants;           /* 0 = no limit */
  uint64_t max_chains;            /* chains per worker; 0 = no limit */
  double max_seconds;             /* 0 = no limit */
  const char *out_dir;            /* findings directory (created) */
  FILE *status;                   /* status lines, or NULL */
} sg_fuzz_setup;
/* The one builder of a run's options, for both callers (sg_fuzz_opts_init too): everything s
 * says, with s->tech's own oracles (implication; regression when the cfg names a reference),
 * one lane, solvers one after the other, adaptive timeouts on, no passes limit, no referee
 * unless s has one, no hooks. Callers then set only what one of them has (the subcommands'
 * lanes, side-by-side runs and --adaptive-timeout; a campaign's hooks and stop flag). */
void sg_fuzz_opts_build (sg_fuzz_opts *o, const sg_fuzz_setup *s);

/* Run the loop over seeds. stats (OUT) is the sum over workers. Returns SG_RC_OK when it ran
 * (findings are in stats), SG_RC_IO when the findings directory cannot be made. */
sg_rc sg_fuzz_run (const sg_fuzz_opts *o, const sg_tech_seed *seeds, uint32_t nseeds,
                   sg_fuzz_stats *stats /* OUT */);
/* ET's table for perf techniques: solved counts per solver at each threshold, to f. */
void sg_fuzz_perf_table (const sg_fuzz_stats *s, const sg_solver_list *solvers, FILE *f);
/* One status line for stats after `secs` seconds. */
void sg_fuzz_status_line (const sg_fuzz_stats *s, double secs, char *buf, size_t size);
/* The CPU line that ends a run of `workers` workers: "CPU: smtgrind Xs, solvers Ys: smtgrind's
 * share Z%" when every worker counted its CPU; else the parent's total with the share said to
 * be unmeasured (workers stopped by a signal die before they count theirs). */
void sg_fuzz_cpu_line (const sg_fuzz_stats *s, uint32_t workers, char *buf, size_t size);

#endif
