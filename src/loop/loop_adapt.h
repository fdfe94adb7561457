/* loop_adapt: what the fuzz loop (loop/loop.c) does to spend less solver time where no
 * bug is (issue 22):
 *   - the per-chain cache: the texts of the mutants already judged in the current chain (a
 *     set of 128-bit hashes with the length, reset when a chain starts); a mutant whose text
 *     is identical to one of them is skipped (counted as `duplicates`, never judged again);
 *   - the adaptive timeout of the fast path: from each seed's solve time per solver (its label:
 *     INDEX.tsv's z3_ms / cvc5_ms columns, or the time measured when smtgrind labelled it),
 *     a mutant's first probe is cut at
 *         bound = min (-t, max (SG_ADAPT_FLOOR_MS, SG_ADAPT_FACTOR x slowest seed time))
 *     where "slowest" is over the solvers under test and the chain's seeds; no bound (the full
 *     -t) when any of them has no known time. What a cut run leads to is oracle/escalate.h's
 *     rule (fast_ms): re-run once, fresh, with the full timeout, when another solver decided.
 * Owns: the cache's table (sg_loop_seen_free).
 * Invariants: the cache never skips a text it has not seen in the chain unless two different
 * texts of the same length share both 64-bit hashes; the bound is never above -t nor under
 * the floor (or -t when -t is below the floor).
 * Tests: tests/unit/loop_test.c (duplicates skipped; cut, re-run and the finding kept). */
#ifndef SG_CAMPAIGN_LOOP_ADAPT_H
#define SG_CAMPAIGN_LOOP_ADAPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "loop/loop.h"

/* The bound's floor and factor (documented in docs/throughput.md and the engines' help). */
#define SG_ADAPT_FLOOR_MS 1000u
#define SG_ADAPT_FACTOR 10u

typedef struct sg_loop_seen_key {
  uint64_t h1, h2; /* two independent 64-bit hashes of the text */
  size_t len;      /* its bytes; 0 marks an empty slot (an empty text is never cached) */
} sg_loop_seen_key;

typedef struct sg_loop_seen {
  sg_loop_seen_key *slots; /* open addressing, a power of two */
  size_t cap, n;           /* slots, keys held */
} sg_loop_seen;

void sg_loop_seen_init (sg_loop_seen *s);
/* Forget every text (a chain starts); the table is kept for the next chain. */
void sg_loop_seen_reset (sg_loop_seen *s);
/* Add text: true when it is new in the chain (judge it), false when seen before (skip it).
 * Out of memory: true (judged; the cache only ever saves work). */
bool sg_loop_seen_add (sg_loop_seen *s, const char *text, size_t len);
void sg_loop_seen_free (sg_loop_seen *s);

/* The fast path's bound in ms for a mutant of these seeds (nseeds of them: 1, or 2 for
 * fusion) under o (its solvers and timeout_ms), or 0: no bound (adaptive timeouts off, a
 * technique with step oracles (implication, regression: they judge the fast path's timeouts),
 * a solver or seed without a known time, or a bound not below -t). */
uint32_t sg_loop_adapt_ms (const sg_fuzz_opts *o, const sg_tech_seed *const *seeds, uint32_t nseeds);

#endif
