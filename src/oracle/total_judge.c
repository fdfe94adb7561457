/* total_judge: an `unspecified` disagreement decided by the totalised formula (total.h). */
#include "oracle/total.h"

#include <stdio.h>
#include <string.h>

#include "eval/eval.h"
#include "run/spawn.h"

/* Run i's answer to query q (SG_ANS_NONE: none). */
static sg_answer
answer (const sg_probe_run *r, uint32_t q)
{
  if (r->skipped || r->out.kind != SG_OUT_OK || q >= r->out.answers.n) return SG_ANS_NONE;
  return (sg_answer) r->out.answers.a[q];
}

/* The families that decided the totalised formula: at most 16 names, each once. */
typedef struct fams {
  const char *name[16];
  uint32_t n;
} fams;

static void
fams_add (fams *f, const char *name)
{
  for (uint32_t i = 0; i < f->n; i++)
    if (sg_profile_same_family (f->name[i], name)) return;
  if (f->n < 16) f->name[f->n++] = name;
}

/* What the totalised formula's runs say on query q. */
typedef struct tally {
  fams unsat;      /* families that answered unsat */
  bool sat;        /* a run answered sat (with no model our evaluator refutes) */
  char who[96];    /* the solvers that answered unsat, for the why line */
} tally;

static void
tally_unsat (tally *t, const char *name)
{
  size_t at = strlen (t->who);
  if (at + strlen (name) + 3 < sizeof t->who) snprintf (t->who + at, sizeof t->who - at, "%s%s", at ? ", " : "", name);
  fams_add (&t->unsat, name);
}

/* The blamed side of p on q: the runs that answered sat (bit i: run i), and whether anything
 * says unsat (a run, or the expected status). */
static uint64_t
sat_side (const sg_probe *p, uint32_t q, sg_answer expected, bool *against)
{
  uint64_t sat = 0;
  *against = expected == SG_ANS_UNSAT;
  for (uint32_t i = 0; i < p->runs.n && i < 64; i++)
    {
      sg_answer a = answer (&p->runs.a[i], q);
      if (a == SG_ANS_SAT) sat |= (uint64_t) 1 << i;
      *against |= a == SG_ANS_UNSAT;
    }
  return sat;
}

/* A run of p, or of the totalised probe tp, by a solver of the family of name that decided? */
static bool
decided_by_family (const sg_probe *p, const sg_probe *tp, uint32_t q, const char *name)
{
  const sg_probe *ps[2] = { p, tp };
  for (int k = 0; k < 2; k++)
    for (uint32_t i = 0; i < ps[k]->runs.n; i++)
      {
        sg_answer a = answer (&ps[k]->runs.a[i], q);
        if ((a == SG_ANS_SAT || a == SG_ANS_UNSAT) && sg_profile_same_family (ps[k]->runs.a[i].prof->name, name))
          return true;
      }
  return false;
}

/* The referees, one at a time on the totalised text, until one answers sat or two families
 * have answered unsat: their answers join t. A referee that could not start is said in
 * p->unstarted. */
static sg_rc
ask_referees (const sg_solver_list *referees, const sg_patterns *pats, const sg_buf *tt, const sg_probe_opts *o,
              const sg_probe *p, const sg_probe *tp, uint32_t q, tally *t, sg_probe *pu, uint32_t *calls)
{
  const sg_argv_opts *argv = NULL;
  for (uint32_t i = 0; i < tp->runs.n && !argv; i++)
    if (!tp->runs.a[i].skipped) argv = &tp->runs.a[i].argv;
  for (uint32_t r = 0; referees && argv && r < referees->n; r++)
    {
      const sg_profile *prof = &referees->a[r];
      if (decided_by_family (p, tp, q, prof->name)) continue; /* no second opinion */
      sg_run_opts ro;
      memset (&ro, 0, sizeof ro);
      ro.argv = *argv;
      ro.argv.script_path = NULL;
      ro.timeout_ms = o->timeout_ms;
      ro.mem_bytes = o->mem_bytes;
      sg_outcome out;
      sg_outcome_init (&out);
      sg_rc rc = sg_run_text (prof, pats, &ro, tt->s, tt->len, &out);
      (*calls)++;
      sg_answer a = !rc && out.kind == SG_OUT_OK && q < out.answers.n ? (sg_answer) out.answers.a[q] : SG_ANS_NONE;
      if (!rc && out.kind == SG_OUT_EXEC_FAILED)
        snprintf (pu->unstarted, sizeof pu->unstarted, "referee %.40s could not be started (%.130s)", prof->name,
                  out.reason);
      sg_outcome_free (&out);
      if (rc || pu->unstarted[0]) return rc;
      if (a == SG_ANS_SAT) t->sat = true;
      if (a == SG_ANS_UNSAT) tally_unsat (t, prof->name);
      if (t->sat || t->unsat.n >= 2) return SG_RC_OK;
    }
  return SG_RC_OK;
}

/* p's verdict: soundness on q, every run of mask blamed (the first the culprit). */
static void
blame (sg_probe *p, uint64_t mask, uint32_t q, const tally *t)
{
  sg_verdict *v = &p->verdict;
  v->kind = SG_VERDICT_SOUNDNESS;
  sg_verdict_blame (v, SG_NONE);
  for (uint32_t i = 0; i < p->runs.n && i < 64; i++)
    if (mask >> i & 1u)
      {
        if (v->culprit == SG_NONE) sg_verdict_blame (v, i);
        else v->culprits |= (uint64_t) 1 << i;
      }
  v->query = q;
  int n = snprintf (v->why, sizeof v->why,
                    "%.40s answered sat on query %u, but its totalised formula (each partial application "
                    "guarded by its domain, a fresh function outside it) is unsat (", p->runs.a[v->culprit].prof->name,
                    q + 1);
  size_t at = n > 0 && (size_t) n < sizeof v->why ? (size_t) n : sizeof v->why - 1;
  snprintf (v->why + at, sizeof v->why - at, "%s): no value SMT-LIB leaves unspecified makes it sat", t->who);
}

sg_rc
sg_probe_total (const sg_solver_list *solvers, const sg_solver_list *referees, const sg_patterns *pats,
                const char *text, size_t len, const sg_probe_opts *o, sg_probe *p, sg_buf *total,
                uint32_t *calls)
{
  *calls = 0;
  if (total) sg_buf_reset (total);
  uint32_t q = p->verdict.query;
  if (p->verdict.kind != SG_VERDICT_UNSPECIFIED || q == SG_NONE || p->unstarted[0]) return SG_RC_OK;
  bool against;
  uint64_t mask = sat_side (p, q, o->oracle.expected, &against);
  if (!mask || !against) return SG_RC_OK; /* only a sat answer against unsat is decided here */
  sg_buf tt;
  sg_buf_init (&tt);
  char why[256];
  if (!sg_total_text (text, len, &tt, why, sizeof why))
    {
      sg_buf_free (&tt);
      return SG_RC_OK;
    }
  /* The solvers on the totalised text: fresh, no validating runs, differential. */
  sg_probe_opts po = *o;
  po.sessions = NULL;
  po.validate = false;
  po.oracle.expected = SG_ANS_NONE;
  po.oracle.incompleteness = false;
  po.oracle.perf_ratio = 0;
  sg_probe tp;
  sg_probe_init (&tp);
  sg_rc rc = SG_RC_OK;
  tally t;
  memset (&t, 0, sizeof t);
  if (sg_probe_text (solvers, pats, tt.s, tt.len, &po, &tp))
    {
      for (uint32_t i = 0; i < tp.runs.n; i++)
        {
          const sg_probe_run *r = &tp.runs.a[i];
          sg_answer a = answer (r, q);
          *calls += !r->skipped;
          if (a == SG_ANS_UNSAT) tally_unsat (&t, r->prof->name);
          /* a sat whose model our evaluator refutes is no answer */
          else if (a == SG_ANS_SAT && !(q == 0 && r->model == SG_MODEL_INVALID)) t.sat = true;
        }
      if (tp.unstarted[0]) memcpy (p->unstarted, tp.unstarted, sizeof p->unstarted);
      /* Decided by two families (solvers under test or referees), none saying sat. A
       * solver's unsat alone is not enough, even from the family of a run that answered sat
       * on the script (a hostile review): a solver contradicting itself has a bug, but which
       * answer is the wrong one only a second opinion on the totalised formula tells; nor is
       * one referee's (the other side's unsat on the script may be a narrower reading of x/0,
       * no word on the totalised formula). */
      if (!p->unstarted[0] && !t.sat && t.unsat.n < 2)
        rc = ask_referees (referees, pats, &tt, o, p, &tp, q, &t, p, calls);
      if (!rc && !p->unstarted[0] && !t.sat && t.unsat.n >= 2)
        {
          blame (p, mask, q, &t);
          if (total) sg_buf_add (total, tt.s, tt.len);
        }
    }
  if (p->unstarted[0])
    {
      /* a run that never happened decides nothing (probe.h) */
      p->verdict.kind = SG_VERDICT_OK;
      sg_verdict_blame (&p->verdict, SG_NONE);
      p->verdict.query = SG_NONE;
      snprintf (p->verdict.why, sizeof p->verdict.why, "not judged: %s", p->unstarted);
    }
  sg_probe_free (&tp);
  sg_buf_free (&tt);
  return rc;
}
