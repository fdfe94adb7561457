/* eval_re_test: the regular-language engine of eval_re.c on its own: match matrices against an
 * independent oracle (languages truncated to short words, as bit masks) on random regex DAGs, and
 * a 200,000-deep node chain matched and printed without recursion. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "eval/eval_str_int.h"

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

/* ---- the match engine against an independent oracle --------------------------------------- */

/* Languages truncated to the 31 words of length <= 4 over {a, b}, as bit masks: every regular
 * operation is exact on them (membership of a word only depends on words no longer than it). */
enum { OW = 31 };
typedef struct oword { uint32_t len, bits; } oword; /* word: bit k = letter k (0 a, 1 b) */

static uint32_t
oidx (uint32_t len, uint32_t bits)
{
  return (1u << len) - 1 + bits;
}

static oword
oword_of (uint32_t i)
{
  uint32_t len = 0;
  while (i >= (1u << (len + 1)) - 1)
    len++;
  return (oword) { len, i - ((1u << len) - 1) };
}

static uint32_t
ocat (uint32_t x, uint32_t y)
{
  uint32_t m = 0;
  for (uint32_t i = 0; i < OW; i++)
    for (uint32_t j = 0; j < OW; j++)
      if ((x >> i & 1) && (y >> j & 1))
        {
          oword u = oword_of (i), v = oword_of (j);
          if (u.len + v.len <= 4)
            m |= 1u << oidx (u.len + v.len, u.bits | v.bits << u.len);
        }
  return m;
}

static uint32_t
ostar (uint32_t x)
{
  uint32_t s = 1; /* {""} */
  for (;;)
    {
      uint32_t t = s | ocat (s, x);
      if (t == s)
        return s;
      s = t;
    }
}

/* x^k: exact on words of length <= 4 with k capped at 6 (x^k for k >= 6 is empty without the
 * empty word, and x^4 = x^5 = ... with it). */
static uint32_t
opow (uint32_t x, uint32_t k)
{
  uint32_t p = 1; /* {""} */
  for (uint32_t i = 0; i < k && i < 6; i++)
    p = ocat (p, x);
  return p;
}

static uint32_t
oloop (uint32_t x, uint32_t lo, uint32_t hi)
{
  uint32_t u = 0;
  for (uint32_t k = lo; k <= hi && k <= lo + 7; k++)
    u |= opow (x, k);
  return u;
}

static void
test_re_oracle (void **state)
{
  (void) state;
  const uint32_t all = (1u << OW) - 1, one = 0x6; /* "a", "b" */
  sg_vpool *p = sg_vpool_new ();
  assert_non_null (p);
  rng r = { 7 };
  enum { POOL = 64, ROUNDS = 3000 };
  const sg_re *node[POOL];
  uint32_t lang[POOL];
  uint32_t nn = 0, checked = 0;
  for (uint32_t round = 0; round < ROUNDS; round++)
    {
      const sg_re *x;
      uint32_t m, k = rbelow (&r, 15);
      if (nn < 4)
        k = 14;
      uint32_t ia = nn ? rbelow (&r, nn) : 0, ib = nn ? rbelow (&r, nn) : 0;
      uint32_t la = nn ? lang[ia] : 0, lb = nn ? lang[ib] : 0;
      const sg_re *ab[2] = { nn ? node[ia] : NULL, nn ? node[ib] : NULL };
      switch (k)
        {
        case 0: x = sg_re_new (p, SG_RE_CONCAT, ab, 2, 0, 0, NULL, 0); m = ocat (la, lb); break;
        case 1: x = sg_re_new (p, SG_RE_UNION, ab, 2, 0, 0, NULL, 0); m = la | lb; break;
        case 2: x = sg_re_new (p, SG_RE_INTER, ab, 2, 0, 0, NULL, 0); m = la & lb; break;
        case 3: x = sg_re_new (p, SG_RE_DIFF, ab, 2, 0, 0, NULL, 0); m = la & ~lb; break;
        case 4: x = sg_re_new (p, SG_RE_STAR, ab, 1, 0, 0, NULL, 0); m = ostar (la); break;
        case 5: x = sg_re_new (p, SG_RE_PLUS, ab, 1, 0, 0, NULL, 0); m = ocat (la, ostar (la)); break;
        case 6: x = sg_re_new (p, SG_RE_OPT, ab, 1, 0, 0, NULL, 0); m = la | 1; break;
        case 7: x = sg_re_new (p, SG_RE_COMP, ab, 1, 0, 0, NULL, 0); m = all & ~la; break;
        case 8:
        case 9:
          {
            uint32_t lo = rbelow (&r, 4), hi = lo + rbelow (&r, 3);
            if (rbelow (&r, 4) == 0)
              hi = 1000000 + rbelow (&r, 2); /* unbounded in effect */
            if (k == 8)
              hi = lo;
            x = sg_re_new (p, k == 8 ? SG_RE_POW : SG_RE_LOOP, ab, 1, lo, hi, NULL, 0);
            m = oloop (la, lo, hi);
            break;
          }
        case 10: x = sg_re_new (p, SG_RE_ALL, NULL, 0, 0, 0, NULL, 0); m = all; break;
        case 11: x = sg_re_new (p, SG_RE_ALLCHAR, NULL, 0, 0, 0, NULL, 0); m = one; break;
        case 12:
          {
            uint32_t lo = 'a' + rbelow (&r, 2), hi = 'a' + rbelow (&r, 2);
            x = sg_re_new (p, SG_RE_RANGE, NULL, 0, lo, hi, NULL, 0);
            m = (lo <= 'a' && 'a' <= hi ? 2u : 0u) | (lo <= 'b' && 'b' <= hi ? 4u : 0u);
            break;
          }
        case 13: x = sg_re_new (p, SG_RE_NONE, NULL, 0, 0, 0, NULL, 0); m = 0; break;
        default:
          {
            uint32_t len = rbelow (&r, 3), bits = rbelow (&r, 4) & ((1u << len) - 1), cp[2];
            for (uint32_t i = 0; i < len; i++)
              cp[i] = 'a' + (bits >> i & 1);
            x = sg_re_new (p, SG_RE_STR, NULL, 0, 0, 0, cp, len);
            m = 1u << oidx (len, bits);
            break;
          }
        }
      assert_non_null (x);
      /* keep a pool of recent nodes: later nodes share them (a DAG) */
      uint32_t slot = nn < POOL ? nn++ : rbelow (&r, POOL);
      node[slot] = x;
      lang[slot] = m;
      /* every substring of a random word of length 4 */
      uint32_t wbits = rbelow (&r, 16), s[4];
      for (uint32_t i = 0; i < 4; i++)
        s[i] = 'a' + (wbits >> i & 1);
      sg_re_mat mat;
      sg_re_status st;
      assert_int_equal (sg_re_match (x, s, 4, &mat, &st), SG_RC_OK);
      assert_int_equal (st, SG_RE_DONE);
      for (uint32_t i = 0; i <= 4; i++)
        for (uint32_t j = 0; j <= 4; j++)
          {
            bool want = j >= i && (m >> oidx (j - i, (wbits >> i) & ((1u << (j - i)) - 1)) & 1);
            if (sg_re_mat_get (&mat, i, j) != want)
              {
                sg_buf pb;
                sg_buf_init (&pb);
                sg_re_print (x, &pb);
                fail_msg ("round %u: s[%u..%u) of %x: engine %d, oracle %d for %s", round, i, j,
                          wbits, !want, want, sg_buf_cstr (&pb));
              }
            checked++;
          }
      sg_re_mat_free (&mat);

      /* a longer word (rows of 2 or 3 64-bit words): its substrings of length <= 4 against the
       * oracle, longer ones against a match of the substring on its own (other alignment) */
      uint32_t n = 60 + rbelow (&r, 90), big[150];
      for (uint32_t i = 0; i < n; i++)
        big[i] = 'a' + rbelow (&r, 2);
      assert_int_equal (sg_re_match (x, big, n, &mat, &st), SG_RC_OK);
      assert_int_equal (st, SG_RE_DONE);
      for (uint32_t i = 0; i <= n; i++)
        for (uint32_t j = 0; j <= n; j++)
          {
            bool got = sg_re_mat_get (&mat, i, j), want;
            if (j < i)
              want = false;
            else if (j - i <= 4)
              {
                uint32_t bits = 0;
                for (uint32_t q = i; q < j; q++)
                  bits |= (big[q] - 'a') << (q - i);
                want = m >> oidx (j - i, bits) & 1;
              }
            else if (rbelow (&r, 64) == 0)
              {
                sg_re_mat sub;
                assert_int_equal (sg_re_match (x, big + i, j - i, &sub, &st), SG_RC_OK);
                assert_int_equal (st, SG_RE_DONE);
                want = sg_re_mat_get (&sub, 0, j - i);
                sg_re_mat_free (&sub);
              }
            else
              continue;
            if (got != want)
              fail_msg ("round %u: long word, [%u, %u): engine %d, expected %d", round, i, j,
                        got, want);
            checked++;
          }
      sg_re_mat_free (&mat);
    }
  printf ("[ eval_re ] match engine = oracle on %u (regex, substring) pairs\n", checked);
  sg_vpool_free (p);
}

/* ---- depth ------------------------------------------------------------------------------- */

static void
test_re_deep (void **state)
{
  (void) state;
  /* a 200,000-deep chain of sg_re nodes built directly: matching and printing are iterative */
  sg_vpool *p = sg_vpool_new ();
  assert_non_null (p);
  uint32_t a = 'a';
  const sg_re *r = sg_re_new (p, SG_RE_STR, NULL, 0, 0, 0, &a, 1);
  for (int i = 0; i < 200000; i++)
    {
      const sg_re *k[1] = { r };
      r = sg_re_new (p, i % 2 ? SG_RE_STAR : SG_RE_OPT, k, 1, 0, 0, NULL, 0);
      assert_non_null (r);
    }
  uint32_t str[3] = { 'a', 'a', 'a' };
  sg_re_mat m;
  sg_re_status st;
  assert_int_equal (sg_re_match (r, str, 3, &m, &st), SG_RC_OK);
  assert_int_equal (st, SG_RE_DONE);
  assert_true (sg_re_mat_get (&m, 0, 3));
  sg_re_mat_free (&m);
  sg_buf b;
  sg_buf_init (&b);
  sg_re_print (r, &b);
  assert_true (sg_buf_ok (&b));
  assert_true (b.len > 200000 * 5);
  sg_buf_free (&b);
  sg_vpool_free (p);
}

/* ---- printing ---------------------------------------------------------------------------- */

static void
test_re_print (void **state)
{
  (void) state;
  sg_vpool *p = sg_vpool_new ();
  assert_non_null (p);
  uint32_t s1[3] = { 'a', '"', 0x5c }, lo = 'a', hi = 0x2ffff;
  const sg_re *str = sg_re_new (p, SG_RE_STR, NULL, 0, 0, 0, s1, 3);
  const sg_re *rng = sg_re_new (p, SG_RE_RANGE, NULL, 0, lo, hi, NULL, 0);
  const sg_re *leaf[3] = { sg_re_new (p, SG_RE_NONE, NULL, 0, 0, 0, NULL, 0),
                           sg_re_new (p, SG_RE_ALL, NULL, 0, 0, 0, NULL, 0),
                           sg_re_new (p, SG_RE_ALLCHAR, NULL, 0, 0, 0, NULL, 0) };
  const sg_re *k2[2] = { str, rng };
  const sg_re *cat = sg_re_new (p, SG_RE_CONCAT, k2, 2, 0, 0, NULL, 0);
  const sg_re *uni = sg_re_new (p, SG_RE_UNION, leaf, 3, 0, 0, NULL, 0);
  const sg_re *k3[2] = { cat, uni };
  const sg_re *dif = sg_re_new (p, SG_RE_DIFF, k3, 2, 0, 0, NULL, 0);
  const sg_re *k1[1] = { dif };
  const sg_re *loop = sg_re_new (p, SG_RE_LOOP, k1, 1, 1, 3, NULL, 0);
  k1[0] = loop;
  const sg_re *pw = sg_re_new (p, SG_RE_POW, k1, 1, 2, 2, NULL, 0);
  k1[0] = pw;
  const sg_re *top = sg_re_new (p, SG_RE_COMP, k1, 1, 0, 0, NULL, 0);
  sg_buf b;
  sg_buf_init (&b);
  sg_re_print (top, &b);
  assert_string_equal (sg_buf_cstr (&b),
                       "(re.comp ((_ re.^ 2) ((_ re.loop 1 3) (re.diff (re.++ (str.to_re "
                       "\"a\"\"\\u{5c}\") (re.range \"a\" \"\\u{2ffff}\")) (re.union re.none "
                       "re.all re.allchar)))))");
  sg_buf_free (&b);
  sg_vpool_free (p);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_re_oracle),
    cmocka_unit_test (test_re_deep),
    cmocka_unit_test (test_re_print),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
