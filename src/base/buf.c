/* buf: growable string builder with a sticky error. */
#include "base/buf.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void sg_buf_init (sg_buf *b) { memset (b, 0, sizeof *b); }
void sg_buf_free (sg_buf *b) { free (b->s); memset (b, 0, sizeof *b); }
void sg_buf_reset (sg_buf *b) { b->len = 0; b->failed = false; if (b->s) b->s[0] = 0; }

bool
sg_buf_reserve (sg_buf *b, size_t extra)
{
  if (b->failed) return false;
  if (b->len + extra + 1 <= b->cap) return true;
  size_t ncap = b->cap ? b->cap : 64;
  while (ncap < b->len + extra + 1)
    {
      if (ncap > SIZE_MAX / 2) { b->failed = true; return false; }
      ncap *= 2;
    }
  char *p = realloc (b->s, ncap);
  if (!p) { b->failed = true; return false; }
  b->s = p;
  b->cap = ncap;
  return true;
}

void
sg_buf_add (sg_buf *b, const void *p, size_t n)
{
  if (!sg_buf_reserve (b, n)) return;
  if (n) memcpy (b->s + b->len, p, n);
  b->len += n;
  b->s[b->len] = 0;
}

void
sg_buf_addc (sg_buf *b, char c)
{
  if (b->len + 2 <= b->cap && !b->failed) { b->s[b->len++] = c; b->s[b->len] = 0; return; }
  sg_buf_add (b, &c, 1);
}

void sg_buf_adds (sg_buf *b, const char *s) { sg_buf_add (b, s, strlen (s)); }

void
sg_buf_addu (sg_buf *b, unsigned long long v)
{
  char tmp[24];
  int i = 24;
  do { tmp[--i] = (char) ('0' + v % 10); v /= 10; } while (v);
  sg_buf_add (b, tmp + i, (size_t) (24 - i));
}

void
sg_buf_printf (sg_buf *b, const char *fmt, ...)
{
  va_list ap, ap2;
  va_start (ap, fmt);
  va_copy (ap2, ap);
  int n = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  if (n < 0) { b->failed = true; va_end (ap2); return; }
  if (sg_buf_reserve (b, (size_t) n))
    {
      vsnprintf (b->s + b->len, (size_t) n + 1, fmt, ap2);
      b->len += (size_t) n;
    }
  va_end (ap2);
}

const char *
sg_buf_cstr (sg_buf *b)
{
  if (!b->s) return "";
  return b->s;
}
