/* enum_tech: the enumeration's blocks, shards and workers on the fuzz loop. */
#include "tech/enum/enum_tech.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/opt.h"
#include "tech/enum/enumerate.h"

#define NGRAMMARS 8u /* the shipped grammars a campaign takes turns over */

typedef struct one {
  sg_grammar g;
  sg_enum *e;
  bool loaded;
} one;

typedef struct enum_state {
  sg_tech_cfg cfg;
  sg_tech_sched sched; /* the worker's place (zero: alone, from chain 0) */
  one gr[NGRAMMARS]; /* gr[0] only, with a grammar; else the shipped ones, loaded when used */
  bool multi;        /* no grammar: the shipped ones by turns */
  uint32_t shard_i, shard_n;
  mpz_t from, idx;   /* the range's start; the current formula's global index */
  uint64_t chain;    /* the next chain's number */
  sg_enum_iter it;
  bool live;         /* it is initialised */
  one *cur;          /* the chain's grammar */
  uint64_t left;     /* formulas left in the chain's block */
  uint64_t skip;     /* formulas of the first chain's block already taken (campaign resume) */
  uint32_t step;
} enum_state;

/* A decimal number of digits alone (no sign, blank or base prefix) at *p, at most UINT32_MAX;
 * *p moves past it. */
static bool
digits_u32 (const char **p, uint32_t *out)
{
  const char *q = *p;
  uint64_t v = 0;
  if (*q < '0' || *q > '9') return false;
  for (; *q >= '0' && *q <= '9'; q++)
    if ((v = v * 10 + (uint64_t) (*q - '0')) > UINT32_MAX) return false;
  *p = q;
  *out = (uint32_t) v;
  return true;
}

bool
sg_enum_parse_shard (const char *spec, uint32_t *i, uint32_t *n)
{
  uint32_t a, b;
  const char *p = spec;
  if (!p || !digits_u32 (&p, &a) || *p++ != '/' || !digits_u32 (&p, &b) || *p || b == 0 || a >= b)
    return false;
  *i = a, *n = b;
  return true;
}

bool
sg_enum_parse_index (const char *text, mpz_t out)
{
  if (!text || !*text) return false;
  for (const char *p = text; *p; p++)
    if (*p < '0' || *p > '9') return false; /* mpz_set_str alone skips blanks: "1 0" is 10 */
  return mpz_set_str (out, text, 10) == 0;
}

static sg_rc
load (one *o, const char *name, sg_diag *d)
{
  if (o->loaded) return SG_RC_OK;
  sg_rc rc = sg_grammar_load (&o->g, name, d);
  if (rc) return rc;
  if ((rc = sg_enum_new (&o->g, &o->e))) { sg_grammar_free (&o->g); return rc; }
  o->loaded = true;
  return SG_RC_OK;
}

sg_rc
sg_enum_tech_init (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state, sg_diag *d)
{
  enum_state *s = calloc (1, sizeof *s);
  if (!s) return SG_RC_NOMEM;
  s->cfg = *cfg;
  if (sched) s->sched = *sched;
  mpz_init (s->from);
  mpz_init (s->idx);
  s->shard_n = 1;
  s->chain = s->sched.chain0;
  const sg_enum_cfg *o = &cfg->enumeration;
  sg_rc rc = SG_RC_OK;
  if (o->from && !sg_enum_parse_index (o->from, s->from))
    rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "--from '%s': expected a decimal index >= 0 (digits only)", o->from);
  else if (o->shard && !sg_enum_parse_shard (o->shard, &s->shard_i, &s->shard_n))
    rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "--shard '%s': expected I/N with 0 <= I < N (digits only)", o->shard);
  else if (cfg->data_file) rc = load (&s->gr[0], cfg->data_file, d);
  else s->multi = true;
  if (!rc && s->cfg.chain == 0) s->cfg.chain = 1000;
  if (!rc && s->sched.resume)
    {
      /* a campaign's worker goes on after the formulas of its earlier slices */
      s->chain = s->sched.resume_at / s->cfg.chain;
      s->skip = s->sched.resume_at % s->cfg.chain;
    }
  if (rc) { sg_enum_tech_free (s); return rc; }
  *state = s;
  return SG_RC_OK;
}

sg_rc
sg_enum_tech_begin (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d)
{
  (void) seeds, (void) rng;
  enum_state *s = state;
  uint64_t c = s->sched.next_block ? __atomic_fetch_add (s->sched.next_block, 1, __ATOMIC_RELAXED) : s->chain++;
  s->cur = &s->gr[0];
  if (s->multi)
    {
      uint32_t k = (uint32_t) (c % NGRAMMARS);
      s->cur = &s->gr[k];
      c /= NGRAMMARS;
      sg_rc rc = load (s->cur, sg_grammar_builtin_name (k), d);
      if (rc) return rc;
    }
  uint32_t workers = s->sched.workers ? s->sched.workers : 1;
  /* block (c' * N) + I with c' = c from the shared counter, else c * W + w; its first index
   * from + block * B */
  mpz_t block, start;
  mpz_init_set_ui (block, c);
  if (!s->sched.next_block)
    {
      mpz_mul_ui (block, block, workers);
      mpz_add_ui (block, block, s->sched.worker);
    }
  mpz_mul_ui (block, block, s->shard_n);
  mpz_add_ui (block, block, s->shard_i);
  mpz_init (start);
  mpz_mul_ui (start, block, s->cfg.chain);
  s->left = s->cfg.chain;
  sg_rc rc = SG_RC_OK;
  if (s->cfg.enumeration.count)
    {
      /* the block's part of [from, from + count) */
      if (mpz_cmp_ui (start, s->cfg.enumeration.count) >= 0) rc = SG_RC_EOF;
      else
        {
          uint64_t off = mpz_get_ui (start);
          if (s->cfg.enumeration.count - off < s->left) s->left = s->cfg.enumeration.count - off;
        }
    }
  if (!rc && s->skip)
    {
      /* the rest of a block whose first formulas an earlier slice took */
      uint64_t k = s->skip < s->left ? s->skip : s->left;
      mpz_add_ui (start, start, k);
      s->left -= k;
      s->skip = 0;
    }
  mpz_add (start, start, s->from);
  if (s->live) sg_enum_iter_free (&s->it), s->live = false;
  if (!rc)
    {
      rc = sg_enum_iter_init (&s->it, s->cur->e, start);
      s->live = rc == SG_RC_OK || rc == SG_RC_EOF;
      if (rc == SG_RC_EOF && !s->multi) rc = SG_RC_EOF;
      else if (rc == SG_RC_EOF) rc = SG_RC_OK, s->left = 0; /* this grammar is done, others go on */
    }
  mpz_set (s->idx, start);
  s->step = 0;
  mpz_clear (block);
  mpz_clear (start);
  return rc;
}

sg_rc
sg_enum_tech_next (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d)
{
  (void) rng;
  enum_state *s = state;
  if (!s->live || s->left == 0) return SG_RC_EOF;
  sg_buf_reset (&out->text);
  sg_buf_reset (&out->desc);
  sg_rc rc = sg_enum_iter_next (&s->it, &out->text);
  if (rc == SG_RC_EOF) { s->left = 0; return SG_RC_EOF; }
  if (rc) return sg_diag_set (d, rc, 0, 0, "cannot enumerate");
  sg_buf_addc (&out->text, '\n');
  char *ix = mpz_get_str (NULL, 10, s->idx);
  sg_buf_printf (&out->desc, "enum %s index %s", s->cur->g.name, ix ? ix : "?");
  free (ix);
  mpz_add_ui (s->idx, s->idx, 1);
  s->left--;
  out->step = ++s->step;
  out->expected = SG_ANS_NONE;
  return SG_RC_OK;
}

void
sg_enum_tech_free (void *state)
{
  enum_state *s = state;
  if (!s) return;
  if (s->live) sg_enum_iter_free (&s->it);
  for (uint32_t k = 0; k < NGRAMMARS; k++)
    if (s->gr[k].loaded)
      {
        sg_enum_free (s->gr[k].e);
        sg_grammar_free (&s->gr[k].g);
      }
  mpz_clear (s->from);
  mpz_clear (s->idx);
  free (s);
}

/* Alternative a of g as written (its symbols, terminals quoted), at most size bytes. */
static void
alt_text (const sg_grammar *g, const sg_galt *a, char *out, size_t size)
{
  size_t len = 0;
  out[0] = 0;
  for (uint32_t k = 0; k < a->n && len + 8 < size; k++)
    {
      sg_gsym y = g->syms[a->first + k];
      int n = y >= 0 ? snprintf (out + len, size - len, "%s%s", k ? " " : "", g->nts[y].name)
                     : snprintf (out + len, size - len, "%s\"%.*s\"", k ? " " : "",
                                 (int) (g->terms[~y].len < 60 ? g->terms[~y].len : 60), g->terms[~y].text);
      if (n < 0 || (size_t) n >= size - len) { snprintf (out + len, size - len, " ..."); return; }
      len += (size_t) n;
    }
}

void
sg_enum_tech_explain (void *state, const char *desc, size_t offset, char *out, size_t size)
{
  enum_state *s = state;
  out[0] = 0;
  /* desc: "enum NAME index I" (sg_enum_tech_next) */
  const char *ix = NULL;
  for (const char *p = desc; p && (p = strstr (p, " index ")); p++) ix = p; /* the last */
  if (!ix || strncmp (desc, "enum ", 5) || ix < desc + 5) return;
  const char *name = desc + 5;
  size_t nlen = (size_t) (ix - name);
  one *o = NULL;
  for (uint32_t k = 0; k < NGRAMMARS && !o; k++)
    if (s->gr[k].loaded && strlen (s->gr[k].g.name) == nlen && !strncmp (s->gr[k].g.name, name, nlen))
      o = &s->gr[k];
  mpz_t index, local;
  mpz_init (local);
  if (!o || mpz_init_set_str (index, ix + 7, 10))
    {
      if (o) mpz_clear (index);
      mpz_clear (local);
      return;
    }
  uint32_t sz, alt;
  if (!sg_enum_locate (o->e, index, &sz, local) && !sg_enum_alt_at (o->e, sz, local, offset, &alt))
    {
      const sg_grammar *g = &o->g;
      const sg_galt *a = &g->alts[alt];
      const sg_gnt *nt = &g->nts[a->lhs];
      char text[200];
      alt_text (g, a, text, sizeof text);
      snprintf (out, size, "the grammar's rule '%s', alternative %u of %u (%s) at %s:%u:%u", nt->name,
                alt - nt->first_alt + 1, nt->nalts, text, g->name, a->line, a->col);
    }
  mpz_clear (index);
  mpz_clear (local);
}

void
sg_enum_tech_describe (const sg_tech_cfg *cfg, char *out, size_t size)
{
  const sg_enum_cfg *o = &cfg->enumeration;
  char count[32] = "no end";
  if (o->count) snprintf (count, sizeof count, "%llu", (unsigned long long) o->count);
  snprintf (out, size, "grammar %s, indices from %s, count %s, shard %s, blocks of %u formulas",
            cfg->data_file ? cfg->data_file : "(the shipped ones by turns)", o->from ? o->from : "0",
            count, o->shard ? o->shard : "0/1", cfg->chain ? cfg->chain : 1000);
}

/* ---- the row ---- */

static const sg_opt enum_opts[] = {
  { 0, "--grammar", NULL, "G", SG_OPT_STR, SG_TECH_OFF (data_file), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL,
    "the grammar: core, ints, reals, realints, bv, arrays, fp, strings or a\n"
    "BNF file (docs/enum.md); 'smtgrind enum GRAMMAR' sets it" },
  { 0, "--from", NULL, "I", SG_OPT_STR, SG_TECH_OFF (enumeration.from), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL,
    "first global index, decimal, any size (default 0)" },
  { 0, "--count", NULL, "N", SG_OPT_U64, SG_TECH_OFF (enumeration.count), SG_OPT_NO_GIVEN, 1, 1.8e19, "a positive count", NULL,
    "formulas from --from on (default: no end)" },
  { 0, "--shard", NULL, "I/N", SG_OPT_STR, SG_TECH_OFF (enumeration.shard), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL,
    "this run's share: the blocks of -i formulas b with b mod N = I" },
  { 0, "--reference", NULL, "NAME", SG_OPT_STR, SG_TECH_OFF (reference), SG_OPT_NO_GIVEN, 0, 0, NULL, NULL,
    "the reference solver (profile name in --solvers): it decides, another\n"
    "does not (regression), or decides >= 10x slower (performance; medians\n"
    "of 3 fresh runs each)" },
};

const sg_technique sg_tech_enum = {
  .name = "enum",
  .summary = "grammar-based enumeration (ET): the smallest formulas of a grammar, differential",
  .args = "GRAMMAR ",
  .about = "Run the solvers on a grammar's formulas in index order (sizes ascending; ET's size rule and\n"
           "grammars, corrected: TECHNIQUES.md §6, docs/enum.md), every formula type-checked first.\n"
           "The range is cut into blocks of -i formulas shared by the shards and the workers; a\n"
           "campaign's 'enum' engine takes the shipped grammars by turns and resumes by index.\n"
           "Differential oracles, models checked by smtgrind's evaluator, crashes.\n",
  .opts = enum_opts, .nopts = SG_TECH_NOPTS (enum_opts),
  .defaults = { .chain = 1000 },
  .timeout_s = 8, .campaign_chain = 200, .weights = { 0 }, .nseeds = 0, .until_eof = true, .perf = true,
  .oracles = SG_TECH_ORACLE_REGRESSION,
  .describe = sg_enum_tech_describe,
  .init = sg_enum_tech_init, .begin = sg_enum_tech_begin, .next = sg_enum_tech_next, .free = sg_enum_tech_free,
  .explain = sg_enum_tech_explain,
};
