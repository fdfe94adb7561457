/* incr_tech: the incremental family's engine on the fuzz loop (tech/tech.h): `incr`, its adapter
 * over incr_gen.h and its row.
 * Tests: tests/cli/group_incr.sh (the engine against wrapped z3 and cvc5), tests/unit/opt_test.c
 * (its place in the engine list). */
#ifndef SG_TECH_INCR_TECH_H
#define SG_TECH_INCR_TECH_H

#include "tech/tech.h"

extern const sg_technique sg_tech_incr;

#endif
