/* report_int: what report.c and report_order.c share — the SQL of the listing order, the option
 * tables read for one listing, the marked options of a bucket, a bucket's triage in words
 * (report.h's internals).
 * Owns: the tables of an sg_report_helps (freed with sg_report_helps_free).
 * Invariants: SG_REPORT_ORDER is the one order of the list, the export and the report; a
 *   statement that uses it needs sg_report_ranked on its connection first.
 * Tests: tests/unit/report_test.c, tests/cli/run_cli_tests.sh (group campaign) */
#ifndef SG_CAMPAIGN_REPORT_INT_H
#define SG_CAMPAIGN_REPORT_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "base/vec.h"
#include "campaign/db.h"
#include "campaign/report.h"
#include "run/solopt.h"

/* The id of a bucket's first finding: the recorded one, else its oldest (a damaged row). */
#define SG_REPORT_FIRST_FINDING "COALESCE ((SELECT id FROM findings WHERE id = buckets.first_finding)," \
  " (SELECT MIN (id) FROM findings WHERE bucket = buckets.id))"
/* A column of a bucket's first finding (NULL when it has none). */
#define SG_REPORT_FIRST(col) "(SELECT " col " FROM findings WHERE id = " SG_REPORT_FIRST_FINDING ")"
/* The listing order of buckets (of the table `buckets`): sg_report_rank_of, ties by id. */
#define SG_REPORT_ORDER \
  " ORDER BY sg_report_rank (buckets.kind, buckets.solver, " SG_REPORT_FIRST ("why") "), buckets.id"

/* Make the SQL function sg_report_rank (kind, solver, why) = sg_report_rank_of known to db's
 * connection (a statement with SG_REPORT_ORDER fails to prepare without it). */
void sg_report_ranked (sg_db *db);

/* An option table read for a listing (help texts only: sg_solopt_read_help). */
typedef struct sg_report_help {
  char solver[48], version[64];
  bool ok;           /* read from the solver of that name in PATH, and of that version */
  sg_solopt_table t;
} sg_report_help;
/* The tables of one listing, one per solver and version, read when first needed. */
typedef SG_VEC (sg_report_help) sg_report_helps;
void sg_report_helps_free (sg_report_helps *h);

/* The options of a bucket ("SOLVER W...; SOLVER W...": its reduced trigger's "; smtgrind
 * options:" line when it has been reduced, else the "options" of its first finding's runs, the
 * .json `json`) into out, each word the solver's own help calls experimental or for experts
 * followed by " (experimental)", " (expert)" or " (experimental, expert)". versions: the
 * first finding's "solvers" ("name version; ..."). "" when it has none. */
void sg_report_options (sg_report_helps *h, const char *dir, const char *reduced, const char *json,
                        const char *versions, char *out, size_t size);

/* From the finding JSON json (relative to dir) and the reduced trigger (NULL or "": not
 * reduced): sg_report_repro_text on those files. False when the finding has no "reproduce"
 * (an older smtgrind's, or damaged). */
bool sg_report_repro_of (const char *dir, const char *json, const char *reduced, sg_report_repro *r);
/* The Markdown of r: "Reproduce (...)", a sh block, "Expected: ...", "Actual: ...". */
void sg_report_repro_md (const sg_report_repro *r, sg_buf *b);

/* A bucket's triage as stored (table triage, db.h; strings cut to the buffers). */
typedef struct sg_report_triage {
  char family[16], outcome[24], newest[32], first_bad[32], last_bad[32], fixed_in[32];
  uint32_t tests;
  char note[200];
} sg_report_triage;
/* The triage of bucket into t (OUT); false when it has none (a database without the table
 * included). */
bool sg_report_triage_of (sg_db *db, int64_t bucket, sg_report_triage *t);
/* The one wording of a triage, for every listing: the TSV column ("open in 5.4.1", "fixed in
 * 4.13.0", "in no release", "not reproduced", "failed"; "-" for t NULL) into word, the sentence
 * ("reproduces with z3 5.4.1, the newest release (first bad 4.8.5)", "fixed in z3 4.13.0 (last
 * bad 4.12.6)", "in no z3 release tested (12 tested, newest 5.4.1)", "not reproduced with
 * \"z3;cvc5\": WHAT THEY GAVE", "not triaged: WHY"; "" for t NULL) into text. Returns whether it is closed
 * (fixed, or in no release: `bugs list --open` leaves it out). */
bool sg_report_triage_words (const sg_report_triage *t, char *word, size_t wsize, char *text, size_t tsize);

/* The text of a file of the campaign (at most max bytes, *cut when longer), or NULL: NULL too for
 * a path the database should not hold and for anything but a regular file. */
char *sg_report_read_text (const char *dir, const char *rel, size_t max, bool *cut);

#endif
