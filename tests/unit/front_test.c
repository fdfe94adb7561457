/* front_test: lexer, reader, type checker (every theory), printer and error positions. */
#include <stdio.h>
#include <stdlib.h>

#include "front/equal.h"
#include "front/lex.h"
#include "front/occ.h"
#include "test_util.h"

/* ---- lexer ---- */

static void
test_lex_tokens (void **state)
{
  (void) state;
  const char *src = "(|a b| :key 123456789012345678901234567890 1.50 #xfF #b01 \"say \"\"hi\"\" \\u{41}\" 2.)\n"
                    "; comment at the end without newline";
  sg_diag d;
  sg_diag_init (&d, "x");
  sg_lex lx;
  sg_lex_init_mem (&lx, src, strlen (src), &d);
  sg_tok t;
  struct { sg_tok_kind k; const char *text; uint32_t col; } want[] = {
    { SG_TOK_LPAR, "", 1 }, { SG_TOK_QSYMBOL, "a b", 2 }, { SG_TOK_KEYWORD, ":key", 8 },
    { SG_TOK_NUMERAL, "123456789012345678901234567890", 13 }, { SG_TOK_DECIMAL, "1.50", 44 },
    { SG_TOK_HEX, "#xfF", 49 }, { SG_TOK_BIN, "#b01", 54 }, { SG_TOK_STRING, "say \"hi\" \\u{41}", 59 },
    /* "2." (z3 reads it, cvc4 and cvc5 do not) is the decimal 2.0 */
    { SG_TOK_DECIMAL, "2.0", 79 }, { SG_TOK_RPAR, "", 81 }, { SG_TOK_EOF, "", 37 },
  };
  for (size_t i = 0; i < sizeof want / sizeof *want; i++)
    {
      assert_int_equal (sg_lex_next (&lx, &t), SG_RC_OK);
      assert_int_equal (t.kind, want[i].k);
      assert_string_equal (t.text, want[i].text);
      assert_int_equal (t.col, want[i].col);
    }
  assert_int_equal (t.line, 2);
  sg_lex_free (&lx);
}

/* ---- errors: every one names file:line:col and never crashes ---- */

static void
test_errors (void **state)
{
  (void) state;
  static const struct { const char *src; sg_rc rc; const char *msg; } cases[] = {
    { "(assert true", SG_RC_PARSE, "t.smt2:1:13: error: unbalanced parentheses" },
    { "(check-sat))", SG_RC_PARSE, "t.smt2:1:12: error: unbalanced parentheses: unexpected ')'" },
    { "(assert x)", SG_RC_SORT, "t.smt2:1:9: error: unknown symbol 'x'" },
    { "(declare-const x Int)\n(assert (and x true))", SG_RC_SORT,
      "t.smt2:2:10: error: sort mismatch: argument 1 of 'and' has sort Int, expected Bool" },
    { "(assert (not true false))", SG_RC_SORT, "t.smt2:1:10: error: 'not' expects 1 argument, got 2" },
    { "(assert (= #xg1 #x01))", SG_RC_PARSE, "t.smt2:1:14: error: malformed hexadecimal literal: unexpected 'g'" },
    { "(assert (= 007 7))", SG_RC_PARSE, "t.smt2:1:12: error: malformed numeral '007': leading zero" },
    { "(frobnicate)", SG_RC_PARSE, "t.smt2:1:2: error: unknown command 'frobnicate'" },
    { "(assert \x01\xff)", SG_RC_PARSE, "t.smt2:1:9: error: unexpected byte 0x01" },
    { "(declare-const x (_ BitVec 8))\n(assert (= ((_ extract 8 0) x) x))", SG_RC_SORT,
      "t.smt2:2:16: error: (_ extract 8 0) needs 8 >= 0 and 8 < width 8" },
    { "(declare-const x Int)\n(declare-const x Int)", SG_RC_SORT, "t.smt2:2:16: error: 'x' is already declared" },
    { "(push 1)(pop 2)", SG_RC_SORT, "t.smt2:1:9: error: pop 2 exceeds the 1 pushed level" },
    /* push N is counted, not allocated per level (these took 4 GB before) */
    { "(push 1000000000)(push 2)(pop 3)(pop 1000000000)", SG_RC_SORT,
      "t.smt2:1:33: error: pop 1000000000 exceeds the 999999999 pushed levels" },
    { "(declare-const a Int)(push 1000000000)(declare-const b Int)(pop 1)(assert (> b a))",
      SG_RC_SORT, "error: unknown symbol 'b'" },
    { "(push 1000000000)(declare-const b Int)(push 2)(declare-const c Int)(pop 2)(assert (> b 0))"
      "(pop 999999999)(declare-const b Bool)(pop 1)(declare-const b Real)", SG_RC_OK, "" },
    { "(push 1000000000)(pop 999999999)(declare-const b Int)(pop 1)(assert (> b 0))", SG_RC_SORT,
      "error: unknown symbol 'b'" },
    { "(push 1073741824)(push 1073741824)(push 1)", SG_RC_LIMIT,
      "t.smt2:1:35: error: push 1: more than 2147483648 assertion levels open" },
    { "(assert (forall ((x Int)) x))", SG_RC_SORT, "error: sort mismatch: argument 2 of 'forall' has sort Int, expected Bool" },
    { "(assert (let ((a 1) (a 2)) true))", SG_RC_SORT, "variable 'a' bound twice" },
    { "(declare-datatype L ((nil) (cons (hd Int) (tl L))))(assert ((_ is cons) 1))", SG_RC_SORT,
      "expected datatype L" },
    { "(set-logic)", SG_RC_PARSE, "t.smt2:1:1: error: missing a logic name" },
    { "(assert \"abc)", SG_RC_PARSE, "t.smt2:1:9: error: unterminated string literal" },
    /* control bytes in a literal: solvers differ (z3 ends it at a NUL); tab, LF, CR, DEL and
     * bytes from 0x80 on are SMT-LIB's printable characters and white space */
    { "(assert (= \"a\x01\" \"b\"))", SG_RC_PARSE,
      "t.smt2:1:14: error: control byte 0x01 in a string literal (SMT-LIB allows printable "
      "characters and white space; write \\u{1})" },
    { "(assert (= \"a\n\x1f\" \"b\"))", SG_RC_PARSE, "t.smt2:2:1: error: control byte 0x1f" },
    { "(assert (= \"a\x0c\" \"b\"))", SG_RC_PARSE, "t.smt2:1:14: error: control byte 0x0c" },
    { "(assert (= \"\t\r\n\x7f\xc3\xa9\" \"b\"))", SG_RC_OK, "" },
    /* an echo whose output a solver would print as an answer (z3 prints it bare) */
    { "(echo \"unsat\")(check-sat)", SG_RC_PARSE, "t.smt2:1:7: error: echo prints an answer word" },
    { "(echo \"done\nsat\r\n\")", SG_RC_PARSE, "t.smt2:1:7: error: echo prints an answer word" },
    { "(echo \"unsat now\")(echo \" sat\")(echo \"\")", SG_RC_OK, "" },
    /* z3 answers check-sat-using, the others reject it: the answers would not line up */
    { "(check-sat-using smt)", SG_RC_PARSE, "t.smt2:1:2: error: check-sat-using: z3 answers it like check-sat" },
    /* eval/simplify/display print a term bare: refused only where one could print "sat" */
    { "(declare-datatypes ((D 0)) (((sat) (other))))(simplify sat)", SG_RC_PARSE,
      "t.smt2:1:47: error: simplify prints a term bare and a symbol named sat" },
    { "(declare-const |unknown| Bool)(check-sat)(eval |unknown|)", SG_RC_PARSE, "error: eval prints a term bare" },
    { "(declare-const b Bool)(simplify b)(check-sat)(eval b)(display b)", SG_RC_OK, "" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      tparse t;
      tp_parse (&t, cases[i].src);
      if (t.rc != cases[i].rc || !strstr (t.err, cases[i].msg))
        fail_msg ("case %zu: want rc %d '%s', got rc %d '%s'", i, cases[i].rc, cases[i].msg, t.rc, t.err);
      tp_free (&t);
    }
}

/* ---- type checking: the sort of a term of every theory ---- */

static const char *decls =
  "(declare-const b Bool)(declare-const i Int)(declare-const r Real)(declare-const s String)"
  "(declare-const x (_ BitVec 8))(declare-const y (_ BitVec 8))(declare-const f Float32)"
  "(declare-const g (_ FloatingPoint 11 53))(declare-const m RoundingMode)"
  "(declare-const a (Array Int Real))(declare-const re RegLan)"
  "(declare-sort U 0)(declare-fun h (U Int) U)(declare-const u U)"
  "(declare-datatypes ((Lst 1)) ((par (T) ((nil) (cons (hd T) (tl (Lst T)))))))"
  "(declare-const l (Lst Int))";

static void
test_sorts (void **state)
{
  (void) state;
  static const struct { const char *term, *sort; } cases[] = {
    /* Core */
    { "(=> b b b)", "Bool" }, { "(xor b b)", "Bool" }, { "(distinct i i i)", "Bool" },
    { "(ite b x y)", "(_ BitVec 8)" },
    /* Ints, Reals, mixing */
    { "(div i 2 3)", "Int" }, { "(mod i 2)", "Int" }, { "(abs i)", "Int" }, { "(- i)", "Int" },
    { "((_ divisible 3) i)", "Bool" }, { "(/ r 2)", "Real" }, { "(+ i r)", "Real" },
    { "(to_real i)", "Real" }, { "(to_int r)", "Int" }, { "(is_int r)", "Bool" },
    { "(< i r 1.5)", "Bool" }, { "(ite b i r)", "Real" },
    /* BV */
    { "(concat x #b101)", "(_ BitVec 11)" }, { "((_ extract 7 4) x)", "(_ BitVec 4)" },
    { "((_ repeat 3) x)", "(_ BitVec 24)" }, { "((_ zero_extend 8) x)", "(_ BitVec 16)" },
    { "((_ sign_extend 1) x)", "(_ BitVec 9)" }, { "((_ rotate_left 9) x)", "(_ BitVec 8)" },
    { "(bvcomp x y)", "(_ BitVec 1)" }, { "(bvsmod x y)", "(_ BitVec 8)" }, { "(bvule x y)", "Bool" },
    { "(bv2nat x)", "Int" }, { "((_ nat2bv 5) i)", "(_ BitVec 5)" }, { "((_ int2bv 5) i)", "(_ BitVec 5)" },
    { "(_ bv300 12)", "(_ BitVec 12)" }, { "#xabc", "(_ BitVec 12)" }, { "(bvredor x)", "(_ BitVec 1)" },
    { "(bvnego x)", "Bool" }, { "(bvsaddo x y)", "Bool" }, { "(bvadd x y x)", "(_ BitVec 8)" },
    /* FP */
    { "(fp #b0 #b10000000 #b00000000000000000000000)", "(_ FloatingPoint 8 24)" },
    { "(_ +oo 8 24)", "(_ FloatingPoint 8 24)" }, { "(_ NaN 11 53)", "(_ FloatingPoint 11 53)" },
    { "(fp.add roundNearestTiesToEven f f)", "(_ FloatingPoint 8 24)" },
    { "(fp.fma RTZ g g g)", "(_ FloatingPoint 11 53)" }, { "(fp.sqrt m f)", "(_ FloatingPoint 8 24)" },
    { "(fp.rem f f)", "(_ FloatingPoint 8 24)" }, { "(fp.min f f)", "(_ FloatingPoint 8 24)" },
    { "(fp.leq f f f)", "Bool" }, { "(fp.isSubnormal g)", "Bool" },
    { "((_ to_fp 11 53) RNE f)", "(_ FloatingPoint 11 53)" },
    { "((_ to_fp 11 53) RNE 0.1)", "(_ FloatingPoint 11 53)" },
    { "((_ to_fp 11 53) RNE i)", "(_ FloatingPoint 11 53)" },
    { "((_ to_fp 5 11) RNE x)", "(_ FloatingPoint 5 11)" },
    { "((_ to_fp 3 5) x)", "(_ FloatingPoint 3 5)" },
    { "((_ to_fp_unsigned 8 24) RTP x)", "(_ FloatingPoint 8 24)" },
    { "((_ fp.to_ubv 4) RTN f)", "(_ BitVec 4)" }, { "((_ fp.to_sbv 64) RNA g)", "(_ BitVec 64)" },
    { "(fp.to_real f)", "Real" },
    /* Arrays */
    { "(select a 1)", "Real" }, { "(store a i 1)", "(Array Int Real)" },
    { "((as const (Array Int Real)) 0.0)", "(Array Int Real)" },
    /* Strings and RegLan */
    { "(str.++ s \"a\" s)", "String" }, { "(str.len s)", "Int" }, { "(str.< s s)", "Bool" },
    { "(str.<= s s)", "Bool" }, { "(str.at s 1)", "String" }, { "(str.substr s 0 i)", "String" },
    { "(str.indexof s \"\" 0)", "Int" }, { "(str.replace_all s \"a\" \"b\")", "String" },
    { "(str.replace_re s re \"\")", "String" }, { "(str.replace_re_all s re s)", "String" },
    { "(str.is_digit s)", "Bool" }, { "(str.to_code s)", "Int" }, { "(str.from_code i)", "String" },
    { "(str.to_int s)", "Int" }, { "(str.from_int i)", "String" },
    { "(str.in_re s (re.* (re.union (str.to_re \"a\") (re.range \"0\" \"9\"))))", "Bool" },
    { "((_ re.loop 1 3) re)", "RegLan" }, { "((_ re.^ 4) re.allchar)", "RegLan" },
    { "(re.diff re.all re.none)", "RegLan" }, { "(re.comp (re.opt (re.+ re)))", "RegLan" },
    { "(str.in.re s (str.to.re \"x\"))", "Bool" },
    /* UF, datatypes, binders */
    { "(h (h u i) 3)", "U" }, { "(cons 1 l)", "(Lst Int)" }, { "(hd l)", "Int" }, { "(tl l)", "(Lst Int)" },
    { "((_ is cons) l)", "Bool" }, { "(is-nil l)", "Bool" }, { "(as nil (Lst Int))", "(Lst Int)" },
    { "(match l ((nil 0) ((cons p q) p)))", "Int" },
    { "(let ((z i) (w r)) (+ z w))", "Real" },
    { "(forall ((z Int) (w U)) (! (= (h w z) u) :pattern ((h w z)) :qid q1))", "Bool" },
    { "(exists ((z Int)) (let ((z b)) z))", "Bool" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      char src[2048];
      snprintf (src, sizeof src, "%s(get-value (%s))", decls, cases[i].term);
      tparse t;
      tp_parse (&t, src);
      if (t.rc) fail_msg ("case %zu '%s': %s", i, cases[i].term, t.err);
      const sg_cmd *c = &t.sc.cmds.a[t.sc.cmds.n - 1];
      if (c->flags & SG_CMD_RAW) fail_msg ("case %zu '%s' did not type-check", i, cases[i].term);
      sg_buf b;
      sg_buf_init (&b);
      sg_sort_print (&t.s, sg_term_sort (&t.s, sg_cmd_items (&t.sc, c)[0]), &b);
      if (strcmp (sg_buf_cstr (&b), cases[i].sort))
        fail_msg ("case %zu '%s': sort %s, want %s", i, cases[i].term, sg_buf_cstr (&b), cases[i].sort);
      /* The printed term is the input term. */
      sg_buf_reset (&b);
      sg_print_term (&t.s, sg_cmd_items (&t.sc, c)[0], NULL, &b);
      if (strcmp (sg_buf_cstr (&b), cases[i].term))
        fail_msg ("case %zu: printed '%s', want '%s'", i, sg_buf_cstr (&b), cases[i].term);
      sg_buf_free (&b);
      tp_free (&t);
    }
}

static void
test_ill_sorted (void **state)
{
  (void) state;
  static const char *terms[] = {
    "(bvadd x #b1)", "(+ i s)", "(div r 2)", "(fp.add f f f)", "(fp.add m f g)", "((_ to_fp 8 24) x)",
    "(select a s)", "(str.++ s 1)", "(str.in_re s s)", "(h u u)", "(hd 1)", "(ite i 1 2)", "(= x i)",
    "((_ extract 3 4) x)", "((_ repeat 0) x)", "(_ bv1 0)", "(concat x i)", "(fp #b1 #b0 #b0)",
    "(match i ((z 0)))", "(forall ((z Int)) z)", "((_ fp.to_ubv 8) f)", "(str.<)", "(not)",
    "(as nil Int)", "nil", "(_ +oo 1 24)",
  };
  for (size_t i = 0; i < sizeof terms / sizeof *terms; i++)
    {
      char src[2048];
      snprintf (src, sizeof src, "%s(assert (= %s %s))", decls, terms[i], terms[i]);
      tparse t;
      tp_parse (&t, src);
      if (t.rc != SG_RC_SORT && t.rc != SG_RC_PARSE)
        fail_msg ("case %zu '%s' type-checked (rc %d)", i, terms[i], t.rc);
      if (!strstr (t.err, "t.smt2:1:")) fail_msg ("case %zu: no position in '%s'", i, t.err);
      tp_free (&t);
    }
}

static void
test_int_real_mixing_recorded (void **state)
{
  (void) state;
  tparse t;
  tp_parse (&t, "(set-logic QF_LIRA)(declare-const r Real)(declare-const i Int)"
                "(assert (> r 1))(assert (= r i))(define-fun f () Real 1)");
  assert_int_equal (t.rc, SG_RC_OK);
  assert_int_equal (t.s.coerce_literals, 1);
  assert_int_equal (t.s.coerce_terms, 2); /* (= r i) and the body of f */
  sg_buf b;
  tp_print (&t, &b, false);
  assert_string_equal (sg_buf_cstr (&b),
                       "(set-logic QF_LIRA)\n(declare-const r Real)\n(declare-const i Int)\n"
                       "(assert (> r 1))\n(assert (= r i))\n(define-fun f () Real 1)\n");
  sg_buf_free (&b);
  tp_free (&t);
}

/* "2." and "-2." (z3 reads them; cvc4 and cvc5 reject "2." and "-2.") print as 2.0 and
 * (- 2.0), so every script we print is one cvc4 and cvc5 read too. */
/* The solvers' incremental flags: several check-sats or check-sat-assumings, or push/pop. */
static void
test_script_incremental (void **state)
{
  (void) state;
  static const struct { const char *text; bool want; } cases[] = {
    { "(declare-const b Bool)(assert b)(check-sat)(get-model)", false },
    { "(declare-const b Bool)(check-sat)(check-sat-assuming (b))", true },
    { "(declare-const b Bool)(check-sat)(check-sat)", true },
    { "(declare-const b Bool)(push 1)(assert b)(check-sat)", true },
    { "(declare-const b Bool)(push 2)(pop 1)(assert b)(check-sat)", true },
    { "(declare-const b Bool)(assert b)", false },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      tparse t;
      tp_parse (&t, cases[i].text);
      assert_int_equal (t.rc, SG_RC_OK);
      assert_int_equal (sg_script_incremental (&t.sc), cases[i].want);
      tp_free (&t);
    }
}

static void
test_decimal_without_fraction_digits (void **state)
{
  (void) state;
  tparse t;
  tp_parse (&t, "(declare-const r Real)(assert (< -2. r 2.))(set-info :weight 3.)");
  assert_int_equal (t.rc, SG_RC_OK);
  sg_buf b;
  tp_print (&t, &b, false);
  assert_string_equal (sg_buf_cstr (&b),
                       "(declare-const r Real)\n(assert (< (- 2.0) r 2.0))\n(set-info :weight 3.0)\n");
  sg_buf_free (&b);
  tp_free (&t);
  tp_parse (&t, "(declare-const r Real)(assert (< r 2..))");
  assert_int_not_equal (t.rc, SG_RC_OK);
  tp_free (&t);
}

static void
test_every_command_round_trips (void **state)
{
  (void) state;
  const char *src =
    "(set-info :smt-lib-version 2.6)\n(set-option :produce-models true)\n(set-logic ALL)\n"
    "(get-info :name)\n(get-option :produce-models)\n(declare-const b Bool)\n(declare-sort U 1)\n"
    "(define-sort M (X) (Array X (U X)))\n(declare-const c (M Int))\n(declare-fun f (Int) Int)\n"
    "(define-fun g ((x Int) (y Int)) Int (+ x y))\n(define-fun-rec h ((x Int)) Int (ite (< x 0) 0 (h (- x 1))))\n"
    "(define-funs-rec ((ev ((n Int)) Bool) (od ((n Int)) Bool)) ((ite (= n 0) true (od (- n 1))) (ite (= n 0) false (ev (- n 1)))))\n"
    "(declare-datatype P (par (A B) ((pair (fst A) (snd B)))))\n"
    "(declare-datatypes ((T 0) (F 0)) (((node (kids F))) ((empty) (more (head T) (rest F)))))\n"
    "(push 2)\n(assert (! (= (f 1) (g 1 2)) :named a1))\n(assert a1)\n(pop 1)\n"
    "(check-sat-assuming (b (not (ev 3))))\n(check-sat)\n(get-model)\n(get-value ((f 1) (fst (pair 1 true))))\n"
    "(get-assignment)\n(get-assertions)\n(get-proof)\n(get-unsat-core)\n(get-unsat-assumptions)\n"
    "(echo \"done \"\"now\"\"\")\n(reset-assertions)\n(reset)\n(declare-const x Int)\n(exit)\n";
  tparse t;
  tp_parse (&t, src);
  if (t.rc) fail_msg ("%s", t.err);
  sg_buf b;
  tp_print (&t, &b, false);
  /* Sort aliases of define-sort are printed expanded; everything else is as written. */
  char want[4096];
  const char *alias = strstr (src, "(M Int)");
  snprintf (want, sizeof want, "%.*s(Array Int (U Int))%s", (int) (alias - src), src, alias + 7);
  assert_string_equal (sg_buf_cstr (&b), want);
  sg_buf_free (&b);
  tp_free (&t);
}

/* Streaming: printing command by command and forgetting each one gives the same text as
 * printing the whole script, with the store back to its declarations after each command. */
static void
test_streaming_rollback (void **state)
{
  (void) state;
  const char *src =
    "(set-logic ALL)(declare-const x Int)(declare-const s String)(assert (> (+ x 1) 0))"
    "(assert (forall ((q Int)) (=> (> q x) (> (+ q 1) x))))(assert (= (str.++ s \"fresh atom\") s))"
    "(declare-fun f (Int) Int)(assert (= (f (+ x 1)) (f 123456789012345678901234567890)))"
    "(assert (! (> x 5) :named nm))(assert nm)(get-value ((+ x 1)))(check-sat)";
  tparse whole;
  tp_parse (&whole, src);
  assert_int_equal (whole.rc, SG_RC_OK);
  sg_buf want;
  tp_print (&whole, &want, false);
  sg_store s;
  sg_script sc;
  sg_diag d;
  sg_parser *p;
  assert_int_equal (sg_store_init (&s), SG_RC_OK);
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "t");
  assert_int_equal (sg_parser_new (&s, &sc, -1, src, strlen (src), "t", &d, &p), SG_RC_OK);
  sg_buf got;
  sg_buf_init (&got);
  sg_rc rc;
  uint32_t forgot = 0;
  while ((rc = sg_parser_next (p)) == SG_RC_OK)
    {
      sg_print_cmd (&sc, sc.cmds.n - 1, NULL, &got);
      uint32_t atoms = sg_atom_count (&s.atoms);
      if (sg_parser_forget_last (p))
        {
          forgot++;
          assert_true (sg_atom_count (&s.atoms) <= atoms);
        }
    }
  assert_int_equal (rc, SG_RC_EOF);
  assert_string_equal (sg_buf_cstr (&got), sg_buf_cstr (&want));
  assert_int_equal (forgot, 7); /* 5 asserts without names, get-value, check-sat; nm is kept */
  assert_true (sg_term_count (&s) < sg_term_count (&whole.s));
  sg_parser_free (p);
  sg_buf_free (&got);
  sg_buf_free (&want);
  sg_script_free (&sc);
  sg_store_free (&s);
  tp_free (&whole);
}

/* A DAG whose tree is exponential prints in linear size with lets, and re-parses. */
static void
test_dag_printing_is_linear (void **state)
{
  (void) state;
  sg_store s;
  sg_script sc;
  assert_int_equal (sg_store_init (&s), SG_RC_OK);
  sg_script_init (&sc, &s);
  sg_term x, t;
  assert_int_equal (sg_script_declare_fresh (&sc, 0, "x", s.s_int, &x), SG_RC_OK);
  t = x;
  for (int i = 0; i < 200; i++)
    {
      sg_term args[2] = { t, t };
      assert_int_equal (sg_mk_app (&s, SG_OP_ADD, args, 2, NULL, 0, &t), SG_RC_OK);
    }
  sg_term zero, cmp;
  assert_int_equal (sg_mk_literal (&s, SG_OP_NUMERAL, "0", 1, &zero), SG_RC_OK);
  sg_term args[2] = { t, zero };
  assert_int_equal (sg_mk_app (&s, SG_OP_GT, args, 2, NULL, 0, &cmp), SG_RC_OK);
  assert_int_equal (sg_script_add (&sc, SG_WK_ASSERT, 0, &cmp, 1, 0, 0), SG_RC_OK);
  sg_buf b;
  sg_buf_init (&b);
  sg_print_script (&sc, NULL, &b);
  assert_true (sg_buf_ok (&b));
  assert_true (b.len < 20000); /* 2^200 nodes as a tree */
  tparse back;
  tp_parse (&back, sg_buf_cstr (&b));
  if (back.rc) fail_msg ("%s", back.err);
  sg_buf_free (&b);
  tp_free (&back);
  sg_script_free (&sc);
  sg_store_free (&s);
}

/* Deep nesting: 50,000 levels work without recursion; 1,000,000 give a limit error. */
static void
test_deep_nesting (void **state)
{
  (void) state;
  for (int depth = 50000; depth <= 1000000; depth += 950000)
    {
      size_t n = (size_t) depth * 7 + 64;
      char *src = malloc (n), *p = src;
      p += sprintf (p, "(assert ");
      for (int i = 0; i < depth; i++) p += sprintf (p, "(not ");
      p += sprintf (p, "true");
      for (int i = 0; i < depth; i++) *p++ = ')';
      p += sprintf (p, ")");
      tparse t;
      tp_parse (&t, src);
      if (depth == 50000)
        {
          assert_int_equal (t.rc, SG_RC_OK);
          sg_buf b;
          tp_print (&t, &b, true);
          assert_int_equal (b.len, strlen (src) + 1);
          sg_buf_free (&b);
        }
      else
        {
          assert_int_equal (t.rc, SG_RC_LIMIT);
          assert_non_null (strstr (t.err, "t.smt2:1:"));
          assert_non_null (strstr (t.err, "nesting deeper than"));
        }
      tp_free (&t);
      free (src);
    }
}

static void
test_hash_consing_and_equality (void **state)
{
  (void) state;
  tparse a, b;
  tp_parse (&a, "(declare-const x Int)(assert (> (+ x 1) 0))(assert (< (+ x 1) 5))");
  tp_parse (&b, "(declare-const x Int)\n(assert (> (+ x 1) 0))\n(assert (< (+ x 1) 5))");
  assert_int_equal (a.rc, SG_RC_OK);
  /* (+ x 1) is one node shared by both assertions */
  sg_term p = sg_term_arg (&a.s, sg_cmd_items (&a.sc, &a.sc.cmds.a[1])[0], 0);
  sg_term q = sg_term_arg (&a.s, sg_cmd_items (&a.sc, &a.sc.cmds.a[2])[0], 0);
  assert_int_equal (p, q);
  char why[100] = "";
  assert_true (sg_script_equal (&a.sc, &b.sc, why, sizeof why));
  tparse c;
  tp_parse (&c, "(declare-const x Int)(assert (> (+ x 1) 0))(assert (< (+ x 2) 5))");
  assert_false (sg_script_equal (&a.sc, &c.sc, why, sizeof why));
  tp_free (&a);
  tp_free (&b);
  tp_free (&c);
}

/* SMT-LIB 2.5 datatypes (z3's legacy form) are read and printed in the 2.6 form. */
static void
test_legacy_datatypes (void **state)
{
  (void) state;
  tparse t;
  tp_parse (&t, "(declare-datatypes (T) ((Lst (nil) (cons (hd T) (tl Lst)))))"
                "(declare-const l (Lst Int))(assert (= (hd (tl l)) 1))");
  if (t.rc) fail_msg ("%s", t.err);
  sg_buf b;
  tp_print (&t, &b, false);
  assert_string_equal (sg_buf_cstr (&b), "(declare-datatypes ((Lst 1)) ((par (T) ((nil) (cons (hd T) (tl (Lst T)))))))\n"
                                         "(declare-const l (Lst Int))\n(assert (= (hd (tl l)) 1))\n");
  tparse back;
  tp_parse (&back, sg_buf_cstr (&b));
  assert_int_equal (back.rc, SG_RC_OK);
  tp_free (&back);
  sg_buf_free (&b);
  tp_free (&t);
}

static void
test_overloading_and_shadowing (void **state)
{
  (void) state;
  tparse t;
  tp_parse (&t, "(declare-sort N 0)(declare-sort H 0)(declare-fun m (N N) N)(declare-fun m (H H) H)"
                "(declare-const n N)(declare-const h H)(assert (= (m n n) n))(assert (= (m h h) h))"
                "(declare-const x Int)(assert (forall ((x Bool)) x))");
  if (t.rc) fail_msg ("%s", t.err);
  tp_free (&t);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_lex_tokens),
    cmocka_unit_test (test_errors),
    cmocka_unit_test (test_sorts),
    cmocka_unit_test (test_ill_sorted),
    cmocka_unit_test (test_int_real_mixing_recorded),
    cmocka_unit_test (test_decimal_without_fraction_digits),
    cmocka_unit_test (test_script_incremental),
    cmocka_unit_test (test_every_command_round_trips),
    cmocka_unit_test (test_dag_printing_is_linear),
    cmocka_unit_test (test_streaming_rollback),
    cmocka_unit_test (test_deep_nesting),
    cmocka_unit_test (test_hash_consing_and_equality),
    cmocka_unit_test (test_overloading_and_shadowing),
    cmocka_unit_test (test_legacy_datatypes),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
