/* gen_bv_test: the bv generator (tech/gen/gen_core.c, gen_bv.c). Every identity of
 * gen_bv_ids.def holds by exhaustive evaluation at widths 1..4 (every K too); every sat
 * formula's witness is valid under our evaluator; unsat formulas at widths 1..3 have no model
 * among all assignments; formulas replay from the seed; mixed gives both statuses. */
#include "gen_util.h"

static void
check_bv_identity (size_t i, uint32_t w)
{
  const sg_gen_identity *id = sg_gen_identity_at (SG_GEN_BV, i);
  uint32_t vars = sg_gen_template_vars (id->lhs) | sg_gen_template_vars (id->rhs);
  assert_int_equal (vars & ~7u, 0);
  uint32_t kmax = w >= 2 ? w - 1 : 1;
  for (uint32_t k = 1; k <= kmax; k++)
    {
      sg_store s;
      assert_int_equal (sg_store_init (&s), SG_RC_OK);
      sg_eval *e = sg_eval_new (&s, NULL, 0);
      sg_sort so;
      assert_int_equal (sg_sort_bv (&s, w, &so), SG_RC_OK);
      uint64_t nv = 1ull << w;
      sg_term lit[16];
      for (uint64_t v = 0; v < nv; v++) lit[v] = value_term (&s, so, v);
      uint64_t nx = vars & 1 ? nv : 1, ny = vars & 2 ? nv : 1, nz = vars & 4 ? nv : 1;
      for (uint64_t x = 0; x < nx; x++)
        for (uint64_t y = 0; y < ny; y++)
          for (uint64_t z = 0; z < nz; z++)
            {
              sg_gen_env env = { .w = w, .k = k, .rs = SG_OP_RNE, .rn = SG_OP_RNE,
                                 .x = vars & 1 ? lit[x] : SG_NONE, .y = vars & 2 ? lit[y] : SG_NONE,
                                 .z = vars & 4 ? lit[z] : SG_NONE, .r = SG_NONE, .q = SG_NONE, .u = SG_NONE };
              char err[480];
              sg_term l, r;
              if (sg_gen_template (&s, id->lhs, &env, &l, err, sizeof err)
                  || sg_gen_template (&s, id->rhs, &env, &r, err, sizeof err))
                fail_msg ("identity %s at width %u: %s", id->name, w, err);
              assert_int_equal (sg_term_sort (&s, l), sg_term_sort (&s, r));
              sg_val a, b;
              assert_int_equal (sg_eval_term (e, l, &a), SG_RC_OK);
              assert_int_equal (sg_eval_term (e, r, &b), SG_RC_OK);
              if (sg_v_is_undet (a) || sg_v_is_undet (b) || sg_v_equal (a, b) != 1)
                {
                  sg_buf pa, pb;
                  sg_buf_init (&pa);
                  sg_buf_init (&pb);
                  sg_v_print (&s, a, &pa);
                  sg_v_print (&s, b, &pb);
                  fail_msg ("identity %s fails at width %u, K %u, x %llu y %llu z %llu: %s vs %s", id->name,
                            w, k, (unsigned long long) x, (unsigned long long) y, (unsigned long long) z,
                            sg_buf_cstr (&pa), sg_buf_cstr (&pb));
                }
            }
      sg_eval_free (e);
      sg_store_free (&s);
    }
}

static void
test_identities_exhaustive (void **state)
{
  (void) state;
  size_t n = sg_gen_identity_count (SG_GEN_BV);
  assert_true (n >= 40);
  for (size_t i = 0; i < n; i++)
    for (uint32_t w = 1; w <= 4; w++)
      if (w >= sg_gen_identity_at (SG_GEN_BV, i)->minw) check_bv_identity (i, w);
}

static void
test_sat_witnesses (void **state)
{
  (void) state;
  static const uint32_t widths[] = { 0, 1, 3, 8, 64, 0 };
  for (size_t wi = 0; wi < sizeof widths / sizeof widths[0]; wi++)
    {
      tgen g;
      tg_open (&g, "bv", 0, widths[wi], 0, 0, 100 + wi);
      for (int i = 0; i < 150; i++)
        {
          const char *text = tg_next (&g);
          assert_int_equal (g.m.expected, SG_ANS_SAT);
          assert_non_null (strstr (text, "(set-info :status sat)"));
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
  for (uint32_t w = 1; w <= 3; w++)
    {
      tgen g;
      tg_open (&g, "bv", 1, w, 0, 0, 7 * w);
      for (int i = 0; i < 80; i++)
        {
          const char *text = tg_next (&g);
          assert_int_equal (g.m.expected, SG_ANS_UNSAT);
          assert_non_null (strstr (text, "(set-info :status unsat)"));
          assert_null (strstr (text, ";; witness"));
          confirmed += confirm_unsat (text, 4096);
          enumerated += strstr (sg_buf_cstr (&g.m.desc), "unsat (enumeration)") != NULL;
        }
      tg_close (&g);
    }
  assert_true (confirmed >= 200);
  assert_true (enumerated >= 20); /* a fifth of the unsat formulas, when the sorts are tiny */
}

static void
test_replay_and_mixed (void **state)
{
  (void) state;
  tg_replay_and_mixed ("bv");
}

/* random: no status line, no witness, expected NONE. */
static void
test_random (void **state)
{
  (void) state;
  tgen g;
  tg_open (&g, "bv", 3, 0, 0, 0, 8);
  for (int i = 0; i < 30; i++)
    {
      const char *text = tg_next (&g);
      assert_int_equal (g.m.expected, SG_ANS_NONE);
      assert_null (strstr (text, ":status"));
      assert_null (strstr (text, "witness"));
      tparse t;
      tp_parse (&t, text);
      assert_int_equal (t.rc, SG_RC_OK);
      tp_free (&t);
    }
  tg_close (&g);
}

static void
test_template_errors (void **state)
{
  (void) state;
  sg_store s;
  assert_int_equal (sg_store_init (&s), SG_RC_OK);
  sg_sort so;
  assert_int_equal (sg_sort_bv (&s, 4, &so), SG_RC_OK);
  sg_term x = value_term (&s, so, 3), t;
  sg_gen_env env = { .w = 4, .k = 1, .x = x, .y = SG_NONE, .z = SG_NONE, .r = SG_NONE, .q = SG_NONE, .u = SG_NONE };
  char err[480];
  assert_int_equal (sg_gen_template (&s, "(bvadd x x)", &env, &t, err, sizeof err), SG_RC_OK);
  assert_int_not_equal (sg_gen_template (&s, "(bvadd x y)", &env, &t, err, sizeof err), SG_RC_OK);
  assert_int_not_equal (sg_gen_template (&s, "(bvfoo x)", &env, &t, err, sizeof err), SG_RC_OK);
  assert_int_not_equal (sg_gen_template (&s, "(bvadd x (bvnot x)", &env, &t, err, sizeof err), SG_RC_OK);
  assert_int_not_equal (sg_gen_template (&s, "(bvadd x b1)", &env, &t, err, sizeof err), SG_RC_OK);
  assert_int_equal (sg_gen_template_vars ("(bvadd x (bvmul y x))"), 3);
  sg_store_free (&s);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_identities_exhaustive),
    cmocka_unit_test (test_sat_witnesses),
    cmocka_unit_test (test_unsat_exhaustive),
    cmocka_unit_test (test_replay_and_mixed),
    cmocka_unit_test (test_random),
    cmocka_unit_test (test_template_errors),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
