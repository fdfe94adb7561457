/* solopt_probe: an option table read from the solver binary itself (its help texts, then each
 * candidate value tried alone on a trivial script) and the cache of those tables (solopt.h). */
#define _GNU_SOURCE
#include "run/solopt.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/file.h"
#include "base/hash.h"
#include "run/run.h"
#include "run/spawn.h"

/* The scripts each candidate is tried on: sat under every sound configuration. The second
 * (quantifier-free bit-vectors) only for a value the first refused: options such as cvc5
 * --ackermann or --bitblast=eager refuse quantified logics or integers; drawn anywhere, they are
 * refused where they do not apply (a rejection, never a finding). */
static const char trivial[] = "(set-logic ALL)\n(declare-fun x () Int)\n(assert (> x 0))\n(check-sat)\n";
static const char trivial_bv[] = "(set-logic QF_BV)\n(declare-fun y () (_ BitVec 4))\n"
                                 "(assert (bvult y #x3))\n(check-sat)\n";

/* Is p a solver whose options we can read, and how? */
static bool
style_of (const sg_profile *p, sg_solopt_style *st)
{
  /* Every release of a family (z3-4.13.0, cvc5-1.4.2: run/release.h) has the family's help
   * texts, except npm's z3 (a node driver: no -pd). */
  const char *slash = strrchr (p->binary, '/');
  if (!strcmp (slash ? slash + 1 : p->binary, "node")) return false;
  if (sg_profile_same_family (p->name, "z3")) *st = SG_SOPT_STYLE_Z3;
  else if (sg_profile_same_family (p->name, "cvc5") || sg_profile_same_family (p->name, "cvc4")
           || sg_profile_same_family (p->name, "bitwuzla")) /* its driver prints cvc5's form */
    *st = SG_SOPT_STYLE_CVC;
  else return false;
  return true;
}

bool
sg_solopt_readable (const sg_profile *p)
{
  sg_solopt_style st;
  return style_of (p, &st);
}

/* Run `binary word` (5 s) and hand back stdout followed by stderr. */
static sg_rc
help_text (const sg_profile *p, const char *word, sg_buf *text)
{
  const char *argv[] = { p->binary, word, NULL };
  sg_spawn_opts so;
  memset (&so, 0, sizeof so);
  so.argv = argv;
  so.timeout_ms = 5000;
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  sg_rc rc = sg_spawn_run (&so, &r);
  if (!rc && r.end == SG_END_EXEC_FAILED) rc = SG_RC_IO;
  if (!rc)
    {
      sg_buf_reset (text);
      sg_buf_add (text, r.out.s, r.out.len);
      sg_buf_add (text, r.err.s, r.err.len);
      if (!sg_buf_ok (text)) rc = SG_RC_NOMEM;
    }
  sg_spawn_result_free (&r);
  return rc;
}

/* Try value v of option o alone: 'o' sat as without it, 'r' refused, 'x' anything else. */
static int
try_alone (const sg_profile *p, const sg_patterns *pats, sg_solopt_style st, const sg_solopt *o,
           const char *v, sg_rc *err)
{
  char *w = NULL;
  sg_profile q;
  *err = sg_solopt_word (st, o, v, &w);
  if (*err) return 0;
  *err = sg_profile_copy (p, &q);
  if (*err) { free (w); return 0; }
  sg_strv_free (&q.user_args);
  if (!SG_VEC_PUSH (q.user_args, w))
    {
      free (w);
      sg_profile_free (&q);
      *err = SG_RC_NOMEM;
      return 0;
    }
  sg_run_opts ro;
  memset (&ro, 0, sizeof ro);
  ro.timeout_ms = 3000;
  ro.out_cap = 1u << 16;
  sg_outcome out;
  sg_outcome_init (&out);
  int s = SG_SOPT_ODD;
  for (int k = 0; k < 2 && !*err && (k == 0 || s == SG_SOPT_REJECTED); k++)
    {
      const char *text = k ? trivial_bv : trivial;
      *err = sg_run_text (&q, pats, &ro, text, strlen (text), &out);
      if (out.kind == SG_OUT_OK && out.answers.n == 1 && out.answers.a[0] == SG_ANS_SAT && out.exit_code == 0)
        s = SG_SOPT_OK;
      else if (out.kind == SG_OUT_REJECTED || (out.kind == SG_OUT_ABNORMAL_EXIT && !out.sig)
               || (out.kind == SG_OUT_NO_ANSWER && out.exit_code != 0)
               || (out.kind == SG_OUT_OK && out.exit_code != 0 && !out.answers.n))
        s = SG_SOPT_REJECTED;
      else
        s = SG_SOPT_ODD;
    }
  sg_outcome_free (&out);
  sg_profile_free (&q);
  return s;
}

/* Try every candidate of o alone; o->trials gets "VALUE:S ...". */
static sg_rc
try_option (const sg_profile *p, const sg_patterns *pats, sg_solopt_style st, sg_solopt *o)
{
  sg_strv c = { 0 };
  sg_rc rc = sg_solopt_candidates (o, &c);
  sg_buf b;
  sg_buf_init (&b);
  for (uint32_t i = 0; !rc && i < c.n; i++)
    {
      /* Told to stop (the stop signals are blocked: run/spawn.h): every solver group goes,
       * and every private directory, and we die of the signal (nothing is cached). */
      if (sg_spawn_stop_pending ()) sg_spawn_stop_now (NULL);
      int s = try_alone (p, pats, st, o, c.a[i], &rc);
      if (rc) break;
      sg_buf_printf (&b, "%s%s:%c", i ? " " : "", c.a[i], s);
    }
  if (!rc && c.n)
    {
      const char *s = sg_buf_cstr (&b);
      free (o->trials);
      o->trials = s ? strdup (s) : NULL;
      if (!o->trials) rc = SG_RC_NOMEM;
    }
  sg_buf_free (&b);
  sg_strv_free (&c);
  return rc;
}

/* The solver, version and options of p's main help text into t (p: a copy without user words,
 * its version probed here); text keeps the help. SG_RC_IO with d set when p cannot be run. */
static sg_rc
read_help (sg_profile *p, sg_solopt_style st, sg_solopt_table *t, sg_buf *text, sg_diag *d)
{
  const char *version = "";
  if (sg_profile_version (p, &version)) return sg_diag_set (d, SG_RC_IO, 0, 0, "cannot run '%s'", p->binary);
  snprintf (t->solver, sizeof t->solver, "%s", p->name);
  snprintf (t->version, sizeof t->version, "%s", version);
  sg_rc rc = help_text (p, st == SG_SOPT_STYLE_Z3 ? "-pd" : "--help", text);
  if (!rc)
    rc = st == SG_SOPT_STYLE_Z3 ? sg_solopt_parse_z3 (t, text->s, text->len) : sg_solopt_parse_cvc (t, text->s, text->len);
  if (rc == SG_RC_NOMEM) return sg_diag_set (d, rc, 0, 0, "out of memory");
  if (rc) return sg_diag_set (d, rc, 0, 0, "cannot run '%s'", p->binary);
  return SG_RC_OK;
}

/* p0's style and a copy of p0 without the user's words (p, OUT: freed by the caller when
 * this succeeds). */
static sg_rc
plain_copy (const sg_profile *p0, sg_solopt_style *st, sg_profile *p, sg_diag *d)
{
  if (!style_of (p0, st))
    return sg_diag_set (d, SG_RC_USAGE, 0, 0, "no option reader for solver '%s' (z3, cvc5, cvc4, bitwuzla)", p0->name);
  sg_rc rc = sg_profile_copy (p0, p);
  if (rc) return sg_diag_set (d, rc, 0, 0, "out of memory");
  sg_strv_free (&p->user_args);
  return SG_RC_OK;
}

sg_rc
sg_solopt_read_help (const sg_profile *p0, sg_solopt_table *t, sg_diag *d)
{
  sg_solopt_style st;
  sg_profile p;
  sg_rc rc = plain_copy (p0, &st, &p, d);
  if (rc) return rc;
  sg_buf text;
  sg_buf_init (&text);
  rc = read_help (&p, st, t, &text, d);
  sg_buf_free (&text);
  sg_profile_free (&p);
  if (!rc && t->opts.n == 0) return sg_diag_set (d, SG_RC_IO, 0, 0, "'%s' listed no options we could read", p0->binary);
  return rc;
}

sg_rc
sg_solopt_probe (const sg_profile *p0, const sg_patterns *pats, sg_solopt_table *t, FILE *progress,
                 sg_diag *d)
{
  sg_solopt_style st;
  sg_profile p;
  sg_rc rc = plain_copy (p0, &st, &p, d);
  if (rc) return rc;
  sg_buf text;
  sg_buf_init (&text);
  if ((rc = read_help (&p, st, t, &text, d)))
    {
      sg_buf_free (&text);
      sg_profile_free (&p);
      return rc;
    }
  for (uint32_t i = 0; !rc && st == SG_SOPT_STYLE_CVC && i < t->opts.n; i++)
    {
      sg_solopt *o = &t->opts.a[i];
      if (o->type != SG_SOPT_MODE) continue;
      char word[160];
      snprintf (word, sizeof word, "--%s=help", o->name);
      rc = help_text (&p, word, &text);
      if (!rc) rc = sg_solopt_parse_modes (o, text.s, text.len);
    }
  sg_solopt_mark_excluded (t);
  for (uint32_t i = 0; !rc && i < t->opts.n; i++)
    {
      rc = try_option (&p, pats, st, &t->opts.a[i]);
      if (progress && (i + 1) % 50 == 0) fprintf (progress, "options: %s: %u of %u tried\n", p.name, i + 1, t->opts.n);
    }
  sg_buf_free (&text);
  sg_profile_free (&p);
  if (rc == SG_RC_NOMEM) return sg_diag_set (d, rc, 0, 0, "out of memory");
  if (rc) return sg_diag_set (d, rc, 0, 0, "cannot run '%s' (or interrupted)", p0->binary);
  if (t->opts.n == 0) return sg_diag_set (d, SG_RC_IO, 0, 0, "'%s' listed no options we could read", p0->binary);
  return SG_RC_OK;
}

/* The cache directory: dir, else $XDG_CACHE_HOME/smtgrind, else $HOME/.cache/smtgrind. */
static bool
cache_dir (const char *dir, char *out, size_t size)
{
  const char *x = getenv ("XDG_CACHE_HOME"), *h = getenv ("HOME");
  int n;
  if (dir) n = snprintf (out, size, "%s", dir);
  else if (x && x[0] == '/') n = snprintf (out, size, "%s/smtgrind", x);
  else if (h && h[0] == '/') n = snprintf (out, size, "%s/.cache/smtgrind", h);
  else return false;
  return n > 0 && (size_t) n < size;
}

sg_rc
sg_solopt_cache_path (const sg_profile *p0, const char *dir, char *path, size_t size, sg_diag *d)
{
  char bin[4096], cdir[4096];
  if (sg_spawn_resolve (p0->binary, bin, sizeof bin))
    return sg_diag_set (d, SG_RC_USAGE, 0, 0, "solver '%s': not found in PATH", p0->binary);
  struct stat sb;
  if (stat (bin, &sb)) return sg_diag_set (d, SG_RC_IO, 0, 0, "%s: %s", bin, strerror (errno));
  if (!cache_dir (dir, cdir, sizeof cdir))
    return sg_diag_set (d, SG_RC_USAGE, 0, 0, "no cache directory: set XDG_CACHE_HOME or HOME, or give --cache DIR");
  sg_profile p;
  sg_rc rc = sg_profile_copy (p0, &p);
  if (rc) return sg_diag_set (d, rc, 0, 0, "out of memory");
  const char *version = "";
  sg_profile_version (&p, &version);
  uint32_t h = sg_hash_bytes (bin, strlen (bin));
  h = sg_hash_mix (h, (uint32_t) sb.st_size);
  h = sg_hash_mix (h, (uint32_t) sb.st_mtime);
  h = sg_hash_mix (h, (uint32_t) ((uint64_t) sb.st_size >> 32));
  int n = snprintf (path, size, "%s/options-%s-%s-%08x.tsv", cdir, p.name, version[0] ? version : "unknown",
                    sg_hash_fin (h));
  sg_profile_free (&p);
  if (n <= 0 || (size_t) n >= size) return sg_diag_set (d, SG_RC_USAGE, 0, 0, "cache path too long");
  return SG_RC_OK;
}

/* The directory part of path, created. */
static bool
make_parent (const char *path)
{
  char dir[8192];
  snprintf (dir, sizeof dir, "%s", path);
  char *slash = strrchr (dir, '/');
  if (!slash || slash == dir) return true;
  *slash = 0;
  return sg_mkdir_p (dir);
}

/* A cache file that cannot be read as a table: d's message gets the command that repairs it. */
static sg_rc
damaged (sg_diag *d, const sg_profile *p0)
{
  size_t n = strlen (d->msg);
  snprintf (d->msg + n, sizeof d->msg - n, " (a damaged cache file: 'smtgrind options --refresh %s' reads the"
            " table from the solver again)", p0->binary);
  return d->rc;
}

sg_rc
sg_solopt_load (const sg_profile *p0, const sg_patterns *pats, const char *path, bool refresh,
                sg_solopt_table *t, FILE *progress, sg_diag *d)
{
  sg_rc rc;
  /* A table of another format version (an older smtgrind) is read from the binary again. */
  char head[40] = "";
  FILE *f = fopen (path, "r");
  if (f)
    {
      if (!fgets (head, sizeof head, f)) head[0] = 0;
      fclose (f);
      if (!strncmp (head, "# smtgrind solver options v", 27) && strncmp (head + 27, "4\t", 2)) refresh = true;
    }
  if (!refresh && access (path, F_OK) == 0)
    {
      rc = sg_solopt_read (t, path, d);
      if (rc == SG_RC_PARSE) return damaged (d, p0);
      if (rc) return rc;
      /* The file names its solver: another's table (a renamed or copied file) is refused. */
      sg_solopt_style st;
      if (strcmp (t->solver, p0->name) || !style_of (p0, &st) || st != t->style)
        {
          sg_diag_set (d, SG_RC_PARSE, 1, 1, "the table of solver '%s' (%s style), not of '%s'", t->solver,
                       t->style == SG_SOPT_STYLE_Z3 ? "z3" : "cvc", p0->name);
          return damaged (d, p0);
        }
      /* The exclusion list as it is now (it may have changed since the file was written). */
      sg_solopt_mark_excluded (t);
      return SG_RC_OK;
    }
  /* The directory first: a cache path that cannot hold the file fails before the minutes
   * the binary's options take to read. */
  if (!make_parent (path)) return sg_diag_set (d, SG_RC_IO, 0, 0, "%s: cannot create its directory", path);
  if ((rc = sg_solopt_probe (p0, pats, t, progress, d))) return rc;
  if ((rc = sg_solopt_write (t, path))) return sg_diag_set (d, rc, 0, 0, "%s: cannot write", path);
  return SG_RC_OK;
}
