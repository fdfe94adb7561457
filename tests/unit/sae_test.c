/* sae_test: Sparrow without solvers — the CNF (Tseitin, lifting out of ite conditions, Boolean
 * equalities and UF arguments, let expansion, depth without recursion), the direction of every
 * replaced literal (PST by sign, duals for negated atoms, LPI), unusable seeds, and the corpus
 * property: 5,000 mutants of labelled corpus seeds all type-check under our front end. */
#include <stdio.h>
#include <stdlib.h>

#include "mutant_util.h"
#include "tech/approx/sae.h"
#include "tech/tech.h"

static void
prepare (sg_sae *e, const char *text)
{
  sg_diag d;
  sg_diag_init (&d, "t.smt2");
  sg_rc rc = sg_sae_prepare (e, text, strlen (text), "t.smt2", &d);
  if (rc)
    {
      char m[700];
      sg_diag_format (&d, m, sizeof m);
      fail_msg ("prepare: %s", m);
    }
}

/* The text parses (type-checks) in a fresh store. */
static void
reparse (const char *text)
{
  tparse t;
  tp_parse (&t, text);
  if (t.rc) fail_msg ("does not parse: %s\n%s", t.err, text);
  tp_free (&t);
}

static void
test_cnf_lifting (void **state)
{
  (void) state;
  sg_sae e;
  prepare (&e, "(set-logic QF_UFLIA)(declare-fun f (Bool) Int)(declare-const x Int)"
               "(declare-const y Int)(declare-const p Bool)\n"
               "(assert (let ((z (+ x 1))) (> (ite (< x y) z y) (f (= x 3)))))\n"
               "(assert (= p (and (< x 5) (> y 2))))\n"
               "(assert (or (xor p (< y 0)) (=> p (distinct x y))))\n"
               "(check-sat)\n(get-model)\n");
  sg_buf b;
  sg_buf_init (&b);
  assert_int_equal (sg_sae_print_cnf (&e, &b), SG_RC_OK);
  const char *t = sg_buf_cstr (&b);
  reparse (t);
  /* The let is gone; the ite condition and the UF argument are variables of the skeleton. */
  assert_null (strstr (t, "(let"));
  assert_null (strstr (t, "(ite (< x y)"));
  assert_null (strstr (t, "(f (= x 3))"));
  assert_non_null (strstr (t, "(ite sae_b"));
  assert_non_null (strstr (t, "(f sae_b"));
  /* The lifted atoms occur as literals of clauses. */
  assert_non_null (strstr (t, "(< x y)"));
  assert_non_null (strstr (t, "(= x 3)"));
  assert_non_null (strstr (t, "(< x 5)"));
  /* Every assert is a clause: no connective but or/not at the top. */
  assert_null (strstr (t, "(assert (and"));
  assert_null (strstr (t, "(assert (xor"));
  assert_null (strstr (t, "(assert (=>"));
  /* get-model stays after check-sat. */
  const char *cs = strstr (t, "(check-sat)");
  assert_non_null (cs);
  assert_non_null (strstr (cs, "(get-model)"));
  assert_true (e.cnf.lifted >= 2);
  sg_buf_free (&b);
  sg_sae_free (&e);
}

/* Over-approximating (< x y) with PST only gives the rows of the table, and the negated
 * literal (not (< x y)) gets the duals: negations of under-approximations of (< x y). */
static void
test_pst_direction (void **state)
{
  (void) state;
  sg_sae e;
  prepare (&e, "(set-logic QF_LIA)(declare-const x Int)(declare-const y Int)"
               "(assert (< x y))(assert (or (not (< y x)) (= x 4)))(check-sat)\n");
  sg_sae_opts o = { 1, 100 };
  sg_rng r;
  sg_rng_seed (&r, 7);
  unsigned le = 0, ne = 0, dual = 0, eqo = 0;
  for (int i = 0; i < 300; i++)
    {
      sg_buf b, d;
      sg_buf_init (&b);
      sg_buf_init (&d);
      assert_int_equal (sg_sae_mutant (&e, &o, SG_SAE_OVER, &r, &b, &d, NULL), SG_RC_OK);
      const char *t = sg_buf_cstr (&b);
      reparse (t);
      le += strstr (t, "(assert (<= x y))") != NULL;
      ne += strstr (t, "(assert (distinct x y))") != NULL;
      dual += strstr (t, "(not (< (+ y ") != NULL;
      eqo += strstr (t, "(<= x 4)") != NULL || strstr (t, "(>= x 4)") != NULL;
      /* Never an under-approximation of a positive atom. */
      assert_null (strstr (t, "(assert (< (+ x"));
      sg_buf_free (&b);
      sg_buf_free (&d);
    }
  assert_true (le > 10 && ne > 10 && dual > 10 && eqo > 10);
  /* Under-approximation (unsat seed direction). */
  unsigned shift = 0;
  for (int i = 0; i < 200; i++)
    {
      sg_buf b, d;
      sg_buf_init (&b);
      sg_buf_init (&d);
      assert_int_equal (sg_sae_mutant (&e, &o, SG_SAE_UNDER, &r, &b, &d, NULL), SG_RC_OK);
      const char *t = sg_buf_cstr (&b);
      reparse (t);
      shift += strstr (t, "(assert (< (+ x ") != NULL;
      assert_null (strstr (t, "(assert (<= x y))"));
      assert_null (strstr (t, "(assert (distinct x y))"));
      sg_buf_free (&b);
      sg_buf_free (&d);
    }
  assert_true (shift > 10);
  sg_sae_free (&e);
}

/* LPI only: the literal is kept, joined with a snippet by or (over) / and (under); snippets use
 * the seed's own constants and never divide by zero. */
static void
test_lpi (void **state)
{
  (void) state;
  sg_sae e;
  prepare (&e, "(set-logic QF_NIA)(declare-const x Int)(declare-const y Int)(declare-fun q () Bool)"
               "(assert (or q (> (* x y) 3)))(check-sat)\n");
  sg_sae_opts o = { 2, 0 };
  o.pst_pct = 1; /* mostly LPI */
  sg_rng r;
  sg_rng_seed (&r, 11);
  unsigned ors = 0, ands = 0;
  for (int i = 0; i < 200; i++)
    {
      sg_buf b, d;
      sg_buf_init (&b);
      sg_buf_init (&d);
      sg_sae_dir dir = i % 2 ? SG_SAE_UNDER : SG_SAE_OVER;
      assert_int_equal (sg_sae_mutant (&e, &o, dir, &r, &b, &d, NULL), SG_RC_OK);
      const char *t = sg_buf_cstr (&b);
      reparse (t);
      if (strstr (sg_buf_cstr (&d), "LPI"))
        {
          if (dir == SG_SAE_OVER) ors += strstr (t, "(or q (") != NULL || strstr (t, "(or (> (* x y) 3)") != NULL;
          else ands += strstr (t, "(and q ") != NULL || strstr (t, "(and (> (* x y) 3)") != NULL;
        }
      assert_null (strstr (t, "(div x 0)"));
      assert_null (strstr (t, "(mod x 0)"));
      assert_null (strstr (t, "(div y 0)"));
      assert_null (strstr (t, "(mod y 0)"));
      sg_buf_free (&b);
      sg_buf_free (&d);
    }
  assert_true (ors > 10 && ands > 10);
  sg_sae_free (&e);
}

/* FP: `=` has no rule (LPI only), fp.eq has; BV signed le gets the corrected under rule. */
static void
test_fp_bv_rules (void **state)
{
  (void) state;
  sg_sae e;
  prepare (&e, "(set-logic QF_BVFP)(declare-const a (_ FloatingPoint 5 11))"
               "(declare-const b (_ FloatingPoint 5 11))(declare-const u (_ BitVec 8))"
               "(declare-const v (_ BitVec 8))"
               "(assert (= a b))(assert (fp.eq a b))(assert (bvsle u v))(check-sat)\n");
  sg_sae_opts o = { 3, 100 };
  sg_rng r;
  sg_rng_seed (&r, 3);
  unsigned slt = 0;
  for (int i = 0; i < 200; i++)
    {
      sg_buf b, d;
      sg_buf_init (&b);
      sg_buf_init (&d);
      assert_int_equal (sg_sae_mutant (&e, &o, SG_SAE_UNDER, &r, &b, &d, NULL), SG_RC_OK);
      const char *t = sg_buf_cstr (&b);
      reparse (t);
      assert_null (strstr (t, "(fp.leq a a"));   /* no FP rule on `=` ... */
      assert_null (strstr (t, "(bvsgt u v)"));   /* the unsound printed row */
      slt += strstr (t, "(assert (bvslt u v))") != NULL;
      sg_buf_free (&b);
      sg_buf_free (&d);
    }
  assert_true (slt > 5);
  sg_sae_free (&e);
}

static void
test_unusable (void **state)
{
  (void) state;
  const char *bad[] = {
    "(declare-const x Int)(assert (> x 0))(check-sat)(assert (< x 0))(check-sat)",
    "(declare-const x Int)(push 1)(assert (> x 0))(check-sat)",
    "(declare-const x Bool)(assert true)(check-sat)",
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      sg_sae e;
      sg_diag d;
      sg_diag_init (&d, "t");
      assert_int_equal (sg_sae_prepare (&e, bad[i], strlen (bad[i]), "t", &d), SG_RC_USAGE);
      assert_false (e.live);
    }
}

/* 80,000 nested ands/ors and a 40,000-deep let chain: no recursion on depth. */
static void
test_deep (void **state)
{
  (void) state;
  enum { N = 40000 };
  sg_buf b;
  sg_buf_init (&b);
  sg_buf_adds (&b, "(declare-const x Int)(declare-const p Bool)(assert ");
  for (int i = 0; i < N; i++) sg_buf_printf (&b, "(and (< x %d) (or p ", i);
  sg_buf_adds (&b, "(> x 0)");
  for (int i = 0; i < N; i++) sg_buf_adds (&b, "))");
  sg_buf_adds (&b, ")\n(assert ");
  sg_buf_adds (&b, "(let ((v0 (+ x 1))) ");
  for (int i = 1; i < N; i++) sg_buf_printf (&b, "(let ((v%d (+ v%d 1))) ", i, i - 1);
  sg_buf_printf (&b, "(> v%d 0)", N - 1);
  for (int i = 0; i < N; i++) sg_buf_adds (&b, ")");
  sg_buf_adds (&b, ")\n(check-sat)\n");
  assert_true (sg_buf_ok (&b));
  sg_sae e;
  prepare (&e, sg_buf_cstr (&b));
  assert_true (sg_cnf_clauses (&e.cnf) >= N);
  sg_sae_opts o = { 3, 0 };
  sg_rng r;
  sg_rng_seed (&r, 1);
  sg_buf m, d;
  sg_buf_init (&m);
  sg_buf_init (&d);
  assert_int_equal (sg_sae_mutant (&e, &o, SG_SAE_OVER, &r, &m, &d, NULL), SG_RC_OK);
  assert_true (m.len > 0);
  sg_buf_free (&m);
  sg_buf_free (&d);
  sg_buf_free (&b);
  sg_sae_free (&e);
}

/* ---- corpus property: 5,000 mutants type-check --------------------------------------- */

typedef struct lbl { char *path; sg_answer status; } lbl;
typedef SG_VEC (lbl) lbl_vec;

static void
read_labels (const char *corpus, lbl_vec *out)
{
  FILE *ix = corpus_index_open (corpus, "sae_test");
  char line[8192];
  while (fgets (line, sizeof line, ix))
    {
      char *c[4] = { 0 };
      unsigned n = 0;
      for (char *p = line; p && n < 4; n++) { c[n] = p; p = strchr (p, '\t'); if (p) *p++ = 0; }
      if (n < 3) continue;
      sg_answer a = !strcmp (c[2], "sat") ? SG_ANS_SAT : !strcmp (c[2], "unsat") ? SG_ANS_UNSAT : SG_ANS_NONE;
      if (a == SG_ANS_NONE) continue;
      lbl l = { strdup (c[0]), a };
      assert_true (SG_VEC_PUSH (*out, l));
    }
  fclose (ix);
}

static void
test_corpus_typecheck (void **state)
{
  (void) state;
  enum { TARGET = 5000, PER_SEED = 3 };
  const char *corpus = corpus_dir ();
  lbl_vec ls = { 0 };
  read_labels (corpus, &ls);
  assert_true (ls.n >= 1000);
  const sg_technique *tech = sg_technique_find ("sae");
  assert_non_null (tech);
  assert_true (tech->needs_status);
  sg_tech_cfg cfg = { .chain = PER_SEED, .per_step = 3, .data_file = NULL };
  void *st = NULL;
  sg_diag d;
  sg_diag_init (&d, "sae");
  assert_int_equal (tech->init (&cfg, NULL, &st, &d), SG_RC_OK);
  sg_rng rng;
  sg_rng_seed (&rng, 20261122);
  sg_tech_mutant m;
  sg_buf_init (&m.text);
  sg_buf_init (&m.desc);
  unsigned mutants = 0, seeds = 0, skipped = 0, rounds = 0, lpi = 0, pst = 0;
  double t0 = now_s ();
  while (mutants < TARGET && rounds++ < 10)
    for (uint32_t k = 0; k < ls.n && mutants < TARGET; k++)
      {
        char path[8400];
        snprintf (path, sizeof path, "%s/%s", corpus, ls.a[k].path);
        size_t len = 0;
        char *text = slurp (path, &len);
        assert_non_null (text);
        sg_tech_seed seed = { ls.a[k].path, text, len, ls.a[k].status, NULL, { "" }, { 0 } };
        const sg_tech_seed *sp = &seed;
        sg_diag_init (&d, ls.a[k].path);
        if (tech->begin (st, &sp, &rng, &d)) { skipped += rounds == 1; free (text); continue; }
        seeds += rounds == 1;
        for (;;)
          {
            sg_rc rc = tech->next (st, &rng, &m, &d);
            if (rc == SG_RC_EOF) break;
            if (rc)
              {
                char msg[700];
                sg_diag_format (&d, msg, sizeof msg);
                fail_msg ("%s: %s", ls.a[k].path, msg);
              }
            assert_int_equal (m.expected, ls.a[k].status);
            mutants++;
            lpi += strstr (sg_buf_cstr (&m.desc), "LPI") != NULL;
            pst += strstr (sg_buf_cstr (&m.desc), "PST") != NULL;
            /* By length: a seed's string literal may hold a NUL byte. */
            tparse t;
            assert_int_equal (sg_store_init (&t.s), SG_RC_OK);
            sg_script_init (&t.sc, &t.s);
            sg_diag_init (&t.d, "t.smt2");
            t.rc = sg_parse_string (&t.s, &t.sc, m.text.s, m.text.len, "t.smt2", &t.d);
            if (t.rc) sg_diag_format (&t.d, t.err, sizeof t.err);
            if (t.rc)
              fail_msg ("%s: mutant %u does not type-check: %s\n(%s)", ls.a[k].path, mutants,
                        t.err, sg_buf_cstr (&m.desc));
            tp_free (&t);
          }
        free (text);
      }
  fprintf (stderr, "sae_test: %u mutants of %u labelled seeds (%u skipped) in %.1f s, all type-check; "
           "%u with PST, %u with LPI\n", mutants, seeds, skipped, now_s () - t0, pst, lpi);
  assert_true (mutants >= TARGET);
  assert_true (pst > TARGET / 5 && lpi > TARGET / 5);
  tech->free (st);
  sg_buf_free (&m.text);
  sg_buf_free (&m.desc);
  for (uint32_t k = 0; k < ls.n; k++) free (ls.a[k].path);
  SG_VEC_FREE (ls);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_cnf_lifting),   cmocka_unit_test (test_pst_direction),
    cmocka_unit_test (test_lpi),           cmocka_unit_test (test_fp_bv_rules),
    cmocka_unit_test (test_unusable),      cmocka_unit_test (test_deep),
    cmocka_unit_test (test_corpus_typecheck),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
