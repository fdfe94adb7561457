/* fusion_int: what fusion.c and fusion_table.c share (not a public header).
 * Owns nothing: an instance of a fusion function at one sort and the calls that make, apply and
 * free it (fusion_table.c). */
#ifndef SG_TECH_FUSION_INT_H
#define SG_TECH_FUSION_INT_H

#include "tech/mutate/fusion.h"

/* A fusion function instantiated at one sort in a store. */
typedef struct inst {
  uint32_t fx, fy, fz;    /* template funs (in the target store) */
  sg_term rhs[3];         /* f, r_x, r_y over the template funs */
  sg_term lx, ly;         /* parsed literals for x and y (validation), or SG_NONE */
  sg_u32vec cfuns, clits; /* random constants: template fun, literal term */
} inst;

/* Parse fn at sort `sort` into s: the three right-hand sides, fresh random constants (literals
 * drawn with r) and, for validation, literals xlit and ylit for x and y (or NULL). */
sg_rc sgf_inst_parse (sg_store *s, const sg_fusion_fn *fn, sg_sort sort, sg_rng *r, const char *xlit,
                      const char *ylit, inst *in /* OUT */);
/* out[0..2] = f(X,Y), r_x(Y,Z), r_y(X,Z) with the instance's constants. */
sg_rc sgf_inst_apply (sg_store *s, const inst *in, sg_term X, sg_term Y, sg_term Z, sg_term out[3]);
void sgf_inst_free (inst *in);

#endif
