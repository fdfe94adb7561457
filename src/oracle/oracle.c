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
    case SG_VERDICT_VALIDATION: return "validation";
    }
  return "?";
}

bool
sg_verdict_is_bug (sg_verdict_kind k)
{
  return k != SG_VERDICT_OK && k != SG_VERDICT_UNSPECIFIED && k != SG_VERDICT_VALIDATION;
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
    case SG_VERDICT_VALIDATION: return 0;
    }
  return 0;
}

static void
found (sg_verdict *v, sg_verdict_kind k, uint32_t culprit, uint32_t query, const char *fmt, ...)
    __attribute__ ((format (printf, 5, 6)));

/* The bit of run i in a culprits mask: none for SG_NONE or i >= 64. */
static uint64_t
run_bit (uint32_t i)
{
  return i < 64 ? (uint64_t) 1 << i : 0;
}

void
sg_verdict_blame (sg_verdict *v, uint32_t culprit)
{
  v->culprit = culprit;
  v->culprits = run_bit (culprit);
}

bool
sg_verdict_blames (const sg_verdict *v, uint32_t i)
{
  return i != SG_NONE && (i == v->culprit || (v->culprits & run_bit (i)));
}

static void
found (sg_verdict *v, sg_verdict_kind k, uint32_t culprit, uint32_t query, const char *fmt, ...)
{
  /* Another run a rule shows wrong on the same query: blamed too (the why line stays the
   * first's). A soundness verdict that blames no one stays so (the referee's turn). */
  if (k == SG_VERDICT_SOUNDNESS && v->kind == k && v->query == query && v->culprit != SG_NONE)
    v->culprits |= run_bit (culprit);
  if (severity (k) <= severity (v->kind)) return; /* keep the first of the most severe */
  v->kind = k;
  sg_verdict_blame (v, culprit);
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

/* One query being judged. */
typedef struct qctx {
  const sg_oracle_run *runs; /* every run */
  uint32_t n;                /* their number */
  uint32_t q;                /* the query (0-based) */
  sg_answer ref;             /* the reference: the expected status, else the first decided answer */
  uint32_t refrun;           /* the run that gave ref, or SG_NONE (metamorphic: the expected status) */
  bool overridden;           /* a validated model beat the expected status (unsat) */
  uint32_t valid_sat;        /* q == 0: the first run whose sat model our evaluator validated */
  const char *unspec;        /* o->unspecified */
} qctx;

static sg_answer
ans (const qctx *c, uint32_t i)
{
  return sg_oracle_answer (&c->runs[i], c->q);
}

/* The first run answering a to the query, or SG_NONE. */
static uint32_t
first_with (const qctx *c, sg_answer a)
{
  for (uint32_t i = 0; i < c->n; i++)
    if (ans (c, i) == a) return i;
  return SG_NONE;
}

/* The reference of the query: the expected status, else the first decided answer. A label or a
 * construction never overrides a model our evaluator validated: a sat answer with such a model
 * becomes the reference, and the runs are judged differentially. False when none is decided. */
static bool
query_ref (qctx *c, sg_answer expected)
{
  c->ref = expected;
  c->refrun = SG_NONE;
  c->overridden = expected == SG_ANS_UNSAT && c->valid_sat != SG_NONE;
  if (c->overridden)
    {
      c->ref = SG_ANS_SAT;
      c->refrun = c->valid_sat;
    }
  for (uint32_t i = 0; i < c->n && !decided (c->ref); i++)
    if (decided (ans (c, i)))
      {
        c->ref = ans (c, i);
        c->refrun = i;
      }
  return decided (c->ref);
}

/* Metamorphic: the construction fixes the status (no validated model says otherwise: that
 * case is judged differentially); every run that contradicts it is blamed. */
static void
judge_metamorphic (const qctx *c, sg_verdict *v)
{
  const sg_oracle_run *runs = c->runs;
  uint32_t q = c->q;
  for (uint32_t i = 0; i < c->n; i++)
    {
      sg_answer a = ans (c, i);
      if (!decided (a) || a == c->ref) continue;
      int m = q == 0 && a == SG_ANS_SAT ? runs[i].model : -1;
      if (m == SG_MODEL_INVALID)
        found (v, SG_VERDICT_SOUNDNESS, i, q,
               "%s answered sat on query %u with a model that falsifies an assertion (our evaluator), "
               "expected unsat", runs[i].solver, q + 1);
      else if (a == SG_ANS_UNSAT && c->valid_sat != SG_NONE)
        found (v, SG_VERDICT_SOUNDNESS, i, q,
               "%s answered unsat on query %u but %s's model satisfies every assertion (expected sat)",
               runs[i].solver, q + 1, runs[c->valid_sat].solver);
      else if (c->unspec)
        found (v, SG_VERDICT_UNSPECIFIED, SG_NONE, q, "%s answered %s on query %u, expected %s; no model "
               "decides and %s", runs[i].solver, sg_answer_name (a), q + 1, sg_answer_name (c->ref), c->unspec);
      else
        found (v, SG_VERDICT_SOUNDNESS, i, q, "%s answered %s on query %u, expected %s", runs[i].solver,
               sg_answer_name (a), q + 1, sg_answer_name (c->ref));
    }
}

/* Rule 1 with a validated model: every unsat answer is wrong, each run that gave one blamed. */
static void
blame_unsat_by_model (const qctx *c, sg_verdict *v)
{
  for (uint32_t i = 0; i < c->n; i++)
    if (ans (c, i) == SG_ANS_UNSAT)
      found (v, SG_VERDICT_SOUNDNESS, i, c->q, "%s answered unsat on query %u but %s's model satisfies every "
             "assertion%s", c->runs[i].solver, c->q + 1, c->runs[c->valid_sat].solver,
             c->overridden ? " (the expected status, unsat, is wrong)" : "");
}

/* Rule 1 with refuted models: against an unsat answer, every sat answer whose model our
 * evaluator refutes is wrong. Returns whether a sat answer is left that no model refutes. */
static bool
blame_refuted_sat (const qctx *c, sg_verdict *v)
{
  uint32_t unsat = first_with (c, SG_ANS_UNSAT);
  bool live = false;
  for (uint32_t i = 0; i < c->n; i++)
    {
      if (ans (c, i) != SG_ANS_SAT) continue;
      bool refuted = c->q == 0 && c->runs[i].model == SG_MODEL_INVALID;
      live |= !refuted;
      if (refuted && unsat != SG_NONE)
        found (v, SG_VERDICT_SOUNDNESS, i, c->q, "%s answered sat on query %u with a model that falsifies an "
               "assertion; %s answered unsat", c->runs[i].solver, c->q + 1, c->runs[unsat].solver);
    }
  return live;
}

/* The answer of run i that votes in the majority rule: a decided answer, but not a sat answer
 * whose model our evaluator refutes (rule 1 blamed it), else SG_ANS_NONE. */
static sg_answer
vote (const qctx *c, uint32_t i)
{
  sg_answer a = ans (c, i);
  if (!decided (a) || (a == SG_ANS_SAT && c->q == 0 && c->runs[i].model == SG_MODEL_INVALID)) return SG_ANS_NONE;
  return a;
}

/* The votes on the query for the majority rule: one per solver family and answer (the same
 * binary twice, with other options, is one opinion: a hostile review; so are two versions of
 * it, z3 and z3-4.13.0, which share their bugs). */
typedef struct votes {
  uint32_t sat, unsat; /* families that answered sat, unsat */
  uint32_t families;   /* families that decided */
} votes;

static votes
count_votes (const qctx *c)
{
  votes w = { 0, 0, 0 };
  for (uint32_t i = 0; i < c->n; i++)
    {
      sg_answer a = vote (c, i);
      if (a == SG_ANS_NONE) continue;
      bool again = false, family_seen = false;
      for (uint32_t j = 0; j < i; j++)
        if (vote (c, j) != SG_ANS_NONE && sg_profile_same_family (c->runs[j].solver, c->runs[i].solver))
          {
            family_seen = true;
            again |= vote (c, j) == a;
          }
      w.families += !family_seen;
      if (a == SG_ANS_SAT) w.sat += !again;
      else w.unsat += !again;
    }
  return w;
}

/* Rule 3: a majority of at least three votes, from three families at least, against one
 * family: every run of the dissenting answer is blamed (several versions or configurations of
 * one solver, which share the bug). False when there is no such majority. */
static bool
blame_majority (const qctx *c, sg_verdict *v)
{
  votes w = count_votes (c);
  if (w.sat + w.unsat < 3 || w.families < 3 || (w.sat != 1 && w.unsat != 1) || w.sat == w.unsat) return false;
  sg_answer lone = w.sat == 1 ? SG_ANS_SAT : SG_ANS_UNSAT;
  for (uint32_t i = 0; i < c->n; i++)
    if (vote (c, i) == lone)
      found (v, SG_VERDICT_SOUNDNESS, i, c->q, "%s answered %s on query %u; %u of the %u solvers that decided "
             "say %s (majority)", c->runs[i].solver, sg_answer_name (lone), c->q + 1,
             lone == SG_ANS_SAT ? w.unsat : w.sat, w.sat + w.unsat,
             sg_answer_name (lone == SG_ANS_SAT ? SG_ANS_UNSAT : SG_ANS_SAT));
  return true;
}

/* Differential: the models decide first (rule 1), then an unspecified value (2), then the
 * majority (3); else a disagreement no one is blamed for (the referee's turn). */
static void
judge_differential (const qctx *c, sg_verdict *v)
{
  if (c->valid_sat != SG_NONE)
    {
      blame_unsat_by_model (c, v);
      return;
    }
  bool live_sat = blame_refuted_sat (c, v);
  uint32_t other = SG_NONE; /* the first run that answered against the reference */
  for (uint32_t i = 0; i < c->n && other == SG_NONE; i++)
    if (decided (ans (c, i)) && ans (c, i) != c->ref) other = i;
  if (!live_sat || other == SG_NONE) return; /* the models decided it all, or no disagreement */
  const char *r = c->runs[c->refrun].solver, *o = c->runs[other].solver;
  const char *ra = sg_answer_name (c->ref), *oa = sg_answer_name (ans (c, other));
  if (c->unspec)
    found (v, SG_VERDICT_UNSPECIFIED, SG_NONE, c->q, "%s and %s disagree on query %u (%s vs %s); no model "
           "decides and %s", r, o, c->q + 1, ra, oa, c->unspec);
  else if (!blame_majority (c, v))
    found (v, SG_VERDICT_SOUNDNESS, SG_NONE, c->q, "%s and %s disagree on query %u (%s vs %s); no model decides",
           r, o, c->q + 1, ra, oa);
}

/* Unknown or a timeout where the reference is decided (o->incompleteness). */
static void
judge_incomplete (const qctx *c, sg_verdict *v)
{
  for (uint32_t i = 0; i < c->n; i++)
    {
      const sg_oracle_run *r = &c->runs[i];
      if (decided (ans (c, i)) || (r->out->kind != SG_OUT_OK && r->out->kind != SG_OUT_TIMEOUT)) continue;
      found (v, SG_VERDICT_INCOMPLETE, i, c->q, "%s gave %s on query %u, where %s is %s", r->solver,
             r->out->kind == SG_OUT_TIMEOUT ? "a timeout" : "unknown", c->q + 1,
             c->refrun == SG_NONE ? "the expected status" : c->runs[c->refrun].solver, sg_answer_name (c->ref));
    }
}

/* Crashes and failed own model checks; the number of queries answered into *queries, the first
 * checker wrong on a right model into *checker (judged after the answers). */
static void
judge_outcomes (const sg_oracle_run *runs, uint32_t n, const sg_oracle_opts *o, sg_verdict *v,
                uint32_t *queries, uint32_t *checker)
{
  *queries = 0;
  *checker = SG_NONE;
  for (uint32_t i = 0; i < n; i++)
    {
      const sg_outcome *out = runs[i].out;
      if (out->kind == SG_OUT_CRASH)
        found (v, SG_VERDICT_CRASH, i, SG_NONE, "%s crashed: %s", runs[i].solver, out->reason);
      /* A checker wrong on a right model waits for the answers: the unsat of another solver
       * that the same model refutes is the graver bug, and is reported first. */
      if (out->kind == SG_OUT_INVALID_MODEL && runs[i].model == SG_MODEL_VALID)
        { if (*checker == SG_NONE) *checker = i; }
      else if (out->kind == SG_OUT_INVALID_MODEL) own_check_failed (v, &runs[i], i, o);
      if (out->kind == SG_OUT_OK && out->answers.n > *queries) *queries = out->answers.n;
      if (sg_oracle_answer (&runs[i], 0) != SG_ANS_NONE && *queries < 1) *queries = 1;
    }
}

/* A run o->perf_ratio times slower than run 0 (and above the noise floor). */
static void
judge_performance (const sg_oracle_run *runs, uint32_t n, const sg_oracle_opts *o, sg_verdict *v)
{
  if (!o || o->perf_ratio <= 1 || n < 2 || runs[0].out->kind != SG_OUT_OK) return;
  double min = o->perf_min_s > 0 ? o->perf_min_s : 1.0;
  double base = runs[0].out->wall_s;
  for (uint32_t i = 1; i < n; i++)
    {
      const sg_outcome *out = runs[i].out;
      double t = out->wall_s;
      if ((out->kind == SG_OUT_OK || out->kind == SG_OUT_TIMEOUT) && t >= min
          && t > o->perf_ratio * (base > 0.001 ? base : 0.001))
        found (v, SG_VERDICT_PERFORMANCE, i, SG_NONE, "%s took %.2fs, %s %.2fs (ratio > %.1f)", runs[i].solver, t,
               runs[0].solver, base, o->perf_ratio);
    }
}

/* The first run whose sat answer to query 1 has a model our evaluator validated, or SG_NONE. */
static uint32_t
first_valid_sat (const sg_oracle_run *runs, uint32_t n)
{
  for (uint32_t i = 0; i < n; i++)
    if (sg_oracle_answer (&runs[i], 0) == SG_ANS_SAT && runs[i].model == SG_MODEL_VALID) return i;
  return SG_NONE;
}

void
sg_oracle_judge (const sg_oracle_run *runs, uint32_t n, const sg_oracle_opts *o, sg_verdict *v)
{
  memset (v, 0, sizeof *v);
  sg_verdict_blame (v, SG_NONE);
  v->query = SG_NONE;
  uint32_t queries, checker;
  judge_outcomes (runs, n, o, v, &queries, &checker);
  sg_answer expected = o ? o->expected : SG_ANS_NONE;
  uint32_t label_beaten = SG_NONE; /* the run whose validated model contradicts the label */
  for (uint32_t q = 0; q < queries; q++)
    {
      qctx c = { runs, n, q, SG_ANS_NONE, SG_NONE, false, q == 0 ? first_valid_sat (runs, n) : SG_NONE,
                 o ? o->unspecified : NULL };
      if (!query_ref (&c, expected)) continue;
      if (c.overridden) label_beaten = c.refrun;
      if (c.refrun == SG_NONE) judge_metamorphic (&c, v);
      else judge_differential (&c, v);
      if (o && o->incompleteness) judge_incomplete (&c, v);
    }
  if (checker != SG_NONE && v->kind != SG_VERDICT_SOUNDNESS) own_check_failed (v, &runs[checker], checker, o);
  /* Invalid models (our evaluator) of runs whose sat answer agrees with the reference. */
  for (uint32_t i = 0; i < n; i++)
    if (runs[i].model == SG_MODEL_INVALID && sg_oracle_answer (&runs[i], 0) == SG_ANS_SAT)
      found (v, SG_VERDICT_INVALID_MODEL, i, 0, "%s's model falsifies an assertion (our evaluator)",
             runs[i].solver);
  judge_performance (runs, n, o, v);
  /* No finding, but the label was wrong: the why line says so (the fuzz loop logs it). */
  if (v->kind == SG_VERDICT_OK && label_beaten != SG_NONE)
    snprintf (v->why, sizeof v->why,
              "the expected status (unsat) is contradicted by %s's model, which our evaluator "
              "validated: the label or construction is wrong, no solver is blamed",
              runs[label_beaten].solver);
}
