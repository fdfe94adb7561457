/* mutate: the reducer's sort-aware mutations of one script — sites (what may change where) and
 * candidates (a set of sites applied at once, printed as SMT-LIB text).
 * Owns: the state of one reduction round (its own store and script parsed from the current
 * text, the occurrence list and the sites); candidate texts are the caller's buffers.
 * Invariants: a site never touches a bound-variable slot or a :pattern; a candidate is built
 * by one bottom-up pass over the occurrences (explicit order, no recursion), every rebuilt
 * node goes through the checked constructors, so a candidate that would be ill-sorted fails
 * with SG_RC_SORT and is never printed; fresh constants are declared just before the first
 * command that uses them. Substitution (let elimination, define-fun inlining) is iterative.
 * Tests: tests/unit/reduce_test.c, tests/unit/reduce_mut_test.c (the ddSMT rewrites) */
#ifndef SG_REDUCE_MUTATE_H
#define SG_REDUCE_MUTATE_H

#include "base/buf.h"
#include "front/occ.h"
#include "front/script.h"

/* X (ENUM, "name", ddmin) — in the order the strategies try them. `ddmin`: the sites of the
 * mutator may be applied many at a time (else one at a time, e.g. global renamings). */
#define SG_MUTATORS(X)                                                                         \
  X (DEL_CMD, "remove-commands", 1)    /* asserts, check-sats, get-*, options, echo ... */     \
  X (SCOPE, "remove-scopes", 1)        /* a push/pop level, or its push and pop only */        \
  X (DEL_DECL, "remove-declarations", 1) /* declarations and definitions nothing uses */       \
  X (LET, "eliminate-let", 1)          /* let -> body with all, or one, of the bindings put in */ \
  X (INLINE, "inline-define-fun", 1)   /* (f a b) -> f's body with a, b for its parameters */  \
  X (ELIM, "eliminate-variables", 1)   /* (= x t): every x -> t (x a declared constant) */   \
  X (VAR, "replace-by-variable", 1)    /* a term -> the first declared constant of its sort */ \
  X (DROP, "binary-reduction", 1)      /* drop arguments of n-ary operators */                 \
  X (CONST, "constants", 1)            /* a term -> the smallest constants of its sort */      \
  X (CHILD, "substitute-child", 1)     /* a term -> one of its children of the same sort */    \
  X (FRESH, "fresh-variable", 1)       /* a term -> a fresh constant of its sort */            \
  X (MERGE, "merge-children", 1)       /* (and a (and b c)) -> (and a b c) */                  \
  X (ANNOT, "remove-annotations", 1)   /* (! t :attr ...) -> t */                              \
  X (BOOL, "boolean", 1)               /* (not (not t)) -> t, (=> a b) -> b, unused q-vars */  \
  X (ARITH, "arithmetic", 1)           /* (- t) -> t, relations -> = , shorter numerals */     \
  X (BV, "bit-vectors", 1)             /* bit-width reduction of constants, extract/extend */  \
  X (FP, "floating-point", 1)          /* FP constants in a smaller format */                  \
  X (STRING, "strings", 1)             /* shorter string literals, str.++ halves */            \
  /* ddSMT 2.0's rewrites (mutate_dd.c, mutate_dd_text.c) */                                 \
  X (XOR, "bool-xor", 1)               /* (xor true v) -> (not v), (xor a (not b)) -> (= a b) */ \
  X (IMPL, "bool-implications", 1)     /* (=> a b) -> (or (not a) b), negations folded */      \
  X (DEMORGAN, "bool-de-morgan", 1)    /* (not (and a b)) -> (or (not a) (not b)), folded */   \
  X (NEGQ, "bool-negate-quants", 1)    /* (not (forall (v) t)) -> (exists (v) (not t)) */      \
  X (FALSEEQ, "bool-false-eq", 1)      /* (= false x) -> (not x) */                            \
  X (REL, "arith-relations", 1)        /* (not (< a b)) -> (>= a b), distinct -> =, <= -> < */ \
  X (NUM, "arith-constants", 1)        /* 1234 -> 123, 2.5 -> 2.0, 2.25 -> 2.2 */              \
  X (BVWIDTH, "bv-reduce-width", 1)    /* t -> ((_ zero_extend k) y), nested extends merged */ \
  X (BVSIMP, "bv-simplify", 1)         /* extract/extend of constants, concat 0 -> zero_extend */ \
  X (BVBOOL, "bv-to-bool", 1)          /* bvcomp -> =, ite -> bvcomp, 1-bit ops -> Boolean */  \
  X (ARRAY, "arrays", 1)               /* (store a i v) -> a, (select (store a i v) j) -> v */ \
  X (REUSE, "replace-by-term", 1)      /* a constant everywhere -> a term of its sort, undeclared */ \
  X (DTSEL, "dt-identity", 1)          /* (s (C x y)) -> x, s the selector of x */             \
  X (STRSEQ, "string-rewrites", 1)     /* replace_all -> replace, indexof -> (- 1), nth/unit */ \
  X (FPSORT, "fp-sorts", 0)            /* an FP sort everywhere in a smaller format */         \
  X (DTREM, "remove-datatypes", 0)     /* an unused datatype of a group, an unused field */    \
  X (RECFUN, "remove-recursive-functions", 0) /* one function of a define-funs-rec */          \
  X (CHECKSAT, "check-sat-assuming", 1) /* (check-sat-assuming ...) -> (check-sat) */          \
  X (ASSUME, "drop-assumptions", 0)    /* one assumption of a check-sat-assuming, one get-value term */ \
  X (NAMED, "remove-named", 0)         /* a named assertion and its name's uses as assumptions */ \
  X (DT, "datatypes", 0)               /* remove unused constructors */                        \
  X (NAMES, "simplify-names", 0)       /* short symbol names */                                \
  X (LOGIC, "simplify-logic", 0)       /* fewer theories in set-logic */

typedef enum sg_mutator {
#define X(e, s, d) SG_MUT_##e,
  SG_MUTATORS (X)
#undef X
  SG_MUT_COUNT
} sg_mutator;

const char *sg_mutator_name (sg_mutator m);
bool sg_mutator_ddmin (sg_mutator m);

typedef enum sg_site_kind {
  SG_SITE_DEL,   /* remove commands a..b (a == b: one) */
  SG_SITE_PAIR,  /* remove commands a and b (a push and its pop) */
  SG_SITE_REPL,  /* occurrence a -> term t (f: fresh fun it uses, or SG_NONE) */
  SG_SITE_FRESH, /* occurrence a -> a fresh constant of sort t (one per sort per candidate) */
  SG_SITE_DROP,  /* drop occurrence a from its n-ary parent */
  SG_SITE_SUBST, /* every occurrence of term t -> term u (f: fresh fun it uses) */
  SG_SITE_EDIT,  /* command a: check-sat-assuming -> check-sat */
  SG_SITE_TEXT,  /* a whole candidate: text number a */
  SG_SITE_ELIM,  /* every occurrence of term t -> term u, and occurrence a dropped from its n-ary
                    parent, command b deleted (each SG_NONE: none) */
} sg_site_kind;

typedef struct sg_site {
  uint8_t kind; /* sg_site_kind */
  uint32_t a, b;
  sg_term t, u;
  uint32_t f;
} sg_site;

typedef struct sg_round {
  sg_store store;
  sg_script script;
  sg_occs occs;
  bool have_occs;     /* occs collected (false: too many, term mutators are off) */
  SG_VEC (sg_site) sites;
  SG_VEC (char *) texts; /* whole candidates of text sites */
} sg_round;

/* Parse `text` into a new round (its own store). Errors go to d. */
sg_rc sg_round_open (sg_round *r, const char *text, size_t len, const char *name, sg_diag *d);
void sg_round_close (sg_round *r);
/* Tree size (occurrences) of the round's script, or 0 when unknown. */
uint64_t sg_round_terms (const sg_round *r);
/* The size measure of a script: tree size, and `syms`: the occurrences of uninterpreted
 * constants times 2^32 plus the number of distinct ones (a constant symbol replaced by a
 * literal, or by another constant, is progress even when the text does not shrink).
 * SG_RC_LIMIT when the tree is too large to count. */
sg_rc sg_script_measure (const sg_script *sc, uint64_t *terms /* OUT */, uint64_t *syms /* OUT */);
/* SMT-LIB tokens of a text other than parentheses and comments (symbols, keywords, literals,
 * strings): how bench/reduce_public measures a reduction. */
uint64_t sg_text_tokens (const char *s, size_t len);
/* Fill r->sites with the sites of mutator m (cleared first). */
sg_rc sg_round_sites (sg_round *r, sg_mutator m);
/* Apply sites[idx[0..n)] at once and print the candidate into out (reset first). SG_RC_SORT
 * when the result would be ill-sorted (nothing is printed then). */
sg_rc sg_round_build (sg_round *r, const uint32_t *idx, uint32_t n, sg_buf *out);

#endif
