/* janus: weakening and strengthening (Janus, TECHNIQUES.md §5, thesis ch. 6) — the parity of
 * every position of a script's assertions, the rule table (src/tech/approx/janus_rules.def: templates
 * plus a few rules built in code) and one mutation step: rewrite one subterm of defined parity so
 * that the script's status is kept (weaken a positive position of a sat script, strengthen a
 * negative one; the reverse for unsat scripts).
 * Files: janus.c (templates read, parity, the rewriting context, substitution), janus_step.c
 *   (rows, matching, building, the step), janus_tpl.c (the template reader), janus_special.c
 *   (the rules built in code), janus_int.h (what they share).
 * Owns: the parsed templates of an sg_janus (freed with sg_janus_free). A step creates terms in
 *   the script's store and changes only the script it is given.
 * Invariants: parity is +1 at an assertion's root, flips under `not`, the premises of `=>`,
 *   `re.comp` and the subtrahends of `re.diff`, is kept under and/or, both ite branches, let and
 *   quantifier bodies, non-:named annotations, str.in_re's language and the other regular
 *   expression operators, and is undefined (never rewritten below) elsewhere: ite conditions,
 *   arguments of =, xor, distinct and every other function. Only the assertions before the
 *   single check-sat are rewritten. Parameters are closed terms of the script (no bound
 *   variable) or random literals; fresh binders have names no symbol of the store uses; a step
 *   that introduces a quantifier drops QF_ from set-logic, one that brings Int arithmetic into a
 *   string logic without it (QF_S) makes it QF_SLIA; difference logics never get +, -, *; linear
 *   logics get * only by a literal and never abs. Every mutant is well-sorted (built with the
 *   checked constructors and sg_occ_replace). The same script, status and rng state give the
 *   same mutant.
 * Tests: tests/unit/janus_test.c (parity, rules, 5,000 corpus mutants type-check),
 *   tests/unit/janus_rules_z3_test.c (every rule is sound per z3 and cvc5),
 *   tests/unit/janus_status_z3_test.c (mutants z3 and cvc5 decide have the predicted status). */
#ifndef SG_TECH_JANUS_H
#define SG_TECH_JANUS_H

#include <stdbool.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/rc.h"
#include "base/rng.h"
#include "base/vec.h"
#include "front/occ.h"
#include "front/script.h"
#include "base/answer.h"

#define SG_JANUS_DEFAULT_STEPS 25u       /* mutations per chain, then restart from the seed */
#define SG_JANUS_DEFAULT_ITERATIONS 300u /* chains per seed */
#define SG_JANUS_DEFAULT_TIMEOUT_S 10.0  /* per solver run */
#define SG_JANUS_MAX_OCCS (1u << 22)     /* occurrences per script a step will look at */

typedef enum sg_janus_kind { SG_JANUS_IMPL, SG_JANUS_EQUIV } sg_janus_kind;

/* One row of janus_rules.def. */
typedef struct sg_janus_row {
  const char *name;   /* rule name (findings, reduction) */
  uint8_t kind;       /* sg_janus_kind */
  const char *strong; /* template, or NULL for a rule built in code */
  const char *weak;
  uint8_t special;    /* code rule id (enum special, janus_int.h), 0 for templates */
} sg_janus_row;

/* The compiled-in rows. */
const sg_janus_row *sg_janus_rows (uint32_t *n /* OUT */);

typedef struct sg_janus_tpl sg_janus_tpl; /* a parsed template (janus.c) */

typedef struct sg_janus {
  SG_VEC (sg_janus_tpl *) sides; /* 2 per row: strong, weak (NULL for code rules) */
  uint32_t nrows;
} sg_janus;

/* Parse the compiled-in templates (an error is a bug in janus_rules.def, reported in d). */
sg_rc sg_janus_init (sg_janus *j /* OUT */, sg_diag *d);
void sg_janus_free (sg_janus *j);

/* Parity of every occurrence of sc's assertions before its check-sat: par[i] is +1, -1 or 0
 * (undefined, and for every occurrence outside those assertions). */
sg_rc sg_janus_parity (const sg_script *sc, const sg_occs *o, int8_t **par /* OUT, malloc */);

/* Can Janus use this script (exactly one check-sat, no push/pop or check-sat-assuming)?
 * false with a reason in why otherwise. */
bool sg_janus_usable (const sg_script *sc, char *why, size_t whylen);

typedef struct sg_janus_info {
  const char *rule;     /* name of the rule applied (static) */
  int dir;              /* +1 weakened, -1 strengthened */
  uint32_t occ;         /* occurrence rewritten */
  bool quantified;      /* the step introduced a quantifier */
} sg_janus_info;

/* One step on sc in place for a script of status `status` (SG_ANS_SAT or SG_ANS_UNSAT): a random
 * occurrence of defined parity rewritten by a random applicable rule in the direction that keeps
 * the status. *done false (sc unchanged) when no rule applies anywhere. desc (may be NULL) gets
 * "RULE weaken|strengthen at assert K: OLD -> NEW" (terms abbreviated). */
sg_rc sg_janus_step (const sg_janus *j, sg_script *sc, sg_answer status, sg_rng *rng,
                     sg_buf *desc /* OUT */, sg_janus_info *info /* OUT, may be NULL */,
                     bool *done /* OUT */);

/* Apply rule `row` at occurrence `occ` of o (collected from sc) in direction dir (+1 weaken,
 * -1 strengthen), whatever the occurrence's parity (tests check the rules this way). *done
 * false when the rule does not apply there. */
sg_rc sg_janus_apply (const sg_janus *j, sg_script *sc, const sg_occs *o, uint32_t occ,
                      uint32_t row, int dir, sg_rng *rng, bool *done /* OUT */);

/* Build one side (0 strong, 1 weak) of template row `row` with every variable drawn as a
 * parameter from the pool of sc (closed terms) or random literals, numeric sort `num` (Int or
 * Real). For tests: instances of a rule's premise. SG_RC_USAGE for code rules. */
sg_rc sg_janus_instance (const sg_janus *j, sg_script *sc, uint32_t row, int side, sg_sort num,
                         sg_rng *rng, sg_term *out /* OUT */);

#endif
