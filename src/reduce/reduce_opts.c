/* reduce_opts: the options of a finding made under --option-fuzz, minimised — each drawn
 * option word dropped in turn while the finding still holds, then (wrong answers, invalid
 * models, crashes) each integer value that is left lowered to the smallest of 0 1 2 3 with which
 * it still holds (a drawn 10 may lie outside what the option means; the smallest value that
 * keeps the bug is the one to report) (predicate.h). */
#include <stdio.h>
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

/* --budget's end reached: a test that failed now may have failed for want of time (its runs
 * cut short, or none started), so nothing more is tried and what is left is kept untested. */
static bool
out_of_time (const sg_pred *p)
{
  return p->deadline > 0 && sg_spawn_now () >= p->deadline;
}

/* *w is "NAME=N" or "--NAME=N" with N a decimal above 0: try N = 0, 1, 2, 3 (below the drawn
 * value) in turn and keep the first with which the finding holds. */
static sg_rc
lower_value (sg_pred *p, const char *path, const char *text, size_t len, sg_store *s,
             const sg_script *sc, char **w, uint32_t *runs, bool *budget_hit)
{
  const char *eq = strrchr (*w, '=');
  if (!eq || !eq[1] || strspn (eq + 1, "0123456789") != strlen (eq + 1) || strlen (eq + 1) > 9)
    return SG_RC_OK;
  long drawn = strtol (eq + 1, NULL, 10);
  size_t head = (size_t) (eq + 1 - *w);
  for (long v = 0; v < drawn && v <= 3; v++)
    {
      char *nw = malloc (head + 2);
      if (!nw) return SG_RC_NOMEM;
      memcpy (nw, *w, head);
      snprintf (nw + head, 2, "%ld", v);
      char *old = *w;
      *w = nw;
      uint32_t r = 0;
      bool unstarted = false;
      bool holds = sg_pred_test (p, path, text, len, s, sc, &r, &unstarted);
      *runs += r;
      if (holds)
        {
          free (old);
          return SG_RC_OK;
        }
      *w = old;
      free (nw);
      if (unstarted) return SG_RC_IO; /* the value is kept: it could not be tested */
      if (out_of_time (p)) { *budget_hit = true; return SG_RC_OK; }
    }
  return SG_RC_OK;
}

sg_rc
sg_pred_minimise_options (sg_pred *p, const char *path, const char *text, size_t len, sg_store *s,
                          const sg_script *sc, uint32_t *before, uint32_t *after, uint32_t *runs,
                          bool *budget_hit)
{
  *before = *after = *runs = 0;
  *budget_hit = false;
  if (p->mode != SG_PRED_FINDING) return SG_RC_OK;
  for (uint32_t i = 0; i < p->solvers.n; i++) *before += p->solvers.a[i].fuzzed_args;
  /* A crash or an invalid model is the blamed run's own: the other solvers' drawn options
   * play no part in it (issue 49), so they go untested. */
  bool own = p->kind == SG_VERDICT_CRASH || p->kind == SG_VERDICT_INVALID_MODEL;
  for (uint32_t i = 0; own && p->culprit != SG_NONE && i < p->solvers.n; i++)
    {
      sg_profile *prof = &p->solvers.a[i];
      for (; i != p->culprit && prof->fuzzed_args; prof->fuzzed_args--)
        free (take (&prof->user_args, prof->user_args.n - 1));
    }
  for (uint32_t i = 0; i < p->solvers.n; i++)
    {
      sg_profile *prof = &p->solvers.a[i];
      if (*budget_hit)
        {
          *after += prof->fuzzed_args;
          continue;
        }
      /* From the last word to the first, so a word's index stays valid after a drop. */
      for (uint32_t f = prof->fuzzed_args; f-- > 0 && !*budget_hit;)
        {
          uint32_t k = prof->user_args.n - prof->fuzzed_args + f;
          char *w = take (&prof->user_args, k);
          prof->fuzzed_args--;
          uint32_t r = 0;
          bool unstarted = false;
          bool holds = sg_pred_test (p, path, text, len, s, sc, &r, &unstarted);
          *runs += r;
          if (holds)
            free (w);
          else
            {
              put (&prof->user_args, k, w);
              prof->fuzzed_args++;
              /* a run that could not be started tested nothing: stop (the word is kept) */
              if (unstarted) return SG_RC_IO;
              *budget_hit = out_of_time (p);
            }
        }
      *after += prof->fuzzed_args;
      /* Only for wrong answers, invalid models and crashes: for an unknown or a slowdown a
       * lower value may mean "off" (smt.arith.solver=0: no arithmetic solver), the same
       * finding by design. */
      bool lower = p->kind == SG_VERDICT_SOUNDNESS || p->kind == SG_VERDICT_INVALID_MODEL || p->kind == SG_VERDICT_CRASH;
      for (uint32_t f = 0; lower && f < prof->fuzzed_args && !*budget_hit; f++)
        {
          uint32_t k = prof->user_args.n - prof->fuzzed_args + f;
          sg_rc rc = lower_value (p, path, text, len, s, sc, &prof->user_args.a[k], runs, budget_hit);
          if (rc) return rc;
        }
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
