/* camp_recover: what a kill left behind, found and repaired with the lock held — finding
 * pairs written but not recorded (recorded now, read with the JSON reader of base/json.h),
 * half-written finding files, the reducer's temporary outputs, dead processes' private
 * directories and processes that outlived their session; and `bugs recover` (a database
 * rebuilt from the finding pairs). */
#define _GNU_SOURCE /* realpath, setenv */
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
#include <signal.h>
#include <sqlite3.h>

#include "base/file.h"
#include "base/json.h"
#include "campaign/dedup.h"
#include "oracle/finding_keys.h"
#include "run/guard.h"
#include "run/run.h"

/* A file of a finding pair killed while it was written: findings/SLICE/.NAME.XXXXXX
 * (sg_file_write_atomic's temporary name; finding pairs are never dot files), then the slice
 * directories left empty (wNN-sNNNNN: a worker killed in its slice). Called with the lock
 * held, so no live process writes them. */
void
sg_camp_sweep_findings (const char *dir)
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
          /* .NAME.XXXXXX: a dot, a name, a dot and six random characters (base/file.c). */
          if (e->d_name[0] != '.' || n < 9 || e->d_name[n - 7] != '.') continue;
          char f[PATH_MAX];
          struct stat st;
          if ((size_t) snprintf (f, sizeof f, "%s/%s", sub, e->d_name) < sizeof f
              && lstat (f, &st) == 0 && S_ISREG (st.st_mode))
            unlink (f);
        }
      closedir (d);
      unsigned w, sl;
      char tail;
      if (s->d_name[0] == 'w' && sscanf (s->d_name, "w%u-s%u%c", &w, &sl, &tail) == 2)
        rmdir (sub); /* only when it is empty */
    }
  closedir (top);
}

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

void
sg_camp_cleanup (const char *dir)
{
  char rdir[PATH_MAX];
  snprintf (rdir, sizeof rdir, "%s/reduced", dir);
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
  sg_camp_sweep_findings (dir);
  sg_run_tmpdir_sweep ();
  kill_orphans (dir);
}

/* Kill and reap every child of this process left (orphans handed to the subreaper, still
 * dying or not), with their process groups: once it returns, no process of the session that
 * could own a private directory is alive, so the sweep that follows removes them all. */
void
sg_camp_reap_orphans (void)
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
          /* not the guardian (run/guard.h): it outlives us on purpose */
          while (f && n < 256 && fscanf (f, "%ld", &pid) == 1)
            if (pid > 0 && !sg_guard_is_guardian ((pid_t) pid)) kids[n++] = (pid_t) pid;
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

/* The string of member key of the root object of j into out ("" when absent or null). */
static void
jfield (const sg_json *j, const char *key, char *out, size_t size)
{
  const char *v = sg_json_str (j, sg_json_get (j, 0, key));
  snprintf (out, size, "%s", v ? v : "");
}

/* A finding pair read back from its files: the database row it should have. */
typedef struct pair {
  char kind[32], solver[64], why[512], tech[32], seed1[PATH_MAX], seed2[PATH_MAX];
  char sig[256], logic[64], key[512], version[64], name[256];
} pair;

/* Fill fd from the pair's JSON (j) and trigger (trig); false when the JSON lacks the kind or
 * the solver. */
static bool
read_pair (const sg_json *j, const char *trig, size_t tl, const char *solvers_desc, pair *pr,
           sg_db_finding *fd)
{
  jfield (j, SG_FK_KIND, pr->kind, sizeof pr->kind);
  jfield (j, SG_FK_SOLVER, pr->solver, sizeof pr->solver);
  if (!pr->kind[0] || !pr->solver[0]) return false;
  jfield (j, SG_FK_WHY, pr->why, sizeof pr->why);
  jfield (j, SG_FK_TECHNIQUE, pr->tech, sizeof pr->tech);
  uint32_t seeds = sg_json_get (j, 0, SG_FK_SEEDS);
  uint32_t s1 = seeds < j->n.n ? j->n.a[seeds].first : UINT32_MAX;
  uint32_t s2 = s1 < j->n.n ? j->n.a[s1].next : UINT32_MAX;
  snprintf (pr->seed1, sizeof pr->seed1, "%s", sg_json_str (j, s1) ? sg_json_str (j, s1) : "");
  snprintf (pr->seed2, sizeof pr->seed2, "%s", sg_json_str (j, s2) ? sg_json_str (j, s2) : "");
  /* The culprit's run: its signature. */
  pr->sig[0] = 0;
  uint32_t runs = sg_json_get (j, 0, SG_FK_RUNS);
  for (uint32_t r = runs < j->n.n ? j->n.a[runs].first : UINT32_MAX; r < j->n.n; r = j->n.a[r].next)
    {
      const char *who = sg_json_str (j, sg_json_get (j, r, SG_FK_RUN_SOLVER));
      if (!who || strcmp (who, pr->solver)) continue;
      const char *sig = sg_json_str (j, sg_json_get (j, r, SG_FK_RUN_SIGNATURE));
      snprintf (pr->sig, sizeof pr->sig, "%s", sig ? sig : "");
      break;
    }
  sg_dedup_logic (trig, tl, pr->logic, sizeof pr->logic);
  sg_dedup_key (pr->kind, pr->solver, pr->logic, pr->sig, trig, tl, pr->key, sizeof pr->key);
  sg_db_version_in (solvers_desc, pr->solver, pr->version, sizeof pr->version);
  fd->name = pr->name;
  fd->kind = pr->kind;
  fd->solver = pr->solver;
  fd->version = pr->version;
  fd->solvers = solvers_desc;
  fd->logic = pr->logic;
  fd->technique = pr->tech;
  fd->seed1 = pr->seed1;
  fd->seed2 = pr->seed2[0] ? pr->seed2 : NULL;
  fd->rng_seed = sg_json_u64 (j, sg_json_get (j, 0, SG_FK_RNG_SEED), 0);
  fd->mutant = sg_json_u64 (j, sg_json_get (j, 0, SG_FK_MUTANT), 0);
  fd->step = (uint32_t) sg_json_u64 (j, sg_json_get (j, 0, SG_FK_STEP), 0);
  fd->signature = pr->sig;
  fd->why = pr->why;
  fd->key = pr->key;
  return true;
}

/* Record the pair findings/SUB/NAME.json (+ .smt2) of worker w, slice sl, unless known. */
static bool
recover_pair (const sg_campaign_opts *o, sg_db *db, sqlite3_stmt *known, const char *sub, const char *file,
              unsigned w, unsigned sl, const char *solvers_desc)
{
  size_t len = strlen (file);
  char rel_json[PATH_MAX], rel_trig[PATH_MAX], path[PATH_MAX], tpath[PATH_MAX];
  snprintf (rel_json, sizeof rel_json, "findings/%s/%s", sub, file);
  snprintf (rel_trig, sizeof rel_trig, "findings/%s/%.*s.smt2", sub, (int) (len - 5), file);
  sqlite3_reset (known);
  sqlite3_bind_text (known, 1, rel_trig, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (known) == SQLITE_ROW) return false;
  if ((size_t) snprintf (path, sizeof path, "%s/%s", o->dir, rel_json) >= sizeof path
      || (size_t) snprintf (tpath, sizeof tpath, "%s/%s", o->dir, rel_trig) >= sizeof tpath)
    return false;
  char *json = NULL, *trig = NULL;
  size_t jl = 0, tl = 0;
  sg_diag dg;
  sg_diag_init (&dg, rel_json);
  sg_json j;
  memset (&j, 0, sizeof j);
  bool ok = !sg_file_read (path, (size_t) 1 << 24, &json, &jl, &dg)
            && !sg_file_read (tpath, (size_t) 64 << 20, &trig, &tl, &dg)
            && !sg_json_parse (json, jl, rel_json, &j, &dg);
  pair *pr = ok ? calloc (1, sizeof *pr) : NULL;
  sg_db_finding fd;
  memset (&fd, 0, sizeof fd);
  bool parsed = ok;
  ok = pr && read_pair (&j, trig, tl, solvers_desc, pr, &fd);
  if (!ok)
    {
      /* Never silently: a pair that cannot be read back stays on disk, named here. */
      char msg[700] = "";
      if (!parsed) sg_diag_format (&dg, msg, sizeof msg);
      fprintf (o->log, "campaign: warning: %s/findings/%s/%s not recorded: %s%s\n", o->dir, sub, file,
               parsed ? rel_json : msg, parsed ? ": no kind or solver" : "");
    }
  if (ok)
    {
      snprintf (pr->name, sizeof pr->name, "%.*s", (int) (len - 5), file);
      fd.trigger = rel_trig;
      fd.json = rel_json;
      fd.worker = w;
      fd.slice = sl;
      struct stat stt;
      fd.found_at = stat (path, &stt) == 0 ? (double) stt.st_mtime : (double) time (NULL);
      fd.elapsed = o->elapsed0;
      int64_t bucket;
      bool fresh;
      ok = !sg_db_add_finding (db, &fd, o->reduce && strcmp (pr->kind, "unspecified") && strcmp (pr->kind, "validation") ? "pending" : "off",
                               &bucket, &fresh);
      if (ok)
        fprintf (o->log, "campaign: recovered %s/%s (written, not recorded, when the last session stopped): bucket %lld\n",
                 o->dir, rel_trig, (long long) bucket);
    }
  sg_json_free (&j);
  free (pr);
  free (json);
  free (trig);
  return ok;
}

uint64_t
sg_camp_recover (const sg_campaign_opts *o, sg_db *db, const char *solvers_desc)
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
          n += recover_pair (o, db, known, e->d_name, f->d_name, w, sl, solvers_desc);
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
  struct stat ost;
  if (had && lstat (old, &ost) == 0 && S_ISREG (ost.st_mode)) /* a FIFO would block the open */
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
  *recovered = sg_camp_recover (&o, &db, desc);
  fprintf (log, "bugs recover: %llu finding%s recorded again from %s/findings; %llu setting%s kept%s\n",
           (unsigned long long) *recovered, *recovered == 1 ? "" : "s", dir, (unsigned long long) nmeta,
           nmeta == 1 ? "" : "s",
           nmeta ? "" : " (none readable: --resume needs them, start a new campaign on the same seeds)");
  sg_db_close (&db);
  return SG_RC_OK;
}
