/* eval_solver_test: differential test of the evaluator against z3 and cvc5. Random ground terms
 * over Int, Real and bit-vectors (widths 1..70) of bounded depth are evaluated; for each value V
 * of a term T (undetermined ones skipped) the solvers get (push 1)(assert (not (= T V)))
 * (check-sat)(pop 1): unsat confirms our value. The test fails when both solvers refute a value;
 * cases where only one does, or where they disagree, are printed. Seed: fixed, printed, and
 * replaceable with SG_EVAL_SEED=<number>. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "eval/eval.h"
#include "test_util.h"

#define TERMS 500          /* terms per theory */
#define BATCH 125          /* terms per solver run */
#define DEPTH 5            /* term depth */
#define TIMEOUT_MS 20000   /* per solver run */
#define OUT_MAX (4u << 20) /* solver output kept */

#include "eval_check_util.h"

/* ---------------------------------------------------------------- random terms */


static void gint (gen *g, int d);
static void greal (gen *g, int d);
static void gbv (gen *g, int d, uint32_t w);
static void gbool (gen *g, int d, int th);

enum { TH_INT, TH_REAL, TH_BV };

static void
lit_int (gen *g)
{
  uint32_t k = below (g, 10);
  unsigned long long v = k < 6 ? below (g, 10) : k < 9 ? below (g, 1000) : rnd (g);
  if (below (g, 3) == 0) sg_buf_printf (g->b, "(- %llu)", v);
  else sg_buf_printf (g->b, "%llu", v);
}

static void
gint (gen *g, int d)
{
  static const char *const bin[] = { "+", "-", "*", "div", "mod", "+", "-", "*" };
  if (d == 0 || below (g, 5) == 0) { lit_int (g); return; }
  uint32_t k = below (g, 14);
  if (k < 8)
    {
      sg_buf_printf (g->b, "(%s ", bin[k]);
      gint (g, d - 1);
      sg_buf_addc (g->b, ' ');
      if (k == 3 || k == 4) /* divisors: mostly non-zero numerals */
        {
          if (below (g, 3)) sg_buf_printf (g->b, below (g, 2) ? "%u" : "(- %u)", 1 + below (g, 9));
          else gint (g, d - 1);
        }
      else gint (g, d - 1);
      if (k < 3 && below (g, 4) == 0) { sg_buf_addc (g->b, ' '); gint (g, d - 1); } /* n-ary */
      sg_buf_addc (g->b, ')');
    }
  else if (k == 8) { sg_buf_adds (g->b, "(- "); gint (g, d - 1); sg_buf_addc (g->b, ')'); }
  else if (k == 9) { sg_buf_adds (g->b, "(abs "); gint (g, d - 1); sg_buf_addc (g->b, ')'); }
  else if (k == 10) { sg_buf_adds (g->b, "(to_int "); greal (g, d - 1); sg_buf_addc (g->b, ')'); }
  else if (k == 11) { sg_buf_adds (g->b, "(bv2nat "); gbv (g, d - 1, 1 + below (g, 70)); sg_buf_addc (g->b, ')'); }
  else
    {
      sg_buf_adds (g->b, "(ite ");
      gbool (g, d - 1, TH_INT);
      sg_buf_addc (g->b, ' ');
      gint (g, d - 1);
      sg_buf_addc (g->b, ' ');
      gint (g, d - 1);
      sg_buf_addc (g->b, ')');
    }
}

static void
greal (gen *g, int d)
{
  static const char *const bin[] = { "+", "-", "*", "/" };
  if (d == 0 || below (g, 5) == 0)
    {
      bool neg = below (g, 3) == 0;
      if (neg) sg_buf_adds (g->b, "(- ");
      sg_buf_printf (g->b, "%u.%u", below (g, 100), below (g, 1000));
      if (neg) sg_buf_addc (g->b, ')');
      return;
    }
  uint32_t k = below (g, 9);
  if (k < 4)
    {
      sg_buf_printf (g->b, "(%s ", bin[k]);
      greal (g, d - 1);
      sg_buf_addc (g->b, ' ');
      if (k == 3 && below (g, 2)) sg_buf_printf (g->b, "%u.%u", 1 + below (g, 9), below (g, 10));
      else greal (g, d - 1);
      if (k < 3 && below (g, 4) == 0) { sg_buf_addc (g->b, ' '); greal (g, d - 1); }
      sg_buf_addc (g->b, ')');
    }
  else if (k == 4) { sg_buf_adds (g->b, "(- "); greal (g, d - 1); sg_buf_addc (g->b, ')'); }
  else if (k == 5) { sg_buf_adds (g->b, "(to_real "); gint (g, d - 1); sg_buf_addc (g->b, ')'); }
  else if (k == 6) { sg_buf_adds (g->b, "(abs "); greal (g, d - 1); sg_buf_addc (g->b, ')'); }
  else
    {
      sg_buf_adds (g->b, "(ite ");
      gbool (g, d - 1, TH_REAL);
      sg_buf_addc (g->b, ' ');
      greal (g, d - 1);
      sg_buf_addc (g->b, ' ');
      greal (g, d - 1);
      sg_buf_addc (g->b, ')');
    }
}

static void
lit_bv (gen *g, uint32_t w)
{
  uint32_t k = below (g, 4);
  if (k == 0 && w <= 64)
    {
      uint64_t v = rnd (g) & (w == 64 ? ~0ull : (1ull << w) - 1);
      sg_buf_printf (g->b, "(_ bv%llu %u)", (unsigned long long) v, w);
      return;
    }
  if (k == 1 && w % 4 == 0)
    {
      sg_buf_adds (g->b, "#x");
      for (uint32_t i = 0; i < w / 4; i++)
        sg_buf_addc (g->b, "0123456789abcdef"[below (g, 16)]);
      return;
    }
  /* bias towards edge patterns: all zeros, all ones, top bit, random */
  uint32_t shape = below (g, 6);
  sg_buf_adds (g->b, "#b");
  for (uint32_t i = 0; i < w; i++)
    sg_buf_addc (g->b, shape == 0 ? '0' : shape == 1 ? '1' : shape == 2 ? (i == 0 ? '1' : '0')
                                                                        : (char) ('0' + below (g, 2)));
}

static void
gbv (gen *g, int d, uint32_t w)
{
  static const char *const bin[] = { "bvand", "bvor", "bvxor", "bvadd", "bvsub", "bvmul", "bvudiv",
                                     "bvurem", "bvsdiv", "bvsrem", "bvsmod", "bvshl", "bvlshr",
                                     "bvashr", "bvnand", "bvnor", "bvxnor" };
  if (d == 0 || below (g, 6) == 0) { lit_bv (g, w); return; }
  uint32_t k = below (g, 30);
  if (k < 17)
    {
      sg_buf_printf (g->b, "(%s ", bin[k]);
      gbv (g, d - 1, w);
      sg_buf_addc (g->b, ' ');
      gbv (g, d - 1, w);
      if ((k < 4 || k == 5) && below (g, 5) == 0) { sg_buf_addc (g->b, ' '); gbv (g, d - 1, w); }
      sg_buf_addc (g->b, ')');
      return;
    }
  switch (k)
    {
    case 17: case 18:
      sg_buf_adds (g->b, k == 17 ? "(bvnot " : "(bvneg ");
      gbv (g, d - 1, w);
      break;
    case 19:
      sg_buf_printf (g->b, "((_ %s %u) ", below (g, 2) ? "rotate_left" : "rotate_right", below (g, 2 * w + 1));
      gbv (g, d - 1, w);
      break;
    case 20:
      if (w < 2) { lit_bv (g, w); return; }
      {
        uint32_t w1 = 1 + below (g, w - 1);
        sg_buf_adds (g->b, "(concat ");
        gbv (g, d - 1, w1);
        sg_buf_addc (g->b, ' ');
        gbv (g, d - 1, w - w1);
      }
      break;
    case 21: case 22:
      {
        uint32_t wide = w + below (g, (70 - w < 9 ? 70 - w : 9) + 1), j = below (g, wide - w + 1);
        sg_buf_printf (g->b, "((_ extract %u %u) ", j + w - 1, j);
        gbv (g, d - 1, wide);
      }
      break;
    case 23:
      if (w < 2) { lit_bv (g, w); return; }
      {
        uint32_t e = 1 + below (g, w - 1);
        sg_buf_printf (g->b, "((_ %s %u) ", below (g, 2) ? "zero_extend" : "sign_extend", e);
        gbv (g, d - 1, w - e);
      }
      break;
    case 24:
      {
        uint32_t r = 1;
        for (uint32_t t = 2; t <= w; t++)
          if (w % t == 0 && below (g, 2)) { r = t; break; }
        sg_buf_printf (g->b, "((_ repeat %u) ", r);
        gbv (g, d - 1, w / r);
      }
      break;
    case 25:
      if (w != 1) { sg_buf_printf (g->b, "((_ int2bv %u) ", w); gint (g, d - 1); break; }
      {
        uint32_t w2 = 1 + below (g, 70);
        sg_buf_adds (g->b, "(bvcomp ");
        gbv (g, d - 1, w2);
        sg_buf_addc (g->b, ' ');
        gbv (g, d - 1, w2);
      }
      break;
    case 26:
      if (w != 1) { lit_bv (g, w); return; }
      sg_buf_adds (g->b, below (g, 2) ? "(bvredor " : "(bvredand ");
      gbv (g, d - 1, 1 + below (g, 70));
      break;
    default:
      sg_buf_adds (g->b, "(ite ");
      gbool (g, d - 1, TH_BV);
      sg_buf_addc (g->b, ' ');
      gbv (g, d - 1, w);
      sg_buf_addc (g->b, ' ');
      gbv (g, d - 1, w);
      break;
    }
  sg_buf_addc (g->b, ')');
}

static void
gterm (gen *g, int d, int th)
{
  if (th == TH_INT) gint (g, d);
  else if (th == TH_REAL) greal (g, d);
  else gbv (g, d, 1 + below (g, 8));
}

static void
gbool (gen *g, int d, int th)
{
  static const char *const cmp[] = { "<", "<=", ">", ">=", "=", "distinct" };
  static const char *const bvcmp[] = { "bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle",
                                       "bvsgt", "bvsge", "=", "distinct" };
  static const char *const con[] = { "and", "or", "=>", "xor", "=" };
  if (d <= 0) { sg_buf_adds (g->b, below (g, 2) ? "true" : "false"); return; }
  uint32_t k = below (g, 10);
  if (k < 6)
    {
      if (th == TH_BV)
        {
          uint32_t w = 1 + below (g, 70);
          sg_buf_printf (g->b, "(%s ", bvcmp[below (g, 10)]);
          gbv (g, d - 1, w);
          sg_buf_addc (g->b, ' ');
          gbv (g, d - 1, w);
        }
      else
        {
          sg_buf_printf (g->b, "(%s ", cmp[below (g, 6)]);
          gterm (g, d - 1, th);
          sg_buf_addc (g->b, ' ');
          gterm (g, d - 1, th);
          if (below (g, 4) == 0) { sg_buf_addc (g->b, ' '); gterm (g, d - 1, th); }
        }
    }
  else if (k < 9)
    {
      sg_buf_printf (g->b, "(%s ", con[below (g, 5)]);
      gbool (g, d - 1, th);
      sg_buf_addc (g->b, ' ');
      gbool (g, d - 1, th);
    }
  else
    {
      sg_buf_adds (g->b, "(not ");
      gbool (g, d - 1, th);
    }
  sg_buf_addc (g->b, ')');
}

/* ---------------------------------------------------------------- running solvers */

typedef struct tally { uint32_t agree, refute, none; } tally;

static void
theory_run (int th, const char *name, uint64_t seed)
{
  if (!have ("z3") || !have ("cvc5")) { print_message ("z3 or cvc5 missing: skipped\n"); skip (); }
  gen g = { seed, NULL };
  sg_buf text;
  sg_buf_init (&text);
  g.b = &text;
  for (uint32_t i = 0; i < TERMS; i++)
    {
      sg_buf_adds (&text, "(get-value (");
      if (below (&g, 5) == 0) gbool (&g, DEPTH, th);
      else if (th == TH_BV) gbv (&g, DEPTH, 1 + below (&g, 70));
      else gterm (&g, DEPTH, th);
      sg_buf_adds (&text, "))\n");
    }
  assert_true (sg_buf_ok (&text));
  tparse t;
  tp_parse (&t, sg_buf_cstr (&text));
  if (t.rc) fail_msg ("generated terms do not parse: %s", t.err);
  sg_eval *e = sg_eval_new (&t.s, NULL, 0);
  assert_non_null (e);
  /* terms with a determined value, their printed text and value */
  char **tt = calloc (TERMS, sizeof *tt), **vt = calloc (TERMS, sizeof *vt);
  uint32_t undet = 0;
  assert_true (tt && vt);
  uint32_t n = collect_values (&t, e, tt, vt, TERMS, &undet);
  uint8_t *vz = calloc (n + 1, 1), *vc = calloc (n + 1, 1);
  assert_true (vz && vc);
  static const char *const z3[] = { "z3", "-smt2", NULL };
  static const char *const cvc5[] = { "cvc5", "--lang=smt2", "--incremental", "--produce-models", NULL };
  const char *const *solvers[2] = { z3, cvc5 };
  uint8_t *v[2] = { vz, vc };
  check_values (tt, vt, n, BATCH, solvers, v);
  tally tz = { 0 }, tc = { 0 };
  uint32_t both = 0;
  for (uint32_t k = 0; k < n; k++)
    {
      tz.agree += vz[k] == V_AGREE;
      tz.refute += vz[k] == V_REFUTE;
      tz.none += vz[k] != V_AGREE && vz[k] != V_REFUTE;
      tc.agree += vc[k] == V_AGREE;
      tc.refute += vc[k] == V_REFUTE;
      tc.none += vc[k] != V_AGREE && vc[k] != V_REFUTE;
      if (vz[k] == V_REFUTE || vc[k] == V_REFUTE || vz[k] != vc[k])
        print_message ("  %s: z3 %s, cvc5 %s: %s = %s\n", name,
                       vz[k] == V_AGREE ? "agrees" : vz[k] == V_REFUTE ? "REFUTES" : "no answer",
                       vc[k] == V_AGREE ? "agrees" : vc[k] == V_REFUTE ? "REFUTES" : "no answer",
                       tt[k], vt[k]);
      both += vz[k] == V_REFUTE && vc[k] == V_REFUTE;
    }
  print_message ("%s: %u terms, %u undetermined (skipped), %u checked; z3 agrees %u, refutes %u, no "
                 "answer %u; cvc5 agrees %u, refutes %u, no answer %u\n",
                 name, TERMS, undet, n, tz.agree, tz.refute, tz.none, tc.agree, tc.refute, tc.none);
  for (uint32_t k = 0; k < n; k++)
    free (tt[k]), free (vt[k]);
  free (tt);
  free (vt);
  free (vz);
  free (vc);
  sg_eval_free (e);
  tp_free (&t);
  sg_buf_free (&text);
  if (both) fail_msg ("%s: %u values refuted by both z3 and cvc5", name, both);
  /* most values must actually have been checked */
  assert_true (tz.agree + tc.agree > n);
}

static uint64_t
seed_of (void)
{
  const char *e = getenv ("SG_EVAL_SEED");
  return e && *e ? strtoull (e, NULL, 0) : 20240611ull;
}

static void test_int (void **state) { (void) state; theory_run (TH_INT, "Int", seed_of () * 3 + 0); }
static void test_real (void **state) { (void) state; theory_run (TH_REAL, "Real", seed_of () * 3 + 1); }
static void test_bv (void **state) { (void) state; theory_run (TH_BV, "BV", seed_of () * 3 + 2); }

int
main (void)
{
  print_message ("eval_solver_test: seed %llu (set SG_EVAL_SEED to change)\n", (unsigned long long) seed_of ());
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_int),
    cmocka_unit_test (test_real),
    cmocka_unit_test (test_bv),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
