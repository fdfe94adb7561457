/* typefuzz: generative type-aware mutation (TypeFuzz, TECHNIQUES.md §4) — one step replaces a
 * random subterm occurrence e of sort S inside an assert by a new application (op a1 ... ak) of
 * sort S whose operator comes from ops.def and whose arguments are existing subterms of the
 * script (depth 1: only the root is new).
 * Owns: nothing between calls; a step creates terms in the script's store (freed with the store)
 *   and changes only the script it is given.
 * Invariants: every mutant is well-sorted (built with sg_mk_app, put in with sg_occ_replace, both
 *   type-checked). Local compatibility (Def. 5.3.2, trap 1): every free bound variable of the
 *   replacement is bound at e's position by a strictly enclosing binder, and no binder in between
 *   shadows its name. Argument terms are taken only from positions where every symbol they use is
 *   declared (same or earlier command, no pop in between); terms with :named annotations or uses
 *   of named terms are neither moved nor replaced. Only canonical operators, at most 3 arguments,
 *   with valid indices; z3 4.8-unknown operators (divisible, nat2bv, the overflow predicates,
 *   fp.to_ieee_bv), the cvc5 extensions (str.rev, str.to_lower, str.to_upper), `^`, and fp.min /
 *   fp.max (unspecified on ±0) are never generated. The mutant stays in its set-logic:
 *   Int (Real) terms only where the logic has integers (reals); BV, FP and string operators only
 *   in logics naming the theory; in linear logics no `*`, div, mod, /, abs and no hole below a
 *   `*`, div, mod or /; in difference logics only Bool holes and Bool arguments. Numerals under
 *   an implicit Int-to-Real coercion are not holes. Argument sorts must occur in the script; a small literal stands in only for a sort that
 *   occurs but has no usable term at e's position (and rounding modes for FP operators). The same
 *   script and rng state give the same mutant.
 * Departure from yinyang: the expression pool is recomputed from the current mutant at each step
 *   (the thesis pool is the seed's), and =, distinct and ite are generated (yinyang comments them
 *   out), per the smtgrind brief.
 * Tests: tests/unit/typefuzz_test.c, tests/unit/typefuzz_z3_test.c */
#ifndef SG_TECH_TYPEFUZZ_H
#define SG_TECH_TYPEFUZZ_H

#include <stdbool.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/rc.h"
#include "base/rng.h"
#include "front/script.h"

#define SG_TYPEFUZZ_DEFAULT_CHAIN 10u      /* steps per seed, n (§4.4: 10-100; 10 in coverage) */
#define SG_TYPEFUZZ_MAX_OCCS (1u << 22)    /* occurrences per script a step will look at */
#define SG_TYPEFUZZ_HOLE_TRIES 64u         /* holes tried per step (§4.2: up to |E|) */
#define SG_TYPEFUZZ_MAX_ARITY 3u           /* n-ary operators get 2..3 arguments */
#define SG_TYPEFUZZ_DEPTH_MARGIN 64u       /* a replacement must leave the term this far below
                                              SG_LIMIT_DEPTH (binder lists, indices, lets) */

/* One mutation step on sc (in place; copy the seed with sg_script_copy first to keep it).
 * *done (may be NULL) is true when a subterm was replaced (false: no hole could be filled, sc is
 * unchanged). desc (may be NULL, reset first) receives
 * "replaced OLD by NEW at KIND I" (terms shortened to 80 characters; KIND the command name, I its
 * 0-based index). SG_RC_NOMEM, SG_RC_LIMIT on failure. */
sg_rc sg_typefuzz_step (sg_script *sc, sg_rng *rng, sg_buf *desc /* OUT */, bool *done /* OUT */);

#endif
