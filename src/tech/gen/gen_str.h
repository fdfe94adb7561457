/* gen_str: string formulas sat and unsat by construction (Bugariu & Müller, ICSE'20; docs
 * TECHNIQUES.md §8, docs/gen_strings.md), the `strings` generator of gen_tech.c.
 * Sat (gen_str.c): one operation of gen_str_ops.def on fresh variables with a witness drawn
 * from the boundary constants of gen_str_consts.def (base), the same with some arguments or the
 * result replaced by their values (constant assignment), and term synthesis (an operation
 * applied to constants or to depth-1 pool terms, equated to a pool term of the same value, its
 * constants abstracted into variables, equal constants into the same one). Every value comes
 * from our evaluator (eval/eval.h). The witness is written after (check-sat) as one comment
 * line per variable, `;; witness: (define-fun NAME () SORT VALUE)`.
 * Unsat (gen_str_unsat.c): ¬A ∧ B for the rows of gen_str_rows.def (Table 2, E1-E12, and rows
 * for the SMT-LIB 2.6 operations), optionally transformed once (variable replacement, constant
 * replacement, noise) with the equalities and side conditions of gen_str_eqs.def (Table 3).
 * Every conjunct is named (! ... :named aK); the known minimal core is the comment line
 * `;; core: aK ...` after (check-sat), and for noise formulas `;; core-extra-ok: aK` names the
 * noise conjunct (the format oracle/core.h reads).
 * Owns: a store holding the constants and the depth-1 pool with their values.
 * Invariants: no recursion (terms are at most two applications deep); randomness only from the
 * caller's rng; nothing global.
 * Tests: tests/unit/gen_str_test.c (witnesses checked by the evaluator), tests/unit/
 * gen_str_z3_test.c (every unsat row and transformation checked by z3 and cvc5). */
#ifndef SG_TECH_GEN_STR_H
#define SG_TECH_GEN_STR_H

#include "base/buf.h"
#include "base/rc.h"
#include "base/rng.h"

typedef struct sg_gen_str sg_gen_str;

/* A generator over the built-in boundary constants (constants NULL) or those of a file: one
 * per line, "S TERM", "I TERM" or "L TERM" (String, Int, RegLan), '#' comments, at most 64, at
 * least one S and one I; a constant equal to an earlier one is skipped. With paper, only the
 * rows marked PAPER in gen_str_ops.def, gen_str_rows.def and gen_str_eqs.def are used (the
 * paper's twelve operations, Table 2 and Table 3). */
sg_rc sg_gen_str_new (sg_gen_str **out /* OUT */, const char *constants, bool paper, sg_diag *d);
/* Whether g was made with paper. */
bool sg_gen_str_paper (const sg_gen_str *g);
void sg_gen_str_free (sg_gen_str *g);

/* Sat formula kinds. */
typedef enum sg_gstr_sat_kind {
  SG_GSTR_ANY = -1,    /* drawn */
  SG_GSTR_BASE = 0,    /* (= (op v1 ... vk) r), every variable fresh */
  SG_GSTR_ASSIGN = 1,  /* some arguments or the result replaced by their witness values */
  SG_GSTR_SYNTH = 2,   /* term synthesis */
} sg_gstr_sat_kind;

/* One sat formula (text reset first) with its witness comments; desc says what it is. */
sg_rc sg_gen_str_sat (sg_gen_str *g, sg_rng *rng, sg_gstr_sat_kind kind, sg_buf *text, sg_buf *desc);

/* Unsat transformations. */
typedef enum sg_gstr_tr {
  SG_GSTR_TR_ANY = -1,  /* drawn among the applicable ones (none included) */
  SG_GSTR_TR_NONE = 0,  /* ¬A ∧ B as in the row */
  SG_GSTR_TR_VAR = 1,   /* variable replacement: an NC equality on a variable of A and B */
  SG_GSTR_TR_CONST = 2, /* constant replacement: a C equality for a constant of B */
  SG_GSTR_TR_NOISE = 3, /* noise: an NC equality on a variable free only in B (core unchanged) */
} sg_gstr_tr;

/* Quantifier patterns: -1 drawn, 0 without, 1 with. */
typedef struct sg_gstr_unsat_opts {
  int row;       /* a row index (< sg_gen_str_rows ()), or -1: drawn */
  int tr;        /* sg_gstr_tr */
  int patterns;  /* -1, 0, 1 */
  int eq;        /* the equality index (< sg_gen_str_eqs ()) to use, or -1: drawn */
} sg_gstr_unsat_opts;

/* One unsat formula; SG_RC_USAGE (nothing written) when the transformation or equality asked
 * for does not apply to the row, or when g is the paper's and the row or equality asked for is
 * not. */
sg_rc sg_gen_str_unsat (sg_gen_str *g, sg_rng *rng, const sg_gstr_unsat_opts *o, sg_buf *text,
                        sg_buf *desc);
/* The unsat rows and the equalities (for tests and the documentation). */
uint32_t sg_gen_str_rows (void);
const char *sg_gen_str_row_id (uint32_t i);
bool sg_gen_str_row_paper (uint32_t i);
/* The variables free in A and B of row i: "s:S off:I ..." (S String, I Int, B Bool). */
const char *sg_gen_str_row_avars (uint32_t i);
uint32_t sg_gen_str_eqs (void);
const char *sg_gen_str_eq_id (uint32_t i);

/* The soundness query of equality i alone: C ∧ ¬(x = x_f) for an NC row, C ∧ ¬(x_f = c) for a
 * C row (implied: must be unsat), or C alone (must be sat: the side condition can hold). */
sg_rc sg_gen_str_eq_query (uint32_t i, bool implied, sg_buf *text);

/* The `;; witness:` lines of a generated file as a model text "(model (define-fun ...) ...)"
 * (model reset first); returns the number of lines. */
uint32_t sg_gen_str_witness (const char *text, size_t len, sg_buf *model);
/* The names on the `;; core:` line, space-separated (names reset first); false when none. */
bool sg_gen_str_core (const char *text, size_t len, sg_buf *names);

#endif
