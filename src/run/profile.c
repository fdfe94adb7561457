/* profile: the key = value loader, argv building, version probe and solver specs. */
#include "run/profile.h"
#include "run/release.h"

#include "base/file.h"

#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/spawn.h"

enum {
  MAX_FILE = 1 << 16,   /* bytes of a profile or spec file */
  MAX_WORD = 1024,      /* bytes of one argv word */
  MAX_WORDS = 64,       /* words of one value */
  VERSION_MS = 5000,    /* limit of the version probe */
};

void
sg_strv_free (sg_strv *v)
{
  for (uint32_t i = 0; i < v->n; i++) free (v->a[i]);
  SG_VEC_FREE (*v);
}

static sg_rc
strv_push (sg_strv *v, const char *s, size_t n)
{
  char *w = malloc (n + 1);
  if (!w) return SG_RC_NOMEM;
  memcpy (w, s, n);
  w[n] = 0;
  if (!SG_VEC_PUSH (*v, w))
    {
      free (w);
      return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

static sg_rc
strv_copy (const sg_strv *src, sg_strv *dst)
{
  for (uint32_t i = 0; i < src->n; i++)
    {
      sg_rc rc = strv_push (dst, src->a[i], strlen (src->a[i]));
      if (rc) return rc;
    }
  return SG_RC_OK;
}

/* Append the user's words, except an option word ('-...') that argv already has: the spec
 * "cvc4 --check-models -q" must not give cvc4 a second -q, which silences its answers
 * (cvc4 1.8 counts -q; a repeated flag is harmless for the others); and except the words of
 * drop (may be NULL). */
static sg_rc
strv_copy_user (const sg_strv *src, const sg_strv *drop, sg_strv *dst)
{
  for (uint32_t i = 0; i < src->n; i++)
    {
      bool dup = false;
      if (src->a[i][0] == '-')
        for (uint32_t k = 0; k < dst->n && !dup; k++)
          dup = dst->a[k] && !strcmp (dst->a[k], src->a[i]);
      for (uint32_t k = 0; drop && k < drop->n && !dup; k++)
        dup = drop->a[k] && !strcmp (drop->a[k], src->a[i]);
      if (dup) continue;
      sg_rc rc = strv_push (dst, src->a[i], strlen (src->a[i]));
      if (rc) return rc;
    }
  return SG_RC_OK;
}

/* The word-list fields, for init/free/copy. */
#define SG_PROFILE_LISTS(X)                                                                   \
  X (args) X (stdin_args) X (incremental_args) X (model_args) X (validate_args) X (own_check_words) X (checked_model_args) \
  X (strings_args) X (fp_args) X (core_args) X (timeout_args) X (version_args) X (session_args) X (logics)              \
  X (logics_without) X (user_args)

void
sg_profile_init (sg_profile *p)
{
  memset (p, 0, sizeof *p);
  p->input = SG_INPUT_FILE;
  p->n_ok_exits = 1; /* ok_exits[0] = 0 */
  p->session_multiline = true;
}

void
sg_profile_free (sg_profile *p)
{
  free (p->binary);
#define X(f) sg_strv_free (&p->f);
  SG_PROFILE_LISTS (X)
#undef X
  sg_profile_init (p);
}

sg_rc
sg_profile_copy (const sg_profile *src, sg_profile *dst)
{
  /* Every scalar field as it is (a field added later is copied too); the owned strings and
   * word lists are copied below. */
  *dst = *src;
  dst->binary = NULL;
#define X(f) memset (&dst->f, 0, sizeof dst->f);
  SG_PROFILE_LISTS (X)
#undef X
  sg_rc rc = SG_RC_OK;
  if (src->binary && !(dst->binary = strdup (src->binary))) rc = SG_RC_NOMEM;
#define X(f) if (!rc) rc = strv_copy (&src->f, &dst->f);
  SG_PROFILE_LISTS (X)
#undef X
  if (rc) sg_profile_free (dst);
  return rc;
}

/* ---- the key = value loader ---- */

typedef enum key_type {
  K_NAME,   /* profile name */
  K_WORD,   /* exactly one word (binary) */
  K_INPUT,  /* file | stdin */
  K_WORDS,  /* argv words */
  K_LOGICS, /* logic names or fragments: [A-Za-z0-9_]+ */
  K_EXITS,  /* exit codes 0..255 */
  K_BOOL,   /* yes | no */
  K_TEXT,   /* free text, ignored (description) */
} key_type;

static const struct key {
  const char *key; /* as written in the file */
  key_type type;   /* value syntax */
  size_t off;      /* field offset (K_WORD, K_WORDS, K_LOGICS, K_BOOL) */
} KEYS[] = {
#define FIELD(key, type, field) { key, type, offsetof (sg_profile, field) },
#define KEY(key, type) { key, type, 0 },
#include "run/profile_keys.def"
#undef FIELD
#undef KEY
};
enum { NKEYS = sizeof KEYS / sizeof *KEYS };

static bool
is_blank (char c)
{
  return c == ' ' || c == '\t';
}

static bool
name_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
         || c == '-' || c == '.';
}

/* Split v[0..n) into words; each is validated and pushed. col0 = column of v[0]. */
static sg_rc
words (const char *v, size_t n, uint32_t line, uint32_t col0, key_type t, sg_strv *out,
       sg_diag *d)
{
  size_t i = 0;
  uint32_t count = 0;
  while (i < n)
    {
      while (i < n && is_blank (v[i])) i++;
      if (i == n) break;
      size_t s = i;
      while (i < n && !is_blank (v[i])) i++;
      size_t len = i - s;
      uint32_t col = col0 + (uint32_t) s;
      if (++count > MAX_WORDS)
        return sg_diag_set (d, SG_RC_LIMIT, line, col, "more than %d words", MAX_WORDS);
      if (len > MAX_WORD)
        return sg_diag_set (d, SG_RC_LIMIT, line, col, "word longer than %d bytes", MAX_WORD);
      if (t == K_LOGICS)
        for (size_t k = s; k < i; k++)
          if (!name_char (v[k]) || v[k] == '.' || v[k] == '-')
            return sg_diag_set (d, SG_RC_PARSE, line, col0 + (uint32_t) k,
                                "bad character '%c' in a logic name", v[k]);
      sg_rc rc = strv_push (out, v + s, len);
      if (rc) return rc;
    }
  return SG_RC_OK;
}

static sg_rc
set_key (sg_profile *p, const struct key *k, const char *v, size_t n, uint32_t line,
         uint32_t col, sg_diag *d)
{
  switch (k->type)
    {
    case K_NAME:
      if (n == 0 || n > SG_PROFILE_NAME_MAX)
        return sg_diag_set (d, SG_RC_PARSE, line, col, "name must have 1..%u characters",
                            SG_PROFILE_NAME_MAX);
      for (size_t i = 0; i < n; i++)
        if (!name_char (v[i]))
          return sg_diag_set (d, SG_RC_PARSE, line, col + (uint32_t) i,
                              "bad character '%c' in name (letters, digits, _ . -)", v[i]);
      memcpy (p->name, v, n);
      p->name[n] = 0;
      return SG_RC_OK;
    case K_WORD:
      {
        if (n == 0) return sg_diag_set (d, SG_RC_PARSE, line, col, "empty value");
        for (size_t i = 0; i < n; i++)
          if (is_blank (v[i]))
            return sg_diag_set (d, SG_RC_PARSE, line, col + (uint32_t) i,
                                "one word expected (no blanks; the binary takes no arguments "
                                "here, use args)");
        if (n > MAX_WORD)
          return sg_diag_set (d, SG_RC_LIMIT, line, col, "longer than %d bytes", MAX_WORD);
        char **f = (char **) ((char *) p + k->off);
        free (*f);
        *f = strndup (v, n);
        return *f ? SG_RC_OK : SG_RC_NOMEM;
      }
    case K_INPUT:
      if (n == 4 && !memcmp (v, "file", 4)) p->input = SG_INPUT_FILE;
      else if (n == 5 && !memcmp (v, "stdin", 5)) p->input = SG_INPUT_STDIN;
      else return sg_diag_set (d, SG_RC_PARSE, line, col, "input must be 'file' or 'stdin'");
      return SG_RC_OK;
    case K_BOOL:
      {
        bool *f = (bool *) ((char *) p + k->off);
        if (n == 3 && !memcmp (v, "yes", 3)) *f = true;
        else if (n == 2 && !memcmp (v, "no", 2)) *f = false;
        else return sg_diag_set (d, SG_RC_PARSE, line, col, "expected 'yes' or 'no'");
        return SG_RC_OK;
      }
    case K_EXITS:
      {
        p->n_ok_exits = 0;
        size_t i = 0;
        while (i < n)
          {
            while (i < n && is_blank (v[i])) i++;
            if (i == n) break;
            size_t s = i;
            int val = 0;
            while (i < n && v[i] >= '0' && v[i] <= '9' && val <= 255) val = val * 10 + (v[i++] - '0');
            if (i == s || (i < n && !is_blank (v[i])) || val > 255)
              return sg_diag_set (d, SG_RC_PARSE, line, col + (uint32_t) s,
                                  "exit codes are numbers 0..255");
            if (p->n_ok_exits == SG_PROFILE_MAX_EXITS)
              return sg_diag_set (d, SG_RC_LIMIT, line, col + (uint32_t) s,
                                  "more than %u exit codes", SG_PROFILE_MAX_EXITS);
            p->ok_exits[p->n_ok_exits++] = val;
          }
        if (p->n_ok_exits == 0)
          return sg_diag_set (d, SG_RC_PARSE, line, col, "at least one exit code");
        return SG_RC_OK;
      }
    case K_WORDS:
    case K_LOGICS:
      {
        sg_strv *f = (sg_strv *) ((char *) p + k->off);
        sg_strv_free (f);
        sg_rc rc = words (v, n, line, col, k->type, f, d);
        if (rc || k->off != offsetof (sg_profile, timeout_args)) return rc;
        bool has = false;
        for (uint32_t i = 0; i < f->n; i++)
          {
            const char *w = f->a[i], *b = strchr (w, '{');
            if (b && !strncmp (b, "{s}", 3) && !strchr (b + 1, '{')) has = true;
            else if (b && !strncmp (b, "{ms}", 4) && !strchr (b + 1, '{')) has = true;
            else if (b)
              return sg_diag_set (d, SG_RC_PARSE, line, col,
                                  "timeout_args: only one {s} or {ms} per word");
          }
        if (f->n && !has)
          return sg_diag_set (d, SG_RC_PARSE, line, col,
                              "timeout_args must contain {s} (seconds) or {ms} (milliseconds)");
        return SG_RC_OK;
      }
    case K_TEXT: return SG_RC_OK;
    }
  return SG_RC_OK;
}

sg_rc
sg_profile_parse (const char *text, size_t len, const char *name, sg_profile *p, sg_diag *d)
{
  sg_profile_init (p);
  sg_diag_init (d, name);
  bool seen[NKEYS] = { false };
  uint32_t line = 0;
  size_t i = 0;
  sg_rc rc = SG_RC_OK;
  while (i < len && !rc)
    {
      const char *nl = memchr (text + i, '\n', len - i);
      size_t e = nl ? (size_t) (nl - text) : len;
      const char *l = text + i;
      size_t n = e - i;
      i = e + 1;
      line++;
      if (n && l[n - 1] == '\r') n--;
      for (size_t k = 0; k < n && !rc; k++)
        if ((unsigned char) l[k] < 0x20 && l[k] != '\t')
          rc = sg_diag_set (d, SG_RC_PARSE, line, (uint32_t) k + 1, "control character 0x%02x",
                            (unsigned char) l[k]);
      if (rc) break;
      size_t a = 0;
      while (a < n && is_blank (l[a])) a++;
      if (a == n || l[a] == '#') continue;
      const char *eq = memchr (l, '=', n);
      if (!eq)
        {
          rc = sg_diag_set (d, SG_RC_PARSE, line, (uint32_t) a + 1, "expected 'key = value'");
          break;
        }
      size_t ke = (size_t) (eq - l);
      while (ke > a && is_blank (l[ke - 1])) ke--;
      size_t vs = (size_t) (eq - l) + 1, ve = n;
      while (vs < ve && is_blank (l[vs])) vs++;
      while (ve > vs && is_blank (l[ve - 1])) ve--;
      int which = -1;
      for (int k = 0; k < NKEYS; k++)
        if (strlen (KEYS[k].key) == ke - a && !memcmp (KEYS[k].key, l + a, ke - a)) which = k;
      if (which < 0)
        {
          rc = sg_diag_set (d, SG_RC_PARSE, line, (uint32_t) a + 1, "unknown key '%.*s'",
                            (int) (ke - a > 40 ? 40 : ke - a), l + a);
          break;
        }
      if (seen[which])
        {
          rc = sg_diag_set (d, SG_RC_PARSE, line, (uint32_t) a + 1, "duplicate key '%s'",
                            KEYS[which].key);
          break;
        }
      seen[which] = true;
      rc = set_key (p, &KEYS[which], l + vs, ve - vs, line, (uint32_t) vs + 1, d);
    }
  if (!rc && !p->name[0]) rc = sg_diag_set (d, SG_RC_PARSE, line + 1, 1, "missing key 'name'");
  if (!rc && !p->binary) rc = sg_diag_set (d, SG_RC_PARSE, line + 1, 1, "missing key 'binary'");
  if (!rc && p->session && !p->session_args.n)
    rc = sg_diag_set (d, SG_RC_PARSE, line + 1, 1, "session = yes needs session_args");
  if (!rc && !p->version_args.n) rc = strv_push (&p->version_args, "--version", 9);
  if (rc) sg_profile_free (p);
  return rc;
}

static sg_rc
slurp (const char *path, char **text, size_t *len, sg_diag *d)
{
  return sg_file_read (path, MAX_FILE, text, len, d);
}

sg_rc
sg_profile_load_file (const char *path, sg_profile *p, sg_diag *d)
{
  sg_profile_init (p);
  sg_diag_init (d, path);
  char *text;
  size_t len;
  sg_rc rc = slurp (path, &text, &len, d);
  if (rc) return rc;
  rc = sg_profile_parse (text, len, path, p, d);
  free (text);
  return rc;
}

static void
basename_of (const char *word, char *out, size_t size)
{
  const char *b = strrchr (word, '/');
  b = b ? b + 1 : word;
  size_t k = 0;
  for (; *b && k + 1 < size; b++) out[k++] = name_char (*b) ? *b : '_';
  out[k] = 0;
  if (!k) snprintf (out, size, "solver");
}

sg_rc
sg_profile_generic (const char *binary, sg_profile *p)
{
  sg_profile_init (p);
  basename_of (binary, p->name, sizeof p->name);
  p->binary = strdup (binary);
  if (!p->binary || strv_push (&p->version_args, "--version", 9))
    {
      sg_profile_free (p);
      return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

/* ---- argv ---- */

static sg_rc
push_timeout (sg_strv *argv, const sg_strv *tmpl, uint32_t ms)
{
  char num[16];
  for (uint32_t i = 0; i < tmpl->n; i++)
    {
      const char *w = tmpl->a[i], *b = strchr (w, '{');
      if (!b)
        {
          if (strv_push (argv, w, strlen (w))) return SG_RC_NOMEM;
          continue;
        }
      bool sec = !strncmp (b, "{s}", 3);
      snprintf (num, sizeof num, "%u", sec ? (ms + 999) / 1000 : ms);
      size_t skip = sec ? 3 : 4;
      char buf[MAX_WORD + 32];
      snprintf (buf, sizeof buf, "%.*s%s%s", (int) (b - w), w, num, b + skip);
      if (strv_push (argv, buf, strlen (buf))) return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

static sg_rc
build (const sg_profile *p, const sg_argv_opts *o, bool session, sg_strv *argv)
{
  memset (argv, 0, sizeof *argv);
  sg_rc rc = strv_push (argv, p->binary, strlen (p->binary));
  if (!rc) rc = strv_copy (&p->args, argv);
  if (!rc && session) rc = strv_copy (&p->session_args, argv);
  if (!rc && o->incremental && !session) rc = strv_copy (&p->incremental_args, argv);
  if (!rc && o->models) rc = strv_copy (&p->model_args, argv);
  if (!rc && o->validate) rc = strv_copy (&p->validate_args, argv);
  if (!rc && o->validate && o->checked_model) rc = strv_copy (&p->checked_model_args, argv);
  if (!rc && o->strings) rc = strv_copy (&p->strings_args, argv);
  if (!rc && o->fp) rc = strv_copy (&p->fp_args, argv);
  if (!rc && o->core) rc = strv_copy (&p->core_args, argv);
  if (!rc && o->solver_timeout_ms && !session)
    rc = push_timeout (argv, &p->timeout_args, o->solver_timeout_ms);
  if (!rc) rc = strv_copy_user (&p->user_args, o->no_validate ? &p->validate_args : NULL, argv);
  if (!rc && !session)
    {
      if (o->on_stdin || p->input == SG_INPUT_STDIN) rc = strv_copy (&p->stdin_args, argv);
      else if (!o->script_path) rc = SG_RC_USAGE;
      else rc = strv_push (argv, o->script_path, strlen (o->script_path));
    }
  if (!rc && !SG_VEC_PUSH (*argv, NULL)) rc = SG_RC_NOMEM;
  if (rc) sg_strv_free (argv);
  return rc;
}

sg_rc
sg_profile_argv (const sg_profile *p, const sg_argv_opts *o, sg_strv *argv)
{
  return build (p, o, false, argv);
}

sg_rc
sg_profile_session_argv (const sg_profile *p, const sg_argv_opts *o, sg_strv *argv)
{
  if (!p->session)
    {
      memset (argv, 0, sizeof *argv);
      return SG_RC_USAGE;
    }
  return build (p, o, true, argv);
}

/* The length of name's family: up to a "-VERSION" suffix (digits and dots, a digit first), else
 * the whole name (run-yices.sh and run-bitwuzla.sh, z3-noodler, cvc5-fp are their own). */
static size_t
family_len (const char *name)
{
  const char *dash = strrchr (name, '-');
  if (!dash || dash == name || !isdigit ((unsigned char) dash[1])) return strlen (name);
  for (const char *c = dash + 1; *c; c++)
    if (!isdigit ((unsigned char) *c) && *c != '.') return strlen (name);
  return (size_t) (dash - name);
}

bool
sg_profile_same_family (const char *a, const char *b)
{
  size_t la = family_len (a), lb = family_len (b);
  return la == lb && !memcmp (a, b, la);
}

bool
sg_profile_accepts_logic (const sg_profile *p, const char *logic)
{
  if (!logic || !*logic) return true;
  for (uint32_t i = 0; i < p->logics_without.n; i++)
    if (strstr (logic, p->logics_without.a[i])) return false;
  if (!p->logics.n) return true;
  for (uint32_t i = 0; i < p->logics.n; i++)
    if (!strcmp (logic, p->logics.a[i])) return true;
  return false;
}

bool
sg_profile_is_ok_exit (const sg_profile *p, int code)
{
  for (uint32_t i = 0; i < p->n_ok_exits; i++)
    if (p->ok_exits[i] == code) return true;
  return false;
}

/* ---- version ---- */

void
sg_profile_extract_version (const char *text, size_t len, char *out, size_t size)
{
  out[0] = 0;
  size_t i = 0;
  while (i < len)
    {
      while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
        i++;
      size_t s = i;
      while (i < len && !(text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
        i++;
      if (s == i || text[s] < '0' || text[s] > '9') continue;
      size_t e = s;
      bool dot = false;
      while (e < i && (name_char (text[e]) || text[e] == '+'))
        dot |= text[e++] == '.';
      while (e > s && (text[e - 1] == '.' || text[e - 1] == '-' || text[e - 1] == '_')) e--;
      if (!dot || e == s) continue;
      size_t n = e - s < size - 1 ? e - s : size - 1;
      memcpy (out, text + s, n);
      out[n] = 0;
      if (strchr (out, '.')) return;
      out[0] = 0;
    }
}

bool
sg_profile_installed (const sg_profile *p)
{
  if (!p->binary || !p->binary[0]) return false;
  if (strchr (p->binary, '/')) return access (p->binary, X_OK) == 0;
  const char *path = getenv ("PATH");
  if (!path) path = "/usr/local/bin:/usr/bin:/bin";
  char buf[4096];
  while (*path)
    {
      const char *colon = strchr (path, ':');
      size_t n = colon ? (size_t) (colon - path) : strlen (path);
      int w = snprintf (buf, sizeof buf, "%.*s/%s", (int) (n ? n : 1), n ? path : ".", p->binary);
      if (w > 0 && (size_t) w < sizeof buf && access (buf, X_OK) == 0) return true;
      if (!colon) break;
      path = colon + 1;
    }
  return false;
}

sg_rc
sg_profile_version (sg_profile *p, const char **version)
{
  *version = p->version;
  if (p->version_probed) return SG_RC_OK;
  sg_strv argv;
  memset (&argv, 0, sizeof argv);
  sg_rc rc = strv_push (&argv, p->binary, strlen (p->binary));
  if (!rc) rc = strv_copy (&p->version_args, &argv);
  if (!rc && !SG_VEC_PUSH (argv, NULL)) rc = SG_RC_NOMEM;
  if (rc)
    {
      sg_strv_free (&argv);
      return rc;
    }
  sg_spawn_opts o;
  memset (&o, 0, sizeof o);
  o.argv = (const char *const *) argv.a;
  o.timeout_ms = VERSION_MS;
  o.out_cap = o.err_cap = 1 << 16;
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  rc = sg_spawn_run (&o, &r);
  if (!rc && r.end != SG_END_EXITED && r.end != SG_END_SIGNALED) rc = SG_RC_IO;
  if (!rc)
    {
      sg_profile_extract_version (r.out.s ? r.out.s : "", r.out.len, p->version,
                                  sizeof p->version);
      if (!p->version[0])
        sg_profile_extract_version (r.err.s ? r.err.s : "", r.err.len, p->version,
                                    sizeof p->version);
      p->version_probed = true;
    }
  sg_spawn_result_free (&r);
  sg_strv_free (&argv);
  return rc;
}

/* ---- profile sets and specs ---- */

sg_rc
sg_profiles_init (sg_profiles *ps, sg_diag *d)
{
  memset (ps, 0, sizeof *ps);
  static const struct {
    const char *where; /* diagnostics name */
    const char *text;  /* the profile */
  } rows[] = {
#define PROFILE(n, t) { "<built-in " #n ">", t },
#include "run/profiles.def"
#undef PROFILE
  };
  for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
    {
      sg_profile p;
      sg_rc rc = sg_profile_parse (rows[i].text, strlen (rows[i].text), rows[i].where, &p, d);
      if (!rc && !SG_VEC_PUSH (ps->all, p))
        {
          sg_profile_free (&p);
          rc = SG_RC_NOMEM;
        }
      if (rc)
        {
          sg_profiles_free (ps);
          return rc;
        }
    }
  return SG_RC_OK;
}

void
sg_profiles_free (sg_profiles *ps)
{
  for (uint32_t i = 0; i < ps->all.n; i++) sg_profile_free (&ps->all.a[i]);
  SG_VEC_FREE (ps->all);
  sg_strv_free (&ps->paths);
}

const sg_profile *
sg_profiles_find (const sg_profiles *ps, const char *name)
{
  for (uint32_t i = 0; i < ps->all.n; i++)
    if (!strcmp (ps->all.a[i].name, name)) return &ps->all.a[i];
  return NULL;
}

sg_rc
sg_profiles_add_file (sg_profiles *ps, const char *path, sg_diag *d)
{
  sg_profile p;
  sg_rc rc = sg_profile_load_file (path, &p, d);
  if (rc) return rc;
  for (uint32_t i = 0; i < ps->all.n; i++)
    if (!strcmp (ps->all.a[i].name, p.name))
      {
        sg_profile_free (&ps->all.a[i]);
        ps->all.a[i] = p;
        return SG_RC_OK;
      }
  if (!SG_VEC_PUSH (ps->all, p))
    {
      sg_profile_free (&p);
      return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

static int
cmp_str (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

sg_rc
sg_profiles_add_dir (sg_profiles *ps, const char *dir, sg_diag *d)
{
  sg_diag_init (d, dir);
  DIR *dh = opendir (dir);
  if (!dh) return sg_diag_set (d, SG_RC_IO, 0, 0, "cannot open directory: %s", strerror (errno));
  uint32_t first = ps->paths.n;
  sg_rc rc = SG_RC_OK;
  struct dirent *e;
  while (!rc && (e = readdir (dh)))
    {
      size_t n = strlen (e->d_name);
      if (n > 8 && !strcmp (e->d_name + n - 8, ".profile") && e->d_name[0] != '.')
        {
          size_t dl = strlen (dir);
          char *full = malloc (dl + n + 2);
          if (!full) { rc = SG_RC_NOMEM; break; }
          snprintf (full, dl + n + 2, "%s/%s", dir, e->d_name);
          /* Kept in the set: diagnostics point into these names. */
          if (!SG_VEC_PUSH (ps->paths, full)) { free (full); rc = SG_RC_NOMEM; }
        }
    }
  closedir (dh);
  if (!rc && ps->paths.n > first)
    qsort (ps->paths.a + first, ps->paths.n - first, sizeof *ps->paths.a, cmp_str);
  for (uint32_t i = first; !rc && i < ps->paths.n; i++)
    rc = sg_profiles_add_file (ps, ps->paths.a[i], d);
  return rc;
}

void
sg_solver_list_free (sg_solver_list *l)
{
  for (uint32_t i = 0; i < l->n; i++) sg_profile_free (&l->a[i]);
  SG_VEC_FREE (*l);
}

/* One solver "cmd arg ..." of a spec: [s, s+n) at column col0 of line `line`. */
static sg_rc
one_solver (const sg_profiles *ps, const char *s, size_t n, uint32_t line, uint32_t col0,
            sg_solver_list *out, sg_diag *d)
{
  sg_strv w;
  memset (&w, 0, sizeof w);
  for (size_t k = 0; k < n; k++)
    if ((unsigned char) s[k] < 0x20 && s[k] != '\t')
      return sg_diag_set (d, SG_RC_PARSE, line, col0 + (uint32_t) k, "control character");
  sg_rc rc = words (s, n, line, col0, K_WORDS, &w, d);
  if (!rc && w.n == 0) rc = sg_diag_set (d, SG_RC_PARSE, line, col0, "empty solver in spec");
  sg_profile p;
  bool have = false;
  if (!rc)
    {
      char base[SG_PROFILE_NAME_MAX + 1];
      basename_of (w.a[0], base, sizeof base);
      const sg_profile *known = sg_profiles_find (ps, base);
      if (sg_release_is_spec (w.a[0]))
        {
          /* A release from PyPI (or npm's z3), installed on demand (release.h). */
          sg_diag nd;
          sg_diag_init (&nd, d->file);
          rc = sg_release_profile (ps, w.a[0], &p, stderr, &nd);
          if (rc) rc = sg_diag_set (d, rc, line, col0, "%s", nd.msg);
          have = !rc;
          known = NULL;
        }
      else
        {
          rc = known ? sg_profile_copy (known, &p) : sg_profile_generic (w.a[0], &p);
          have = !rc;
        }
      if (!rc && known)
        {
          free (p.binary);
          if (!(p.binary = strdup (w.a[0]))) rc = SG_RC_NOMEM;
        }
    }
  for (uint32_t i = 1; !rc && i < w.n; i++) rc = strv_push (&p.user_args, w.a[i], strlen (w.a[i]));
  if (!rc && !SG_VEC_PUSH (*out, p)) rc = SG_RC_NOMEM;
  if (rc && have) sg_profile_free (&p);
  sg_strv_free (&w);
  return rc;
}

static sg_rc
spec_line (const sg_profiles *ps, const char *spec, size_t len, uint32_t line,
           sg_solver_list *out, sg_diag *d)
{
  size_t s = 0;
  for (size_t i = 0; i <= len; i++)
    {
      if (i < len && spec[i] != ';') continue;
      sg_rc rc = one_solver (ps, spec + s, i - s, line, (uint32_t) s + 1, out, d);
      if (rc) return rc;
      s = i + 1;
    }
  return SG_RC_OK;
}

sg_rc
sg_solver_list_check (const sg_solver_list *l, sg_diag *d)
{
  for (uint32_t i = 0; i < l->n; i++)
    {
      const char *bin = l->a[i].binary;
      char path[PATH_MAX];
      int e = sg_spawn_resolve (bin, path, sizeof path);
      struct stat st;
      if (!e && stat (path, &st) != 0) e = errno;
      if (!e && S_ISDIR (st.st_mode)) e = EISDIR;
      if (!e && access (path, X_OK) != 0) e = EACCES;
      if (!e) continue;
      const char *why = e == ENOENT ? (strchr (bin, '/') ? "no such file" : "not found in PATH")
                        : e == EISDIR ? "is a directory"
                        : e == EACCES ? "is not executable"
                        : strerror (e);
      return sg_diag_set (d, SG_RC_USAGE, 0, 0, "solver '%s': %s", bin, why);
    }
  return SG_RC_OK;
}

sg_rc
sg_profiles_auto_referees (const sg_profiles *ps, const sg_solver_list *under_test,
                           sg_solver_list *out, sg_diag *d)
{
  static const char *const names[] = { "z3", "cvc5", "cvc4" };
  /* Those not under test first; then those under test (asked only when their own run did
   * not decide: sg_probe_referee skips a solver that already answered). */
  for (int pass = 0; pass < 2; pass++)
    for (uint32_t k = 0; k < sizeof names / sizeof *names; k++)
      {
        bool used = false;
        for (uint32_t i = 0; i < under_test->n; i++) used |= sg_profile_same_family (under_test->a[i].name, names[k]);
        const sg_profile *bp = sg_profiles_find (ps, names[k]);
        if (used != (pass == 1) || !bp || !sg_profile_installed (bp)) continue;
        sg_rc rc = sg_profiles_parse_spec (ps, names[k], "--referee", out, d);
        if (rc) return rc;
      }
  return SG_RC_OK;
}

sg_rc
sg_profiles_parse_spec (const sg_profiles *ps, const char *spec, const char *name,
                        sg_solver_list *out, sg_diag *d)
{
  sg_diag_init (d, name);
  uint32_t before = out->n;
  sg_rc rc = spec_line (ps, spec, strlen (spec), 1, out, d);
  if (rc)
    while (out->n > before) sg_profile_free (&out->a[--out->n]);
  return rc;
}

sg_rc
sg_profiles_load_spec_file (const sg_profiles *ps, const char *path, sg_solver_list *out,
                            sg_diag *d)
{
  sg_diag_init (d, path);
  char *text;
  size_t len;
  sg_rc rc = slurp (path, &text, &len, d);
  if (rc) return rc;
  uint32_t before = out->n, line = 0;
  size_t i = 0;
  while (!rc && i < len)
    {
      const char *nl = memchr (text + i, '\n', len - i);
      size_t e = nl ? (size_t) (nl - text) : len, n = e - i;
      const char *l = text + i;
      i = e + 1;
      line++;
      if (n && l[n - 1] == '\r') n--;
      size_t a = 0;
      while (a < n && is_blank (l[a])) a++;
      if (a == n || l[a] == '#') continue;
      rc = spec_line (ps, l, n, line, out, d);
    }
  if (!rc && out->n == before) rc = sg_diag_set (d, SG_RC_PARSE, line + 1, 1, "no solver");
  if (rc)
    while (out->n > before) sg_profile_free (&out->a[--out->n]);
  free (text);
  return rc;
}
