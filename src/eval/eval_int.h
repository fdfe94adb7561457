/* eval_int: internals shared by the evaluator's files (eval.c and the theory files eval_*.c);
 * not for other modules.
 * Maintainer: eval.  Tests: tests/unit/eval_test.c */
#ifndef SG_EVAL_EVAL_INT_H
#define SG_EVAL_EVAL_INT_H

#include "eval/eval.h"

/* The standard operator of term t (aliases such as bv2int or str.to.re map to their canon). */
static inline sg_op
sg_eval_canon (const sg_store *s, sg_term t)
{
  return (sg_op) sg_op_info (sg_term_op (s, t))->canon;
}

/* Result helpers for the theory files: *out = value, SG_RC_NOMEM when the pool is exhausted. */
static inline sg_rc
sg_eval_ret (sg_val v, sg_val *out)
{
  *out = v;
  return v ? SG_RC_OK : SG_RC_NOMEM;
}

#endif
