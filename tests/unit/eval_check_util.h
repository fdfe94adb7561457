/* eval_check_util: running a solver on a batch of value checks, shared by the evaluator's
 * differential tests (eval_solver_test.c, eval_coll_solvers_z3_test.c). A batch script checks
 * term k with (push 1)(assert (not (= T V)))(check-sat)(pop 1)(echo "@k"): unsat confirms our
 * value V of T. The including file defines TIMEOUT_MS (per solver run) and OUT_MAX (output
 * bytes kept) first. */
#ifndef SG_TESTS_EVAL_CHECK_UTIL_H
#define SG_TESTS_EVAL_CHECK_UTIL_H

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/buf.h"

/* Run argv with stdout and stderr captured into out (at most OUT_MAX bytes) and a timeout.
 * Returns false if the solver could not be started or timed out. */
static bool
run_solver (char *const argv[], sg_buf *out)
{
  int fd[2];
  if (pipe (fd)) return false;
  pid_t pid = fork ();
  if (pid < 0) { close (fd[0]); close (fd[1]); return false; }
  if (pid == 0)
    {
      dup2 (fd[1], 1);
      dup2 (fd[1], 2);
      close (fd[0]);
      close (fd[1]);
      execvp (argv[0], argv);
      _exit (127);
    }
  close (fd[1]);
  struct timespec t0;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  bool timeout = false;
  char chunk[65536];
  for (;;)
    {
      struct timespec t1;
      clock_gettime (CLOCK_MONOTONIC, &t1);
      long left = TIMEOUT_MS - (long) ((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000);
      if (left <= 0) { timeout = true; break; }
      struct pollfd p = { fd[0], POLLIN, 0 };
      int r = poll (&p, 1, (int) left);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) { timeout = r == 0; break; }
      ssize_t n = read (fd[0], chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      if (out->len < OUT_MAX) sg_buf_add (out, chunk, (size_t) n);
    }
  close (fd[0]);
  if (timeout) kill (pid, SIGKILL);
  int status;
  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
  return !timeout && !(WIFEXITED (status) && WEXITSTATUS (status) == 127);
}

enum { V_NONE, V_AGREE, V_REFUTE, V_UNKNOWN, V_ERROR };

/* Verdicts per term from the output of a script whose k-th check is followed by (echo "@k"). */
static void
verdicts (const char *out, uint8_t *v, uint32_t n)
{
  uint8_t cur = V_NONE;
  for (const char *l = out; *l;)
    {
      const char *e = strchr (l, '\n');
      size_t len = e ? (size_t) (e - l) : strlen (l);
      const char *q = l;
      while (q < l + len && (*q == '"' || *q == ' ')) q++;
      if (*q == '@')
        {
          unsigned long k = strtoul (q + 1, NULL, 10);
          if (k < n) v[k] = cur;
          cur = V_NONE;
        }
      else if (len >= 5 && !strncmp (l, "unsat", 5)) cur = cur == V_ERROR ? cur : V_AGREE;
      else if (len >= 3 && !strncmp (l, "sat", 3)) cur = cur == V_ERROR ? cur : V_REFUTE;
      else if (len >= 7 && !strncmp (l, "unknown", 7)) cur = cur == V_ERROR ? cur : V_UNKNOWN;
      else if (len >= 6 && !strncmp (l, "(error", 6)) cur = V_ERROR;
      l = e ? e + 1 : l + len;
    }
}

static bool
have (const char *solver)
{
  char *argv[] = { (char *) solver, (char *) "--version", NULL };
  sg_buf b;
  sg_buf_init (&b);
  bool ok = run_solver (argv, &b) && b.len > 0;
  sg_buf_free (&b);
  return ok;
}

#endif
