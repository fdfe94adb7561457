/* gen_bv: the bit-vector theory of the generators — widths, value classes, operators, atoms. */
#include "tech/gen/gen_int.h"

#include <stdio.h>

#define NELEM(a) (sizeof a / sizeof a[0])

/* Widths drawn when --width is not given: tiny ones most (they found most bugs, §9). */
static const uint32_t widths[] = { 1, 2, 3, 3, 3, 4, 4, 5, 6, 7, 8, 8, 12, 16, 32, 64 };

/* The widest term grown (concat and extensions stop there). */
static uint32_t
max_width (const gen *g)
{
  return g->w * 2 + 8 > 128 ? g->w * 2 + 8 : 128;
}

static sg_rc
bv_setup (gen *g)
{
  g->w = g->cfg.gen.width ? g->cfg.gen.width : widths[sg_rng_below (g->rng, NELEM (widths))];
  sg_rc rc = sg_sort_bv (&g->s, g->w, &g->base);
  if (rc) return rc;
  uint32_t n = 1 + (uint32_t) sg_rng_below (g->rng, 4);
  for (uint32_t i = 0; i < n && !rc; i++)
    {
      sg_term value = SG_NONE;
      if (g->sat)
        {
          gen_bv_value (g->rng, g->w, g->z);
          if ((rc = gen_bv_lit (&g->s, g->w, g->z, &value))) return rc;
        }
      rc = gen_declare (g, "x", g->base, value);
    }
  return rc;
}

static sg_rc
bv_constant (gen *g, sg_sort sort, sg_term *out)
{
  uint32_t w = sg_sort_bv_width (&g->s, sort);
  gen_bv_value (g->rng, w, g->z);
  return gen_bv_lit (&g->s, w, g->z, out);
}

static sg_rc
bv_literal (gen *g, sg_val v, sg_term *out)
{
  *out = SG_NONE;
  if (v->kind != SG_V_BV) return SG_RC_OK;
  return gen_bv_lit (&g->s, v->u.bv.w, v->u.bv.z, out);
}

typedef enum bvk { K_UN, K_BIN, K_EXTRACT, K_CONCAT, K_EXTEND, K_REPEAT, K_ROTATE, K_ITE } bvk;

static const struct { sg_op op; uint8_t kind; } bv_ops[] = {
  { SG_OP_BVNOT, K_UN }, { SG_OP_BVNEG, K_UN },
  { SG_OP_BVAND, K_BIN }, { SG_OP_BVOR, K_BIN }, { SG_OP_BVXOR, K_BIN },
  { SG_OP_BVNAND, K_BIN }, { SG_OP_BVNOR, K_BIN }, { SG_OP_BVXNOR, K_BIN },
  { SG_OP_BVADD, K_BIN }, { SG_OP_BVADD, K_BIN }, { SG_OP_BVSUB, K_BIN }, { SG_OP_BVMUL, K_BIN },
  { SG_OP_BVMUL, K_BIN }, { SG_OP_BVUDIV, K_BIN }, { SG_OP_BVUREM, K_BIN }, { SG_OP_BVSDIV, K_BIN },
  { SG_OP_BVSREM, K_BIN }, { SG_OP_BVSMOD, K_BIN }, { SG_OP_BVSHL, K_BIN }, { SG_OP_BVLSHR, K_BIN },
  { SG_OP_BVASHR, K_BIN }, { SG_OP_BVCOMP, K_BIN },
  { SG_OP_EXTRACT, K_EXTRACT }, { SG_OP_EXTRACT, K_EXTRACT }, { SG_OP_CONCAT, K_CONCAT },
  { SG_OP_ZERO_EXTEND, K_EXTEND }, { SG_OP_SIGN_EXTEND, K_EXTEND }, { SG_OP_REPEAT, K_REPEAT },
  { SG_OP_ROTATE_LEFT, K_ROTATE }, { SG_OP_ROTATE_RIGHT, K_ROTATE }, { SG_OP_ITE, K_ITE },
};

static sg_rc
bv_grow (gen *g)
{
  uint32_t a[3], idx[2], nidx = 0, n = 1;
  if (!gen_pick_kind (g, SG_SORT_BV, &a[0]))
    {
      sg_rc rc = gen_pick (g, g->base, &a[0]);
      if (rc) return rc;
    }
  sg_sort so = g->pool.a[a[0]].sort;
  uint32_t w = sg_sort_bv_width (&g->s, so), maxw = max_width (g);
  sg_op op = bv_ops[sg_rng_below (g->rng, NELEM (bv_ops))].op;
  uint8_t kind = K_UN;
  for (size_t i = 0; i < NELEM (bv_ops); i++)
    if (bv_ops[i].op == op) kind = bv_ops[i].kind;
  sg_rc rc = SG_RC_OK;
  switch (kind)
    {
    case K_UN: break;
    case K_BIN: n = 2; rc = gen_pick_other (g, so, a[0], &a[1]); break;
    case K_EXTRACT:
      idx[0] = (uint32_t) sg_rng_below (g->rng, w);
      idx[1] = (uint32_t) sg_rng_below (g->rng, idx[0] + 1);
      nidx = 2;
      break;
    case K_CONCAT:
      {
        uint32_t b;
        if (!gen_pick_bv (g, 1, maxw > w ? maxw - w : 1, &b) || w + sg_sort_bv_width (&g->s, g->pool.a[b].sort) > maxw)
          return SG_RC_OK;
        n = 2;
        a[1] = b;
        if (sg_rng_chance (g->rng, 1, 2)) { a[1] = a[0]; a[0] = b; }
        break;
      }
    case K_EXTEND:
      if (w >= maxw) return SG_RC_OK;
      idx[0] = (uint32_t) sg_rng_below (g->rng, (maxw - w < 9 ? maxw - w : 9));
      nidx = 1;
      break;
    case K_REPEAT:
      idx[0] = 1 + (uint32_t) sg_rng_below (g->rng, 3);
      if (w * idx[0] > maxw) idx[0] = 1;
      nidx = 1;
      break;
    case K_ROTATE:
      idx[0] = (uint32_t) sg_rng_below (g->rng, w + 1);
      nidx = 1;
      break;
    case K_ITE:
      n = 3;
      a[1] = a[0];
      if (!gen_pick_kind (g, SG_SORT_BOOL, &a[0])) rc = gen_pick (g, g->s.s_bool, &a[0]);
      if (!rc) rc = gen_pick (g, so, &a[2]);
      break;
    }
  if (rc) return rc;
  return gen_apply (g, op, idx, nidx, a, n, NULL);
}

static const sg_op bv_preds[] = { SG_OP_EQ, SG_OP_EQ, SG_OP_DISTINCT, SG_OP_BVULT, SG_OP_BVULE,
                                  SG_OP_BVUGT, SG_OP_BVUGE, SG_OP_BVSLT, SG_OP_BVSLE, SG_OP_BVSGT,
                                  SG_OP_BVSGE };

static sg_rc
bv_atom (gen *g)
{
  uint32_t a[2];
  if (!gen_pick_kind (g, SG_SORT_BV, &a[0]))
    {
      sg_rc rc = gen_pick (g, g->base, &a[0]);
      if (rc) return rc;
    }
  sg_rc rc = gen_pick_other (g, g->pool.a[a[0]].sort, a[0], &a[1]);
  if (rc) return rc;
  return gen_apply (g, bv_preds[sg_rng_below (g->rng, NELEM (bv_preds))], NULL, 0, a, 2, NULL);
}

const gen_theory sg_gen_bv_theory = {
  SG_GEN_BV, "bv", bv_setup, bv_constant, bv_literal, bv_grow, bv_atom,
};

void
sg_gen_bv_describe (const sg_tech_cfg *cfg, char *out, size_t size)
{
  if (cfg->gen.width) snprintf (out, size, "bit-vectors of width %u", cfg->gen.width);
  else snprintf (out, size, "bit-vectors of widths drawn from 1..64 (tiny ones most)");
}
