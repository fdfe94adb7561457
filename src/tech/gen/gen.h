/* gen: the bit-vector and floating-point generators (`bv`, `fp`): formulas sat or unsat by
 * construction (TECHNIQUES.md §9, issue 19), no seeds.
 *  - sat: draw an assignment (values from value classes or uniform), grow random terms and
 *    evaluate each exactly with smtgrind's evaluator (eval/eval_bv.c, eval_fp*.c: GMP, MPFR);
 *    atoms true under the assignment are combined by connectives whose values are tracked; every
 *    assertion is true, and the assignment is written after (check-sat) as the witness, one line
 *    per variable: `;; witness: (define-fun NAME () SORT VALUE)`.
 *  - unsat: terms are grown as pairs (l, r) with l = r for every input: the same operator applied
 *    to pairs, and instances of identities valid for all inputs (gen_bv_ids.def,
 *    gen_fp_ids.def; each checked exhaustively at tiny widths and formats in tests); the
 *    formula asserts B = l and ¬A = (not r) of a Boolean pair (or their xor, or (distinct l r)).
 *  - mixed: one or the other at random per formula.
 * Owns: a generator state (its store is rebuilt per formula).
 * Invariants: no recursion on input (templates are read with an explicit stack); randomness only
 * from the rng passed in; every formula has (set-info :status ...) and its expected answer.
 * Tests: tests/unit/gen_bv_test.c, tests/unit/gen_fp_test.c, tests/unit/gen_bvfp_z3_test.c */
#ifndef SG_TECH_GEN_H
#define SG_TECH_GEN_H

#include "front/store.h"
#include "tech/tech.h"

typedef enum sg_gen_theory { SG_GEN_BV, SG_GEN_FP } sg_gen_theory;

/* The technique functions (gen_tech.c's rows bv and fp). */
sg_rc sg_gen_bv_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d);
sg_rc sg_gen_fp_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d);
sg_rc sg_gen_begin (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d);
sg_rc sg_gen_next (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d);
void sg_gen_free (void *state);
void sg_gen_bv_describe (const sg_tech_cfg *cfg, char *out, size_t size);
void sg_gen_fp_describe (const sg_tech_cfg *cfg, char *out, size_t size);

/* ---- identities: L = R for every value of the metavariables ----
 * Templates are SMT-LIB terms over the metavariables x y z (the formula's base sort: BV of the
 * width, or FP of the format), r q (RoundingMode), u (BV of width eb+sb); constants c0 c1 c2
 * cones cmin cmax cw (BV: 0, 1, 2, all ones, signed min and max, the width), b0 b1 (#b0, #b1),
 * f1 fm1 f2 (FP 1, -1, 2), (_ +zero) (_ -zero) (_ +oo) (_ -oo) (_ NaN) (the formula's format),
 * RS (RNE, RNA or RTZ: symmetric), RN (any mode but RTN), and in indices W (the width), W1
 * (W-1), W21 (2W-1), K (drawn from 1..W-1), K1 (K-1), WK (W-K), WK1 (W-K-1), EB SB (the
 * format), EB1 SB1 (eb+1, sb+1), TOP (eb+sb-1), TOP1 (eb+sb-2), SBM1 (sb-1), SBM2 (sb-2). */
typedef struct sg_gen_identity {
  const char *name; /* short name, for the description of a formula */
  uint32_t minw;    /* BV: the least width it holds for (or uses K at) */
  const char *lhs;  /* template */
  const char *rhs;
} sg_gen_identity;

size_t sg_gen_identity_count (sg_gen_theory th);
const sg_gen_identity *sg_gen_identity_at (sg_gen_theory th, size_t i);

/* The instantiation of a template: what its metavariables and symbolic indices stand for. */
typedef struct sg_gen_env {
  uint32_t w;          /* BV width (BV identities) */
  uint32_t eb, sb;     /* FP format (FP identities) */
  uint32_t k;          /* K, in 1..w-1 (when w >= 2) */
  sg_op rs, rn;        /* RS and RN: rounding-mode operators (SG_OP_RNE, ...) */
  sg_term x, y, z;     /* metavariables (SG_NONE when unused) */
  sg_term r, q;        /* RoundingMode metavariables */
  sg_term u;           /* BV(eb+sb) metavariable */
} sg_gen_env;

/* Draw the random parts of env (k, rs, rn) for width w / format eb sb; metavariables untouched. */
void sg_gen_env_draw (sg_gen_env *env, sg_rng *rng);
/* Build template text in store s under env. SG_RC_SORT / SG_RC_PARSE with a message in err when
 * the template is malformed or ill-sorted (a bug of the table). */
sg_rc sg_gen_template (sg_store *s, const char *text, const sg_gen_env *env, sg_term *out /* OUT */,
                       char *err, size_t esize);
/* Which metavariables a template uses: bits 1 x, 2 y, 4 z, 8 r, 16 q, 32 u. */
uint32_t sg_gen_template_vars (const char *text);

/* Collect the `;; witness: (define-fun ...)` lines of a generated formula into the text of a
 * model `(model (define-fun ...) ...)` (sg_model_read reads it). False when there is none. */
bool sg_gen_witness (const char *text, size_t len, sg_buf *model /* OUT, appended */);

#endif
