/* oracle: verdicts on the runs of several solvers (or configurations) on one script — the
 * rules every engine shares (TECHNIQUES.md §1.2): metamorphic (expected status), differential
 * (the first decided answer is the reference), model validity by our own evaluator, crashes,
 * incompleteness (unknown where a decided answer is expected) and performance (time ratio).
 * Owns: nothing; verdicts are plain values.
 * Invariants: unknown, timeouts, memouts and rejections are never soundness findings.
 * Blame of a wrong sat/unsat answer, in this order (issue 13):
 *   1. our evaluator on the models: a validated model makes every unsat answer wrong, a
 *      model it refutes makes that sat answer wrong (when another run, or the expected
 *      status, says unsat); a label or construction (the expected status) never overrides a
 *      validated model (the run is then judged differentially);
 *   2. a disagreement no model decides that an unspecified value can explain (o->unspecified)
 *      is SG_VERDICT_UNSPECIFIED, blamed on no one (the callers then ask the totalised formula,
 *      oracle/total.h, which may show a sat answer wrong whatever those values are);
 *   3. the majority of at least three decided answers from three solver families, when one
 *      family dissents: every run of the dissenting answer;
 *   4. the expected status, for metamorphic runs: every run that contradicts it;
 *   5. else no culprit: the caller asks a referee (sg_probe_referee); a finding no rule
 *      attributes is named "unattributed" (SG_UNATTRIBUTED).
 * Every run a rule shows wrong on the verdict's query is blamed (culprits: each release and
 * each configuration of a solver, not one per family); culprit is the first of them.
 * Tests: tests/unit/oracle_test.c */
#ifndef SG_ORACLE_ORACLE_H
#define SG_ORACLE_ORACLE_H

#include "eval/eval.h"
#include "run/classify.h"

typedef enum sg_verdict_kind {
  SG_VERDICT_OK,            /* nothing to report */
  SG_VERDICT_SOUNDNESS,     /* a wrong sat/unsat (metamorphic) or a disagreement (differential) */
  SG_VERDICT_INVALID_MODEL, /* sat is right but the model falsifies an assertion */
  SG_VERDICT_CRASH,         /* a crash (signal, assertion, sanitizer report) */
  SG_VERDICT_INCOMPLETE,    /* unknown/timeout where a decided answer is expected */
  SG_VERDICT_PERFORMANCE,   /* much slower than the reference run */
  SG_VERDICT_UNSPECIFIED,   /* a disagreement a value SMT-LIB leaves unspecified (unspec.def)
                               can explain, that no model decides: kept, never a bug */
  SG_VERDICT_VALIDATION,    /* a note: the solver with its own validation flags crashes where
                               its plain command answers, answers where it crashes, or answers
                               otherwise (oracle/probe.h, issue 50): kept, never a bug */
} sg_verdict_kind;

/* Is a verdict of kind k a bug (not ok, not unspecified, not a validation note)? */
bool sg_verdict_is_bug (sg_verdict_kind k);

/* What the oracle knows about one run. */
typedef struct sg_oracle_run {
  const char *solver;     /* label for messages */
  const sg_outcome *out;  /* classified run */
  int model;              /* our evaluator on its model for the first sat answer: sg_mcheck,
                             or -1 when there is none */
  bool model_checked;     /* SG_OUT_INVALID_MODEL: model is of the very model its own check
                             examined (else of a run without the check: oracle/probe.h) */
} sg_oracle_run;

typedef struct sg_oracle_opts {
  sg_answer expected;     /* metamorphic status of every query, SG_ANS_NONE = differential */
  bool incompleteness;    /* report unknown/timeout where `expected` or another run decided */
  double perf_ratio;      /* > 1: report a run this many times slower than run 0; 0 = off */
  double perf_min_s;      /* ignore runs faster than this (noise); default 1 s when 0 */
  const char *unspecified; /* the script holds an application that may take an unspecified
                              value (sg_unspec_find's why), or NULL */
} sg_oracle_opts;

typedef struct sg_verdict {
  sg_verdict_kind kind;   /* the most severe finding */
  uint32_t culprit;       /* run blamed (the first, the one `why` names), or SG_NONE when the
                             oracle cannot tell (e.g. a disagreement whose sat model our
                             evaluator cannot decide) */
  uint64_t culprits;      /* every run blamed (bit i: run i, i < 64), culprit's bit included;
                             several only for soundness (one wrong answer, several runs):
                             read it with sg_verdict_blames, set it with sg_verdict_blame */
  uint32_t query;         /* check-sat index concerned, or SG_NONE */
  char why[256];          /* one line for reports */
} sg_verdict;

/* The solver name of a finding whose culprit no rule decides (older databases: "any"). */
#define SG_UNATTRIBUTED "unattributed"

const char *sg_verdict_kind_name (sg_verdict_kind k);
/* Blame run `culprit` alone (SG_NONE: no one): culprit and culprits. */
void sg_verdict_blame (sg_verdict *v, uint32_t culprit);
/* Is run i blamed by v (its culprit, or one of its culprits)? */
bool sg_verdict_blames (const sg_verdict *v, uint32_t i);
/* The finding of a run whose own model check failed (SG_OUT_INVALID_MODEL), by our evaluator on
 * r->model: the model that check examined (model_checked), else the model the solver gives
 * without the check: refuted, an invalid model; validated,
 * a crash (its checker aborts on a right model); undetermined while the script may take an
 * unspecified value (`unspecified`, may be NULL), SG_VERDICT_UNSPECIFIED (x/0 under cos: SMT-LIB
 * leaves x/0 free, the checker fixes it); otherwise (no model, or undetermined with nothing
 * unspecified) an invalid model on the solver's own word. */
sg_verdict_kind sg_oracle_own_check (const sg_oracle_run *r, const char *unspecified);
/* The answer of run r to query q (SG_ANS_NONE when it gave none): its classified answer, or sat
 * for a run whose own model check failed (SG_OUT_INVALID_MODEL, which follows a sat answer to the
 * one check-sat) when our evaluator validates r->model (sg_oracle_own_check). */
sg_answer sg_oracle_answer (const sg_oracle_run *r, uint32_t q);
/* Judge n runs of one script. Severity: crash, soundness, invalid model, incompleteness,
 * unspecified, performance; a checker crash (a failed own check on a model our evaluator
 * validates) ranks below soundness, since that model refutes another solver's unsat. A verdict
 * OK has an empty why line, except when a validated model contradicted the expected status (the
 * why line says so: the label is wrong, not a solver). */
void sg_oracle_judge (const sg_oracle_run *runs, uint32_t n, const sg_oracle_opts *o,
                      sg_verdict *v /* OUT */);

#endif
