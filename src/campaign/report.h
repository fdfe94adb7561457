/* report: what a campaign's database holds, for people and scripts — the self-contained HTML
 * report (inline SVG plots of throughput and of new buckets over time, tables by kind, solver
 * and logic, every bucket with its triggers and a ready-to-paste issue text), the bucket list,
 * one bucket's issue text, the JSON export (the merge of campaigns is merge.h).
 * Owns: nothing beyond each call.
 * Invariants: paths in the database are relative to the campaign directory (absolute in an
 *   older smtgrind's merge); the
 *   report and export resolve them against `dir`. Files are written atomically (temporary
 *   name + rename). The list, the export and the report give the buckets in one order, the
 *   one cvc5's guidelines for fuzzer authors ask for: wrong unsat, wrong sat, invalid model,
 *   crash, then the rest (sg_report_rank_of; ties by bucket id), one SQL ORDER BY for all three.
 *   Option words drawn by --option-fuzz are marked with what the solver's own help says of them
 *   ("experimental", "expert"; run/solopt.h), read from the solver of that name in PATH when its
 *   version is the finding's: never a binary the database names.
 *   A bucket's triage over its solver's releases (table triage, db.h) is read where the
 *   database has it: an older database lists every bucket untriaged ("-").
 *   (report_order.c: the order, the marks and the triage's words; report_int.h: what the two
 *   files share.)
 * Tests: tests/unit/report_test.c, tests/cli/run_cli_tests.sh (group campaign) */
#ifndef SG_CAMPAIGN_REPORT_H
#define SG_CAMPAIGN_REPORT_H

#include <stdio.h>

#include "base/buf.h"
#include "base/vec.h"
#include "campaign/db.h"

/* The place of a bucket in the listings, first to last. */
typedef enum sg_report_rank {
  SG_REPORT_WRONG_UNSAT,   /* soundness: its culprit answered unsat wrongly */
  SG_REPORT_WRONG_SAT,     /* soundness: its culprit answered sat wrongly */
  SG_REPORT_WRONG_ANSWER,  /* soundness whose wrong answer is not told (no one blamed: "A and B
                              disagree ..."; an older smtgrind's wording) */
  SG_REPORT_INVALID_MODEL, /* invalid-model */
  SG_REPORT_CRASH,         /* crash */
  SG_REPORT_INCOMPLETE,    /* incompleteness */
  SG_REPORT_PERFORMANCE,   /* performance */
  SG_REPORT_OTHER,         /* a kind this smtgrind does not know */
  SG_REPORT_UNSPECIFIED,   /* unspecified: kept, never a bug */
  SG_REPORT_VALIDATION,    /* validation: a note (oracle/probe.h), kept, never a bug */
} sg_report_rank;

/* The answer the culprit `solver` gave wrongly, read from a soundness finding's `why` (the
 * oracle's explanation, a column of findings; the schema has no field for it):
 *   "SOLVER answered unsat ..." / "SOLVER answered sat ..." (SOLVER at the start or after a
 *   blank: "with :produce-unsat-cores: SOLVER answered unsat ..." too) gives that answer;
 *   "A and B disagree ...; referee R answers sat" (the referee blamed SOLVER, the one that said
 *   the other answer) gives the other one. "unsat", "sat", or NULL when why tells neither. */
const char *sg_report_wrong_answer (const char *solver, const char *why);
/* The rank of a bucket of `kind` whose first finding blamed `solver` with `why` (NULL: none). */
sg_report_rank sg_report_rank_of (const char *kind, const char *solver, const char *why);

/* Write the HTML report of the campaign in dir to out. err gets a message on failure. */
sg_rc sg_report_html (const char *dir, const char *out, char *err, size_t esize);
/* A bucket as listed, with the bug it belongs to (sg_dedup_bug_key of its reduced trigger,
 * or of its first one while it has none; computed on read, so a reduction that ends regroups
 * it, and no schema change was needed). */
typedef struct sg_report_bucket {
  int64_t id;
  char kind[24], solver[48], version[48], logic[48], state[24];
  int64_t count;          /* findings */
  char trigger[512];      /* reduced trigger when there is one, else the first trigger */
  char signature[256];
  char bug_key[512];
  uint32_t bug;           /* 1-based, in the order of the bugs' first buckets as listed; 0 for
                             an unspecified bucket (kept, never a bug) */
  char answer[8];         /* soundness: the wrong answer, "sat" or "unsat" (sg_report_wrong_answer
                             of its first finding), else "" */
  char options[1024];     /* the options drawn by --option-fuzz that it needs ("z3 sat.euf=true
                             (experimental); cvc5 --fp-exp (experimental, expert)": the reduced
                             trigger's "; smtgrind options:" line, else its first finding's),
                             or "" */
  char triage[48];        /* its triage (table triage; sg_report_triage_word): "open in 5.4.1",
                             "fixed in 4.13.0", "in no release", "not reproduced", "failed", or
                             "-" when it has none */
  char triage_text[320];  /* the same as a sentence ("reproduces with z3 5.4.1, the newest
                             release"), or "" when it has none */
  bool closed;            /* triaged fixed, or in no release tested: left out by --open */
} sg_report_bucket;
typedef SG_VEC (sg_report_bucket) sg_report_bugvec;

/* How to see a bucket's bug (report_repro.c): its first finding's "reproduce" (oracle/repro.h)
 * for the trigger a listing shows — the file word as the caller names it ("bug.smt2" in the
 * issue text), the drawn options those of the reduced trigger's options line once reduced
 * (each word shell-quoted). */
typedef struct sg_report_repro {
  char solver[64];
  char shell[4096];      /* the command line, e.g. "z3 model_validate=true bug.smt2" */
  bool get_model;        /* a line appending (get-model) to the file comes first */
  char expected[240], actual[400];
  char shows[120];       /* text the command prints when the bug is there ("" when none) */
  int status;            /* the shell's exit status that shows it, -1: any */
} sg_report_repro;
/* The shell line that asks a trigger bug.smt2 for its model (a sg_report_repro with
 * get_model): (get-model) after its check-sat, its (exit) taken out first. */
#define SG_REPORT_GET_MODEL_LINE "sed '/^(exit)/d' bug.smt2 > m.smt2 && echo '(get-model)' >> m.smt2 && mv m.smt2 bug.smt2"
/* From a finding's JSON text and, when it was reduced, the reduced trigger's text (NULL: not
 * reduced), with file as the file word. False when the JSON has no usable "reproduce". */
bool sg_report_repro_text (const char *json, size_t len, const char *reduced, const char *file,
                           sg_report_repro *r /* OUT */);


/* The most findings a bucket can count (a campaign of a million cores for years stays far
 * below); a row beyond it, or below 0, is damage. */
#define SG_REPORT_MAX_COUNT ((int64_t) 1 << 40)

/* The unmerged buckets of db (in the listing order: sg_report_rank_of, then id), grouped into
 * bugs; trigger and finding files are read below dir. Two solvers or two kinds never share a
 * bug. SG_RC_PARSE when a bucket's count is outside 0..SG_REPORT_MAX_COUNT (a damaged
 * database); SG_RC_IO, SG_RC_NOMEM. */
sg_rc sg_report_bugs (sg_db *db, const char *dir, sg_report_bugvec *out /* OUT: reset */);
/* The number of bugs in v. */
uint32_t sg_report_bug_count (const sg_report_bugvec *v);
/* The buckets in the listing order (sg_report_bugs).
 * !human: one TSV line per bucket after a header: id, kind, solver, version, logic, count,
 * reduction state, trigger (the reduced one when it exists), signature, bug (its number; 0:
 * unspecified, not a bug), answer (the wrong answer of a soundness bucket, or ""), options
 * (sg_report_bucket.options), triage (sg_report_bucket.triage).
 * human: one line per bug ("bug N: KIND (wrong unsat) SOLVER VERSION, B buckets, F findings")
 * with its buckets nested under it, each with its options and its triage when it has them. */
sg_rc sg_report_list (sg_db *db, const char *dir, FILE *f, bool human);
/* sg_report_list; open_only (`bugs list --open`): only the buckets of bugs not known to be
 * closed — open in the newest release of their solver's family, or not triaged (not yet, a
 * solver without releases, not reproduced, failed); those fixed in a release or in none tested,
 * and the unspecified ones (never a bug), are left out (bug numbers stay those of the whole
 * list). */
sg_rc sg_report_list_some (sg_db *db, const char *dir, FILE *f, bool human, bool open_only);
/* The number of findings in no listed bucket (their bucket missing or merged: a damaged
 * database; sg_report_check names them). */
uint64_t sg_report_hidden (sg_db *db);
/* The issue text of a bucket (Markdown), with its trigger inlined and its options marked
 * (files read below dir). */
sg_rc sg_report_issue (sg_db *db, const char *dir, int64_t bucket, sg_buf *out);
/* JSON: one bucket (bucket > 0) or an array of all of them in the listing order, each with
 * its wrong answer, its triage (null when it has none) and findings. */
sg_rc sg_report_json (sg_db *db, const char *dir, int64_t bucket, sg_buf *out);
/* Check a campaign: PRAGMA integrity_check, every finding's and bucket's files exist, every
 * bucket's count equals its findings and its first finding is one of them, every finding and
 * key in a listed (unmerged) bucket, every merge into a listed bucket, no two buckets of one
 * kind and solver with alpha-equivalent reduced triggers, no two slices share an rng seed.
 * Prints the problems and a summary line to f; returns the number of problems. */
uint64_t sg_report_check (sg_db *db, const char *dir, FILE *f);
#endif
