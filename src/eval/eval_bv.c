/* eval_bv: FixedSizeBitVectors and the QF_BV extensions at any width with GMP integers:
 * bvudiv x 0 = all ones, bvurem x 0 = x, the signed divisions derived from them as in the
 * QF_BV definitions, shifts by >= width, overflow predicates (SMT-LIB 2.7 and z3's *_noovfl /
 * *_noudfl), bv2nat and nat2bv (mod 2^n).
 * Maintainer: eval.  Tests: tests/unit/eval_test.c, tests/unit/eval_solver_test.c */
#include <stdbool.h>

#include "eval/eval_int.h"

/* Scratch numbers of one operation: m = 2^w and temporaries. */
typedef struct bvw {
  uint32_t w; /* width of the arguments */
  mpz_t m;    /* 2^w */
  mpz_t t1, t2, t3;
} bvw;

/* r = -x mod 2^w */
static void
neg (bvw *b, mpz_ptr r, mpz_srcptr x)
{
  mpz_neg (r, x);
  mpz_fdiv_r_2exp (r, r, b->w);
}

/* x as a two's complement signed integer */
static void
sgn (bvw *b, mpz_ptr r, mpz_srcptr x)
{
  mpz_set (r, x);
  if (b->w && mpz_tstbit (x, b->w - 1)) mpz_sub (r, r, b->m);
}

static bool
msb (bvw *b, mpz_srcptr x)
{
  return b->w && mpz_tstbit (x, b->w - 1);
}

/* bvudiv: x / 0 is all ones */
static void
udiv (bvw *b, mpz_ptr r, mpz_srcptr x, mpz_srcptr y)
{
  if (!mpz_sgn (y)) mpz_sub_ui (r, b->m, 1);
  else mpz_fdiv_q (r, x, y);
}

/* bvurem: x % 0 is x */
static void
urem (mpz_ptr r, mpz_srcptr x, mpz_srcptr y)
{
  if (!mpz_sgn (y)) mpz_set (r, x);
  else mpz_fdiv_r (r, x, y);
}

/* bvsdiv, bvsrem, bvsmod exactly as the QF_BV logic defines them. */
static void
sdiv (bvw *b, sg_op op, mpz_ptr r, mpz_srcptr s, mpz_srcptr t)
{
  bool ms = msb (b, s), mt = msb (b, t);
  mpz_ptr as = b->t1, at = b->t2;
  if (ms) neg (b, as, s);
  else mpz_set (as, s);
  if (mt) neg (b, at, t);
  else mpz_set (at, t);
  if (op == SG_OP_BVSDIV)
    {
      udiv (b, r, as, at);
      if (ms != mt) neg (b, r, r);
    }
  else if (op == SG_OP_BVSREM)
    {
      urem (r, as, at);
      if (ms) neg (b, r, r);
    }
  else
    {
      urem (r, as, at); /* u */
      if (!mpz_sgn (r) || (!ms && !mt)) return;
      if (ms && !mt) { neg (b, r, r); mpz_add (r, r, t); }
      else if (!ms && mt) mpz_add (r, r, t);
      else neg (b, r, r);
      mpz_fdiv_r_2exp (r, r, b->w);
    }
}

/* -2^(w-1) <= x < 2^(w-1) */
static bool
fits_signed (bvw *b, mpz_srcptr x)
{
  mpz_fdiv_q_2exp (b->t3, b->m, 1); /* 2^(w-1) */
  if (mpz_cmp (x, b->t3) >= 0) return false;
  mpz_neg (b->t3, b->t3);
  return mpz_cmp (x, b->t3) >= 0;
}

/* repeat: r = x repeated k times, by binary doubling (O(log k) shifts); false when k is 0. */
static bool
bv_repeat (bvw *b, mpz_ptr r, mpz_srcptr x, uint32_t k)
{
  bool det = true;
  uint64_t pw = b->w;
  mpz_set_ui (r, 0);
  mpz_set (b->t1, x);
  if (!k) det = false;
  for (; k; k >>= 1)
    {
      if (k & 1)
        {
          mpz_mul_2exp (r, r, pw);
          mpz_ior (r, r, b->t1);
        }
      if (k > 1)
        {
          mpz_mul_2exp (b->t2, b->t1, pw);
          mpz_ior (b->t1, b->t1, b->t2);
          pw *= 2;
        }
    }
  return det;
}

/* rotate_left and rotate_right by k (mod the width). */
static void
bv_rotate (bvw *b, sg_op op, mpz_ptr r, mpz_srcptr x, uint32_t k)
{
  k %= b->w;
  if (op == SG_OP_ROTATE_RIGHT) k = (b->w - k) % b->w;
  mpz_mul_2exp (r, x, k);
  mpz_fdiv_q_2exp (b->t1, x, b->w - k);
  mpz_ior (r, r, b->t1);
}

/* The n-ary bit-wise and arithmetic operators: r (x on entry) combined with args[1..n). */
static void
bv_fold (bvw *b, sg_op op, mpz_ptr r, const sg_val *args, uint32_t n)
{
  switch (op)
    {
    case SG_OP_BVAND: case SG_OP_BVNAND:
      for (uint32_t i = 1; i < n; i++)
        mpz_and (r, r, args[i]->u.bv.z);
      if (op == SG_OP_BVNAND) mpz_sub_ui (b->t1, b->m, 1), mpz_xor (r, r, b->t1);
      break;
    case SG_OP_BVOR: case SG_OP_BVNOR:
      for (uint32_t i = 1; i < n; i++)
        mpz_ior (r, r, args[i]->u.bv.z);
      if (op == SG_OP_BVNOR) mpz_sub_ui (b->t1, b->m, 1), mpz_xor (r, r, b->t1);
      break;
    case SG_OP_BVXOR: case SG_OP_BVXNOR:
      for (uint32_t i = 1; i < n; i++)
        mpz_xor (r, r, args[i]->u.bv.z);
      if (op == SG_OP_BVXNOR) mpz_sub_ui (b->t1, b->m, 1), mpz_xor (r, r, b->t1);
      break;
    case SG_OP_BVADD:
      for (uint32_t i = 1; i < n; i++)
        mpz_add (r, r, args[i]->u.bv.z);
      break;
    case SG_OP_BVSUB:
      for (uint32_t i = 1; i < n; i++)
        mpz_sub (r, r, args[i]->u.bv.z);
      break;
    case SG_OP_BVMUL:
      for (uint32_t i = 1; i < n; i++)
        {
          mpz_mul (r, r, args[i]->u.bv.z);
          mpz_fdiv_r_2exp (r, r, b->w);
        }
      break;
    default: break;
    }
}

/* bvshl, bvlshr, bvashr: a shift by y >= the width gives 0 (or all ones for bvashr of a negative x). */
static void
bv_shift (bvw *b, sg_op op, mpz_ptr r, mpz_srcptr x, mpz_srcptr y)
{
  if (mpz_cmp_ui (y, b->w) >= 0)
    {
      if (op == SG_OP_BVASHR && msb (b, x)) mpz_sub_ui (r, b->m, 1);
      else mpz_set_ui (r, 0);
    }
  else if (op == SG_OP_BVSHL) mpz_mul_2exp (r, x, mpz_get_ui (y));
  else if (op == SG_OP_BVLSHR) mpz_fdiv_q_2exp (r, x, mpz_get_ui (y));
  else
    {
      sgn (b, r, x);
      mpz_fdiv_q_2exp (r, r, mpz_get_ui (y)); /* floor: arithmetic shift */
    }
}

/* bvslt, bvsle, bvsgt, bvsge: compare x and y as signed (sx, sy: scratch). */
static int
bv_scompare (bvw *b, sg_op op, mpz_ptr sx, mpz_ptr sy, mpz_srcptr x, mpz_srcptr y)
{
  sgn (b, sx, x);
  sgn (b, sy, y);
  int k = mpz_cmp (sx, sy);
  return op == SG_OP_BVSLT ? k < 0 : op == SG_OP_BVSLE ? k <= 0 : op == SG_OP_BVSGT ? k > 0 : k >= 0;
}

/* The overflow predicates (bvnego ... bvsdivo, z3's *_noovfl and *_noudfl): 1 or 0 (sx, sy: scratch). */
static int
bv_overflow (bvw *b, sg_op op, mpz_ptr sx, mpz_ptr sy, mpz_srcptr x, mpz_srcptr y)
{
  int boolres = 0;
  switch (op)
    {
    case SG_OP_BVNEGO: /* -x overflows only for the smallest signed value */
      mpz_fdiv_q_2exp (b->t1, b->m, 1);
      boolres = !mpz_cmp (x, b->t1);
      break;
    case SG_OP_BVUADDO:
      mpz_add (b->t1, x, y);
      boolres = mpz_cmp (b->t1, b->m) >= 0;
      break;
    case SG_OP_BVUMULO: case SG_OP_BVUMUL_NOOVFL:
      mpz_mul (b->t1, x, y);
      boolres = (mpz_cmp (b->t1, b->m) >= 0) == (op == SG_OP_BVUMULO);
      break;
    case SG_OP_BVUSUBO: boolres = mpz_cmp (x, y) < 0; break;
    case SG_OP_BVSADDO: case SG_OP_BVSSUBO: case SG_OP_BVSMULO:
      sgn (b, sx, x);
      sgn (b, sy, y);
      if (op == SG_OP_BVSADDO) mpz_add (sx, sx, sy);
      else if (op == SG_OP_BVSSUBO) mpz_sub (sx, sx, sy);
      else mpz_mul (sx, sx, sy);
      boolres = !fits_signed (b, sx);
      break;
    case SG_OP_BVSMUL_NOOVFL: case SG_OP_BVSMUL_NOUDFL:
      sgn (b, sx, x);
      sgn (b, sy, y);
      mpz_mul (sx, sx, sy);
      mpz_fdiv_q_2exp (b->t1, b->m, 1); /* 2^(w-1) */
      if (op == SG_OP_BVSMUL_NOOVFL) boolres = mpz_cmp (sx, b->t1) < 0;
      else { mpz_neg (b->t1, b->t1); boolres = mpz_cmp (sx, b->t1) >= 0; }
      break;
    case SG_OP_BVSDIVO: /* smallest signed value divided by -1 */
      mpz_fdiv_q_2exp (b->t1, b->m, 1);
      mpz_sub_ui (b->t2, b->m, 1);
      boolres = !mpz_cmp (x, b->t1) && !mpz_cmp (y, b->t2);
      break;
    default: break;
    }
  return boolres;
}

sg_rc
sg_eval_bv (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out)
{
  sg_store *s = c->s;
  sg_sort sort = sg_term_sort (s, t);
  sg_op op = sg_eval_canon (s, t);
  const uint32_t *idx = sg_term_indices (s, t);
  sg_val undet = sg_v_undet (c->pool);
  for (uint32_t i = 0; i < n; i++)
    if (sg_v_is_undet (args[i])
        || args[i]->kind != (op == SG_OP_NAT2BV ? SG_V_NUM : SG_V_BV))
      return sg_eval_ret (undet, out);
  if (!n) return sg_eval_ret (undet, out);
  bvw b;
  b.w = op == SG_OP_NAT2BV ? 0 : args[0]->u.bv.w;
  mpz_inits (b.m, b.t1, b.t2, b.t3, NULL);
  mpz_setbit (b.m, b.w);
  mpz_t r, sx, sy;
  mpz_inits (r, sx, sy, NULL);
  mpz_srcptr x = op == SG_OP_NAT2BV ? mpq_numref (args[0]->u.q) : args[0]->u.bv.z;
  mpz_srcptr y = n > 1 ? args[1]->u.bv.z : x;
  mpz_set (r, x);
  int boolres = -1; /* a Bool result */
  bool det = true, tonat = false;
  switch (op)
    {
    case SG_OP_CONCAT:
      for (uint32_t i = 1; i < n; i++)
        {
          mpz_mul_2exp (r, r, args[i]->u.bv.w);
          mpz_ior (r, r, args[i]->u.bv.z);
        }
      break;
    case SG_OP_EXTRACT:
      mpz_fdiv_q_2exp (r, x, idx[1]);
      break;
    case SG_OP_REPEAT: det = bv_repeat (&b, r, x, idx[0]); break;
    case SG_OP_ZERO_EXTEND: break;
    case SG_OP_SIGN_EXTEND: sgn (&b, r, x); break; /* reduced mod 2^(w+k) below */
    case SG_OP_ROTATE_LEFT: case SG_OP_ROTATE_RIGHT: bv_rotate (&b, op, r, x, idx[0]); break;
    case SG_OP_BVNOT:
      mpz_sub_ui (r, b.m, 1);
      mpz_sub (r, r, x);
      break;
    case SG_OP_BVNEG: neg (&b, r, x); break;
    case SG_OP_BVAND: case SG_OP_BVNAND: case SG_OP_BVOR: case SG_OP_BVNOR: case SG_OP_BVXOR:
    case SG_OP_BVXNOR: case SG_OP_BVADD: case SG_OP_BVSUB: case SG_OP_BVMUL:
      bv_fold (&b, op, r, args, n);
      break;
    case SG_OP_BVUDIV: udiv (&b, r, x, y); break;
    case SG_OP_BVUREM: urem (r, x, y); break;
    case SG_OP_BVSDIV: case SG_OP_BVSREM: case SG_OP_BVSMOD: sdiv (&b, op, r, x, y); break;
    case SG_OP_BVSHL: case SG_OP_BVLSHR: case SG_OP_BVASHR: bv_shift (&b, op, r, x, y); break;
    case SG_OP_BVCOMP: mpz_set_ui (r, !mpz_cmp (x, y)); break;
    case SG_OP_BVULT: boolres = mpz_cmp (x, y) < 0; break;
    case SG_OP_BVULE: boolres = mpz_cmp (x, y) <= 0; break;
    case SG_OP_BVUGT: boolres = mpz_cmp (x, y) > 0; break;
    case SG_OP_BVUGE: boolres = mpz_cmp (x, y) >= 0; break;
    case SG_OP_BVSLT: case SG_OP_BVSLE: case SG_OP_BVSGT: case SG_OP_BVSGE:
      boolres = bv_scompare (&b, op, sx, sy, x, y);
      break;
    case SG_OP_BVREDOR: mpz_set_ui (r, mpz_sgn (x) != 0); break;
    case SG_OP_BVREDAND:
      mpz_sub_ui (b.t1, b.m, 1);
      mpz_set_ui (r, !mpz_cmp (x, b.t1));
      break;
    case SG_OP_BVNEGO: case SG_OP_BVUADDO: case SG_OP_BVUMULO: case SG_OP_BVUMUL_NOOVFL: case SG_OP_BVUSUBO:
    case SG_OP_BVSADDO: case SG_OP_BVSSUBO: case SG_OP_BVSMULO: case SG_OP_BVSMUL_NOOVFL:
    case SG_OP_BVSMUL_NOUDFL: case SG_OP_BVSDIVO:
      boolres = bv_overflow (&b, op, sx, sy, x, y);
      break;
    case SG_OP_BV2NAT: tonat = true; break;
    case SG_OP_NAT2BV: break; /* reduced mod 2^n below */
    default: det = false; break;
    }
  sg_val v;
  if (!det) v = undet;
  else if (boolres >= 0) v = sg_v_bool (c->pool, s, boolres);
  else if (tonat)
    {
      mpq_t q;
      mpq_init (q);
      mpq_set_z (q, r);
      v = sg_v_num (c->pool, sort, q);
      mpq_clear (q);
    }
  else
    v = sg_v_bv (c->pool, sort, sg_sort_bv_width (s, sort), r);
  mpz_clears (b.m, b.t1, b.t2, b.t3, r, sx, sy, NULL);
  return sg_eval_ret (v, out);
}
