/* lex: streaming SMT-LIB 2.6 tokenizer. */
#include "front/lex.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/limits.h"

enum { WINDOW = 1 << 16 };

/* Character class bits. */
enum { C_SPACE = 1, C_DIGIT = 2, C_SYM = 4 /* may appear in a simple symbol */, C_HEX = 8 };

static const unsigned char *
cclass (void)
{
  static const unsigned char table[256] = {
#define S C_SPACE
    [' '] = S, ['\t'] = S, ['\n'] = S, ['\r'] = S, ['\f'] = S, ['\v'] = S,
#undef S
    ['0'] = C_DIGIT | C_SYM | C_HEX, ['1'] = C_DIGIT | C_SYM | C_HEX,
    ['2'] = C_DIGIT | C_SYM | C_HEX, ['3'] = C_DIGIT | C_SYM | C_HEX,
    ['4'] = C_DIGIT | C_SYM | C_HEX, ['5'] = C_DIGIT | C_SYM | C_HEX,
    ['6'] = C_DIGIT | C_SYM | C_HEX, ['7'] = C_DIGIT | C_SYM | C_HEX,
    ['8'] = C_DIGIT | C_SYM | C_HEX, ['9'] = C_DIGIT | C_SYM | C_HEX,
    ['a'] = C_SYM | C_HEX, ['b'] = C_SYM | C_HEX, ['c'] = C_SYM | C_HEX, ['d'] = C_SYM | C_HEX,
    ['e'] = C_SYM | C_HEX, ['f'] = C_SYM | C_HEX, ['A'] = C_SYM | C_HEX, ['B'] = C_SYM | C_HEX,
    ['C'] = C_SYM | C_HEX, ['D'] = C_SYM | C_HEX, ['E'] = C_SYM | C_HEX, ['F'] = C_SYM | C_HEX,
    ['g'] = C_SYM, ['h'] = C_SYM, ['i'] = C_SYM, ['j'] = C_SYM, ['k'] = C_SYM, ['l'] = C_SYM,
    ['m'] = C_SYM, ['n'] = C_SYM, ['o'] = C_SYM, ['p'] = C_SYM, ['q'] = C_SYM, ['r'] = C_SYM,
    ['s'] = C_SYM, ['t'] = C_SYM, ['u'] = C_SYM, ['v'] = C_SYM, ['w'] = C_SYM, ['x'] = C_SYM,
    ['y'] = C_SYM, ['z'] = C_SYM, ['G'] = C_SYM, ['H'] = C_SYM, ['I'] = C_SYM, ['J'] = C_SYM,
    ['K'] = C_SYM, ['L'] = C_SYM, ['M'] = C_SYM, ['N'] = C_SYM, ['O'] = C_SYM, ['P'] = C_SYM,
    ['Q'] = C_SYM, ['R'] = C_SYM, ['S'] = C_SYM, ['T'] = C_SYM, ['U'] = C_SYM, ['V'] = C_SYM,
    ['W'] = C_SYM, ['X'] = C_SYM, ['Y'] = C_SYM, ['Z'] = C_SYM,
    ['~'] = C_SYM, ['!'] = C_SYM, ['@'] = C_SYM, ['$'] = C_SYM, ['%'] = C_SYM, ['^'] = C_SYM,
    ['&'] = C_SYM, ['*'] = C_SYM, ['_'] = C_SYM, ['-'] = C_SYM, ['+'] = C_SYM, ['='] = C_SYM,
    ['<'] = C_SYM, ['>'] = C_SYM, ['.'] = C_SYM, ['?'] = C_SYM, ['/'] = C_SYM,
  };
  return table;
}

bool
sg_lex_is_simple_symbol (const char *s, size_t n)
{
  const unsigned char *cc = cclass ();
  if (n == 0 || (cc[(unsigned char) s[0]] & C_DIGIT)) return false;
  for (size_t i = 0; i < n; i++)
    if (!(cc[(unsigned char) s[i]] & C_SYM)) return false;
  return true;
}

void
sg_lex_init_fd (sg_lex *lx, int fd, sg_diag *diag)
{
  memset (lx, 0, sizeof *lx);
  lx->fd = fd;
  lx->line = lx->col = 1;
  lx->diag = diag;
  sg_buf_init (&lx->tok);
}

void
sg_lex_init_mem (sg_lex *lx, const char *s, size_t n, sg_diag *diag)
{
  memset (lx, 0, sizeof *lx);
  lx->fd = -1;
  lx->mem = s;
  lx->memlen = n;
  lx->p = s;
  lx->end = s + n;
  lx->eof = true;
  lx->line = lx->col = 1;
  lx->diag = diag;
  sg_buf_init (&lx->tok);
}

void
sg_lex_free (sg_lex *lx)
{
  free (lx->win);
  sg_buf_free (&lx->tok);
  lx->win = NULL;
}

/* Make at least one byte available at p. Returns false at end of input or on error
 * (an error is recorded in diag). */
static bool
refill (sg_lex *lx)
{
  if (lx->p < lx->end) return true;
  if (lx->eof) return false;
  if (!lx->win)
    {
      lx->win = malloc (WINDOW);
      if (!lx->win)
        {
          sg_diag_set (lx->diag, SG_RC_NOMEM, lx->line, lx->col, "out of memory");
          lx->eof = true;
          return false;
        }
      lx->wcap = WINDOW;
    }
  for (;;)
    {
      ssize_t r = read (lx->fd, lx->win, lx->wcap);
      if (r < 0 && errno == EINTR) continue;
      if (r < 0)
        {
          sg_diag_set (lx->diag, SG_RC_IO, lx->line, lx->col, "read failed: %s",
                       strerror (errno));
          lx->eof = true;
          return false;
        }
      if (r == 0) { lx->eof = true; return false; }
      lx->p = lx->win;
      lx->end = lx->win + r;
      return true;
    }
}

static inline int
peek (sg_lex *lx)
{
  if (lx->p >= lx->end && !refill (lx)) return -1;
  return (unsigned char) *lx->p;
}

static inline void
advance (sg_lex *lx)
{
  char c = *lx->p;
  if (c == '\r' || (c == '\n' && !lx->after_cr)) { lx->line++; lx->col = 1; }
  else if (c != '\n') lx->col++;
  lx->after_cr = c == '\r';
  lx->p++;
  lx->consumed++;
}

void
sg_lex_skip_rest (sg_lex *lx)
{
  while (lx->p < lx->end || refill (lx))
    {
      lx->consumed += (uint64_t) (lx->end - lx->p);
      lx->p = lx->end;
    }
}

static sg_rc
too_long (sg_lex *lx, sg_tok *t)
{
  return sg_diag_set (lx->diag, SG_RC_LIMIT, t->line, t->col,
                      "token longer than %u bytes", (unsigned) SG_LIMIT_TOKEN);
}

/* Append bytes while class bit `mask` holds; fast path over the window. */
static sg_rc
take_class (sg_lex *lx, sg_tok *t, unsigned mask)
{
  const unsigned char *cc = cclass ();
  for (;;)
    {
      if (lx->p >= lx->end && !refill (lx)) return lx->diag->rc;
      const char *s = lx->p;
      while (lx->p < lx->end && (cc[(unsigned char) *lx->p] & mask)) lx->p++;
      size_t n = (size_t) (lx->p - s);
      lx->col += (uint32_t) n;
      if (n) lx->after_cr = false;
      lx->consumed += n;
      sg_buf_add (&lx->tok, s, n);
      if (lx->tok.len > SG_LIMIT_TOKEN) return too_long (lx, t);
      if (lx->p < lx->end) return SG_RC_OK;
    }
}

static sg_rc
bad_char (sg_lex *lx, int c, uint32_t line, uint32_t col)
{
  if (c >= 32 && c < 127)
    return sg_diag_set (lx->diag, SG_RC_PARSE, line, col, "unexpected character '%c'", c);
  return sg_diag_set (lx->diag, SG_RC_PARSE, line, col,
                      "unexpected byte 0x%02x (binary or non-ASCII input)", (unsigned) c);
}

/* Is byte c allowed inside a literal opened by q ('"' a string, '|' a quoted symbol)? An
 * error at the lexer's position when not. */
static sg_rc
quoted_byte (sg_lex *lx, int q, int c)
{
  if (q == '|')
    {
      if (c == '\\')
        return sg_diag_set (lx->diag, SG_RC_PARSE, lx->line, lx->col,
                            "'\\' is not allowed in a quoted symbol");
      return c == 0 ? bad_char (lx, c, lx->line, lx->col) : SG_RC_OK;
    }
  /* SMT-LIB 2.6 allows printable characters and white space (tab, LF, CR, blank) in a
   * literal. A control byte is refused: solvers differ on it (z3 4.8.12 ends the
   * literal at a NUL, cvc5 1.0.3 rejects any, newer cvc5 says "Non-printable
   * character in string literal"), so a file holding one would be a false alarm.
   * DEL (0x7f) and bytes from 0x80 on are printable there, and z3 prints DEL raw in
   * its models. */
  if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
    return sg_diag_set (lx->diag, SG_RC_PARSE, lx->line, lx->col,
                        "control byte 0x%02x in a string literal (SMT-LIB allows printable "
                        "characters and white space; write \\u{%x})",
                        (unsigned) c, (unsigned) c);
  return SG_RC_OK;
}

/* Read a string literal ("" stands for one ") or a quoted symbol; lx->p is at its opening
 * quote q ('"' or '|'). */
static sg_rc
lex_quoted (sg_lex *lx, sg_tok *t, int q)
{
  sg_rc rc;
  int c;
  advance (lx);
  t->kind = q == '"' ? SG_TOK_STRING : SG_TOK_QSYMBOL;
  for (;;)
    {
      c = peek (lx);
      if (c < 0)
        return lx->diag->rc ? lx->diag->rc
                            : sg_diag_set (lx->diag, SG_RC_PARSE, t->line, t->col, "unterminated %s",
                                           q == '"' ? "string literal" : "quoted symbol");
      if ((rc = quoted_byte (lx, q, c))) return rc;
      advance (lx);
      if (c == q)
        {
          if (q == '"' && peek (lx) == '"') { advance (lx); sg_buf_addc (&lx->tok, '"'); continue; }
          break;
        }
      sg_buf_addc (&lx->tok, (char) c);
      if (lx->tok.len > SG_LIMIT_TOKEN) return too_long (lx, t);
    }
  return SG_RC_OK;
}

/* Read a #x or #b literal; lx->p is at its '#'. */
static sg_rc
lex_bits (sg_lex *lx, sg_tok *t)
{
  const unsigned char *cc = cclass ();
  sg_rc rc;
  int c;
  advance (lx);
  c = peek (lx);
  if (c != 'x' && c != 'b')
    return sg_diag_set (lx->diag, SG_RC_PARSE, t->line, t->col,
                        "malformed literal: '#' must be followed by 'x' or 'b'");
  advance (lx);
  sg_buf_addc (&lx->tok, '#');
  sg_buf_addc (&lx->tok, (char) c);
  t->kind = c == 'x' ? SG_TOK_HEX : SG_TOK_BIN;
  if ((rc = take_class (lx, t, C_SYM))) return rc;
  const char *s = lx->tok.s + 2;
  size_t n = lx->tok.len - 2;
  if (n == 0)
    return sg_diag_set (lx->diag, SG_RC_PARSE, t->line, t->col,
                        "malformed literal: no digits after '%.2s'", lx->tok.s);
  for (size_t i = 0; i < n; i++)
    if (t->kind == SG_TOK_HEX ? !(cc[(unsigned char) s[i]] & C_HEX)
                              : (s[i] != '0' && s[i] != '1'))
      return sg_diag_set (lx->diag, SG_RC_PARSE, t->line, t->col + 2 + (uint32_t) i,
                          "malformed %s literal: unexpected '%c'",
                          t->kind == SG_TOK_HEX ? "hexadecimal" : "binary", s[i]);
  return SG_RC_OK;
}

sg_rc
sg_lex_next (sg_lex *lx, sg_tok *t)
{
  const unsigned char *cc = cclass ();
  sg_buf_reset (&lx->tok);
  int c;
  /* Skip white space and comments. */
  for (;;)
    {
      c = peek (lx);
      if (c < 0) break;
      if (cc[c] & C_SPACE) { advance (lx); continue; }
      if (c == ';')
        {
          while ((c = peek (lx)) >= 0 && c != '\n') advance (lx);
          continue;
        }
      break;
    }
  t->line = lx->line;
  t->col = lx->col;
  t->text = "";
  t->len = 0;
  if (lx->diag->rc) return lx->diag->rc;
  if (c < 0) { t->kind = SG_TOK_EOF; return SG_RC_OK; }
  sg_rc rc = SG_RC_OK;
  if (c == '(') { advance (lx); t->kind = SG_TOK_LPAR; return SG_RC_OK; }
  if (c == ')') { advance (lx); t->kind = SG_TOK_RPAR; return SG_RC_OK; }
  if (c == '"' || c == '|')
    {
      if ((rc = lex_quoted (lx, t, c))) return rc;
    }
  else if (c == ':')
    {
      advance (lx);
      sg_buf_addc (&lx->tok, ':');
      t->kind = SG_TOK_KEYWORD;
      if ((rc = take_class (lx, t, C_SYM))) return rc;
      if (lx->tok.len == 1)
        return sg_diag_set (lx->diag, SG_RC_PARSE, t->line, t->col, "empty keyword");
    }
  else if (c == '#')
    {
      if ((rc = lex_bits (lx, t))) return rc;
    }
  else if (cc[c] & C_DIGIT)
    {
      t->kind = SG_TOK_NUMERAL;
      if ((rc = take_class (lx, t, C_DIGIT))) return rc;
      if (peek (lx) == '.')
        {
          advance (lx);
          sg_buf_addc (&lx->tok, '.');
          /* "2." without fraction digits: z3 reads it as 2.0, cvc4 and cvc5 reject it ("Error
           * finding next token"), so the token becomes "2.0" and every script we print is
           * SMT-LIB's decimal */
          size_t before = lx->tok.len;
          if ((rc = take_class (lx, t, C_DIGIT))) return rc;
          if (lx->tok.len == before) sg_buf_addc (&lx->tok, '0');
          t->kind = SG_TOK_DECIMAL;
        }
      c = peek (lx);
      if (c >= 0 && (cc[c] & C_SYM))
        return sg_diag_set (lx->diag, SG_RC_PARSE, t->line, t->col,
                            "malformed numeral: unexpected '%c' after digits", c);
      if (lx->tok.s[0] == '0' && lx->tok.len > 1 && lx->tok.s[1] != '.')
        return sg_diag_set (lx->diag, SG_RC_PARSE, t->line, t->col,
                            "malformed numeral '%s': leading zero", lx->tok.s);
    }
  else if (cc[c] & C_SYM)
    {
      t->kind = SG_TOK_SYMBOL;
      if ((rc = take_class (lx, t, C_SYM))) return rc;
    }
  else
    return bad_char (lx, c, t->line, t->col);
  if (lx->diag->rc) return lx->diag->rc;
  t->text = sg_buf_cstr (&lx->tok);
  t->len = lx->tok.len;
  if (lx->tok.failed)
    return sg_diag_set (lx->diag, SG_RC_NOMEM, t->line, t->col, "out of memory");
  return SG_RC_OK;
}
