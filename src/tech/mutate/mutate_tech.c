/* mutate_tech: the mutation family's engines on the fuzz loop (tech/tech.h) — OpFuzz and
 * TypeFuzz (chains over one seed, one step function each) and Semantic Fusion (chains over a
 * pair of labelled seeds): their adapters, option tables and rows. */
#include "tech/mutate/mutate_tech.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/opt.h"
#include "front/parse.h"
#include "front/print.h"
#include "tech/mutate/fusion.h"
#include "tech/mutate/opfuzz.h"
#include "tech/mutate/typefuzz.h"

/* ---- chains over one seed: OpFuzz and TypeFuzz, one step function each ---- */

typedef struct chain1 chain1;
/* One mutation step of the chain's script in place; *done false when nothing could change. */
typedef sg_rc (*step_fn) (chain1 *c, sg_rng *rng, sg_buf *desc, bool *done);

struct chain1 {
  sg_tech_cfg cfg;      /* options */
  step_fn step_of;      /* the technique's step */
  sg_opfuzz classes;    /* OpFuzz operator classes (unused by TypeFuzz) */
  bool has_classes;     /* classes were loaded */
  sg_store store;       /* the current chain's store */
  sg_script script;     /* the current mutant, mutated in place step by step */
  bool live;            /* store/script hold a chain */
  uint32_t step;        /* steps done */
};

static sg_rc
opfuzz_step (chain1 *c, sg_rng *rng, sg_buf *desc, bool *done)
{
  uint32_t swaps = 0;
  sg_rc rc = sg_opfuzz_step (&c->classes, &c->script, rng, c->cfg.per_step ? c->cfg.per_step : 1,
                             desc, &swaps);
  *done = swaps > 0;
  return rc;
}

static sg_rc
typefuzz_step (chain1 *c, sg_rng *rng, sg_buf *desc, bool *done)
{
  return sg_typefuzz_step (&c->script, rng, desc, done);
}

static void
chain1_drop (chain1 *c)
{
  if (!c->live) return;
  sg_script_free (&c->script);
  sg_store_free (&c->store);
  c->live = false;
}

static sg_rc
chain1_new (const sg_tech_cfg *cfg, step_fn step, void **state)
{
  chain1 *c = calloc (1, sizeof *c);
  if (!c) return SG_RC_NOMEM;
  c->cfg = *cfg;
  c->step_of = step;
  *state = c;
  return SG_RC_OK;
}

static sg_rc
opfuzz_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d)
{
  (void) sched;
  sg_rc rc = chain1_new (cfg, opfuzz_step, state);
  if (rc) return rc;
  chain1 *c = *state;
  if ((rc = sg_opfuzz_load (&c->classes, cfg->data_file, d))) { free (c); return rc; }
  c->has_classes = true;
  return SG_RC_OK;
}

static sg_rc
typefuzz_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d)
{
  (void) sched;
  (void) d;
  return chain1_new (cfg, typefuzz_step, state);
}

static sg_rc
chain1_begin (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d)
{
  (void) rng;
  chain1 *c = state;
  chain1_drop (c);
  sg_rc rc = sg_store_init (&c->store);
  if (rc) return rc;
  sg_script_init (&c->script, &c->store);
  c->live = true;
  c->step = 0;
  rc = sg_parse_string (&c->store, &c->script, seeds[0]->text, seeds[0]->len, seeds[0]->path, d);
  if (rc) chain1_drop (c);
  return rc;
}

static sg_rc
chain1_next (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d)
{
  (void) d;
  chain1 *c = state;
  if (!c->live || c->step >= c->cfg.chain) return SG_RC_EOF;
  bool done = false;
  sg_buf_reset (&out->desc);
  sg_rc rc = c->step_of (c, rng, &out->desc, &done);
  if (rc) return rc;
  if (!done) return SG_RC_EOF;
  c->step++;
  sg_buf_reset (&out->text);
  sg_print_script (&c->script, NULL, &out->text);
  out->expected = SG_ANS_NONE;
  out->step = c->step;
  return sg_buf_ok (&out->text) && sg_buf_ok (&out->desc) ? SG_RC_OK : SG_RC_NOMEM;
}

static void
chain1_free (void *state)
{
  chain1 *c = state;
  if (!c) return;
  chain1_drop (c);
  if (c->has_classes) sg_opfuzz_free (&c->classes);
  free (c);
}

/* ---- Semantic Fusion: chains over a pair of labelled seeds ---- */

typedef struct fuse_state {
  sg_tech_cfg cfg;          /* options (mode: sat, unsat or mixed) */
  sg_fusion_table table;    /* fusion functions, validated */
  const sg_tech_seed *s1;   /* the pair */
  const sg_tech_seed *s2;
  uint32_t step;            /* mutants made from this pair */
} fuse_state;

static sg_rc
fuse_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d)
{
  (void) sched;
  fuse_state *f = calloc (1, sizeof *f);
  if (!f) return SG_RC_NOMEM;
  f->cfg = *cfg;
  sg_fusion_table_init (&f->table);
  sg_rc rc = cfg->data_file ? sg_fusion_table_load_file (&f->table, cfg->data_file, 1, d)
                            : sg_fusion_table_add_builtins (&f->table, d);
  if (rc) { sg_fusion_table_free (&f->table); free (f); return rc; }
  *state = f;
  return SG_RC_OK;
}

static sg_answer
fuse_pair_status (const void *state, sg_answer a, sg_answer b)
{
  const fuse_state *f = state;
  switch (f->cfg.mode)
    {
    case SG_TECH_SAT: return a == SG_ANS_SAT && b == SG_ANS_SAT ? SG_ANS_SAT : SG_ANS_NONE;
    case SG_TECH_UNSAT: return a == SG_ANS_UNSAT && b == SG_ANS_UNSAT ? SG_ANS_UNSAT : SG_ANS_NONE;
    default: return a == SG_ANS_SAT && b == SG_ANS_UNSAT ? SG_ANS_UNKNOWN /* decided per mutant */ : SG_ANS_NONE;
    }
}

static sg_rc
fuse_begin (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d)
{
  (void) rng;
  (void) d;
  fuse_state *f = state;
  f->s1 = seeds[0];
  f->s2 = seeds[1];
  f->step = 0;
  return SG_RC_OK;
}

static sg_rc
fuse_next (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d)
{
  fuse_state *f = state;
  if (f->step >= f->cfg.chain) return SG_RC_EOF;
  sg_fuse_opts o = { SG_FUSE_SAT, 0 };
  switch (f->cfg.mode)
    {
    case SG_TECH_SAT: o.mode = SG_FUSE_SAT; out->expected = SG_ANS_SAT; break;
    case SG_TECH_UNSAT: o.mode = SG_FUSE_UNSAT; out->expected = SG_ANS_UNSAT; break;
    default:
      o.mode = sg_rng_chance (rng, 1, 2) ? SG_FUSE_MIXED_SAT : SG_FUSE_MIXED_UNSAT;
      out->expected = o.mode == SG_FUSE_MIXED_SAT ? SG_ANS_SAT : SG_ANS_UNSAT;
      break;
    }
  sg_buf_reset (&out->text);
  sg_buf_reset (&out->desc);
  sg_fuse_info info;
  sg_rc rc = sg_fuse_text (&f->table, f->s1->text, f->s1->len, f->s1->path, f->s2->text,
                           f->s2->len, f->s2->path, rng, &o, &out->text, &info, d);
  if (rc == SG_RC_USAGE) return SG_RC_EOF; /* no triplet: this pair cannot be fused */
  if (rc) return rc;
  f->step++;
  out->step = f->step;
  sg_buf_printf (&out->desc, "%s fusion of %s and %s: %u triplets, %u occurrences replaced, "
                 "%u symbols renamed, logic %s",
                 o.mode == SG_FUSE_SAT ? "sat" : o.mode == SG_FUSE_UNSAT ? "unsat"
                 : o.mode == SG_FUSE_MIXED_SAT ? "mixed-sat" : "mixed-unsat",
                 f->s1->path, f->s2->path, info.triplets, info.replaced, info.renamed, info.logic);
  return sg_buf_ok (&out->text) && sg_buf_ok (&out->desc) ? SG_RC_OK : SG_RC_NOMEM;
}

static void
fuse_free (void *state)
{
  fuse_state *f = state;
  if (!f) return;
  sg_fusion_table_free (&f->table);
  free (f);
}

/* ---- the rows ---- */

static const sg_opt fuse_opts[] = {
  { 0, "--oracle", "-o", "MODE", SG_OPT_CHOICE, SG_TECH_OFF (mode), SG_OPT_NO_GIVEN, 0, 0, NULL,
    "sat|unsat|mixed", "fusion mode: sat, unsat or mixed (default %D)" },
};

const sg_technique sg_tech_opfuzz = {
  .name = "opfuzz",
  .summary = "type-aware operator mutation (OpFuzz), differential",
  .about = "Mutate each seed in chains: each step replaces an operator by another of its class (same\n"
           "argument and result sorts, arity guards enforced); every mutant is type-checked, run on\n"
           "the solvers and judged differentially (models checked by smtgrind's evaluator).\n",
  .data_help = "operator classes (default: built in)",
  .defaults = { .chain = 300, .per_step = 1 },
  .timeout_s = 8, .campaign_chain = 30, .weights = { 1 }, .nseeds = 1,
  .init = opfuzz_init, .begin = chain1_begin, .next = chain1_next, .free = chain1_free,
};

const sg_technique sg_tech_typefuzz = {
  .name = "typefuzz",
  .summary = "generative type-aware mutation (TypeFuzz), differential",
  .about = "Mutate each seed in chains: each step replaces a subterm by a new operator application of\n"
           "the same sort whose arguments are existing subterms in scope (bound variables never leave\n"
           "their binder); every mutant is type-checked, run on the solvers and judged differentially.\n",
  .defaults = { .chain = 10, .per_step = 1 },
  .timeout_s = 8, .campaign_chain = 10, .weights = { 1 }, .nseeds = 1,
  .init = typefuzz_init, .begin = chain1_begin, .next = chain1_next, .free = chain1_free,
};

const sg_technique sg_tech_fuse = {
  .name = "fuse",
  .summary = "semantic fusion of labelled seeds (YinYang), metamorphic",
  .args = "-o sat|unsat|mixed ",
  .about = "Fuse pairs of seeds whose labels (INDEX.tsv beside the seeds, as written by 'smtgrind\n"
           "label' or the corpus, or --index FILE; unlabelled seeds are labelled first by the\n"
           "consensus of the solvers under test) fit the mode into mutants of known status; a\n"
           "solver answering the other way is a soundness bug.\n",
  .opts = fuse_opts, .nopts = SG_TECH_NOPTS (fuse_opts),
  .data_help = "fusion functions in yinyang's #begin ... #end format (default: built in)",
  .defaults = { .chain = 30, .per_step = 1 },
  .timeout_s = 8, .campaign_chain = 10, .variants = { "sat", "unsat", "mixed" }, .weights = { 1, 1, 0 },
  .nseeds = 2, .needs_status = true,
  .init = fuse_init, .begin = fuse_begin, .next = fuse_next, .free = fuse_free,
  .pair_status = fuse_pair_status,
};
