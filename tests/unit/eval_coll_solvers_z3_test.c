/* eval_coll_solvers_z3_test: differential test of the collection evaluator (eval_coll.c)
 * against cvc5 (sequences, sets, bags, tuples, relations) and z3 (sequences). Random ground
 * terms of bounded depth over small integers are evaluated; for each determined value V of a
 * term T the solver gets (push 1)(assert (not (= T V)))(check-sat)(pop 1): unsat confirms our
 * value. The test fails when a solver refutes a value (a disagreement is our bug or the
 * solver's: either way it must be looked at before the evaluator judges models). Seed fixed
 * and printed; SG_EVAL_SEED=<number> replaces it. Labelled solver/slow (the name ends in
 * _z3_test). */
#include <errno.h>
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

#define TERMS 400          /* terms per theory */
#define BATCH 100          /* terms per solver run */
#define DEPTH 4            /* term depth */
#define TIMEOUT_MS 60000   /* per solver run */
#define OUT_MAX (4u << 20) /* solver output kept */

#include "eval_check_util.h"


static void
out (gen *g, const char *t)
{
  sg_buf_adds (g->b, t);
}

/* Generators: the depth bounds the recursion (a constant of this test, not input). */
static void gi (gen *g, int d);
static void gseq (gen *g, int d);
static void gset (gen *g, int d);
static void gbag (gen *g, int d);
static void grel (gen *g, int d);

static void
gi (gen *g, int d)
{
  uint32_t k = d <= 0 ? 0 : below (g, 9);
  switch (k)
    {
    case 0: case 1: case 2:
      {
        int v = (int) below (g, 5) - 1;
        if (v < 0) out (g, "(- 1)");
        else sg_buf_printf (g->b, "%d", v);
        return;
      }
    case 3: out (g, "(seq.len "); gseq (g, d - 1); break;
    case 4: out (g, "(set.card "); gset (g, d - 1); break;
    case 5: out (g, "(bag.count "); gi (g, 0); out (g, " "); gbag (g, d - 1); break;
    case 6: out (g, "(bag.card "); gbag (g, d - 1); break;
    case 7: out (g, "(seq.indexof "); gseq (g, d - 1); out (g, " "); gseq (g, d - 1); out (g, " "); gi (g, 0); break;
    default: out (g, "(seq.nth "); gseq (g, d - 1); out (g, " "); gi (g, 0); break;
    }
  out (g, ")");
}

static void
gseq (gen *g, int d)
{
  uint32_t k = d <= 0 ? below (g, 2) : below (g, 11);
  static const char *const un[] = { "seq.rev" };
  switch (k)
    {
    case 0: out (g, "(as seq.empty (Seq Int))"); return;
    case 1: out (g, "(seq.unit "); gi (g, d - 1); break;
    case 2: case 3: out (g, "(seq.++ "); gseq (g, d - 1); out (g, " "); gseq (g, d - 1); break;
    case 4: out (g, "(seq.extract "); gseq (g, d - 1); out (g, " "); gi (g, 0); out (g, " "); gi (g, 0); break;
    case 5: out (g, "(seq.at "); gseq (g, d - 1); out (g, " "); gi (g, 0); break;
    case 6: out (g, "(seq.update "); gseq (g, d - 1); out (g, " "); gi (g, 0); out (g, " "); gseq (g, d - 1); break;
    case 7: out (g, "(seq.replace "); gseq (g, d - 1); out (g, " "); gseq (g, d - 1); out (g, " "); gseq (g, d - 1); break;
    case 8: out (g, "(seq.replace_all "); gseq (g, d - 1); out (g, " "); gseq (g, d - 1); out (g, " "); gseq (g, d - 1); break;
    default: out (g, "("); out (g, un[0]); out (g, " "); gseq (g, d - 1); break;
    }
  out (g, ")");
}

static void
gset (gen *g, int d)
{
  uint32_t k = d <= 0 ? below (g, 2) : below (g, 8);
  static const char *const bin[] = { "set.union", "set.inter", "set.minus" };
  switch (k)
    {
    case 0: out (g, "(as set.empty (Set Int))"); return;
    case 1: out (g, "(set.singleton "); gi (g, d - 1); break;
    case 2: case 3: case 4:
      sg_buf_printf (g->b, "(%s ", bin[k - 2]); gset (g, d - 1); out (g, " "); gset (g, d - 1);
      break;
    case 5: out (g, "(set.insert "); gi (g, 0); out (g, " "); gi (g, 0); out (g, " "); gset (g, d - 1); break;
    case 6: out (g, "(bag.to_set "); gbag (g, d - 1); break;
    default: out (g, "(set.union "); gset (g, d - 1); out (g, " "); gset (g, d - 1); out (g, " "); gset (g, d - 1); break;
    }
  out (g, ")");
}

static void
gbag (gen *g, int d)
{
  uint32_t k = d <= 0 ? below (g, 2) : below (g, 9);
  static const char *const bin[] = { "bag.union_max", "bag.union_disjoint", "bag.inter_min",
                                     "bag.difference_subtract", "bag.difference_remove" };
  switch (k)
    {
    case 0: out (g, "(as bag.empty (Bag Int))"); return;
    case 1: out (g, "(bag "); gi (g, 0); out (g, " "); gi (g, 0); break;
    case 2: case 3: case 4: case 5: case 6:
      sg_buf_printf (g->b, "(%s ", bin[k - 2]); gbag (g, d - 1); out (g, " "); gbag (g, d - 1);
      break;
    case 7: out (g, "(bag.duplicate_removal "); gbag (g, d - 1); break;
    default: out (g, "(bag.from_set "); gset (g, d - 1); break;
    }
  out (g, ")");
}

static void
gpair (gen *g)
{
  out (g, "(tuple ");
  gi (g, 0);
  out (g, " ");
  gi (g, 0);
  out (g, ")");
}

static void
grel (gen *g, int d)
{
  uint32_t k = d <= 0 ? below (g, 2) : below (g, 7);
  switch (k)
    {
    case 0: out (g, "(as set.empty (Relation Int Int))"); return;
    case 1: out (g, "(set.singleton "); gpair (g); break;
    case 2: out (g, "(set.union "); grel (g, d - 1); out (g, " "); grel (g, d - 1); break;
    case 3: out (g, "(rel.transpose "); grel (g, d - 1); break;
    case 4: out (g, "(rel.join "); grel (g, d - 1); out (g, " "); grel (g, d - 1); break;
    case 5: out (g, "(rel.tclosure "); grel (g, d - 1); break;
    default: out (g, "(set.insert "); gpair (g); out (g, " "); grel (g, d - 1); break;
    }
  out (g, ")");
}

static void
gbool (gen *g, int d, int th)
{
  uint32_t k = below (g, 4);
  switch (th * 4 + (int) k)
    {
    case 0: out (g, "(seq.contains "); gseq (g, d); out (g, " "); gseq (g, d); break;
    case 1: out (g, "(seq.prefixof "); gseq (g, d); out (g, " "); gseq (g, d); break;
    case 2: out (g, "(seq.suffixof "); gseq (g, d); out (g, " "); gseq (g, d); break;
    case 3: out (g, "(= "); gseq (g, d); out (g, " "); gseq (g, d); break;
    case 4: out (g, "(set.member "); gi (g, 0); out (g, " "); gset (g, d); break;
    case 5: out (g, "(set.subset "); gset (g, d); out (g, " "); gset (g, d); break;
    case 6: out (g, "(= "); gset (g, d); out (g, " "); gset (g, d); break;
    case 7: out (g, "(set.is_singleton "); gset (g, d); break;
    case 8: out (g, "(bag.member "); gi (g, 0); out (g, " "); gbag (g, d); break;
    case 9: out (g, "(bag.subbag "); gbag (g, d); out (g, " "); gbag (g, d); break;
    case 10: case 11: out (g, "(= "); gbag (g, d); out (g, " "); gbag (g, d); break;
    default: out (g, "(set.member "); gpair (g); out (g, " (rel.tclosure "); grel (g, d); out (g, ")"); break;
    }
  out (g, ")");
}

enum { TH_SEQ, TH_SET, TH_BAG, TH_REL };

static void
gterm (gen *g, int th)
{
  if (below (g, 4) == 0) { gbool (g, DEPTH - 1, th); return; }
  switch (th)
    {
    case TH_SEQ: if (below (g, 3)) gseq (g, DEPTH); else gi (g, DEPTH); break;
    case TH_SET: gset (g, DEPTH); break;
    case TH_BAG: gbag (g, DEPTH); break;
    default: grel (g, DEPTH); break;
    }
}

static uint64_t
seed_of (void)
{
  const char *e = getenv ("SG_EVAL_SEED");
  return e && *e ? strtoull (e, NULL, 0) : 20261126ull;
}

static void
theory_run (int th, const char *name, bool with_z3)
{
  if (!have ("cvc5") || (with_z3 && !have ("z3"))) { print_message ("cvc5 or z3 missing: skipped\n"); skip (); }
  gen g = { seed_of () * 4 + (uint64_t) th, NULL };
  sg_buf text;
  sg_buf_init (&text);
  g.b = &text;
  sg_buf_adds (&text, "(set-logic ALL)\n");
  for (uint32_t i = 0; i < TERMS; i++)
    {
      sg_buf_adds (&text, "(get-value (");
      gterm (&g, th);
      sg_buf_adds (&text, "))\n");
    }
  assert_true (sg_buf_ok (&text));
  tparse t;
  tp_parse (&t, sg_buf_cstr (&text));
  if (t.rc) fail_msg ("generated terms do not parse: %s", t.err);
  sg_eval *e = sg_eval_new (&t.s, NULL, 0);
  assert_non_null (e);
  char **tt = calloc (TERMS, sizeof *tt), **vt = calloc (TERMS, sizeof *vt);
  uint32_t undet = 0;
  assert_true (tt && vt);
  uint32_t n = collect_values (&t, e, tt, vt, TERMS, &undet);
  uint8_t *vz = calloc (n + 1, 1), *vc = calloc (n + 1, 1);
  assert_true (vz && vc);
  static const char *const z3[] = { "z3", "-smt2", NULL };
  static const char *const cvc5[] = { "cvc5", "--lang=smt2", "--incremental", "--strings-exp", "--sets-ext", NULL };
  const char *const *solvers[2] = { with_z3 ? z3 : NULL, cvc5 };
  uint8_t *v[2] = { vz, vc };
  check_values (tt, vt, n, BATCH, solvers, v);
  uint32_t agree = 0, refute = 0, zagree = 0, zrefute = 0;
  for (uint32_t k = 0; k < n; k++)
    {
      agree += vc[k] == V_AGREE;
      refute += vc[k] == V_REFUTE;
      zagree += vz[k] == V_AGREE;
      zrefute += vz[k] == V_REFUTE;
      if (vc[k] == V_REFUTE || vz[k] == V_REFUTE)
        print_message ("  %s: REFUTED by %s: %s = %s\n", name, vc[k] == V_REFUTE ? (vz[k] == V_REFUTE ? "both" : "cvc5") : "z3",
                       tt[k], vt[k]);
    }
  print_message ("%s: %u terms, %u undetermined (skipped), %u checked; cvc5 agrees %u, refutes %u%s", name, TERMS,
                 undet, n, agree, refute, with_z3 ? "" : "\n");
  if (with_z3) print_message ("; z3 agrees %u, refutes %u\n", zagree, zrefute);
  for (uint32_t k = 0; k < n; k++) free (tt[k]), free (vt[k]);
  free (tt);
  free (vt);
  free (vz);
  free (vc);
  sg_eval_free (e);
  tp_free (&t);
  sg_buf_free (&text);
  if (refute || zrefute) fail_msg ("%s: values refuted", name);
  assert_true (agree * 10 >= n * 9); /* nearly every value was actually confirmed */
}

static void test_seq (void **state) { (void) state; theory_run (TH_SEQ, "Seq", true); }
static void test_set (void **state) { (void) state; theory_run (TH_SET, "Set", false); }
static void test_bag (void **state) { (void) state; theory_run (TH_BAG, "Bag", false); }
static void test_rel (void **state) { (void) state; theory_run (TH_REL, "Relation", false); }

int
main (void)
{
  print_message ("eval_coll_solvers_z3_test: seed %llu (set SG_EVAL_SEED to change)\n",
                 (unsigned long long) seed_of ());
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_seq),
    cmocka_unit_test (test_set),
    cmocka_unit_test (test_bag),
    cmocka_unit_test (test_rel),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
