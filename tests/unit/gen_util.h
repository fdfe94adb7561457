/* gen_util: helpers of the generator tests (gen_bv_test, gen_fp_test, gen_bvfp_z3_test):
 * generate formulas with a technique of tech.c, check witnesses with the evaluator, check
 * identities by exhaustive evaluation, and confirm unsat by enumerating assignments. */
#ifndef SG_GEN_UTIL_H
#define SG_GEN_UTIL_H

#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>

#include "eval/eval.h"
#include "eval/model.h"
#include "tech/gen/gen.h"
#include "tech/tech.h"
#include "test_util.h"

/* A generator of technique `name` (mode: 0 sat, 1 unsat, 2 mixed) with cfg changes applied. */
typedef struct tgen {
  const sg_technique *t;
  void *st;
  sg_rng rng;
  sg_tech_mutant m;
} tgen;

static inline void
tg_open (tgen *g, const char *name, int mode, uint32_t width, uint32_t eb, uint32_t sb, uint64_t seed)
{
  g->t = sg_technique_find (name);
  assert_non_null (g->t);
  sg_tech_cfg cfg = g->t->defaults;
  cfg.mode = (sg_tech_mode) mode;
  cfg.gen.width = width;
  cfg.gen.format[0] = eb;
  cfg.gen.format[1] = sb;
  sg_diag d;
  sg_diag_init (&d, name);
  assert_int_equal (g->t->init (&cfg, NULL, &g->st, &d), SG_RC_OK);
  static const sg_tech_seed generated = { "(generated)", "", 0, SG_ANS_NONE, NULL, { "" }, { 0 } };
  const sg_tech_seed *seeds[1] = { &generated };
  sg_rng_seed (&g->rng, seed);
  assert_int_equal (g->t->begin (g->st, seeds, &g->rng, &d), SG_RC_OK);
  memset (&g->m, 0, sizeof g->m);
  sg_buf_init (&g->m.text);
  sg_buf_init (&g->m.desc);
}

/* The next formula's text (NUL-terminated). */
static inline const char *
tg_next (tgen *g)
{
  sg_diag d;
  sg_diag_init (&d, g->t->name);
  sg_rc rc = g->t->next (g->st, &g->rng, &g->m, &d);
  if (rc)
    {
      char msg[600];
      sg_diag_format (&d, msg, sizeof msg);
      fail_msg ("%s: %s", sg_rc_name (rc), msg);
    }
  return sg_buf_cstr (&g->m.text);
}

static inline void
tg_close (tgen *g)
{
  g->t->free (g->st);
  sg_buf_free (&g->m.text);
  sg_buf_free (&g->m.desc);
}

/* The formula's witness checked by the evaluator: must be SG_MODEL_VALID. */
static inline void
check_witness (const char *text)
{
  tparse t;
  tp_parse (&t, text);
  if (t.rc) fail_msg ("%s\n%s", t.err, text);
  sg_buf mt;
  sg_buf_init (&mt);
  assert_true (sg_gen_witness (text, strlen (text), &mt));
  sg_model m;
  sg_model_init (&m, &t.s);
  sg_diag d;
  sg_diag_init (&d, "witness");
  sg_rc rc = sg_model_read (&m, &t.sc, mt.s, mt.len, "witness", &d);
  if (rc)
    {
      char msg[600];
      sg_diag_format (&d, msg, sizeof msg);
      fail_msg ("%s\n%s", msg, text);
    }
  sg_mcheck v;
  uint32_t bad;
  assert_int_equal (sg_eval_check_model (&t.s, &t.sc, &m, &v, &bad), SG_RC_OK);
  if (v != SG_MODEL_VALID) fail_msg ("witness %s (assert %u):\n%s", v == SG_MODEL_INVALID ? "invalid" : "undetermined", bad, text);
  sg_model_free (&m);
  sg_buf_free (&mt);
  tp_free (&t);
}

/* The declared constants of a parsed script (funs of kind DECLARED). */
static inline uint32_t
declared (const sg_store *s, uint32_t *funs, uint32_t max)
{
  uint32_t n = 0;
  for (uint32_t i = 0; i < s->funs.n && n < max; i++)
    if (s->funs.a[i].kind == SG_FUN_DECLARED && s->funs.a[i].nparams == 0) funs[n++] = i;
  return n;
}

/* The number of values of a sort (BV, FP, RoundingMode, Bool), 0 when too many to enumerate. */
static inline uint64_t
sort_values (const sg_store *s, sg_sort so)
{
  const sg_sortnode *n = sg_sort_node (s, so);
  switch (n->kind)
    {
    case SG_SORT_BOOL: return 2;
    case SG_SORT_RM: return 5;
    case SG_SORT_BV: return n->a <= 16 ? 1ull << n->a : 0;
    case SG_SORT_FP: return n->a + n->b <= 16 ? 1ull << (n->a + n->b) : 0;
    default: return 0;
    }
}

/* The literal of value k of sort so (k < sort_values). */
static inline sg_term
value_term (sg_store *s, sg_sort so, uint64_t k)
{
  const sg_sortnode *n = sg_sort_node (s, so);
  sg_term t = SG_NONE;
  static const sg_op rms[] = { SG_OP_RNE, SG_OP_RNA, SG_OP_RTP, SG_OP_RTN, SG_OP_RTZ };
  switch (n->kind)
    {
    case SG_SORT_BOOL: assert_int_equal (k ? sg_mk_true (s, &t) : sg_mk_false (s, &t), SG_RC_OK); break;
    case SG_SORT_RM: assert_int_equal (sg_mk_app (s, rms[k], NULL, 0, NULL, 0, &t), SG_RC_OK); break;
    case SG_SORT_BV:
    case SG_SORT_FP:
      {
        uint32_t w = n->kind == SG_SORT_BV ? n->a : n->a + n->b;
        char text[40] = "#b";
        for (uint32_t i = 0; i < w; i++) text[2 + i] = (k >> (w - 1 - i)) & 1 ? '1' : '0';
        assert_int_equal (sg_mk_literal (s, SG_OP_BIN, text, w + 2, &t), SG_RC_OK);
        if (n->kind == SG_SORT_FP)
          {
            uint32_t idx[2] = { n->a, n->b };
            assert_int_equal (sg_mk_app (s, SG_OP_TO_FP, &t, 1, idx, 2, &t), SG_RC_OK);
          }
        break;
      }
    default: fail_msg ("no values");
    }
  return t;
}

/* Decide an unsat formula by enumerating every assignment of its declared constants (at most
 * `limit` of them): true when none satisfies it (no model VALID), false when it is too big.
 * A VALID model fails the test. */
static inline bool
confirm_unsat (const char *text, uint64_t limit)
{
  tparse t;
  tp_parse (&t, text);
  if (t.rc) fail_msg ("%s\n%s", t.err, text);
  uint32_t funs[16];
  uint32_t n = declared (&t.s, funs, 16);
  uint64_t total = 1, card[16];
  for (uint32_t i = 0; i < n; i++)
    {
      card[i] = sort_values (&t.s, t.s.funs.a[funs[i]].ret);
      if (!card[i] || total * card[i] > limit) { tp_free (&t); return false; }
      total *= card[i];
    }
  /* the literals first (the store grows while the models are made) */
  sg_term *lits[16];
  for (uint32_t i = 0; i < n; i++)
    {
      lits[i] = malloc (card[i] * sizeof **lits);
      for (uint64_t k = 0; k < card[i]; k++) lits[i][k] = value_term (&t.s, t.s.funs.a[funs[i]].ret, k);
    }
  for (uint64_t a = 0; a < total; a++)
    {
      sg_model m;
      sg_model_init (&m, &t.s);
      uint64_t rest = a;
      for (uint32_t i = 0; i < n; i++)
        {
          assert_int_equal (sg_model_define_const (&m, funs[i], lits[i][rest % card[i]]), SG_RC_OK);
          rest /= card[i];
        }
      sg_mcheck v;
      assert_int_equal (sg_eval_check_model (&t.s, &t.sc, &m, &v, NULL), SG_RC_OK);
      sg_model_free (&m);
      if (v == SG_MODEL_VALID) fail_msg ("an unsat formula has a model (assignment %llu):\n%s", (unsigned long long) a, text);
    }
  for (uint32_t i = 0; i < n; i++) free (lits[i]);
  tp_free (&t);
  return true;
}

/* The same seed replays the same formulas, and mode 2 (mixed) gives both statuses. */
static inline void
tg_replay_and_mixed (const char *gen)
{
  tgen a, b;
  tg_open (&a, gen, 2, 0, 0, 0, 42);
  tg_open (&b, gen, 2, 0, 0, 0, 42);
  int sat = 0, unsat = 0;
  for (int i = 0; i < 60; i++)
    {
      const char *ta = tg_next (&a), *tb = tg_next (&b);
      assert_string_equal (ta, tb);
      sat += a.m.expected == SG_ANS_SAT;
      unsat += a.m.expected == SG_ANS_UNSAT;
    }
  assert_true (sat > 10 && unsat > 10);
  tg_close (&a);
  tg_close (&b);
}

#endif
