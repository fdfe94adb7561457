/* gen_fp_test: the fp generator (tech/gen/gen_core.c, gen_fp.c). Every identity of gen_fp_ids.def
 * holds by exhaustive evaluation in the 5-bit format (2, 3) (every x and y, every rounding mode,
 * z from a sample) and on random inputs in (3, 4) and (2, 6); every sat formula's witness is
 * valid under our evaluator; small unsat formulas have no model among all assignments; formulas
 * replay from the seed; --format is honoured. */
#include "gen_util.h"

/* Check identity i on the inputs (x, y, z, r, q, u) given by indices into the value lists. */
static void
check_one (sg_store *s, sg_eval *e, const sg_gen_identity *id, uint32_t eb, uint32_t sb,
           const sg_term *fl, const sg_term *rl, const sg_term *ul, uint64_t x, uint64_t y,
           uint64_t z, uint64_t r, uint64_t q, uint64_t u, sg_rng *rng)
{
  uint32_t vars = sg_gen_template_vars (id->lhs) | sg_gen_template_vars (id->rhs);
  sg_gen_env env = { .eb = eb, .sb = sb, .x = vars & 1 ? fl[x] : SG_NONE, .y = vars & 2 ? fl[y] : SG_NONE,
                     .z = vars & 4 ? fl[z] : SG_NONE, .r = vars & 8 ? rl[r] : SG_NONE,
                     .q = vars & 16 ? rl[q] : SG_NONE, .u = vars & 32 ? ul[u] : SG_NONE };
  sg_gen_env_draw (&env, rng);
  char err[480];
  sg_term l, rt;
  if (sg_gen_template (s, id->lhs, &env, &l, err, sizeof err) || sg_gen_template (s, id->rhs, &env, &rt, err, sizeof err))
    fail_msg ("identity %s in (%u, %u): %s", id->name, eb, sb, err);
  assert_int_equal (sg_term_sort (s, l), sg_term_sort (s, rt));
  sg_val a, b;
  assert_int_equal (sg_eval_term (e, l, &a), SG_RC_OK);
  assert_int_equal (sg_eval_term (e, rt, &b), SG_RC_OK);
  if (sg_v_is_undet (a) || sg_v_is_undet (b) || sg_v_equal (a, b) != 1)
    {
      sg_buf pa, pb, pl;
      sg_buf_init (&pa);
      sg_buf_init (&pb);
      sg_buf_init (&pl);
      sg_v_print (s, a, &pa);
      sg_v_print (s, b, &pb);
      sg_print_term (s, l, NULL, &pl);
      fail_msg ("identity %s fails in (%u, %u): %s: %s vs %s", id->name, eb, sb, sg_buf_cstr (&pl),
                sg_buf_cstr (&pa), sg_buf_cstr (&pb));
    }
}

static void
check_fp_identity (size_t i, uint32_t eb, uint32_t sb, uint64_t samples, sg_rng *rng)
{
  const sg_gen_identity *id = sg_gen_identity_at (SG_GEN_FP, i);
  uint32_t vars = sg_gen_template_vars (id->lhs) | sg_gen_template_vars (id->rhs);
  sg_store s;
  assert_int_equal (sg_store_init (&s), SG_RC_OK);
  sg_eval *e = sg_eval_new (&s, NULL, 0);
  sg_sort fs, bs;
  assert_int_equal (sg_sort_fp (&s, eb, sb, &fs), SG_RC_OK);
  assert_int_equal (sg_sort_bv (&s, eb + sb, &bs), SG_RC_OK);
  uint64_t nv = 1ull << (eb + sb);
  sg_term *fl = malloc (nv * sizeof *fl), *ul = malloc (nv * sizeof *ul), rl[5];
  for (uint64_t v = 0; v < nv; v++)
    {
      fl[v] = value_term (&s, fs, v);
      ul[v] = value_term (&s, bs, v);
    }
  for (uint64_t v = 0; v < 5; v++) rl[v] = value_term (&s, s.s_rm, v);
  if (!samples)
    {
      /* every x, y (and u), every r and q; z from a sample */
      static const uint64_t zs[] = { 0, 1, 3, 4, 8, 12, 15, 16, 17, 23, 28, 31 };
      uint64_t nx = vars & 1 ? nv : 1, ny = vars & 2 ? nv : 1, nu = vars & 32 ? nv : 1;
      uint64_t nz = vars & 4 ? sizeof zs / sizeof zs[0] : 1, nr = vars & 8 ? 5 : 1, nq = vars & 16 ? 5 : 1;
      for (uint64_t x = 0; x < nx; x++)
        for (uint64_t y = 0; y < ny; y++)
          for (uint64_t z = 0; z < nz; z++)
            for (uint64_t r = 0; r < nr; r++)
              for (uint64_t q = 0; q < nq; q++)
                for (uint64_t u = 0; u < nu; u++)
                  check_one (&s, e, id, eb, sb, fl, rl, ul, x, y, zs[z] % nv, r, q, u, rng);
    }
  else
    for (uint64_t k = 0; k < samples; k++)
      check_one (&s, e, id, eb, sb, fl, rl, ul, sg_rng_below (rng, nv), sg_rng_below (rng, nv),
                 sg_rng_below (rng, nv), sg_rng_below (rng, 5), sg_rng_below (rng, 5),
                 sg_rng_below (rng, nv), rng);
  free (fl);
  free (ul);
  sg_eval_free (e);
  sg_store_free (&s);
}

static void
test_identities_exhaustive (void **state)
{
  (void) state;
  size_t n = sg_gen_identity_count (SG_GEN_FP);
  assert_true (n >= 40);
  sg_rng rng;
  sg_rng_seed (&rng, 19);
#ifdef __SANITIZE_ADDRESS__
  /* Under ASan the evaluator runs ~60x slower (3 minutes for the exhaustive pass): the
   * sanitizer looks for memory errors, which samples reach as well; the plain build runs it
   * exhaustively. */
  const uint64_t small = 3000;
#else
  const uint64_t small = 0;
#endif
  for (size_t i = 0; i < n; i++)
    {
      check_fp_identity (i, 2, 3, small, &rng);
      check_fp_identity (i, 3, 4, 1500, &rng);
      check_fp_identity (i, 2, 6, 1500, &rng);
    }
}

static void
test_sat_witnesses (void **state)
{
  (void) state;
  static const uint32_t fmts[][2] = { { 0, 0 }, { 2, 3 }, { 3, 5 }, { 8, 24 }, { 11, 53 }, { 0, 0 } };
  for (size_t fi = 0; fi < sizeof fmts / sizeof fmts[0]; fi++)
    {
      tgen g;
      tg_open (&g, "fp", 0, 0, fmts[fi][0], fmts[fi][1], 300 + fi);
      for (int i = 0; i < 150; i++)
        {
          const char *text = tg_next (&g);
          assert_int_equal (g.m.expected, SG_ANS_SAT);
          assert_non_null (strstr (text, "(set-info :status sat)"));
          if (fmts[fi][0] == 8) assert_non_null (strstr (text, "(_ FloatingPoint 8 24)"));
          check_witness (text);
        }
      tg_close (&g);
    }
}

static void
test_unsat_exhaustive (void **state)
{
  (void) state;
  uint32_t confirmed = 0, enumerated = 0;
  tgen g;
  tg_open (&g, "fp", 1, 0, 2, 3, 77);
  for (int i = 0; i < 200; i++)
    {
      const char *text = tg_next (&g);
      assert_int_equal (g.m.expected, SG_ANS_UNSAT);
      assert_non_null (strstr (text, "(set-info :status unsat)"));
      confirmed += confirm_unsat (text, 5000);
      enumerated += strstr (sg_buf_cstr (&g.m.desc), "unsat (enumeration)") != NULL;
    }
  tg_close (&g);
  assert_true (confirmed >= 80);
  assert_true (enumerated >= 10);
}

static void
test_replay_and_mixed (void **state)
{
  (void) state;
  tg_replay_and_mixed ("fp");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_identities_exhaustive),
    cmocka_unit_test (test_sat_witnesses),
    cmocka_unit_test (test_unsat_exhaustive),
    cmocka_unit_test (test_replay_and_mixed),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
