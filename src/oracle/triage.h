/* triage: in which releases of a solver family a bug is present, by bisection over the
 * ordered releases (oldest first). A release is tested by a callback (the caller runs the
 * trigger on it with the usual oracle: `smtgrind triage`, cli/cmd_triage.c) that says whether
 * that release shows the same bug (bad) or not; a release is tested at most once.
 * The bisection assumes a bug is present in one run of consecutive releases (introduced once,
 * fixed once): the newest release is tested first; when it is bad, the first bad release is
 * searched below it; when it is not, a bad release is needed (the one the bug was found in,
 * `known_bad`, else the oldest), then the first release after it that is not bad is the fix.
 * A release that shows neither the bug nor its absence (not judged, or another finding, e.g.
 * the same wrong model now caught by the solver's own check) is skipped: the search takes the
 * nearest release that can be judged, so a fix is always a release judged ok; when the newest
 * cannot be judged, the newest that can stands for it (open stays false).
 * About 2·log2(n) tests instead of n; `every` tests them all (the table of every release).
 * Owns: the marks array of an sg_triage (freed with sg_triage_free).
 * Invariants: marks[i] is SG_TRIAGE_UNTESTED for every release not tested; first_bad <=
 *   last_bad < fixed_in when set, marks[fixed_in] == SG_TRIAGE_GOOD; open is
 *   marks[newest] == SG_TRIAGE_BAD.
 * Tests: tests/unit/triage_test.c (fake releases with every shape of bad range) */
#ifndef SG_ORACLE_TRIAGE_H
#define SG_ORACLE_TRIAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/rc.h"

typedef enum sg_triage_mark {
  SG_TRIAGE_UNTESTED = 0,
  SG_TRIAGE_BAD,        /* the same verdict kind, this release blamed */
  SG_TRIAGE_GOOD,       /* judged, no such finding */
  SG_TRIAGE_OTHER,      /* another finding (another kind, or another solver blamed) */
  SG_TRIAGE_NOT_JUDGED, /* rejected, unknown, timeout, could not be installed or run */
} sg_triage_mark;

/* Test release i; returns its mark (never UNTESTED). */
typedef sg_triage_mark (*sg_triage_test) (void *ctx, uint32_t i);

#define SG_TRIAGE_NONE UINT32_MAX

typedef struct sg_triage {
  uint32_t n;             /* releases */
  sg_triage_mark *marks;  /* one per release */
  uint32_t tests;         /* callbacks made */
  bool open;              /* the newest release is bad */
  uint32_t first_bad;     /* the oldest bad release found, or SG_TRIAGE_NONE */
  uint32_t last_bad;      /* the newest bad release found, or SG_TRIAGE_NONE */
  uint32_t fixed_in;      /* the first release after last_bad that is not bad (the fix), or
                             SG_TRIAGE_NONE (open, or no bad release found) */
} sg_triage;

const char *sg_triage_mark_name (sg_triage_mark m);
/* Bisect n releases (n >= 1). known_bad: the release the bug was found in (or the nearest
 * newer one), SG_TRIAGE_NONE when unknown. SG_RC_NOMEM only. */
sg_rc sg_triage_run (uint32_t n, uint32_t known_bad, bool every, sg_triage_test fn, void *ctx,
                     sg_triage *t /* OUT */);
void sg_triage_free (sg_triage *t);

#endif
