/* camp_reducer: a campaign's background reducer — claims the pending buckets one at a time,
 * runs our own binary's `reduce --finding` on the bucket's first trigger (with a time cap),
 * and stores the reduced trigger with the key that merges buckets (campaign/db.h). */
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
#include "base/hash.h"
#include "campaign/dedup.h"
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
      char kind[64], solver[256], logic[64];
      snprintf (kind, sizeof kind, "%.*s", b1 ? (int) (b1 - key) : 0, key);
      snprintf (solver, sizeof solver, "%.*s", b1 && b2 ? (int) (b2 - b1 - 1) : 0, b1 ? b1 + 1 : "");
      sg_dedup_logic (text, len, logic, sizeof logic);
      sg_dedup_key (kind, solver, logic, NULL, text, len, rkey, rsize);
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

void
sg_camp_reducer_main (const sg_campaign_opts *o, const char *dbpath, shared *sh)
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
          sg_nap (0.5);
          continue;
        }
      if (!id)
        {
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
              reduced_key (key, text, len, rkey, sizeof rkey);
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
