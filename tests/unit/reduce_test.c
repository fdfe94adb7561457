/* reduce_test: the reducer without solvers — the JSON reader, every mutator's candidates
 * (each must parse and sort-check), and whole reductions with small command predicates
 * (grep through argv, no shell for the reducer itself). Real solvers: reduce_solver_z3_test. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test_util.h"
#include "base/file.h"
#include "base/json.h"
#include "reduce/reduce.h"

/* ---- json ----------------------------------------------------------------------------------- */

static void
test_json (void **state)
{
  (void) state;
  const char *t = "{\n  \"kind\": \"crash\",\n  \"query\": -1, \"ok\": true,\n  \"runs\": [\n"
                  "    {\"solver\": \"z3\", \"command\": [\"z3\", \"a\\\"b\"], \"x\": null},\n"
                  "    {\"solver\": \"cvc4\", \"command\": [], \"s\": \"\\u0007\\n\"}\n  ]\n}\n";
  sg_json j;
  sg_diag d;
  sg_diag_init (&d, "f.json");
  assert_int_equal (sg_json_parse (t, strlen (t), "f.json", &j, &d), SG_RC_OK);
  assert_string_equal (sg_json_str (&j, sg_json_get (&j, 0, "kind")), "crash");
  assert_true (sg_json_num (&j, sg_json_get (&j, 0, "query"), 0) == -1);
  assert_true (sg_json_num (&j, sg_json_get (&j, 0, "ok"), 0) == 1);
  uint32_t runs = sg_json_get (&j, 0, "runs");
  uint32_t r0 = j.n.a[runs].first, r1 = j.n.a[r0].next;
  assert_string_equal (sg_json_str (&j, sg_json_get (&j, r1, "solver")), "cvc4");
  assert_string_equal (sg_json_str (&j, sg_json_get (&j, r1, "s")), "\a\n");
  uint32_t cmd = sg_json_get (&j, r0, "command");
  assert_string_equal (sg_json_str (&j, j.n.a[j.n.a[cmd].first].next), "a\"b");
  assert_int_equal (j.n.a[sg_json_get (&j, r1, "command")].first, UINT32_MAX);
  assert_int_equal (sg_json_get (&j, 0, "missing"), UINT32_MAX);
  sg_json_free (&j);
  /* errors carry line:col */
  const char *bad[] = { "{\"a\": [1, 2,]}", "{\"a\" 1}", "[1, 2", "{\"a\": tru}", "{} x" };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      sg_diag_init (&d, "bad.json");
      assert_int_equal (sg_json_parse (bad[i], strlen (bad[i]), "bad.json", &j, &d), SG_RC_PARSE);
      assert_int_equal (d.line, 1);
      assert_true (d.col >= 1);
    }
  /* a deep nesting is no problem for the iterative reader */
  size_t n = 200000;
  char *deep = malloc (2 * n + 1);
  memset (deep, '[', n);
  memset (deep + n, ']', n);
  deep[2 * n] = 0;
  assert_int_equal (sg_json_parse (deep, 2 * n, "deep.json", &j, &d), SG_RC_OK);
  sg_json_free (&j);
  free (deep);
}

/* ---- mutators --------------------------------------------------------------------------------- */

static const char *const inputs[] = {
  "(set-logic QF_AUFBVLIA)\n(declare-fun x () Int)\n(declare-fun long_name_y () Int)\n"
  "(declare-fun b () (_ BitVec 8))\n(declare-fun a () (Array Int Int))\n"
  "(define-fun f ((u Int) (v Int)) Int (+ u (* 2 v)))\n"
  "(assert (let ((z (+ x 1)) (w (select a x))) (and (> z 12345) (not (not (= w (f z x)))))))\n"
  "(assert (=> (< x long_name_y) (= (bvadd b (bvmul b #x03) #x01) ((_ zero_extend 0) b))))\n"
  "(push 1)\n(assert (! (or (> x 0) (and (< x 5) (and (> x 1) (> x 2)))) :named n1))\n"
  "(check-sat)\n(check-sat-assuming (n1))\n(pop 1)\n(check-sat)\n",
  "(set-logic ALL)\n(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)) (other (o Bool)))))\n"
  "(declare-fun l () L)\n(declare-fun s () String)\n(declare-fun r () (_ FloatingPoint 8 24))\n"
  "(assert (forall ((k Int)) (=> (> k 0) (exists ((m Int)) (= (+ m k) (hd l))))))\n"
  "(assert (= (str.++ s \"hello world\" s) \"hello worldhello world\"))\n"
  "(assert (fp.lt r (fp.add RNE r ((_ to_fp 8 24) RNE 1.5))))\n"
  "(assert (match l ((nil true) ((cons h t) (> h 0)) ((other b) b))))\n(check-sat)\n",
};

static void
test_every_candidate_parses (void **state)
{
  (void) state;
  uint64_t built = 0, ill = 0;
  for (size_t in = 0; in < sizeof inputs / sizeof *inputs; in++)
    for (int m = 0; m < SG_MUT_COUNT; m++)
      {
        sg_round r;
        sg_diag d;
        sg_diag_init (&d, "in.smt2");
        assert_int_equal (sg_round_open (&r, inputs[in], strlen (inputs[in]), "in.smt2", &d), SG_RC_OK);
        assert_int_equal (sg_round_sites (&r, (sg_mutator) m), SG_RC_OK);
        sg_buf b;
        sg_buf_init (&b);
        uint32_t n = r.sites.n;
        uint32_t *all = malloc ((n + 1) * sizeof *all);
        for (uint32_t i = 0; i <= n; i++)
          {
            /* each site alone, then (i == n) all of them at once */
            uint32_t cnt = 1;
            if (i < n) all[0] = i;
            else
              {
                if (!sg_mutator_ddmin ((sg_mutator) m)) break;
                for (uint32_t k = 0; k < n; k++) all[k] = k;
                cnt = n;
              }
            sg_rc rc = sg_round_build (&r, all, cnt, &b);
            if (rc == SG_RC_SORT) { ill++; continue; }
            assert_int_equal (rc, SG_RC_OK);
            built++;
            tparse t;
            tp_parse (&t, sg_buf_cstr (&b));
            /* Removing a used declaration is the one kind of candidate that may not parse: it
             * is rejected by this very parse in the driver before it runs; so is dropping a
             * :named annotation whose name is used. */
            if (t.rc && m != SG_MUT_DEL_DECL && m != SG_MUT_DEL_CMD && m != SG_MUT_SCOPE && m != SG_MUT_DT
                && m != SG_MUT_ANNOT)
              fail_msg ("mutator %s site %u: %s\n%s", sg_mutator_name ((sg_mutator) m), i, t.err, b.s);
            tp_free (&t);
          }
        free (all);
        sg_buf_free (&b);
        sg_round_close (&r);
      }
  assert_true (built > 100);
  (void) ill;
}

/* The site of mutator m whose candidate contains `want` and not `gone`. */
static void
expect_candidate (const char *in, sg_mutator m, const char *want, const char *gone)
{
  sg_round r;
  sg_diag d;
  sg_diag_init (&d, "in.smt2");
  assert_int_equal (sg_round_open (&r, in, strlen (in), "in.smt2", &d), SG_RC_OK);
  assert_int_equal (sg_round_sites (&r, m), SG_RC_OK);
  sg_buf b;
  sg_buf_init (&b);
  bool found = false;
  for (uint32_t i = 0; i < r.sites.n && !found; i++)
    if (!sg_round_build (&r, &i, 1, &b) && strstr (sg_buf_cstr (&b), want)
        && (!gone || !strstr (b.s, gone)))
      found = true;
  if (!found && r.sites.n && !sg_round_build (&r, (uint32_t[]){0}, 1, &b)) print_message ("%s\n", b.s);
  if (!found) fail_msg ("%s: no candidate with '%s'", sg_mutator_name (m), want);
  sg_buf_free (&b);
  sg_round_close (&r);
}

static void
test_mutators_do_their_job (void **state)
{
  (void) state;
  const char *a = inputs[0], *b = inputs[1];
  expect_candidate (a, SG_MUT_LET, "(> (+ x 1) 12345)", "(let");
  /* one binding of a let with two: the other binding stays */
  expect_candidate ("(declare-fun x () Int)\n(declare-fun y () Int)\n"
                    "(assert (let ((a (+ x 1)) (b (* y 2))) (< b a)))\n",
                    SG_MUT_LET, "(let ((a (+ x 1))) (< (* y 2) a))", NULL);
  expect_candidate ("(declare-fun x () Int)\n(declare-fun y () Int)\n"
                    "(assert (let ((a (+ x 1)) (b (* y 2))) (< b a)))\n",
                    SG_MUT_LET, "(let ((b (* y 2))) (< b (+ x 1)))", NULL);
  /* (= x u): x eliminated everywhere */
  expect_candidate ("(declare-fun x () Int)\n(declare-fun y () Int)\n(assert (and (= x (+ y 1)) (> x 3)))\n",
                    SG_MUT_ELIM, "(> (+ y 1) 3)", NULL);
  expect_candidate ("(declare-fun x () Int)\n(declare-fun y () Int)\n(assert (> (+ y 1) 3))\n",
                    SG_MUT_VAR, "(> x 3)", NULL);
  expect_candidate (a, SG_MUT_INLINE, "(= w (+ z (* 2 x)))", NULL);
  expect_candidate (a, SG_MUT_CONST, "(assert false)", NULL);
  expect_candidate (a, SG_MUT_CONST, "#b00000000", NULL);
  expect_candidate (a, SG_MUT_CHILD, "(w (select a x))) (not (not (= w", NULL);
  expect_candidate (a, SG_MUT_FRESH, " () Bool)\n(assert (let", NULL);
  expect_candidate (a, SG_MUT_MERGE, "(and (< x 5) (> x 1) (> x 2))", NULL);
  expect_candidate (a, SG_MUT_DROP, "(or (> x 0)", "(or (> x 0) (and");
  expect_candidate (a, SG_MUT_ANNOT, "(assert (or (> x 0)", ":named");
  expect_candidate (a, SG_MUT_BOOL, "(= w (f z x))", "(not (not");
  expect_candidate ("(declare-fun p (Int) Bool)\n(assert (forall ((u Int) (v Int) (w Bool)) (p v)))\n",
                    SG_MUT_BOOL, "(forall ((v Int)) (p v))", "(u Int)");
  expect_candidate ("(declare-fun p () Bool)\n(declare-fun q () Bool)\n(assert (ite p false true))\n",
                    SG_MUT_BOOL, "(assert (not p))", NULL);
  expect_candidate ("(declare-fun p () Bool)\n(declare-fun q () Bool)\n(assert (ite p q false))\n",
                    SG_MUT_BOOL, "(assert (and p q))", NULL);
  expect_candidate (a, SG_MUT_ARITH, "12345", NULL);
  expect_candidate (a, SG_MUT_ARITH, "(> z 12)", NULL);
  expect_candidate ("(declare-fun x () Int)\n(assert (>= x 2))\n", SG_MUT_ARITH, "(> x 2)", NULL);
  expect_candidate (a, SG_MUT_BV, "((_ zero_extend 4) bv", NULL);
  expect_candidate (a, SG_MUT_SCOPE, "(assert (! (or", "(push");
  expect_candidate (a, SG_MUT_CHECKSAT, "(check-sat)\n(check-sat)\n", "assuming");
  /* incremental scripts (issue 52): one assumption or get-value term at a time; a named
   * assertion goes with its name's uses as assumptions (else the name is undefined) */
  static const char csa[] = "(declare-const p Bool)\n(declare-const q Bool)\n(assert (! (or p q) :named n))\n"
                            "(check-sat-assuming (p (not q) (not n)))\n(get-value (p q))\n";
  expect_candidate (csa, SG_MUT_ASSUME, "(check-sat-assuming ((not q) (not n)))", NULL);
  expect_candidate (csa, SG_MUT_ASSUME, "(check-sat-assuming (p (not q)))", NULL);
  expect_candidate (csa, SG_MUT_ASSUME, "(get-value (q))", NULL);
  expect_candidate (csa, SG_MUT_NAMED, "(check-sat-assuming (p (not q)))", ":named");
  expect_candidate (a, SG_MUT_NAMED, "(check-sat-assuming ())", ":named n1");
  expect_candidate (a, SG_MUT_NAMES, "(declare-fun c () Int)", "long_name_y");
  expect_candidate ("(declare-sort Thing 0)\n(declare-fun p (Thing) Bool)\n"
                    "(assert (forall ((element Thing)) (p element)))\n",
                    SG_MUT_NAMES, "(forall ((b a)) (p b))", "Thing");
  expect_candidate ("(declare-fun p (Int) Bool)\n(assert (forall ((element Int)) (p element)))\n",
                    SG_MUT_NAMES, "(forall ((a Int)) (p a))", NULL);
  expect_candidate (a, SG_MUT_LOGIC, "(set-logic QF_ABVLIA)", NULL);
  expect_candidate (a, SG_MUT_LOGIC, "(set-logic QF_AUFLIA)", NULL);
  expect_candidate (b, SG_MUT_FP, "((_ to_fp 8 24) RNE fp", NULL);
  expect_candidate (b, SG_MUT_STRING, "\"hello\"", NULL);
  expect_candidate (b, SG_MUT_DEL_CMD, "(check-sat)", "(set-logic");
  /* the unused constructor `other` goes; nil/cons stay (used in the match) */
}

/* ---- whole reductions with a command predicate ------------------------------------------------- */

static char tmpdir[256];

static void
mk_tmp (void)
{
  snprintf (tmpdir, sizeof tmpdir, "/tmp/sg-reduce-test-XXXXXX");
  assert_non_null (mkdtemp (tmpdir));
}

static void
rm_tmp (void)
{
  char cmd[512];
  snprintf (cmd, sizeof cmd, "%s/out.smt2", tmpdir);
  unlink (cmd);
  snprintf (cmd, sizeof cmd, "%s/log", tmpdir);
  unlink (cmd);
  snprintf (cmd, sizeof cmd, "%s/in.smt2", tmpdir);
  unlink (cmd);
  rmdir (tmpdir);
}

static char *
read_all (const char *path, size_t *len)
{
  FILE *f = fopen (path, "rb");
  if (!f) return NULL;
  char *buf = malloc (1 << 22);
  *len = fread (buf, 1, (1 << 22) - 1, f);
  buf[*len] = 0;
  fclose (f);
  return buf;
}

static void
reduce_with (const char *in, const char *const *argv, sg_strategy strat, uint32_t jobs,
             sg_reduce_stats *st, char **out)
{
  sg_pred p;
  sg_pred_init (&p);
  for (const char *const *w = argv; *w; w++) SG_VEC_PUSH (p.main.argv, strdup (*w));
  sg_diag d;
  sg_diag_init (&d, "t");
  assert_int_equal (sg_pred_prepare_cmd (&p, &d), SG_RC_OK);
  char inpath[300], outpath[300];
  snprintf (inpath, sizeof inpath, "%s/in.smt2", tmpdir);
  snprintf (outpath, sizeof outpath, "%s/out.smt2", tmpdir);
  assert_int_equal (sg_file_write_atomic (inpath, in, strlen (in), false), SG_RC_OK);
  tparse t;
  tp_parse (&t, in);
  assert_int_equal (t.rc, SG_RC_OK);
  assert_int_equal (sg_pred_golden (&p, inpath, in, strlen (in), &t.s, &t.sc, &d), SG_RC_OK);
  tp_free (&t);
  sg_reduce_opts o = { strat, jobs, 0, false, false, 0 };
  assert_int_equal (sg_reduce (&p, in, strlen (in), inpath, outpath, &o, st, &d), SG_RC_OK);
  size_t len = 0;
  *out = read_all (outpath, &len);
  assert_non_null (*out);
  assert_int_equal (len, st->out_bytes);
  /* the result parses and sort-checks, and still fails */
  tp_parse (&t, *out);
  if (t.rc) fail_msg ("output does not parse: %s\n%s", t.err, *out);
  uint32_t runs;
  assert_true (sg_pred_test (&p, outpath, *out, len, &t.s, &t.sc, &runs, NULL));
  tp_free (&t);
  sg_pred_free (&p);
}

static void
test_reduce_grep (void **state)
{
  (void) state;
  mk_tmp ();
  const char *argv[] = { "grep", "-q", "bvmul", NULL };
  sg_strategy strats[] = { SG_STRAT_DDMIN, SG_STRAT_HIER, SG_STRAT_HYBRID };
  for (int k = 0; k < 3; k++)
    {
      sg_reduce_stats st;
      char *out;
      reduce_with (inputs[0], argv, strats[k], k == 2 ? 2 : 1, &st, &out);
      assert_non_null (strstr (out, "bvmul"));
      /* what is left: the declaration of b and one assert around bvmul */
      if (st.out_bytes * 4 > st.in_bytes) fail_msg ("strategy %d: %llu -> %llu bytes:\n%s", k,
                                                    (unsigned long long) st.in_bytes,
                                                    (unsigned long long) st.out_bytes, out);
      assert_true (st.checks > 0 && st.checks == st.runs);
      free (out);
    }
  rm_tmp ();
}

/* Every candidate that reaches the command parses: a logging predicate copies each file it is
 * given into a log, and the test parses them all. */
static void
test_only_well_sorted_candidates_run (void **state)
{
  (void) state;
  mk_tmp ();
  char script[600];
  snprintf (script, sizeof script,
            "{ cat \"$0\"; echo '; ---- end'; } >> %s/log; grep -q 'fp.add' \"$0\"", tmpdir);
  const char *argv[] = { "/bin/sh", "-c", script, NULL };
  sg_reduce_stats st;
  char *out;
  reduce_with (inputs[1], argv, SG_STRAT_HYBRID, 1, &st, &out);
  assert_non_null (strstr (out, "fp.add"));
  assert_true (st.out_bytes * 3 < st.in_bytes);
  assert_true (st.ill_sorted > 0); /* some candidates were rejected before running */
  char logp[300];
  snprintf (logp, sizeof logp, "%s/log", tmpdir);
  size_t len = 0;
  char *log = read_all (logp, &len);
  assert_non_null (log);
  uint32_t seen = 0;
  for (char *p = log, *e; (e = strstr (p, "; ---- end\n")); p = e + 11)
    {
      *e = 0;
      tparse t;
      tp_parse (&t, p);
      if (t.rc) fail_msg ("a candidate that does not parse was run: %s\n%s", t.err, p);
      tp_free (&t);
      seen++;
    }
  /* the golden run, the checks, and the final check of reduce_with */
  assert_int_equal (seen, st.checks + 2);
  free (log);
  free (out);
  rm_tmp ();
}

/* ddSMT 2.x semantics: exit code and outputs, match and regex variants, timeouts never count. */
static void
test_command_semantics (void **state)
{
  (void) state;
  mk_tmp ();
  const char *in = "(declare-fun x () Int)\n(assert (> x 1))\n(assert (< x 7))\n(check-sat)\n";
  char inpath[300];
  snprintf (inpath, sizeof inpath, "%s/in.smt2", tmpdir);
  assert_int_equal (sg_file_write_atomic (inpath, in, strlen (in), false), SG_RC_OK);
  tparse t;
  tp_parse (&t, in);
  struct { const char *sh; const char *mo, *ro; bool ign; bool golden_ok; } cases[] = {
    { "echo out; echo err >&2; exit 3", NULL, NULL, false, true },
    { "echo out $RANDOM$RANDOM; exit 3", "out", NULL, false, true },
    { "echo out $RANDOM$RANDOM; exit 3", NULL, "^out [0-9]+$", false, true },
    { "echo out $RANDOM$RANDOM; exit 3", NULL, NULL, true, true },
    { "echo out; exit 3", "nothere", NULL, false, false },
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
    {
      sg_pred p;
      sg_pred_init (&p);
      SG_VEC_PUSH (p.main.argv, strdup ("/bin/bash"));
      SG_VEC_PUSH (p.main.argv, strdup ("-c"));
      SG_VEC_PUSH (p.main.argv, strdup (cases[k].sh));
      p.main.match_out = cases[k].mo;
      p.main.regex_out = cases[k].ro;
      p.main.ignore_out = cases[k].ign;
      sg_diag d;
      sg_diag_init (&d, "t");
      assert_int_equal (sg_pred_prepare_cmd (&p, &d), SG_RC_OK);
      sg_rc rc = sg_pred_golden (&p, inpath, in, strlen (in), &t.s, &t.sc, &d);
      assert_int_equal (rc, cases[k].golden_ok ? SG_RC_OK : SG_RC_USAGE);
      if (!rc)
        {
          uint32_t runs;
          /* same behaviour again: still failing */
          assert_true (sg_pred_test (&p, inpath, in, strlen (in), &t.s, &t.sc, &runs, NULL));
          /* a different exit code is never the same failure */
          sg_pred q;
          sg_pred_init (&q);
          SG_VEC_PUSH (q.main.argv, strdup ("/bin/sh"));
          SG_VEC_PUSH (q.main.argv, strdup ("-c"));
          SG_VEC_PUSH (q.main.argv, strdup ("echo out; exit 4"));
          q.main.g_end = p.main.g_end;
          q.main.g_code = p.main.g_code;
          q.main.timeout_s = 5;
          q.main.ignore_out = q.main.ignore_err = true;
          bool unstarted = true;
          assert_false (sg_pred_test (&q, inpath, in, strlen (in), &t.s, &t.sc, &runs, &unstarted));
          assert_false (unstarted);
          /* a command that can no longer be started: never holds, and says so */
          free (q.main.argv.a[0]);
          q.main.argv.a[0] = strdup ("/nonexistent/sg-no-such-shell");
          assert_false (sg_pred_test (&q, inpath, in, strlen (in), &t.s, &t.sc, &runs, &unstarted));
          assert_true (unstarted);
          sg_pred_free (&q);
        }
      sg_pred_free (&p);
    }
  /* the default timeout is (golden + 1) * 1.5; a hang is never "still failing" */
  sg_pred p;
  sg_pred_init (&p);
  SG_VEC_PUSH (p.main.argv, strdup ("/bin/sh"));
  SG_VEC_PUSH (p.main.argv, strdup ("-c"));
  SG_VEC_PUSH (p.main.argv, strdup ("grep -q '(check-sat)' \"$0\" || sleep 30"));
  sg_diag d;
  sg_diag_init (&d, "t");
  assert_int_equal (sg_pred_prepare_cmd (&p, &d), SG_RC_OK);
  assert_int_equal (sg_pred_golden (&p, inpath, in, strlen (in), &t.s, &t.sc, &d), SG_RC_OK);
  assert_true (p.main.timeout_s >= 1.5 && p.main.timeout_s < 2.0);
  const char *hang = "(declare-fun x () Int)\n";
  assert_int_equal (sg_file_write_atomic (inpath, hang, strlen (hang), false), SG_RC_OK);
  uint32_t runs;
  assert_false (sg_pred_test (&p, inpath, hang, strlen (hang), &t.s, &t.sc, &runs, NULL));
  sg_pred_free (&p);
  tp_free (&t);
  rm_tmp ();
}

/* Deep input: the mutators and the candidate builder never recurse on depth. */
static void
test_deep_input (void **state)
{
  (void) state;
  mk_tmp ();
  size_t n = 50000;
  sg_buf b;
  sg_buf_init (&b);
  sg_buf_adds (&b, "(declare-fun x () Int)\n(assert (> ");
  for (size_t i = 0; i < n; i++) sg_buf_adds (&b, "(+ 1 ");
  sg_buf_adds (&b, "x");
  for (size_t i = 0; i < n; i++) sg_buf_addc (&b, ')');
  sg_buf_adds (&b, " 0))\n(assert (= x 17))\n(check-sat)\n");
  const char *argv[] = { "grep", "-q", "17", NULL };
  sg_reduce_stats st;
  char *out;
  reduce_with (sg_buf_cstr (&b), argv, SG_STRAT_DDMIN, 1, &st, &out);
  assert_true (st.out_bytes < 100);
  free (out);
  sg_buf_free (&b);
  rm_tmp ();
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_json),
    cmocka_unit_test (test_every_candidate_parses),
    cmocka_unit_test (test_mutators_do_their_job),
    cmocka_unit_test (test_reduce_grep),
    cmocka_unit_test (test_only_well_sorted_candidates_run),
    cmocka_unit_test (test_command_semantics),
    cmocka_unit_test (test_deep_input),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
