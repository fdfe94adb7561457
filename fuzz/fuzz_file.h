/* fuzz_file.h: for harnesses whose reader takes a path (option caches, finding files, --data
 * files): the input written to one private temporary file per process (mkstemp), removed at
 * exit. Harness-only: a static path, never part of the library. */
#ifndef SG_FUZZ_FILE_H
#define SG_FUZZ_FILE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char fuzz_file_path[64];

static void
fuzz_file_remove (void)
{
  if (fuzz_file_path[0]) unlink (fuzz_file_path);
}

/* Write data[0..size) to the process's temporary file and return its path (abort on I/O
 * failure: a harness that cannot write its input tests nothing). */
static const char *
fuzz_file (const uint8_t *data, size_t size)
{
  if (!fuzz_file_path[0])
    {
      snprintf (fuzz_file_path, sizeof fuzz_file_path, "%s/smtgrind-fuzz-input.XXXXXX",
                getenv ("TMPDIR") && getenv ("TMPDIR")[0] && strlen (getenv ("TMPDIR")) < 32 ? getenv ("TMPDIR") : "/tmp");
      int fd = mkstemp (fuzz_file_path);
      if (fd < 0) abort ();
      close (fd);
      atexit (fuzz_file_remove);
    }
  FILE *f = fopen (fuzz_file_path, "wb");
  if (!f) abort ();
  if (size && fwrite (data, 1, size, f) != size) abort ();
  if (fclose (f)) abort ();
  return fuzz_file_path;
}

#endif
