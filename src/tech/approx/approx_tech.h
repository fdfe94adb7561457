/* approx_tech: the approximation family's rows of the technique table (tech/tech.c's list):
 * sae (Sparrow's skeletal approximation: over-approximations of sat seeds, under-
 * approximations of unsat ones) and janus (weakening/strengthening chains; implication and
 * regression oracles, one lane).
 * Owns: nothing (const rows; each technique's state is made by its init).
 * Tests: tests/unit/sae_test.c, janus_test.c; tests/cli (groups fuzz, janus) */
#ifndef SG_TECH_APPROX_TECH_H
#define SG_TECH_APPROX_TECH_H

#include "tech/tech.h"

extern const sg_technique sg_tech_sae;
extern const sg_technique sg_tech_janus;

#endif
