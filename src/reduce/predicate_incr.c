/* predicate_incr: the finding predicate of incremental findings and of unsat-core findings
 * (predicate.h): the incremental oracles (oracle/incr.h) run again on each candidate, the
 * way the fuzz loop runs them (loop/loop_judge.c judge_incr), and the candidate keeps the
 * finding when they break the same rule, blamed on the same solver, with the same wrong answer.
 * The blamed solver runs first and alone; the others only where the rule needs them (a check-sat
 * answer is judged against every solver's one-shot answer on its scope; a core or assumptions
 * against every solver's answer on what it claims unsat). */
#include "reduce/predicate.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "front/parse.h"
#include "oracle/incr.h"
#include "run/spawn.h"

enum {
  RULE_NONE,
  RULE_ANSWER,     /* a check-sat answer shown wrong by its scope asked alone */
  RULE_MODEL,      /* the model after sat falsifies an assertion in scope */
  RULE_VALUE,      /* a get-value answer contradicts the solver's own model */
  RULE_CORE_SAT,   /* an unsat core satisfiable alone */
  RULE_CORE_NAME,  /* an unsat core naming what is not a named assertion in scope */
  RULE_ASSUME_SAT, /* unsat assumptions satisfiable with the assertions */
  RULE_ASSUME_OUT, /* unsat assumptions naming what is not an assumption */
  RULE_COUNT
};

static const char *const rule_names[RULE_COUNT] = {
  "none",
  "a check-sat answer against its scope asked alone",
  "the model after sat",
  "a get-value answer against the model",
  "an unsat core satisfiable alone",
  "an unsat core naming what is not in scope",
  "unsat assumptions satisfiable",
  "unsat assumptions outside the assumptions",
};

const char *
sg_pred_incr_rule_name (uint8_t rule)
{
  return rule < RULE_COUNT ? rule_names[rule] : "?";
}

/* The rule of a finding from its query kind (sg_incr_result.what, a bucket key's "incremental:
 * WHAT") and its why line (a core or assumptions: satisfiable, or naming something else). */
static uint8_t
rule_of (const char *what, const char *why)
{
  if (!strncmp (what, "check-sat", 9)) return RULE_ANSWER;
  if (!strcmp (what, "model")) return RULE_MODEL;
  if (!strcmp (what, "get-value")) return RULE_VALUE;
  bool sat = strstr (why, ") is satisfiable") || strstr (why, ") are satisfiable");
  if (!strcmp (what, "unsat core")) return sat ? RULE_CORE_SAT : RULE_CORE_NAME;
  if (!strcmp (what, "unsat assumptions")) return sat ? RULE_ASSUME_SAT : RULE_ASSUME_OUT;
  return RULE_NONE;
}

void
sg_pred_incr_expect (sg_pred *p, const char *oracle, const char *signature, const char *why)
{
  p->incr = true;
  static const char pre[] = "incremental: ";
  if (!strcmp (oracle, "core")) p->incr_rule = RULE_CORE_SAT; /* the core oracle's one rule */
  else if (signature && !strncmp (signature, pre, sizeof pre - 1))
    p->incr_rule = rule_of (signature + sizeof pre - 1, why ? why : "");
  else p->incr_rule = RULE_NONE; /* told by the golden run */
}

/* What the oracles showed on one script. */
typedef struct seen {
  uint8_t rule;          /* RULE_NONE: nothing */
  uint32_t culprit;      /* index in p->solvers */
  sg_verdict_kind kind;
  sg_answer ans;         /* RULE_ANSWER: the culprit's answer to the query */
  uint64_t rejected;     /* bit i: solver i rejected the script (the others were probed) */
  double maxwall;        /* the longest run on the script */
  bool asked;            /* the script asks the rule's get command after the query */
  char why[256];         /* the oracle's line, or why nothing was judged */
} seen;

/* Move the runs of `one` (the culprit's) and `rest` (the others, in order) into m in solver
 * order. */
static sg_rc
merge_runs (const sg_pred *p, sg_probe *one, sg_probe *rest, sg_probe *m)
{
  uint32_t a = 0, b = 0;
  for (uint32_t i = 0; i < p->solvers.n; i++)
    {
      sg_probe *src = i == p->culprit ? one : rest;
      uint32_t *k = i == p->culprit ? &a : &b;
      if (*k >= src->runs.n) return SG_RC_IO;
      if (!SG_VEC_PUSH (m->runs, src->runs.a[*k])) return SG_RC_NOMEM;
      sg_outcome_init (&src->runs.a[*k].out); /* moved */
      (*k)++;
    }
  m->unspec = one->unspec;
  memcpy (m->unspec_why, one->unspec_why, sizeof m->unspec_why);
  return SG_RC_OK;
}

/* Probe the solvers of p: only the culprit (others false) or all but it, into pr. */
static sg_rc
probe_part (const sg_pred *p, bool others, const sg_probe_opts *po, sg_store *s, const sg_script *sc,
            const char *text, size_t len, sg_probe *pr)
{
  sg_solver_list l = { 0 };
  for (uint32_t i = 0; i < p->solvers.n; i++)
    if ((i == p->culprit) != others && !SG_VEC_PUSH (l, p->solvers.a[i])) { SG_VEC_FREE (l); return SG_RC_NOMEM; }
  sg_rc rc = l.n ? sg_probe_script ((const sg_solver_list *) &l, &p->pats, s, sc, text, len, po, pr) : SG_RC_OK;
  /* l holds shallow copies of p's profiles: point the runs at p's own */
  for (uint32_t i = 0, k = 0; i < p->solvers.n && k < pr->runs.n; i++)
    if ((i == p->culprit) != others) pr->runs.a[k++].prof = &p->solvers.a[i];
  SG_VEC_FREE (l); /* the profiles are borrowed */
  return rc;
}

/* Cores and assumptions: is the query's whole scope (every assumption asserted) shown
 * satisfiable, some solver's sat with a model our evaluator validates? Then the unsat answer
 * itself is wrong, and a satisfiable core or assumptions follow from it: another bug. */
static bool
scope_sat (const sg_pred *p, const sg_probe_opts *po, sg_store *s, const sg_script *sc, uint32_t q,
           uint32_t *runs, bool *unstarted)
{
  sg_buf b;
  sg_buf_init (&b);
  bool sat = false;
  if (sg_incr_scope (s, sc, q, &b, NULL)) { sg_buf_free (&b); return true; } /* not told: not kept */
  sg_probe_opts so = sg_incr_probe_opts (po);
  sg_probe sp;
  sg_probe_init (&sp);
  if (sg_probe_text (&p->solvers, &p->pats, sg_buf_cstr (&b), b.len, &so, &sp))
    for (uint32_t j = 0; j < sp.runs.n; j++)
      {
        const sg_probe_run *r = &sp.runs.a[j];
        *runs += !r->skipped;
        sat |= !r->skipped && r->out.kind == SG_OUT_OK && r->out.answers.n == 1
               && r->out.answers.a[0] == SG_ANS_SAT && r->model == SG_MODEL_VALID;
      }
  if (sp.unstarted[0]) *unstarted = true, sat = true;
  sg_probe_free (&sp);
  sg_buf_free (&b);
  return sat;
}

/* Does sc ask, after its query q (0-based) and before the next one, the get command that shows
 * rule's answer (get-unsat-core, get-unsat-assumptions, get-value, get-model)? */
static bool
asks (const sg_script *sc, uint32_t q, uint8_t rule)
{
  uint16_t want = rule == RULE_CORE_SAT || rule == RULE_CORE_NAME     ? SG_WK_GET_UNSAT_CORE
                  : rule == RULE_ASSUME_SAT || rule == RULE_ASSUME_OUT ? SG_WK_GET_UNSAT_ASSUMPTIONS
                  : rule == RULE_VALUE                                 ? SG_WK_GET_VALUE
                  : rule == RULE_MODEL                                 ? SG_WK_GET_MODEL
                                                                       : 0;
  uint32_t seen_q = 0;
  for (uint32_t i = 0; want && i < sc->cmds.n; i++)
    {
      uint16_t k = sc->cmds.a[i].kind;
      bool query = k == SG_WK_CHECK_SAT || k == SG_WK_CHECK_SAT_ASSUMING;
      if (query && seen_q++ > q) return false;
      if (!query && seen_q == q + 1 && k == want) return true;
    }
  return false;
}

/* The finding r of an oracle, blamed on solver `culprit` whose run is `run`, into w. */
static void
take (const sg_incr_result *r, uint32_t culprit, const sg_probe_run *run, seen *w)
{
  w->rule = rule_of (r->what, r->why);
  w->culprit = culprit;
  w->kind = r->kind;
  w->ans = w->rule == RULE_ANSWER && r->query < run->out.answers.n ? (sg_answer) run->out.answers.a[r->query]
                                                                   : SG_ANS_NONE;
  snprintf (w->why, sizeof w->why, "%s", r->why);
}

/* Judge script sc (text) as the fuzz loop does, for the rule `want` (RULE_NONE: whichever
 * shows first, the golden run): the culprit alone first, then the others where the rule needs
 * them. What was shown into w. */
static void
judge (const sg_pred *p, double timeout_s, uint8_t want, sg_store *s, const sg_script *sc,
       const char *text, size_t len, uint32_t *runs, bool *unstarted, seen *w)
{
  memset (w, 0, sizeof *w);
  w->culprit = SG_NONE;
  sg_probe_opts po;
  memset (&po, 0, sizeof po);
  po.timeout_ms = sg_spawn_ms (timeout_s);
  po.deadline = p->deadline;
  po.mem_bytes = p->mem_bytes;
  sg_incr_opts io = { .solvers = &p->solvers, .pats = &p->pats, .po = &po };
  uint32_t nq = sg_incr_queries (sc);
  sg_probe one, rest, m;
  sg_probe_init (&one), sg_probe_init (&rest), sg_probe_init (&m);
  sg_incr_result r;
  sg_incr_result_init (&r);
  sg_probe_run *cr = NULL;
  sg_probe view; /* the culprit's run alone (a view of it, never freed) */
  memset (&view, 0, sizeof view);
  if (!nq) { snprintf (w->why, sizeof w->why, "no check-sat"); goto out; }
  if (probe_part (p, false, &po, s, sc, text, len, &one)) goto out;
  *runs += one.runs.n;
  if (one.unstarted[0]) { *unstarted = true; goto out; }
  if (one.runs.n != 1) goto out;
  cr = &one.runs.a[0];
  w->maxwall = cr->out.wall_s;
  if (one.unspec)
    {
      snprintf (w->why, sizeof w->why, "the script may take a value SMT-LIB leaves unspecified (%.150s)", one.unspec_why);
      goto out;
    }
  if (cr->skipped || cr->out.kind != SG_OUT_OK || cr->out.answers.n != nq)
    {
      snprintf (w->why, sizeof w->why, "%s: %s with %u answers to %u queries", p->solvers.a[p->culprit].name,
                cr->skipped ? "skipped" : sg_outcome_kind_name (cr->out.kind), cr->out.answers.n, nq);
      goto out;
    }
  /* Under a known rule, the culprit's answers must allow it (else nothing more is run), and
   * the oracles judge only its run, only its answers of that rule's kind. */
  if (want != RULE_NONE)
    {
      sg_answer need = want == RULE_ANSWER ? p->incr_ans
                       : want == RULE_MODEL || want == RULE_VALUE ? SG_ANS_SAT : SG_ANS_UNSAT;
      bool any = false;
      for (uint32_t q = 0; q < nq && q < SG_INCR_MAX_QUERIES; q++) any |= cr->out.answers.a[q] == need;
      if (!any)
        {
          snprintf (w->why, sizeof w->why, "%s never answers %s", p->solvers.a[p->culprit].name, sg_answer_name (need));
          goto out;
        }
      io.focus_ans = want == RULE_ANSWER ? (uint8_t) (need + 1) : 0;
      io.focus_get = want == RULE_ANSWER ? 0 : need == SG_ANS_SAT ? 1 : 2;
    }
  if (want == RULE_NONE || want == RULE_ANSWER)
    {
      /* every solver: the scopes' one-shot answers are compared with each incremental one */
      sg_rc rc = probe_part (p, true, &po, s, sc, text, len, &rest);
      *runs += rest.runs.n;
      if (rest.unstarted[0]) *unstarted = true;
      if (rc || *unstarted || merge_runs (p, &one, &rest, &m)) goto out;
      cr = &m.runs.a[p->culprit];
      for (uint32_t i = 0; i < m.runs.n && i < 64; i++)
        {
          const sg_probe_run *ri = &m.runs.a[i];
          if (!ri->skipped && ri->out.kind == SG_OUT_REJECTED) w->rejected |= 1ull << i;
          if (!ri->skipped && ri->out.wall_s > w->maxwall) w->maxwall = ri->out.wall_s;
        }
      io.focus_run = want == RULE_ANSWER ? p->culprit + 1 : 0;
      if (sg_script_incremental (sc) && sg_incr_judge (&io, s, sc, text, len, &m, &r) == SG_RC_OK)
        {
          *runs += r.calls;
          if (r.unstarted[0]) { *unstarted = true; goto out; }
          if (sg_verdict_is_bug (r.kind) && r.culprit < m.runs.n)
            {
              take (&r, r.culprit, &m.runs.a[r.culprit], w);
              w->asked = asks (sc, r.query, w->rule);
              goto out;
            }
        }
      if (want == RULE_ANSWER) goto out;
      r.calls = 0;
    }
  /* what the culprit says after its answers: its run alone */
  view.runs.a = cr;
  view.runs.n = 1;
  io.focus_run = 0;
  sg_incr_get_judge (&io, s, sc, &view, &r);
  *runs += r.calls;
  if (r.unstarted[0]) { *unstarted = true; goto out; }
  if (!sg_verdict_is_bug (r.kind) || r.culprit != 0) goto out;
  take (&r, p->culprit, cr, w);
  w->asked = asks (sc, r.query, w->rule);
  if ((w->rule == RULE_CORE_SAT || w->rule == RULE_ASSUME_SAT || w->rule == RULE_CORE_NAME
       || w->rule == RULE_ASSUME_OUT)
      && scope_sat (p, &po, s, sc, r.query, runs, unstarted))
    {
      snprintf (w->why, sizeof w->why, "check-sat %u's whole scope is satisfiable: its unsat answer is the "
                "bug, not its %s", r.query + 1, w->rule <= RULE_CORE_NAME ? "core" : "assumptions");
      w->rule = RULE_NONE;
    }
out:
  sg_incr_result_free (&r);
  sg_probe_free (&m), sg_probe_free (&rest), sg_probe_free (&one);
}

static bool
same (const sg_pred *p, const seen *w)
{
  return w->rule != RULE_NONE && w->rule == p->incr_rule && w->culprit == p->culprit && w->kind == p->kind
         && (w->rule != RULE_ANSWER || w->ans == p->incr_ans)
         && !(w->rejected & ~p->g_rejected) /* a rejection the finding did not have */
         && (!p->incr_get || w->asked);       /* the question still asked (shown as it is run) */
}

sg_rc
sg_pred_incr_golden (sg_pred *p, const char *path, const char *text, size_t len, sg_store *s,
                     const sg_script *sc, sg_diag *d)
{
  if (p->culprit == SG_NONE)
    return sg_diag_set (d, SG_RC_USAGE, 0, 0, "an incremental finding must name the solver it blames");
  bool by_budget = false, unstarted = false;
  double limit = p->golden_timeout_s;
  if (p->deadline > 0)
    {
      double left = p->deadline - sg_spawn_now ();
      if (left < 0.001) left = 0.001;
      if (left < limit) limit = left, by_budget = true;
    }
  seen w;
  uint32_t runs = 0;
  judge (p, limit, RULE_NONE, s, sc, text, len, &runs, &unstarted, &w);
  if (unstarted) return sg_diag_set (d, SG_RC_IO, 0, 0, "a solver could not be started");
  uint8_t want = p->incr_rule;
  p->g_rejected = w.rejected & ~(p->culprit < 64 ? 1ull << p->culprit : 0);
  p->incr_ans = w.ans;
  p->incr_get = w.asked;
  if (want == RULE_NONE) p->incr_rule = w.rule;
  if (!same (p, &w))
    {
      char cut[96] = "";
      if (by_budget)
        snprintf (cut, sizeof cut, " (the runs, one after the other, had the %.3g s left of --budget)", limit);
      return sg_diag_set (d, SG_RC_USAGE, 0, 0, "the finding (%s of %s: %s) does not reproduce on %s: %s%s%s%s",
                          sg_verdict_kind_name (p->kind), p->solvers.a[p->culprit].name,
                          sg_pred_incr_rule_name (want != RULE_NONE ? want : p->incr_rule), path,
                          w.rule == RULE_NONE ? "the incremental oracles show nothing"
                                              : "they show another rule, solver or kind: ",
                          w.rule == RULE_NONE ? "" : sg_pred_incr_rule_name (w.rule),
                          w.why[0] ? "; " : "", w.why);
    }
  /* The scopes and questions are run with the limit the script's runs need, and more: a
   * scope asked alone may take longer than its query did. */
  if (p->timeout_s <= 0) p->timeout_s = fmin ((w.maxwall + 1.0) * 3.0, p->golden_timeout_s);
  snprintf (p->desc, sizeof p->desc, "%s of %s, %s (%s)", sg_verdict_kind_name (p->kind),
            p->solvers.a[p->culprit].name, sg_pred_incr_rule_name (p->incr_rule), w.why);
  return SG_RC_OK;
}

bool
sg_pred_incr_test (const sg_pred *p, double timeout_s, sg_store *s, const sg_script *sc,
                   const char *text, size_t len, uint32_t *runs, bool *unstarted)
{
  seen w;
  judge (p, timeout_s, p->incr_rule, s, sc, text, len, runs, unstarted, &w);
  return !*unstarted && same (p, &w);
}

bool
sg_pred_incr_explain (const sg_pred *p, const char *text, size_t len, char *why, size_t size)
{
  sg_store s;
  sg_script sc;
  sg_diag d;
  bool ok = false, unstarted = false;
  snprintf (why, size, "not shown again");
  if (sg_store_init (&s)) return false;
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "reduced");
  if (!sg_parse_string (&s, &sc, text, len, "reduced", &d))
    {
      /* after the reduction: --budget's end does not cut this last judgement short */
      sg_pred q = *p;
      q.deadline = 0;
      seen w;
      uint32_t runs = 0;
      judge (&q, p->timeout_s, p->incr_rule, &s, &sc, text, len, &runs, &unstarted, &w);
      ok = !unstarted && same (p, &w);
      if (ok || w.why[0]) snprintf (why, size, "%s", w.why);
    }
  sg_script_free (&sc);
  sg_store_free (&s);
  return ok;
}
