/* incr_tech: the engine `incr` (tech/incr/incr_tech.h). */
#include "tech/incr/incr_tech.h"

#include <stdio.h>
#include <stdlib.h>

#include "tech/incr/incr_gen.h"

_Static_assert ((int) SG_INCR_GEN_MAX_QUERIES <= (int) SG_TECH_MAX_QUERIES, "a mutant carries every query's expectation");

typedef struct incr_state {
  sg_tech_cfg cfg;  /* options */
  sg_incr_gen *gen; /* the chain's seed */
  uint32_t made;    /* scripts made on it */
} incr_state;

static sg_rc
incr_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d)
{
  (void) sched;
  (void) d;
  incr_state *st = calloc (1, sizeof *st);
  if (!st) return SG_RC_NOMEM;
  st->cfg = *cfg;
  sg_rc rc = sg_incr_gen_new (&st->gen);
  if (rc) { free (st); return rc; }
  *state = st;
  return SG_RC_OK;
}

static sg_rc
incr_begin (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d)
{
  (void) rng;
  incr_state *st = state;
  st->made = 0;
  return sg_incr_gen_seed (st->gen, seeds[0]->text, seeds[0]->len, seeds[0]->path, seeds[0]->status, d);
}

static sg_rc
incr_next (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d)
{
  (void) d;
  incr_state *st = state;
  if (st->made >= st->cfg.chain) return SG_RC_EOF;
  sg_rc rc = sg_incr_gen_next (st->gen, rng, &out->text, &out->desc);
  if (rc) return rc;
  out->expected = SG_ANS_NONE; /* each query is judged against its scope asked alone */
  /* and what the seed's label fixes of each, where the solvers leave it undecided */
  const sg_answer *e = NULL;
  out->nqueries = sg_incr_gen_expected (st->gen, &e);
  for (uint32_t k = 0; k < out->nqueries; k++) out->queries[k] = e[k];
  out->step = ++st->made;
  return SG_RC_OK;
}

static void
incr_free (void *state)
{
  incr_state *st = state;
  if (!st) return;
  sg_incr_gen_free (st->gen);
  free (st);
}

const sg_technique sg_tech_incr = {
  .name = "incr",
  .summary = "incremental scripts from any seed: push/pop, check-sat-assuming, cores, values",
  .about = "Turn each seed (any logic, labelled or not; its commands up to its first check-sat) into\n"
           "incremental scripts: its assertions shuffled over push levels, some named, pops whose\n"
           "assertions are asserted again, several queries (check-sat, check-sat-assuming over the\n"
           "seed's Boolean constants, fresh ones declared after a query and the names in scope),\n"
           "get-value after a query a sat label makes sat, reset-assertions under global\n"
           "declarations; the last query's scope is the seed's. Oracles (docs/incremental.md):\n"
           "each answer against its scope asked alone in a fresh process; the model and values\n"
           "after sat, the unsat core and unsat assumptions after unsat; differential, crashes.\n",
  .defaults = { .chain = 20 },
  .timeout_s = 8, .campaign_chain = 5, .weights = { 1 }, .nseeds = 1,
  .oracles = SG_TECH_ORACLE_INCR,
  .init = incr_init, .begin = incr_begin, .next = incr_next, .free = incr_free,
};
