/* patterns: compiled-in rows (patterns.def), the TSV loader and the matchers. */
#include "run/patterns.h"

#include "base/file.h"
#include "run/profile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_FILE = 1 << 20 };

static const char *const KIND_NAMES[] = {
#define X(e, s) s,
  SG_PAT_KINDS (X)
#undef X
};

const char *
sg_pat_kind_name (sg_pat_kind k)
{
  return (unsigned) k < SG_PAT_NKINDS ? KIND_NAMES[k] : "?";
}

const char *
sg_pat_match_name (sg_pat_match m)
{
  return m == SG_MATCH_LINE ? "line" : m == SG_MATCH_BARE ? "bare" : "sub";
}

void
sg_patterns_init (sg_patterns *ps)
{
  memset (ps, 0, sizeof *ps);
}

void
sg_patterns_free (sg_patterns *ps)
{
  for (uint32_t i = 0; i < ps->rows.n; i++) free (ps->rows.a[i].text);
  SG_VEC_FREE (ps->rows);
}

static sg_rc
push (sg_patterns *ps, sg_pat_kind kind, sg_pat_match match, const char *solver,
      const char *text, size_t tlen)
{
  sg_pattern p;
  memset (&p, 0, sizeof p);
  p.kind = kind;
  p.match = match;
  snprintf (p.solver, sizeof p.solver, "%s", solver);
  p.text = malloc (tlen + 1);
  if (!p.text) return SG_RC_NOMEM;
  memcpy (p.text, text, tlen);
  p.text[tlen] = 0;
  if (!SG_VEC_PUSH (ps->rows, p))
    {
      free (p.text);
      return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

sg_rc
sg_patterns_add_defaults (sg_patterns *ps)
{
  static const struct {
    sg_pat_kind kind;
    const char *solver;
    sg_pat_match match;
    const char *text;
  } rows[] = {
#define PATTERN(k, s, m, t) { SG_PAT_##k, s, SG_MATCH_##m, t },
#include "run/patterns.def"
#undef PATTERN
  };
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
    {
      sg_rc rc = push (ps, rows[i].kind, rows[i].match, rows[i].solver, rows[i].text,
                       strlen (rows[i].text));
      if (rc) return rc;
    }
  return SG_RC_OK;
}

static const char *find (const char *h, size_t hn, const char *nd, size_t nn);

/* ---- loader ---- */

/* One field [s, e) of a TSV line. */
typedef struct field {
  const char *s; /* first byte */
  size_t n;      /* length */
  uint32_t col;  /* 1-based column of s */
} field;

static bool
eq (const field *f, const char *w)
{
  return strlen (w) == f->n && !memcmp (f->s, w, f->n);
}

static sg_rc
load_line (sg_patterns *ps, const char *line, size_t n, uint32_t lineno, sg_diag *d)
{
  field f[5];
  uint32_t nf = 0;
  size_t start = 0;
  for (size_t i = 0; i <= n; i++)
    {
      if (i < n && line[i] != '\t') continue;
      if (nf == 4)
        return sg_diag_set (d, SG_RC_PARSE, lineno, (uint32_t) start + 1,
                            "too many fields (expected kind, solver, text[, sub|bare|line])");
      f[nf++] = (field) { line + start, i - start, (uint32_t) start + 1 };
      start = i + 1;
    }
  for (size_t i = 0; i < n; i++)
    if ((unsigned char) line[i] < 0x20 && line[i] != '\t')
      return sg_diag_set (d, SG_RC_PARSE, lineno, (uint32_t) i + 1,
                          "control character 0x%02x", (unsigned char) line[i]);
  if (nf < 3)
    return sg_diag_set (d, SG_RC_PARSE, lineno, (uint32_t) n + 1,
                        "expected 3 or 4 tab-separated fields (kind, solver, text[, match]), "
                        "got %u",
                        nf);
  sg_pat_kind kind = SG_PAT_NKINDS;
  for (int k = 0; k < SG_PAT_NKINDS; k++)
    if (eq (&f[0], KIND_NAMES[k])) kind = (sg_pat_kind) k;
  if (kind == SG_PAT_NKINDS)
    return sg_diag_set (d, SG_RC_PARSE, lineno, f[0].col,
                        "unknown kind '%.*s' (timeout, memout, invalid_model, unsupported, "
                        "wrong_status, crash, rejected, logic_ignored)",
                        (int) (f[0].n > 40 ? 40 : f[0].n), f[0].s);
  if (f[1].n == 0 || f[1].n > SG_PAT_SOLVER_MAX)
    return sg_diag_set (d, SG_RC_PARSE, lineno, f[1].col,
                        "solver must be '*' or a profile name of 1..%u bytes",
                        SG_PAT_SOLVER_MAX);
  for (size_t i = 0; i < f[1].n; i++)
    {
      char c = f[1].s[i];
      bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '_' || c == '-' || c == '.' || (c == '*' && f[1].n == 1);
      if (!ok)
        return sg_diag_set (d, SG_RC_PARSE, lineno, f[1].col + (uint32_t) i,
                            "bad character '%c' in solver name", c);
    }
  if (f[2].n == 0) return sg_diag_set (d, SG_RC_PARSE, lineno, f[2].col, "empty pattern text");
  if (f[2].n > SG_PAT_TEXT_MAX)
    return sg_diag_set (d, SG_RC_LIMIT, lineno, f[2].col, "pattern text longer than %u bytes",
                        SG_PAT_TEXT_MAX);
  if (f[2].n >= 3 && (!memcmp (f[2].s, "...", 3) || !memcmp (f[2].s + f[2].n - 3, "...", 3)))
    return sg_diag_set (d, SG_RC_PARSE, lineno, f[2].col,
                        "a pattern cannot start or end with the gap '...'");
  sg_pat_match match = SG_MATCH_SUB;
  if (nf == 4)
    {
      if (eq (&f[3], "line")) match = SG_MATCH_LINE;
      else if (eq (&f[3], "bare")) match = SG_MATCH_BARE;
      else if (!eq (&f[3], "sub"))
        return sg_diag_set (d, SG_RC_PARSE, lineno, f[3].col,
                            "match must be 'sub', 'bare' or 'line'");
      if (match == SG_MATCH_LINE && find (f[2].s, f[2].n, "...", 3))
        return sg_diag_set (d, SG_RC_PARSE, lineno, f[2].col,
                            "a 'line' pattern cannot hold the gap '...'");
    }
  char solver[SG_PAT_SOLVER_MAX + 1];
  memcpy (solver, f[1].s, f[1].n);
  solver[f[1].n] = 0;
  return push (ps, kind, match, solver, f[2].s, f[2].n);
}

sg_rc
sg_patterns_load_string (sg_patterns *ps, const char *text, size_t len, const char *name,
                         sg_diag *d)
{
  sg_diag_init (d, name);
  uint32_t before = ps->rows.n;
  uint32_t lineno = 0;
  size_t i = 0;
  sg_rc rc = SG_RC_OK;
  while (i < len && rc == SG_RC_OK)
    {
      const char *nl = memchr (text + i, '\n', len - i);
      size_t e = nl ? (size_t) (nl - text) : len;
      size_t n = e - i;
      lineno++;
      if (n && text[i + n - 1] == '\r') n--;
      const char *line = text + i;
      size_t lead = 0;
      while (lead < n && line[lead] == ' ') lead++;
      if (memchr (line, 0, n))
        rc = sg_diag_set (d, SG_RC_PARSE, lineno, 1, "NUL byte in line");
      else if (lead < n && line[lead] != '#')
        rc = load_line (ps, line, n, lineno, d);
      i = e + 1;
    }
  if (rc != SG_RC_OK)
    {
      /* All or nothing: drop the rows this text added. */
      while (ps->rows.n > before) free (ps->rows.a[--ps->rows.n].text);
    }
  return rc;
}

sg_rc
sg_patterns_load_file (sg_patterns *ps, const char *path, sg_diag *d)
{
  sg_diag_init (d, path);
  char *buf;
  size_t n;
  sg_rc rc = sg_file_read (path, MAX_FILE, &buf, &n, d);
  if (rc) return rc;
  rc = sg_patterns_load_string (ps, buf, n, path, d);
  free (buf);
  return rc;
}

/* ---- matching ---- */

/* A row names a solver family: z3's rows apply to z3-5.4.1 too, another release of it
 * (sg_profile_same_family), never to z3-noodler or z3str3. */
bool
sg_pattern_applies (const sg_pattern *p, const char *solver)
{
  return !strcmp (p->solver, "*") || (solver && sg_profile_same_family (p->solver, solver));
}

/* memmem without _GNU_SOURCE. */
static const char *
find (const char *h, size_t hn, const char *nd, size_t nn)
{
  if (nn == 0) return h;
  while (hn >= nn)
    {
      const char *c = memchr (h, nd[0], hn - nn + 1);
      if (!c) return NULL;
      if (!memcmp (c, nd, nn)) return c;
      hn -= (size_t) (c - h) + 1;
      h = c + 1;
    }
  return NULL;
}

long
sg_pattern_find (const sg_pattern *p, const char *s, size_t n)
{
  const char *t = p->text;
  const char *gap = strstr (t, "...");
  if (!gap)
    {
      const char *c = find (s, n, t, strlen (t));
      return c ? (long) (c - s) : -1;
    }
  size_t first = (size_t) (gap - t);
  const char *from = s;
  size_t left = n;
  while (true)
    {
      const char *c = find (from, left, t, first);
      if (!c) return -1;
      /* The rest of this line must hold the other parts in order. */
      const char *eol = memchr (c, '\n', n - (size_t) (c - s));
      size_t linelen = eol ? (size_t) (eol - c) : n - (size_t) (c - s);
      const char *q = c + first, *part = gap + 3;
      bool ok = true;
      while (ok && *part)
        {
          const char *nx = strstr (part, "...");
          size_t pl = nx ? (size_t) (nx - part) : strlen (part);
          const char *hit = find (q, linelen - (size_t) (q - c), part, pl);
          if (!hit) ok = false;
          else q = hit + pl;
          part = nx ? nx + 3 : part + pl;
        }
      if (ok) return (long) (c - s);
      left -= (size_t) (c - from) + 1;
      from = c + 1;
    }
}

bool
sg_pattern_is_line (const sg_pattern *p, const char *s, size_t n)
{
  return strlen (p->text) == n && !memcmp (p->text, s, n);
}
