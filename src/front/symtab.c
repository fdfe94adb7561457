/* symtab: scoped symbol table with O(1) lookup and LIFO release. */
#include "front/symtab.h"

#include <string.h>

void sg_symtab_init (sg_symtab *t) { memset (t, 0, sizeof *t); }

void
sg_symtab_free (sg_symtab *t)
{
  SG_VEC_FREE (t->b);
  SG_VEC_FREE (t->head[0]);
  SG_VEC_FREE (t->head[1]);
}

bool
sg_symtab_bind (sg_symtab *t, sg_ns ns, sg_atom name, sg_bind_kind kind, uint32_t id)
{
  sg_u32vec *h = &t->head[ns];
  if (name >= h->n)
    {
      uint32_t need = name + 1;
      if (!SG_VEC_RESERVE (*h, need - h->n)) return false;
      memset (h->a + h->n, 0, (need - h->n) * sizeof *h->a);
      h->n = need;
    }
  sg_binding b = { name, (uint8_t) ns, (uint8_t) kind, id, h->a[name] };
  if (!SG_VEC_PUSH (t->b, b)) return false;
  h->a[name] = t->b.n;
  return true;
}

const sg_binding *
sg_symtab_lookup (const sg_symtab *t, sg_ns ns, sg_atom name)
{
  const sg_u32vec *h = &t->head[ns];
  if (name >= h->n || !h->a[name]) return NULL;
  return &t->b.a[h->a[name] - 1];
}

void
sg_symtab_release (sg_symtab *t, uint32_t mark)
{
  while (t->b.n > mark)
    {
      sg_binding *b = &t->b.a[--t->b.n];
      t->head[b->ns].a[b->name] = b->prev;
    }
}
