/* release: solver releases from PyPI as solvers (release.h). */
#define _GNU_SOURCE
#include "run/release.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/file.h"
#include "run/npmz3.h"
#include "run/spawn.h"
#include "sg_drivers.h" /* generated from src/run/drivers/ (CMakeLists.txt) */

/* One row per family: its word, the PyPI package, the executable in the release's bin/ and the
 * driver written there (NULL: the wheel ships the executable). */
typedef struct family {
  const char *name, *package, *exe;
  const char *driver;
  size_t driver_len;
} family;

static const family families[] = {
  { "z3", "z3-solver", "z3", NULL, 0 },
  { "cvc5", "cvc5", "cvc5", sg_driver_cvc5, sizeof sg_driver_cvc5 - 1 },
  { "bitwuzla", "bitwuzla", "bitwuzla", sg_driver_bitwuzla, sizeof sg_driver_bitwuzla - 1 },
};
#define NFAM (sizeof families / sizeof *families)

#define MARKER "smtgrind-release"
#define CVC5_FIRST "1.0.9" /* the first cvc5 wheel with the parser API (InputParser) */
#define INDEX_MAX_AGE_S (24 * 3600)
#define INSTALL_TIMEOUT_MS 600000u
#define STALE_INSTALL_S 3600 /* an .install-* directory older than this is a killed install's */

static const family *
family_named (const char *s, size_t n)
{
  for (size_t i = 0; i < NFAM; i++)
    if (strlen (families[i].name) == n && !strncmp (families[i].name, s, n)) return &families[i];
  return NULL;
}

static bool
plain_version (const char *v)
{
  size_t n = strlen (v);
  if (!n || n >= SG_RELEASE_VERSION_MAX || v[0] == '.' || v[n - 1] == '.') return false;
  for (const char *p = v; *p; p++)
    if (!((*p >= '0' && *p <= '9') || (*p == '.' && p[1] != '.'))) return false;
  return true;
}

bool
sg_release_is_spec (const char *w)
{
  const char *at = strchr (w, '@');
  if (!at || !family_named (w, (size_t) (at - w))) return false;
  return !strcmp (at + 1, "latest") || plain_version (at + 1);
}

const char *
sg_release_family_of (const char *name)
{
  static const struct { const char *from, *to; } succ[] = { { "cvc4", "cvc5" }, { "boolector", "bitwuzla" } };
  for (size_t i = 0; i < NFAM; i++)
    if (sg_profile_same_family (name, families[i].name)) return families[i].name;
  for (size_t i = 0; i < sizeof succ / sizeof *succ; i++)
    if (sg_profile_same_family (name, succ[i].from)) return succ[i].to;
  return NULL;
}

bool
sg_release_word_of_name (const char *name, char *word, size_t size)
{
  const char *dash = strrchr (name, '-');
  if (!dash || !family_named (name, (size_t) (dash - name)) || !plain_version (dash + 1)) return false;
  int n = snprintf (word, size, "%.*s@%s", (int) (dash - name), name, dash + 1);
  return n > 0 && (size_t) n < size;
}

int
sg_release_vercmp (const char *a, const char *b)
{
  while (*a || *b)
    {
      unsigned long x = strtoul (a, (char **) &a, 10), y = strtoul (b, (char **) &b, 10);
      if (x != y) return x < y ? -1 : 1;
      if (*a == '.') a++;
      if (*b == '.') b++;
      if ((*a && (*a < '0' || *a > '9')) || (*b && (*b < '0' || *b > '9'))) break;
    }
  return 0;
}

/* ---- paths ------------------------------------------------------------------------------- */

static sg_rc
cache_root (char *dir, size_t size, const char *what, sg_diag *d)
{
  const char *x = getenv ("XDG_CACHE_HOME"), *h = getenv ("HOME");
  int n;
  if (x && x[0] == '/') n = snprintf (dir, size, "%s/smtgrind/pypi", x);
  else if (h && h[0] == '/') n = snprintf (dir, size, "%s/.cache/smtgrind/pypi", h);
  else return sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: no cache directory (set XDG_CACHE_HOME or HOME to an absolute path)", what);
  if (n <= 0 || (size_t) n >= size) return sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: cache path too long", what);
  for (const char *p = dir; *p; p++)
    if (*p == ' ' || *p == '\t' || (unsigned char) *p < 0x20)
      return sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: the cache path '%s' has a blank or a control character",
                          what, dir);
  return SG_RC_OK;
}

static const char *
python (void)
{
  const char *p = getenv ("SMTGRIND_PYTHON");
  return p && *p ? p : "python3";
}

/* Run argv with a limit; its stdout/stderr in r (the caller frees r). */
static sg_rc
run_argv (const char *const *argv, uint32_t timeout_ms, sg_spawn_result *r)
{
  sg_spawn_opts so;
  memset (&so, 0, sizeof so);
  so.argv = argv;
  so.timeout_ms = timeout_ms;
  so.out_cap = 1u << 20;
  sg_spawn_result_init (r);
  return sg_spawn_run (&so, r);
}

static bool
run_ok (sg_rc rc, const sg_spawn_result *r)
{
  return !rc && r->end == SG_END_EXITED && r->exit_code == 0;
}

/* The last non-empty line of r's stderr (else stdout), at most 300 bytes, for messages. */
static void
last_line (const sg_spawn_result *r, char *out, size_t size)
{
  const sg_buf *b = r->err.len ? &r->err : &r->out;
  const char *s = b->len ? sg_buf_cstr ((sg_buf *) b) : "";
  size_t n = strlen (s);
  while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ')) n--;
  size_t st = n;
  while (st && s[st - 1] != '\n') st--;
  snprintf (out, size, "%.*s", (int) (n - st > 300 ? 300 : n - st), s + st);
  if (r->end == SG_END_EXEC_FAILED) snprintf (out, size, "cannot run it: %s", strerror (r->exec_errno));
  else if (r->timed_out) snprintf (out, size, "no answer in time");
  else if (out[0]) return;
  else if (r->end == SG_END_EXITED) snprintf (out, size, "exit status %d, no message", r->exit_code);
  else if (r->end == SG_END_SIGNALED) snprintf (out, size, "killed by signal %d", r->sig);
  else snprintf (out, size, "no message");
}

static void
remove_tree (const char *dir)
{
  const char *argv[] = { "rm", "-rf", "--", dir, NULL };
  sg_spawn_result r;
  run_argv (argv, 120000, &r);
  sg_spawn_result_free (&r);
}

/* ---- the list of releases ------------------------------------------------------------------ */

/* "4.13.0.0" -> "4.13.0" for z3-solver; false for a version that is not digits and dots. */
static bool
normalise (const family *f, const char *v, size_t n, char *out, size_t size)
{
  if (n == 0 || n >= size) return false;
  memcpy (out, v, n);
  out[n] = 0;
  if (!plain_version (out)) return false;
  int dots = 0;
  for (const char *p = out; *p; p++) dots += *p == '.';
  (void) f; /* z3-solver's 4.13.0.0 is z3 4.13.0: a fourth part 0 is dropped (any package) */
  if (dots == 3 && n > 2 && !strcmp (out + n - 2, ".0")) out[n - 2] = 0;
  return true;
}

static int
vercmp_p (const void *a, const void *b)
{
  return sg_release_vercmp (*(char *const *) a, *(char *const *) b);
}

/* Parse "Available versions: a, b, c" (pip index versions) or one version a line (our index
 * file) into out, oldest first. */
static sg_rc
parse_versions (const family *f, const char *text, sg_strv *out)
{
  const char *s = strstr (text, "Available versions:");
  bool pip = s != NULL;
  s = pip ? s + strlen ("Available versions:") : text;
  const char *end = pip ? s + strcspn (s, "\n") : s + strlen (s);
  uint32_t first = out->n;
  while (s < end)
    {
      while (s < end && (*s == ' ' || *s == ',' || *s == '\n' || *s == '\r')) s++;
      size_t n = 0;
      while (s + n < end && s[n] != ',' && s[n] != ' ' && s[n] != '\n' && s[n] != '\r') n++;
      char v[SG_RELEASE_VERSION_MAX];
      if (n && normalise (f, s, n, v, sizeof v))
        {
          char *c = strdup (v);
          if (!c || !SG_VEC_PUSH (*out, c)) { free (c); return SG_RC_NOMEM; }
        }
      s += n;
    }
  /* Oldest first, no duplicates (qsort: a damaged index file of 1 MB holds 100000 words). */
  if (out->n - first > 1) qsort (out->a + first, out->n - first, sizeof *out->a, vercmp_p);
  uint32_t w = first;
  for (uint32_t i = first; i < out->n; i++)
    if ((w > first && !sg_release_vercmp (out->a[w - 1], out->a[i]))
        || (f == &families[1] && sg_release_vercmp (out->a[i], CVC5_FIRST) < 0)) /* not runnable */
      free (out->a[i]);
    else out->a[w++] = out->a[i];
  out->n = w;
  return SG_RC_OK;
}

static sg_rc
read_index (const family *f, const char *path, bool need_fresh, sg_strv *out)
{
  struct stat st;
  if (stat (path, &st) != 0 || !S_ISREG (st.st_mode)) return SG_RC_IO; /* a FIFO would block the open */
  time_t age = time (NULL) - st.st_mtime; /* a list from the future (a clock set back) is old */
  if (need_fresh && (age > INDEX_MAX_AGE_S || age < -60)) return SG_RC_IO;
  char *text;
  size_t len;
  sg_diag ignore;
  sg_diag_init (&ignore, path);
  if (sg_file_read (path, 1u << 20, &text, &len, &ignore)) return SG_RC_IO;
  uint32_t before = out->n;
  sg_rc rc = parse_versions (f, text, out);
  free (text);
  return rc ? rc : out->n > before ? SG_RC_OK : SG_RC_IO;
}

sg_rc
sg_release_versions (const char *fam, sg_strv *out, sg_diag *d)
{
  const family *f = family_named (fam, strlen (fam));
  if (!f) return sg_diag_set (d, SG_RC_USAGE, 0, 0, "'%s' has no releases on PyPI (z3, cvc5, bitwuzla)", fam);
  char root[4096], path[4200];
  sg_rc rc = cache_root (root, sizeof root, f->package, d);
  if (rc) return rc;
  snprintf (path, sizeof path, "%s/index-%s.txt", root, f->package);
  if ((rc = read_index (f, path, true, out)) != SG_RC_IO) return rc;
  const char *argv[] = { python (), "-m", "pip", "index", "versions", "--disable-pip-version-check",
                         f->package, NULL };
  sg_spawn_result r;
  rc = run_argv (argv, 120000, &r);
  sg_strv got;
  memset (&got, 0, sizeof got);
  if (run_ok (rc, &r)) rc = parse_versions (f, sg_buf_cstr (&r.out), &got);
  if (!rc && got.n)
    {
      sg_buf b;
      sg_buf_init (&b);
      for (uint32_t i = got.n; i-- > 0;) sg_buf_printf (&b, "%s\n", got.a[i]);
      struct stat st; /* never written through a FIFO (it would block) or a symbolic link */
      if (sg_mkdir_p (root) && (lstat (path, &st) != 0 || S_ISREG (st.st_mode)))
        sg_file_write_atomic (path, sg_buf_cstr (&b), b.len, false);
      sg_buf_free (&b);
      for (uint32_t i = 0; i < got.n; i++)
        if (!SG_VEC_PUSH (*out, got.a[i])) { rc = SG_RC_NOMEM; free (got.a[i]); }
      SG_VEC_FREE (got);
    }
  else if (rc != SG_RC_NOMEM)
    {
      sg_strv_free (&got);
      char why[400];
      last_line (&r, why, sizeof why);
      rc = read_index (f, path, false, out); /* offline: an older list is better than none */
      if (rc == SG_RC_IO)
        rc = sg_diag_set (d, SG_RC_IO, 0, 0,
                          "%s: cannot read the list of releases from PyPI (%s -m pip index versions %s: %s)",
                          f->name, python (), f->package, why);
    }
  else sg_strv_free (&got);
  sg_spawn_result_free (&r);
  return rc;
}

sg_rc
sg_release_resolve (const char *word, char *version, size_t size, sg_diag *d)
{
  if (!sg_release_is_spec (word))
    return sg_diag_set (d, SG_RC_USAGE, 0, 0, "'%s' is not FAMILY@VERSION (z3, cvc5, bitwuzla; digits and dots, or latest)", word);
  const char *at = strchr (word, '@');
  if (strcmp (at + 1, "latest"))
    {
      /* Without leading zeros ("05.4.1" is 5.4.1: one release, one directory, one name). */
      size_t o = 0;
      for (const char *p = at + 1; *p && o + 1 < size; p++)
        if (!(*p == '0' && (p == at + 1 || p[-1] == '.') && p[1] >= '0' && p[1] <= '9')) version[o++] = *p;
      if (size) version[o] = 0;
      return SG_RC_OK;
    }
  char fam[16];
  snprintf (fam, sizeof fam, "%.*s", (int) (at - word), word);
  sg_strv v;
  memset (&v, 0, sizeof v);
  sg_rc rc = sg_release_versions (fam, &v, d);
  if (!rc && v.n == 0) rc = sg_diag_set (d, SG_RC_IO, 0, 0, "%s: PyPI lists no release", word);
  if (!rc) snprintf (version, size, "%s", v.a[v.n - 1]);
  sg_strv_free (&v);
  return rc;
}

/* ---- installing -------------------------------------------------------------------------- */

static bool
complete (const char *dir)
{
  char m[4200];
  snprintf (m, sizeof m, "%s/" MARKER, dir);
  struct stat st; /* a file: a directory of that name marks nothing */
  return stat (m, &st) == 0 && S_ISREG (st.st_mode) && access (m, R_OK) == 0;
}

/* Remove .install-* and .broken-* directories of killed installs: those of release f-version
 * at once (the caller holds its lock: no install of it is under way), the others once older
 * than STALE_INSTALL_S. */
static void
sweep (const char *root, const family *f, const char *version)
{
  DIR *dh = opendir (root);
  if (!dh) return;
  struct dirent *e;
  char p[4400], mine[2][64];
  snprintf (mine[0], sizeof mine[0], ".install-%s-%s-", f->name, version);
  snprintf (mine[1], sizeof mine[1], ".broken-%s-%s-", f->name, version);
  while ((e = readdir (dh)))
    {
      struct stat st;
      if (strncmp (e->d_name, ".install-", 9) && strncmp (e->d_name, ".broken-", 8)) continue;
      bool own = !strncmp (e->d_name, mine[0], strlen (mine[0])) || !strncmp (e->d_name, mine[1], strlen (mine[1]));
      snprintf (p, sizeof p, "%s/%s", root, e->d_name);
      if (lstat (p, &st) == 0 && S_ISDIR (st.st_mode) && (own || time (NULL) - st.st_mtime > STALE_INSTALL_S))
        remove_tree (p);
    }
  closedir (dh);
}

/* venv + pip install PACKAGE==VERSION into a temporary directory, marked and renamed to dir.
 * The caller holds the release's lock. */
static sg_rc
install (const family *f, const char *root, const char *version, const char *dir, FILE *progress, sg_diag *d)
{
  char tmp[4300], py[4400], pin[96], m[4400], why[400];
  snprintf (tmp, sizeof tmp, "%s/.install-%s-%s-XXXXXX", root, f->name, version);
  if (!mkdtemp (tmp)) return sg_diag_set (d, SG_RC_IO, 0, 0, "%s: %s", tmp, strerror (errno));
  snprintf (pin, sizeof pin, "%s==%s", f->package, version);
  if (progress) fprintf (progress, "%s@%s: installing %s from PyPI into %s\n", f->name, version, pin, dir);
  const char *venv[] = { python (), "-m", "venv", tmp, NULL };
  snprintf (py, sizeof py, "%s/bin/python3", tmp);
  const char *pip[] = { py, "-m", "pip", "install", "--disable-pip-version-check", "--no-input", "-q", pin, NULL };
  sg_spawn_result r;
  sg_rc rc = run_argv (venv, 120000, &r);
  bool venv_ok = false;
  if (run_ok (rc, &r))
    {
      sg_spawn_result_free (&r);
      rc = run_argv (pip, INSTALL_TIMEOUT_MS, &r);
      venv_ok = true;
    }
  if (!run_ok (rc, &r))
    {
      last_line (&r, why, sizeof why);
      rc = venv_ok ? sg_diag_set (d, SG_RC_IO, 0, 0, "%s@%s: pip install %s failed: %s", f->name, version, pin, why)
                   : sg_diag_set (d, SG_RC_IO, 0, 0, "%s@%s: %s -m venv failed: %s", f->name, version, python (), why);
    }
  sg_spawn_result_free (&r);
  if (!rc && !f->driver)
    {
      snprintf (m, sizeof m, "%s/bin/%s", tmp, f->exe);
      if (access (m, X_OK))
        rc = sg_diag_set (d, SG_RC_IO, 0, 0, "%s@%s: %s installed no executable bin/%s", f->name, version, pin, f->exe);
    }
  if (!rc)
    {
      char text[200];
      int n = snprintf (text, sizeof text, "%s\t%s\t%s\n", f->name, version, pin);
      snprintf (m, sizeof m, "%s/" MARKER, tmp);
      if (sg_file_write_atomic (m, text, (size_t) n, true))
        rc = sg_diag_set (d, SG_RC_IO, 0, 0, "%s: cannot write: %s", m, strerror (errno));
    }
  if (!rc && rename (tmp, dir) != 0)
    rc = sg_diag_set (d, SG_RC_IO, 0, 0, "%s: %s", dir, strerror (errno));
  if (rc) remove_tree (tmp);
  return rc;
}

/* Take the release's lock on fd. Another process installing the release holds it (at most
 * the venv's 2 minutes and pip's INSTALL_TIMEOUT_MS, then it gives up); meanwhile a stop signal
 * (blocked in smtgrind's processes, spawn.h) ends the wait as it ends a solver's run. */
static sg_rc
lock_wait (int fd, const char *lock, const char *what, FILE *progress, sg_diag *d)
{
  const double until = sg_spawn_now () + INSTALL_TIMEOUT_MS / 1000.0 + 300;
  bool said = false;
  while (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      if (errno != EWOULDBLOCK && errno != EINTR)
        return sg_diag_set (d, SG_RC_IO, 0, 0, "%s: lock: %s", lock, strerror (errno));
      if (sg_spawn_stop_pending ()) sg_spawn_stop_now (NULL);
      if (sg_spawn_now () > until)
        return sg_diag_set (d, SG_RC_IO, 0, 0, "%s: another process has been installing it for %u minutes (lock %s)",
                            what, (INSTALL_TIMEOUT_MS / 1000u + 300u) / 60u, lock);
      if (progress && !said) fprintf (progress, "%s: waiting for another process's install of it\n", what);
      said = true;
      const struct timespec pause = { 0, 100 * 1000 * 1000 };
      nanosleep (&pause, NULL);
    }
  return SG_RC_OK;
}

/* The release dir of family f and version, installed when missing (under its lock). */
static sg_rc
ensure (const family *f, const char *version, char *dir, size_t size, FILE *progress, sg_diag *d)
{
  char root[3800], lock[4200];
  sg_rc rc = cache_root (root, sizeof root, f->name, d);
  if (rc) return rc;
  int n = snprintf (dir, size, "%s/%s-%s", root, f->name, version);
  if (n <= 0 || (size_t) n >= size) return sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s@%s: path too long", f->name, version);
  if (complete (dir)) return SG_RC_OK;
  if (!sg_mkdir_p (root))
    return sg_diag_set (d, SG_RC_IO, 0, 0, "%s: cannot create the cache directory: %s", root,
                        errno == EEXIST ? "something not a directory is in the way" : strerror (errno));
  snprintf (lock, sizeof lock, "%s/.lock-%s-%s", root, f->name, version);
  int fd = open (lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return sg_diag_set (d, SG_RC_IO, 0, 0, "%s: cannot create the lock: %s", lock, strerror (errno));
  char what[64];
  snprintf (what, sizeof what, "%s@%s", f->name, version);
  rc = lock_wait (fd, lock, what, progress, d);
  if (!rc && !complete (dir))
    {
      sweep (root, f, version);
      struct stat st;
      if (lstat (dir, &st) == 0)
        {
          /* A directory without the marker: not ours to trust (a copy, an old layout). */
          char aside[4300];
          snprintf (aside, sizeof aside, "%s/.broken-%s-%s-%ld", root, f->name, version, (long) getpid ());
          if (rename (dir, aside) != 0)
            rc = sg_diag_set (d, SG_RC_IO, 0, 0, "%s: an incomplete installation that cannot be moved: %s", dir, strerror (errno));
          else remove_tree (aside);
        }
      if (!rc) rc = install (f, root, version, dir, progress, d);
    }
  close (fd); /* releases the lock */
  return rc;
}

/* Does dir/bin/python3 fit a script's first line (the kernel reads at most 255 bytes)? */
static bool
head_fits (const char *dir)
{
  return strlen ("#!") + strlen (dir) + strlen ("/bin/python3\n") < 250;
}

/* Write the driver as dir/bin/EXE with dir's python in its first line, when it differs. */
static sg_rc
write_driver (const family *f, const char *dir, sg_diag *d)
{
  char path[4300], head[4400];
  snprintf (path, sizeof path, "%s/bin/%s", dir, f->exe);
  int hn = snprintf (head, sizeof head, "#!%s/bin/python3\n", dir);
  if (hn <= 0 || !head_fits (dir))
    return sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: the cache path is too long for a script's first line", dir);
  const char *body = memchr (f->driver, '\n', f->driver_len);
  body = body ? body + 1 : f->driver;
  size_t blen = f->driver_len - (size_t) (body - f->driver);
  sg_buf b;
  sg_buf_init (&b);
  sg_buf_add (&b, head, (size_t) hn);
  sg_buf_add (&b, body, blen);
  struct stat st; /* a FIFO would block the read and the write; a link would be written through */
  if (lstat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      sg_buf_free (&b);
      return sg_diag_set (d, SG_RC_IO, 0, 0, "%s: not a regular file (remove it and the driver is written again)", path);
    }
  char *old = NULL;
  size_t olen = 0;
  sg_diag ignore;
  sg_diag_init (&ignore, path);
  bool same = sg_file_read (path, 1u << 20, &old, &olen, &ignore) == SG_RC_OK && olen == b.len
              && !memcmp (old, sg_buf_cstr (&b), olen);
  free (old);
  sg_rc rc = SG_RC_OK;
  if (!same && (sg_file_write_atomic (path, sg_buf_cstr (&b), b.len, false) || chmod (path, 0755)))
    rc = sg_diag_set (d, SG_RC_IO, 0, 0, "%s: cannot write: %s", path, strerror (errno));
  sg_buf_free (&b);
  return rc;
}

/* words := the blank-separated words of s. */
static sg_rc
set_words (sg_strv *v, const char *s)
{
  sg_strv_free (v);
  while (*s)
    {
      while (*s == ' ') s++;
      size_t n = strcspn (s, " ");
      if (!n) break;
      char *w = strndup (s, n);
      if (!w || !SG_VEC_PUSH (*v, w)) { free (w); return SG_RC_NOMEM; }
      s += n;
    }
  return SG_RC_OK;
}

/* Is version in the registry's list? -1 when the list cannot be had. When it is, version
 * becomes the list's spelling of it ("9.1" and "9.1.0.0" are 9.1.0; version has
 * SG_RELEASE_VERSION_MAX bytes). */
static int
listed (const family *f, char *version, sg_diag *d)
{
  sg_strv v;
  memset (&v, 0, sizeof v);
  if (sg_release_versions (f->name, &v, d)) { sg_strv_free (&v); return -1; }
  int found = 0;
  for (uint32_t i = 0; i < v.n && !found; i++)
    if ((found = !sg_release_vercmp (v.a[i], version))) snprintf (version, SG_RELEASE_VERSION_MAX, "%s", v.a[i]);
  sg_strv_free (&v);
  return found;
}


/* The newest releases of f for a message ("1.4.2, 1.4.1, 1.4.0, ..."). */
static void
newest (const family *f, char *out, size_t size)
{
  sg_strv v;
  memset (&v, 0, sizeof v);
  sg_diag ignore;
  sg_diag_init (&ignore, "");
  out[0] = 0;
  if (!sg_release_versions (f->name, &v, &ignore))
    for (uint32_t i = v.n, k = 0; i-- > 0 && k < 6; k++)
      {
        size_t l = strlen (out);
        snprintf (out + l, size - l, "%s%s", k ? ", " : "", k == 5 ? "..." : v.a[i]);
      }
  sg_strv_free (&v);
}

sg_rc
sg_release_profile (const sg_profiles *ps, const char *word, sg_profile *p, FILE *progress, sg_diag *d)
{
  char version[SG_RELEASE_VERSION_MAX], dir[4096], fam[16];
  sg_rc rc = sg_release_resolve (word, version, sizeof version, d);
  if (rc) return rc;
  snprintf (fam, sizeof fam, "%.*s", (int) (strchr (word, '@') - word), word);
  const family *f = family_named (fam, strlen (fam));
  if (strlen (f->name) + 1 + strlen (version) > SG_PROFILE_NAME_MAX) /* the name FAMILY-VERSION, whole */
    return sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: the version %s is too long for a solver name (%u bytes)", word,
                        version, SG_PROFILE_NAME_MAX);
  char root[3800];
  if ((rc = cache_root (root, sizeof root, f->name, d))) return rc;
  snprintf (dir, sizeof dir, "%s/%s-%s", root, f->name, version);
  if (f == &families[1] && sg_release_vercmp (version, CVC5_FIRST) < 0)
    return sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: the cvc5 wheels before %s have no SMT-LIB parser "
                        "(no InputParser): smtgrind cannot run them", word, CVC5_FIRST);
  if (f->driver && !head_fits (dir)) /* said before an install that would be of no use */
    return sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: the cache path is too long for a script's first line "
                        "(the kernel reads 255 bytes of it; set XDG_CACHE_HOME to a shorter path)", dir);
  if (!complete (dir))
    {
      sg_diag ld;
      sg_diag_init (&ld, d->file);
      int in = listed (f, version, &ld);
      snprintf (dir, sizeof dir, "%s/%s-%s", root, f->name, version); /* the list's spelling */
      if (in == 0 && f == &families[0])
        {
          /* A z3 release that PyPI lacks: npm's WebAssembly build (npmz3.h). */
          char w[64];
          snprintf (w, sizeof w, "z3@%s", version);
          return sg_npmz3_profile (w, p, progress, d);
        }
      if (in == 0)
        {
          char list[200];
          newest (f, list, sizeof list);
          return sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: PyPI has no release %s of %s (newest: %s)", word, version,
                              f->package, list);
        }
      if (in < 0 && !strcmp (strchr (word, '@') + 1, "latest"))
        return sg_diag_set (d, ld.rc ? ld.rc : SG_RC_IO, 0, 0, "%s", ld.msg);
    }
  if ((rc = ensure (f, version, dir, sizeof dir, progress, d))) return rc;
  if (f->driver && (rc = write_driver (f, dir, d))) return rc;
  const sg_profile *base = sg_profiles_find (ps, f->name);
  if (!base) return sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: no built-in profile '%s'", word, f->name);
  if ((rc = sg_profile_copy (base, p))) return rc;
  snprintf (p->name, sizeof p->name, "%s-%s", f->name, version);
  free (p->binary);
  size_t bl = strlen (dir) + strlen (f->exe) + 6;
  if (!(p->binary = malloc (bl))) rc = SG_RC_NOMEM;
  else snprintf (p->binary, bl, "%s/bin/%s", dir, f->exe);
  /* cvc5 1.2.1 renamed --sets-ext to --sets-exp. */
  if (!rc && f == &families[1] && sg_release_vercmp (version, "1.2.1") >= 0)
    rc = set_words (&p->strings_args, "--strings-exp --sets-exp");
  if (rc) sg_profile_free (p);
  return rc;
}

bool
sg_release_installed (const char *word)
{
  if (!sg_release_is_spec (word)) return false;
  const char *at = strchr (word, '@');
  if (!strcmp (at + 1, "latest")) return false;
  char root[3800], dir[4096];
  sg_diag ignore;
  sg_diag_init (&ignore, word);
  if (cache_root (root, sizeof root, word, &ignore)) return false;
  snprintf (dir, sizeof dir, "%s/%.*s-%s", root, (int) (at - word), word, at + 1);
  return complete (dir);
}
