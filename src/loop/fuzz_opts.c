/* fuzz_opts: the one initialiser of sg_fuzz_opts (loop/loop.h), used by the engines'
 * subcommands and by the campaign alike. */
#include <string.h>

#include "loop/loop.h"

void
sg_fuzz_opts_init (sg_fuzz_opts *o, const sg_technique *t, const sg_tech_cfg *cfg)
{
  memset (o, 0, sizeof *o);
  o->tech = t;
  o->cfg = cfg ? *cfg : t->defaults;
  o->jobs = 1;
  o->models = true;
  o->model_sample = 2;
  o->chain_timeouts = 5;
  o->sessions = true;
  o->adaptive = true;
  o->parallel = false;
  o->lanes = 1;
  o->implication = (t->oracles & SG_TECH_ORACLE_IMPLICATION) != 0;
  o->cores = (t->oracles & SG_TECH_ORACLE_CORE) != 0;
  o->reference = o->cfg.reference; /* --reference: every engine (oracle/implication.h) */
}

void
sg_fuzz_opts_set_incompleteness (sg_fuzz_opts *o, bool on)
{
  /* A technique with the implication oracle judges unknowns and timeouts itself. */
  o->incompleteness = on && !o->implication;
}
