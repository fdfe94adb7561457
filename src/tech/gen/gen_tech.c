/* gen_tech: the generators' engines on the fuzz loop (tech/tech.h) — bv and fp (gen_core.c's
 * functions) and strings (an adapter over gen_str.h): their option tables and rows. */
#include "tech/gen/gen_tech.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/opt.h"
#include "tech/gen/gen.h"
#include "tech/gen/gen_str.h"

/* ---- strings: formulas sat or unsat by construction (a generator: no seeds) ---- */

typedef struct strings_state {
  sg_tech_cfg cfg;   /* mode: sat, unsat or mixed; chain: formulas per chain */
  sg_gen_str *g;     /* constants, pool, rows */
  uint32_t step;     /* formulas made in this chain */
} strings_state;

static sg_rc
strings_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d)
{
  (void) sched;
  strings_state *s = calloc (1, sizeof *s);
  if (!s) return SG_RC_NOMEM;
  s->cfg = *cfg;
  sg_rc rc = sg_gen_str_new (&s->g, cfg->data_file, cfg->gen.ops == 1, d);
  if (rc) { free (s); return rc; }
  *state = s;
  return SG_RC_OK;
}

static sg_rc
strings_begin (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d)
{
  (void) seeds, (void) rng, (void) d;
  strings_state *s = state;
  s->step = 0;
  return SG_RC_OK;
}

static sg_rc
strings_next (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d)
{
  strings_state *s = state;
  if (s->cfg.chain && s->step >= s->cfg.chain) return SG_RC_EOF;
  bool sat = s->cfg.mode == SG_TECH_SAT || (s->cfg.mode == SG_TECH_MIXED && sg_rng_chance (rng, 1, 2));
  sg_gstr_unsat_opts o = { -1, SG_GSTR_TR_ANY, -1, -1 };
  sg_rc rc = sat ? sg_gen_str_sat (s->g, rng, SG_GSTR_ANY, &out->text, &out->desc)
                 : sg_gen_str_unsat (s->g, rng, &o, &out->text, &out->desc);
  if (rc) return sg_diag_set (d, rc, 0, 0, "strings: cannot generate a formula");
  s->step++;
  out->step = s->step;
  out->expected = sat ? SG_ANS_SAT : SG_ANS_UNSAT;
  return SG_RC_OK;
}

static void
strings_free (void *state)
{
  strings_state *s = state;
  if (!s) return;
  sg_gen_str_free (s->g);
  free (s);
}

/* ---- the rows ---- */

static const sg_opt strings_opts[] = {
  { 0, "--status", NULL, "S", SG_OPT_CHOICE, SG_TECH_OFF (mode), SG_OPT_NO_GIVEN, 0, 0, NULL,
    "sat|unsat|mixed", "formulas sat, unsat or both by construction (default %D)" },
  { 0, "--constants", NULL, "FILE", SG_OPT_STR, SG_TECH_OFF (data_file), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL,
    "boundary constants of the sat formulas, one per line: 'S TERM', 'I TERM'\n"
    "or 'L TERM' (String, Int, RegLan; '#' comments; default: built in)" },
  { 0, "--ops", NULL, "SET", SG_OPT_CHOICE, SG_TECH_OFF (gen.ops), SG_OPT_NO_GIVEN, 0, 0, NULL,
    "all|paper", "operations: all (SMT-LIB 2.6 strings and regular expressions) or\n"
    "paper (the paper's twelve, its Table 2 rows and Table 3 equalities only;\n"
    "RegLan constants unused) (default %D)" },
};

/* bv's and fp's --status. */
#define GEN_STATUS_OPT                                                                               \
  { 0, "--status", NULL, "S", SG_OPT_CHOICE, SG_TECH_OFF (mode), SG_OPT_NO_GIVEN, 0, 0, NULL,        \
    "sat|unsat|mixed|random",                                                                        \
    "status of the formulas: sat, unsat, mixed (either), or random\n(no status: differential) (default %D)" }

static const sg_opt gen_bv_opts[] = {
  GEN_STATUS_OPT,
  { 0, "--width", "-w", "W", SG_OPT_U32, SG_TECH_OFF (gen.width), SG_OPT_NO_GIVEN, 1, 4096, "a width from 1 to 4096", NULL,
    "bit width of the variables (default: drawn per formula from 1..64,\n"
    "tiny ones most)" },
};

static const sg_opt gen_fp_opts[] = {
  GEN_STATUS_OPT,
  { 0, "--format", NULL, "EB SB", SG_OPT_U32X2, SG_TECH_OFF (gen.format), SG_OPT_NO_GIVEN, 2, 60, "EB and SB each from 2 to 60", NULL,
    "exponent and significand bits (Float32: 8 24; default: drawn per\n"
    "formula from 2 3 to 11 53, the 5-bit 2 3 most)" },
};

/* What bv and fp share: gen_core.c's state, four modes (mixed by default), no default weight
 * in a campaign. */
#define GEN_ROW                                                                                      \
  .defaults = { .chain = 1000, .mode = SG_TECH_MIXED }, .timeout_s = 8, .campaign_chain = 50,        \
  .variants = { "sat", "unsat", "mixed", "random" }, .weights = { 0, 0, 0, 0 }, .nseeds = 0,         \
  .begin = sg_gen_begin, .next = sg_gen_next, .free = sg_gen_free

static const char bv_about[] =
  "Generate QF_BV formulas whose status is known by construction (no seeds; TECHNIQUES.md §9).\n"
  "sat: an assignment is drawn (values from the classes 0, 1, all ones, signed min and max,\n"
  "small, uniform), random terms are grown and evaluated exactly by smtgrind's evaluator,\n"
  "atoms true or false under it are combined by connectives whose values are tracked, and\n"
  "only true assertions are kept; the assignment is written after (check-sat) as\n"
  "';; witness: (define-fun x0 () (_ BitVec W) VALUE)' lines. unsat: terms are grown in\n"
  "pairs equal for every input (identities such as De Morgan, bvneg = bvnot + 1, shifts by\n"
  "the width or more, division by zero, extract/concat: src/tech/gen/gen_bv_ids.def, each\n"
  "checked exhaustively at widths 1..4) and a Boolean pair is asserted one side true, the\n"
  "other false. mixed: either, at random. A solver answering against the status, an invalid\n"
  "model or a crash is a finding. 'smtgrind gen bv' writes the formulas to files.\n";

static const char fp_about[] =
  "Generate QF_FP (QF_BVFP) formulas whose status is known by construction (no seeds;\n"
  "TECHNIQUES.md §9). sat: an assignment is drawn (values from the classes +-0, least and\n"
  "greatest subnormal and normal, one, halfway patterns, +-oo, NaN, and uniform bits), random\n"
  "terms (every rounding mode) are grown and evaluated exactly by smtgrind's MPFR evaluator\n"
  "(terms whose value SMT-LIB leaves unspecified are dropped), true atoms are asserted, and\n"
  "the assignment is written after (check-sat) as ';; witness: ...' lines. unsat: pairs of\n"
  "terms equal for every input (sign and NaN laws, rounding-mode monotonicity, fp.eq against\n"
  "=, exact operations, conversions: src/tech/gen/gen_fp_ids.def, each checked exhaustively in\n"
  "tiny formats) with one side asserted true, the other false. mixed: either, at random.\n"
  "cvc5 is run with --fp-exp on formats other than Float32 and Float64 (its profile).\n"
  "'smtgrind gen fp' writes the formulas to files.\n";

const sg_technique sg_tech_bv = {
  .name = "bv", .summary = "bit-vector formulas sat or unsat by construction (generator)",
  .about = bv_about, .opts = gen_bv_opts, .nopts = SG_TECH_NOPTS (gen_bv_opts),
  .describe = sg_gen_bv_describe, .init = sg_gen_bv_init, GEN_ROW,
};

const sg_technique sg_tech_fp = {
  .name = "fp", .summary = "floating-point formulas sat or unsat by construction (generator)",
  .about = fp_about, .opts = gen_fp_opts, .nopts = SG_TECH_NOPTS (gen_fp_opts),
  .describe = sg_gen_fp_describe, .init = sg_gen_fp_init, GEN_ROW,
};

const sg_technique sg_tech_strings = {
  .name = "strings",
  .summary = "string formulas sat or unsat by construction (Bugariu & Mueller), metamorphic",
  .about = "Generate string formulas whose status is known by construction (no seeds): sat ones apply\n"
           "one operation to fresh variables, to boundary constants (constant assignment) or to\n"
           "depth-1 terms equated to a term of equal value (term synthesis), with the witness model\n"
           "as ';; witness:' comments; unsat ones are not A and B for an identity B => A (Table 2 of\n"
           "the paper and rows for the SMT-LIB 2.6 operations), transformed once with the equalities\n"
           "of Table 3, every conjunct named and the known minimal core as a ';; core:' comment.\n"
           "Any decided answer against the construction, an invalid model or a crash is a finding.\n"
           "A solver that answers unsat is asked for its unsat core: a core without every conjunct\n"
           "of the known one that is confirmed satisfiable (a model of it our evaluator validates)\n"
           "is a soundness finding; a larger core is 'imprecise' (imprecise-core-*.smt2, not a bug).\n"
           "'smtgrind gen strings --status sat|unsat --count N --out DIR' writes them to files.\n",
  .opts = strings_opts, .nopts = SG_TECH_NOPTS (strings_opts),
  .defaults = { .chain = 1000, .mode = SG_TECH_MIXED },
  .timeout_s = 15, .campaign_chain = 50,
  .variants = { "sat", "unsat", "mixed" }, .weights = { 0, 0, 0 }, .nseeds = 0,
  .oracles = SG_TECH_ORACLE_CORE,
  .init = strings_init, .begin = strings_begin, .next = strings_next, .free = strings_free,
};
