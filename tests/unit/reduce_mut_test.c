/* reduce_mut_test: the reducer rows learnt from ddSMT 2.0's mutators (mutate_dd.c,
 * mutate_dd_text.c): each rewrite on a formula of the kind solver triggers have, the candidate it
 * must offer, and every candidate of those rows parses and sort-checks (ill-sorted ones are never
 * built). The formulas are written here, shaped like the triggers of cvc5's and z3's regression
 * suites (an xor over an array equation, a bit-vector comparison of zero-extended operands, a
 * datatype cycle with an unused field, ...). Other mutators: reduce_test. */
#include <stdio.h>
#include <stdlib.h>

#include "test_util.h"
#include "front/parse.h"
#include "front/print.h"
#include "reduce/mutate.h"

/* Every candidate of mutator m on `in` (each site alone, then all at once) parses. Returns the
 * number of candidates built. */
static uint32_t
all_parse (const char *in, sg_mutator m)
{
  sg_round r;
  sg_diag d;
  sg_diag_init (&d, "in.smt2");
  assert_int_equal (sg_round_open (&r, in, strlen (in), "in.smt2", &d), SG_RC_OK);
  assert_int_equal (sg_round_sites (&r, m), SG_RC_OK);
  sg_buf b;
  sg_buf_init (&b);
  uint32_t n = r.sites.n, built = 0;
  uint32_t *all = malloc ((n + 1) * sizeof *all);
  for (uint32_t i = 0; i <= n; i++)
    {
      uint32_t cnt = 1;
      if (i < n) all[0] = i;
      else
        {
          if (!sg_mutator_ddmin (m) || n < 2) break;
          for (uint32_t k = 0; k < n; k++) all[k] = k;
          cnt = n;
        }
      sg_rc rc = sg_round_build (&r, all, cnt, &b);
      if (rc == SG_RC_SORT) continue;
      assert_int_equal (rc, SG_RC_OK);
      built++;
      tparse t;
      tp_parse (&t, sg_buf_cstr (&b));
      if (t.rc) fail_msg ("mutator %s site %u: %s\n%s", sg_mutator_name (m), i, t.err, b.s);
      tp_free (&t);
    }
  free (all);
  sg_buf_free (&b);
  sg_round_close (&r);
  return built;
}

/* Mutator m offers a candidate that contains `want` and not `gone`; all its candidates parse. */
static void
expect (const char *in, sg_mutator m, const char *want, const char *gone)
{
  sg_round r;
  sg_diag d;
  sg_diag_init (&d, "in.smt2");
  if (sg_round_open (&r, in, strlen (in), "in.smt2", &d)) fail_msg ("%s: %s", in, d.msg);
  assert_int_equal (sg_round_sites (&r, m), SG_RC_OK);
  sg_buf b;
  sg_buf_init (&b);
  bool found = false;
  for (uint32_t i = 0; i < r.sites.n && !found; i++)
    if (!sg_round_build (&r, &i, 1, &b) && strstr (sg_buf_cstr (&b), want) && (!gone || !strstr (b.s, gone)))
      found = true;
  if (!found)
    for (uint32_t i = 0; i < r.sites.n; i++)
      if (!sg_round_build (&r, &i, 1, &b)) print_message ("candidate %u:\n%s", i, sg_buf_cstr (&b));
  if (!found) fail_msg ("%s: no candidate with '%s'", sg_mutator_name (m), want);
  sg_buf_free (&b);
  sg_round_close (&r);
  assert_true (all_parse (in, m) > 0);
}

/* Mutator m offers nothing on `in`. */
static void
expect_none (const char *in, sg_mutator m)
{
  sg_round r;
  sg_diag d;
  sg_diag_init (&d, "in.smt2");
  assert_int_equal (sg_round_open (&r, in, strlen (in), "in.smt2", &d), SG_RC_OK);
  assert_int_equal (sg_round_sites (&r, m), SG_RC_OK);
  assert_int_equal (r.sites.n, 0);
  sg_round_close (&r);
}

#define INTS "(declare-fun x () Int)\n(declare-fun y () Int)\n(declare-fun z () Int)\n(declare-fun p () Bool)\n"
#define BVS "(declare-fun a () (_ BitVec 8))\n(declare-fun b () (_ BitVec 8))\n(declare-fun u () (_ BitVec 1))\n" \
            "(declare-fun v () (_ BitVec 1))\n(declare-fun w () (_ BitVec 32))\n"

static void
test_boolean (void **state)
{
  (void) state;
  /* the case: (xor p X) -> X, and (xor p (not Y)) -> (= p Y) */
  const char *arr = "(set-logic QF_AUFLIRA)\n(declare-fun p () Bool)\n(declare-fun c () (Array Real Int))\n"
                    "(declare-fun b () (Array Real Int))\n(assert (xor p (not (= c (store b 1.0 0)))))\n(check-sat)\n";
  expect (arr, SG_MUT_XOR, "(assert (= p (= c (store b 1.0 0))))", NULL);
  expect (arr, SG_MUT_XOR, "(assert (not (= c (store b 1.0 0))))", "xor");
  expect (INTS "(assert (xor true (> x 0)))\n", SG_MUT_XOR, "(assert (not (> x 0)))", NULL);
  expect (INTS "(assert (xor (> y 0) true (not (> x 0))))\n", SG_MUT_XOR, "(assert (xor (> y 0) (not (> x 0))))", NULL);
  expect (INTS "(assert (xor false p (> x 0)))\n", SG_MUT_XOR, "(assert (xor p (> x 0)))", NULL);
  expect (INTS "(assert (or p (xor true false true)))\n", SG_MUT_XOR, "(assert (or p false))", NULL);
  /* implications: the antecedent's negation folded */
  expect (INTS "(assert (=> (not (= x 0)) (> y x)))\n", SG_MUT_IMPL, "(assert (or (= x 0) (> y x)))", "=>");
  expect (INTS "(assert (=> p (> y x)))\n", SG_MUT_IMPL, "(assert (or (not p) (> y x)))", NULL);
  /* de Morgan */
  expect (INTS "(assert (not (and (not p) (> x 1))))\n", SG_MUT_DEMORGAN, "(assert (or p (not (> x 1))))", NULL);
  expect (INTS "(assert (not (or p (not (> x 1)))))\n", SG_MUT_DEMORGAN, "(assert (and (not p) (> x 1)))", NULL);
  /* quantifier negation */
  expect (INTS "(assert (not (forall ((k Int)) (not (> k x)))))\n", SG_MUT_NEGQ,
          "(assert (exists ((k Int)) (> k x)))", "not");
  expect (INTS "(assert (not (exists ((k Int)) (> k x))))\n", SG_MUT_NEGQ,
          "(assert (forall ((k Int)) (not (> k x))))", NULL);
  expect_none (INTS "(assert (not (forall ((k Int)) (! (> k x) :pattern ((+ k 1))))))\n", SG_MUT_NEGQ);
  /* equalities with false and true */
  expect (INTS "(assert (= false (> x 1)))\n", SG_MUT_FALSEEQ, "(assert (not (> x 1)))", NULL);
  expect (INTS "(assert (= (> x 1) false p))\n", SG_MUT_FALSEEQ, "(assert (and (not (> x 1)) (not p)))", NULL);
  expect (INTS "(assert (= (> x 1) true))\n", SG_MUT_FALSEEQ, "(assert (> x 1))", NULL);
  expect_none (INTS "(assert (= x y))\n", SG_MUT_FALSEEQ);
}

static void
test_arithmetic (void **state)
{
  (void) state;
  expect (INTS "(assert (not (< x y)))\n", SG_MUT_REL, "(assert (>= x y))", NULL);
  expect (INTS "(assert (not (>= x y)))\n", SG_MUT_REL, "(assert (< x y))", NULL);
  /* a byte longer, but a term and a token less (cvc5's nia issue 12499 as ddSMT leaves it) */
  expect (INTS "(assert (> y 1))\n(assert (not (= (mod x y) x)))\n", SG_MUT_REL, "(assert (distinct (mod x y) x))", "not");
  expect (INTS "(assert (not (distinct x y z)))\n", SG_MUT_REL, "(assert (= x y z))", NULL);
  expect (INTS "(assert (distinct x y))\n", SG_MUT_REL, "(assert (= x y))", NULL);
  expect (INTS "(assert (<= x y))\n", SG_MUT_REL, "(assert (= x y))", NULL);
  expect (INTS "(assert (<= x y))\n", SG_MUT_REL, "(assert (< x y))", NULL);
  expect (INTS "(assert (> x y))\n", SG_MUT_REL, "(assert (= x y))", NULL);
  /* n-ary relations: binary-reduction gives each pair (ddSMT's split is a larger conjunction) */
  expect (INTS "(assert (< x y z))\n", SG_MUT_DROP, "(assert (< x y))", NULL);
  expect (INTS "(assert (< x y z))\n", SG_MUT_DROP, "(assert (< y z))", NULL);
  expect (INTS "(assert (< x y z))\n", SG_MUT_DROP, "(assert (< x z))", NULL);
  /* constants */
  expect (INTS "(assert (> x 1234))\n", SG_MUT_NUM, "(assert (> x 123))", NULL);
  expect (INTS "(assert (> x 12))\n", SG_MUT_NUM, "(assert (> x 6))", NULL);
  const char *r = "(declare-fun r () Real)\n(assert (> r 2.25))\n";
  expect (r, SG_MUT_NUM, "(assert (> r 2.2))", NULL);
  expect (r, SG_MUT_NUM, "(assert (> r 2.0))", NULL);
  expect_none ("(declare-fun r () Real)\n(assert (> r 0.0))\n", SG_MUT_NUM);
}

static void
test_bitvectors (void **state)
{
  (void) state;
  /* width of whole subterms, of declared constants, merged extends */
  const char *add = BVS "(assert (bvult (bvadd w (bvmul w w)) #x00000010))\n";
  expect (add, SG_MUT_BVWIDTH, "(bvult ((_ zero_extend 31) bv", "bvmul");
  expect (add, SG_MUT_BVWIDTH, "(bvult ((_ zero_extend 16) bv", "bvmul");
  expect (add, SG_MUT_BVWIDTH, "(bvadd ((_ zero_extend 31) bv", NULL);
  expect (BVS "(assert (= ((_ zero_extend 16) ((_ zero_extend 8) a)) (bvadd w ((_ zero_extend 24) b))))\n"
              "(assert (= w #x00000001))\n",
          SG_MUT_BVWIDTH, "((_ zero_extend 24) a)", NULL);
  expect (BVS "(assert (= ((_ sign_extend 4) ((_ sign_extend 8) a)) ((_ zero_extend 12) b)))\n", SG_MUT_BVWIDTH,
          "((_ sign_extend 12) a)", NULL);
  /* constants evaluated */
  expect (BVS "(assert (= ((_ extract 7 4) #xa5) ((_ extract 3 0) a)))\n", SG_MUT_BVSIMP, "(= #b1010 ((_ extract 3 0) a))", NULL);
  expect (BVS "(assert (= ((_ sign_extend 6) #b10) a))\n", SG_MUT_BVSIMP, "(= #b11111110 a)", NULL);
  expect (BVS "(assert (= ((_ zero_extend 6) #b10) a))\n", SG_MUT_BVSIMP, "(= #b00000010 a)", NULL);
  expect_none (BVS "(assert (= w #x00000000))\n", SG_MUT_BVSIMP); /* (_ bv0 32): shorter, 2 tokens more */
  expect (BVS "(assert (= w (_ bv1000 32)))\n", SG_MUT_BVSIMP, "(= w (_ bv500 32))", NULL);
  expect (BVS "(assert (= u (_ bv1 1)))\n", SG_MUT_BVSIMP, "(= u #b1)", NULL);
  /* concat of zeros, double negations, bvnand, extract of zero_extend, relations of extends */
  expect (BVS "(assert (bvult (concat #x000000 a) w))\n", SG_MUT_BVSIMP, "(bvult ((_ zero_extend 24) a) w)", NULL);
  expect (BVS "(assert (= (bvnot (bvnot a)) b))\n", SG_MUT_BVSIMP, "(assert (= a b))", NULL);
  expect (BVS "(assert (= (bvneg (bvneg a)) b))\n", SG_MUT_BVSIMP, "(assert (= a b))", NULL);
  expect (BVS "(assert (= (bvnand a a) b))\n", SG_MUT_BVSIMP, "(assert (= (bvnot a) b))", NULL);
  expect (BVS "(assert (= ((_ extract 3 0) ((_ zero_extend 24) a)) ((_ extract 3 0) b)))\n", SG_MUT_BVSIMP,
          "(= ((_ extract 3 0) a) ((_ extract 3 0) b))", NULL);
  expect (BVS "(assert (= ((_ extract 15 12) ((_ zero_extend 24) a)) ((_ extract 3 0) b)))\n", SG_MUT_BVSIMP,
          "(= (_ bv0 4) ((_ extract 3 0) b))", NULL);
  expect (BVS "(assert (= ((_ extract 11 4) ((_ zero_extend 24) a)) b))\n", SG_MUT_BVSIMP,
          "(= ((_ zero_extend 4) ((_ extract 7 4) a)) b)", NULL);
  expect (BVS "(assert (bvslt ((_ zero_extend 24) a) ((_ zero_extend 24) b)))\n", SG_MUT_BVSIMP, "(assert (bvslt a b))", NULL);
  expect (BVS "(assert (= ((_ zero_extend 24) a) ((_ zero_extend 31) u)))\n", SG_MUT_BVSIMP,
          "(assert (= a ((_ zero_extend 7) u)))", NULL);
  /* 1-bit vectors to Booleans */
  expect (BVS "(assert (= (bvcomp a b) #b1))\n", SG_MUT_BVBOOL, "(assert (= a b))", NULL);
  expect (BVS "(assert (= #b0 (bvcomp a b)))\n", SG_MUT_BVBOOL, "(assert (not (= a b)))", NULL);
  expect (BVS "(assert (= u (ite (= a b) #b1 #b0)))\n", SG_MUT_BVBOOL, "(assert (= u (bvcomp a b)))", NULL);
  expect (BVS "(assert (= #b1 (bvand u (bvor u v))))\n", SG_MUT_BVBOOL, "(assert (and (= #b1 u) (= #b1 (bvor u v))))", NULL);
  expect (BVS "(assert (= (bvxor u v) #b1))\n", SG_MUT_BVBOOL, "(assert (xor (= #b1 u) (= #b1 v)))", NULL);
}

static void
test_arrays_dt_strings (void **state)
{
  (void) state;
  const char *arr = "(declare-fun m () (Array Int Int))\n(declare-fun x () Int)\n"
                    "(assert (> (select (store m 1 x) 2) (select (store m x 3) x)))\n";
  expect (arr, SG_MUT_ARRAY, "(assert (> x (select (store m x 3) x)))", NULL);
  expect (arr, SG_MUT_ARRAY, "(assert (> (select m 2) (select (store m x 3) x)))", NULL);
  expect (arr, SG_MUT_ARRAY, "(assert (> (select m 2) (select (store m x 3) x)))", NULL);
  expect (arr, SG_MUT_ARRAY, "(assert (> (select (store m 1 x) 2) 3))", NULL);
  expect ("(declare-fun p () Bool)\n(declare-fun c () (Array Real Int))\n(declare-fun b () (Array Real Int))\n"
          "(assert (xor p (not (= c (store b 1.0 0)))))\n",
          SG_MUT_ARRAY, "(assert (xor p (not (= c b))))", NULL);
  expect ("(declare-fun x () Int)\n(assert (> (select ((as const (Array Int Int)) 7) x) 0))\n", SG_MUT_ARRAY,
          "(assert (> 7 0))", NULL);
  /* datatypes: selector of its constructor */
  const char *dt = "(declare-datatypes ((P 0)) (((mk (fst Int) (snd Int)) (none))))\n(declare-fun x () Int)\n"
                   "(assert (> (fst (mk x 4)) (snd (mk 5 x))))\n";
  expect (dt, SG_MUT_DTSEL, "(assert (> x (snd (mk 5 x))))", NULL);
  expect (dt, SG_MUT_DTSEL, "(assert (> (fst (mk x 4)) x))", NULL);
  /* strings and sequences */
  const char *str = "(declare-fun s () String)\n(declare-fun t () String)\n"
                    "(assert (= (str.replace_all s t \"ab\") (str.++ t \"c\")))\n"
                    "(assert (>= (str.indexof s t 0) 1))\n";
  expect (str, SG_MUT_STRSEQ, "(str.replace s t \"ab\")", "replace_all");
  expect (str, SG_MUT_STRSEQ, "(assert (>= (- 1) 1))", NULL);
  expect ("(declare-fun q () Int)\n(declare-fun e () (Seq Int))\n(assert (= (seq.nth (seq.unit q) 0) (seq.len e)))\n",
          SG_MUT_STRSEQ, "(assert (= q (seq.len e)))", NULL);
  expect ("(declare-fun e () (Seq Int))\n(declare-fun f () (Seq Int))\n(assert (= (seq.replace_all e f e) f))\n",
          SG_MUT_STRSEQ, "(assert (= (seq.replace e f e) f))", NULL);
}

static void
test_text_rows (void **state)
{
  (void) state;
  /* an FP sort in a smaller format, everywhere */
  const char *fp = "(set-logic QF_FP)\n(declare-fun f () (_ FloatingPoint 11 53))\n(declare-fun g () Float32)\n"
                   "(assert (fp.lt f ((_ to_fp 11 53) RNE 1.5) (_ +zero 11 53)))\n(assert (fp.isNaN g))\n";
  expect (fp, SG_MUT_FPSORT, "(declare-fun f () Float16)", "11 53");
  expect (fp, SG_MUT_FPSORT, "(fp.lt f ((_ to_fp 3 5) RNE 1.5) (_ +zero 3 5))", "11 53");
  expect (fp, SG_MUT_FPSORT, "(declare-fun g () (_ FloatingPoint 3 5))", NULL);
  expect_none ("(declare-fun h () (_ FloatingPoint 3 5))\n(assert (fp.isNaN h))\n", SG_MUT_FPSORT);
  /* a datatype of a group nobody uses; one that is used stays */
  const char *dts = "(declare-datatypes ((A 0) (B 0)) (((a1) (a2 (v Int))) ((b1) (b2 (w B)))))\n"
                    "(declare-fun x () A)\n(assert (= x (a2 3)))\n";
  expect (dts, SG_MUT_DTREM, "(declare-datatypes ((A 0)) (((a1) (a2 (v Int)))))\n(declare-fun x () A)", NULL);
  /* a field whose selector nobody uses: out of the declaration and of every application (the
   * cycle of cvc5's acyclicity regressions) */
  const char *cyc = "(declare-datatypes ((T 0)) (((c (l T) (m T) (r T)) (n))))\n(declare-fun a () T)\n"
                    "(declare-fun b () T)\n(assert (= a (c a b b)))\n(assert (= b (c (r a) b n)))\n";
  expect (cyc, SG_MUT_DTREM, "(c (l T) (r T))", NULL);
  expect (cyc, SG_MUT_DTREM, "(assert (= a (c a b)))\n(assert (= b (c (r a) n)))", "(m T)");
  expect (cyc, SG_MUT_DTREM, "(assert (= a (c b b)))\n(assert (= b (c b n)))", "(l T)");
  /* a recursive function of a group nobody calls */
  const char *rec = "(define-funs-rec ((f ((k Int)) Int) (g ((k Int)) Int)) ((+ k 1) (g (- k 1))))\n"
                    "(assert (> (f 1) 0))\n";
  expect (rec, SG_MUT_RECFUN, "(define-funs-rec ((f ((k Int)) Int)) ((+ k 1)))\n(assert (> (f 1) 0))", NULL);
  /* quoted symbols: the printer writes |abc| as abc, in every candidate */
  expect ("(declare-fun |abc| () Int)\n(assert (> |abc| 0))\n", SG_MUT_ARITH, "(assert (= abc 0))", "|");
}

/* replace-by-term, eliminate-variables through a conjunct, a constant array -> a store, the
 * FP sort names of the reducer's output (the losses of bench/reduce_public to ddSMT). */
static void
test_reuse (void **state)
{
  (void) state;
  /* cvc5's arrays issue 12648: c : (Array Bool Bool) -> (select b false), c's declaration gone */
  const char *a12648 = "(declare-const a Bool)\n(declare-const b (Array Bool (Array Bool Bool)))\n"
                       "(declare-fun c () (Array Bool Bool))\n"
                       "(assert (distinct (select b false) (store (select b a) false true) (store c a "
                       "(select (select b false) false))))\n(check-sat)\n";
  expect (a12648, SG_MUT_REUSE, "(store (select b false) a (select (select b false) false))", "declare-fun c");
  /* never a term that contains the constant, nor one with a bound variable */
  expect_none ("(declare-fun x () Int)\n(assert (> (+ x 1) 0))\n", SG_MUT_REUSE);
  expect_none ("(declare-fun x () Int)\n(assert (forall ((k Int)) (> (+ k 1) x)))\n", SG_MUT_REUSE);
  /* another constant of the sort is a term too */
  expect ("(declare-fun x () Int)\n(declare-fun y () Int)\n(assert (> (+ y 1) x))\n", SG_MUT_REUSE,
          "(declare-fun y () Int)\n(assert (> (+ y 1) y))", "declare-fun x");
  /* only where tokens go: three uses of a Bool constant cost more than its declaration */
  expect_none ("(declare-fun p () Bool)\n(declare-fun x () Int)\n(assert (and p (> x 0) (or p (not p))))\n", SG_MUT_REUSE);
  /* cvc5's seq proj-issue708: c : (Seq Bool) -> (seq.unit a) */
  expect ("(declare-const x (Seq Bool))\n(declare-fun a () Bool)\n(declare-fun c () (Seq Bool))\n"
          "(assert (seq.contains (seq.++ (seq.unit x) (seq.unit c)) (seq.++ (seq.unit (seq.unit a)) (seq.unit x))))\n",
          SG_MUT_REUSE, "(seq.unit (seq.unit a)))", "declare-fun c");
  /* cvc5's arrays proj-issue467: x := t through a conjunct, the conjunct gone */
  const char *a467 = "(declare-const a (Array (_ BitVec 8) (_ BitVec 8)))\n(declare-const b (Array (_ BitVec 8) (_ BitVec 8)))\n"
                     "(declare-const x (_ BitVec 8))\n"
                     "(assert (and (= (bvadd #b00000001 (select b #b00000000)) x) (= b (store a #b00000001 x))))\n";
  expect (a467, SG_MUT_ELIM, "(assert (= b (store a #b00000001 (bvadd #b00000001 (select b #b00000000)))))", "and");
  expect (INTS "(assert (= x (+ y 1)))\n(assert (> x z))\n", SG_MUT_ELIM, "(assert (> (+ y 1) z))", "(= ");
  expect (INTS "(assert (or (= x (+ y 1)) p))\n(assert (> x z))\n", SG_MUT_ELIM,
          "(assert (or (= (+ y 1) (+ y 1)) p))", NULL); /* under an or: the equation stays */
  /* cvc5's bv issue 10057: a constant array -> a store over a constant of its sort */
  expect ("(declare-const v (_ BitVec 1))\n(declare-fun a () (Array (_ BitVec 8) (_ BitVec 8)))\n"
          "(assert (= ((as const (Array (_ BitVec 8) (_ BitVec 8))) #b00000000) (store a (_ bv0 8) (bvadd (_ bv1 8) "
          "((_ zero_extend 7) v)))))\n",
          SG_MUT_ARRAY, "(assert (= (store a #b00000000 #b00000000) (store a (_ bv0 8)", "as const");
  /* FP sorts by their names in the reducer's rounds (cvc5's fp proj-issue634), not elsewhere */
  const char *f634 = "(set-option :debug-check-models true)\n(declare-const x (_ FloatingPoint 11 53))\n"
                     "(declare-const y (_ FloatingPoint 8 24))\n(declare-const z (_ FloatingPoint 4 9))\n"
                     "(assert (fp.isNegative x))\n(assert (fp.isNaN y))\n(assert (fp.isNaN z))\n";
  expect (f634, SG_MUT_DEL_CMD, "(declare-const x Float64)\n(declare-const y Float32)\n"
          "(declare-const z (_ FloatingPoint 4 9))\n", NULL);
  sg_store st;
  sg_script sc;
  sg_diag d;
  sg_diag_init (&d, "in.smt2");
  assert_int_equal (sg_store_init (&st), SG_RC_OK);
  sg_script_init (&sc, &st);
  assert_int_equal (sg_parse_string (&st, &sc, f634, strlen (f634), "in.smt2", &d), SG_RC_OK);
  sg_buf b;
  sg_buf_init (&b);
  sg_print_script (&sc, NULL, &b);
  assert_non_null (strstr (sg_buf_cstr (&b), "(declare-const x (_ FloatingPoint 11 53))"));
  sg_buf_free (&b);
  sg_script_free (&sc);
  sg_store_free (&st);
}

/* A few real-sized scripts: every candidate of every new row parses, at once too. */
static void
test_all_candidates_parse (void **state)
{
  (void) state;
  static const char *const ins[] = {
    INTS "(declare-fun r () Real)\n(assert (=> (not (xor p (= x 3) true)) (not (and (< x y z) (not (>= r 2.5))))))\n"
         "(assert (not (forall ((k Int)) (=> (> k 1234) (not (distinct k y))))))\n(assert (= false p (< x 0)))\n",
    BVS "(assert (= (bvcomp (bvadd w (concat #x000000 a)) ((_ zero_extend 24) b)) (ite (= u v) #b1 #b0)))\n"
        "(assert (bvult ((_ extract 15 8) ((_ zero_extend 24) (bvnot (bvnot a)))) ((_ extract 7 0) #xdeadbeef)))\n"
        "(assert (= #b1 (bvand u (bvxor u v))))\n(assert (forall ((q (_ BitVec 8))) (bvule q (bvnand a a))))\n",
    "(declare-datatypes ((T 0) (U 0)) (((c (l T) (m Int)) (n)) ((d (e U)) (f))))\n(declare-fun t () T)\n"
    "(declare-fun m1 () (Array Int T))\n(assert (= t (select (store m1 (m (c t 1)) n) (m t))))\n"
    "(assert (match t (((c x y) (> y 0)) (n false))))\n",
  };
  uint32_t built = 0;
  for (size_t i = 0; i < sizeof ins / sizeof *ins; i++)
    for (int m = SG_MUT_XOR; m <= SG_MUT_RECFUN; m++) built += all_parse (ins[i], (sg_mutator) m);
  assert_true (built > 40);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_boolean),
    cmocka_unit_test (test_arithmetic),
    cmocka_unit_test (test_bitvectors),
    cmocka_unit_test (test_arrays_dt_strings),
    cmocka_unit_test (test_text_rows),
    cmocka_unit_test (test_reuse),
    cmocka_unit_test (test_all_candidates_parse),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
