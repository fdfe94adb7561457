/* implication: the oracles that compare a step of a chain with the step before it (Janus,
 * TECHNIQUES.md) — implication: a solver decided the previous step (by construction it
 * implies this one, or the reverse) and gives unknown or a timeout on this step; regression:
 * the reference solver decides this step with the expected status and another solver does
 * not (any engine with --reference: the status need not be known, the reference only has to
 * decide), or decides it 10 times slower (performance: sg_reference_slower). Never a
 * soundness verdict. Every verdict is confirmed by fresh runs (this step
 * undecided again, the previous step decided again / the reference deciding again) before
 * it is returned.
 * With no expected status (SG_ANS_NONE: enum), any decided answer of the reference counts.
 * Owns: nothing.
 * Tests: tests/cli/run_cli_tests.sh (group janus), scripts/equiv.sh (janus-implication) */
#ifndef SG_ORACLE_IMPLICATION_H
#define SG_ORACLE_IMPLICATION_H

#include "oracle/probe.h"

typedef struct sg_implication {
  const sg_solver_list *solvers;
  const sg_patterns *pats;
  const char *reference;        /* profile name of the regression oracle's reference, or NULL */
  sg_answer expected;           /* this step's status by construction */
  const char *text;             /* this step */
  size_t len;
  const char *prev;             /* the previous step (the seed at step 1) */
  size_t prev_len;
  const uint8_t *prev_decided;  /* per solver (first 16): it decided the previous step; NULL
                                   when not known (no implication verdict then) */
  uint32_t step;                /* this step's number in the chain (1-based) */
  const char *rule;             /* the rule that made it */
} sg_implication;

/* The options of the fresh runs these oracles make from the fast path's po: the solvers'
 * default mode (an unknown or timeout only a self-check flag causes is not confirmed), no
 * models, no sessions, no incompleteness verdicts. */
void sg_implication_probe_opts (const sg_probe_opts *po, sg_probe_opts *out /* OUT */);
/* Judge step im->text, whose runs are p: "implication" or "regression" with p's verdict set
 * to the confirmed incompleteness finding (culprit, why), or NULL. *unconfirmed (OUT, added
 * to): verdicts the fresh runs did not repeat. A fresh run that could not be started is told
 * to p (p->unstarted, when empty) and ends the judging: NULL (so does sg_reference_slower). */
const char *sg_implication_judge (const sg_implication *im, const sg_probe_opts *po, sg_probe *p,
                                  uint32_t *unconfirmed);

/* Performance regression against --reference (every engine): a solver decided at least
 * SG_PERF_RATIO times slower than the reference (and at least SG_PERF_MIN_S) in p, and the
 * medians of SG_PERF_REPEATS fresh runs of each alone keep both bounds. */
#define SG_PERF_RATIO 10.0
#define SG_PERF_MIN_S 0.5
#define SG_PERF_REPEATS 3u
/* Called by sg_implication_judge when the reference decided and no incompleteness was found:
 * "performance" with p's verdict set (culprit, why), or NULL. */
const char *sg_reference_slower (const sg_implication *im, const sg_probe_opts *po, sg_probe *p,
                                 uint32_t ref);

#endif
