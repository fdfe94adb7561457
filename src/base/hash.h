/* hash: the one place for the non-cryptographic hash primitives.
 *   32-bit (hash-consing tables, short ids): FNV-1a over bytes, a combiner, a finaliser.
 *   64-bit: FNV-1a over bytes (with a continuation), splitmix64's finaliser, the combiner of
 *   the bucket keys, one xorshift-multiply-xorshift round, a hash over 8-byte words.
 * Owns: nothing (pure functions).
 * Invariants: values are persisted (bucket keys in campaign databases, merge origins, option
 *   cache file names, rng streams): a function here never changes its value; a new behaviour
 *   is a new function. Every value is the same on every machine except sg_hash64_words's
 *   (native byte order).
 * Tests: tests/unit/hash_test.c (values pinned). */
#ifndef SG_BASE_HASH_H
#define SG_BASE_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ---- 32-bit ---------------------------------------------------------------------------- */

/* FNV-1a 32 of the n bytes at p. */
static inline uint32_t
sg_hash_bytes (const void *p, size_t n)
{
  const unsigned char *s = p;
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) { h ^= s[i]; h *= 16777619u; }
  return h;
}

/* h combined with v (boost's hash_combine with the 32-bit golden ratio); not finalised. */
static inline uint32_t
sg_hash_mix (uint32_t h, uint32_t v)
{
  h ^= v + 0x9e3779b9u + (h << 6) + (h >> 2);
  return h;
}

/* A bijective 32-bit finaliser (lowbias32) for sg_hash_mix chains. */
static inline uint32_t
sg_hash_fin (uint32_t h)
{
  h ^= h >> 16; h *= 0x7feb352du; h ^= h >> 15; h *= 0x846ca68bu; h ^= h >> 16;
  return h;
}

/* ---- 64-bit ---------------------------------------------------------------------------- */

#define SG_HASH64_FNV_OFFSET 0xcbf29ce484222325ull /* FNV-1a 64 offset basis, 14695981039346656037 */
#define SG_HASH64_FNV_PRIME 0x100000001b3ull       /* FNV-1a 64's prime, 1099511628211 */
#define SG_HASH64_GOLDEN 0x9e3779b97f4a7c15ull     /* 2^64 / golden ratio: splitmix64's step */
#define SG_HASH64_SM_M1 0xbf58476d1ce4e5b9ull      /* splitmix64's first multiplier */
#define SG_HASH64_SM_M2 0x94d049bb133111ebull      /* splitmix64's second multiplier */
#define SG_HASH64_MURMUR_M1 0xff51afd7ed558ccdull  /* MurmurHash3 fmix64's first multiplier */

/* FNV-1a 64 of the n bytes at p, continuing from state h (SG_HASH64_FNV_OFFSET to start). */
static inline uint64_t
sg_hash64_bytes (uint64_t h, const void *p, size_t n)
{
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++) { h ^= s[i]; h *= SG_HASH64_FNV_PRIME; }
  return h;
}

/* splitmix64's finaliser (Stafford's mix13): a bijection of z. */
static inline uint64_t
sg_hash64_fin (uint64_t z)
{
  z = (z ^ (z >> 30)) * SG_HASH64_SM_M1;
  z = (z ^ (z >> 27)) * SG_HASH64_SM_M2;
  return z ^ (z >> 31);
}

/* h combined with v: boost's hash_combine with the 64-bit golden ratio, then sg_hash64_fin
 * (the bucket keys' shape and text hashes are chains of it). */
static inline uint64_t
sg_hash64_combine (uint64_t h, uint64_t v)
{
  return sg_hash64_fin (h ^ (v + SG_HASH64_GOLDEN + (h << 6) + (h >> 2)));
}

/* One xorshift-multiply-xorshift round: x ^= x >> s1; x *= m; x ^= x >> s2 (shifts 1..63). */
static inline uint64_t
sg_hash64_xmx (uint64_t x, unsigned s1, uint64_t m, unsigned s2)
{
  x ^= x >> s1;
  x *= m;
  x ^= x >> s2;
  return x;
}

/* A multiply-rotate hash of the n bytes at p, 8-byte words at a time (native byte order),
 * seeded with n; independent of sg_hash64_bytes (the mutant cache keys on both). */
static inline uint64_t
sg_hash64_words (const void *p, size_t n)
{
  const unsigned char *s = p;
  uint64_t b = SG_HASH64_GOLDEN ^ (uint64_t) n;
  size_t i = 0;
  for (; i + 8 <= n; i += 8)
    {
      uint64_t w;
      memcpy (&w, s + i, 8);
      b ^= w * SG_HASH64_SM_M1;
      b = (b << 27 | b >> 37) * SG_HASH64_SM_M2;
    }
  for (; i < n; i++) b = (b ^ s[i]) * SG_HASH64_MURMUR_M1;
  return b ^ (b >> 31);
}

#endif
