/* mutate_reuse: the reducer's replace-by-term row (ddSMT's substitution of a term by another
 * term of its sort): every occurrence of a declared constant c -> a term t of c's sort that the
 * script already has and that does not contain c, c's declaration deleted in the same
 * candidate. The smallest terms first, a few per constant, and only where the script loses
 * tokens (c's declaration against the occurrences grown), so a round stays cheap. */
#include <stdlib.h>
#include <string.h>

#include "front/print.h"
#include "reduce/mutate_int.h"

#define REUSE_PER_CONST 2 /* terms tried per constant and round */
#define REUSE_NODES 24    /* larger terms are never cheaper than a declaration */

static uint32_t
tokens (const sg_buf *b)
{
  return (uint32_t) sg_text_tokens (b->s, b->len);
}

typedef struct by_size { uint32_t size, occ; } by_size;

static int
cmp_size (const void *a, const void *b)
{
  const by_size *x = a, *y = b;
  if (x->size != y->size) return x->size < y->size ? -1 : 1;
  return x->occ < y->occ ? -1 : x->occ > y->occ;
}

/* Per declared constant: replaceable occurrences (UINT32_MAX: one is not, e.g. in a pattern)
 * and its declaring command; per occurrence: the size of its tree. */
typedef struct reuse_ctx {
  sg_round *r;
  sg_store *s;
  uint32_t *size, *uses, *decl, *first; /* decl, first: commands (SG_NONE: none) */
  by_size *terms;
  uint32_t nterms;
  sg_buf b;
  sg_u32vec fv;
} reuse_ctx;

static sg_rc
reuse_init (reuse_ctx *x, sg_round *r)
{
  const sg_occs *o = &r->occs;
  sg_store *s = &r->store;
  uint32_t n = o->a.n, nf = s->funs.n;
  x->r = r;
  x->s = s;
  x->size = calloc (n + 1, sizeof *x->size);
  x->uses = calloc (nf + 1, sizeof *x->uses);
  x->decl = malloc ((nf + 1) * sizeof *x->decl);
  x->first = malloc ((nf + 1) * sizeof *x->first);
  x->terms = malloc ((n + 1) * sizeof *x->terms);
  if (!x->size || !x->uses || !x->decl || !x->first || !x->terms) return SG_RC_NOMEM;
  memset (x->decl, 0xff, (nf + 1) * sizeof *x->decl);
  memset (x->first, 0xff, (nf + 1) * sizeof *x->first);
  for (uint32_t i = n; i-- > 0;) /* children come after their parent */
    {
      x->size[i]++;
      if (o->a.a[i].parent != SG_NONE) x->size[o->a.a[i].parent] += x->size[i];
    }
  for (uint32_t i = 0; i < n; i++)
    {
      const sg_occ *oc = &o->a.a[i];
      bool ok = sg_mut_replaceable (oc);
      if (sg_mut_is_declared_const (s, oc->term))
        {
          uint32_t f = sg_term_node (s, oc->term)->aux;
          if (x->first[f] == SG_NONE) x->first[f] = oc->cmd;
          if (!ok) x->uses[f] = UINT32_MAX;
          else if (x->uses[f] != UINT32_MAX) x->uses[f]++;
        }
      else if (ok && x->size[i] > 1 && x->size[i] <= REUSE_NODES)
        x->terms[x->nterms++] = (by_size) { x->size[i], i };
      if (ok && x->size[i] == 1 && sg_term_op (s, oc->term) == SG_OP_APP && sg_term_nargs (s, oc->term) == 0)
        x->terms[x->nterms++] = (by_size) { 1, i }; /* another constant */
    }
  qsort (x->terms, x->nterms, sizeof *x->terms, cmp_size);
  for (uint32_t c = 0; c < r->script.cmds.n; c++)
    {
      const sg_cmd *cm = &r->script.cmds.a[c];
      bool def = cm->kind == SG_WK_DEFINE_FUN || cm->kind == SG_WK_DEFINE_FUN_REC || cm->kind == SG_WK_DEFINE_CONST;
      if ((def || cm->kind == SG_WK_DECLARE_FUN || cm->kind == SG_WK_DECLARE_CONST) && cm->aux < nf)
        x->decl[cm->aux] = c;
    }
  return SG_RC_OK;
}

/* Is every function that t applies declared (or defined) before command `at`? */
static bool
declared_before (reuse_ctx *x, sg_term t, uint32_t at)
{
  sg_store *s = x->s;
  SG_VEC_CLEAR (x->fv);
  if (!SG_VEC_PUSH (x->fv, t)) return false;
  bool ok = true;
  while (x->fv.n && ok)
    {
      sg_term u = x->fv.a[--x->fv.n];
      if (sg_term_op (s, u) == SG_OP_APP)
        {
          uint32_t f = sg_term_node (s, u)->aux;
          ok = f < s->funs.n && x->decl[f] != SG_NONE && x->decl[f] < at;
        }
      for (uint32_t k = 0; k < sg_term_nargs (s, u) && ok; k++)
        if (!SG_VEC_PUSH (x->fv, sg_term_arg (s, u, k))) ok = false;
    }
  return ok;
}

/* The sites of constant f: its `k` occurrences -> the smallest terms of its sort that cost
 * fewer tokens than its declaration and the occurrences. */
static sg_rc
reuse_const (reuse_ctx *x, uint32_t f)
{
  sg_store *s = x->s;
  const sg_occs *o = &x->r->occs;
  uint32_t k = x->uses[f];
  sg_sort so = s->funs.a[f].ret;
  sg_term c;
  sg_rc rc = sg_mk_fun_app (s, f, NULL, 0, &c);
  if (rc) return rc;
  sg_buf_reset (&x->b);
  sg_sort_print (s, so, &x->b);
  uint32_t decl = 2 + tokens (&x->b); /* declare-fun c SORT */
  sg_term picked[REUSE_PER_CONST];
  uint32_t np = 0;
  for (uint32_t q = 0; q < x->nterms && np < REUSE_PER_CONST && !rc; q++)
    {
      sg_term t = o->a.a[x->terms[q].occ].term;
      if ((uint64_t) k * x->terms[q].size >= decl + k) break; /* sizes only grow */
      if (t == c || sg_term_sort (s, t) != so) continue;
      bool dup = false;
      for (uint32_t p = 0; p < np && !dup; p++) dup = picked[p] == t;
      if (dup || sg_mut_may_contain (s, t, c, 256)) continue;
      SG_VEC_CLEAR (x->fv);
      if ((rc = sg_term_free_vars (s, t, &x->fv))) break;
      if (x->fv.n) continue; /* a bound variable's term stays under its binder */
      if (!declared_before (x, t, x->first[f])) continue;
      sg_buf_reset (&x->b);
      sg_print_term (s, t, NULL, &x->b);
      if (!sg_buf_ok (&x->b)) { rc = SG_RC_NOMEM; break; }
      if ((uint64_t) k * tokens (&x->b) >= decl + k) continue;
      picked[np++] = t;
      rc = sg_mut_push_site (x->r, SG_SITE_ELIM, SG_NONE, x->decl[f], c, t, SG_NONE);
    }
  return rc;
}

static bool
s_is_declared (const sg_store *s, uint32_t f)
{
  return s->funs.a[f].kind == SG_FUN_DECLARED && s->funs.a[f].nparams == 0;
}

sg_rc
sg_round_sites_reuse (sg_round *r)
{
  if (!r->have_occs) return SG_RC_OK;
  reuse_ctx x;
  memset (&x, 0, sizeof x);
  sg_buf_init (&x.b);
  uint32_t nf = r->store.funs.n; /* constants made while collecting are no candidates */
  sg_rc rc = reuse_init (&x, r);
  for (uint32_t f = 0; f < nf && !rc; f++)
    if (x.uses[f] && x.uses[f] != UINT32_MAX && x.decl[f] != SG_NONE && s_is_declared (&r->store, f))
      rc = reuse_const (&x, f);
  r->store.err[0] = 0;
  free (x.size);
  free (x.uses);
  free (x.decl);
  free (x.first);
  free (x.terms);
  sg_buf_free (&x.b);
  SG_VEC_FREE (x.fv);
  return rc;
}
