/* hash: small non-cryptographic hash helpers (FNV-1a for bytes, a 32-bit mixer for ids). */
#ifndef SG_BASE_HASH_H
#define SG_BASE_HASH_H

#include <stddef.h>
#include <stdint.h>

static inline uint32_t
sg_hash_bytes (const void *p, size_t n)
{
  const unsigned char *s = p;
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) { h ^= s[i]; h *= 16777619u; }
  return h;
}

static inline uint32_t
sg_hash_mix (uint32_t h, uint32_t v)
{
  h ^= v + 0x9e3779b9u + (h << 6) + (h >> 2);
  return h;
}

static inline uint32_t
sg_hash_fin (uint32_t h)
{
  h ^= h >> 16; h *= 0x7feb352du; h ^= h >> 15; h *= 0x846ca68bu; h ^= h >> 16;
  return h;
}

#endif
