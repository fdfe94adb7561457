/* eval_str_test: the Strings theory and regular languages through the evaluator's public API
 * (sg_eval_term): edge cases of every operator, exact membership with complement, intersection
 * and loops, str.replace_re(_all) with empty matches, deep nesting, limits, and a randomised
 * differential test against z3 and cvc5 (fixed seed, printed; SG_STR_SEED=<n> replays another,
 * SG_STR_VERBOSE=1 lists every case). The match engine itself: eval_re_test.c. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "eval/eval.h"
#include "eval/eval_str_int.h"
#include "test_util.h"

/* ---- helpers ------------------------------------------------------------------------------- */

/* Evaluate both sides of the single `(assert (= T E))` in text and compare them with
 * sg_v_equal: 1 equal, 0 different, -1 undetermined; -2 when T's value is SG_V_UNDET. */
static int
eval_eq (const char *text, char *got, size_t gotsz)
{
  tparse t;
  tp_parse (&t, text);
  if (t.rc)
    fail_msg ("parse error in %s: %s", text, t.err);
  const sg_cmd *c = &t.sc.cmds.a[t.sc.cmds.n - 1];
  assert_int_equal (c->kind, SG_WK_ASSERT);
  sg_term eq = sg_cmd_items (&t.sc, c)[0];
  assert_int_equal (sg_term_op (&t.s, eq), SG_OP_EQ);
  sg_eval *e = sg_eval_new (&t.s, NULL, 0);
  assert_non_null (e);
  sg_val a = NULL, b = NULL;
  assert_int_equal (sg_eval_term (e, sg_term_arg (&t.s, eq, 0), &a), SG_RC_OK);
  assert_int_equal (sg_eval_term (e, sg_term_arg (&t.s, eq, 1), &b), SG_RC_OK);
  sg_buf pb;
  sg_buf_init (&pb);
  sg_v_print (&t.s, a, &pb);
  snprintf (got, gotsz, "%s", sg_buf_cstr (&pb));
  sg_buf_free (&pb);
  int r = sg_v_is_undet (a) ? -2 : sg_v_equal (a, b);
  sg_eval_free (e);
  tp_free (&t);
  return r;
}

typedef struct rng { uint64_t s; } rng;

static uint64_t
rnext (rng *r)
{
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint32_t
rbelow (rng *r, uint32_t n)
{
  return (uint32_t) (rnext (r) % n);
}

/* Cases: term, expected value (a literal the evaluator reads back). */
typedef struct tcase { const char *term, *want; } tcase;

static void
run_cases (const tcase *cs, size_t n)
{
  char text[4096], got[4096];
  int bad = 0;
  for (size_t i = 0; i < n; i++)
    {
      snprintf (text, sizeof text, "(assert (= %s %s))", cs[i].term, cs[i].want);
      int r = eval_eq (text, got, sizeof got);
      if (r != 1)
        {
          fprintf (stderr, "  FAIL %s: want %s, got %s%s\n", cs[i].term, cs[i].want, got,
                   r == -2 ? " (undetermined)" : "");
          bad++;
        }
    }
  if (bad)
    fail_msg ("%d of %zu cases wrong", bad, n);
}

/* ---- string operators ---------------------------------------------------------------------- */

static void
test_basic (void **state)
{
  (void) state;
  static const tcase cs[] = {
    { "(str.++ \"ab\" \"\" \"c\")", "\"abc\"" },
    { "(str.len \"\")", "0" },
    { "(str.len \"a\\u{10000}b\")", "3" },
    { "(str.< \"a\" \"b\" \"c\")", "true" },
    { "(str.< \"a\" \"c\" \"b\")", "false" },
    { "(str.< \"ab\" \"ab\")", "false" },
    { "(str.<= \"ab\" \"ab\" \"abc\")", "true" },
    { "(str.< \"\" \"a\")", "true" },
    { "(str.< \"b\" \"ab\")", "false" },
    { "(str.< \"z\" \"\\u{100}\")", "true" },
    /* str.at out of range */
    { "(str.at \"abc\" 3)", "\"\"" },
    { "(str.at \"abc\" (- 1))", "\"\"" },
    { "(str.at \"abc\" 2)", "\"c\"" },
    { "(str.at \"\" 0)", "\"\"" },
    /* str.substr edges */
    { "(str.substr \"abcdef\" 2 100)", "\"cdef\"" },
    { "(str.substr \"abcdef\" 2 2)", "\"cd\"" },
    { "(str.substr \"abc\" (- 1) 2)", "\"\"" },
    { "(str.substr \"abc\" 3 1)", "\"\"" },
    { "(str.substr \"abc\" 1 0)", "\"\"" },
    { "(str.substr \"abc\" 1 (- 5))", "\"\"" },
    { "(str.substr \"abc\" 0 99999999999999999999999)", "\"abc\"" },
    { "(str.substr \"abc\" 99999999999999999999999 1)", "\"\"" },
    { "(str.prefixof \"ab\" \"abc\")", "true" },
    { "(str.prefixof \"abc\" \"ab\")", "false" },
    { "(str.prefixof \"\" \"\")", "true" },
    { "(str.suffixof \"bc\" \"abc\")", "true" },
    { "(str.suffixof \"ab\" \"abc\")", "false" },
    { "(str.contains \"abc\" \"\")", "true" },
    { "(str.contains \"abcabd\" \"abd\")", "true" },
    { "(str.contains \"ab\" \"abc\")", "false" },
    /* str.indexof edges */
    { "(str.indexof \"abc\" \"\" 3)", "3" },
    { "(str.indexof \"abc\" \"\" 0)", "0" },
    { "(str.indexof \"abc\" \"\" 4)", "(- 1)" },
    { "(str.indexof \"abc\" \"a\" 4)", "(- 1)" },
    { "(str.indexof \"abc\" \"\" (- 1))", "(- 1)" },
    { "(str.indexof \"abcbc\" \"bc\" 2)", "3" },
    { "(str.indexof \"abcbc\" \"bc\" 0)", "1" },
    { "(str.indexof \"aaab\" \"aab\" 0)", "1" },
    { "(str.indexof \"abc\" \"c\" 3)", "(- 1)" },
    { "(str.indexof \"\" \"\" 0)", "0" },
    /* str.replace: first occurrence; empty pattern prepends */
    { "(str.replace \"abc\" \"\" \"X\")", "\"Xabc\"" },
    { "(str.replace \"\" \"\" \"X\")", "\"X\"" },
    { "(str.replace \"abab\" \"ab\" \"X\")", "\"Xab\"" },
    { "(str.replace \"abc\" \"d\" \"X\")", "\"abc\"" },
    { "(str.replace \"\" \"a\" \"X\")", "\"\"" },
    { "(str.replace_all \"abab\" \"ab\" \"X\")", "\"XX\"" },
    { "(str.replace_all \"aaa\" \"aa\" \"b\")", "\"ba\"" },
    { "(str.replace_all \"abc\" \"\" \"X\")", "\"abc\"" },
    { "(str.replace_all \"abc\" \"b\" \"\")", "\"ac\"" },
    { "(str.is_digit \"7\")", "true" },
    { "(str.is_digit \"77\")", "false" },
    { "(str.is_digit \"\")", "false" },
    { "(str.is_digit \"a\")", "false" },
    { "(str.to_code \"a\")", "97" },
    { "(str.to_code \"\")", "(- 1)" },
    { "(str.to_code \"ab\")", "(- 1)" },
    { "(str.to_code \"\\u{2FFFF}\")", "196607" },
    /* str.from_code out of range */
    { "(str.from_code 97)", "\"a\"" },
    { "(str.from_code 196607)", "\"\\u{2ffff}\"" },
    { "(str.from_code 196608)", "\"\"" },
    { "(str.from_code (- 1))", "\"\"" },
    { "(str.from_code 0)", "\"\\u{0}\"" },
    /* str.to_int: leading zeros, empty, non-digits, unbounded */
    { "(str.to_int \"007\")", "7" },
    { "(str.to_int \"0\")", "0" },
    { "(str.to_int \"\")", "(- 1)" },
    { "(str.to_int \"-1\")", "(- 1)" },
    { "(str.to_int \"1a\")", "(- 1)" },
    { "(str.to_int \" 1\")", "(- 1)" },
    { "(str.to_int \"123456789012345678901234567890\")", "123456789012345678901234567890" },
    { "(str.from_int 42)", "\"42\"" },
    { "(str.from_int 0)", "\"0\"" },
    { "(str.from_int (- 3))", "\"\"" },
    { "(str.from_int 123456789012345678901234567890)", "\"123456789012345678901234567890\"" },
    /* old names evaluate like the 2.6 ones */
    { "(str.to.int \"12\")", "12" },
    { "(int.to.str 12)", "\"12\"" },
    { "(str.in.re \"ab\" (str.to.re \"ab\"))", "true" },
    { "(str.in_re \"ab\" re.nostr)", "false" },
    /* cvc5 extensions */
    { "(str.rev \"abc\")", "\"cba\"" },
    { "(str.rev \"\")", "\"\"" },
    { "(str.to_lower \"aBZ1\\u{c9}\")", "\"abz1\\u{c9}\"" },
    { "(str.to_upper \"azB@[`{\")", "\"AZB@[`{\"" },
  };
  run_cases (cs, sizeof cs / sizeof *cs);
}

/* \u{..} escapes are decoded (by sg_str_decode) before the string operators see them. */
static void
test_escapes (void **state)
{
  (void) state;
  static const tcase cs[] = {
    { "(str.len \"\\u{48}\\u{2FFFF}\")", "2" },
    { "(str.to_code \"\\u{48}\")", "72" },
    { "(str.to_code \"\\u48\")", "(- 1)" }, /* \u48 is malformed (needs 4 hex digits): kept literally */
    { "(str.to_code \"\\u0048\")", "72" },
    { "(str.len \"\\ud800\")", "1" },
    { "(str.to_code \"\\u{0}\")", "0" },
    { "(str.len \"\\u{30000}\")", "9" }, /* beyond 0x2FFFF: not an escape */
    { "(= \"\\u{61}\" \"a\")", "true" },
    { "(str.len \"\"\"\")", "1" },
    { "(str.in_re \"\\u{e9}\" (re.range \"\\u{e0}\" \"\\u{ff}\"))", "true" },
  };
  run_cases (cs, sizeof cs / sizeof *cs);
}

/* ---- regular languages --------------------------------------------------------------------- */

static void
test_regex (void **state)
{
  (void) state;
  static const tcase cs[] = {
    { "(str.in_re \"abc\" (re.* (re.range \"a\" \"c\")))", "true" },
    { "(str.in_re \"abd\" (re.* (re.range \"a\" \"c\")))", "false" },
    { "(str.in_re \"a\" (re.range \"b\" \"a\"))", "false" },          /* empty range */
    { "(str.in_re \"a\" (re.range \"a\" \"ab\"))", "false" },         /* non-singleton bound */
    { "(str.in_re \"\" (re.range \"\" \"a\"))", "false" },
    { "(str.in_re \"abc\" (re.comp (str.to_re \"abc\")))", "false" },
    { "(str.in_re \"ab\" (re.comp (str.to_re \"abc\")))", "true" },
    { "(str.in_re \"\" (re.comp re.none))", "true" },
    { "(str.in_re \"\" (re.comp re.all))", "false" },
    { "(str.in_re \"ab\" (re.inter (re.* re.allchar) (re.++ re.all (str.to_re \"b\"))))", "true" },
    { "(str.in_re \"ab\" (re.inter (re.+ (str.to_re \"a\")) (re.++ re.all (str.to_re \"b\"))))", "false" },
    { "(str.in_re \"ab\" (re.diff re.all (re.++ re.all (str.to_re \"b\"))))", "false" },
    { "(str.in_re \"ba\" (re.diff re.all (re.++ re.all (str.to_re \"b\"))))", "true" },
    { "(str.in_re \"a\" (re.diff re.all (str.to_re \"a\") (str.to_re \"b\")))", "false" },
    { "(str.in_re \"c\" (re.diff re.all (str.to_re \"a\") (str.to_re \"b\")))", "true" },
    { "(str.in_re \"aaa\" ((_ re.loop 2 3) (str.to_re \"a\")))", "true" },
    { "(str.in_re \"aaaa\" ((_ re.loop 2 3) (str.to_re \"a\")))", "false" },
    { "(str.in_re \"a\" ((_ re.loop 2 3) (str.to_re \"a\")))", "false" },
    { "(str.in_re \"\" ((_ re.loop 0 0) re.none))", "true" },
    { "(str.in_re \"\" ((_ re.loop 3 2) re.all))", "false" },           /* lo > hi: re.none */
    { "(str.in_re \"aa\" ((_ re.loop 1 1000000000) (str.to_re \"a\")))", "true" },
    { "(str.in_re \"aa\" ((_ re.loop 1000000000 1000000000) (re.opt (str.to_re \"a\"))))", "true" },
    { "(str.in_re \"aa\" ((_ re.loop 3 1000000000) (str.to_re \"a\")))", "false" },
    { "(str.in_re \"abab\" ((_ re.^ 2) (str.to_re \"ab\")))", "true" },
    { "(str.in_re \"ab\" ((_ re.^ 2) (str.to_re \"ab\")))", "false" },
    { "(str.in_re \"\" ((_ re.^ 0) re.none))", "true" },
    { "(str.in_re \"\" ((_ re.^ 1) re.none))", "false" },
    { "(str.in_re \"x\" re.allchar)", "true" },
    { "(str.in_re \"\\u{2FFFF}\" re.allchar)", "true" },
    { "(str.in_re \"xy\" re.allchar)", "false" },
    { "(str.in_re \"\" re.allchar)", "false" },
    { "(str.in_re \"anything\" re.all)", "true" },
    { "(str.in_re \"\" re.all)", "true" },
    { "(str.in_re \"\" re.none)", "false" },
    { "(str.in_re \"\" (re.* re.none))", "true" },
    { "(str.in_re \"\" (re.+ re.none))", "false" },
    { "(str.in_re \"\" (re.opt re.none))", "true" },
    { "(str.in_re \"abab\" (re.+ (re.union (str.to_re \"a\") (str.to_re \"ba\") (str.to_re \"b\"))))", "true" },
    { "(str.in_re \"abc\" (re.++ (str.to_re \"a\") re.all (str.to_re \"c\")))", "true" },
    { "(str.in_re \"ac\" (re.++ (str.to_re \"a\") re.allchar (str.to_re \"c\")))", "false" },
    /* complement of a star of a complement: no string avoids every decomposition */
    { "(str.in_re \"ab\" (re.comp (re.* (re.comp (str.to_re \"x\")))))", "false" },
    /* strings of even length that are not all a's */
    { "(str.in_re \"aaab\" (re.inter (re.* ((_ re.^ 2) re.allchar)) (re.comp (re.* (str.to_re \"a\")))))", "true" },
    { "(str.in_re \"aab\" (re.inter (re.* ((_ re.^ 2) re.allchar)) (re.comp (re.* (str.to_re \"a\")))))", "false" },
  };
  run_cases (cs, sizeof cs / sizeof *cs);
}

/* str.replace_re: leftmost start, shortest match there, the empty match counts;
 * str.replace_re_all: leftmost shortest non-empty matches, left to right. Values agree with
 * cvc5 1.0.3 (z3 4.8.12 answers unknown on these). */
static void
test_replace_re (void **state)
{
  (void) state;
  static const tcase cs[] = {
    { "(str.replace_re \"abc\" (re.* (str.to_re \"x\")) \"Z\")", "\"Zabc\"" },
    { "(str.replace_re \"\" (re.* (str.to_re \"x\")) \"Z\")", "\"Z\"" },
    { "(str.replace_re \"\" re.none \"Z\")", "\"\"" },
    { "(str.replace_re \"abc\" (str.to_re \"\") \"Z\")", "\"Zabc\"" },
    { "(str.replace_re \"baab\" (re.* (str.to_re \"a\")) \"cc\")", "\"ccbaab\"" },
    { "(str.replace_re \"baab\" (re.+ (str.to_re \"a\")) \"cc\")", "\"bccab\"" },
    { "(str.replace_re \"ab\" (re.union (str.to_re \"ab\") (str.to_re \"b\")) \"Z\")", "\"Z\"" },
    { "(str.replace_re \"xaab\" (re.+ (str.to_re \"a\")) \"Z\")", "\"xZab\"" },
    { "(str.replace_re \"abc\" (re.++ re.allchar re.allchar) \"Z\")", "\"Zc\"" },
    { "(str.replace_re \"abc\" (str.to_re \"d\") \"Z\")", "\"abc\"" },
    { "(str.replace_re \"abc\" (re.comp re.none) \"Z\")", "\"Zabc\"" },
    { "(str.replace_re \"abc\" (re.comp (str.to_re \"\")) \"Z\")", "\"Zbc\"" },
    { "(str.replace_re_all \"abc\" (re.* (str.to_re \"x\")) \"Z\")", "\"abc\"" },
    { "(str.replace_re_all \"abc\" (str.to_re \"\") \"Z\")", "\"abc\"" },
    { "(str.replace_re_all \"baab\" (re.* (str.to_re \"a\")) \"cd\")", "\"bcdcdb\"" },
    { "(str.replace_re_all \"aaa\" (re.++ (str.to_re \"a\") (re.opt (str.to_re \"a\"))) \"Z\")", "\"ZZZ\"" },
    { "(str.replace_re_all \"10pre129prepre0xx\" (re.++ (str.to_re \"pre\") (re.+ (re.range \"0\" \"9\"))) \"Z\")",
      "\"10Z29preZxx\"" },
    { "(str.replace_re_all \"abcabc\" (re.comp (str.to_re \"\")) \"-\")", "\"------\"" },
    { "(str.replace_re_all \"\" re.all \"Z\")", "\"\"" },
    { "(str.replace_re_all \"aXbXc\" (str.to_re \"X\") \"\")", "\"abc\"" },
  };
  run_cases (cs, sizeof cs / sizeof *cs);
}

/* ---- depth and limits ---------------------------------------------------------------------- */

/* pre^depth leaf post^depth, caller frees. */
static char *
nest (const char *pre, const char *leaf, const char *post, int depth)
{
  sg_buf b;
  sg_buf_init (&b);
  for (int i = 0; i < depth; i++)
    sg_buf_adds (&b, pre);
  sg_buf_adds (&b, leaf);
  for (int i = 0; i < depth; i++)
    sg_buf_adds (&b, post);
  assert_true (sg_buf_ok (&b));
  char *s = strdup (sg_buf_cstr (&b));
  sg_buf_free (&b);
  assert_non_null (s);
  return s;
}

static void
check_deep (const char *re, const char *str, const char *want)
{
  sg_buf text;
  char got[256];
  sg_buf_init (&text);
  sg_buf_printf (&text, "(assert (= (str.in_re %s ", str);
  sg_buf_adds (&text, re);
  sg_buf_printf (&text, ") %s))", want);
  int r = eval_eq (sg_buf_cstr (&text), got, sizeof got);
  sg_buf_free (&text);
  if (r != 1)
    fail_msg ("deep regex: want %s, got %s", want, got);
}

static void
test_deep (void **state)
{
  (void) state;
  enum { D = 10000 };
  /* 10,000 nested re.* */
  char *re = nest ("(re.* ", "(str.to_re \"ab\")", ")", D);
  check_deep (re, "\"ababab\"", "true");
  check_deep (re, "\"aba\"", "false");
  free (re);
  /* 10,000 nested re.++: (re.++ (re.++ ... (str.to_re "") a?) a?) = a{0..10000} */
  re = nest ("(re.++ ", "(str.to_re \"\")", " (re.opt (str.to_re \"a\")))", D);
  check_deep (re, "\"aaaa\"", "true");
  check_deep (re, "\"aaba\"", "false");
  free (re);
  /* 10,000 nested re.comp (even: the language itself) */
  re = nest ("(re.comp ", "(str.to_re \"a\")", ")", D);
  check_deep (re, "\"a\"", "true");
  check_deep (re, "\"b\"", "false");
  free (re);
}

/* Past SG_RE_MAX_LEN the membership is undetermined, never wrong. */
static void
test_limits (void **state)
{
  (void) state;
  static const char *const fmt[] = {
    "(assert (= (str.in_re \"%s\" (re.* (str.to_re \"a\"))) true))",
    "(assert (= (str.replace_re \"%s\" (str.to_re \"a\") \"b\") \"\"))",
  };
  char got[64];
  for (uint32_t extra = 0; extra < 2; extra++)
    {
      /* a string of SG_RE_MAX_LEN + extra a's */
      char *lit = calloc (SG_RE_MAX_LEN + 2, 1);
      assert_non_null (lit);
      memset (lit, 'a', SG_RE_MAX_LEN + extra);
      for (int f = 0; f < 2; f++)
        {
          sg_buf text;
          sg_buf_init (&text);
          sg_buf_printf (&text, fmt[f], lit);
          int r = eval_eq (sg_buf_cstr (&text), got, sizeof got);
          sg_buf_free (&text);
          if (extra)
            assert_int_equal (r, -2); /* past the limit: undetermined */
          else
            assert_int_equal (r, f == 0 ? 1 : 0); /* at the limit: decided */
        }
      free (lit);
    }
  /* results longer than SG_STR_MAX_LEN are undetermined: 5000 a's, each replaced by 5000 a's */
  char *lit = calloc (5001, 1);
  assert_non_null (lit);
  memset (lit, 'a', 5000);
  sg_buf text;
  sg_buf_init (&text);
  sg_buf_printf (&text, "(assert (= (str.len (str.replace_all \"%s\" \"a\" \"%s\")) 0))", lit, lit);
  assert_int_equal (eval_eq (sg_buf_cstr (&text), got, sizeof got), -2);
  sg_buf_reset (&text);
  lit[4000] = 0; /* 4000 * 4000 = 16,000,000 <= SG_STR_MAX_LEN: decided */
  sg_buf_printf (&text, "(assert (= (str.len (str.replace_all \"%s\" \"a\" \"%s\")) 16000000))", lit, lit);
  assert_int_equal (eval_eq (sg_buf_cstr (&text), got, sizeof got), 1);
  sg_buf_free (&text);
  free (lit);
}

/* ---- differential test against z3 and cvc5 ------------------------------------------------- */

enum { NCASES = 400, DEPTH = 3 };
#define IDLE 4.0     /* seconds a solver may stay silent (its own per-query limit is 2 s) */
#define BUDGET 25.0  /* seconds per solver for all queries */

typedef enum gsort { G_STR, G_INT, G_BOOL, G_RE } gsort;

static void gen (rng *r, sg_buf *b, gsort s, int depth);

static void
gen_lit (rng *r, sg_buf *b, uint32_t maxlen)
{
  static const char *const ch[] = { "a", "a", "b", "b", "c", "0", "1", "\\u{e9}", "\\u{2FFFF}" };
  uint32_t n = rbelow (r, maxlen + 1);
  sg_buf_addc (b, '"');
  for (uint32_t i = 0; i < n; i++)
    sg_buf_adds (b, ch[rbelow (r, sizeof ch / sizeof *ch)]);
  sg_buf_addc (b, '"');
}

/* A literal of exactly n characters. */
static void
gen_char (rng *r, sg_buf *b, uint32_t n)
{
  static const char *const ch[] = { "a", "b", "c", "0", "9", "\\u{e9}", "\\u{2FFFF}" };
  sg_buf_addc (b, '"');
  for (uint32_t i = 0; i < n; i++)
    sg_buf_adds (b, ch[rbelow (r, sizeof ch / sizeof *ch)]);
  sg_buf_addc (b, '"');
}

static void
gen_int (rng *r, sg_buf *b)
{
  int v = (int) rbelow (r, 10) - 2;
  if (rbelow (r, 20) == 0)
    v = 196607 + (int) rbelow (r, 3); /* around the largest code point */
  if (v < 0)
    sg_buf_printf (b, "(- %d)", -v);
  else
    sg_buf_printf (b, "%d", v);
}

static void
app (rng *r, sg_buf *b, const char *op, const gsort *args, int n, int depth)
{
  sg_buf_printf (b, "(%s", op);
  for (int i = 0; i < n; i++)
    {
      sg_buf_addc (b, ' ');
      gen (r, b, args[i], depth - 1);
    }
  sg_buf_addc (b, ')');
}

static void
gen (rng *r, sg_buf *b, gsort s, int depth)
{
  static const gsort S = G_STR, I = G_INT, R = G_RE;
  bool leaf = depth <= 0 || rbelow (r, 4) == 0;
  switch (s)
    {
    case G_STR:
      if (leaf)
        return gen_lit (r, b, 4);
      switch (rbelow (r, 30))
        {
        case 0: case 1: case 2: app (r, b, "str.++", (gsort[]) { S, S }, 2, depth); return;
        case 3: case 4: app (r, b, "str.++", (gsort[]) { S, S, S }, 3, depth); return;
        case 5: case 6: case 7: app (r, b, "str.at", (gsort[]) { S, I }, 2, depth); return;
        case 8: case 9: case 10: app (r, b, "str.substr", (gsort[]) { S, I, I }, 3, depth); return;
        case 11: case 12: case 13: app (r, b, "str.replace", (gsort[]) { S, S, S }, 3, depth); return;
        case 14: case 15: app (r, b, "str.replace_all", (gsort[]) { S, S, S }, 3, depth); return;
        case 16: case 17: app (r, b, "str.replace_re", (gsort[]) { S, R, S }, 3, depth); return;
        case 18: case 19: app (r, b, "str.replace_re_all", (gsort[]) { S, R, S }, 3, depth); return;
        case 20: case 21: app (r, b, "str.from_int", (gsort[]) { I }, 1, depth); return;
        case 22: case 23: app (r, b, "str.from_code", (gsort[]) { I }, 1, depth); return;
        /* cvc5 extensions (z3 4.8.12 rejects them): rare */
        case 24: app (r, b, "str.rev", (gsort[]) { S }, 1, depth); return;
        case 25: app (r, b, rbelow (r, 2) ? "str.to_upper" : "str.to_lower", (gsort[]) { S }, 1, depth); return;
        default: return gen_lit (r, b, 6);
        }
    case G_INT:
      if (leaf)
        return gen_int (r, b);
      switch (rbelow (r, 6))
        {
        case 0: app (r, b, "str.len", (gsort[]) { S }, 1, depth); return;
        case 1: app (r, b, "str.indexof", (gsort[]) { S, S, I }, 3, depth); return;
        case 2: app (r, b, "str.to_int", (gsort[]) { S }, 1, depth); return;
        case 3: app (r, b, "str.to_code", (gsort[]) { S }, 1, depth); return;
        default: return gen_int (r, b);
        }
    case G_BOOL:
      switch (rbelow (r, 12))
        {
        case 0: app (r, b, "str.<", (gsort[]) { S, S }, 2, depth); return;
        case 1: app (r, b, "str.<=", (gsort[]) { S, S }, 2, depth); return;
        case 2: app (r, b, "str.prefixof", (gsort[]) { S, S }, 2, depth); return;
        case 3: app (r, b, "str.suffixof", (gsort[]) { S, S }, 2, depth); return;
        case 4: app (r, b, "str.contains", (gsort[]) { S, S }, 2, depth); return;
        case 5: app (r, b, "str.is_digit", (gsort[]) { S }, 1, depth); return;
        default: app (r, b, "str.in_re", (gsort[]) { S, R }, 2, depth + 1); return;
        }
    case G_RE:
      if (leaf)
        switch (rbelow (r, 6))
          {
          case 0: sg_buf_adds (b, "re.none"); return;
          case 1: sg_buf_adds (b, "re.all"); return;
          case 2: sg_buf_adds (b, "re.allchar"); return;
          default:
            sg_buf_adds (b, "(str.to_re ");
            gen_lit (r, b, 3);
            sg_buf_addc (b, ')');
            return;
          }
      switch (rbelow (r, 13))
        {
        case 0: app (r, b, "re.++", (gsort[]) { R, R }, 2, depth); return;
        case 1: app (r, b, "re.union", (gsort[]) { R, R }, 2, depth); return;
        case 2: app (r, b, "re.inter", (gsort[]) { R, R }, 2, depth); return;
        case 3: app (r, b, "re.diff", (gsort[]) { R, R }, 2, depth); return;
        case 4: app (r, b, "re.*", (gsort[]) { R }, 1, depth); return;
        case 5: app (r, b, "re.+", (gsort[]) { R }, 1, depth); return;
        case 6: app (r, b, "re.opt", (gsort[]) { R }, 1, depth); return;
        case 7: app (r, b, "re.comp", (gsort[]) { R }, 1, depth); return;
        case 8:
          sg_buf_printf (b, "((_ re.^ %u) ", rbelow (r, 4));
          gen (r, b, R, depth - 1);
          sg_buf_addc (b, ')');
          return;
        case 9:
          sg_buf_printf (b, "((_ re.loop %u %u) ", rbelow (r, 4), rbelow (r, 4));
          gen (r, b, R, depth - 1);
          sg_buf_addc (b, ')');
          return;
        case 10:
          /* single-character bounds; now and then "" or two characters (re.none by the
           * standard; cvc5 1.0.3 rejects such ranges) */
          sg_buf_adds (b, "(re.range ");
          gen_char (r, b, rbelow (r, 20) ? 1 : rbelow (r, 2) * 2);
          sg_buf_addc (b, ' ');
          gen_char (r, b, rbelow (r, 20) ? 1 : rbelow (r, 2) * 2);
          sg_buf_addc (b, ')');
          return;
        default:
          sg_buf_adds (b, "(str.to_re ");
          gen (r, b, S, depth - 1);
          sg_buf_addc (b, ')');
          return;
        }
    }
}

/* Our value as an SMT-LIB literal (strings with \u{..} escapes, negative Ints as (- n)). */
static bool
print_value (sg_val v, sg_buf *b)
{
  switch (v->kind)
    {
    case SG_V_BOOL: sg_buf_adds (b, v->u.b ? "true" : "false"); return true;
    case SG_V_STR: sg_str_print_lit (v->u.str.cp, v->u.str.n, b); return true;
    case SG_V_NUM:
      {
        char *d = mpz_get_str (NULL, 10, mpq_numref (v->u.q));
        if (d[0] == '-')
          sg_buf_printf (b, "(- %s)", d + 1);
        else
          sg_buf_adds (b, d);
        free (d);
        return true;
      }
    default: return false;
    }
}

typedef enum ans { A_NONE, A_SAT, A_UNSAT, A_UNKNOWN, A_ERROR } ans;
static const char *const ans_name[] = { "none", "sat", "unsat", "unknown", "error" };

/* Run argv with `in` on its stdin and collect its stdout (pipes, no shell), killing it at the
 * deadline or after `idle` seconds without output (*killed is set then). Returns false if it
 * could not be started. */
static bool
run_solver (char *const argv[], const char *in, size_t inlen, sg_buf *out, double seconds,
            double idle, bool *killed /* OUT */)
{
  *killed = false;
  int pin[2], pout[2];
  if (pipe (pin) || pipe (pout))
    return false;
  pid_t pid = fork ();
  if (pid < 0)
    return false;
  if (pid == 0)
    {
      dup2 (pin[0], 0);
      dup2 (pout[1], 1);
      int dn = open ("/dev/null", O_WRONLY);
      if (dn >= 0)
        dup2 (dn, 2);
      close (pin[0]);
      close (pin[1]);
      close (pout[0]);
      close (pout[1]);
      signal (SIGPIPE, SIG_DFL);
      execvp (argv[0], argv);
      _exit (127);
    }
  close (pin[0]);
  close (pout[1]);
  fcntl (pin[1], F_SETFL, O_NONBLOCK);
  struct timespec t0, t1, seen;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  seen = t0;
  size_t off = 0;
  int wfd = pin[1];
  if (inlen == 0)
    {
      close (wfd);
      wfd = -1;
    }
  for (;;)
    {
      struct pollfd pf[2] = { { pout[0], POLLIN, 0 }, { wfd, POLLOUT, 0 } };
      clock_gettime (CLOCK_MONOTONIC, &t1);
      double left = seconds - ((double) (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
      double quiet = (double) (t1.tv_sec - seen.tv_sec) + (t1.tv_nsec - seen.tv_nsec) / 1e9;
      if (left <= 0 || quiet >= idle)
        {
          kill (pid, SIGKILL); /* our own child, by its pid */
          *killed = true;
          break;
        }
      if (idle - quiet < left)
        left = idle - quiet;
      int k = poll (pf, wfd >= 0 ? 2 : 1, (int) (left * 1000) + 1);
      if (k < 0 && errno == EINTR)
        continue;
      if (k < 0)
        break;
      if (wfd >= 0 && (pf[1].revents & (POLLOUT | POLLERR | POLLHUP)))
        {
          ssize_t w = write (wfd, in + off, inlen - off);
          if (w > 0)
            off += (size_t) w;
          if (w < 0 && errno != EAGAIN)
            off = inlen;
          if (off == inlen)
            {
              close (wfd);
              wfd = -1;
            }
        }
      if (pf[0].revents & (POLLIN | POLLHUP | POLLERR))
        {
          char buf[65536];
          ssize_t rd = read (pout[0], buf, sizeof buf);
          if (rd <= 0)
            break;
          sg_buf_add (out, buf, (size_t) rd);
          clock_gettime (CLOCK_MONOTONIC, &seen);
        }
    }
  if (wfd >= 0)
    close (wfd);
  close (pout[0]);
  int status;
  waitpid (pid, &status, 0);
  return !(WIFEXITED (status) && WEXITSTATUS (status) == 127);
}

/* Answers to the queries numbered from `first` in the solver's output (markers "@k"). */
static void
parse_answers (const char *out, ans *a, uint32_t first, uint32_t n, uint32_t *last /* OUT */)
{
  long cur = -1;
  *last = first;
  for (const char *p = out; *p;)
    {
      const char *e = strchr (p, '\n');
      size_t len = e ? (size_t) (e - p) : strlen (p);
      char line[128];
      snprintf (line, sizeof line, "%.*s", (int) (len < 127 ? len : 127), p);
      const char *at = strchr (line, '@');
      if (at && (line[0] == '@' || line[0] == '"'))
        {
          cur = strtol (at + 1, NULL, 10);
          if (cur >= (long) first && cur < (long) n && (uint32_t) cur + 1 > *last)
            *last = (uint32_t) cur + 1;
        }
      else if (cur >= 0 && cur < (long) n && a[cur] == A_NONE)
        {
          if (!strcmp (line, "sat"))
            a[cur] = A_SAT;
          else if (!strcmp (line, "unsat"))
            a[cur] = A_UNSAT;
          else if (!strcmp (line, "unknown") || !strcmp (line, "timeout"))
            a[cur] = A_UNKNOWN;
          else if (!strncmp (line, "(error", 6))
            a[cur] = A_ERROR;
        }
      p = e ? e + 1 : p + len;
    }
}

/* Ask one solver every query; a solver that dies mid-way (cvc5 stops at its first error) or
 * hangs past its own timeout (killed after IDLE quiet seconds; the query counts as unknown) is
 * restarted after the query it was on. */
static bool
ask (char *const argv[], char *const *query, uint32_t n, ans *a, double budget)
{
  struct timespec t0, t1;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  uint32_t first = 0;
  while (first < n)
    {
      clock_gettime (CLOCK_MONOTONIC, &t1);
      double left = budget - ((double) (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
      if (left <= 0.5)
        break;
      sg_buf in, out;
      sg_buf_init (&in);
      sg_buf_init (&out);
      sg_buf_adds (&in, "(set-logic ALL)\n");
      for (uint32_t i = first; i < n; i++)
        if (query[i])
          sg_buf_printf (&in, "(echo \"@%u\")\n%s", i, query[i]);
      bool killed, ok = run_solver (argv, sg_buf_cstr (&in), in.len, &out, left, IDLE, &killed);
      uint32_t last;
      parse_answers (sg_buf_cstr (&out), a, first, n, &last);
      sg_buf_free (&in);
      sg_buf_free (&out);
      if (!ok)
        return false;
      /* the query at last-1 was the one running when the output stopped */
      uint32_t next = last > first ? last : first + 1;
      if (last > first && a[last - 1] == A_NONE)
        a[last - 1] = killed ? A_UNKNOWN : A_ERROR;
      while (next < n && !query[next])
        next++;
      first = next;
      if (last >= n)
        break;
    }
  return true;
}

static void
test_differential (void **state)
{
  (void) state;
  uint64_t seed = 20240611;
  const char *env = getenv ("SG_STR_SEED");
  if (env)
    seed = strtoull (env, NULL, 0);
  printf ("[ eval_str ] differential seed %llu (SG_STR_SEED=%llu replays it)\n",
          (unsigned long long) seed, (unsigned long long) seed);
  rng r = { seed };
  char *term[NCASES] = { 0 }, *query[NCASES] = { 0 }, *value[NCASES] = { 0 };
  uint32_t undet = 0, unprintable = 0;
  for (uint32_t i = 0; i < NCASES; i++)
    {
      sg_buf tb, text;
      sg_buf_init (&tb);
      uint32_t pick = rbelow (&r, 10); /* 30% String, 20% Int, 50% Bool (mostly str.in_re) */
      gsort s = pick < 3 ? G_STR : pick < 5 ? G_INT : G_BOOL;
      gen (&r, &tb, s, DEPTH);
      sg_buf_init (&text);
      sg_buf_printf (&text, "(assert (= %s %s))", sg_buf_cstr (&tb),
                     s == G_STR ? "\"\"" : s == G_INT ? "0" : "true");
      tparse t;
      tp_parse (&t, sg_buf_cstr (&text));
      if (t.rc)
        fail_msg ("generated term does not parse: %s: %s", sg_buf_cstr (&tb), t.err);
      sg_term eq = sg_cmd_items (&t.sc, &t.sc.cmds.a[0])[0];
      sg_eval *e = sg_eval_new (&t.s, NULL, 0);
      sg_val v = NULL;
      assert_int_equal (sg_eval_term (e, sg_term_arg (&t.s, eq, 0), &v), SG_RC_OK);
      sg_buf vb;
      sg_buf_init (&vb);
      if (sg_v_is_undet (v))
        undet++;
      else if (!print_value (v, &vb))
        unprintable++;
      else
        {
          term[i] = strdup (sg_buf_cstr (&tb));
          value[i] = strdup (sg_buf_cstr (&vb));
          sg_buf q;
          sg_buf_init (&q);
          sg_buf_printf (&q, "(push 1)\n(assert (not (= %s %s)))\n(check-sat)\n(pop 1)\n",
                         term[i], value[i]);
          query[i] = strdup (sg_buf_cstr (&q));
          sg_buf_free (&q);
        }
      sg_buf_free (&vb);
      sg_eval_free (e);
      tp_free (&t);
      sg_buf_free (&tb);
      sg_buf_free (&text);
    }

  static char *z3[] = { "z3", "-in", "-smt2", "-t:2000", NULL };
  static char *cvc5[] = { "cvc5", "--strings-exp", "--incremental", "--lang=smt2", "-q",
                          "--tlimit-per=2000", NULL };
  ans az[NCASES] = { 0 }, ac[NCASES] = { 0 };
  signal (SIGPIPE, SIG_IGN); /* cvc5 exits at its first error while we may still be writing */
  if (!ask (z3, query, NCASES, az, BUDGET) || !ask (cvc5, query, NCASES, ac, BUDGET))
    {
      printf ("[ eval_str ] z3 or cvc5 not found: differential test skipped\n");
      skip ();
    }
  uint32_t cnt[2][5] = { { 0 } }, both_sat = 0, both_unsat = 0, checked = 0;
  bool verbose = getenv ("SG_STR_VERBOSE") != NULL;
  for (uint32_t i = 0; i < NCASES; i++)
    {
      if (!query[i])
        continue;
      checked++;
      if (verbose)
        printf ("  #%u z3 %s, cvc5 %s: %s = %s\n", i, ans_name[az[i]], ans_name[ac[i]], term[i],
                value[i]);
      cnt[0][az[i]]++;
      cnt[1][ac[i]]++;
      both_unsat += az[i] == A_UNSAT && ac[i] == A_UNSAT;
      if (az[i] == A_SAT && ac[i] == A_SAT)
        {
          both_sat++;
          printf ("  REFUTED by both: %s = %s\n", term[i], value[i]);
        }
      else if ((az[i] == A_SAT && ac[i] == A_UNSAT) || (az[i] == A_UNSAT && ac[i] == A_SAT))
        printf ("  z3 %s, cvc5 %s (solvers disagree): %s = %s\n", ans_name[az[i]],
                ans_name[ac[i]], term[i], value[i]);
      else if (az[i] == A_SAT || ac[i] == A_SAT)
        printf ("  refuted by %s only (other: %s): %s = %s\n", az[i] == A_SAT ? "z3" : "cvc5",
                ans_name[az[i] == A_SAT ? ac[i] : az[i]], term[i], value[i]);
    }
  printf ("[ eval_str ] %u terms: %u undetermined (skipped), %u not comparable; %u checked, "
          "%u confirmed by both\n",
          NCASES, undet, unprintable, checked, both_unsat);
  for (int s = 0; s < 2; s++)
    printf ("[ eval_str ] %-4s: unsat %u, sat %u, unknown %u, error %u, no answer %u\n",
            s ? "cvc5" : "z3", cnt[s][A_UNSAT], cnt[s][A_SAT], cnt[s][A_UNKNOWN], cnt[s][A_ERROR],
            cnt[s][A_NONE]);
  for (uint32_t i = 0; i < NCASES; i++)
    {
      free (term[i]);
      free (query[i]);
      free (value[i]);
    }
  if (both_sat)
    fail_msg ("%u values refuted by both z3 and cvc5", both_sat);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_basic),      cmocka_unit_test (test_escapes),
    cmocka_unit_test (test_regex),      cmocka_unit_test (test_replace_re),
    cmocka_unit_test (test_deep),       cmocka_unit_test (test_limits),
    cmocka_unit_test (test_differential),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
