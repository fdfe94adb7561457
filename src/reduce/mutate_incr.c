/* mutate_incr: the reducer's whole-text sites that keep an incremental script well formed
 * (issue 52): one assumption of a check-sat-assuming or one term of a get-value dropped
 * (drop-assumptions), and a named assertion removed together with the uses of its name as
 * assumptions (remove-named: removing the assertion alone leaves a name no longer defined, a
 * candidate our front end refuses). Push/pop levels are remove-scopes' (whole levels, or a push
 * and its pop). Each site is a complete candidate text (SG_SITE_TEXT), re-parsed before it
 * runs. */
#include <string.h>

#include "front/print.h"
#include "oracle/core.h"
#include "reduce/mutate_int.h"

enum { INCR_SITES_MAX = 512 }; /* whole texts per round, at most */

/* Is term t the name `name` (a named assertion's, as an assumption) or its negation? */
static bool
is_name_literal (const sg_store *s, sg_term t, const char *name)
{
  if (sg_term_op (s, t) == SG_OP_NOT && sg_term_nargs (s, t) == 1) t = sg_term_arg (s, t, 0);
  if (sg_term_op (s, t) != SG_OP_APP || sg_term_nargs (s, t)) return false;
  const sg_fun *f = &s->funs.a[sg_term_node (s, t)->aux];
  return f->kind == SG_FUN_NAMED && !strcmp (sg_store_text (s, f->name), name);
}

/* Print r's script into b (reset first) with command `skip` left out (SG_NONE: none), item
 * `drop` of command `at` left out (SG_NONE: none), and (name non-NULL) every item of a
 * check-sat-assuming that is `name` or its negation left out. */
static void
print_without (const sg_round *r, uint32_t skip, uint32_t at, uint32_t drop, const char *name, sg_buf *b)
{
  const sg_script *sc = &r->script;
  const sg_store *s = &r->store;
  sg_print_opts po = { 0 };
  sg_buf_reset (b);
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      bool csa = c->kind == SG_WK_CHECK_SAT_ASSUMING && !(c->flags & SG_CMD_RAW);
      if (i == skip) continue;
      if (i != at && !(name && csa))
        {
          sg_print_cmd (sc, i, &po, b);
          continue;
        }
      const sg_term *it = sg_cmd_items (sc, c);
      sg_buf_adds (b, csa ? "(check-sat-assuming (" : "(get-value (");
      bool first = true;
      for (uint32_t k = 0; k < c->n; k++)
        {
          if ((i == at && k == drop) || (name && csa && is_name_literal (s, it[k], name))) continue;
          if (!first) sg_buf_addc (b, ' ');
          sg_print_term (s, it[k], &po, b);
          first = false;
        }
      sg_buf_adds (b, "))\n");
    }
}

sg_rc
sg_round_sites_assume (sg_round *r)
{
  const sg_script *sc = &r->script;
  sg_buf b;
  sg_buf_init (&b);
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < sc->cmds.n && !rc && r->texts.n < INCR_SITES_MAX; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      if (c->flags & SG_CMD_RAW) continue;
      /* a get-value keeps one term at least (SMT-LIB asks for one) */
      uint32_t keep = c->kind == SG_WK_CHECK_SAT_ASSUMING ? 0 : c->kind == SG_WK_GET_VALUE ? 1 : UINT32_MAX;
      if (keep == UINT32_MAX || c->n <= keep) continue;
      for (uint32_t k = 0; k < c->n && !rc && r->texts.n < INCR_SITES_MAX; k++)
        {
          print_without (r, SG_NONE, i, k, NULL, &b);
          rc = sg_round_add_text (r, &b);
        }
    }
  sg_buf_free (&b);
  return rc;
}

sg_rc
sg_round_sites_named (sg_round *r)
{
  const sg_script *sc = &r->script;
  const sg_store *s = &r->store;
  sg_buf b;
  sg_buf_init (&b);
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < sc->cmds.n && !rc && r->texts.n < INCR_SITES_MAX; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      if (c->kind != SG_WK_ASSERT || (c->flags & SG_CMD_RAW) || c->n != 1) continue;
      const char *name = sg_core_assert_name (s, sg_cmd_items (sc, c)[0]);
      if (!name) continue;
      /* only where the name is an assumption: remove-commands removes the others */
      bool used = false;
      for (uint32_t j = i + 1; j < sc->cmds.n && !used; j++)
        {
          const sg_cmd *u = &sc->cmds.a[j];
          if (u->kind != SG_WK_CHECK_SAT_ASSUMING || (u->flags & SG_CMD_RAW)) continue;
          for (uint32_t k = 0; k < u->n && !used; k++) used = is_name_literal (s, sg_cmd_items (sc, u)[k], name);
        }
      if (!used) continue;
      print_without (r, i, SG_NONE, SG_NONE, name, &b);
      rc = sg_round_add_text (r, &b);
    }
  sg_buf_free (&b);
  return rc;
}
