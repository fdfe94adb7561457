/* incr_gen: incremental scripts made from any seed (the engine `incr`, issue 52). The seed's
 * first scope — its declarations and the assertions before its first check-sat — is spread over
 * an assertion stack: assertions shuffled, some named, some under (push 1); (pop 1)s, whose
 * assertions are asserted again later; several queries, some of them check-sat-assuming over
 * the seed's Boolean constants, fresh Boolean constants declared after a query, and the names
 * of the named assertions in scope; (get-value ...) on the seed's constants after a plain
 * check-sat when the seed is labelled sat (a subset of a sat scope is sat); with
 * (set-option :global-declarations true), sometimes a (reset-assertions) after which the
 * assertions come again. The last query's scope is always the whole seed scope, so it has the
 * seed's status. The scripts carry no expected status: the incremental oracles
 * (oracle/incr.h) judge each query against its scope asked alone, and the solvers' models,
 * values, cores and assumptions. What the construction fixes of each query from the seed's
 * label (sg_incr_gen_expected) is a claim those oracles weigh only where the solvers leave a
 * query undecided: a seed with one query labelled sat makes sat each query whose
 * assumptions, if any, are each the name of a named assertion (in scope) or a fresh constant
 * assumed once; labelled unsat, it makes unsat each query with all its assertions in scope.
 * Owns: the seed's store and script and the drawing state (sg_incr_gen_free).
 * Invariants: every assertion is in scope at most once at a time; names are fresh per
 * assertion made (sg_incr_aK), so a name never comes back in scope after its pop or reset.
 * Tests: tests/unit/incr_gen_test.c */
#ifndef SG_TECH_INCR_GEN_H
#define SG_TECH_INCR_GEN_H

#include "base/answer.h"
#include "base/buf.h"
#include "base/rc.h"
#include "base/rng.h"

enum { SG_INCR_GEN_MAX_QUERIES = 6 }; /* queries per script, the last one included */

typedef struct sg_incr_gen sg_incr_gen;

sg_rc sg_incr_gen_new (sg_incr_gen **g /* OUT */);
void sg_incr_gen_free (sg_incr_gen *g);
/* Take a seed (text of len bytes, named path in diagnostics, its label or SG_ANS_NONE): its
 * commands up to its first check-sat. SG_RC_PARSE/SG_RC_SORT when it does not read,
 * SG_RC_USAGE (with d) when it has no assertion, or a command before its first check-sat
 * whose effect on the assertions is not plain (push, pop, reset, check-sat-assuming, a solver
 * extension). */
sg_rc sg_incr_gen_seed (sg_incr_gen *g, const char *text, size_t len, const char *path,
                        sg_answer status, sg_diag *d);
/* One incremental script of the seed drawn with rng into out (reset first), what it did into
 * desc (reset first): "5 asserts, 2 push, 1 pop, 4 queries (1 assuming), 1 get-value". */
sg_rc sg_incr_gen_next (sg_incr_gen *g, sg_rng *rng, sg_buf *out /* OUT */, sg_buf *desc /* OUT */);
/* The last script's queries by construction, in order (SG_ANS_SAT, SG_ANS_UNSAT, or
 * SG_ANS_NONE where it fixes nothing: always, for an unlabelled seed or one with several
 * queries) into *expect (valid until the next call of sg_incr_gen_next); their number. */
uint32_t sg_incr_gen_expected (const sg_incr_gen *g, const sg_answer **expect /* OUT */);

#endif
