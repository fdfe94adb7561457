/* classify_family_test: a solver's classification rows apply to every profile of its family
 * (a release such as z3-5.4.1 or cvc5-1.4.2, run/release.h), never to another solver whose
 * name only starts the same. Split from run_test.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "run/classify.h"
#include "run/patterns.h"
#include "run/profile.h"
#include "run/spawn.h"

/* A solver's own rows apply to every profile of its family (issue 47): a release profile
 * z3-5.4.1 (own crash markers, so the generic words do not count) crashes on z3's "ASSERTION
 * VIOLATION" and times out on z3's "timeout" line, cvc5-1.4.2 crashes on cvc5's "Fatal failure
 * within"; z3-noodler, another solver, gets none of z3's rows. */
static void
test_classify_family (void **state)
{
  (void) state;
  sg_profiles profs;
  sg_patterns pats;
  sg_diag d;
  sg_patterns_init (&pats);
  assert_int_equal (sg_profiles_init (&profs, &d), SG_RC_OK);
  assert_int_equal (sg_patterns_add_defaults (&pats), SG_RC_OK);
  static const struct {
    const char *base, *name, *out;
    int code;
    sg_outcome_kind kind;
  } cases[] = {
    { "z3", "z3-5.4.1", "ASSERTION VIOLATION\nFile: ../src/ast/ast.cpp\n", 114, SG_OUT_CRASH },
    { "z3", "z3-5.4.1", "timeout\n", 0, SG_OUT_TIMEOUT },
    { "z3", "z3-4.8.17", "UNEXPECTED CODE WAS REACHED.\n", 114, SG_OUT_CRASH },
    { "cvc5", "cvc5-1.4.2", "Fatal failure within void cvc5::internal::f() at x.cpp:1\n", 0, SG_OUT_CRASH },
    { "z3", "z3-noodler", "ASSERTION VIOLATION\n", 114, SG_OUT_ABNORMAL_EXIT },
  };
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  sg_outcome o;
  sg_outcome_init (&o);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      sg_profile p;
      assert_int_equal (sg_profile_copy (sg_profiles_find (&profs, cases[i].base), &p), SG_RC_OK);
      snprintf (p.name, sizeof p.name, "%s", cases[i].name);
      assert_true (p.own_crash_markers);
      sg_spawn_result_reset (&r);
      sg_buf_adds (&r.out, cases[i].out);
      r.end = SG_END_EXITED;
      r.exit_code = cases[i].code;
      assert_int_equal (sg_classify_run (&pats, &p, &r, &o), SG_RC_OK);
      if (o.kind != cases[i].kind)
        fail_msg ("%s: got %s (%s), want %s", cases[i].name, sg_outcome_kind_name (o.kind), o.reason,
                  sg_outcome_kind_name (cases[i].kind));
      sg_profile_free (&p);
    }
  sg_outcome_free (&o);
  sg_spawn_result_free (&r);
  sg_patterns_free (&pats);
  sg_profiles_free (&profs);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_classify_family),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
