/* mutate_dd: the term sites of the reducer rows learnt from ddSMT 2.0's mutators (Boolean,
 * arithmetic, bit-vector, array, datatype, string and sequence rewrites). Every candidate term is
 * built with the store's checked constructors (a rewrite that would be ill-sorted is no site),
 * and every site is one REPL or SUBST; reduce.c takes a candidate only when it is smaller, so a
 * rewrite that only prepares another one folds the negations it creates where it can. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reduce/mutate_int.h"

/* ---- helpers ------------------------------------------------------------------------------ */

static sg_rc
repl (const sg_term_site *ts, sg_term c)
{
  if (c == ts->t || sg_term_sort (ts->s, c) != ts->so) return SG_RC_OK;
  return sg_mut_push_site (ts->r, SG_SITE_REPL, ts->i, 0, c, SG_NONE, SG_NONE);
}

/* The result of a checked constructor as a site: an ill-sorted term is no site. */
static sg_rc
repl_rc (const sg_term_site *ts, sg_rc rc, const sg_term *c)
{
  ts->s->err[0] = 0;
  if (rc == SG_RC_NOMEM) return rc;
  return rc ? SG_RC_OK : repl (ts, *c);
}

static sg_rc
repl_app (const sg_term_site *ts, sg_op op, const sg_term *args, uint32_t n, const uint32_t *idx,
          uint32_t ni)
{
  sg_term c = SG_NONE;
  sg_rc rc = sg_mk_app (ts->s, op, args, n, idx, ni, &c);
  return repl_rc (ts, rc, &c);
}

static bool is_op (const sg_store *s, sg_term t, sg_op op) { return sg_term_op (s, t) == op; }

/* (not t), folded: (not x) -> x, true <-> false. */
static sg_rc
negate (sg_store *s, sg_term t, sg_term *out)
{
  sg_op op = sg_term_op (s, t);
  if (op == SG_OP_NOT) { *out = sg_term_arg (s, t, 0); return SG_RC_OK; }
  if (op == SG_OP_TRUE) return sg_mk_false (s, out);
  if (op == SG_OP_FALSE) return sg_mk_true (s, out);
  return sg_mk_app (s, SG_OP_NOT, &t, 1, NULL, 0, out);
}

/* op over args, or the argument itself when there is one. */
static sg_rc
nary (sg_store *s, sg_op op, const sg_term *args, uint32_t n, sg_term *out)
{
  if (n == 1) { *out = args[0]; return SG_RC_OK; }
  return sg_mk_app (s, op, args, n, NULL, 0, out);
}

/* Copy t's arguments into ts->args (building terms may move the store's arrays). */
static const sg_term *
args_of (const sg_term_site *ts, sg_term t)
{
  uint32_t n = sg_term_nargs (ts->s, t);
  SG_VEC_CLEAR (*ts->args);
  if (!SG_VEC_RESERVE (*ts->args, n + 1)) return NULL;
  if (n) memcpy (ts->args->a, sg_term_args (ts->s, t), n * sizeof *ts->args->a);
  ts->args->n = n;
  return ts->args->a;
}

/* ---- Boolean ------------------------------------------------------------------------------ */

/* bool-xor: constants out of xor ((xor true v) -> (not v) and v, false dropped), (xor a (not b))
 * -> (= a b), (xor a b) -> a or b. */
static sg_rc
site_xor (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  if (ts->op != SG_OP_XOR) return SG_RC_OK;
  const sg_term *a = args_of (ts, ts->t);
  if (!a) return SG_RC_NOMEM;
  sg_term *rest = malloc (ts->n * sizeof *rest);
  if (!rest) return SG_RC_NOMEM;
  uint32_t m = 0, trues = 0;
  for (uint32_t k = 0; k < ts->n; k++)
    if (is_op (s, a[k], SG_OP_TRUE)) trues++;
    else if (!is_op (s, a[k], SG_OP_FALSE)) rest[m++] = a[k];
  sg_rc rc = SG_RC_OK, e;
  sg_term c = SG_NONE, d;
  if (m == 0) /* constants only */
    rc = repl_rc (ts, (trues & 1) ? sg_mk_true (s, &c) : sg_mk_false (s, &c), &c);
  else if (m < ts->n)
    {
      e = nary (s, SG_OP_XOR, rest, m, &c);
      rc = repl_rc (ts, e, &c); /* the constants dropped */
      if (!rc && !e && (trues & 1)) rc = repl_rc (ts, negate (s, c, &d), &d); /* and their parity kept */
    }
  if (!rc && ts->n == 2)
    for (uint32_t k = 0; k < 2 && !rc; k++)
      {
        rc = repl (ts, a[k]);
        if (!rc && is_op (s, a[1 - k], SG_OP_NOT))
          {
            sg_term two[2] = { a[k], sg_term_arg (s, a[1 - k], 0) };
            rc = repl_rc (ts, sg_mk_app (s, SG_OP_EQ, two, 2, NULL, 0, &d), &d);
          }
      }
  free (rest);
  return rc;
}

/* bool-implications: (=> a1 ... an b) -> (or (not a1) ... (not an) b), negations folded. */
static sg_rc
site_impl (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  if (ts->op != SG_OP_IMPLIES) return SG_RC_OK;
  const sg_term *a = args_of (ts, ts->t);
  if (!a) return SG_RC_NOMEM;
  sg_term *ds = malloc (ts->n * sizeof *ds), c = SG_NONE;
  if (!ds) return SG_RC_NOMEM;
  sg_rc e = SG_RC_OK;
  for (uint32_t k = 0; k + 1 < ts->n && !e; k++) e = negate (s, a[k], &ds[k]);
  ds[ts->n - 1] = a[ts->n - 1];
  if (!e) e = sg_mk_app (s, SG_OP_OR, ds, ts->n, NULL, 0, &c);
  free (ds);
  return repl_rc (ts, e, &c);
}

/* bool-de-morgan: (not (and a b)) -> (or (not a) (not b)) and dually, negations folded. */
static sg_rc
site_demorgan (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  if (ts->op != SG_OP_NOT) return SG_RC_OK;
  sg_term x = sg_term_arg (s, ts->t, 0);
  sg_op xop = sg_term_op (s, x);
  if ((xop != SG_OP_AND && xop != SG_OP_OR) || (sg_term_node (s, x)->flags & SG_TF_IMPLICIT)) return SG_RC_OK;
  const sg_term *a = args_of (ts, x);
  if (!a) return SG_RC_NOMEM;
  uint32_t n = ts->args->n;
  sg_term *ds = malloc ((n + 1) * sizeof *ds), c = SG_NONE;
  if (!ds) return SG_RC_NOMEM;
  sg_rc e = SG_RC_OK;
  for (uint32_t k = 0; k < n && !e; k++) e = negate (s, a[k], &ds[k]);
  if (!e) e = nary (s, xop == SG_OP_AND ? SG_OP_OR : SG_OP_AND, ds, n, &c);
  free (ds);
  return repl_rc (ts, e, &c);
}

/* bool-negate-quants: (not (forall (v) t)) -> (exists (v) (not t)), the negation folded. */
static sg_rc
site_negq (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  if (ts->op != SG_OP_NOT) return SG_RC_OK;
  sg_term q = sg_term_arg (s, ts->t, 0);
  sg_op qop = sg_term_op (s, q);
  if (qop != SG_OP_FORALL && qop != SG_OP_EXISTS) return SG_RC_OK;
  uint32_t n = sg_term_nargs (s, q);
  if (n < 2 || is_op (s, sg_term_arg (s, q, n - 1), SG_OP_ANNOT)) return SG_RC_OK; /* patterns stay on top */
  const sg_term *a = args_of (ts, q);
  if (!a) return SG_RC_NOMEM;
  sg_term body, c = SG_NONE;
  sg_rc e = negate (s, a[n - 1], &body);
  if (!e)
    {
      ts->args->a[n - 1] = body;
      e = sg_mk_binder (s, qop == SG_OP_FORALL ? SG_OP_EXISTS : SG_OP_FORALL, ts->args->a, n, &c);
    }
  return repl_rc (ts, e, &c);
}

/* bool-false-eq: (= false x) -> (not x) (several: (and (not x) (not y))), (= true x) -> x. */
static sg_rc
site_falseeq (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  if (ts->op != SG_OP_EQ || sg_term_sort (s, sg_term_arg (s, ts->t, 0)) != s->s_bool) return SG_RC_OK;
  const sg_term *a = args_of (ts, ts->t);
  if (!a) return SG_RC_NOMEM;
  sg_rc rc = SG_RC_OK;
  for (int pol = 0; pol < 2 && !rc; pol++)
    {
      sg_op k = pol ? SG_OP_TRUE : SG_OP_FALSE;
      sg_term *ds = malloc (ts->n * sizeof *ds), c = SG_NONE;
      if (!ds) return SG_RC_NOMEM;
      uint32_t m = 0;
      sg_rc e = SG_RC_OK;
      for (uint32_t q = 0; q < ts->n && !e; q++)
        {
          if (is_op (s, a[q], k)) continue;
          if (pol) ds[m] = a[q];
          else e = negate (s, a[q], &ds[m]);
          m++;
        }
      if (m && m < ts->n)
        {
          if (!e) e = nary (s, SG_OP_AND, ds, m, &c);
          rc = repl_rc (ts, e, &c);
        }
      free (ds);
    }
  return rc;
}

/* ---- arithmetic --------------------------------------------------------------------------- */

static sg_op
rel_negated (sg_op op)
{
  switch (op)
    {
    case SG_OP_EQ: return SG_OP_DISTINCT;
    case SG_OP_DISTINCT: return SG_OP_EQ;
    case SG_OP_LT: return SG_OP_GE;
    case SG_OP_GT: return SG_OP_LE;
    case SG_OP_LE: return SG_OP_GT;
    case SG_OP_GE: return SG_OP_LT;
    default: return SG_OP_FIRST_BUILTIN;
    }
}

/* arith-relations: (not (< a b)) -> (>= a b), (not (distinct a b)) -> (= a b) and back;
 * stronger relations: distinct, <, > -> =; <= -> <, =; >= -> >, =. (Splitting (< a b c) into
 * (and (< a b) (< b c)) is larger; binary-reduction makes (< a b), (< b c) and (< a c).) */
static sg_rc
site_rel (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  sg_rc rc = SG_RC_OK;
  if (ts->op == SG_OP_NOT)
    {
      sg_term x = sg_term_arg (s, ts->t, 0);
      sg_op inv = rel_negated (sg_term_op (s, x));
      /* (not (= a b)) -> (distinct a b): a byte more, but a term and a token less */
      if (inv == SG_OP_FIRST_BUILTIN || (sg_term_node (s, x)->flags & SG_TF_IMPLICIT)) return SG_RC_OK;
      const sg_term *a = args_of (ts, x);
      return a ? repl_app (ts, inv, a, ts->args->n, NULL, 0) : SG_RC_NOMEM;
    }
  sg_op to[2] = { SG_OP_FIRST_BUILTIN, SG_OP_FIRST_BUILTIN };
  switch (ts->op)
    {
    case SG_OP_DISTINCT: case SG_OP_LT: case SG_OP_GT: to[0] = SG_OP_EQ; break;
    case SG_OP_LE: to[0] = SG_OP_LT; to[1] = SG_OP_EQ; break;
    case SG_OP_GE: to[0] = SG_OP_GT; to[1] = SG_OP_EQ; break;
    default: return SG_RC_OK;
    }
  const sg_term *a = args_of (ts, ts->t);
  if (!a) return SG_RC_NOMEM;
  for (int k = 0; k < 2 && !rc && to[k] != SG_OP_FIRST_BUILTIN; k++) rc = repl_app (ts, to[k], a, ts->n, NULL, 0);
  return rc;
}

/* arith-constants: 1234 -> 123 (and 617 when shorter), 2.5 -> 2.0, 2.25 -> 2.2. */
static sg_rc
site_num (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  if (ts->op != SG_OP_NUMERAL && ts->op != SG_OP_DECIMAL) return SG_RC_OK;
  const char *txt = sg_store_text (s, sg_term_node (s, ts->t)->aux);
  size_t len = strlen (txt);
  if (len > 60) return SG_RC_OK; /* arithmetic's halving shortens those first */
  char buf[3][72];
  int nb = 0;
  const char *dot = strchr (txt, '.');
  if (!dot)
    {
      if (len > 1) snprintf (buf[nb++], sizeof buf[0], "%.*s", (int) (len - 1), txt);
      if (len <= 18)
        {
          unsigned long long v = strtoull (txt, NULL, 10);
          snprintf (buf[nb], sizeof buf[0], "%llu", v / 2);
          if (v > 1 && strlen (buf[nb]) < len) nb++;
        }
    }
  else
    {
      size_t ip = (size_t) (dot - txt), fl = len - ip - 1;
      if (!(fl == 1 && dot[1] == '0')) snprintf (buf[nb++], sizeof buf[0], "%.*s.0", (int) ip, txt);
      if (fl > 1) snprintf (buf[nb++], sizeof buf[0], "%.*s", (int) (len - 1), txt);
    }
  sg_rc rc = SG_RC_OK;
  for (int k = 0; k < nb && !rc; k++)
    {
      sg_term c = SG_NONE;
      rc = repl_rc (ts, sg_mk_literal (s, ts->op, buf[k], (uint32_t) strlen (buf[k]), &c), &c);
    }
  return rc;
}

/* ---- bit-vectors -------------------------------------------------------------------------- */

/* The bits of a bit-vector constant (most significant first) into out (cap bytes): its width,
 * or 0 when t is no constant or too wide. */
static uint32_t
bv_bits (const sg_store *s, sg_term t, char *out, uint32_t cap)
{
  sg_op op = sg_term_op (s, t);
  if (op != SG_OP_BIN && op != SG_OP_HEX && op != SG_OP_BVLIT) return 0;
  const char *txt = sg_store_text (s, sg_term_node (s, t)->aux);
  uint32_t w = sg_sort_bv_width (s, sg_term_sort (s, t));
  if (w + 1 > cap) return 0;
  if (op == SG_OP_BIN) memcpy (out, txt + 2, w);
  else if (op == SG_OP_HEX)
    for (uint32_t k = 0; k < w; k++)
      {
        char h = txt[2 + k / 4];
        unsigned v = (unsigned) (h <= '9' ? h - '0' : (h | 32) - 'a' + 10);
        out[k] = (char) ('0' + ((v >> (3 - k % 4)) & 1));
      }
  else
    {
      if (strlen (txt) > 19) return 0;
      unsigned long long v = strtoull (txt, NULL, 10);
      for (uint32_t k = 0; k < w; k++) out[w - 1 - k] = (char) ('0' + (k < 64 ? (v >> k) & 1 : 0));
    }
  out[w] = 0;
  return w;
}

/* A #b constant of the given bits. */
static sg_rc
bin (sg_store *s, const char *bits, uint32_t w, sg_term *out)
{
  char buf[136] = "#b";
  if (w == 0 || w > 128) return SG_RC_SORT;
  memcpy (buf + 2, bits, w);
  return sg_mk_literal (s, SG_OP_BIN, buf, w + 2, out);
}

/* bv-reduce-width, a term: every occurrence of t (width w > 1) -> ((_ zero_extend w-h) y), y a
 * fresh constant of width h = 1 and h = w/2 (a declared constant: h = 1 only, bit-vectors halves
 * it); nested extends merged: ((_ zero_extend a) ((_ zero_extend b) x)) -> ((_ zero_extend a+b) x). */
static sg_rc
site_bvwidth (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t;
  if ((ts->op == SG_OP_ZERO_EXTEND || ts->op == SG_OP_SIGN_EXTEND) && is_op (s, sg_term_arg (s, t, 0), ts->op))
    {
      sg_term x = sg_term_arg (s, t, 0);
      uint32_t k = sg_term_indices (s, t)[0] + sg_term_indices (s, x)[0];
      sg_term y = sg_term_arg (s, x, 0);
      return repl_app (ts, ts->op, &y, 1, &k, 1);
    }
  if (ts->variant || sg_sort_kind_of (s, ts->so) != SG_SORT_BV || ts->oc->parent == SG_NONE) return SG_RC_OK;
  uint32_t w = sg_sort_bv_width (s, ts->so);
  bool decl = sg_mut_is_declared_const (s, t);
  if (w < 2 || (ts->n == 0 && !decl) || ts->op == SG_OP_ZERO_EXTEND || (decl && w < 4)) return SG_RC_OK;
  if (sg_mut_have_subst (ts->r, t)) return SG_RC_OK;
  sg_rc rc = SG_RC_OK;
  for (int k = 0; k < (decl ? 1 : 2) && !rc; k++)
    {
      uint32_t h = k ? w / 2 : 1, ext = w - h;
      if (k && h == 1) break;
      sg_sort hs;
      sg_atom nm;
      uint32_t fun;
      sg_term y, c;
      if (!(rc = sg_sort_bv (s, h, &hs)) && !(rc = sg_store_fresh_atom (s, "bv", &nm))
          && !(rc = sg_store_add_fun (s, nm, SG_FUN_DECLARED, NULL, 0, hs, &fun))
          && !(rc = sg_mk_fun_app (s, fun, NULL, 0, &y)) && !sg_mk_app (s, SG_OP_ZERO_EXTEND, &y, 1, &ext, 1, &c))
        rc = sg_mut_push_site (ts->r, SG_SITE_SUBST, ts->i, 0, t, c, fun);
      s->err[0] = 0;
      if (rc == SG_RC_SORT) rc = SG_RC_OK;
    }
  return rc;
}

/* bv-simplify, constants: extract and extend of a constant evaluated, (_ bvN w) -> #b... when
 * shorter, (_ bvN w) -> N/2, N/8, N/32. */
static sg_rc
site_bvconst (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  char bits[136], ext[136];
  sg_term c = SG_NONE;
  sg_rc rc = SG_RC_OK;
  if (ts->op == SG_OP_EXTRACT || ts->op == SG_OP_ZERO_EXTEND || ts->op == SG_OP_SIGN_EXTEND)
    {
      uint32_t w = bv_bits (s, sg_term_arg (s, ts->t, 0), bits, sizeof bits);
      const uint32_t *ix = sg_term_indices (s, ts->t);
      if (!w) return SG_RC_OK;
      if (ts->op == SG_OP_EXTRACT)
        return ix[0] < w ? repl_rc (ts, bin (s, bits + (w - 1 - ix[0]), ix[0] - ix[1] + 1, &c), &c) : SG_RC_OK;
      if (w + ix[0] > 128) return SG_RC_OK;
      memset (ext, ts->op == SG_OP_SIGN_EXTEND ? bits[0] : '0', ix[0]);
      memcpy (ext + ix[0], bits, w);
      return repl_rc (ts, bin (s, ext, w + ix[0], &c), &c);
    }
  if (ts->variant) return SG_RC_OK;
  uint32_t w = bv_bits (s, ts->t, bits, sizeof bits);
  if (!w || w > 64) return SG_RC_OK;
  unsigned long long v = 0;
  for (uint32_t k = 0; k < w; k++) v = v << 1 | (unsigned long long) (bits[k] - '0');
  char dec[24];
  /* #b/#x -> (_ bvN w) is not done: two tokens more (how the bench and the issue count), even
   * where it is shorter */
  if (ts->op != SG_OP_BVLIT) return SG_RC_OK;
  if (w + 2 < strlen (sg_store_text (s, sg_term_node (s, ts->t)->aux)) + 7) rc = repl_rc (ts, bin (s, bits, w, &c), &c);
  static const unsigned div[] = { 2, 8, 32 };
  for (int k = 0; k < 3 && !rc; k++)
    if (v / div[k] > 1)
      {
        snprintf (dec, sizeof dec, "%llu", v / div[k]);
        rc = repl_rc (ts, sg_mk_bvlit (s, dec, (uint32_t) strlen (dec), w, &c), &c);
      }
  return rc;
}

static bool
bv_zero (const sg_store *s, sg_term t, uint32_t *w)
{
  char bits[136];
  *w = bv_bits (s, t, bits, sizeof bits);
  if (!*w) return false;
  for (uint32_t k = 0; k < *w; k++)
    if (bits[k] != '0') return false;
  return true;
}

static bool
is_bv_rel (sg_op op)
{
  return op == SG_OP_EQ || op == SG_OP_DISTINCT || (op >= SG_OP_BVULT && op <= SG_OP_BVSGE);
}

/* bv-simplify, terms: (concat 0 x) -> ((_ zero_extend k) x), (bvnot (bvnot x)) -> x, (bvneg
 * (bvneg x)) -> x, (bvnand x x) -> (bvnot x), extract of a zero_extend, a relation of two
 * zero_extends -> of the narrower operands. */
static sg_rc
site_bvsimp (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  sg_term t = ts->t, c = SG_NONE;
  sg_op op = ts->op;
  uint32_t w;
  sg_rc rc = site_bvconst (ts);
  if (rc || ts->variant || ts->n == 0) return rc;
  const sg_term *a = args_of (ts, t);
  if (!a) return SG_RC_NOMEM;
  if (op == SG_OP_CONCAT && bv_zero (s, a[0], &w))
    {
      sg_rc e = nary (s, SG_OP_CONCAT, a + 1, ts->n - 1, &c);
      if (!e) e = sg_mk_app (s, SG_OP_ZERO_EXTEND, &c, 1, &w, 1, &c);
      return repl_rc (ts, e, &c);
    }
  if ((op == SG_OP_BVNOT || op == SG_OP_BVNEG) && is_op (s, a[0], op)) return repl (ts, sg_term_arg (s, a[0], 0));
  if (op == SG_OP_BVNAND && ts->n == 2 && a[0] == a[1]) return repl_app (ts, SG_OP_BVNOT, a, 1, NULL, 0);
  if (op == SG_OP_EXTRACT && is_op (s, a[0], SG_OP_ZERO_EXTEND))
    {
      const uint32_t *ix = sg_term_indices (s, t);
      uint32_t hi = ix[0], lo = ix[1];
      sg_term x = sg_term_arg (s, a[0], 0);
      uint32_t bw = sg_sort_bv_width (s, sg_term_sort (s, x));
      if (lo >= bw) return repl_rc (ts, sg_mk_bvlit (s, "0", 1, hi - lo + 1, &c), &c);
      uint32_t ix2[2] = { hi < bw ? hi : bw - 1, lo }, k = hi >= bw ? hi - bw + 1 : 0;
      sg_rc e = sg_mk_app (s, SG_OP_EXTRACT, &x, 1, ix2, 2, &c);
      if (!e && k) e = sg_mk_app (s, SG_OP_ZERO_EXTEND, &c, 1, &k, 1, &c);
      return repl_rc (ts, e, &c);
    }
  if (is_bv_rel (op) && ts->n == 2 && is_op (s, a[0], SG_OP_ZERO_EXTEND) && is_op (s, a[1], SG_OP_ZERO_EXTEND))
    {
      uint32_t k0 = sg_term_indices (s, a[0])[0], k1 = sg_term_indices (s, a[1])[0];
      uint32_t m = k0 < k1 ? k0 : k1, d = (k0 > k1 ? k0 : k1) - m;
      sg_term two[2] = { sg_term_arg (s, a[0], 0), sg_term_arg (s, a[1], 0) };
      sg_rc e = SG_RC_OK;
      if (d) e = sg_mk_app (s, SG_OP_ZERO_EXTEND, &two[k0 < k1], 1, &d, 1, &two[k0 < k1]);
      if (!e) e = sg_mk_app (s, op, two, 2, NULL, 0, &c);
      return repl_rc (ts, e, &c);
    }
  return SG_RC_OK;
}

/* Is t the 1-bit constant #b1 (1) or #b0 (0)? -1 otherwise. */
static int
bit1 (const sg_store *s, sg_term t)
{
  char bits[4];
  if (bv_bits (s, t, bits, sizeof bits) != 1) return -1;
  return bits[0] == '1';
}

/* bv-to-bool: (= (bvcomp a b) #b1) -> (= a b) (#b0: (not (= a b))), (ite (= a b) #b1 #b0) ->
 * (bvcomp a b), (= #b1 (bvand x y)) -> (and (= #b1 x) (= #b1 y)) (bvor: or, bvxor: xor). */
static sg_rc
site_bvbool (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  sg_term c = SG_NONE;
  if (ts->variant) return SG_RC_OK;
  if (ts->op == SG_OP_ITE && bit1 (s, sg_term_arg (s, ts->t, 1)) == 1 && bit1 (s, sg_term_arg (s, ts->t, 2)) == 0)
    {
      sg_term cnd = sg_term_arg (s, ts->t, 0);
      if (!is_op (s, cnd, SG_OP_EQ) || sg_term_nargs (s, cnd) != 2) return SG_RC_OK;
      const sg_term *a = args_of (ts, cnd);
      return a ? repl_app (ts, SG_OP_BVCOMP, a, 2, NULL, 0) : SG_RC_NOMEM;
    }
  if (ts->op != SG_OP_EQ || ts->n != 2) return SG_RC_OK;
  const sg_term *a = args_of (ts, ts->t);
  if (!a) return SG_RC_NOMEM;
  for (int k = 0; k < 2; k++)
    {
      int b = bit1 (s, a[k]);
      sg_term x = a[1 - k];
      sg_op xop = sg_term_op (s, x);
      if (b < 0) continue;
      if (xop == SG_OP_BVCOMP)
        {
          sg_term two[2] = { sg_term_arg (s, x, 0), sg_term_arg (s, x, 1) };
          sg_rc e = sg_mk_app (s, SG_OP_EQ, two, 2, NULL, 0, &c);
          if (!e && !b) e = sg_mk_app (s, SG_OP_NOT, &c, 1, NULL, 0, &c);
          return repl_rc (ts, e, &c);
        }
      sg_op to = xop == SG_OP_BVAND ? SG_OP_AND : xop == SG_OP_BVOR ? SG_OP_OR : xop == SG_OP_BVXOR ? SG_OP_XOR : SG_OP_FIRST_BUILTIN;
      if (to == SG_OP_FIRST_BUILTIN) continue;
      uint32_t n = sg_term_nargs (s, x);
      sg_term *ds = malloc (n * sizeof *ds), kc = a[k];
      if (!ds) return SG_RC_NOMEM;
      sg_rc e = SG_RC_OK;
      for (uint32_t q = 0; q < n && !e; q++)
        {
          sg_term two[2] = { kc, sg_term_arg (s, x, q) };
          e = sg_mk_app (s, SG_OP_EQ, two, 2, NULL, 0, &ds[q]);
        }
      if (!e) e = sg_mk_app (s, to, ds, n, NULL, 0, &c);
      free (ds);
      return repl_rc (ts, e, &c);
    }
  return SG_RC_OK;
}

/* ---- arrays, datatypes, strings and sequences --------------------------------------------- */

/* arrays, a constant array: ((as const T) v) -> (store a k v), a the first constant of sort T
 * the script uses, k the smallest index (ddSMT reaches it through a store of the script). */
static sg_rc
site_const_array (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  sg_term a = SG_NONE;
  for (uint32_t i = 0; i < ts->o->a.n && a == SG_NONE; i++)
    {
      sg_term t = ts->o->a.a[i].term;
      if (sg_term_sort (s, t) == ts->so && sg_mut_is_declared_const (s, t)) a = t;
    }
  if (a == SG_NONE) return SG_RC_OK;
  sg_sort index = sg_sort_node (s, ts->so)->a;
  sg_term three[3] = { a, SG_NONE, sg_term_arg (s, ts->t, 0) };
  sg_rc e = sg_mut_constant (s, index, 0, &three[1]);
  if (e == SG_RC_NOMEM) return e;
  if (e) { s->err[0] = 0; return SG_RC_OK; }
  return repl_app (ts, SG_OP_STORE, three, 3, NULL, 0);
}

/* arrays: (store a i v) -> a, (select (store a i v) j) -> v and (select a j), (select ((as const
 * T) v) j) -> v, ((as const T) v) -> (store a k v). */
static sg_rc
site_array (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  if (ts->variant) return SG_RC_OK;
  if (ts->op == SG_OP_STORE) return repl (ts, sg_term_arg (s, ts->t, 0));
  if (ts->op == SG_OP_CONST_ARRAY) return site_const_array (ts);
  if (ts->op != SG_OP_SELECT) return SG_RC_OK;
  sg_term arr = sg_term_arg (s, ts->t, 0), j = sg_term_arg (s, ts->t, 1);
  if (is_op (s, arr, SG_OP_CONST_ARRAY)) return repl (ts, sg_term_arg (s, arr, 0));
  if (!is_op (s, arr, SG_OP_STORE)) return SG_RC_OK;
  sg_rc rc = repl (ts, sg_term_arg (s, arr, 2));
  sg_term two[2] = { sg_term_arg (s, arr, 0), j };
  return rc ? rc : repl_app (ts, SG_OP_SELECT, two, 2, NULL, 0);
}

/* dt-identity: (s (C x y)) -> x when s is C's selector of x. */
static sg_rc
site_dtsel (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  if (ts->variant || ts->op != SG_OP_DT_SEL) return SG_RC_OK;
  sg_term x = sg_term_arg (s, ts->t, 0);
  if (!is_op (s, x, SG_OP_DT_CONS)) return SG_RC_OK;
  uint32_t sel = sg_term_node (s, ts->t)->aux, cons = sg_term_node (s, x)->aux;
  const sg_dtcons *cn = &s->conss.a[cons];
  if (s->sels.a[sel].cons != cons || sel - cn->sel >= sg_term_nargs (s, x)) return SG_RC_OK;
  return repl (ts, sg_term_arg (s, x, sel - cn->sel));
}

/* string-rewrites: str.replace_all -> str.replace (seq. too), str.indexof -> (- 1) (seq. too),
 * (seq.nth (seq.unit t) i) -> t. (str.contains s t) -> (= s (str.++ p t q)) is not done: it is
 * larger, and the reducer takes smaller candidates only.) */
static sg_rc
site_strseq (const sg_term_site *ts)
{
  sg_store *s = ts->s;
  sg_term c = SG_NONE;
  if (ts->variant) return SG_RC_OK;
  if (ts->op == SG_OP_STR_REPLACE_ALL || ts->op == SG_OP_SEQ_REPLACE_ALL)
    {
      const sg_term *a = args_of (ts, ts->t);
      if (!a) return SG_RC_NOMEM;
      return repl_app (ts, ts->op == SG_OP_STR_REPLACE_ALL ? SG_OP_STR_REPLACE : SG_OP_SEQ_REPLACE, a, 3, NULL, 0);
    }
  if (ts->op == SG_OP_STR_INDEXOF || ts->op == SG_OP_SEQ_INDEXOF)
    {
      sg_rc e = sg_mk_literal (s, SG_OP_NUMERAL, "1", 1, &c);
      if (!e) e = sg_mk_app (s, SG_OP_NEG_SUB, &c, 1, NULL, 0, &c);
      return repl_rc (ts, e, &c);
    }
  if (ts->op == SG_OP_SEQ_NTH && is_op (s, sg_term_arg (s, ts->t, 0), SG_OP_SEQ_UNIT))
    return repl (ts, sg_term_arg (s, sg_term_arg (s, ts->t, 0), 0));
  return SG_RC_OK;
}

sg_rc
sg_mut_dd_site (const sg_term_site *ts, sg_mutator m)
{
  if (ts->variant) return SG_RC_OK; /* one pass over the occurrences */
  if (ts->n == 0 && m != SG_MUT_NUM && m != SG_MUT_BVSIMP && m != SG_MUT_BVWIDTH) return SG_RC_OK;
  switch (m)
    {
    case SG_MUT_XOR: return site_xor (ts);
    case SG_MUT_IMPL: return site_impl (ts);
    case SG_MUT_DEMORGAN: return site_demorgan (ts);
    case SG_MUT_NEGQ: return site_negq (ts);
    case SG_MUT_FALSEEQ: return site_falseeq (ts);
    case SG_MUT_REL: return site_rel (ts);
    case SG_MUT_NUM: return site_num (ts);
    case SG_MUT_BVWIDTH: return site_bvwidth (ts);
    case SG_MUT_BVSIMP: return site_bvsimp (ts);
    case SG_MUT_BVBOOL: return site_bvbool (ts);
    case SG_MUT_ARRAY: return site_array (ts);
    case SG_MUT_DTSEL: return site_dtsel (ts);
    case SG_MUT_STRSEQ: return site_strseq (ts);
    default: return SG_RC_OK;
    }
}
