/* script: an SMT-LIB script as a sequence of commands that reference terms of one store.
 * Owns: its command array and item array (not the store, not the terms).
 * Invariants: every term id in a command belongs to `store`; command kinds are sg_wk command
 * words (SG_WK_ASSERT ... SG_WK_SET_OPTION). A mutant is a new script sharing the store: copying
 * a script copies command records, never terms.
 * Payloads by kind:
 *   SET_LOGIC aux = logic atom.  SET_OPTION/SET_INFO aux = keyword atom; n = 0 or 1, items[0] =
 *   atom of the value's text.  GET_INFO/GET_OPTION aux = keyword atom.
 *   DECLARE_SORT/DEFINE_SORT aux = sortdecl id.  DECLARE_CONST/DECLARE_FUN aux = fun id.
 *   DEFINE_FUN/DEFINE_FUN_REC aux = fun id, items[0] = body.  DEFINE_FUNS_REC n = 2k: k fun ids
 *   then k bodies.  DECLARE_DATATYPE(S) aux = first dt id (see sg_dt.ngroup).
 *   PUSH/POP aux = count, or SG_NONE when omitted.  ASSERT items[0] = term.
 *   CHECK_SAT_ASSUMING/GET_VALUE items = terms.  ECHO aux = atom of the string content.
 *   DEFINE_CONST as DEFINE_FUN (no parameters).  Solver-extension commands and get-value
 *   commands whose terms do not type-check are SG_CMD_RAW.
 * Tests: tests/unit/front_test.c */
#ifndef SG_FRONT_SCRIPT_H
#define SG_FRONT_SCRIPT_H

#include "front/store.h"

enum {
  SG_CMD_RAW = 1, /* kept verbatim: aux = atom of the whole command text, no items */
  SG_CMD_CO = 2,  /* a declare-datatype(s) written declare-codatatype(s) (cvc5) */
};

typedef struct sg_cmd {
  uint16_t kind;  /* sg_wk of the command name */
  uint16_t flags; /* SG_CMD_* */
  uint32_t line;  /* position of the command's '(' in its source (0 for built commands) */
  uint32_t col;
  uint32_t aux;   /* see the payload table above */
  uint32_t n;     /* number of items */
  uint32_t items; /* offset in script->items */
} sg_cmd;

typedef struct sg_script {
  sg_store *store;      /* the store all terms live in (not owned) */
  SG_VEC (sg_cmd) cmds; /* commands in order */
  sg_u32vec items;      /* command items */
  sg_atom logic;        /* atom of the last set-logic, or SG_ATOM_NONE */
} sg_script;

void sg_script_init (sg_script *sc, sg_store *store);
void sg_script_free (sg_script *sc);
/* Deep copy of the command list (terms are shared). */
sg_rc sg_script_copy (const sg_script *from, sg_script *to /* OUT, initialised here */);
/* Append a command; items are copied. */
sg_rc sg_script_add (sg_script *sc, uint16_t kind, uint32_t aux, const uint32_t *items,
                     uint32_t n, uint32_t line, uint32_t col);
/* Insert a command before position `at`. */
sg_rc sg_script_insert (sg_script *sc, uint32_t at, uint16_t kind, uint32_t aux,
                        const uint32_t *items, uint32_t n);
static inline const uint32_t *
sg_cmd_items (const sg_script *sc, const sg_cmd *c)
{
  return sc->items.a ? sc->items.a + c->items : NULL; /* no offset on NULL (UB) */
}
/* The items of c that are terms: [*first, *first + *count). */
void sg_cmd_term_items (const sg_cmd *c, uint32_t *first /* OUT */, uint32_t *count /* OUT */);
/* Replace term item k (an index into the command's items) of command i. Copies the command's
 * items when they are shared with another script. */
sg_rc sg_script_set_item (sg_script *sc, uint32_t i, uint32_t k, uint32_t value);
/* Does the script need a solver's incremental mode: several check-sats (or
 * check-sat-assumings), or a push or pop? */
bool sg_script_incremental (const sg_script *sc);

#endif
