#define _DEFAULT_SOURCE /* realpath */
/* cmd_merge: `merge` — campaigns (shards, merges) into one relocatable campaign directory
 * (campaign/merge.h), again and again without change. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/vec.h"
#include "campaign/merge.h"
#include "campaign/report.h"
#include "cli/cli.h"

/* Is dir a campaign we can read (its database there and whole)? Says why not on stderr. */
static bool
readable_campaign (const char *dir)
{
  char path[PATH_MAX], why[512];
  struct stat stt;
  if ((size_t) snprintf (path, sizeof path, "%s/campaign.db", dir) >= sizeof path || stat (path, &stt) != 0)
    {
      fprintf (stderr, "smtgrind merge: error: %s: not a campaign directory (no campaign.db)\n", dir);
      return false;
    }
  sg_db db;
  bool ok = !sg_db_open (&db, path, false);
  if (!ok) snprintf (why, sizeof why, "%s", sg_db_err_unprefixed (&db, path));
  if (ok && !sg_db_check (&db, why, sizeof why)) ok = false;
  sg_db_close (&db);
  if (!ok)
    fprintf (stderr, "smtgrind merge: error: %s: damaged campaign database (%s, %lld bytes); rebuild it"
                     " from the finding files with: smtgrind bugs recover %s\n", path, why, (long long) stt.st_size, dir);
  return ok;
}

int
sg_cli_merge (const sg_cli_cmd *cmd, int argc, char **argv)
{
  const char *out = NULL;
  SG_VEC (const char *) dirs = { 0 };
  int code = SG_EXIT_OK;
  for (int i = 1; i < argc && !code; i++)
    {
      if (sg_cli_is_help (argv[i])) { sg_cli_usage (cmd, stdout); SG_VEC_FREE (dirs); return SG_EXIT_OK; }
      int r = sg_cli_value (cmd, argc, argv, &i, "--out", "-o", &out);
      if (r < 0) code = SG_EXIT_INPUT;
      else if (r > 0) continue;
      else if (argv[i][0] == '-' && argv[i][1]) code = sg_cli_usage_error (cmd, "unknown option '%s'", argv[i]);
      else if (!SG_VEC_PUSH (dirs, argv[i])) code = SG_EXIT_INTERNAL;
    }
  if (!code && !dirs.n) code = sg_cli_usage_error (cmd, "expected campaign directories");
  for (uint32_t i = 0; i < dirs.n && !code; i++)
    if (!readable_campaign (dirs.a[i])) code = SG_EXIT_INPUT;
  if (code) { SG_VEC_FREE (dirs); return code; }
  char outdir[PATH_MAX], real_out[PATH_MAX], real[PATH_MAX], err[PATH_MAX + 256];
  if (out) snprintf (outdir, sizeof outdir, "%s", out);
  else
    {
      time_t t = time (NULL);
      struct tm tm;
      localtime_r (&t, &tm);
      strftime (outdir, sizeof outdir, "merged-%Y%m%d-%H%M%S", &tm);
    }
  if (sg_cli_out_dir ("merge", outdir)) { SG_VEC_FREE (dirs); return SG_EXIT_INPUT; }
  sg_db dst;
  int lock;
  sg_rc rc = sg_merge_open (outdir, &dst, &lock, stderr);
  if (rc) { SG_VEC_FREE (dirs); return SG_EXIT_INPUT; }
  if (!realpath (outdir, real_out)) real_out[0] = 0;
  sg_merge_stats total = { 0 };
  for (uint32_t i = 0; i < dirs.n && !code; i++)
    {
      if (realpath (dirs.a[i], real) && !strcmp (real, real_out))
        {
          fprintf (stderr, "merge: %s is the output itself: nothing to add\n", dirs.a[i]);
          continue;
        }
      sg_merge_stats st = { 0 };
      if (sg_merge_campaign (&dst, outdir, dirs.a[i], &st, err, sizeof err))
        {
          fprintf (stderr, "smtgrind merge: error: %s\n", err);
          code = SG_EXIT_INPUT;
        }
      fprintf (stderr, "merge: %s: %llu finding%s added, %llu already there (%llu file%s linked, %llu copied)",
               dirs.a[i], (unsigned long long) st.added, st.added == 1 ? "" : "s", (unsigned long long) st.known,
               (unsigned long long) st.linked, st.linked == 1 ? "" : "s", (unsigned long long) st.copied);
      if (st.reductions)
        fprintf (stderr, "; %llu reduction%s finished since an earlier merge", (unsigned long long) st.reductions,
                 st.reductions == 1 ? "" : "s");
      fputc ('\n', stderr);
      if (st.slices_skipped)
        fprintf (stderr, "smtgrind merge: warning: %s/campaign.db: %llu slice row%s left out of the work counters:"
                 " a worker number outside 0..2^40 (a damaged row; its findings are merged)\n", dirs.a[i],
                 (unsigned long long) st.slices_skipped, st.slices_skipped == 1 ? "" : "s");
      total.added += st.added;
      total.known += st.known;
    }
  sg_merge_versions (&dst, stderr);
  if (code == SG_EXIT_OK)
    {
      uint64_t nf = 0, nb = 0;
      sg_db_count (&dst, "findings", &nf);
      sg_db_count (&dst, "buckets", &nb);
      printf ("merged %u campaign%s into %s: %llu finding%s in %llu bucket%s (%llu added now)\n", dirs.n,
              dirs.n == 1 ? "" : "s", outdir, (unsigned long long) nf, nf == 1 ? "" : "s", (unsigned long long) nb,
              nb == 1 ? "" : "s", (unsigned long long) total.added);
      sg_report_list (&dst, outdir, stdout, true);
    }
  sg_db_close (&dst);
  close (lock);
  SG_VEC_FREE (dirs);
  return code;
}
