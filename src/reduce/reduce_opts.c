/* reduce_opts: the options of a finding made under --option-fuzz, minimised — each drawn
 * option word dropped in turn while the finding still holds (predicate.h). */
#include <stdlib.h>
#include <string.h>

#include "reduce/predicate.h"

/* Remove word k of v (owned), keeping the order. */
static char *
take (sg_strv *v, uint32_t k)
{
  char *w = v->a[k];
  memmove (&v->a[k], &v->a[k + 1], (v->n - k - 1) * sizeof v->a[0]);
  v->n--;
  return w;
}

/* Put w back at k (the slot take freed, so no allocation). */
static void
put (sg_strv *v, uint32_t k, char *w)
{
  memmove (&v->a[k + 1], &v->a[k], (v->n - k) * sizeof v->a[0]);
  v->a[k] = w;
  v->n++;
}

sg_rc
sg_pred_minimise_options (sg_pred *p, const char *path, const char *text, size_t len, sg_store *s,
                          const sg_script *sc, uint32_t *before, uint32_t *after, uint32_t *runs)
{
  *before = *after = *runs = 0;
  if (p->mode != SG_PRED_FINDING) return SG_RC_OK;
  for (uint32_t i = 0; i < p->solvers.n; i++) *before += p->solvers.a[i].fuzzed_args;
  for (uint32_t i = 0; i < p->solvers.n; i++)
    {
      sg_profile *prof = &p->solvers.a[i];
      /* From the last word to the first, so a word's index stays valid after a drop. */
      for (uint32_t f = prof->fuzzed_args; f-- > 0;)
        {
          uint32_t k = prof->user_args.n - prof->fuzzed_args + f;
          char *w = take (&prof->user_args, k);
          prof->fuzzed_args--;
          uint32_t r = 0;
          bool holds = sg_pred_test (p, path, text, len, s, sc, &r);
          *runs += r;
          if (holds)
            free (w);
          else
            {
              put (&prof->user_args, k, w);
              prof->fuzzed_args++;
            }
        }
      *after += prof->fuzzed_args;
    }
  return SG_RC_OK;
}

void
sg_pred_options_line (const sg_pred *p, sg_buf *out)
{
  bool any = false;
  for (uint32_t i = 0; i < p->solvers.n; i++)
    {
      const sg_profile *prof = &p->solvers.a[i];
      if (!prof->fuzzed_args) continue;
      sg_buf_adds (out, any ? "; " : "; smtgrind options: ");
      sg_buf_adds (out, prof->name);
      for (uint32_t k = prof->user_args.n - prof->fuzzed_args; k < prof->user_args.n; k++)
        {
          sg_buf_addc (out, ' ');
          sg_buf_adds (out, prof->user_args.a[k]);
        }
      any = true;
    }
  if (any) sg_buf_addc (out, '\n');
}
