/* equal: structural equality of scripts and terms that may live in different stores — the
 * "identical DAG" check of print/parse round trips, and the cache key check of the reducer.
 * Owns: nothing; scratch memory is freed before returning.
 * Invariants: equality is up to renumbering of ids; names, literal spellings, operators, operand
 * order, flags and sharing must match (two stores are compared node for node).
 * Tests: tests/unit/corpus_test.c, tests/unit/front_test.c */
#ifndef SG_FRONT_EQUAL_H
#define SG_FRONT_EQUAL_H

#include "front/script.h"

/* True when a and b have the same commands over isomorphic DAGs. On a difference, `why` (may be
 * NULL) receives a short description. */
bool sg_script_equal (const sg_script *a, const sg_script *b, char *why, size_t whylen);

#endif
