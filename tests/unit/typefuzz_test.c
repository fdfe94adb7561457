/* typefuzz_test: one TypeFuzz step on a small multi-theory script changes exactly one subtree of
 * one assert (same sort, arguments are existing subterms or small literals) and the printed
 * mutant re-parses to the same DAG; determinism for a fixed seed; binder safety (1,000 chained
 * mutants of a script with forall/exists/let and shadowing all re-parse); the corpus property:
 * 10,000 chained mutants of ../shared/corpus seeds all re-parse to the same DAG (skipped, loudly,
 * when the corpus is absent). Prints the generator's mutants/s. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/rng.h"
#include "front/equal.h"
#include "front/occ.h"
#include "tech/mutate/typefuzz.h"
#include "mutant_util.h"

static const char *small =
  "(set-logic ALL)\n"
  "(declare-const x Int)\n(declare-const r Real)\n(declare-const s String)\n"
  "(declare-const b (_ BitVec 8))\n(declare-const c (_ BitVec 4))\n"
  "(declare-const f (_ FloatingPoint 8 24))\n(declare-const a (Array Int Int))\n"
  "(declare-const p Bool)\n"
  "(assert (> (+ x 1) (select a x)))\n"
  "(assert (< r (to_real x)))\n"
  "(assert (str.in_re s (re.* (str.to_re \"ab\"))))\n"
  "(assert (= (str.len s) x))\n"
  "(assert (bvult (concat c c) b))\n"
  "(assert (fp.lt f (fp.add RNE f f)))\n"
  "(assert (or p (= ((_ extract 3 0) b) c)))\n"
  "(check-sat)\n";

static bool
is_literal (const sg_store *s, sg_term t)
{
  switch (sg_term_op (s, t))
    {
    case SG_OP_NUMERAL: case SG_OP_DECIMAL: case SG_OP_STRING: case SG_OP_BVLIT: case SG_OP_TRUE:
    case SG_OP_FALSE: case SG_OP_RNE: case SG_OP_RNA: case SG_OP_RTP: case SG_OP_RTN:
    case SG_OP_RTZ:
      return true;
    default:
      return false;
    }
}

/* a and b differ; descend while they share operator, arity, indices and all children but one. */
static void
diverge (const sg_store *s, sg_term *a, sg_term *b)
{
  while (*a != *b)
    {
      const sg_node *x = sg_term_node (s, *a), *y = sg_term_node (s, *b);
      if (x->op != y->op || x->nargs != y->nargs || x->nidx != y->nidx || x->aux != y->aux
          || x->op < SG_OP_FIRST_BUILTIN)
        return;
      if (memcmp (sg_term_indices (s, *a), sg_term_indices (s, *b), x->nidx * sizeof (uint32_t)))
        return;
      uint32_t diff = 0, at = 0;
      for (uint32_t k = 0; k < x->nargs; k++)
        if (sg_term_arg (s, *a, k) != sg_term_arg (s, *b, k)) diff++, at = k;
      if (diff != 1) return;
      *a = sg_term_arg (s, *a, at);
      *b = sg_term_arg (s, *b, at);
    }
}

static void
test_small_step (void **state)
{
  (void) state;
  tparse t;
  tp_parse (&t, small);
  assert_int_equal (t.rc, SG_RC_OK);
  sg_occs occs = { 0 };
  assert_int_equal (sg_occ_collect (&t.sc, 1u << 20, &occs), SG_RC_OK);
  sg_buf desc;
  sg_buf_init (&desc);
  unsigned ops_seen[SG_OP_COUNT] = { 0 };
  for (uint64_t seed = 1; seed <= 200; seed++)
    {
      sg_rng r;
      sg_rng_seed (&r, seed);
      sg_script m;
      assert_int_equal (sg_script_copy (&t.sc, &m), SG_RC_OK);
      bool done = false;
      assert_int_equal (sg_typefuzz_step (&m, &r, &desc, &done), SG_RC_OK);
      assert_true (done);
      assert_true (!strncmp (sg_buf_cstr (&desc), "replaced ", 9));
      assert_non_null (strstr (sg_buf_cstr (&desc), " at assert "));
      assert_int_equal (m.cmds.n, t.sc.cmds.n);
      unsigned changed = 0;
      for (uint32_t i = 0; i < m.cmds.n; i++)
        {
          const sg_cmd *c0 = &t.sc.cmds.a[i], *c1 = &m.cmds.a[i];
          assert_int_equal (c0->kind, c1->kind);
          assert_int_equal (c0->n, c1->n);
          for (uint32_t k = 0; k < c0->n; k++)
            {
              sg_term a = sg_cmd_items (&t.sc, c0)[k], b = sg_cmd_items (&m, c1)[k];
              if (a == b) continue;
              changed++;
              assert_int_equal (c0->kind, SG_WK_ASSERT);
              diverge (&t.s, &a, &b);
              /* The replaced subtree keeps its sort; the new root's arguments are subterms of
               * the seed or small literals (depth 1). */
              assert_int_equal (sg_term_sort (&t.s, a), sg_term_sort (&t.s, b));
              ops_seen[sg_term_op (&t.s, b)]++;
              for (uint32_t j = 0; j < sg_term_nargs (&t.s, b); j++)
                {
                  sg_term arg = sg_term_arg (&t.s, b, j);
                  bool found = is_literal (&t.s, arg);
                  for (uint32_t o = 0; o < occs.a.n && !found; o++) found = occs.a.a[o].term == arg;
                  if (!found) fail_msg ("seed %u: argument %u of the new term is new: %s",
                                        (unsigned) seed, j, sg_buf_cstr (&desc));
                }
            }
        }
      if (changed != 1) fail_msg ("seed %u: %u items changed", (unsigned) seed, changed);
      check_reparse (&m, sg_buf_cstr (&desc));
      sg_script_free (&m);
    }
  /* Operators of every theory of the seed get generated. */
  unsigned distinct_ops = 0;
  for (int o = 0; o < SG_OP_COUNT; o++) distinct_ops += ops_seen[o] != 0;
  fprintf (stderr, "typefuzz_test: 200 single steps used %u distinct root operators\n",
           distinct_ops);
  assert_true (distinct_ops >= 30);
  sg_buf_free (&desc);
  sg_occs_free (&occs);
  tp_free (&t);
}

/* Print the result of `steps` chained steps from seed `seed`. */
static void
chain_text (const char *text, uint64_t seed, unsigned steps, sg_buf *out)
{
  tparse t;
  tp_parse (&t, text);
  assert_int_equal (t.rc, SG_RC_OK);
  sg_rng r;
  sg_rng_seed (&r, seed);
  sg_buf desc;
  sg_buf_init (&desc);
  sg_buf_reset (out);
  for (unsigned i = 0; i < steps; i++)
    {
      bool done;
      assert_int_equal (sg_typefuzz_step (&t.sc, &r, &desc, &done), SG_RC_OK);
      assert_true (done);
      sg_buf_adds (out, sg_buf_cstr (&desc));
      sg_buf_addc (out, '\n');
    }
  sg_print_script (&t.sc, NULL, out);
  sg_buf_free (&desc);
  tp_free (&t);
}

static void
test_determinism (void **state)
{
  (void) state;
  sg_buf a, b, c;
  sg_buf_init (&a);
  sg_buf_init (&b);
  sg_buf_init (&c);
  chain_text (small, 77, 20, &a);
  chain_text (small, 77, 20, &b);
  chain_text (small, 78, 20, &c);
  assert_string_equal (sg_buf_cstr (&a), sg_buf_cstr (&b));
  assert_true (strcmp (sg_buf_cstr (&a), sg_buf_cstr (&c)) != 0);
  sg_buf_free (&a);
  sg_buf_free (&b);
  sg_buf_free (&c);
}

/* Bound variables never leave their binders: x is shadowed with another sort by a let, y and z
 * are local to one branch; declared z and g are shadowed by binders of the same name (so they
 * must not be moved under them); 1,000 chained mutants must all re-parse. */
static const char *binders =
  "(set-logic ALL)\n"
  "(declare-const n Int)\n(declare-const q Real)\n(declare-fun g (Int) Int)\n"
  "(declare-const z Int)\n(assert (> (g z) n))\n(assert (forall ((g Int)) (> g 0)))\n"
  "(assert (forall ((x Int)) (=> (> x n) (let ((x (to_real x))) (> x q)))))\n"
  "(assert (exists ((y Real)) (and (> y 0.0) (let ((z (+ y 1.0))) (< z (* 2.0 q))))))\n"
  "(assert (forall ((x Int) (w Int)) (! (= (g x) (+ w 1)) :pattern ((g x)))))\n"
  "(assert (let ((k (g n))) (and (> k 0) (forall ((k Real)) (> k q)))))\n"
  "(check-sat)\n";

static void
test_binder_safety (void **state)
{
  (void) state;
  sg_buf desc;
  sg_buf_init (&desc);
  unsigned mutants = 0;
  for (uint64_t seed = 1; mutants < 1000; seed++)
    {
      tparse t;
      tp_parse (&t, binders);
      assert_int_equal (t.rc, SG_RC_OK);
      sg_rng r;
      sg_rng_seed (&r, seed);
      for (unsigned i = 0; i < 10; i++, mutants++)
        {
          bool done;
          assert_int_equal (sg_typefuzz_step (&t.sc, &r, &desc, &done), SG_RC_OK);
          assert_true (done);
          char what[300];
          snprintf (what, sizeof what, "seed %u step %u: %s", (unsigned) seed, i,
                    sg_buf_cstr (&desc));
          check_reparse (&t.sc, what);
        }
      tp_free (&t);
    }
  sg_buf_free (&desc);
}

/* ---- corpus property ------------------------------------------------------------------------ */

enum { CORPUS_MUTANTS = 10000, CHAIN = 5 };
#define CORPUS_RNG_SEED 20241122u

static void
test_corpus_property (void **state)
{
  (void) state;
  mu_prop p = { .name = "typefuzz_test", .target = CORPUS_MUTANTS, .chain = CHAIN,
                .rng_seed = CORPUS_RNG_SEED, .mutate = typefuzz_mutate };
  mu_corpus_property (&p);
  fprintf (stderr,
           "typefuzz_test: rng seed %u: %u seeds parsed (%u not), %u without a fillable hole, "
           "%u mutants in %u round(s) of chains of %u, all re-parse to the same DAG; "
           "generator alone: %.0f mutants/s\n",
           CORPUS_RNG_SEED, p.seeds, p.unparsable, p.immutable, p.mutants, p.rounds, CHAIN,
           p.gen_s > 0 ? p.mutants / p.gen_s : 0.0);
  assert_int_equal (p.mutants, CORPUS_MUTANTS);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_small_step),    cmocka_unit_test (test_determinism),
    cmocka_unit_test (test_binder_safety), cmocka_unit_test (test_corpus_property),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
