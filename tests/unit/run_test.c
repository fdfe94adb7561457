/* run_test: the solver-run layer — spawn (watchdog, limits, capture, no zombies, no fd leaks),
 * patterns and profiles (loaders, errors, specs), classification of scripted fake solvers
 * (tests/fake/fake_solver.c) and of the real Debian solvers. Sessions: session_test.c. */
#include "run_util.h"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <time.h>

/* ---- patterns ---- */

static void
test_patterns_roundtrip (void **state)
{
  world *w = *state;
  /* The loader reads back the very rows that are compiled in (patterns.def). */
  static const struct {
    sg_pat_kind kind;
    const char *solver;
    sg_pat_match match;
    const char *text;
  } rows[] = {
#define PATTERN(k, s, m, t) { SG_PAT_##k, s, SG_MATCH_##m, t },
#include "run/patterns.def"
#undef PATTERN
  };
  size_t nrows = sizeof rows / sizeof *rows;
  sg_buf tsv;
  sg_buf_init (&tsv);
  sg_buf_adds (&tsv, "# generated from patterns.def\n\n");
  for (size_t i = 0; i < nrows; i++)
    sg_buf_printf (&tsv, "%s\t%s\t%s\t%s\n", sg_pat_kind_name (rows[i].kind), rows[i].solver,
                   rows[i].text, sg_pat_match_name (rows[i].match));
  sg_patterns ps;
  sg_patterns_init (&ps);
  sg_diag d;
  assert_int_equal (sg_patterns_load_string (&ps, tsv.s, tsv.len, "gen.tsv", &d), SG_RC_OK);
  assert_int_equal (ps.rows.n, nrows);
  assert_int_equal (w->pats.rows.n, nrows);
  for (size_t i = 0; i < nrows; i++)
    {
      assert_int_equal (ps.rows.a[i].kind, w->pats.rows.a[i].kind);
      assert_int_equal (ps.rows.a[i].match, w->pats.rows.a[i].match);
      assert_string_equal (ps.rows.a[i].solver, w->pats.rows.a[i].solver);
      assert_string_equal (ps.rows.a[i].text, w->pats.rows.a[i].text);
    }
  sg_patterns_free (&ps);
  sg_buf_free (&tsv);

  /* The optional user file loads. */
  sg_patterns_init (&ps);
  assert_int_equal (sg_patterns_load_file (&ps, "data/patterns.tsv", &d), SG_RC_OK);
  sg_patterns_free (&ps);
}

static void
test_patterns_errors (void **state)
{
  (void) state;
  static const struct {
    const char *text;
    const char *msg;
  } cases[] = {
    { "crash\t*\n", "p.tsv:1:8: error: expected 3 or 4 tab-separated fields" },
    { "# c\ncrsh\t*\tboom\n", "p.tsv:2:1: error: unknown kind 'crsh'" },
    { "crash\tz 3\tboom\n", "p.tsv:1:8: error: bad character ' ' in solver name" },
    { "crash\t*\t\n", "p.tsv:1:9: error: empty pattern text" },
    { "crash\t*\tboom\tword\n", "p.tsv:1:14: error: match must be 'sub', 'bare' or 'line'" },
    { "crash\t*\tboom\tsub\tx\n", "p.tsv:1:18: error: too many fields" },
    { "rejected\t*\t...x\n", "p.tsv:1:12: error: a pattern cannot start or end with the gap" },
    { "timeout\tz3\ta...b\tline\n", "p.tsv:1:12: error: a 'line' pattern cannot hold the gap" },
    { "crash\t*\tbo\001om\n", "p.tsv:1:11: error: control character 0x01" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      sg_patterns ps;
      sg_patterns_init (&ps);
      sg_diag d;
      assert_int_not_equal (
          sg_patterns_load_string (&ps, cases[i].text, strlen (cases[i].text), "p.tsv", &d),
          SG_RC_OK);
      assert_int_equal (ps.rows.n, 0);
      char buf[700];
      sg_diag_format (&d, buf, sizeof buf);
      if (strncmp (buf, cases[i].msg, strlen (cases[i].msg)))
        fail_msg ("case %zu: got '%s', want '%s...'", i, buf, cases[i].msg);
      sg_patterns_free (&ps);
    }
  /* Gaps match parts in order on one line only. */
  sg_pattern p = { SG_PAT_CRASH, SG_MATCH_SUB, "*", (char *) "Fatal...CheckModels" };
  const char *yes = "x\nFatal failure within CheckModels::f\n";
  const char *no = "Fatal failure\nCheckModels\n";
  assert_int_equal (sg_pattern_find (&p, yes, strlen (yes)), 2);
  assert_int_equal (sg_pattern_find (&p, no, strlen (no)), -1);
}

/* ---- profiles ---- */

static void
assert_argv (const sg_strv *v, const char *want)
{
  char got[1024] = "";
  size_t k = 0;
  for (uint32_t i = 0; i < v->n && v->a[i]; i++)
    k += (size_t) snprintf (got + k, sizeof got - k, "%s%s", i ? " " : "", v->a[i]);
  assert_null (v->a[v->n - 1]);
  assert_string_equal (got, want);
}

static void
test_profiles (void **state)
{
  world *w = *state;
  const sg_profile *z3 = sg_profiles_find (&w->profs, "z3");
  const sg_profile *cvc5 = sg_profiles_find (&w->profs, "cvc5");
  const sg_profile *cvc4 = sg_profiles_find (&w->profs, "cvc4");
  const sg_profile *btor = sg_profiles_find (&w->profs, "boolector");
  assert_non_null (z3);
  assert_non_null (cvc5);
  assert_non_null (cvc4);
  assert_non_null (btor);
  /* which validation flags check unsat answers, and how a failed own check that aborts reads
   * (issue 50): cvc5's --check-unsat-cores, not z3's or cvc4's model checks */
  assert_true (cvc5->validate_unsat);
  assert_false (z3->validate_unsat);
  assert_false (cvc4->validate_unsat);
  assert_int_equal (cvc5->own_check_words.n, 1);
  assert_string_equal (cvc5->own_check_words.a[0], "checkUnsatCore");
  assert_int_equal (z3->own_check_words.n, 0);
  sg_strv v;
  sg_argv_opts o = { .script_path = "t.smt2", .validate = true, .solver_timeout_ms = 1500 };
  assert_int_equal (sg_profile_argv (z3, &o, &v), SG_RC_OK);
  assert_argv (&v, "z3 -smt2 model_validate=true -T:2 t.smt2");
  sg_strv_free (&v);
  o = (sg_argv_opts) { .on_stdin = true, .incremental = true, .strings = true,
                       .validate = true, .solver_timeout_ms = 1500 };
  assert_int_equal (sg_profile_argv (cvc5, &o, &v), SG_RC_OK);
  assert_argv (&v, "cvc5 -q --lang smt2 --incremental --check-models --check-unsat-cores "
                   "--strings-exp --sets-ext --tlimit=1500");
  sg_strv_free (&v);
  o = (sg_argv_opts) { .script_path = "t.smt2", .solver_timeout_ms = 2000 };
  assert_int_equal (sg_profile_argv (btor, &o, &v), SG_RC_OK);
  assert_argv (&v, "boolector -t 2 --smt2"); /* stdin profile: no path */
  sg_strv_free (&v);
  o = (sg_argv_opts) { .models = true };
  assert_int_equal (sg_profile_session_argv (cvc4, &o, &v), SG_RC_OK);
  assert_argv (&v, "cvc4 -q --lang smt2 --incremental --produce-models");
  sg_strv_free (&v);
  assert_int_equal (sg_profile_session_argv (btor, &o, &v), SG_RC_USAGE);

  assert_true (sg_profile_accepts_logic (btor, "QF_ABV"));
  assert_false (sg_profile_accepts_logic (btor, "QF_LIA"));
  assert_false (sg_profile_accepts_logic (cvc4, "QF_BVFP"));
  assert_true (sg_profile_accepts_logic (cvc4, "QF_SLIA"));
  assert_true (sg_profile_accepts_logic (z3, NULL));
  assert_true (sg_profile_is_ok_exit (btor, 20));
  assert_false (sg_profile_is_ok_exit (z3, 20));

  /* The documented profile files load and validate. */
  sg_profiles ps;
  sg_diag d;
  assert_int_equal (sg_profiles_init (&ps, &d), SG_RC_OK);
  assert_int_equal (sg_profiles_add_dir (&ps, "data/profiles", &d), SG_RC_OK);
  static const char *const extra[] = { "yices2", "bitwuzla", "mathsat", "opensmt" }; /* bitwuzla: built in */
  for (size_t i = 0; i < 4; i++) assert_non_null (sg_profiles_find (&ps, extra[i]));
  assert_non_null (sg_profiles_find (&ps, "z3"));
  sg_profiles_free (&ps);
}

static void
test_profile_errors (void **state)
{
  (void) state;
  static const struct {
    const char *text;
    const char *msg;
  } cases[] = {
    { "name = x\nbinary = x\nflavour = y\n", "p:3:1: error: unknown key 'flavour'" },
    { "name = x\nname = y\n", "p:2:1: error: duplicate key 'name'" },
    { "name = x y\n", "p:1:9: error: bad character ' ' in name" },
    { "name = x\nbinary = a b\n", "p:2:11: error: one word expected" },
    { "name = x\nbinary = x\ninput = pipe\n", "p:3:9: error: input must be 'file' or 'stdin'" },
    { "name = x\nbinary = x\nok_exits = 0 256\n", "p:3:14: error: exit codes are numbers" },
    { "name = x\nbinary = x\ntimeout_args = -t\n", "p:3:16: error: timeout_args must contain" },
    { "name = x\nbinary = x\nlogics = QF-BV\n", "p:3:12: error: bad character '-' in a logic" },
    { "name = x\nbinary = x\nsession = maybe\n", "p:3:11: error: expected 'yes' or 'no'" },
    { "name = x\nbinary = x\nvalidate_unsat = maybe\n", "p:3:18: error: expected 'yes' or 'no'" },
    { "name = x\nbinary = x\nsession = yes\n", "p:4:1: error: session = yes needs session_args" },
    { "name = x\n", "p:2:1: error: missing key 'binary'" },
    { "binary = x\n  junk\n", "p:2:3: error: expected 'key = value'" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      sg_profile p;
      sg_diag d;
      assert_int_not_equal (sg_profile_parse (cases[i].text, strlen (cases[i].text), "p", &p, &d),
                            SG_RC_OK);
      char buf[700];
      sg_diag_format (&d, buf, sizeof buf);
      if (strncmp (buf, cases[i].msg, strlen (cases[i].msg)))
        fail_msg ("case %zu: got '%s', want '%s...'", i, buf, cases[i].msg);
    }
}

static void
test_specs (void **state)
{
  world *w = *state;
  sg_solver_list l;
  memset (&l, 0, sizeof l);
  sg_diag d;
  assert_int_equal (sg_profiles_parse_spec (&w->profs,
                                            "z3 model_validate=true;cvc5 --check-models -q; "
                                            "/opt/x/my-solver  -v  1",
                                            "spec", &l, &d),
                    SG_RC_OK);
  assert_int_equal (l.n, 3);
  assert_string_equal (l.a[0].name, "z3");
  assert_string_equal (l.a[0].binary, "z3");
  assert_int_equal (l.a[0].user_args.n, 1);
  assert_string_equal (l.a[0].user_args.a[0], "model_validate=true");
  assert_true (l.a[0].session);
  /* A copy of a built-in profile keeps its scalar keys (z3's model_after_failed_check). */
  assert_true (l.a[0].model_after_failed_check);
  assert_false (l.a[1].model_after_failed_check);
  assert_string_equal (l.a[1].name, "cvc5");
  assert_int_equal (l.a[1].user_args.n, 2);
  assert_string_equal (l.a[2].name, "my-solver");
  assert_string_equal (l.a[2].binary, "/opt/x/my-solver");
  assert_int_equal (l.a[2].user_args.n, 2);
  assert_false (l.a[2].session);
  sg_strv v;
  sg_argv_opts o = { .script_path = "f.smt2" };
  assert_int_equal (sg_profile_argv (&l.a[1], &o, &v), SG_RC_OK);
  /* The user's -q is dropped: the profile already has it (a second -q silences cvc4 1.8). */
  assert_argv (&v, "cvc5 -q --lang smt2 --check-models f.smt2");
  sg_strv_free (&v);
  /* A run without the solver's own model check drops the spec's check flags too (z3's
   * model_validate=true, cvc5's --check-models); the other words stay. */
  sg_argv_opts nv = { .script_path = "f.smt2", .no_validate = true };
  assert_int_equal (sg_profile_argv (&l.a[1], &nv, &v), SG_RC_OK);
  assert_argv (&v, "cvc5 -q --lang smt2 f.smt2");
  sg_strv_free (&v);
  assert_int_equal (sg_profile_argv (&l.a[0], &nv, &v), SG_RC_OK);
  assert_argv (&v, "z3 -smt2 f.smt2");
  sg_strv_free (&v);
  assert_int_equal (sg_profile_argv (&l.a[2], &nv, &v), SG_RC_OK);
  assert_argv (&v, "/opt/x/my-solver -v 1 f.smt2");
  sg_strv_free (&v);
  sg_solver_list_free (&l);
  /* cvc4 prints the model its check examines with -v -v (checked_model_args): only beside
   * its check, both words (the first undoes -q). */
  assert_int_equal (sg_profiles_parse_spec (&w->profs, "cvc4", "spec", &l, &d), SG_RC_OK);
  sg_argv_opts cm = { .script_path = "f.smt2", .validate = true, .checked_model = true };
  assert_int_equal (sg_profile_argv (&l.a[0], &cm, &v), SG_RC_OK);
  assert_argv (&v, "cvc4 -q --lang smt2 --check-models -v -v f.smt2");
  sg_strv_free (&v);
  cm.validate = false;
  assert_int_equal (sg_profile_argv (&l.a[0], &cm, &v), SG_RC_OK);
  assert_argv (&v, "cvc4 -q --lang smt2 f.smt2");
  sg_strv_free (&v);
  sg_solver_list_free (&l);

  assert_int_not_equal (sg_profiles_parse_spec (&w->profs, "z3;; cvc5", "spec", &l, &d), SG_RC_OK);
  char buf[700];
  sg_diag_format (&d, buf, sizeof buf);
  assert_string_equal (buf, "spec:1:4: error: empty solver in spec");
  assert_int_equal (l.n, 0);

  char path[] = "/tmp/sg_spec_XXXXXX";
  int fd = mkstemp (path);
  assert_true (fd >= 0);
  const char *text = "# solvers\nz3\n\ncvc5 --strings-exp;cvc4\n";
  assert_int_equal (write (fd, text, strlen (text)), (ssize_t) strlen (text));
  close (fd);
  assert_int_equal (sg_profiles_load_spec_file (&w->profs, path, &l, &d), SG_RC_OK);
  assert_int_equal (l.n, 3);
  assert_string_equal (l.a[2].name, "cvc4");
  sg_solver_list_free (&l);
  unlink (path);
}

static void
test_versions (void **state)
{
  world *w = *state;
  static const struct {
    const char *text, *want;
  } cases[] = {
    { "Z3 version 4.8.12 - 64 bit\n", "4.8.12" },
    { "This is cvc5 version 1.0.3\ncompiled with GCC version 12.2.0\n", "1.0.3" },
    { "This is CVC4 version 1.8\n", "1.8" },
    { "1.5.118\n", "1.5.118" },
    { "Yices 2.6.4\n", "2.6.4" },
    { "MathSAT5 version 5.6.10 (0c4e8b7e0fb4) (Jun 17 2023, gmp 6.2.1)\n", "5.6.10" },
    { "no version here 64 bit\n", "" },
  };
  char out[64];
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      sg_profile_extract_version (cases[i].text, strlen (cases[i].text), out, sizeof out);
      assert_string_equal (out, cases[i].want);
    }
  static const char *const want[][2] = {
    { "z3", "4.8.12" }, { "cvc5", "1.0.3" }, { "cvc4", "1.8" }, { "boolector", "1.5.118" } };
  for (size_t i = 0; i < 4; i++)
    {
      sg_profile *p = (sg_profile *) sg_profiles_find (&w->profs, want[i][0]);
      const char *v;
      assert_int_equal (sg_profile_version (p, &v), SG_RC_OK);
      assert_string_equal (v, want[i][1]);
      assert_true (p->version_probed);
    }
}

/* ---- spawn ---- */

static void
test_spawn_basics (void **state)
{
  (void) state;
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  /* Missing binary: a distinct outcome, not a crash. */
  const char *missing[] = { "no-such-solver-xyz", NULL };
  sg_spawn_opts o = { .argv = missing };
  assert_int_equal (sg_spawn_run (&o, &r), SG_RC_OK);
  assert_int_equal (r.end, SG_END_EXEC_FAILED);
  assert_int_equal (r.exec_errno, ENOENT);
  /* Not executable (found by path: the child's execv fails, reported through the pipe). */
  char noexec_path[] = "/tmp/sg_noexec_XXXXXX";
  int nfd = mkstemp (noexec_path); /* mode 0600: not executable */
  assert_true (nfd >= 0);
  close (nfd);
  const char *noexec[] = { noexec_path, NULL };
  o.argv = noexec;
  assert_int_equal (sg_spawn_run (&o, &r), SG_RC_OK);
  assert_int_equal (r.end, SG_END_EXEC_FAILED);
  assert_int_equal (r.exec_errno, EACCES);
  assert_int_equal (r.exec_step, SG_EXEC_STEP_EXEC);
  unlink (noexec_path);
  /* Its working directory gone (a private directory removed under a run): the step says so,
   * and so does the outcome's reason. */
  const char *tru[] = { "/bin/true", NULL };
  o.argv = tru;
  o.cwd = "/nonexistent-sg-dir/x";
  assert_int_equal (sg_spawn_run (&o, &r), SG_RC_OK);
  assert_int_equal (r.end, SG_END_EXEC_FAILED);
  assert_int_equal (r.exec_step, SG_EXEC_STEP_CWD);
  assert_int_equal (r.exec_errno, ENOENT);
  {
    sg_patterns pats;
    sg_patterns_init (&pats);
    assert_int_equal (sg_patterns_add_defaults (&pats), SG_RC_OK);
    sg_profile g;
    assert_int_equal (sg_profile_generic ("/bin/true", &g), SG_RC_OK);
    sg_outcome oc;
    sg_outcome_init (&oc);
    assert_int_equal (sg_classify_run (&pats, &g, &r, &oc), SG_RC_OK);
    assert_int_equal (oc.kind, SG_OUT_EXEC_FAILED);
    assert_string_equal (oc.reason, "cannot enter its working directory: No such file or directory");
    sg_outcome_free (&oc);
    sg_profile_free (&g);
    sg_patterns_free (&pats);
  }
  o.cwd = NULL;

  /* stdin from a pipe, from a file, from /dev/null. */
  const char *echo[] = { FAKE, "stdin_echo", NULL };
  o = (sg_spawn_opts) { .argv = echo, .stdin_kind = SG_STDIN_PIPE, .stdin_data = "(check-sat)\n",
                        .stdin_len = 12 };
  assert_int_equal (sg_spawn_run (&o, &r), SG_RC_OK);
  assert_int_equal (r.end, SG_END_EXITED);
  assert_int_equal (r.exit_code, 0);
  assert_string_equal (r.out.s, "(check-sat)\n");
  o = (sg_spawn_opts) { .argv = echo, .stdin_kind = SG_STDIN_FILE, .stdin_path = "data/patterns.tsv" };
  assert_int_equal (sg_spawn_run (&o, &r), SG_RC_OK);
  size_t n;
  char *want = slurp ("data/patterns.tsv", &n);
  assert_int_equal (r.out.len, n);
  assert_memory_equal (r.out.s, want, n);
  free (want);
  o = (sg_spawn_opts) { .argv = echo };
  assert_int_equal (sg_spawn_run (&o, &r), SG_RC_OK);
  assert_int_equal (r.out.len, 0);
  o = (sg_spawn_opts) { .argv = echo, .stdin_kind = SG_STDIN_FILE, .stdin_path = "/nonexistent" };
  assert_int_equal (sg_spawn_run (&o, &r), SG_RC_IO);

  /* 8 MiB through stdin while reading stdout: no deadlock, stdout capped at 1 MiB. */
  size_t big = 8u << 20;
  char *data = malloc (big);
  memset (data, 'a', big);
  o = (sg_spawn_opts) { .argv = echo, .stdin_kind = SG_STDIN_PIPE, .stdin_data = data,
                        .stdin_len = big, .out_cap = 1u << 20, .timeout_ms = 20000 };
  assert_int_equal (sg_spawn_run (&o, &r), SG_RC_OK);
  assert_false (r.timed_out);
  assert_int_equal (r.out.len, 1u << 20);
  assert_int_equal (r.out_bytes, big);
  assert_true (r.out_truncated);
  free (data);

  /* The child stops reading: stdin_broken, no SIGPIPE for us. */
  const char *sat[] = { FAKE, "sat", NULL };
  data = calloc (1, big);
  o = (sg_spawn_opts) { .argv = sat, .stdin_kind = SG_STDIN_PIPE, .stdin_data = data,
                        .stdin_len = big };
  assert_int_equal (sg_spawn_run (&o, &r), SG_RC_OK);
  assert_int_equal (r.exit_code, 0);
  assert_true (r.stdin_broken);
  free (data);

  /* A grandchild holding stdout open does not stall us past the grace period. */
  const char *gc[] = { FAKE, "grandchild", NULL };
  o = (sg_spawn_opts) { .argv = gc, .timeout_ms = 5000 };
  assert_int_equal (sg_spawn_run (&o, &r), SG_RC_OK);
  assert_false (r.timed_out);
  assert_int_equal (r.end, SG_END_EXITED);
  assert_true (r.wall_s < 1.0);
  assert_string_equal (r.out.s, "sat\n");
  sg_spawn_result_free (&r);
  assert_no_children ();
}

/* Issue 14: an empty PATH entry ("." ) with a name of PATH_MAX - 2 bytes overflowed the path
 * buffer by one (ASan); every solver of a list is checked before anything runs. */
static void
test_resolve_and_check (void **state)
{
  (void) state;
  char *old = getenv ("PATH") ? strdup (getenv ("PATH")) : NULL;
  char out[4096];
  char name[4096];
  for (size_t n = 4090; n <= 4095; n++)
    {
      memset (name, 'a', n);
      name[n] = 0;
      setenv ("PATH", ":/usr/bin", 1);
      int e = sg_spawn_resolve (name, out, sizeof out);
      assert_true (e == ENOENT || e == ENAMETOOLONG);
    }
  setenv ("PATH", "/nonexistent::/bin", 1);
  assert_int_equal (sg_spawn_resolve ("sh", out, sizeof out), 0);
  assert_string_equal (out, "/bin/sh");
  if (old) setenv ("PATH", old, 1);
  free (old);

  sg_diag d;
  sg_profiles ps;
  assert_int_equal (sg_profiles_init (&ps, &d), SG_RC_OK);
  char noexec[] = "/tmp/sg_noexec_XXXXXX", noexec_why[128];
  int nfd = mkstemp (noexec); /* mode 0600: not executable, even for root */
  assert_true (nfd >= 0);
  close (nfd);
  snprintf (noexec_why, sizeof noexec_why, "solver '%s': is not executable", noexec);
  const struct { const char *spec, *why; } bad[] = {
    { "no-such-solver-xyz", "solver 'no-such-solver-xyz': not found in PATH" },
    { "/tmp", "solver '/tmp': is a directory" },
    { noexec, noexec_why },
    { "/no/such/file", "solver '/no/such/file': no such file" },
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      sg_solver_list l = { 0 };
      char spec[128];
      snprintf (spec, sizeof spec, "sh;%s", bad[i].spec);
      assert_int_equal (sg_profiles_parse_spec (&ps, spec, "--solvers", &l, &d), SG_RC_OK);
      sg_diag_init (&d, "--solvers");
      assert_int_equal (sg_solver_list_check (&l, &d), SG_RC_USAGE);
      assert_non_null (strstr (d.msg, bad[i].why));
      sg_solver_list_free (&l);
    }
  unlink (noexec);
  sg_solver_list l = { 0 };
  assert_int_equal (sg_profiles_parse_spec (&ps, "sh", "--solvers", &l, &d), SG_RC_OK);
  assert_int_equal (sg_solver_list_check (&l, &d), SG_RC_OK);
  sg_solver_list_free (&l);
  sg_profiles_free (&ps);
}

static void
test_timeouts (void **state)
{
  world *w = *state;
  sg_outcome o;
  sg_outcome_init (&o);
  /* 1 s: back within 1.1 s, TIMEOUT by the watchdog. */
  double t0 = sg_spawn_now ();
  run_fake (w, "fake", "hang", 1000, 0, &o);
  double dt = sg_spawn_now () - t0;
  assert_int_equal (o.kind, SG_OUT_TIMEOUT);
  assert_string_equal (o.reason, "watchdog");
  if (dt < 1.0 || dt > 1.1) fail_msg ("1 s timeout took %.3f s", dt);
  /* SIGTERM ignored: SIGKILL after the 200 ms grace. */
  t0 = sg_spawn_now ();
  run_fake (w, "fake", "hang_ignore_term", 300, 0, &o);
  dt = sg_spawn_now () - t0;
  assert_int_equal (o.kind, SG_OUT_TIMEOUT);
  assert_string_equal (o.reason, "watchdog (SIGKILL)");
  if (dt < 0.5 || dt > 0.65) fail_msg ("300 ms + grace took %.3f s", dt);
  /* RLIMIT_CPU: a spinning solver dies of SIGXCPU after 1 s of CPU, a TIMEOUT too. */
  sg_profile p;
  fake_profile (&p, "fake", "spin");
  sg_run_opts ro;
  memset (&ro, 0, sizeof ro);
  ro.timeout_ms = 10000;
  ro.cpu_s = 1;
  assert_int_equal (sg_run_text (&p, &w->pats, &ro, "", 0, &o), SG_RC_OK);
  assert_int_equal (o.kind, SG_OUT_TIMEOUT);
  assert_string_equal (o.reason, "CPU limit (SIGXCPU)");
  /* The child's CPU time comes from wait4; on a loaded machine the reap may race the limit,
   * so only its sign is asserted (the kind and reason above are what matters). */
  assert_true (o.cpu_s >= 0.0);
  sg_profile_free (&p);
  sg_outcome_free (&o);
  assert_no_children ();
}

static void
test_no_zombies_no_fds (void **state)
{
  world *w = *state;
  int fds = count_fds ();
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  const char *tru[] = { "/bin/true", NULL };
  sg_spawn_opts o = { .argv = tru, .timeout_ms = 10000 };
  double t0 = sg_spawn_now ();
  for (int i = 0; i < 10000; i++)
    {
      assert_int_equal (sg_spawn_run (&o, &r), SG_RC_OK);
      if (r.end != SG_END_EXITED || r.exit_code != 0) fail_msg ("run %d: end %d", i, r.end);
    }
  double dt = sg_spawn_now () - t0;
  print_message ("10000 x /bin/true: %.2f s (%.0f runs/s)\n", dt, 10000 / dt);
  /* Other paths: exec failure, timeouts, pipes, crashes, sessions. */
  const char *missing[] = { "no-such-solver-xyz", NULL };
  o.argv = missing;
  assert_int_equal (sg_spawn_run (&o, &r), SG_RC_OK);
  sg_outcome out;
  sg_outcome_init (&out);
  run_fake (w, "fake", "segv", 5000, 0, &out);
  run_fake (w, "fake", "hang", 100, 0, &out);
  sg_profile p;
  fake_profile (&p, "fake", "interactive");
  sg_session s;
  sg_session_opts so = { .timeout_ms = 200 };
  assert_int_equal (sg_session_open (&s, &p, &w->pats, &so), SG_RC_OK);
  assert_int_equal (sg_session_query (&s, "(check-sat)", 11, &out), SG_RC_OK);
  assert_int_equal (sg_session_query (&s, "(crash)", 7, &out), SG_RC_OK);
  assert_int_equal (sg_session_query (&s, "(hang)", 6, &out), SG_RC_OK);
  assert_int_equal (sg_session_query (&s, "(check-sat)", 11, &out), SG_RC_OK);
  sg_session_close (&s);
  sg_profile_free (&p);
  sg_outcome_free (&out);
  sg_spawn_result_free (&r);
  assert_no_children ();
  assert_int_equal (count_fds (), fds);
}

/* ---- the sweep of private directories ---- */

/* make TMPDIR/smtgrind-PID-TAG, with owner (the file .sg-owner's text) unless NULL */
static void
sweep_dir (const char *tmp, long pid, const char *tag, const char *owner, char *path, size_t size)
{
  snprintf (path, size, "%s/smtgrind-%ld-%s", tmp, pid, tag);
  assert_int_equal (mkdir (path, 0700), 0);
  if (!owner) return;
  char f[PATH_MAX + 16];
  snprintf (f, sizeof f, "%s/.sg-owner", path);
  FILE *fp = fopen (f, "w");
  assert_non_null (fp);
  fputs (owner, fp);
  assert_int_equal (fclose (fp), 0);
}

/* A directory is removed only when its owner file names our PID namespace and its PID is gone
 * there or was reused (another start time): a smtgrind in a container, or under `unshare
 * --pid`, sharing $TMPDIR sees none of our PIDs and removed the directories of a running
 * enumeration, whose every solver then failed to start. */
static void
test_tmpdir_sweep (void **state)
{
  (void) state;
  char tmp[] = "/tmp/sg-sweep-test.XXXXXX";
  assert_non_null (mkdtemp (tmp));
  const char *old = getenv ("TMPDIR");
  char *saved = old ? strdup (old) : NULL;
  assert_int_equal (setenv ("TMPDIR", tmp, 1), 0);
  char ns[128];
  ssize_t n = readlink ("/proc/self/ns/pid", ns, sizeof ns - 1);
  assert_true (n > 0);
  ns[n] = '\0';
  /* a PID that is gone: a child, reaped */
  pid_t dead = fork ();
  if (dead == 0) _exit (0);
  assert_true (dead > 0);
  assert_int_equal (waitpid (dead, NULL, 0), dead);
  sg_proc_stat me;
  assert_true (sg_run_proc_stat ((long) getpid (), &me));
  char ours[192], reused[192], path[9][PATH_MAX], made[PATH_MAX];
  snprintf (ours, sizeof ours, "%s %llu\n", ns, me.start);
  snprintf (reused, sizeof reused, "%s %llu\n", ns, me.start + 1);
  sweep_dir (tmp, dead, "AAAAAA", ours, path[0], sizeof path[0]);          /* gone: removed */
  sweep_dir (tmp, dead, "BBBBBB", "pid:[1] 1\n", path[1], sizeof path[1]); /* other namespace */
  sweep_dir (tmp, dead, "CCCCCC", NULL, path[2], sizeof path[2]);          /* no owner file, just now: kept */
  sweep_dir (tmp, getpid (), "DDDDDD", reused, path[3], sizeof path[3]);  /* PID reused: removed */
  sweep_dir (tmp, getpid (), "EEEEEE", ours, path[4], sizeof path[4]);    /* alive: kept */
  /* an owner file left empty (its maker killed between creating and writing it): removed once
   * the directory has not changed for a minute */
  sweep_dir (tmp, dead, "FFFFFF", "", path[5], sizeof path[5]);            /* just now: kept */
  sweep_dir (tmp, dead, "GGGGGG", "", path[6], sizeof path[6]);            /* 2 min ago: removed */
  struct timespec ago[2] = { { time (NULL) - 120, 0 }, { time (NULL) - 120, 0 } };
  assert_int_equal (utimensat (AT_FDCWD, path[6], ago, 0), 0);
  /* no owner file (killed between mkdtemp and writing it; a thread's script written after a
   * stop signal's removal), 2 min ago: removed, empty or not */
  sweep_dir (tmp, dead, "HHHHHH", NULL, path[7], sizeof path[7]);
  assert_int_equal (utimensat (AT_FDCWD, path[7], ago, 0), 0);
  sweep_dir (tmp, dead, "IIIIII", NULL, path[8], sizeof path[8]);
  char f8[PATH_MAX + 16];
  snprintf (f8, sizeof f8, "%s/script.smt2", path[8]);
  FILE *fp8 = fopen (f8, "w");
  assert_non_null (fp8);
  fclose (fp8);
  assert_int_equal (utimensat (AT_FDCWD, path[8], ago, 0), 0);
  assert_int_equal (sg_run_tmpdir_make (made, sizeof made), SG_RC_OK);    /* alive: kept */
  assert_int_equal (sg_run_tmpdir_sweep (), 5);
  struct stat st;
  assert_int_not_equal (stat (path[0], &st), 0);
  assert_int_equal (stat (path[1], &st), 0);
  assert_int_equal (stat (path[2], &st), 0);
  assert_int_not_equal (stat (path[3], &st), 0);
  assert_int_equal (stat (path[4], &st), 0);
  assert_int_equal (stat (path[5], &st), 0);
  assert_int_not_equal (stat (path[6], &st), 0);
  assert_int_not_equal (stat (path[7], &st), 0);
  assert_int_not_equal (stat (path[8], &st), 0);
  assert_int_equal (stat (made, &st), 0);
  for (int i = 1; i < 6; i++)
    if (i != 3) sg_run_tmpdir_remove (path[i]);
  sg_run_tmpdir_remove (made);
  assert_int_equal (rmdir (tmp), 0);
  if (saved) setenv ("TMPDIR", saved, 1);
  else unsetenv ("TMPDIR");
  free (saved);
}

/* ---- classification of fake runs ---- */

static void
test_classify_fakes (void **state)
{
  world *w = *state;
  static const struct {
    const char *name, *mode; /* profile name (selects patterns), fake mode */
    sg_outcome_kind kind;
    const char *answers;   /* comma-separated */
    const char *signature; /* prefix, or NULL */
    uint32_t notes;        /* bits that must be set */
  } cases[] = {
    { "fake", "sat", SG_OUT_OK, "sat", NULL, 0 },
    { "fake", "multi", SG_OUT_OK, "sat,unsat,unknown", NULL, 0 },
    { "fake", "segv", SG_OUT_CRASH, "", "SIGSEGV", 0 },
    { "fake", "abort", SG_OUT_CRASH, "", "SIGABRT: about to abort", 0 },
    { "fake", "garbage", SG_OUT_NO_ANSWER, "", NULL, 0 },
    { "fake", "noanswer", SG_OUT_NO_ANSWER, "", NULL, 0 },
    { "fake", "error_then_sat", SG_OUT_REJECTED, "", NULL, 0 },
    { "z3", "assert_fail", SG_OUT_CRASH, "", "assert src/smt/theory_lra.cpp:1234", 0 },
    { "cvc5", "error_assert", SG_OUT_CRASH, "", "assert src/theory/foo.cpp:77", 0 },
    { "z3", "z3_timeout", SG_OUT_TIMEOUT, "", NULL, 0 },
    { "fake", "z3_timeout", SG_OUT_NO_ANSWER, "", NULL, 0 }, /* the line rule is z3's */
    { "cvc5", "cvc_tlimit", SG_OUT_TIMEOUT, "", NULL, 0 },
    { "fake", "wrapper_segv", SG_OUT_CRASH, "", "SIGSEGV", 0 },
    { "fake", "exit3", SG_OUT_ABNORMAL_EXIT, "", NULL, 0 },
    { "cvc5", "wrong_status", SG_OUT_OK, "sat", NULL, SG_NOTE_WRONG_STATUS },
    { "cvc4", "cvc4_fp", SG_OUT_REJECTED, "", NULL, 0 },
    { "cvc5", "cvc4_fp", SG_OUT_CRASH, "", "assert src/theory/fp/fp_converter.cpp:1700", 0 },
    { "z3", "invalid_model", SG_OUT_INVALID_MODEL, "", "an invalid model was generated", 0 },
    { "fake", "asan", SG_OUT_CRASH, "",
      "sanitizer heap-use-after-free foo::bar(int) baz main", 0 },
    { "fake", "no-such-mode", SG_OUT_ABNORMAL_EXIT, "", NULL, 0 },
  };
  sg_outcome o;
  sg_outcome_init (&o);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      run_fake (w, cases[i].name, cases[i].mode, 10000, 0, &o);
      char desc[600];
      sg_outcome_describe (&o, desc, sizeof desc);
      if (o.kind != cases[i].kind)
        fail_msg ("%s/%s: got %s, want %s", cases[i].name, cases[i].mode, desc,
                  sg_outcome_kind_name (cases[i].kind));
      if (o.kind == SG_OUT_OK) assert_answers (&o, cases[i].answers);
      if (cases[i].signature
          && strncmp (o.signature, cases[i].signature, strlen (cases[i].signature)))
        fail_msg ("%s/%s: signature '%s', want '%s'", cases[i].name, cases[i].mode, o.signature,
                  cases[i].signature);
      if ((o.notes & cases[i].notes) != cases[i].notes)
        fail_msg ("%s/%s: notes %#x", cases[i].name, cases[i].mode, o.notes);
      assert_false (o.from_session);
    }
  /* The wrong-status note carries the expected status. */
  run_fake (w, "cvc5", "wrong_status", 10000, 0, &o);
  assert_int_equal (o.expected, SG_ANS_UNSAT);

  /* RLIMIT_AS: the memory eater ends as MEMOUT, not CRASH. */
  run_fake (w, "fake", "eatmem", 20000, 256u << 20, &o);
  assert_int_equal (o.kind, SG_OUT_MEMOUT);
  /* ... and so does one that segfaults when malloc fails (most of the limit resident), */
  run_fake (w, "fake", "eatmem_segv", 20000, 256u << 20, &o);
  if (o.kind != SG_OUT_MEMOUT) fail_msg ("eatmem_segv: %s (%s)", sg_outcome_kind_name (o.kind), o.reason);
  /* ... while a segfault far below the limit stays a crash. */
  run_fake (w, "fake", "segv", 20000, 256u << 20, &o);
  assert_int_equal (o.kind, SG_OUT_CRASH);

  /* A gigabyte of output: capped at 4 MiB, read to the end, no answer. */
  sg_profile p;
  fake_profile (&p, "fake", "flood");
  sg_strv argv;
  sg_argv_opts ao = { .on_stdin = true };
  assert_int_equal (sg_profile_argv (&p, &ao, &argv), SG_RC_OK);
  sg_spawn_opts so = { .argv = (const char *const *) argv.a, .timeout_ms = 60000 };
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  assert_int_equal (sg_spawn_run (&so, &r), SG_RC_OK);
  assert_false (r.timed_out);
  assert_int_equal (r.exit_code, 0);
  assert_int_equal (r.out_bytes, (uint64_t) 1 << 30);
  assert_int_equal (r.out.len, SG_SPAWN_DEFAULT_CAP);
  assert_true (r.out_truncated);
  assert_int_equal (sg_classify_run (&w->pats, &p, &r, &o), SG_RC_OK);
  assert_int_equal (o.kind, SG_OUT_NO_ANSWER);
  assert_true (o.notes & SG_NOTE_TRUNCATED);
  sg_spawn_result_free (&r);
  sg_strv_free (&argv);
  sg_profile_free (&p);

  /* A missing binary is EXEC_FAILED. */
  sg_profile g;
  assert_int_equal (sg_profile_generic ("no-such-solver-xyz", &g), SG_RC_OK);
  sg_run_opts ro;
  memset (&ro, 0, sizeof ro);
  assert_int_equal (sg_run_file (&g, &w->pats, &ro, "x.smt2", &o), SG_RC_OK);
  assert_int_equal (o.kind, SG_OUT_EXEC_FAILED);
  sg_profile_free (&g);
  sg_outcome_free (&o);
}

/* Classification of canned outputs (no process): rule order and z3's ignored logic. */
static void
test_classify_canned (void **state)
{
  world *w = *state;
  const sg_profile *z3 = sg_profiles_find (&w->profs, "z3");
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  sg_outcome o;
  sg_outcome_init (&o);
  static const struct {
    const char *out, *err;
    int end, code;
    bool timed_out;
    sg_outcome_kind kind;
    const char *answers;
  } cases[] = {
    /* z3 ignores an unknown logic: the answer stands. */
    { "unsupported\nsat\n", "; ignoring unsupported logic QF_DTLIA line: 1 position: 1\n",
      SG_END_EXITED, 0, false, SG_OUT_OK, "sat" },
    /* ... but an unsupported option with no logic note is rejected. */
    { "unsupported\nsat\n", "; :foo line: 1 position: 49\n", SG_END_EXITED, 0, false,
      SG_OUT_REJECTED, "" },
    /* The watchdog outranks everything, even a crash signal. */
    { "sat\n", "Segmentation fault\n", SG_END_SIGNALED, SIGSEGV, true, SG_OUT_TIMEOUT, "" },
    /* z3 out of memory: (error "out of memory") exit 101 is MEMOUT, not REJECTED. */
    { "(error \"out of memory\")\n", "", SG_END_EXITED, 101, false, SG_OUT_MEMOUT, "" },
    /* z3 check annotation: the answer stands, noted. */
    { "sat\n(error \"line 5 column 10: check annotation that says unsat\")\n", "",
      SG_END_EXITED, 1, false, SG_OUT_OK, "sat" },
    /* An answer with a bad exit code is kept (noted). */
    { "unsat\n", "", SG_END_EXITED, 3, false, SG_OUT_OK, "unsat" },
    /* An assertion inside (error ...) is a crash, before the (error rejection. */
    { "(error \"ASSERTION VIOLATION\")\n", "", SG_END_EXITED, 1, false, SG_OUT_CRASH, "" },
    /* cvc4's minisat out of memory (RLIMIT_AS): a memout, not a crash. */
    { "", "terminate called after throwing an instance of 'CVC4::Minisat::OutOfMemoryException'\n",
      SG_END_SIGNALED, SIGABRT, false, SG_OUT_MEMOUT, "" },
    /* SIGKILL not sent by us: memory (the OOM killer). */
    { "", "", SG_END_SIGNALED, SIGKILL, false, SG_OUT_MEMOUT, "" },
    /* SIGTERM from someone else: abnormal. */
    { "sat\n", "", SG_END_SIGNALED, SIGTERM, false, SG_OUT_ABNORMAL_EXIT, "" },
    /* CRLF line ends and answers that are not whole lines. */
    { "sat\r\n unsat\nunsat \nunknown\n", "", SG_END_EXITED, 0, false, SG_OUT_OK, "sat,unknown" },
    /* Data printed back from the input (string literals, |quoted symbols| of get-value and
     * get-model) is no diagnostic, whatever it holds (a hostile review: false crashes). */
    { "sat\n((s \"Fatal failure within ASSERTION VIOLATION\"))\n", "", SG_END_EXITED, 0, false, SG_OUT_OK, "sat" },
    { "sat\n(\n(define-fun |ERRORS SATISFYING ASSERTIONS WITH MODEL| () Int 1)\n)\n", "", SG_END_EXITED, 0, false,
      SG_OUT_OK, "sat" },
    { "sat\n((s \"a\"\"b out of memory\"))\n", "", SG_END_EXITED, 0, false, SG_OUT_OK, "sat" },
    { "sat\n((s \"interrupted by timeout\"))\n", "", SG_END_EXITED, 0, false, SG_OUT_OK, "sat" },
    /* ... but a marker after the data, or in an (error ...) response after it, still counts. */
    { "sat\n((s \"a\"\"b\"))\nASSERTION VIOLATION\n", "", SG_END_EXITED, 0, false, SG_OUT_CRASH, "" },
    { "sat\n((s |x|))\n(error \"ASSERTION VIOLATION\")\n", "", SG_END_EXITED, 1, false, SG_OUT_CRASH, "" },
    /* A stray quote (z3 echoes "|" bare; cvc4 writes "a\"b") closes on no line: no data, so
     * the markers after it count (a second look: they were all hidden). */
    { "|\nsat\nASSERTION VIOLATION\n", "", SG_END_EXITED, 114, false, SG_OUT_CRASH, "" },
    { "\"a\\\"b\"\nsat\nASSERTION VIOLATION\n", "", SG_END_EXITED, 114, false, SG_OUT_CRASH, "" },
    { "|\n(error \"out of memory\")\n", "", SG_END_EXITED, 101, false, SG_OUT_MEMOUT, "" },
    { "|\ntimeout\n", "", SG_END_EXITED, 0, false, SG_OUT_TIMEOUT, "" },
    { "\"x (error \"an invalid model was generated\")\n", "", SG_END_EXITED, 1, false, SG_OUT_INVALID_MODEL, "" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      sg_spawn_result_reset (&r);
      sg_buf_adds (&r.out, cases[i].out);
      sg_buf_adds (&r.err, cases[i].err);
      r.end = (sg_spawn_end) cases[i].end;
      if (r.end == SG_END_EXITED) r.exit_code = cases[i].code;
      else r.sig = cases[i].code;
      r.timed_out = cases[i].timed_out;
      assert_int_equal (sg_classify_run (&w->pats, z3, &r, &o), SG_RC_OK);
      char desc[600];
      sg_outcome_describe (&o, desc, sizeof desc);
      if (o.kind != cases[i].kind)
        fail_msg ("case %zu: got %s, want %s", i, desc, sg_outcome_kind_name (cases[i].kind));
      if (o.kind == SG_OUT_OK) assert_answers (&o, cases[i].answers);
    }
  /* A solver without its own markers (a generic profile): the generic crash words (BARE) do
   * not count inside an S-expression on stdout, where the symbols are the input's (a hostile
   * review: a model run of a script declaring `isAborted` was a crash), but do at the top
   * level and on stderr. */
  sg_profile g;
  assert_int_equal (sg_profile_generic ("mysolver", &g), SG_RC_OK);
  static const struct {
    const char *out, *err;
    sg_outcome_kind kind;
  } gen[] = {
    { "sat\n(\n  (define-fun isAborted () Int 3)\n  (define-fun Exception () Bool true)\n)\n", "", SG_OUT_OK },
    { "sat\n((hasSegmentation (segfault 1)))\n", "", SG_OUT_OK },
    { "sat\n((x \"(\"))\nAborted\n", "", SG_OUT_CRASH },      /* a quoted paren opens nothing */
    { "sat\n((a |)|))\nsegfault\n", "", SG_OUT_CRASH },
    { "sat\n(model\n", "Exception in thread main\n", SG_OUT_CRASH }, /* stderr: any depth */
    { "unsat\nAborted\n", "", SG_OUT_CRASH },
  };
  for (size_t i = 0; i < sizeof gen / sizeof *gen; i++)
    {
      sg_spawn_result_reset (&r);
      sg_buf_adds (&r.out, gen[i].out);
      sg_buf_adds (&r.err, gen[i].err);
      r.end = SG_END_EXITED;
      r.exit_code = 0;
      assert_int_equal (sg_classify_run (&w->pats, &g, &r, &o), SG_RC_OK);
      if (o.kind != gen[i].kind)
        fail_msg ("generic case %zu: got %s (%s), want %s", i, sg_outcome_kind_name (o.kind), o.reason,
                  sg_outcome_kind_name (gen[i].kind));
    }
  /* A crash signal under a limit below SG_CLASSIFY_MIN_MEM is the limit's (z3 segfaults
   * starting up under --memout 16), at that limit a crash again. */
  sg_spawn_result_reset (&r);
  r.end = SG_END_SIGNALED;
  r.sig = SIGSEGV;
  r.mem_limit = SG_CLASSIFY_MIN_MEM - (1u << 20);
  r.maxrss = 3u << 20;
  assert_int_equal (sg_classify_run (&w->pats, z3, &r, &o), SG_RC_OK);
  assert_int_equal (o.kind, SG_OUT_MEMOUT);
  r.mem_limit = SG_CLASSIFY_MIN_MEM;
  assert_int_equal (sg_classify_run (&w->pats, z3, &r, &o), SG_RC_OK);
  assert_int_equal (o.kind, SG_OUT_CRASH);
  sg_profile_free (&g);
  sg_outcome_free (&o);
  sg_spawn_result_free (&r);
}


/* ---- real solvers ---- */

static const char SAT[] = "(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (> x 3))\n"
                          "(check-sat)\n";
static const char SAT_MODEL[] = "(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (> x 3))\n"
                                "(check-sat)\n(get-model)\n";
static const char UNSAT[] = "(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (> x 3))\n"
                            "(assert (< x 2))\n(check-sat)\n";
static const char WRONG[] = "(set-info :status unsat)\n(set-logic QF_LIA)\n"
                            "(declare-fun x () Int)\n(assert (> x 3))\n(check-sat)\n";
static const char FP[] = "(set-logic QF_FP)\n(declare-fun x () (_ FloatingPoint 8 24))\n"
                         "(assert (fp.isNaN x))\n(check-sat)\n";
static const char BV[] = "(declare-fun x () (_ BitVec 8))\n(assert (= x #x01))\n(check-sat)\n";
static const char HARD[] =
    "(set-logic QF_BV)\n(declare-fun x () (_ BitVec 128))\n(declare-fun y () (_ BitVec 128))\n"
    "(assert (= (bvmul x y) #x0000000000000000c5a7f3b0e4d29f8b))\n"
    "(assert (bvugt x #x00000000000000000000000000000001))\n"
    "(assert (bvugt y #x00000000000000000000000000000001))\n"
    "(assert (bvult x #x0000000000000000ffffffffffffffff))\n"
    "(assert (bvult y #x0000000000000000ffffffffffffffff))\n"
    "(assert (= ((_ extract 127 64) (bvmul ((_ zero_extend 128) x) ((_ zero_extend 128) y)))"
    " #x0000000000000000))\n(check-sat)\n";

static void
real (world *w, const char *solver, const char *script, sg_run_opts *ro, bool via_file,
      sg_outcome_kind kind, const char *answers)
{
  const sg_profile *p = sg_profiles_find (&w->profs, solver);
  sg_outcome o;
  sg_outcome_init (&o);
  if (via_file)
    {
      char path[] = "/tmp/sg_run_XXXXXX";
      int fd = mkstemp (path);
      assert_true (fd >= 0);
      assert_int_equal (write (fd, script, strlen (script)), (ssize_t) strlen (script));
      close (fd);
      assert_int_equal (sg_run_file (p, &w->pats, ro, path, &o), SG_RC_OK);
      unlink (path);
    }
  else
    assert_int_equal (sg_run_text (p, &w->pats, ro, script, strlen (script), &o), SG_RC_OK);
  char desc[600];
  sg_outcome_describe (&o, desc, sizeof desc);
  if (o.kind != kind)
    fail_msg ("%s on %.40s...: got %s, want %s", solver, script, desc, sg_outcome_kind_name (kind));
  if (kind == SG_OUT_OK) assert_answers (&o, answers);
  sg_outcome_free (&o);
}

static void
test_real_solvers (void **state)
{
  world *w = *state;
  sg_run_opts ro;
  memset (&ro, 0, sizeof ro);
  ro.timeout_ms = 20000;
  ro.argv.incremental = true;
  for (int f = 0; f < 2; f++)
    {
      real (w, "z3", SAT, &ro, f, SG_OUT_OK, "sat");
      real (w, "z3", UNSAT, &ro, f, SG_OUT_OK, "unsat");
      real (w, "cvc5", SAT, &ro, f, SG_OUT_OK, "sat");
      real (w, "cvc5", UNSAT, &ro, f, SG_OUT_OK, "unsat");
    }
  /* Self-validation flags on. */
  ro.argv.validate = true;
  ro.argv.models = true;
  real (w, "z3", SAT_MODEL, &ro, true, SG_OUT_OK, "sat");
  real (w, "cvc5", SAT_MODEL, &ro, true, SG_OUT_OK, "sat");
  real (w, "cvc4", SAT_MODEL, &ro, true, SG_OUT_OK, "sat");
  ro.argv.validate = ro.argv.models = false;
  /* get-model without model generation: cvc5 says (error ...): rejected. */
  real (w, "cvc5", SAT_MODEL, &ro, true, SG_OUT_REJECTED, "");
  /* Quirks of SOLVERS.md, on the real binaries. */
  real (w, "z3", WRONG, &ro, true, SG_OUT_OK, "sat");
  real (w, "cvc5", WRONG, &ro, true, SG_OUT_OK, "sat");
  real (w, "cvc4", FP, &ro, true, SG_OUT_REJECTED, "");
  real (w, "boolector", BV, &ro, true, SG_OUT_OK, "sat");
  real (w, "boolector", SAT, &ro, true, SG_OUT_REJECTED, "");
  /* Capture: the model text comes back with the outcome. */
  sg_buf cap;
  sg_buf_init (&cap);
  sg_outcome o;
  sg_outcome_init (&o);
  const sg_profile *z3 = sg_profiles_find (&w->profs, "z3");
  assert_int_equal (sg_run_text_capture (z3, &w->pats, &ro, SAT_MODEL, strlen (SAT_MODEL), &o,
                                         &cap),
                    SG_RC_OK);
  assert_int_equal (o.kind, SG_OUT_OK);
  assert_non_null (strstr (sg_buf_cstr (&cap), "(define-fun x () Int"));
  /* A script that redirects output to a file writes into the private directory, which is
   * removed: nothing lands in ours. */
  const char *redirect = "(set-option :regular-output-channel \"sg_out.txt\")\n(check-sat)\n";
  assert_int_equal (sg_run_text_capture (z3, &w->pats, &ro, redirect, strlen (redirect), &o,
                                         &cap),
                    SG_RC_OK);
  assert_int_equal (o.kind, SG_OUT_NO_ANSWER);
  assert_int_not_equal (access ("sg_out.txt", F_OK), 0);
  assert_int_not_equal (access ("\"sg_out.txt\"", F_OK), 0);
  sg_outcome_free (&o);
  sg_buf_free (&cap);
  /* The solvers' own time limits are timeouts. */
  ro.argv.solver_timeout_ms = 500;
  real (w, "z3", HARD, &ro, true, SG_OUT_TIMEOUT, "");
  real (w, "cvc5", HARD, &ro, true, SG_OUT_TIMEOUT, "");
  /* And so is the watchdog's. */
  ro.argv.solver_timeout_ms = 0;
  ro.timeout_ms = 500;
  real (w, "z3", HARD, &ro, true, SG_OUT_TIMEOUT, "");
  assert_no_children ();
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_patterns_roundtrip),
    cmocka_unit_test (test_patterns_errors),
    cmocka_unit_test (test_profiles),
    cmocka_unit_test (test_profile_errors),
    cmocka_unit_test (test_specs),
    cmocka_unit_test (test_versions),
    cmocka_unit_test (test_spawn_basics),
    cmocka_unit_test (test_resolve_and_check),
    cmocka_unit_test (test_timeouts),
    cmocka_unit_test (test_classify_fakes),
    cmocka_unit_test (test_classify_canned),
    cmocka_unit_test (test_real_solvers),
    cmocka_unit_test (test_no_zombies_no_fds),
    cmocka_unit_test (test_tmpdir_sweep),
  };
  return cmocka_run_group_tests (tests, setup, teardown);
}
