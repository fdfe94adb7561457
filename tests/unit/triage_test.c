/* triage_test: the bisection over fake releases (oracle/triage.h) — every bad range of every
 * length, with and without the release the bug was found in, gives the true first bad, last
 * bad and fix in about 2·log2(n) tests; `every` tests each release once; a release that cannot
 * be judged counts as not bad. And the release manager's pure parts (run/release.h): specs,
 * family names, version order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "oracle/triage.h"
#include "run/release.h"

typedef struct fake {
  uint32_t lo, hi; /* bad releases [lo, hi]; lo > hi: none */
  uint32_t calls[64];
} fake;

static sg_triage_mark
test_fake (void *ctx, uint32_t i)
{
  fake *f = ctx;
  f->calls[i]++;
  return i >= f->lo && i <= f->hi ? SG_TRIAGE_BAD : i % 3 ? SG_TRIAGE_GOOD : SG_TRIAGE_NOT_JUDGED;
}

static uint32_t
log2up (uint32_t n)
{
  uint32_t k = 0;
  while ((1u << k) < n) k++;
  return k;
}

/* Judged by the fake: inside the bad range, or i % 3 != 0 (every third release outside it
 * cannot be judged: another finding or not judged, skipped). */
static bool
judged (const fake *f, uint32_t i)
{
  return (i >= f->lo && i <= f->hi) || i % 3 != 0;
}

static void
test_bisect_every_range (void **state)
{
  (void) state;
  for (uint32_t n = 1; n <= 40; n++)
    for (uint32_t lo = 0; lo < n; lo++)
      for (uint32_t hi = lo; hi < n; hi++)
        for (int known = 0; known < 2; known++)
          {
            fake f = { lo, hi, { 0 } };
            sg_triage t;
            /* the release the bug was found in: inside the range, or unknown */
            uint32_t kb = known ? lo + (hi - lo) / 2 : SG_TRIAGE_NONE;
            assert_int_equal (sg_triage_run (n, kb, false, test_fake, &f, &t), SG_RC_OK);
            /* The truth: the fix is the first judged release after the range. */
            uint32_t nj = n - 1, first_judged = 0, fix = SG_TRIAGE_NONE;
            while (!judged (&f, nj)) nj--;
            while (!judged (&f, first_judged)) first_judged++;
            for (uint32_t i = hi + 1; i < n && fix == SG_TRIAGE_NONE; i++)
              if (judged (&f, i)) fix = i;
            bool found = nj <= hi || known || first_judged >= lo;
            if (found)
              {
                assert_int_equal (t.first_bad, lo);
                assert_int_equal (t.last_bad, hi);
                assert_int_equal (t.open, hi == n - 1);
                assert_int_equal (t.fixed_in, fix);
              }
            else
              {
                /* Neither the newest, the oldest nor a known release is bad: not found. */
                assert_false (t.open);
                assert_int_equal (t.first_bad, SG_TRIAGE_NONE);
                assert_int_equal (t.fixed_in, SG_TRIAGE_NONE);
              }
            for (uint32_t i = 0; i < n; i++) assert_true (f.calls[i] <= 1);
            assert_true (t.tests <= 3 * log2up (n) + 6);
            for (uint32_t i = 0; i < n; i++)
              if (t.marks[i] != SG_TRIAGE_UNTESTED) assert_int_equal (t.marks[i] == SG_TRIAGE_BAD, i >= lo && i <= hi);
            sg_triage_free (&t);
          }
}

/* A skipped release is never the fix, and a skipped start is passed over (a hostile review:
 * an unjudgeable oldest release ended the search; a change of kind read as a fix). */
static sg_triage_mark
test_gap (void *ctx, uint32_t i)
{
  (void) ctx;
  static const sg_triage_mark m[] = { SG_TRIAGE_NOT_JUDGED, SG_TRIAGE_BAD, SG_TRIAGE_BAD, SG_TRIAGE_OTHER,
                                      SG_TRIAGE_OTHER, SG_TRIAGE_GOOD };
  return m[i];
}

static void
test_skipped_releases (void **state)
{
  (void) state;
  sg_triage t;
  assert_int_equal (sg_triage_run (6, SG_TRIAGE_NONE, false, test_gap, NULL, &t), SG_RC_OK);
  assert_int_equal (t.first_bad, 1);
  assert_int_equal (t.last_bad, 2);
  assert_int_equal (t.fixed_in, 5);
  assert_false (t.open);
  sg_triage_free (&t);
  assert_int_equal (sg_triage_run (5, SG_TRIAGE_NONE, false, test_gap, NULL, &t), SG_RC_OK);
  assert_int_equal (t.first_bad, 1);
  assert_int_equal (t.last_bad, 2); /* the newest judged; 3 and 4 say nothing */
  assert_int_equal (t.fixed_in, SG_TRIAGE_NONE);
  assert_false (t.open);
  sg_triage_free (&t);
  assert_int_equal (sg_triage_run (6, SG_TRIAGE_NONE, true, test_gap, NULL, &t), SG_RC_OK);
  assert_int_equal (t.fixed_in, 5);
  assert_int_equal (t.tests, 6);
  sg_triage_free (&t);
}

static void
test_every_and_absent (void **state)
{
  (void) state;
  fake f = { 3, 5, { 0 } };
  sg_triage t;
  assert_int_equal (sg_triage_run (9, SG_TRIAGE_NONE, true, test_fake, &f, &t), SG_RC_OK);
  assert_int_equal (t.tests, 9);
  assert_int_equal (t.first_bad, 3);
  assert_int_equal (t.last_bad, 5);
  assert_int_equal (t.fixed_in, 7); /* 6 cannot be judged: never taken for the fix */
  assert_false (t.open);
  sg_triage_free (&t);
  fake none = { 1, 0, { 0 } };
  assert_int_equal (sg_triage_run (9, 4, false, test_fake, &none, &t), SG_RC_OK);
  assert_int_equal (t.first_bad, SG_TRIAGE_NONE);
  assert_int_equal (t.fixed_in, SG_TRIAGE_NONE);
  assert_true (t.tests <= 4);
  sg_triage_free (&t);
}

static void
test_release_words (void **state)
{
  (void) state;
  assert_true (sg_release_is_spec ("z3@4.13.0"));
  assert_true (sg_release_is_spec ("cvc5@latest"));
  assert_true (sg_release_is_spec ("bitwuzla@0.9.1"));
  assert_false (sg_release_is_spec ("cvc4@1.8"));
  assert_false (sg_release_is_spec ("z3@4..1"));
  assert_false (sg_release_is_spec ("z3@4.1."));
  assert_false (sg_release_is_spec ("z3@../x"));
  assert_false (sg_release_is_spec ("z3@"));
  assert_false (sg_release_is_spec ("yices@2.6"));
  assert_string_equal (sg_release_family_of ("z3-4.13.0"), "z3");
  assert_string_equal (sg_release_family_of ("cvc4"), "cvc5");
  assert_string_equal (sg_release_family_of ("boolector"), "bitwuzla");
  assert_null (sg_release_family_of ("yices2"));
  char w[48];
  assert_true (sg_release_word_of_name ("cvc5-1.4.2", w, sizeof w));
  assert_string_equal (w, "cvc5@1.4.2");
  assert_false (sg_release_word_of_name ("cvc5", w, sizeof w));
  assert_false (sg_release_word_of_name ("z3-noodler", w, sizeof w));
  assert_true (sg_release_vercmp ("4.8.12", "4.13.0") < 0);
  assert_true (sg_release_vercmp ("4.13.0", "4.8.12") > 0);
  assert_int_equal (sg_release_vercmp ("1.0", "1.0.0"), 0);
  assert_true (sg_release_vercmp ("0.10.0", "0.9.1") > 0);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_bisect_every_range),
    cmocka_unit_test (test_every_and_absent),
    cmocka_unit_test (test_skipped_releases),
    cmocka_unit_test (test_release_words),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
