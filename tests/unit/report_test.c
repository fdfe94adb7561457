/* report_test: the listing order of buckets (campaign/report.h) — the wrong answer of a
 * soundness bucket read from the oracle's explanation in each wording the oracles write (the
 * culprit's "answered", a referee's verdict, the core oracle's prefix), and the ranks: wrong
 * unsat, wrong sat, an untold wrong answer, invalid model, crash, then the rest, unspecified
 * last. The order of `bugs list`, `bugs export` and `report` on a database: tests/cli (group
 * campaign). And a finding's reproduce command (oracle/repro.h): the exact words of the blamed
 * run (its validation flags, the drawn options located, the file last), shell-quoted, with the
 * expected and actual words; run on real triggers in tests/cli (group repro). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "campaign/report.h"
#include "campaign/report_int.h"
#include "oracle/repro.h"

/* assert_string_equal that takes NULL for "no answer". */
static void
answer_is (const char *solver, const char *why, const char *want)
{
  const char *got = sg_report_wrong_answer (solver, why);
  if (!want) assert_null (got);
  else
    {
      assert_non_null (got);
      assert_string_equal (got, want);
    }
}

static void
test_wrong_answer (void **state)
{
  (void) state;
  /* oracle/oracle.c: metamorphic and differential */
  answer_is ("cvc5", "cvc5 answered sat on query 1 with a model that falsifies an assertion (our evaluator), expected unsat", "sat");
  answer_is ("z3", "z3 answered unsat on query 2 but cvc5's model satisfies every assertion (expected sat)", "unsat");
  answer_is ("z3", "z3 answered unsat on query 1, expected sat", "unsat");
  answer_is ("cvc5", "cvc5 answered sat on query 1, expected unsat", "sat");
  /* the culprit's words, not the other solver's */
  answer_is ("cvc5", "cvc5 answered sat on query 1 with a model that falsifies an assertion; z3 answered unsat", "sat");
  answer_is ("z3", "cvc5 answered sat on query 1 with a model that falsifies an assertion; z3 answered unsat", "unsat");
  answer_is ("z3", "cvc5-z3 answered sat on query 1; z3 answered unsat", "unsat"); /* a name inside another */
  /* majority */
  answer_is ("cvc4", "cvc4 answered sat on query 1; 2 of the 3 solvers that decided say unsat (majority)", "sat");
  /* the core oracle */
  answer_is ("cvc5", "cvc5 answered unsat with the unsat core (a b), but those conjuncts alone are satisfiable: z3's model of them is valid under our evaluator", "unsat");
  answer_is ("z3", "with :produce-unsat-cores: z3 answered sat on query 1, expected unsat", "sat");
  /* a referee blamed the one that said the other answer */
  answer_is ("cvc5", "z3 and cvc5 disagree on query 1 (sat vs unsat); no model decides; referee cvc4 answers sat", "unsat");
  answer_is ("z3", "z3 and cvc5 disagree on query 1 (unsat vs sat); no model decides; referee cvc4 answers unsat", "sat");
  /* no one blamed, other kinds' wordings, damage */
  answer_is ("unattributed", "z3 and cvc5 disagree on query 1 (sat vs unsat); no model decides", NULL);
  answer_is ("z3", "z3 crashed: assertion violation", NULL);
  answer_is ("z3", "z3 answered satisfiable", NULL);
  answer_is ("z3", "", NULL);
  answer_is ("z3", NULL, NULL);
  answer_is ("", "z3 answered sat", NULL);
}

static void
test_rank (void **state)
{
  (void) state;
  const char *unsat = "z3 answered unsat on query 1 but cvc5's model satisfies every assertion";
  const char *sat = "z3 answered sat on query 1, expected unsat";
  assert_int_equal (sg_report_rank_of ("soundness", "z3", unsat), SG_REPORT_WRONG_UNSAT);
  assert_int_equal (sg_report_rank_of ("soundness", "z3", sat), SG_REPORT_WRONG_SAT);
  assert_int_equal (sg_report_rank_of ("soundness", "unattributed", "z3 and cvc5 disagree"), SG_REPORT_WRONG_ANSWER);
  assert_int_equal (sg_report_rank_of ("soundness", "z3", NULL), SG_REPORT_WRONG_ANSWER);
  assert_int_equal (sg_report_rank_of ("invalid-model", "z3", unsat), SG_REPORT_INVALID_MODEL);
  assert_int_equal (sg_report_rank_of ("crash", "z3", "z3 crashed"), SG_REPORT_CRASH);
  assert_int_equal (sg_report_rank_of ("incompleteness", "z3", sat), SG_REPORT_INCOMPLETE);
  assert_int_equal (sg_report_rank_of ("performance", "z3", ""), SG_REPORT_PERFORMANCE);
  assert_int_equal (sg_report_rank_of ("some-new-kind", "z3", ""), SG_REPORT_OTHER);
  assert_int_equal (sg_report_rank_of ("unspecified", "unattributed", ""), SG_REPORT_UNSPECIFIED);
  /* the order cvc5's guidelines ask for */
  assert_true (SG_REPORT_WRONG_UNSAT < SG_REPORT_WRONG_SAT && SG_REPORT_WRONG_SAT < SG_REPORT_WRONG_ANSWER
               && SG_REPORT_WRONG_ANSWER < SG_REPORT_INVALID_MODEL && SG_REPORT_INVALID_MODEL < SG_REPORT_CRASH
               && SG_REPORT_CRASH < SG_REPORT_INCOMPLETE && SG_REPORT_INCOMPLETE < SG_REPORT_PERFORMANCE
               && SG_REPORT_PERFORMANCE < SG_REPORT_OTHER && SG_REPORT_OTHER < SG_REPORT_UNSPECIFIED);
}

static void
test_shell_word (void **state)
{
  (void) state;
  static const char *const words[][2] = {
    { "z3", "z3" },           { "model_validate=true", "model_validate=true" },
    { "--tlimit=100", "--tlimit=100" }, { "a b", "'a b'" }, { "it's", "'it'\\''s'" },
    { "", "''" },             { "$HOME", "'$HOME'" }, { "x;rm", "'x;rm'" }, { "\xff", "'\xff'" },
  };
  for (size_t i = 0; i < sizeof words / sizeof *words; i++)
    {
      sg_buf b;
      sg_buf_init (&b);
      sg_repro_shell_word (&b, words[i][0]);
      assert_string_equal (sg_buf_cstr (&b), words[i][1]);
      sg_buf_free (&b);
    }
  const char *argv[] = { "cvc5", "--lang", "smt2" };
  sg_buf b;
  sg_buf_init (&b);
  sg_repro_shell_line (&b, argv, 3, "bug file.smt2");
  assert_string_equal (sg_buf_cstr (&b), "cvc5 --lang smt2 < 'bug file.smt2'");
  sg_buf_free (&b);
}

static sg_rc
profile_of (const char *text, sg_profile *p)
{
  sg_diag d;
  sg_diag_init (&d, "test");
  return sg_profile_parse (text, strlen (text), "cvc4", p, &d);
}

/* A cvc4 with --check-models and one drawn option answered unsat where z3 answered sat. */
static void
test_repro_words (void **state)
{
  (void) state;
  sg_profile cv, z;
  assert_int_equal (profile_of ("name = cvc4\nbinary = cvc4\ninput = file\nargs = -q --lang smt2\nmodel_args = --produce-models\n"
                                "validate_args = --check-models\n", &cv), SG_RC_OK);
  assert_int_equal (profile_of ("name = z3\nbinary = z3\ninput = file\nargs = -smt2\n", &z), SG_RC_OK);
  char *u[] = { strdup ("--simplification=none"), strdup ("--decision=internal") };
  for (int k = 0; k < 2; k++) assert_true (SG_VEC_PUSH (cv.user_args, u[k]));
  cv.fuzzed_args = 1;
  sg_probe p;
  sg_probe_init (&p);
  assert_true (SG_VEC_RESERVE (p.runs, 2));
  const sg_profile *profs[] = { &z, &cv };
  int answers[] = { SG_ANS_SAT, SG_ANS_UNSAT };
  for (int i = 0; i < 2; i++)
    {
      sg_probe_run *r = &p.runs.a[p.runs.n++];
      memset (r, 0, sizeof *r);
      r->prof = profs[i];
      r->model = -1;
      sg_outcome_init (&r->out);
      r->out.kind = SG_OUT_OK;
      assert_true (SG_VEC_PUSH (r->out.answers, answers[i]));
      r->argv.models = true;
      r->argv.validate = true;
    }
  p.verdict.kind = SG_VERDICT_SOUNDNESS;
  p.verdict.query = 0;
  sg_verdict_blame (&p.verdict, 1);
  sg_repro rp;
  assert_int_equal (sg_repro_of (&p, SG_NONE, "t.smt2", SG_ANS_NONE, &rp), SG_RC_OK);
  static const char *const want[] = { "cvc4", "-q", "--lang", "smt2", "--produce-models", "--check-models",
                                      "--simplification=none", "--decision=internal", "t.smt2" };
  assert_int_equal (rp.argv.n, 10); /* and the NULL */
  for (int k = 0; k < 9; k++) assert_string_equal (rp.argv.a[k], want[k]);
  assert_int_equal (rp.file_at, 8);
  assert_int_equal (rp.options_at, 7);
  assert_int_equal (rp.options_n, 1);
  assert_false (rp.on_stdin);
  assert_string_equal (rp.shows, "unsat");
  assert_string_equal (rp.expected, "sat (the answer of z3)");
  assert_string_equal (rp.actual, "`unsat`");
  sg_repro_free (&rp);
  /* a crash by a signal: the shell's status, nothing printed needed */
  p.verdict.kind = SG_VERDICT_CRASH;
  p.runs.a[1].out.kind = SG_OUT_CRASH;
  p.runs.a[1].out.sig = 11;
  assert_int_equal (sg_repro_of (&p, SG_NONE, "t.smt2", SG_ANS_NONE, &rp), SG_RC_OK);
  assert_int_equal (rp.status, 139);
  assert_string_equal (rp.shows, "");
  sg_repro_free (&rp);
  /* nobody blamed: no reproduce */
  p.verdict.culprit = SG_NONE;
  assert_int_equal (sg_repro_of (&p, SG_NONE, "t.smt2", SG_ANS_NONE, &rp), SG_RC_USAGE);
  sg_repro_free (&rp);
  sg_probe_free (&p);
  sg_profile_free (&cv);
  sg_profile_free (&z);
}

/* The options line of an unreduced bucket: a crash or an invalid model names the blamed
 * solver's drawn options only (issue 49); a wrong answer every run's. */
static void
test_options_of_blamed (void **state)
{
  (void) state;
  char dir[] = "/tmp/report_test.XXXXXX";
  assert_non_null (mkdtemp (dir));
  char path[256];
  snprintf (path, sizeof path, "%s/findings", dir);
  assert_int_equal (mkdir (path, 0700), 0);
  static const char *const kinds[] = { "crash", "invalid-model", "soundness" };
  static const char *const want[] = { "z3 sat.euf=true", "z3 sat.euf=true", "z3 sat.euf=true; cvc5 --sygus-inst" };
  for (int k = 0; k < 3; k++)
    {
      snprintf (path, sizeof path, "%s/findings/f.json", dir);
      FILE *f = fopen (path, "w");
      assert_non_null (f);
      fprintf (f, "{\"kind\": \"%s\", \"solver\": \"z3\", \"runs\": [{\"solver\": \"z3\", \"options\": [\"sat.euf=true\"]},"
                  " {\"solver\": \"cvc5\", \"options\": [\"--sygus-inst\"]}]}\n", kinds[k]);
      fclose (f);
      sg_report_helps h = { 0 };
      char out[256];
      sg_report_options (&h, dir, NULL, "findings/f.json", "", out, sizeof out);
      sg_report_helps_free (&h);
      assert_string_equal (out, want[k]);
      unlink (path);
    }
  snprintf (path, sizeof path, "%s/findings", dir);
  rmdir (path);
  rmdir (dir);
}

/* A bucket's reproduce line from a finding's JSON: the file word and the reduced options
 * spliced in; a damaged "reproduce" (positions out of range, wrong types) gives none. */
static void
test_repro_text (void **state)
{
  (void) state;
  static const char head[] = "{\"reproduce\": {\"solver\": \"z3\", \"command\": [\"z3\", \"-smt2\", \"a=1\", \"b=2\", \"f.smt2\"], ";
  char t[512];
  sg_report_repro r;
  snprintf (t, sizeof t, "%s\"file_at\": 4, \"options_at\": 2, \"options_n\": 2, \"status\": -1, \"shows\": \"sat\"}}", head);
  assert_true (sg_report_repro_text (t, strlen (t), NULL, "bug file.smt2", &r));
  assert_string_equal (r.shell, "z3 -smt2 a=1 b=2 'bug file.smt2'");
  assert_true (sg_report_repro_text (t, strlen (t), "; smtgrind options: cvc5 x; z3 b=0\n(check-sat)\n", "bug.smt2", &r));
  assert_string_equal (r.shell, "z3 -smt2 b=0 bug.smt2");
  assert_true (sg_report_repro_text (t, strlen (t), "(check-sat)\n", "bug.smt2", &r));
  assert_string_equal (r.shell, "z3 -smt2 bug.smt2"); /* reduced, no options line: none needed */
  /* an options line too long to splice whole: no command rather than one cut short */
  char *longline = malloc (6000);
  assert_non_null (longline);
  int w = snprintf (longline, 6000, "; smtgrind options: z3 ");
  memset (longline + w, 'A', 5000);
  snprintf (longline + w + 5000, 6000 - (size_t) w - 5000, " b=0\n(check-sat)\n");
  assert_false (sg_report_repro_text (t, strlen (t), longline, "bug.smt2", &r));
  free (longline);
  static const char *const bad[] = {
    "\"file_at\": 4, \"options_at\": 4294967295, \"options_n\": 2",
    "\"file_at\": 4, \"options_at\": -1, \"options_n\": 2",
    "\"file_at\": 4, \"options_at\": 2, \"options_n\": 9",
    "\"file_at\": \"4\"",
    "\"file_at\": 99",
    "\"file_at\": 1e30",
    "\"file_at\": 2.5",
    "\"file_at\": 4, \"status\": 1e12",
  };
  for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
    {
      snprintf (t, sizeof t, "%s%s}}", head, bad[k]);
      assert_false (sg_report_repro_text (t, strlen (t), NULL, "bug.smt2", &r));
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_wrong_answer),
    cmocka_unit_test (test_rank),
    cmocka_unit_test (test_shell_word),
    cmocka_unit_test (test_repro_words),
    cmocka_unit_test (test_options_of_blamed),
    cmocka_unit_test (test_repro_text),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
