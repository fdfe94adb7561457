/* bench_parse: throughput of the typed reader (lexer, S-expressions, sort checking, hash-consing)
 * on a directory of .smt2 files, all read into memory first so no I/O is timed.
 * usage: bench_parse [DIR [ROUNDS]]
 *   DIR     default: ../shared/corpus next to the source tree
 *   ROUNDS  default: as many rounds as needed for at least 2 s of parsing
 * Prints one line:
 *   files=N bytes=B time=S MB/s=X terms/s=Y commands/s=Z failures=F rounds=R
 * (bytes and failures per round, time and rates over all rounds). The first few failures
 * are listed on stderr. Exit status: 0, or 2 when DIR cannot be read or holds no .smt2 file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/walk.h"
#include "front/parse.h"

enum { SHOWN_FAILURES = 10 };

typedef struct input {
  const char *path; /* owned by the walk list */
  char *text;       /* file contents (malloc) */
  size_t len;       /* bytes */
} input;

typedef struct totals {
  uint64_t terms;    /* distinct terms over all parses */
  uint64_t commands; /* commands over all parses */
  uint64_t failures; /* parses that failed */
  double secs;       /* time spent parsing */
} totals;

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* Read a whole file; false with errno on failure. */
static bool
slurp (const char *path, char **text /* OUT */, size_t *len /* OUT */)
{
  FILE *f = fopen (path, "rb");
  if (!f) return false;
  size_t cap = 1 << 16, n = 0;
  char *s = malloc (cap);
  size_t got;
  while (s && (got = fread (s + n, 1, cap - n, f)) > 0)
    {
      n += got;
      if (n == cap)
        {
          char *t = realloc (s, cap * 2);
          if (!t) { free (s); s = NULL; errno = ENOMEM; break; }
          s = t;
          cap *= 2;
        }
    }
  bool ok = s && !ferror (f);
  fclose (f);
  if (!ok) { free (s); return false; }
  *text = s;
  *len = n;
  return true;
}

/* Parse every input once, each into a fresh store. */
static void
round_once (const input *in, size_t n, bool report, totals *t)
{
  double t0 = now ();
  for (size_t i = 0; i < n; i++)
    {
      sg_store st;
      sg_script sc;
      sg_diag d;
      if (sg_store_init (&st) != SG_RC_OK) { t->failures++; continue; }
      sg_script_init (&sc, &st);
      sg_diag_init (&d, in[i].path);
      sg_rc rc = sg_parse_string (&st, &sc, in[i].text, in[i].len, in[i].path, &d);
      if (rc == SG_RC_OK || rc == SG_RC_EOF)
        {
          t->terms += sg_term_count (&st);
          t->commands += sc.cmds.n;
        }
      else if (t->failures++ < SHOWN_FAILURES && report)
        {
          char line[1024];
          sg_diag_format (&d, line, sizeof line);
          fprintf (stderr, "bench_parse: %s\n", line);
        }
      sg_script_free (&sc);
      sg_store_free (&st);
    }
  t->secs += now () - t0;
}

int
main (int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : SG_SOURCE_DIR "/../shared/corpus";
  long rounds = 0;
  if (argc > 3 || (argc > 2 && (rounds = strtol (argv[2], NULL, 10)) <= 0))
    {
      fprintf (stderr, "usage: bench_parse [DIR [ROUNDS]]  (ROUNDS a positive integer)\n");
      return SG_EXIT_INPUT;
    }
  sg_walk w;
  sg_diag d;
  sg_walk_init (&w);
  sg_rc rc = sg_walk_add (&w, dir, &d);
  if (rc != SG_RC_OK || w.paths.n == 0)
    {
      char line[1024];
      if (rc == SG_RC_OK) sg_diag_set (&d, SG_RC_IO, 0, 0, "no .smt2 files found");
      sg_diag_format (&d, line, sizeof line);
      fprintf (stderr, "bench_parse: %s\n", line);
      sg_walk_free (&w);
      return sg_rc_exit_code (d.rc);
    }
  size_t n = w.paths.n;
  input *in = calloc (n, sizeof *in);
  uint64_t bytes = 0;
  int code = SG_EXIT_OK;
  for (size_t i = 0; in && i < n; i++)
    {
      in[i].path = w.paths.a[i];
      if (!slurp (in[i].path, &in[i].text, &in[i].len))
        {
          fprintf (stderr, "bench_parse: %s: error: cannot read: %s\n", in[i].path,
                   strerror (errno));
          code = SG_EXIT_INPUT;
          break;
        }
      bytes += in[i].len;
    }
  if (!in) { fprintf (stderr, "bench_parse: error: out of memory\n"); code = SG_EXIT_INTERNAL; }
  if (code == SG_EXIT_OK)
    {
      totals t = { 0, 0, 0, 0.0 };
      long done = 0;
      uint64_t failures = 0; /* per round: the first round's (parsing is deterministic) */
      do
        {
          round_once (in, n, done == 0, &t);
          if (done == 0) failures = t.failures;
        }
      while (++done < rounds || (rounds == 0 && t.secs < 2.0));
      double s = t.secs > 0 ? t.secs : 1e-9;
      printf ("files=%zu bytes=%llu time=%.3f MB/s=%.1f terms/s=%.0f commands/s=%.0f "
              "failures=%llu rounds=%ld\n",
              n, (unsigned long long) bytes, t.secs, (double) bytes * (double) done / 1e6 / s,
              (double) t.terms / s, (double) t.commands / s, (unsigned long long) failures,
              done);
    }
  for (size_t i = 0; in && i < n; i++) free (in[i].text);
  free (in);
  sg_walk_free (&w);
  return code;
}
