/* bench_runner: solver calls per second through the run layer, one process per call versus a
 * persistent session, on the N corpus files with the smallest z3 time (INDEX.tsv), and the
 * share of CPU time spent in smtgrind itself.
 * usage: bench_runner [-n N] [-t TIMEOUT_MS] [-s z3,cvc5] [CORPUS_DIR]
 *   N           files (default 500)
 *   TIMEOUT_MS  watchdog per call (default 10000)
 *   CORPUS_DIR  default: ../shared/corpus next to the source tree
 * For each solver, the one-shot pass runs sg_run_file on each file; the session pass sends the
 * same texts through sg_session_query_checked (a failed session query is re-run fresh, and that
 * time counts). CPU comes from getrusage (RUSAGE_SELF and RUSAGE_CHILDREN deltas; a session's
 * CPU is collected when it closes, inside the measured interval).
 * Exit status: 0, or 2 when the corpus cannot be read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "run/run.h"
#include "run/session.h"
#include "run/spawn.h"

#ifndef SG_SOURCE_DIR
#define SG_SOURCE_DIR "."
#endif

typedef struct file {
  char path[1024]; /* full path */
  long z3_ms;      /* from INDEX.tsv */
  char *text;      /* contents */
  size_t len;      /* bytes */
} file;

typedef struct pass {
  double wall;            /* seconds */
  double self_cpu;        /* our user + sys */
  double child_cpu;       /* children's user + sys */
  uint32_t kinds[SG_OUT_NKINDS]; /* outcomes by kind */
  uint32_t fresh;         /* session failures re-run fresh */
  uint64_t processes;     /* solver processes started by the session */
} pass;

static int
cmp_ms (const void *a, const void *b)
{
  const file *x = a, *y = b;
  return (x->z3_ms > y->z3_ms) - (x->z3_ms < y->z3_ms);
}

static double
tv (struct timeval t)
{
  return (double) t.tv_sec + (double) t.tv_usec * 1e-6;
}

static void
cpu (double *self, double *children)
{
  struct rusage a, b;
  getrusage (RUSAGE_SELF, &a);
  getrusage (RUSAGE_CHILDREN, &b);
  *self = tv (a.ru_utime) + tv (a.ru_stime);
  *children = tv (b.ru_utime) + tv (b.ru_stime);
}

/* The n files with the smallest z3_ms, read into memory. Returns how many. */
static int
load (const char *dir, int n, file **out)
{
  char idx[1100];
  snprintf (idx, sizeof idx, "%s/INDEX.tsv", dir);
  FILE *f = fopen (idx, "r");
  if (!f) return -1;
  int cap = 4096, nf = 0;
  file *fs = calloc ((size_t) cap, sizeof *fs);
  char line[4096];
  while (fs && fgets (line, sizeof line, f))
    {
      char p[900], logic[64], status[16];
      long ms;
      if (sscanf (line, "%899[^\t]\t%63[^\t]\t%15[^\t]\t%ld", p, logic, status, &ms) != 4) continue;
      if (nf == cap)
        {
          file *g = realloc (fs, (size_t) cap * 2 * sizeof *fs);
          if (!g) break;
          fs = g;
          cap *= 2;
        }
      memset (&fs[nf], 0, sizeof fs[nf]);
      snprintf (fs[nf].path, sizeof fs[nf].path, "%s/%s", dir, p);
      fs[nf++].z3_ms = ms;
    }
  fclose (f);
  if (!fs) return -1;
  qsort (fs, (size_t) nf, sizeof *fs, cmp_ms);
  if (nf > n) nf = n;
  for (int i = 0; i < nf; i++)
    {
      FILE *g = fopen (fs[i].path, "rb");
      if (!g) { nf = i; break; }
      fseek (g, 0, SEEK_END);
      long len = ftell (g);
      fseek (g, 0, SEEK_SET);
      fs[i].text = malloc ((size_t) len + 1);
      fs[i].len = fs[i].text ? fread (fs[i].text, 1, (size_t) len, g) : 0;
      if (fs[i].text) fs[i].text[fs[i].len] = 0;
      fclose (g);
    }
  *out = fs;
  return nf;
}

static bool
same (const sg_outcome *a, const sg_outcome *b)
{
  return a->kind == b->kind && a->answers.n == b->answers.n
         && (!a->answers.n || !memcmp (a->answers.a, b->answers.a, a->answers.n));
}

static void
row (const char *solver, const char *mode, int n, const pass *p, double base)
{
  uint32_t ok = p->kinds[SG_OUT_OK], rej = p->kinds[SG_OUT_REJECTED],
           to = p->kinds[SG_OUT_TIMEOUT];
  uint32_t other = (uint32_t) n - ok - rej - to;
  double total = p->self_cpu + p->child_cpu;
  printf ("%-6s %-9s %5d %8.2f %8.1f %7s %5u %5u %5u %5u %6u %6llu %9.2f %9.2f %6.1f%%\n", solver,
          mode, n, p->wall, n / p->wall, base > 0 ? "" : "-", ok, rej, to, other, p->fresh,
          (unsigned long long) p->processes, p->self_cpu, p->child_cpu,
          total > 0 ? 100 * p->self_cpu / total : 0);
  if (base > 0)
    printf ("%-6s %-9s %5s %8s %8s %6.1fx\n", "", "", "", "", "", (n / p->wall) / base);
}

int
main (int argc, char **argv)
{
  int n = 500;
  uint32_t timeout_ms = 10000;
  const char *solvers = "z3,cvc5";
  const char *dir = SG_SOURCE_DIR "/../shared/corpus";
  for (int i = 1; i < argc; i++)
    {
      if (!strcmp (argv[i], "-n") && i + 1 < argc) n = atoi (argv[++i]);
      else if (!strcmp (argv[i], "-t") && i + 1 < argc) timeout_ms = (uint32_t) atoi (argv[++i]);
      else if (!strcmp (argv[i], "-s") && i + 1 < argc) solvers = argv[++i];
      else if (argv[i][0] == '-')
        {
          fprintf (stderr, "usage: bench_runner [-n N] [-t TIMEOUT_MS] [-s z3,cvc5] [CORPUS_DIR]\n");
          return 2;
        }
      else dir = argv[i];
    }
  file *fs = NULL;
  int nf = load (dir, n, &fs);
  if (nf <= 0)
    {
      fprintf (stderr, "bench_runner: cannot read %s/INDEX.tsv or its files\n", dir);
      return 2;
    }
  sg_patterns pats;
  sg_patterns_init (&pats);
  sg_profiles profs;
  sg_diag d;
  if (sg_patterns_add_defaults (&pats) || sg_profiles_init (&profs, &d))
    {
      fprintf (stderr, "bench_runner: cannot load the built-in tables\n");
      return 1;
    }
  printf ("bench_runner: %d files (smallest z3 time: %ld..%ld ms), watchdog %u ms, corpus %s\n\n",
          nf, fs[0].z3_ms, fs[nf - 1].z3_ms, timeout_ms, dir);
  printf ("%-6s %-9s %5s %8s %8s %7s %5s %5s %5s %5s %6s %6s %9s %9s %7s\n", "solver", "mode",
          "calls", "wall_s", "calls/s", "speedup", "ok", "rej", "tmo", "other", "fresh", "procs",
          "self_cpu", "child_cpu", "self%");

  sg_outcome *one = calloc ((size_t) nf, sizeof *one);
  sg_outcome o;
  sg_outcome_init (&o);
  char list[256];
  snprintf (list, sizeof list, "%s", solvers);
  char *save = NULL;
  for (char *name = strtok_r (list, ",", &save); name; name = strtok_r (NULL, ",", &save))
    {
      const sg_profile *p = sg_profiles_find (&profs, name);
      if (!p) { fprintf (stderr, "bench_runner: no profile '%s'\n", name); continue; }
      /* One process per call. */
      pass a;
      memset (&a, 0, sizeof a);
      sg_run_opts ro;
      memset (&ro, 0, sizeof ro);
      ro.timeout_ms = timeout_ms;
      ro.argv.incremental = true;
      double s0, c0, s1, c1, t0 = sg_spawn_now ();
      cpu (&s0, &c0);
      for (int i = 0; i < nf; i++)
        {
          sg_outcome_init (&one[i]);
          if (sg_run_file (p, &pats, &ro, fs[i].path, &one[i])) return 1;
          a.kinds[one[i].kind]++;
        }
      a.wall = sg_spawn_now () - t0;
      cpu (&s1, &c1);
      a.self_cpu = s1 - s0;
      a.child_cpu = c1 - c0;
      a.processes = (uint64_t) nf;
      row (name, "one-shot", nf, &a, 0);

      /* One persistent session (failures re-run fresh). */
      if (!p->session)
        {
          printf ("%-6s %-9s (no session support)\n", name, "session");
          continue;
        }
      pass b;
      memset (&b, 0, sizeof b);
      sg_session s;
      sg_session_opts so = { .timeout_ms = timeout_ms };
      uint32_t agree = 0;
      t0 = sg_spawn_now ();
      cpu (&s0, &c0);
      if (sg_session_open (&s, p, &pats, &so)) return 1;
      for (int i = 0; i < nf; i++)
        {
          if (sg_session_query_checked (&s, fs[i].text, fs[i].len, &o)) return 1;
          b.kinds[o.kind]++;
          agree += same (&o, &one[i]);
        }
      b.fresh = (uint32_t) s.stats.fresh;
      b.processes = s.stats.starts + s.stats.fresh;
      sg_session_close (&s);
      b.wall = sg_spawn_now () - t0;
      cpu (&s1, &c1);
      b.self_cpu = s1 - s0;
      b.child_cpu = c1 - c0;
      row (name, "session", nf, &b, nf / a.wall);
      printf ("%-6s session outcome = one-shot outcome on %u of %d files\n", "", agree, nf);
      for (int i = 0; i < nf; i++) sg_outcome_free (&one[i]);
    }
  printf ("\ncolumns: ok/rej/tmo/other = outcomes (other: crash, no answer, abnormal exit, ...);\n"
          "fresh = failed session queries re-run in a fresh process; procs = solver processes;\n"
          "self%% = smtgrind's CPU / (smtgrind's + solvers' CPU).\n");
  sg_outcome_free (&o);
  free (one);
  for (int i = 0; i < nf; i++) free (fs[i].text);
  free (fs);
  sg_patterns_free (&pats);
  sg_profiles_free (&profs);
  return 0;
}
