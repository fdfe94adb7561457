/* gen_core: what the bv and fp generators share — the pool of term pairs, identity instances
 * (templates: gen_tpl.c), the Boolean layer, the routes (sat, identities, enumeration, random),
 * the formula's text and the witness. */
#include "tech/gen/gen_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/print.h"

#define NELEM(a) (sizeof a / sizeof a[0])

static const sg_op all_rms[] = { SG_OP_RNE, SG_OP_RNA, SG_OP_RTP, SG_OP_RTN, SG_OP_RTZ };

/* ---- literals and values ---- */

sg_rc
gen_bv_lit (sg_store *s, uint32_t w, const mpz_t z, sg_term *out)
{
  char small[128];
  char *text = w + 3 <= sizeof small ? small : malloc (w + 3);
  if (!text) return SG_RC_NOMEM;
  text[0] = '#';
  text[1] = 'b';
  for (uint32_t i = 0; i < w; i++) text[2 + i] = mpz_tstbit (z, w - 1 - i) ? '1' : '0';
  sg_rc rc = sg_mk_literal (s, SG_OP_BIN, text, w + 2, out);
  if (text != small) free (text);
  return rc;
}

sg_rc
gen_fp_lit (sg_store *s, uint32_t eb, uint32_t sb, const mpz_t bits, bool named, sg_term *out)
{
  uint32_t idx[2] = { eb, sb };
  bool exp_ones = true, exp_zero = true, mant_zero = mpz_scan1 (bits, 0) >= sb - 1;
  for (uint32_t i = 0; i < eb; i++)
    {
      bool b = mpz_tstbit (bits, sb - 1 + i);
      exp_ones &= b;
      exp_zero &= !b;
    }
  bool neg = mpz_tstbit (bits, eb + sb - 1);
  if (exp_ones && !mant_zero) return sg_mk_app (s, SG_OP_FP_NAN, NULL, 0, idx, 2, out);
  if (named && exp_ones) return sg_mk_app (s, neg ? SG_OP_FP_NINF : SG_OP_FP_PINF, NULL, 0, idx, 2, out);
  if (named && exp_zero && mant_zero)
    return sg_mk_app (s, neg ? SG_OP_FP_NZERO : SG_OP_FP_PZERO, NULL, 0, idx, 2, out);
  mpz_t part;
  mpz_init (part);
  sg_term a[3];
  mpz_set_ui (part, neg);
  sg_rc rc = gen_bv_lit (s, 1, part, &a[0]);
  mpz_fdiv_q_2exp (part, bits, sb - 1);
  mpz_fdiv_r_2exp (part, part, eb);
  if (!rc) rc = gen_bv_lit (s, eb, part, &a[1]);
  mpz_fdiv_r_2exp (part, bits, sb - 1);
  if (!rc) rc = gen_bv_lit (s, sb - 1, part, &a[2]);
  mpz_clear (part);
  if (!rc) rc = sg_mk_app (s, SG_OP_FP, a, 3, NULL, 0, out);
  return rc;
}

void
gen_bits (sg_rng *rng, uint32_t w, mpz_t z)
{
  mpz_set_ui (z, 0);
  for (uint32_t i = 0; i < w; i += 32)
    {
      mpz_mul_2exp (z, z, 32);
      mpz_add_ui (z, z, (unsigned long) (sg_rng_next (rng) & 0xffffffffu));
    }
  mpz_fdiv_r_2exp (z, z, w);
}

void
gen_bv_value (sg_rng *rng, uint32_t w, mpz_t z)
{
  switch (sg_rng_below (rng, 11))
    {
    case 0: mpz_set_ui (z, 0); break;
    case 1: mpz_set_ui (z, 1); break;
    case 2: mpz_set_ui (z, 0); mpz_setbit (z, w); mpz_sub_ui (z, z, 1); break;        /* ones */
    case 3: mpz_set_ui (z, 0); mpz_setbit (z, w - 1); break;                          /* smin */
    case 4: mpz_set_ui (z, 0); mpz_setbit (z, w - 1); mpz_sub_ui (z, z, 1); break;    /* smax */
    case 5: mpz_set_ui (z, (unsigned long) sg_rng_below (rng, 8)); break;             /* small */
    case 6: /* -small */
      mpz_set_ui (z, 0);
      mpz_setbit (z, w);
      mpz_sub_ui (z, z, 1 + (unsigned long) sg_rng_below (rng, 8));
      break;
    case 7: mpz_set_ui (z, w); break;
    default: gen_bits (rng, w, z); break;
    }
  mpz_fdiv_r_2exp (z, z, w);
}

sg_rc
gen_bug (gen *g, const char *what)
{
  snprintf (g->err, sizeof g->err, "%.40s: %.400s", what, g->s.err);
  return SG_RC_SORT;
}

/* ---- the pool ---- */

sg_rc
gen_declare (gen *g, const char *prefix, sg_sort sort, sg_term value)
{
  char name[32];
  snprintf (name, sizeof name, "%s%u", prefix, g->vars.n);
  sg_atom a;
  if (!sg_atom_intern (&g->s.atoms, name, strlen (name), &a)) return SG_RC_NOMEM;
  gen_var v = { 0, SG_NONE, value };
  sg_rc rc = sg_store_add_fun (&g->s, a, SG_FUN_DECLARED, NULL, 0, sort, &v.fun);
  if (!rc) rc = sg_mk_fun_app (&g->s, v.fun, NULL, 0, &v.t);
  if (rc) return rc == SG_RC_SORT ? gen_bug (g, "declare") : rc;
  if (!SG_VEC_PUSH (g->vars, v)) return SG_RC_NOMEM;
  if (g->sat && value != SG_NONE) return sg_model_define_const (&g->m, v.fun, value);
  return SG_RC_OK;
}

sg_rc
gen_push (gen *g, sg_term l, sg_term r, bool *made)
{
  if (made) *made = false;
  gen_ent e = { l, r, sg_term_sort (&g->s, l), NULL };
  if (g->sat)
    {
      sg_rc rc = sg_eval_term (g->e, l, &e.v);
      if (rc) return rc == SG_RC_LIMIT ? SG_RC_OK : rc;
      if (sg_v_is_undet (e.v)) return SG_RC_OK;
    }
  if (!SG_VEC_PUSH (g->pool, e)) return SG_RC_NOMEM;
  if (made) *made = true;
  return SG_RC_OK;
}

/* A constant of sort: Bool and RoundingMode here, the rest from the theory. */
static sg_rc
gen_constant (gen *g, sg_sort sort, sg_term *out)
{
  sg_store *s = &g->s;
  if (sort == s->s_bool) return sg_rng_chance (g->rng, 1, 2) ? sg_mk_true (s, out) : sg_mk_false (s, out);
  if (sort == s->s_rm)
    return sg_mk_app (s, all_rms[sg_rng_below (g->rng, NELEM (all_rms))], NULL, 0, NULL, 0, out);
  return g->th->constant (g, sort, out);
}

/* Candidates: entries matching (sort, or kind when sort is SG_NONE); in unsat formulas half the
 * time only pairs that differ, and a third of the time only the variables when one matches. */
static uint32_t
candidates (gen *g, sg_sort sort, sg_sort_kind k, uint32_t *cand, uint32_t max)
{
  uint32_t n = 0;
  bool differing = g->route == GEN_IDENT && sg_rng_chance (g->rng, 1, 2);
  bool vars = sg_rng_chance (g->rng, 1, 3);
  for (int pass = 0; pass < 3 && !n; pass++)
    {
      if (pass == 1) vars = false;
      if (pass == 2) differing = false;
      uint32_t end = vars && g->vars.n < g->pool.n ? g->vars.n : g->pool.n;
      for (uint32_t i = end; i-- > 0 && n < max;)
        {
          const gen_ent *e = &g->pool.a[i];
          bool match = sort != SG_NONE ? e->sort == sort : sg_sort_kind_of (&g->s, e->sort) == k;
          if (match && (!differing || e->l != e->r)) cand[n++] = i;
        }
    }
  return n;
}

bool
gen_pick_kind (gen *g, sg_sort_kind k, uint32_t *out)
{
  uint32_t cand[64], n = candidates (g, SG_NONE, k, cand, 64);
  if (!n) return false;
  *out = cand[sg_rng_below (g->rng, n)];
  return true;
}

bool
gen_pick_bv (gen *g, uint32_t lo, uint32_t hi, uint32_t *out)
{
  uint32_t n = 0, cand[64];
  for (uint32_t i = g->pool.n; i-- > 0 && n < NELEM (cand);)
    {
      sg_sort so = g->pool.a[i].sort;
      if (sg_sort_kind_of (&g->s, so) != SG_SORT_BV) continue;
      uint32_t w = sg_sort_bv_width (&g->s, so);
      if (w >= lo && w <= hi) cand[n++] = i;
    }
  if (!n) return false;
  *out = cand[sg_rng_below (g->rng, n)];
  return true;
}

sg_rc
gen_pick (gen *g, sg_sort sort, uint32_t *out)
{
  uint32_t n = 0, cand[64];
  if (!sg_rng_chance (g->rng, 1, 6)) n = candidates (g, sort, 0, cand, 64);
  if (n)
    {
      *out = cand[sg_rng_below (g->rng, n)];
      return SG_RC_OK;
    }
  for (int attempt = 0; attempt < 8; attempt++)
    {
      sg_term c;
      sg_rc rc = gen_constant (g, sort, &c);
      if (rc) return rc == SG_RC_SORT ? gen_bug (g, "constant") : rc;
      bool made;
      if ((rc = gen_push (g, c, c, &made))) return rc;
      if (made) { *out = g->pool.n - 1; return SG_RC_OK; }
    }
  snprintf (g->err, sizeof g->err, "no constant of a sort could be evaluated");
  return SG_RC_SORT;
}

sg_rc
gen_pick_other (gen *g, sg_sort sort, uint32_t avoid, uint32_t *out)
{
  sg_rc rc = SG_RC_OK;
  for (int attempt = 0; attempt < 3 && !rc; attempt++)
    if (!(rc = gen_pick (g, sort, out)) && *out != avoid) break;
  return rc;
}

sg_rc
gen_apply (gen *g, sg_op op, const uint32_t *idx, uint32_t nidx, const uint32_t *args,
           uint32_t nargs, bool *made)
{
  sg_term la[8], ra[8];
  if (nargs > 8) return SG_RC_USAGE;
  for (uint32_t i = 0; i < nargs; i++)
    {
      la[i] = g->pool.a[args[i]].l;
      ra[i] = g->pool.a[args[i]].r;
    }
  sg_term l, r;
  sg_rc rc = sg_mk_app (&g->s, op, la, nargs, idx, nidx, &l);
  if (!rc) rc = sg_mk_app (&g->s, op, ra, nargs, idx, nidx, &r);
  if (rc) return rc == SG_RC_SORT ? gen_bug (g, sg_op_name (op)) : rc;
  return gen_push (g, l, r, made);
}

/* ---- identities (unsat) ---- */

/* Instantiate a random identity of the theory on pool entries: pushes (L, R) or (R, L). */
static sg_rc
gen_identity (gen *g)
{
  sg_gen_theory th = g->th->id;
  size_t n = sg_gen_identity_count (th);
  const sg_gen_identity *id = NULL;
  for (int attempt = 0; attempt < 32 && !id; attempt++)
    {
      const sg_gen_identity *c = sg_gen_identity_at (th, sg_rng_below (g->rng, n));
      if (th == SG_GEN_BV && c->minw > g->w) continue;
      id = c;
    }
  if (!id) return SG_RC_OK;
  uint32_t vars = sg_gen_template_vars (id->lhs) | sg_gen_template_vars (id->rhs);
  sg_gen_env le = { .w = g->w, .eb = g->eb, .sb = g->sb, .x = SG_NONE, .y = SG_NONE, .z = SG_NONE,
                    .r = SG_NONE, .q = SG_NONE, .u = SG_NONE };
  sg_gen_env_draw (&le, g->rng);
  sg_gen_env re = le;
  sg_sort rm = g->s.s_rm, ubv = SG_NONE;
  if (vars & 32)
    {
      sg_rc rc = sg_sort_bv (&g->s, g->eb + g->sb, &ubv);
      if (rc) return rc;
    }
  sg_term *lslot[] = { &le.x, &le.y, &le.z, &le.r, &le.q, &le.u };
  sg_term *rslot[] = { &re.x, &re.y, &re.z, &re.r, &re.q, &re.u };
  for (int i = 0; i < 6; i++)
    if (vars & (1u << i))
      {
        uint32_t k;
        sg_rc rc = gen_pick (g, i < 3 ? g->base : i < 5 ? rm : ubv, &k);
        if (rc) return rc;
        *lslot[i] = g->pool.a[k].l;
        *rslot[i] = g->pool.a[k].r;
      }
  sg_term l, r;
  sg_rc rc = sg_gen_template (&g->s, id->lhs, &le, &l, g->err, sizeof g->err);
  if (!rc) rc = sg_gen_template (&g->s, id->rhs, &re, &r, g->err, sizeof g->err);
  if (rc) return SG_RC_SORT;
  if (sg_term_sort (&g->s, l) != sg_term_sort (&g->s, r))
    {
      snprintf (g->err, sizeof g->err, "identity %s: the sides have different sorts", id->name);
      return SG_RC_SORT;
    }
  g->nid++;
  sg_buf_printf (&g->ids, "%s%s", g->ids.len ? " " : "", id->name);
  return sg_rng_chance (g->rng, 1, 2) ? gen_push (g, l, r, NULL) : gen_push (g, r, l, NULL);
}

/* ---- the Boolean layer ---- */

static sg_rc
gen_connective (gen *g)
{
  static const sg_op ops[] = { SG_OP_NOT, SG_OP_AND, SG_OP_AND, SG_OP_OR, SG_OP_OR, SG_OP_XOR,
                               SG_OP_IMPLIES, SG_OP_EQ, SG_OP_ITE };
  sg_op op = ops[sg_rng_below (g->rng, NELEM (ops))];
  uint32_t n = op == SG_OP_NOT ? 1 : op == SG_OP_ITE ? 3
               : (op == SG_OP_AND || op == SG_OP_OR) ? 2 + (uint32_t) sg_rng_below (g->rng, 2) : 2;
  uint32_t args[3];
  for (uint32_t i = 0; i < n; i++)
    {
      if (!gen_pick_kind (g, SG_SORT_BOOL, &args[i]))
        {
          sg_rc rc = gen_pick (g, g->s.s_bool, &args[i]);
          if (rc) return rc;
        }
    }
  return gen_apply (g, op, NULL, 0, args, n, NULL);
}

/* A pin: (= t LITERAL) with t's value (sat formulas). */
static sg_rc
gen_pin (gen *g)
{
  uint32_t k = (uint32_t) sg_rng_below (g->rng, g->pool.n);
  const gen_ent *e = &g->pool.a[k];
  if (e->sort == g->s.s_bool || !e->v) return SG_RC_OK;
  sg_term lit;
  sg_rc rc = g->th->literal (g, e->v, &lit);
  if (rc || lit == SG_NONE) return rc;
  sg_term a[2] = { e->l, lit }, t;
  if (sg_rng_chance (g->rng, 1, 2)) { a[0] = lit; a[1] = e->l; }
  if ((rc = sg_mk_app (&g->s, SG_OP_EQ, a, 2, NULL, 0, &t))) return rc == SG_RC_SORT ? gen_bug (g, "pin") : rc;
  return gen_push (g, t, t, NULL);
}

/* Assert term t, or (not t) when neg. */
static sg_rc
gen_assert (gen *g, sg_term t, bool neg)
{
  if (neg)
    {
      sg_rc rc = sg_mk_app (&g->s, SG_OP_NOT, &t, 1, NULL, 0, &t);
      if (rc) return rc == SG_RC_SORT ? gen_bug (g, "not") : rc;
    }
  return SG_VEC_PUSH (g->asserts, t) ? SG_RC_OK : SG_RC_NOMEM;
}

/* ---- one formula ---- */

static void
gen_drop (gen *g)
{
  if (!g->live) return;
  sg_eval_free (g->e);
  g->e = NULL;
  sg_model_free (&g->m);
  sg_store_free (&g->s);
  g->live = false;
}

static sg_rc
gen_sat_asserts (gen *g)
{
  /* the last Bool entry, and up to three more at random (each as it evaluates: true, or its
     negation) */
  uint32_t nb = 0;
  for (uint32_t i = g->pool.n; i-- > 0;)
    if (g->pool.a[i].sort == g->s.s_bool)
      {
        const gen_ent *e = &g->pool.a[i];
        if (nb == 0 || sg_rng_chance (g->rng, 1, 4))
          {
            sg_rc rc = gen_assert (g, e->l, !e->v->u.b);
            if (rc) return rc;
            if (++nb >= 4) break;
          }
      }
  return SG_RC_OK;
}

static sg_rc
gen_unsat_asserts (gen *g)
{
  sg_store *s = &g->s;
  for (int attempt = 0; attempt < 8; attempt++)
    {
      /* the latest differing Bool pair; else the latest differing pair of another sort */
      uint32_t b = SG_NONE, o = SG_NONE;
      for (uint32_t i = g->pool.n; i-- > 0 && b == SG_NONE;)
        if (g->pool.a[i].l != g->pool.a[i].r)
          {
            if (g->pool.a[i].sort == s->s_bool) b = i;
            else if (o == SG_NONE) o = i;
          }
      sg_rc rc = SG_RC_OK;
      if (b != SG_NONE)
        {
          const gen_ent e = g->pool.a[b];
          switch (sg_rng_below (g->rng, 4))
            {
            case 0: /* B and not A */
              if (!(rc = gen_assert (g, e.l, false))) rc = gen_assert (g, e.r, true);
              break;
            case 1:
              if (!(rc = gen_assert (g, e.r, true))) rc = gen_assert (g, e.l, false);
              break;
            default:
              {
                sg_term a[2] = { e.l, e.r }, t;
                sg_op op = sg_rng_chance (g->rng, 1, 2) ? SG_OP_XOR : SG_OP_DISTINCT;
                if ((rc = sg_mk_app (s, op, a, 2, NULL, 0, &t))) return gen_bug (g, "xor");
                rc = gen_assert (g, t, false);
              }
            }
          return rc;
        }
      if (o != SG_NONE)
        {
          const gen_ent e = g->pool.a[o];
          sg_term a[2] = { e.l, e.r }, t;
          bool eq = sg_rng_chance (g->rng, 1, 2);
          if ((rc = sg_mk_app (s, eq ? SG_OP_EQ : SG_OP_DISTINCT, a, 2, NULL, 0, &t))) return gen_bug (g, "distinct");
          return gen_assert (g, t, eq);
        }
      if ((rc = gen_identity (g))) return rc;
    }
  snprintf (g->err, sizeof g->err, "no identity could be instantiated");
  return SG_RC_SORT;
}

/* The formula's logic: QF_BV, QF_FP, or QF_BVFP when an FP formula has BV terms. */
static const char *
gen_logic (const gen *g)
{
  if (g->th->id == SG_GEN_BV) return "QF_BV";
  for (uint32_t i = 0; i < g->s.sorts.n; i++)
    if (g->s.sorts.a[i].kind == SG_SORT_BV) return "QF_BVFP";
  return "QF_FP";
}

static sg_rc
gen_print (gen *g, sg_buf *out)
{
  sg_store *s = &g->s;
  /* set-logic first and declare-fun: boolector 1.5 (SMT-LIB 2.0) reads nothing else */
  sg_buf_printf (out, "(set-logic %s)\n(set-info :smt-lib-version 2.6)\n", gen_logic (g));
  if (g->route != GEN_RANDOM) sg_buf_printf (out, "(set-info :status %s)\n", g->sat ? "sat" : "unsat");
  for (uint32_t i = 0; i < g->vars.n; i++)
    {
      const sg_fun *f = &s->funs.a[g->vars.a[i].fun];
      sg_buf_adds (out, "(declare-fun ");
      sg_print_symbol (s, f->name, out);
      sg_buf_adds (out, " () ");
      sg_sort_print (s, f->ret, out);
      sg_buf_adds (out, ")\n");
    }
  for (uint32_t i = 0; i < g->asserts.n; i++)
    {
      sg_buf_adds (out, "(assert ");
      sg_print_term (s, g->asserts.a[i], NULL, out);
      sg_buf_adds (out, ")\n");
    }
  sg_buf_adds (out, "(check-sat)\n");
  if (g->sat)
    for (uint32_t i = 0; i < g->vars.n; i++)
      {
        const sg_fun *f = &s->funs.a[g->vars.a[i].fun];
        sg_buf_adds (out, ";; witness: (define-fun ");
        sg_print_symbol (s, f->name, out);
        sg_buf_adds (out, " () ");
        sg_sort_print (s, f->ret, out);
        sg_buf_addc (out, ' ');
        sg_print_term (s, g->vars.a[i].value, NULL, out);
        sg_buf_adds (out, ")\n");
      }
  sg_buf_adds (out, "(exit)\n");
  return sg_buf_ok (out) ? SG_RC_OK : SG_RC_NOMEM;
}

/* Start a formula: a fresh store, the format and the variables (with their values in sat
 * formulas), the variables in the pool. */
static sg_rc
gen_start (gen *g)
{
  gen_drop (g);
  sg_rc rc = sg_store_init (&g->s);
  if (rc) return rc;
  g->live = true;
  sg_model_init (&g->m, &g->s);
  SG_VEC_CLEAR (g->pool);
  SG_VEC_CLEAR (g->vars);
  SG_VEC_CLEAR (g->asserts);
  sg_buf_reset (&g->ids);
  g->nid = 0;
  g->err[0] = 0;
  if ((rc = g->th->setup (g))) return rc;
  if (g->sat && !(g->e = sg_eval_new (&g->s, &g->m, 1000000))) return SG_RC_NOMEM;
  for (uint32_t i = 0; i < g->vars.n; i++)
    if ((rc = gen_push (g, g->vars.a[i].t, g->vars.a[i].t, NULL))) return rc;
  return SG_RC_OK;
}

/* Grow terms, atoms and connectives (identities on the identity route, pins on the sat one). */
static sg_rc
gen_body (gen *g, uint32_t natoms)
{
  bool ident = g->route == GEN_IDENT;
  uint32_t nterms = 3 + (uint32_t) sg_rng_below (g->rng, 20);
  uint32_t nconn = (uint32_t) sg_rng_below (g->rng, 2 * natoms + 1);
  uint32_t nids = ident ? 1 + (uint32_t) sg_rng_below (g->rng, 3) : 0;
  sg_rc rc = ident ? gen_identity (g) : SG_RC_OK;
  for (uint32_t i = 0; i < nterms && !rc; i++)
    {
      if (ident && g->nid < nids && sg_rng_chance (g->rng, 1, 4)) rc = gen_identity (g);
      else rc = g->th->grow (g);
    }
  for (uint32_t i = 0; i < natoms && !rc; i++)
    {
      if (ident && g->nid < nids && sg_rng_chance (g->rng, 1, 4)) rc = gen_identity (g);
      else if (g->sat && sg_rng_chance (g->rng, 1, 4)) rc = gen_pin (g);
      else rc = g->th->atom (g);
    }
  for (uint32_t i = 0; i < nconn && !rc; i++) rc = gen_connective (g);
  return rc;
}

/* Random assertions (the enumeration and random routes): up to `max` Bool entries, the latest
 * first, each negated at random. */
static sg_rc
gen_random_asserts (gen *g, uint32_t max)
{
  sg_rc rc = SG_RC_OK;
  for (int attempt = 0; attempt < 4 && !g->asserts.n && !rc; attempt++)
    {
      for (uint32_t i = g->pool.n; i-- > 0 && g->asserts.n < max && !rc;)
        if (g->pool.a[i].sort == g->s.s_bool && (!g->asserts.n || sg_rng_chance (g->rng, 1, 2)))
          rc = gen_assert (g, g->pool.a[i].l, sg_rng_chance (g->rng, 1, 2));
      if (!g->asserts.n && !rc) rc = g->th->atom (g);
    }
  if (!rc && !g->asserts.n)
    {
      snprintf (g->err, sizeof g->err, "no atom could be built");
      return SG_RC_SORT;
    }
  return rc;
}

/* The number of values of sort so (Bool, RoundingMode, BV, FP), 0 when over `limit`. */
static uint64_t
gen_card (const sg_store *s, sg_sort so, uint64_t limit)
{
  const sg_sortnode *n = sg_sort_node (s, so);
  uint32_t bits = n->kind == SG_SORT_BV ? n->a : n->kind == SG_SORT_FP ? n->a + n->b : 0;
  if (n->kind == SG_SORT_RM) return 5 <= limit ? 5 : 0;
  if (!bits || bits > 20 || (1ull << bits) > limit) return 0;
  return 1ull << bits;
}

enum { ENUM_LIMIT = 1024 }; /* assignments the enumeration route tries at most */

/* Can every assignment of the variables be enumerated? */
static bool
gen_tiny (const gen *g)
{
  uint64_t total = 1;
  for (uint32_t i = 0; i < g->vars.n; i++)
    {
      uint64_t c = gen_card (&g->s, g->s.funs.a[g->vars.a[i].fun].ret, ENUM_LIMIT);
      if (!c || total * c > ENUM_LIMIT) return false;
      total *= c;
    }
  return true;
}

/* Evaluate the assertions under every assignment: *sat true at the first that satisfies all
 * (or leaves one undetermined: not a proof); *n the assignments tried. */
static sg_rc
gen_enumerate (gen *g, bool *sat, uint64_t *n)
{
  sg_store *s = &g->s;
  uint32_t nv = g->vars.n;
  uint64_t card[16], total = 1;
  sg_term *lits[16];
  sg_rc rc = SG_RC_OK;
  *sat = false;
  *n = 0;
  if (nv > 16) return SG_RC_USAGE;
  for (uint32_t i = 0; i < nv; i++) lits[i] = NULL;
  static const sg_op rms[] = { SG_OP_RNE, SG_OP_RNA, SG_OP_RTP, SG_OP_RTN, SG_OP_RTZ };
  for (uint32_t i = 0; i < nv && !rc; i++)
    {
      sg_sort so = s->funs.a[g->vars.a[i].fun].ret;
      const sg_sortnode *sn = sg_sort_node (s, so);
      card[i] = gen_card (s, so, ENUM_LIMIT);
      total *= card[i];
      if (!(lits[i] = malloc (card[i] * sizeof **lits))) { rc = SG_RC_NOMEM; break; }
      for (uint64_t k = 0; k < card[i] && !rc; k++)
        {
          mpz_set_ui (g->z, (unsigned long) k);
          if (sn->kind == SG_SORT_RM) rc = sg_mk_app (s, rms[k], NULL, 0, NULL, 0, &lits[i][k]);
          else if (sn->kind == SG_SORT_BV) rc = gen_bv_lit (s, sn->a, g->z, &lits[i][k]);
          else rc = gen_fp_lit (s, sn->a, sn->b, g->z, false, &lits[i][k]);
        }
    }
  for (uint64_t a = 0; a < total && !rc && !*sat; a++)
    {
      sg_model m;
      sg_model_init (&m, s);
      uint64_t rest = a;
      for (uint32_t i = 0; i < nv && !rc; i++)
        {
          rc = sg_model_define_const (&m, g->vars.a[i].fun, lits[i][rest % card[i]]);
          rest /= card[i];
        }
      sg_eval *e = rc ? NULL : sg_eval_new (s, &m, 1000000);
      if (!rc && !e) rc = SG_RC_NOMEM;
      bool all = true;
      for (uint32_t k = 0; k < g->asserts.n && all && !rc; k++)
        {
          sg_val v;
          rc = sg_eval_term (e, g->asserts.a[k], &v);
          if (rc == SG_RC_LIMIT) { rc = SG_RC_OK; v = NULL; }
          all = !rc && (sg_v_is_undet (v) || v->u.b);
        }
      *sat = all;
      (*n)++;
      sg_eval_free (e);
      sg_model_free (&m);
    }
  for (uint32_t i = 0; i < nv; i++) free (lits[i]);
  return rc;
}

static sg_rc
gen_formula (gen *g, sg_tech_mutant *out)
{
  sg_rc rc = SG_RC_OK;
  uint64_t tried = 0;
  if (g->route == GEN_ENUM)
    {
      /* random formulas over tiny sorts until one has no model among all assignments */
      bool done = false;
      for (int attempt = 0; attempt < 8 && !done && !rc; attempt++)
        {
          if ((rc = gen_start (g))) break;
          if (!gen_tiny (g)) break;
          uint32_t natoms = 3 + (uint32_t) sg_rng_below (g->rng, 6);
          if ((rc = gen_body (g, natoms))) break;
          if ((rc = gen_random_asserts (g, 2 + (uint32_t) sg_rng_below (g->rng, 4)))) break;
          bool sat;
          if ((rc = gen_enumerate (g, &sat, &tried))) break;
          done = !sat;
        }
      if (rc) return rc;
      if (!done) g->route = GEN_IDENT; /* nothing unsat came up: an identity formula instead */
    }
  if (g->route != GEN_ENUM)
    {
      if ((rc = gen_start (g))) return rc;
      if ((rc = gen_body (g, 1 + (uint32_t) sg_rng_below (g->rng, 6)))) return rc;
      if (g->route == GEN_SAT) rc = gen_sat_asserts (g);
      else if (g->route == GEN_IDENT) rc = gen_unsat_asserts (g);
      else rc = gen_random_asserts (g, 1 + (uint32_t) sg_rng_below (g->rng, 4));
      if (rc) return rc;
    }
  if (g->route == GEN_SAT && !g->asserts.n)
    {
      /* no Bool entry: one atom, as it evaluates */
      for (int attempt = 0; attempt < 8 && !g->asserts.n && !rc; attempt++)
        if (!(rc = g->th->atom (g))) rc = gen_sat_asserts (g);
      if (!rc && !g->asserts.n) rc = gen_pin (g);
      if (!rc && !g->asserts.n) rc = gen_sat_asserts (g);
      if (rc) return rc;
      if (!g->asserts.n)
        {
          snprintf (g->err, sizeof g->err, "no atom could be evaluated");
          return SG_RC_SORT;
        }
    }
  sg_buf_reset (&out->text);
  sg_buf_reset (&out->desc);
  if ((rc = gen_print (g, &out->text))) return rc;
  static const char *const routes[] = { "sat", "unsat (identities)", "unsat (enumeration)", "random" };
  out->expected = g->route == GEN_SAT ? SG_ANS_SAT : g->route == GEN_RANDOM ? SG_ANS_NONE : SG_ANS_UNSAT;
  if (g->th->id == SG_GEN_BV)
    sg_buf_printf (&out->desc, "%s %s: width %u, %u variables, %u terms, %u asserts", g->th->name,
                   routes[g->route], g->w, g->vars.n, g->pool.n, g->asserts.n);
  else
    sg_buf_printf (&out->desc, "%s %s: format %u %u, %u variables, %u terms, %u asserts", g->th->name,
                   routes[g->route], g->eb, g->sb, g->vars.n, g->pool.n, g->asserts.n);
  if (g->route == GEN_IDENT) sg_buf_printf (&out->desc, "; identities: %s", sg_buf_cstr (&g->ids));
  if (g->route == GEN_ENUM)
    sg_buf_printf (&out->desc, "; no model among all %llu assignments", (unsigned long long) tried);
  return sg_buf_ok (&out->desc) ? SG_RC_OK : SG_RC_NOMEM;
}

/* ---- the technique ---- */

static sg_rc
gen_init (const gen_theory *th, const sg_tech_cfg *cfg, void **state)
{
  gen *g = calloc (1, sizeof *g);
  if (!g) return SG_RC_NOMEM;
  g->th = th;
  g->cfg = *cfg;
  sg_buf_init (&g->ids);
  mpz_init (g->z);
  mpz_init (g->z2);
  *state = g;
  return SG_RC_OK;
}

sg_rc
sg_gen_bv_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d)
{
  (void) sched, (void) d;
  return gen_init (&sg_gen_bv_theory, cfg, state);
}

sg_rc
sg_gen_fp_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d)
{
  (void) sched;
  if (cfg->gen.format[0] || cfg->gen.format[1])
    if (cfg->gen.format[0] < 2 || cfg->gen.format[1] < 2)
      return sg_diag_set (d, SG_RC_USAGE, 0, 0, "--format: EB and SB must be at least 2");
  return gen_init (&sg_gen_fp_theory, cfg, state);
}

sg_rc
sg_gen_begin (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d)
{
  (void) seeds;
  (void) rng;
  (void) d;
  gen *g = state;
  g->step = 0;
  return SG_RC_OK;
}

sg_rc
sg_gen_next (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d)
{
  gen *g = state;
  if (g->cfg.chain && g->step >= g->cfg.chain) return SG_RC_EOF;
  g->rng = rng;
  sg_tech_mode mode = g->cfg.mode == SG_TECH_MIXED ? (sg_tech_mode) sg_rng_below (rng, 2) : g->cfg.mode;
  switch (mode)
    {
    case SG_TECH_SAT: g->route = GEN_SAT; break;
    case SG_TECH_UNSAT: g->route = sg_rng_chance (rng, 1, 5) ? GEN_ENUM : GEN_IDENT; break;
    default: g->route = GEN_RANDOM; break;
    }
  g->sat = g->route == GEN_SAT;
  sg_rc rc = gen_formula (g, out);
  gen_drop (g);
  if (rc == SG_RC_SORT)
    return sg_diag_set (d, SG_RC_SORT, 0, 0, "generator %s (a bug of smtgrind): %s", g->th->name, g->err);
  if (rc) return rc;
  g->step++;
  out->step = g->step;
  return SG_RC_OK;
}

void
sg_gen_free (void *state)
{
  gen *g = state;
  if (!g) return;
  gen_drop (g);
  SG_VEC_FREE (g->pool);
  SG_VEC_FREE (g->vars);
  SG_VEC_FREE (g->asserts);
  sg_buf_free (&g->ids);
  mpz_clear (g->z);
  mpz_clear (g->z2);
  free (g);
}

/* ---- the witness ---- */

bool
sg_gen_witness (const char *text, size_t len, sg_buf *model)
{
  static const char mark[] = ";; witness: ";
  size_t m = sizeof mark - 1;
  bool any = false;
  for (size_t i = 0; i < len;)
    {
      size_t e = i;
      while (e < len && text[e] != '\n') e++;
      if (e - i > m && !memcmp (text + i, mark, m))
        {
          if (!any) sg_buf_adds (model, "(model\n");
          any = true;
          sg_buf_add (model, text + i + m, e - i - m);
          sg_buf_addc (model, '\n');
        }
      i = e + 1;
    }
  if (any) sg_buf_adds (model, ")\n");
  return any;
}
