/* eval_str_int: internals shared by eval_str.c (string operators) and eval_re.c (regular
 * languages): the definition of struct sg_re, the matching engine and the string limits.
 * Owns: nothing; sg_re nodes live in the value pool that built them.
 * Invariants: an sg_re is immutable and built bottom-up, so its children exist before it and
 * `height` (1 + the children's maximum) orders any set of nodes children-first; the node graph
 * is a DAG of any depth, and every traversal here is iterative.
 * Tests: tests/unit/eval_str_test.c */
#ifndef SG_EVAL_EVAL_STR_INT_H
#define SG_EVAL_EVAL_STR_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/rc.h"
#include "eval/value.h"

/* ---- limits (past them a result is SG_V_UNDET, never an error) ---------------------------- */

/* Longest string the evaluator builds (code points); str.++, str.replace_all and str.from_int
 * can grow strings without bound and 64 MB per value is more than any useful test needs. */
#ifndef SG_STR_MAX_LEN
#define SG_STR_MAX_LEN (1u << 24)
#endif
/* Longest string matched against a regular expression: the engine keeps (n+1)^2-bit matrices. */
#ifndef SG_RE_MAX_LEN
#define SG_RE_MAX_LEN 4096u
#endif
/* Bytes of match matrices alive at once during one match (256 MB). */
#ifndef SG_RE_MAX_BYTES
#define SG_RE_MAX_BYTES ((uint64_t) 256 << 20)
#endif
/* 64-bit word operations spent on one match (about a second of work). */
#ifndef SG_RE_MAX_WORK
#define SG_RE_MAX_WORK ((uint64_t) 1 << 31)
#endif

/* Largest code point of the SMT-LIB 2.6 alphabet (196608 characters). */
#define SG_STR_MAX_CHAR 0x2FFFFu

/* ---- regular-language values ------------------------------------------------------------- */

typedef enum sg_re_kind {
  SG_RE_NONE,    /* the empty language (re.none, and re.range on non-singleton bounds) */
  SG_RE_ALL,     /* every string (re.all) */
  SG_RE_ALLCHAR, /* every one-character string (re.allchar) */
  SG_RE_STR,     /* {cp[0..n)} (str.to_re) */
  SG_RE_RANGE,   /* one-character strings with lo <= code point <= hi (re.range) */
  SG_RE_CONCAT,  /* kid[0] kid[1] ... (re.++) */
  SG_RE_UNION,   /* re.union */
  SG_RE_INTER,   /* re.inter */
  SG_RE_DIFF,    /* kid[0] \ kid[1] \ ... (re.diff, left-associative) */
  SG_RE_STAR,    /* re.* */
  SG_RE_PLUS,    /* re.+ */
  SG_RE_OPT,     /* re.opt */
  SG_RE_COMP,    /* complement in the set of all strings (re.comp) */
  SG_RE_LOOP,    /* kid[0]^lo u ... u kid[0]^hi with lo <= hi ((_ re.loop lo hi), (_ re.^ n)) */
  SG_RE_POW,     /* kid[0]^lo, printed as (_ re.^ lo) (same language as LOOP lo lo) */
} sg_re_kind;

struct sg_re {
  uint8_t kind;             /* sg_re_kind */
  uint32_t height;          /* 1 for leaves, else 1 + the children's maximum height */
  uint32_t nkids;           /* children (CONCAT/UNION/INTER/DIFF: >= 1; unary kinds: 1) */
  const sg_re *const *kids; /* the children, in argument order */
  uint32_t lo, hi;          /* RANGE: code points; LOOP/POW: repetition bounds */
  uint32_t n;               /* STR: length */
  const uint32_t *cp;       /* STR: code points (pool-owned copy) */
};

/* A new node in pool p (kids and cp are copied). NULL when out of memory. */
const sg_re *sg_re_new (sg_vpool *p, sg_re_kind kind, const sg_re *const *kids, uint32_t nkids,
                        uint32_t lo, uint32_t hi, const uint32_t *cp, uint32_t n);

/* Match matrix of a regular language over one string s of length n: bit (i, j) says whether
 * s[i..j) is in the language (0 <= i <= j <= n). Row i is `words` 64-bit words from bits[i *
 * words]; bit j of row i is word j/64, bit j%64. Bits with j < i or j > n are always zero. */
typedef struct sg_re_mat {
  uint32_t n;     /* string length */
  uint32_t words; /* 64-bit words per row */
  uint64_t *bits; /* (n+1) rows, malloc'd; free with sg_re_mat_free */
} sg_re_mat;

typedef enum sg_re_status {
  SG_RE_DONE,  /* the matrix is exact */
  SG_RE_LIMIT, /* a limit (SG_RE_MAX_*) was reached: the caller's result is undetermined */
} sg_re_status;

/* The match matrix of re over s[0..n) (bottom-up over re's DAG in height order, no recursion).
 * On SG_RE_LIMIT the matrix is not set. Returns SG_RC_NOMEM on allocation failure. */
sg_rc sg_re_match (const sg_re *re, const uint32_t *s, uint32_t n, sg_re_mat *out /* OUT */,
                   sg_re_status *st /* OUT */);
void sg_re_mat_free (sg_re_mat *m);
static inline bool
sg_re_mat_get (const sg_re_mat *m, uint32_t i, uint32_t j)
{
  return (m->bits[(uint64_t) i * m->words + j / 64] >> (j % 64)) & 1u;
}
/* Smallest j >= from with bit (i, j) set, or UINT32_MAX. */
uint32_t sg_re_mat_next (const sg_re_mat *m, uint32_t i, uint32_t from);

/* re as an SMT-LIB 2.6 term (iterative). */
void sg_re_print (const sg_re *re, sg_buf *b);
/* A string literal in SMT-LIB 2.6 syntax: printable ASCII as is (" doubled), everything else,
 * backslash included, as \u{X}. */
void sg_str_print_lit (const uint32_t *cp, uint32_t n, sg_buf *b);

#endif
