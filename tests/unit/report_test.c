/* report_test: the listing order of buckets (campaign/report.h) — the wrong answer of a
 * soundness bucket read from the oracle's explanation in each wording the oracles write (the
 * culprit's "answered", a referee's verdict, the core oracle's prefix), and the ranks: wrong
 * unsat, wrong sat, an untold wrong answer, invalid model, crash, then the rest, unspecified
 * last. The order of `bugs list`, `bugs export` and `report` on a database: tests/cli (group
 * campaign). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "campaign/report.h"

/* assert_string_equal that takes NULL for "no answer". */
static void
answer_is (const char *solver, const char *why, const char *want)
{
  const char *got = sg_report_wrong_answer (solver, why);
  if (!want) assert_null (got);
  else
    {
      assert_non_null (got);
      assert_string_equal (got, want);
    }
}

static void
test_wrong_answer (void **state)
{
  (void) state;
  /* oracle/oracle.c: metamorphic and differential */
  answer_is ("cvc5", "cvc5 answered sat on query 1 with a model that falsifies an assertion (our evaluator), expected unsat", "sat");
  answer_is ("z3", "z3 answered unsat on query 2 but cvc5's model satisfies every assertion (expected sat)", "unsat");
  answer_is ("z3", "z3 answered unsat on query 1, expected sat", "unsat");
  answer_is ("cvc5", "cvc5 answered sat on query 1, expected unsat", "sat");
  /* the culprit's words, not the other solver's */
  answer_is ("cvc5", "cvc5 answered sat on query 1 with a model that falsifies an assertion; z3 answered unsat", "sat");
  answer_is ("z3", "cvc5 answered sat on query 1 with a model that falsifies an assertion; z3 answered unsat", "unsat");
  answer_is ("z3", "cvc5-z3 answered sat on query 1; z3 answered unsat", "unsat"); /* a name inside another */
  /* majority */
  answer_is ("cvc4", "cvc4 answered sat on query 1; 2 of the 3 solvers that decided say unsat (majority)", "sat");
  /* the core oracle */
  answer_is ("cvc5", "cvc5 answered unsat with the unsat core (a b), but those conjuncts alone are satisfiable: z3's model of them is valid under our evaluator", "unsat");
  answer_is ("z3", "with :produce-unsat-cores: z3 answered sat on query 1, expected unsat", "sat");
  /* a referee blamed the one that said the other answer */
  answer_is ("cvc5", "z3 and cvc5 disagree on query 1 (sat vs unsat); no model decides; referee cvc4 answers sat", "unsat");
  answer_is ("z3", "z3 and cvc5 disagree on query 1 (unsat vs sat); no model decides; referee cvc4 answers unsat", "sat");
  /* no one blamed, other kinds' wordings, damage */
  answer_is ("unattributed", "z3 and cvc5 disagree on query 1 (sat vs unsat); no model decides", NULL);
  answer_is ("z3", "z3 crashed: assertion violation", NULL);
  answer_is ("z3", "z3 answered satisfiable", NULL);
  answer_is ("z3", "", NULL);
  answer_is ("z3", NULL, NULL);
  answer_is ("", "z3 answered sat", NULL);
}

static void
test_rank (void **state)
{
  (void) state;
  const char *unsat = "z3 answered unsat on query 1 but cvc5's model satisfies every assertion";
  const char *sat = "z3 answered sat on query 1, expected unsat";
  assert_int_equal (sg_report_rank_of ("soundness", "z3", unsat), SG_REPORT_WRONG_UNSAT);
  assert_int_equal (sg_report_rank_of ("soundness", "z3", sat), SG_REPORT_WRONG_SAT);
  assert_int_equal (sg_report_rank_of ("soundness", "unattributed", "z3 and cvc5 disagree"), SG_REPORT_WRONG_ANSWER);
  assert_int_equal (sg_report_rank_of ("soundness", "z3", NULL), SG_REPORT_WRONG_ANSWER);
  assert_int_equal (sg_report_rank_of ("invalid-model", "z3", unsat), SG_REPORT_INVALID_MODEL);
  assert_int_equal (sg_report_rank_of ("crash", "z3", "z3 crashed"), SG_REPORT_CRASH);
  assert_int_equal (sg_report_rank_of ("incompleteness", "z3", sat), SG_REPORT_INCOMPLETE);
  assert_int_equal (sg_report_rank_of ("performance", "z3", ""), SG_REPORT_PERFORMANCE);
  assert_int_equal (sg_report_rank_of ("some-new-kind", "z3", ""), SG_REPORT_OTHER);
  assert_int_equal (sg_report_rank_of ("unspecified", "unattributed", ""), SG_REPORT_UNSPECIFIED);
  /* the order cvc5's guidelines ask for */
  assert_true (SG_REPORT_WRONG_UNSAT < SG_REPORT_WRONG_SAT && SG_REPORT_WRONG_SAT < SG_REPORT_WRONG_ANSWER
               && SG_REPORT_WRONG_ANSWER < SG_REPORT_INVALID_MODEL && SG_REPORT_INVALID_MODEL < SG_REPORT_CRASH
               && SG_REPORT_CRASH < SG_REPORT_INCOMPLETE && SG_REPORT_INCOMPLETE < SG_REPORT_PERFORMANCE
               && SG_REPORT_PERFORMANCE < SG_REPORT_OTHER && SG_REPORT_OTHER < SG_REPORT_UNSPECIFIED);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_wrong_answer),
    cmocka_unit_test (test_rank),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
