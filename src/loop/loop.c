/* loop: sg_fuzz_run — the worker processes (forked, supervised, their counters in a shared
 * mapping), a worker's chains, the status line. Judging a mutant is loop_judge.c, the lanes
 * loop_lanes.c (loop_int.h). */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include "loop/loop_int.h"

#include <assert.h>
#include <errno.h>
#include <stddef.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/file.h"
#include "loop/findings.h"
#include "front/parse.h"
#include "oracle/escalate.h"
#include "oracle/implication.h"
#include "run/run.h"

/* The counters of the status line's parenthesis: the rows of loop/counters.def with a LABEL,
 * in their order. */
static const struct {
  const char *label;
  size_t at; /* offset of the member in sg_fuzz_stats */
} LABELS[] = {
#define SG_COUNTER(name, how, db, col, label, desc) { label, offsetof (sg_fuzz_stats, name) },
#include "loop/counters.def"
#undef SG_COUNTER
};

void
sg_fuzz_status_line (const sg_fuzz_stats *s, double secs, char *buf, size_t size)
{
  double t = secs > 0.001 ? secs : 0.001;
  double share = s->calls ? 100.0 * (double) s->decided / (double) s->calls : 0.0;
  char cores[320] = "";
  if (s->cores)
    snprintf (cores, sizeof cores, "  unsat cores %llu (imprecise %llu, not bugs)",
              (unsigned long long) s->cores, (unsigned long long) s->imprecise);
  if (s->queries)
    snprintf (cores + strlen (cores), sizeof cores - strlen (cores),
              "  incremental queries %llu (decided by every solver %llu; oracle checks %llu)",
              (unsigned long long) s->queries, (unsigned long long) s->queries_decided,
              (unsigned long long) s->queries_scoped);
  if (s->lost)
    snprintf (cores + strlen (cores), sizeof cores - strlen (cores),
              "  NOT WRITTEN: %llu findings or times lines (see the errors above)",
              (unsigned long long) s->lost);
  /* "(unknown N, timeouts N, ..., re-run N)" */
  char more[1024];
  size_t at = 0;
  for (size_t k = 0; k < sizeof LABELS / sizeof *LABELS && at < sizeof more; k++)
    if (LABELS[k].label)
      {
        uint64_t v;
        memcpy (&v, (const char *) s + LABELS[k].at, sizeof v);
        int n = snprintf (more + at, sizeof more - at, "%s%s %llu", at ? ", " : "(", LABELS[k].label,
                          (unsigned long long) v);
        if (n > 0) at += (size_t) n;
      }
  if (at < sizeof more) snprintf (more + at, sizeof more - at, ")");
  snprintf (buf, size,
            "[%6.0fs] mutants %llu (%.1f/s)  solver calls %llu (%.1f/s)  decided %.0f%% "
            "(by every solver: %llu mutants)  "
            "bugs: soundness %llu, invalid-model %llu, crash %llu, incompleteness %llu  %s%s",
            secs, (unsigned long long) s->mutants, (double) s->mutants / t,
            (unsigned long long) s->calls, (double) s->calls / t, share,
            (unsigned long long) s->all_decided,
            (unsigned long long) s->findings[SG_VERDICT_SOUNDNESS],
            (unsigned long long) s->findings[SG_VERDICT_INVALID_MODEL],
            (unsigned long long) s->findings[SG_VERDICT_CRASH],
            (unsigned long long) s->findings[SG_VERDICT_INCOMPLETE], more, cores);
}

void
sg_fuzz_perf_table (const sg_fuzz_stats *s, const sg_solver_list *solvers, FILE *f)
{
  fprintf (f, "solved within T seconds (first probe; times per run in OUT/times-wW.tsv):\n  %-16s", "T");
  for (int t = 0; t < SG_FUZZ_PERF_T; t++) fprintf (f, " %9g", (double) (1u << t) / 64.0);
  fputc ('\n', f);
  for (uint32_t k = 0; solvers && k < solvers->n && k < SG_FUZZ_PERF_SOLVERS; k++)
    {
      char name[40];
      snprintf (name, sizeof name, "%s (%llu)", solvers->a[k].name, (unsigned long long) s->perf_runs[k]);
      fprintf (f, "  %-16s", name);
      for (int t = 0; t < SG_FUZZ_PERF_T; t++) fprintf (f, " %9llu", (unsigned long long) s->perf_solved[k][t]);
      fputc ('\n', f);
    }
}

static bool
out_of_budget (worker *w)
{
  const sg_fuzz_opts *o = w->o;
  if (__atomic_load_n (&w->sh->stop, __ATOMIC_RELAXED)) return true;
  if (o->stop && __atomic_load_n (o->stop, __ATOMIC_RELAXED)) return true;
  if (o->max_seconds > 0 && sg_now () - w->t0 >= o->max_seconds) return true;
  return false;
}

/* Pick the seeds of the next chain. False when there is nothing (more) to do. */
/* Does this chain begin with its seed, unmutated (option fuzzing drew options for some
 * solver; a technique of one seed without step oracles)? */
static bool
seed_first (worker *w, const sg_tech_seed *seed)
{
  const sg_fuzz_opts *o = w->o;
  if (!o->option_fuzz || o->tech->nseeds != 1 || o->implication || o->reference || !seed || !seed->text
      || !seed->len || out_of_budget (w))
    return false;
  for (uint32_t i = 0; i < w->solvers->n; i++)
    if (w->solvers->a[i].fuzzed_args) return true;
  return false;
}

static bool
pick_seeds (worker *w, void *state, uint64_t chain, const sg_tech_seed **pick)
{
  const sg_fuzz_opts *o = w->o;
  if (o->tech->nseeds == 0)
    {
      /* A generator: its chains need no seed (one per worker and pass without a limit). */
      static const sg_tech_seed generated = { "(generated)", "", 0, SG_ANS_NONE, NULL, { "" }, { 0 } };
      bool limited = o->max_mutants || o->max_seconds > 0 || o->max_chains;
      if (!limited && !o->tech->until_eof && chain - o->sched.chain0 >= (o->passes ? o->passes : 1)) return false;
      pick[0] = &generated;
      return true;
    }
  if (o->tech->nseeds == 1)
    {
      /* Worker w takes seeds w, w + jobs, ...; passes repeat while a budget is set. */
      uint64_t per = (w->nseeds + o->jobs - 1 - w->index) / o->jobs;
      if (per == 0) return false;
      uint64_t pass = chain / per;
      bool limited = o->max_mutants || o->max_seconds > 0 || o->max_chains;
      if (!limited && pass >= (o->passes ? o->passes : 1)) return false;
      assert (w->index + (chain % per) * o->jobs < w->nseeds); /* per counts w's seeds */
      pick[0] = &w->seeds[w->index + (chain % per) * o->jobs];
      return true;
    }
  /* Pairs whose labels fit the fusion mode, at random: the first seed uniformly, the second
   * uniformly among those of the same logic (as yinyang's seed folders are) whose label fits. */
  for (int tries = 0; tries < 1000; tries++)
    {
      const sg_tech_seed *a = &w->seeds[sg_rng_below (&w->rng, w->nseeds)];
      const sg_tech_seed *b = NULL;
      uint64_t fits = 0;
      for (uint32_t i = 0; i < w->nseeds; i++)
        {
          const sg_tech_seed *c = &w->seeds[i];
          if (c == a && w->nseeds > 1) continue;
          if ((a->logic || c->logic) && (!a->logic || !c->logic || strcmp (a->logic, c->logic))) continue;
          if (o->tech->pair_status (state, a->status, c->status) == SG_ANS_NONE) continue;
          if (sg_rng_below (&w->rng, ++fits) == 0) b = c;
        }
      if (b)
        {
          pick[0] = a;
          pick[1] = b;
          return true;
        }
    }
  return false;
}

/* User + system CPU of getrusage's `who`, in microseconds. */
static bool
cpu_us (int who, uint64_t *us)
{
  struct rusage r;
  if (getrusage (who, &r) != 0) return false;
  *us = (uint64_t) (r.ru_utime.tv_sec + r.ru_stime.tv_sec) * 1000000u
        + (uint64_t) (r.ru_utime.tv_usec + r.ru_stime.tv_usec);
  return true;
}

/* The stop rule for ill-typed mutants fired in worker w (loop_judge.c: note_ill_typed): counted,
 * and said with the first one's file, why it does not type-check and, where the technique
 * knows (its explain hook: enum's grammar rule), what produced it. The worker thread calls
 * this (it owns the technique's state) once its lanes are done. */
static void
say_ill_typed (worker *w, void *state)
{
  const sg_fuzz_opts *o = w->o;
  sg_fuzz_stats *st = &w->sh->w[w->index];
  ADD (st->ill_stopped, 1);
  if (!o->status) return;
  char from[768] = "";
  if (o->tech->explain && w->ill_offset != SIZE_MAX)
    o->tech->explain (state, w->ill_desc, w->ill_offset, from, sizeof from);
  uint64_t ill = __atomic_load_n (&st->ill_typed, __ATOMIC_RELAXED);
  uint64_t made = ill + __atomic_load_n (&st->mutants, __ATOMIC_RELAXED);
  pthread_mutex_lock (&w->fmu);
  fprintf (o->status,
           "%s: error: worker %u stopped the run: %llu of the %llu formulas it made do not type-check "
           "(the limit: more than %d, and more than 1 in %d)\n"
           "%s: the first: %s (%s): %s\n",
           o->tech->name, w->index, (unsigned long long) ill, (unsigned long long) made, SG_FUZZ_ILL_MAX,
           SG_FUZZ_ILL_SHARE, o->tech->name, w->ill_file, w->ill_desc, w->ill_why);
  if (from[0])
    fprintf (o->status, "%s: it comes from %s: fix it there\n", o->tech->name, from);
  else
    fprintf (o->status, "%s: a bug of smtgrind's %s (or of the --data file it was given): please report it "
             "with that file\n", o->tech->name, o->tech->name);
  pthread_mutex_unlock (&w->fmu);
}

/* The chain's first mutant: its seed itself, with the chain's options (seed_first). */
static void
dispatch_seed (worker *w, const sg_tech_seed **seeds, uint64_t chain, uint64_t *number)
{
  const sg_fuzz_opts *o = w->o;
  lane *l = sg_loop_acquire (w);
  sg_buf_reset (&l->m.text);
  sg_buf_reset (&l->m.desc);
  sg_buf_add (&l->m.text, seeds[0]->text, seeds[0]->len);
  sg_buf_adds (&l->m.desc, "the seed itself, with the chain's options");
  l->m.expected = seeds[0]->status;
  l->m.nqueries = 0;
  l->m.step = 0, l->m.iteration = 0;
  l->m.prev = NULL, l->m.prev_len = 0;
  l->m.rule = "seed";
  sg_loop_seen_add (&w->seen, l->m.text.s, l->m.text.len);
  if (o->max_mutants && __atomic_fetch_add (&w->sh->ticket, 1, __ATOMIC_RELAXED) >= o->max_mutants)
    __atomic_store_n (&w->sh->stop, 1, __ATOMIC_RELAXED);
  else if (sg_buf_ok (&l->m.text) && sg_buf_ok (&l->m.desc))
    {
      l->seeds[0] = seeds[0];
      l->seeds[1] = seeds[1];
      l->number = ++*number;
      l->chain = chain;
      sg_loop_dispatch (w, l);
    }
}

/* Make the chain's mutants and dispatch them, until the technique ends the chain, it is left
 * (too many timeouts, an error) or the budget is spent. */
static void
chain_mutants (worker *w, void *state, const sg_tech_seed **seeds, sg_rng *crng, sg_diag *d, uint64_t chain,
               bool dedup, uint64_t *number)
{
  const sg_fuzz_opts *o = w->o;
  sg_fuzz_stats *st = &w->sh->w[w->index];
  while (!out_of_budget (w))
    {
      lane *l = sg_loop_acquire (w);
      /* (a range's chain is never left: its indices would be lost) */
      if (o->chain_timeouts && !o->tech->until_eof && w->chain_to >= o->chain_timeouts)
        {
          ADD (st->chains_left, 1);
          break;
        }
      sg_diag_init (d, seeds[0]->path);
      l->m.nqueries = 0;
      sg_rc rc = o->tech->next (state, crng, &l->m, d);
      if (rc == SG_RC_EOF || out_of_budget (w)) break; /* a step may be slow (deep seeds) */
      if (rc)
        {
          if (o->status)
            {
              char msg[700];
              sg_diag_format (d, msg, sizeof msg);
              fprintf (o->status, "%s: warning: %s: %s (chain dropped)\n", o->tech->name, sg_rc_name (rc), msg);
            }
          ADD (st->seeds_skipped, 1);
          break;
        }
      /* The same text as a mutant already judged in this chain: skipped, no ticket. */
      if (dedup && !sg_loop_seen_add (&w->seen, l->m.text.s, l->m.text.len))
        {
          ADD (st->duplicates, 1);
          continue;
        }
      /* A mutant exists: take a ticket against --mutants. */
      if (o->max_mutants && __atomic_fetch_add (&w->sh->ticket, 1, __ATOMIC_RELAXED) >= o->max_mutants)
        {
          __atomic_store_n (&w->sh->stop, 1, __ATOMIC_RELAXED);
          break;
        }
      l->seeds[0] = seeds[0];
      l->seeds[1] = seeds[1];
      l->number = ++*number;
      l->chain = chain;
      sg_loop_dispatch (w, l);
    }
}

/* A forked worker's main: its chains one after another, until the budget or the seeds run out. */
static void
worker_main (worker *w)
{
  const sg_fuzz_opts *o = w->o;
  assert (o->jobs >= 1 && w->index < o->jobs); /* sh->w has o->jobs rows */
  sg_fuzz_stats *st = &w->sh->w[w->index];
  void *state = NULL;
  sg_diag d;
  sg_diag_init (&d, o->tech->name);
  w->solvers = o->solvers;
  /* Generators that split an index range need to know their share (campaign workers x jobs). */
  sg_tech_sched sched = o->sched;
  sched.worker = sched.worker * o->jobs + w->index;
  sched.workers = (sched.workers ? sched.workers : 1) * o->jobs;
  /* Outside a campaign (which resumes each worker's own blocks) the workers share one queue
   * of blocks. */
  if (o->tech->until_eof && !sched.resume) sched.next_block = &w->sh->next_block;
  if (o->tech->init (&o->cfg, &sched, &state, &d)) return;
  if (!sg_loop_open_lanes (w))
    {
      o->tech->free (state);
      return;
    }
  uint64_t number = 0, barren = 0; /* consecutive chains without a mutant */
  bool said_begin = false;         /* a seed's refusal was said (once per worker) */
  /* The per-chain cache of texts; not for step oracles, which need every step judged. */
  bool dedup = !o->implication && !o->reference;
  sg_loop_seen_init (&w->seen);
  bool limited = o->max_mutants || o->max_seconds > 0 || o->max_chains;
  for (uint64_t chain = o->sched.chain0; !out_of_budget (w); chain++)
    {
      if (o->max_chains && chain - o->sched.chain0 >= o->max_chains) break;
      if (barren >= 1000)
        {
          if (o->status)
            fprintf (o->status, "%s: warning: worker %u: 1000 chains in a row gave no mutant (every seed "
                     "refused, or no seed pair of a sort the technique supports); stopping\n", o->tech->name, w->index);
          break;
        }
      uint64_t before = number;
      const sg_tech_seed *seeds[2] = { NULL, NULL };
      if (!pick_seeds (w, state, chain, seeds))
        {
          if (o->tech->nseeds > 1 && o->status)
            fprintf (o->status, "%s: warning: worker %u: found no two seeds of one logic whose labels "
                     "fit the mode; stopping\n", o->tech->name, w->index);
          break;
        }
      /* A fusion run without a budget makes one chain per seed pair count. */
      if (o->tech->nseeds > 1 && !limited && chain >= w->nseeds / o->jobs + 1) break;
      /* The chain's own stream: how many numbers a chain draws (it may be left early) never
       * changes the mutants of the next ones. */
      sg_rng crng = sg_rng_split (&w->rng);
      if (o->option_fuzz)
        {
          /* The chain's options come from a stream of their own, split from the chain's. */
          sg_rng orng = sg_rng_split (&crng);
          if (sg_loop_chain_options (w, &orng, seeds[0])) break; /* out of memory */
        }
      sg_diag_init (&d, seeds[0]->path);
      sg_rc brc = o->tech->begin (state, seeds, &crng, &d);
      if (brc == SG_RC_EOF && o->tech->until_eof) break; /* its range is exhausted */
      if (brc)
        {
          /* A seed the technique cannot start from (incr: a push before its first check-sat)
           * is said once, at its file:line:col, and counts as a barren chain: a run whose
           * every seed is refused stops instead of trying for ever. */
          ADD (st->seeds_skipped, 1);
          if (o->status && !said_begin)
            {
              char msg[700];
              sg_diag_format (&d, msg, sizeof msg);
              fprintf (o->status, "%s: warning: %s (seed skipped)\n", o->tech->name, msg);
              said_begin = true;
            }
          barren++;
          continue;
        }
      ADD (st->chains, 1);
      pthread_mutex_lock (&w->mu);
      w->chain = chain;
      w->chain_to = 0;
      pthread_mutex_unlock (&w->mu);
      sg_loop_seen_reset (&w->seen);
      if (seed_first (w, seeds[0]))
        {
          /* Options drawn for this chain: its first mutant is the seed itself, with its label
           * as the expected answer. A bug that the options alone bring out on the seed's own
           * shape (a regression test run with the options it was written for) is met before
           * the mutations move away from it. */
          dispatch_seed (w, seeds, chain, &number);
          before = number; /* the seed is no mutant of the technique's (barren chains) */
        }
      chain_mutants (w, state, seeds, &crng, &d, chain, dedup, &number);
      barren = number > before ? 0 : barren + 1;
    }
  sg_loop_close_lanes (w);
  if (w->ill_stop) say_ill_typed (w, state);
  sg_loop_options_free (w);
  if (w->times) fclose (w->times);
  sg_loop_seen_free (&w->seen);
  o->tech->free (state);
  /* How the CPU was shared between smtgrind and the solvers (all reaped by now). */
  uint64_t self, kids;
  if (cpu_us (RUSAGE_SELF, &self) && cpu_us (RUSAGE_CHILDREN, &kids))
    {
      ADD (st->self_cpu_us, self);
      ADD (st->solver_cpu_us, kids);
      ADD (st->cpu_workers, 1);
    }
}

/* The run's last line on the CPU: smtgrind's share when every worker counted its own, else
 * (workers stopped by a signal die before they can; a worker whose technique or lanes failed
 * to start ends without counting too) the total the parent measured, with the split said to
 * be unmeasured rather than printed as 0. */
void
sg_fuzz_cpu_line (const sg_fuzz_stats *s, uint32_t workers, char *buf, size_t size)
{
  uint64_t all = s->self_cpu_us + s->solver_cpu_us;
  if (s->cpu_workers >= workers)
    snprintf (buf, size, "CPU: smtgrind %.2fs, solvers %.2fs: smtgrind's share %.1f%%",
              (double) s->self_cpu_us / 1e6, (double) s->solver_cpu_us / 1e6,
              all ? 100.0 * (double) s->self_cpu_us / (double) all : 0.0);
  else
    snprintf (buf, size,
              "CPU: smtgrind and its solvers %.2fs in all; smtgrind's share not measured "
              "(%llu of %u workers ended before they could count it: stopped by a signal, or "
              "failed to start)",
              (double) s->all_cpu_us / 1e6, (unsigned long long) (workers - s->cpu_workers), workers);
}

/* The run's counters: the sum over workers of every SUM row of loop/counters.def and of the
 * arrays (a SET row is the parent's, set after). */
static void
sum (const shared *sh, uint32_t jobs, sg_fuzz_stats *out)
{
  memset (out, 0, sizeof *out);
  for (uint32_t i = 0; i < jobs; i++)
    {
      const sg_fuzz_stats *s = &sh->w[i];
#define SG_COUNTER(name, how, ...) SG_COUNTER_SUMMED (how, out->name += LOAD (s->name);)
#include "loop/counters.def"
#undef SG_COUNTER
      for (int k = 0; k < SG_FUZZ_KINDS; k++) out->findings[k] += LOAD (s->findings[k]);
      for (int k = 0; k < SG_FUZZ_PERF_SOLVERS; k++)
        {
          out->perf_runs[k] += LOAD (s->perf_runs[k]);
          for (int t = 0; t < SG_FUZZ_PERF_T; t++) out->perf_solved[k][t] += LOAD (s->perf_solved[k][t]);
        }
    }
}

sg_rc
sg_fuzz_run (const sg_fuzz_opts *o, const sg_tech_seed *seeds, uint32_t nseeds, sg_fuzz_stats *stats)
{
  memset (stats, 0, sizeof *stats);
  if (!sg_mkdir_p (o->out_dir)) return SG_RC_IO;
  uint32_t jobs = o->jobs ? o->jobs : 1;
  size_t size = sizeof (shared) + jobs * sizeof (sg_fuzz_stats);
  shared *sh = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (sh == MAP_FAILED) return SG_RC_NOMEM;
  memset (sh, 0, size);
  sg_fuzz_opts oj = *o;
  oj.jobs = jobs;
  double t0 = sg_now ();
  pid_t pids[256];
  if (jobs > 256) jobs = oj.jobs = 256;
  sg_rng master;
  sg_rng_seed (&master, o->seed);
  uint32_t started = 0;
  /* Supervision (run/spawn.h): the stop signals stay blocked in us and in the workers; we take
   * them with sigtimedwait and pass SIGTERM on; a worker's solver run sees it pending, kills
   * its solver's group and dies of it. */
  sigset_t stopsigs;
  sigemptyset (&stopsigs);
  sigaddset (&stopsigs, SIGINT);
  sigaddset (&stopsigs, SIGTERM);
  sigaddset (&stopsigs, SIGHUP);
  sg_spawn_block_stop_signals (NULL);
  sg_run_tmpdir_sweep (); /* what killed runs (-9) left in $TMPDIR */
  pid_t parent = getpid ();
  uint64_t cpu0 = 0, cpu1 = 0;
  cpu_us (RUSAGE_CHILDREN, &cpu0); /* what earlier children of this process used */
  for (uint32_t i = 0; i < jobs; i++)
    {
      worker w;
      memset (&w, 0, sizeof w);
      w.o = &oj;
      w.seeds = seeds;
      w.nseeds = nseeds;
      w.index = i;
      w.sh = sh;
      w.t0 = t0;
      w.rng = sg_rng_split (&master);
      fflush (NULL);
      pid_t pid = fork ();
      if (pid == 0)
        {
          prctl (PR_SET_PDEATHSIG, SIGKILL); /* dies with us, even after a kill -9 */
          if (getppid () != parent) _exit (1);
          worker_main (&w);
          _exit (0);
        }
      if (pid < 0) break;
      pids[started++] = pid;
    }
  /* Parent: status every 2 s, stop at the time limit, reap every worker. */
  uint32_t alive = started;
  double next_status = t0 + 2.0, kill_at = 0;
  int stopped_by = 0;
  char line[768];
  while (alive)
    {
      int status;
      pid_t pid = waitpid (-1, &status, WNOHANG);
      if (pid > 0)
        {
          for (uint32_t i = 0; i < started; i++)
            if (pids[i] == pid) { pids[i] = -1; alive--; }
          continue;
        }
      if (pid < 0 && errno != EINTR) break;
      double t = sg_now ();
      if (o->max_seconds > 0 && t - t0 >= o->max_seconds) __atomic_store_n (&sh->stop, 1, __ATOMIC_RELAXED);
      if (o->status && t >= next_status)
        {
          sum (sh, jobs, stats);
          sg_fuzz_status_line (stats, t - t0, line, sizeof line);
          fprintf (o->status, "%s\n", line);
          fflush (o->status);
          next_status = t + 2.0;
        }
      if (kill_at > 0 && t > kill_at)
        {
          for (uint32_t i = 0; i < started; i++)
            if (pids[i] > 0) kill (pids[i], SIGKILL);
          kill_at = 0;
        }
      struct timespec ts = { 0, 50 * 1000 * 1000 };
      int sig = sigtimedwait (&stopsigs, NULL, &ts);
      if (sig > 0 && !stopped_by)
        {
          stopped_by = sig;
          __atomic_store_n (&sh->stop, 1, __ATOMIC_RELAXED);
          for (uint32_t i = 0; i < started; i++)
            if (pids[i] > 0) kill (pids[i], SIGTERM);
          kill_at = t + 3.0; /* a worker between solver runs gets 3 s to reach one */
        }
    }
  sum (sh, jobs, stats);
  cpu_us (RUSAGE_CHILDREN, &cpu1);
  stats->all_cpu_us = cpu1 > cpu0 ? cpu1 - cpu0 : 0;
  sg_run_tmpdir_sweep (); /* the directories of workers that were killed */
  if (o->status)
    {
      sg_fuzz_status_line (stats, sg_now () - t0, line, sizeof line);
      fprintf (o->status, "%s\n", line);
      sg_fuzz_cpu_line (stats, started, line, sizeof line);
      fprintf (o->status, "%s\n", line);
      if (o->tech->perf) sg_fuzz_perf_table (stats, o->solvers, o->status);
    }
  munmap (sh, size);
  if (stopped_by)
    {
      if (o->status) fprintf (o->status, "stopped by signal %d: every worker and solver is gone\n", stopped_by);
      kill (getpid (), stopped_by); /* pending again: we die of it */
      sg_spawn_stop_now (NULL);
    }
  return started ? SG_RC_OK : SG_RC_IO;
}
