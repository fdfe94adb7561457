/* tech: the table of techniques (one row each, defined by its family: tech/mutate,
 * tech/approx, tech/gen, tech/enum) and the lookups over it. Adding a technique is one line
 * here (tech/tech.h says the rest). */
#include "tech/tech.h"

#include <stdio.h>
#include <string.h>

#include "base/opt.h"
#include "tech/approx/approx_tech.h"
#include "tech/enum/enum_tech.h"
#include "tech/gen/gen_tech.h"
#include "tech/incr/incr_tech.h"
#include "tech/mutate/mutate_tech.h"

/* In this order in `smtgrind help` and in the campaign's engine list. */
static const sg_technique *const techniques[] = {
  &sg_tech_opfuzz,
  &sg_tech_typefuzz,
  &sg_tech_fuse,
  &sg_tech_sae,
  &sg_tech_bv,
  &sg_tech_fp,
  &sg_tech_janus,
  &sg_tech_strings,
  &sg_tech_enum,
  &sg_tech_incr,
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
  return i < NTECH ? techniques[i] : NULL;
}

const sg_technique *
sg_technique_find (const char *name)
{
  for (size_t i = 0; i < NTECH; i++)
    if (!strcmp (techniques[i]->name, name)) return techniques[i];
  return NULL;
}

/* The number of t's variants (0: none, its engine is NAME alone). */
static size_t
nvariants (const sg_technique *t)
{
  size_t n = 0;
  while (n < SG_TECH_MAX_VARIANTS && t->variants[n]) n++;
  return n;
}

size_t
sg_technique_variants (const sg_technique *t, char *out, size_t size)
{
  size_t n = nvariants (t), len = 0;
  if (size) out[0] = 0;
  for (size_t k = 0; k < n && len < size; k++)
    {
      int m = snprintf (out + len, size - len, "%s%s", k ? "|" : "", t->variants[k]);
      if (m < 0) break;
      len += (size_t) m;
    }
  return n;
}

bool
sg_technique_engine (const char *engine, const sg_technique **t, sg_tech_mode *mode)
{
  for (size_t i = 0; i < NTECH; i++)
    {
      const sg_technique *c = techniques[i];
      size_t n = strlen (c->name), nv = nvariants (c);
      if (strncmp (engine, c->name, n)) continue;
      if (!nv && !engine[n]) { *t = c, *mode = SG_TECH_SAT; return true; }
      if (nv && !engine[n] && c->nseeds == 0)
        {
          /* a generator's NAME alone: its "mixed" variant where it has one (bv=1: sat and
           * unsat formulas), else its first; engines with seeds need the variant (fuse-sat) */
          *t = c, *mode = SG_TECH_SAT;
          for (size_t k = 0; k < nv; k++)
            if (!strcmp (c->variants[k], "mixed")) *mode = (sg_tech_mode) k;
          return true;
        }
      if (nv && engine[n] == '-')
        for (size_t k = 0; k < nv; k++)
          if (!strcmp (engine + n + 1, c->variants[k])) { *t = c, *mode = (sg_tech_mode) k; return true; }
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
    {
      const sg_technique *t = techniques[i];
      size_t nv = nvariants (t);
      for (size_t k = 0; k < (nv ? nv : 1); k++)
        {
          const char *v = nv ? t->variants[k] : "";
          uint32_t w = t->weights[k];
          if (only_default && !w) continue;
          char ws[16] = "";
          if (with_weights) snprintf (ws, sizeof ws, "=%u", w);
          int m = snprintf (out + len, size - len, "%s%s%s%s%s", len ? (with_weights ? "," : ", ") : "",
                            t->name, v[0] ? "-" : "", v, ws);
          if (m < 0 || (size_t) m >= size - len) return;
          len += (size_t) m;
        }
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
    if (techniques[i] != t && sg_opt_find (techniques[i]->opts, techniques[i]->nopts, 0, flag))
      return techniques[i];
  if (t->data_help == NULL && !strcmp (flag, "--data"))
    for (size_t i = 0; i < NTECH; i++)
      if (techniques[i]->data_help) return techniques[i];
  return NULL;
}
