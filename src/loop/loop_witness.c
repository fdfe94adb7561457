/* loop_witness: a wrong answer under drawn options needs a witness that survives (issue 49).
 * When the blamed run of a soundness verdict carries options drawn by --option-fuzz and
 * nothing in the probe but the script's expected status (a seed's label, a construction)
 * says the answer is wrong — no other run decided the expected answer, no model of the
 * blamed run was refuted — the expected status is confirmed before the finding is written:
 * the blamed solver without its drawn options (its defaults), then each other solver of the
 * list without its drawn options, then the referees, each once in a fresh process, until one
 * answers the expected status. That run is added to the probe as a run of its own (its JSON
 * entry says "witness": true), so the finding's reduction (reduce/predicate.c: every solver
 * that decided keeps its answer) keeps it: a candidate on which the witness and the blamed
 * solver agree is no longer the bug. No witness: the verdict is not reported. */
#include "loop/loop_int.h"

#include <stdlib.h>
#include <string.h>

/* Did a run of p other than the blamed ones decide `expected` at query q, or was a model of
 * a blamed run refuted by our evaluator? */
static bool
witnessed (const sg_probe *p, uint32_t q, sg_answer expected)
{
  for (uint32_t i = 0; i < p->runs.n; i++)
    {
      const sg_probe_run *r = &p->runs.a[i];
      if (r->skipped) continue;
      if (sg_verdict_blames (&p->verdict, i))
        {
          if (r->model == SG_MODEL_INVALID) return true;
          continue;
        }
      if (r->out.kind == SG_OUT_OK && q < r->out.answers.n && r->out.answers.a[q] == expected) return true;
    }
  return false;
}

/* A copy of prof without its drawn option words (into out); false when out of memory. */
static bool
defaults_of (const sg_profile *prof, sg_profile *out)
{
  if (sg_profile_copy (prof, out)) return false;
  for (; out->fuzzed_args && out->user_args.n; out->fuzzed_args--)
    free (out->user_args.a[--out->user_args.n]);
  out->fuzzed_args = 0;
  return true;
}

/* Probe text with prof alone (fresh, no models); its run into *run (OUT, moved) when it
 * answered expected at q. */
static bool
try_witness (const sg_fuzz_opts *o, const sg_profile *prof, sg_store *s, const sg_script *sc,
             const char *text, size_t len, uint32_t q, sg_answer expected, uint32_t timeout_ms,
             sg_probe_run *run, uint32_t *calls)
{
  sg_solver_list one = { 0 };
  if (!SG_VEC_PUSH (one, *prof)) return false;
  sg_probe_opts po;
  memset (&po, 0, sizeof po);
  po.timeout_ms = timeout_ms;
  po.mem_bytes = o->mem_bytes;
  sg_probe pr;
  sg_probe_init (&pr);
  bool ok = sg_probe_script ((const sg_solver_list *) &one, o->pats, s, sc, text, len, &po, &pr) == SG_RC_OK
            && pr.runs.n == 1;
  SG_VEC_FREE (one); /* the profile is borrowed */
  if (ok && !pr.runs.a[0].skipped) (*calls)++;
  const sg_probe_run *r = ok ? &pr.runs.a[0] : NULL;
  ok = r && !r->skipped && r->out.kind == SG_OUT_OK && q < r->out.answers.n && r->out.answers.a[q] == expected;
  if (ok)
    {
      *run = pr.runs.a[0];
      sg_outcome_init (&pr.runs.a[0].out); /* moved */
    }
  sg_probe_free (&pr);
  return ok;
}

bool
sg_loop_witness (const sg_fuzz_opts *o, const sg_solver_list *solvers, sg_store *s, const sg_script *sc,
                 const char *text, size_t len, sg_answer expected, uint32_t timeout_ms, sg_probe *p,
                 sg_profile *owned, uint32_t *calls)
{
  *calls = 0;
  uint32_t c = p->verdict.culprit;
  if (p->verdict.kind != SG_VERDICT_SOUNDNESS || expected == SG_ANS_NONE || c == SG_NONE || c >= p->runs.n
      || !p->runs.a[c].prof->fuzzed_args)
    return true;
  uint32_t q = p->verdict.query == SG_NONE ? 0 : p->verdict.query;
  if (witnessed (p, q, expected)) return true;
  /* The candidates: the blamed solver's defaults, the others' defaults, the referees. */
  const sg_profile *cand[66];
  uint32_t n = 0;
  cand[n++] = p->runs.a[c].prof;
  for (uint32_t i = 0; i < solvers->n && n < 64; i++)
    if (strcmp (solvers->a[i].name, p->runs.a[c].prof->name) && solvers->a[i].fuzzed_args) cand[n++] = &solvers->a[i];
  uint32_t first_ref = n;
  for (uint32_t i = 0; o->referees && i < o->referees->n && n < 66; i++) cand[n++] = &o->referees->a[i];
  for (uint32_t k = 0; k < n; k++)
    {
      sg_profile *prof = owned;
      if (k < first_ref ? !defaults_of (cand[k], prof) : sg_profile_copy (cand[k], prof) != SG_RC_OK) return false;
      sg_probe_run run;
      if (try_witness (o, prof, s, sc, text, len, q, expected, timeout_ms, &run, calls))
        {
          if (SG_VEC_PUSH (p->runs, run))
            {
              p->runs.a[p->runs.n - 1].prof = prof;
              p->runs.a[p->runs.n - 1].witness = true;
              return true; /* owned now belongs to that run: the caller frees it after p */
            }
          sg_outcome_free (&run.out);
        }
      sg_profile_free (prof);
    }
  return false;
}
