/* clock: the monotonic clock and a sleep that EINTR does not cut short — the one clock the
 * solver layer (watchdogs), the fuzz loop, the campaign and the CLI's timings use.
 * Owns: nothing. */
#ifndef SG_BASE_CLOCK_H
#define SG_BASE_CLOCK_H

#include <errno.h>
#include <time.h>

/* Seconds on CLOCK_MONOTONIC. */
static inline double
sg_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* Sleep s seconds (s >= 0), resumed after a signal handler. */
static inline void
sg_nap (double s)
{
  struct timespec ts = { (time_t) s, (long) ((s - (double) (time_t) s) * 1e9) };
  while (nanosleep (&ts, &ts) != 0 && errno == EINTR) {}
}

#endif
