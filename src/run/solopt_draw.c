/* solopt_draw: candidate values, option words, the cache file and seeded configurations of an
 * option table (solopt.h). */
#define _GNU_SOURCE
#include "run/solopt.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/file.h"

static sg_rc
push (sg_strv *v, const char *s)
{
  char *c = strdup (s);
  if (!c || !SG_VEC_PUSH (*v, c))
    {
      free (c);
      return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

static bool
is_default (const sg_solopt *o, const char *v)
{
  if (!o->def) return false;
  if (!strcmp (o->def, v)) return true;
  if (o->type == SG_SOPT_DOUBLE) return strtod (o->def, NULL) == strtod (v, NULL);
  return false;
}

/* Every value of o->values but the default. */
static sg_rc
push_listed (const sg_solopt *o, sg_strv *out)
{
  sg_rc rc = SG_RC_OK;
  const char *p = o->values;
  while (!rc && *p)
    {
      const char *e = strchr (p, ' ');
      size_t n = e ? (size_t) (e - p) : strlen (p);
      char w[128];
      if (n && n < sizeof w)
        {
          memcpy (w, p, n);
          w[n] = 0;
          if (!is_default (o, w)) rc = push (out, w);
        }
      p += n;
      while (*p == ' ') p++;
    }
  return rc;
}

sg_rc
sg_solopt_candidates (const sg_solopt *o, sg_strv *out)
{
  sg_rc rc = SG_RC_OK;
  switch (o->type)
    {
    case SG_SOPT_BOOL:
      if (!is_default (o, "true")) rc = push (out, "true");
      if (!rc && !is_default (o, "false")) rc = push (out, "false");
      break;
    case SG_SOPT_INT:
      if (o->values) /* the values its description enumerates (z3), and no others */
        {
          rc = push_listed (o, out);
          break;
        }
      {
        static const char *const small[] = { "0", "1", "2", "3", "10" };
        for (size_t k = 0; !rc && k < sizeof small / sizeof small[0]; k++)
          if (!is_default (o, small[k])) rc = push (out, small[k]);
        char *end;
        errno = 0;
        unsigned long long d = o->def ? strtoull (o->def, &end, 10) : 0;
        if (!rc && o->def && !errno && !*end && d > 5 && d < 1000000000ull)
          {
            char b[32];
            snprintf (b, sizeof b, "%llu", d * 2);
            rc = push (out, b);
          }
        break;
      }
    case SG_SOPT_DOUBLE:
      {
        static const char *const ds[] = { "0.0", "0.5", "2.0" };
        for (size_t k = 0; !rc && k < 3; k++)
          if (!is_default (o, ds[k])) rc = push (out, ds[k]);
        break;
      }
    case SG_SOPT_MODE:
      if (o->values) rc = push_listed (o, out);
      break;
    default:
      break;
    }
  return rc;
}

sg_rc
sg_solopt_word (sg_solopt_style st, const sg_solopt *o, const char *value, char **word)
{
  int n;
  if (st == SG_SOPT_STYLE_Z3) n = asprintf (word, "%s=%s", o->name, value);
  else if (o->type == SG_SOPT_BOOL) n = asprintf (word, "--%s%s", strcmp (value, "false") ? "" : "no-", o->name);
  else n = asprintf (word, "--%s=%s", o->name, value);
  if (n < 0)
    {
      *word = NULL;
      return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

int
sg_solopt_trial (const sg_solopt *o, const char *value)
{
  if (!o->trials) return SG_SOPT_UNTRIED;
  size_t vl = strlen (value);
  for (const char *p = o->trials; *p;)
    {
      const char *e = strchr (p, ' ');
      size_t n = e ? (size_t) (e - p) : strlen (p);
      if (n == vl + 2 && !memcmp (p, value, vl) && p[vl] == ':') return (unsigned char) p[vl + 1];
      p += n;
      while (*p == ' ') p++;
    }
  return SG_SOPT_UNTRIED;
}

/* The candidates of o that were tried alone and answered (out appended). */
static sg_rc
usable (const sg_solopt *o, sg_strv *out)
{
  if (o->excluded) return SG_RC_OK;
  sg_strv c = { 0 };
  sg_rc rc = sg_solopt_candidates (o, &c);
  for (uint32_t i = 0; !rc && i < c.n; i++)
    if (sg_solopt_trial (o, c.a[i]) == SG_SOPT_OK) rc = push (out, c.a[i]);
  sg_strv_free (&c);
  return rc;
}

bool
sg_solopt_drawable (const sg_solopt *o)
{
  sg_strv c = { 0 };
  bool ok = usable (o, &c) == SG_RC_OK && c.n > 0;
  sg_strv_free (&c);
  return ok;
}

bool
sg_solopt_mode_parse (const char *s, sg_solopt_mode *m)
{
  if (!strcmp (s, "off")) *m = SG_SOPT_FUZZ_OFF;
  else if (!strcmp (s, "safe")) *m = SG_SOPT_FUZZ_SAFE;
  else if (!strcmp (s, "full")) *m = SG_SOPT_FUZZ_FULL;
  else return false;
  return true;
}

/* Pick a drawable option of t (expert or common as asked; any when `any`) not yet in used[],
 * or -1. */
static int64_t
pick (const sg_solopt_table *t, const uint8_t *drawable, uint8_t *used, bool any, bool expert,
      sg_rng *r)
{
  uint64_t seen = 0;
  int64_t got = -1;
  for (uint32_t i = 0; i < t->opts.n; i++)
    {
      if (!drawable[i] || used[i]) continue;
      if (!any && t->opts.a[i].expert != expert) continue;
      if (sg_rng_below (r, ++seen) == 0) got = i;
    }
  if (got >= 0) used[got] = 1;
  return got;
}

sg_rc
sg_solopt_draw (const sg_solopt_table *t, sg_solopt_mode m, sg_rng *r, sg_strv *out)
{
  if (m == SG_SOPT_FUZZ_OFF || !t->opts.n) return SG_RC_OK;
  uint8_t *drawable = calloc (t->opts.n, 1), *used = calloc (t->opts.n, 1);
  sg_rc rc = drawable && used ? SG_RC_OK : SG_RC_NOMEM;
  for (uint32_t i = 0; !rc && i < t->opts.n; i++) drawable[i] = sg_solopt_drawable (&t->opts.a[i]);
  /* safe: 0..3 common options, and one expert option with probability 1/3; full: 1..6 of any
   * kind. */
  uint32_t common = m == SG_SOPT_FUZZ_SAFE ? (uint32_t) sg_rng_below (r, 4) : 1 + (uint32_t) sg_rng_below (r, 6);
  bool one_expert = m == SG_SOPT_FUZZ_SAFE && sg_rng_chance (r, 1, 3);
  for (uint32_t k = 0; !rc && k < common + (one_expert ? 1 : 0); k++)
    {
      bool expert = k == common;
      int64_t i = pick (t, drawable, used, m == SG_SOPT_FUZZ_FULL, expert, r);
      if (i < 0) continue;
      const sg_solopt *o = &t->opts.a[i];
      sg_strv vals = { 0 };
      rc = usable (o, &vals);
      if (!rc && vals.n)
        {
          char *w = NULL;
          rc = sg_solopt_word (t->style, o, vals.a[sg_rng_below (r, vals.n)], &w);
          if (!rc && !SG_VEC_PUSH (*out, w))
            {
              free (w);
              rc = SG_RC_NOMEM;
            }
        }
      sg_strv_free (&vals);
    }
  free (drawable);
  free (used);
  return rc;
}

/* ---- the cache file --------------------------------------------------------------------- */

static const char header[] = "# smtgrind solver options v4\t";

sg_rc
sg_solopt_write (const sg_solopt_table *t, const char *path)
{
  sg_buf b;
  sg_buf_init (&b);
  sg_buf_printf (&b, "%s%s\t%s\t%s\n", header, t->solver, t->version[0] ? t->version : "-",
                 t->style == SG_SOPT_STYLE_Z3 ? "z3" : "cvc");
  for (uint32_t i = 0; i < t->opts.n; i++)
    {
      const sg_solopt *o = &t->opts.a[i];
      sg_buf_printf (&b, "%s\t%s\t%s\t%s\t%s\t%c\t%c\t%s\n", o->name, sg_solopt_type_name (o->type),
                     o->values ? o->values : "-", o->def ? o->def : "-", o->category,
                     o->expert ? 'e' : 'c', o->unsound ? 'u' : '-', o->trials && *o->trials ? o->trials : "-");
    }
  sg_rc rc = sg_buf_ok (&b) ? sg_file_write_atomic (path, b.s, b.len, false) : SG_RC_NOMEM;
  sg_buf_free (&b);
  return rc;
}

/* Split line s (n bytes) at tabs into f[0..8): false unless exactly `want` fields. */
static uint32_t
fields (char *s, char **f, uint32_t max)
{
  uint32_t k = 0;
  f[k++] = s;
  for (char *p = s; *p; p++)
    if (*p == '\t')
      {
        *p = 0;
        if (k == max) return max + 1;
        f[k++] = p + 1;
      }
  return k;
}

static char *
field_dup (const char *s)
{
  return strcmp (s, "-") ? strdup (s) : NULL;
}

/* Is every character of s allowed in a stored field (printable, no tab)? */
static bool
printable (const char *s)
{
  for (; *s; s++)
    if ((unsigned char) *s < ' ' || *s == 0x7f) return false;
  return true;
}

static int
cmp_opt_name (const void *a, const void *b)
{
  const sg_solopt *x = *(const sg_solopt *const *) a, *y = *(const sg_solopt *const *) b;
  int c = strcmp (x->name, y->name);
  return c ? c : (x > y) - (x < y);
}

/* No option of t is listed twice (option i is at line i + 2 of its file): sorted names, so a
 * table of any size is checked in n log n (a scan per line took a minute at 200,000). */
static sg_rc
names_distinct (const sg_solopt_table *t, sg_diag *d)
{
  if (t->opts.n < 2) return SG_RC_OK;
  const sg_solopt **v = malloc (t->opts.n * sizeof *v);
  if (!v) return sg_diag_set (d, SG_RC_NOMEM, 0, 0, "out of memory");
  for (uint32_t i = 0; i < t->opts.n; i++) v[i] = &t->opts.a[i];
  qsort (v, t->opts.n, sizeof *v, cmp_opt_name);
  const sg_solopt *dup = NULL, *first = NULL;
  for (uint32_t i = 1; i < t->opts.n; i++)
    if (!strcmp (v[i]->name, v[i - 1]->name) && (!dup || v[i] < dup))
      {
        dup = v[i];
        uint32_t j = i - 1;
        while (j > 0 && !strcmp (v[j - 1]->name, v[i]->name)) j--;
        first = v[j];
      }
  free (v);
  if (!dup) return SG_RC_OK;
  return sg_diag_set (d, SG_RC_PARSE, (uint32_t) (dup - t->opts.a) + 2, 1, "option '%s' is listed twice (first at line %u)",
                      dup->name, (uint32_t) (first - t->opts.a) + 2);
}

/* Is every value of the trials field (o's, at column col) one of o's candidates (what the
 * probe tries: sg_solopt_candidates)? A trial of another value was never made by smtgrind. */
static sg_rc
trials_in_range (const sg_solopt *o, const char *field, int col, uint32_t line, sg_diag *d)
{
  if (!strcmp (field, "-")) return SG_RC_OK;
  sg_strv c;
  memset (&c, 0, sizeof c);
  sg_rc rc = sg_solopt_candidates (o, &c);
  if (rc) return sg_diag_set (d, rc, line, 1, "out of memory");
  for (const char *p = field; *p && !rc;)
    {
      const char *e = strchr (p, ' ');
      size_t n = (e ? (size_t) (e - p) : strlen (p)) - 2; /* VALUE without :o|r|x */
      bool listed = false;
      for (uint32_t i = 0; i < c.n && !listed; i++) listed = strlen (c.a[i]) == n && !memcmp (c.a[i], p, n);
      if (!listed)
        rc = sg_diag_set (d, SG_RC_PARSE, line, col + (int) (p - field),
                          "trial value '%.*s' is not a candidate of %s option '%s'", (int) (n < 60 ? n : 60), p,
                          sg_solopt_type_name (o->type), o->name);
      p += n + 2;
      while (*p == ' ') p++;
    }
  sg_strv_free (&c);
  return rc;
}

/* One option line of a cache file into t. */
static sg_rc
read_line (sg_solopt_table *t, char *s, uint32_t line, sg_diag *d)
{
  char *f[9];
  uint32_t nf = fields (s, f, 8);
  if (nf != 8) return sg_diag_set (d, SG_RC_PARSE, line, 1, "expected 8 tab-separated fields, found %u", nf);
  for (uint32_t k = 0; k < 8; k++)
    if (!*f[k] || !printable (f[k])) return sg_diag_set (d, SG_RC_PARSE, line, 1, "field %u is empty or not printable", k + 1);
  for (const char *p = f[0]; *p; p++)
    if (!(isalnum ((unsigned char) *p) || *p == '_' || *p == '.' || *p == '-'))
      return sg_diag_set (d, SG_RC_PARSE, line, (int) (p - f[0]) + 1, "bad character in option name");
  sg_solopt o;
  memset (&o, 0, sizeof o);
  bool typed = false;
  for (int k = 0; k < SG_SOPT_NTYPES && !typed; k++)
    if (!strcmp (f[1], sg_solopt_type_name ((sg_solopt_type) k))) { o.type = (sg_solopt_type) k; typed = true; }
  if (!typed) return sg_diag_set (d, SG_RC_PARSE, line, (int) (f[1] - f[0]) + 1, "unknown type '%s'", f[1]);
  if (strcmp (f[5], "e") && strcmp (f[5], "c")) return sg_diag_set (d, SG_RC_PARSE, line, (int) (f[5] - f[0]) + 1, "expected e or c");
  if (strcmp (f[6], "u") && strcmp (f[6], "-")) return sg_diag_set (d, SG_RC_PARSE, line, (int) (f[6] - f[0]) + 1, "expected u or -");
  if (strcmp (f[7], "-"))
    for (const char *p = f[7]; *p;)
      {
        const char *e = strchr (p, ' ');
        size_t n = e ? (size_t) (e - p) : strlen (p);
        if (n < 3 || p[n - 2] != ':' || !strchr ("orx", p[n - 1]))
          return sg_diag_set (d, SG_RC_PARSE, line, (int) (p - f[0]) + 1, "a trial must read VALUE:o|r|x");
        p += n;
        while (*p == ' ') p++;
      }
  o.expert = f[5][0] == 'e';
  o.unsound = f[6][0] == 'u';
  o.name = strdup (f[0]);
  o.values = field_dup (f[2]);
  o.def = field_dup (f[3]);
  o.category = strdup (f[4]);
  o.trials = field_dup (f[7]);
  if (!o.name || !o.category || (strcmp (f[2], "-") && !o.values) || (strcmp (f[3], "-") && !o.def)
      || (strcmp (f[7], "-") && !o.trials) || !SG_VEC_PUSH (t->opts, o))
    {
      free (o.name), free (o.values), free (o.def), free (o.category), free (o.trials);
      return sg_diag_set (d, SG_RC_NOMEM, line, 1, "out of memory");
    }
  return trials_in_range (&t->opts.a[t->opts.n - 1], f[7], (int) (f[7] - f[0]) + 1, line, d);
}

sg_rc
sg_solopt_read (sg_solopt_table *t, const char *path, sg_diag *d)
{
  char *text = NULL;
  size_t len = 0;
  sg_rc rc = sg_file_read (path, 64u << 20, &text, &len, d);
  if (rc) return rc;
  sg_diag_init (d, path);
  uint32_t line = 0;
  char *p = text;
  while (!rc && p < text + len)
    {
      char *nl = memchr (p, '\n', (size_t) (text + len - p));
      if (!nl)
        {
          rc = sg_diag_set (d, SG_RC_PARSE, line + 1, 1, "the last line has no newline (a truncated file)");
          break;
        }
      *nl = 0;
      line++;
      if (memchr (p, 0, (size_t) (nl - p))) rc = sg_diag_set (d, SG_RC_PARSE, line, 1, "a NUL byte");
      else if (line == 1)
        {
          char *f[4];
          if (strncmp (p, header, sizeof header - 1)) rc = sg_diag_set (d, SG_RC_PARSE, 1, 1, "not a smtgrind option table");
          else if (fields (p + sizeof header - 1, f, 3) != 3 || strlen (f[0]) >= sizeof t->solver
                   || strlen (f[1]) >= sizeof t->version || (strcmp (f[2], "z3") && strcmp (f[2], "cvc")))
            rc = sg_diag_set (d, SG_RC_PARSE, 1, (int) sizeof header, "expected SOLVER, VERSION and z3|cvc");
          else
            {
              snprintf (t->solver, sizeof t->solver, "%s", f[0]);
              snprintf (t->version, sizeof t->version, "%s", strcmp (f[1], "-") ? f[1] : "");
              t->style = strcmp (f[2], "z3") ? SG_SOPT_STYLE_CVC : SG_SOPT_STYLE_Z3;
            }
        }
      else
        rc = read_line (t, p, line, d);
      p = nl + 1;
    }
  if (!rc && line == 0) rc = sg_diag_set (d, SG_RC_PARSE, 1, 1, "empty file");
  if (!rc) rc = names_distinct (t, d);
  free (text);
  return rc;
}

/* ---- hints: the options a seed was written for ------------------------------------------ */

/* The option of t named name[0..n), or NULL. */
static const sg_solopt *
find_opt (const sg_solopt_table *t, const char *name, size_t n)
{
  for (uint32_t i = 0; i < t->opts.n; i++)
    if (strlen (t->opts.a[i].name) == n && !memcmp (t->opts.a[i].name, name, n)) return &t->opts.a[i];
  return NULL;
}

/* One `--name[=value]` / `--no-name` word w[0..n) of a COMMAND-LINE into out when t has the
 * option, it may be drawn, and its value was not refused alone; *expert counts expert ones. */
static sg_rc
hint_word (const sg_solopt_table *t, sg_solopt_mode m, const char *w, size_t n, uint32_t *expert,
           sg_strv *out)
{
  if (n < 3 || w[0] != '-' || w[1] != '-') return SG_RC_OK;
  w += 2, n -= 2;
  const char *eq = memchr (w, '=', n);
  size_t nl = eq ? (size_t) (eq - w) : n;
  char value[128];
  const sg_solopt *o = find_opt (t, w, nl);
  if (!o && !eq && nl > 3 && !memcmp (w, "no-", 3))
    {
      o = find_opt (t, w + 3, nl - 3);
      if (!o || o->type != SG_SOPT_BOOL) return SG_RC_OK;
      snprintf (value, sizeof value, "false");
    }
  else if (!o)
    return SG_RC_OK;
  else if (eq)
    {
      size_t vl = n - nl - 1;
      if (!vl || vl >= sizeof value) return SG_RC_OK;
      memcpy (value, eq + 1, vl);
      value[vl] = 0;
    }
  else if (o->type == SG_SOPT_BOOL)
    snprintf (value, sizeof value, "true");
  else
    return SG_RC_OK;
  if (o->excluded || o->type == SG_SOPT_STRING || o->type == SG_SOPT_FLAG) return SG_RC_OK;
  for (const char *p = value; *p; p++)
    if ((unsigned char) *p <= ' ' || *p == 0x7f) return SG_RC_OK;
  if (o->type == SG_SOPT_BOOL)
    {
      /* --x=0, --x=no ...: the words the option parsers take, as true or false */
      static const char *const yes[] = { "true", "yes", "1", "on" }, *const no[] = { "false", "no", "0", "off" };
      int b = -1;
      for (int k = 0; k < 4; k++)
        {
          if (!strcmp (value, yes[k])) b = 1;
          if (!strcmp (value, no[k])) b = 0;
        }
      if (b < 0) return SG_RC_OK;
      snprintf (value, sizeof value, "%s", b ? "true" : "false");
    }
  if (o->type == SG_SOPT_MODE && o->values)
    {
      /* a mode value this binary does not list would only get every run rejected */
      bool listed = false;
      size_t vl = strlen (value);
      for (const char *p = o->values; *p && !listed;)
        {
          const char *e = strchr (p, ' ');
          size_t k = e ? (size_t) (e - p) : strlen (p);
          listed = k == vl && !memcmp (p, value, vl);
          p += k;
          while (*p == ' ') p++;
        }
      if (!listed) return SG_RC_OK;
    }
  int trial = sg_solopt_trial (o, value);
  if (trial == SG_SOPT_REJECTED || trial == SG_SOPT_ODD) return SG_RC_OK;
  if (o->expert && m == SG_SOPT_FUZZ_SAFE && (*expert)++ > 0) return SG_RC_OK;
  for (uint32_t i = 0; i < out->n; i++) /* one word per option */
    {
      const char *a = out->a[i] + 2;
      if (!strncmp (a, "no-", 3) && !strcmp (a + 3, o->name)) return SG_RC_OK;
      size_t k = strlen (o->name);
      if (!strncmp (a, o->name, k) && (a[k] == 0 || a[k] == '=')) return SG_RC_OK;
    }
  char *word = NULL;
  sg_rc rc = sg_solopt_word (t->style, o, value, &word);
  if (!rc && !SG_VEC_PUSH (*out, word))
    {
      free (word);
      rc = SG_RC_NOMEM;
    }
  return rc;
}

sg_rc
sg_solopt_hint (const sg_solopt_table *t, sg_solopt_mode m, const char *text, size_t len, sg_rng *r,
                sg_strv *out)
{
  static const char key[] = "; COMMAND-LINE:";
  const size_t kl = sizeof key - 1;
  if (m == SG_SOPT_FUZZ_OFF || t->style != SG_SOPT_STYLE_CVC || !text) return SG_RC_OK;
  /* the COMMAND-LINE lines (cvc5 runs its regression once per line): one, drawn */
  const char *pick_at = NULL;
  size_t pick_n = 0;
  uint64_t seen = 0;
  for (size_t i = 0; i < len;)
    {
      const char *nl = memchr (text + i, '\n', len - i);
      size_t e = nl ? (size_t) (nl - text) : len;
      if (e - i > kl && !memcmp (text + i, key, kl) && sg_rng_below (r, ++seen) == 0)
        pick_at = text + i + kl, pick_n = e - i - kl;
      i = e + 1;
    }
  uint32_t expert = 0;
  sg_rc rc = SG_RC_OK;
  for (size_t i = 0; !rc && pick_at && i < pick_n;)
    {
      while (i < pick_n && (pick_at[i] == ' ' || pick_at[i] == '\t' || pick_at[i] == '\r')) i++;
      size_t b = i;
      while (i < pick_n && pick_at[i] != ' ' && pick_at[i] != '\t' && pick_at[i] != '\r') i++;
      if (i > b) rc = hint_word (t, m, pick_at + b, i - b, &expert, out);
    }
  return rc;
}
