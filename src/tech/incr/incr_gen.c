/* incr_gen: incremental scripts made from any seed (tech/incr/incr_gen.h). */
#include "tech/incr/incr_gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/vec.h"
#include "front/parse.h"
#include "front/print.h"

struct sg_incr_gen {
  sg_store store;
  sg_script sc;
  bool live;         /* store and sc hold a seed */
  sg_answer status;  /* the seed's label */
  sg_answer label;   /* the label of its first scope: status when the seed has one query, else
                        SG_ANS_NONE (a label of several queries says nothing of the first) */
  sg_answer expect[SG_INCR_GEN_MAX_QUERIES]; /* the last script's queries by construction */
  uint32_t nexpect;
  sg_u32vec opts;    /* command indices: set-logic, set-option, set-info (not :status) */
  sg_u32vec decls;   /* command indices: declarations and definitions */
  sg_u32vec asserts; /* the assertions' terms */
  sg_u32vec atoms;   /* fun ids: declared Boolean constants */
  sg_u32vec consts;  /* fun ids: declared constants of a sort with values (get-value) */
};

/* What one drawing has done so far. */
typedef struct draw {
  sg_incr_gen *g;
  sg_rng *rng;
  sg_buf *out;
  bool global;          /* :global-declarations true (scripts with a reset-assertions) */
  sg_u32vec pending;    /* assertion indices still to assert */
  sg_u32vec inscope;    /* assertion indices in scope, in order */
  sg_u32vec names;      /* per inscope entry: its name number + 1, or 0 */
  sg_u32vec marks;      /* inscope.n at each open level */
  sg_u32vec fresh;      /* numbers of the fresh Boolean constants in scope */
  /* The literals of the check-sat-assuming being written: */
  bool implied;         /* each is implied by the scope or free (a fresh constant), so far */
  uint32_t lit_fresh[4], nlit_fresh; /* the fresh constants among them */
  uint32_t nname, nfresh, queries, pushes, pops, assuming, gets, resets, nasserts;
} draw;

sg_rc
sg_incr_gen_new (sg_incr_gen **g)
{
  *g = calloc (1, sizeof **g);
  return *g ? SG_RC_OK : SG_RC_NOMEM;
}

static void
drop (sg_incr_gen *g)
{
  if (!g->live) return;
  sg_script_free (&g->sc);
  sg_store_free (&g->store);
  g->live = false;
  g->opts.n = g->decls.n = g->asserts.n = g->atoms.n = g->consts.n = 0;
}

void
sg_incr_gen_free (sg_incr_gen *g)
{
  if (!g) return;
  drop (g);
  SG_VEC_FREE (g->opts);
  SG_VEC_FREE (g->decls);
  SG_VEC_FREE (g->asserts);
  SG_VEC_FREE (g->atoms);
  SG_VEC_FREE (g->consts);
  free (g);
}

/* Sort and keep command i of the seed; false on a command that ends the scope read so far
 * (its first check-sat: *end) or one that is refused (*why). */
static bool
take (sg_incr_gen *g, uint32_t i, bool *end, const char **why, sg_rc *rc)
{
  const sg_cmd *c = &g->sc.cmds.a[i];
  bool ok = true;
  switch (c->kind)
    {
    case SG_WK_SET_INFO:
      if (!strcmp (sg_store_text (&g->store, c->aux), ":status")) return true;
      /* fall through */
    case SG_WK_SET_LOGIC: case SG_WK_SET_OPTION:
      ok = SG_VEC_PUSH (g->opts, i);
      break;
    case SG_WK_DECLARE_CONST: case SG_WK_DECLARE_FUN:
      {
        const sg_fun *f = &g->store.funs.a[c->aux];
        const sg_sortnode *si = &g->store.sorts.a[f->ret];
        if (f->nparams == 0 && f->ret == g->store.s_bool) ok = SG_VEC_PUSH (g->atoms, c->aux);
        if (ok && f->nparams == 0 && si->kind != SG_SORT_USER) ok = SG_VEC_PUSH (g->consts, c->aux);
      }
      /* fall through */
    case SG_WK_DECLARE_DATATYPE: case SG_WK_DECLARE_DATATYPES: case SG_WK_DECLARE_SORT:
    case SG_WK_DEFINE_FUN: case SG_WK_DEFINE_FUN_REC: case SG_WK_DEFINE_FUNS_REC:
    case SG_WK_DEFINE_SORT: case SG_WK_DEFINE_CONST:
      ok = ok && SG_VEC_PUSH (g->decls, i);
      break;
    case SG_WK_ASSERT:
      ok = SG_VEC_PUSH (g->asserts, sg_cmd_items (&g->sc, c)[0]);
      break;
    case SG_WK_CHECK_SAT:
      *end = true;
      return true;
    case SG_WK_PUSH: case SG_WK_POP: case SG_WK_RESET: case SG_WK_RESET_ASSERTIONS:
    case SG_WK_CHECK_SAT_ASSUMING:
      *why = "an incremental command before its first check-sat";
      return false;
    default:
      if (c->kind > SG_WK_SET_OPTION || (c->flags & SG_CMD_RAW))
        {
          *why = "a solver extension command before its first check-sat";
          return false;
        }
      return true; /* output commands */
    }
  if (!ok) *rc = SG_RC_NOMEM;
  return ok;
}

/* Does the seed give a name with :named (or use one)? The scripts shuffle its assertions over
 * scopes and assert them again: a use before, or outside the scope of, the naming assertion is
 * an unknown symbol, and a name given again (after a pop or reset-assertions under
 * :global-declarations) is declared twice. Store ids are the terms in creation order. */
static bool
uses_named (const sg_store *s)
{
  for (uint32_t t = 0; t < s->nodes.n; t++)
    {
      const sg_node *n = &s->nodes.a[t];
      if (n->op == SG_OP_APP && n->aux < s->funs.n && s->funs.a[n->aux].kind == SG_FUN_NAMED) return true;
      if (n->op == SG_OP_ANNOT && n->aux < s->annots.n && s->annots.a[n->aux].named != SG_NONE) return true;
    }
  return false;
}

sg_rc
sg_incr_gen_seed (sg_incr_gen *g, const char *text, size_t len, const char *path, sg_answer status,
                  sg_diag *d)
{
  drop (g);
  sg_rc rc = sg_store_init (&g->store);
  if (rc) return rc;
  sg_script_init (&g->sc, &g->store);
  g->live = true;
  g->status = status;
  if ((rc = sg_parse_string (&g->store, &g->sc, text, len, path, d))) { drop (g); return rc; }
  bool end = false;
  const char *why = NULL;
  uint32_t i = 0;
  for (; i < g->sc.cmds.n && !end; i++)
    if (!take (g, i, &end, &why, &rc)) break;
  if (!rc && !why && !g->asserts.n) why = "no assertion before its first check-sat";
  uint32_t later = 0; /* queries after the first */
  for (uint32_t k = i; !rc && !why && k < g->sc.cmds.n; k++)
    later += g->sc.cmds.a[k].kind == SG_WK_CHECK_SAT || g->sc.cmds.a[k].kind == SG_WK_CHECK_SAT_ASSUMING;
  g->label = later ? SG_ANS_NONE : status;
  if (!rc && !why && uses_named (&g->store))
    {
      why = "it names a term with :named (its assertions could not be shuffled over scopes and asserted again)";
      i = 0;
      while (i < g->sc.cmds.n && g->sc.cmds.a[i].kind != SG_WK_ASSERT) i++;
    }
  if (rc || why)
    {
      if (why)
        {
          const sg_cmd *c = i < g->sc.cmds.n ? &g->sc.cmds.a[i] : NULL;
          sg_diag_set (d, SG_RC_USAGE, c ? c->line : 0, c ? c->col : 0, "not a seed for incr: %s", why);
        }
      drop (g);
      return rc ? rc : SG_RC_USAGE;
    }
  return SG_RC_OK;
}

static void
emit_assert (draw *w, uint32_t a)
{
  sg_print_opts po = { 0 };
  bool named = sg_rng_chance (w->rng, 1, 2);
  sg_buf_adds (w->out, named ? "(assert (! " : "(assert ");
  sg_print_term (&w->g->store, w->g->asserts.a[a], &po, w->out);
  if (named) sg_buf_printf (w->out, " :named sg_incr_a%u)", w->nname);
  sg_buf_adds (w->out, ")\n");
  (void) (SG_VEC_PUSH (w->inscope, a) && SG_VEC_PUSH (w->names, named ? ++w->nname : 0));
  w->nasserts++;
}

/* A literal for check-sat-assuming: a seed Boolean constant, a fresh one, or the name of a
 * named assertion in scope, negated half the time; false when there is none. */
static bool
emit_literal (draw *w)
{
  uint32_t named = 0;
  for (uint32_t k = 0; k < w->names.n; k++) named += w->names.a[k] != 0;
  uint32_t n = w->g->atoms.n + w->fresh.n + named;
  if (!n) return false;
  uint32_t k = (uint32_t) sg_rng_below (w->rng, n);
  bool neg = sg_rng_chance (w->rng, 1, 2);
  if (neg) sg_buf_adds (w->out, "(not ");
  if (k < w->g->atoms.n)
    {
      /* a seed constant occurs in the seed's assertions: it may restrict them */
      sg_print_symbol (&w->g->store, w->g->store.funs.a[w->g->atoms.a[k]].name, w->out);
      w->implied = false;
    }
  else if ((k -= w->g->atoms.n) < w->fresh.n)
    {
      /* a fresh constant occurs in no assertion: free, unless assumed twice (p and (not p)) */
      sg_buf_printf (w->out, "sg_incr_p%u", w->fresh.a[k]);
      for (uint32_t j = 0; j < w->nlit_fresh; j++) w->implied &= w->lit_fresh[j] != w->fresh.a[k];
      if (w->nlit_fresh < 4) w->lit_fresh[w->nlit_fresh++] = w->fresh.a[k];
      else w->implied = false;
    }
  else
    {
      /* a name stands for its assertion, which is in scope: implied, its negation is not */
      w->implied &= !neg;
      k -= w->fresh.n;
      for (uint32_t j = 0; j < w->names.n; j++)
        if (w->names.a[j] && k-- == 0) sg_buf_printf (w->out, "sg_incr_a%u", w->names.a[j] - 1);
    }
  if (neg) sg_buf_addc (w->out, ')');
  return true;
}

/* Query w->queries - 1's answer by construction (its scope: w->inscope) from the seed's label,
 * assuming (under check-sat-assuming) literals w->implied says: a subset of a sat scope is sat
 * when each assumption is implied by the scope or is a fresh constant assumed once; a scope
 * with every assertion of an unsat one is unsat, whatever is assumed. */
static void
expect_query (draw *w, bool assuming)
{
  sg_answer e = SG_ANS_NONE;
  if (w->g->label == SG_ANS_SAT && (!assuming || w->implied)) e = SG_ANS_SAT;
  if (w->g->label == SG_ANS_UNSAT && w->inscope.n == w->g->asserts.n) e = SG_ANS_UNSAT;
  if (w->g->nexpect < SG_INCR_GEN_MAX_QUERIES) w->g->expect[w->g->nexpect++] = e;
}

static void
emit_query (draw *w, bool final)
{
  w->queries++;
  if (!final && sg_rng_chance (w->rng, 1, 3))
    {
      sg_buf_adds (w->out, "(check-sat-assuming (");
      uint32_t n = 1 + (uint32_t) sg_rng_below (w->rng, 3), made = 0;
      w->implied = true;
      w->nlit_fresh = 0;
      for (uint32_t k = 0; k < n; k++)
        {
          if (made) sg_buf_addc (w->out, ' ');
          made += emit_literal (w);
        }
      if (made)
        {
          sg_buf_adds (w->out, "))\n");
          w->assuming++;
          expect_query (w, true);
          return;
        }
      /* nothing to assume: a plain check-sat (the text written so far is cut) */
      w->out->len -= strlen ("(check-sat-assuming (");
    }
  sg_buf_adds (w->out, "(check-sat)\n");
  expect_query (w, false);
  /* a subset of a sat scope is sat: its values can be asked */
  if (w->g->status == SG_ANS_SAT && w->g->consts.n && sg_rng_chance (w->rng, 1, 2))
    {
      uint32_t n = 1 + (uint32_t) sg_rng_below (w->rng, w->g->consts.n < 3 ? w->g->consts.n : 3);
      uint32_t first = (uint32_t) sg_rng_below (w->rng, w->g->consts.n);
      sg_buf_adds (w->out, "(get-value (");
      for (uint32_t k = 0; k < n; k++)
        {
          if (k) sg_buf_addc (w->out, ' ');
          uint32_t f = w->g->consts.a[(first + k) % w->g->consts.n];
          sg_print_symbol (&w->g->store, w->g->store.funs.a[f].name, w->out);
        }
      sg_buf_adds (w->out, "))\n");
      w->gets++;
    }
}

/* Put the assertions in scope from position `mark` on back to the pending ones. */
static void
unscope (draw *w, uint32_t mark)
{
  for (uint32_t k = mark; k < w->inscope.n; k++) (void) SG_VEC_PUSH (w->pending, w->inscope.a[k]);
  w->inscope.n = w->names.n = mark;
}

/* After a query that is not the last: a pop, a reset-assertions or a fresh declaration. */
static void
after_query (draw *w)
{
  if (w->marks.n && sg_rng_chance (w->rng, 1, 3))
    {
      uint32_t mark = SG_VEC_POP (w->marks);
      sg_buf_adds (w->out, "(pop 1)\n");
      unscope (w, mark);
      w->pops++;
    }
  else if (w->global && !w->resets && sg_rng_chance (w->rng, 1, 4))
    {
      sg_buf_adds (w->out, "(reset-assertions)\n");
      unscope (w, 0);
      w->marks.n = 0;
      w->resets++;
    }
  if ((w->global || !w->marks.n) && sg_rng_chance (w->rng, 1, 3))
    {
      sg_buf_printf (w->out, "(declare-const sg_incr_p%u Bool)\n", w->nfresh);
      (void) SG_VEC_PUSH (w->fresh, w->nfresh++);
    }
}

sg_rc
sg_incr_gen_next (sg_incr_gen *g, sg_rng *rng, sg_buf *out, sg_buf *desc)
{
  if (!g->live) return SG_RC_USAGE;
  draw w;
  memset (&w, 0, sizeof w);
  w.g = g, w.rng = rng, w.out = out;
  g->nexpect = 0;
  sg_buf_reset (out);
  sg_buf_reset (desc);
  w.global = sg_rng_chance (rng, 1, 4);
  if (w.global) sg_buf_adds (out, "(set-option :global-declarations true)\n");
  sg_print_opts po = { 0 };
  for (uint32_t k = 0; k < g->opts.n; k++) sg_print_cmd (&g->sc, g->opts.a[k], &po, out);
  for (uint32_t k = 0; k < g->decls.n; k++) sg_print_cmd (&g->sc, g->decls.a[k], &po, out);
  for (uint32_t k = 0; k < g->asserts.n; k++) (void) SG_VEC_PUSH (w.pending, k);
  /* shuffled (Fisher-Yates); taken from the end */
  for (uint32_t k = w.pending.n; k > 1; k--)
    {
      uint32_t j = (uint32_t) sg_rng_below (rng, k), t = w.pending.a[k - 1];
      w.pending.a[k - 1] = w.pending.a[j], w.pending.a[j] = t;
    }
  /* every query but the last may bring a pop or a reset, which puts assertions back: at most
   * SG_INCR_GEN_MAX_QUERIES - 1 of them, so this ends */
  while (w.pending.n)
    {
      if (sg_rng_chance (rng, 1, 3))
        {
          sg_buf_adds (out, "(push 1)\n");
          (void) SG_VEC_PUSH (w.marks, w.inscope.n);
          w.pushes++;
        }
      emit_assert (&w, SG_VEC_POP (w.pending));
      if (w.queries + 1 < SG_INCR_GEN_MAX_QUERIES && sg_rng_chance (rng, 1, 3))
        {
          emit_query (&w, false);
          after_query (&w);
        }
    }
  if (!w.pushes && !w.queries)
    {
      /* nothing incremental was drawn: the last query under a level of its own */
      sg_buf_adds (out, "(push 1)\n");
      w.pushes++;
    }
  emit_query (&w, true);
  sg_buf_printf (desc, "%u asserts, %u push, %u pop, %u queries (%u assuming), %u get-value%s",
                 w.nasserts, w.pushes, w.pops, w.queries, w.assuming, w.gets,
                 w.resets ? ", reset-assertions" : "");
  bool ok = sg_buf_ok (out) && sg_buf_ok (desc) && w.inscope.n == g->asserts.n;
  SG_VEC_FREE (w.pending);
  SG_VEC_FREE (w.inscope);
  SG_VEC_FREE (w.names);
  SG_VEC_FREE (w.marks);
  SG_VEC_FREE (w.fresh);
  return ok ? SG_RC_OK : SG_RC_NOMEM;
}

uint32_t
sg_incr_gen_expected (const sg_incr_gen *g, const sg_answer **expect)
{
  *expect = g->expect;
  return g->nexpect;
}
