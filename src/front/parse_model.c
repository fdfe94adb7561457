/* parse_model: reading a solver's model in the context of a script's declarations (model mode
 * of the parser): the define-fun entries of declared functions, model-only helpers (z3's k!0,
 * div0), uninterpreted-sort elements, and the quirks of z3, cvc4 and cvc5 output. */
#include <string.h>

#include "front/parse_int.h"

/* ---------------------------------------------------------------- models */

/* The visible function named `name` whose parameter sorts are params[0..n), or SG_NONE. */
static uint32_t
fun_with_signature (sg_parser *p, sg_atom name, const sg_sort *params, uint32_t n)
{
  const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, name);
  for (; b; b = b->prev ? &p->st.b.a[b->prev - 1] : NULL)
    {
      if (b->kind != SG_B_FUN) continue;
      const sg_fun *f = &p->s->funs.a[b->id];
      if (f->nparams == n && (!n || !memcmp (p->s->pool.a + f->params, params, n * sizeof *params)))
        return b->id;
    }
  return SG_NONE;
}

/* Model mode: (define-fun NAME ((x S)...) R BODY) gives the interpretation of a declared
 * function, or defines a model-only helper (z3's k!0, div0, /0) that was bound in pass 1. A body
 * we cannot read (algebraic numbers, solver-internal syntax) gives an entry without a body. */
/* The name of a model entry (define-fun NAME ...) and the node after it. z3 prints the empty
 * symbol || without its bars, as (define-fun  () S V): then the name is "" and *after is the
 * parameter list. */
static sg_rc
model_name (sg_parser *p, uint32_t cmd, sg_atom *name, uint32_t *after)
{
  uint32_t x = next (p, kid (cmd));
  if (!has (p, cmd, x)) return sg_perr (p, cmd, SG_RC_PARSE, "expected a function name");
  if (sg_pis_sym (p, x))
    {
      *name = sg_pnode (p, x)->atom;
      *after = next (p, x);
      return SG_RC_OK;
    }
  uint32_t y = next (p, x), z = has (p, cmd, y) ? next (p, y) : y;
  if (sg_pis_list (p, x) && has (p, cmd, z) && next (p, z) == next (p, cmd))
    {
      if (!sg_atom_intern (&p->s->atoms, "", 0, name)) return sg_pnomem (p, cmd);
      *after = x;
      return SG_RC_OK;
    }
  return sg_perr (p, x, SG_RC_PARSE, "expected a function name");
}

sg_rc
sg_pmodel_define (sg_parser *p, uint32_t cmd)
{
  sg_store *s = p->s;
  sg_atom nm;
  uint32_t params;
  sg_rc rc = model_name (p, cmd, &nm, &params);
  if (rc) return rc;
  uint32_t name = params; /* position for messages */
  uint32_t ret = has (p, cmd, params) ? next (p, params) : params;
  uint32_t body = has (p, cmd, ret) ? next (p, ret) : ret;
  if (!has (p, cmd, body)) return sg_perr (p, cmd, SG_RC_PARSE, "expected (define-fun NAME PARAMS SORT BODY)");
  sg_u32vec vars = { 0 }, sorts = { 0 };
  rc = sg_psorted_vars (p, params, &vars, &sorts);
  sg_sort rs = SG_NONE;
  if (!rc) rc = sg_parse_sort (p, ret, &rs);
  uint32_t fun = rc ? SG_NONE : fun_with_signature (p, nm, sorts.a, sorts.n);
  if (!rc && fun == SG_NONE)
    rc = sg_perr (p, name, SG_RC_SORT, "model defines '%s', which the script does not declare", sg_store_text (s, nm));
  /* The result sort must be the declared one (an Int value for a Real constant is read as a
   * Real). A value of another sort is a function without a value (undetermined, as an
   * unreadable value): it would reach the evaluator as, say, a bit-vector where a string is
   * expected (found by fuzz_model: a read out of bounds). */
  bool other_sort = false;
  if (!rc && s->funs.a[fun].ret != rs)
    {
      if (rs == s->s_int && s->funs.a[fun].ret == s->s_real)
        rs = s->s_real;
      else
        other_sort = true;
    }
  sg_term t = SG_NONE;
  if (!rc && !other_sort)
    {
      uint32_t mark = sg_symtab_mark (&p->st);
      rc = sg_pbind_vars (p, body, vars.a, vars.n);
      p->model_expect = rs;
      SG_VEC_CLEAR (p->named);
      if (!rc) rc = sg_parse_term (p, body, &t);
      sg_symtab_release (&p->st, mark);
      for (uint32_t k = 0; k < p->named.n; k++) /* elements the body introduced stay visible */
        if (!sg_symtab_bind (&p->st, SG_NS_TERM, s->funs.a[p->named.a[k]].name, SG_B_FUN, p->named.a[k]))
          rc = sg_pnomem (p, cmd);
      if (rc == SG_RC_SORT || rc == SG_RC_PARSE)
        {
          sg_diag_init (p->d, p->d->file); /* unreadable value: undetermined, not an error */
          t = SG_NONE;
          rc = SG_RC_OK;
        }
      else if (!rc && sg_term_sort (s, t) != rs)
        {
          if (sg_term_sort (s, t) == s->s_int && rs == s->s_real)
            rc = sg_term_intern (s, SG_OP_TO_REAL, SG_TF_IMPLICIT, s->s_real, &t, 1, NULL, 0, 0, &t);
          else if (!sg_term_fit (s, &t, rs)) /* z3: a lambda as an array value */
            t = SG_NONE;
        }
    }
  if (!rc) rc = p->model->define (p->model->ctx, fun, t, vars.a, vars.n);
  SG_VEC_FREE (vars);
  SG_VEC_FREE (sorts);
  return rc;
}

/* Pass 1 over a model: bind the helpers it defines (used before their definition, as z3's
 * (_ as-array k!0)) and the uninterpreted-sort elements it declares. */
static sg_rc
model_declare (sg_parser *p, uint32_t cmd)
{
  sg_store *s = p->s;
  uint32_t h = kid (cmd);
  if (!sg_pis_list (p, cmd) || !has (p, cmd, h) || !sg_pis_sym (p, h)) return SG_RC_OK;
  sg_atom w = sg_pnode (p, h)->atom;
  if (w == SG_WK_DECLARE_SORT)
    {
      /* cvc4 declares sorts in its models (even define-sort parameters): keep unknown ones. */
      uint32_t nm = next (p, h);
      if (!has (p, cmd, nm) || !sg_pis_sym (p, nm) || sg_symtab_lookup (&p->st, SG_NS_SORT, sg_pnode (p, nm)->atom))
        return SG_RC_OK;
      sg_sortdecl d = { sg_pnode (p, nm)->atom, false, 0, 0, SG_NONE };
      if (!SG_VEC_PUSH (s->sortdecls, d)
          || !sg_symtab_bind (&p->st, SG_NS_SORT, d.name, SG_B_SORTDECL, s->sortdecls.n - 1))
        return sg_pnomem (p, cmd);
      return SG_RC_OK;
    }
  if (w != SG_WK_DEFINE_FUN && w != SG_WK_DECLARE_FUN && w != SG_WK_DECLARE_CONST) return SG_RC_OK;
  sg_atom nm;
  uint32_t params;
  if (model_name (p, cmd, &nm, &params)) { sg_diag_init (p->d, p->d->file); return SG_RC_OK; }
  uint32_t ret = has (p, cmd, params) ? next (p, params) : params;
  sg_u32vec vars = { 0 }, sorts = { 0 };
  sg_rc rc = SG_RC_OK;
  sg_sort rs;
  if (w == SG_WK_DECLARE_CONST) ret = params;
  else if (w == SG_WK_DEFINE_FUN)
    rc = has (p, cmd, params) ? sg_psorted_vars (p, params, &vars, &sorts)
                              : sg_perr (p, cmd, SG_RC_PARSE, "expected a list of sorted variables");
  else if (has (p, cmd, params) && sg_pis_list (p, params))
    for (uint32_t k = kid (params); !rc && has (p, params, k); k = next (p, k))
      {
        sg_sort x;
        rc = sg_parse_sort (p, k, &x);
        if (!rc && !SG_VEC_PUSH (sorts, x)) rc = sg_pnomem (p, k);
      }
  if (!rc && !has (p, cmd, ret)) rc = sg_perr (p, cmd, SG_RC_PARSE, "malformed model entry");
  if (!rc) rc = sg_parse_sort (p, ret, &rs);
  if (!rc && fun_with_signature (p, nm, sorts.a, sorts.n) == SG_NONE)
    {
      uint32_t fun;
      rc = sg_store_add_fun (s, nm, w == SG_WK_DEFINE_FUN ? SG_FUN_DEFINED : SG_FUN_DECLARED,
                             sorts.a, sorts.n, rs, &fun);
      if (rc) rc = sg_perr_store (p, cmd, rc);
      else if (!sg_symtab_bind (&p->st, SG_NS_TERM, nm, SG_B_FUN, fun)) rc = sg_pnomem (p, cmd);
      /* An element of an uninterpreted sort; a declared constant of any other sort (or a
       * declared function) has no value here, so what uses it is undetermined. */
      else if (w != SG_WK_DEFINE_FUN && !sorts.n && sg_sort_kind_of (s, rs) == SG_SORT_USER)
        rc = p->model->element (p->model->ctx, fun);
    }
  SG_VEC_FREE (vars);
  SG_VEC_FREE (sorts);
  return rc;
}

/* Bind every declaration of the script, as at its end. */
static sg_rc
bind_script (sg_parser *p, const sg_script *sc)
{
  sg_store *s = p->s;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      if (c->flags & SG_CMD_RAW) continue;
      const uint32_t *it = sg_cmd_items (sc, c);
      bool ok = true;
      switch (c->kind)
        {
        case SG_WK_DECLARE_FUN: case SG_WK_DECLARE_CONST: case SG_WK_DEFINE_FUN:
        case SG_WK_DEFINE_FUN_REC: case SG_WK_DEFINE_CONST:
          ok = sg_symtab_bind (&p->st, SG_NS_TERM, s->funs.a[c->aux].name, SG_B_FUN, c->aux);
          break;
        case SG_WK_DEFINE_FUNS_REC:
          for (uint32_t k = 0; ok && k < c->n / 2; k++)
            ok = sg_symtab_bind (&p->st, SG_NS_TERM, s->funs.a[it[k]].name, SG_B_FUN, it[k]);
          break;
        case SG_WK_DECLARE_SORT: case SG_WK_DEFINE_SORT:
          ok = sg_symtab_bind (&p->st, SG_NS_SORT, s->sortdecls.a[c->aux].name, SG_B_SORTDECL, c->aux);
          break;
        case SG_WK_DECLARE_DATATYPE: case SG_WK_DECLARE_DATATYPES:
          for (uint32_t k = 0; ok && k < s->dts.a[c->aux].ngroup; k++)
            {
              uint32_t dt = c->aux + k;
              ok = sg_symtab_bind (&p->st, SG_NS_SORT, s->dts.a[dt].name, SG_B_DT, dt);
              const sg_dt *d = &s->dts.a[dt];
              for (uint32_t q = d->cons; ok && q < d->cons + d->ncons; q++)
                {
                  ok = sg_symtab_bind (&p->st, SG_NS_TERM, s->conss.a[q].name, SG_B_CONS, q);
                  for (uint32_t r = 0; ok && r < s->conss.a[q].nsel; r++)
                    ok = sg_symtab_bind (&p->st, SG_NS_TERM, s->sels.a[s->conss.a[q].sel + r].name, SG_B_SEL,
                                         s->conss.a[q].sel + r);
                }
            }
          break;
        default:
          break;
        }
      if (!ok) return sg_diag_set (p->d, SG_RC_NOMEM, 0, 0, "out of memory");
    }
  for (uint32_t f = 0; f < s->funs.n; f++)
    if (s->funs.a[f].kind == SG_FUN_NAMED
        && !sg_symtab_bind (&p->st, SG_NS_TERM, s->funs.a[f].name, SG_B_FUN, f))
      return sg_diag_set (p->d, SG_RC_NOMEM, 0, 0, "out of memory");
  return SG_RC_OK;
}

sg_rc
sg_parse_model (sg_store *store, const sg_script *sc, const char *text, size_t len,
                const char *name, const sg_model_hooks *hooks, sg_diag *diag)
{
  sg_script scratch;
  sg_script_init (&scratch, store);
  sg_parser *p = NULL;
  sg_rc rc = sg_parser_new (store, &scratch, -1, text, len, name, diag, &p);
  if (!rc) { p->model = hooks; rc = bind_script (p, sc); }
  if (!rc) rc = sg_sexp_read (&p->rd);
  if (rc == SG_RC_EOF) rc = sg_diag_set (diag, SG_RC_PARSE, 1, 1, "empty model");
  if (!rc)
    {
      /* (model ...), ( ... ), or the legacy bare list. Commands are the list children; other
       * children (z3's cardinality (forall ...)) are skipped. */
      uint32_t first = kid (0);
      if (has (p, 0, first) && sg_pis_sym (p, first) && !strcmp (atext (p, first), "model"))
        first = next (p, first);
      for (int pass = 1; pass <= 2 && !rc; pass++)
        for (uint32_t c = first; !rc && has (p, 0, c); c = next (p, c))
          {
            if (!sg_pis_list (p, c) || !has (p, c, kid (c)) || !sg_pis_sym (p, kid (c))) continue;
            sg_atom w = sg_pnode (p, kid (c))->atom;
            if (pass == 1) rc = model_declare (p, c);
            else if (w == SG_WK_DEFINE_FUN || w == SG_WK_DEFINE_FUN_REC) rc = sg_pmodel_define (p, c);
          }
      sg_rc more = rc ? rc : sg_sexp_read (&p->rd);
      if (!rc && more != SG_RC_EOF)
        rc = more ? more : sg_diag_set (diag, SG_RC_PARSE, sg_pnode (p, 0)->line, sg_pnode (p, 0)->col,
                                        "unexpected text after the model");
    }
  sg_parser_free (p);
  sg_script_free (&scratch);
  return rc;
}

