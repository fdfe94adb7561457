/* loop_test: the fuzz loop's rules against false alarms, with scripted fake solvers:
 * - what only a session says is never reported (the fresh re-run decides);
 * - a disagreement no model decides is blamed by a referee, and left unblamed without one;
 * - the majority of three decided answers blames the lone dissenter; a referee whose solver
 *   already answered is no second vote (skipped); two against two is "unattributed";
 * - a disagreement an unspecified value can explain is written as an `unspecified` pair,
 *   counted apart, never as a bug;
 * - a confirmed disagreement is written as a .smt2 + .json pair;
 * - a generator (a technique with no seeds) runs without seeds, judged by its construction;
 * - a mutant already judged in the chain is skipped (duplicates); the adaptive timeout cuts
 *   the fast path, re-runs a cut around which another solver decided (the finding is kept),
 *   not when none decided, nor when a re-run already confirmed the hang in the chain;
 * each with the solvers run one after the other and side by side (threads). */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run_util.h"

#include "loop/loop.h"

static const char SEED[] = "(set-logic QF_LIA)\n(declare-fun x () Int)\n(declare-fun y () Int)\n"
                           "(assert (and (> x 0) (< (+ x y) 10) (>= y 2)))\n(check-sat)\n";

/* A fake solver profile: name, mode, and whether a session pays for it. */
static void
profile (sg_solver_list *l, const char *name, const char *mode, bool session)
{
  char text[1024];
  snprintf (text, sizeof text,
            "name = %s\nbinary = %s\ninput = stdin\nargs = %s\nsession = %s\nsession_pays = %s\n"
            "session_args = --session\nok_exits = 0\n",
            name, FAKE, mode, session ? "yes" : "no", session ? "yes" : "no");
  sg_diag d;
  sg_profile p;
  assert_int_equal (sg_profile_parse (text, strlen (text), "fake", &p, &d), SG_RC_OK);
  assert_true (SG_VEC_PUSH (*l, p));
}

/* Files in dir whose name starts with prefix and ends with suffix. */
static int
count_files (const char *dir, const char *prefix, const char *suffix)
{
  DIR *d = opendir (dir);
  if (!d) return 0;
  int n = 0;
  struct dirent *e;
  while ((e = readdir (d)))
    {
      size_t l = strlen (e->d_name), ls = strlen (suffix);
      if (!strncmp (e->d_name, prefix, strlen (prefix)) && l >= ls && !strcmp (e->d_name + l - ls, suffix))
        n++;
    }
  closedir (d);
  return n;
}

static void
remove_dir (const char *dir)
{
  DIR *d = opendir (dir);
  if (!d) return;
  struct dirent *e;
  char path[4200];
  while ((e = readdir (d)))
    if (e->d_name[0] != '.')
      {
        snprintf (path, sizeof path, "%s/%s", dir, e->d_name);
        unlink (path);
      }
  closedir (d);
  rmdir (dir);
}

/* Run opfuzz for `mutants` mutants of the seed text on the solvers; out_dir is created. */
static void
run_seed (const world *w, const char *text, const sg_solver_list *solvers,
          const sg_solver_list *referees, bool sessions, bool parallel, const char *out_dir,
          uint64_t mutants, sg_fuzz_stats *st)
{
  sg_fuzz_opts o;
  memset (&o, 0, sizeof o);
  o.tech = sg_technique_find ("opfuzz");
  assert_non_null (o.tech);
  o.cfg.chain = 50;
  o.cfg.per_step = 1;
  o.solvers = solvers;
  o.pats = &w->pats;
  o.timeout_ms = 5000;
  o.seed = 7;
  o.jobs = 1;
  o.max_mutants = mutants;
  o.out_dir = out_dir;
  o.models = true;
  o.model_sample = 0;
  o.sessions = sessions;
  o.parallel = parallel;
  o.referees = referees;
  sg_tech_seed seed = { "seed.smt2", text, strlen (text), SG_ANS_SAT, "QF_LIA", { "" }, { 0 } };
  assert_int_equal (sg_fuzz_run (&o, &seed, 1, st), SG_RC_OK);
}

/* The same on SEED. */
static void
run (const world *w, const sg_solver_list *solvers, const sg_solver_list *referees, bool sessions,
     bool parallel, const char *out_dir, uint64_t mutants, sg_fuzz_stats *st)
{
  run_seed (w, SEED, solvers, referees, sessions, parallel, out_dir, mutants, st);
}

/* Does some file of dir whose name starts with prefix and ends with suffix contain needle? */
static bool
some_file_has (const char *dir, const char *prefix, const char *suffix, const char *needle)
{
  DIR *d = opendir (dir);
  if (!d) return false;
  bool found = false;
  struct dirent *e;
  char path[4200], buf[65536];
  while (!found && (e = readdir (d)))
    {
      size_t l = strlen (e->d_name), ls = strlen (suffix);
      if (strncmp (e->d_name, prefix, strlen (prefix)) || l < ls || strcmp (e->d_name + l - ls, suffix)) continue;
      snprintf (path, sizeof path, "%s/%s", dir, e->d_name);
      FILE *f = fopen (path, "rb");
      if (!f) continue;
      size_t n = fread (buf, 1, sizeof buf - 1, f);
      fclose (f);
      buf[n] = 0;
      found = strstr (buf, needle) != NULL;
    }
  closedir (d);
  return found;
}

static void
test_session_alone_is_never_reported (void **state)
{
  const world *w = *state;
  sg_solver_list solvers = { 0 };
  /* "a" answers unsat in its session and sat in a fresh process; "b" always answers sat. */
  profile (&solvers, "a", "twofaced", true);
  profile (&solvers, "b", "sat", false);
  char dir[] = "/tmp/smtgrind-loop-test.XXXXXX";
  assert_non_null (mkdtemp (dir));
  sg_fuzz_stats st;
  run (w, &solvers, NULL, true, false, dir, 6, &st);
  assert_int_equal (st.mutants, 6);
  assert_int_equal (st.escalated, 6);   /* every fast-path disagreement was re-run fresh */
  assert_int_equal (st.unconfirmed, 6); /* ... and the fresh runs agreed */
  for (int k = 0; k < SG_FUZZ_KINDS; k++) assert_int_equal (st.findings[k], 0);
  assert_int_equal (count_files (dir, "", ".json"), 0);
  /* Without sessions the liar never lies: nothing is even suspicious. */
  run (w, &solvers, NULL, false, true, dir, 6, &st);
  assert_int_equal (st.escalated, 0);
  assert_int_equal (st.unconfirmed, 0);
  remove_dir (dir);
  sg_solver_list_free (&solvers);
}

static void
test_referee_blames_one_solver (void **state)
{
  const world *w = *state;
  sg_solver_list solvers = { 0 }, referees = { 0 };
  /* "a" says sat (without a model: nothing our evaluator could decide), "b" says unsat. */
  profile (&solvers, "a", "sat", false);
  profile (&solvers, "b", "unsat", false);
  profile (&referees, "c", "sat", false);
  char dir[] = "/tmp/smtgrind-loop-test.XXXXXX";
  assert_non_null (mkdtemp (dir));
  sg_fuzz_stats st;
  run (w, &solvers, &referees, true, true, dir, 3, &st);
  assert_int_equal (st.findings[SG_VERDICT_SOUNDNESS], 3);
  assert_true (st.refereed >= 3);
  assert_int_equal (count_files (dir, "soundness-b-", ".json"), 3);
  assert_int_equal (count_files (dir, "soundness-b-", ".smt2"), 3);
  assert_int_equal (count_files (dir, "soundness-a-", ".json"), 0);
  remove_dir (dir);
  /* No referee: still a confirmed disagreement, but nobody is blamed: "unattributed". */
  assert_non_null (mkdtemp (strcpy (dir, "/tmp/smtgrind-loop-test.XXXXXX")));
  run (w, &solvers, NULL, true, false, dir, 3, &st);
  assert_int_equal (st.findings[SG_VERDICT_SOUNDNESS], 3);
  assert_int_equal (count_files (dir, "soundness-" SG_UNATTRIBUTED "-", ".json"), 3);
  remove_dir (dir);
  sg_solver_list_free (&solvers);
  sg_solver_list_free (&referees);
}

static void
test_majority_of_three (void **state)
{
  const world *w = *state;
  sg_solver_list solvers = { 0 }, referees = { 0 };
  char dir[] = "/tmp/smtgrind-loop-test.XXXXXX";
  sg_fuzz_stats st;
  /* Three under test, no model decides: the lone dissenter is blamed, no referee run. */
  profile (&solvers, "a", "sat", false);
  profile (&solvers, "b", "unsat", false);
  profile (&solvers, "c", "unsat", false);
  assert_non_null (mkdtemp (dir));
  run (w, &solvers, NULL, false, true, dir, 3, &st);
  assert_int_equal (st.findings[SG_VERDICT_SOUNDNESS], 3);
  assert_int_equal (st.refereed, 0);
  assert_int_equal (count_files (dir, "soundness-a-", ".json"), 3);
  assert_true (some_file_has (dir, "soundness-a-", ".json", "(majority)"));
  remove_dir (dir);
  sg_solver_list_free (&solvers);
  /* Two under test. The first referee is the solver "a" again: it already answered, so it is
   * no second vote and is not asked; "c" decides: a is the one blamed. */
  profile (&solvers, "a", "sat", false);
  profile (&solvers, "b", "unsat", false);
  profile (&referees, "a", "sat", false);
  profile (&referees, "c", "unsat", false);
  assert_non_null (mkdtemp (strcpy (dir, "/tmp/smtgrind-loop-test.XXXXXX")));
  run (w, &solvers, &referees, false, false, dir, 3, &st);
  assert_int_equal (st.findings[SG_VERDICT_SOUNDNESS], 3);
  assert_int_equal (count_files (dir, "soundness-a-", ".json"), 3);
  assert_int_equal (st.refereed, 6); /* c alone, on the probe and on its confirmation */
  remove_dir (dir);
  sg_solver_list_free (&solvers);
  sg_solver_list_free (&referees);
  /* Two against two, no referee: no majority, "unattributed". */
  profile (&solvers, "a", "sat", false);
  profile (&solvers, "b", "unsat", false);
  profile (&solvers, "c", "sat", false);
  profile (&solvers, "d", "unsat", false);
  assert_non_null (mkdtemp (strcpy (dir, "/tmp/smtgrind-loop-test.XXXXXX")));
  run (w, &solvers, NULL, false, true, dir, 2, &st);
  assert_int_equal (st.findings[SG_VERDICT_SOUNDNESS], 2);
  assert_int_equal (count_files (dir, "soundness-" SG_UNATTRIBUTED "-", ".json"), 2);
  remove_dir (dir);
  sg_solver_list_free (&solvers);
}

/* Every mutant of this seed still divides by a variable (opfuzz changes one operator a step). */
static const char DIV_SEED[] = "(set-logic QF_NIA)\n(declare-fun x () Int)\n(declare-fun y () Int)\n"
                               "(assert (and (> x 0) (= (div x y) 2) (= (div y x) 0) (= (mod x y) 1)))\n"
                               "(check-sat)\n";

static void
test_unspecified_is_kept_not_a_bug (void **state)
{
  const world *w = *state;
  sg_solver_list solvers = { 0 }, referees = { 0 };
  profile (&solvers, "a", "sat", false);
  profile (&solvers, "b", "unsat", false);
  profile (&referees, "c", "unsat", false);
  char dir[] = "/tmp/smtgrind-loop-test.XXXXXX";
  assert_non_null (mkdtemp (dir));
  sg_fuzz_stats st;
  run_seed (w, DIV_SEED, &solvers, &referees, true, false, dir, 3, &st);
  /* Kept as `unspecified` pairs (confirmed), counted apart: no bug, no referee asked. */
  assert_int_equal (st.unspecified, 3);
  for (int k = 0; k < SG_FUZZ_KINDS; k++) assert_int_equal (st.findings[k], 0);
  assert_int_equal (st.refereed, 0);
  assert_int_equal (count_files (dir, "unspecified-" SG_UNATTRIBUTED "-", ".json"), 3);
  assert_int_equal (count_files (dir, "unspecified-" SG_UNATTRIBUTED "-", ".smt2"), 3);
  assert_true (some_file_has (dir, "unspecified-", ".json", "\"kind\": \"unspecified\""));
  assert_true (some_file_has (dir, "unspecified-", ".json", "by zero is unspecified"));
  remove_dir (dir);
  sg_solver_list_free (&solvers);
  sg_solver_list_free (&referees);
}

/* ---- a generator: a technique with no seeds (tech.h, nseeds 0), defined here ---- */

typedef struct gen_state { uint32_t made; } gen_state;

static sg_rc
gen_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d)
{
  (void) cfg, (void) sched, (void) d;
  *state = calloc (1, sizeof (gen_state));
  return *state ? SG_RC_OK : SG_RC_NOMEM;
}

static sg_rc
gen_begin (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d)
{
  (void) rng, (void) d;
  assert_string_equal (seeds[0]->path, "(generated)");
  ((gen_state *) state)->made = 0;
  return SG_RC_OK;
}

/* x = k for k = 0, 1, ...: sat by construction. */
static sg_rc
gen_next (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d)
{
  (void) rng, (void) d;
  gen_state *g = state;
  if (g->made >= 5) return SG_RC_EOF;
  sg_buf_reset (&out->text);
  sg_buf_reset (&out->desc);
  sg_buf_printf (&out->text, "(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (= x %u))\n(check-sat)\n", g->made);
  sg_buf_adds (&out->desc, "generated");
  out->expected = SG_ANS_SAT;
  out->step = ++g->made;
  return SG_RC_OK;
}

static void
gen_free (void *state)
{
  free (state);
}

static void
test_generator_needs_no_seed (void **state)
{
  const world *w = *state;
  static const sg_technique gen = { .name = "gen", .summary = "test", .about = "test",
                                    .defaults = { .chain = 5 }, .timeout_s = 5, .campaign_chain = 5,
                                    .weights = { 0 }, .nseeds = 0, .init = gen_init, .begin = gen_begin,
                                    .next = gen_next, .free = gen_free };
  sg_solver_list solvers = { 0 };
  profile (&solvers, "truthful", "sat", false);
  profile (&solvers, "liar", "unsat", false);
  char dir[] = "/tmp/smtgrind-loop-test.XXXXXX";
  assert_non_null (mkdtemp (dir));
  sg_fuzz_opts o;
  sg_fuzz_opts_init (&o, &gen, NULL);
  o.solvers = &solvers;
  o.pats = &w->pats;
  o.timeout_ms = 5000;
  o.seed = 3;
  o.out_dir = dir;
  o.model_sample = 0;
  o.sessions = false;
  sg_fuzz_stats st;
  /* No seed at all: one chain of 5 (no limit: one pass), every mutant judged against its
   * construction; the solver answering unsat is blamed each time. */
  assert_int_equal (sg_fuzz_run (&o, NULL, 0, &st), SG_RC_OK);
  assert_int_equal (st.chains, 1);
  assert_int_equal (st.mutants, 5);
  assert_int_equal (st.findings[SG_VERDICT_SOUNDNESS], 5);
  assert_int_equal (count_files (dir, "soundness-liar-", ".json"), 5);
  assert_true (some_file_has (dir, "soundness-liar-", ".json", "\"seeds\": [\"(generated)\"]"));
  remove_dir (dir);
  sg_solver_list_free (&solvers);
}

/* ---- a technique on one seed, defined here: x = k mod per_step (every k when per_step is
 * 0), chain mutants, sat by construction (the per-chain cache and the adaptive timeout) ---- */

typedef struct fixed_state { uint32_t made, chain, mod; } fixed_state;

static sg_rc
fixed_begin (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d)
{
  (void) rng, (void) d, (void) seeds;
  ((fixed_state *) state)->made = 0;
  return SG_RC_OK;
}

static sg_rc
fixed_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d)
{
  (void) sched, (void) d;
  fixed_state *f = calloc (1, sizeof *f);
  if (!f) return SG_RC_NOMEM;
  f->chain = cfg->chain;
  f->mod = cfg->per_step;
  *state = f;
  return SG_RC_OK;
}

static sg_rc
fixed_next (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d)
{
  (void) rng, (void) d;
  fixed_state *f = state;
  if (f->made >= f->chain) return SG_RC_EOF;
  sg_buf_reset (&out->text);
  sg_buf_reset (&out->desc);
  sg_buf_printf (&out->text, "(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (= x %u))\n(check-sat)\n",
                 f->mod ? f->made % f->mod : f->made);
  sg_buf_adds (&out->desc, "fixed");
  out->expected = SG_ANS_SAT;
  out->step = ++f->made;
  return SG_RC_OK;
}

static const sg_technique fixed = { .name = "fixed", .summary = "test", .about = "test",
                                    .defaults = { .chain = 5 }, .timeout_s = 5, .campaign_chain = 5,
                                    .weights = { 0 }, .nseeds = 1, .init = fixed_init, .begin = fixed_begin,
                                    .next = fixed_next, .free = gen_free };

/* Run `fixed` (chain mutants, x = k mod mod) on one seed whose label times both solvers "a"
 * and "b" at 10 ms (adaptive bound: the 1 s floor), with timeout_ms and adaptive timeouts as
 * given. */
static void
run_fixed (const world *w, const sg_solver_list *solvers, uint32_t chain, uint32_t mod, uint32_t timeout_ms,
           bool adaptive, bool incompleteness, const char *dir, sg_fuzz_stats *st)
{
  sg_tech_cfg cfg = { .chain = chain, .per_step = mod };
  sg_fuzz_opts o;
  sg_fuzz_opts_init (&o, &fixed, &cfg);
  assert_true (o.adaptive); /* the default */
  o.adaptive = adaptive;
  o.solvers = solvers;
  o.pats = &w->pats;
  o.timeout_ms = timeout_ms;
  o.seed = 5;
  o.out_dir = dir;
  o.model_sample = 0;
  o.sessions = false;
  sg_fuzz_opts_set_incompleteness (&o, incompleteness);
  sg_tech_seed seed = { "seed.smt2", SEED, strlen (SEED), SG_ANS_SAT, "QF_LIA", { "a", "b" }, { 10, 10 } };
  assert_int_equal (sg_fuzz_run (&o, &seed, 1, st), SG_RC_OK);
}

/* A mutant whose text was already judged in the chain is skipped, counted as a duplicate;
 * the status line says so. */
static void
test_duplicates_skipped (void **state)
{
  const world *w = *state;
  sg_solver_list solvers = { 0 };
  profile (&solvers, "a", "sat", false);
  profile (&solvers, "b", "sat", false);
  char dir[] = "/tmp/smtgrind-loop-test.XXXXXX";
  assert_non_null (mkdtemp (dir));
  sg_fuzz_stats st;
  /* 6 mutants of 2 distinct texts: 2 judged (4 solver runs), 4 skipped. */
  run_fixed (w, &solvers, 6, 2, 5000, true, false, dir, &st);
  assert_int_equal (st.chains, 1);
  assert_int_equal (st.mutants, 2);
  assert_int_equal (st.duplicates, 4);
  assert_int_equal (st.calls, 4);
  char line[768];
  sg_fuzz_status_line (&st, 1.0, line, sizeof line);
  assert_non_null (strstr (line, "duplicates 4"));
  /* All distinct: nothing skipped. */
  run_fixed (w, &solvers, 6, 0, 5000, true, false, dir, &st);
  assert_int_equal (st.mutants, 6);
  assert_int_equal (st.duplicates, 0);
  remove_dir (dir);
  sg_solver_list_free (&solvers);
}

/* An adaptive-timeout test's setup: solvers "a" and "b" with the given fake-solver modes (no
 * sessions), a fresh findings directory, and the stats of the last run. */
typedef struct adaptive {
  sg_solver_list solvers;
  char dir[sizeof "/tmp/smtgrind-loop-test.XXXXXX"];
  sg_fuzz_stats st;
} adaptive;

static void
adaptive_new_dir (adaptive *ad)
{
  memcpy (ad->dir, "/tmp/smtgrind-loop-test.XXXXXX", sizeof ad->dir);
  assert_non_null (mkdtemp (ad->dir));
}

static void
adaptive_begin (adaptive *ad, const char *mode_a, const char *mode_b)
{
  memset (ad, 0, sizeof *ad);
  profile (&ad->solvers, "a", mode_a, false);
  profile (&ad->solvers, "b", mode_b, false);
  adaptive_new_dir (ad);
}

/* run_fixed (mod 0) on the fixture's solvers and directory; the stats into ad->st. */
static void
adaptive_run (const world *w, adaptive *ad, uint32_t chain, uint32_t timeout_ms, bool on, bool incompleteness)
{
  run_fixed (w, &ad->solvers, chain, 0, timeout_ms, on, incompleteness, ad->dir, &ad->st);
}

static void
adaptive_end (adaptive *ad)
{
  remove_dir (ad->dir);
  sg_solver_list_free (&ad->solvers);
}

/* Adaptive timeout: "a" answers unsat after 1.5 s, "b" sat at once. The fast path is cut at
 * the 1 s floor; as b decided, the mutant is re-run fresh with the full 5 s, where a's wrong
 * answer comes and is reported as without the cut: no finding lost. */
static void
test_adaptive_cut_rerun_keeps_finding (void **state)
{
  const world *w = *state;
  adaptive ad;
  adaptive_begin (&ad, "slow 1500 unsat", "sat");
  adaptive_run (w, &ad, 1, 5000, true, false);
  assert_int_equal (ad.st.mutants, 1);
  assert_int_equal (ad.st.cut, 1);
  assert_int_equal (ad.st.rerun, 1);
  assert_int_equal (ad.st.findings[SG_VERDICT_SOUNDNESS], 1);
  assert_int_equal (count_files (ad.dir, "soundness-a-", ".json"), 1);
  remove_dir (ad.dir);
  adaptive_new_dir (&ad);
  /* Off: no cut, no re-run, the same finding. */
  adaptive_run (w, &ad, 1, 5000, false, false);
  assert_int_equal (ad.st.cut, 0);
  assert_int_equal (ad.st.rerun, 0);
  assert_int_equal (ad.st.findings[SG_VERDICT_SOUNDNESS], 1);
  adaptive_end (&ad);
}

/* Adaptive timeout: both solvers need 1.5 s. Both runs are cut at 1 s and, as no solver
 * decided, nothing is re-run: counted as timeouts. */
static void
test_adaptive_cut_without_rerun (void **state)
{
  const world *w = *state;
  adaptive ad;
  adaptive_begin (&ad, "slow 1500 sat", "slow 1500 sat");
  adaptive_run (w, &ad, 1, 5000, true, false);
  assert_int_equal (ad.st.mutants, 1);
  assert_int_equal (ad.st.cut, 2);
  assert_int_equal (ad.st.rerun, 0);
  assert_int_equal (ad.st.timeouts, 2);
  assert_int_equal (ad.st.all_decided, 0);
  /* A bound not below -t is no bound: both decide. */
  adaptive_run (w, &ad, 1, 1000, true, false);
  assert_int_equal (ad.st.cut, 0);
  adaptive_end (&ad);
}

/* Adaptive timeout with --incompleteness: "a" hangs, "b" decides. The cut run is re-run with
 * the full timeout, still times out, and is reported as incompleteness (confirmed fresh). */
static void
test_adaptive_cut_incompleteness (void **state)
{
  const world *w = *state;
  adaptive ad;
  adaptive_begin (&ad, "hang", "sat");
  adaptive_run (w, &ad, 1, 1500, true, true);
  assert_int_equal (ad.st.cut, 1);
  assert_int_equal (ad.st.rerun, 1);
  assert_int_equal (ad.st.findings[SG_VERDICT_INCOMPLETE], 1);
  assert_int_equal (count_files (ad.dir, "incompleteness-a-", ".json"), 1);
  adaptive_end (&ad);
}

/* Adaptive timeout, a chain that keeps hanging: "a" hangs on every mutant, "b" decides. The
 * first cut is re-run with the full timeout, which confirms the hang; the later cuts of "a"
 * in the same chain are not re-run (1 s each instead of the full timeout). */
static void
test_adaptive_known_hang (void **state)
{
  const world *w = *state;
  adaptive ad;
  adaptive_begin (&ad, "hang", "sat");
  adaptive_run (w, &ad, 3, 3000, true, false);
  assert_int_equal (ad.st.mutants, 3);
  assert_int_equal (ad.st.cut, 3);
  assert_int_equal (ad.st.rerun, 1);
  adaptive_end (&ad);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_session_alone_is_never_reported, setup, teardown),
    cmocka_unit_test_setup_teardown (test_referee_blames_one_solver, setup, teardown),
    cmocka_unit_test_setup_teardown (test_majority_of_three, setup, teardown),
    cmocka_unit_test_setup_teardown (test_unspecified_is_kept_not_a_bug, setup, teardown),
    cmocka_unit_test_setup_teardown (test_generator_needs_no_seed, setup, teardown),
    cmocka_unit_test_setup_teardown (test_duplicates_skipped, setup, teardown),
    cmocka_unit_test_setup_teardown (test_adaptive_cut_rerun_keeps_finding, setup, teardown),
    cmocka_unit_test_setup_teardown (test_adaptive_cut_without_rerun, setup, teardown),
    cmocka_unit_test_setup_teardown (test_adaptive_cut_incompleteness, setup, teardown),
    cmocka_unit_test_setup_teardown (test_adaptive_known_hang, setup, teardown),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
