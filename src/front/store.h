/* store: one formula store — interned atoms, hash-consed sorts, the hash-consed term DAG and the
 * declarations (functions, sorts, datatypes, annotations) its terms refer to.
 * Owns: every sg_sort, sg_term and declaration id it returns; all are freed only with the store.
 * Invariants: ids are dense; a term's children have smaller ids than the term (id order is
 * topological); equal structure gives an equal id; construction never normalises (operators and
 * operand order are kept as written). Every sg_mk_* type-checks and fails with SG_RC_SORT and a
 * message in store->err instead of building an ill-sorted term. The hash tables are powers of
 * two, at most half full. These are assert()ed where they are established (store.c) and the
 * term and sort accessors below assert their id is the store's: on in Debug and sanitizer
 * builds (CMakeLists.txt: only the release types define NDEBUG), nothing in a release build.
 * Tests: tests/unit/front_test.c */
#ifndef SG_FRONT_STORE_H
#define SG_FRONT_STORE_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/rc.h"
#include "base/vec.h"
#include "front/atom.h"
#include "front/ops.h"

typedef uint32_t sg_sort;
typedef uint32_t sg_term;
#define SG_NONE UINT32_MAX

typedef enum sg_sort_kind {
  SG_SORT_BOOL, SG_SORT_INT, SG_SORT_REAL, SG_SORT_STRING, SG_SORT_REGLAN, SG_SORT_RM,
  SG_SORT_BV,    /* a = width */
  SG_SORT_FP,    /* a = eb, b = sb */
  SG_SORT_ARRAY, /* a = index sort, b = element sort */
  SG_SORT_USER,  /* declared sort: a = sortdecl id, args = parameters */
  SG_SORT_DT,    /* datatype: a = dt id, args = parameters */
  SG_SORT_PARAM, /* sort parameter of par/define-sort/datatypes: a = atom of its name */
  /* Extensions (cvc5, z3): parameters in args like USER/DT. */
  SG_SORT_SEQ,   /* (Seq E): args = E */
  SG_SORT_SET,   /* (Set E): args = E (cvc5's (Relation T...) is (Set (Tuple T...))) */
  SG_SORT_BAG,   /* (Bag E): args = E (cvc5's (Table T...) is (Bag (Tuple T...))) */
  SG_SORT_TUPLE, /* (Tuple T...): args = T... (none: the unit tuple, printed Tuple as cvc5 1.0.3
                    writes it; newer cvc5 UnitTuple is read too) */
  SG_SORT_FUN,   /* (-> D... R): args = D..., R (higher-order; at least one D) */
} sg_sort_kind;

/* Sort kinds whose parameters are the sort list `args` in the pool. */
static inline bool
sg_sort_kind_has_args (unsigned k)
{
  return k == SG_SORT_USER || k == SG_SORT_DT || k >= SG_SORT_SEQ;
}

typedef struct sg_sortnode {
  uint8_t kind;   /* sg_sort_kind */
  uint32_t a, b;  /* see sg_sort_kind */
  uint32_t nargs; /* parameters of USER/DT/SEQ/SET/BAG/TUPLE/FUN sorts */
  uint32_t args;  /* offset of the parameter sort ids in store->pool */
  uint32_t size;  /* symbols of its printed form, as a tree (at most SG_LIMIT_SORT_SIZE) */
} sg_sortnode;

/* Term flags. */
enum {
  SG_TF_IMPLICIT = 1, /* an Int-to-Real coercion the input left implicit: printed as its child */
  SG_TF_AS = 2,       /* qualified identifier: printed as (as id sort); on an APP or DT_CONS
                         also where the bare name would be ambiguous (overloaded), on a
                         DT_TEST as (_ is (as C S)), S the argument's sort */
  SG_TF_DASH = 4,     /* DT_TEST written as is-C instead of (_ is C) */
  SG_TF_CURRY = 8,    /* HO_APPLY written (f a...) instead of (@ f a...) */
  SG_TF_APPLY = 16,   /* SELECT written (a i), an array applied as a function (z3) */
};

typedef struct sg_node {
  uint16_t op;    /* sg_op */
  uint8_t flags;  /* SG_TF_* */
  uint8_t nidx;   /* numeric indices, stored after the children */
  sg_sort sort;   /* sort of the term */
  uint32_t nargs; /* children */
  uint32_t args;  /* offset in store->args: nargs children, then nidx indices */
  uint32_t aux;   /* op-specific (see sg_op): atom, fun id, constructor id, annotation id */
} sg_node;

typedef enum sg_fun_kind {
  SG_FUN_DECLARED, /* declare-fun / declare-const */
  SG_FUN_DEFINED,  /* define-fun */
  SG_FUN_REC,      /* define-fun-rec / define-funs-rec */
  SG_FUN_NAMED,    /* a :named annotation */
} sg_fun_kind;

typedef struct sg_fun {
  sg_atom name;      /* its symbol */
  uint8_t kind;      /* sg_fun_kind */
  uint32_t nparams;  /* arity */
  uint32_t params;   /* offset in pool: parameter sorts */
  uint32_t vars;     /* offset in pool: parameter BVAR terms (defined functions) */
  sg_sort ret;       /* result sort */
  sg_term body;      /* definition as parsed (defined/named), SG_NONE otherwise */
} sg_fun;

typedef struct sg_sortdecl {
  sg_atom name;     /* its symbol */
  bool defined;     /* define-sort (true) or declare-sort (false) */
  uint32_t arity;   /* number of parameters */
  uint32_t params;  /* offset in pool: PARAM sorts (define-sort) */
  sg_sort body;     /* define-sort body */
} sg_sortdecl;

typedef struct sg_dt {
  sg_atom name;     /* its symbol */
  uint32_t nparams; /* par parameters */
  uint32_t params;  /* offset in pool: PARAM sorts */
  uint32_t ncons;   /* constructors, contiguous from `cons` */
  uint32_t cons;    /* first constructor id */
  uint32_t group;   /* first dt id of the declare-datatypes it came from */
  uint32_t ngroup;  /* number of datatypes in that command */
} sg_dt;

typedef struct sg_dtcons {
  sg_atom name;  /* its symbol */
  uint32_t dt;   /* owning datatype */
  uint32_t nsel; /* selectors, contiguous from `sel` */
  uint32_t sel;  /* first selector id */
} sg_dtcons;

typedef struct sg_dtsel {
  sg_atom name;  /* its symbol */
  uint32_t cons; /* owning constructor */
  sg_sort sort;  /* field sort, may mention the dt's PARAM sorts */
} sg_dtsel;

typedef enum sg_attr_kind { SG_ATTR_NAMED, SG_ATTR_PATTERN, SG_ATTR_OTHER } sg_attr_kind;

typedef struct sg_attr {
  sg_atom key;    /* keyword, with colon */
  uint8_t kind;   /* sg_attr_kind */
  uint32_t value; /* NAMED: atom of the name; PATTERN: number of terms (taken in order from the
                     ANNOT node's children after the first); OTHER: atom of the value's text, or
                     SG_ATOM_NONE when the attribute has no value */
} sg_attr;

typedef struct sg_annot {
  uint32_t nattrs; /* attributes, contiguous from `attrs` */
  uint32_t attrs;  /* first index in store->attrs */
  uint32_t named;  /* fun id created by :named, or SG_NONE */
} sg_annot;

typedef struct sg_store {
  sg_atoms atoms;             /* symbols, keywords, literal texts */
  SG_VEC (sg_sortnode) sorts; /* hash-consed sorts */
  uint32_t *sort_table;       /* open addressing, id+1 */
  uint32_t sort_tcap;         /* power of two */
  SG_VEC (sg_node) nodes;     /* hash-consed terms */
  uint32_t *term_table;       /* open addressing, id+1 */
  uint32_t term_tcap;         /* power of two */
  sg_u32vec args;             /* children and indices of terms */
  sg_u32vec pool;             /* sort lists and variable lists of declarations */
  SG_VEC (sg_fun) funs;       /* function declarations and definitions */
  SG_VEC (sg_sortdecl) sortdecls;
  SG_VEC (sg_dt) dts;
  SG_VEC (sg_dtcons) conss;
  SG_VEC (sg_dtsel) sels;
  SG_VEC (sg_annot) annots;
  SG_VEC (sg_attr) attrs;
  sg_sort s_bool, s_int, s_real, s_string, s_reglan, s_rm; /* the basic sorts */
  uint64_t coerce_literals;   /* implicit Int-to-Real coercions of numerals */
  uint64_t coerce_terms;      /* implicit Int-to-Real coercions of other terms (mixing) */
  uint32_t fresh;             /* counter for sg_store_fresh_atom */
  bool fp_sort_names;         /* sg_sort_print writes Float16/32/64/128 for those formats (the
                                 reducer's rounds; false, the indexed form, everywhere else) */
  char err[512];              /* message of the last failed sg_mk_* */
} sg_store;

sg_rc sg_store_init (sg_store *s);
void sg_store_free (sg_store *s);

/* ---- sorts ---- */
/* The accessors assert that the id is the store's (on in Debug and sanitizer builds). */
static inline const sg_sortnode *sg_sort_node (const sg_store *s, sg_sort x) { assert (x < s->sorts.n); return &s->sorts.a[x]; }
static inline sg_sort_kind sg_sort_kind_of (const sg_store *s, sg_sort x) { return (sg_sort_kind) sg_sort_node (s, x)->kind; }
static inline uint32_t sg_sort_bv_width (const sg_store *s, sg_sort x) { return sg_sort_node (s, x)->a; }
sg_rc sg_sort_bv (sg_store *s, uint32_t width, sg_sort *out /* OUT */);
sg_rc sg_sort_fp (sg_store *s, uint32_t eb, uint32_t sb, sg_sort *out /* OUT */);
sg_rc sg_sort_array (sg_store *s, sg_sort index, sg_sort elem, sg_sort *out /* OUT */);
/* (-> args[0] ... args[n-1]): n >= 2, a function-sorted range flattened into the domain. */
sg_rc sg_sort_fun (sg_store *s, const sg_sort *args, uint32_t n, sg_sort *out /* OUT */);
sg_rc sg_sort_make (sg_store *s, sg_sort_kind kind, uint32_t a, uint32_t b, const sg_sort *args,
                    uint32_t nargs, sg_sort *out /* OUT */);
/* Replace PARAM sorts params[i] by args[i] in x (iterative). */
sg_rc sg_sort_subst (sg_store *s, sg_sort x, const sg_sort *params, const sg_sort *args,
                     uint32_t n, sg_sort *out /* OUT */);
/* Print a sort in SMT-LIB syntax. */
void sg_sort_print (const sg_store *s, sg_sort x, sg_buf *b);
static inline bool sg_sort_is_numeric (const sg_store *s, sg_sort x)
{ return x == s->s_int || x == s->s_real; }

/* ---- terms ---- */
static inline const sg_node *sg_term_node (const sg_store *s, sg_term t) { assert (t < s->nodes.n); return &s->nodes.a[t]; }
static inline sg_op sg_term_op (const sg_store *s, sg_term t) { return (sg_op) sg_term_node (s, t)->op; }
static inline sg_sort sg_term_sort (const sg_store *s, sg_term t) { return sg_term_node (s, t)->sort; }
static inline uint32_t sg_term_nargs (const sg_store *s, sg_term t) { return sg_term_node (s, t)->nargs; }
static inline const uint32_t *sg_term_args (const sg_store *s, sg_term t) { return s->args.a + sg_term_node (s, t)->args; }
static inline sg_term sg_term_arg (const sg_store *s, sg_term t, uint32_t i) { return s->args.a[sg_term_node (s, t)->args + i]; }
static inline const uint32_t *sg_term_indices (const sg_store *s, sg_term t) { const sg_node *n = sg_term_node (s, t); return s->args.a + n->args + n->nargs; }
static inline uint32_t sg_term_count (const sg_store *s) { return s->nodes.n; }

/* Hash-cons a node exactly as given (no checks): for the type checker and tests only. */
sg_rc sg_term_intern (sg_store *s, sg_op op, uint8_t flags, sg_sort sort, const sg_term *args,
                      uint32_t nargs, const uint32_t *idx, uint32_t nidx, uint32_t aux,
                      sg_term *out /* OUT */);

/* Checked constructors. On SG_RC_SORT, store->err says why. */
sg_rc sg_mk_true (sg_store *s, sg_term *out /* OUT */);
sg_rc sg_mk_false (sg_store *s, sg_term *out /* OUT */);
/* Literal from its SMT-LIB text: op is NUMERAL, DECIMAL, HEX, BIN or STRING (decoded content).
 * A DECIMAL without fraction digits ("2.", which z3 reads) is kept as "2.0". */
sg_rc sg_mk_literal (sg_store *s, sg_op op, const char *text, uint32_t len, sg_term *out /* OUT */);
sg_rc sg_mk_bvlit (sg_store *s, const char *digits, uint32_t len, uint32_t width, sg_term *out);
/* The sort of a letter of ops.def's signatures (B Bool, I Int, R Real, S String, L RegLan,
 * M RoundingMode), or SG_NONE (check_rules.c). */
sg_sort sg_sort_of_letter (const sg_store *s, char c);
/* Built-in operator application (rows of ops.def), with Int-to-Real coercion where solvers
 * accept it (recorded in coerce_*). */
sg_rc sg_mk_app (sg_store *s, sg_op op, const sg_term *args, uint32_t nargs, const uint32_t *idx,
                 uint32_t nidx, sg_term *out /* OUT */);
/* A polymorphic built-in (rule POLY) written (as op S): its result sort is S (set.empty,
 * seq.empty, bag.empty, sep.nil, ...); printed with the qualification (flag SG_TF_AS). */
sg_rc sg_mk_app_as (sg_store *s, sg_op op, const sg_term *args, uint32_t nargs, sg_sort as,
                    sg_term *out /* OUT */);
/* For generators of applications (typefuzz): can the POLY operator op have result sort S? */
bool sg_poly_returns (sg_store *s, sg_op op, sg_sort S);
/* The sorts of n arguments of POLY op for result S, the sort variables S leaves open taking
 * open[0], open[1], ... (SG_POLY_OPEN of them); false when op cannot return S with n
 * arguments. */
#define SG_POLY_OPEN 5
bool sg_poly_args (sg_store *s, sg_op op, sg_sort S, const sg_sort *open, uint32_t n, sg_sort *args /* OUT */);
sg_rc sg_mk_fun_app (sg_store *s, uint32_t fun, const sg_term *args, uint32_t nargs,
                     sg_term *out /* OUT */);
/* Make *t have sort want where solvers accept it: an implicit Int-to-Real coercion (counted),
 * a one-variable lambda as an array (z3). False when *t cannot have that sort. */
bool sg_term_fit (sg_store *s, sg_term *t, sg_sort want);
/* Higher-order: function `fun` (with parameters) as a value of sort (-> params... ret). */
sg_rc sg_mk_fun_ref (sg_store *s, uint32_t fun, sg_term *out /* OUT */);
/* (@ head a1 ... an), or (head a1 ... an) when `curry` (head a variable, a constant of a
 * function sort or a function used with fewer or more arguments than it declares). */
sg_rc sg_mk_ho_apply (sg_store *s, sg_term head, const sg_term *args, uint32_t n, bool curry,
                      sg_term *out /* OUT */);
sg_rc sg_mk_bvar (sg_store *s, sg_atom name, sg_sort sort, sg_term *out /* OUT */);
/* LET (v1 t1 ... vn tn body), FORALL/EXISTS/LAMBDA (v1 ... vn body). */
sg_rc sg_mk_binder (sg_store *s, sg_op op, const sg_term *args, uint32_t nargs, sg_term *out);
sg_rc sg_mk_match (sg_store *s, const sg_term *args, uint32_t nargs, sg_term *out /* OUT */);
sg_rc sg_mk_annot (sg_store *s, const sg_term *args, uint32_t nargs, uint32_t annot, sg_term *out);
sg_rc sg_mk_const_array (sg_store *s, sg_sort array, sg_term value, sg_term *out /* OUT */);
/* Constructor application; `as` is the sort given by (as C S) or SG_NONE. */
sg_rc sg_mk_dt_cons (sg_store *s, uint32_t cons, const sg_term *args, uint32_t nargs, sg_sort as,
                     sg_term *out /* OUT */);
sg_rc sg_mk_dt_sel (sg_store *s, uint32_t sel, sg_term arg, sg_term *out /* OUT */);
/* cvc5's updater ((_ update SEL) t v): t with the field of selector sel set to v. */
sg_rc sg_mk_dt_update (sg_store *s, uint32_t sel, sg_term t, sg_term v, sg_term *out /* OUT */);
sg_rc sg_mk_dt_test (sg_store *s, uint32_t cons, sg_term arg, bool dash, sg_term *out /* OUT */);
/* Same operator, flags, aux and indices as t, new children (type-checked again). */
sg_rc sg_term_rebuild (sg_store *s, sg_term t, const sg_term *args, sg_term *out /* OUT */);

/* ---- streaming: forget what one command built ---- */
typedef struct sg_store_mark {
  uint32_t nodes, args, atoms, annots, attrs; /* sizes to return to */
  uint32_t funs, sortdecls, dts;              /* must be unchanged for a rollback */
  uint64_t coerce_literals, coerce_terms;
} sg_store_mark;
void sg_store_mark_get (const sg_store *s, sg_store_mark *m /* OUT */);
/* Drop every term, atom and annotation created since m, unless declarations were added since
 * (returns false and changes nothing then). Ids created since m become invalid. */
bool sg_store_rollback (sg_store *s, const sg_store_mark *m);

/* ---- declarations ---- */
sg_rc sg_store_add_fun (sg_store *s, sg_atom name, sg_fun_kind kind, const sg_sort *params,
                        uint32_t n, sg_sort ret, uint32_t *id /* OUT */);
/* A symbol that is not yet interned in this store: cannot clash with any name in it. */
sg_rc sg_store_fresh_atom (sg_store *s, const char *prefix, sg_atom *out /* OUT */);
static inline const char *sg_store_text (const sg_store *s, sg_atom a) { return sg_atom_text (&s->atoms, a); }

#endif
