/* gen_cfg: the generators' own options (a member of tech/tech.h's sg_tech_cfg; the rows of
 * gen_tech.c point into it). Includes base/ only, so tech.h can hold it.
 * Owns: nothing (a struct).
 * Tests: tests/unit/gen_bv_test.c, gen_fp_test.c, gen_str_test.c, tests/cli (genbvfp, genstr) */
#ifndef SG_TECH_GEN_CFG_H
#define SG_TECH_GEN_CFG_H

#include <stdint.h>

typedef struct sg_gen_cfg {
  uint32_t width;     /* bv --width: the bit width, 0 = drawn per formula */
  uint32_t format[2]; /* fp --format: eb and sb, 0 0 = drawn per formula */
  int ops;            /* strings --ops: 0 every operation, 1 the paper's only */
} sg_gen_cfg;

#endif
