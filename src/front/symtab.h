/* symtab: scoped symbol table of a parse — two namespaces (terms and sorts), bindings as a
 * stack so that leaving a binder or popping an assertion level is a plain release to a mark.
 * Owns: its binding stack and per-atom heads. Lookups are O(1) by atom id.
 * Invariants: a binding shadows earlier bindings of the same atom in its namespace until
 * released; releases happen in LIFO order.
 * Tests: tests/unit/front_test.c */
#ifndef SG_FRONT_SYMTAB_H
#define SG_FRONT_SYMTAB_H

#include <stdbool.h>
#include <stdint.h>

#include "base/vec.h"
#include "front/atom.h"

typedef enum sg_ns { SG_NS_TERM, SG_NS_SORT } sg_ns;

typedef enum sg_bind_kind {
  SG_B_BVAR,     /* id = BVAR term */
  SG_B_FUN,      /* id = fun id */
  SG_B_CONS,     /* id = constructor id */
  SG_B_SEL,      /* id = selector id */
  SG_B_SORTDECL, /* id = sortdecl id */
  SG_B_DT,       /* id = dt id */
  SG_B_PARAM,    /* id = PARAM sort */
} sg_bind_kind;

typedef struct sg_binding {
  sg_atom name;  /* bound symbol */
  uint8_t ns;    /* sg_ns */
  uint8_t kind;  /* sg_bind_kind */
  uint32_t id;   /* see sg_bind_kind */
  uint32_t prev; /* previous head for this atom and namespace (index + 1, 0 = none) */
} sg_binding;

typedef struct sg_symtab {
  SG_VEC (sg_binding) b; /* binding stack */
  sg_u32vec head[2];     /* per namespace: atom -> binding index + 1 */
} sg_symtab;

void sg_symtab_init (sg_symtab *t);
void sg_symtab_free (sg_symtab *t);
bool sg_symtab_bind (sg_symtab *t, sg_ns ns, sg_atom name, sg_bind_kind kind, uint32_t id);
const sg_binding *sg_symtab_lookup (const sg_symtab *t, sg_ns ns, sg_atom name);
static inline uint32_t sg_symtab_mark (const sg_symtab *t) { return t->b.n; }
void sg_symtab_release (sg_symtab *t, uint32_t mark);

#endif
