#define _DEFAULT_SOURCE /* realpath */
/* merge: campaigns into one relocatable campaign directory (merge.h). */
#include "campaign/merge.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/file.h"
#include "base/hash.h"
#include "campaign/campaign_int.h"
#include "loop/findings.h"

static const char *shards_schema =
  "CREATE TABLE IF NOT EXISTS shards (origin TEXT PRIMARY KEY, shard TEXT NOT NULL,"
  " solver_versions TEXT NOT NULL, source TEXT NOT NULL, findings INTEGER NOT NULL,"
  " elapsed REAL NOT NULL)";

static const char *
col (sqlite3_stmt *st, int i)
{
  const unsigned char *s = sqlite3_column_text (st, i);
  return s ? (const char *) s : "";
}

static sqlite3_stmt *
q (sg_db *db, const char *sql)
{
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2 (sg_db_handle (db), sql, -1, &st, NULL) != SQLITE_OK) return NULL;
  return st;
}

/* Does db have a table of this name? */
static bool
has_table (sg_db *db, const char *name)
{
  sqlite3_stmt *st = q (db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
  if (!st) return false;
  sqlite3_bind_text (st, 1, name, -1, SQLITE_TRANSIENT);
  bool yes = sqlite3_step (st) == SQLITE_ROW;
  sqlite3_finalize (st);
  return yes;
}

/* FNV-1a 64 of s from h, then of one 0xff byte, a separator: ("ab", "c") and ("a", "bc")
 * differ. */
static uint64_t
fnv64 (uint64_t h, const char *s)
{
  return sg_hash64_bytes (sg_hash64_bytes (h, s, strlen (s)), "\xff", 1);
}

/* The origin of a campaign that is not a merge: "s<I>of<N>-<hash of its settings and start>".
 * The same campaign gives the same origin wherever its directory is and however often it is
 * continued; two campaigns differ unless they share seed, shard, settings and start second. */
static void
origin_of (sg_db *src, char *out, size_t size, char *shard, size_t ssize)
{
  static const char *const keys[] = { "seed", "shard", "started", "inputs", "engines", "solvers",
                                      "solvers_file", "timeout", "jobs", NULL };
  uint64_t h = SG_HASH64_FNV_OFFSET;
  char v[8192];
  for (int k = 0; keys[k]; k++)
    {
      sg_db_meta_get (src, keys[k], v, sizeof v);
      h = fnv64 (fnv64 (h, keys[k]), v);
    }
  unsigned si = 0, sn = 1;
  sg_db_meta_get (src, "shard", v, sizeof v);
  if (sscanf (v, "%u/%u", &si, &sn) != 2) si = 0, sn = 1;
  snprintf (shard, ssize, "%u/%u", si, sn);
  snprintf (out, size, "s%uof%u-%016llx", si, sn, (unsigned long long) h);
}

/* A stored path of the source into its path below the output: a merge's paths stay as they
 * are (they already name their origin); a campaign's "findings/X" becomes
 * "findings/ORIGIN/X" (and "reduced/X" "reduced/ORIGIN/X"); an absolute path (a merge of an
 * older smtgrind) goes to "findings/legacy-HASH/NAME", HASH of its directory. A campaign that
 * is not a merge stores only paths inside its directory: an absolute one there is a damaged
 * row (it would bring a file from anywhere), refused. */
static bool
map_path (const char *rel, bool merged, const char *origin, char *out, size_t size)
{
  size_t n;
  /* A damaged source naming its own campaign.db, ../x or /etc/passwd must not be placed (a
   * hard link over the output's database, a file from outside). */
  if (rel[0] == '/' && !merged) return false;
  size_t rl = strlen (rel);
  bool bare = !merged && rl > 5 && !strchr (rel, '/') && rel[0] != '.'
              && (!strcmp (rel + rl - 5, ".smt2") || !strcmp (rel + rl - 5, ".json")); /* a finding's own name */
  if (rel[0] == '/' ? !sg_finding_legacy_path_ok (rel) : !sg_finding_path_ok (rel) && !bare) return false;
  if (rel[0] == '/')
    {
      const char *base = strrchr (rel, '/') + 1;
      char d[PATH_MAX];
      snprintf (d, sizeof d, "%.*s", (int) (base - rel), rel);
      bool red = strstr (rel, "/reduced/") != NULL;
      n = (size_t) snprintf (out, size, "%s/legacy-%016llx/%s", red ? "reduced" : "findings",
                             (unsigned long long) fnv64 (SG_HASH64_FNV_OFFSET, d), base);
    }
  else if (merged)
    n = (size_t) snprintf (out, size, "%s", rel);
  else
    {
      const char *slash = strchr (rel, '/');
      n = slash ? (size_t) snprintf (out, size, "%.*s/%s%s", (int) (slash - rel), rel, origin, slash)
                : (size_t) snprintf (out, size, "findings/%s/%s", origin, rel);
    }
  return n < size && !strstr (out, "/../") && strncmp (out, "../", 3);
}

/* The same file (device and inode)? */
static bool
same_file (const struct stat *a, const struct stat *b)
{
  return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* The bytes of the regular file src, the one lstat gave *ss, opened without following a
 * symbolic link (O_NOFOLLOW) or waiting on a FIFO. */
static sg_rc
read_nofollow (const char *src, const struct stat *ss, char **text, size_t *len)
{
  int fd = open (src, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return SG_RC_IO;
  struct stat fs;
  int e = fstat (fd, &fs) != 0 ? errno
          : !S_ISREG (fs.st_mode) || !same_file (&fs, ss) || fs.st_size < 0 ? EINVAL
          : (uint64_t) fs.st_size > ((uint64_t) 1 << 30) ? EFBIG : 0;
  if (e)
    {
      close (fd);
      errno = e;
      return SG_RC_IO;
    }
  size_t cap = (size_t) fs.st_size, n = 0;
  char *buf = malloc (cap + 1);
  if (!buf) { close (fd); errno = ENOMEM; return SG_RC_IO; }
  for (;;)
    {
      if (n == cap) break;
      ssize_t r = read (fd, buf + n, cap - n);
      if (r < 0 && errno == EINTR) continue;
      if (r < 0) { int e = errno; free (buf); close (fd); errno = e; return SG_RC_IO; }
      if (r == 0) break;
      n += (size_t) r;
    }
  close (fd);
  buf[n] = 0;
  *text = buf;
  *len = n;
  return SG_RC_OK;
}

/* src (a path) into dst_dir/rel: a hard link (or a copy where none can be made) through a
 * temporary name renamed into place. A file that is there with the same size is the same
 * finding file (they are written once, renamed into place): left as it is. src must be a
 * regular file itself: a symbolic link is refused (stat would follow it to a file from
 * anywhere, and link() would put the link itself into the relocatable output). */
static sg_rc
place (const char *src, const char *dst_dir, const char *rel, sg_merge_stats *st, char *err, size_t esize)
{
  char dst[PATH_MAX], tmp[PATH_MAX + 32];
  if ((size_t) snprintf (dst, sizeof dst, "%s/%s", dst_dir, rel) >= sizeof dst)
    { snprintf (err, esize, "%s/%s: path too long", dst_dir, rel); return SG_RC_IO; }
  struct stat ss, ds;
  if (lstat (src, &ss) != 0) { snprintf (err, esize, "%s: %s", src, strerror (errno)); return SG_RC_IO; }
  if (S_ISLNK (ss.st_mode))
    {
      snprintf (err, esize, "%s: not a regular file (a symbolic link: a finding's files are the campaign's own; put the"
                " file itself in its place)", src);
      return SG_RC_IO;
    }
  if (!S_ISREG (ss.st_mode)) { snprintf (err, esize, "%s: not a regular file", src); return SG_RC_IO; }
  if (lstat (dst, &ds) == 0 && S_ISREG (ds.st_mode) && ds.st_size == ss.st_size) return SG_RC_OK;
  char *slash = strrchr (dst, '/');
  *slash = 0;
  bool ok = sg_mkdir_p (dst);
  *slash = '/';
  if (!ok) { snprintf (err, esize, "cannot create the directory of %s: %s", dst, strerror (errno)); return SG_RC_IO; }
  snprintf (tmp, sizeof tmp, "%.*s/.%s.merge-%ld", (int) (slash - dst), dst, slash + 1, (long) getpid ());
  unlink (tmp);
  if (link (src, tmp) == 0)
    {
      /* link() does not follow a link: what it linked must be the file lstat saw (src
       * replaced by a symbolic link meanwhile is refused). */
      struct stat ts;
      if (lstat (tmp, &ts) != 0 || !S_ISREG (ts.st_mode) || !same_file (&ts, &ss))
        {
          unlink (tmp);
          snprintf (err, esize, "%s: not a regular file (replaced while merged)", src);
          return SG_RC_IO;
        }
      if (rename (tmp, dst) == 0) { st->linked++; return SG_RC_OK; }
      unlink (tmp);
    }
  char *text = NULL;
  size_t len = 0;
  if (read_nofollow (src, &ss, &text, &len))
    { snprintf (err, esize, "%s: cannot read: %s", src, strerror (errno)); return SG_RC_IO; }
  sg_rc rc = sg_file_write_atomic (dst, text, len, false);
  free (text);
  if (rc) { snprintf (err, esize, "cannot write %s: %s", dst, strerror (errno)); return rc; }
  st->copied++;
  return SG_RC_OK;
}

/* Does the directory of path (a file below dir) lie inside dir once symbolic links are
 * resolved? A directory that cannot be resolved (missing) is left to place() to say. */
static bool
inside (const char *dir, const char *path)
{
  char rd[PATH_MAX], rp[PATH_MAX], parent[PATH_MAX];
  snprintf (parent, sizeof parent, "%s", path);
  char *slash = strrchr (parent, '/');
  if (!slash) return true;
  *slash = 0;
  if (!realpath (dir, rd) || !realpath (parent, rp)) return true;
  size_t n = strlen (rd);
  if (n == 1) return true; /* "/" */
  return !strncmp (rp, rd, n) && (rp[n] == '/' || rp[n] == 0);
}

/* A stored path of the source (relative to src_dir, or absolute in an older merge) placed into
 * the output; its path there into out. row names the row and column for the errors
 * ("DIR/campaign.db: finding NAME (row ID), trigger"). */
static sg_rc
bring (const char *src_dir, const char *dst_dir, const char *stored, bool merged, const char *origin,
       const char *row, char *out, size_t size, sg_merge_stats *st, char *err, size_t esize)
{
  char from[PATH_MAX];
  if (!map_path (stored, merged, origin, out, size))
    {
      snprintf (err, esize, "%s: a stored path that cannot be placed: %s (%s; a damaged row: rebuild the database"
                " from the campaign's own finding files with: smtgrind bugs recover %s)", row, stored,
                stored[0] == '/' && !merged ? "an absolute path in a campaign that is not a merge: its files lie"
                                              " inside its directory"
                                            : "not a path below findings/ or reduced/",
                src_dir);
      return SG_RC_IO;
    }
  if ((size_t) (stored[0] == '/' ? snprintf (from, sizeof from, "%s", stored)
                                 : snprintf (from, sizeof from, "%s/%s", src_dir, stored)) >= sizeof from)
    { snprintf (err, esize, "%s: %s/%s: path too long", row, src_dir, stored); return SG_RC_IO; }
  if (stored[0] != '/' && !inside (src_dir, from))
    {
      snprintf (err, esize, "%s: %s: its directory lies outside %s (a symbolic link): a finding's files are the"
                " campaign's own", row, from, src_dir);
      return SG_RC_IO;
    }
  char why[PATH_MAX + 160];
  sg_rc rc = place (from, dst_dir, out, st, why, sizeof why);
  if (rc) snprintf (err, esize, "%s: %s", row, why);
  return rc;
}

/* The first entry of the directory dir other than campaign.lock (what a merge refused there
 * leaves) into name; false when there is none (or dir cannot be read: mkdir says why). */
static bool
foreign_entry (const char *dir, char *name, size_t size)
{
  DIR *d = opendir (dir);
  if (!d) return false;
  struct dirent *e;
  bool found = false;
  while (!found && (e = readdir (d)))
    if (strcmp (e->d_name, ".") && strcmp (e->d_name, "..") && strcmp (e->d_name, "campaign.lock"))
      {
        snprintf (name, size, "%s", e->d_name);
        found = true;
      }
  closedir (d);
  return found;
}

sg_rc
sg_merge_open (const char *dir, sg_db *db, int *lock, FILE *log)
{
  char path[PATH_MAX], why[512];
  struct stat stt;
  *lock = -1;
  /* Into a new directory, an empty one or a campaign (an earlier merge, checked below): never
   * among files that are not a campaign's. */
  if ((size_t) snprintf (path, sizeof path, "%s/campaign.db", dir) < sizeof path && stat (path, &stt) != 0
      && foreign_entry (dir, why, sizeof why))
    {
      fprintf (log, "smtgrind merge: error: %s holds files that are not a campaign's (%.200s, and no campaign.db):"
                    " merge into a new or empty directory, or into an earlier merge\n", dir, why);
      return SG_RC_USAGE;
    }
  if (!sg_mkdir_p (dir) || (size_t) snprintf (path, sizeof path, "%s/campaign.db", dir) >= sizeof path)
    {
      fprintf (log, "smtgrind merge: error: cannot create %s: %s\n", dir, strerror (errno));
      return SG_RC_IO;
    }
  bool fresh = stat (path, &stt) != 0;
  if (!fresh)
    {
      if (sg_db_open (db, path, false)) { fprintf (log, "smtgrind merge: error: %s\n", db->err); return SG_RC_IO; }
      if (!sg_db_check (db, why, sizeof why))
        {
          fprintf (log, "smtgrind merge: error: %s: damaged campaign database (%s)\n", path, why);
          sg_db_close (db);
          return SG_RC_IO;
        }
      char v[16];
      if (!has_table (db, "shards") && sg_db_meta_get (db, "merged_from", v, sizeof v))
        {
          fprintf (log, "smtgrind merge: error: %s holds a campaign that is not a merge: merge into another --out\n", dir);
          sg_db_close (db);
          return SG_RC_USAGE;
        }
      sg_db_close (db);
    }
  if ((*lock = sg_camp_lock (dir, "merge", log)) < 0) return SG_RC_USAGE;
  if (sg_db_open (db, path, true) || sg_db_exec (db, shards_schema)
      || (fresh && sg_db_meta_set (db, "version", SG_VERSION)))
    {
      fprintf (log, "smtgrind merge: error: %s\n", db->err);
      sg_db_close (db);
      close (*lock);
      return SG_RC_IO;
    }
  return SG_RC_OK;
}

/* The finding row st of the source (the query of merge_findings) into dst. */
static sg_rc
merge_one (sg_db *dst, sg_db *src, const char *dst_dir, const char *src_dir, sqlite3_stmt *st, bool merged,
           const char *origin, sg_merge_stats *ms, char *err, size_t esize)
{
  char trig[PATH_MAX], json[PATH_MAX], row[3][PATH_MAX + 160];
  static const char *const what[3] = { "trigger", "json", "its bucket's reduced trigger" };
  for (int k = 0; k < 3; k++)
    snprintf (row[k], sizeof row[k], "%s/campaign.db: finding %.200s (row %lld), %s", src_dir, col (st, 0),
              (long long) sqlite3_column_int64 (st, 26), what[k]);
  if (!map_path (col (st, 1), merged, origin, trig, sizeof trig))
    return bring (src_dir, dst_dir, col (st, 1), merged, origin, row[0], trig, sizeof trig, ms, err, esize);
  sqlite3_stmt *dup = q (dst, "SELECT f.bucket, b.reduce_state FROM findings f JOIN buckets b ON b.id = f.bucket"
                             " WHERE f.trigger = ?");
  if (!dup) { snprintf (err, esize, "%s", sqlite3_errmsg (sg_db_handle (dst))); return SG_RC_IO; }
  sqlite3_bind_text (dup, 1, trig, -1, SQLITE_TRANSIENT);
  bool known = sqlite3_step (dup) == SQLITE_ROW;
  int64_t had = known ? sqlite3_column_int64 (dup, 0) : 0;
  bool had_done = known && !strcmp (col (dup, 1), "done");
  sqlite3_finalize (dup);
  if (known)
    {
      ms->known++;
      /* A reduction the shard finished after an earlier merge (a late shard, a requeued task):
       * the merged bucket, still pending there, takes it. */
      if (!had_done && col (st, 23)[0] && !strcmp (col (st, 22), "done"))
        {
          char red[PATH_MAX];
          if (bring (src_dir, dst_dir, col (st, 23), merged, origin, row[2], red, sizeof red, ms, err, esize)) return SG_RC_IO;
          if (sg_db_reduce_done (dst, had, "done", red, col (st, 25), col (st, 24)[0] ? col (st, 24) : NULL)
              || sg_db_triage_copy (dst, had, src, sqlite3_column_int64 (st, 27)))
            { snprintf (err, esize, "%s", dst->err); return SG_RC_IO; }
          ms->reductions++;
        }
      /* A triage the shard stored since an earlier merge: taken where there is none. */
      else if (had_done && sqlite3_column_int (st, 21) && sg_db_triage_copy (dst, had, src, sqlite3_column_int64 (st, 27)))
        { snprintf (err, esize, "%s", dst->err); return SG_RC_IO; }
      return SG_RC_OK;
    }
  /* The files first, then the row (a finding is in a database only after its files exist). */
  sg_rc rc = bring (src_dir, dst_dir, col (st, 1), merged, origin, row[0], trig, sizeof trig, ms, err, esize);
  if (!rc) rc = bring (src_dir, dst_dir, col (st, 2), merged, origin, row[1], json, sizeof json, ms, err, esize);
  if (rc) return rc;
  sg_db_finding f;
  memset (&f, 0, sizeof f);
  f.name = col (st, 0);
  f.trigger = trig;
  f.json = json;
  f.kind = col (st, 3);
  f.solver = col (st, 4);
  f.version = col (st, 5);
  f.solvers = col (st, 6);
  f.logic = col (st, 7);
  f.technique = col (st, 8);
  f.seed1 = col (st, 9);
  f.seed2 = col (st, 10)[0] ? col (st, 10) : NULL;
  f.rng_seed = strtoull (col (st, 11), NULL, 10);
  f.worker = (uint32_t) sqlite3_column_int64 (st, 12);
  f.slice = (uint32_t) sqlite3_column_int64 (st, 13);
  f.mutant = (uint64_t) sqlite3_column_int64 (st, 14);
  f.step = (uint32_t) sqlite3_column_int64 (st, 15);
  f.found_at = sqlite3_column_double (st, 16);
  f.elapsed = sqlite3_column_double (st, 17);
  f.signature = col (st, 18);
  f.why = col (st, 19);
  f.key = col (st, 20);
  int64_t bucket;
  bool fresh;
  /* A finding whose bucket the source lost (a damaged row) is merged all the same: its key
   * places it, its bucket there waits for a reduction. */
  if (sg_db_add_finding (dst, &f, col (st, 22)[0] ? col (st, 22) : "pending", &bucket, &fresh))
    { snprintf (err, esize, "%s", dst->err); return SG_RC_IO; }
  ms->added++;
  if (fresh && col (st, 23)[0])
    {
      /* The source bucket's reduced trigger stands for every finding in it: recorded as the
       * reducer records it, so buckets with that reduced key, of any shard, are one bucket. */
      char red[PATH_MAX];
      if (bring (src_dir, dst_dir, col (st, 23), merged, origin, row[2], red, sizeof red, ms, err, esize)) return SG_RC_IO;
      /* Its triage too (of that reduced trigger, that kind and solver): carried with it. */
      if (sg_db_reduce_done (dst, bucket, col (st, 22)[0] ? col (st, 22) : "done", red, col (st, 25),
                             col (st, 24)[0] ? col (st, 24) : NULL)
          || sg_db_triage_copy (dst, bucket, src, sqlite3_column_int64 (st, 27)))
        { snprintf (err, esize, "%s", dst->err); return SG_RC_IO; }
    }
  else if (fresh && !sqlite3_column_int (st, 21))
    {
      /* Its bucket's first finding was not this one (merged earlier elsewhere): reduce again. */
      sqlite3_stmt *u = q (dst, "UPDATE buckets SET reduce_state = 'pending' WHERE id = ? AND reduce_state = 'done'");
      if (u) { sqlite3_bind_int64 (u, 1, bucket); sqlite3_step (u); sqlite3_finalize (u); }
    }
  return SG_RC_OK;
}

/* The slices' SQL of a merge: a slice's own columns, then the stored counters (the rows of
 * loop/counters.def whose DB is SLICE or PLOT). */
#define SLICE_OWN "worker, slice, engine, rng_seed, chain0, chains, started, state"
static const char SLICES_OF[] = "SELECT " SLICE_OWN
#define SG_COUNTER(name, how, db, col, ...) SG_COUNTER_IN_DB (db, ", " col)
#include "loop/counters.def"
#undef SG_COUNTER
  " FROM slices ORDER BY worker, slice";
/* only by a state further on: more mutants or calls, or as many and the row there still
 * 'running' (merging an older copy of a shard lowers nothing, nor undoes a slice's end); the
 * parameters are named as the columns of SLICES_OF they take (":mutants") */
static const char SLICE_UPDATE[] = "UPDATE slices SET state = :state"
#define SG_COUNTER(name, how, db, col, ...) SG_COUNTER_IN_DB (db, ", " col " = :" col)
#include "loop/counters.def"
#undef SG_COUNTER
  " WHERE rng_seed = :rng_seed AND (mutants < :mutants OR calls < :calls"
  " OR (mutants = :mutants AND calls = :calls AND state = 'running'))";
static const char SLICE_INSERT[] = "INSERT INTO slices (" SLICE_OWN
#define SG_COUNTER(name, how, db, col, ...) SG_COUNTER_IN_DB (db, ", " col)
#include "loop/counters.def"
#undef SG_COUNTER
  ") VALUES (?, ?, ?, ?, ?, ?, ?, ?"
#define SG_COUNTER(name, how, db, col, ...) SG_COUNTER_IN_DB (db, ", ?")
#include "loop/counters.def"
#undef SG_COUNTER
  ")";

/* The work counters: a slice is known by its rng seed (unique across shards: the shard is
 * mixed in); a known one is updated (a shard that went on since), a new one gets a worker
 * number after those there. */
static void
merge_slices (sg_db *dst, sg_db *src, sg_merge_stats *ms)
{
  sqlite3_stmt *sl = q (src, SLICES_OF);
  sqlite3_stmt *upd = q (dst, SLICE_UPDATE);
  sqlite3_stmt *has = q (dst, "SELECT 1 FROM slices WHERE rng_seed = ?");
  sqlite3_stmt *ins = q (dst, SLICE_INSERT);
  int ncols = sl ? sqlite3_column_count (sl) : 0;
  int64_t base = 0;
  sqlite3_stmt *m = q (dst, "SELECT COALESCE (MAX (worker) + 1, 0) FROM slices");
  if (m && sqlite3_step (m) == SQLITE_ROW) base = sqlite3_column_int64 (m, 0);
  sqlite3_finalize (m);
  sg_db_exec (dst, "BEGIN");
  while (sl && upd && has && ins && sqlite3_step (sl) == SQLITE_ROW)
    {
      sqlite3_reset (upd);
      for (int k = 0; k < ncols; k++)
        {
          char param[64];
          snprintf (param, sizeof param, ":%s", sqlite3_column_name (sl, k));
          int at = sqlite3_bind_parameter_index (upd, param);
          if (at) sqlite3_bind_value (upd, at, sqlite3_column_value (sl, k));
        }
      if (sqlite3_step (upd) == SQLITE_DONE && sqlite3_changes (sg_db_handle (dst)) > 0) continue;
      sqlite3_reset (has);
      sqlite3_bind_value (has, 1, sqlite3_column_value (sl, 3));
      if (has && sqlite3_step (has) == SQLITE_ROW) continue; /* there, and further on */
      /* Worker numbers no campaign has (a damaged row) are left out: base + worker must not
       * overflow. */
      int64_t w = sqlite3_column_int64 (sl, 0);
      if (base < 0 || base > ((int64_t) 1 << 40) || w < 0 || w > ((int64_t) 1 << 40))
        {
          ms->slices_skipped++;
          continue;
        }
      sqlite3_reset (ins);
      sqlite3_bind_int64 (ins, 1, base + w);
      for (int k = 1; k < ncols; k++) sqlite3_bind_value (ins, k + 1, sqlite3_column_value (sl, k));
      sqlite3_step (ins);
    }
  sg_db_exec (dst, "COMMIT");
  sqlite3_finalize (has);
  sqlite3_finalize (ins);
  sqlite3_finalize (upd);
  sqlite3_finalize (sl);
}

/* The source's rows of `shards` (a merge's), or its own row (a campaign's). A row is replaced
 * only by one with at least as many findings (a newer state of the same shard). */
static void
merge_shard_rows (sg_db *dst, sg_db *src, const char *src_dir, bool merged, const char *origin,
                  const char *shard)
{
  static const char *const up =
    "INSERT INTO shards (origin, shard, solver_versions, source, findings, elapsed) VALUES (?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (origin) DO UPDATE SET shard = excluded.shard, solver_versions = excluded.solver_versions,"
    " source = excluded.source, findings = excluded.findings, elapsed = excluded.elapsed"
    " WHERE excluded.findings >= shards.findings";
  sqlite3_stmt *ins = q (dst, up);
  if (!ins) return;
  if (merged)
    {
      sqlite3_stmt *rows = q (src, "SELECT origin, shard, solver_versions, source, findings, elapsed FROM shards");
      while (rows && sqlite3_step (rows) == SQLITE_ROW)
        {
          sqlite3_reset (ins);
          for (int k = 0; k < 6; k++) sqlite3_bind_value (ins, k + 1, sqlite3_column_value (rows, k));
          sqlite3_step (ins);
        }
      sqlite3_finalize (rows);
    }
  else
    {
      char versions[1024], el[64], real[PATH_MAX];
      uint64_t nf = 0;
      sg_db_meta_get (src, "solver_versions", versions, sizeof versions);
      sg_db_meta_get (src, "elapsed", el, sizeof el);
      sg_db_count (src, "findings", &nf);
      sqlite3_bind_text (ins, 1, origin, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (ins, 2, shard, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (ins, 3, versions, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (ins, 4, realpath (src_dir, real) ? real : src_dir, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (ins, 5, (sqlite3_int64) nf);
      sqlite3_bind_double (ins, 6, strtod (el, NULL));
      sqlite3_step (ins);
    }
  sqlite3_finalize (ins);
}

/* Settings of the first source (only where the output has none), and the longest campaign
 * time. */
static void
merge_meta (sg_db *dst, sg_db *src)
{
  static const char *const copy[] = { "engines", "seed", "timeout", "inputs", "started", NULL };
  char v[8192], have[64];
  for (int k = 0; copy[k]; k++)
    if (sg_db_meta_get (dst, copy[k], have, sizeof have) && !sg_db_meta_get (src, copy[k], v, sizeof v))
      sg_db_meta_set (dst, copy[k], v);
  double e0 = 0, e1 = 0;
  if (!sg_db_meta_get (dst, "elapsed", v, sizeof v)) e0 = strtod (v, NULL);
  if (!sg_db_meta_get (src, "elapsed", v, sizeof v)) e1 = strtod (v, NULL);
  if (e1 > e0 || !e0)
    {
      snprintf (v, sizeof v, "%.1f", e1 > e0 ? e1 : e0);
      sg_db_meta_set (dst, "elapsed", v);
    }
}

sg_rc
sg_merge_campaign (sg_db *dst, const char *dst_dir, const char *src_dir, sg_merge_stats *ms, char *err,
                   size_t esize)
{
  char path[PATH_MAX], why[512];
  snprintf (path, sizeof path, "%s/campaign.db", src_dir);
  sg_db src;
  if (sg_db_open (&src, path, false)) { snprintf (err, esize, "%s", src.err); return SG_RC_IO; }
  if (!sg_db_check (&src, why, sizeof why))
    {
      snprintf (err, esize, "%s: damaged campaign database (%s)", path, why);
      sg_db_close (&src);
      return SG_RC_IO;
    }
  bool merged = has_table (&src, "shards");
  char origin[64] = "", shard[32] = "";
  if (!merged) origin_of (&src, origin, sizeof origin, shard, sizeof shard);
  sqlite3_stmt *st = q (&src, "SELECT f.name, f.trigger, f.json, f.kind, f.solver, f.version, f.solvers,"
                              " f.logic, f.technique, f.seed1, f.seed2, f.rng_seed, f.worker, f.slice,"
                              " f.mutant, f.step, f.found_at, f.elapsed, f.signature, f.why, f.key,"
                              " b.first_finding = f.id, b.reduce_state, b.reduced_trigger, b.reduced_key,"
                              " b.reduce_note, f.id, f.bucket FROM findings f LEFT JOIN buckets b ON b.id = f.bucket"
                              " ORDER BY f.found_at, f.id");
  if (!st) { snprintf (err, esize, "%s: not a campaign database", path); sg_db_close (&src); return SG_RC_IO; }
  sg_rc rc = SG_RC_OK;
  while (!rc && sqlite3_step (st) == SQLITE_ROW)
    rc = merge_one (dst, &src, dst_dir, src_dir, st, merged, origin, ms, err, esize);
  sqlite3_finalize (st);
  if (!rc)
    {
      merge_slices (dst, &src, ms);
      merge_shard_rows (dst, &src, src_dir, merged, origin, shard);
      merge_meta (dst, &src);
    }
  sg_db_close (&src);
  return rc;
}

uint32_t
sg_merge_versions (sg_db *db, FILE *log)
{
  sqlite3_stmt *st = q (db, "SELECT origin, shard, solver_versions, source FROM shards ORDER BY shard, origin");
  sg_buf from, first;
  sg_buf_init (&from);
  sg_buf_init (&first);
  uint32_t differ = 0, n = 0;
  char fshard[32] = "", fdesc[PATH_MAX + 128] = "";
  while (st && sqlite3_step (st) == SQLITE_ROW)
    {
      sg_buf_printf (&from, "%s%s (shard %s, %s)", n ? "\n" : "", col (st, 3), col (st, 1), col (st, 0));
      if (!n++)
        {
          sg_buf_adds (&first, col (st, 2));
          snprintf (fshard, sizeof fshard, "%s", col (st, 1));
          snprintf (fdesc, sizeof fdesc, "%s, from %s", col (st, 0), col (st, 3));
          continue;
        }
      if (strcmp (col (st, 2), sg_buf_cstr (&first)))
        {
          if (!differ)
            fprintf (log, "smtgrind merge: warning: solver versions differ between shards: shard %s (%s) has \"%s\"\n",
                     fshard, fdesc, sg_buf_cstr (&first));
          fprintf (log, "smtgrind merge: warning: shard %s (%s, from %s) has \"%s\"\n", col (st, 1), col (st, 0),
                   col (st, 3), col (st, 2));
          differ++;
        }
    }
  sqlite3_finalize (st);
  sg_db_meta_set (db, "merged_from", sg_buf_cstr (&from));
  if (differ)
    {
      sg_buf v;
      sg_buf_init (&v);
      sg_buf_printf (&v, "differ between shards (%u of %u differ from shard %s: %s); see the table shards",
                     differ, n, fshard, sg_buf_cstr (&first));
      sg_db_meta_set (db, "solver_versions", sg_buf_cstr (&v));
      sg_buf_free (&v);
    }
  else if (n)
    sg_db_meta_set (db, "solver_versions", sg_buf_cstr (&first));
  sg_buf_free (&from);
  sg_buf_free (&first);
  return differ;
}
