/* occ_test: occurrences with sorts and binder context, replacement, free variables, constants,
 * fresh declarations — the API the mutation engines build on. */
#include <stdio.h>
#include <stdlib.h>

#include "front/occ.h"
#include "test_util.h"

static uint32_t
find_occ (tparse *t, const sg_occs *o, const char *text, uint32_t nth)
{
  sg_buf b;
  sg_buf_init (&b);
  for (uint32_t i = 0; i < o->a.n; i++)
    {
      sg_buf_reset (&b);
      sg_print_term (&t->s, o->a.a[i].term, NULL, &b);
      if (!strcmp (sg_buf_cstr (&b), text) && nth-- == 0) { sg_buf_free (&b); return i; }
    }
  sg_buf_free (&b);
  fail_msg ("no occurrence '%s'", text);
  return SG_NONE;
}

static void
test_collect_and_scopes (void **state)
{
  (void) state;
  tparse t;
  tp_parse (&t, "(declare-const x Int)(declare-const y Int)"
                "(assert (and (> x 0) (forall ((x Int)) (> (+ x y) 0)) (let ((z (+ x 1))) (< z y))))");
  assert_int_equal (t.rc, SG_RC_OK);
  sg_occs o = { 0 };
  assert_int_equal (sg_occ_collect (&t.sc, 1000, &o), SG_RC_OK);
  /* (> x 0) appears under the root; (+ x y) inside the forall binds x but not y. */
  uint32_t plus = find_occ (&t, &o, "(+ x y)", 0);
  sg_term bx = sg_term_arg (&t.s, o.a.a[plus].term, 0);
  sg_term y = sg_term_arg (&t.s, o.a.a[plus].term, 1);
  assert_int_equal (sg_term_op (&t.s, bx), SG_OP_BVAR);
  assert_int_equal (sg_term_op (&t.s, y), SG_OP_APP);
  assert_true (sg_occ_binds (&t.s, &o, plus, bx));
  uint32_t gt = find_occ (&t, &o, "(> x 0)", 0);
  assert_false (sg_occ_binds (&t.s, &o, gt, bx));
  /* The let value (+ x 1) is outside the let's scope; the body (< z y) is inside. */
  uint32_t val = find_occ (&t, &o, "(+ x 1)", 0), body = find_occ (&t, &o, "(< z y)", 0);
  sg_term z = sg_term_arg (&t.s, o.a.a[body].term, 0);
  assert_false (sg_occ_binds (&t.s, &o, val, z));
  assert_true (sg_occ_binds (&t.s, &o, body, z));
  /* Binder slots are flagged and cannot be replaced. */
  uint32_t slot = SG_NONE;
  for (uint32_t i = 0; i < o.a.n; i++)
    if (o.a.a[i].flags & SG_OCC_BINDER) { slot = i; break; }
  assert_int_not_equal (slot, SG_NONE);
  assert_int_equal (sg_occ_replace (&t.sc, &o, slot, y), SG_RC_SORT);
  /* Parents come first; depth grows by one. */
  for (uint32_t i = 0; i < o.a.n; i++)
    if (o.a.a[i].parent != SG_NONE)
      {
        assert_true (o.a.a[i].parent < i);
        assert_int_equal (o.a.a[i].depth, o.a.a[o.a.a[i].parent].depth + 1);
      }
  sg_occs_free (&o);
  tp_free (&t);
}

static void
test_replace_rebuilds_only_ancestors (void **state)
{
  (void) state;
  tparse t;
  tp_parse (&t, "(declare-const x Int)(declare-const y Int)(assert (> (+ x y) 0))(assert (< x 9))");
  assert_int_equal (t.rc, SG_RC_OK);
  sg_script copy;
  assert_int_equal (sg_script_copy (&t.sc, &copy), SG_RC_OK);
  sg_occs o = { 0 };
  assert_int_equal (sg_occ_collect (&copy, 1000, &o), SG_RC_OK);
  uint32_t i = find_occ (&t, &o, "y", 0);
  sg_term seven;
  assert_int_equal (sg_mk_literal (&t.s, SG_OP_NUMERAL, "7", 1, &seven), SG_RC_OK);
  uint32_t before = sg_term_count (&t.s);
  assert_int_equal (sg_occ_replace (&copy, &o, i, seven), SG_RC_OK);
  assert_true (sg_term_count (&t.s) - before <= 2); /* (+ x 7) and (> (+ x 7) 0) */
  sg_buf b;
  sg_buf_init (&b);
  sg_print_script (&copy, NULL, &b);
  assert_string_equal (sg_buf_cstr (&b), "(declare-const x Int)\n(declare-const y Int)\n(assert (> (+ x 7) 0))\n(assert (< x 9))\n");
  sg_buf_reset (&b);
  sg_print_script (&t.sc, NULL, &b); /* the original is unchanged */
  assert_non_null (strstr (sg_buf_cstr (&b), "(+ x y)"));
  /* An ill-sorted replacement is refused. */
  sg_occs_free (&o);
  assert_int_equal (sg_occ_collect (&copy, 1000, &o), SG_RC_OK);
  sg_term tr;
  assert_int_equal (sg_mk_true (&t.s, &tr), SG_RC_OK);
  assert_int_equal (sg_occ_replace (&copy, &o, find_occ (&t, &o, "x", 0), tr), SG_RC_SORT);
  assert_non_null (strstr (t.s.err, "sort mismatch"));
  sg_buf_free (&b);
  sg_occs_free (&o);
  sg_script_free (&copy);
  tp_free (&t);
}

/* Several occurrences replaced in one pass: the script sg_occ_replace gives them one at a
 * time (in two commands, at two depths, inside a let's body; a binder slot refused). */
static void
test_replace_marked (void **state)
{
  (void) state;
  tparse t;
  tp_parse (&t, "(declare-const x Int)(declare-const y Int)"
                "(assert (> (+ x (* x y)) x))(assert (let ((z x)) (< z x)))(assert (= y 1))");
  assert_int_equal (t.rc, SG_RC_OK);
  sg_script copy;
  assert_int_equal (sg_script_copy (&t.sc, &copy), SG_RC_OK);
  sg_occs o = { 0 };
  assert_int_equal (sg_occ_collect (&copy, 1000, &o), SG_RC_OK);
  uint8_t *mark = calloc (o.a.n, 1);
  assert_non_null (mark);
  /* every x but the second (inside (* x y)) */
  for (uint32_t k = 0; k < 5; k++)
    if (k != 1) mark[find_occ (&t, &o, "x", k)] = 1;
  sg_term seven;
  assert_int_equal (sg_mk_literal (&t.s, SG_OP_NUMERAL, "7", 1, &seven), SG_RC_OK);
  assert_int_equal (sg_occ_replace_marked (&copy, &o, mark, seven), SG_RC_OK);
  sg_buf b, want;
  sg_buf_init (&b);
  sg_buf_init (&want);
  sg_print_script (&copy, NULL, &b);
  /* the same, one at a time from the last position back (earlier positions stay valid) */
  sg_script seq;
  assert_int_equal (sg_script_copy (&t.sc, &seq), SG_RC_OK);
  for (uint32_t i = o.a.n; i-- > 0;)
    if (mark[i])
      {
        sg_occs o2 = { 0 };
        assert_int_equal (sg_occ_collect (&seq, 1000, &o2), SG_RC_OK);
        assert_int_equal (sg_occ_replace (&seq, &o2, i, seven), SG_RC_OK);
        sg_occs_free (&o2);
      }
  sg_print_script (&seq, NULL, &want);
  assert_string_equal (sg_buf_cstr (&b), sg_buf_cstr (&want));
  uint32_t sevens = 0;
  for (const char *q = sg_buf_cstr (&b); (q = strchr (q, '7')); q++) sevens++;
  assert_int_equal (sevens, 4);
  assert_non_null (strstr (sg_buf_cstr (&b), "(assert (let ((z 7)) (< z 7)))"));
  sg_script_free (&seq);
  sg_buf_free (&want);
  /* a binder slot is refused */
  memset (mark, 0, o.a.n);
  for (uint32_t i = 0; i < o.a.n; i++)
    if (o.a.a[i].flags & SG_OCC_BINDER) mark[i] = 1;
  assert_int_equal (sg_occ_replace_marked (&copy, &o, mark, seven), SG_RC_SORT);
  free (mark);
  sg_buf_free (&b);
  sg_occs_free (&o);
  sg_script_free (&copy);
  tp_free (&t);
}

static void
test_chain_of_300_mutations (void **state)
{
  (void) state;
  tparse t;
  tp_parse (&t, "(declare-const x Int)(assert (> (+ x 1) (* x 2)))");
  assert_int_equal (t.rc, SG_RC_OK);
  sg_occs o = { 0 };
  for (int step = 0; step < 300; step++)
    {
      assert_int_equal (sg_occ_collect (&t.sc, 100000, &o), SG_RC_OK);
      /* Swap + and * alternately at the first arithmetic occurrence. */
      for (uint32_t i = 0; i < o.a.n; i++)
        {
          sg_op op = sg_term_op (&t.s, o.a.a[i].term);
          if (op != SG_OP_ADD && op != SG_OP_MUL) continue;
          sg_term nt;
          assert_int_equal (sg_mk_app (&t.s, op == SG_OP_ADD ? SG_OP_MUL : SG_OP_ADD,
                                       sg_term_args (&t.s, o.a.a[i].term), 2, NULL, 0, &nt), SG_RC_OK);
          assert_int_equal (sg_occ_replace (&t.sc, &o, i, nt), SG_RC_OK);
          break;
        }
    }
  assert_true (sg_term_count (&t.s) < 40); /* hash-consing: the chain revisits the same terms */
  sg_buf b;
  sg_buf_init (&b);
  sg_print_script (&t.sc, NULL, &b);
  assert_string_equal (sg_buf_cstr (&b), "(declare-const x Int)\n(assert (> (+ x 1) (* x 2)))\n");
  sg_buf_free (&b);
  sg_occs_free (&o);
  tp_free (&t);
}

static void
test_free_vars_constants_fresh (void **state)
{
  (void) state;
  tparse t;
  tp_parse (&t, "(declare-const x Int)(declare-const fresh0 Int)"
                "(assert (forall ((a Int)) (exists ((b Int)) (let ((c (+ a b x))) (> c 0)))))");
  assert_int_equal (t.rc, SG_RC_OK);
  sg_term root = sg_cmd_items (&t.sc, &t.sc.cmds.a[2])[0];
  sg_u32vec fv = { 0 }, cs = { 0 };
  assert_int_equal (sg_term_free_vars (&t.s, root, &fv), SG_RC_OK);
  assert_int_equal (fv.n, 0); /* closed */
  sg_term body = sg_term_arg (&t.s, root, 1); /* (exists ...) has a free */
  assert_int_equal (sg_term_free_vars (&t.s, body, &fv), SG_RC_OK);
  assert_int_equal (fv.n, 1);
  assert_string_equal (sg_store_text (&t.s, sg_term_node (&t.s, fv.a[0])->aux), "a");
  assert_int_equal (sg_term_constants (&t.s, root, &cs), SG_RC_OK);
  assert_int_equal (cs.n, 1);
  sg_term z;
  assert_int_equal (sg_script_declare_fresh (&t.sc, 2, "fresh", t.s.s_real, &z), SG_RC_OK);
  const char *name = sg_store_text (&t.s, t.s.funs.a[sg_term_node (&t.s, z)->aux].name);
  assert_string_not_equal (name, "fresh0");
  sg_buf b;
  sg_buf_init (&b);
  sg_print_script (&t.sc, NULL, &b);
  tparse back;
  tp_parse (&back, sg_buf_cstr (&b)); /* the fresh name does not clash */
  assert_int_equal (back.rc, SG_RC_OK);
  tp_free (&back);
  sg_buf_free (&b);
  SG_VEC_FREE (fv);
  SG_VEC_FREE (cs);
  tp_free (&t);
}

static void
test_collect_limit (void **state)
{
  (void) state;
  sg_store s;
  sg_script sc;
  assert_int_equal (sg_store_init (&s), SG_RC_OK);
  sg_script_init (&sc, &s);
  sg_term x, t;
  assert_int_equal (sg_script_declare_fresh (&sc, 0, "x", s.s_bool, &x), SG_RC_OK);
  t = x;
  for (int i = 0; i < 64; i++)
    {
      sg_term a[2] = { t, t };
      assert_int_equal (sg_mk_app (&s, SG_OP_AND, a, 2, NULL, 0, &t), SG_RC_OK);
    }
  assert_int_equal (sg_script_add (&sc, SG_WK_ASSERT, 0, &t, 1, 0, 0), SG_RC_OK);
  sg_occs o = { 0 };
  assert_int_equal (sg_occ_collect (&sc, 1u << 20, &o), SG_RC_LIMIT); /* 2^65 positions */
  sg_occs_free (&o);
  sg_script_free (&sc);
  sg_store_free (&s);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_collect_and_scopes),
    cmocka_unit_test (test_replace_rebuilds_only_ancestors),
    cmocka_unit_test (test_replace_marked),
    cmocka_unit_test (test_chain_of_300_mutations),
    cmocka_unit_test (test_free_vars_constants_fresh),
    cmocka_unit_test (test_collect_limit),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
