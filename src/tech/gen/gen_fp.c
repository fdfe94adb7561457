/* gen_fp: the floating-point theory of the generators — formats, value classes, operators, atoms. */
#include "tech/gen/gen_int.h"

#include <stdio.h>

#define NELEM(a) (sizeof a / sizeof a[0])

/* Formats drawn when --format is not given: the 5-bit (2, 3) most (it found most bugs, §9). */
static const uint32_t formats[][2] = { { 2, 3 }, { 2, 3 }, { 2, 3 }, { 3, 3 }, { 2, 4 }, { 3, 4 },
                                       { 3, 5 }, { 4, 5 }, { 5, 11 }, { 8, 24 }, { 11, 53 } };

/* An FP value of format (eb, sb) from the value classes, as its IEEE bits, into z. */
static void
fp_value (sg_rng *rng, uint32_t eb, uint32_t sb, mpz_t z)
{
  uint32_t m = sb - 1; /* significand bits stored */
  mpz_set_ui (z, 0);
  uint32_t c = (uint32_t) sg_rng_below (rng, 16);
  /* exponent field e, significand field f */
  unsigned long emax = (1ul << eb) - 1;
  switch (c)
    {
    case 0: break;                                         /* zero */
    case 1: mpz_set_ui (z, emax); mpz_mul_2exp (z, z, m); break; /* infinity */
    case 2: mpz_set_ui (z, emax); mpz_mul_2exp (z, z, m); mpz_setbit (z, m - 1); break; /* NaN */
    case 3: mpz_set_ui (z, 1); break;                      /* least subnormal */
    case 4: mpz_set_ui (z, 0); mpz_setbit (z, m); mpz_sub_ui (z, z, 1); break; /* greatest subnormal */
    case 5: mpz_set_ui (z, 1); mpz_mul_2exp (z, z, m); break; /* least normal */
    case 6: /* greatest normal */
      mpz_set_ui (z, emax);
      mpz_mul_2exp (z, z, m);
      mpz_sub_ui (z, z, 1);
      break;
    case 7: mpz_set_ui (z, (1ul << (eb - 1)) - 1); mpz_mul_2exp (z, z, m); break; /* one */
    case 8: /* one plus an ulp */
      mpz_set_ui (z, (1ul << (eb - 1)) - 1);
      mpz_mul_2exp (z, z, m);
      mpz_add_ui (z, z, 1);
      break;
    case 9: /* a halfway pattern: significand 10...0 with a random exponent (1.5 * 2^k) */
      mpz_set_ui (z, 1 + sg_rng_below (rng, emax - 1));
      mpz_mul_2exp (z, z, m);
      mpz_setbit (z, m - 1);
      break;
    case 10: /* a random subnormal */
      gen_bits (rng, m, z);
      break;
    case 11: /* a random finite with a small exponent around the bias */
      {
        unsigned long bias = (1ul << (eb - 1)) - 1;
        unsigned long e = bias + sg_rng_below (rng, 5) - 2;
        if (e < 1) e = 1;
        if (e > emax - 1) e = emax - 1;
        gen_bits (rng, m, z);
        mpz_t t;
        mpz_init (t);
        mpz_set_ui (t, e);
        mpz_mul_2exp (t, t, m);
        mpz_add (z, z, t);
        mpz_clear (t);
      }
      break;
    default: gen_bits (rng, eb + sb, z); return; /* uniform bits, sign included */
    }
  if (sg_rng_chance (rng, 1, 2)) mpz_setbit (z, eb + sb - 1);
}

static sg_rc
fp_setup (gen *g)
{
  uint32_t k = (uint32_t) sg_rng_below (g->rng, NELEM (formats));
  g->eb = g->cfg.gen.format[0] ? g->cfg.gen.format[0] : formats[k][0];
  g->sb = g->cfg.gen.format[1] ? g->cfg.gen.format[1] : formats[k][1];
  sg_rc rc = sg_sort_fp (&g->s, g->eb, g->sb, &g->base);
  if (rc) return rc;
  uint32_t n = 1 + (uint32_t) sg_rng_below (g->rng, 3);
  for (uint32_t i = 0; i < n && !rc; i++)
    {
      sg_term value = SG_NONE;
      if (g->sat)
        {
          fp_value (g->rng, g->eb, g->sb, g->z);
          if ((rc = gen_fp_lit (&g->s, g->eb, g->sb, g->z, sg_rng_chance (g->rng, 1, 2), &value))) return rc;
        }
      rc = gen_declare (g, "x", g->base, value);
    }
  if (!rc && sg_rng_chance (g->rng, 1, 3))
    {
      sg_term value = SG_NONE;
      static const sg_op rms[] = { SG_OP_RNE, SG_OP_RNA, SG_OP_RTP, SG_OP_RTN, SG_OP_RTZ };
      if (g->sat && (rc = sg_mk_app (&g->s, rms[sg_rng_below (g->rng, 5)], NULL, 0, NULL, 0, &value)))
        return rc;
      rc = gen_declare (g, "r", g->s.s_rm, value);
    }
  if (!rc && sg_rng_chance (g->rng, 1, 4))
    {
      sg_sort bv;
      if ((rc = sg_sort_bv (&g->s, g->eb + g->sb, &bv))) return rc;
      sg_term value = SG_NONE;
      if (g->sat)
        {
          gen_bv_value (g->rng, g->eb + g->sb, g->z);
          if ((rc = gen_bv_lit (&g->s, g->eb + g->sb, g->z, &value))) return rc;
        }
      rc = gen_declare (g, "b", bv, value);
    }
  return rc;
}

static sg_rc
fp_constant (gen *g, sg_sort sort, sg_term *out)
{
  const sg_sortnode *n = sg_sort_node (&g->s, sort);
  if (n->kind == SG_SORT_BV)
    {
      gen_bv_value (g->rng, n->a, g->z);
      return gen_bv_lit (&g->s, n->a, g->z, out);
    }
  fp_value (g->rng, n->a, n->b, g->z);
  return gen_fp_lit (&g->s, n->a, n->b, g->z, sg_rng_chance (g->rng, 1, 2), out);
}

static sg_rc
fp_literal (gen *g, sg_val v, sg_term *out)
{
  *out = SG_NONE;
  static const sg_op rms[] = { SG_OP_RNE, SG_OP_RNA, SG_OP_RTP, SG_OP_RTN, SG_OP_RTZ };
  switch (v->kind)
    {
    case SG_V_BV: return gen_bv_lit (&g->s, v->u.bv.w, v->u.bv.z, out);
    case SG_V_FP: return gen_fp_lit (&g->s, v->u.fp.eb, v->u.fp.sb, v->u.fp.bits, sg_rng_chance (g->rng, 1, 2), out);
    case SG_V_RM: return v->u.rm < 5 ? sg_mk_app (&g->s, rms[v->u.rm], NULL, 0, NULL, 0, out) : SG_RC_OK;
    default: return SG_RC_OK;
    }
}

typedef enum fpk { K_UN, K_RM1, K_RM2, K_FMA, K_BIN, K_UNSPEC, K_TOFP, K_FROMBV, K_FROMINT, K_TOBV, K_ITE } fpk;

static const struct { sg_op op; uint8_t kind; } fp_ops[] = {
  { SG_OP_FP_ABS, K_UN }, { SG_OP_FP_NEG, K_UN },
  { SG_OP_FP_SQRT, K_RM1 }, { SG_OP_FP_ROUND, K_RM1 },
  { SG_OP_FP_ADD, K_RM2 }, { SG_OP_FP_ADD, K_RM2 }, { SG_OP_FP_SUB, K_RM2 }, { SG_OP_FP_MUL, K_RM2 },
  { SG_OP_FP_MUL, K_RM2 }, { SG_OP_FP_DIV, K_RM2 }, { SG_OP_FP_DIV, K_RM2 }, { SG_OP_FP_FMA, K_FMA },
  { SG_OP_FP_REM, K_BIN }, { SG_OP_FP_MIN, K_UNSPEC }, { SG_OP_FP_MAX, K_UNSPEC },
  { SG_OP_TO_FP, K_TOFP }, { SG_OP_TO_FP, K_FROMBV }, { SG_OP_TO_FP, K_FROMINT },
  { SG_OP_TO_FP_UNSIGNED, K_FROMINT }, { SG_OP_FP_TO_UBV, K_TOBV }, { SG_OP_FP_TO_SBV, K_TOBV },
  { SG_OP_ITE, K_ITE },
};

static sg_rc
fp_grow (gen *g)
{
  size_t k = sg_rng_below (g->rng, NELEM (fp_ops));
  sg_op op = fp_ops[k].op;
  uint8_t kind = fp_ops[k].kind;
  /* unspecified values (fp.min/fp.max of opposite zeros, fp.to_ubv/fp.to_sbv out of range)
     are left out of unsat formulas; sat ones drop a term whose value is undetermined */
  if (!g->sat && (kind == K_UNSPEC || kind == K_TOBV)) return SG_RC_OK;
  uint32_t a[4], idx[2], nidx = 0, n = 0;
  sg_rc rc = SG_RC_OK;
  sg_store *s = &g->s;
  sg_sort so = g->base;
  if (kind != K_FROMBV && kind != K_FROMINT)
    {
      if (!gen_pick_kind (g, SG_SORT_FP, &a[0]) && (rc = gen_pick (g, g->base, &a[0]))) return rc;
      so = g->pool.a[a[0]].sort;
    }
  switch (kind)
    {
    case K_UN: n = 1; break;
    case K_RM1:
    case K_RM2:
    case K_FMA:
      n = kind == K_RM1 ? 2 : kind == K_RM2 ? 3 : 4;
      a[1] = a[0];
      rc = gen_pick (g, s->s_rm, &a[0]);
      for (uint32_t i = 2; i < n && !rc; i++) rc = gen_pick (g, so, &a[i]);
      break;
    case K_BIN:
    case K_UNSPEC: n = 2; rc = gen_pick_other (g, so, a[0], &a[1]); break;
    case K_TOFP:
      {
        uint32_t f = (uint32_t) sg_rng_below (g->rng, NELEM (formats));
        idx[0] = formats[f][0];
        idx[1] = formats[f][1];
        nidx = 2;
        n = 2;
        a[1] = a[0];
        rc = gen_pick (g, s->s_rm, &a[0]);
        break;
      }
    case K_FROMBV:
      {
        sg_sort bv;
        if ((rc = sg_sort_bv (s, g->eb + g->sb, &bv))) return rc;
        idx[0] = g->eb;
        idx[1] = g->sb;
        nidx = 2;
        n = 1;
        rc = gen_pick (g, bv, &a[0]);
        break;
      }
    case K_FROMINT:
      {
        idx[0] = g->eb;
        idx[1] = g->sb;
        nidx = 2;
        n = 2;
        if (!gen_pick_bv (g, 1, 64, &a[1]))
          {
            sg_sort bv;
            if ((rc = sg_sort_bv (s, 1 + (uint32_t) sg_rng_below (g->rng, 16), &bv))) return rc;
            if ((rc = gen_pick (g, bv, &a[1]))) return rc;
          }
        rc = gen_pick (g, s->s_rm, &a[0]);
        break;
      }
    case K_TOBV:
      idx[0] = 1 + (uint32_t) sg_rng_below (g->rng, 12);
      nidx = 1;
      n = 2;
      a[1] = a[0];
      rc = gen_pick (g, s->s_rm, &a[0]);
      break;
    case K_ITE:
      n = 3;
      a[1] = a[0];
      if (!gen_pick_kind (g, SG_SORT_BOOL, &a[0])) rc = gen_pick (g, s->s_bool, &a[0]);
      if (!rc) rc = gen_pick (g, so, &a[2]);
      break;
    }
  if (rc) return rc;
  return gen_apply (g, op, idx, nidx, a, n, NULL);
}

static const sg_op fp_cmp[] = { SG_OP_FP_EQ, SG_OP_FP_EQ, SG_OP_FP_LT, SG_OP_FP_LEQ, SG_OP_FP_GT,
                                SG_OP_FP_GEQ, SG_OP_EQ, SG_OP_EQ, SG_OP_DISTINCT };
static const sg_op fp_pred[] = { SG_OP_FP_IS_NORMAL, SG_OP_FP_IS_SUBNORMAL, SG_OP_FP_IS_ZERO,
                                 SG_OP_FP_IS_INFINITE, SG_OP_FP_IS_NAN, SG_OP_FP_IS_NEGATIVE,
                                 SG_OP_FP_IS_POSITIVE };

static sg_rc
fp_atom (gen *g)
{
  uint32_t a[2];
  sg_rc rc;
  if (sg_rng_chance (g->rng, 1, 6) && gen_pick_kind (g, SG_SORT_BV, &a[0]))
    {
      if ((rc = gen_pick_other (g, g->pool.a[a[0]].sort, a[0], &a[1]))) return rc;
      return gen_apply (g, sg_rng_chance (g->rng, 1, 2) ? SG_OP_EQ : SG_OP_BVULT, NULL, 0, a, 2, NULL);
    }
  if (!gen_pick_kind (g, SG_SORT_FP, &a[0]) && (rc = gen_pick (g, g->base, &a[0]))) return rc;
  if (sg_rng_chance (g->rng, 1, 3))
    return gen_apply (g, fp_pred[sg_rng_below (g->rng, NELEM (fp_pred))], NULL, 0, a, 1, NULL);
  if ((rc = gen_pick_other (g, g->pool.a[a[0]].sort, a[0], &a[1]))) return rc;
  return gen_apply (g, fp_cmp[sg_rng_below (g->rng, NELEM (fp_cmp))], NULL, 0, a, 2, NULL);
}

const gen_theory sg_gen_fp_theory = {
  SG_GEN_FP, "fp", fp_setup, fp_constant, fp_literal, fp_grow, fp_atom,
};

void
sg_gen_fp_describe (const sg_tech_cfg *cfg, char *out, size_t size)
{
  const uint32_t *f = cfg->gen.format;
  if (f[0]) snprintf (out, size, "floating point of format %u %u", f[0], f[1]);
  else snprintf (out, size, "floating point of formats drawn from (2, 3) to (11, 53) ((2, 3) most)");
}
