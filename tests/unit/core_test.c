/* core_test: the unsat-core oracle (oracle/core.h) — the known-core lines, the core query,
 * reading z3's and cvc5's core output, the core-only script, and the judge: a fake solver that
 * drops a needed conjunct from its core is blamed (bad core, confirmed by z3's validated model
 * of the core alone), one that returns every conjunct is imprecise unless the extra conjunct is
 * declared extra-ok, one that answers the core query sat is blamed for that answer, and z3
 * itself is precise. The judge cases skip when z3 is missing. */
#include "test_util.h"

#include "oracle/core.h"
#include "run/profile.h"

#ifndef SG_FAKE_SOLVER
#error "SG_FAKE_SOLVER (path of tests/fake/fake_solver) must be defined by CMake"
#endif

/* a1 and a2 are the one minimal core; a3 is not needed. */
static const char SCRIPT[] = "(set-logic QF_LIA)\n"
                             "(set-info :status unsat)\n"
                             "(declare-const x Int)\n"
                             "(declare-const y Int)\n"
                             "(assert (>= y 0))\n"
                             "(assert (! (> x 3) :named a1))\n"
                             "(assert (! (< x 2) :named a2))\n"
                             "(assert (! (= y (+ x 1)) :named a3))\n"
                             "(check-sat)\n"
                             ";; core: a1 a2\n";

static void
test_known (void **state)
{
  (void) state;
  sg_buf k, e;
  sg_buf_init (&k);
  sg_buf_init (&e);
  assert_true (sg_core_known (SCRIPT, strlen (SCRIPT), &k, &e));
  assert_string_equal (sg_buf_cstr (&k), "a1 a2");
  assert_string_equal (sg_buf_cstr (&e), "");
  const char *t2 = "(check-sat)\n;; core: a1  a2\n;; core-extra-ok: a3\n";
  assert_true (sg_core_known (t2, strlen (t2), &k, &e));
  assert_string_equal (sg_buf_cstr (&k), "a1 a2");
  assert_string_equal (sg_buf_cstr (&e), "a3");
  const char *bad[] = {
    "(check-sat)\n",                             /* no core line */
    "(check-sat)\n;; core: a1\n;; core: a2\n",   /* two */
    "(check-sat)\n;; core: a1 (a2)\n",           /* not symbols */
    "(check-sat)\n;; core: \n",                  /* empty */
    "(check-sat)\n;; core: a1\n;; core-extra-ok: |x|\n",
  };
  /* where each bad one is said to be wrong (line, column); the first is no problem at all */
  static const uint32_t where[][2] = { { 0, 0 }, { 3, 1 }, { 2, 10 }, { 2, 10 }, { 3, 19 } };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    {
      assert_false (sg_core_known (bad[i], strlen (bad[i]), &k, &e));
      uint32_t line = 0, col = 0;
      const char *why = NULL;
      assert_int_equal (sg_core_line_problem (bad[i], strlen (bad[i]), &line, &col, &why), i > 0);
      if (i > 0)
        {
          assert_non_null (why);
          assert_int_equal (line, where[i][0]);
          assert_int_equal (col, where[i][1]);
        }
    }
  uint32_t line = 0, col = 0;
  const char *why = NULL;
  assert_false (sg_core_line_problem (SCRIPT, strlen (SCRIPT), &line, &col, &why));
  assert_false (sg_core_line_problem (t2, strlen (t2), &line, &col, &why));
  const char *orphan = "(check-sat)\n;; core-extra-ok: a3\n";
  assert_true (sg_core_line_problem (orphan, strlen (orphan), &line, &col, &why));
  assert_string_equal (why, "a ';; core-extra-ok:' line without a ';; core:' line");
  const char *nospace = "(check-sat)\n;; core:a1\n";
  assert_true (sg_core_line_problem (nospace, strlen (nospace), &line, &col, &why));
  assert_int_equal (col, 9);
  sg_buf_free (&k);
  sg_buf_free (&e);
}

static void
test_query_and_read (void **state)
{
  (void) state;
  sg_buf q, n;
  sg_buf_init (&q);
  sg_buf_init (&n);
  assert_int_equal (sg_core_query_text (SCRIPT, strlen (SCRIPT), &q), SG_RC_OK);
  const char *t = sg_buf_cstr (&q);
  assert_true (!strncmp (t, "(set-option :produce-unsat-cores true)\n(set-logic QF_LIA)", 57));
  assert_non_null (strstr (t, "(check-sat)\n(get-unsat-core)\n;; core: a1 a2\n"));
  const char *none = "(assert true) (check-sat)\n";
  assert_int_equal (sg_core_query_text (none, strlen (none), &q), SG_RC_USAGE);
  struct { const char *out, *core; } ok[] = {
    { "unsat\n(a3 a2 a1)\n", "a3 a2 a1" },          /* z3 */
    { "unsat\n(\na3\na2\n)\n", "a3 a2" },            /* cvc5, cvc4 */
    { "unsat\r\n(a1)\r\n", "a1" },
    { "unsat\n()\n", "" },
  };
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
    {
      assert_true (sg_core_read (ok[i].out, strlen (ok[i].out), &n));
      assert_string_equal (sg_buf_cstr (&n), ok[i].core);
    }
  const char *bad[] = { "unsat\ntimeout\n", "sat\n(a1)\n", "unsat\n(a1 (a2))\n", "unsat\n(a1\n",
                        "unknown\n", "", "unsat\n(error \"x\")\n" };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) assert_false (sg_core_read (bad[i], strlen (bad[i]), &n));
  assert_true (sg_core_names_subset ("a2 a1", "a1 a2 a3"));
  assert_false (sg_core_names_subset ("a1 a4", "a1 a2 a3"));
  assert_false (sg_core_names_subset ("a1", "a10 a2"));
  assert_true (sg_core_names_subset ("", "a1"));
  sg_buf_free (&q);
  sg_buf_free (&n);
}

static void
test_subset (void **state)
{
  (void) state;
  tparse t;
  tp_parse (&t, SCRIPT);
  assert_int_equal (t.rc, SG_RC_OK);
  sg_buf b;
  sg_buf_init (&b);
  assert_int_equal (sg_core_subset (&t.s, &t.sc, "a2 a3", &b), SG_RC_OK);
  const char *s = sg_buf_cstr (&b);
  assert_null (strstr (s, ":named a1"));
  assert_non_null (strstr (s, ":named a2"));
  assert_non_null (strstr (s, ":named a3"));
  assert_non_null (strstr (s, "(assert (>= y 0))")); /* unnamed: always kept */
  assert_null (strstr (s, ":status"));
  assert_non_null (strstr (s, "(check-sat)"));
  tp_free (&t);
  sg_buf_free (&b);
}

typedef struct jenv {
  sg_profiles ps;
  sg_patterns pats;
  sg_solver_list solvers;
} jenv;

/* Judge text on the solvers of spec (after a probe without models, as the fuzz loop's fast
 * path gives it). False when z3 is not installed (the caller skips). */
static bool
judge (const char *spec, const char *text, sg_core_result *r)
{
  jenv e;
  memset (&e, 0, sizeof e);
  sg_diag d;
  sg_diag_init (&d, "spec");
  sg_patterns_init (&e.pats);
  assert_int_equal (sg_profiles_init (&e.ps, &d), SG_RC_OK);
  assert_int_equal (sg_patterns_add_defaults (&e.pats), SG_RC_OK);
  const sg_profile *z3 = sg_profiles_find (&e.ps, "z3");
  bool have = z3 && sg_profile_installed (z3);
  if (have)
    {
      assert_int_equal (sg_profiles_parse_spec (&e.ps, spec, "spec", &e.solvers, &d), SG_RC_OK);
      tparse t;
      tp_parse (&t, text);
      assert_int_equal (t.rc, SG_RC_OK);
      sg_probe_opts po;
      memset (&po, 0, sizeof po);
      po.timeout_ms = 10000;
      sg_probe p;
      sg_probe_init (&p);
      assert_int_equal (sg_probe_script (&e.solvers, &e.pats, &t.s, &t.sc, text, strlen (text), &po, &p), SG_RC_OK);
      sg_core_opts co = { &e.solvers, &e.pats, 10000, 0 };
      assert_int_equal (sg_core_judge (&co, &t.s, &t.sc, text, strlen (text), &p, r), SG_RC_OK);
      sg_probe_free (&p);
      tp_free (&t);
    }
  sg_solver_list_free (&e.solvers);
  sg_patterns_free (&e.pats);
  sg_profiles_free (&e.ps);
  return have;
}

static void
test_judge_bad_core (void **state)
{
  (void) state;
  sg_core_result r;
  sg_core_result_init (&r);
  if (!judge (SG_FAKE_SOLVER " core_drop;z3", SCRIPT, &r)) { sg_core_result_free (&r); skip (); }
  /* The fake's core (a2 a3) lacks a1; z3 finds x < 2 with y = x + 1 >= 0 a model. */
  assert_int_equal (r.kind, SG_CORE_BAD);
  assert_int_equal (r.culprit, 0);
  assert_string_equal (r.core, "a2 a3");
  assert_non_null (strstr (r.why, "fake_solver answered unsat with the unsat core (a2 a3)"));
  assert_non_null (strstr (r.why, "z3's model"));
  assert_null (strstr (sg_buf_cstr (&r.subset), ":named a1"));
  sg_core_result_free (&r);
}

static void
test_judge_imprecise_and_precise (void **state)
{
  (void) state;
  sg_core_result r;
  sg_core_result_init (&r);
  if (!judge (SG_FAKE_SOLVER " core_all;z3", SCRIPT, &r)) { sg_core_result_free (&r); skip (); }
  assert_int_equal (r.kind, SG_CORE_IMPRECISE); /* the fake's (a1 a2 a3) */
  assert_int_equal (r.culprit, 0);
  assert_int_equal (r.imprecise, 1);            /* z3's minimised core is (a1 a2) */
  assert_int_equal (r.read, 2);
  sg_core_result_free (&r);
  /* Declared extra-ok, a3 in a core is no imprecision. */
  char ok[sizeof SCRIPT + 32];
  snprintf (ok, sizeof ok, "%s;; core-extra-ok: a3\n", SCRIPT);
  sg_core_result_init (&r);
  assert_true (judge (SG_FAKE_SOLVER " core_all;z3", ok, &r));
  assert_int_equal (r.kind, SG_CORE_PRECISE);
  assert_int_equal (r.imprecise, 0);
  sg_core_result_free (&r);
  /* z3 alone: its core is the known one. */
  sg_core_result_init (&r);
  assert_true (judge ("z3", SCRIPT, &r));
  assert_int_equal (r.kind, SG_CORE_PRECISE);
  assert_int_equal (r.read, 1);
  sg_core_result_free (&r);
}

static void
test_judge_sat_on_query (void **state)
{
  (void) state;
  sg_core_result r;
  sg_core_result_init (&r);
  if (!judge (SG_FAKE_SOLVER " core_sat;z3", SCRIPT, &r)) { sg_core_result_free (&r); skip (); }
  /* The fake answers the script unsat and the core query sat: a wrong answer on the query,
   * blamed on it by the metamorphic oracle (z3 answers it unsat). */
  assert_int_equal (r.kind, SG_CORE_ANSWER);
  assert_int_equal (r.culprit, 0);
  assert_int_equal (r.sub.verdict.kind, SG_VERDICT_SOUNDNESS);
  assert_int_equal (r.sub.verdict.culprit, 0);
  assert_non_null (strstr (r.why, "with :produce-unsat-cores: "));
  sg_core_result_free (&r);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_known),
    cmocka_unit_test (test_query_and_read),
    cmocka_unit_test (test_subset),
    cmocka_unit_test (test_judge_bad_core),
    cmocka_unit_test (test_judge_imprecise_and_precise),
    cmocka_unit_test (test_judge_sat_on_query),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
