/* file: bounded whole-file reads. */
#include "base/file.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

sg_rc
sg_file_read (const char *path, size_t max, char **text, size_t *len, sg_diag *d)
{
  FILE *f = fopen (path, "rb");
  if (!f) return sg_diag_set (d, SG_RC_IO, 0, 0, "cannot open: %s", strerror (errno));
  char *buf = malloc (max + 1);
  if (!buf)
    {
      fclose (f);
      return SG_RC_NOMEM;
    }
  size_t n = fread (buf, 1, max + 1, f);
  bool bad = ferror (f);
  fclose (f);
  if (bad || n > max)
    {
      free (buf);
      return bad ? sg_diag_set (d, SG_RC_IO, 0, 0, "read error")
                 : sg_diag_set (d, SG_RC_LIMIT, 0, 0, "larger than %zu bytes", max);
    }
  buf[n] = 0;
  *text = buf;
  *len = n;
  return SG_RC_OK;
}
