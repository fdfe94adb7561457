/* eval_str: the Strings theory of SMT-LIB 2.6 (every function total) and the cvc5 extensions
 * str.rev, str.to_lower, str.to_upper; regular-language constructors build sg_re values
 * (eval_re.c), membership and str.replace_re(_all) use its exact match matrices.
 *
 * Semantics (theory Strings, 2020-08-06, description of str.replace_re fixed 2022-12-07):
 *   str.at s i          = str.substr s i 1
 *   str.substr s i n    = "" if i < 0, i >= |s| or n <= 0; else s[i, min(i+n, |s|))
 *   str.indexof s t i   = -1 if i < 0 or i > |s|; i if t = ""; else the least j >= i where t
 *                         occurs, or -1
 *   str.replace s t u   = u ++ s if t = ""; first occurrence replaced; s if none
 *   str.replace_all     = s if t = ""; every non-overlapping occurrence, left to right
 *   str.replace_re s L u = s if no substring of s is in L; else u1 u u2 where u1, w1 are the
 *                         shortest words with s = u1 w1 u2 and w1 in L (leftmost start first,
 *                         then the shortest match there; the empty word counts: an L holding
 *                         "" replaces at position 0, prepending u)
 *   str.replace_re_all  = the same with w1 != "" repeated on the rest u2 (a language whose only
 *                         match is "" changes nothing)
 *   str.to_int          = -1 unless non-empty and all of 0-9 (leading zeros allowed, unbounded)
 *   str.from_int n      = "" if n < 0; decimal without leading zeros otherwise
 *   str.from_code n     = "" unless 0 <= n <= 0x2FFFF; str.to_code s = -1 unless |s| = 1
 *   re.range a b        = re.none unless |a| = |b| = 1; (_ re.loop i n) = re.none if i > n
 *   str.to_lower/upper  = ASCII letters only (cvc5)
 * Strings longer than SG_STR_MAX_LEN and matches past the SG_RE_MAX_* limits give SG_V_UNDET.
 * Solvers (observed, tests/unit/eval_str_test.c): z3 4.8.12 answers unknown on replace_re(_all),
 * lacks the cvc5 extensions and, like cvc5 1.0.3, rejects chained str.< / str.<= (the standard
 * declares them :chainable); cvc5 1.0.3 rejects re.range on non-singleton bounds instead of
 * reading re.none, and rewrites ((_ re.loop 0 0) (re.* r)) to (re.* r) (cvc5 issue 9784). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval_int.h"
#include "eval/eval_str_int.h"

/* ---- results ------------------------------------------------------------------------------- */

#define put sg_eval_ret /* *out = v; SG_RC_NOMEM when v is NULL */

static sg_rc
put_str (sg_eval_ctx *c, const uint32_t *cp, uint64_t n, sg_val *out)
{
  if (n > SG_STR_MAX_LEN)
    return put (sg_v_undet (c->pool), out);
  return put (sg_v_str (c->pool, c->s, cp, (uint32_t) n), out);
}

static sg_rc
put_int (sg_eval_ctx *c, long v, sg_val *out)
{
  return put (sg_v_int_si (c->pool, c->s, v), out);
}

static sg_rc
put_bool (sg_eval_ctx *c, bool b, sg_val *out)
{
  return put (sg_v_bool (c->pool, c->s, b), out);
}

static sg_rc
put_re (sg_eval_ctx *c, const sg_re *r, sg_val *out)
{
  if (!r)
    return SG_RC_NOMEM;
  return put (sg_v_re (c->pool, c->s, r), out);
}

/* ---- argument access ----------------------------------------------------------------------- */

static const uint32_t no_cp[1] = { 0 };
#define SCP(v) ((v)->u.str.cp ? (v)->u.str.cp : no_cp) /* an empty string may have no array */
#define SLEN(v) ((v)->u.str.n)

/* An Int value as a long, saturated: every index or length beyond the long range behaves like
 * the saturated value (strings are far shorter). */
static long
ival (sg_val v)
{
  mpz_srcptr z = mpq_numref (v->u.q);
  if (mpz_fits_slong_p (z))
    return mpz_get_si (z);
  return mpz_sgn (z) < 0 ? LONG_MIN : LONG_MAX;
}

/* ---- substring search (Knuth-Morris-Pratt: no quadratic worst case) ------------------------ */

typedef struct finder {
  const uint32_t *t; /* pattern */
  uint32_t m;        /* its length (> 0) */
  uint32_t *fail;    /* fail[q]: longest proper border of t[0..q] */
} finder;

static bool
finder_init (finder *f, const uint32_t *t, uint32_t m)
{
  f->t = t;
  f->m = m;
  f->fail = malloc ((size_t) m * sizeof *f->fail);
  if (!f->fail)
    return false;
  f->fail[0] = 0;
  for (uint32_t q = 1, k = 0; q < m; q++)
    {
      while (k && t[q] != t[k])
        k = f->fail[k - 1];
      if (t[q] == t[k])
        k++;
      f->fail[q] = k;
    }
  return true;
}

/* First occurrence of the pattern in s[from..n), or -1. */
static long
finder_next (const finder *f, const uint32_t *s, uint32_t n, uint32_t from)
{
  for (uint32_t i = from, k = 0; i < n; i++)
    {
      while (k && s[i] != f->t[k])
        k = f->fail[k - 1];
      if (s[i] == f->t[k] && ++k == f->m)
        return (long) i + 1 - f->m;
    }
  return -1;
}

/* First occurrence of t in s at or after from (from <= |s|): from if t is empty, -1 if none,
 * -2 when out of memory. */
static long
find (const uint32_t *s, uint32_t n, const uint32_t *t, uint32_t m, uint32_t from)
{
  if (m == 0)
    return from;
  if (m > n - from)
    return -1;
  finder f;
  if (!finder_init (&f, t, m))
    return -2;
  long k = finder_next (&f, s, n, from);
  free (f.fail);
  return k;
}

/* s with each interval [iv[2k], iv[2k+1]) replaced by u (intervals ascending and disjoint);
 * undetermined when the result would exceed SG_STR_MAX_LEN. */
static sg_rc
splice (sg_eval_ctx *c, sg_val s, const sg_u32vec *iv, sg_val u, sg_val *out)
{
  uint64_t len = SLEN (s);
  for (uint32_t k = 0; k < iv->n; k += 2)
    len = len - (iv->a[k + 1] - iv->a[k]) + SLEN (u);
  if (len > SG_STR_MAX_LEN)
    return put (sg_v_undet (c->pool), out);
  uint32_t *r = malloc ((size_t) (len + 1) * sizeof *r), at = 0, from = 0;
  if (!r)
    return SG_RC_NOMEM;
  for (uint32_t k = 0; k < iv->n; k += 2)
    {
      memcpy (r + at, SCP (s) + from, (size_t) (iv->a[k] - from) * sizeof *r);
      at += iv->a[k] - from;
      memcpy (r + at, SCP (u), (size_t) SLEN (u) * sizeof *r);
      at += SLEN (u);
      from = iv->a[k + 1];
    }
  memcpy (r + at, SCP (s) + from, (size_t) (SLEN (s) - from) * sizeof *r);
  sg_rc rc = put_str (c, r, len, out);
  free (r);
  return rc;
}

/* ---- string operators ---------------------------------------------------------------------- */

/* Lexicographic order on code points: <0, 0, >0. */
static int
str_cmp (sg_val a, sg_val b)
{
  uint32_t n = SLEN (a) < SLEN (b) ? SLEN (a) : SLEN (b);
  for (uint32_t i = 0; i < n; i++)
    if (SCP (a)[i] != SCP (b)[i])
      return SCP (a)[i] < SCP (b)[i] ? -1 : 1;
  return (SLEN (a) > SLEN (b)) - (SLEN (a) < SLEN (b));
}

static sg_rc
op_concat (sg_eval_ctx *c, const sg_val *args, uint32_t n, sg_val *out)
{
  uint64_t len = 0;
  for (uint32_t k = 0; k < n; k++)
    len += SLEN (args[k]);
  if (len > SG_STR_MAX_LEN)
    return put (sg_v_undet (c->pool), out);
  uint32_t *r = malloc ((size_t) (len + 1) * sizeof *r), at = 0;
  if (!r)
    return SG_RC_NOMEM;
  for (uint32_t k = 0; k < n; k++)
    {
      memcpy (r + at, SCP (args[k]), (size_t) SLEN (args[k]) * sizeof *r);
      at += SLEN (args[k]);
    }
  sg_rc rc = put_str (c, r, len, out);
  free (r);
  return rc;
}

static sg_rc
op_substr (sg_eval_ctx *c, sg_val s, long i, long len, sg_val *out)
{
  if (i < 0 || i >= (long) SLEN (s) || len <= 0)
    return put_str (c, NULL, 0, out);
  long rest = (long) SLEN (s) - i;
  return put_str (c, SCP (s) + i, (uint64_t) (len < rest ? len : rest), out);
}

/* str.replace (all = false) and str.replace_all. */
static sg_rc
op_replace (sg_eval_ctx *c, sg_val s, sg_val t, sg_val u, bool all, sg_val *out)
{
  sg_u32vec iv = { 0 }; /* occurrences as [start, end) pairs */
  sg_rc rc = SG_RC_OK;
  if (SLEN (t) == 0)
    {
      /* str.replace prepends u; str.replace_all leaves s as it is */
      if (!all && !(SG_VEC_PUSH (iv, 0) && SG_VEC_PUSH (iv, 0)))
        rc = SG_RC_NOMEM;
    }
  else if (SLEN (t) <= SLEN (s))
    {
      finder f;
      if (!finder_init (&f, SCP (t), SLEN (t)))
        return SG_RC_NOMEM;
      long k;
      for (uint32_t from = 0; !rc && (k = finder_next (&f, SCP (s), SLEN (s), from)) >= 0;)
        {
          from = (uint32_t) k + SLEN (t);
          if (!SG_VEC_PUSH (iv, (uint32_t) k) || !SG_VEC_PUSH (iv, from))
            rc = SG_RC_NOMEM;
          if (!all)
            break;
        }
      free (f.fail);
    }
  if (!rc)
    rc = splice (c, s, &iv, u, out);
  SG_VEC_FREE (iv);
  return rc;
}

/* str.replace_re (all = false) and str.replace_re_all. */
static sg_rc
op_replace_re (sg_eval_ctx *c, sg_val s, const sg_re *re, sg_val u, bool all, sg_val *out)
{
  sg_re_mat m;
  sg_re_status st;
  sg_rc rc = sg_re_match (re, SCP (s), SLEN (s), &m, &st);
  if (rc)
    return rc;
  if (st != SG_RE_DONE)
    return put (sg_v_undet (c->pool), out);
  sg_u32vec iv = { 0 }; /* matches as [start, end) pairs */
  for (uint32_t i = 0, n = SLEN (s); i <= n && !rc; i++)
    {
      /* the shortest match starting at i: empty allowed for replace_re, not for _all */
      uint32_t j = sg_re_mat_next (&m, i, all ? i + 1 : i);
      if (j == UINT32_MAX)
        continue;
      if (!SG_VEC_PUSH (iv, i) || !SG_VEC_PUSH (iv, j))
        rc = SG_RC_NOMEM;
      if (!all)
        break;
      i = j - 1; /* go on in the rest s[j..n) (j > i) */
    }
  sg_re_mat_free (&m);
  if (!rc)
    rc = splice (c, s, &iv, u, out);
  SG_VEC_FREE (iv);
  return rc;
}

static sg_rc
op_in_re (sg_eval_ctx *c, sg_val s, const sg_re *re, sg_val *out)
{
  sg_re_mat m;
  sg_re_status st;
  sg_rc rc = sg_re_match (re, SCP (s), SLEN (s), &m, &st);
  if (rc)
    return rc;
  if (st != SG_RE_DONE)
    return put (sg_v_undet (c->pool), out);
  bool in = sg_re_mat_get (&m, 0, SLEN (s));
  sg_re_mat_free (&m);
  return put_bool (c, in, out);
}

static sg_rc
op_to_int (sg_eval_ctx *c, sg_val s, sg_val *out)
{
  uint32_t n = SLEN (s);
  if (n == 0)
    return put_int (c, -1, out);
  for (uint32_t i = 0; i < n; i++)
    if (SCP (s)[i] < '0' || SCP (s)[i] > '9')
      return put_int (c, -1, out);
  char *d = malloc ((size_t) n + 1);
  if (!d)
    return SG_RC_NOMEM;
  for (uint32_t i = 0; i < n; i++)
    d[i] = (char) SCP (s)[i];
  d[n] = 0;
  mpq_t q;
  mpq_init (q);
  mpz_set_str (mpq_numref (q), d, 10); /* leading zeros are fine */
  free (d);
  sg_rc rc = put (sg_v_num (c->pool, c->s->s_int, q), out);
  mpq_clear (q);
  return rc;
}

static sg_rc
op_from_int (sg_eval_ctx *c, sg_val v, sg_val *out)
{
  mpz_srcptr z = mpq_numref (v->u.q);
  if (mpz_sgn (z) < 0)
    return put_str (c, NULL, 0, out);
  size_t len = mpz_sizeinbase (z, 10); /* exact or one too many */
  if (len > SG_STR_MAX_LEN + 1)
    return put (sg_v_undet (c->pool), out);
  char *d = malloc (len + 2);
  uint32_t *cp = malloc ((len + 1) * sizeof *cp);
  sg_rc rc = SG_RC_NOMEM;
  if (d && cp)
    {
      mpz_get_str (d, 10, z);
      size_t n = strlen (d);
      for (size_t i = 0; i < n; i++)
        cp[i] = (uint8_t) d[i];
      rc = put_str (c, cp, n, out);
    }
  free (d);
  free (cp);
  return rc;
}

/* str.rev (op STR_REV), str.to_lower, str.to_upper: one code point at a time. */
static sg_rc
op_map (sg_eval_ctx *c, sg_op op, sg_val s, sg_val *out)
{
  uint32_t n = SLEN (s);
  uint32_t *cp = malloc (((size_t) n + 1) * sizeof *cp);
  if (!cp)
    return SG_RC_NOMEM;
  for (uint32_t i = 0; i < n; i++)
    {
      uint32_t x = SCP (s)[op == SG_OP_STR_REV ? n - 1 - i : i];
      if (op == SG_OP_STR_TO_LOWER && x >= 'A' && x <= 'Z')
        x += 32;
      else if (op == SG_OP_STR_TO_UPPER && x >= 'a' && x <= 'z')
        x -= 32;
      cp[i] = x;
    }
  sg_rc rc = put_str (c, cp, n, out);
  free (cp);
  return rc;
}

/* ---- regular-language constructors --------------------------------------------------------- */

static sg_rc
op_re (sg_eval_ctx *c, sg_term t, sg_op op, const sg_val *args, uint32_t n, sg_val *out)
{
  const sg_re *kids[1] = { NULL };
  const sg_re *r = NULL;
  sg_vpool *p = c->pool;
  switch (op)
    {
    case SG_OP_STR_TO_RE:
      r = sg_re_new (p, SG_RE_STR, NULL, 0, 0, 0, SCP (args[0]), SLEN (args[0]));
      break;
    case SG_OP_RE_NONE: r = sg_re_new (p, SG_RE_NONE, NULL, 0, 0, 0, NULL, 0); break;
    case SG_OP_RE_ALL: r = sg_re_new (p, SG_RE_ALL, NULL, 0, 0, 0, NULL, 0); break;
    case SG_OP_RE_ALLCHAR: r = sg_re_new (p, SG_RE_ALLCHAR, NULL, 0, 0, 0, NULL, 0); break;
    case SG_OP_RE_RANGE:
      if (SLEN (args[0]) == 1 && SLEN (args[1]) == 1)
        r = sg_re_new (p, SG_RE_RANGE, NULL, 0, SCP (args[0])[0], SCP (args[1])[0], NULL, 0);
      else
        r = sg_re_new (p, SG_RE_NONE, NULL, 0, 0, 0, NULL, 0);
      break;
    case SG_OP_RE_CONCAT:
    case SG_OP_RE_UNION:
    case SG_OP_RE_INTER:
    case SG_OP_RE_DIFF:
      {
        sg_re_kind k = op == SG_OP_RE_CONCAT  ? SG_RE_CONCAT
                       : op == SG_OP_RE_UNION ? SG_RE_UNION
                       : op == SG_OP_RE_INTER ? SG_RE_INTER
                                              : SG_RE_DIFF;
        const sg_re **ks = malloc ((size_t) n * sizeof *ks);
        if (!ks)
          return SG_RC_NOMEM;
        for (uint32_t i = 0; i < n; i++)
          ks[i] = args[i]->u.re;
        r = sg_re_new (p, k, ks, n, 0, 0, NULL, 0);
        free (ks);
        break;
      }
    case SG_OP_RE_STAR:
    case SG_OP_RE_PLUS:
    case SG_OP_RE_OPT:
    case SG_OP_RE_COMP:
      kids[0] = args[0]->u.re;
      r = sg_re_new (p,
                     op == SG_OP_RE_STAR   ? SG_RE_STAR
                     : op == SG_OP_RE_PLUS ? SG_RE_PLUS
                     : op == SG_OP_RE_OPT  ? SG_RE_OPT
                                           : SG_RE_COMP,
                     kids, 1, 0, 0, NULL, 0);
      break;
    case SG_OP_RE_POW:
    case SG_OP_RE_LOOP:
      {
        const uint32_t *ix = sg_term_indices (c->s, t);
        uint32_t lo = ix[0], hi = op == SG_OP_RE_POW ? ix[0] : ix[1];
        kids[0] = args[0]->u.re;
        if (lo > hi)
          r = sg_re_new (p, SG_RE_NONE, NULL, 0, 0, 0, NULL, 0);
        else
          r = sg_re_new (p, op == SG_OP_RE_POW ? SG_RE_POW : SG_RE_LOOP, kids, 1, lo, hi, NULL, 0);
        break;
      }
    default:
      return SG_RC_USAGE;
    }
  return put_re (c, r, out);
}

/* ---- dispatch ------------------------------------------------------------------------------ */

sg_rc
sg_eval_str (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n, sg_val *out)
{
  sg_op op = sg_eval_canon (c->s, t); /* str.to.re, str.in.re, ... as the 2.6 names */
  for (uint32_t k = 0; k < n; k++)
    if (sg_v_is_undet (args[k]))
      return put (sg_v_undet (c->pool), out);
  sg_val s = n > 0 ? args[0] : NULL;
  switch (op)
    {
    case SG_OP_STR_CONCAT: return op_concat (c, args, n, out);
    case SG_OP_STR_LEN: return put_int (c, (long) SLEN (s), out);
    case SG_OP_STR_LT:
    case SG_OP_STR_LE:
      for (uint32_t k = 0; k + 1 < n; k++)
        {
          int d = str_cmp (args[k], args[k + 1]);
          if (d > 0 || (d == 0 && op == SG_OP_STR_LT))
            return put_bool (c, false, out);
        }
      return put_bool (c, true, out);
    case SG_OP_STR_AT: return op_substr (c, s, ival (args[1]), 1, out);
    case SG_OP_STR_SUBSTR: return op_substr (c, s, ival (args[1]), ival (args[2]), out);
    case SG_OP_STR_PREFIXOF:
    case SG_OP_STR_SUFFIXOF:
      {
        sg_val a = args[0], b = args[1]; /* is a a prefix/suffix of b */
        if (SLEN (a) > SLEN (b))
          return put_bool (c, false, out);
        uint32_t off = op == SG_OP_STR_PREFIXOF ? 0 : SLEN (b) - SLEN (a);
        return put_bool (c, !memcmp (SCP (b) + off, SCP (a), (size_t) SLEN (a) * 4u), out);
      }
    case SG_OP_STR_CONTAINS:
      {
        long k = find (SCP (s), SLEN (s), SCP (args[1]), SLEN (args[1]), 0);
        return k == -2 ? SG_RC_NOMEM : put_bool (c, k >= 0, out);
      }
    case SG_OP_STR_INDEXOF:
      {
        long i = ival (args[2]);
        if (i < 0 || i > (long) SLEN (s))
          return put_int (c, -1, out);
        long k = find (SCP (s), SLEN (s), SCP (args[1]), SLEN (args[1]), (uint32_t) i);
        return k == -2 ? SG_RC_NOMEM : put_int (c, k, out);
      }
    case SG_OP_STR_REPLACE: return op_replace (c, s, args[1], args[2], false, out);
    case SG_OP_STR_REPLACE_ALL: return op_replace (c, s, args[1], args[2], true, out);
    case SG_OP_STR_REPLACE_RE: return op_replace_re (c, s, args[1]->u.re, args[2], false, out);
    case SG_OP_STR_REPLACE_RE_ALL: return op_replace_re (c, s, args[1]->u.re, args[2], true, out);
    case SG_OP_STR_IS_DIGIT:
      return put_bool (c, SLEN (s) == 1 && SCP (s)[0] >= '0' && SCP (s)[0] <= '9', out);
    case SG_OP_STR_TO_CODE: return put_int (c, SLEN (s) == 1 ? (long) SCP (s)[0] : -1, out);
    case SG_OP_STR_FROM_CODE:
      {
        long v = ival (s);
        uint32_t ch = (uint32_t) v;
        return put_str (c, &ch, v >= 0 && v <= (long) SG_STR_MAX_CHAR ? 1 : 0, out);
      }
    case SG_OP_STR_TO_INT: return op_to_int (c, s, out);
    case SG_OP_STR_FROM_INT: return op_from_int (c, s, out);
    case SG_OP_STR_IN_RE: return op_in_re (c, s, args[1]->u.re, out);
    case SG_OP_STR_REV:
    case SG_OP_STR_TO_LOWER:
    case SG_OP_STR_TO_UPPER: return op_map (c, op, s, out);
    default: return op_re (c, t, op, args, n, out);
    }
}
