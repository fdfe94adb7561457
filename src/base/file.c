/* file: bounded whole-file reads, atomic writes. */
#include "base/file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

sg_rc
sg_file_read (const char *path, size_t max, char **text, size_t *len, sg_diag *d)
{
  FILE *f = fopen (path, "rb");
  if (!f) return sg_diag_set (d, SG_RC_IO, 0, 0, "cannot open: %s", strerror (errno));
  /* The buffer grows as the file is read (a regular file's size is the first guess), so a
   * large max costs nothing for a small file. */
  struct stat st;
  size_t cap = 1 << 16;
  if (fstat (fileno (f), &st) == 0 && S_ISREG (st.st_mode) && st.st_size >= 0) cap = (size_t) st.st_size + 1;
  if (cap > max + 1) cap = max + 1;
  char *buf = malloc (cap + 1);
  size_t n = 0;
  bool bad = false;
  int err = 0;
  while (buf)
    {
      n += fread (buf + n, 1, cap - n, f);
      if (ferror (f)) { bad = true; err = errno; break; }
      if (n < cap || cap == max + 1) break; /* the end, or one byte past the limit read */
      size_t ncap = cap > (max + 1) / 2 ? max + 1 : 2 * cap;
      char *nb = realloc (buf, ncap + 1);
      if (!nb) { free (buf); buf = NULL; break; }
      buf = nb, cap = ncap;
    }
  fclose (f);
  if (!buf) return SG_RC_NOMEM;
  if (bad || n > max)
    {
      free (buf);
      return bad ? sg_diag_set (d, SG_RC_IO, 0, 0, "read error: %s", strerror (err))
                 : sg_diag_set (d, SG_RC_LIMIT, 0, 0, "larger than %zu bytes", max);
    }
  buf[n] = 0;
  *text = buf;
  *len = n;
  return SG_RC_OK;
}

sg_rc
sg_file_read_text (const char *path, size_t max, char **text, size_t *len, sg_diag *d)
{
  sg_rc rc = sg_file_read (path, max, text, len, d);
  if (rc) return rc;
  const char *z = memchr (*text, 0, *len);
  if (!z) return SG_RC_OK;
  uint32_t line = 1, col = 1;
  for (const char *p = *text; p < z; p++)
    if (*p == '\n') { line++; col = 1; }
    else col++;
  free (*text);
  *text = NULL;
  *len = 0;
  return sg_diag_set (d, SG_RC_PARSE, line, col, "binary data (a NUL byte): not a text file");
}

bool
sg_fd_write_all (int fd, const char *data, size_t len)
{
  size_t off = 0;
  while (off < len)
    {
      ssize_t w = write (fd, data + off, len - off);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) return false;
      off += (size_t) w;
    }
  return true;
}

/* A new file named tmp (its last six characters, "XXXXXX", replaced): mkstemp's contract, but
 * created with mode 0666 before the umask, as fopen would, so that a written finding, reduced
 * file or report is as readable as any other file the user makes (mkstemp's 0600 is for
 * private files). The six characters come from getrandom (the clock and pid where it fails);
 * O_EXCL makes two writers of one name impossible. -1 with errno set on failure. */
static int
open_new (char *tmp)
{
  static const char alpha[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  size_t n = strlen (tmp);
  if (n < 6 || strcmp (tmp + n - 6, "XXXXXX") != 0)
    {
      errno = EINVAL;
      return -1;
    }
  for (unsigned attempt = 0; attempt < 100; attempt++)
    {
      unsigned char r[6];
      if (getrandom (r, sizeof r, GRND_NONBLOCK) != (ssize_t) sizeof r)
        {
          struct timespec ts;
          clock_gettime (CLOCK_MONOTONIC, &ts);
          unsigned long long x = (unsigned long long) ts.tv_nsec * 2654435761u
                                 ^ (unsigned long long) getpid () << 20 ^ attempt * 40503u;
          for (int i = 0; i < 6; i++, x >>= 8) r[i] = (unsigned char) x;
        }
      for (int i = 0; i < 6; i++) tmp[n - 6 + i] = alpha[r[i] % (sizeof alpha - 1)];
      int fd = open (tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (fd >= 0 || errno != EEXIST) return fd;
    }
  errno = EEXIST;
  return -1;
}

/* The bytes in a new temporary file beside path (".NAME.XXXXXX", open_new), fsync'd with sync;
 * its name in tmp; with mode (not -1), that mode (an existing file's, kept as fopen keeps it).
 * False on any failure, errno kept (nothing left behind). */
static bool
write_beside (const char *path, const char *data, size_t len, bool sync, int mode, char *tmp,
              size_t tmpsize)
{
  const char *slash = strrchr (path, '/');
  int n = slash ? snprintf (tmp, tmpsize, "%.*s/.%s.XXXXXX", (int) (slash - path), path, slash + 1)
                : snprintf (tmp, tmpsize, ".%s.XXXXXX", path);
  if (n < 0 || (size_t) n >= tmpsize)
    {
      errno = ENAMETOOLONG;
      return false;
    }
  int fd = open_new (tmp);
  if (fd < 0) return false;
  if (mode >= 0) (void) fchmod (fd, (mode_t) mode);
  bool ok = sg_fd_write_all (fd, data, len) && (!sync || fsync (fd) == 0);
  int e = ok ? 0 : errno ? errno : EIO;
  if (close (fd) != 0 && ok) ok = false, e = errno;
  if (!ok)
    {
      unlink (tmp);
      errno = e;
    }
  return ok;
}

/* Write through path (open with O_TRUNC, following links), as the shell's `>` would. */
static sg_rc
write_through (const char *path, const char *data, size_t len, bool sync)
{
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return SG_RC_IO;
  struct stat st;
  bool ok = sg_fd_write_all (fd, data, len)
            && (!sync || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || fsync (fd) == 0);
  int e = ok ? 0 : errno ? errno : EIO;
  if (close (fd) != 0 && ok) ok = false, e = errno;
  errno = e;
  return ok ? SG_RC_OK : SG_RC_IO;
}

sg_rc
sg_file_write_atomic (const char *path, const char *data, size_t len, bool sync)
{
  char tmp[4200];
  struct stat st;
  int mode = -1;
  /* Only a regular file is ever replaced by a rename. A link is written through (a rename
   * would replace the link: /dev/stdout is one), and so are a device and a FIFO (a rename
   * would put a file in place of /dev/null). */
  if (lstat (path, &st) == 0)
    {
      if (S_ISLNK (st.st_mode))
        {
          if (stat (path, &st) == 0 && !S_ISREG (st.st_mode) && !S_ISCHR (st.st_mode)
              && !S_ISFIFO (st.st_mode))
            {
              errno = S_ISDIR (st.st_mode) ? EISDIR : EINVAL;
              return SG_RC_IO;
            }
          return write_through (path, data, len, sync);
        }
      if (S_ISCHR (st.st_mode) || S_ISFIFO (st.st_mode)) return write_through (path, data, len, sync);
      if (!S_ISREG (st.st_mode))
        {
          errno = S_ISDIR (st.st_mode) ? EISDIR : EINVAL;
          return SG_RC_IO;
        }
      mode = (int) (st.st_mode & 0777);
    }
  if (!write_beside (path, data, len, sync, mode, tmp, sizeof tmp)) return SG_RC_IO;
  if (rename (tmp, path) != 0)
    {
      int e = errno;
      unlink (tmp);
      errno = e;
      return SG_RC_IO;
    }
  return SG_RC_OK;
}

sg_rc
sg_file_write_new (const char *path, const char *data, size_t len, bool sync)
{
  char tmp[4200];
  struct stat st;
  if (lstat (path, &st) == 0) return SG_RC_EOF;
  if (!write_beside (path, data, len, sync, -1, tmp, sizeof tmp)) return SG_RC_IO;
  sg_rc rc = SG_RC_IO;
  if (link (tmp, path) == 0) rc = SG_RC_OK;
  else if (errno == EEXIST) rc = SG_RC_EOF;
  else if ((errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP || errno == ENOSYS)
           && lstat (path, &st) != 0 && errno == ENOENT)
    {
      /* No hard links here: a rename, after the check (a race with another writer of the
       * same name is possible only on such a file system). */
      if (rename (tmp, path) == 0) return SG_RC_OK;
    }
  unlink (tmp);
  return rc;
}

bool
sg_mkdir_p (const char *path)
{
  char buf[PATH_MAX];
  if (!*path || (size_t) snprintf (buf, sizeof buf, "%s", path) >= sizeof buf)
    {
      errno = ENAMETOOLONG;
      return false;
    }
  for (char *p = buf + 1; *p; p++)
    if (*p == '/')
      {
        *p = 0;
        if (mkdir (buf, 0777) != 0 && errno != EEXIST) return false;
        *p = '/';
      }
  if (mkdir (buf, 0777) == 0) return true;
  struct stat st;
  return errno == EEXIST && stat (buf, &st) == 0 && S_ISDIR (st.st_mode);
}
