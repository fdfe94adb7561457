/* escalate: how one script becomes a confirmed verdict — the escalation and confirmation
 * rules every engine shares (the fuzz loop, loop/loop.c, calls them per mutant):
 *   1. the fast path: the solvers whose profile says sessions pay get the script through a
 *      session, the others in fresh processes, plain (oracle/probe.h), no models — unless
 *      the script is sampled (--model-sample): then the models too are asked and checked,
 *      in fresh model runs that carry the solvers' own checks (the validating runs), and
 *      the other validating runs are made (with no sessions at all this first probe is
 *      already the full one);
 *   2. only a verdict that would be a finding (not ok, not performance; incompleteness only
 *      when asked for) escalates: the full probe runs every solver again in fresh processes
 *      with models checked by our evaluator and the validating runs (skipped when the first
 *      probe was already that);
 *      a verdict it does not repeat is unconfirmed;
 *   3. an `unspecified` disagreement asks the totalised formula (sg_probe_total, issue 54:
 *      a sat answer it shows wrong becomes a soundness finding); a disagreement no model
 *      decides asks the referees (sg_probe_referee);
 *   4. confirmation: one more fresh probe (and its referees) must give the same kind and the
 *      same culprit; of the other runs blamed, only those it blames too stay blamed; nothing
 *      only a session said is ever reported;
 *   5. every stage gets the timeout the caller's stage_ms gives (the budget's end cuts it) and
 *      no stage starts once out_of_time says so; an incompleteness verdict from a run the
 *      budget cut short is not confirmed;
 *   6. adaptive timeouts (fast_ms, loop/loop_adapt.h): the fast path (unless sampled) runs
 *      with the lower of fast_ms and the stage's timeout. A run that timed out there is "cut":
 *      a performance candidate. When another solver decided the script in that probe (or, with
 *      incompleteness findings on, the script has an expected status), the whole first probe
 *      is run once more in fresh processes with the stage's full timeout, and the rules above
 *      go on from that probe as if it were the first (so its verdict is the one a run without
 *      the cut would judge: a timeout that persists is an incompleteness finding when those
 *      are asked for, an answer is judged as any). When no solver decided, the cut runs count
 *      as timeouts and nothing is re-run: a script every solver needs more than fast_ms for
 *      is not judged further. Nor is it re-run when every cut solver is in known_hang (a
 *      re-run already confirmed that solver hangs on an earlier mutant of the chain).
 * Owns: nothing (the probe p is the caller's).
 * Tests: tests/unit/loop_test.c, scripts/equiv.sh (the same verdicts as before the move) */
#ifndef SG_ORACLE_ESCALATE_H
#define SG_ORACLE_ESCALATE_H

#include "oracle/probe.h"

typedef struct sg_escalate_opts {
  const sg_solver_list *solvers;  /* under test */
  const sg_solver_list *referees; /* or NULL */
  const sg_patterns *pats;
  uint32_t timeout_ms;            /* the run's own timeout (0: none) */
  uint64_t mem_bytes;
  bool models;                    /* the full path checks models */
  bool sampled;                   /* check this script's models anyway: the first probe is full */
  bool parallel;                  /* solvers side by side */
  bool incompleteness;            /* incompleteness verdicts are findings */
  sg_answer expected;             /* the script's status by construction, or SG_ANS_NONE */
  sg_session **sessions;          /* the fast path's sessions per solver (NULL: none) */
  /* The caller's hooks (ctx is theirs): the timeout for the next stage (the run's own, cut at
   * the budget's end); whether the budget is over; every probe's runs, for the counters;
   * right after the first probe (before any escalation), for oracles of the technique that
   * judge that probe themselves (sg_implication_judge). */
  uint32_t (*stage_ms) (void *ctx);
  bool (*out_of_time) (void *ctx);
  void (*count) (void *ctx, const sg_probe *p);
  void (*after_fast) (void *ctx, const sg_probe_opts *po, sg_probe *p);
  void *ctx;
  uint32_t fast_ms;               /* rule 6: the fast path's adaptive bound in ms; 0 none */
  uint32_t known_hang;            /* rule 6: solvers (bit i: the i-th, i < 32) whose cut runs
                                     are not re-run: a re-run with the full timeout already
                                     confirmed they hang on a script like this one (the fuzz
                                     loop: an earlier mutant of the chain) */
  sg_buf *total;                  /* or NULL: the totalised text when the totalised formula
                                     decided p's verdict (sg_probe_total), else empty */
} sg_escalate_opts;

typedef struct sg_escalate_result {
  bool finding;          /* p holds a confirmed verdict to write */
  bool checked;          /* the last probe checked models and found nothing reportable: a
                            validated model may contradict the expected status (p's why) */
  uint32_t escalated;    /* full probes (sampled or suspicious) */
  uint32_t unconfirmed;  /* verdicts a later stage did not repeat */
  uint32_t referee_calls;
  uint32_t total_calls;  /* runs on the totalised formula (oracle/total.h), its referees' too */
  uint32_t timeouts;     /* solver timeouts of the first probe (the re-run's, rule 6) */
  bool all_decided;      /* every solver decided in the first probe (the re-run's, rule 6) */
  uint32_t cut;          /* rule 6: runs of the fast path cut at fast_ms */
  bool rerun;            /* rule 6: the first probe was run again with the full timeout */
  uint32_t hang;         /* rule 6: solvers (bit i) that timed out in that re-run too */
} sg_escalate_result;

/* Is a verdict of this kind a finding (not ok, not performance; incompleteness only when
 * asked for)? */
bool sg_escalate_reportable (sg_verdict_kind k, bool incompleteness);
/* Did run r decide every query (sat or unsat), or answer unknown / time out? */
bool sg_probe_run_decided (const sg_probe_run *r);
bool sg_probe_run_undecided (const sg_probe_run *r);

/* Judge the script sc (text) by the rules above into p (initialised by the caller, freed by
 * the caller) and res. Returns SG_RC_OK whenever the probes ran. */
sg_rc sg_escalate (const sg_escalate_opts *o, sg_store *s, const sg_script *sc, const char *text, size_t len,
                   sg_probe *p, sg_escalate_result *res /* OUT */);

#endif
