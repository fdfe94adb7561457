/* oracle_test: the verdict rules over hand-made outcomes — differential blame by model,
 * metamorphic status, timeouts/unknown/rejections never soundness, crash and performance. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "oracle/oracle.h"
#include "oracle/probe.h"

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
  sg_oracle_run r[2] = { { "A", a, ma }, { "B", b, mb } };
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
  /* Performance: B 20x slower than A (and above the noise floor). */
  sg_oracle_opts p = { SG_ANS_NONE, false, 10, 0.5, NULL };
  a = mk (SG_OUT_OK, "s", 0.1), b = mk (SG_OUT_OK, "s", 2.0);
  v = judge2 (&a, -1, &b, -1, &p);
  assert_int_equal (v.kind, SG_VERDICT_PERFORMANCE);
  a = mk (SG_OUT_OK, "s", 0.01), b = mk (SG_OUT_OK, "s", 0.3); /* below the floor */
  assert_int_equal (judge2 (&a, -1, &b, -1, &p).kind, SG_VERDICT_OK);
}

static sg_verdict
judge3 (const char *ans, const int *models, const sg_oracle_opts *o)
{
  sg_outcome out[3];
  sg_oracle_run r[3];
  static const char *const names[] = { "z3", "cvc5", "cvc4" };
  for (int i = 0; i < 3; i++)
    {
      char one[2] = { ans[i], 0 };
      out[i] = mk (ans[i] == 't' ? SG_OUT_TIMEOUT : SG_OUT_OK, ans[i] == 't' ? "" : one, 0.1);
      r[i] = (sg_oracle_run) { names[i], &out[i], models ? models[i] : -1 };
    }
  sg_verdict v;
  sg_oracle_judge (r, 3, o, &v);
  for (int i = 0; i < 3; i++) sg_outcome_free (&out[i]);
  return v;
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
  /* ... and a solver that agrees with the wrong label is the one blamed. */
  v = judge3 ("sut", z3_valid, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 1);
  assert_non_null (strstr (v.why, "expected status, unsat, is wrong"));
  /* Without a validated model the construction still decides. */
  v = judge3 ("sst", NULL, &o);
  assert_int_equal (v.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (v.culprit, 0);
  /* A refuted model under an unsat construction: that solver. */
  int cvc4_invalid[3] = { -1, -1, SG_MODEL_INVALID };
  v = judge3 ("uus", cvc4_invalid, &o);
  assert_int_equal (v.culprit, 2);
  assert_non_null (strstr (v.why, "falsifies"));
  assert_string_equal (sg_verdict_kind_name (SG_VERDICT_UNSPECIFIED), "unspecified");
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
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_differential),
    cmocka_unit_test (test_blame),
    cmocka_unit_test (test_metamorphic_crash_model_perf),
    cmocka_unit_test (test_model_text),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
