/* camp_reducer: a campaign's background reducer — claims the pending buckets one at a time,
 * runs our own binary's `reduce --finding` on the bucket's first trigger (with a time cap),
 * and stores the reduced trigger with the key that merges buckets (campaign/db.h); then
 * triages each reduced bucket over the releases of its solver's family: our own binary's
 * `triage --json` on the reduced trigger with the campaign's solvers (a time cap), its JSON
 * stored in the table triage (db.h). */
#include "campaign/campaign_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/file.h"
#include "base/hash.h"
#include "base/json.h"
#include "campaign/dedup.h"
#include "run/release.h"
#include "run/spawn.h"

static void
first_line (const char *s, size_t n, char *out, size_t size)
{
  size_t i = 0;
  while (i < n && (s[i] == '\n' || s[i] == ' ')) i++;
  size_t e = i;
  while (e < n && s[e] != '\n') e++;
  snprintf (out, size, "%.*s", (int) (e - i), s + i);
}

/* The key of a bucket whose reduced trigger is text, from the bucket's key, into rkey:
 * buckets whose reduced triggers have one key become one (sg_db_reduce_done). */
static void
reduced_key (const char *key, const char *text, size_t len, char *rkey, size_t rsize)
{
  if (strncmp (key, "crash|", 6))
    {
      /* The reduced shape (leaves and names dropped): alpha-equivalent triggers always share
       * it, so their buckets become one. The key is sg_dedup_key's of the reduced text:
       * KIND|SOLVER of the bucket, then the reduced text's own logic (the reducer may make
       * set-logic smaller, so the bucket's first logic would keep two alpha-equivalent
       * reduced triggers apart). */
      const char *b1 = strchr (key, '|'), *b2 = b1 ? strchr (b1 + 1, '|') : NULL;
      const char *b3 = b2 ? strchr (b2 + 1, '|') : NULL;
      char kind[64], solver[256], logic[64];
      snprintf (kind, sizeof kind, "%.*s", b1 ? (int) (b1 - key) : 0, key);
      snprintf (solver, sizeof solver, "%.*s", b1 && b2 ? (int) (b2 - b1 - 1) : 0, b1 ? b1 + 1 : "");
      sg_dedup_logic (text, len, logic, sizeof logic);
      /* an incremental finding's key keeps its query kind (its signature) */
      const char *sig = b3 && !strncmp (b3 + 1, "incremental: ", 13) ? b3 + 1 : NULL;
      sg_dedup_key (kind, solver, logic, sig, text, len, rkey, rsize);
    }
  else
    {
      /* Crashes of one solver whose reduced triggers are alpha-equivalent: one bucket,
       * whatever their signatures said. */
      const char *bar2 = strchr (key + 6, '|');
      int pl = bar2 ? (int) (bar2 - key) : (int) strlen (key);
      snprintf (rkey, rsize, "%.*s|alpha %016llx", pl, key, (unsigned long long) sg_dedup_alpha_hash (text, len));
    }
  /* --option-fuzz: the minimised options (the reduced trigger's first line, written by
   * `reduce --finding`) are part of the key: one shape under other options is another bug. */
  static const char mark[] = "; smtgrind options: ";
  if (len > sizeof mark - 1 && !memcmp (text, mark, sizeof mark - 1))
    {
      const char *o = text + sizeof mark - 1, *nl = memchr (o, '\n', len - (sizeof mark - 1));
      size_t ol = nl ? (size_t) (nl - o) : len - (sizeof mark - 1), kl = strlen (rkey);
      if (kl + 7 < rsize) snprintf (rkey + kl, rsize - kl, "|opts %08x", sg_hash_bytes (o, ol));
    }
}

/* Run argv (our binary's `reduce` or `triage`) to its end, at most cap_s seconds (it may
 * ignore its own budget: then SIGTERM to its group at the cap, SIGKILL a second later). A hard
 * stop (the campaign's end, Ctrl-C) sends SIGTERM to its group at once: it and its solvers
 * stop and remove their directories (run/spawn.h), SIGKILL after 3 s; *killed says so. */
static void
run_child (const char *const *argv, double cap_s, shared *sh, sg_spawn_result *res, bool *killed)
{
  sg_spawn_opts so;
  memset (&so, 0, sizeof so);
  so.argv = argv;
  so.out_cap = 1 << 16;
  so.err_cap = 1 << 16;
  sg_spawn_proc pr;
  *killed = false;
  double cap = sg_spawn_now () + cap_s;
  if (sg_spawn_start (&so, &pr, res) != SG_RC_OK || res->end == SG_END_EXEC_FAILED) return;
  for (;;)
    {
      sg_pump_stop why;
      if (LOAD (sh->hard_stop))
        {
          kill (-pr.pid, SIGTERM);
          sg_spawn_finish (&pr, sg_spawn_now () + 3, res);
          *killed = true;
          return;
        }
      double dl = sg_spawn_now () + 0.3;
      if (sg_spawn_pump (&pr, dl, NULL, NULL, res, &why) || why == SG_PUMP_EOF) break;
      if (sg_spawn_now () > cap) break;
    }
  sg_spawn_finish (&pr, sg_spawn_now () + 1, res);
}

/* Did the child fail because our binary has no such subcommand (an older smtgrind, another
 * program as --reducer)? */
static bool
no_subcommand (const sg_spawn_result *res, const char *line)
{
  return res->end == SG_END_EXEC_FAILED
         || (res->end == SG_END_EXITED && res->exit_code == 2 && strstr (line, "unknown subcommand"));
}

/* ---- triage ---------------------------------------------------------------------------------- */

/* The background triage of one session. */
typedef struct triager {
  const sg_campaign_opts *o;
  sg_db *db;
  bool off;                   /* this binary cannot triage: off for the session */
  SG_VEC (int64_t) skip;      /* buckets tried, or not to try, this session */
  char off_families[64];      /* " z3 cvc5 ": families whose releases cannot be listed */
  char spec[8192], spec_file[4096], referee[1024]; /* the campaign's solvers (table meta) */
} triager;

/* A line "campaign: triage: ..." in the log (not over the status screen). */
static void __attribute__ ((format (printf, 2, 3)))
log_note (const triager *tr, const char *fmt, ...)
{
  if (tr->o->screen) return;
  va_list ap;
  va_start (ap, fmt);
  fprintf (tr->o->log, "campaign: triage: ");
  vfprintf (tr->o->log, fmt, ap);
  fputc ('\n', tr->o->log);
  va_end (ap);
}

/* The JSON that `triage --json` printed for one trigger (text) into t, with the strings in
 * keep (versions_json) and j; false when there is none. */
static bool
triage_json (const char *text, size_t len, sg_json *j, sg_buf *keep, sg_db_triage *t)
{
  const char *brace = memchr (text, '{', len);
  sg_diag d;
  sg_diag_init (&d, "triage --json");
  if (!brace || sg_json_parse (brace, len - (size_t) (brace - text), "triage --json", j, &d)) return false;
  if (j->n.a[0].kind != SG_JSON_OBJ || !sg_json_str (j, sg_json_get (j, 0, "outcome")))
    {
      sg_json_free (j);
      return false;
    }
  t->outcome = sg_json_str (j, sg_json_get (j, 0, "outcome"));
  t->family = sg_json_str (j, sg_json_get (j, 0, "family"));
  t->newest = sg_json_str (j, sg_json_get (j, 0, "newest"));
  t->first_bad = sg_json_str (j, sg_json_get (j, 0, "first_bad"));
  t->last_bad = sg_json_str (j, sg_json_get (j, 0, "last_bad"));
  t->fixed_in = sg_json_str (j, sg_json_get (j, 0, "fixed_in"));
  t->open = sg_json_num (j, sg_json_get (j, 0, "open_in_newest"), 0) != 0;
  t->tests = (uint32_t) sg_json_u64 (j, sg_json_get (j, 0, "tests"), 0);
  t->note = sg_json_str (j, sg_json_get (j, 0, "why"));
  uint32_t v = sg_json_get (j, 0, "versions");
  sg_buf_addc (keep, '{');
  if (v != UINT32_MAX && j->n.a[v].kind == SG_JSON_OBJ)
    for (uint32_t k = j->n.a[v].first; k != UINT32_MAX; k = j->n.a[k].next)
      {
        const char *key = j->strs.a + j->n.a[k].key, *mark = sg_json_str (j, k);
        if (!mark) continue;
        if (keep->len > 1) sg_buf_adds (keep, ", ");
        sg_json_string (keep, key, strlen (key));
        sg_buf_adds (keep, ": ");
        sg_json_string (keep, mark, strlen (mark));
      }
  sg_buf_addc (keep, '}');
  t->versions_json = sg_buf_ok (keep) ? sg_buf_cstr (keep) : "{}";
  return true;
}

/* Triage the next bucket of the queue (sg_db_triage_next) whose solver has releases: our
 * binary's `triage --json` on its reduced trigger, kind and solver given, with the campaign's
 * solvers and solver timeout, at most triage_budget_s; its answer stored. False when there is
 * none left (or the campaign stops). */
static bool
triage_step (triager *tr, shared *sh)
{
  const sg_campaign_opts *o = tr->o;
  int64_t id = 0;
  char kind[64], solver[256], rel[PATH_MAX], path[PATH_MAX], fam[18];
  const char *family = NULL;
  for (;;)
    {
      if (tr->off || sg_db_triage_next (tr->db, tr->skip.a, tr->skip.n, &id, kind, sizeof kind, solver, sizeof solver,
                                        rel, sizeof rel) || !id)
        return false;
      if (!SG_VEC_PUSH (tr->skip, id)) return false;
      family = sg_release_family_of (solver);
      snprintf (fam, sizeof fam, " %s ", family ? family : "");
      if (family && !strstr (tr->off_families, fam)
          && (size_t) snprintf (path, sizeof path, "%s/%s", o->dir, rel) < sizeof path)
        break;
    }
  char t_s[32];
  snprintf (t_s, sizeof t_s, "%.3f", o->timeout_ms / 1000.0);
  const char *argv[16] = { o->self_exe, "triage", "--json", "--kind", kind, "--blamed", solver, "-t", t_s,
                           "--referee", tr->referee[0] ? tr->referee : "auto" };
  int n = 11;
  argv[n++] = tr->spec_file[0] ? "--solvers-file" : "--solvers";
  argv[n++] = tr->spec_file[0] ? tr->spec_file : tr->spec;
  argv[n++] = path;
  argv[n] = NULL;
  sg_spawn_result res;
  sg_spawn_result_init (&res);
  bool killed;
  double t0 = sg_spawn_now ();
  run_child (argv, o->triage_budget_s, sh, &res, &killed);
  bool over = !killed && sg_spawn_now () - t0 > o->triage_budget_s;
  if (killed)
    {
      sg_spawn_result_free (&res);
      return false; /* not stored: the next session does it again */
    }
  char line[200] = "", why[300];
  first_line (res.err.s ? res.err.s : "", res.err.len, line, sizeof line);
  sg_json j;
  sg_buf keep;
  sg_buf_init (&keep);
  sg_db_triage t;
  memset (&t, 0, sizeof t);
  t.bucket = id;
  bool parsed = res.out.s && triage_json (res.out.s, res.out.len, &j, &keep, &t);
  if (parsed && !strcmp (t.outcome, "no releases"))
    {
      /* No list of releases (no network, no cached list): not stored, the family off. */
      size_t l = strlen (tr->off_families);
      snprintf (tr->off_families + l, sizeof tr->off_families - l, "%s", l ? fam + 1 : fam);
      log_note (tr, "off for %s this session: %s", family, t.note ? t.note : "its releases cannot be listed");
    }
  else if (!parsed && no_subcommand (&res, line))
    {
      tr->off = true;
      log_note (tr, "off: %s has no 'triage' subcommand", o->self_exe);
    }
  else
    {
      if (!parsed)
        {
          if (over) snprintf (why, sizeof why, "over the triage budget of %.0f s", o->triage_budget_s);
          else if (res.end == SG_END_EXITED) snprintf (why, sizeof why, "exit %d: %s", res.exit_code, line);
          else snprintf (why, sizeof why, "signal %d: %s", res.sig, line);
          t.outcome = "failed";
          t.family = family;
          t.note = why;
        }
      if (!t.family) t.family = family;
      const char *in = !strcmp (t.outcome, "fixed") ? t.fixed_in : !strcmp (t.outcome, "open") ? t.newest : NULL;
      bool nr = !strcmp (t.outcome, "not reproduced") && t.note && t.note[0]; /* the note says so */
      if (sg_db_triage_put (tr->db, &t)) log_note (tr, "bucket %lld: not stored: %s", (long long) id, tr->db->err);
      else
        log_note (tr, "bucket %lld: %s%s%s%s%s", (long long) id, nr ? "" : t.outcome, in ? " in " : "", in ? in : "",
                  !nr && t.note && t.note[0] ? ": " : "", t.note ? t.note : "");
    }
  if (parsed) sg_json_free (&j);
  sg_buf_free (&keep);
  sg_spawn_result_free (&res);
  return true;
}

void
sg_camp_reducer_main (const sg_campaign_opts *o, const char *dbpath, shared *sh)
{
  sg_db db;
  if (sg_db_open (&db, dbpath, false))
    {
      fprintf (o->log, "campaign: reducer: %s\n", db.err);
      return;
    }
  triager tr;
  memset (&tr, 0, sizeof tr);
  tr.o = o, tr.db = &db, tr.off = !o->triage;
  sg_db_meta_get (&db, "solvers", tr.spec, sizeof tr.spec);
  sg_db_meta_get (&db, "solvers_file", tr.spec_file, sizeof tr.spec_file);
  sg_db_meta_get (&db, "referee", tr.referee, sizeof tr.referee);
  if (!tr.spec[0] && !tr.spec_file[0]) tr.off = true; /* no stored solvers (a merge): nothing to run */
  bool unavailable = false;
  while (!LOAD (sh->hard_stop))
    {
      int64_t id = 0;
      char json[PATH_MAX], trig[PATH_MAX], key[512];
      if (sg_db_reduce_claim (&db, &id, json, sizeof json, trig, sizeof trig, key, sizeof key))
        {
          sg_nap (0.5);
          continue;
        }
      if (!id)
        {
          /* No reduction waiting: the reduced buckets not triaged yet (an earlier session's
           * too), one at a time. */
          if (triage_step (&tr, sh)) continue;
          if (LOAD (sh->drain)) break;
          sg_nap (0.3);
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
      sg_spawn_result res;
      sg_spawn_result_init (&res);
      bool killed = false;
      run_child (argv, o->reduce_budget_s + 30, sh, &res, &killed);
      __atomic_store_n (&sh->reducing, 0, __ATOMIC_RELAXED);
      char note[200] = "";
      if (killed)
        {
          unlink (tmp);
          sg_db_reduce_done (&db, id, "pending", NULL, "interrupted", NULL);
          sg_spawn_result_free (&res);
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
              reduced_key (key, text, len, rkey, sizeof rkey);
              rk = rkey;
            }
          snprintf (note, sizeof note, "%llu bytes in %.1fs", (unsigned long long) stt.st_size, res.wall_s);
          sg_db_reduce_done (&db, id, "done", rel, note, rk);
          free (text);
          /* Then its triage (or, merged into an older bucket, that one's where it has none). */
          triage_step (&tr, sh);
        }
      else
        {
          unlink (tmp);
          char line[160] = "";
          first_line (res.err.s ? res.err.s : "", res.err.len, line, sizeof line);
          if (no_subcommand (&res, line))
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
  SG_VEC_FREE (tr.skip);
  sg_db_close (&db);
}
