/* value: the value pool, canonicalising constructors, SMT-LIB equality of values, printing of
 * values as SMT-LIB literals, and decoding of string literals (SMT-LIB 2.6 escapes).
 * Deep values (datatype values nest as deep as the input) are compared and printed with explicit
 * stacks. Maintainer: eval.  Tests: tests/unit/eval_test.c */
#include "eval/value.h"

#include <stdalign.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/print.h"

/* ---------------------------------------------------------------- pool */

typedef struct chunk {
  struct chunk *next; /* older chunk */
  size_t size;        /* usable bytes in data */
  size_t used;        /* bytes handed out */
  alignas (max_align_t) unsigned char data[];
} chunk;

#define CHUNK_BYTES ((size_t) 64 << 10)

struct sg_vpool {
  chunk *head;              /* newest chunk */
  SG_VEC (sg_value *) gmp;  /* every value holding GMP limbs (cleared by sg_vpool_free) */
  sg_value *undet;          /* the shared UNDET value */
  sg_value *tf[2];          /* shared false/true (of sort tf_sort) */
  sg_sort tf_sort;          /* sort of tf[] (the store's Bool) */
};

sg_vpool *
sg_vpool_new (void)
{
  sg_vpool *p = calloc (1, sizeof *p);
  if (p) p->tf_sort = SG_NONE;
  return p;
}

void
sg_vpool_free (sg_vpool *p)
{
  if (!p) return;
  for (uint32_t i = 0; i < p->gmp.n; i++)
    {
      sg_value *v = p->gmp.a[i];
      switch (v->kind)
        {
        case SG_V_NUM: mpq_clear (v->u.q); break;
        case SG_V_BV: mpz_clear (v->u.bv.z); break;
        case SG_V_FP: mpz_clear (v->u.fp.bits); break;
        case SG_V_ENCL: mpq_clears (v->u.encl->lo, v->u.encl->hi, NULL); break;
        default: break;
        }
    }
  SG_VEC_FREE (p->gmp);
  for (chunk *c = p->head, *n; c; c = n)
    {
      n = c->next;
      free (c);
    }
  free (p);
}

void *
sg_vpool_alloc (sg_vpool *p, size_t size)
{
  const size_t al = alignof (max_align_t);
  size = (size + al - 1) & ~(al - 1);
  if (!size) size = al;
  chunk *c = p->head;
  if (c && c->size - c->used >= size)
    {
      void *r = c->data + c->used;
      c->used += size;
      return r;
    }
  bool big = size > CHUNK_BYTES / 4;
  size_t want = big ? size : CHUNK_BYTES;
  if (want > SIZE_MAX - sizeof (chunk)) return NULL;
  chunk *n = malloc (sizeof (chunk) + want);
  if (!n) return NULL;
  n->size = want;
  n->used = size;
  if (big && c)
    { /* a block of its own behind the head: the head keeps filling */
      n->next = c->next;
      c->next = n;
    }
  else
    {
      n->next = c;
      p->head = n;
    }
  return n->data;
}

static sg_value *
newv (sg_vpool *p, sg_vkind k, sg_sort sort)
{
  sg_value *v = sg_vpool_alloc (p, sizeof *v);
  if (!v) return NULL;
  memset (v, 0, sizeof *v);
  v->kind = (uint8_t) k;
  v->sort = sort;
  return v;
}

/* Register a value whose limbs were just initialised; on failure clear them and return NULL. */
static sg_value *
track (sg_vpool *p, sg_value *v)
{
  if (SG_VEC_PUSH (p->gmp, v)) return v;
  if (v->kind == SG_V_NUM) mpq_clear (v->u.q);
  else if (v->kind == SG_V_ENCL) mpq_clears (v->u.encl->lo, v->u.encl->hi, NULL);
  else if (v->kind == SG_V_BV) mpz_clear (v->u.bv.z);
  else mpz_clear (v->u.fp.bits);
  return NULL;
}

/* ---------------------------------------------------------------- constructors */

sg_val
sg_v_undet (sg_vpool *p)
{
  if (!p->undet) p->undet = newv (p, SG_V_UNDET, SG_NONE);
  return p->undet;
}

sg_val
sg_v_bool (sg_vpool *p, const sg_store *s, bool b)
{
  if (p->tf_sort != s->s_bool) p->tf[0] = p->tf[1] = NULL, p->tf_sort = s->s_bool;
  sg_value **slot = &p->tf[b ? 1 : 0];
  if (!*slot && (*slot = newv (p, SG_V_BOOL, s->s_bool))) (*slot)->u.b = b;
  return *slot;
}

sg_val
sg_v_num (sg_vpool *p, sg_sort sort, const mpq_t q)
{
  sg_value *v = newv (p, SG_V_NUM, sort);
  if (!v) return NULL;
  mpq_init (v->u.q);
  mpq_set (v->u.q, q);
  mpq_canonicalize (v->u.q);
  return track (p, v);
}

sg_val
sg_v_encl (sg_vpool *p, sg_sort sort, const mpq_t lo, const mpq_t hi, bool irr)
{
  int c = mpq_cmp (lo, hi);
  if (c > 0 || (c == 0 && irr)) return sg_v_undet (p);
  if (c == 0) return sg_v_num (p, sort, lo);
  sg_value *v = newv (p, SG_V_ENCL, sort);
  sg_encl *e = v ? sg_vpool_alloc (p, sizeof *e) : NULL;
  if (!e) return NULL;
  v->u.encl = e;
  e->irr = irr;
  mpq_inits (e->lo, e->hi, NULL);
  mpq_set (e->lo, lo);
  mpq_set (e->hi, hi);
  return track (p, v);
}

sg_val
sg_v_int_si (sg_vpool *p, const sg_store *s, long x)
{
  sg_value *v = newv (p, SG_V_NUM, s->s_int);
  if (!v) return NULL;
  mpq_init (v->u.q);
  mpq_set_si (v->u.q, x, 1);
  return track (p, v);
}

sg_val
sg_v_bv (sg_vpool *p, sg_sort sort, uint32_t w, const mpz_t z)
{
  sg_value *v = newv (p, SG_V_BV, sort);
  if (!v) return NULL;
  v->u.bv.w = w;
  mpz_init (v->u.bv.z);
  mpz_fdiv_r_2exp (v->u.bv.z, z, w);
  return track (p, v);
}

sg_val
sg_v_fp (sg_vpool *p, sg_sort sort, uint32_t eb, uint32_t sb, const mpz_t bits)
{
  sg_value *v = newv (p, SG_V_FP, sort);
  if (!v) return NULL;
  v->u.fp.eb = eb;
  v->u.fp.sb = sb;
  mpz_init (v->u.fp.bits);
  mpz_fdiv_r_2exp (v->u.fp.bits, bits, eb + sb);
  /* NaN: exponent all ones and a non-zero significand -> the canonical quiet NaN
   * (sign 0, exponent all ones, only the top significand bit set). */
  bool expones = true, sig0 = true;
  for (uint32_t i = 0; i < eb && expones; i++)
    expones = mpz_tstbit (v->u.fp.bits, sb - 1 + i);
  if (expones)
    {
      for (uint32_t i = 0; i + 1 < sb && sig0; i++)
        sig0 = !mpz_tstbit (v->u.fp.bits, i);
      if (!sig0)
        {
          mpz_set_ui (v->u.fp.bits, 1);
          mpz_mul_2exp (v->u.fp.bits, v->u.fp.bits, eb);
          mpz_sub_ui (v->u.fp.bits, v->u.fp.bits, 1);
          mpz_mul_2exp (v->u.fp.bits, v->u.fp.bits, sb - 1);
          if (sb >= 2) mpz_setbit (v->u.fp.bits, sb - 2);
        }
    }
  return track (p, v);
}

sg_val
sg_v_rm (sg_vpool *p, const sg_store *s, sg_rm rm)
{
  sg_value *v = newv (p, SG_V_RM, s->s_rm);
  if (v) v->u.rm = (uint8_t) rm;
  return v;
}

sg_val
sg_v_str (sg_vpool *p, const sg_store *s, const uint32_t *cp, uint32_t n)
{
  sg_value *v = newv (p, SG_V_STR, s->s_string);
  if (!v) return NULL;
  uint32_t *c = sg_vpool_alloc (p, (size_t) n * sizeof *c);
  if (!c) return NULL;
  if (n) memcpy (c, cp, (size_t) n * sizeof *c);
  v->u.str.n = n;
  v->u.str.cp = c;
  return v;
}

sg_val
sg_v_re (sg_vpool *p, const sg_store *s, const sg_re *re)
{
  sg_value *v = newv (p, SG_V_REGLAN, s->s_reglan);
  if (v) v->u.re = re;
  return v;
}

static sg_val *
copy_vals (sg_vpool *p, const sg_val *a, uint32_t n)
{
  sg_val *c = sg_vpool_alloc (p, (size_t) n * sizeof *c);
  if (c && n) memcpy (c, a, (size_t) n * sizeof *c);
  return c;
}

sg_val
sg_v_array (sg_vpool *p, sg_sort sort, sg_val dflt, const sg_val *keys, const sg_val *vals,
            uint32_t n, uint32_t fun)
{
  sg_value *v = newv (p, SG_V_ARRAY, sort);
  if (!v) return NULL;
  v->u.arr.dflt = dflt ? dflt : sg_v_undet (p);
  v->u.arr.n = n;
  v->u.arr.keys = copy_vals (p, keys, n);
  v->u.arr.vals = copy_vals (p, vals, n);
  v->u.arr.fun = fun;
  v->u.arr.lam = SG_NONE;
  if (!v->u.arr.dflt || !v->u.arr.keys || !v->u.arr.vals) return NULL;
  return v;
}

sg_val
sg_v_array_lambda (sg_vpool *p, sg_sort sort, sg_term lam)
{
  sg_val a = sg_v_array (p, sort, NULL, NULL, NULL, 0, SG_NONE);
  if (a) ((sg_value *) a)->u.arr.lam = lam;
  return a;
}

sg_val
sg_v_dt (sg_vpool *p, sg_sort sort, uint32_t cons, const sg_val *fields, uint32_t n)
{
  sg_value *v = newv (p, SG_V_DT, sort);
  if (!v) return NULL;
  v->u.dt.cons = cons;
  v->u.dt.n = n;
  v->u.dt.fields = copy_vals (p, fields, n);
  return v->u.dt.fields ? v : NULL;
}

sg_val
sg_v_coll (sg_vpool *p, sg_vkind kind, sg_sort sort, const sg_val *elems, const uint64_t *counts, uint32_t n)
{
  sg_value *v = newv (p, kind, sort);
  if (!v) return NULL;
  v->u.coll.n = n;
  v->u.coll.elems = copy_vals (p, elems, n);
  if (!v->u.coll.elems) return NULL;
  if (counts)
    {
      uint64_t *c = sg_vpool_alloc (p, (size_t) (n ? n : 1) * sizeof *c);
      if (!c) return NULL;
      if (n) memcpy (c, counts, (size_t) n * sizeof *c);
      v->u.coll.counts = c;
    }
  return v;
}

sg_val
sg_v_unint (sg_vpool *p, sg_sort sort, uint32_t index, sg_atom name)
{
  sg_value *v = newv (p, SG_V_UNINT, sort);
  if (!v) return NULL;
  v->u.unint.index = index;
  v->u.unint.name = name;
  return v;
}

/* ---------------------------------------------------------------- equality */

/* Index values beyond this nesting of array keys inside array keys are not compared (-1). */
#define EQ_DEPTH 32

typedef struct vpair { sg_val a, b; } vpair;
typedef SG_VEC (vpair) vpairs;

static int veq (sg_val a, sg_val b, unsigned depth);

/* `=` with an enclosure on one side or both: 0 when no value can be in both, else -1. */
static int
encl_eq (sg_val a, sg_val b)
{
  if (a->kind == SG_V_NUM) { sg_val t = a; a = b; b = t; } /* a is an enclosure */
  const sg_encl *x = a->u.encl;
  if (b->kind == SG_V_NUM)
    return x->irr || mpq_cmp (b->u.q, x->lo) < 0 || mpq_cmp (b->u.q, x->hi) > 0 ? 0 : -1;
  if (b->kind != SG_V_ENCL) return -1;
  const sg_encl *y = b->u.encl;
  return mpq_cmp (x->hi, y->lo) < 0 || mpq_cmp (y->hi, x->lo) < 0 ? 0 : -1;
}

static int
scalar_eq (sg_val a, sg_val b)
{
  switch (a->kind)
    {
    case SG_V_BOOL: return a->u.b == b->u.b;
    case SG_V_NUM: return mpq_equal (a->u.q, b->u.q) != 0;
    case SG_V_BV: return a->u.bv.w == b->u.bv.w && !mpz_cmp (a->u.bv.z, b->u.bv.z);
    case SG_V_FP:
      return a->u.fp.eb == b->u.fp.eb && a->u.fp.sb == b->u.fp.sb
             && !mpz_cmp (a->u.fp.bits, b->u.fp.bits);
    case SG_V_RM: return a->u.rm == b->u.rm;
    case SG_V_STR:
      return a->u.str.n == b->u.str.n
             && (!a->u.str.n || !memcmp (a->u.str.cp, b->u.str.cp, a->u.str.n * sizeof (uint32_t)));
    case SG_V_REGLAN: return a->u.re == b->u.re ? 1 : -1; /* language equality: not decided */
    case SG_V_UNINT: return a->u.unint.index == b->u.unint.index;
    default: return -1;
    }
}

/* Value of array x at index k from its explicit entries (later ones win) or its default:
 * 1 with *out, or -1 when some key's equality to k is undetermined. */
static int
arr_lookup (sg_val x, sg_val k, unsigned depth, sg_val *out)
{
  for (uint32_t j = x->u.arr.n; j-- > 0;)
    {
      int r = veq (x->u.arr.keys[j], k, depth);
      if (r == 1) { *out = x->u.arr.vals[j]; return 1; }
      if (r < 0) return -1;
    }
  *out = x->u.arr.dflt;
  return 1;
}

/* Whether every index of the (finite) index sort is among the keys: 1 yes, 0 no, -1 unknown. */
static int
keys_cover (sg_val x, sg_val y, unsigned depth)
{
  uint32_t n = x->u.arr.n + y->u.arr.n;
  if (!n) return 0; /* sorts are non-empty */
  sg_val k0 = x->u.arr.n ? x->u.arr.keys[0] : y->u.arr.keys[0];
  uint64_t card; /* cardinality of the index sort, for the kinds we can count */
  switch (k0->kind)
    {
    case SG_V_BOOL: card = 2; break;
    case SG_V_RM: card = 5; break;
    case SG_V_BV:
      if (k0->u.bv.w >= 33) return 0; /* more indices than any key array holds */
      card = (uint64_t) 1 << k0->u.bv.w;
      break;
    case SG_V_FP:
      if ((uint64_t) k0->u.fp.eb + k0->u.fp.sb >= 34) return 0;
      /* bit patterns, with the 2 * (2^(sb-1) - 1) NaN patterns counted as one value */
      card = ((uint64_t) 1 << (k0->u.fp.eb + k0->u.fp.sb))
             - 2 * (((uint64_t) 1 << (k0->u.fp.sb - 1)) - 1) + 1;
      break;
    case SG_V_NUM: case SG_V_STR: return 0; /* infinite */
    default: return -1;
    }
  if (n < card) return 0;
  sg_val *reps = malloc (n * sizeof *reps);
  if (!reps) return -1;
  uint32_t d = 0;
  bool unsure = false;
  for (uint32_t i = 0; i < n; i++)
    {
      sg_val k = i < x->u.arr.n ? x->u.arr.keys[i] : y->u.arr.keys[i - x->u.arr.n];
      bool dup = false;
      for (uint32_t j = 0; j < d && !dup; j++)
        {
          int r = veq (reps[j], k, depth);
          if (r == 1) dup = true;
          else if (r < 0) unsure = true;
        }
      if (!dup) reps[d++] = k;
    }
  free (reps);
  if (d < card) return 0; /* d bounds the distinct keys from above */
  return unsure ? -1 : 1;
}

/* Array equality: pushes the element pairs that must be equal; returns 0, 1 or -1 for what it
 * decided by itself. */
static int
arr_eq (sg_val x, sg_val y, unsigned depth, vpairs *st)
{
  int res = 1;
  uint32_t nx = x->u.arr.n, ny = y->u.arr.n;
  if (x->u.arr.lam != SG_NONE || y->u.arr.lam != SG_NONE) return -1; /* functions: not decided */
  if (x->u.arr.fun != SG_NONE || y->u.arr.fun != SG_NONE)
    {
      if (x->u.arr.fun != y->u.arr.fun) return -1;
      for (uint32_t i = 0; i < nx + ny; i++)
        {
          sg_val k = i < nx ? x->u.arr.keys[i] : y->u.arr.keys[i - nx];
          sg_val vx = NULL, vy = NULL;
          for (uint32_t j = nx; j-- > 0 && !vx;)
            if (veq (x->u.arr.keys[j], k, depth) == 1) vx = x->u.arr.vals[j];
          for (uint32_t j = ny; j-- > 0 && !vy;)
            if (veq (y->u.arr.keys[j], k, depth) == 1) vy = y->u.arr.vals[j];
          if (!vx || !vy) res = -1;
          else if (!SG_VEC_PUSH (*st, ((vpair) { vx, vy }))) return -1;
        }
      return res;
    }
  for (uint32_t i = 0; i < nx + ny; i++)
    {
      sg_val k = i < nx ? x->u.arr.keys[i] : y->u.arr.keys[i - nx], vx, vy;
      if (arr_lookup (x, k, depth, &vx) < 0 || arr_lookup (y, k, depth, &vy) < 0) res = -1;
      else if (!SG_VEC_PUSH (*st, ((vpair) { vx, vy }))) return -1;
    }
  int cov = keys_cover (x, y, depth);
  if (cov == 0)
    {
      if (!SG_VEC_PUSH (*st, ((vpair) { x->u.arr.dflt, y->u.arr.dflt }))) return -1;
    }
  else if (cov < 0 && veq (x->u.arr.dflt, y->u.arr.dflt, depth) != 1)
    res = -1;
  return res;
}

/* Sets and bags: same number of distinct elements, each of a found in b (with the same count):
 * 1, 0, or -1 when an element comparison is undetermined. */
static int
coll_eq (sg_val a, sg_val b, unsigned depth)
{
  if (a->u.coll.n != b->u.coll.n) return 0;
  int res = 1;
  for (uint32_t i = 0; i < a->u.coll.n; i++)
    {
      int found = 0;
      for (uint32_t j = 0; j < b->u.coll.n && found != 1; j++)
        {
          int r = veq (a->u.coll.elems[i], b->u.coll.elems[j], depth);
          if (r == 1 && a->u.coll.counts && a->u.coll.counts[i] != b->u.coll.counts[j]) return 0;
          if (r != 0) found = r;
        }
      if (found == 0) return 0;
      if (found < 0) res = -1;
    }
  return res;
}

static int
veq (sg_val a, sg_val b, unsigned depth)
{
  if (depth > EQ_DEPTH) return -1;
  vpairs st = { 0 };
  int res = 1;
  if (!SG_VEC_PUSH (st, ((vpair) { a, b }))) return -1;
  while (st.n)
    {
      vpair p = SG_VEC_POP (st);
      int r;
      if (sg_v_is_undet (p.a) || sg_v_is_undet (p.b)) r = -1;
      else if (p.a == p.b) r = 1; /* one value object is one number, enclosures included */
      else if ((p.a->kind == SG_V_ENCL || p.b->kind == SG_V_ENCL)
               && (p.a->kind == SG_V_NUM || p.a->kind == SG_V_ENCL))
        r = encl_eq (p.a, p.b);
      else if (p.a->kind != p.b->kind) r = -1;
      else if (p.a->kind == SG_V_DT)
        {
          r = p.a->u.dt.cons == p.b->u.dt.cons && p.a->u.dt.n == p.b->u.dt.n;
          for (uint32_t i = 0; r == 1 && i < p.a->u.dt.n; i++)
            if (!SG_VEC_PUSH (st, ((vpair) { p.a->u.dt.fields[i], p.b->u.dt.fields[i] }))) r = -1;
        }
      else if (p.a->kind == SG_V_ARRAY)
        r = arr_eq (p.a, p.b, depth + 1, &st);
      else if (p.a->kind == SG_V_SEQ || p.a->kind == SG_V_TUPLE)
        {
          r = p.a->u.coll.n == p.b->u.coll.n;
          for (uint32_t i = 0; r == 1 && i < p.a->u.coll.n; i++)
            if (!SG_VEC_PUSH (st, ((vpair) { p.a->u.coll.elems[i], p.b->u.coll.elems[i] }))) r = -1;
        }
      else if (p.a->kind == SG_V_SET || p.a->kind == SG_V_BAG)
        r = coll_eq (p.a, p.b, depth + 1);
      else
        r = scalar_eq (p.a, p.b);
      if (r == 0) { res = 0; break; }
      if (r < 0) res = -1;
    }
  SG_VEC_FREE (st);
  return res;
}

int
sg_v_equal (sg_val a, sg_val b)
{
  return veq (a, b, 0);
}

/* ---------------------------------------------------------------- printing */

/* An enclosure, for messages only (not SMT-LIB): "(interval LO HI)" with 20 digits each. */
static void
print_encl (sg_val v, sg_buf *b)
{
  mpf_t f;
  mpf_init2 (f, 128);
  sg_buf_adds (b, "(interval");
  for (int k = 0; k < 2; k++)
    {
      mpf_set_q (f, k ? v->u.encl->hi : v->u.encl->lo);
      char *t = NULL;
      if (gmp_asprintf (&t, " %.20Fg", f) >= 0 && t) sg_buf_adds (b, t);
      free (t);
    }
  sg_buf_addc (b, ')');
  mpf_clear (f);
}

static void
print_num (const sg_store *s, sg_val v, sg_buf *b)
{
  const mpq_t *q = &v->u.q;
  bool neg = mpq_sgn (*q) < 0, real = v->sort == s->s_real;
  bool whole = !mpz_cmp_ui (mpq_denref (*q), 1);
  mpz_t num;
  mpz_init (num);
  mpz_abs (num, mpq_numref (*q));
  if (neg) sg_buf_adds (b, "(- ");
  char *t = mpz_get_str (NULL, 10, num);
  if (whole)
    {
      sg_buf_adds (b, t);
      if (real) sg_buf_adds (b, ".0");
    }
  else
    {
      char *d = mpz_get_str (NULL, 10, mpq_denref (*q));
      sg_buf_printf (b, "(/ %s.0 %s.0)", t, d);
      free (d);
    }
  free (t);
  if (neg) sg_buf_addc (b, ')');
  mpz_clear (num);
}

static void
print_bits (const mpz_t z, uint32_t from, uint32_t n, sg_buf *b)
{
  sg_buf_adds (b, "#b");
  if (!sg_buf_reserve (b, n)) return;
  for (uint32_t i = n; i-- > 0;)
    sg_buf_addc (b, mpz_tstbit (z, from + i) ? '1' : '0');
}

static void
print_fp (sg_val v, sg_buf *b)
{
  uint32_t eb = v->u.fp.eb, sb = v->u.fp.sb;
  bool nan = mpz_scan1 (v->u.fp.bits, 0) < sb - 1; /* non-zero significand ... */
  for (uint32_t i = 0; i < eb && nan; i++)       /* ... and exponent all ones */
    nan = mpz_tstbit (v->u.fp.bits, sb - 1 + i);
  if (nan) { sg_buf_printf (b, "(_ NaN %u %u)", eb, sb); return; }
  sg_buf_adds (b, "(fp ");
  print_bits (v->u.fp.bits, eb + sb - 1, 1, b);
  sg_buf_addc (b, ' ');
  print_bits (v->u.fp.bits, sb - 1, eb, b);
  sg_buf_addc (b, ' ');
  print_bits (v->u.fp.bits, 0, sb - 1, b);
  sg_buf_addc (b, ')');
}

static void
print_str (sg_val v, sg_buf *b)
{
  sg_buf_addc (b, '"');
  for (uint32_t i = 0; i < v->u.str.n; i++)
    {
      uint32_t c = v->u.str.cp[i];
      if (c == '"') sg_buf_adds (b, "\"\"");
      else if (c >= 0x20 && c <= 0x7e && c != '\\') sg_buf_addc (b, (char) c);
      else sg_buf_printf (b, "\\u{%x}", (unsigned) c);
    }
  sg_buf_addc (b, '"');
}

static const char *const rm_names[] = { "RNE", "RNA", "RTP", "RTN", "RTZ" };

/* Print items: a value, a fixed text, or a sort. */
typedef struct pitem { uint8_t kind; const void *p; } pitem;
enum { PI_VAL, PI_TEXT, PI_SORT };

typedef SG_VEC (char *) strs;

/* " N" for a bag count, kept in *keep until the printing ends. */
static char *
scratch_count (uint64_t c, strs *keep)
{
  char *t = malloc (24);
  if (!t) return NULL;
  snprintf (t, 24, " %llu", (unsigned long long) c);
  if (!SG_VEC_PUSH (*keep, t)) { free (t); return NULL; }
  return t;
}

void
sg_v_print (const sg_store *s, sg_val v, sg_buf *b)
{
  strs cbuf = { 0 };
  SG_VEC (pitem) st = { 0 };
  bool ok = SG_VEC_PUSH (st, ((pitem) { PI_VAL, v }));
  while (ok && st.n)
    {
      pitem it = SG_VEC_POP (st);
      if (it.kind == PI_TEXT) { sg_buf_adds (b, it.p); continue; }
      if (it.kind == PI_SORT) { sg_sort_print (s, (sg_sort) (uintptr_t) it.p, b); continue; }
      sg_val x = it.p;
      if (sg_v_is_undet (x)) { sg_buf_adds (b, "?"); continue; }
      switch (x->kind)
        {
        case SG_V_BOOL: sg_buf_adds (b, x->u.b ? "true" : "false"); break;
        case SG_V_NUM: print_num (s, x, b); break;
        case SG_V_BV: print_bits (x->u.bv.z, 0, x->u.bv.w, b); break;
        case SG_V_FP: print_fp (x, b); break;
        case SG_V_RM: sg_buf_adds (b, x->u.rm < 5 ? rm_names[x->u.rm] : "?"); break;
        case SG_V_STR: print_str (x, b); break;
        case SG_V_REGLAN: sg_buf_adds (b, "(_ RegLan value)"); break;
        case SG_V_ENCL: print_encl (x, b); break;
        case SG_V_UNINT:
          if (x->u.unint.name != SG_ATOM_NONE) sg_print_symbol (s, x->u.unint.name, b);
          else
            {
              sg_buf_printf (b, "(as @u%u ", (unsigned) x->u.unint.index);
              sg_sort_print (s, x->sort, b);
              sg_buf_addc (b, ')');
            }
          break;
        case SG_V_DT:
          {
            const sg_dtcons *c = &s->conss.a[x->u.dt.cons];
            if (!x->u.dt.n)
              {
                bool as = s->dts.a[c->dt].nparams > 0;
                if (as) sg_buf_adds (b, "(as ");
                sg_print_symbol (s, c->name, b);
                if (as) { sg_buf_addc (b, ' '); sg_sort_print (s, x->sort, b); sg_buf_addc (b, ')'); }
                break;
              }
            sg_buf_addc (b, '(');
            sg_print_symbol (s, c->name, b);
            ok = SG_VEC_PUSH (st, ((pitem) { PI_TEXT, ")" }));
            for (uint32_t i = x->u.dt.n; ok && i-- > 0;)
              ok = SG_VEC_PUSH (st, ((pitem) { PI_VAL, x->u.dt.fields[i] }))
                   && SG_VEC_PUSH (st, ((pitem) { PI_TEXT, " " }));
            break;
          }
        case SG_V_ARRAY:
          {
            for (uint32_t i = x->u.arr.n; ok && i-- > 0;)
              ok = SG_VEC_PUSH (st, ((pitem) { PI_TEXT, ")" }))
                   && SG_VEC_PUSH (st, ((pitem) { PI_VAL, x->u.arr.vals[i] }))
                   && SG_VEC_PUSH (st, ((pitem) { PI_TEXT, " " }))
                   && SG_VEC_PUSH (st, ((pitem) { PI_VAL, x->u.arr.keys[i] }))
                   && SG_VEC_PUSH (st, ((pitem) { PI_TEXT, " " }));
            for (uint32_t i = 0; i < x->u.arr.n; i++)
              sg_buf_adds (b, "(store ");
            if (x->u.arr.lam != SG_NONE)
              sg_print_term (s, x->u.arr.lam, NULL, b);
            else if (x->u.arr.fun != SG_NONE)
              {
                sg_buf_adds (b, "(_ as-array ");
                sg_print_symbol (s, s->funs.a[x->u.arr.fun].name, b);
                sg_buf_addc (b, ')');
              }
            else
              {
                sg_buf_adds (b, "((as const ");
                sg_sort_print (s, x->sort, b);
                sg_buf_adds (b, ") ");
                ok = ok && SG_VEC_PUSH (st, ((pitem) { PI_TEXT, ")" }))
                     && SG_VEC_PUSH (st, ((pitem) { PI_VAL, x->u.arr.dflt }));
              }
            break;
          }
        case SG_V_SEQ:
        case SG_V_SET:
        case SG_V_BAG:
        case SG_V_TUPLE:
          {
            /* (as seq.empty S), (seq.unit a), (seq.++ (seq.unit a) ...); sets and bags alike
             * with set.singleton/set.union, (bag a n)/bag.union_disjoint; (tuple a ...) */
            static const char *const empty[] = { "seq.empty", "set.empty", "bag.empty", "tuple" };
            static const char *const join[] = { "(seq.++", "(set.union", "(bag.union_disjoint", "(tuple" };
            static const char *const unit[] = { "(seq.unit ", "(set.singleton ", "(bag ", "" };
            int k = x->kind - SG_V_SEQ;
            uint32_t n = x->u.coll.n;
            if (n == 0)
              {
                if (x->kind == SG_V_TUPLE) { sg_buf_adds (b, "tuple"); break; }
                sg_buf_printf (b, "(as %s ", empty[k]);
                sg_sort_print (s, x->sort, b);
                sg_buf_addc (b, ')');
                break;
              }
            bool many = n > 1 || x->kind == SG_V_TUPLE;
            if (many) { sg_buf_adds (b, join[k]); ok = SG_VEC_PUSH (st, ((pitem) { PI_TEXT, ")" })); }
            for (uint32_t i = n; ok && i-- > 0;)
              {
                if (x->kind == SG_V_TUPLE)
                  ok = SG_VEC_PUSH (st, ((pitem) { PI_VAL, x->u.coll.elems[i] }))
                       && SG_VEC_PUSH (st, ((pitem) { PI_TEXT, " " }));
                else
                  {
                    /* counts are printed from the pool-owned array, as text built below */
                    char *cnt = NULL;
                    if (x->kind == SG_V_BAG)
                      {
                        cnt = scratch_count (x->u.coll.counts[i], &cbuf);
                        ok = cnt != NULL;
                      }
                    ok = ok && SG_VEC_PUSH (st, ((pitem) { PI_TEXT, ")" }))
                         && (!cnt || SG_VEC_PUSH (st, ((pitem) { PI_TEXT, cnt })))
                         && SG_VEC_PUSH (st, ((pitem) { PI_VAL, x->u.coll.elems[i] }))
                         && SG_VEC_PUSH (st, ((pitem) { PI_TEXT, unit[k] }))
                         && (!many || SG_VEC_PUSH (st, ((pitem) { PI_TEXT, " " })));
                  }
              }
            break;
          }
        default: sg_buf_adds (b, "?"); break;
        }
    }
  for (uint32_t i = 0; i < cbuf.n; i++) free (cbuf.a[i]);
  SG_VEC_FREE (cbuf);
  if (!ok) b->failed = true;
  SG_VEC_FREE (st);
}

/* ---------------------------------------------------------------- string literals */

static int
hexval (char c)
{
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* A UTF-8 sequence at t[i..len): its code point and length, or 0 if malformed. */
static uint32_t
utf8 (const unsigned char *t, uint32_t i, uint32_t len, uint32_t *cp)
{
  unsigned char c = t[i];
  uint32_t n = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
  if (c >= 0xf5 || !n || len - i < n) return 0;
  uint32_t v = c & (0x7f >> n);
  for (uint32_t k = 1; k < n; k++)
    {
      if ((t[i + k] & 0xc0) != 0x80) return 0;
      v = v << 6 | (t[i + k] & 0x3f);
    }
  if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10ffff))) return 0;
  *cp = v;
  return n;
}

bool
sg_str_decode (const char *text, uint32_t len, uint32_t **cp, uint32_t *n)
{
  const unsigned char *t = (const unsigned char *) text;
  uint32_t *out = malloc (((size_t) len + 1) * sizeof *out), k = 0;
  bool clean = true;
  *cp = out;
  *n = 0;
  if (!out) return false;
  for (uint32_t i = 0; i < len;)
    {
      if (t[i] == '\\' && i + 1 < len && t[i + 1] == 'u')
        {
          uint32_t v = 0, j;
          if (i + 2 < len && t[i + 2] == '{')
            { /* \u{d} ... \u{ddddd}, at most 0x2FFFF */
              for (j = i + 3; j < len && j < i + 8 && hexval ((char) t[j]) >= 0; j++)
                v = v * 16 + (uint32_t) hexval ((char) t[j]);
              if (j > i + 3 && j < len && t[j] == '}' && v <= 0x2ffff)
                {
                  out[k++] = v;
                  i = j + 1;
                  continue;
                }
            }
          else
            { /* \udddd: exactly four hex digits */
              for (j = i + 2; j < len && j < i + 6 && hexval ((char) t[j]) >= 0; j++)
                v = v * 16 + (uint32_t) hexval ((char) t[j]);
              if (j == i + 6)
                {
                  out[k++] = v;
                  i = j;
                  continue;
                }
            }
          clean = false; /* not an escape: the backslash is a character */
          out[k++] = '\\';
          i++;
          continue;
        }
      uint32_t c, m = t[i] >= 0x80 ? utf8 (t, i, len, &c) : 0;
      if (m) { out[k++] = c; i += m; }
      else out[k++] = t[i++];
    }
  *n = k;
  return clean;
}
