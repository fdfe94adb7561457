/* oracle: verdicts over the runs of one script. */
#include "oracle/oracle.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "run/profile.h"

const char *
sg_verdict_kind_name (sg_verdict_kind k)
{
  switch (k)
    {
    case SG_VERDICT_OK: return "ok";
    case SG_VERDICT_SOUNDNESS: return "soundness";
    case SG_VERDICT_INVALID_MODEL: return "invalid-model";
    case SG_VERDICT_CRASH: return "crash";
    case SG_VERDICT_INCOMPLETE: return "incompleteness";
    case SG_VERDICT_PERFORMANCE: return "performance";
    case SG_VERDICT_UNSPECIFIED: return "unspecified";
    }
  return "?";
}

static int
severity (sg_verdict_kind k)
{
  switch (k)
    {
    case SG_VERDICT_CRASH: return 6;
    case SG_VERDICT_SOUNDNESS: return 5;
    case SG_VERDICT_INVALID_MODEL: return 4;
    case SG_VERDICT_INCOMPLETE: return 3;
    case SG_VERDICT_UNSPECIFIED: return 2;
    case SG_VERDICT_PERFORMANCE: return 1;
    case SG_VERDICT_OK: return 0;
    }
  return 0;
}

static void
found (sg_verdict *v, sg_verdict_kind k, uint32_t culprit, uint32_t query, const char *fmt, ...)
    __attribute__ ((format (printf, 5, 6)));

static void
found (sg_verdict *v, sg_verdict_kind k, uint32_t culprit, uint32_t query, const char *fmt, ...)
{
  if (severity (k) <= severity (v->kind)) return; /* keep the first of the most severe */
  v->kind = k;
  v->culprit = culprit;
  v->query = query;
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (v->why, sizeof v->why, fmt, ap);
  va_end (ap);
}

sg_verdict_kind
sg_oracle_own_check (const sg_oracle_run *r, const char *unspecified)
{
  if (r->model == SG_MODEL_INVALID) return SG_VERDICT_INVALID_MODEL;
  if (r->model == SG_MODEL_VALID) return SG_VERDICT_CRASH;
  /* only a model we have and cannot decide is excused; no model (models off, several
   * check-sats, a re-run that gave none) leaves the solver's own word */
  return r->model == SG_MODEL_UNDETERMINED && unspecified ? SG_VERDICT_UNSPECIFIED
                                                          : SG_VERDICT_INVALID_MODEL;
}

/* Which model of a failed own check our evaluator judged. */
static const char *
which_model (const sg_oracle_run *r)
{
  return r->model_checked ? "the model the check examined" : "the model of a run without the check";
}

/* A run whose own model check failed (SG_OUT_INVALID_MODEL), judged by our evaluator on the
 * model that check examined, or else the model the same solver gives without the check
 * (sg_oracle_own_check). */
static void
own_check_failed (sg_verdict *v, const sg_oracle_run *r, uint32_t i, const sg_oracle_opts *o)
{
  const char *unspec = o ? o->unspecified : NULL;
  switch (sg_oracle_own_check (r, unspec))
    {
    case SG_VERDICT_CRASH:
      found (v, SG_VERDICT_CRASH, i, SG_NONE,
             "%s's own model check failed on a model that satisfies every assertion (our "
             "evaluator, on %s): its checker is wrong (%s)", r->solver, which_model (r), r->out->reason);
      break;
    case SG_VERDICT_UNSPECIFIED:
      found (v, SG_VERDICT_UNSPECIFIED, SG_NONE, 0,
             "%s's own model check failed; our evaluator cannot decide its model and %s", r->solver,
             unspec);
      break;
    default:
      if (r->model == SG_MODEL_INVALID)
        found (v, SG_VERDICT_INVALID_MODEL, i, 0,
               "%s's own model check failed, and its model falsifies an assertion (our evaluator, "
               "on %s)", r->solver, which_model (r));
      else
        found (v, SG_VERDICT_INVALID_MODEL, i, 0, "%s's own model check failed: %s", r->solver,
               r->out->reason);
      break;
    }
}

static bool
decided (sg_answer a)
{
  return a == SG_ANS_SAT || a == SG_ANS_UNSAT;
}

sg_answer
sg_oracle_answer (const sg_oracle_run *r, uint32_t q)
{
  const sg_outcome *o = r->out;
  /* A failed own model check follows a sat answer to the script's one check-sat; with a model
   * our evaluator validates (the run without the check), that sat stands. */
  if (o->kind == SG_OUT_INVALID_MODEL && q == 0 && r->model == SG_MODEL_VALID) return SG_ANS_SAT;
  if (o->kind != SG_OUT_OK || q >= o->answers.n) return SG_ANS_NONE;
  return (sg_answer) o->answers.a[q];
}

void
sg_oracle_judge (const sg_oracle_run *runs, uint32_t n, const sg_oracle_opts *o, sg_verdict *v)
{
  memset (v, 0, sizeof *v);
  v->culprit = v->query = SG_NONE;
  uint32_t queries = 0, checker = SG_NONE;
  for (uint32_t i = 0; i < n; i++)
    {
      const sg_outcome *out = runs[i].out;
      if (out->kind == SG_OUT_CRASH)
        found (v, SG_VERDICT_CRASH, i, SG_NONE, "%s crashed: %s", runs[i].solver, out->reason);
      /* A checker wrong on a right model waits for the answers: the unsat of another solver
       * that the same model refutes is the graver bug, and is reported first. */
      if (out->kind == SG_OUT_INVALID_MODEL && runs[i].model == SG_MODEL_VALID)
        { if (checker == SG_NONE) checker = i; }
      else if (out->kind == SG_OUT_INVALID_MODEL) own_check_failed (v, &runs[i], i, o);
      if (out->kind == SG_OUT_OK && out->answers.n > queries) queries = out->answers.n;
      if (sg_oracle_answer (&runs[i], 0) != SG_ANS_NONE && queries < 1) queries = 1;
    }
  sg_answer expected = o ? o->expected : SG_ANS_NONE;
  const char *unspec = o ? o->unspecified : NULL;
  uint32_t label_beaten = SG_NONE; /* the run whose validated model contradicts the label */
  for (uint32_t q = 0; q < queries; q++)
    {
      /* Reference: the expected status, else the first decided answer. A label or a
       * construction never overrides a model our evaluator validated: a sat answer with such
       * a model becomes the reference, and the runs are judged differentially. */
      sg_answer ref = expected;
      uint32_t refrun = SG_NONE;
      bool overridden = false;
      if (expected == SG_ANS_UNSAT && q == 0)
        for (uint32_t i = 0; i < n && refrun == SG_NONE; i++)
          if (sg_oracle_answer (&runs[i], 0) == SG_ANS_SAT && runs[i].model == SG_MODEL_VALID)
            {
              ref = SG_ANS_SAT;
              refrun = i;
              overridden = true;
              label_beaten = i;
            }
      if (!decided (ref))
        for (uint32_t i = 0; i < n && refrun == SG_NONE; i++)
          if (decided (sg_oracle_answer (&runs[i], q))) { ref = sg_oracle_answer (&runs[i], q); refrun = i; }
      if (!decided (ref)) continue;
      /* The decided answers of this query, for the majority rule: one vote per solver family
       * (the same binary twice, with other options, is one opinion: a hostile review; so are
       * two versions of it, z3 and z3-4.13.0, which share their bugs). */
      uint32_t nsat = 0, nunsat = 0, lone_sat = SG_NONE, lone_unsat = SG_NONE, families = 0;
      for (uint32_t i = 0; i < n; i++)
        {
          sg_answer a = sg_oracle_answer (&runs[i], q);
          if (!decided (a)) continue;
          bool again = false, family_seen = false;
          for (uint32_t j = 0; j < i; j++)
            if (decided (sg_oracle_answer (&runs[j], q)) && sg_profile_same_family (runs[j].solver, runs[i].solver))
              {
                family_seen = true;
                again |= sg_oracle_answer (&runs[j], q) == a;
              }
          families += !family_seen;
          if (a == SG_ANS_SAT) { nsat += !again; lone_sat = i; }
          else { nunsat += !again; lone_unsat = i; }
        }
      /* A model our evaluator validated on query 1, whoever gave it. */
      uint32_t valid_sat = SG_NONE;
      for (uint32_t i = 0; q == 0 && i < n && valid_sat == SG_NONE; i++)
        if (sg_oracle_answer (&runs[i], 0) == SG_ANS_SAT && runs[i].model == SG_MODEL_VALID) valid_sat = i;
      bool majority_done = false;
      for (uint32_t i = 0; i < n; i++)
        {
          sg_answer a = sg_oracle_answer (&runs[i], q);
          if (decided (a) && a != ref)
            {
              if (refrun == SG_NONE)
                {
                  /* Metamorphic: the construction fixes the status (no validated model says
                   * otherwise: that case was turned into a differential one above). */
                  int m = q == 0 && a == SG_ANS_SAT ? runs[i].model : -1;
                  if (m == SG_MODEL_INVALID)
                    found (v, SG_VERDICT_SOUNDNESS, i, q,
                           "%s answered sat on query %u with a model that falsifies an assertion "
                           "(our evaluator), expected unsat", runs[i].solver, q + 1);
                  else if (a == SG_ANS_UNSAT && valid_sat != SG_NONE)
                    found (v, SG_VERDICT_SOUNDNESS, i, q,
                           "%s answered unsat on query %u but %s's model satisfies every "
                           "assertion (expected sat)", runs[i].solver, q + 1, runs[valid_sat].solver);
                  else if (unspec)
                    found (v, SG_VERDICT_UNSPECIFIED, SG_NONE, q,
                           "%s answered %s on query %u, expected %s; no model decides and %s",
                           runs[i].solver, sg_answer_name (a), q + 1, sg_answer_name (ref), unspec);
                  else
                    found (v, SG_VERDICT_SOUNDNESS, i, q, "%s answered %s on query %u, expected %s",
                           runs[i].solver, sg_answer_name (a), q + 1, sg_answer_name (ref));
                  continue;
                }
              /* Differential: decide with the model of the run that said sat. */
              uint32_t sat_run = a == SG_ANS_SAT ? i : refrun, unsat_run = a == SG_ANS_SAT ? refrun : i;
              if (valid_sat != SG_NONE && a == SG_ANS_UNSAT) sat_run = valid_sat;
              int m = q == 0 ? runs[sat_run].model : -1;
              if (m == SG_MODEL_VALID)
                found (v, SG_VERDICT_SOUNDNESS, unsat_run, q,
                       "%s answered unsat on query %u but %s's model satisfies every assertion%s",
                       runs[unsat_run].solver, q + 1, runs[sat_run].solver,
                       overridden ? " (the expected status, unsat, is wrong)" : "");
              else if (m == SG_MODEL_INVALID)
                found (v, SG_VERDICT_SOUNDNESS, sat_run, q,
                       "%s answered sat on query %u with a model that falsifies an assertion; %s "
                       "answered unsat", runs[sat_run].solver, q + 1, runs[unsat_run].solver);
              else if (unspec)
                found (v, SG_VERDICT_UNSPECIFIED, SG_NONE, q,
                       "%s and %s disagree on query %u (%s vs %s); no model decides and %s",
                       runs[refrun].solver, runs[i].solver, q + 1, sg_answer_name (ref),
                       sg_answer_name (a), unspec);
              else if (!majority_done && nsat + nunsat >= 3 && families >= 3
                       && (nsat == 1 || nunsat == 1) && nsat != nunsat)
                {
                  /* Majority of at least three decided answers, from three families at least,
                   * against one dissenter. */
                  majority_done = true;
                  uint32_t lone = nsat == 1 ? lone_sat : lone_unsat;
                  found (v, SG_VERDICT_SOUNDNESS, lone, q,
                         "%s answered %s on query %u; %u of the %u solvers that decided say %s (majority)",
                         runs[lone].solver, nsat == 1 ? "sat" : "unsat", q + 1,
                         nsat == 1 ? nunsat : nsat, nsat + nunsat, nsat == 1 ? "unsat" : "sat");
                }
              else if (!majority_done)
                found (v, SG_VERDICT_SOUNDNESS, SG_NONE, q,
                       "%s and %s disagree on query %u (%s vs %s); no model decides",
                       runs[refrun].solver, runs[i].solver, q + 1, sg_answer_name (ref), sg_answer_name (a));
            }
          else if (o && o->incompleteness && !decided (a)
                   && (runs[i].out->kind == SG_OUT_OK || runs[i].out->kind == SG_OUT_TIMEOUT))
            found (v, SG_VERDICT_INCOMPLETE, i, q, "%s gave %s on query %u, where %s is %s",
                   runs[i].solver, runs[i].out->kind == SG_OUT_TIMEOUT ? "a timeout" : "unknown",
                   q + 1, refrun == SG_NONE ? "the expected status" : runs[refrun].solver,
                   sg_answer_name (ref));
        }
    }
  if (checker != SG_NONE && v->kind != SG_VERDICT_SOUNDNESS) own_check_failed (v, &runs[checker], checker, o);
  /* Invalid models (our evaluator) of runs whose sat answer agrees with the reference. */
  for (uint32_t i = 0; i < n; i++)
    if (runs[i].model == SG_MODEL_INVALID && sg_oracle_answer (&runs[i], 0) == SG_ANS_SAT)
      found (v, SG_VERDICT_INVALID_MODEL, i, 0, "%s's model falsifies an assertion (our evaluator)",
             runs[i].solver);
  if (o && o->perf_ratio > 1 && n > 1 && runs[0].out->kind == SG_OUT_OK)
    {
      double min = o->perf_min_s > 0 ? o->perf_min_s : 1.0;
      double base = runs[0].out->wall_s;
      for (uint32_t i = 1; i < n; i++)
        {
          const sg_outcome *out = runs[i].out;
          double t = out->wall_s;
          if ((out->kind == SG_OUT_OK || out->kind == SG_OUT_TIMEOUT) && t >= min
              && t > o->perf_ratio * (base > 0.001 ? base : 0.001))
            found (v, SG_VERDICT_PERFORMANCE, i, SG_NONE, "%s took %.2fs, %s %.2fs (ratio > %.1f)",
                   runs[i].solver, t, runs[0].solver, base, o->perf_ratio);
        }
    }
  /* No finding, but the label was wrong: the why line says so (the fuzz loop logs it). */
  if (v->kind == SG_VERDICT_OK && label_beaten != SG_NONE)
    snprintf (v->why, sizeof v->why,
              "the expected status (unsat) is contradicted by %s's model, which our evaluator "
              "validated: the label or construction is wrong, no solver is blamed",
              runs[label_beaten].solver);
}
