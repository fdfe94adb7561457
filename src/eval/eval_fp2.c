/* eval_fp2: IEEE 754-2008 arithmetic on bit patterns of any format (see eval_fp_int.h for the
 * method: MPFR in a wide exponent range with round-to-odd, then one rounding by sg_fp_round). */
#include <assert.h>
#include <limits.h>

#include "eval/eval_fp_int.h"

/* Exponent fields and MPFR exponents are held in 64 bits (eb <= 60). */
_Static_assert (sizeof (unsigned long) >= 8, "eval_fp needs a 64-bit unsigned long");
_Static_assert (sizeof (mpfr_exp_t) >= 8, "eval_fp needs 64-bit MPFR exponents");

void
sg_fp_env_enter (sg_fp_env *saved)
{
  saved->emin = mpfr_get_emin ();
  saved->emax = mpfr_get_emax ();
  saved->flags = mpfr_flags_save ();
  mpfr_set_emin (mpfr_get_emin_min ());
  mpfr_set_emax (mpfr_get_emax_max ());
}

void
sg_fp_env_leave (const sg_fp_env *saved)
{
  mpfr_set_emin (saved->emin);
  mpfr_set_emax (saved->emax);
  mpfr_flags_restore (saved->flags, MPFR_FLAGS_ALL);
}

/* ---- patterns ---------------------------------------------------------------------------- */

/* Bias of the exponent field: 2^(eb-1) - 1. */
static int64_t
bias_of (uint32_t eb)
{
  return ((int64_t) 1 << (eb - 1)) - 1;
}

/* bits := sign | efield | sig (sig < 2^(sb-1)); sig may alias bits. */
static void
assemble (uint32_t eb, uint32_t sb, bool neg, uint64_t efield, const mpz_t sig, mpz_t bits)
{
  mpz_t t;
  mpz_init_set_ui (t, (unsigned long) efield);
  if (neg) mpz_setbit (t, eb);
  mpz_mul_2exp (t, t, sb - 1);
  mpz_ior (bits, t, sig);
  mpz_clear (t);
}

void
sg_fp_nan (uint32_t eb, uint32_t sb, mpz_t bits)
{
  mpz_set_ui (bits, 0);
  mpz_setbit (bits, sb - 2);
  assemble (eb, sb, false, ((uint64_t) 1 << eb) - 1, bits, bits);
}

void
sg_fp_inf (uint32_t eb, uint32_t sb, bool neg, mpz_t bits)
{
  mpz_set_ui (bits, 0);
  assemble (eb, sb, neg, ((uint64_t) 1 << eb) - 1, bits, bits);
}

void
sg_fp_zero (uint32_t eb, uint32_t sb, bool neg, mpz_t bits)
{
  mpz_set_ui (bits, 0);
  if (neg) mpz_setbit (bits, eb + sb - 1);
}

void
sg_fp_max_normal (uint32_t eb, uint32_t sb, bool neg, mpz_t bits)
{
  mpz_set_ui (bits, 0);
  mpz_setbit (bits, sb - 1);
  mpz_sub_ui (bits, bits, 1);
  assemble (eb, sb, neg, ((uint64_t) 1 << eb) - 2, bits, bits);
}

/* The exponent field and the trailing significand (sig may be NULL). */
static uint64_t
fields (uint32_t eb, uint32_t sb, const mpz_t bits, bool *neg, mpz_t sig)
{
  mpz_t t;
  mpz_init (t);
  mpz_tdiv_q_2exp (t, bits, sb - 1);
  *neg = mpz_tstbit (t, eb);
  mpz_tdiv_r_2exp (t, t, eb);
  uint64_t e = mpz_get_ui (t);
  mpz_clear (t);
  if (sig) mpz_tdiv_r_2exp (sig, bits, sb - 1);
  return e;
}

sg_fp_class
sg_fp_classify (uint32_t eb, uint32_t sb, const mpz_t bits, bool *neg)
{
  mpz_t sig;
  mpz_init (sig);
  uint64_t e = fields (eb, sb, bits, neg, sig);
  bool sig0 = mpz_sgn (sig) == 0;
  mpz_clear (sig);
  if (e == ((uint64_t) 1 << eb) - 1) return sig0 ? SG_FPC_INF : SG_FPC_NAN;
  if (e == 0) return sig0 ? SG_FPC_ZERO : SG_FPC_SUBNORMAL;
  return SG_FPC_NORMAL;
}

/* Decode without touching the exponent range (the caller has widened it). */
static void
decode (uint32_t eb, uint32_t sb, const mpz_t bits, mpfr_t x)
{
  mpz_t sig;
  bool neg;
  mpz_init (sig);
  uint64_t e = fields (eb, sb, bits, &neg, sig);
  mpfr_set_prec (x, sb);
  if (e == ((uint64_t) 1 << eb) - 1)
    {
      if (mpz_sgn (sig)) mpfr_set_nan (x);
      else mpfr_set_inf (x, neg ? -1 : 1);
    }
  else if (e == 0 && mpz_sgn (sig) == 0)
    mpfr_set_zero (x, neg ? -1 : 1);
  else
    {
      /* value = sig * 2^(1 - bias - (sb-1)) for subnormals, (2^(sb-1) + sig) * 2^(e - bias -
       * (sb-1)) for normals: at most sb bits, so the assignment is exact. */
      int64_t ex = (e == 0 ? 1 : (int64_t) e) - bias_of (eb) - (int64_t) (sb - 1);
      if (e != 0) mpz_setbit (sig, sb - 1);
      if (neg) mpz_neg (sig, sig);
      int inex = mpfr_set_z_2exp (x, sig, (mpfr_exp_t) ex, MPFR_RNDN);
      assert (inex == 0);
      (void) inex;
    }
  mpz_clear (sig);
}

void
sg_fp_decode (uint32_t eb, uint32_t sb, const mpz_t bits, mpfr_t x)
{
  sg_fp_env env;
  sg_fp_env_enter (&env);
  decode (eb, sb, bits, x);
  sg_fp_env_leave (&env);
}

/* ---- rounding ------------------------------------------------------------------------------ */

/* Overflow: ±oo for the nearest modes and toward the sign, ±max-normal toward zero. */
static void
overflow (uint32_t eb, uint32_t sb, sg_rm rm, bool neg, mpz_t bits)
{
  bool inf = rm == SG_RM_RNE || rm == SG_RM_RNA || (rm == SG_RM_RTP && !neg)
             || (rm == SG_RM_RTN && neg);
  if (inf) sg_fp_inf (eb, sb, neg, bits);
  else sg_fp_max_normal (eb, sb, neg, bits);
}

/* Round without touching the exponent range. */
static void
round_fmt (uint32_t eb, uint32_t sb, sg_rm rm, mpfr_srcptr x, mpz_t bits)
{
  if (mpfr_nan_p (x)) { sg_fp_nan (eb, sb, bits); return; }
  bool neg = mpfr_signbit (x) != 0;
  if (mpfr_inf_p (x)) { sg_fp_inf (eb, sb, neg, bits); return; }
  if (mpfr_zero_p (x)) { sg_fp_zero (eb, sb, neg, bits); return; }
  const int64_t bias = bias_of (eb);
  const int64_t emin = 1 - bias;          /* exponent of the smallest normal */
  int64_t ex = (int64_t) mpfr_get_exp (x) - 1; /* |x| in [2^ex, 2^(ex+1)) */
  if (ex > bias) { overflow (eb, sb, rm, neg, bits); return; }
  /* q: the exponent of one unit in the last place of the result, fixed below the normal range
   * (gradual underflow). n: |x| / 2^q, truncated; half/sticky: the bits cut off. */
  int64_t q = (ex < emin ? emin : ex) - (int64_t) (sb - 1);
  mpz_t n;
  mpz_init (n);
  int64_t f = (int64_t) mpfr_get_z_2exp (n, x); /* x = n * 2^f */
  mpz_abs (n, n);
  bool half = false, sticky = false;
  if (f >= q)
    mpz_mul_2exp (n, n, (mp_bitcnt_t) (f - q)); /* f - q <= sb - prec(x): small */
  else
    {
      uint64_t k = (uint64_t) (q - f);
      size_t nb = mpz_sizeinbase (n, 2);
      if (k > nb)
        {
          assert (ex < emin); /* only below the normal range */
          sticky = true;      /* 0 < |x| < half a unit */
          mpz_set_ui (n, 0);
        }
      else
        {
          half = mpz_tstbit (n, k - 1);
          sticky = mpz_scan1 (n, 0) < k - 1;
          mpz_tdiv_q_2exp (n, n, k);
        }
    }
  bool up = false;
  switch (rm)
    {
    case SG_RM_RNE: up = half && (sticky || mpz_odd_p (n)); break;
    case SG_RM_RNA: up = half; break;
    case SG_RM_RTP: up = (half || sticky) && !neg; break;
    case SG_RM_RTN: up = (half || sticky) && neg; break;
    case SG_RM_RTZ: up = false; break;
    }
  if (up) mpz_add_ui (n, n, 1);
  if (mpz_sgn (n) == 0)
    {
      sg_fp_zero (eb, sb, neg, bits); /* underflow to zero keeps the sign */
      mpz_clear (n);
      return;
    }
  size_t nb = mpz_sizeinbase (n, 2);
  uint64_t efield = 0;
  if (nb >= sb)
    {
      if (nb > sb) /* rounding carried into a new binade */
        {
          mpz_tdiv_q_2exp (n, n, 1);
          q++;
        }
      int64_t e = q + (int64_t) (sb - 1) + bias; /* >= 1 */
      if (e >= ((int64_t) 1 << eb) - 1)
        {
          overflow (eb, sb, rm, neg, bits);
          mpz_clear (n);
          return;
        }
      efield = (uint64_t) e;
      mpz_clrbit (n, sb - 1); /* the hidden bit */
    }
  /* else subnormal: q is the subnormal unit and n < 2^(sb-1) is the significand field */
  assemble (eb, sb, neg, efield, n, bits);
  mpz_clear (n);
}

void
sg_fp_round (uint32_t eb, uint32_t sb, sg_rm rm, mpfr_srcptr x, mpz_t bits)
{
  sg_fp_env env;
  sg_fp_env_enter (&env);
  round_fmt (eb, sb, rm, x, bits);
  sg_fp_env_leave (&env);
}

/* r was computed with MPFR_RNDZ and ternary value inex: make it round-to-odd (an inexact
 * result gets its last bit set, which never carries). */
static void
make_odd (mpfr_t r, int inex)
{
  if (inex == 0 || !mpfr_regular_p (r)) return;
  if (mpfr_min_prec (r) < mpfr_get_prec (r))
    {
      if (mpfr_signbit (r)) mpfr_nextbelow (r);
      else mpfr_nextabove (r);
    }
}

/* ---- operations ---------------------------------------------------------------------------- */

/* Working precision of round-to-odd intermediates. */
static mpfr_prec_t
work_prec (uint32_t sb)
{
  return (mpfr_prec_t) sb + 2;
}

void
sg_fp_op2 (uint32_t eb, uint32_t sb, sg_fp_bin op, sg_rm rm, const mpz_t a, const mpz_t b,
           mpz_t out)
{
  sg_fp_env env;
  sg_fp_env_enter (&env);
  mpfr_t x, y, r;
  mpfr_inits2 (sb, x, y, (mpfr_ptr) 0);
  mpfr_init2 (r, work_prec (sb));
  decode (eb, sb, a, x);
  decode (eb, sb, b, y);
  int inex = 0;
  switch (op)
    {
    case SG_FPB_ADD: inex = mpfr_add (r, x, y, MPFR_RNDZ); break;
    case SG_FPB_SUB: inex = mpfr_sub (r, x, y, MPFR_RNDZ); break;
    case SG_FPB_MUL: inex = mpfr_mul (r, x, y, MPFR_RNDZ); break;
    case SG_FPB_DIV: inex = mpfr_div (r, x, y, MPFR_RNDZ); break;
    case SG_FPB_REM: inex = mpfr_remainder (r, x, y, MPFR_RNDZ); break; /* exact (IEEE) */
    }
  /* An exact zero sum or difference of operands that are not both zeros of the same sign is +0,
   * except toward negative: -0 (IEEE 754 §6.3). MPFR applies that rule in its RNDD. */
  if ((op == SG_FPB_ADD || op == SG_FPB_SUB) && mpfr_zero_p (r) && rm == SG_RM_RTN)
    inex = op == SG_FPB_ADD ? mpfr_add (r, x, y, MPFR_RNDD) : mpfr_sub (r, x, y, MPFR_RNDD);
  make_odd (r, inex);
  round_fmt (eb, sb, rm, r, out);
  mpfr_clears (x, y, r, (mpfr_ptr) 0);
  sg_fp_env_leave (&env);
}

void
sg_fp_fma (uint32_t eb, uint32_t sb, sg_rm rm, const mpz_t a, const mpz_t b, const mpz_t c,
           mpz_t out)
{
  sg_fp_env env;
  sg_fp_env_enter (&env);
  mpfr_t x, y, z, r;
  mpfr_inits2 (sb, x, y, z, (mpfr_ptr) 0);
  mpfr_init2 (r, work_prec (sb));
  decode (eb, sb, a, x);
  decode (eb, sb, b, y);
  decode (eb, sb, c, z);
  int inex = mpfr_fma (r, x, y, z, MPFR_RNDZ);
  if (mpfr_zero_p (r) && rm == SG_RM_RTN) inex = mpfr_fma (r, x, y, z, MPFR_RNDD);
  make_odd (r, inex);
  round_fmt (eb, sb, rm, r, out);
  mpfr_clears (x, y, z, r, (mpfr_ptr) 0);
  sg_fp_env_leave (&env);
}

void
sg_fp_sqrt (uint32_t eb, uint32_t sb, sg_rm rm, const mpz_t a, mpz_t out)
{
  sg_fp_env env;
  sg_fp_env_enter (&env);
  mpfr_t x, r;
  mpfr_init2 (x, sb);
  mpfr_init2 (r, work_prec (sb));
  decode (eb, sb, a, x);
  int inex = mpfr_sqrt (r, x, MPFR_RNDZ); /* sqrt(-0) = -0, sqrt(x < 0) = NaN */
  make_odd (r, inex);
  round_fmt (eb, sb, rm, r, out);
  mpfr_clears (x, r, (mpfr_ptr) 0);
  sg_fp_env_leave (&env);
}

/* MPFR's rounding mode for an integral rounding with rm (mpfr_rint knows ties-away). */
static mpfr_rnd_t
rint_mode (sg_rm rm)
{
  switch (rm)
    {
    case SG_RM_RNE: return MPFR_RNDN;
    case SG_RM_RNA: return MPFR_RNDNA;
    case SG_RM_RTP: return MPFR_RNDU;
    case SG_RM_RTN: return MPFR_RNDD;
    case SG_RM_RTZ: return MPFR_RNDZ;
    }
  return MPFR_RNDN;
}

/* r := x rounded to an integer with rm; r's precision is set to x's, which holds the result
 * exactly (|x| < 2^(p-1) rounds to at most 2^(p-1); larger x are integers). Zero keeps x's
 * sign (roundToIntegral(-0.3) = -0). */
static void
rint_exact (sg_rm rm, mpfr_t r, mpfr_srcptr x)
{
  mpfr_set_prec (r, mpfr_get_prec (x));
  int inex = mpfr_rint (r, x, rint_mode (rm));
  /* mpfr_rint's ternary value says whether r differs from x, not whether r is rounded. */
  (void) inex;
}

void
sg_fp_rti (uint32_t eb, uint32_t sb, sg_rm rm, const mpz_t a, mpz_t out)
{
  sg_fp_env env;
  sg_fp_env_enter (&env);
  mpfr_t x, r;
  mpfr_init2 (x, sb);
  mpfr_init2 (r, sb);
  decode (eb, sb, a, x);
  rint_exact (rm, r, x);
  round_fmt (eb, sb, rm, r, out); /* exact: only re-encodes */
  mpfr_clears (x, r, (mpfr_ptr) 0);
  sg_fp_env_leave (&env);
}

int
sg_fp_cmp (uint32_t eb, uint32_t sb, const mpz_t a, const mpz_t b)
{
  sg_fp_env env;
  sg_fp_env_enter (&env);
  mpfr_t x, y;
  mpfr_inits2 (sb, x, y, (mpfr_ptr) 0);
  decode (eb, sb, a, x);
  decode (eb, sb, b, y);
  int c = 2;
  if (!mpfr_nan_p (x) && !mpfr_nan_p (y))
    {
      c = mpfr_cmp (x, y); /* +0 and -0 compare equal */
      c = c < 0 ? -1 : c > 0;
    }
  mpfr_clears (x, y, (mpfr_ptr) 0);
  sg_fp_env_leave (&env);
  return c;
}

void
sg_fp_from_fp (uint32_t eb0, uint32_t sb0, const mpz_t a, uint32_t eb, uint32_t sb, sg_rm rm,
               mpz_t out)
{
  sg_fp_env env;
  sg_fp_env_enter (&env);
  mpfr_t x;
  mpfr_init2 (x, sb0);
  decode (eb0, sb0, a, x);
  round_fmt (eb, sb, rm, x, out); /* x is exact */
  mpfr_clear (x);
  sg_fp_env_leave (&env);
}

/* out = the format's rounding of the exact q (z NULL) or z (q NULL). */
static void
from_exact (uint32_t eb, uint32_t sb, sg_rm rm, mpq_srcptr q, mpz_srcptr z, mpz_t out)
{
  sg_fp_env env;
  sg_fp_env_enter (&env);
  mpfr_t r;
  mpfr_init2 (r, work_prec (sb));
  /* A rational that fits in memory has an exponent far inside MPFR's widened range. */
  int inex = q ? mpfr_set_q (r, q, MPFR_RNDZ) : mpfr_set_z (r, z, MPFR_RNDZ);
  make_odd (r, inex);
  round_fmt (eb, sb, rm, r, out); /* mpq 0 gives +0 */
  mpfr_clear (r);
  sg_fp_env_leave (&env);
}

void
sg_fp_from_q (uint32_t eb, uint32_t sb, sg_rm rm, const mpq_t q, mpz_t out)
{
  from_exact (eb, sb, rm, q, NULL, out);
}

void
sg_fp_from_z (uint32_t eb, uint32_t sb, sg_rm rm, const mpz_t z, mpz_t out)
{
  from_exact (eb, sb, rm, NULL, z, out);
}

bool
sg_fp_to_z (uint32_t eb, uint32_t sb, sg_rm rm, const mpz_t a, uint64_t maxbits, mpz_t z)
{
  sg_fp_env env;
  sg_fp_env_enter (&env);
  mpfr_t x, r;
  mpfr_init2 (x, sb);
  mpfr_init2 (r, sb);
  decode (eb, sb, a, x);
  bool ok = mpfr_number_p (x);
  if (ok && !mpfr_zero_p (x) && (int64_t) mpfr_get_exp (x) > 0
      && (uint64_t) mpfr_get_exp (x) > maxbits)
    ok = false; /* |x| >= 2^maxbits */
  if (ok)
    {
      rint_exact (rm, r, x);
      mpfr_get_z (z, r, MPFR_RNDN); /* exact */
      if (mpz_sizeinbase (z, 2) > maxbits && mpz_sgn (z)) ok = false;
    }
  mpfr_clears (x, r, (mpfr_ptr) 0);
  sg_fp_env_leave (&env);
  return ok;
}

bool
sg_fp_to_q (uint32_t eb, uint32_t sb, const mpz_t a, uint64_t maxbits, mpq_t q)
{
  sg_fp_env env;
  sg_fp_env_enter (&env);
  mpfr_t x;
  mpfr_init2 (x, sb);
  decode (eb, sb, a, x);
  bool ok = mpfr_number_p (x);
  if (ok && mpfr_zero_p (x)) mpq_set_ui (q, 0, 1);
  else if (ok)
    {
      mpz_t n;
      mpz_init (n);
      int64_t f = (int64_t) mpfr_get_z_2exp (n, x); /* x = n * 2^f, n has sb bits */
      uint64_t mag = f < 0 ? (uint64_t) -f : (uint64_t) f;
      if (mag + sb > maxbits) ok = false;
      else
        {
          mpq_set_z (q, n);
          if (f >= 0) mpq_mul_2exp (q, q, (mp_bitcnt_t) f);
          else mpq_div_2exp (q, q, (mp_bitcnt_t) -f);
        }
      mpz_clear (n);
    }
  mpfr_clear (x);
  sg_fp_env_leave (&env);
  return ok;
}
