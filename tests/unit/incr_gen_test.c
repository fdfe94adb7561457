/* incr_gen_test: incremental scripts made from a seed (tech/incr/incr_gen.h). Over 200 drawings
 * of one labelled seed: every script reads back with our front end and is incremental, its
 * last query's scope asked alone has exactly the seed's assertions (oracle/incr.h), and the
 * drawings use each construct (push, pop, check-sat-assuming, get-value, reset-assertions,
 * names, fresh constants); the same rng seed gives the same script; seeds that are not plain
 * are refused with their line. */
#include "test_util.h"

#include "front/parse.h"
#include "oracle/incr.h"
#include "tech/incr/incr_gen.h"

static const char SEED[] = "(set-logic QF_LIA)\n(set-info :status sat)\n(declare-const x Int)\n"
                           "(declare-const y Int)\n(declare-const b Bool)\n(assert (> x 0))\n"
                           "(assert (< y x))\n(assert (=> b (= x 3)))\n(assert (>= y (- 5)))\n"
                           "(check-sat)\n(get-model)\n";

/* The last query's scope of script text, as text; false when it does not read. */
static bool
last_scope (const char *text, size_t len, sg_buf *scope)
{
  sg_store s;
  sg_script sc;
  sg_diag d;
  sg_store_init (&s);
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "gen");
  bool ok = sg_parse_string (&s, &sc, text, len, "gen", &d) == SG_RC_OK && sg_script_incremental (&sc)
            && sg_incr_scope (&s, &sc, sg_incr_queries (&sc) - 1, scope, NULL) == SG_RC_OK;
  if (!ok) print_message ("does not read (%s):\n%s\n", d.msg, text);
  sg_script_free (&sc);
  sg_store_free (&s);
  return ok;
}

static void
test_scripts (void **state)
{
  (void) state;
  sg_incr_gen *g = NULL;
  sg_diag d;
  sg_diag_init (&d, "seed");
  assert_int_equal (sg_incr_gen_new (&g), SG_RC_OK);
  assert_int_equal (sg_incr_gen_seed (g, SEED, strlen (SEED), "seed", SG_ANS_SAT, &d), SG_RC_OK);
  sg_buf out, desc, scope;
  sg_buf_init (&out), sg_buf_init (&desc), sg_buf_init (&scope);
  const char *constructs[] = { "(push 1)", "(pop 1)", "(check-sat-assuming", "(get-value",
                               "(reset-assertions)", ":named sg_incr_a", "(declare-const sg_incr_p" };
  uint32_t seen[7] = { 0 };
  for (uint64_t k = 0; k < 200; k++)
    {
      sg_rng rng;
      sg_rng_seed (&rng, k);
      assert_int_equal (sg_incr_gen_next (g, &rng, &out, &desc), SG_RC_OK);
      assert_true (last_scope (out.s, out.len, &scope));
      /* the last scope is the seed's: its four assertions, each once (names aside) */
      const char *sc = sg_buf_cstr (&scope);
      assert_non_null (strstr (sc, "(> x 0)"));
      assert_non_null (strstr (sc, "(< y x)"));
      assert_non_null (strstr (sc, "(=> b (= x 3))"));
      assert_non_null (strstr (sc, "(>= y (- 5))"));
      uint32_t asserts = 0;
      for (const char *p = sc; (p = strstr (p, "(assert ")); p++) asserts++;
      assert_int_equal (asserts, 4);
      assert_null (strstr (sc, ":status"));
      for (int c = 0; c < 7; c++) seen[c] += strstr (out.s, constructs[c]) != NULL;
    }
  for (int c = 0; c < 7; c++)
    {
      if (!seen[c]) print_message ("never drawn: %s\n", constructs[c]);
      assert_true (seen[c] > 0);
    }
  /* replay: the same rng seed, the same script */
  sg_rng r1, r2;
  sg_rng_seed (&r1, 42), sg_rng_seed (&r2, 42);
  assert_int_equal (sg_incr_gen_next (g, &r1, &out, &desc), SG_RC_OK);
  char *first = strdup (sg_buf_cstr (&out));
  assert_int_equal (sg_incr_gen_next (g, &r2, &out, &desc), SG_RC_OK);
  assert_string_equal (first, sg_buf_cstr (&out));
  free (first);
  sg_buf_free (&out), sg_buf_free (&desc), sg_buf_free (&scope);
  sg_incr_gen_free (g);
}

static void
test_refused (void **state)
{
  (void) state;
  sg_incr_gen *g = NULL;
  assert_int_equal (sg_incr_gen_new (&g), SG_RC_OK);
  sg_diag d;
  sg_diag_init (&d, "seed");
  const char *t1 = "(declare-const p Bool)\n(push 1)\n(assert p)\n(check-sat)\n";
  assert_int_equal (sg_incr_gen_seed (g, t1, strlen (t1), "seed", SG_ANS_NONE, &d), SG_RC_USAGE);
  assert_non_null (strstr (d.msg, "an incremental command before its first check-sat"));
  assert_int_equal (d.line, 2);
  sg_diag_init (&d, "seed");
  const char *t2 = "(declare-const p Bool)\n(check-sat)\n(assert p)\n";
  assert_int_equal (sg_incr_gen_seed (g, t2, strlen (t2), "seed", SG_ANS_NONE, &d), SG_RC_USAGE);
  assert_non_null (strstr (d.msg, "no assertion before its first check-sat"));
  sg_buf out, desc;
  sg_buf_init (&out), sg_buf_init (&desc);
  sg_rng rng;
  sg_rng_seed (&rng, 1);
  assert_int_equal (sg_incr_gen_next (g, &rng, &out, &desc), SG_RC_USAGE); /* no seed taken */
  sg_buf_free (&out), sg_buf_free (&desc);
  sg_incr_gen_free (g);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_scripts),
    cmocka_unit_test (test_refused),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
