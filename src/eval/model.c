/* model: read z3/cvc4/cvc5 models into entries keyed by the script's functions. */
#include "eval/model.h"

#include <string.h>

#include "front/parse.h"

void
sg_model_init (sg_model *m, sg_store *s)
{
  memset (m, 0, sizeof *m);
  m->s = s;
  m->div0 = m->mod0 = m->rdiv0 = SG_NONE;
}

void
sg_model_free (sg_model *m)
{
  SG_VEC_FREE (m->ent);
  SG_VEC_FREE (m->by_fun);
  SG_VEC_FREE (m->elem_of);
}

static bool
grow_to (sg_u32vec *v, uint32_t n)
{
  if (n <= v->n) return true;
  if (!SG_VEC_RESERVE (*v, n - v->n)) return false;
  memset (v->a + v->n, 0, (n - v->n) * sizeof *v->a);
  v->n = n;
  return true;
}

static sg_rc
define (void *ctx, uint32_t fun, sg_term body, const sg_term *params, uint32_t n)
{
  sg_model *m = ctx;
  sg_store *s = m->s;
  sg_model_entry e = { fun, body, n, s->pool.n };
  if (!SG_VEC_RESERVE (s->pool, n) || !grow_to (&m->by_fun, fun + 1)) return SG_RC_NOMEM;
  if (n) memcpy (s->pool.a + s->pool.n, params, n * sizeof *params);
  s->pool.n += n;
  if (!SG_VEC_PUSH (m->ent, e)) return SG_RC_NOMEM;
  m->by_fun.a[fun] = m->ent.n; /* a later definition of the same function wins */
  const char *name = sg_store_text (s, s->funs.a[fun].name);
  uint32_t idx = m->ent.n - 1;
  if (n == 2 && !strcmp (name, "div0")) m->div0 = idx;
  else if (n == 2 && !strcmp (name, "mod0")) m->mod0 = idx;
  else if (n == 2 && !strcmp (name, "/0")) m->rdiv0 = idx;
  return SG_RC_OK;
}

static sg_rc
element (void *ctx, uint32_t fun)
{
  sg_model *m = ctx;
  if (!grow_to (&m->elem_of, fun + 1)) return SG_RC_NOMEM;
  m->elem_of.a[fun] = ++m->unints;
  return SG_RC_OK;
}

sg_rc
sg_model_read (sg_model *m, const sg_script *sc, const char *text, size_t len, const char *name,
               sg_diag *d)
{
  sg_model_hooks h = { m, define, element };
  return sg_parse_model (m->s, sc, text, len, name, &h, d);
}

sg_rc
sg_model_define_const (sg_model *m, uint32_t fun, sg_term value)
{
  return define (m, fun, value, NULL, 0);
}

const sg_model_entry *
sg_model_get (const sg_model *m, uint32_t fun)
{
  if (fun >= m->by_fun.n || !m->by_fun.a[fun]) return NULL;
  return &m->ent.a[m->by_fun.a[fun] - 1];
}

int
sg_model_element_index (const sg_model *m, uint32_t fun)
{
  if (fun >= m->elem_of.n || !m->elem_of.a[fun]) return -1;
  return (int) m->elem_of.a[fun] - 1;
}
