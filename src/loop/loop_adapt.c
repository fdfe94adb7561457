/* loop_adapt: the per-chain cache of mutant texts and the fast path's adaptive bound. */
#include "loop/loop_adapt.h"

#include <stdlib.h>
#include <string.h>

#include "base/hash.h"

/* Two independent 64-bit hashes of the text: FNV-1a, and a multiply-rotate over 8-byte
 * words with another seed. */
static void
hash2 (const char *text, size_t len, uint64_t *h1, uint64_t *h2)
{
  *h1 = sg_hash64_bytes (SG_HASH64_FNV_OFFSET, text, len);
  *h2 = sg_hash64_words (text, len);
}

void
sg_loop_seen_init (sg_loop_seen *s)
{
  memset (s, 0, sizeof *s);
}

void
sg_loop_seen_reset (sg_loop_seen *s)
{
  if (s->slots) memset (s->slots, 0, s->cap * sizeof *s->slots);
  s->n = 0;
}

void
sg_loop_seen_free (sg_loop_seen *s)
{
  free (s->slots);
  memset (s, 0, sizeof *s);
}

/* The slot of key k in slots (its own, or the empty one where it goes). */
static sg_loop_seen_key *
slot_of (sg_loop_seen_key *slots, size_t cap, const sg_loop_seen_key *k)
{
  size_t i = (size_t) (k->h1 ^ (k->h2 >> 7)) & (cap - 1);
  while (slots[i].len && (slots[i].len != k->len || slots[i].h1 != k->h1 || slots[i].h2 != k->h2))
    i = (i + 1) & (cap - 1);
  return &slots[i];
}

static bool
grow (sg_loop_seen *s)
{
  size_t cap = s->cap ? 2 * s->cap : 64;
  sg_loop_seen_key *slots = calloc (cap, sizeof *slots);
  if (!slots) return false;
  for (size_t i = 0; i < s->cap; i++)
    if (s->slots[i].len) *slot_of (slots, cap, &s->slots[i]) = s->slots[i];
  free (s->slots);
  s->slots = slots;
  s->cap = cap;
  return true;
}

bool
sg_loop_seen_add (sg_loop_seen *s, const char *text, size_t len)
{
  if (!text || !len) return true;
  if (2 * (s->n + 1) > s->cap && !grow (s)) return true;
  sg_loop_seen_key k = { 0, 0, len };
  hash2 (text, len, &k.h1, &k.h2);
  sg_loop_seen_key *at = slot_of (s->slots, s->cap, &k);
  if (at->len) return false;
  *at = k;
  s->n++;
  return true;
}

/* The seed's time for solver `name`, or -1 when its label has none. */
static int64_t
seed_time (const sg_tech_seed *seed, const char *name)
{
  for (uint32_t k = 0; k < SG_SEED_TIMES && seed->time_solver[k][0]; k++)
    if (!strcmp (seed->time_solver[k], name)) return seed->time_ms[k];
  return -1;
}

uint32_t
sg_loop_adapt_ms (const sg_fuzz_opts *o, const sg_tech_seed *const *seeds, uint32_t nseeds)
{
  /* Not for step oracles: they judge the fast path's timeouts themselves. */
  if (!o->adaptive || o->implication || o->reference) return 0;
  if (!o->timeout_ms || !o->solvers || !o->solvers->n || !nseeds) return 0;
  uint64_t slowest = 0;
  for (uint32_t i = 0; i < o->solvers->n; i++)
    for (uint32_t k = 0; k < nseeds; k++)
      {
        if (!seeds[k]) return 0;
        int64_t t = seed_time (seeds[k], o->solvers->a[i].name);
        if (t < 0) return 0;
        if ((uint64_t) t > slowest) slowest = (uint64_t) t;
      }
  uint64_t bound = slowest * SG_ADAPT_FACTOR;
  if (bound < SG_ADAPT_FLOOR_MS) bound = SG_ADAPT_FLOOR_MS;
  return bound < o->timeout_ms ? (uint32_t) bound : 0;
}
