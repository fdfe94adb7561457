/* check: the checked term constructors sg_mk_* (applications, literals, functions, binders,
 * match, datatypes) and what the sort rules share: the mismatch errors, Int-to-Real
 * coercion, z3's lambda as an array. The operators' sort rules: check_rules.c (SMT-LIB 2.6)
 * and check_ext.c (extensions). Int-to-Real mixing that solvers accept is turned into an
 * implicit to_real node (flag SG_TF_IMPLICIT, printed as its child) and counted in
 * store->coerce_*. Test: tests/unit/front_test.c, ctest front_test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/limits.h"
#include "front/store.h"
#include "front/check_int.h"
#include "front/store_int.h"

enum { LOCAL_ARGS = 16 };

/* A copy of the arguments that coercions may rewrite. */
typedef struct argbuf {
  sg_term local[LOCAL_ARGS]; /* storage for small argument lists */
  sg_term *a;                /* the arguments */
} argbuf;

static sg_rc
argbuf_init (sg_store *s, argbuf *ab, const sg_term *args, uint32_t n)
{
  ab->a = n <= LOCAL_ARGS ? ab->local : malloc (n * sizeof *ab->a);
  if (!ab->a) return sg_store_nomem (s);
  if (n) memcpy (ab->a, args, n * sizeof *args);
  return SG_RC_OK;
}

static void
argbuf_free (argbuf *ab)
{
  if (ab->a != ab->local) free (ab->a);
}

const char *
sg_chk_sortstr (const sg_store *s, sg_sort x, char *dst, size_t n)
{
  sg_buf b;
  sg_buf_init (&b);
  sg_sort_print (s, x, &b);
  snprintf (dst, n, "%s", sg_buf_cstr (&b));
  sg_buf_free (&b);
  return dst;
}

const char *
sg_chk_opname (sg_store *s, sg_op op)
{
  (void) s;
  const char *n = sg_op_name (op);
  return n ? n : "?";
}

sg_rc
sg_chk_mismatch (sg_store *s, const char *what, uint32_t i, sg_sort got, const char *expected)
{
  char g[128];
  return sg_store_err (s, SG_RC_SORT, "sort mismatch: argument %u of '%s' has sort %s, expected %s",
                       i + 1, what, sg_chk_sortstr (s, got, g, sizeof g), expected);
}

sg_rc
sg_chk_mismatch_sort (sg_store *s, const char *what, uint32_t i, sg_sort got, sg_sort want)
{
  char w[128];
  return sg_chk_mismatch (s, what, i, got, sg_chk_sortstr (s, want, w, sizeof w));
}

/* Wrap an Int term in an implicit to_real. */
sg_rc
sg_chk_coerce (sg_store *s, sg_term *t)
{
  sg_op op = sg_term_op (s, *t);
  if (op == SG_OP_NUMERAL) s->coerce_literals++;
  else s->coerce_terms++;
  return sg_term_intern (s, SG_OP_TO_REAL, SG_TF_IMPLICIT, s->s_real, t, 1, NULL, 0, 0, t);
}

/* z3 reads a lambda of one variable as an array: retype *t, a LAMBDA of sort (-> D R), as
 * (Array D R) when want is that sort (or SG_NONE). False when it is no such lambda. */
bool
sg_chk_lambda_as_array (sg_store *s, sg_term *t, sg_sort want)
{
  const sg_node *n = sg_term_node (s, *t);
  if (n->op != SG_OP_LAMBDA || n->nargs != 2 || sg_sort_kind_of (s, n->sort) != SG_SORT_FUN) return false;
  const sg_sortnode *f = sg_sort_node (s, n->sort);
  sg_sort arr, d = s->pool.a[f->args], r = s->pool.a[f->args + 1];
  if (sg_sort_array (s, d, r, &arr) || (want != SG_NONE && want != arr)) return false;
  sg_term args[2] = { sg_term_arg (s, *t, 0), sg_term_arg (s, *t, 1) };
  return sg_term_intern (s, SG_OP_LAMBDA, 0, arr, args, 2, NULL, 0, 0, t) == SG_RC_OK;
}

/* Make a[i] have sort `want`, coercing Int to Real. */
sg_rc
sg_chk_expect (sg_store *s, const char *what, sg_term *a, uint32_t i, sg_sort want)
{
  sg_sort got = sg_term_sort (s, a[i]);
  if (got == want) return SG_RC_OK;
  if (got == s->s_int && want == s->s_real) return sg_chk_coerce (s, &a[i]);
  if (sg_sort_kind_of (s, want) == SG_SORT_ARRAY && sg_chk_lambda_as_array (s, &a[i], want)) return SG_RC_OK;
  return sg_chk_mismatch_sort (s, what, i, got, want);
}

sg_rc
sg_mk_app (sg_store *s, sg_op op, const sg_term *args, uint32_t n, const uint32_t *idx,
           uint32_t nidx, sg_term *out)
{
  if (op <= SG_OP_FIRST_BUILTIN || op >= SG_OP_COUNT)
    return sg_store_err (s, SG_RC_USAGE, "internal: sg_mk_app on a special operator");
  const sg_opinfo *info = sg_op_info (op);
  if (n < info->min_args || (info->max_args != SG_ARGS_N && n > info->max_args))
    {
      if (info->min_args == info->max_args)
        return sg_store_err (s, SG_RC_SORT, "'%s' expects %u argument%s, got %u", info->name,
                             info->min_args, info->min_args == 1 ? "" : "s", n);
      if (info->max_args == SG_ARGS_N)
        return sg_store_err (s, SG_RC_SORT, "'%s' expects at least %u arguments, got %u",
                             info->name, info->min_args, n);
      return sg_store_err (s, SG_RC_SORT, "'%s' expects %u to %u arguments, got %u", info->name,
                           info->min_args, info->max_args, n);
    }
  if (nidx != info->nidx && !(info->nidx == SG_NIDX_ANY && nidx <= 8))
    {
      if (info->nidx == 0)
        return sg_store_err (s, SG_RC_SORT, "'%s' is not an indexed operator", info->name);
      return sg_store_err (s, SG_RC_SORT, "'%s' expects %u index%s, got %u", info->name,
                           info->nidx, info->nidx == 1 ? "" : "es", nidx);
    }
  argbuf ab;
  sg_rc rc = argbuf_init (s, &ab, args, n);
  if (rc) return rc;
  sg_sort sort;
  rc = sg_chk_apply_rule (s, op, ab.a, n, idx, nidx, &sort);
  if (!rc) rc = sg_term_intern (s, op, 0, sort, ab.a, n, idx, nidx, 0, out);
  argbuf_free (&ab);
  return rc;
}

sg_rc
sg_mk_app_as (sg_store *s, sg_op op, const sg_term *args, uint32_t n, sg_sort as, sg_term *out)
{
  const sg_opinfo *info = op > SG_OP_FIRST_BUILTIN && op < SG_OP_COUNT ? sg_op_info (op) : NULL;
  if (!info || info->rule != SG_RULE_POLY || info->nidx)
    return sg_store_err (s, SG_RC_USAGE, "internal: sg_mk_app_as on a non-polymorphic operator");
  if (n < info->min_args || (info->max_args != SG_ARGS_N && n > info->max_args))
    return sg_store_err (s, SG_RC_SORT, "'%s' expects %u to %u arguments, got %u", info->name, info->min_args,
                         info->max_args, n);
  argbuf ab;
  sg_rc rc = argbuf_init (s, &ab, args, n);
  if (rc) return rc;
  sg_sort sort;
  rc = sg_chk_rule_poly (s, op, info->sig, ab.a, n, as, &sort);
  if (!rc && sort != as) rc = sg_store_err (s, SG_RC_SORT, "(as %s SORT): the sort does not fit", info->name);
  if (!rc) rc = sg_term_intern (s, op, SG_TF_AS, sort, ab.a, n, NULL, 0, 0, out);
  argbuf_free (&ab);
  return rc;
}

bool
sg_term_fit (sg_store *s, sg_term *t, sg_sort want)
{
  sg_sort got = sg_term_sort (s, *t);
  if (got == want) return true;
  if (got == s->s_int && want == s->s_real) return sg_chk_coerce (s, t) == SG_RC_OK;
  return sg_sort_kind_of (s, want) == SG_SORT_ARRAY && sg_chk_lambda_as_array (s, t, want);
}

sg_rc
sg_mk_true (sg_store *s, sg_term *out)
{
  return sg_mk_app (s, SG_OP_TRUE, NULL, 0, NULL, 0, out);
}

sg_rc
sg_mk_false (sg_store *s, sg_term *out)
{
  return sg_mk_app (s, SG_OP_FALSE, NULL, 0, NULL, 0, out);
}

static bool
all_digits (const char *t, uint32_t len, uint32_t from, const char *set)
{
  if (len <= from) return false;
  for (uint32_t i = from; i < len; i++)
    if (!strchr (set, t[i]) || t[i] == 0) return false;
  return true;
}

sg_rc
sg_mk_literal (sg_store *s, sg_op op, const char *t, uint32_t len, sg_term *out)
{
  sg_sort sort;
  sg_rc rc = SG_RC_OK;
  switch (op)
    {
    case SG_OP_NUMERAL:
      if (!all_digits (t, len, 0, "0123456789") || (len > 1 && t[0] == '0'))
        return sg_store_err (s, SG_RC_PARSE, "malformed numeral '%.*s'", (int) (len > 40 ? 40 : len), t);
      sort = s->s_int;
      break;
    case SG_OP_DECIMAL:
      {
        const char *dot = memchr (t, '.', len);
        /* z3 also reads "2." (no fraction digits): interned as "2.0" below */
        if (!dot || !all_digits (t, (uint32_t) (dot - t), 0, "0123456789")
            || (dot + 1 < t + len && !all_digits (t, len, (uint32_t) (dot - t) + 1, "0123456789")))
          return sg_store_err (s, SG_RC_PARSE, "malformed decimal '%.*s'", (int) (len > 40 ? 40 : len), t);
        sort = s->s_real;
        break;
      }
    case SG_OP_HEX:
      if (len < 3 || t[0] != '#' || t[1] != 'x'
          || !all_digits (t, len, 2, "0123456789abcdefABCDEF"))
        return sg_store_err (s, SG_RC_PARSE, "malformed hexadecimal literal");
      if ((rc = sg_chk_bv_result (s, 4ull * (len - 2), &sort))) return rc;
      break;
    case SG_OP_BIN:
      if (len < 3 || t[0] != '#' || t[1] != 'b' || !all_digits (t, len, 2, "01"))
        return sg_store_err (s, SG_RC_PARSE, "malformed binary literal");
      if ((rc = sg_chk_bv_result (s, len - 2ull, &sort))) return rc;
      break;
    case SG_OP_STRING:
      sort = s->s_string;
      break;
    default:
      return sg_store_err (s, SG_RC_USAGE, "internal: sg_mk_literal on a non-literal operator");
    }
  sg_atom a;
  if (op == SG_OP_DECIMAL && t[len - 1] == '.')
    {
      /* "2." is kept as "2.0": cvc4 and cvc5 reject "2." ("Error finding next token") */
      char *whole = malloc ((size_t) len + 1);
      if (!whole) return sg_store_nomem (s);
      memcpy (whole, t, len);
      whole[len] = '0';
      bool ok = sg_atom_intern (&s->atoms, whole, len + 1, &a);
      free (whole);
      if (!ok) return sg_store_nomem (s);
    }
  else if (!sg_atom_intern (&s->atoms, t, len, &a))
    return sg_store_nomem (s);
  return sg_term_intern (s, op, 0, sort, NULL, 0, NULL, 0, a, out);
}

sg_rc
sg_mk_bvlit (sg_store *s, const char *digits, uint32_t len, uint32_t width, sg_term *out)
{
  if (!all_digits (digits, len, 0, "0123456789"))
    return sg_store_err (s, SG_RC_PARSE, "malformed bit-vector literal (_ bv%.*s %u)",
                         (int) (len > 40 ? 40 : len), digits, width);
  sg_sort sort;
  sg_rc rc = sg_sort_bv (s, width, &sort);
  if (rc) return rc;
  sg_atom a;
  if (!sg_atom_intern (&s->atoms, digits, len, &a)) return sg_store_nomem (s);
  return sg_term_intern (s, SG_OP_BVLIT, 0, sort, NULL, 0, &width, 1, a, out);
}

sg_rc
sg_mk_fun_app (sg_store *s, uint32_t fun, const sg_term *args, uint32_t n, sg_term *out)
{
  const sg_fun *f = &s->funs.a[fun];
  const char *name = sg_store_text (s, f->name);
  if (n != f->nparams)
    return sg_store_err (s, SG_RC_SORT, "'%s' expects %u argument%s, got %u", name, f->nparams,
                         f->nparams == 1 ? "" : "s", n);
  argbuf ab;
  sg_rc rc = argbuf_init (s, &ab, args, n);
  if (rc) return rc;
  for (uint32_t i = 0; i < n && !rc; i++)
    rc = sg_chk_expect (s, name, ab.a, i, s->pool.a[s->funs.a[fun].params + i]);
  if (!rc) rc = sg_term_intern (s, SG_OP_APP, 0, s->funs.a[fun].ret, ab.a, n, NULL, 0, fun, out);
  argbuf_free (&ab);
  return rc;
}

sg_rc
sg_mk_fun_ref (sg_store *s, uint32_t fun, sg_term *out)
{
  const sg_fun *f = &s->funs.a[fun];
  uint32_t n = f->nparams;
  if (n == 0) return sg_store_err (s, SG_RC_USAGE, "internal: sg_mk_fun_ref on a constant");
  sg_sort *ks = malloc ((n + 1) * sizeof *ks);
  if (!ks) return sg_store_nomem (s);
  memcpy (ks, s->pool.a + f->params, n * sizeof *ks);
  ks[n] = f->ret;
  sg_sort fs;
  sg_rc rc = sg_sort_fun (s, ks, n + 1, &fs);
  free (ks);
  if (!rc) rc = sg_term_intern (s, SG_OP_FUN_REF, 0, fs, NULL, 0, NULL, 0, fun, out);
  return rc;
}

sg_rc
sg_mk_ho_apply (sg_store *s, sg_term head, const sg_term *args, uint32_t n, bool curry, sg_term *out)
{
  sg_term *all = malloc ((n + 1) * sizeof *all);
  if (!all) return sg_store_nomem (s);
  all[0] = head;
  if (n) memcpy (all + 1, args, n * sizeof *all);
  sg_term t;
  sg_rc rc = sg_mk_app (s, SG_OP_HO_APPLY, all, n + 1, NULL, 0, &t);
  if (!rc && curry)
    {
      memcpy (all, sg_term_args (s, t), (n + 1) * sizeof *all); /* with any coercions */
      rc = sg_term_intern (s, SG_OP_HO_APPLY, SG_TF_CURRY, sg_term_sort (s, t), all, n + 1, NULL, 0, 0, &t);
    }
  free (all);
  if (!rc) *out = t;
  return rc;
}

sg_rc
sg_mk_bvar (sg_store *s, sg_atom name, sg_sort sort, sg_term *out)
{
  return sg_term_intern (s, SG_OP_BVAR, 0, sort, NULL, 0, NULL, 0, name, out);
}

sg_rc
sg_mk_binder (sg_store *s, sg_op op, const sg_term *a, uint32_t n, sg_term *out)
{
  if (op == SG_OP_LET)
    {
      if (n < 3 || n % 2 == 0)
        return sg_store_err (s, SG_RC_SORT, "let needs at least one binding and a body");
      for (uint32_t i = 0; i + 1 < n; i += 2)
        {
          if (sg_term_op (s, a[i]) != SG_OP_BVAR)
            return sg_store_err (s, SG_RC_SORT, "let binding %u is not a variable", i / 2 + 1);
          if (sg_term_sort (s, a[i]) != sg_term_sort (s, a[i + 1]))
            return sg_store_err (s, SG_RC_SORT, "let variable and its value differ in sort");
        }
      return sg_term_intern (s, op, 0, sg_term_sort (s, a[n - 1]), a, n, NULL, 0, 0, out);
    }
  if (op == SG_OP_SET_COMP)
    {
      if (n < 3) return sg_store_err (s, SG_RC_SORT, "set.comprehension needs variables, a predicate and a term");
      for (uint32_t i = 0; i + 2 < n; i++)
        if (sg_term_op (s, a[i]) != SG_OP_BVAR)
          return sg_store_err (s, SG_RC_SORT, "set.comprehension item %u is not a variable", i + 1);
      if (sg_term_sort (s, a[n - 2]) != s->s_bool)
        return sg_chk_mismatch (s, "set.comprehension", n - 2, sg_term_sort (s, a[n - 2]), "Bool");
      sg_sort elem = sg_term_sort (s, a[n - 1]), set;
      sg_rc rc = sg_sort_make (s, SG_SORT_SET, 0, 0, &elem, 1, &set);
      if (!rc) rc = sg_term_intern (s, op, 0, set, a, n, NULL, 0, 0, out);
      return rc;
    }
  if (op == SG_OP_LAMBDA)
    {
      if (n < 2) return sg_store_err (s, SG_RC_SORT, "lambda needs variables and a body");
      sg_sort *ks = malloc (n * sizeof *ks);
      if (!ks) return sg_store_nomem (s);
      sg_rc rc = SG_RC_OK;
      for (uint32_t i = 0; i < n && !rc; i++)
        {
          if (i + 1 < n && sg_term_op (s, a[i]) != SG_OP_BVAR)
            rc = sg_store_err (s, SG_RC_SORT, "lambda item %u is not a variable", i + 1);
          ks[i] = sg_term_sort (s, a[i]);
        }
      sg_sort fs;
      if (!rc) rc = sg_sort_fun (s, ks, n, &fs);
      free (ks);
      if (!rc) rc = sg_term_intern (s, op, 0, fs, a, n, NULL, 0, 0, out);
      return rc;
    }
  if (op != SG_OP_FORALL && op != SG_OP_EXISTS)
    return sg_store_err (s, SG_RC_USAGE, "internal: sg_mk_binder on a non-binder");
  if (n < 2) return sg_store_err (s, SG_RC_SORT, "quantifier needs variables and a body");
  for (uint32_t i = 0; i + 1 < n; i++)
    if (sg_term_op (s, a[i]) != SG_OP_BVAR)
      return sg_store_err (s, SG_RC_SORT, "quantified item %u is not a variable", i + 1);
  if (sg_term_sort (s, a[n - 1]) != s->s_bool)
    return sg_chk_mismatch (s, sg_op_name (op), n - 1, sg_term_sort (s, a[n - 1]), "Bool");
  return sg_term_intern (s, op, 0, s->s_bool, a, n, NULL, 0, 0, out);
}

sg_rc
sg_mk_match (sg_store *s, const sg_term *a, uint32_t n, sg_term *out)
{
  if (n < 3 || n % 2 == 0) return sg_store_err (s, SG_RC_SORT, "match needs at least one case");
  sg_sort st = sg_term_sort (s, a[0]);
  if (sg_sort_kind_of (s, st) != SG_SORT_DT)
    return sg_chk_mismatch (s, "match", 0, st, "a datatype sort");
  sg_sort rs = sg_term_sort (s, a[2]);
  for (uint32_t i = 1; i + 1 < n; i += 2)
    {
      sg_op pop = sg_term_op (s, a[i]);
      if ((pop != SG_OP_BVAR && pop != SG_OP_DT_CONS) || sg_term_sort (s, a[i]) != st)
        return sg_store_err (s, SG_RC_SORT, "match pattern %u is not a pattern of the scrutinee's sort", i / 2 + 1);
      if (pop == SG_OP_DT_CONS)
        for (uint32_t k = 0; k < sg_term_nargs (s, a[i]); k++)
          if (sg_term_op (s, sg_term_arg (s, a[i], k)) != SG_OP_BVAR)
            return sg_store_err (s, SG_RC_SORT, "match pattern %u has a non-variable argument", i / 2 + 1);
      if (sg_term_sort (s, a[i + 1]) != rs)
        return sg_chk_mismatch_sort (s, "match", i + 1, sg_term_sort (s, a[i + 1]), rs);
    }
  return sg_term_intern (s, SG_OP_MATCH, 0, rs, a, n, NULL, 0, 0, out);
}

sg_rc
sg_mk_annot (sg_store *s, const sg_term *a, uint32_t n, uint32_t annot, sg_term *out)
{
  if (n < 1 || annot >= s->annots.n) return sg_store_err (s, SG_RC_USAGE, "internal: bad annotation");
  return sg_term_intern (s, SG_OP_ANNOT, 0, sg_term_sort (s, a[0]), a, n, NULL, 0, annot, out);
}

sg_rc
sg_mk_const_array (sg_store *s, sg_sort array, sg_term value, sg_term *out)
{
  if (sg_sort_kind_of (s, array) != SG_SORT_ARRAY)
    return sg_store_err (s, SG_RC_SORT, "(as const S) needs an array sort S");
  sg_term v = value;
  sg_rc rc = sg_chk_expect (s, "const", &v, 0, sg_sort_node (s, array)->b);
  if (rc) return rc;
  return sg_term_intern (s, SG_OP_CONST_ARRAY, 0, array, &v, 1, NULL, 0, 0, out);
}

/* Unify pattern sort p (may contain the dt's PARAMs) with actual sort x, binding params. */
static bool
unify (sg_store *s, sg_sort p, sg_sort x, const sg_sort *params, sg_sort *binding, uint32_t np)
{
  sg_u32vec st = { 0 };
  bool ok = SG_VEC_PUSH (st, p) && SG_VEC_PUSH (st, x);
  while (ok && st.n)
    {
      sg_sort b = SG_VEC_POP (st), a = SG_VEC_POP (st);
      const sg_sortnode *na = sg_sort_node (s, a), *nb = sg_sort_node (s, b);
      if (na->kind == SG_SORT_PARAM)
        {
          uint32_t i = 0;
          while (i < np && params[i] != a) i++;
          if (i < np)
            {
              if (binding[i] == SG_NONE) binding[i] = b;
              else ok = binding[i] == b;
              continue;
            }
        }
      if (a == b) continue;
      if (na->kind != nb->kind || na->kind == SG_SORT_PARAM) { ok = false; break; }
      if (na->kind == SG_SORT_ARRAY)
        ok = SG_VEC_PUSH (st, na->a) && SG_VEC_PUSH (st, nb->a) && SG_VEC_PUSH (st, na->b)
             && SG_VEC_PUSH (st, nb->b);
      else if (sg_sort_kind_has_args (na->kind) && na->a == nb->a && na->nargs == nb->nargs)
        for (uint32_t i = 0; ok && i < na->nargs; i++)
          {
            sg_sort pa = s->pool.a[na->args + i], pb = s->pool.a[nb->args + i];
            ok = SG_VEC_PUSH (st, pa) && SG_VEC_PUSH (st, pb);
            na = sg_sort_node (s, a); nb = sg_sort_node (s, b);
          }
      else
        ok = false;
    }
  SG_VEC_FREE (st);
  return ok;
}

/* The datatype sort of dt instantiated with args (NULL args = its own parameters). */
static sg_rc
dt_sort (sg_store *s, uint32_t dt, const sg_sort *args, sg_sort *out)
{
  const sg_dt *d = &s->dts.a[dt];
  if (d->nparams == 0) return sg_sort_make (s, SG_SORT_DT, dt, 0, NULL, 0, out);
  sg_sort tmp[LOCAL_ARGS];
  sg_sort *a = d->nparams <= LOCAL_ARGS ? tmp : malloc (d->nparams * sizeof *a);
  if (!a) return sg_store_nomem (s);
  memcpy (a, args ? args : s->pool.a + d->params, d->nparams * sizeof *a);
  sg_rc rc = sg_sort_make (s, SG_SORT_DT, dt, 0, a, d->nparams, out);
  if (a != tmp) free (a);
  return rc;
}

sg_rc
sg_mk_dt_cons (sg_store *s, uint32_t cons, const sg_term *args, uint32_t n, sg_sort as,
               sg_term *out)
{
  const sg_dtcons *c = &s->conss.a[cons];
  const sg_dt *d = &s->dts.a[c->dt];
  const char *name = sg_store_text (s, c->name);
  uint32_t dtid = c->dt, np = d->nparams;
  if (n != c->nsel)
    return sg_store_err (s, SG_RC_SORT, "constructor '%s' expects %u argument%s, got %u", name,
                         c->nsel, c->nsel == 1 ? "" : "s", n);
  sg_sort *binding = np ? malloc (np * sizeof *binding) : NULL;
  if (np && !binding) return sg_store_nomem (s);
  for (uint32_t i = 0; i < np; i++) binding[i] = SG_NONE;
  sg_rc rc = SG_RC_OK;
  sg_sort sort = SG_NONE;
  argbuf ab;
  if ((rc = argbuf_init (s, &ab, args, n))) { free (binding); return rc; }
  if (as != SG_NONE)
    {
      const sg_sortnode *an = sg_sort_node (s, as);
      if (an->kind != SG_SORT_DT || an->a != dtid)
        { rc = sg_store_err (s, SG_RC_SORT, "(as %s S): S is not an instance of its datatype", name); goto done; }
      for (uint32_t i = 0; i < np; i++) binding[i] = s->pool.a[an->args + i];
      sort = as;
    }
  for (uint32_t i = 0; i < n; i++)
    {
      sg_sort field = s->sels.a[s->conss.a[cons].sel + i].sort;
      sg_sort got = sg_term_sort (s, ab.a[i]);
      if (np == 0 || as != SG_NONE)
        {
          sg_sort want = field;
          if (np && (rc = sg_sort_subst (s, field, s->pool.a + s->dts.a[dtid].params, binding, np, &want)))
            goto done;
          if ((rc = sg_chk_expect (s, name, ab.a, i, want))) goto done;
        }
      else if (!unify (s, field, got, s->pool.a + s->dts.a[dtid].params, binding, np))
        {
          char g[128];
          rc = sg_store_err (s, SG_RC_SORT, "sort mismatch: argument %u of '%s' has sort %s",
                             i + 1, name, sg_chk_sortstr (s, got, g, sizeof g));
          goto done;
        }
    }
  if (sort == SG_NONE)
    {
      for (uint32_t i = 0; i < np; i++)
        if (binding[i] == SG_NONE)
          {
            rc = sg_store_err (s, SG_RC_SORT,
                               "cannot infer the sort of '%s'; write (as %s SORT)", name, name);
            goto done;
          }
      if ((rc = dt_sort (s, dtid, np ? binding : NULL, &sort))) goto done;
    }
  rc = sg_term_intern (s, SG_OP_DT_CONS, as != SG_NONE ? SG_TF_AS : 0, sort, ab.a, n, NULL, 0,
                       cons, out);
done:
  argbuf_free (&ab);
  free (binding);
  return rc;
}

/* Check that arg's sort is an instance of dt; OUT its parameters. */
static sg_rc
dt_arg (sg_store *s, const char *what, uint32_t dt, sg_term arg, const sg_sort **params)
{
  sg_sort x = sg_term_sort (s, arg);
  const sg_sortnode *n = sg_sort_node (s, x);
  if (n->kind != SG_SORT_DT || n->a != dt)
    {
      char g[128];
      return sg_store_err (s, SG_RC_SORT, "sort mismatch: argument of '%s' has sort %s, expected datatype %s",
                           what, sg_chk_sortstr (s, x, g, sizeof g), sg_store_text (s, s->dts.a[dt].name));
    }
  *params = s->pool.a + n->args;
  return SG_RC_OK;
}

sg_rc
sg_mk_dt_sel (sg_store *s, uint32_t sel, sg_term arg, sg_term *out)
{
  const sg_dtsel *se = &s->sels.a[sel];
  uint32_t dt = s->conss.a[se->cons].dt;
  const sg_sort *params = NULL;
  sg_rc rc = dt_arg (s, sg_store_text (s, se->name), dt, arg, &params);
  if (rc) return rc;
  sg_sort sort = se->sort;
  uint32_t np = s->dts.a[dt].nparams;
  if (np)
    {
      sg_sort tmp[LOCAL_ARGS];
      sg_sort *a = np <= LOCAL_ARGS ? tmp : malloc (np * sizeof *a);
      if (!a) return sg_store_nomem (s);
      memcpy (a, params, np * sizeof *a); /* params points into the pool, which may move */
      rc = sg_sort_subst (s, s->sels.a[sel].sort, s->pool.a + s->dts.a[dt].params, a, np, &sort);
      if (a != tmp) free (a);
      if (rc) return rc;
    }
  return sg_term_intern (s, SG_OP_DT_SEL, 0, sort, &arg, 1, NULL, 0, sel, out);
}

sg_rc
sg_mk_dt_update (sg_store *s, uint32_t sel, sg_term t, sg_term v, sg_term *out)
{
  sg_term field;
  sg_rc rc = sg_mk_dt_sel (s, sel, t, &field); /* checks t and gives the field's sort */
  if (rc) return rc;
  sg_term a[2] = { t, v };
  if ((rc = sg_chk_expect (s, sg_store_text (s, s->sels.a[sel].name), a, 1, sg_term_sort (s, field)))) return rc;
  return sg_term_intern (s, SG_OP_DT_UPDATE, 0, sg_term_sort (s, t), a, 2, NULL, 0, sel, out);
}

sg_rc
sg_mk_dt_test (sg_store *s, uint32_t cons, sg_term arg, bool dash, sg_term *out)
{
  const sg_sort *params = NULL;
  sg_rc rc = dt_arg (s, sg_store_text (s, s->conss.a[cons].name), s->conss.a[cons].dt, arg, &params);
  if (rc) return rc;
  return sg_term_intern (s, SG_OP_DT_TEST, dash ? SG_TF_DASH : 0, s->s_bool, &arg, 1, NULL, 0,
                         cons, out);
}

/* The flags that say how a term was written ((as f S) of an overloaded f, an array applied
 * as a function, (_ is (as C S))) kept by sg_term_rebuild: *out again with them. */
static sg_rc
keep_written (sg_store *s, uint8_t flags, sg_rc rc, sg_term *out)
{
  flags &= SG_TF_AS | SG_TF_APPLY;
  if (rc || !flags) return rc;
  sg_node n = s->nodes.a[*out];
  if ((n.flags & flags) == flags) return SG_RC_OK;
  sg_term tmp[8] = { 0 }, *a = n.nargs <= 8 ? tmp : malloc (n.nargs * sizeof *a);
  if (!a) return sg_store_nomem (s);
  memcpy (a, s->args.a + n.args, n.nargs * sizeof *a); /* interning may move s->args */
  sg_rc rc2 = sg_term_intern (s, (sg_op) n.op, (uint8_t) (n.flags | flags), n.sort, a, n.nargs, NULL, 0, n.aux, out);
  if (a != tmp) free (a);
  return rc2;
}

sg_rc
sg_term_rebuild (sg_store *s, sg_term t, const sg_term *args, sg_term *out)
{
  sg_node n = s->nodes.a[t];
  if (n.nargs == 0) { *out = t; return SG_RC_OK; }
  if (n.op == SG_OP_APP || n.op == SG_OP_SELECT || n.op == SG_OP_DT_TEST)
    {
      sg_rc rc = n.op == SG_OP_APP ? sg_mk_fun_app (s, n.aux, args, n.nargs, out)
                 : n.op == SG_OP_SELECT ? sg_mk_app (s, SG_OP_SELECT, args, 2, NULL, 0, out)
                                        : sg_mk_dt_test (s, n.aux, args[0], n.flags & SG_TF_DASH, out);
      return keep_written (s, n.flags, rc, out);
    }
  switch ((sg_op) n.op)
    {
    case SG_OP_APP: return sg_mk_fun_app (s, n.aux, args, n.nargs, out);
    case SG_OP_LET:
    case SG_OP_FORALL:
    case SG_OP_EXISTS:
    case SG_OP_LAMBDA:
    case SG_OP_SET_COMP: return sg_mk_binder (s, (sg_op) n.op, args, n.nargs, out);
    case SG_OP_HO_APPLY: return sg_mk_ho_apply (s, args[0], args + 1, n.nargs - 1, n.flags & SG_TF_CURRY, out);
    case SG_OP_MATCH: return sg_mk_match (s, args, n.nargs, out);
    case SG_OP_ANNOT: return sg_mk_annot (s, args, n.nargs, n.aux, out);
    case SG_OP_CONST_ARRAY: return sg_mk_const_array (s, n.sort, args[0], out);
    case SG_OP_DT_CONS:
      return sg_mk_dt_cons (s, n.aux, args, n.nargs, (n.flags & SG_TF_AS) ? n.sort : SG_NONE, out);
    case SG_OP_DT_SEL: return sg_mk_dt_sel (s, n.aux, args[0], out);
    case SG_OP_DT_UPDATE: return sg_mk_dt_update (s, n.aux, args[0], args[1], out);
    case SG_OP_DT_TEST: return sg_mk_dt_test (s, n.aux, args[0], n.flags & SG_TF_DASH, out);
    default:
      break;
    }
  if (n.flags & SG_TF_IMPLICIT)
    {
      if (sg_term_sort (s, args[0]) != s->s_int)
        return sg_chk_mismatch (s, "to_real", 0, sg_term_sort (s, args[0]), "Int");
      return sg_term_intern (s, (sg_op) n.op, n.flags, n.sort, args, 1, NULL, 0, 0, out);
    }
  uint32_t idx[8];
  uint32_t nidx = n.nidx < 8 ? n.nidx : 8;
  memcpy (idx, s->args.a + n.args + n.nargs, nidx * sizeof *idx);
  return sg_mk_app (s, (sg_op) n.op, args, n.nargs, idx, nidx, out);
}
