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

/* Release i tested (once): 1 bad, 0 ok, -1 neither (not judged, or another finding: it says
 * nothing of this bug, so it is skipped: never taken for a fix). */
static int
state (run *r, uint32_t i)
{
  if (r->t->marks[i] == SG_TRIAGE_UNTESTED)
    {
      r->t->marks[i] = r->fn (r->ctx, i);
      if (r->t->marks[i] == SG_TRIAGE_UNTESTED) r->t->marks[i] = SG_TRIAGE_NOT_JUDGED;
      r->t->tests++;
    }
  return r->t->marks[i] == SG_TRIAGE_BAD ? 1 : r->t->marks[i] == SG_TRIAGE_GOOD ? 0 : -1;
}

/* The judged release in [lo, hi] nearest mid (mid, then upward, then downward), or NONE. */
static uint32_t
judged_near (run *r, uint32_t lo, uint32_t hi, uint32_t mid)
{
  for (uint32_t i = mid; i <= hi && i != SG_TRIAGE_NONE; i++)
    if (state (r, i) >= 0) return i;
  for (uint32_t i = mid; i-- > lo;)
    if (state (r, i) >= 0) return i;
  return SG_TRIAGE_NONE;
}

/* The first bad release in [lo, hi], hi bad (skipped releases are passed over). */
static uint32_t
first_bad_in (run *r, uint32_t lo, uint32_t hi)
{
  while (lo < hi)
    {
      uint32_t j = judged_near (r, lo, hi - 1, lo + (hi - lo - 1) / 2);
      if (j == SG_TRIAGE_NONE) break;
      if (state (r, j) == 1) hi = j;
      else lo = j + 1;
    }
  return hi;
}

/* The first ok release in [lo, hi], hi ok and a bad one before lo. */
static uint32_t
first_good_in (run *r, uint32_t lo, uint32_t hi)
{
  while (lo < hi)
    {
      uint32_t j = judged_near (r, lo, hi - 1, lo + (hi - lo - 1) / 2);
      if (j == SG_TRIAGE_NONE) break;
      if (state (r, j) == 1) lo = j + 1;
      else hi = j;
    }
  return hi;
}

/* The first judged release from i upward, below end; NONE when none is. */
static uint32_t
judged_from (run *r, uint32_t i, uint32_t end)
{
  for (; i < end; i++)
    if (state (r, i) >= 0) return i;
  return SG_TRIAGE_NONE;
}

static void
every_release (run *r, uint32_t n)
{
  sg_triage *t = r->t;
  for (uint32_t i = 0; i < n; i++)
    if (state (r, i) == 1)
      {
        if (t->first_bad == SG_TRIAGE_NONE) t->first_bad = i;
        t->last_bad = i;
      }
  for (uint32_t i = t->last_bad + 1; t->last_bad != SG_TRIAGE_NONE && i < n && t->fixed_in == SG_TRIAGE_NONE; i++)
    if (state (r, i) == 0) t->fixed_in = i;
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
  if (every) every_release (&r, n);
  else
    {
      /* The newest release that can be judged (the newest itself, mostly). */
      uint32_t nj = n;
      while (nj-- > 0 && state (&r, nj) < 0) {}
      if (nj == SG_TRIAGE_NONE) return SG_RC_OK; /* none could be judged */
      if (state (&r, nj) == 1)
        {
          t->last_bad = nj;
          t->first_bad = first_bad_in (&r, 0, nj);
        }
      else
        {
          /* Not there: a bad release to start from (the one it was found in, else the oldest;
           * the first judged one from there). */
          uint32_t b = known_bad < nj ? judged_from (&r, known_bad, nj) : SG_TRIAGE_NONE;
          if (b == SG_TRIAGE_NONE || state (&r, b) != 1)
            {
              b = judged_from (&r, 0, nj);
              if (b != SG_TRIAGE_NONE && state (&r, b) != 1) b = SG_TRIAGE_NONE;
            }
          if (b == SG_TRIAGE_NONE) return SG_RC_OK; /* not reproduced in any release tested */
          t->fixed_in = first_good_in (&r, b + 1, nj);
          t->first_bad = first_bad_in (&r, 0, b);
          for (uint32_t i = t->fixed_in; i-- > 0 && t->last_bad == SG_TRIAGE_NONE;)
            if (t->marks[i] == SG_TRIAGE_BAD) t->last_bad = i;
        }
    }
  t->open = t->marks[n - 1] == SG_TRIAGE_BAD;
  return SG_RC_OK;
}

void
sg_triage_free (sg_triage *t)
{
  free (t->marks);
  t->marks = NULL;
}
