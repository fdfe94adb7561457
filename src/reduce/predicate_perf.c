/* predicate_perf: the performance mode of the command predicate (predicate.h) — a candidate is
 * kept when the user command still runs longer than --slower-than S seconds and/or longer than
 * --slower-than-ratio R times the --reference command on the same candidate. Each run of the
 * command is stopped a margin after its threshold: a run stopped there counts as slower, so a
 * check costs at most the threshold plus the margin. Exit status and output are not judged. */
#include "reduce/predicate.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The time a run gets past its threshold before it is stopped (5 % + 50 ms). */
static double
margin (double threshold)
{
  return 0.05 + 0.05 * threshold;
}

/* Seconds left before the deadline (0: none), HUGE_VAL without one. */
static double
time_left (double deadline)
{
  return deadline > 0 ? deadline - sg_spawn_now () : HUGE_VAL;
}

/* The threshold on a candidate whose reference took t_ref seconds. */
static double
threshold_of (const sg_pred *p, double t_ref)
{
  return fmax (p->slower_s, p->slower_ratio > 0 ? p->slower_ratio * t_ref : 0);
}

sg_rc
sg_pred_perf_golden (sg_pred *p, const char *path, sg_diag *d)
{
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  sg_rc rc = SG_RC_OK;
  double t_ref = 0;
  if (p->slower_ratio > 0)
    {
      sg_pred_cmd *c = &p->ref;
      double limit = fmin (c->timeout_s > 0 ? c->timeout_s : c->golden_timeout_s, time_left (p->deadline));
      if (limit < 0.001) limit = 0.001;
      rc = sg_pred_spawn (c, path, limit, 1, p->mem_bytes, &r);
      if (rc) rc = sg_diag_set (d, rc, 0, 0, "reference golden run: cannot run the command");
      else if (r.end == SG_END_EXEC_FAILED)
        rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "reference golden run: cannot execute '%s'", c->argv.a[0]);
      else if (r.timed_out)
        rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "reference golden run: timed out (after %.3g s): the "
                          "ratio needs the reference's time", limit);
      if (rc) { sg_spawn_result_free (&r); return rc; }
      t_ref = c->g_wall = r.wall_s;
      /* later reference runs: -t, else (golden time + 1) x 1.5 within the golden limit */
      if (!c->timeout_s) c->timeout_s = fmin ((r.wall_s + 1.0) * 1.5, c->golden_timeout_s);
    }
  double th = threshold_of (p, t_ref), limit = th + margin (th);
  if (time_left (p->deadline) < limit)
    rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "golden run: the time left of --budget is shorter than "
                      "the %.3g s the command must outlast", th);
  else if ((rc = sg_pred_spawn (&p->main, path, limit, 1, p->mem_bytes, &r)))
    rc = sg_diag_set (d, rc, 0, 0, "golden run: cannot run the command");
  else if (r.end == SG_END_EXEC_FAILED)
    rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "golden run: cannot execute '%s'", p->main.argv.a[0]);
  else if (!r.timed_out && r.wall_s <= th)
    rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "golden run: the command took %.3g s, not longer than "
                      "%.3g s%s", r.wall_s, th, p->slower_ratio > 0 ? " (the ratio times the "
                      "reference's time)" : "");
  else
    {
      p->main.g_end = (int) r.end;
      p->main.g_code = r.exit_code;
      p->main.g_sig = r.sig;
      p->main.g_wall = r.wall_s;
      p->main.timeout_s = limit; /* shown as the limit; a ratio's is set per candidate */
    }
  sg_spawn_result_free (&r);
  return rc;
}

bool
sg_pred_perf_test (const sg_pred *p, const char *path, uint32_t *runs, bool *unstarted)
{
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  double t_ref = 0;
  bool ok = true;
  *runs = 0;
  if (p->slower_ratio > 0)
    {
      double limit = fmin (p->ref.timeout_s, time_left (p->deadline));
      /* a reference that fails or times out gives no time to compare with */
      ok = limit >= 0.001 && !sg_pred_spawn (&p->ref, path, limit, 1, p->mem_bytes, &r) && !r.timed_out
           && r.end != SG_END_EXEC_FAILED;
      *runs += limit >= 0.001;
      if (r.end == SG_END_EXEC_FAILED) *unstarted = true;
      t_ref = r.wall_s;
      sg_spawn_result_reset (&r);
    }
  double th = threshold_of (p, t_ref), limit = th + margin (th);
  /* a run the budget would stop before the threshold cannot show that it is slower */
  ok = ok && time_left (p->deadline) >= limit;
  if (ok)
    {
      ok = !sg_pred_spawn (&p->main, path, limit, 1, p->mem_bytes, &r) && r.end != SG_END_EXEC_FAILED
           && (r.timed_out || r.wall_s > th);
      *runs += 1;
      if (r.end == SG_END_EXEC_FAILED) *unstarted = true;
    }
  sg_spawn_result_free (&r);
  return ok;
}

void
sg_pred_perf_desc (sg_pred *p)
{
  char what[160];
  if (p->slower_s > 0 && p->slower_ratio > 0)
    snprintf (what, sizeof what, "runs longer than %.3g s and than %.3g times the reference", p->slower_s,
              p->slower_ratio);
  else if (p->slower_s > 0)
    snprintf (what, sizeof what, "runs longer than %.3g s", p->slower_s);
  else
    snprintf (what, sizeof what, "runs longer than %.3g times the reference (%.3g s on IN)", p->slower_ratio,
              p->ref.g_wall);
  snprintf (p->desc, sizeof p->desc, "%s (exit status and output not judged)", what);
}
