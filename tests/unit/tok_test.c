/* tok_test: base/tok.h, the small S-expression tokeniser: kinds, spans, positions, open
 * quotes, the two word-rule flags; and the readers that use it (session's balance check,
 * probe's model text) on the inputs their hand-written scanners were checked with. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "base/tok.h"
#include "oracle/probe.h"
#include "run/session.h"

/* The tokens of text as "K:text" joined by spaces (K: ( ) w s q, a trailing ! when open). */
static void
render (const char *text, size_t n, unsigned flags, char *out, size_t size)
{
  sg_tks z;
  sg_tk t;
  size_t o = 0;
  out[0] = 0;
  sg_tk_init (&z, text, n, flags);
  while (sg_tk_next (&z, &t) && o + t.n + 8 < size)
    {
      static const char kinds[] = "E()wsq";
      if (o) out[o++] = ' ';
      out[o++] = kinds[t.kind];
      out[o++] = ':';
      for (size_t i = 0; i < t.n; i++) out[o++] = t.s[i] ? t.s[i] : '0';
      if (t.open) out[o++] = '!';
      out[o] = 0;
    }
  assert_int_equal (t.kind, SG_TK_END);
  assert_int_equal (t.n, 0);
  assert_ptr_equal (t.s, text + n);
}

static void
test_tokens (void **state)
{
  (void) state;
  static const struct { const char *in, *out; } cases[] = {
    { "", "" },
    { "  \t\r\n", "" },
    { "(assert (> x 12))", "(:( w:assert (:( w:> w:x w:12 ):) ):)" },
    { "a;comment ( \"\nb", "w:a w:b" },
    { "\"a\"\"b\" c", "s:\"a\"\"b\" w:c" },
    { "\"abc", "s:\"abc!" },
    { "\"a\"\"", "s:\"a\"\"!" },
    { "|x y|z", "q:|x y| w:z" },
    { "|x", "q:|x!" },
    { "a|b|", "w:a q:|b|" },
    { "a\"b\"", "w:a s:\"b\"" },
    { ":kw #x0f 1.5", "w::kw w:#x0f w:1.5" },
    { "x\fy", "w:x\fy" },
  };
  char buf[256];
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    {
      render (cases[i].in, strlen (cases[i].in), 0, buf, sizeof buf);
      assert_string_equal (buf, cases[i].out);
    }
  render ("a|b c|d", 7, SG_TK_BAR_IN_WORD, buf, sizeof buf);
  assert_string_equal (buf, "w:a|b w:c|d");
  render ("|b c|", 5, SG_TK_BAR_IN_WORD, buf, sizeof buf);
  assert_string_equal (buf, "q:|b c|");
  render ("a\0b", 3, 0, buf, sizeof buf);
  assert_string_equal (buf, "w:a0b");
  render ("a\0b \0", 5, SG_TK_NUL_BLANK, buf, sizeof buf);
  assert_string_equal (buf, "w:a w:b");
}

static void
test_positions (void **state)
{
  (void) state;
  const char *text = "(a\n  b)\r\nc\rd ;x\n\"s\ne\" f";
  static const struct { uint32_t line, col; } want[] = {
    { 1, 1 }, { 1, 2 }, { 2, 3 }, { 2, 4 }, { 3, 1 }, { 4, 1 }, { 5, 1 }, { 6, 4 },
  };
  sg_tks z;
  sg_tk t;
  sg_tk_init (&z, text, strlen (text), 0);
  for (size_t i = 0; i < sizeof want / sizeof *want; i++)
    {
      assert_true (sg_tk_next (&z, &t));
      assert_int_equal (t.line, want[i].line);
      assert_int_equal (t.col, want[i].col);
    }
  assert_false (sg_tk_next (&z, &t));
}

static void
test_helpers (void **state)
{
  (void) state;
  sg_tks z;
  sg_tk t;
  const char *text = " (set-logic |a b| \"c\"\"d\" \"e";
  sg_tk_init (&z, text, strlen (text), 0);
  assert_int_equal (sg_tk_peek (&z), SG_TK_LPAR);
  assert_int_equal (sg_tk_peek (&z), SG_TK_LPAR); /* nothing consumed */
  sg_tk_next (&z, &t);
  sg_tk_next (&z, &t);
  assert_true (sg_tk_is (&t, "set-logic"));
  assert_false (sg_tk_is (&t, "set-logi"));
  size_t n;
  sg_tk_next (&z, &t);
  const char *b = sg_tk_body (&t, &n);
  assert_int_equal (n, 3);
  assert_memory_equal (b, "a b", 3);
  sg_tk_next (&z, &t);
  b = sg_tk_body (&t, &n);
  assert_int_equal (n, 4);
  assert_memory_equal (b, "c\"\"d", 4);
  sg_tk_next (&z, &t);
  assert_true (t.open);
  b = sg_tk_body (&t, &n);
  assert_int_equal (n, 1);
  assert_memory_equal (b, "e", 1);
  assert_int_equal (sg_tk_peek (&z), SG_TK_END);
}

/* run/session.c's balance check and oracle/probe.c's model text (both read with base/tok.h):
 * what their hand-written scanners answered. */
static void
test_readers (void **state)
{
  (void) state;
  static const struct { const char *in; bool balanced; } bal[] = {
    { "", true }, { "(", false }, { ")", false }, { "(a (b) \"(\" |)| ; (\n)", true },
    { "(assert \"abc", false }, { "(assert |abc", false }, { "\"\"\"", false }, { "|||", false },
    { "\";\" ; \"", true }, { "(a;)\n)", true }, { "))))(()", false },
  };
  for (size_t i = 0; i < sizeof bal / sizeof *bal; i++)
    assert_int_equal (sg_session_is_balanced (bal[i].in, strlen (bal[i].in)), bal[i].balanced);
  const char *s;
  size_t n;
  const char *out = "sat\n(\n(define-fun s () String \"a)\"\"(\")\n(define-fun |a)| () Int 2))\nx";
  assert_true (sg_model_text (out, strlen (out), 0, &s, &n));
  assert_int_equal (n, strlen (out) - 6);
  out = "sat\n(;)\n x)\n";
  assert_true (sg_model_text (out, strlen (out), 0, &s, &n));
  assert_int_equal (n, 7);
  out = "sat\n( |a";
  assert_false (sg_model_text (out, strlen (out), 0, &s, &n));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_tokens),
    cmocka_unit_test (test_positions),
    cmocka_unit_test (test_helpers),
    cmocka_unit_test (test_readers),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
