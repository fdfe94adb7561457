/* walk: collect input files from command-line paths with an explicit directory stack. */
#include "cli/walk.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef SG_VEC (char *) dir_stack; /* directories still to scan, each owned */

void
sg_walk_init (sg_walk *w)
{
  memset (w, 0, sizeof *w);
}

void
sg_walk_free (sg_walk *w)
{
  for (uint32_t i = 0; i < w->paths.n; i++) free (w->paths.a[i]);
  SG_VEC_FREE (w->paths);
}

/* dir + "/" + name in fresh memory (no doubled slash), or NULL. */
static char *
join (const char *dir, const char *name)
{
  size_t n = strlen (dir), m = strlen (name);
  while (n > 1 && dir[n - 1] == '/') n--;
  char *s = malloc (n + 1 + m + 1);
  if (!s) return NULL;
  memcpy (s, dir, n);
  s[n] = '/';
  memcpy (s + n + 1, name, m + 1);
  return s;
}

static bool
is_smt2 (const char *name)
{
  size_t n = strlen (name);
  return n > 5 && !strcmp (name + n - 5, ".smt2");
}

static int
cmp_path (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static sg_rc
push_owned (sg_walk *w, char *path, sg_diag *diag)
{
  if (path && SG_VEC_PUSH (w->paths, path)) return SG_RC_OK;
  free (path);
  return sg_diag_set (diag, SG_RC_NOMEM, 0, 0, "out of memory");
}

/* Scan one directory: files go to w, subdirectories to the stack. */
static sg_rc
scan (sg_walk *w, const char *dir, dir_stack *stack, sg_diag *diag)
{
  DIR *d = opendir (dir);
  if (!d)
    return sg_diag_set (diag, SG_RC_IO, 0, 0, "cannot read directory '%s': %s", dir,
                        strerror (errno));
  sg_rc rc = SG_RC_OK;
  struct dirent *e;
  while (rc == SG_RC_OK && (errno = 0, e = readdir (d)))
    {
      if (!strcmp (e->d_name, ".") || !strcmp (e->d_name, "..")) continue;
      char *path = join (dir, e->d_name);
      struct stat st;
      if (!path) { rc = push_owned (w, NULL, diag); break; }
      if (lstat (path, &st) != 0)
        rc = sg_diag_set (diag, SG_RC_IO, 0, 0, "cannot stat '%s': %s", path, strerror (errno));
      else if (S_ISDIR (st.st_mode))
        {
          if (SG_VEC_PUSH (*stack, path)) continue;
          rc = sg_diag_set (diag, SG_RC_NOMEM, 0, 0, "out of memory");
        }
      else if (is_smt2 (e->d_name)
               && (S_ISREG (st.st_mode)
                   || (S_ISLNK (st.st_mode) && stat (path, &st) == 0 && S_ISREG (st.st_mode))))
        {
          rc = push_owned (w, path, diag);
          continue;
        }
      free (path);
    }
  if (rc == SG_RC_OK && errno != 0)
    rc = sg_diag_set (diag, SG_RC_IO, 0, 0, "cannot read directory '%s': %s", dir,
                      strerror (errno));
  closedir (d);
  return rc;
}

sg_rc
sg_walk_add (sg_walk *w, const char *arg, sg_diag *diag)
{
  sg_diag_init (diag, arg);
  if (!arg[0])
    {
      diag->file = "''";
      return sg_diag_set (diag, SG_RC_IO, 0, 0, "an empty path names no file");
    }
  struct stat st;
  if (stat (arg, &st) != 0)
    return sg_diag_set (diag, SG_RC_IO, 0, 0, "cannot open: %s", strerror (errno));
  if (!S_ISDIR (st.st_mode))
    {
      size_t n = strlen (arg);
      char *copy = malloc (n + 1);
      if (copy) memcpy (copy, arg, n + 1);
      return push_owned (w, copy, diag);
    }
  uint32_t first = w->paths.n;
  dir_stack stack = { 0 };
  sg_rc rc = SG_RC_OK;
  size_t n = strlen (arg);
  char *root = malloc (n + 1);
  if (root) memcpy (root, arg, n + 1);
  if (!root || !SG_VEC_PUSH (stack, root))
    {
      free (root);
      rc = sg_diag_set (diag, SG_RC_NOMEM, 0, 0, "out of memory");
    }
  while (rc == SG_RC_OK && stack.n > 0)
    {
      char *dir = SG_VEC_POP (stack);
      rc = scan (w, dir, &stack, diag);
      free (dir);
    }
  while (stack.n > 0) free (SG_VEC_POP (stack));
  SG_VEC_FREE (stack);
  if (w->paths.n > first)
    qsort (w->paths.a + first, w->paths.n - first, sizeof *w->paths.a, cmp_path);
  else if (rc == SG_RC_OK)
    rc = sg_diag_set (diag, SG_RC_IO, 0, 0, "no .smt2 files found in this directory");
  return rc;
}
