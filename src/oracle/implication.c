/* implication: Janus's implication and regression oracles. */
#include "oracle/implication.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/parse.h"
#include "oracle/escalate.h"

void
sg_implication_probe_opts (const sg_probe_opts *po, sg_probe_opts *out)
{
  *out = *po;
  out->validate = false;
  out->models = false;
  out->sessions = NULL; /* confirmations run in fresh processes */
  out->oracle.incompleteness = false;
}

/* A fresh run q of p's judging could not be started: told to p (p->unstarted, the first
 * only), and false. The caller stops: no verdict rests on a run that never happened. */
static bool
started (sg_probe *p, const sg_probe *q)
{
  if (!q->unstarted[0]) return true;
  if (!p->unstarted[0]) memcpy (p->unstarted, q->unstarted, sizeof p->unstarted);
  return false;
}

/* Fresh runs must agree with solver i's verdict under oracle ('i'mplication or 'r'egression). */
static bool
confirmed (const sg_implication *im, const sg_probe_opts *po, sg_probe *p, uint32_t i, uint32_t ref, char oracle)
{
  sg_probe again, before;
  sg_probe_init (&again);
  sg_probe_init (&before);
  bool same = sg_probe_text (im->solvers, im->pats, im->text, im->len, po, &again) && started (p, &again)
              && again.runs.n > i && sg_probe_run_undecided (&again.runs.a[i]);
  if (same && oracle == 'i')
    same = sg_probe_text (im->solvers, im->pats, im->prev, im->prev_len, po, &before) && started (p, &before)
           && before.runs.n > i && sg_probe_run_decided (&before.runs.a[i]);
  if (same && oracle == 'r') same = again.runs.n > ref && sg_probe_run_decided (&again.runs.a[ref]);
  sg_probe_free (&again);
  sg_probe_free (&before);
  return same;
}

const char *
sg_implication_judge (const sg_implication *im, const sg_probe_opts *po0, sg_probe *p, uint32_t *unconfirmed)
{
  uint32_t n = p->runs.n < 16 ? p->runs.n : 16;
  /* A crash, a wrong answer or an invalid model goes on through the escalation rules: these
   * oracles never replace a more severe verdict. */
  if (p->verdict.kind == SG_VERDICT_CRASH || p->verdict.kind == SG_VERDICT_SOUNDNESS
      || p->verdict.kind == SG_VERDICT_INVALID_MODEL)
    return NULL;
  sg_probe_opts po;
  sg_implication_probe_opts (po0, &po);
  uint32_t ref = SG_NONE;
  for (uint32_t i = 0; i < n && im->reference; i++)
    if (!strcmp (p->runs.a[i].prof->name, im->reference)) ref = i;
  /* The reference decided (as construction expects, when the technique knows the status). */
  bool ref_ok = ref != SG_NONE && sg_probe_run_decided (&p->runs.a[ref])
                && (im->expected == SG_ANS_NONE || p->runs.a[ref].out.answers.a[0] == im->expected);
  for (uint32_t i = 0; i < n; i++)
    {
      if (i == ref || !sg_probe_run_undecided (&p->runs.a[i])) continue;
      const char *oracle = im->prev_decided && im->prev_decided[i] ? "implication" : ref_ok ? "regression" : NULL;
      if (!oracle) continue;
      /* No false alarms: fresh runs must agree. */
      if (!confirmed (im, &po, p, i, ref, oracle[0]))
        {
          (*unconfirmed)++;
          if (p->unstarted[0]) return NULL;
          continue;
        }
      const sg_probe_run *r = &p->runs.a[i];
      const char *what = r->out.kind == SG_OUT_TIMEOUT ? "a timeout" : "unknown";
      p->verdict.kind = SG_VERDICT_INCOMPLETE;
      sg_verdict_blame (&p->verdict, i);
      p->verdict.query = 0;
      if (oracle[0] == 'i')
        snprintf (p->verdict.why, sizeof p->verdict.why,
                  "implication: %s decided step %u but gave %s on step %u (rule %s; expected %s)",
                  r->prof->name, im->step - 1, what, im->step, im->rule ? im->rule : "?",
                  sg_answer_name (im->expected));
      else if (im->rule)
        snprintf (p->verdict.why, sizeof p->verdict.why,
                  "regression: %s answered %s, %s gave %s (step %u, rule %s)",
                  p->runs.a[ref].prof->name, sg_answer_name ((sg_answer) p->runs.a[ref].out.answers.a[0]), r->prof->name, what,
                  im->step, im->rule);
      else /* a technique without rules (enum): the step says nothing either */
        snprintf (p->verdict.why, sizeof p->verdict.why, "regression: %s answered %s, %s gave %s",
                  p->runs.a[ref].prof->name, sg_answer_name ((sg_answer) p->runs.a[ref].out.answers.a[0]), r->prof->name, what);
      return oracle; /* one finding per mutant */
    }
  return ref_ok && !p->unstarted[0] ? sg_reference_slower (im, &po, p, ref) : NULL;
}

/* The median of k wall times of solver i on text, each in a fresh process (0 when a run did
 * not decide: no performance verdict then). */
static double
median_wall (const sg_implication *im, const sg_probe_opts *po, sg_probe *p, uint32_t i, uint32_t k)
{
  double t[SG_PERF_REPEATS];
  sg_solver_list one = { 0 };
  if (!SG_VEC_PUSH (one, im->solvers->a[i])) return 0;
  for (uint32_t r = 0; r < k; r++)
    {
      sg_probe q;
      sg_probe_init (&q);
      bool ok = sg_probe_text ((const sg_solver_list *) &one, im->pats, im->text, im->len, po, &q) && started (p, &q)
                && q.runs.n == 1 && sg_probe_run_decided (&q.runs.a[0]);
      t[r] = ok ? q.runs.a[0].out.wall_s : -1;
      sg_probe_free (&q);
      if (!ok) { SG_VEC_FREE (one); return 0; }
    }
  SG_VEC_FREE (one); /* the profile is borrowed: only the vector's memory */
  for (uint32_t a = 1; a < k; a++) /* insertion sort of k <= SG_PERF_REPEATS */
    for (uint32_t b = a; b > 0 && t[b - 1] > t[b]; b--)
      {
        double x = t[b];
        t[b] = t[b - 1];
        t[b - 1] = x;
      }
  return t[k / 2];
}

const char *
sg_reference_slower (const sg_implication *im, const sg_probe_opts *po, sg_probe *p, uint32_t ref)
{
  uint32_t n = p->runs.n < 16 ? p->runs.n : 16;
  double tr = p->runs.a[ref].out.wall_s;
  for (uint32_t i = 0; i < n; i++)
    {
      const sg_probe_run *r = &p->runs.a[i];
      if (i == ref || !sg_probe_run_decided (r)) continue;
      double ti = r->out.wall_s;
      if (ti < SG_PERF_MIN_S || ti < SG_PERF_RATIO * (tr > 0.001 ? tr : 0.001)) continue;
      /* Repeated timings in fresh processes, each solver alone: medians must keep the ratio. */
      double mr = median_wall (im, po, p, ref, SG_PERF_REPEATS);
      double mi = mr > 0 ? median_wall (im, po, p, i, SG_PERF_REPEATS) : 0;
      if (p->unstarted[0]) return NULL;
      if (mr <= 0 || mi < SG_PERF_MIN_S || mi < SG_PERF_RATIO * (mr > 0.001 ? mr : 0.001)) continue;
      p->verdict.kind = SG_VERDICT_PERFORMANCE;
      sg_verdict_blame (&p->verdict, i);
      p->verdict.query = 0;
      snprintf (p->verdict.why, sizeof p->verdict.why,
                "performance: %s took %.2fs, the reference %s %.2fs (medians of %u fresh runs each, ratio %.0f)",
                r->prof->name, mi, p->runs.a[ref].prof->name, mr, SG_PERF_REPEATS, mi / (mr > 0.001 ? mr : 0.001));
      return "performance";
    }
  return NULL;
}
