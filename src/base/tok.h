/* tok: the one small S-expression tokeniser for text that is not read by front/lex.c (texts the
 * front end cannot or need not read: bucket texts, scripts sent to a session, solver output,
 * compiled-in templates). Tokens: '(', ')', a word (any run of bytes up to a boundary), an
 * SMT-LIB string literal ("..." with "" for a quote), a |quoted symbol|; white space (blank,
 * tab, LF, CR) and ';' comments (up to LF) are skipped. Nothing is decoded, nothing is
 * refused: a token is a span of the input, and a string or quoted symbol without its closing
 * quote runs to the end of the text (`open`). front/lex.c stays the SMT-LIB lexer (it checks
 * and decodes every token; it streams from a descriptor).
 * Owns: nothing (a token points into the caller's text).
 * Invariants: tokens cover the text in order; a word ends at white space, '(', ')', ';', '"' or
 *   '|' (SG_TK_BAR_IN_WORD: not at '|'; SG_TK_NUL_BLANK: NUL is white space) and is never
 *   empty; line and column (1-based, in bytes) are those of the token's first byte, lines
 *   ending at LF, CR LF or a lone CR (front/lex.c's rule). Iterative, O(1) state.
 * Tests: tests/unit/tok_test.c */
#ifndef SG_BASE_TOK_H
#define SG_BASE_TOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef enum sg_tk_kind {
  SG_TK_END,    /* no more tokens; s is the end of the text, n = 0 */
  SG_TK_LPAR,   /* '(' */
  SG_TK_RPAR,   /* ')' */
  SG_TK_WORD,   /* a symbol, keyword, numeral, ... as written */
  SG_TK_STRING, /* "...": s and n include the quotes ("" undecoded) */
  SG_TK_QSYM,   /* |...|: s and n include the bars */
} sg_tk_kind;

/* Flags for sg_tk_init: the two older readers' word rules, kept where a value depends on them. */
enum {
  SG_TK_BAR_IN_WORD = 1, /* '|' inside a word is part of it (campaign/dedup.c's alpha hash) */
  SG_TK_NUL_BLANK = 2,   /* NUL is white space (cli/cmd_check.c's word scan) */
};

typedef struct sg_tk {
  sg_tk_kind kind;
  const char *s;      /* first byte of the token in the text */
  size_t n;           /* bytes of the token */
  uint32_t line, col; /* position of s */
  bool open;          /* STRING, QSYM: the text ended before the closing quote */
} sg_tk;

typedef struct sg_tks {
  const char *p, *end; /* next byte; end of the text */
  uint32_t line, col;  /* position of p */
  bool after_cr;       /* the last byte consumed was a CR */
  unsigned flags;      /* SG_TK_* */
} sg_tks;

/* Tokens of [text, text + len). */
void sg_tk_init (sg_tks *z, const char *text, size_t len, unsigned flags);
/* The next token into *t; false (t->kind = SG_TK_END) at the end of the text. */
bool sg_tk_next (sg_tks *z, sg_tk *t /* OUT */);
/* The next token's kind without consuming it (SG_TK_END at the end). */
sg_tk_kind sg_tk_peek (const sg_tks *z);

/* Is t exactly the word w? */
static inline bool
sg_tk_is (const sg_tk *t, const char *w)
{
  return t->kind == SG_TK_WORD && t->n == strlen (w) && !memcmp (t->s, w, t->n);
}

/* The content of a string or quoted symbol (between its quotes; up to the end when open). */
static inline const char *
sg_tk_body (const sg_tk *t, size_t *n)
{
  *n = t->n - 1 - (t->open ? 0 : 1);
  return t->s + 1;
}

#endif
