/* rng: xoshiro256** (Blackman and Vigna), seeded with splitmix64. */
#include "base/rng.h"

#include "base/hash.h"

static uint64_t
splitmix (uint64_t *x)
{
  return sg_hash64_fin (*x += SG_HASH64_GOLDEN);
}

static inline uint64_t
rotl (uint64_t x, int k)
{
  return (x << k) | (x >> (64 - k));
}

void
sg_rng_seed (sg_rng *r, uint64_t seed)
{
  uint64_t x = seed;
  for (int i = 0; i < 4; i++) r->s[i] = splitmix (&x);
  if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3])) r->s[0] = 1; /* never all zero */
}

uint64_t
sg_rng_next (sg_rng *r)
{
  uint64_t *s = r->s;
  uint64_t result = rotl (s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

uint64_t
sg_rng_below (sg_rng *r, uint64_t n)
{
  if (n == 0) return 0;
  /* Reject the top partial block: values >= limit would make low residues likelier. */
  uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1) % n; /* largest multiple of n, minus 1 */
  uint64_t x;
  do x = sg_rng_next (r);
  while (x > limit);
  return x % n;
}

bool
sg_rng_chance (sg_rng *r, uint64_t num, uint64_t den)
{
  if (den == 0) return false;
  if (num >= den) return true;
  return sg_rng_below (r, den) < num;
}

sg_rng
sg_rng_split (sg_rng *r)
{
  sg_rng out;
  uint64_t x = sg_rng_next (r) ^ 0x5851f42d4c957f2dull;
  for (int i = 0; i < 4; i++) out.s[i] = splitmix (&x) ^ sg_rng_next (r);
  if (!(out.s[0] | out.s[1] | out.s[2] | out.s[3])) out.s[0] = 1;
  return out;
}
