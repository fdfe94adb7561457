/* mutate_tech: the mutation family's rows of the technique table (tech/tech.c's list):
 * opfuzz (OpFuzz: an operator replaced by another of its class), typefuzz (TypeFuzz: a
 * subterm replaced by a new application of its sort) and fuse (YinYang's semantic fusion of
 * two labelled seeds; mode sat, unsat or mixed).
 * Owns: nothing (const rows; each technique's state is made by its init).
 * Tests: tests/unit/opfuzz_test.c, typefuzz_test.c, fusion_test.c, loop_test.c; tests/cli
 * (group fuzz) */
#ifndef SG_TECH_MUTATE_TECH_H
#define SG_TECH_MUTATE_TECH_H

#include "tech/tech.h"

extern const sg_technique sg_tech_opfuzz;
extern const sg_technique sg_tech_typefuzz;
extern const sg_technique sg_tech_fuse;

#endif
