/* dedup: the keys that put findings into buckets (one bucket = one bug, as far as we can tell).
 *   crash:  solver + the crash signature normalised (assertion file:line, sanitizer kind and top
 *           frames as src/run/classify.c extracts them; otherwise the signal and first error
 *           line with numbers, addresses and quoted names blanked).
 *   others: solver + kind + logic + a 64-bit hash of the trigger's shape: the DAG of its
 *           assertions with every leaf (literal, constant, variable, bound variable) reduced to
 *           its sort, names of functions dropped (only their arity and sorts count), operators,
 *           indices and structure kept. Two scripts that differ only in leaf constants and
 *           names have one shape.
 *   incremental findings (signature "incremental: WHAT", loop/loop_judge.c): solver + kind +
 *           logic + that signature, the query kind (check-sat after a pop, under
 *           check-sat-assuming, ..., model, get-value, unsat core, unsat assumptions): the
 *           scripts of one bug take many shapes (issue 52).
 * Owns: nothing (the store used to parse a trigger is private to sg_dedup_shape).
 * Invariants: keys are pure functions of their inputs (same on every machine); no recursion
 *   (term ids are topological, so one pass over the store computes every node's hash).
 * Tests: tests/unit/dedup_test.c */
#ifndef SG_CAMPAIGN_DEDUP_H
#define SG_CAMPAIGN_DEDUP_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/rc.h"

/* Normalise a crash signature into out (size >= 64): digits kept only in "file:line" of an
 * "assert ..." or "sanitizer ..." signature; elsewhere runs of digits become '#', hex
 * addresses '0x#', and text in quotes '?'. */
void sg_dedup_crash_sig (const char *sig, char *out, size_t size);

/* The shape hash of an SMT-LIB script (text, len). SG_RC_PARSE/SORT when our front end rejects
 * it (the caller then falls back to a hash of the text with digits blanked: sg_dedup_text). */
sg_rc sg_dedup_shape (const char *text, size_t len, uint64_t *hash /* OUT */);
/* Fallback: a hash of the text with digit runs and symbols after declare-fun/const blanked. */
uint64_t sg_dedup_text (const char *text, size_t len);

/* The bucket key of a finding into out (size >= 128):
 *   "crash|SOLVER|NORMSIG" (a validation note: "validation|SOLVER|NORMSIG") or
 *   "KIND|SOLVER|LOGIC|HEX16", or "KIND|SOLVER|LOGIC|incremental: WHAT" (an incremental
 *   finding's signature). */
void sg_dedup_key (const char *kind, const char *solver, const char *logic, const char *signature,
                   const char *text, size_t len, char *out, size_t size);

/* Alpha-normal form of a script: its tokens (comments and blanks dropped) with every name it
 * declares or binds (declare-fun/const, define-fun[-rec] and their parameters, declare-sort,
 * define-sort, datatypes' sorts, constructors and selectors, forall/exists/let variables)
 * renamed _0, _1, ... in order of first appearance. Two scripts are alpha-equivalent when
 * their normal forms are equal. Appends to out. */
sg_rc sg_dedup_alpha (const char *text, size_t len, sg_buf *out);
/* A hash of sg_dedup_alpha's text (sg_dedup_text when that fails). */
uint64_t sg_dedup_alpha_hash (const char *text, size_t len);

/* The bug key of a bucket into out (size >= 256), from its reduced trigger (or its first one):
 *   crash:  "crash|SOLVER|NORMSIG" (the bucket key: one bug per crash site; a validation
 *           note the same way, "validation|SOLVER|NORMSIG");
 *   others: "KIND|SOLVER|FEATURES": the sorted set of the trigger's operator classes (arith,
 *           bv, fp, string, array, datatype, quantifier, uf; core operators ignored) and sort
 *           kinds (Array(index,element) kept; widths and formats ignored). Leaves and names
 *           never count, so bvurem and bvnand on the same array read are one bug; two solvers
 *           or two kinds never share a key. */
void sg_dedup_bug_key (const char *kind, const char *solver, const char *signature,
                       const char *text, size_t len, char *out, size_t size);

/* The logic of a script: the symbol after its first (set-logic ...), or "-" (into out). */
void sg_dedup_logic (const char *text, size_t len, char *out, size_t size);

#endif
