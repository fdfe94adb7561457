/* classify: the fixed-order rules that turn a run into an sg_outcome, and crash signatures. */
#include "run/classify.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  MAX_EXCUSED = 16, /* excused lines remembered per stream */
  MAX_ERRORS = 32,  /* (error "...") responses remembered per stream; the last one kept
                     * extends to the end of the stream, so words past it count as inside */
};

static const char *const KIND_NAMES[] = {
#define X(e, s) s,
  SG_OUTCOME_KINDS (X)
#undef X
};

const char *
sg_outcome_kind_name (sg_outcome_kind k)
{
  return (unsigned) k < SG_OUT_NKINDS ? KIND_NAMES[k] : "?";
}

const char *
sg_answer_name (sg_answer a)
{
  switch (a)
    {
    case SG_ANS_SAT: return "sat";
    case SG_ANS_UNSAT: return "unsat";
    case SG_ANS_UNKNOWN: return "unknown";
    default: return "none";
    }
}

void
sg_outcome_init (sg_outcome *o)
{
  memset (o, 0, sizeof *o);
  o->expected = SG_ANS_NONE;
  o->exit_code = -1;
  o->cpu_s = -1;
}

void
sg_outcome_reset (sg_outcome *o)
{
  uint8_t *a = o->answers.a;
  uint32_t cap = o->answers.cap;
  sg_outcome_init (o);
  o->answers.a = a;
  o->answers.cap = cap;
}

void
sg_outcome_free (sg_outcome *o)
{
  SG_VEC_FREE (o->answers);
  sg_outcome_init (o);
}

bool
sg_outcome_needs_fresh_run (const sg_outcome *o)
{
  return o->from_session && o->kind != SG_OUT_OK;
}

void
sg_outcome_describe (const sg_outcome *o, char *buf, size_t size)
{
  size_t k = 0;
  int w = snprintf (buf, size, "%s [", sg_outcome_kind_name (o->kind));
  if (w > 0) k = (size_t) w;
  for (uint32_t i = 0; i < o->answers.n && k < size; i++)
    {
      w = snprintf (buf + k, size - k, "%s%s", i ? "," : "", sg_answer_name (o->answers.a[i]));
      if (w > 0) k += (size_t) w;
    }
  if (k < size)
    snprintf (buf + k, size - k, "] (%s)%s%s notes=%#x exit=%d sig=%d", o->reason,
              o->signature[0] ? " sig: " : "", o->signature, o->notes, o->exit_code, o->sig);
}

/* ---- answers ---- */

sg_rc
sg_classify_answers (const char *s, size_t n, sg_outcome *o)
{
  size_t i = 0;
  while (i < n)
    {
      const char *nl = memchr (s + i, '\n', n - i);
      size_t e = nl ? (size_t) (nl - s) : n, len = e - i;
      const char *l = s + i;
      i = e + 1;
      sg_answer a = sg_answer_of_line (l, len);
      if (a != SG_ANS_NONE && !SG_VEC_PUSH (o->answers, (uint8_t) a)) return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

/* ---- matching with excused lines ---- */

typedef struct span {
  size_t a, b; /* [a, b) byte range of a stream */
} span;

typedef struct ctx {
  const char *s[2];           /* 0: stdout, 1: stderr */
  size_t n[2];                /* their lengths */
  span ex[2][MAX_EXCUSED];    /* excused lines */
  uint32_t nex[2];            /* used entries of ex */
  span er[2][MAX_ERRORS];     /* (error "...") responses, opening paren to closing quote */
  uint32_t ner[2];            /* used entries of er */
  const sg_patterns *pats;    /* all rows */
  const char *solver;         /* profile name, or NULL */
  bool own_markers;           /* the profile's own_crash_markers: generic words do not count */
  uint8_t *map;               /* per byte of stdout: MAP_DATA, MAP_SEXPR (map_stdout) */
} ctx;

/* The line of stream k around byte pos: [*a, *b), without the newline. */
static void
line_at (const ctx *c, int k, size_t pos, size_t *a, size_t *b)
{
  const char *s = c->s[k];
  size_t x = pos, y = pos;
  while (x > 0 && s[x - 1] != '\n') x--;
  while (y < c->n[k] && s[y] != '\n') y++;
  *a = x;
  *b = y;
}

static bool
excused (const ctx *c, int k, size_t pos)
{
  for (uint32_t i = 0; i < c->nex[k]; i++)
    if (pos >= c->ex[k][i].a && pos < c->ex[k][i].b) return true;
  return false;
}

/* The first occurrence of w in [s, s+n), or NULL. */
static const char *
find_in (const char *s, size_t n, const char *w)
{
  size_t m = strlen (w);
  for (size_t i = 0; i + m <= n; i++)
    if (s[i] == w[0] && !memcmp (s + i, w, m)) return s + i;
  return NULL;
}

static bool
has (const char *s, size_t n, const char *w)
{
  return find_in (s, n, w) != NULL;
}

/* Excuse the line around pos, and the line before it when that is a cvc4/cvc5
 * "Fatal failure within F at FILE:LINE" header (it belongs to the same message). */
static void
excuse (ctx *c, int k, size_t pos)
{
  size_t a, b;
  line_at (c, k, pos, &a, &b);
  if (c->nex[k] < MAX_EXCUSED) c->ex[k][c->nex[k]++] = (span) { a, b + 1 };
  if (a == 0) return;
  size_t pa, pb;
  line_at (c, k, a - 1, &pa, &pb);
  if (has (c->s[k] + pa, pb - pa, "Fatal failure within") && c->nex[k] < MAX_EXCUSED)
    c->ex[k][c->nex[k]++] = (span) { pa, pb + 1 };
}

/* Record the (error "...") responses of stream k: from "(error \"" to the quote that ends
 * the SMT-LIB string ("" inside it is an escaped quote); a response never closed runs to the
 * end of the stream. The message of a rejection can hold any word (cvc5's "Exception
 * occurred in:"), so BARE patterns do not look inside these spans. */
static void
find_errors (ctx *c, int k)
{
  const char *s = c->s[k];
  size_t n = c->n[k], i = 0;
  static const char OPEN[] = "(error \"";
  size_t m = sizeof OPEN - 1;
  while (i + m <= n)
    {
      const char *at = find_in (s + i, n - i, OPEN);
      if (!at) return;
      size_t a = (size_t) (at - s), j = a + m, b = n;
      while (j < n)
        {
          if (s[j] == '"')
            {
              if (j + 1 < n && s[j + 1] == '"')
                {
                  j += 2;
                  continue;
                }
              b = j + 1;
              break;
            }
          j++;
        }
      if (c->ner[k] == MAX_ERRORS - 1) b = n;
      c->er[k][c->ner[k]++] = (span) { a, b };
      if (b == n) return;
      i = b;
    }
}

static bool
in_error (const ctx *c, int k, size_t pos)
{
  for (uint32_t i = 0; i < c->ner[k]; i++)
    if (pos >= c->er[k][i].a && pos < c->er[k][i].b) return true;
  return false;
}

enum { MAP_DATA = 1, MAP_SEXPR = 2 };

/* One pass over stdout (a hit is looked up, never rescanned: a scan per hit made 4 MB of
 * `((a isAborted))` take 6 minutes, a hostile review). Not base/tok.h: solver output is no
 * script (a quote closes on its line or is stray, error responses are cut out first, ';' starts
 * no comment), and the map is per byte. Per byte:
 * MAP_DATA: inside data the solver prints back from the input, a string literal or a |quoted
 *   symbol| of a get-value, get-model or echo response (outside every (error "...") response,
 *   whose message is the solver's own). A string constant "Fatal failure within" in a model is
 *   no crash (found by a hostile review). A quote closes on its own line, before any error
 *   response, or it is no data: a stray '|' or '"' (z3 echoes "|" bare) hides nothing after it
 *   (a second look: it hid every later crash marker).
 * MAP_SEXPR: inside an S-expression (a model, a get-value answer: depth > 0, the parentheses
 *   of data and error responses not counted). The symbols a solver prints back there are the
 *   input's: a BARE word such as "Aborted" or "Exception" in `isAborted` is no crash report (a
 *   hostile review: every model run of a sat script declaring one was a crash of a solver
 *   without its own markers). Crash reports are printed at the top level. */
static void
map_stdout (ctx *c)
{
  const char *s = c->s[0];
  uint8_t *m = c->map;
  size_t n = c->n[0], i = 0, e = 0, depth = 0;
  while (i < n)
    {
      while (e < c->ner[0] && c->er[0][e].b <= i) e++;
      if (e < c->ner[0] && i >= c->er[0][e].a)
        {
          for (size_t x = i; x < c->er[0][e].b && x < n; x++) m[x] = depth ? MAP_SEXPR : 0;
          i = c->er[0][e].b;
          continue;
        }
      char q = s[i];
      m[i] = depth ? MAP_SEXPR : 0;
      if (q == '(') depth++;
      else if (q == ')' && depth) depth--;
      if (q != '"' && q != '|') { i++; continue; }
      size_t stop = e < c->ner[0] ? c->er[0][e].a : n; /* the next error response */
      size_t j = i + 1;
      bool closed = false;
      while (j < stop && s[j] != '\n')
        {
          if (s[j] == q && !(q == '"' && j + 1 < stop && s[j + 1] == '"')) { closed = true; break; }
          j += q == '"' && s[j] == '"' ? 2 : 1; /* "" inside a string is one quote */
        }
      if (!closed) { i++; continue; } /* a stray quote: not data */
      for (size_t x = i; x <= j; x++) m[x] = (uint8_t) (MAP_DATA | (depth ? MAP_SEXPR : 0));
      i = j + 1;
    }
}

static bool
in_data (const ctx *c, int k, size_t pos)
{
  return k == 0 && pos < c->n[0] && (c->map[pos] & MAP_DATA);
}

static bool
in_sexpr (const ctx *c, int k, size_t pos)
{
  return k == 0 && pos < c->n[0] && (c->map[pos] & MAP_SEXPR);
}

/* The next hit of row p at or after *pos in stream k that is not excused, not in data printed
 * back from the input (in_data), nor, for a BARE row, inside an error response or an
 * S-expression on stdout (in_sexpr). */
static bool
next_hit (const ctx *c, const sg_pattern *p, int k, size_t *pos)
{
  size_t off = *pos;
  while (off <= c->n[k])
    {
      if (p->match == SG_MATCH_LINE)
        {
          if (k != 0 || off >= c->n[k]) return false;
          size_t a, b;
          line_at (c, k, off, &a, &b);
          size_t len = b - a;
          if (len && c->s[k][b - 1] == '\r') len--;
          if (a == off && sg_pattern_is_line (p, c->s[k] + a, len) && !excused (c, k, a) && !in_data (c, k, a))
            {
              *pos = a;
              return true;
            }
          off = b + 1;
          continue;
        }
      long at = sg_pattern_find (p, c->s[k] + off, c->n[k] - off);
      if (at < 0) return false;
      size_t hit = off + (size_t) at;
      if (!excused (c, k, hit) && !(p->match == SG_MATCH_BARE && (in_error (c, k, hit) || in_sexpr (c, k, hit)))
          && !in_data (c, k, hit))
        {
          *pos = hit;
          return true;
        }
      off = hit + 1;
    }
  return false;
}

/* The first row of `kind` with an unexcused hit: its row, stream and position. */
static const sg_pattern *
first_match (const ctx *c, sg_pat_kind kind, int *k_out, size_t *pos_out)
{
  for (uint32_t i = 0; i < c->pats->rows.n; i++)
    {
      const sg_pattern *p = &c->pats->rows.a[i];
      if (p->kind != kind || !sg_pattern_applies (p, c->solver)) continue;
      if (c->own_markers && p->kind == SG_PAT_CRASH && p->match == SG_MATCH_BARE
          && !strcmp (p->solver, "*"))
        continue;
      for (int k = 0; k < 2; k++)
        {
          size_t pos = 0;
          if (next_hit (c, p, k, &pos))
            {
              *k_out = k;
              *pos_out = pos;
              return p;
            }
        }
    }
  return NULL;
}

/* Count every unexcused hit of `kind` (LOGIC_IGNORED notes) and excuse their lines. */
static uint32_t
count_and_excuse (ctx *c, sg_pat_kind kind)
{
  uint32_t n = 0;
  for (uint32_t i = 0; i < c->pats->rows.n; i++)
    {
      const sg_pattern *p = &c->pats->rows.a[i];
      if (p->kind != kind || !sg_pattern_applies (p, c->solver)) continue;
      for (int k = 0; k < 2; k++)
        for (size_t pos = 0; next_hit (c, p, k, &pos); pos++)
          {
            size_t a, b;
            line_at (c, k, pos, &a, &b);
            if (c->nex[k] < MAX_EXCUSED) c->ex[k][c->nex[k]++] = (span) { a, b + 1 };
            n++;
          }
    }
  return n;
}

/* ---- signatures ---- */

static void
copy_line (const char *s, size_t n, char *out, size_t size)
{
  while (n && (*s == ' ' || *s == '\t')) s++, n--;
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\r' || s[n - 1] == '\t')) n--;
  size_t k = 0;
  for (size_t i = 0; i < n && k + 1 < size; i++)
    out[k++] = (unsigned char) s[i] < 0x20 ? ' ' : s[i];
  out[k] = 0;
}

/* A "path:123" token inside [s, s+n): the first word holding "name.ext:digits". */
static bool
file_line (const char *s, size_t n, char *out, size_t size)
{
  size_t i = 0;
  while (i < n)
    {
      while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '(' || s[i] == '\'')) i++;
      size_t w = i;
      while (i < n && s[i] != ' ' && s[i] != '\t') i++;
      for (size_t j = w + 1; j + 1 < i; j++)
        {
          if (s[j] != ':' || s[j + 1] < '0' || s[j + 1] > '9') continue;
          size_t e = j + 1;
          while (e < i && s[e] >= '0' && s[e] <= '9') e++;
          bool dotted = false; /* a file name has a '.' (not cvc5's "<shell>:1.12") */
          for (size_t q = w; q < j; q++) dotted |= s[q] == '.';
          if (!dotted) continue;
          size_t a = w;
          if (j - a > 2 && s[a] == '.' && s[a + 1] == '/') a += 2;
          snprintf (out, size, "%.*s", (int) (e - a), s + a);
          return true;
        }
    }
  return false;
}

/* Search stream text for the known crash report shapes. */
static bool
signature_in (const char *s, size_t n, char *out, size_t size)
{
  size_t i = 0;
  const char *asan_kind = NULL;
  size_t asan_len = 0;
  char frames[3][64];
  int nframes = 0;
  bool z3_assert = false;
  char z3_file[160] = "";
  while (i < n)
    {
      const char *nl = memchr (s + i, '\n', n - i);
      size_t e = nl ? (size_t) (nl - s) : n, len = e - i;
      const char *l = s + i;
      i = e + 1;
      if (has (l, len, "ASSERTION VIOLATION")) z3_assert = true;
      if (z3_assert && len > 6 && !memcmp (l, "File: ", 6))
        copy_line (l + 6, len - 6, z3_file, sizeof z3_file);
      if (z3_assert && len > 6 && !memcmp (l, "Line: ", 6) && z3_file[0])
        {
          char num[16];
          copy_line (l + 6, len - 6, num, sizeof num);
          const char *f = z3_file;
          if (!strncmp (f, "../", 3)) f += 3;
          snprintf (out, size, "assert %s:%s", f, num);
          return true;
        }
      /* cvc4/cvc5: "Fatal failure within F at FILE:LINE"; C assert: "p: FILE:LINE: f: Assertion" */
      if ((has (l, len, "failure within") && has (l, len, " at "))
          || has (l, len, ": Assertion `") || has (l, len, "Assertion failure"))
        {
          char fl[200];
          const char *from = l;
          size_t flen = len;
          for (size_t q = 0; q + 4 <= len; q++)
            if (!memcmp (l + q, " at ", 4)) { from = l + q + 4; flen = len - q - 4; }
          if (file_line (from, flen, fl, sizeof fl) || file_line (l, len, fl, sizeof fl))
            {
              snprintf (out, size, "assert %s", fl);
              return true;
            }
        }
      const char *san = find_in (l, len, "Sanitizer: ");
      if (san && !asan_kind && has (l, len, "ERROR: "))
        {
          asan_kind = san + 11;
          asan_len = (size_t) (l + len - asan_kind);
          const char *sp = find_in (asan_kind, asan_len, " ");
          if (sp) asan_len = (size_t) (sp - asan_kind);
        }
      if (asan_kind && nframes < 3)
        {
          size_t a = 0;
          while (a < len && l[a] == ' ') a++;
          if (a < len && l[a] == '#')
            {
              const char *in = find_in (l + a, len - a, " in ");
              if (in)
                {
                  in += 4;
                  size_t fl = 0;
                  while (in + fl < l + len && in[fl] != ' ') fl++;
                  snprintf (frames[nframes++], sizeof frames[0], "%.*s", (int) fl, in);
                }
            }
        }
    }
  if (asan_kind)
    {
      int w = snprintf (out, size, "sanitizer %.*s", (int) (asan_len > 60 ? 60 : asan_len),
                        asan_kind);
      for (int f = 0; f < nframes && w > 0 && (size_t) w < size; f++)
        w += snprintf (out + w, size - (size_t) w, " %s", frames[f]);
      return true;
    }
  return false;
}

/* The first non-blank line of s. */
static void
first_line (const char *s, size_t n, char *out, size_t size)
{
  out[0] = 0;
  size_t i = 0;
  while (i < n)
    {
      const char *nl = memchr (s + i, '\n', n - i);
      size_t e = nl ? (size_t) (nl - s) : n;
      copy_line (s + i, e - i, out, size);
      if (out[0]) return;
      i = e + 1;
    }
}

static void
crash_signature (const ctx *c, const char *what, sg_outcome *o)
{
  if (signature_in (c->s[1], c->n[1], o->signature, sizeof o->signature)) return;
  if (signature_in (c->s[0], c->n[0], o->signature, sizeof o->signature)) return;
  char line[160];
  first_line (c->s[1], c->n[1], line, sizeof line);
  if (!line[0]) first_line (c->s[0], c->n[0], line, sizeof line);
  snprintf (o->signature, sizeof o->signature, "%s: %s", what, line);
}

/* ---- the rules ---- */

static bool
crash_signal (int sig)
{
  return sig == SIGSEGV || sig == SIGABRT || sig == SIGBUS || sig == SIGFPE || sig == SIGILL;
}

static sg_answer
answer_word (const char *s, size_t n)
{
  if (n >= 5 && !memcmp (s, "unsat", 5)) return SG_ANS_UNSAT;
  if (n >= 7 && !memcmp (s, "unknown", 7)) return SG_ANS_UNKNOWN;
  if (n >= 3 && !memcmp (s, "sat", 3)) return SG_ANS_SAT;
  return SG_ANS_NONE;
}

/* WRONG_STATUS at (k, pos): record the expected status; for "Expected result X but got Y"
 * (cvc4/cvc5 abort before printing Y) append Y as the answer. */
static sg_rc
wrong_status (const ctx *c, int k, size_t pos, sg_outcome *o)
{
  size_t a, b;
  line_at (c, k, pos, &a, &b);
  const char *l = c->s[k] + a;
  size_t len = b - a;
  static const char *const EXP[] = { "Expected result ", "check annotation that says " };
  for (int e = 0; e < 2; e++)
    {
      size_t m = strlen (EXP[e]);
      for (size_t q = 0; q + m <= len; q++)
        if (!memcmp (l + q, EXP[e], m))
          {
            o->expected = answer_word (l + q + m, len - q - m);
            break;
          }
    }
  for (size_t q = 0; q + 8 <= len; q++)
    if (!memcmp (l + q, "but got ", 8))
      {
        sg_answer got = answer_word (l + q + 8, len - q - 8);
        if (got != SG_ANS_NONE && !SG_VEC_PUSH (o->answers, (uint8_t) got)) return SG_RC_NOMEM;
        break;
      }
  return SG_RC_OK;
}

static void
reason_pattern (sg_outcome *o, const sg_pattern *p)
{
  snprintf (o->reason, sizeof o->reason, "%s pattern '%.100s'", sg_pat_kind_name (p->kind),
            p->text);
}

/* Steps 3-5 (the solver's own timeout, memory exhaustion, failed model check) and a SIGKILL
 * not sent by the harness: true when one of them decided o. */
static bool
classify_early (const ctx *c, const sg_spawn_result *r, sg_outcome *o)
{
  int k;
  size_t pos;
  const sg_pattern *p;
  static const struct {
    sg_pat_kind pat;
    sg_outcome_kind out;
  } EARLY[] = { { SG_PAT_TIMEOUT, SG_OUT_TIMEOUT },
                { SG_PAT_MEMOUT, SG_OUT_MEMOUT },
                { SG_PAT_INVALID_MODEL, SG_OUT_INVALID_MODEL } };
  for (size_t e = 0; e < sizeof EARLY / sizeof *EARLY; e++)
    if ((p = first_match (c, EARLY[e].pat, &k, &pos)))
      {
        o->kind = EARLY[e].out;
        reason_pattern (o, p);
        if (o->kind == SG_OUT_INVALID_MODEL)
          {
            size_t a, b;
            line_at (c, k, pos, &a, &b);
            copy_line (c->s[k] + a, b - a, o->signature, sizeof o->signature);
          }
        return true;
      }
  if (r->end == SG_END_SIGNALED && r->sig == SIGKILL)
    {
      /* Not ours (the watchdog flag is clear): the kernel's OOM killer, or RLIMIT_CPU's hard
       * limit when SIGXCPU was caught. Counted as memory exhaustion. */
      o->kind = SG_OUT_MEMOUT;
      snprintf (o->reason, sizeof o->reason, "SIGKILL not sent by the harness");
      return true;
    }
  return false;
}

/* Step 6, WRONG_STATUS patterns: the first records the expected status (and a recovered
 * answer), every hit is excused and noted. */
static sg_rc
excuse_wrong_status (ctx *c, sg_outcome *o)
{
  for (uint32_t i = 0; i < c->pats->rows.n; i++)
    {
      const sg_pattern *q = &c->pats->rows.a[i];
      if (q->kind != SG_PAT_WRONG_STATUS || !sg_pattern_applies (q, c->solver)) continue;
      for (int s = 0; s < 2; s++)
        for (size_t at = 0; next_hit (c, q, s, &at); at++)
          {
            if (!(o->notes & SG_NOTE_WRONG_STATUS) && wrong_status (c, s, at, o))
              return SG_RC_NOMEM;
            o->notes |= SG_NOTE_WRONG_STATUS;
            excuse (c, s, at);
          }
    }
  return SG_RC_OK;
}

/* Step 7, crashes: signal, 128+signal from a wrapper, crash pattern (a signal under a tiny or
 * mostly used memory limit is memory exhaustion). true when it decided o. */
static bool
classify_crash (const ctx *c, const sg_spawn_result *r, bool abort_excused, sg_outcome *o)
{
  char tmp[32];
  int k;
  size_t pos;
  const sg_pattern *p;
  int csig = 0;
  if (r->end == SG_END_SIGNALED && crash_signal (r->sig)) csig = r->sig;
  if (r->end == SG_END_EXITED && r->exit_code > 128 && crash_signal (r->exit_code - 128))
    csig = r->exit_code - 128;
  if (csig == SIGABRT && abort_excused) csig = 0;
  if (csig && r->mem_limit && r->mem_limit < SG_CLASSIFY_MIN_MEM)
    {
      /* Under a limit this small a solver may die starting up, whatever its RSS (z3 4.8.12
       * segfaults under --memout 8..22 with a few MB resident: a hostile review): the limit's. */
      o->kind = SG_OUT_MEMOUT;
      snprintf (o->reason, sizeof o->reason, "%s under a %llu MB memory limit (below %u MB solvers may "
                "not start)", sg_spawn_signame (csig, tmp, sizeof tmp), (unsigned long long) (r->mem_limit >> 20),
                (unsigned) (SG_CLASSIFY_MIN_MEM >> 20));
      return true;
    }
  if (csig && csig != SIGILL && csig != SIGFPE && r->mem_limit && r->maxrss
      && r->maxrss >= r->mem_limit / 2)
    {
      /* Died by a signal with at least half the memory limit resident: an allocation that
       * failed under the limit and was not checked, not a bug to report. */
      o->kind = SG_OUT_MEMOUT;
      snprintf (o->reason, sizeof o->reason, "%s with %llu of the %llu MB memory limit in use",
                sg_spawn_signame (csig, tmp, sizeof tmp),
                (unsigned long long) (r->maxrss >> 20), (unsigned long long) (r->mem_limit >> 20));
      return true;
    }
  if (csig)
    {
      o->kind = SG_OUT_CRASH;
      const char *name = sg_spawn_signame (csig, tmp, sizeof tmp);
      snprintf (o->reason, sizeof o->reason, "%s %s", r->end == SG_END_SIGNALED ? "signal" : "exit 128+",
                name);
      crash_signature (c, name, o);
      return true;
    }
  if ((p = first_match (c, SG_PAT_CRASH, &k, &pos)))
    {
      o->kind = SG_OUT_CRASH;
      reason_pattern (o, p);
      char what[120];
      snprintf (what, sizeof what, "pattern '%.60s'", p->text);
      crash_signature (c, what, o);
      return true;
    }
  return false;
}

/* Step 8, rejections. z3's "ignoring unsupported logic" notes each excuse one stdout line
 * "unsupported" (the answers after it still count, SOLVERS.md). true when it decided o. */
static bool
classify_rejected (ctx *c, const sg_pattern *unsupported, sg_outcome *o)
{
  const sg_pattern *p;
  if (unsupported)
    {
      o->kind = SG_OUT_REJECTED;
      reason_pattern (o, unsupported);
      return true;
    }
  uint32_t budget = count_and_excuse (c, SG_PAT_LOGIC_IGNORED);
  if (budget) o->notes |= SG_NOTE_LOGIC_IGNORED;
  for (uint32_t i = 0; i < c->pats->rows.n; i++)
    {
      p = &c->pats->rows.a[i];
      if (p->kind != SG_PAT_REJECTED || !sg_pattern_applies (p, c->solver)) continue;
      for (int s = 0; s < 2; s++)
        for (size_t at = 0; next_hit (c, p, s, &at); at++)
          {
            size_t a, b;
            line_at (c, s, at, &a, &b);
            size_t len = b - a;
            if (len && c->s[s][b - 1] == '\r') len--;
            if (s == 0 && budget && len == strlen (p->text) && !memcmp (c->s[s] + a, p->text, len))
              {
                budget--;
                if (c->nex[0] < MAX_EXCUSED) c->ex[0][c->nex[0]++] = (span) { a, b + 1 };
                continue;
              }
            o->kind = SG_OUT_REJECTED;
            reason_pattern (o, p);
            return true;
          }
    }
  return false;
}

/* Step 9, answers, then the exit status: decides o. */
static sg_rc
classify_answers (const ctx *c, const sg_profile *prof, const sg_spawn_result *r, bool abort_excused,
                  sg_outcome *o)
{
  char tmp[32];
  uint32_t extra = o->answers.n; /* recovered from a WRONG_STATUS message */
  uint8_t recovered = extra ? o->answers.a[0] : 0;
  o->answers.n = 0;
  if (sg_classify_answers (c->s[0], c->n[0], o)) return SG_RC_NOMEM;
  if (extra && !SG_VEC_PUSH (o->answers, recovered)) return SG_RC_NOMEM;
  bool ok_exit = r->end == SG_END_EXITED
                 && (prof ? sg_profile_is_ok_exit (prof, r->exit_code) : r->exit_code == 0);
  if (r->end == SG_END_SIGNALED && !abort_excused)
    {
      o->kind = SG_OUT_ABNORMAL_EXIT;
      snprintf (o->reason, sizeof o->reason, "signal %s", sg_spawn_signame (r->sig, tmp, sizeof tmp));
      return SG_RC_OK;
    }
  if (o->answers.n)
    {
      o->kind = SG_OUT_OK;
      if (!ok_exit && !abort_excused) o->notes |= SG_NOTE_NONZERO_EXIT;
      snprintf (o->reason, sizeof o->reason, "%u answer%s", o->answers.n,
                o->answers.n == 1 ? "" : "s");
      return SG_RC_OK;
    }
  if (!ok_exit)
    {
      o->kind = SG_OUT_ABNORMAL_EXIT;
      if (r->end == SG_END_EXITED) snprintf (o->reason, sizeof o->reason, "exit %d", r->exit_code);
      else snprintf (o->reason, sizeof o->reason, "signal %s", sg_spawn_signame (r->sig, tmp, sizeof tmp));
      return SG_RC_OK;
    }
  o->kind = SG_OUT_NO_ANSWER;
  snprintf (o->reason, sizeof o->reason, "exit %d without an answer", r->exit_code);
  return SG_RC_OK;
}

/* sg_classify_run from its step 3 on (the output read: c, its stdout mapped). */
static sg_rc
classify_output (ctx *c, const sg_profile *prof, const sg_spawn_result *r, sg_outcome *o)
{
  int k;
  size_t pos;

  /* 3-5. The solver's own timeout, memory exhaustion, failed model check. */
  if (classify_early (c, r, o)) return SG_RC_OK;

  /* 6. Excusing patterns: their lines are not crash or reject evidence, and the abort that
   * follows them is deliberate. */
  const sg_pattern *unsupported = first_match (c, SG_PAT_UNSUPPORTED, &k, &pos);
  if (unsupported) excuse (c, k, pos);
  if (excuse_wrong_status (c, o)) return SG_RC_NOMEM;
  bool abort_excused = unsupported || (o->notes & SG_NOTE_WRONG_STATUS);

  /* 7. Crashes; 8. rejections; 9. answers, then the exit status. */
  if (classify_crash (c, r, abort_excused, o)) return SG_RC_OK;
  if (classify_rejected (c, unsupported, o)) return SG_RC_OK;
  return classify_answers (c, prof, r, abort_excused, o);
}

sg_rc
sg_classify_run (const sg_patterns *pats, const sg_profile *prof, const sg_spawn_result *r,
                 sg_outcome *o)
{
  sg_outcome_reset (o);
  o->wall_s = r->wall_s;
  o->cpu_s = r->user_s + r->sys_s;
  o->exit_code = r->end == SG_END_EXITED ? r->exit_code : -1;
  o->sig = r->end == SG_END_SIGNALED ? r->sig : 0;
  if (r->out_truncated || r->err_truncated) o->notes |= SG_NOTE_TRUNCATED;
  if (r->stdin_broken) o->notes |= SG_NOTE_STDIN_BROKEN;

  /* 1. The binary never ran. */
  if (r->end == SG_END_EXEC_FAILED)
    {
      o->kind = SG_OUT_EXEC_FAILED;
      static const char *const steps[] = { "cannot execute", "cannot set up its stdin/stdout/stderr",
                                           "cannot enter its working directory",
                                           "cannot set its memory or CPU limit", "cannot execute" };
      int k = r->exec_step >= 0 && r->exec_step <= SG_EXEC_STEP_EXEC ? r->exec_step : 0;
      snprintf (o->reason, sizeof o->reason, "%s: %s", steps[k], strerror (r->exec_errno));
      return SG_RC_OK;
    }
  /* 2. The watchdog decides timeouts, whatever the exit status says. */
  if (r->timed_out)
    {
      o->kind = SG_OUT_TIMEOUT;
      snprintf (o->reason, sizeof o->reason, "watchdog%s", r->hard_killed ? " (SIGKILL)" : "");
      return SG_RC_OK;
    }
  if (r->end == SG_END_NONE)
    {
      o->kind = SG_OUT_ABNORMAL_EXIT;
      snprintf (o->reason, sizeof o->reason, "exit status lost (SIGCHLD ignored?)");
      return SG_RC_OK;
    }
  if (r->end == SG_END_SIGNALED && r->sig == SIGXCPU)
    {
      o->kind = SG_OUT_TIMEOUT;
      snprintf (o->reason, sizeof o->reason, "CPU limit (SIGXCPU)");
      return SG_RC_OK;
    }

  ctx c;
  memset (&c, 0, sizeof c);
  c.s[0] = r->out.s ? r->out.s : "";
  c.n[0] = r->out.len;
  c.s[1] = r->err.s ? r->err.s : "";
  c.n[1] = r->err.len;
  c.pats = pats;
  c.solver = prof ? prof->name : NULL;
  c.own_markers = prof && prof->own_crash_markers;
  c.map = malloc (c.n[0] + 1);
  if (!c.map) return SG_RC_NOMEM;
  find_errors (&c, 0);
  find_errors (&c, 1);
  map_stdout (&c);
  sg_rc rc = classify_output (&c, prof, r, o);
  free (c.map);
  return rc;
}
