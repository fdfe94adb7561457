/* eval_trans: sin, cos, tan, exp and pi, and Real arithmetic on the enclosures they give.
 * A transcendental value is exact where it is rational (sin 0 = tan 0 = 0, cos 0 = exp 0 = 1);
 * elsewhere it is an enclosure [lo, hi] (SG_V_ENCL) computed with MPFR's directed rounding at
 * TRANS_PREC bits, and marked irrational where a theorem says so: by Lindemann-Weierstrass,
 * sin q, cos q, tan q and exp q are transcendental for every rational q != 0, and so is pi.
 * Enclosures then go through + - * / abs, the comparisons, to_real, to_int and is_int
 * (interval arithmetic with exact rational bounds); a result that depends on where in its
 * enclosure a value lies is UNDET. Every other operator on an enclosure gives UNDET.
 * So an assertion such as a = cos b is refuted when the model says a = 0 and b = 0 (cos 0 = 1)
 * or a = 0 and b = 1 (cos 1 is in [0.5403, 0.5404]), and never by an approximation alone:
 * an enclosure decides `=` only when the other side lies outside it or the value is
 * irrational, and `<` only when the two sides are apart.
 * Maintainer: eval.  Tests: tests/unit/eval_test.c */
#include <mpfr.h>
#include <stdbool.h>

#include "eval/eval_int.h"

#define TRANS_PREC 160 /* bits of the MPFR approximations (enclosures about 2^-150 wide) */
#define TRANS_MAX_ARG 1048576 /* |argument| above this: UNDET (argument reduction cost) */
#define ENCL_BITS 512     /* a bound bigger than this (numerator + denominator bits) is rounded
                             outward to TRANS_PREC + 32 bits: products stay small */
#define ENCL_MAX_EXP 65536 /* a bound beyond 2^±this: UNDET (repeated squaring would grow the
                              numbers without end) */

/* [lo, hi] of a Real value (a number is [q, q]); false for any other kind. */
static bool
bounds (sg_val v, mpq_t lo, mpq_t hi, bool *exact, bool *irr)
{
  if (v->kind == SG_V_NUM)
    {
      mpq_set (lo, v->u.q);
      mpq_set (hi, v->u.q);
      *exact = true;
      *irr = false;
      return true;
    }
  if (v->kind != SG_V_ENCL) return false;
  mpq_set (lo, v->u.encl->lo);
  mpq_set (hi, v->u.encl->hi);
  *exact = false;
  *irr = v->u.encl->irr;
  return true;
}

static bool
small_q (const mpq_t q)
{
  return mpz_sizeinbase (mpq_numref (q), 2) + mpz_sizeinbase (mpq_denref (q), 2) <= ENCL_BITS;
}

/* One bound rounded outward (down when `up` is false) to a dyadic of TRANS_PREC + 32 bits;
 * false when it is beyond 2^±ENCL_MAX_EXP. */
static bool
round_out (mpq_t q, bool up)
{
  if (small_q (q)) return true;
  mpfr_t x;
  mpfr_init2 (x, TRANS_PREC + 32);
  mpfr_set_q (x, q, up ? MPFR_RNDU : MPFR_RNDD);
  bool ok = mpfr_number_p (x)
            && (mpfr_zero_p (x) || (mpfr_get_exp (x) <= ENCL_MAX_EXP && mpfr_get_exp (x) >= -ENCL_MAX_EXP));
  if (ok) mpfr_get_q (q, x);
  mpfr_clear (x);
  return ok;
}

/* The enclosure [lo, hi] as a value: its bounds rounded outward when they have grown big (the
 * enclosure only widens, so no decision it gives is lost to a wrong one), UNDET when they are
 * too far from 0; a number when lo = hi (exact: never rounded). */
static sg_val
encl (sg_eval_ctx *c, sg_sort sort, mpq_t lo, mpq_t hi, bool irr)
{
  if (!mpq_equal (lo, hi) && (!round_out (lo, false) || !round_out (hi, true))) return sg_v_undet (c->pool);
  return sg_v_encl (c->pool, sort, lo, hi, irr);
}

/* [lo, hi] = [lo, hi] * [l2, h2]. */
static void
imul (mpq_t lo, mpq_t hi, const mpq_t l2, const mpq_t h2)
{
  mpq_t p[4];
  for (int i = 0; i < 4; i++) mpq_init (p[i]);
  mpq_mul (p[0], lo, l2);
  mpq_mul (p[1], lo, h2);
  mpq_mul (p[2], hi, l2);
  mpq_mul (p[3], hi, h2);
  mpq_set (lo, p[0]);
  mpq_set (hi, p[0]);
  for (int i = 1; i < 4; i++)
    {
      if (mpq_cmp (p[i], lo) < 0) mpq_set (lo, p[i]);
      if (mpq_cmp (p[i], hi) > 0) mpq_set (hi, p[i]);
    }
  for (int i = 0; i < 4; i++) mpq_clear (p[i]);
}

/* a op b over the enclosures [al, ah] and [bl, bh]: 1 true, 0 false, -1 undetermined. */
static int
icmp (sg_op op, const mpq_t al, const mpq_t ah, const mpq_t bl, const mpq_t bh)
{
  switch (op)
    {
    case SG_OP_LT: return mpq_cmp (ah, bl) < 0 ? 1 : mpq_cmp (al, bh) >= 0 ? 0 : -1;
    case SG_OP_LE: return mpq_cmp (ah, bl) <= 0 ? 1 : mpq_cmp (al, bh) > 0 ? 0 : -1;
    case SG_OP_GT: return mpq_cmp (al, bh) > 0 ? 1 : mpq_cmp (ah, bl) <= 0 ? 0 : -1;
    default: /* GE */ return mpq_cmp (al, bh) >= 0 ? 1 : mpq_cmp (ah, bl) < 0 ? 0 : -1;
    }
}

sg_rc
sg_eval_encl (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out)
{
  sg_store *s = c->s;
  sg_sort sort = sg_term_sort (s, t);
  sg_op op = sg_eval_canon (s, t);
  sg_val undet = sg_v_undet (c->pool);
  if (!n || !undet) return sg_eval_ret (undet, out);
  mpq_t lo, hi, l2, h2;
  mpq_inits (lo, hi, l2, h2, NULL);
  bool exact = false, irr = false, ex2 = false, irr2 = false;
  /* irrational results: exactly one irrational argument, every other one an exact number
   * (nonzero for * and /): irrational +- rational, irrational * or / nonzero rational */
  uint32_t nirr = 0, ninexact = 0;
  bool zero_exact = false, ok = true;
  for (uint32_t i = 0; i < n && ok; i++)
    {
      ok = bounds (args[i], l2, h2, &ex2, &irr2);
      nirr += irr2;
      ninexact += !ex2;
      zero_exact = zero_exact || (ex2 && !mpq_sgn (l2));
    }
  bool irr_res = nirr == 1 && ninexact == 1;
  sg_val v = undet;
  int boolres = -1;
  if (!ok) goto done;
  bounds (args[0], lo, hi, &exact, &irr);
  switch (op)
    {
    case SG_OP_NEG_SUB:
      if (n == 1)
        {
          mpq_neg (l2, hi);
          mpq_neg (hi, lo);
          mpq_set (lo, l2);
        }
      for (uint32_t i = 1; i < n; i++)
        {
          bounds (args[i], l2, h2, &ex2, &irr2);
          mpq_sub (lo, lo, h2);
          mpq_sub (hi, hi, l2);
        }
      v = encl (c, sort, lo, hi, irr_res);
      break;
    case SG_OP_ADD:
      for (uint32_t i = 1; i < n; i++)
        {
          bounds (args[i], l2, h2, &ex2, &irr2);
          mpq_add (lo, lo, l2);
          mpq_add (hi, hi, h2);
        }
      v = encl (c, sort, lo, hi, irr_res);
      break;
    case SG_OP_MUL:
      if (zero_exact)
        {
          mpq_set_ui (lo, 0, 1);
          v = sg_v_num (c->pool, sort, lo);
          break;
        }
      for (uint32_t i = 1; i < n; i++)
        {
          bounds (args[i], l2, h2, &ex2, &irr2);
          imul (lo, hi, l2, h2);
        }
      v = encl (c, sort, lo, hi, irr_res);
      break;
    case SG_OP_RDIV:
      for (uint32_t i = 1; i < n; i++)
        {
          bounds (args[i], l2, h2, &ex2, &irr2);
          if (mpq_sgn (l2) <= 0 && mpq_sgn (h2) >= 0) goto done; /* may be a division by zero */
          mpq_inv (l2, l2);
          mpq_inv (h2, h2);
          imul (lo, hi, h2, l2); /* 1/[l, h] = [1/h, 1/l] when 0 is outside */
        }
      v = encl (c, sort, lo, hi, irr_res && !zero_exact);
      break;
    case SG_OP_ABS:
      if (mpq_sgn (hi) <= 0)
        {
          mpq_neg (l2, hi);
          mpq_neg (hi, lo);
          mpq_set (lo, l2);
        }
      else if (mpq_sgn (lo) < 0)
        {
          mpq_neg (l2, lo);
          if (mpq_cmp (l2, hi) > 0) mpq_set (hi, l2);
          mpq_set_ui (lo, 0, 1);
        }
      v = encl (c, sort, lo, hi, irr);
      break;
    case SG_OP_TO_REAL:
      v = args[0];
      break;
    case SG_OP_TO_INT:
      /* floor is monotone: determined when both ends have one floor */
      mpz_fdiv_q (mpq_numref (l2), mpq_numref (lo), mpq_denref (lo));
      mpz_fdiv_q (mpq_numref (h2), mpq_numref (hi), mpq_denref (hi));
      mpz_set_ui (mpq_denref (l2), 1);
      mpz_set_ui (mpq_denref (h2), 1);
      if (mpq_equal (l2, h2)) v = sg_v_num (c->pool, sort, l2);
      break;
    case SG_OP_IS_INT:
      /* no integer in [lo, hi] (ceil lo > hi), or an irrational value */
      mpz_cdiv_q (mpq_numref (l2), mpq_numref (lo), mpq_denref (lo));
      mpz_set_ui (mpq_denref (l2), 1);
      if (irr || mpq_cmp (l2, hi) > 0) boolres = 0;
      break;
    case SG_OP_LT: case SG_OP_LE: case SG_OP_GT: case SG_OP_GE:
      boolres = 1;
      for (uint32_t i = 0; i + 1 < n && boolres != 0; i++)
        {
          bounds (args[i], lo, hi, &exact, &irr);
          bounds (args[i + 1], l2, h2, &ex2, &irr2);
          int r = icmp (op, lo, hi, l2, h2);
          if (r < 1) boolres = r; /* false ends the chain; undetermined waits for a false */
        }
      break;
    default:
      break;
    }
  if (boolres >= 0) v = sg_v_bool (c->pool, s, boolres);
done:
  mpq_clears (lo, hi, l2, h2, NULL);
  return sg_eval_ret (v, out);
}

/* f(x) rounded down and up into [lo, hi] (f an MPFR function). */
typedef int (*mpfr_fn) (mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

/* sin or cos of an argument in [al, ah]: both are 1-Lipschitz, so f(y) for every y within d
 * of the MPFR number x lies in [f(x)↓ - d, f(x)↑ + d]. False when MPFR gives no number. */
static bool
lipschitz (mpfr_fn f, const mpq_t al, const mpq_t ah, mpq_t lo, mpq_t hi)
{
  mpq_t m, d, r;
  mpq_inits (m, d, r, NULL);
  mpfr_t x, y;
  mpfr_inits2 (TRANS_PREC, x, y, (mpfr_ptr) 0);
  mpq_add (m, al, ah);
  mpq_div_2exp (m, m, 1);                /* the midpoint */
  mpq_sub (r, ah, al);
  mpq_div_2exp (r, r, 1);                /* the radius */
  mpfr_set_q (x, m, MPFR_RNDN);
  bool ok = mpfr_number_p (x);
  if (ok)
    {
      mpfr_get_q (d, x);
      mpq_sub (d, d, m);
      mpq_abs (d, d);
      mpq_add (d, d, r);                 /* every argument is within d of x */
      f (y, x, MPFR_RNDD);
      ok = mpfr_number_p (y);
      if (ok) mpfr_get_q (lo, y);
      f (y, x, MPFR_RNDU);
      ok = ok && mpfr_number_p (y);
      if (ok) mpfr_get_q (hi, y);
      mpq_sub (lo, lo, d);
      mpq_add (hi, hi, d);
      /* both functions stay in [-1, 1] */
      mpq_set_si (m, -1, 1);
      if (mpq_cmp (lo, m) < 0) mpq_set (lo, m);
      mpq_set_si (m, 1, 1);
      if (mpq_cmp (hi, m) > 0) mpq_set (hi, m);
    }
  mpfr_clears (x, y, (mpfr_ptr) 0);
  mpq_clears (m, d, r, NULL);
  return ok;
}

/* exp on [al, ah]: increasing, so [exp(al↓)↓, exp(ah↑)↑]. */
static bool
monotone_exp (const mpq_t al, const mpq_t ah, mpq_t lo, mpq_t hi)
{
  mpfr_t x, y;
  mpfr_inits2 (TRANS_PREC, x, y, (mpfr_ptr) 0);
  mpfr_set_q (x, al, MPFR_RNDD);
  mpfr_exp (y, x, MPFR_RNDD);
  bool ok = mpfr_number_p (y) && !mpfr_zero_p (y) && mpfr_get_exp (y) >= -ENCL_MAX_EXP;
  if (ok) mpfr_get_q (lo, y);
  mpfr_set_q (x, ah, MPFR_RNDU);
  mpfr_exp (y, x, MPFR_RNDU);
  ok = ok && mpfr_number_p (y) && mpfr_get_exp (y) <= ENCL_MAX_EXP;
  if (ok) mpfr_get_q (hi, y);
  mpfr_clears (x, y, (mpfr_ptr) 0);
  return ok;
}

sg_rc
sg_eval_trans (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out)
{
  sg_store *s = c->s;
  sg_sort sort = sg_term_sort (s, t);
  sg_op op = sg_eval_canon (s, t);
  sg_val v = sg_v_undet (c->pool);
  if (!v) return SG_RC_NOMEM;
  mpq_t al, ah, lo, hi, l2, h2;
  mpq_inits (al, ah, lo, hi, l2, h2, NULL);
  bool exact = false, irr = false;
  if (op == SG_OP_REAL_PI && !n)
    {
      mpfr_t x;
      mpfr_init2 (x, TRANS_PREC);
      mpfr_const_pi (x, MPFR_RNDD);
      mpfr_get_q (lo, x);
      mpfr_const_pi (x, MPFR_RNDU);
      mpfr_get_q (hi, x);
      mpfr_clear (x);
      v = encl (c, sort, lo, hi, true);
      goto done;
    }
  if (n != 1 || !bounds (args[0], al, ah, &exact, &irr)) goto done;
  mpq_set_si (l2, -TRANS_MAX_ARG, 1);
  mpq_set_si (h2, TRANS_MAX_ARG, 1);
  if (mpq_cmp (al, l2) < 0 || mpq_cmp (ah, h2) > 0) goto done;
  bool at_zero = exact && !mpq_sgn (al);
  /* a transcendental number at every rational point but 0 */
  bool irr_res = exact && !at_zero;
  switch (op)
    {
    case SG_OP_SIN:
    case SG_OP_TAN:
      if (at_zero) { v = sg_v_num (c->pool, sort, al); break; } /* sin 0 = tan 0 = 0 */
      if (!lipschitz (mpfr_sin, al, ah, lo, hi)) break;
      if (op == SG_OP_SIN) { v = encl (c, sort, lo, hi, irr_res); break; }
      /* tan = sin / cos, where cos is away from 0 */
      if (!lipschitz (mpfr_cos, al, ah, l2, h2)) break;
      if (mpq_sgn (l2) <= 0 && mpq_sgn (h2) >= 0) break;
      mpq_inv (l2, l2);
      mpq_inv (h2, h2);
      imul (lo, hi, h2, l2);
      v = encl (c, sort, lo, hi, irr_res);
      break;
    case SG_OP_COS:
      mpq_set_ui (lo, 1, 1);
      if (at_zero) { v = sg_v_num (c->pool, sort, lo); break; } /* cos 0 = 1 */
      if (lipschitz (mpfr_cos, al, ah, lo, hi)) v = encl (c, sort, lo, hi, irr_res);
      break;
    case SG_OP_EXP:
      mpq_set_ui (lo, 1, 1);
      if (at_zero) { v = sg_v_num (c->pool, sort, lo); break; } /* exp 0 = 1 */
      if (monotone_exp (al, ah, lo, hi)) v = encl (c, sort, lo, hi, irr_res);
      break;
    default: /* csc, sec, cot, the inverse functions, sqrt: not evaluated */
      break;
    }
done:
  mpq_clears (al, ah, lo, hi, l2, h2, NULL);
  return sg_eval_ret (v, out);
}
