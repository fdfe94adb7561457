/* oracle_test: the verdict rules over hand-made outcomes — differential blame by model,
 * metamorphic status, timeouts/unknown/rejections never soundness, crash and performance —
 * and the table of unspecified operators on parsed scripts (sg_unspec_find). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "oracle/oracle.h"
#include "oracle/probe.h"
#include "oracle/probe_int.h"
#include "oracle/total.h"
#include "oracle/unspec.h"
#include "run/profile.h"
#include "test_util.h"

static sg_outcome
mk (sg_outcome_kind k, const char *answers, double wall)
{
  sg_outcome o;
  sg_outcome_init (&o);
  o.kind = k;
  o.wall_s = wall;
  for (const char *a = answers; *a; a++)
    {
      uint8_t v = *a == 's' ? SG_ANS_SAT : *a == 'u' ? SG_ANS_UNSAT : SG_ANS_UNKNOWN;
      assert_true (SG_VEC_PUSH (o.answers, v));
    }
  return o;
}

static sg_verdict
judge2 (sg_outcome *a, int ma, sg_outcome *b, int mb, const sg_oracle_opts *o)
{
  sg_oracle_run r[2] = { { "A", a, ma, false }, { "B", b, mb, false } };
  sg_verdict v;
  sg_oracle_judge (r, 2, o, &v);
  sg_outcome_free (a);
  sg_outcome_free (b);
  return v;
}

static void
test_differential (void **state)
{
  (void) state;
  sg_oracle_opts o = { SG_ANS_NONE, false, 0, 0, NULL };
  sg_outcome a, b;
  /* Agreement. */
  a = mk (SG_OUT_OK, "s", 0.1), b = mk (SG_OUT_OK, "s", 0.1);
  assert_int_equal (judge2 (&a, SG_MODEL_VALID, &b, SG_MODEL_VALID, &o).kind, SG_VERDICT_OK);
  /* B says unsat, A's model is valid: B is wrong. */
  a = mk (SG_OUT_OK, "s", 0.1), b = mk (SG_OUT_OK, "u", 0.1);
  sg_verdict v = judge2 (&a, SG_MODEL_VALID, &b, -1, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 1);
  /* A says sat with a model our evaluator refutes, B says unsat: A is wrong. */
  a = mk (SG_OUT_OK, "s", 0.1), b = mk (SG_OUT_OK, "u", 0.1);
  v = judge2 (&a, SG_MODEL_INVALID, &b, -1, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 0);
  /* Undecided model: a disagreement without blame. */
  a = mk (SG_OUT_OK, "u", 0.1), b = mk (SG_OUT_OK, "s", 0.1);
  v = judge2 (&a, -1, &b, SG_MODEL_UNDETERMINED, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, SG_NONE);
  /* unknown, timeout, rejection and memout are never soundness. */
  sg_outcome_kind quiet[] = { SG_OUT_TIMEOUT, SG_OUT_REJECTED, SG_OUT_MEMOUT, SG_OUT_NO_ANSWER };
  for (size_t i = 0; i < sizeof quiet / sizeof *quiet; i++)
    {
      a = mk (SG_OUT_OK, "s", 0.1), b = mk (quiet[i], "u", 0.1);
      assert_int_equal (judge2 (&a, SG_MODEL_VALID, &b, -1, &o).kind, SG_VERDICT_OK);
    }
  a = mk (SG_OUT_OK, "s", 0.1), b = mk (SG_OUT_OK, "?", 0.1);
  assert_int_equal (judge2 (&a, SG_MODEL_VALID, &b, -1, &o).kind, SG_VERDICT_OK);
  /* ... but unknown is incompleteness when asked for. */
  o.incompleteness = true;
  a = mk (SG_OUT_OK, "s", 0.1), b = mk (SG_OUT_OK, "?", 0.1);
  v = judge2 (&a, SG_MODEL_VALID, &b, -1, &o);
  assert_int_equal (v.kind, SG_VERDICT_INCOMPLETE);
  assert_int_equal (v.culprit, 1);
  /* Several queries: the second differs. */
  o.incompleteness = false;
  a = mk (SG_OUT_OK, "su", 0.1), b = mk (SG_OUT_OK, "ss", 0.1);
  v = judge2 (&a, -1, &b, -1, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.query, 1);
}

static void
test_metamorphic_crash_model_perf (void **state)
{
  (void) state;
  sg_oracle_opts o = { SG_ANS_UNSAT, false, 0, 0, NULL };
  sg_outcome a, b;
  /* Expected unsat; B says sat: B is wrong even though A agrees with nothing. */
  a = mk (SG_OUT_TIMEOUT, "", 10), b = mk (SG_OUT_OK, "s", 0.1);
  sg_verdict v = judge2 (&a, -1, &b, -1, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 1);
  /* A crash outranks everything. */
  a = mk (SG_OUT_CRASH, "", 0.1), b = mk (SG_OUT_OK, "s", 0.1);
  v = judge2 (&a, -1, &b, -1, &o);
  assert_int_equal (v.kind, SG_VERDICT_CRASH);
  assert_int_equal (v.culprit, 0);
  /* Expected sat, answer sat, model refuted by our evaluator: invalid model. */
  o.expected = SG_ANS_SAT;
  a = mk (SG_OUT_OK, "s", 0.1), b = mk (SG_OUT_OK, "s", 0.1);
  v = judge2 (&a, SG_MODEL_VALID, &b, SG_MODEL_INVALID, &o);
  assert_int_equal (v.kind, SG_VERDICT_INVALID_MODEL);
  assert_int_equal (v.culprit, 1);
  /* The solver's own model check. */
  a = mk (SG_OUT_INVALID_MODEL, "", 0.1), b = mk (SG_OUT_OK, "s", 0.1);
  assert_int_equal (judge2 (&a, -1, &b, -1, &o).kind, SG_VERDICT_INVALID_MODEL);
  /* ... judged by our evaluator on the model it gives without the check: refuted, an invalid
   * model; validated, its checker is wrong (a crash); undetermined where an unspecified value
   * may explain it, no bug */
  a = mk (SG_OUT_INVALID_MODEL, "", 0.1), b = mk (SG_OUT_OK, "s", 0.1);
  v = judge2 (&a, SG_MODEL_INVALID, &b, -1, &o);
  assert_int_equal (v.kind, SG_VERDICT_INVALID_MODEL);
  assert_int_equal (v.culprit, 0);
  assert_non_null (strstr (v.why, "falsifies"));
  a = mk (SG_OUT_INVALID_MODEL, "", 0.1), b = mk (SG_OUT_OK, "s", 0.1);
  v = judge2 (&a, SG_MODEL_VALID, &b, -1, &o);
  assert_int_equal (v.kind, SG_VERDICT_CRASH);
  assert_int_equal (v.culprit, 0);
  assert_non_null (strstr (v.why, "checker is wrong"));
  sg_oracle_opts un = o;
  un.unspecified = "(/ a 0.0) may divide by zero";
  a = mk (SG_OUT_INVALID_MODEL, "", 0.1), b = mk (SG_OUT_OK, "s", 0.1);
  v = judge2 (&a, SG_MODEL_UNDETERMINED, &b, -1, &un);
  assert_int_equal (v.kind, SG_VERDICT_UNSPECIFIED);
  assert_int_equal (v.culprit, SG_NONE);
  a = mk (SG_OUT_INVALID_MODEL, "", 0.1), b = mk (SG_OUT_OK, "s", 0.1);
  v = judge2 (&a, -1, &b, -1, &un); /* no model to excuse: the solver's own word */
  assert_int_equal (v.kind, SG_VERDICT_INVALID_MODEL);
  assert_int_equal (v.culprit, 0);
  a = mk (SG_OUT_INVALID_MODEL, "", 0.1), b = mk (SG_OUT_OK, "s", 0.1);
  v = judge2 (&a, SG_MODEL_INVALID, &b, -1, &un); /* refuted all the same */
  assert_int_equal (v.kind, SG_VERDICT_INVALID_MODEL);
  a = mk (SG_OUT_INVALID_MODEL, "", 0.1), b = mk (SG_OUT_OK, "s", 0.1);
  assert_int_equal (judge2 (&a, SG_MODEL_UNDETERMINED, &b, -1, &o).kind, SG_VERDICT_INVALID_MODEL);
  /* A failed own check whose model our evaluator validates answered sat: another solver's
   * unsat is wrong, and that soundness bug is reported before the checker's (differential and
   * against a label alike); with no unsat beside it, the checker crash stands. */
  sg_oracle_opts d = { SG_ANS_NONE, false, 0, 0, NULL };
  a = mk (SG_OUT_INVALID_MODEL, "", 0.1), b = mk (SG_OUT_OK, "u", 0.1);
  v = judge2 (&a, SG_MODEL_VALID, &b, -1, &d);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 1);
  assert_int_equal (v.query, 0);
  assert_non_null (strstr (v.why, "B answered unsat on query 1 but A's model satisfies"));
  d.expected = SG_ANS_UNSAT;
  a = mk (SG_OUT_INVALID_MODEL, "", 0.1), b = mk (SG_OUT_OK, "u", 0.1);
  v = judge2 (&a, SG_MODEL_VALID, &b, -1, &d);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 1);
  assert_non_null (strstr (v.why, "the expected status, unsat, is wrong"));
  d.expected = SG_ANS_NONE;
  a = mk (SG_OUT_INVALID_MODEL, "", 0.1), b = mk (SG_OUT_TIMEOUT, "", 8);
  v = judge2 (&a, SG_MODEL_VALID, &b, -1, &d);
  assert_int_equal (v.kind, SG_VERDICT_CRASH);
  assert_int_equal (v.culprit, 0);
  /* ... and a refuted model answers nothing: the unsat beside it is not blamed. */
  a = mk (SG_OUT_INVALID_MODEL, "", 0.1), b = mk (SG_OUT_OK, "u", 0.1);
  v = judge2 (&a, SG_MODEL_INVALID, &b, -1, &d);
  assert_int_equal (v.kind, SG_VERDICT_INVALID_MODEL);
  assert_int_equal (v.culprit, 0);
  /* A real crash still outranks the soundness finding. */
  {
    sg_outcome x[3] = { mk (SG_OUT_INVALID_MODEL, "", 0.1), mk (SG_OUT_OK, "u", 0.1),
                        mk (SG_OUT_CRASH, "", 0.1) };
    sg_oracle_run r[3] = { { "A", &x[0], SG_MODEL_VALID, false }, { "B", &x[1], -1, false }, { "C", &x[2], -1, false } };
    sg_oracle_judge (r, 3, &d, &v);
    for (int k = 0; k < 3; k++) sg_outcome_free (&x[k]);
    assert_int_equal (v.kind, SG_VERDICT_CRASH);
    assert_int_equal (v.culprit, 2);
  }
  /* Performance: B 20x slower than A (and above the noise floor). */
  sg_oracle_opts p = { SG_ANS_NONE, false, 10, 0.5, NULL };
  a = mk (SG_OUT_OK, "s", 0.1), b = mk (SG_OUT_OK, "s", 2.0);
  v = judge2 (&a, -1, &b, -1, &p);
  assert_int_equal (v.kind, SG_VERDICT_PERFORMANCE);
  a = mk (SG_OUT_OK, "s", 0.01), b = mk (SG_OUT_OK, "s", 0.3); /* below the floor */
  assert_int_equal (judge2 (&a, -1, &b, -1, &p).kind, SG_VERDICT_OK);
}

/* One run per answer letter of ans (s, u; t: a timeout) by the solver names[i]. */
static sg_verdict
judge_named (const char *const *names, const char *ans, const int *models, const sg_oracle_opts *o)
{
  sg_outcome out[8];
  sg_oracle_run r[8];
  uint32_t n = (uint32_t) strlen (ans);
  assert_true (n <= 8);
  for (uint32_t i = 0; i < n; i++)
    {
      char one[2] = { ans[i], 0 };
      out[i] = mk (ans[i] == 't' ? SG_OUT_TIMEOUT : SG_OUT_OK, ans[i] == 't' ? "" : one, 0.1);
      r[i] = (sg_oracle_run) { names[i], &out[i], models ? models[i] : -1, false };
    }
  sg_verdict v;
  sg_oracle_judge (r, n, o, &v);
  for (uint32_t i = 0; i < n; i++) sg_outcome_free (&out[i]);
  return v;
}

static sg_verdict
judge3 (const char *ans, const int *models, const sg_oracle_opts *o)
{
  static const char *const names[] = { "z3", "cvc5", "cvc4" };
  assert_int_equal (strlen (ans), 3);
  return judge_named (names, ans, models, o);
}

/* Issue 13's blame order: evaluator, unspecified, majority of >= 3 decided answers; a label
 * never overrides a validated model. */
static void
test_blame (void **state)
{
  (void) state;
  sg_oracle_opts o = { SG_ANS_NONE, false, 0, 0, NULL };
  /* z3 and cvc5 unsat, cvc4 sat, no model decides (the datatype/forall case): cvc4. */
  sg_verdict v = judge3 ("uus", NULL, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 2);
  assert_non_null (strstr (v.why, "majority"));
  /* The lone one may be the first run (the reference of the differential rule). */
  v = judge3 ("suu", NULL, &o);
  assert_int_equal (v.culprit, 0);
  /* Two decided answers only (a timeout): no majority, no culprit (the referee's turn). */
  v = judge3 ("ust", NULL, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, SG_NONE);
  /* One vote per solver: z3 twice (other options) against cvc5 is no majority (a hostile
   * review: cvc5 was blamed); z3 twice against cvc5 and cvc4 is outvoted. The same per
   * family: z3 and an npm release of it (z3-4.13.0) share their bugs. */
  {
    static const char *const twice[] = { "z3", "z3", "cvc5", "cvc4" };
    static const char *const vers[] = { "z3", "z3-4.13.0", "cvc5", "cvc4" };
    for (int k = 0; k < 2; k++)
      {
        const char *const *names = k ? vers : twice;
        v = judge_named (names, "ssu", NULL, &o);
        assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
        assert_int_equal (v.culprit, SG_NONE);
        v = judge_named (names, "ssuu", NULL, &o);
        assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
        assert_non_null (strstr (v.why, "2 of the 3 solvers that decided say unsat (majority)"));
        /* both runs of the outvoted family are blamed, the first named */
        assert_int_equal (v.culprit, 0);
        assert_true (v.culprits == 0x3);
      }
  }
  /* Three answers from two families (z3 sat, z3-4.13.0 unsat, cvc5 sat) are no majority: the
   * versions of z3 disagree, and only cvc5 is another opinion. */
  {
    static const char *const vers[] = { "z3", "z3-4.13.0", "cvc5" };
    v = judge_named (vers, "sus", NULL, &o);
    assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
    assert_int_equal (v.culprit, SG_NONE);
    assert_null (strstr (v.why, "majority"));
  }
  /* Wrapper scripts named run-A.sh (a hostile review: run-yices.sh and run-bitwuzla.sh were one
   * vote, so 2 against 2 blamed one of them) are families of their own. */
  {
    static const char *const wraps[] = { "run-yices.sh", "run-bitwuzla.sh", "cvc5", "cvc4" };
    v = judge_named (wraps, "ssuu", NULL, &o);
    assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
    assert_int_equal (v.culprit, SG_NONE);
  }
  /* Families: a "-VERSION" suffix (digits and dots) is dropped, nothing else. */
  assert_true (sg_profile_same_family ("z3", "z3-4.13.0"));
  assert_true (sg_profile_same_family ("cvc4-1.8", "cvc4"));
  assert_true (sg_profile_same_family ("z3-4.8.12", "z3-4.13.0"));
  assert_false (sg_profile_same_family ("cvc5-fp", "cvc5"));
  assert_false (sg_profile_same_family ("z3-noodler", "z3"));
  assert_false (sg_profile_same_family ("run-yices.sh", "run-bitwuzla.sh"));
  assert_false (sg_profile_same_family ("run-1.sh", "run-2.sh"));
  assert_false (sg_profile_same_family ("cvc5", "cvc4"));
  assert_false (sg_profile_same_family ("z3", "z3str3"));
  assert_false (sg_profile_same_family ("-1", "x-1"));
  /* The evaluator beats the majority: the lone sat answer's model is validated. */
  int valid_lone[3] = { -1, -1, SG_MODEL_VALID };
  v = judge3 ("uus", valid_lone, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 0); /* the first unsat answer, refuted by cvc4's model */
  assert_null (strstr (v.why, "majority"));
  /* An unspecified value can explain it (the ^ 0.0 0.0 case): unspecified, no culprit,
   * whatever the majority. */
  o.unspecified = "^: a solver extension";
  v = judge3 ("suu", NULL, &o);
  assert_int_equal (v.kind, SG_VERDICT_UNSPECIFIED);
  assert_int_equal (v.culprit, SG_NONE);
  assert_non_null (strstr (v.why, "^: a solver extension"));
  /* ... but a model our evaluator decides is not explained away. */
  int valid_first[3] = { SG_MODEL_VALID, -1, -1 };
  v = judge3 ("suu", valid_first, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 1);
  /* Metamorphic with an unspecified value and no model: unspecified. */
  o.expected = SG_ANS_UNSAT;
  v = judge3 ("uus", NULL, &o);
  assert_int_equal (v.kind, SG_VERDICT_UNSPECIFIED);
  o.unspecified = NULL;
  /* The fuse hostile case: the label says unsat, z3 and cvc5 say sat and z3's model is
   * validated: the label is wrong, nobody is blamed. */
  int z3_valid[3] = { SG_MODEL_VALID, -1, -1 };
  v = judge3 ("sst", z3_valid, &o);
  assert_int_equal (v.kind, SG_VERDICT_OK);
  assert_non_null (strstr (v.why, "contradicted by z3's model")); /* the loop logs it */
  /* ... and a solver that agrees with the wrong label is the one blamed. */
  v = judge3 ("sut", z3_valid, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 1);
  assert_non_null (strstr (v.why, "expected status, unsat, is wrong"));
  /* Without a validated model the construction still decides. */
  v = judge3 ("sst", NULL, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 0);
  /* Everyone agrees with the label: no why line. */
  v = judge3 ("uuu", NULL, &o);
  assert_int_equal (v.kind, SG_VERDICT_OK);
  assert_string_equal (v.why, "");
  /* A refuted model under an unsat construction: that solver. */
  int cvc4_invalid[3] = { -1, -1, SG_MODEL_INVALID };
  v = judge3 ("uus", cvc4_invalid, &o);
  assert_int_equal (v.culprit, 2);
  assert_non_null (strstr (v.why, "falsifies"));
  assert_string_equal (sg_verdict_kind_name (SG_VERDICT_UNSPECIFIED), "unspecified");
}

/* The runs v blames, as a mask (sg_verdict_blames over n runs). */
static uint64_t
blamed (const sg_verdict *v, uint32_t n)
{
  uint64_t m = 0;
  for (uint32_t i = 0; i < n; i++)
    if (sg_verdict_blames (v, i)) m |= (uint64_t) 1 << i;
  return m;
}

/* Issue 47 item 5: every run a rule shows wrong is blamed (each release and each configuration
 * of a solver), not one per family and not just the first. */
static void
test_blame_every_run (void **state)
{
  (void) state;
  sg_oracle_opts o = { SG_ANS_NONE, false, 0, 0, NULL };
  /* The observed bug: z3 4.8.12 and z3-5.2.0 unsat, cvc5 sat with a model our evaluator
   * validates: both z3 runs are wrong (only z3 was blamed). */
  static const char *const rel[] = { "z3", "z3-5.2.0", "cvc5" };
  int cvc5_valid[3] = { -1, -1, SG_MODEL_VALID };
  sg_verdict v = judge_named (rel, "uus", cvc5_valid, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 0);
  assert_true (blamed (&v, 3) == 0x3);
  assert_non_null (strstr (v.why, "z3 answered unsat on query 1 but cvc5's model satisfies"));
  /* ... whichever run comes first, and with the label unsat overridden by that model. */
  static const char *const rel2[] = { "cvc5", "z3", "z3-5.2.0" };
  int first_valid[3] = { SG_MODEL_VALID, -1, -1 };
  v = judge_named (rel2, "suu", first_valid, &o);
  assert_int_equal (v.culprit, 1);
  assert_true (blamed (&v, 3) == 0x6);
  o.expected = SG_ANS_UNSAT;
  v = judge_named (rel2, "suu", first_valid, &o);
  assert_true (blamed (&v, 3) == 0x6);
  assert_non_null (strstr (v.why, "the expected status, unsat, is wrong"));
  /* Metamorphic: every run that contradicts the expected status (unsat). */
  v = judge_named (rel2, "ssu", NULL, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_true (blamed (&v, 3) == 0x3);
  o.expected = SG_ANS_NONE;
  /* Majority: z3 and z3-4.13.0 unsat (one family, one vote) against cvc5 and cvc4: both. */
  static const char *const vers[] = { "z3", "cvc5", "cvc4", "z3-4.13.0" };
  v = judge_named (vers, "ussu", NULL, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_non_null (strstr (v.why, "(majority)"));
  assert_int_equal (v.culprit, 0);
  assert_true (blamed (&v, 4) == 0x9);
  /* Refuted models: each sat run whose model falsifies an assertion is wrong against an unsat;
   * a sat run whose model our evaluator validates is right (only the unsat is blamed). */
  static const char *const three[] = { "z3", "cvc5", "cvc4" };
  int both_refuted[3] = { SG_MODEL_INVALID, SG_MODEL_INVALID, -1 };
  v = judge_named (three, "ssu", both_refuted, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_true (blamed (&v, 3) == 0x3);
  assert_non_null (strstr (v.why, "z3 answered sat on query 1 with a model that falsifies"));
  int one_refuted[3] = { SG_MODEL_INVALID, SG_MODEL_VALID, -1 };
  v = judge_named (three, "ssu", one_refuted, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_true (blamed (&v, 3) == 0x4);
  /* A refuted sat is no vote: z3 sat (undecided model), cvc5 unsat, cvc4 sat with a refuted
   * model is cvc4's wrong answer, no majority against cvc5. */
  int last_refuted[3] = { -1, -1, SG_MODEL_INVALID };
  v = judge_named (three, "sus", last_refuted, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_true (blamed (&v, 3) == 0x4);
  assert_null (strstr (v.why, "majority"));
  /* No rule decides: no one (the referee's turn). */
  v = judge_named (three, "sut", NULL, &o);
  assert_int_equal (v.culprit, SG_NONE);
  assert_true (blamed (&v, 3) == 0);
  assert_false (sg_verdict_blames (&v, SG_NONE));
  /* Setting one culprit drops the others. */
  v.culprits = 0x6;
  sg_verdict_blame (&v, 0);
  assert_true (blamed (&v, 3) == 0x1);
}

/* sg_unspec_find on one assertion over x, y: Int, r, t: Real, f, g: Float32, b: (_ BitVec 8),
 * s: String. */
static bool
unspec (const char *assertion, char *why, size_t size)
{
  char text[1024];
  snprintf (text, sizeof text,
            "(set-logic ALL)(declare-fun x () Int)(declare-fun y () Int)(declare-fun r () Real)"
            "(declare-fun t () Real)(declare-fun f () Float32)(declare-fun g () Float32)"
            "(declare-fun b () (_ BitVec 8))(declare-fun s () String)"
            "(define-fun zero () Real 0.0)\n(assert %s)(check-sat)\n", assertion);
  tparse tp;
  tp_parse (&tp, text);
  if (tp.rc) fail_msg ("%s: %s", assertion, tp.err);
  why[0] = 0;
  bool r = sg_unspec_find (&tp.s, why, size);
  tp_free (&tp);
  return r;
}

/* The table (unspec.def) and its guards: an application counts unless constant folding
 * excludes the unspecified case. */
static void
test_unspec_table (void **state)
{
  (void) state;
  char why[200];
  static const struct { const char *a; bool unspec; } cases[] = {
    /* '^': the false alarm, and what folding excludes */
    { "(< 1.0 (^ 0.0 0.0))", true },
    { "(= 0.0 (^ 0.0 r))", true },
    { "(< 1.0 (^ r 0.0))", true },          /* r may be 0: 0^0 */
    { "(< 1.0 (^ 2.0 0.0))", false },       /* a non-zero constant base */
    { "(< 1.0 (^ r 2.0))", false },         /* a natural exponent: r*r in every solver */
    { "(< 1 (^ x (+ 1 1)))", false },       /* folded */
    { "(< 1.0 (^ r (- 0.5)))", true },
    { "(< 1.0 (^ r 0.5))", true },
    /* division by zero (Ints, Reals) */
    { "(= (/ r 0.0) 1.0)", true },
    { "(= (/ r t) 1.0)", true },
    { "(= (/ r zero) 1.0)", true },         /* a defined constant that is 0 */
    { "(= (/ r 2.0) 1.0)", false },
    { "(= (/ r (- 3.0 1.0)) 1.0)", false }, /* folded */
    { "(= (/ r 2.0 t) 1.0)", true },        /* n-ary: every divisor */
    { "(= (div x y) 1)", true },
    { "(= (div x (- 1 1)) 1)", true },
    { "(= (div x 3) 1)", false },
    { "(= (mod x 0) 1)", true },
    { "(= (mod x (- 4)) 1)", false },
    { "(forall ((z Int)) (= (div x z) 1))", true },
    /* FloatingPoint */
    { "(fp.eq (fp.min f g) f)", true },
    { "(fp.eq (fp.max f (_ +zero 8 24)) f)", true },
    { "(fp.eq (fp.min (_ +zero 8 24) (_ -zero 8 24)) f)", true },
    { "(fp.eq (fp.min f ((_ to_fp 8 24) RNE 1.0)) f)", false },
    { "(fp.eq (fp.max f (fp #b0 #x7f #b00000000000000000000000)) f)", false },
    { "(fp.eq (fp.min (_ NaN 8 24) f) f)", false },
    { "(= ((_ fp.to_ubv 8) RNE f) #x01)", true },
    { "(= ((_ fp.to_sbv 8) RTZ ((_ to_fp 8 24) RNE 3.0)) #x03)", false },
    { "(= ((_ fp.to_sbv 8) RTZ ((_ to_fp 8 24) RNE 300.0)) #x03)", true }, /* out of range */
    { "(= ((_ fp.to_ubv 8) RTZ ((_ to_fp 8 24) RNE (- 1.0))) #x00)", true }, /* negative */
    { "(= (fp.to_real f) 1.0)", true },
    { "(= (fp.to_real (_ +oo 8 24)) 1.0)", true },
    { "(= (fp.to_real ((_ to_fp 8 24) RNE 0.5)) 0.5)", false },
    /* fully specified in SMT-LIB 2.6: never in the table */
    { "(= (bvudiv b #x00) #xff)", false },
    { "(= (bvurem b #x00) b)", false },
    { "(= (bvsdiv b #x00) b)", false },
    { "(= (str.at s 5) \"\")", false },
    { "(= (str.substr s (- 1) 3) \"\")", false },
    { "(= (str.indexof s \"a\" 9) (- 1))", false },
    { "(= (* x y) 1)", false },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      bool got = unspec (cases[i].a, why, sizeof why);
      if (got != cases[i].unspec)
        fail_msg ("%s: expected %s", cases[i].a, cases[i].unspec ? "unspecified" : "specified");
      if (got) assert_true (why[0] != 0);
    }
  assert_true (unspec ("(< 1.0 (^ 0.0 0.0))", why, sizeof why));
  assert_non_null (strstr (why, "^: ^ is a solver extension"));
}

static void
test_model_text (void **state)
{
  (void) state;
  const char *out = "unsat\nsat\n(\n  (define-fun s () String \"a)\"\"(\")\n  ; comment )\n  (define-fun |x)| () Int 1)\n)\nsat\n((define-fun y () Int 2))\n";
  const char *m;
  size_t n;
  assert_false (sg_model_text (out, strlen (out), 0, &m, &n)); /* unsat: no model follows */
  assert_true (sg_model_text (out, strlen (out), 1, &m, &n));
  assert_int_equal (m[0], '(');
  assert_int_equal (m[n - 1], ')');
  assert_non_null (strstr (m, "|x)| () Int 1)\n)"));
  assert_true (sg_model_text (out, strlen (out), 2, &m, &n));
  assert_int_equal (n, strlen ("((define-fun y () Int 2))"));
  /* The model a check examined (cvc4 -v -v): the last "(model" line's S-expression, whatever
   * verbose lines surround it; a "(model" inside a line, or an unbalanced one, is none. */
  const char *v = "SmtEngine: setting produceModels\n(model\n(define-fun a () Real 1.0)\n)\n"
                  "SmtEngine::checkModel(): generating model\r\n(model\r\n(define-fun |)| () Real 0.0)\r\n)\r\n"
                  "SmtEngine::checkModel(): *** PROBLEM: EXPECTED `TRUE' ***\n";
  assert_true (sg_checked_model_text (v, strlen (v), &m, &n));
  assert_true (!strncmp (m, "(model\r\n(define-fun |)| () Real 0.0)\r\n)", n));
  assert_int_equal (n, strlen ("(model\r\n(define-fun |)| () Real 0.0)\r\n)"));
  const char *none = "x (model\n(define-fun a () Real 1.0)\n)\n";
  assert_false (sg_checked_model_text (none, strlen (none), &m, &n));
  const char *open_ = "(model\n(define-fun a () Real 1.0)\n";
  assert_false (sg_checked_model_text (open_, strlen (open_), &m, &n));
  assert_false (sg_checked_model_text ("", 0, &m, &n));
  /* z3 after its failed model_validate: "sat", the error, then its (get-model) answer. */
  const char *z = "sat\n(error \"line 3 column 10: an invalid model was generated\")\n(\n  (define-fun x () Bool\n    false)\n)\n";
  assert_true (sg_model_text_after_errors (z, strlen (z), &m, &n));
  assert_true (!strncmp (m, "(\n  (define-fun x () Bool", 25));
  assert_int_equal (m[n - 1], ')');
  assert_int_equal ((size_t) (m - z) + n + 1, strlen (z));
  const char *z2 = "sat\n(error \"a\")\n(error \"b\")\n((define-fun y () Int 2))\n";
  assert_true (sg_model_text_after_errors (z2, strlen (z2), &m, &n));
  assert_int_equal (n, strlen ("((define-fun y () Int 2))"));
  const char *z3 = "sat\n(error \"line 3 column 10: an invalid model was generated\")\n";
  assert_false (sg_model_text_after_errors (z3, strlen (z3), &m, &n)); /* no model after it */
}

/* A cvc5-like profile (validate_args, validate_unsat) and a z3-like one. */
static void
val_profile (sg_profile *p, const char *name, const char *words, bool unsat)
{
  sg_profile_init (p);
  snprintf (p->name, sizeof p->name, "%s", name);
  for (const char *w = words; *w;)
    {
      const char *e = strchr (w, ' ');
      size_t n = e ? (size_t) (e - w) : strlen (w);
      assert_true (SG_VEC_PUSH (p->validate_args, strndup (w, n)));
      w += n + (e != NULL);
    }
  p->validate_unsat = unsat;
}

/* Issue 50: the validating run compared with the plain one (probe_val.c). */
static void
test_validating_run (void **state)
{
  (void) state;
  sg_profile cvc5, z3;
  val_profile (&cvc5, "cvc5", "--check-models --check-unsat-cores", true);
  val_profile (&z3, "z3", "model_validate=true", false);
  /* when a validating run is due: a sat answer, an unsat one only where the checks look at
   * unsat answers, a crash; never a timeout, an unknown or a rejection */
  sg_outcome o = mk (SG_OUT_OK, "u", 0);
  assert_true (sg_probe_val_due (&cvc5, &o));
  assert_false (sg_probe_val_due (&z3, &o));
  sg_outcome_free (&o);
  o = mk (SG_OUT_OK, "us", 0);
  assert_true (sg_probe_val_due (&z3, &o));
  sg_outcome_free (&o);
  o = mk (SG_OUT_CRASH, "", 0);
  assert_true (sg_probe_val_due (&z3, &o));
  sg_outcome_free (&o);
  o = mk (SG_OUT_OK, "?", 0);
  assert_false (sg_probe_val_due (&cvc5, &o));
  sg_outcome_free (&o);
  o = mk (SG_OUT_TIMEOUT, "", 0);
  assert_false (sg_probe_val_due (&cvc5, &o));
  sg_outcome_free (&o);

  sg_argv_opts va;
  memset (&va, 0, sizeof va);
  va.models = va.validate = true;
  va.script_path = "bug.smt2";
  sg_buf said;
  sg_buf_init (&said);
  /* a failed own check where the plain run answered: adopted (the check shows the bug) */
  sg_probe_run r;
  memset (&r, 0, sizeof r);
  r.prof = &cvc5;
  r.out = mk (SG_OUT_OK, "s", 0);
  sg_outcome v = mk (SG_OUT_INVALID_MODEL, "s", 0);
  assert_true (sg_probe_val_record (&r, &va, true, &v, &said));
  assert_true (r.adopted);
  assert_int_equal (r.out.kind, SG_OUT_INVALID_MODEL);
  assert_int_equal (v.kind, SG_OUT_OK); /* the plain outcome, handed back */
  assert_true (r.argv.validate && r.argv.models && !r.argv.script_path);
  assert_false (sg_probe_val_differs (&r));
  assert_non_null (strstr (r.val.what, "its plain command answered sat; with its validation flags (--check-models --check-unsat-cores) its own check fails"));
  sg_outcome_free (&r.out);
  sg_outcome_free (&v);
  /* the plain run crashed, the validating one answers: the flags hide the crash (a note) */
  memset (&r, 0, sizeof r);
  r.prof = &cvc5;
  r.out = mk (SG_OUT_CRASH, "", 0);
  snprintf (r.out.reason, sizeof r.out.reason, "signal SIGSEGV");
  v = mk (SG_OUT_OK, "uu", 0);
  assert_false (sg_probe_val_record (&r, &va, false, &v, &said));
  assert_int_equal (r.val.diff, SG_VAL_HIDES);
  assert_true (sg_probe_val_differs (&r));
  assert_int_equal (r.out.kind, SG_OUT_CRASH); /* the plain verdict stands */
  assert_false (r.argv.validate);
  assert_non_null (strstr (r.val.what, "its plain command crashed (signal SIGSEGV); with its validation flags (--check-models --check-unsat-cores) it answers unsat unsat: they hide the crash"));
  sg_outcome_free (&r.out);
  sg_outcome_free (&v);
  /* other answers; a crash of the check alone; the same answer; a refusal */
  memset (&r, 0, sizeof r);
  r.prof = &z3;
  r.out = mk (SG_OUT_OK, "su", 0);
  v = mk (SG_OUT_OK, "ss", 0);
  assert_false (sg_probe_val_record (&r, &va, false, &v, &said));
  assert_int_equal (r.val.diff, SG_VAL_ANSWERS);
  assert_non_null (strstr (r.val.what, "it answers sat sat where its plain command answered sat unsat"));
  sg_outcome_free (&v);
  v = mk (SG_OUT_CRASH, "", 0);
  assert_false (sg_probe_val_record (&r, &va, false, &v, &said));
  assert_int_equal (r.val.diff, SG_VAL_CRASHES);
  sg_outcome_free (&v);
  v = mk (SG_OUT_OK, "s?", 0); /* unknown where the plain run decided: no difference */
  assert_false (sg_probe_val_record (&r, &va, false, &v, &said));
  assert_int_equal (r.val.diff, SG_VAL_SAME);
  assert_false (sg_probe_val_differs (&r));
  assert_string_equal (r.val.what, "");
  sg_outcome_free (&v);
  v = mk (SG_OUT_REJECTED, "", 0);
  sg_buf_adds (&said, "(error \"Error in option parsing: learned rewrites not supported with unsat cores\")\n");
  assert_false (sg_probe_val_record (&r, &va, false, &v, &said));
  assert_int_equal (r.val.diff, SG_VAL_REFUSED);
  assert_false (sg_probe_val_differs (&r)); /* a line, not a note finding */
  assert_non_null (strstr (r.val.what, "it refused its validation flags (model_validate=true): Error in option parsing: learned rewrites not supported with unsat cores; not self-checked"));
  sg_outcome_free (&v);
  /* a rejection whose text names no option (the model run's text): not the flags' doing */
  v = mk (SG_OUT_REJECTED, "", 0);
  sg_buf_reset (&said);
  sg_buf_adds (&said, "(error \"line 7 column 10: model is not available\")\n");
  assert_false (sg_probe_val_record (&r, &va, true, &v, &said));
  assert_int_equal (r.val.diff, SG_VAL_SAME);
  assert_non_null (strstr (r.val.what, "its validating run was rejected (line 7 column 10: model is not available)"));
  sg_outcome_free (&v);
  sg_outcome_free (&r.out);
  /* cvc5's unsat-core check aborts (own_check_words): its own check failed, adopted */
  assert_true (SG_VEC_PUSH (cvc5.own_check_words, strdup ("checkUnsatCore")));
  memset (&r, 0, sizeof r);
  r.prof = &cvc5;
  r.out = mk (SG_OUT_OK, "u", 0);
  v = mk (SG_OUT_CRASH, "", 0);
  sg_buf_reset (&said);
  sg_buf_adds (&said, "Fatal failure within void cvc5::internal::SolverEngine::checkUnsatCore() at x.cpp:1\n");
  assert_true (sg_probe_val_record (&r, &va, false, &v, &said));
  assert_true (r.adopted);
  assert_int_equal (r.out.kind, SG_OUT_CRASH);
  assert_non_null (strstr (r.val.what, "its own check fails (it aborts)"));
  sg_outcome_free (&v);
  sg_outcome_free (&r.out);
  /* the same crash without the word: a note */
  memset (&r, 0, sizeof r);
  r.prof = &cvc5;
  r.out = mk (SG_OUT_OK, "u", 0);
  v = mk (SG_OUT_CRASH, "", 0);
  sg_buf_reset (&said);
  sg_buf_adds (&said, "Segmentation fault\n");
  assert_false (sg_probe_val_record (&r, &va, false, &v, &said));
  assert_false (r.adopted);
  assert_int_equal (r.val.diff, SG_VAL_CRASHES);
  sg_outcome_free (&v);
  sg_outcome_free (&r.out);
  sg_buf_free (&said);
  sg_profile_free (&cvc5);
  sg_profile_free (&z3);
}

/* The totalised text of decls + "(assert A)" (issue 54), or NULL with why; it must parse. */
static char *
totalise (const char *logic, const char *decls, const char *assertion, char *why, size_t size)
{
  char text[2048];
  snprintf (text, sizeof text, "(set-logic %s)%s\n(assert %s)\n(check-sat)\n", logic, decls, assertion);
  sg_buf b;
  sg_buf_init (&b);
  why[0] = 0;
  char *r = NULL;
  if (sg_total_text (text, strlen (text), &b, why, size))
    {
      r = strdup (sg_buf_cstr (&b));
      tparse tp;
      tp_parse (&tp, r);
      if (tp.rc) fail_msg ("%s: the totalised text does not parse: %s\n%s", assertion, tp.err, r);
      tp_free (&tp);
    }
  sg_buf_free (&b);
  return r;
}

#define REALS "(declare-fun x () Real)(declare-fun y () Real)(declare-fun r () Real)"
#define INTS "(declare-fun a () Int)(declare-fun b () Int)"
#define FLOATS "(declare-fun f () Float32)(declare-fun g () Float32)"

/* The rewrite: each partial application guarded by its domain, a fresh function outside it
 * (one per operator and sort, over the other arguments), left-associative steps, bound
 * variables kept in scope, fresh names that clash with nothing, the logic given UF; what it
 * cannot totalise is refused. */
static void
test_totalise (void **state)
{
  (void) state;
  char why[256];
  static const struct { const char *logic, *decls, *a, *want[3]; } cases[] = {
    { "QF_NRA", REALS, "(= (/ x y) 1.0)",
      { "(set-logic QF_UFNRA)\n(declare-fun div0_real0 (Real) Real)\n",
        "(assert (= (ite (= y 0.0) (div0_real0 x) (/ x y)) 1.0))", NULL } },
    /* n-ary: ((x / y) / r), each step guarded, one function */
    { "QF_NRA", REALS, "(= (/ x y r) 1.0)",
      { "(ite (= r 0.0) (div0_real0 (ite (= y 0.0) (div0_real0 x) (/ x y))) (/ (ite (= y 0.0) (div0_real0 x) (/ x y)) r))",
        NULL, NULL } },
    /* equal dividends share the function's value: the same term */
    { "QF_NRA", REALS, "(distinct (/ x y) (/ x r))",
      { "(distinct (ite (= y 0.0) (div0_real0 x) (/ x y)) (ite (= r 0.0) (div0_real0 x) (/ x r)))", NULL, NULL } },
    /* a non-zero literal divisor needs no guard */
    { "QF_NRA", REALS, "(= (+ (/ x 2.0) (/ x y)) 1.0)",
      { "(+ (/ x 2.0) (ite (= y 0.0) (div0_real0 x) (/ x y)))", NULL, NULL } },
    /* div and mod: one function each; Int zero */
    { "QF_NIA", INTS, "(= (div a b) (mod a b))",
      { "(set-logic QF_UFNIA)", "(= (ite (= b 0) (div0_int0 a) (div a b)) (ite (= b 0) (mod0_int1 a) (mod a b)))", NULL } },
    /* a declared symbol of the fresh name: the next one */
    { "QF_NRA", REALS "(declare-fun div0_real0 () Real)", "(= (/ x y) div0_real0)",
      { "(declare-fun div0_real1 (Real) Real)", "(= (ite (= y 0.0) (div0_real1 x) (/ x y)) div0_real0)", NULL } },
    /* under a quantifier and a let: the bound variables stay in scope */
    { "NRA", REALS, "(forall ((z Real)) (let ((w (/ x z))) (> w 0.0)))",
      { "(set-logic UFNRA)", "(forall ((z Real)) (let ((w (ite (= z 0.0) (div0_real0 x) (/ x z)))) (> w 0.0)))", NULL } },
    /* a definition's body over its parameters */
    { "QF_NRA", "(define-fun h ((p Real) (q Real)) Real (/ p q))" REALS, "(= (h x y) 1.0)",
      { "(define-fun h ((p Real) (q Real)) Real (ite (= q 0.0) (div0_real0 p) (/ p q)))", NULL, NULL } },
    /* a logic with UF already, and one the solvers may not all know with UF: ALL */
    { "QF_UFNRA", REALS, "(= (/ x y) 1.0)", { "(set-logic QF_UFNRA)", NULL, NULL } },
    { "QF_FP", FLOATS, "(fp.eq (fp.min f g) f)",
      { "(set-logic ALL)\n(declare-fun fp.min0_0 ((_ FloatingPoint 8 24) (_ FloatingPoint 8 24)) Bool)",
        "(ite (and (fp.isZero f) (fp.isZero g) (xor (fp.isNegative f) (fp.isNegative g))) (ite (fp.min0_0 f g) (_ +zero 8 24) (_ -zero 8 24)) (fp.min f g))",
        NULL } },
    { "QF_FPLRA", FLOATS REALS, "(= (fp.to_real f) x)",
      { "(declare-fun fp.to_real0_0 ((_ FloatingPoint 8 24)) Real)",
        "(ite (or (fp.isInfinite f) (fp.isNaN f)) (fp.to_real0_0 f) (fp.to_real f))", NULL } },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      char *t = totalise (cases[i].logic, cases[i].decls, cases[i].a, why, sizeof why);
      if (!t) fail_msg ("%s: not totalised: %s", cases[i].a, why);
      for (int k = 0; k < 3 && cases[i].want[k]; k++)
        if (!strstr (t, cases[i].want[k])) fail_msg ("%s: expected\n%s\nin\n%s", cases[i].a, cases[i].want[k], t);
      free (t);
    }
  /* Refused: ^, fp.to_ubv, nothing to guard. */
  static const struct { const char *logic, *decls, *a, *why; } refused[] = {
    { "QF_NRA", REALS, "(> (^ x y) 1.0)", "not totalised: ^:" },
    { "QF_FP", FLOATS "(declare-fun c () (_ BitVec 8))", "(= ((_ fp.to_ubv 8) RNE f) c)", "not totalised: fp.to_ubv:" },
    { "QF_NRA", REALS, "(> (/ x 2.0) 1.0)", "not totalised: no partial application needs a guard" },
  };
  for (size_t i = 0; i < sizeof refused / sizeof *refused; i++)
    {
      char *t = totalise (refused[i].logic, refused[i].decls, refused[i].a, why, sizeof why);
      if (t) fail_msg ("%s: totalised, expected refused:\n%s", refused[i].a, t);
      if (strncmp (why, refused[i].why, strlen (refused[i].why))) fail_msg ("%s: why '%s'", refused[i].a, why);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_differential),
    cmocka_unit_test (test_blame),
    cmocka_unit_test (test_blame_every_run),
    cmocka_unit_test (test_metamorphic_crash_model_perf),
    cmocka_unit_test (test_unspec_table),
    cmocka_unit_test (test_model_text),
    cmocka_unit_test (test_validating_run),
    cmocka_unit_test (test_totalise),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
