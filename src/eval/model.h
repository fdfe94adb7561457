/* model: a solver's model — values of declared constants and interpretations of declared
 * functions — read from z3, cvc4 and cvc5 output into the script's own store.
 * Owns: its entries and its value pool. Function interpretations are terms of the script's store
 * (the body of the model's define-fun, over BVAR parameters).
 * Invariants: entries are keyed by the script's fun ids; symbols a model defines that the
 * script does not declare (z3's k!0, /0, div0, ...; uninterpreted-sort elements) are kept apart.
 * Tests: tests/unit/model_test.c */
#ifndef SG_EVAL_MODEL_H
#define SG_EVAL_MODEL_H

#include "eval/value.h"
#include "front/script.h"

typedef struct sg_model_entry {
  uint32_t fun;     /* fun id in the store (a declared function or a model-only helper) */
  sg_term body;     /* the interpretation: a term over the fun's parameter BVARs */
  uint32_t nparams; /* parameters */
  uint32_t params;  /* offset in store->pool of the parameter BVAR terms */
} sg_model_entry;

typedef struct sg_model {
  sg_store *s;                   /* the script's store (borrowed) */
  SG_VEC (sg_model_entry) ent;   /* interpretations, by fun */
  sg_u32vec by_fun;              /* fun id -> entry index + 1 (0 = none) */
  uint32_t div0, mod0, rdiv0;    /* entries for z3's partial-function helpers, or SG_NONE */
  sg_u32vec elem_of;             /* fun id -> element index + 1 (0 = not a model element) */
  uint32_t unints;               /* uninterpreted-sort elements declared by the model */
} sg_model;

void sg_model_init (sg_model *m, sg_store *s);
void sg_model_free (sg_model *m);
/* Read the model printed by a solver for the script sc (after its check-sat): the text of a
 * (get-model) answer, with or without the enclosing `(model ...)`/`(...)`. Errors name the
 * position in `text` (name is the label for messages). */
sg_rc sg_model_read (sg_model *m, const sg_script *sc, const char *text, size_t len,
                     const char *name, sg_diag *d);
/* Interpret the declared constant fun (no parameters) as the term value (a literal of its sort,
 * in the model's store): how a generator states its witness without printing and parsing it
 * (tech/gen/gen_core.c). A later definition of the same constant wins. */
sg_rc sg_model_define_const (sg_model *m, uint32_t fun, sg_term value);
/* The entry for fun, or NULL. */
const sg_model_entry *sg_model_get (const sg_model *m, uint32_t fun);
/* For a fun the model introduced as an uninterpreted-sort element (z3's U!val!0, cvc5's @U_0):
 * its index (distinct elements have distinct indices); -1 otherwise. */
int sg_model_element_index (const sg_model *m, uint32_t fun);

#endif
