/* corpus_test: every file of ../shared/corpus parses and type-checks (except the listed files
 * that are invalid SMT-LIB on purpose), and print-then-parse gives the identical DAG and the
 * identical text. Skipped, loudly, when the corpus is absent. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "front/equal.h"
#include "mutant_util.h"

/* Files the corpus keeps although they are not valid SMT-LIB: cvc5 regression tests of error
 * messages, on which z3 and cvc5 print an error and go on to answer. We reject them. */
static const struct { const char *file, *error; } invalid[] = {
  { "QF_BV/cvc5_issue12514-bitvec-width-overflow.smt2", "6:28: error: index larger than" },
  { "QF_BV/cvc5_issue12514-sign-extend-overflow.smt2", "7:28: error: index larger than" },
  /* a NUL inside a literal: cvc5 1.0.3 and z3 4.8.12 answer (z3 ends the literal there), newer
   * cvc5 refuses it, as SMT-LIB does */
  { "QF_S/cvc5_issue9990-nprint-char.smt2", "6:41: error: control byte 0x00 in a string literal" },
};

static const char *
expected_error (const char *rel)
{
  for (size_t i = 0; i < sizeof invalid / sizeof *invalid; i++)
    if (!strcmp (rel, invalid[i].file)) return invalid[i].error;
  return NULL;
}

static void
test_corpus_roundtrip (void **state)
{
  (void) state;
  const char *corpus = corpus_dir ();
  FILE *ix = corpus_index_open (corpus, "corpus_test");
  char line[8192];
  unsigned files = 0, rejected = 0, let_printed = 0;
  uint64_t bytes = 0;
  while (fgets (line, sizeof line, ix))
    {
      char *tab = strchr (line, '\t');
      if (!tab || !strncmp (line, "path\t", 5)) continue;
      *tab = 0;
      char path[16400];
      snprintf (path, sizeof path, "%s/%s", corpus, line);
      size_t len = 0;
      char *text = slurp (path, &len);
      if (!text) fail_msg ("cannot read %s", path);
      files++;
      bytes += len;
      sg_store s, s2;
      sg_script sc, sc2;
      sg_diag d, d2;
      assert_int_equal (sg_store_init (&s), SG_RC_OK);
      sg_script_init (&sc, &s);
      sg_diag_init (&d, line);
      sg_rc rc = sg_parse_string (&s, &sc, text, len, line, &d);
      const char *want = expected_error (line);
      if (want)
        {
          char msg[700];
          sg_diag_format (&d, msg, sizeof msg);
          if (rc == SG_RC_OK || !strstr (msg, want))
            fail_msg ("%s: expected the error '%s', got '%s'", line, want, rc ? msg : "ok");
          rejected++;
        }
      else
        {
          if (rc)
            {
              char msg[700];
              sg_diag_format (&d, msg, sizeof msg);
              fail_msg ("corpus file does not parse: %s", msg);
            }
          sg_buf b1, b2;
          sg_buf_init (&b1);
          sg_buf_init (&b2);
          sg_print_script (&sc, NULL, &b1);
          assert_true (sg_buf_ok (&b1));
          if (strstr (sg_buf_cstr (&b1), "_let")) let_printed++;
          assert_int_equal (sg_store_init (&s2), SG_RC_OK);
          sg_script_init (&sc2, &s2);
          sg_diag_init (&d2, "printed");
          rc = sg_parse_string (&s2, &sc2, b1.s, b1.len, "printed", &d2);
          if (rc)
            {
              char msg[700];
              sg_diag_format (&d2, msg, sizeof msg);
              fail_msg ("%s: printed text does not parse: %s", line, msg);
            }
          char why[200] = "";
          if (!sg_script_equal (&sc, &sc2, why, sizeof why))
            fail_msg ("%s: print then parse changed the DAG: %s", line, why);
          if (s.nodes.n != s2.nodes.n)
            fail_msg ("%s: %u terms before, %u after the round trip", line, s.nodes.n, s2.nodes.n);
          sg_print_script (&sc2, NULL, &b2);
          if (b1.len != b2.len || memcmp (b1.s, b2.s, b1.len))
            fail_msg ("%s: printing is not stable", line);
          sg_buf_free (&b1);
          sg_buf_free (&b2);
          sg_script_free (&sc2);
          sg_store_free (&s2);
        }
      sg_script_free (&sc);
      sg_store_free (&s);
      free (text);
    }
  fclose (ix);
  fprintf (stderr, "corpus_test: %u files (%llu bytes): %u round-tripped, %u rejected as listed, "
           "%u printed with sharing lets\n",
           files, (unsigned long long) bytes, files - rejected, rejected, let_printed);
  assert_true (files >= 1000);
  assert_int_equal (rejected, sizeof invalid / sizeof *invalid);
}

int
main (void)
{
  const struct CMUnitTest tests[] = { cmocka_unit_test (test_corpus_roundtrip) };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
