/* campaign: slices on worker processes, findings into the database, the reducer, the status. */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include "campaign/campaign.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/file.h"
#include "campaign/dedup.h"
#include "campaign/findings.h"
#include "run/spawn.h"

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

static void
nap (double s)
{
  struct timespec ts = { (time_t) s, (long) ((s - (double) (time_t) s) * 1e9) };
  while (nanosleep (&ts, &ts) != 0 && errno == EINTR) {}
}

/* In a worker or the reducer, right after the fork: the campaign process takes Ctrl-C and
 * SIGTERM (it blocks them); its children ignore the terminal's Ctrl-C, which reaches the whole
 * process group, and are stopped through the shared flags. Solvers get default dispositions
 * back when they are spawned (run/spawn.c). */
static void
child_signals (const sigset_t *oldmask)
{
  /* Stopped through the shared flags (or SIGKILL, with PR_SET_PDEATHSIG): a stop signal sent
   * to the whole process group (the terminal's Ctrl-C, kill -TERM -PGID, a hangup) is the
   * parent's to take. */
  signal (SIGINT, SIG_IGN);
  signal (SIGTERM, SIG_IGN);
  signal (SIGHUP, SIG_IGN);
  sigprocmask (SIG_SETMASK, oldmask, NULL);
}

/* A file of a finding pair killed while it was written: findings/SLICE/.NAME.XXXXXX
 * (sg_file_write_atomic's temporary name; finding pairs are never dot files). Called with the
 * lock held, so no live process writes them. */
static void
remove_partial_pairs (const char *dir)
{
  char fdir[PATH_MAX];
  if ((size_t) snprintf (fdir, sizeof fdir, "%s/findings", dir) >= sizeof fdir) return;
  DIR *top = opendir (fdir);
  if (!top) return;
  struct dirent *s;
  while ((s = readdir (top)))
    {
      if (s->d_name[0] == '.') continue;
      char sub[PATH_MAX];
      if ((size_t) snprintf (sub, sizeof sub, "%s/%s", fdir, s->d_name) >= sizeof sub) continue;
      DIR *d = opendir (sub);
      if (!d) continue;
      struct dirent *e;
      while ((e = readdir (d)))
        {
          size_t n = strlen (e->d_name);
          /* .NAME.XXXXXX: a dot, a name, a dot and mkstemp's six characters. */
          if (e->d_name[0] != '.' || n < 9 || e->d_name[n - 7] != '.') continue;
          char f[PATH_MAX];
          struct stat st;
          if ((size_t) snprintf (f, sizeof f, "%s/%s", sub, e->d_name) < sizeof f
              && lstat (f, &st) == 0 && S_ISREG (st.st_mode))
            unlink (f);
        }
      closedir (d);
    }
  closedir (top);
}

/* The environment word every process of a session inherits (workers, the reducer, solvers
 * and whatever they start): SMTGRIND_CAMPAIGN=<the campaign directory's real path>. */
#define CAMPAIGN_ENV "SMTGRIND_CAMPAIGN"

/* Processes of an earlier session of this campaign that outlived it (a kill -9 of the
 * campaign: a solver wrapper's children, which no PDEATHSIG reaches): found by their
 * environment, killed. Called with the lock held, so no live session owns them. Sets the
 * word for this session's processes. */
static void
kill_orphans (const char *dir)
{
  char real[PATH_MAX];
  if (!realpath (dir, real)) return;
  char want[PATH_MAX + 32];
  int wl = snprintf (want, sizeof want, "%s=%s", CAMPAIGN_ENV, real);
  DIR *pd = opendir ("/proc");
  if (pd)
    {
      struct dirent *e;
      pid_t self = getpid ();
      while ((e = readdir (pd)))
        {
          char *end;
          long pid = strtol (e->d_name, &end, 10);
          if (*end || pid <= 1 || (pid_t) pid == self) continue;
          char path[64];
          snprintf (path, sizeof path, "/proc/%ld/environ", pid);
          FILE *f = fopen (path, "rb");
          if (!f) continue;
          char buf[1 << 15];
          size_t n = fread (buf, 1, sizeof buf - 1, f);
          fclose (f);
          buf[n] = 0;
          for (size_t i = 0; i < n; i += strlen (buf + i) + 1)
            if (!strncmp (buf + i, want, (size_t) wl) && buf[i + wl] == 0)
              {
                kill ((pid_t) pid, SIGKILL);
                break;
              }
        }
      closedir (pd);
    }
  setenv (CAMPAIGN_ENV, real, 1);
}

uint64_t
sg_campaign_mix (uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
  sg_rng r;
  sg_rng_seed (&r, a);
  uint64_t h = sg_rng_next (&r);
  const uint64_t v[3] = { b, c, d };
  for (int i = 0; i < 3; i++)
    {
      sg_rng_seed (&r, h ^ (v[i] * 0x9e3779b97f4a7c15ull + (uint64_t) i));
      h = sg_rng_next (&r);
    }
  return h;
}

#define ADD(field, n) __atomic_fetch_add (&(field), (n), __ATOMIC_RELAXED)
#define LOAD(field) __atomic_load_n (&(field), __ATOMIC_RELAXED)

/* Shared between the parent, the workers and the reducer. */
typedef struct shared {
  uint32_t stop;      /* workers: no new slice */
  uint32_t drain;     /* reducer: exit when the queue is empty */
  uint32_t hard_stop; /* reducer: kill the running reduction and exit */
  int64_t reducing;   /* bucket under reduction, 0 when idle */
  sg_db_counts w[];   /* per worker, this session */
} shared;

/* ---- findings into the database (runs in the fuzz loop's worker process) ---------------- */

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
  f.elapsed = o->elapsed0 + (now () - c->t0);
  f.signature = sig;
  f.why = p->verdict.why;
  f.key = key;
  int64_t bucket;
  bool fresh;
  /* unspecified: recorded and counted, never reduced, never a bug (issue 13). */
  bool unspec = p->verdict.kind == SG_VERDICT_UNSPECIFIED;
  if (sg_db_add_finding (&c->db, &f, unspec ? "off" : o->reduce ? "pending" : "off", &bucket, &fresh))
    fprintf (o->log, "campaign: error: cannot record %s: %s\n", rt, c->db.err);
  else if (!o->screen)
    fprintf (o->log, "%s: %s/%s bucket %lld%s: %s\n", unspec ? "unspecified (not a bug)" : "finding",
             o->dir, rt, (long long) bucket, fresh ? " (new)" : "", p->verdict.why);
  free (text);
}

/* ---- workers ------------------------------------------------------------------------------ */

typedef struct engine_run {
  const sg_technique *tech;
  int mode; /* the variant (fusion: 0 sat, 1 unsat, 2 mixed) */
} engine_run;

static bool
engine_resolve (const char *name, engine_run *e)
{
  return sg_technique_engine (name, &e->tech, &e->mode);
}

/* Does a seed labelled `st` fit fusion mode `mode` (0 sat, 1 unsat, 2 mixed)? */
static bool
fusion_fits (int mode, sg_answer st)
{
  return mode == 0 ? st == SG_ANS_SAT : mode == 1 ? st == SG_ANS_UNSAT : st != SG_ANS_NONE;
}

/* The seeds of one logic that fusion mode `mode` can pair, into group: the logic is picked
 * with r among those with a pair (two sat seeds, two unsat seeds, or one of each for mixed).
 * Returns their number, 0 when no logic has a pair. */
static uint32_t
fusion_group (const sg_tech_seed *seeds, uint32_t nseeds, char (*logics)[32], int mode, sg_rng *r,
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
          bool ok = mode == 0 ? sat >= 2 : mode == 1 ? unsat >= 2 : sat >= 1 && unsat >= 1;
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

static void
worker_main (const sg_campaign_opts *o, const char *dbpath, const char *solvers_desc,
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
  if (!logics || !group) { free (logics); free (group); free (mine); mine = NULL; }
  uint32_t slice = 0;
  sg_db_next_slice (&db, w, &slice);
  uint32_t total = 0;
  for (uint32_t e = 0; e < o->nengines; e++) total += o->engines[e].weight;
  cb_ctx ctx = { o, dbpath, solvers_desc, { 0 }, 0, w, 0, 0, t0 };
  uint32_t retries = 0;
  while (mine && total && !LOAD (sh->stop))
    {
      double left = o->budget_s - (now () - t0);
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
      sg_db_next_chain (&db, w, eng->name, &chain0);
      char out[PATH_MAX];
      snprintf (out, sizeof out, "%s/findings/w%02u-s%05u", o->dir, w, slice);
      if (sg_db_slice_begin (&db, w, slice, eng->name, slice_seed, chain0, o->slice_chains,
                             o->elapsed0 + (now () - t0)))
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
      /* The shared initialiser, then the campaign's choices: one job, one lane and the
       * solvers one after the other per worker (the workers fill the cores), fresh processes
       * only (no sessions: a kill -9 of the campaign leaves no solver behind). */
      sg_tech_cfg tc = er.tech->defaults;
      tc.chain = eng->chain;
      tc.mode = er.mode;
      sg_fuzz_opts fo;
      sg_fuzz_opts_init (&fo, er.tech, &tc);
      fo.sessions = false;
      fo.model_sample = o->model_sample;
      fo.chain_timeouts = o->chain_timeouts;
      fo.solvers = o->solvers;
      fo.referees = o->referees && o->referees->n ? o->referees : NULL;
      fo.pats = o->pats;
      fo.timeout_ms = o->timeout_ms;
      fo.mem_bytes = o->mem_bytes;
      fo.seed = slice_seed;
      fo.jobs = 1;
      fo.max_seconds = left < o->slice_s ? left : o->slice_s;
      fo.out_dir = out;
      sg_fuzz_opts_set_incompleteness (&fo, o->incompleteness);
      fo.models = o->models;
      fo.status = NULL;
      fo.on_finding = on_finding;
      fo.finding_ctx = &ctx;
      fo.chain0 = chain0;
      fo.max_chains = o->slice_chains;
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
      sg_db_counts c = { st.mutants, st.calls, st.decided, st.unknown, st.timeouts,
                         st.rejected, st.unconfirmed, st.ill_typed, st.chains };
      sg_db_slice_end (&db, w, slice, &c);
      ADD (sh->w[w].mutants, c.mutants);
      ADD (sh->w[w].calls, c.calls);
      ADD (sh->w[w].decided, c.decided);
      ADD (sh->w[w].unknown, c.unknown);
      ADD (sh->w[w].timeouts, c.timeouts);
      ADD (sh->w[w].rejected, c.rejected);
      ADD (sh->w[w].unconfirmed, c.unconfirmed);
      ADD (sh->w[w].ill_typed, c.ill_typed);
      ADD (sh->w[w].chains, c.chains);
      rmdir (out); /* only when it stayed empty */
      if (c.mutants == 0) nap (0.1); /* an engine with nothing to do: do not spin */
      slice++;
    }
  free (mine);
  free (logics);
  free (group);
  sg_db_close (&db);
}

/* ---- the reducer ---------------------------------------------------------------------------- */

static void
first_line (const char *s, size_t n, char *out, size_t size)
{
  size_t i = 0;
  while (i < n && (s[i] == '\n' || s[i] == ' ')) i++;
  size_t e = i;
  while (e < n && s[e] != '\n') e++;
  snprintf (out, size, "%.*s", (int) (e - i), s + i);
}

static void
reducer_main (const sg_campaign_opts *o, const char *dbpath, shared *sh)
{
  sg_db db;
  if (sg_db_open (&db, dbpath, false))
    {
      fprintf (o->log, "campaign: reducer: %s\n", db.err);
      return;
    }
  bool unavailable = false;
  while (!LOAD (sh->hard_stop))
    {
      int64_t id = 0;
      char json[PATH_MAX], trig[PATH_MAX], key[512];
      if (sg_db_reduce_claim (&db, &id, json, sizeof json, trig, sizeof trig, key, sizeof key))
        {
          nap (0.5);
          continue;
        }
      if (!id)
        {
          if (LOAD (sh->drain)) break;
          nap (0.3);
          continue;
        }
      if (unavailable)
        {
          sg_db_reduce_done (&db, id, "unavailable", NULL, "this smtgrind has no 'reduce' subcommand", NULL);
          continue;
        }
      __atomic_store_n (&sh->reducing, id, __ATOMIC_RELAXED);
      char jpath[PATH_MAX], tmp[PATH_MAX], out[PATH_MAX], rel[64], budget[32];
      if ((size_t) (json[0] == '/' ? snprintf (jpath, sizeof jpath, "%s", json)
                                   : snprintf (jpath, sizeof jpath, "%s/%s", o->dir, json))
          >= sizeof jpath)
        {
          sg_db_reduce_done (&db, id, "failed", NULL, "path too long", NULL);
          continue;
        }
      snprintf (rel, sizeof rel, "reduced/bucket-%lld.smt2", (long long) id);
      snprintf (out, sizeof out, "%s/%s", o->dir, rel);
      /* Per process: a reduction orphaned by a kill -9 may still be writing its own. */
      snprintf (tmp, sizeof tmp, "%s/reduced/.bucket-%lld.%ld.tmp.smt2", o->dir, (long long) id, (long) getpid ());
      snprintf (budget, sizeof budget, "%.0f", o->reduce_budget_s);
      char memout[32];
      snprintf (memout, sizeof memout, "%llu", (unsigned long long) (o->mem_bytes >> 20));
      const char *argv[] = { o->self_exe, "reduce", "--finding", jpath, tmp, "--budget", budget,
                             "--memout", memout, NULL };
      sg_spawn_opts so;
      memset (&so, 0, sizeof so);
      so.argv = argv;
      so.out_cap = 1 << 16;
      so.err_cap = 1 << 16;
      sg_spawn_proc pr;
      sg_spawn_result res;
      sg_spawn_result_init (&res);
      bool killed = false;
      double cap = sg_spawn_now () + o->reduce_budget_s + 30;
      if (sg_spawn_start (&so, &pr, &res) == SG_RC_OK && res.end != SG_END_EXEC_FAILED)
        {
          for (;;)
            {
              sg_pump_stop why;
              if (LOAD (sh->hard_stop))
                {
                  /* SIGTERM to the reducer's group: it and its candidates kill their solvers
                   * and remove their directories (run/spawn.h); SIGKILL after 3 s. */
                  kill (-pr.pid, SIGTERM);
                  sg_spawn_finish (&pr, sg_spawn_now () + 3, &res);
                  killed = true;
                  break;
                }
              double dl = sg_spawn_now () + 0.3;
              if (sg_spawn_pump (&pr, dl, NULL, NULL, &res, &why) || why == SG_PUMP_EOF) break;
              if (sg_spawn_now () > cap) break; /* the reducer ignores its budget: stop it */
            }
          if (!killed) sg_spawn_finish (&pr, sg_spawn_now () + 1, &res);
        }
      __atomic_store_n (&sh->reducing, 0, __ATOMIC_RELAXED);
      char note[200] = "";
      if (killed)
        {
          unlink (tmp);
          sg_db_reduce_done (&db, id, "pending", NULL, "interrupted", NULL);
          break;
        }
      struct stat stt;
      if (res.end == SG_END_EXITED && res.exit_code == 0 && stat (tmp, &stt) == 0
          && rename (tmp, out) == 0)
        {
          char *text = NULL;
          size_t len = 0;
          sg_diag d;
          sg_diag_init (&d, out);
          char rkey[600], *rk = NULL;
          const char *bar = strrchr (key, '|');
          if (bar && !sg_file_read (out, (size_t) 64 << 20, &text, &len, &d))
            {
              if (strncmp (key, "crash|", 6))
                {
                  /* The reduced shape (leaves and names dropped): alpha-equivalent triggers
                   * always share it, so their buckets become one. The key is sg_dedup_key's
                   * of the reduced text: KIND|SOLVER of the bucket, then the reduced text's
                   * own logic (the reducer may make set-logic smaller, so the bucket's first
                   * logic would keep two alpha-equivalent reduced triggers apart). */
                  const char *b1 = strchr (key, '|'), *b2 = b1 ? strchr (b1 + 1, '|') : NULL;
                  char kind[64], solver[256], logic[64];
                  snprintf (kind, sizeof kind, "%.*s", b1 ? (int) (b1 - key) : 0, key);
                  snprintf (solver, sizeof solver, "%.*s", b1 && b2 ? (int) (b2 - b1 - 1) : 0, b1 ? b1 + 1 : "");
                  sg_dedup_logic (text, len, logic, sizeof logic);
                  sg_dedup_key (kind, solver, logic, NULL, text, len, rkey, sizeof rkey);
                }
              else
                {
                  /* Crashes of one solver whose reduced triggers are alpha-equivalent: one
                   * bucket, whatever their signatures said. */
                  const char *bar2 = strchr (key + 6, '|');
                  int pl = bar2 ? (int) (bar2 - key) : (int) strlen (key);
                  snprintf (rkey, sizeof rkey, "%.*s|alpha %016llx", pl, key,
                            (unsigned long long) sg_dedup_alpha_hash (text, len));
                }
              rk = rkey;
            }
          snprintf (note, sizeof note, "%llu bytes in %.1fs", (unsigned long long) stt.st_size, res.wall_s);
          sg_db_reduce_done (&db, id, "done", rel, note, rk);
          free (text);
        }
      else
        {
          unlink (tmp);
          char line[160] = "";
          first_line (res.err.s ? res.err.s : "", res.err.len, line, sizeof line);
          bool missing = res.end == SG_END_EXEC_FAILED
                         || (res.end == SG_END_EXITED && res.exit_code == 2
                             && strstr (line, "unknown subcommand"));
          if (missing)
            {
              unavailable = true;
              sg_db_reduce_done (&db, id, "unavailable", NULL, "this smtgrind has no 'reduce' subcommand", NULL);
            }
          else
            {
              if (res.end == SG_END_EXITED) snprintf (note, sizeof note, "exit %d: %s", res.exit_code, line);
              else snprintf (note, sizeof note, "signal %d: %s", res.sig, line);
              sg_db_reduce_done (&db, id, "failed", NULL, note, NULL);
            }
        }
      sg_spawn_result_free (&res);
    }
  sg_db_close (&db);
}

/* ---- status ------------------------------------------------------------------------------- */

static void
session_counts (const shared *sh, uint32_t workers, const sg_db_counts *base, sg_db_counts *out)
{
  *out = *base;
  uint64_t *b = (uint64_t *) out;
  for (uint32_t i = 0; i < workers; i++)
    {
      const uint64_t *a = (const uint64_t *) &sh->w[i];
      for (size_t k = 0; k < sizeof (sg_db_counts) / sizeof (uint64_t); k++)
        b[k] += __atomic_load_n (&a[k], __ATOMIC_RELAXED);
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

static void
draw_screen (const sg_campaign_opts *o, sg_db *db, const sg_db_counts *c, const sg_db_counts *base,
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

static void
log_line (const sg_campaign_opts *o, sg_db *db, const sg_db_counts *c, const sg_db_counts *base,
          double elapsed, double session)
{
  uint64_t nf = 0, nb = 0;
  sg_db_count (db, "findings", &nf);
  sg_db_count (db, "buckets", &nb);
  double t = session > 0.001 ? session : 0.001;
  fprintf (o->log, "[%6.0fs] mutants %llu, solver calls %llu (%.1f/s this session), decided %.0f%%, unknown %.0f%%, "
           "timeouts %.0f%%, rejected %.0f%%; findings %llu in %llu buckets\n",
           elapsed, (unsigned long long) c->mutants, (unsigned long long) c->calls,
           (double) (c->calls - base->calls) / t, pct (c->decided, c->calls), pct (c->unknown, c->calls),
           pct (c->timeouts, c->calls), pct (c->rejected, c->calls), (unsigned long long) nf,
           (unsigned long long) nb);
  fflush (o->log);
}


/* ---- recovery: finding pairs written but not recorded (a kill between the two) ---------------- */

/* Decode the JSON string literal at s (after the opening quote) into out; the end in *end. */
static bool
json_decode (const char *s, char *out, size_t size, const char **end)
{
  size_t k = 0;
  for (; *s && *s != '"'; s++)
    {
      char c = *s;
      if (c == '\\')
        {
          s++;
          switch (*s)
            {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'u':
              {
                unsigned v = 0;
                for (int i = 1; i <= 4 && s[i]; i++)
                  v = v * 16 + (unsigned) (s[i] <= '9' ? s[i] - '0' : (s[i] | 32) - 'a' + 10);
                s += 4;
                c = (char) (v < 0x80 ? v : '?');
                break;
              }
            case 0: return false;
            default: c = *s;
            }
        }
      if (k + 1 < size) out[k++] = c;
    }
  out[k] = 0;
  if (end) *end = s;
  return *s == '"';
}

/* The string value of "key" in [from, to) (findings.c writes `"key": "value"`); "" for null. */
static bool
json_field (const char *from, const char *key, char *out, size_t size)
{
  char pat[64];
  snprintf (pat, sizeof pat, "\"%s\": ", key);
  const char *p = strstr (from, pat);
  out[0] = 0;
  if (!p) return false;
  p += strlen (pat);
  if (*p != '"') return !strncmp (p, "null", 4);
  return json_decode (p + 1, out, size, NULL);
}

static uint64_t
json_u64 (const char *text, const char *key)
{
  char pat[64];
  snprintf (pat, sizeof pat, "\"%s\": ", key);
  const char *p = strstr (text, pat);
  return p ? strtoull (p + strlen (pat), NULL, 10) : 0;
}

/* "name version" of the solver in "z3 4.8.12; cvc5 1.0.3" into out. */
static void
version_of (const char *desc, const char *solver, char *out, size_t size)
{
  out[0] = 0;
  size_t n = strlen (solver);
  for (const char *p = desc; p && *p; p = strstr (p, "; "), p = p ? p + 2 : NULL)
    if (!strncmp (p, solver, n) && p[n] == ' ')
      {
        size_t e = strcspn (p + n + 1, ";");
        snprintf (out, size, "%.*s", (int) e, p + n + 1);
        return;
      }
}

/* Record every finding pair under findings/ that the database does not hold. */
static uint64_t
recover (const sg_campaign_opts *o, sg_db *db, const char *solvers_desc)
{
  char fdir[PATH_MAX];
  snprintf (fdir, sizeof fdir, "%s/findings", o->dir);
  DIR *top = opendir (fdir);
  if (!top) return 0;
  uint64_t n = 0;
  sqlite3_stmt *known = NULL;
  sqlite3_prepare_v2 (sg_db_handle (db), "SELECT 1 FROM findings WHERE trigger = ?", -1, &known, NULL);
  struct dirent *e;
  while (known && (e = readdir (top)))
    {
      unsigned w, sl;
      if (sscanf (e->d_name, "w%u-s%u", &w, &sl) != 2) continue;
      char sub[PATH_MAX];
      if ((size_t) snprintf (sub, sizeof sub, "%s/%s", fdir, e->d_name) >= sizeof sub) continue;
      DIR *d = opendir (sub);
      struct dirent *f;
      while (d && (f = readdir (d)))
        {
          size_t len = strlen (f->d_name);
          if (f->d_name[0] == '.' || len < 6 || strcmp (f->d_name + len - 5, ".json")) continue;
          char rel_json[PATH_MAX], rel_trig[PATH_MAX], path[PATH_MAX];
          snprintf (rel_json, sizeof rel_json, "findings/%s/%s", e->d_name, f->d_name);
          snprintf (rel_trig, sizeof rel_trig, "findings/%s/%.*s.smt2", e->d_name, (int) (len - 5), f->d_name);
          sqlite3_reset (known);
          sqlite3_bind_text (known, 1, rel_trig, -1, SQLITE_TRANSIENT);
          if (sqlite3_step (known) == SQLITE_ROW) continue;
          char *json = NULL, *trig = NULL, tpath[PATH_MAX];
          size_t jl = 0, tl = 0;
          sg_diag dg;
          sg_diag_init (&dg, rel_json);
          if ((size_t) snprintf (path, sizeof path, "%s/%s", o->dir, rel_json) >= sizeof path
              || (size_t) snprintf (tpath, sizeof tpath, "%s/%s", o->dir, rel_trig) >= sizeof tpath)
            continue;
          bool ok = !sg_file_read (path, (size_t) 1 << 24, &json, &jl, &dg);
          ok = ok && !sg_file_read (tpath, (size_t) 64 << 20, &trig, &tl, &dg);
          char kind[32], solver[64], why[512], tech[32], seed1[PATH_MAX] = "", seed2[PATH_MAX] = "";
          char sig[256] = "", logic[64], key[512], version[64], name[256];
          ok = ok && json_field (json, "kind", kind, sizeof kind) && json_field (json, "solver", solver, sizeof solver);
          if (ok)
            {
              json_field (json, "why", why, sizeof why);
              json_field (json, "technique", tech, sizeof tech);
              const char *sd = strstr (json, "\"seeds\": [\"");
              if (sd && json_decode (sd + 11, seed1, sizeof seed1, &sd) && !strncmp (sd, "\", \"", 4))
                json_decode (sd + 4, seed2, sizeof seed2, NULL);
              /* The culprit's run: its signature. */
              char pat[96];
              snprintf (pat, sizeof pat, "{\"solver\": \"%s\"", solver);
              const char *run = strstr (json, pat);
              if (run)
                {
                  const char *eol = strchr (run, '\n');
                  char line[8192];
                  snprintf (line, sizeof line, "%.*s", (int) (eol ? (size_t) (eol - run) : strlen (run)), run);
                  json_field (line, "signature", sig, sizeof sig);
                }
              sg_dedup_logic (trig, tl, logic, sizeof logic);
              sg_dedup_key (kind, solver, logic, sig, trig, tl, key, sizeof key);
              version_of (solvers_desc, solver, version, sizeof version);
              snprintf (name, sizeof name, "%.*s", (int) (len - 5), f->d_name);
              sg_db_finding fd;
              memset (&fd, 0, sizeof fd);
              fd.name = name;
              fd.trigger = rel_trig;
              fd.json = rel_json;
              fd.kind = kind;
              fd.solver = solver;
              fd.version = version;
              fd.solvers = solvers_desc;
              fd.logic = logic;
              fd.technique = tech;
              fd.seed1 = seed1;
              fd.seed2 = seed2[0] ? seed2 : NULL;
              fd.rng_seed = json_u64 (json, "rng_seed");
              fd.worker = w;
              fd.slice = sl;
              fd.mutant = json_u64 (json, "mutant");
              fd.step = (uint32_t) json_u64 (json, "step");
              struct stat stt;
              fd.found_at = stat (path, &stt) == 0 ? (double) stt.st_mtime : (double) time (NULL);
              fd.elapsed = o->elapsed0;
              fd.signature = sig;
              fd.why = why;
              fd.key = key;
              int64_t bucket;
              bool fresh;
              if (!sg_db_add_finding (db, &fd, o->reduce && strcmp (kind, "unspecified") ? "pending" : "off",
                                      &bucket, &fresh))
                {
                  n++;
                  fprintf (o->log, "campaign: recovered %s/%s (written, not recorded, when the last session stopped): bucket %lld\n",
                           o->dir, rel_trig, (long long) bucket);
                }
            }
          free (json);
          free (trig);
        }
      if (d) closedir (d);
    }
  sqlite3_finalize (known);
  closedir (top);
  return n;
}

sg_rc
sg_campaign_rebuild (const char *dir, FILE *log, uint64_t *recovered, char *err, size_t esize)
{
  *recovered = 0;
  char path[PATH_MAX], old[PATH_MAX + 16];
  if ((size_t) snprintf (path, sizeof path, "%s/campaign.db", dir) >= sizeof path)
    { snprintf (err, esize, "%s: path too long", dir); return SG_RC_IO; }
  snprintf (old, sizeof old, "%s.damaged", path);
  struct stat st;
  bool had = stat (path, &st) == 0;
  if (had)
    {
      static const char *const ext[] = { "", "-wal", "-shm" };
      for (int k = 0; k < 3; k++)
        {
          char a[PATH_MAX + 8], b[PATH_MAX + 24];
          snprintf (a, sizeof a, "%s%s", path, ext[k]);
          snprintf (b, sizeof b, "%s%s", old, ext[k]);
          if (rename (a, b) != 0 && errno != ENOENT)
            { snprintf (err, esize, "cannot move %s aside: %s", a, strerror (errno)); return SG_RC_IO; }
        }
      fprintf (log, "bugs recover: the old database is kept as %s\n", old);
    }
  sg_db db;
  if (sg_db_open (&db, path, true)) { snprintf (err, esize, "%s", db.err); return SG_RC_IO; }
  /* The settings the old database still gives (best effort: it is damaged). */
  uint64_t nmeta = 0;
  if (had)
    {
      sqlite3 *h = NULL;
      if (sqlite3_open_v2 (old, &h, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK)
        {
          sqlite3_stmt *q = NULL;
          if (sqlite3_prepare_v2 (h, "SELECT key, value FROM meta", -1, &q, NULL) == SQLITE_OK)
            while (sqlite3_step (q) == SQLITE_ROW)
              {
                const char *k = (const char *) sqlite3_column_text (q, 0);
                const char *v = (const char *) sqlite3_column_text (q, 1);
                if (k && v && !sg_db_meta_set (&db, k, v)) nmeta++;
              }
          sqlite3_finalize (q);
        }
      sqlite3_close (h);
    }
  sg_db_meta_set (&db, "recovered", "1");
  char desc[1024] = "";
  sg_db_meta_get (&db, "solver_versions", desc, sizeof desc);
  sg_campaign_opts o;
  memset (&o, 0, sizeof o);
  o.dir = dir;
  o.log = log;
  o.reduce = true;
  *recovered = recover (&o, &db, desc);
  fprintf (log, "bugs recover: %llu findings recorded again from %s/findings; %llu settings kept%s\n",
           (unsigned long long) *recovered, dir, (unsigned long long) nmeta,
           nmeta ? "" : " (none readable: --resume needs them, start a new campaign on the same seeds)");
  sg_db_close (&db);
  return SG_RC_OK;
}

/* ---- the parent --------------------------------------------------------------------------- */

static bool
mkdir_p (const char *path)
{
  char buf[PATH_MAX];
  if ((size_t) snprintf (buf, sizeof buf, "%s", path) >= sizeof buf) return false;
  for (char *p = buf + 1; *p; p++)
    if (*p == '/')
      {
        *p = 0;
        if (mkdir (buf, 0777) != 0 && errno != EEXIST) return false;
        *p = '/';
      }
  return mkdir (buf, 0777) == 0 || errno == EEXIST;
}

/* Kill and reap every child of this process left (orphans handed to the subreaper, still
 * dying or not), with their process groups: once it returns, no process of the session that
 * could own a private directory is alive, so the sweep that follows removes them all. */
static void
reap_orphans (void)
{
  for (int round = 0; round < 64; round++)
    {
      pid_t kids[256];
      size_t n = 0;
      DIR *tasks = opendir ("/proc/self/task");
      struct dirent *t;
      while (tasks && (t = readdir (tasks)) && n < 256)
        {
          if (t->d_name[0] == '.') continue;
          char path[64];
          snprintf (path, sizeof path, "/proc/self/task/%.20s/children", t->d_name);
          FILE *f = fopen (path, "re");
          long pid;
          while (f && n < 256 && fscanf (f, "%ld", &pid) == 1)
            if (pid > 0) kids[n++] = (pid_t) pid;
          if (f) fclose (f);
        }
      if (tasks) closedir (tasks);
      if (!n) return;
      for (size_t i = 0; i < n; i++)
        {
          pid_t pg = getpgid (kids[i]);
          if (pg > 1 && pg != getpgrp ()) kill (-pg, SIGKILL);
          kill (kids[i], SIGKILL);
          while (waitpid (kids[i], NULL, 0) < 0 && errno == EINTR) {}
        }
    }
}

/* flock campaign.lock. The processes of a session killed a moment ago (kill -9) die a few
 * milliseconds after it (PR_SET_PDEATHSIG): wait up to 2 s for them. Our pid is written into
 * the file, for the message of a session refused. */
static bool
take_lock (int fd)
{
  for (int i = 0; flock (fd, LOCK_EX | LOCK_NB) != 0; i++)
    {
      if ((errno != EWOULDBLOCK && errno != EINTR) || i >= 40) return false;
      nap (0.05);
    }
  char pid[32];
  int n = snprintf (pid, sizeof pid, "%ld\n", (long) getpid ());
  if (ftruncate (fd, 0) != 0 || pwrite (fd, pid, (size_t) n, 0) != n) { /* only informative */ }
  return true;
}

/* A process other than us with the file of fd open (/proc/PID/fd), or 0. (/proc/locks names
 * the process that took a flock, which may be gone while a child it forked holds it.) */
static long
lock_user (int fd)
{
  struct stat lk;
  if (fstat (fd, &lk) != 0) return 0;
  DIR *pd = opendir ("/proc");
  if (!pd) return 0;
  long found = 0;
  struct dirent *e;
  while (!found && (e = readdir (pd)))
    {
      char *end;
      long pid = strtol (e->d_name, &end, 10);
      if (*end || pid <= 0 || (pid_t) pid == getpid ()) continue;
      char path[64];
      snprintf (path, sizeof path, "/proc/%ld/fd", pid);
      DIR *fds = opendir (path);
      if (!fds) continue;
      struct dirent *f;
      while (!found && (f = readdir (fds)))
        {
          char link[96];
          struct stat st;
          if (f->d_name[0] == '.') continue;
          snprintf (link, sizeof link, "/proc/%ld/fd/%.20s", pid, f->d_name);
          if (stat (link, &st) == 0 && st.st_dev == lk.st_dev && st.st_ino == lk.st_ino) found = pid;
        }
      closedir (fds);
    }
  closedir (pd);
  return found;
}

/* Who holds the lock of fd: the session's pid (written by take_lock) when it lives, else a
 * process that has the file open (one left by a session that is gone). */
static void
lock_holder (int fd, char *out, size_t size)
{
  long session = 0;
  char buf[32] = "";
  ssize_t n = pread (fd, buf, sizeof buf - 1, 0);
  if (n > 0) session = strtol (buf, NULL, 10);
  if (session > 0 && (kill ((pid_t) session, 0) == 0 || errno == EPERM))
    {
      snprintf (out, size, " (pid %ld)", session);
      return;
    }
  long holder = lock_user (fd);
  if (holder > 0)
    snprintf (out, size, " (campaign.lock is held by pid %ld, a process left by a session that"
                         " is gone: stop it, then resume)", holder);
}

sg_rc
sg_campaign_run (const sg_campaign_opts *o, const sg_tech_seed *seeds, uint32_t nseeds,
                 sg_campaign_result *res)
{
  memset (res, 0, sizeof *res);
  char dbpath[PATH_MAX], sub[PATH_MAX];
  snprintf (dbpath, sizeof dbpath, "%s/campaign.db", o->dir);
  bool ok = mkdir_p (o->dir);
  snprintf (sub, sizeof sub, "%s/findings", o->dir);
  ok = ok && mkdir_p (sub);
  snprintf (sub, sizeof sub, "%s/reduced", o->dir);
  ok = ok && mkdir_p (sub);
  if (!ok)
    {
      fprintf (o->log, "campaign: error: cannot create %s: %s\n", o->dir, strerror (errno));
      return SG_RC_IO;
    }
  /* One session at a time: the lock is held by every process of the session (flock locks
   * follow the open file through fork) and released when the last one ends. */
  char lockpath[PATH_MAX];
  snprintf (lockpath, sizeof lockpath, "%s/campaign.lock", o->dir);
  int lock = open (lockpath, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (lock < 0 || !take_lock (lock))
    {
      char holder[200] = "";
      if (lock >= 0) lock_holder (lock, holder, sizeof holder);
      fprintf (o->log, "campaign: error: %s: %s%s\n", o->dir,
               lock < 0 ? strerror (errno) : "another session of this campaign is running", holder);
      if (lock >= 0) close (lock);
      return SG_RC_USAGE;
    }
  sg_db db;
  if (sg_db_open (&db, dbpath, true))
    {
      fprintf (o->log, "campaign: error: %s\n", db.err);
      close (lock);
      return SG_RC_IO;
    }
  /* What a kill -9 of an earlier session left: the reducer's temporary outputs
   * (reduced/.bucket-N.PID.tmp.smt2) and the private directories of dead processes. */
  {
    char rdir[PATH_MAX];
    snprintf (rdir, sizeof rdir, "%s/reduced", o->dir);
    DIR *rd = opendir (rdir);
    if (rd)
      {
        struct dirent *e;
        while ((e = readdir (rd)))
          {
            size_t nl = strlen (e->d_name);
            if (strncmp (e->d_name, ".bucket-", 8) || nl < 10 || strcmp (e->d_name + nl - 9, ".tmp.smt2")) continue;
            char f[PATH_MAX];
            if ((size_t) snprintf (f, sizeof f, "%s/%s", rdir, e->d_name) < sizeof f) unlink (f);
          }
        closedir (rd);
      }
    remove_partial_pairs (o->dir);
    sg_run_tmpdir_sweep ();
    kill_orphans (o->dir);
  }
  /* After a stop: a reduction that was running is pending again; a slice that was running is
   * over (its chains are not run again: the next slice starts after them). */
  sg_db_reduce_reset (&db);
  /* With reduction on, buckets left unreduced by an earlier session (--no-reduce, a binary
   * without the reducer, or a reduction that failed: its note stays until it is done again)
   * are queued again. */
  if (o->reduce)
    sg_db_exec (&db, "UPDATE buckets SET reduce_state = 'pending'"
                     " WHERE reduce_state IN ('off', 'unavailable', 'failed') AND merged_into IS NULL"
                     " AND kind != 'unspecified'");
  sg_db_exec (&db, "UPDATE slices SET state = 'killed' WHERE state = 'running'");
  /* Ctrl-C and SIGTERM: taken by this process with sigtimedwait below (no handler, no global
   * flag). The first stops the workers after their current mutant and the reducer at once
   * (its reduction is pending again on --resume), then the summary and report are written as
   * at the end of the budget; the second kills the workers. Blocked from here: one arriving
   * while a solver's version is probed makes that run kill the solver's group and this
   * process die of it (run/spawn.h), before any worker exists (unblocked, a hangup then left
   * the probed solver script's children running). */
  sigset_t stopsigs, oldmask;
  sigemptyset (&stopsigs);
  sigaddset (&stopsigs, SIGINT);
  sigaddset (&stopsigs, SIGTERM);
  {
    /* A hangup stops the campaign like SIGTERM, unless it runs under nohup. */
    struct sigaction sa;
    if (sigaction (SIGHUP, NULL, &sa) == 0 && sa.sa_handler != SIG_IGN) sigaddset (&stopsigs, SIGHUP);
  }
  sigprocmask (SIG_BLOCK, &stopsigs, &oldmask);
  /* Solver versions (probed once, before the fork, so every process sees them). */
  char solvers_desc[1024] = "";
  size_t sl = 0;
  for (uint32_t i = 0; i < o->solvers->n; i++)
    {
      sg_profile *p = (sg_profile *) &o->solvers->a[i];
      const char *v = "";
      if (sg_profile_version (p, &v)) v = "";
      sl += (size_t) snprintf (solvers_desc + sl, sizeof solvers_desc - sl, "%s%s%s%s", i ? "; " : "",
                               p->name, v[0] ? " " : "", v);
      if (sl >= sizeof solvers_desc) break;
    }
  sg_db_meta_set (&db, "solver_versions", solvers_desc);
  recover (o, &db, solvers_desc);
  sg_db_counts base;
  sg_db_totals (&db, &base);
  sg_db_stats_add (&db, o->elapsed0, &base); /* where this session starts, for the plots */
  uint64_t findings0 = 0;
  sg_db_count (&db, "findings", &findings0);

  uint32_t workers = o->workers ? o->workers : 1;
  size_t size = sizeof (shared) + workers * sizeof (sg_db_counts);
  shared *sh = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (sh == MAP_FAILED)
    {
      sg_db_close (&db);
      close (lock);
      sigprocmask (SIG_SETMASK, &oldmask, NULL);
      return SG_RC_NOMEM;
    }
  memset (sh, 0, size);
  double t0 = now ();
  SG_VEC (pid_t) pids = { 0 };
  /* The stop signals were blocked before the solvers' versions were probed (stopsigs). */
  uint32_t interrupts = 0;
  pid_t campaign_pid = getpid ();
  /* A child subreaper: what our children leave when they are killed (the candidates of a
   * reduction stopped at the end, a fuzz worker of a worker killed by a second Ctrl-C) comes
   * back to us, to be reaped before the private directories are swept (reap_orphans). */
  prctl (PR_SET_CHILD_SUBREAPER, 1);
  if (o->budget_s > 0)
    for (uint32_t w = 0; w < workers; w++)
      {
        fflush (NULL);
        pid_t pid = fork ();
        if (pid == 0)
          {
            prctl (PR_SET_PDEATHSIG, SIGKILL); /* the campaign died: so does its worker */
            if (getppid () != campaign_pid) _exit (1); /* ... before prctl took effect */
            child_signals (&oldmask);
            worker_main (o, dbpath, solvers_desc, seeds, nseeds, w, sh, t0);
            _exit (0);
          }
        if (pid > 0 && !SG_VEC_PUSH (pids, pid)) break;
      }
  uint32_t fuzzers = pids.n;
  pid_t reducer = -1;
  if (o->reduce)
    {
      fflush (NULL);
      reducer = fork ();
      if (reducer == 0)
        {
          prctl (PR_SET_PDEATHSIG, SIGKILL);
          if (getppid () != campaign_pid) _exit (1);
          child_signals (&oldmask);
          reducer_main (o, dbpath, sh);
          _exit (0);
        }
    }
  /* Watch: status, stats rows, the end of the budget, the reducer's drain. */
  uint32_t alive = fuzzers;
  bool reducer_alive = reducer > 0;
  double next_draw = t0, next_stats = t0 + 5, drain_deadline = 0;
  sg_db_counts c;
  while (alive || reducer_alive)
    {
      int status;
      pid_t pid = waitpid (-1, &status, WNOHANG);
      if (pid > 0)
        {
          if (pid == reducer) reducer_alive = false;
          else
            for (uint32_t i = 0; i < pids.n; i++)
              if (pids.a[i] == pid) { pids.a[i] = -1; alive--; }
          continue;
        }
      double t = now ();
      if (t - t0 >= o->budget_s) __atomic_store_n (&sh->stop, 1, __ATOMIC_RELAXED);
      if (!alive && reducer_alive && !drain_deadline)
        {
          /* Fuzzing is over: the reducer finishes the reduction under way, then stops. */
          __atomic_store_n (&sh->drain, 1, __ATOMIC_RELAXED);
          drain_deadline = t + o->reduce_budget_s + 15;
          if (!o->screen && LOAD (sh->reducing))
            fprintf (o->log, "campaign: waiting for the reduction of bucket %lld\n", (long long) LOAD (sh->reducing));
        }
      if (drain_deadline && t > drain_deadline) __atomic_store_n (&sh->hard_stop, 1, __ATOMIC_RELAXED);
      session_counts (sh, workers, &base, &c);
      if (t >= next_stats)
        {
          char el[32];
          sg_db_stats_add (&db, o->elapsed0 + (t - t0), &c);
          snprintf (el, sizeof el, "%.1f", o->elapsed0 + (t - t0));
          sg_db_meta_set (&db, "elapsed", el);
          next_stats = t + 5;
        }
      if (t >= next_draw)
        {
          if (o->screen)
            {
              draw_screen (o, &db, &c, &base, o->elapsed0 + (t - t0), t - t0, solvers_desc, LOAD (sh->reducing));
              next_draw = t + 1;
            }
          else
            {
              if (t > t0 + 1) log_line (o, &db, &c, &base, o->elapsed0 + (t - t0), t - t0);
              next_draw = t + (o->log_every_s > 0 ? o->log_every_s : 10);
            }
        }
      struct timespec wait = { 0, 100000000 };
      siginfo_t si;
      if (sigtimedwait (&stopsigs, &si, &wait) > 0)
        {
          interrupts++;
          __atomic_store_n (&sh->stop, 1, __ATOMIC_RELAXED);
          __atomic_store_n (&sh->hard_stop, 1, __ATOMIC_RELAXED);
          if (interrupts == 1)
            fprintf (o->log, "\ncampaign: %s: stopping after the current mutants (again: at once)\n",
                     si.si_signo == SIGINT ? "interrupted" : "terminated");
          else
            {
              for (uint32_t i = 0; i < pids.n; i++)
                if (pids.a[i] > 0) kill (pids.a[i], SIGKILL);
              if (reducer_alive) kill (reducer, SIGKILL);
            }
          res->interrupted = true;
        }
    }
  sigprocmask (SIG_SETMASK, &oldmask, NULL);
  /* Every child is gone, and what they left is reaped: the private directories of those that
   * were killed (a reduction stopped at the end, a worker killed by a second Ctrl-C) go too. */
  reap_orphans ();
  prctl (PR_SET_CHILD_SUBREAPER, 0);
  sg_run_tmpdir_sweep ();
  double t = now ();
  double session = t - t0 < o->budget_s || o->budget_s <= 0 ? t - t0 : o->budget_s;
  session_counts (sh, workers, &base, &c);
  char el[32];
  snprintf (el, sizeof el, "%.1f", o->elapsed0 + session);
  sg_db_meta_set (&db, "elapsed", el);
  sg_db_stats_add (&db, o->elapsed0 + session, &c);
  if (o->screen) draw_screen (o, &db, &c, &base, o->elapsed0 + session, session, solvers_desc, 0);
  res->totals = c;
  res->elapsed = o->elapsed0 + session;
  sg_db_count (&db, "findings", &res->findings);
  sg_db_count (&db, "buckets", &res->buckets);
  res->new_findings = res->findings - findings0;
  sg_db_close (&db);
  SG_VEC_FREE (pids);
  munmap (sh, size);
  close (lock);
  return SG_RC_OK;
}
