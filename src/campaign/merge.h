/* merge: several campaigns (the shards of one, or campaigns merged before) into one campaign
 * directory that `report` and `bugs` read and that can be moved or archived as it is.
 * Every finding's pair of files (and its bucket's reduced trigger) is hard-linked into the
 * output, or copied where a link cannot be made (another file system), under a directory named
 * after the campaign it came from (its *origin*, `s<I>of<N>-<16 hex>`: the shard and a hash of
 * its stored settings and start time), so the names of two shards never collide; the database
 * stores those paths relative to the output. Findings are bucketed with the campaign's own
 * rules (the stored keys, then the reduced keys: sg_db_add_finding, sg_db_reduce_done).
 * The table `shards` (origin, shard, solver versions, where it came from, findings) says which
 * campaigns are in; a merged directory given as a source brings its rows along.
 * Owns: nothing beyond each call.
 * Invariants: idempotent — a finding is known by its path below the output (origin + its path
 *   in its campaign), a slice by its rng seed, so merging a campaign again, or a merged
 *   directory holding it, adds nothing; a finding's files exist before its row; every stored
 *   path is relative to the output directory.
 * Tests: tests/cli/run_cli_tests.sh (group cluster), tests/cluster/ */
#ifndef SG_CAMPAIGN_MERGE_H
#define SG_CAMPAIGN_MERGE_H

#include <stdint.h>
#include <stdio.h>

#include "campaign/db.h"

typedef struct sg_merge_stats {
  uint64_t added;   /* findings added */
  uint64_t known;   /* findings already there */
  uint64_t linked;  /* files hard-linked */
  uint64_t copied;  /* files copied (no link possible) */
  uint64_t reductions; /* reductions taken for buckets merged before they were reduced */
  uint64_t slices_skipped; /* work-counter rows left out: a worker number no campaign has */
} sg_merge_stats;

/* Open (creating when absent) the merged campaign in dir and take its lock (campaign.lock).
 * A directory holding a campaign that is not a merge is refused (SG_RC_USAGE), a damaged
 * database too (SG_RC_IO), each said on log. *lock: the lock's descriptor (close it after
 * sg_db_close). */
sg_rc sg_merge_open (const char *dir, sg_db *db, int *lock, FILE *log);

/* Merge the campaign in src_dir into db (the campaign in dst_dir). Counts go into *st. */
sg_rc sg_merge_campaign (sg_db *db, const char *dst_dir, const char *src_dir, sg_merge_stats *st,
                         char *err, size_t esize);

/* After the sources: meta solver_versions (the common one, or "differ between shards: ...")
 * and a warning to log for each shard whose versions differ from the first one's. Returns the
 * number of shards that differ. */
uint32_t sg_merge_versions (sg_db *db, FILE *log);

#endif
