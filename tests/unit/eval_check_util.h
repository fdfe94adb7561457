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
#include "eval/eval.h"
#include "test_util.h"

/* A term generator's state: a splitmix64 stream (seeded by the test) and the text it writes. */
typedef struct gen {
  uint64_t s; /* splitmix64 state */
  sg_buf *b;  /* output text */
} gen;

static uint64_t
rnd (gen *g)
{
  uint64_t z = (g->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint32_t
below (gen *g, uint32_t n)
{
  return (uint32_t) (rnd (g) % n);
}

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

/* The get-value terms of t with a value determined by e: the printed terms into tt and values
 * into vt (strdup'd; at most max); returns how many, and counts the undetermined ones. */
static uint32_t
collect_values (tparse *t, sg_eval *e, char **tt, char **vt, uint32_t max, uint32_t *undet)
{
  uint32_t n = 0;
  for (uint32_t i = 0; i < t->sc.cmds.n && n < max; i++)
    {
      const sg_cmd *c = &t->sc.cmds.a[i];
      if (c->kind != SG_WK_GET_VALUE) continue;
      if (c->flags & SG_CMD_RAW) fail_msg ("command %u did not type-check", i);
      sg_term x = sg_cmd_items (&t->sc, c)[0];
      sg_val v;
      assert_int_equal (sg_eval_term (e, x, &v), SG_RC_OK);
      if (sg_v_is_undet (v)) { (*undet)++; continue; }
      sg_buf b;
      sg_buf_init (&b);
      sg_print_term (&t->s, x, NULL, &b);
      tt[n] = strdup (sg_buf_cstr (&b));
      sg_buf_reset (&b);
      sg_v_print (&t->s, v, &b);
      vt[n++] = strdup (sg_buf_cstr (&b));
      sg_buf_free (&b);
    }
  return n;
}

/* Check the n values in batches of `batch`: each solver (argv words before the script path,
 * NULL-terminated; a NULL solver is skipped) gets a script per batch; its verdict per term
 * (V_*) goes into v[solver][k]. */
static void
check_values (char **tt, char **vt, uint32_t n, uint32_t batch, const char *const *solvers[2], uint8_t *v[2])
{
  const char *tmp = getenv ("TMPDIR");
  char path[4096];
  snprintf (path, sizeof path, "%s/sg_eval_check_XXXXXX", tmp && *tmp ? tmp : "/tmp");
  size_t plen = strlen (path);
  for (uint32_t from = 0; from < n; from += batch)
    {
      uint32_t to = from + batch < n ? from + batch : n;
      sg_buf sc;
      sg_buf_init (&sc);
      sg_buf_adds (&sc, "(set-logic ALL)\n");
      for (uint32_t k = from; k < to; k++)
        sg_buf_printf (&sc, "(push 1)(assert (not (= %s %s)))(check-sat)(pop 1)(echo \"@%u\")\n", tt[k], vt[k], k - from);
      assert_true (sg_buf_ok (&sc));
      strcpy (path + plen - 6, "XXXXXX");
      int fd = mkstemp (path);
      assert_true (fd >= 0);
      assert_true (write (fd, sc.s, sc.len) == (ssize_t) sc.len);
      close (fd);
      for (int s = 0; s < 2; s++)
        {
          if (!solvers[s]) continue;
          char *argv[16];
          uint32_t na = 0;
          while (solvers[s][na] && na < 14) { argv[na] = (char *) solvers[s][na]; na++; }
          argv[na++] = path;
          argv[na] = NULL;
          sg_buf out;
          sg_buf_init (&out);
          if (!run_solver (argv, &out)) print_message ("%s: timeout or not started\n", argv[0]);
          verdicts (sg_buf_cstr (&out), v[s] + from, to - from);
          sg_buf_free (&out);
        }
      unlink (path);
      sg_buf_free (&sc);
    }
}

#endif
