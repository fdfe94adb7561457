/* counters: the run counters as one table (loop/counters.def, one SG_COUNTER row each, Kissat's
 * way with statistics) — the members of sg_fuzz_stats (loop/loop.h) and sg_db_counts
 * (campaign/db.h), the columns of campaign.db's slices and stats tables and their INSERT,
 * UPDATE and SELECT lists (campaign/db.c, campaign/merge.c), the copy of a run's counters into
 * a slice's (campaign/camp_worker.c), the sums over workers (loop/loop.c,
 * campaign/camp_status.c) and the parenthesis of the engines' status line are all made from
 * its rows.
 * Owns: nothing (macros only).
 * Invariants: the rows' order is the column order of existing databases (see counters.def);
 *   a row's DB is RUN, SLICE or PLOT and its HOW is SUM or SET.
 * Use: define SG_COUNTER (NAME, HOW, DB, COLUMN, LABEL, DESC), include "loop/counters.def",
 *   undefine it. The selectors below keep a row's text only for the rows of one kind:
 *   SG_COUNTER_IN_DB (DB, text)    text for the rows the database stores (SLICE, PLOT)
 *   SG_COUNTER_IN_PLOT (DB, text)  text for the rows also in the table stats (PLOT)
 *   SG_COUNTER_SUMMED (HOW, text)  text for the rows summed over workers (SUM)
 * Tests: tests/unit/loop_test.c, tests/unit/dedup_test.c (totals), tests/cli (group campaign:
 *   resume, merge). */
#ifndef SG_LOOP_COUNTERS_H
#define SG_LOOP_COUNTERS_H

#define SG_COUNTER_IN_DB(db, ...) SG_COUNTER_IN_DB_##db (__VA_ARGS__)
#define SG_COUNTER_IN_DB_RUN(...)
#define SG_COUNTER_IN_DB_SLICE(...) __VA_ARGS__
#define SG_COUNTER_IN_DB_PLOT(...) __VA_ARGS__

#define SG_COUNTER_IN_PLOT(db, ...) SG_COUNTER_IN_PLOT_##db (__VA_ARGS__)
#define SG_COUNTER_IN_PLOT_RUN(...)
#define SG_COUNTER_IN_PLOT_SLICE(...)
#define SG_COUNTER_IN_PLOT_PLOT(...) __VA_ARGS__

#define SG_COUNTER_SUMMED(how, ...) SG_COUNTER_SUMMED_##how (__VA_ARGS__)
#define SG_COUNTER_SUMMED_SUM(...) __VA_ARGS__
#define SG_COUNTER_SUMMED_SET(...)

#endif
