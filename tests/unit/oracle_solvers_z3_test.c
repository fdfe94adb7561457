/* oracle_solvers_z3_test: the oracle's verdict and blame rules on the Debian solvers (z3 4.8.12,
 * cvc5 1.0.3, cvc4 1.8), on the cases of issue 13:
 *   - `(assert (< 1.0 (^ 0.0 0.0)))`: z3 sat, cvc5 and cvc4 unsat; '^' is an extension and z3
 *     leaves 0^0 uninterpreted: `unspecified`, never soundness, nobody blamed;
 *   - `(declare-datatypes ((E 0)) (((c (a Bool))))) (assert (forall ((v E)) (a v)))`: z3 and
 *     cvc5 unsat, cvc4 sat (wrong: (a (c false)) is false), no model decides: the majority blames
 *     cvc4, whether cvc4 is one of three solvers under test or z3 + cvc4 are under test and cvc5
 *     is asked as a referee;
 *   - a wrong label (expected unsat on a sat script): z3's model, validated by our evaluator,
 *     overrides it, so z3 is not blamed (no finding).
 * (sg_probe_script then sg_probe_referee, as `smtgrind check` and the fuzz loop do.)
 * Each test is skipped (cmocka skip) when one of the solvers it needs is not installed.
 * Labelled "solver;slow" (the _z3_test suffix). */
#include "test_util.h"
#include "oracle/probe.h"
#include "run/session.h"

typedef struct env {
  sg_profiles ps;
  sg_patterns pats;
  sg_solver_list solvers, referees;
} env;

/* Profiles of spec; false (test skipped by the caller) when a solver of names is missing. */
static bool
env_init (env *e, const char *spec, const char *const *need, size_t nneed)
{
  memset (e, 0, sizeof *e);
  sg_diag d;
  sg_diag_init (&d, "spec");
  sg_patterns_init (&e->pats);
  assert_int_equal (sg_profiles_init (&e->ps, &d), SG_RC_OK);
  assert_int_equal (sg_patterns_add_defaults (&e->pats), SG_RC_OK);
  for (size_t i = 0; i < nneed; i++)
    {
      const sg_profile *p = sg_profiles_find (&e->ps, need[i]);
      if (!p || !sg_profile_installed (p))
        {
          sg_patterns_free (&e->pats);
          sg_profiles_free (&e->ps);
          return false;
        }
    }
  assert_int_equal (sg_profiles_parse_spec (&e->ps, spec, "spec", &e->solvers, &d), SG_RC_OK);
  return true;
}

static void
env_free (env *e)
{
  sg_solver_list_free (&e->solvers);
  sg_solver_list_free (&e->referees);
  sg_patterns_free (&e->pats);
  sg_profiles_free (&e->ps);
}

/* The probe options of `smtgrind check`: models and the solvers' self-checks, 10 s a run. */
static void
check_opts (sg_probe_opts *po)
{
  memset (po, 0, sizeof *po);
  po->timeout_ms = 10000;
  po->models = true;
  po->validate = true;
}

/* Probe text on e's solvers as `smtgrind check` does (models, self-checks), then blame with
 * e's referees. calls (OUT, may be NULL): referee runs. */
static void
probe (env *e, const char *text, sg_answer expected, sg_probe *pr, uint32_t *calls)
{
  tparse t;
  tp_parse (&t, text);
  assert_int_equal (t.rc, SG_RC_OK);
  sg_probe_opts po;
  check_opts (&po);
  po.oracle.expected = expected;
  sg_probe_init (pr);
  assert_int_equal (sg_probe_script (&e->solvers, &e->pats, &t.s, &t.sc, text, strlen (text), &po, pr), SG_RC_OK);
  uint32_t n = 0;
  assert_int_equal (sg_probe_referee (e->referees.n ? &e->referees : NULL, &e->pats, &t.s, &t.sc, text,
                                      strlen (text), &po, pr, &n), SG_RC_OK);
  if (calls) *calls = n;
  tp_free (&t);
}

static const char *
culprit (const sg_probe *pr)
{
  return pr->verdict.culprit == SG_NONE ? SG_UNATTRIBUTED : pr->runs.a[pr->verdict.culprit].prof->name;
}

static void
test_pow_zero_zero_is_unspecified (void **state)
{
  (void) state;
  static const char *const need[] = { "z3", "cvc5", "cvc4" };
  env e;
  if (!env_init (&e, "z3;cvc5;cvc4", need, 3)) skip ();
  sg_probe pr;
  probe (&e, "(assert (< 1.0 (^ 0.0 0.0)))\n(check-sat)\n", SG_ANS_NONE, &pr, NULL);
  /* The solvers still answer as the issue says. */
  assert_int_equal (pr.runs.a[0].out.answers.a[0], SG_ANS_SAT);
  assert_int_equal (pr.runs.a[1].out.answers.a[0], SG_ANS_UNSAT);
  assert_int_equal (pr.runs.a[2].out.answers.a[0], SG_ANS_UNSAT);
  if (pr.verdict.kind != SG_VERDICT_UNSPECIFIED)
    fail_msg ("verdict %s (%s), expected unspecified", sg_verdict_kind_name (pr.verdict.kind), pr.verdict.why);
  assert_int_equal (pr.verdict.culprit, SG_NONE);
  sg_probe_free (&pr);
  /* A natural exponent is plain multiplication: the same script with 0^1 is no disagreement. */
  probe (&e, "(assert (< 1.0 (^ 0.0 1.0)))\n(check-sat)\n", SG_ANS_NONE, &pr, NULL);
  assert_int_equal (pr.verdict.kind, SG_VERDICT_OK);
  sg_probe_free (&pr);
  env_free (&e);
}

static const char DT[] = "(set-logic ALL)(declare-datatypes ((E 0)) (((c (a Bool)))))\n"
                         "(assert (forall ((v E)) (a v)))\n(check-sat)\n";

static void
test_majority_blames_cvc4 (void **state)
{
  (void) state;
  static const char *const need[] = { "z3", "cvc5", "cvc4" };
  env e;
  if (!env_init (&e, "z3;cvc5;cvc4", need, 3)) skip ();
  sg_probe pr;
  uint32_t calls = 0;
  /* Three under test, no referee. */
  probe (&e, DT, SG_ANS_NONE, &pr, &calls);
  if (pr.verdict.kind != SG_VERDICT_SOUNDNESS || strcmp (culprit (&pr), "cvc4"))
    fail_msg ("verdict %s against %s (%s), expected soundness against cvc4",
              sg_verdict_kind_name (pr.verdict.kind), culprit (&pr), pr.verdict.why);
  assert_int_equal (calls, 0);
  assert_non_null (strstr (pr.verdict.why, "(majority)"));
  sg_probe_free (&pr);
  env_free (&e);
  /* Two under test (z3, cvc4): the default referees ask cvc5 (and skip z3 and cvc4, which
   * answered already). */
  assert_true (env_init (&e, "z3;cvc4", need, 3));
  sg_diag d;
  sg_diag_init (&d, "referees");
  assert_int_equal (sg_profiles_auto_referees (&e.ps, &e.solvers, &e.referees, &d), SG_RC_OK);
  assert_int_equal (e.referees.n, 3);
  assert_string_equal (e.referees.a[0].name, "cvc5"); /* the one not under test first */
  assert_string_equal (e.referees.a[1].name, "z3");   /* then those under test */
  probe (&e, DT, SG_ANS_NONE, &pr, &calls);
  if (pr.verdict.kind != SG_VERDICT_SOUNDNESS || strcmp (culprit (&pr), "cvc4"))
    fail_msg ("verdict %s against %s (%s), expected soundness against cvc4",
              sg_verdict_kind_name (pr.verdict.kind), culprit (&pr), pr.verdict.why);
  assert_int_equal (calls, 1);
  assert_non_null (strstr (pr.verdict.why, "referee cvc5 answers unsat"));
  sg_probe_free (&pr);
  /* Without referees: two answers are no majority, the finding is unattributed. */
  sg_solver_list_free (&e.referees);
  probe (&e, DT, SG_ANS_NONE, &pr, &calls);
  assert_int_equal (pr.verdict.kind, SG_VERDICT_SOUNDNESS);
  assert_string_equal (culprit (&pr), SG_UNATTRIBUTED);
  assert_int_equal (calls, 0);
  sg_probe_free (&pr);
  env_free (&e);
}

static void
test_wrong_label_never_blames_a_validated_model (void **state)
{
  (void) state;
  static const char *const need[] = { "z3", "cvc5" };
  env e;
  if (!env_init (&e, "z3;cvc5", need, 2)) skip ();
  sg_probe pr;
  /* As a fused mutant of two sat seeds labelled unsat: both solvers say sat, z3's model is
   * validated. */
  probe (&e, "(set-logic QF_LIA)(declare-fun x () Int)(declare-fun y () Int)\n"
             "(assert (and (> x 3) (< y 7) (= (+ x y) 10)))\n(check-sat)\n", SG_ANS_UNSAT, &pr, NULL);
  assert_int_equal (pr.runs.a[0].model, SG_MODEL_VALID);
  if (pr.verdict.kind != SG_VERDICT_OK)
    fail_msg ("verdict %s against %s (%s), expected ok", sg_verdict_kind_name (pr.verdict.kind),
              culprit (&pr), pr.verdict.why);
  assert_non_null (strstr (pr.verdict.why, "contradicted by z3's model"));
  sg_probe_free (&pr);
  /* ... and cvc5 agreeing with the wrong label would be the one blamed, not z3. */
  sg_solver_list_free (&e.solvers);
  sg_diag d;
  sg_diag_init (&d, "spec");
  assert_int_equal (sg_profiles_parse_spec (&e.ps, "z3", "spec", &e.solvers, &d), SG_RC_OK);
  probe (&e, "(set-logic QF_LIA)(declare-fun x () Int)\n(assert (> x 3))\n(check-sat)\n", SG_ANS_UNSAT, &pr, NULL);
  assert_int_equal (pr.verdict.kind, SG_VERDICT_OK);
  sg_probe_free (&pr);
  env_free (&e);
}

/* A probe with models through sessions (the fuzz loop's sampled fast path): each solver's
 * answer and its model come from its session, and the model is read and validated; a second
 * script in the same sessions too (the (reset) after the model query). */
static void
test_models_through_sessions (void **state)
{
  (void) state;
  static const char *const need[] = { "z3", "cvc5" };
  env e;
  if (!env_init (&e, "z3;cvc5", need, 2)) skip ();
  sg_session *ss[2] = { NULL, NULL };
  sg_session one[2];
  for (int i = 0; i < 2; i++)
    {
      sg_session_opts so;
      memset (&so, 0, sizeof so);
      so.timeout_ms = 10000; /* plain: the runs that decide have no validation flags */
      assert_int_equal (sg_session_open (&one[i], &e.solvers.a[i], &e.pats, &so), SG_RC_OK);
      ss[i] = &one[i];
    }
  static const char *const texts[] = {
    "(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (> x 41))\n(assert (< x 43))\n(check-sat)\n",
    "(declare-const s String)\n(assert (= (str.len s) 3))\n(check-sat)\n",
  };
  for (int k = 0; k < 2; k++)
    {
      tparse t;
      tp_parse (&t, texts[k]);
      assert_int_equal (t.rc, SG_RC_OK);
      sg_probe_opts po;
      check_opts (&po);
      po.validate = false; /* a validating model run is a fresh process (probe.h) */
      po.sessions = ss;
      sg_probe pr;
      sg_probe_init (&pr);
      assert_int_equal (sg_probe_script (&e.solvers, &e.pats, &t.s, &t.sc, texts[k], strlen (texts[k]), &po, &pr),
                        SG_RC_OK);
      for (int i = 0; i < 2; i++)
        {
          if (k == 1 && i == 1) continue; /* cvc5's session has no --strings-exp here: fresh */
          assert_true (pr.runs.a[i].session);
          assert_int_equal (pr.runs.a[i].out.answers.a[0], SG_ANS_SAT);
          if (pr.runs.a[i].model != SG_MODEL_VALID) fail_msg ("%s: %s", pr.runs.a[i].prof->name, pr.runs.a[i].note);
        }
      assert_int_equal (pr.verdict.kind, SG_VERDICT_OK);
      sg_probe_free (&pr);
      tp_free (&t);
    }
  /* every model came from the sessions: one process each */
  assert_int_equal (one[0].stats.starts, 1);
  assert_int_equal (one[1].stats.starts, 1);
  for (int i = 0; i < 2; i++) sg_session_close (&one[i]);
  env_free (&e);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_pow_zero_zero_is_unspecified),
    cmocka_unit_test (test_majority_blames_cvc4),
    cmocka_unit_test (test_wrong_label_never_blames_a_validated_model),
    cmocka_unit_test (test_models_through_sessions),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
