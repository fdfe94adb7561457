#define _DEFAULT_SOURCE /* realpath */
/* report: HTML with inline SVG, bucket lists, issue texts, JSON. */
#include "campaign/report.h"
#include "campaign/report_int.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "campaign/dedup.h"
#include "loop/findings.h"

#define TRIGGER_SHOW ((size_t) 16 << 10) /* bytes of a trigger shown in the report */

static const char *
col (sqlite3_stmt *st, int i)
{
  const unsigned char *s = sqlite3_column_text (st, i);
  return s ? (const char *) s : "";
}

static void
resolve (const char *dir, const char *rel, char *out, size_t size)
{
  if ((size_t) (rel[0] == '/' ? snprintf (out, size, "%s", rel) : snprintf (out, size, "%s/%s", dir, rel)) >= size)
    out[0] = 0;
}

/* Is rel a path this campaign's database may name (sg_finding_path_ok, or an older merge's
 * absolute one)? */
static bool
stored_path_ok (const char *rel)
{
  return sg_finding_path_ok (rel) || sg_finding_legacy_path_ok (rel);
}

/* A file's text (at most max bytes, "..." noted), or NULL: NULL too for a path the database
 * should not hold and for anything but a regular file (a FIFO would block the report). */
static char *
read_text (const char *dir, const char *rel, size_t max, bool *cut)
{
  char path[PATH_MAX];
  if (!stored_path_ok (rel)) return NULL;
  resolve (dir, rel, path, sizeof path);
  int fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  struct stat st;
  if (fd < 0) return NULL;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode)) { close (fd); return NULL; }
  FILE *f = fdopen (fd, "rb");
  if (!f) { close (fd); return NULL; }
  char *s = malloc (max + 1);
  size_t n = s ? fread (s, 1, max, f) : 0;
  *cut = s && n == max && fgetc (f) != EOF;
  fclose (f);
  if (s) s[n] = 0;
  return s;
}

char *
sg_report_read_text (const char *dir, const char *rel, size_t max, bool *cut)
{
  return read_text (dir, rel, max, cut);
}

/* s as HTML text. The page says UTF-8, so a byte that is not part of valid UTF-8 (a file
 * name's, a trigger's) is shown as the text \xXY, as are control bytes other than tab and
 * newline: the page is valid UTF-8 whatever the bytes. */
static void
html (sg_buf *b, const char *s)
{
  size_t n = strlen (s);
  for (size_t i = 0; i < n; i++)
    {
      unsigned char c = (unsigned char) s[i];
      size_t k = c >= 0x80 ? sg_utf8_len (s + i, n - i) : 1;
      if (c == '<') sg_buf_adds (b, "&lt;");
      else if (c == '>') sg_buf_adds (b, "&gt;");
      else if (c == '&') sg_buf_adds (b, "&amp;");
      else if (c == '"') sg_buf_adds (b, "&quot;");
      else if (!k || (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
        sg_buf_printf (b, "\\x%02x", c);
      else sg_buf_add (b, s + i, k), i += k - 1;
    }
}

static sqlite3_stmt *
q (sg_db *db, const char *sql)
{
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2 (sg_db_handle (db), sql, -1, &st, NULL) != SQLITE_OK) return NULL;
  return st;
}

/* sg_report_bugs, with the option tables of the listing in h. */
static sg_rc
bugs (sg_db *db, const char *dir, sg_report_helps *h, sg_report_bugvec *out)
{
  out->n = 0;
  sg_report_ranked (db);
  sqlite3_stmt *st = q (db, "SELECT id, kind, solver, version, logic, count, reduce_state,"
                            " COALESCE (reduced_trigger, first_trigger), signature, " SG_REPORT_FIRST ("why") ","
                            " reduced_trigger, " SG_REPORT_FIRST ("json") ", " SG_REPORT_FIRST ("solvers") " FROM buckets"
                            " WHERE merged_into IS NULL" SG_REPORT_ORDER);
  if (!st) return SG_RC_IO;
  sg_rc rc = SG_RC_OK;
  while (!rc && sqlite3_step (st) == SQLITE_ROW)
    {
      sg_report_bucket r;
      memset (&r, 0, sizeof r);
      r.id = sqlite3_column_int64 (st, 0);
      snprintf (r.kind, sizeof r.kind, "%s", col (st, 1));
      snprintf (r.solver, sizeof r.solver, "%s", col (st, 2));
      /* Findings no rule could blame: older databases say "any". */
      if (!strcmp (r.solver, "any")) snprintf (r.solver, sizeof r.solver, "unattributed");
      snprintf (r.version, sizeof r.version, "%s", col (st, 3));
      snprintf (r.logic, sizeof r.logic, "%s", col (st, 4));
      r.count = sqlite3_column_int64 (st, 5);
      /* A damaged row (a count no campaign can reach) stops the listing: sums of such counts
       * would overflow, and a list with a wrong count is worse than an error. */
      if (r.count < 0 || r.count > SG_REPORT_MAX_COUNT) { rc = SG_RC_PARSE; break; }
      snprintf (r.state, sizeof r.state, "%s", col (st, 6));
      snprintf (r.trigger, sizeof r.trigger, "%s", col (st, 7));
      snprintf (r.signature, sizeof r.signature, "%s", col (st, 8));
      const char *answer = !strcmp (r.kind, "soundness") ? sg_report_wrong_answer (col (st, 2), col (st, 9)) : NULL;
      snprintf (r.answer, sizeof r.answer, "%s", answer ? answer : "");
      sg_report_options (h, dir ? dir : ".", col (st, 10), col (st, 11), col (st, 12), r.options, sizeof r.options);
      sg_report_triage tg;
      bool triaged = sg_report_triage_of (db, r.id, &tg);
      r.closed = sg_report_triage_words (triaged ? &tg : NULL, r.triage, sizeof r.triage, r.triage_text,
                                         sizeof r.triage_text);
      bool cut = false;
      char *text = read_text (dir ? dir : ".", r.trigger, (size_t) 1 << 20, &cut);
      if (text && !cut)
        sg_dedup_bug_key (r.kind, r.solver, r.signature, text, strlen (text), r.bug_key, sizeof r.bug_key);
      else /* unreadable: the bucket stands alone */
        snprintf (r.bug_key, sizeof r.bug_key, "bucket %lld", (long long) r.id);
      free (text);
      /* unspecified findings and validation notes are kept, never a bug: bug 0. */
      if (!strcmp (r.kind, "unspecified") || !strcmp (r.kind, "validation"))
        {
          r.bug = 0;
          if (!SG_VEC_PUSH (*out, r)) rc = SG_RC_NOMEM;
          continue;
        }
      /* Bugs are numbered in the order of their first bucket as listed. */
      uint32_t max = 0;
      for (uint32_t i = 0; i < out->n && !r.bug; i++)
        {
          if (!strcmp (out->a[i].bug_key, r.bug_key)) r.bug = out->a[i].bug;
          if (out->a[i].bug > max) max = out->a[i].bug;
        }
      if (!r.bug) r.bug = max + 1;
      if (!SG_VEC_PUSH (*out, r)) rc = SG_RC_NOMEM;
    }
  sqlite3_finalize (st);
  return rc;
}

sg_rc
sg_report_bugs (sg_db *db, const char *dir, sg_report_bugvec *out)
{
  sg_report_helps h = { 0 };
  sg_rc rc = bugs (db, dir, &h, out);
  sg_report_helps_free (&h);
  return rc;
}

uint32_t
sg_report_bug_count (const sg_report_bugvec *v)
{
  uint32_t n = 0;
  for (uint32_t i = 0; i < v->n; i++)
    if (v->a[i].bug > n) n = v->a[i].bug;
  return n;
}

static uint64_t
sg_report_unmerged (sg_db *db)
{
  uint64_t n = 0;
  sqlite3_stmt *st = q (db, "SELECT COUNT (*) FROM buckets WHERE merged_into IS NULL");
  if (st && sqlite3_step (st) == SQLITE_ROW) n = (uint64_t) sqlite3_column_int64 (st, 0);
  sqlite3_finalize (st);
  return n;
}

uint64_t
sg_report_hidden (sg_db *db)
{
  uint64_t n = 0;
  sqlite3_stmt *st = q (db, "SELECT COUNT (*) FROM findings f LEFT JOIN buckets b ON b.id = f.bucket"
                            " WHERE b.id IS NULL OR b.merged_into IS NOT NULL");
  if (st && sqlite3_step (st) == SQLITE_ROW) n = (uint64_t) sqlite3_column_int64 (st, 0);
  sqlite3_finalize (st);
  return n;
}

sg_rc
sg_report_list (sg_db *db, const char *dir, FILE *f, bool human)
{
  return sg_report_list_some (db, dir, f, human, false);
}

sg_rc
sg_report_list_some (sg_db *db, const char *dir, FILE *f, bool human, bool open_only)
{
  sg_report_bugvec v = { 0 };
  sg_rc rc = sg_report_bugs (db, dir, &v);
  if (rc) { SG_VEC_FREE (v); return rc; }
  if (!human)
    {
      fprintf (f, "id\tkind\tsolver\tversion\tlogic\tcount\treduction\ttrigger\tsignature\tbug\tanswer\toptions\ttriage\n");
      for (uint32_t i = 0; i < v.n; i++)
        {
          const sg_report_bucket *r = &v.a[i];
          if (open_only && (r->closed || !r->bug)) continue;
          fprintf (f, "%lld\t%s\t%s\t%s\t%s\t%lld\t%s\t%s\t%s\t%u\t%s\t%s\t%s\n", (long long) r->id, r->kind,
                   r->solver, r->version, r->logic, (long long) r->count, r->state, r->trigger,
                   r->signature, r->bug, r->answer, r->options, r->triage);
        }
      SG_VEC_FREE (v);
      return SG_RC_OK;
    }
  uint32_t nbugs = sg_report_bug_count (&v), shown = 0;
  for (uint32_t b = 1; b <= nbugs; b++)
    {
      uint32_t nb = 0;
      long long nf = 0;
      const sg_report_bucket *first = NULL;
      for (uint32_t i = 0; i < v.n; i++)
        if (v.a[i].bug == b && !(open_only && v.a[i].closed))
          {
            if (!first) first = &v.a[i];
            nb++;
            nf += (long long) v.a[i].count;
          }
      if (!first) continue;
      shown++;
      fprintf (f, "bug %u: %s%s%s%s %s%s%s, %u bucket%s, %lld finding%s\n", b, first->kind,
               first->answer[0] ? " (wrong " : "", first->answer, first->answer[0] ? ")" : "", first->solver,
               first->version[0] ? " " : "", first->version, nb, nb == 1 ? "" : "s", nf,
               nf == 1 ? "" : "s");
      for (uint32_t i = 0; i < v.n; i++)
        {
          const sg_report_bucket *r = &v.a[i];
          if (r->bug != b || (open_only && r->closed)) continue;
          fprintf (f, "  bucket %-3lld %-14s %-10s %-8s %-8s %4lld finding%s  %-11s %s%s%s\n",
                   (long long) r->id, r->kind, r->solver, r->version, r->logic, (long long) r->count,
                   r->count == 1 ? " " : "s", r->state, r->trigger, r->signature[0] ? "  " : "",
                   r->signature);
          if (r->options[0]) fprintf (f, "             options: %s\n", r->options);
          if (r->triage_text[0]) fprintf (f, "             releases: %s\n", r->triage_text);
        }
    }
  uint32_t nu = 0, nn = 0;
  long long nuf = 0;
  for (uint32_t i = 0; i < v.n && !open_only; i++)
    if (!v.a[i].bug && !strcmp (v.a[i].kind, "validation")) nn++; /* each is listed below */
    else if (!v.a[i].bug) { nu++; nuf += (long long) v.a[i].count; }
  if (nu)
    fprintf (f, "unspecified (not bugs): %lld finding%s in %u bucket%s, disagreements a value SMT-LIB"
                " leaves unspecified can explain\n", nuf, nuf == 1 ? "" : "s", nu, nu == 1 ? "" : "s");
  for (uint32_t i = 0; i < v.n && nn; i++)
    if (!v.a[i].bug && !strcmp (v.a[i].kind, "validation"))
      fprintf (f, "validation note (not a bug): bucket %lld %s %s, %lld finding%s  %s  %s\n", (long long) v.a[i].id,
               v.a[i].solver, v.a[i].version, (long long) v.a[i].count, v.a[i].count == 1 ? "" : "s",
               v.a[i].trigger, v.a[i].signature);
  if (!v.n) fprintf (f, "no findings\n");
  else if (open_only && !shown) fprintf (f, "no open bugs (every bucket is fixed in a release, or in none)\n");
  SG_VEC_FREE (v);
  return SG_RC_OK;
}


/* ", \"key\": N" with `digits` decimals, or null for a value that is not finite (a damaged
 * row: JSON has no inf or nan). */
static void
jnum (sg_buf *b, const char *key, double v, int digits)
{
  if (isfinite (v)) sg_buf_printf (b, ", \"%s\": %.*f", key, digits, v);
  else sg_buf_printf (b, ", \"%s\": null", key);
}

/* sg_report_issue, with the option tables of the listing in h. */
static sg_rc
issue (sg_db *db, const char *dir, int64_t bucket, sg_report_helps *h, sg_buf *b)
{
  sqlite3_stmt *st = q (db, "SELECT b.kind, b.solver, b.version, b.logic, b.signature, b.count,"
                            " b.first_trigger, b.reduced_trigger, f.why, f.technique, f.solvers,"
                            " f.json, b.reduce_state, f.id FROM buckets b LEFT JOIN findings f ON f.id = COALESCE ("
                            " (SELECT id FROM findings WHERE id = b.first_finding),"
                            " (SELECT MIN (id) FROM findings WHERE bucket = b.id)) WHERE b.id = ?");
  if (!st) return SG_RC_IO;
  sqlite3_bind_int64 (st, 1, bucket);
  if (sqlite3_step (st) != SQLITE_ROW)
    {
      sqlite3_finalize (st);
      return SG_RC_EOF;
    }
  const char *kind = col (st, 0), *solver = col (st, 1), *version = col (st, 2), *logic = col (st, 3);
  const char *answer = !strcmp (kind, "soundness") ? sg_report_wrong_answer (solver, col (st, 8)) : NULL;
  const char *what = answer && !strcmp (answer, "unsat") ? "wrong unsat answer"
                     : answer ? "wrong sat answer"
                     : !strcmp (kind, "soundness") ? "wrong answer"
                     : !strcmp (kind, "invalid-model") ? "invalid model"
                     : !strcmp (kind, "crash") ? "crash" : kind;
  char who[160];
  snprintf (who, sizeof who, "%s%s%s", solver, version[0] ? " " : "", version);
  sg_buf_printf (b, "### %s: %s on %s\n\n", who, what, logic);
  sg_buf_printf (b, "%s gives a%s %s on the %s script below.\n\n", who,
                 what[0] == 'i' ? "n" : "", what, logic);
  /* A damaged row: no finding of the bucket is left (bugs check says so); the bucket's own
   * columns still tell the bug. */
  bool nofinding = sqlite3_column_type (st, 13) == SQLITE_NULL;
  sg_buf_printf (b, "Observed: %s\n", nofinding ? "(no finding of this bucket is in the database)" : col (st, 8));
  if (col (st, 4)[0]) sg_buf_printf (b, "Signature: `%s`\n", col (st, 4));
  char opts[sizeof ((sg_report_bucket *) 0)->options];
  sg_report_options (h, dir, col (st, 7), nofinding ? NULL : col (st, 11), col (st, 10), opts, sizeof opts);
  if (opts[0])
    sg_buf_printf (b, "Options: %s%s\n", opts,
                   strstr (opts, "(experimental") || strstr (opts, "expert)")
                     ? " (a mark in parentheses: what the solver's own help says of the option before it)" : "");
  sg_report_triage tg;
  char tword[48], ttext[320];
  /* Only what the releases showed (not why a triage could not tell: that is ours). */
  if (sg_report_triage_of (db, bucket, &tg)
      && (!strcmp (tg.outcome, "open") || !strcmp (tg.outcome, "fixed") || !strcmp (tg.outcome, "absent")
          || !strcmp (tg.outcome, "present")))
    {
      sg_report_triage_words (&tg, tword, sizeof tword, ttext, sizeof ttext);
      sg_buf_printf (b, "Releases: %s (smtgrind triage).\n", ttext);
    }
  bool reduced = col (st, 7)[0] != 0;
  const char *trig = reduced ? col (st, 7) : col (st, 6);
  bool cut = false;
  char *text = read_text (dir, trig, TRIGGER_SHOW, &cut);
  sg_buf_printf (b, "\nTrigger (%s):\n\n```smt2\n%s%s```\n", reduced ? "reduced" : "not reduced",
                 text ? text : "(file missing)\n", cut ? "\n; ... (cut)\n" : "");
  free (text);
  sg_report_repro rp;
  if (!nofinding && sg_report_repro_of (dir, col (st, 11), reduced ? col (st, 7) : NULL, &rp))
    sg_report_repro_md (&rp, b);
  if (!nofinding)
    sg_buf_printf (b, "\nSolvers run: %s. How it was found (command lines, outputs): %s.\n", col (st, 10), col (st, 11));
  sg_buf_printf (b, "Found %lld time%s by smtgrind%s%s%s.\n", sqlite3_column_int64 (st, 5),
                 sqlite3_column_int64 (st, 5) == 1 ? "" : "s", nofinding ? "" : " (", col (st, 9), nofinding ? "" : ")");
  sqlite3_finalize (st);
  return sg_buf_ok (b) ? SG_RC_OK : SG_RC_NOMEM;
}

sg_rc
sg_report_issue (sg_db *db, const char *dir, int64_t bucket, sg_buf *b)
{
  sg_report_helps h = { 0 };
  sg_rc rc = issue (db, dir, bucket, &h, b);
  sg_report_helps_free (&h);
  return rc;
}

static void
jfield (sg_buf *b, const char *name, const char *v, bool comma)
{
  sg_buf_printf (b, "%s\"%s\": ", comma ? ", " : "", name);
  if (v) sg_json_string (b, v, strlen (v));
  else sg_buf_adds (b, "null");
}

/* "reproduce": the bucket's command line for its trigger (report_repro.c), or null. */
/* Bucket id's reproduce line (its first finding's JSON, report_repro.c) into r; false when it
 * has none. */
static bool
bucket_repro (sg_db *db, const char *dir, int64_t id, const char *reduced, sg_report_repro *r)
{
  sqlite3_stmt *st = q (db, "SELECT " SG_REPORT_FIRST ("json") " FROM buckets WHERE id = ?");
  if (!st) return false;
  sqlite3_bind_int64 (st, 1, id);
  bool ok = sqlite3_step (st) == SQLITE_ROW && sg_report_repro_of (dir, col (st, 0), reduced, r);
  sqlite3_finalize (st);
  return ok;
}

static void
json_repro (sg_buf *b, sg_db *db, const char *dir, int64_t id, const char *reduced)
{
  sg_report_repro rp;
  if (!bucket_repro (db, dir, id, reduced, &rp))
    sg_buf_adds (b, ", \"reproduce\": null");
  else
    {
      sg_buf_adds (b, ", \"reproduce\": {");
      jfield (b, "solver", rp.solver, false);
      jfield (b, "shell", rp.shell, true);
      sg_buf_printf (b, ", \"get_model\": %s", rp.get_model ? "true" : "false");
      jfield (b, "expected", rp.expected, true);
      jfield (b, "actual", rp.actual, true);
      jfield (b, "shows", rp.shows[0] ? rp.shows : NULL, true);
      sg_buf_printf (b, ", \"status\": %d}", rp.status);
    }
}

static sg_rc
json_bucket (sg_db *db, const char *dir, sqlite3_stmt *st, sg_buf *b)
{
  int64_t id = sqlite3_column_int64 (st, 0);
  char path[PATH_MAX];
  sg_buf_printf (b, "{\"id\": %lld", (long long) id);
  jfield (b, "kind", col (st, 1), true);
  jfield (b, "solver", col (st, 2), true);
  jfield (b, "version", col (st, 3), true);
  jfield (b, "logic", col (st, 4), true);
  jfield (b, "signature", col (st, 5), true);
  jfield (b, "wrong_answer", !strcmp (col (st, 1), "soundness") ? sg_report_wrong_answer (col (st, 2), col (st, 13)) : NULL, true);
  sg_buf_printf (b, ", \"count\": %lld", sqlite3_column_int64 (st, 6));
  resolve (dir, col (st, 7), path, sizeof path);
  jfield (b, "first_trigger", path, true);
  if (col (st, 8)[0]) resolve (dir, col (st, 8), path, sizeof path);
  jfield (b, "reduced_trigger", col (st, 8)[0] ? path : NULL, true);
  jfield (b, "reduction", col (st, 9), true);
  jfield (b, "reduction_note", col (st, 10), true);
  jfield (b, "key", col (st, 11), true);
  jnum (b, "created_s", sqlite3_column_double (st, 12), 1);
  sg_report_triage tg;
  if (sg_report_triage_of (db, id, &tg))
    {
      const char *rel[] = { tg.newest, tg.first_bad, tg.last_bad, tg.fixed_in };
      static const char *const names[] = { "newest", "first_bad", "last_bad", "fixed_in" };
      sg_buf_adds (b, ", \"triage\": {");
      jfield (b, "family", tg.family, false);
      jfield (b, "outcome", tg.outcome, true);
      sg_buf_printf (b, ", \"open_in_newest\": %s", !strcmp (tg.outcome, "open") ? "true" : "false");
      for (int k = 0; k < 4; k++) jfield (b, names[k], rel[k][0] ? rel[k] : NULL, true);
      sg_buf_printf (b, ", \"tests\": %u", tg.tests);
      jfield (b, "note", tg.note, true);
      sg_buf_addc (b, '}');
    }
  else sg_buf_adds (b, ", \"triage\": null");
  json_repro (b, db, dir, id, col (st, 8));
  sg_buf_adds (b, ", \"findings\": [");
  sqlite3_stmt *f = q (db, "SELECT name, trigger, json, technique, seed1, seed2, rng_seed, worker,"
                           " slice, mutant, step, elapsed, found_at, why, solvers FROM findings"
                           " WHERE bucket = ? ORDER BY id");
  if (!f) return SG_RC_IO;
  sqlite3_bind_int64 (f, 1, id);
  for (int n = 0; sqlite3_step (f) == SQLITE_ROW; n++)
    {
      sg_buf_adds (b, n ? ",\n    {" : "\n    {");
      jfield (b, "name", col (f, 0), false);
      resolve (dir, col (f, 1), path, sizeof path);
      jfield (b, "trigger", path, true);
      resolve (dir, col (f, 2), path, sizeof path);
      jfield (b, "json", path, true);
      jfield (b, "technique", col (f, 3), true);
      sg_buf_adds (b, ", \"seeds\": [");
      sg_json_string (b, col (f, 4), strlen (col (f, 4)));
      if (col (f, 5)[0]) { sg_buf_adds (b, ", "); sg_json_string (b, col (f, 5), strlen (col (f, 5))); }
      /* rng_seed is a u64 kept as text; a damaged row gives null, never text in the JSON. */
      const char *seed = col (f, 6);
      size_t sl = strlen (seed);
      bool digits = sl > 0 && sl <= 20 && strspn (seed, "0123456789") == sl;
      sg_buf_printf (b, "], \"rng_seed\": %s, \"worker\": %lld, \"slice\": %lld, \"mutant\": %lld,"
                        " \"step\": %lld",
                     digits ? seed : "null", sqlite3_column_int64 (f, 7), sqlite3_column_int64 (f, 8),
                     sqlite3_column_int64 (f, 9), sqlite3_column_int64 (f, 10));
      jnum (b, "elapsed_s", sqlite3_column_double (f, 11), 1);
      jnum (b, "found_at", sqlite3_column_double (f, 12), 0);
      jfield (b, "why", col (f, 13), true);
      jfield (b, "solvers", col (f, 14), true);
      sg_buf_addc (b, '}');
    }
  sqlite3_finalize (f);
  sg_buf_adds (b, "]}");
  return SG_RC_OK;
}

#define BUCKET_COLS "SELECT id, kind, solver, version, logic, signature, count, first_trigger," \
  " reduced_trigger, reduce_state, reduce_note, key, created_elapsed, " SG_REPORT_FIRST ("why") " FROM buckets"

sg_rc
sg_report_json (sg_db *db, const char *dir, int64_t bucket, sg_buf *b)
{
  sg_report_ranked (db);
  sqlite3_stmt *st = q (db, bucket > 0 ? BUCKET_COLS " WHERE id = ?"
                                       : BUCKET_COLS " WHERE merged_into IS NULL" SG_REPORT_ORDER);
  if (!st) return SG_RC_IO;
  if (bucket > 0) sqlite3_bind_int64 (st, 1, bucket);
  sg_rc rc = SG_RC_OK;
  int n = 0;
  if (bucket <= 0) sg_buf_adds (b, "[");
  while (!rc && sqlite3_step (st) == SQLITE_ROW)
    {
      sg_buf_adds (b, n++ ? ",\n  " : bucket <= 0 ? "\n  " : "");
      rc = json_bucket (db, dir, st, b);
    }
  sqlite3_finalize (st);
  if (bucket > 0 && !n) return SG_RC_EOF;
  sg_buf_adds (b, bucket <= 0 ? "\n]\n" : "\n");
  return rc ? rc : sg_buf_ok (b) ? SG_RC_OK : SG_RC_NOMEM;
}

/* ---- HTML --------------------------------------------------------------------------------- */

typedef struct series {
  SG_VEC (double) x, y;
} series;

/* An SVG line plot of the series (x: seconds), with axes and labels. */
static void
svg_plot (sg_buf *b, const char *id, const char *title, const char *ylabel, const series *s,
          int nseries, const char *const *names, const char *const *colors, bool steps)
{
  const double W = 560, H = 240, L = 60, R = 20, T = 30, B = 40;
  double xmax = 1, ymax = 1;
  for (int k = 0; k < nseries; k++)
    for (uint32_t i = 0; i < s[k].x.n; i++)
      {
        if (s[k].x.a[i] > xmax) xmax = s[k].x.a[i];
        if (s[k].y.a[i] > ymax) ymax = s[k].y.a[i];
      }
  ymax *= 1.1;
  sg_buf_printf (b, "<svg id=\"%s\" class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
                 id, W, H, W, H);
  sg_buf_printf (b, "<text x=\"%.0f\" y=\"18\" font-size=\"14\" font-weight=\"bold\">%s</text>\n", L, title);
  sg_buf_printf (b, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#333\"/>\n", L, H - B, W - R, H - B);
  sg_buf_printf (b, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#333\"/>\n", L, T, L, H - B);
  for (int g = 0; g <= 4; g++)
    {
      double yv = ymax * g / 4, py = (H - B) - (H - B - T) * g / 4;
      double xv = xmax * g / 4, px = L + (W - L - R) * g / 4;
      sg_buf_printf (b, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"10\" text-anchor=\"end\">%.*f</text>\n", L - 4, py + 3, yv < 10 ? 1 : 0, yv);
      sg_buf_printf (b, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#ddd\"/>\n", L, py, W - R, py);
      sg_buf_printf (b, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"10\" text-anchor=\"middle\">%.*fs</text>\n", px, H - B + 14, xmax < 10 ? 1 : 0, xv);
    }
  sg_buf_printf (b, "<text x=\"12\" y=\"%.0f\" font-size=\"11\" transform=\"rotate(-90 12 %.0f)\" text-anchor=\"middle\">%s</text>\n",
                 (H - B + T) / 2, (H - B + T) / 2, ylabel);
  sg_buf_printf (b, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" text-anchor=\"middle\">campaign time</text>\n", (L + W - R) / 2, H - 6);
  for (int k = 0; k < nseries; k++)
    {
      sg_buf_printf (b, "<polyline class=\"series\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", colors[k]);
      double prev = H - B;
      for (uint32_t i = 0; i < s[k].x.n; i++)
        {
          double px = L + (W - L - R) * s[k].x.a[i] / xmax;
          double py = (H - B) - (H - B - T) * s[k].y.a[i] / ymax;
          if (steps && i) sg_buf_printf (b, "%.1f,%.1f ", px, prev);
          sg_buf_printf (b, "%.1f,%.1f ", px, py);
          prev = py;
        }
      sg_buf_adds (b, "\"/>\n");
      sg_buf_printf (b, "<text x=\"%.0f\" y=\"%d\" font-size=\"11\" fill=\"%s\">%s</text>\n", W - R - 150, 18 + 14 * k, colors[k], names[k]);
    }
  sg_buf_adds (b, "</svg>\n");
}

static void
group_table (sg_buf *b, sg_db *db, const char *title, const char *colname, const char *sql)
{
  sqlite3_stmt *st = q (db, sql);
  if (!st) return;
  sg_buf_printf (b, "<table class=\"by\"><caption>%s</caption><tr><th>%s</th><th>buckets</th><th>findings</th></tr>\n", title, colname);
  while (sqlite3_step (st) == SQLITE_ROW)
    {
      sg_buf_adds (b, "<tr><td>");
      html (b, col (st, 0));
      sg_buf_printf (b, "</td><td>%lld</td><td>%lld</td></tr>\n", sqlite3_column_int64 (st, 1), sqlite3_column_int64 (st, 2));
    }
  sqlite3_finalize (st);
  sg_buf_adds (b, "</table>\n");
}

static const char *css =
  "body{font-family:sans-serif;margin:24px;max-width:1240px;color:#222}"
  "h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ccc;padding-bottom:4px}"
  "table{border-collapse:collapse;margin:8px 16px 16px 0}td,th{border:1px solid #ccc;padding:3px 8px;font-size:13px;text-align:left}"
  "table.by{display:inline-table;vertical-align:top}caption{font-weight:bold;text-align:left;padding:4px 0}"
  "pre{background:#f6f6f6;border:1px solid #ddd;padding:8px;overflow:auto;max-height:320px;font-size:12px}"
  ".bucket{border:1px solid #bbb;border-radius:6px;padding:8px 14px;margin:14px 0}"
  ".kind-soundness{border-left:6px solid #c0392b}.kind-crash{border-left:6px solid #e67e22}"
  ".kind-invalid-model{border-left:6px solid #8e44ad}.kind-incompleteness{border-left:6px solid #2980b9}"
  ".meta td:first-child{font-weight:bold}.plot{margin-right:12px;border:1px solid #eee}"
  "details summary{cursor:pointer;color:#225}";

/* The page's head and the table of settings and results (nbugs: the number of bugs). */
static void
html_header (sg_buf *out, sg_db *db, const char *dir, uint32_t nbugs)
{
  sg_buf *b = out;
  char v[1024];
  sg_buf_adds (b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>smtgrind campaign ");
  html (b, dir);
  sg_buf_printf (b, "</title><style>%s</style></head><body>\n<h1>smtgrind campaign report: ", css);
  html (b, dir);
  sg_buf_adds (b, "</h1>\n<table class=\"meta\">\n");
  static const char *keys[][2] = { { "started", "started" }, { "elapsed", "campaign time (s)" },
                                   { "solver_versions", "solvers" }, { "engines", "engines (weights)" },
                                   { "jobs", "workers" }, { "timeout", "timeout per run (s)" },
                                   { "seed", "rng seed" }, { "shard", "shard" },
                                   { "inputs", "seeds" }, { "merged_from", "merged from" } };
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
    if (!sg_db_meta_get (db, keys[k][0], v, sizeof v))
      {
        sg_buf_printf (b, "<tr><td>%s</td><td>", keys[k][1]);
        html (b, v);
        sg_buf_adds (b, "</td></tr>\n");
      }
  sg_db_counts c;
  if (sg_db_totals (db, &c) == SG_RC_PARSE)
    {
      sg_buf_adds (b, "<tr><td>damaged</td><td>");
      html (b, db->err);
      sg_buf_adds (b, "</td></tr>\n");
    }
  uint64_t nf = 0, nb = 0;
  sg_db_count (db, "findings", &nf);
  sg_db_count (db, "buckets", &nb);
  sg_buf_printf (b, "<tr><td>work</td><td>%llu mutants, %llu solver calls (decided %llu, unknown %llu, "
                     "timeouts %llu, rejected %llu), %llu unconfirmed verdicts</td></tr>\n",
                 (unsigned long long) c.mutants, (unsigned long long) c.calls, (unsigned long long) c.decided,
                 (unsigned long long) c.unknown, (unsigned long long) c.timeouts,
                 (unsigned long long) c.rejected, (unsigned long long) c.unconfirmed);
  uint64_t nu = sg_report_unmerged (db);
  sg_buf_printf (b, "<tr><td>results</td><td><b>%u bug%s</b> in %llu bucket%s from %llu finding%s"
                     " (a bug: buckets of one solver and kind with one crash site or the same"
                     " operator classes and sorts)</td></tr>\n</table>\n",
                 nbugs, nbugs == 1 ? "" : "s", (unsigned long long) nu, nu == 1 ? "" : "s",
                 (unsigned long long) nf, nf == 1 ? "" : "s");
}

/* The plots: throughput from the stats rows, buckets over time from the buckets. */
static void
html_plots (sg_buf *b, sg_db *db)
{
  char v[1024];
  sg_buf_adds (b, "<h2>Over time</h2>\n");
  series s[2];
  memset (s, 0, sizeof s);
  sqlite3_stmt *st = q (db, "SELECT elapsed, calls, mutants FROM stats ORDER BY elapsed, id");
  double pe = -1, pc = 0, pm = 0;
  while (st && sqlite3_step (st) == SQLITE_ROW)
    {
      double e = sqlite3_column_double (st, 0), cl = (double) sqlite3_column_int64 (st, 1),
             mu = (double) sqlite3_column_int64 (st, 2);
      if (pe >= 0 && e - pe > 0.5 && cl >= pc)
        {
          /* The rate over the interval, drawn as a step across it. */
          double rc = (cl - pc) / (e - pe), rm = (mu - pm) / (e - pe);
          SG_VEC_PUSH (s[0].x, pe);
          SG_VEC_PUSH (s[0].y, rc);
          SG_VEC_PUSH (s[0].x, e);
          SG_VEC_PUSH (s[0].y, rc);
          SG_VEC_PUSH (s[1].x, pe);
          SG_VEC_PUSH (s[1].y, rm);
          SG_VEC_PUSH (s[1].x, e);
          SG_VEC_PUSH (s[1].y, rm);
        }
      if (pe < 0 || e - pe > 0.5) { pe = e; pc = cl; pm = mu; }
    }
  sqlite3_finalize (st);
  const char *tn[] = { "solver calls/s", "mutants/s" }, *tc[] = { "#1f77b4", "#2ca02c" };
  svg_plot (b, "plot-throughput", "Throughput", "per second", s, 2, tn, tc, false);
  for (int k = 0; k < 2; k++) { SG_VEC_FREE (s[k].x); SG_VEC_FREE (s[k].y); }
  memset (s, 0, sizeof s);
  SG_VEC_PUSH (s[0].x, 0.0);
  SG_VEC_PUSH (s[0].y, 0.0);
  st = q (db, "SELECT created_elapsed FROM buckets WHERE merged_into IS NULL ORDER BY created_elapsed");
  double nbk = 0;
  while (st && sqlite3_step (st) == SQLITE_ROW)
    {
      nbk += 1;
      SG_VEC_PUSH (s[0].x, sqlite3_column_double (st, 0));
      SG_VEC_PUSH (s[0].y, nbk);
    }
  sqlite3_finalize (st);
  double end = strtod (sg_db_meta_get (db, "elapsed", v, sizeof v) ? "0" : v, NULL);
  if (end > 0) { SG_VEC_PUSH (s[0].x, end); SG_VEC_PUSH (s[0].y, nbk); }
  const char *bn[] = { "buckets" }, *bc[] = { "#c0392b" };
  svg_plot (b, "plot-buckets", "New buckets over time", "buckets", s, 1, bn, bc, true);
  SG_VEC_FREE (s[0].x);
  SG_VEC_FREE (s[0].y);

}

/* The bucket's reproduce command (report_repro.c), shown before its issue text. */
static void
html_repro (sg_buf *b, sg_db *db, const char *dir, int64_t id, const char *reduced)
{
  sg_report_repro rp;
  if (bucket_repro (db, dir, id, reduced, &rp))
    {
      sg_buf_adds (b, "<p>Reproduce (the trigger saved as <code>bug.smt2</code>):</p><pre class=\"repro\">");
      if (rp.get_model)
        {
          html (b, SG_REPORT_GET_MODEL_LINE);
          sg_buf_addc (b, '\n');
        }
      html (b, rp.shell);
      sg_buf_adds (b, "</pre>\n<p>Expected: ");
      html (b, rp.expected);
      sg_buf_adds (b, ". Actual: ");
      html (b, rp.actual);
      sg_buf_adds (b, ".</p>\n");
    }
}

/* One bucket (the row st of BUCKET_COLS; r its listing, NULL when the listing failed): its
 * facts, triggers and issue text (h: the option tables of the report). */
static void
html_bucket (sg_buf *b, sg_db *db, const char *dir, sqlite3_stmt *st, const sg_report_bucket *r,
             sg_report_helps *h)
{
  int64_t id = sqlite3_column_int64 (st, 0);
  sg_buf_adds (b, "<div class=\"bucket kind-");
  html (b, col (st, 1));
  sg_buf_printf (b, "\" id=\"bucket-%lld\">\n<h3>Bucket %lld: ", (long long) id, (long long) id);
  html (b, col (st, 1));
  if (r && r->answer[0]) sg_buf_printf (b, " (wrong %s)", r->answer);
  sg_buf_adds (b, " &mdash; ");
  html (b, col (st, 2));
  sg_buf_addc (b, ' ');
  html (b, col (st, 3));
  sg_buf_adds (b, " &mdash; ");
  html (b, col (st, 4));
  sg_buf_printf (b, " &mdash; %lld finding%s</h3>\n<table class=\"meta\">", sqlite3_column_int64 (st, 6),
                 sqlite3_column_int64 (st, 6) == 1 ? "" : "s");
  if (r && r->bug) sg_buf_printf (b, "<tr><td>bug</td><td>%u</td></tr>", r->bug);
  if (r && r->answer[0])
    sg_buf_printf (b, "<tr><td>wrong answer</td><td>%s (the culprit answered %s wrongly)</td></tr>", r->answer, r->answer);
  if (col (st, 5)[0]) { sg_buf_adds (b, "<tr><td>signature</td><td><code>"); html (b, col (st, 5)); sg_buf_adds (b, "</code></td></tr>"); }
  if (r && r->options[0])
    {
      sg_buf_adds (b, "<tr><td>options</td><td><code>");
      html (b, r->options);
      sg_buf_adds (b, "</code>");
      if (strstr (r->options, "(experimental") || strstr (r->options, "expert)"))
        sg_buf_adds (b, " (a mark in parentheses: what the solver's own help says of the option before it)");
      sg_buf_adds (b, "</td></tr>");
    }
  if (r && r->triage_text[0])
    {
      sg_buf_adds (b, "<tr><td>releases</td><td>");
      html (b, r->triage_text);
      sg_buf_adds (b, "</td></tr>");
    }
  sg_buf_printf (b, "<tr><td>first found</td><td>after %.0fs</td></tr>", sqlite3_column_double (st, 12));
  sg_buf_adds (b, "<tr><td>first trigger</td><td>");
  html (b, col (st, 7));
  sg_buf_adds (b, "</td></tr><tr><td>reduction</td><td>");
  html (b, col (st, 9));
  if (col (st, 10)[0]) { sg_buf_adds (b, " ("); html (b, col (st, 10)); sg_buf_adds (b, ")"); }
  if (col (st, 8)[0]) { sg_buf_adds (b, ": "); html (b, col (st, 8)); }
  sg_buf_adds (b, "</td></tr></table>\n");
  bool cut = false;
  if (col (st, 8)[0])
    {
      char *t = read_text (dir, col (st, 8), TRIGGER_SHOW, &cut);
      sg_buf_adds (b, "<p>Reduced trigger:</p><pre class=\"reduced\">");
      html (b, t ? t : "(file missing)");
      if (cut) sg_buf_adds (b, "\n; ... (cut)");
      sg_buf_adds (b, "</pre>\n");
      free (t);
    }
  char *t = read_text (dir, col (st, 7), TRIGGER_SHOW, &cut);
  sg_buf_printf (b, "<details%s><summary>First trigger</summary><pre class=\"first\">",
                 col (st, 8)[0] ? "" : " open");
  html (b, t ? t : "(file missing)");
  if (cut) sg_buf_adds (b, "\n; ... (cut)");
  sg_buf_adds (b, "</pre></details>\n");
  free (t);
  html_repro (b, db, dir, id, col (st, 8));
  sg_buf it;
  sg_buf_init (&it);
  if (!issue (db, dir, id, h, &it))
    {
      sg_buf_adds (b, "<details><summary>Issue text (ready to paste)</summary><pre class=\"issue\">");
      html (b, sg_buf_cstr (&it));
      sg_buf_adds (b, "</pre></details>\n");
    }
  sg_buf_free (&it);
}

sg_rc
sg_report_html (const char *dir, const char *out, char *err, size_t esize)
{
  char path[PATH_MAX];
  snprintf (path, sizeof path, "%s/campaign.db", dir);
  sg_db db;
  if (sg_db_open (&db, path, false))
    {
      snprintf (err, esize, "%s", db.err);
      return SG_RC_IO;
    }
  char why[512];
  if (!sg_db_check (&db, why, sizeof why))
    {
      snprintf (err, esize, "%s: damaged campaign database (%s); rebuild it with: smtgrind bugs recover %s", path, why, dir);
      sg_db_close (&db);
      return SG_RC_PARSE;
    }
  sg_buf b;
  sg_buf_init (&b);
  sg_report_helps h = { 0 };
  sg_report_bugvec bv = { 0 };
  bool listed = !bugs (&db, dir, &h, &bv);
  html_header (&b, &db, dir, listed ? sg_report_bug_count (&bv) : 0);
  html_plots (&b, &db);
  sg_buf_adds (&b, "<h2>Summary</h2>\n");
  group_table (&b, &db, "by kind", "kind",
               "SELECT kind, COUNT (*), SUM (count) FROM buckets WHERE merged_into IS NULL GROUP BY kind ORDER BY kind");
  group_table (&b, &db, "by solver", "solver",
               "SELECT solver || ' ' || version, COUNT (*), SUM (count) FROM buckets WHERE merged_into IS NULL GROUP BY solver, version ORDER BY solver");
  group_table (&b, &db, "by logic", "logic",
               "SELECT logic, COUNT (*), SUM (count) FROM buckets WHERE merged_into IS NULL GROUP BY logic ORDER BY logic");
  group_table (&b, &db, "by technique (findings)", "technique",
               "SELECT technique, COUNT (DISTINCT bucket), COUNT (*) FROM findings GROUP BY technique ORDER BY technique");

  sg_buf_adds (&b, "<h2>Buckets</h2>\n");
  uint64_t nb = 0;
  sg_db_count (&db, "buckets", &nb);
  sg_report_ranked (&db);
  sqlite3_stmt *st = q (&db, BUCKET_COLS " WHERE merged_into IS NULL" SG_REPORT_ORDER);
  if (!st || nb == 0) sg_buf_adds (&b, "<p>No findings.</p>\n");
  else
    sg_buf_adds (&b, "<p>In the order solver developers ask for: wrong unsat answers, wrong sat answers,"
                     " invalid models, crashes, then the rest (ties by bucket id).</p>\n");
  uint32_t k = 0; /* bv is in the same order (SG_REPORT_ORDER) */
  while (st && sqlite3_step (st) == SQLITE_ROW)
    {
      const sg_report_bucket *r = NULL;
      if (listed && k < bv.n && bv.a[k].id == sqlite3_column_int64 (st, 0)) r = &bv.a[k++];
      html_bucket (&b, &db, dir, st, r, &h);
      sg_buf_adds (&b, "</div>\n");
    }
  sqlite3_finalize (st);
  SG_VEC_FREE (bv);
  sg_report_helps_free (&h);
  sg_buf_adds (&b, "<p style=\"color:#777;font-size:12px\">Written by smtgrind " SG_VERSION ".</p>\n</body></html>\n");
  sg_db_close (&db);
  /* out "-": standard output. */
  bool std = !strcmp (out, "-");
  sg_rc rc = !sg_buf_ok (&b) ? SG_RC_NOMEM
             : !std ? sg_file_write_atomic (out, b.s, b.len, true)
             : fwrite (b.s, 1, b.len, stdout) == b.len && fflush (stdout) == 0 ? SG_RC_OK : SG_RC_IO;
  if (rc) snprintf (err, esize, "cannot write %s: %s", std ? "the report to standard output" : out, strerror (errno));
  sg_buf_free (&b);
  return rc;
}

/* ---- consistency ------------------------------------------------------------------------- */

/* A stored path that names a readable regular file of the campaign (an empty path, one
 * outside findings/ and reduced/, or a FIFO counts as missing). */
static bool
exists (const char *dir, const char *rel)
{
  char path[PATH_MAX];
  struct stat st;
  if (!stored_path_ok (rel)) return false;
  resolve (dir, rel, path, sizeof path);
  return path[0] && stat (path, &st) == 0 && S_ISREG (st.st_mode) && access (path, R_OK) == 0;
}

uint64_t
sg_report_check (sg_db *db, const char *dir, FILE *f)
{
  uint64_t bad = 0, n = 0;
  sqlite3_stmt *st = q (db, "PRAGMA integrity_check");
  while (st && sqlite3_step (st) == SQLITE_ROW)
    if (strcmp (col (st, 0), "ok")) { fprintf (f, "integrity: %s\n", col (st, 0)); bad++; }
  sqlite3_finalize (st);
  st = q (db, "SELECT trigger, json FROM findings");
  while (st && sqlite3_step (st) == SQLITE_ROW)
    {
      n++;
      for (int k = 0; k < 2; k++)
        if (!exists (dir, col (st, k))) { fprintf (f, "missing file: %s\n", col (st, k)); bad++; }
    }
  sqlite3_finalize (st);
  st = q (db, "SELECT id, first_trigger, first_json, COALESCE (reduced_trigger, ''), count,"
              " (SELECT COUNT (*) FROM findings WHERE bucket = buckets.id), first_finding,"
              " (SELECT id FROM findings WHERE id = buckets.first_finding AND bucket = buckets.id)"
              " FROM buckets WHERE merged_into IS NULL");
  uint64_t nb = 0;
  while (st && sqlite3_step (st) == SQLITE_ROW)
    {
      nb++;
      for (int k = 1; k < 4; k++) /* the first pair always, the reduced trigger when there is one */
        if ((k < 3 || col (st, k)[0]) && !exists (dir, col (st, k)))
          { fprintf (f, "bucket %lld: missing file %s\n", sqlite3_column_int64 (st, 0), col (st, k)); bad++; }
      if (sqlite3_column_int64 (st, 4) != sqlite3_column_int64 (st, 5))
        { fprintf (f, "bucket %lld: count %lld but %lld findings\n", sqlite3_column_int64 (st, 0),
                   sqlite3_column_int64 (st, 4), sqlite3_column_int64 (st, 5)); bad++; }
      if (sqlite3_column_type (st, 7) == SQLITE_NULL)
        {
          fprintf (f, "bucket %lld: its first finding ", sqlite3_column_int64 (st, 0));
          if (sqlite3_column_type (st, 6) == SQLITE_NULL) fprintf (f, "is not recorded\n");
          else fprintf (f, "%lld is not in its findings\n", sqlite3_column_int64 (st, 6));
          bad++;
        }
    }
  sqlite3_finalize (st);
  /* Nothing hidden: every finding in a listed bucket (merging moves a bucket's findings and
   * keys to the bucket it merges into, and points every bucket merged into it there too, so
   * a merged bucket never holds findings and never leads to another merged one). */
  st = q (db, "SELECT f.id, f.trigger, f.bucket, b.id, b.merged_into FROM findings f"
              " LEFT JOIN buckets b ON b.id = f.bucket WHERE b.id IS NULL OR b.merged_into IS NOT NULL ORDER BY f.id");
  while (st && sqlite3_step (st) == SQLITE_ROW)
    {
      if (sqlite3_column_type (st, 3) == SQLITE_NULL)
        fprintf (f, "finding %lld (%s): its bucket %lld does not exist (the finding is in no listed bucket)\n",
                 sqlite3_column_int64 (st, 0), col (st, 1), sqlite3_column_int64 (st, 2));
      else
        fprintf (f, "finding %lld (%s): its bucket %lld is merged into bucket %lld (the finding is in no listed bucket)\n",
                 sqlite3_column_int64 (st, 0), col (st, 1), sqlite3_column_int64 (st, 2), sqlite3_column_int64 (st, 4));
      bad++;
    }
  sqlite3_finalize (st);
  st = q (db, "SELECT b.id, b.merged_into, t.id, t.merged_into FROM buckets b LEFT JOIN buckets t ON t.id = b.merged_into"
              " WHERE b.merged_into IS NOT NULL AND (t.id IS NULL OR t.merged_into IS NOT NULL OR t.id = b.id) ORDER BY b.id");
  while (st && sqlite3_step (st) == SQLITE_ROW)
    {
      if (sqlite3_column_type (st, 2) == SQLITE_NULL)
        fprintf (f, "bucket %lld: merged into bucket %lld, which does not exist\n", sqlite3_column_int64 (st, 0),
                 sqlite3_column_int64 (st, 1));
      else
        fprintf (f, "bucket %lld: merged into bucket %lld, which is merged itself (a chain or a cycle of merges)\n",
                 sqlite3_column_int64 (st, 0), sqlite3_column_int64 (st, 1));
      bad++;
    }
  sqlite3_finalize (st);
  st = q (db, "SELECT k.key, k.bucket FROM bucket_keys k LEFT JOIN buckets b ON b.id = k.bucket"
              " WHERE b.id IS NULL OR b.merged_into IS NOT NULL ORDER BY k.bucket");
  while (st && sqlite3_step (st) == SQLITE_ROW)
    {
      fprintf (f, "key %.40s: its bucket %lld is missing or merged (later findings with it would be hidden)\n",
               col (st, 0), sqlite3_column_int64 (st, 1));
      bad++;
    }
  sqlite3_finalize (st);
  /* One entry per bug: no two buckets of one kind and solver with alpha-equivalent reduced
   * triggers (two solvers or two kinds on one trigger are two bugs, never merged). */
  st = q (db, "SELECT id, reduced_trigger, kind, solver FROM buckets WHERE merged_into IS NULL"
              " AND reduced_trigger IS NOT NULL ORDER BY id");
  typedef struct { int64_t id; char *nf; } anf;
  SG_VEC (anf) forms = { 0 };
  while (st && sqlite3_step (st) == SQLITE_ROW)
    {
      bool cut = false;
      char *text = read_text (dir, col (st, 1), (size_t) 1 << 20, &cut);
      if (!text) continue;
      sg_buf nfb;
      sg_buf_init (&nfb);
      sg_buf_printf (&nfb, "%s|%s|", col (st, 2), col (st, 3));
      anf e = { sqlite3_column_int64 (st, 0), NULL };
      if (!cut && sg_dedup_alpha (text, strlen (text), &nfb) == SG_RC_OK)
        e.nf = strdup (sg_buf_cstr (&nfb));
      sg_buf_free (&nfb);
      free (text);
      if (!e.nf) continue;
      for (uint32_t i = 0; i < forms.n; i++)
        if (!strcmp (forms.a[i].nf, e.nf))
          {
            fprintf (f, "buckets %lld and %lld: alpha-equivalent reduced triggers (one bug, two buckets)\n",
                     (long long) forms.a[i].id, (long long) e.id);
            bad++;
            break;
          }
      if (!SG_VEC_PUSH (forms, e)) free (e.nf);
    }
  sqlite3_finalize (st);
  for (uint32_t i = 0; i < forms.n; i++) free (forms.a[i].nf);
  SG_VEC_FREE (forms);
  st = q (db, "SELECT COUNT (*), COUNT (DISTINCT rng_seed) FROM slices");
  if (st && sqlite3_step (st) == SQLITE_ROW)
    {
      if (sqlite3_column_int64 (st, 0) != sqlite3_column_int64 (st, 1))
        { fprintf (f, "slices: %lld slices but %lld distinct rng seeds\n", sqlite3_column_int64 (st, 0), sqlite3_column_int64 (st, 1)); bad++; }
      long long ns = sqlite3_column_int64 (st, 0), nd = sqlite3_column_int64 (st, 1);
      fprintf (f, "%llu finding%s, %llu bucket%s, %lld slice%s (%lld distinct rng seed%s): %s\n",
               (unsigned long long) n, n == 1 ? "" : "s", (unsigned long long) nb, nb == 1 ? "" : "s", ns,
               ns == 1 ? "" : "s", nd, nd == 1 ? "" : "s", bad ? "PROBLEMS" : "ok");
    }
  sqlite3_finalize (st);
  return bad;
}
