/* outcheck: output paths checked before any work (issue 48) — a directory we can create or
 * write in, a file we can create in its directory — so that a command never spends its
 * solvers' time and then fails to write what it found. Writability is tried (a file created
 * and removed), not asked (access() says yes to root even on /proc). */
#define _DEFAULT_SOURCE /* mkstemp, realpath */
#include <errno.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

/* Can a file be created in the directory dir? 0, or the errno of the try. */
static int
try_create (const char *dir)
{
  char probe[PATH_MAX];
  if ((size_t) snprintf (probe, sizeof probe, "%s/.smtgrind-probe-XXXXXX", dir) >= sizeof probe) return ENAMETOOLONG;
  int fd = mkstemp (probe);
  if (fd < 0) return errno;
  close (fd);
  unlink (probe);
  return 0;
}

/* The longest prefix of path (cut at a '/') that exists, into out ("." or "/" at least). */
static void
existing_prefix (const char *path, char *out, size_t size)
{
  snprintf (out, size, "%s", path);
  struct stat st;
  for (;;)
    {
      size_t n = strlen (out);
      while (n > 1 && out[n - 1] == '/') out[--n] = 0;
      char *slash = strrchr (out, '/');
      if (!slash) { snprintf (out, size, "."); return; }
      if (slash == out) { out[1] = 0; return; }
      *slash = 0;
      if (stat (out, &st) == 0) return;
    }
}

static int
refuse (const char *who, const char *what, const char *path, const char *why)
{
  fprintf (stderr, "smtgrind %s: error: %s %s: %s\n", who, what, path[0] ? path : "''", why);
  return SG_EXIT_INPUT;
}

int
sg_cli_out_dir (const char *who, const char *dir)
{
  char at[PATH_MAX], why[PATH_MAX + 64];
  struct stat st;
  if (!dir[0]) return refuse (who, "output directory", dir, "an empty path names no directory");
  if (strlen (dir) >= PATH_MAX - 32) return refuse (who, "output directory", dir, strerror (ENAMETOOLONG));
  if (stat (dir, &st) == 0)
    {
      if (!S_ISDIR (st.st_mode)) return refuse (who, "output directory", dir, "not a directory");
      int e = try_create (dir);
      if (!e) return SG_EXIT_OK;
      snprintf (why, sizeof why, "cannot create files in it (%s)", strerror (e));
      return refuse (who, "output directory", dir, why);
    }
  /* ENOTDIR: a component on the way is a file (said below, by name) */
  if (errno != ENOENT && errno != ENOTDIR) return refuse (who, "output directory", dir, strerror (errno));
  existing_prefix (dir, at, sizeof at);
  bool there = stat (at, &st) == 0;
  if (!there || !S_ISDIR (st.st_mode))
    {
      snprintf (why, sizeof why, "cannot be created: %s is %s, not a directory", at,
                there && S_ISREG (st.st_mode) ? "a file" : "not readable or something else");
      return refuse (who, "output directory", dir, why);
    }
  int e = try_create (at);
  if (e)
    {
      snprintf (why, sizeof why, "cannot be created in %s (%s)", at, strerror (e));
      return refuse (who, "output directory", dir, why);
    }
  return SG_EXIT_OK;
}

int
sg_cli_out_file (const char *who, const char *path)
{
  char dir[PATH_MAX], why[PATH_MAX + 64];
  struct stat st;
  if (!path[0]) return refuse (who, "output file", path, "an empty path names no file");
  if (strlen (path) >= PATH_MAX - 32) return refuse (who, "output file", path, strerror (ENAMETOOLONG));
  if (stat (path, &st) == 0 && S_ISDIR (st.st_mode)) return refuse (who, "output file", path, "is a directory");
  /* A link is written through: the directory that matters is its file's. */
  char real[PATH_MAX];
  const char *at = lstat (path, &st) == 0 && S_ISLNK (st.st_mode) && realpath (path, real) ? real : path;
  const char *slash = strrchr (at, '/');
  if (!slash) snprintf (dir, sizeof dir, ".");
  else snprintf (dir, sizeof dir, "%.*s", slash == at ? 1 : (int) (slash - at), at);
  if (stat (dir, &st) != 0 || !S_ISDIR (st.st_mode))
    {
      snprintf (why, sizeof why, "%s is not a directory", dir);
      return refuse (who, "output file", path, why);
    }
  int e = try_create (dir);
  if (e)
    {
      snprintf (why, sizeof why, "cannot create files in %s (%s)", dir, strerror (e));
      return refuse (who, "output file", path, why);
    }
  return SG_EXIT_OK;
}
