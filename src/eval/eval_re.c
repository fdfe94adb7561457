/* eval_re: regular-language values (struct sg_re) and exact matching of one string against them.
 *
 * A language value is a small DAG of sg_re nodes built bottom-up from argument values. To match
 * a string s of length n, every node reachable from the root gets the (n+1)x(n+1) Boolean matrix
 * M[i][j] = (s[i..j) in L(node)), computed children-first (nodes sorted by height), with rows as
 * bitsets. Concatenation is Boolean matrix product, star the reflexive-transitive closure (one
 * backward pass: the matrices are upper triangular), loop/power repeated products (at most n+2 of
 * them, see node_loop), complement the negation within i <= j, intersection and difference
 * bitwise. Every language operation is therefore exact, complement and intersection included.
 * A node's matrix is freed as soon as its last parent is computed, so a chain of any depth keeps
 * two or three matrices alive. Work, live memory and the string length are bounded
 * (SG_RE_MAX_*); past a bound the caller's result is undetermined. */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "eval/eval_str_int.h"

/* ---- construction -------------------------------------------------------------------------- */

const sg_re *
sg_re_new (sg_vpool *p, sg_re_kind kind, const sg_re *const *kids, uint32_t nkids, uint32_t lo,
           uint32_t hi, const uint32_t *cp, uint32_t n)
{
  sg_re *r = sg_vpool_alloc (p, sizeof *r);
  if (!r)
    return NULL;
  memset (r, 0, sizeof *r);
  r->kind = (uint8_t) kind;
  r->lo = lo;
  r->hi = hi;
  r->height = 1;
  if (nkids)
    {
      const sg_re **k = sg_vpool_alloc (p, nkids * sizeof *k);
      if (!k)
        return NULL;
      for (uint32_t i = 0; i < nkids; i++)
        {
          k[i] = kids[i];
          if (kids[i]->height >= r->height)
            r->height = kids[i]->height + 1;
        }
      r->kids = k;
      r->nkids = nkids;
    }
  if (n)
    {
      uint32_t *c = sg_vpool_alloc (p, (size_t) n * sizeof *c);
      if (!c)
        return NULL;
      memcpy (c, cp, (size_t) n * sizeof *c);
      r->cp = c;
      r->n = n;
    }
  return r;
}

/* ---- matrices ------------------------------------------------------------------------------ */

typedef struct eng {
  const uint32_t *s; /* the string */
  uint32_t n;        /* its length */
  uint32_t w;        /* words per row */
  size_t size;       /* words per matrix */
  uint64_t work;     /* word operations so far */
  uint64_t live;     /* bytes of matrices alive */
  bool limit;        /* a limit was reached */
  bool nomem;        /* an allocation failed */
} eng;

static uint64_t *
mat_new (eng *e)
{
  uint64_t bytes = (uint64_t) e->size * 8u;
  if (e->live + bytes > SG_RE_MAX_BYTES)
    {
      e->limit = true;
      return NULL;
    }
  uint64_t *m = calloc (e->size, 8);
  if (!m)
    {
      e->nomem = true;
      return NULL;
    }
  e->live += bytes;
  return m;
}

static void
mat_del (eng *e, uint64_t *m)
{
  if (m)
    {
      e->live -= (uint64_t) e->size * 8u;
      free (m);
    }
}

static inline uint64_t *
row (const eng *e, uint64_t *m, uint32_t i)
{
  return m + (size_t) i * e->w;
}

static inline void
setbit (const eng *e, uint64_t *m, uint32_t i, uint32_t j)
{
  m[(size_t) i * e->w + j / 64] |= (uint64_t) 1 << (j % 64);
}

/* Account for `words` word operations; true when the budget is exhausted. */
static inline bool
spend (eng *e, uint64_t words)
{
  e->work += words;
  if (e->work > SG_RE_MAX_WORK)
    e->limit = true;
  return e->limit;
}

/* Mask of the bits j with lo <= j of word k (lo within or before word k). */
static inline uint64_t
mask_from (uint32_t k, uint32_t lo)
{
  if (lo <= k * 64)
    return ~(uint64_t) 0;
  if (lo >= k * 64 + 64)
    return 0;
  return ~(uint64_t) 0 << (lo % 64);
}

/* Mask of the bits j <= n of word k. */
static inline uint64_t
mask_to (uint32_t k, uint32_t n)
{
  if (n >= k * 64 + 63)
    return ~(uint64_t) 0;
  if (n < k * 64)
    return 0;
  return ~(uint64_t) 0 >> (63 - n % 64);
}

/* The upper triangle i <= j <= n ("every substring"), ORed into m. */
static void
mat_upper (eng *e, uint64_t *m)
{
  for (uint32_t i = 0; i <= e->n; i++)
    {
      uint64_t *r = row (e, m, i);
      for (uint32_t k = i / 64; k < e->w; k++)
        r[k] |= mask_from (k, i) & mask_to (k, e->n);
    }
  spend (e, e->size);
}

static void
mat_diag (eng *e, uint64_t *m)
{
  for (uint32_t i = 0; i <= e->n; i++)
    setbit (e, m, i, i);
}

/* c = a . b (concatenation). c must be zero and distinct from a and b. */
static void
mat_mul (eng *e, const uint64_t *a, const uint64_t *b, uint64_t *c)
{
  for (uint32_t i = 0; i <= e->n && !e->limit; i++)
    {
      const uint64_t *ra = a + (size_t) i * e->w;
      uint64_t *rc = c + (size_t) i * e->w;
      uint64_t cost = 0;
      for (uint32_t k = i / 64; k < e->w; k++)
        {
          uint64_t bits = ra[k];
          while (bits)
            {
              uint32_t j = k * 64 + (uint32_t) __builtin_ctzll (bits);
              bits &= bits - 1;
              const uint64_t *rb = b + (size_t) j * e->w;
              for (uint32_t q = j / 64; q < e->w; q++)
                rc[q] |= rb[q];
              cost += e->w - j / 64;
            }
        }
      spend (e, cost + e->w);
    }
}

/* p = a+ (transitive closure); with star also the diagonal (reflexive). p must be zero. Rows
 * from the last: a step i -> k > i reaches row k's final closure; steps i -> i add nothing. */
static void
mat_closure (eng *e, const uint64_t *a, uint64_t *p, bool star)
{
  for (uint32_t ii = e->n + 1; ii-- > 0 && !e->limit;)
    {
      const uint64_t *ra = a + (size_t) ii * e->w;
      uint64_t *rp = p + (size_t) ii * e->w;
      uint64_t cost = e->w;
      memcpy (rp, ra, e->w * 8u);
      for (uint32_t k = ii / 64; k < e->w; k++)
        {
          uint64_t bits = ra[k];
          while (bits)
            {
              uint32_t j = k * 64 + (uint32_t) __builtin_ctzll (bits);
              bits &= bits - 1;
              if (j == ii)
                continue;
              const uint64_t *rj = p + (size_t) j * e->w;
              for (uint32_t q = j / 64; q < e->w; q++)
                rp[q] |= rj[q];
              cost += e->w - j / 64;
            }
        }
      if (star)
        setbit (e, p, ii, ii);
      spend (e, cost);
    }
}

static bool
mat_zero (const eng *e, const uint64_t *m)
{
  for (size_t k = 0; k < e->size; k++)
    if (m[k])
      return false;
  return true;
}

/* ---- node order ---------------------------------------------------------------------------- */

typedef SG_VEC (const sg_re *) revec;

/* Open-addressing map from node address to its position in the sorted node list. */
typedef struct nmap {
  const sg_re **key; /* NULL = empty */
  uint32_t *val;     /* position */
  uint32_t cap;      /* power of two */
} nmap;

static inline uint32_t
nhash (const sg_re *r, uint32_t cap)
{
  return (uint32_t) sg_hash64_xmx ((uint64_t) (uintptr_t) r, 29, SG_HASH64_SM_M1, 32) & (cap - 1);
}

/* Slot of r: its own if present, else the empty slot where it goes. */
static uint32_t
nslot (const nmap *m, const sg_re *r)
{
  uint32_t h = nhash (r, m->cap);
  while (m->key[h] && m->key[h] != r)
    h = (h + 1) & (m->cap - 1);
  return h;
}

static int
by_height (const void *a, const void *b)
{
  const sg_re *x = *(const sg_re *const *) a, *y = *(const sg_re *const *) b;
  return (x->height > y->height) - (x->height < y->height);
}

/* Collect the nodes reachable from root (explicit stack), sorted children-first. */
static sg_rc
collect (const sg_re *root, revec *order, nmap *map)
{
  map->cap = 16;
  map->key = calloc (map->cap, sizeof *map->key);
  map->val = calloc (map->cap, sizeof *map->val);
  revec stack = { 0 };
  sg_rc rc = SG_RC_OK;
  if (!map->key || !map->val || !SG_VEC_PUSH (stack, root))
    goto nomem;
  map->key[nslot (map, root)] = root;
  if (!SG_VEC_PUSH (*order, root))
    goto nomem;
  while (stack.n)
    {
      const sg_re *x = SG_VEC_POP (stack);
      for (uint32_t k = 0; k < x->nkids; k++)
        {
          const sg_re *y = x->kids[k];
          uint32_t h = nslot (map, y);
          if (map->key[h])
            continue;
          map->key[h] = y;
          if (!SG_VEC_PUSH (*order, y) || !SG_VEC_PUSH (stack, y))
            goto nomem;
          if ((uint64_t) order->n * 2 > map->cap)
            {
              /* grow the map: re-insert every node seen so far */
              uint32_t cap = map->cap * 2;
              const sg_re **key = calloc (cap, sizeof *key);
              uint32_t *val = calloc (cap, sizeof *val);
              if (!key || !val)
                {
                  free (key);
                  free (val);
                  goto nomem;
                }
              free (map->key);
              free (map->val);
              map->key = key;
              map->val = val;
              map->cap = cap;
              for (uint32_t q = 0; q < order->n; q++)
                map->key[nslot (map, order->a[q])] = order->a[q];
            }
        }
    }
  qsort (order->a, order->n, sizeof *order->a, by_height);
  for (uint32_t q = 0; q < order->n; q++)
    map->val[nslot (map, order->a[q])] = q;
  goto out;
nomem:
  rc = SG_RC_NOMEM;
out:
  SG_VEC_FREE (stack);
  return rc;
}

/* ---- one node ------------------------------------------------------------------------------ */

/* Matrix of (_ re.loop lo hi) over the child's matrix a (lo <= hi), on strings of length <= n:
 *  - powers are built one product at a time and the walk stops early: a^(k+1) = a^k means every
 *    higher power is the same (this happens by k = n when a holds the empty word), and a zero
 *    power means every higher one is zero (by k = n+1 when it does not);
 *  - when hi >= n, a^lo u ... u a^hi = a^lo . a* (a word of length <= n in a higher power has
 *    at most n non-empty pieces, so dropping empty ones brings it down to hi pieces), so only
 *    a^lo is needed, then one closure and one product. */
static uint64_t *
node_loop (eng *e, const uint64_t *a, uint32_t lo, uint32_t hi)
{
  bool tail = hi >= e->n; /* the union ends in a* */
  uint32_t last = tail ? lo : hi;
  uint64_t *p = mat_new (e), *u = mat_new (e), *q = NULL;
  if (!p || !u)
    goto fail;
  mat_diag (e, p); /* p = a^0 */
  for (uint32_t k = 0;; k++)
    {
      if (k >= lo && !tail)
        {
          for (size_t w = 0; w < e->size; w++)
            u[w] |= p[w];
          spend (e, e->size);
        }
      if (k == last)
        break;
      q = mat_new (e);
      if (!q)
        goto fail;
      mat_mul (e, p, a, q); /* q = a^(k+1) */
      spend (e, 2 * e->size);
      if (e->limit)
        goto fail;
      bool same = !memcmp (p, q, e->size * 8u);
      mat_del (e, p);
      p = q;
      q = NULL;
      if (same || mat_zero (e, p))
        {
          /* a^j = p for every j > k: it is a^last, and for a bounded loop it is in the union
           * once k+1 >= lo (hi > k since k != last) */
          if (!tail && (same || k + 1 >= lo))
            for (size_t w = 0; w < e->size; w++)
              u[w] |= p[w];
          break;
        }
    }
  if (tail)
    {
      /* u = a^lo . a* */
      mat_del (e, u);
      u = NULL;
      if (!(q = mat_new (e)) || !(u = mat_new (e)))
        goto fail;
      mat_closure (e, a, q, true);
      mat_mul (e, p, q, u);
      if (e->limit)
        goto fail;
    }
  mat_del (e, p);
  mat_del (e, q);
  return u;
fail:
  mat_del (e, p);
  mat_del (e, q);
  mat_del (e, u);
  return NULL;
}

/* The matrix of node x given its children's matrices (kid[k] is the matrix of x->kids[k]). */
static uint64_t *
node_mat (eng *e, const sg_re *x, uint64_t *const *kid)
{
  uint64_t *m = NULL, *t = NULL;
  switch ((sg_re_kind) x->kind)
    {
    case SG_RE_NONE:
      return mat_new (e);
    case SG_RE_ALL:
      if ((m = mat_new (e)))
        mat_upper (e, m);
      return m;
    case SG_RE_ALLCHAR:
    case SG_RE_RANGE:
      if ((m = mat_new (e)))
        for (uint32_t i = 0; i < e->n; i++)
          if (x->kind == SG_RE_ALLCHAR || (e->s[i] >= x->lo && e->s[i] <= x->hi))
            setbit (e, m, i, i + 1);
      return m;
    case SG_RE_STR:
      if ((m = mat_new (e)))
        for (uint32_t i = 0; x->n <= e->n && i <= e->n - x->n && !e->limit; i++)
          {
            if (x->n == 0 || !memcmp (e->s + i, x->cp, (size_t) x->n * sizeof *x->cp))
              setbit (e, m, i, i + x->n);
            spend (e, 1 + x->n / 16);
          }
      return m;
    case SG_RE_CONCAT:
      if (!(m = mat_new (e)))
        return NULL;
      memcpy (m, kid[0], e->size * 8u);
      for (uint32_t k = 1; k < x->nkids && !e->limit; k++)
        {
          if (!(t = mat_new (e)))
            break;
          mat_mul (e, m, kid[k], t);
          mat_del (e, m);
          m = t;
          t = NULL;
        }
      break;
    case SG_RE_UNION:
    case SG_RE_INTER:
    case SG_RE_DIFF:
      if (!(m = mat_new (e)))
        return NULL;
      memcpy (m, kid[0], e->size * 8u);
      for (uint32_t k = 1; k < x->nkids; k++)
        {
          const uint64_t *b = kid[k];
          if (x->kind == SG_RE_UNION)
            for (size_t w = 0; w < e->size; w++)
              m[w] |= b[w];
          else if (x->kind == SG_RE_INTER)
            for (size_t w = 0; w < e->size; w++)
              m[w] &= b[w];
          else
            for (size_t w = 0; w < e->size; w++)
              m[w] &= ~b[w];
          spend (e, e->size);
        }
      break;
    case SG_RE_STAR:
    case SG_RE_PLUS:
      if ((m = mat_new (e)))
        mat_closure (e, kid[0], m, x->kind == SG_RE_STAR);
      break;
    case SG_RE_OPT:
      if ((m = mat_new (e)))
        {
          memcpy (m, kid[0], e->size * 8u);
          mat_diag (e, m);
        }
      return m;
    case SG_RE_COMP:
      if ((m = mat_new (e)))
        {
          mat_upper (e, m);
          for (size_t w = 0; w < e->size; w++)
            m[w] &= ~kid[0][w];
        }
      return m;
    case SG_RE_LOOP:
    case SG_RE_POW:
      return node_loop (e, kid[0], x->lo, x->kind == SG_RE_POW ? x->lo : x->hi);
    }
  if (e->limit || e->nomem)
    {
      mat_del (e, m);
      return NULL;
    }
  return m;
}

/* ---- matching ------------------------------------------------------------------------------ */

sg_rc
sg_re_match (const sg_re *re, const uint32_t *s, uint32_t n, sg_re_mat *out, sg_re_status *st)
{
  static const uint32_t none[1] = { 0 };
  memset (out, 0, sizeof *out);
  *st = SG_RE_LIMIT;
  if (!s)
    s = none; /* an empty string may come without an array */
  if (n > SG_RE_MAX_LEN)
    return SG_RC_OK;
  eng e = { .s = s, .n = n, .w = (n + 1 + 63) / 64 };
  e.size = (size_t) (n + 1) * e.w;

  revec order = { 0 };
  nmap map = { 0 };
  uint64_t **mat = NULL;
  uint32_t *uses = NULL;
  SG_VEC (uint64_t *) kid = { 0 };
  sg_rc rc = collect (re, &order, &map);
  if (rc)
    goto out;
  mat = calloc (order.n, sizeof *mat);
  uses = calloc (order.n, sizeof *uses);
  if (!mat || !uses)
    {
      rc = SG_RC_NOMEM;
      goto out;
    }
  /* uses[q]: how many child slots of reachable parents name node q (+1 for the root) */
  for (uint32_t q = 0; q < order.n; q++)
    for (uint32_t k = 0; k < order.a[q]->nkids; k++)
      uses[map.val[nslot (&map, order.a[q]->kids[k])]]++;
  uses[order.n - 1]++;
  for (uint32_t q = 0; q < order.n; q++)
    {
      const sg_re *x = order.a[q];
      SG_VEC_CLEAR (kid);
      if (!SG_VEC_RESERVE (kid, x->nkids))
        {
          rc = SG_RC_NOMEM;
          goto out;
        }
      for (uint32_t k = 0; k < x->nkids; k++)
        kid.a[kid.n++] = mat[map.val[nslot (&map, x->kids[k])]];
      mat[q] = node_mat (&e, x, kid.a);
      if (e.nomem)
        {
          rc = SG_RC_NOMEM;
          goto out;
        }
      if (e.limit || !mat[q])
        goto out;
      /* children whose last parent this was are no longer needed */
      for (uint32_t k = 0; k < x->nkids; k++)
        {
          uint32_t c = map.val[nslot (&map, x->kids[k])];
          if (--uses[c] == 0)
            {
              mat_del (&e, mat[c]);
              mat[c] = NULL;
            }
        }
    }
  /* the root has the greatest height, so it is last */
  out->n = n;
  out->words = e.w;
  out->bits = mat[order.n - 1];
  mat[order.n - 1] = NULL;
  *st = SG_RE_DONE;
out:
  if (mat)
    for (uint32_t q = 0; q < order.n; q++)
      mat_del (&e, mat[q]);
  free (mat);
  free (uses);
  free (map.key);
  free (map.val);
  SG_VEC_FREE (order);
  SG_VEC_FREE (kid);
  return rc;
}

void
sg_re_mat_free (sg_re_mat *m)
{
  free (m->bits);
  m->bits = NULL;
}

uint32_t
sg_re_mat_next (const sg_re_mat *m, uint32_t i, uint32_t from)
{
  const uint64_t *r = m->bits + (size_t) i * m->words;
  for (uint32_t k = from / 64; k < m->words; k++)
    {
      uint64_t bits = r[k] & mask_from (k, from);
      if (bits)
        return k * 64 + (uint32_t) __builtin_ctzll (bits);
    }
  return UINT32_MAX;
}

/* ---- printing ------------------------------------------------------------------------------ */

void
sg_str_print_lit (const uint32_t *cp, uint32_t n, sg_buf *b)
{
  sg_buf_addc (b, '"');
  for (uint32_t i = 0; i < n; i++)
    {
      uint32_t c = cp[i];
      if (c == '"')
        sg_buf_adds (b, "\"\"");
      else if (c >= 0x20 && c <= 0x7e && c != '\\')
        sg_buf_addc (b, (char) c);
      else
        sg_buf_printf (b, "\\u{%x}", c);
    }
  sg_buf_addc (b, '"');
}

static const char *const re_op[] = {
  [SG_RE_CONCAT] = "re.++", [SG_RE_UNION] = "re.union", [SG_RE_INTER] = "re.inter",
  [SG_RE_DIFF] = "re.diff", [SG_RE_STAR] = "re.*",      [SG_RE_PLUS] = "re.+",
  [SG_RE_OPT] = "re.opt",   [SG_RE_COMP] = "re.comp",
};

void
sg_re_print (const sg_re *re, sg_buf *b)
{
  typedef struct { const sg_re *x; uint32_t next; } frame; /* next child to print */
  SG_VEC (frame) st = { 0 };
  if (!SG_VEC_PUSH (st, ((frame) { re, 0 })))
    goto nomem;
  while (st.n)
    {
      frame *f = &SG_VEC_TOP (st);
      const sg_re *x = f->x;
      if (f->next == 0)
        {
          switch ((sg_re_kind) x->kind)
            {
            case SG_RE_NONE: sg_buf_adds (b, "re.none"); break;
            case SG_RE_ALL: sg_buf_adds (b, "re.all"); break;
            case SG_RE_ALLCHAR: sg_buf_adds (b, "re.allchar"); break;
            case SG_RE_STR:
              sg_buf_adds (b, "(str.to_re ");
              sg_str_print_lit (x->cp, x->n, b);
              sg_buf_addc (b, ')');
              break;
            case SG_RE_RANGE:
              sg_buf_adds (b, "(re.range ");
              sg_str_print_lit (&x->lo, 1, b);
              sg_buf_addc (b, ' ');
              sg_str_print_lit (&x->hi, 1, b);
              sg_buf_addc (b, ')');
              break;
            case SG_RE_LOOP: sg_buf_printf (b, "((_ re.loop %u %u)", x->lo, x->hi); break;
            case SG_RE_POW: sg_buf_printf (b, "((_ re.^ %u)", x->lo); break;
            default: sg_buf_printf (b, "(%s", re_op[x->kind]); break;
            }
        }
      if (f->next < x->nkids)
        {
          const sg_re *y = x->kids[f->next++];
          sg_buf_addc (b, ' ');
          if (!SG_VEC_PUSH (st, ((frame) { y, 0 })))
            goto nomem;
          continue;
        }
      if (x->nkids)
        sg_buf_addc (b, ')');
      st.n--;
    }
  SG_VEC_FREE (st);
  return;
nomem:
  SG_VEC_FREE (st);
  b->failed = true;
}
