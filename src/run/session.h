/* session: a persistent solver process answering many scripts (z3 -in, cvc5/cvc4
 * --lang smt2 --incremental). Each query is (reset) (except the first of a process; or
 * (reset-assertions) where the profile's session_reset_assertions says it clears declarations
 * too and neither that script nor the one before sets a logic, an option or a scope), the
 * script, then (echo "<sentinel>");
 * the answer is the output up to the sentinel line.
 * Owns: the solver process (restarted as needed), its argv and the query buffers.
 * Invariants: at most one live process; a query that times out, crashes, or ends the process
 *   leaves no process behind (the next query starts a fresh one); a process answers at most
 *   max_queries queries. Only an OK outcome from a session is trusted: every other outcome has
 *   from_session set and must be re-run in a fresh one-shot process (sg_session_query_checked
 *   does it), because a session's state (earlier queries, options, a half-read script) may be
 *   what caused it.
 * Tests: tests/unit/run_test.c */
#ifndef SG_RUN_SESSION_H
#define SG_RUN_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/rc.h"
#include "run/classify.h"
#include "run/patterns.h"
#include "run/profile.h"
#include "run/run.h"
#include "run/spawn.h"

#define SG_SESSION_DEFAULT_MAX_QUERIES 1000u

typedef struct sg_session_opts {
  sg_argv_opts argv;     /* flag groups (models, validate, strings); no script, no timeout */
  uint32_t timeout_ms;   /* per query; 0 = none (then an unbalanced script is never sent) */
  uint32_t max_queries;  /* restart after this many; 0 = SG_SESSION_DEFAULT_MAX_QUERIES */
  uint64_t mem_bytes;    /* RLIMIT_AS of the process; 0 = none */
  size_t out_cap;        /* capture cap per query; 0 = SG_SPAWN_DEFAULT_CAP */
  const char *cwd;       /* working directory; NULL = a private one for the session's life */
} sg_session_opts;

typedef struct sg_session_stats {
  uint64_t queries;   /* sg_session_query calls */
  uint64_t starts;    /* processes started */
  uint64_t restarts;  /* processes ended by a failure (timeout, crash, death) */
  uint64_t recycled;  /* processes ended after max_queries */
  uint64_t fresh;     /* fresh one-shot re-runs by sg_session_query_checked */
  uint64_t light_resets; /* queries opened by (reset-assertions) instead of (reset) */
} sg_session_stats;

typedef struct sg_session {
  const sg_profile *prof;   /* borrowed; must outlive the session */
  const sg_patterns *pats;  /* borrowed */
  sg_session_opts o;        /* options (defaults filled in) */
  sg_strv argv;             /* the session command line */
  sg_spawn_proc proc;       /* the live process, if any */
  sg_spawn_result res;      /* output of the current query */
  sg_buf send;              /* bytes of the current query */
  char sentinel[48];        /* echo text of the current query */
  char dir[4096];           /* private working directory ("" when opts.cwd is used) */
  char line[64];            /* watch state: start of the current stdout line */
  size_t line_len;          /* bytes of the line seen (may exceed sizeof line) */
  bool seen;                /* watch state: the sentinel line arrived */
  bool kept;                /* the last script set something (reset-assertions) keeps */
  uint32_t in_proc;         /* queries answered by the current process */
  uint64_t serial;          /* query counter (sentinels) */
  sg_session_stats stats;   /* counters */
} sg_session;

/* Prepare a session (the process starts lazily). SG_RC_USAGE if the profile has no session
 * support (boolector). */
sg_rc sg_session_open (sg_session *s, const sg_profile *p, const sg_patterns *pats,
                       const sg_session_opts *o);
/* Send one script and classify what comes back before the sentinel. out->from_session is
 * true. A failed query (anything but OK, REJECTED or NO_ANSWER) ends the process. */
sg_rc sg_session_query (sg_session *s, const char *script, size_t len, sg_outcome *out /* OUT */);
/* sg_session_query, then, unless the outcome is OK, a fresh one-shot run of the same script
 * (same flags, the session's limits) whose outcome replaces it (from_session false). */
sg_rc sg_session_query_checked (sg_session *s, const char *script, size_t len,
                                sg_outcome *out /* OUT */);
/* End the process (EOF on stdin, then the watchdog) and free everything. */
void sg_session_close (sg_session *s);

/* Are the parentheses of a script balanced, outside strings, |symbols| and comments? */
bool sg_session_is_balanced (const char *script, size_t len);

#endif
