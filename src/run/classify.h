/* classify: turn a finished solver run (status, watchdog verdict, captured output) into an
 * sg_outcome — the answers, one kind (OK, TIMEOUT, CRASH, ...), notes and a crash signature.
 * Owns: the answers vector of each sg_outcome (freed with sg_outcome_free).
 * Invariants: classification is a pure function of (patterns, profile, result); the rules run
 *   in one fixed order (docs/solvers.md, TECHNIQUES.md §1.3): exec failure, watchdog timeout,
 *   solver-reported timeout, memout, invalid model, excusing patterns, crash (signal, 128+n,
 *   pattern), rejection, answers, abnormal exit, no answer. Timeouts are decided by the
 *   watchdog flag, never by an exit code.
 * Tests: tests/unit/run_test.c */
#ifndef SG_RUN_CLASSIFY_H
#define SG_RUN_CLASSIFY_H

#include "base/answer.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/rc.h"
#include "base/vec.h"
#include "run/patterns.h"
#include "run/profile.h"
#include "run/spawn.h"

/* A run under a memory limit below this that dies by a crash signal is a memout, never a
 * crash: solvers may die starting up there (z3 4.8.12 segfaults under 8..22 MB). */
#define SG_CLASSIFY_MIN_MEM ((uint64_t) 64 << 20)

/* X (ENUM, "name") */
#define SG_OUTCOME_KINDS(X)                                                                    \
  X (OK, "ok")                       /* ran normally; answers hold one per check-sat */        \
  X (TIMEOUT, "timeout")             /* watchdog kill, CPU limit, or the solver's own limit */ \
  X (CRASH, "crash")                 /* crash signal, 128+n, or crash pattern */               \
  X (INVALID_MODEL, "invalid_model") /* the solver's own model check failed */                 \
  X (REJECTED, "rejected")           /* an ignore pattern: the input is invalid for it */      \
  X (MEMOUT, "memout")               /* memory exhausted (RLIMIT_AS) */                        \
  X (ABNORMAL_EXIT, "abnormal_exit") /* bad exit or odd signal, no pattern: for triage */      \
  X (NO_ANSWER, "no_answer")         /* normal exit, no answer line at all */                  \
  X (EXEC_FAILED, "exec_failed")     /* the binary could not be started (not found, ...) */

typedef enum sg_outcome_kind {
#define X(e, s) SG_OUT_##e,
  SG_OUTCOME_KINDS (X)
#undef X
  SG_OUT_NKINDS
} sg_outcome_kind;


/* Notes: facts that do not change the kind. */
enum {
  SG_NOTE_WRONG_STATUS = 1u << 0,  /* the solver said its answer contradicts :status */
  SG_NOTE_LOGIC_IGNORED = 1u << 1, /* z3 ignored an unknown set-logic */
  SG_NOTE_TRUNCATED = 1u << 2,     /* stdout or stderr exceeded the capture cap */
  SG_NOTE_NONZERO_EXIT = 1u << 3,  /* answers came with an exit code outside ok_exits */
  SG_NOTE_STDIN_BROKEN = 1u << 4,  /* the solver stopped reading its script early */
};

typedef struct sg_outcome {
  sg_outcome_kind kind;      /* the verdict */
  SG_VEC (uint8_t) answers;  /* sg_answer per check-sat, in order */
  uint32_t notes;            /* SG_NOTE_* bits */
  sg_answer expected;        /* WRONG_STATUS: the :status the solver compared against */
  char reason[160];          /* the rule that decided, e.g. "signal SIGSEGV", "pattern 'ASSERTION'" */
  char signature[256];       /* CRASH, INVALID_MODEL: deduplication key ("" otherwise) */
  int exit_code;             /* exit status, or -1 */
  int sig;                   /* terminating signal, or 0 */
  double wall_s;             /* wall time of the run (or of the session query) */
  double cpu_s;              /* user + system CPU of the child; -1 when unknown (sessions) */
  bool from_session;         /* answered by a persistent session: re-run fresh unless OK */
} sg_outcome;

void sg_outcome_init (sg_outcome *o);
void sg_outcome_reset (sg_outcome *o);
void sg_outcome_free (sg_outcome *o);
const char *sg_outcome_kind_name (sg_outcome_kind k);
const char *sg_answer_name (sg_answer a);
/* One line: "kind [answers] (reason) sig=..." for logs and test messages. */
void sg_outcome_describe (const sg_outcome *o, char *buf, size_t size);
/* A session outcome other than a clean OK must be re-run in a fresh process (session.h). */
bool sg_outcome_needs_fresh_run (const sg_outcome *o);

/* Classify r. prof may be NULL (generic: exit 0 only, "*" patterns only). o is reset first.
 * Returns SG_RC_NOMEM only. */
sg_rc sg_classify_run (const sg_patterns *pats, const sg_profile *prof,
                       const sg_spawn_result *r, sg_outcome *o /* OUT */);

/* The answers of a text: the lines that are exactly sat, unsat or unknown ("\r\n" allowed). */
sg_rc sg_classify_answers (const char *s, size_t n, sg_outcome *o /* OUT: appended */);

#endif
