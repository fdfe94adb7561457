/* parse_cmd: one reader per SMT-LIB command (set-logic, declare-fun, define-fun, push, assert,
 * ...; declare-datatype(s) in parse_dt.c) and the table from a command's name to its reader
 * (sg_pcommand): each checks the command's form and sorts, binds what it declares and adds the
 * command to the script. Solver extensions are kept verbatim (raw_cmd). Test:
 * tests/unit/front_test.c, ctest front_test, cli_parse. */
#include <stdlib.h>
#include <string.h>

#include "base/answer.h"
#include "base/limits.h"
#include "front/parse_int.h"

/* ---------------------------------------------------------------- helpers */

static sg_rc
need_end (sg_parser *p, uint32_t cmd, uint32_t j)
{
  if (has (p, cmd, j))
    return sg_perr (p, j, SG_RC_PARSE, "unexpected extra argument to '%s'", atext (p, kid (cmd)));
  return SG_RC_OK;
}

/* A function symbol may be declared again only with another signature (overloading: z3 takes
 * other argument sorts or another result sort, constants included; cvc5 constants of other
 * sorts and functions of other argument sorts); uses resolve it (parse_ident.c). */
static sg_rc
fresh_term_name (sg_parser *p, uint32_t j, const sg_sort *params, uint32_t n, sg_sort ret)
{
  sg_store *s = p->s;
  const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, sg_pnode (p, j)->atom);
  for (; b; b = b->prev ? &p->st.b.a[b->prev - 1] : NULL)
    {
      if (b->kind != SG_B_FUN) continue;
      const sg_fun *f = &s->funs.a[b->id];
      if (f->ret != ret || f->nparams != n || (n && memcmp (s->pool.a + f->params, params, n * sizeof *params)))
        continue;
      return sg_perr (p, j, SG_RC_SORT, "'%s' is already declared", atext (p, j));
    }
  return SG_RC_OK;
}

static sg_rc
bool_term (sg_parser *p, uint32_t j, sg_term *t)
{
  sg_rc rc = sg_parse_term (p, j, t);
  if (rc) return rc;
  if (sg_term_sort (p->s, *t) != p->s->s_bool)
    return sg_perr (p, j, SG_RC_SORT, "sort mismatch: expected a Bool term");
  return SG_RC_OK;
}

/* Body of a defined function: parse under its parameters, coerce Int to Real if declared. */
static sg_rc
fun_body (sg_parser *p, uint32_t fun, uint32_t j, sg_term *body)
{
  sg_store *s = p->s;
  uint32_t mark = sg_symtab_mark (&p->st);
  sg_rc rc = sg_pbind_vars (p, j, s->pool.a + s->funs.a[fun].vars, s->funs.a[fun].nparams);
  if (!rc) rc = sg_parse_term (p, j, body);
  sg_symtab_release (&p->st, mark);
  if (rc) return rc;
  sg_sort want = s->funs.a[fun].ret, got = sg_term_sort (s, *body);
  if (got == want) return SG_RC_OK;
  if (got == s->s_int && want == s->s_real)
    {
      s->coerce_terms++; /* a body counts as a term, whatever it is */
      rc = sg_term_intern (s, SG_OP_TO_REAL, SG_TF_IMPLICIT, s->s_real, body, 1, NULL, 0, 0, body);
      return rc ? sg_perr_store (p, j, rc) : SG_RC_OK;
    }
  if (sg_term_fit (s, body, want)) return SG_RC_OK; /* z3: a lambda as an array */
  return sg_perr (p, j, SG_RC_SORT, "sort mismatch: body of '%s' does not have the declared result sort",
                  sg_store_text (s, s->funs.a[fun].name));
}

/* (f ((x S)...) R) signature of define-fun(-rec): creates the fun record. */
static sg_rc
fun_signature (sg_parser *p, uint32_t cmd, uint32_t name, sg_fun_kind kind, uint32_t *fun)
{
  sg_store *s = p->s;
  sg_rc rc;
  if ((rc = sg_pneed_symbol (p, cmd, name, "a function name"))) return rc;
  uint32_t params = next (p, name);
  if (!has (p, cmd, params) || !has (p, cmd, next (p, params)))
    return sg_perr (p, cmd, SG_RC_PARSE, "expected parameters and a result sort");
  sg_u32vec vars = { 0 }, sorts = { 0 };
  rc = sg_psorted_vars (p, params, &vars, &sorts);
  sg_sort ret;
  if (!rc) rc = sg_parse_sort (p, next (p, params), &ret);
  if (!rc) rc = fresh_term_name (p, name, sorts.a, sorts.n, ret);
  if (!rc) rc = sg_store_add_fun (s, sg_pnode (p, name)->atom, kind, sorts.a, sorts.n, ret, fun);
  if (!rc)
    {
      s->funs.a[*fun].vars = s->pool.n;
      if (!SG_VEC_RESERVE (s->pool, vars.n)) rc = sg_pnomem (p, cmd);
      else
        {
          if (vars.n) memcpy (s->pool.a + s->pool.n, vars.a, vars.n * sizeof *vars.a);
          s->pool.n += vars.n;
        }
    }
  else if (rc != SG_RC_PARSE && rc != SG_RC_SORT && rc != SG_RC_LIMIT && !p->d->rc)
    sg_perr_store (p, cmd, rc);
  SG_VEC_FREE (vars);
  SG_VEC_FREE (sorts);
  return rc;
}

/* The parameters of (define-sort NAME (PARAMS) SORT) at ps (n of them) are distinct. The
 * solvers take a definition that names one twice, but none uses it consistently: z3 refuses
 * every application ((P Int Bool): "invalid number of parameters"), cvc5 and cvc4 then reject
 * selects of either index sort. Sorted (atom, position) pairs: any number. A parameter that is
 * no symbol is left to the caller's loop (the first error in the text is reported). */
static sg_rc
sort_params_distinct (sg_parser *p, uint32_t ps, uint32_t n)
{
  if (n < 2) return SG_RC_OK;
  for (uint32_t j = kid (ps); has (p, ps, j); j = next (p, j))
    if (!sg_pis_sym (p, j)) return SG_RC_OK;
  uint64_t *keys = malloc ((size_t) n * sizeof *keys);
  if (!keys) return sg_pnomem (p, ps);
  uint32_t k = 0;
  for (uint32_t j = kid (ps); has (p, ps, j) && k < n; j = next (p, j), k++)
    keys[k] = (uint64_t) sg_pnode (p, j)->atom << 32 | k;
  uint32_t dup = sg_pfirst_dup (keys, k);
  free (keys);
  if (dup == UINT32_MAX) return SG_RC_OK;
  uint32_t j = kid (ps);
  for (uint32_t q = 0; q < dup; q++) j = next (p, j);
  return sg_perr (p, j, SG_RC_PARSE, "sort parameter '%s' named twice", atext (p, j));
}

/* Keep command `cmd` verbatim (solver extensions, get-value of non-terms). */
static sg_rc
raw_cmd (sg_parser *p, uint32_t cmd, uint16_t kind)
{
  sg_atom text;
  sg_rc rc = sg_psx_text (p, cmd, &text);
  if (!rc) rc = sg_padd_cmd (p, cmd, kind, text, NULL, 0);
  if (!rc) p->sc->cmds.a[p->sc->cmds.n - 1].flags = SG_CMD_RAW;
  return rc;
}

/* Close the innermost n of the open assertion levels (n <= p->depth). */
static void
release_levels (sg_parser *p, uint64_t n)
{
  while (n > 0 && p->levels.n > 0)
    {
      sg_plevels *top = &SG_VEC_TOP (p->levels);
      uint64_t k = n < top->count ? n : top->count;
      /* What was declared since this push belongs to its innermost level. */
      if (!p->global_decls) sg_symtab_release (&p->st, top->mark);
      top->count -= (uint32_t) k;
      p->depth -= k;
      n -= k;
      if (top->count == 0) p->levels.n--;
    }
}

/* Is a term symbol named sat, unsat or unknown in scope (a constant, function, constructor or
 * selector: eval, simplify or display may print it bare)? */
static bool
answer_symbol_bound (const sg_parser *p)
{
  static const char *const words[] = { "sat", "unsat", "unknown" };
  for (int i = 0; i < 3; i++)
    {
      sg_atom a = sg_atom_find (&p->s->atoms, words[i], strlen (words[i]));
      if (a != SG_ATOM_NONE && sg_symtab_lookup (&p->st, SG_NS_TERM, a)) return true;
    }
  return false;
}

/* ---------------------------------------------------------------- commands */

/* (define-const NAME SORT TERM): a defined function of no arguments. */
static sg_rc
cmd_define_const (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  if ((rc = sg_pneed_symbol (p, cmd, a1, "a constant name"))) return rc;
  uint32_t srt = next (p, a1), body = has (p, cmd, srt) ? next (p, srt) : srt;
  if (!has (p, cmd, body)) return sg_perr (p, cmd, SG_RC_PARSE, "expected (define-const NAME SORT TERM)");
  if ((rc = need_end (p, cmd, next (p, body)))) return rc;
  sg_sort ret;
  sg_term t;
  uint32_t fun;
  if ((rc = sg_parse_sort (p, srt, &ret)) || (rc = fresh_term_name (p, a1, NULL, 0, ret))) return rc;
  if ((rc = sg_store_add_fun (s, sg_pnode (p, a1)->atom, SG_FUN_DEFINED, NULL, 0, ret, &fun)))
    return sg_perr_store (p, cmd, rc);
  s->funs.a[fun].vars = s->pool.n;
  if ((rc = fun_body (p, fun, body, &t))) return rc;
  s->funs.a[fun].body = t;
  if (!sg_symtab_bind (&p->st, SG_NS_TERM, s->funs.a[fun].name, SG_B_FUN, fun)) return sg_pnomem (p, cmd);
  return sg_padd_cmd (p, cmd, kind, fun, &t, 1);
}

/* (set-logic NAME): record the logic. */
static sg_rc
cmd_set_logic (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  if ((rc = sg_pneed_symbol (p, cmd, a1, "a logic name")) || (rc = need_end (p, cmd, next (p, a1)))) return rc;
  p->sc->logic = sg_pnode (p, a1)->atom;
  return sg_padd_cmd (p, cmd, kind, sg_pnode (p, a1)->atom, NULL, 0);
}

/* (set-option|set-info|get-info|get-option KEYWORD [VALUE]). */
static sg_rc
cmd_keyword (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  if (!has (p, cmd, a1) || sg_pnode (p, a1)->kind != SG_TOK_KEYWORD)
    return sg_perr (p, has (p, cmd, a1) ? a1 : cmd, SG_RC_PARSE, "expected a keyword");
  uint32_t v = next (p, a1);
  sg_atom val = SG_ATOM_NONE;
  if (kind == SG_WK_SET_OPTION || kind == SG_WK_SET_INFO)
    {
      if (has (p, cmd, v))
        {
          if ((rc = sg_psx_text (p, v, &val))) return rc;
          v = next (p, v);
        }
      if (kind == SG_WK_SET_OPTION && !strcmp (atext (p, a1), ":global-declarations"))
        p->global_decls = val != SG_ATOM_NONE && !strcmp (sg_store_text (s, val), "true");
    }
  if ((rc = need_end (p, cmd, v))) return rc;
  return sg_padd_cmd (p, cmd, kind, sg_pnode (p, a1)->atom, &val, val == SG_ATOM_NONE ? 0 : 1);
}

/* Sort declaration d of command cmd (declare-sort, define-sort): stored, bound to its name,
 * the command recorded. */
static sg_rc
add_sortdecl (sg_parser *p, uint32_t cmd, uint16_t kind, const sg_sortdecl *d)
{
  sg_store *s = p->s;
  if (!SG_VEC_PUSH (s->sortdecls, *d)) return sg_pnomem (p, cmd);
  if (!sg_symtab_bind (&p->st, SG_NS_SORT, d->name, SG_B_SORTDECL, s->sortdecls.n - 1)) return sg_pnomem (p, cmd);
  return sg_padd_cmd (p, cmd, kind, s->sortdecls.n - 1, NULL, 0);
}

/* (declare-sort NAME [ARITY]): a new uninterpreted sort. */
static sg_rc
cmd_declare_sort (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  if ((rc = sg_pneed_symbol (p, cmd, a1, "a sort name")) || (rc = sg_pfresh_sort_name (p, a1))) return rc;
  uint32_t ar = next (p, a1), arity = 0;
  if (has (p, cmd, ar))
    {
      if ((rc = sg_pindex (p, ar, &arity))) return rc;
      ar = next (p, ar);
    }
  if ((rc = need_end (p, cmd, ar))) return rc;
  sg_sortdecl d = { sg_pnode (p, a1)->atom, false, arity, 0, SG_NONE };
  return add_sortdecl (p, cmd, kind, &d);
}

/* (define-sort NAME (PARAMS) SORT): a sort abbreviation. */
static sg_rc
cmd_define_sort (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  if ((rc = sg_pneed_symbol (p, cmd, a1, "a sort name")) || (rc = sg_pfresh_sort_name (p, a1))) return rc;
  uint32_t ps = next (p, a1), body = has (p, cmd, ps) ? next (p, ps) : ps;
  if (!has (p, cmd, ps) || !sg_pis_list (p, ps) || !has (p, cmd, body))
    return sg_perr (p, cmd, SG_RC_PARSE, "expected (define-sort NAME (PARAMS) SORT)");
  if ((rc = need_end (p, cmd, next (p, body)))) return rc;
  sg_sortdecl d = { sg_pnode (p, a1)->atom, true, sg_pcount_from (p, ps, kid (ps)), s->pool.n, SG_NONE };
  if ((rc = sort_params_distinct (p, ps, d.arity))) return rc;
  uint32_t mark = sg_symtab_mark (&p->st);
  rc = sg_pbind_sort_params (p, ps);
  if (!rc) rc = sg_parse_sort (p, body, &d.body);
  sg_symtab_release (&p->st, mark);
  if (rc) return rc;
  return add_sortdecl (p, cmd, kind, &d);
}

/* (declare-const NAME SORT) or (declare-fun NAME (SORT*) SORT). */
static sg_rc
cmd_declare_fun (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  uint32_t fun;
  if ((rc = sg_pneed_symbol (p, cmd, a1, "a function name"))) return rc;
  uint32_t j = next (p, a1);
  SG_VEC_CLEAR (p->tmp);
  if (kind == SG_WK_DECLARE_FUN)
    {
      if (!has (p, cmd, j) || !sg_pis_list (p, j))
        return sg_perr (p, has (p, cmd, j) ? j : cmd, SG_RC_PARSE, "expected a list of argument sorts");
      for (uint32_t k = kid (j); has (p, j, k); k = next (p, k))
        {
          sg_sort x;
          if ((rc = sg_parse_sort (p, k, &x))) return rc;
          if (!SG_VEC_PUSH (p->tmp, x)) return sg_pnomem (p, k);
        }
      j = next (p, j);
    }
  sg_sort ret;
  if (!has (p, cmd, j)) return sg_perr (p, cmd, SG_RC_PARSE, "missing the result sort");
  if ((rc = sg_parse_sort (p, j, &ret)) || (rc = need_end (p, cmd, next (p, j)))) return rc;
  if ((rc = fresh_term_name (p, a1, p->tmp.a, p->tmp.n, ret))) return rc;
  if ((rc = sg_store_add_fun (s, sg_pnode (p, a1)->atom, SG_FUN_DECLARED, p->tmp.a, p->tmp.n, ret, &fun)))
    return sg_perr_store (p, cmd, rc);
  if (!sg_symtab_bind (&p->st, SG_NS_TERM, sg_pnode (p, a1)->atom, SG_B_FUN, fun)) return sg_pnomem (p, cmd);
  return sg_padd_cmd (p, cmd, kind, fun, NULL, 0);
}

/* (define-fun|define-fun-rec NAME ((VAR SORT)*) SORT BODY). */
static sg_rc
cmd_define_fun (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  sg_term t;
  uint32_t fun;
  if (p->model) return sg_pmodel_define (p, cmd);
  if ((rc = fun_signature (p, cmd, a1, kind == SG_WK_DEFINE_FUN ? SG_FUN_DEFINED : SG_FUN_REC, &fun)))
    return rc;
  uint32_t body = next (p, next (p, next (p, a1)));
  if (!has (p, cmd, body)) return sg_perr (p, cmd, SG_RC_PARSE, "missing the function body");
  if ((rc = need_end (p, cmd, next (p, body)))) return rc;
  if (kind == SG_WK_DEFINE_FUN_REC && !sg_symtab_bind (&p->st, SG_NS_TERM, s->funs.a[fun].name, SG_B_FUN, fun))
    return sg_pnomem (p, cmd);
  if ((rc = fun_body (p, fun, body, &t))) return rc;
  s->funs.a[fun].body = t;
  if (kind == SG_WK_DEFINE_FUN && !sg_symtab_bind (&p->st, SG_NS_TERM, s->funs.a[fun].name, SG_B_FUN, fun))
    return sg_pnomem (p, cmd);
  return sg_padd_cmd (p, cmd, kind, fun, &t, 1);
}

/* (define-funs-rec (DECL+) (BODY+)): mutually recursive functions. */
static sg_rc
cmd_define_funs_rec (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  sg_term t;
  uint32_t fun;
  uint32_t decls = a1, bodies = has (p, cmd, a1) ? next (p, a1) : a1;
  if (!has (p, cmd, decls) || !sg_pis_list (p, decls) || !has (p, cmd, bodies) || !sg_pis_list (p, bodies))
    return sg_perr (p, cmd, SG_RC_PARSE, "expected (define-funs-rec (DECL+) (BODY+))");
  if ((rc = need_end (p, cmd, next (p, bodies)))) return rc;
  uint32_t n = sg_pcount_from (p, decls, kid (decls));
  if (n == 0 || n != sg_pcount_from (p, bodies, kid (bodies)))
    return sg_perr (p, bodies, SG_RC_PARSE, "define-funs-rec needs as many bodies as declarations");
  sg_u32vec items = { 0 };
  rc = SG_RC_OK;
  for (uint32_t d = kid (decls); !rc && has (p, decls, d); d = next (p, d))
    {
      if (!sg_pis_list (p, d)) { rc = sg_perr (p, d, SG_RC_PARSE, "expected (NAME ((VAR SORT)*) SORT)"); break; }
      /* fun_signature reads name, params, result from a list: treat d as the command */
      if ((rc = fun_signature (p, d, kid (d), SG_FUN_REC, &fun))) break;
      if (next (p, next (p, next (p, kid (d)))) != next (p, d))
        { rc = sg_perr (p, d, SG_RC_PARSE, "expected (NAME ((VAR SORT)*) SORT)"); break; }
      if (!SG_VEC_PUSH (items, fun) || !sg_symtab_bind (&p->st, SG_NS_TERM, s->funs.a[fun].name, SG_B_FUN, fun))
        rc = sg_pnomem (p, d);
    }
  uint32_t k = 0;
  for (uint32_t b = kid (bodies); !rc && has (p, bodies, b); b = next (p, b), k++)
    {
      if ((rc = fun_body (p, items.a[k], b, &t))) break;
      s->funs.a[items.a[k]].body = t;
      if (!SG_VEC_PUSH (items, t)) rc = sg_pnomem (p, b);
    }
  if (!rc) rc = sg_padd_cmd (p, cmd, kind, SG_NONE, items.a, items.n);
  SG_VEC_FREE (items);
  return rc;
}

/* (push [N]) or (pop [N]): open or close assertion levels. */
static sg_rc
cmd_push_pop (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  uint32_t n = SG_NONE, cnt = 1;
  if (has (p, cmd, a1))
    {
      if ((rc = sg_pindex (p, a1, &n)) || (rc = need_end (p, cmd, next (p, a1)))) return rc;
      cnt = n;
    }
  if (kind == SG_WK_PUSH)
    {
      if (p->depth + cnt > SG_LIMIT_PUSH_LEVELS)
        return sg_perr (p, cmd, SG_RC_LIMIT, "push %u: more than %u assertion levels open", cnt,
                        (unsigned) SG_LIMIT_PUSH_LEVELS);
      if (cnt > 0)
        {
          sg_plevels f = { sg_symtab_mark (&p->st), cnt };
          if (!SG_VEC_PUSH (p->levels, f)) return sg_pnomem (p, cmd);
          p->depth += cnt;
        }
    }
  else
    {
      if (cnt > p->depth)
        return sg_perr (p, cmd, SG_RC_SORT, "pop %u exceeds the %llu pushed level%s", cnt,
                        (unsigned long long) p->depth, p->depth == 1 ? "" : "s");
      release_levels (p, cnt);
    }
  return sg_padd_cmd (p, cmd, kind, n, NULL, 0);
}

/* (reset): forget every declaration and level. */
static sg_rc
cmd_reset (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  if ((rc = need_end (p, cmd, a1))) return rc;
  p->levels.n = 0;
  p->depth = 0;
  sg_symtab_release (&p->st, 0);
  p->global_decls = false;
  return sg_padd_cmd (p, cmd, kind, 0, NULL, 0);
}

/* (reset-assertions): close every open level. */
static sg_rc
cmd_reset_assertions (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  if ((rc = need_end (p, cmd, a1))) return rc;
  release_levels (p, p->depth);
  return sg_padd_cmd (p, cmd, kind, 0, NULL, 0);
}

/* (assert TERM): a Boolean term. */
static sg_rc
cmd_assert (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  sg_term t;
  if (!has (p, cmd, a1)) return sg_perr (p, cmd, SG_RC_PARSE, "assert needs a term");
  if ((rc = need_end (p, cmd, next (p, a1))) || (rc = bool_term (p, a1, &t))) return rc;
  return sg_padd_cmd (p, cmd, kind, 0, &t, 1);
}

/* (check-sat-assuming (TERM*)) or (get-value (TERM+)). */
static sg_rc
cmd_term_list (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  sg_term t;
  if (!has (p, cmd, a1) || !sg_pis_list (p, a1))
    return sg_perr (p, has (p, cmd, a1) ? a1 : cmd, SG_RC_PARSE, "expected a list of terms");
  if ((rc = need_end (p, cmd, next (p, a1)))) return rc;
  if (kind == SG_WK_GET_VALUE && !has (p, a1, kid (a1)))
    return sg_perr (p, a1, SG_RC_PARSE, "get-value needs at least one term");
  sg_u32vec items = { 0 };
  rc = SG_RC_OK;
  for (uint32_t j = kid (a1); !rc && has (p, a1, j); j = next (p, j))
    {
      rc = kind == SG_WK_GET_VALUE ? sg_parse_term (p, j, &t) : bool_term (p, j, &t);
      if (!rc && !SG_VEC_PUSH (items, t)) rc = sg_pnomem (p, j);
    }
  if (rc == SG_RC_SORT && kind == SG_WK_GET_VALUE)
    {
      /* Solvers answer get-value on function symbols and their own abstract values
       * (@x); such a command cannot change the answer, so keep it as text. */
      sg_diag_init (p->d, p->d->file);
      SG_VEC_FREE (items);
      return raw_cmd (p, cmd, kind);
    }
  if (!rc) rc = sg_padd_cmd (p, cmd, kind, 0, items.a, items.n);
  SG_VEC_FREE (items);
  return rc;
}

/* (echo STRING): refused when it prints an answer word. */
static sg_rc
cmd_echo (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  if (!has (p, cmd, a1) || sg_pnode (p, a1)->kind != SG_TOK_STRING)
    return sg_perr (p, has (p, cmd, a1) ? a1 : cmd, SG_RC_PARSE, "echo needs a string literal");
  if ((rc = need_end (p, cmd, next (p, a1)))) return rc;
  sg_atom str = sg_pnode (p, a1)->atom;
  if (sg_answer_text_has_line (sg_store_text (p->s, str), sg_atom_len (&p->s->atoms, str)))
    return sg_perr (p, a1, SG_RC_PARSE,
                    "echo prints an answer word (sat, unsat or unknown on a line of its own), "
                    "which would be taken as a solver's answer: remove the echo");
  return sg_padd_cmd (p, cmd, kind, str, NULL, 0);
}

/* A command without arguments (check-sat, exit, get-model, ...). */
static sg_rc
cmd_no_args (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  if ((rc = need_end (p, cmd, a1))) return rc;
  return sg_padd_cmd (p, cmd, kind, 0, NULL, 0);
}

/* (check-sat), and z3's (check-sat TERM...): the terms are its assumptions, read as
 * (check-sat-assuming (TERM...)), which z3 answers the same way and the other solvers read
 * (they refuse check-sat with arguments). */
static sg_rc
cmd_check_sat (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  if (!has (p, cmd, a1)) return sg_padd_cmd (p, cmd, kind, 0, NULL, 0);
  sg_u32vec items = { 0 };
  sg_rc rc = SG_RC_OK;
  for (uint32_t j = a1; !rc && has (p, cmd, j); j = next (p, j))
    {
      sg_term t;
      rc = bool_term (p, j, &t);
      if (!rc && !SG_VEC_PUSH (items, t)) rc = sg_pnomem (p, j);
    }
  if (!rc) rc = sg_padd_cmd (p, cmd, SG_WK_CHECK_SAT_ASSUMING, 0, items.a, items.n);
  SG_VEC_FREE (items);
  return rc;
}

/* A command's reader: cmd is the command's list, a1 its first argument's node. */
typedef sg_rc cmd_reader (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1);

/* The reader of each command of wk.def (SG_WK_ASSERT to SG_WK_DEFINE_CONST), a line a reader. */
static cmd_reader *const READERS[SG_WK_DEFINE_CONST + 1] = {
  [SG_WK_ASSERT] = cmd_assert,
  [SG_WK_CHECK_SAT_ASSUMING] = cmd_term_list, [SG_WK_GET_VALUE] = cmd_term_list,
  [SG_WK_DECLARE_CONST] = cmd_declare_fun, [SG_WK_DECLARE_FUN] = cmd_declare_fun,
  [SG_WK_DECLARE_DATATYPE] = sg_pdatatypes, [SG_WK_DECLARE_DATATYPES] = sg_pdatatypes,
  [SG_WK_DECLARE_SORT] = cmd_declare_sort,
  [SG_WK_DEFINE_FUN] = cmd_define_fun, [SG_WK_DEFINE_FUN_REC] = cmd_define_fun,
  [SG_WK_DEFINE_FUNS_REC] = cmd_define_funs_rec,
  [SG_WK_DEFINE_SORT] = cmd_define_sort,
  [SG_WK_ECHO] = cmd_echo,
  [SG_WK_CHECK_SAT] = cmd_check_sat, [SG_WK_EXIT] = cmd_no_args, [SG_WK_GET_ASSERTIONS] = cmd_no_args,
  [SG_WK_GET_ASSIGNMENT] = cmd_no_args, [SG_WK_GET_MODEL] = cmd_no_args, [SG_WK_GET_PROOF] = cmd_no_args,
  [SG_WK_GET_UNSAT_ASSUMPTIONS] = cmd_no_args, [SG_WK_GET_UNSAT_CORE] = cmd_no_args,
  [SG_WK_SET_INFO] = cmd_keyword, [SG_WK_SET_OPTION] = cmd_keyword, [SG_WK_GET_INFO] = cmd_keyword,
  [SG_WK_GET_OPTION] = cmd_keyword,
  [SG_WK_PUSH] = cmd_push_pop, [SG_WK_POP] = cmd_push_pop,
  [SG_WK_RESET] = cmd_reset, [SG_WK_RESET_ASSERTIONS] = cmd_reset_assertions,
  [SG_WK_SET_LOGIC] = cmd_set_logic, [SG_WK_DEFINE_CONST] = cmd_define_const,
};

sg_rc
sg_pcommand (sg_parser *p, const uint32_t cmd)
{
  uint32_t h = kid (cmd);
  if (!has (p, cmd, h)) return sg_perr (p, cmd, SG_RC_PARSE, "empty command '()'");
  if (!sg_pis_sym (p, h)) return sg_perr (p, h, SG_RC_PARSE, "expected a command name");
  sg_atom a = sg_pnode (p, h)->atom;
  if (a > SG_WK_LAST_COMMAND) return sg_perr (p, h, SG_RC_PARSE, "unknown command '%s'", atext (p, h));
  uint16_t kind = (uint16_t) a;
  uint32_t a1 = next (p, h);
  sg_rc rc;
  if (kind == SG_WK_DECLARE_CODATATYPE || kind == SG_WK_DECLARE_CODATATYPES)
    {
      rc = sg_pdatatypes (p, cmd, kind == SG_WK_DECLARE_CODATATYPE ? SG_WK_DECLARE_DATATYPE : SG_WK_DECLARE_DATATYPES,
                          a1);
      if (!rc) p->sc->cmds.a[p->sc->cmds.n - 1].flags |= SG_CMD_CO;
      return rc;
    }
  /* Commands whose output a solver's answers could not be told from (run/classify.c reads a
   * line "sat", "unsat" or "unknown" as an answer): refused, never a false alarm. */
  if (kind == SG_WK_CHECK_SAT_USING && p->keep_csu) return raw_cmd (p, cmd, kind);
  if (kind == SG_WK_CHECK_SAT_USING)
    return sg_perr (p, h, SG_RC_PARSE, "check-sat-using: z3 answers it like check-sat and the other solvers "
                    "reject it, so their answers would not line up (use check-sat)");
  if ((kind == SG_WK_EVAL || kind == SG_WK_SIMPLIFY || kind == SG_WK_DISPLAY) && answer_symbol_bound (p))
    return sg_perr (p, h, SG_RC_PARSE, "%s prints a term bare and a symbol named sat, unsat or unknown is "
                    "declared: its output could be taken as a solver's answer", atext (p, h));
  if (kind > SG_WK_DEFINE_CONST) return raw_cmd (p, cmd, kind);
  cmd_reader *read = READERS[kind];
  if (read) return read (p, cmd, kind, a1);
  return sg_perr (p, h, SG_RC_PARSE, "unknown command '%s'", atext (p, h));
}
