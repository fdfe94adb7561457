/* eval_coll_solvers_z3_test: differential test of the collection evaluator (eval_coll.c)
 * against cvc5 (sequences, sets, bags, tuples, relations) and z3 (sequences). Random ground
 * terms of bounded depth over small integers are evaluated; for each determined value V of a
 * term T the solver gets (push 1)(assert (not (= T V)))(check-sat)(pop 1): unsat confirms our
 * value. The test fails when a solver refutes a value (a disagreement is our bug or the
 * solver's: either way it must be looked at before the evaluator judges models). Seed fixed
 * and printed; SG_EVAL_SEED=<number> replaces it. Labelled solver/slow (the name ends in
 * _z3_test). */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "eval/eval.h"
#include "test_util.h"

#define TERMS 400          /* terms per theory */
#define BATCH 100          /* terms per solver run */
#define DEPTH 4            /* term depth */
#define TIMEOUT_MS 60000   /* per solver run */
#define OUT_MAX (4u << 20) /* solver output kept */

typedef struct gen {
  uint64_t s; /* splitmix64 state */
  sg_buf *b;  /* output text */
} gen;

static uint64_t
rnd (gen *g)
{
  uint64_t z = (g->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint32_t
below (gen *g, uint32_t n)
{
  return (uint32_t) (rnd (g) % n);
}

static void
out (gen *g, const char *t)
{
  sg_buf_adds (g->b, t);
}

/* Generators: the depth bounds the recursion (a constant of this test, not input). */
static void gi (gen *g, int d);
static void gseq (gen *g, int d);
static void gset (gen *g, int d);
static void gbag (gen *g, int d);
static void grel (gen *g, int d);

static void
gi (gen *g, int d)
{
  uint32_t k = d <= 0 ? 0 : below (g, 9);
  switch (k)
    {
    case 0: case 1: case 2:
      {
        int v = (int) below (g, 5) - 1;
        if (v < 0) out (g, "(- 1)");
        else sg_buf_printf (g->b, "%d", v);
        return;
      }
    case 3: out (g, "(seq.len "); gseq (g, d - 1); break;
    case 4: out (g, "(set.card "); gset (g, d - 1); break;
    case 5: out (g, "(bag.count "); gi (g, 0); out (g, " "); gbag (g, d - 1); break;
    case 6: out (g, "(bag.card "); gbag (g, d - 1); break;
    case 7: out (g, "(seq.indexof "); gseq (g, d - 1); out (g, " "); gseq (g, d - 1); out (g, " "); gi (g, 0); break;
    default: out (g, "(seq.nth "); gseq (g, d - 1); out (g, " "); gi (g, 0); break;
    }
  out (g, ")");
}

static void
gseq (gen *g, int d)
{
  uint32_t k = d <= 0 ? below (g, 2) : below (g, 11);
  static const char *const un[] = { "seq.rev" };
  switch (k)
    {
    case 0: out (g, "(as seq.empty (Seq Int))"); return;
    case 1: out (g, "(seq.unit "); gi (g, d - 1); break;
    case 2: case 3: out (g, "(seq.++ "); gseq (g, d - 1); out (g, " "); gseq (g, d - 1); break;
    case 4: out (g, "(seq.extract "); gseq (g, d - 1); out (g, " "); gi (g, 0); out (g, " "); gi (g, 0); break;
    case 5: out (g, "(seq.at "); gseq (g, d - 1); out (g, " "); gi (g, 0); break;
    case 6: out (g, "(seq.update "); gseq (g, d - 1); out (g, " "); gi (g, 0); out (g, " "); gseq (g, d - 1); break;
    case 7: out (g, "(seq.replace "); gseq (g, d - 1); out (g, " "); gseq (g, d - 1); out (g, " "); gseq (g, d - 1); break;
    case 8: out (g, "(seq.replace_all "); gseq (g, d - 1); out (g, " "); gseq (g, d - 1); out (g, " "); gseq (g, d - 1); break;
    default: out (g, "("); out (g, un[0]); out (g, " "); gseq (g, d - 1); break;
    }
  out (g, ")");
}

static void
gset (gen *g, int d)
{
  uint32_t k = d <= 0 ? below (g, 2) : below (g, 8);
  static const char *const bin[] = { "set.union", "set.inter", "set.minus" };
  switch (k)
    {
    case 0: out (g, "(as set.empty (Set Int))"); return;
    case 1: out (g, "(set.singleton "); gi (g, d - 1); break;
    case 2: case 3: case 4:
      sg_buf_printf (g->b, "(%s ", bin[k - 2]); gset (g, d - 1); out (g, " "); gset (g, d - 1);
      break;
    case 5: out (g, "(set.insert "); gi (g, 0); out (g, " "); gi (g, 0); out (g, " "); gset (g, d - 1); break;
    case 6: out (g, "(bag.to_set "); gbag (g, d - 1); break;
    default: out (g, "(set.union "); gset (g, d - 1); out (g, " "); gset (g, d - 1); out (g, " "); gset (g, d - 1); break;
    }
  out (g, ")");
}

static void
gbag (gen *g, int d)
{
  uint32_t k = d <= 0 ? below (g, 2) : below (g, 9);
  static const char *const bin[] = { "bag.union_max", "bag.union_disjoint", "bag.inter_min",
                                     "bag.difference_subtract", "bag.difference_remove" };
  switch (k)
    {
    case 0: out (g, "(as bag.empty (Bag Int))"); return;
    case 1: out (g, "(bag "); gi (g, 0); out (g, " "); gi (g, 0); break;
    case 2: case 3: case 4: case 5: case 6:
      sg_buf_printf (g->b, "(%s ", bin[k - 2]); gbag (g, d - 1); out (g, " "); gbag (g, d - 1);
      break;
    case 7: out (g, "(bag.duplicate_removal "); gbag (g, d - 1); break;
    default: out (g, "(bag.from_set "); gset (g, d - 1); break;
    }
  out (g, ")");
}

static void
gpair (gen *g)
{
  out (g, "(tuple ");
  gi (g, 0);
  out (g, " ");
  gi (g, 0);
  out (g, ")");
}

static void
grel (gen *g, int d)
{
  uint32_t k = d <= 0 ? below (g, 2) : below (g, 7);
  switch (k)
    {
    case 0: out (g, "(as set.empty (Relation Int Int))"); return;
    case 1: out (g, "(set.singleton "); gpair (g); break;
    case 2: out (g, "(set.union "); grel (g, d - 1); out (g, " "); grel (g, d - 1); break;
    case 3: out (g, "(rel.transpose "); grel (g, d - 1); break;
    case 4: out (g, "(rel.join "); grel (g, d - 1); out (g, " "); grel (g, d - 1); break;
    case 5: out (g, "(rel.tclosure "); grel (g, d - 1); break;
    default: out (g, "(set.insert "); gpair (g); out (g, " "); grel (g, d - 1); break;
    }
  out (g, ")");
}

static void
gbool (gen *g, int d, int th)
{
  uint32_t k = below (g, 4);
  switch (th * 4 + (int) k)
    {
    case 0: out (g, "(seq.contains "); gseq (g, d); out (g, " "); gseq (g, d); break;
    case 1: out (g, "(seq.prefixof "); gseq (g, d); out (g, " "); gseq (g, d); break;
    case 2: out (g, "(seq.suffixof "); gseq (g, d); out (g, " "); gseq (g, d); break;
    case 3: out (g, "(= "); gseq (g, d); out (g, " "); gseq (g, d); break;
    case 4: out (g, "(set.member "); gi (g, 0); out (g, " "); gset (g, d); break;
    case 5: out (g, "(set.subset "); gset (g, d); out (g, " "); gset (g, d); break;
    case 6: out (g, "(= "); gset (g, d); out (g, " "); gset (g, d); break;
    case 7: out (g, "(set.is_singleton "); gset (g, d); break;
    case 8: out (g, "(bag.member "); gi (g, 0); out (g, " "); gbag (g, d); break;
    case 9: out (g, "(bag.subbag "); gbag (g, d); out (g, " "); gbag (g, d); break;
    case 10: case 11: out (g, "(= "); gbag (g, d); out (g, " "); gbag (g, d); break;
    default: out (g, "(set.member "); gpair (g); out (g, " (rel.tclosure "); grel (g, d); out (g, ")"); break;
    }
  out (g, ")");
}

enum { TH_SEQ, TH_SET, TH_BAG, TH_REL };

static void
gterm (gen *g, int th)
{
  if (below (g, 4) == 0) { gbool (g, DEPTH - 1, th); return; }
  switch (th)
    {
    case TH_SEQ: if (below (g, 3)) gseq (g, DEPTH); else gi (g, DEPTH); break;
    case TH_SET: gset (g, DEPTH); break;
    case TH_BAG: gbag (g, DEPTH); break;
    default: grel (g, DEPTH); break;
    }
}

/* ---- running solvers (as eval_solver_test) ---- */

static bool
run_solver (char *const argv[], sg_buf *o)
{
  int fd[2];
  if (pipe (fd)) return false;
  pid_t pid = fork ();
  if (pid < 0) { close (fd[0]); close (fd[1]); return false; }
  if (pid == 0)
    {
      dup2 (fd[1], 1);
      dup2 (fd[1], 2);
      close (fd[0]);
      close (fd[1]);
      execvp (argv[0], argv);
      _exit (127);
    }
  close (fd[1]);
  struct timespec t0;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  bool timeout = false;
  char chunk[65536];
  for (;;)
    {
      struct timespec t1;
      clock_gettime (CLOCK_MONOTONIC, &t1);
      long left = TIMEOUT_MS - (long) ((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000);
      if (left <= 0) { timeout = true; break; }
      struct pollfd p = { fd[0], POLLIN, 0 };
      int r = poll (&p, 1, (int) left);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) { timeout = r == 0; break; }
      ssize_t n = read (fd[0], chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      if (o->len < OUT_MAX) sg_buf_add (o, chunk, (size_t) n);
    }
  close (fd[0]);
  if (timeout) kill (pid, SIGKILL);
  int status;
  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
  return !timeout && !(WIFEXITED (status) && WEXITSTATUS (status) == 127);
}

enum { V_NONE, V_AGREE, V_REFUTE, V_UNKNOWN, V_ERROR };

static void
verdicts (const char *o, uint8_t *v, uint32_t n)
{
  uint8_t cur = V_NONE;
  for (const char *l = o; *l;)
    {
      const char *e = strchr (l, '\n');
      size_t len = e ? (size_t) (e - l) : strlen (l);
      const char *q = l;
      while (q < l + len && (*q == '"' || *q == ' ')) q++;
      if (*q == '@')
        {
          unsigned long k = strtoul (q + 1, NULL, 10);
          if (k < n) v[k] = cur;
          cur = V_NONE;
        }
      else if (len >= 5 && !strncmp (l, "unsat", 5)) cur = cur == V_ERROR ? cur : V_AGREE;
      else if (len >= 3 && !strncmp (l, "sat", 3)) cur = cur == V_ERROR ? cur : V_REFUTE;
      else if (len >= 7 && !strncmp (l, "unknown", 7)) cur = cur == V_ERROR ? cur : V_UNKNOWN;
      else if (len >= 6 && !strncmp (l, "(error", 6)) cur = V_ERROR;
      l = e ? e + 1 : l + len;
    }
}

static bool
have (const char *solver)
{
  char *argv[] = { (char *) solver, (char *) "--version", NULL };
  sg_buf b;
  sg_buf_init (&b);
  bool ok = run_solver (argv, &b) && b.len > 0;
  sg_buf_free (&b);
  return ok;
}

static uint64_t
seed_of (void)
{
  const char *e = getenv ("SG_EVAL_SEED");
  return e && *e ? strtoull (e, NULL, 0) : 20261126ull;
}

static void
theory_run (int th, const char *name, bool with_z3)
{
  if (!have ("cvc5") || (with_z3 && !have ("z3"))) { print_message ("cvc5 or z3 missing: skipped\n"); skip (); }
  gen g = { seed_of () * 4 + (uint64_t) th, NULL };
  sg_buf text;
  sg_buf_init (&text);
  g.b = &text;
  sg_buf_adds (&text, "(set-logic ALL)\n");
  for (uint32_t i = 0; i < TERMS; i++)
    {
      sg_buf_adds (&text, "(get-value (");
      gterm (&g, th);
      sg_buf_adds (&text, "))\n");
    }
  assert_true (sg_buf_ok (&text));
  tparse t;
  tp_parse (&t, sg_buf_cstr (&text));
  if (t.rc) fail_msg ("generated terms do not parse: %s", t.err);
  sg_eval *e = sg_eval_new (&t.s, NULL, 0);
  assert_non_null (e);
  char **tt = calloc (TERMS, sizeof *tt), **vt = calloc (TERMS, sizeof *vt);
  uint32_t n = 0, undet = 0;
  assert_true (tt && vt);
  for (uint32_t i = 0; i < t.sc.cmds.n; i++)
    {
      const sg_cmd *c = &t.sc.cmds.a[i];
      if (c->kind != SG_WK_GET_VALUE) continue;
      sg_term x = sg_cmd_items (&t.sc, c)[0];
      sg_val v;
      assert_int_equal (sg_eval_term (e, x, &v), SG_RC_OK);
      if (sg_v_is_undet (v)) { undet++; continue; }
      sg_buf b;
      sg_buf_init (&b);
      sg_print_term (&t.s, x, NULL, &b);
      tt[n] = strdup (sg_buf_cstr (&b));
      sg_buf_reset (&b);
      sg_v_print (&t.s, v, &b);
      vt[n++] = strdup (sg_buf_cstr (&b));
      sg_buf_free (&b);
    }
  uint8_t *vz = calloc (n + 1, 1), *vc = calloc (n + 1, 1);
  assert_true (vz && vc);
  const char *tmp = getenv ("TMPDIR");
  char path[4096];
  snprintf (path, sizeof path, "%s/sg_eval_coll_XXXXXX", tmp && *tmp ? tmp : "/tmp");
  size_t plen = strlen (path);
  for (uint32_t from = 0; from < n; from += BATCH)
    {
      uint32_t to = from + BATCH < n ? from + BATCH : n;
      sg_buf sc;
      sg_buf_init (&sc);
      sg_buf_adds (&sc, "(set-logic ALL)\n");
      for (uint32_t k = from; k < to; k++)
        sg_buf_printf (&sc, "(push 1)(assert (not (= %s %s)))(check-sat)(pop 1)(echo \"@%u\")\n", tt[k], vt[k], k - from);
      assert_true (sg_buf_ok (&sc));
      strcpy (path + plen - 6, "XXXXXX");
      int fd = mkstemp (path);
      assert_true (fd >= 0);
      assert_true (write (fd, sc.s, sc.len) == (ssize_t) sc.len);
      close (fd);
      char *z3[] = { (char *) "z3", (char *) "-smt2", path, NULL };
      char *cvc5[] = { (char *) "cvc5", (char *) "--lang=smt2", (char *) "--incremental", (char *) "--strings-exp",
                       (char *) "--sets-ext", path, NULL };
      for (int s = with_z3 ? 0 : 1; s < 2; s++)
        {
          sg_buf o;
          sg_buf_init (&o);
          if (!run_solver (s ? cvc5 : z3, &o)) print_message ("%s: timeout or not started\n", s ? "cvc5" : "z3");
          verdicts (sg_buf_cstr (&o), (s ? vc : vz) + from, to - from);
          sg_buf_free (&o);
        }
      unlink (path);
      sg_buf_free (&sc);
    }
  uint32_t agree = 0, refute = 0, zagree = 0, zrefute = 0;
  for (uint32_t k = 0; k < n; k++)
    {
      agree += vc[k] == V_AGREE;
      refute += vc[k] == V_REFUTE;
      zagree += vz[k] == V_AGREE;
      zrefute += vz[k] == V_REFUTE;
      if (vc[k] == V_REFUTE || vz[k] == V_REFUTE)
        print_message ("  %s: REFUTED by %s: %s = %s\n", name, vc[k] == V_REFUTE ? (vz[k] == V_REFUTE ? "both" : "cvc5") : "z3",
                       tt[k], vt[k]);
    }
  print_message ("%s: %u terms, %u undetermined (skipped), %u checked; cvc5 agrees %u, refutes %u%s", name, TERMS,
                 undet, n, agree, refute, with_z3 ? "" : "\n");
  if (with_z3) print_message ("; z3 agrees %u, refutes %u\n", zagree, zrefute);
  for (uint32_t k = 0; k < n; k++) free (tt[k]), free (vt[k]);
  free (tt);
  free (vt);
  free (vz);
  free (vc);
  sg_eval_free (e);
  tp_free (&t);
  sg_buf_free (&text);
  if (refute || zrefute) fail_msg ("%s: values refuted", name);
  assert_true (agree * 10 >= n * 9); /* nearly every value was actually confirmed */
}

static void test_seq (void **state) { (void) state; theory_run (TH_SEQ, "Seq", true); }
static void test_set (void **state) { (void) state; theory_run (TH_SET, "Set", false); }
static void test_bag (void **state) { (void) state; theory_run (TH_BAG, "Bag", false); }
static void test_rel (void **state) { (void) state; theory_run (TH_REL, "Relation", false); }

int
main (void)
{
  print_message ("eval_coll_solvers_z3_test: seed %llu (set SG_EVAL_SEED to change)\n",
                 (unsigned long long) seed_of ());
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_seq),
    cmocka_unit_test (test_set),
    cmocka_unit_test (test_bag),
    cmocka_unit_test (test_rel),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
