/* file: read a whole small file (configuration, patterns, profiles) with a size limit; write a
 * file atomically (a reader or a crash sees the old file or the new one, never a part).
 * Owns: nothing; the text it returns is the caller's (free).
 * Tests: tests/unit/run_test.c (through the loaders' error cases) */
#ifndef SG_BASE_FILE_H
#define SG_BASE_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/rc.h"

/* Read path (at most max bytes) into a malloc'd, NUL-terminated *text. Errors go to d:
 * SG_RC_IO "cannot open: ..."/"read error", SG_RC_LIMIT "larger than MAX bytes", SG_RC_NOMEM. */
sg_rc sg_file_read (const char *path, size_t max, char **text /* OUT */, size_t *len /* OUT */,
                    sg_diag *d);

/* sg_file_read for text files: a NUL byte is SG_RC_PARSE "binary data" at its line:col. */
sg_rc sg_file_read_text (const char *path, size_t max, char **text /* OUT */,
                         size_t *len /* OUT */, sg_diag *d);

/* Write all len bytes to fd (retrying short writes and EINTR); false on an error. */
bool sg_fd_write_all (int fd, const char *data, size_t len);

/* Write len bytes to path through a temporary file beside it (".NAME.XXXXXX", made like
 * mkstemp's but with mode 0666 before the umask, as fopen's; an existing file's mode is kept)
 * renamed over path; with sync, fsync'd before the rename. SG_RC_IO with errno set on any
 * failure (the temporary file is removed, path is untouched). Only a regular file (or a new
 * name) is ever replaced by a rename: a symbolic link (/dev/stdout is one), a character device
 * (/dev/null) or a FIFO is written through, as the shell's `>` would, without atomicity; a
 * directory is EISDIR, anything else EINVAL. */
sg_rc sg_file_write_atomic (const char *path, const char *data, size_t len, bool sync);

/* sg_file_write_atomic, but never over an existing file: the finished temporary file is
 * hard-linked to path (a file system without hard links: renamed when path is absent). Returns
 * SG_RC_OK; SG_RC_EOF when path already exists (nothing written, path untouched); SG_RC_IO on
 * any other failure. Two writers never both get one path. */
sg_rc sg_file_write_new (const char *path, const char *data, size_t len, bool sync);

/* mkdir -p (mode 0777 before the umask): true when path is a directory at the end (errno set
 * otherwise). */
bool sg_mkdir_p (const char *path);

#endif
