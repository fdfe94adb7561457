/* parse_ident: identifiers in terms — which declaration a symbol, an indexed identifier
 * (_ f i...) or a qualified one (as f S) means, applied to its parsed arguments (parse_term.c
 * parses the terms around them). Overloading as the solvers resolve it: z3's names declared
 * at several sorts (by the argument sorts, then by (as f S)), cvc5's constructors and
 * selectors shared between datatypes or named like built-in operators; z3's arrays applied as
 * functions. What printing needs to resolve a name the same way again is kept in the term's
 * flags (SG_TF_AS, SG_TF_APPLY). Test: tests/unit/front_overload_test.c, front_test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/parse_int.h"
#include "front/store_int.h"

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

/* ---------------------------------------------------------------- overloading */

/* Implicit Int-to-Real coercions counted so far: a declaration tried but not chosen takes back
 * the ones it counted. */
typedef struct coerce { uint64_t lit, term; } coerce;
static coerce coerce_get (const sg_store *s) { return (coerce) { s->coerce_literals, s->coerce_terms }; }
static void coerce_set (sg_store *s, coerce c) { s->coerce_literals = c.lit; s->coerce_terms = c.term; }

/* Which of the declarations of a name the arguments pick (see resolve). */
typedef struct pick {
  sg_term t;       /* the term of the chosen declaration, or SG_NONE */
  bool exact;      /* chosen without an implicit coercion */
  coerce delta;    /* coercions the chosen one counts */
  sg_sort sort0;   /* sort of the first declaration that takes the arguments exactly */
  bool ambiguous;  /* two declarations take them exactly, at different sorts */
  uint32_t decls;  /* declarations of the name (functions, constructors, selectors) */
  sg_rc first;     /* the first declaration's refusal (SG_RC_SORT), message in msg */
  char msg[sizeof ((sg_store *) 0)->err];
} pick;

static const sg_binding *
prev_binding (const sg_parser *p, const sg_binding *b)
{
  return b->prev ? &p->st.b.a[b->prev - 1] : NULL;
}

/* t again, with term flags `flags` added (the way it was written: (as f S), (a i)). */
static sg_rc
add_flags (sg_store *s, sg_term t, uint8_t flags, sg_term *out)
{
  sg_node n = *sg_term_node (s, t);
  if ((n.flags & flags) == flags) { *out = t; return SG_RC_OK; }
  uint32_t len = n.nargs + n.nidx, tmp[16] = { 0 }, *a = len <= 16 ? tmp : malloc (len * sizeof *a);
  if (!a) return sg_store_nomem (s);
  if (len) memcpy (a, s->args.a + n.args, len * sizeof *a);
  sg_rc rc = sg_term_intern (s, (sg_op) n.op, (uint8_t) (n.flags | flags), n.sort, a, n.nargs, a + n.nargs,
                             n.nidx, n.aux, out);
  if (a != tmp) free (a);
  return rc;
}

/* Declaration b applied to the arguments (constructors at sort want when given). SG_RC_USAGE
 * when b declares no function, constructor or selector. */
static sg_rc
try_decl (sg_parser *p, uint32_t i, const sg_binding *b, const sg_term *args, uint32_t n, sg_sort want,
          sg_term *out)
{
  sg_store *s = p->s;
  switch ((sg_bind_kind) b->kind)
    {
    case SG_B_FUN: return sg_mk_fun_app (s, b->id, args, n, out);
    case SG_B_CONS: return sg_mk_dt_cons (s, b->id, args, n, want, out);
    case SG_B_SEL:
      if (n == 1) return sg_mk_dt_sel (s, b->id, args[0], out);
      return sg_store_err (s, SG_RC_SORT, "selector '%s' expects 1 argument, got %u", atext (p, i), n);
    default: return SG_RC_USAGE;
    }
}

/* Can function f take the arguments? False only where it certainly cannot (another arity, an
 * argument of another sort where no implicit conversion to the parameter's sort exists). */
static bool
may_take (const sg_store *s, const sg_fun *f, const sg_term *args, uint32_t n)
{
  if (f->nparams != n) return false;
  for (uint32_t k = 0; k < n; k++)
    {
      sg_sort want = s->pool.a[f->params + k], got = sg_term_sort (s, args[k]);
      if (got != want && want != s->s_real && sg_sort_kind_of (s, want) != SG_SORT_ARRAY) return false;
    }
  return true;
}

/* Overloading (z3 declares one name at several sorts; cvc5 shares constructor and selector
 * names between datatypes): of the declarations bound to the name (b and those it shadows)
 * that take the arguments, with result sort `want` when given ((as f S)), the ones that need
 * no implicit coercion win, among them the outermost (z3 takes the first declared), else the
 * innermost that needs one. Neither solver picks by the sort a context expects: z3 and cvc5
 * refuse an ambiguous constant without (as x S). */
static sg_rc
resolve (sg_parser *p, uint32_t i, const sg_binding *b, const sg_term *args, uint32_t n, sg_sort want,
         pick *pk)
{
  sg_store *s = p->s;
  coerce base = coerce_get (s);
  for (; b; b = prev_binding (p, b))
    {
      sg_term t;
      if (pk->first && b->kind == SG_B_FUN && !may_take (s, &s->funs.a[b->id], args, n))
        { pk->decls++; continue; } /* refused without building the message again */
      sg_rc rc = try_decl (p, i, b, args, n, want, &t);
      if (rc == SG_RC_USAGE) continue;
      pk->decls++;
      coerce now = coerce_get (s);
      coerce_set (s, base);
      if (rc == SG_RC_SORT)
        {
          if (!pk->first) { pk->first = rc; memcpy (pk->msg, s->err, sizeof pk->msg); }
          continue;
        }
      if (rc) return rc;
      bool exact = now.lit == base.lit && now.term == base.term;
      sg_sort st = sg_term_sort (s, t);
      if (exact && pk->sort0 == SG_NONE) pk->sort0 = st;
      else if (exact && st != pk->sort0) pk->ambiguous = true;
      if (want != SG_NONE && st != want)
        {
          if (!pk->first)
            {
              pk->first = SG_RC_SORT;
              snprintf (pk->msg, sizeof pk->msg, "(as ...) sort does not match the identifier's sort");
            }
          continue;
        }
      if (exact || pk->t == SG_NONE)
        {
          pk->t = t;
          pk->exact = exact;
          pk->delta = (coerce) { now.lit - base.lit, now.term - base.term };
        }
    }
  if (pk->t != SG_NONE) coerce_set (s, (coerce) { base.lit + pk->delta.lit, base.term + pk->delta.term });
  return SG_RC_OK;
}

/* z3: an array-sorted term applied to one argument, (a i) for (select a i); printed as
 * written (flag SG_TF_APPLY). SG_RC_SORT when `head` is not an array or n is not 1. */
static sg_rc
array_apply (sg_store *s, sg_term head, const sg_term *args, uint32_t n, sg_term *out)
{
  if (n != 1 || sg_sort_kind_of (s, sg_term_sort (s, head)) != SG_SORT_ARRAY)
    return sg_store_err (s, SG_RC_SORT, "not an array applied to one index");
  sg_term sa[2] = { head, args[0] }, t;
  sg_rc rc = sg_mk_app (s, SG_OP_SELECT, sa, 2, NULL, 0, &t);
  return rc ? rc : add_flags (s, t, SG_TF_APPLY, out);
}

/* When the declarations of the name refuse the arguments: a function used with fewer or more
 * arguments than it declares (higher-order), a constant array applied to an index (z3), a
 * built-in operator of the same name (a constant `fp` beside z3's fp, a constructor `or`
 * beside cvc5's or). SG_RC_SORT when none fits. */
static sg_rc
fallback (sg_parser *p, const sg_binding *b, sg_atom a, const sg_term *args, uint32_t n, sg_term *out)
{
  sg_store *s = p->s;
  for (; b; b = prev_binding (p, b))
    if (b->kind == SG_B_FUN && ho_app (s, b->id, args, n, out) == SG_RC_OK) return SG_RC_OK;
  for (b = sg_symtab_lookup (&p->st, SG_NS_TERM, a); b; b = prev_binding (p, b))
    {
      sg_term h;
      if (b->kind == SG_B_FUN && s->funs.a[b->id].nparams == 0 && n == 1
          && sg_mk_fun_app (s, b->id, NULL, 0, &h) == SG_RC_OK && array_apply (s, h, args, n, out) == SG_RC_OK)
        return SG_RC_OK;
    }
  if (sg_atom_is_builtin_op (a) && n && sg_mk_app (s, sg_atom_builtin_op (a), args, n, NULL, 0, out) == SG_RC_OK)
    return SG_RC_OK;
  return SG_RC_SORT;
}

/* The declarations bound to symbol node i applied to n arguments, want as in resolve; errors
 * at node `at`. *found is false when the name has no such declaration. */
static sg_rc
apply_decl (sg_parser *p, uint32_t i, uint32_t at, const sg_term *args, uint32_t n, sg_sort want, bool *found,
            sg_term *out)
{
  sg_store *s = p->s;
  sg_atom a = sg_pnode (p, i)->atom;
  const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, a);
  pick one, *pk = &one; /* on the stack: this runs for every symbol of the input */
  pk->t = pk->sort0 = SG_NONE;
  pk->exact = pk->ambiguous = false;
  pk->delta = (coerce) { 0, 0 };
  pk->decls = 0;
  pk->first = SG_RC_OK;
  pk->msg[0] = 0;
  sg_rc rc = resolve (p, i, b, args, n, want, pk);
  *found = pk->decls > 0;
  if (rc) rc = sg_perr_store (p, at, rc);
  else if (pk->t != SG_NONE)
    {
      /* Printed as (as f S) where the bare name would be ambiguous (or was written so and the
       * name is overloaded): read again, it means the same declaration. */
      sg_op op = sg_term_op (s, pk->t);
      bool as = op == SG_OP_APP && (pk->ambiguous || (want != SG_NONE && pk->decls > 1));
      as = as || (op == SG_OP_DT_CONS && pk->ambiguous);
      *out = pk->t;
      if (as && (rc = add_flags (s, pk->t, SG_TF_AS, out))) rc = sg_perr_store (p, at, rc);
    }
  else if (pk->decls && want == SG_NONE && fallback (p, b, a, args, n, out) == SG_RC_OK)
    rc = SG_RC_OK;
  else if (pk->decls)
    {
      memcpy (s->err, pk->msg, sizeof pk->msg);
      rc = sg_perr_store (p, at, pk->first);
    }
  return rc;
}

/* The innermost constructor named a, of datatype dt (any: SG_NONE), unless a variable
 * shadows the name; SG_NONE when there is none. */
static uint32_t
cons_named (sg_parser *p, sg_atom a, uint32_t dt)
{
  const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, a);
  if (b && b->kind == SG_B_BVAR) return SG_NONE;
  for (; b; b = prev_binding (p, b))
    if (b->kind == SG_B_CONS && (dt == SG_NONE || p->s->conss.a[b->id].dt == dt)) return b->id;
  return SG_NONE;
}

/* The datatype of sort x, or SG_NONE. */
static uint32_t
dt_of (const sg_store *s, sg_sort x)
{
  return sg_sort_kind_of (s, x) == SG_SORT_DT ? sg_sort_node (s, x)->a : SG_NONE;
}

/* A symbol in head or constant position applied to n arguments. */
static sg_rc
apply_symbol (sg_parser *p, uint32_t i, const sg_term *args, uint32_t n, sg_term *out)
{
  sg_store *s = p->s;
  sg_atom a = sg_pnode (p, i)->atom;
  const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, a);
  sg_rc rc = SG_RC_OK;
  if (b && b->kind == SG_B_BVAR)
    {
      if (n && sg_sort_kind_of (s, sg_term_sort (s, b->id)) == SG_SORT_FUN)
        {
          rc = sg_mk_ho_apply (s, b->id, args, n, true, out);
          return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
        }
      if (n == 1 && sg_sort_kind_of (s, sg_term_sort (s, b->id)) == SG_SORT_ARRAY)
        {
          rc = array_apply (s, b->id, args, n, out);
          return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
        }
      if (n) return sg_perr (p, i, SG_RC_SORT, "'%s' is a variable, not a function", atext (p, i));
      *out = b->id;
      return SG_RC_OK;
    }
  bool found;
  rc = apply_decl (p, i, i, args, n, SG_NONE, &found, out);
  if (found || rc) return rc;
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
          /* A name several datatypes share: the constructor of the argument's datatype. */
          uint32_t k = cons_named (p, c, dt_of (s, sg_term_sort (s, args[0])));
          rc = sg_mk_dt_test (s, k != SG_NONE ? k : cb->id, args[0], true, out);
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

uint32_t
sg_pcons_of (sg_parser *p, uint32_t i, uint32_t dt)
{
  return cons_named (p, sg_pnode (p, i)->atom, dt);
}

/* Constructors named by the atom of node i: how many (up to 2). */
static uint32_t
cons_count (sg_parser *p, uint32_t i)
{
  uint32_t k = 0;
  const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, sg_pnode (p, i)->atom);
  for (; b && k < 2; b = prev_binding (p, b)) k += b->kind == SG_B_CONS;
  return k;
}

/* Tester (_ is C) or (_ is (as C S)) (cvc5, for a constructor name several datatypes share)
 * at node i, C's node `first`, applied to n arguments. A shared name is resolved by the
 * argument's datatype and printed qualified (flag SG_TF_AS; cvc5 refuses it bare). */
static sg_rc
tester (sg_parser *p, uint32_t i, uint32_t first, const sg_term *args, uint32_t n, sg_term *out)
{
  sg_store *s = p->s;
  uint32_t c = first, want = SG_NONE;
  sg_rc rc;
  if (!has (p, i, first) || next (p, first) != next (p, i))
    return sg_perr (p, i, SG_RC_PARSE, "expected (_ is CONSTRUCTOR)");
  if (sg_pis_list (p, first))
    {
      uint32_t h = kid (first), srt = has (p, first, h) ? next (p, h) : h;
      c = has (p, first, srt) ? next (p, h) : h;
      if (!has (p, first, h) || !sg_pis_sym (p, h) || sg_pnode (p, h)->atom != SG_WK_AS || !has (p, first, srt)
          || !sg_pis_sym (p, c) || !has (p, first, (srt = next (p, c))) || next (p, srt) != next (p, first))
        return sg_perr (p, i, SG_RC_PARSE, "expected (_ is CONSTRUCTOR)");
      sg_sort so;
      if ((rc = sg_parse_sort (p, srt, &so))) return rc;
      if ((want = dt_of (s, so)) == SG_NONE) return sg_perr (p, srt, SG_RC_SORT, "(_ is (as C S)): S is not a datatype");
    }
  else if (!sg_pis_sym (p, first))
    return sg_perr (p, i, SG_RC_PARSE, "expected (_ is CONSTRUCTOR)");
  uint32_t k = want != SG_NONE ? sg_pcons_of (p, c, want) : SG_NONE;
  if (k == SG_NONE && want == SG_NONE && n == 1) k = sg_pcons_of (p, c, dt_of (s, sg_term_sort (s, args[0])));
  if (k == SG_NONE && want == SG_NONE) k = sg_pcons_of (p, c, SG_NONE);
  if (k == SG_NONE) return sg_perr (p, c, SG_RC_SORT, "'%s' is not a constructor%s", atext (p, c), want != SG_NONE ? " of that datatype" : "");
  if (n != 1) return sg_perr (p, i, SG_RC_SORT, "tester expects 1 argument, got %u", n);
  rc = sg_mk_dt_test (s, k, args[0], false, out);
  if (!rc && (want != SG_NONE || cons_count (p, c) > 1)) rc = add_flags (s, *out, SG_TF_AS, out);
  return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
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
  if (a == SG_WK_IS) return tester (p, i, first, args, n, out);
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
      sg_atom a = sg_pnode (p, id)->atom;
      const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, a);
      if (sg_atom_is_builtin_op (a) && !b && sg_op_info (sg_atom_builtin_op (a))->rule == SG_RULE_POLY)
        {
          rc = sg_mk_app_as (p->s, sg_atom_builtin_op (a), args, n, sort, out);
          return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
        }
      bool found = false;
      if (b && b->kind != SG_B_BVAR && (rc = apply_decl (p, id, i, args, n, sort, &found, out))) return rc;
      if (!found && (rc = apply_symbol (p, id, args, n, out))) return rc;
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

sg_rc
sg_papply_head (sg_parser *p, uint32_t h, const sg_term *args, uint32_t n, sg_term *out)
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

sg_rc
sg_pliteral (sg_parser *p, uint32_t i, sg_term *out)
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

