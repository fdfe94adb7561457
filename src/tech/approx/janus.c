/* janus: the rule templates (read once), script facts and parity, the rewriting context (the
 * pool of parameters, random parameters and instances) and substitution (TECHNIQUES.md §5).
 * The rows and the weakening/strengthening step that applies them are in janus_step.c. */
#include "tech/approx/janus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tech/approx/janus_int.h"

/* ---- templates: the parser is in janus_tpl.c, the types in janus_int.h ---------------------- */

void
sg_janus_free (sg_janus *j)
{
  for (uint32_t i = 0; i < j->sides.n; i++) free (j->sides.a[i]);
  SG_VEC_FREE (j->sides);
  j->nrows = 0;
}

sg_rc
sg_janus_init (sg_janus *j, sg_diag *d)
{
  memset (j, 0, sizeof *j);
  uint32_t n;
  const sg_janus_row *r = sg_janus_rows (&n);
  for (uint32_t i = 0; i < n; i++)
    for (int side = 0; side < 2; side++)
      {
        sg_janus_tpl *t = NULL;
        const char *text = side ? r[i].weak : r[i].strong;
        if (text)
          {
            sg_rc rc = sgj_tpl_parse (text, r[i].name, d, &t);
            if (rc) { sg_janus_free (j); return rc; }
          }
        if (!SG_VEC_PUSH (j->sides, t))
          {
            free (t);
            sg_janus_free (j);
            return sg_diag_set (d, SG_RC_NOMEM, 0, 0, "out of memory");
          }
      }
  j->nrows = n;
  return SG_RC_OK;
}

/* ---- script facts -------------------------------------------------------------------------- */

sg_op
sgj_canon (const sg_store *s, sg_term t)
{
  sg_op op = sg_term_op (s, t);
  if (op > SG_OP_FIRST_BUILTIN && op < SG_OP_COUNT) return (sg_op) sg_op_info (op)->canon;
  return op;
}

static uint32_t
check_sat_index (const sg_script *sc)
{
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    if (sc->cmds.a[i].kind == SG_WK_CHECK_SAT) return i;
  return sc->cmds.n;
}

bool
sg_janus_usable (const sg_script *sc, char *why, size_t whylen)
{
  uint32_t checks = 0;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    switch (sc->cmds.a[i].kind)
      {
      case SG_WK_CHECK_SAT: checks++; break;
      case SG_WK_PUSH: case SG_WK_POP: case SG_WK_CHECK_SAT_ASSUMING:
        snprintf (why, whylen, "janus needs a script with one check-sat and no push, pop or "
                  "check-sat-assuming");
        return false;
      default: break;
      }
  if (checks != 1)
    {
      snprintf (why, whylen, "janus needs a script with exactly one check-sat (it has %u)", checks);
      return false;
    }
  return true;
}

bool
sgj_annot_named (const sg_store *s, sg_term t)
{
  const sg_node *n = sg_term_node (s, t);
  return n->op == SG_OP_ANNOT && n->aux < s->annots.n && s->annots.a[n->aux].named != SG_NONE;
}

sg_rc
sg_janus_parity (const sg_script *sc, const sg_occs *o, int8_t **par)
{
  const sg_store *s = sc->store;
  uint32_t n = o->a.n;
  int8_t *p = calloc (n ? n : 1, 1);
  if (!p) return SG_RC_NOMEM;
  uint32_t cs = check_sat_index (sc);
  for (uint32_t i = 0; i < n; i++)
    {
      const sg_occ *oc = &o->a.a[i];
      if (oc->flags & (SG_OCC_BINDER | SG_OCC_PATTERN)) continue;
      if (oc->parent == SG_NONE)
        {
          const sg_cmd *c = &sc->cmds.a[oc->cmd];
          p[i] = c->kind == SG_WK_ASSERT && oc->cmd < cs && sg_term_sort (s, oc->term) == s->s_bool;
          continue;
        }
      int8_t pp = p[oc->parent];
      if (!pp) continue;
      sg_term pt = o->a.a[oc->parent].term;
      uint32_t k = oc->child, na = sg_term_nargs (s, pt);
      int8_t v = 0;
      switch (sgj_canon (s, pt))
        {
        case SG_OP_NOT: case SG_OP_RE_COMP: v = (int8_t) -pp; break;
        case SG_OP_AND: case SG_OP_OR: v = pp; break;
        case SG_OP_IMPLIES: v = k + 1 < na ? (int8_t) -pp : pp; break;
        case SG_OP_ITE: v = k == 0 ? 0 : pp; break;
        case SG_OP_LET: case SG_OP_FORALL: case SG_OP_EXISTS: v = k + 1 == na ? pp : 0; break;
        case SG_OP_ANNOT: v = k == 0 && !sgj_annot_named (s, pt) ? pp : 0; break;
        case SG_OP_STR_IN_RE: v = k == 1 ? pp : 0; break;
        case SG_OP_RE_CONCAT: case SG_OP_RE_UNION: case SG_OP_RE_INTER: case SG_OP_RE_STAR:
        case SG_OP_RE_PLUS: case SG_OP_RE_OPT: case SG_OP_RE_LOOP: case SG_OP_RE_POW:
          v = pp;
          break;
        case SG_OP_RE_DIFF: v = k == 0 ? pp : (int8_t) -pp; break;
        default: v = 0; break;
        }
      p[i] = v;
    }
  *par = p;
  return SG_RC_OK;
}

/* ---- the rewriting context (jctx in janus_int.h) ------------------------------------------- */


static lkind
logic_kind (const sg_script *sc)
{
  if (sc->logic == SG_ATOM_NONE) return L_ANY;
  const char *l = sg_store_text (sc->store, sc->logic);
  if (strstr (l, "IDL") || strstr (l, "RDL")) return L_DIFF;
  if (strstr (l, "LIA") || strstr (l, "LRA") || strstr (l, "LIRA")) return L_LINEAR;
  return L_ANY;
}

/* A term with no bound variable and at most `limit` nodes in its tree. */
bool
sgj_closed_small (const sg_store *s, sg_term t, uint32_t limit)
{
  sg_term st[64];
  uint32_t n = 0, seen = 0;
  st[n++] = t;
  while (n)
    {
      sg_term x = st[--n];
      if (++seen > limit) return false;
      const sg_node *nd = sg_term_node (s, x);
      if (nd->op == SG_OP_BVAR || nd->op == SG_OP_ANNOT || nd->op == SG_OP_LET
          || nd->op == SG_OP_FORALL || nd->op == SG_OP_EXISTS || nd->op == SG_OP_MATCH)
        return false;
      for (uint32_t k = 0; k < nd->nargs; k++)
        {
          if (n >= 64) return false;
          st[n++] = sg_term_arg (s, x, k);
        }
    }
  return true;
}

/* Does t (small, closed) mention a declared symbol whose name some binder of the script also
 * binds? Placed under that binder, the name would be captured. */
static bool
mentions_bound_name (const sg_store *s, sg_term t, const uint8_t *bound, uint32_t natoms)
{
  sg_term st[64];
  uint32_t n = 0;
  st[n++] = t;
  while (n)
    {
      sg_term x = st[--n];
      const sg_node *nd = sg_term_node (s, x);
      if (nd->op == SG_OP_APP && nd->aux < s->funs.n)
        {
          sg_atom a = s->funs.a[nd->aux].name;
          if (a < natoms && bound[a]) return true;
        }
      for (uint32_t k = 0; k < nd->nargs && n < 64; k++) st[n++] = sg_term_arg (s, x, k);
    }
  return false;
}

sg_rc
sgj_collect_pool (jctx *c)
{
  const sg_store *s = c->s;
  uint32_t cs = check_sat_index (c->sc);
  SG_VEC_CLEAR (c->pool);
  SG_VEC_CLEAR (c->pool_cmd);
  uint32_t natoms = sg_atom_count (&s->atoms);
  free (c->bound);
  c->bound = calloc (natoms ? natoms : 1, 1);
  c->natoms = natoms;
  if (!c->bound) return SG_RC_NOMEM;
  for (uint32_t i = 0; i < c->o->a.n; i++)
    {
      const sg_node *nd = sg_term_node (s, c->o->a.a[i].term);
      if (nd->op == SG_OP_BVAR && nd->aux < natoms) c->bound[nd->aux] = 1;
    }
  for (uint32_t i = 0; i < c->o->a.n; i++)
    {
      const sg_occ *oc = &c->o->a.a[i];
      if (oc->scope != SG_NONE || (oc->flags & (SG_OCC_BINDER | SG_OCC_PATTERN))) continue;
      if (c->sc->cmds.a[oc->cmd].kind != SG_WK_ASSERT || oc->cmd >= cs) continue;
      if (sg_term_sort (s, oc->term) == s->s_reglan && sg_term_nargs (s, oc->term) > 3) continue;
      if (!sgj_closed_small (s, oc->term, 12)) continue;
      if (mentions_bound_name (s, oc->term, c->bound, natoms)) continue;
      if (c->pool.n >= 4096) break;
      if (!SG_VEC_PUSH (c->pool, oc->term) || !SG_VEC_PUSH (c->pool_cmd, oc->cmd)) return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

/* A random pool term of sort x, or SG_NONE. */
static sg_term
pool_pick (jctx *c, sg_sort x)
{
  uint32_t count = 0;
  for (uint32_t i = 0; i < c->pool.n; i++)
    count += sg_term_sort (c->s, c->pool.a[i]) == x && c->pool_cmd.a[i] <= c->target_cmd;
  if (!count) return SG_NONE;
  uint64_t k = sg_rng_below (c->rng, count);
  for (uint32_t i = 0; i < c->pool.n; i++)
    if (sg_term_sort (c->s, c->pool.a[i]) == x && c->pool_cmd.a[i] <= c->target_cmd && k-- == 0)
      return c->pool.a[i];
  return SG_NONE;
}

static sg_rc
mk_numeral (jctx *c, sg_sort sort, uint64_t v, bool neg, sg_term *out)
{
  char buf[48];
  sg_rc rc;
  if (sort == c->s->s_real)
    {
      int len = snprintf (buf, sizeof buf, "%llu.%llu", (unsigned long long) v,
                          (unsigned long long) sg_rng_below (c->rng, 10));
      rc = sg_mk_literal (c->s, SG_OP_DECIMAL, buf, (uint32_t) len, out);
    }
  else
    {
      int len = snprintf (buf, sizeof buf, "%llu", (unsigned long long) v);
      rc = sg_mk_literal (c->s, SG_OP_NUMERAL, buf, (uint32_t) len, out);
    }
  if (rc || !neg) return rc;
  sg_term a = *out;
  return sg_mk_app (c->s, SG_OP_NEG_SUB, &a, 1, NULL, 0, out);
}

static sg_rc
mk_random_string (jctx *c, uint32_t minlen, sg_term *out)
{
  char buf[16];
  uint32_t n = minlen + (uint32_t) sg_rng_below (c->rng, 10 - minlen);
  for (uint32_t i = 0; i < n; i++) buf[i] = (char) ('a' + sg_rng_below (c->rng, 26));
  return sg_mk_literal (c->s, SG_OP_STRING, buf, n, out);
}

/* A parameter of template class `cls` (the variable's first letter). */
sg_rc
sgj_param (jctx *c, char cls, sg_term *out)
{
  sg_store *s = c->s;
  sg_rc rc;
  sg_sort num = c->num != SG_NONE ? c->num : s->s_int;
  bool lit = sg_rng_chance (c->rng, 1, 4);
  sg_term t;
  switch (cls)
    {
    case 'i':
      num = s->s_int;
      /* fall through */
    case 'n': case 'c':
      if (!lit && (t = pool_pick (c, num)) != SG_NONE) { *out = t; return SG_RC_OK; }
      return mk_numeral (c, num, sg_rng_below (c->rng, 10000), sg_rng_chance (c->rng, 1, 2), out);
    case 'q':
      return mk_numeral (c, num, 1 + sg_rng_below (c->rng, 9999), sg_rng_chance (c->rng, 1, 2), out);
    case 'k':
      if (c->lk == L_ANY && num == s->s_int && sg_rng_chance (c->rng, 1, 3)
          && (t = pool_pick (c, num)) != SG_NONE)
        return sg_mk_app (s, SG_OP_ABS, &t, 1, NULL, 0, out);
      return mk_numeral (c, num, sg_rng_below (c->rng, 10000), false, out);
    case 'p':
      if (!lit && (t = pool_pick (c, s->s_bool)) != SG_NONE) { *out = t; return SG_RC_OK; }
      return sg_rng_chance (c->rng, 1, 2) ? sg_mk_true (s, out) : sg_mk_false (s, out);
    case 's':
      if (!lit && (t = pool_pick (c, s->s_string)) != SG_NONE) { *out = t; return SG_RC_OK; }
      return mk_random_string (c, 0, out);
    case 'l':
      {
        char ch = (char) ('a' + sg_rng_below (c->rng, 26));
        return sg_mk_literal (s, SG_OP_STRING, &ch, 1, out);
      }
    case 'r':
      {
        if (!lit && (t = pool_pick (c, s->s_reglan)) != SG_NONE) { *out = t; return SG_RC_OK; }
        sg_term u[3];
        for (int k = 0; k < 3; k++)
          {
            sg_term str;
            if ((rc = mk_random_string (c, 0, &str))) return rc;
            if ((rc = sg_mk_app (s, SG_OP_STR_TO_RE, &str, 1, NULL, 0, &u[k]))) return rc;
          }
        return sg_mk_app (s, SG_OP_RE_UNION, u, 3, NULL, 0, out);
      }
    case 'x':
      if (c->xsort == SG_NONE || (t = pool_pick (c, c->xsort)) == SG_NONE) return SG_RC_USAGE;
      *out = t;
      return SG_RC_OK;
    case 'v':
      if (c->vsort == SG_NONE)
        {
          /* the sequence sort of a random pool term */
          uint32_t count = 0;
          for (uint32_t i = 0; i < c->pool.n; i++)
            count += sg_sort_kind_of (s, sg_term_sort (s, c->pool.a[i])) == SG_SORT_SEQ && c->pool_cmd.a[i] <= c->target_cmd;
          if (!count) return SG_RC_USAGE;
          uint64_t k = sg_rng_below (c->rng, count);
          for (uint32_t i = 0; i < c->pool.n && c->vsort == SG_NONE; i++)
            if (sg_sort_kind_of (s, sg_term_sort (s, c->pool.a[i])) == SG_SORT_SEQ && c->pool_cmd.a[i] <= c->target_cmd
                && k-- == 0)
              c->vsort = sg_term_sort (s, c->pool.a[i]);
        }
      if (!lit && (t = pool_pick (c, c->vsort)) != SG_NONE) { *out = t; return SG_RC_OK; }
      return sg_mk_app_as (s, SG_OP_SEQ_EMPTY, NULL, 0, c->vsort, out);
    default:
      return SG_RC_USAGE;
    }
}

/* A value for a bound variable of sort x: a pool term or a literal. */
sg_rc
sgj_instance_of (jctx *c, sg_sort x, sg_term *out)
{
  sg_store *s = c->s;
  sg_term t = SG_NONE;
  if (!sg_rng_chance (c->rng, 1, 4)) t = pool_pick (c, x);
  if (t != SG_NONE) { *out = t; return SG_RC_OK; }
  if (x == s->s_int || x == s->s_real)
    return mk_numeral (c, x, sg_rng_below (c->rng, 100), sg_rng_chance (c->rng, 1, 2), out);
  if (x == s->s_bool) return sg_rng_chance (c->rng, 1, 2) ? sg_mk_true (s, out) : sg_mk_false (s, out);
  if (x == s->s_string) return mk_random_string (c, 0, out);
  if (sg_sort_kind_of (s, x) == SG_SORT_BV)
    {
      uint32_t w = sg_sort_bv_width (s, x);
      char digits[24];
      int len = snprintf (digits, sizeof digits, "%llu", (unsigned long long) sg_rng_below (c->rng, 16));
      return sg_mk_bvlit (s, digits, (uint32_t) len, w, out);
    }
  t = pool_pick (c, x);
  if (t == SG_NONE) return SG_RC_USAGE;
  *out = t;
  return SG_RC_OK;
}

void
sgj_ctx_init (jctx *c, const sg_janus *j, sg_script *sc, const sg_occs *o, sg_rng *rng)
{
  memset (c, 0, sizeof *c);
  c->j = j;
  c->sc = sc;
  c->s = sc->store;
  c->o = o;
  c->rng = rng;
  c->lk = logic_kind (sc);
  if (sc->logic != SG_ATOM_NONE)
    {
      const char *l = sg_store_text (sc->store, sc->logic);
      c->real_only = (strstr (l, "LRA") || strstr (l, "NRA") || strstr (l, "RDL")) && !strstr (l, "IRA");
    }
}

/* ---- substitution -------------------------------------------------------------------------- */

/* root with every occurrence of `from` replaced by `to`. from_is_var: `from` is a bound variable,
 * not replaced under a binder that binds it again (to is closed, so nothing is captured).
 * Iterative post-order over the DAG, memoised by term id. SG_RC_USAGE on a match term when
 * from_is_var (its patterns may bind it). */
sg_rc
sgj_subst (sg_store *s, sg_term root, sg_term from, sg_term to, bool from_is_var, sg_term *out)
{
  uint32_t n = s->nodes.n;
  uint32_t *memo = malloc ((size_t) n * sizeof *memo);
  sg_u32vec st = { 0 }, args = { 0 };
  if (!memo) return SG_RC_NOMEM;
  memset (memo, 0xff, (size_t) n * sizeof *memo);
  sg_rc rc = SG_RC_OK;
  if (!SG_VEC_PUSH (st, root)) rc = SG_RC_NOMEM;
  const uint32_t DONE = 0x80000000u;
  while (st.n && !rc)
    {
      uint32_t e = SG_VEC_POP (st);
      sg_term t = e & ~DONE;
      if (memo[t] != SG_NONE) continue;
      if (t == from) { memo[t] = to; continue; }
      const sg_node *nd = sg_term_node (s, t);
      uint32_t na = nd->nargs;
      if (!na) { memo[t] = t; continue; }
      /* Which children are rewritten: all, except variable slots and bodies under a binder
       * that binds `from` again. */
      uint32_t keep_from = na; /* children >= keep_from are kept (rebinding binder) */
      bool slots_kept = nd->op == SG_OP_LET || nd->op == SG_OP_FORALL || nd->op == SG_OP_EXISTS;
      if (from_is_var)
        {
          if (nd->op == SG_OP_MATCH) { rc = SG_RC_USAGE; break; }
          if (nd->op == SG_OP_FORALL || nd->op == SG_OP_EXISTS)
            for (uint32_t k = 0; k + 1 < na; k++)
              if (sg_term_arg (s, t, k) == from) keep_from = 0;
          if (nd->op == SG_OP_LET)
            for (uint32_t k = 0; k + 1 < na; k += 2)
              if (sg_term_arg (s, t, k) == from) keep_from = na - 1;
        }
      if (!(e & DONE))
        {
          if (!SG_VEC_PUSH (st, t | DONE)) { rc = SG_RC_NOMEM; break; }
          for (uint32_t k = 0; k < keep_from && k < na; k++)
            {
              sg_term a = sg_term_arg (s, t, k);
              bool slot = slots_kept && k + 1 < na && (nd->op != SG_OP_LET || k % 2 == 0);
              if (slot || a == from || (a < n && memo[a] != SG_NONE)) continue;
              if (!SG_VEC_PUSH (st, a)) { rc = SG_RC_NOMEM; break; }
            }
          continue;
        }
      SG_VEC_CLEAR (args);
      if (!SG_VEC_RESERVE (args, na)) { rc = SG_RC_NOMEM; break; }
      bool same = true;
      for (uint32_t k = 0; k < na; k++)
        {
          sg_term a = sg_term_arg (s, t, k);
          bool slot = slots_kept && k + 1 < na && (nd->op != SG_OP_LET || k % 2 == 0);
          sg_term r = a;
          if (!slot && k < keep_from) r = a == from ? to : memo[a];
          if (r == SG_NONE) r = a;
          args.a[k] = r;
          same &= r == a;
        }
      args.n = na;
      if (same) { memo[t] = t; continue; }
      sg_term nt;
      if ((rc = sg_term_rebuild (s, t, args.a, &nt))) break;
      memo[t] = nt;
    }
  if (!rc) *out = root == from ? to : memo[root];
  free (memo);
  SG_VEC_FREE (st);
  SG_VEC_FREE (args);
  return rc;
}

/* A quantifier body without its :pattern annotation (patterns may not survive the rule). */
sg_term
sgj_body_unannotated (const sg_store *s, sg_term body)
{
  while (sg_term_op (s, body) == SG_OP_ANNOT && !sgj_annot_named (s, body)) body = sg_term_arg (s, body, 0);
  return body;
}
