/* tok: the small S-expression tokeniser (see tok.h). */
#include "base/tok.h"

void
sg_tk_init (sg_tks *z, const char *text, size_t len, unsigned flags)
{
  z->p = text;
  z->end = text + len;
  z->line = z->col = 1;
  z->after_cr = false;
  z->flags = flags;
}

/* Consume one byte, keeping line and column (front/lex.c's advance). */
static inline void
step (sg_tks *z)
{
  char c = *z->p++;
  if (c == '\r' || (c == '\n' && !z->after_cr)) z->line++, z->col = 1;
  else if (c != '\n') z->col++;
  z->after_cr = c == '\r';
}

static inline bool
is_blank (const sg_tks *z, char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || (c == 0 && (z->flags & SG_TK_NUL_BLANK));
}

/* Does c end a word? */
static inline bool
ends_word (const sg_tks *z, char c)
{
  return is_blank (z, c) || c == '(' || c == ')' || c == ';' || c == '"'
         || (c == '|' && !(z->flags & SG_TK_BAR_IN_WORD));
}

/* Up to and past the closing quote q of a string or quoted symbol whose opening quote is
 * consumed; "" inside a string is one quote. False when the text ends first. */
static bool
quoted (sg_tks *z, char q)
{
  while (z->p < z->end)
    {
      char c = *z->p;
      step (z);
      if (c != q) continue;
      if (q == '"' && z->p < z->end && *z->p == '"') { step (z); continue; }
      return true;
    }
  return false;
}

bool
sg_tk_next (sg_tks *z, sg_tk *t)
{
  for (;;)
    {
      while (z->p < z->end && is_blank (z, *z->p)) step (z);
      if (z->p < z->end && *z->p == ';')
        {
          while (z->p < z->end && *z->p != '\n') step (z);
          continue;
        }
      break;
    }
  t->s = z->p;
  t->line = z->line;
  t->col = z->col;
  t->open = false;
  if (z->p >= z->end)
    {
      t->kind = SG_TK_END;
      t->n = 0;
      return false;
    }
  char c = *z->p;
  step (z);
  if (c == '(') t->kind = SG_TK_LPAR;
  else if (c == ')') t->kind = SG_TK_RPAR;
  else if (c == '"' || c == '|')
    {
      t->kind = c == '"' ? SG_TK_STRING : SG_TK_QSYM;
      t->open = !quoted (z, c);
    }
  else
    {
      t->kind = SG_TK_WORD;
      while (z->p < z->end && !ends_word (z, *z->p)) step (z);
    }
  t->n = (size_t) (z->p - t->s);
  return true;
}

sg_tk_kind
sg_tk_peek (const sg_tks *z)
{
  sg_tks c = *z;
  sg_tk t;
  sg_tk_next (&c, &t);
  return t.kind;
}
