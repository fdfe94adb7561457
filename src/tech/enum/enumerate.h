/* enumerate: the formulas of a grammar (tech/enum/grammar.h) by index — exact counts per size with
 * GMP, memoised per (nonterminal, size) and per suffix of each alternative's children, and
 * unranking/ranking with explicit stacks (TECHNIQUES.md §6.1).
 * Order: sizes ascending; within a size, the alternatives of a nonterminal in grammar order,
 * then child by child from the first: the child's size (ascending), then its own index in that
 * size, then the next child's (FEAT's nested pairs (c1, (c2, c3))): a child's index outranks
 * the sizes of the children after it. The global index i is the local index in its size class
 * plus the counts of all smaller sizes.
 * Owns: the count tables (grown on demand up to SG_ENUM_MAX_SIZE) and scratch stacks; the
 * grammar is borrowed and must outlive the enumerator.
 * Invariants: rank(unrank(i)) = i; a class whose count fits in 64 bits is unranked with
 * machine words (every count met on the way is at most the class's), larger ones with GMP;
 * formulas are printed with one space between tokens except after "(" and before ")".
 * Tests: tests/unit/enum_test.c */
#ifndef SG_TECH_ENUMERATE_H
#define SG_TECH_ENUMERATE_H

#include <gmp.h>

#include "base/buf.h"
#include "base/vec.h"
#include "tech/enum/grammar.h"

/* The largest size counted (tech/enum/grammar.h). */
#define SG_ENUM_MAX_SIZE SG_GRAMMAR_MAX_SIZE

typedef struct sg_enum sg_enum;

/* One node of a derivation, in preorder: its nonterminal, alternative and size. */
typedef struct sg_enum_node {
  uint32_t nt, alt, size;
} sg_enum_node;
typedef SG_VEC (sg_enum_node) sg_enum_tree;

sg_rc sg_enum_new (const sg_grammar *g, sg_enum **out /* OUT */);
void sg_enum_free (sg_enum *e);
/* Count every size up to `size`. SG_RC_LIMIT above SG_ENUM_MAX_SIZE, SG_RC_NOMEM. */
sg_rc sg_enum_grow (sg_enum *e, uint32_t size);
/* The number of formulas of `size` (grown first) into out. */
sg_rc sg_enum_count (sg_enum *e, uint32_t size, mpz_t out);
/* The size class of global index `index` and the local index in it. SG_RC_EOF when the
 * grammar has fewer formulas up to SG_ENUM_MAX_SIZE. */
sg_rc sg_enum_locate (sg_enum *e, const mpz_t index, uint32_t *size /* OUT */, mpz_t local /* OUT */);
/* The global index of the first formula of `size` into out. */
sg_rc sg_enum_first_index (sg_enum *e, uint32_t size, mpz_t out);
/* Append formula `local` of size class `size` to out (one line, no newline); with tree, also
 * its derivation (reset first). SG_RC_USAGE when local is not below the class's count. */
sg_rc sg_enum_unrank (sg_enum *e, uint32_t size, const mpz_t local, sg_buf *out, sg_enum_tree *tree);
/* The alternative (an index into the grammar's alts) whose terminal holds byte `offset` of
 * formula `local` of size class `size` as sg_enum_unrank prints it (the space before a token
 * counts as the token's). SG_RC_USAGE when local or offset is out of range. */
sg_rc sg_enum_alt_at (sg_enum *e, uint32_t size, const mpz_t local, size_t offset, uint32_t *alt /* OUT */);
/* The local index of a derivation in its size class (tree->a[0].size) into out. */
sg_rc sg_enum_rank (sg_enum *e, const sg_enum_tree *tree, mpz_t out);

/* Walks global indices upward from a start, one formula per call. */
typedef struct sg_enum_iter {
  sg_enum *e;
  uint32_t size;   /* current size class */
  bool small;      /* the class's count fits in 64 bits: local64 is the local index */
  uint64_t local64, class64;
  mpz_t local, class_count;
} sg_enum_iter;

/* Start at global index `from`. SG_RC_EOF past the last formula. */
sg_rc sg_enum_iter_init (sg_enum_iter *it, sg_enum *e, const mpz_t from);
/* Append the current formula to out and move to the next index. SG_RC_EOF when none is left;
 * SG_RC_NOMEM when out could not hold it (out is failed, the index does not move). */
sg_rc sg_enum_iter_next (sg_enum_iter *it, sg_buf *out);
void sg_enum_iter_free (sg_enum_iter *it);

#endif
