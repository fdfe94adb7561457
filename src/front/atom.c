/* atom: interning of byte strings. */
#include "front/atom.h"

#include <stdlib.h>
#include <string.h>

#include "base/hash.h"

void sg_atoms_init (sg_atoms *a) { memset (a, 0, sizeof *a); }

void
sg_atoms_free (sg_atoms *a)
{
  SG_VEC_FREE (a->bytes);
  SG_VEC_FREE (a->off);
  SG_VEC_FREE (a->len);
  SG_VEC_FREE (a->hash);
  free (a->table);
  memset (a, 0, sizeof *a);
}

static bool
rehash (sg_atoms *a)
{
  uint32_t ncap = a->tcap ? a->tcap * 2 : 1024;
  uint32_t *t = calloc (ncap, sizeof *t);
  if (!t) return false;
  for (uint32_t id = 0; id < a->off.n; id++)
    {
      uint32_t i = a->hash.a[id] & (ncap - 1);
      while (t[i]) i = (i + 1) & (ncap - 1);
      t[i] = id + 1;
    }
  free (a->table);
  a->table = t;
  a->tcap = ncap;
  return true;
}

void
sg_atoms_truncate (sg_atoms *a, uint32_t n)
{
  uint32_t mask = a->tcap - 1;
  for (uint32_t id = a->off.n; id-- > n;)
    {
      /* Backward-shift deletion keeps linear probing valid without tombstones. */
      uint32_t i = a->hash.a[id] & mask;
      while (a->table[i] != id + 1) i = (i + 1) & mask;
      for (;;)
        {
          a->table[i] = 0;
          uint32_t j = i, k;
          for (;;)
            {
              j = (j + 1) & mask;
              if (!a->table[j]) goto next;
              k = a->hash.a[a->table[j] - 1] & mask;
              if (i <= j ? (i < k && k <= j) : (i < k || k <= j)) continue;
              break;
            }
          a->table[i] = a->table[j];
          i = j;
        }
    next:;
    }
  if (n < a->off.n)
    {
      a->bytes.n = a->off.a[n];
      a->off.n = a->len.n = a->hash.n = n;
    }
}

sg_atom
sg_atom_find (const sg_atoms *a, const char *s, size_t n)
{
  if (!a->tcap) return SG_ATOM_NONE;
  uint32_t h = sg_hash_bytes (s, n);
  for (uint32_t i = h & (a->tcap - 1);; i = (i + 1) & (a->tcap - 1))
    {
      uint32_t e = a->table[i];
      if (!e) return SG_ATOM_NONE;
      uint32_t id = e - 1;
      if (a->hash.a[id] == h && a->len.a[id] == n && !memcmp (a->bytes.a + a->off.a[id], s, n))
        return id;
    }
}

bool
sg_atom_intern (sg_atoms *a, const char *s, size_t n, sg_atom *out)
{
  uint32_t h = sg_hash_bytes (s, n);
  if (a->tcap)
    for (uint32_t i = h & (a->tcap - 1);; i = (i + 1) & (a->tcap - 1))
      {
        uint32_t e = a->table[i];
        if (!e) break;
        uint32_t id = e - 1;
        if (a->hash.a[id] == h && a->len.a[id] == n
            && !memcmp (a->bytes.a + a->off.a[id], s, n))
          { *out = id; return true; }
      }
  if ((uint64_t) a->bytes.n + n + 1 > UINT32_MAX - 1) return false;
  if ((a->off.n + 1) * 2 > a->tcap && !rehash (a)) return false;
  /* s may point into our own bytes (an atom's suffix): keep it valid across the growth. */
  bool inside = a->bytes.a && s >= a->bytes.a && s < a->bytes.a + a->bytes.n;
  size_t soff = inside ? (size_t) (s - a->bytes.a) : 0;
  if (!SG_VEC_RESERVE (a->bytes, (uint32_t) n + 1)) return false;
  if (inside) s = a->bytes.a + soff;
  uint32_t id = a->off.n;
  if (!SG_VEC_PUSH (a->off, a->bytes.n) || !SG_VEC_PUSH (a->len, (uint32_t) n)
      || !SG_VEC_PUSH (a->hash, h))
    return false;
  memcpy (a->bytes.a + a->bytes.n, s, n);
  a->bytes.a[a->bytes.n + n] = 0;
  a->bytes.n += (uint32_t) n + 1;
  uint32_t i = h & (a->tcap - 1);
  while (a->table[i]) i = (i + 1) & (a->tcap - 1);
  a->table[i] = id + 1;
  *out = id;
  return true;
}
