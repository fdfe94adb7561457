/* core: the unsat-core oracle (Bugariu & Müller, ICSE'20; issue 18) for scripts that carry
 * their known minimal unsat core. Such a script names its conjuncts (assert (! F :named aK)),
 * has one (check-sat) on a line of its own, and after it a comment line `;; core: a1 a2 ...`
 * naming the conjuncts of its one minimal core; an optional line `;; core-extra-ok: a3 ...`
 * names conjuncts a core may also hold without being imprecise (the strings generator's noise
 * conjuncts, which the paper does not judge). The strings generator (tech/gen_str*.c) writes
 * them.
 * For every solver that answered unsat, the oracle asks it for (get-unsat-core) in a fresh
 * process (the script with :produce-unsat-cores set, the profile's core_args) and judges the
 * core against the known one:
 *   - precise: it holds the known core and nothing but it (and extra-ok conjuncts);
 *   - imprecise: it holds the known core and more: not minimal, not a bug (reported apart);
 *   - the core query answered sat (the solver answered the script unsat without cores): the
 *     query is probed again with models, its status unsat by construction; a confirmed
 *     soundness verdict of the metamorphic oracle (our evaluator first, as always) is a finding
 *     on the query text, reducible like any wrong answer;
 *   - missing a known conjunct: the core alone (the script without the other named asserts) is
 *     satisfiable, since the known core is the only minimal one. It is a bad core (soundness)
 *     only when confirmed: the same solver returns the same core again in a fresh process and
 *     some solver answers sat on the core alone with a model our evaluator validates; else it
 *     is counted unconfirmed, never reported.
 * An unsat answer followed by no readable core (z3 prints `timeout` when its minimisation runs
 * out), or a core naming something that is not a named assertion, is "no core": counted, not
 * judged.
 * Owns: the buffers and the probe of an sg_core_result (freed with sg_core_result_free).
 * Tests: tests/unit/core_test.c (reading and subsets), tests/unit/core_solver_z3_test.c (the
 * judge with z3 and the fake solver), tests/cli/run_cli_tests.sh group genstr. */
#ifndef SG_ORACLE_CORE_H
#define SG_ORACLE_CORE_H

#include "base/buf.h"
#include "oracle/probe.h"

/* The known core of text: the names of its `;; core:` line into known and those of its
 * `;; core-extra-ok:` line into extra (each space-separated, reset first). False when the
 * script has no core line, more than one, or a name that is not a plain symbol. */
bool sg_core_known (const char *text, size_t len, sg_buf *known, sg_buf *extra);
/* Does text carry a `;; core:` or `;; core-extra-ok:` line that sg_core_known cannot read
 * (a second one, no names, a name that is not a plain symbol, extra-ok without core)? Then
 * true, with the 1-based line and column of the problem and a static reason. */
bool sg_core_line_problem (const char *text, size_t len, uint32_t *line, uint32_t *col,
                           const char **why);

/* The core query: (set-option :produce-unsat-cores true), then text with (get-unsat-core)
 * after its first line that is exactly (check-sat). SG_RC_USAGE when there is none. */
sg_rc sg_core_query_text (const char *text, size_t len, sg_buf *out /* OUT, reset */);

/* The core in a solver's stdout: the names of the list after the first `unsat` line, space-
 * separated into names (reset first). False when there is no unsat line, no list after it, or
 * an entry that is not a plain symbol (a solver's `timeout`, an error). */
bool sg_core_read (const char *out, size_t n, sg_buf *names);

/* The script sc (of store s) with only the named assertions one of whose names is in `keep`
 * (space-separated names): unnamed assertions and every other command are kept, except
 * set-info :status (the subset's status is not the script's). Printed into out (reset). */
sg_rc sg_core_subset (const sg_store *s, const sg_script *sc, const char *keep, sg_buf *out);

/* The :named name of assertion term t, or NULL when it has none. */
const char *sg_core_assert_name (const sg_store *s, sg_term t);
/* Its k-th name, outer annotations first ((! (! F :named a) :named b): b, then a), or NULL. */
const char *sg_core_nth_name (const sg_store *s, sg_term t, uint32_t k);
/* The names of sc's named assertions (every name of each), space-separated, into b (reset
 * first). */
void sg_core_named (const sg_store *s, const sg_script *sc, sg_buf *b);

/* Is every name of the space-separated list a (the first argument) also in list b? */
bool sg_core_names_subset (const char *a, const char *b);

typedef enum sg_core_kind {
  SG_CORE_NONE,        /* no core judged (no unsat answer, or no readable core) */
  SG_CORE_PRECISE,     /* the known core exactly */
  SG_CORE_UNCONFIRMED, /* misses a known conjunct, not confirmed: counted, never reported */
  SG_CORE_IMPRECISE,   /* the known core and more: reported apart, not a bug */
  SG_CORE_BAD,         /* a confirmed satisfiable core: a soundness finding */
  SG_CORE_ANSWER,      /* the core query itself was answered sat, confirmed wrong by the
                          metamorphic oracle on it (expected unsat, models checked): a
                          soundness finding on the query (an answer :produce-unsat-cores
                          changes) */
} sg_core_kind;

typedef struct sg_core_opts {
  const sg_solver_list *solvers; /* the solvers of the probe, in its order */
  const sg_patterns *pats;
  uint32_t timeout_ms;           /* per run */
  uint64_t mem_bytes;            /* RLIMIT_AS per run, 0 = none */
} sg_core_opts;

typedef struct sg_core_result {
  sg_core_kind kind;   /* the most severe over the solvers asked */
  uint32_t culprit;    /* the run (index in the probe and the solver list) of that verdict, or
                          SG_NONE */
  uint32_t asked;      /* core queries made (confirmations included) */
  uint32_t read;       /* cores read */
  uint32_t nocore;     /* unsat answers with no readable core */
  uint32_t imprecise;  /* imprecise cores */
  uint32_t unconfirmed; /* cores missing a known conjunct that were not confirmed */
  uint8_t run_kind[16]; /* sg_core_kind of each run (the first 16; NONE: not asked or no core) */
  char core[256];      /* the culprit's core (space-separated names) */
  char why[256];       /* one line for the finding or the log */
  sg_buf query;        /* the core query text */
  sg_buf subset;       /* BAD: the culprit's core alone */
  sg_probe sub;        /* BAD: the probe of the core alone (with the validated model);
                          ANSWER: the probe of the query whose verdict is the finding */
  char unstarted[200]; /* empty, or the first run that could not be started (a core query, a
                          probe's run): then no BAD or ANSWER verdict (unconfirmed) */
} sg_core_result;

void sg_core_result_init (sg_core_result *r);
void sg_core_result_free (sg_core_result *r);

/* "none", "precise", "unconfirmed", "imprecise", "bad", "answer". */
const char *sg_core_kind_name (sg_core_kind k);

/* Judge the cores of the runs of p (the script sc in store s, as text) that answered unsat.
 * SG_RC_USAGE when the script carries no known core or no (check-sat) line; SG_RC_OK
 * otherwise (the verdict in r). */
sg_rc sg_core_judge (const sg_core_opts *o, sg_store *s, const sg_script *sc, const char *text,
                     size_t len, const sg_probe *p, sg_core_result *r);

#endif
