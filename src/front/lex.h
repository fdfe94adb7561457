/* lex: streaming SMT-LIB 2.6 tokenizer.
 * Owns: its input buffer (a window of the input, never the whole file) and the text of the
 * current token, valid until the next call to sg_lex_next.
 * Invariants: every token carries the 1-based line and column (in bytes) of its first byte.
 * Tests: tests/unit/front_test.c */
#ifndef SG_FRONT_LEX_H
#define SG_FRONT_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/rc.h"

typedef enum sg_tok_kind {
  SG_TOK_EOF,
  SG_TOK_LPAR,
  SG_TOK_RPAR,
  SG_TOK_SYMBOL,   /* simple symbol; text is the symbol */
  SG_TOK_QSYMBOL,  /* |quoted| symbol; text is the content between the bars */
  SG_TOK_KEYWORD,  /* :keyword; text includes the colon */
  SG_TOK_NUMERAL,  /* 0 or [1-9][0-9]*, any length */
  SG_TOK_DECIMAL,  /* numeral.digits */
  SG_TOK_HEX,      /* #x...; text includes "#x" */
  SG_TOK_BIN,      /* #b...; text includes "#b" */
  SG_TOK_STRING,   /* "..."; text is the content with "" decoded to "; \u{..} kept verbatim */
} sg_tok_kind;

typedef struct sg_tok {
  sg_tok_kind kind;
  uint32_t line; /* 1-based line of the first byte */
  uint32_t col;  /* 1-based byte column of the first byte */
  const char *text; /* token text (see kinds), NUL-terminated, owned by the lexer */
  size_t len;       /* length of text in bytes */
} sg_tok;

typedef struct sg_lex {
  int fd;               /* input descriptor, or -1 when reading from memory */
  const char *mem;      /* in-memory input (not owned), or NULL */
  size_t memlen;        /* bytes of mem */
  char *win;            /* read window (fd mode) */
  size_t wcap;          /* bytes allocated for win */
  const char *p;        /* next byte */
  const char *end;      /* end of the valid bytes in the window */
  bool eof;             /* no more bytes after end */
  uint32_t line, col;   /* position of *p (a line ends at LF, CR LF or a lone CR) */
  bool after_cr;        /* the last byte consumed was a CR (a LF next ends no new line) */
  uint64_t offset;      /* bytes consumed before p's window start, for statistics */
  uint64_t consumed;    /* total bytes consumed so far */
  sg_buf tok;           /* current token text */
  sg_diag *diag;        /* where errors go (not owned) */
} sg_lex;

/* Read from a file descriptor (not closed by the lexer). */
void sg_lex_init_fd (sg_lex *lx, int fd, sg_diag *diag);
/* Read from memory; the bytes must outlive the lexer. */
void sg_lex_init_mem (sg_lex *lx, const char *s, size_t n, sg_diag *diag);
void sg_lex_free (sg_lex *lx);
/* Next token into *tok. SG_RC_OK (tok->kind may be SG_TOK_EOF), or an error recorded in diag. */
sg_rc sg_lex_next (sg_lex *lx, sg_tok *tok /* OUT */);
/* Consume the rest of the input without reading it (what follows (exit)): counted in
 * sg_lex_bytes like bytes read. */
void sg_lex_skip_rest (sg_lex *lx);
/* Total input bytes consumed so far. */
static inline uint64_t sg_lex_bytes (const sg_lex *lx) { return lx->consumed; }

/* Character classes of SMT-LIB 2.6 simple symbols. */
bool sg_lex_is_simple_symbol (const char *s, size_t n);

#endif
