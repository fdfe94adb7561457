/* enum_cfg: the enumeration's own options (a member of tech/tech.h's sg_tech_cfg; the rows of
 * enum_tech.c point into it; the grammar is sg_tech_cfg.data_file). Includes base/ only, so
 * tech.h can hold it.
 * Owns: nothing (a struct).
 * Tests: tests/unit/enum_test.c, tests/cli (group enum) */
#ifndef SG_TECH_ENUM_CFG_H
#define SG_TECH_ENUM_CFG_H

#include <stdint.h>

typedef struct sg_enum_cfg {
  const char *from; /* --from: first global index (decimal, any size), NULL = 0 */
  uint64_t count;   /* --count: formulas from `from` on; 0 = no end */
  const char *shard; /* --shard "I/N": the index blocks b with b mod N = I, or NULL */
} sg_enum_cfg;

#endif
