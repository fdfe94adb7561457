/* tech: adapters from the techniques' own APIs to the loop's interface, and the table. */
#include "tech/tech.h"

#include <stdlib.h>
#include <string.h>

#include "front/parse.h"
#include "front/print.h"
#include "tech/fusion.h"
#include "tech/opfuzz.h"
#include "tech/janus.h"
#include "tech/sae.h"
#include "tech/typefuzz.h"

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
opfuzz_init (const sg_tech_cfg *cfg, void **state, sg_diag *d)
{
  sg_rc rc = chain1_new (cfg, opfuzz_step, state);
  if (rc) return rc;
  chain1 *c = *state;
  if ((rc = sg_opfuzz_load (&c->classes, cfg->data_file, d))) { free (c); return rc; }
  c->has_classes = true;
  return SG_RC_OK;
}

static sg_rc
typefuzz_init (const sg_tech_cfg *cfg, void **state, sg_diag *d)
{
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
  sg_tech_cfg cfg;          /* options (fuse_mode: 0 sat, 1 unsat, 2 mixed) */
  sg_fusion_table table;    /* fusion functions, validated */
  const sg_tech_seed *s1;   /* the pair */
  const sg_tech_seed *s2;
  uint32_t step;            /* mutants made from this pair */
} fuse_state;

static sg_rc
fuse_init (const sg_tech_cfg *cfg, void **state, sg_diag *d)
{
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
  switch (f->cfg.fuse_mode)
    {
    case 0: return a == SG_ANS_SAT && b == SG_ANS_SAT ? SG_ANS_SAT : SG_ANS_NONE;
    case 1: return a == SG_ANS_UNSAT && b == SG_ANS_UNSAT ? SG_ANS_UNSAT : SG_ANS_NONE;
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
  switch (f->cfg.fuse_mode)
    {
    case 0: o.mode = SG_FUSE_SAT; out->expected = SG_ANS_SAT; break;
    case 1: o.mode = SG_FUSE_UNSAT; out->expected = SG_ANS_UNSAT; break;
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


/* ---- Sparrow (sae): mutants of one labelled seed, each from the seed's CNF ---- */

typedef struct sae_state {
  sg_tech_cfg cfg;          /* options (per_step: K, the literal cap) */
  sg_sae e;                 /* the prepared seed */
  sg_answer status;         /* its label */
  uint32_t step;            /* mutants made from it */
} sae_state;

static sg_rc
sae_init (const sg_tech_cfg *cfg, void **state, sg_diag *d)
{
  (void) d;
  sae_state *a = calloc (1, sizeof *a);
  if (!a) return SG_RC_NOMEM;
  a->cfg = *cfg;
  *state = a;
  return SG_RC_OK;
}

static sg_rc
sae_begin (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d)
{
  (void) rng;
  sae_state *a = state;
  sg_sae_free (&a->e);
  a->step = 0;
  a->status = seeds[0]->status;
  if (a->status != SG_ANS_SAT && a->status != SG_ANS_UNSAT)
    return sg_diag_set (d, SG_RC_USAGE, 0, 0, "sae needs a seed labelled sat or unsat");
  return sg_sae_prepare (&a->e, seeds[0]->text, seeds[0]->len, seeds[0]->path, d);
}

static sg_rc
sae_next (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d)
{
  sae_state *a = state;
  if (!a->e.live || a->step >= a->cfg.chain) return SG_RC_EOF;
  sg_buf_reset (&out->text);
  sg_buf_reset (&out->desc);
  sg_sae_opts o = { a->cfg.per_step, 0 };
  sg_sae_dir dir = a->status == SG_ANS_SAT ? SG_SAE_OVER : SG_SAE_UNDER;
  sg_rc rc = sg_sae_mutant (&a->e, &o, dir, rng, &out->text, &out->desc, NULL);
  if (rc)
    return sg_diag_set (d, rc, 0, 0, "sae: %s", sg_buf_cstr (&out->desc));
  a->step++;
  out->step = a->step;
  out->expected = a->status;
  return sg_buf_ok (&out->text) && sg_buf_ok (&out->desc) ? SG_RC_OK : SG_RC_NOMEM;
}

static void
sae_free (void *state)
{
  sae_state *a = state;
  if (!a) return;
  sg_sae_free (&a->e);
  free (a);
}

/* ---- Janus: chains of weakening/strengthening steps over one labelled seed ---- */

typedef struct janus_state {
  sg_tech_cfg cfg;        /* chain = chains (iterations) per seed, steps = steps per chain */
  sg_janus rules;         /* parsed rule templates */
  sg_store store;         /* the current seed's store */
  sg_script seed;         /* the seed as parsed */
  sg_script cur;          /* the current step, mutated in place */
  bool live, has_cur;     /* store/seed hold a seed; cur holds a chain */
  sg_answer status;       /* the seed's label */
  const sg_tech_seed *src;/* the seed */
  uint32_t iter, step;    /* chains started on this seed; steps done in the current chain */
  sg_buf prev, last;      /* the previous step's text; the last mutant's text */
} janus_state;

static void
janus_drop (janus_state *j)
{
  if (j->has_cur) sg_script_free (&j->cur);
  if (j->live) { sg_script_free (&j->seed); sg_store_free (&j->store); }
  j->live = j->has_cur = false;
}

static sg_rc
janus_init (const sg_tech_cfg *cfg, void **state, sg_diag *d)
{
  janus_state *j = calloc (1, sizeof *j);
  if (!j) return SG_RC_NOMEM;
  j->cfg = *cfg;
  if (!j->cfg.steps) j->cfg.steps = SG_JANUS_DEFAULT_STEPS;
  if (!j->cfg.chain) j->cfg.chain = SG_JANUS_DEFAULT_ITERATIONS;
  sg_rc rc = sg_janus_init (&j->rules, d);
  if (rc) { free (j); return rc; }
  sg_buf_init (&j->prev);
  sg_buf_init (&j->last);
  *state = j;
  return SG_RC_OK;
}

static sg_rc
janus_begin (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d)
{
  (void) rng;
  janus_state *j = state;
  janus_drop (j);
  const sg_tech_seed *sd = seeds[0];
  if (sd->status != SG_ANS_SAT && sd->status != SG_ANS_UNSAT)
    return sg_diag_set (d, SG_RC_USAGE, 0, 0, "janus needs a seed labelled sat or unsat");
  sg_rc rc = sg_store_init (&j->store);
  if (rc) return rc;
  sg_script_init (&j->seed, &j->store);
  j->live = true;
  rc = sg_parse_string (&j->store, &j->seed, sd->text, sd->len, sd->path, d);
  char why[160];
  if (!rc && !sg_janus_usable (&j->seed, why, sizeof why))
    rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s", why);
  if (rc) { janus_drop (j); return rc; }
  j->status = sd->status;
  j->src = sd;
  j->iter = 0;
  j->step = j->cfg.steps; /* the first next() starts a chain */
  return SG_RC_OK;
}

static sg_rc
janus_next (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d)
{
  (void) d;
  janus_state *j = state;
  if (!j->live) return SG_RC_EOF;
  sg_buf_reset (&out->desc);
  for (int attempt = 0; attempt < 2; attempt++)
    {
      if (j->step >= j->cfg.steps)
        {
          /* Restart from the seed. */
          if (j->iter >= j->cfg.chain) return SG_RC_EOF;
          if (j->has_cur) sg_script_free (&j->cur);
          j->has_cur = false;
          sg_rc rc = sg_script_copy (&j->seed, &j->cur);
          if (rc) return rc;
          j->has_cur = true;
          j->iter++;
          j->step = 0;
          sg_buf_reset (&j->last);
          sg_buf_add (&j->last, j->src->text, j->src->len);
        }
      sg_janus_info info;
      bool done = false;
      sg_rc rc = sg_janus_step (&j->rules, &j->cur, j->status, rng, &out->desc, &info, &done);
      if (rc) return rc;
      if (!done)
        {
          if (j->step == 0) return SG_RC_EOF; /* nothing in the seed can be rewritten */
          j->step = j->cfg.steps;             /* dead end: restart */
          continue;
        }
      j->step++;
      sg_buf_reset (&j->prev);
      sg_buf_add (&j->prev, j->last.s, j->last.len);
      sg_buf_reset (&out->text);
      sg_print_script (&j->cur, NULL, &out->text);
      sg_buf_reset (&j->last);
      sg_buf_add (&j->last, out->text.s, out->text.len);
      out->expected = j->status;
      out->step = j->step;
      out->prev = sg_buf_cstr (&j->prev);
      out->prev_len = j->prev.len;
      out->rule = info.rule;
      out->iteration = j->iter;
      bool ok = sg_buf_ok (&out->text) && sg_buf_ok (&out->desc) && sg_buf_ok (&j->prev)
                && sg_buf_ok (&j->last);
      return ok ? SG_RC_OK : SG_RC_NOMEM;
    }
  return SG_RC_EOF;
}

static void
janus_free (void *state)
{
  janus_state *j = state;
  if (!j) return;
  janus_drop (j);
  sg_janus_free (&j->rules);
  sg_buf_free (&j->prev);
  sg_buf_free (&j->last);
  free (j);
}

static const sg_technique techniques[] = {
  { "opfuzz", 1, false, opfuzz_init, chain1_begin, chain1_next, chain1_free, NULL },
  { "typefuzz", 1, false, typefuzz_init, chain1_begin, chain1_next, chain1_free, NULL },
  { "fuse", 2, true, fuse_init, fuse_begin, fuse_next, fuse_free, fuse_pair_status },
  { "sae", 1, true, sae_init, sae_begin, sae_next, sae_free, NULL },
  { "janus", 1, true, janus_init, janus_begin, janus_next, janus_free, NULL },
};

const sg_technique *
sg_technique_find (const char *name)
{
  for (size_t i = 0; i < sizeof techniques / sizeof *techniques; i++)
    if (!strcmp (techniques[i].name, name)) return &techniques[i];
  return NULL;
}
