/* fuzz_opts: the one builder of sg_fuzz_opts (loop/loop.h), used by the engines' subcommands
 * and by the campaign alike, and the initialiser with the defaults on top of it. */
#include <string.h>

#include "loop/loop.h"

void
sg_fuzz_opts_build (sg_fuzz_opts *o, const sg_fuzz_setup *s)
{
  const sg_technique *t = s->tech;
  *o = (sg_fuzz_opts) {
    .tech = t, .cfg = s->cfg ? *s->cfg : t->defaults, .sched = s->sched,
    .solvers = s->solvers, .referees = s->referees && s->referees->n ? s->referees : NULL, .pats = s->pats,
    .option_fuzz = s->option_fuzz, .option_tables = s->option_tables,
    .timeout_ms = s->timeout_ms, .mem_bytes = s->mem_bytes, .seed = s->seed,
    .models = s->models, .model_sample = s->model_sample, .chain_timeouts = s->chain_timeouts,
    .sessions = s->sessions, .adaptive = true, .parallel = false, .lanes = 1,
    .jobs = s->jobs, .max_mutants = s->max_mutants, .max_chains = s->max_chains, .max_seconds = s->max_seconds,
    .out_dir = s->out_dir, .status = s->status,
    .implication = (t->oracles & SG_TECH_ORACLE_IMPLICATION) != 0,
    .cores = (t->oracles & SG_TECH_ORACLE_CORE) != 0,
    .incr = (t->oracles & SG_TECH_ORACLE_INCR) != 0,
  };
  o->reference = o->cfg.reference; /* --reference: every engine (oracle/implication.h) */
  sg_fuzz_opts_set_incompleteness (o, s->incompleteness);
}

void
sg_fuzz_opts_init (sg_fuzz_opts *o, const sg_technique *t, const sg_tech_cfg *cfg)
{
  sg_fuzz_setup s = { .tech = t, .cfg = cfg, .jobs = 1, .models = true, .model_sample = 2,
                      .chain_timeouts = 5, .sessions = true };
  sg_fuzz_opts_build (o, &s);
}

void
sg_fuzz_opts_set_incompleteness (sg_fuzz_opts *o, bool on)
{
  /* A technique with the implication oracle judges unknowns and timeouts itself. */
  o->incompleteness = on && !o->implication;
}
