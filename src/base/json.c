/* json: iterative reader for smtgrind's own JSON files. */
#include "base/json.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define JNONE UINT32_MAX

typedef struct jr {
  const char *s;
  size_t n, i;
  uint32_t line, col0;
  const char *name;
  sg_diag *d;
} jr;

static sg_rc
jerr (jr *r, const char *msg)
{
  return sg_diag_set (r->d, SG_RC_PARSE, r->line, (uint32_t) (r->i - r->col0) + 1, "%s", msg);
}

static void
ws (jr *r)
{
  while (r->i < r->n)
    {
      char c = r->s[r->i];
      if (c == '\n') { r->line++; r->i++; r->col0 = (uint32_t) r->i; }
      else if (c == ' ' || c == '\t' || c == '\r') r->i++;
      else break;
    }
}

/* The 4 hex digits of a \\u escape at r->i (advanced past them), or -1. */
static long
hex4 (jr *r)
{
  if (r->i + 4 > r->n) return -1;
  long v = 0;
  for (int k = 0; k < 4; k++)
    {
      char h = r->s[r->i++];
      v <<= 4;
      if (h >= '0' && h <= '9') v |= h - '0';
      else if (h >= 'a' && h <= 'f') v |= h - 'a' + 10;
      else if (h >= 'A' && h <= 'F') v |= h - 'A' + 10;
      else return -1;
    }
  return v;
}

/* Push code point cp (< 0x110000, not a surrogate) as UTF-8. */
static bool
push_utf8 (sg_json *j, unsigned long cp)
{
  unsigned char u[4];
  int n;
  if (cp < 0x800) u[0] = (unsigned char) (0xc0 | cp >> 6), n = 2;
  else if (cp < 0x10000) u[0] = (unsigned char) (0xe0 | cp >> 12), n = 3;
  else u[0] = (unsigned char) (0xf0 | cp >> 18), n = 4;
  for (int k = 1; k < n; k++) u[k] = (unsigned char) (0x80 | ((cp >> (6 * (n - 1 - k))) & 0x3f));
  for (int k = 0; k < n; k++)
    if (!SG_VEC_PUSH (j->strs, (char) u[k])) return false;
  return true;
}

/* The \\u escape after "\\u" at r->i, its bytes pushed: below 0x80 that byte; \\udc80..\\udcff
 * the byte 0x80..0xff (Python's surrogateescape: how sg_json_string writes a byte that is not
 * UTF-8); \\u0080..\\u00ff the byte too (how earlier versions wrote every byte >= 0x7f, so their
 * finding files read as they were written); a surrogate pair or any other code point
 * as UTF-8; a lone surrogate otherwise is an error. */
static sg_rc
u_escape (sg_json *j, jr *r)
{
  long v = hex4 (r);
  if (v < 0) return jerr (r, "bad \\u escape");
  unsigned long cp = (unsigned long) v;
  if (cp < 0x100 || (cp >= 0xdc80 && cp <= 0xdcff))
    return SG_VEC_PUSH (j->strs, (char) (unsigned char) (cp & 0xff)) ? SG_RC_OK : SG_RC_NOMEM;
  if (cp >= 0xd800 && cp <= 0xdbff && r->i + 2 <= r->n && r->s[r->i] == '\\' && r->s[r->i + 1] == 'u')
    {
      r->i += 2;
      long lo = hex4 (r);
      if (lo < 0xdc00 || lo > 0xdfff) return jerr (r, "bad \\u escape (a lone surrogate)");
      cp = 0x10000 + ((cp - 0xd800) << 10) + ((unsigned long) lo - 0xdc00);
    }
  else if (cp >= 0xd800 && cp <= 0xdfff) return jerr (r, "bad \\u escape (a lone surrogate)");
  return push_utf8 (j, cp) ? SG_RC_OK : SG_RC_NOMEM;
}

static sg_rc
add_str (sg_json *j, jr *r, uint32_t *off)
{
  /* r->s[r->i] == '"' */
  r->i++;
  *off = j->strs.n;
  for (;;)
    {
      if (r->i >= r->n) return jerr (r, "unterminated string");
      char c = r->s[r->i++];
      if (c == '"') break;
      if ((unsigned char) c < 0x20) return jerr (r, "control character in string");
      if (c == '\\')
        {
          if (r->i >= r->n) return jerr (r, "unterminated string");
          char e = r->s[r->i++];
          switch (e)
            {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case '"': case '\\': case '/': c = e; break;
            case 'u':
              {
                sg_rc rc = u_escape (j, r);
                if (rc) return rc;
                continue; /* its bytes are pushed */
              }
            default: return jerr (r, "bad escape");
            }
        }
      if (!SG_VEC_PUSH (j->strs, c)) return SG_RC_NOMEM;
    }
  if (!SG_VEC_PUSH (j->strs, 0)) return SG_RC_NOMEM;
  return SG_RC_OK;
}

void
sg_json_free (sg_json *j)
{
  SG_VEC_FREE (j->n);
  SG_VEC_FREE (j->strs);
}

sg_rc
sg_json_parse (const char *text, size_t len, const char *name, sg_json *j, sg_diag *d)
{
  memset (j, 0, sizeof *j);
  jr r = { text, len, 0, 1, 0, name, d };
  uint32_t cur = JNONE;   /* open container */
  uint32_t last = JNONE;  /* last child added to cur */
  sg_u32vec lasts = { 0 }; /* saved `last` of enclosing containers */
  uint32_t pending_key = JNONE;
  sg_rc rc = SG_RC_OK;
  bool done = false;
  while (!rc && !done)
    {
      ws (&r);
      if (r.i >= r.n) { rc = jerr (&r, "unexpected end of input"); break; }
      char c = r.s[r.i];
      bool in_obj = cur != JNONE && j->n.a[cur].kind == SG_JSON_OBJ;
      /* Separators and closers. */
      if ((c == ']' || c == '}') && cur != JNONE)
        {
          if ((c == ']') != (j->n.a[cur].kind == SG_JSON_ARR) || pending_key != JNONE)
            { rc = jerr (&r, "mismatched bracket"); break; }
          r.i++;
          last = cur;
          cur = j->n.a[cur].parent;
          if (lasts.n) (void) SG_VEC_POP (lasts);
          goto after_value;
        }
      if (in_obj && pending_key == JNONE)
        {
          if (c != '"') { rc = jerr (&r, "expected a member name"); break; }
          if ((rc = add_str (j, &r, &pending_key))) break;
          ws (&r);
          if (r.i >= r.n || r.s[r.i] != ':') { rc = jerr (&r, "expected ':'"); break; }
          r.i++;
          continue;
        }
      /* A value. */
      {
        sg_jnode nd = { .kind = SG_JSON_NULL, .parent = cur, .key = pending_key, .first = JNONE, .next = JNONE };
        pending_key = JNONE;
        bool open = false;
        if (c == '{' || c == '[')
          {
            nd.kind = c == '{' ? SG_JSON_OBJ : SG_JSON_ARR;
            r.i++;
            open = true;
          }
        else if (c == '"')
          {
            nd.kind = SG_JSON_STR;
            if ((rc = add_str (j, &r, &nd.str))) break;
          }
        else if (r.n - r.i >= 4 && !strncmp (r.s + r.i, "null", 4))
          r.i += 4;
        else if (r.n - r.i >= 4 && !strncmp (r.s + r.i, "true", 4))
          { nd.kind = SG_JSON_BOOL; nd.num = 1; r.i += 4; }
        else if (r.n - r.i >= 5 && !strncmp (r.s + r.i, "false", 5))
          { nd.kind = SG_JSON_BOOL; r.i += 5; }
        else if (c == '-' || (c >= '0' && c <= '9'))
          {
            char tmp[64];
            size_t k = 0;
            while (r.i < r.n && k < sizeof tmp - 1 && strchr ("+-.eE0123456789", r.s[r.i]))
              tmp[k++] = r.s[r.i++];
            tmp[k] = 0;
            char *end;
            nd.kind = SG_JSON_NUM;
            nd.num = strtod (tmp, &end);
            if (*end) { rc = jerr (&r, "bad number"); break; }
            if (tmp[0] != '-' && !strpbrk (tmp, ".eE+")) /* a natural: exactly, to 2^64 - 1 */
              {
                errno = 0;
                unsigned long long u = strtoull (tmp, &end, 10);
                if (!errno && !*end) nd.u64 = u, nd.exact = 1;
              }
          }
        else { rc = jerr (&r, "unexpected character"); break; }
        if (j->n.n >= (1u << 24)) { rc = jerr (&r, "too many nodes"); break; }
        uint32_t id = j->n.n;
        if (!SG_VEC_PUSH (j->n, nd)) { rc = SG_RC_NOMEM; break; }
        if (cur != JNONE)
          {
            if (last == JNONE) j->n.a[cur].first = id;
            else j->n.a[last].next = id;
          }
        last = id;
        if (open)
          {
            if (!SG_VEC_PUSH (lasts, last)) { rc = SG_RC_NOMEM; break; }
            cur = id;
            last = JNONE;
            continue;
          }
      }
    after_value:
      if (cur == JNONE) { done = true; break; }
      ws (&r);
      if (r.i < r.n && r.s[r.i] == ',')
        {
          r.i++;
          ws (&r);
          if (r.i < r.n && (r.s[r.i] == ']' || r.s[r.i] == '}')) rc = jerr (&r, "trailing comma");
        }
      else if (r.i < r.n && r.s[r.i] != ']' && r.s[r.i] != '}')
        rc = jerr (&r, "expected ',' or a closing bracket");
    }
  SG_VEC_FREE (lasts);
  if (!rc)
    {
      ws (&r);
      if (r.i < r.n) rc = jerr (&r, "trailing characters after the JSON value");
    }
  if (rc == SG_RC_NOMEM) sg_diag_set (d, rc, 0, 0, "out of memory");
  if (rc) sg_json_free (j);
  return rc;
}

uint32_t
sg_json_get (const sg_json *j, uint32_t obj, const char *key)
{
  if (obj >= j->n.n || j->n.a[obj].kind != SG_JSON_OBJ) return JNONE;
  for (uint32_t c = j->n.a[obj].first; c != JNONE; c = j->n.a[c].next)
    if (j->n.a[c].key != JNONE && !strcmp (j->strs.a + j->n.a[c].key, key)) return c;
  return JNONE;
}

const char *
sg_json_str (const sg_json *j, uint32_t i)
{
  if (i >= j->n.n || j->n.a[i].kind != SG_JSON_STR) return NULL;
  return j->strs.a + j->n.a[i].str;
}

double
sg_json_num (const sg_json *j, uint32_t i, double dflt)
{
  if (i >= j->n.n || (j->n.a[i].kind != SG_JSON_NUM && j->n.a[i].kind != SG_JSON_BOOL)) return dflt;
  return j->n.a[i].num;
}

uint64_t
sg_json_u64 (const sg_json *j, uint32_t i, uint64_t dflt)
{
  if (i >= j->n.n || j->n.a[i].kind != SG_JSON_NUM || !j->n.a[i].exact) return dflt;
  return j->n.a[i].u64;
}

/* ---- writing ---- */

void
sg_json_string (sg_buf *b, const char *s, size_t n)
{
  sg_buf_addc (b, '"');
  for (size_t i = 0; i < n; i++)
    {
      unsigned char c = (unsigned char) s[i];
      switch (c)
        {
        case '"': sg_buf_adds (b, "\\\""); break;
        case '\\': sg_buf_adds (b, "\\\\"); break;
        case '\n': sg_buf_adds (b, "\\n"); break;
        case '\t': sg_buf_adds (b, "\\t"); break;
        case '\r': sg_buf_adds (b, "\\r"); break;
        default:
          if (c >= 0x80)
            {
              size_t k = sg_utf8_len (s + i, n - i);
              if (k) sg_buf_add (b, s + i, k), i += k - 1; /* valid UTF-8: as it is */
              else sg_buf_printf (b, "\\udc%02x", c);    /* surrogateescape */
            }
          else if (c < 0x20 || c == 0x7f) sg_buf_printf (b, "\\u%04x", c);
          else sg_buf_addc (b, (char) c);
        }
    }
  sg_buf_addc (b, '"');
}

size_t
sg_utf8_len (const char *s, size_t n)
{
  const unsigned char *u = (const unsigned char *) s;
  if (!n) return 0;
  if (u[0] < 0x80) return 1;
  size_t k;
  uint32_t cp, min;
  if (u[0] >= 0xc2 && u[0] <= 0xdf) k = 2, cp = u[0] & 0x1fu, min = 0x80;
  else if (u[0] >= 0xe0 && u[0] <= 0xef) k = 3, cp = u[0] & 0x0fu, min = 0x800;
  else if (u[0] >= 0xf0 && u[0] <= 0xf4) k = 4, cp = u[0] & 0x07u, min = 0x10000;
  else return 0;
  if (n < k) return 0;
  for (size_t i = 1; i < k; i++)
    {
      if ((u[i] & 0xc0) != 0x80) return 0;
      cp = cp << 6 | (u[i] & 0x3fu);
    }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
  return k;
}
