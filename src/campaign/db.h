/* db: the findings database of a campaign (SQLite, one file DIR/campaign.db) — the campaign's
 * settings (meta), its work units (slices: which worker ran which engine on which rng seed,
 * for resume), every finding with its bucket, the buckets (first trigger, reduced trigger,
 * count, reduction state), periodic statistics rows (for the report's plots), and the triage
 * of buckets over the releases of their solver (table triage; an older database has none
 * until a campaign, a merge or `triage DIR` opens it for writing).
 * Owns: one SQLite connection per sg_db. A connection belongs to the process that opened it:
 *   forked workers open their own (busy timeout 30 s).
 * Invariants: WAL journal, synchronous=NORMAL... FULL for findings: a finding and its bucket
 *   are written in one IMMEDIATE transaction after the trigger files exist (renamed into
 *   place), so a kill -9 at any moment leaves either both or neither, never a row without its
 *   files. Paths are stored relative to the campaign directory, merges too (merge.h), so
 *   the directory can be moved; databases of an older merge may hold absolute ones.
 * Tests: tests/unit/dedup_test.c, tests/cli (group campaign) */
#ifndef SG_CAMPAIGN_DB_H
#define SG_CAMPAIGN_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/rc.h"
#include "loop/counters.h"

typedef struct sqlite3 sqlite3;

typedef struct sg_db {
  sqlite3 *h;
  char err[256]; /* the last error */
} sg_db;

/* One finding as recorded. Strings are borrowed. */
typedef struct sg_db_finding {
  const char *name;      /* base name, unique: <kind>-<solver>-w<W>-<N> within its dir */
  const char *trigger;   /* path of the .smt2 (relative to the campaign dir, or absolute) */
  const char *json;      /* path of the .json */
  const char *kind;      /* soundness, invalid-model, crash, incompleteness */
  const char *solver;    /* culprit profile name, or "unattributed" ("any" in older databases) */
  const char *version;   /* its version, or "" */
  const char *solvers;   /* every solver of the run, "name version; ..." */
  const char *logic;     /* set-logic of the trigger, or "-" */
  const char *technique; /* engine */
  const char *seed1, *seed2; /* seed paths (seed2 may be NULL) */
  uint64_t rng_seed;     /* the slice's rng seed */
  uint32_t worker, slice;
  uint64_t mutant;       /* mutant number within the slice */
  uint32_t step;         /* step within its chain */
  double found_at;       /* unix time */
  double elapsed;        /* campaign seconds (over resumes) */
  const char *signature; /* crash signature, or "" */
  const char *why;       /* the oracle's explanation */
  const char *key;       /* dedup key (dedup.h) */
} sg_db_finding;

/* Open a campaign database (create: make it and its schema when absent). An existing file
 * that is empty (a reader) or has no table 'meta' (a foreign or damaged database) is refused
 * before anything is written to it. Errors name path, in db->err. */
sg_rc sg_db_open (sg_db *db, const char *path, bool create);
/* db->err without the "PATH: " sg_db_open puts first (for messages that name the path). */
const char *sg_db_err_unprefixed (const sg_db *db, const char *path);
void sg_db_close (sg_db *db);
/* Is this a whole campaign database? PRAGMA quick_check says ok, every table of the schema is
 * there (triage may be missing: an older database) with its columns, and meta holds settings.
 * Otherwise false with what was found in why. */
bool sg_db_check (sg_db *db, char *why, size_t size);
/* Run SQL without results (schema changes, BEGIN, COMMIT). */
sg_rc sg_db_exec (sg_db *db, const char *sql);

sg_rc sg_db_meta_set (sg_db *db, const char *key, const char *value);
/* The value into out ("" and SG_RC_EOF when absent). */
sg_rc sg_db_meta_get (sg_db *db, const char *key, char *out, size_t size);

/* Record a finding and put it into its bucket (created when new: reduction state "pending"
 * or `initial_state` when given). OUT: the bucket id and whether it is new. One transaction. */
sg_rc sg_db_add_finding (sg_db *db, const sg_db_finding *f, const char *initial_state,
                         int64_t *bucket /* OUT */, bool *is_new /* OUT */);

/* A slice (unit of work of one worker) started / ended. */
sg_rc sg_db_slice_begin (sg_db *db, uint32_t worker, uint32_t slice, const char *engine,
                         uint64_t rng_seed, uint64_t chain0, uint64_t chains, double elapsed);
/* A slice's counters: one uint64_t per row of loop/counters.def whose DB is SLICE or PLOT (the
 * columns of table slices, in its order). */
typedef struct sg_db_counts {
#define SG_COUNTER(name, how, db, ...) SG_COUNTER_IN_DB (db, uint64_t name;)
#include "loop/counters.def"
#undef SG_COUNTER
} sg_db_counts;
sg_rc sg_db_slice_end (sg_db *db, uint32_t worker, uint32_t slice, const sg_db_counts *c);
/* Resume: the next slice number of worker w, and the next chain of (w, engine). */
sg_rc sg_db_next_slice (sg_db *db, uint32_t worker, uint32_t *slice /* OUT */);
sg_rc sg_db_next_chain (sg_db *db, uint32_t worker, const char *engine, uint64_t *chain /* OUT */);
/* Where an enumeration of the worker goes on: the furthest end (chain0, its first formula,
 * plus its mutants and ill-typed ones) of its finished slices of that engine (a slice that
 * did not finish, its session killed, is done again). */
sg_rc sg_db_engine_taken (sg_db *db, uint32_t worker, const char *engine, uint64_t *taken /* OUT */);
/* The sum of the counters of every ended slice. A row with a counter outside 0..2^40 (a
 * damaged one) is left out: SG_RC_PARSE, said in db->err, with the others' sums in c. */
sg_rc sg_db_totals (sg_db *db, sg_db_counts *c /* OUT */);

/* Statistics row (cumulative counters at campaign time `elapsed`). */
sg_rc sg_db_stats_add (sg_db *db, double elapsed, const sg_db_counts *c);
/* True when db is a merge of campaigns (it has the table `shards`, merge.h, or the meta key
 * merged_from of an older smtgrind's merges). */
bool sg_db_is_merge (sg_db *db);
/* Counts: findings, buckets. */
sg_rc sg_db_count (sg_db *db, const char *table, uint64_t *n /* OUT */);

/* The reducer's queue: the oldest bucket in state "pending" (id 0 when none) with its first
 * finding's json and trigger paths; it is marked "running". */
sg_rc sg_db_reduce_claim (sg_db *db, int64_t *bucket /* OUT */, char *json, size_t jsize,
                          char *trigger, size_t tsize, char *key, size_t ksize);
/* Result: state ("done", "failed", "unavailable", "pending"), the reduced trigger path (or
 * NULL), a note, the reduced trigger's dedup key (or NULL). With a key equal to that of an
 * older bucket of the same kind, solver and logic, this bucket is merged into it (the newer
 * into the older, with its triage row where the older has none). */
sg_rc sg_db_reduce_done (sg_db *db, int64_t bucket, const char *state, const char *reduced,
                         const char *note, const char *reduced_key);
/* Every "running" bucket back to "pending" (after a crash of the reducer). */
sg_rc sg_db_reduce_reset (sg_db *db);

/* One bucket's triage as stored (`smtgrind triage`, oracle/triage.h). Strings are borrowed;
 * a release not known is NULL. */
typedef struct sg_db_triage {
  int64_t bucket;
  const char *family;        /* the releases bisected over: z3, cvc5, bitwuzla */
  const char *outcome;       /* "open" (bad in the newest release), "fixed", "absent" (no
                                release tested shows it), "not reproduced" (the campaign's solvers
                                no longer show the bucket's kind with its solver blamed),
                                "failed" (the triage could not run; a later session tries again) */
  const char *newest, *first_bad, *last_bad, *fixed_in;
  bool open;                 /* open_in_newest */
  uint32_t tests;            /* releases tested */
  const char *versions_json; /* {"4.13.0": "bad", ...}: each release tested and its mark */
  const char *note;          /* why (not reproduced, failed), or "" */
} sg_db_triage;
/* Store (replace) a bucket's triage, stamped now; the table is made first where an older
 * database lacks it. */
sg_rc sg_db_triage_put (sg_db *db, const sg_db_triage *t);
/* The background triage's queue: the oldest bucket that is not merged, whose reduction is done,
 * of a kind other than unspecified, with no triage row or a failed one, and whose id is not one
 * of skip[0..nskip) (tried or not to be tried this session); id 0 when none. Its kind, solver
 * and reduced trigger (the stored path) into the buffers. */
sg_rc sg_db_triage_next (sg_db *db, const int64_t *skip, uint32_t nskip, int64_t *bucket /* OUT */,
                         char *kind, size_t ksize, char *solver, size_t ssize, char *trigger, size_t tsize);
/* A merge: the triage row of bucket `from` of src (if any) for bucket `bucket` of dst, or the
 * bucket it is merged into (its reduced trigger is the source bucket's, or alpha-equivalent to
 * it: the same bug); a bucket that has one keeps it. */
sg_rc sg_db_triage_copy (sg_db *dst, int64_t bucket, sg_db *src, int64_t from);
/* Does db have a table of this name? */
bool sg_db_has_table (sg_db *db, const char *name);

sqlite3 *sg_db_handle (sg_db *db);

/* The version of solver in a finding's solvers, "name version; name version" ("z3 4.8.12;
 * cvc5 1.0.3"), into out ("" when it is not there). */
void sg_db_version_in (const char *desc, const char *solver, char *out, size_t size);

#endif
