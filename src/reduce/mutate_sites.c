/* mutate_sites: where a reducer round can mutate — the sites of each mutator over the script's
 * commands, scopes and terms (one helper per SG_MUTATORS row), and the whole-text sites; the
 * candidates built from them are mutate.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/parse.h"
#include "front/print.h"
#include "reduce/mutate_int.h"

/* ---- helpers ----------------------------------------------------------------------------- */

sg_rc
sg_mut_push_site (sg_round *r, sg_site_kind k, uint32_t a, uint32_t b, sg_term t, sg_term u, uint32_t f)
{
  sg_site s = { (uint8_t) k, a, b, t, u, f };
  return SG_VEC_PUSH (r->sites, s) ? SG_RC_OK : SG_RC_NOMEM;
}

bool
sg_mut_replaceable (const sg_occ *o)
{
  return !(o->flags & (SG_OCC_BINDER | SG_OCC_PATTERN));
}

static bool
is_binder_op (sg_op op)
{
  return op == SG_OP_LET || op == SG_OP_FORALL || op == SG_OP_EXISTS || op == SG_OP_MATCH || op == SG_OP_LAMBDA
         || op == SG_OP_SET_COMP;
}

/* A constant of sort x: variant 0 is the smallest, 1 the next. SG_RC_SORT when none. */
sg_rc
sg_mut_constant (sg_store *s, sg_sort x, int variant, sg_term *out)
{
  const sg_sortnode *n = sg_sort_node (s, x);
  switch ((sg_sort_kind) n->kind)
    {
    case SG_SORT_BOOL: return variant ? sg_mk_true (s, out) : sg_mk_false (s, out);
    case SG_SORT_INT: return sg_mk_literal (s, SG_OP_NUMERAL, variant ? "1" : "0", 1, out);
    case SG_SORT_REAL: return sg_mk_literal (s, SG_OP_DECIMAL, variant ? "1.0" : "0.0", 3, out);
    case SG_SORT_STRING: return sg_mk_literal (s, SG_OP_STRING, "a", variant ? 1 : 0, out);
    case SG_SORT_RM: return sg_mk_app (s, variant ? SG_OP_RTZ : SG_OP_RNE, NULL, 0, NULL, 0, out);
    case SG_SORT_BV:
      {
        uint32_t w = n->a;
        if (w <= 64)
          {
            char bits[70] = "#b";
            for (uint32_t i = 0; i < w; i++) bits[2 + i] = (variant && i == w - 1) ? '1' : '0';
            return sg_mk_literal (s, SG_OP_BIN, bits, w + 2, out);
          }
        return sg_mk_bvlit (s, variant ? "1" : "0", 1, w, out);
      }
    case SG_SORT_FP:
      {
        uint32_t idx[2] = { n->a, n->b };
        return sg_mk_app (s, variant ? SG_OP_FP_NAN : SG_OP_FP_PZERO, NULL, 0, idx, 2, out);
      }
    case SG_SORT_ARRAY:
      {
        sg_term e;
        sg_rc rc = sg_mut_constant (s, n->b, variant, &e); /* one level: element sorts are shallow */
        if (rc) return rc;
        return sg_mk_const_array (s, x, e, out);
      }
    case SG_SORT_DT:
      {
        if (n->nargs) break;
        const sg_dt *dt = &s->dts.a[n->a];
        uint32_t seen = 0;
        for (uint32_t c = dt->cons; c < dt->cons + dt->ncons; c++)
          if (s->conss.a[c].nsel == 0 && seen++ == (uint32_t) variant)
            return sg_mk_dt_cons (s, c, NULL, 0, SG_NONE, out);
        break;
      }
    default: break;
    }
  return SG_RC_SORT;
}

/* ---- iterative substitution (let elimination, inlining) ---------------------------------- */

typedef struct tmap {
  uint32_t *k, *v;
  uint32_t cap, n;
} tmap;

static void tmap_free (tmap *m) { free (m->k); free (m->v); memset (m, 0, sizeof *m); }

static uint32_t
tmap_get (const tmap *m, uint32_t k)
{
  if (!m->cap) return SG_NONE;
  for (uint32_t i = (k * 2654435761u) & (m->cap - 1);; i = (i + 1) & (m->cap - 1))
    {
      if (m->k[i] == SG_NONE) return SG_NONE;
      if (m->k[i] == k) return m->v[i];
    }
}

static bool
tmap_put (tmap *m, uint32_t k, uint32_t v)
{
  if ((m->n + 1) * 2 > m->cap)
    {
      uint32_t nc = m->cap ? m->cap * 2 : 64;
      uint32_t *nk = malloc (nc * sizeof *nk), *nv = malloc (nc * sizeof *nv);
      if (!nk || !nv) { free (nk); free (nv); return false; }
      memset (nk, 0xff, nc * sizeof *nk);
      for (uint32_t i = 0; i < m->cap; i++)
        if (m->k[i] != SG_NONE)
          {
            uint32_t j = (m->k[i] * 2654435761u) & (nc - 1);
            while (nk[j] != SG_NONE) j = (j + 1) & (nc - 1);
            nk[j] = m->k[i];
            nv[j] = m->v[i];
          }
      free (m->k);
      free (m->v);
      m->k = nk;
      m->v = nv;
      m->cap = nc;
    }
  uint32_t i = (k * 2654435761u) & (m->cap - 1);
  while (m->k[i] != SG_NONE && m->k[i] != k) i = (i + 1) & (m->cap - 1);
  if (m->k[i] == SG_NONE) m->n++;
  m->k[i] = k;
  m->v[i] = v;
  return true;
}

/* Does binder term b (let/forall/exists/match) bind one of vars? */
static bool
rebinds (const sg_store *s, sg_term b, const tmap *vars)
{
  sg_op op = sg_term_op (s, b);
  uint32_t n = sg_term_nargs (s, b);
  const uint32_t *a = sg_term_args (s, b);
  if (op == SG_OP_LET)
    {
      for (uint32_t k = 0; k + 1 < n; k += 2)
        if (tmap_get (vars, a[k]) != SG_NONE) return true;
    }
  else if (op == SG_OP_FORALL || op == SG_OP_EXISTS)
    {
      for (uint32_t k = 0; k + 1 < n; k++)
        if (tmap_get (vars, a[k]) != SG_NONE) return true;
    }
  else if (op == SG_OP_MATCH)
    return true; /* patterns bind in ways we do not track: refuse */
  return false;
}

/* t with every key of `map` (BVARs) replaced by its value; SG_RC_SORT when a binder inside t
 * rebinds one of them (the caller then skips the mutation). Iterative post-order with memo. */
static sg_rc
subst (sg_store *s, sg_term t, tmap *map, sg_term *out)
{
  tmap vars = { 0 }, memo = { 0 };
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < map->cap; i++)
    if (map->k[i] != SG_NONE && !tmap_put (&vars, map->k[i], 1)) rc = SG_RC_NOMEM;
  sg_u32vec st = { 0 }, args = { 0 };
  if (!rc && !SG_VEC_PUSH (st, t)) rc = SG_RC_NOMEM;
  while (!rc && st.n)
    {
      sg_term x = SG_VEC_TOP (st);
      if (tmap_get (&memo, x) != SG_NONE) { st.n--; continue; }
      uint32_t v = tmap_get (map, x);
      if (v != SG_NONE) { st.n--; if (!tmap_put (&memo, x, v)) rc = SG_RC_NOMEM; continue; }
      uint32_t n = sg_term_nargs (s, x);
      if (n == 0) { st.n--; if (!tmap_put (&memo, x, x)) rc = SG_RC_NOMEM; continue; }
      if (is_binder_op (sg_term_op (s, x)) && rebinds (s, x, &vars)) { rc = SG_RC_SORT; break; }
      bool ready = true;
      for (uint32_t k = 0; k < n; k++)
        {
          sg_term c = sg_term_arg (s, x, k);
          if (tmap_get (&memo, c) == SG_NONE)
            {
              ready = false;
              if (!SG_VEC_PUSH (st, c)) { rc = SG_RC_NOMEM; break; }
            }
        }
      if (rc || !ready) continue;
      st.n--;
      SG_VEC_CLEAR (args);
      bool same = true;
      for (uint32_t k = 0; k < n; k++)
        {
          sg_term c = sg_term_arg (s, x, k), nc = tmap_get (&memo, c);
          if (nc != c) same = false;
          if (!SG_VEC_PUSH (args, nc)) { rc = SG_RC_NOMEM; break; }
        }
      sg_term y = x;
      if (!rc && !same) rc = sg_term_rebuild (s, x, args.a, &y);
      if (!rc && !tmap_put (&memo, x, y)) rc = SG_RC_NOMEM;
    }
  if (!rc) *out = tmap_get (&memo, t);
  SG_VEC_FREE (st);
  SG_VEC_FREE (args);
  tmap_free (&vars);
  tmap_free (&memo);
  return rc;
}

/* ---- site generation -------------------------------------------------------------------- */

static bool
is_decl_cmd (uint16_t k)
{
  return k == SG_WK_DECLARE_FUN || k == SG_WK_DECLARE_CONST || k == SG_WK_DECLARE_SORT
         || k == SG_WK_DEFINE_SORT || k == SG_WK_DEFINE_FUN || k == SG_WK_DEFINE_FUN_REC
         || k == SG_WK_DEFINE_FUNS_REC || k == SG_WK_DECLARE_DATATYPE
         || k == SG_WK_DECLARE_DATATYPES || k == SG_WK_DEFINE_CONST;
}

static sg_rc
sites_commands (sg_round *r, bool decls)
{
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < r->script.cmds.n && !rc; i++)
    {
      uint16_t k = r->script.cmds.a[i].kind;
      if (k == SG_WK_PUSH || k == SG_WK_POP) continue; /* remove-scopes pairs them */
      if (is_decl_cmd (k) != decls) continue;
      rc = sg_mut_push_site (r, SG_SITE_DEL, i, i, SG_NONE, SG_NONE, SG_NONE);
    }
  return rc;
}

static sg_rc
sites_scopes (sg_round *r)
{
  sg_u32vec open = { 0 };
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < r->script.cmds.n && !rc; i++)
    {
      const sg_cmd *c = &r->script.cmds.a[i];
      uint32_t cnt = c->aux == SG_NONE ? 1 : c->aux;
      if (c->kind == SG_WK_PUSH && cnt == 1) { if (!SG_VEC_PUSH (open, i)) rc = SG_RC_NOMEM; }
      else if (c->kind == SG_WK_PUSH) { if (!SG_VEC_PUSH (open, SG_NONE)) rc = SG_RC_NOMEM; }
      else if (c->kind == SG_WK_POP && open.n)
        {
          uint32_t p = SG_VEC_POP (open);
          if (p != SG_NONE && cnt == 1)
            {
              rc = sg_mut_push_site (r, SG_SITE_DEL, p, i, SG_NONE, SG_NONE, SG_NONE);
              if (!rc) rc = sg_mut_push_site (r, SG_SITE_PAIR, p, i, SG_NONE, SG_NONE, SG_NONE);
            }
          else open.n = 0; /* pops of several levels: stop pairing */
        }
    }
  /* A push without a pop (e.g. the last level): remove the push alone. */
  for (uint32_t k = 0; k < open.n && !rc; k++)
    if (open.a[k] != SG_NONE) rc = sg_mut_push_site (r, SG_SITE_DEL, open.a[k], open.a[k], SG_NONE, SG_NONE, SG_NONE);
  SG_VEC_FREE (open);
  return rc;
}

static bool
nary_assoc (sg_op op)
{
  switch (op)
    {
    case SG_OP_AND: case SG_OP_OR: case SG_OP_XOR: case SG_OP_ADD: case SG_OP_MUL:
    case SG_OP_BVAND: case SG_OP_BVOR: case SG_OP_BVXOR: case SG_OP_BVADD: case SG_OP_BVMUL:
    case SG_OP_CONCAT: case SG_OP_STR_CONCAT: case SG_OP_RE_CONCAT:
      return true;
    default: return false;
    }
}

/* Rebuild built-in t with args (any count). */
sg_rc
sg_mut_like (sg_store *s, sg_term t, const sg_term *args, uint32_t n, sg_term *out)
{
  sg_op op = sg_term_op (s, t);
  const sg_node *nd = sg_term_node (s, t);
  if (op <= SG_OP_FIRST_BUILTIN || (nd->flags & SG_TF_IMPLICIT)) return SG_RC_SORT;
  if (n == nd->nargs) return sg_term_rebuild (s, t, args, out);
  if (n == 1 && nary_assoc (op) && op != SG_OP_CONCAT && sg_term_sort (s, args[0]) == nd->sort)
    { *out = args[0]; return SG_RC_OK; }
  if (n == 0) return SG_RC_SORT;
  uint32_t idx[8];
  uint32_t ni = nd->nidx < 8 ? nd->nidx : 8;
  if (ni) memcpy (idx, sg_term_indices (s, t), ni * sizeof *idx);
  return sg_mk_app (s, op, args, n, idx, ni, out);
}

/* Is x a declared constant (a 0-ary declare-fun/declare-const application)? */
bool
sg_mut_is_declared_const (const sg_store *s, sg_term x)
{
  if (sg_term_op (s, x) != SG_OP_APP || sg_term_nargs (s, x) != 0) return false;
  return s->funs.a[sg_term_node (s, x)->aux].kind == SG_FUN_DECLARED;
}

/* Does t contain x? Iterative, over at most `budget` distinct nodes; true when unsure. */
bool
sg_mut_may_contain (const sg_store *s, sg_term t, sg_term x, uint32_t budget)
{
  if (t == x) return true;
  sg_u32vec stack = { 0 }, seen = { 0 };
  bool found = false;
  if (!SG_VEC_PUSH (stack, t)) return true;
  while (stack.n && !found)
    {
      sg_term u = stack.a[--stack.n];
      bool dup = false;
      for (uint32_t k = 0; k < seen.n && !dup; k++) dup = seen.a[k] == u;
      if (dup) continue;
      if (seen.n >= budget || !SG_VEC_PUSH (seen, u)) { found = true; break; }
      uint32_t n = sg_term_nargs (s, u);
      for (uint32_t k = 0; k < n && !found; k++)
        {
          sg_term c = sg_term_arg (s, u, k);
          if (c == x) found = true;
          else if (!SG_VEC_PUSH (stack, c)) found = true;
        }
    }
  SG_VEC_FREE (stack);
  SG_VEC_FREE (seen);
  return found;
}

/* ---- term sites: one helper per term mutator (a row of SG_MUTATORS) ---------------------- */

typedef sg_term_site term_site; /* mutate_int.h */

/* replace-by-variable: the first declared constant of each sort, as (sort, term) pairs. */
static sg_rc
first_consts (sg_store *s, sg_u32vec *firsts)
{
  sg_rc rc = SG_RC_OK;
  for (uint32_t f = 0; f < s->funs.n && !rc; f++)
    {
      const sg_fun *fn = &s->funs.a[f];
      if (fn->kind != SG_FUN_DECLARED || fn->nparams != 0) continue;
      bool have = false;
      for (uint32_t k = 0; k < firsts->n && !have; k += 2) have = firsts->a[k] == fn->ret;
      sg_term y;
      if (have) continue;
      if ((rc = sg_mk_fun_app (s, f, NULL, 0, &y))) break;
      if (!SG_VEC_PUSH (*firsts, fn->ret) || !SG_VEC_PUSH (*firsts, y)) rc = SG_RC_NOMEM;
    }
  return rc;
}

/* constants: a term -> the smallest (variant 0) or next (variant 1) constant of its sort. */
static sg_rc
site_const (const term_site *ts)
{
  sg_store *s = ts->s;
  sg_term c;
  if (sg_mut_constant (s, ts->so, ts->variant, &c)) { s->err[0] = 0; return SG_RC_OK; }
  if (c == ts->t) return SG_RC_OK;
  if (ts->variant == 1)
    {
      sg_term c0;
      if (!sg_mut_constant (s, ts->so, 0, &c0) && c0 == ts->t) return SG_RC_OK; /* never grow a constant */
    }
  return sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, c, SG_NONE, SG_NONE);
}

/* substitute-child: a term -> one of its children of the same sort. */
static sg_rc
site_child (const term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t;
  sg_op op = ts->op;
  sg_rc rc = SG_RC_OK;
  if (ts->variant) return SG_RC_OK;
  if (op == SG_OP_LET || op == SG_OP_MATCH) return SG_RC_OK; /* LET: eliminate-let */
  for (uint32_t k = 0; k < ts->n && !rc; k++)
    {
      sg_term ch = sg_term_arg (s, t, k);
      if (sg_term_sort (s, ch) != ts->so || ch == t) continue;
      if (op == SG_OP_ANNOT && k > 0) continue;
      if (is_binder_op (op))
        {
          bool fits = false;
          if (sg_occ_fits (s, ts->o, ts->i, ch, &fits) || !fits) continue;
        }
      rc = sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, ch, SG_NONE, SG_NONE);
    }
  return rc;
}

/* fresh-variable: a term -> a fresh constant of its sort. */
static sg_rc
site_fresh (const term_site *ts)
{
  if (ts->variant || ts->n == 0) return SG_RC_OK;
  if (sg_sort_kind_of (ts->s, ts->so) == SG_SORT_PARAM) return SG_RC_OK;
  return sg_mut_push_site (ts->r, SG_SITE_FRESH, ts->i, 0, ts->so, SG_NONE, SG_NONE);
}

/* Where the equation at occurrence i goes with its variable: the assert it makes up (*cmd), or
 * the conjunct of an assert's conjunction it is (*drop). False when neither. */
static bool
elim_target (const term_site *ts, uint32_t *drop, uint32_t *cmd)
{
  const sg_occs *o = ts->o;
  uint32_t i = ts->i;
  *drop = *cmd = SG_NONE;
  if (ts->r->script.cmds.a[o->a.a[i].cmd].kind != SG_WK_ASSERT) return false;
  if (o->a.a[i].parent == SG_NONE) { *cmd = o->a.a[i].cmd; return true; }
  for (uint32_t p = o->a.a[i].parent; p != SG_NONE; p = o->a.a[p].parent)
    {
      sg_term a = o->a.a[p].term;
      if (sg_term_op (ts->s, a) != SG_OP_AND || (sg_term_node (ts->s, a)->flags & SG_TF_IMPLICIT)) return false;
    }
  *drop = i;
  return true;
}

/* eliminate-variables: (= x u) with x a declared constant not in u: every occurrence of x -> u
 * (ddSMT's eliminate-variable); once per (x, u). An equation that is an assert, or a conjunct
 * of one, goes with it first (x := u, the equation gone). */
static sg_rc
site_elim (const term_site *ts)
{
  sg_round *r = ts->r;
  sg_store *s = ts->s;
  sg_term t = ts->t;
  sg_rc rc = SG_RC_OK;
  if (ts->variant || ts->op != SG_OP_EQ || ts->n != 2) return SG_RC_OK;
  uint32_t drop, cmd;
  bool whole = elim_target (ts, &drop, &cmd);
  for (uint32_t side = 0; side < 2 && !rc; side++)
    {
      sg_term x = sg_term_arg (s, t, side), u = sg_term_arg (s, t, 1 - side);
      if (!sg_mut_is_declared_const (s, x) || x == u || sg_mut_may_contain (s, u, x, 64)) continue;
      if (whole && (rc = sg_mut_push_site (r, SG_SITE_ELIM, drop, cmd, x, u, SG_NONE))) break;
      bool first = true;
      for (uint32_t q = 0; q < r->sites.n && first; q++)
        if (r->sites.a[q].kind == SG_SITE_SUBST && r->sites.a[q].t == x && r->sites.a[q].u == u)
          first = false;
      if (first) rc = sg_mut_push_site (r, SG_SITE_SUBST, ts->i, 0, x, u, SG_NONE);
    }
  return rc;
}

/* replace-by-variable: a term -> the first declared constant of its sort (ddSMT's
 * replace-by-variable); a constant only by an earlier one, so repeated rounds converge. */
static sg_rc
site_var (const term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t;
  const sg_u32vec *firsts = ts->firsts;
  if (ts->variant || sg_sort_kind_of (s, ts->so) == SG_SORT_BOOL) return SG_RC_OK;
  for (uint32_t k = 0; k < firsts->n; k += 2)
    if (firsts->a[k] == ts->so)
      {
        sg_term y = firsts->a[k + 1];
        if (y == t || (ts->n == 0 && ts->op != SG_OP_APP)) return SG_RC_OK; /* not literals either */
        if (sg_mut_is_declared_const (s, t) && sg_term_node (s, t)->aux < sg_term_node (s, y)->aux) return SG_RC_OK;
        return sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, y, SG_NONE, SG_NONE);
      }
  return SG_RC_OK;
}

/* binary-reduction: drop the occurrence from its n-ary built-in parent. */
static sg_rc
site_drop (const term_site *ts)
{
  sg_store *s = ts->s;
  if (ts->variant || ts->oc->parent == SG_NONE) return SG_RC_OK;
  sg_term p = ts->o->a.a[ts->oc->parent].term;
  sg_op pop = sg_term_op (s, p);
  if (pop <= SG_OP_FIRST_BUILTIN || sg_op_info (pop)->max_args != SG_ARGS_N) return SG_RC_OK;
  if (sg_term_nargs (s, p) < 2 || (sg_term_node (s, p)->flags & SG_TF_IMPLICIT)) return SG_RC_OK;
  return sg_mut_push_site (ts->r, SG_SITE_DROP, ts->i, 0, SG_NONE, SG_NONE, SG_NONE);
}

/* merge-children: (and a (and b c)) -> (and a b c). */
static sg_rc
site_merge (const term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t, c;
  sg_op op = ts->op;
  sg_u32vec *args = ts->args;
  sg_rc rc = SG_RC_OK;
  if (ts->variant || !nary_assoc (op) || (sg_term_node (s, t)->flags & SG_TF_IMPLICIT)) return SG_RC_OK;
  bool any = false;
  SG_VEC_CLEAR (*args);
  for (uint32_t k = 0; k < ts->n && !rc; k++)
    {
      sg_term ch = sg_term_arg (s, t, k);
      if (sg_term_op (s, ch) == op && !(sg_term_node (s, ch)->flags & SG_TF_IMPLICIT))
        {
          any = true;
          for (uint32_t q = 0; q < sg_term_nargs (s, ch); q++)
            if (!SG_VEC_PUSH (*args, sg_term_arg (s, ch, q))) rc = SG_RC_NOMEM;
        }
      else if (!SG_VEC_PUSH (*args, ch)) rc = SG_RC_NOMEM;
    }
  if (!rc && any && !sg_mut_like (s, t, args->a, args->n, &c))
    rc = sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, c, SG_NONE, SG_NONE);
  s->err[0] = 0;
  return rc;
}

/* eliminate-let: a let -> its body with all, or (several bindings) one, of the bindings put in. */
static sg_rc
site_let (const term_site *ts)
{
  sg_round *r = ts->r;
  sg_store *s = ts->s;
  sg_term t = ts->t, c;
  uint32_t n = ts->n, i = ts->i;
  sg_rc rc = SG_RC_OK;
  if (ts->variant || ts->op != SG_OP_LET) return SG_RC_OK;
  tmap map = { 0 };
  const uint32_t *a = sg_term_args (s, t);
  for (uint32_t k = 0; k + 1 < n; k += 2)
    if (!tmap_put (&map, a[k], a[k + 1])) rc = SG_RC_NOMEM;
  sg_rc e = rc ? rc : subst (s, a[n - 1], &map, &c);
  tmap_free (&map);
  if (e == SG_RC_NOMEM) rc = e;
  else if (!e) rc = sg_mut_push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
  /* With several bindings, also one binding at a time: (let ((x u) (y v)) b) ->
   * (let ((y v)) b[u/x]). The bindings are parallel (their values see the outer
   * scope), so only the body takes the value. */
  /* a copy of the let's arguments: building terms may move the store's arrays */
  sg_term *rest = n >= 5 && !rc ? malloc ((2 * n - 2) * sizeof *rest) : NULL;
  if (n >= 5 && !rc && !rest) rc = SG_RC_NOMEM;
  if (rest) memcpy (rest + n - 2, sg_term_args (s, t), n * sizeof *rest), a = rest + n - 2;
  for (uint32_t k = 0; rest && !rc && k + 1 < n; k += 2)
    {
      tmap one = { 0 };
      sg_term body;
      if (!tmap_put (&one, a[k], a[k + 1])) { tmap_free (&one); rc = SG_RC_NOMEM; break; }
      e = subst (s, a[n - 1], &one, &body);
      tmap_free (&one);
      if (e == SG_RC_NOMEM) { rc = e; break; }
      if (e) continue;
      uint32_t m = 0;
      for (uint32_t j = 0; j + 1 < n; j += 2)
        if (j != k) rest[m++] = a[j], rest[m++] = a[j + 1];
      rest[m++] = body;
      e = sg_mk_binder (s, SG_OP_LET, rest, m, &c);
      if (e) s->err[0] = 0;
      if (e == SG_RC_NOMEM) rc = e;
      else if (!e) rc = sg_mut_push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
    }
  free (rest);
  return rc;
}

/* inline-define-fun: (f a b) -> f's body with a, b for its parameters. */
static sg_rc
site_inline (const term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t, c;
  sg_rc rc = SG_RC_OK;
  if (ts->variant || ts->op != SG_OP_APP) return SG_RC_OK;
  const sg_fun *f = &s->funs.a[sg_term_node (s, t)->aux];
  if (f->kind != SG_FUN_DEFINED || f->body == SG_NONE) return SG_RC_OK;
  tmap map = { 0 };
  for (uint32_t k = 0; k < f->nparams && k < ts->n; k++)
    if (!tmap_put (&map, s->pool.a[f->vars + k], sg_term_arg (s, t, k))) rc = SG_RC_NOMEM;
  sg_rc e = rc ? rc : subst (s, f->body, &map, &c);
  tmap_free (&map);
  if (e == SG_RC_NOMEM) rc = e;
  else if (!e && sg_term_sort (s, c) == ts->so) rc = sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, c, SG_NONE, SG_NONE);
  return rc;
}

/* remove-annotations: (! t :attr ...) -> t. */
static sg_rc
site_annot (const term_site *ts)
{
  if (ts->variant || ts->op != SG_OP_ANNOT) return SG_RC_OK;
  return sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, sg_term_arg (ts->s, ts->t, 0), SG_NONE, SG_NONE);
}

/* boolean, quantifiers: drop the bound variables the body does not use (all: the body alone). */
static sg_rc
site_bool_quant (const term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t, c;
  uint32_t n = ts->n;
  sg_u32vec *args = ts->args;
  sg_rc rc = SG_RC_OK;
  sg_u32vec fv = { 0 };
  sg_term body = sg_term_arg (s, t, n - 1);
  if (sg_term_free_vars (s, body, &fv)) { SG_VEC_FREE (fv); return SG_RC_NOMEM; }
  SG_VEC_CLEAR (*args);
  for (uint32_t k = 0; k + 1 < n && !rc; k++)
    {
      sg_term v = sg_term_arg (s, t, k);
      bool used = false;
      for (uint32_t q = 0; q < fv.n && !used; q++) used = fv.a[q] == v;
      if (used && !SG_VEC_PUSH (*args, v)) rc = SG_RC_NOMEM;
    }
  SG_VEC_FREE (fv);
  if (rc || args->n + 1 == n) return rc;
  if (!args->n) c = body;
  else if (!SG_VEC_PUSH (*args, body) || sg_mk_binder (s, ts->op, args->a, args->n, &c))
    { s->err[0] = 0; return SG_RC_OK; }
  return sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, c, SG_NONE, SG_NONE);
}

/* boolean, ite: (ite c true false) -> c, (ite c false true) -> (not c), (ite c x false) ->
 * (and c x), (ite c true x) -> (or c x). */
static sg_rc
site_bool_ite (const term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t, c;
  sg_rc rc = SG_RC_OK;
  sg_term cnd = sg_term_arg (s, t, 0), th = sg_term_arg (s, t, 1), el = sg_term_arg (s, t, 2);
  bool tt = sg_term_op (s, th) == SG_OP_TRUE, tf = sg_term_op (s, th) == SG_OP_FALSE;
  bool et = sg_term_op (s, el) == SG_OP_TRUE, ef = sg_term_op (s, el) == SG_OP_FALSE;
  sg_op none = SG_OP_FIRST_BUILTIN;
  sg_op to = tt && ef ? SG_OP_ITE : tf && et ? SG_OP_NOT : ef ? SG_OP_AND : tt ? SG_OP_OR : none;
  sg_term two[2] = { cnd, ef ? th : el };
  if (to == SG_OP_ITE) rc = sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, cnd, SG_NONE, SG_NONE);
  else if (to != none && !sg_mk_app (s, to, two, to == SG_OP_NOT ? 1 : 2, NULL, 0, &c))
    rc = sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, c, SG_NONE, SG_NONE);
  s->err[0] = 0;
  return rc;
}

/* boolean: (not (not t)) -> t, (=> a b) -> b, ite with constant branches, unused q-vars. */
static sg_rc
site_bool (const term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t;
  sg_op op = ts->op;
  uint32_t n = ts->n;
  if (ts->variant || ts->so != s->s_bool || n == 0) return SG_RC_OK;
  if ((op == SG_OP_FORALL || op == SG_OP_EXISTS) && n >= 2) return site_bool_quant (ts);
  if (op == SG_OP_NOT && sg_term_op (s, sg_term_arg (s, t, 0)) == SG_OP_NOT)
    return sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, sg_term_arg (s, sg_term_arg (s, t, 0), 0), SG_NONE, SG_NONE);
  if (op == SG_OP_IMPLIES) /* (=> a ... b) -> b */
    return sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, sg_term_arg (s, t, n - 1), SG_NONE, SG_NONE);
  if (op == SG_OP_ITE && n == 3) return site_bool_ite (ts);
  /* (distinct a b) -> (not (= a b)) is not smaller; (xor a b) -> (= a b)? no: keep (not a)
   * variants out, they grow the text */
  return SG_RC_OK;
}

/* arithmetic: shorter numerals, relations -> = (and >= -> >, <= -> <), (- t) -> t. */
static sg_rc
site_arith (const term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t, c;
  sg_op op = ts->op;
  uint32_t n = ts->n, i = ts->i;
  sg_round *r = ts->r;
  sg_rc rc = SG_RC_OK;
  if (ts->variant) return SG_RC_OK;
  if (op == SG_OP_NUMERAL || op == SG_OP_DECIMAL)
    {
      const char *txt = sg_store_text (s, sg_term_node (s, t)->aux);
      size_t len = strlen (txt);
      const char *dot = strchr (txt, '.');
      size_t ip = dot ? (size_t) (dot - txt) : len;
      if (ip > 1)
        {
          char buf[64];
          size_t keep = ip / 2;
          if (keep > 40) keep = 40;
          snprintf (buf, sizeof buf, "%.*s%s", (int) keep, txt, dot ? ".0" : "");
          if (!sg_mk_literal (s, op, buf, (uint32_t) strlen (buf), &c))
            rc = sg_mut_push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
          s->err[0] = 0;
        }
    }
  else if (n == 2 && (op == SG_OP_LT || op == SG_OP_LE || op == SG_OP_GT || op == SG_OP_GE))
    {
      if (!sg_mk_app (s, SG_OP_EQ, sg_term_args (s, t), 2, NULL, 0, &c))
        rc = sg_mut_push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
      s->err[0] = 0;
      /* and the one-character relation: (>= a b) -> (> a b), (<= a b) -> (< a b) */
      sg_op strict = op == SG_OP_GE ? SG_OP_GT : op == SG_OP_LE ? SG_OP_LT : op;
      sg_term ab[2] = { sg_term_arg (s, t, 0), sg_term_arg (s, t, 1) };
      if (!rc && strict != op && !sg_mk_app (s, strict, ab, 2, NULL, 0, &c))
        rc = sg_mut_push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
      s->err[0] = 0;
    }
  else if (op == SG_OP_NEG_SUB && n == 1)
    rc = sg_mut_push_site (r, SG_SITE_REPL, i, 0, sg_term_arg (s, t, 0), SG_NONE, SG_NONE);
  return rc;
}

/* Is there already a SUBST site for term t (any replacement)? */
bool
sg_mut_have_subst (const sg_round *r, sg_term t)
{
  for (uint32_t q = 0; q < r->sites.n; q++)
    if (r->sites.a[q].kind == SG_SITE_SUBST && r->sites.a[q].t == t) return true;
  return false;
}

/* bit-vectors: ((_ zero_extend 0) t) -> t; bit-width reduction of constants. */
static sg_rc
site_bv (const term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t, c;
  sg_op op = ts->op;
  sg_sort so = ts->so;
  sg_rc rc = SG_RC_OK;
  if (ts->variant) return SG_RC_OK;
  if ((op == SG_OP_ZERO_EXTEND || op == SG_OP_SIGN_EXTEND) && sg_term_indices (s, t)[0] == 0)
    rc = sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, sg_term_arg (s, t, 0), SG_NONE, SG_NONE);
  else if (op == SG_OP_APP && ts->n == 0 && sg_sort_kind_of (s, so) == SG_SORT_BV
           && sg_sort_bv_width (s, so) > 1 && ts->oc->parent != SG_NONE)
    {
      /* bit-width reduction: x (width w) -> ((_ zero_extend w-w/2) y), y of width w/2;
       * every occurrence of x at once (a SUBST site, once per constant). */
      if (sg_mut_have_subst (ts->r, t)) return SG_RC_OK;
      uint32_t w = sg_sort_bv_width (s, so), h = w / 2;
      sg_sort hs;
      sg_atom nm;
      uint32_t fun;
      sg_term y;
      uint32_t ext = w - h;
      if (!(rc = sg_sort_bv (s, h, &hs)) && !(rc = sg_store_fresh_atom (s, "bv", &nm))
          && !(rc = sg_store_add_fun (s, nm, SG_FUN_DECLARED, NULL, 0, hs, &fun))
          && !(rc = sg_mk_fun_app (s, fun, NULL, 0, &y))
          && !sg_mk_app (s, SG_OP_ZERO_EXTEND, &y, 1, &ext, 1, &c))
        rc = sg_mut_push_site (ts->r, SG_SITE_SUBST, ts->i, 0, t, c, fun);
      s->err[0] = 0;
    }
  return rc;
}

/* floating-point: a constant -> ((_ to_fp e s) RNE y), y a fresh constant of a smaller format. */
static sg_rc
site_fp (const term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t, c;
  sg_sort so = ts->so;
  sg_rc rc = SG_RC_OK;
  if (ts->variant || ts->op != SG_OP_APP || ts->n != 0 || sg_sort_kind_of (s, so) != SG_SORT_FP)
    return SG_RC_OK;
  const sg_sortnode *sn = sg_sort_node (s, so);
  uint32_t eb = sn->a > 5 ? 5 : 3, sb = sn->b > 11 ? 11 : 5;
  if (eb >= sn->a && sb >= sn->b) return SG_RC_OK;
  if (sg_mut_have_subst (ts->r, t)) return SG_RC_OK;
  sg_sort small;
  sg_atom nm;
  uint32_t fun;
  sg_term y, rm, a2[2];
  uint32_t idx[2] = { sn->a, sn->b };
  if (!(rc = sg_sort_fp (s, eb, sb, &small)) && !(rc = sg_store_fresh_atom (s, "fp", &nm))
      && !(rc = sg_store_add_fun (s, nm, SG_FUN_DECLARED, NULL, 0, small, &fun))
      && !(rc = sg_mk_fun_app (s, fun, NULL, 0, &y))
      && !(rc = sg_mk_app (s, SG_OP_RNE, NULL, 0, NULL, 0, &rm)))
    {
      a2[0] = rm;
      a2[1] = y;
      if (!sg_mk_app (s, SG_OP_TO_FP, a2, 2, idx, 2, &c))
        rc = sg_mut_push_site (ts->r, SG_SITE_SUBST, ts->i, 0, t, c, fun);
    }
  s->err[0] = 0;
  return rc;
}

/* strings: a string literal -> its first half. */
static sg_rc
site_string (const term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t, c;
  sg_rc rc = SG_RC_OK;
  if (ts->variant || ts->op != SG_OP_STRING) return SG_RC_OK;
  const char *txt = sg_store_text (s, sg_term_node (s, t)->aux);
  uint32_t len = sg_atom_len (&s->atoms, sg_term_node (s, t)->aux);
  if (len > 1)
    {
      if (!sg_mk_literal (s, SG_OP_STRING, txt, len / 2, &c))
        rc = sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, c, SG_NONE, SG_NONE);
      s->err[0] = 0;
    }
  return rc;
}

/* The sites term mutator m finds at one occurrence. */
static sg_rc
site_term (const term_site *ts, sg_mutator m)
{
  switch (m)
    {
    case SG_MUT_CONST: return site_const (ts);
    case SG_MUT_CHILD: return site_child (ts);
    case SG_MUT_FRESH: return site_fresh (ts);
    case SG_MUT_ELIM: return site_elim (ts);
    case SG_MUT_VAR: return site_var (ts);
    case SG_MUT_DROP: return site_drop (ts);
    case SG_MUT_MERGE: return site_merge (ts);
    case SG_MUT_LET: return site_let (ts);
    case SG_MUT_INLINE: return site_inline (ts);
    case SG_MUT_ANNOT: return site_annot (ts);
    case SG_MUT_BOOL: return site_bool (ts);
    case SG_MUT_ARITH: return site_arith (ts);
    case SG_MUT_BV: return site_bv (ts);
    case SG_MUT_FP: return site_fp (ts);
    case SG_MUT_STRING: return site_string (ts);
    default: return sg_mut_dd_site (ts, m); /* mutate_dd.c */
    }
}

/* The sites of term mutator m: two passes (variants) over the replaceable occurrences. */
static sg_rc
sites_terms (sg_round *r, sg_mutator m)
{
  if (!r->have_occs) return SG_RC_OK;
  sg_store *s = &r->store;
  const sg_occs *o = &r->occs;
  sg_rc rc = SG_RC_OK;
  sg_u32vec args = { 0 };
  uint32_t nocc = o->a.n;
  sg_u32vec firsts = { 0 };
  if (m == SG_MUT_VAR) rc = first_consts (s, &firsts);
  for (int variant = 0; variant < 2 && !rc; variant++)
    for (uint32_t i = 0; i < nocc && !rc; i++)
      {
        const sg_occ *oc = &o->a.a[i];
        if (!sg_mut_replaceable (oc)) continue;
        sg_term t = oc->term;
        sg_op op = sg_term_op (s, t);
        /* a :named term stays (others refer to its name) unless remove-annotations takes it */
        if (op == SG_OP_ANNOT && m != SG_MUT_ANNOT && s->annots.a[sg_term_node (s, t)->aux].named != SG_NONE)
          continue;
        term_site ts = { r, s, o, oc, i, t, op, sg_term_nargs (s, t), sg_term_sort (s, t), variant, &args, &firsts };
        rc = site_term (&ts, m);
      }
  SG_VEC_FREE (args);
  SG_VEC_FREE (firsts);
  return rc;
}

/* ---- text sites (names, logic, datatypes: mutate_text.c) ------------------------------------- */

sg_rc
sg_round_add_text (sg_round *r, sg_buf *b)
{
  if (!sg_buf_ok (b)) return SG_RC_NOMEM;
  char *t = malloc (b->len + 1);
  if (!t) return SG_RC_NOMEM;
  memcpy (t, b->len ? b->s : "", b->len);
  t[b->len] = 0;
  if (!SG_VEC_PUSH (r->texts, t)) { free (t); return SG_RC_NOMEM; }
  return sg_mut_push_site (r, SG_SITE_TEXT, r->texts.n - 1, 0, SG_NONE, SG_NONE, SG_NONE);
}

static sg_rc
sites_checksat (sg_round *r)
{
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < r->script.cmds.n && !rc; i++)
    if (r->script.cmds.a[i].kind == SG_WK_CHECK_SAT_ASSUMING)
      rc = sg_mut_push_site (r, SG_SITE_EDIT, i, 0, SG_NONE, SG_NONE, SG_NONE);
  return rc;
}

sg_rc
sg_round_sites (sg_round *r, sg_mutator m)
{
  SG_VEC_CLEAR (r->sites);
  r->store.err[0] = 0;
  switch (m)
    {
    case SG_MUT_DEL_CMD: return sites_commands (r, false);
    case SG_MUT_DEL_DECL: return sites_commands (r, true);
    case SG_MUT_SCOPE: return sites_scopes (r);
    case SG_MUT_CHECKSAT: return sites_checksat (r);
    case SG_MUT_ASSUME: return sg_round_sites_assume (r);
    case SG_MUT_NAMED: return sg_round_sites_named (r);
    case SG_MUT_NAMES: return sg_round_sites_names (r);
    case SG_MUT_LOGIC: return sg_round_sites_logic (r);
    case SG_MUT_DT: return sg_round_sites_dt (r);
    case SG_MUT_FPSORT: return sg_round_sites_fpsort (r);
    case SG_MUT_DTREM: return sg_round_sites_dtrem (r);
    case SG_MUT_RECFUN: return sg_round_sites_recfun (r);
    case SG_MUT_REUSE: return sg_round_sites_reuse (r);
    default: return sites_terms (r, m);
    }
}

