/* mutate: sites and candidates of the reducer. */
#include "reduce/mutate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/parse.h"
#include "front/print.h"
#include "reduce/mutate_int.h"

#define OCC_MAX (4u << 20) /* occurrences beyond this: only command-level mutators */

static const char *const mut_names[] = {
#define X(e, s, d) s,
  SG_MUTATORS (X)
#undef X
};
static const bool mut_ddmin[] = {
#define X(e, s, d) d,
  SG_MUTATORS (X)
#undef X
};

const char *sg_mutator_name (sg_mutator m) { return m < SG_MUT_COUNT ? mut_names[m] : "?"; }
bool sg_mutator_ddmin (sg_mutator m) { return m < SG_MUT_COUNT && mut_ddmin[m]; }

sg_rc
sg_round_open (sg_round *r, const char *text, size_t len, const char *name, sg_diag *d)
{
  memset (r, 0, sizeof *r);
  sg_rc rc = sg_store_init (&r->store);
  if (rc) return sg_diag_set (d, rc, 0, 0, "out of memory");
  r->store.fp_sort_names = true; /* Float32 for (_ FloatingPoint 8 24): fewer tokens */
  sg_script_init (&r->script, &r->store);
  rc = sg_parse_string (&r->store, &r->script, text, len, name, d);
  if (rc) { sg_round_close (r); return rc; }
  rc = sg_occ_collect (&r->script, OCC_MAX, &r->occs);
  if (rc == SG_RC_LIMIT) rc = SG_RC_OK;
  else if (!rc) r->have_occs = true;
  if (rc) { sg_round_close (r); return sg_diag_set (d, rc, 0, 0, "out of memory"); }
  return SG_RC_OK;
}

void
sg_round_close (sg_round *r)
{
  for (uint32_t i = 0; i < r->texts.n; i++) free (r->texts.a[i]);
  SG_VEC_FREE (r->texts);
  SG_VEC_FREE (r->sites);
  sg_occs_free (&r->occs);
  sg_script_free (&r->script);
  sg_store_free (&r->store);
  memset (r, 0, sizeof *r);
}

uint64_t sg_round_terms (const sg_round *r) { return r->have_occs ? r->occs.a.n : 0; }

/* Occurrences of uninterpreted constants (high 32 bits) and how many distinct ones (low 32
 * bits): compared as one number, fewer occurrences first, then fewer distinct constants. */
static uint64_t
count_syms (const sg_store *s, const sg_occs *o)
{
  uint64_t n = 0, distinct = 0;
  uint8_t *seen = calloc (s->funs.n + 1, 1);
  for (uint32_t i = 0; i < o->a.n; i++)
    {
      sg_term t = o->a.a[i].term;
      if (sg_term_op (s, t) != SG_OP_APP || sg_term_nargs (s, t) != 0) continue;
      n++;
      uint32_t f = sg_term_node (s, t)->aux;
      if (seen && f < s->funs.n && !seen[f]) { seen[f] = 1; distinct++; }
    }
  free (seen);
  return n << 32 | (distinct & 0xffffffffu);
}

uint64_t
sg_text_tokens (const char *s, size_t len)
{
  uint64_t n = 0;
  for (size_t i = 0; i < len;)
    {
      char c = s[i];
      if (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '(' || c == ')') { i++; continue; }
      if (c == ';') /* a comment */
        {
          while (i < len && s[i] != '\n') i++;
          continue;
        }
      n++;
      if (c == '"' || c == '|') /* a string ("" inside it) or a quoted symbol */
        {
          for (i++; i < len; i++)
            if (s[i] == c)
              {
                if (c == '"' && i + 1 < len && s[i + 1] == '"') i++;
                else break;
              }
          i++;
          continue;
        }
      while (i < len && !strchr (" \n\t\r();\"|", s[i])) i++;
    }
  return n;
}

sg_rc
sg_script_measure (const sg_script *sc, uint64_t *terms, uint64_t *syms)
{
  sg_occs o = { 0 };
  sg_rc rc = sg_occ_collect (sc, OCC_MAX, &o);
  if (!rc)
    {
      *terms = o.a.n;
      *syms = count_syms (sc->store, &o);
    }
  sg_occs_free (&o);
  return rc;
}

/* ---- candidates -------------------------------------------------------------------------- */

typedef struct fresh_decl { uint32_t fun, cmd; } fresh_decl;
typedef struct occ_mod { uint32_t next, child, term; } occ_mod;

/* One candidate under construction (sg_round_build). */
typedef struct cand {
  sg_round *r;
  sg_store *s;
  const sg_occs *o;
  uint32_t ncmd, nocc;
  uint8_t *cdel;   /* per command: 1 deleted, 2 check-sat edit */
  uint32_t *repl;  /* per occurrence: its replacement */
  uint8_t *flag;   /* per occurrence: 1 replaced, 2 dropped, 4 dirty */
  uint32_t *head;  /* mods list per occurrence */
  SG_VEC (occ_mod) mods;
  SG_VEC (fresh_decl) fresh;
  sg_u32vec args, subst_from, subst_to, subst_fun;
  sg_script sc;
  sg_term fresh_of_sort[4];
  sg_sort fresh_sort[4];
} cand;

/* A FRESH site: occurrence st->a -> a fresh constant of sort st->t (one per sort per candidate,
 * a few sorts cached). */
static sg_rc
cand_fresh (cand *b, const sg_site *st)
{
  sg_store *s = b->s;
  const sg_occs *o = b->o;
  sg_rc rc;
  if (b->flag[st->a] & 1) return SG_RC_OK;
  sg_term v = SG_NONE;
  int slot = -1;
  for (int q = 0; q < 4; q++)
    if (b->fresh_sort[q] == st->t) { v = b->fresh_of_sort[q]; break; }
    else if (b->fresh_sort[q] == SG_NONE && slot < 0) slot = q;
  if (v == SG_NONE)
    {
      sg_atom nm;
      uint32_t fun;
      if ((rc = sg_store_fresh_atom (s, "x", &nm))) return rc;
      if ((rc = sg_store_add_fun (s, nm, SG_FUN_DECLARED, NULL, 0, st->t, &fun))) return rc;
      if ((rc = sg_mk_fun_app (s, fun, NULL, 0, &v))) return rc;
      fresh_decl fd = { fun, o->a.a[st->a].cmd };
      if (!SG_VEC_PUSH (b->fresh, fd)) return SG_RC_NOMEM;
      if (slot >= 0) { b->fresh_sort[slot] = st->t; b->fresh_of_sort[slot] = v; }
    }
  else
    for (uint32_t q = 0; q < b->fresh.n; q++)
      if (s->funs.a[b->fresh.a[q].fun].ret == st->t && b->fresh.a[q].cmd > o->a.a[st->a].cmd)
        b->fresh.a[q].cmd = o->a.a[st->a].cmd;
  b->repl[st->a] = v;
  b->flag[st->a] |= 1;
  return SG_RC_OK;
}

/* Record the sites idx[0..n) in the candidate's per-command and per-occurrence marks. */
static sg_rc
cand_mark (cand *b, const uint32_t *idx, uint32_t n)
{
  sg_rc rc = SG_RC_OK;
  uint8_t *cdel = b->cdel, *flag = b->flag;
  for (uint32_t k = 0; k < n && !rc; k++)
    {
      const sg_site *st = &b->r->sites.a[idx[k]];
      switch ((sg_site_kind) st->kind)
        {
        case SG_SITE_DEL:
          for (uint32_t c = st->a; c <= st->b && c < b->ncmd; c++) cdel[c] = 1;
          break;
        case SG_SITE_PAIR:
          cdel[st->a] = cdel[st->b] = 1;
          break;
        case SG_SITE_EDIT: if (!cdel[st->a]) cdel[st->a] = 2; break;
        case SG_SITE_REPL:
          if (!(flag[st->a] & 1)) { b->repl[st->a] = st->t; flag[st->a] |= 1; }
          break;
        case SG_SITE_DROP: flag[st->a] |= 2; break;
        case SG_SITE_FRESH: rc = cand_fresh (b, st); break;
        case SG_SITE_SUBST:
          if (!SG_VEC_PUSH (b->subst_from, st->t) || !SG_VEC_PUSH (b->subst_to, st->u)
              || !SG_VEC_PUSH (b->subst_fun, st->f))
            rc = SG_RC_NOMEM;
          break;
        case SG_SITE_ELIM:
          if (!SG_VEC_PUSH (b->subst_from, st->t) || !SG_VEC_PUSH (b->subst_to, st->u)
              || !SG_VEC_PUSH (b->subst_fun, SG_NONE))
            rc = SG_RC_NOMEM;
          if (st->a != SG_NONE && st->a < b->nocc) flag[st->a] |= 2;
          if (st->b != SG_NONE && st->b < b->ncmd) cdel[st->b] = 1;
          break;
        case SG_SITE_TEXT: rc = SG_RC_SORT; break; /* text sites combine with nothing */
        }
    }
  return rc;
}

/* A constant whose declaration an ELIM site deletes (replace-by-term) must be in no
 * replacement: replacements are not substituted again. */
static sg_rc
cand_elim_check (cand *b, const uint32_t *idx, uint32_t n)
{
  for (uint32_t k = 0; k < n; k++)
    {
      const sg_site *st = &b->r->sites.a[idx[k]];
      if (st->kind != SG_SITE_ELIM || st->b == SG_NONE || st->b >= b->ncmd) continue;
      uint16_t ck = b->r->script.cmds.a[st->b].kind;
      if (ck != SG_WK_DECLARE_FUN && ck != SG_WK_DECLARE_CONST) continue;
      for (uint32_t q = 0; q < b->subst_to.n; q++)
        if (sg_mut_may_contain (b->s, b->subst_to.a[q], st->t, 256)) return SG_RC_SORT;
    }
  return SG_RC_OK;
}

/* The SUBST sites: every unreplaced occurrence of a substituted term -> its replacement (and
 * the fresh constant it uses declared before its first use). */
static sg_rc
cand_substs (cand *b)
{
  const sg_occs *o = b->o;
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < b->nocc && !rc; i++)
    {
      if (!sg_mut_replaceable (&o->a.a[i]) || (b->flag[i] & 1)) continue;
      for (uint32_t k = 0; k < b->subst_from.n; k++)
        if (o->a.a[i].term == b->subst_from.a[k])
          {
            b->repl[i] = b->subst_to.a[k];
            b->flag[i] |= 1;
            bool have = false;
            for (uint32_t q = 0; q < b->fresh.n; q++)
              if (b->fresh.a[q].fun == b->subst_fun.a[k])
                {
                  have = true;
                  if (b->fresh.a[q].cmd > o->a.a[i].cmd) b->fresh.a[q].cmd = o->a.a[i].cmd;
                }
            fresh_decl fd = { b->subst_fun.a[k], o->a.a[i].cmd };
            if (!have && b->subst_fun.a[k] != SG_NONE && !SG_VEC_PUSH (b->fresh, fd)) rc = SG_RC_NOMEM;
            break;
          }
    }
  return rc;
}

/* Rebuild the dirty occurrences bottom-up into the candidate's script copy. */
static sg_rc
cand_rebuild (cand *b)
{
  sg_store *s = b->s;
  const sg_occs *o = b->o;
  uint8_t *flag = b->flag;
  uint32_t *head = b->head;
  sg_rc rc = SG_RC_OK;
  /* Dirty: every changed occurrence and its ancestors. */
  for (uint32_t i = 0; i < b->nocc && !rc; i++)
    if (flag[i] & 3)
      for (uint32_t a = i; a != SG_NONE && !(flag[a] & 4); a = o->a.a[a].parent) flag[a] |= 4;
  /* Bottom-up: children have larger indices than their parents. */
  for (uint32_t i = b->nocc; i-- > 0 && !rc;)
    {
      if (!(flag[i] & 4)) continue;
      const sg_occ *oc = &o->a.a[i];
      if (b->cdel[oc->cmd] == 1) continue;
      sg_term nt;
      if (flag[i] & 1) nt = b->repl[i];
      else
        {
          sg_term t = oc->term;
          uint32_t na = sg_term_nargs (s, t);
          SG_VEC_CLEAR (b->args);
          if (!SG_VEC_RESERVE (b->args, na)) { rc = SG_RC_NOMEM; break; }
          if (na) memcpy (b->args.a, sg_term_args (s, t), na * sizeof *b->args.a);
          b->args.n = na;
          bool drops = false;
          for (uint32_t m = head[i]; m != SG_NONE; m = b->mods.a[m].next)
            {
              b->args.a[b->mods.a[m].child] = b->mods.a[m].term;
              if (b->mods.a[m].term == SG_NONE) drops = true;
            }
          if (drops)
            {
              uint32_t w = 0;
              for (uint32_t k = 0; k < na; k++)
                if (b->args.a[k] != SG_NONE) b->args.a[w++] = b->args.a[k];
              b->args.n = w;
              rc = sg_mut_like (s, t, b->args.a, w, &nt);
            }
          else rc = sg_term_rebuild (s, t, b->args.a, &nt);
          if (rc) break;
        }
      if (oc->parent == SG_NONE)
        {
          if (flag[i] & 2) { rc = SG_RC_SORT; break; }
          if (sg_term_sort (s, nt) != sg_term_sort (s, oc->term)) { rc = SG_RC_SORT; break; }
          rc = sg_script_set_item (&b->sc, oc->cmd, oc->child, nt);
        }
      else
        {
          if (!SG_VEC_RESERVE (b->mods, 1)) { rc = SG_RC_NOMEM; break; }
          b->mods.a[b->mods.n].next = head[oc->parent];
          b->mods.a[b->mods.n].child = oc->child;
          b->mods.a[b->mods.n].term = (flag[i] & 2) ? SG_NONE : nt;
          head[oc->parent] = b->mods.n++;
        }
    }
  return rc;
}

/* Print the candidate: its commands, each fresh constant declared before its first use. */
static sg_rc
cand_print (cand *b, sg_buf *out)
{
  sg_store *s = b->s;
  sg_print_opts po = { 0 };
  for (uint32_t c = 0; c < b->ncmd; c++)
    {
      for (uint32_t q = 0; q < b->fresh.n; q++)
        if (b->fresh.a[q].cmd == c)
          {
            const sg_fun *f = &s->funs.a[b->fresh.a[q].fun];
            sg_buf_adds (out, "(declare-fun ");
            sg_print_symbol (s, f->name, out);
            sg_buf_adds (out, " () ");
            sg_sort_print (s, f->ret, out);
            sg_buf_adds (out, ")\n");
          }
      if (b->cdel[c] == 1) continue;
      if (b->cdel[c] == 2) sg_buf_adds (out, "(check-sat)\n");
      else sg_print_cmd (&b->sc, c, &po, out);
    }
  return sg_buf_ok (out) ? SG_RC_OK : SG_RC_NOMEM;
}

sg_rc
sg_round_build (sg_round *r, const uint32_t *idx, uint32_t n, sg_buf *out)
{
  sg_buf_reset (out);
  if (n == 1 && r->sites.a[idx[0]].kind == SG_SITE_TEXT)
    {
      sg_buf_adds (out, r->texts.a[r->sites.a[idx[0]].a]);
      return sg_buf_ok (out) ? SG_RC_OK : SG_RC_NOMEM;
    }
  cand b;
  memset (&b, 0, sizeof b);
  b.r = r;
  b.s = &r->store;
  b.o = &r->occs;
  b.ncmd = r->script.cmds.n;
  b.nocc = r->have_occs ? b.o->a.n : 0;
  uint32_t nocc = b.nocc;
  b.cdel = calloc (b.ncmd + 1, 1);
  b.repl = nocc ? malloc (nocc * sizeof *b.repl) : NULL;
  b.flag = nocc ? calloc (nocc, 1) : NULL;
  b.head = nocc ? malloc (nocc * sizeof *b.head) : NULL;
  sg_rc rc = (!b.cdel || (nocc && (!b.repl || !b.flag || !b.head))) ? SG_RC_NOMEM : SG_RC_OK;
  if (!rc) rc = sg_script_copy (&r->script, &b.sc);
  if (!rc && nocc)
    {
      memset (b.repl, 0xff, nocc * sizeof *b.repl);
      memset (b.head, 0xff, nocc * sizeof *b.head);
    }
  for (int q = 0; q < 4; q++) b.fresh_of_sort[q] = b.fresh_sort[q] = SG_NONE;
  if (!rc) rc = cand_mark (&b, idx, n);
  if (!rc && b.subst_from.n) rc = cand_elim_check (&b, idx, n);
  if (!rc && b.subst_from.n) rc = cand_substs (&b);
  if (!rc) rc = cand_rebuild (&b);
  if (!rc) rc = cand_print (&b, out);
  if (rc == SG_RC_PARSE || rc == SG_RC_LIMIT) rc = SG_RC_SORT;
  b.s->err[0] = 0;
  sg_script_free (&b.sc);
  free (b.cdel);
  free (b.repl);
  free (b.flag);
  free (b.head);
  SG_VEC_FREE (b.mods);
  SG_VEC_FREE (b.fresh);
  SG_VEC_FREE (b.args);
  SG_VEC_FREE (b.subst_from);
  SG_VEC_FREE (b.subst_to);
  SG_VEC_FREE (b.subst_fun);
  return rc;
}
