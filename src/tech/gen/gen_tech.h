/* gen_tech: the generators' rows of the technique table (tech/tech.c's list): bv and fp
 * (gen.h: formulas sat or unsat by construction over bit-vectors and floating point) and
 * strings (gen_str.h: Bugariu & Mueller's string formulas). Their modes are sg_tech_mode's
 * sat, unsat, mixed (and random: no status, bv and fp).
 * Owns: nothing (const rows; each generator's state is made by its init).
 * Tests: tests/unit/gen_bv_test.c, gen_fp_test.c, gen_str_test.c; tests/cli (groups genbvfp,
 * genstr) */
#ifndef SG_TECH_GEN_TECH_H
#define SG_TECH_GEN_TECH_H

#include "tech/tech.h"

extern const sg_technique sg_tech_bv;
extern const sg_technique sg_tech_fp;
extern const sg_technique sg_tech_strings;

#endif
