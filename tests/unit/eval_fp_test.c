/* eval_fp_test: the FloatingPoint theory end to end — SMT-LIB text parsed by sg_parse_string
 * and evaluated by sg_eval_term. Expected values were computed by hand from IEEE 754 and are
 * re-checked against z3 on every run (each row must be valid in z3); a randomised differential
 * test then compares our values on 300 random ground terms with z3 (which must agree) and cvc5
 * (disagreements are printed). The bit-pattern arithmetic is tested in eval_fp2_test.c. */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <mpfr.h>

#include "eval/eval.h"
#include "test_util.h"

/* ---- tables of (term, expected value); expected NULL = UNDET ---------------------------- */

typedef struct fcase {
  const char *term;   /* a ground term */
  const char *expect; /* a term with the expected value, or NULL for UNDET */
} fcase;

/* Float16 (5 11), Float32 (8 24) and the tiny (3 5): from a decimal, from a bit pattern. */
#define H(x) "((_ to_fp 5 11) RNE " x ")"
#define HB(x) "((_ to_fp 5 11) " x ")"
#define S(x) "((_ to_fp 8 24) RNE " x ")"
#define SB(x) "((_ to_fp 8 24) " x ")"
#define T(x) "((_ to_fp 3 5) RNE " x ")"
#define TB(x) "((_ to_fp 3 5) " x ")"
#define H_NAN "(_ NaN 5 11)"
#define H_PZ "(_ +zero 5 11)"
#define H_NZ "(_ -zero 5 11)"
#define H_PINF "(_ +oo 5 11)"
#define H_NINF "(_ -oo 5 11)"
/* One row per rounding mode: op applied with RNE RNA RTP RTN RTZ. */
#define MODES(pre, post, e0, e1, e2, e3, e4)                                                    \
  { pre "RNE" post, e0 }, { pre "RNA" post, e1 }, { pre "RTP" post, e2 },                       \
  { pre "RTN" post, e3 }, { pre "RTZ" post, e4 }

static const fcase rounding_cases[] = {
  /* Float16: 1 + 2^-11 is a tie between 1 (even) and 1 + 2^-10 */
  MODES ("((_ to_fp 5 11) ", " 1.00048828125)", HB ("#x3c00"), HB ("#x3c01"), HB ("#x3c01"),
         HB ("#x3c00"), HB ("#x3c00")),
  MODES ("((_ to_fp 5 11) ", " (- 1.00048828125))", HB ("#xbc00"), HB ("#xbc01"), HB ("#xbc00"),
         HB ("#xbc01"), HB ("#xbc00")),
  /* a tie whose lower neighbour is odd, then a non-tie */
  MODES ("((_ to_fp 5 11) ", " 1.00146484375)", HB ("#x3c02"), HB ("#x3c02"), HB ("#x3c02"),
         HB ("#x3c01"), HB ("#x3c01")),
  MODES ("((_ to_fp 5 11) ", " 1.000732421875)", HB ("#x3c01"), HB ("#x3c01"), HB ("#x3c01"),
         HB ("#x3c00"), HB ("#x3c00")),
  /* the same tie produced by an addition (2^-11 = #x1000), and with the long names */
  MODES ("(fp.add ", " " HB ("#x3c00") " " HB ("#x1000") ")", HB ("#x3c00"), HB ("#x3c01"),
         HB ("#x3c01"), HB ("#x3c00"), HB ("#x3c00")),
  { "(fp.add roundNearestTiesToEven " HB ("#x3c00") " " HB ("#x1000") ")", HB ("#x3c00") },
  { "(fp.add roundNearestTiesToAway " HB ("#x3c00") " " HB ("#x1000") ")", HB ("#x3c01") },
  { "(fp.add roundTowardPositive " HB ("#x3c00") " " HB ("#x1000") ")", HB ("#x3c01") },
  { "(fp.add roundTowardNegative " HB ("#xbc00") " " HB ("#x9000") ")", HB ("#xbc01") },
  { "(fp.add roundTowardZero " HB ("#xbc00") " " HB ("#x9000") ")", HB ("#xbc00") },
  { "(= RNA roundNearestTiesToAway)", "true" },
  /* Float32: 1 + 2^-24 (tie), 0.1 (not a tie) */
  MODES ("((_ to_fp 8 24) ", " 1.000000059604644775390625)", SB ("#x3f800000"),
         SB ("#x3f800001"), SB ("#x3f800001"), SB ("#x3f800000"), SB ("#x3f800000")),
  MODES ("(fp.add ", " " SB ("#x3f800000") " " SB ("#x33800000") ")", SB ("#x3f800000"),
         SB ("#x3f800001"), SB ("#x3f800001"), SB ("#x3f800000"), SB ("#x3f800000")),
  MODES ("((_ to_fp 8 24) ", " 0.1)", SB ("#x3dcccccd"), SB ("#x3dcccccd"), SB ("#x3dcccccd"),
         SB ("#x3dcccccc"), SB ("#x3dcccccc")),
  MODES ("((_ to_fp 8 24) ", " (- 0.1))", SB ("#xbdcccccd"), SB ("#xbdcccccd"),
         SB ("#xbdcccccc"), SB ("#xbdcccccd"), SB ("#xbdcccccc")),
  /* (3 5): 1 + 1/32 (tie, even below), 1 + 3/32 (tie, odd below), 1.1 (no tie) */
  MODES ("((_ to_fp 3 5) ", " 1.03125)", TB ("#x30"), TB ("#x31"), TB ("#x31"), TB ("#x30"),
         TB ("#x30")),
  MODES ("((_ to_fp 3 5) ", " 1.09375)", TB ("#x32"), TB ("#x32"), TB ("#x32"), TB ("#x31"),
         TB ("#x31")),
  MODES ("((_ to_fp 3 5) ", " 1.1)", TB ("#x32"), TB ("#x32"), TB ("#x32"), TB ("#x31"),
         TB ("#x31")),
  MODES ("(fp.mul ", " " TB ("#xb1") " " TB ("#x31") ")", TB ("#xb2"), TB ("#xb2"), TB ("#xb2"),
         TB ("#xb3"), TB ("#xb2")), /* -(1+1/16)^2 = -1.12890625 */
  /* roundToIntegral */
  MODES ("(fp.roundToIntegral ", " " H ("2.5") ")", H ("2.0"), H ("3.0"), H ("3.0"), H ("2.0"),
         H ("2.0")),
  MODES ("(fp.roundToIntegral ", " " H ("(- 2.5)") ")", H ("(- 2.0)"), H ("(- 3.0)"),
         H ("(- 2.0)"), H ("(- 3.0)"), H ("(- 2.0)")),
  MODES ("(fp.roundToIntegral ", " " H ("(- 0.5)") ")", H_NZ, H ("(- 1.0)"), H_NZ,
         H ("(- 1.0)"), H_NZ),
  MODES ("(fp.roundToIntegral ", " " T ("0.5") ")", "(_ +zero 3 5)", T ("1.0"), T ("1.0"),
         "(_ +zero 3 5)", "(_ +zero 3 5)"),
  { "(fp.roundToIntegral RNE " H ("3.5") ")", H ("4.0") },
  { "(fp.roundToIntegral RNE " HB ("#x7bff") ")", HB ("#x7bff") },
  { "(fp.roundToIntegral RTP " H ("(- 0.25)") ")", H_NZ },
  /* sqrt */
  MODES ("(fp.sqrt ", " " S ("2.0") ")", SB ("#x3fb504f3"), SB ("#x3fb504f3"),
         SB ("#x3fb504f4"), SB ("#x3fb504f3"), SB ("#x3fb504f3")),
  MODES ("(fp.sqrt ", " " H ("2.0") ")", HB ("#x3da8"), HB ("#x3da8"), HB ("#x3da9"),
         HB ("#x3da8"), HB ("#x3da8")),
  { "(fp.sqrt RNE " H ("4.0") ")", H ("2.0") },
  { "(fp.sqrt RNE " HB ("#x0001") ")", HB ("#x0c00") },
};

static const fcase special_cases[] = {
  /* NaN propagation and invalid operations */
  { "(fp.add RNE " H_NAN " " H ("1.0") ")", H_NAN },
  { "(fp.mul RNE " H_PINF " " H_NZ ")", H_NAN },
  { "(fp.sub RNE " H_PINF " " H_PINF ")", H_NAN },
  { "(fp.add RTN " H_PINF " " H_NINF ")", H_NAN },
  { "(fp.div RNE " H_PZ " " H_NZ ")", H_NAN },
  { "(fp.div RNE " H_PINF " " H_NINF ")", H_NAN },
  { "(fp.sqrt RNE " H ("(- 1.0)") ")", H_NAN },
  { "(fp.fma RNE " H_PINF " " H_PZ " " H ("1.0") ")", H_NAN },
  { "(fp.fma RNE " H_PINF " " H ("1.0") " " H_NINF ")", H_NAN },
  { "(fp.rem " H_PINF " " H ("1.0") ")", H_NAN },
  { "(fp.rem " H ("1.0") " " H_PZ ")", H_NAN },
  { "(fp.roundToIntegral RNA " H_NAN ")", H_NAN },
  { "((_ to_fp 8 24) RNE " H_NAN ")", "(_ NaN 8 24)" },
  { "(fp.neg " H_NAN ")", H_NAN },
  { "(fp.abs " H_NAN ")", H_NAN },
  { "(fp #b1 #b11111 #b0000000001)", H_NAN },
  { "(= (fp #b1 #b11111 #b0000000001) " H_NAN ")", "true" },
  { "(fp.isNaN (fp.div RNE " H_PZ " " H_PZ "))", "true" },
  { "(fp.eq " H_NAN " " H_NAN ")", "false" },
  { "(= " H_NAN " " H_NAN ")", "true" },
  { "(fp.leq " H_NAN " " H ("1.0") ")", "false" },
  { "(fp.gt " H ("1.0") " " H_NAN ")", "false" },
  { "(fp.isNegative " H_NAN ")", "false" },
  { "(fp.isPositive " H_NAN ")", "false" },
  /* signs of zero */
  MODES ("(fp.add ", " " H ("1.0") " " H ("(- 1.0)") ")", H_PZ, H_PZ, H_PZ, H_NZ, H_PZ),
  MODES ("(fp.sub ", " " T ("1.5") " " T ("1.5") ")", "(_ +zero 3 5)", "(_ +zero 3 5)",
         "(_ +zero 3 5)", "(_ -zero 3 5)", "(_ +zero 3 5)"),
  MODES ("(fp.add ", " " H_PZ " " H_NZ ")", H_PZ, H_PZ, H_PZ, H_NZ, H_PZ),
  MODES ("(fp.add ", " " H_NZ " " H_NZ ")", H_NZ, H_NZ, H_NZ, H_NZ, H_NZ),
  { "(fp.sub RNE " H_NZ " " H_PZ ")", H_NZ },
  { "(fp.mul RNE " H_NZ " " H ("1.0") ")", H_NZ },
  { "(fp.mul RNE " H_NZ " " H ("(- 1.0)") ")", H_PZ },
  { "(fp.div RNE " H ("(- 1.0)") " " H_PINF ")", H_NZ },
  { "(fp.div RNE " H ("1.0") " " H_NZ ")", H_NINF },
  { "(fp.div RNE " H_NZ " " H ("3.0") ")", H_NZ },
  { "(fp.sqrt RNE " H_NZ ")", H_NZ },
  { "(fp.sqrt RTN " H_PINF ")", H_PINF },
  { "(fp.fma RNE " H_NZ " " H ("1.0") " " H_NZ ")", H_NZ },
  { "(fp.fma RNE " H_NZ " " H ("1.0") " " H_PZ ")", H_PZ },
  { "(fp.fma RTN " H_NZ " " H ("1.0") " " H_PZ ")", H_NZ },
  { "(fp.fma RTN " H ("1.0") " " H ("1.0") " " H ("(- 1.0)") ")", H_NZ },
  { "(fp.mul RNE " H ("(- 0.0001)") " " H ("0.0001") ")", H_NZ }, /* underflow keeps the sign */
  { "(fp.neg " H_PZ ")", H_NZ },
  { "(fp.abs " H_NINF ")", H_PINF },
  { "(fp.abs " H ("(- 2.0)") ")", H ("2.0") },
  /* subnormals and gradual underflow */
  MODES ("(fp.mul ", " " HB ("#x0001") " " H ("0.5") ")", H_PZ, HB ("#x0001"), HB ("#x0001"),
         H_PZ, H_PZ),
  MODES ("(fp.mul ", " " HB ("#x8001") " " H ("0.5") ")", H_NZ, HB ("#x8001"), H_NZ,
         HB ("#x8001"), H_NZ),
  MODES ("(fp.mul ", " " HB ("#x0003") " " H ("0.5") ")", HB ("#x0002"), HB ("#x0002"),
         HB ("#x0002"), HB ("#x0001"), HB ("#x0001")),
  MODES ("(fp.mul ", " " TB ("#x01") " " T ("0.5") ")", "(_ +zero 3 5)", TB ("#x01"),
         TB ("#x01"), "(_ +zero 3 5)", "(_ +zero 3 5)"),
  { "(fp.div RNE " HB ("#x0400") " " H ("2.0") ")", HB ("#x0200") },
  { "(fp.sub RNE " HB ("#x0401") " " HB ("#x0400") ")", HB ("#x0001") },
  { "(fp.sub RNE " TB ("#x11") " " TB ("#x10") ")", TB ("#x01") },
  { "(fp.isSubnormal (fp.sub RNE " TB ("#x11") " " TB ("#x10") "))", "true" },
  { "(fp.mul RTN " HB ("#x8001") " " HB ("#x0001") ")", HB ("#x8001") },
  { "(fp.mul RNE " HB ("#x8001") " " HB ("#x0001") ")", H_NZ },
  { "((_ to_fp 3 5) RNE " H ("0.01") ")", TB ("#x01") },
  { "((_ to_fp 3 5) RTZ " H ("0.01") ")", "(_ +zero 3 5)" },
  /* overflow: ±oo or ±max-normal by mode */
  MODES ("(fp.add ", " " HB ("#x7bff") " " H ("16.0") ")", H_PINF, H_PINF, H_PINF, HB ("#x7bff"),
         HB ("#x7bff")),
  MODES ("(fp.add ", " " HB ("#x7bff") " " H ("8.0") ")", HB ("#x7bff"), HB ("#x7bff"), H_PINF,
         HB ("#x7bff"), HB ("#x7bff")),
  MODES ("(fp.mul ", " " HB ("#xfbff") " " H ("2.0") ")", H_NINF, H_NINF, HB ("#xfbff"), H_NINF,
         HB ("#xfbff")),
  MODES ("(fp.add ", " " TB ("#x6f") " " TB ("#x6f") ")", "(_ +oo 3 5)", "(_ +oo 3 5)",
         "(_ +oo 3 5)", TB ("#x6f"), TB ("#x6f")),
  MODES ("((_ to_fp 3 5) ", " 15.75)", "(_ +oo 3 5)", "(_ +oo 3 5)", "(_ +oo 3 5)", TB ("#x6f"),
         TB ("#x6f")),
  { "((_ to_fp 3 5) RNE 15.74)", TB ("#x6f") },
  { "((_ to_fp 5 11) RTZ 100000.0)", HB ("#x7bff") },
  { "((_ to_fp 5 11) RNE 100000.0)", H_PINF },
  { "((_ to_fp 5 11) RTP (- 100000.0))", HB ("#xfbff") },
  { "((_ to_fp 5 11) RTN (- 100000.0))", H_NINF },
  { "((_ to_fp 8 24) RNE 340282356779733661637539395458142568448.0)", "(_ +oo 8 24)" },
  { "((_ to_fp 8 24) RTZ 340282356779733661637539395458142568448.0)", SB ("#x7f7fffff") },
  { "((_ to_fp 8 24) RNE 340282356779733661637539395458142568447.0)", SB ("#x7f7fffff") },
  /* fp.rem: IEEE remainder, quotient rounded to nearest even */
  { "(fp.rem " H ("5.0") " " H ("3.0") ")", H ("(- 1.0)") },
  { "(fp.rem " H ("7.0") " " H ("2.0") ")", H ("(- 1.0)") },
  { "(fp.rem " H ("5.0") " " H ("2.0") ")", H ("1.0") },
  { "(fp.rem " H ("(- 7.0)") " " H ("2.0") ")", H ("1.0") },
  { "(fp.rem " H ("6.5") " " H ("1.0") ")", H ("0.5") },
  { "(fp.rem " H ("7.5") " " H ("1.0") ")", H ("(- 0.5)") },
  { "(fp.rem " H ("1.0") " " H_PINF ")", H ("1.0") },
  { "(fp.rem " H ("(- 3.0)") " " H ("3.0") ")", H_NZ },
  { "(fp.rem " H ("3.0") " " H ("(- 3.0)") ")", H_PZ },
  { "(fp.rem " S ("10.0") " " S ("0.1") ")", SB ("#xb4200000") },
  { "(fp.rem " T ("7.5") " " T ("2.0") ")", T ("(- 0.5)") },
  /* fma rounds once: (1+2^-23)^2 - (1+2^-22) = 2^-46, but mul then add gives +0 */
  { "(fp.fma RNE " SB ("#x3f800001") " " SB ("#x3f800001") " " SB ("#xbf800002") ")",
    SB ("#x28800000") },
  { "(fp.add RNE (fp.mul RNE " SB ("#x3f800001") " " SB ("#x3f800001") ") " SB ("#xbf800002")
    ")",
    "(_ +zero 8 24)" },
  { "(fp.fma RNE " HB ("#x3c01") " " HB ("#x3c01") " " HB ("#xbc02") ")", HB ("#x0010") },
  { "(fp.add RNE (fp.mul RNE " HB ("#x3c01") " " HB ("#x3c01") ") " HB ("#xbc02") ")", H_PZ },
  /* constructors */
  { "(fp #b0 #b01111 #b0000000000)", H ("1.0") },
  { "(fp #b1 #b011 #b0000)", T ("(- 1.0)") },
  { "(fp.to_ieee_bv " S ("0.1") ")", "#x3dcccccd" },
  { "(fp.to_ieee_bv " H_NZ ")", "#x8000" },
  { "(fp.to_ieee_bv " H_NAN ")", NULL },
};

static const fcase conversion_cases[] = {
  /* from Real, incl. an Int the parser coerced, and zero (always +0) */
  { "((_ to_fp 8 24) RNE 3)", SB ("#x40400000") },
  { "((_ to_fp 8 24) RTZ 16777217)", SB ("#x4b800000") },
  { "((_ to_fp 8 24) RNA 16777217)", SB ("#x4b800001") },
  { "((_ to_fp 5 11) RTN 0.0)", H_PZ },
  { "((_ to_fp 5 11) RTN (- 0.0))", H_PZ },
  { "((_ to_fp 8 24) RNE (/ 1.0 3.0))", SB ("#x3eaaaaab") },
  { "((_ to_fp 8 24) RTZ (/ 1.0 3.0))", SB ("#x3eaaaaaa") },
  /* Float64 and Float128 */
  { "((_ to_fp 11 53) RNE 0.1)", "((_ to_fp 11 53) #x3fb999999999999a)" },
  { "((_ to_fp 11 53) RTZ 0.1)", "((_ to_fp 11 53) #x3fb9999999999999)" },
  { "((_ to_fp 15 113) RNE 0.1)", "((_ to_fp 15 113) #x3ffb999999999999999999999999999a)" },
  { "((_ to_fp 11 53) RNE ((_ to_fp 15 113) RNE 0.1))",
    "((_ to_fp 11 53) #x3fb999999999999a)" },
  { "(fp.to_real ((_ to_fp 11 53) #x0000000000000001))",
    "(/ 1.0 202402253307310618352495346718917307049556649764142118356901358027430339567995346891960383701437124495187077864316811911389808737385793476867013399940738509921517424276566361364466907742093216341239767678472745068562007483424692698618103355649159556340810056512358769552333414615230502532186327508646006263307707741093494784.0)" },
  /* from signed bit-vectors */
  { "((_ to_fp 8 24) RNE #xffffffff)", S ("(- 1.0)") },
  { "((_ to_fp 5 11) RNE #x7fff)", HB ("#x7800") },
  { "((_ to_fp 5 11) RTZ #x7fff)", HB ("#x77ff") },
  { "((_ to_fp 5 11) RNE #x8000)", HB ("#xf800") },
  { "((_ to_fp 3 5) RNE #b01111111)", "(_ +oo 3 5)" },
  { "((_ to_fp 3 5) RTZ #b01111111)", TB ("#x6f") },
  { "((_ to_fp 3 5) RTZ #b10000000)", TB ("#xef") },
  { "((_ to_fp 8 24) RNE #x01000001)", SB ("#x4b800000") },
  { "((_ to_fp 8 24) RNA #x01000001)", SB ("#x4b800001") },
  { "((_ to_fp 3 5) RNE #b0)", "(_ +zero 3 5)" },
  /* from unsigned bit-vectors */
  { "((_ to_fp_unsigned 5 11) RNE #xffff)", H_PINF },
  { "((_ to_fp_unsigned 5 11) RTZ #xffff)", HB ("#x7bff") },
  { "((_ to_fp_unsigned 8 24) RNE #xffffffff)", SB ("#x4f800000") },
  { "((_ to_fp_unsigned 8 24) RTZ #xffffffff)", SB ("#x4f7fffff") },
  { "((_ to_fp_unsigned 8 24) RNA #x01000001)", SB ("#x4b800001") },
  { "((_ to_fp_unsigned 3 5) RNE #b0000)", "(_ +zero 3 5)" },
  /* between formats */
  { "((_ to_fp 5 11) RNE " SB ("#x3dcccccd") ")", HB ("#x2e66") },
  { "((_ to_fp 8 24) RNE " HB ("#x3c01") ")", SB ("#x3f802000") },
  { "((_ to_fp 8 24) RTZ " HB ("#x0001") ")", SB ("#x33800000") },
  { "((_ to_fp 5 11) RNE " S ("100000.0") ")", H_PINF },
  { "((_ to_fp 5 11) RTZ " S ("100000.0") ")", HB ("#x7bff") },
  { "((_ to_fp 5 11) RNE (_ -zero 8 24))", H_NZ },
  { "((_ to_fp 5 11) RNE (_ -oo 3 5))", H_NINF },
  { "((_ to_fp 3 5) RNA " H ("1.03125") ")", TB ("#x31") },
  { "((_ to_fp 3 5) RNE " H ("1.03125") ")", TB ("#x30") },
  /* bit patterns */
  { "((_ to_fp 5 11) #x3c00)", "(fp #b0 #b01111 #b0000000000)" },
  { "((_ to_fp 3 5) #xff)", "(_ NaN 3 5)" },
  /* fp.to_sbv / fp.to_ubv: rounded with the mode; NaN, ±oo, out of range: unspecified */
  MODES ("((_ fp.to_sbv 8) ", " " H ("2.5") ")", "#x02", "#x03", "#x03", "#x02", "#x02"),
  MODES ("((_ fp.to_sbv 8) ", " " H ("(- 2.5)") ")", "#xfe", "#xfd", "#xfe", "#xfd", "#xfe"),
  { "((_ fp.to_sbv 8) RTZ " H ("127.9") ")", "#x7f" },
  { "((_ fp.to_sbv 8) RNE " H ("127.9") ")", NULL },
  { "((_ fp.to_sbv 8) RNE " H ("(- 128.0)") ")", "#x80" },
  { "((_ fp.to_sbv 8) RNE " H ("(- 128.6)") ")", NULL },
  { "((_ fp.to_sbv 8) RTZ " H ("(- 128.6)") ")", "#x80" },
  { "((_ fp.to_ubv 8) RNE " H ("255.4") ")", "#xff" },
  { "((_ fp.to_ubv 8) RNE " H ("255.5") ")", NULL },
  { "((_ fp.to_ubv 8) RTZ " H ("255.5") ")", "#xff" },
  { "((_ fp.to_ubv 8) RNE " H ("(- 0.4)") ")", "#x00" },
  { "((_ fp.to_ubv 8) RTN " H ("(- 0.4)") ")", NULL },
  { "((_ fp.to_ubv 8) RNE " H ("(- 1.0)") ")", NULL },
  { "((_ fp.to_ubv 8) RNE " H_NAN ")", NULL },
  { "((_ fp.to_sbv 16) RNE " H_NINF ")", NULL },
  { "((_ fp.to_ubv 16) RNE " HB ("#x7bff") ")", "#xffe0" },
  { "((_ fp.to_sbv 16) RNE " HB ("#x7bff") ")", NULL },
  { "((_ fp.to_sbv 17) RNE " HB ("#x7bff") ")", "(_ bv65504 17)" },
  { "((_ fp.to_ubv 1) RNE " H ("1.0") ")", "#b1" },
  { "((_ fp.to_sbv 1) RNE " H ("(- 1.0)") ")", "#b1" },
  { "((_ fp.to_sbv 1) RNE " H ("1.0") ")", NULL },
  { "((_ fp.to_sbv 4) RNA " T ("(- 7.5)") ")", "#x8" },
  /* fp.to_real: exact; ±oo and NaN unspecified */
  { "(fp.to_real " H ("1.5") ")", "1.5" },
  { "(fp.to_real " HB ("#x0001") ")", "(/ 1.0 16777216.0)" },
  { "(fp.to_real " H_NZ ")", "0.0" },
  { "(fp.to_real " S ("0.1") ")", "(/ 13421773.0 134217728.0)" },
  { "(fp.to_real " HB ("#xfbff") ")", "(- 65504.0)" },
  { "(fp.to_real " H_PINF ")", NULL },
  { "(fp.to_real " H_NAN ")", NULL },
  /* fp.min / fp.max: NaN yields; +0 and -0 unspecified */
  { "(fp.min " H_PZ " " H_NZ ")", NULL },
  { "(fp.max " H_NZ " " H_PZ ")", NULL },
  { "(fp.min " H_NZ " " H_NZ ")", H_NZ },
  { "(fp.min " H ("1.0") " " H_NAN ")", H ("1.0") },
  { "(fp.max " H_NAN " " H ("(- 2.0)") ")", H ("(- 2.0)") },
  { "(fp.min " H_NAN " " H_NAN ")", H_NAN },
  { "(fp.min " H ("1.0") " " H ("2.0") ")", H ("1.0") },
  { "(fp.max " H_NINF " " H ("2.0") ")", H ("2.0") },
  { "(fp.min " H_NZ " " H ("1.0") ")", H_NZ },
  /* comparisons (chainable) and classification */
  { "(fp.eq " H_PZ " " H_NZ ")", "true" },
  { "(= " H_PZ " " H_NZ ")", "false" },
  { "(fp.lt " H_NZ " " H_PZ ")", "false" },
  { "(fp.leq " H_NZ " " H_PZ ")", "true" },
  { "(fp.lt " H ("1.0") " " H ("2.0") " " H ("3.0") ")", "true" },
  { "(fp.lt " H ("1.0") " " H ("3.0") " " H ("2.0") ")", "false" },
  { "(fp.leq " H ("1.0") " " H ("1.0") " " H ("2.0") ")", "true" },
  { "(fp.gt " H ("3.0") " " H ("2.0") " " H ("2.0") ")", "false" },
  { "(fp.geq " H ("3.0") " " H ("2.0") " " H ("2.0") ")", "true" },
  { "(fp.geq " H_NAN " " H_NAN ")", "false" },
  { "(fp.gt " H_PINF " " HB ("#x7bff") ")", "true" },
  { "(fp.eq " H ("1.0") " " H ("1.0") " " H_NAN ")", "false" },
  { "(fp.lt " H_NINF " " HB ("#xfbff") ")", "true" },
  { "(fp.isNormal " HB ("#x0400") ")", "true" },
  { "(fp.isNormal " HB ("#x03ff") ")", "false" },
  { "(fp.isSubnormal " HB ("#x03ff") ")", "true" },
  { "(fp.isSubnormal " H_NZ ")", "false" },
  { "(fp.isZero " H_NZ ")", "true" },
  { "(fp.isInfinite " H_NINF ")", "true" },
  { "(fp.isNormal " H_PINF ")", "false" },
  { "(fp.isNegative " H_NZ ")", "true" },
  { "(fp.isPositive " H_PZ ")", "true" },
  { "(fp.isPositive " H_PINF ")", "true" },
};

/* ---- running solvers (fork + execvp, no shell) -------------------------------------------- */

/* Run argv with stdin from the file `in`; stdout and stderr are read through one pipe.
 * Returns the malloc'd output (NULL when the program cannot run). */
static char *
run_tool (char *const argv[], const char *in)
{
  int fds[2];
  if (pipe (fds)) return NULL;
  pid_t pid = fork ();
  if (pid < 0) { close (fds[0]); close (fds[1]); return NULL; }
  if (pid == 0)
    {
      int fd = open (in, O_RDONLY);
      if (fd < 0 || dup2 (fd, 0) < 0 || dup2 (fds[1], 1) < 0 || dup2 (fds[1], 2) < 0) _exit (126);
      close (fds[0]);
      close (fds[1]);
      execvp (argv[0], argv);
      _exit (127);
    }
  close (fds[1]);
  size_t len = 0, cap = 4096;
  char *out = malloc (cap);
  ssize_t k;
  while (out && (k = read (fds[0], out + len, cap - len - 1)) != 0)
    {
      if (k < 0) continue; /* EINTR */
      len += (size_t) k;
      if (cap - len < 2048) out = realloc (out, cap *= 2);
    }
  close (fds[0]);
  int st = 0;
  waitpid (pid, &st, 0);
  if (out) out[len] = 0;
  if (WIFEXITED (st) && WEXITSTATUS (st) == 127) { free (out); return NULL; }
  return out;
}

/* Answers (one per check-sat: 's'at, 'u'nsat, '?' unknown) of a solver on script text; errors
 * (lines that are not answers) are copied to *errs. Returns the number of answers, -1 when the
 * solver cannot run. */
static int
solver_answers (char *const argv[], const char *script, char *ans, int max, sg_buf *errs)
{
  char path[] = "/tmp/sg_eval_fp_XXXXXX";
  int fd = mkstemp (path);
  assert_true (fd >= 0);
  size_t len = strlen (script);
  assert_int_equal (write (fd, script, len), (ssize_t) len);
  close (fd);
  char *out = run_tool (argv, path);
  unlink (path);
  if (!out) return -1;
  int n = 0;
  for (char *line = strtok (out, "\n"); line; line = strtok (NULL, "\n"))
    {
      if (!strcmp (line, "sat") || !strcmp (line, "unsat") || !strcmp (line, "unknown"))
        {
          if (n < max) ans[n] = line[0] == 'u' && line[1] == 'n' && line[2] == 's' ? 'u'
                                : line[0] == 's'                                   ? 's'
                                                                                   : '?';
          n++;
        }
      else
        sg_buf_printf (errs, "%s\n", line);
    }
  free (out);
  return n;
}

static char *z3_argv[] = { "z3", "-in", "-smt2", "-T:300", NULL };
static char *cvc5_argv[] = { "cvc5", "--lang", "smt2", "--produce-models", "--fp-exp",
                             "--incremental", "-q", "--tlimit=300000", NULL };

/* ---- evaluation through the public API ---------------------------------------------------- */

/* Parse a script of get-value commands; every one must type-check. */
static void
parse_all (tparse *t, const char *text)
{
  tp_parse (t, text);
  if (t->rc) fail_msg ("parse: %s", t->err);
  for (uint32_t i = 0; i < t->sc.cmds.n; i++)
    if (t->sc.cmds.a[i].flags & SG_CMD_RAW)
      fail_msg ("command %u does not type-check (kept raw)", i);
}

static sg_term
item (tparse *t, uint32_t cmd, uint32_t k)
{
  const sg_cmd *c = &t->sc.cmds.a[cmd];
  assert_int_equal (c->kind, SG_WK_GET_VALUE);
  assert_true (k < c->n);
  return sg_cmd_items (&t->sc, c)[k];
}

static void
print_val (tparse *t, sg_val v, sg_buf *b)
{
  sg_buf_reset (b);
  sg_v_print (&t->s, v, b);
}

/* Evaluate every row; then ask z3 to confirm each determined row. */
static void
run_cases (const fcase *cs, size_t n)
{
  sg_buf text, out1, out2, z;
  sg_buf_init (&text), sg_buf_init (&out1), sg_buf_init (&out2), sg_buf_init (&z);
  for (size_t i = 0; i < n; i++)
    sg_buf_printf (&text, "(get-value (%s%s%s))\n", cs[i].term, cs[i].expect ? " " : "",
                   cs[i].expect ? cs[i].expect : "");
  tparse t;
  parse_all (&t, sg_buf_cstr (&text));
  assert_int_equal (t.sc.cmds.n, n);
  sg_eval *e = sg_eval_new (&t.s, NULL, 0);
  assert_non_null (e);
  int bad = 0, nz = 0;
  sg_buf_adds (&z, "(set-logic ALL)\n");
  for (size_t i = 0; i < n; i++)
    {
      sg_val v = NULL, w = NULL;
      assert_int_equal (sg_eval_term (e, item (&t, (uint32_t) i, 0), &v), SG_RC_OK);
      if (!cs[i].expect)
        {
          if (!sg_v_is_undet (v))
            {
              print_val (&t, v, &out1);
              printf ("row %zu: %s\n  want UNDET, got %s\n", i, cs[i].term, sg_buf_cstr (&out1));
              bad++;
            }
          continue;
        }
      assert_int_equal (sg_eval_term (e, item (&t, (uint32_t) i, 1), &w), SG_RC_OK);
      if (sg_v_is_undet (w)) fail_msg ("row %zu: expected value %s is UNDET", i, cs[i].expect);
      if (sg_v_is_undet (v) || sg_v_equal (v, w) != 1)
        {
          print_val (&t, v, &out1);
          print_val (&t, w, &out2);
          printf ("row %zu: %s\n  want %s = %s\n  got  %s\n", i, cs[i].term, cs[i].expect,
                  sg_buf_cstr (&out2), sg_buf_cstr (&out1));
          bad++;
        }
      sg_buf_printf (&z, "(push 1)(assert (not (= %s %s)))(check-sat)(pop 1)\n", cs[i].term,
                     cs[i].expect);
      nz++;
    }
  sg_eval_free (e);
  tp_free (&t);
  /* z3 must find every expected value valid */
  char *ans = malloc ((size_t) nz + 1);
  sg_buf errs;
  sg_buf_init (&errs);
  int got = solver_answers (z3_argv, sg_buf_cstr (&z), ans, nz, &errs);
  if (got < 0) printf ("z3 not found: expected values not re-checked\n");
  else
    {
      if (errs.len) printf ("z3 says:\n%s", sg_buf_cstr (&errs)), bad++;
      if (got != nz) printf ("z3 answered %d of %d queries\n", got, nz), bad++;
      for (int i = 0, k = 0; i < (int) n && k < got; i++)
        {
          if (!cs[i].expect) continue;
          if (ans[k] != 'u')
            printf ("z3 rejects row %d: %s = %s (%c)\n", i, cs[i].term, cs[i].expect, ans[k]),
                bad++;
          k++;
        }
      printf ("z3 re-checked %d of %zu rows (the others are UNDET)\n", got, n);
    }
  free (ans);
  sg_buf_free (&errs), sg_buf_free (&text), sg_buf_free (&out1), sg_buf_free (&out2);
  sg_buf_free (&z);
  assert_int_equal (bad, 0);
}

static void
test_rounding (void **state)
{
  (void) state;
  run_cases (rounding_cases, sizeof rounding_cases / sizeof *rounding_cases);
}

static void
test_specials (void **state)
{
  (void) state;
  run_cases (special_cases, sizeof special_cases / sizeof *special_cases);
}

static void
test_conversions (void **state)
{
  (void) state;
  run_cases (conversion_cases, sizeof conversion_cases / sizeof *conversion_cases);
}

/* The caller's MPFR exponent range survives evaluation. */
static void
test_mpfr_state_kept (void **state)
{
  (void) state;
  mpfr_exp_t emin = mpfr_get_emin (), emax = mpfr_get_emax ();
  static const fcase one[] = { { "(fp.mul RNE " HB ("#x0001") " " HB ("#x7bff") ")",
                                 HB ("#x1bff") } };
  mpfr_set_emin (-50);
  mpfr_set_emax (50);
  run_cases (one, 1);
  assert_int_equal (mpfr_get_emin (), -50);
  assert_int_equal (mpfr_get_emax (), 50);
  mpfr_set_emin (emin);
  mpfr_set_emax (emax);
}

/* ---- randomised differential test against z3 and cvc5 ------------------------------------- */

typedef struct xrng { uint64_t s; } xrng;

static uint64_t
xnext (xrng *g)
{
  /* xorshift64* */
  g->s ^= g->s >> 12;
  g->s ^= g->s << 25;
  g->s ^= g->s >> 27;
  return g->s * 0x2545F4914F6CDD1DULL;
}

static uint32_t
pick (xrng *g, uint32_t n)
{
  return (uint32_t) (xnext (g) % n);
}

/* The two formats of the test: Float16 and (3 5). */
static const uint32_t dfmt[2][2] = { { 5, 11 }, { 3, 5 } };

static void
gen_bits (xrng *g, uint32_t n, sg_buf *b)
{
  sg_buf_adds (b, "#b");
  for (uint32_t i = 0; i < n; i++) sg_buf_addc (b, (xnext (g) >> 17) & 1 ? '1' : '0');
}

static void
gen_rm (xrng *g, sg_buf *b)
{
  static const char *const rms[] = { "RNE", "RNA", "RTP", "RTN", "RTZ",
                                     "roundNearestTiesToAway", "roundTowardZero" };
  sg_buf_adds (b, rms[pick (g, 7)]);
}

/* A decimal literal, often near a boundary of the small formats. */
static void
gen_real (xrng *g, sg_buf *b)
{
  static const char *const near[] = { "0.0", "1.0", "0.5", "1.03125", "15.75", "15.5", "65504.0",
                                      "65520.0", "0.015625", "0.0078125", "2.5", "0.1",
                                      "0.000000059604644775390625", "3.0", "100000.0" };
  bool neg = pick (g, 3) == 0;
  if (neg) sg_buf_adds (b, "(- ");
  if (pick (g, 2)) sg_buf_adds (b, near[pick (g, sizeof near / sizeof *near)]);
  else
    sg_buf_printf (b, "%u.%0*u", pick (g, 40), (int) (1 + pick (g, 4)), pick (g, 9999) % 1000);
  if (neg) sg_buf_addc (b, ')');
}

static void gen_fp (xrng *g, uint32_t f, int depth, sg_buf *b);

static void
gen_bool (xrng *g, int depth, sg_buf *b)
{
  static const char *const cmp[] = { "fp.leq", "fp.lt", "fp.geq", "fp.gt", "fp.eq" };
  static const char *const pred[] = { "fp.isNormal", "fp.isSubnormal", "fp.isZero",
                                      "fp.isInfinite", "fp.isNaN", "fp.isNegative",
                                      "fp.isPositive" };
  uint32_t f = pick (g, 2);
  if (pick (g, 2))
    {
      uint32_t k = 2 + pick (g, 2);
      sg_buf_printf (b, "(%s", cmp[pick (g, 5)]);
      for (uint32_t i = 0; i < k; i++) sg_buf_addc (b, ' '), gen_fp (g, f, depth - 1, b);
      sg_buf_addc (b, ')');
    }
  else
    {
      sg_buf_printf (b, "(%s ", pred[pick (g, 7)]);
      gen_fp (g, f, depth - 1, b);
      sg_buf_addc (b, ')');
    }
}

static void
gen_fp (xrng *g, uint32_t f, int depth, sg_buf *b)
{
  uint32_t eb = dfmt[f][0], sb = dfmt[f][1];
  uint32_t k = depth <= 0 ? pick (g, 4) : pick (g, 22);
  switch (k)
    {
    case 0: /* a random pattern, biased to the edges: exponent 0, 1, max-1 or all ones */
    case 1:
      {
        sg_buf_adds (b, "(fp ");
        gen_bits (g, 1, b);
        sg_buf_addc (b, ' ');
        uint32_t e = pick (g, 6);
        if (e < 4)
          {
            sg_buf_adds (b, "#b");
            for (uint32_t i = 0; i < eb; i++)
              sg_buf_addc (b, e == 0 ? '0' : e == 3 ? '1' : e == 1 ? (i + 1 == eb ? '1' : '0')
                                                                   : (i + 1 == eb ? '0' : '1'));
          }
        else
          gen_bits (g, eb, b);
        sg_buf_addc (b, ' ');
        gen_bits (g, sb - 1, b);
        sg_buf_addc (b, ')');
        break;
      }
    case 2:
      sg_buf_printf (b, "((_ to_fp %u %u) ", eb, sb);
      gen_rm (g, b);
      sg_buf_addc (b, ' ');
      gen_real (g, b);
      sg_buf_addc (b, ')');
      break;
    case 3:
      {
        static const char *const c[] = { "+zero", "-zero", "+oo", "-oo", "NaN" };
        sg_buf_printf (b, "(_ %s %u %u)", c[pick (g, 5)], eb, sb);
        break;
      }
    case 4: case 5: case 6: case 7:
      {
        static const char *const op[] = { "fp.add", "fp.sub", "fp.mul", "fp.div" };
        sg_buf_printf (b, "(%s ", op[k - 4]);
        gen_rm (g, b);
        sg_buf_addc (b, ' ');
        gen_fp (g, f, depth - 1, b);
        sg_buf_addc (b, ' ');
        gen_fp (g, f, depth - 1, b);
        sg_buf_addc (b, ')');
        break;
      }
    case 8:
      sg_buf_adds (b, "(fp.fma ");
      gen_rm (g, b);
      for (int i = 0; i < 3; i++) sg_buf_addc (b, ' '), gen_fp (g, f, depth - 1, b);
      sg_buf_addc (b, ')');
      break;
    case 9:
    case 10:
      sg_buf_adds (b, k == 9 ? "(fp.sqrt " : "(fp.roundToIntegral ");
      gen_rm (g, b);
      sg_buf_addc (b, ' ');
      gen_fp (g, f, depth - 1, b);
      sg_buf_addc (b, ')');
      break;
    case 11: case 12: case 13:
      {
        static const char *const op[] = { "fp.rem", "fp.min", "fp.max" };
        sg_buf_printf (b, "(%s ", op[k - 11]);
        gen_fp (g, f, depth - 1, b);
        sg_buf_addc (b, ' ');
        gen_fp (g, f, depth - 1, b);
        sg_buf_addc (b, ')');
        break;
      }
    case 14:
    case 15:
      sg_buf_printf (b, "(%s ", k == 14 ? "fp.abs" : "fp.neg");
      gen_fp (g, f, depth - 1, b);
      sg_buf_addc (b, ')');
      break;
    case 16: /* from the other format */
      sg_buf_printf (b, "((_ to_fp %u %u) ", eb, sb);
      gen_rm (g, b);
      sg_buf_addc (b, ' ');
      gen_fp (g, 1 - f, depth - 1, b);
      sg_buf_addc (b, ')');
      break;
    case 17:
    case 18: /* from a signed or unsigned bit-vector */
      sg_buf_printf (b, "((_ %s %u %u) ", k == 17 ? "to_fp" : "to_fp_unsigned", eb, sb);
      gen_rm (g, b);
      sg_buf_addc (b, ' ');
      gen_bits (g, 1 + pick (g, 20), b);
      sg_buf_addc (b, ')');
      break;
    case 19: /* through the reals */
      sg_buf_printf (b, "((_ to_fp %u %u) ", eb, sb);
      gen_rm (g, b);
      sg_buf_adds (b, " (fp.to_real ");
      gen_fp (g, pick (g, 2), depth - 1, b);
      sg_buf_adds (b, "))");
      break;
    case 20: /* the bit pattern reinterpreted */
      sg_buf_printf (b, "((_ to_fp %u %u) ", eb, sb);
      gen_bits (g, eb + sb, b);
      sg_buf_addc (b, ')');
      break;
    default:
      sg_buf_adds (b, "(ite ");
      gen_bool (g, depth - 1, b);
      sg_buf_addc (b, ' ');
      gen_fp (g, f, depth - 1, b);
      sg_buf_addc (b, ' ');
      gen_fp (g, f, depth - 1, b);
      sg_buf_addc (b, ')');
      break;
    }
}

/* A random ground term: FP, Bool, bit-vector (fp.to_ubv/fp.to_sbv) or Real (fp.to_real). */
static void
gen_term (xrng *g, sg_buf *b)
{
  uint32_t k = pick (g, 20), f = pick (g, 2);
  int depth = 1 + (int) pick (g, 3);
  if (k < 11) gen_fp (g, f, depth, b);
  else if (k < 15) gen_bool (g, depth, b);
  else if (k < 18)
    {
      sg_buf_printf (b, "((_ %s %u) ", pick (g, 2) ? "fp.to_ubv" : "fp.to_sbv", 1 + pick (g, 12));
      gen_rm (g, b);
      sg_buf_addc (b, ' ');
      gen_fp (g, f, depth - 1, b);
      sg_buf_addc (b, ')');
    }
  else
    {
      sg_buf_adds (b, "(fp.to_real ");
      gen_fp (g, f, depth - 1, b);
      sg_buf_addc (b, ')');
    }
}

#define DIFF_TERMS 300

static void
test_differential (void **state)
{
  (void) state;
  uint64_t seed = 0x5eed2024u;
  const char *env = getenv ("SG_FP_SEED");
  if (env && *env) seed = strtoull (env, NULL, 0);
  printf ("differential test: seed %#" PRIx64 " (replay with SG_FP_SEED=%#" PRIx64 ")\n", seed,
          seed);
  xrng g = { seed ? seed : 1 };
  /* the terms, as one script of get-value commands */
  sg_buf text, tb;
  sg_buf_init (&text), sg_buf_init (&tb);
  char **terms = calloc (DIFF_TERMS, sizeof *terms);
  assert_non_null (terms);
  for (int i = 0; i < DIFF_TERMS; i++)
    {
      sg_buf_reset (&tb);
      gen_term (&g, &tb);
      terms[i] = strdup (sg_buf_cstr (&tb));
      sg_buf_printf (&text, "(get-value (%s))\n", terms[i]);
    }
  tparse t;
  parse_all (&t, sg_buf_cstr (&text));
  assert_int_equal (t.sc.cmds.n, DIFF_TERMS);
  sg_eval *e = sg_eval_new (&t.s, NULL, 0);
  assert_non_null (e);
  /* our values; the solver script checks T = V for every determined one */
  char **vals = calloc (DIFF_TERMS, sizeof *vals);
  int *qidx = calloc (DIFF_TERMS, sizeof *qidx), nq = 0, undet = 0;
  sg_buf script, vb;
  sg_buf_init (&script), sg_buf_init (&vb);
  sg_buf_adds (&script, "(set-logic ALL)\n");
  for (int i = 0; i < DIFF_TERMS; i++)
    {
      sg_val v = NULL;
      assert_int_equal (sg_eval_term (e, item (&t, (uint32_t) i, 0), &v), SG_RC_OK);
      if (sg_v_is_undet (v)) { undet++; continue; }
      print_val (&t, v, &vb);
      vals[i] = strdup (sg_buf_cstr (&vb));
      qidx[nq++] = i;
      sg_buf_printf (&script, "(push 1)(assert (not (= %s %s)))(check-sat)(pop 1)\n", terms[i],
                     vals[i]);
    }
  sg_eval_free (e);
  tp_free (&t);
  printf ("differential test: %d terms, %d determined, %d undetermined (skipped)\n", DIFF_TERMS,
          nq, undet);
  assert_true (nq >= DIFF_TERMS / 2); /* most terms must be determined */

  char *az = malloc ((size_t) nq + 1), *ac = malloc ((size_t) nq + 1);
  sg_buf ez, ec;
  sg_buf_init (&ez), sg_buf_init (&ec);
  int nz = solver_answers (z3_argv, sg_buf_cstr (&script), az, nq, &ez);
  int nc = nz < 0 ? -1 : solver_answers (cvc5_argv, sg_buf_cstr (&script), ac, nq, &ec);
  int bad = 0, disagree = 0, confirmed = 0;
  if (nz < 0) printf ("z3 not found: differential test skipped\n");
  if (ez.len) printf ("z3 errors:\n%s", sg_buf_cstr (&ez)), bad++;
  if (nz >= 0 && nz != nq) printf ("z3 answered %d of %d queries\n", nz, nq), bad++;
  if (nz >= 0 && nc < 0) printf ("cvc5 not found: no cvc5 comparison\n");
  else
    {
      if (ec.len) printf ("cvc5 errors:\n%s", sg_buf_cstr (&ec));
      if (nc != nq) printf ("cvc5 answered %d of %d queries\n", nc, nq);
    }
  for (int k = 0; k < nq && k < nz; k++)
    {
      int i = qidx[k];
      if (az[k] == 's')
        {
          printf ("MISMATCH (z3 finds the value wrong) term %d:\n  %s\n  ours: %s\n", i,
                  terms[i], vals[i]);
          bad++;
        }
      else if (az[k] != 'u')
        printf ("z3 unknown on term %d: %s\n", i, terms[i]);
      else
        confirmed++;
      if (nc > k && ac[k] != az[k])
        {
          printf ("z3 and cvc5 disagree on term %d (z3 %s, cvc5 %s; ours %s):\n  %s\n", i,
                  az[k] == 'u' ? "agrees with us" : "rejects our value",
                  ac[k] == 'u' ? "agrees with us" : ac[k] == 's' ? "rejects our value" : "unknown",
                  vals[i], terms[i]);
          disagree++;
        }
    }
  printf ("differential test: z3 confirmed %d, cvc5 answered %d, z3/cvc5 disagreements %d\n",
          confirmed, nc, disagree);
  for (int i = 0; i < DIFF_TERMS; i++) free (terms[i]), free (vals[i]);
  free (terms), free (vals), free (qidx), free (az), free (ac);
  sg_buf_free (&text), sg_buf_free (&tb), sg_buf_free (&script), sg_buf_free (&vb);
  sg_buf_free (&ez), sg_buf_free (&ec);
  if (nz < 0) skip ();
  assert_int_equal (bad, 0);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_rounding),
    cmocka_unit_test (test_specials),
    cmocka_unit_test (test_conversions),
    cmocka_unit_test (test_mpfr_state_kept),
    cmocka_unit_test (test_differential),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
