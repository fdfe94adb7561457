/* print: SMT-LIB 2.6 printer for sorts, terms, commands and scripts.
 * Owns: nothing; output is appended to the caller's sg_buf.
 * Invariants: printing is iterative (no recursion on term depth); the text re-parses to the same
 * DAG; operators, operand order, literal spellings and names are those of the store. In the
 * default mode a DAG whose tree expansion would be large is printed with `let`s for shared
 * subterms, so the size of the text is linear in the DAG; `expand` prints the full tree.
 * Tests: tests/unit/front_test.c, tests/unit/corpus_test.c */
#ifndef SG_FRONT_PRINT_H
#define SG_FRONT_PRINT_H

#include "base/buf.h"
#include "front/script.h"

typedef struct sg_print_opts {
  bool expand;           /* never introduce lets for shared subterms */
  uint64_t share_limit;  /* introduce lets when a term's tree is larger than this many nodes and
                            than 4x its DAG (0 = default, 1<<20) */
} sg_print_opts;

void sg_print_symbol (const sg_store *s, sg_atom a, sg_buf *b);
void sg_print_term (const sg_store *s, sg_term t, const sg_print_opts *o, sg_buf *b);
void sg_print_cmd (const sg_script *sc, uint32_t i, const sg_print_opts *o, sg_buf *b);
void sg_print_script (const sg_script *sc, const sg_print_opts *o, sg_buf *b);

#endif
