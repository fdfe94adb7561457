/* parse: the typed reader — SMT-LIB 2.6 commands from a file, stdin or memory into a script,
 * one command at a time (streaming), with full sort checking.
 * Owns: the symbol table and reader state of one parse; the script and store are the caller's.
 * Invariants: on error nothing after the failing command is added; the diag names file, line and
 * column of the offending token.
 * Tests: tests/unit/front_test.c, tests/parse/ golden files */
#ifndef SG_FRONT_PARSE_H
#define SG_FRONT_PARSE_H

#include <stdio.h>

#include "front/script.h"

typedef struct sg_parser sg_parser;

/* A parser reading from fd (not closed) or from memory (mem != NULL, must outlive the parser). */
sg_rc sg_parser_new (sg_store *store, sg_script *script, int fd, const char *mem, size_t len,
                     const char *name, sg_diag *diag, sg_parser **out /* OUT */);
void sg_parser_free (sg_parser *p);
/* Parse the next command and append it to the script. SG_RC_EOF at the end of the input. */
sg_rc sg_parser_next (sg_parser *p);
/* Streaming with bounded memory: drop the command just parsed from the script and every term
 * and atom it created, unless it declared something (then it is kept). Returns true when the
 * command was dropped. Use after the caller has finished with it (e.g. printed it). */
bool sg_parser_forget_last (sg_parser *p);
/* Keep z3's check-sat-using verbatim (SG_CMD_RAW) instead of refusing it. Only for readers that
 * never run solvers on the script (`parse`, `print`): z3 answers it like check-sat and the
 * others reject it, so answers compared across solvers would not line up. */
void sg_parser_keep_check_sat_using (sg_parser *p);
/* Bytes read so far. */
uint64_t sg_parser_bytes (const sg_parser *p);

/* Model reading (used by eval/model.c): a solver's (get-model) answer is parsed in the context
 * of the script's declarations. Each define-fun of a declared function calls define() with its
 * interpretation (body SG_NONE when the value is not SMT-LIB we can read, e.g. algebraic
 * numbers); uninterpreted-sort elements the model introduces (z3's (declare-fun U!val!0 () U),
 * cvc5's (as @U_0 U), cvc4's @uc_U_0) become new declared functions reported by element(). */
typedef struct sg_model_hooks {
  void *ctx;
  sg_rc (*define) (void *ctx, uint32_t fun, sg_term body, const sg_term *params, uint32_t n);
  sg_rc (*element) (void *ctx, uint32_t fun);
} sg_model_hooks;
sg_rc sg_parse_model (sg_store *store, const sg_script *sc, const char *text, size_t len,
                      const char *name, const sg_model_hooks *hooks, sg_diag *diag);

/* Whole-input conveniences. */
sg_rc sg_parse_file (sg_store *store, sg_script *script, const char *path, sg_diag *diag);
sg_rc sg_parse_string (sg_store *store, sg_script *script, const char *text, size_t len,
                       const char *name, sg_diag *diag);

#endif
