/* gen_str_test: the strings generator (tech/gen/gen_str.h). Every sat formula parses and its
 * `;; witness:` model is valid under our evaluator (6,120 formulas of every kind, the paper's
 * count), and a falsified witness is caught; every unsat row and every applicable
 * transformation gives a formula that parses, with a `;; core:` line naming only its own
 * conjuncts; the `strings` technique row generates sat, unsat and mixed formulas with the
 * status in the text. Solver checks: gen_str_z3_test.c. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "test_util.h"

#include "base/clock.h"
#include "eval/eval.h"
#include "eval/model.h"
#include "tech/gen/gen_str.h"
#include "tech/tech.h"

/* The witness of a generated sat text checked by the evaluator. */
static sg_mcheck
check_witness (const char *text, const char *model_text)
{
  tparse t;
  tp_parse (&t, text);
  if (t.rc) fprintf (stderr, "%s\n%s\n", t.err, text);
  assert_int_equal (t.rc, SG_RC_OK);
  sg_model m;
  sg_model_init (&m, &t.s);
  sg_diag d;
  sg_diag_init (&d, "witness");
  sg_rc rc = sg_model_read (&m, &t.sc, model_text, strlen (model_text), "witness", &d);
  if (rc) fprintf (stderr, "witness not read:\n%s\n%s\n", model_text, text);
  assert_int_equal (rc, SG_RC_OK);
  sg_mcheck v = SG_MODEL_UNDETERMINED;
  uint32_t bad = 0;
  assert_int_equal (sg_eval_check_model (&t.s, &t.sc, &m, &v, &bad), SG_RC_OK);
  sg_model_free (&m);
  tp_free (&t);
  return v;
}

/* A generator with its rng and buffers, for one test. */
typedef struct gs_fix {
  sg_gen_str *g;
  sg_rng r;
  sg_buf text, desc, model;
} gs_fix;

static void
fix_open (gs_fix *f, bool paper, uint64_t seed)
{
  memset (f, 0, sizeof *f);
  sg_diag d;
  sg_diag_init (&d, "gen_str");
  assert_int_equal (sg_gen_str_new (&f->g, NULL, paper, &d), SG_RC_OK);
  sg_rng_seed (&f->r, seed);
  sg_buf_init (&f->text);
  sg_buf_init (&f->desc);
  sg_buf_init (&f->model);
}

static void
fix_close (gs_fix *f)
{
  sg_buf_free (&f->text);
  sg_buf_free (&f->desc);
  sg_buf_free (&f->model);
  sg_gen_str_free (f->g);
}

static void
test_sat_witnesses (void **state)
{
  (void) state;
  gs_fix f;
  fix_open (&f, false, 1465);
  unsigned n[3] = { 0, 0, 0 }, vars = 0;
  double t0 = sg_now ();
  for (int i = 0; i < 6120; i++)
    {
      sg_gstr_sat_kind kind = (sg_gstr_sat_kind) (i % 3);
      assert_int_equal (sg_gen_str_sat (f.g, &f.r, kind, &f.text, &f.desc), SG_RC_OK);
      const char *s = sg_buf_cstr (&f.text);
      assert_non_null (strstr (s, "(set-info :status sat)"));
      uint32_t w = sg_gen_str_witness (f.text.s, f.text.len, &f.model);
      vars += w;
      /* One witness line per declared variable. */
      unsigned decls = 0;
      for (const char *p = strstr (s, "(declare-const"); p; p = strstr (p + 1, "(declare-const")) decls++;
      assert_int_equal (decls, w);
      if (kind != SG_GSTR_ASSIGN) assert_true (w > 0);
      sg_mcheck v = check_witness (s, sg_buf_cstr (&f.model));
      if (v != SG_MODEL_VALID)
        fprintf (stderr, "gen_str_test: witness %s (%s):\n%s%s\n", v == SG_MODEL_INVALID ? "invalid" : "undetermined",
                 sg_buf_cstr (&f.desc), s, sg_buf_cstr (&f.model));
      assert_int_equal (v, SG_MODEL_VALID);
      n[kind]++;
    }
  fprintf (stderr, "gen_str_test: %u base, %u constant-assignment, %u synthesis sat formulas, %u witness "
           "values, all valid (%.2f s with the checks)\n", n[0], n[1], n[2], vars, sg_now () - t0);
  fix_close (&f);
}

/* A witness with its values changed is caught (the check can fail). */
static void
test_bad_witness_caught (void **state)
{
  (void) state;
  gs_fix f;
  fix_open (&f, false, 5);
  sg_buf bad;
  sg_buf_init (&bad);
  unsigned invalid = 0;
  for (int i = 0; i < 200; i++)
    {
      assert_int_equal (sg_gen_str_sat (f.g, &f.r, SG_GSTR_BASE, &f.text, &f.desc), SG_RC_OK);
      sg_gen_str_witness (f.text.s, f.text.len, &f.model);
      /* Every String value becomes "zq", every Int value 7: the result no longer matches. */
      sg_buf_reset (&bad);
      const char *m = sg_buf_cstr (&f.model);
      for (const char *line = m; *line;)
        {
          const char *e = strchr (line, '\n');
          size_t len = e ? (size_t) (e - line) : strlen (line);
          const char *st = strstr (line, "() String ");
          const char *it = strstr (line, "() Int ");
          if (st && st < line + len) sg_buf_printf (&bad, "%.*s\"zq\")\n", (int) (st + 10 - line), line);
          else if (it && it < line + len) sg_buf_printf (&bad, "%.*s7)\n", (int) (it + 7 - line), line);
          else sg_buf_printf (&bad, "%.*s\n", (int) len, line);
          line += len + (e != NULL);
        }
      invalid += check_witness (sg_buf_cstr (&f.text), sg_buf_cstr (&bad)) == SG_MODEL_INVALID;
    }
  fprintf (stderr, "gen_str_test: %u of 200 falsified witnesses caught\n", invalid);
  assert_true (invalid > 50);
  sg_buf_free (&bad);
  fix_close (&f);
}

/* The conjunct names of a text: every ":named aK" K, as a bit set. */
static uint64_t
named_set (const char *s)
{
  uint64_t set = 0;
  for (const char *p = strstr (s, ":named a"); p; p = strstr (p + 1, ":named a"))
    set |= 1ull << atoi (p + 8);
  return set;
}

static uint64_t
core_set (const char *s, size_t len)
{
  sg_buf names;
  sg_buf_init (&names);
  assert_true (sg_gen_str_core (s, len, &names));
  uint64_t set = 0;
  for (const char *p = strchr (sg_buf_cstr (&names), 'a'); p; p = strchr (p + 1, 'a')) set |= 1ull << atoi (p + 1);
  sg_buf_free (&names);
  return set;
}

static void
test_unsat_rows (void **state)
{
  (void) state;
  gs_fix f;
  fix_open (&f, false, 9);
  /* Row and equality ids are unique. */
  for (uint32_t i = 0; i < sg_gen_str_rows (); i++)
    for (uint32_t j = i + 1; j < sg_gen_str_rows (); j++) assert_string_not_equal (sg_gen_str_row_id (i), sg_gen_str_row_id (j));
  for (uint32_t i = 0; i < sg_gen_str_eqs (); i++)
    for (uint32_t j = i + 1; j < sg_gen_str_eqs (); j++) assert_string_not_equal (sg_gen_str_eq_id (i), sg_gen_str_eq_id (j));
  unsigned made = 0, paper = 0;
  uint32_t used[64] = { 0 };
  assert_true (sg_gen_str_eqs () <= 64);
  for (uint32_t row = 0; row < sg_gen_str_rows (); row++)
    for (int tr = 0; tr < 4; tr++)
      for (int eq = tr ? 0 : -1; eq < (tr ? (int) sg_gen_str_eqs () : 0); eq++)
        for (int pat = 0; pat < 2; pat++)
          {
            sg_gstr_unsat_opts o = { (int) row, tr, pat, eq };
            sg_rc rc = sg_gen_str_unsat (f.g, &f.r, &o, &f.text, &f.desc);
            if (rc == SG_RC_USAGE) continue;
            assert_int_equal (rc, SG_RC_OK);
            const char *s = sg_buf_cstr (&f.text);
            tparse t;
            tp_parse (&t, s);
            if (t.rc) fprintf (stderr, "%s\n%s\n", t.err, s);
            assert_int_equal (t.rc, SG_RC_OK);
            tp_free (&t);
            assert_non_null (strstr (s, "(set-info :status unsat)"));
            uint64_t named = named_set (s), core = core_set (f.text.s, f.text.len);
            assert_true (core != 0);
            assert_int_equal (core & ~named, 0);
            /* Without patterns no :pattern is left; the noise conjuncts are not in the core. */
            if (!pat) assert_null (strstr (s, ":pattern"));
            if (tr == SG_GSTR_TR_NOISE) assert_int_not_equal (core, named);
            else assert_int_equal (core, named);
            if (eq >= 0) used[eq]++;
            made++;
            paper += sg_gen_str_row_paper (row);
          }
  unsigned unused = 0;
  for (uint32_t i = 0; i < sg_gen_str_eqs (); i++)
    if (!used[i]) unused++, fprintf (stderr, "gen_str_test: equality %s applies to no row\n", sg_gen_str_eq_id (i));
  fprintf (stderr, "gen_str_test: %u unsat formulas (%u from Table 2 rows) over %u rows and %u equalities\n", made,
           paper, sg_gen_str_rows (), sg_gen_str_eqs ());
  assert_true (made > 100);
  assert_int_equal (unused, 0);
  fix_close (&f);
}

/* --ops paper: only the paper's twelve operations, Table 2 rows and Table 3 equalities are
 * drawn (each of them is), the witnesses stay valid, and asking for another row or equality
 * is refused. */
static void
test_paper_only (void **state)
{
  (void) state;
  gs_fix f;
  fix_open (&f, true, 77);
  assert_true (sg_gen_str_paper (f.g));
  static const char *const paper_ops[] = { "str.at", "str.++", "str.from_int", "str.replace", "str.substr",
                                           "str.indexof", "str.len", "str.to_int", "str.contains",
                                           "str.prefixof", "str.suffixof" };
  static const char *const other[] = { "str.replace_all", "str.replace_re", "str.in_re", "str.to_code",
                                       "str.from_code", "str.is_digit", "(str.< ", "(str.<= ", "re." };
  unsigned seen[sizeof paper_ops / sizeof paper_ops[0]] = { 0 };
  for (int i = 0; i < 3000; i++)
    {
      assert_int_equal (sg_gen_str_sat (f.g, &f.r, (sg_gstr_sat_kind) (i % 3), &f.text, &f.desc), SG_RC_OK);
      const char *s = sg_buf_cstr (&f.text);
      for (size_t k = 0; k < sizeof other / sizeof other[0]; k++)
        if (strstr (s, other[k])) fail_msg ("paper mode used %s:\n%s", other[k], s);
      for (size_t k = 0; k < sizeof paper_ops / sizeof paper_ops[0]; k++)
        {
          char pat[32];
          snprintf (pat, sizeof pat, "(%s ", paper_ops[k]);
          seen[k] += strstr (s, pat) != NULL;
        }
      sg_gen_str_witness (f.text.s, f.text.len, &f.model);
      assert_int_equal (check_witness (s, sg_buf_cstr (&f.model)), SG_MODEL_VALID);
    }
  for (size_t k = 0; k < sizeof paper_ops / sizeof paper_ops[0]; k++)
    if (!seen[k]) fail_msg ("paper mode never drew %s", paper_ops[k]);
  uint32_t rows_seen[64] = { 0 };
  assert_true (sg_gen_str_rows () <= 64);
  for (int i = 0; i < 2000; i++)
    {
      sg_gstr_unsat_opts o = { -1, SG_GSTR_TR_ANY, -1, -1 };
      assert_int_equal (sg_gen_str_unsat (f.g, &f.r, &o, &f.text, &f.desc), SG_RC_OK);
      const char *ds = sg_buf_cstr (&f.desc);
      assert_non_null (strstr (ds, "(Table 2)"));
      const char *w = strstr (ds, " with ");
      if (w) assert_int_not_equal (w[6], 'X'); /* the added equalities are XNC.., XC.. */
      for (uint32_t k = 0; k < sg_gen_str_rows (); k++)
        {
          char pat[32];
          snprintf (pat, sizeof pat, "unsat %s (", sg_gen_str_row_id (k));
          rows_seen[k] += strstr (ds, pat) != NULL;
        }
    }
  unsigned paper_rows = 0;
  for (uint32_t k = 0; k < sg_gen_str_rows (); k++)
    {
      assert_int_equal (rows_seen[k] > 0, sg_gen_str_row_paper (k));
      paper_rows += sg_gen_str_row_paper (k);
    }
  assert_int_equal (paper_rows, 12);
  /* Another row or equality asked for by index is refused. */
  for (uint32_t k = 0; k < sg_gen_str_rows (); k++)
    if (!sg_gen_str_row_paper (k))
      {
        sg_gstr_unsat_opts o = { (int) k, SG_GSTR_TR_NONE, 0, -1 };
        assert_int_equal (sg_gen_str_unsat (f.g, &f.r, &o, &f.text, &f.desc), SG_RC_USAGE);
        break;
      }
  for (uint32_t k = 0; k < sg_gen_str_eqs (); k++)
    if (sg_gen_str_eq_id (k)[0] == 'X')
      {
        sg_gstr_unsat_opts o = { 0, SG_GSTR_TR_ANY, 0, (int) k };
        assert_int_equal (sg_gen_str_unsat (f.g, &f.r, &o, &f.text, &f.desc), SG_RC_USAGE);
        break;
      }
  fix_close (&f);
}

/* A constants file: its constants are used (witnesses valid); malformed files are rejected
 * with their line. */
static void
test_constants_file (void **state)
{
  (void) state;
  char path[] = "/tmp/gen_str_test_XXXXXX";
  int fd = mkstemp (path);
  assert_true (fd >= 0);
  static const char good[] = "# mine\nS \"x\"\nS \"\\u{2FFFF}\"\nS \"x\"\n  I 7\nI (- 3)\nL (re.* (str.to_re \"x\"))\n";
  assert_true (write (fd, good, sizeof good - 1) == (ssize_t) (sizeof good - 1));
  close (fd);
  sg_gen_str *g = NULL;
  sg_diag d;
  sg_diag_init (&d, "gen_str");
  assert_int_equal (sg_gen_str_new (&g, path, false, &d), SG_RC_OK);
  sg_rng r;
  sg_rng_seed (&r, 3);
  sg_buf text, desc, model;
  sg_buf_init (&text);
  sg_buf_init (&desc);
  sg_buf_init (&model);
  bool seen_x = false;
  for (int i = 0; i < 600; i++)
    {
      assert_int_equal (sg_gen_str_sat (g, &r, (sg_gstr_sat_kind) (i % 3), &text, &desc), SG_RC_OK);
      sg_gen_str_witness (text.s, text.len, &model);
      assert_int_equal (check_witness (sg_buf_cstr (&text), sg_buf_cstr (&model)), SG_MODEL_VALID);
      /* Only the file's constants: none of the built-in ones. */
      assert_null (strstr (sg_buf_cstr (&text), "\"ab\""));
      seen_x |= strstr (sg_buf_cstr (&model), "String \"x\")") != NULL;
    }
  assert_true (seen_x);
  sg_gen_str_free (g);
  /* the last: a constant of 101 characters (the limit keeps the pool's memory bounded) */
  static const char *const bad[] = { "S \"a\"\nQ 1\n", "S \"a\"\nI x\n", "S \"a\"\n", "S\nI 1\n",
                                     "I 1\nS \"a\"\nS \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
                                     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"\n" };
  static const uint32_t bad_line[] = { 2, 2, 0, 1, 3 };
  static const sg_rc bad_rc[] = { SG_RC_PARSE, SG_RC_PARSE, SG_RC_PARSE, SG_RC_PARSE, SG_RC_LIMIT };
  for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
    {
      fd = open (path, O_WRONLY | O_TRUNC);
      assert_true (fd >= 0);
      assert_true (write (fd, bad[k], strlen (bad[k])) == (ssize_t) strlen (bad[k]));
      close (fd);
      sg_diag_init (&d, "gen_str");
      g = NULL;
      assert_int_equal (sg_gen_str_new (&g, path, false, &d), bad_rc[k]);
      assert_null (g);
      assert_int_equal (d.line, bad_line[k]);
    }
  /* a constant of exactly 100 characters is read */
  fd = open (path, O_WRONLY | O_TRUNC);
  assert_true (fd >= 0);
  char line[128] = "I 1\nS \"";
  size_t at = strlen (line);
  memset (line + at, 'a', 98);
  memcpy (line + at + 98, "\"\n", 3);
  assert_true (write (fd, line, strlen (line)) == (ssize_t) strlen (line));
  close (fd);
  sg_diag_init (&d, "gen_str");
  g = NULL;
  assert_int_equal (sg_gen_str_new (&g, path, false, &d), SG_RC_OK);
  sg_gen_str_free (g);
  unlink (path);
  sg_buf_free (&text);
  sg_buf_free (&desc);
  sg_buf_free (&model);
}

static void
test_technique (void **state)
{
  (void) state;
  const sg_technique *t = sg_technique_find ("strings");
  assert_non_null (t);
  assert_int_equal (t->nseeds, 0);
  for (int mode = 0; mode < 3; mode++)
    {
      sg_tech_cfg cfg = t->defaults;
      cfg.mode = (sg_tech_mode) mode;
      cfg.chain = 40;
      void *st = NULL;
      sg_diag d;
      sg_diag_init (&d, "strings");
      assert_int_equal (t->init (&cfg, NULL, &st, &d), SG_RC_OK);
      static const sg_tech_seed gen = { "(generated)", "", 0, SG_ANS_NONE, NULL, { "" }, { 0 } };
      const sg_tech_seed *seeds[1] = { &gen };
      sg_rng r;
      sg_rng_seed (&r, (uint64_t) mode);
      sg_tech_mutant m;
      memset (&m, 0, sizeof m);
      sg_buf_init (&m.text);
      sg_buf_init (&m.desc);
      unsigned n[2] = { 0, 0 };
      assert_int_equal (t->begin (st, seeds, &r, &d), SG_RC_OK);
      sg_rc rc;
      while ((rc = t->next (st, &r, &m, &d)) == SG_RC_OK)
        {
          bool sat = m.expected == SG_ANS_SAT;
          assert_true (sat || m.expected == SG_ANS_UNSAT);
          assert_non_null (strstr (sg_buf_cstr (&m.text), sat ? ":status sat)" : ":status unsat)"));
          n[!sat]++;
        }
      assert_int_equal (rc, SG_RC_EOF);
      assert_int_equal (n[0] + n[1], 40);
      if (mode == 0) assert_int_equal (n[1], 0);
      if (mode == 1) assert_int_equal (n[0], 0);
      if (mode == 2) assert_true (n[0] > 0 && n[1] > 0);
      /* A new chain starts again. */
      assert_int_equal (t->begin (st, seeds, &r, &d), SG_RC_OK);
      assert_int_equal (t->next (st, &r, &m, &d), SG_RC_OK);
      sg_buf_free (&m.text);
      sg_buf_free (&m.desc);
      t->free (st);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_sat_witnesses),
    cmocka_unit_test (test_bad_witness_caught),
    cmocka_unit_test (test_unsat_rows),
    cmocka_unit_test (test_paper_only),
    cmocka_unit_test (test_constants_file),
    cmocka_unit_test (test_technique),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
