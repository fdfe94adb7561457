/* enum_tech: grammar-based enumeration (ET) as a technique of the fuzz loop — a generator
 * (no seeds) whose formulas are the grammar's in index order, judged differentially.
 * The range [from, from + count) is cut into blocks of cfg.chain formulas; block b belongs
 * to --shard I/N when b mod N = I. With sched.next_block (one `enum` run's workers) the k-th
 * block taken from that shared counter, by any worker, is block k * N + I; without it (a
 * campaign's workers, which resume each by its own chain numbers, i.e. by index) chain c of
 * worker w (of W) is block ((c * W) + w) * N + I. So every index of the range is enumerated
 * once over all shards, workers and chains, and begin returns SG_RC_EOF past the range.
 * Without a grammar (a campaign's `enum` engine) the shipped grammars take turns by chain:
 * chain c enumerates grammar c mod 8 at chain c / 8.
 * Owns: its grammars and enumerators.
 * Tests: tests/unit/enum_test.c (the enumeration), tests/cli/run_cli_tests.sh group enum. */
#ifndef SG_TECH_ENUM_TECH_H
#define SG_TECH_ENUM_TECH_H

#include <gmp.h>

#include "tech/tech.h"

/* The row of the technique table (tech/tech.c's list). */
extern const sg_technique sg_tech_enum;

sg_rc sg_enum_tech_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d);
sg_rc sg_enum_tech_begin (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d);
sg_rc sg_enum_tech_next (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d);
void sg_enum_tech_free (void *state);
/* sg_technique.explain: the grammar rule and alternative (with its line) whose terminal is at
 * byte `offset` of the formula that desc ("enum NAME index I") names. */
void sg_enum_tech_explain (void *state, const char *desc, size_t offset, char *out, size_t size);
void sg_enum_tech_describe (const sg_tech_cfg *cfg, char *out, size_t size);
/* "I/N" into i and n (0 <= i < n). */
bool sg_enum_parse_shard (const char *spec, uint32_t *i /* OUT */, uint32_t *n /* OUT */);
/* An index: decimal digits alone, any length (no sign, blank or prefix). False otherwise. */
bool sg_enum_parse_index (const char *text, mpz_t out /* OUT */);

#endif
