/* loop_judge: one mutant judged — parsed again by our front end (ill-typed ones saved,
 * never run), the escalation rules of oracle/escalate.h with the worker's counters and the
 * budget as hooks, the technique's step oracles (oracle/implication.h) through judge_steps,
 * and a confirmed finding written with the solvers' outputs. */
#define _GNU_SOURCE
#include "loop/loop_int.h"

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

#include "base/clock.h"
#include "base/file.h"
#include "base/hash.h"
#include "loop/findings.h"
#include "front/parse.h"
#include "oracle/core.h"
#include "oracle/escalate.h"
#include "oracle/implication.h"
#include "oracle/incr.h"
#include "run/run.h"
#include "run/spawn.h"

/* A solver run that could not start: nothing it was to judge can be judged from here on (its
 * binary is gone, our private directory was removed under us, a limit it cannot be given). Said
 * once per run; every worker stops (and the campaign: o->stop), and the engine's exit says so. */
static void
exec_failed (worker *w, const char *why)
{
  const sg_fuzz_opts *o = w->o;
  ADD (w->sh->w[w->index].exec_failed, 1);
  __atomic_store_n (&w->sh->stop, 1, __ATOMIC_RELAXED);
  if (o->stop) __atomic_store_n (o->stop, 1, __ATOMIC_RELAXED);
  if (__atomic_fetch_add (&w->sh->exec_said, 1, __ATOMIC_RELAXED) || !o->status) return;
  pthread_mutex_lock (&w->fmu);
  fprintf (o->status, "%s: error: worker %u: %s: stopping; the mutant it was to judge and those "
           "after it are not judged\n", o->tech->name, w->index, why);
  pthread_mutex_unlock (&w->fmu);
}

/* The worker's count of runs that could not start (exec_failed): a mutant whose judging
 * raised it was not judged (no finding, no times line). */
static uint64_t
failed_now (const worker *w)
{
  return __atomic_load_n (&w->sh->w[w->index].exec_failed, __ATOMIC_RELAXED);
}

static void
count_runs (worker *w, const sg_probe *p)
{
  sg_fuzz_stats *st = &w->sh->w[w->index];
  for (uint32_t i = 0; i < p->runs.n; i++)
    {
      const sg_probe_run *r = &p->runs.a[i];
      if (r->skipped) continue;
      ADD (st->calls, 1 + (r->val.ran && !r->val.model_run)); /* a validating run of its own */
      switch (r->out.kind)
        {
        case SG_OUT_OK:
          for (uint32_t k = 0; k < r->out.answers.n; k++)
            if (r->out.answers.a[k] == SG_ANS_UNKNOWN) { ADD (st->unknown, 1); goto next; }
          ADD (st->decided, 1);
          break;
        case SG_OUT_TIMEOUT: ADD (st->timeouts, 1); break;
        case SG_OUT_REJECTED: ADD (st->rejected, 1); break;
        case SG_OUT_MEMOUT: ADD (st->memouts, 1); break;
        default: break;
        }
    next:;
      char why[256];
      if (sg_probe_run_unstarted (r, why, sizeof why)) exec_failed (w, why);
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
      /* the command the finding's JSON names for this run (the flags of the run judged) */
      ro.argv = p->runs.a[i].argv;
      ro.out_cap = 4096;
      sg_outcome oc;
      sg_outcome_init (&oc);
      if (sg_run_text_capture (p->runs.a[i].prof, o->pats, &ro, text, len, &oc, &outs[i]) == SG_RC_OK)
        fi->outputs[i] = sg_buf_cstr (&outs[i]);
      sg_outcome_free (&oc);
    }
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

/* Keep a text we wrote but do not report (an ill-typed mutant, an imprecise core) as
 * dir/NAME.smt2, the message as a last comment line; NAME is base, or base-N when an earlier run
 * into dir left one (findings.h). Best effort: a failure loses only this note. */
static void
keep_text (worker *w, const char *base, const char *text, size_t len, const char *msg,
           char *name, size_t namesize)
{
  const char *dir = w->o->out_dir;
  sg_buf b;
  sg_buf_init (&b);
  if (text) sg_buf_add (&b, text, len);
  sg_buf_printf (&b, "; %s\n", msg);
  errno = 0;
  if (!sg_buf_ok (&b) || sg_finding_write_new (dir, base, ".smt2", b.s, b.len, NULL, name, namesize))
    {
      int e = errno;
      snprintf (name, namesize, "%s", base);
      ADD (w->sh->w[w->index].lost, 1);
      pthread_mutex_lock (&w->fmu);
      fprintf (stderr, "%s: error: cannot write %s/%s.smt2: %s\n", w->o->tech->name, dir, base,
               e ? strerror (e) : "failed");
      pthread_mutex_unlock (&w->fmu);
    }
  sg_buf_free (&b);
}

/* Write the confirmed finding of probe p on text (the mutant's, or the core query), counted
 * under p's verdict kind. oracle: NULL, Janus's "implication"/"regression" (the rule and, for
 * implication, the previous step are written too), "core" (oracle/core.h) or "model-run"
 * (judge_model_crash). */
static void
write_finding_text (worker *w, const sg_tech_mutant *m, const sg_tech_seed *const *seeds,
                    uint64_t number, uint64_t chain, const sg_probe *p, const char *oracle,
                    const char *text, size_t len)
{
  const sg_fuzz_opts *o = w->o;
  sg_fuzz_stats *st = &w->sh->w[w->index];
  sg_finding_info fi;
  memset (&fi, 0, sizeof fi);
  fi.technique = o->tech->name;
  fi.seeds[0] = seeds[0]->path;
  fi.seeds[1] = o->tech->nseeds > 1 ? seeds[1]->path : NULL;
  fi.rng_seed = o->seed;
  fi.worker = o->sched.worker * o->jobs + w->index; /* in a campaign, its worker (findings/wWW-...) */
  fi.mutant = number;
  fi.chain = chain;
  fi.step = m->step;
  fi.desc = sg_buf_cstr ((sg_buf *) &m->desc);
  fi.expected = m->expected;
  if (oracle)
    {
      fi.oracle = oracle;
      fi.rule = oracle[0] == 'i' || oracle[0] == 'r' ? m->rule : NULL;
      fi.prev = oracle[0] == 'i' ? m->prev : NULL;
      fi.prev_len = m->prev_len;
    }
  sg_buf outs[16];
  capture_outputs (o, p, text, len, outs, &fi);
  char name[256];
  name[0] = 0;
  errno = 0;
  if (sg_finding_write (o->out_dir, text, len, p, &fi, name, sizeof name) == SG_RC_OK)
    {
      /* An unspecified verdict is kept (the pair, the campaign's database) but never counted
       * as a bug. */
      bool unspec = p->verdict.kind == SG_VERDICT_UNSPECIFIED;
      bool note = p->verdict.kind == SG_VERDICT_VALIDATION;
      if (unspec) ADD (st->unspecified, 1);
      else if (note) ADD (st->notes, 1);
      else if ((int) p->verdict.kind < (int) SG_FUZZ_KINDS) ADD (st->findings[p->verdict.kind], 1);
      pthread_mutex_lock (&w->fmu);
      if (o->on_finding) o->on_finding (o->finding_ctx, o->out_dir, name, p, &fi);
      if (o->status)
        fprintf (o->status, "%s: %s/%s.smt2: %s\n",
                 unspec ? "unspecified (not a bug)" : note ? "validation note (not a bug)" : "finding",
                 o->out_dir, name, p->verdict.why);
      pthread_mutex_unlock (&w->fmu);
    }
  else
    {
      /* Never silent: the verdict is said here, and the run's exit code says it was lost. */
      int e = errno;
      ADD (st->lost, 1);
      pthread_mutex_lock (&w->fmu);
      fprintf (stderr, "%s: error: cannot write a finding to %s (%s)%s%s%s: %s: %s\n", o->tech->name,
               o->out_dir, e ? strerror (e) : "failed", name[0] ? "; its trigger " : "", name,
               name[0] ? ".smt2 is kept without its .json" : "", fi.desc ? fi.desc : "", p->verdict.why);
      pthread_mutex_unlock (&w->fmu);
    }
  for (uint32_t i = 0; i < p->runs.n && i < 16; i++) sg_buf_free (&outs[i]);
}

static void
write_finding (worker *w, const sg_tech_mutant *m, const sg_tech_seed *const *seeds, uint64_t number,
               uint64_t chain, const sg_probe *p, const char *oracle)
{
  write_finding_text (w, m, seeds, number, chain, p, oracle, m->text.s, m->text.len);
}

/* ---- a crash on the model run ---- */

/* A solver of probe p answered the mutant and then crashed on the model run (the script to
 * its check-sat, then (get-model): sg_probe_model_text), and the probes found nothing else to
 * report. That text is probed once more in fresh processes with the plain commands
 * (sg_probe_model_crash); a solver crashing on it again is a crash finding whose trigger is
 * that text (oracle "model-run": it reduces as any crash), else the verdict is unconfirmed. */
static void
judge_model_crash (worker *w, const sg_tech_mutant *m, const sg_tech_seed *const *seeds, uint64_t number,
                   uint64_t chain, const sg_store *s, const sg_script *sc, const sg_probe *p)
{
  const sg_fuzz_opts *o = w->o;
  sg_fuzz_stats *st = &w->sh->w[w->index];
  if (out_of_time (w)) return;
  sg_buf t;
  sg_buf_init (&t);
  sg_probe again;
  sg_probe_init (&again);
  sg_probe_opts po;
  memset (&po, 0, sizeof po);
  po.timeout_ms = stage_timeout (w);
  po.mem_bytes = o->mem_bytes;
  po.parallel = o->parallel;
  uint64_t failed0 = failed_now (w);
  bool crashed = sg_probe_model_crash (w->solvers, o->pats, s, sc, &po, p, &t, &again);
  count_runs (w, &again);
  if (again.unstarted[0] && failed_now (w) == failed0) exec_failed (w, again.unstarted);
  if (crashed && failed_now (w) == failed0)
    write_finding_text (w, m, seeds, number, chain, &again, "model-run", t.s, t.len);
  else
    ADD (st->unconfirmed, 1);
  ADD (st->escalated, 1);
  sg_probe_free (&again);
  sg_buf_free (&t);
}

/* ---- validation notes (issue 50) ---- */

/* A run of p whose validating run differed from its plain run (a crash in one, an answer in
 * the other, other answers: sg_probe_val_differs): its validating run once more in a fresh
 * process, and when it differs again a `validation` finding of its own (a note, never a bug;
 * the plain run's finding, if any, is the bug). */
static void
judge_notes (worker *w, const sg_tech_mutant *m, const sg_tech_seed *const *seeds, uint64_t number,
             uint64_t chain, const sg_store *s, const sg_script *sc, const sg_probe *p)
{
  const sg_fuzz_opts *o = w->o;
  sg_fuzz_stats *st = &w->sh->w[w->index];
  for (uint32_t i = 0; i < p->runs.n; i++)
    {
      if (!sg_probe_val_differs (&p->runs.a[i]) || out_of_time (w)) continue;
      sg_probe_opts po;
      memset (&po, 0, sizeof po);
      po.timeout_ms = stage_timeout (w);
      po.mem_bytes = o->mem_bytes;
      sg_buf t;
      sg_buf_init (&t);
      sg_probe note;
      sg_probe_init (&note);
      uint32_t calls = 0;
      if (sg_probe_val_note (o->pats, s, sc, m->text.s, m->text.len, &po, p, i, &t, &note, &calls))
        write_finding_text (w, m, seeds, number, chain, &note, "validation", t.s, t.len);
      else
        ADD (st->unconfirmed, 1);
      ADD (st->calls, calls);
      sg_probe_free (&note);
      sg_buf_free (&t);
    }
}

/* Each line of text as a comment line ("; LINE") at the end of t. */
static void
add_comments (sg_buf *t, const char *text)
{
  for (const char *q = text; *q;)
    {
      const char *nl = strchr (q, '\n');
      size_t n = nl ? (size_t) (nl - q) : strlen (q);
      sg_buf_adds (t, "; ");
      sg_buf_add (t, q, n);
      sg_buf_addc (t, '\n');
      q += n + (nl != NULL);
    }
}

/* A soundness finding the totalised formula decided (oracle/total.h): the trigger is the
 * mutant, then the why line and the totalised formula as comments (oracle "totalised"). */
static void
write_totalised (worker *w, const sg_tech_mutant *m, const sg_tech_seed *const *seeds, uint64_t number,
                 uint64_t chain, const sg_probe *p, sg_buf *total)
{
  sg_buf t;
  sg_buf_init (&t);
  sg_buf_add (&t, m->text.s, m->text.len);
  if (t.len && t.s[t.len - 1] != '\n') sg_buf_addc (&t, '\n');
  sg_buf_printf (&t, "; %s\n; the totalised formula:\n", p->verdict.why);
  add_comments (&t, sg_buf_cstr (total));
  if (sg_buf_ok (&t)) write_finding_text (w, m, seeds, number, chain, p, "totalised", t.s, t.len);
  sg_buf_free (&t);
}

/* ---- the unsat-core oracle (oracle/core.h) on scripts that carry their known core ---- */

/* Judge the cores of the solvers that answered the unsat mutant m unsat (probe p): a confirmed
 * bad core is a soundness finding of the solver that returned it (the trigger: the core query,
 * then the core alone as comments), an imprecise one is written apart as
 * imprecise-core-wW-NNNNNN.smt2 and logged, never counted as a bug. */
static void
judge_core (worker *w, const sg_tech_mutant *m, const sg_tech_seed *const *seeds, uint64_t number,
            uint64_t chain, sg_store *s, const sg_script *sc, sg_probe *p)
{
  const sg_fuzz_opts *o = w->o;
  sg_fuzz_stats *st = &w->sh->w[w->index];
  sg_core_opts co = { w->solvers, o->pats, o->timeout_ms, o->mem_bytes };
  sg_core_result r;
  sg_core_result_init (&r);
  if (sg_core_judge (&co, s, sc, m->text.s, m->text.len, p, &r) == SG_RC_OK)
    {
      if (r.unstarted[0]) exec_failed (w, r.unstarted); /* its BAD or ANSWER is unconfirmed */
      ADD (st->calls, r.asked);
      ADD (st->cores, r.read);
      ADD (st->imprecise, r.imprecise);
      ADD (st->unconfirmed, r.unconfirmed);
      if (r.kind == SG_CORE_BAD)
        {
          /* The trigger is the core query; the core alone follows as comments. */
          sg_buf t;
          sg_buf_init (&t);
          sg_buf_add (&t, r.query.s, r.query.len);
          sg_buf_printf (&t, "; %s\n; the core alone:\n", r.why);
          add_comments (&t, sg_buf_cstr (&r.subset));
          p->verdict.kind = SG_VERDICT_SOUNDNESS;
          sg_verdict_blame (&p->verdict, r.culprit);
          p->runs.a[r.culprit].argv.core = true; /* its command asks for the minimised core */
          p->verdict.query = 0;
          snprintf (p->verdict.why, sizeof p->verdict.why, "%s", r.why);
          /* The bucket key of a bad core differs from a wrong answer's. */
          snprintf (p->runs.a[r.culprit].out.signature, sizeof p->runs.a[r.culprit].out.signature,
                    "unsat core missing a needed conjunct");
          if (sg_buf_ok (&t)) write_finding_text (w, m, seeds, number, chain, p, "core", t.s, t.len);
          sg_buf_free (&t);
        }
      else if (r.kind == SG_CORE_ANSWER)
        {
          /* A wrong answer to the core query: a plain soundness finding on it (reducible). */
          r.sub.verdict.why[0] = 0;
          snprintf (r.sub.verdict.why, sizeof r.sub.verdict.why, "%s", r.why);
          write_finding_text (w, m, seeds, number, chain, &r.sub, NULL, r.query.s, r.query.len);
        }
      else if (r.kind == SG_CORE_IMPRECISE)
        {
          char base[128], name[256];
          snprintf (base, sizeof base, "imprecise-core-w%u-%06llu", w->index, (unsigned long long) number);
          keep_text (w, base, r.query.s, r.query.len, r.why, name, sizeof name);
          if (o->status)
            {
              pthread_mutex_lock (&w->fmu);
              fprintf (o->status, "imprecise core (not a bug): %s/%s.smt2: %s\n", o->out_dir, name, r.why);
              pthread_mutex_unlock (&w->fmu);
            }
        }
    }
  sg_core_result_free (&r);
}

/* ---- the incremental oracles (oracle/incr.h) on incremental mutants ---- */

/* Judge the incremental mutant m (probe p found nothing): each query's answers against its
 * scope asked alone, then the models, values, cores and assumptions after the answers. A
 * confirmed finding is written with the text that shows it as its trigger (the mutant, or the
 * question asked after its query) and what is satisfiable (or the scope) as comments; its
 * bucket key names the query kind (the culprit's signature). */
static void
judge_incr (worker *w, const sg_tech_mutant *m, const sg_tech_seed *const *seeds, uint64_t number,
            uint64_t chain, sg_store *s, const sg_script *sc, sg_probe *p)
{
  const sg_fuzz_opts *o = w->o;
  sg_fuzz_stats *st = &w->sh->w[w->index];
  sg_probe_opts po;
  memset (&po, 0, sizeof po);
  po.timeout_ms = o->timeout_ms;
  po.mem_bytes = o->mem_bytes;
  /* every run of the oracles ends within the budget (plus a second) */
  if (o->max_seconds > 0) po.deadline = sg_spawn_now () + stage_timeout (w) / 1000.0;
  sg_incr_opts io = { .solvers = w->solvers, .pats = o->pats, .po = &po, .expect = m->queries,
                      .nexpect = m->nqueries };
  sg_incr_result r;
  sg_incr_result_init (&r);
  sg_rc rc = sg_script_incremental (sc) ? sg_incr_judge (&io, s, sc, m->text.s, m->text.len, p, &r) : SG_RC_USAGE;
  if ((rc == SG_RC_OK || rc == SG_RC_USAGE) && r.kind == SG_VERDICT_OK && !r.unstarted[0])
    rc = sg_incr_get_judge (&io, s, sc, p, &r);
  ADD (st->calls, r.calls);
  ADD (st->unconfirmed, r.unconfirmed);
  uint32_t nq = sg_incr_queries (sc);
  ADD (st->queries, nq);
  ADD (st->queries_decided, sg_incr_decided (p, nq));
  ADD (st->queries_scoped, r.judged);
  if (r.unstarted[0]) exec_failed (w, r.unstarted);
  else if (rc == SG_RC_OK && sg_verdict_is_bug (r.kind) && r.culprit < p->runs.n)
    {
      sg_probe_run *pr = &p->runs.a[r.culprit];
      sg_buf t;
      sg_buf_init (&t);
      const sg_buf *trigger = r.question.len ? &r.question : &m->text;
      sg_buf_add (&t, trigger->s, trigger->len);
      sg_buf_printf (&t, "; %s\n", r.why);
      if (r.scope.len) sg_buf_adds (&t, r.question.len ? "; what is satisfiable:\n" : "; the scope asked alone:\n");
      add_comments (&t, sg_buf_cstr (&r.scope));
      p->verdict.kind = r.kind;
      sg_verdict_blame (&p->verdict, r.culprit);
      p->verdict.culprits |= r.culprits;
      p->verdict.query = r.query;
      snprintf (p->verdict.why, sizeof p->verdict.why, "%s", r.why);
      /* the culprit's command asks what the question needs */
      pr->argv.core |= strstr (r.what, "unsat") != NULL;
      pr->argv.models |= !strcmp (r.what, "model") || !strcmp (r.what, "get-value");
      snprintf (pr->out.signature, sizeof pr->out.signature, "incremental: %s", r.what);
      if (sg_buf_ok (&t)) write_finding_text (w, m, seeds, number, chain, p, "incremental", t.s, t.len);
      sg_buf_free (&t);
    }
  sg_incr_result_free (&r);
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
          if (sg_probe_text (w->solvers, o->pats, m->prev, m->prev_len, &po, &sp))
            {
              count_runs (w, &sp);
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
  sg_implication im = { w->solvers, o->pats, o->reference, m->expected, m->text.s, m->text.len,
                        m->prev, m->prev_len, have_prev ? prev : NULL, m->step, m->rule };
  uint32_t unconfirmed = 0;
  const char *oracle = sg_implication_judge (&im, po0, p, &unconfirmed);
  ADD (st->unconfirmed, unconfirmed);
  if (oracle) write_finding (w, m, seeds, number, chain, p, oracle);
  if (!o->implication) return; /* regression alone keeps no step (lanes judge side by side) */
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
  uint64_t h = (number + 1) * SG_HASH64_GOLDEN ^ ((uint64_t) index + 1) * SG_HASH64_SM_M1;
  return sg_hash64_xmx (h, 31, SG_HASH64_SM_M2, 29) % 100 < o->model_sample;
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

/* ET's measure: each run's time and answer into OUT/times-wW.tsv, and the solved counts. The
 * probe is the fast path's when it found nothing, else the confirmed full probe's. */
/* The times file cannot be opened or written: said once per worker (under fmu); note_times
 * counts every line from then on as lost. */
static void
times_error (worker *w, const char *path, int e)
{
  if (!w->times_failed)
    fprintf (stderr, "%s: error: cannot write %s: %s (the run's times from here on are lost)\n",
             w->o->tech->name, path, e ? strerror (e) : "failed");
  w->times_failed = true;
}

static void
note_times (worker *w, const sg_tech_mutant *m, uint64_t number, const sg_probe *p)
{
  sg_fuzz_stats *st = &w->sh->w[w->index];
  /* A solver that could not start judged nothing: no line (bench/enum_ranges.sh reads the
   * lines as the indices judged), no count (exec_failed stops the run) */
  char why[256];
  for (uint32_t k = 0; k < p->runs.n; k++)
    if (sg_probe_run_unstarted (&p->runs.a[k], why, sizeof why)) return;
  pthread_mutex_lock (&w->fmu);
  char name[4096];
  snprintf (name, sizeof name, "%s/times-w%u.tsv", w->o->out_dir, w->o->sched.worker * w->o->jobs + w->index);
  if (!w->times && !w->times_failed)
    {
      w->times = fopen (name, "a");
      /* A line per write: a run killed with -9 leaves whole lines (no record torn in two). */
      if (w->times) setvbuf (w->times, NULL, _IOLBF, 0);
      else times_error (w, name, errno);
    }
  for (uint32_t k = 0; k < p->runs.n; k++)
    {
      const sg_probe_run *r = &p->runs.a[k];
      if (r->skipped || r->witness) continue; /* a witness is no solver of the list */
      bool decided = sg_probe_run_decided (r);
      if (k < SG_FUZZ_PERF_SOLVERS)
        {
          ADD (st->perf_runs[k], 1);
          for (int t = 0; t < SG_FUZZ_PERF_T; t++)
            if (decided && r->out.wall_s <= (double) (1u << t) / 64.0) ADD (st->perf_solved[k][t], 1);
        }
      if (w->times)
        {
          if (fprintf (w->times, "%llu\t%.*s\t%s\t%s\t%s\t%.6f\n", (unsigned long long) number,
                       (int) m->desc.len, m->desc.s ? m->desc.s : "", r->prof->name,
                       sg_outcome_kind_name (r->out.kind),
                       r->out.answers.n ? sg_answer_name ((sg_answer) r->out.answers.a[0]) : "-",
                       r->out.wall_s) < 0
              || fflush (w->times) != 0)
            {
              times_error (w, name, errno);
              ADD (st->lost, 1); /* this line; the later ones are counted below */
              fclose (w->times);
              w->times = NULL;
            }
        }
      else if (w->times_failed)
        ADD (st->lost, 1);
    }
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
  count_runs (j->w, p);
}

static void
hook_after_fast (void *ctx, const sg_probe_opts *po, sg_probe *p)
{
  judging *j = ctx;
  judge_steps (j->w, j->m, j->seeds, po, p, j->number, j->chain);
}

/* The byte offset of line:col in text (SIZE_MAX: no position, or past the text). */
static size_t
offset_of (const char *text, size_t len, uint32_t line, uint32_t col)
{
  if (!text || !line || !col) return SIZE_MAX;
  size_t at = 0;
  for (uint32_t l = 1; l < line && at < len; at++)
    if (text[at] == '\n') l++;
  return at + col - 1 < len ? at + col - 1 : SIZE_MAX;
}

/* Mutant m, kept as dir/name.smt2, did not type-check (d says why): remember the worker's
 * first, and apply the stop rule (loop.h: SG_FUZZ_ILL_MAX, SG_FUZZ_ILL_SHARE): the run stops
 * (every worker of it, not a campaign: o->stop is left alone) and the worker says why. */
static void
note_ill_typed (worker *w, const sg_tech_mutant *m, const char *name, const sg_diag *d)
{
  const sg_fuzz_stats *st = &w->sh->w[w->index];
  uint64_t ill = __atomic_load_n (&st->ill_typed, __ATOMIC_RELAXED);
  uint64_t made = ill + __atomic_load_n (&st->mutants, __ATOMIC_RELAXED);
  pthread_mutex_lock (&w->mu);
  if (!w->ill_file[0])
    {
      if ((size_t) snprintf (w->ill_file, sizeof w->ill_file, "%s/%s.smt2", w->o->out_dir, name) >= sizeof w->ill_file)
        snprintf (w->ill_file, sizeof w->ill_file, "%.200s.smt2", name); /* a long --out: the name alone */
      if (d->line)
        snprintf (w->ill_why, sizeof w->ill_why, "line %u, column %u: %s", d->line, d->col, d->msg);
      else
        snprintf (w->ill_why, sizeof w->ill_why, "%s", d->msg);
      snprintf (w->ill_desc, sizeof w->ill_desc, "%.*s", (int) (m->desc.len < 255 ? m->desc.len : 255),
                m->desc.s ? m->desc.s : "");
      w->ill_offset = offset_of (m->text.s, m->text.len, d->line, d->col);
    }
  if (ill > SG_FUZZ_ILL_MAX && ill * SG_FUZZ_ILL_SHARE > made && !w->ill_stop)
    {
      w->ill_stop = true;
      __atomic_store_n (&w->sh->stop, 1, __ATOMIC_RELAXED);
    }
  pthread_mutex_unlock (&w->mu);
}

/* Parse mutant m again: SG_RC_OK with s and sc holding it, else counted (over a limit) or
 * saved as ill-typed (a bug of ours, never run). */
static sg_rc
parse_mutant (worker *w, const sg_tech_mutant *m, uint64_t number, sg_store *s, sg_script *sc)
{
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
      char base[128], name[256];
      snprintf (base, sizeof base, "ill-typed-w%u-%06llu", w->index, (unsigned long long) number);
      char msg[sizeof d.msg + 256];
      snprintf (msg, sizeof msg, "%.*s: %s", (int) (m->desc.len < 200 ? m->desc.len : 200),
                m->desc.s ? m->desc.s : "", d.msg);
      keep_text (w, base, m->text.s, m->text.len, msg, name, sizeof name);
      note_ill_typed (w, m, name, &d);
    }
  return prc;
}

/* Judge one mutant by the escalation rules (oracle/escalate.h) and write a confirmed finding
 * (an `unspecified` verdict too: kept, never counted as a bug). Returns its solver timeouts
 * on the first probe. */
uint32_t
sg_loop_handle_mutant (worker *w, sg_session **sessions, const sg_tech_mutant *m,
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
      sg_escalate_opts eo = { w->solvers, o->referees, o->pats, o->timeout_ms, o->mem_bytes, o->models,
                              sampled (o, w->index, number), o->parallel, o->incompleteness, m->expected,
                              sessions, hook_stage_ms, hook_out_of_time, hook_count,
                              o->implication || o->reference ? hook_after_fast : NULL, &j,
                              sg_loop_adapt_ms (o, seeds, o->tech->nseeds ? o->tech->nseeds : 1), 0, NULL };
      pthread_mutex_lock (&w->mu);
      eo.known_hang = w->hang_chain == chain ? w->hang_mask : 0;
      pthread_mutex_unlock (&w->mu);
      sg_buf total; /* the totalised text, when it decided the verdict (oracle/total.h) */
      sg_buf_init (&total);
      eo.total = &total;
      sg_probe p;
      sg_probe_init (&p);
      /* A stage that could not start (a model run, a fresh confirmation: counted by hook_count
       * and the later judges) left the mutant unjudged: no times line for it (see note_times) */
      uint64_t failed0 = failed_now (w);
      bool ran = sg_escalate (&eo, &s, &sc, m->text.s, m->text.len, &p, &res) == SG_RC_OK;
      /* a referee, or a run of the confirmation, that could not start (its first runs and
       * model runs were counted as they came) */
      if (ran && p.unstarted[0] && failed_now (w) == failed0) exec_failed (w, p.unstarted);
      if (ran && res.finding && failed_now (w) != failed0)
        {
          res.finding = false; /* never a finding where a run of its judging did not start */
          res.unconfirmed++;
        }
      if (ran && res.hang)
        {
          pthread_mutex_lock (&w->mu);
          if (w->hang_chain != chain) w->hang_chain = chain, w->hang_mask = 0;
          w->hang_mask |= res.hang;
          pthread_mutex_unlock (&w->mu);
        }
      ADD (st->escalated, res.escalated);
      ADD (st->unconfirmed, res.unconfirmed);
      ADD (st->refereed, res.referee_calls);
      ADD (st->cut, res.cut);
      ADD (st->rerun, res.rerun);
      ADD (st->calls, res.referee_calls);
      ADD (st->calls, res.total_calls);
      if (ran && res.all_decided) ADD (st->all_decided, 1);
      if (ran && res.checked) note_label (w, seeds, number, &p);
      bool clean = failed_now (w) == failed0;
      uint32_t mc = ran && clean && !res.finding ? sg_probe_model_crashed (&p) : SG_NONE;
      sg_profile wprof;
      memset (&wprof, 0, sizeof wprof);
      bool wit = false;
      if (ran && res.finding && m->expected != SG_ANS_NONE)
        {
          /* issue 49: a wrong answer under drawn options that only the expected status
           * contradicts needs a witness without them (loop_witness.c) */
          uint32_t wcalls = 0, before = p.runs.n;
          if (!sg_loop_witness (o, w->solvers, &s, &sc, m->text.s, m->text.len, m->expected, stage_timeout (w),
                                &p, &wprof, &wcalls))
            {
              res.finding = false;
              ADD (st->unconfirmed, 1);
            }
          wit = p.runs.n > before;
          ADD (st->calls, wcalls);
        }
      if (ran && res.finding && total.len) write_totalised (w, m, seeds, number, chain, &p, &total);
      else if (ran && res.finding) write_finding (w, m, seeds, number, chain, &p, NULL);
      else if (mc != SG_NONE) judge_model_crash (w, m, seeds, number, chain, &s, &sc, &p);
      else if (ran && clean && m->expected == SG_ANS_UNSAT && o->cores)
        judge_core (w, m, seeds, number, chain, &s, &sc, &p);
      else if (ran && clean && o->incr && !p.unspec && p.verdict.kind == SG_VERDICT_OK)
        judge_incr (w, m, seeds, number, chain, &s, &sc, &p);
      if (ran && failed_now (w) == failed0) judge_notes (w, m, seeds, number, chain, &s, &sc, &p);
      if (ran && o->tech->perf && failed_now (w) == failed0) note_times (w, m, number, &p);
      sg_probe_free (&p);
      sg_buf_free (&total);
      if (wit) sg_profile_free (&wprof);
    }
  sg_script_free (&sc);
  sg_store_free (&s);
  return res.timeouts;
}
