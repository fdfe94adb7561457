/* probe: run a list of solvers on one script and judge the runs — each solver's classified
 * outcome, our evaluator's verdict on its model, and the oracle's verdict. The one place where
 * `smtgrind check`, `smtgrind label` and the engines turn a script into findings.
 * Owns: the outcomes of an sg_probe (freed with sg_probe_free). The store and script are
 * borrowed; reading a model adds terms to the store.
 * Invariants: one-shot processes unless the options hand it sessions (the fuzz loop's fast
 *   path, whose verdicts are always confirmed by a probe without sessions); a model
 * is checked only for single-query scripts, with the solver asked again for (get-model) after
 * its check-sat (a second run whose answer must match the first); a solver whose own model
 * check failed is asked so without its self-validation flags.
 * The solver under test is the one the user named (issue 50): the run that decides (the first
 * run of each solver, a referee's) has the spec's words and only the flags needed to read the
 * script (incremental, strings, fp; the model flags only for a script that asks for a model or
 * values itself), never the profile's validation flags, which are
 * a different configuration of the solver (cvc5's --check-unsat-cores hides crashes, and
 * refuses options such as --learned-rewrite). With `validate`, the solvers' own checks
 * (validate_args) run as a run of their own, the validating run: the model run itself for a
 * single sat answer whose model is checked (models), else a fresh run of the script with the
 * model and validation flags after a decided answer (an unsat one only when the profile says
 * its checks look at unsat answers: validate_unsat) or after a crash. Its failed own check is
 * the run's outcome (out and argv are then the validating run's: the check is what shows that
 * bug); a crash in one and an answer in the other, or other answers, is a validation note
 * (sg_probe_val): never the run's outcome, a finding of its own (sg_probe_val_note). A
 * validating run the solver refuses is noted, nothing more.
 * Tests: tests/unit/oracle_test.c */
#ifndef SG_ORACLE_PROBE_H
#define SG_ORACLE_PROBE_H

#include "oracle/oracle.h"
#include "run/profile.h"
#include "run/run.h"
#include "run/session.h"

typedef struct sg_probe_opts {
  uint32_t timeout_ms;    /* watchdog per solver run */
  double deadline;        /* sg_spawn_now () time by which every run ends (a run gets at most
                             the time left, at least 1 ms, so one after it times out at
                             once); 0: none. Runs one after the other then fit a budget */
  uint64_t mem_bytes;     /* RLIMIT_AS per run; 0 = none */
  bool models;            /* validate sat answers' models with our evaluator */
  bool validate;          /* validating runs: the solvers' own checks, in runs of their own
                             (the header's rule); the runs that decide stay plain */
  sg_oracle_opts oracle;  /* expected status, incompleteness, performance */
  bool parallel;          /* run the solvers side by side (threads), not one after the other */
  sg_session *const *sessions; /* fast path: per solver of the list, a session to send the
                                  script through, or NULL (one-shot); the array itself may be
                                  NULL. Used when the session's flags fit the script; with
                                  models, a sat answer from the session has its model asked in
                                  the session too (a fresh run when the session cannot). Its
                                  non-OK outcomes are not re-run here: the caller must confirm
                                  any verdict with a probe without sessions */
} sg_probe_opts;

/* How the validating run of a probe run went (sg_probe_run.val). */
typedef enum sg_val_diff {
  SG_VAL_SAME,     /* it agreed with the plain run (or was not made) */
  SG_VAL_CRASHES,  /* it crashed where the plain run did not */
  SG_VAL_HIDES,    /* the plain run crashed, it did not (the flags hide the crash) */
  SG_VAL_ANSWERS,  /* both answered, differently */
  SG_VAL_REFUSED,  /* the solver refused its validation flags (with the user's options) */
} sg_val_diff;

typedef struct sg_probe_val {
  bool ran;              /* a validating run was made (a fresh run or the model run) */
  bool model_run;        /* it was the model run (sg_probe_model_text), not a run of its own
                            (which counts as one more solver call) */
  sg_argv_opts argv;     /* its flags (as sg_probe_run.argv) */
  sg_val_diff diff;      /* how it compares with the plain run */
  sg_outcome_kind kind;  /* its outcome */
  char what[320];        /* one line for reports when diff is not SAME: "with its validation
                            flags (--check-models ...) it crashed (signal SIGSEGV) where its
                            plain command answered sat" */
} sg_probe_val;

typedef struct sg_probe_run {
  const sg_profile *prof; /* the solver (borrowed) */
  bool skipped;           /* the profile does not accept the script's logic */
  sg_outcome out;         /* classified first run */
  bool session;           /* out came from a session (sg_probe_opts.sessions) */
  sg_probe_val val;       /* its validating run (sg_probe_opts.validate), if one was made */
  bool adopted;           /* out and argv are the validating run's: its own check failed
                             where the plain run answered (val says what that one did) */
  bool witness;           /* added after the verdict: a run without drawn options that gives
                             the expected status the blamed run contradicts (the fuzz loop's
                             witness, loop/loop_witness.c) */
  sg_argv_opts argv;      /* the flag groups of the command whose outcome is out (script_path
                             NULL, no solver timeout): sg_profile_argv with it and a file gives
                             the one-shot command that shows out (oracle/repro.h); a session's
                             run records the flags its session was started with (sessions are
                             plain); an adopted validating run, its flags */
  int model;              /* sg_mcheck of its model, or -1 (no sat answer, unreadable, ...);
                             when its own model check failed (SG_OUT_INVALID_MODEL), of the
                             model that check examined where the profile prints it
                             (checked_model_args: model_checked), else of the model a fresh
                             run without the check gives */
  bool model_checked;     /* model is of the very model its failed own check examined, read
                             from a fresh checked run's output (checked_model_args) */
  char note[160];         /* why the model was not checked, or what failed */
  bool model_crash;       /* the model run (sg_probe_model_text, in a fresh process) crashed:
                             a crash on that text, not on the script (the fuzz loop and
                             `check` confirm it as a finding of its own) */
  bool model_exec_failed; /* a model run (check_model, the checked-model run) could not be
                             started or failed to run (note says why): the run was not judged
                             in full (the probe's unstarted says so too) */
} sg_probe_run;

typedef struct sg_probe {
  SG_VEC (sg_probe_run) runs; /* one per solver, in order */
  sg_verdict verdict;         /* the oracle's verdict over the runs that were not skipped */
  bool unspec;                /* the script may take an unspecified value (oracle/unspec.h) */
  char unspec_why[200];       /* which application and why, when unspec */
  char unstarted[200];        /* empty, or the first run of this probe that could not be started
                                 (a first run, a model run, a referee): its verdict is then
                                 "ok", "not judged: ..." (no verdict rests on a run that never
                                 happened); `check` says so and exits 2, the fuzz loop stops */
} sg_probe;

void sg_probe_init (sg_probe *p);
void sg_probe_free (sg_probe *p);
/* Run every solver of `solvers` on `text` (the script sc, as the solvers should read it) and
 * judge. Returns SG_RC_OK whenever the runs happened (their failures are outcomes). */
sg_rc sg_probe_script (const sg_solver_list *solvers, const sg_patterns *pats, sg_store *s,
                       const sg_script *sc, const char *text, size_t len, const sg_probe_opts *o,
                       sg_probe *out /* OUT */);

/* Parse text in a store of its own and probe it; false when it does not parse or run. */
bool sg_probe_text (const sg_solver_list *solvers, const sg_patterns *pats, const char *text, size_t len,
                    const sg_probe_opts *po, sg_probe *out /* OUT */);

/* The first run of p that was not skipped and whose model run crashed (model_crash), or
 * SG_NONE. */
uint32_t sg_probe_model_crashed (const sg_probe *p);
/* Confirm a model-run crash of probe p (a run with model_crash) of script sc: its model run's
 * text (sg_probe_model_text, into text) probed once more with po, but with the solvers' plain
 * commands (no model or self-check flags: the text's own set-option asks for the model) and no
 * sessions (into again, OUT). True when a solver whose model run crashed in p crashes there
 * too: again's verdict is then that crash (the first such solver), its why naming the model
 * run. */
bool sg_probe_model_crash (const sg_solver_list *solvers, const sg_patterns *pats, const sg_store *s,
                           const sg_script *sc, const sg_probe_opts *po, const sg_probe *p,
                           sg_buf *text /* OUT */, sg_probe *again /* OUT */);

/* Does run r's validating run differ from its plain run the way a note is written for (a crash
 * in one and an answer in the other, or other sat/unsat answers: SG_VAL_CRASHES, SG_VAL_HIDES,
 * SG_VAL_ANSWERS)? */
bool sg_probe_val_differs (const sg_probe_run *r);
/* Confirm the validation note of run i of p (a probe of script sc, text): its validating run
 * once more in a fresh process, with the flags it had, on its text (the script, or the model
 * run's text: into trigger, OUT). When it differs from the plain run the same way again, note
 * (OUT, initialised by the caller) holds that run alone, with SG_VERDICT_VALIDATION blaming it
 * and val's what as its why, and true is returned: a finding of its own, kept, never a bug
 * (the plain run's finding, if any, is the bug). calls (OUT): runs made. */
bool sg_probe_val_note (const sg_patterns *pats, const sg_store *s, const sg_script *sc, const char *text,
                        size_t len, const sg_probe_opts *o, const sg_probe *p, uint32_t i,
                        sg_buf *trigger /* OUT */, sg_probe *note /* OUT */, uint32_t *calls /* OUT */);

/* Could run r not be started, or its model run (model_exec_failed)? Then why (one line:
 * "solver S could not be started (REASON)", "solver S: its model run ...") into why. */
bool sg_probe_run_unstarted (const sg_probe_run *r, char *why, size_t size);

/* Judge p's runs that were not skipped with the oracle options o (p->unspec joins them):
 * what sg_probe_script does after its runs, for callers that assemble runs themselves. A run
 * that could not be started (or whose model run could not) sets p->unstarted, and then the
 * verdict is "ok", "not judged: ...", whatever the others say. */
void sg_probe_judge (sg_probe *p, const sg_oracle_opts *o);

/* A differential disagreement no model decides (p's verdict is soundness with no culprit):
 * run the referees one after the other (fresh, no models; a referee whose solver already
 * decided this query in p is skipped: the same solver again is no second opinion) until one
 * decides the query in question, and blame every run of p that answered otherwise (each
 * version and configuration of a solver; the first is the culprit; the why line says so). p
 * is left as it was when no referee decides. calls (OUT): referee runs made. */
sg_rc sg_probe_referee (const sg_solver_list *referees, const sg_patterns *pats, sg_store *s,
                        const sg_script *sc, const char *text, size_t len,
                        const sg_probe_opts *o, sg_probe *p, uint32_t *calls /* OUT */);

/* Does the store hold a term of sort String or RegLan, or a sequence, set or bag sort (cvc5 then
 * needs --strings-exp --sets-ext: the profile's strings_args)? */
bool sg_script_uses_strings (const sg_store *s);
/* Does the script ask for a model or values (get-model, get-value, get-assignment)? Then the
 * run that decides has the profile's model_args too: needed to read its answer. */
bool sg_script_asks_models (const sg_script *sc);
/* Does the script have a floating-point sort other than Float32 and Float64 (cvc5 needs
 * --fp-exp: its profile's fp_args)? */
bool sg_script_uses_fp (const sg_store *s);
/* The model run of script sc (its one check-sat, sg_probe_model_query): (set-option
 * :produce-models true), the commands up to that check-sat without (set-info :status ...)
 * (cvc4 and cvc5 abort before printing a model that contradicts the label, and a validated
 * model is what shows a label wrong), then (get-model). Into out (reset first); false when sc
 * has not exactly one check-sat or out ran out of memory. */
bool sg_probe_model_text (const sg_store *s, const sg_script *sc, sg_buf *out /* OUT */);
/* The model a solver's own check examined, in the stdout of a run with checked_model_args: the
 * balanced S-expression that starts on the last line reading "(model" (cvc4 -v -v prints it
 * before checking it), or false. */
bool sg_checked_model_text (const char *out, size_t n, const char **start /* OUT */,
                            size_t *len /* OUT */);
/* The model after the first answer line of a solver's stdout, past the (error ...) responses
 * that follow it (a model_after_failed_check solver: z3's "sat", its check's error, then the
 * (get-model) answer), or false. */
bool sg_model_text_after_errors (const char *out, size_t n, const char **start /* OUT */,
                                 size_t *len /* OUT */);
/* The index after the S-expression that starts at s[i] ('(' expected; comments, string
 * literals and |quoted| symbols skipped), or n when it does not end. */
size_t sg_sexp_end (const char *s, size_t i, size_t n);
/* The k-th model in a solver's stdout: the balanced S-expression after the k-th answer line
 * (0-based), or false. */
bool sg_model_text (const char *out, size_t n, uint32_t k, const char **start /* OUT */,
                    size_t *len /* OUT */);

#endif
