/* mutate_text: the reducer's whole-text sites: short symbol names, a smaller set-logic, datatypes
 * without their unused constructors. Each site is a complete candidate text (SG_SITE_TEXT). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/print.h"
#include "reduce/mutate_int.h"

static int
cmp_u32 (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return x < y ? -1 : x > y;
}

enum { REN_FUNS = 1, REN_VARS = 2, REN_TYPES = 4 };

/* One candidate: the symbols of the kinds in `what` whose names are longer than one character
 * renamed to a, b, ..., z, a1, ... (names are changed in place for the printer, then put back).
 * A new name is never the name of a symbol that keeps its own, nor another new name, so nothing
 * is captured; the candidate is re-parsed before it runs anyway. */
static sg_rc
rename_candidate (sg_round *r, unsigned what)
{
  sg_store *s = &r->store;
  SG_VEC (sg_atom *) slot = { 0 }; /* every name slot of every kind */
  sg_u32vec old = { 0 }, kind = { 0 }, keep = { 0 };
  sg_rc rc = SG_RC_OK;
#define SLOT(p, k) do { if (!SG_VEC_PUSH (slot, (p)) || !SG_VEC_PUSH (old, *(p)) || !SG_VEC_PUSH (kind, (k))) rc = SG_RC_NOMEM; } while (0)
  for (uint32_t f = 0; f < s->funs.n && !rc; f++)
    SLOT (&s->funs.a[f].name, s->funs.a[f].kind == SG_FUN_NAMED ? 0u : (uint32_t) REN_FUNS);
  for (uint32_t i = 0; i < s->sortdecls.n && !rc; i++) SLOT (&s->sortdecls.a[i].name, REN_TYPES);
  for (uint32_t i = 0; i < s->dts.n && !rc; i++) SLOT (&s->dts.a[i].name, REN_TYPES);
  for (uint32_t i = 0; i < s->conss.n && !rc; i++) SLOT (&s->conss.a[i].name, REN_TYPES);
  for (uint32_t i = 0; i < s->sels.n && !rc; i++) SLOT (&s->sels.a[i].name, REN_TYPES);
  for (uint32_t t = 0; t < s->nodes.n && !rc; t++)
    if (s->nodes.a[t].op == SG_OP_BVAR) SLOT (&s->nodes.a[t].aux, REN_VARS);
#undef SLOT
  /* which slots change, and the names that stay (sorted, for bsearch) */
  uint8_t *ren = rc ? NULL : calloc (slot.n + 1, 1);
  if (!rc && !ren) rc = SG_RC_NOMEM;
  for (uint32_t i = 0; i < slot.n && !rc; i++)
    {
      const char *nm = sg_store_text (s, old.a[i]);
      ren[i] = (kind.a[i] & what) && (strlen (nm) > 1 || nm[0] == '|');
      if (!ren[i] && !SG_VEC_PUSH (keep, old.a[i])) rc = SG_RC_NOMEM;
    }
  if (!rc && keep.n) qsort (keep.a, keep.n, sizeof *keep.a, cmp_u32);
  uint32_t next = 0, changed = 0;
  for (uint32_t i = 0; i < slot.n && !rc; i++)
    {
      if (!ren[i]) continue;
      char buf[32];
      sg_atom a;
      for (;;)
        {
          uint32_t k = next++;
          if (k < 26) snprintf (buf, sizeof buf, "%c", 'a' + k);
          else snprintf (buf, sizeof buf, "%c%u", 'a' + k % 26, k / 26);
          a = sg_atom_find (&s->atoms, buf, strlen (buf));
          if (a == SG_ATOM_NONE || !keep.n || !bsearch (&a, keep.a, keep.n, sizeof *keep.a, cmp_u32)) break;
        }
      if (a == SG_ATOM_NONE && !sg_atom_intern (&s->atoms, buf, strlen (buf), &a)) { rc = SG_RC_NOMEM; break; }
      if (a != old.a[i]) changed++;
      *slot.a[i] = a;
    }
  if (!rc && changed)
    {
      sg_buf b;
      sg_buf_init (&b);
      sg_print_script (&r->script, NULL, &b);
      rc = sg_round_add_text (r, &b);
      sg_buf_free (&b);
    }
  for (uint32_t i = 0; i < slot.n; i++) *slot.a[i] = old.a[i];
  free (ren);
  SG_VEC_FREE (slot);
  SG_VEC_FREE (old);
  SG_VEC_FREE (kind);
  SG_VEC_FREE (keep);
  return rc;
}

/* Short names: everything at once, then functions, bound variables and sorts apart (a
 * candidate that fails for one kind does not block the others). */
sg_rc
sg_round_sites_names (sg_round *r)
{
  static const unsigned kinds[] = { REN_FUNS | REN_VARS | REN_TYPES, REN_FUNS, REN_VARS, REN_TYPES };
  sg_rc rc = SG_RC_OK;
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds && !rc; k++) rc = rename_candidate (r, kinds[k]);
  return rc;
}

sg_rc
sg_round_sites_logic (sg_round *r)
{
  sg_store *s = &r->store;
  uint32_t at = SG_NONE;
  for (uint32_t i = 0; i < r->script.cmds.n; i++)
    if (r->script.cmds.a[i].kind == SG_WK_SET_LOGIC) { at = i; break; }
  if (at == SG_NONE) return SG_RC_OK;
  const char *lg = sg_store_text (s, r->script.cmds.a[at].aux);
  static const char *const parts[] = { "AX", "UF", "BV", "FP", "DT", "LIRA", "NIRA", "LIA", "LRA",
                                       "NIA", "NRA", "IDL", "RDL", "A", "S", NULL };
  char comp[16][8];
  uint32_t nc = 0;
  bool qf = !strncmp (lg, "QF_", 3);
  const char *p = lg + (qf ? 3 : 0);
  while (*p && nc < 16)
    {
      int k;
      for (k = 0; parts[k]; k++)
        if (!strncmp (p, parts[k], strlen (parts[k]))) break;
      if (!parts[k]) return SG_RC_OK; /* not a logic we can take apart (ALL, ...) */
      snprintf (comp[nc++], sizeof comp[0], "%s", parts[k]);
      p += strlen (parts[k]);
    }
  sg_rc rc = SG_RC_OK;
  uint32_t saved = r->script.cmds.a[at].aux;
  for (uint32_t drop = 0; drop <= nc && !rc; drop++)
    {
      /* drop == nc: the non-linear arithmetic made linear instead */
      char buf[128] = "";
      size_t len = 0;
      bool changed = false;
      if (qf) len += (size_t) snprintf (buf + len, sizeof buf - len, "QF_");
      for (uint32_t k = 0; k < nc; k++)
        {
          if (k == drop) { changed = true; continue; }
          char c[8];
          snprintf (c, sizeof c, "%s", comp[k]);
          if (drop == nc && c[0] == 'N' && strlen (c) >= 3) { c[0] = 'L'; changed = true; }
          len += (size_t) snprintf (buf + len, sizeof buf - len, "%s", c);
        }
      if (!changed || len == (qf ? 3u : 0u)) continue;
      if (!strcmp (buf, "QF_")) continue;
      if (!strcmp (buf + (qf ? 3 : 0), "A") || !strcmp (buf + (qf ? 3 : 0), "AX")) continue;
      sg_atom a;
      if (!sg_atom_intern (&s->atoms, buf, strlen (buf), &a)) { rc = SG_RC_NOMEM; break; }
      r->script.cmds.a[at].aux = a;
      sg_buf b;
      sg_buf_init (&b);
      sg_print_script (&r->script, NULL, &b);
      r->script.cmds.a[at].aux = saved;
      rc = sg_round_add_text (r, &b);
      sg_buf_free (&b);
    }
  return rc;
}

/* Datatypes: remove one constructor nobody mentions (printed command, constructor cut out). */
sg_rc
sg_round_sites_dt (sg_round *r)
{
  sg_store *s = &r->store;
  if (!s->conss.n || !r->have_occs) return SG_RC_OK;
  bool *used = calloc (s->conss.n, 1);
  if (!used) return SG_RC_NOMEM;
  for (uint32_t i = 0; i < r->occs.a.n; i++)
    {
      sg_term t = r->occs.a.a[i].term;
      sg_op op = sg_term_op (s, t);
      uint32_t aux = sg_term_node (s, t)->aux;
      if (op == SG_OP_DT_CONS || op == SG_OP_DT_TEST) used[aux] = true;
      if (op == SG_OP_DT_SEL) used[s->sels.a[aux].cons] = true;
    }
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < r->script.cmds.n && !rc; i++)
    {
      const sg_cmd *c = &r->script.cmds.a[i];
      if (c->kind != SG_WK_DECLARE_DATATYPE && c->kind != SG_WK_DECLARE_DATATYPES) continue;
      const sg_dt *first = &s->dts.a[c->aux];
      for (uint32_t d = first->group; d < first->group + first->ngroup && !rc; d++)
        {
          const sg_dt *dt = &s->dts.a[d];
          if (dt->ncons < 2) continue;
          for (uint32_t k = dt->cons; k < dt->cons + dt->ncons && !rc; k++)
            {
              if (used[k]) continue;
              /* Print the script with the constructor's entry cut from the command text. */
              sg_buf cmd, b;
              sg_buf_init (&cmd);
              sg_buf_init (&b);
              sg_print_cmd (&r->script, i, NULL, &cmd);
              const char *txt = sg_buf_cstr (&cmd);
              sg_buf name;
              sg_buf_init (&name);
              sg_buf_addc (&name, '(');
              sg_print_symbol (s, s->conss.a[k].name, &name);
              const char *nm = sg_buf_cstr (&name);
              size_t nl = strlen (nm);
              const char *hit = NULL;
              for (const char *q = strstr (txt, nm); q; q = strstr (q + 1, nm))
                if (q[nl] == ' ' || q[nl] == ')') { hit = q; break; }
              if (hit)
                {
                  /* cut the balanced "(C ...)" */
                  int depth = 0;
                  const char *e = hit;
                  for (; *e; e++)
                    {
                      if (*e == '(') depth++;
                      else if (*e == ')' && --depth == 0) { e++; break; }
                    }
                  for (uint32_t j = 0; j < r->script.cmds.n; j++)
                    {
                      if (j == i)
                        {
                          sg_buf_add (&b, txt, (size_t) (hit - txt));
                          sg_buf_adds (&b, e);
                        }
                      else sg_print_cmd (&r->script, j, NULL, &b);
                    }
                  rc = sg_round_add_text (r, &b);
                }
              sg_buf_free (&name);
              sg_buf_free (&cmd);
              sg_buf_free (&b);
            }
        }
    }
  free (used);
  return rc;
}

