/* enumerate: counting tables, unranking (machine words or GMP), ranking, the iterator. */
#include "tech/enum/enumerate.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define BIG UINT64_MAX /* a u64 mirror entry whose count does not fit */

/* The counts of one nonterminal or one suffix of an alternative's children, per size. */
typedef struct series {
  mpz_t *z;
  uint64_t *u; /* z as a machine word, or BIG */
  uint32_t n, cap;
} series;

typedef struct frame64 {
  uint32_t alt, pos, j, t;
  uint64_t r;
} frame64;

typedef struct framez {
  uint32_t alt, pos, j, t; /* r: e->zr[depth] */
} framez;

struct sg_enum {
  const sg_grammar *g;
  series *cnt;      /* per nonterminal: count by size */
  series **suf;     /* per alternative: nnt series; suf[a][j] counts children j.. by total size */
  uint32_t nsizes;  /* sizes 0 .. nsizes - 1 are counted */
  mpz_t *cum;       /* cum[s]: formulas of the start symbol of size <= s */
  uint32_t cumcap;
  uint8_t *open, *close; /* per terminal: it is "(" / ")" */
  SG_VEC (frame64) st64;
  SG_VEC (framez) stz;
  mpz_t *zr;        /* the framez's remaining indices, by depth */
  uint32_t nzr;
  mpz_t one, zero, tmp, w;
};

static bool
series_push (series *s, const mpz_t v)
{
  if (s->n == s->cap)
    {
      uint32_t cap = s->cap ? s->cap * 2 : 16;
      mpz_t *z = realloc (s->z, cap * sizeof *z);
      if (!z) return false;
      s->z = z;
      uint64_t *u = realloc (s->u, cap * sizeof *u);
      if (!u) return false;
      s->u = u;
      s->cap = cap;
    }
  mpz_init_set (s->z[s->n], v);
  s->u[s->n] = mpz_fits_ulong_p (v) && mpz_cmp_ui (v, ULONG_MAX) < 0 ? (uint64_t) mpz_get_ui (v) : BIG;
  s->n++;
  return true;
}

static void
series_free (series *s)
{
  for (uint32_t i = 0; i < s->n; i++) mpz_clear (s->z[i]);
  free (s->z);
  free (s->u);
}

static inline const sg_gsym *
syms_of (const sg_enum *e, uint32_t a)
{
  return &e->g->syms[e->g->alts[a].first];
}

/* The j-th nonterminal child of alternative a. */
static uint32_t
kid (const sg_enum *e, uint32_t a, uint32_t j)
{
  const sg_galt *al = &e->g->alts[a];
  for (uint32_t i = 0; i < al->n; i++)
    if (syms_of (e, a)[i] >= 0 && j-- == 0) return (uint32_t) syms_of (e, a)[i];
  return 0;
}

/* suf[a][j] at total size t (j == nnt: one way to have no children, of size 0). */
static inline const mpz_t *
suf_z (const sg_enum *e, uint32_t a, uint32_t j, uint32_t t)
{
  if (j == e->g->alts[a].nnt) return t == 0 ? &e->one : &e->zero;
  const series *s = &e->suf[a][j];
  return t < s->n ? (const mpz_t *) &s->z[t] : &e->zero;
}

static inline uint64_t
suf_u (const sg_enum *e, uint32_t a, uint32_t j, uint32_t t)
{
  if (j == e->g->alts[a].nnt) return t == 0;
  const series *s = &e->suf[a][j];
  return t < s->n ? s->u[t] : 0;
}

/* The formulas of alternative a of size s. */
static inline const mpz_t *
alt_z (const sg_enum *e, uint32_t a, uint32_t s)
{
  uint32_t cost = e->g->alts[a].cost;
  return s < cost ? &e->zero : suf_z (e, a, 0, s - cost);
}

static inline uint64_t
alt_u (const sg_enum *e, uint32_t a, uint32_t s)
{
  uint32_t cost = e->g->alts[a].cost;
  return s < cost ? 0 : suf_u (e, a, 0, s - cost);
}

sg_rc
sg_enum_new (const sg_grammar *g, sg_enum **out)
{
  sg_enum *e = calloc (1, sizeof *e);
  if (!e) return SG_RC_NOMEM;
  e->g = g;
  mpz_init_set_ui (e->one, 1);
  mpz_init (e->zero);
  mpz_init (e->tmp);
  mpz_init (e->w);
  e->cnt = calloc (g->nnts, sizeof *e->cnt);
  e->suf = calloc (g->nalts ? g->nalts : 1, sizeof *e->suf);
  e->open = calloc (g->nterms ? g->nterms : 1, 1);
  e->close = calloc (g->nterms ? g->nterms : 1, 1);
  if (!e->cnt || !e->suf || !e->open || !e->close) { sg_enum_free (e); return SG_RC_NOMEM; }
  for (uint32_t a = 0; a < g->nalts; a++)
    if (g->alts[a].nnt && !(e->suf[a] = calloc (g->alts[a].nnt, sizeof (series)))) { sg_enum_free (e); return SG_RC_NOMEM; }
  for (uint32_t t = 0; t < g->nterms; t++)
    {
      e->open[t] = g->terms[t].len == 1 && g->terms[t].text[0] == '(';
      e->close[t] = g->terms[t].len == 1 && g->terms[t].text[0] == ')';
    }
  *out = e;
  return SG_RC_OK;
}

void
sg_enum_free (sg_enum *e)
{
  if (!e) return;
  const sg_grammar *g = e->g;
  for (uint32_t i = 0; e->cnt && i < g->nnts; i++) series_free (&e->cnt[i]);
  for (uint32_t a = 0; e->suf && a < g->nalts; a++)
    {
      for (uint32_t j = 0; e->suf[a] && j < g->alts[a].nnt; j++) series_free (&e->suf[a][j]);
      free (e->suf[a]);
    }
  for (uint32_t s = 0; s < e->nsizes; s++) mpz_clear (e->cum[s]);
  for (uint32_t i = 0; i < e->nzr; i++) mpz_clear (e->zr[i]);
  SG_BUFS_FREE (SG_BUF (e->zr), SG_BUF (e->cum), SG_BUF (e->cnt), SG_BUF (e->suf), SG_BUF (e->open),
                SG_BUF (e->close), SG_BUF (e->st64.a), SG_BUF (e->stz.a));
  mpz_clears (e->one, e->zero, e->tmp, e->w, NULL);
  free (e);
}

/* Count size s (all smaller sizes are counted). */
static sg_rc
grow_one (sg_enum *e, uint32_t s)
{
  const sg_grammar *g = e->g;
  mpz_t total, acc;
  mpz_init (total);
  mpz_init (acc);
  sg_rc rc = SG_RC_OK;
  for (uint32_t oi = 0; oi < g->nnts && !rc; oi++)
    {
      uint32_t nt = g->nts_order[oi];
      mpz_set_ui (total, 0);
      for (uint32_t a = g->nts[nt].first_alt; a < g->nts[nt].first_alt + g->nts[nt].nalts && !rc; a++)
        {
          const sg_galt *al = &g->alts[a];
          if (s < al->cost) continue;
          uint32_t t = s - al->cost;
          /* suffixes from the last child down: suf[j][t] = sum_u cnt[kid j][u] * suf[j+1][t-u] */
          for (uint32_t j = al->nnt; j-- > 0;)
            {
              const series *c = &e->cnt[kid (e, a, j)];
              mpz_set_ui (acc, 0);
              for (uint32_t u = 0; u <= t; u++)
                {
                  const mpz_t *r = suf_z (e, a, j + 1, t - u);
                  if (u < c->n && mpz_sgn (c->z[u]) && mpz_sgn (*r)) mpz_addmul (acc, c->z[u], *r);
                }
              if (!series_push (&e->suf[a][j], acc)) rc = SG_RC_NOMEM;
            }
          if (!rc) mpz_add (total, total, *alt_z (e, a, s));
        }
      if (!rc && !series_push (&e->cnt[nt], total)) rc = SG_RC_NOMEM;
    }
  if (!rc && s >= e->cumcap)
    {
      uint32_t cap = e->cumcap ? e->cumcap * 2 : 16;
      mpz_t *c = realloc (e->cum, cap * sizeof *c);
      if (!c) rc = SG_RC_NOMEM;
      else e->cum = c, e->cumcap = cap;
    }
  if (!rc)
    {
      mpz_init_set (e->cum[s], e->cnt[0].z[s]);
      if (s) mpz_add (e->cum[s], e->cum[s], e->cum[s - 1]);
      e->nsizes = s + 1;
    }
  mpz_clear (total);
  mpz_clear (acc);
  return rc;
}

sg_rc
sg_enum_grow (sg_enum *e, uint32_t size)
{
  if (size > SG_ENUM_MAX_SIZE) return SG_RC_LIMIT;
  while (e->nsizes <= size)
    {
      sg_rc rc = grow_one (e, e->nsizes);
      if (rc) return rc;
    }
  return SG_RC_OK;
}

sg_rc
sg_enum_count (sg_enum *e, uint32_t size, mpz_t out)
{
  sg_rc rc = sg_enum_grow (e, size);
  if (!rc) mpz_set (out, e->cnt[0].z[size]);
  return rc;
}

sg_rc
sg_enum_first_index (sg_enum *e, uint32_t size, mpz_t out)
{
  sg_rc rc = sg_enum_grow (e, size);
  if (rc) return rc;
  if (size == 0) mpz_set_ui (out, 0);
  else mpz_set (out, e->cum[size - 1]);
  return SG_RC_OK;
}

sg_rc
sg_enum_locate (sg_enum *e, const mpz_t index, uint32_t *size, mpz_t local)
{
  if (mpz_sgn (index) < 0) return SG_RC_USAGE;
  uint32_t s = 0;
  for (;; s++)
    {
      sg_rc rc = sg_enum_grow (e, s);
      if (rc == SG_RC_LIMIT) return SG_RC_EOF;
      if (rc) return rc;
      if (mpz_cmp (index, e->cum[s]) < 0) break;
    }
  *size = s;
  if (s == 0) mpz_set (local, index);
  else mpz_sub (local, index, e->cum[s - 1]);
  return SG_RC_OK;
}

/* ---- unranking ---- */

typedef struct emitter {
  sg_buf *out;
  bool started, after_open;
  uint32_t *hit;  /* sg_enum_alt_at: the alternative of the first terminal that reaches past
                     `target` in the text (UINT32_MAX until one does), or NULL */
  size_t target;
} emitter;

static inline void
emit (const sg_enum *e, emitter *m, uint32_t t, uint32_t alt)
{
  if (m->started && !m->after_open && !e->close[t]) sg_buf_addc (m->out, ' ');
  sg_buf_add (m->out, e->g->terms[t].text, e->g->terms[t].len);
  m->started = true;
  m->after_open = e->open[t];
  if (m->hit && *m->hit == UINT32_MAX && m->out->len > m->target) *m->hit = alt;
}

static bool
record (sg_enum_tree *tree, uint32_t nt, uint32_t a, uint32_t s)
{
  if (!tree) return true;
  sg_enum_node n = { nt, a, s };
  return SG_VEC_PUSH (*tree, n);
}

/* Pick the alternative of nt at size s holding index idx; push its frame. */
static sg_rc
choose64 (sg_enum *e, uint32_t nt, uint32_t s, uint64_t idx, sg_enum_tree *tree)
{
  const sg_gnt *n = &e->g->nts[nt];
  for (uint32_t a = n->first_alt; a < n->first_alt + n->nalts; a++)
    {
      uint64_t c = alt_u (e, a, s);
      if (idx < c)
        {
          frame64 f = { a, 0, 0, s - e->g->alts[a].cost, idx };
          if (!SG_VEC_PUSH (e->st64, f) || !record (tree, nt, a, s)) return SG_RC_NOMEM;
          return SG_RC_OK;
        }
      idx -= c;
    }
  return SG_RC_USAGE;
}

static sg_rc
unrank64 (sg_enum *e, uint32_t size, uint64_t idx, emitter *m, sg_enum_tree *tree)
{
  SG_VEC_CLEAR (e->st64);
  sg_rc rc = choose64 (e, 0, size, idx, tree);
  while (!rc && e->st64.n)
    {
      frame64 *f = &SG_VEC_TOP (e->st64);
      const sg_galt *al = &e->g->alts[f->alt];
      if (f->pos == al->n) { (void) SG_VEC_POP (e->st64); continue; }
      sg_gsym sym = syms_of (e, f->alt)[f->pos++];
      if (sym < 0) { emit (e, m, (uint32_t) ~sym, f->alt); continue; }
      const series *c = &e->cnt[sym];
      uint64_t r = f->r;
      uint32_t t = f->t;
      rc = SG_RC_USAGE;
      for (uint32_t u = 0; u <= t; u++)
        {
          uint64_t cb = c->u[u];
          if (!cb) continue;
          uint64_t cr = suf_u (e, f->alt, f->j + 1, t - u);
          if (!cr) continue;
          uint64_t w = cb * cr;
          if (r < w)
            {
              f->r = r % cr;
              f->t = t - u;
              f->j++;
              rc = choose64 (e, (uint32_t) sym, u, r / cr, tree); /* f is stale from here */
              break;
            }
          r -= w;
        }
    }
  return rc;
}

static sg_rc
zr_depth (sg_enum *e, uint32_t depth)
{
  if (depth < e->nzr) return SG_RC_OK;
  uint32_t cap = depth * 2 + 16;
  mpz_t *z = realloc (e->zr, cap * sizeof *z);
  if (!z) return SG_RC_NOMEM;
  e->zr = z;
  while (e->nzr < cap) mpz_init (e->zr[e->nzr++]);
  return SG_RC_OK;
}

/* choose64 with GMP; idx is clobbered. */
static sg_rc
choosez (sg_enum *e, uint32_t nt, uint32_t s, mpz_t idx, sg_enum_tree *tree)
{
  const sg_gnt *n = &e->g->nts[nt];
  for (uint32_t a = n->first_alt; a < n->first_alt + n->nalts; a++)
    {
      const mpz_t *c = alt_z (e, a, s);
      if (mpz_cmp (idx, *c) < 0)
        {
          framez f = { a, 0, 0, s - e->g->alts[a].cost };
          if (zr_depth (e, e->stz.n) || !SG_VEC_PUSH (e->stz, f) || !record (tree, nt, a, s)) return SG_RC_NOMEM;
          mpz_set (e->zr[e->stz.n - 1], idx);
          return SG_RC_OK;
        }
      mpz_sub (idx, idx, *c);
    }
  return SG_RC_USAGE;
}

static sg_rc
unrankz (sg_enum *e, uint32_t size, const mpz_t idx, emitter *m, sg_enum_tree *tree)
{
  SG_VEC_CLEAR (e->stz);
  mpz_t sub;
  mpz_init_set (sub, idx);
  sg_rc rc = choosez (e, 0, size, sub, tree);
  while (!rc && e->stz.n)
    {
      framez *f = &SG_VEC_TOP (e->stz);
      mpz_t *r = &e->zr[e->stz.n - 1];
      const sg_galt *al = &e->g->alts[f->alt];
      if (f->pos == al->n) { (void) SG_VEC_POP (e->stz); continue; }
      sg_gsym sym = syms_of (e, f->alt)[f->pos++];
      if (sym < 0) { emit (e, m, (uint32_t) ~sym, f->alt); continue; }
      const series *c = &e->cnt[sym];
      uint32_t t = f->t;
      rc = SG_RC_USAGE;
      for (uint32_t u = 0; u <= t; u++)
        {
          if (!mpz_sgn (c->z[u])) continue;
          const mpz_t *cr = suf_z (e, f->alt, f->j + 1, t - u);
          if (!mpz_sgn (*cr)) continue;
          mpz_mul (e->w, c->z[u], *cr);
          if (mpz_cmp (*r, e->w) < 0)
            {
              mpz_fdiv_qr (sub, *r, *r, *cr);
              f->t = t - u;
              f->j++;
              rc = choosez (e, (uint32_t) sym, u, sub, tree); /* f, r stale from here */
              break;
            }
          mpz_sub (*r, *r, e->w);
        }
    }
  mpz_clear (sub);
  return rc;
}

sg_rc
sg_enum_unrank (sg_enum *e, uint32_t size, const mpz_t local, sg_buf *out, sg_enum_tree *tree)
{
  sg_rc rc = sg_enum_grow (e, size);
  if (rc) return rc;
  if (mpz_sgn (local) < 0 || mpz_cmp (local, e->cnt[0].z[size]) >= 0) return SG_RC_USAGE;
  if (tree) SG_VEC_CLEAR (*tree);
  emitter m = { out, false, false, NULL, 0 };
  if (e->cnt[0].u[size] != BIG) rc = unrank64 (e, size, (uint64_t) mpz_get_ui (local), &m, tree);
  else rc = unrankz (e, size, local, &m, tree);
  if (!rc && !sg_buf_ok (out)) rc = SG_RC_NOMEM;
  return rc;
}

sg_rc
sg_enum_alt_at (sg_enum *e, uint32_t size, const mpz_t local, size_t offset, uint32_t *alt)
{
  sg_rc rc = sg_enum_grow (e, size);
  if (rc) return rc;
  if (mpz_sgn (local) < 0 || mpz_cmp (local, e->cnt[0].z[size]) >= 0) return SG_RC_USAGE;
  sg_buf out;
  sg_buf_init (&out);
  *alt = UINT32_MAX;
  emitter m = { &out, false, false, alt, offset };
  if (e->cnt[0].u[size] != BIG) rc = unrank64 (e, size, (uint64_t) mpz_get_ui (local), &m, NULL);
  else rc = unrankz (e, size, local, &m, NULL);
  if (!rc && !sg_buf_ok (&out)) rc = SG_RC_NOMEM;
  sg_buf_free (&out);
  if (!rc && *alt == UINT32_MAX) rc = SG_RC_USAGE; /* past the text */
  return rc;
}

/* ---- ranking: the derivation's nodes in reverse preorder, children's ranks on a stack ---- */

sg_rc
sg_enum_rank (sg_enum *e, const sg_enum_tree *tree, mpz_t out)
{
  if (!tree->n) return SG_RC_USAGE;
  uint32_t n = tree->n;
  mpz_t *val = malloc (n * sizeof *val);
  uint32_t *sz = malloc (n * sizeof *sz);
  if (!val || !sz) { free (val); free (sz); return SG_RC_NOMEM; }
  uint32_t top = 0; /* stack of (val, sz) */
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = n; i-- > 0 && !rc;)
    {
      const sg_enum_node *nd = &tree->a[i];
      const sg_galt *al = &e->g->alts[nd->alt];
      if ((rc = sg_enum_grow (e, nd->size))) break;
      if (top < al->nnt) { rc = SG_RC_USAGE; break; }
      mpz_t r;
      mpz_init (r);
      for (uint32_t a = e->g->nts[nd->nt].first_alt; a < nd->alt; a++) mpz_add (r, r, *alt_z (e, a, nd->size));
      uint32_t t = nd->size - al->cost;
      for (uint32_t j = 0; j < al->nnt; j++)
        {
          uint32_t k = top - 1 - j; /* child j: pushed last for j = 0 */
          const series *c = &e->cnt[kid (e, nd->alt, j)];
          for (uint32_t u = 0; u < sz[k]; u++)
            {
              mpz_mul (e->w, c->z[u], *suf_z (e, nd->alt, j + 1, t - u));
              mpz_add (r, r, e->w);
            }
          mpz_addmul (r, val[k], *suf_z (e, nd->alt, j + 1, t - sz[k]));
          t -= sz[k];
        }
      for (uint32_t j = 0; j < al->nnt; j++) mpz_clear (val[--top]);
      mpz_init_set (val[top], r);
      sz[top++] = nd->size;
      mpz_clear (r);
    }
  if (!rc && top != 1) rc = SG_RC_USAGE;
  if (!rc) mpz_set (out, val[0]);
  while (top) mpz_clear (val[--top]);
  free (val);
  free (sz);
  return rc;
}

/* ---- the iterator ---- */

/* Enter the first nonempty class from `size` on. */
static sg_rc
enter (sg_enum_iter *it, uint32_t size)
{
  for (;; size++)
    {
      sg_rc rc = sg_enum_grow (it->e, size);
      if (rc == SG_RC_LIMIT) { it->size = UINT32_MAX; return SG_RC_EOF; }
      if (rc) return rc;
      if (mpz_sgn (it->e->cnt[0].z[size])) break;
    }
  it->size = size;
  mpz_set (it->class_count, it->e->cnt[0].z[size]);
  it->class64 = it->e->cnt[0].u[size];
  it->small = it->class64 != BIG;
  it->local64 = 0;
  mpz_set_ui (it->local, 0);
  return SG_RC_OK;
}

sg_rc
sg_enum_iter_init (sg_enum_iter *it, sg_enum *e, const mpz_t from)
{
  memset (it, 0, sizeof *it);
  it->e = e;
  mpz_init (it->local);
  mpz_init (it->class_count);
  uint32_t size;
  mpz_t local;
  mpz_init (local);
  sg_rc rc = sg_enum_locate (e, from, &size, local);
  if (!rc) rc = enter (it, size);
  if (!rc)
    {
      mpz_set (it->local, local);
      if (it->small) it->local64 = (uint64_t) mpz_get_ui (local);
    }
  mpz_clear (local);
  return rc;
}

sg_rc
sg_enum_iter_next (sg_enum_iter *it, sg_buf *out)
{
  sg_enum *e = it->e;
  if (it->size >= e->nsizes) return SG_RC_EOF;
  emitter m = { out, false, false, NULL, 0 };
  sg_rc rc;
  if (it->small)
    {
      if ((rc = unrank64 (e, it->size, it->local64, &m, NULL))) return rc;
      if (!sg_buf_ok (out)) return SG_RC_NOMEM; /* a formula too large to hold: never a prefix */
      if (++it->local64 == it->class64) return enter (it, it->size + 1) == SG_RC_NOMEM ? SG_RC_NOMEM : SG_RC_OK;
      return SG_RC_OK;
    }
  if ((rc = unrankz (e, it->size, it->local, &m, NULL))) return rc;
  if (!sg_buf_ok (out)) return SG_RC_NOMEM;
  mpz_add_ui (it->local, it->local, 1);
  if (!mpz_cmp (it->local, it->class_count))
    {
      rc = enter (it, it->size + 1);
      if (rc == SG_RC_NOMEM) return rc;
    }
  return SG_RC_OK;
}

void
sg_enum_iter_free (sg_enum_iter *it)
{
  mpz_clear (it->local);
  mpz_clear (it->class_count);
}
