/* cnf: let expansion, lifting and Tseitin CNF (iterative). */
#include "tech/approx/cnf.h"

#include <stdlib.h>
#include <string.h>

#include "base/hash.h"

void
sg_cnf_init (sg_cnf *c)
{
  memset (c, 0, sizeof *c);
}

void
sg_cnf_free (sg_cnf *c)
{
  SG_VEC_FREE (c->lits);
  SG_VEC_FREE (c->ends);
  SG_VEC_FREE (c->vars);
}

/* ---- a small map u64 -> u32 (open addressing) ---------------------------------------- */

typedef struct map64 {
  uint64_t *keys; /* key + 1; 0 = empty */
  uint32_t *vals;
  uint32_t cap, n;
} map64;

/* The first round of MurmurHash3's fmix64, low 32 bits. */
static uint32_t
mix64 (uint64_t k)
{
  return (uint32_t) sg_hash64_xmx (k, 33, SG_HASH64_MURMUR_M1, 33);
}

static void
map_free (map64 *m)
{
  free (m->keys);
  free (m->vals);
  memset (m, 0, sizeof *m);
}

static bool
map_get (const map64 *m, uint64_t k, uint32_t *v)
{
  if (!m->cap) return false;
  for (uint32_t i = mix64 (k) & (m->cap - 1);; i = (i + 1) & (m->cap - 1))
    {
      if (!m->keys[i]) return false;
      if (m->keys[i] == k + 1) { *v = m->vals[i]; return true; }
    }
}

static bool
map_put (map64 *m, uint64_t k, uint32_t v)
{
  if ((m->n + 1) * 2 > m->cap)
    {
      uint32_t ncap = m->cap ? m->cap * 2 : 64;
      uint64_t *nk = calloc (ncap, sizeof *nk);
      uint32_t *nv = calloc (ncap, sizeof *nv);
      if (!nk || !nv) { free (nk); free (nv); return false; }
      for (uint32_t i = 0; i < m->cap; i++)
        if (m->keys[i])
          {
            uint32_t j = mix64 (m->keys[i] - 1) & (ncap - 1);
            while (nk[j]) j = (j + 1) & (ncap - 1);
            nk[j] = m->keys[i];
            nv[j] = m->vals[i];
          }
      free (m->keys);
      free (m->vals);
      m->keys = nk;
      m->vals = nv;
      m->cap = ncap;
    }
  uint32_t i = mix64 (k) & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != k + 1) i = (i + 1) & (m->cap - 1);
  if (!m->keys[i]) m->n++;
  m->keys[i] = k + 1;
  m->vals[i] = v;
  return true;
}

/* ---- let expansion ------------------------------------------------------------------- */

typedef struct env_node { sg_term var, val; uint32_t parent; } env_node;

enum { M_EXPAND = 0, M_SUBST = 1 };

typedef struct job {
  sg_term t;
  uint32_t env;   /* env node id (0 = empty) */
  uint8_t mode;   /* M_EXPAND outside quantifiers, M_SUBST inside */
  uint8_t stage;
  uint32_t base;  /* value-stack height when the children started */
} job;

typedef struct lx {
  sg_store *s;
  SG_VEC (env_node) envs;
  SG_VEC (job) jobs;
  sg_u32vec vals;
  sg_u32vec tmp;
  uint8_t *needs; /* per original term: contains a BVAR or a LET */
  uint32_t nneeds;
  map64 memo;
} lx;

static uint32_t
env_push (lx *x, uint32_t parent, sg_term var, sg_term val)
{
  env_node e = { var, val, parent };
  if (!SG_VEC_PUSH (x->envs, e)) return UINT32_MAX;
  return x->envs.n - 1;
}

static sg_term
env_find (const lx *x, uint32_t env, sg_term var)
{
  for (uint32_t e = env; e; e = x->envs.a[e].parent)
    if (x->envs.a[e].var == var) return x->envs.a[e].val;
  return SG_NONE;
}

static bool
push_job (lx *x, sg_term t, uint32_t env, uint8_t mode)
{
  job j = { t, env, mode, 0, 0 };
  return SG_VEC_PUSH (x->jobs, j);
}

/* Bind the BVARs of a match pattern to themselves (shadowing). */
static uint32_t
shadow_pattern (lx *x, uint32_t env, sg_term pat)
{
  const sg_store *s = x->s;
  if (sg_term_op (s, pat) == SG_OP_BVAR) return env_push (x, env, pat, pat);
  for (uint32_t k = 0; k < sg_term_nargs (s, pat) && env != UINT32_MAX; k++)
    env = env_push (x, env, sg_term_arg (s, pat, k), sg_term_arg (s, pat, k));
  return env;
}

/* needs[t] for every original term t: does t contain a BVAR, a let, a match or an
 * annotation (children have smaller ids, so one pass in id order). */
static void
mark_needs (lx *x)
{
  const sg_store *s = x->s;
  for (uint32_t t = 0; t < x->nneeds; t++)
    {
      const sg_node *n = sg_term_node (s, t);
      uint8_t f = n->op == SG_OP_BVAR || n->op == SG_OP_LET || n->op == SG_OP_MATCH || n->op == SG_OP_ANNOT;
      for (uint32_t k = 0; k < n->nargs && !f; k++) f = x->needs[sg_term_arg (s, t, k)];
      x->needs[t] = f;
    }
}

/* The first batch of jobs for the children of node n (arguments a) under env and mode, pushed
 * in reverse so their values arrive in order. */
static sg_rc
push_children (lx *x, const sg_node *n, const uint32_t *a, uint32_t env, uint8_t mode)
{
  sg_rc rc = SG_RC_OK;
  switch ((sg_op) n->op)
    {
    case SG_OP_LET:
      for (uint32_t k = n->nargs - 1; k >= 2; k -= 2)
        if (!push_job (x, a[k - 1], env, mode)) { rc = SG_RC_NOMEM; break; }
      break;
    case SG_OP_FORALL:
    case SG_OP_EXISTS:
      {
        uint32_t e = env;
        for (uint32_t k = 0; k + 1 < n->nargs && e != UINT32_MAX; k++) e = env_push (x, e, a[k], a[k]);
        if (e == UINT32_MAX || !push_job (x, a[n->nargs - 1], e, M_SUBST)) rc = SG_RC_NOMEM;
        break;
      }
    case SG_OP_MATCH:
      for (uint32_t k = n->nargs - 1; k >= 2 && !rc; k -= 2)
        {
          uint32_t e = shadow_pattern (x, env, a[k - 1]);
          if (e == UINT32_MAX || !push_job (x, a[k], e, M_SUBST)) rc = SG_RC_NOMEM;
        }
      if (!rc && !push_job (x, a[0], env, mode)) rc = SG_RC_NOMEM;
      break;
    case SG_OP_ANNOT:
      /* Outside quantifiers the annotation goes (its :named function becomes a
       * define-fun of the caller); inside, it is kept whole. */
      for (uint32_t k = mode == M_EXPAND ? 1 : n->nargs; k-- > 0;)
        if (!push_job (x, a[k], env, mode)) { rc = SG_RC_NOMEM; break; }
      break;
    default:
      for (uint32_t k = n->nargs; k-- > 0;)
        if (!push_job (x, a[k], env, mode)) { rc = SG_RC_NOMEM; break; }
      break;
    }
  return rc;
}

/* With the children's values in x->vals from base on: the arguments of node n's result into
 * x->tmp, or (an expanded let or annotation) the result itself into *r; a dropped :named
 * annotation goes to named. */
static sg_rc
result_args (lx *x, const sg_node *n, const uint32_t *a, uint8_t mode, uint32_t base, sg_u32vec *named,
             sg_term *r)
{
  const sg_store *s = x->s;
  sg_rc rc = SG_RC_OK;
  SG_VEC_CLEAR (x->tmp);
  switch ((sg_op) n->op)
    {
    case SG_OP_ANNOT:
      if (mode == M_EXPAND)
        {
          *r = x->vals.a[base];
          uint32_t f = s->annots.a[n->aux].named;
          bool seen = f == SG_NONE || !named;
          for (uint32_t k = 0; k + 1 < (named ? named->n : 0) && !seen; k += 2) seen = named->a[k] == f;
          if (!seen && (!SG_VEC_PUSH (*named, f) || !SG_VEC_PUSH (*named, *r))) rc = SG_RC_NOMEM;
        }
      else
        for (uint32_t k = 0; k < n->nargs; k++)
          if (!SG_VEC_PUSH (x->tmp, x->vals.a[base + k])) rc = SG_RC_NOMEM;
      break;
    case SG_OP_LET:
      if (mode == M_EXPAND) *r = x->vals.a[base];
      else
        {
          for (uint32_t k = 0, v = base; k + 1 < n->nargs; k += 2, v++)
            if (!SG_VEC_PUSH (x->tmp, a[k]) || !SG_VEC_PUSH (x->tmp, x->vals.a[v])) rc = SG_RC_NOMEM;
          if (!rc && !SG_VEC_PUSH (x->tmp, x->vals.a[x->vals.n - 1])) rc = SG_RC_NOMEM;
        }
      break;
    case SG_OP_FORALL:
    case SG_OP_EXISTS:
      for (uint32_t k = 0; k + 1 < n->nargs; k++)
        if (!SG_VEC_PUSH (x->tmp, a[k])) rc = SG_RC_NOMEM;
      if (!rc && !SG_VEC_PUSH (x->tmp, x->vals.a[base])) rc = SG_RC_NOMEM;
      break;
    case SG_OP_MATCH:
      if (!SG_VEC_PUSH (x->tmp, x->vals.a[base])) rc = SG_RC_NOMEM;
      for (uint32_t k = 1, v = base + 1; k + 1 < n->nargs && !rc; k += 2, v++)
        if (!SG_VEC_PUSH (x->tmp, a[k]) || !SG_VEC_PUSH (x->tmp, x->vals.a[v])) rc = SG_RC_NOMEM;
      break;
    default:
      for (uint32_t k = 0; k < n->nargs; k++)
        if (!SG_VEC_PUSH (x->tmp, x->vals.a[base + k])) rc = SG_RC_NOMEM;
      break;
    }
  return rc;
}

sg_rc
sg_cnf_expand_lets (sg_store *s, sg_term root, sg_u32vec *named, sg_term *out)
{
  lx x;
  memset (&x, 0, sizeof x);
  x.s = s;
  sg_rc rc = SG_RC_OK;
  x.nneeds = sg_term_count (s);
  x.needs = calloc (x.nneeds ? x.nneeds : 1, 1);
  env_node e0 = { SG_NONE, SG_NONE, 0 };
  if (!x.needs || !SG_VEC_PUSH (x.envs, e0)) { rc = SG_RC_NOMEM; goto done; }
  mark_needs (&x);
  if (!push_job (&x, root, 0, M_EXPAND)) { rc = SG_RC_NOMEM; goto done; }
  while (x.jobs.n && !rc)
    {
      job *j = &SG_VEC_TOP (x.jobs);
      sg_term t = j->t;
      const sg_node n = *sg_term_node (s, t);
      const uint32_t *a = sg_term_args (s, t);
      uint64_t key = ((uint64_t) t << 32) | ((uint64_t) j->env << 1) | j->mode;
      if (j->stage == 0)
        {
          uint32_t r;
          if (t < x.nneeds && !x.needs[t]) r = t;
          else if (n.op == SG_OP_BVAR)
            {
              r = env_find (&x, j->env, t);
              if (r == SG_NONE) r = t;
            }
          else if (!map_get (&x.memo, key, &r))
            r = SG_NONE;
          if (r != SG_NONE)
            {
              x.jobs.n--;
              if (!SG_VEC_PUSH (x.vals, r)) rc = SG_RC_NOMEM;
              continue;
            }
          j->stage = 1;
          j->base = x.vals.n;
          uint32_t env = j->env;
          uint8_t mode = j->mode;
          rc = push_children (&x, &n, a, env, mode);
          continue;
        }
      if (j->stage == 1 && n.op == SG_OP_LET && j->mode == M_EXPAND)
        {
          /* Values are in; bind them and expand the body. */
          uint32_t e = j->env;
          for (uint32_t k = 0, v = j->base; k + 1 < n.nargs && e != UINT32_MAX; k += 2, v++)
            e = env_push (&x, e, a[k], x.vals.a[v]);
          x.vals.n = j->base;
          j->stage = 2;
          if (e == UINT32_MAX || !push_job (&x, a[n.nargs - 1], e, M_EXPAND)) rc = SG_RC_NOMEM;
          continue;
        }
      if (j->stage == 1 && n.op == SG_OP_LET)
        {
          /* Inside a quantifier: keep the let, its variables shadow the outer ones. */
          uint32_t e = j->env;
          for (uint32_t k = 0; k + 1 < n.nargs && e != UINT32_MAX; k += 2) e = env_push (&x, e, a[k], a[k]);
          j->stage = 2;
          if (e == UINT32_MAX || !push_job (&x, a[n.nargs - 1], e, M_SUBST)) rc = SG_RC_NOMEM;
          continue;
        }
      /* All children done: build the result. */
      sg_term r = t;
      uint32_t base = j->base;
      rc = result_args (&x, &n, a, j->mode, base, named, &r);
      if (!rc && !((n.op == SG_OP_LET || n.op == SG_OP_ANNOT) && j->mode == M_EXPAND))
        {
          bool changed = x.tmp.n != n.nargs;
          for (uint32_t k = 0; k < x.tmp.n && !changed; k++) changed = x.tmp.a[k] != a[k];
          if (changed) rc = sg_term_rebuild (s, t, x.tmp.a, &r);
        }
      if (rc) break;
      if (!map_put (&x.memo, key, r)) { rc = SG_RC_NOMEM; break; }
      x.jobs.n--;
      x.vals.n = base;
      if (!SG_VEC_PUSH (x.vals, r)) rc = SG_RC_NOMEM;
    }
  if (!rc) *out = x.vals.a[0];
done:
  free (x.needs);
  SG_VEC_FREE (x.envs);
  SG_VEC_FREE (x.jobs);
  SG_VEC_FREE (x.vals);
  SG_VEC_FREE (x.tmp);
  map_free (&x.memo);
  return rc;
}

/* ---- Tseitin ------------------------------------------------------------------------- */

sg_rc
sg_cnf_negate (sg_store *s, sg_term l, sg_term *out)
{
  if (sg_term_op (s, l) == SG_OP_NOT) { *out = sg_term_arg (s, l, 0); return SG_RC_OK; }
  if (sg_term_op (s, l) == SG_OP_TRUE) return sg_mk_false (s, out);
  if (sg_term_op (s, l) == SG_OP_FALSE) return sg_mk_true (s, out);
  return sg_mk_app (s, SG_OP_NOT, &l, 1, NULL, 0, out);
}

typedef struct ts {
  sg_store *s;
  sg_cnf *c;
  const char *prefix;
  map64 lit; /* term -> its literal (Bool terms) or rewritten term (others) */
  map64 var; /* Bool term -> the variable naming it inside atoms */
  map64 state; /* 1 open, 2 done */
  sg_u32vec stack;
  sg_u32vec tmp;
} ts;

static bool
is_bool (const sg_store *s, sg_term t)
{
  return sg_term_sort (s, t) == s->s_bool;
}

static bool
is_connective (const sg_store *s, sg_term t)
{
  const sg_node *n = sg_term_node (s, t);
  switch ((sg_op) n->op)
    {
    case SG_OP_NOT: case SG_OP_AND: case SG_OP_OR: case SG_OP_IMPLIES: case SG_OP_XOR:
      return true;
    case SG_OP_EQ:
      return is_bool (s, sg_term_arg (s, t, 0));
    case SG_OP_DISTINCT:
      return n->nargs == 2 && is_bool (s, sg_term_arg (s, t, 0));
    case SG_OP_ITE:
      return n->sort == s->s_bool;
    default:
      return false;
    }
}

/* Not descended into: binders, annotations, leaves. */
static bool
is_opaque (const sg_store *s, sg_term t)
{
  const sg_node *n = sg_term_node (s, t);
  switch ((sg_op) n->op)
    {
    case SG_OP_LET: case SG_OP_FORALL: case SG_OP_EXISTS: case SG_OP_MATCH: case SG_OP_ANNOT:
      return true;
    default:
      return n->nargs == 0;
    }
}

/* A term that may stand in an atom as is: a Bool constant, true, false. */
static bool
is_prop_leaf (const sg_store *s, sg_term t)
{
  const sg_node *n = sg_term_node (s, t);
  return n->nargs == 0 && (n->op == SG_OP_APP || n->op == SG_OP_TRUE || n->op == SG_OP_FALSE);
}

static sg_rc
fresh_var (ts *x, sg_term *out)
{
  sg_atom name;
  uint32_t fun;
  sg_rc rc = sg_store_fresh_atom (x->s, x->prefix, &name);
  if (!rc) rc = sg_store_add_fun (x->s, name, SG_FUN_DECLARED, NULL, 0, x->s->s_bool, &fun);
  if (!rc) rc = sg_mk_fun_app (x->s, fun, NULL, 0, out);
  if (!rc && !SG_VEC_PUSH (x->c->vars, fun)) rc = SG_RC_NOMEM;
  return rc;
}

/* Append one clause of k literals. */
static sg_rc
clause (ts *x, const sg_term *l, uint32_t k)
{
  for (uint32_t i = 0; i < k; i++)
    if (!SG_VEC_PUSH (x->c->lits, l[i])) return SG_RC_NOMEM;
  return SG_VEC_PUSH (x->c->ends, x->c->lits.n) ? SG_RC_OK : SG_RC_NOMEM;
}

static sg_rc
neg (ts *x, sg_term l, sg_term *out)
{
  return sg_cnf_negate (x->s, l, out);
}

/* Clauses for v ⇔ (a ⇔ b) (eq) or v ⇔ (a ⊕ b) (!eq). */
static sg_rc
iff_clauses (ts *x, sg_term v, sg_term a, sg_term b, bool eq)
{
  sg_term nv, na, nb;
  sg_rc rc = neg (x, v, &nv);
  if (!rc) rc = neg (x, a, &na);
  if (!rc) rc = neg (x, b, &nb);
  if (rc) return rc;
  sg_term p = eq ? v : nv, q = eq ? nv : v; /* p: holds when a,b differ is false... */
  sg_term c1[3] = { p, a, b }, c2[3] = { p, na, nb }, c3[3] = { q, na, b }, c4[3] = { q, a, nb };
  /* eq: v ∨ a ∨ b; v ∨ ¬a ∨ ¬b; ¬v ∨ ¬a ∨ b; ¬v ∨ a ∨ ¬b. xor: the same with v negated. */
  if ((rc = clause (x, c1, 3)) || (rc = clause (x, c2, 3)) || (rc = clause (x, c3, 3))) return rc;
  return clause (x, c4, 3);
}

static sg_rc
lit_of (ts *x, sg_term t, sg_term *l)
{
  uint32_t v;
  if (!map_get (&x->lit, t, &v)) return SG_RC_USAGE;
  *l = v;
  return SG_RC_OK;
}

/* The variable (or leaf) standing for Bool term t inside an atom. */
static sg_rc
var_of (ts *x, sg_term t, sg_term *out)
{
  sg_term l;
  uint32_t v;
  sg_rc rc = lit_of (x, t, &l);
  if (rc) return rc;
  if (is_prop_leaf (x->s, l)) { *out = l; return SG_RC_OK; }
  if (map_get (&x->var, t, &v)) { *out = v; return SG_RC_OK; }
  sg_term w, nw, nl;
  if ((rc = fresh_var (x, &w)) || (rc = neg (x, w, &nw)) || (rc = neg (x, l, &nl))) return rc;
  sg_term c1[2] = { nw, l }, c2[2] = { w, nl };
  if ((rc = clause (x, c1, 2)) || (rc = clause (x, c2, 2))) return rc;
  x->c->lifted++;
  if (!map_put (&x->var, t, w)) return SG_RC_NOMEM;
  *out = w;
  return SG_RC_OK;
}

/* The literal of a connective whose children have literals. */
static sg_rc
encode_connective (ts *x, sg_term t, sg_term *out)
{
  sg_store *s = x->s;
  const sg_node n = *sg_term_node (s, t);
  sg_rc rc = SG_RC_OK;
  SG_VEC_CLEAR (x->tmp);
  for (uint32_t k = 0; k < n.nargs && !rc; k++)
    {
      sg_term l;
      if (!(rc = lit_of (x, sg_term_arg (s, t, k), &l)) && !SG_VEC_PUSH (x->tmp, l)) rc = SG_RC_NOMEM;
    }
  if (rc) return rc;
  sg_term *c = x->tmp.a;
  uint32_t m = x->tmp.n;
  if (n.op == SG_OP_NOT) return neg (x, c[0], out);
  if (n.op == SG_OP_IMPLIES)
    {
      /* c1 => ... => cm  ≡  ¬c1 ∨ ... ∨ ¬c(m-1) ∨ cm: an or. */
      for (uint32_t k = 0; k + 1 < m && !rc; k++) rc = neg (x, c[k], &c[k]);
      if (rc) return rc;
    }
  sg_term v, nv;
  if (n.op == SG_OP_AND || n.op == SG_OP_OR || n.op == SG_OP_IMPLIES)
    {
      if (m == 1) { *out = c[0]; return SG_RC_OK; }
      if ((rc = fresh_var (x, &v)) || (rc = neg (x, v, &nv))) return rc;
      bool is_and = n.op == SG_OP_AND;
      /* and: ¬v ∨ ci each; v ∨ ¬c1 ∨ ... ∨ ¬cm.  or: v ∨ ¬ci each; ¬v ∨ c1 ∨ ... ∨ cm. */
      sg_u32vec big = { 0 };
      if (!SG_VEC_PUSH (big, is_and ? v : nv)) rc = SG_RC_NOMEM;
      for (uint32_t k = 0; k < m && !rc; k++)
        {
          sg_term nc;
          if ((rc = neg (x, c[k], &nc))) break;
          sg_term two[2] = { is_and ? nv : v, is_and ? c[k] : nc };
          if ((rc = clause (x, two, 2))) break;
          if (!SG_VEC_PUSH (big, is_and ? nc : c[k])) rc = SG_RC_NOMEM;
        }
      if (!rc) rc = clause (x, big.a, big.n);
      SG_VEC_FREE (big);
      *out = v;
      return rc;
    }
  if (n.op == SG_OP_ITE)
    {
      sg_term nc, na, nb;
      if ((rc = fresh_var (x, &v)) || (rc = neg (x, v, &nv)) || (rc = neg (x, c[0], &nc))
          || (rc = neg (x, c[1], &na)) || (rc = neg (x, c[2], &nb)))
        return rc;
      sg_term k1[3] = { nv, nc, c[1] }, k2[3] = { nv, c[0], c[2] }, k3[3] = { v, nc, na },
              k4[3] = { v, c[0], nb };
      if ((rc = clause (x, k1, 3)) || (rc = clause (x, k2, 3)) || (rc = clause (x, k3, 3))
          || (rc = clause (x, k4, 3)))
        return rc;
      *out = v;
      return SG_RC_OK;
    }
  /* xor (left-assoc), binary distinct, = (chainable): fold over pairs. */
  if (n.op == SG_OP_XOR || n.op == SG_OP_DISTINCT)
    {
      sg_term acc = c[0];
      for (uint32_t k = 1; k < m && !rc; k++)
        {
          if ((rc = fresh_var (x, &v))) break;
          rc = iff_clauses (x, v, acc, c[k], false);
          acc = v;
        }
      *out = acc;
      return rc;
    }
  /* =: the conjunction of c(k) ⇔ c(k+1). */
  sg_u32vec eqs = { 0 };
  for (uint32_t k = 0; k + 1 < m && !rc; k++)
    {
      if ((rc = fresh_var (x, &v))) break;
      rc = iff_clauses (x, v, c[k], c[k + 1], true);
      if (!rc && !SG_VEC_PUSH (eqs, v)) rc = SG_RC_NOMEM;
    }
  if (!rc && eqs.n == 1) *out = eqs.a[0];
  else if (!rc)
    {
      sg_term w, nw;
      if (!(rc = fresh_var (x, &w)) && !(rc = neg (x, w, &nw)))
        {
          sg_u32vec big = { 0 };
          if (!SG_VEC_PUSH (big, w)) rc = SG_RC_NOMEM;
          for (uint32_t k = 0; k < eqs.n && !rc; k++)
            {
              sg_term ne, two[2] = { nw, eqs.a[k] };
              if ((rc = clause (x, two, 2)) || (rc = neg (x, eqs.a[k], &ne))) break;
              if (!SG_VEC_PUSH (big, ne)) rc = SG_RC_NOMEM;
            }
          if (!rc) rc = clause (x, big.a, big.n);
          SG_VEC_FREE (big);
          *out = w;
        }
    }
  SG_VEC_FREE (eqs);
  return rc;
}

/* An atom or theory term with its Bool children replaced by variables and its other children
 * rewritten. */
static sg_rc
rewrite_term (ts *x, sg_term t, sg_term *out)
{
  sg_store *s = x->s;
  const sg_node n = *sg_term_node (s, t);
  sg_rc rc = SG_RC_OK;
  SG_VEC_CLEAR (x->tmp);
  bool changed = false;
  for (uint32_t k = 0; k < n.nargs && !rc; k++)
    {
      sg_term c = sg_term_arg (s, t, k), r;
      if (is_bool (s, c)) rc = var_of (x, c, &r);
      else rc = lit_of (x, c, &r);
      if (rc) break;
      changed |= r != c;
      if (!SG_VEC_PUSH (x->tmp, r)) rc = SG_RC_NOMEM;
    }
  if (rc) return rc;
  if (!changed) { *out = t; return SG_RC_OK; }
  return sg_term_rebuild (s, t, x->tmp.a, out);
}

/* Literal of Bool term root (rewritten term for others), post-order over the DAG. */
static sg_rc
encode (ts *x, sg_term root, sg_term *out)
{
  sg_store *s = x->s;
  sg_rc rc = SG_RC_OK;
  uint32_t st;
  if (!map_get (&x->state, root, &st))
    {
      SG_VEC_CLEAR (x->stack);
      if (!SG_VEC_PUSH (x->stack, root)) return SG_RC_NOMEM;
    }
  while (x->stack.n && !rc)
    {
      sg_term t = SG_VEC_TOP (x->stack);
      if (!map_get (&x->state, t, &st)) st = 0;
      if (st == 2) { x->stack.n--; continue; }
      if (st == 0)
        {
          if (!map_put (&x->state, t, 1)) return SG_RC_NOMEM;
          if (!is_opaque (s, t))
            for (uint32_t k = sg_term_nargs (s, t); k-- > 0;)
              {
                sg_term c = sg_term_arg (s, t, k);
                uint32_t cs;
                if (map_get (&x->state, c, &cs) && cs == 2) continue;
                if (!SG_VEC_PUSH (x->stack, c)) return SG_RC_NOMEM;
              }
          continue;
        }
      sg_term r = t;
      if (is_opaque (s, t)) r = t;
      else if (is_connective (s, t)) rc = encode_connective (x, t, &r);
      else rc = rewrite_term (x, t, &r);
      if (rc) break;
      if (!map_put (&x->lit, t, r) || !map_put (&x->state, t, 2)) return SG_RC_NOMEM;
      x->stack.n--;
    }
  if (rc) return rc;
  return lit_of (x, root, out);
}

sg_rc
sg_cnf_add (sg_store *s, const sg_term *ts_, uint32_t n, const char *prefix, sg_cnf *c)
{
  ts x;
  memset (&x, 0, sizeof x);
  x.s = s;
  x.c = c;
  x.prefix = prefix;
  sg_rc rc = SG_RC_OK;
  sg_u32vec todo = { 0 }, cl = { 0 };
  for (uint32_t i = n; i-- > 0;)
    if (!SG_VEC_PUSH (todo, ts_[i])) rc = SG_RC_NOMEM;
  while (todo.n && !rc)
    {
      sg_term t = SG_VEC_POP (todo);
      sg_op op = sg_term_op (s, t);
      uint32_t na = sg_term_nargs (s, t);
      if (op == SG_OP_AND)
        {
          for (uint32_t k = na; k-- > 0;)
            if (!SG_VEC_PUSH (todo, sg_term_arg (s, t, k))) rc = SG_RC_NOMEM;
          continue;
        }
      if (op == SG_OP_TRUE) continue;
      SG_VEC_CLEAR (cl);
      if (op == SG_OP_OR || op == SG_OP_IMPLIES)
        for (uint32_t k = 0; k < na && !rc; k++)
          {
            sg_term l;
            if ((rc = encode (&x, sg_term_arg (s, t, k), &l))) break;
            if (op == SG_OP_IMPLIES && k + 1 < na && (rc = sg_cnf_negate (s, l, &l))) break;
            if (!SG_VEC_PUSH (cl, l)) rc = SG_RC_NOMEM;
          }
      else
        {
          sg_term l;
          if (!(rc = encode (&x, t, &l)) && !SG_VEC_PUSH (cl, l)) rc = SG_RC_NOMEM;
        }
      if (!rc) rc = clause (&x, cl.a, cl.n);
    }
  SG_VEC_FREE (todo);
  SG_VEC_FREE (cl);
  SG_VEC_FREE (x.stack);
  SG_VEC_FREE (x.tmp);
  map_free (&x.lit);
  map_free (&x.var);
  map_free (&x.state);
  return rc;
}
