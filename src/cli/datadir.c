#define _DEFAULT_SOURCE /* realpath */
/* datadir: the shipped data files, found relative to the running binary (cli/datadir.h). */
#include "cli/datadir.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The data folder relative to the binary's folder in an installed tree (CMake sets it from
 * CMAKE_INSTALL_BINDIR and CMAKE_INSTALL_DATADIR). */
#ifndef SG_DATA_REL
#define SG_DATA_REL "../share/smtgrind"
#endif

bool
sg_cli_data_path (const char *name, char *out, size_t size)
{
  char exe[PATH_MAX];
  ssize_t n = readlink ("/proc/self/exe", exe, sizeof exe - 1);
  char *slash = n > 0 ? memchr (exe, '/', (size_t) n) : NULL;
  if (slash)
    {
      exe[n] = 0;
      *strrchr (exe, '/') = 0;
      static const char *const rel[] = { SG_DATA_REL, "share/smtgrind" };
      for (size_t i = 0; i < sizeof rel / sizeof *rel; i++)
        {
          char cand[PATH_MAX], real[PATH_MAX];
          int k = snprintf (cand, sizeof cand, "%s/%s/%s", exe, rel[i], name);
          if (k < 0 || (size_t) k >= sizeof cand || !realpath (cand, real)) continue;
          if (strlen (real) >= size) break;
          memcpy (out, real, strlen (real) + 1);
          return true;
        }
    }
  if (size) out[0] = 0;
  if (strlen (name) < size) memcpy (out, name, strlen (name) + 1);
  return false;
}
