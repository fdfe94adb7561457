/* sae_rules_z3_test: every PST rule of sae_rules.def is checked by z3 and cvc5. For each rule
 * and each sort of its theory (Int and Real; BitVec 4 and 8; FloatingPoint 3 5 and 5 11;
 * String), premise ∧ ¬conclusion (OVER: atom ∧ ¬result; UNDER: result ∧ ¬atom) is sent with a
 * symbolic a (a ≥ 0 for Int/Real, as the engine guarantees) and with three random literal
 * values of a. Any `sat` fails the test (the rule is unsound); so does a rule that no instance
 * proves unsat in both solvers. As a check of the checker, the four rows printed unsound in the
 * paper, and the FP rows applied to SMT `=`, must each get a `sat`. Persistent sessions of
 * run/session.h (timeout 20 s a query). Skipped, loudly, without z3 or cvc5. */
#include <stdio.h>
#include <stdlib.h>

#include "mutant_util.h"
#include "tech/approx/sae.h"

enum { RANDOM_INSTANCES = 3, GROUND_INSTANCES = 30, TIMEOUT_MS = 4000 };

typedef struct solvers {
  sg_profiles ps;
  sg_patterns pats;
  sg_session sess[2];
  const char *names[2];
} solvers;

static const char *
sorts_of (sg_sae_theory th, int i)
{
  static const char *const arith[] = { "Int", "Real" };
  static const char *const bv[] = { "(_ BitVec 4)", "(_ BitVec 8)" };
  /* cvc5 1.0.3 supports only Float32 and Float64 in its default mode. */
  static const char *const fp[] = { "(_ FloatingPoint 8 24)", "(_ FloatingPoint 11 53)" };
  switch (th)
    {
    case SG_SAE_ARITH: return i < 2 ? arith[i] : NULL;
    case SG_SAE_BVU: case SG_SAE_BVS: return i < 2 ? bv[i] : NULL;
    case SG_SAE_FP: return i < 2 ? fp[i] : NULL;
    default: return i < 1 ? "String" : NULL;
    }
}

static void
bits (sg_rng *r, unsigned n, sg_buf *b)
{
  sg_buf_adds (b, "#b");
  for (unsigned i = 0; i < n; i++) sg_buf_addc (b, sg_rng_chance (r, 1, 2) ? '1' : '0');
}

/* A random literal of the sort (Int/Real non-negative). */
static void
literal (sg_rng *r, const char *sort, sg_buf *b)
{
  unsigned w, eb, sb;
  if (!strcmp (sort, "Int")) sg_buf_printf (b, "%u", (unsigned) sg_rng_below (r, 20));
  else if (!strcmp (sort, "Real")) sg_buf_printf (b, "%u.5", (unsigned) sg_rng_below (r, 20));
  else if (!strcmp (sort, "String"))
    {
      sg_buf_addc (b, '"');
      for (unsigned i = 0, n = (unsigned) sg_rng_below (r, 4); i < n; i++) sg_buf_addc (b, (char) ('a' + sg_rng_below (r, 2)));
      sg_buf_addc (b, '"');
    }
  else if (sscanf (sort, "(_ BitVec %u)", &w) == 1) bits (r, w, b);
  else if (sscanf (sort, "(_ FloatingPoint %u %u)", &eb, &sb) == 2)
    {
      sg_buf_adds (b, "(fp ");
      bits (r, 1, b);
      sg_buf_addc (b, ' ');
      bits (r, eb, b);
      sg_buf_addc (b, ' ');
      bits (r, sb - 1, b);
      sg_buf_addc (b, ')');
    }
}

/* The query premise ∧ ¬conclusion for one instance (lit NULL: symbolic a; xl, yl: ground x
 * and y, or NULL). */
static void
query (const sg_sae_rule *ru, const char *sort, const char *lit, const char *xl, const char *yl,
       sg_buf *q)
{
  sg_buf_reset (q);
  sg_buf_printf (q, "(set-logic ALL)\n(declare-const x %s)\n(declare-const y %s)\n(declare-const a %s)\n",
                 sort, sort, sort);
  if (xl) sg_buf_printf (q, "(assert (= x %s))\n(assert (= y %s))\n", xl, yl);
  if (lit) sg_buf_printf (q, "(assert (= a %s))\n", lit);
  else if (ru->theory == SG_SAE_ARITH) sg_buf_adds (q, "(assert (>= a 0))\n");
  char atom[128];
  snprintf (atom, sizeof atom, ru->neg ? "(not (%s x y))" : "(%s x y)", ru->atom);
  if (ru->dir == SG_SAE_OVER) sg_buf_printf (q, "(assert %s)\n(assert (not %s))\n", atom, ru->tmpl);
  else sg_buf_printf (q, "(assert %s)\n(assert (not %s))\n", ru->tmpl, atom);
  sg_buf_adds (q, "(check-sat)\n");
}

/* Answers of both solvers: 's' sat, 'u' unsat, '?' anything else. */
static void
ask (solvers *sv, const char *text, size_t len, char out[2])
{
  for (int k = 0; k < 2; k++)
    {
      sg_outcome o;
      sg_outcome_init (&o);
      assert_int_equal (sg_session_query_checked (&sv->sess[k], text, len, &o), SG_RC_OK);
      out[k] = '?';
      if (o.kind == SG_OUT_OK && o.answers.n == 1)
        out[k] = o.answers.a[0] == SG_ANS_SAT ? 's' : o.answers.a[0] == SG_ANS_UNSAT ? 'u' : '?';
      sg_outcome_free (&o);
    }
}

typedef struct verdict { unsigned sat, proved, instances, ground; } verdict;

static void
report (const sg_sae_rule *ru, const char *sort, const char ans[2], sg_buf *q)
{
  fprintf (stderr, "sae_rules_z3_test: UNSOUND %s %s%s %s -> %s on %s: z3 %c cvc5 %c\n%s",
           sg_sae_theory_name ((sg_sae_theory) ru->theory), ru->neg ? "not " : "", ru->atom,
           ru->dir == SG_SAE_OVER ? "over" : "under", ru->tmpl, sort, ans[0], ans[1], sg_buf_cstr (q));
}

/* Check one rule on every sort of its theory: symbolic a, then random literal values of a.
 * When the symbolic query is not decided by both solvers (z3 4.8.12 and cvc5 1.0.3 time out
 * on some str.< implications), the rule is checked on ground instances instead (x, y and a
 * all random literals): a test at points, not a proof (counted in v.ground). */
static verdict
check_rule (solvers *sv, const sg_sae_rule *ru, sg_rng *r, bool verbose)
{
  verdict v = { 0, 0, 0, 0 };
  sg_buf q, lit, xl, yl;
  sg_buf_init (&q);
  sg_buf_init (&lit);
  sg_buf_init (&xl);
  sg_buf_init (&yl);
  const char *sort;
  for (int si = 0; (sort = sorts_of ((sg_sae_theory) ru->theory, si)); si++)
    {
      bool ground = false;
      for (int inst = 0; inst <= (ground ? GROUND_INSTANCES : RANDOM_INSTANCES); inst++)
        {
          sg_buf_reset (&lit);
          sg_buf_reset (&xl);
          sg_buf_reset (&yl);
          if (inst) literal (r, sort, &lit);
          if (ground) literal (r, sort, &xl), literal (r, sort, &yl);
          query (ru, sort, inst ? sg_buf_cstr (&lit) : NULL, ground ? sg_buf_cstr (&xl) : NULL,
                 sg_buf_cstr (&yl), &q);
          char ans[2];
          ask (sv, q.s, q.len, ans);
          v.instances++;
          if (ans[0] == 's' || ans[1] == 's')
            {
              v.sat++;
              if (verbose) report (ru, sort, ans, &q);
            }
          if (ans[0] == 'u' && ans[1] == 'u') v.proved += !ground, v.ground += ground;
          else if (inst == 0 && !ground && ans[0] != 's' && ans[1] != 's')
            {
              ground = true; /* undecided symbolically: points only */
              inst = 0;
            }
        }
    }
  sg_buf_free (&q);
  sg_buf_free (&lit);
  sg_buf_free (&xl);
  sg_buf_free (&yl);
  return v;
}

static void
test_rules (void **state)
{
  (void) state;
  solvers sv;
  sg_diag d;
  sg_diag_init (&d, "profiles");
  assert_int_equal (sg_profiles_init (&sv.ps, &d), SG_RC_OK);
  sv.names[0] = "z3";
  sv.names[1] = "cvc5";
  for (int k = 0; k < 2; k++)
    {
      sg_profile *p = (sg_profile *) sg_profiles_find (&sv.ps, sv.names[k]);
      const char *version = NULL;
      if (!p || sg_profile_version (p, &version) != SG_RC_OK)
        {
          sg_profiles_free (&sv.ps);
          fprintf (stderr, "sae_rules_z3_test: SKIPPED: %s cannot be run\n", sv.names[k]);
          skip ();
        }
    }
  sg_patterns_init (&sv.pats);
  assert_int_equal (sg_patterns_add_defaults (&sv.pats), SG_RC_OK);
  for (int k = 0; k < 2; k++)
    {
      sg_session_opts so = { .timeout_ms = TIMEOUT_MS };
      so.argv.strings = true;
      assert_int_equal (sg_session_open (&sv.sess[k], sg_profiles_find (&sv.ps, sv.names[k]), &sv.pats, &so), SG_RC_OK);
    }
  sg_rng r;
  sg_rng_seed (&r, 77);
  uint32_t n;
  const sg_sae_rule *rules = sg_sae_rules (&n);
  double t0 = now_s ();
  unsigned unsound = 0, unproved = 0, queries = 0, grounded = 0;
  for (uint32_t i = 0; i < n; i++)
    {
      verdict v = check_rule (&sv, &rules[i], &r, true);
      queries += v.instances;
      unsound += v.sat != 0;
      if (!v.proved && v.ground)
        {
          grounded++;
          fprintf (stderr, "sae_rules_z3_test: rule %u (%s %s -> %s) not decided symbolically: %u ground "
                   "instances hold in both solvers\n", i, rules[i].atom,
                   rules[i].dir == SG_SAE_OVER ? "over" : "under", rules[i].tmpl, v.ground);
        }
      else if (!v.proved)
        {
          unproved++;
          fprintf (stderr, "sae_rules_z3_test: rule %u (%s %s) never proved unsat by both solvers\n",
                   i, rules[i].atom, rules[i].tmpl);
        }
    }
  /* The checker catches the rows printed unsound. */
  static const sg_sae_rule bad[] = {
    { SG_SAE_BVS, "bvsle", 0, SG_SAE_UNDER, "(bvsgt x y)" },
    { SG_SAE_STR, "str.suffixof", 0, SG_SAE_OVER, "(str.<= x y)" },
    { SG_SAE_STR, "str.contains", 0, SG_SAE_OVER, "(str.<= y x)" },
    { SG_SAE_STR, "=", 0, SG_SAE_UNDER,
      "(and (str.suffixof x a) (str.prefixof x a) (str.suffixof y a) (str.prefixof y a))" },
    { SG_SAE_FP, "=", 0, SG_SAE_OVER, "(fp.leq x y)" },
    { SG_SAE_FP, "=", 0, SG_SAE_UNDER, "(and (fp.leq a x a) (fp.leq a y a))" },
  };
  unsigned caught = 0;
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      verdict v = check_rule (&sv, &bad[i], &r, false);
      queries += v.instances;
      if (v.sat) caught++;
      else fprintf (stderr, "sae_rules_z3_test: the unsound row %s -> %s was not caught\n", bad[i].atom, bad[i].tmpl);
    }
  fprintf (stderr, "sae_rules_z3_test: %u rules, %u queries to z3 and cvc5 in %.1f s: %u unsound, %u "
           "proved by both, %u checked on ground instances only, %u neither; %u of %zu known-unsound "
           "rows caught\n",
           n, queries, now_s () - t0, unsound, n - unproved - grounded, grounded, unproved, caught,
           sizeof bad / sizeof *bad);
  for (int k = 0; k < 2; k++) sg_session_close (&sv.sess[k]);
  sg_patterns_free (&sv.pats);
  sg_profiles_free (&sv.ps);
  assert_int_equal (unsound, 0);
  assert_int_equal (unproved, 0);
  assert_int_equal (caught, sizeof bad / sizeof *bad);
}

int
main (void)
{
  const struct CMUnitTest tests[] = { cmocka_unit_test (test_rules) };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
