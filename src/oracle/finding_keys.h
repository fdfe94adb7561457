/* finding_keys: the keys of a finding's JSON file, one constant each — the record of a verdict
 * (KIND-SOLVER-ID.json beside its trigger KIND-SOLVER-ID.smt2) that loop/findings.c writes and
 * reduce/predicate.c (the finding predicate), campaign/camp_recover.c (a pair the database
 * lacks), campaign/report_order.c (the drawn options) and campaign/report_repro.c (the
 * "reproduce" block) read. Every writer and reader spells a key through these constants only.
 * Owns: nothing (string literals, so they concatenate: "\"" SG_FK_KIND "\": ").
 * Invariants: a key once written is never renamed (finding files of every earlier smtgrind are
 *   read, and the reports' golden outputs hold them); the constants below are in the order the
 *   writer writes them, grouped by object: the finding, its "reproduce" object, each of its
 *   "runs". A new key is one line here, its write in loop/findings.c and its reads.
 * Tests: tests/unit/loop_test.c, tests/unit/reduce_test.c, tests/unit/report_test.c, tests/cli
 *   (groups fuzz, campaign, reduce, repro, validate) */
#ifndef SG_ORACLE_FINDING_KEYS_H
#define SG_ORACLE_FINDING_KEYS_H

/* The finding (the top-level object). */
#define SG_FK_KIND "kind"               /* sg_verdict_kind_name: soundness, crash, ... */
#define SG_FK_SOLVER "solver"           /* the culprit's profile name, or "unattributed" */
#define SG_FK_CULPRIT "culprit"         /* index in "runs" of the culprit's run, or -1 */
#define SG_FK_ALSO_BLAMED "also_blamed" /* the other runs blamed with it (their solvers) */
#define SG_FK_WHY "why"                 /* the oracle's explanation */
#define SG_FK_QUERY "query"             /* the (check-sat) the verdict is about, or -1 */
#define SG_FK_TRIGGER "trigger"         /* the trigger's file name (KIND-SOLVER-ID.smt2) */
#define SG_FK_TECHNIQUE "technique"     /* the engine */
#define SG_FK_SEEDS "seeds"             /* the seed paths (one, or two for fusion) */
#define SG_FK_RNG_SEED "rng_seed"       /* the run's (a campaign's slice's) rng seed */
#define SG_FK_WORKER "worker"
#define SG_FK_MUTANT "mutant"           /* the mutant's number within the run */
#define SG_FK_CHAIN "chain"
#define SG_FK_STEP "step"               /* its step within the chain */
#define SG_FK_DESCRIPTION "description" /* what the technique did */
#define SG_FK_EXPECTED "expected"       /* the status the technique predicts, or null */
#define SG_FK_REPRODUCE "reproduce"     /* the object below (oracle/repro.h), when there is one */
#define SG_FK_ORACLE "oracle"           /* the step or model-run oracle that judged, when one did */
#define SG_FK_RULE "rule"               /* the technique's rule that made the mutant, when named */
#define SG_FK_PREVIOUS "previous"       /* the chain's previous step's text (step oracles) */
#define SG_FK_RUNS "runs"               /* the runs of the probe, one object each (below) */

/* "reproduce": the blamed run's one-shot command on the trigger (oracle/repro.h). */
#define SG_FK_REPRO_SOLVER "solver"
#define SG_FK_REPRO_COMMAND "command"       /* its words, the trigger's name as the file word */
#define SG_FK_REPRO_STDIN "stdin"           /* the script goes on standard input */
#define SG_FK_REPRO_FILE_AT "file_at"       /* index of the file word in "command", or -1 */
#define SG_FK_REPRO_OPTIONS_AT "options_at" /* where the drawn options begin in "command" */
#define SG_FK_REPRO_OPTIONS_N "options_n"   /* and how many words they are */
#define SG_FK_REPRO_GET_MODEL "get_model"   /* the command asks for a model */
#define SG_FK_REPRO_SHELL "shell"           /* the command as one shell line */
#define SG_FK_REPRO_EXPECTED "expected"     /* what a correct solver does */
#define SG_FK_REPRO_ACTUAL "actual"         /* what this one does */
#define SG_FK_REPRO_SHOWS "shows"           /* the text that shows it, or null */
#define SG_FK_REPRO_STATUS "status"         /* the exit status that shows it */

/* Each of "runs": one solver run of the probe. */
#define SG_FK_RUN_SOLVER "solver"                 /* its profile name */
#define SG_FK_RUN_COMMAND "command"               /* the run's exact command on the trigger */
#define SG_FK_RUN_STDIN "stdin"                   /* true: the script went on standard input */
#define SG_FK_RUN_WITNESS "witness"               /* true: the run without its drawn options */
#define SG_FK_RUN_VALIDATION "validation"         /* what its validating run showed */
#define SG_FK_RUN_SOLVER_COMMAND "solver_command" /* the solver as named: binary and words */
#define SG_FK_RUN_OPTIONS "options"               /* --option-fuzz: the words the chain drew */
#define SG_FK_RUN_OUTCOME "outcome"               /* run/classify.h's outcome, or "skipped" */
#define SG_FK_RUN_ANSWERS "answers"
#define SG_FK_RUN_WALL_S "wall_s"
#define SG_FK_RUN_CPU_S "cpu_s"
#define SG_FK_RUN_EXIT_CODE "exit_code"
#define SG_FK_RUN_SIGNAL "signal"
#define SG_FK_RUN_REASON "reason"                 /* why it was classified so, or null */
#define SG_FK_RUN_SIGNATURE "signature"           /* a crash's normalised signature, or null */
#define SG_FK_RUN_MODEL "model"                   /* our evaluator on its model: valid, ... */
#define SG_FK_RUN_NOTE "note"
#define SG_FK_RUN_STDOUT "stdout"                 /* its output (the first 16 runs), or null */

#endif
