/* gen_int: what gen_core.c, gen_bv.c and gen_fp.c share (not a public header).
 * Owns nothing: the generator state, the theory hooks, the pool of (l, r) term pairs. */
#ifndef SG_TECH_GEN_INT_H
#define SG_TECH_GEN_INT_H

#include <gmp.h>

#include "eval/eval.h"
#include "eval/model.h"
#include "tech/gen/gen.h"

/* A term pair of the pool: l = r for every input (sat formulas: l == r and v its value). */
typedef struct gen_ent {
  sg_term l, r;  /* the two sides (equal ids when no identity is beneath) */
  sg_sort sort;  /* their sort */
  sg_val v;      /* sat: the value of l under the assignment; NULL in unsat formulas */
} gen_ent;

/* A declared variable and its value (sat). */
typedef struct gen_var {
  uint32_t fun;   /* declared constant */
  sg_term t;      /* its application */
  sg_term value;  /* a literal, the witness (SG_NONE in unsat formulas) */
} gen_var;

typedef struct gen gen;

/* How a formula is made. */
typedef enum gen_route {
  GEN_SAT,    /* evaluated under a drawn assignment: sat, with a witness */
  GEN_IDENT,  /* pairs equal by identities, one side asserted true, the other false: unsat */
  GEN_ENUM,   /* random over tiny sorts, unsat by enumerating every assignment */
  GEN_RANDOM, /* random, status unknown (differential) */
} gen_route;

typedef struct gen_theory {
  sg_gen_theory id;
  const char *name;
  /* Draw the formula's format into g (w / eb sb, base) and declare its variables (gen_declare). */
  sg_rc (*setup) (gen *g);
  /* A literal of sort (BV or FP; Bool and RoundingMode are the core's) from the value classes. */
  sg_rc (*constant) (gen *g, sg_sort sort, sg_term *out);
  /* The literal of a value (pins: (= t value)); SG_NONE in *out when it has none. */
  sg_rc (*literal) (gen *g, sg_val v, sg_term *out);
  /* One random operator application on pool entries (gen_apply). */
  sg_rc (*grow) (gen *g);
  /* One random atom on pool entries (gen_apply, a Bool result). */
  sg_rc (*atom) (gen *g);
} gen_theory;

struct gen {
  const gen_theory *th;
  sg_tech_cfg cfg;       /* options */
  sg_rng *rng;           /* the rng of the current next() */
  sg_store s;            /* this formula's store */
  bool live;             /* s (and m) hold a formula */
  sg_model m;            /* sat: the assignment */
  sg_eval *e;            /* sat: the evaluator under m */
  gen_route route;       /* how this formula is made */
  bool sat;              /* route GEN_SAT: values tracked */
  SG_VEC (gen_ent) pool; /* terms built so far */
  SG_VEC (gen_var) vars; /* declared variables */
  sg_u32vec asserts;     /* asserted terms */
  uint32_t w, eb, sb;    /* the format */
  sg_sort base;          /* BV w or FP eb sb */
  uint32_t step;         /* formulas of the chain */
  uint32_t nid;          /* identities instantiated in this formula */
  sg_buf ids;            /* their names */
  char err[480];         /* why the last build failed (a bug of ours) */
  mpz_t z, z2;           /* scratch */
};

/* ---- gen_core.c: building blocks for the theories ---- */

/* Declare a variable of sort named PREFIX<n>; in sat formulas value is its literal. */
sg_rc gen_declare (gen *g, const char *prefix, sg_sort sort, sg_term value);
/* Push a pair (evaluated in sat formulas: an undetermined value drops it, *made false). */
sg_rc gen_push (gen *g, sg_term l, sg_term r, bool *made /* OUT, may be NULL */);
/* A pool index of an entry of sort (a new constant at times, or when there is none). */
sg_rc gen_pick (gen *g, sg_sort sort, uint32_t *out /* OUT */);
/* The same, avoiding entry `avoid` when it can (operands of binary operators). */
sg_rc gen_pick_other (gen *g, sg_sort sort, uint32_t avoid, uint32_t *out /* OUT */);
/* A random pool index of an entry of that sort kind; false when there is none. */
bool gen_pick_kind (gen *g, sg_sort_kind k, uint32_t *out /* OUT */);
/* A random pool index of a BV entry of width in [lo, hi]; false when there is none. */
bool gen_pick_bv (gen *g, uint32_t lo, uint32_t hi, uint32_t *out /* OUT */);
/* Apply op (indices idx) to pool entries args, componentwise; push the result. */
sg_rc gen_apply (gen *g, sg_op op, const uint32_t *idx, uint32_t nidx, const uint32_t *args,
                 uint32_t nargs, bool *made /* OUT, may be NULL */);
/* Literals. */
sg_rc gen_bv_lit (sg_store *s, uint32_t w, const mpz_t z, sg_term *out);
sg_rc gen_fp_lit (sg_store *s, uint32_t eb, uint32_t sb, const mpz_t bits, bool named, sg_term *out);
/* A BV value of width w from the value classes (0, 1, all ones, signed min and max, small,
 * uniform, the width) into z. */
void gen_bv_value (sg_rng *rng, uint32_t w, mpz_t z);
/* Uniform random bits: w bits into z. */
void gen_bits (sg_rng *rng, uint32_t w, mpz_t z);
/* An SG_RC_SORT from a failed constructor (a bug of the tables): the store's message. */
sg_rc gen_bug (gen *g, const char *what);

/* The theories (gen_bv.c, gen_fp.c) and the identity tables. */
extern const gen_theory sg_gen_bv_theory;
extern const gen_theory sg_gen_fp_theory;

#endif
