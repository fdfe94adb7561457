/* gen_str_z3_test: the strings generator's unsat side against z3 and cvc5 (persistent sessions,
 * 2 s a query, only OK session outcomes used; skipped, loudly, without z3 or cvc5).
 *  - test_equalities: every equality of Table 3 (tech/gen/gen_str_eqs.def) alone: C implies
 *    x = x_fresh (z = c) — unsat in one solver, never sat (ground instances when undecided) —
 *    and C is satisfiable.
 *  - test_unsat_rows: every row (tech/gen/gen_str_rows.def) alone, with and without patterns, and
 *    with up to per_kind equalities drawn per transformation kind (every combination with
 *    SG_GEN_STR_ALL=1), then up to left_per_row of the equalities not drawn yet per row
 *    (1 and 2 by default, to keep CI under its budget; 2 and 4 with SG_TEST_FULL=1;
 *    test_equalities checks every equality alone in any case). No
 *    instance and no known core alone may be answered sat; every row must be proved unsat by a
 *    solver on some instance, else on ground instances (the variables of A fixed to literals: a
 *    test at points), else by its quantifier-free sibling ID "b" (E5 by E5b: proved, or held
 *    on its ground instances); for instances z3
 *    proves, dropping any one conjunct of the known core must leave a formula z3 does not prove
 *    unsat (the recorded core is minimal).
 *  - test_sat_witness_solvers: 300 sat formulas with their witness asserted: never unsat. */
#include <stdio.h>
#include <stdlib.h>

#include "mutant_util.h"
#include "tech/gen/gen_str.h"

enum { TIMEOUT_MS = 2000, GROUND_INSTANCES = 10 };

typedef struct solvers {
  sg_profiles ps;
  sg_patterns pats;
  sg_session sess[2];
  const char *names[2];
} solvers;

/* Answers of both solvers ('s', 'u', '?'); k0..k1 the solvers asked. */
static void
ask (solvers *sv, const char *text, size_t len, int k0, int k1, char out[2])
{
  out[0] = out[1] = '-';
  for (int k = k0; k <= k1; k++)
    {
      sg_outcome o;
      sg_outcome_init (&o);
      assert_int_equal (sg_session_query (&sv->sess[k], text, len, &o), SG_RC_OK); /* only OK outcomes are used */
      out[k] = '?';
      if (o.kind == SG_OUT_OK && o.answers.n == 1)
        out[k] = o.answers.a[0] == SG_ANS_SAT ? 's' : o.answers.a[0] == SG_ANS_UNSAT ? 'u' : '?';
      sg_outcome_free (&o);
    }
}

/* text without the named conjuncts whose bits are in drop. */
static void
without (const char *text, uint64_t drop, sg_buf *out)
{
  sg_buf_reset (out);
  for (const char *line = text; *line;)
    {
      const char *e = strchr (line, '\n');
      size_t len = e ? (size_t) (e + 1 - line) : strlen (line);
      const char *nm = strstr (line, ":named a");
      bool skip = nm && nm < line + len && (drop >> atoi (nm + 8) & 1);
      if (!skip) sg_buf_add (out, line, len);
      line += len;
    }
}

static uint64_t
bits_of (const char *s, const char *key)
{
  uint64_t set = 0;
  size_t kn = strlen (key);
  for (const char *p = strstr (s, key); p; p = strstr (p + 1, key)) set |= 1ull << atoi (p + kn);
  return set;
}

static bool
open_solvers (solvers *sv)
{
  sg_diag d;
  sg_diag_init (&d, "profiles");
  assert_int_equal (sg_profiles_init (&sv->ps, &d), SG_RC_OK);
  sv->names[0] = "z3";
  sv->names[1] = "cvc5";
  for (int k = 0; k < 2; k++)
    {
      sg_profile *p = (sg_profile *) sg_profiles_find (&sv->ps, sv->names[k]);
      const char *version = NULL;
      if (!p || sg_profile_version (p, &version) != SG_RC_OK)
        {
          sg_profiles_free (&sv->ps);
          fprintf (stderr, "gen_str_z3_test: SKIPPED: %s cannot be run\n", sv->names[k]);
          return false;
        }
    }
  sg_patterns_init (&sv->pats);
  assert_int_equal (sg_patterns_add_defaults (&sv->pats), SG_RC_OK);
  for (int k = 0; k < 2; k++)
    {
      sg_session_opts so = { .timeout_ms = TIMEOUT_MS };
      so.argv.strings = true;
      assert_int_equal (sg_session_open (&sv->sess[k], sg_profiles_find (&sv->ps, sv->names[k]), &sv->pats, &so), SG_RC_OK);
    }
  return true;
}

static void
close_solvers (solvers *sv)
{
  for (int k = 0; k < 2; k++) sg_session_close (&sv->sess[k]);
  sg_patterns_free (&sv->pats);
  sg_profiles_free (&sv->ps);
}

/* The row named ID "b" (E5 -> E5b), or -1. */
static int
sibling (uint32_t row)
{
  char name[32];
  snprintf (name, sizeof name, "%sb", sg_gen_str_row_id (row));
  for (uint32_t i = 0; i < sg_gen_str_rows (); i++)
    if (!strcmp (sg_gen_str_row_id (i), name)) return (int) i;
  return -1;
}

static bool
has_sibling (uint32_t row)
{
  return sibling (row) >= 0;
}

/* A random small literal of sort c (S: over {a, b}, length 0..3; I: -1..4; B). */
static void
literal (sg_rng *r, char c, sg_buf *b)
{
  if (c == 'I')
    {
      long v = (long) sg_rng_below (r, 6) - 1;
      if (v < 0) sg_buf_printf (b, "(- %ld)", -v);
      else sg_buf_printf (b, "%ld", v);
    }
  else if (c == 'B') sg_buf_adds (b, sg_rng_chance (r, 1, 2) ? "true" : "false");
  else
    {
      sg_buf_addc (b, '"');
      for (unsigned i = 0, n = (unsigned) sg_rng_below (r, 4); i < n; i++) sg_buf_addc (b, (char) ('a' + sg_rng_below (r, 2)));
      sg_buf_addc (b, '"');
    }
}

/* text with the variables of A (spec "s:S off:I ...") fixed to random literals. */
static void
ground (const char *text, const char *spec, sg_rng *r, sg_buf *out)
{
  const char *cs = strstr (text, "(check-sat)");
  sg_buf_reset (out);
  sg_buf_add (out, text, (size_t) (cs - text));
  for (const char *p = spec; *p;)
    {
      while (*p == ' ') p++;
      if (!*p) break;
      size_t n = strcspn (p, ":");
      sg_buf_printf (out, "(assert (= %.*s ", (int) n, p);
      literal (r, p[n + 1], out);
      sg_buf_adds (out, "))\n");
      p += n + 2;
    }
  sg_buf_adds (out, cs);
}

/* text with every declared constant but x and x_f fixed to a random literal. */
static void
ground_decls (const char *text, sg_rng *r, sg_buf *out)
{
  const char *cs = strstr (text, "(check-sat)");
  sg_buf_reset (out);
  sg_buf_add (out, text, (size_t) (cs - text));
  for (const char *p = strstr (text, "(declare-const "); p; p = strstr (p + 1, "(declare-const "))
    {
      const char *name = p + 15, *sp = strchr (name, ' ');
      size_t n = (size_t) (sp - name);
      if ((n == 1 && name[0] == 'x') || (n == 3 && !memcmp (name, "x_f", 3))) continue;
      sg_buf_printf (out, "(assert (= %.*s ", (int) n, name);
      literal (r, sp[1], out);
      sg_buf_adds (out, "))\n");
    }
  sg_buf_adds (out, cs);
}

typedef struct row_stats { unsigned inst, both, one, none, loose; } row_stats;

static void
test_unsat_rows (void **state)
{
  (void) state;
  solvers sv;
  if (!open_solvers (&sv)) skip ();
  sg_gen_str *g = NULL;
  sg_diag d;
  sg_diag_init (&d, "gen_str");
  assert_int_equal (sg_gen_str_new (&g, NULL, false, &d), SG_RC_OK);
  sg_rng r;
  sg_rng_seed (&r, 1465);
  sg_buf text, desc, q;
  sg_buf_init (&text);
  sg_buf_init (&desc);
  sg_buf_init (&q);
  double t0 = now_s ();
  unsigned unsound = 0, unproved_rows = 0, loose = 0, queries = 0, instances = 0, grounded = 0;
  unsigned proved_core[2] = { 0, 0 }, cores = 0;
  /* The instances: every row alone (with and without patterns), then per row and
   * transformation up to per_kind equalities drawn among those that apply (every one with
   * SG_GEN_STR_ALL=1), then each equality not drawn on the first row it applies to. */
  bool all = getenv ("SG_GEN_STR_ALL") && !strcmp (getenv ("SG_GEN_STR_ALL"), "1");
  bool full = getenv ("SG_TEST_FULL") && !strcmp (getenv ("SG_TEST_FULL"), "1");
  const uint32_t per_kind = full ? 2 : 1, left_per_row = full ? 4 : 2;
  uint32_t neq = sg_gen_str_eqs ();
  bool *covered = calloc (neq, sizeof *covered);
  bool proved_row[256] = { false }, ground_row[256] = { false };
  assert_true (sg_gen_str_rows () <= 256);
  assert_non_null (covered);
  for (uint32_t pass = 0; pass < 2; pass++)
  for (uint32_t row = 0; row < sg_gen_str_rows (); row++)
    {
      row_stats rs = { 0, 0, 0, 0, 0 };
      sg_gstr_unsat_opts list[512];
      uint32_t nl = 0;
      if (pass == 0)
        {
          sg_gstr_unsat_opts o0 = { (int) row, SG_GSTR_TR_NONE, 0, -1 }, o1 = { (int) row, SG_GSTR_TR_NONE, 1, -1 };
          list[nl++] = o0;
          list[nl++] = o1;
        }
      for (int tr = 1; tr < 4; tr++)
        {
          uint32_t cand[256], nc = 0;
          for (uint32_t e = 0; e < neq && nc < 256; e++)
            {
              sg_gstr_unsat_opts o = { (int) row, tr, 0, (int) e };
              if (sg_gen_str_unsat (g, &r, &o, &text, &desc) != SG_RC_OK) continue;
              if (pass == 0 || !covered[e]) cand[nc++] = e;
            }
          uint32_t take = all ? nc : pass ? (nc < left_per_row ? nc : left_per_row) : nc < per_kind ? nc : per_kind;
          for (uint32_t i = 0; i < take && nl < 512; i++)
            {
              uint32_t j = i + (uint32_t) sg_rng_below (&r, nc - i), e = cand[j];
              cand[j] = cand[i];
              cand[i] = e;
              if (pass && covered[e]) continue;
              covered[e] = true;
              sg_gstr_unsat_opts o = { (int) row, tr, (int) sg_rng_below (&r, 2), (int) e };
              list[nl++] = o;
            }
        }
      if (pass && !nl) continue;
      for (uint32_t li = 0; li < nl; li++)
            {
              sg_gstr_unsat_opts o = list[li];
              sg_rc rc = sg_gen_str_unsat (g, &r, &o, &text, &desc);
              if (rc == SG_RC_USAGE) continue;
              assert_int_equal (rc, SG_RC_OK);
              const char *s = sg_buf_cstr (&text);
              if (o.tr == SG_GSTR_TR_NONE && o.patterns && !strstr (s, ":pattern")) continue;
              char ans[2];
              ask (&sv, text.s, text.len, 0, 1, ans);
              queries += 2;
              instances++;
              rs.inst++;
              if (ans[0] == 's' || ans[1] == 's')
                {
                  unsound++;
                  fprintf (stderr, "gen_str_z3_test: UNSOUND (z3 %c, cvc5 %c): %s\n%s\n", ans[0], ans[1],
                           sg_buf_cstr (&desc), s);
                }
              int proved = (ans[0] == 'u') + (ans[1] == 'u');
              rs.both += proved == 2, rs.one += proved == 1, rs.none += proved == 0;
              /* The known core alone (the noise conjuncts dropped). */
              sg_buf names;
              sg_buf_init (&names);
              assert_true (sg_gen_str_core (text.s, text.len, &names));
              uint64_t core = bits_of (sg_buf_cstr (&names), "a"), named = bits_of (s, ":named a");
              sg_buf_free (&names);
              if (core != named)
                {
                  without (s, named & ~core, &q);
                  char ca[2];
                  ask (&sv, q.s, q.len, 0, 1, ca);
                  queries += 2;
                  if (ca[0] == 's' || ca[1] == 's')
                    {
                      unsound++;
                      fprintf (stderr, "gen_str_z3_test: CORE NOT UNSAT (z3 %c, cvc5 %c): %s\n%s\n", ca[0], ca[1],
                               sg_buf_cstr (&desc), sg_buf_cstr (&q));
                    }
                  memcpy (ans, ca, 2);
                }
              cores++;
              proved_core[0] += ans[0] == 'u';
              proved_core[1] += ans[1] == 'u';
              /* Tight: dropping any core conjunct leaves a formula z3 does not prove unsat. */
              if (ans[0] != 'u') continue;
              for (int k = 1; k < 64; k++)
                {
                  if (!(core >> k & 1)) continue;
                  without (s, (named & ~core) | (1ull << k), &q);
                  char da[2];
                  ask (&sv, q.s, q.len, 0, 0, da);
                  queries++;
                  if (da[0] == 'u')
                    {
                      rs.loose++;
                      fprintf (stderr, "gen_str_z3_test: core not minimal (a%d is not needed): %s\n%s\n", k,
                               sg_buf_cstr (&desc), s);
                    }
                }
            }
      loose += rs.loose;
      if (pass == 0) proved_row[row] = rs.both || rs.one;
      /* A quantified row no solver proves is certified by its quantifier-free sibling ID "b"
       * (its B implies the sibling's B), checked once every row has been run. */
      if (!rs.both && !rs.one && pass == 0 && !has_sibling (row))
        {
          /* Undecided symbolically: ground instances (the variables of A fixed to random
           * literals, the existentials of B left free), a test at points, not a proof. */
          sg_gstr_unsat_opts o = { (int) row, SG_GSTR_TR_NONE, 1, -1 };
          assert_int_equal (sg_gen_str_unsat (g, &r, &o, &text, &desc), SG_RC_OK);
          unsigned held = 0;
          for (int k = 0; k < GROUND_INSTANCES; k++)
            {
              ground (sg_buf_cstr (&text), sg_gen_str_row_avars (row), &r, &q);
              char ga[2];
              ask (&sv, q.s, q.len, 0, 1, ga);
              queries += 2;
              if (ga[0] == 's' || ga[1] == 's')
                {
                  unsound++;
                  fprintf (stderr, "gen_str_z3_test: UNSOUND on a ground instance (z3 %c, cvc5 %c): %s\n%s\n", ga[0],
                           ga[1], sg_buf_cstr (&desc), sg_buf_cstr (&q));
                }
              held += ga[0] == 'u' || ga[1] == 'u';
            }
          grounded++;
          fprintf (stderr, "gen_str_z3_test: row %s: no instance proved unsat symbolically; %u of %d ground instances "
                   "proved unsat\n", sg_gen_str_row_id (row), held, GROUND_INSTANCES);
          if (!held) unproved_rows++;
          ground_row[row] = held > 0;
        }
      fprintf (stderr, "gen_str_z3_test: %s %-4s %s: %3u instances, unsat in both %3u, in one %3u, in neither %3u%s\n",
               pass ? "equalities left, row" : "row", sg_gen_str_row_id (row),
               sg_gen_str_row_paper (row) ? "(paper)" : "(2.6)  ", rs.inst, rs.both, rs.one,
               rs.none, rs.loose ? ", core not minimal" : "");
    }
  for (uint32_t row = 0; row < sg_gen_str_rows (); row++)
    if (!proved_row[row] && has_sibling (row))
      {
        int sib = sibling (row);
        if (proved_row[sib])
          fprintf (stderr, "gen_str_z3_test: row %s: certified by %s (proved unsat)\n", sg_gen_str_row_id (row),
                   sg_gen_str_row_id ((uint32_t) sib));
        else if (ground_row[sib])
          /* The sibling held on its ground instances only (as every other row no solver
           * decides within the timeout: a test at points, the same standard). */
          fprintf (stderr, "gen_str_z3_test: row %s: certified by %s (its ground instances proved unsat)\n",
                   sg_gen_str_row_id (row), sg_gen_str_row_id ((uint32_t) sib));
        else
          {
            unproved_rows++;
            fprintf (stderr, "gen_str_z3_test: row %s: neither it nor %s proved unsat\n", sg_gen_str_row_id (row),
                     sg_gen_str_row_id ((uint32_t) sib));
          }
      }
  unsigned uncovered = 0;
  for (uint32_t e = 0; e < neq; e++)
    if (!covered[e]) uncovered++;
  fprintf (stderr, "gen_str_z3_test: %u rows, %u instances, %u queries in %.1f s: %u unsound, %u rows unproved, "
           "%u cores not minimal, %u rows checked on ground instances only, %u equalities checked alone only; known cores "
           "proved unsat: z3 %u, cvc5 %u of %u\n",
           sg_gen_str_rows (), instances, queries, now_s () - t0, unsound, unproved_rows, loose, grounded, uncovered, proved_core[0],
           proved_core[1], cores);
  free (covered);
  sg_buf_free (&text);
  sg_buf_free (&desc);
  sg_buf_free (&q);
  sg_gen_str_free (g);
  close_solvers (&sv);
  assert_int_equal (unsound, 0);
  assert_int_equal (unproved_rows, 0);
  assert_int_equal (loose, 0);
}

/* Each equality of Table 3 alone: C implies x = x_fresh (or z = c), and C can hold. */
static void
test_equalities (void **state)
{
  (void) state;
  solvers sv;
  if (!open_solvers (&sv)) skip ();
  sg_buf q;
  sg_buf_init (&q);
  unsigned bad = 0, proved = 0, satisfiable = 0;
  for (uint32_t i = 0; i < sg_gen_str_eqs (); i++)
    {
      char a[2], b[2];
      assert_int_equal (sg_gen_str_eq_query (i, true, &q), SG_RC_OK);
      ask (&sv, q.s, q.len, 0, 1, a);
      if (a[0] != 's' && a[1] != 's' && a[0] != 'u' && a[1] != 'u')
        {
          /* Undecided: ground instances (the other variables fixed), points, not a proof. */
          sg_rng r;
          sg_rng_seed (&r, i);
          sg_buf gq;
          sg_buf_init (&gq);
          unsigned held = 0, sat = 0;
          for (int k = 0; k < GROUND_INSTANCES; k++)
            {
              char ga[2];
              ground_decls (sg_buf_cstr (&q), &r, &gq);
              ask (&sv, gq.s, gq.len, 0, 1, ga);
              held += ga[0] == 'u' || ga[1] == 'u';
              sat += ga[0] == 's' || ga[1] == 's';
            }
          fprintf (stderr, "gen_str_z3_test: equality %s undecided symbolically: %u of %d ground instances proved, %u "
                   "sat\n", sg_gen_str_eq_id (i), held, GROUND_INSTANCES, sat);
          sg_buf_free (&gq);
          if (held && !sat) a[0] = 'u';
        }
      if (a[0] == 's' || a[1] == 's' || (a[0] != 'u' && a[1] != 'u'))
        {
          bad++;
          fprintf (stderr, "gen_str_z3_test: equality %s: C does not imply the equality (z3 %c, cvc5 %c)\n%s\n",
                   sg_gen_str_eq_id (i), a[0], a[1], sg_buf_cstr (&q));
        }
      else proved++;
      assert_int_equal (sg_gen_str_eq_query (i, false, &q), SG_RC_OK);
      ask (&sv, q.s, q.len, 0, 1, b);
      if (b[0] == 'u' || b[1] == 'u' || (b[0] != 's' && b[1] != 's'))
        {
          bad++;
          fprintf (stderr, "gen_str_z3_test: equality %s: C cannot be shown satisfiable (z3 %c, cvc5 %c)\n%s\n",
                   sg_gen_str_eq_id (i), b[0], b[1], sg_buf_cstr (&q));
        }
      else satisfiable++;
    }
  fprintf (stderr, "gen_str_z3_test: %u equalities: %u imply x = x_fresh, %u satisfiable\n", sg_gen_str_eqs (), proved,
           satisfiable);
  sg_buf_free (&q);
  close_solvers (&sv);
  assert_int_equal (bad, 0);
}

/* Sat formulas with their witness asserted: never unsat in either solver. */
static void
test_sat_witness_solvers (void **state)
{
  (void) state;
  solvers sv;
  if (!open_solvers (&sv)) skip ();
  sg_gen_str *g = NULL;
  sg_diag d;
  sg_diag_init (&d, "gen_str");
  assert_int_equal (sg_gen_str_new (&g, NULL, false, &d), SG_RC_OK);
  sg_rng r;
  sg_rng_seed (&r, 0);
  sg_buf text, desc, model, q;
  sg_buf_init (&text);
  sg_buf_init (&desc);
  sg_buf_init (&model);
  sg_buf_init (&q);
  unsigned refuted = 0, sat[2] = { 0, 0 }, n = 300;
  for (unsigned i = 0; i < n; i++)
    {
      assert_int_equal (sg_gen_str_sat (g, &r, SG_GSTR_ANY, &text, &desc), SG_RC_OK);
      /* (define-fun x () S v) lines into (assert (= x v)) before the check-sat. */
      const char *s = sg_buf_cstr (&text), *cs = strstr (s, "(check-sat)");
      sg_buf_reset (&q);
      sg_buf_add (&q, s, (size_t) (cs - s));
      for (const char *w = strstr (s, ";; witness: (define-fun "); w; w = strstr (w + 1, ";; witness: (define-fun "))
        {
          const char *name = w + 24, *sp = strchr (name, ' '), *val = strstr (sp, ") ") + 2;
          val = strchr (val, ' ') + 1; /* after the sort */
          const char *e = strchr (val, '\n');
          sg_buf_printf (&q, "(assert (= %.*s %.*s))\n", (int) (sp - name), name, (int) (e - val - 1), val);
        }
      sg_buf_adds (&q, "(check-sat)\n");
      char ans[2];
      ask (&sv, q.s, q.len, 0, 1, ans);
      for (int k = 0; k < 2; k++) sat[k] += ans[k] == 's';
      if (ans[0] == 'u' || ans[1] == 'u')
        {
          refuted++;
          fprintf (stderr, "gen_str_z3_test: witness refuted (z3 %c, cvc5 %c): %s\n%s\n", ans[0], ans[1],
                   sg_buf_cstr (&desc), sg_buf_cstr (&q));
        }
    }
  fprintf (stderr, "gen_str_z3_test: %u sat formulas with their witness: sat in z3 %u, cvc5 %u; refuted %u\n", n,
           sat[0], sat[1], refuted);
  sg_buf_free (&text);
  sg_buf_free (&desc);
  sg_buf_free (&model);
  sg_buf_free (&q);
  sg_gen_str_free (g);
  close_solvers (&sv);
  assert_int_equal (refuted, 0);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_equalities),
    cmocka_unit_test (test_unsat_rows),
    cmocka_unit_test (test_sat_witness_solvers),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
