/* solopt: the option tables read from the solvers' help texts, the exclusion list, candidate
 * values, option words, the cache file and seeded configurations (solopt.h). Reading the
 * binaries themselves is solopt_probe.c. */
#define _GNU_SOURCE
#include "run/solopt.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/buf.h"
#include "base/file.h"

void
sg_solopt_table_init (sg_solopt_table *t)
{
  memset (t, 0, sizeof *t);
}

static void
opt_free (sg_solopt *o)
{
  free (o->name);
  free (o->values);
  free (o->def);
  free (o->category);
  free (o->trials);
}

void
sg_solopt_table_free (sg_solopt_table *t)
{
  for (uint32_t i = 0; i < t->opts.n; i++) opt_free (&t->opts.a[i]);
  SG_VEC_FREE (t->opts);
}

const char *
sg_solopt_type_name (sg_solopt_type ty)
{
  static const char *const names[] = {
#define X(e, s) s,
    SG_SOLOPT_TYPES (X)
#undef X
  };
  return (unsigned) ty < SG_SOPT_NTYPES ? names[ty] : "?";
}

static char *
dupn (const char *s, size_t n)
{
  char *r = malloc (n + 1);
  if (r)
    {
      memcpy (r, s, n);
      r[n] = 0;
    }
  return r;
}

static bool
name_char (int c)
{
  return isalnum (c) || c == '_' || c == '.' || c == '-';
}

/* A value word as we store it: no blank, no tab, no control character, not empty. */
static bool
value_ok (const char *s, size_t n)
{
  if (!n || n > 200) return false;
  for (size_t i = 0; i < n; i++)
    if ((unsigned char) s[i] <= ' ' || s[i] == 0x7f) return false;
  return true;
}

/* Append an option (strings copied). NULL name: nothing. */
static sg_rc
add_opt (sg_solopt_table *t, const char *name, size_t nlen, sg_solopt_type ty, const char *def,
         size_t dlen, const char *cat, bool expert)
{
  sg_solopt o;
  memset (&o, 0, sizeof o);
  o.type = ty;
  o.expert = expert;
  o.name = dupn (name, nlen);
  o.category = strdup (cat && *cat ? cat : "-");
  if (def && value_ok (def, dlen)) o.def = dupn (def, dlen);
  if (!o.name || !o.category || (def && value_ok (def, dlen) && !o.def) || !SG_VEC_PUSH (t->opts, o))
    {
      opt_free (&o);
      return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

bool
sg_solopt_says_experimental (const char *s, size_t n)
{
  static const char *const words[] = { "experimental", "preliminary" };
  for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
    {
      size_t wl = strlen (words[w]);
      for (size_t i = 0; i + wl <= n; i++)
        if (!strncasecmp (s + i, words[w], wl)) return true;
    }
  return false;
}

/* ---- z3 -pd ---------------------------------------------------------------------------- */

/* One parameter line "    name (type) description (default: v)" under module `mod` ("" at
 * the top level). False when the line is not one. */
static bool
z3_line (const char *s, size_t n, const char **name, size_t *nlen, sg_solopt_type *ty,
         const char **def, size_t *dlen)
{
  if (n < 5 || memcmp (s, "    ", 4) || s[4] == ' ') return false;
  size_t i = 4;
  while (i < n && name_char ((unsigned char) s[i])) i++;
  if (i == 4 || i + 2 >= n || s[i] != ' ' || s[i + 1] != '(') return false;
  *name = s + 4;
  *nlen = i - 4;
  const char *tp = s + i + 2;
  const char *close = memchr (tp, ')', n - (size_t) (tp - s));
  if (!close) return false;
  size_t tl = (size_t) (close - tp);
  if (tl == 4 && !memcmp (tp, "bool", 4)) *ty = SG_SOPT_BOOL;
  else if (tl == 12 && !memcmp (tp, "unsigned int", 12)) *ty = SG_SOPT_INT;
  else if (tl == 6 && !memcmp (tp, "double", 6)) *ty = SG_SOPT_DOUBLE;
  else if (tl == 6 && !memcmp (tp, "symbol", 6)) *ty = SG_SOPT_MODE;
  else if (tl == 6 && !memcmp (tp, "string", 6)) *ty = SG_SOPT_STRING;
  else return false;
  *def = NULL;
  *dlen = 0;
  static const char key[] = "(default: ";
  const char *d = memmem (s, n, key, sizeof key - 1);
  const char *last = NULL;
  while (d) /* the last "(default: " of the line */
    {
      last = d;
      d = memmem (d + 1, n - (size_t) (d + 1 - s), key, sizeof key - 1);
    }
  if (last && s[n - 1] == ')')
    {
      *def = last + sizeof key - 1;
      *dlen = (size_t) (s + n - 1 - *def);
    }
  return true;
}

/* The values an unsigned option's description enumerates ("0 - no solver, 1 - bellman-ford
 * ..., 6 - lra solver", "0- eager, 1- lazy", "1 - 5 are levels, 7 - max" = 1 2 3 4 5 7),
 * blank-separated into out; false unless it lists at least two. A number counts only at the
 * start of a word ("limit1 - total" does not). */
/* The decimal number s[from, to) (digits only, fewer than 10): bounded, unlike strtoul, because
 * the help text need not end in a NUL. */
static unsigned long
digits_value (const char *s, size_t from, size_t to)
{
  unsigned long v = 0;
  for (size_t i = from; i < to; i++) v = v * 10 + (unsigned long) (s[i] - '0');
  return v;
}

static bool
z3_listed (const char *s, size_t n, char *out, size_t size)
{
  size_t o = 0, found = 0;
  out[0] = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (!isdigit ((unsigned char) s[i]) || (i && (isalnum ((unsigned char) s[i - 1]) || s[i - 1] == '.')))
        continue;
      size_t j = i;
      while (j < n && isdigit ((unsigned char) s[j])) j++;
      size_t k = j < n && s[j] == ' ' ? j + 1 : j;
      if (k + 1 < n && s[k] == '-' && s[k + 1] == ' ' && j - i < 10)
        {
          /* "1 - 5 are levels": a range when a number follows that is not itself a value */
          unsigned long lo = digits_value (s, i, j), hi = lo;
          size_t b = k + 2, e = b;
          while (e < n && isdigit ((unsigned char) s[e])) e++;
          if (e > b && e - b < 10 && (e == n || s[e] == ' ' || s[e] == ',')
              && !(e + 2 < n && s[e] == ' ' && s[e + 1] == '-' && s[e + 2] == ' '))
            {
              unsigned long h = digits_value (s, b, e);
              if (h > lo && h - lo <= 32) hi = h;
            }
          for (unsigned long v = lo; v <= hi; v++)
            {
              char num[24];
              int w = snprintf (num, sizeof num, "%lu", v);
              if (o + (size_t) w + 2 > size) return false;
              if (o) out[o++] = ' ';
              memcpy (out + o, num, (size_t) w);
              o += (size_t) w;
              out[o] = 0;
              found++;
            }
          if (hi > lo) j = e;
        }
      i = j;
    }
  return found >= 2;
}

sg_rc
sg_solopt_parse_z3 (sg_solopt_table *t, const char *text, size_t len)
{
  t->style = SG_SOPT_STYLE_Z3;
  char mod[64] = "global";
  bool in_params = false, mod_experimental = false;
  size_t pos = 0;
  while (pos < len)
    {
      const char *s = text + pos;
      const char *nl = memchr (s, '\n', len - pos);
      size_t n = nl ? (size_t) (nl - s) : len - pos;
      pos += n + 1;
      if (n >= 17 && !memcmp (s, "Global parameters", 17)) { in_params = true; continue; }
      if (n > 9 && !memcmp (s, "[module] ", 9))
        {
          size_t k = 9;
          while (k < n && name_char ((unsigned char) s[k])) k++;
          if (k == 9 || k - 9 >= sizeof mod) { in_params = false; t->skipped++; continue; }
          snprintf (mod, sizeof mod, "%.*s", (int) (k - 9), s + 9);
          /* "[module] sls, description: Experimental Stochastic Local Search Solver" */
          mod_experimental = sg_solopt_says_experimental (s + k, n - k);
          in_params = true;
          continue;
        }
      if (!strcmp (mod, "global") && n && s[0] != ' ') continue; /* "To set a module ..." */
      const char *name, *def;
      size_t nlen, dlen;
      sg_solopt_type ty;
      if (!z3_line (s, n, &name, &nlen, &ty, &def, &dlen))
        {
          if (in_params && n >= 4 && !memcmp (s, "    ", 4)) t->skipped++;
          continue;
        }
      if (!in_params) { t->skipped++; continue; }
      char full[256];
      bool global = !strcmp (mod, "global");
      int fl = snprintf (full, sizeof full, "%s%s%.*s", global ? "" : mod, global ? "" : ".", (int) nlen, name);
      if (fl <= 0 || (size_t) fl >= sizeof full) { t->skipped++; continue; }
      bool common = global || !strcmp (mod, "smt") || !strcmp (mod, "sat") || !strcmp (mod, "rewriter");
      sg_rc rc = add_opt (t, full, (size_t) fl, ty, def, dlen, mod, !common);
      if (rc) return rc;
      char listed[256];
      /* the description: after "(type) ", before the last "(default: " */
      const char *ds = name + nlen, *de = def ? def : s + n;
      sg_solopt *o = &t->opts.a[t->opts.n - 1];
      /* "enable euf solver (this feature is preliminary and not ready for general consumption)" */
      o->experimental = mod_experimental || sg_solopt_says_experimental (ds, (size_t) (de - ds));
      if (ty == SG_SOPT_INT && z3_listed (ds, (size_t) (de - ds), listed, sizeof listed))
        {
          if (!(o->values = strdup (listed))) return SG_RC_NOMEM;
        }
    }
  return SG_RC_OK;
}

/* ---- cvc5 / cvc4 --help ----------------------------------------------------------------- */

/* An option entry being read: its first line and its description lines. */
typedef struct cvc_entry {
  char name[96];
  char arg[16];   /* "N", "MODE", ... ("" none) */
  sg_buf desc;    /* description, lines joined by blanks */
  bool open;
} cvc_entry;

static sg_rc
cvc_flush (sg_solopt_table *t, cvc_entry *e, const char *cat)
{
  if (!e->open) return SG_RC_OK;
  e->open = false;
  const char *desc = sg_buf_cstr (&e->desc);
  if (!desc) return SG_RC_NOMEM;
  sg_solopt_type ty;
  if (strstr (desc, "[*]")) ty = SG_SOPT_BOOL;
  else if (!e->arg[0]) ty = SG_SOPT_FLAG;
  else if (!strcmp (e->arg, "N")) ty = SG_SOPT_INT;
  else if (!strcmp (e->arg, "MODE")) ty = SG_SOPT_MODE;
  else if (!strcmp (e->arg, "P") || !strcmp (e->arg, "F")) ty = SG_SOPT_DOUBLE;
  else ty = SG_SOPT_STRING;
  /* Defaults as the help writes them: "(default is 'old'", "(N=25 by default)",
   * "(default false)" / "(default true)" for some bools. */
  const char *def = NULL;
  size_t dlen = 0;
  const char *d;
  if ((d = strstr (desc, "default is '")) || (d = strstr (desc, "default is \"")))
    {
      char q = d[11];
      def = d + 12;
      const char *end = strchr (def, q);
      dlen = end ? (size_t) (end - def) : 0;
    }
  else if ((d = strstr (desc, "(default true)")) || (d = strstr (desc, "(default false)")))
    {
      def = d + 9;
      dlen = d[9] == 't' ? 4 : 5;
    }
  else if (e->arg[0] && (d = strstr (desc, e->arg)) && d[strlen (e->arg)] == '='
           && (d == desc || !isalnum ((unsigned char) d[-1])))
    {
      def = d + strlen (e->arg) + 1;
      const char *end = strstr (def, " by default");
      dlen = end ? (size_t) (end - def) : 0;
    }
  if (!dlen) def = NULL;
  bool expert = strstr (desc, "EXPERTS only") != NULL;
  sg_rc rc = add_opt (t, e->name, strlen (e->name), ty, def, dlen, cat, expert);
  if (!rc && (strstr (desc, "unsound") || strstr (desc, "not SMT LIB compliant")))
    t->opts.a[t->opts.n - 1].unsound = true;
  /* "--fp-exp  Allow floating-point sorts of all sizes, ... (experimental)" */
  if (!rc) t->opts.a[t->opts.n - 1].experimental = sg_solopt_says_experimental (desc, strlen (desc));
  return rc;
}

/* "  --name=ARG | --alias | -x ARG   text": the first name and its argument; *rest gets the
 * description on the same line (after two blanks) or NULL. */
static bool
cvc_head (const char *s, size_t n, cvc_entry *e, const char **rest, size_t *rlen)
{
  if (n < 5 || memcmp (s, "  --", 4)) return false;
  size_t i = 4, k = 0;
  while (i < n && (isalnum ((unsigned char) s[i]) || s[i] == '-' || s[i] == '_') && k + 1 < sizeof e->name)
    e->name[k++] = s[i++];
  e->name[k] = 0;
  if (!k || (i < n && name_char ((unsigned char) s[i]))) return false;
  e->arg[0] = 0;
  if (i < n && s[i] == '=')
    {
      size_t a = 0;
      i++;
      while (i < n && (isupper ((unsigned char) s[i]) || s[i] == '_' || s[i] == '=') && a + 1 < sizeof e->arg)
        e->arg[a++] = s[i++];
      e->arg[a] = 0;
      if (!a) return false;
    }
  *rest = NULL;
  *rlen = 0;
  /* The description starts at the first run of two blanks after the names, or, when the
   * names fill the column (`--sets-infer-as-lemmas send ...`), at column 25 after one. */
  const char *two = memmem (s + i, n - i, "  ", 2);
  if (!two && n > 25 && i <= 24 && s[24] == ' ' && s[25] != ' ')
    {
      *rest = s + 25;
      *rlen = n - 25;
      return true;
    }
  if (two)
    {
      const char *r = two;
      while (r < s + n && *r == ' ') r++;
      if (r < s + n)
        {
          *rest = r;
          *rlen = (size_t) (s + n - r);
        }
    }
  return true;
}

sg_rc
sg_solopt_parse_cvc (sg_solopt_table *t, const char *text, size_t len)
{
  t->style = SG_SOPT_STYLE_CVC;
  char cat[64] = "common";
  cvc_entry e;
  memset (&e, 0, sizeof e);
  sg_buf_init (&e.desc);
  sg_rc rc = SG_RC_OK;
  bool started = false;
  size_t pos = 0;
  while (!rc && pos < len)
    {
      const char *s = text + pos;
      const char *nl = memchr (s, '\n', len - pos);
      size_t n = nl ? (size_t) (nl - s) : len - pos;
      pos += n + 1;
      const char *rest;
      size_t rlen;
      if (n > 9 && !memcmp (s, "From the ", 9) && s[n - 1] == ':')
        {
          rc = cvc_flush (t, &e, cat);
          const char *end = memmem (s, n, " module:", 8);
          size_t cl = end ? (size_t) (end - s - 9) : 0;
          if (!cl || cl >= sizeof cat) { t->skipped++; snprintf (cat, sizeof cat, "-"); }
          else snprintf (cat, sizeof cat, "%.*s", (int) cl, s + 9);
          started = true;
          continue;
        }
      if (n >= 6 && memmem (s, n, "options:", 8) && s[0] != ' ')
        {
          rc = cvc_flush (t, &e, cat);
          started = true;
          continue;
        }
      if (n >= 3 && !memcmp (s, "  --", 4 <= n ? 4 : n))
        {
          rc = cvc_flush (t, &e, cat);
          if (rc) break;
          if (!started || !cvc_head (s, n, &e, &rest, &rlen)) { t->skipped++; continue; }
          e.open = true;
          sg_buf_reset (&e.desc);
          if (rest) sg_buf_add (&e.desc, rest, rlen);
          continue;
        }
      if (e.open && n > 20 && s[0] == ' ' && s[2] == ' ')
        {
          const char *r = s;
          while (r < s + n && *r == ' ') r++;
          sg_buf_addc (&e.desc, ' ');
          sg_buf_add (&e.desc, r, (size_t) (s + n - r));
          continue;
        }
      rc = cvc_flush (t, &e, cat); /* a blank line or other text ends an entry */
      if (n && s[0] == '[') break;   /* "[*] Each of these options has a --no-..." */
    }
  if (!rc) rc = cvc_flush (t, &e, cat);
  if (!sg_buf_ok (&e.desc)) rc = SG_RC_NOMEM;
  sg_buf_free (&e.desc);
  return rc;
}

sg_rc
sg_solopt_parse_modes (sg_solopt *o, const char *text, size_t len)
{
  sg_buf v;
  sg_buf_init (&v);
  char *def = NULL;
  size_t pos = 0;
  uint32_t count = 0;
  while (pos < len && count < 64)
    {
      const char *s = text + pos;
      const char *nl = memchr (s, '\n', len - pos);
      size_t n = nl ? (size_t) (nl - s) : len - pos;
      pos += n + 1;
      if (n < 3 || s[0] != '+' || s[1] != ' ') continue;
      size_t k = 2;
      while (k < n && (isalnum ((unsigned char) s[k]) || s[k] == '-' || s[k] == '_' || s[k] == '.')) k++;
      if (k == 2 || (k < n && s[k] != ' ')) continue;
      /* "+ value" alone on its line, or followed by "(default)"; other "+ ..." lines are prose. */
      size_t r = k;
      while (r < n && s[r] == ' ') r++;
      if (r < n && (n - r != 9 || memcmp (s + r, "(default)", 9))) continue;
      if (count++) sg_buf_addc (&v, ' ');
      sg_buf_add (&v, s + 2, k - 2);
      if (!def && memmem (s + k, n - k, "(default)", 9)) def = dupn (s + 2, k - 2);
    }
  const char *vs = count ? sg_buf_cstr (&v) : NULL;
  sg_rc rc = sg_buf_ok (&v) ? SG_RC_OK : SG_RC_NOMEM;
  if (!rc && vs)
    {
      free (o->values);
      o->values = strdup (vs);
      if (!o->values) rc = SG_RC_NOMEM;
    }
  if (!rc && def)
    {
      free (o->def);
      o->def = def;
      def = NULL;
    }
  free (def);
  sg_buf_free (&v);
  return rc;
}

/* ---- the exclusion list ---------------------------------------------------------------- */

typedef enum { EXACT, PREFIX, SUB } match_kind;
typedef struct exclusion {
  bool allow;      /* an ALLOW row: an exception */
  bool semantic;   /* a SEMANTIC row: the option changes the meaning of the input */
  const char *solver;
  match_kind m;
  const char *text;
  const char *why;
} exclusion;

static const exclusion exclusions[] = {
#define EXCLUDE(s, m, t, w) { false, false, s, m, t, w },
#define SEMANTIC(s, m, t, w) { false, true, s, m, t, w },
#define ALLOW(s, m, t, w) { true, false, s, m, t, w },
#include "run/solopt_exclude.def"
#undef ALLOW
#undef SEMANTIC
#undef EXCLUDE
};

static bool
hits (const exclusion *x, const char *solver, const char *name)
{
  /* A row of a family holds for its releases too (z3-5.4.1, cvc5-1.4.2: run/release.h). */
  if (strcmp (x->solver, "*") && !sg_profile_same_family (x->solver, solver)) return false;
  return x->m == EXACT ? !strcmp (name, x->text)
         : x->m == PREFIX ? !strncmp (name, x->text, strlen (x->text))
                          : strstr (name, x->text) != NULL;
}

const char *
sg_solopt_exclusion (const char *solver, const char *name)
{
  size_t n = sizeof exclusions / sizeof exclusions[0];
  for (size_t i = 0; i < n; i++)
    if (exclusions[i].allow && hits (&exclusions[i], solver, name)) return NULL;
  for (size_t i = 0; i < n; i++)
    if (!exclusions[i].allow && hits (&exclusions[i], solver, name)) return exclusions[i].why;
  return NULL;
}

const char *
sg_solopt_semantic (const char *solver, const char *name)
{
  size_t n = sizeof exclusions / sizeof exclusions[0];
  for (size_t i = 0; i < n; i++)
    if (exclusions[i].semantic && hits (&exclusions[i], solver, name)) return exclusions[i].why;
  return NULL;
}

void
sg_solopt_mark_excluded (sg_solopt_table *t)
{
  for (uint32_t i = 0; i < t->opts.n; i++)
    t->opts.a[i].excluded = t->opts.a[i].unsound || sg_solopt_exclusion (t->solver, t->opts.a[i].name);
}

/* ---- options of a command line, for reports --------------------------------------------- */

/* The option named s[0, n) in t, or NULL. */
static const sg_solopt *
named (const sg_solopt_table *t, const char *s, size_t n)
{
  for (uint32_t i = 0; i < t->opts.n; i++)
    if (strlen (t->opts.a[i].name) == n && !memcmp (t->opts.a[i].name, s, n)) return &t->opts.a[i];
  return NULL;
}

const sg_solopt *
sg_solopt_of_word (const sg_solopt_table *t, const char *word)
{
  if (t->style == SG_SOPT_STYLE_CVC)
    {
      if (strncmp (word, "--", 2)) return NULL;
      word += 2;
    }
  size_t n = strcspn (word, "=");
  if (!n) return NULL;
  const sg_solopt *o = named (t, word, n);
  /* cvc: --no-NAME is the other value of the bool NAME */
  if (!o && t->style == SG_SOPT_STYLE_CVC && n > 3 && !strncmp (word, "no-", 3) && !word[n])
    {
      o = named (t, word + 3, n - 3);
      if (o && o->type != SG_SOPT_BOOL) o = NULL;
    }
  return o;
}

const char *
sg_solopt_caveat (const sg_solopt_table *t, const sg_solopt *o)
{
  bool expert = o->expert && t->style == SG_SOPT_STYLE_CVC;
  if (o->experimental && expert) return "experimental, expert";
  if (o->experimental) return "experimental";
  return expert ? "expert" : NULL;
}
