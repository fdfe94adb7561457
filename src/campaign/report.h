/* report: what a campaign's database holds, for people and scripts — the self-contained HTML
 * report (inline SVG plots of throughput and of new buckets over time, tables by kind, solver
 * and logic, every bucket with its triggers and a ready-to-paste issue text), the bucket list,
 * one bucket's issue text, the JSON export (the merge of campaigns is merge.h).
 * Owns: nothing beyond each call.
 * Invariants: paths in the database are relative to the campaign directory (absolute in an
 *   older smtgrind's merge); the
 *   report and export resolve them against `dir`. Files are written atomically (temporary
 *   name + rename).
 * Tests: tests/cli/run_cli_tests.sh (group campaign) */
#ifndef SG_CAMPAIGN_REPORT_H
#define SG_CAMPAIGN_REPORT_H

#include <stdio.h>

#include "base/buf.h"
#include "base/vec.h"
#include "campaign/db.h"

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
  uint32_t bug;           /* 1-based, in the order of the bugs' first buckets; 0 for an
                             unspecified bucket (kept, never a bug) */
} sg_report_bucket;
typedef SG_VEC (sg_report_bucket) sg_report_bugvec;

/* The most findings a bucket can count (a campaign of a million cores for years stays far
 * below); a row beyond it, or below 0, is damage. */
#define SG_REPORT_MAX_COUNT ((int64_t) 1 << 40)

/* The unmerged buckets of db (ordered by id), grouped into bugs; trigger files are read below
 * dir. Two solvers or two kinds never share a bug. SG_RC_PARSE when a bucket's count is
 * outside 0..SG_REPORT_MAX_COUNT (a damaged database); SG_RC_IO, SG_RC_NOMEM. */
sg_rc sg_report_bugs (sg_db *db, const char *dir, sg_report_bugvec *out /* OUT: reset */);
/* The number of bugs in v. */
uint32_t sg_report_bug_count (const sg_report_bugvec *v);
/* !human: one TSV line per bucket after a header: id, kind, solver, version, logic, count,
 * reduction state, trigger (the reduced one when it exists), signature, bug (its number; 0:
 * unspecified, not a bug).
 * human: one line per bug ("bug N: KIND SOLVER VERSION, B buckets, F findings") with its
 * buckets nested under it. */
sg_rc sg_report_list (sg_db *db, const char *dir, FILE *f, bool human);
/* The number of findings in no listed bucket (their bucket missing or merged: a damaged
 * database; sg_report_check names them). */
uint64_t sg_report_hidden (sg_db *db);
/* The issue text of a bucket (Markdown), with its trigger inlined (files read below dir). */
sg_rc sg_report_issue (sg_db *db, const char *dir, int64_t bucket, sg_buf *out);
/* JSON: one bucket (bucket > 0) or an array of all of them, each with its findings. */
sg_rc sg_report_json (sg_db *db, const char *dir, int64_t bucket, sg_buf *out);
/* Check a campaign: PRAGMA integrity_check, every finding's and bucket's files exist, every
 * bucket's count equals its findings and its first finding is one of them, every finding and
 * key in a listed (unmerged) bucket, every merge into a listed bucket, no two buckets of one
 * kind and solver with alpha-equivalent reduced triggers, no two slices share an rng seed.
 * Prints the problems and a summary line to f; returns the number of problems. */
uint64_t sg_report_check (sg_db *db, const char *dir, FILE *f);
#endif
