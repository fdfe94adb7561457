/* cnf: the skeleton of a formula for Sparrow (docs TECHNIQUES.md §7) — let expansion outside
 * binders, lifting of atoms out of non-monotone contexts, and a Tseitin CNF whose literals are
 * the seed's theory atoms (or their negations) and fresh Boolean variables.
 * Owns: the clause and variable vectors of an sg_cnf (terms live in the caller's store).
 * Invariants: the CNF is equisatisfiable with the conjunction it was built from, and every
 *   model of the CNF restricted to the seed's symbols is a model of it; every Boolean subterm
 *   outside binders that is not an atom of a clause (ite conditions, Boolean arguments of UF,
 *   `=`, selects, ...) is replaced in its atom by a fresh variable v with v ⇔ subterm in the
 *   clauses ("lifted"), so every theory atom outside binders occurs only as a clause literal
 *   (a monotone position). Quantified formulas, `match` and annotated terms are opaque atoms.
 *   No recursion on term depth: every traversal uses explicit stacks.
 * Tests: tests/unit/sae_test.c */
#ifndef SG_TECH_CNF_H
#define SG_TECH_CNF_H

#include "base/rc.h"
#include "base/vec.h"
#include "front/store.h"

typedef struct sg_cnf {
  sg_u32vec lits;  /* literals of all clauses, clause after clause */
  sg_u32vec ends;  /* clause i is lits[ends[i-1] .. ends[i]) (ends[-1] = 0) */
  sg_u32vec vars;  /* fun ids of the fresh Boolean variables, in order of creation */
  uint32_t lifted; /* Boolean subterms lifted out of atoms */
} sg_cnf;

void sg_cnf_init (sg_cnf *c);
void sg_cnf_free (sg_cnf *c);

/* t with every `let` outside quantifiers expanded (the bound terms substituted; lets inside
 * quantifiers and matches are kept, with the outer values substituted into them) and every
 * annotation outside quantifiers removed: a :named one appends (fun id, expanded body) to named
 * (once per function; may be NULL), so the caller can define the name. t must have no free
 * variables. */
sg_rc sg_cnf_expand_lets (sg_store *s, sg_term t, sg_u32vec *named /* OUT, appended */,
                          sg_term *out /* OUT */);

/* Append the CNF of the conjunction of ts[0..n) (closed, let-free outside binders) to c; fresh
 * variables are declared in the store with names "<prefix>N" that clash with nothing. */
sg_rc sg_cnf_add (sg_store *s, const sg_term *ts, uint32_t n, const char *prefix, sg_cnf *c);

/* The literal ¬l: (not a) for an atom a, a for (not a). */
sg_rc sg_cnf_negate (sg_store *s, sg_term l, sg_term *out /* OUT */);

static inline uint32_t sg_cnf_clauses (const sg_cnf *c) { return c->ends.n; }
static inline uint32_t sg_cnf_begin (const sg_cnf *c, uint32_t i) { return i ? c->ends.a[i - 1] : 0; }

#endif
