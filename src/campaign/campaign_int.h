/* campaign_int: what the files of the campaign share — private to src/campaign/.
 *   campaign.c      the parent: the session (directories, lock, cleanup, versions), the fork
 *                   of the workers and the reducer, the watch loop, the end
 *   camp_worker.c   a worker: slices, engine runs (sg_fuzz_run), findings into the database
 *   camp_reducer.c  the background reducer: the queue of buckets, one `reduce` at a time
 *   camp_status.c   the status screen and the log lines
 *   camp_recover.c  what a kill left: finding pairs not recorded, partial files, orphans;
 *                   `bugs recover`
 *   camp_lock.c     campaign.lock: one session at a time, and who holds it */
#ifndef SG_CAMPAIGN_CAMPAIGN_INT_H
#define SG_CAMPAIGN_CAMPAIGN_INT_H

#include <signal.h>
#include <stdio.h>

#include "campaign/campaign.h"

#define ADD(field, n) __atomic_fetch_add (&(field), (n), __ATOMIC_RELAXED)
#define LOAD(field) __atomic_load_n (&(field), __ATOMIC_RELAXED)

/* Shared between the parent, the workers and the reducer. */
typedef struct shared {
  uint32_t stop;      /* workers: no new slice */
  uint32_t drain;     /* reducer: exit when the queue is empty */
  uint32_t hard_stop; /* reducer: kill the running reduction and exit */
  int64_t reducing;   /* bucket under reduction, 0 when idle */
  uint64_t lost;      /* findings, kept texts and times lines the workers could not write
                         (each said on stderr; the session ends with exit 2) */
  uint64_t exec_failed; /* solver runs that could not start: the worker's slice is not
                           marked done (an enumeration runs its formulas again on --resume),
                           every worker stops, and the session ends with exit 2 */
  sg_db_counts w[];   /* per worker, this session */
} shared;

/* The environment word every process of a session inherits (workers, the reducer, solvers
 * and whatever they start): SMTGRIND_CAMPAIGN=<the campaign directory's real path>. */
#define CAMPAIGN_ENV "SMTGRIND_CAMPAIGN"

/* campaign.c: in a worker or the reducer, right after the fork. */
void sg_camp_child_signals (const sigset_t *oldmask);

/* camp_worker.c: worker w's slices until the budget ends or sh->stop. */
void sg_camp_worker_main (const sg_campaign_opts *o, const char *dbpath, const char *solvers_desc,
                          const sg_tech_seed *seeds, uint32_t nseeds, uint32_t w, shared *sh, double t0);

/* camp_reducer.c: reduce the pending buckets one at a time until sh->drain (queue empty) or
 * sh->hard_stop. */
void sg_camp_reducer_main (const sg_campaign_opts *o, const char *dbpath, shared *sh);

/* camp_status.c */
void sg_camp_session_counts (const shared *sh, uint32_t workers, const sg_db_counts *base, sg_db_counts *out);
void sg_camp_draw_screen (const sg_campaign_opts *o, sg_db *db, const sg_db_counts *c, const sg_db_counts *base,
                          double elapsed, double session, const char *solvers_desc, int64_t reducing);
void sg_camp_log_line (const sg_campaign_opts *o, sg_db *db, const sg_db_counts *c, const sg_db_counts *base,
                       double elapsed, double session);

/* camp_recover.c */
/* Record every finding pair under findings/ that the database does not hold; the number. */
uint64_t sg_camp_recover (const sg_campaign_opts *o, sg_db *db, const char *solvers_desc);
/* What a kill -9 of an earlier session left (called with the lock held): the reducer's
 * temporary outputs, half-written finding files, dead processes' private directories and the
 * processes that outlived it; sets CAMPAIGN_ENV for this session's processes. */
void sg_camp_cleanup (const char *dir);
/* Half-written finding files and empty slice directories under DIR/findings (lock held, no
 * process of a session alive). */
void sg_camp_sweep_findings (const char *dir);
/* Kill and reap every child of this process left, with their process groups (not the
 * guardian, run/guard.h). */
void sg_camp_reap_orphans (void);

/* camp_lock.c: open and take dir/campaign.lock (waiting up to 2 s for a session killed a
 * moment ago); the descriptor, or -1 after printing why to log. */
int sg_camp_lock (const char *dir, const char *who /* "campaign", "merge": the messages' prefix */, FILE *log);

#endif
