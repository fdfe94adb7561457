/* db: schema, findings and buckets in transactions, slices, stats, the reduction queue. */
#include "campaign/db.h"

#include <assert.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* The triage of buckets (`smtgrind triage`, a campaign's background triage): a table an older
 * smtgrind did not make. A campaign or a merge (opened with create) gets it with the rest of the
 * schema, sg_db_triage_put makes it before its first row; readers take a database without it
 * as one without triage, and sg_db_check checks its columns only where it is. */
#define TRIAGE_SCHEMA \
  "CREATE TABLE IF NOT EXISTS triage (bucket INTEGER PRIMARY KEY, family TEXT NOT NULL," \
  " outcome TEXT NOT NULL, newest TEXT, open_in_newest INTEGER NOT NULL DEFAULT 0, first_bad TEXT," \
  " last_bad TEXT, fixed_in TEXT, tests INTEGER NOT NULL DEFAULT 0," \
  " versions_json TEXT NOT NULL DEFAULT '{}', note TEXT NOT NULL DEFAULT '', at REAL NOT NULL);"

static const char *schema =
  "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
  "CREATE TABLE IF NOT EXISTS slices (worker INTEGER NOT NULL, slice INTEGER NOT NULL,"
  " engine TEXT NOT NULL, rng_seed TEXT NOT NULL, chain0 INTEGER NOT NULL, chains INTEGER NOT NULL,"
  " started REAL NOT NULL, state TEXT NOT NULL DEFAULT 'running',"
  /* the stored counters (loop/counters.def): " mutants INTEGER DEFAULT 0," ... */
#define SG_COUNTER(name, how, db, col, ...) SG_COUNTER_IN_DB (db, " " col " INTEGER DEFAULT 0,")
#include "loop/counters.def"
#undef SG_COUNTER
  " PRIMARY KEY (worker, slice));"
  "CREATE TABLE IF NOT EXISTS buckets (id INTEGER PRIMARY KEY, kind TEXT NOT NULL,"
  " solver TEXT NOT NULL, logic TEXT NOT NULL, signature TEXT NOT NULL, key TEXT NOT NULL,"
  " first_finding INTEGER, first_trigger TEXT NOT NULL, first_json TEXT NOT NULL,"
  " reduced_trigger TEXT, reduced_key TEXT, count INTEGER NOT NULL DEFAULT 0,"
  " created REAL NOT NULL, created_elapsed REAL NOT NULL, version TEXT NOT NULL DEFAULT '',"
  " reduce_state TEXT NOT NULL DEFAULT 'pending', reduce_note TEXT NOT NULL DEFAULT '',"
  " merged_into INTEGER);"
  "CREATE TABLE IF NOT EXISTS bucket_keys (key TEXT PRIMARY KEY, bucket INTEGER NOT NULL);"
  "CREATE TABLE IF NOT EXISTS findings (id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
  " trigger TEXT NOT NULL UNIQUE, json TEXT NOT NULL, kind TEXT NOT NULL, solver TEXT NOT NULL,"
  " version TEXT NOT NULL, solvers TEXT NOT NULL, logic TEXT NOT NULL, technique TEXT NOT NULL,"
  " seed1 TEXT, seed2 TEXT, rng_seed TEXT NOT NULL, worker INTEGER, slice INTEGER,"
  " mutant INTEGER, step INTEGER, found_at REAL NOT NULL, elapsed REAL NOT NULL,"
  " signature TEXT NOT NULL, why TEXT NOT NULL, key TEXT NOT NULL,"
  " bucket INTEGER NOT NULL REFERENCES buckets (id));"
  "CREATE INDEX IF NOT EXISTS findings_bucket ON findings (bucket);"
  "CREATE TABLE IF NOT EXISTS stats (id INTEGER PRIMARY KEY, t REAL NOT NULL,"
  " elapsed REAL NOT NULL,"
  /* the plotted counters (loop/counters.def): " mutants INTEGER," ... */
#define SG_COUNTER(name, how, db, col, ...) SG_COUNTER_IN_PLOT (db, " " col " INTEGER,")
#include "loop/counters.def"
#undef SG_COUNTER
  " findings INTEGER, buckets INTEGER);"
  TRIAGE_SCHEMA;

static sg_rc
fail (sg_db *db, const char *what)
{
  snprintf (db->err, sizeof db->err, "%s: %s", what, db->h ? sqlite3_errmsg (db->h) : "no database");
  return SG_RC_IO;
}

sqlite3 *
sg_db_handle (sg_db *db)
{
  return db->h;
}

sg_rc
sg_db_exec (sg_db *db, const char *sql)
{
  char *msg = NULL;
  assert (db->h && sql); /* an open connection */
  if (sqlite3_exec (db->h, sql, NULL, NULL, &msg) != SQLITE_OK)
    {
      snprintf (db->err, sizeof db->err, "%s", msg ? msg : "sqlite error");
      sqlite3_free (msg);
      return SG_RC_IO;
    }
  return SG_RC_OK;
}

/* Does the open database have our table 'meta'? false with db->err said otherwise (a file
 * that is no database at all included). Reads only. */
static bool
has_meta (sg_db *db)
{
  sqlite3_stmt *st = NULL;
  bool ok = false;
  if (sqlite3_prepare_v2 (db->h, "SELECT COUNT (*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
                          -1, &st, NULL) != SQLITE_OK)
    {
      snprintf (db->err, sizeof db->err, "%s", sqlite3_errmsg (db->h));
      return false;
    }
  int r = sqlite3_step (st);
  if (r == SQLITE_ROW) ok = sqlite3_column_int64 (st, 0) > 0;
  if (r != SQLITE_ROW)
    snprintf (db->err, sizeof db->err, "%s", sqlite3_errmsg (db->h));
  else if (!ok)
    snprintf (db->err, sizeof db->err, "no table 'meta' (a foreign or damaged database, left as it is)");
  sqlite3_finalize (st);
  return ok;
}

/* Close db after a failure, its message prefixed with path. */
static sg_rc
open_failed (sg_db *db, const char *path)
{
  char e[sizeof db->err];
  memcpy (e, db->err, sizeof e);
  sg_db_close (db);
  if ((size_t) snprintf (db->err, sizeof db->err, "%s: %s", path, e) >= sizeof db->err)
    db->err[sizeof db->err - 1] = 0;
  return SG_RC_IO;
}

sg_rc
sg_db_open (sg_db *db, const char *path, bool create)
{
  memset (db, 0, sizeof *db);
  /* An existing database of 0 bytes (a damaged campaign's): SQLite would take it for a new one
   * and write a header into it (journal_mode), destroying what shows the damage. */
  struct stat st;
  bool exists = stat (path, &st) == 0;
  /* A file of 0 bytes is new for `create` (SQLite writes its header), never for a reader. */
  bool new_file = !exists || (create && S_ISREG (st.st_mode) && st.st_size == 0);
  if (!create && exists && S_ISREG (st.st_mode) && st.st_size == 0)
    {
      snprintf (db->err, sizeof db->err, "%s: an empty file, not a database", path);
      return SG_RC_IO;
    }
  int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2 (path, &db->h, flags, NULL) != SQLITE_OK)
    {
      fail (db, path);
      sqlite3_close (db->h);
      db->h = NULL;
      return SG_RC_IO;
    }
  sqlite3_busy_timeout (db->h, 30000);
  /* An existing file that holds no campaign (no table 'meta': a foreign SQLite database, or
   * ours damaged) is refused before anything writes to it: journal_mode=WAL below rewrites a
   * database's header, and the schema would add our tables to someone else's file. */
  if (!new_file && !has_meta (db)) return open_failed (db, path);
  /* WAL: readers never block the writer; synchronous=FULL: a committed finding survives a
   * power cut too (findings are rare, the cost does not matter). */
  if (sg_db_exec (db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;")
      || (create && sg_db_exec (db, schema)))
    return open_failed (db, path);
  return SG_RC_OK;
}

const char *
sg_db_err_unprefixed (const sg_db *db, const char *path)
{
  size_t n = strlen (path);
  return !strncmp (db->err, path, n) && db->err[n] == ':' && db->err[n + 1] == ' ' ? db->err + n + 2 : db->err;
}

/* Every column the schema gives each of `tables` is in db's table too (the schema built in a
 * database in memory is the reference, so no list of columns is kept by hand): a table
 * recreated or altered without one would fail every query that needs it. */
static bool
columns_ok (sg_db *db, const char *const *tables, size_t n, char *why, size_t size)
{
  sqlite3 *ref = NULL;
  sqlite3_stmt *rc = NULL, *hc = NULL;
  bool ok = sqlite3_open_v2 (":memory:", &ref, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK
            && sqlite3_exec (ref, schema, NULL, NULL, NULL) == SQLITE_OK
            && sqlite3_prepare_v2 (ref, "SELECT name FROM pragma_table_info (?)", -1, &rc, NULL) == SQLITE_OK
            && sqlite3_prepare_v2 (db->h, "SELECT 1 FROM pragma_table_info (?) WHERE name = ?", -1, &hc, NULL) == SQLITE_OK;
  if (!ok) snprintf (why, size, "schema: %s", ref ? sqlite3_errmsg (ref) : "out of memory");
  for (size_t i = 0; ok && i < n; i++)
    {
      sqlite3_reset (rc);
      sqlite3_bind_text (rc, 1, tables[i], -1, SQLITE_STATIC);
      while (ok && sqlite3_step (rc) == SQLITE_ROW)
        {
          const char *col = (const char *) sqlite3_column_text (rc, 0);
          sqlite3_reset (hc);
          sqlite3_bind_text (hc, 1, tables[i], -1, SQLITE_STATIC);
          sqlite3_bind_text (hc, 2, col ? col : "", -1, SQLITE_TRANSIENT);
          if (sqlite3_step (hc) != SQLITE_ROW)
            {
              snprintf (why, size, "table '%s' has no column '%s'", tables[i], col ? col : "");
              ok = false;
            }
        }
    }
  sqlite3_finalize (rc);
  sqlite3_finalize (hc);
  sqlite3_close (ref);
  return ok;
}

bool
sg_db_check (sg_db *db, char *why, size_t size)
{
  why[0] = 0;
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2 (db->h, "PRAGMA quick_check", -1, &st, NULL) != SQLITE_OK)
    {
      snprintf (why, size, "quick_check: %s", sqlite3_errmsg (db->h));
      return false;
    }
  int r;
  while ((r = sqlite3_step (st)) == SQLITE_ROW)
    {
      const unsigned char *t = sqlite3_column_text (st, 0);
      if (t && strcmp ((const char *) t, "ok"))
        {
          snprintf (why, size, "quick_check: %s", (const char *) t);
          break;
        }
    }
  if (r != SQLITE_ROW && r != SQLITE_DONE && !why[0])
    snprintf (why, size, "quick_check: %s", sqlite3_errmsg (db->h));
  sqlite3_finalize (st);
  if (why[0]) return false;
  /* The schema: every table of a campaign, and settings in meta. */
  static const char *const tables[] = { "meta", "slices", "buckets", "bucket_keys", "findings", "stats" };
  for (size_t i = 0; i < sizeof tables / sizeof *tables; i++)
    {
      char sql[128];
      snprintf (sql, sizeof sql, "SELECT COUNT (*) FROM sqlite_master WHERE type = 'table' AND name = '%s'", tables[i]);
      uint64_t n = 0;
      if (sqlite3_prepare_v2 (db->h, sql, -1, &st, NULL) != SQLITE_OK) { snprintf (why, size, "schema: %s", sqlite3_errmsg (db->h)); return false; }
      if (sqlite3_step (st) == SQLITE_ROW) n = (uint64_t) sqlite3_column_int64 (st, 0);
      sqlite3_finalize (st);
      if (!n)
        {
          snprintf (why, size, "no table '%s' (an empty or foreign database)", tables[i]);
          return false;
        }
    }
  uint64_t nm = 0;
  if (sqlite3_prepare_v2 (db->h, "SELECT COUNT (*) FROM meta", -1, &st, NULL) == SQLITE_OK)
    {
      if (sqlite3_step (st) == SQLITE_ROW) nm = (uint64_t) sqlite3_column_int64 (st, 0);
      sqlite3_finalize (st);
    }
  if (!nm)
    {
      snprintf (why, size, "no settings in table 'meta'");
      return false;
    }
  if (!columns_ok (db, tables, sizeof tables / sizeof *tables, why, size)) return false;
  static const char *const triage[] = { "triage" }; /* only where it is (an older database has none) */
  return !sg_db_has_table (db, "triage") || columns_ok (db, triage, 1, why, size);
}

bool
sg_db_has_table (sg_db *db, const char *name)
{
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2 (db->h, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", -1, &st, NULL)
      != SQLITE_OK)
    return false;
  sqlite3_bind_text (st, 1, name, -1, SQLITE_TRANSIENT);
  bool yes = sqlite3_step (st) == SQLITE_ROW;
  sqlite3_finalize (st);
  return yes;
}

void
sg_db_close (sg_db *db)
{
  if (db->h) sqlite3_close (db->h);
  db->h = NULL;
}

static sqlite3_stmt *
prep (sg_db *db, const char *sql)
{
  sqlite3_stmt *st = NULL;
  assert (db->h && sql);
  if (sqlite3_prepare_v2 (db->h, sql, -1, &st, NULL) != SQLITE_OK) { fail (db, "prepare"); return NULL; }
  assert (st); /* our statements are never empty */
  return st;
}

static void
btext (sqlite3_stmt *st, int i, const char *s)
{
  if (s) sqlite3_bind_text (st, i, s, -1, SQLITE_TRANSIENT);
  else sqlite3_bind_null (st, i);
}

/* Step a statement that returns no rows (or ignores them), then finalize it. */
static sg_rc
done (sg_db *db, sqlite3_stmt *st, const char *what)
{
  if (!st) return SG_RC_IO;
  int r = sqlite3_step (st);
  sqlite3_finalize (st);
  return r == SQLITE_DONE || r == SQLITE_ROW ? SG_RC_OK : fail (db, what);
}

sg_rc
sg_db_meta_set (sg_db *db, const char *key, const char *value)
{
  sqlite3_stmt *st = prep (db, "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");
  if (!st) return SG_RC_IO;
  btext (st, 1, key);
  btext (st, 2, value);
  return done (db, st, "meta");
}

sg_rc
sg_db_meta_get (sg_db *db, const char *key, char *out, size_t size)
{
  out[0] = 0;
  sqlite3_stmt *st = prep (db, "SELECT value FROM meta WHERE key = ?");
  if (!st) return SG_RC_IO;
  btext (st, 1, key);
  sg_rc rc = SG_RC_EOF;
  int r = sqlite3_step (st);
  if (r == SQLITE_ROW)
    {
      snprintf (out, size, "%s", (const char *) sqlite3_column_text (st, 0));
      rc = SG_RC_OK;
    }
  else if (r != SQLITE_DONE) rc = fail (db, "meta");
  sqlite3_finalize (st);
  return rc;
}

static sg_rc
rollback (sg_db *db, sg_rc rc)
{
  char e[256];
  snprintf (e, sizeof e, "%s", db->err);
  sqlite3_exec (db->h, "ROLLBACK", NULL, NULL, NULL);
  snprintf (db->err, sizeof db->err, "%s", e);
  return rc;
}

static sg_rc one_u64 (sg_db *db, sqlite3_stmt *st, uint64_t *out);

/* BEGIN IMMEDIATE. Transactions here never nest: each one commits or rolls back before its
 * function returns. */
static sg_rc
begin (sg_db *db)
{
  assert (db->h && sqlite3_get_autocommit (db->h)); /* no transaction open */
  if (sg_db_exec (db, "BEGIN IMMEDIATE")) return SG_RC_IO;
  assert (!sqlite3_get_autocommit (db->h));
  return SG_RC_OK;
}

/* COMMIT the transaction begin() opened (rolled back when the commit fails). */
static sg_rc
commit (sg_db *db)
{
  assert (!sqlite3_get_autocommit (db->h));
  if (sg_db_exec (db, "COMMIT")) return rollback (db, SG_RC_IO);
  assert (sqlite3_get_autocommit (db->h));
  return SG_RC_OK;
}

sg_rc
sg_db_add_finding (sg_db *db, const sg_db_finding *f, const char *initial_state, int64_t *bucket,
                   bool *is_new)
{
  *bucket = 0;
  *is_new = false;
  if (begin (db)) return SG_RC_IO;
  sqlite3_stmt *st = prep (db, "SELECT bucket FROM bucket_keys WHERE key = ?");
  if (!st) return rollback (db, SG_RC_IO);
  btext (st, 1, f->key);
  int r = sqlite3_step (st);
  if (r == SQLITE_ROW) *bucket = sqlite3_column_int64 (st, 0);
  sqlite3_finalize (st);
  if (r != SQLITE_ROW && r != SQLITE_DONE) return rollback (db, fail (db, "bucket lookup"));
  if (!*bucket)
    {
      /* The finding's own trigger has the shape of a bucket's reduced trigger: that bucket. */
      uint64_t red = 0;
      st = prep (db, "SELECT id FROM buckets WHERE reduced_key = ? AND merged_into IS NULL"
                     " ORDER BY id LIMIT 1");
      if (st) btext (st, 1, f->key);
      if (one_u64 (db, st, &red)) return rollback (db, SG_RC_IO);
      if (red)
        {
          *bucket = (int64_t) red;
          st = prep (db, "INSERT INTO bucket_keys (key, bucket) VALUES (?, ?)");
          if (!st) return rollback (db, SG_RC_IO);
          btext (st, 1, f->key);
          sqlite3_bind_int64 (st, 2, *bucket);
          if (done (db, st, "bucket key")) return rollback (db, SG_RC_IO);
        }
    }
  if (!*bucket)
    {
      st = prep (db, "INSERT INTO buckets (kind, solver, logic, signature, key, first_trigger,"
                     " first_json, created, created_elapsed, version, reduce_state)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
      if (!st) return rollback (db, SG_RC_IO);
      btext (st, 1, f->kind);
      btext (st, 2, f->solver);
      btext (st, 3, f->logic ? f->logic : "-");
      btext (st, 4, f->signature ? f->signature : "");
      btext (st, 5, f->key);
      btext (st, 6, f->trigger);
      btext (st, 7, f->json);
      sqlite3_bind_double (st, 8, f->found_at);
      sqlite3_bind_double (st, 9, f->elapsed);
      btext (st, 10, f->version ? f->version : "");
      btext (st, 11, initial_state ? initial_state : "pending");
      if (done (db, st, "bucket insert")) return rollback (db, SG_RC_IO);
      *bucket = sqlite3_last_insert_rowid (db->h);
      *is_new = true;
      st = prep (db, "INSERT INTO bucket_keys (key, bucket) VALUES (?, ?)");
      if (!st) return rollback (db, SG_RC_IO);
      btext (st, 1, f->key);
      sqlite3_bind_int64 (st, 2, *bucket);
      if (done (db, st, "bucket key")) return rollback (db, SG_RC_IO);
    }
  st = prep (db, "INSERT INTO findings (name, trigger, json, kind, solver, version, solvers, logic,"
                 " technique, seed1, seed2, rng_seed, worker, slice, mutant, step, found_at, elapsed,"
                 " signature, why, key, bucket) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
  if (!st) return rollback (db, SG_RC_IO);
  char rs[32];
  snprintf (rs, sizeof rs, "%llu", (unsigned long long) f->rng_seed);
  btext (st, 1, f->name);
  btext (st, 2, f->trigger);
  btext (st, 3, f->json);
  btext (st, 4, f->kind);
  btext (st, 5, f->solver);
  btext (st, 6, f->version ? f->version : "");
  btext (st, 7, f->solvers ? f->solvers : "");
  btext (st, 8, f->logic ? f->logic : "-");
  btext (st, 9, f->technique ? f->technique : "");
  btext (st, 10, f->seed1);
  btext (st, 11, f->seed2);
  btext (st, 12, rs);
  sqlite3_bind_int64 (st, 13, f->worker);
  sqlite3_bind_int64 (st, 14, f->slice);
  sqlite3_bind_int64 (st, 15, (sqlite3_int64) f->mutant);
  sqlite3_bind_int64 (st, 16, f->step);
  sqlite3_bind_double (st, 17, f->found_at);
  sqlite3_bind_double (st, 18, f->elapsed);
  btext (st, 19, f->signature ? f->signature : "");
  btext (st, 20, f->why ? f->why : "");
  btext (st, 21, f->key);
  sqlite3_bind_int64 (st, 22, *bucket);
  if (done (db, st, "finding insert")) return rollback (db, SG_RC_IO);
  int64_t fid = sqlite3_last_insert_rowid (db->h);
  st = prep (db, "UPDATE buckets SET count = count + 1,"
                 " first_finding = COALESCE (first_finding, ?) WHERE id = ?");
  if (!st) return rollback (db, SG_RC_IO);
  sqlite3_bind_int64 (st, 1, fid);
  sqlite3_bind_int64 (st, 2, *bucket);
  if (done (db, st, "bucket count")) return rollback (db, SG_RC_IO);
  assert (*bucket > 0); /* a finding always lands in a bucket */
  return commit (db);
}

sg_rc
sg_db_slice_begin (sg_db *db, uint32_t worker, uint32_t slice, const char *engine,
                   uint64_t rng_seed, uint64_t chain0, uint64_t chains, double elapsed)
{
  sqlite3_stmt *st = prep (db, "INSERT INTO slices (worker, slice, engine, rng_seed,"
                               " chain0, chains, started) VALUES (?, ?, ?, ?, ?, ?, ?)");
  if (!st) return SG_RC_IO;
  char rs[32];
  snprintf (rs, sizeof rs, "%llu", (unsigned long long) rng_seed);
  sqlite3_bind_int64 (st, 1, worker);
  sqlite3_bind_int64 (st, 2, slice);
  btext (st, 3, engine);
  btext (st, 4, rs);
  sqlite3_bind_int64 (st, 5, (sqlite3_int64) chain0);
  sqlite3_bind_int64 (st, 6, (sqlite3_int64) chains);
  sqlite3_bind_double (st, 7, elapsed);
  return done (db, st, "slice begin");
}

/* The stored counters' SQL (loop/counters.def, the rows whose DB is SLICE or PLOT, in their
 * order): NCOUNTS of them. */
enum { NCOUNTS = sizeof (sg_db_counts) / sizeof (uint64_t) };
static const char SLICE_END[] = "UPDATE slices SET state = 'done'"
#define SG_COUNTER(name, how, db, col, ...) SG_COUNTER_IN_DB (db, ", " col " = ?")
#include "loop/counters.def"
#undef SG_COUNTER
  " WHERE worker = ? AND slice = ?";
static const char TOTALS[] = "SELECT state"
#define SG_COUNTER(name, how, db, col, ...) SG_COUNTER_IN_DB (db, ", " col)
#include "loop/counters.def"
#undef SG_COUNTER
  " FROM slices WHERE state = 'done'";
static const char STATS_ADD[] = "INSERT INTO stats (t, elapsed"
#define SG_COUNTER(name, how, db, col, ...) SG_COUNTER_IN_PLOT (db, ", " col)
#include "loop/counters.def"
#undef SG_COUNTER
  ", findings, buckets) VALUES (?, ?"
#define SG_COUNTER(name, how, db, col, ...) SG_COUNTER_IN_PLOT (db, ", ?")
#include "loop/counters.def"
#undef SG_COUNTER
  ", ?, ?)";

sg_rc
sg_db_slice_end (sg_db *db, uint32_t worker, uint32_t slice, const sg_db_counts *c)
{
  sqlite3_stmt *st = prep (db, SLICE_END);
  if (!st) return SG_RC_IO;
  const uint64_t v[] = {
#define SG_COUNTER(name, how, db, ...) SG_COUNTER_IN_DB (db, c->name,)
#include "loop/counters.def"
#undef SG_COUNTER
  };
  for (int i = 0; i < NCOUNTS; i++) sqlite3_bind_int64 (st, i + 1, (sqlite3_int64) v[i]);
  sqlite3_bind_int64 (st, NCOUNTS + 1, worker);
  sqlite3_bind_int64 (st, NCOUNTS + 2, slice);
  return done (db, st, "slice end");
}

static sg_rc
one_u64 (sg_db *db, sqlite3_stmt *st, uint64_t *out)
{
  *out = 0;
  if (!st) return SG_RC_IO;
  int r = sqlite3_step (st);
  if (r == SQLITE_ROW) *out = (uint64_t) sqlite3_column_int64 (st, 0);
  sqlite3_finalize (st);
  return r == SQLITE_ROW || r == SQLITE_DONE ? SG_RC_OK : fail (db, "query");
}

sg_rc
sg_db_next_slice (sg_db *db, uint32_t worker, uint32_t *slice)
{
  sqlite3_stmt *st = prep (db, "SELECT COALESCE (MAX (slice) + 1, 0) FROM slices WHERE worker = ?");
  if (st) sqlite3_bind_int64 (st, 1, worker);
  uint64_t v = 0;
  sg_rc rc = one_u64 (db, st, &v);
  /* A slice number no campaign reaches (a damaged row): the next one would wrap to 0,
   * which is taken. */
  if (!rc && v > UINT32_MAX)
    {
      snprintf (db->err, sizeof db->err, "slice number %llu of worker %u is out of range (a damaged database)",
                (unsigned long long) v, worker);
      return SG_RC_PARSE;
    }
  *slice = (uint32_t) v;
  return rc;
}

/* One number about the slices of (worker, engine): sql has those two parameters. */
static sg_rc
worker_engine_u64 (sg_db *db, const char *sql, uint32_t worker, const char *engine, uint64_t *out)
{
  sqlite3_stmt *st = prep (db, sql);
  if (st) { sqlite3_bind_int64 (st, 1, worker); btext (st, 2, engine); }
  return one_u64 (db, st, out);
}

sg_rc
sg_db_engine_taken (sg_db *db, uint32_t worker, const char *engine, uint64_t *taken)
{
  /* an enumeration's slice starts (chain0) where the worker's finished slices ended: the
   * furthest end, so two slices over the same range (one of a killed session that still
   * finished) leave no gap */
  return worker_engine_u64 (db, "SELECT COALESCE (MAX (chain0 + mutants + ill_typed), 0) FROM slices"
                                " WHERE worker = ? AND engine = ? AND state = 'done'", worker, engine, taken);
}

sg_rc
sg_db_next_chain (sg_db *db, uint32_t worker, const char *engine, uint64_t *chain)
{
  return worker_engine_u64 (db, "SELECT COALESCE (MAX (chain0 + chains), 0) FROM slices"
                                " WHERE worker = ? AND engine = ?", worker, engine, chain);
}

sg_rc
sg_db_totals (sg_db *db, sg_db_counts *c)
{
  memset (c, 0, sizeof *c);
  /* Row by row, in C: a counter no slice reaches (a damaged row: negative, or past 2^40) is
   * left out and said, where SQL's SUM would stop with an integer overflow (totals of 0). */
  sqlite3_stmt *st = prep (db, TOTALS); /* column 0 is the state, then the counters */
  if (!st) return SG_RC_IO;
  uint64_t *v[] = {
#define SG_COUNTER(name, how, db, ...) SG_COUNTER_IN_DB (db, &c->name,)
#include "loop/counters.def"
#undef SG_COUNTER
  };
  uint64_t bad = 0;
  int r;
  while ((r = sqlite3_step (st)) == SQLITE_ROW)
    {
      int i = 0;
      for (; i < NCOUNTS; i++)
        {
          sqlite3_int64 x = sqlite3_column_int64 (st, i + 1);
          if (x < 0 || x > ((sqlite3_int64) 1 << 40)) break;
        }
      if (i < NCOUNTS) { bad++; continue; }
      for (i = 0; i < NCOUNTS; i++) *v[i] += (uint64_t) sqlite3_column_int64 (st, i + 1);
    }
  sqlite3_finalize (st);
  if (r != SQLITE_DONE) return fail (db, "totals");
  if (bad)
    {
      snprintf (db->err, sizeof db->err, "%llu slice row%s with a counter out of range (a damaged database),"
                " left out of the totals", (unsigned long long) bad, bad == 1 ? "" : "s");
      return SG_RC_PARSE;
    }
  return SG_RC_OK;
}

bool
sg_db_is_merge (sg_db *db)
{
  /* the table `shards`, or (a merge of an older smtgrind) the meta key merged_from */
  uint64_t n = 0;
  char v[16];
  return (!one_u64 (db, prep (db, "SELECT COUNT (*) FROM sqlite_master WHERE type = 'table' AND name = 'shards'"), &n)
          && n > 0)
         || sg_db_meta_get (db, "merged_from", v, sizeof v) == SG_RC_OK;
}

sg_rc
sg_db_count (sg_db *db, const char *table, uint64_t *n)
{
  char sql[128];
  if (!strcmp (table, "buckets"))
    snprintf (sql, sizeof sql, "SELECT COUNT (*) FROM buckets WHERE merged_into IS NULL");
  else
    snprintf (sql, sizeof sql, "SELECT COUNT (*) FROM %s", !strcmp (table, "findings") ? "findings" : "stats");
  return one_u64 (db, prep (db, sql), n);
}

sg_rc
sg_db_stats_add (sg_db *db, double elapsed, const sg_db_counts *c)
{
  uint64_t nf = 0, nb = 0;
  if (sg_db_count (db, "findings", &nf) || sg_db_count (db, "buckets", &nb)) return SG_RC_IO;
  sqlite3_stmt *st = prep (db, STATS_ADD);
  if (!st) return SG_RC_IO;
  sqlite3_bind_double (st, 1, (double) time (NULL));
  sqlite3_bind_double (st, 2, elapsed);
  const uint64_t v[] = {
#define SG_COUNTER(name, how, db, ...) SG_COUNTER_IN_PLOT (db, c->name,)
#include "loop/counters.def"
#undef SG_COUNTER
    nf, nb };
  for (int i = 0; i < (int) (sizeof v / sizeof *v); i++) sqlite3_bind_int64 (st, i + 3, (sqlite3_int64) v[i]);
  return done (db, st, "stats");
}

sg_rc
sg_db_reduce_claim (sg_db *db, int64_t *bucket, char *json, size_t jsize, char *trigger, size_t tsize,
                    char *key, size_t ksize)
{
  *bucket = 0;
  json[0] = trigger[0] = key[0] = 0;
  if (begin (db)) return SG_RC_IO;
  sqlite3_stmt *st = prep (db, "SELECT id, first_json, first_trigger, key FROM buckets"
                               " WHERE reduce_state = 'pending' AND merged_into IS NULL"
                               " ORDER BY id LIMIT 1");
  if (!st) return rollback (db, SG_RC_IO);
  int r = sqlite3_step (st);
  if (r == SQLITE_ROW)
    {
      *bucket = sqlite3_column_int64 (st, 0);
      snprintf (json, jsize, "%s", (const char *) sqlite3_column_text (st, 1));
      snprintf (trigger, tsize, "%s", (const char *) sqlite3_column_text (st, 2));
      snprintf (key, ksize, "%s", (const char *) sqlite3_column_text (st, 3));
    }
  sqlite3_finalize (st);
  if (r != SQLITE_ROW && r != SQLITE_DONE) return rollback (db, fail (db, "claim"));
  if (*bucket)
    {
      st = prep (db, "UPDATE buckets SET reduce_state = 'running' WHERE id = ?");
      if (!st) return rollback (db, SG_RC_IO);
      sqlite3_bind_int64 (st, 1, *bucket);
      if (done (db, st, "claim")) return rollback (db, SG_RC_IO);
    }
  return commit (db);
}

sg_rc
sg_db_reduce_done (sg_db *db, int64_t bucket, const char *state, const char *reduced,
                   const char *note, const char *reduced_key)
{
  if (begin (db)) return SG_RC_IO;
  sqlite3_stmt *st = prep (db, "UPDATE buckets SET reduce_state = ?, reduced_trigger = ?,"
                               " reduce_note = ?, reduced_key = ? WHERE id = ?");
  if (!st) return rollback (db, SG_RC_IO);
  btext (st, 1, state);
  btext (st, 2, reduced);
  btext (st, 3, note ? note : "");
  btext (st, 4, reduced_key);
  sqlite3_bind_int64 (st, 5, bucket);
  if (done (db, st, "reduce done")) return rollback (db, SG_RC_IO);
  /* Same reduced key as another bucket, whichever reduction ended first: one bucket. The
   * newer merges into the older: its findings, its count and its keys (so later findings
   * with this key go there too). */
  for (int round = 0; reduced_key && round < 64; round++)
    {
      uint64_t other = 0;
      st = prep (db, "SELECT id FROM buckets WHERE reduced_key = ? AND id != ? AND merged_into IS NULL"
                     " ORDER BY id LIMIT 1");
      if (st) { btext (st, 1, reduced_key); sqlite3_bind_int64 (st, 2, bucket); }
      if (one_u64 (db, st, &other)) return rollback (db, SG_RC_IO);
      if (!other) break;
      long long into = (long long) other < bucket ? (long long) other : bucket;
      long long from = (long long) other < bucket ? bucket : (long long) other;
      char sql[640];
      snprintf (sql, sizeof sql,
                "UPDATE findings SET bucket = %lld WHERE bucket = %lld;"
                "UPDATE buckets SET count = count + (SELECT count FROM buckets WHERE id = %lld)"
                " WHERE id = %lld;"
                "UPDATE buckets SET merged_into = %lld, count = 0 WHERE id = %lld;"
                "UPDATE buckets SET merged_into = %lld WHERE merged_into = %lld;"
                "UPDATE bucket_keys SET bucket = %lld WHERE bucket = %lld;",
                into, from, from, into, into, from, into, from, into, from);
      if (sg_db_exec (db, sql)) return rollback (db, SG_RC_IO);
      /* The triage of the merged bucket (alpha-equivalent reduced triggers, one kind and
       * solver: one bug) goes with it where the older has none. */
      snprintf (sql, sizeof sql, "UPDATE OR IGNORE triage SET bucket = %lld WHERE bucket = %lld;"
                "DELETE FROM triage WHERE bucket = %lld;", into, from, from);
      if (sg_db_has_table (db, "triage") && sg_db_exec (db, sql)) return rollback (db, SG_RC_IO);
      if (into != bucket) break; /* this bucket is merged away; the older one holds the key */
    }
  return commit (db);
}

sg_rc
sg_db_reduce_reset (sg_db *db)
{
  return sg_db_exec (db, "UPDATE buckets SET reduce_state = 'pending' WHERE reduce_state = 'running'");
}

/* ---- triage ------------------------------------------------------------------------------ */

sg_rc
sg_db_triage_put (sg_db *db, const sg_db_triage *t)
{
  if (sg_db_exec (db, TRIAGE_SCHEMA)) return SG_RC_IO;
  sqlite3_stmt *st = prep (db, "INSERT OR REPLACE INTO triage (bucket, family, outcome, newest, open_in_newest,"
                               " first_bad, last_bad, fixed_in, tests, versions_json, note, at)"
                               " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  if (!st) return SG_RC_IO;
  sqlite3_bind_int64 (st, 1, t->bucket);
  btext (st, 2, t->family ? t->family : "");
  btext (st, 3, t->outcome);
  btext (st, 4, t->newest);
  sqlite3_bind_int (st, 5, t->open);
  btext (st, 6, t->first_bad);
  btext (st, 7, t->last_bad);
  btext (st, 8, t->fixed_in);
  sqlite3_bind_int64 (st, 9, t->tests);
  btext (st, 10, t->versions_json ? t->versions_json : "{}");
  btext (st, 11, t->note ? t->note : "");
  sqlite3_bind_double (st, 12, (double) time (NULL));
  return done (db, st, "triage");
}

sg_rc
sg_db_triage_next (sg_db *db, const int64_t *skip, uint32_t nskip, int64_t *bucket, char *kind, size_t ksize,
                   char *solver, size_t ssize, char *trigger, size_t tsize)
{
  *bucket = 0;
  kind[0] = solver[0] = trigger[0] = 0;
  if (!sg_db_has_table (db, "triage") && sg_db_exec (db, TRIAGE_SCHEMA)) return SG_RC_IO;
  sqlite3_stmt *st = prep (db, "SELECT id, kind, solver, reduced_trigger FROM buckets b"
                               " WHERE merged_into IS NULL AND reduce_state = 'done' AND reduced_trigger IS NOT NULL"
                               " AND kind NOT IN ('unspecified', 'validation') AND NOT EXISTS (SELECT 1 FROM triage t"
                               " WHERE t.bucket = b.id AND t.outcome != 'failed') ORDER BY id");
  if (!st) return SG_RC_IO;
  int r;
  while ((r = sqlite3_step (st)) == SQLITE_ROW)
    {
      int64_t id = sqlite3_column_int64 (st, 0);
      uint32_t i = 0;
      while (i < nskip && skip[i] != id) i++;
      if (i < nskip) continue;
      *bucket = id;
      snprintf (kind, ksize, "%s", (const char *) sqlite3_column_text (st, 1));
      snprintf (solver, ssize, "%s", (const char *) sqlite3_column_text (st, 2));
      snprintf (trigger, tsize, "%s", (const char *) sqlite3_column_text (st, 3));
      break;
    }
  sqlite3_finalize (st);
  return r == SQLITE_ROW || r == SQLITE_DONE ? SG_RC_OK : fail (db, "triage queue");
}

sg_rc
sg_db_triage_copy (sg_db *dst, int64_t bucket, sg_db *src, int64_t from)
{
  if (!sg_db_has_table (src, "triage")) return SG_RC_OK;
  sqlite3_stmt *st = prep (src, "SELECT family, outcome, newest, open_in_newest, first_bad, last_bad, fixed_in,"
                                " tests, versions_json, note, at FROM triage WHERE bucket = ?");
  if (!st) { snprintf (dst->err, sizeof dst->err, "%s", src->err); return SG_RC_IO; }
  sqlite3_bind_int64 (st, 1, from);
  int r = sqlite3_step (st);
  sg_rc rc = SG_RC_OK;
  if (r == SQLITE_ROW)
    {
      uint64_t live = 0;
      sqlite3_stmt *l = prep (dst, "SELECT COALESCE (merged_into, id) FROM buckets WHERE id = ?");
      if (l) sqlite3_bind_int64 (l, 1, bucket);
      sqlite3_stmt *ins = NULL;
      if (!(rc = one_u64 (dst, l, &live)) && live && !(rc = sg_db_exec (dst, TRIAGE_SCHEMA))
          && (ins = prep (dst, "INSERT OR IGNORE INTO triage (bucket, family, outcome, newest, open_in_newest,"
                               " first_bad, last_bad, fixed_in, tests, versions_json, note, at)"
                               " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")))
        {
          sqlite3_bind_int64 (ins, 1, (sqlite3_int64) live);
          for (int k = 0; k < 11; k++) sqlite3_bind_value (ins, k + 2, sqlite3_column_value (st, k));
          rc = done (dst, ins, "triage copy");
        }
      else if (!rc && live) rc = SG_RC_IO;
    }
  else if (r != SQLITE_DONE)
    {
      snprintf (dst->err, sizeof dst->err, "triage: %s", sqlite3_errmsg (src->h));
      rc = SG_RC_IO;
    }
  sqlite3_finalize (st);
  return rc;
}

void
sg_db_version_in (const char *desc, const char *solver, char *out, size_t size)
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
