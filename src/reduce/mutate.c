/* mutate: sites and candidates of the reducer. */
#include "reduce/mutate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/parse.h"
#include "front/print.h"
#include "reduce/mutate_int.h"

#define OCC_MAX (4u << 20) /* occurrences beyond this: only command-level mutators */

static const char *const mut_names[] = {
#define X(e, s, d) s,
  SG_MUTATORS (X)
#undef X
};
static const bool mut_ddmin[] = {
#define X(e, s, d) d,
  SG_MUTATORS (X)
#undef X
};

const char *sg_mutator_name (sg_mutator m) { return m < SG_MUT_COUNT ? mut_names[m] : "?"; }
bool sg_mutator_ddmin (sg_mutator m) { return m < SG_MUT_COUNT && mut_ddmin[m]; }

sg_rc
sg_round_open (sg_round *r, const char *text, size_t len, const char *name, sg_diag *d)
{
  memset (r, 0, sizeof *r);
  sg_rc rc = sg_store_init (&r->store);
  if (rc) return sg_diag_set (d, rc, 0, 0, "out of memory");
  sg_script_init (&r->script, &r->store);
  rc = sg_parse_string (&r->store, &r->script, text, len, name, d);
  if (rc) { sg_round_close (r); return rc; }
  rc = sg_occ_collect (&r->script, OCC_MAX, &r->occs);
  if (rc == SG_RC_LIMIT) rc = SG_RC_OK;
  else if (!rc) r->have_occs = true;
  if (rc) { sg_round_close (r); return sg_diag_set (d, rc, 0, 0, "out of memory"); }
  return SG_RC_OK;
}

void
sg_round_close (sg_round *r)
{
  for (uint32_t i = 0; i < r->texts.n; i++) free (r->texts.a[i]);
  SG_VEC_FREE (r->texts);
  SG_VEC_FREE (r->sites);
  sg_occs_free (&r->occs);
  sg_script_free (&r->script);
  sg_store_free (&r->store);
  memset (r, 0, sizeof *r);
}

uint64_t sg_round_terms (const sg_round *r) { return r->have_occs ? r->occs.a.n : 0; }

/* Occurrences of uninterpreted constants (high 32 bits) and how many distinct ones (low 32
 * bits): compared as one number, fewer occurrences first, then fewer distinct constants. */
static uint64_t
count_syms (const sg_store *s, const sg_occs *o)
{
  uint64_t n = 0, distinct = 0;
  uint8_t *seen = calloc (s->funs.n + 1, 1);
  for (uint32_t i = 0; i < o->a.n; i++)
    {
      sg_term t = o->a.a[i].term;
      if (sg_term_op (s, t) != SG_OP_APP || sg_term_nargs (s, t) != 0) continue;
      n++;
      uint32_t f = sg_term_node (s, t)->aux;
      if (seen && f < s->funs.n && !seen[f]) { seen[f] = 1; distinct++; }
    }
  free (seen);
  return n << 32 | (distinct & 0xffffffffu);
}

sg_rc
sg_script_measure (const sg_script *sc, uint64_t *terms, uint64_t *syms)
{
  sg_occs o = { 0 };
  sg_rc rc = sg_occ_collect (sc, OCC_MAX, &o);
  if (!rc)
    {
      *terms = o.a.n;
      *syms = count_syms (sc->store, &o);
    }
  sg_occs_free (&o);
  return rc;
}

/* ---- helpers ----------------------------------------------------------------------------- */

static sg_rc
push_site (sg_round *r, sg_site_kind k, uint32_t a, uint32_t b, sg_term t, sg_term u, uint32_t f)
{
  sg_site s = { (uint8_t) k, a, b, t, u, f };
  return SG_VEC_PUSH (r->sites, s) ? SG_RC_OK : SG_RC_NOMEM;
}

static bool
replaceable (const sg_occ *o)
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
static sg_rc
constant (sg_store *s, sg_sort x, int variant, sg_term *out)
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
        sg_rc rc = constant (s, n->b, variant, &e); /* one level: element sorts are shallow */
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
      rc = push_site (r, SG_SITE_DEL, i, i, SG_NONE, SG_NONE, SG_NONE);
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
              rc = push_site (r, SG_SITE_DEL, p, i, SG_NONE, SG_NONE, SG_NONE);
              if (!rc) rc = push_site (r, SG_SITE_PAIR, p, i, SG_NONE, SG_NONE, SG_NONE);
            }
          else open.n = 0; /* pops of several levels: stop pairing */
        }
    }
  /* A push without a pop (e.g. the last level): remove the push alone. */
  for (uint32_t k = 0; k < open.n && !rc; k++)
    if (open.a[k] != SG_NONE) rc = push_site (r, SG_SITE_DEL, open.a[k], open.a[k], SG_NONE, SG_NONE, SG_NONE);
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
static sg_rc
mk_like (sg_store *s, sg_term t, const sg_term *args, uint32_t n, sg_term *out)
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
static bool
is_declared_const (const sg_store *s, sg_term x)
{
  if (sg_term_op (s, x) != SG_OP_APP || sg_term_nargs (s, x) != 0) return false;
  return s->funs.a[sg_term_node (s, x)->aux].kind == SG_FUN_DECLARED;
}

/* Does t contain x? Iterative, over at most `budget` distinct nodes; true when unsure. */
static bool
may_contain (const sg_store *s, sg_term t, sg_term x, uint32_t budget)
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

static sg_rc
sites_terms (sg_round *r, sg_mutator m)
{
  if (!r->have_occs) return SG_RC_OK;
  sg_store *s = &r->store;
  const sg_occs *o = &r->occs;
  sg_rc rc = SG_RC_OK;
  sg_u32vec args = { 0 };
  uint32_t nocc = o->a.n;
  /* replace-by-variable: the first declared constant of each sort, as (sort, term) pairs */
  sg_u32vec firsts = { 0 };
  if (m == SG_MUT_VAR)
    for (uint32_t f = 0; f < s->funs.n && !rc; f++)
      {
        const sg_fun *fn = &s->funs.a[f];
        if (fn->kind != SG_FUN_DECLARED || fn->nparams != 0) continue;
        bool have = false;
        for (uint32_t k = 0; k < firsts.n && !have; k += 2) have = firsts.a[k] == fn->ret;
        sg_term y;
        if (have) continue;
        if ((rc = sg_mk_fun_app (s, f, NULL, 0, &y))) break;
        if (!SG_VEC_PUSH (firsts, fn->ret) || !SG_VEC_PUSH (firsts, y)) rc = SG_RC_NOMEM;
      }
  for (int variant = 0; variant < 2 && !rc; variant++)
    for (uint32_t i = 0; i < nocc && !rc; i++)
      {
        const sg_occ *oc = &o->a.a[i];
        if (!replaceable (oc)) continue;
        sg_term t = oc->term;
        sg_op op = sg_term_op (s, t);
        /* a :named term stays (others refer to its name) unless remove-annotations takes it */
        if (op == SG_OP_ANNOT && m != SG_MUT_ANNOT && s->annots.a[sg_term_node (s, t)->aux].named != SG_NONE)
          continue;
        uint32_t n = sg_term_nargs (s, t);
        sg_sort so = sg_term_sort (s, t);
        sg_term c;
        switch (m)
          {
          case SG_MUT_CONST:
            if (constant (s, so, variant, &c)) { s->err[0] = 0; break; }
            if (c == t) break;
            if (variant == 1)
              {
                sg_term c0;
                if (!constant (s, so, 0, &c0) && c0 == t) break; /* never grow a constant */
              }
            rc = push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
            break;
          case SG_MUT_CHILD:
            if (variant) break;
            if (op == SG_OP_LET || op == SG_OP_MATCH) break; /* LET: eliminate-let */
            for (uint32_t k = 0; k < n && !rc; k++)
              {
                sg_term ch = sg_term_arg (s, t, k);
                if (sg_term_sort (s, ch) != so || ch == t) continue;
                if (op == SG_OP_ANNOT && k > 0) continue;
                if (is_binder_op (op))
                  {
                    bool fits = false;
                    if (sg_occ_fits (s, o, i, ch, &fits) || !fits) continue;
                  }
                rc = push_site (r, SG_SITE_REPL, i, 0, ch, SG_NONE, SG_NONE);
              }
            break;
          case SG_MUT_FRESH:
            if (variant || n == 0) break;
            if (sg_sort_kind_of (s, so) == SG_SORT_PARAM) break;
            rc = push_site (r, SG_SITE_FRESH, i, 0, so, SG_NONE, SG_NONE);
            break;
          case SG_MUT_ELIM:
            /* (= x u) with x a declared constant not in u: every occurrence of x -> u (ddSMT's
             * eliminate-variable); once per (x, u) */
            if (variant || op != SG_OP_EQ || n != 2) break;
            for (uint32_t side = 0; side < 2 && !rc; side++)
              {
                sg_term x = sg_term_arg (s, t, side), u = sg_term_arg (s, t, 1 - side);
                if (!is_declared_const (s, x) || x == u || may_contain (s, u, x, 64)) continue;
                bool first = true;
                for (uint32_t q = 0; q < r->sites.n && first; q++)
                  if (r->sites.a[q].kind == SG_SITE_SUBST && r->sites.a[q].t == x && r->sites.a[q].u == u)
                    first = false;
                if (first) rc = push_site (r, SG_SITE_SUBST, i, 0, x, u, SG_NONE);
              }
            break;
          case SG_MUT_VAR:
            /* a term -> the first declared constant of its sort (ddSMT's replace-by-variable);
             * a constant only by an earlier one, so repeated rounds converge */
            if (variant || sg_sort_kind_of (s, so) == SG_SORT_BOOL) break;
            for (uint32_t k = 0; k < firsts.n; k += 2)
              if (firsts.a[k] == so)
                {
                  sg_term y = firsts.a[k + 1];
                  if (y == t || (n == 0 && op != SG_OP_APP)) break; /* not literals either */
                  if (is_declared_const (s, t) && sg_term_node (s, t)->aux < sg_term_node (s, y)->aux) break;
                  rc = push_site (r, SG_SITE_REPL, i, 0, y, SG_NONE, SG_NONE);
                  break;
                }
            break;
          case SG_MUT_DROP:
            if (variant || oc->parent == SG_NONE) break;
            {
              sg_term p = o->a.a[oc->parent].term;
              sg_op pop = sg_term_op (s, p);
              if (pop <= SG_OP_FIRST_BUILTIN || sg_op_info (pop)->max_args != SG_ARGS_N) break;
              if (sg_term_nargs (s, p) < 2 || (sg_term_node (s, p)->flags & SG_TF_IMPLICIT)) break;
              rc = push_site (r, SG_SITE_DROP, i, 0, SG_NONE, SG_NONE, SG_NONE);
            }
            break;
          case SG_MUT_MERGE:
            if (variant || !nary_assoc (op) || (sg_term_node (s, t)->flags & SG_TF_IMPLICIT)) break;
            {
              bool any = false;
              SG_VEC_CLEAR (args);
              for (uint32_t k = 0; k < n && !rc; k++)
                {
                  sg_term ch = sg_term_arg (s, t, k);
                  if (sg_term_op (s, ch) == op && !(sg_term_node (s, ch)->flags & SG_TF_IMPLICIT))
                    {
                      any = true;
                      for (uint32_t q = 0; q < sg_term_nargs (s, ch); q++)
                        if (!SG_VEC_PUSH (args, sg_term_arg (s, ch, q))) rc = SG_RC_NOMEM;
                    }
                  else if (!SG_VEC_PUSH (args, ch)) rc = SG_RC_NOMEM;
                }
              if (!rc && any && !mk_like (s, t, args.a, args.n, &c))
                rc = push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
              s->err[0] = 0;
            }
            break;
          case SG_MUT_LET:
            if (variant || op != SG_OP_LET) break;
            {
              tmap map = { 0 };
              const uint32_t *a = sg_term_args (s, t);
              for (uint32_t k = 0; k + 1 < n; k += 2)
                if (!tmap_put (&map, a[k], a[k + 1])) rc = SG_RC_NOMEM;
              sg_rc e = rc ? rc : subst (s, a[n - 1], &map, &c);
              tmap_free (&map);
              if (e == SG_RC_NOMEM) rc = e;
              else if (!e) rc = push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
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
                  else if (!e) rc = push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
                }
              free (rest);
            }
            break;
          case SG_MUT_INLINE:
            if (variant || op != SG_OP_APP) break;
            {
              const sg_fun *f = &s->funs.a[sg_term_node (s, t)->aux];
              if (f->kind != SG_FUN_DEFINED || f->body == SG_NONE) break;
              tmap map = { 0 };
              for (uint32_t k = 0; k < f->nparams && k < n; k++)
                if (!tmap_put (&map, s->pool.a[f->vars + k], sg_term_arg (s, t, k))) rc = SG_RC_NOMEM;
              sg_rc e = rc ? rc : subst (s, f->body, &map, &c);
              tmap_free (&map);
              if (e == SG_RC_NOMEM) rc = e;
              else if (!e && sg_term_sort (s, c) == so) rc = push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
            }
            break;
          case SG_MUT_ANNOT:
            if (variant || op != SG_OP_ANNOT) break;
            rc = push_site (r, SG_SITE_REPL, i, 0, sg_term_arg (s, t, 0), SG_NONE, SG_NONE);
            break;
          case SG_MUT_BOOL:
            if (variant || so != s->s_bool || n == 0) break;
            if ((op == SG_OP_FORALL || op == SG_OP_EXISTS) && n >= 2)
              {
                /* drop the bound variables the body does not use (all: the body alone) */
                sg_u32vec fv = { 0 };
                sg_term body = sg_term_arg (s, t, n - 1);
                if (sg_term_free_vars (s, body, &fv)) { SG_VEC_FREE (fv); rc = SG_RC_NOMEM; break; }
                SG_VEC_CLEAR (args);
                for (uint32_t k = 0; k + 1 < n && !rc; k++)
                  {
                    sg_term v = sg_term_arg (s, t, k);
                    bool used = false;
                    for (uint32_t q = 0; q < fv.n && !used; q++) used = fv.a[q] == v;
                    if (used && !SG_VEC_PUSH (args, v)) rc = SG_RC_NOMEM;
                  }
                SG_VEC_FREE (fv);
                if (rc || args.n + 1 == n) break;
                if (!args.n) c = body;
                else if (!SG_VEC_PUSH (args, body) || sg_mk_binder (s, op, args.a, args.n, &c))
                  { s->err[0] = 0; break; }
                rc = push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
              }
            else if (op == SG_OP_NOT && sg_term_op (s, sg_term_arg (s, t, 0)) == SG_OP_NOT)
              rc = push_site (r, SG_SITE_REPL, i, 0, sg_term_arg (s, sg_term_arg (s, t, 0), 0), SG_NONE, SG_NONE);
            else if (op == SG_OP_IMPLIES) /* (=> a ... b) -> b */
              rc = push_site (r, SG_SITE_REPL, i, 0, sg_term_arg (s, t, n - 1), SG_NONE, SG_NONE);
            else if (op == SG_OP_ITE && n == 3)
              {
                /* (ite c true false) -> c, (ite c false true) -> (not c), (ite c x false) ->
                 * (and c x), (ite c true x) -> (or c x) */
                sg_term cnd = sg_term_arg (s, t, 0), th = sg_term_arg (s, t, 1), el = sg_term_arg (s, t, 2);
                bool tt = sg_term_op (s, th) == SG_OP_TRUE, tf = sg_term_op (s, th) == SG_OP_FALSE;
                bool et = sg_term_op (s, el) == SG_OP_TRUE, ef = sg_term_op (s, el) == SG_OP_FALSE;
                sg_op none = SG_OP_FIRST_BUILTIN;
                sg_op to = tt && ef ? SG_OP_ITE : tf && et ? SG_OP_NOT : ef ? SG_OP_AND : tt ? SG_OP_OR : none;
                sg_term two[2] = { cnd, ef ? th : el };
                if (to == SG_OP_ITE) rc = push_site (r, SG_SITE_REPL, i, 0, cnd, SG_NONE, SG_NONE);
                else if (to != none && !sg_mk_app (s, to, two, to == SG_OP_NOT ? 1 : 2, NULL, 0, &c))
                  rc = push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
                s->err[0] = 0;
              }
            else if ((op == SG_OP_DISTINCT || op == SG_OP_XOR) && n == 2)
              { /* (distinct a b) -> (not (= a b)) is not smaller; (xor a b) -> (= a b)? no: keep
                   (not a) variants out, they grow the text */
              }
            break;
          case SG_MUT_ARITH:
            if (variant) break;
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
                      rc = push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
                    s->err[0] = 0;
                  }
              }
            else if (n == 2 && (op == SG_OP_LT || op == SG_OP_LE || op == SG_OP_GT || op == SG_OP_GE))
              {
                if (!sg_mk_app (s, SG_OP_EQ, sg_term_args (s, t), 2, NULL, 0, &c))
                  rc = push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
                s->err[0] = 0;
                /* and the one-character relation: (>= a b) -> (> a b), (<= a b) -> (< a b) */
                sg_op strict = op == SG_OP_GE ? SG_OP_GT : op == SG_OP_LE ? SG_OP_LT : op;
                sg_term ab[2] = { sg_term_arg (s, t, 0), sg_term_arg (s, t, 1) };
                if (!rc && strict != op && !sg_mk_app (s, strict, ab, 2, NULL, 0, &c))
                  rc = push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
                s->err[0] = 0;
              }
            else if (op == SG_OP_NEG_SUB && n == 1)
              rc = push_site (r, SG_SITE_REPL, i, 0, sg_term_arg (s, t, 0), SG_NONE, SG_NONE);
            break;
          case SG_MUT_BV:
            if (variant) break;
            if ((op == SG_OP_ZERO_EXTEND || op == SG_OP_SIGN_EXTEND) && sg_term_indices (s, t)[0] == 0)
              rc = push_site (r, SG_SITE_REPL, i, 0, sg_term_arg (s, t, 0), SG_NONE, SG_NONE);
            else if (op == SG_OP_APP && n == 0 && sg_sort_kind_of (s, so) == SG_SORT_BV
                     && sg_sort_bv_width (s, so) > 1 && oc->parent != SG_NONE)
              {
                /* bit-width reduction: x (width w) -> ((_ zero_extend w-w/2) y), y of width w/2;
                 * every occurrence of x at once (a SUBST site, once per constant). */
                bool first = true;
                for (uint32_t q = 0; q < r->sites.n && first; q++)
                  if (r->sites.a[q].kind == SG_SITE_SUBST && r->sites.a[q].t == t) first = false;
                if (!first) break;
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
                  rc = push_site (r, SG_SITE_SUBST, i, 0, t, c, fun);
                s->err[0] = 0;
              }
            break;
          case SG_MUT_FP:
            if (variant || op != SG_OP_APP || n != 0 || sg_sort_kind_of (s, so) != SG_SORT_FP) break;
            {
              const sg_sortnode *sn = sg_sort_node (s, so);
              uint32_t eb = sn->a > 5 ? 5 : 3, sb = sn->b > 11 ? 11 : 5;
              if (eb >= sn->a && sb >= sn->b) break;
              bool first = true;
              for (uint32_t q = 0; q < r->sites.n && first; q++)
                if (r->sites.a[q].kind == SG_SITE_SUBST && r->sites.a[q].t == t) first = false;
              if (!first) break;
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
                    rc = push_site (r, SG_SITE_SUBST, i, 0, t, c, fun);
                }
              s->err[0] = 0;
            }
            break;
          case SG_MUT_STRING:
            if (variant) break;
            if (op == SG_OP_STRING)
              {
                const char *txt = sg_store_text (s, sg_term_node (s, t)->aux);
                uint32_t len = sg_atom_len (&s->atoms, sg_term_node (s, t)->aux);
                if (len > 1)
                  {
                    if (!sg_mk_literal (s, SG_OP_STRING, txt, len / 2, &c))
                      rc = push_site (r, SG_SITE_REPL, i, 0, c, SG_NONE, SG_NONE);
                    s->err[0] = 0;
                  }
              }
            break;
          default: break;
          }
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
  return push_site (r, SG_SITE_TEXT, r->texts.n - 1, 0, SG_NONE, SG_NONE, SG_NONE);
}

static sg_rc
sites_checksat (sg_round *r)
{
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < r->script.cmds.n && !rc; i++)
    if (r->script.cmds.a[i].kind == SG_WK_CHECK_SAT_ASSUMING)
      rc = push_site (r, SG_SITE_EDIT, i, 0, SG_NONE, SG_NONE, SG_NONE);
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
    case SG_MUT_NAMES: return sg_round_sites_names (r);
    case SG_MUT_LOGIC: return sg_round_sites_logic (r);
    case SG_MUT_DT: return sg_round_sites_dt (r);
    default: return sites_terms (r, m);
    }
}

/* ---- candidates -------------------------------------------------------------------------- */

typedef struct fresh_decl { uint32_t fun, cmd; } fresh_decl;
typedef struct occ_mod { uint32_t next, child, term; } occ_mod;

sg_rc
sg_round_build (sg_round *r, const uint32_t *idx, uint32_t n, sg_buf *out)
{
  sg_buf_reset (out);
  if (n == 1 && r->sites.a[idx[0]].kind == SG_SITE_TEXT)
    {
      sg_buf_adds (out, r->texts.a[r->sites.a[idx[0]].a]);
      return sg_buf_ok (out) ? SG_RC_OK : SG_RC_NOMEM;
    }
  sg_store *s = &r->store;
  const sg_occs *o = &r->occs;
  uint32_t ncmd = r->script.cmds.n, nocc = r->have_occs ? o->a.n : 0;
  uint8_t *cdel = calloc (ncmd + 1, 1);           /* 1 deleted, 2 check-sat edit */
  uint32_t *repl = nocc ? malloc (nocc * sizeof *repl) : NULL;
  uint8_t *flag = nocc ? calloc (nocc, 1) : NULL;  /* 1 replaced, 2 dropped, 4 dirty */
  uint32_t *head = nocc ? malloc (nocc * sizeof *head) : NULL; /* mods list per occurrence */
  SG_VEC (occ_mod) mods = { 0 };
  SG_VEC (fresh_decl) fresh = { 0 };
  sg_u32vec args = { 0 }, subst_from = { 0 }, subst_to = { 0 }, subst_fun = { 0 };
  sg_script sc;
  memset (&sc, 0, sizeof sc);
  sg_rc rc = (!cdel || (nocc && (!repl || !flag || !head))) ? SG_RC_NOMEM : SG_RC_OK;
  if (!rc) rc = sg_script_copy (&r->script, &sc);
  if (!rc && nocc)
    {
      memset (repl, 0xff, nocc * sizeof *repl);
      memset (head, 0xff, nocc * sizeof *head);
    }
  sg_term fresh_of_sort[4] = { SG_NONE, SG_NONE, SG_NONE, SG_NONE };
  sg_sort fresh_sort[4] = { SG_NONE, SG_NONE, SG_NONE, SG_NONE };
  for (uint32_t k = 0; k < n && !rc; k++)
    {
      const sg_site *st = &r->sites.a[idx[k]];
      switch ((sg_site_kind) st->kind)
        {
        case SG_SITE_DEL:
          for (uint32_t c = st->a; c <= st->b && c < ncmd; c++) cdel[c] = 1;
          break;
        case SG_SITE_PAIR:
          cdel[st->a] = cdel[st->b] = 1;
          break;
        case SG_SITE_EDIT: if (!cdel[st->a]) cdel[st->a] = 2; break;
        case SG_SITE_REPL:
          if (!(flag[st->a] & 1)) { repl[st->a] = st->t; flag[st->a] |= 1; }
          break;
        case SG_SITE_DROP: flag[st->a] |= 2; break;
        case SG_SITE_FRESH:
          if (!(flag[st->a] & 1))
            {
              /* one fresh constant per sort per candidate (a few sorts cached) */
              sg_term v = SG_NONE;
              int slot = -1;
              for (int q = 0; q < 4; q++)
                if (fresh_sort[q] == st->t) { v = fresh_of_sort[q]; break; }
                else if (fresh_sort[q] == SG_NONE && slot < 0) slot = q;
              if (v == SG_NONE)
                {
                  sg_atom nm;
                  uint32_t fun;
                  if ((rc = sg_store_fresh_atom (s, "x", &nm))) break;
                  if ((rc = sg_store_add_fun (s, nm, SG_FUN_DECLARED, NULL, 0, st->t, &fun))) break;
                  if ((rc = sg_mk_fun_app (s, fun, NULL, 0, &v))) break;
                  fresh_decl fd = { fun, o->a.a[st->a].cmd };
                  if (!SG_VEC_PUSH (fresh, fd)) { rc = SG_RC_NOMEM; break; }
                  if (slot >= 0) { fresh_sort[slot] = st->t; fresh_of_sort[slot] = v; }
                }
              else
                for (uint32_t q = 0; q < fresh.n; q++)
                  if (s->funs.a[fresh.a[q].fun].ret == st->t && fresh.a[q].cmd > o->a.a[st->a].cmd)
                    fresh.a[q].cmd = o->a.a[st->a].cmd;
              repl[st->a] = v;
              flag[st->a] |= 1;
            }
          break;
        case SG_SITE_SUBST:
          if (!SG_VEC_PUSH (subst_from, st->t) || !SG_VEC_PUSH (subst_to, st->u)
              || !SG_VEC_PUSH (subst_fun, st->f))
            rc = SG_RC_NOMEM;
          break;
        case SG_SITE_TEXT: rc = SG_RC_SORT; break; /* text sites combine with nothing */
        }
    }
  if (!rc && subst_from.n)
    for (uint32_t i = 0; i < nocc && !rc; i++)
      {
        if (!replaceable (&o->a.a[i]) || (flag[i] & 1)) continue;
        for (uint32_t k = 0; k < subst_from.n; k++)
          if (o->a.a[i].term == subst_from.a[k])
            {
              repl[i] = subst_to.a[k];
              flag[i] |= 1;
              bool have = false;
              for (uint32_t q = 0; q < fresh.n; q++)
                if (fresh.a[q].fun == subst_fun.a[k])
                  {
                    have = true;
                    if (fresh.a[q].cmd > o->a.a[i].cmd) fresh.a[q].cmd = o->a.a[i].cmd;
                  }
              fresh_decl fd = { subst_fun.a[k], o->a.a[i].cmd };
              if (!have && subst_fun.a[k] != SG_NONE && !SG_VEC_PUSH (fresh, fd)) rc = SG_RC_NOMEM;
              break;
            }
      }
  /* Dirty: every changed occurrence and its ancestors. */
  for (uint32_t i = 0; i < nocc && !rc; i++)
    if (flag[i] & 3)
      for (uint32_t a = i; a != SG_NONE && !(flag[a] & 4); a = o->a.a[a].parent) flag[a] |= 4;
  /* Bottom-up: children have larger indices than their parents. */
  for (uint32_t i = nocc; i-- > 0 && !rc;)
    {
      if (!(flag[i] & 4)) continue;
      const sg_occ *oc = &o->a.a[i];
      if (cdel[oc->cmd] == 1) continue;
      sg_term nt;
      if (flag[i] & 1) nt = repl[i];
      else
        {
          sg_term t = oc->term;
          uint32_t na = sg_term_nargs (s, t);
          SG_VEC_CLEAR (args);
          if (!SG_VEC_RESERVE (args, na)) { rc = SG_RC_NOMEM; break; }
          if (na) memcpy (args.a, sg_term_args (s, t), na * sizeof *args.a);
          args.n = na;
          bool drops = false;
          for (uint32_t m = head[i]; m != SG_NONE; m = mods.a[m].next)
            {
              args.a[mods.a[m].child] = mods.a[m].term;
              if (mods.a[m].term == SG_NONE) drops = true;
            }
          if (drops)
            {
              uint32_t w = 0;
              for (uint32_t k = 0; k < na; k++)
                if (args.a[k] != SG_NONE) args.a[w++] = args.a[k];
              args.n = w;
              rc = mk_like (s, t, args.a, w, &nt);
            }
          else rc = sg_term_rebuild (s, t, args.a, &nt);
          if (rc) break;
        }
      if (oc->parent == SG_NONE)
        {
          if (flag[i] & 2) { rc = SG_RC_SORT; break; }
          if (sg_term_sort (s, nt) != sg_term_sort (s, oc->term)) { rc = SG_RC_SORT; break; }
          rc = sg_script_set_item (&sc, oc->cmd, oc->child, nt);
        }
      else
        {
          if (!SG_VEC_RESERVE (mods, 1)) { rc = SG_RC_NOMEM; break; }
          mods.a[mods.n].next = head[oc->parent];
          mods.a[mods.n].child = oc->child;
          mods.a[mods.n].term = (flag[i] & 2) ? SG_NONE : nt;
          head[oc->parent] = mods.n++;
        }
    }
  if (!rc)
    {
      sg_print_opts po = { 0 };
      for (uint32_t c = 0; c < ncmd; c++)
        {
          for (uint32_t q = 0; q < fresh.n; q++)
            if (fresh.a[q].cmd == c)
              {
                const sg_fun *f = &s->funs.a[fresh.a[q].fun];
                sg_buf_adds (out, "(declare-fun ");
                sg_print_symbol (s, f->name, out);
                sg_buf_adds (out, " () ");
                sg_sort_print (s, f->ret, out);
                sg_buf_adds (out, ")\n");
              }
          if (cdel[c] == 1) continue;
          if (cdel[c] == 2) sg_buf_adds (out, "(check-sat)\n");
          else sg_print_cmd (&sc, c, &po, out);
        }
      if (!sg_buf_ok (out)) rc = SG_RC_NOMEM;
    }
  if (rc == SG_RC_PARSE || rc == SG_RC_LIMIT) rc = SG_RC_SORT;
  s->err[0] = 0;
  sg_script_free (&sc);
  free (cdel);
  free (repl);
  free (flag);
  free (head);
  SG_VEC_FREE (mods);
  SG_VEC_FREE (fresh);
  SG_VEC_FREE (args);
  SG_VEC_FREE (subst_from);
  SG_VEC_FREE (subst_to);
  SG_VEC_FREE (subst_fun);
  return rc;
}
