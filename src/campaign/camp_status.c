/* camp_status: what a campaign shows while it runs — a status screen on a terminal (counts,
 * buckets, reductions, the last findings, from the database and the shared counters), or a
 * log line every few seconds. */
#include "campaign/campaign_int.h"

#include <sqlite3.h>
#include <stdio.h>

void
sg_camp_session_counts (const shared *sh, uint32_t workers, const sg_db_counts *base, sg_db_counts *out)
{
  *out = *base;
  for (uint32_t i = 0; i < workers; i++)
    {
#define SG_COUNTER(name, how, db, ...) SG_COUNTER_IN_DB (db, out->name += LOAD (sh->w[i].name);)
#include "loop/counters.def"
#undef SG_COUNTER
    }
}

static double
pct (uint64_t a, uint64_t b)
{
  return b ? 100.0 * (double) a / (double) b : 0.0;
}

static void
hms (double s, char *out, size_t size)
{
  long t = (long) s;
  snprintf (out, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

void
sg_camp_draw_screen (const sg_campaign_opts *o, sg_db *db, const sg_db_counts *c, const sg_db_counts *base,
             double elapsed, double session, const char *solvers_desc, int64_t reducing)
{
  FILE *f = o->log;
  char el[32], bud[32];
  hms (elapsed, el, sizeof el);
  hms (o->elapsed0 + o->budget_s, bud, sizeof bud);
  double t = session > 0.001 ? session : 0.001;
  fprintf (f, "\033[H\033[2J");
  fprintf (f, "smtgrind campaign %s   %s / %s   %u workers   seed %llu\n", o->dir, el, bud,
           o->workers, (unsigned long long) o->seed);
  fprintf (f, "solvers: %s\n\n", solvers_desc);
  fprintf (f, "mutants %-10llu (%.1f/s)   solver calls %-10llu (%.1f/s)   [rates: this session]\n",
           (unsigned long long) c->mutants, (double) (c->mutants - base->mutants) / t,
           (unsigned long long) c->calls, (double) (c->calls - base->calls) / t);
  fprintf (f, "answers: decided %.0f%%  unknown %.0f%%  timeout %.0f%%  rejected %.0f%%   "
           "unconfirmed %llu  ill-typed %llu\n\n",
           pct (c->decided, c->calls), pct (c->unknown, c->calls), pct (c->timeouts, c->calls),
           pct (c->rejected, c->calls), (unsigned long long) c->unconfirmed,
           (unsigned long long) c->ill_typed);
  sqlite3 *h = sg_db_handle (db);
  sqlite3_stmt *st = NULL;
  fprintf (f, "buckets (kind, solver: buckets / findings)\n");
  if (sqlite3_prepare_v2 (h, "SELECT kind, solver, COUNT (*), SUM (count) FROM buckets"
                             " WHERE merged_into IS NULL GROUP BY kind, solver ORDER BY kind, solver",
                          -1, &st, NULL) == SQLITE_OK)
    {
      int n = 0;
      while (sqlite3_step (st) == SQLITE_ROW)
        {
          fprintf (f, "  %-15s %-12s %4lld / %lld\n", sqlite3_column_text (st, 0),
                   sqlite3_column_text (st, 1), sqlite3_column_int64 (st, 2),
                   sqlite3_column_int64 (st, 3));
          n++;
        }
      if (!n) fprintf (f, "  (none yet)\n");
    }
  sqlite3_finalize (st);
  if (sqlite3_prepare_v2 (h, "SELECT reduce_state, COUNT (*) FROM buckets WHERE merged_into IS NULL"
                             " GROUP BY reduce_state", -1, &st, NULL) == SQLITE_OK)
    {
      fprintf (f, "reductions:");
      while (sqlite3_step (st) == SQLITE_ROW)
        fprintf (f, " %s %lld", sqlite3_column_text (st, 0), sqlite3_column_int64 (st, 1));
      if (reducing) fprintf (f, "  (reducing bucket %lld)", (long long) reducing);
      fprintf (f, "\n");
    }
  sqlite3_finalize (st);
  fprintf (f, "\nlast findings\n");
  if (sqlite3_prepare_v2 (h, "SELECT elapsed, kind, solver, bucket, trigger FROM findings"
                             " ORDER BY id DESC LIMIT 6", -1, &st, NULL) == SQLITE_OK)
    while (sqlite3_step (st) == SQLITE_ROW)
      {
        char when[32];
        hms (sqlite3_column_double (st, 0), when, sizeof when);
        fprintf (f, "  %s  %-14s %-10s bucket %-4lld %s\n", when, sqlite3_column_text (st, 1),
                 sqlite3_column_text (st, 2), sqlite3_column_int64 (st, 3), sqlite3_column_text (st, 4));
      }
  sqlite3_finalize (st);
  fflush (f);
}

void
sg_camp_log_line (const sg_campaign_opts *o, sg_db *db, const sg_db_counts *c, const sg_db_counts *base,
          double elapsed, double session)
{
  uint64_t nf = 0, nb = 0;
  sg_db_count (db, "findings", &nf);
  sg_db_count (db, "buckets", &nb);
  double t = session > 0.001 ? session : 0.001;
  fprintf (o->log, "[%6.0fs] mutants %llu, solver calls %llu (%.1f/s this session), decided %.0f%%, unknown %.0f%%, "
           "timeouts %.0f%%, rejected %.0f%%; findings %llu in %llu bucket%s\n",
           elapsed, (unsigned long long) c->mutants, (unsigned long long) c->calls,
           (double) (c->calls - base->calls) / t, pct (c->decided, c->calls), pct (c->unknown, c->calls),
           pct (c->timeouts, c->calls), pct (c->rejected, c->calls), (unsigned long long) nf,
           (unsigned long long) nb, nb == 1 ? "" : "s");
  fflush (o->log);
}
