/* incr: the oracles of incremental scripts (issue 52): push/pop, several check-sats,
 * check-sat-assuming, reset-assertions.
 * Incremental consistency: the answer a solver gives to a check-sat of an incremental script
 * must be the answer to that query's scope asked alone — the declarations, definitions and
 * assertions in scope at that check-sat (push/pop and reset-assertions applied), the
 * assumptions of a check-sat-assuming asserted — in a fresh one-shot process
 * (sg_incr_scope). A difference is a soundness finding blamed on the solver whose incremental
 * answer is shown wrong, and only when the evidence is strict (zero false alarms):
 *   - it answered unsat, and some solver's one-shot answer on the scope is sat with a model
 *     our evaluator validates;
 *   - it answered sat, its own one-shot answer on the scope is unsat, every other decided
 *     one-shot answer is unsat and at least one comes from another solver family, and no
 *     model of the scope was validated.
 * Where the script's construction fixes the query's answer from its seed's label
 * (sg_incr_opts.expect), the label stands in for the one opinion missing, never alone and
 * never against a validated model:
 *   - it answered sat, the label says unsat, its own one-shot answer on the scope is unsat,
 *     no one-shot answer on the scope is sat and no model of it was validated (the label
 *     replaces the other family);
 *   - it answered unsat, the label says sat, its own one-shot answer on the scope is sat, no
 *     one-shot answer on the scope is unsat and no model of it was found invalid (the label
 *     replaces the validated model).
 * Either is confirmed before it is reported: the incremental script once more in a fresh
 * process gives the same answer to that query, and (but for a validated model) the solver's
 * own one-shot answer on the scope the same again.
 * After each answer (sg_incr_get_judge): the model and get-value after sat, the unsat core and
 * unsat assumptions after unsat (the core after a check-sat, the assumptions after a
 * check-sat-assuming), each judged by our evaluator and the solvers.
 * Queries are judged in order, at most SG_INCR_MAX_QUERIES of them; a script with a command
 * whose effect on the assertions we do not model (assert-soft, minimize, block-model,
 * check-sat-using, a solver extension kept verbatim) is not judged, nor one whose terms may
 * take a value SMT-LIB leaves unspecified (the caller's rule).
 * Owns: the buffers and probes of an sg_incr_result (freed with sg_incr_result_free).
 * Tests: tests/unit/incr_test.c (scopes), tests/cli/group_incr.sh (fake solvers around z3). */
#ifndef SG_ORACLE_INCR_H
#define SG_ORACLE_INCR_H

#include "base/buf.h"
#include "oracle/probe.h"

enum { SG_INCR_MAX_QUERIES = 16 };

/* The number of queries of sc (check-sat and check-sat-assuming commands). */
uint32_t sg_incr_queries (const sg_script *sc);
/* Of the nq queries of the script p ran, those every run that was not skipped answered sat or
 * unsat (a run that did not end normally, or gave another number of answers, decides none). */
uint32_t sg_incr_decided (const sg_probe *p, uint32_t nq);

/* The scope of query q (0-based) of sc as a one-shot script into out (reset first): set-logic,
 * set-option and set-info (but :status) as given, the declarations and definitions in scope,
 * the assertions in scope, the query's assumptions as assertions, then (check-sat). What the
 * query follows (after a pop, under check-sat-assuming, after reset-assertions) into how (a
 * static phrase, "" for a plain check-sat at level 0 with nothing popped before). SG_RC_USAGE
 * when q is not a query of sc or the scope cannot be told (a command whose effect on the
 * assertions is not modelled before it). */
sg_rc sg_incr_scope (const sg_store *s, const sg_script *sc, uint32_t q, sg_buf *out /* OUT */,
                     const char **how /* OUT, may be NULL */);

/* The same with only the assumptions whose bit is set in `assume` (bit k: the k-th; those
 * past the 64th always). */
sg_rc sg_incr_scope_some (const sg_store *s, const sg_script *sc, uint32_t q, uint64_t assume,
                          sg_buf *out /* OUT */, const char **how /* OUT, may be NULL */);

typedef struct sg_incr_opts {
  const sg_solver_list *solvers; /* the solvers of the probe, in its order */
  const sg_patterns *pats;
  const sg_probe_opts *po;       /* the probe's options (timeout, memory); models are checked */
  /* The reducer's focus (reduce/predicate_incr.c: one finding's rule again); zero, as callers
   * that judge everything leave it. */
  uint32_t focus_run;            /* 1 + the only run of p judged, 0: every run */
  uint8_t focus_ans;             /* sg_incr_judge: 1 + the only incremental answer judged
                                    (SG_ANS_SAT, SG_ANS_UNSAT), 0: both */
  uint8_t focus_get;             /* sg_incr_get_judge: 1: after sat only (model, values), 2:
                                    after unsat only (cores, assumptions), 0: both */
  /* Query q's answer by construction from a seed's label (the engine incr's mutants,
   * sg_tech_mutant.queries): expect[q] for q < nexpect, SG_ANS_NONE where it fixes nothing;
   * NULL and 0 (check, the reducer): none. A claim, weighed by sg_incr_judge only where the
   * solvers leave the query undecided (the label rules above). */
  const sg_answer *expect;
  uint32_t nexpect;
} sg_incr_opts;

/* The options of a probe of a one-shot script made by these oracles (a scope, a core): po's
 * limits, models checked, no validating runs, no sessions, no expected status. */
sg_probe_opts sg_incr_probe_opts (const sg_probe_opts *po);

/* The watchdog of one run made by these oracles: po's timeout, cut at po's deadline (at
 * least 1 ms) when it has one. */
uint32_t sg_incr_run_ms (const sg_probe_opts *po);

typedef struct sg_incr_result {
  sg_verdict_kind kind; /* SG_VERDICT_OK or SG_VERDICT_SOUNDNESS */
  uint32_t culprit;     /* the first run shown wrong (index in the probe and the solver
                           list), the one `why` names, or SG_NONE */
  uint64_t culprits;    /* every run shown wrong on that query (bit i: run i, i < 64) */
  uint32_t query;       /* the query in question, or SG_NONE */
  uint32_t judged;      /* queries whose scope was asked */
  uint32_t calls;       /* solver runs made (scope probes and confirmations) */
  uint32_t unconfirmed; /* differences a confirmation did not reproduce (not reported) */
  char why[256];        /* one line for the finding or the log */
  char what[64];        /* the query kind, for buckets: "check-sat after a pop", "unsat core",
                           "unsat assumptions", "get-value", "model" */
  sg_buf scope;         /* a one-shot script: the scope of `query` (consistency), or what is
                           satisfiable (a core, assumptions); empty otherwise */
  sg_buf question;      /* the text whose answer shows the finding when it is not the script
                           itself: the script up to the query and the get command (cores,
                           assumptions, models, values); empty otherwise */
  char unstarted[200];  /* empty, or the first run that could not be started: no verdict */
} sg_incr_result;

void sg_incr_result_init (sg_incr_result *r);
void sg_incr_result_free (sg_incr_result *r);

/* Judge incremental consistency of the runs of p (the script sc in store s, as text) by the
 * rules above. p's runs that were skipped, did not end normally or gave another number of
 * answers than sc has queries are not judged. SG_RC_USAGE when sc is not incremental or its
 * scopes cannot be told; SG_RC_OK otherwise (the verdict in r). */
sg_rc sg_incr_judge (const sg_incr_opts *o, sg_store *s, const sg_script *sc, const char *text,
                     size_t len, const sg_probe *p, sg_incr_result *r);

/* What a solver says after its answers, for each query (at most SG_INCR_MAX_QUERIES), asked
 * of that solver in a fresh process. After sat (incremental scripts, and any script with
 * get-value after its check-sat): the script up to the query, (get-model), and the script's
 * get-value commands that follow the query; the model must satisfy the assertions in scope
 * and each get-value pair (T V) must hold under it (our evaluator; an invalid-model finding,
 * confirmed by a second fresh run that fails the same way). After unsat: the script up to the query, with
 * :produce-unsat-cores or :produce-unsat-assumptions set first, then the get command; the
 * profile's core_args): get-unsat-core, when named assertions are in scope: each name must
 * be a named assertion in scope, and the core (the scope without the other named
 * assertions) must not be satisfiable; get-unsat-assumptions, after a check-sat-assuming:
 * each literal must be one of its assumptions (as printed), and those assumptions must not be
 * satisfiable with the assertions in scope. "Satisfiable" is some solver's sat answer with a
 * model our evaluator validates; every finding is confirmed by the same list again in a fresh
 * process. A solver that refuses the question, or answers it with no readable list, is never
 * blamed. The finding (invalid-model, soundness) names the run in r (culprit, query, why,
 * what), r->question holds the question asked and r->scope what is satisfiable, if that is
 * what shows it. */
sg_rc sg_incr_get_judge (const sg_incr_opts *o, sg_store *s, const sg_script *sc, const sg_probe *p,
                         sg_incr_result *r);

#endif
