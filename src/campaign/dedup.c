/* dedup: crash signatures normalised, trigger shapes hashed. */
#include "campaign/dedup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "base/tok.h"
#include "front/parse.h"
#include "front/script.h"
#include "front/store.h"

static int
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

static int
is_hex (char c)
{
  return is_digit (c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

void
sg_dedup_crash_sig (const char *sig, char *out, size_t size)
{
  if (!size) return;
  /* Located signatures are already normal: keep them (file:line is the bug's identity). */
  if (!strncmp (sig, "assert ", 7) || !strncmp (sig, "sanitizer ", 10))
    {
      snprintf (out, size, "%s", sig);
      return;
    }
  size_t k = 0;
  for (size_t i = 0; sig[i] && k + 4 < size;)
    {
      char c = sig[i];
      if (c == '0' && (sig[i + 1] == 'x' || sig[i + 1] == 'X') && is_hex (sig[i + 2]))
        {
          i += 2;
          while (is_hex (sig[i])) i++;
          memcpy (out + k, "0x#", 3);
          k += 3;
          continue;
        }
      if (is_digit (c))
        {
          while (is_digit (sig[i])) i++;
          out[k++] = '#';
          continue;
        }
      if (c == '\'' || c == '"')
        {
          const char *q = strchr (sig + i + 1, c);
          if (q)
            {
              i = (size_t) (q - sig) + 1;
              out[k++] = '?';
              continue;
            }
        }
      out[k++] = c;
      i++;
    }
  out[k] = 0;
}

/* The structural hash of a sort (sorts are hash-consed per store, so ids are not portable). */
static uint64_t
sort_hash (const sg_store *s, sg_sort x, uint64_t *memo)
{
  if (memo[x]) return memo[x];
  /* Parameters have smaller ids than the sorts built from them, except that the memo is
   * filled lazily: compute iteratively over the ids up to x. */
  for (sg_sort y = 0; y <= x; y++)
    {
      if (memo[y]) continue;
      const sg_sortnode *n = sg_sort_node (s, y);
      uint64_t h = sg_hash64_combine (0x5051, n->kind);
      switch ((sg_sort_kind) n->kind)
        {
        case SG_SORT_BV: h = sg_hash64_combine (h, n->a); break;
        case SG_SORT_FP: h = sg_hash64_combine (sg_hash64_combine (h, n->a), n->b); break;
        case SG_SORT_ARRAY:
          h = sg_hash64_combine (sg_hash64_combine (h, n->a < y ? memo[n->a] : n->a),
                                 n->b < y ? memo[n->b] : n->b);
          break;
        default: break; /* user sorts and datatypes: by kind (their names are names) */
        }
      for (uint32_t i = 0; i < n->nargs; i++)
        {
          uint32_t a = s->pool.a[n->args + i];
          h = sg_hash64_combine (h, a < y ? memo[a] : a);
        }
      memo[y] = h ? h : 1;
    }
  return memo[x];
}

sg_rc
sg_dedup_shape (const char *text, size_t len, uint64_t *hash)
{
  *hash = 0;
  sg_store s;
  sg_script sc;
  sg_diag d;
  if (sg_store_init (&s)) return SG_RC_NOMEM;
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "trigger");
  sg_rc rc = sg_parse_string (&s, &sc, text, len, "trigger", &d);
  uint64_t *th = NULL, *sh = NULL;
  if (rc) goto out;
  uint32_t nt = sg_term_count (&s), ns = s.sorts.n;
  th = calloc (nt ? nt : 1, sizeof *th);
  sh = calloc (ns ? ns : 1, sizeof *sh);
  if (!th || !sh) { rc = SG_RC_NOMEM; goto out; }
  for (sg_term t = 0; t < nt; t++)
    {
      const sg_node *n = sg_term_node (&s, t);
      uint64_t h = sort_hash (&s, n->sort, sh);
      if (n->nargs == 0)
        h = sg_hash64_combine (h, 0x1eaf); /* literal, constant, variable, bound variable: its sort only */
      else
        {
          /* Applications of named functions: their names do not count, their arity does. */
          h = sg_hash64_combine (h, n->op == SG_OP_APP ? 0xf00du : n->op);
          h = sg_hash64_combine (h, n->nargs);
          const uint32_t *a = sg_term_args (&s, t);
          for (uint32_t i = 0; i < n->nargs; i++) h = sg_hash64_combine (h, th[a[i]]);
          const uint32_t *ix = sg_term_indices (&s, t);
          for (uint32_t i = 0; i < n->nidx; i++) h = sg_hash64_combine (h, ix[i]);
        }
      th[t] = h;
    }
  uint64_t h = 0x5ca1ab1e;
  for (uint32_t i = 0; i < sc.cmds.n; i++)
    {
      const sg_cmd *c = &sc.cmds.a[i];
      /* Assertions and the commands that shape the query (check-sat, push, pop). */
      if (c->kind == SG_WK_ASSERT)
        h = sg_hash64_combine (sg_hash64_combine (h, 1), th[sg_cmd_items (&sc, c)[0]]);
      else if (c->kind == SG_WK_CHECK_SAT || c->kind == SG_WK_PUSH || c->kind == SG_WK_POP)
        h = sg_hash64_combine (h, 2 + c->kind);
    }
  *hash = h;
out:
  free (th);
  free (sh);
  sg_script_free (&sc);
  sg_store_free (&s);
  return rc;
}

uint64_t
sg_dedup_text (const char *text, size_t len)
{
  uint64_t h = 0x7e47;
  for (size_t i = 0; i < len;)
    {
      if (is_digit (text[i]))
        {
          while (i < len && is_digit (text[i])) i++;
          h = sg_hash64_combine (h, '#');
          continue;
        }
      if (text[i] != ' ' && text[i] != '\n' && text[i] != '\t' && text[i] != '\r')
        h = sg_hash64_combine (h, (unsigned char) text[i]);
      i++;
    }
  return h;
}

void
sg_dedup_logic (const char *text, size_t len, char *out, size_t size)
{
  snprintf (out, size, "-");
  const char *k = "(set-logic";
  size_t kl = strlen (k);
  for (size_t i = 0; i + kl < len; i++)
    {
      if (memcmp (text + i, k, kl)) continue;
      size_t a = i + kl;
      while (a < len && (text[a] == ' ' || text[a] == '\t' || text[a] == '\n')) a++;
      size_t b = a;
      while (b < len && text[b] != ')' && text[b] != ' ' && text[b] != '\n' && text[b] != '\t') b++;
      if (b > a) snprintf (out, size, "%.*s", (int) (b - a), text + a);
      return;
    }
}

void
sg_dedup_key (const char *kind, const char *solver, const char *logic, const char *signature,
              const char *text, size_t len, char *out, size_t size)
{
  /* a crash, and a validation note (oracle/probe.h: its signature says how the validating run
   * differed), by signature */
  if ((!strcmp (kind, "crash") || !strcmp (kind, "validation")) && signature && signature[0])
    {
      char norm[256];
      sg_dedup_crash_sig (signature, norm, sizeof norm);
      snprintf (out, size, "%s|%s|%s", kind, solver, norm);
      return;
    }
  /* an incremental finding (loop/loop_judge.c judge_incr), by the query kind its signature
   * names: the scripts of one bug have many shapes (issue 52) */
  static const char incr[] = "incremental: ";
  if (signature && !strncmp (signature, incr, sizeof incr - 1) && signature[sizeof incr - 1])
    {
      snprintf (out, size, "%s|%s|%s|%s", kind, solver, logic ? logic : "-", signature);
      return;
    }
  uint64_t h;
  if (sg_dedup_shape (text, len, &h)) h = sg_dedup_text (text, len);
  snprintf (out, size, "%s|%s|%s|%016llx", kind, solver, logic ? logic : "-", (unsigned long long) h);
}

/* ---- alpha-equivalence ---- */

typedef struct tok {
  const char *s; /* first byte */
  size_t n;      /* length */
} tok;

static bool
tok_is (const tok *t, const char *w)
{
  return t->n == strlen (w) && !memcmp (t->s, w, t->n);
}

typedef SG_VEC (tok) tokvec;

static bool
in_set (const tokvec *v, const tok *t)
{
  for (uint32_t i = 0; i < v->n; i++)
    if (v->a[i].n == t->n && !memcmp (v->a[i].s, t->s, t->n)) return true;
  return false;
}

sg_rc
sg_dedup_alpha (const char *text, size_t len, sg_buf *out)
{
  /* Pass 1: the names the script binds. A declaration's name is the word after the command
   * word; a binder's names are the first words of the pairs in its list; in a datatype
   * declaration every word that follows an opening parenthesis (sorts, constructors and
   * selectors) is a name. */
  tokvec toks = { 0 }, names = { 0 };
  /* '(', ')', strings, |symbols| and words, comments and blanks skipped; a '|' inside a word
   * stays in it (SG_TK_BAR_IN_WORD: the alpha hashes are persisted bucket keys). */
  sg_tks z;
  sg_tk k0;
  sg_tk_init (&z, text, len, SG_TK_BAR_IN_WORD);
  while (sg_tk_next (&z, &k0))
    {
      tok t = { k0.s, k0.n };
      if (!SG_VEC_PUSH (toks, t)) { SG_VEC_FREE (toks); return SG_RC_NOMEM; }
    }
  sg_rc rc = SG_RC_OK;
  for (uint32_t k = 0; k + 1 < toks.n && !rc; k++)
    {
      const tok *w = &toks.a[k];
      if (tok_is (w, "declare-fun") || tok_is (w, "declare-const") || tok_is (w, "define-fun")
          || tok_is (w, "define-fun-rec") || tok_is (w, "declare-sort") || tok_is (w, "define-sort"))
        {
          if (toks.a[k + 1].s[0] != '(' && !SG_VEC_PUSH (names, toks.a[k + 1])) rc = SG_RC_NOMEM;
          /* define-fun's parameters: ((x S) ...) right after the name */
          if (!tok_is (w, "declare-fun") && k + 3 < toks.n && toks.a[k + 2].s[0] == '(')
            {
              int depth = 0;
              for (uint32_t j = k + 2; j < toks.n && !rc; j++)
                {
                  if (toks.a[j].s[0] == '(' && toks.a[j].n == 1) { depth++; continue; }
                  if (toks.a[j].s[0] == ')' && toks.a[j].n == 1) { if (--depth <= 0) break; continue; }
                  if (depth == 2 && toks.a[j - 1].s[0] == '(' && toks.a[j - 1].n == 1
                      && !SG_VEC_PUSH (names, toks.a[j]))
                    rc = SG_RC_NOMEM;
                }
            }
        }
      else if (tok_is (w, "forall") || tok_is (w, "exists") || tok_is (w, "let"))
        {
          int depth = 0;
          for (uint32_t j = k + 1; j < toks.n && !rc; j++)
            {
              if (toks.a[j].s[0] == '(' && toks.a[j].n == 1) { depth++; continue; }
              if (toks.a[j].s[0] == ')' && toks.a[j].n == 1) { if (--depth <= 0) break; continue; }
              if (depth == 2 && toks.a[j - 1].s[0] == '(' && toks.a[j - 1].n == 1
                  && !SG_VEC_PUSH (names, toks.a[j]))
                rc = SG_RC_NOMEM;
            }
        }
      else if (tok_is (w, "declare-datatypes") || tok_is (w, "declare-datatype"))
        {
          int depth = 1; /* inside the command's own parenthesis */
          for (uint32_t j = k + 1; j < toks.n && !rc; j++)
            {
              if (toks.a[j].s[0] == '(' && toks.a[j].n == 1) { depth++; continue; }
              if (toks.a[j].s[0] == ')' && toks.a[j].n == 1) { if (--depth <= 0) break; continue; }
              bool first = toks.a[j - 1].s[0] == '(' && toks.a[j - 1].n == 1;
              if ((first || (tok_is (w, "declare-datatype") && j == k + 1))
                  && !tok_is (&toks.a[j], "par") && !SG_VEC_PUSH (names, toks.a[j]))
                rc = SG_RC_NOMEM;
            }
        }
    }
  /* Pass 2: print with those names renamed in order of first appearance. */
  tokvec order = { 0 };
  for (uint32_t k = 0; k < toks.n && !rc; k++)
    {
      const tok *w = &toks.a[k];
      if (k && !(w->s[0] == ')' && w->n == 1)
          && !(toks.a[k - 1].s[0] == '(' && toks.a[k - 1].n == 1))
        sg_buf_adds (out, " ");
      if (in_set (&names, w))
        {
          uint32_t idx = 0;
          while (idx < order.n && !(order.a[idx].n == w->n && !memcmp (order.a[idx].s, w->s, w->n))) idx++;
          if (idx == order.n && !SG_VEC_PUSH (order, *w)) { rc = SG_RC_NOMEM; break; }
          sg_buf_printf (out, "_%u", idx);
        }
      else
        sg_buf_add (out, w->s, w->n);
    }
  SG_VEC_FREE (order);
  SG_VEC_FREE (names);
  SG_VEC_FREE (toks);
  return rc;
}

uint64_t
sg_dedup_alpha_hash (const char *text, size_t len)
{
  sg_buf b;
  sg_buf_init (&b);
  uint64_t h = 0xa1fa;
  if (sg_dedup_alpha (text, len, &b) == SG_RC_OK)
    for (size_t i = 0; i < b.len; i++) h = sg_hash64_combine (h, (unsigned char) b.s[i]);
  else
    h = sg_dedup_text (text, len);
  sg_buf_free (&b);
  return h;
}

/* ---- bugs ---- */

static void
add_feature (char feats[][24], uint32_t *n, uint32_t max, const char *f)
{
  for (uint32_t i = 0; i < *n; i++)
    if (!strcmp (feats[i], f)) return;
  if (*n < max) snprintf (feats[(*n)++], 24, "%s", f);
}

static const char *
sort_word (const sg_store *s, sg_sort x)
{
  switch (sg_sort_kind_of (s, x))
    {
    case SG_SORT_BOOL: return "Bool";
    case SG_SORT_INT: return "Int";
    case SG_SORT_REAL: return "Real";
    case SG_SORT_STRING: return "String";
    case SG_SORT_REGLAN: return "RegLan";
    case SG_SORT_RM: return "RoundingMode";
    case SG_SORT_BV: return "BitVec";
    case SG_SORT_FP: return "FloatingPoint";
    case SG_SORT_ARRAY: return "Array";
    case SG_SORT_USER: return "Sort";
    case SG_SORT_DT: return "Datatype";
    case SG_SORT_PARAM: return "Param";
    case SG_SORT_SEQ: return "Seq";
    case SG_SORT_SET: return "Set";
    case SG_SORT_BAG: return "Bag";
    case SG_SORT_TUPLE: return "Tuple";
    case SG_SORT_FUN: return "Function";
    }
  return "?";
}

static int
cmp_feat (const void *a, const void *b)
{
  return strcmp ((const char *) a, (const char *) b);
}

void
sg_dedup_bug_key (const char *kind, const char *solver, const char *signature, const char *text,
                  size_t len, char *out, size_t size)
{
  /* a crash, and a validation note (oracle/probe.h: its signature says how the validating run
   * differed), by signature */
  if ((!strcmp (kind, "crash") || !strcmp (kind, "validation")) && signature && signature[0])
    {
      char norm[256];
      sg_dedup_crash_sig (signature, norm, sizeof norm);
      snprintf (out, size, "%s|%s|%s", kind, solver, norm);
      return;
    }
  enum { MAXF = 48 };
  char feats[MAXF][24];
  uint32_t nf = 0;
  sg_store s;
  sg_script sc;
  sg_diag d;
  bool parsed = false;
  if (!sg_store_init (&s))
    {
      sg_script_init (&sc, &s);
      sg_diag_init (&d, "trigger");
      parsed = sg_parse_string (&s, &sc, text, len, "trigger", &d) == SG_RC_OK;
      for (sg_term t = 0; parsed && t < sg_term_count (&s); t++)
        {
          const sg_node *n = sg_term_node (&s, t);
          sg_op op = (sg_op) n->op;
          const char *f = NULL;
          switch (op)
            {
            case SG_OP_APP: f = n->nargs ? "uf" : NULL; break;
            case SG_OP_FORALL: case SG_OP_EXISTS: f = "quantifier"; break;
            case SG_OP_MATCH: case SG_OP_DT_CONS: case SG_OP_DT_SEL: case SG_OP_DT_TEST:
              f = "datatype"; break;
            case SG_OP_CONST_ARRAY: case SG_OP_AS_ARRAY: f = "array"; break;
            default:
              if (op > SG_OP_FIRST_BUILTIN && op < SG_OP_COUNT)
                switch ((sg_theory) sg_op_info (op)->theory)
                  {
                  case SG_TH_ARITH: case SG_TH_INT: case SG_TH_REAL: case SG_TH_INTREAL: f = "arith"; break;
                  case SG_TH_BV: f = "bv"; break;
                  case SG_TH_FP: f = "fp"; break;
                  case SG_TH_ARRAY: f = "array"; break;
                  case SG_TH_STRING: f = "string"; break;
                  case SG_TH_DT: f = "datatype"; break;
                  case SG_TH_SET: f = "set"; break;
                  case SG_TH_BAG: f = "bag"; break;
                  case SG_TH_SEQ: f = "seq"; break;
                  case SG_TH_TUPLE: f = "tuple"; break;
                  case SG_TH_TRANS: f = "transcendental"; break;
                  case SG_TH_SEP: f = "sep"; break;
                  case SG_TH_HO: f = "ho"; break;
                  case SG_TH_EXT: f = "ext"; break;
                  default: f = NULL; break; /* core: the glue of every formula */
                  }
              break;
            }
          if (f) add_feature (feats, &nf, MAXF, f);
          /* Sorts by kind, arrays with their index and element kinds (widths ignored). */
          sg_sort so = n->sort;
          char w[24];
          if (sg_sort_kind_of (&s, so) == SG_SORT_ARRAY)
            {
              const sg_sortnode *sn = sg_sort_node (&s, so);
              snprintf (w, sizeof w, "A(%.8s,%.8s)", sort_word (&s, sn->a), sort_word (&s, sn->b));
            }
          else
            snprintf (w, sizeof w, "%s", sort_word (&s, so));
          add_feature (feats, &nf, MAXF, w);
        }
      sg_script_free (&sc);
      sg_store_free (&s);
    }
  if (!parsed)
    {
      /* Our front end cannot read it: the bucket stands alone (its text hash). */
      snprintf (out, size, "%s|%s|text %016llx", kind, solver, (unsigned long long) sg_dedup_text (text, len));
      return;
    }
  qsort (feats, nf, sizeof feats[0], cmp_feat);
  size_t k = (size_t) snprintf (out, size, "%s|%s|", kind, solver);
  for (uint32_t i = 0; i < nf && k < size; i++)
    k += (size_t) snprintf (out + k, size - k, "%s%s", i ? "," : "", feats[i]);
}
