/* loop_int: what the files of the fuzz loop share — private to src/campaign/.
 *   loop.c        sg_fuzz_run: the worker processes, their counters, the status line; a
 *                 worker's chains (seeds picked, mutants generated, lanes fed)
 *   loop_judge.c  one mutant judged: parsed again, the escalation rules (oracle/escalate.h),
 *                 the technique's step oracles (oracle/implication.h), findings written
 *   loop_lanes.c  the lanes: threads that judge mutants while the worker generates more */
#ifndef SG_CAMPAIGN_LOOP_INT_H
#define SG_CAMPAIGN_LOOP_INT_H

#include <pthread.h>

#include "loop/loop.h"
#include "loop/loop_adapt.h"

#define ADD(field, n) __atomic_fetch_add (&(field), (n), __ATOMIC_RELAXED)
#define LOAD(field) __atomic_load_n (&(field), __ATOMIC_RELAXED)

/* Shared state of a run: counters per worker plus the global mutant ticket. */
typedef struct shared {
  uint64_t ticket;          /* mutants claimed so far (for max_mutants) */
  uint32_t stop;            /* set by the parent when the time is up */
  uint64_t next_block;      /* index ranges outside a campaign: the next block (sg_tech_sched) */
  uint32_t exec_said;       /* a solver that could not start was reported (once per run) */
  sg_fuzz_stats w[];        /* per worker */
} shared;

/* What judge_steps remembers of a worker's chain (Janus). */
typedef struct step_track {
  const sg_tech_seed *seed;   /* seed whose own runs are cached in seed_decided */
  uint8_t seed_decided[16];   /* per solver: it decided the seed */
  const sg_tech_seed *last;   /* seed of the last mutant judged (NULL: none) */
  uint32_t iteration, step;   /* its chain and step */
  uint8_t decided[16];        /* per solver: it decided that mutant */
} step_track;

/* A lane judges one mutant at a time with sessions of its own. A worker with several lanes
 * runs each in a thread of its own and keeps generating mutants while they are judged, so a
 * solver stuck until its timeout on one mutant no longer idles the other cores. The worker
 * thread alone generates mutants, sets a lane BUSY and, once the lane is DONE, takes its
 * timeouts back (under the worker's mutex); while BUSY, the lane alone touches its mutant. */
typedef enum lane_state { LANE_IDLE, LANE_BUSY, LANE_DONE } lane_state;

typedef struct lane {
  struct worker *w;
  sg_session **sessions;       /* per solver: the fast path's session, or NULL */
  sg_tech_mutant m;            /* the mutant being judged (the lane's own buffers) */
  const sg_tech_seed *seeds[2];
  uint64_t number;             /* mutant number within the worker */
  uint64_t chain;              /* chain it belongs to */
  uint32_t timeouts;           /* OUT: solver timeouts on it */
  lane_state state;
  bool quit;                   /* the worker is done: end the thread */
  pthread_cond_t cv;           /* the worker gave this lane work (or quit) */
  pthread_t tid;
  bool started;                /* tid is a running thread */
} lane;

typedef struct worker {
  const sg_fuzz_opts *o;
  const sg_tech_seed *seeds;
  uint32_t nseeds;
  uint32_t index;        /* worker number */
  shared *sh;            /* counters */
  double t0;             /* start */
  sg_rng rng;            /* this worker's stream; each chain splits a stream of its own */
  step_track trk;        /* Janus: the previous step's outcomes */
  lane *lanes;           /* nlanes >= 1; threads only when nlanes > 1 */
  uint32_t nlanes;
  pthread_mutex_t mu;    /* lane states */
  pthread_cond_t done;   /* a lane became DONE */
  uint32_t nlanes_alloc; /* lanes allocated (threads to end); nlanes of them are used */
  pthread_mutex_t fmu;   /* the finding hook and status lines of lanes */
  uint64_t chain;        /* the chain being generated */
  uint32_t chain_to;     /* solver timeouts counted so far on its mutants */
  const sg_solver_list *solvers; /* the solvers of the current chain: o->solvers, or
                                    chain_solvers under --option-fuzz */
  sg_solver_list chain_solvers;  /* o->solvers with the chain's drawn options (loop_opts.c) */
  FILE *times;           /* perf techniques: OUT/times-wW.tsv (under fmu), or NULL */
  bool times_failed;     /* it could not be opened or written (said once; lines counted lost) */
  sg_loop_seen seen;     /* the texts of the chain's mutants so far (loop_adapt.h) */
  uint64_t hang_chain;   /* under mu: the chain hang_mask is about */
  uint32_t hang_mask;    /* under mu: solvers a full-timeout re-run confirmed hanging on a
                            mutant of that chain (escalate.h rule 6, known_hang) */
  /* Under mu: the first ill-typed mutant of this worker (its kept file, what our front end
   * said, its desc, the error's byte offset in its text or SIZE_MAX), and ill_stop: the stop
   * rule (loop.h: SG_FUZZ_ILL_MAX) fired; the worker thread says so when its lanes are done. */
  char ill_file[256];
  char ill_why[600];
  char ill_desc[256];
  size_t ill_offset;
  bool ill_stop;
} worker;

/* loop_judge.c: judge mutant m (number `number` of the worker, chain `chain`) with the
 * sessions given (NULL entries: fresh processes); its solver timeouts on the first probe. */
uint32_t sg_loop_handle_mutant (worker *w, sg_session **sessions, const sg_tech_mutant *m,
                                const sg_tech_seed *const *seeds, uint64_t number, uint64_t chain);

/* loop_lanes.c: a worker's lanes (threads only when there are several); a free lane (waiting
 * for one), and the mutant in it judged (at once when there is one lane); all lanes drained
 * and ended. */
bool sg_loop_open_lanes (worker *w);
lane *sg_loop_acquire (worker *w);
void sg_loop_dispatch (worker *w, lane *l);
void sg_loop_close_lanes (worker *w);
/* loop_lanes.c: wait for the lanes and close their sessions; open them for w->solvers. */
void sg_loop_sessions_close (worker *w);
void sg_loop_sessions_open (worker *w);

/* loop_opts.c: --option-fuzz — draw the chain's configuration from r (w->solvers becomes
 * w->chain_solvers, the lanes' sessions follow); free it at the end of the worker. */
sg_rc sg_loop_chain_options (worker *w, sg_rng *r, const sg_tech_seed *seed);
void sg_loop_options_free (worker *w);

/* loop_witness.c: a soundness verdict whose blamed run has drawn options and that only the
 * script's expected status contradicts gets a witness — a run without drawn options (the
 * blamed solver's defaults, another solver's, a referee) that answers the expected status —
 * appended to p (prof: *owned, which the caller frees after p). False when none answers so
 * (the verdict is then not reported). *calls: solver runs made. */
bool sg_loop_witness (const sg_fuzz_opts *o, const sg_solver_list *solvers, sg_store *s,
                      const sg_script *sc, const char *text, size_t len, sg_answer expected,
                      uint32_t timeout_ms, sg_probe *p, sg_profile *owned, uint32_t *calls);

#endif
