/* model_test: models printed by z3 4.8.12, cvc5 1.0.3 and cvc4 1.8 (captured from the Debian
 * binaries) are read into entries for every declared function. */
#include "eval/eval.h"
#include "eval/model.h"
#include "test_util.h"

static const char *script =
  "(set-logic ALL)(set-option :produce-models true)(declare-sort U 0)"
  "(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))"
  "(declare-fun u () U)(declare-fun v () U)(declare-fun f (Int) Int)"
  "(declare-fun a () (Array Int Int))(declare-fun r () Real)(declare-fun s () String)"
  "(declare-fun l () L)(declare-fun x () (_ BitVec 8))(declare-fun g () Float32)"
  "(assert (distinct u v))(assert (= (f 1) 5))(check-sat)(get-model)";

static const char *z3_model =
  "(\n  ;; universe for U:\n  ;;   U!val!1 U!val!0 \n  ;; -----------\n"
  "  ;; definitions for universe elements:\n  (declare-fun U!val!1 () U)\n  (declare-fun U!val!0 () U)\n"
  "  ;; cardinality constraint:\n  (forall ((x U)) (or (= x U!val!1) (= x U!val!0)))\n"
  "  (define-fun v () U\n    U!val!1)\n  (define-fun u () U\n    U!val!0)\n"
  "  (define-fun g () Float32\n    (fp #b1 #x81 #b00000000000000000000010))\n"
  "  (define-fun a () (Array Int Int)\n    (store ((as const (Array Int Int)) 4) 5 6))\n"
  "  (define-fun x () (_ BitVec 8)\n    #xfe)\n  (define-fun l () L\n    (cons 2 nil))\n"
  "  (define-fun s () String\n    \"aH\"\"b\\u{1f600}\")\n  (define-fun r () Real\n    (/ 1.0 3.0))\n"
  "  (define-fun f ((x!0 Int)) Int\n    (ite (= x!0 2) 7\n    (ite (= x!0 3) 38\n      5)))\n"
  "  (define-fun div0 ((x!0 Int) (x!1 Int)) Int\n    3)\n  (define-fun mod0 ((x!0 Int) (x!1 Int)) Int\n    0)\n)\n";

static const char *cvc5_model =
  "(\n; cardinality of U is 2\n; rep: (as @U_0 U)\n; rep: (as @U_1 U)\n"
  "(define-fun u () U (as @U_0 U))\n(define-fun v () U (as @U_1 U))\n"
  "(define-fun f ((_arg_1 Int)) Int (ite (= _arg_1 1) 5 (ite (= _arg_1 3) 0 7)))\n"
  "(define-fun a () (Array Int Int) (store (store ((as const (Array Int Int)) 0) 5 6) 3 4))\n"
  "(define-fun r () Real (/ 1 3))\n(define-fun s () String \"aH\"\"b\\u{1f600}\")\n"
  "(define-fun l () L (cons 2 nil))\n(define-fun x () (_ BitVec 8) #b11111110)\n"
  "(define-fun g () (_ FloatingPoint 8 24) (fp #b1 #b10000001 #b00000000000000000000011))\n)\n";

static const char *cvc4_model =
  "(model\n; cardinality of U is 2\n(declare-sort U 0)\n; rep: @uc_U_0\n; rep: @uc_U_1\n"
  "(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))\n"
  "(define-fun u () U @uc_U_0)\n(define-fun v () U @uc_U_1)\n"
  "(define-fun f ((BOUND_VARIABLE_491 Int)) Int (ite (= BOUND_VARIABLE_491 3) 0 (ite (= BOUND_VARIABLE_491 1) 5 7)))\n"
  "(define-fun a () (Array Int Int) (store (store ((as const (Array Int Int)) 0) 5 6) 3 4))\n"
  "(define-fun r () Real (/ 1 3))\n(define-fun s () String \"aH\"\"b\\u{1f600}\")\n"
  "(define-fun l () L (cons 2 nil))\n(define-fun x () (_ BitVec 8) #b11111110)\n)\n";

static void
read_model (const char *text, bool has_fp, bool z3)
{
  tparse t;
  tp_parse (&t, script);
  assert_int_equal (t.rc, SG_RC_OK);
  sg_model m;
  sg_model_init (&m, &t.s);
  sg_diag d;
  sg_diag_init (&d, "model");
  sg_rc rc = sg_model_read (&m, &t.sc, text, strlen (text), "model", &d);
  if (rc)
    {
      char msg[600];
      sg_diag_format (&d, msg, sizeof msg);
      fail_msg ("%s", msg);
    }
  /* Every declared function of the script has an interpretation with a readable body. */
  uint32_t declared = 0;
  for (uint32_t i = 0; i < t.sc.cmds.n; i++)
    {
      const sg_cmd *c = &t.sc.cmds.a[i];
      if (c->kind != SG_WK_DECLARE_FUN) continue;
      const char *name = sg_store_text (&t.s, t.s.funs.a[c->aux].name);
      if (!has_fp && !strcmp (name, "g")) continue;
      declared++;
      const sg_model_entry *e = sg_model_get (&m, c->aux);
      if (!e || e->body == SG_NONE) fail_msg ("no interpretation of '%s'", name);
      assert_int_equal (e->nparams, t.s.funs.a[c->aux].nparams);
    }
  assert_int_equal (declared, has_fp ? 9 : 8);
  /* u and v are two distinct elements of U. */
  assert_int_equal (m.unints, 2);
  sg_term ut = sg_model_get (&m, t.sc.cmds.a[4].aux)->body, vt = sg_model_get (&m, t.sc.cmds.a[5].aux)->body;
  int ui = sg_model_element_index (&m, sg_term_node (&t.s, ut)->aux);
  int vi = sg_model_element_index (&m, sg_term_node (&t.s, vt)->aux);
  assert_true (ui >= 0 && vi >= 0 && ui != vi);
  if (z3) assert_int_not_equal (m.div0, SG_NONE);
  else assert_int_equal (m.div0, SG_NONE);
  sg_model_free (&m);
  tp_free (&t);
}

static void test_z3_model (void **state) { (void) state; read_model (z3_model, true, true); }
static void test_cvc5_model (void **state) { (void) state; read_model (cvc5_model, true, false); }
static void test_cvc4_model (void **state) { (void) state; read_model (cvc4_model, false, false); }

static void
test_unreadable_values_and_as_array (void **state)
{
  (void) state;
  tparse t;
  tp_parse (&t, "(declare-fun x () Real)(declare-fun a () (Array Int Int))(check-sat)");
  assert_int_equal (t.rc, SG_RC_OK);
  const char *text = "(\n  (define-fun x () Real\n    (root-obj (+ (^ x 2) (- 2)) 2))\n"
                     "  (define-fun a () (Array Int Int)\n    (_ as-array k!0))\n"
                     "  (define-fun k!0 ((x!0 Int)) Int\n    (ite (= x!0 1) 2 3))\n)";
  sg_model m;
  sg_model_init (&m, &t.s);
  sg_diag d;
  sg_diag_init (&d, "model");
  assert_int_equal (sg_model_read (&m, &t.sc, text, strlen (text), "model", &d), SG_RC_OK);
  const sg_model_entry *x = sg_model_get (&m, t.sc.cmds.a[0].aux), *a = sg_model_get (&m, t.sc.cmds.a[1].aux);
  assert_non_null (x);
  assert_int_equal (x->body, SG_NONE); /* an algebraic number: undetermined, not an error */
  assert_non_null (a);
  assert_int_equal (sg_term_op (&t.s, a->body), SG_OP_AS_ARRAY);
  assert_non_null (sg_model_get (&m, sg_term_node (&t.s, a->body)->aux)); /* k!0 is interpreted */
  /* A constant the script does not declare is kept as a model-only helper (like z3 k!0). */
  sg_model m2;
  sg_model_init (&m2, &t.s);
  sg_diag_init (&d, "model");
  const char *bad = "((define-fun y () Int 3))";
  assert_int_equal (sg_model_read (&m2, &t.sc, bad, strlen (bad), "model", &d), SG_RC_OK);
  sg_model_free (&m2);
  /* Elements only of uninterpreted sorts: an abstract value '@4' where a Real is expected, or a
   * declared constant of another sort, is a constant without a value (fuzz_model found the
   * evaluator reading an element as a string). */
  sg_model m3;
  sg_model_init (&m3, &t.s);
  sg_diag_init (&d, "model");
  const char *abstract = "((declare-fun k () Real)(declare-fun h (Int) Int)(define-fun x () Real @4))";
  assert_int_equal (sg_model_read (&m3, &t.sc, abstract, strlen (abstract), "model", &d), SG_RC_OK);
  assert_int_equal (m3.unints, 0);
  sg_model_free (&m3);
  /* A value of a sort other than the declared one (fuzz_model: a bit-vector given to a String
   * constant reached the evaluator's string code): no value; an Int for a Real is a Real. */
  tparse t2;
  tp_parse (&t2, "(declare-fun s () String)(declare-fun r () Real)(assert (str.in_re s (re.* (str.to_re \"ab\"))))"
                 "(assert (> r 1.0))(check-sat)");
  assert_int_equal (t2.rc, SG_RC_OK);
  sg_model m4;
  sg_model_init (&m4, &t2.s);
  sg_diag_init (&d, "model");
  const char *other = "((define-fun s () (_ BitVec 8) #x61)(define-fun r () Int 2))";
  assert_int_equal (sg_model_read (&m4, &t2.sc, other, strlen (other), "model", &d), SG_RC_OK);
  const sg_model_entry *es = sg_model_get (&m4, t2.sc.cmds.a[0].aux), *er = sg_model_get (&m4, t2.sc.cmds.a[1].aux);
  assert_non_null (es);
  assert_int_equal (es->body, SG_NONE);
  assert_non_null (er);
  assert_int_equal (sg_term_sort (&t2.s, er->body), t2.s.s_real);
  sg_mcheck v;
  assert_int_equal (sg_eval_check_model (&t2.s, &t2.sc, &m4, &v, NULL), SG_RC_OK);
  assert_int_equal (v, SG_MODEL_UNDETERMINED); /* s has no value; r = 2 holds */
  sg_model_free (&m4);
  tp_free (&t2);
  sg_model_free (&m);
  tp_free (&t);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_z3_model),
    cmocka_unit_test (test_cvc5_model),
    cmocka_unit_test (test_cvc4_model),
    cmocka_unit_test (test_unreadable_values_and_as_array),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
