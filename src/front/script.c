/* script: command sequences over a store. */
#include "front/script.h"

#include <string.h>

void
sg_script_init (sg_script *sc, sg_store *store)
{
  memset (sc, 0, sizeof *sc);
  sc->store = store;
  sc->logic = SG_ATOM_NONE;
}

void
sg_script_free (sg_script *sc)
{
  SG_VEC_FREE (sc->cmds);
  SG_VEC_FREE (sc->items);
}

sg_rc
sg_script_copy (const sg_script *from, sg_script *to)
{
  sg_script_init (to, from->store);
  to->logic = from->logic;
  if (!SG_VEC_RESERVE (to->cmds, from->cmds.n) || !SG_VEC_RESERVE (to->items, from->items.n))
    {
      sg_script_free (to);
      return SG_RC_NOMEM;
    }
  if (from->cmds.n) memcpy (to->cmds.a, from->cmds.a, from->cmds.n * sizeof *to->cmds.a);
  if (from->items.n) memcpy (to->items.a, from->items.a, from->items.n * sizeof *to->items.a);
  to->cmds.n = from->cmds.n;
  to->items.n = from->items.n;
  return SG_RC_OK;
}

sg_rc
sg_script_add (sg_script *sc, uint16_t kind, uint32_t aux, const uint32_t *items, uint32_t n,
               uint32_t line, uint32_t col)
{
  if (!SG_VEC_RESERVE (sc->items, n) || !SG_VEC_RESERVE (sc->cmds, 1)) return SG_RC_NOMEM;
  sg_cmd c = { kind, 0, line, col, aux, n, sc->items.n };
  if (n) memcpy (sc->items.a + sc->items.n, items, n * sizeof *items);
  sc->items.n += n;
  sc->cmds.a[sc->cmds.n++] = c;
  return SG_RC_OK;
}

sg_rc
sg_script_insert (sg_script *sc, uint32_t at, uint16_t kind, uint32_t aux, const uint32_t *items,
                  uint32_t n)
{
  if (at > sc->cmds.n) at = sc->cmds.n;
  sg_rc rc = sg_script_add (sc, kind, aux, items, n, 0, 0);
  if (rc) return rc;
  sg_cmd c = sc->cmds.a[sc->cmds.n - 1];
  memmove (sc->cmds.a + at + 1, sc->cmds.a + at, (sc->cmds.n - 1 - at) * sizeof c);
  sc->cmds.a[at] = c;
  return SG_RC_OK;
}

void
sg_cmd_term_items (const sg_cmd *c, uint32_t *first, uint32_t *count)
{
  *first = 0;
  *count = 0;
  if (c->flags & SG_CMD_RAW) return;
  switch (c->kind)
    {
    case SG_WK_ASSERT:
    case SG_WK_DEFINE_FUN:
    case SG_WK_DEFINE_FUN_REC:
    case SG_WK_DEFINE_CONST:
      *count = c->n ? 1 : 0;
      break;
    case SG_WK_DEFINE_FUNS_REC:
      *first = c->n / 2;
      *count = c->n / 2;
      break;
    case SG_WK_CHECK_SAT_ASSUMING:
    case SG_WK_GET_VALUE:
      *count = c->n;
      break;
    default:
      break;
    }
}

sg_rc
sg_script_set_item (sg_script *sc, uint32_t i, uint32_t k, uint32_t value)
{
  sg_cmd *c = &sc->cmds.a[i];
  if (k >= c->n) return SG_RC_USAGE;
  sc->items.a[c->items + k] = value;
  return SG_RC_OK;
}

bool
sg_script_incremental (const sg_script *sc)
{
  uint32_t nchecks = 0;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      uint16_t k = sc->cmds.a[i].kind;
      if (k == SG_WK_CHECK_SAT || k == SG_WK_CHECK_SAT_ASSUMING) nchecks++;
      if (k == SG_WK_PUSH || k == SG_WK_POP) return true;
    }
  return nchecks > 1;
}
