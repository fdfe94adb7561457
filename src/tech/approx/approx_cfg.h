/* approx_cfg: the approximation family's own options (a member of tech/tech.h's sg_tech_cfg;
 * the rows of approx_tech.c point into it). Includes base/ only, so tech.h can hold it.
 * Owns: nothing (a struct).
 * Tests: tests/unit/janus_test.c, tests/cli (group janus) */
#ifndef SG_TECH_APPROX_CFG_H
#define SG_TECH_APPROX_CFG_H

#include <stdint.h>

typedef struct sg_approx_cfg {
  uint32_t steps; /* janus --steps: mutations per chain before restarting from the seed */
} sg_approx_cfg;

#endif
