/* atom: interning of byte strings (symbols, keywords, literal texts) for one term store.
 * Owns: the bytes of every interned string; ids are dense from 0 and stable for the store's life.
 * Invariants: equal byte strings have equal ids; sg_atom_text is NUL-terminated.
 * Tests: tests/unit/front_test.c */
#ifndef SG_FRONT_ATOM_H
#define SG_FRONT_ATOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/vec.h"

typedef uint32_t sg_atom;
#define SG_ATOM_NONE UINT32_MAX

typedef struct sg_atoms {
  SG_VEC (char) bytes;    /* all strings, each followed by a NUL */
  SG_VEC (uint32_t) off;  /* id -> offset in bytes */
  SG_VEC (uint32_t) len;  /* id -> length */
  SG_VEC (uint32_t) hash; /* id -> hash */
  uint32_t *table;        /* open addressing: id+1, 0 = empty */
  uint32_t tcap;          /* power of two */
} sg_atoms;

void sg_atoms_init (sg_atoms *a);
void sg_atoms_free (sg_atoms *a);
/* Intern s[0..n). Returns false on allocation failure or when the pool is full. */
bool sg_atom_intern (sg_atoms *a, const char *s, size_t n, sg_atom *id /* OUT */);
/* Look up without interning; SG_ATOM_NONE when absent. */
sg_atom sg_atom_find (const sg_atoms *a, const char *s, size_t n);
/* Forget every atom with id >= n (streaming readers drop a command's atoms with its terms). */
void sg_atoms_truncate (sg_atoms *a, uint32_t n);
static inline const char *sg_atom_text (const sg_atoms *a, sg_atom id) { return a->bytes.a + a->off.a[id]; }
static inline uint32_t sg_atom_len (const sg_atoms *a, sg_atom id) { return a->len.a[id]; }
static inline uint32_t sg_atom_count (const sg_atoms *a) { return a->off.n; }

#endif
