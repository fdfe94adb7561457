/* reduce_solver_z3_test: the reducer's built-in predicates on real solver bugs (Debian z3 4.8.12
 * and cvc4 1.8), one test per finding kind. The triggers in tests/data/reduce/ are corpus files
 * with bugs listed in docs/models.md (cvc5 regressions on which cvc4 1.8 fails), padded by hand
 * with irrelevant declarations and assertions so there is something to reduce:
 *   crash          QF_UF/cvc5_named-attr.smt2: cvc4 aborts on a :named term in define-fun
 *   soundness      QF_S/cvc5_issue6142-repl-inv-rew.smt2: cvc4 says unsat, z3's model is valid
 *   invalid model  QF_UFBVLIA/cvc5_issue5947.smt2: cvc4's own --check-models fails
 *   unknown        a hand-written QF_NRA query (x^3 = 2, x*y > 1): cvc4 1.8 answers unknown
 *                  where z3 answers sat
 * Each test writes the finding exactly as the fuzz loop does (sg_probe_script, then
 * sg_finding_write), reduces it with `--finding` semantics, and asserts: the output parses and
 * sort-checks, the finding's predicate still holds on it, and it is smaller by a stated factor.
 * Labelled "solver;slow" (the _z3_test suffix); each reduction is budgeted to stay < 1 min. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "test_util.h"
#include "loop/findings.h"
#include "reduce/reduce.h"

static char *
read_all (const char *path, size_t *len)
{
  FILE *f = fopen (path, "rb");
  if (!f) return NULL;
  char *buf = malloc (1 << 20);
  *len = fread (buf, 1, (1 << 20) - 1, f);
  buf[*len] = 0;
  fclose (f);
  return buf;
}

static void
reduce_finding (const char *trigger, const char *spec, sg_verdict_kind kind, bool incomplete,
                double factor)
{
  char path[512];
  snprintf (path, sizeof path, "tests/data/reduce/%s", trigger);
  size_t len = 0;
  char *text = read_all (path, &len);
  assert_non_null (text);
  /* 1. the finding, as the fuzz loop writes it */
  sg_profiles ps;
  sg_patterns pats;
  sg_solver_list solvers = { 0 };
  sg_diag d;
  sg_diag_init (&d, "spec");
  sg_patterns_init (&pats);
  assert_int_equal (sg_profiles_init (&ps, &d), SG_RC_OK);
  assert_int_equal (sg_patterns_add_defaults (&pats), SG_RC_OK);
  assert_int_equal (sg_profiles_parse_spec (&ps, spec, "spec", &solvers, &d), SG_RC_OK);
  tparse t;
  tp_parse (&t, text);
  assert_int_equal (t.rc, SG_RC_OK);
  sg_probe pr;
  sg_probe_init (&pr);
  sg_probe_opts po;
  memset (&po, 0, sizeof po);
  po.timeout_ms = 8000;
  po.models = true;
  po.validate = true;
  po.oracle.expected = SG_ANS_NONE;
  po.oracle.incompleteness = incomplete;
  assert_int_equal (sg_probe_script (&solvers, &pats, &t.s, &t.sc, text, len, &po, &pr), SG_RC_OK);
  if (pr.verdict.kind != kind)
    fail_msg ("%s: verdict %s (%s), expected %s", trigger, sg_verdict_kind_name (pr.verdict.kind),
              pr.verdict.why, sg_verdict_kind_name (kind));
  char dir[] = "/tmp/sg-reduce-solver-XXXXXX";
  assert_non_null (mkdtemp (dir));
  sg_finding_info fi;
  memset (&fi, 0, sizeof fi);
  fi.technique = "test";
  fi.seeds[0] = path;
  fi.expected = SG_ANS_NONE;
  fi.desc = "hand-padded trigger";
  char name[256];
  assert_int_equal (sg_finding_write (dir, text, len, &pr, &fi, name, sizeof name), SG_RC_OK);
  sg_probe_free (&pr);
  tp_free (&t);
  /* 2. reduce it */
  char json[600], out[600];
  snprintf (json, sizeof json, "%s/%s.json", dir, name);
  snprintf (out, sizeof out, "%s/out.smt2", dir);
  sg_pred p;
  sg_pred_init (&p);
  sg_diag_init (&d, json);
  assert_int_equal (sg_pred_load_finding (&p, json, &d), SG_RC_OK);
  assert_int_equal ((int) p.kind, (int) kind);
  size_t tlen = 0;
  char *ttext = read_all (p.trigger, &tlen);
  assert_non_null (ttext);
  assert_int_equal (tlen, len);
  tp_parse (&t, ttext);
  if (sg_pred_golden (&p, p.trigger, ttext, tlen, &t.s, &t.sc, &d)) fail_msg ("golden: %s", d.msg);
  tp_free (&t);
  sg_reduce_opts o = { SG_STRAT_HYBRID, 2, 60, false, false, 0 };
  sg_reduce_stats st;
  assert_int_equal (sg_reduce (&p, ttext, tlen, p.trigger, out, &o, &st, &d), SG_RC_OK);
  size_t olen = 0;
  char *otext = read_all (out, &olen);
  assert_non_null (otext);
  print_message ("%s: %llu -> %llu bytes, %llu -> %llu terms, %llu checks, %llu runs, %llu cache hits, "
                 "%llu ill-sorted, %.1fs\n%s", trigger, (unsigned long long) st.in_bytes,
                 (unsigned long long) st.out_bytes, (unsigned long long) st.in_terms,
                 (unsigned long long) st.out_terms, (unsigned long long) st.checks,
                 (unsigned long long) st.runs, (unsigned long long) st.cache_hits,
                 (unsigned long long) st.ill_sorted, st.wall_s, otext);
  /* 3. well-sorted, still the same finding, smaller by `factor` */
  tp_parse (&t, otext);
  if (t.rc) fail_msg ("output does not parse: %s", t.err);
  uint32_t runs;
  assert_true (sg_pred_test (&p, out, otext, olen, &t.s, &t.sc, &runs, NULL));
  tp_free (&t);
  if ((double) olen * factor > (double) len)
    fail_msg ("%s: %zu -> %zu bytes, wanted a factor %.1f", trigger, len, olen, factor);
  unlink (out);
  char f2[700];
  snprintf (f2, sizeof f2, "%s/%s.smt2", dir, name);
  unlink (f2);
  unlink (json);
  rmdir (dir);
  free (otext);
  free (ttext);
  free (text);
  sg_pred_free (&p);
  sg_solver_list_free (&solvers);
  sg_profiles_free (&ps);
  sg_patterns_free (&pats);
}

static void test_crash (void **s) { (void) s; reduce_finding ("crash-cvc4-named.smt2", "z3;cvc4", SG_VERDICT_CRASH, false, 5); }
static void test_soundness (void **s) { (void) s; reduce_finding ("soundness-cvc4-strings.smt2", "z3;cvc4", SG_VERDICT_SOUNDNESS, false, 5); }
static void test_invalid_model (void **s) { (void) s; reduce_finding ("invalid-model-cvc4-bv.smt2", "z3;cvc4", SG_VERDICT_INVALID_MODEL, false, 5); }
static void test_unknown (void **s) { (void) s; reduce_finding ("unknown-cvc4-nra.smt2", "z3;cvc4", SG_VERDICT_INCOMPLETE, true, 5); }

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_crash),
    cmocka_unit_test (test_soundness),
    cmocka_unit_test (test_invalid_model),
    cmocka_unit_test (test_unknown),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
