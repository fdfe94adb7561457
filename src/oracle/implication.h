/* implication: the oracles that compare a step of a chain with the step before it (Janus,
 * TECHNIQUES.md) — implication: a solver decided the previous step (by construction it
 * implies this one, or the reverse) and gives unknown or a timeout on this step; regression:
 * the reference solver decides this step with the expected status and another solver does
 * not. Never a soundness verdict. Every verdict is confirmed by fresh runs (this step
 * undecided again, the previous step decided again / the reference deciding again) before
 * it is returned. Performance (perf_ratio): the reference decides, another solver decides
 * perf_ratio times slower, confirmed by the median times of repeated fresh runs: reported as
 * an incompleteness verdict whose why line starts "performance:".
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
  /* Performance regression (enum): with a reference that decides, another solver deciding
   * perf_ratio times slower and taking at least perf_min_s, by the medians of
   * SG_PERF_REPEATS fresh runs each; perf_ratio 0 = off. */
  double perf_ratio;
  double perf_min_s;
} sg_implication;

#define SG_PERF_REPEATS 3

/* The options of the fresh runs these oracles make from the fast path's po: the solvers'
 * default mode (an unknown or timeout only a self-check flag causes is not confirmed), no
 * models, no sessions, no incompleteness verdicts. */
void sg_implication_probe_opts (const sg_probe_opts *po, sg_probe_opts *out /* OUT */);
/* Parse text in a store of its own and probe it; false when it does not parse or run. */
bool sg_probe_text (const sg_solver_list *solvers, const sg_patterns *pats, const char *text, size_t len,
                    const sg_probe_opts *po, sg_probe *out /* OUT */);
/* Judge step im->text, whose runs are p: "implication" or "regression" with p's verdict set
 * to the confirmed incompleteness finding (culprit, why), or NULL. *unconfirmed (OUT, added
 * to): verdicts the fresh runs did not repeat. */
const char *sg_implication_judge (const sg_implication *im, const sg_probe_opts *po, sg_probe *p,
                                  uint32_t *unconfirmed);

#endif
