/* rng: seeded pseudo-random numbers — xoshiro256** with a splitmix64-expanded seed.
 * Owns: nothing; an sg_rng is a plain value owned by its job (no global state, rand() is never
 *   used). Copying the value forks the stream (both copies give the same numbers).
 * Invariants: the same seed gives the same sequence on every platform; the state is never all
 *   zero; sg_rng_below is unbiased (rejection sampling).
 * Tests: tests/unit/rng_test.c */
#ifndef SG_BASE_RNG_H
#define SG_BASE_RNG_H

#include <stdbool.h>
#include <stdint.h>

typedef struct sg_rng {
  uint64_t s[4]; /* xoshiro256** state, never all zero */
} sg_rng;

/* Seed r from one 64-bit value (any value, 0 included). */
void sg_rng_seed (sg_rng *r, uint64_t seed);
/* Next 64 random bits. */
uint64_t sg_rng_next (sg_rng *r);
/* Uniform in [0, n); 0 when n == 0. Unbiased. */
uint64_t sg_rng_below (sg_rng *r, uint64_t n);
/* True with probability num/den (false when den == 0; true when num >= den > 0). */
bool sg_rng_chance (sg_rng *r, uint64_t num, uint64_t den);
/* A new independent stream for a worker or a sub-job, derived from (and advancing) r. */
sg_rng sg_rng_split (sg_rng *r);

#endif
