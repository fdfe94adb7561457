/* sexp: non-recursive reader of one top-level S-expression (one SMT-LIB command) at a time.
 * Owns: the node array of the current command; it is overwritten by the next sg_sexp_read.
 * Invariants: nodes are in pre-order; a list's children are the nodes in (i, end) reached by
 * hopping from child to child via their `end`. Atoms are interned in the caller's sg_atoms.
 * Tests: tests/unit/front_test.c */
#ifndef SG_FRONT_SEXP_H
#define SG_FRONT_SEXP_H

#include "front/atom.h"
#include "front/lex.h"

typedef struct sg_sx {
  uint8_t kind;  /* sg_tok_kind; SG_TOK_LPAR marks a list */
  uint32_t line; /* position of the token (of '(' for lists) */
  uint32_t col;
  uint32_t end;  /* index one past this node's last descendant */
  sg_atom atom;  /* interned text for atoms; SG_ATOM_NONE for lists */
} sg_sx;

typedef struct sg_sexp_reader {
  sg_lex lex;           /* token source */
  sg_atoms *atoms;      /* where atom texts are interned (not owned) */
  SG_VEC (sg_sx) nodes; /* the current command, pre-order */
  sg_u32vec open;       /* stack of open list indices while reading */
  uint64_t commands;    /* commands read so far */
} sg_sexp_reader;

void sg_sexp_init_fd (sg_sexp_reader *r, int fd, sg_atoms *atoms, sg_diag *diag);
void sg_sexp_init_mem (sg_sexp_reader *r, const char *s, size_t n, sg_atoms *atoms,
                       sg_diag *diag);
void sg_sexp_free (sg_sexp_reader *r);
/* Read the next top-level S-expression into r->nodes (root at index 0).
 * SG_RC_EOF when the input is exhausted; other codes are errors recorded in diag. */
sg_rc sg_sexp_read (sg_sexp_reader *r);

static inline uint32_t sg_sx_next (const sg_sx *nodes, uint32_t i) { return nodes[i].end; }
/* Number of direct children of list i. */
uint32_t sg_sx_nkids (const sg_sx *nodes, uint32_t i);

#endif
