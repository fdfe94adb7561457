/* camp_worker: a campaign's worker process — its slices (one engine each, picked by weight),
 * each an sg_fuzz_run on its share of the seeds (fusion: a group of labelled seeds of one
 * logic), and every finding recorded in the database with its bucket (on_finding). */
#include "campaign/campaign_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/file.h"
#include "campaign/dedup.h"
#include "loop/findings.h"

typedef struct cb_ctx {
  const sg_campaign_opts *o;
  const char *dbpath;
  const char *solvers_desc;
  sg_db db;
  pid_t pid;          /* process that opened db (0: none) */
  uint32_t worker, slice;
  uint64_t rng_seed;
  double t0;          /* session start (monotonic) */
} cb_ctx;

static void
on_finding (void *vctx, const char *dir, const char *name, const sg_probe *p,
            const struct sg_finding_info *fi)
{
  cb_ctx *c = vctx;
  const sg_campaign_opts *o = c->o;
  if (c->pid != getpid ())
    {
      /* A connection never crosses a fork: this process opens its own. */
      if (sg_db_open (&c->db, c->dbpath, false))
        {
          fprintf (o->log, "campaign: error: %s\n", c->db.err);
          return;
        }
      c->pid = getpid ();
    }
  char trig[PATH_MAX], json[PATH_MAX];
  snprintf (trig, sizeof trig, "%s/%s.smt2", dir, name);
  snprintf (json, sizeof json, "%s/%s.json", dir, name);
  char *text = NULL;
  size_t len = 0;
  sg_diag d;
  sg_diag_init (&d, trig);
  if (sg_file_read (trig, (size_t) 64 << 20, &text, &len, &d)) { text = NULL; len = 0; }
  const char *kind = sg_verdict_kind_name (p->verdict.kind);
  const sg_probe_run *cul = p->verdict.culprit != SG_NONE ? &p->runs.a[p->verdict.culprit] : NULL;
  char logic[64], key[512];
  sg_dedup_logic (text ? text : "", len, logic, sizeof logic);
  const char *sig = cul ? cul->out.signature : "";
  const char *solver = cul ? cul->prof->name : SG_UNATTRIBUTED;
  sg_dedup_key (kind, solver, logic, sig, text ? text : "", len, key, sizeof key);
  /* Paths relative to the campaign directory. */
  size_t dl = strlen (o->dir);
  const char *rt = !strncmp (trig, o->dir, dl) && trig[dl] == '/' ? trig + dl + 1 : trig;
  const char *rj = !strncmp (json, o->dir, dl) && json[dl] == '/' ? json + dl + 1 : json;
  sg_db_finding f;
  memset (&f, 0, sizeof f);
  f.name = name;
  f.trigger = rt;
  f.json = rj;
  f.kind = kind;
  f.solver = solver;
  f.version = cul ? cul->prof->version : "";
  f.solvers = c->solvers_desc;
  f.logic = logic;
  f.technique = fi->technique;
  f.seed1 = fi->seeds[0];
  f.seed2 = fi->seeds[1];
  f.rng_seed = c->rng_seed;
  f.worker = c->worker;
  f.slice = c->slice;
  f.mutant = fi->mutant;
  f.step = fi->step;
  f.found_at = (double) time (NULL);
  f.elapsed = o->elapsed0 + (sg_now () - c->t0);
  f.signature = sig;
  f.why = p->verdict.why;
  f.key = key;
  int64_t bucket;
  bool fresh;
  /* unspecified: recorded and counted, never reduced, never a bug (issue 13). */
  bool unspec = p->verdict.kind == SG_VERDICT_UNSPECIFIED;
  bool note = p->verdict.kind == SG_VERDICT_VALIDATION; /* a validation note: kept the same way */
  /* A bad unsat core (oracle/core.h), like an incremental finding, is reduced by the
   * incremental oracles (reduce/predicate_incr.c). */
  bool keep = unspec || note;
  if (sg_db_add_finding (&c->db, &f, keep ? "off" : o->reduce ? "pending" : "off", &bucket, &fresh))
    fprintf (o->log, "campaign: error: cannot record %s: %s\n", rt, c->db.err);
  else if (!o->screen)
    fprintf (o->log, "%s: %s/%s bucket %lld%s: %s\n", unspec ? "unspecified (not a bug)" : note ? "validation note (not a bug)" : "finding",
             o->dir, rt, (long long) bucket, fresh ? " (new)" : "", p->verdict.why);
  free (text);
}


typedef struct engine_run {
  const sg_technique *tech;
  sg_tech_mode mode; /* the variant (fusion: sat, unsat, mixed) */
} engine_run;

static bool
engine_resolve (const char *name, engine_run *e)
{
  return sg_technique_engine (name, &e->tech, &e->mode);
}

/* Does a seed labelled `st` fit fusion mode `mode` (sat, unsat, mixed)? */
static bool
fusion_fits (sg_tech_mode mode, sg_answer st)
{
  if (mode == SG_TECH_SAT) return st == SG_ANS_SAT;
  if (mode == SG_TECH_UNSAT) return st == SG_ANS_UNSAT;
  return st != SG_ANS_NONE;
}

/* The seeds of one logic that fusion mode `mode` can pair, into group: the logic is picked
 * with r among those with a pair (two sat seeds, two unsat seeds, or one of each for mixed).
 * Returns their number, 0 when no logic has a pair. */
static uint32_t
fusion_group (const sg_tech_seed *seeds, uint32_t nseeds, char (*logics)[32], sg_tech_mode mode, sg_rng *r,
              sg_tech_seed *group)
{
  uint32_t eligible = 0, pick = 0;
  for (int pass = 0; pass < 2; pass++)
    {
      uint32_t k = 0;
      for (uint32_t i = 0; i < nseeds; i++)
        {
          bool first = true;
          for (uint32_t j = 0; j < i && first; j++) first = strcmp (logics[j], logics[i]) != 0;
          if (!first) continue; /* each logic once, at its first seed */
          uint32_t sat = 0, unsat = 0;
          for (uint32_t j = i; j < nseeds; j++)
            if (!strcmp (logics[j], logics[i]))
              sat += seeds[j].status == SG_ANS_SAT, unsat += seeds[j].status == SG_ANS_UNSAT;
          bool ok = mode == SG_TECH_SAT ? sat >= 2 : mode == SG_TECH_UNSAT ? unsat >= 2 : sat >= 1 && unsat >= 1;
          if (!ok) continue;
          if (pass == 1 && k == pick)
            {
              uint32_t n = 0;
              for (uint32_t j = i; j < nseeds; j++)
                if (!strcmp (logics[j], logics[i]) && fusion_fits (mode, seeds[j].status)) group[n++] = seeds[j];
              return n;
            }
          k++;
        }
      if (pass == 0)
        {
          eligible = k;
          if (!eligible) return 0;
          pick = (uint32_t) sg_rng_below (r, eligible);
        }
    }
  return 0;
}

void
sg_camp_worker_main (const sg_campaign_opts *o, const char *dbpath, const char *solvers_desc,
             const sg_tech_seed *seeds, uint32_t nseeds, uint32_t w, shared *sh, double t0)
{
  sg_db db;
  if (sg_db_open (&db, dbpath, false))
    {
      fprintf (o->log, "campaign: worker %u: %s\n", w, db.err);
      return;
    }
  /* This worker's share of the seeds for 1-seed engines: w, w + workers, ... */
  sg_tech_seed *mine = calloc (nseeds ? nseeds : 1, sizeof *mine);
  uint32_t nmine = 0;
  for (uint32_t i = w; mine && i < nseeds; i += o->workers) mine[nmine++] = seeds[i];
  if (mine && nmine == 0)
    for (uint32_t i = 0; i < nseeds; i++) mine[nmine++] = seeds[i];
  /* Each seed's logic, for fusion groups. */
  char (*logics)[32] = calloc (nseeds ? nseeds : 1, sizeof *logics);
  sg_tech_seed *group = calloc (nseeds ? nseeds : 1, sizeof *group);
  for (uint32_t i = 0; logics && i < nseeds; i++)
    sg_dedup_logic (seeds[i].text, seeds[i].len, logics[i], sizeof logics[i]);
  if (!logics || !group) { free (logics); free (group); free (mine); mine = NULL, logics = NULL, group = NULL; }
  uint32_t slice = 0;
  if (sg_db_next_slice (&db, w, &slice))
    {
      fprintf (o->log, "campaign: worker %u: %s\n", w, db.err);
      free (mine); /* no slice to run: the loop below is skipped */
      mine = NULL;
    }
  uint32_t total = 0;
  for (uint32_t e = 0; e < o->nengines; e++) total += o->engines[e].weight;
  cb_ctx ctx = { o, dbpath, solvers_desc, { 0 }, 0, w, 0, 0, t0 };
  uint32_t retries = 0;
  while (mine && total && !LOAD (sh->stop))
    {
      double left = o->budget_s - (sg_now () - t0);
      if (left < 0.5) break;
      sg_rng r;
      sg_rng_seed (&r, sg_campaign_mix (o->seed, o->shard, w, slice));
      uint64_t pick = sg_rng_below (&r, total);
      uint32_t e = 0;
      while (pick >= o->engines[e].weight) pick -= o->engines[e].weight, e++;
      const sg_campaign_engine *eng = &o->engines[e];
      engine_run er;
      if (!engine_resolve (eng->name, &er)) break;
      uint64_t slice_seed = sg_rng_next (&r), chain0 = 0;
      /* An enumeration (until_eof) records where its slice starts, in formulas: chain0. */
      if (er.tech->until_eof) sg_db_engine_taken (&db, w, eng->name, &chain0);
      else sg_db_next_chain (&db, w, eng->name, &chain0);
      char out[PATH_MAX];
      snprintf (out, sizeof out, "%s/findings/w%02u-s%05u", o->dir, w, slice);
      if (sg_db_slice_begin (&db, w, slice, eng->name, slice_seed, chain0, o->slice_chains,
                             o->elapsed0 + (sg_now () - t0)))
        {
          /* The number is taken (never overwritten): by a process of a killed session that
           * was still finishing its slice. Take the next one. */
          uint32_t next = slice;
          if (sg_db_next_slice (&db, w, &next) == SG_RC_OK && next > slice && ++retries < 100)
            {
              slice = next;
              continue;
            }
          fprintf (o->log, "campaign: worker %u: %s\n", w, db.err);
          break;
        }
      /* The shared builder (loop/loop.h) with the campaign's choices: one job, one lane and the
       * solvers one after the other per worker (the workers fill the cores), fresh processes
       * only (no sessions: a kill -9 of the campaign leaves no solver behind). */
      sg_tech_cfg tc = er.tech->defaults;
      tc.chain = eng->chain;
      tc.mode = er.mode;
      tc.reference = o->reference;
      /* index ranges split by worker (enum) */
      sg_tech_sched sched = { .worker = w, .workers = o->workers, .chain0 = chain0 };
      char shard[32];
      if (er.tech->until_eof)
        {
          /* An enumeration goes on where this worker's finished slices left it (chain0 above; a
           * slice ends by time inside a chain: chain numbers alone would skip the chain's
           * rest), in the index blocks of this shard. */
          sched.resume = true, sched.resume_at = chain0;
          if (o->nshards > 1)
            {
              snprintf (shard, sizeof shard, "%u/%u", o->shard, o->nshards);
              tc.enumeration.shard = shard;
            }
        }
      sg_fuzz_setup su = {
        .tech = er.tech, .cfg = &tc, .sched = sched, .solvers = o->solvers, .referees = o->referees,
        .pats = o->pats, .option_fuzz = o->option_fuzz, .option_tables = o->option_tables,
        .timeout_ms = o->timeout_ms, .mem_bytes = o->mem_bytes, .seed = slice_seed,
        .models = o->models, .model_sample = o->model_sample, .chain_timeouts = o->chain_timeouts,
        .sessions = o->sessions, .incompleteness = o->incompleteness, .jobs = 1,
        .max_chains = o->slice_chains, .max_seconds = left < o->slice_s ? left : o->slice_s,
        .out_dir = out, .status = NULL,
      };
      sg_fuzz_opts fo;
      sg_fuzz_opts_build (&fo, &su);
      fo.on_finding = on_finding;
      fo.finding_ctx = &ctx;
      fo.stop = &sh->stop;
      ctx.slice = slice;
      ctx.rng_seed = slice_seed;
      sg_fuzz_stats st;
      /* 1-seed engines walk their share; fusion pairs labelled seeds of one logic (picked by
       * the slice's rng among the logics with two of them): seeds of different logics rarely
       * share a sort, so random pairs over all of them are mostly barren. */
      bool pairs = er.tech->nseeds > 1;
      uint32_t ngroup = pairs ? fusion_group (seeds, nseeds, logics, er.mode, &r, group) : 0;
      sg_fuzz_run (&fo, pairs ? (ngroup ? group : seeds) : mine, pairs ? (ngroup ? ngroup : nseeds) : nmine, &st);
      sg_db_counts c; /* the slice's (loop/counters.def: the stored rows) */
#define SG_COUNTER(name, how, db, ...) SG_COUNTER_IN_DB (db, c.name = st.name;)
#include "loop/counters.def"
#undef SG_COUNTER
      if (st.exec_failed)
        {
          /* A solver could not start: the slice is not marked done (an enumeration's
           * formulas in it run again on --resume; the other engines go on with new chains),
           * and the loop has stopped every worker (sh->stop). */
          ADD (sh->exec_failed, st.exec_failed);
          fprintf (o->log, "campaign: worker %u: a solver could not be started in slice %u: stopping; the "
                   "slice is not marked done\n", w, slice);
          break;
        }
      sg_db_slice_end (&db, w, slice, &c);
#define SG_COUNTER(name, how, db, ...) SG_COUNTER_IN_DB (db, ADD (sh->w[w].name, c.name);)
#include "loop/counters.def"
#undef SG_COUNTER
      ADD (sh->lost, st.lost);
      rmdir (out); /* only when it stayed empty */
      if (c.mutants == 0) sg_nap (0.1); /* an engine with nothing to do: do not spin */
      slice++;
    }
  free (mine);
  free (logics);
  free (group);
  sg_db_close (&db);
}
