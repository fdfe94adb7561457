/* ops: the operator table generated from ops.def, and the well-known words from wk.def.
 * Owns: nothing mutable; every table here is static const.
 * Tests: tests/unit/front_test.c */
#ifndef SG_FRONT_OPS_H
#define SG_FRONT_OPS_H

#include <stdbool.h>
#include <stdint.h>

/* Well-known atoms: interned first in every store, so atom id == SG_WK_<ID>. */
typedef enum sg_wk {
#define WK(id, text) SG_WK_##id,
#include "front/wk.def"
#undef WK
  SG_WK_COUNT
} sg_wk;
#define SG_WK_LAST_COMMAND SG_WK_SIMPLIFY /* commands are the atoms 0..SG_WK_LAST_COMMAND */

/* Operators. Special (syntactic) operators come first, then the rows of ops.def. */
typedef enum sg_op {
  SG_OP_NUMERAL,     /* literal, aux = atom of the digits, sort Int */
  SG_OP_DECIMAL,     /* literal, aux = atom of the text, sort Real */
  SG_OP_HEX,         /* literal #x..., aux = atom of the text, sort BV(4n) */
  SG_OP_BIN,         /* literal #b..., aux = atom of the text, sort BV(n) */
  SG_OP_STRING,      /* literal, aux = atom of the decoded content, sort String */
  SG_OP_BVLIT,       /* (_ bvN w): aux = atom of the digits of N, index[0] = w */
  SG_OP_APP,         /* application of a declared/defined/named function, aux = fun id */
  SG_OP_BVAR,        /* bound variable, aux = atom of its name */
  SG_OP_LET,         /* args: v1 t1 ... vn tn body */
  SG_OP_FORALL,      /* args: v1 ... vn body */
  SG_OP_EXISTS,      /* args: v1 ... vn body */
  SG_OP_MATCH,       /* args: scrutinee, pattern1, rhs1, ...; patterns are BVARs or DT_CONS */
  SG_OP_ANNOT,       /* (! t attrs): args: t, then :pattern terms; aux = annotation id */
  SG_OP_CONST_ARRAY, /* ((as const (Array I E)) v): args: v */
  SG_OP_DT_CONS,     /* constructor application, aux = constructor id */
  SG_OP_DT_SEL,      /* selector application, aux = selector id */
  SG_OP_DT_TEST,     /* ((_ is C) t), aux = constructor id; flag SG_TF_DASH prints is-C */
  SG_OP_AS_ARRAY,    /* z3 models: (_ as-array f), the array whose graph is unary f; aux = fun */
  SG_OP_FUN_REF,     /* a declared or defined function used as a value (higher-order), aux =
                        fun id, sort (-> params... ret) */
  SG_OP_LAMBDA,      /* (lambda ((x S)...) t): args: v1 ... vn body, sort (-> S... T) */
  SG_OP_SET_COMP,    /* cvc5: (set.comprehension ((x S)...) p t): args v1 ... vn p t, sort
                        (Set T) */
  SG_OP_DT_UPDATE,   /* cvc5: ((_ update SEL) t v), aux = selector id */
  SG_OP_FMF_CARD,    /* cvc5: (_ fmf.card S n), aux = sort S, index[0] = n; Bool */
  SG_OP_FIRST_BUILTIN,
#define OP(id, name, th, mina, maxa, nidx, rule, sig, canon) SG_OP_##id,
#include "front/ops.def"
#undef OP
  SG_OP_COUNT
} sg_op;

typedef enum sg_theory {
  SG_TH_CORE, SG_TH_ARITH, SG_TH_INT, SG_TH_REAL, SG_TH_INTREAL, SG_TH_BV, SG_TH_FP,
  SG_TH_ARRAY, SG_TH_STRING, SG_TH_DT, SG_TH_UF, SG_TH_QUANT, SG_TH_SYNTAX,
  /* Extensions (cvc5 1.0.3, z3 4.8.12); the evaluator leaves them undetermined. */
  SG_TH_SET,   /* sets and relations */
  SG_TH_BAG,   /* bags and tables */
  SG_TH_SEQ,   /* sequences */
  SG_TH_TUPLE, /* tuples */
  SG_TH_TRANS, /* transcendental functions */
  SG_TH_SEP,   /* separation logic */
  SG_TH_HO,    /* higher-order: @, lambda, functions as values */
  SG_TH_EXT,   /* other solver extensions (iand, int.pow2, rem, pseudo-Booleans, ...) */
} sg_theory;

/* Is th one of the extension theories above? */
static inline bool sg_theory_is_ext (unsigned th) { return th >= SG_TH_SET; }

typedef enum sg_rule {
  SG_RULE_SPECIAL, SG_RULE_SIG, SG_RULE_EQ, SG_RULE_ITE, SG_RULE_ARITH, SG_RULE_ARITH_CMP,
  SG_RULE_BV_SAME, SG_RULE_BV_CMP, SG_RULE_BV_COMP, SG_RULE_BV_CONCAT, SG_RULE_BV_EXTRACT,
  SG_RULE_BV_REPEAT, SG_RULE_BV_EXTEND, SG_RULE_BV_RED, SG_RULE_BV_PRED, SG_RULE_BV2NAT,
  SG_RULE_NAT2BV, SG_RULE_FP_FP, SG_RULE_FP_CONST, SG_RULE_FP_SAME, SG_RULE_FP_RM,
  SG_RULE_FP_CMP, SG_RULE_FP_PRED, SG_RULE_TO_FP, SG_RULE_TO_FP_UNSIGNED, SG_RULE_FP_TO_BV,
  SG_RULE_FP_TO_REAL, SG_RULE_FP_TO_IEEE_BV, SG_RULE_SELECT, SG_RULE_STORE, SG_RULE_TO_REAL,
  SG_RULE_POLY,         /* "signature" over sort variables a b c and (Set p) (Seq p) (Bag p)
                           (Array p q) (-> p... q) (Tuple p...); one argument pattern may
                           carry '*' (it takes the arguments the others leave, at least one);
                           trailing arguments past MIN_ARGS are optional */
  SG_RULE_TUPLE,        /* (tuple t1 ... tn): (Tuple S1 ... Sn) */
  SG_RULE_TUPLE_SELECT, /* ((_ tuple.select i) t) */
  SG_RULE_TUPLE_UPDATE, /* ((_ tuple.update i) t v) */
  SG_RULE_REL,          /* rel.join, rel.product, rel.transpose, rel.tclosure, rel.join_image,
                           rel.iden (and table.product) over (Set (Tuple ...)) */
  SG_RULE_HO_APPLY,     /* (@ f a1 ... an): f of sort (-> D1 ... Dm R), n <= m */
  SG_RULE_PROJECT,      /* cvc5's column operators with any number of indices (N_INDICES
                           SG_NIDX_ANY): tuple/rel/table.project, rel/table.group, table.join */
} sg_rule;

#define SG_ARGS_N 0xffffu /* MAX_ARGS of an n-ary operator */
#define SG_NIDX_ANY 0xffu /* N_INDICES of an operator taking any number of indices (up to 8) */

typedef struct sg_opinfo {
  const char *name;   /* SMT-LIB name; NULL for special operators */
  uint8_t theory;     /* sg_theory */
  uint8_t rule;       /* sg_rule */
  uint8_t nidx;       /* number of numeric indices */
  uint16_t min_args;  /* arity guard */
  uint16_t max_args;  /* SG_ARGS_N = unbounded */
  const char *sig;    /* signature for SG_RULE_SIG */
  uint16_t canon;     /* the standard operator this one is an alias of (itself if standard) */
} sg_opinfo;

const sg_opinfo *sg_op_info (sg_op op);
static inline const char *sg_op_name (sg_op op) { return sg_op_info (op)->name; }
/* Text of a well-known word. */
const char *sg_wk_text (sg_wk w);
/* Number of named built-in operators (interned after the well-known words). */
#define SG_OP_NAMED_COUNT ((uint32_t) (SG_OP_COUNT - SG_OP_FIRST_BUILTIN - 1))
/* Built-in operators are interned right after the well-known words. */
static inline bool
sg_atom_is_builtin_op (uint32_t atom)
{
  return atom >= SG_WK_COUNT && atom < SG_WK_COUNT + SG_OP_NAMED_COUNT;
}
static inline sg_op
sg_atom_builtin_op (uint32_t atom)
{
  return (sg_op) (atom - SG_WK_COUNT + SG_OP_FIRST_BUILTIN + 1);
}
static inline uint32_t
sg_op_atom (sg_op op)
{
  return (uint32_t) (op - SG_OP_FIRST_BUILTIN - 1) + SG_WK_COUNT;
}

#endif
