/* eval_coll_test: exact values of the collection evaluator (eval_coll.c) — sequences, sets,
 * bags, tuples and relations, with the edge cases of each definition (expected values from
 * the definitions in eval_coll.c, each also checked with cvc5 1.0.3 by hand), UNDET where the
 * semantics leave a value open, and models of these sorts read and checked. The random
 * differential against cvc5 and z3 is eval_coll_solvers_z3_test.c. */
#include <stdio.h>
#include <stdlib.h>

#include "eval/eval.h"
#include "test_util.h"

/* The values of the get-value terms of script, printed, separated by " | ". */
static void
values (const char *script, const char *model, sg_buf *out)
{
  tparse t;
  tp_parse (&t, script);
  if (t.rc) fail_msg ("parse: %s", t.err);
  sg_model m;
  sg_model_init (&m, &t.s);
  if (model)
    {
      sg_diag d;
      sg_diag_init (&d, "model");
      if (sg_model_read (&m, &t.sc, model, strlen (model), "model", &d))
        {
          char msg[600];
          sg_diag_format (&d, msg, sizeof msg);
          fail_msg ("model: %s", msg);
        }
    }
  sg_eval *e = sg_eval_new (&t.s, model ? &m : NULL, 0);
  assert_non_null (e);
  sg_buf_init (out);
  for (uint32_t i = 0; i < t.sc.cmds.n; i++)
    {
      const sg_cmd *c = &t.sc.cmds.a[i];
      if (c->kind != SG_WK_GET_VALUE) continue;
      for (uint32_t k = 0; k < c->n; k++)
        {
          sg_val v;
          assert_int_equal (sg_eval_term (e, sg_cmd_items (&t.sc, c)[k], &v), SG_RC_OK);
          if (out->len) sg_buf_adds (out, " | ");
          sg_v_print (&t.s, v, out);
        }
    }
  assert_true (sg_buf_ok (out));
  sg_eval_free (e);
  sg_model_free (&m);
  tp_free (&t);
}

static void
expect_m (const char *decls, const char *terms, const char *model, const char *expected)
{
  char script[4096];
  snprintf (script, sizeof script, "(set-logic ALL)%s(get-value (%s))", decls, terms);
  sg_buf b;
  values (script, model, &b);
  if (strcmp (sg_buf_cstr (&b), expected))
    fail_msg ("terms %s\n  got      %s\n  expected %s", terms, sg_buf_cstr (&b), expected);
  sg_buf_free (&b);
}

static void
expect (const char *terms, const char *expected)
{
  expect_m ("", terms, NULL, expected);
}

#define S(x) "(seq.++ " x ")"
#define E "(as seq.empty (Seq Int))"

static void
test_seq (void **state)
{
  (void) state;
  expect ("(seq.++ (seq.unit 1) (seq.unit 2) " E ")", "(seq.++ (seq.unit 1) (seq.unit 2))");
  expect ("(seq.len (seq.++ (seq.unit 1) (seq.unit 2)))", "2");
  expect (E " (seq.unit 3)", "(as seq.empty (Seq Int)) | (seq.unit 3)");
  /* nth: in range, out of range (unspecified) */
  expect ("(seq.nth " S ("(seq.unit 4) (seq.unit 5)") " 1) (seq.nth (seq.unit 4) 1) (seq.nth (seq.unit 4) (- 1))",
          "5 | ? | ?");
  /* at: out of range is empty */
  expect ("(seq.at (seq.unit 4) 0) (seq.at (seq.unit 4) 1)", "(seq.unit 4) | (as seq.empty (Seq Int))");
  /* extract: i < 0, i >= |s|, n <= 0 give empty; n past the end is cut */
  expect ("(seq.extract " S ("(seq.unit 1) (seq.unit 2) (seq.unit 3)") " 1 5)", "(seq.++ (seq.unit 2) (seq.unit 3))");
  expect ("(seq.len (seq.extract (seq.unit 1) (- 1) 1)) (seq.len (seq.extract (seq.unit 1) 1 1)) "
          "(seq.len (seq.extract (seq.unit 1) 0 0))", "0 | 0 | 0");
  /* update: keeps the length, out of range is the identity */
  expect ("(seq.update " S ("(seq.unit 1) (seq.unit 2) (seq.unit 3)") " 2 " S ("(seq.unit 7) (seq.unit 8)") ")",
          "(seq.++ (seq.unit 1) (seq.unit 2) (seq.unit 7))");
  expect ("(seq.update (seq.unit 1) 1 (seq.unit 9))", "(seq.unit 1)");
  /* indexof: empty pattern, start out of range */
  expect ("(seq.indexof " S ("(seq.unit 1) (seq.unit 2) (seq.unit 1)") " (seq.unit 1) 1) "
          "(seq.indexof (seq.unit 1) " E " 1) (seq.indexof (seq.unit 1) " E " 2) "
          "(seq.indexof (seq.unit 1) (seq.unit 1) (- 1))", "2 | 1 | (- 1) | (- 1)");
  /* replace: empty pattern prepends; replace_all: empty pattern is the identity */
  expect ("(seq.replace (seq.unit 1) " E " (seq.unit 2))", "(seq.++ (seq.unit 2) (seq.unit 1))");
  expect ("(seq.replace_all " S ("(seq.unit 1) (seq.unit 1) (seq.unit 1)") " " S ("(seq.unit 1) (seq.unit 1)")
          " (seq.unit 2))", "(seq.++ (seq.unit 2) (seq.unit 1))");
  expect ("(seq.replace_all (seq.unit 1) " E " (seq.unit 2))", "(seq.unit 1)");
  expect ("(seq.contains " S ("(seq.unit 1) (seq.unit 2)") " (seq.unit 2)) (seq.prefixof (seq.unit 2) "
          S ("(seq.unit 1) (seq.unit 2)") ") (seq.suffixof (seq.unit 2) " S ("(seq.unit 1) (seq.unit 2)") ")",
          "true | false | true");
  expect ("(seq.rev " S ("(seq.unit 1) (seq.unit 2)") ")", "(seq.++ (seq.unit 2) (seq.unit 1))");
  /* cvc5's string operators on sequences are the same functions */
  expect ("(str.len " S ("(seq.unit 1) (seq.unit 2)") ") (str.at " S ("(seq.unit 1) (seq.unit 2)") " 1)",
          "2 | (seq.unit 2)");
  /* equality, nested sequences */
  expect ("(= (seq.unit (seq.unit 1)) (seq.unit (seq.unit 1))) (= (seq.unit 1) " E ")", "true | false");
}

static void
test_set (void **state)
{
  (void) state;
  const char *e = "(as set.empty (Set Int))";
  char t[1024];
  expect ("(set.union (set.singleton 1) (set.singleton 2) (set.singleton 1))",
          "(set.union (set.singleton 1) (set.singleton 2))");
  expect ("(set.card (set.insert 1 2 3 (set.singleton 2)))", "3");
  /* (elements print in the order they came: set.insert adds to the set's own) */
  expect ("(set.inter (set.insert 1 2 (set.singleton 3)) (set.insert 2 3 (set.singleton 4)))",
          "(set.union (set.singleton 3) (set.singleton 2))");
  /* left-associative minus: ((A - B) - C) */
  expect ("(set.minus (set.insert 1 2 (set.singleton 3)) (set.singleton 1) (set.singleton 3))", "(set.singleton 2)");
  snprintf (t, sizeof t, "(set.member 1 %s) (set.subset %s (set.singleton 1)) (set.subset (set.singleton 1) %s)", e, e, e);
  expect (t, "false | true | false");
  /* equality ignores order */
  expect ("(= (set.insert 1 (set.singleton 2)) (set.insert 2 (set.singleton 1))) (set.is_singleton (set.singleton 5))",
          "true | true");
  /* choose, complement, universe: left open */
  snprintf (t, sizeof t, "(set.choose (set.singleton 1)) (set.complement %s) (as set.universe (Set Int))", e);
  expect (t, "? | ? | ?");
  /* a set of sets */
  expect ("(set.card (set.insert (set.singleton 1) (set.singleton 1) (set.singleton (set.singleton 2))))", "2");
}

static void
test_bag (void **state)
{
  (void) state;
  expect ("(bag 1 3) (bag 1 0) (bag 1 (- 2))",
          "(bag 1 3) | (as bag.empty (Bag Int)) | (as bag.empty (Bag Int))");
  expect ("(bag.count 1 (bag.union_disjoint (bag 1 2) (bag 1 3) (bag 2 1)))", "5");
  expect ("(bag.count 1 (bag.union_max (bag 1 2) (bag 1 3))) (bag.count 1 (bag.inter_min (bag 1 2) (bag 1 3)))",
          "3 | 2");
  expect ("(bag.difference_subtract (bag 1 2) (bag 1 3)) (bag.difference_subtract (bag 1 3) (bag 1 1))",
          "(as bag.empty (Bag Int)) | (bag 1 2)");
  expect ("(bag.difference_remove (bag.union_disjoint (bag 1 2) (bag 2 5)) (bag 2 1))", "(bag 1 2)");
  expect ("(bag.subbag (bag 1 2) (bag 1 3)) (bag.subbag (bag 1 3) (bag 1 2)) (bag.member 2 (bag 1 2))",
          "true | false | false");
  expect ("(bag.card (bag.union_disjoint (bag 1 2) (bag 2 5))) (bag.duplicate_removal (bag 1 4))", "7 | (bag 1 1)");
  expect ("(bag.to_set (bag.union_disjoint (bag 1 2) (bag 2 5)))", "(set.union (set.singleton 1) (set.singleton 2))");
  expect ("(bag.from_set (set.singleton 3)) (bag.choose (bag 1 1))", "(bag 3 1) | ?");
  expect ("(= (bag.union_disjoint (bag 1 2) (bag 2 1)) (bag.union_disjoint (bag 2 1) (bag 1 2))) (= (bag 1 2) (bag 1 3))",
          "true | false");
}

static void
test_tuple_rel (void **state)
{
  (void) state;
  expect ("(tuple 1 true) ((_ tuple.select 1) (tuple 1 true)) ((_ tuple.update 0) (tuple 1 true) 5)",
          "(tuple 1 true) | true | (tuple 5 true)");
  expect ("((_ tuple.project 1 0 1) (tuple 1 2)) tuple", "(tuple 2 1 2) | tuple");
  const char *r = "(set.insert (tuple 1 2) (set.singleton (tuple 2 3)))";
  char t[1024];
  snprintf (t, sizeof t, "(rel.transpose %s)", r);
  expect (t, "(set.union (set.singleton (tuple 3 2)) (set.singleton (tuple 2 1)))");
  snprintf (t, sizeof t, "(rel.join %s %s)", r, r);
  expect (t, "(set.singleton (tuple 1 3))");
  snprintf (t, sizeof t, "(set.card (rel.tclosure %s)) (set.member (tuple 1 3) (rel.tclosure %s))", r, r);
  expect (t, "3 | true");
  snprintf (t, sizeof t, "(set.card (rel.product %s %s)) ((_ rel.project 1) %s)", r, r, r);
  expect (t, "4 | (set.union (set.singleton (tuple 3)) (set.singleton (tuple 2)))");
  expect ("(rel.iden (set.singleton (tuple 4)))", "(set.singleton (tuple 4 4))");
  expect ("(bag.card (table.product (bag (tuple 1) 2) (bag (tuple 2) 3)))", "6");
}

/* Models of the new sorts are read, and a model is judged by them. */
static void
test_models (void **state)
{
  (void) state;
  const char *decls = "(declare-fun s () (Set Int))(declare-fun q () (Seq Int))(declare-fun t () (Tuple Int Bool))"
                      "(declare-fun b () (Bag Int))";
  const char *model = "((define-fun s () (Set Int) (set.union (set.singleton 2) (set.singleton 1)))"
                      "(define-fun q () (Seq Int) (seq.++ (seq.unit 5) (seq.unit (- 1))))"
                      "(define-fun t () (Tuple Int Bool) (tuple 3 true))"
                      "(define-fun b () (Bag Int) (bag.union_disjoint (bag 1 2) (bag 3 1))))";
  expect_m (decls, "(set.member 1 s) (set.card s) (seq.nth q 1) ((_ tuple.select 0) t) (bag.count 1 b) (bag.card b)",
            model, "true | 2 | (- 1) | 3 | 2 | 3");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_seq),
    cmocka_unit_test (test_set),
    cmocka_unit_test (test_bag),
    cmocka_unit_test (test_tuple_rel),
    cmocka_unit_test (test_models),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
