/* eval_fp: the FloatingPoint theory of the evaluator — every SMT-LIB operator of the theory
 * (and z3's fp.to_ieee_bv) on values, with the unspecified cases of TECHNIQUES.md §1.5 handed
 * to the model (sg_eval_partial). The arithmetic itself is eval_fp2.c's (eval_fp_int.h). */
#include "base/limits.h"
#include "eval/eval.h"
#include "eval/eval_fp_int.h"
#include "eval/eval_int.h"

/* Largest numerator or denominator fp.to_real builds, in bits: the exact value of a huge
 * exponent (eb up to 60) does not fit in memory; beyond this the result is UNDET. */
#ifndef SG_FP_REAL_BITS
#define SG_FP_REAL_BITS ((uint64_t) SG_LIMIT_BV_WIDTH)
#endif

static sg_rc
put (sg_val v, sg_val *out)
{
  if (!v) return SG_RC_NOMEM;
  *out = v;
  return SG_RC_OK;
}

/* The model's value of an unspecified case, UNDET without one. */
static sg_rc
partial (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out)
{
  return put (sg_eval_partial (c, t, args, n), out);
}

/* A value of FP sort `so` from a pattern (canonicalised: one NaN). */
static sg_rc
fp_val (sg_eval_ctx *c, sg_sort so, mpz_t bits, sg_val *out)
{
  const sg_sortnode *f = sg_sort_node (c->s, so);
  bool neg;
  if (sg_fp_classify (f->a, f->b, bits, &neg) == SG_FPC_NAN) sg_fp_nan (f->a, f->b, bits);
  return put (sg_v_fp (c->pool, so, f->a, f->b, bits), out);
}

static bool
is_fp (sg_val v)
{
  return v && v->kind == SG_V_FP;
}

static bool
is_rm (sg_val v)
{
  return v && v->kind == SG_V_RM && v->u.rm <= SG_RM_RTZ;
}

/* Two's complement reading of a bit-vector value. */
static void
bv_signed (sg_val v, mpz_t z)
{
  mpz_set (z, v->u.bv.z);
  if (v->u.bv.w > 0 && mpz_tstbit (z, v->u.bv.w - 1))
    {
      mpz_t m;
      mpz_init (m);
      mpz_setbit (m, v->u.bv.w);
      mpz_sub (z, z, m);
      mpz_clear (m);
    }
}

/* fp.leq fp.lt fp.geq fp.gt fp.eq, chainable: every adjacent pair (IEEE: NaN is unordered). */
static bool
compare_chain (sg_op op, const sg_val *args, uint32_t n)
{
  for (uint32_t i = 0; i + 1 < n; i++)
    {
      const sg_val a = args[i], b = args[i + 1];
      int r = sg_fp_cmp (a->u.fp.eb, a->u.fp.sb, a->u.fp.bits, b->u.fp.bits);
      bool ok = false;
      switch (op)
        {
        case SG_OP_FP_LEQ: ok = r == -1 || r == 0; break;
        case SG_OP_FP_LT: ok = r == -1; break;
        case SG_OP_FP_GEQ: ok = r == 1 || r == 0; break;
        case SG_OP_FP_GT: ok = r == 1; break;
        default: ok = r == 0; break; /* FP_EQ */
        }
      if (!ok) return false;
    }
  return true;
}

/* fp.isNormal ... fp.isPositive (isNegative and isPositive are false for NaN). */
static bool
predicate (sg_op op, sg_val a)
{
  bool neg;
  sg_fp_class k = sg_fp_classify (a->u.fp.eb, a->u.fp.sb, a->u.fp.bits, &neg);
  switch (op)
    {
    case SG_OP_FP_IS_NORMAL: return k == SG_FPC_NORMAL;
    case SG_OP_FP_IS_SUBNORMAL: return k == SG_FPC_SUBNORMAL;
    case SG_OP_FP_IS_ZERO: return k == SG_FPC_ZERO;
    case SG_OP_FP_IS_INFINITE: return k == SG_FPC_INF;
    case SG_OP_FP_IS_NAN: return k == SG_FPC_NAN;
    case SG_OP_FP_IS_NEGATIVE: return k != SG_FPC_NAN && neg;
    case SG_OP_FP_IS_POSITIVE: return k != SG_FPC_NAN && !neg;
    default: return false;
    }
}

/* fp.min / fp.max: NaN yields to the other argument; +0 and -0 are unspecified. */
static sg_rc
min_max (sg_eval_ctx *c, sg_term t, sg_op op, const sg_val *args, sg_val *out)
{
  const sg_val a = args[0], b = args[1];
  uint32_t eb = a->u.fp.eb, sb = a->u.fp.sb;
  bool na, nb;
  sg_fp_class ka = sg_fp_classify (eb, sb, a->u.fp.bits, &na);
  sg_fp_class kb = sg_fp_classify (eb, sb, b->u.fp.bits, &nb);
  if (ka == SG_FPC_NAN) { *out = b; return SG_RC_OK; }
  if (kb == SG_FPC_NAN) { *out = a; return SG_RC_OK; }
  if (ka == SG_FPC_ZERO && kb == SG_FPC_ZERO && na != nb) return partial (c, t, args, 2, out);
  int r = sg_fp_cmp (eb, sb, a->u.fp.bits, b->u.fp.bits);
  bool take_a = op == SG_OP_FP_MIN ? r <= 0 : r >= 0;
  *out = take_a ? a : b;
  return SG_RC_OK;
}

/* The rounded operations fp.add ... fp.roundToIntegral: the pattern into r, then its value. */
static sg_rc
fp_arith (sg_eval_ctx *c, sg_op op, sg_sort so, uint32_t eb, uint32_t sb, sg_rm rm, const sg_val *args,
          uint32_t n, mpz_t r, sg_val *out)
{
  sg_rc rc = SG_RC_USAGE;
  switch (op)
    {
    case SG_OP_FP_ADD:
    case SG_OP_FP_SUB:
    case SG_OP_FP_MUL:
    case SG_OP_FP_DIV:
      if (n != 3) { rc = SG_RC_USAGE; break; }
      sg_fp_op2 (eb, sb,
                 op == SG_OP_FP_ADD   ? SG_FPB_ADD
                 : op == SG_OP_FP_SUB ? SG_FPB_SUB
                 : op == SG_OP_FP_MUL ? SG_FPB_MUL
                                      : SG_FPB_DIV,
                 rm, args[1]->u.fp.bits, args[2]->u.fp.bits, r);
      rc = fp_val (c, so, r, out);
      break;
    case SG_OP_FP_REM:
      if (n != 2) { rc = SG_RC_USAGE; break; }
      sg_fp_op2 (eb, sb, SG_FPB_REM, SG_RM_RNE, args[0]->u.fp.bits, args[1]->u.fp.bits, r);
      rc = fp_val (c, so, r, out);
      break;
    case SG_OP_FP_FMA:
      if (n != 4) { rc = SG_RC_USAGE; break; }
      sg_fp_fma (eb, sb, rm, args[1]->u.fp.bits, args[2]->u.fp.bits, args[3]->u.fp.bits, r);
      rc = fp_val (c, so, r, out);
      break;
    case SG_OP_FP_SQRT:
      sg_fp_sqrt (eb, sb, rm, args[1]->u.fp.bits, r);
      rc = fp_val (c, so, r, out);
      break;
    case SG_OP_FP_ROUND:
      sg_fp_rti (eb, sb, rm, args[1]->u.fp.bits, r);
      rc = fp_val (c, so, r, out);
      break;
    default:
      break;
    }
  return rc;
}

/* (_ to_fp eb sb) and (_ to_fp_unsigned eb sb) with a rounding mode. */
static sg_rc
to_fp (sg_eval_ctx *c, sg_term t, sg_op op, const sg_val *args, mpz_t r, sg_val *out)
{
  sg_sort so = sg_term_sort (c->s, t);
  const sg_sortnode *f = sg_sort_node (c->s, so);
  sg_rm rm = (sg_rm) args[0]->u.rm;
  sg_val x = args[1];
  switch (x->kind)
    {
    case SG_V_FP:
      if (op != SG_OP_TO_FP) return SG_RC_USAGE;
      sg_fp_from_fp (x->u.fp.eb, x->u.fp.sb, x->u.fp.bits, f->a, f->b, rm, r);
      break;
    case SG_V_NUM: /* Real, or an Int the type checker coerced */
      if (op != SG_OP_TO_FP) return SG_RC_USAGE;
      sg_fp_from_q (f->a, f->b, rm, x->u.q, r);
      break;
    case SG_V_BV:
      if (op == SG_OP_TO_FP) bv_signed (x, r);
      else mpz_set (r, x->u.bv.z);
      sg_fp_from_z (f->a, f->b, rm, r, r);
      break;
    case SG_V_ENCL: /* a transcendental value: its rounding is not decided here */
      return sg_eval_ret (sg_v_undet (c->pool), out);
    default:
      return SG_RC_USAGE;
    }
  return fp_val (c, so, r, out);
}

/* (_ fp.to_ubv w) and (_ fp.to_sbv w): unspecified for NaN, ±oo and out of range. */
static sg_rc
to_bv (sg_eval_ctx *c, sg_term t, sg_op op, const sg_val *args, mpz_t r, sg_val *out)
{
  sg_sort so = sg_term_sort (c->s, t);
  uint32_t w = sg_sort_bv_width (c->s, so);
  const sg_val x = args[1];
  if (!sg_fp_to_z (x->u.fp.eb, x->u.fp.sb, (sg_rm) args[0]->u.rm, x->u.fp.bits, w, r))
    return partial (c, t, args, 2, out);
  bool in_range;
  if (op == SG_OP_FP_TO_UBV) in_range = mpz_sgn (r) >= 0; /* and r < 2^w by sg_fp_to_z */
  else if (w == 0) in_range = false;
  else
    {
      mpz_t lim; /* -2^(w-1) <= r < 2^(w-1) */
      mpz_init (lim);
      mpz_setbit (lim, w - 1);
      in_range = mpz_cmp (r, lim) < 0 && mpz_cmpabs (r, lim) <= 0;
      mpz_clear (lim);
    }
  if (!in_range) return partial (c, t, args, 2, out);
  return put (sg_v_bv (c->pool, so, w, r), out); /* sg_v_bv reduces mod 2^w */
}

/* Argument shapes: rounding mode first where the operator takes one, FP operands of one
 * format after it (the type checker guarantees them; a broken model must not crash us).
 * *first: the first FP operand. */
static sg_rc
arg_shapes (sg_op op, const sg_val *args, uint32_t n, uint32_t *first)
{
  uint32_t first_fp = 0;
  switch (op)
    {
    case SG_OP_FP_ADD: case SG_OP_FP_SUB: case SG_OP_FP_MUL: case SG_OP_FP_DIV:
    case SG_OP_FP_FMA: case SG_OP_FP_SQRT: case SG_OP_FP_ROUND:
    case SG_OP_FP_TO_UBV: case SG_OP_FP_TO_SBV:
      if (n < 2 || !is_rm (args[0])) return SG_RC_USAGE;
      first_fp = 1;
      break;
    case SG_OP_TO_FP: case SG_OP_TO_FP_UNSIGNED:
      if (n == 2 && !is_rm (args[0])) return SG_RC_USAGE;
      first_fp = n; /* checked by to_fp */
      break;
    case SG_OP_FP: case SG_OP_FP_PINF: case SG_OP_FP_NINF: case SG_OP_FP_NAN:
    case SG_OP_FP_PZERO: case SG_OP_FP_NZERO:
      first_fp = n;
      break;
    default:
      break;
    }
  for (uint32_t i = first_fp; i < n; i++)
    if (!is_fp (args[i]) || args[i]->u.fp.eb != args[first_fp]->u.fp.eb
        || args[i]->u.fp.sb != args[first_fp]->u.fp.sb)
      return SG_RC_USAGE;
  *first = first_fp;
  return SG_RC_OK;
}

/* (fp sign exponent significand): the three bit-vectors side by side. */
static sg_rc
fp_from_fields (sg_eval_ctx *c, sg_sort so, uint32_t eb, uint32_t sb, const sg_val *args, uint32_t n, mpz_t r,
                sg_val *out)
{
  if (n != 3 || args[0]->kind != SG_V_BV || args[1]->kind != SG_V_BV
      || args[2]->kind != SG_V_BV)
    return SG_RC_USAGE;
  mpz_set (r, args[0]->u.bv.z);
  mpz_mul_2exp (r, r, eb);
  mpz_ior (r, r, args[1]->u.bv.z);
  mpz_mul_2exp (r, r, sb - 1);
  mpz_ior (r, r, args[2]->u.bv.z);
  return fp_val (c, so, r, out);
}

/* (_ to_fp eb sb) and (_ to_fp_unsigned eb sb): of a bit pattern, of RM and a value, or z3's RM x Real x Int. */
static sg_rc
to_fp_any (sg_eval_ctx *c, sg_term t, sg_op op, sg_sort so, uint32_t eb, uint32_t sb, const sg_val *args,
           uint32_t n, mpz_t r, sg_val *out)
{
  sg_rc rc;
  if (n == 1 && op == SG_OP_TO_FP && args[0]->kind == SG_V_BV
      && (uint64_t) args[0]->u.bv.w == (uint64_t) eb + sb)
    {
      mpz_set (r, args[0]->u.bv.z); /* the bit pattern itself */
      rc = fp_val (c, so, r, out);
    }
  else if (n == 2)
    rc = to_fp (c, t, op, args, r, out);
  else if (n == 3)
    rc = SG_RC_OK; /* z3's RM x Real x Int (x * 2^e): left undetermined */
  else
    rc = SG_RC_USAGE;
  return rc;
}

/* fp.to_real: the exact value; unspecified for ±oo and NaN, UNDET when too large to build. */
static sg_rc
to_real (sg_eval_ctx *c, sg_term t, sg_sort so, const sg_val *args, uint32_t n, sg_val *out)
{
  sg_rc rc;
  const sg_val x = args[0];
  mpq_t q;
  mpq_init (q);
  if (sg_fp_to_q (x->u.fp.eb, x->u.fp.sb, x->u.fp.bits, SG_FP_REAL_BITS, q))
    rc = put (sg_v_num (c->pool, so, q), out);
  else
    {
      bool neg;
      if (sg_fp_classify (x->u.fp.eb, x->u.fp.sb, x->u.fp.bits, &neg) >= SG_FPC_ZERO)
        rc = put (sg_v_undet (c->pool), out); /* finite but too large to build */
      else
        rc = partial (c, t, args, n, out); /* ±oo, NaN: unspecified */
    }
  mpq_clear (q);
  return rc;
}

/* z3's fp.to_ieee_bv: the bit pattern; NaN has many patterns, so it is unspecified. */
static sg_rc
to_ieee_bv (sg_eval_ctx *c, sg_term t, sg_sort so, const sg_val *args, uint32_t n, sg_val *out)
{
  sg_rc rc;
  const sg_val x = args[0];
  bool neg;
  if (sg_fp_classify (x->u.fp.eb, x->u.fp.sb, x->u.fp.bits, &neg) == SG_FPC_NAN)
    rc = partial (c, t, args, n, out);
  else
    rc = put (sg_v_bv (c->pool, so, x->u.fp.eb + x->u.fp.sb, x->u.fp.bits), out);
  return rc;
}

sg_rc
sg_eval_fp (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out)
{
  sg_op op = (sg_op) sg_op_info (sg_term_op (c->s, t))->canon;
  sg_sort so = sg_term_sort (c->s, t);
  const sg_sortnode *sn = sg_sort_node (c->s, so);
  uint32_t eb = sn->a, sb = sn->b; /* of the result, when it is FP */
  for (uint32_t i = 0; i < n; i++) /* eval.c never passes UNDET; stay total if it does */
    if (sg_v_is_undet (args[i])) return put (sg_v_undet (c->pool), out);
  switch (op) /* rounding modes and constants: no FP arguments */
    {
    case SG_OP_RNE: return put (sg_v_rm (c->pool, c->s, SG_RM_RNE), out);
    case SG_OP_RNA: return put (sg_v_rm (c->pool, c->s, SG_RM_RNA), out);
    case SG_OP_RTP: return put (sg_v_rm (c->pool, c->s, SG_RM_RTP), out);
    case SG_OP_RTN: return put (sg_v_rm (c->pool, c->s, SG_RM_RTN), out);
    case SG_OP_RTZ: return put (sg_v_rm (c->pool, c->s, SG_RM_RTZ), out);
    default: break;
    }
  uint32_t first_fp;
  sg_rc rc = arg_shapes (op, args, n, &first_fp);
  if (rc) return rc;
  sg_rm rm = first_fp == 1 ? (sg_rm) args[0]->u.rm : SG_RM_RNE;
  mpz_t r;
  mpz_init (r);
  switch (op)
    {
    case SG_OP_FP: /* (fp sign exponent significand) */
      rc = fp_from_fields (c, so, eb, sb, args, n, r, out);
      break;
    case SG_OP_FP_PINF: sg_fp_inf (eb, sb, false, r); rc = fp_val (c, so, r, out); break;
    case SG_OP_FP_NINF: sg_fp_inf (eb, sb, true, r); rc = fp_val (c, so, r, out); break;
    case SG_OP_FP_NAN: sg_fp_nan (eb, sb, r); rc = fp_val (c, so, r, out); break;
    case SG_OP_FP_PZERO: sg_fp_zero (eb, sb, false, r); rc = fp_val (c, so, r, out); break;
    case SG_OP_FP_NZERO: sg_fp_zero (eb, sb, true, r); rc = fp_val (c, so, r, out); break;
    case SG_OP_FP_ABS:
    case SG_OP_FP_NEG:
      mpz_set (r, args[0]->u.fp.bits);
      if (op == SG_OP_FP_ABS) mpz_clrbit (r, eb + sb - 1);
      else mpz_combit (r, eb + sb - 1);
      rc = fp_val (c, so, r, out); /* NaN stays the one NaN */
      break;
    case SG_OP_FP_ADD:
    case SG_OP_FP_SUB:
    case SG_OP_FP_MUL:
    case SG_OP_FP_DIV:
    case SG_OP_FP_REM:
    case SG_OP_FP_FMA:
    case SG_OP_FP_SQRT:
    case SG_OP_FP_ROUND:
      rc = fp_arith (c, op, so, eb, sb, rm, args, n, r, out);
      break;
    case SG_OP_FP_MIN:
    case SG_OP_FP_MAX:
      rc = n == 2 ? min_max (c, t, op, args, out) : SG_RC_USAGE;
      break;
    case SG_OP_FP_LEQ:
    case SG_OP_FP_LT:
    case SG_OP_FP_GEQ:
    case SG_OP_FP_GT:
    case SG_OP_FP_EQ:
      rc = put (sg_v_bool (c->pool, c->s, compare_chain (op, args, n)), out);
      break;
    case SG_OP_FP_IS_NORMAL:
    case SG_OP_FP_IS_SUBNORMAL:
    case SG_OP_FP_IS_ZERO:
    case SG_OP_FP_IS_INFINITE:
    case SG_OP_FP_IS_NAN:
    case SG_OP_FP_IS_NEGATIVE:
    case SG_OP_FP_IS_POSITIVE:
      rc = n == 1 ? put (sg_v_bool (c->pool, c->s, predicate (op, args[0])), out)
                  : SG_RC_USAGE;
      break;
    case SG_OP_TO_FP:
    case SG_OP_TO_FP_UNSIGNED:
      rc = to_fp_any (c, t, op, so, eb, sb, args, n, r, out);
      break;
    case SG_OP_FP_TO_UBV:
    case SG_OP_FP_TO_SBV:
      rc = to_bv (c, t, op, args, r, out);
      break;
    case SG_OP_FP_TO_REAL:
      rc = to_real (c, t, so, args, n, out);
      break;
    case SG_OP_FP_TO_IEEE_BV:
      rc = to_ieee_bv (c, t, so, args, n, out);
      break;
    default:
      rc = SG_RC_USAGE; /* not an operator of this theory */
      break;
    }
  mpz_clear (r);
  return rc;
}
