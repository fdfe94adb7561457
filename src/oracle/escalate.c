/* escalate: the fast path, the full probe, the referees and the confirmation. */
#include "oracle/escalate.h"

#include <string.h>

#include "oracle/total.h"

bool
sg_escalate_reportable (sg_verdict_kind k, bool incompleteness)
{
  return k != SG_VERDICT_OK && k != SG_VERDICT_PERFORMANCE && (k != SG_VERDICT_INCOMPLETE || incompleteness);
}

bool
sg_probe_run_decided (const sg_probe_run *r)
{
  if (r->skipped || r->out.kind != SG_OUT_OK || !r->out.answers.n) return false;
  for (uint32_t k = 0; k < r->out.answers.n; k++)
    if (r->out.answers.a[k] != SG_ANS_SAT && r->out.answers.a[k] != SG_ANS_UNSAT) return false;
  return true;
}

bool
sg_probe_run_undecided (const sg_probe_run *r)
{
  if (r->skipped) return false;
  if (r->out.kind == SG_OUT_TIMEOUT) return true;
  if (r->out.kind != SG_OUT_OK) return false;
  for (uint32_t k = 0; k < r->out.answers.n; k++)
    if (r->out.answers.a[k] == SG_ANS_UNKNOWN) return true;
  return false;
}

/* The next stage's timeout into po; *cut when the budget's end shortened it. */
static void
next_stage (const sg_escalate_opts *o, sg_probe_opts *po, bool *cut)
{
  po->timeout_ms = o->stage_ms (o->ctx);
  *cut = *cut || (o->timeout_ms && po->timeout_ms < o->timeout_ms);
}

/* The first probe's timeouts and whether every solver decided. */
static void
first_probe_facts (const sg_probe *p, sg_escalate_result *res)
{
  bool all = true;
  for (uint32_t i = 0; i < p->runs.n; i++)
    {
      const sg_probe_run *r = &p->runs.a[i];
      res->timeouts += !r->skipped && r->out.kind == SG_OUT_TIMEOUT;
      if (r->skipped) continue;
      bool dec = r->out.kind == SG_OUT_OK && r->out.answers.n > 0;
      for (uint32_t k = 0; dec && k < r->out.answers.n; k++)
        dec = r->out.answers.a[k] == SG_ANS_SAT || r->out.answers.a[k] == SG_ANS_UNSAT;
      all = all && dec;
    }
  res->all_decided = all;
}

/* Stage 4: the same verdict from one more fresh probe (and its referees)? A run of it that
 * could not be started is told to p (p->unstarted; its own verdict stays as it was). */
static bool
confirm (const sg_escalate_opts *o, sg_store *s, const sg_script *sc, const char *text, size_t len,
         const sg_probe_opts *po, sg_probe *p, sg_escalate_result *res)
{
  sg_probe again;
  sg_probe_init (&again);
  bool same = sg_probe_script (o->solvers, o->pats, s, sc, text, len, po, &again) == SG_RC_OK;
  if (same)
    {
      uint32_t calls = 0;
      o->count (o->ctx, &again);
      sg_probe_referee (o->referees, o->pats, s, sc, text, len, po, &again, &calls);
      res->referee_calls += calls;
      if (sg_probe_total (o->solvers, o->referees, o->pats, text, len, po, &again, NULL, &calls) == SG_RC_OK)
        res->total_calls += calls;
      same = again.verdict.kind == p->verdict.kind && again.verdict.culprit == p->verdict.culprit;
      /* the other runs blamed: those the confirmation blames too (both hold the culprit) */
      if (same) p->verdict.culprits &= again.verdict.culprits;
    }
  if (again.unstarted[0])
    {
      same = false;
      if (!p->unstarted[0]) memcpy (p->unstarted, again.unstarted, sizeof p->unstarted);
    }
  sg_probe_free (&again);
  return same;
}

/* Rule 6: after a fast path cut at fast_ms, should the probe be run again with the full
 * timeout? Counts the cut runs into res. */
static bool
performance_candidate (const sg_escalate_opts *o, const sg_probe *p, sg_escalate_result *res)
{
  bool decided = false, unknown_cut = false;
  for (uint32_t i = 0; i < p->runs.n; i++)
    {
      const sg_probe_run *r = &p->runs.a[i];
      if (r->skipped) continue;
      bool cut = r->out.kind == SG_OUT_TIMEOUT;
      res->cut += cut;
      unknown_cut = unknown_cut || (cut && (i >= 32 || !(o->known_hang >> i & 1u)));
      decided = decided || sg_probe_run_decided (r);
    }
  if (!unknown_cut) return false;
  return decided || (o->incompleteness && o->expected != SG_ANS_NONE);
}

sg_rc
sg_escalate (const sg_escalate_opts *o, sg_store *s, const sg_script *sc, const char *text, size_t len,
             sg_probe *p, sg_escalate_result *res)
{
  memset (res, 0, sizeof *res);
  sg_probe_opts po;
  memset (&po, 0, sizeof po);
  bool cut = false;
  next_stage (o, &po, &cut);
  po.mem_bytes = o->mem_bytes;
  /* the runs that decide are plain; the validating runs (probe.h) only where models are
   * checked: sampled and suspicious scripts */
  po.validate = o->sampled;
  po.parallel = o->parallel;
  po.oracle.expected = o->expected;
  po.oracle.incompleteness = o->incompleteness;
  /* 1. Fast path: sessions, no models (unless sampled: then models too, asked in fresh
   * validating model runs; without sessions this is already the full probe). */
  po.models = o->sampled;
  po.sessions = o->sessions;
  res->escalated += o->sampled;
  uint32_t full_ms = po.timeout_ms;
  bool adaptive = o->fast_ms && !o->sampled && (!full_ms || o->fast_ms < full_ms);
  if (adaptive) po.timeout_ms = o->fast_ms;
  sg_rc rc = sg_probe_script (o->solvers, o->pats, s, sc, text, len, &po, p);
  if (rc) return rc;
  /* a sampled probe whose every run was fresh is already the full one: stage 2 adds nothing */
  bool fresh_full = o->sampled;
  for (uint32_t i = 0; i < p->runs.n; i++) fresh_full = fresh_full && !p->runs.a[i].session;
  o->count (o->ctx, p);
  if (adaptive && performance_candidate (o, p, res) && !o->out_of_time (o->ctx))
    {
      /* 6. A cut run another solver decided around: once more, fresh, the full timeout. */
      res->rerun = true;
      next_stage (o, &po, &cut);
      po.sessions = NULL;
      sg_probe_free (p);
      sg_probe_init (p);
      if ((rc = sg_probe_script (o->solvers, o->pats, s, sc, text, len, &po, p))) return rc;
      o->count (o->ctx, p);
      for (uint32_t i = 0; i < p->runs.n && i < 32; i++)
        if (!p->runs.a[i].skipped && p->runs.a[i].out.kind == SG_OUT_TIMEOUT) res->hang |= 1u << i;
    }
  po.timeout_ms = full_ms; /* later stages (and after_fast's own runs): the full timeout */
  first_probe_facts (p, res);
  if (o->after_fast) o->after_fast (o->ctx, &po, p);
  if (p->unstarted[0]) return SG_RC_OK; /* a fresh run of after_fast's could not start: not judged */
  if (!sg_escalate_reportable (p->verdict.kind, o->incompleteness))
    {
      res->checked = o->sampled;
      return SG_RC_OK;
    }
  /* Past the budget: the remaining stages are not run (the verdict stays unconfirmed). */
  if (o->out_of_time (o->ctx)) return SG_RC_OK;
  next_stage (o, &po, &cut);
  if (!fresh_full)
    {
      /* 2. Suspicious: every solver again, fresh, with models. */
      res->escalated++;
      sg_probe_free (p);
      sg_probe_init (p);
      po.models = o->models;
      po.validate = true;
      po.sessions = NULL;
      if ((rc = sg_probe_script (o->solvers, o->pats, s, sc, text, len, &po, p))) return rc;
      o->count (o->ctx, p);
      if (!sg_escalate_reportable (p->verdict.kind, o->incompleteness))
        {
          res->unconfirmed++;
          res->checked = true;
          return SG_RC_OK;
        }
    }
  if (o->out_of_time (o->ctx)) return SG_RC_OK;
  next_stage (o, &po, &cut);
  /* 3. A disagreement no model decides: the totalised formula when an unspecified value may
   * explain it (oracle/total.h), else the referees. */
  uint32_t calls = 0;
  if ((rc = sg_probe_total (o->solvers, o->referees, o->pats, text, len, &po, p, o->total, &calls))) return rc;
  res->total_calls += calls;
  sg_probe_referee (o->referees, o->pats, s, sc, text, len, &po, p, &calls);
  res->referee_calls += calls;
  if (o->out_of_time (o->ctx)) return SG_RC_OK;
  next_stage (o, &po, &cut);
  /* 4. No false alarms: the same verdict must come back from fresh processes; a timeout the
   * budget's end cut short is no evidence of incompleteness. */
  bool same = confirm (o, s, sc, text, len, &po, p, res);
  if (same && cut && p->verdict.kind == SG_VERDICT_INCOMPLETE) same = false;
  if (!same) res->unconfirmed++;
  res->finding = same;
  return SG_RC_OK;
}
