/* hash_test: base/hash.h's values pinned. Each 64-bit primitive replaced a hand-written copy
 * (campaign/dedup.c mix64, campaign/merge.c fnv64, base/rng.c splitmix, tech/approx/cnf.c
 * mix64, eval/eval_re.c nhash, loop/loop_judge.c sampled, loop/loop_adapt.c hash2,
 * reduce/reduce.c hash64, the constant of campaign/campaign.c sg_campaign_mix); the expected
 * values are what those copies returned before, so bucket keys, merge origins, rng streams and
 * the sampled model checks are unchanged. Never update a value here: add a function. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "base/hash.h"
#include "base/rng.h"
#include "campaign/campaign.h"
#include "campaign/dedup.h"

static const char *const texts[] = {
  "", "a", "foobar", "hello, world!", "(declare-const x Int)\n(assert (> x 12))\n(check-sat)\n",
  "\xff\x80 z\x01\x7f\xfe\xaa\x55",
};
#define NTEXTS (sizeof texts / sizeof texts[0])

/* The 32-bit helpers (not replaced; pinned all the same: option cache names use them). */
static void
test_hash32 (void **state)
{
  (void) state;
  assert_true (sg_hash_bytes ("", 0) == 0x811c9dc5u);
  assert_true (sg_hash_bytes ("a", 1) == 0xe40c292cu);
  assert_true (sg_hash_bytes ("foobar", 6) == 0xbf9cf968u);
  assert_true (sg_hash_mix (7, 9) == 0x9e377b84u);
  assert_true (sg_hash_fin (sg_hash_mix (sg_hash_mix (1, 2), 3)) == 0xe7bc85d2u);
  assert_true (sg_hash_fin (0) == 0);
}

/* campaign/dedup.c's mix64 (the bucket keys' chains). */
static void
test_combine (void **state)
{
  (void) state;
  static const uint64_t v[][3] = {
    { 0x0000000000000000ull, 0x0000000000000000ull, 0xe220a8397b1dcdafull },
    { 0x0000000000005051ull, 0x0000000000000003ull, 0x7a1dc9bac767c9caull },
    { 0x000000000000a1faull, 0x0000000000000061ull, 0x31efc7e4d725fd3eull },
    { 0xffffffffffffffffull, 0x0000000000003039ull, 0x99a1d12e0a698419ull },
    { 0x000000005ca1ab1eull, 0xffffffffffffffffull, 0x1a953caa9e81a617ull },
  };
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
    assert_true (sg_hash64_combine (v[i][0], v[i][1]) == v[i][2]);
}

/* The bucket keys themselves (sg_dedup_shape, sg_dedup_text, sg_dedup_alpha_hash,
 * sg_dedup_key) on a few scripts. */
static void
test_dedup_keys (void **state)
{
  (void) state;
  static const struct {
    const char *text;
    uint64_t shape, text_hash, alpha;
    const char *key;
  } v[] = {
    { "(declare-const x Int)\n(assert (> x 12))\n(check-sat)\n", 0x79ecfbf2fdbeb40eull,
      0x5c4947f856c5ac77ull, 0xe94b011d4ec8ccfeull, "wrong|z3|QF_X|79ecfbf2fdbeb40e" },
    { "(declare-const b (_ BitVec 8))(declare-const a (Array (_ BitVec 8) (_ BitVec 8)))"
      "(assert (= (select a b) ((_ extract 7 0) (bvadd b #x01))))(push 1)(check-sat)(pop 1)",
      0x222c3967e5f351d0ull, 0x4b4ca0f3c6766eaaull, 0x916ab0012eab2984ull,
      "wrong|z3|QF_X|222c3967e5f351d0" },
    { "(declare-fun f (Real) Real)(declare-const y (_ FloatingPoint 8 24))(assert (fp.isNaN y))"
      "(assert (forall ((z Real)) (> (f z) 0.5)))(check-sat)",
      0x1fe49162a1ec659full, 0x798fe62dc3742b96ull, 0xa74fd65747e29296ull,
      "wrong|z3|QF_X|1fe49162a1ec659f" },
  };
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
    {
      size_t n = strlen (v[i].text);
      uint64_t h = 0;
      assert_int_equal (sg_dedup_shape (v[i].text, n, &h), SG_RC_OK);
      assert_true (h == v[i].shape);
      assert_true (sg_dedup_text (v[i].text, n) == v[i].text_hash);
      assert_true (sg_dedup_alpha_hash (v[i].text, n) == v[i].alpha);
      char key[256];
      sg_dedup_key ("wrong", "z3", "QF_X", "", v[i].text, n, key, sizeof key);
      assert_string_equal (key, v[i].key);
    }
}

/* sg_dedup_alpha_hash on texts its tokens decide (base/tok.h since it replaced dedup.c's own
 * next_tok: quoted symbols, "" in strings, open quotes, a '|' inside a word, a NUL, comments,
 * CR and form feed); the values are what the hand-written tokeniser gave. */
static void
test_alpha_tokens (void **state)
{
  (void) state;
  static const struct { const char *text; size_t n; uint64_t alpha; } v[] = {
    { "(declare-fun |x y| () Int)(assert (= |x y| 3)) ; c\n(check-sat)", 0, 0xc7982277008039beull },
    { "(assert (= s \"a\"\"b\"))", 0, 0x8d6dc36c23127fe9ull },
    { "a|b c|d) e", 0, 0x35fd9eeae147db5full },
    { "x\"y\" z;c\r\nw\tq\fr", 0, 0x0ecb8a593b1b203bull },
    { "\"\"\"", 0, 0x2d86dc2b7435ad21ull },
    { "|||", 0, 0xc4a174c08cd98c46ull },
    { "(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))", 0, 0x05f8666136970212ull },
    { "(a\0b |c\0|)", 11, 0x45993bde39aa7495ull },
  };
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
    assert_true (sg_dedup_alpha_hash (v[i].text, v[i].n ? v[i].n : strlen (v[i].text)) == v[i].alpha);
}

/* campaign/merge.c's fnv64 (as it is written there now): a field, then a 0xff separator. */
static uint64_t
merge_fnv64 (uint64_t h, const char *s)
{
  return sg_hash64_bytes (sg_hash64_bytes (h, s, strlen (s)), "\xff", 1);
}

static void
test_fnv1a (void **state)
{
  (void) state;
  /* The published FNV-1a 64 values. */
  assert_true (sg_hash64_bytes (SG_HASH64_FNV_OFFSET, "", 0) == 0xcbf29ce484222325ull);
  assert_true (sg_hash64_bytes (SG_HASH64_FNV_OFFSET, "a", 1) == 0xaf63dc4c8601ec8cull);
  assert_true (sg_hash64_bytes (SG_HASH64_FNV_OFFSET, "foobar", 6) == 0x85944171f73967e8ull);
  /* A continuation is the hash of the concatenation. */
  assert_true (sg_hash64_bytes (sg_hash64_bytes (SG_HASH64_FNV_OFFSET, "foo", 3), "bar", 3)
               == sg_hash64_bytes (SG_HASH64_FNV_OFFSET, "foobar", 6));
  /* merge.c: the legacy directories' hash and an origin's chain over the settings. */
  static const uint64_t merge[NTEXTS] = {
    0xaf64724c8602eb6eull, 0x089bc907b544c769ull, 0x34524ba7168a2c15ull,
    0x6cdc2b4d35976dd1ull, 0x90921bb009e7f08dull, 0xb9cc8c1a10b27ae8ull,
  };
  for (size_t i = 0; i < NTEXTS; i++) assert_true (merge_fnv64 (SG_HASH64_FNV_OFFSET, texts[i]) == merge[i]);
  static const char *const keys[] = { "seed", "shard", "started", "inputs", "engines", "solvers",
                                      "solvers_file", "timeout", "jobs", NULL };
  static const char *const vals[] = { "7", "0/1", "1700000000", "seeds", "opfuzz,typefuzz",
                                      "z3,cvc5", "", "10", "2" };
  uint64_t h = SG_HASH64_FNV_OFFSET;
  for (int k = 0; keys[k]; k++) h = merge_fnv64 (merge_fnv64 (h, keys[k]), vals[k]);
  assert_true (h == 0xe5269b79143c78c6ull);
}

/* loop/loop_adapt.c's hash2 (FNV-1a and the word hash) and reduce/reduce.c's hash64 (FNV-1a
 * from 1469598103934665603, never 0). */
static void
test_text_hashes (void **state)
{
  (void) state;
  static const uint64_t v[NTEXTS][3] = {
    { 0xcbf29ce484222325ull, 0x9e3779b843248f67ull, 0x14650fb0739d0383ull },
    { 0xaf63dc4c8601ec8cull, 0xed14a55f94a7ef0dull, 0x44bd8ad473cd9906ull },
    { 0x85944171f73967e8ull, 0x2305b04138c638d2ull, 0x88fad7c0a8ff07f2ull },
    { 0xe60e63e648826894ull, 0x5de02b8655f91313ull, 0x9a23fe1e3ac61ea6ull },
    { 0xb3dca5954bf0a440ull, 0x405137d4d794a935ull, 0x8743ff248ae5ec02ull },
    { 0xec48ce9c9a3a1587ull, 0x14aa8439ad221ffcull, 0x84f094c6e8499a95ull },
  };
  for (size_t i = 0; i < NTEXTS; i++)
    {
      size_t n = strlen (texts[i]);
      assert_true (sg_hash64_bytes (SG_HASH64_FNV_OFFSET, texts[i], n) == v[i][0]);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
      assert_true (sg_hash64_words (texts[i], n) == v[i][1]); /* native byte order: pinned on LE */
#endif
      uint64_t r = sg_hash64_bytes (1469598103934665603ull, texts[i], n);
      assert_true ((r ? r : 1) == v[i][2]);
    }
}

/* tech/approx/cnf.c's mix64, eval/eval_re.c's nhash, loop/loop_judge.c's sampled. */
static void
test_xmx (void **state)
{
  (void) state;
  static const struct { uint64_t k; uint32_t h; } cnf[] = {
    { 0x0000000000000000ull, 0x00000000u }, { 0x0000000000000001ull, 0x92fd5b26u },
    { 0x00000000deadbeefull, 0xf4a7e6b1u }, { 0xffffffffffffffffull, 0x84aa9cccu },
    { 0x123456789abcdef0ull, 0x50863093u },
  };
  for (size_t i = 0; i < sizeof cnf / sizeof cnf[0]; i++)
    assert_true ((uint32_t) sg_hash64_xmx (cnf[i].k, 33, SG_HASH64_MURMUR_M1, 33) == cnf[i].h);
  static const struct { uint64_t p; uint32_t h31, h64; } re[] = {
    { 0x0000000000001000ull, 0x4a2d41ceu, 0x0000000eu },
    { 0x00007fff12345678ull, 0x27635bbcu, 0x0000003cu },
    { 0x000055555555a0c0ull, 0x20d40356u, 0x00000016u },
    { 0x0000000000000010ull, 0x3bca2d41u, 0x00000001u },
  };
  for (size_t i = 0; i < sizeof re / sizeof re[0]; i++)
    {
      uint32_t x = (uint32_t) sg_hash64_xmx (re[i].p, 29, SG_HASH64_SM_M1, 32);
      assert_true ((x & ((1u << 31) - 1)) == re[i].h31);
      assert_true ((x & 63) == re[i].h64);
    }
  static const struct { uint32_t index; uint64_t number, h; } smp[] = {
    { 0u, 0ull, 0x0b1c3d677a687895ull },
    { 3u, 17ull, 0xcf6c4c70027472d2ull },
    { 15u, 123456789ull, 0xfbedf54abef59600ull },
    { 4294967295u, 18446744073709551615ull, 0x672955dee0d8fd48ull },
  };
  for (size_t i = 0; i < sizeof smp / sizeof smp[0]; i++)
    {
      uint64_t h = (smp[i].number + 1) * SG_HASH64_GOLDEN ^ ((uint64_t) smp[i].index + 1) * SG_HASH64_SM_M1;
      assert_true (sg_hash64_xmx (h, 31, SG_HASH64_SM_M2, 29) == smp[i].h);
    }
}

/* base/rng.c's splitmix seeding (state and first outputs) and sg_campaign_mix. */
static void
test_rng_streams (void **state)
{
  (void) state;
  static const uint64_t seeds[] = { 0, 42, ~0ull };
  static const uint64_t v[][7] = {
    { 0xe220a8397b1dcdafull, 0x6e789e6aa1b965f4ull, 0x06c45d188009454full, 0xf88bb8a8724c81ecull,
      0x99ec5f36cb75f2b4ull, 0xbf6e1f784956452aull, 0x1a5f849d4933e6e0ull },
    { 0xbdd732262feb6e95ull, 0x28efe333b266f103ull, 0x47526757130f9f52ull, 0x581ce1ff0e4ae394ull,
      0x15780b2e0c2ec716ull, 0x6104d9866d113a7eull, 0xae17533239e499a1ull },
    { 0xe4d971771b652c20ull, 0xe99ff867dbf682c9ull, 0x382ff84cb27281e9ull, 0x6d1db36ccba982d2ull,
      0x8f5520d52a7ead08ull, 0xc476a018caa1802dull, 0x81de31c0d260469eull },
  };
  for (size_t i = 0; i < 3; i++)
    {
      sg_rng r;
      sg_rng_seed (&r, seeds[i]);
      for (int k = 0; k < 4; k++) assert_true (r.s[k] == v[i][k]);
      for (int k = 4; k < 7; k++) assert_true (sg_rng_next (&r) == v[i][k]);
    }
  /* splitmix64's first output for seed 0 is sg_hash64_fin of the golden step. */
  assert_true (sg_hash64_fin (SG_HASH64_GOLDEN) == v[0][0]);
  assert_true (sg_campaign_mix (1, 0, 0, 0) == 0xe9518728f28c1b38ull);
  assert_true (sg_campaign_mix (7, 3, 2, 5) == 0xc33373a926128250ull);
  assert_true (sg_campaign_mix (~0ull, 1, 0, 99) == 0x900efd978be3dfdbull);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_hash32),
    cmocka_unit_test (test_combine),
    cmocka_unit_test (test_dedup_keys),
    cmocka_unit_test (test_alpha_tokens),
    cmocka_unit_test (test_fnv1a),
    cmocka_unit_test (test_text_hashes),
    cmocka_unit_test (test_xmx),
    cmocka_unit_test (test_rng_streams),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
