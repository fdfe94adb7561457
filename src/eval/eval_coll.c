/* eval_coll: cvc5's and z3's sequences, and cvc5's sets, bags, tuples and relations, over finite
 * values (value.h: SG_V_SEQ, SG_V_SET, SG_V_BAG, SG_V_TUPLE), and cvc5's string operators
 * applied to sequences (the same functions).
 *
 * Semantics (cvc5 1.0.3 theory references; the sequence functions are the string functions of
 * SMT-LIB 2.6 on element lists):
 *   seq.nth s i         = s[i] if 0 <= i < |s|; else unspecified (UNDET)
 *   seq.at s i          = (seq.unit s[i]) if 0 <= i < |s|; else seq.empty
 *   seq.extract s i n   = empty if i < 0, i >= |s| or n <= 0; else s[i, min(i+n, |s|))
 *   seq.update s i t    = s if i < 0 or i >= |s|; else s with s[i+k] = t[k] for k < min(|t|,
 *                         |s| - i) (the length of s is kept)
 *   seq.indexof, seq.replace, seq.replace_all, seq.contains, seq.prefixof, seq.suffixof,
 *   seq.rev             = as str.indexof, str.replace, ... (see eval_str.c)
 *   set.member, set.subset, set.union, set.inter, set.minus (left-associative), set.insert,
 *   set.singleton, set.card, set.is_singleton: the finite set operations
 *   bag x n             = bag.empty if n <= 0, else x with multiplicity n
 *   bag.union_max / union_disjoint / inter_min / difference_subtract: max, sum, min, a - b
 *                         (dropped at <= 0) of the multiplicities; difference_remove: the
 *                         elements of a not in b; bag.subbag: every count of a <= b's;
 *                         duplicate_removal: every count 1; bag.card: the sum of the counts;
 *                         bag.from_set / bag.to_set: counts 1 / the elements
 *   tuple, (_ tuple.select i), (_ tuple.update i), (_ tuple.project i...) on components
 *   rel.transpose, rel.product, rel.join, rel.tclosure, rel.iden, (_ rel.project i...),
 *   table.product, (_ table.project i...): on the tuples of finite relations and tables
 * UNDET (never a finding): set.complement, set.universe, set.choose, bag.choose,
 * bag.is_singleton, the higher-order map/filter/fold/partition, rel.join_image, rel/table
 * group, table.join, any operation where two elements cannot be compared (an element value the
 * model leaves undetermined), and results past SG_COLL_MAX elements or counts past 2^62.
 * Maintainer: eval.  Tests: tests/unit/eval_coll_test.c */
#include <stdlib.h>
#include <string.h>

#include "eval/eval_int.h"

#define SG_COLL_MAX (1u << 20)    /* elements of a result */
#define SG_COLL_COUNT (1ull << 62) /* multiplicities */

#define put sg_eval_ret

typedef SG_VEC (sg_val) vals;
typedef SG_VEC (uint64_t) counts;

/* A working collection: elements (and counts for bags); `undet` once a comparison failed. */
typedef struct coll {
  vals e;
  counts c;
  bool undet;
} coll;

static void
coll_free (coll *k)
{
  SG_VEC_FREE (k->e);
  SG_VEC_FREE (k->c);
}

/* The value k stands for (kind, sort); UNDET when k->undet or too large. */
static sg_rc
coll_put (sg_eval_ctx *c, coll *k, sg_vkind kind, sg_sort sort, sg_val *out)
{
  sg_rc rc;
  if (k->undet || k->e.n > SG_COLL_MAX)
    rc = put (sg_v_undet (c->pool), out);
  else
    rc = put (sg_v_coll (c->pool, kind, sort, k->e.a, kind == SG_V_BAG ? k->c.a : NULL, k->e.n), out);
  coll_free (k);
  return rc;
}

/* Position of x among k's elements, -1 if absent; -2 when undetermined. */
static int64_t
coll_find (const sg_val *e, uint32_t n, sg_val x)
{
  bool unsure = false;
  for (uint32_t i = 0; i < n; i++)
    {
      int r = sg_v_equal (e[i], x);
      if (r == 1) return i;
      if (r < 0) unsure = true;
    }
  return unsure ? -2 : -1;
}

/* Add x with count n (set: n = 1, counts ignored) to k: sets keep one copy; bags add counts
 * (or take the max when `max`). */
static bool
coll_add (coll *k, sg_val x, uint64_t n, bool bag, bool max)
{
  int64_t at = coll_find (k->e.a, k->e.n, x);
  if (at == -2) { k->undet = true; return true; }
  if (at >= 0)
    {
      if (!bag) return true;
      uint64_t *c = &k->c.a[at];
      *c = max ? (*c > n ? *c : n) : *c + n;
      if (*c > SG_COLL_COUNT) k->undet = true;
      return true;
    }
  return SG_VEC_PUSH (k->e, x) && (!bag || SG_VEC_PUSH (k->c, n));
}

/* An Int value as int64 in [lo, hi] (clamped flags): false when it does not fit. */
static bool
small (sg_val v, int64_t *out)
{
  if (v->kind != SG_V_NUM || mpz_cmp_ui (mpq_denref (v->u.q), 1) != 0) return false;
  if (!mpz_fits_slong_p (mpq_numref (v->u.q))) return false;
  *out = mpz_get_si (mpq_numref (v->u.q));
  return true;
}

static bool
is_coll (sg_val v, sg_vkind k)
{
  return v && v->kind == k;
}

/* ---- sequences ---------------------------------------------------------------------------- */

/* Does t occur in s at position i: 1, 0, or -1 (undetermined)? */
static int
seq_at (sg_val s, uint32_t i, sg_val t)
{
  if (t->u.coll.n > s->u.coll.n - i) return 0;
  int res = 1;
  for (uint32_t k = 0; k < t->u.coll.n; k++)
    {
      int r = sg_v_equal (s->u.coll.elems[i + k], t->u.coll.elems[k]);
      if (r == 0) return 0;
      if (r < 0) res = -1;
    }
  return res;
}

/* The least j >= from where t occurs in s: j, -1 if none, -2 if undetermined. */
static int64_t
seq_index (sg_val s, sg_val t, uint32_t from)
{
  for (uint32_t j = from; j <= s->u.coll.n; j++)
    {
      if (t->u.coll.n > s->u.coll.n - j) break;
      int r = seq_at (s, j, t);
      if (r == 1) return j;
      if (r < 0) return -2;
    }
  return -1;
}

static bool
push_range (coll *k, sg_val s, uint32_t from, uint32_t to)
{
  for (uint32_t i = from; i < to; i++)
    if (!SG_VEC_PUSH (k->e, s->u.coll.elems[i])) return false;
  return true;
}

static sg_rc
put_int (sg_eval_ctx *c, int64_t v, sg_val *out)
{
  return put (sg_v_int_si (c->pool, c->s, (long) v), out);
}

static sg_rc
put_bool (sg_eval_ctx *c, int r, sg_val *out)
{
  return put (r < 0 ? sg_v_undet (c->pool) : sg_v_bool (c->pool, c->s, r == 1), out);
}

static sg_rc
eval_seq (sg_eval_ctx *c, sg_op op, sg_sort sort, const sg_val *a, uint32_t n, sg_val *out)
{
  coll k = { 0 };
  int64_t i, j;
  bool ok = true;
  switch (op)
    {
    case SG_OP_SEQ_EMPTY: return coll_put (c, &k, SG_V_SEQ, sort, out);
    case SG_OP_SEQ_UNIT:
      ok = SG_VEC_PUSH (k.e, a[0]);
      break;
    case SG_OP_SEQ_CONCAT: case SG_OP_STR_CONCAT:
      for (uint32_t x = 0; ok && x < n; x++) ok = push_range (&k, a[x], 0, a[x]->u.coll.n);
      break;
    case SG_OP_SEQ_LEN: case SG_OP_STR_LEN:
      return put_int (c, a[0]->u.coll.n, out);
    case SG_OP_SEQ_NTH:
      if (!small (a[1], &i) || i < 0 || i >= a[0]->u.coll.n) return put (sg_v_undet (c->pool), out);
      return put (a[0]->u.coll.elems[i], out);
    case SG_OP_SEQ_AT: case SG_OP_STR_AT:
      if (small (a[1], &i) && i >= 0 && i < a[0]->u.coll.n) ok = SG_VEC_PUSH (k.e, a[0]->u.coll.elems[i]);
      break;
    case SG_OP_SEQ_EXTRACT: case SG_OP_STR_SUBSTR:
      {
        uint32_t len = a[0]->u.coll.n;
        if (!small (a[1], &i) || !small (a[2], &j))
          {
            /* huge arguments: an empty result unless i is in range, which it is not */
            if (mpq_sgn (a[1]->u.q) < 0 || mpq_cmp_si (a[1]->u.q, (long) len, 1) >= 0 || mpq_sgn (a[2]->u.q) <= 0)
              break;
            if (!small (a[1], &i)) break;
            j = (int64_t) len; /* a huge positive length: to the end */
          }
        if (i < 0 || i >= len || j <= 0) break;
        uint64_t end = (uint64_t) i + (uint64_t) j;
        ok = push_range (&k, a[0], (uint32_t) i, end > len ? len : (uint32_t) end);
        break;
      }
    case SG_OP_SEQ_UPDATE:
      {
        ok = push_range (&k, a[0], 0, a[0]->u.coll.n);
        if (ok && small (a[1], &i) && i >= 0 && i < a[0]->u.coll.n)
          for (uint32_t x = 0; x < a[2]->u.coll.n && (uint64_t) i + x < k.e.n; x++)
            k.e.a[i + x] = a[2]->u.coll.elems[x];
        break;
      }
    case SG_OP_SEQ_CONTAINS: case SG_OP_STR_CONTAINS:
      {
        int64_t at = seq_index (a[0], a[1], 0);
        return put_bool (c, at == -2 ? -1 : at >= 0, out);
      }
    case SG_OP_SEQ_PREFIXOF: case SG_OP_STR_PREFIXOF:
      return put_bool (c, seq_at (a[1], 0, a[0]), out);
    case SG_OP_SEQ_SUFFIXOF: case SG_OP_STR_SUFFIXOF:
      if (a[0]->u.coll.n > a[1]->u.coll.n) return put_bool (c, 0, out);
      return put_bool (c, seq_at (a[1], a[1]->u.coll.n - a[0]->u.coll.n, a[0]), out);
    case SG_OP_SEQ_INDEXOF: case SG_OP_STR_INDEXOF:
      {
        int64_t from = 0;
        if (n == 3 && !small (a[2], &from)) return put_int (c, -1, out); /* huge: out of range */
        if (from < 0 || from > a[0]->u.coll.n) return put_int (c, -1, out);
        int64_t at = seq_index (a[0], a[1], (uint32_t) from);
        if (at == -2) return put (sg_v_undet (c->pool), out);
        return put_int (c, at, out);
      }
    case SG_OP_SEQ_REPLACE: case SG_OP_STR_REPLACE:
      {
        int64_t at = seq_index (a[0], a[1], 0);
        if (at == -2) return put (sg_v_undet (c->pool), out);
        if (at < 0) { ok = push_range (&k, a[0], 0, a[0]->u.coll.n); break; }
        ok = push_range (&k, a[0], 0, (uint32_t) at) && push_range (&k, a[2], 0, a[2]->u.coll.n)
             && push_range (&k, a[0], (uint32_t) at + a[1]->u.coll.n, a[0]->u.coll.n);
        break;
      }
    case SG_OP_SEQ_REPLACE_ALL: case SG_OP_STR_REPLACE_ALL:
      {
        if (a[1]->u.coll.n == 0) { ok = push_range (&k, a[0], 0, a[0]->u.coll.n); break; }
        uint32_t from = 0;
        for (;;)
          {
            int64_t at = seq_index (a[0], a[1], from);
            if (at == -2) { coll_free (&k); return put (sg_v_undet (c->pool), out); }
            if (at < 0) { ok = ok && push_range (&k, a[0], from, a[0]->u.coll.n); break; }
            ok = ok && push_range (&k, a[0], from, (uint32_t) at) && push_range (&k, a[2], 0, a[2]->u.coll.n);
            from = (uint32_t) at + a[1]->u.coll.n;
            if (k.e.n > SG_COLL_MAX) break;
          }
        break;
      }
    case SG_OP_SEQ_REV: case SG_OP_STR_REV:
      for (uint32_t x = a[0]->u.coll.n; ok && x-- > 0;) ok = SG_VEC_PUSH (k.e, a[0]->u.coll.elems[x]);
      break;
    default:
      coll_free (&k);
      return put (sg_v_undet (c->pool), out);
    }
  if (!ok) { coll_free (&k); return SG_RC_NOMEM; }
  return coll_put (c, &k, SG_V_SEQ, sort, out);
}

/* ---- sets and bags ------------------------------------------------------------------------ */

/* Count of x in bag b (0 if absent), or -1 when undetermined. */
static int64_t
bag_count (sg_val b, sg_val x)
{
  int64_t at = coll_find (b->u.coll.elems, b->u.coll.n, x);
  if (at == -2) return -1;
  return at < 0 ? 0 : (int64_t) b->u.coll.counts[at];
}

static sg_rc
eval_set (sg_eval_ctx *c, sg_op op, sg_sort sort, const sg_val *a, uint32_t n, sg_val *out)
{
  coll k = { 0 };
  bool ok = true;
  switch (op)
    {
    case SG_OP_SET_EMPTY: break;
    case SG_OP_SET_SINGLETON: ok = coll_add (&k, a[0], 1, false, false); break;
    case SG_OP_SET_INSERT:
      for (uint32_t i = 0; ok && i < a[n - 1]->u.coll.n; i++) ok = coll_add (&k, a[n - 1]->u.coll.elems[i], 1, false, false);
      for (uint32_t i = 0; ok && i + 1 < n; i++) ok = coll_add (&k, a[i], 1, false, false);
      break;
    case SG_OP_SET_UNION:
      for (uint32_t x = 0; ok && x < n; x++)
        for (uint32_t i = 0; ok && i < a[x]->u.coll.n; i++) ok = coll_add (&k, a[x]->u.coll.elems[i], 1, false, false);
      break;
    case SG_OP_SET_INTER:
    case SG_OP_SET_MINUS:
      {
        /* left-associative: keep the elements of a[0] in (inter) / not in (minus) each later set */
        for (uint32_t i = 0; ok && i < a[0]->u.coll.n; i++)
          {
            sg_val x = a[0]->u.coll.elems[i];
            bool keep = true;
            for (uint32_t y = 1; keep && y < n; y++)
              {
                int64_t at = coll_find (a[y]->u.coll.elems, a[y]->u.coll.n, x);
                if (at == -2) { k.undet = true; keep = false; }
                else keep = op == SG_OP_SET_INTER ? at >= 0 : at < 0;
              }
            if (keep) ok = SG_VEC_PUSH (k.e, x);
          }
        break;
      }
    case SG_OP_SET_MEMBER:
      {
        int64_t at = coll_find (a[1]->u.coll.elems, a[1]->u.coll.n, a[0]);
        return put_bool (c, at == -2 ? -1 : at >= 0, out);
      }
    case SG_OP_SET_SUBSET:
      {
        int res = 1;
        for (uint32_t i = 0; res != 0 && i < a[0]->u.coll.n; i++)
          {
            int64_t at = coll_find (a[1]->u.coll.elems, a[1]->u.coll.n, a[0]->u.coll.elems[i]);
            if (at == -1) res = 0;
            else if (at == -2) res = -1;
          }
        return put_bool (c, res, out);
      }
    case SG_OP_SET_CARD: return put_int (c, a[0]->u.coll.n, out);
    case SG_OP_SET_IS_SINGLETON: return put_bool (c, a[0]->u.coll.n == 1, out);
    default:
      return put (sg_v_undet (c->pool), out);
    }
  if (!ok) { coll_free (&k); return SG_RC_NOMEM; }
  return coll_put (c, &k, SG_V_SET, sort, out);
}

static sg_rc
eval_bag (sg_eval_ctx *c, sg_op op, sg_sort sort, const sg_val *a, uint32_t n, sg_val *out)
{
  coll k = { 0 };
  bool ok = true;
  int64_t m;
  switch (op)
    {
    case SG_OP_BAG_EMPTY: break;
    case SG_OP_BAG_MAKE:
      if (!small (a[1], &m)) { if (mpq_sgn (a[1]->u.q) <= 0) break; return put (sg_v_undet (c->pool), out); }
      if (m > 0) ok = coll_add (&k, a[0], (uint64_t) m, true, false);
      if ((uint64_t) (m > 0 ? m : 0) > SG_COLL_COUNT) k.undet = true;
      break;
    case SG_OP_BAG_UNION_MAX:
    case SG_OP_BAG_UNION_DISJOINT:
      for (uint32_t x = 0; ok && x < n; x++)
        for (uint32_t i = 0; ok && i < a[x]->u.coll.n; i++)
          ok = coll_add (&k, a[x]->u.coll.elems[i], a[x]->u.coll.counts[i], true, op == SG_OP_BAG_UNION_MAX);
      break;
    case SG_OP_BAG_INTER_MIN:
    case SG_OP_BAG_DIFFERENCE_SUBTRACT:
    case SG_OP_BAG_DIFFERENCE_REMOVE:
      /* left-associative over the later bags */
      for (uint32_t i = 0; ok && i < a[0]->u.coll.n; i++)
        {
          sg_val x = a[0]->u.coll.elems[i];
          uint64_t cnt = a[0]->u.coll.counts[i];
          for (uint32_t y = 1; cnt && y < n; y++)
            {
              int64_t d = bag_count (a[y], x);
              if (d < 0) { k.undet = true; cnt = 0; break; }
              if (op == SG_OP_BAG_INTER_MIN) cnt = cnt < (uint64_t) d ? cnt : (uint64_t) d;
              else if (op == SG_OP_BAG_DIFFERENCE_SUBTRACT) cnt = cnt > (uint64_t) d ? cnt - (uint64_t) d : 0;
              else if (d > 0) cnt = 0;
            }
          if (cnt) ok = SG_VEC_PUSH (k.e, x) && SG_VEC_PUSH (k.c, cnt);
        }
      break;
    case SG_OP_BAG_SUBBAG:
      {
        int res = 1;
        for (uint32_t i = 0; res != 0 && i < a[0]->u.coll.n; i++)
          {
            int64_t d = bag_count (a[1], a[0]->u.coll.elems[i]);
            if (d < 0) res = -1;
            else if ((uint64_t) d < a[0]->u.coll.counts[i]) res = 0;
          }
        return put_bool (c, res, out);
      }
    case SG_OP_BAG_COUNT:
    case SG_OP_BAG_MEMBER:
      {
        int64_t d = bag_count (a[1], a[0]);
        if (d < 0) return put (sg_v_undet (c->pool), out);
        return op == SG_OP_BAG_COUNT ? put_int (c, d, out) : put_bool (c, d > 0, out);
      }
    case SG_OP_BAG_CARD:
      {
        uint64_t sum = 0;
        for (uint32_t i = 0; i < a[0]->u.coll.n; i++)
          {
            sum += a[0]->u.coll.counts[i];
            if (sum > SG_COLL_COUNT) return put (sg_v_undet (c->pool), out);
          }
        return put_int (c, (int64_t) sum, out);
      }
    case SG_OP_BAG_DUPLICATE_REMOVAL:
      for (uint32_t i = 0; ok && i < a[0]->u.coll.n; i++) ok = SG_VEC_PUSH (k.e, a[0]->u.coll.elems[i]) && SG_VEC_PUSH (k.c, 1);
      break;
    case SG_OP_BAG_FROM_SET:
      for (uint32_t i = 0; ok && i < a[0]->u.coll.n; i++) ok = SG_VEC_PUSH (k.e, a[0]->u.coll.elems[i]) && SG_VEC_PUSH (k.c, 1);
      break;
    case SG_OP_BAG_TO_SET:
      for (uint32_t i = 0; ok && i < a[0]->u.coll.n; i++) ok = SG_VEC_PUSH (k.e, a[0]->u.coll.elems[i]);
      if (!ok) { coll_free (&k); return SG_RC_NOMEM; }
      return coll_put (c, &k, SG_V_SET, sort, out);
    default:
      return put (sg_v_undet (c->pool), out);
    }
  if (!ok) { coll_free (&k); return SG_RC_NOMEM; }
  return coll_put (c, &k, SG_V_BAG, sort, out);
}

/* ---- tuples and relations ----------------------------------------------------------------- */

static sg_val
tuple_of (sg_eval_ctx *c, const sg_val *e, uint32_t n, sg_sort sort)
{
  return sg_v_coll (c->pool, SG_V_TUPLE, sort, e, NULL, n);
}

/* The tuple sort of a relation or table sort (its element sort). */
static sg_sort
elem_sort (const sg_store *s, sg_sort coll_sort)
{
  return s->pool.a[sg_sort_node (s, coll_sort)->args];
}

static sg_rc
eval_tuple (sg_eval_ctx *c, sg_term t, sg_op op, sg_sort sort, const sg_val *a, uint32_t n, sg_val *out)
{
  const uint32_t *idx = sg_term_indices (c->s, t);
  uint32_t nidx = sg_term_node (c->s, t)->nidx;
  switch (op)
    {
    case SG_OP_TUPLE: return put (tuple_of (c, a, n, sort), out);
    case SG_OP_TUPLE_SELECT:
      return put (idx[0] < a[0]->u.coll.n ? a[0]->u.coll.elems[idx[0]] : sg_v_undet (c->pool), out);
    case SG_OP_TUPLE_UPDATE:
      {
        if (idx[0] >= a[0]->u.coll.n) return put (sg_v_undet (c->pool), out);
        sg_val v = tuple_of (c, a[0]->u.coll.elems, a[0]->u.coll.n, sort);
        if (!v) return SG_RC_NOMEM;
        ((sg_value *) v)->u.coll.elems[idx[0]] = a[1]; /* a fresh copy owned by the pool */
        return put (v, out);
      }
    case SG_OP_TUPLE_PROJECT:
      {
        sg_val e[8];
        for (uint32_t i = 0; i < nidx && i < 8; i++)
          {
            if (idx[i] >= a[0]->u.coll.n) return put (sg_v_undet (c->pool), out);
            e[i] = a[0]->u.coll.elems[idx[i]];
          }
        return put (tuple_of (c, e, nidx, sort), out);
      }
    default:
      return put (sg_v_undet (c->pool), out);
    }
}

/* Relations (sets of tuples) and tables (bags of tuples). */
static sg_rc
eval_rel (sg_eval_ctx *c, sg_term t, sg_op op, sg_sort sort, const sg_val *a, uint32_t n, sg_val *out)
{
  (void) n;
  const uint32_t *idx = sg_term_indices (c->s, t);
  uint32_t nidx = sg_term_node (c->s, t)->nidx;
  bool bag = op == SG_OP_TABLE_PRODUCT || op == SG_OP_TABLE_PROJECT;
  sg_sort ts = elem_sort (c->s, sort);
  coll k = { 0 };
  bool ok = true;
  sg_val x, e[64];
  switch (op)
    {
    case SG_OP_REL_TRANSPOSE:
    case SG_OP_REL_PROJECT:
    case SG_OP_TABLE_PROJECT:
    case SG_OP_REL_IDEN:
      for (uint32_t i = 0; ok && i < a[0]->u.coll.n; i++)
        {
          sg_val tu = a[0]->u.coll.elems[i];
          uint32_t m = tu->u.coll.n, r = 0;
          if (m > 32 || nidx > 32) { k.undet = true; break; }
          if (op == SG_OP_REL_TRANSPOSE)
            for (uint32_t j = 0; j < m; j++) e[r++] = tu->u.coll.elems[m - 1 - j];
          else if (op == SG_OP_REL_IDEN)
            e[r++] = tu->u.coll.elems[0], e[r++] = tu->u.coll.elems[0];
          else
            for (uint32_t j = 0; j < nidx; j++)
              {
                if (idx[j] >= m) { k.undet = true; break; }
                e[r++] = tu->u.coll.elems[idx[j]];
              }
          if (k.undet) break;
          ok = (x = tuple_of (c, e, r, ts)) && coll_add (&k, x, bag ? a[0]->u.coll.counts[i] : 1, bag, false);
        }
      break;
    case SG_OP_REL_PRODUCT:
    case SG_OP_TABLE_PRODUCT:
    case SG_OP_REL_JOIN:
      for (uint32_t i = 0; ok && i < a[0]->u.coll.n; i++)
        for (uint32_t j = 0; ok && j < a[1]->u.coll.n; j++)
          {
            sg_val p = a[0]->u.coll.elems[i], q = a[1]->u.coll.elems[j];
            uint32_t mp = p->u.coll.n, mq = q->u.coll.n, r = 0;
            if (mp + mq > 64) { k.undet = true; break; }
            if (op == SG_OP_REL_JOIN)
              {
                int eq = sg_v_equal (p->u.coll.elems[mp - 1], q->u.coll.elems[0]);
                if (eq < 0) { k.undet = true; break; }
                if (!eq) continue;
                for (uint32_t z = 0; z + 1 < mp; z++) e[r++] = p->u.coll.elems[z];
                for (uint32_t z = 1; z < mq; z++) e[r++] = q->u.coll.elems[z];
              }
            else
              {
                for (uint32_t z = 0; z < mp; z++) e[r++] = p->u.coll.elems[z];
                for (uint32_t z = 0; z < mq; z++) e[r++] = q->u.coll.elems[z];
              }
            uint64_t cnt = bag ? a[0]->u.coll.counts[i] * a[1]->u.coll.counts[j] : 1;
            if (bag && a[1]->u.coll.counts[j] && cnt / a[1]->u.coll.counts[j] != a[0]->u.coll.counts[i])
              { k.undet = true; break; }
            ok = (x = tuple_of (c, e, r, ts)) && coll_add (&k, x, cnt, bag, false);
          }
      break;
    case SG_OP_REL_TCLOSURE:
      {
        /* pairs (a b); add (a d) for (a b), (c d) with b = c until nothing new */
        for (uint32_t i = 0; ok && i < a[0]->u.coll.n; i++) ok = coll_add (&k, a[0]->u.coll.elems[i], 1, false, false);
        for (bool grew = true; ok && grew && !k.undet && k.e.n <= 4096;)
          {
            grew = false;
            uint32_t m = k.e.n;
            for (uint32_t i = 0; ok && i < m && !k.undet; i++)
              for (uint32_t j = 0; ok && j < m && !k.undet; j++)
                {
                  int eq = sg_v_equal (k.e.a[i]->u.coll.elems[1], k.e.a[j]->u.coll.elems[0]);
                  if (eq < 0) { k.undet = true; break; }
                  if (!eq) continue;
                  e[0] = k.e.a[i]->u.coll.elems[0];
                  e[1] = k.e.a[j]->u.coll.elems[1];
                  uint32_t before = k.e.n;
                  ok = (x = tuple_of (c, e, 2, ts)) && coll_add (&k, x, 1, false, false);
                  if (k.e.n > before) grew = true;
                }
          }
        if (k.e.n > 4096) k.undet = true;
        break;
      }
    default:
      return put (sg_v_undet (c->pool), out);
    }
  if (!ok) { coll_free (&k); return SG_RC_NOMEM; }
  return coll_put (c, &k, bag ? SG_V_BAG : SG_V_SET, sort, out);
}

sg_rc
sg_eval_coll (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out)
{
  sg_op op = sg_eval_canon (c->s, t);
  sg_sort sort = sg_term_sort (c->s, t);
  /* Arguments of the kinds the operator expects (a model could give anything): else UNDET. */
  for (uint32_t i = 0; i < n; i++)
    if (sg_v_is_undet (args[i])) return put (sg_v_undet (c->pool), out);
  for (uint32_t i = 0; i < n; i++)
    {
      sg_sort_kind k = sg_sort_kind_of (c->s, sg_term_sort (c->s, sg_term_arg (c->s, t, i)));
      sg_vkind want = k == SG_SORT_SEQ ? SG_V_SEQ : k == SG_SORT_SET ? SG_V_SET : k == SG_SORT_BAG ? SG_V_BAG
                      : k == SG_SORT_TUPLE ? SG_V_TUPLE : SG_V_UNDET;
      if (want != SG_V_UNDET && !is_coll (args[i], want)) return put (sg_v_undet (c->pool), out);
      if (k == SG_SORT_INT && args[i]->kind != SG_V_NUM) return put (sg_v_undet (c->pool), out);
    }
  switch (sg_op_info (op)->theory)
    {
    case SG_TH_SEQ: case SG_TH_STRING: return eval_seq (c, op, sort, args, n, out);
    case SG_TH_SET:
      if (sg_op_info (op)->rule == SG_RULE_REL || op == SG_OP_REL_PROJECT) return eval_rel (c, t, op, sort, args, n, out);
      return eval_set (c, op, sort, args, n, out);
    case SG_TH_BAG:
      if (op == SG_OP_TABLE_PRODUCT || op == SG_OP_TABLE_PROJECT) return eval_rel (c, t, op, sort, args, n, out);
      return eval_bag (c, op, sort, args, n, out);
    case SG_TH_TUPLE: return eval_tuple (c, t, op, sort, args, n, out);
    default: return put (sg_v_undet (c->pool), out);
    }
}
