/* approx_tech: the approximation family's engines on the fuzz loop (tech/tech.h) — Sparrow
 * (sae: mutants of one labelled seed, each from the seed's CNF) and Janus (chains of
 * weakening/strengthening steps over one labelled seed): their adapters, option tables and
 * rows. */
#include "tech/approx/approx_tech.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/opt.h"
#include "front/parse.h"
#include "front/print.h"
#include "tech/approx/janus.h"
#include "tech/approx/sae.h"

/* ---- Sparrow (sae): mutants of one labelled seed, each from the seed's CNF ---- */

typedef struct sae_state {
  sg_tech_cfg cfg;          /* options (per_step: K, the literal cap) */
  sg_sae e;                 /* the prepared seed */
  sg_answer status;         /* its label */
  uint32_t step;            /* mutants made from it */
} sae_state;

static sg_rc
sae_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d)
{
  (void) sched;
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
  sg_tech_cfg cfg;        /* chain = chains (iterations) per seed, approx.steps = steps per chain */
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
janus_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d)
{
  (void) sched;
  janus_state *j = calloc (1, sizeof *j);
  if (!j) return SG_RC_NOMEM;
  j->cfg = *cfg;
  if (!j->cfg.approx.steps) j->cfg.approx.steps = SG_JANUS_DEFAULT_STEPS;
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
  j->step = j->cfg.approx.steps; /* the first next() starts a chain */
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
      if (j->step >= j->cfg.approx.steps)
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
          j->step = j->cfg.approx.steps;             /* dead end: restart */
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

/* ---- the rows ---- */

static const sg_opt sae_opts[] = {
  { 0, "--literals", "-k", "K", SG_OPT_U32, SG_TECH_OFF (per_step), SG_OPT_NO_GIVEN, 1, 1000, "1..1000", NULL,
    "literal occurrences changed per mutant: 1..K at random (default %D)" },
};

static const sg_opt janus_opts[] = {
  { 0, "--steps", NULL, "K", SG_OPT_U32, SG_TECH_OFF (approx.steps), SG_OPT_NO_GIVEN, 1, 100000, "1..100000", NULL,
    "mutations per chain before restarting from the seed (default %D)" },
};

static void
sae_describe (const sg_tech_cfg *cfg, char *out, size_t size)
{
  snprintf (out, size, "up to %u literal occurrences per mutant (-k), %u mutants per seed (-i)",
            cfg->per_step, cfg->chain);
}

const sg_technique sg_tech_sae = {
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
  .opts = sae_opts, .nopts = SG_TECH_NOPTS (sae_opts),
  .defaults = { .chain = 30, .per_step = 3 },
  .timeout_s = 8, .campaign_chain = 10, .weights = { 1 }, .nseeds = 1, .needs_status = true,
  .describe = sae_describe,
  .init = sae_init, .begin = sae_begin, .next = sae_next, .free = sae_free,
};

const sg_technique sg_tech_janus = {
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
  .opts = janus_opts, .nopts = SG_TECH_NOPTS (janus_opts),
  .defaults = { .chain = SG_JANUS_DEFAULT_ITERATIONS, .per_step = 1, .approx = { .steps = SG_JANUS_DEFAULT_STEPS } },
  .timeout_s = SG_JANUS_DEFAULT_TIMEOUT_S, .campaign_chain = 30, .weights = { 0 }, .nseeds = 1,
  .needs_status = true, .one_lane = true,
  .oracles = SG_TECH_ORACLE_IMPLICATION | SG_TECH_ORACLE_REGRESSION,
  .init = janus_init, .begin = janus_begin, .next = janus_next, .free = janus_free,
};
