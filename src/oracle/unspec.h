/* unspec: which applications in a script may take a value SMT-LIB leaves unspecified (or
 * that a solver extension defines its own way): the table unspec.def.
 * Owns: nothing.
 * Invariants: conservative: an application counts unless constant folding (our evaluator
 *   without a model: terms over declared or bound symbols never fold) excludes its guard;
 *   iterative; reads the store (folding adds no term to it).
 * Tests: tests/unit/oracle_test.c */
#ifndef SG_ORACLE_UNSPEC_H
#define SG_ORACLE_UNSPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "front/store.h"

/* The first term of s (in store order, i.e. the script's) that may take an unspecified
 * value: true, with "OPNAME: why" in why. False when there is none. */
bool sg_unspec_find (sg_store *s, char *why, size_t size);
/* The same, but applications whose canonical operator `handled` accepts are not counted (the
 * totaliser's, oracle/total.h: what it guards is no longer unspecified). */
bool sg_unspec_find_except (sg_store *s, bool (*handled) (sg_op canon), char *why, size_t size);

#endif
