/* total: the question SMT-LIB's semantics poses about a script whose partial operators
 * (oracle/unspec.def) may take an unspecified value — its *totalised* form, each partial
 * application guarded by its domain with a fresh uninterpreted function for the value outside
 * it (issue 54), and the judge that asks the solvers that question when they disagree on the
 * script:
 *   (/ x y)          ->  (ite (= y 0.0) (div0 x) (/ x y))         div0: Real -> Real
 *   (div x y)        ->  (ite (= y 0) (idiv0 x) (div x y))        idiv0: Int -> Int
 *   (mod x y)        ->  (ite (= y 0) (mod0 x) (mod x y))         mod0: Int -> Int
 *   (fp.to_real x)   ->  (ite (or (fp.isInfinite x) (fp.isNaN x)) (real0 x) (fp.to_real x))
 *   (fp.min a b)     ->  (ite (and (fp.isZero a) (fp.isZero b) (xor (fp.isNegative a)
 *                          (fp.isNegative b))) (ite (min0 a b) (_ +zero e s) (_ -zero e s))
 *                          (fp.min a b))                           min0: F F -> Bool (fp.max alike)
 * One fresh function per operator and sort, whose arguments are the operator's other
 * arguments: equal arguments give equal values, as SMT-LIB's semantics says (the partial
 * operator is a total function whose values outside the domain each interpretation chooses).
 * n-ary / and div are left-associative: each step is guarded. The guard and the function stay
 * where the application was, so bound variables (let, quantifiers, define-fun parameters) stay
 * in scope: the rewrite is exact under binders too. A logic without UF gets it (QF_LRA ->
 * QF_UFLRA; one the solvers might not know -> ALL).
 * The totalised script has no unspecified value left, so every interpretation of it is one of
 * the original's and conversely: unsat totalised means no choice of the unspecified values
 * makes the script sat (a sat answer is wrong); sat totalised means some choice does.
 * Not totalised (the verdict stays `unspecified`): ^ (a solver extension whose domain the
 * solvers differ on), fp.to_ubv / fp.to_sbv, a raw non-ASCII byte in a string literal.
 * Owns: nothing; the rewrite adds terms and declarations to the caller's store.
 * Invariants: no recursion (store ids are topological: one pass in id order); fresh names
 *   clash with no symbol of the store (sg_store_fresh_atom).
 * Tests: tests/unit/oracle_test.c (the rewrite), tests/cli/group_check.sh and group_fuzz.sh
 *   (the judge, with fake solvers) */
#ifndef SG_ORACLE_TOTAL_H
#define SG_ORACLE_TOTAL_H

#include "front/script.h"
#include "oracle/probe.h"

/* Rewrite sc (whose terms are s's) into its totalised form in place: assertions,
 * definitions, check-sat-assuming and get-value terms; the fresh functions declared after
 * set-logic (or before the first command that is not set-option/set-info). SG_RC_USAGE with
 * why set when the script holds something it cannot totalise (the header's list). *guarded
 * (may be NULL): the applications guarded. */
sg_rc sg_total_script (sg_store *s, sg_script *sc, uint32_t *guarded /* OUT */, char *why, size_t size);
/* Parse text in a store of its own, totalise it and print it, without its (set-info :status)
 * label (the script's, not the totalised formula's), into out (reset first). False
 * with why set when it does not parse or cannot be totalised, or nothing needed a guard. */
bool sg_total_text (const char *text, size_t len, sg_buf *out /* OUT */, char *why, size_t size);

/* The judge. p is a probe of text (the script) whose verdict is `unspecified` on a
 * disagreement (sat and unsat on query q among the runs, or a decided run against the expected
 * status). The totalised text is asked of the solvers (fresh, with o's models and timeout),
 * then, while fewer than two families have answered it unsat and none sat, of the referees
 * (one at a time, each of a family that has decided neither text). T is unsat when two
 * families (solvers or referees) answer it unsat and no run (nor a sat whose model our
 * evaluator refutes) sat: one family's word is never enough, not even that of a run that
 * answered sat on the script (a solver contradicting itself is wrong on one of the two texts,
 * and only a second opinion says which). When T is unsat, every run that answered sat on q is
 * wrong whatever the unspecified values are: p's verdict becomes soundness, blamed on those
 * runs (culprit the first), its why saying the totalised formula decided it, and total (OUT,
 * may be NULL; reset first) holds the totalised text. T sat, undecided, or disputed: p is left as it was (an unsat
 * answer where some choice of x/0 makes the script sat is not reported: the direction the
 * solvers may legitimately read more narrowly, see docs/usage.md). calls (OUT): solver runs
 * made. Returns SG_RC_OK whenever the runs happened. */
sg_rc sg_probe_total (const sg_solver_list *solvers, const sg_solver_list *referees, const sg_patterns *pats,
                      const char *text, size_t len, const sg_probe_opts *o, sg_probe *p,
                      sg_buf *total /* OUT */, uint32_t *calls /* OUT */);

#endif
