/* mutate_int: what mutate.c (candidates), mutate_sites.c (sites) and mutate_text.c (whole-text
 * sites) share (not part of the reducer's interface).
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

/* Whole-text sites of incremental scripts (mutate_incr.c): one assumption or get-value term
 * dropped; a named assertion removed with its name's uses as assumptions. */
sg_rc sg_round_sites_assume (sg_round *r);
sg_rc sg_round_sites_named (sg_round *r);

/* An occurrence the reducer may replace (not a binder's variable list, a pattern, ...). */
bool sg_mut_replaceable (const sg_occ *o);
/* A term like t (its operator, indices and sort) over args[0..n) into out. */
sg_rc sg_mut_like (sg_store *s, sg_term t, const sg_term *args, uint32_t n, sg_term *out);

#endif
