/* opfuzz_z3_test: z3 acceptance of OpFuzz mutants. 600 mutants (1,000 with SG_TEST_FULL=1) of
 * corpus seeds (fixed rng seed; two per seed, after steps 3 and 6 of a chain) go to one
 * persistent z3 session; the share z3 does not reject with (error ...) (outcome kind !=
 * SG_OUT_REJECTED) must be at least 99 %.
 * Commands whose answer depends on the verdict (get-model, get-value, get-proof, get-unsat-core,
 * ...) and set-info (:status) are dropped from what is sent: a mutant that flips sat to unsat
 * makes z3 print (error "model is not available"), which says nothing about typing. A rejected
 * mutant counts only when z3 accepts its seed (so dialect rejections of the seed are excluded).
 * Skipped, loudly, without the corpus or z3. */
#include "mutant_util.h"
#include "tech/mutate/opfuzz.h"

enum { TARGET = 1000, TARGET_CI = 600, CHAIN = 6, TIMEOUT_MS = 3000, MAX_SEED_MS = 100 };
#define BUDGET_S 80.0
#define RNG_SEED 424242u

static void
opfuzz_init (void *ctx)
{
  sg_diag d;
  sg_diag_init (&d, "defaults");
  assert_int_equal (sg_opfuzz_load (ctx, NULL, &d), SG_RC_OK);
}

static void
opfuzz_fini (void *ctx)
{
  sg_opfuzz_free (ctx);
}

static void
test_z3_acceptance (void **state)
{
  (void) state;
  sg_opfuzz f;
  const mu_z3 p = { .name = "opfuzz_z3_test", .target = mu_full () ? TARGET : TARGET_CI,
                    .chain = CHAIN,
                    .timeout_ms = TIMEOUT_MS, .max_seed_ms = MAX_SEED_MS, .budget_s = BUDGET_S,
                    .rng_seed = RNG_SEED, .mutate = opfuzz_mutate, .ctx = &f,
                    .init = opfuzz_init, .fini = opfuzz_fini };
  mu_z3_acceptance (&p);
}

int
main (void)
{
  const struct CMUnitTest tests[] = { cmocka_unit_test (test_z3_acceptance) };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
