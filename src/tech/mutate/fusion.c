/* fusion: Semantic Fusion — rename apart, the logic of a mutant, triplets, sat/unsat/mixed
 * fusion (TECHNIQUES.md §2). The function table (loader, validator, instantiation) is in
 * fusion_table.c. */
#include "tech/mutate/fusion.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/occ.h"
#include "front/parse.h"
#include "front/print.h"
#include "tech/mutate/fusion_int.h"

#define FUSION_MAX_OCCS (1u << 20)

/* ---- rename apart ----------------------------------------------------------------------- */

void
sg_fuse_marks_get (const sg_store *s, sg_fuse_marks *m)
{
  m->atoms = sg_atom_count (&s->atoms);
  m->funs = s->funs.n;
  m->sortdecls = s->sortdecls.n;
  m->dts = s->dts.n;
  m->conss = s->conss.n;
  m->sels = s->sels.n;
}

static sg_rc
fresh_name (sg_store *s, sg_atom *name)
{
  char pre[120];
  snprintf (pre, sizeof pre, "%.100s_", sg_store_text (s, *name));
  return sg_store_fresh_atom (s, pre, name);
}

sg_rc
sg_fuse_rename_apart (sg_store *s, const sg_fuse_marks *m, uint32_t *renamed)
{
  uint32_t na = sg_atom_count (&s->atoms);
  uint8_t *bound = calloc (na ? na : 1, 1);
  if (!bound) return SG_RC_NOMEM;
  for (uint32_t t = 0; t < s->nodes.n; t++)
    if (s->nodes.a[t].op == SG_OP_BVAR && s->nodes.a[t].aux < na) bound[s->nodes.a[t].aux] = 1;
  sg_rc rc = SG_RC_OK;
  uint32_t cnt = 0;
  for (uint32_t i = 0; i < s->funs.n && !rc; i++)
    {
      sg_fun *f = &s->funs.a[i];
      if (!((i >= m->funs && f->name < m->atoms) || (f->name < na && bound[f->name]))) continue;
      sg_atom old = f->name, nw = old;
      rc = fresh_name (s, &nw);
      if (rc) break;
      s->funs.a[i].name = nw, cnt++;
      if (s->funs.a[i].kind == SG_FUN_NAMED)
        for (uint32_t k = 0; k < s->annots.n; k++)
          if (s->annots.a[k].named == i)
            for (uint32_t j = 0; j < s->annots.a[k].nattrs; j++)
              {
                sg_attr *at = &s->attrs.a[s->annots.a[k].attrs + j];
                if (at->kind == SG_ATTR_NAMED && at->value == old) at->value = nw;
              }
    }
#define RENAME_FROM(vec, mark)                                                                  \
  for (uint32_t i = (mark); i < s->vec.n && !rc; i++)                                          \
    if (s->vec.a[i].name < m->atoms)                                                           \
      {                                                                                        \
        sg_atom nw = s->vec.a[i].name;                                                         \
        rc = fresh_name (s, &nw);                                                              \
        if (!rc) s->vec.a[i].name = nw, cnt++;                                                 \
      }
  RENAME_FROM (sortdecls, m->sortdecls)
  RENAME_FROM (dts, m->dts)
  RENAME_FROM (conss, m->conss)
  RENAME_FROM (sels, m->sels)
#undef RENAME_FROM
  free (bound);
  if (renamed) *renamed = cnt;
  return rc;
}

/* ---- logic ------------------------------------------------------------------------------ */

enum {
  LG_QF = 1, LG_A = 2, LG_UF = 4, LG_BV = 8, LG_FP = 16, LG_DT = 32, LG_S = 64, LG_N = 128,
  LG_I = 256, LG_R = 512, LG_ALL = 1024,
};

static bool
eat (const char **p, const char *w)
{
  size_t n = strlen (w);
  if (strncmp (*p, w, n)) return false;
  *p += n;
  return true;
}

/* Feature bits of a logic name; LG_ALL when it is absent or not a standard combination. */
static uint32_t
logic_feats (const char *l)
{
  if (!l) return LG_ALL;
  uint32_t f = 0;
  if (eat (&l, "QF_")) f |= LG_QF;
  if (eat (&l, "AX")) f |= LG_A;
  else if (eat (&l, "A")) f |= LG_A;
  if (eat (&l, "UF")) f |= LG_UF;
  if (eat (&l, "BV")) f |= LG_BV;
  if (eat (&l, "FP")) f |= LG_FP;
  if (eat (&l, "DT")) f |= LG_DT;
  if (eat (&l, "S")) f |= LG_S | LG_I;
  if (eat (&l, "IDL")) f |= LG_I;
  else if (eat (&l, "RDL")) f |= LG_R;
  else
    {
      bool lin = eat (&l, "L"), non = !lin && eat (&l, "N");
      if (lin || non)
        {
          if (non) f |= LG_N;
          if (eat (&l, "IRA")) f |= LG_I | LG_R;
          else if (eat (&l, "IA")) f |= LG_I;
          else if (eat (&l, "RA")) f |= LG_R;
          else return LG_ALL;
        }
    }
  if (*l) return LG_ALL;
  return f;
}

static void
logic_name (uint32_t f, char *out, size_t size)
{
  if ((f & LG_ALL) || ((f & (LG_FP | LG_DT)) && (f & LG_S)))
    {
      snprintf (out, size, "ALL");
      return;
    }
  snprintf (out, size, "%s%s%s%s%s%s%s%s%s", (f & LG_QF) ? "QF_" : "", (f & LG_A) ? "A" : "",
            (f & LG_UF) ? "UF" : "", (f & LG_BV) ? "BV" : "", (f & LG_FP) ? "FP" : "",
            (f & LG_DT) ? "DT" : "", (f & LG_S) ? "S" : "",
            (f & (LG_I | LG_R)) ? ((f & LG_N) ? "N" : "L") : "",
            (f & LG_I) && (f & LG_R) ? "IRA" : (f & LG_I) ? "IA" : (f & LG_R) ? "RA" : "");
  /* A bare "QF_" or "" (pure UF has no letters without UF): fall back to ALL. */
  if (!strcmp (out, "QF_") || !out[0]) snprintf (out, size, "ALL");
  /* QF_A alone is written QF_AX. */
  if (!strcmp (out, "QF_A")) snprintf (out, size, "QF_AX");
}

/* ---- fusion ----------------------------------------------------------------------------- */

/* One query, no incremental commands. */
static bool
eligible (const sg_script *sc)
{
  uint32_t cs = 0;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    switch (sc->cmds.a[i].kind)
      {
      case SG_WK_CHECK_SAT: cs++; break;
      case SG_WK_PUSH: case SG_WK_POP: case SG_WK_RESET: case SG_WK_RESET_ASSERTIONS:
      case SG_WK_CHECK_SAT_ASSUMING: return false;
      default: break;
      }
  return cs == 1;
}

static bool
is_decl (uint16_t k)
{
  switch (k)
    {
    case SG_WK_DECLARE_CONST: case SG_WK_DECLARE_FUN: case SG_WK_DECLARE_SORT:
    case SG_WK_DEFINE_SORT: case SG_WK_DEFINE_FUN: case SG_WK_DEFINE_FUN_REC:
    case SG_WK_DEFINE_FUNS_REC: case SG_WK_DECLARE_DATATYPE: case SG_WK_DECLARE_DATATYPES:
    case SG_WK_DEFINE_CONST: return true;
    default: return false;
    }
}

/* Does the store hold a declared (not defined) constant or function of sort RegLan? */
static bool
declares_reglan (const sg_store *s)
{
  for (uint32_t f = 0; f < s->funs.n; f++)
    if (s->funs.a[f].ret == s->s_reglan && s->funs.a[f].body == SG_NONE
        && s->funs.a[f].kind == SG_FUN_DECLARED)
      return true;
  return false;
}

/* The assert terms before the first check-sat. */
static sg_rc
assert_terms (const sg_script *sc, sg_u32vec *out)
{
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      if (c->kind == SG_WK_CHECK_SAT) break;
      if (c->kind == SG_WK_ASSERT && !(c->flags & SG_CMD_RAW))
        if (!SG_VEC_PUSH (*out, sg_cmd_items (sc, c)[0])) return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

static bool
fn_fits_sort (const sg_store *s, const sg_fusion_fn *fn, sg_sort so)
{
  return fn->kind == sg_sort_kind_of (s, so);
}

static bool
sort_supported (const sg_fusion_table *t, const sg_store *s, sg_sort so, bool no_partial)
{
  for (uint32_t i = 0; i < t->fns.n; i++)
    if (fn_fits_sort (s, &t->fns.a[i], so) && !(no_partial && (t->fns.a[i].feats & SG_FF_PARTIAL)))
      return true;
  return false;
}

/* Replace a uniformly random number k of the free occurrences of v in the asserts of sc
 * (before its check-sat) by e, a random k-subset. */
static sg_rc
replace_some (sg_script *sc, sg_rng *r, sg_term v, sg_term e, uint32_t *count)
{
  sg_store *s = sc->store;
  sg_occs o = { 0 };
  sg_u32vec pos = { 0 };
  uint32_t lastcs = UINT32_MAX;
  for (uint32_t i = 0; i < sc->cmds.n && lastcs == UINT32_MAX; i++)
    if (sc->cmds.a[i].kind == SG_WK_CHECK_SAT) lastcs = i;
  sg_rc rc = sg_occ_collect (sc, FUSION_MAX_OCCS, &o);
  for (uint32_t i = 0; i < o.a.n && !rc; i++)
    {
      const sg_occ *oc = &o.a.a[i];
      if (oc->term != v || (oc->flags & (SG_OCC_BINDER | SG_OCC_PATTERN))) continue;
      if (sc->cmds.a[oc->cmd].kind != SG_WK_ASSERT || oc->cmd > lastcs) continue;
      if (!SG_VEC_PUSH (pos, i)) rc = SG_RC_NOMEM;
    }
  uint32_t k = rc ? 0 : (uint32_t) sg_rng_below (r, (uint64_t) pos.n + 1);
  /* partial Fisher-Yates: the first k entries are a random subset */
  for (uint32_t i = 0; i < k; i++)
    {
      uint32_t j = i + (uint32_t) sg_rng_below (r, pos.n - i), tmp = pos.a[i];
      pos.a[i] = pos.a[j], pos.a[j] = tmp;
    }
  /* the k positions where e fits (its free variables bound there), replaced in one pass */
  uint8_t *mark = rc ? NULL : calloc ((size_t) o.a.n + 1, 1);
  if (!rc && !mark) rc = SG_RC_NOMEM;
  uint32_t marked = 0;
  for (uint32_t i = 0; i < k && !rc; i++)
    {
      bool fits = false;
      rc = sg_occ_fits (s, &o, pos.a[i], e, &fits);
      if (!rc && fits) mark[pos.a[i]] = 1, marked++;
    }
  if (!rc && marked) rc = sg_occ_replace_marked (sc, &o, mark, e);
  if (!rc) *count += marked;
  free (mark);
  sg_occs_free (&o);
  SG_VEC_FREE (pos);
  return rc;
}

static sg_rc
conj_terms (sg_store *s, const sg_u32vec *ts, sg_term *out)
{
  if (ts->n == 0) return sg_mk_true (s, out);
  if (ts->n == 1) return *out = ts->a[0], SG_RC_OK;
  return sg_mk_app (s, SG_OP_AND, ts->a, ts->n, NULL, 0, out);
}

static bool
store_divides (const sg_store *s)
{
  for (uint32_t t = 0; t < s->nodes.n; t++)
    {
      uint16_t op = s->nodes.a[t].op;
      if (op == SG_OP_IDIV || op == SG_OP_MOD || op == SG_OP_RDIV) return true;
    }
  return false;
}

typedef struct triplet {
  sg_term x, y, z;
  sg_term e[3]; /* f(x,y), r_x(y,z), r_y(x,z) */
} triplet;

typedef SG_VEC (triplet) triplet_vec;

/* The mutant's set-logic (a placeholder, set at the end) and declarations: seed 1's, then
 * seed 2's. */
static sg_rc
fuse_decls (sg_store *st, const sg_script *a, const sg_script *b, sg_script *m)
{
  sg_atom lg;
  sg_rc rc = sg_store_fresh_atom (st, "ALL_", &lg); /* placeholder, set below */
  if (!rc) rc = sg_script_add (m, SG_WK_SET_LOGIC, lg, NULL, 0, 0, 0);
  for (int w = 0; w < 2 && !rc; w++)
    {
      const sg_script *sc = w ? b : a;
      for (uint32_t i = 0; i < sc->cmds.n && !rc; i++)
        {
          const sg_cmd *c = &sc->cmds.a[i];
          /* define-sort is left out: every use is printed expanded, and both seeds may
           * define the same alias name (z3: "sort already defined"). */
          if (is_decl (c->kind) && c->kind != SG_WK_DEFINE_SORT && !(c->flags & SG_CMD_RAW))
            rc = sg_script_add (m, c->kind, c->aux, sg_cmd_items (sc, c), c->n, 0, 0);
        }
    }
  return rc;
}

/* Up to maxt triplets (x of seed 1, y of seed 2 of the same sort, a fresh z, a fusion function
 * of the sort), z declared in m; *feats gets the functions' features. */
static sg_rc
fuse_triplets (const sg_fusion_table *t, sg_store *st, sg_script *m, sg_rng *r, const sg_u32vec *c1,
               const sg_u32vec *c2, bool sat_mode, bool no_partial, uint32_t maxt, triplet_vec *tr,
               uint32_t *feats)
{
  sg_u32vec ys = { 0 };
  sg_rc rc = SG_RC_OK;
  bool used_partial = false;
  for (uint32_t attempt = 0; attempt < 8 * maxt && tr->n < maxt && !rc && c1->n && c2->n; attempt++)
    {
      sg_term x = c1->a[sg_rng_below (r, c1->n)];
      sg_sort so = sg_term_sort (st, x);
      bool np = no_partial || (sat_mode && used_partial);
      if (!sort_supported (t, st, so, np)) continue;
      SG_VEC_CLEAR (ys);
      for (uint32_t i = 0; i < c2->n; i++)
        if (sg_term_sort (st, c2->a[i]) == so && !SG_VEC_PUSH (ys, c2->a[i])) rc = SG_RC_NOMEM;
      if (rc || !ys.n) continue;
      bool dup = false;
      for (uint32_t i = 0; i < tr->n; i++) dup |= tr->a[i].x == x;
      if (dup) continue;
      sg_term y = ys.a[sg_rng_below (r, ys.n)];
      /* the function, uniformly among those of the sort */
      uint32_t nf = 0, pick = SG_NONE;
      for (uint32_t i = 0; i < t->fns.n; i++)
        if (fn_fits_sort (st, &t->fns.a[i], so) && !(np && (t->fns.a[i].feats & SG_FF_PARTIAL)))
          if (sg_rng_below (r, ++nf) == 0) pick = i;
      const sg_fusion_fn *fn = &t->fns.a[pick];
      inst in;
      triplet tp = { x, y, SG_NONE, { 0 } };
      if (sgf_inst_parse (st, fn, so, r, NULL, NULL, &in)) continue; /* e.g. fixed-width BV */
      rc = sg_script_declare_fresh (m, m->cmds.n, "fz", so, &tp.z);
      if (!rc) rc = sgf_inst_apply (st, &in, x, y, tp.z, tp.e);
      sgf_inst_free (&in);
      if (!rc && !SG_VEC_PUSH (*tr, tp)) rc = SG_RC_NOMEM;
      if (!rc) *feats |= fn->feats, used_partial |= (fn->feats & SG_FF_PARTIAL) != 0;
    }
  SG_VEC_FREE (ys);
  return rc;
}

/* The mutant's assertions (the seeds' conjunctions under 'or', or each assertion), the
 * triplets' equations, check-sat and exit. */
static sg_rc
fuse_asserts (sg_store *st, sg_script *m, sg_fuse_mode mode, const sg_u32vec *t1, const sg_u32vec *t2,
              const triplet_vec *tr)
{
  sg_rc rc = SG_RC_OK;
  bool disj = mode == SG_FUSE_UNSAT || mode == SG_FUSE_MIXED_SAT;
  bool eqs = mode == SG_FUSE_UNSAT || mode == SG_FUSE_MIXED_UNSAT;
  if (disj)
    {
      sg_term p[2], f;
      rc = conj_terms (st, t1, &p[0]);
      if (!rc) rc = conj_terms (st, t2, &p[1]);
      if (!rc) rc = sg_mk_app (st, SG_OP_OR, p, 2, NULL, 0, &f);
      if (!rc) rc = sg_script_add (m, SG_WK_ASSERT, 0, &f, 1, 0, 0);
    }
  else
    {
      for (uint32_t i = 0; i < t1->n && !rc; i++) rc = sg_script_add (m, SG_WK_ASSERT, 0, &t1->a[i], 1, 0, 0);
      for (uint32_t i = 0; i < t2->n && !rc; i++) rc = sg_script_add (m, SG_WK_ASSERT, 0, &t2->a[i], 1, 0, 0);
    }
  for (uint32_t i = 0; i < tr->n && eqs && !rc; i++)
    {
      const sg_term lhs[3] = { tr->a[i].z, tr->a[i].x, tr->a[i].y };
      for (int j = 0; j < 3 && !rc; j++)
        {
          sg_term p[2] = { lhs[j], tr->a[i].e[j] }, e;
          rc = sg_mk_app (st, SG_OP_EQ, p, 2, NULL, 0, &e);
          if (!rc) rc = sg_script_add (m, SG_WK_ASSERT, 0, &e, 1, 0, 0);
        }
    }
  if (!rc) rc = sg_script_add (m, SG_WK_CHECK_SAT, 0, NULL, 0, 0, 0);
  if (!rc) rc = sg_script_add (m, SG_WK_EXIT, 0, NULL, 0, 0, 0);
  return rc;
}

/* The mutant's logic name (into buf): both seeds' features and the functions' (feats). */
static void
fuse_logic (const sg_store *st, const sg_script *a, const sg_script *b, uint32_t feats, char *buf, size_t cap)
{
  uint32_t lf = logic_feats (a->logic == SG_ATOM_NONE ? NULL : sg_store_text (st, a->logic))
                | logic_feats (b->logic == SG_ATOM_NONE ? NULL : sg_store_text (st, b->logic));
  if ((lf & LG_QF) && !((logic_feats (a->logic == SG_ATOM_NONE ? NULL : sg_store_text (st, a->logic))
                         & logic_feats (b->logic == SG_ATOM_NONE ? NULL : sg_store_text (st, b->logic)))
                        & LG_QF))
    lf &= ~(uint32_t) LG_QF;
  if (feats & SG_FF_INT) lf |= LG_I;
  if (feats & SG_FF_REAL) lf |= LG_R;
  if (feats & SG_FF_STRING) lf |= LG_S;
  if (feats & SG_FF_BV) lf |= LG_BV;
  if (feats & SG_FF_NONLINEAR) lf |= LG_N;
  logic_name (lf, buf, cap);
}

sg_rc
sg_fuse_text (const sg_fusion_table *t, const char *s1, size_t n1, const char *name1,
              const char *s2, size_t n2, const char *name2, sg_rng *r, const sg_fuse_opts *o,
              sg_buf *out, sg_fuse_info *info, sg_diag *d)
{
  sg_fuse_info inf;
  memset (&inf, 0, sizeof inf);
  sg_store st;
  sg_rc rc = sg_store_init (&st);
  if (rc) return sg_diag_set (d, rc, 0, 0, "out of memory");
  sg_script a, b, m;
  sg_script_init (&a, &st);
  sg_script_init (&b, &st);
  sg_script_init (&m, &st);
  sg_u32vec c1 = { 0 }, c2 = { 0 }, t1 = { 0 }, t2 = { 0 };
  triplet_vec tr = { 0 };
  uint32_t maxt = o->max_triplets ? o->max_triplets : 2;
  sg_fuse_marks mk;

  rc = sg_parse_string (&st, &a, s1, n1, name1, d);
  if (rc) goto done;
  sg_fuse_marks_get (&st, &mk);
  rc = sg_parse_string (&st, &b, s2, n2, name2, d);
  if (rc) goto done;
  if (!eligible (&a) || !eligible (&b))
    {
      rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "seeds must hold one check-sat and no push/pop");
      goto done;
    }
  if (o->mode != SG_FUSE_SAT && declares_reglan (&st))
    {
      /* A declared RegLan constant is fine for cvc5 while its defining equation stands at the
       * top level; under the disjunction of unsat fusion it is rejected ("Regular expression
       * variables are not supported"). */
      rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "a seed declares a RegLan constant: not fused under 'or'");
      goto done;
    }
  rc = sg_fuse_rename_apart (&st, &mk, &inf.renamed);
  if (rc) goto err;
  bool sat_mode = o->mode == SG_FUSE_SAT;
  bool no_partial = sat_mode && store_divides (&st);
  rc = assert_terms (&a, &t1);
  if (!rc) rc = assert_terms (&b, &t2);
  for (uint32_t i = 0; i < t1.n && !rc; i++) rc = sg_term_constants (&st, t1.a[i], &c1);
  for (uint32_t i = 0; i < t2.n && !rc; i++) rc = sg_term_constants (&st, t2.a[i], &c2);
  if (rc) goto err;

  rc = fuse_decls (&st, &a, &b, &m);
  if (rc) goto err;

  uint32_t feats = 0;
  rc = fuse_triplets (t, &st, &m, r, &c1, &c2, sat_mode, no_partial, maxt, &tr, &feats);
  if (rc) goto err;
  if (!tr.n)
    {
      rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "no triplet: the seeds share no fusable sort");
      goto done;
    }
  for (uint32_t i = 0; i < tr.n && !rc; i++)
    {
      rc = replace_some (&a, r, tr.a[i].x, tr.a[i].e[1], &inf.replaced);
      if (!rc) rc = replace_some (&b, r, tr.a[i].y, tr.a[i].e[2], &inf.replaced);
    }
  SG_VEC_CLEAR (t1);
  SG_VEC_CLEAR (t2);
  if (!rc) rc = assert_terms (&a, &t1);
  if (!rc) rc = assert_terms (&b, &t2);
  if (rc) goto err;

  rc = fuse_asserts (&st, &m, o->mode, &t1, &t2, &tr);
  if (rc) goto err;

  fuse_logic (&st, &a, &b, feats, inf.logic, sizeof inf.logic);
  sg_atom lg;
  if (!sg_atom_intern (&st.atoms, inf.logic, strlen (inf.logic), &lg)) rc = SG_RC_NOMEM;
  if (rc) goto err;
  m.cmds.a[0].aux = lg;
  m.logic = lg;
  inf.triplets = tr.n;
  sg_print_opts po = { false, 0 };
  sg_print_script (&m, &po, out);
  if (!sg_buf_ok (out)) rc = SG_RC_NOMEM;
err:
  if (rc && d->rc == SG_RC_OK)
    sg_diag_set (d, rc, 0, 0, "fusion failed: %s", rc == SG_RC_NOMEM ? "out of memory" : st.err);
done:
  if (info) *info = inf;
  SG_VEC_FREE (c1);
  SG_VEC_FREE (c2);
  SG_VEC_FREE (t1);
  SG_VEC_FREE (t2);
  SG_VEC_FREE (tr);
  sg_script_free (&a);
  sg_script_free (&b);
  sg_script_free (&m);
  sg_store_free (&st);
  return rc;
}
