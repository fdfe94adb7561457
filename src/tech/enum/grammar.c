/* grammar: the BNF reader, its checks (defined, productive, reachable, no duplicate alternative, no
 * cost-0 cycle) and the shipped grammars. */
#include "tech/enum/grammar.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/file.h"
#include "base/vec.h"

static const struct { const char *name, *text; } builtins[] = {
#define GRAMMAR(name, text) { #name, text },
#include "tech/enum/grammars.def"
#undef GRAMMAR
};
#define NBUILTINS (sizeof builtins / sizeof builtins[0])

const char *
sg_grammar_builtin_name (uint32_t i)
{
  return i < NBUILTINS ? builtins[i].name : NULL;
}

const char *
sg_grammar_builtin_text (const char *name)
{
  for (size_t i = 0; i < NBUILTINS; i++)
    if (!strcmp (builtins[i].name, name)) return builtins[i].text;
  return NULL;
}

/* ---- lexer ----
 * Not base/tok.h: a grammar is BNF, not S-expressions ('#' comments, '::=', '|' separates
 * alternatives, terminals are "..." on one line with \" and \\ escapes), and its
 * diagnostics (fuzz/fuzz_grammar.c, tests/unit/grammar_test.c) name these tokens. */

typedef enum { T_END, T_NAME, T_STRING, T_DEF, T_BAR, T_BAD } tok_kind;

typedef struct lexer {
  const char *p, *end;
  uint32_t line, col;
  /* the current token */
  tok_kind kind;
  const char *start; /* NAME: its text; STRING: after the quote */
  size_t len;
  uint32_t tline, tcol;
  char *str;         /* STRING: unescaped (malloc'd), taken by the caller or freed */
} lexer;

/* Lines end at LF, CR LF or a lone CR (the SMT-LIB lexer's rule). */
static void
adv (lexer *lx)
{
  if (*lx->p == '\n' || (*lx->p == '\r' && (lx->p + 1 >= lx->end || lx->p[1] != '\n'))) lx->line++, lx->col = 1;
  else lx->col++;
  lx->p++;
}

static bool
is_name (char c, bool first)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!first && c >= '0' && c <= '9');
}

/* The next token into lx; a bad one is T_BAD with d set. */
static sg_rc
next_tok (lexer *lx, sg_diag *d)
{
  free (lx->str);
  lx->str = NULL;
  for (;;)
    {
      while (lx->p < lx->end && (*lx->p == ' ' || *lx->p == '\t' || *lx->p == '\n' || *lx->p == '\r')) adv (lx);
      if (lx->p < lx->end && *lx->p == '#')
        {
          while (lx->p < lx->end && *lx->p != '\n' && *lx->p != '\r') adv (lx);
          continue;
        }
      break;
    }
  lx->tline = lx->line, lx->tcol = lx->col, lx->start = lx->p;
  if (lx->p >= lx->end) { lx->kind = T_END; return SG_RC_OK; }
  char c = *lx->p;
  if (c == '|') { adv (lx); lx->kind = T_BAR; return SG_RC_OK; }
  if (c == ':' && lx->end - lx->p >= 3 && !memcmp (lx->p, "::=", 3))
    {
      adv (lx), adv (lx), adv (lx);
      lx->kind = T_DEF;
      return SG_RC_OK;
    }
  if (is_name (c, true))
    {
      while (lx->p < lx->end && is_name (*lx->p, false)) adv (lx);
      lx->kind = T_NAME;
      lx->len = (size_t) (lx->p - lx->start);
      return SG_RC_OK;
    }
  if (c == '"')
    {
      adv (lx);
      size_t cap = 16, n = 0;
      char *s = malloc (cap);
      if (!s) return SG_RC_NOMEM;
      for (;;)
        {
          if (lx->p >= lx->end || *lx->p == '\n' || *lx->p == '\r')
            {
              free (s);
              lx->kind = T_BAD;
              return sg_diag_set (d, SG_RC_PARSE, lx->tline, lx->tcol, "unterminated terminal (a \"...\" on one line)");
            }
          char ch = *lx->p;
          if (ch == '"') { adv (lx); break; }
          if (ch == '\\')
            {
              adv (lx);
              if (lx->p >= lx->end || (*lx->p != '"' && *lx->p != '\\'))
                {
                  free (s);
                  lx->kind = T_BAD;
                  return sg_diag_set (d, SG_RC_PARSE, lx->line, lx->col, "unknown escape (only \\\" and \\\\)");
                }
              ch = *lx->p;
            }
          if (n + 2 > cap)
            {
              char *t = realloc (s, cap *= 2);
              if (!t) { free (s); return SG_RC_NOMEM; }
              s = t;
            }
          s[n++] = ch;
          adv (lx);
        }
      s[n] = 0;
      if (n == 0)
        {
          free (s);
          lx->kind = T_BAD;
          return sg_diag_set (d, SG_RC_PARSE, lx->tline, lx->tcol, "empty terminal \"\"");
        }
      lx->str = s;
      lx->len = n;
      lx->kind = T_STRING;
      return SG_RC_OK;
    }
  lx->kind = T_BAD;
  unsigned char u = (unsigned char) c;
  if (u < 0x20 || u >= 0x7f) /* a control or non-ASCII byte: its value, never the raw byte */
    return sg_diag_set (d, SG_RC_PARSE, lx->tline, lx->tcol, "unexpected byte 0x%02x (expected NAME, \"terminal\", ::= or |)", u);
  return sg_diag_set (d, SG_RC_PARSE, lx->tline, lx->tcol, "unexpected character '%c' (expected NAME, \"terminal\", ::= or |)", c);
}

/* ---- building ---- */

typedef SG_VEC (sg_gnt) nt_vec;
typedef SG_VEC (sg_galt) alt_vec;
typedef SG_VEC (sg_gsym) sym_vec;
typedef SG_VEC (sg_gterm) term_vec;

typedef struct builder {
  nt_vec nts;
  alt_vec alts;
  sym_vec syms;
  term_vec terms;
  int32_t open; /* the terminal "(", or -1 */
} builder;

static int32_t
nt_of (builder *b, const char *s, size_t len, uint32_t line, uint32_t col)
{
  for (uint32_t i = 0; i < b->nts.n; i++)
    if (strlen (b->nts.a[i].name) == len && !memcmp (b->nts.a[i].name, s, len)) return (int32_t) i;
  char *name = malloc (len + 1);
  if (!name) return -1;
  memcpy (name, s, len);
  name[len] = 0;
  sg_gnt nt = { name, 0, 0, line, col, false };
  if (!SG_VEC_PUSH (b->nts, nt)) { free (name); return -1; }
  return (int32_t) b->nts.n - 1;
}

/* The terminal's index (interned), taking str; -1 when out of memory. */
static int32_t
term_of (builder *b, char *str, size_t len)
{
  for (uint32_t i = 0; i < b->terms.n; i++)
    if (b->terms.a[i].len == len && !memcmp (b->terms.a[i].text, str, len)) { free (str); return (int32_t) i; }
  sg_gterm t = { str, (uint32_t) len };
  if (!SG_VEC_PUSH (b->terms, t)) { free (str); return -1; }
  if (len == 1 && str[0] == '(') b->open = (int32_t) b->terms.n - 1;
  return (int32_t) b->terms.n - 1;
}

static bool
same_alt (const builder *b, const sg_galt *x, const sg_galt *y)
{
  return x->n == y->n && !memcmp (&b->syms.a[x->first], &b->syms.a[y->first], x->n * sizeof (sg_gsym));
}

/* The alternative just read (syms from `first`) of lhs: cost, duplicates. */
static sg_rc
end_alt (builder *b, uint32_t lhs, uint32_t first, uint32_t line, uint32_t col, sg_diag *d)
{
  sg_galt a = { lhs, first, b->syms.n - first, 0, 0, line, col };
  if (a.n == 0) return sg_diag_set (d, SG_RC_PARSE, line, col, "empty alternative");
  if (b->alts.n >= SG_GRAMMAR_MAX_ALTS)
    return sg_diag_set (d, SG_RC_LIMIT, line, col, "more than %u alternatives", SG_GRAMMAR_MAX_ALTS);
  int32_t open = b->open;
  for (uint32_t i = first; i < b->syms.n; i++)
    {
      sg_gsym s = b->syms.a[i];
      if (s >= 0) a.nnt++;
      if (s == (sg_gsym) lhs || (open >= 0 && s == ~open)) a.cost = 1;
    }
  /* `b ::= b | ...`: b's every formula again at each larger size (the only unit cycle of
   * positive cost; those of cost 0 are refused as cycles) */
  if (a.n == 1 && b->syms.a[first] == (sg_gsym) lhs)
    return sg_diag_set (d, SG_RC_PARSE, line, col, "the alternative '%s' of '%s' derives only what '%s' does "
                        "(every formula again at each larger size)", b->nts.a[lhs].name, b->nts.a[lhs].name,
                        b->nts.a[lhs].name);
  for (uint32_t i = b->nts.a[lhs].first_alt; i < b->alts.n; i++)
    if (same_alt (b, &b->alts.a[i], &a))
      return sg_diag_set (d, SG_RC_PARSE, line, col, "duplicate alternative of '%s' (the same as at line %u:%u: it "
                          "would enumerate the same formulas twice)", b->nts.a[lhs].name, b->alts.a[i].line, b->alts.a[i].col);
  return SG_VEC_PUSH (b->alts, a) ? SG_RC_OK : SG_RC_NOMEM;
}

/* The alternative at line:col has a symbol past SG_GRAMMAR_MAX_SYMS at sl:sc (refused as it
 * is met: a long alternative would otherwise cost a lookup per symbol before the refusal). */
static sg_rc
too_long (uint32_t line, uint32_t col, uint32_t sl, uint32_t sc, sg_diag *d)
{
  return sg_diag_set (d, SG_RC_LIMIT, line, col, "an alternative of more than %u symbols (the next at %u:%u)",
                      SG_GRAMMAR_MAX_SYMS, sl, sc);
}

static sg_rc
parse_rules (builder *b, lexer *lx, sg_diag *d)
{
  sg_rc rc;
  if ((rc = next_tok (lx, d))) return rc;
  if (lx->kind == T_END) return sg_diag_set (d, SG_RC_PARSE, lx->tline, lx->tcol, "empty grammar (expected NAME ::= ...)");
  while (lx->kind != T_END)
    {
      if (lx->kind != T_NAME) return sg_diag_set (d, SG_RC_PARSE, lx->tline, lx->tcol, "expected a rule NAME ::= ...");
      uint32_t line = lx->tline, col = lx->tcol;
      int32_t lhs = nt_of (b, lx->start, lx->len, line, col);
      if (lhs < 0) return SG_RC_NOMEM;
      if (b->nts.n > SG_GRAMMAR_MAX_NTS)
        return sg_diag_set (d, SG_RC_LIMIT, line, col, "more than %u nonterminals", SG_GRAMMAR_MAX_NTS);
      sg_gnt *nt = &b->nts.a[lhs];
      if (nt->defined)
        return sg_diag_set (d, SG_RC_PARSE, line, col, "'%s' is defined twice (first at line %u:%u; put all its "
                            "alternatives in one rule)", nt->name, nt->line, nt->col);
      nt->defined = true, nt->line = line, nt->col = col, nt->first_alt = b->alts.n;
      if ((rc = next_tok (lx, d))) return rc;
      if (lx->kind != T_DEF) return sg_diag_set (d, SG_RC_PARSE, lx->tline, lx->tcol, "expected ::= after '%s'", b->nts.a[lhs].name);
      if ((rc = next_tok (lx, d))) return rc;
      uint32_t first = b->syms.n, aline = lx->tline, acol = lx->tcol;
      for (;;)
        {
          if (lx->kind == T_STRING)
            {
              if (b->syms.n - first >= SG_GRAMMAR_MAX_SYMS) return too_long (aline, acol, lx->tline, lx->tcol, d);
              int32_t t = term_of (b, lx->str, lx->len);
              lx->str = NULL;
              if (t < 0 || !SG_VEC_PUSH (b->syms, ~t)) return SG_RC_NOMEM;
              if (b->terms.n > SG_GRAMMAR_MAX_TERMS)
                return sg_diag_set (d, SG_RC_LIMIT, lx->tline, lx->tcol, "more than %u different terminals",
                                    SG_GRAMMAR_MAX_TERMS);
            }
          else if (lx->kind == T_NAME)
            {
              /* NAME ::= starts the next rule */
              lexer save = *lx;
              save.str = NULL;
              const char *s = lx->start;
              size_t len = lx->len;
              uint32_t nl = lx->tline, nc = lx->tcol;
              if ((rc = next_tok (lx, d))) return rc;
              if (lx->kind == T_DEF) { *lx = save; break; }
              if (b->syms.n - first >= SG_GRAMMAR_MAX_SYMS) return too_long (aline, acol, nl, nc, d);
              int32_t n = nt_of (b, s, len, nl, nc);
              if (n < 0 || !SG_VEC_PUSH (b->syms, n)) return SG_RC_NOMEM;
              if (b->nts.n > SG_GRAMMAR_MAX_NTS)
                return sg_diag_set (d, SG_RC_LIMIT, nl, nc, "more than %u nonterminals", SG_GRAMMAR_MAX_NTS);
              continue; /* lx holds the token after the name */
            }
          else if (lx->kind == T_BAR)
            {
              if ((rc = end_alt (b, (uint32_t) lhs, first, aline, acol, d))) return rc;
              if ((rc = next_tok (lx, d))) return rc;
              first = b->syms.n, aline = lx->tline, acol = lx->tcol;
              continue;
            }
          else if (lx->kind == T_END) break;
          else return sg_diag_set (d, SG_RC_PARSE, lx->tline, lx->tcol, "expected a NAME, a \"terminal\" or |");
          if ((rc = next_tok (lx, d))) return rc;
        }
      if ((rc = end_alt (b, (uint32_t) lhs, first, aline, acol, d))) return rc;
      b->nts.a[lhs].nalts = b->alts.n - b->nts.a[lhs].first_alt;
    }
  return SG_RC_OK;
}

/* ---- checks ---- */

static sg_rc
check_defined (const sg_grammar *g, sg_diag *d)
{
  for (uint32_t i = 0; i < g->nnts; i++)
    if (!g->nts[i].defined)
      return sg_diag_set (d, SG_RC_SORT, g->nts[i].line, g->nts[i].col, "undefined nonterminal '%s'", g->nts[i].name);
  return SG_RC_OK;
}

typedef uint32_t (*nt_step) (const sg_grammar *g, const uint32_t *aux, uint32_t x);

/* From nonterminal `from` follow next() until a nonterminal comes again: that one lies on the
 * cycle (*on), whose names go to cyc as "a -> b -> a" (cut at size). SG_RC_NOMEM. */
static sg_rc
find_cycle (const sg_grammar *g, const uint32_t *aux, nt_step next, uint32_t from, uint32_t *on,
            char *cyc, size_t size)
{
  bool *seen = calloc (g->nnts, sizeof *seen);
  if (!seen) return SG_RC_NOMEM;
  uint32_t x = from;
  while (!seen[x]) seen[x] = true, x = next (g, aux, x);
  free (seen);
  size_t len = 0;
  cyc[0] = 0;
  for (uint32_t y = x, k = 0; k == 0 || y != x; k++, y = next (g, aux, y))
    {
      int w = snprintf (cyc + len, size - len, "%s -> ", g->nts[y].name);
      if (w < 0 || (size_t) w >= size - len) break;
      len += (size_t) w;
    }
  if (len < size) snprintf (cyc + len, size - len, "%s", g->nts[x].name);
  *on = x;
  return SG_RC_OK;
}

/* The shortest text of alternative a (terminals), saturating at cap; UINT64_MAX while a child
 * has none yet. */
static uint64_t
alt_len (const sg_grammar *g, const uint64_t *len, uint32_t a, uint64_t cap)
{
  const sg_galt *al = &g->alts[a];
  uint64_t v = 0;
  for (uint32_t i = 0; i < al->n && v != UINT64_MAX; i++)
    {
      sg_gsym s = g->syms[al->first + i];
      uint64_t x = s < 0 ? 1 : len[s];
      v = x == UINT64_MAX ? UINT64_MAX : v + x > cap ? cap : v + x;
    }
  return v;
}

/* Every alternative's shortest text has at most SG_GRAMMAR_MAX_TEXT terminals (the grammar is
 * productive: every nonterminal has a finite one). A saturating fixpoint, then each judged. */
static sg_rc
check_length (const sg_grammar *g, sg_diag *d)
{
  const uint64_t cap = (uint64_t) SG_GRAMMAR_MAX_TEXT + 1;
  uint64_t *len = malloc ((g->nnts ? g->nnts : 1) * sizeof *len);
  if (!len) return SG_RC_NOMEM;
  for (uint32_t i = 0; i < g->nnts; i++) len[i] = UINT64_MAX;
  for (bool changed = true; changed;)
    {
      changed = false;
      for (uint32_t a = 0; a < g->nalts; a++)
        {
          uint64_t v = alt_len (g, len, a, cap);
          if (v < len[g->alts[a].lhs]) len[g->alts[a].lhs] = v, changed = true;
        }
    }
  /* Blame the cause: an alternative past the limit whose children are each within it. */
  uint32_t culprit = UINT32_MAX;
  for (uint32_t a = 0; a < g->nalts; a++)
    if (alt_len (g, len, a, cap) > SG_GRAMMAR_MAX_TEXT)
      {
        bool kids_ok = true;
        for (uint32_t i = 0; i < g->alts[a].n; i++)
          {
            sg_gsym x = g->syms[g->alts[a].first + i];
            if (x >= 0 && len[x] > SG_GRAMMAR_MAX_TEXT) kids_ok = false;
          }
        if (culprit == UINT32_MAX || kids_ok) culprit = a;
        if (kids_ok) break;
      }
  sg_rc rc = SG_RC_OK;
  if (culprit != UINT32_MAX)
    rc = sg_diag_set (d, SG_RC_LIMIT, g->alts[culprit].line, g->alts[culprit].col,
                      "the shortest text of this alternative of '%s' has more than %u symbols",
                      g->nts[g->alts[culprit].lhs].name, SG_GRAMMAR_MAX_TEXT);
  free (len);
  return rc;
}

/* An unproductive nonterminal's next step towards the cycle that makes it so (min[] as in
 * check_productive: UINT32_MAX for the unproductive): the first unproductive child of its
 * first alternative (every alternative has one). */
static uint32_t
unproductive_next (const sg_grammar *g, const uint32_t *min, uint32_t x)
{
  const sg_galt *al = &g->alts[g->nts[x].first_alt];
  for (uint32_t k = 0; k < al->n; k++)
    {
      sg_gsym sy = g->syms[al->first + k];
      if (sy >= 0 && min[sy] == UINT32_MAX) return (uint32_t) sy;
    }
  return x;
}

/* Every nonterminal derives some finite formula, and the start symbol one of size at most
 * SG_GRAMMAR_MAX_SIZE (fixpoint over the smallest size each nonterminal derives, saturated
 * just above that size: a grammar whose formulas are all larger would have every size counted
 * up to the limit to find none). */
static sg_rc
check_productive (const sg_grammar *g, sg_diag *d)
{
  const uint32_t none = UINT32_MAX, big = SG_GRAMMAR_MAX_SIZE + 1;
  uint32_t *min = malloc ((g->nnts ? g->nnts : 1) * sizeof *min);
  if (!min) return SG_RC_NOMEM;
  for (uint32_t i = 0; i < g->nnts; i++) min[i] = none;
  for (bool changed = true; changed;)
    {
      changed = false;
      for (uint32_t a = 0; a < g->nalts; a++)
        {
          const sg_galt *al = &g->alts[a];
          uint32_t v = al->cost;
          for (uint32_t i = 0; i < al->n && v != none; i++)
            {
              sg_gsym s = g->syms[al->first + i];
              if (s < 0) continue;
              v = min[s] == none ? none : v + min[s] > big ? big : v + min[s];
            }
          if (v < min[al->lhs]) min[al->lhs] = v, changed = true;
        }
    }
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < g->nnts && !rc; i++)
    if (min[i] == none)
      {
        /* Blame the cause, not the first one hit: every unproductive nonterminal needs another
         * (its first alternative's first unproductive child), so walking those steps from i
         * reaches a cycle; the nonterminal found there twice is reported, with the cycle. */
        uint32_t x;
        char cyc[256];
        if ((rc = find_cycle (g, min, unproductive_next, i, &x, cyc, sizeof cyc))) break;
        rc = sg_diag_set (d, SG_RC_SORT, g->nts[x].line, g->nts[x].col,
                          "unproductive nonterminal '%s': every alternative needs a nonterminal that derives "
                          "no finite formula (%s)%s%s%s",
                          g->nts[x].name, cyc, x != i ? "; '" : "",
                          x != i ? g->nts[i].name : "", x != i ? "' needs it too" : "");
      }
  if (!rc && g->nnts && min[0] > SG_GRAMMAR_MAX_SIZE)
    rc = sg_diag_set (d, SG_RC_LIMIT, g->nts[0].line, g->nts[0].col,
                      "the smallest formula of '%s' has a size above %u, the largest enumerated: nothing to enumerate",
                      g->nts[0].name, SG_GRAMMAR_MAX_SIZE);
  free (min);
  return rc;
}

/* Every nonterminal is reachable from the start symbol nts[0] (explicit stack). One that is not
 * is a mistake in the file (a typo, a comment that swallowed a name): it would never be used,
 * and counting it could cost minutes for nothing. */
static sg_rc
check_reachable (const sg_grammar *g, sg_diag *d)
{
  if (!g->nnts) return SG_RC_OK;
  bool *seen = calloc (g->nnts, sizeof *seen);
  uint32_t *stack = malloc (g->nnts * sizeof *stack);
  if (!seen || !stack) { free (seen), free (stack); return SG_RC_NOMEM; }
  uint32_t n = 0;
  seen[0] = true, stack[n++] = 0;
  while (n)
    {
      const sg_gnt *nt = &g->nts[stack[--n]];
      for (uint32_t a = nt->first_alt; a < nt->first_alt + nt->nalts; a++)
        for (uint32_t i = 0; i < g->alts[a].n; i++)
          {
            sg_gsym s = g->syms[g->alts[a].first + i];
            if (s >= 0 && !seen[s]) seen[s] = true, stack[n++] = (uint32_t) s;
          }
    }
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < g->nnts && !rc; i++)
    if (!seen[i])
      rc = sg_diag_set (d, SG_RC_SORT, g->nts[i].line, g->nts[i].col,
                        "nonterminal '%s' is not reachable from the start symbol '%s' (the first rule)",
                        g->nts[i].name, g->nts[0].name);
  free (seen), free (stack);
  return rc;
}

/* A left-over nonterminal's next step towards its cost-0 cycle (order_nts): the first child,
 * itself left over, of its first cost-0 alternative that has one. */
static uint32_t
zero_next (const sg_grammar *g, const uint32_t *pending, uint32_t x)
{
  const sg_gnt *nt = &g->nts[x];
  for (uint32_t a = nt->first_alt; a < nt->first_alt + nt->nalts; a++)
    if (g->alts[a].cost == 0)
      for (uint32_t i = 0; i < g->alts[a].n; i++)
        {
          sg_gsym sy = g->syms[g->alts[a].first + i];
          if (sy >= 0 && pending[sy]) return (uint32_t) sy;
        }
  return x;
}

/* nts_order: a topological order of the edges lhs -> B for B in a cost-0 alternative (B
 * first), by Kahn's algorithm; what is left over lies on a cost-0 cycle. */
static sg_rc
order_nts (sg_grammar *g, sg_diag *d)
{
  uint32_t *pending = calloc (g->nnts, sizeof *pending); /* unordered cost-0 dependencies */
  g->nts_order = malloc ((g->nnts ? g->nnts : 1) * sizeof *g->nts_order);
  if (!pending || !g->nts_order) { free (pending); return SG_RC_NOMEM; }
  for (uint32_t a = 0; a < g->nalts; a++)
    if (g->alts[a].cost == 0)
      for (uint32_t i = 0; i < g->alts[a].n; i++)
        if (g->syms[g->alts[a].first + i] >= 0) pending[g->alts[a].lhs]++;
  uint32_t n = 0;
  for (uint32_t i = 0; i < g->nnts; i++)
    if (!pending[i]) g->nts_order[n++] = i;
  for (uint32_t k = 0; k < n; k++)
    {
      uint32_t b = g->nts_order[k];
      for (uint32_t a = 0; a < g->nalts; a++)
        if (g->alts[a].cost == 0)
          for (uint32_t i = 0; i < g->alts[a].n; i++)
            if (g->syms[g->alts[a].first + i] == (sg_gsym) b && --pending[g->alts[a].lhs] == 0)
              g->nts_order[n++] = g->alts[a].lhs;
    }
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < g->nnts && n < g->nnts; i++)
    if (pending[i])
      {
        /* i is left over, maybe only because it needs a cycle: every left-over nonterminal has a
         * cost-0 alternative with a left-over child, so following those reaches the cycle. */
        uint32_t x;
        char cyc[256];
        if ((rc = find_cycle (g, pending, zero_next, i, &x, cyc, sizeof cyc))) break;
        rc = sg_diag_set (d, SG_RC_SORT, g->nts[x].line, g->nts[x].col,
                          "'%s' lies on a cycle of alternatives that cost nothing (no \"(\" and not its own name: "
                          "%s): a size would hold infinitely many formulas",
                          g->nts[x].name, cyc);
        break;
      }
  free (pending);
  return rc;
}

sg_rc
sg_grammar_read (sg_grammar *g, const char *name, const char *text, size_t len, sg_diag *d)
{
  memset (g, 0, sizeof *g);
  builder b = { .open = -1 };
  lexer lx = { text, text + len, 1, 1, T_END, NULL, 0, 1, 1, NULL };
  sg_rc rc = parse_rules (&b, &lx, d);
  free (lx.str);
  g->nts = b.nts.a, g->nnts = b.nts.n;
  g->alts = b.alts.a, g->nalts = b.alts.n;
  g->syms = b.syms.a, g->nsyms = b.syms.n;
  g->terms = b.terms.a, g->nterms = b.terms.n;
  g->name = strdup (name);
  if (!rc && !g->name) rc = SG_RC_NOMEM;
  if (!rc) rc = check_defined (g, d);
  if (!rc) rc = check_productive (g, d);
  if (!rc) rc = check_reachable (g, d);
  if (!rc) rc = check_length (g, d);
  if (!rc) rc = order_nts (g, d);
  if (rc == SG_RC_NOMEM) sg_diag_set (d, rc, 0, 0, "out of memory");
  if (rc) sg_grammar_free (g);
  return rc;
}

sg_rc
sg_grammar_load (sg_grammar *g, const char *name_or_path, sg_diag *d)
{
  const char *text = sg_grammar_builtin_text (name_or_path);
  if (text) return sg_grammar_read (g, name_or_path, text, strlen (text), d);
  char *buf = NULL;
  size_t len = 0;
  if (access (name_or_path, F_OK) != 0)
    {
      char names[200] = "";
      for (uint32_t i = 0; sg_grammar_builtin_name (i); i++)
        {
          size_t m = strlen (names);
          snprintf (names + m, sizeof names - m, "%s%s", i ? ", " : "", sg_grammar_builtin_name (i));
        }
      return sg_diag_set (d, SG_RC_IO, 0, 0, "no such grammar file, and not a shipped grammar (%s)", names);
    }
  sg_rc rc = sg_file_read_text (name_or_path, 1u << 24, &buf, &len, d);
  if (rc) return rc;
  rc = sg_grammar_read (g, name_or_path, buf, len, d);
  free (buf);
  return rc;
}

void
sg_grammar_free (sg_grammar *g)
{
  for (uint32_t i = 0; i < g->nnts; i++) free (g->nts[i].name);
  for (uint32_t i = 0; i < g->nterms; i++) free (g->terms[i].text);
  free (g->nts);
  free (g->alts);
  free (g->syms);
  free (g->terms);
  free (g->nts_order);
  free (g->name);
  memset (g, 0, sizeof *g);
}
