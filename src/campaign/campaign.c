/* campaign: the parent of a campaign session — its directories, lock and cleanup, the
 * solvers' versions, the fork of the workers (camp_worker.c) and the reducer
 * (camp_reducer.c), the watch loop (status, statistics rows, the budget, the stop signals)
 * and the end. The other jobs are in the camp_*.c files (campaign_int.h). */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include "campaign/campaign_int.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/file.h"
#include "base/hash.h"
#include "run/run.h"
#include "run/spawn.h"

/* In a worker or the reducer, right after the fork: the campaign process takes Ctrl-C and
 * SIGTERM (it blocks them); its children ignore the terminal's Ctrl-C, which reaches the whole
 * process group, and are stopped through the shared flags. Solvers get default dispositions
 * back when they are spawned (run/spawn.c). */
void
sg_camp_child_signals (const sigset_t *oldmask)
{
  /* Stopped through the shared flags (or SIGKILL, with PR_SET_PDEATHSIG): a stop signal sent
   * to the whole process group (the terminal's Ctrl-C, kill -TERM -PGID, a hangup) is the
   * parent's to take. */
  signal (SIGINT, SIG_IGN);
  signal (SIGTERM, SIG_IGN);
  signal (SIGHUP, SIG_IGN);
  sigprocmask (SIG_SETMASK, oldmask, NULL);
  /* ... and unblocked whatever the caller's mask was (the CLI blocks them from its start):
   * Linux queues a blocked signal even when it is ignored, and the next solver run would see
   * it pending and stop the worker (run/spawn.h). */
  sigset_t stop;
  sigemptyset (&stop);
  sigaddset (&stop, SIGINT);
  sigaddset (&stop, SIGTERM);
  sigaddset (&stop, SIGHUP);
  sigprocmask (SIG_UNBLOCK, &stop, NULL);
}

uint64_t
sg_campaign_mix (uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
  sg_rng r;
  sg_rng_seed (&r, a);
  uint64_t h = sg_rng_next (&r);
  const uint64_t v[3] = { b, c, d };
  for (int i = 0; i < 3; i++)
    {
      sg_rng_seed (&r, h ^ (v[i] * SG_HASH64_GOLDEN + (uint64_t) i));
      h = sg_rng_next (&r);
    }
  return h;
}

/* The session's directories, lock and database; what an earlier session left is cleaned up
 * and its running work put back. SG_RC_OK with *lock and *db open. */
static sg_rc
open_session (const sg_campaign_opts *o, const char *dbpath, int *lock, sg_db *db)
{
  char sub[PATH_MAX];
  bool ok = sg_mkdir_p (o->dir);
  snprintf (sub, sizeof sub, "%s/findings", o->dir);
  ok = ok && sg_mkdir_p (sub);
  snprintf (sub, sizeof sub, "%s/reduced", o->dir);
  ok = ok && sg_mkdir_p (sub);
  if (!ok)
    {
      fprintf (o->log, "campaign: error: cannot create %s: %s\n", o->dir, strerror (errno));
      if (o->locked) close (o->lock_fd);
      return SG_RC_IO;
    }
  *lock = o->locked ? o->lock_fd : sg_camp_lock (o->dir, "campaign", o->log);
  if (*lock < 0) return SG_RC_USAGE;
  if (sg_db_open (db, dbpath, true))
    {
      fprintf (o->log, "campaign: error: %s\n", db->err);
      close (*lock);
      return SG_RC_IO;
    }
  /* What a kill -9 of an earlier session left (camp_recover.c). */
  sg_camp_cleanup (o->dir);
  /* After a stop: a reduction that was running is pending again; a slice that was running is
   * over (its chains are not run again: the next slice starts after them). */
  sg_db_reduce_reset (db);
  /* With reduction on, buckets left unreduced by an earlier session (--no-reduce, a binary
   * without the reducer, or a reduction that failed: its note stays until it is done again)
   * are queued again. */
  if (o->reduce)
    sg_db_exec (db, "UPDATE buckets SET reduce_state = 'pending'"
                    " WHERE reduce_state IN ('off', 'unavailable', 'failed') AND merged_into IS NULL"
                    " AND kind NOT IN ('unspecified', 'validation')");
  sg_db_exec (db, "UPDATE slices SET state = 'killed' WHERE state = 'running'");
  return SG_RC_OK;
}

/* Ctrl-C and SIGTERM (and a hangup, unless under nohup) into stopsigs, blocked (oldmask: the
 * mask before). They are taken by the watch loop with sigtimedwait (no handler, no global
 * flag). Blocked before the solvers' versions are probed: one arriving then makes that run
 * kill the solver's group and this process die of it (run/spawn.h), before any worker
 * exists. */
static void
block_stop_signals (sigset_t *stopsigs, sigset_t *oldmask)
{
  sigemptyset (stopsigs);
  sigaddset (stopsigs, SIGINT);
  sigaddset (stopsigs, SIGTERM);
  struct sigaction sa;
  if (sigaction (SIGHUP, NULL, &sa) == 0 && sa.sa_handler != SIG_IGN) sigaddset (stopsigs, SIGHUP);
  sigprocmask (SIG_BLOCK, stopsigs, oldmask);
}

/* "z3 4.8.12; cvc5 1.0.3" (probed once, before the fork, so every process sees them). */
static void
solver_versions (const sg_campaign_opts *o, char *desc, size_t size)
{
  size_t sl = 0;
  desc[0] = 0;
  for (uint32_t i = 0; i < o->solvers->n; i++)
    {
      sg_profile *p = (sg_profile *) &o->solvers->a[i];
      const char *v = "";
      if (sg_profile_version (p, &v)) v = "";
      sl += (size_t) snprintf (desc + sl, size - sl, "%s%s%s%s", i ? "; " : "", p->name, v[0] ? " " : "", v);
      if (sl >= size) break;
    }
}

/* The processes of a session, as the watch loop sees them. */
typedef struct session {
  const sg_campaign_opts *o;
  const char *dbpath;
  shared *sh;
  uint32_t workers;
  double t0;
  SG_VEC (pid_t) pids; /* workers (-1 once reaped) */
  uint32_t alive;      /* workers alive */
  pid_t reducer;       /* -1: none */
  bool reducer_alive;
  sg_db_counts base;   /* the totals when the session started */
  const char *solvers_desc;
} session;

/* Fork the workers and the reducer. */
static void
start_children (session *ss, const sg_tech_seed *seeds, uint32_t nseeds, const sigset_t *oldmask)
{
  const sg_campaign_opts *o = ss->o;
  pid_t campaign_pid = getpid ();
  ss->reducer = -1;
  if (o->budget_s > 0)
    for (uint32_t w = 0; w < ss->workers; w++)
      {
        fflush (NULL);
        pid_t pid = fork ();
        if (pid == 0)
          {
            prctl (PR_SET_PDEATHSIG, SIGKILL); /* the campaign died: so does its worker */
            if (getppid () != campaign_pid) _exit (1); /* ... before prctl took effect */
            sg_camp_child_signals (oldmask);
            sg_camp_worker_main (o, ss->dbpath, ss->solvers_desc, seeds, nseeds, w, ss->sh, ss->t0);
            _exit (0);
          }
        if (pid > 0 && !SG_VEC_PUSH (ss->pids, pid)) break;
      }
  ss->alive = ss->pids.n;
  if (o->reduce)
    {
      fflush (NULL);
      ss->reducer = fork ();
      if (ss->reducer == 0)
        {
          prctl (PR_SET_PDEATHSIG, SIGKILL);
          if (getppid () != campaign_pid) _exit (1);
          sg_camp_child_signals (oldmask);
          sg_camp_reducer_main (o, ss->dbpath, ss->sh);
          _exit (0);
        }
    }
  ss->reducer_alive = ss->reducer > 0;
}

/* A stop signal: the first stops the workers after their current mutant and the reducer at
 * once (its reduction is pending again on --resume), then the summary and report are written
 * as at the end of the budget; the second kills the workers. */
static void
on_stop_signal (session *ss, int sig, uint32_t interrupts)
{
  __atomic_store_n (&ss->sh->stop, 1, __ATOMIC_RELAXED);
  __atomic_store_n (&ss->sh->hard_stop, 1, __ATOMIC_RELAXED);
  if (interrupts == 1)
    fprintf (ss->o->log, "\ncampaign: %s: stopping after the current mutants (again: at once)\n",
             sig == SIGINT ? "interrupted" : "terminated");
  else
    {
      for (uint32_t i = 0; i < ss->pids.n; i++)
        if (ss->pids.a[i] > 0) kill (ss->pids.a[i], SIGKILL);
      if (ss->reducer_alive) kill (ss->reducer, SIGKILL);
    }
}

/* Watch the children: status, statistics rows, the end of the budget, the reducer's drain,
 * the stop signals. Returns when every child is gone. */
static void
watch (session *ss, sg_db *db, const sigset_t *stopsigs, sg_campaign_result *res)
{
  const sg_campaign_opts *o = ss->o;
  shared *sh = ss->sh;
  double t0 = ss->t0, next_draw = t0, next_stats = t0 + 5, drain_deadline = 0;
  uint32_t interrupts = 0;
  sg_db_counts c;
  while (ss->alive || ss->reducer_alive)
    {
      int status;
      pid_t pid = waitpid (-1, &status, WNOHANG);
      if (pid > 0)
        {
          if (pid == ss->reducer) ss->reducer_alive = false;
          else
            for (uint32_t i = 0; i < ss->pids.n; i++)
              if (ss->pids.a[i] == pid) { ss->pids.a[i] = -1; ss->alive--; }
          continue;
        }
      double t = sg_now ();
      if (t - t0 >= o->budget_s) __atomic_store_n (&sh->stop, 1, __ATOMIC_RELAXED);
      if (!ss->alive && ss->reducer_alive && !drain_deadline)
        {
          /* Fuzzing is over: the reducer finishes the reduction under way (and its bucket's
           * triage), then stops. */
          __atomic_store_n (&sh->drain, 1, __ATOMIC_RELAXED);
          drain_deadline = t + o->reduce_budget_s + (o->triage ? o->triage_budget_s : 0) + 15;
          if (!o->screen && LOAD (sh->reducing))
            fprintf (o->log, "campaign: waiting for the reduction of bucket %lld\n", (long long) LOAD (sh->reducing));
        }
      if (drain_deadline && t > drain_deadline) __atomic_store_n (&sh->hard_stop, 1, __ATOMIC_RELAXED);
      sg_camp_session_counts (sh, ss->workers, &ss->base, &c);
      if (t >= next_stats)
        {
          char el[32];
          sg_db_stats_add (db, o->elapsed0 + (t - t0), &c);
          snprintf (el, sizeof el, "%.1f", o->elapsed0 + (t - t0));
          sg_db_meta_set (db, "elapsed", el);
          next_stats = t + 5;
        }
      if (t >= next_draw && o->screen)
        {
          sg_camp_draw_screen (o, db, &c, &ss->base, o->elapsed0 + (t - t0), t - t0, ss->solvers_desc,
                               LOAD (sh->reducing));
          next_draw = t + 1;
        }
      else if (t >= next_draw)
        {
          if (t > t0 + 1) sg_camp_log_line (o, db, &c, &ss->base, o->elapsed0 + (t - t0), t - t0);
          next_draw = t + (o->log_every_s > 0 ? o->log_every_s : 10);
        }
      struct timespec wait = { 0, 100000000 };
      siginfo_t si;
      if (sigtimedwait (stopsigs, &si, &wait) > 0)
        {
          on_stop_signal (ss, si.si_signo, ++interrupts);
          if (!res->interrupted) res->stop_signal = si.si_signo;
          res->interrupted = true;
        }
    }
}

sg_rc
sg_campaign_run (const sg_campaign_opts *o, const sg_tech_seed *seeds, uint32_t nseeds,
                 sg_campaign_result *res)
{
  memset (res, 0, sizeof *res);
  char dbpath[PATH_MAX];
  snprintf (dbpath, sizeof dbpath, "%s/campaign.db", o->dir);
  int lock;
  sg_db db;
  sg_rc rc = open_session (o, dbpath, &lock, &db);
  if (rc) return rc;
  sigset_t stopsigs, oldmask;
  block_stop_signals (&stopsigs, &oldmask);
  char solvers_desc[1024];
  solver_versions (o, solvers_desc, sizeof solvers_desc);
  sg_db_meta_set (&db, "solver_versions", solvers_desc);
  sg_camp_recover (o, &db, solvers_desc);
  session ss;
  memset (&ss, 0, sizeof ss);
  ss.o = o, ss.dbpath = dbpath, ss.solvers_desc = solvers_desc;
  if (sg_db_totals (&db, &ss.base) == SG_RC_PARSE) fprintf (o->log, "campaign: warning: %s\n", db.err);
  sg_db_stats_add (&db, o->elapsed0, &ss.base); /* where this session starts, for the plots */
  uint64_t findings0 = 0;
  sg_db_count (&db, "findings", &findings0);
  ss.workers = o->workers ? o->workers : 1;
  size_t size = sizeof (shared) + ss.workers * sizeof (sg_db_counts);
  ss.sh = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (ss.sh == MAP_FAILED)
    {
      sg_db_close (&db);
      close (lock);
      sigprocmask (SIG_SETMASK, &oldmask, NULL);
      return SG_RC_NOMEM;
    }
  memset (ss.sh, 0, size);
  ss.t0 = sg_now ();
  /* A child subreaper: what our children leave when they are killed (the candidates of a
   * reduction stopped at the end, a fuzz worker of a worker killed by a second Ctrl-C) comes
   * back to us, to be reaped before the private directories are swept. */
  prctl (PR_SET_CHILD_SUBREAPER, 1);
  start_children (&ss, seeds, nseeds, &oldmask);
  watch (&ss, &db, &stopsigs, res);
  sigprocmask (SIG_SETMASK, &oldmask, NULL);
  /* Every child is gone, and what they left is reaped: the private directories of those that
   * were killed (a reduction stopped at the end, a worker killed by a second Ctrl-C) go too. */
  sg_camp_reap_orphans ();
  prctl (PR_SET_CHILD_SUBREAPER, 0);
  sg_run_tmpdir_sweep ();
  /* A worker killed by a second Ctrl-C leaves its slice's directory (and perhaps a finding
   * file half written): no process of the session is left to write them. */
  sg_camp_sweep_findings (o->dir);
  double t = sg_now ();
  double spent = t - ss.t0 < o->budget_s || o->budget_s <= 0 ? t - ss.t0 : o->budget_s;
  sg_db_counts c;
  sg_camp_session_counts (ss.sh, ss.workers, &ss.base, &c);
  char el[32];
  snprintf (el, sizeof el, "%.1f", o->elapsed0 + spent);
  sg_db_meta_set (&db, "elapsed", el);
  sg_db_stats_add (&db, o->elapsed0 + spent, &c);
  if (o->screen) sg_camp_draw_screen (o, &db, &c, &ss.base, o->elapsed0 + spent, spent, solvers_desc, 0);
  res->totals = c;
  res->lost = __atomic_load_n (&ss.sh->lost, __ATOMIC_RELAXED);
  res->exec_failed = __atomic_load_n (&ss.sh->exec_failed, __ATOMIC_RELAXED);
  res->elapsed = o->elapsed0 + spent;
  sg_db_count (&db, "findings", &res->findings);
  sg_db_count (&db, "buckets", &res->buckets);
  res->new_findings = res->findings - findings0;
  sg_db_close (&db);
  SG_VEC_FREE (ss.pids);
  munmap (ss.sh, size);
  close (lock);
  return SG_RC_OK;
}
