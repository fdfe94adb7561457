/* solopt_test: option tables (run/solopt.h) — the parsers read captured help texts of z3 -pd,
 * cvc5 --help and --OPT=help into names, types, defaults, categories and expert marks, and
 * skip what they cannot read; the experimental and expert marks are only what the help says
 * (test_experimental); the exclusion list marks semantics-changing options; candidates
 * and option words; a drawn configuration replays from its seed, never holds a rejected,
 * excluded or untried value, and in safe mode holds at most one expert option; the cache
 * file round-trips and a bad line is an error with its line and column; the options that
 * change the meaning of the input (issue 49) are named for every release of their family and
 * never drawn from the captured tables of z3 4.8.12, cvc5 1.0.3 and cvc4 1.8 in any mode. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/solopt.h"

static const char z3_pd[] =
  "Global parameters\n"
  "    auto_config (bool) use heuristics to automatically select solver (default: true)\n"
  "    unicode (bool) use unicode strings instead of ASCII strings\n"
  "    timeout (unsigned int) (default: infty) timeout in milliseconds. (default: 4294967295)\n"
  "\n"
  "To set a module parameter, use <module-name>.<parameter-name>=value\n"
  "Example:  pp.decimal=true\n"
  "\n"
  "[module] smt, description: smt solver based on lazy smt\n"
  "    arith.solver (unsigned int) arithmetic solver: 0 - no solver, 6 - lra (default: 6)\n"
  "    qi.cost (string) expression specifying what is the cost (default: (+ weight generation))\n"
  "    string_solver (symbol) solver for string/sequence theories (default: seq)\n"
  "    restart_factor (double) when using geometric strategy (default: 1.1)\n"
  "    dt_lazy_splits (unsigned int) How lazy: 0- eager, 1- lazy for infinite types, 2- lazy (default: 1)\n"
  "    cutoff1 (unsigned int) limit1 - total number of clauses, 2 - x (default: 100000000)\n"
  "    trace_level (unsigned int) 0 - off, 1 - 5 are levels, 7 - max (default: 0)\n"
  "    garbage line that is no parameter\n"
  "[module] nlsat, description: nonlinear solver\n"
  "    shuffle_vars (bool) use a random variable order. (default: false)\n";

static const char cvc5_help[] =
  "usage: cvc5 [options] [input-file]\n"
  "\n"
  "cvc5 options:\n"
  "Most commonly-used cvc5 options:\n"
  "  --incremental | -i     enable incremental solving [*]\n"
  "  --rlimit=N             set resource limit\n"
  "  --help | -h            full command line reference\n"
  "\n"
  "From the Arithmetic Theory module:\n"
  "  --arith-no-partial-fun do not use partial function semantics for arithmetic\n"
  "                         (not SMT LIB compliant) (EXPERTS only) [*]\n"
  "  --arith-prop=MODE      turns on arithmetic propagation (default is 'old', see\n"
  "                         --arith-prop=help) (EXPERTS only)\n"
  "  --approx-branch-depth=N\n"
  "                         maximum branch depth the approximate solver is allowed\n"
  "                         to take (EXPERTS only)\n"
  "From the SAT Layer module:\n"
  "  --random-freq=P | --random-frequency=P\n"
  "                         sets the frequency of random decisions in the sat\n"
  "                         solver (P=0.0 by default) (EXPERTS only)\n"
  "  --restart-int-base=N   sets the base restart interval for the sat solver (N=25\n"
  "                         by default) (EXPERTS only)\n"
  "  --ext-rew-prep         use extended rewriter as a preprocessing pass [*]\n"
  "  --sets-infer-as-lemmas send inferences as lemmas (EXPERTS only) [*]\n"
  "\n"
  "[*] Each of these options has a --no-OPTIONNAME variant, which reverses the\n"
  "    sense of the option.\n";

static const char arith_prop_help[] =
  "\n  This decides on kind of propagation arithmetic attempts to do during the\n  search.\n"
  "Available modes for --arith-prop are:\n"
  "+ unate\n  Use constraints to do unate propagation.\n"
  "+ bi\n  (Bounds Inference) infers bounds on basic variables.\n"
  "+ both (default)\n";

static const sg_solopt *
find (const sg_solopt_table *t, const char *name)
{
  for (uint32_t i = 0; i < t->opts.n; i++)
    if (!strcmp (t->opts.a[i].name, name)) return &t->opts.a[i];
  return NULL;
}

static void
test_parse_z3 (void **state)
{
  (void) state;
  sg_solopt_table t;
  sg_solopt_table_init (&t);
  snprintf (t.solver, sizeof t.solver, "z3");
  assert_int_equal (sg_solopt_parse_z3 (&t, z3_pd, sizeof z3_pd - 1), SG_RC_OK);
  sg_solopt_mark_excluded (&t);
  assert_int_equal (t.opts.n, 11);
  assert_int_equal (t.skipped, 1);
  const sg_solopt *o = find (&t, "smt.arith.solver");
  assert_non_null (o);
  assert_int_equal (o->type, SG_SOPT_INT);
  assert_string_equal (o->def, "6");
  assert_string_equal (o->values, "0 6"); /* the values its description enumerates */
  sg_strv c = { 0 };
  assert_int_equal (sg_solopt_candidates (o, &c), SG_RC_OK);
  assert_int_equal (c.n, 1); /* 0 alone: 6 is the default, 1 2 3 10 are not listed */
  assert_string_equal (c.a[0], "0");
  sg_strv_free (&c);
  assert_string_equal (find (&t, "smt.dt_lazy_splits")->values, "0 1 2");
  assert_null (find (&t, "smt.cutoff1")->values); /* "limit1 - " is no value; one is not a list */
  assert_string_equal (find (&t, "smt.trace_level")->values, "0 1 2 3 4 5 7"); /* a range */
  assert_string_equal (o->category, "smt");
  assert_false (o->expert);
  assert_false (o->excluded);
  o = find (&t, "timeout"); /* two "(default: ": the last counts */
  assert_non_null (o);
  assert_string_equal (o->def, "4294967295");
  assert_true (o->excluded);
  o = find (&t, "unicode");
  assert_null (o->def);
  assert_true (o->excluded); /* changes the string alphabet */
  o = find (&t, "smt.qi.cost"); /* a default with blanks is no value of ours */
  assert_int_equal (o->type, SG_SOPT_STRING);
  assert_null (o->def);
  assert_int_equal (find (&t, "smt.string_solver")->type, SG_SOPT_MODE);
  assert_int_equal (find (&t, "smt.restart_factor")->type, SG_SOPT_DOUBLE);
  o = find (&t, "nlsat.shuffle_vars");
  assert_true (o->expert); /* outside global, smt, sat, rewriter */
  assert_int_equal (o->type, SG_SOPT_BOOL);
  sg_solopt_table_free (&t);
}

/* The table of cvc5_help, exclusions marked. */
static void
cvc5_table (sg_solopt_table *t)
{
  sg_solopt_table_init (t);
  snprintf (t->solver, sizeof t->solver, "cvc5");
  assert_int_equal (sg_solopt_parse_cvc (t, cvc5_help, sizeof cvc5_help - 1), SG_RC_OK);
  sg_solopt_mark_excluded (t);
}

static void
test_parse_cvc (void **state)
{
  (void) state;
  sg_solopt_table t;
  cvc5_table (&t);
  assert_int_equal (t.opts.n, 10);
  const sg_solopt *o = find (&t, "incremental");
  assert_int_equal (o->type, SG_SOPT_BOOL);
  assert_string_equal (o->category, "common");
  assert_true (o->excluded);
  assert_int_equal (find (&t, "help")->type, SG_SOPT_FLAG);
  o = find (&t, "arith-no-partial-fun");
  assert_true (o->expert);
  assert_true (o->excluded);
  assert_string_equal (o->category, "Arithmetic Theory");
  sg_solopt *m = (sg_solopt *) find (&t, "arith-prop");
  assert_int_equal (m->type, SG_SOPT_MODE);
  assert_string_equal (m->def, "old");
  assert_int_equal (sg_solopt_parse_modes (m, arith_prop_help, sizeof arith_prop_help - 1), SG_RC_OK);
  assert_string_equal (m->values, "unate bi both");
  assert_string_equal (m->def, "both");
  o = find (&t, "approx-branch-depth");
  assert_int_equal (o->type, SG_SOPT_INT);
  assert_true (o->expert);
  o = find (&t, "random-freq");
  assert_int_equal (o->type, SG_SOPT_DOUBLE);
  assert_string_equal (o->def, "0.0");
  assert_string_equal (find (&t, "restart-int-base")->def, "25");
  o = find (&t, "ext-rew-prep");
  assert_int_equal (o->type, SG_SOPT_BOOL);
  assert_false (o->expert);
  assert_false (o->excluded);
  o = find (&t, "sets-infer-as-lemmas"); /* its name fills the column: one blank before the text */
  assert_int_equal (o->type, SG_SOPT_BOOL);
  assert_true (o->expert);
  /* Garbage never crashes and yields nothing. */
  sg_solopt_table g;
  sg_solopt_table_init (&g);
  static const char junk[] = "  --\n  --=\n  --x=\nFrom the  module:\n\x01\x02--a\n  --ok-name [*]";
  assert_int_equal (sg_solopt_parse_cvc (&g, junk, sizeof junk - 1), SG_RC_OK);
  assert_int_equal (sg_solopt_parse_z3 (&g, junk, sizeof junk - 1), SG_RC_OK);
  sg_solopt_table_free (&g);
  /* Texts that do not end in a NUL are read within their length (fuzz_options found strstr
   * running past the end of a "... options:" line; a range "1 - 5" at the very end went to
   * strtoul): exact-size copies, so the sanitizer build sees any read beyond. */
  static const char *const tails[] = { "Usage: cvc5 [options]", "From the X module:\n  --foo  bar [*]",
                                       "Global parameters\n    lv (unsigned int) 0 - off, 1 - 5" };
  for (int k = 0; k < 3; k++)
    {
      size_t n = strlen (tails[k]);
      char *copy = malloc (n);
      assert_non_null (copy);
      memcpy (copy, tails[k], n);
      sg_solopt_table_init (&g);
      assert_int_equal (k == 2 ? sg_solopt_parse_z3 (&g, copy, n) : sg_solopt_parse_cvc (&g, copy, n), SG_RC_OK);
      if (k == 1) assert_string_equal (find (&g, "foo")->category, "X");
      if (k == 2) assert_int_equal (find (&g, "lv")->type, SG_SOPT_INT);
      sg_solopt_table_free (&g);
      free (copy);
    }
  sg_solopt_table_free (&t);
}

/* Excerpts of the Debian builds' own help texts (z3 4.8.12 -pd, cvc5 1.0.3 --help), verbatim. */
static const char z3_pd_experimental[] =
  "[module] sat, description: propositional SAT solver\n"
  "    euf (bool) enable euf solver (this feature is preliminary and not ready for general consumption) (default: false)\n"
  "    restart.factor (double) restart increment factor for geometric strategy (default: 1.5)\n"
  "[module] sls, description: Experimental Stochastic Local Search Solver (for QFBV only).\n"
  "    early_prune (bool) use early pruning for score prediction (default: true)\n"
  "[module] nlsat, description: nonlinear solver\n"
  "    shuffle_vars (bool) use a random variable order. (default: false)\n";
static const char cvc5_help_experimental[] =
  "From the Arrays Theory module:\n"
  "  --arrays-eager-index   turn on eager index splitting for generated array\n"
  "                         lemmas [*]\n"
  "  --arrays-exp           enable experimental features in the theory of arrays\n"
  "                         (EXPERTS only) [*]\n"
  "From the Floating-Point module:\n"
  "  --fp-exp               Allow floating-point sorts of all sizes, rather than\n"
  "                         only Float32 (8/24) or Float64 (11/53) (experimental)\n"
  "                         (EXPERTS only) [*]\n"
  "  --fp-lazy-wb           Enable lazier word-blasting (on preNotifyFact instead\n"
  "                         of registerTerm) (EXPERTS only) [*]\n"
  "From the Quantifiers module:\n"
  "  --cegqi-bv-ineq=MODE   choose mode for handling bit-vector inequalities with\n"
  "                         counterexample-guided instantiation (EXPERTS only)\n"
  "  --sygus-inst           Enable SyGuS instantiation quantifiers module [*]\n"
  "From the Strings Theory module:\n"
  "  --strings-exp          experimental features in the theory of strings [*]\n";

/* Only what the solver's own help says: "experimental" or "preliminary" in an option's (or a z3
 * module's) description, cvc's "(EXPERTS only)"; z3's experts by module are ours, never said. */
static void
test_experimental (void **state)
{
  (void) state;
  sg_solopt_table t;
  sg_solopt_table_init (&t);
  snprintf (t.solver, sizeof t.solver, "z3");
  assert_int_equal (sg_solopt_parse_z3 (&t, z3_pd_experimental, sizeof z3_pd_experimental - 1), SG_RC_OK);
  assert_int_equal (t.opts.n, 4);
  const sg_solopt *o = sg_solopt_of_word (&t, "sat.euf=true");
  assert_ptr_equal (o, find (&t, "sat.euf"));
  assert_true (o->experimental); /* "preliminary and not ready for general consumption" */
  assert_string_equal (sg_solopt_caveat (&t, o), "experimental");
  o = sg_solopt_of_word (&t, "sat.restart.factor=2.0");
  assert_false (o->experimental);
  assert_null (sg_solopt_caveat (&t, o));
  assert_true (find (&t, "sls.early_prune")->experimental); /* its module: "Experimental ..." */
  o = sg_solopt_of_word (&t, "nlsat.shuffle_vars=true");
  assert_true (o->expert);              /* our grouping by module... */
  assert_false (o->experimental);
  assert_null (sg_solopt_caveat (&t, o)); /* ...which z3's help never says */
  assert_null (sg_solopt_of_word (&t, "sat.eu=true"));
  assert_null (sg_solopt_of_word (&t, "=true"));
  sg_solopt_table_free (&t);

  sg_solopt_table_init (&t);
  snprintf (t.solver, sizeof t.solver, "cvc5");
  assert_int_equal (sg_solopt_parse_cvc (&t, cvc5_help_experimental, sizeof cvc5_help_experimental - 1), SG_RC_OK);
  assert_int_equal (t.opts.n, 7);
  o = sg_solopt_of_word (&t, "--fp-exp");
  assert_non_null (o);
  assert_true (o->experimental);
  assert_true (o->expert);
  assert_string_equal (sg_solopt_caveat (&t, o), "experimental, expert");
  o = sg_solopt_of_word (&t, "--no-arrays-exp"); /* the other value of a bool */
  assert_ptr_equal (o, find (&t, "arrays-exp"));
  assert_string_equal (sg_solopt_caveat (&t, o), "experimental, expert");
  assert_string_equal (sg_solopt_caveat (&t, sg_solopt_of_word (&t, "--strings-exp")), "experimental");
  assert_string_equal (sg_solopt_caveat (&t, sg_solopt_of_word (&t, "--fp-lazy-wb")), "expert");
  assert_string_equal (sg_solopt_caveat (&t, sg_solopt_of_word (&t, "--cegqi-bv-ineq=keep")), "expert");
  assert_null (sg_solopt_caveat (&t, sg_solopt_of_word (&t, "--sygus-inst")));
  assert_null (sg_solopt_caveat (&t, sg_solopt_of_word (&t, "--arrays-eager-index")));
  assert_null (sg_solopt_of_word (&t, "fp-exp"));          /* cvc words start with -- */
  assert_null (sg_solopt_of_word (&t, "--no-cegqi-bv-ineq")); /* no-: bools only */
  assert_true (sg_solopt_says_experimental ("(Experimental)", 14));
  assert_false (sg_solopt_says_experimental ("experimenta", 11)); /* within its length */
  sg_solopt_table_free (&t);
}

static void
test_words_candidates (void **state)
{
  (void) state;
  sg_solopt o = { .name = "nl-ext", .type = SG_SOPT_BOOL, .def = "true" };
  sg_strv c = { 0 };
  assert_int_equal (sg_solopt_candidates (&o, &c), SG_RC_OK);
  assert_int_equal (c.n, 1);
  assert_string_equal (c.a[0], "false");
  char *w = NULL;
  assert_int_equal (sg_solopt_word (SG_SOPT_STYLE_CVC, &o, "false", &w), SG_RC_OK);
  assert_string_equal (w, "--no-nl-ext");
  free (w);
  assert_int_equal (sg_solopt_word (SG_SOPT_STYLE_CVC, &o, "true", &w), SG_RC_OK);
  assert_string_equal (w, "--nl-ext");
  free (w);
  sg_strv_free (&c);
  sg_solopt i = { .name = "smt.relevancy", .type = SG_SOPT_INT, .def = "2" };
  assert_int_equal (sg_solopt_candidates (&i, &c), SG_RC_OK);
  assert_int_equal (c.n, 4); /* 0 1 3 10: not the default, twice 2 is below 5 */
  assert_string_equal (c.a[2], "3");
  assert_int_equal (sg_solopt_word (SG_SOPT_STYLE_Z3, &i, "3", &w), SG_RC_OK);
  assert_string_equal (w, "smt.relevancy=3");
  free (w);
  sg_strv_free (&c);
  sg_solopt s = { .name = "lang", .type = SG_SOPT_STRING };
  assert_int_equal (sg_solopt_candidates (&s, &c), SG_RC_OK);
  assert_int_equal (c.n, 0);
  sg_solopt m = { .name = "arith-prop", .type = SG_SOPT_MODE, .values = "unate bi both", .def = "both",
                  .trials = "unate:o bi:r" };
  assert_int_equal (sg_solopt_candidates (&m, &c), SG_RC_OK);
  assert_int_equal (c.n, 2);
  assert_int_equal (sg_solopt_trial (&m, "unate"), SG_SOPT_OK);
  assert_int_equal (sg_solopt_trial (&m, "bi"), SG_SOPT_REJECTED);
  assert_int_equal (sg_solopt_trial (&m, "both"), SG_SOPT_UNTRIED);
  assert_true (sg_solopt_drawable (&m));
  m.trials = "unate:x bi:r";
  assert_false (sg_solopt_drawable (&m)); /* nothing that answered */
  m.trials = "unate:o";
  m.excluded = true;
  assert_false (sg_solopt_drawable (&m));
  sg_strv_free (&c);
  /* The exclusion list and its exceptions. */
  assert_non_null (sg_solopt_exclusion ("cvc5", "sygus-out"));
  assert_null (sg_solopt_exclusion ("cvc5", "sygus-inst")); /* ALLOW: quantifier instantiation */
  assert_non_null (sg_solopt_exclusion ("z3", "rewriter.hi_div0"));
  assert_null (sg_solopt_exclusion ("cvc5", "rewriter.hi_div0")); /* a z3 row */
  assert_non_null (sg_solopt_exclusion ("cvc4", "tlimit-per"));
  sg_solopt_mode md;
  assert_true (sg_solopt_mode_parse ("safe", &md));
  assert_int_equal (md, SG_SOPT_FUZZ_SAFE);
  assert_false (sg_solopt_mode_parse ("Safe", &md));
}

/* A table of n options, every third expert, value "2" ok and "3" rejected for each, one
 * excluded. */
static void
make_table (sg_solopt_table *t, uint32_t n)
{
  sg_solopt_table_init (t);
  snprintf (t->solver, sizeof t->solver, "z3");
  t->style = SG_SOPT_STYLE_Z3;
  for (uint32_t i = 0; i < n; i++)
    {
      sg_solopt o;
      memset (&o, 0, sizeof o);
      char name[32];
      snprintf (name, sizeof name, "m.opt%u", i);
      o.name = strdup (name);
      o.type = SG_SOPT_MODE;
      o.values = strdup ("1 2 3");
      o.def = strdup ("1");
      o.category = strdup ("m");
      o.expert = i % 3 == 0;
      o.unsound = o.excluded = i == 5;
      o.trials = strdup ("2:o 3:r");
      assert_true (SG_VEC_PUSH (t->opts, o));
    }
}

/* A seed's COMMAND-LINE as the chain's configuration: options the table has and may draw,
 * values not refused alone, one word per option, at most one expert option in safe mode. */
static void
test_hint (void **state)
{
  (void) state;
  sg_solopt_table t;
  cvc5_table (&t);
  sg_solopt *ap = (sg_solopt *) find (&t, "arith-prop");
  free (ap->values);
  free (ap->trials);
  ap->values = strdup ("unate bi both");
  ap->trials = strdup ("unate:r bi:o");
  static const char seed[] =
    "; COMMAND-LINE: --ext-rew-prep --arith-prop=unate --arith-prop=bi --sets-infer-as-lemmas "
    "--incremental --help --bogus --no-ext-rew-prep --random-freq\n(check-sat)\n";
  sg_rng r;
  sg_rng_seed (&r, 1);
  sg_strv a = { 0 };
  assert_int_equal (sg_solopt_hint (&t, SG_SOPT_FUZZ_SAFE, seed, sizeof seed - 1, &r, &a), SG_RC_OK);
  /* unate was refused alone; sets-infer-as-lemmas would be a second expert option; incremental
   * is excluded, help an action, bogus unknown, --no-ext-rew-prep the same option again,
   * --random-freq a number without its value */
  assert_int_equal (a.n, 2);
  assert_string_equal (a.a[0], "--ext-rew-prep");
  assert_string_equal (a.a[1], "--arith-prop=bi");
  sg_strv_free (&a);
  assert_int_equal (sg_solopt_hint (&t, SG_SOPT_FUZZ_FULL, seed, sizeof seed - 1, &r, &a), SG_RC_OK);
  assert_int_equal (a.n, 3);
  assert_string_equal (a.a[2], "--sets-infer-as-lemmas");
  sg_strv_free (&a);
  assert_int_equal (sg_solopt_hint (&t, SG_SOPT_FUZZ_OFF, seed, sizeof seed - 1, &r, &a), SG_RC_OK);
  assert_int_equal (a.n, 0);
  /* several lines: one of them, drawn (both over a few draws), --no- of a bool */
  static const char two[] = "; COMMAND-LINE: --ext-rew-prep\n; COMMAND-LINE: --no-ext-rew-prep\n";
  uint32_t on = 0, off = 0;
  for (int k = 0; k < 40; k++)
    {
      assert_int_equal (sg_solopt_hint (&t, SG_SOPT_FUZZ_SAFE, two, sizeof two - 1, &r, &a), SG_RC_OK);
      assert_int_equal (a.n, 1);
      on += !strcmp (a.a[0], "--ext-rew-prep");
      off += !strcmp (a.a[0], "--no-ext-rew-prep");
      sg_strv_free (&a);
    }
  assert_int_equal (on + off, 40);
  assert_true (on > 0 && off > 0);
  /* a Boolean written =0 / =yes, a mode value the binary does not list (skipped) */
  static const char vals[] = "; COMMAND-LINE: --ext-rew-prep=0 --arith-prop=nosuch\n";
  assert_int_equal (sg_solopt_hint (&t, SG_SOPT_FUZZ_FULL, vals, sizeof vals - 1, &r, &a), SG_RC_OK);
  assert_int_equal (a.n, 1);
  assert_string_equal (a.a[0], "--no-ext-rew-prep");
  sg_strv_free (&a);
  static const char yes[] = "; COMMAND-LINE: --ext-rew-prep=yes\n";
  assert_int_equal (sg_solopt_hint (&t, SG_SOPT_FUZZ_FULL, yes, sizeof yes - 1, &r, &a), SG_RC_OK);
  assert_int_equal (a.n, 1);
  assert_string_equal (a.a[0], "--ext-rew-prep");
  sg_strv_free (&a);
  /* no line, or a z3-style table: nothing */
  assert_int_equal (sg_solopt_hint (&t, SG_SOPT_FUZZ_SAFE, "(check-sat)\n", 12, &r, &a), SG_RC_OK);
  assert_int_equal (a.n, 0);
  t.style = SG_SOPT_STYLE_Z3;
  assert_int_equal (sg_solopt_hint (&t, SG_SOPT_FUZZ_SAFE, seed, sizeof seed - 1, &r, &a), SG_RC_OK);
  assert_int_equal (a.n, 0);
  sg_solopt_table_free (&t);
}

static void
test_draw (void **state)
{
  (void) state;
  sg_solopt_table t;
  make_table (&t, 30);
  uint32_t total = 0;
  for (uint64_t seed = 1; seed <= 200; seed++)
    {
      sg_rng r1, r2;
      sg_rng_seed (&r1, seed);
      sg_rng_seed (&r2, seed);
      sg_strv a = { 0 }, b = { 0 };
      assert_int_equal (sg_solopt_draw (&t, SG_SOPT_FUZZ_SAFE, &r1, &a), SG_RC_OK);
      assert_int_equal (sg_solopt_draw (&t, SG_SOPT_FUZZ_SAFE, &r2, &b), SG_RC_OK);
      assert_int_equal (a.n, b.n); /* replayable */
      assert_true (a.n <= 4);
      uint32_t experts = 0;
      for (uint32_t k = 0; k < a.n; k++)
        {
          assert_string_equal (a.a[k], b.a[k]);
          unsigned idx;
          char val[8];
          assert_int_equal (sscanf (a.a[k], "m.opt%u=%7s", &idx, val), 2);
          assert_string_equal (val, "2"); /* never the rejected 3, never the default */
          assert_int_not_equal (idx, 5);  /* never the excluded one */
          experts += idx % 3 == 0;
          for (uint32_t q = 0; q < k; q++) assert_string_not_equal (a.a[q], a.a[k]);
        }
      assert_true (experts <= 1);
      total += a.n;
      sg_strv_free (&a);
      sg_strv_free (&b);
      sg_rng_seed (&r1, seed);
      assert_int_equal (sg_solopt_draw (&t, SG_SOPT_FUZZ_FULL, &r1, &a), SG_RC_OK);
      assert_true (a.n >= 1 && a.n <= 6);
      sg_strv_free (&a);
      assert_int_equal (sg_solopt_draw (&t, SG_SOPT_FUZZ_OFF, &r1, &a), SG_RC_OK);
      assert_int_equal (a.n, 0);
    }
  assert_true (total > 200); /* safe draws options at all (about 1.8 per chain) */
  sg_solopt_table_free (&t);
}

static void
test_cache (void **state)
{
  (void) state;
  char dir[] = "/tmp/solopt_test-XXXXXX";
  assert_non_null (mkdtemp (dir));
  char path[128];
  snprintf (path, sizeof path, "%s/t.tsv", dir);
  sg_solopt_table t, u;
  make_table (&t, 7);
  snprintf (t.version, sizeof t.version, "4.8.12");
  assert_int_equal (sg_solopt_write (&t, path), SG_RC_OK);
  sg_solopt_table_init (&u);
  sg_diag d;
  sg_diag_init (&d, path);
  assert_int_equal (sg_solopt_read (&u, path, &d), SG_RC_OK);
  assert_int_equal (u.opts.n, 7);
  sg_solopt_mark_excluded (&u);
  assert_true (u.opts.a[5].excluded); /* unsound by its help */
  assert_false (u.opts.a[4].excluded);
  assert_string_equal (u.solver, "z3");
  assert_string_equal (u.version, "4.8.12");
  assert_int_equal (u.style, SG_SOPT_STYLE_Z3);
  for (uint32_t i = 0; i < 7; i++)
    {
      assert_string_equal (u.opts.a[i].name, t.opts.a[i].name);
      assert_string_equal (u.opts.a[i].values, "1 2 3");
      assert_string_equal (u.opts.a[i].trials, "2:o 3:r");
      assert_int_equal (u.opts.a[i].expert, t.opts.a[i].expert);
      assert_int_equal (u.opts.a[i].unsound, t.opts.a[i].unsound);
    }
  sg_solopt_table_free (&u);
  /* A damaged line: its line and column. */
  FILE *f = fopen (path, "a");
  fputs ("m.bad\tint\t-\t-\tm\tc\t-\t2:q\n", f);
  fclose (f);
  sg_solopt_table_init (&u);
  sg_diag_init (&d, path);
  assert_int_equal (sg_solopt_read (&u, path, &d), SG_RC_PARSE);
  assert_int_equal (d.line, 9);
  assert_int_equal (d.col, 21);
  sg_solopt_table_free (&u);
  f = fopen (path, "w");
  fputs ("# smtgrind solver options v4\tz3\t4.8.12\tz3\nname\tweird\t-\t-\tm\tc\t-\t-\n", f);
  fclose (f);
  sg_solopt_table_init (&u);
  assert_int_equal (sg_solopt_read (&u, path, &d), SG_RC_PARSE);
  assert_int_equal (d.line, 2);
  sg_solopt_table_free (&u);
  f = fopen (path, "w");
  fputs ("something else\n", f);
  fclose (f);
  sg_solopt_table_init (&u);
  assert_int_equal (sg_solopt_read (&u, path, &d), SG_RC_PARSE);
  assert_int_equal (d.line, 1);
  sg_solopt_table_free (&u);
  unlink (path);
  rmdir (dir);
  sg_solopt_table_free (&t);
}

/* ---- options that change the meaning of the input (issue 49) ---- */

/* The options each family's SEMANTIC rows must name (docs/options.md §2): a row dropped
 * here or there fails the test. */
static const char *const z3_semantic[] = {
  "smt.array.extensional", "smt.array.weak", "rewriter.hi_div0", "rewriter.hi_fp_unspecified",
  "smt.arith.ignore_int", "unicode", "encoding", "algebraic.zero_accuracy",
  "smt.arith.nl.transcendental_tolerance",
};
static const char *const cvc_semantic[] = {
  "arith-no-partial-fun", "bv-div-zero-const", "strings-alpha-card", "strings-print-ascii",
  "strings-inm", "solve-int-as-bv", "solve-real-as-int", "fmf-fun", "fmf-fun-rlv", "quant-fun-wd",
  "sort-inference", "dt-cyclic", "cdt-bisimilar", "dt-rewrite-error-sel", "uf-ho-ext",
  "ho-elim-store-ax", "int-wf-ind", "sep-deq-c",
};

static void
test_semantic_rows (void **state)
{
  (void) state;
  static const char *const z3s[] = { "z3", "z3-5.4.1" }, *const cvcs[] = { "cvc5", "cvc5-1.4.2", "cvc4" };
  for (size_t k = 0; k < sizeof z3_semantic / sizeof *z3_semantic; k++)
    for (size_t s = 0; s < 2; s++)
      {
        assert_non_null (sg_solopt_semantic (z3s[s], z3_semantic[k]));
        assert_non_null (sg_solopt_exclusion (z3s[s], z3_semantic[k]));
      }
  for (size_t k = 0; k < sizeof cvc_semantic / sizeof *cvc_semantic; k++)
    for (size_t s = 0; s < 3; s++)
      {
        assert_non_null (sg_solopt_semantic (cvcs[s], cvc_semantic[k]));
        assert_non_null (sg_solopt_exclusion (cvcs[s], cvc_semantic[k]));
      }
  assert_null (sg_solopt_semantic ("cvc5", "smt.array.extensional")); /* a z3 row */
  assert_null (sg_solopt_semantic ("z3", "smt.relevancy"));
  assert_null (sg_solopt_exclusion ("z3", "smt.relevancy"));
  /* excluded, but for another reason: finite model finding is sound (a model is checked, a
   * cardinality bound is a decision, not an assumption), only incomplete */
  assert_null (sg_solopt_semantic ("cvc5", "finite-model-find"));
  assert_non_null (sg_solopt_exclusion ("cvc5", "finite-model-find"));
  assert_null (sg_solopt_semantic ("cvc5", "fmf-bound"));
  assert_null (sg_solopt_exclusion ("cvc5", "fmf-bound"));
  assert_null (sg_solopt_semantic ("cvc5", "sygus-inst"));
}

/* The captured help text tests/data/options/FILE into t (read as the solver prints it). */
static void
load_help (sg_solopt_table *t, const char *solver, const char *file)
{
  char path[256];
  snprintf (path, sizeof path, "tests/data/options/%s", file);
  FILE *f = fopen (path, "rb");
  assert_non_null (f);
  static char text[1 << 17];
  size_t len = fread (text, 1, sizeof text, f);
  fclose (f);
  assert_true (len > 0 && len < sizeof text);
  sg_solopt_table_init (t);
  snprintf (t->solver, sizeof t->solver, "%s", solver);
  bool z3 = !strcmp (solver, "z3");
  t->style = z3 ? SG_SOPT_STYLE_Z3 : SG_SOPT_STYLE_CVC;
  assert_int_equal (z3 ? sg_solopt_parse_z3 (t, text, len) : sg_solopt_parse_cvc (t, text, len), SG_RC_OK);
  sg_solopt_mark_excluded (t);
}

/* Every candidate of every option of t tried alone and answered ("o"), as a binary could. */
static void
all_ok (sg_solopt_table *t)
{
  for (uint32_t i = 0; i < t->opts.n; i++)
    {
      sg_solopt *o = &t->opts.a[i];
      sg_strv c = { 0 };
      assert_int_equal (sg_solopt_candidates (o, &c), SG_RC_OK);
      char b[4096] = "";
      size_t n = 0;
      for (uint32_t k = 0; k < c.n && n < sizeof b; k++)
        n += (size_t) snprintf (b + n, sizeof b - n, "%s%s:o", k ? " " : "", c.a[k]);
      assert_true (n < sizeof b);
      free (o->trials);
      o->trials = c.n ? strdup (b) : NULL;
      sg_strv_free (&c);
    }
}

/* The table of `file` never draws an option that changes the meaning of the input, in any
 * mode; `want` of them are in it (the list checked), and other options are drawn. */
static void
never_drawn (const char *solver, const char *file, const char *const *want, size_t nwant)
{
  sg_solopt_table t;
  load_help (&t, solver, file);
  all_ok (&t);
  size_t present = 0;
  for (uint32_t i = 0; i < t.opts.n; i++)
    if (sg_solopt_semantic (solver, t.opts.a[i].name)) assert_false (sg_solopt_drawable (&t.opts.a[i]));
  for (size_t k = 0; k < nwant; k++)
    {
      const sg_solopt *o = find (&t, want[k]);
      present += o != NULL;
      if (o) assert_false (sg_solopt_drawable (o));
    }
  assert_true (present >= 4);
  uint32_t drawn = 0;
  for (uint64_t seed = 1; seed <= 400; seed++)
    for (int m = SG_SOPT_FUZZ_SAFE; m <= SG_SOPT_FUZZ_FULL; m++)
      {
        sg_rng r;
        sg_rng_seed (&r, seed);
        sg_strv a = { 0 };
        assert_int_equal (sg_solopt_draw (&t, (sg_solopt_mode) m, &r, &a), SG_RC_OK);
        for (uint32_t k = 0; k < a.n; k++)
          {
            const sg_solopt *o = sg_solopt_of_word (&t, a.a[k]);
            assert_non_null (o);
            if (sg_solopt_semantic (solver, o->name)) fail_msg ("%s %s drew %s", solver, m == SG_SOPT_FUZZ_SAFE ? "safe" : "full", a.a[k]);
          }
        drawn += a.n;
        sg_strv_free (&a);
      }
  assert_true (drawn > 400);
  sg_solopt_table_free (&t);
}

static void
test_semantic_never_drawn (void **state)
{
  (void) state;
  sg_solopt_table t;
  load_help (&t, "z3", "z3-4.8.12-pd.txt");
  const sg_solopt *ext = find (&t, "smt.array.extensional");
  assert_non_null (ext); /* the false alarm of issue 49 */
  assert_true (ext->excluded);
  sg_solopt_table_free (&t);
  never_drawn ("z3", "z3-4.8.12-pd.txt", z3_semantic, sizeof z3_semantic / sizeof *z3_semantic);
  never_drawn ("cvc5", "cvc5-1.0.3-help.txt", cvc_semantic, sizeof cvc_semantic / sizeof *cvc_semantic);
  never_drawn ("cvc4", "cvc4-1.8-help.txt", cvc_semantic, sizeof cvc_semantic / sizeof *cvc_semantic);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_parse_z3),
    cmocka_unit_test (test_parse_cvc),
    cmocka_unit_test (test_experimental),
    cmocka_unit_test (test_words_candidates),
    cmocka_unit_test (test_draw),
    cmocka_unit_test (test_hint),
    cmocka_unit_test (test_cache),
    cmocka_unit_test (test_semantic_rows),
    cmocka_unit_test (test_semantic_never_drawn),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
