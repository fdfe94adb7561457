/* triage: bisection over the releases of a solver family (triage.h). */
#include "oracle/triage.h"

#include <stdlib.h>

const char *
sg_triage_mark_name (sg_triage_mark m)
{
  switch (m)
    {
    case SG_TRIAGE_BAD: return "bad";
    case SG_TRIAGE_GOOD: return "ok";
    case SG_TRIAGE_OTHER: return "other";
    case SG_TRIAGE_NOT_JUDGED: return "not judged";
    default: return "untested";
    }
}

typedef struct run {
  sg_triage *t;
  sg_triage_test fn;
  void *ctx;
} run;

static bool
bad (run *r, uint32_t i)
{
  if (r->t->marks[i] == SG_TRIAGE_UNTESTED)
    {
      r->t->marks[i] = r->fn (r->ctx, i);
      if (r->t->marks[i] == SG_TRIAGE_UNTESTED) r->t->marks[i] = SG_TRIAGE_NOT_JUDGED;
      r->t->tests++;
    }
  return r->t->marks[i] == SG_TRIAGE_BAD;
}

/* The first bad release in [lo, hi], hi bad. */
static uint32_t
first_bad_in (run *r, uint32_t lo, uint32_t hi)
{
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (bad (r, mid)) hi = mid;
      else lo = mid + 1;
    }
  return hi;
}

/* The first release in [lo, hi] that is not bad, hi not bad and lo - 1 bad. */
static uint32_t
first_good_in (run *r, uint32_t lo, uint32_t hi)
{
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (bad (r, mid)) lo = mid + 1;
      else hi = mid;
    }
  return hi;
}

sg_rc
sg_triage_run (uint32_t n, uint32_t known_bad, bool every, sg_triage_test fn, void *ctx, sg_triage *t)
{
  t->n = n;
  t->tests = 0;
  t->open = false;
  t->first_bad = t->last_bad = t->fixed_in = SG_TRIAGE_NONE;
  t->marks = calloc (n ? n : 1, sizeof *t->marks);
  if (!t->marks) return SG_RC_NOMEM;
  if (n == 0) return SG_RC_OK;
  run r = { t, fn, ctx };
  uint32_t newest = n - 1;
  if (every)
    {
      for (uint32_t i = 0; i < n; i++)
        if (bad (&r, i))
          {
            if (t->first_bad == SG_TRIAGE_NONE) t->first_bad = i;
            t->last_bad = i;
          }
      t->open = t->marks[newest] == SG_TRIAGE_BAD;
      if (t->last_bad != SG_TRIAGE_NONE && !t->open) t->fixed_in = t->last_bad + 1;
      return SG_RC_OK;
    }
  if (bad (&r, newest))
    {
      t->open = true;
      t->last_bad = newest;
      t->first_bad = first_bad_in (&r, 0, newest);
      return SG_RC_OK;
    }
  /* Not in the newest: a bad release to start from. */
  uint32_t b = SG_TRIAGE_NONE;
  if (known_bad < newest && bad (&r, known_bad)) b = known_bad;
  else if (known_bad != 0 && newest > 0 && bad (&r, 0)) b = 0;
  if (b == SG_TRIAGE_NONE) return SG_RC_OK; /* not reproduced in any release tested */
  t->fixed_in = first_good_in (&r, b + 1, newest);
  t->last_bad = t->fixed_in - 1;
  t->first_bad = first_bad_in (&r, 0, b);
  return SG_RC_OK;
}

void
sg_triage_free (sg_triage *t)
{
  free (t->marks);
  t->marks = NULL;
}
