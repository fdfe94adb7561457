/* check_rules: the sort rule of every SMT-LIB 2.6 operator (ops.def's rule column: signatures,
 * arithmetic, bit-vectors, floating point, arrays, pseudo-Booleans; the extensions' rules are
 * in check_ext.c): sg_chk_apply_rule gives the sort of an application, rewriting arguments
 * where solvers coerce Int to Real. Test: tests/unit/front_test.c, ctest front_test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/limits.h"
#include "front/store.h"
#include "front/check_int.h"
#include "front/store_int.h"

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
      if (sg_sort_kind_of (s, first) == SG_SORT_ARRAY && sg_chk_lambda_as_array (s, &a[i], first)) continue;
      if (sg_sort_kind_of (s, x) == SG_SORT_ARRAY && i == 1 && sg_chk_lambda_as_array (s, &a[0], x))
        { first = x; continue; }
      if (sg_sort_is_numeric (s, x) && sg_sort_is_numeric (s, first)) { mixed = true; continue; }
      return sg_chk_mismatch_sort (s, what, i, x, first);
    }
  if (mixed)
    {
      for (uint32_t i = 0; i < n; i++)
        if (sg_term_sort (s, a[i]) == s->s_int)
          {
            sg_rc rc = sg_chk_coerce (s, &a[i]);
            if (rc) return rc;
          }
      first = s->s_real;
    }
  *out = first;
  return SG_RC_OK;
}

sg_sort
sg_sort_of_letter (const sg_store *s, char c)
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
      sg_rc rc = sg_chk_expect (s, sg_chk_opname (s, op), a, i, sig[pos] == 'S' ? str : sg_sort_of_letter (s, sig[pos]));
      if (rc) return rc;
    }
  *out = arrow[2] == 'S' ? str : sg_sort_of_letter (s, arrow[2]);
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

sg_rc
sg_chk_bv_result (sg_store *s, uint64_t w, sg_sort *out)
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
  return sg_chk_bv_result (s, w, out);
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
  return sg_chk_bv_result (s, (uint64_t) idx[0] - idx[1] + 1, out);
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
      return sg_chk_bv_result (s, w * idx[0], out);
    }
  return sg_chk_bv_result (s, w + idx[0], out);
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
      if ((rc = sg_chk_coerce (s, &a[1]))) return rc;
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
  sg_chk_lambda_as_array (s, &a[0], SG_NONE);
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
sg_rc
sg_chk_apply_rule (sg_store *s, sg_op op, sg_term *a, uint32_t n, const uint32_t *idx, uint32_t nidx, sg_sort *out)
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
      return sg_chk_bv_result (s, idx[0], out);
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
      return sg_chk_bv_result (s, idx[0], out);
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
        return sg_chk_bv_result (s, (uint64_t) f->a + f->b, out);
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
