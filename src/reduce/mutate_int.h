/* mutate_int: what mutate.c (candidates), mutate_sites.c (sites), mutate_text.c (whole-text
 * sites) and mutate_dd.c / mutate_dd_text.c (ddSMT's rewrites: term and whole-text sites) share
 * (not part of the reducer's interface).
 * Owns nothing. */
#ifndef SG_REDUCE_MUTATE_INT_H
#define SG_REDUCE_MUTATE_INT_H

#include "reduce/mutate.h"

/* Keep b's text as a whole-candidate site of r (a copy). */
sg_rc sg_round_add_text (sg_round *r, sg_buf *b);

/* Whole-text sites (mutate_text.c): renamings, set-logic, unused datatype constructors. */
sg_rc sg_round_sites_names (sg_round *r);
sg_rc sg_round_sites_logic (sg_round *r);
sg_rc sg_round_sites_dt (sg_round *r);

/* One occurrence that a term mutator looks at (mutate_sites.c: sites_terms). */
typedef struct sg_term_site {
  sg_round *r;
  sg_store *s;
  const sg_occs *o;
  const sg_occ *oc;        /* the occurrence */
  uint32_t i;              /* its index */
  sg_term t;               /* its term */
  sg_op op;                /* t's operator */
  uint32_t n;              /* t's argument count */
  sg_sort so;              /* t's sort */
  int variant;             /* which of the two passes over the occurrences */
  sg_u32vec *args;         /* scratch */
  const sg_u32vec *firsts; /* replace-by-variable: (sort, first declared constant) pairs */
} sg_term_site;

/* Add a site to r. */
sg_rc sg_mut_push_site (sg_round *r, sg_site_kind k, uint32_t a, uint32_t b, sg_term t, sg_term u,
                        uint32_t f);
/* A constant of sort x: variant 0 is the smallest, 1 the next. SG_RC_SORT when none. */
sg_rc sg_mut_constant (sg_store *s, sg_sort x, int variant, sg_term *out);
/* Is x a declared constant (a 0-ary declare-fun/declare-const application)? */
bool sg_mut_is_declared_const (const sg_store *s, sg_term x);
/* Does t contain x? Iterative, over at most `budget` distinct nodes; true when unsure. */
bool sg_mut_may_contain (const sg_store *s, sg_term t, sg_term x, uint32_t budget);
/* Is there already a SUBST site for term t (any replacement)? */
bool sg_mut_have_subst (const sg_round *r, sg_term t);
/* The sites of the ddSMT rewrite rows at one occurrence (mutate_dd.c; nothing for other rows). */
sg_rc sg_mut_dd_site (const sg_term_site *ts, sg_mutator m);
/* Whole-text sites of the ddSMT rows (mutate_dd_text.c): FP sorts in a smaller format, unused
 * datatypes of a group and unused fields, recursive functions of a group. */
sg_rc sg_round_sites_fpsort (sg_round *r);
sg_rc sg_round_sites_dtrem (sg_round *r);
sg_rc sg_round_sites_recfun (sg_round *r);
/* Whole-text sites of incremental scripts (mutate_incr.c): one assumption or get-value term
 * dropped; a named assertion removed with its name's uses as assumptions. */
sg_rc sg_round_sites_assume (sg_round *r);
sg_rc sg_round_sites_named (sg_round *r);
/* replace-by-term (mutate_reuse.c): every occurrence of a declared constant -> a term of its
 * sort that the script has, the declaration deleted (SG_SITE_ELIM sites). */
sg_rc sg_round_sites_reuse (sg_round *r);

/* An occurrence the reducer may replace (not a binder's variable list, a pattern, ...). */
bool sg_mut_replaceable (const sg_occ *o);
/* A term like t (its operator, indices and sort) over args[0..n) into out. */
sg_rc sg_mut_like (sg_store *s, sg_term t, const sg_term *args, uint32_t n, sg_term *out);

#endif
