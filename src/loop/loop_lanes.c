/* loop_lanes: the lanes of a worker — each judges one mutant at a time with sessions
 * of its own, in a thread when there are several, while the worker generates the next ones. */
#define _GNU_SOURCE
#include "loop/loop_int.h"

#include <assert.h>
#include <errno.h>
#include <mpfr.h>
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

/* The fast path's sessions of a lane: one per solver whose profile says a session pays. NULL
 * when sessions are off. */
static sg_session **
open_sessions (const sg_fuzz_opts *o, const sg_solver_list *solvers)
{
  if (!o->sessions) return NULL;
  sg_session **ss = calloc (solvers->n, sizeof *ss);
  if (!ss) return NULL;
  for (uint32_t i = 0; i < solvers->n; i++)
    {
      const sg_profile *prof = &solvers->a[i];
      if (!prof->session || !prof->session_pays) continue;
      sg_session *one = calloc (1, sizeof *one);
      sg_session_opts so;
      memset (&so, 0, sizeof so);
      /* plain: the runs that decide have no validation flags (oracle/probe.h) */
      so.argv.strings = true; /* harmless elsewhere, and string mutants need it (cvc5) */
      so.argv.fp = true;      /* the same for FP formats beyond Float32/Float64 (cvc5 --fp-exp) */
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
      uint32_t t = sg_loop_handle_mutant (w, l->sessions, &l->m, l->seeds, l->number, l->chain);
      pthread_mutex_lock (&w->mu);
      assert (l->state == LANE_BUSY); /* while BUSY only this thread touches the lane */
      l->timeouts = t;
      l->state = LANE_DONE;
      pthread_cond_signal (&w->done);
    }
  pthread_mutex_unlock (&w->mu);
  mpfr_free_cache2 (MPFR_FREE_LOCAL_CACHE); /* the constants sin/cos/exp cached in this thread */
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
lane *
sg_loop_acquire (worker *w)
{
  assert (w->lanes && w->nlanes >= 1 && w->nlanes <= w->nlanes_alloc);
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
  assert (l >= w->lanes && l < w->lanes + w->nlanes && l->state == LANE_IDLE);
  pthread_mutex_unlock (&w->mu);
  return l;
}

/* Judge the mutant in l: at once with one lane, else in l's thread. */
void
sg_loop_dispatch (worker *w, lane *l)
{
  assert (l >= w->lanes && l < w->lanes + w->nlanes); /* one of the worker's own lanes */
  if (w->nlanes == 1)
    {
      w->chain_to += sg_loop_handle_mutant (w, l->sessions, &l->m, l->seeds, l->number, l->chain);
      return;
    }
  pthread_mutex_lock (&w->mu);
  assert (l->state == LANE_IDLE); /* acquired, not yet dispatched */
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
bool
sg_loop_open_lanes (worker *w)
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
      l->sessions = open_sessions (o, w->solvers);
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

void
sg_loop_sessions_close (worker *w)
{
  drain (w); /* first: a busy lane uses its sessions and w->solvers */
  for (uint32_t k = 0; k < w->nlanes; k++)
    {
      close_sessions (w->o, w->lanes[k].sessions);
      w->lanes[k].sessions = NULL;
    }
}

void
sg_loop_sessions_open (worker *w)
{
  for (uint32_t k = 0; k < w->nlanes; k++)
    if (!w->lanes[k].sessions) w->lanes[k].sessions = open_sessions (w->o, w->solvers);
}

void
sg_loop_close_lanes (worker *w)
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
