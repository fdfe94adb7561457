/* value: ground values of every SMT-LIB sort, allocated in a value pool — the evaluator's and
 * the model reader's currency.
 * Owns: a pool owns every value it returns (GMP/MPFR limbs included); values are immutable and
 * freed only with the pool (sg_vpool_free).
 * Invariants: Int and Real values are canonical mpq (denominator > 0, lowest terms; Int values
 * have denominator 1); BV values are in [0, 2^w); FP values are IEEE bit patterns of width
 * 1+eb+(sb-1) and every NaN is the single canonical pattern (SMT-LIB has one NaN); strings are
 * arrays of Unicode code points (0..0x2FFFF as in SMT-LIB 2.6); SG_V_UNDET means "not determined
 * by the model and the semantics" and is never reported as a bug. An enclosure (SG_V_ENCL) is a
 * Real known only to lie in [lo, hi] with lo < hi (a transcendental function's value, eval_trans.c);
 * it is never of sort Int (a model may give one: cvc4 prints b = (+ 1.0 (sin 1))).
 * Tests: tests/unit/eval_test.c */
#ifndef SG_EVAL_VALUE_H
#define SG_EVAL_VALUE_H

#include <gmp.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/buf.h"
#include "front/store.h"

typedef enum sg_vkind {
  SG_V_UNDET,  /* undetermined (partial function outside the model, quantifier, limit) */
  SG_V_BOOL,   /* u.b */
  SG_V_NUM,    /* Int or Real (see sort): u.q */
  SG_V_BV,     /* u.bv: width and value */
  SG_V_FP,     /* u.fp: eb, sb and the IEEE bit pattern (canonical NaN) */
  SG_V_RM,     /* u.rm: one of SG_RM_* */
  SG_V_STR,    /* u.str: code points */
  SG_V_REGLAN, /* u.re: an evaluated regular expression (see eval_str.c) */
  SG_V_ARRAY,  /* u.arr: finite map plus default, or a function interpretation (as-array) */
  SG_V_DT,     /* u.dt: constructor id and field values */
  SG_V_UNINT,  /* u.unint: element of an uninterpreted sort, identified by index */
  SG_V_SEQ,    /* u.coll: the elements in order (cvc5's and z3's sequences) */
  SG_V_SET,    /* u.coll: distinct elements (no two of them equal), in no meaningful order */
  SG_V_BAG,    /* u.coll: distinct elements with their multiplicities (counts, all >= 1) */
  SG_V_TUPLE,  /* u.coll: the components */
  SG_V_ENCL,   /* u.encl: a Real in [lo, hi], lo < hi; irr: known to be irrational */
} sg_vkind;

typedef enum sg_rm { SG_RM_RNE, SG_RM_RNA, SG_RM_RTP, SG_RM_RTN, SG_RM_RTZ } sg_rm;

typedef struct sg_value sg_value;
typedef const sg_value *sg_val;
typedef struct sg_re sg_re; /* regular expression value, defined by eval_str.c */
typedef struct sg_encl {
  mpq_t lo, hi; /* lo < hi; the value lies in [lo, hi] */
  bool irr;     /* the value is irrational (so it equals no rational) */
} sg_encl;

struct sg_value {
  uint8_t kind;  /* sg_vkind */
  sg_sort sort;  /* its sort in the store (SG_NONE for UNDET) */
  union {
    bool b;
    mpq_t q;
    struct { uint32_t w; mpz_t z; } bv;
    struct { uint32_t eb, sb; mpz_t bits; } fp;
    uint8_t rm;
    struct { uint32_t n; uint32_t *cp; } str;
    const sg_re *re;
    sg_encl *encl;
    struct {
      sg_val dflt;       /* value at every index not in keys (UNDET if unknown) */
      uint32_t n;        /* explicit entries, later ones override earlier ones */
      sg_val *keys;
      sg_val *vals;
      uint32_t fun;      /* SG_NONE, or a model function whose graph this array is (as-array) */
      sg_term lam;       /* SG_NONE, or a closed one-variable lambda whose graph this array is
                            (z3 prints array models so); entries still override it */
    } arr;
    struct { uint32_t cons; uint32_t n; sg_val *fields; } dt;
    struct { uint32_t index; sg_atom name; } unint;
    struct { uint32_t n; sg_val *elems; const uint64_t *counts; } coll; /* counts: bags only */
  } u;
};

typedef struct sg_vpool sg_vpool;

sg_vpool *sg_vpool_new (void);
void sg_vpool_free (sg_vpool *p);
/* Raw allocation of `size` bytes that live as long as the pool (NULL on failure). */
void *sg_vpool_alloc (sg_vpool *p, size_t size);

/* Constructors: NULL on allocation failure. Inputs are copied. */
sg_val sg_v_undet (sg_vpool *p);
sg_val sg_v_bool (sg_vpool *p, const sg_store *s, bool b);
sg_val sg_v_num (sg_vpool *p, sg_sort sort, const mpq_t q);      /* canonicalises */
/* The Real in [lo, hi] (irr: known irrational): a number when lo = hi (and not irr), else an
 * enclosure; UNDET when lo > hi or lo = hi with irr (no such value). */
sg_val sg_v_encl (sg_vpool *p, sg_sort sort, const mpq_t lo, const mpq_t hi, bool irr);
sg_val sg_v_int_si (sg_vpool *p, const sg_store *s, long v);
sg_val sg_v_bv (sg_vpool *p, sg_sort sort, uint32_t w, const mpz_t z); /* reduces mod 2^w */
sg_val sg_v_fp (sg_vpool *p, sg_sort sort, uint32_t eb, uint32_t sb, const mpz_t bits); /* canonical NaN */
sg_val sg_v_rm (sg_vpool *p, const sg_store *s, sg_rm rm);
sg_val sg_v_str (sg_vpool *p, const sg_store *s, const uint32_t *cp, uint32_t n);
sg_val sg_v_re (sg_vpool *p, const sg_store *s, const sg_re *re);
sg_val sg_v_array (sg_vpool *p, sg_sort sort, sg_val dflt, const sg_val *keys, const sg_val *vals,
                   uint32_t n, uint32_t fun);
/* The array whose graph is the closed lambda term lam (one variable, no other bound variable). */
sg_val sg_v_array_lambda (sg_vpool *p, sg_sort sort, sg_term lam);
sg_val sg_v_dt (sg_vpool *p, sg_sort sort, uint32_t cons, const sg_val *fields, uint32_t n);
sg_val sg_v_unint (sg_vpool *p, sg_sort sort, uint32_t index, sg_atom name);
/* A sequence, set, bag or tuple (kind SG_V_SEQ..SG_V_TUPLE); counts only for bags. The caller
 * keeps the invariants (set and bag elements pairwise different, counts >= 1). */
sg_val sg_v_coll (sg_vpool *p, sg_vkind kind, sg_sort sort, const sg_val *elems, const uint64_t *counts,
                  uint32_t n);

static inline bool sg_v_is_undet (sg_val v) { return !v || v->kind == SG_V_UNDET; }

/* SMT-LIB `=` on two values of the same sort: 1 equal, 0 different, -1 undetermined (e.g.
 * arrays whose defaults are unknown). FP `=` is identity: NaN = NaN, +0 != -0. An enclosure
 * differs from a value outside it, and an irrational one from every number; else -1. */
int sg_v_equal (sg_val a, sg_val b);

/* The value as an SMT-LIB term text (for messages and model printing). */
void sg_v_print (const sg_store *s, sg_val v, sg_buf *b);

/* Decode an SMT-LIB 2.6 string literal's content (\u{d..d} with 1 to 5 hex digits, \udddd) into
 * code points; false if an escape is malformed (then it is kept literally, as 2.6 says). */
bool sg_str_decode (const char *text, uint32_t len, uint32_t **cp /* OUT, malloc'd */,
                    uint32_t *n /* OUT */);

#endif
