/* enum_test: grammar-based enumeration (tech/enum/grammar.h, tech/enum/enumerate.h) — the counts of
 * every shipped grammar against a naive enumeration of all derivations up to a bound, the
 * printed formulas distinct and parsed by our front end, rank(unrank(i)) = i (machine words
 * and GMP), ET's sizes, and the grammar file errors with line:col. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "front/parse.h"
#include "front/script.h"
#include "front/store.h"
#include "tech/enum/enum_tech.h"
#include "tech/enum/enumerate.h"
#include "tech/enum/grammar.h"
#include "test_scale.h"

/* ---- the naive enumeration: leftmost derivations, depth-first, with an explicit stack ---- */

typedef struct state {
  sg_gsym *pend; /* symbols still to derive, the next one last */
  uint32_t npend;
  uint32_t cost;
  char *text;
  bool after_open;
} state;

typedef SG_VEC (state) state_vec;
typedef SG_VEC (char *) str_vec;

static void
add_term (const sg_grammar *g, state *s, uint32_t t)
{
  const char *x = g->terms[t].text;
  size_t old = s->text ? strlen (s->text) : 0;
  bool close = !strcmp (x, ")");
  s->text = realloc (s->text, old + strlen (x) + 2);
  assert_non_null (s->text);
  if (old && !s->after_open && !close) s->text[old++] = ' ';
  strcpy (s->text + old, x);
  s->after_open = !strcmp (x, "(");
}

/* Every formula of size <= bound: counts per size into per_size, texts into out. */
static void
naive (const sg_grammar *g, uint32_t bound, uint64_t *per_size, str_vec *out)
{
  state_vec st = { 0 };
  state s0 = { malloc (sizeof (sg_gsym)), 1, 0, strdup (""), false };
  s0.pend[0] = 0;
  assert_true (SG_VEC_PUSH (st, s0));
  while (st.n)
    {
      state s = SG_VEC_POP (st);
      while (s.npend && s.pend[s.npend - 1] < 0) add_term (g, &s, (uint32_t) ~s.pend[--s.npend]);
      if (!s.npend)
        {
          per_size[s.cost]++;
          assert_true (SG_VEC_PUSH (*out, s.text));
          free (s.pend);
          continue;
        }
      uint32_t nt = (uint32_t) s.pend[--s.npend];
      for (uint32_t a = g->nts[nt].first_alt; a < g->nts[nt].first_alt + g->nts[nt].nalts; a++)
        {
          const sg_galt *al = &g->alts[a];
          if (s.cost + al->cost > bound) continue;
          state c = { malloc ((s.npend + al->n + 1) * sizeof (sg_gsym)), s.npend, s.cost + al->cost,
                      strdup (s.text), s.after_open };
          memcpy (c.pend, s.pend, s.npend * sizeof (sg_gsym));
          for (uint32_t i = al->n; i-- > 0;) c.pend[c.npend++] = g->syms[al->first + i];
          assert_true (SG_VEC_PUSH (st, c));
        }
      free (s.pend);
      free (s.text);
    }
  SG_VEC_FREE (st);
}

static int
cmp_str (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
assert_parses (const char *text, size_t len)
{
  sg_store s;
  sg_script sc;
  sg_diag d;
  assert_int_equal (sg_store_init (&s), SG_RC_OK);
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "formula");
  sg_rc rc = sg_parse_string (&s, &sc, text, len, "formula", &d);
  if (rc)
    {
      char msg[700];
      sg_diag_format (&d, msg, sizeof msg);
      fail_msg ("%s\n  in %s", msg, text);
    }
  sg_script_free (&sc);
  sg_store_free (&s);
}

/* One shipped grammar: the bound is the largest size whose formulas number <= 20,000 (5,000
 * under the sanitizers). */
static void
check_grammar (const char *name)
{
  sg_grammar g;
  sg_diag d;
  sg_diag_init (&d, name);
  assert_int_equal (sg_grammar_load (&g, name, &d), SG_RC_OK);
  sg_enum *e;
  assert_int_equal (sg_enum_new (&g, &e), SG_RC_OK);
  mpz_t total, c, local, r;
  mpz_inits (total, c, local, r, NULL);
  uint32_t bound = 0;
  for (uint32_t s = 0;; s++)
    {
      assert_int_equal (sg_enum_count (e, s, c), SG_RC_OK);
      mpz_add (total, total, c);
      if (mpz_cmp_ui (total, SG_TEST_CASES (20000)) > 0) break;
      bound = s;
    }
  uint64_t per[64] = { 0 };
  str_vec texts = { 0 };
  naive (&g, bound, per, &texts);
  uint64_t n = 0;
  for (uint32_t s = 0; s <= bound; s++)
    {
      assert_int_equal (sg_enum_count (e, s, c), SG_RC_OK);
      assert_true (mpz_cmp_ui (c, per[s]) == 0);
      n += per[s];
    }
  assert_true (n > 100); /* the bound reaches past the first sizes */
  /* unrank every index below the bound: the same formulas, each once, each parses, ranks back */
  str_vec mine = { 0 };
  sg_buf b;
  sg_buf_init (&b);
  sg_enum_tree tree = { 0 };
  mpz_t idx;
  mpz_init (idx);
  for (uint64_t i = 0; i < n; i++)
    {
      uint32_t size;
      mpz_set_ui (idx, i);
      assert_int_equal (sg_enum_locate (e, idx, &size, local), SG_RC_OK);
      sg_buf_reset (&b);
      assert_int_equal (sg_enum_unrank (e, size, local, &b, &tree), SG_RC_OK);
      assert_int_equal (sg_enum_rank (e, &tree, r), SG_RC_OK);
      assert_true (mpz_cmp (r, local) == 0);
      assert_parses (b.s, b.len);
      assert_true (SG_VEC_PUSH (mine, strdup (sg_buf_cstr (&b))));
    }
  /* the iterator gives the same sequence */
  sg_enum_iter it;
  mpz_set_ui (idx, 0);
  assert_int_equal (sg_enum_iter_init (&it, e, idx), SG_RC_OK);
  for (uint64_t i = 0; i < n; i++)
    {
      sg_buf_reset (&b);
      if (i == 1)
        {
          /* a buffer that cannot hold the formula: SG_RC_NOMEM (never a part of it taken as a
           * formula), and the index does not move */
          b.failed = true;
          assert_int_equal (sg_enum_iter_next (&it, &b), SG_RC_NOMEM);
          sg_buf_reset (&b);
        }
      assert_int_equal (sg_enum_iter_next (&it, &b), SG_RC_OK);
      assert_string_equal (sg_buf_cstr (&b), mine.a[i]);
    }
  sg_enum_iter_free (&it);
  qsort (mine.a, mine.n, sizeof *mine.a, cmp_str);
  qsort (texts.a, texts.n, sizeof *texts.a, cmp_str);
  assert_int_equal (mine.n, texts.n);
  for (uint32_t i = 0; i < mine.n; i++)
    {
      assert_string_equal (mine.a[i], texts.a[i]);
      if (i) assert_true (strcmp (mine.a[i - 1], mine.a[i]) != 0);
    }
  /* GMP: indices of a class too large for 64 bits rank back, consecutive ones differ */
  uint32_t big = 40;
  assert_int_equal (sg_enum_count (e, big, c), SG_RC_OK);
  assert_true (mpz_sizeinbase (c, 2) > 64);
  char *prev = NULL;
  for (int k = 0; k < 20; k++)
    {
      mpz_mul_ui (local, c, (unsigned long) k + 1);
      mpz_fdiv_q_ui (local, local, 23);
      if (k >= 10) mpz_add_ui (local, r, 1), mpz_set (r, local); /* then consecutive indices */
      else mpz_set (r, local);
      sg_buf_reset (&b);
      assert_int_equal (sg_enum_unrank (e, big, local, &b, &tree), SG_RC_OK);
      assert_int_equal (sg_enum_rank (e, &tree, idx), SG_RC_OK);
      assert_true (mpz_cmp (idx, local) == 0);
      assert_parses (b.s, b.len);
      if (prev) assert_true (strcmp (prev, sg_buf_cstr (&b)) != 0);
      free (prev);
      prev = strdup (sg_buf_cstr (&b));
    }
  free (prev);
  assert_int_equal (sg_enum_unrank (e, big, c, &b, NULL), SG_RC_USAGE); /* past the class */
  for (uint32_t i = 0; i < mine.n; i++) free (mine.a[i]), free (texts.a[i]);
  SG_VEC_FREE (mine);
  SG_VEC_FREE (texts);
  SG_VEC_FREE (tree);
  sg_buf_free (&b);
  mpz_clears (total, c, local, r, idx, NULL);
  sg_enum_free (e);
  sg_grammar_free (&g);
}

static void test_core (void **st) { (void) st; check_grammar ("core"); }
static void test_ints (void **st) { (void) st; check_grammar ("ints"); }
static void test_reals (void **st) { (void) st; check_grammar ("reals"); }
static void test_realints (void **st) { (void) st; check_grammar ("realints"); }
static void test_bv (void **st) { (void) st; check_grammar ("bv"); }
static void test_arrays (void **st) { (void) st; check_grammar ("arrays"); }
static void test_fp (void **st) { (void) st; check_grammar ("fp"); }
static void test_strings (void **st) { (void) st; check_grammar ("strings"); }

/* The thesis's sizes: (assert false) with the two declarations and check-sat is size 4, and
 * so are the other three atoms; (not false) is size 5. */
static void
test_et_sizes (void **st)
{
  (void) st;
  sg_grammar g;
  sg_diag d;
  sg_diag_init (&d, "core");
  assert_int_equal (sg_grammar_load (&g, "core", &d), SG_RC_OK);
  sg_enum *e;
  assert_int_equal (sg_enum_new (&g, &e), SG_RC_OK);
  mpz_t c, idx, local;
  mpz_inits (c, idx, local, NULL);
  for (uint32_t s = 0; s < 4; s++)
    {
      assert_int_equal (sg_enum_count (e, s, c), SG_RC_OK);
      assert_true (mpz_sgn (c) == 0);
    }
  assert_int_equal (sg_enum_count (e, 4, c), SG_RC_OK);
  assert_true (mpz_cmp_ui (c, 4) == 0);
  sg_buf b;
  sg_buf_init (&b);
  uint32_t size;
  mpz_set_ui (idx, 1);
  assert_int_equal (sg_enum_locate (e, idx, &size, local), SG_RC_OK);
  assert_int_equal (size, 4);
  assert_int_equal (sg_enum_unrank (e, size, local, &b, NULL), SG_RC_OK);
  assert_string_equal (sg_buf_cstr (&b), "(declare-const a Bool) (declare-const b Bool) (assert false) (check-sat)");
  mpz_set_ui (idx, 5); /* the first of size 5: (not true), then (not false) */
  assert_int_equal (sg_enum_locate (e, idx, &size, local), SG_RC_OK);
  assert_int_equal (size, 5);
  sg_buf_reset (&b);
  assert_int_equal (sg_enum_unrank (e, size, local, &b, NULL), SG_RC_OK);
  assert_string_equal (sg_buf_cstr (&b), "(declare-const a Bool) (declare-const b Bool) (assert (not false)) (check-sat)");
  /* size 5: 4 nots + 6 binary x 16 + ... = what the rule gives: 4 + 5*16 + 64 = 148 */
  assert_int_equal (sg_enum_count (e, 5, c), SG_RC_OK);
  assert_true (mpz_cmp_ui (c, 148) == 0);
  sg_buf_free (&b);
  mpz_clears (c, idx, local, NULL);
  sg_enum_free (e);
  sg_grammar_free (&g);
}

/* A grammar text's error: rc and "line:col" at the start of the formatted message. */
static void
bad (const char *text, sg_rc want, const char *pos, const char *words)
{
  sg_grammar g;
  sg_diag d;
  sg_diag_init (&d, "g.bnf");
  assert_int_equal (sg_grammar_read (&g, "g.bnf", text, strlen (text), &d), want);
  char msg[700];
  sg_diag_format (&d, msg, sizeof msg);
  char head[64];
  snprintf (head, sizeof head, "g.bnf:%s: error:", pos);
  if (strncmp (msg, head, strlen (head)) || !strstr (msg, words)) fail_msg ("got: %s", msg);
}

/* Whether a grammar text is read. */
static bool
good (const char *text)
{
  sg_grammar g;
  sg_diag d;
  sg_diag_init (&d, "g.bnf");
  sg_rc rc = sg_grammar_read (&g, "g.bnf", text, strlen (text), &d);
  if (rc) return false;
  sg_grammar_free (&g);
  return true;
}

static void
test_errors (void **st)
{
  (void) st;
  bad ("s ::= \"(\" t \")\"\n", SG_RC_SORT, "1:11", "undefined nonterminal 't'");
  bad ("s ::= \"x\" | t\nt ::= \"(\" t \")\"\n", SG_RC_SORT, "2:1", "unproductive nonterminal 't'");
  bad ("s ::= \"x\"\n  | \"y\"\n  | \"x\"\n", SG_RC_PARSE, "3:5", "duplicate alternative");
  bad ("s ::= t | \"x\"\nt ::= s\n", SG_RC_SORT, "1:1", "cycle");
  /* the cause is named, not the first nonterminal that depends on it */
  bad ("s ::= x\nx ::= \"(\" x \")\"\n", SG_RC_SORT, "2:1", "unproductive nonterminal 'x'");
  /* b ::= b: the same formulas again at every larger size (ET's size rule charges 1 for it) */
  bad ("s ::= \"x\"\n  | s\n", SG_RC_PARSE, "2:5", "the alternative 's' of 's' derives only what 's' does");
  /* a lone CR ends a line, as LF and CR LF do (in a comment and in a terminal too) */
  bad ("# c\rs ::= \"x\"\r\n  | \"y\r\" \n", SG_RC_PARSE, "3:5", "unterminated");
  bad ("s ::= \"x\"\r\r | t\n", SG_RC_SORT, "3:4", "undefined nonterminal 't'");
  bad ("s ::= a\na ::= b\nb ::= a | \"x\"\n", SG_RC_SORT, "2:1", "'a' lies on a cycle of alternatives that cost nothing (no \"(\" and not its own name: a -> b -> a)");
  /* a comment that swallowed the only use of t (found by fuzz_grammar: counting t to the end
   * of the index range took 14 s for a grammar of one formula) */
  bad ("s ::= \"(\" # \"assert\" t \")\"\n  | \"x\"\nt ::= \"y\" | \"(\" t \")\"\n", SG_RC_SORT, "3:1",
       "nonterminal 't' is not reachable from the start symbol 's'");
  bad ("s ::= \"x\"\ns ::= \"y\"\n", SG_RC_PARSE, "2:1", "defined twice");
  bad ("s ::= \"x\n", SG_RC_PARSE, "1:7", "unterminated");
  bad ("s ::= \"x\" ; \n", SG_RC_PARSE, "1:11", "unexpected character");
  bad ("s ::= \x01\n", SG_RC_PARSE, "1:7", "unexpected byte 0x01"); /* never the raw byte */
  bad ("# nothing\n", SG_RC_PARSE, "2:1", "empty grammar");
  bad ("s ::= \"x\" | | \"y\"\n", SG_RC_PARSE, "1:13", "empty alternative");
  /* The limits (grammar.h): each refused where it is exceeded, before any counting. */
  {
    /* six levels of 63 children: one formula of 63^5 tokens (a hostile review: enum --print
     * wrote 2 GB of it); the first alternative past SG_GRAMMAR_MAX_TEXT is named */
    sg_buf t;
    sg_buf_init (&t);
    for (int lv = 0; lv < 5; lv++)
      {
        sg_buf_printf (&t, "n%d ::=", lv);
        for (int k = 0; k < 63; k++) sg_buf_printf (&t, " n%d", lv + 1);
        sg_buf_adds (&t, "\n");
      }
    sg_buf_adds (&t, "n5 ::= \"a\"\n");
    /* n2 is 63^3 = 250,047 symbols at least: line 3 */
    bad (sg_buf_cstr (&t), SG_RC_LIMIT, "3:8", "the shortest text of this alternative of 'n2' has more than 65536 symbols");
    sg_buf_free (&t);
    /* an ordinary grammar still reads */
    assert_true (good ("n0 ::= \"(\" n1 n1 \")\"\nn1 ::= \"a\" | \"b\"\n"));
  }
  {
    sg_buf t;
    sg_buf_init (&t);
    /* a chain of SG_GRAMMAR_MAX_NTS + 1 nonterminals: the one too many is named at its use */
    sg_buf_adds (&t, "s ::= n0\n");
    for (uint32_t i = 0; i < SG_GRAMMAR_MAX_NTS; i++) sg_buf_printf (&t, "n%u ::= \"(\" n%u\n", i, i + 1);
    char pos[32];
    snprintf (pos, sizeof pos, "%u:14", SG_GRAMMAR_MAX_NTS);
    bad (sg_buf_cstr (&t), SG_RC_LIMIT, pos, "more than 1000 nonterminals");
    /* an alternative of 65 symbols (refused at its 65th) ... */
    sg_buf_reset (&t);
    sg_buf_adds (&t, "s ::=");
    for (uint32_t i = 0; i <= SG_GRAMMAR_MAX_SYMS; i++) sg_buf_adds (&t, " \"a\"");
    bad (sg_buf_cstr (&t), SG_RC_LIMIT, "1:7", "more than 64 symbols (the next at 1:263)");
    /* ... while 64 (the last a name), followed by the next rule, are read */
    sg_buf_reset (&t);
    sg_buf_adds (&t, "s ::=");
    for (uint32_t i = 1; i < SG_GRAMMAR_MAX_SYMS; i++) sg_buf_adds (&t, " \"a\"");
    sg_buf_adds (&t, " u\nu ::= \"b\"\n");
    assert_true (good (sg_buf_cstr (&t)));
    /* 10,001 alternatives */
    sg_buf_reset (&t);
    sg_buf_adds (&t, "s ::= \"p0\" \"q0\"\n");
    for (uint32_t i = 1; i <= SG_GRAMMAR_MAX_ALTS; i++) sg_buf_printf (&t, " | \"p%u\" \"q%u\"\n", i / 100, i % 100);
    snprintf (pos, sizeof pos, "%u:4", SG_GRAMMAR_MAX_ALTS + 1);
    bad (sg_buf_cstr (&t), SG_RC_LIMIT, pos, "more than 10000 alternatives");
    /* 4,097 different terminals */
    sg_buf_reset (&t);
    sg_buf_adds (&t, "s ::= \"t0\"\n");
    for (uint32_t i = 1; i <= SG_GRAMMAR_MAX_TERMS; i++) sg_buf_printf (&t, " | \"t%u\"\n", i);
    snprintf (pos, sizeof pos, "%u:4", SG_GRAMMAR_MAX_TERMS + 1);
    bad (sg_buf_cstr (&t), SG_RC_LIMIT, pos, "more than 4096 different terminals");
    /* every formula larger than the largest size: 20 levels of doubling (size 2^20 - 1) */
    sg_buf_reset (&t);
    sg_buf_adds (&t, "s ::= n0\n");
    for (uint32_t i = 0; i < 19; i++) sg_buf_printf (&t, "n%u ::= \"(\" n%u n%u\n", i, i + 1, i + 1);
    sg_buf_adds (&t, "n19 ::= \"x\"\n");
    bad (sg_buf_cstr (&t), SG_RC_LIMIT, "1:1", "the smallest formula of 's' has a size above 1000");
    /* smallest formula of size exactly 1000 (a chain of 1000 nonterminals, each paying 1):
     * read; one of size 1001: refused */
    for (int over = 0; over < 2; over++)
      {
        sg_buf_reset (&t);
        sg_buf_adds (&t, over ? "s ::= \"(\" c1 c999\n" : "s ::= \"(\" c1\n");
        for (uint32_t i = 1; i < 999; i++) sg_buf_printf (&t, "c%u ::= \"(\" c%u\n", i, i + 1);
        sg_buf_adds (&t, "c999 ::= \"(\" \"x\"\n");
        if (over) bad (sg_buf_cstr (&t), SG_RC_LIMIT, "1:1", "has a size above 1000");
        else assert_true (good (sg_buf_cstr (&t)));
      }
    /* ... while 9 levels (size 511) are enumerated */
    sg_buf_reset (&t);
    sg_buf_adds (&t, "s ::= n0\n");
    for (uint32_t i = 0; i < 9; i++) sg_buf_printf (&t, "n%u ::= \"(\" n%u n%u\n", i, i + 1, i + 1);
    sg_buf_adds (&t, "n9 ::= \"x\"\n");
    sg_grammar g9;
    sg_diag d9;
    sg_diag_init (&d9, "g.bnf");
    assert_int_equal (sg_grammar_read (&g9, "g.bnf", t.s, t.len, &d9), SG_RC_OK);
    sg_grammar_free (&g9);
    sg_buf_free (&t);
  }
  /* a good file grammar: comments, escapes, a cost-0 chain */
  sg_grammar g;
  sg_diag d;
  sg_diag_init (&d, "g.bnf");
  const char *ok = "# two atoms\nstart ::= \"(assert\" b \")\" # cost 1: no \"(\" token... \nb ::= c | \"(\" \"not\" b \")\"\nc ::= \"\\\"q\\\"\" | \"true\"\n";
  assert_int_equal (sg_grammar_read (&g, "g.bnf", ok, strlen (ok), &d), SG_RC_OK);
  sg_enum *e;
  assert_int_equal (sg_enum_new (&g, &e), SG_RC_OK);
  mpz_t c;
  mpz_init (c);
  assert_int_equal (sg_enum_count (e, 0, c), SG_RC_OK);
  assert_true (mpz_cmp_ui (c, 2) == 0); /* start costs 0 (no "(" token), c costs 0 */
  assert_int_equal (sg_enum_count (e, 1, c), SG_RC_OK);
  assert_true (mpz_cmp_ui (c, 2) == 0);
  mpz_clear (c);
  sg_enum_free (e);
  sg_grammar_free (&g);
}

/* The technique's blocks: over 2 shards x 3 workers with blocks of 7, indices [50, 50 + 100)
 * are each enumerated once, and each chain's formulas are the iterator's at those indices. */
static void
test_tech_blocks (void **st)
{
  (void) st;
  uint32_t seen[100] = { 0 };
  for (uint32_t shard = 0; shard < 2; shard++)
    for (uint32_t w = 0; w < 3; w++)
      {
        char spec[16];
        snprintf (spec, sizeof spec, "%u/2", shard);
        sg_tech_cfg cfg = { .chain = 7, .data_file = "ints",
                            .enumeration = { .from = "50", .count = 100, .shard = spec } };
        sg_tech_sched sched = { .worker = w, .workers = 3 };
        void *state;
        sg_diag d;
        sg_diag_init (&d, "enum");
        assert_int_equal (sg_enum_tech_init (&cfg, &sched, &state, &d), SG_RC_OK);
        sg_tech_mutant m;
        memset (&m, 0, sizeof m);
        sg_buf_init (&m.text);
        sg_buf_init (&m.desc);
        sg_rng rng;
        sg_rng_seed (&rng, 1);
        while (sg_enum_tech_begin (state, NULL, &rng, &d) == SG_RC_OK)
          while (sg_enum_tech_next (state, &rng, &m, &d) == SG_RC_OK)
            {
              unsigned long ix;
              assert_int_equal (sscanf (sg_buf_cstr (&m.desc), "enum ints index %lu", &ix), 1);
              assert_true (ix >= 50 && ix < 150);
              seen[ix - 50]++;
              assert_int_equal (m.expected, SG_ANS_NONE);
            }
        sg_buf_free (&m.text);
        sg_buf_free (&m.desc);
        sg_enum_tech_free (state);
      }
  for (int i = 0; i < 100; i++) assert_int_equal (seen[i], 1);
  /* a bad --shard and --from are errors at init */
  sg_tech_cfg bad = { .chain = 7, .data_file = "ints", .enumeration = { .shard = "2/2" } };
  void *state;
  sg_diag d;
  sg_diag_init (&d, "enum");
  assert_int_equal (sg_enum_tech_init (&bad, NULL, &state, &d), SG_RC_USAGE);
  sg_tech_cfg bad2 = { .chain = 7, .data_file = "ints", .enumeration = { .from = "12x" } };
  sg_diag_init (&d, "enum");
  assert_int_equal (sg_enum_tech_init (&bad2, NULL, &state, &d), SG_RC_USAGE);
}

/* One block of a technique state: its indices appended to seen (counted), the number taken,
 * or -1 when begin says the range is done. */
static int
take_block (void *state, sg_tech_mutant *m, uint32_t *seen, uint32_t *first)
{
  sg_rng rng;
  sg_rng_seed (&rng, 1);
  sg_diag d;
  sg_diag_init (&d, "enum");
  if (sg_enum_tech_begin (state, NULL, &rng, &d) != SG_RC_OK) return -1;
  int n = 0;
  while (sg_enum_tech_next (state, &rng, m, &d) == SG_RC_OK)
    {
      unsigned long ix;
      assert_int_equal (sscanf (sg_buf_cstr (&m->desc), "enum ints index %lu", &ix), 1);
      assert_true (ix >= 50 && ix < 150);
      if (n == 0) *first = (uint32_t) ix;
      seen[ix - 50]++;
      n++;
    }
  return n;
}

/* One run's workers share a queue of blocks (sched.next_block): a worker that takes three
 * blocks while the other takes one gets the first three in index order, not blocks 0, 2, 4;
 * what was taken so far is one contiguous range; every index is run once. */
static void
test_tech_queue (void **st)
{
  (void) st;
  uint64_t q = 0;
  uint32_t seen[100] = { 0 };
  void *a, *b;
  sg_diag d;
  sg_diag_init (&d, "enum");
  sg_tech_cfg cfg = { .chain = 7, .data_file = "ints", .enumeration = { .from = "50", .count = 100 } };
  sg_tech_sched sa = { .worker = 0, .workers = 2, .next_block = &q };
  sg_tech_sched sb = sa;
  sb.worker = 1;
  assert_int_equal (sg_enum_tech_init (&cfg, &sa, &a, &d), SG_RC_OK);
  assert_int_equal (sg_enum_tech_init (&cfg, &sb, &b, &d), SG_RC_OK);
  sg_tech_mutant m;
  memset (&m, 0, sizeof m);
  sg_buf_init (&m.text);
  sg_buf_init (&m.desc);
  uint32_t first = 0;
  for (uint32_t k = 0; k < 3; k++)
    {
      assert_int_equal (take_block (a, &m, seen, &first), 7);
      assert_int_equal (first, 50 + 7 * k);
    }
  assert_int_equal (take_block (b, &m, seen, &first), 7);
  assert_int_equal (first, 71);
  for (int i = 0; i < 100; i++) assert_int_equal (seen[i], i < 28 ? 1 : 0);
  /* the rest, by turns, to the end: each index once, the last block short (100 = 14 * 7 + 2) */
  bool da = false, db = false;
  while (!da || !db)
    {
      if (!da && take_block (a, &m, seen, &first) < 0) da = true;
      if (!db && take_block (b, &m, seen, &first) < 0) db = true;
    }
  for (int i = 0; i < 100; i++) assert_int_equal (seen[i], 1);
  assert_true (q >= 15);
  sg_buf_free (&m.text);
  sg_buf_free (&m.desc);
  sg_enum_tech_free (a);
  sg_enum_tech_free (b);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_errors),   cmocka_unit_test (test_et_sizes), cmocka_unit_test (test_core),
    cmocka_unit_test (test_ints),     cmocka_unit_test (test_reals),    cmocka_unit_test (test_realints),
    cmocka_unit_test (test_bv),       cmocka_unit_test (test_arrays),   cmocka_unit_test (test_fp),
    cmocka_unit_test (test_strings),  cmocka_unit_test (test_tech_blocks), cmocka_unit_test (test_tech_queue),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
