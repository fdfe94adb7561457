/* check_int: what the sort checker's two files share (check.c: the SMT-LIB 2.6 rules and the
 * checked constructors; check_ext.c: the extension rules). Not for other modules. */
#ifndef SG_FRONT_CHECK_INT_H
#define SG_FRONT_CHECK_INT_H

#include "front/store.h"

/* A sort as text (into dst), an operator's name, and the two mismatch errors. */
const char *sg_chk_sortstr (const sg_store *s, sg_sort x, char *dst, size_t n);
const char *sg_chk_opname (sg_store *s, sg_op op);
sg_rc sg_chk_mismatch (sg_store *s, const char *what, uint32_t i, sg_sort got, const char *expected);
sg_rc sg_chk_mismatch_sort (sg_store *s, const char *what, uint32_t i, sg_sort got, sg_sort want);
/* Make a[i] have sort want (Int-to-Real coercion, z3's lambda as an array), else an error. */
sg_rc sg_chk_expect (sg_store *s, const char *what, sg_term *a, uint32_t i, sg_sort want);
/* The sort of a signature letter (B I R S L M), or SG_NONE. */
sg_sort sg_chk_letter_sort (sg_store *s, char c);

/* The extension rules (check_ext.c); `as` is the sort (as op S) gives, or SG_NONE. */
sg_rc sg_chk_rule_poly (sg_store *s, sg_op op, const char *sig, sg_term *a, uint32_t n, sg_sort as, sg_sort *out);
sg_rc sg_chk_rule_rel (sg_store *s, sg_op op, sg_term *a, uint32_t n, sg_sort *out);
sg_rc sg_chk_rule_tuple (sg_store *s, sg_op op, sg_term *a, uint32_t n, const uint32_t *idx, sg_sort *out);
sg_rc sg_chk_rule_ho_apply (sg_store *s, sg_op op, sg_term *a, uint32_t n, sg_sort *out);
sg_rc sg_chk_rule_project (sg_store *s, sg_op op, sg_term *a, uint32_t n, const uint32_t *idx, uint32_t nidx,
                           sg_sort *out);

#endif
