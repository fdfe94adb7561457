/* eval_arith: Ints, Reals and Reals_Ints with exact GMP rationals. div and mod are Euclidean
 * (m = n*q + r, 0 <= r < |n|); division by zero ('div', 'mod', '/') takes the model's
 * interpretation (sg_eval_partial) or is UNDET; '^' is evaluated for natural exponents up to 64.
 * A result of + - * / div mod ^ that could exceed NUM_MAX_BITS bits is UNDET, never computed
 * (a chain of squarings would otherwise build numbers of 2^40 bits: minutes, then GMP aborts).
 * An argument that is an enclosure (a transcendental value) goes to sg_eval_encl (eval_trans.c).
 * Maintainer: eval.  Tests: tests/unit/eval_test.c, tests/unit/eval_solver_test.c */
#include <stdbool.h>
#include <stdint.h>

#include "eval/eval_int.h"

#define POW_MAX 64 /* largest exponent of '^' we evaluate */
/* Largest numeric result (numerator + denominator bits) of + - * / div mod ^ we compute: past it
 * (bounded from the operands' sizes before computing) the result is UNDET, so model checking
 * says "undetermined", never "invalid". 2^18 bits (about 79,000 decimal digits) bounds one
 * operation: an Int product of two 2^17-bit numbers takes about 0.3 ms, a Rational one (GCDs
 * included) about 3 ms; at 2^20 bits a Rational product took about 17 ms. Bit-vectors do not come
 * here (eval_bv.c): bv2nat of a wider vector is computed, but arithmetic on it is UNDET. */
#define NUM_MAX_BITS (1u << 18)

/* Bits of the denominator of q, 0 when it is 1. */
static uint64_t
den_bits (mpq_srcptr q)
{
  return mpz_cmp_ui (mpq_denref (q), 1) ? mpz_sizeinbase (mpq_denref (q), 2) : 0;
}

/* Size of q in bits: numerator plus denominator (0 for the denominator 1). */
static uint64_t
qbits (mpq_srcptr q)
{
  return mpz_sizeinbase (mpq_numref (q), 2) + den_bits (q);
}

/* An upper bound on the size (qbits) of a op b for op + - * / div mod, never below an operand's:
 * a/b + c/d = (ad + cb)/bd; (a/b)(c/d) = ac/bd; (a/b)/(c/d) = ad/bc; div and mod of Ints. */
static uint64_t
grow_bits (sg_op op, mpq_srcptr a, mpq_srcptr b)
{
  uint64_t na = mpz_sizeinbase (mpq_numref (a), 2), da = den_bits (a);
  uint64_t nb = mpz_sizeinbase (mpq_numref (b), 2), db = den_bits (b);
  if (op == SG_OP_ADD || op == SG_OP_NEG_SUB)
    return (na + db > nb + da ? na + db : nb + da) + 1 + da + db;
  if (op == SG_OP_IDIV || op == SG_OP_MOD) return na > nb ? na : nb;
  return na + nb + da + db;
}

/* Euclidean division of integers m by n != 0. */
static void
ediv (mpz_ptr q, mpz_srcptr m, mpz_srcptr n)
{
  if (mpz_sgn (n) > 0) mpz_fdiv_q (q, m, n);
  else mpz_cdiv_q (q, m, n);
}

/* The model's value of op(x, 0) into r; false when undetermined. */
static bool
by_zero (sg_eval_ctx *c, sg_term t, sg_sort sort, const mpq_t x, const mpq_t zero, bool integral,
         mpq_t r, sg_rc *rc)
{
  sg_val pair[2] = { sg_v_num (c->pool, sort, x), sg_v_num (c->pool, sort, zero) };
  if (!pair[0] || !pair[1]) { *rc = SG_RC_NOMEM; return false; }
  sg_val v = sg_eval_partial (c, t, pair, 2);
  if (sg_v_is_undet (v) || v->kind != SG_V_NUM) return false;
  if (integral && mpz_cmp_ui (mpq_denref (v->u.q), 1)) return false;
  mpq_set (r, v->u.q);
  return true;
}

/* a op b for the comparison op. */
static bool
cmp_holds (sg_op op, int c)
{
  switch (op)
    {
    case SG_OP_LT: return c < 0;
    case SG_OP_LE: return c <= 0;
    case SG_OP_GT: return c > 0;
    default: return c >= 0;
    }
}

sg_rc
sg_eval_arith (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out)
{
  sg_store *s = c->s;
  sg_sort sort = sg_term_sort (s, t);
  sg_op op = sg_eval_canon (s, t);
  sg_val undet = sg_v_undet (c->pool);
  for (uint32_t i = 0; i < n; i++)
    if (!sg_v_is_undet (args[i]) && args[i]->kind == SG_V_ENCL) return sg_eval_encl (c, t, args, n, out);
  for (uint32_t i = 0; i < n; i++)
    if (sg_v_is_undet (args[i]) || args[i]->kind != SG_V_NUM) return sg_eval_ret (undet, out);
  if (!n) return sg_eval_ret (undet, out);
  mpq_t r, zero;
  mpq_init (r);
  mpq_init (zero);
  mpq_set (r, args[0]->u.q);
  sg_rc rc = SG_RC_OK;
  sg_val v = NULL;
  bool det = true;    /* the result is determined */
  int boolres = -1;   /* a Bool result: 0 / 1 */
  switch (op)
    {
    case SG_OP_NEG_SUB:
      if (n == 1) mpq_neg (r, r);
      for (uint32_t i = 1; i < n && (det = grow_bits (op, r, args[i]->u.q) <= NUM_MAX_BITS); i++)
        mpq_sub (r, r, args[i]->u.q);
      break;
    case SG_OP_ADD:
      for (uint32_t i = 1; i < n && (det = grow_bits (op, r, args[i]->u.q) <= NUM_MAX_BITS); i++)
        mpq_add (r, r, args[i]->u.q);
      break;
    case SG_OP_MUL:
      for (uint32_t i = 1; i < n && (det = grow_bits (op, r, args[i]->u.q) <= NUM_MAX_BITS); i++)
        mpq_mul (r, r, args[i]->u.q);
      break;
    case SG_OP_ABS:
      mpq_abs (r, r);
      break;
    case SG_OP_TO_REAL: /* also the implicit coercion (SG_TF_IMPLICIT) */
      break;
    case SG_OP_TO_INT:
      mpz_fdiv_q (mpq_numref (r), mpq_numref (args[0]->u.q), mpq_denref (args[0]->u.q));
      mpz_set_ui (mpq_denref (r), 1);
      break;
    case SG_OP_IS_INT:
      boolres = !mpz_cmp_ui (mpq_denref (r), 1);
      break;
    case SG_OP_LT: case SG_OP_LE: case SG_OP_GT: case SG_OP_GE:
      boolres = 1;
      for (uint32_t i = 0; i + 1 < n && boolres; i++)
        boolres = cmp_holds (op, mpq_cmp (args[i]->u.q, args[i + 1]->u.q));
      break;
    case SG_OP_IDIV: case SG_OP_MOD:
      for (uint32_t i = 1; i < n && det; i++)
        {
          mpz_srcptr d = mpq_numref (args[i]->u.q);
          if (grow_bits (op, r, args[i]->u.q) > NUM_MAX_BITS) det = false;
          else if (!mpz_sgn (d)) det = by_zero (c, t, sort, r, zero, true, r, &rc);
          else if (op == SG_OP_IDIV) ediv (mpq_numref (r), mpq_numref (r), d);
          else mpz_mod (mpq_numref (r), mpq_numref (r), d); /* 0 <= r < |d| */
        }
      break;
    case SG_OP_RDIV:
      for (uint32_t i = 1; i < n && det; i++)
        {
          if (grow_bits (op, r, args[i]->u.q) > NUM_MAX_BITS) det = false;
          else if (!mpq_sgn (args[i]->u.q)) det = by_zero (c, t, sort, r, zero, false, r, &rc);
          else mpq_div (r, r, args[i]->u.q);
        }
      break;
    case SG_OP_DIVISIBLE:
      {
        uint32_t k = sg_term_indices (s, t)[0];
        if (!k) det = false; /* (_ divisible 0) is not SMT-LIB */
        else boolres = mpz_divisible_ui_p (mpq_numref (r), k) != 0;
        break;
      }
    case SG_OP_POW:
      {
        const mpq_t *x = &args[1]->u.q;
        if (n != 2 || mpz_cmp_ui (mpq_denref (*x), 1) || mpz_sgn (mpq_numref (*x)) < 0
            || mpz_cmp_ui (mpq_numref (*x), POW_MAX) > 0
            || (!mpz_sgn (mpq_numref (*x)) && !mpq_sgn (r))
            || qbits (r) * mpz_get_ui (mpq_numref (*x)) > NUM_MAX_BITS)
          det = false; /* negative, fractional or large exponents; 0^0; too big a result */
        else
          {
            unsigned long k = mpz_get_ui (mpq_numref (*x));
            mpz_pow_ui (mpq_numref (r), mpq_numref (r), k);
            mpz_pow_ui (mpq_denref (r), mpq_denref (r), k);
          }
        break;
      }
    default:
      det = false;
      break;
    }
  if (rc) v = NULL;
  else if (!det) v = undet;
  else if (boolres >= 0) v = sg_v_bool (c->pool, s, boolres);
  else if (sort == s->s_int && mpz_cmp_ui (mpq_denref (r), 1)) v = undet; /* defensive */
  else v = sg_v_num (c->pool, sort, r);
  mpq_clear (r);
  mpq_clear (zero);
  if (rc) return rc;
  return sg_eval_ret (v, out);
}
