/* parse_term: iterative parsing and sort checking of terms (sorts: parse_sort.c).
 *   term ::= spec_constant | qual_identifier | (qual_identifier term+)
 *          | (let ((var term)+) term) | (forall|exists ((var sort)+) term)
 *          | (match term ((pattern term)+)) | (! term attribute+)
 * Depth is handled with explicit stacks (frames, vals), never recursion. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/limits.h"
#include "front/parse_int.h"
#include "front/store_int.h"

enum { F_ATOM, F_APP, F_LET, F_QUANT, F_MATCH, F_ANNOT };


sg_rc
sg_perr (sg_parser *p, uint32_t i, sg_rc rc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  const sg_sx *x = sg_pnode (p, i);
  sg_diag_vset (p->d, rc, x->line, x->col, fmt, ap);
  va_end (ap);
  return rc;
}

sg_rc
sg_perr_store (sg_parser *p, uint32_t i, sg_rc rc)
{
  return sg_perr (p, i, rc, "%s", p->s->err);
}

/* ---------------------------------------------------------------- identifiers */

static sg_rc
push_val (sg_parser *p, uint32_t i, sg_term t)
{
  return SG_VEC_PUSH (p->vals, t) ? SG_RC_OK : sg_pnomem (p, i);
}

/* The constructor named by node i (symbol), or SG_NONE. */
static uint32_t
cons_of (sg_parser *p, uint32_t i)
{
  const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, sg_pnode (p, i)->atom);
  return b && b->kind == SG_B_CONS ? b->id : SG_NONE;
}

/* Function fun applied to n arguments other than its arity (higher-order): as a value when
 * n == 0, a partial application when fewer, an application of its function-sorted result
 * when more. SG_RC_SORT (store->err set) when none fits. */
static sg_rc
ho_app (sg_store *s, uint32_t fun, const sg_term *args, uint32_t n, sg_term *out)
{
  const sg_fun *f = &s->funs.a[fun];
  uint32_t np = f->nparams;
  sg_term h;
  sg_rc rc;
  if (n < np)
    {
      if ((rc = sg_mk_fun_ref (s, fun, &h))) return rc;
      if (n == 0) { *out = h; return SG_RC_OK; }
      return sg_mk_ho_apply (s, h, args, n, true, out);
    }
  if (n > np && sg_sort_kind_of (s, f->ret) == SG_SORT_FUN)
    {
      if ((rc = sg_mk_fun_app (s, fun, args, np, &h))) return rc;
      return sg_mk_ho_apply (s, h, args + np, n - np, np == 0, out);
    }
  return sg_store_err (s, SG_RC_SORT, "'%s' expects %u argument%s, got %u", sg_store_text (s, f->name), np,
                       np == 1 ? "" : "s", n);
}

/* A symbol in head or constant position applied to n arguments. */
static sg_rc
apply_symbol (sg_parser *p, uint32_t i, const sg_term *args, uint32_t n, sg_term *out)
{
  sg_store *s = p->s;
  sg_atom a = sg_pnode (p, i)->atom;
  const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, a);
  sg_rc rc = SG_RC_OK, first = SG_RC_OK;
  char msg[sizeof s->err];
  if (b && b->kind == SG_B_BVAR)
    {
      if (n && sg_sort_kind_of (s, sg_term_sort (s, b->id)) == SG_SORT_FUN)
        {
          rc = sg_mk_ho_apply (s, b->id, args, n, true, out);
          return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
        }
      if (n) return sg_perr (p, i, SG_RC_SORT, "'%s' is a variable, not a function", atext (p, i));
      *out = b->id;
      return SG_RC_OK;
    }
  /* Overloaded symbols: the innermost declaration that accepts the arguments wins. */
  for (; b; b = b->prev ? &p->st.b.a[b->prev - 1] : NULL)
    {
      switch ((sg_bind_kind) b->kind)
        {
        case SG_B_FUN: rc = sg_mk_fun_app (s, b->id, args, n, out); break;
        case SG_B_CONS: rc = sg_mk_dt_cons (s, b->id, args, n, SG_NONE, out); break;
        case SG_B_SEL:
          if (n != 1)
            rc = sg_store_err (s, SG_RC_SORT, "selector '%s' expects 1 argument, got %u", atext (p, i), n);
          else
            rc = sg_mk_dt_sel (s, b->id, args[0], out);
          break;
        default: continue;
        }
      if (!rc) return SG_RC_OK;
      if (rc != SG_RC_SORT) return sg_perr_store (p, i, rc);
      if (!first) { first = rc; memcpy (msg, s->err, sizeof msg); }
    }
  if (first)
    {
      /* Higher-order: a function used with fewer or more arguments than it declares. */
      b = sg_symtab_lookup (&p->st, SG_NS_TERM, a);
      for (; b; b = b->prev ? &p->st.b.a[b->prev - 1] : NULL)
        if (b->kind == SG_B_FUN && ho_app (s, b->id, args, n, out) == SG_RC_OK) return SG_RC_OK;
      memcpy (s->err, msg, sizeof msg);
      return sg_perr_store (p, i, first);
    }
  if (sg_atom_is_builtin_op (a))
    {
      rc = sg_mk_app (s, sg_atom_builtin_op (a), args, n, NULL, 0, out);
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    }
  const char *t = atext (p, i);
  if (p->model && t[0] == '@' && n == 0 && p->model_expect != SG_NONE)
    {
      /* A solver's name for an element of an uninterpreted sort: (as @U_0 U) or @uc_U_0. */
      uint32_t fun;
      rc = sg_store_add_fun (s, a, SG_FUN_DECLARED, NULL, 0, p->model_expect, &fun);
      if (rc) return sg_perr_store (p, i, rc);
      /* Bound again after the enclosing definition's parameters are released. */
      if (!sg_symtab_bind (&p->st, SG_NS_TERM, a, SG_B_FUN, fun) || !SG_VEC_PUSH (p->named, fun))
        return sg_pnomem (p, i);
      /* Only an uninterpreted sort has elements: '@4' where a String is expected stays a
       * constant without a value (what uses it is undetermined). */
      if (sg_sort_kind_of (s, p->model_expect) == SG_SORT_USER
          && (rc = p->model->element (p->model->ctx, fun)))
        return rc;
      rc = sg_mk_fun_app (s, fun, NULL, 0, out);
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    }
  if (!strncmp (t, "is-", 3) && n == 1)
    {
      sg_atom c = sg_atom_find (&s->atoms, t + 3, strlen (t + 3));
      const sg_binding *cb = c == SG_ATOM_NONE ? NULL : sg_symtab_lookup (&p->st, SG_NS_TERM, c);
      if (cb && cb->kind == SG_B_CONS)
        {
          rc = sg_mk_dt_test (s, cb->id, args[0], true, out);
          return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
        }
    }
  if (t[0] == '-' && t[1] >= '0' && t[1] <= '9' && n == 0)
    {
      /* z3 reads the symbol -N (or -N.M) as the negative number: (- N) */
      size_t len = strlen (t + 1);
      const char *dot = memchr (t + 1, '.', len);
      sg_term lit;
      rc = sg_mk_literal (s, dot ? SG_OP_DECIMAL : SG_OP_NUMERAL, t + 1, (uint32_t) len, &lit);
      if (!rc) rc = sg_mk_app (s, SG_OP_NEG_SUB, &lit, 1, NULL, 0, out);
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    }
  return sg_perr (p, i, SG_RC_SORT, "unknown %s '%s'", n ? "function symbol" : "symbol", t);
}

/* (_ name idx...) applied to n arguments (n may be 0). */
static sg_rc
apply_indexed (sg_parser *p, uint32_t i, const sg_term *args, uint32_t n, sg_term *out)
{
  sg_store *s = p->s;
  uint32_t name = next (p, kid (i));
  if (!has (p, i, name) || !sg_pis_sym (p, name))
    return sg_perr (p, i, SG_RC_PARSE, "malformed indexed identifier");
  sg_atom a = sg_pnode (p, name)->atom;
  uint32_t first = next (p, name);
  sg_rc rc;
  if (a == SG_WK_IS)
    {
      if (!has (p, i, first) || !sg_pis_sym (p, first) || next (p, first) != next (p, i))
        return sg_perr (p, i, SG_RC_PARSE, "expected (_ is CONSTRUCTOR)");
      uint32_t c = cons_of (p, first);
      if (c == SG_NONE) return sg_perr (p, first, SG_RC_SORT, "'%s' is not a constructor", atext (p, first));
      if (n != 1) return sg_perr (p, i, SG_RC_SORT, "tester expects 1 argument, got %u", n);
      rc = sg_mk_dt_test (s, c, args[0], false, out);
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    }
  if (!strcmp (atext (p, name), "as-array") && has (p, i, first) && sg_pis_sym (p, first)
      && next (p, first) == next (p, i) && n == 0)
    {
      /* z3 models: the array whose graph is the unary function named by the index. */
      const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, sg_pnode (p, first)->atom);
      if (!b || b->kind != SG_B_FUN || s->funs.a[b->id].nparams != 1)
        return sg_perr (p, first, SG_RC_SORT, "(_ as-array F) needs a unary function F");
      sg_sort arr;
      rc = sg_sort_array (s, s->pool.a[s->funs.a[b->id].params], s->funs.a[b->id].ret, &arr);
      if (!rc) rc = sg_term_intern (s, SG_OP_AS_ARRAY, 0, arr, NULL, 0, NULL, 0, b->id, out);
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    }
  if (!strcmp (atext (p, name), "update") && has (p, i, first) && sg_pis_sym (p, first)
      && next (p, first) == next (p, i))
    {
      /* cvc5: ((_ update SEL) t v), t with v in the field of SEL */
      const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, sg_pnode (p, first)->atom);
      if (!b || b->kind != SG_B_SEL) return sg_perr (p, first, SG_RC_SORT, "'%s' is not a selector", atext (p, first));
      if (n != 2) return sg_perr (p, i, SG_RC_SORT, "updater expects 2 arguments, got %u", n);
      rc = sg_mk_dt_update (s, b->id, args[0], args[1], out);
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    }
  if (!strcmp (atext (p, name), "fmf.card") && has (p, i, first) && has (p, i, next (p, first))
      && next (p, next (p, first)) == next (p, i))
    {
      /* cvc5: (_ fmf.card SORT n), a cardinality constraint on an uninterpreted sort */
      sg_sort so;
      uint32_t card;
      if ((rc = sg_parse_sort (p, first, &so)) || (rc = sg_pindex (p, next (p, first), &card))) return rc;
      if (n) return sg_perr (p, i, SG_RC_SORT, "(_ fmf.card S n) takes no arguments");
      rc = sg_term_intern (s, SG_OP_FMF_CARD, 0, s->s_bool, NULL, 0, &card, 1, so, out);
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    }
  if (!strcmp (atext (p, name), "char") && has (p, i, first) && next (p, first) == next (p, i)
      && sg_pnode (p, first)->kind == SG_TOK_HEX)
    {
      /* (_ char #xH): the one-character string of code point H (SMT-LIB strings, <= #x2FFFF) */
      const char *h = atext (p, first) + 2;
      size_t hl = strlen (h);
      unsigned long cp = hl >= 1 && hl <= 5 ? strtoul (h, NULL, 16) : 0x30000;
      if (cp > 0x2FFFF) return sg_perr (p, first, SG_RC_SORT, "(_ char %s): not a code point of 1 to 5 hex digits up to #x2FFFF", atext (p, first));
      if (n) return sg_perr (p, i, SG_RC_SORT, "(_ char H) takes no arguments");
      char esc[16];
      int w = snprintf (esc, sizeof esc, "\\u{%lx}", cp);
      rc = sg_mk_literal (s, SG_OP_STRING, esc, (uint32_t) w, out);
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    }
  uint32_t idx[8], nidx = 0;
  for (uint32_t j = first; has (p, i, j); j = next (p, j))
    {
      if (nidx == 8) return sg_perr (p, j, SG_RC_SORT, "too many indices");
      if ((rc = sg_pindex (p, j, &idx[nidx++]))) return rc;
    }
  if (nidx == 0) return sg_perr (p, i, SG_RC_PARSE, "indexed identifier without indices");
  const char *t = atext (p, name);
  if (t[0] == 'b' && t[1] == 'v' && t[2] >= '0' && t[2] <= '9')
    {
      if (n || nidx != 1)
        return sg_perr (p, i, SG_RC_SORT, "bit-vector literal (_ bvN W) takes one index and no arguments");
      rc = sg_mk_bvlit (s, t + 2, (uint32_t) strlen (t + 2), idx[0], out);
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    }
  if (!sg_atom_is_builtin_op (a))
    return sg_perr (p, name, SG_RC_SORT, "unknown indexed identifier '%s'", t);
  rc = sg_mk_app (s, sg_atom_builtin_op (a), args, n, idx, nidx, out);
  return rc ? sg_perr_store (p, name, rc) : SG_RC_OK;
}

/* (as id sort) applied to n arguments. */
static sg_rc
apply_as (sg_parser *p, uint32_t i, const sg_term *args, uint32_t n, sg_term *out)
{
  uint32_t id = next (p, kid (i));
  uint32_t srt = has (p, i, id) ? next (p, id) : id;
  if (!has (p, i, srt) || next (p, srt) != next (p, i))
    return sg_perr (p, i, SG_RC_PARSE, "expected (as IDENTIFIER SORT)");
  sg_sort sort;
  sg_rc rc = sg_parse_sort (p, srt, &sort);
  if (rc) return rc;
  p->model_expect = sort;
  if (sg_pis_sym (p, id) && sg_pnode (p, id)->atom == SG_WK_CONST)
    {
      if (n != 1) return sg_perr (p, i, SG_RC_SORT, "(as const S) expects 1 argument, got %u", n);
      rc = sg_mk_const_array (p->s, sort, args[0], out);
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    }
  if (sg_pis_sym (p, id))
    {
      uint32_t c = cons_of (p, id);
      if (c != SG_NONE)
        {
          rc = sg_mk_dt_cons (p->s, c, args, n, sort, out);
          return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
        }
      sg_atom a = sg_pnode (p, id)->atom;
      if (sg_atom_is_builtin_op (a) && !sg_symtab_lookup (&p->st, SG_NS_TERM, a)
          && sg_op_info (sg_atom_builtin_op (a))->rule == SG_RULE_POLY)
        {
          rc = sg_mk_app_as (p->s, sg_atom_builtin_op (a), args, n, sort, out);
          return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
        }
      if ((rc = apply_symbol (p, id, args, n, out))) return rc;
    }
  else if (sg_pis_list (p, id) && has (p, id, kid (id)) && sg_pis_sym (p, kid (id))
           && sg_pnode (p, kid (id))->atom == SG_WK_UNDERSCORE)
    {
      if ((rc = apply_indexed (p, id, args, n, out))) return rc;
    }
  else
    return sg_perr (p, id, SG_RC_PARSE, "expected an identifier after 'as'");
  if (sg_term_sort (p->s, *out) != sort)
    return sg_perr (p, i, SG_RC_SORT, "(as ...) sort does not match the identifier's sort");
  return SG_RC_OK;
}

/* Qualified identifier at node h applied to n arguments. */
static sg_rc
apply_head (sg_parser *p, uint32_t h, const sg_term *args, uint32_t n, sg_term *out)
{
  if (sg_pis_sym (p, h)) return apply_symbol (p, h, args, n, out);
  if (sg_pis_list (p, h) && has (p, h, kid (h)) && sg_pis_sym (p, kid (h)))
    {
      sg_atom a = sg_pnode (p, kid (h))->atom;
      if (a == SG_WK_UNDERSCORE) return apply_indexed (p, h, args, n, out);
      if (a == SG_WK_AS) return apply_as (p, h, args, n, out);
    }
  return sg_perr (p, h, SG_RC_PARSE, "expected a function symbol or qualified identifier");
}

static sg_rc
literal (sg_parser *p, uint32_t i, sg_term *out)
{
  const sg_sx *x = sg_pnode (p, i);
  sg_op op;
  switch (x->kind)
    {
    case SG_TOK_NUMERAL: op = SG_OP_NUMERAL; break;
    case SG_TOK_DECIMAL: op = SG_OP_DECIMAL; break;
    case SG_TOK_HEX: op = SG_OP_HEX; break;
    case SG_TOK_BIN: op = SG_OP_BIN; break;
    case SG_TOK_STRING: op = SG_OP_STRING; break;
    case SG_TOK_KEYWORD: return sg_perr (p, i, SG_RC_PARSE, "unexpected keyword '%s' in a term", atext (p, i));
    default: return apply_symbol (p, i, NULL, 0, out);
    }
  sg_rc rc = sg_mk_literal (p->s, op, atext (p, i), sg_atom_len (&p->s->atoms, x->atom), out);
  return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
}

/* ---------------------------------------------------------------- terms */

static sg_rc
push_frame (sg_parser *p, uint32_t sx)
{
  if (p->frames.n >= SG_LIMIT_DEPTH * 2u)
    return sg_perr (p, sx, SG_RC_LIMIT, "term nested deeper than %u", (unsigned) SG_LIMIT_DEPTH);
  sg_pframe f = { sx, F_ATOM, 0, p->vals.n, 0, 0, 0 };
  return SG_VEC_PUSH (p->frames, f) ? SG_RC_OK : sg_pnomem (p, sx);
}

/* Push frames for the nodes from..end (siblings) so that they complete in order. */
static sg_rc
push_seq (sg_parser *p, uint32_t list, uint32_t from)
{
  uint32_t cnt = 0;
  for (uint32_t j = from; has (p, list, j); j = next (p, j)) cnt++;
  if (!SG_VEC_RESERVE (p->frames, cnt)) return sg_pnomem (p, list);
  uint32_t k = p->frames.n + cnt;
  for (uint32_t j = from; has (p, list, j); j = next (p, j))
    p->frames.a[--k] = (sg_pframe) { j, F_ATOM, 0, p->vals.n, 0, 0, 0 };
  p->frames.n += cnt;
  return SG_RC_OK;
}

static sg_rc
bind_var (sg_parser *p, uint32_t i, sg_atom name, sg_sort sort, sg_term *var)
{
  sg_rc rc = sg_mk_bvar (p->s, name, sort, var);
  if (rc) return sg_perr_store (p, i, rc);
  if (!sg_symtab_bind (&p->st, SG_NS_TERM, name, SG_B_BVAR, *var)) return sg_pnomem (p, i);
  return SG_RC_OK;
}

/* Start a list form at frame f. */
static sg_rc
start_list (sg_parser *p, sg_pframe *f)
{
  uint32_t i = f->sx, h = kid (i);
  if (!has (p, i, h)) return sg_perr (p, i, SG_RC_PARSE, "empty list '()' is not a term");
  if (sg_pis_sym (p, h))
    {
      sg_atom a = sg_pnode (p, h)->atom;
      if (a == SG_WK_LET) f->form = F_LET;
      else if (a == SG_WK_FORALL || a == SG_WK_EXISTS || a == SG_WK_LAMBDA || a == SG_WK_SET_COMPREHENSION)
        f->form = F_QUANT;
      else if (a == SG_WK_MATCH) f->form = F_MATCH;
      else if (a == SG_WK_BANG) f->form = F_ANNOT;
      else if (a == SG_WK_UNDERSCORE || a == SG_WK_AS)
        {
          sg_term t;
          sg_rc rc = a == SG_WK_UNDERSCORE ? apply_indexed (p, i, NULL, 0, &t) : apply_as (p, i, NULL, 0, &t);
          if (rc) return rc;
          p->frames.n--;
          return push_val (p, i, t);
        }
      else f->form = F_APP;
    }
  else
    f->form = F_APP;
  f->base = p->vals.n;
  uint32_t a1 = next (p, h);
  switch (f->form)
    {
    case F_APP:
      if (!has (p, i, a1)) return sg_perr (p, i, SG_RC_PARSE, "application without arguments");
      f->state = 1;
      return push_seq (p, i, a1);
    case F_LET:
      {
        if (!has (p, i, a1) || !sg_pis_list (p, a1) || !has (p, i, next (p, a1))
            || next (p, next (p, a1)) != next (p, i))
          return sg_perr (p, i, SG_RC_PARSE, "expected (let ((VAR TERM)+) TERM)");
        if (!has (p, a1, kid (a1))) return sg_perr (p, a1, SG_RC_PARSE, "let without bindings");
        uint32_t cnt = 0;
        for (uint32_t b = kid (a1); has (p, a1, b); b = next (p, b)) cnt++;
        f->state = 1; /* before the reservation below moves the frames */
        if (!SG_VEC_RESERVE (p->frames, cnt)) return sg_pnomem (p, i);
        uint32_t k = p->frames.n + cnt;
        for (uint32_t b = kid (a1); has (p, a1, b); b = next (p, b))
          {
            uint32_t v = kid (b);
            if (!sg_pis_list (p, b) || !has (p, b, v) || !sg_pis_sym (p, v) || !has (p, b, next (p, v))
                || next (p, next (p, v)) != next (p, b))
              return sg_perr (p, b, SG_RC_PARSE, "expected a binding (VAR TERM)");
            p->frames.a[--k] = (sg_pframe) { next (p, v), F_ATOM, 0, p->vals.n, 0, 0, 0 };
          }
        p->frames.n += cnt;
        return SG_RC_OK;
      }
    case F_QUANT:
      {
        /* (set.comprehension ((VAR SORT)+) PREDICATE TERM) has two bodies */
        bool comp = sg_pnode (p, h)->atom == SG_WK_SET_COMPREHENSION;
        uint32_t b1 = has (p, i, a1) ? next (p, a1) : a1;
        uint32_t end = has (p, i, b1) ? next (p, b1) : b1;
        if (comp && has (p, i, end)) end = next (p, end);
        else if (comp) end = UINT32_MAX;
        if (!has (p, i, a1) || !sg_pis_list (p, a1) || !has (p, i, b1) || end != next (p, i))
          return sg_perr (p, i, SG_RC_PARSE, "expected (%s ((VAR SORT)+) TERM%s)", atext (p, h), comp ? " TERM" : "");
        if (!has (p, a1, kid (a1))) return sg_perr (p, a1, SG_RC_PARSE, "quantifier without variables");
        f->mark = sg_symtab_mark (&p->st);
        for (uint32_t b = kid (a1); has (p, a1, b); b = next (p, b))
          {
            uint32_t v;
            sg_sort srt;
            sg_term var;
            sg_rc rc = sg_psorted_var (p, b, &v, &srt);
            if (rc) return rc;
            if ((rc = bind_var (p, v, sg_pnode (p, v)->atom, srt, &var))) return rc;
            if ((rc = push_val (p, v, var))) return rc;
          }
        f->state = 1;
        return push_seq (p, i, next (p, a1));
      }
    case F_MATCH:
      {
        if (!has (p, i, a1) || !has (p, i, next (p, a1)) || !sg_pis_list (p, next (p, a1))
            || next (p, next (p, a1)) != next (p, i))
          return sg_perr (p, i, SG_RC_PARSE, "expected (match TERM ((PATTERN TERM)+))");
        f->state = 1;
        f->aux = kid (next (p, a1)); /* first case */
        return push_frame (p, a1);
      }
    case F_ANNOT:
      if (!has (p, i, a1) || !has (p, i, next (p, a1)))
        return sg_perr (p, i, SG_RC_PARSE, "expected (! TERM ATTRIBUTE+)");
      f->state = 1;
      return push_frame (p, a1);
    }
  return SG_RC_USAGE;
}

/* Match: bind the pattern of case c (node), push the pattern term and the rhs frame. */
static sg_rc
match_case (sg_parser *p, sg_pframe *f, uint32_t c)
{
  sg_store *s = p->s;
  uint32_t pat = kid (c);
  if (!sg_pis_list (p, c) || !has (p, c, pat) || !has (p, c, next (p, pat))
      || next (p, next (p, pat)) != next (p, c))
    return sg_perr (p, c, SG_RC_PARSE, "expected a match case (PATTERN TERM)");
  sg_term scrut = p->vals.a[f->base];
  sg_sort st = sg_term_sort (s, scrut);
  const sg_sortnode *sn = sg_sort_node (s, st);
  if (sn->kind != SG_SORT_DT) return sg_perr (p, f->sx, SG_RC_SORT, "match on a term that is not of a datatype sort");
  uint32_t dt = sn->a;
  f->mark = sg_symtab_mark (&p->st);
  sg_term pt;
  sg_rc rc;
  uint32_t head = sg_pis_list (p, pat) ? kid (pat) : pat;
  if ((sg_pis_list (p, pat) && !has (p, pat, head)) || !sg_pis_sym (p, head))
    return sg_perr (p, pat, SG_RC_PARSE, "malformed pattern");
  uint32_t cons = cons_of (p, head);
  if (cons != SG_NONE && s->conss.a[cons].dt != dt) cons = SG_NONE;
  if (!sg_pis_list (p, pat) && (cons == SG_NONE || s->conss.a[cons].nsel != 0))
    {
      if ((rc = bind_var (p, pat, sg_pnode (p, pat)->atom, st, &pt))) return rc;
    }
  else
    {
      if (cons == SG_NONE) return sg_perr (p, head, SG_RC_SORT, "'%s' is not a constructor of the matched datatype", atext (p, head));
      SG_VEC_CLEAR (p->tmp);
      uint32_t k = 0;
      const sg_sort *params = s->pool.a + sn->args;
      for (uint32_t v = next (p, head); sg_pis_list (p, pat) && has (p, pat, v); v = next (p, v), k++)
        {
          if (!sg_pis_sym (p, v)) return sg_perr (p, v, SG_RC_PARSE, "pattern arguments must be variables");
          if (k >= s->conss.a[cons].nsel) return sg_perr (p, pat, SG_RC_SORT, "too many pattern arguments");
          sg_sort fs = s->sels.a[s->conss.a[cons].sel + k].sort;
          uint32_t np = s->dts.a[dt].nparams;
          if (np)
            {
              sg_sort pa[16];
              if (np > 16) return sg_perr (p, pat, SG_RC_LIMIT, "too many datatype parameters");
              memcpy (pa, params, np * sizeof *pa);
              if ((rc = sg_sort_subst (s, fs, s->pool.a + s->dts.a[dt].params, pa, np, &fs)))
                return sg_perr_store (p, v, rc);
              params = s->pool.a + sg_sort_node (s, st)->args;
            }
          sg_term var;
          if ((rc = bind_var (p, v, sg_pnode (p, v)->atom, fs, &var))) return rc;
          if (!SG_VEC_PUSH (p->tmp, var)) return sg_pnomem (p, v);
        }
      if (k != s->conss.a[cons].nsel) return sg_perr (p, pat, SG_RC_SORT, "constructor pattern needs %u arguments", s->conss.a[cons].nsel);
      rc = sg_term_intern (s, SG_OP_DT_CONS, 0, st, p->tmp.a, k, NULL, 0, cons, &pt);
      if (rc) return sg_perr_store (p, pat, rc);
    }
  if ((rc = push_val (p, pat, pt))) return rc;
  return push_frame (p, next (p, pat));
}

/* Annotation: parse attributes, create the annotation record, push :pattern term frames. */
static sg_rc
annot_attrs (sg_parser *p, sg_pframe *f)
{
  sg_store *s = p->s;
  uint32_t i = f->sx;
  uint32_t first = next (p, next (p, kid (i)));
  sg_annot an = { 0, s->attrs.n, SG_NONE };
  uint32_t npat = 0;
  for (uint32_t j = first; has (p, i, j);)
    {
      if (sg_pnode (p, j)->kind != SG_TOK_KEYWORD)
        return sg_perr (p, j, SG_RC_PARSE, "expected a keyword in the annotation");
      sg_attr at = { sg_pnode (p, j)->atom, SG_ATTR_OTHER, SG_ATOM_NONE };
      uint32_t v = next (p, j);
      bool hasv = has (p, i, v) && sg_pnode (p, v)->kind != SG_TOK_KEYWORD;
      sg_rc rc;
      if (at.key == SG_WK_K_NAMED)
        {
          if (!hasv || !sg_pis_sym (p, v)) return sg_perr (p, j, SG_RC_PARSE, ":named needs a symbol");
          at.kind = SG_ATTR_NAMED;
          at.value = sg_pnode (p, v)->atom;
        }
      else if (at.key == SG_WK_K_PATTERN || at.key == SG_WK_K_NO_PATTERN)
        {
          if (!hasv) return sg_perr (p, j, SG_RC_PARSE, "%s needs a value", atext (p, j));
          uint32_t from = v;
          uint32_t list = v;
          if (at.key == SG_WK_K_NO_PATTERN || !sg_pis_list (p, v))
            { /* a single term */ from = v; list = SG_NONE; }
          else
            {
              /* (t1 ... tk) is a list of terms unless it is itself one application term;
                 SMT-LIB requires the parenthesised list, so treat it as the list. */
              from = kid (v);
            }
          if (at.key == SG_WK_K_NO_PATTERN || list == SG_NONE)
            {
              if ((rc = sg_psx_text (p, v, &at.value))) return rc;
            }
          else
            {
              at.kind = SG_ATTR_PATTERN;
              uint32_t k = 0;
              for (uint32_t t = from; has (p, v, t); t = next (p, t)) k++;
              if (k == 0) return sg_perr (p, v, SG_RC_PARSE, ":pattern needs at least one term");
              at.value = k;
              npat += k;
            }
        }
      else if (hasv)
        {
          if ((rc = sg_psx_text (p, v, &at.value))) return rc;
        }
      if (!SG_VEC_PUSH (s->attrs, at)) return sg_pnomem (p, j);
      an.nattrs++;
      j = hasv ? next (p, v) : v;
    }
  if (!SG_VEC_PUSH (s->annots, an)) return sg_pnomem (p, i);
  f->aux = s->annots.n - 1;
  f->state = 2;
  /* Push pattern-term frames, in order. */
  if (!SG_VEC_RESERVE (p->frames, npat)) return sg_pnomem (p, i);
  uint32_t k = p->frames.n + npat;
  for (uint32_t j = first; has (p, i, j);)
    {
      uint32_t v = next (p, j);
      bool hasv = has (p, i, v) && sg_pnode (p, v)->kind != SG_TOK_KEYWORD;
      if (sg_pnode (p, j)->atom == SG_WK_K_PATTERN && sg_pis_list (p, v))
        for (uint32_t t = kid (v); has (p, v, t); t = next (p, t))
          p->frames.a[--k] = (sg_pframe) { t, F_ATOM, 0, p->vals.n, 0, 0, 0 };
      j = hasv ? next (p, v) : v;
    }
  p->frames.n += npat;
  return SG_RC_OK;
}

/* Finish the annotation: build the node; a :named attribute defines its name. */
static sg_rc
annot_finish (sg_parser *p, sg_pframe *f, sg_term *out)
{
  sg_store *s = p->s;
  uint32_t n = p->vals.n - f->base;
  sg_rc rc = sg_mk_annot (s, p->vals.a + f->base, n, f->aux, out);
  if (rc) return sg_perr_store (p, f->sx, rc);
  sg_annot *an = &s->annots.a[f->aux];
  for (uint32_t k = 0; k < an->nattrs; k++)
    {
      sg_attr at = s->attrs.a[an->attrs + k];
      if (at.kind != SG_ATTR_NAMED) continue;
      const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, at.value);
      if (b && b->kind != SG_B_BVAR)
        return sg_perr (p, f->sx, SG_RC_SORT, ":named '%s' is already declared", sg_store_text (s, at.value));
      uint32_t fun;
      sg_term inner = p->vals.a[f->base];
      if ((rc = sg_store_add_fun (s, at.value, SG_FUN_NAMED, NULL, 0, sg_term_sort (s, inner), &fun)))
        return sg_perr_store (p, f->sx, rc);
      s->funs.a[fun].body = inner;
      s->annots.a[f->aux].named = fun;
      /* Usable at once (solvers accept a name later in the same command); bound again when
       * the command ends in case leaving a binder or a define-fun body released it. */
      if (!sg_symtab_bind (&p->st, SG_NS_TERM, at.value, SG_B_FUN, fun) || !SG_VEC_PUSH (p->named, fun))
        return sg_pnomem (p, f->sx);
    }
  return SG_RC_OK;
}

/* Step a frame whose children are done. Returns the term in *out when the frame finishes
 * (and sets *done). */
static sg_rc
step (sg_parser *p, sg_pframe *f, bool *done, sg_term *out)
{
  sg_store *s = p->s;
  uint32_t i = f->sx, h = kid (i);
  sg_rc rc = SG_RC_OK;
  *done = false;
  switch (f->form)
    {
    case F_APP:
      rc = apply_head (p, h, p->vals.a + f->base, p->vals.n - f->base, out);
      *done = true;
      return rc;
    case F_LET:
      if (f->state == 1)
        {
          /* values are in vals[base..]; bind the variables in parallel */
          uint32_t bl = next (p, h), k = 0;
          uint32_t nvals = p->vals.n - f->base;
          /* A name bound twice: the later binding is named. Many bindings: sorted (atom,
           * position) pairs, not a scan per binding (160,000 took 21 s: a hostile review). */
          uint32_t dup = UINT32_MAX;
          if (nvals > 32)
            {
              uint64_t *keys = malloc (nvals * sizeof *keys);
              if (!keys) return sg_pnomem (p, i);
              for (uint32_t b = kid (bl); has (p, bl, b) && k < nvals; b = next (p, b), k++)
                keys[k] = (uint64_t) sg_pnode (p, kid (b))->atom << 32 | k;
              dup = sg_pfirst_dup (keys, k);
              free (keys);
              k = 0;
            }
          f->mark = sg_symtab_mark (&p->st);
          for (uint32_t b = kid (bl); has (p, bl, b); b = next (p, b), k++)
            {
              uint32_t v = kid (b);
              if (k == dup)
                return sg_perr (p, v, SG_RC_SORT, "variable '%s' bound twice in one let", atext (p, v));
              for (uint32_t b2 = kid (bl); b2 != b && nvals <= 32; b2 = next (p, b2))
                if (sg_pnode (p, kid (b2))->atom == sg_pnode (p, v)->atom)
                  return sg_perr (p, v, SG_RC_SORT, "variable '%s' bound twice in one let", atext (p, v));
              sg_term var;
              if ((rc = sg_mk_bvar (s, sg_pnode (p, v)->atom, sg_term_sort (s, p->vals.a[f->base + k]), &var)))
                return sg_perr_store (p, v, rc);
              if ((rc = push_val (p, v, var))) return rc;
            }
          for (uint32_t j = 0; j < nvals; j++)
            {
              sg_term var = p->vals.a[f->base + nvals + j];
              if (!sg_symtab_bind (&p->st, SG_NS_TERM, sg_term_node (s, var)->aux, SG_B_BVAR, var))
                return sg_pnomem (p, i);
            }
          f->state = 2;
          f->aux = nvals;
          return push_frame (p, next (p, bl));
        }
      else
        {
          uint32_t nv = f->aux;
          SG_VEC_CLEAR (p->tmp);
          if (!SG_VEC_RESERVE (p->tmp, 2 * nv + 1)) return sg_pnomem (p, i);
          for (uint32_t j = 0; j < nv; j++)
            {
              p->tmp.a[p->tmp.n++] = p->vals.a[f->base + nv + j];
              p->tmp.a[p->tmp.n++] = p->vals.a[f->base + j];
            }
          p->tmp.a[p->tmp.n++] = SG_VEC_TOP (p->vals);
          sg_symtab_release (&p->st, f->mark);
          rc = sg_mk_binder (s, SG_OP_LET, p->tmp.a, p->tmp.n, out);
          *done = true;
          return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
        }
    case F_QUANT:
      sg_symtab_release (&p->st, f->mark);
      rc = sg_mk_binder (s, sg_pnode (p, h)->atom == SG_WK_FORALL ? SG_OP_FORALL
                            : sg_pnode (p, h)->atom == SG_WK_LAMBDA ? SG_OP_LAMBDA
                            : sg_pnode (p, h)->atom == SG_WK_SET_COMPREHENSION ? SG_OP_SET_COMP : SG_OP_EXISTS,
                         p->vals.a + f->base, p->vals.n - f->base, out);
      *done = true;
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    case F_MATCH:
      {
        if (f->state == 2) sg_symtab_release (&p->st, f->mark);
        uint32_t cases = next (p, next (p, h));
        if (has (p, cases, f->aux))
          {
            uint32_t c = f->aux;
            f->aux = next (p, c);
            f->state = 2;
            return match_case (p, f, c);
          }
        if (f->state != 2) return sg_perr (p, cases, SG_RC_PARSE, "match without cases");
        rc = sg_mk_match (s, p->vals.a + f->base, p->vals.n - f->base, out);
        *done = true;
        return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
      }
    case F_ANNOT:
      if (f->state == 1) return annot_attrs (p, f);
      *done = true;
      return annot_finish (p, f, out);
    }
  return SG_RC_USAGE;
}

sg_rc
sg_parse_term (sg_parser *p, uint32_t root, sg_term *out)
{
  uint32_t fbase = p->frames.n, vbase = p->vals.n;
  sg_rc rc = push_frame (p, root);
  while (!rc && p->frames.n > fbase)
    {
      sg_pframe *f = &p->frames.a[p->frames.n - 1];
      if (f->state == 0)
        {
          if (!sg_pis_list (p, f->sx))
            {
              sg_term t;
              uint32_t sx = f->sx;
              if ((rc = literal (p, sx, &t))) break;
              p->frames.n--;
              rc = push_val (p, sx, t);
              continue;
            }
          rc = start_list (p, f);
          continue;
        }
      /* Children of f are complete (pushed frames above it have all finished). */
      bool done;
      sg_term t = SG_NONE;
      uint32_t nframes = p->frames.n;
      rc = step (p, f, &done, &t);
      if (rc) break;
      if (done)
        {
          f = &p->frames.a[nframes - 1];
          uint32_t base = f->base, sx = f->sx;
          p->frames.n = nframes - 1;
          p->vals.n = base;
          rc = push_val (p, sx, t);
        }
    }
  if (rc)
    {
      /* Release any binder scopes still open and drop partial state. */
      uint32_t mark = UINT32_MAX;
      for (uint32_t k = fbase; k < p->frames.n; k++)
        if ((p->frames.a[k].form == F_QUANT || p->frames.a[k].form == F_LET
             || p->frames.a[k].form == F_MATCH) && p->frames.a[k].state >= 1
            && p->frames.a[k].mark < mark && p->frames.a[k].mark != 0)
          mark = p->frames.a[k].mark;
      if (mark != UINT32_MAX) sg_symtab_release (&p->st, mark);
      p->frames.n = fbase;
      p->vals.n = vbase;
      return rc;
    }
  *out = p->vals.a[vbase];
  p->vals.n = vbase;
  return SG_RC_OK;
}
