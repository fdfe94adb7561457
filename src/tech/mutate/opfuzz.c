/* opfuzz: class loader and the type-aware operator mutation step (TECHNIQUES.md §3). */
#include "tech/mutate/opfuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/limits.h"
#include "front/occ.h"

/* ---- the compiled-in classes --------------------------------------------------------------- */

static const char *const default_rows[] = {
#define CLASS(text) text,
#include "tech/mutate/opfuzz_classes.def"
#undef CLASS
};

/* ---- names -------------------------------------------------------------------------------- */

static const char *
op_text (sg_op op)
{
  if (op == SG_OP_FORALL) return "forall";
  if (op == SG_OP_EXISTS) return "exists";
  if (op > SG_OP_FIRST_BUILTIN && op < SG_OP_COUNT) return sg_op_name (op);
  return "?";
}

/* The standard operator op stands for (quantifiers are their own). */
static sg_op
canon (sg_op op)
{
  if (op > SG_OP_FIRST_BUILTIN && op < SG_OP_COUNT) return (sg_op) sg_op_info (op)->canon;
  return op;
}

static sg_op
lookup (const char *w, size_t n)
{
  if (n == 6 && !memcmp (w, "forall", 6)) return SG_OP_FORALL;
  if (n == 6 && !memcmp (w, "exists", 6)) return SG_OP_EXISTS;
  for (int op = SG_OP_FIRST_BUILTIN + 1; op < SG_OP_COUNT; op++)
    {
      const char *name = sg_op_name ((sg_op) op);
      if (name && strlen (name) == n && !memcmp (name, w, n)) return (sg_op) op;
    }
  return SG_OP_COUNT;
}

/* Arity range of an operator. */
static void
op_arity (sg_op op, uint32_t *lo, uint32_t *hi)
{
  if (op == SG_OP_FORALL || op == SG_OP_EXISTS)
    {
      *lo = 2;
      *hi = UINT32_MAX;
      return;
    }
  const sg_opinfo *in = sg_op_info (op);
  *lo = in->min_args;
  *hi = in->max_args == SG_ARGS_N ? UINT32_MAX : in->max_args;
}

static const struct { const char *name; sg_opfuzz_sortcond cond; } sortconds[] = {
  { "Bool", SG_OPFUZZ_BOOL }, { "Int", SG_OPFUZZ_INT }, { "Real", SG_OPFUZZ_REAL },
  { "Num", SG_OPFUZZ_NUM }, { "String", SG_OPFUZZ_STRING }, { "RegLan", SG_OPFUZZ_REGLAN },
  { "RoundingMode", SG_OPFUZZ_RM }, { "BV", SG_OPFUZZ_BV }, { "FP", SG_OPFUZZ_FP },
  { "Array", SG_OPFUZZ_ARRAY },
};

/* ---- the loader --------------------------------------------------------------------------- */

typedef struct tok {
  const char *p; /* text */
  size_t n;      /* bytes */
  uint32_t col;  /* 1-based column */
} tok;

typedef struct lineparse {
  sg_diag *d;     /* where errors go */
  uint32_t line;  /* current line */
  tok t[256];     /* tokens of the line */
  uint32_t nt;    /* tokens */
} lineparse;

static bool
is_sep (char c)
{
  return c == ',' || c == ':';
}

/* Split one line into words and the separators ',' and ':'; stops at a comment. Not base/tok.h:
 * the class file is a line format (',' and ':' separate, '#' and ';' start a comment, no
 * parentheses or quotes), and a diagnostic's column is the byte's in its line. */
static sg_rc
tokenize (lineparse *lp, const char *s, size_t n)
{
  lp->nt = 0;
  size_t i = 0;
  while (i < n)
    {
      char c = s[i];
      if (c == ';' || c == '#') break;
      if (c == ' ' || c == '\t' || c == '\r') { i++; continue; }
      if (lp->nt == sizeof lp->t / sizeof *lp->t)
        return sg_diag_set (lp->d, SG_RC_LIMIT, lp->line, (uint32_t) i + 1, "line too long");
      tok *t = &lp->t[lp->nt++];
      t->p = s + i;
      t->col = (uint32_t) i + 1;
      if (is_sep (c)) { t->n = 1; i++; continue; }
      size_t j = i;
      while (j < n && !is_sep (s[j]) && s[j] != ' ' && s[j] != '\t' && s[j] != '\r' && s[j] != ';')
        j++;
      t->n = j - i;
      i = j;
    }
  return SG_RC_OK;
}

static bool
tok_is (const tok *t, const char *w)
{
  return t->n == strlen (w) && !memcmp (t->p, w, t->n);
}

static sg_rc err (lineparse *lp, const tok *t, const char *fmt, ...)
    __attribute__ ((format (printf, 3, 4)));

static sg_rc
err (lineparse *lp, const tok *t, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  sg_rc rc = sg_diag_vset (lp->d, SG_RC_PARSE, lp->line, t ? t->col : 1, fmt, ap);
  va_end (ap);
  return rc;
}

/* "N", "N+", "N-", "N-M" */
static bool
parse_arity (const tok *t, uint32_t *lo, uint32_t *hi)
{
  const char *p = t->p, *e = t->p + t->n;
  uint64_t a = 0, b = 0;
  const char *q = p;
  while (q < e && *q >= '0' && *q <= '9' && a < 100000) a = a * 10 + (uint64_t) (*q++ - '0');
  if (q == p || a >= 100000) return false;
  if (q == e) { *lo = *hi = (uint32_t) a; return true; }
  if (*q == '+' && q + 1 == e) { *lo = (uint32_t) a; *hi = UINT32_MAX; return true; }
  if (*q != '-') return false;
  if (q + 1 == e) { *lo = 0; *hi = (uint32_t) a; return true; }
  const char *r = ++q;
  while (q < e && *q >= '0' && *q <= '9' && b < 100000) b = b * 10 + (uint64_t) (*q++ - '0');
  if (q != e || q == r || b >= 100000 || b < a) return false;
  *lo = (uint32_t) a;
  *hi = (uint32_t) b;
  return true;
}

static sg_rc
parse_line (sg_opfuzz *f, lineparse *lp, const char *s, size_t n)
{
  sg_rc rc = tokenize (lp, s, n);
  if (rc || lp->nt == 0) return rc;
  sg_opfuzz_class c = { .first = f->ops.n, .amin = 0, .amax = UINT32_MAX,
                        .sortcond = SG_OPFUZZ_ANY, .line = lp->line };
  uint32_t i = 0, arrow = 0;
  const tok *names_start = &lp->t[0];
  bool seen_arity = false, seen_sort = false;
  const tok *arity_tok = NULL;
  /* names [-> names] */
  for (; i < lp->nt && !tok_is (&lp->t[i], ":"); i++)
    {
      const tok *t = &lp->t[i];
      if (tok_is (t, ",")) continue;
      if (tok_is (t, "->"))
        {
          if (arrow) return err (lp, t, "a second '->'");
          if (c.nfrom == 0) return err (lp, t, "no operator before '->'");
          arrow = i + 1;
          continue;
        }
      char w[64];
      snprintf (w, sizeof w, "%.*s", (int) (t->n < 60 ? t->n : 60), t->p);
      sg_op op = lookup (t->p, t->n);
      if (op == SG_OP_COUNT) return err (lp, t, "unknown operator '%s'", w);
      if (canon (op) != op)
        return err (lp, t, "'%s' is an alias: use the canonical name '%s'", w,
                    op_text (canon (op)));
      /* Duplicates: within the sources, within the targets, or a target that is a source. */
      for (uint32_t k = c.first; k < f->ops.n; k++)
        if (f->ops.a[k] == (uint32_t) op)
          return err (lp, t, "operator '%s' listed twice", w);
      if (!SG_VEC_PUSH (f->ops, (uint32_t) op))
        return sg_diag_set (lp->d, SG_RC_NOMEM, lp->line, t->col, "out of memory");
      if (arrow) c.nto++;
      else c.nfrom++;
    }
  if (c.nfrom == 0) return err (lp, names_start, "no operator names");
  if (arrow && c.nto == 0)
    return err (lp, i < lp->nt ? &lp->t[i] : &lp->t[lp->nt - 1], "no operator after '->'");
  if (!arrow && c.nfrom < 2)
    return err (lp, names_start,
                "a class needs two operators (write 'a -> b' for a one-way rule)");
  /* { ":" key ":" value } */
  while (i < lp->nt)
    {
      const tok *colon = &lp->t[i];
      if (!tok_is (colon, ":")) return err (lp, colon, "expected ':' before a condition");
      if (i + 1 >= lp->nt) return err (lp, colon, "expected 'arity' or 'sort' after ':'");
      const tok *key = &lp->t[i + 1];
      if (i + 3 >= lp->nt || !tok_is (&lp->t[i + 2], ":"))
        return err (lp, key, "expected 'KEY: VALUE' (arity: N, N+, N-, N-M; sort: SORT)");
      const tok *val = &lp->t[i + 3];
      char w[64];
      snprintf (w, sizeof w, "%.*s", (int) (val->n < 60 ? val->n : 60), val->p);
      if (tok_is (key, "arity"))
        {
          if (seen_arity) return err (lp, key, "a second arity condition");
          seen_arity = true;
          arity_tok = val;
          if (!parse_arity (val, &c.amin, &c.amax))
            return err (lp, val, "bad arity '%s' (expected N, N+, N- or N-M)", w);
        }
      else if (tok_is (key, "sort"))
        {
          if (seen_sort) return err (lp, key, "a second sort condition");
          seen_sort = true;
          size_t k = 0;
          while (k < sizeof sortconds / sizeof *sortconds && !tok_is (val, sortconds[k].name)) k++;
          if (k == sizeof sortconds / sizeof *sortconds)
            return err (lp, val,
                        "unknown sort '%s' (Bool, Int, Real, Num, String, RegLan, RoundingMode, "
                        "BV, FP, Array)", w);
          c.sortcond = (uint8_t) sortconds[k].cond;
        }
      else
        {
          char kw[64];
          snprintf (kw, sizeof kw, "%.*s", (int) (key->n < 60 ? key->n : 60), key->p);
          return err (lp, key, "unknown condition '%s' (arity or sort)", kw);
        }
      i += 4;
    }
  /* Every member must be able to meet the arity guard. */
  for (uint32_t k = c.first; k < f->ops.n; k++)
    {
      uint32_t lo, hi;
      op_arity ((sg_op) f->ops.a[k], &lo, &hi);
      if (hi < c.amin || lo > c.amax)
        return err (lp, arity_tok, "the arity guard excludes '%s' (every use of it)",
                    op_text ((sg_op) f->ops.a[k]));
    }
  if (!SG_VEC_PUSH (f->classes, c))
    return sg_diag_set (lp->d, SG_RC_NOMEM, lp->line, 1, "out of memory");
  for (uint32_t k = 0; k < c.nfrom; k++) f->source[f->ops.a[c.first + k]] = 1;
  return SG_RC_OK;
}

void
sg_opfuzz_free (sg_opfuzz *f)
{
  SG_VEC_FREE (f->classes);
  SG_VEC_FREE (f->ops);
  memset (f->source, 0, sizeof f->source);
}

static void
opfuzz_init (sg_opfuzz *f)
{
  memset (f, 0, sizeof *f);
}

sg_rc
sg_opfuzz_parse (sg_opfuzz *f, const char *text, size_t len, const char *name, sg_diag *d)
{
  opfuzz_init (f);
  lineparse lp = { .d = d, .line = 0 };
  if (d) d->file = name;
  size_t i = 0;
  sg_rc rc = SG_RC_OK;
  while (i < len && !rc)
    {
      size_t j = i;
      while (j < len && text[j] != '\n') j++;
      lp.line++;
      rc = parse_line (f, &lp, text + i, j - i);
      i = j + 1;
    }
  if (!rc && f->classes.n == 0) rc = sg_diag_set (d, SG_RC_PARSE, 1, 1, "no operator classes");
  if (rc) sg_opfuzz_free (f);
  return rc;
}

sg_rc
sg_opfuzz_load (sg_opfuzz *f, const char *path, sg_diag *d)
{
  if (!path)
    {
      sg_buf b;
      sg_buf_init (&b);
      for (size_t k = 0; k < sizeof default_rows / sizeof *default_rows; k++)
        {
          sg_buf_adds (&b, default_rows[k]);
          sg_buf_addc (&b, '\n');
        }
      if (!sg_buf_ok (&b))
        {
          sg_buf_free (&b);
          opfuzz_init (f);
          return sg_diag_set (d, SG_RC_NOMEM, 0, 0, "out of memory");
        }
      sg_rc rc = sg_opfuzz_parse (f, b.s, b.len, "<opfuzz_classes.def>", d);
      sg_buf_free (&b);
      return rc;
    }
  opfuzz_init (f);
  char *text = NULL;
  size_t len = 0;
  sg_rc rc = sg_file_read_text (path, SG_LIMIT_DATA_BYTES, &text, &len, d);
  if (rc) return rc;
  rc = sg_opfuzz_parse (f, text, len, path, d);
  free (text);
  return rc;
}

/* ---- the mutation step -------------------------------------------------------------------- */

static bool
sort_meets (const sg_store *s, sg_sort x, uint8_t cond)
{
  switch ((sg_opfuzz_sortcond) cond)
    {
    case SG_OPFUZZ_ANY: return true;
    case SG_OPFUZZ_BOOL: return x == s->s_bool;
    case SG_OPFUZZ_INT: return x == s->s_int;
    case SG_OPFUZZ_REAL: return x == s->s_real;
    case SG_OPFUZZ_NUM: return x == s->s_int || x == s->s_real;
    case SG_OPFUZZ_STRING: return x == s->s_string;
    case SG_OPFUZZ_REGLAN: return x == s->s_reglan;
    case SG_OPFUZZ_RM: return x == s->s_rm;
    case SG_OPFUZZ_BV: return sg_sort_kind_of (s, x) == SG_SORT_BV;
    case SG_OPFUZZ_FP: return sg_sort_kind_of (s, x) == SG_SORT_FP;
    case SG_OPFUZZ_ARRAY: return sg_sort_kind_of (s, x) == SG_SORT_ARRAY;
    }
  return false;
}

/* Does occurrence term t meet the conditions of class c? */
static bool
meets (const sg_store *s, const sg_opfuzz_class *c, sg_term t)
{
  uint32_t n = sg_term_nargs (s, t);
  if (n < c->amin || n > c->amax) return false;
  if (c->sortcond == SG_OPFUZZ_ANY) return true;
  for (uint32_t i = 0; i < n; i++)
    if (!sort_meets (s, sg_term_sort (s, sg_term_arg (s, t, i)), c->sortcond)) return false;
  return true;
}

/* The targets the classes allow for term t (operator src), each once, in class order. */
static sg_rc
targets (const sg_opfuzz *f, const sg_store *s, sg_term t, sg_op src, sg_u32vec *out)
{
  SG_VEC_CLEAR (*out);
  for (uint32_t k = 0; k < f->classes.n; k++)
    {
      const sg_opfuzz_class *c = &f->classes.a[k];
      const uint32_t *m = f->ops.a + c->first;
      bool is_src = false;
      for (uint32_t j = 0; j < c->nfrom && !is_src; j++) is_src = m[j] == (uint32_t) src;
      if (!is_src || !meets (s, c, t)) continue;
      const uint32_t *to = c->nto ? m + c->nfrom : m;
      uint32_t nto = c->nto ? c->nto : c->nfrom;
      for (uint32_t j = 0; j < nto; j++)
        {
          if (to[j] == (uint32_t) src) continue;
          bool dup = false;
          for (uint32_t q = 0; q < out->n && !dup; q++) dup = out->a[q] == to[j];
          if (!dup && !SG_VEC_PUSH (*out, to[j])) return SG_RC_NOMEM;
        }
    }
  return SG_RC_OK;
}

/* Build op applied to t's arguments and indices. SG_RC_SORT when it does not type-check or
 * changes the sort. */
static sg_rc
build (sg_store *s, sg_term t, sg_op op, sg_u32vec *args, sg_term *out)
{
  const sg_node *nd = sg_term_node (s, t);
  uint32_t n = nd->nargs, nidx = nd->nidx;
  sg_sort want = nd->sort;
  if (op == SG_OP_FORALL || op == SG_OP_EXISTS)
    {
      if (nidx) return SG_RC_SORT;
    }
  else if (sg_op_info (op)->nidx != nidx)
    return SG_RC_SORT;
  SG_VEC_CLEAR (*args);
  if (!SG_VEC_RESERVE (*args, n + nidx)) return SG_RC_NOMEM;
  /* Copy: building may grow store->args and move the children. */
  if (n + nidx) memcpy (args->a, sg_term_args (s, t), (n + nidx) * sizeof *args->a);
  args->n = n + nidx;
  sg_rc rc;
  if (op == SG_OP_FORALL || op == SG_OP_EXISTS) rc = sg_mk_binder (s, op, args->a, n, out);
  else
    {
      /* Drop the implicit Int-to-Real coercions the old operator needed: sg_mk_app puts back
       * those the new one needs, exactly as the parser will when it reads the printed mutant
       * (which shows no coercion). (/ x 2) -> (* x 2) on Int x is then Int, and refused. */
      for (uint32_t i = 0; i < n; i++)
        {
          const sg_node *a = sg_term_node (s, args->a[i]);
          if (a->op == SG_OP_TO_REAL && (a->flags & SG_TF_IMPLICIT) && a->nargs == 1)
            args->a[i] = sg_term_arg (s, args->a[i], 0);
        }
      rc = sg_mk_app (s, op, args->a, n, nidx ? args->a + n : NULL, nidx, out);
    }
  if (rc) return rc;
  return sg_term_sort (s, *out) == want ? SG_RC_OK : SG_RC_SORT;
}

/* Is the script's logic linear arithmetic (QF_LIA, AUFLIRA, QF_SLIA, QF_IDL, ...)? Solvers
 * reject non-linear terms there ("logic does not support nonlinear arithmetic"). */
typedef enum arith_logic { ARITH_ANY, ARITH_LINEAR, ARITH_DIFF } arith_logic;

static arith_logic
logic_of (const sg_script *sc)
{
  if (sc->logic == SG_ATOM_NONE) return ARITH_ANY;
  const char *l = sg_store_text (sc->store, sc->logic);
  if (strstr (l, "IDL") || strstr (l, "RDL")) return ARITH_DIFF;
  if (strstr (l, "LIA") || strstr (l, "LRA") || strstr (l, "LIRA")) return ARITH_LINEAR;
  return ARITH_ANY;
}

/* A numeric literal, possibly negated or implicitly coerced. */
static bool
is_numeral (const sg_store *s, sg_term t)
{
  for (;;)
    {
      const sg_node *n = sg_term_node (s, t);
      if (n->op == SG_OP_NUMERAL || n->op == SG_OP_DECIMAL) return true;
      bool coerced = n->op == SG_OP_TO_REAL && (n->flags & SG_TF_IMPLICIT);
      bool wrap = n->nargs == 1 && (n->op == SG_OP_NEG_SUB || coerced);
      if (!wrap) return false;
      t = sg_term_arg (s, t, 0);
    }
}

/* May op replace the operator of t in a script of logic lg? Linear logics: `*` needs all
 * arguments but one to be literals, div, mod and / need literal divisors, abs is refused (z3
 * calls it non-linear). Difference logics: no arithmetic operator swap at all (x - y op c is a
 * fixed shape), comparisons only. */
static bool
fits_logic (const sg_store *s, sg_term t, sg_op old, sg_op op, arith_logic lg)
{
  uint32_t n = sg_term_nargs (s, t), vars = 0;
  if (lg == ARITH_ANY) return true;
  if (lg == ARITH_DIFF)
    switch (canon (old))
      {
      case SG_OP_ADD: case SG_OP_NEG_SUB: case SG_OP_MUL: case SG_OP_RDIV: case SG_OP_IDIV:
      case SG_OP_MOD: case SG_OP_ABS:
        return false;
      default:
        break;
      }
  switch (op)
    {
    case SG_OP_ABS:
      return false;
    case SG_OP_MUL:
      for (uint32_t i = 0; i < n; i++) vars += !is_numeral (s, sg_term_arg (s, t, i));
      return vars <= 1;
    case SG_OP_IDIV: case SG_OP_MOD: case SG_OP_RDIV:
      for (uint32_t i = 1; i < n; i++)
        if (!is_numeral (s, sg_term_arg (s, t, i))) return false;
      return true;
    default:
      return true;
    }
}

static bool
contains (const sg_u32vec *v, uint32_t x)
{
  for (uint32_t i = 0; i < v->n; i++)
    if (v->a[i] == x) return true;
  return false;
}

sg_rc
sg_opfuzz_step (const sg_opfuzz *f, sg_script *sc, sg_rng *rng, uint32_t m, sg_buf *desc,
                uint32_t *done)
{
  sg_store *s = sc->store;
  sg_occs occs = { 0 };
  sg_u32vec cand = { 0 }, tg = { 0 }, args = { 0 }, used = { 0 };
  uint32_t swaps = 0;
  sg_rc rc = SG_RC_OK;
  arith_logic lg = logic_of (sc);
  if (desc) sg_buf_reset (desc);
  for (uint32_t k = 0; k < m; k++)
    {
      /* An operator swap keeps the tree's shape, so occurrence indices stay valid across the
       * swaps of a step; the term ids do not, hence the new collection. */
      sg_occs_free (&occs);
      if ((rc = sg_occ_collect (sc, SG_OPFUZZ_MAX_OCCS, &occs))) break;
      SG_VEC_CLEAR (cand);
      for (uint32_t i = 0; i < occs.a.n; i++)
        {
          const sg_occ *o = &occs.a.a[i];
          if (o->flags & (SG_OCC_BINDER | SG_OCC_PATTERN)) continue;
          sg_op op = canon (sg_term_op (s, o->term));
          if (op >= SG_OP_COUNT || !f->source[op] || contains (&used, i)) continue;
          if (!SG_VEC_PUSH (cand, i)) { rc = SG_RC_NOMEM; break; }
        }
      if (rc) break;
      bool swapped = false;
      while (cand.n && !swapped && !rc)
        {
          uint32_t j = (uint32_t) sg_rng_below (rng, cand.n);
          uint32_t i = cand.a[j];
          cand.a[j] = cand.a[--cand.n];
          const sg_occ *o = &occs.a.a[i];
          sg_op old = sg_term_op (s, o->term);
          if ((rc = targets (f, s, o->term, canon (old), &tg))) break;
          while (tg.n)
            {
              uint32_t q = (uint32_t) sg_rng_below (rng, tg.n);
              sg_op op = (sg_op) tg.a[q];
              /* Keep the order of the remaining candidates (determinism does not need it, but
               * it keeps the draw uniform over what is left). */
              memmove (tg.a + q, tg.a + q + 1, (tg.n - q - 1) * sizeof *tg.a);
              tg.n--;
              if (!fits_logic (s, o->term, old, op, lg)) continue;
              sg_term nt;
              rc = build (s, o->term, op, &args, &nt);
              if (rc == SG_RC_SORT) { rc = SG_RC_OK; continue; }
              if (rc) break;
              rc = sg_occ_replace (sc, &occs, i, nt);
              if (rc == SG_RC_SORT) { rc = SG_RC_OK; continue; }
              if (rc) break;
              if (!SG_VEC_PUSH (used, i)) { rc = SG_RC_NOMEM; break; }
              if (desc)
                {
                  const sg_cmd *c = &sc->cmds.a[o->cmd];
                  if (swaps) sg_buf_adds (desc, "; ");
                  sg_buf_printf (desc, "%s -> %s at %s %u", op_text (old), op_text (op),
                                 sg_wk_text ((sg_wk) c->kind), o->cmd);
                }
              swapped = true;
              swaps++;
              break;
            }
        }
      if (rc || !swapped) break;
    }
  sg_occs_free (&occs);
  SG_VEC_FREE (cand);
  SG_VEC_FREE (tg);
  SG_VEC_FREE (args);
  SG_VEC_FREE (used);
  if (done) *done = swaps;
  if (!rc && desc && !sg_buf_ok (desc)) rc = SG_RC_NOMEM;
  return rc;
}
