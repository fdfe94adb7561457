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
  uint64_t mutants;       /* mutants generated and type-checked */
  uint64_t ill_typed;     /* mutants our front end rejected (a bug of ours; saved, never run) */
  uint64_t calls;         /* solver runs */
  uint64_t decided;       /* runs that answered sat/unsat */
  uint64_t all_decided;   /* mutants every solver decided (fast path) */
  uint64_t unknown;       /* runs that answered unknown */
  uint64_t timeouts;      /* runs that timed out */
  uint64_t rejected;      /* runs that rejected the mutant (unsupported, parse error) */
  uint64_t unconfirmed;   /* verdicts a second run did not reproduce (not reported) */
  uint64_t escalated;     /* mutants the fast path found suspicious or sampled: full probe */
  uint64_t refereed;      /* referee runs for disagreements no model decided */
  uint64_t findings[SG_FUZZ_KINDS]; /* written findings by verdict kind */
  uint64_t seeds_skipped; /* seeds that could not be used */
  uint64_t chains;        /* chains started */
  uint64_t chains_left;   /* chains left early because their mutants kept timing out */
  uint64_t self_cpu_us;   /* CPU time of the workers themselves (smtgrind's own work) */
  uint64_t solver_cpu_us; /* CPU time of the solver processes they ran */
  uint64_t over_limit;    /* mutants past a limit of base/limits.h (discarded, not a bug) */
  uint64_t cores;         /* unsat cores read and judged (scripts with a known core, oracle/core.h) */
  uint64_t imprecise;     /* of them, larger than the known minimal core: written as
                             imprecise-core-*.smt2, reported apart, never a bug */
  uint64_t unspecified;   /* confirmed disagreements an unspecified value explains
                             (oracle/unspec.def): written as `unspecified` finding pairs,
                             never counted in findings[] (not bugs) */
  uint64_t notes;         /* confirmed validation notes (oracle/probe.h): a solver under its
                             own validation flags crashing where its plain command answers,
                             or the other way round: `validation` finding pairs, not bugs */
  /* Techniques with perf: per solver (in --solvers order) the runs of the first probe of each
   * mutant that were not skipped, and those that decided within each threshold T. */
  uint64_t perf_runs[SG_FUZZ_PERF_SOLVERS];
  uint64_t perf_solved[SG_FUZZ_PERF_SOLVERS][SG_FUZZ_PERF_T];
  uint64_t duplicates;    /* mutants skipped: the same text as one already judged in the
                             chain (loop/loop_adapt.h) */
  uint64_t cut;           /* fast-path runs cut at the adaptive bound (counted as timeouts) */
  uint64_t rerun;         /* of the mutants with a cut run, those re-run fresh with the full
                             timeout (another solver had decided them) */
  uint64_t lost;          /* finding pairs, kept texts and times lines that could not be
                             written to the output directory (each said on stderr): the
                             engines then end with SG_EXIT_INPUT (an I/O error), never 0 */
  uint64_t cpu_workers;   /* workers that added their CPU above (a worker stopped by a signal
                             dies before it can: then the split is not measured) */
  uint64_t all_cpu_us;    /* CPU of the workers and every process they ran and reaped, as the
                             parent measures it after reaping them (set by sg_fuzz_run once
                             the run is over; measured however the workers ended) */
  uint64_t exec_failed;   /* solver runs that could not start (its binary gone, our private
                             directory removed under us, a limit it cannot be given): the first
                             stops the run (every worker, and the campaign through o->stop),
                             that mutant is not judged (no times line), and the engines end
                             with SG_EXIT_INPUT, never as if the rest had been judged */
  uint64_t memouts;       /* solver runs that ran out of memory (--memout; run/classify.h's
                             SG_OUT_MEMOUT): the engines end with SG_EXIT_INPUT when (nearly)
                             every run did (SG_FUZZ_MEMOUT_SHARE) */
  uint64_t ill_stopped;   /* workers that stopped because the technique's own mutants were
                             ill-typed too often (SG_FUZZ_ILL_MAX, SG_FUZZ_ILL_SHARE; the
                             first one and why said on o->status): SG_EXIT_INPUT */
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
