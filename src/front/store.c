/* store: atoms, hash-consed sorts and terms, declarations. Type rules live in check.c. */
#include "front/store.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/limits.h"
#include "front/print.h"
#include "front/store_int.h"

sg_rc
sg_store_nomem (sg_store *s)
{
  snprintf (s->err, sizeof s->err, "out of memory");
  return SG_RC_NOMEM;
}

sg_rc
sg_store_err (sg_store *s, sg_rc rc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (s->err, sizeof s->err, fmt, ap);
  va_end (ap);
  return rc;
}

sg_rc
sg_store_init (sg_store *s)
{
  memset (s, 0, sizeof *s);
  sg_atoms_init (&s->atoms);
  sg_atom a;
  /* Allocate every table up front: no pointer arithmetic ever happens on a NULL array. */
  if (!SG_VEC_RESERVE (s->sorts, 16) || !SG_VEC_RESERVE (s->nodes, 64)
      || !SG_VEC_RESERVE (s->args, 128) || !SG_VEC_RESERVE (s->pool, 16)
      || !SG_VEC_RESERVE (s->funs, 8) || !SG_VEC_RESERVE (s->sortdecls, 4)
      || !SG_VEC_RESERVE (s->dts, 4) || !SG_VEC_RESERVE (s->conss, 4)
      || !SG_VEC_RESERVE (s->sels, 4) || !SG_VEC_RESERVE (s->annots, 4)
      || !SG_VEC_RESERVE (s->attrs, 4))
    goto nomem;
  for (int w = 0; w < SG_WK_COUNT; w++)
    {
      const char *t = sg_wk_text ((sg_wk) w);
      if (!sg_atom_intern (&s->atoms, t, strlen (t), &a)) goto nomem;
      if (a != (sg_atom) w) /* a duplicate in wk.def */
        return sg_store_err (s, SG_RC_USAGE, "internal: duplicate well-known word '%s'", t);
    }
  for (int op = SG_OP_FIRST_BUILTIN + 1; op < SG_OP_COUNT; op++)
    {
      const char *t = sg_op_name ((sg_op) op);
      if (!sg_atom_intern (&s->atoms, t, strlen (t), &a)) goto nomem;
      if (a != sg_op_atom ((sg_op) op))
        return sg_store_err (s, SG_RC_USAGE, "internal: operator name '%s' clashes", t);
    }
  if (sg_sort_make (s, SG_SORT_BOOL, 0, 0, NULL, 0, &s->s_bool)
      || sg_sort_make (s, SG_SORT_INT, 0, 0, NULL, 0, &s->s_int)
      || sg_sort_make (s, SG_SORT_REAL, 0, 0, NULL, 0, &s->s_real)
      || sg_sort_make (s, SG_SORT_STRING, 0, 0, NULL, 0, &s->s_string)
      || sg_sort_make (s, SG_SORT_REGLAN, 0, 0, NULL, 0, &s->s_reglan)
      || sg_sort_make (s, SG_SORT_RM, 0, 0, NULL, 0, &s->s_rm))
    goto nomem;
  return SG_RC_OK;
nomem:
  return sg_store_nomem (s);
}

void
sg_store_free (sg_store *s)
{
  sg_atoms_free (&s->atoms);
  SG_BUFS_FREE (SG_BUF (s->sorts.a), SG_BUF (s->sort_table), SG_BUF (s->nodes.a), SG_BUF (s->term_table),
                SG_BUF (s->args.a), SG_BUF (s->pool.a), SG_BUF (s->funs.a), SG_BUF (s->sortdecls.a),
                SG_BUF (s->dts.a), SG_BUF (s->conss.a), SG_BUF (s->sels.a), SG_BUF (s->annots.a),
                SG_BUF (s->attrs.a));
  memset (s, 0, sizeof *s); /* the vecs' counts too */
}

/* ---------------------------------------------------------------- sorts */

static uint32_t
sort_hash (sg_sort_kind kind, uint32_t a, uint32_t b, const sg_sort *args, uint32_t n)
{
  uint32_t h = sg_hash_mix (sg_hash_mix (sg_hash_mix (kind, a), b), n);
  for (uint32_t i = 0; i < n; i++) h = sg_hash_mix (h, args[i]);
  return sg_hash_fin (h);
}

static uint32_t
sort_hash_id (const sg_store *s, sg_sort x)
{
  const sg_sortnode *n = &s->sorts.a[x];
  return sort_hash ((sg_sort_kind) n->kind, n->a, n->b, s->pool.a + n->args, n->nargs);
}

static bool
sort_rehash (sg_store *s)
{
  uint32_t ncap = s->sort_tcap ? s->sort_tcap * 2 : 64;
  assert (!(ncap & (ncap - 1))); /* a power of two: `& (cap - 1)` is the slot */
  uint32_t *t = calloc (ncap, sizeof *t);
  if (!t) return false;
  for (uint32_t x = 0; x < s->sorts.n; x++)
    {
      uint32_t i = sort_hash_id (s, x) & (ncap - 1);
      while (t[i]) i = (i + 1) & (ncap - 1);
      t[i] = x + 1;
    }
  free (s->sort_table);
  s->sort_table = t;
  s->sort_tcap = ncap;
  return true;
}

sg_rc
sg_sort_make (sg_store *s, sg_sort_kind kind, uint32_t a, uint32_t b, const sg_sort *args,
              uint32_t n, sg_sort *out)
{
  if ((s->sorts.n + 1) * 2 > s->sort_tcap && !sort_rehash (s)) return sg_store_nomem (s);
  assert ((s->sorts.n + 1) * 2 <= s->sort_tcap); /* at most half full: a probe ends */
  assert (kind != SG_SORT_ARRAY || (a < s->sorts.n && b < s->sorts.n));
#ifndef NDEBUG
  if (sg_sort_kind_has_args (kind))
    for (uint32_t k = 0; k < n; k++) assert (args[k] < s->sorts.n); /* parameters exist first */
#endif
  uint32_t h = sort_hash (kind, a, b, args, n);
  uint32_t i = h & (s->sort_tcap - 1);
  for (uint32_t e; (e = s->sort_table[i]); i = (i + 1) & (s->sort_tcap - 1))
    {
      const sg_sortnode *x = &s->sorts.a[e - 1];
      if (x->kind == kind && x->a == a && x->b == b && x->nargs == n
          && (n == 0 || !memcmp (s->pool.a + x->args, args, n * sizeof *args)))
        { *out = e - 1; return SG_RC_OK; }
    }
  uint64_t size = 1;
  if (kind == SG_SORT_ARRAY) size += (uint64_t) s->sorts.a[a].size + s->sorts.a[b].size;
  if (sg_sort_kind_has_args (kind))
    for (uint32_t k = 0; k < n; k++) size += s->sorts.a[args[k]].size;
  if (size > SG_LIMIT_SORT_SIZE)
    return sg_store_err (s, SG_RC_LIMIT, "sort too large: its printed form has more than %u symbols (nested define-sorts?)",
                         (unsigned) SG_LIMIT_SORT_SIZE);
  sg_sortnode x = { (uint8_t) kind, a, b, n, s->pool.n, (uint32_t) size };
  if (!SG_VEC_RESERVE (s->pool, n)) return sg_store_nomem (s);
  if (n) memcpy (s->pool.a + s->pool.n, args, n * sizeof *args);
  s->pool.n += n;
  if (!SG_VEC_PUSH (s->sorts, x)) return sg_store_nomem (s);
  s->sort_table[i] = s->sorts.n;
  *out = s->sorts.n - 1;
  return SG_RC_OK;
}

sg_rc
sg_sort_bv (sg_store *s, uint32_t w, sg_sort *out)
{
  if (w == 0 || w > SG_LIMIT_BV_WIDTH)
    return sg_store_err (s, w ? SG_RC_LIMIT : SG_RC_SORT,
                         "bit-vector width %u out of range 1..%u", w, (unsigned) SG_LIMIT_BV_WIDTH);
  return sg_sort_make (s, SG_SORT_BV, w, 0, NULL, 0, out);
}

sg_rc
sg_sort_fp (sg_store *s, uint32_t eb, uint32_t sb, sg_sort *out)
{
  if (eb < 2 || sb < 2)
    return sg_store_err (s, SG_RC_SORT, "floating-point sort needs eb > 1 and sb > 1, got %u %u",
                         eb, sb);
  if (eb > SG_LIMIT_FP_EB || sb > SG_LIMIT_FP_SB)
    return sg_store_err (s, SG_RC_LIMIT, "floating-point sort (%u %u) exceeds limits (%u %u)", eb,
                         sb, (unsigned) SG_LIMIT_FP_EB, (unsigned) SG_LIMIT_FP_SB);
  return sg_sort_make (s, SG_SORT_FP, eb, sb, NULL, 0, out);
}

sg_rc
sg_sort_array (sg_store *s, sg_sort index, sg_sort elem, sg_sort *out)
{
  return sg_sort_make (s, SG_SORT_ARRAY, index, elem, NULL, 0, out);
}

sg_rc
sg_sort_fun (sg_store *s, const sg_sort *args, uint32_t n, sg_sort *out)
{
  if (n < 2) return sg_store_err (s, SG_RC_SORT, "a function sort needs a domain and a range");
  const sg_sortnode *r = &s->sorts.a[args[n - 1]];
  if (r->kind != SG_SORT_FUN) return sg_sort_make (s, SG_SORT_FUN, 0, 0, args, n, out);
  /* (-> A (-> B C)) is (-> A B C), as cvc5 flattens it. */
  uint32_t m = n - 1 + r->nargs;
  sg_sort *all = malloc (m * sizeof *all);
  if (!all) return sg_store_nomem (s);
  memcpy (all, args, (n - 1) * sizeof *all);
  memcpy (all + n - 1, s->pool.a + r->args, r->nargs * sizeof *all);
  sg_rc rc = sg_sort_make (s, SG_SORT_FUN, 0, 0, all, m, out);
  free (all);
  return rc;
}

/* Substitution over the sort DAG with an explicit stack and a memo of visited sorts. */
sg_rc
sg_sort_subst (sg_store *s, sg_sort x, const sg_sort *params, const sg_sort *args, uint32_t n,
               sg_sort *out)
{
  if (n == 0) { *out = x; return SG_RC_OK; }
  sg_rc rc = SG_RC_OK;
  uint32_t nsorts = s->sorts.n;
  sg_sort *memo = malloc (nsorts * sizeof *memo);
  sg_u32vec stack = { 0 };
  sg_u32vec tmp = { 0 };
  if (!memo) return sg_store_nomem (s);
  for (uint32_t i = 0; i < nsorts; i++) memo[i] = SG_NONE;
  if (!SG_VEC_PUSH (stack, x)) { rc = sg_store_nomem (s); goto done; }
  while (stack.n)
    {
      sg_sort y = SG_VEC_TOP (stack);
      if (memo[y] != SG_NONE) { stack.n--; continue; }
      sg_sortnode node = s->sorts.a[y];
      if (node.kind == SG_SORT_PARAM)
        {
          memo[y] = y;
          for (uint32_t i = 0; i < n; i++)
            if (params[i] == y) memo[y] = args[i];
          stack.n--;
          continue;
        }
      /* Children: ARRAY a,b; USER/DT args. */
      uint32_t kids[2];
      uint32_t nk = 0;
      const uint32_t *kp = kids;
      if (node.kind == SG_SORT_ARRAY) { kids[0] = node.a; kids[1] = node.b; nk = 2; }
      else if (sg_sort_kind_has_args (node.kind))
        { kp = s->pool.a + node.args; nk = node.nargs; }
      bool ready = true;
      for (uint32_t i = 0; i < nk; i++)
        if (memo[kp[i]] == SG_NONE)
          {
            ready = false;
            if (!SG_VEC_PUSH (stack, kp[i])) { rc = sg_store_nomem (s); goto done; }
            kp = node.kind == SG_SORT_ARRAY ? kids : s->pool.a + node.args; /* pool may move */
          }
      if (!ready) continue;
      stack.n--;
      sg_sort r;
      if (node.kind == SG_SORT_ARRAY)
        rc = sg_sort_array (s, memo[node.a], memo[node.b], &r);
      else if (nk)
        {
          SG_VEC_CLEAR (tmp);
          if (!SG_VEC_RESERVE (tmp, nk)) { rc = sg_store_nomem (s); goto done; }
          for (uint32_t i = 0; i < nk; i++) tmp.a[tmp.n++] = memo[s->pool.a[node.args + i]];
          rc = sg_sort_make (s, (sg_sort_kind) node.kind, node.a, node.b, tmp.a, nk, &r);
        }
      else
        r = y;
      if (rc) goto done;
      memo[y] = r;
    }
  *out = memo[x];
done:
  free (memo);
  SG_VEC_FREE (stack);
  SG_VEC_FREE (tmp);
  return rc;
}

/* Iterative sort printer: a stack of (sort, state) where state counts printed children. */
void
sg_sort_print (const sg_store *s, sg_sort x, sg_buf *b)
{
  typedef struct { sg_sort x; uint32_t i; } item;
  SG_VEC (item) st = { 0 };
  if (!SG_VEC_PUSH (st, ((item) { x, 0 }))) { b->failed = true; return; }
  while (st.n)
    {
      item *it = &st.a[st.n - 1];
      const sg_sortnode *n = &s->sorts.a[it->x];
      uint32_t nk = 0;
      sg_sort kid = SG_NONE;
      switch ((sg_sort_kind) n->kind)
        {
        case SG_SORT_BOOL: sg_buf_adds (b, "Bool"); break;
        case SG_SORT_INT: sg_buf_adds (b, "Int"); break;
        case SG_SORT_REAL: sg_buf_adds (b, "Real"); break;
        case SG_SORT_STRING: sg_buf_adds (b, "String"); break;
        case SG_SORT_REGLAN: sg_buf_adds (b, "RegLan"); break;
        case SG_SORT_RM: sg_buf_adds (b, "RoundingMode"); break;
        case SG_SORT_BV: sg_buf_printf (b, "(_ BitVec %u)", n->a); break;
        case SG_SORT_FP:
          {
            static const uint32_t std[4][2] = { { 5, 11 }, { 8, 24 }, { 11, 53 }, { 15, 113 } };
            static const char *const names[4] = { "Float16", "Float32", "Float64", "Float128" };
            int k = 0;
            while (s->fp_sort_names && k < 4 && !(std[k][0] == n->a && std[k][1] == n->b)) k++;
            if (s->fp_sort_names && k < 4) sg_buf_adds (b, names[k]);
            else sg_buf_printf (b, "(_ FloatingPoint %u %u)", n->a, n->b);
            break;
          }
        case SG_SORT_PARAM: sg_print_symbol (s, n->a, b); break;
        case SG_SORT_ARRAY:
          nk = 2;
          if (it->i == 0) sg_buf_adds (b, "(Array ");
          else if (it->i == 1) sg_buf_addc (b, ' ');
          kid = it->i == 0 ? n->a : n->b;
          break;
        case SG_SORT_USER:
        case SG_SORT_DT:
          {
            sg_atom name = n->kind == SG_SORT_USER ? s->sortdecls.a[n->a].name : s->dts.a[n->a].name;
            nk = n->nargs;
            if (nk == 0) { sg_print_symbol (s, name, b); break; }
            if (it->i == 0) { sg_buf_addc (b, '('); sg_print_symbol (s, name, b); }
            if (it->i < nk) { sg_buf_addc (b, ' '); kid = s->pool.a[n->args + it->i]; }
            break;
          }
        case SG_SORT_SEQ:
        case SG_SORT_SET:
        case SG_SORT_BAG:
        case SG_SORT_TUPLE:
        case SG_SORT_FUN:
          {
            static const char *const names[] = { "Seq", "Set", "Bag", "Tuple", "->" };
            nk = n->nargs;
            if (nk == 0) { sg_buf_adds (b, "Tuple"); break; } /* cvc5 1.0.3: the unit tuple sort */
            if (it->i == 0) { sg_buf_addc (b, '('); sg_buf_adds (b, names[n->kind - SG_SORT_SEQ]); }
            if (it->i < nk) { sg_buf_addc (b, ' '); kid = s->pool.a[n->args + it->i]; }
            break;
          }
        }
      if (nk == 0 || it->i == nk)
        {
          if (nk) sg_buf_addc (b, ')');
          st.n--;
          continue;
        }
      it->i++;
      if (!SG_VEC_PUSH (st, ((item) { kid, 0 }))) { b->failed = true; break; }
    }
  SG_VEC_FREE (st);
}

/* ---------------------------------------------------------------- terms */

static uint32_t
term_hash (sg_op op, uint8_t flags, sg_sort sort, const sg_term *args, uint32_t n,
           const uint32_t *idx, uint32_t nidx, uint32_t aux)
{
  uint32_t h = sg_hash_mix (sg_hash_mix (sg_hash_mix ((uint32_t) op, flags), sort), aux);
  h = sg_hash_mix (h, n);
  for (uint32_t i = 0; i < n; i++) h = sg_hash_mix (h, args[i]);
  for (uint32_t i = 0; i < nidx; i++) h = sg_hash_mix (h, idx[i] ^ 0x5bd1e995u);
  return sg_hash_fin (h);
}

static bool
term_rehash (sg_store *s)
{
  uint32_t ncap = s->term_tcap ? s->term_tcap * 2 : 1024;
  assert (!(ncap & (ncap - 1)));
  uint32_t *t = calloc (ncap, sizeof *t);
  if (!t) return false;
  for (uint32_t x = 0; x < s->nodes.n; x++)
    {
      const sg_node *n = &s->nodes.a[x];
      const uint32_t *a = s->args.a + n->args;
      uint32_t h = term_hash ((sg_op) n->op, n->flags, n->sort, a, n->nargs, a + n->nargs,
                              n->nidx, n->aux);
      uint32_t i = h & (ncap - 1);
      while (t[i]) i = (i + 1) & (ncap - 1);
      t[i] = x + 1;
    }
  free (s->term_table);
  s->term_table = t;
  s->term_tcap = ncap;
  return true;
}

sg_rc
sg_term_intern (sg_store *s, sg_op op, uint8_t flags, sg_sort sort, const sg_term *args,
                uint32_t n, const uint32_t *idx, uint32_t nidx, uint32_t aux, sg_term *out)
{
  if ((s->nodes.n + 1) * 2 > s->term_tcap && !term_rehash (s)) return sg_store_nomem (s);
  assert ((s->nodes.n + 1) * 2 <= s->term_tcap);
  assert (op < SG_OP_COUNT && sort < s->sorts.n);
#ifndef NDEBUG
  /* Children exist before their parent: the new id is larger (id order is topological). */
  for (uint32_t k = 0; k < n; k++) assert (args[k] < s->nodes.n);
#endif
  uint32_t h = term_hash (op, flags, sort, args, n, idx, nidx, aux);
  uint32_t i = h & (s->term_tcap - 1);
  for (uint32_t e; (e = s->term_table[i]); i = (i + 1) & (s->term_tcap - 1))
    {
      const sg_node *x = &s->nodes.a[e - 1];
      if (x->op == op && x->flags == flags && x->sort == sort && x->aux == aux && x->nargs == n
          && x->nidx == nidx)
        {
          const uint32_t *a = s->args.a + x->args;
          if ((n == 0 || !memcmp (a, args, n * sizeof *args))
              && (nidx == 0 || !memcmp (a + n, idx, nidx * sizeof *idx)))
            { *out = e - 1; return SG_RC_OK; }
        }
    }
  if (s->nodes.n >= SG_LIMIT_TERMS)
    return sg_store_err (s, SG_RC_LIMIT, "more than %u terms", (unsigned) SG_LIMIT_TERMS);
  if (nidx > 255) return sg_store_err (s, SG_RC_LIMIT, "too many indices");
  if (!SG_VEC_RESERVE (s->args, n + nidx)) return sg_store_nomem (s);
  sg_node x = { (uint16_t) op, flags, (uint8_t) nidx, sort, n, s->args.n, aux };
  if (n) memcpy (s->args.a + s->args.n, args, n * sizeof *args);
  if (nidx) memcpy (s->args.a + s->args.n + n, idx, nidx * sizeof *idx);
  s->args.n += n + nidx;
  if (!SG_VEC_PUSH (s->nodes, x)) return sg_store_nomem (s);
  s->term_table[i] = s->nodes.n;
  *out = s->nodes.n - 1;
  return SG_RC_OK;
}

/* ---------------------------------------------------------------- streaming rollback */

void
sg_store_mark_get (const sg_store *s, sg_store_mark *m)
{
  m->nodes = s->nodes.n;
  m->args = s->args.n;
  m->atoms = sg_atom_count (&s->atoms);
  m->annots = s->annots.n;
  m->attrs = s->attrs.n;
  m->funs = s->funs.n;
  m->sortdecls = s->sortdecls.n;
  m->dts = s->dts.n;
  m->coerce_literals = s->coerce_literals;
  m->coerce_terms = s->coerce_terms;
}

bool
sg_store_rollback (sg_store *s, const sg_store_mark *m)
{
  if (s->funs.n != m->funs || s->sortdecls.n != m->sortdecls || s->dts.n != m->dts) return false;
  /* a mark from this store's past: it only shrinks */
  assert (m->nodes <= s->nodes.n && m->args <= s->args.n && m->annots <= s->annots.n
          && m->attrs <= s->attrs.n);
  uint32_t mask = s->term_tcap - 1;
  for (uint32_t x = s->nodes.n; x-- > m->nodes;)
    {
      const sg_node *n = &s->nodes.a[x];
      const uint32_t *a = s->args.a + n->args;
      uint32_t i = term_hash ((sg_op) n->op, n->flags, n->sort, a, n->nargs, a + n->nargs, n->nidx, n->aux) & mask;
      while (s->term_table[i] != x + 1) i = (i + 1) & mask;
      for (;;)
        {
          s->term_table[i] = 0;
          uint32_t j = i;
          for (;;)
            {
              j = (j + 1) & mask;
              if (!s->term_table[j]) goto next;
              const sg_node *o = &s->nodes.a[s->term_table[j] - 1];
              const uint32_t *oa = s->args.a + o->args;
              uint32_t k = term_hash ((sg_op) o->op, o->flags, o->sort, oa, o->nargs, oa + o->nargs,
                                      o->nidx, o->aux) & mask;
              if (i <= j ? (i < k && k <= j) : (i < k || k <= j)) continue;
              break;
            }
          s->term_table[i] = s->term_table[j];
          i = j;
        }
    next:;
    }
  s->nodes.n = m->nodes;
  s->args.n = m->args;
  s->annots.n = m->annots;
  s->attrs.n = m->attrs;
  sg_atoms_truncate (&s->atoms, m->atoms);
  return true;
}

/* ---------------------------------------------------------------- declarations */

sg_rc
sg_store_add_fun (sg_store *s, sg_atom name, sg_fun_kind kind, const sg_sort *params, uint32_t n,
                  sg_sort ret, uint32_t *id)
{
  assert (ret < s->sorts.n);
#ifndef NDEBUG
  for (uint32_t k = 0; k < n; k++) assert (params[k] < s->sorts.n);
#endif
  sg_fun f = { name, (uint8_t) kind, n, s->pool.n, SG_NONE, ret, SG_NONE };
  if (!SG_VEC_RESERVE (s->pool, n)) return sg_store_nomem (s);
  if (n) memcpy (s->pool.a + s->pool.n, params, n * sizeof *params);
  s->pool.n += n;
  if (!SG_VEC_PUSH (s->funs, f)) return sg_store_nomem (s);
  *id = s->funs.n - 1;
  return SG_RC_OK;
}

sg_rc
sg_store_fresh_atom (sg_store *s, const char *prefix, sg_atom *out)
{
  char name[128];
  for (;;)
    {
      int len = snprintf (name, sizeof name, "%.100s%u", prefix, s->fresh++);
      if (len < 0) return sg_store_err (s, SG_RC_USAGE, "bad prefix");
      if (sg_atom_find (&s->atoms, name, (size_t) len) != SG_ATOM_NONE) continue;
      if (!sg_atom_intern (&s->atoms, name, (size_t) len, out)) return sg_store_nomem (s);
      return SG_RC_OK;
    }
}
