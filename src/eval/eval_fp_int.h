/* eval_fp_int: IEEE 754-2008 arithmetic on bit patterns of any format (eb, sb), for the
 * FloatingPoint evaluator — eval_fp2.c implements it, eval_fp.c (the SMT-LIB operators) and
 * tests/unit/eval_fp_test.c use it.
 * Owns: nothing; every mpz/mpq/mpfr argument is the caller's (initialised by the caller).
 * Invariants: a bit pattern is 1 sign bit, eb exponent bits, sb-1 trailing significand bits
 * (value < 2^(eb+sb)); results are rounded exactly once, correctly, in every rounding mode
 * (RNA included) with gradual underflow, IEEE signs of zero and overflow to ±oo or ±max-normal
 * by mode; NaN results are the canonical NaN (sign 0, exponent all ones, significand MSB only).
 * Every function saves MPFR's exponent range and flags, widens the range to MPFR's maximum for
 * its own computation and restores both before it returns: callers never see a change. MPFR
 * keeps that state per thread when built thread-safe (mpfr_buildopt_tls_p(), true for Debian's
 * libmpfr6); with a non-thread-safe MPFR, evaluate FP terms from one thread at a time.
 * Method: each operation is computed by MPFR in the wide range at precision sb+2 with
 * round-to-odd (truncate, then set the last bit if inexact), which is innocuous for a second
 * rounding to any precision <= sb (Boldo & Melquiond); sg_fp_round then rounds that once to the
 * format, subnormal precision and mode included. mpfr_subnormalize cannot be combined with
 * MPFR's own ties-away rounding (mpfr_round_nearest_away), hence the round-to-odd design.
 * Needs eb <= 60 (limits.h): exponents, products and quotients then fit MPFR's 62-bit range.
 * Tests: tests/unit/eval_fp2_test.c (against oracles), tests/unit/eval_fp_test.c (end to end) */
#ifndef SG_EVAL_EVAL_FP_INT_H
#define SG_EVAL_EVAL_FP_INT_H

#include <gmp.h>
#include <mpfr.h>
#include <stdbool.h>
#include <stdint.h>

#include "eval/value.h"

/* Class of a bit pattern. */
typedef enum sg_fp_class {
  SG_FPC_NAN, SG_FPC_INF, SG_FPC_ZERO, SG_FPC_SUBNORMAL, SG_FPC_NORMAL,
} sg_fp_class;

/* Binary operations of sg_fp_op2. */
typedef enum sg_fp_bin {
  SG_FPB_ADD, SG_FPB_SUB, SG_FPB_MUL, SG_FPB_DIV, SG_FPB_REM,
} sg_fp_bin;

/* The exponent range and flags saved by sg_fp_env_enter. */
typedef struct sg_fp_env {
  mpfr_exp_t emin, emax; /* the caller's exponent range */
  mpfr_flags_t flags;    /* the caller's exception flags */
} sg_fp_env;

/* Save the caller's MPFR state and widen the exponent range; leave restores it. */
void sg_fp_env_enter (sg_fp_env *saved /* OUT */);
void sg_fp_env_leave (const sg_fp_env *saved);

/* Special patterns. */
void sg_fp_nan (uint32_t eb, uint32_t sb, mpz_t bits /* OUT */);
void sg_fp_inf (uint32_t eb, uint32_t sb, bool neg, mpz_t bits /* OUT */);
void sg_fp_zero (uint32_t eb, uint32_t sb, bool neg, mpz_t bits /* OUT */);
/* Largest finite magnitude with the given sign. */
void sg_fp_max_normal (uint32_t eb, uint32_t sb, bool neg, mpz_t bits /* OUT */);

/* Class and sign (the sign bit, also for NaN patterns) of a pattern. */
sg_fp_class sg_fp_classify (uint32_t eb, uint32_t sb, const mpz_t bits, bool *neg /* OUT */);

/* x := the value of the pattern, exactly (x's precision is set to sb). */
void sg_fp_decode (uint32_t eb, uint32_t sb, const mpz_t bits, mpfr_t x /* OUT */);

/* bits := x rounded to (eb, sb) with rm. x must be exact, or the round-to-odd approximation of
 * the exact value at precision >= sb + 2. Zeros keep their sign; NaN gives the canonical NaN. */
void sg_fp_round (uint32_t eb, uint32_t sb, sg_rm rm, mpfr_srcptr x, mpz_t bits /* OUT */);

/* Operations on patterns of one format; out may alias an input. */
void sg_fp_op2 (uint32_t eb, uint32_t sb, sg_fp_bin op, sg_rm rm, const mpz_t a, const mpz_t b,
                mpz_t out /* OUT */); /* rm is ignored by SG_FPB_REM (IEEE remainder) */
void sg_fp_fma (uint32_t eb, uint32_t sb, sg_rm rm, const mpz_t a, const mpz_t b, const mpz_t c,
                mpz_t out /* OUT */);
void sg_fp_sqrt (uint32_t eb, uint32_t sb, sg_rm rm, const mpz_t a, mpz_t out /* OUT */);
void sg_fp_rti (uint32_t eb, uint32_t sb, sg_rm rm, const mpz_t a, mpz_t out /* OUT */);

/* IEEE comparison: -1, 0 (also +0 vs -0), 1, or 2 when unordered (a NaN). */
int sg_fp_cmp (uint32_t eb, uint32_t sb, const mpz_t a, const mpz_t b);

/* Conversions into (eb, sb) with rm: from a pattern of (eb0, sb0), a rational, an integer.
 * A rational or integer 0 gives +0. */
void sg_fp_from_fp (uint32_t eb0, uint32_t sb0, const mpz_t a, uint32_t eb, uint32_t sb, sg_rm rm,
                    mpz_t out /* OUT */);
void sg_fp_from_q (uint32_t eb, uint32_t sb, sg_rm rm, const mpq_t q, mpz_t out /* OUT */);
void sg_fp_from_z (uint32_t eb, uint32_t sb, sg_rm rm, const mpz_t z, mpz_t out /* OUT */);

/* z := the value rounded to an integer with rm (-0 gives 0). False for NaN and ±oo and when the
 * rounded magnitude is >= 2^maxbits (then no bit-vector of width <= maxbits holds it). */
bool sg_fp_to_z (uint32_t eb, uint32_t sb, sg_rm rm, const mpz_t a, uint64_t maxbits,
                 mpz_t z /* OUT */);
/* q := the exact value. False for NaN and ±oo, and when the numerator or denominator would
 * need more than maxbits bits. */
bool sg_fp_to_q (uint32_t eb, uint32_t sb, const mpz_t a, uint64_t maxbits, mpq_t q /* OUT */);

#endif
