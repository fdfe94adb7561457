/* sae: skeletal approximation enumeration (Sparrow; docs TECHNIQUES.md §7) — a labelled seed is
 * put into CNF (tech/approx/cnf.h), then up to K literal occurrences are replaced, all in one
 * direction: over-approximated (l ⊨ l') when the seed is sat, under-approximated (l' ⊨ l) when
 * it is unsat, so the mutant keeps the seed's status. Each replacement is a predicate symbol
 * transformation (the corrected rule table sae_rules.def, applied by the literal's own sign:
 * a negated atom uses the rule of the other direction, negated) or a live predicate injection
 * (l ∨ ψ over, l ∧ ψ under, ψ a random snippet over the seed's own constants and atoms, in its
 * logic, never dividing by a possibly-zero constant).
 * Owns: a prepared seed (its store, script, CNF and literal table).
 * Invariants: a mutant's status equals the seed's (given a correct label); the store is rolled
 *   back after each mutant, so a chain does not grow it; no recursion on term depth.
 * Tests: tests/unit/sae_test.c (CNF, rules, 5,000 corpus mutants type-check),
 *   tests/unit/sae_rules_z3_test.c (every rule checked by z3 and cvc5),
 *   tests/unit/sae_z3_test.c (mutant statuses as predicted by z3 and cvc5). */
#ifndef SG_TECH_SAE_H
#define SG_TECH_SAE_H

#include "base/buf.h"
#include "base/rc.h"
#include "base/rng.h"
#include "base/vec.h"
#include "front/script.h"
#include "tech/approx/cnf.h"

typedef enum sg_sae_theory { SG_SAE_ARITH, SG_SAE_BVU, SG_SAE_BVS, SG_SAE_FP, SG_SAE_STR } sg_sae_theory;
typedef enum sg_sae_dir { SG_SAE_OVER, SG_SAE_UNDER } sg_sae_dir;

typedef struct sg_sae_rule {
  uint8_t theory;   /* sg_sae_theory */
  const char *atom; /* operator of the atom (op x y) */
  uint8_t neg;      /* the rule is for (not (op x y)) */
  uint8_t dir;      /* sg_sae_dir: OVER: atom ⊨ result; UNDER: result ⊨ atom */
  const char *tmpl; /* result over x, y and the random constant a */
} sg_sae_rule;

/* The built-in rule table (sae_rules.def). */
const sg_sae_rule *sg_sae_rules (uint32_t *n /* OUT */);
const char *sg_sae_theory_name (sg_sae_theory t);

typedef struct sg_sae_opts {
  uint32_t max_lits; /* K: literal occurrences changed per mutant, 1..K at random (0 = 3) */
  uint32_t pst_pct;  /* chance in % of PST where a rule applies, else LPI (0 = 75) */
} sg_sae_opts;

typedef struct sg_sae {
  sg_store store;
  sg_script script;  /* the seed */
  sg_cnf cnf;        /* the conjunction of its asserts before check-sat */
  uint32_t check;    /* index of its check-sat */
  sg_u32vec occs;    /* positions in cnf.lits of mutable literals (theory atoms, not fresh) */
  sg_u32vec atoms;   /* distinct atoms of occs (live predicates for LPI) */
  sg_u32vec consts;  /* the seed's declared constants (0-ary APP terms) */
  int arith;         /* arithmetic of the logic: 0 any, 1 linear, 2 difference, 3 none */
  bool live;
} sg_sae;

/* Parse a seed and build its CNF. SG_RC_USAGE (with d) when it is not usable: not exactly one
 * check-sat, push/pop/reset/check-sat-assuming, or nothing to mutate. */
sg_rc sg_sae_prepare (sg_sae *e, const char *text, size_t len, const char *name, sg_diag *d);
void sg_sae_free (sg_sae *e);
/* The CNF of the seed, unmutated, as a script text (for tests). */
sg_rc sg_sae_print_cnf (sg_sae *e, sg_buf *out);
/* One mutant in direction dir into out (appended); what changed into desc (appended).
 * *changed: literal occurrences replaced. */
sg_rc sg_sae_mutant (sg_sae *e, const sg_sae_opts *o, sg_sae_dir dir, sg_rng *r, sg_buf *out,
                     sg_buf *desc, uint32_t *changed /* OUT, may be NULL */);
/* Instantiate a rule's template on x, y and a in store s (for tests and the engine). */
sg_rc sg_sae_rule_apply (sg_store *s, const sg_sae_rule *rule, sg_term x, sg_term y, sg_term a,
                         sg_term *out /* OUT */);

#endif
