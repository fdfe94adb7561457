/* mutate_int: what mutate.c and mutate_text.c share (not part of the reducer's interface).
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

#endif
