/* check_int: what the sort checker's files share (check.c: the checked constructors and the
 * helpers below; check_rules.c: the SMT-LIB 2.6 rules; check_ext.c: the extension rules).
 * Not for other modules. */
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
/* Wrap the Int term *t in an implicit to_real (counted in s->coerce_*). */
sg_rc sg_chk_coerce (sg_store *s, sg_term *t);
/* z3's lambda of one variable as an array: *t retyped as (Array D R) when want is that sort
 * (or SG_NONE); false when *t is no such lambda. */
bool sg_chk_lambda_as_array (sg_store *s, sg_term *t, sg_sort want);
/* *out = the bit-vector sort of width w (an error past the limit). */
sg_rc sg_chk_bv_result (sg_store *s, uint64_t w, sg_sort *out);

/* The SMT-LIB 2.6 rules (check_rules.c): the sort of op applied to a[0..n) with indices
 * idx[0..nidx), by the operator's sort rule (a[] may be rewritten by coercions). */
sg_rc sg_chk_apply_rule (sg_store *s, sg_op op, sg_term *a, uint32_t n, const uint32_t *idx, uint32_t nidx,
                         sg_sort *out);

/* The extension rules (check_ext.c); `as` is the sort (as op S) gives, or SG_NONE. */
sg_rc sg_chk_rule_poly (sg_store *s, sg_op op, const char *sig, sg_term *a, uint32_t n, sg_sort as, sg_sort *out);
sg_rc sg_chk_rule_rel (sg_store *s, sg_op op, sg_term *a, uint32_t n, sg_sort *out);
sg_rc sg_chk_rule_tuple (sg_store *s, sg_op op, sg_term *a, uint32_t n, const uint32_t *idx, sg_sort *out);
sg_rc sg_chk_rule_ho_apply (sg_store *s, sg_op op, sg_term *a, uint32_t n, sg_sort *out);
sg_rc sg_chk_rule_project (sg_store *s, sg_op op, sg_term *a, uint32_t n, const uint32_t *idx, uint32_t nidx,
                           sg_sort *out);

#endif
