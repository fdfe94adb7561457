/* loop: workers, mutants, probes, confirmation, findings, status. */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include "base/clock.h"
#include "base/file.h"
#include "campaign/loop.h"

#include <errno.h>
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

#include "campaign/findings.h"
#include "front/parse.h"
#include "oracle/escalate.h"
#include "oracle/implication.h"
#include "run/run.h"


#define ADD(field, n) __atomic_fetch_add (&(field), (n), __ATOMIC_RELAXED)

void
sg_fuzz_status_line (const sg_fuzz_stats *s, double secs, char *buf, size_t size)
{
  double t = secs > 0.001 ? secs : 0.001;
  double share = s->calls ? 100.0 * (double) s->decided / (double) s->calls : 0.0;
  snprintf (buf, size,
            "[%6.0fs] mutants %llu (%.1f/s)  solver calls %llu (%.1f/s)  decided %.0f%% "
            "(by every solver: %llu mutants)  "
            "bugs: soundness %llu, invalid-model %llu, crash %llu, incompleteness %llu  "
            "(unknown %llu, timeouts %llu, rejected %llu, rechecked %llu, unconfirmed %llu, "
            "unspecified %llu, over-limit %llu, ill-typed %llu)",
            secs, (unsigned long long) s->mutants, (double) s->mutants / t,
            (unsigned long long) s->calls, (double) s->calls / t, share,
            (unsigned long long) s->all_decided,
            (unsigned long long) s->findings[SG_VERDICT_SOUNDNESS],
            (unsigned long long) s->findings[SG_VERDICT_INVALID_MODEL],
            (unsigned long long) s->findings[SG_VERDICT_CRASH],
            (unsigned long long) s->findings[SG_VERDICT_INCOMPLETE],
            (unsigned long long) s->unknown, (unsigned long long) s->timeouts,
            (unsigned long long) s->rejected, (unsigned long long) s->escalated,
            (unsigned long long) s->unconfirmed, (unsigned long long) s->unspecified,
            (unsigned long long) s->over_limit,
            (unsigned long long) s->ill_typed);
}

/* Shared state of a run: counters per worker plus the global mutant ticket. */
typedef struct shared {
  uint64_t ticket;          /* mutants claimed so far (for max_mutants) */
  uint32_t stop;            /* set by the parent when the time is up */
  sg_fuzz_stats w[];        /* per worker */
} shared;

static void
count_runs (sg_fuzz_stats *st, const sg_probe *p)
{
  for (uint32_t i = 0; i < p->runs.n; i++)
    {
      const sg_probe_run *r = &p->runs.a[i];
      if (r->skipped) continue;
      ADD (st->calls, 1);
      switch (r->out.kind)
        {
        case SG_OUT_OK:
          for (uint32_t k = 0; k < r->out.answers.n; k++)
            if (r->out.answers.a[k] == SG_ANS_UNKNOWN) { ADD (st->unknown, 1); goto next; }
          ADD (st->decided, 1);
          break;
        case SG_OUT_TIMEOUT: ADD (st->timeouts, 1); break;
        case SG_OUT_REJECTED: ADD (st->rejected, 1); break;
        default: break;
        }
    next:;
    }
}

/* The stdout of each solver on text, for the finding (at most 4 KiB each). */
static void
capture_outputs (const sg_fuzz_opts *o, const sg_probe *p, const char *text, size_t len,
                 sg_buf *outs, sg_finding_info *fi)
{
  for (uint32_t i = 0; i < p->runs.n && i < 16; i++)
    {
      sg_buf_init (&outs[i]);
      fi->outputs[i] = NULL;
      if (p->runs.a[i].skipped) continue;
      sg_run_opts ro;
      memset (&ro, 0, sizeof ro);
      ro.timeout_ms = o->timeout_ms;
      ro.mem_bytes = o->mem_bytes;
      ro.argv.models = o->models;
      ro.argv.validate = true;
      ro.argv.strings = true;
      ro.out_cap = 4096;
      sg_outcome oc;
      sg_outcome_init (&oc);
      if (sg_run_text_capture (p->runs.a[i].prof, o->pats, &ro, text, len, &oc, &outs[i]) == SG_RC_OK)
        fi->outputs[i] = sg_buf_cstr (&outs[i]);
      sg_outcome_free (&oc);
    }
}

/* What judge_steps remembers of a worker's chain (Janus). */
typedef struct step_track {
  const sg_tech_seed *seed;   /* seed whose own runs are cached in seed_decided */
  uint8_t seed_decided[16];   /* per solver: it decided the seed */
  const sg_tech_seed *last;   /* seed of the last mutant judged (NULL: none) */
  uint32_t iteration, step;   /* its chain and step */
  uint8_t decided[16];        /* per solver: it decided that mutant */
} step_track;

/* A lane judges one mutant at a time with sessions of its own. A worker with several lanes
 * runs each in a thread of its own and keeps generating mutants while they are judged, so a
 * solver stuck until its timeout on one mutant no longer idles the other cores. The worker
 * thread alone generates mutants, sets a lane BUSY and, once the lane is DONE, takes its
 * timeouts back (under the worker's mutex); while BUSY, the lane alone touches its mutant. */
typedef enum lane_state { LANE_IDLE, LANE_BUSY, LANE_DONE } lane_state;

typedef struct lane {
  struct worker *w;
  sg_session **sessions;       /* per solver: the fast path's session, or NULL */
  sg_tech_mutant m;            /* the mutant being judged (the lane's own buffers) */
  const sg_tech_seed *seeds[2];
  uint64_t number;             /* mutant number within the worker */
  uint64_t chain;              /* chain it belongs to */
  uint32_t timeouts;           /* OUT: solver timeouts on it */
  lane_state state;
  bool quit;                   /* the worker is done: end the thread */
  pthread_cond_t cv;           /* the worker gave this lane work (or quit) */
  pthread_t tid;
  bool started;                /* tid is a running thread */
} lane;

typedef struct worker {
  const sg_fuzz_opts *o;
  const sg_tech_seed *seeds;
  uint32_t nseeds;
  uint32_t index;        /* worker number */
  shared *sh;            /* counters */
  double t0;             /* start */
  sg_rng rng;            /* this worker's stream; each chain splits a stream of its own */
  step_track trk;        /* Janus: the previous step's outcomes */
  lane *lanes;           /* nlanes >= 1; threads only when nlanes > 1 */
  uint32_t nlanes;
  pthread_mutex_t mu;    /* lane states */
  pthread_cond_t done;   /* a lane became DONE */
  uint32_t nlanes_alloc; /* lanes allocated (threads to end); nlanes of them are used */
  pthread_mutex_t fmu;   /* the finding hook and status lines of lanes */
  uint64_t chain;        /* the chain being generated */
  uint32_t chain_to;     /* solver timeouts counted so far on its mutants */
} worker;

static bool
out_of_budget (worker *w)
{
  const sg_fuzz_opts *o = w->o;
  if (__atomic_load_n (&w->sh->stop, __ATOMIC_RELAXED)) return true;
  if (o->stop && __atomic_load_n (o->stop, __ATOMIC_RELAXED)) return true;
  if (o->max_seconds > 0 && sg_now () - w->t0 >= o->max_seconds) return true;
  return false;
}

/* Past the time budget (or told to stop by the campaign)? Unlike out_of_budget, the
 * --mutants limit does not count: the mutants already claimed are judged to the end. */
static bool
out_of_time (worker *w)
{
  const sg_fuzz_opts *o = w->o;
  if (o->stop && __atomic_load_n (o->stop, __ATOMIC_RELAXED)) return true;
  return o->max_seconds > 0 && sg_now () - w->t0 >= o->max_seconds;
}

/* The solver timeout for the next stage of a mutant: the run's own, but never past the end
 * of the budget by more than a second (issue 14: budgets are kept within one timeout plus one
 * second; a run cut short is a timeout, never a finding). */
static uint32_t
stage_timeout (worker *w)
{
  const sg_fuzz_opts *o = w->o;
  uint32_t ms = o->timeout_ms;
  if (o->max_seconds > 0)
    {
      double left = o->max_seconds - (sg_now () - w->t0) + 1.0;
      uint32_t lm = left < 0.001 ? 1 : (uint32_t) (left * 1000.0);
      if (!ms || lm < ms) ms = lm;
    }
  return ms;
}

/* Write the confirmed finding of probe p, counted under p's verdict kind. oracle: NULL, or
 * Janus's "implication"/"regression" (the rule and, for implication, the previous step are
 * written too). */
static void
write_finding (worker *w, const sg_tech_mutant *m, const sg_tech_seed *const *seeds, uint64_t number,
               uint64_t chain, const sg_probe *p, const char *oracle)
{
  const sg_fuzz_opts *o = w->o;
  sg_fuzz_stats *st = &w->sh->w[w->index];
  sg_finding_info fi;
  memset (&fi, 0, sizeof fi);
  fi.technique = o->tech->name;
  fi.seeds[0] = seeds[0]->path;
  fi.seeds[1] = o->tech->nseeds > 1 ? seeds[1]->path : NULL;
  fi.rng_seed = o->seed;
  fi.worker = w->index;
  fi.mutant = number;
  fi.chain = chain;
  fi.step = m->step;
  fi.desc = sg_buf_cstr ((sg_buf *) &m->desc);
  fi.expected = m->expected;
  if (oracle)
    {
      fi.oracle = oracle;
      fi.rule = m->rule;
      fi.prev = oracle[0] == 'i' ? m->prev : NULL;
      fi.prev_len = m->prev_len;
    }
  sg_buf outs[16];
  capture_outputs (o, p, m->text.s, m->text.len, outs, &fi);
  char name[256];
  if (sg_finding_write (o->out_dir, m->text.s, m->text.len, p, &fi, name, sizeof name) == SG_RC_OK)
    {
      /* An unspecified verdict is kept (the pair, the campaign's database) but never counted
       * as a bug. */
      bool unspec = p->verdict.kind == SG_VERDICT_UNSPECIFIED;
      if (unspec) ADD (st->unspecified, 1);
      else ADD (st->findings[p->verdict.kind], 1);
      pthread_mutex_lock (&w->fmu);
      if (o->on_finding) o->on_finding (o->finding_ctx, o->out_dir, name, p, &fi);
      if (o->status)
        fprintf (o->status, "%s: %s/%s.smt2: %s\n", unspec ? "unspecified (not a bug)" : "finding",
                 o->out_dir, name, p->verdict.why);
      pthread_mutex_unlock (&w->fmu);
    }
  for (uint32_t i = 0; i < p->runs.n && i < 16; i++) sg_buf_free (&outs[i]);
}

/* ---- the technique's own oracles on consecutive steps (oracle/implication.h) ---- */

/* The adapter from a mutant of a chain to the implication and regression oracles: the
 * previous step's outcomes are kept in the worker's step_track (the seed's, probed once per
 * seed, at step 1); a confirmed verdict is written as a finding with both texts and the rule.
 * Updates the step_track. */
static void
judge_steps (worker *w, const sg_tech_mutant *m, const sg_tech_seed *const *seeds,
             const sg_probe_opts *po0, sg_probe *p, uint64_t number, uint64_t chain)
{
  const sg_fuzz_opts *o = w->o;
  sg_fuzz_stats *st = &w->sh->w[w->index];
  step_track *t = &w->trk;
  uint32_t n = p->runs.n < 16 ? p->runs.n : 16;
  uint8_t prev[16] = { 0 };
  bool have_prev = false;
  if (o->implication && m->prev && m->step == 1)
    {
      if (t->seed != seeds[0])
        {
          sg_probe_opts po;
          sg_implication_probe_opts (po0, &po);
          sg_probe sp;
          sg_probe_init (&sp);
          memset (t->seed_decided, 0, sizeof t->seed_decided);
          if (sg_probe_text (o->solvers, o->pats, m->prev, m->prev_len, &po, &sp))
            {
              count_runs (st, &sp);
              for (uint32_t i = 0; i < sp.runs.n && i < 16; i++) t->seed_decided[i] = sg_probe_run_decided (&sp.runs.a[i]);
            }
          sg_probe_free (&sp);
          t->seed = seeds[0];
        }
      memcpy (prev, t->seed_decided, sizeof prev);
      have_prev = true;
    }
  else if (o->implication && m->prev && t->last == seeds[0] && t->iteration == m->iteration
           && t->step + 1 == m->step)
    {
      memcpy (prev, t->decided, sizeof prev);
      have_prev = true;
    }
  sg_implication im = { o->solvers, o->pats, o->reference, m->expected, m->text.s, m->text.len,
                        m->prev, m->prev_len, have_prev ? prev : NULL, m->step, m->rule };
  uint32_t unconfirmed = 0;
  const char *oracle = sg_implication_judge (&im, po0, p, &unconfirmed);
  ADD (st->unconfirmed, unconfirmed);
  if (oracle) write_finding (w, m, seeds, number, chain, p, oracle);
  t->last = seeds[0];
  t->iteration = m->iteration;
  t->step = m->step;
  for (uint32_t i = 0; i < 16; i++) t->decided[i] = i < n && sg_probe_run_decided (&p->runs.a[i]);
}

/* Does mutant `number` of worker `index` get a sampled model check? A hash of the two, so the
 * choice does not draw from the rng stream the mutants come from. */
static bool
sampled (const sg_fuzz_opts *o, uint32_t index, uint64_t number)
{
  if (!o->models || !o->model_sample) return false;
  uint64_t h = (number + 1) * 0x9e3779b97f4a7c15ull ^ ((uint64_t) index + 1) * 0xbf58476d1ce4e5b9ull;
  h ^= h >> 31;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 29;
  return h % 100 < o->model_sample;
}

/* A probe with models found no fault but a validated model contradicting the mutant's
 * expected status: no finding (the label or construction is wrong, not a solver), one log
 * line. */
static void
note_label (worker *w, const sg_tech_seed *const *seeds, uint64_t number, const sg_probe *p)
{
  if (p->verdict.kind != SG_VERDICT_OK || !p->verdict.why[0] || !w->o->status) return;
  pthread_mutex_lock (&w->fmu);
  fprintf (w->o->status, "note: mutant %llu of worker %u (seed %s): %s\n", (unsigned long long) number,
           w->index, seeds[0]->path, p->verdict.why);
  pthread_mutex_unlock (&w->fmu);
}

/* A mutant being judged: the context of sg_escalate's hooks. */
typedef struct judging {
  worker *w;
  const sg_tech_mutant *m;
  const sg_tech_seed *const *seeds;
  uint64_t number, chain;
} judging;

static uint32_t
hook_stage_ms (void *ctx)
{
  return stage_timeout (((judging *) ctx)->w);
}

static bool
hook_out_of_time (void *ctx)
{
  return out_of_time (((judging *) ctx)->w);
}

static void
hook_count (void *ctx, const sg_probe *p)
{
  judging *j = ctx;
  count_runs (&j->w->sh->w[j->w->index], p);
}

static void
hook_after_fast (void *ctx, const sg_probe_opts *po, sg_probe *p)
{
  judging *j = ctx;
  judge_steps (j->w, j->m, j->seeds, po, p, j->number, j->chain);
}

/* Parse mutant m again: SG_RC_OK with s and sc holding it, else counted (over a limit) or
 * saved as ill-typed (a bug of ours, never run). */
static sg_rc
parse_mutant (worker *w, const sg_tech_mutant *m, uint64_t number, sg_store *s, sg_script *sc)
{
  const sg_fuzz_opts *o = w->o;
  sg_fuzz_stats *st = &w->sh->w[w->index];
  sg_diag d;
  sg_diag_init (&d, "mutant");
  sg_rc prc = sg_parse_string (s, sc, m->text.s ? m->text.s : "", m->text.len, "mutant", &d);
  if (prc == SG_RC_LIMIT)
    /* Past our nesting or size limits (a deep seed grown deeper): discarded, not a bug. */
    ADD (st->over_limit, 1);
  else if (prc)
    {
      /* Our engine produced something our own front end rejects: keep it for us, never run. */
      ADD (st->ill_typed, 1);
      char name[64];
      snprintf (name, sizeof name, "%s/ill-typed-w%u-%06llu.smt2", o->out_dir, w->index,
                (unsigned long long) number);
      FILE *f = fopen (name, "w");
      if (f) { fwrite (m->text.s, 1, m->text.len, f); fprintf (f, "; %s\n", d.msg); fclose (f); }
    }
  return prc;
}

/* Judge one mutant by the escalation rules (oracle/escalate.h) and write a confirmed finding
 * (an `unspecified` verdict too: kept, never counted as a bug). Returns its solver timeouts
 * on the first probe. */
static uint32_t
handle_mutant (worker *w, sg_session **sessions, const sg_tech_mutant *m,
               const sg_tech_seed *const *seeds, uint64_t number, uint64_t chain)
{
  const sg_fuzz_opts *o = w->o;
  sg_fuzz_stats *st = &w->sh->w[w->index];
  sg_store s;
  sg_script sc;
  if (sg_store_init (&s)) return 0;
  sg_script_init (&sc, &s);
  sg_escalate_result res;
  memset (&res, 0, sizeof res);
  if (!parse_mutant (w, m, number, &s, &sc))
    {
      ADD (st->mutants, 1);
      judging j = { w, m, seeds, number, chain };
      sg_escalate_opts eo = { o->solvers, o->referees, o->pats, o->timeout_ms, o->mem_bytes, o->models,
                              sampled (o, w->index, number), o->parallel, o->incompleteness, m->expected,
                              sessions, hook_stage_ms, hook_out_of_time, hook_count,
                              o->implication || o->reference ? hook_after_fast : NULL, &j };
      sg_probe p;
      sg_probe_init (&p);
      bool ran = sg_escalate (&eo, &s, &sc, m->text.s, m->text.len, &p, &res) == SG_RC_OK;
      ADD (st->escalated, res.escalated);
      ADD (st->unconfirmed, res.unconfirmed);
      ADD (st->refereed, res.referee_calls);
      ADD (st->calls, res.referee_calls);
      if (ran && res.all_decided) ADD (st->all_decided, 1);
      if (ran && res.checked) note_label (w, seeds, number, &p);
      if (ran && res.finding) write_finding (w, m, seeds, number, chain, &p, NULL);
      sg_probe_free (&p);
    }
  sg_script_free (&sc);
  sg_store_free (&s);
  return res.timeouts;
}

/* Pick the seeds of the next chain. False when there is nothing (more) to do. */
static bool
pick_seeds (worker *w, void *state, uint64_t chain, const sg_tech_seed **pick)
{
  const sg_fuzz_opts *o = w->o;
  if (o->tech->nseeds == 1)
    {
      /* Worker w takes seeds w, w + jobs, ...; passes repeat while a budget is set. */
      uint64_t per = (w->nseeds + o->jobs - 1 - w->index) / o->jobs;
      if (per == 0) return false;
      uint64_t pass = chain / per;
      bool limited = o->max_mutants || o->max_seconds > 0 || o->max_chains;
      if (!limited && pass >= (o->passes ? o->passes : 1)) return false;
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

/* The fast path's sessions of a lane: one per solver whose profile says a session pays. NULL
 * when sessions are off. */
static sg_session **
open_sessions (const sg_fuzz_opts *o)
{
  if (!o->sessions) return NULL;
  sg_session **ss = calloc (o->solvers->n, sizeof *ss);
  if (!ss) return NULL;
  for (uint32_t i = 0; i < o->solvers->n; i++)
    {
      const sg_profile *prof = &o->solvers->a[i];
      if (!prof->session || !prof->session_pays) continue;
      sg_session *one = calloc (1, sizeof *one);
      sg_session_opts so;
      memset (&so, 0, sizeof so);
      so.argv.validate = true;
      so.argv.strings = true; /* harmless elsewhere, and string mutants need it (cvc5) */
      so.timeout_ms = o->timeout_ms;
      so.mem_bytes = o->mem_bytes;
      if (one && sg_session_open (one, prof, o->pats, &so) == SG_RC_OK)
        ss[i] = one;
      else
        free (one);
    }
  return ss;
}

static void
close_sessions (const sg_fuzz_opts *o, sg_session **ss)
{
  if (!ss) return;
  for (uint32_t i = 0; i < o->solvers->n; i++)
    if (ss[i])
      {
        sg_session_close (ss[i]);
        free (ss[i]);
      }
  free (ss);
}

/* ---- Lanes ---- */

static void *
lane_main (void *arg)
{
  lane *l = arg;
  worker *w = l->w;
  pthread_mutex_lock (&w->mu);
  while (true)
    {
      while (l->state != LANE_BUSY && !l->quit) pthread_cond_wait (&l->cv, &w->mu);
      if (l->state != LANE_BUSY) break;
      pthread_mutex_unlock (&w->mu);
      uint32_t t = handle_mutant (w, l->sessions, &l->m, l->seeds, l->number, l->chain);
      pthread_mutex_lock (&w->mu);
      l->timeouts = t;
      l->state = LANE_DONE;
      pthread_cond_signal (&w->done);
    }
  pthread_mutex_unlock (&w->mu);
  return NULL;
}

/* Take back what DONE lanes found (their timeouts count for the chain being generated if they
 * belong to it). Under w->mu. */
static void
collect (worker *w)
{
  for (uint32_t k = 0; k < w->nlanes; k++)
    {
      lane *l = &w->lanes[k];
      if (l->state != LANE_DONE) continue;
      if (l->chain == w->chain) w->chain_to += l->timeouts;
      l->state = LANE_IDLE;
    }
}

/* An idle lane for the next mutant, waiting for one when all are busy. */
static lane *
acquire (worker *w)
{
  if (w->nlanes == 1) return &w->lanes[0];
  pthread_mutex_lock (&w->mu);
  lane *l = NULL;
  while (true)
    {
      collect (w);
      for (uint32_t k = 0; k < w->nlanes && !l; k++)
        if (w->lanes[k].state == LANE_IDLE) l = &w->lanes[k];
      if (l) break;
      pthread_cond_wait (&w->done, &w->mu);
    }
  pthread_mutex_unlock (&w->mu);
  return l;
}

/* Judge the mutant in l: at once with one lane, else in l's thread. */
static void
dispatch (worker *w, lane *l)
{
  if (w->nlanes == 1)
    {
      w->chain_to += handle_mutant (w, l->sessions, &l->m, l->seeds, l->number, l->chain);
      return;
    }
  pthread_mutex_lock (&w->mu);
  l->state = LANE_BUSY;
  pthread_cond_signal (&l->cv);
  pthread_mutex_unlock (&w->mu);
}

/* Wait until no lane is busy (the mutants in flight are judged). */
static void
drain (worker *w)
{
  if (w->nlanes == 1) return;
  pthread_mutex_lock (&w->mu);
  while (true)
    {
      collect (w);
      bool busy = false;
      for (uint32_t k = 0; k < w->nlanes; k++) busy = busy || w->lanes[k].state == LANE_BUSY;
      if (!busy) break;
      pthread_cond_wait (&w->done, &w->mu);
    }
  pthread_mutex_unlock (&w->mu);
}

/* The worker's lanes: one per o->lanes (one for Janus: its oracles need the previous step's
 * outcome), each with its sessions; threads when there are several. False when out of memory. */
static bool
open_lanes (worker *w)
{
  const sg_fuzz_opts *o = w->o;
  uint32_t n = o->lanes > 1 && !o->implication && !o->reference ? o->lanes : 1;
  if (n > 64) n = 64;
  pthread_mutex_init (&w->mu, NULL);
  pthread_mutex_init (&w->fmu, NULL);
  pthread_cond_init (&w->done, NULL);
  w->lanes = calloc (n, sizeof *w->lanes);
  if (!w->lanes) return false;
  w->nlanes = n;
  for (uint32_t k = 0; k < n; k++)
    {
      lane *l = &w->lanes[k];
      l->w = w;
      l->sessions = open_sessions (o);
      sg_buf_init (&l->m.text);
      sg_buf_init (&l->m.desc);
      pthread_cond_init (&l->cv, NULL);
      if (n > 1 && pthread_create (&l->tid, NULL, lane_main, l) == 0) l->started = true;
    }
  /* A lane whose thread could not start is never used: keep the first ones that did. */
  if (n > 1)
    {
      uint32_t ok = 0;
      while (ok < n && w->lanes[ok].started) ok++;
      if (ok < 2)
        ok = 1;
      w->nlanes = ok;
      pthread_mutex_lock (&w->mu);
      for (uint32_t k = ok; k < n; k++) w->lanes[k].quit = true;
      pthread_mutex_unlock (&w->mu);
      w->nlanes_alloc = n;
    }
  else
    w->nlanes_alloc = 1;
  return true;
}

static void
close_lanes (worker *w)
{
  if (!w->lanes) return;
  drain (w);
  pthread_mutex_lock (&w->mu);
  for (uint32_t k = 0; k < w->nlanes_alloc; k++)
    {
      w->lanes[k].quit = true;
      pthread_cond_signal (&w->lanes[k].cv);
    }
  pthread_mutex_unlock (&w->mu);
  for (uint32_t k = 0; k < w->nlanes_alloc; k++)
    {
      lane *l = &w->lanes[k];
      if (l->started) pthread_join (l->tid, NULL);
      pthread_cond_destroy (&l->cv);
      sg_buf_free (&l->m.text);
      sg_buf_free (&l->m.desc);
      close_sessions (w->o, l->sessions);
    }
  free (w->lanes);
  w->lanes = NULL;
  pthread_cond_destroy (&w->done);
  pthread_mutex_destroy (&w->fmu);
  pthread_mutex_destroy (&w->mu);
}

static void
worker_main (worker *w)
{
  const sg_fuzz_opts *o = w->o;
  sg_fuzz_stats *st = &w->sh->w[w->index];
  void *state = NULL;
  sg_diag d;
  sg_diag_init (&d, o->tech->name);
  if (o->tech->init (&o->cfg, &state, &d)) return;
  if (!open_lanes (w))
    {
      o->tech->free (state);
      return;
    }
  uint64_t number = 0, barren = 0; /* consecutive chains without a mutant */
  bool limited = o->max_mutants || o->max_seconds > 0 || o->max_chains;
  for (uint64_t chain = o->chain0; !out_of_budget (w); chain++)
    {
      if (o->max_chains && chain - o->chain0 >= o->max_chains) break;
      if (barren >= 1000)
        {
          if (o->status)
            fprintf (o->status, "%s: warning: worker %u: 1000 chains in a row gave no mutant (e.g. no "
                     "seed pair shares a sort fusion supports); stopping\n", o->tech->name, w->index);
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
      sg_diag_init (&d, seeds[0]->path);
      if (o->tech->begin (state, seeds, &crng, &d))
        {
          ADD (st->seeds_skipped, 1);
          continue;
        }
      ADD (st->chains, 1);
      pthread_mutex_lock (&w->mu);
      w->chain = chain;
      w->chain_to = 0;
      pthread_mutex_unlock (&w->mu);
      while (!out_of_budget (w))
        {
          lane *l = acquire (w);
          if (o->chain_timeouts && w->chain_to >= o->chain_timeouts)
            {
              ADD (st->chains_left, 1);
              break;
            }
          sg_diag_init (&d, seeds[0]->path);
          sg_rc rc = o->tech->next (state, &crng, &l->m, &d);
          if (rc == SG_RC_EOF || out_of_budget (w)) break; /* a step may be slow (deep seeds) */
          if (rc)
            {
              if (o->status)
                {
                  char msg[700];
                  sg_diag_format (&d, msg, sizeof msg);
                  fprintf (o->status, "%s: warning: %s: %s (chain dropped)\n", o->tech->name, sg_rc_name (rc), msg);
                }
              ADD (st->seeds_skipped, 1);
              break;
            }
          /* A mutant exists: take a ticket against --mutants. */
          if (o->max_mutants && __atomic_fetch_add (&w->sh->ticket, 1, __ATOMIC_RELAXED) >= o->max_mutants)
            {
              __atomic_store_n (&w->sh->stop, 1, __ATOMIC_RELAXED);
              break;
            }
          l->seeds[0] = seeds[0];
          l->seeds[1] = seeds[1];
          l->number = ++number;
          l->chain = chain;
          dispatch (w, l);
        }
      barren = number > before ? 0 : barren + 1;
    }
  close_lanes (w);
  o->tech->free (state);
  /* How the CPU was shared between smtgrind and the solvers (all reaped by now). */
  struct rusage self, kids;
  if (getrusage (RUSAGE_SELF, &self) == 0 && getrusage (RUSAGE_CHILDREN, &kids) == 0)
    {
      ADD (st->self_cpu_us, (uint64_t) (self.ru_utime.tv_sec + self.ru_stime.tv_sec) * 1000000u
                               + (uint64_t) (self.ru_utime.tv_usec + self.ru_stime.tv_usec));
      ADD (st->solver_cpu_us, (uint64_t) (kids.ru_utime.tv_sec + kids.ru_stime.tv_sec) * 1000000u
                                 + (uint64_t) (kids.ru_utime.tv_usec + kids.ru_stime.tv_usec));
    }
}

static void
sum (const shared *sh, uint32_t jobs, sg_fuzz_stats *out)
{
  memset (out, 0, sizeof *out);
  for (uint32_t i = 0; i < jobs; i++)
    {
      const sg_fuzz_stats *s = &sh->w[i];
      const uint64_t *a = (const uint64_t *) s;
      uint64_t *b = (uint64_t *) out;
      for (size_t k = 0; k < sizeof *s / sizeof (uint64_t); k++)
        b[k] += __atomic_load_n (&a[k], __ATOMIC_RELAXED);
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
  char line[512];
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
  sg_run_tmpdir_sweep (); /* the directories of workers that were killed */
  if (o->status)
    {
      sg_fuzz_status_line (stats, sg_now () - t0, line, sizeof line);
      fprintf (o->status, "%s\n", line);
      uint64_t all = stats->self_cpu_us + stats->solver_cpu_us;
      fprintf (o->status, "CPU: smtgrind %.2fs, solvers %.2fs: smtgrind's share %.1f%%\n",
               (double) stats->self_cpu_us / 1e6, (double) stats->solver_cpu_us / 1e6,
               all ? 100.0 * (double) stats->self_cpu_us / (double) all : 0.0);
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
