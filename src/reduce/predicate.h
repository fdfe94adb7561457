/* predicate: "is this candidate still failing?" — the interestingness tests of the reducer.
 * Two modes. Command mode (ddSMT 2.x semantics): a user command gets the candidate's path as
 * its last argument; the candidate fails like the input when the exit status is the golden
 * run's and stdout/stderr are byte-identical to it (or contain --match-out/--match-err, or
 * match a POSIX extended regex), unless ignored; an optional cross-check command must hold
 * too; timeouts never count. Finding mode: a finding JSON of the fuzz loop
 * (src/loop/findings.c) names the solvers and the kind; a candidate keeps the finding when
 * the same solver still crashes with the same signature, still gives the same wrong answer
 * against the other solvers' decided answers (no run rejected that did not reject the
 * finding, no other solver blamed, not an unspecified disagreement), still produces an
 * invalid model (its own model check fails or our evaluator refutes its model: either), or
 * still answers unknown where another solver decides (see sg_pred_test). A crash and an
 * invalid model are judged on the blamed solver's run alone, never on which solver the
 * oracle names first, nor on the oracle's text. An incremental finding ("oracle":
 * "incremental") and an unsat-core finding ("core") are judged by the incremental oracles
 * instead (predicate_incr.c, sg_pred_incr_test below).
 * Owns: the solver list, patterns, golden outputs and compiled regexes of an sg_pred.
 * Invariants: sg_pred_golden runs once, before any sg_pred_test; sg_pred_test is safe to call
 * in a forked child (it only reads the predicate and spawns through src/run).
 * Options drawn by --option-fuzz (a run's "options" in the JSON) are the last fuzzed_args
 * user words of that solver's profile; sg_pred_minimise_options drops those not needed and
 * lowers the integer values of the rest.
 * Performance mode (predicate_perf.c, command mode with --slower-than / --slower-than-ratio):
 * a candidate is kept when the user command still runs longer than slower_s seconds and/or
 * longer than slower_ratio times the reference command on the same candidate; its exit status
 * and output are not judged (a run stopped at the threshold's limit counts as slower); the
 * cross-check, when given, is judged as in command mode.
 * Tests: tests/unit/reduce_test.c, tests/unit/reduce_solver_z3_test.c, tests/cli groups options
 * and incr_reduce, tests/cli group reduce (performance mode, tests/fake/fake_slow.sh) */
#ifndef SG_REDUCE_PREDICATE_H
#define SG_REDUCE_PREDICATE_H

#include <regex.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/buf.h"
#include "oracle/probe.h"
#include "run/profile.h"
#include "run/spawn.h"

/* One user command and what its runs must show. */
typedef struct sg_pred_cmd {
  sg_strv argv;                 /* the command words (the candidate path is appended) */
  bool ignore_out, ignore_err;  /* do not compare stdout / stderr */
  const char *match_out, *match_err; /* substring instead of byte equality (borrowed) */
  const char *regex_out, *regex_err; /* POSIX ERE instead of byte equality (borrowed) */
  regex_t re_out, re_err;       /* compiled regex_out / regex_err */
  bool has_re_out, has_re_err;
  double timeout_s;             /* 0 = (golden time + 1) * 1.5, at most golden_timeout_s */
  double golden_timeout_s;      /* the golden run's limit when timeout_s is 0 (0 = none) */
  /* golden run */
  int g_end, g_code, g_sig;     /* sg_spawn_end and exit code / signal */
  sg_buf g_out, g_err;          /* golden stdout / stderr */
  double g_wall;
} sg_pred_cmd;

typedef enum sg_pred_mode { SG_PRED_COMMAND, SG_PRED_FINDING } sg_pred_mode;

typedef struct sg_pred {
  sg_pred_mode mode;
  uint64_t mem_bytes;           /* RLIMIT_AS per run (--memout), 0 = none */
  double deadline;              /* --budget's end (sg_spawn_now time), 0 = none: no run is
                                   given longer than the time left, none starts after it */
  /* command mode */
  sg_pred_cmd main, cross;
  bool has_cross;
  /* command mode, performance (predicate_perf.c): 0 = not asked */
  double slower_s;              /* --slower-than: the command runs longer than this */
  double slower_ratio;          /* --slower-than-ratio: longer than this times `ref`'s time */
  sg_pred_cmd ref;              /* --reference: the command the ratio is measured against */
  /* finding mode */
  sg_profiles profiles;
  sg_patterns pats;
  sg_solver_list solvers;       /* the finding's solvers, in its order */
  uint32_t culprit;             /* index in solvers, or SG_NONE ("any") */
  sg_verdict_kind kind;         /* the finding's kind */
  sg_answer expected;           /* the finding's construction status (metamorphic) or NONE */
  bool use_expected;            /* judge against `expected` (no other solver decides) */
  uint32_t query;               /* check-sat index of the finding, 0 when unknown */
  double timeout_s;             /* per solver run; 0 = from the golden run */
  double golden_timeout_s;      /* the golden run's limit: -t, else the caller's (0: 10 s) */
  bool self_invalid;            /* the invalid model was reported by the solver itself */
  bool no_models;               /* a crash on the model run ("oracle": "model-run"): run as
                                   its confirmation ran, with the plain commands (no model or
                                   self-check flags), so the trigger's own (set-option
                                   :produce-models true) is kept */
  char signature[256];          /* golden crash / invalid-model signature of the culprit */
  sg_outcome_kind g_kind;       /* golden outcome kind of the culprit */
  sg_answer g_ans[64];          /* golden answer per solver at `query` (SG_ANS_NONE: none) */
  uint64_t g_rejected;          /* bit i: solver i rejected the finding itself (a candidate
                                   may keep that rejection, never add one) */
  /* incremental findings ("oracle": "incremental" or "core"; predicate_incr.c) */
  bool incr;                    /* judged by the incremental oracles (oracle/incr.h) */
  uint8_t incr_rule;            /* the rule the golden run broke (sg_pred_incr_rule) */
  sg_answer incr_ans;           /* a wrong check-sat answer: the culprit's answer */
  bool incr_get;                /* the input asks the rule's get command after its query (a core,
                                   assumptions, values, the model): every candidate must, so the
                                   reduced script shows the bug when run as it is */
  char trigger[4096];           /* the finding's .smt2 path */
  char desc[512];               /* one line: what is preserved */
} sg_pred;

void sg_pred_init (sg_pred *p);
void sg_pred_free (sg_pred *p);
/* Command mode: compile the regexes. Errors (bad regex) go to d. */
sg_rc sg_pred_prepare_cmd (sg_pred *p, sg_diag *d);
/* Finding mode: read the JSON (solvers, kind, culprit, trigger path relative to the JSON). */
sg_rc sg_pred_load_finding (sg_pred *p, const char *json_path, sg_diag *d);
/* Golden run on the input (path of a file holding `text`; store/script: its parse). Sets the
 * timeouts. SG_RC_USAGE with a message in d when the input does not show the behaviour. */
sg_rc sg_pred_golden (sg_pred *p, const char *path, const char *text, size_t len, sg_store *s,
                      const sg_script *sc, sg_diag *d);
/* Is the candidate (in file `path`, also as text and parsed) still failing? *runs gets the
 * number of solver/command runs made; *unstarted (NULL: not asked) whether one of them could
 * not be started (then it does not hold, and the reduction should stop: sg_reduce does). */
bool sg_pred_test (const sg_pred *p, const char *path, const char *text, size_t len, sg_store *s,
                   const sg_script *sc, uint32_t *runs /* OUT */, bool *unstarted /* OUT */);
/* Performance mode (predicate_perf.c): is p a performance predicate? The golden run of the
 * main command (and of the reference), setting the limits; SG_RC_USAGE with a message in d
 * when the input is not slower. */
static inline bool
sg_pred_is_perf (const sg_pred *p)
{
  return p->mode == SG_PRED_COMMAND && (p->slower_s > 0 || p->slower_ratio > 0);
}
sg_rc sg_pred_perf_golden (sg_pred *p, const char *path, sg_diag *d);
/* Does the candidate at path still run slower? *runs gets the runs made (1 or 2), *unstarted
 * whether one could not be started. */
bool sg_pred_perf_test (const sg_pred *p, const char *path, uint32_t *runs /* OUT */,
                        bool *unstarted /* OUT */);
/* "runs longer than S s" / "... R times the reference" into p->desc. */
void sg_pred_perf_desc (sg_pred *p);
/* Run command c with path as its last argument (stdin /dev/null), cut at timeout_s wall
 * seconds (0: none) and ceil(timeout_s) + cpu_slack CPU seconds, under mem bytes (0: none). */
sg_rc sg_pred_spawn (const sg_pred_cmd *c, const char *path, double timeout_s, uint32_t cpu_slack,
                     uint64_t mem, sg_spawn_result *r /* OUT */);

/* Finding mode, --option-fuzz (reduce_opts.c): drop each drawn option word of each solver
 * (profile.fuzzed_args) in turn, keeping the drop when the finding still holds on the input,
 * then (soundness, invalid model, crash) lower each integer value left ("NAME=10") to the
 * smallest of 0..3 that keeps it;
 * *before / *after count the words, *runs the solver runs. SG_RC_IO: a run could not be
 * started; it stops there, keeping the word or value it was testing (*after is then not set).
 * *budget_hit: the budget's end (p->deadline) came first; what was not yet tried is kept,
 * untested (so *after counts words kept, not all known to be needed). */
sg_rc sg_pred_minimise_options (sg_pred *p, const char *path, const char *text, size_t len,
                                sg_store *s, const sg_script *sc, uint32_t *before /* OUT */,
                                uint32_t *after /* OUT */, uint32_t *runs /* OUT */,
                                bool *budget_hit /* OUT */);
/* Incremental findings (predicate_incr.c): the finding's trigger re-judged by oracle/incr.h
 * (sg_incr_judge, then sg_incr_get_judge, as the fuzz loop does); a candidate keeps the finding
 * when those oracles show the same rule broken (a check-sat answer against its scope, the
 * model after sat, a get-value, an unsat core satisfiable or naming what is not in scope,
 * unsat assumptions satisfiable or outside the assumptions), blamed on the same solver, with
 * the same wrong answer (check-sat), and (cores, assumptions) the query's whole scope not
 * shown satisfiable. The rules, in that order, as sg_pred_incr_rule numbers them (0: none). */
const char *sg_pred_incr_rule_name (uint8_t rule);
/* Loading: p is judged so; the rule from the finding's oracle ("incremental", "core"), its
 * culprit's signature ("incremental: WHAT") and its why line (none: the golden run's). */
void sg_pred_incr_expect (sg_pred *p, const char *oracle, const char *signature, const char *why);
sg_rc sg_pred_incr_golden (sg_pred *p, const char *path, const char *text, size_t len, sg_store *s,
                           const sg_script *sc, sg_diag *d);
bool sg_pred_incr_test (const sg_pred *p, double timeout_s, sg_store *s, const sg_script *sc,
                        const char *text, size_t len, uint32_t *runs /* OUT */,
                        bool *unstarted /* OUT */);
/* The oracle's line on text (the reduced trigger) judged once more by p's rule into why;
 * false (why says so) when it does not show the finding this time. */
bool sg_pred_incr_explain (const sg_pred *p, const char *text, size_t len, char *why, size_t size);
/* "; smtgrind options: z3 W...; cvc5 W...\n" naming the drawn options left, or nothing. */
void sg_pred_options_line (const sg_pred *p, sg_buf *out);

#endif
