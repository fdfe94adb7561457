/* check: the sort rules of every operator — the checked term constructors sg_mk_*.
 * Int-to-Real mixing that solvers accept is turned into an implicit to_real node (flag
 * SG_TF_IMPLICIT, printed as its child) and counted in store->coerce_*. */
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
static sg_rc
coerce (sg_store *s, sg_term *t)
{
  sg_op op = sg_term_op (s, *t);
  if (op == SG_OP_NUMERAL) s->coerce_literals++;
  else s->coerce_terms++;
  return sg_term_intern (s, SG_OP_TO_REAL, SG_TF_IMPLICIT, s->s_real, t, 1, NULL, 0, 0, t);
}

/* z3 reads a lambda of one variable as an array: retype *t, a LAMBDA of sort (-> D R), as
 * (Array D R) when want is that sort (or SG_NONE). False when it is no such lambda. */
static bool
lambda_as_array (sg_store *s, sg_term *t, sg_sort want)
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
  if (got == s->s_int && want == s->s_real) return coerce (s, &a[i]);
  if (sg_sort_kind_of (s, want) == SG_SORT_ARRAY && lambda_as_array (s, &a[i], want)) return SG_RC_OK;
  return sg_chk_mismatch_sort (s, what, i, got, want);
}

/* All arguments of one sort; Int and Real mixed are unified to Real. */
static sg_rc
same_sort (sg_store *s, const char *what, sg_term *a, uint32_t n, sg_sort *out)
{
  sg_sort first = sg_term_sort (s, a[0]);
  bool mixed = false;
  for (uint32_t i = 1; i < n; i++)
    {
      sg_sort x = sg_term_sort (s, a[i]);
      if (x == first) continue;
      if (sg_sort_kind_of (s, first) == SG_SORT_ARRAY && lambda_as_array (s, &a[i], first)) continue;
      if (sg_sort_kind_of (s, x) == SG_SORT_ARRAY && i == 1 && lambda_as_array (s, &a[0], x))
        { first = x; continue; }
      if (sg_sort_is_numeric (s, x) && sg_sort_is_numeric (s, first)) { mixed = true; continue; }
      return sg_chk_mismatch_sort (s, what, i, x, first);
    }
  if (mixed)
    {
      for (uint32_t i = 0; i < n; i++)
        if (sg_term_sort (s, a[i]) == s->s_int)
          {
            sg_rc rc = coerce (s, &a[i]);
            if (rc) return rc;
          }
      first = s->s_real;
    }
  *out = first;
  return SG_RC_OK;
}

sg_sort
sg_chk_letter_sort (sg_store *s, char c)
{
  switch (c)
    {
    case 'B': return s->s_bool;
    case 'I': return s->s_int;
    case 'R': return s->s_real;
    case 'S': return s->s_string;
    case 'L': return s->s_reglan;
    case 'M': return s->s_rm;
    }
  return SG_NONE;
}

static sg_rc
rule_sig (sg_store *s, sg_op op, const char *sig, sg_term *a, uint32_t n, sg_sort *out)
{
  const char *arrow = strstr (sig, "->");
  size_t nl = (size_t) (arrow - sig);
  bool star = nl > 0 && sig[nl - 1] == '*';
  /* cvc5 applies the string operators to sequences too: the String positions then all take
   * the sequence sort of the first such argument. */
  sg_sort str = s->s_string;
  for (uint32_t i = 0; i < n; i++)
    {
      size_t pos = 2 * (size_t) i;
      if (star && pos >= nl - 1) pos = nl - 2;
      if (sig[pos] == 'S' && sg_sort_kind_of (s, sg_term_sort (s, a[i])) == SG_SORT_SEQ)
        { str = sg_term_sort (s, a[i]); break; }
    }
  /* letters are at even positions ("S,I,I" or "B*") */
  for (uint32_t i = 0; i < n; i++)
    {
      size_t pos = 2 * (size_t) i;
      if (star && pos >= nl - 1) pos = nl - 2;
      sg_rc rc = sg_chk_expect (s, sg_chk_opname (s, op), a, i, sig[pos] == 'S' ? str : sg_chk_letter_sort (s, sig[pos]));
      if (rc) return rc;
    }
  *out = arrow[2] == 'S' ? str : sg_chk_letter_sort (s, arrow[2]);
  return SG_RC_OK;
}

static sg_rc
need_kind (sg_store *s, sg_op op, sg_term *a, uint32_t i, sg_sort_kind k, const char *what)
{
  sg_sort x = sg_term_sort (s, a[i]);
  if (sg_sort_kind_of (s, x) == k) return SG_RC_OK;
  return sg_chk_mismatch (s, sg_chk_opname (s, op), i, x, what);
}

static sg_rc
all_same (sg_store *s, sg_op op, sg_term *a, uint32_t from, uint32_t n, sg_sort want)
{
  for (uint32_t i = from; i < n; i++)
    if (sg_term_sort (s, a[i]) != want) return sg_chk_mismatch_sort (s, sg_chk_opname (s, op), i, sg_term_sort (s, a[i]), want);
  return SG_RC_OK;
}

static sg_rc
bv_result (sg_store *s, uint64_t w, sg_sort *out)
{
  if (w > SG_LIMIT_BV_WIDTH)
    return sg_store_err (s, SG_RC_LIMIT, "bit-vector width %llu exceeds the limit %u",
                         (unsigned long long) w, (unsigned) SG_LIMIT_BV_WIDTH);
  return sg_sort_bv (s, (uint32_t) w, out);
}

/* Rules ARITH and ARITH_CMP: numeric arguments of one sort (Int mixed with Real is coerced). */
static sg_rc
rule_arith (sg_store *s, const sg_opinfo *info, const char *name, sg_term *a, uint32_t n, sg_sort *out)
{
  sg_rc rc;
  sg_sort x;
  for (uint32_t i = 0; i < n; i++)
    if (!sg_sort_is_numeric (s, sg_term_sort (s, a[i])))
      return sg_chk_mismatch (s, name, i, sg_term_sort (s, a[i]), "Int or Real");
  if ((rc = same_sort (s, name, a, n, &x))) return rc;
  *out = info->rule == SG_RULE_ARITH ? x : s->s_bool;
  return SG_RC_OK;
}

/* Rules BV_SAME, BV_CMP and BV_COMP: bit-vector arguments of one sort. */
static sg_rc
rule_bv_same (sg_store *s, sg_op op, const sg_opinfo *info, sg_term *a, uint32_t n, sg_sort *out)
{
  sg_rc rc;
  sg_sort x;
  if ((rc = need_kind (s, op, a, 0, SG_SORT_BV, "a bit-vector sort"))) return rc;
  x = sg_term_sort (s, a[0]);
  if ((rc = all_same (s, op, a, 1, n, x))) return rc;
  if (info->rule == SG_RULE_BV_SAME) *out = x;
  else if (info->rule == SG_RULE_BV_CMP) *out = s->s_bool;
  else return sg_sort_bv (s, 1, out);
  return SG_RC_OK;
}

/* Rule BV_CONCAT: the result is as wide as all the bit-vector arguments together. */
static sg_rc
rule_bv_concat (sg_store *s, sg_op op, sg_term *a, uint32_t n, sg_sort *out)
{
  sg_rc rc;
  uint64_t w = 0;
  for (uint32_t i = 0; i < n; i++)
    {
      if ((rc = need_kind (s, op, a, i, SG_SORT_BV, "a bit-vector sort"))) return rc;
      w += sg_sort_bv_width (s, sg_term_sort (s, a[i]));
    }
  return bv_result (s, w, out);
}

/* Rule BV_EXTRACT: (_ extract i j) of a bit-vector wider than i, with j <= i. */
static sg_rc
rule_bv_extract (sg_store *s, sg_op op, sg_term *a, const uint32_t *idx, sg_sort *out)
{
  sg_rc rc;
  if ((rc = need_kind (s, op, a, 0, SG_SORT_BV, "a bit-vector sort"))) return rc;
  uint32_t w = sg_sort_bv_width (s, sg_term_sort (s, a[0]));
  if (idx[1] > idx[0] || idx[0] >= w)
    return sg_store_err (s, SG_RC_SORT,
                         "(_ extract %u %u) needs %u >= %u and %u < width %u", idx[0],
                         idx[1], idx[0], idx[1], idx[0], w);
  return bv_result (s, (uint64_t) idx[0] - idx[1] + 1, out);
}

/* Rules BV_REPEAT and BV_EXTEND: a bit-vector made idx[0] times or idx[0] bits wider. */
static sg_rc
rule_bv_resize (sg_store *s, sg_op op, const sg_opinfo *info, sg_term *a, const uint32_t *idx, sg_sort *out)
{
  sg_rc rc;
  if ((rc = need_kind (s, op, a, 0, SG_SORT_BV, "a bit-vector sort"))) return rc;
  uint64_t w = sg_sort_bv_width (s, sg_term_sort (s, a[0]));
  if (info->rule == SG_RULE_BV_REPEAT)
    {
      if (idx[0] == 0) return sg_store_err (s, SG_RC_SORT, "(_ repeat 0) is not allowed");
      return bv_result (s, w * idx[0], out);
    }
  return bv_result (s, w + idx[0], out);
}

/* Rule FP_FP: (fp sign exponent significand) of three bit-vectors, the sign one bit wide. */
static sg_rc
rule_fp_fp (sg_store *s, sg_op op, const char *name, sg_term *a, sg_sort *out)
{
  sg_rc rc;
  for (uint32_t i = 0; i < 3; i++)
    if ((rc = need_kind (s, op, a, i, SG_SORT_BV, "a bit-vector sort"))) return rc;
  uint32_t w0 = sg_sort_bv_width (s, sg_term_sort (s, a[0]));
  if (w0 != 1) return sg_chk_mismatch (s, name, 0, sg_term_sort (s, a[0]), "(_ BitVec 1)");
  uint32_t eb = sg_sort_bv_width (s, sg_term_sort (s, a[1]));
  uint32_t sb = sg_sort_bv_width (s, sg_term_sort (s, a[2])) + 1;
  return sg_sort_fp (s, eb, sb, out);
}

/* Rules TO_FP and TO_FP_UNSIGNED: (_ to_fp eb sb) of a bit-vector, or of RM and a number. */
static sg_rc
rule_to_fp (sg_store *s, sg_op op, const sg_opinfo *info, const char *name, sg_term *a, uint32_t n, const uint32_t *idx,
            sg_sort *out)
{
  sg_rc rc;
  sg_sort fp;
  if ((rc = sg_sort_fp (s, idx[0], idx[1], &fp))) return rc;
  if (n == 1)
    {
      if ((rc = need_kind (s, op, a, 0, SG_SORT_BV, "a bit-vector sort"))) return rc;
      uint32_t w = sg_sort_bv_width (s, sg_term_sort (s, a[0]));
      if ((uint64_t) w != (uint64_t) idx[0] + idx[1])
        return sg_store_err (s, SG_RC_SORT,
                             "(_ to_fp %u %u) of one bit-vector needs width %llu, got %u",
                             idx[0], idx[1], (unsigned long long) idx[0] + idx[1], w);
      *out = fp;
      return SG_RC_OK;
    }
  if ((rc = sg_chk_expect (s, name, a, 0, s->s_rm))) return rc;
  sg_sort_kind k = sg_sort_kind_of (s, sg_term_sort (s, a[1]));
  if (n == 3) /* z3: ((_ to_fp eb sb) RM x e) = x * 2^e */
    {
      if ((rc = sg_chk_expect (s, name, a, 1, s->s_real)) || (rc = sg_chk_expect (s, name, a, 2, s->s_int))) return rc;
      *out = fp;
      return SG_RC_OK;
    }
  if (info->rule == SG_RULE_TO_FP_UNSIGNED)
    {
      if ((rc = need_kind (s, op, a, 1, SG_SORT_BV, "a bit-vector sort"))) return rc;
    }
  else if (k == SG_SORT_INT)
    {
      if ((rc = coerce (s, &a[1]))) return rc;
    }
  else if (k != SG_SORT_FP && k != SG_SORT_REAL && k != SG_SORT_BV)
    return sg_chk_mismatch (s, name, 1, sg_term_sort (s, a[1]),
                     "a floating-point, Real or bit-vector sort");
  *out = fp;
  return SG_RC_OK;
}

/* Rules SELECT and STORE: an array (or a lambda read as one) with index and element sorts. */
static sg_rc
rule_array (sg_store *s, sg_op op, const sg_opinfo *info, const char *name, sg_term *a, sg_sort *out)
{
  sg_rc rc;
  sg_sort x;
  lambda_as_array (s, &a[0], SG_NONE);
  if ((rc = need_kind (s, op, a, 0, SG_SORT_ARRAY, "an array sort"))) return rc;
  x = sg_term_sort (s, a[0]);
  const sg_sortnode *arr = sg_sort_node (s, x);
  sg_sort is = arr->a, es = arr->b;
  if ((rc = sg_chk_expect (s, name, a, 1, is))) return rc;
  if (info->rule == SG_RULE_SELECT) { *out = es; return SG_RC_OK; }
  if ((rc = sg_chk_expect (s, name, a, 2, es))) return rc;
  *out = x;
  return SG_RC_OK;
}

/* Rule PB: Boolean arguments and one coefficient index per argument (after k). */
static sg_rc
rule_pb (sg_store *s, const char *name, sg_term *a, uint32_t n, uint32_t nidx, sg_sort *out)
{
  sg_rc rc;
  if (nidx != n + 1)
    return sg_store_err (s, SG_RC_SORT, "(_ %s k c1 ... cn) needs one coefficient per argument: %u indices, %u arguments",
                         name, nidx, n);
  for (uint32_t i = 0; i < n; i++)
    if ((rc = sg_chk_expect (s, name, a, i, s->s_bool))) return rc;
  *out = s->s_bool;
  return SG_RC_OK;
}

/* The sort of op applied to a[0..n) with indices idx[0..nidx), by the operator's sort rule
 * (a[] may be rewritten by coercions). */
static sg_rc
apply_rule (sg_store *s, sg_op op, sg_term *a, uint32_t n, const uint32_t *idx, uint32_t nidx, sg_sort *out)
{
  const sg_opinfo *info = sg_op_info (op);
  const char *name = sg_chk_opname (s, op);
  sg_rc rc = SG_RC_OK;
  sg_sort x;
  switch ((sg_rule) info->rule)
    {
    case SG_RULE_SIG:
      if (op == SG_OP_DIVISIBLE && idx[0] == 0)
        return sg_store_err (s, SG_RC_SORT, "(_ divisible 0) is not allowed");
      return rule_sig (s, op, info->sig, a, n, out);
    case SG_RULE_EQ:
      if ((rc = same_sort (s, name, a, n, &x))) return rc;
      *out = s->s_bool;
      return SG_RC_OK;
    case SG_RULE_ITE:
      if ((rc = sg_chk_expect (s, name, a, 0, s->s_bool))) return rc;
      return same_sort (s, name, a + 1, 2, out);
    case SG_RULE_ARITH:
    case SG_RULE_ARITH_CMP:
      return rule_arith (s, info, name, a, n, out);
    case SG_RULE_BV_SAME:
    case SG_RULE_BV_CMP:
    case SG_RULE_BV_COMP:
      return rule_bv_same (s, op, info, a, n, out);
    case SG_RULE_BV_RED:
    case SG_RULE_BV_PRED:
    case SG_RULE_BV2NAT:
      if ((rc = need_kind (s, op, a, 0, SG_SORT_BV, "a bit-vector sort"))) return rc;
      if (info->rule == SG_RULE_BV_RED) return sg_sort_bv (s, 1, out);
      *out = info->rule == SG_RULE_BV_PRED ? s->s_bool : s->s_int;
      return SG_RC_OK;
    case SG_RULE_NAT2BV:
      if ((rc = sg_chk_expect (s, name, a, 0, s->s_int))) return rc;
      return bv_result (s, idx[0], out);
    case SG_RULE_BV_CONCAT:
      return rule_bv_concat (s, op, a, n, out);
    case SG_RULE_BV_EXTRACT:
      return rule_bv_extract (s, op, a, idx, out);
    case SG_RULE_BV_REPEAT:
    case SG_RULE_BV_EXTEND:
      return rule_bv_resize (s, op, info, a, idx, out);
    case SG_RULE_FP_FP:
      return rule_fp_fp (s, op, name, a, out);
    case SG_RULE_FP_CONST:
      return sg_sort_fp (s, idx[0], idx[1], out);
    case SG_RULE_FP_SAME:
    case SG_RULE_FP_CMP:
    case SG_RULE_FP_PRED:
      if ((rc = need_kind (s, op, a, 0, SG_SORT_FP, "a floating-point sort"))) return rc;
      x = sg_term_sort (s, a[0]);
      if ((rc = all_same (s, op, a, 1, n, x))) return rc;
      *out = info->rule == SG_RULE_FP_SAME ? x : s->s_bool;
      return SG_RC_OK;
    case SG_RULE_FP_RM:
      if ((rc = sg_chk_expect (s, name, a, 0, s->s_rm))) return rc;
      if ((rc = need_kind (s, op, a, 1, SG_SORT_FP, "a floating-point sort"))) return rc;
      x = sg_term_sort (s, a[1]);
      if ((rc = all_same (s, op, a, 2, n, x))) return rc;
      *out = x;
      return SG_RC_OK;
    case SG_RULE_TO_FP:
    case SG_RULE_TO_FP_UNSIGNED:
      return rule_to_fp (s, op, info, name, a, n, idx, out);
    case SG_RULE_FP_TO_BV:
      if ((rc = sg_chk_expect (s, name, a, 0, s->s_rm))) return rc;
      if ((rc = need_kind (s, op, a, 1, SG_SORT_FP, "a floating-point sort"))) return rc;
      return bv_result (s, idx[0], out);
    case SG_RULE_TO_REAL:
      if (!sg_sort_is_numeric (s, sg_term_sort (s, a[0])))
        return sg_chk_mismatch (s, name, 0, sg_term_sort (s, a[0]), "Int");
      *out = s->s_real;
      return SG_RC_OK;
    case SG_RULE_FP_TO_REAL:
      if ((rc = need_kind (s, op, a, 0, SG_SORT_FP, "a floating-point sort"))) return rc;
      *out = s->s_real;
      return SG_RC_OK;
    case SG_RULE_FP_TO_IEEE_BV:
      {
        if ((rc = need_kind (s, op, a, 0, SG_SORT_FP, "a floating-point sort"))) return rc;
        const sg_sortnode *f = sg_sort_node (s, sg_term_sort (s, a[0]));
        return bv_result (s, (uint64_t) f->a + f->b, out);
      }
    case SG_RULE_SELECT:
    case SG_RULE_STORE:
      return rule_array (s, op, info, name, a, out);
    case SG_RULE_POLY:
      return sg_chk_rule_poly (s, op, info->sig, a, n, SG_NONE, out);
    case SG_RULE_REL:
      return sg_chk_rule_rel (s, op, a, n, out);
    case SG_RULE_TUPLE:
    case SG_RULE_TUPLE_SELECT:
    case SG_RULE_TUPLE_UPDATE:
      return sg_chk_rule_tuple (s, op, a, n, idx, out);
    case SG_RULE_HO_APPLY:
      return sg_chk_rule_ho_apply (s, op, a, n, out);
    case SG_RULE_PROJECT:
      return sg_chk_rule_project (s, op, a, n, idx, nidx, out);
    case SG_RULE_PB:
      return rule_pb (s, name, a, n, nidx, out);
    case SG_RULE_SPECIAL:
      break;
    }
  return sg_store_err (s, SG_RC_USAGE, "internal: operator %d has no sort rule", (int) op);
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
  rc = apply_rule (s, op, ab.a, n, idx, nidx, &sort);
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
  if (got == s->s_int && want == s->s_real) return coerce (s, t) == SG_RC_OK;
  return sg_sort_kind_of (s, want) == SG_SORT_ARRAY && lambda_as_array (s, t, want);
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
      if ((rc = bv_result (s, 4ull * (len - 2), &sort))) return rc;
      break;
    case SG_OP_BIN:
      if (len < 3 || t[0] != '#' || t[1] != 'b' || !all_digits (t, len, 2, "01"))
        return sg_store_err (s, SG_RC_PARSE, "malformed binary literal");
      if ((rc = bv_result (s, len - 2ull, &sort))) return rc;
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

sg_rc
sg_term_rebuild (sg_store *s, sg_term t, const sg_term *args, sg_term *out)
{
  sg_node n = s->nodes.a[t];
  if (n.nargs == 0) { *out = t; return SG_RC_OK; }
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
