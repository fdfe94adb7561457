/* check_ext: the sort rules of the solvers' extension operators (ops.def rules POLY, REL,
 * TUPLE*, HO_APPLY, PROJECT) — polymorphic signatures unified with the argument sorts,
 * relations and tables, tuples, higher-order application, column operators — and the
 * instantiation of polymorphic signatures for term generators (sg_poly_returns, sg_poly_args).
 * The patterns are ops.def's (not input), so the recursion over a pattern is bounded by the
 * table. Maintainer: front.  Tests: tests/unit/front_test.c, tests/cli (print, golden). */
#include <stdlib.h>
#include <string.h>

#include "front/check_int.h"
#include "front/store_int.h"

/* ---- polymorphic signatures (SG_RULE_POLY) ----
 * A pattern is a letter of sg_sort_of_letter, a sort variable a..e, or "(K p...)" with K one of
 * Set Seq Bag Array Tuple ->. The patterns are ops.def's (not input), so the recursion over a
 * pattern is bounded by the table; actual sorts are only looked at as deep as a pattern goes. */
enum { POLY_VARS = 5 };

typedef struct poly {
  sg_store *s;
  sg_sort var[POLY_VARS]; /* bindings of a..e, SG_NONE while unbound */
} poly;

/* The end of the pattern starting at p. */
static const char *
pat_end (const char *p)
{
  if (*p != '(') return p + 1;
  int depth = 0;
  do
    {
      if (*p == '(') depth++;
      else if (*p == ')') depth--;
      p++;
    }
  while (depth > 0 && *p);
  return p;
}

/* Kind of the constructor name at p ("Set " ...), with its length; false if none. */
static bool
pat_kind (const char *p, sg_sort_kind *k, size_t *len)
{
  static const struct { const char *name; sg_sort_kind kind; } ks[] = {
    { "Set ", SG_SORT_SET }, { "Seq ", SG_SORT_SEQ }, { "Bag ", SG_SORT_BAG },
    { "Array ", SG_SORT_ARRAY }, { "Tuple ", SG_SORT_TUPLE }, { "-> ", SG_SORT_FUN },
  };
  for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++)
    if (!strncmp (p, ks[i].name, strlen (ks[i].name)))
      {
        *k = ks[i].kind;
        *len = strlen (ks[i].name);
        return true;
      }
  return false;
}

/* Match pattern p against sort x, binding variables. */
static bool
pat_match (poly *P, const char *p, sg_sort x)
{
  sg_store *s = P->s;
  if (*p >= 'a' && *p <= 'e')
    {
      sg_sort *v = &P->var[*p - 'a'];
      if (*v == SG_NONE) *v = x;
      return *v == x;
    }
  if (*p != '(') return sg_sort_of_letter (s, *p) == x;
  sg_sort_kind k;
  size_t len;
  if (!pat_kind (p + 1, &k, &len)) return false;
  const sg_sortnode *n = sg_sort_node (s, x);
  if (n->kind != k) return false;
  uint32_t nk = k == SG_SORT_ARRAY ? 2 : n->nargs, i = 0;
  const char *q = p + 1 + len;
  for (; *q != ')'; q = pat_end (q) + (pat_end (q)[0] == ' '), i++)
    {
      if (i >= nk) return false;
      n = sg_sort_node (s, x);
      sg_sort kid = k == SG_SORT_ARRAY ? (i ? n->b : n->a) : s->pool.a[n->args + i];
      if (!pat_match (P, q, kid)) return false;
    }
  return i == nk;
}

/* Build the sort pattern p stands for; SG_RC_SORT when a variable is unbound. */
static sg_rc
pat_build (poly *P, const char *p, sg_sort *out)
{
  sg_store *s = P->s;
  if (*p >= 'a' && *p <= 'e')
    {
      *out = P->var[*p - 'a'];
      return *out == SG_NONE ? SG_RC_SORT : SG_RC_OK;
    }
  if (*p != '(') { *out = sg_sort_of_letter (s, *p); return SG_RC_OK; }
  sg_sort_kind k;
  size_t len;
  if (!pat_kind (p + 1, &k, &len)) return sg_store_err (s, SG_RC_USAGE, "internal: bad pattern %s", p);
  sg_sort kids[8];
  uint32_t nk = 0;
  for (const char *q = p + 1 + len; *q != ')'; q = pat_end (q) + (pat_end (q)[0] == ' '))
    {
      if (nk == 8) return sg_store_err (s, SG_RC_USAGE, "internal: pattern too long");
      sg_rc rc = pat_build (P, q, &kids[nk++]);
      if (rc) return rc;
    }
  if (k == SG_SORT_ARRAY) return sg_sort_array (s, kids[0], kids[1], out);
  if (k == SG_SORT_FUN) return sg_sort_fun (s, kids, nk, out);
  return sg_sort_make (s, k, 0, 0, kids, nk, out);
}

/* The argument patterns of sig (up to "->") into pats; their number, which one repeats (or
 * -1), and the result pattern. */
static uint32_t
pat_args (const char *sig, const char **pats, uint32_t max, int *star, const char **res)
{
  uint32_t n = 0;
  *star = -1;
  const char *p = sig;
  while (p[0] && !(p[0] == '-' && p[1] == '>'))
    {
      if (n < max) pats[n] = p;
      p = pat_end (p);
      if (*p == '*') { *star = (int) n; p++; }
      n++;
      if (*p == ',') p++;
    }
  *res = p[0] ? p + 2 : p;
  return n;
}

/* Type-check a POLY application; `as` (or SG_NONE) is the sort (as op S) gives its result. */
sg_rc
sg_chk_rule_poly (sg_store *s, sg_op op, const char *sig, sg_term *a, uint32_t n, sg_sort as, sg_sort *out)
{
  poly P = { s, { SG_NONE, SG_NONE, SG_NONE, SG_NONE, SG_NONE } };
  const char *pats[8], *r;
  int star;
  uint32_t np = pat_args (sig, pats, 8, &star, &r);
  if (np > 8) return sg_store_err (s, SG_RC_USAGE, "internal: signature too long");
  if (as != SG_NONE && !pat_match (&P, r, as))
    {
      char g[128];
      return sg_store_err (s, SG_RC_SORT, "(as %s %s): not a sort '%s' can have", sg_chk_opname (s, op),
                           sg_chk_sortstr (s, as, g, sizeof g), sg_chk_opname (s, op));
    }
  uint32_t extra = star >= 0 && n + 1 > np ? n + 1 - np : 1; /* arguments the starred one takes */
  for (uint32_t i = 0, k = 0; i < n; i++)
    {
      /* k: the pattern of argument i */
      const char *pt = pats[k];
      bool letter = pt[0] >= 'A' && pt[0] <= 'Z';
      if (letter)
        {
          sg_rc rc = sg_chk_expect (s, sg_chk_opname (s, op), a, i, sg_sort_of_letter (s, pt[0]));
          if (rc) return rc;
        }
      else if (!pat_match (&P, pt, sg_term_sort (s, a[i])))
        {
          char g[128];
          sg_sort want;
          /* the sort the arguments before it require, when they fix it */
          if (pat_build (&P, pt, &want) == SG_RC_OK)
            return sg_chk_mismatch_sort (s, sg_chk_opname (s, op), i, sg_term_sort (s, a[i]), want);
          return sg_store_err (s, SG_RC_SORT, "sort mismatch: argument %u of '%s' has sort %s, which does not fit %s",
                               i + 1, sg_chk_opname (s, op), sg_chk_sortstr (s, sg_term_sort (s, a[i]), g, sizeof g), sig);
        }
      if ((int) k == star && --extra > 0) continue;
      k++;
      if (k == np) break;
    }
  sg_rc rc = pat_build (&P, r, out);
  if (rc == SG_RC_SORT)
    return sg_store_err (s, SG_RC_SORT, "cannot infer the sort of '%s'; write (as %s SORT)", sg_chk_opname (s, op),
                         sg_chk_opname (s, op));
  return rc;
}

bool
sg_poly_returns (sg_store *s, sg_op op, sg_sort S)
{
  const sg_opinfo *info = sg_op_info (op);
  if (info->rule != SG_RULE_POLY) return false;
  poly P = { s, { SG_NONE, SG_NONE, SG_NONE, SG_NONE, SG_NONE } };
  const char *pats[8], *r;
  int star;
  pat_args (info->sig, pats, 8, &star, &r);
  return pat_match (&P, r, S);
}

bool
sg_poly_args (sg_store *s, sg_op op, sg_sort S, const sg_sort *open, uint32_t n, sg_sort *args)
{
  const sg_opinfo *info = sg_op_info (op);
  if (info->rule != SG_RULE_POLY || n < info->min_args || (info->max_args != SG_ARGS_N && n > info->max_args))
    return false;
  poly P = { s, { SG_NONE, SG_NONE, SG_NONE, SG_NONE, SG_NONE } };
  const char *pats[8], *r;
  int star;
  uint32_t np = pat_args (info->sig, pats, 8, &star, &r);
  if (np > 8 || !pat_match (&P, r, S)) return false;
  for (uint32_t v = 0, o = 0; v < POLY_VARS; v++)
    if (P.var[v] == SG_NONE) P.var[v] = open[o++];
  uint32_t extra = star >= 0 && n + 1 > np ? n + 1 - np : 1;
  for (uint32_t i = 0, k = 0; i < n; i++)
    {
      if (k >= np || pat_build (&P, pats[k], &args[i])) return false;
      if ((int) k == star && --extra > 0) continue;
      k++;
    }
  return true;
}

/* The component sorts of a tuple sort x, or NULL (with an error) if x is none. */
static const sg_sort *
tuple_parts (sg_store *s, sg_op op, sg_term *a, uint32_t i, uint32_t *n)
{
  sg_sort x = sg_term_sort (s, a[i]);
  const sg_sortnode *t = sg_sort_node (s, x);
  if (t->kind != SG_SORT_TUPLE) { sg_chk_mismatch (s, sg_chk_opname (s, op), i, x, "a tuple sort"); return NULL; }
  *n = t->nargs;
  return s->pool.a + t->args;
}

/* The tuple sorts of a relation argument ((Set (Tuple ...)) or (Bag (Tuple ...))). */
static sg_rc
rel_arg (sg_store *s, sg_op op, sg_term *a, uint32_t i, sg_sort_kind coll, sg_u32vec *parts)
{
  sg_sort x = sg_term_sort (s, a[i]);
  const sg_sortnode *c = sg_sort_node (s, x);
  if (c->kind != coll || sg_sort_node (s, s->pool.a[c->args])->kind != SG_SORT_TUPLE)
    return sg_chk_mismatch (s, sg_chk_opname (s, op), i, x, coll == SG_SORT_SET ? "a relation sort" : "a table sort");
  const sg_sortnode *t = sg_sort_node (s, s->pool.a[c->args]);
  SG_VEC_CLEAR (*parts);
  for (uint32_t k = 0; k < t->nargs; k++)
    if (!SG_VEC_PUSH (*parts, s->pool.a[t->args + k])) return sg_store_nomem (s);
  return SG_RC_OK;
}

/* (coll (Tuple cols...)): a relation (coll SET) or table (BAG) sort; the tuple sort alone when
 * coll is SG_SORT_TUPLE. */
static sg_rc
columns_sort (sg_store *s, sg_sort_kind coll, const sg_u32vec *cols, sg_sort *out)
{
  sg_sort tup;
  sg_rc rc = sg_sort_make (s, SG_SORT_TUPLE, 0, 0, cols->a, cols->n, &tup);
  if (rc || coll == SG_SORT_TUPLE) { *out = tup; return rc; }
  return sg_sort_make (s, coll, 0, 0, &tup, 1, out);
}

sg_rc
sg_chk_rule_rel (sg_store *s, sg_op op, sg_term *a, uint32_t n, sg_sort *out)
{
  sg_sort_kind coll = op == SG_OP_TABLE_PRODUCT ? SG_SORT_BAG : SG_SORT_SET;
  sg_u32vec x = { 0 }, y = { 0 }, r = { 0 };
  sg_rc rc = rel_arg (s, op, a, 0, coll, &x);
  if (!rc && n == 2 && op != SG_OP_REL_JOIN_IMAGE) rc = rel_arg (s, op, a, 1, coll, &y);
  for (uint32_t k = 0; !rc && k < x.n; k++)
    if (!SG_VEC_PUSH (r, x.a[k])) rc = sg_store_nomem (s);
  if (rc) goto done;
  switch (op)
    {
    case SG_OP_REL_PRODUCT:
    case SG_OP_TABLE_PRODUCT:
      for (uint32_t k = 0; k < y.n; k++)
        if (!SG_VEC_PUSH (r, y.a[k])) { rc = sg_store_nomem (s); goto done; }
      break;
    case SG_OP_REL_JOIN:
      if (!x.n || !y.n || x.a[x.n - 1] != y.a[0])
        { rc = sg_store_err (s, SG_RC_SORT, "rel.join: the last column of the first relation and the first of the second differ"); goto done; }
      r.n--;
      for (uint32_t k = 1; k < y.n; k++)
        if (!SG_VEC_PUSH (r, y.a[k])) { rc = sg_store_nomem (s); goto done; }
      if (!r.n) { rc = sg_store_err (s, SG_RC_SORT, "rel.join of two unary relations"); goto done; }
      break;
    case SG_OP_REL_TRANSPOSE:
      for (uint32_t k = 0; k < x.n; k++) r.a[k] = x.a[x.n - 1 - k];
      break;
    case SG_OP_REL_TCLOSURE:
      if (x.n != 2 || x.a[0] != x.a[1])
        { rc = sg_store_err (s, SG_RC_SORT, "rel.tclosure needs a binary relation over one sort"); goto done; }
      break;
    case SG_OP_REL_JOIN_IMAGE:
      if (x.n != 2 || x.a[0] != x.a[1])
        { rc = sg_store_err (s, SG_RC_SORT, "rel.join_image needs a binary relation over one sort"); goto done; }
      if ((rc = sg_chk_expect (s, sg_chk_opname (s, op), a, 1, s->s_int))) goto done;
      r.n = 1;
      break;
    case SG_OP_REL_IDEN:
      if (x.n != 1) { rc = sg_store_err (s, SG_RC_SORT, "rel.iden needs a unary relation"); goto done; }
      if (!SG_VEC_PUSH (r, x.a[0])) { rc = sg_store_nomem (s); goto done; }
      break;
    default:
      break;
    }
  rc = columns_sort (s, coll, &r, out);
done:
  SG_VEC_FREE (x);
  SG_VEC_FREE (y);
  SG_VEC_FREE (r);
  return rc;
}

sg_rc
sg_chk_rule_tuple (sg_store *s, sg_op op, sg_term *a, uint32_t n, const uint32_t *idx, sg_sort *out)
{
  if (op == SG_OP_TUPLE)
    {
      sg_sort *ks = n ? malloc (n * sizeof *ks) : NULL;
      if (n && !ks) return sg_store_nomem (s);
      for (uint32_t i = 0; i < n; i++) ks[i] = sg_term_sort (s, a[i]);
      sg_rc rc = sg_sort_make (s, SG_SORT_TUPLE, 0, 0, ks, n, out);
      free (ks);
      return rc;
    }
  uint32_t np = 0;
  const sg_sort *parts = tuple_parts (s, op, a, 0, &np);
  if (!parts) return SG_RC_SORT;
  if (idx[0] >= np)
    return sg_store_err (s, SG_RC_SORT, "(_ %s %u) of a tuple of %u component%s", sg_chk_opname (s, op), idx[0], np,
                         np == 1 ? "" : "s");
  if (op == SG_OP_TUPLE_SELECT) { *out = parts[idx[0]]; return SG_RC_OK; }
  sg_sort want = parts[idx[0]], x = sg_term_sort (s, a[0]);
  sg_rc rc = sg_chk_expect (s, sg_chk_opname (s, op), a, 1, want);
  if (rc) return rc;
  *out = x;
  return SG_RC_OK;
}

/* (@ f a1 ... an), f of sort (-> D1 ... Dm R): R when n = m, else (-> Dn+1 ... Dm R). */
sg_rc
sg_chk_rule_ho_apply (sg_store *s, sg_op op, sg_term *a, uint32_t n, sg_sort *out)
{
  sg_sort f = sg_term_sort (s, a[0]);
  if (sg_sort_kind_of (s, f) != SG_SORT_FUN) return sg_chk_mismatch (s, sg_chk_opname (s, op), 0, f, "a function sort");
  uint32_t m = sg_sort_node (s, f)->nargs - 1, k = n - 1;
  if (k > m)
    return sg_store_err (s, SG_RC_SORT, "'@': a function of %u argument%s applied to %u", m, m == 1 ? "" : "s", k);
  for (uint32_t i = 0; i < k; i++)
    {
      sg_rc rc = sg_chk_expect (s, sg_chk_opname (s, op), a, i + 1, s->pool.a[sg_sort_node (s, f)->args + i]);
      if (rc) return rc;
    }
  if (k == m) { *out = s->pool.a[sg_sort_node (s, f)->args + m]; return SG_RC_OK; }
  uint32_t rest = m + 1 - k;
  sg_sort *ks = malloc (rest * sizeof *ks);
  if (!ks) return sg_store_nomem (s);
  memcpy (ks, s->pool.a + sg_sort_node (s, f)->args + k, rest * sizeof *ks);
  sg_rc rc = sg_sort_fun (s, ks, rest, out);
  free (ks);
  return rc;
}

/* The column operators of SG_RULE_PROJECT; nidx indices. */
sg_rc
sg_chk_rule_project (sg_store *s, sg_op op, sg_term *a, uint32_t n, const uint32_t *idx, uint32_t nidx, sg_sort *out)
{
  (void) n;
  sg_sort_kind coll = op == SG_OP_REL_PROJECT || op == SG_OP_REL_GROUP ? SG_SORT_SET : SG_SORT_BAG;
  sg_u32vec x = { 0 }, y = { 0 }, r = { 0 };
  sg_rc rc = SG_RC_OK;
  if (op == SG_OP_TUPLE_PROJECT)
    {
      uint32_t np = 0;
      const sg_sort *parts = tuple_parts (s, op, a, 0, &np);
      if (!parts) return SG_RC_SORT;
      for (uint32_t k = 0; !rc && k < np; k++)
        if (!SG_VEC_PUSH (x, parts[k])) rc = sg_store_nomem (s);
    }
  else
    rc = rel_arg (s, op, a, 0, coll, &x);
  if (!rc && op == SG_OP_TABLE_JOIN) rc = rel_arg (s, op, a, 1, coll, &y);
  if (rc) goto done;
  for (uint32_t k = 0; k < nidx; k++)
    {
      uint32_t lim = op == SG_OP_TABLE_JOIN && k % 2 ? y.n : x.n;
      if (idx[k] >= lim)
        { rc = sg_store_err (s, SG_RC_SORT, "'%s': index %u of a tuple of %u columns", sg_chk_opname (s, op), idx[k], lim); goto done; }
    }
  sg_sort inner;
  switch (op)
    {
    case SG_OP_REL_GROUP:
    case SG_OP_TABLE_GROUP:
      /* (Set T) -> (Set (Set T)), (Bag T) -> (Bag (Bag T)) */
      inner = sg_term_sort (s, a[0]);
      rc = sg_sort_make (s, coll, 0, 0, &inner, 1, out);
      goto done;
    case SG_OP_TABLE_JOIN:
      if (nidx % 2) { rc = sg_store_err (s, SG_RC_SORT, "table.join needs pairs of indices"); goto done; }
      for (uint32_t k = 0; k < nidx; k += 2)
        if (x.a[idx[k]] != y.a[idx[k + 1]])
          { rc = sg_store_err (s, SG_RC_SORT, "table.join: columns %u and %u differ in sort", idx[k], idx[k + 1]); goto done; }
      for (uint32_t k = 0; !rc && k < x.n; k++)
        if (!SG_VEC_PUSH (r, x.a[k])) rc = sg_store_nomem (s);
      for (uint32_t k = 0; !rc && k < y.n; k++)
        if (!SG_VEC_PUSH (r, y.a[k])) rc = sg_store_nomem (s);
      break;
    default: /* project: the columns named, in order */
      for (uint32_t k = 0; !rc && k < nidx; k++)
        if (!SG_VEC_PUSH (r, x.a[idx[k]])) rc = sg_store_nomem (s);
      break;
    }
  if (!rc) rc = columns_sort (s, op == SG_OP_TUPLE_PROJECT ? SG_SORT_TUPLE : coll, &r, out);
done:
  SG_VEC_FREE (x);
  SG_VEC_FREE (y);
  SG_VEC_FREE (r);
  return rc;
}

