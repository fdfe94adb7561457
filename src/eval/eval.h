/* eval: evaluate ground terms of a store under a model with exact SMT-LIB semantics.
 * Owns: an evaluation context — its value pool (every value it returns), its memo table and its
 * binding stacks. The store and the model are borrowed.
 * Invariants: iterative (explicit stack; terms nest a million deep); partial functions
 * (div/mod/'/' by zero, fp.min/fp.max of opposite zeros, fp.to_ubv/fp.to_sbv out of range,
 * fp.to_real of an infinity or NaN, selectors applied to the wrong constructor) take the model's
 * interpretation when it gives one and are SG_V_UNDET otherwise; quantifiers are SG_V_UNDET
 * unless their body's value does not depend on the bound variables; and/or/=>/ite short-circuit
 * around SG_V_UNDET. An undetermined value is never a bug. So are results past the evaluator's
 * size bounds: a number of more than 2^18 bits (eval_arith.c, NUM_MAX_BITS), an exponent of '^'
 * above 64, a string literal with a raw byte beyond ASCII (eval.c, literal).
 * Theory files: eval_arith.c (Int, Real, mixed), eval_trans.c (sin, cos, tan, exp, pi and the
 * Real enclosures they give: a comparison is decided only when the enclosures settle it),
 * eval_bv.c, eval_fp.c (MPFR), eval_str.c (strings and regular expressions) each export one
 * `apply` function used by eval.c's dispatcher.
 * Tests: tests/unit/eval_test.c, tests/unit/eval_solver_test.c */
#ifndef SG_EVAL_EVAL_H
#define SG_EVAL_EVAL_H

#include "eval/model.h"
#include "eval/value.h"
#include "front/script.h"

typedef struct sg_eval sg_eval;

/* A context evaluating terms of store s under model m (m may be NULL: no declared symbol has a
 * value then). step_limit bounds the work (0 = default 10^8 steps); past it results are UNDET. */
sg_eval *sg_eval_new (sg_store *s, const sg_model *m, uint64_t step_limit);
void sg_eval_free (sg_eval *e);
sg_vpool *sg_eval_pool (sg_eval *e);
/* Value of term t (ground: free bound variables evaluate to UNDET). */
sg_rc sg_eval_term (sg_eval *e, sg_term t, sg_val *out /* OUT */);
/* The store was rolled back (sg_store_rollback) since the last sg_eval_term: what e knows of
 * the terms from the store's count on is dropped (a term made later may reuse their ids), what
 * it knows of the others is kept. Without this call, e must not be used after a rollback. */
void sg_eval_store_rolled_back (sg_eval *e);

/* Verdict on a script's assertions under a model. */
typedef enum sg_mcheck {
  SG_MODEL_VALID,        /* every assertion evaluates to true */
  SG_MODEL_INVALID,      /* some assertion evaluates to false */
  SG_MODEL_UNDETERMINED, /* none false, at least one undetermined */
} sg_mcheck;

/* Evaluate every assert of the script (up to its first check-sat, honouring push/pop) under m.
 * On SG_MODEL_INVALID, *bad is the index of the first false assert command. */
sg_rc sg_eval_check_model (sg_store *s, const sg_script *sc, const sg_model *m,
                           sg_mcheck *verdict /* OUT */, uint32_t *bad /* OUT, may be NULL */);

/* ---- theory interface (for eval_*.c) ---------------------------------------------------- */

/* Apply a built-in operator of one theory to argument values (none of them UNDET unless the
 * operator accepts UNDET arguments). t is the term being evaluated (for its sort and indices).
 * Returns SG_RC_OK with *out (possibly UNDET for partial functions), or an error (NOMEM, LIMIT).
 * `partial` (may be NULL) gives the model's interpretation of a partial case: called with the
 * term and the argument values, it returns the value or UNDET. */
typedef struct sg_eval_ctx {
  sg_store *s;     /* the store */
  sg_vpool *pool;  /* where results are allocated */
  sg_eval *e;      /* the evaluator (for partial interpretations) */
} sg_eval_ctx;

/* Model interpretation of a partial application (division by zero etc.), UNDET if none. */
sg_val sg_eval_partial (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n);

sg_rc sg_eval_arith (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out);
sg_rc sg_eval_bv (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out);
sg_rc sg_eval_fp (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out);
sg_rc sg_eval_str (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out);
/* Sequences, sets, bags, tuples, relations (eval_coll.c), and string operators on sequences. */
sg_rc sg_eval_coll (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out);
/* sin, cos, tan, exp, pi (eval_trans.c): exact at 0, else enclosures (SG_V_ENCL). */
sg_rc sg_eval_trans (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out);
/* Real arithmetic and comparisons with at least one enclosure argument (eval_trans.c). */
sg_rc sg_eval_encl (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out);

#endif
