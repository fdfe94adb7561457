/* classify_captures_test: the classification rules on real output of the Debian solvers.
 * tests/data/outputs/INDEX.tsv lists captures made by tests/data/outputs/capture.py (z3 4.8.12,
 * cvc4 1.8, cvc5 1.0.3, boolector 1.5.118, with the flags our profiles pass): the exact stdout
 * and stderr, the exit status or signal, and the kind smtgrind must give. Every capture is
 * classified with the built-in patterns and profiles and the kind (and, for crashes, a
 * non-empty signature) is asserted. Among them the false alarm of issue 13: cvc5's
 * (error "... POW(^) ... Exception occurred in: ...") with exit 1 is a rejection, while
 * z3's assertion violation (exit 114) and cvc5's segfault stay crashes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "run/classify.h"
#include "run/patterns.h"
#include "run/profile.h"

#define DIR "tests/data/outputs/"

static void
read_into (const char *name, const char *ext, sg_buf *b)
{
  char path[256];
  snprintf (path, sizeof path, DIR "%s%s", name, ext);
  char *text = NULL;
  size_t len = 0;
  sg_diag d;
  sg_diag_init (&d, path);
  assert_int_equal (sg_file_read (path, 1u << 20, &text, &len, &d), SG_RC_OK);
  sg_buf_reset (b);
  sg_buf_add (b, text, len);
  free (text);
}

static void
test_captures (void **state)
{
  (void) state;
  sg_patterns pats;
  sg_patterns_init (&pats);
  assert_int_equal (sg_patterns_add_defaults (&pats), SG_RC_OK);
  sg_diag d;
  sg_profiles profs;
  assert_int_equal (sg_profiles_init (&profs, &d), SG_RC_OK);

  char *index = NULL;
  size_t len = 0;
  assert_int_equal (sg_file_read (DIR "INDEX.tsv", 1u << 20, &index, &len, &d), SG_RC_OK);
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  sg_outcome o;
  sg_outcome_init (&o);
  int cases = 0, seen_pow = 0;
  int per_kind[SG_OUT_NKINDS] = { 0 };
  for (char *line = strtok (index, "\n"); line; line = strtok (NULL, "\n"))
    {
      if (line[0] == '#') continue;
      char *f[6] = { 0 };
      int nf = 0;
      for (char *p = line; nf < 6; nf++)
        {
          f[nf] = p;
          char *tab = strchr (p, '\t');
          if (!tab)
            {
              nf++;
              break;
            }
          *tab = 0;
          p = tab + 1;
        }
      assert_int_equal (nf, 6);
      const char *name = f[0], *solver = f[1], *status = f[3], *expect = f[4];
      const sg_profile *prof = sg_profiles_find (&profs, solver);
      assert_non_null (prof);
      sg_spawn_result_reset (&r);
      read_into (name, ".out", &r.out);
      read_into (name, ".err", &r.err);
      int v = 0;
      if (sscanf (status, "exit %d", &v) == 1)
        {
          r.end = SG_END_EXITED;
          r.exit_code = v;
        }
      else
        {
          assert_int_equal (sscanf (status, "signal %d", &v), 1);
          r.end = SG_END_SIGNALED;
          r.sig = v;
        }
      assert_int_equal (sg_classify_run (&pats, prof, &r, &o), SG_RC_OK);
      char desc[512];
      sg_outcome_describe (&o, desc, sizeof desc);
      if (strcmp (sg_outcome_kind_name (o.kind), expect))
        fail_msg ("%s (%s): expected %s, got %s", name, solver, expect, desc);
      if (o.kind == SG_OUT_CRASH || o.kind == SG_OUT_INVALID_MODEL)
        assert_true (o.signature[0] != 0);
      if (!strcmp (name, "cvc5-pow-rejected"))
        {
          /* The words that made it a crash before are there: the rule, not the text, changed. */
          assert_non_null (strstr (r.out.s, "Exception occurred in"));
          assert_string_equal (o.reason, "rejected pattern '(error '");
          seen_pow = 1;
        }
      if (!strcmp (name, "z3-fma-crash"))
        assert_string_equal (o.signature, "assert ./src/ast/fpa/fpa2bv_converter.cpp:118");
      per_kind[o.kind]++;
      cases++;
    }
  assert_true (seen_pow);
  /* Every class the rules decide is covered by real output. */
  assert_true (cases >= 19);
  assert_true (per_kind[SG_OUT_CRASH] >= 2);
  assert_true (per_kind[SG_OUT_REJECTED] >= 5);
  assert_true (per_kind[SG_OUT_TIMEOUT] >= 2);
  assert_true (per_kind[SG_OUT_MEMOUT] >= 2);
  assert_true (per_kind[SG_OUT_INVALID_MODEL] >= 1);
  assert_true (per_kind[SG_OUT_OK] >= 4);
  sg_outcome_free (&o);
  sg_spawn_result_free (&r);
  free (index);
  sg_profiles_free (&profs);
  sg_patterns_free (&pats);
}

/* The words of a rejection never make a crash, whatever the solver; an internal failure marker
 * does, even inside an (error "...") response; an error string that is never closed hides
 * what follows it (when in doubt, not a bug). */
static void
test_error_responses (void **state)
{
  (void) state;
  sg_patterns pats;
  sg_patterns_init (&pats);
  assert_int_equal (sg_patterns_add_defaults (&pats), SG_RC_OK);
  sg_diag d;
  sg_profiles profs;
  assert_int_equal (sg_profiles_init (&profs, &d), SG_RC_OK);
  static const struct {
    const char *solver, *out, *err;
    int exit_code;
    sg_outcome_kind want;
  } cases[] = {
    { "cvc5", "(error \"Exception: Segmentation fault is just a word \"\"here\"\" Aborted\")\n", "", 1,
      SG_OUT_REJECTED },
    { "z3", "(error \"line 1 column 2: invalid expression\")\nsat\n", "", 1, SG_OUT_REJECTED },
    /* for a solver we have no profile of (generic words count), the word after the
     * response's end counts again */
    { "other", "(error \"bad\")\nException in thread\n", "", 1, SG_OUT_CRASH },
    /* markers count anywhere */
    { "cvc5", "(error \"Internal error detected in foo\")\n", "", 1, SG_OUT_CRASH },
    { "z3", "(error \"x\")\nASSERTION VIOLATION\nFile: a.cpp\nLine: 3\n", "", 114, SG_OUT_CRASH },
    /* an unclosed string hides what follows */
    { "other", "(error \"unterminated\nException\n", "", 1, SG_OUT_REJECTED },
    /* a marker of another solver is only a word */
    { "cvc5", "(error \"ASSERTION VIOLATION\")\n", "", 1, SG_OUT_REJECTED },
    /* a model or an echo may hold the generic words: not crash evidence for a built-in
     * profile (own_crash_markers), which has its own markers */
    { "z3", "sat\n(\n  (define-fun Exception () Int 0)\n  (define-fun Aborted () Bool true)\n)\n", "", 0,
      SG_OUT_OK },
    { "cvc5", "Segmentation fault\nsat\n", "", 0, SG_OUT_OK },
    /* sanitizer reports on stderr */
    { "cvc5", "sat\n", "==1==ERROR: AddressSanitizer: heap-use-after-free on address\n", 1,
      SG_OUT_CRASH },
  };
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  sg_outcome o;
  sg_outcome_init (&o);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      sg_spawn_result_reset (&r);
      sg_buf_adds (&r.out, cases[i].out);
      sg_buf_adds (&r.err, cases[i].err);
      r.end = SG_END_EXITED;
      r.exit_code = cases[i].exit_code;
      assert_int_equal (sg_classify_run (&pats, sg_profiles_find (&profs, cases[i].solver), &r, &o),
                        SG_RC_OK);
      char desc[512];
      sg_outcome_describe (&o, desc, sizeof desc);
      if (o.kind != cases[i].want)
        fail_msg ("case %zu: expected %s, got %s", i, sg_outcome_kind_name (cases[i].want), desc);
    }
  sg_outcome_free (&o);
  sg_spawn_result_free (&r);
  sg_profiles_free (&profs);
  sg_patterns_free (&pats);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_captures),
    cmocka_unit_test (test_error_responses),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
