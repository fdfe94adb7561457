/* opt_test: option rows (base/opt.h) parse what they say and refuse the rest with the
 * option's name and the value; the help comes from the same rows with the defaults; and the
 * technique table (tech/tech.h) is complete: every engine name resolves to its technique and
 * mode, the default engine list holds only engines with a positive weight. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "base/opt.h"
#include "tech/tech.h"

typedef struct cfg {
  const char *name;
  uint32_t n;
  uint64_t big;
  double secs;
  int mode;
  int par;
  bool on, off;
  bool n_given;
} cfg;

#define OFF(f) ((uint16_t) offsetof (cfg, f))
static const sg_opt rows[] = {
  { 0, "--name", NULL, "S", SG_OPT_STR, OFF (name), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL, "a name (default %D)" },
  { 0, "--count", "-n", "N", SG_OPT_U32, OFF (n), OFF (n_given), 1, 256, "1..256", NULL, "a count (default %D)" },
  { 0, "--big", NULL, "N", SG_OPT_U64, OFF (big), SG_OPT_NO_GIVEN, 0, 18446744073709551615.0, "a number", NULL, "big" },
  { 0, "--timeout", "-t", "S", SG_OPT_SECS, OFF (secs), SG_OPT_NO_GIVEN, 0.01, 1e7, "seconds >= 0.01", NULL,
    "per run\nsecond line (default %D)" },
  { 0, "--oracle", "-o", "M", SG_OPT_CHOICE, OFF (mode), SG_OPT_NO_GIVEN, 0, 0, NULL, "sat|unsat|mixed", "mode (default %D)" },
  { 0, "--parallel", NULL, NULL, SG_OPT_SET, OFF (par), SG_OPT_NO_GIVEN, 1, 0, NULL, NULL, "side by side" },
  { 0, "--on", NULL, NULL, SG_OPT_TRUE, OFF (on), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL, "on" },
  { 0, "--no-off", NULL, NULL, SG_OPT_FALSE, OFF (off), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL, "off" },
};
#define NROWS (sizeof rows / sizeof rows[0])

/* Parse argv (NULL-terminated words) into c; returns the last result and the error. */
static int
parse (cfg *c, char *err, size_t esize, char **argv)
{
  int argc = 0;
  while (argv[argc]) argc++;
  int r = 1;
  for (int i = 0; i < argc && r > 0; i++) r = sg_opt_parse (rows, NROWS, 0, c, argc, argv, &i, err, esize);
  return r;
}

static void
test_values (void **state)
{
  (void) state;
  cfg c = { .off = true, .par = -1 };
  char err[200] = "";
  char *argv[] = { "--name", "x", "-n", "256", "--big", "18446744073709551615", "-t", "1e-2", "-o", "mixed",
                   "--parallel", "--on", "--no-off", NULL };
  assert_int_equal (parse (&c, err, sizeof err, argv), 1);
  assert_string_equal (c.name, "x");
  assert_int_equal (c.n, 256);
  assert_true (c.n_given);
  assert_true (c.big == UINT64_MAX);
  assert_true (c.secs > 0.0099 && c.secs < 0.0101);
  assert_int_equal (c.mode, 2);
  assert_int_equal (c.par, 1);
  assert_true (c.on);
  assert_false (c.off);
  char *other[] = { "--other", NULL };
  int i = 0;
  assert_int_equal (sg_opt_parse (rows, NROWS, 0, &c, 1, other, &i, err, sizeof err), 0);
  /* Scopes: a row of scope 2 is no option of scope 1, and is one of scope 2 (or 0: all). */
  static const sg_opt scoped[] = {
    { 2, "--only-two", NULL, NULL, SG_OPT_TRUE, OFF (on), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL, "x" },
  };
  char *two[] = { "--only-two", NULL };
  c.on = false;
  i = 0;
  assert_int_equal (sg_opt_parse (scoped, 1, 1, &c, 1, two, &i, err, sizeof err), 0);
  assert_false (c.on);
  assert_int_equal (sg_opt_parse (scoped, 1, 2, &c, 1, two, &i, err, sizeof err), 1);
  assert_true (c.on);
  sg_buf b;
  sg_buf_init (&b);
  sg_opt_help (scoped, 1, 1, &c, &b);
  assert_int_equal (b.len, 0);
  sg_buf_free (&b);
}

static void
test_errors (void **state)
{
  (void) state;
  struct { char *argv[3]; const char *err; } cases[] = {
    { { "-n", "0", NULL }, "-n needs 1..256, got '0'" },
    { { "--count", "257", NULL }, "--count needs 1..256, got '257'" },
    { { "-n", "-1", NULL }, "-n needs 1..256, got '-1'" },
    { { "-n", "3x", NULL }, "-n needs 1..256, got '3x'" },
    { { "-t", "1e-9", NULL }, "-t needs seconds >= 0.01, got '1e-9'" },
    { { "-t", "nan", NULL }, "-t needs seconds >= 0.01, got 'nan'" },
    { { "-t", "inf", NULL }, "-t needs seconds >= 0.01, got 'inf'" },
    { { "-o", "both", NULL }, "-o needs sat, unsat or mixed, got 'both'" },
    { { "--name", NULL, NULL }, "--name needs a value" },
    /* an empty string is no value ("--out=" named / in the findings line) */
    { { "--name", "", NULL }, "--name needs a value, got ''" },
    { { "--name=", NULL, NULL }, "--name needs a value, got ''" },
    /* digits alone: strtoull would skip the blank (and the tab) and read -1 as 2^64 - 1 */
    { { "--big", " -1", NULL }, "--big needs a number, got ' -1'" },
    { { "--big", "\t-1", NULL }, "--big needs a number, got '\t-1'" },
    { { "-n", "\n3", NULL }, "-n needs 1..256, got '\n3'" },
    { { "-t", " 5", NULL }, "-t needs seconds >= 0.01, got ' 5'" },
    /* decimal only: strtod reads hex (a hostile review: -t 0x10 was 16 s) */
    { { "-t", "0x10", NULL }, "-t needs seconds >= 0.01, got '0x10'" },
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
    {
      cfg c = { 0 };
      char err[200] = "";
      assert_int_equal (parse (&c, err, sizeof err, cases[k].argv), -1);
      assert_string_equal (err, cases[k].err);
      assert_false (c.n_given); /* nothing set by a refused value */
    }
}

/* A value attached as getopt and argparse take it: "--count=5", "-n5" (a one-letter alias);
 * a switch given a value, and a two-value option given one, are errors; "-n" + "5x" is still
 * checked as a value; a switch's alias with letters after it is not an option. */
static void
test_attached (void **state)
{
  (void) state;
  cfg c = { 0 };
  char err[200] = "";
  char *argv[] = { "--count=5", "--name=a=b", "-t0.5", "-omixed", "--big=", NULL };
  assert_int_equal (parse (&c, err, sizeof err, argv), -1); /* --big= : the empty value */
  assert_string_equal (err, "--big needs a number, got ''");
  assert_int_equal (c.n, 5);
  assert_true (c.n_given);
  assert_string_equal (c.name, "a=b");
  assert_true (c.secs > 0.49 && c.secs < 0.51);
  assert_int_equal (c.mode, 2);
  char *sw[] = { "--on=yes", NULL };
  assert_int_equal (parse (&c, err, sizeof err, sw), -1);
  assert_string_equal (err, "--on takes no value, got 'yes'");
  char *bad[] = { "-n300", NULL };
  assert_int_equal (parse (&c, err, sizeof err, bad), -1);
  assert_string_equal (err, "-n needs 1..256, got '300'");
  char *longname[] = { "--count5", NULL }, *dash[] = { "-", NULL }, *unknown[] = { "-x5", NULL };
  int i = 0;
  assert_int_equal (sg_opt_parse (rows, NROWS, 0, &c, 1, longname, &i, err, sizeof err), 0);
  assert_int_equal (sg_opt_parse (rows, NROWS, 0, &c, 1, dash, &i, err, sizeof err), 0);
  assert_int_equal (sg_opt_parse (rows, NROWS, 0, &c, 1, unknown, &i, err, sizeof err), 0);
  assert_int_equal (i, 0);
}

static void
test_help (void **state)
{
  (void) state;
  cfg d = { .name = "x", .n = 7, .secs = 8, .mode = 1 };
  sg_buf b;
  sg_buf_init (&b);
  sg_opt_help (rows, NROWS, 0, &d, &b);
  const char *h = sg_buf_cstr (&b);
  assert_non_null (strstr (h, "  --name S           a name (default x)\n"));
  assert_non_null (strstr (h, "  -n, --count N      a count (default 7)\n"));
  assert_non_null (strstr (h, "  -t, --timeout S    per run\n                     second line (default 8)\n"));
  assert_non_null (strstr (h, "  -o, --oracle M     mode (default unsat)\n"));
  assert_non_null (strstr (h, "  --parallel         side by side\n"));
  sg_buf_free (&b);
}

static void
test_technique_table (void **state)
{
  (void) state;
  assert_true (sg_technique_count () >= 5);
  for (size_t i = 0; i < sg_technique_count (); i++)
    {
      const sg_technique *t = sg_technique_at (i);
      assert_non_null (t->name);
      assert_non_null (t->summary);
      assert_non_null (t->about);
      assert_true (t->init && t->begin && t->next && t->free);
      assert_true (t->defaults.chain > 0 && t->campaign_chain > 0 && t->timeout_s > 0);
      assert_true (t->nseeds <= 1 || t->pair_status); /* 0: a generator */
      assert_ptr_equal (sg_technique_find (t->name), t);
      /* Variants: NULL-terminated, named in sg_tech_mode's order (variant k is mode k); a
       * weight per variant, none past them. */
      static const char *const modes[] = { "sat", "unsat", "mixed", "random" };
      size_t nv = 0;
      while (t->variants[nv]) assert_string_equal (t->variants[nv], modes[nv]), nv++;
      assert_true (nv <= SG_TECH_MAX_VARIANTS);
      for (size_t k = nv ? nv : 1; k < SG_TECH_MAX_VARIANTS; k++) assert_int_equal (t->weights[k], 0);
      char list[64];
      assert_int_equal (sg_technique_variants (t, list, sizeof list), nv);
      if (!nv) assert_string_equal (list, "");
    }
  /* Every engine name resolves to its technique and mode; unknown names do not. */
  const sg_technique *t;
  sg_tech_mode mode;
  assert_true (sg_technique_engine ("fuse-unsat", &t, &mode));
  assert_string_equal (t->name, "fuse");
  assert_int_equal (mode, 1);
  assert_true (sg_technique_engine ("opfuzz", &t, &mode));
  assert_int_equal (mode, 0);
  assert_false (sg_technique_engine ("fuse", &t, &mode));
  /* a generator named alone: its mixed variant */
  assert_true (sg_technique_engine ("bv", &t, &mode));
  assert_string_equal (t->name, "bv");
  assert_int_equal (mode, SG_TECH_MIXED);
  char list[64];
  assert_int_equal (sg_technique_variants (t, list, sizeof list), 4);
  assert_string_equal (list, "sat|unsat|mixed|random");
  assert_false (sg_technique_engine ("fuse-maybe", &t, &mode));
  assert_false (sg_technique_engine ("opfuzz-sat", &t, &mode));
  assert_false (sg_technique_engine ("opfuz", &t, &mode));
  char names[512], defaults[512];
  sg_technique_engine_names (names, sizeof names);
  sg_technique_default_engines (defaults, sizeof defaults);
  assert_string_equal (defaults, "opfuzz=1,typefuzz=1,fuse-sat=1,fuse-unsat=1,sae=1,incr=1");
  assert_string_equal (names, "opfuzz, typefuzz, fuse-sat, fuse-unsat, fuse-mixed, sae, bv-sat, bv-unsat, "
                       "bv-mixed, bv-random, fp-sat, fp-unsat, fp-mixed, fp-random, janus, strings-sat, "
                       "strings-unsat, strings-mixed, enum, incr");
  for (char *p = strtok (names, ", "); p; p = strtok (NULL, ", "))
    assert_true (sg_technique_engine (p, &t, &mode));
  /* A technique's flag is named as another's. */
  assert_string_equal (sg_technique_owning (sg_technique_find ("opfuzz"), "-k")->name, "sae");
  assert_null (sg_technique_owning (sg_technique_find ("sae"), "-k"));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_values),
    cmocka_unit_test (test_errors),
    cmocka_unit_test (test_attached),
    cmocka_unit_test (test_help),
    cmocka_unit_test (test_technique_table),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
