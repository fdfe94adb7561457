/* opt: parse argv and print help from one table of option rows. */
#include "base/opt.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool
in_scope (const sg_opt *r, unsigned scope)
{
  return !r->scope || !scope || (r->scope & scope);
}

static bool
spelled (const sg_opt *r, const char *a)
{
  return !strcmp (r->name, a) || (r->alias && !strcmp (r->alias, a));
}

const sg_opt *
sg_opt_find (const sg_opt *rows, size_t n, unsigned scope, const char *name)
{
  for (size_t k = 0; k < n; k++)
    if (in_scope (&rows[k], scope) && spelled (&rows[k], name)) return &rows[k];
  return NULL;
}

static bool
parse_u64 (const char *v, uint64_t *out)
{
  char *end;
  errno = 0;
  if (*v < '0' || *v > '9') return false; /* strtoull would skip blanks and take a sign */
  unsigned long long x = strtoull (v, &end, 10);
  if (errno || *end) return false;
  *out = x;
  return true;
}

/* The index of v among "a|b|c", or -1. */
static int
choice_index (const char *choices, const char *v)
{
  int k = 0;
  for (const char *p = choices; *p; k++)
    {
      size_t len = strcspn (p, "|");
      if (len == strlen (v) && !strncmp (p, v, len)) return k;
      p += len + (p[len] == '|');
    }
  return -1;
}

static int
bad (const sg_opt *r, const char *a, const char *v, char *err, size_t esize)
{
  if (r->type == SG_OPT_CHOICE)
    {
      char list[128];
      snprintf (list, sizeof list, "%s", r->choices);
      char *last = strrchr (list, '|');
      for (char *p = list; *p; p++)
        if (*p == '|') *p = ',';
      if (last) /* "a, b or c" */
        {
          char pretty[192];
          *last = 0;
          size_t m = 0;
          for (const char *p = list; *p && m + 3 < sizeof pretty; p++)
            {
              pretty[m++] = *p;
              if (*p == ',') pretty[m++] = ' ';
            }
          pretty[m] = 0;
          snprintf (err, esize, "%s needs %s or %s, got '%s'", a, pretty, last + 1, v);
          return -1;
        }
    }
  snprintf (err, esize, "%s needs %s, got '%s'", a, r->what ? r->what : "a value", v);
  return -1;
}

int
sg_opt_parse (const sg_opt *rows, size_t n, unsigned scope, void *target, int argc, char **argv, int *i,
              char *err, size_t esize)
{
  const char *a = argv[*i];
  const sg_opt *r = sg_opt_find (rows, n, scope, a);
  const char *attached = NULL; /* the value of "--jobs=4" or "-j4" */
  char name[64];
  if (!r)
    {
      const char *eq = a[0] == '-' && a[1] == '-' ? strchr (a, '=') : NULL;
      size_t len = eq ? (size_t) (eq - a) : a[0] == '-' && a[1] && a[1] != '-' && a[2] ? 2 : 0;
      if (!len || len >= sizeof name) return 0;
      memcpy (name, a, len);
      name[len] = 0;
      r = sg_opt_find (rows, n, scope, name);
      if (!r || (!eq && (!r->arg || r->type == SG_OPT_U32X2))) return 0; /* "-vx": not ours */
      if (!r->arg || r->type == SG_OPT_U32X2)
        {
          snprintf (err, esize, r->arg ? "%s needs two values, not '%s'" : "%s takes no value, got '%s'", name,
                    eq + 1);
          return -1;
        }
      attached = a + len + (eq != NULL);
      a = name;
    }
  char *field = (char *) target + r->off;
  const char *v = NULL;
  if (attached) v = attached;
  else if (r->arg)
    {
      if (*i + 1 >= argc) { snprintf (err, esize, "%s needs a value", a); return -1; }
      v = argv[++*i];
    }
  switch (r->type)
    {
    case SG_OPT_STR:
      /* "--out=" or --out "": no value, never a path that names / or the current directory */
      if (!*v) return bad (r, a, v, err, esize);
      memcpy (field, &v, sizeof v);
      break;
    case SG_OPT_U32:
    case SG_OPT_U64:
      {
        uint64_t x;
        if (!parse_u64 (v, &x) || (double) x < r->lo || (double) x > r->hi) return bad (r, a, v, err, esize);
        if (r->type == SG_OPT_U64) memcpy (field, &x, sizeof x);
        else { uint32_t y = (uint32_t) x; memcpy (field, &y, sizeof y); }
        break;
      }
    case SG_OPT_SECS:
      {
        char *end;
        errno = 0;
        double d = strtod (v, &end);
        /* decimal or exponent form only: strtod also reads hex ("0x10" is 16) */
        bool decimal = v[strspn (v, "0123456789.eE+-")] == 0;
        if (errno || *end || !*v || !decimal || !isfinite (d) || !(d >= r->lo) || d > r->hi) return bad (r, a, v, err, esize);
        memcpy (field, &d, sizeof d);
        break;
      }
    case SG_OPT_CHOICE:
      {
        int k = choice_index (r->choices, v);
        if (k < 0) return bad (r, a, v, err, esize);
        memcpy (field, &k, sizeof k);
        break;
      }
    case SG_OPT_U32X2:
      {
        if (*i + 1 >= argc) { snprintf (err, esize, "%s needs two values", a); return -1; }
        const char *v2 = argv[++*i];
        uint64_t x, y;
        if (!parse_u64 (v, &x) || (double) x < r->lo || (double) x > r->hi) return bad (r, a, v, err, esize);
        if (!parse_u64 (v2, &y) || (double) y < r->lo || (double) y > r->hi) return bad (r, a, v2, err, esize);
        uint32_t xy[2] = { (uint32_t) x, (uint32_t) y };
        memcpy (field, xy, sizeof xy);
        break;
      }
    case SG_OPT_SET: { int x = (int) r->lo; memcpy (field, &x, sizeof x); break; }
    case SG_OPT_TRUE: { bool b = true; memcpy (field, &b, sizeof b); break; }
    case SG_OPT_FALSE: { bool b = false; memcpy (field, &b, sizeof b); break; }
    }
  if (r->given != SG_OPT_NO_GIVEN)
    {
      bool b = true;
      memcpy ((char *) target + r->given, &b, sizeof b);
    }
  return 1;
}

/* The value of r's field in defaults, as the help shows it. */
static void
show_default (const sg_opt *r, const void *defaults, char *out, size_t size)
{
  const char *field = (const char *) defaults + r->off;
  switch (r->type)
    {
    case SG_OPT_STR:
      {
        const char *s;
        memcpy (&s, field, sizeof s);
        snprintf (out, size, "%s", s ? s : "none");
        break;
      }
    case SG_OPT_U32: { uint32_t x; memcpy (&x, field, sizeof x); snprintf (out, size, "%u", x); break; }
    case SG_OPT_U32X2:
      {
        uint32_t xy[2];
        memcpy (xy, field, sizeof xy);
        snprintf (out, size, "%u %u", xy[0], xy[1]);
        break;
      }
    case SG_OPT_U64:
      {
        uint64_t x;
        memcpy (&x, field, sizeof x);
        snprintf (out, size, "%llu", (unsigned long long) x);
        break;
      }
    case SG_OPT_SECS: { double d; memcpy (&d, field, sizeof d); snprintf (out, size, "%g", d); break; }
    case SG_OPT_CHOICE:
      {
        int k;
        memcpy (&k, field, sizeof k);
        const char *p = r->choices;
        for (; k > 0 && *p; k--) p += strcspn (p, "|") + (p[strcspn (p, "|")] == '|');
        snprintf (out, size, "%.*s", (int) strcspn (p, "|"), p);
        break;
      }
    default: snprintf (out, size, "?"); break;
    }
}

enum { HELP_COLUMN = 21 };

void
sg_opt_help (const sg_opt *rows, size_t n, unsigned scope, const void *defaults, sg_buf *out)
{
  for (size_t k = 0; k < n; k++)
    {
      const sg_opt *r = &rows[k];
      if (!in_scope (r, scope)) continue;
      size_t start = out->len;
      sg_buf_adds (out, "  ");
      if (r->alias) { sg_buf_adds (out, r->alias); sg_buf_adds (out, ", "); }
      sg_buf_adds (out, r->name);
      if (r->arg) { sg_buf_addc (out, ' '); sg_buf_adds (out, r->arg); }
      do sg_buf_addc (out, ' ');
      while (out->len - start < HELP_COLUMN);
      for (const char *p = r->help; *p; p++)
        if (p[0] == '%' && p[1] == 'D')
          {
            char v[64];
            show_default (r, defaults, v, sizeof v);
            sg_buf_adds (out, v);
            p++;
          }
        else if (*p == '\n')
          {
            sg_buf_addc (out, '\n');
            for (int s = 0; s < HELP_COLUMN; s++) sg_buf_addc (out, ' ');
          }
        else
          sg_buf_addc (out, *p);
      sg_buf_addc (out, '\n');
    }
}
