/* tech: adapters from the techniques' own APIs to the loop's interface, and the table. */
#include "tech/tech.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/opt.h"

#include "front/parse.h"
#include "front/print.h"
#include "tech/mutate/fusion.h"
#include "tech/gen/gen_str.h"
#include "tech/gen/gen.h"
#include "tech/enum/enum_tech.h"
#include "tech/mutate/opfuzz.h"
#include "tech/approx/janus.h"
#include "tech/approx/sae.h"
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
  sg_tech_cfg cfg;          /* options (mode: 0 sat, 1 unsat, 2 mixed) */
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
  switch (f->cfg.mode)
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
  switch (f->cfg.mode)
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

/* ---- strings: formulas sat or unsat by construction (a generator: no seeds) ---- */

typedef struct strings_state {
  sg_tech_cfg cfg;   /* mode: 0 sat, 1 unsat, 2 mixed; chain: formulas per chain */
  sg_gen_str *g;     /* constants, pool, rows */
  uint32_t step;     /* formulas made in this chain */
} strings_state;

static sg_rc
strings_init (const sg_tech_cfg *cfg, void **state, sg_diag *d)
{
  strings_state *s = calloc (1, sizeof *s);
  if (!s) return SG_RC_NOMEM;
  s->cfg = *cfg;
  sg_rc rc = sg_gen_str_new (&s->g, cfg->data_file, cfg->ops == 1, d);
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
  bool sat = s->cfg.mode == 0 || (s->cfg.mode == 2 && sg_rng_chance (rng, 1, 2));
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

/* ---- the table ---- */

#define OFF(f) ((uint16_t) offsetof (sg_tech_cfg, f))

static const sg_opt fuse_opts[] = {
  { 0, "--oracle", "-o", "MODE", SG_OPT_CHOICE, OFF (mode), SG_OPT_NO_GIVEN, 0, 0, NULL,
    "sat|unsat|mixed", "fusion mode: sat, unsat or mixed (default %D)" },
};

static const sg_opt sae_opts[] = {
  { 0, "--literals", "-k", "K", SG_OPT_U32, OFF (per_step), SG_OPT_NO_GIVEN, 1, 1000, "1..1000", NULL,
    "literal occurrences changed per mutant: 1..K at random (default %D)" },
};

static const sg_opt janus_opts[] = {
  { 0, "--steps", NULL, "K", SG_OPT_U32, OFF (steps), SG_OPT_NO_GIVEN, 1, 100000, "1..100000", NULL,
    "mutations per chain before restarting from the seed (default %D)" },
};

static const sg_opt strings_opts[] = {
  { 0, "--status", NULL, "S", SG_OPT_CHOICE, OFF (mode), SG_OPT_NO_GIVEN, 0, 0, NULL,
    "sat|unsat|mixed", "formulas sat, unsat or both by construction (default %D)" },
  { 0, "--constants", NULL, "FILE", SG_OPT_STR, OFF (data_file), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL,
    "boundary constants of the sat formulas, one per line: 'S TERM', 'I TERM'\n"
    "or 'L TERM' (String, Int, RegLan; '#' comments; default: built in)" },
  { 0, "--ops", NULL, "SET", SG_OPT_CHOICE, OFF (ops), SG_OPT_NO_GIVEN, 0, 0, NULL,
    "all|paper", "operations: all (SMT-LIB 2.6 strings and regular expressions) or\n"
    "paper (the paper's twelve, its Table 2 rows and Table 3 equalities only;\n"
    "RegLan constants unused) (default %D)" },
};

static const sg_opt gen_bv_opts[] = {
  { 0, "--status", NULL, "S", SG_OPT_CHOICE, OFF (mode), SG_OPT_NO_GIVEN, 0, 0, NULL,
    "sat|unsat|mixed|random", "status of the formulas: sat, unsat, mixed (either), or random\n(no status: differential) (default %D)" },
  { 0, "--width", "-w", "W", SG_OPT_U32, OFF (width), SG_OPT_NO_GIVEN, 1, 4096, "a width from 1 to 4096", NULL,
    "bit width of the variables (default: drawn per formula from 1..64,\n"
    "tiny ones most)" },
};

static const sg_opt gen_fp_opts[] = {
  { 0, "--status", NULL, "S", SG_OPT_CHOICE, OFF (mode), SG_OPT_NO_GIVEN, 0, 0, NULL,
    "sat|unsat|mixed|random", "status of the formulas: sat, unsat, mixed (either), or random\n(no status: differential) (default %D)" },
  { 0, "--format", NULL, "EB SB", SG_OPT_U32X2, OFF (format), SG_OPT_NO_GIVEN, 2, 60, "EB and SB each from 2 to 60", NULL,
    "exponent and significand bits (Float32: 8 24; default: drawn per\n"
    "formula from 2 3 to 11 53, the 5-bit 2 3 most)" },
};

static const sg_opt enum_opts[] = {
  { 0, "--grammar", NULL, "G", SG_OPT_STR, OFF (data_file), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL,
    "the grammar: core, ints, reals, realints, bv, arrays, fp, strings or a\n"
    "BNF file (docs/enum.md); 'smtgrind enum GRAMMAR' sets it" },
  { 0, "--from", NULL, "I", SG_OPT_STR, OFF (from), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL,
    "first global index, decimal, any size (default 0)" },
  { 0, "--count", NULL, "N", SG_OPT_U64, OFF (count), SG_OPT_NO_GIVEN, 1, 1.8e19, "a positive count", NULL,
    "formulas from --from on (default: no end)" },
  { 0, "--shard", NULL, "I/N", SG_OPT_STR, OFF (shard), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL,
    "this run's share: the blocks of -i formulas b with b mod N = I" },
  { 0, "--reference", NULL, "NAME", SG_OPT_STR, OFF (reference), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL,
    "the reference solver (profile name in --solvers): it decides, another\n"
    "does not (regression), or decides >= 10x slower (performance; medians\n"
    "of 3 fresh runs each)" },
};

static void
sae_describe (const sg_tech_cfg *cfg, char *out, size_t size)
{
  snprintf (out, size, "up to %u literal occurrences per mutant (-k), %u mutants per seed (-i)",
            cfg->per_step, cfg->chain);
}

#define NOPTS(a) (uint32_t) (sizeof a / sizeof a[0])

static const sg_technique techniques[] = {
  {
    .name = "opfuzz",
    .summary = "type-aware operator mutation (OpFuzz), differential",
    .about = "Mutate each seed in chains: each step replaces an operator by another of its class (same\n"
             "argument and result sorts, arity guards enforced); every mutant is type-checked, run on\n"
             "the solvers and judged differentially (models checked by smtgrind's evaluator).\n",
    .data_help = "operator classes (default: built in)",
    .defaults = { .chain = 300, .per_step = 1 },
    .timeout_s = 8, .campaign_chain = 30, .weights = "1", .nseeds = 1,
    .init = opfuzz_init, .begin = chain1_begin, .next = chain1_next, .free = chain1_free,
  },
  {
    .name = "typefuzz",
    .summary = "generative type-aware mutation (TypeFuzz), differential",
    .about = "Mutate each seed in chains: each step replaces a subterm by a new operator application of\n"
             "the same sort whose arguments are existing subterms in scope (bound variables never leave\n"
             "their binder); every mutant is type-checked, run on the solvers and judged differentially.\n",
    .defaults = { .chain = 10, .per_step = 1 },
    .timeout_s = 8, .campaign_chain = 10, .weights = "1", .nseeds = 1,
    .init = typefuzz_init, .begin = chain1_begin, .next = chain1_next, .free = chain1_free,
  },
  {
    .name = "fuse",
    .summary = "semantic fusion of labelled seeds (YinYang), metamorphic",
    .args = "-o sat|unsat|mixed ",
    .about = "Fuse pairs of seeds whose labels (INDEX.tsv beside the seeds, as written by 'smtgrind\n"
             "label' or the corpus, or --index FILE; unlabelled seeds are labelled first by the\n"
             "consensus of the solvers under test) fit the mode into mutants of known status; a\n"
             "solver answering the other way is a soundness bug.\n",
    .opts = fuse_opts, .nopts = NOPTS (fuse_opts),
    .data_help = "fusion functions in yinyang's #begin ... #end format (default: built in)",
    .defaults = { .chain = 30, .per_step = 1 },
    .timeout_s = 8, .campaign_chain = 10, .variants = "sat|unsat|mixed", .weights = "1|1|0",
    .nseeds = 2, .needs_status = true,
    .init = fuse_init, .begin = fuse_begin, .next = fuse_next, .free = fuse_free,
    .pair_status = fuse_pair_status,
  },
  {
    .name = "sae",
    .summary = "skeletal approximation enumeration (Sparrow), metamorphic",
    .about = "Put each labelled seed (INDEX.tsv beside the seeds, or --index FILE; unlabelled seeds\n"
             "are labelled first by the consensus of the solvers under test) into CNF (Tseitin\n"
             "outside binders; atoms under ite conditions, Boolean equalities and UF arguments lifted\n"
             "into the skeleton first), then replace up to K literal occurrences, all in one direction:\n"
             "over-approximations of sat seeds (each literal l by an l' with l |= l') stay sat,\n"
             "under-approximations of unsat seeds stay unsat. A literal changes by a predicate symbol\n"
             "transformation (the corrected rule tables for Int/Real, bit-vectors signed and unsigned,\n"
             "floating point with fp.eq, strings) or a live predicate injection (l or psi / l and psi,\n"
             "psi a random snippet over the seed's constants and atoms in its logic). A solver answering\n"
             "the other way, an invalid model or a crash is a finding.\n",
    .opts = sae_opts, .nopts = NOPTS (sae_opts),
    .defaults = { .chain = 30, .per_step = 3 },
    .timeout_s = 8, .campaign_chain = 10, .weights = "1", .nseeds = 1, .needs_status = true,
    .describe = sae_describe,
    .init = sae_init, .begin = sae_begin, .next = sae_next, .free = sae_free,
  },
  {
    .name = "bv",
    .summary = "bit-vector formulas sat or unsat by construction (generator)",
    .about = "Generate QF_BV formulas whose status is known by construction (no seeds; TECHNIQUES.md §9).\n"
             "sat: an assignment is drawn (values from the classes 0, 1, all ones, signed min and max,\n"
             "small, uniform), random terms are grown and evaluated exactly by smtgrind's evaluator,\n"
             "atoms true or false under it are combined by connectives whose values are tracked, and\n"
             "only true assertions are kept; the assignment is written after (check-sat) as\n"
             "';; witness: (define-fun x0 () (_ BitVec W) VALUE)' lines. unsat: terms are grown in\n"
             "pairs equal for every input (identities such as De Morgan, bvneg = bvnot + 1, shifts by\n"
             "the width or more, division by zero, extract/concat: src/tech/gen/gen_bv_ids.def, each\n"
             "checked exhaustively at widths 1..4) and a Boolean pair is asserted one side true, the\n"
             "other false. mixed: either, at random. A solver answering against the status, an invalid\n"
             "model or a crash is a finding. 'smtgrind gen bv' writes the formulas to files.\n",
    .opts = gen_bv_opts, .nopts = NOPTS (gen_bv_opts),
    .defaults = { .chain = 1000, .mode = 2 },
    .timeout_s = 8, .campaign_chain = 50, .variants = "sat|unsat|mixed|random", .weights = "0|0|0|0", .nseeds = 0,
    .describe = sg_gen_bv_describe,
    .init = sg_gen_bv_init, .begin = sg_gen_begin, .next = sg_gen_next, .free = sg_gen_free,
  },
  {
    .name = "fp",
    .summary = "floating-point formulas sat or unsat by construction (generator)",
    .about = "Generate QF_FP (QF_BVFP) formulas whose status is known by construction (no seeds;\n"
             "TECHNIQUES.md §9). sat: an assignment is drawn (values from the classes +-0, least and\n"
             "greatest subnormal and normal, one, halfway patterns, +-oo, NaN, and uniform bits), random\n"
             "terms (every rounding mode) are grown and evaluated exactly by smtgrind's MPFR evaluator\n"
             "(terms whose value SMT-LIB leaves unspecified are dropped), true atoms are asserted, and\n"
             "the assignment is written after (check-sat) as ';; witness: ...' lines. unsat: pairs of\n"
             "terms equal for every input (sign and NaN laws, rounding-mode monotonicity, fp.eq against\n"
             "=, exact operations, conversions: src/tech/gen/gen_fp_ids.def, each checked exhaustively in\n"
             "tiny formats) with one side asserted true, the other false. mixed: either, at random.\n"
             "cvc5 is run with --fp-exp on formats other than Float32 and Float64 (its profile).\n"
             "'smtgrind gen fp' writes the formulas to files.\n",
    .opts = gen_fp_opts, .nopts = NOPTS (gen_fp_opts),
    .defaults = { .chain = 1000, .mode = 2 },
    .timeout_s = 8, .campaign_chain = 50, .variants = "sat|unsat|mixed|random", .weights = "0|0|0|0", .nseeds = 0,
    .describe = sg_gen_fp_describe,
    .init = sg_gen_fp_init, .begin = sg_gen_begin, .next = sg_gen_next, .free = sg_gen_free,
  },
  {
    .name = "janus",
    .summary = "weakening/strengthening chains (Janus), implication and regression",
    .about = "Rewrite labelled seeds (INDEX.tsv beside the seeds or --index FILE; unlabelled seeds are\n"
             "labelled first by the consensus of the solvers under test; one check-sat, no push/pop)\n"
             "step by step with the Janus rules: a sat seed is weakened at positive positions and\n"
             "strengthened at negative ones (the reverse for unsat), so every mutant keeps the seed's\n"
             "status. Chains of --steps mutations restart from the seed, -i times per seed (-i counts\n"
             "chains here). Oracles: implication (a solver decided step k-1 and answers unknown or\n"
             "times out on step k: the finding holds both texts and the rule), regression\n"
             "(--reference decides a mutant that another solver does not), and soundness (a decided\n"
             "answer against the seed's label). Implication and regression findings are written as\n"
             "incompleteness-SOLVER-ID with \"oracle\", \"rule\" and \"previous\" (the previous step's\n"
             "text) in the .json. One lane (each step is judged after the previous one).\n",
    .opts = janus_opts, .nopts = NOPTS (janus_opts),
    .defaults = { .chain = SG_JANUS_DEFAULT_ITERATIONS, .per_step = 1, .steps = SG_JANUS_DEFAULT_STEPS },
    .timeout_s = SG_JANUS_DEFAULT_TIMEOUT_S, .campaign_chain = 30, .weights = "0", .nseeds = 1,
    .needs_status = true, .one_lane = true,
    .oracles = SG_TECH_ORACLE_IMPLICATION | SG_TECH_ORACLE_REGRESSION,
    .init = janus_init, .begin = janus_begin, .next = janus_next, .free = janus_free,
  },
  {
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
    .opts = strings_opts, .nopts = NOPTS (strings_opts),
    .defaults = { .chain = 1000, .mode = 2 },
    .timeout_s = 15, .campaign_chain = 50,
    .variants = "sat|unsat|mixed", .weights = "0|0|0", .nseeds = 0,
    .oracles = SG_TECH_ORACLE_CORE,
    .init = strings_init, .begin = strings_begin, .next = strings_next, .free = strings_free,
  },
  {
    .name = "enum",
    .summary = "grammar-based enumeration (ET): the smallest formulas of a grammar, differential",
    .args = "GRAMMAR ",
    .about = "Run the solvers on a grammar's formulas in index order (sizes ascending; ET's size rule and\n"
             "grammars, corrected: TECHNIQUES.md §6, docs/enum.md), every formula type-checked first.\n"
             "The range is cut into blocks of -i formulas shared by the shards and the workers; a\n"
             "campaign's 'enum' engine takes the shipped grammars by turns and resumes by index.\n"
             "Differential oracles, models checked by smtgrind's evaluator, crashes.\n",
    .opts = enum_opts, .nopts = NOPTS (enum_opts),
    .defaults = { .chain = 1000 },
    .timeout_s = 8, .campaign_chain = 200, .weights = "0", .nseeds = 0, .until_eof = true, .perf = true,
    .oracles = SG_TECH_ORACLE_REGRESSION,
    .describe = sg_enum_tech_describe,
    .init = sg_enum_tech_init, .begin = sg_enum_tech_begin, .next = sg_enum_tech_next, .free = sg_enum_tech_free,
    .explain = sg_enum_tech_explain,
  },
};

#define NTECH (sizeof techniques / sizeof techniques[0])

size_t
sg_technique_count (void)
{
  return NTECH;
}

const sg_technique *
sg_technique_at (size_t i)
{
  return i < NTECH ? &techniques[i] : NULL;
}

const sg_technique *
sg_technique_find (const char *name)
{
  for (size_t i = 0; i < NTECH; i++)
    if (!strcmp (techniques[i].name, name)) return &techniques[i];
  return NULL;
}

/* The k-th '|'-separated item of list into out ("" past the end). */
static void
item (const char *list, int k, char *out, size_t size)
{
  const char *p = list ? list : "";
  for (; k > 0 && *p; k--) p += strcspn (p, "|") + (p[strcspn (p, "|")] == '|');
  snprintf (out, size, "%.*s", (int) strcspn (p, "|"), p);
}

/* The number of campaign engines of t (its variants, or 1). */
static int
nvariants (const sg_technique *t)
{
  if (!t->variants) return 1;
  int n = 1;
  for (const char *p = t->variants; *p; p++) n += *p == '|';
  return n;
}

bool
sg_technique_engine (const char *engine, const sg_technique **t, int *mode)
{
  for (size_t i = 0; i < NTECH; i++)
    {
      const sg_technique *c = &techniques[i];
      size_t n = strlen (c->name);
      if (strncmp (engine, c->name, n)) continue;
      if (!c->variants && !engine[n]) { *t = c, *mode = 0; return true; }
      if (c->variants && !engine[n] && c->nseeds == 0)
        {
          /* a generator's NAME alone: its "mixed" variant where it has one (bv=1: sat and
           * unsat formulas), else its first; engines with seeds need the variant (fuse-sat) */
          *t = c, *mode = 0;
          for (int k = 0; k < nvariants (c); k++)
            {
              char v[32];
              item (c->variants, k, v, sizeof v);
              if (!strcmp (v, "mixed")) *mode = k;
            }
          return true;
        }
      if (c->variants && engine[n] == '-')
        for (int k = 0; k < nvariants (c); k++)
          {
            char v[32];
            item (c->variants, k, v, sizeof v);
            if (!strcmp (engine + n + 1, v)) { *t = c, *mode = k; return true; }
          }
    }
  return false;
}

/* Every campaign engine in table order: "name[-variant]" and its default weight. */
static void
engines (char *out, size_t size, bool with_weights, bool only_default)
{
  size_t len = 0;
  out[0] = 0;
  for (size_t i = 0; i < NTECH; i++)
    for (int k = 0; k < nvariants (&techniques[i]); k++)
      {
        const sg_technique *t = &techniques[i];
        char v[32], w[16];
        item (t->variants, k, v, sizeof v);
        item (t->weights, t->variants ? k : 0, w, sizeof w);
        if (only_default && (!w[0] || !strcmp (w, "0"))) continue;
        int m = snprintf (out + len, size - len, "%s%s%s%s%s%s", len ? (with_weights ? "," : ", ") : "",
                          t->name, v[0] ? "-" : "", v, with_weights ? "=" : "", with_weights ? w : "");
        if (m < 0 || (size_t) m >= size - len) return;
        len += (size_t) m;
      }
}

void
sg_technique_default_engines (char *out, size_t size)
{
  engines (out, size, true, true);
}

void
sg_technique_engine_names (char *out, size_t size)
{
  engines (out, size, false, false);
}

const sg_technique *
sg_technique_owning (const sg_technique *t, const char *given)
{
  char flag[64]; /* "--k=3" and "-k3" name "--k" and "-k" */
  size_t len = given[0] == '-' && given[1] == '-' ? strcspn (given, "=") : given[0] == '-' && given[1] ? 2 : strlen (given);
  snprintf (flag, sizeof flag, "%.*s", (int) len, given);
  for (size_t i = 0; i < NTECH; i++)
    if (&techniques[i] != t && sg_opt_find (techniques[i].opts, techniques[i].nopts, 0, flag))
      return &techniques[i];
  if (t->data_help == NULL && !strcmp (flag, "--data"))
    for (size_t i = 0; i < NTECH; i++)
      if (techniques[i].data_help) return &techniques[i];
  return NULL;
}
