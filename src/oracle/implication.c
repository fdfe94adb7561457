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

bool
sg_probe_text (const sg_solver_list *solvers, const sg_patterns *pats, const char *text, size_t len,
               const sg_probe_opts *po, sg_probe *out)
{
  sg_store s;
  sg_script sc;
  sg_diag d;
  if (sg_store_init (&s)) return false;
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "step");
  bool ok = sg_parse_string (&s, &sc, text, len, "step", &d) == SG_RC_OK
            && sg_probe_script (solvers, pats, &s, &sc, text, len, po, out) == SG_RC_OK;
  sg_script_free (&sc);
  sg_store_free (&s);
  return ok;
}

/* Fresh runs must agree with solver i's verdict under oracle ('i'mplication or 'r'egression). */
static bool
confirmed (const sg_implication *im, const sg_probe_opts *po, uint32_t i, uint32_t ref, char oracle)
{
  sg_probe again, before;
  sg_probe_init (&again);
  sg_probe_init (&before);
  bool same = sg_probe_text (im->solvers, im->pats, im->text, im->len, po, &again) && again.runs.n > i
              && sg_probe_run_undecided (&again.runs.a[i]);
  if (same && oracle == 'i')
    same = sg_probe_text (im->solvers, im->pats, im->prev, im->prev_len, po, &before) && before.runs.n > i
           && sg_probe_run_decided (&before.runs.a[i]);
  if (same && oracle == 'r') same = again.runs.n > ref && sg_probe_run_decided (&again.runs.a[ref]);
  sg_probe_free (&again);
  sg_probe_free (&before);
  return same;
}

/* Run i decided perf_ratio times slower than the reference run r, and took perf_min_s. */
static bool
slower (const sg_implication *im, const sg_probe_run *i, const sg_probe_run *r)
{
  double ti = i->out.wall_s, tr = r->out.wall_s;
  return sg_probe_run_decided (i) && ti >= im->perf_min_s && ti >= im->perf_ratio * (tr > 0.001 ? tr : 0.001);
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* The medians of SG_PERF_REPEATS fresh probes: solver i still decides, slower as required. */
static bool
perf_confirmed (const sg_implication *im, const sg_probe_opts *po, uint32_t i, uint32_t ref, double *ti,
                double *tr)
{
  double a[SG_PERF_REPEATS], b[SG_PERF_REPEATS];
  for (int k = 0; k < SG_PERF_REPEATS; k++)
    {
      sg_probe again;
      sg_probe_init (&again);
      bool ok = sg_probe_text (im->solvers, im->pats, im->text, im->len, po, &again) && again.runs.n > i
                && again.runs.n > ref && sg_probe_run_decided (&again.runs.a[i])
                && sg_probe_run_decided (&again.runs.a[ref]);
      if (ok) a[k] = again.runs.a[i].out.wall_s, b[k] = again.runs.a[ref].out.wall_s;
      sg_probe_free (&again);
      if (!ok) return false;
    }
  qsort (a, SG_PERF_REPEATS, sizeof a[0], cmp_double);
  qsort (b, SG_PERF_REPEATS, sizeof b[0], cmp_double);
  *ti = a[SG_PERF_REPEATS / 2], *tr = b[SG_PERF_REPEATS / 2];
  return *ti >= im->perf_min_s && *ti >= im->perf_ratio * (*tr > 0.001 ? *tr : 0.001);
}

const char *
sg_implication_judge (const sg_implication *im, const sg_probe_opts *po0, sg_probe *p, uint32_t *unconfirmed)
{
  uint32_t n = p->runs.n < 16 ? p->runs.n : 16;
  sg_probe_opts po;
  sg_implication_probe_opts (po0, &po);
  uint32_t ref = SG_NONE;
  for (uint32_t i = 0; i < n && im->reference; i++)
    if (!strcmp (p->runs.a[i].prof->name, im->reference)) ref = i;
  bool ref_ok = ref != SG_NONE && sg_probe_run_decided (&p->runs.a[ref])
                && (im->expected == SG_ANS_NONE || p->runs.a[ref].out.answers.a[0] == im->expected);
  for (uint32_t i = 0; i < n; i++)
    {
      if (i == ref || !sg_probe_run_undecided (&p->runs.a[i])) continue;
      const char *oracle = im->prev_decided && im->prev_decided[i] ? "implication" : ref_ok ? "regression" : NULL;
      if (!oracle) continue;
      /* No false alarms: fresh runs must agree. */
      if (!confirmed (im, &po, i, ref, oracle[0])) { (*unconfirmed)++; continue; }
      const sg_probe_run *r = &p->runs.a[i];
      const char *what = r->out.kind == SG_OUT_TIMEOUT ? "a timeout" : "unknown";
      p->verdict.kind = SG_VERDICT_INCOMPLETE;
      p->verdict.culprit = i;
      p->verdict.query = 0;
      if (oracle[0] == 'i')
        snprintf (p->verdict.why, sizeof p->verdict.why,
                  "implication: %s decided step %u but gave %s on step %u (rule %s; expected %s)",
                  r->prof->name, im->step - 1, what, im->step, im->rule ? im->rule : "?",
                  sg_answer_name (im->expected));
      else
        snprintf (p->verdict.why, sizeof p->verdict.why,
                  "regression: %s answered %s, %s gave %s (step %u, rule %s)",
                  p->runs.a[ref].prof->name, sg_answer_name ((sg_answer) p->runs.a[ref].out.answers.a[0]), r->prof->name, what,
                  im->step, im->rule ? im->rule : "?");
      return oracle; /* one finding per mutant */
    }
  if (ref_ok && im->perf_ratio > 1)
    for (uint32_t i = 0; i < n; i++)
      if (i != ref && slower (im, &p->runs.a[i], &p->runs.a[ref]))
        {
          double ti, tr;
          if (!perf_confirmed (im, &po, i, ref, &ti, &tr)) { (*unconfirmed)++; continue; }
          p->verdict.kind = SG_VERDICT_INCOMPLETE;
          p->verdict.culprit = i;
          p->verdict.query = 0;
          snprintf (p->verdict.why, sizeof p->verdict.why,
                    "performance: %s took %.3fs, %s %.3fs (medians of %d fresh runs each: x%.1f >= x%.0f)",
                    p->runs.a[i].prof->name, ti, p->runs.a[ref].prof->name, tr, SG_PERF_REPEATS,
                    ti / (tr > 0.001 ? tr : 0.001), im->perf_ratio);
          return "performance";
        }
  return NULL;
}
