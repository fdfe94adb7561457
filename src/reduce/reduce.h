/* reduce: the delta-debugging driver — strategies ddmin, hierarchical and hybrid over the
 * mutators of mutate.h, a cache of tried candidates, parallel checks and live progress.
 * Owns: the current text, the cache and the private directory of candidate files (removed
 * before sg_reduce returns).
 * Invariants: the current text always parses and type-checks under the front end and is still
 * failing (the predicate held on it); every candidate is printed by our printer and re-parsed
 * before it runs (an ill-sorted candidate is counted, never run); the same text is never
 * checked twice (64-bit hash); OUT is rewritten atomically after every improvement, so an
 * interrupted reduction leaves its best result. Parallel checks are forked children, one per
 * candidate; of a batch, the first candidate in order that is still failing wins.
 * Tests: tests/unit/reduce_test.c, tests/unit/reduce_solver_z3_test.c */
#ifndef SG_REDUCE_REDUCE_H
#define SG_REDUCE_REDUCE_H

#include "reduce/mutate.h"
#include "reduce/predicate.h"

typedef enum sg_strategy { SG_STRAT_DDMIN, SG_STRAT_HIER, SG_STRAT_HYBRID } sg_strategy;

typedef struct sg_reduce_opts {
  sg_strategy strategy;
  uint32_t jobs;       /* parallel checks (>= 1) */
  double budget_s;     /* stop this many seconds after t0 (0 = none): no batch starts after
                          that, and the candidates still running are stopped */
  bool progress;       /* live status on stderr */
  bool verbose;        /* one line per improvement on stderr */
  double t0;           /* the start the budget counts from (sg_spawn_now: the command's
                          start, so the golden run counts), 0 = when sg_reduce starts */
} sg_reduce_opts;

typedef struct sg_reduce_stats {
  uint64_t in_bytes, out_bytes;  /* text sizes */
  uint64_t in_terms, out_terms;  /* tree sizes (occurrences) */
  uint64_t checks;               /* candidates run through the predicate */
  uint64_t runs;                 /* solver / command runs made by those checks */
  uint64_t cache_hits;           /* candidates skipped because already tried */
  uint64_t ill_sorted;           /* candidates rejected by the front end (never run) */
  uint64_t improvements;         /* accepted candidates */
  double wall_s;
  bool budget_hit;               /* stopped by the budget */
} sg_reduce_stats;

/* Reduce `text` (the input, already shown to fail by sg_pred_golden) and write the result to
 * out_path. The input must parse under the front end. */
sg_rc sg_reduce (const sg_pred *p, const char *text, size_t len, const char *name,
                 const char *out_path, const sg_reduce_opts *o, sg_reduce_stats *st /* OUT */,
                 sg_diag *d);

#endif
