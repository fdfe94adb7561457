/* equal: structural equality across stores, iterative with memo maps. */
#include "front/equal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct eq {
  const sg_store *a, *b;
  uint32_t *tmap;  /* term id in a -> term id in b, SG_NONE unknown */
  uint32_t *smap;  /* sort id in a -> sort id in b */
  sg_u32vec st;    /* pairs to compare */
  char *why;
  size_t whylen;
} eq;

static bool
fail (eq *e, const char *msg, uint32_t x)
{
  if (e->why) snprintf (e->why, e->whylen, "%s (id %u)", msg, x);
  return false;
}

static bool
same_text (const sg_store *a, sg_atom x, const sg_store *b, sg_atom y)
{
  if (x == SG_ATOM_NONE || y == SG_ATOM_NONE) return x == y;
  uint32_t n = sg_atom_len (&a->atoms, x);
  return n == sg_atom_len (&b->atoms, y) && !memcmp (sg_atom_text (&a->atoms, x), sg_atom_text (&b->atoms, y), n);
}

/* Sorts: compare by printed form, memoised. */
static bool
same_sort (eq *e, sg_sort x, sg_sort y)
{
  if (e->smap[x] != SG_NONE) return e->smap[x] == y;
  sg_buf p, q;
  sg_buf_init (&p);
  sg_buf_init (&q);
  sg_sort_print (e->a, x, &p);
  sg_sort_print (e->b, y, &q);
  bool ok = sg_buf_ok (&p) && sg_buf_ok (&q) && p.len == q.len && !memcmp (sg_buf_cstr (&p), sg_buf_cstr (&q), p.len);
  sg_buf_free (&p);
  sg_buf_free (&q);
  if (ok) e->smap[x] = y;
  return ok;
}

static bool
same_fun (eq *e, uint32_t f, uint32_t g)
{
  const sg_fun *x = &e->a->funs.a[f], *y = &e->b->funs.a[g];
  if (!same_text (e->a, x->name, e->b, y->name) || x->kind != y->kind || x->nparams != y->nparams
      || !same_sort (e, x->ret, y->ret))
    return false;
  for (uint32_t i = 0; i < x->nparams; i++)
    if (!same_sort (e, e->a->pool.a[x->params + i], e->b->pool.a[y->params + i])) return false;
  return true;
}

static bool
same_aux (eq *e, const sg_node *x, const sg_node *y)
{
  const sg_store *a = e->a, *b = e->b;
  switch ((sg_op) x->op)
    {
    case SG_OP_NUMERAL: case SG_OP_DECIMAL: case SG_OP_HEX: case SG_OP_BIN: case SG_OP_STRING:
    case SG_OP_BVLIT: case SG_OP_BVAR:
      return same_text (a, x->aux, b, y->aux);
    case SG_OP_APP: case SG_OP_AS_ARRAY: return same_fun (e, x->aux, y->aux);
    case SG_OP_DT_CONS: case SG_OP_DT_TEST:
      return same_text (a, a->conss.a[x->aux].name, b, b->conss.a[y->aux].name);
    case SG_OP_DT_SEL: return same_text (a, a->sels.a[x->aux].name, b, b->sels.a[y->aux].name);
    case SG_OP_ANNOT:
      {
        const sg_annot *p = &a->annots.a[x->aux], *q = &b->annots.a[y->aux];
        if (p->nattrs != q->nattrs) return false;
        for (uint32_t i = 0; i < p->nattrs; i++)
          {
            const sg_attr *u = &a->attrs.a[p->attrs + i], *v = &b->attrs.a[q->attrs + i];
            if (u->kind != v->kind || !same_text (a, u->key, b, v->key)) return false;
            if (u->kind == SG_ATTR_PATTERN ? u->value != v->value : !same_text (a, u->value, b, v->value))
              return false;
          }
        return true;
      }
    default: return x->aux == y->aux;
    }
}

static bool
term_pair (eq *e, sg_term x, sg_term y)
{
  if (!SG_VEC_PUSH (e->st, x) || !SG_VEC_PUSH (e->st, y)) return fail (e, "out of memory", x);
  while (e->st.n)
    {
      sg_term v = SG_VEC_POP (e->st), u = SG_VEC_POP (e->st);
      if (e->tmap[u] != SG_NONE)
        {
          if (e->tmap[u] != v) return fail (e, "sharing differs", u);
          continue;
        }
      const sg_node *p = sg_term_node (e->a, u), *q = sg_term_node (e->b, v);
      if (p->op != q->op || p->flags != q->flags || p->nargs != q->nargs || p->nidx != q->nidx)
        return fail (e, "operator, flags or arity differ", u);
      if (!same_sort (e, p->sort, q->sort)) return fail (e, "sorts differ", u);
      if (!same_aux (e, p, q)) return fail (e, "names or literals differ", u);
      const uint32_t *pa = sg_term_args (e->a, u), *qa = sg_term_args (e->b, v);
      if (p->nidx && memcmp (pa + p->nargs, qa + q->nargs, p->nidx * sizeof *pa))
        return fail (e, "indices differ", u);
      e->tmap[u] = v;
      if (!SG_VEC_RESERVE (e->st, 2 * p->nargs)) return fail (e, "out of memory", u);
      for (uint32_t i = 0; i < p->nargs; i++)
        {
          e->st.a[e->st.n++] = pa[i];
          e->st.a[e->st.n++] = qa[i];
        }
    }
  return true;
}

bool
sg_script_equal (const sg_script *sa, const sg_script *sb, char *why, size_t whylen)
{
  eq e = { sa->store, sb->store, NULL, NULL, { 0 }, why, whylen };
  bool ok = true;
  if (sa->cmds.n != sb->cmds.n) return fail (&e, "number of commands differs", sa->cmds.n);
  e.tmap = malloc ((sa->store->nodes.n + 1) * sizeof *e.tmap);
  e.smap = malloc ((sa->store->sorts.n + 1) * sizeof *e.smap);
  if (!e.tmap || !e.smap) { ok = fail (&e, "out of memory", 0); goto done; }
  memset (e.tmap, 0xff, (sa->store->nodes.n + 1) * sizeof *e.tmap);
  memset (e.smap, 0xff, (sa->store->sorts.n + 1) * sizeof *e.smap);
  for (uint32_t i = 0; ok && i < sa->cmds.n; i++)
    {
      const sg_cmd *c = &sa->cmds.a[i], *d = &sb->cmds.a[i];
      if (c->kind != d->kind || c->flags != d->flags || c->n != d->n)
        { ok = fail (&e, "command kinds differ", i); break; }
      const uint32_t *ci = sg_cmd_items (sa, c), *di = sg_cmd_items (sb, d);
      uint32_t first, count;
      sg_cmd_term_items (c, &first, &count);
      for (uint32_t k = first; ok && k < first + count; k++) ok = term_pair (&e, ci[k], di[k]);
      if (!ok) break;
      switch (c->kind)
        {
        case SG_WK_DECLARE_FUN: case SG_WK_DECLARE_CONST: case SG_WK_DEFINE_FUN:
        case SG_WK_DEFINE_FUN_REC: case SG_WK_DEFINE_CONST:
          if (!(c->flags & SG_CMD_RAW)) ok = same_fun (&e, c->aux, d->aux);
          break;
        case SG_WK_DEFINE_FUNS_REC:
          for (uint32_t k = 0; ok && k < c->n / 2; k++) ok = same_fun (&e, ci[k], di[k]);
          break;
        case SG_WK_PUSH: case SG_WK_POP: ok = c->aux == d->aux; break;
        case SG_WK_SET_INFO: case SG_WK_SET_OPTION:
          ok = same_text (sa->store, c->aux, sb->store, d->aux)
               && (!c->n || same_text (sa->store, ci[0], sb->store, di[0]));
          break;
        case SG_WK_SET_LOGIC: case SG_WK_GET_INFO: case SG_WK_GET_OPTION: case SG_WK_ECHO:
          ok = same_text (sa->store, c->aux, sb->store, d->aux);
          break;
        case SG_WK_DECLARE_SORT: case SG_WK_DEFINE_SORT:
          ok = same_text (sa->store, sa->store->sortdecls.a[c->aux].name, sb->store, sb->store->sortdecls.a[d->aux].name);
          break;
        case SG_WK_DECLARE_DATATYPE: case SG_WK_DECLARE_DATATYPES:
          ok = same_text (sa->store, sa->store->dts.a[c->aux].name, sb->store, sb->store->dts.a[d->aux].name);
          break;
        default:
          if (c->flags & SG_CMD_RAW) ok = same_text (sa->store, c->aux, sb->store, d->aux);
          break;
        }
      if (!ok && why && !why[0]) snprintf (why, whylen, "command %u differs", i);
    }
done:
  free (e.tmap);
  free (e.smap);
  SG_VEC_FREE (e.st);
  return ok;
}
