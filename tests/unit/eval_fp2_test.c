/* eval_fp2_test: the IEEE bit-pattern arithmetic of eval_fp2.c (eval_fp_int.h) against two
 * independent oracles: a brute-force one (exact rationals; every value of a tiny format
 * enumerated and the correctly rounded one picked by IEEE 754's definition, special values by
 * its tables) and MPFR's classic emulation recipe (format exponent range, mpfr_check_range,
 * mpfr_subnormalize) for larger formats. End-to-end tests are in eval_fp_test.c. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <mpfr.h>

#include "eval/eval_fp_int.h"
#include "test_scale.h"
#include "test_util.h"

static const sg_rm all_rm[5] = { SG_RM_RNE, SG_RM_RNA, SG_RM_RTP, SG_RM_RTN, SG_RM_RTZ };
static const char *const rm_name[5] = { "RNE", "RNA", "RTP", "RTN", "RTZ" };

/* Exact value of a pattern, decoded independently of eval_fp2.c. */
typedef struct oval {
  int kind; /* 0 finite (zero included), 1 infinite, 2 NaN */
  bool neg; /* sign bit */
  mpq_t q;  /* the value when finite (0 for both zeros) */
} oval;

/* A tiny format with every finite value, sorted, for brute-force rounding. */
typedef struct oentry {
  mpq_t v;      /* the value */
  uint64_t pat; /* its pattern (+0 for zero) */
} oentry;

typedef struct otab {
  uint32_t eb, sb; /* the format */
  uint32_t m;      /* number of distinct finite values */
  oentry *e;       /* sorted ascending */
  mpq_t big;       /* 2^(bias+1): where ±oo sits when rounding to nearest */
} otab;

static uint64_t
pat_inf (uint32_t eb, uint32_t sb, bool neg)
{
  return ((uint64_t) neg << (eb + sb - 1)) | ((((uint64_t) 1 << eb) - 1) << (sb - 1));
}

static uint64_t
pat_nan (uint32_t eb, uint32_t sb)
{
  return pat_inf (eb, sb, false) | ((uint64_t) 1 << (sb - 2));
}

static void
oval_decode (uint32_t eb, uint32_t sb, uint64_t p, oval *o)
{
  uint64_t f = p & (((uint64_t) 1 << (sb - 1)) - 1);
  uint64_t e = (p >> (sb - 1)) & (((uint64_t) 1 << eb) - 1);
  int64_t bias = ((int64_t) 1 << (eb - 1)) - 1;
  o->neg = (p >> (eb + sb - 1)) & 1;
  mpq_set_ui (o->q, 0, 1);
  if (e == ((uint64_t) 1 << eb) - 1) { o->kind = f ? 2 : 1; return; }
  o->kind = 0;
  int64_t ex = (e ? (int64_t) e : 1) - bias - (int64_t) (sb - 1);
  uint64_t sig = e ? f | ((uint64_t) 1 << (sb - 1)) : f;
  mpq_set_ui (o->q, sig, 1);
  if (ex >= 0) mpq_mul_2exp (o->q, o->q, (mp_bitcnt_t) ex);
  else mpq_div_2exp (o->q, o->q, (mp_bitcnt_t) -ex);
  if (o->neg) mpq_neg (o->q, o->q);
}

static int
oentry_cmp (const void *a, const void *b)
{
  return mpq_cmp (((const oentry *) a)->v, ((const oentry *) b)->v);
}

static void
otab_init (otab *t, uint32_t eb, uint32_t sb)
{
  t->eb = eb, t->sb = sb, t->m = 0;
  uint64_t np = (uint64_t) 1 << (eb + sb);
  t->e = malloc (np * sizeof *t->e);
  assert_non_null (t->e);
  oval o;
  mpq_init (o.q);
  for (uint64_t p = 0; p < np; p++)
    {
      oval_decode (eb, sb, p, &o);
      if (o.kind != 0 || (o.neg && mpq_sgn (o.q) == 0)) continue; /* -0 merges with +0 */
      mpq_init (t->e[t->m].v);
      mpq_set (t->e[t->m].v, o.q);
      t->e[t->m++].pat = p;
    }
  mpq_clear (o.q);
  qsort (t->e, t->m, sizeof *t->e, oentry_cmp);
  mpq_init (t->big);
  mpq_set_ui (t->big, 1, 1);
  mpq_mul_2exp (t->big, t->big, ((mp_bitcnt_t) 1 << (eb - 1)));
}

static void
otab_free (otab *t)
{
  for (uint32_t i = 0; i < t->m; i++) mpq_clear (t->e[i].v);
  free (t->e);
  mpq_clear (t->big);
}

/* The exact result x is known through cmp(y) = sign(y - x). */
typedef int (*ocmp) (const mpq_t y, const void *ctx);

static int
cmp_q (const mpq_t y, const void *ctx)
{
  int c = mpq_cmp (y, *(const mpq_t *) ctx);
  return c < 0 ? -1 : c > 0;
}

/* x = sqrt(a), a > 0 */
static int
cmp_sqrt (const mpq_t y, const void *ctx)
{
  if (mpq_sgn (y) <= 0) return -1;
  mpq_t y2;
  mpq_init (y2);
  mpq_mul (y2, y, y);
  int c = mpq_cmp (y2, *(const mpq_t *) ctx);
  mpq_clear (y2);
  return c < 0 ? -1 : c > 0;
}

/* IEEE rounding of a nonzero real x (sign neg) by the definition: the neighbours in the format
 * and, for the nearest modes, the midpoint; ±oo stands at ±2^(bias+1) (unbounded exponent). */
static uint64_t
oracle_round (const otab *t, sg_rm rm, bool neg, ocmp cmp, const void *ctx)
{
  int64_t lo = -1, a = 0, b = (int64_t) t->m - 1;
  while (a <= b) /* last index with v <= x */
    {
      int64_t mid = (a + b) / 2;
      if (cmp (t->e[mid].v, ctx) <= 0) lo = mid, a = mid + 1;
      else b = mid - 1;
    }
  if (lo >= 0 && cmp (t->e[lo].v, ctx) == 0) return t->e[lo].pat;
  int64_t hi = lo + 1; /* == m: +oo side */
  uint64_t plo = lo < 0 ? pat_inf (t->eb, t->sb, true) : t->e[lo].pat;
  uint64_t phi = hi >= (int64_t) t->m ? pat_inf (t->eb, t->sb, false) : t->e[hi].pat;
  uint64_t zero = (uint64_t) neg << (t->eb + t->sb - 1);
  uint64_t r = 0;
  switch (rm)
    {
    case SG_RM_RTP: r = phi; break;
    case SG_RM_RTN: r = plo; break;
    case SG_RM_RTZ: r = neg ? phi : plo; break;
    case SG_RM_RNE:
    case SG_RM_RNA:
      {
        mpq_t vlo, vhi, mid;
        mpq_inits (vlo, vhi, mid, NULL);
        if (lo < 0) mpq_neg (vlo, t->big);
        else mpq_set (vlo, t->e[lo].v);
        if (hi >= (int64_t) t->m) mpq_set (vhi, t->big);
        else mpq_set (vhi, t->e[hi].v);
        mpq_add (mid, vlo, vhi);
        mpq_div_2exp (mid, mid, 1);
        int c = cmp (mid, ctx);
        if (c > 0) r = plo;
        else if (c < 0) r = phi;
        else if (rm == SG_RM_RNA) r = neg ? plo : phi;
        else
          {
            /* the even one; ±oo (at 2^(bias+1)) and zero count as even */
            bool lo_even = lo < 0 || mpq_sgn (vlo) == 0 || !(t->e[lo].pat & 1);
            r = lo_even ? plo : phi;
          }
        mpq_clears (vlo, vhi, mid, NULL);
        break;
      }
    }
  /* a result of value zero takes the sign of x */
  if ((r & ~((uint64_t) 1 << (t->eb + t->sb - 1))) == 0) r = zero;
  return r;
}

static uint64_t
oracle_round_q (const otab *t, sg_rm rm, const mpq_t x)
{
  return oracle_round (t, rm, mpq_sgn (x) < 0, cmp_q, x);
}

static uint64_t
zero_pat (const otab *t, bool neg)
{
  return (uint64_t) neg << (t->eb + t->sb - 1);
}

/* x + y (sub: y's sign flipped by the caller), IEEE 754 §6 special cases included. */
static uint64_t
oracle_add (const otab *t, sg_rm rm, const oval *x, const oval *y)
{
  if (x->kind == 2 || y->kind == 2) return pat_nan (t->eb, t->sb);
  if (x->kind == 1 && y->kind == 1)
    return x->neg == y->neg ? pat_inf (t->eb, t->sb, x->neg) : pat_nan (t->eb, t->sb);
  if (x->kind == 1) return pat_inf (t->eb, t->sb, x->neg);
  if (y->kind == 1) return pat_inf (t->eb, t->sb, y->neg);
  mpq_t s;
  mpq_init (s);
  mpq_add (s, x->q, y->q);
  uint64_t r;
  if (mpq_sgn (s) == 0)
    {
      if (mpq_sgn (x->q) == 0 && mpq_sgn (y->q) == 0 && x->neg == y->neg) r = zero_pat (t, x->neg);
      else r = zero_pat (t, rm == SG_RM_RTN);
    }
  else
    r = oracle_round_q (t, rm, s);
  mpq_clear (s);
  return r;
}

static uint64_t
oracle_mul (const otab *t, sg_rm rm, const oval *x, const oval *y)
{
  bool neg = x->neg != y->neg;
  if (x->kind == 2 || y->kind == 2) return pat_nan (t->eb, t->sb);
  bool xz = x->kind == 0 && mpq_sgn (x->q) == 0, yz = y->kind == 0 && mpq_sgn (y->q) == 0;
  if ((x->kind == 1 && yz) || (y->kind == 1 && xz)) return pat_nan (t->eb, t->sb);
  if (x->kind == 1 || y->kind == 1) return pat_inf (t->eb, t->sb, neg);
  if (xz || yz) return zero_pat (t, neg);
  mpq_t p;
  mpq_init (p);
  mpq_mul (p, x->q, y->q);
  uint64_t r = oracle_round_q (t, rm, p);
  mpq_clear (p);
  return r;
}

static uint64_t
oracle_div (const otab *t, sg_rm rm, const oval *x, const oval *y)
{
  bool neg = x->neg != y->neg;
  if (x->kind == 2 || y->kind == 2) return pat_nan (t->eb, t->sb);
  bool xz = x->kind == 0 && mpq_sgn (x->q) == 0, yz = y->kind == 0 && mpq_sgn (y->q) == 0;
  if ((x->kind == 1 && y->kind == 1) || (xz && yz)) return pat_nan (t->eb, t->sb);
  if (x->kind == 1 || yz) return pat_inf (t->eb, t->sb, neg);
  if (y->kind == 1 || xz) return zero_pat (t, neg);
  mpq_t p;
  mpq_init (p);
  mpq_div (p, x->q, y->q);
  uint64_t r = oracle_round_q (t, rm, p);
  mpq_clear (p);
  return r;
}

/* x*y + z with one rounding. */
static uint64_t
oracle_fma (const otab *t, sg_rm rm, const oval *x, const oval *y, const oval *z)
{
  if (x->kind == 2 || y->kind == 2 || z->kind == 2) return pat_nan (t->eb, t->sb);
  bool xz = x->kind == 0 && mpq_sgn (x->q) == 0, yz = y->kind == 0 && mpq_sgn (y->q) == 0;
  bool pneg = x->neg != y->neg;
  if ((x->kind == 1 && yz) || (y->kind == 1 && xz)) return pat_nan (t->eb, t->sb);
  if (x->kind == 1 || y->kind == 1)
    {
      if (z->kind == 1 && z->neg != pneg) return pat_nan (t->eb, t->sb);
      return pat_inf (t->eb, t->sb, pneg);
    }
  if (z->kind == 1) return pat_inf (t->eb, t->sb, z->neg);
  mpq_t s;
  mpq_init (s);
  mpq_mul (s, x->q, y->q);
  mpq_add (s, s, z->q);
  uint64_t r;
  if (mpq_sgn (s) == 0)
    {
      bool pz = xz || yz;
      if (pz && mpq_sgn (z->q) == 0 && pneg == z->neg) r = zero_pat (t, pneg);
      else r = zero_pat (t, rm == SG_RM_RTN);
    }
  else
    r = oracle_round_q (t, rm, s);
  mpq_clear (s);
  return r;
}

static uint64_t
oracle_sqrt (const otab *t, sg_rm rm, const oval *x)
{
  if (x->kind == 2) return pat_nan (t->eb, t->sb);
  if (x->kind == 0 && mpq_sgn (x->q) == 0) return zero_pat (t, x->neg);
  if (x->neg) return pat_nan (t->eb, t->sb);
  if (x->kind == 1) return pat_inf (t->eb, t->sb, false);
  return oracle_round (t, rm, false, cmp_sqrt, x->q);
}

/* n := x rounded to an integer with rm (x finite). */
static void
round_int_q (sg_rm rm, const mpq_t x, mpz_t n)
{
  mpz_t fl;
  mpq_t frac;
  mpz_init (fl);
  mpq_init (frac);
  mpz_fdiv_q (fl, mpq_numref (x), mpq_denref (x));
  mpq_set_z (frac, fl);
  mpq_sub (frac, x, frac); /* in [0, 1) */
  int c = 0;               /* frac against 1/2 */
  {
    mpq_t h;
    mpq_init (h);
    mpq_set_ui (h, 1, 2);
    c = mpq_cmp (frac, h);
    mpq_clear (h);
  }
  bool up = false;
  if (mpq_sgn (frac) != 0)
    switch (rm)
      {
      case SG_RM_RTP: up = true; break;
      case SG_RM_RTN: up = false; break;
      case SG_RM_RTZ: up = mpq_sgn (x) < 0; break;
      case SG_RM_RNE: up = c > 0 || (c == 0 && mpz_odd_p (fl)); break;
      case SG_RM_RNA: up = c > 0 || (c == 0 && mpq_sgn (x) > 0); break;
      }
  if (up) mpz_add_ui (fl, fl, 1);
  mpz_set (n, fl);
  mpz_clear (fl);
  mpq_clear (frac);
}

static uint64_t
oracle_rti (const otab *t, sg_rm rm, const oval *x)
{
  if (x->kind == 2) return pat_nan (t->eb, t->sb);
  if (x->kind == 1) return pat_inf (t->eb, t->sb, x->neg);
  mpz_t n;
  mpq_t q;
  mpz_init (n);
  mpq_init (q);
  round_int_q (rm, x->q, n);
  mpq_set_z (q, n);
  uint64_t r = mpz_sgn (n) == 0 ? zero_pat (t, x->neg) : oracle_round_q (t, rm, q);
  mpz_clear (n);
  mpq_clear (q);
  return r;
}

/* IEEE remainder: x - n*y with n = x/y rounded to nearest even. */
static uint64_t
oracle_rem (const otab *t, uint64_t px, const oval *x, const oval *y)
{
  if (x->kind == 2 || y->kind == 2) return pat_nan (t->eb, t->sb);
  bool xz = x->kind == 0 && mpq_sgn (x->q) == 0, yz = y->kind == 0 && mpq_sgn (y->q) == 0;
  if (x->kind == 1 || yz) return pat_nan (t->eb, t->sb);
  if (y->kind == 1 || xz) return px; /* x itself */
  mpq_t d;
  mpz_t n;
  mpq_init (d);
  mpz_init (n);
  mpq_div (d, x->q, y->q);
  round_int_q (SG_RM_RNE, d, n);
  mpq_set_z (d, n);
  mpq_mul (d, d, y->q);
  mpq_sub (d, x->q, d);
  uint64_t r = mpq_sgn (d) == 0 ? zero_pat (t, x->neg) : oracle_round_q (t, SG_RM_RNE, d);
  mpq_clear (d);
  mpz_clear (n);
  return r;
}

static uint64_t
z64 (const mpz_t z)
{
  return (uint64_t) mpz_get_ui (z);
}

static void
check_pat (const char *what, uint32_t eb, uint32_t sb, sg_rm rm, uint64_t a, uint64_t b,
           uint64_t c, uint64_t want, uint64_t got)
{
  if (want == got) return;
  fail_msg ("(%u,%u) %s %s a=%#" PRIx64 " b=%#" PRIx64 " c=%#" PRIx64 ": want %#" PRIx64
            " got %#" PRIx64,
            eb, sb, what, rm_name[rm], a, b, c, want, got);
}

/* Every pair of a tiny format, every binary operation and rounding mode. */
static void
exhaustive_binary (uint32_t eb, uint32_t sb)
{
  otab t;
  otab_init (&t, eb, sb);
  uint64_t np = (uint64_t) 1 << (eb + sb);
  oval x, y, ny;
  mpq_inits (x.q, y.q, ny.q, NULL);
  mpz_t a, b, r;
  mpz_inits (a, b, r, NULL);
  for (uint64_t i = 0; i < np; i++)
    {
      oval_decode (eb, sb, i, &x);
      mpz_set_ui (a, i);
      for (uint64_t j = 0; j < np; j++)
        {
          oval_decode (eb, sb, j, &y);
          oval_decode (eb, sb, j ^ ((uint64_t) 1 << (eb + sb - 1)), &ny);
          mpz_set_ui (b, j);
          for (int k = 0; k < 5; k++)
            {
              sg_rm rm = all_rm[k];
              sg_fp_op2 (eb, sb, SG_FPB_ADD, rm, a, b, r);
              check_pat ("add", eb, sb, rm, i, j, 0, oracle_add (&t, rm, &x, &y), z64 (r));
              sg_fp_op2 (eb, sb, SG_FPB_SUB, rm, a, b, r);
              check_pat ("sub", eb, sb, rm, i, j, 0, oracle_add (&t, rm, &x, &ny), z64 (r));
              sg_fp_op2 (eb, sb, SG_FPB_MUL, rm, a, b, r);
              check_pat ("mul", eb, sb, rm, i, j, 0, oracle_mul (&t, rm, &x, &y), z64 (r));
              sg_fp_op2 (eb, sb, SG_FPB_DIV, rm, a, b, r);
              check_pat ("div", eb, sb, rm, i, j, 0, oracle_div (&t, rm, &x, &y), z64 (r));
            }
          sg_fp_op2 (eb, sb, SG_FPB_REM, SG_RM_RNE, a, b, r);
          check_pat ("rem", eb, sb, SG_RM_RNE, i, j, 0, oracle_rem (&t, i, &x, &y), z64 (r));
          /* comparison: IEEE order, NaN unordered, +0 = -0 */
          int want = 2;
          if (x.kind != 2 && y.kind != 2)
            {
              /* infinities compare as ±2^(bias+2), beyond every finite value */
              mpq_t qx, qy;
              mpq_inits (qx, qy, NULL);
              mpq_mul_2exp (qx, t.big, 1), mpq_mul_2exp (qy, t.big, 1);
              if (x.kind == 0) mpq_set (qx, x.q); else if (x.neg) mpq_neg (qx, qx);
              if (y.kind == 0) mpq_set (qy, y.q); else if (y.neg) mpq_neg (qy, qy);
              int cq = mpq_cmp (qx, qy);
              want = cq < 0 ? -1 : cq > 0;
              mpq_clears (qx, qy, NULL);
            }
          int got = sg_fp_cmp (eb, sb, a, b);
          if (got != want)
            fail_msg ("(%u,%u) cmp %#" PRIx64 " %#" PRIx64 ": want %d got %d", eb, sb, i, j,
                      want, got);
        }
    }
  mpq_clears (x.q, y.q, ny.q, NULL);
  mpz_clears (a, b, r, NULL);
  otab_free (&t);
}

static void
test_exhaustive_binary_2_3 (void **state)
{
  (void) state;
  exhaustive_binary (2, 3);
}

static void
test_exhaustive_binary_3_5 (void **state)
{
  (void) state;
  exhaustive_binary (3, 5);
}

/* Every triple of (2,3) and (2,4), every mode: fma rounds once. */
static void
exhaustive_fma (uint32_t eb, uint32_t sb)
{
  otab t;
  otab_init (&t, eb, sb);
  uint64_t np = (uint64_t) 1 << (eb + sb);
  oval x, y, z;
  mpq_inits (x.q, y.q, z.q, NULL);
  mpz_t a, b, c, r;
  mpz_inits (a, b, c, r, NULL);
  for (uint64_t i = 0; i < np; i++)
    for (uint64_t j = 0; j < np; j++)
      for (uint64_t k = 0; k < np; k++)
        {
          oval_decode (eb, sb, i, &x);
          oval_decode (eb, sb, j, &y);
          oval_decode (eb, sb, k, &z);
          mpz_set_ui (a, i), mpz_set_ui (b, j), mpz_set_ui (c, k);
          for (int m = 0; m < 5; m++)
            {
              sg_fp_fma (eb, sb, all_rm[m], a, b, c, r);
              check_pat ("fma", eb, sb, all_rm[m], i, j, k, oracle_fma (&t, all_rm[m], &x, &y, &z),
                         z64 (r));
            }
        }
  mpq_clears (x.q, y.q, z.q, NULL);
  mpz_clears (a, b, c, r, NULL);
  otab_free (&t);
}

static void
test_exhaustive_fma (void **state)
{
  (void) state;
  exhaustive_fma (2, 3);
  exhaustive_fma (2, 4);
}

/* Every value of (2,3), (3,5) and Float16: sqrt, roundToIntegral, conversions. */
static void
exhaustive_unary (uint32_t eb, uint32_t sb, uint32_t eb2, uint32_t sb2)
{
  otab t, t2;
  otab_init (&t, eb, sb);
  otab_init (&t2, eb2, sb2);
  uint64_t np = (uint64_t) 1 << (eb + sb);
  oval x;
  mpq_init (x.q);
  mpz_t a, r, z;
  mpz_inits (a, r, z, NULL);
  for (uint64_t i = 0; i < np; i++)
    {
      oval_decode (eb, sb, i, &x);
      mpz_set_ui (a, i);
      for (int m = 0; m < 5; m++)
        {
          sg_rm rm = all_rm[m];
          sg_fp_sqrt (eb, sb, rm, a, r);
          check_pat ("sqrt", eb, sb, rm, i, 0, 0, oracle_sqrt (&t, rm, &x), z64 (r));
          sg_fp_rti (eb, sb, rm, a, r);
          check_pat ("rti", eb, sb, rm, i, 0, 0, oracle_rti (&t, rm, &x), z64 (r));
          /* to the other format */
          uint64_t want;
          if (x.kind == 2) want = pat_nan (eb2, sb2);
          else if (x.kind == 1) want = pat_inf (eb2, sb2, x.neg);
          else if (mpq_sgn (x.q) == 0) want = zero_pat (&t2, x.neg);
          else want = oracle_round_q (&t2, rm, x.q);
          sg_fp_from_fp (eb, sb, a, eb2, sb2, rm, r);
          check_pat ("to_fp", eb2, sb2, rm, i, 0, 0, want, z64 (r));
          /* to an integer (fp.to_sbv's core), 8-bit bound */
          if (x.kind == 0)
            {
              round_int_q (rm, x.q, z);
              bool fits = mpz_sizeinbase (z, 2) <= 8 || mpz_sgn (z) == 0;
              mpz_set_si (r, -12345);
              bool ok = sg_fp_to_z (eb, sb, rm, a, 8, r);
              if (ok != fits || (ok && mpz_cmp (r, z) != 0))
                fail_msg ("(%u,%u) to_z %s %#" PRIx64 ": ok %d want %d", eb, sb, rm_name[m], i,
                          ok, fits);
            }
          else if (sg_fp_to_z (eb, sb, rm, a, 8, r))
            fail_msg ("to_z of a non-finite value succeeded");
        }
      /* to_real */
      mpq_t q;
      mpq_init (q);
      bool ok = sg_fp_to_q (eb, sb, a, 1000, q);
      assert_int_equal (ok, x.kind == 0);
      if (ok) assert_true (mpq_equal (q, x.q));
      mpq_clear (q);
    }
  mpq_clear (x.q);
  mpz_clears (a, r, z, NULL);
  otab_free (&t);
  otab_free (&t2);
}

static void
test_exhaustive_unary (void **state)
{
  (void) state;
  exhaustive_unary (2, 3, 3, 5);
  exhaustive_unary (3, 5, 2, 3);
  exhaustive_unary (3, 5, 5, 11);
  exhaustive_unary (5, 11, 3, 5);
  exhaustive_unary (5, 11, 4, 12); /* wider significand, narrower exponent */
}

/* Rationals and integers into tiny formats: near every value, midpoint and overflow boundary. */
static void
test_from_q_and_z (void **state)
{
  (void) state;
  static const uint32_t fmts[][2] = { { 2, 3 }, { 3, 5 }, { 5, 11 } };
  for (int f = 0; f < 3; f++)
    {
      otab t;
      otab_init (&t, fmts[f][0], fmts[f][1]);
      mpq_t q, d;
      mpz_t r;
      mpq_inits (q, d, NULL);
      mpz_init (r);
      for (uint32_t i = 0; i + 1 < t.m; i++)
        {
          /* v[i], the midpoint, a quarter and three quarters of the way to v[i+1] */
          for (int k = 0; k < 4; k++)
            {
              mpq_sub (d, t.e[i + 1].v, t.e[i].v);
              mpq_set_ui (q, (unsigned long) k, 4);
              mpq_mul (d, d, q);
              mpq_add (q, t.e[i].v, d);
              for (int m = 0; m < 5; m++)
                {
                  uint64_t want = mpq_sgn (q) == 0 ? 0 : oracle_round_q (&t, all_rm[m], q);
                  sg_fp_from_q (t.eb, t.sb, all_rm[m], q, r);
                  check_pat ("from_q", t.eb, t.sb, all_rm[m], i, (uint64_t) k, 0, want, z64 (r));
                }
            }
        }
      /* beyond max: max + ulp/2 (tie), max + ulp/4, 2^(bias+1), 10^40 */
      const mpq_ptr mx = t.e[t.m - 1].v;
      mpq_sub (d, mx, t.e[t.m - 2].v);
      for (int k = 0; k < 4; k++)
        {
          if (k == 0) mpq_div_2exp (q, d, 1), mpq_add (q, q, mx);
          if (k == 1) mpq_div_2exp (q, d, 2), mpq_add (q, q, mx);
          if (k == 2) mpq_set (q, t.big);
          if (k == 3) mpq_set_str (q, "10000000000000000000000000000000000000000", 10);
          for (int s = 0; s < 2; s++)
            {
              for (int m = 0; m < 5; m++)
                {
                  sg_fp_from_q (t.eb, t.sb, all_rm[m], q, r);
                  check_pat ("from_q big", t.eb, t.sb, all_rm[m], (uint64_t) k, (uint64_t) s, 0,
                             oracle_round_q (&t, all_rm[m], q), z64 (r));
                }
              mpq_neg (q, q);
            }
        }
      /* integers -5000..5000 */
      for (long v = -5000; v <= 5000; v++)
        for (int m = 0; m < 5; m++)
          {
            mpz_t z;
            mpz_init_set_si (z, v);
            mpq_set_si (q, v, 1);
            uint64_t want = v == 0 ? 0 : oracle_round_q (&t, all_rm[m], q);
            sg_fp_from_z (t.eb, t.sb, all_rm[m], z, r);
            check_pat ("from_z", t.eb, t.sb, all_rm[m], (uint64_t) v, 0, 0, want, z64 (r));
            mpz_clear (z);
          }
      mpq_clears (q, d, NULL);
      mpz_clear (r);
      otab_free (&t);
    }
}

/* ---- the classic MPFR recipe as an oracle for larger formats ---- */

typedef struct xrng { uint64_t s; } xrng;

static uint64_t
xnext (xrng *g)
{
  /* xorshift64* */
  g->s ^= g->s >> 12;
  g->s ^= g->s << 25;
  g->s ^= g->s >> 27;
  return g->s * 0x2545F4914F6CDD1DULL;
}

/* A random pattern of (eb, sb), biased toward the edges: zeros, subnormals, ±max, ±oo, NaN. */
static void
random_pat (xrng *g, uint32_t eb, uint32_t sb, mpz_t p)
{
  uint64_t k = xnext (g) % 16;
  bool neg = xnext (g) & 1;
  mpz_t sig;
  mpz_init (sig);
  mpz_set_ui (p, 0);
  for (uint32_t i = 0; i < sb - 1; i += 64)
    {
      mpz_mul_2exp (sig, sig, 64);
      mpz_add_ui (sig, sig, (unsigned long) xnext (g));
    }
  mpz_tdiv_r_2exp (sig, sig, sb - 1);
  uint64_t emask = ((uint64_t) 1 << eb) - 1, e;
  switch (k)
    {
    case 0: e = 0; mpz_set_ui (sig, 0); break;               /* zero */
    case 1: case 2: e = 0; break;                              /* subnormal */
    case 3: e = emask; mpz_set_ui (sig, 0); break;           /* infinity */
    case 4: e = emask; break;                                  /* NaN */
    case 5: e = emask - 1; break;                              /* largest binade */
    case 6: e = 1; break;                                      /* smallest binade */
    case 7: e = 1 + xnext (g) % 3; break;
    case 8: e = emask - 1 - xnext (g) % 3; break;
    default: e = 1 + xnext (g) % (emask - 1); break;           /* any normal */
    }
  if (e == emask && k == 4 && mpz_sgn (sig) == 0) mpz_set_ui (sig, 1);
  mpz_set_ui (p, (unsigned long) e);
  if (neg) mpz_setbit (p, eb);
  mpz_mul_2exp (p, p, sb - 1);
  mpz_ior (p, p, sig);
  mpz_clear (sig);
}

static mpfr_rnd_t
mpfr_mode (sg_rm rm)
{
  switch (rm)
    {
    case SG_RM_RNE: return MPFR_RNDN;
    case SG_RM_RTP: return MPFR_RNDU;
    case SG_RM_RTN: return MPFR_RNDD;
    case SG_RM_RTZ: return MPFR_RNDZ;
    default: return MPFR_RNDNA; /* not used with the recipe */
    }
}

/* The recipe: emin = the MPFR exponent of the smallest subnormal, 2^(2-bias-sb) = 0.1b *
 * 2^(3-bias-sb); emax = bias+1 (the largest finite value is just below 2^(bias+1)). Operands
 * are in range, so op then mpfr_check_range then mpfr_subnormalize round correctly. */
static void
recipe (uint32_t eb, uint32_t sb, int op, sg_rm rm, const mpz_t a, const mpz_t b, const mpz_t c,
        mpz_t out)
{
  mpfr_t x, y, z, r;
  mpfr_inits2 (sb, x, y, z, r, (mpfr_ptr) 0);
  sg_fp_decode (eb, sb, a, x);
  sg_fp_decode (eb, sb, b, y);
  sg_fp_decode (eb, sb, c, z);
  mpfr_exp_t emin0 = mpfr_get_emin (), emax0 = mpfr_get_emax ();
  int64_t bias = ((int64_t) 1 << (eb - 1)) - 1;
  mpfr_set_emin ((mpfr_exp_t) (3 - bias - (int64_t) sb));
  mpfr_set_emax ((mpfr_exp_t) (bias + 1));
  mpfr_rnd_t md = mpfr_mode (rm);
  int inex = 0;
  switch (op)
    {
    case 0: inex = mpfr_add (r, x, y, md); break;
    case 1: inex = mpfr_sub (r, x, y, md); break;
    case 2: inex = mpfr_mul (r, x, y, md); break;
    case 3: inex = mpfr_div (r, x, y, md); break;
    case 4: inex = mpfr_fma (r, x, y, z, md); break;
    case 5: inex = mpfr_sqrt (r, x, md); break;
    }
  inex = mpfr_check_range (r, inex, md);
  mpfr_subnormalize (r, inex, md);
  mpfr_set_emin (emin0);
  mpfr_set_emax (emax0);
  sg_fp_round (eb, sb, SG_RM_RNE, r, out); /* representable: only encodes */
  mpfr_clears (x, y, z, r, (mpfr_ptr) 0);
}

static void
test_recipe_random (void **state)
{
  (void) state;
  static const uint32_t fmts[][2] = { { 5, 11 }, { 8, 24 }, { 11, 53 }, { 15, 113 }, { 3, 30 },
                                      { 12, 6 } };
  xrng g = { 0x5eed0001u };
  mpz_t a, b, c, want, got;
  mpz_inits (a, b, c, want, got, NULL);
  for (int f = 0; f < 6; f++)
    for (int it = 0; it < SG_TEST_CASES (20000); it++)
      {
        uint32_t eb = fmts[f][0], sb = fmts[f][1];
        random_pat (&g, eb, sb, a);
        random_pat (&g, eb, sb, b);
        random_pat (&g, eb, sb, c);
        if (it % 4 == 0) /* a near-cancellation or a near-subnormal product */
          {
            mpz_set (b, a);
            mpz_combit (b, eb + sb - 1);
            mpz_add_ui (b, b, xnext (&g) % 3);
          }
        int op = (int) (xnext (&g) % 6);
        sg_rm rm = all_rm[(int []){ 0, 2, 3, 4 }[xnext (&g) % 4]];
        recipe (eb, sb, op, rm, a, b, c, want);
        switch (op)
          {
          case 0: sg_fp_op2 (eb, sb, SG_FPB_ADD, rm, a, b, got); break;
          case 1: sg_fp_op2 (eb, sb, SG_FPB_SUB, rm, a, b, got); break;
          case 2: sg_fp_op2 (eb, sb, SG_FPB_MUL, rm, a, b, got); break;
          case 3: sg_fp_op2 (eb, sb, SG_FPB_DIV, rm, a, b, got); break;
          case 4: sg_fp_fma (eb, sb, rm, a, b, c, got); break;
          case 5: sg_fp_sqrt (eb, sb, rm, a, got); break;
          }
        bool nan_w, nan_g;
        nan_w = sg_fp_classify (eb, sb, want, &nan_w) == SG_FPC_NAN;
        nan_g = sg_fp_classify (eb, sb, got, &nan_g) == SG_FPC_NAN;
        if (nan_w && nan_g) continue;
        if (mpz_cmp (want, got) != 0)
          {
            gmp_printf ("(%u,%u) op %d %s a=%Zx b=%Zx c=%Zx want %Zx got %Zx\n", eb, sb, op,
                        rm_name[rm], a, b, c, want, got);
            fail ();
          }
      }
  mpz_clears (a, b, c, want, got, NULL);
}

/* The exponent range and flags of the caller survive every call. */
static void
test_env_restored (void **state)
{
  (void) state;
  mpfr_exp_t emin0 = mpfr_get_emin (), emax0 = mpfr_get_emax ();
  mpfr_set_emin (-100);
  mpfr_set_emax (100);
  mpfr_clear_flags ();
  mpfr_set_inexflag ();
  mpz_t a, b, r;
  mpz_inits (a, b, r, NULL);
  mpz_set_ui (a, 0x3c01), mpz_set_ui (b, 0x7bff);
  sg_fp_op2 (5, 11, SG_FPB_MUL, SG_RM_RNE, a, b, r); /* overflows */
  sg_fp_op2 (60, 40, SG_FPB_DIV, SG_RM_RNA, a, b, r); /* huge exponent range */
  assert_int_equal (mpfr_get_emin (), -100);
  assert_int_equal (mpfr_get_emax (), 100);
  assert_int_equal (mpfr_flags_save (), MPFR_FLAGS_INEXACT);
  mpfr_set_emin (emin0);
  mpfr_set_emax (emax0);
  mpfr_clear_flags ();
  mpz_clears (a, b, r, NULL);
  assert_true (mpfr_buildopt_tls_p ()); /* Debian's MPFR keeps that state per thread */
}

/* The extreme format eb = 60: huge exponents stay cheap and correct. */
static void
test_eb60 (void **state)
{
  (void) state;
  const uint32_t eb = 60, sb = 8;
  mpz_t mx, mn, r, one;
  mpz_inits (mx, mn, r, one, NULL);
  sg_fp_max_normal (eb, sb, false, mx);
  mpz_set_ui (mn, 1); /* smallest subnormal */
  sg_fp_op2 (eb, sb, SG_FPB_MUL, SG_RM_RNE, mx, mx, r);
  bool neg;
  assert_int_equal (sg_fp_classify (eb, sb, r, &neg), SG_FPC_INF);
  sg_fp_op2 (eb, sb, SG_FPB_MUL, SG_RM_RTZ, mx, mx, r);
  assert_int_equal (mpz_cmp (r, mx), 0);
  sg_fp_op2 (eb, sb, SG_FPB_MUL, SG_RM_RNE, mn, mn, r);
  assert_int_equal (mpz_sgn (r), 0);
  sg_fp_op2 (eb, sb, SG_FPB_MUL, SG_RM_RTP, mn, mn, r);
  assert_int_equal (mpz_cmp_ui (r, 1), 0);
  sg_fp_op2 (eb, sb, SG_FPB_REM, SG_RM_RNE, mx, mn, r); /* exponent gap 2^60: via powm */
  assert_int_equal (mpz_sgn (r), 0);
  sg_fp_op2 (eb, sb, SG_FPB_DIV, SG_RM_RNE, mn, mx, r);
  assert_int_equal (mpz_sgn (r), 0);
  mpq_t q;
  mpq_init (q);
  assert_false (sg_fp_to_q (eb, sb, mx, 1u << 24, q)); /* 2^(2^59): too large to build */
  assert_true (sg_fp_to_z (eb, sb, SG_RM_RNE, mn, 8, r));
  assert_int_equal (mpz_sgn (r), 0);
  assert_false (sg_fp_to_z (eb, sb, SG_RM_RNE, mx, 1u << 24, r));
  mpq_clear (q);
  mpz_clears (mx, mn, r, one, NULL);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_exhaustive_binary_2_3),
    cmocka_unit_test (test_exhaustive_binary_3_5),
    cmocka_unit_test (test_exhaustive_fma),
    cmocka_unit_test (test_exhaustive_unary),
    cmocka_unit_test (test_from_q_and_z),
    cmocka_unit_test (test_recipe_random),
    cmocka_unit_test (test_env_restored),
    cmocka_unit_test (test_eb60),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
