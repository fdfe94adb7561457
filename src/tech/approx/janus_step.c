/* janus_step: the rule rows of janus_rules.def and what applies them: matching a template
 * against a term and building the other side, trying a row at an occurrence, the
 * weakening/strengthening step, and the entry points (sg_janus_step, sg_janus_apply,
 * sg_janus_instance; TECHNIQUES.md §5). Script facts, parity and the rewriting context are in
 * janus.c, the template reader in janus_tpl.c, the rules built in code in janus_special.c. */
#include "tech/approx/janus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/print.h"
#include "tech/approx/janus_int.h"

/* ---- the rows ------------------------------------------------------------------------------ */

#define IMPL SG_JANUS_IMPL
#define EQUIV SG_JANUS_EQUIV
static const sg_janus_row rows[] = {
#define JR(name, kind, strong, weak) { #name, kind, strong, weak, SP_NONE },
#define JS(name, kind, id) { #name, kind, NULL, NULL, id },
#include "tech/approx/janus_rules.def"
#undef JR
#undef JS
};
#undef IMPL
#undef EQUIV

const sg_janus_row *
sg_janus_rows (uint32_t *n)
{
  *n = (uint32_t) (sizeof rows / sizeof *rows);
  return rows;
}

/* ---- matching and building ----------------------------------------------------------------- */

static sg_term *
env_get (jctx *c, const char *name)
{
  for (uint32_t i = 0; i < c->ne; i++)
    if (!strcmp (c->en[i], name)) return &c->et[i];
  return NULL;
}

static bool
env_put (jctx *c, const char *name, sg_term t)
{
  if (c->ne >= ENV_MAX) return false;
  snprintf (c->en[c->ne], sizeof c->en[c->ne], "%s", name);
  c->et[c->ne++] = t;
  return true;
}

/* Strip an implicit Int-to-Real coercion. */
static sg_term
uncoerced (const sg_store *s, sg_term t)
{
  const sg_node *n = sg_term_node (s, t);
  if (n->op == SG_OP_TO_REAL && (n->flags & SG_TF_IMPLICIT) && n->nargs == 1)
    return sg_term_arg (s, t, 0);
  return t;
}

static bool
is_literal_num (const sg_store *s, sg_term t, bool allow_neg)
{
  t = uncoerced (s, t);
  sg_op op = sg_term_op (s, t);
  if (allow_neg && op == SG_OP_NEG_SUB && sg_term_nargs (s, t) == 1)
    t = uncoerced (s, sg_term_arg (s, t, 0)), op = sg_term_op (s, t);
  return op == SG_OP_NUMERAL || op == SG_OP_DECIMAL;
}

static bool
num_sort_ok (jctx *c, sg_sort x, bool int_only)
{
  sg_store *s = c->s;
  if (x != s->s_int && x != s->s_real) return false;
  if (int_only && x != s->s_int) return false;
  if (c->num == SG_NONE) { c->num = x; return true; }
  return c->num == x;
}

static bool
var_class_ok (jctx *c, const char *name, sg_term t)
{
  sg_store *s = c->s;
  sg_sort x = sg_term_sort (s, t);
  switch (name[0])
    {
    case 'n': case 'c': return num_sort_ok (c, x, false);
    case 'i': return num_sort_ok (c, x, true);
    case 'q': return num_sort_ok (c, x, false) && is_literal_num (s, t, true);
    case 'k':
      {
        if (!num_sort_ok (c, x, false)) return false;
        sg_term u = uncoerced (s, t);
        return is_literal_num (s, u, false) || sg_term_op (s, u) == SG_OP_ABS;
      }
    case 'p': return x == s->s_bool;
    case 's': return x == s->s_string;
    case 'l':
      return sg_term_op (s, t) == SG_OP_STRING && sg_atom_len (&s->atoms, sg_term_node (s, t)->aux) > 0;
    case 'r': return x == s->s_reglan;
    case 'x':
      if (c->xsort == SG_NONE) { c->xsort = x; return true; }
      return c->xsort == x;
    case 'v':
      if (sg_sort_kind_of (s, x) != SG_SORT_SEQ) return false;
      if (c->vsort == SG_NONE) { c->vsort = x; return true; }
      return c->vsort == x;
    default: return false;
    }
}

/* Recursion bounded by the template's depth. */
static bool
match (jctx *c, const sg_janus_tpl *tp, uint32_t ni, sg_term t)
{
  const tnode *tn = &tp->n[ni];
  sg_store *s = c->s;
  switch (tn->kind)
    {
    case T_VAR:
      {
        sg_term *b = env_get (c, tn->name);
        if (b) return *b == t;
        if (tn->name[0] == '$') return false;
        return var_class_ok (c, tn->name, t) && env_put (c, tn->name, t);
      }
    case T_NUM:
      {
        sg_term u = uncoerced (s, t);
        sg_op op = sg_term_op (s, u);
        if (op != SG_OP_NUMERAL && op != SG_OP_DECIMAL) return false;
        const char *txt = sg_store_text (s, sg_term_node (s, u)->aux);
        size_t n = strlen (tn->name);
        return !strncmp (txt, tn->name, n) && (txt[n] == 0 || !strcmp (txt + n, ".0"));
      }
    case T_STR:
      return sg_term_op (s, t) == SG_OP_STRING
             && !strcmp (sg_store_text (s, sg_term_node (s, t)->aux), tn->name);
    case T_BIND:
      {
        if (sg_term_op (s, t) != (sg_op) tn->op || sg_term_nargs (s, t) != tn->nbv + 1) return false;
        for (uint32_t k = 0; k < tn->nbv; k++)
          {
            sg_term v = sg_term_arg (s, t, k);
            if (sg_term_sort (s, v) != s->s_bool || env_get (c, tn->bv[k]) || !env_put (c, tn->bv[k], v))
              return false;
          }
        return match (c, tp, tn->args[0], sg_term_arg (s, t, tn->nbv));
      }
    case T_APP:
      {
        if (sgj_canon (s, t) != (sg_op) tn->op || sg_term_nargs (s, t) != tn->nargs) return false;
        const sg_node *nd = sg_term_node (s, t);
        if (nd->nidx != tn->nidx) return false;
        for (uint32_t k = 0; k < tn->nidx; k++)
          {
            uint32_t v = sg_term_indices (s, t)[k];
            if (tn->idx[k] == UINT32_MAX)
              {
                if (c->nval != UINT32_MAX && c->nval != v) return false;
                if (v < 1) return false; /* R3: re.loop 1 N needs N >= 1 */
                c->nval = v;
              }
            else if (tn->idx[k] != v)
              return false;
          }
        for (uint32_t k = 0; k < tn->nargs; k++)
          if (!match (c, tp, tn->args[k], sg_term_arg (s, t, k))) return false;
        return true;
      }
    }
  return false;
}

static sg_rc
build (jctx *c, const sg_janus_tpl *tp, uint32_t ni, sg_term *out)
{
  const tnode *tn = &tp->n[ni];
  sg_store *s = c->s;
  sg_rc rc;
  switch (tn->kind)
    {
    case T_VAR:
      {
        sg_term *b = env_get (c, tn->name);
        if (b) { *out = *b; return SG_RC_OK; }
        if (tn->name[0] == '$') return SG_RC_USAGE;
        if ((rc = sgj_param (c, tn->name[0], out))) return rc;
        if (tn->name[0] == 'i' || ((tn->name[0] == 'n' || tn->name[0] == 'c' || tn->name[0] == 'k'
                                    || tn->name[0] == 'q') && sg_term_sort (s, *out) == s->s_int))
          c->made_int = true;
        return env_put (c, tn->name, *out) ? SG_RC_OK : SG_RC_LIMIT;
      }
    case T_NUM:
      {
        sg_sort num = c->num != SG_NONE ? c->num : s->s_int;
        char buf[16];
        int len = snprintf (buf, sizeof buf, "%s%s", tn->name, num == s->s_real ? ".0" : "");
        if (num == s->s_int) c->made_int = true;
        return sg_mk_literal (s, num == s->s_real ? SG_OP_DECIMAL : SG_OP_NUMERAL, buf, (uint32_t) len, out);
      }
    case T_STR:
      return sg_mk_literal (s, SG_OP_STRING, tn->name, (uint32_t) strlen (tn->name), out);
    case T_BIND:
      {
        sg_term args[3];
        for (uint32_t k = 0; k < tn->nbv; k++)
          {
            sg_atom a;
            if ((rc = sg_store_fresh_atom (s, "x", &a))) return rc;
            if ((rc = sg_mk_bvar (s, a, s->s_bool, &args[k]))) return rc;
            if (!env_put (c, tn->bv[k], args[k])) return SG_RC_LIMIT;
          }
        if ((rc = build (c, tp, tn->args[0], &args[tn->nbv]))) return rc;
        c->made_quant = true;
        return sg_mk_binder (s, (sg_op) tn->op, args, tn->nbv + 1, out);
      }
    case T_APP:
      {
        sg_term args[TMAX_ARGS];
        for (uint32_t k = 0; k < tn->nargs; k++)
          if ((rc = build (c, tp, tn->args[k], &args[k]))) return rc;
        uint32_t idx[2];
        for (uint32_t k = 0; k < tn->nidx; k++)
          {
            if (tn->idx[k] != UINT32_MAX) { idx[k] = tn->idx[k]; continue; }
            if (c->nval == UINT32_MAX) c->nval = 1 + (uint32_t) sg_rng_below (c->rng, 4);
            idx[k] = c->nval;
          }
        if (tn->op == SG_OP_TRUE && !tn->nargs) return sg_mk_true (s, out);
        if (tn->op == SG_OP_FALSE && !tn->nargs) return sg_mk_false (s, out);
        rc = sg_mk_app (s, (sg_op) tn->op, args, tn->nargs, tn->nidx ? idx : NULL, tn->nidx, out);
        if (!rc && sg_term_sort (s, *out) == s->s_int) c->made_int = true;
        return rc;
      }
    }
  return SG_RC_USAGE;
}

static void
attempt_reset (jctx *c)
{
  c->ne = 0;
  c->nval = UINT32_MAX;
  c->num = SG_NONE;
  c->xsort = SG_NONE;
  c->vsort = SG_NONE;
  c->made_int = false;
  c->made_quant = false;
}

/* Binary templates of associative operators match longer applications: one argument against
 * the others (commutative operators: a random one; => and re.++: the first). */
static sg_rc
view (jctx *c, const sg_janus_tpl *tp, sg_term t, sg_term *out)
{
  sg_store *s = c->s;
  const tnode *root = &tp->n[tp->root];
  *out = t;
  if (root->kind != T_APP || root->nargs != 2) return SG_RC_OK;
  sg_op op = sgj_canon (s, t);
  uint32_t n = sg_term_nargs (s, t);
  if (op != (sg_op) root->op || n < 2) return SG_RC_OK;
  bool comm = op == SG_OP_AND || op == SG_OP_OR || op == SG_OP_XOR || op == SG_OP_ADD
              || op == SG_OP_RE_UNION || op == SG_OP_RE_INTER;
  if (!comm && (n == 2 || op != SG_OP_IMPLIES)) return SG_RC_OK;
  sg_u32vec rest = { 0 };
  uint32_t pick = comm ? (uint32_t) sg_rng_below (c->rng, n) : 0;
  for (uint32_t k = 0; k < n; k++)
    if (k != pick && !SG_VEC_PUSH (rest, sg_term_arg (s, t, k))) { SG_VEC_FREE (rest); return SG_RC_NOMEM; }
  sg_rc rc = SG_RC_OK;
  sg_term pair[2] = { sg_term_arg (s, t, pick), rest.a[0] };
  if (rest.n > 1) rc = sg_mk_app (s, op, rest.a, rest.n, NULL, 0, &pair[1]);
  if (!rc) rc = sg_mk_app (s, op, pair, 2, NULL, 0, out);
  SG_VEC_FREE (rest);
  return rc;
}

/* No template variable may capture a binder variable the match bound ($b). */
static sg_rc
no_capture (jctx *c, bool *ok)
{
  *ok = true;
  bool any = false;
  for (uint32_t i = 0; i < c->ne; i++) any |= c->en[i][0] == '$';
  if (!any) return SG_RC_OK;
  sg_u32vec fv = { 0 };
  for (uint32_t i = 0; i < c->ne && *ok; i++)
    {
      if (c->en[i][0] == '$') continue;
      SG_VEC_CLEAR (fv);
      sg_rc rc = sg_term_free_vars (c->s, c->et[i], &fv);
      if (rc) { SG_VEC_FREE (fv); return rc; }
      for (uint32_t k = 0; k < fv.n && *ok; k++)
        for (uint32_t e = 0; e < c->ne; e++)
          if (c->en[e][0] == '$' && c->et[e] == fv.a[k]) *ok = false;
    }
  SG_VEC_FREE (fv);
  return SG_RC_OK;
}

/* ---- applying a rule (the rules built in code are in janus_special.c) ---------------------- */

/* Try row r at occurrence occ, from side `from` (0 strong, 1 weak) to the other; for code rules
 * `from` is the direction (0 weaken, 1 strengthen). *g gets the new term, or SG_NONE. */
static sg_rc
try_row (jctx *c, uint32_t r, int from, uint32_t occ, sg_term *g)
{
  const sg_janus_row *row = &rows[r];
  sg_store *s = c->s;
  sg_term f = c->o->a.a[occ].term;
  *g = SG_NONE;
  attempt_reset (c);
  c->target_cmd = c->o->a.a[occ].cmd;
  sg_rc rc;
  if (row->special)
    {
      int dir = from == 0 ? 1 : -1;
      switch (row->special)
        {
        case SP_HOMO: rc = sgj_sp_homo (c, f, dir, g); break;
        case SP_INST: rc = sgj_sp_inst (c, f, dir, g); break;
        case SP_SWAP: rc = sgj_sp_swap (c, f, dir, g); break;
        case SP_ABSTRACT: rc = sgj_sp_abstract (c, occ, dir, g); break;
        case SP_CONCAT_POW: rc = sgj_sp_concat_pow (c, f, dir, g); break;
        case SP_RANGE: rc = sgj_sp_range (c, f, dir, g); break;
        default: rc = SG_RC_USAGE; break;
        }
    }
  else
    {
      const sg_janus_tpl *src = c->j->sides.a[2 * r + (uint32_t) from];
      const sg_janus_tpl *dst = c->j->sides.a[2 * r + 1 - (uint32_t) from];
      if (c->lk == L_DIFF && dst->arith) return SG_RC_OK;
      sg_term v;
      if ((rc = view (c, src, f, &v))) return rc;
      if (!match (c, src, src->root, v)) return SG_RC_OK;
      bool ok;
      if ((rc = no_capture (c, &ok))) return rc;
      if (!ok) return SG_RC_OK;
      rc = build (c, dst, dst->root, g);
      /* a numeric row builds arithmetic (<=, +, ...): QF_S must become QF_SLIA */
      if (c->num != SG_NONE) c->made_int = true;
    }
  if (rc == SG_RC_SORT || rc == SG_RC_USAGE) { *g = SG_NONE; return SG_RC_OK; }
  if (rc) return rc;
  if (*g != SG_NONE && (sg_term_sort (s, *g) != sg_term_sort (s, f) || *g == f)) *g = SG_NONE;
  if (c->real_only && c->made_int) *g = SG_NONE;
  return SG_RC_OK;
}

/* The orientations of row r for direction dir: `from` values to try. */
static uint32_t
orientations (uint32_t r, int dir, int from[2])
{
  const sg_janus_row *row = &rows[r];
  if (row->kind == SG_JANUS_EQUIV && !row->special)
    {
      from[0] = 0;
      from[1] = 1;
      return 2;
    }
  from[0] = dir > 0 ? 0 : 1;
  return 1;
}

static void
abbrev (const sg_store *s, sg_term t, sg_buf *b)
{
  sg_buf tmp;
  sg_buf_init (&tmp);
  sg_print_term (s, t, NULL, &tmp);
  const char *x = sg_buf_cstr (&tmp);
  if (tmp.len > 120) sg_buf_printf (b, "%.100s ... (%zu bytes)", x, tmp.len);
  else sg_buf_adds (b, x);
  sg_buf_free (&tmp);
}

/* Set the script's logic after a step: drop QF_ when a quantifier came in; strings without
 * arithmetic get LIA when an Int term came in. */
static sg_rc
fix_logic (jctx *c)
{
  sg_script *sc = c->sc;
  if (sc->logic == SG_ATOM_NONE) return SG_RC_OK;
  char name[128];
  snprintf (name, sizeof name, "%s", sg_store_text (c->s, sc->logic));
  bool changed = false;
  if (c->made_quant && !strncmp (name, "QF_", 3))
    {
      memmove (name, name + 3, strlen (name + 3) + 1);
      changed = true;
    }
  const char *base = !strncmp (name, "QF_", 3) ? name + 3 : name;
  if (c->made_int && !strcmp (base, "S") && strlen (name) + 4 < sizeof name)
    {
      strcat (name, "LIA");
      changed = true;
    }
  if (!changed) return SG_RC_OK;
  sg_atom a;
  if (!sg_atom_intern (&c->s->atoms, name, strlen (name), &a)) return SG_RC_NOMEM;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    if (sc->cmds.a[i].kind == SG_WK_SET_LOGIC && sc->cmds.a[i].aux == sc->logic) sc->cmds.a[i].aux = a;
  sc->logic = a;
  return SG_RC_OK;
}

typedef struct cand { uint32_t row; int from; } cand;

/* Try the rules in random order at occ; on success replace and fill desc/info. */
static sg_rc
rewrite_at (jctx *c, uint32_t occ, int dir, const uint32_t *only_row, sg_buf *desc,
            sg_janus_info *info, bool *done)
{
  *done = false;
  cand list[2 * 128];
  uint32_t n = 0;
  for (uint32_t r = 0; r < c->j->nrows && n + 2 <= sizeof list / sizeof *list; r++)
    {
      if (only_row && r != *only_row) continue;
      int from[2];
      uint32_t k = orientations (r, dir, from);
      for (uint32_t i = 0; i < k; i++) list[n++] = (cand) { r, from[i] };
    }
  while (n)
    {
      uint32_t pick = (uint32_t) sg_rng_below (c->rng, n);
      cand cd = list[pick];
      list[pick] = list[--n];
      sg_term g;
      sg_rc rc = try_row (c, cd.row, cd.from, occ, &g);
      if (rc) return rc;
      if (g == SG_NONE) continue;
      sg_term f = c->o->a.a[occ].term;
      if (desc)
        {
          sg_buf_reset (desc);
          sg_buf_printf (desc, "%s %s (%s) at %s %u: ", rows[cd.row].name,
                         dir > 0 ? "weaken" : "strengthen",
                         rows[cd.row].special ? (cd.from ? "reverse" : "forward")
                                              : (cd.from ? "weak -> strong" : "strong -> weak"),
                         sg_wk_text ((sg_wk) c->sc->cmds.a[c->o->a.a[occ].cmd].kind),
                         c->o->a.a[occ].cmd);
          abbrev (c->s, f, desc);
          sg_buf_adds (desc, " -> ");
          abbrev (c->s, g, desc);
        }
      rc = sg_occ_replace (c->sc, c->o, occ, g);
      if (rc == SG_RC_SORT) continue;
      if (rc) return rc;
      if ((rc = fix_logic (c))) return rc;
      if (info)
        {
          info->rule = rows[cd.row].name;
          info->dir = dir;
          info->occ = occ;
          info->quantified = c->made_quant;
        }
      *done = true;
      return SG_RC_OK;
    }
  return SG_RC_OK;
}

sg_rc
sg_janus_apply (const sg_janus *j, sg_script *sc, const sg_occs *o, uint32_t occ, uint32_t row,
                int dir, sg_rng *rng, bool *done)
{
  jctx c;
  sgj_ctx_init (&c, j, sc, o, rng);
  *done = false;
  sg_rc rc = sgj_collect_pool (&c);
  if (!rc && row < j->nrows && occ < o->a.n) rc = rewrite_at (&c, occ, dir, &row, NULL, NULL, done);
  SG_VEC_FREE (c.pool);
  SG_VEC_FREE (c.pool_cmd);
  free (c.bound);
  return rc;
}

sg_rc
sg_janus_instance (const sg_janus *j, sg_script *sc, uint32_t row, int side, sg_sort num,
                   sg_rng *rng, sg_term *out)
{
  if (row >= j->nrows || rows[row].special) return SG_RC_USAGE;
  sg_occs o = { 0 };
  jctx c;
  sgj_ctx_init (&c, j, sc, &o, rng);
  sg_rc rc = sg_occ_collect (sc, SG_JANUS_MAX_OCCS, &o);
  if (!rc) rc = sgj_collect_pool (&c);
  attempt_reset (&c);
  c.target_cmd = UINT32_MAX;
  c.num = num;
  const sg_janus_tpl *t = j->sides.a[2 * row + (uint32_t) (side ? 1 : 0)];
  if (!rc)
    {
      /* Fresh binders cannot be parameters: a side with $ variables is built as is. */
      rc = build (&c, t, t->root, out);
    }
  SG_VEC_FREE (c.pool);
  SG_VEC_FREE (c.pool_cmd);
  free (c.bound);
  sg_occs_free (&o);
  return rc;
}

sg_rc
sg_janus_step (const sg_janus *j, sg_script *sc, sg_answer status, sg_rng *rng, sg_buf *desc,
               sg_janus_info *info, bool *done)
{
  *done = false;
  if (status != SG_ANS_SAT && status != SG_ANS_UNSAT) return SG_RC_USAGE;
  sg_occs o = { 0 };
  int8_t *par = NULL;
  uint8_t *named = NULL;
  sg_u32vec cand = { 0 };
  jctx c;
  sgj_ctx_init (&c, j, sc, &o, rng);
  sg_rc rc = sg_occ_collect (sc, SG_JANUS_MAX_OCCS, &o);
  if (!rc) rc = sg_janus_parity (sc, &o, &par);
  if (!rc) rc = sgj_collect_pool (&c);
  if (!rc && !(named = calloc (o.a.n ? o.a.n : 1, 1))) rc = SG_RC_NOMEM;
  if (!rc)
    {
      /* :named below an occurrence: rewriting it would duplicate or move the name. */
      for (uint32_t i = o.a.n; i-- > 0;)
        {
          if (sgj_annot_named (sc->store, o.a.a[i].term)) named[i] = 1;
          if (named[i] && o.a.a[i].parent != SG_NONE) named[o.a.a[i].parent] = 1;
        }
      for (uint32_t i = 0; i < o.a.n && !rc; i++)
        if (par[i] && !named[i] && !SG_VEC_PUSH (cand, i)) rc = SG_RC_NOMEM;
    }
  int sgn = status == SG_ANS_SAT ? 1 : -1;
  for (uint32_t tries = 0; !rc && cand.n && tries < 64 && !*done; tries++)
    {
      uint32_t k = (uint32_t) sg_rng_below (rng, cand.n);
      uint32_t occ = cand.a[k];
      cand.a[k] = cand.a[--cand.n];
      rc = rewrite_at (&c, occ, sgn * par[occ], NULL, desc, info, done);
    }
  SG_VEC_FREE (cand);
  SG_VEC_FREE (c.pool);
  SG_VEC_FREE (c.pool_cmd);
  free (c.bound);
  free (named);
  free (par);
  sg_occs_free (&o);
  return rc;
}
