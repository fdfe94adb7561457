/* report: what a campaign's database holds, for people and scripts — the self-contained HTML
 * report (inline SVG plots of throughput and of new buckets over time, tables by kind, solver
 * and logic, every bucket with its triggers and a ready-to-paste issue text), the bucket list,
 * one bucket's issue text, the JSON export, and the merge of several campaigns' databases.
 * Owns: nothing beyond each call.
 * Invariants: paths in the database are relative to the campaign directory (or absolute); the
 *   report and export resolve them against `dir`. Files are written atomically (temporary
 *   name + rename).
 * Tests: tests/cli/run_cli_tests.sh (group campaign) */
#ifndef SG_CAMPAIGN_REPORT_H
#define SG_CAMPAIGN_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "base/buf.h"
#include "campaign/db.h"

/* Write the HTML report of the campaign in dir to out. err gets a message on failure. */
sg_rc sg_report_html (const char *dir, const char *out, char *err, size_t esize);
/* Bugs: buckets grouped by solver and kind, and by the normalised signature (crashes) or the
 * operators and sorts of the reduced trigger (sg_dedup_bug_sig; a bucket not reduced is a bug
 * of its own). Computed on read from the buckets and their reduced triggers (files below dir).
 * A bug's id is the smallest id of its buckets. */
typedef struct sg_bugmap {
  uint32_t n;      /* buckets (not merged) */
  int64_t *bucket; /* their ids, ascending */
  int64_t *bug;    /* the bug of each */
  uint64_t nbugs;  /* distinct bugs */
} sg_bugmap;
sg_rc sg_report_bugs (sg_db *db, const char *dir, sg_bugmap *m /* OUT */);
/* The bug of a bucket (the bucket's own id when the map does not hold it). */
int64_t sg_bugmap_bug (const sg_bugmap *m, int64_t bucket);
void sg_bugmap_free (sg_bugmap *m);
/* The bugs, each with its buckets nested. Human: a line per bug (id, kind, solver, version,
 * buckets, findings), then a line per bucket. TSV (!human), one line per bucket, grouped by
 * bug, with a header: id, kind, solver, version, logic, count, reduction, trigger (the reduced
 * one when it exists), signature, bug. A soundness finding no rule could blame shows as solver
 * "unattributed" ("any" in older databases). */
sg_rc sg_report_list (sg_db *db, const char *dir, FILE *f, bool human);
/* The issue text of a bucket (Markdown), with its trigger inlined (files read below dir). */
sg_rc sg_report_issue (sg_db *db, const char *dir, int64_t bucket, sg_buf *out);
/* JSON: one bucket (bucket > 0) or an array of all of them, each with its findings. */
sg_rc sg_report_json (sg_db *db, const char *dir, int64_t bucket, sg_buf *out);
/* Check a campaign: PRAGMA integrity_check, every finding's and bucket's files exist, every
 * bucket's count equals its findings, no two buckets of one kind and solver (crashes aside:
 * their signatures tell them apart) have alpha-equivalent reduced triggers (sg_dedup_alpha),
 * no two slices share an rng seed. Prints the problems
 * and a summary line to f; returns the number of problems. */
uint64_t sg_report_check (sg_db *db, const char *dir, FILE *f);
/* Add every finding of the campaign in src_dir to the database dst (same deduplication: the
 * stored keys), paths made absolute; a bucket's reduced trigger comes along when its first
 * finding does. */
sg_rc sg_report_merge (sg_db *dst, const char *src_dir, char *err, size_t esize);

#endif
