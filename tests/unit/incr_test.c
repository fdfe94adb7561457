/* incr_test: the scopes of incremental scripts (oracle/incr.h): push/pop, declarations popped
 * with their level (or kept: :global-declarations), check-sat-assuming's assumptions asserted,
 * reset-assertions, :status dropped, output commands dropped, commands whose effect is not
 * modelled refused, and what each query follows. The judge: tests/cli/group_incr.sh. */
#include "test_util.h"

#include "front/parse.h"
#include "oracle/incr.h"

/* The scope of query q of text into out (a C string), and its `how`; the return code. */
static sg_rc
scope_of (const char *text, uint32_t q, char *out, size_t size, const char **how)
{
  sg_store s;
  sg_script sc;
  sg_diag d;
  sg_buf b;
  assert_int_equal (sg_store_init (&s), SG_RC_OK);
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "t");
  sg_buf_init (&b);
  assert_int_equal (sg_parse_string (&s, &sc, text, strlen (text), "t", &d), SG_RC_OK);
  sg_rc rc = sg_incr_scope (&s, &sc, q, &b, how);
  snprintf (out, size, "%s", sg_buf_cstr (&b));
  sg_buf_free (&b);
  sg_script_free (&sc);
  sg_store_free (&s);
  return rc;
}

static const char POP[] = "(set-logic QF_LIA)\n(set-info :status sat)\n(declare-const x Int)\n"
                          "(assert (> x 0))\n(push 1)\n(declare-const y Int)\n(assert (< x y))\n"
                          "(check-sat)\n(get-model)\n(pop 1)\n(assert (< x 3))\n(check-sat)\n";

static void
test_push_pop (void **state)
{
  (void) state;
  char out[1024];
  const char *how = NULL;
  assert_int_equal (scope_of (POP, 0, out, sizeof out, &how), SG_RC_OK);
  assert_string_equal (out, "(set-logic QF_LIA)\n(declare-const x Int)\n(assert (> x 0))\n"
                            "(declare-const y Int)\n(assert (< x y))\n(check-sat)\n");
  assert_string_equal (how, "inside a push");
  assert_int_equal (scope_of (POP, 1, out, sizeof out, &how), SG_RC_OK);
  /* y and its assertion left with their level; :status and get-model are not in a scope */
  assert_string_equal (out, "(set-logic QF_LIA)\n(declare-const x Int)\n(assert (> x 0))\n"
                            "(assert (< x 3))\n(check-sat)\n");
  assert_string_equal (how, "after a pop");
  assert_int_equal (scope_of (POP, 2, out, sizeof out, &how), SG_RC_USAGE);
}

static void
test_global_declarations (void **state)
{
  (void) state;
  char out[1024];
  const char *t = "(set-option :global-declarations true)\n(declare-const x Int)\n(push 2)\n"
                  "(declare-const y Int)\n(assert (< x y))\n(pop 2)\n(assert (= y 1))\n(check-sat)\n";
  assert_int_equal (scope_of (t, 0, out, sizeof out, NULL), SG_RC_OK);
  assert_string_equal (out, "(set-option :global-declarations true)\n(declare-const x Int)\n"
                            "(declare-const y Int)\n(assert (= y 1))\n(check-sat)\n");
}

static void
test_assuming_and_reset (void **state)
{
  (void) state;
  char out[1024];
  const char *how = NULL;
  const char *t = "(declare-const p Bool)\n(declare-const q Bool)\n(assert (or p q))\n"
                  "(check-sat-assuming (p (not q)))\n(reset-assertions)\n(declare-const r Bool)\n"
                  "(assert r)\n(check-sat)\n";
  assert_int_equal (scope_of (t, 0, out, sizeof out, &how), SG_RC_OK);
  assert_string_equal (out, "(declare-const p Bool)\n(declare-const q Bool)\n(assert (or p q))\n"
                            "(assert p)\n(assert (not q))\n(check-sat)\n");
  assert_string_equal (how, "under check-sat-assuming");
  /* reset-assertions empties the stack, declarations of the first level too (SMT-LIB 2.6,
   * without :global-declarations) */
  assert_int_equal (scope_of (t, 1, out, sizeof out, &how), SG_RC_OK);
  assert_string_equal (out, "(declare-const r Bool)\n(assert r)\n(check-sat)\n");
  assert_string_equal (how, "after reset-assertions");
}

static void
test_push_pop_zero (void **state)
{
  (void) state;
  char out[1024];
  /* (push 0) and (pop 0) change nothing (a hostile review: pop 0 read a level past the open
   * ones, and with none open crashed) */
  const char *t = "(declare-const x Int)\n(push 1)\n(push 1)\n(pop 1)\n(assert (> x 0))\n"
                  "(assert (< x 0))\n(pop 0)\n(push 0)\n(check-sat)\n(check-sat)\n";
  assert_int_equal (scope_of (t, 0, out, sizeof out, NULL), SG_RC_OK);
  assert_string_equal (out, "(declare-const x Int)\n(assert (> x 0))\n(assert (< x 0))\n(check-sat)\n");
  const char *t2 = "(declare-const x Int)\n(assert (> x 0))\n(push 0)\n(pop 0)\n(assert (< x 0))\n"
                   "(check-sat)\n(check-sat)\n";
  assert_int_equal (scope_of (t2, 1, out, sizeof out, NULL), SG_RC_OK);
  assert_string_equal (out, "(declare-const x Int)\n(assert (> x 0))\n(assert (< x 0))\n(check-sat)\n");
}

static void
test_not_modelled (void **state)
{
  (void) state;
  char out[1024];
  /* z3's assert-soft before the query: refused (the front end rejects a pop of more levels
   * than were pushed before we get here) */
  const char *t2 = "(declare-const p Bool)\n(assert-soft p)\n(check-sat)\n(check-sat)\n";
  assert_int_equal (scope_of (t2, 0, out, sizeof out, NULL), SG_RC_USAGE);
  /* after the query, it does not matter */
  const char *t3 = "(declare-const p Bool)\n(check-sat)\n(assert-soft p)\n(check-sat)\n";
  assert_int_equal (scope_of (t3, 0, out, sizeof out, NULL), SG_RC_OK);
  assert_string_equal (out, "(declare-const p Bool)\n(check-sat)\n");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_push_pop),
    cmocka_unit_test (test_global_declarations),
    cmocka_unit_test (test_assuming_and_reset),
    cmocka_unit_test (test_push_pop_zero),
    cmocka_unit_test (test_not_modelled),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
