/* fusion: Semantic Fusion (YinYang; docs TECHNIQUES.md §2) — fuse two seeds of known status into
 * one mutant of known status through fusion functions z = f(x,y), x = r_x(y,z), y = r_y(x,z).
 * Owns: the fusion table (its function texts); each sg_fuse_text call owns a private store and
 *   scripts for the two seeds, freed before it returns. The mutant is printed into the caller's
 *   buffer.
 * Invariants: every function in a table was validated on sample values with the evaluator (the
 *   two inversion equations never evaluate to false); unsat and mixed-unsat fusion assert all
 *   three equations per triplet (corrected Prop. 3.2.2); sat fusion uses at most one partial
 *   (division-based) triplet and none when a seed divides (trap 2); only free occurrences inside
 *   asserts are replaced; every declared symbol that could clash or be captured is renamed apart.
 * Renaming: both seeds are parsed into one store by separate parsers, so each gets its own
 *   declaration records; a clash is only one of printed names. A declared symbol (function,
 *   sort, datatype, constructor, selector) of seed 2 whose name was already interned while seed 1
 *   was read, and any declared function of either seed whose name is also a bound variable name
 *   somewhere, gets a fresh name (sg_store_fresh_atom) by changing its record's name; terms
 *   refer to declarations by id, so no term is rebuilt.
 * Tests: tests/unit/fusion_test.c */
#ifndef SG_TECH_FUSION_H
#define SG_TECH_FUSION_H

#include "base/buf.h"
#include "base/rc.h"
#include "base/rng.h"
#include "base/vec.h"
#include "front/store.h"

/* Feature bits of a fusion function (also used for logic computation). */
enum {
  SG_FF_INT = 1,       /* uses Int terms */
  SG_FF_REAL = 2,      /* uses Real terms */
  SG_FF_STRING = 4,    /* uses strings */
  SG_FF_BV = 8,        /* uses bit-vectors */
  SG_FF_NONLINEAR = 16,/* multiplies or divides variables */
  SG_FF_PARTIAL = 32,  /* divides by a term that mentions x, y or z (not exact at 0) */
};

typedef struct sg_fusion_fn {
  uint8_t kind;     /* sg_sort_kind of x, y, z: INT, REAL, STRING or BV (any width) */
  uint32_t feats;   /* SG_FF_* */
  char *decls;      /* names of the random constants, each followed by NUL, then a final NUL */
  uint32_t nconsts; /* number of random constants */
  char *eq[3];      /* printed terms: f(x,y), r_x(y,z), r_y(x,z) */
  char *origin;     /* "file:line" of its #begin */
} sg_fusion_fn;

typedef struct sg_fusion_table {
  SG_VEC (sg_fusion_fn) fns;
} sg_fusion_table;

void sg_fusion_table_init (sg_fusion_table *t);
void sg_fusion_table_free (sg_fusion_table *t);
/* Load `#begin ... #end` blocks (lines outside blocks starting with ';' or blank are
 * ignored). Each block declares x, y, z (same sort: Int, Real, String or a BitVec) and
 * optional constants, then exactly three asserts (= z f), (= x r_x), (= y r_y). Each function
 * is validated on 50 random samples (seeded by `seed`); the first bad block stops the load
 * with name:line:col in d (functions loaded before it are kept). */
sg_rc sg_fusion_table_load_string (sg_fusion_table *t, const char *text, size_t len,
                                   const char *name, uint64_t seed, sg_diag *d);
sg_rc sg_fusion_table_load_file (sg_fusion_table *t, const char *path, uint64_t seed,
                                 sg_diag *d);
/* The built-in functions of fusion_table.def (through the same loader). */
sg_rc sg_fusion_table_add_builtins (sg_fusion_table *t, sg_diag *d);
/* The built-in functions as one function-file text (static storage). */
const char *sg_fusion_builtin_text (void);

typedef enum sg_fuse_mode {
  SG_FUSE_SAT,         /* both seeds sat: A1' and A2' (sat) */
  SG_FUSE_UNSAT,       /* both unsat: (A1' or A2') and the three equations per triplet (unsat) */
  SG_FUSE_MIXED_SAT,   /* seed 1 sat, seed 2 unsat: A1' or A2' (sat) */
  SG_FUSE_MIXED_UNSAT, /* seed 1 sat, seed 2 unsat: A1' and A2' and the equations (unsat) */
} sg_fuse_mode;

typedef struct sg_fuse_opts {
  sg_fuse_mode mode;
  uint32_t max_triplets; /* m: triplets per mutant (0 = 2, yinyang's default) */
} sg_fuse_opts;

typedef struct sg_fuse_info {
  uint32_t triplets; /* triplets used */
  uint32_t replaced; /* occurrences replaced (x and y together) */
  uint32_t renamed;  /* declared symbols renamed apart */
  char logic[64];    /* the set-logic of the mutant */
} sg_fuse_info;

/* Fuse seed texts s1 and s2 (names for diagnostics) into one mutant printed to out. Seeds must
 * hold one check-sat and no push/pop/reset (SG_RC_USAGE otherwise, also when no triplet can be
 * formed: no shared supported sort). Parse errors of a seed come back in d. */
sg_rc sg_fuse_text (const sg_fusion_table *t, const char *s1, size_t n1, const char *name1,
                    const char *s2, size_t n2, const char *name2, sg_rng *r,
                    const sg_fuse_opts *o, sg_buf *out /* OUT, appended */,
                    sg_fuse_info *info /* OUT, may be NULL */, sg_diag *d);

/* Rename apart, exposed for tests: declarations with ids from the marks on (seed 2) whose name
 * atom is below atoms_mark, and every declared/defined function whose name is a bound variable
 * name, get fresh names. funs_mark etc. are the store's counts after seed 1 was read. */
typedef struct sg_fuse_marks {
  uint32_t atoms, funs, sortdecls, dts, conss, sels;
} sg_fuse_marks;
void sg_fuse_marks_get (const sg_store *s, sg_fuse_marks *m /* OUT */);
sg_rc sg_fuse_rename_apart (sg_store *s, const sg_fuse_marks *m, uint32_t *renamed /* OUT */);

#endif
