/* campaign: the main job — several engines side by side (weighted) on N worker processes
 * against a set of solvers for a time budget, every finding recorded in the findings database
 * (db.h) and put into a bucket (dedup.h), the first trigger of every new bucket reduced by a
 * background process (our own binary's `reduce` subcommand, with a time cap) which then
 * triages the reduced bucket over its solver's releases (`triage --json`, a time cap), a live status
 * (a screen on a terminal, log lines otherwise), and resume after any stop (kill -9 included).
 * Work is cut into slices: slice k of worker w runs one engine (picked by weight with an rng
 * seeded from (seed, shard, w, k)) for at most `slice_chains` chains or `slice_s` seconds on
 * sg_fuzz_run (loop.h) with its own rng seed and the worker's next chain number for that engine;
 * the slices table records each, so a resumed campaign continues every worker at its next
 * slice and chain (no rng stream, no (seed, chain) repeated) and the counters continue.
 * Owns: its worker processes and the reducer process (all reaped before returning).
 * Invariants: a finding is in the database only after its files exist; a bucket is created
 *   with its first finding in one transaction; randomness only from `seed`.
 * Tests: tests/cli/run_cli_tests.sh (group campaign), tests/unit/dedup_test.c (its database) */
#ifndef SG_CAMPAIGN_CAMPAIGN_H
#define SG_CAMPAIGN_CAMPAIGN_H

#include <stdio.h>

#include "campaign/db.h"
#include "loop/loop.h"

enum { SG_CAMPAIGN_MAX_ENGINES = 8 };

typedef struct sg_campaign_engine {
  char name[24];   /* a technique's campaign engine name, NAME or NAME-VARIANT (tech.h) */
  uint32_t weight; /* relative share of slices */
  uint32_t chain;  /* mutants per chain */
} sg_campaign_engine;

typedef struct sg_campaign_opts {
  const char *dir;                /* campaign directory (campaign.db, findings/, reduced/) */
  const sg_solver_list *solvers;  /* solvers under test (versions probed here) */
  const sg_solver_list *referees; /* asked when no model or majority blames (NULL: none) */
  const sg_patterns *pats;
  sg_campaign_engine engines[SG_CAMPAIGN_MAX_ENGINES];
  uint32_t nengines;
  uint32_t workers;               /* worker processes */
  double budget_s;                /* this session's fuzzing time; <= 0: reductions only */
  double elapsed0;                /* campaign time before this session (resume) */
  uint32_t timeout_ms;            /* per solver run */
  uint64_t mem_bytes;             /* RLIMIT_AS per solver run (reductions too); 0 = none */
  uint64_t seed;                  /* campaign rng seed */
  uint32_t shard;                 /* I of --shard I/N (mixed into the streams) */
  uint32_t nshards;               /* N of --shard I/N (1 without; 0 is taken as 1): the
                                     enumeration's index blocks are split by shard too */
  double slice_s;                 /* longest slice */
  uint32_t slice_chains;          /* chains per slice */
  bool models, incompleteness;
  bool sessions;                  /* the fast path through persistent sessions where the profile
                                     says they pay (--no-sessions: fresh processes only) */
  uint32_t model_sample;          /* percent of mutants whose models are checked anyway */
  uint32_t chain_timeouts;        /* leave a chain after this many timeouts (0 never) */
  sg_solopt_mode option_fuzz;     /* --option-fuzz (loop.h) */
  const char *reference;          /* --reference NAME (loop.h), or NULL */
  const sg_solopt_table *const *option_tables; /* per solver, or NULL */
  bool reduce;                    /* run the background reducer */
  double reduce_budget_s;         /* per bucket */
  bool triage;                    /* the reducer triages each reduced bucket over the releases
                                     of its solver's family (our binary's `triage --json`) */
  double triage_budget_s;         /* per bucket */
  const char *self_exe;           /* our binary, for `reduce` and `triage` */
  bool screen;                    /* live status screen (a terminal) instead of log lines */
  double log_every_s;             /* log lines (no screen) */
  FILE *log;                      /* status, findings, summary */
  bool locked;                    /* lock_fd is DIR/campaign.lock, taken by the caller
                                     (sg_campaign_lock); sg_campaign_run closes it */
  int lock_fd;
} sg_campaign_opts;

typedef struct sg_campaign_result {
  sg_db_counts totals;  /* over the whole campaign (all sessions) */
  uint64_t findings;    /* findings in the database */
  uint64_t buckets;     /* buckets (not merged) */
  uint64_t new_findings; /* in this session */
  double elapsed;       /* campaign time at the end */
  bool interrupted;     /* stopped by Ctrl-C or SIGTERM before the end of its budget */
  int stop_signal;      /* the first stop signal taken (SIGINT, SIGTERM, SIGHUP), or 0 */
  uint64_t lost;        /* this session: findings, kept texts, times lines not written */
  uint64_t exec_failed; /* this session: solver runs that could not start (the session stopped
                           at the first; its slice is not marked done) */
} sg_campaign_result;

/* Run (or continue: the database exists) the campaign in o->dir on these seeds (the shard's
 * share, in a stable order). SG_RC_IO with a message on o->log when the directory or database
 * cannot be used. */
/* `bugs recover DIR`: rebuild DIR/campaign.db from the finding pairs under DIR/findings. A
 * database that is there is kept as campaign.db.damaged (with its -wal/-shm files); what can
 * still be read of its settings (table meta) is copied into the new one. Every pair is
 * recorded and bucketed again (reductions pending: the next --resume redoes them). Progress
 * and problems go to log; recovered (OUT): the pairs recorded. SG_RC_IO with err set when
 * the new database cannot be made. */
sg_rc sg_campaign_rebuild (const char *dir, FILE *log, uint64_t *recovered, char *err, size_t esize);

/* Open and take DIR/campaign.lock (one session at a time; waits up to 2 s for a session
 * killed a moment ago): its descriptor, or -1 after saying on log why and which process
 * holds it. */
int sg_campaign_lock (const char *dir, FILE *log);

sg_rc sg_campaign_run (const sg_campaign_opts *o, const sg_tech_seed *seeds, uint32_t nseeds,
                       sg_campaign_result *res /* OUT */);

/* A 64-bit mix of a few values (stream derivation; exposed for tests). */
uint64_t sg_campaign_mix (uint64_t a, uint64_t b, uint64_t c, uint64_t d);

#endif
