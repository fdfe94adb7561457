/* patterns: the output patterns that classify a solver run (crash, ignore, timeout, ...).
 * Owns: every row of an sg_patterns set and its strings (freed with sg_patterns_free).
 * Invariants: rows keep their load order (defaults first, then each file in turn); each row's
 *   text is non-empty, has no control character and at most SG_PAT_TEXT_MAX bytes.
 * Source of truth: run/patterns.def (compiled in); data/patterns.tsv may add rows.
 * Tests: tests/unit/run_test.c */
#ifndef SG_RUN_PATTERNS_H
#define SG_RUN_PATTERNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/rc.h"
#include "base/vec.h"

#define SG_PAT_TEXT_MAX 200u  /* bytes of one pattern text */
#define SG_PAT_SOLVER_MAX 31u /* bytes of one solver name */

/* Pattern kinds, in the order sg_classify_run tries them.
 * X (ENUM, "tsv name") */
#define SG_PAT_KINDS(X)                                                                        \
  X (TIMEOUT, "timeout")             /* the solver's own time limit */                         \
  X (MEMOUT, "memout")               /* memory exhausted */                                    \
  X (INVALID_MODEL, "invalid_model") /* the solver's model self-check failed */                \
  X (UNSUPPORTED, "unsupported")     /* known non-bug abort: rejected, abort excused */        \
  X (WRONG_STATUS, "wrong_status")   /* answer contradicts :status; a note, abort excused */   \
  X (CRASH, "crash")                 /* crash report */                                        \
  X (REJECTED, "rejected")           /* input invalid for this solver */                       \
  X (LOGIC_IGNORED, "logic_ignored") /* z3 ignored an unknown logic: excuses "unsupported" */

typedef enum sg_pat_kind {
#define X(e, s) SG_PAT_##e,
  SG_PAT_KINDS (X)
#undef X
  SG_PAT_NKINDS
} sg_pat_kind;

typedef enum sg_pat_match {
  SG_MATCH_SUB,  /* the text occurs in stdout or stderr */
  SG_MATCH_LINE, /* a whole stdout line equals the text */
  SG_MATCH_BARE, /* SUB, but not inside an (error "...") response: a word a rejection's
                  * message may hold ("Exception") is crash evidence only outside one */
} sg_pat_match;

typedef struct sg_pattern {
  sg_pat_kind kind;                   /* outcome of a match */
  sg_pat_match match;                 /* how the text is matched */
  char solver[SG_PAT_SOLVER_MAX + 1]; /* profile name, or "*" */
  char *text;                         /* owned; "..." separates in-order parts on one line */
} sg_pattern;

typedef struct sg_patterns {
  SG_VEC (sg_pattern) rows; /* in load order */
} sg_patterns;

void sg_patterns_init (sg_patterns *ps);
void sg_patterns_free (sg_patterns *ps);
/* Append the compiled-in rows of patterns.def. */
sg_rc sg_patterns_add_defaults (sg_patterns *ps);
/* Append the rows of a TSV text: "kind<TAB>solver<TAB>text[<TAB>sub|bare|line]" per line, '#'
 * comments and blank lines allowed. Errors go to d as name:line:col; nothing is appended
 * when an error is found. */
sg_rc sg_patterns_load_string (sg_patterns *ps, const char *text, size_t len, const char *name,
                               sg_diag *d);
/* Same, from a file (at most 1 MiB). */
sg_rc sg_patterns_load_file (sg_patterns *ps, const char *path, sg_diag *d);

const char *sg_pat_kind_name (sg_pat_kind k);
const char *sg_pat_match_name (sg_pat_match m);
/* Does row p apply to `solver` (a profile name)? */
bool sg_pattern_applies (const sg_pattern *p, const char *solver);
/* Find p in [s, s+n): the offset of the first match (for a gap pattern, of its first part, on a
 * line that holds all the parts in order), or -1. SUB semantics; LINE rows use
 * sg_pattern_is_line. */
long sg_pattern_find (const sg_pattern *p, const char *s, size_t n);
/* Does the single line [s, s+n) (no newline) equal p's text? (LINE rows have no gap.) */
bool sg_pattern_is_line (const sg_pattern *p, const char *s, size_t n);

#endif
