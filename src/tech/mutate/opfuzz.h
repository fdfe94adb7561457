/* opfuzz: type-aware operator mutation (OpFuzz, TECHNIQUES.md §3) — operator classes loaded from
 * yinyang-style class lines, and one mutation step: swap the operator of m random occurrences for
 * another member of its class, keeping the arguments.
 * Owns: the class table of an sg_opfuzz (freed with sg_opfuzz_free). A step creates terms in the
 *   script's store (freed with the store) and changes only the script it is given.
 * Invariants: every mutant is well-sorted — each candidate is built with sg_mk_app/sg_mk_binder
 *   on the occurrence's own arguments and indices, must keep the occurrence's sort, and is put in
 *   with sg_occ_replace (type-checked again); arity guards, sort conditions and one-way rules are
 *   enforced on the occurrence; bound-variable slots and :pattern terms are never touched. The
 *   mutant stays in its set-logic: in linear arithmetic (LIA, LRA, LIRA) `*` is only chosen when
 *   all arguments but one are literals, div, mod and / only with literal divisors, abs never; in
 *   difference logic (IDL, RDL) arithmetic operators are not swapped. The same classes, script
 *   and rng state give the same mutant.
 *
 * Class file format (yinyang's config/operator_mutations.txt, "op1, op2, ... ,op_n" with
 * "=,distinct: arity: 2+", extended):
 *   line   := names [ "->" names ] { ":" cond }      (blank lines and ';' / '#' comments skipped)
 *   names  := NAME { [","] NAME }                    canonical SMT-LIB names, forall, exists
 *   cond   := "arity" ":" ( N | N"+" | N"-" | N"-"M ) exactly N, at least N, at most N, N..M
 *           | "sort" ":" SORT                        every argument has sort SORT: Bool Int Real
 *                                                    Num(Int or Real) String RegLan RoundingMode
 *                                                    BV FP Array
 * Without "->" the names form a class (each may replace each other); "a, b -> c, d" is one-way
 * (a, b may become c or d, not the reverse). Errors (unknown or alias name, duplicate, single-
 * member class, guard no member can meet, bad condition) are reported as file:line:col.
 * The defaults are src/tech/mutate/opfuzz_classes.def (= data/opfuzz.classes).
 * Tests: tests/unit/opfuzz_test.c, tests/unit/opfuzz_z3_test.c */
#ifndef SG_TECH_OPFUZZ_H
#define SG_TECH_OPFUZZ_H

#include <stdbool.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/rc.h"
#include "base/rng.h"
#include "base/vec.h"
#include "front/script.h"

#define SG_OPFUZZ_DEFAULT_M 1u      /* swaps per step (yinyang's -m is 2 between solver calls) */
#define SG_OPFUZZ_DEFAULT_CHAIN 300u /* steps per seed (§3.3) */
#define SG_OPFUZZ_MAX_OCCS (1u << 22) /* occurrences per script a step will look at */

/* Sort conditions of a class line. */
typedef enum sg_opfuzz_sortcond {
  SG_OPFUZZ_ANY, SG_OPFUZZ_BOOL, SG_OPFUZZ_INT, SG_OPFUZZ_REAL, SG_OPFUZZ_NUM, SG_OPFUZZ_STRING,
  SG_OPFUZZ_REGLAN, SG_OPFUZZ_RM, SG_OPFUZZ_BV, SG_OPFUZZ_FP, SG_OPFUZZ_ARRAY,
} sg_opfuzz_sortcond;

typedef struct sg_opfuzz_class {
  uint32_t first;    /* offset in sg_opfuzz.ops of the source names */
  uint32_t nfrom;    /* source names */
  uint32_t nto;      /* one-way: target names, after the sources; 0 = the sources are the class */
  uint32_t amin;     /* arity guard: the occurrence has amin..amax arguments */
  uint32_t amax;     /* UINT32_MAX = unbounded */
  uint8_t sortcond;  /* sg_opfuzz_sortcond on every argument */
  uint32_t line;     /* line of the class in its file (diagnostics, descriptions) */
} sg_opfuzz_class;

typedef struct sg_opfuzz {
  SG_VEC (sg_opfuzz_class) classes; /* in file order */
  sg_u32vec ops;                    /* sg_op of the class members */
  uint8_t source[SG_OP_COUNT];      /* source[op] != 0: op is a source of some class */
} sg_opfuzz;

/* Load classes from the file at path, or the compiled-in defaults when path is NULL. On error f
 * is left empty and d says where (file:line:col). */
sg_rc sg_opfuzz_load (sg_opfuzz *f /* OUT, initialised here */, const char *path, sg_diag *d);
/* Same from text in memory; `name` is the file name shown in diagnostics. */
sg_rc sg_opfuzz_parse (sg_opfuzz *f /* OUT, initialised here */, const char *text, size_t len,
                       const char *name, sg_diag *d);
void sg_opfuzz_free (sg_opfuzz *f);

/* One mutation step on sc (in place; copy the seed with sg_script_copy first to keep it): up to
 * m times, pick a random occurrence whose operator is a class source and replace its operator by
 * a random well-sorted member (trying the others when one does not type-check, then other
 * occurrences). *done (may be NULL) gets the number of swaps made (0: no occurrence can be
 * mutated; sc is unchanged). desc (may be NULL) receives one "old -> new at KIND I" per swap
 * (KIND the command name, I its 0-based index), joined by "; " (it is reset first). Swaps of one
 * step are at distinct positions. SG_RC_NOMEM, SG_RC_LIMIT on failure. */
sg_rc sg_opfuzz_step (const sg_opfuzz *f, sg_script *sc, sg_rng *rng, uint32_t m,
                      sg_buf *desc /* OUT */, uint32_t *done /* OUT */);

#endif
