/* run_util: helpers shared by run_test.c and session_test.c (the fake solver, a world of
 * default patterns and built-in profiles, outcome assertions). */
#ifndef SG_RUN_UTIL_H
#define SG_RUN_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/classify.h"
#include "run/patterns.h"
#include "run/profile.h"
#include "run/run.h"
#include "run/session.h"
#include "run/spawn.h"

#ifndef SG_FAKE_SOLVER
#error "SG_FAKE_SOLVER (path of tests/fake/fake_solver) must be defined by CMake"
#endif

static const char FAKE[] = SG_FAKE_SOLVER;

static inline int
count_fds (void)
{
  DIR *d = opendir ("/proc/self/fd");
  assert_non_null (d);
  int n = 0;
  struct dirent *e;
  while ((e = readdir (d)))
    if (e->d_name[0] != '.') n++;
  closedir (d);
  return n;
}

static inline void
assert_no_children (void)
{
  errno = 0;
  assert_int_equal (waitpid (-1, NULL, WNOHANG), -1);
  assert_int_equal (errno, ECHILD);
}

/* A profile for the fake solver under a given name (so that solver-specific patterns apply),
 * with `mode` as its first argument. */
static inline void
fake_profile (sg_profile *p, const char *name, const char *mode)
{
  char text[1024];
  snprintf (text, sizeof text,
            "name = %s\nbinary = %s\ninput = stdin\nargs = %s\nsession = yes\n"
            "session_args = -\nok_exits = 0\n",
            name, FAKE, mode);
  sg_diag d;
  assert_int_equal (sg_profile_parse (text, strlen (text), "fake", p, &d), SG_RC_OK);
}

typedef struct world {
  sg_patterns pats; /* defaults */
  sg_profiles profs; /* built-ins */
} world;

static inline int
setup (void **state)
{
  world *w = calloc (1, sizeof *w);
  sg_patterns_init (&w->pats);
  if (sg_patterns_add_defaults (&w->pats)) return -1;
  sg_diag d;
  if (sg_profiles_init (&w->profs, &d)) return -1;
  *state = w;
  return 0;
}

static inline int
teardown (void **state)
{
  world *w = *state;
  sg_patterns_free (&w->pats);
  sg_profiles_free (&w->profs);
  free (w);
  return 0;
}

/* Run the fake in `mode` under profile name `name` with the given limits; classify. */
static inline void
run_fake (world *w, const char *name, const char *mode, uint32_t timeout_ms, uint64_t mem,
          sg_outcome *o)
{
  sg_profile p;
  fake_profile (&p, name, mode);
  sg_run_opts ro;
  memset (&ro, 0, sizeof ro);
  ro.timeout_ms = timeout_ms;
  ro.mem_bytes = mem;
  assert_int_equal (sg_run_text (&p, &w->pats, &ro, "", 0, o), SG_RC_OK);
  sg_profile_free (&p);
}

static inline void
assert_answers (const sg_outcome *o, const char *want)
{
  char got[256] = "";
  size_t k = 0;
  for (uint32_t i = 0; i < o->answers.n; i++)
    k += (size_t) snprintf (got + k, sizeof got - k, "%s%s", i ? "," : "",
                            sg_answer_name (o->answers.a[i]));
  assert_string_equal (got, want);
}

static inline char *
slurp (const char *path, size_t *len)
{
  FILE *f = fopen (path, "rb");
  if (!f) return NULL;
  fseek (f, 0, SEEK_END);
  long n = ftell (f);
  fseek (f, 0, SEEK_SET);
  char *s = malloc ((size_t) n + 1);
  *len = fread (s, 1, (size_t) n, f);
  s[*len] = 0;
  fclose (f);
  return s;
}

#endif
