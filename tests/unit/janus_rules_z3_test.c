/* janus_rules_z3_test: every Janus rule is sound, checked mechanically with z3 and cvc5. For each
 * row of src/tech/approx/janus_rules.def and each direction it is used in (weaken: strong -> weak;
 * strengthen: weak -> strong; equivalences both ways), random instances of the matched side are
 * built over symbolic constants (Int and Real rows both), the rule is applied by the engine
 * itself (sg_janus_apply: the real matching, parameters and building), and
 * OLD ∧ ¬NEW (weaken), NEW ∧ ¬OLD (strengthen) or OLD ≠ NEW (equivalences) is sent to both
 * solvers. Any `sat` fails the test (an unsound rule) and prints the query; every row must be
 * applied in each of its directions and decided unsat by both solvers at least once. Rules
 * built in code (homomorphism, quantifier instantiation, ∀→∃, abstraction, concat → union^n,
 * range widening) get fixed input formulas. Skipped, loudly, without z3 or cvc5. */
#include <stdio.h>
#include <stdlib.h>

#include "base/rng.h"
#include "front/occ.h"
#include "run/patterns.h"
#include "run/profile.h"
#include "run/session.h"
#include "tech/approx/janus.h"
#include "test_util.h"

#include <time.h>

static double
now_s (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

#define INSTANCES 3 /* per row, direction and numeric sort */

static const char *decls =
  "(set-logic ALL)\n"
  "(declare-const n0 Int)(declare-const n1 Int)(declare-const n2 Int)\n"
  "(declare-const m0 Real)(declare-const m1 Real)(declare-const m2 Real)\n"
  "(declare-const p0 Bool)(declare-const p1 Bool)(declare-const p2 Bool)\n"
  "(declare-const s0 String)(declare-const s1 String)(declare-const s2 String)\n"
  "(declare-const q0 (Seq Int))(declare-const q1 (Seq Int))(declare-const q2 (Seq Int))\n"
  "(declare-fun f (Int) Int)(declare-fun g (String) Int)\n";
/* Parameters come from here (the pool of closed terms); not part of the queries. */
static const char *pool =
  "(assert (or p0 p1 p2 (= n0 n1 n2) (= m0 m1 m2) (= s0 s1 s2) (= q0 q1 q2) (> (f n0) n1) (> (g s0) 0)"
  " (str.in_re s0 (re.* (str.to_re s1))) (str.in_re s1 (re.union (str.to_re \"a\") (re.range \"b\" \"d\")))))\n";

/* Inputs of the rules built in code: formulas (regular expressions appear under str.in_re). */
static const struct { const char *rule; int dir; const char *f; } special_inputs[] = {
  { "eq_homomorphism", 1, "(= n0 n1)" }, { "eq_homomorphism", 1, "(= m0 m1 m2)" },
  { "eq_homomorphism", 1, "(= s0 s1)" }, { "eq_homomorphism", 1, "(= p0 p1)" },
  { "eq_homomorphism", -1, "(= (f n0) (f n1))" }, { "eq_homomorphism", -1, "(= (str.len s0) (str.len s1))" },
  { "eq_homomorphism", -1, "(= (+ n0 3) (+ n1 3))" }, { "eq_homomorphism", -1, "(= (- m0) (- m1))" },
  { "forall_inst", 1, "(forall ((y Int)) (or (> y n0) (<= (+ y n1) n2)))" },
  { "forall_inst", 1, "(forall ((y Int) (z String)) (or (> y n0) (= (str.len z) y)))" },
  { "forall_inst", -1, "(exists ((y Int)) (and (> y n0) (< y n1)))" },
  { "forall_inst", -1, "(exists ((y Int) (z Int)) (and (> y n0) (< z y) (= (f z) n1)))" },
  { "forall_exists", 1, "(forall ((y Int)) (or (> y n0) (<= (+ y n1) n2)))" },
  { "forall_exists", -1, "(exists ((y Int)) (and (> y n0) (< y n1)))" },
  { "exists_intro", 1, "(> (+ n0 3) n1)" }, { "exists_intro", 1, "(str.prefixof s0 (str.++ s1 \"ab\"))" },
  { "exists_intro", 1, "(and p0 (< (f n0) 2))" }, { "exists_intro", -1, "(> (+ n0 3) n1)" },
  { "exists_intro", -1, "(or (< m0 1.5) (= (str.len s0) n0))" },
  { "re_concat_union_pow", 1, "(str.in_re s0 (re.++ (str.to_re \"a\") (re.* (str.to_re \"b\"))))" },
  { "re_concat_union_pow", 1, "(str.in_re s0 (re.++ (str.to_re \"a\") (re.range \"c\" \"e\") (str.to_re s1)))" },
  { "re_concat_union_pow", -1, "(str.in_re s0 (re.++ (re.union (str.to_re \"a\") (str.to_re \"bc\")) (re.union (str.to_re \"a\") (str.to_re \"bc\"))))" },
  { "re_range_widen", 1, "(str.in_re s0 (re.range \"c\" \"f\"))" },
  { "re_range_widen", 1, "(str.in_re s0 (re.range \"x\" \"c\"))" },
  { "re_range_widen", -1, "(str.in_re s0 (re.range \"c\" \"k\"))" },
};

typedef struct solvers {
  sg_profiles ps;
  sg_patterns pats;
  sg_session z3, cvc5;
  bool ok;
} solvers;

/* 1 unsat by both, 0 undecided by one, fails on sat. */
static int
ask (solvers *sv, const char *query, size_t len, const char *what)
{
  int decided = 1;
  sg_session *ss[2] = { &sv->z3, &sv->cvc5 };
  for (int k = 0; k < 2; k++)
    {
      sg_outcome o;
      sg_outcome_init (&o);
      double t0 = now_s ();
      assert_int_equal (sg_session_query (ss[k], query, len, &o), SG_RC_OK);
      if (getenv ("JANUS_SLOW") && now_s () - t0 > 0.5)
        fprintf (stderr, "SLOW %.1fs %s %s\n", now_s () - t0, k ? "cvc5" : "z3", what);
      sg_answer a = o.kind == SG_OUT_OK && o.answers.n ? (sg_answer) o.answers.a[0] : SG_ANS_NONE;
      if (a == SG_ANS_SAT)
        fail_msg ("UNSOUND %s: %s answers sat on\n%s", what, k ? "cvc5" : "z3", query);
      if (o.kind == SG_OUT_REJECTED)
        fail_msg ("%s: %s rejects the query (%s)\n%s", what, k ? "cvc5" : "z3", o.reason, query);
      if (a != SG_ANS_UNSAT) decided = 0;
      sg_outcome_free (&o);
    }
  return decided;
}

typedef struct stat { unsigned applied[2], unsat; } stat;

/* Apply row at the last assertion (its root, or the language of its str.in_re) and check. */
static void
check_at (solvers *sv, sg_janus *j, tparse *t, uint32_t row, int dir, bool lang, sg_rng *rng,
          stat *st, sg_buf *q)
{
  uint32_t nrows;
  const sg_janus_row *rows = sg_janus_rows (&nrows);
  sg_occs o = { 0 };
  assert_int_equal (sg_occ_collect (&t->sc, 1u << 20, &o), SG_RC_OK);
  uint32_t last = t->sc.cmds.n - 1, occ = SG_NONE;
  for (uint32_t i = 0; i < o.a.n; i++)
    if (o.a.a[i].cmd == last && o.a.a[i].parent == SG_NONE) occ = i;
  assert_true (occ != SG_NONE);
  sg_term old = o.a.a[occ].term;
  if (lang)
    {
      /* the language of the str.in_re */
      assert_int_equal (sg_term_op (&t->s, old), SG_OP_STR_IN_RE);
      for (uint32_t i = occ + 1; i < o.a.n; i++)
        if (o.a.a[i].parent == occ && o.a.a[i].child == 1) { occ = i; break; }
    }
  bool done = false;
  assert_int_equal (sg_janus_apply (j, &t->sc, &o, occ, row, dir, rng, &done), SG_RC_OK);
  sg_occs_free (&o);
  if (!done) return;
  st->applied[dir > 0 ? 0 : 1]++;
  sg_term neu = sg_cmd_items (&t->sc, &t->sc.cmds.a[last])[0];
  sg_buf a, b;
  sg_buf_init (&a);
  sg_buf_init (&b);
  sg_print_term (&t->s, old, NULL, &a);
  sg_print_term (&t->s, neu, NULL, &b);
  sg_buf_reset (q);
  sg_buf_adds (q, decls);
  bool equiv = rows[row].kind == SG_JANUS_EQUIV && !rows[row].special;
  if (equiv) sg_buf_printf (q, "(assert (not (= %s %s)))\n", sg_buf_cstr (&a), sg_buf_cstr (&b));
  else if (dir > 0) sg_buf_printf (q, "(assert (not (=> %s %s)))\n", sg_buf_cstr (&a), sg_buf_cstr (&b));
  else sg_buf_printf (q, "(assert (not (=> %s %s)))\n", sg_buf_cstr (&b), sg_buf_cstr (&a));
  sg_buf_adds (q, "(check-sat)\n");
  assert_true (sg_buf_ok (q));
  char what[200];
  snprintf (what, sizeof what, "rule %s (%s)", rows[row].name, dir > 0 ? "weaken" : "strengthen");
  st->unsat += (unsigned) ask (sv, q->s, q->len, what);
  sg_buf_free (&a);
  sg_buf_free (&b);
}

static void
parse_with (tparse *t, const char *extra)
{
  sg_buf b;
  sg_buf_init (&b);
  sg_buf_adds (&b, decls);
  sg_buf_adds (&b, pool);
  sg_buf_adds (&b, extra);
  tp_parse (t, sg_buf_cstr (&b));
  if (t->rc) fail_msg ("%s\n%s", t->err, sg_buf_cstr (&b));
  sg_buf_free (&b);
}

static void
test_rules_sound (void **state)
{
  (void) state;
  solvers sv;
  memset (&sv, 0, sizeof sv);
  sg_diag d;
  sg_diag_init (&d, "profiles");
  assert_int_equal (sg_profiles_init (&sv.ps, &d), SG_RC_OK);
  sg_patterns_init (&sv.pats);
  assert_int_equal (sg_patterns_add_defaults (&sv.pats), SG_RC_OK);
  sg_profile *z3 = (sg_profile *) sg_profiles_find (&sv.ps, "z3");
  sg_profile *cvc5 = (sg_profile *) sg_profiles_find (&sv.ps, "cvc5");
  const char *v;
  if (!z3 || !cvc5 || sg_profile_version (z3, &v) || sg_profile_version (cvc5, &v))
    {
      fprintf (stderr, "janus_rules_z3_test: SKIPPED: z3 or cvc5 cannot be run\n");
      sg_patterns_free (&sv.pats);
      sg_profiles_free (&sv.ps);
      skip ();
    }
  sg_session_opts so;
  memset (&so, 0, sizeof so);
  so.timeout_ms = 1500;
  so.argv.strings = true;
  assert_int_equal (sg_session_open (&sv.z3, z3, &sv.pats, &so), SG_RC_OK);
  assert_int_equal (sg_session_open (&sv.cvc5, cvc5, &sv.pats, &so), SG_RC_OK);

  sg_janus j;
  sg_diag_init (&d, "rules");
  assert_int_equal (sg_janus_init (&j, &d), SG_RC_OK);
  uint32_t nrows;
  const sg_janus_row *rows = sg_janus_rows (&nrows);
  stat *st = calloc (nrows, sizeof *st);
  sg_rng rng;
  sg_rng_seed (&rng, 6006);
  sg_buf q, ft;
  sg_buf_init (&q);
  sg_buf_init (&ft);
  unsigned queries = 0;
  const char *only = getenv ("JANUS_RULE"); /* debugging: check one rule */
  for (uint32_t r = 0; r < nrows; r++)
    {
      if (only && strcmp (only, rows[r].name)) continue;
      if (rows[r].special)
        {
          for (size_t k = 0; k < sizeof special_inputs / sizeof *special_inputs; k++)
            {
              if (strcmp (special_inputs[k].rule, rows[r].name)) continue;
              for (int rep = 0; rep < 2; rep++)
                {
                  tparse t;
                  sg_buf_reset (&ft);
                  sg_buf_printf (&ft, "(assert %s)\n", special_inputs[k].f);
                  parse_with (&t, sg_buf_cstr (&ft));
                  bool lang = !strncmp (rows[r].name, "re_", 3);
                  check_at (&sv, &j, &t, r, special_inputs[k].dir, lang, &rng, &st[r], &q);
                  queries++;
                  tp_free (&t);
                }
            }
          continue;
        }
      for (int dir = 1; dir >= -1; dir -= 2)
        for (int side = 0; side < 2; side++)
          {
            /* weaken matches the strong side, strengthen the weak one; equivalences both */
            if (rows[r].kind == SG_JANUS_IMPL && side != (dir > 0 ? 0 : 1)) continue;
            for (int inst = 0; inst < 2 * INSTANCES; inst++)
              {
                tparse t;
                parse_with (&t, "");
                sg_sort num = inst % 2 ? t.s.s_real : t.s.s_int;
                sg_term f;
                sg_rc rc = sg_janus_instance (&j, &t.sc, r, side, num, &rng, &f);
                if (rc) { tp_free (&t); continue; }
                /* the instance goes into a fresh script as the last assertion (a language
                 * under str.in_re s2) */
                bool lang = sg_term_sort (&t.s, f) == t.s.s_reglan;
                sg_buf_reset (&ft);
                sg_print_term (&t.s, f, NULL, &ft);
                char *txt = strdup (sg_buf_cstr (&ft));
                tp_free (&t);
                sg_buf_reset (&ft);
                sg_buf_printf (&ft, lang ? "(assert (str.in_re s2 %s))\n" : "(assert %s)\n", txt);
                free (txt);
                parse_with (&t, sg_buf_cstr (&ft));
                check_at (&sv, &j, &t, r, dir, lang, &rng, &st[r], &q);
                queries++;
                tp_free (&t);
              }
          }
    }
  unsigned bad = 0;
  for (uint32_t r = 0; r < nrows; r++)
    {
      /* every rule is used in both directions (implications reversed to strengthen) */
      if (only && strcmp (only, rows[r].name)) continue;
      bool applied = st[r].applied[0] > 0 && st[r].applied[1] > 0;
      if (!applied || st[r].unsat == 0)
        {
          fprintf (stderr, "janus_rules_z3_test: rule %s: applied %u weaken, %u strengthen, %u "
                   "instances unsat by both\n", rows[r].name, st[r].applied[0], st[r].applied[1],
                   st[r].unsat);
          bad++;
        }
    }
  fprintf (stderr, "janus_rules_z3_test: %u rules, %u queries, %u rules lacking a check\n", nrows,
           queries, bad);
  assert_int_equal (bad, 0);
  sg_buf_free (&q);
  sg_buf_free (&ft);
  free (st);
  sg_janus_free (&j);
  sg_session_close (&sv.z3);
  sg_session_close (&sv.cvc5);
  sg_patterns_free (&sv.pats);
  sg_profiles_free (&sv.ps);
}

int
main (void)
{
  const struct CMUnitTest tests[] = { cmocka_unit_test (test_rules_sound) };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
