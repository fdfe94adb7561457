/* incr_gen_test: incremental scripts made from a seed (tech/incr/incr_gen.h). Over 200 drawings
 * of one labelled seed: every script reads back with our front end and is incremental, its
 * last query's scope asked alone has exactly the seed's assertions (oracle/incr.h), and the
 * drawings use each construct (push, pop, check-sat-assuming, get-value, reset-assertions,
 * names, fresh constants); the same rng seed gives the same script; seeds that are not plain
 * are refused with their line. Each query's answer by construction from the seed's label is
 * what an independent reading of the script gives: sat for a subset of a sat seed's
 * assertions assuming only names in scope and fresh constants once, unsat for all of an unsat
 * seed's assertions, nothing for an unlabelled seed or one with several queries. */
#include "test_util.h"

#include "front/parse.h"
#include "front/print.h"
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

/* Query q's answer by construction from label, read from the script alone: its scope's
 * assertions (assumptions aside) counted against the seed's nasserts, its assumptions as
 * printed. */
static sg_answer
reread (const char *text, size_t len, uint32_t q, sg_answer label, uint32_t nasserts)
{
  sg_store s;
  sg_script sc;
  sg_diag d;
  sg_store_init (&s);
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "gen");
  assert_int_equal (sg_parse_string (&s, &sc, text, len, "gen", &d), SG_RC_OK);
  sg_buf scope, lit;
  sg_buf_init (&scope), sg_buf_init (&lit);
  assert_int_equal (sg_incr_scope_some (&s, &sc, q, 0, &scope, NULL), SG_RC_OK);
  uint32_t asserts = 0;
  for (const char *p = sg_buf_cstr (&scope); (p = strstr (p, "(assert ")); p++) asserts++;
  const sg_cmd *c = NULL;
  for (uint32_t i = 0, seen = 0; i < sc.cmds.n && !c; i++)
    if ((sc.cmds.a[i].kind == SG_WK_CHECK_SAT || sc.cmds.a[i].kind == SG_WK_CHECK_SAT_ASSUMING) && seen++ == q)
      c = &sc.cmds.a[i];
  assert_non_null (c);
  bool free_only = true; /* each assumption a name (positive) or a fresh constant once */
  char fresh[8][32];
  uint32_t nfresh = 0;
  for (uint32_t k = 0; c->kind == SG_WK_CHECK_SAT_ASSUMING && k < c->n; k++)
    {
      sg_print_opts po = { 0 };
      sg_buf_reset (&lit);
      sg_print_term (&s, sg_cmd_items (&sc, c)[k], &po, &lit);
      const char *t = sg_buf_cstr (&lit);
      const char *sym = strncmp (t, "(not ", 5) ? t : t + 5;
      if (!strncmp (t, "sg_incr_a", 9)) continue;
      if (strncmp (sym, "sg_incr_p", 9)) { free_only = false; continue; }
      size_t n = strcspn (sym, ")");
      for (uint32_t j = 0; j < nfresh; j++)
        if (strlen (fresh[j]) == n && !strncmp (fresh[j], sym, n)) free_only = false;
      if (nfresh < 8 && n < 32) memcpy (fresh[nfresh], sym, n), fresh[nfresh++][n] = 0;
    }
  sg_buf_free (&scope), sg_buf_free (&lit);
  sg_script_free (&sc);
  sg_store_free (&s);
  if (label == SG_ANS_SAT && free_only) return SG_ANS_SAT;
  if (label == SG_ANS_UNSAT && asserts == nasserts) return SG_ANS_UNSAT;
  return SG_ANS_NONE;
}

/* 300 drawings of seed (nasserts assertions, labelled label): every query's expectation is
 * what reread says; how many queries were expected sat, unsat, nothing into counts. */
static void
expectations (const char *seed, uint32_t nasserts, sg_answer label, uint32_t counts[3])
{
  sg_incr_gen *g = NULL;
  sg_diag d;
  sg_diag_init (&d, "seed");
  assert_int_equal (sg_incr_gen_new (&g), SG_RC_OK);
  assert_int_equal (sg_incr_gen_seed (g, seed, strlen (seed), "seed", label, &d), SG_RC_OK);
  sg_buf out, desc;
  sg_buf_init (&out), sg_buf_init (&desc);
  memset (counts, 0, 3 * sizeof counts[0]);
  for (uint64_t k = 0; k < 300; k++)
    {
      sg_rng rng;
      sg_rng_seed (&rng, k);
      assert_int_equal (sg_incr_gen_next (g, &rng, &out, &desc), SG_RC_OK);
      const sg_answer *e = NULL;
      uint32_t n = sg_incr_gen_expected (g, &e);
      uint32_t nq = 0;
      for (const char *p = out.s; (p = strstr (p, "(check-sat")); p++) nq++;
      assert_int_equal (n, nq);
      for (uint32_t q = 0; q < n; q++)
        {
          sg_answer want = reread (out.s, out.len, q, label, nasserts);
          if (want != e[q]) print_message ("query %u: %d, not %d, in:\n%s\n", q + 1, e[q], want, out.s);
          assert_int_equal (e[q], want);
          counts[e[q] == SG_ANS_SAT ? 0 : e[q] == SG_ANS_UNSAT ? 1 : 2]++;
        }
    }
  sg_buf_free (&out), sg_buf_free (&desc);
  sg_incr_gen_free (g);
}

static void
test_expected (void **state)
{
  (void) state;
  uint32_t n[3];
  /* sat: most queries sat, those assuming the seed's own b (or a name negated, a fresh
   * constant twice) not */
  expectations (SEED, 4, SG_ANS_SAT, n);
  assert_true (n[0] > 100 && n[1] == 0 && n[2] > 10);
  static const char unsat[] = "(set-logic QF_LIA)\n(declare-const x Int)\n(declare-const b Bool)\n"
                              "(assert (> x 0))\n(assert (=> b (< x 0)))\n(assert b)\n(check-sat)\n";
  /* unsat: the queries with all three assertions in scope (the last one at least) */
  expectations (unsat, 3, SG_ANS_UNSAT, n);
  assert_true (n[0] == 0 && n[1] >= 300 && n[2] > 50);
  /* unlabelled: nothing fixed */
  expectations (unsat, 3, SG_ANS_NONE, n);
  assert_true (n[0] == 0 && n[1] == 0 && n[2] >= 300);
  /* a label of several queries says nothing of the first scope */
  static const char two[] = "(declare-const x Int)\n(assert (> x 0))\n(assert (> x 1))\n(check-sat)\n"
                            "(assert (< x 0))\n(check-sat)\n";
  sg_incr_gen *g = NULL;
  sg_diag d;
  sg_diag_init (&d, "seed");
  assert_int_equal (sg_incr_gen_new (&g), SG_RC_OK);
  assert_int_equal (sg_incr_gen_seed (g, two, strlen (two), "seed", SG_ANS_UNSAT, &d), SG_RC_OK);
  sg_buf out, desc;
  sg_buf_init (&out), sg_buf_init (&desc);
  for (uint64_t k = 0; k < 50; k++)
    {
      sg_rng rng;
      sg_rng_seed (&rng, k);
      assert_int_equal (sg_incr_gen_next (g, &rng, &out, &desc), SG_RC_OK);
      const sg_answer *e = NULL;
      uint32_t nq = sg_incr_gen_expected (g, &e);
      assert_true (nq >= 1);
      for (uint32_t q = 0; q < nq; q++) assert_int_equal (e[q], SG_ANS_NONE);
    }
  sg_buf_free (&out), sg_buf_free (&desc);
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
    cmocka_unit_test (test_expected),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
