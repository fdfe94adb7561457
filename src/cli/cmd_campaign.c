#define _DEFAULT_SOURCE /* realpath */
/* cmd_campaign: `campaign` (the main job), `report` and `bugs` — the findings database of
 * src/campaign seen from the command line (`merge`: cmd_merge.c). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "campaign/report.h"
#include "cli/cli.h"
#include "cli/datadir.h"
#include "cli/fuzzflags.h"
#include "cli/seeds.h"
#include "base/file.h"
#include "run/release.h"

typedef SG_VEC (const char *) input_vec;

/* s as one POSIX shell word for the commands we print: as it is when it holds only
 * [A-Za-z0-9_./-] (and is not empty), else in single quotes with each ' written '\''.
 * Returns buf (size 4 * strlen (s) + 3 always suffices; longer words are cut). */
static const char *
shell_word (const char *s, char *buf, size_t size)
{
  bool plain = *s != 0;
  for (const char *p = s; *p && plain; p++)
    plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')
            || *p == '_' || *p == '.' || *p == '/' || *p == '-';
  if (plain) { snprintf (buf, size, "%s", s); return buf; }
  size_t n = 0;
  if (n + 1 < size) buf[n++] = '\'';
  for (const char *p = s; *p && n + 5 < size; p++)
    if (*p == '\'') { memcpy (buf + n, "'\\''", 4); n += 4; }
    else buf[n++] = *p;
  if (n + 1 < size) buf[n++] = '\'';
  buf[n < size ? n : size - 1] = 0;
  return buf;
}

/* "opfuzz=2,typefuzz,fuse-sat=1" into engines. */
static bool
parse_engines (const char *s, sg_campaign_opts *o, char *err, size_t esize)
{
  o->nengines = 0;
  while (*s)
    {
      size_t n = strcspn (s, ",");
      char item[64];
      if (n == 0 || n >= sizeof item) { snprintf (err, esize, "bad engine list"); return false; }
      memcpy (item, s, n);
      item[n] = 0;
      s += n + (s[n] == ',');
      char *eq = strchr (item, '=');
      uint64_t wgt = 1;
      if (eq)
        {
          *eq = 0;
          if (!sg_cli_parse_u64 (eq + 1, 0, 1000, &wgt)) { snprintf (err, esize, "weight of '%s' must be 0..1000", item); return false; }
        }
      const sg_technique *t;
      sg_tech_mode mode;
      if (!sg_technique_engine (item, &t, &mode))
        {
          char names[256];
          sg_technique_engine_names (names, sizeof names);
          snprintf (err, esize, "unknown engine '%s' (%s)", item, names);
          return false;
        }
      if (strlen (item) >= sizeof o->engines[0].name) { snprintf (err, esize, "engine name too long"); return false; }
      if (o->nengines >= SG_CAMPAIGN_MAX_ENGINES) { snprintf (err, esize, "too many engines"); return false; }
      if (!wgt) continue;
      sg_campaign_engine *e = &o->engines[o->nengines++];
      memcpy (e->name, item, strlen (item) + 1);
      e->weight = (uint32_t) wgt;
      e->chain = t->campaign_chain;
    }
  if (!o->nengines) { snprintf (err, esize, "no engine with a positive weight"); return false; }
  return true;
}

/* Is `name` an executable in PATH? */
static bool
in_path (const char *name)
{
  const char *p = getenv ("PATH");
  if (!p) return false;
  while (*p)
    {
      size_t n = strcspn (p, ":");
      char f[PATH_MAX];
      if ((size_t) snprintf (f, sizeof f, "%.*s/%s", (int) n, p, name) < sizeof f && access (f, X_OK) == 0)
        return true;
      p += n + (p[n] == ':');
    }
  return false;
}

/* dir/name into out; false when it does not fit. */
static bool
path_in (char *out, size_t size, const char *dir, const char *name)
{
  return (size_t) snprintf (out, size, "%s/%s", dir, name) < size;
}

static bool open_campaign (const char *dir, sg_db *db);

static uint32_t
cores (void)
{
  long n = sysconf (_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > 64 ? 64 : (uint32_t) n;
}

/* The number of bugs of the campaign in dir (0 when its database cannot be read). */
static uint32_t
bug_count (const char *dir)
{
  sg_db db;
  char path[PATH_MAX];
  if (!path_in (path, sizeof path, dir, "campaign.db")) return 0;
  if (sg_db_open (&db, path, false)) return 0;
  sg_report_bugvec v = { 0 };
  uint32_t n = sg_report_bugs (&db, dir, &v) ? 0 : sg_report_bug_count (&v);
  SG_VEC_FREE (v);
  sg_db_close (&db);
  return n;
}

/* Findings in no listed bucket (a damaged database) are said, never silently left out. */
static void
warn_hidden (sg_db *db, const char *dir)
{
  uint64_t n = sg_report_hidden (db);
  if (n)
    fprintf (stderr, "smtgrind: warning: %s/campaign.db: %llu finding%s in no listed bucket (a damaged database;"
             " 'smtgrind bugs check %s' names them, 'smtgrind bugs recover %s' rebuilds it from findings/)\n",
             dir, (unsigned long long) n, n == 1 ? " is" : "s are", dir, dir);
}

static int
summary (const char *dir, FILE *f)
{
  sg_db db;
  char path[PATH_MAX];
  if (!path_in (path, sizeof path, dir, "campaign.db")) path[0] = 0;
  if (sg_db_open (&db, path, false)) return SG_EXIT_INTERNAL;
  sg_rc rc = sg_report_list (&db, dir, f, true);
  if (!rc) warn_hidden (&db, dir);
  sg_db_close (&db);
  if (rc == SG_RC_PARSE)
    fprintf (stderr, "smtgrind: warning: %s/campaign.db: a bucket's finding count is out of range: no bug list"
             " (a damaged database; 'smtgrind bugs recover %s' rebuilds it from findings/)\n", dir, dir);
  return SG_EXIT_OK;
}

/* ---- campaign ------------------------------------------------------------------------------ */

static void
campaign_defaults (sg_cli_fuzz_cfg *c, char *engines, size_t size)
{
  memset (c, 0, sizeof *c);
  sg_cli_fuzz_defaults (c, 5);
  c->budget_s = 60;
  c->reduce_budget_s = 30;
  c->triage_budget_s = 120;
  c->slice_s = 10;
  c->slice_chains = 2;
  c->reduce = c->report = c->triage = true;
  c->sessions = true;
  sg_technique_default_engines (engines, size); /* the technique table's defaults */
  c->engines = engines;
}

void
sg_cli_campaign_usage_text (sg_buf *out)
{
  sg_cli_fuzz_cfg c;
  char engines[256];
  campaign_defaults (&c, engines, sizeof engines);
  sg_cli_campaign_usage (&c, out);
}

/* The settings of a campaign as stored in its database (table meta), in this order. */
static const char *const meta_keys[] = {
  "inputs", "index", "solvers", "solvers_file", "engines", "seed", "jobs", "timeout", "budget",
  "elapsed", "shard", "slice", "slice_chains", "models", "incompleteness", "memout",
  "model_sample", "chain_timeouts", "referee", "option_fuzz", "option_cache", "reference", NULL,
};
enum { NMETA = sizeof meta_keys / sizeof meta_keys[0] - 1 };

typedef struct camp_run {
  sg_cli_fuzz_cfg c;
  uint32_t shard, nshards;
  const char *fixed_flag; /* the first flag given that --resume cannot change, or NULL */
  input_vec inputs;
  SG_VEC (char *) owned; /* strings read back from the database */
  char dir[PATH_MAX];
  char default_engines[256]; /* the technique table's defaults */
  char found[128];           /* the newest releases installed, or the solvers found in PATH */
  char seeds[PATH_MAX];      /* the seeds that ship with smtgrind (cli/datadir.h) */
  bool resumed;
  double elapsed0;
  const char *shard_from; /* --shard auto: the variable it came from (said once the lock is held) */
  int lock;               /* DIR/campaign.lock once taken, else -1 */
} camp_run;

/* argv into r. Returns SG_EXIT_OK, -1 after --help, or an exit code. */
static int
campaign_args (const sg_cli_cmd *cmd, int argc, char **argv, camp_run *r)
{
  sg_cli_fuzz_cfg *c = &r->c;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (sg_cli_is_help (a)) { sg_cli_usage (cmd, stdout); return -1; }
      int k = sg_cli_fuzz_parse (cmd, SG_CLI_CAMPAIGN, c, argc, argv, &i);
      if (k < 0) return SG_EXIT_INPUT;
      if (k > 0)
        {
          /* What a session may change; the rest is the campaign's (stored when it started). */
          static const char *const session[] = { "--resume", "--budget", "--log", "--no-reduce",
                                                 "--reduce-budget", "--reducer", "--no-report",
                                                 "--memout", "--no-triage", "--triage-budget", NULL };
          bool ok = false;
          size_t len = strcspn (a, "="); /* "--budget=60" */
          for (int m = 0; session[m] && !ok; m++) ok = strlen (session[m]) == len && !strncmp (a, session[m], len);
          if (!ok && !r->fixed_flag) r->fixed_flag = a;
          continue;
        }
      if (a[0] == '-' && a[1]) return sg_cli_usage_error (cmd, "unknown option '%s'", a);
      if (!SG_VEC_PUSH (r->inputs, a)) return SG_EXIT_INTERNAL;
    }
  r->nshards = 1;
  if (c->index && access (c->index, R_OK)) /* before a campaign directory is made */
    return sg_cli_usage_error (cmd, "--index: cannot read '%s': %s", c->index, strerror (errno));
  if (c->shard_spec && !strcmp (c->shard_spec, "auto"))
    return sg_cli_shard_auto (cmd, c->shards, &r->shard, &r->nshards, &r->shard_from);
  if (c->shards) return sg_cli_usage_error (cmd, "--shards belongs to --shard auto");
  if (c->shard_spec)
    {
      unsigned si, sn;
      char tail;
      const char *q = c->shard_spec;
      size_t k = strspn (q, "0123456789"); /* digits '/' digits: sscanf alone skips blanks, takes signs */
      bool digits = k > 0 && q[k] == '/' && strspn (q + k + 1, "0123456789") == strlen (q + k + 1) && q[k + 1];
      if (!digits || sscanf (c->shard_spec, "%u/%u%c", &si, &sn, &tail) != 2 || sn < 1 || si >= sn || sn > 100000)
        return sg_cli_usage_error (cmd, "--shard needs I/N with 0 <= I < N, or auto, got '%s'", c->shard_spec);
      r->shard = si, r->nshards = sn;
    }
  return SG_EXIT_OK;
}

/* A stored whole number: decimal digits only, lo..hi. */
static bool
meta_u64 (const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
  if (!s[0] || strlen (s) > 20) return false;
  for (const char *p = s; *p; p++)
    if (*p < '0' || *p > '9') return false;
  errno = 0;
  unsigned long long v = strtoull (s, NULL, 10);
  if (errno || v < lo || v > hi) return false;
  *out = v;
  return true;
}

/* A stored number of seconds: the whole string a finite decimal, lo..hi. */
static bool
meta_double (const char *s, double lo, double hi, double *out)
{
  char *end;
  errno = 0;
  double v = strtod (s, &end);
  if (!s[0] || *end || errno || !isfinite (v) || v < lo || v > hi) return false;
  *out = v;
  return true;
}

/* A stored shard "I/N" (0 <= I < N <= 100000). */
static bool
meta_shard (const char *s, uint32_t *i, uint32_t *n)
{
  const char *slash = strchr (s, '/');
  char a[24];
  uint64_t x, y;
  if (!slash || (size_t) (slash - s) >= sizeof a) return false;
  memcpy (a, s, (size_t) (slash - s));
  a[slash - s] = 0;
  if (!meta_u64 (a, 0, 99999, &x) || !meta_u64 (slash + 1, 1, 100000, &y) || x >= y) return false;
  *i = (uint32_t) x, *n = (uint32_t) y;
  return true;
}

/* The first stored setting of v that no campaign stores (the key), or NULL: every number is
 * read strictly and within the range its flag takes, so a damaged database never becomes a
 * campaign with a timeout of NaN, seed 0 for 'abc', shard 0/0 or no solvers (issue 14). */
static const char *
meta_problem (char *const v[NMETA], char *why, size_t size)
{
  uint64_t u;
  double x;
  uint32_t i, n;
  why[0] = 0;
  if (!v[2][0] && !v[3][0]) return "solvers";
  sg_campaign_opts eo;
  if (!v[4][0] || !parse_engines (v[4], &eo, why, size)) return "engines";
  if (!meta_u64 (v[5], 0, UINT64_MAX, &u)) return "seed";
  if (!meta_u64 (v[6], 1, 256, &u)) return "jobs";
  if (!meta_double (v[7], 0.01, 1e7, &x)) return "timeout";
  if (v[8][0] && !meta_double (v[8], 0, 1e12, &x)) return "budget";
  if (v[9][0] && !meta_double (v[9], 0, 1e12, &x)) return "elapsed";
  if (v[10][0] && !meta_shard (v[10], &i, &n)) return "shard";
  if (!meta_double (v[11], 1e-3, 1e8, &x)) return "slice";
  if (!meta_u64 (v[12], 1, UINT32_MAX, &u)) return "slice_chains";
  if (strcmp (v[13], "0") && strcmp (v[13], "1")) return "models";
  if (strcmp (v[14], "0") && strcmp (v[14], "1")) return "incompleteness";
  if (v[15][0] && strcmp (v[15], "auto") && !meta_u64 (v[15], 0, 16777216, &u)) return "memout";
  if (v[16][0] && !meta_u64 (v[16], 0, 100, &u)) return "model_sample";
  if (v[17][0] && !meta_u64 (v[17], 0, 1000000, &u)) return "chain_timeouts";
  return NULL;
}

/* The stored settings of the campaign in r->dir into v (strings owned by r). */
static int
load_meta (camp_run *r, char *v[NMETA])
{
  sg_db db;
  if (!open_campaign (r->dir, &db)) return SG_EXIT_INPUT;
  if (sg_db_is_merge (&db))
    {
      fprintf (stderr, "smtgrind campaign: error: %s is a merge of campaigns (smtgrind merge), not one to run"
                       " or continue: give another --out\n", r->dir);
      sg_db_close (&db);
      return SG_EXIT_INPUT;
    }
  char buf[8192];
  for (int k = 0; k < NMETA; k++)
    {
      sg_db_meta_get (&db, meta_keys[k], buf, sizeof buf);
      v[k] = strdup (buf);
      if (!v[k] || !SG_VEC_PUSH (r->owned, v[k])) { free (v[k]); sg_db_close (&db); return SG_EXIT_INTERNAL; }
    }
  sg_db_close (&db);
  char why[320];
  const char *bad = meta_problem (v, why, sizeof why);
  if (bad)
    {
      int k = 0;
      while (strcmp (meta_keys[k], bad)) k++;
      /* An engine this build does not know: a campaign of another smtgrind, or damage. */
      fprintf (stderr, "smtgrind campaign: error: %s/campaign.db: the stored setting '%s' is '%.80s', which no"
                       " campaign %s%s%s: start another campaign with --out\n",
               r->dir, bad, v[k], why[0] ? "of this smtgrind stores (" : "stores (a damaged database)",
               why, why[0] ? "; another version's campaign, or a damaged database)" : "");
      return SG_EXIT_INPUT;
    }
  return SG_EXIT_OK;
}

/* --resume DIR: the campaign's settings, as stored when it started. */
static int
campaign_resume (const sg_cli_cmd *cmd, camp_run *r)
{
  sg_cli_fuzz_cfg *c = &r->c;
  if (r->inputs.n || r->fixed_flag)
    return sg_cli_usage_error (cmd, "--resume takes the campaign's own settings (%s cannot change them): only --budget, --log, --no-reduce, --reduce-budget, --reducer, --no-report, --memout, --no-triage, --triage-budget",
                               r->fixed_flag ? r->fixed_flag : "seed files");
  char *v[NMETA] = { 0 };
  int code = load_meta (r, v);
  if (code) return code;
  for (char *p = v[0]; *p;) /* inputs: one per line */
    {
      char *nl = strchr (p, '\n');
      if (nl) *nl = 0;
      if (*p && !SG_VEC_PUSH (r->inputs, p)) return SG_EXIT_INTERNAL;
      if (!nl) break;
      p = nl + 1;
    }
  c->index = v[1][0] ? v[1] : NULL;
  c->spec = v[2][0] ? v[2] : NULL;
  c->spec_file = v[3][0] ? v[3] : NULL;
  c->engines = v[4];
  /* load_meta checked every value (meta_problem): these parses succeed. */
  uint64_t u = 0;
  double total = 0;
  r->elapsed0 = 0, r->shard = 0, r->nshards = 1; /* older campaigns stored neither */
  meta_u64 (v[5], 0, UINT64_MAX, &c->seed);
  meta_u64 (v[6], 1, 256, &u), c->jobs = (uint32_t) u;
  meta_double (v[7], 0.01, 1e7, &c->timeout_s);
  if (v[8][0]) meta_double (v[8], 0, 1e12, &total);
  if (v[9][0]) meta_double (v[9], 0, 1e12, &r->elapsed0);
  if (v[10][0]) meta_shard (v[10], &r->shard, &r->nshards);
  meta_double (v[11], 1e-3, 1e8, &c->slice_s);
  meta_u64 (v[12], 1, UINT32_MAX, &u), c->slice_chains = (uint32_t) u;
  c->models = !strcmp (v[13], "1");
  c->incompleteness = !strcmp (v[14], "1");
  /* Settings a campaign of an older smtgrind did not store keep their defaults. */
  if (c->memout_mb == UINT64_MAX && v[15][0] && strcmp (v[15], "auto")) c->memout_mb = strtoull (v[15], NULL, 10);
  if (v[16][0]) c->model_sample = (uint32_t) strtoul (v[16], NULL, 10);
  if (v[17][0]) c->chain_timeouts = (uint32_t) strtoul (v[17], NULL, 10);
  if (v[18][0]) c->referee = v[18];
  if (v[19][0]) c->option_fuzz = v[19];
  if (v[20][0]) c->option_cache = v[20];
  if (v[21][0]) c->tc.reference = v[21];
  if (!c->budget_s_given) c->budget_s = total > r->elapsed0 ? total - r->elapsed0 : 0;
  r->resumed = true;
  return SG_EXIT_OK;
}

static int campaign_continue (camp_run *r);

/* No seeds given: the seeds that ship with smtgrind, found beside the binary (cli/datadir.h). */
static bool
default_seeds (camp_run *r)
{
  sg_cli_data_path ("seeds", r->seeds, sizeof r->seeds);
  return SG_VEC_PUSH (r->inputs, r->seeds);
}

/* A new campaign: its directory, the installed solvers, the defaults that depend on the
 * machine. An --out that holds a campaign: campaign_continue. */
static int
campaign_new (camp_run *r)
{
  sg_cli_fuzz_cfg *c = &r->c;
  char path[PATH_MAX];
  if (!path_in (path, sizeof path, r->dir, "campaign.db")) path[0] = 0;
  struct stat stt;
  if (stat (path, &stt) == 0) return campaign_continue (r);
  if (!r->inputs.n && !default_seeds (r)) return SG_EXIT_INTERNAL;
  if (!c->spec && !c->spec_file)
    {
      /* The newest releases (run/release.h) where installed, the Debian solvers as referees;
       * else the Debian solvers themselves. */
      char *found = r->found;
      found[0] = 0;
      for (const char *s = SG_RELEASE_NEWEST; *s;)
        {
          size_t n = strcspn (s, ";");
          char word[48];
          snprintf (word, sizeof word, "%.*s", (int) n, s);
          s += n + (s[n] == ';');
          if (sg_release_installed (word)) { if (found[0]) strcat (found, ";"); strcat (found, word); }
        }
      if (found[0]) fprintf (stderr, "campaign: the newest releases: %s (the installed z3, cvc5, cvc4 referee)\n", found);
      else
        {
          const char *names[] = { "z3", "cvc5", "cvc4" };
          for (int k = 0; k < 3; k++)
            if (in_path (names[k])) { if (found[0]) strcat (found, ";"); strcat (found, names[k]); }
          if (found[0])
            fprintf (stderr, "campaign: the newest releases are not installed (smtgrind releases --install): "
                             "running the Debian solvers %s\n", found);
        }
      if (!found[0])
        {
          fprintf (stderr, "smtgrind campaign: error: no solver found in PATH (z3, cvc5, cvc4): give --solvers\n");
          return SG_EXIT_INPUT;
        }
      c->spec = found;
    }
  if (!c->jobs) c->jobs = cores ();
  if (!c->seed_given) c->seed = (uint64_t) time (NULL) ^ ((uint64_t) getpid () << 32);
  return SG_EXIT_OK;
}

/* A campaign's settings as stored (table meta, in the order of meta_keys). */
typedef struct settings {
  const char *val[NMETA];
  char v[NMETA][64], idx[PATH_MAX];
  sg_buf in; /* the inputs' real paths, one per line (free it) */
} settings;

static void
settings_of (const camp_run *r, settings *s)
{
  const sg_cli_fuzz_cfg *c = &r->c;
  sg_buf_init (&s->in);
  for (uint32_t i = 0; i < r->inputs.n; i++)
    {
      char real[PATH_MAX];
      sg_buf_adds (&s->in, realpath (r->inputs.a[i], real) ? real : r->inputs.a[i]);
      sg_buf_addc (&s->in, '\n');
    }
  s->idx[0] = 0;
  if (c->index && !realpath (c->index, s->idx)) snprintf (s->idx, sizeof s->idx, "%s", c->index);
  char (*v)[64] = s->v;
  snprintf (v[5], 64, "%llu", (unsigned long long) c->seed);
  snprintf (v[6], 64, "%u", c->jobs);
  snprintf (v[7], 64, "%g", c->timeout_s);
  snprintf (v[8], 64, "%g", c->budget_s);
  snprintf (v[9], 64, "0");
  snprintf (v[10], 64, "%u/%u", r->shard, r->nshards);
  snprintf (v[11], 64, "%g", c->slice_s);
  snprintf (v[12], 64, "%u", c->slice_chains);
  snprintf (v[13], 64, "%d", c->models);
  snprintf (v[14], 64, "%d", c->incompleteness);
  if (c->memout_mb == UINT64_MAX) snprintf (v[15], 64, "auto");
  else snprintf (v[15], 64, "%llu", (unsigned long long) c->memout_mb);
  snprintf (v[16], 64, "%u", c->model_sample);
  snprintf (v[17], 64, "%u", c->chain_timeouts);
  s->val[0] = sg_buf_cstr (&s->in);
  s->val[1] = s->idx;
  s->val[2] = c->spec ? c->spec : "";
  s->val[3] = c->spec_file ? c->spec_file : "";
  s->val[4] = c->engines;
  for (int k = 5; k < 18; k++) s->val[k] = v[k];
  s->val[18] = c->referee ? c->referee : "";
  s->val[19] = c->option_fuzz ? c->option_fuzz : "";
  s->val[20] = c->option_cache ? c->option_cache : "";
  s->val[21] = c->tc.reference ? c->tc.reference : "";
}

/* Store a new campaign's settings first, so that --resume finds them even after a kill. */
static int
campaign_store (camp_run *r)
{
  char path[PATH_MAX];
  if (!sg_mkdir_p (r->dir))
    {
      fprintf (stderr, "smtgrind campaign: error: cannot create %s: %s\n", r->dir, strerror (errno));
      return SG_EXIT_INPUT;
    }
  if (!path_in (path, sizeof path, r->dir, "campaign.db")) path[0] = 0;
  sg_db db;
  if (sg_db_open (&db, path, true)) { fprintf (stderr, "smtgrind campaign: error: %s\n", db.err); return SG_EXIT_INPUT; }
  settings sv;
  settings_of (r, &sv);
  sg_db_exec (&db, "BEGIN");
  for (int k = 0; k < NMETA; k++) sg_db_meta_set (&db, meta_keys[k], sv.val[k]);
  sg_db_meta_set (&db, "version", SG_VERSION);
  time_t t = time (NULL);
  struct tm tm;
  gmtime_r (&t, &tm);
  char when[64];
  strftime (when, sizeof when, "%Y-%m-%d %H:%M:%S UTC", &tm);
  sg_db_meta_set (&db, "started", when);
  int bad = sg_db_exec (&db, "COMMIT");
  sg_buf_free (&sv.in);
  sg_db_close (&db);
  if (bad) { fprintf (stderr, "smtgrind campaign: error: %s\n", db.err); return SG_EXIT_INTERNAL; }
  return SG_EXIT_OK;
}

/* --out DIR where DIR holds a campaign (a restarted array task or pod): with the same settings
 * it goes on where it stopped (like --resume; --budget is the campaign's total, as when it
 * started), with others it is refused (exit 2). Settings the command line leaves to defaults
 * that depend on the moment or the machine (--seed, --jobs, the solvers found in PATH, --memout)
 * are the stored ones. */
static int
campaign_continue (camp_run *r)
{
  sg_cli_fuzz_cfg *c = &r->c;
  char *v[NMETA] = { 0 };
  int code = load_meta (r, v);
  if (code) return code;
  if (!c->seed_given) c->seed = strtoull (v[5], NULL, 10);
  if (!c->jobs) c->jobs = (uint32_t) strtoul (v[6], NULL, 10);
  if (!c->spec && !c->spec_file) c->spec = v[2][0] ? v[2] : NULL, c->spec_file = v[3][0] ? v[3] : NULL;
  if (c->memout_mb == UINT64_MAX && v[15][0] && strcmp (v[15], "auto")) c->memout_mb = strtoull (v[15], NULL, 10);
  if (!r->inputs.n && !default_seeds (r)) return SG_EXIT_INTERNAL;
  settings sv;
  settings_of (r, &sv);
  sg_buf why;
  sg_buf_init (&why);
  for (int k = 0; k < NMETA; k++)
    {
      /* The session's own (budget, elapsed, memout), and what an older smtgrind did not store. */
      if (k == 8 || k == 9 || k == 15 || (k >= 16 && !v[k][0])) continue;
      if (strcmp (sv.val[k], v[k]))
        sg_buf_printf (&why, "%s%s '%.200s' there, '%.200s' here", why.len ? "; " : "", meta_keys[k], v[k], sv.val[k]);
    }
  sg_buf_free (&sv.in);
  char q[4 * PATH_MAX + 3];
  shell_word (r->dir, q, sizeof q);
  if (why.len)
    {
      fprintf (stderr, "smtgrind campaign: error: %s already holds a campaign with other settings (%s): continue it with --resume %s, or choose another --out\n",
               r->dir, sg_buf_cstr (&why), q);
      sg_buf_free (&why);
      return SG_EXIT_INPUT;
    }
  sg_buf_free (&why);
  double total = c->budget_s_given ? c->budget_s : strtod (v[8], NULL);
  r->elapsed0 = strtod (v[9], NULL);
  c->budget_s = total > r->elapsed0 ? total - r->elapsed0 : 0;
  if (total != strtod (v[8], NULL))
    {
      sg_db db;
      char b[64];
      snprintf (b, sizeof b, "%g", total);
      if (open_campaign (r->dir, &db)) { sg_db_meta_set (&db, "budget", b); sg_db_close (&db); }
    }
  fprintf (stderr, "campaign: %s holds this campaign (same settings): continuing it, %.0fs of %.0fs done\n",
           r->dir, r->elapsed0, total);
  r->resumed = true;
  return SG_EXIT_OK;
}

/* The end of a campaign: the summary, the report, how to continue. Returns the exit code. */
static int
campaign_end (const camp_run *r, const sg_campaign_result *res)
{
  const char *dir = r->dir;
  uint32_t nbugs = bug_count (dir);
  fprintf (stderr, "campaign %s%s: %.0fs in all, %llu mutant%s, %llu solver call%s; %llu finding%s "
           "(%llu new) in %llu bucket%s, %u bug%s\n", dir, res->interrupted ? " (interrupted)" : "", res->elapsed,
           (unsigned long long) res->totals.mutants, res->totals.mutants == 1 ? "" : "s",
           (unsigned long long) res->totals.calls, res->totals.calls == 1 ? "" : "s",
           (unsigned long long) res->findings, res->findings == 1 ? "" : "s", (unsigned long long) res->new_findings,
           (unsigned long long) res->buckets, res->buckets == 1 ? "" : "s", nbugs, nbugs == 1 ? "" : "s");
  summary (dir, stdout);
  if (r->c.report)
    {
      char rp[PATH_MAX], err[256];
      if (!path_in (rp, sizeof rp, dir, "report.html")) rp[0] = 0;
      if (sg_report_html (dir, rp, err, sizeof err)) fprintf (stderr, "smtgrind campaign: warning: no report: %s\n", err);
      else fprintf (stdout, "report: %s\n", rp);
    }
  char q[4 * PATH_MAX + 3];
  shell_word (dir, q, sizeof q);
  fprintf (stdout, "database: %s/campaign.db (smtgrind bugs list %s); continue with: smtgrind campaign --resume %s\n", dir, q, q);
  if (res->exec_failed)
    {
      fprintf (stderr, "smtgrind campaign: error: %llu solver run%s could not start: the campaign "
               "stopped there; fix the solvers, then continue with --resume (an enumeration runs the "
               "formulas it did not judge again)\n", (unsigned long long) res->exec_failed, res->exec_failed == 1 ? "" : "s");
      return SG_EXIT_INPUT;
    }
  if (res->lost)
    {
      fprintf (stderr, "smtgrind campaign: error: %llu findings, kept texts or times lines could not be "
               "written under %s/findings (the errors above say which)\n", (unsigned long long) res->lost, dir);
      return SG_EXIT_INPUT;
    }
  return nbugs ? SG_EXIT_BUG : SG_EXIT_OK; /* unspecified findings alone are no bug */
}

/* DIR/campaign.lock held from here (DIR made when new): 0, or -1 after saying why (which
 * process holds it). */
static int
campaign_lock (camp_run *r)
{
  if (r->lock >= 0) return 0;
  if (!sg_mkdir_p (r->dir))
    {
      fprintf (stderr, "smtgrind campaign: error: cannot create %s: %s\n", r->dir, strerror (errno));
      return -1;
    }
  r->lock = sg_campaign_lock (r->dir, stderr);
  return r->lock < 0 ? -1 : 0;
}

/* The directory (--resume, --out or a new name), checked before anything is said or done: one
 * that can be made, and the lock of one that is there (a session running in it is refused
 * before any seed is labelled). */
static int
campaign_dir (camp_run *r)
{
  const sg_cli_fuzz_cfg *c = &r->c;
  if (c->resume || c->out) snprintf (r->dir, sizeof r->dir, "%s", c->resume ? c->resume : c->out);
  else
    {
      time_t t = time (NULL);
      struct tm tm;
      localtime_r (&t, &tm);
      strftime (r->dir, sizeof r->dir, "campaign-%Y%m%d-%H%M%S", &tm);
    }
  char db[PATH_MAX];
  struct stat st;
  bool there = path_in (db, sizeof db, r->dir, "campaign.db") && stat (db, &st) == 0;
  if (c->resume && !there) return SG_EXIT_OK; /* load_meta says why */
  int code = sg_cli_out_dir ("campaign", r->dir);
  if (!code && there && campaign_lock (r)) code = SG_EXIT_INPUT;
  if (!code && r->shard_from) fprintf (stderr, "campaign: shard %u/%u (from %s)\n", r->shard, r->nshards, r->shard_from);
  return code;
}

/* This shard's seeds (i mod N == I, in the stable load order), labelled when an engine needs
 * labels. */
static int
campaign_seeds (camp_run *r, const sg_campaign_opts *o, sg_cli_seeds *all, sg_cli_seeds *mine)
{
  sg_cli_seeds_load (r->inputs.a, r->inputs.n, r->c.index, (size_t) 1 << 20, stderr, all);
  memset (mine, 0, sizeof *mine);
  for (uint32_t i = 0; i < all->a.n; i++)
    if (i % r->nshards == r->shard && !SG_VEC_PUSH (mine->a, all->a.a[i])) return SG_EXIT_INTERNAL;
  bool labels = false;
  for (uint32_t e = 0; e < o->nengines; e++)
    {
      const sg_technique *t;
      sg_tech_mode mode;
      labels |= sg_technique_engine (o->engines[e].name, &t, &mode) && t->needs_status;
    }
  for (uint32_t i = 0; i < mine->a.n; i++) mine->labelled += mine->a.a[i].status != SG_ANS_NONE;
  if (labels && mine->labelled < mine->a.n)
    {
      char cache[PATH_MAX];
      if (!path_in (cache, sizeof cache, r->dir, "labels.tsv")) return SG_EXIT_INPUT;
      if (campaign_lock (r)) return SG_EXIT_INPUT;
      if (sg_cli_seeds_label (mine, o->solvers, o->pats, o->timeout_ms, o->mem_bytes, cache, stderr))
        return SG_EXIT_INTERNAL;
    }
  if (!mine->a.n)
    {
      fprintf (stderr, "smtgrind campaign: error: no usable seeds in this shard\n");
      return SG_EXIT_INPUT;
    }
  return SG_EXIT_OK;
}

/* The campaign's options from the command line's settings. */
static void
campaign_opts (const camp_run *r, const sg_cli_solvers *sv, sg_campaign_opts *o)
{
  const sg_cli_fuzz_cfg *c = &r->c;
  o->dir = r->dir;
  o->solvers = &sv->solvers;
  o->referees = &sv->referees;
  o->pats = &sv->pats;
  o->workers = c->jobs;
  o->budget_s = c->budget_s;
  o->elapsed0 = r->elapsed0;
  o->timeout_ms = sg_spawn_ms (c->timeout_s);
  /* One solver at a time per worker, plus the reducer's. */
  o->mem_bytes = c->memout_mb == UINT64_MAX ? sg_spawn_default_mem (c->jobs + 1) : c->memout_mb << 20;
  o->seed = c->seed;
  o->shard = r->shard;
  o->nshards = r->nshards;
  o->slice_s = c->slice_s;
  o->slice_chains = c->slice_chains;
  o->models = c->models;
  o->model_sample = c->model_sample;
  o->sessions = c->sessions;
  o->chain_timeouts = c->chain_timeouts;
  o->incompleteness = c->incompleteness;
  o->option_fuzz = sv->option_fuzz;
  o->reference = c->tc.reference;
  o->option_tables = (const sg_solopt_table *const *) sv->table_of;
  o->reduce = c->reduce;
  o->reduce_budget_s = c->reduce_budget_s;
  o->triage = c->triage;
  o->triage_budget_s = c->triage_budget_s;
  o->self_exe = c->reducer ? c->reducer : "/proc/self/exe";
  o->screen = !c->force_log && isatty (STDERR_FILENO);
  o->log_every_s = 10;
  o->log = stderr;
}

int
sg_cli_campaign (const sg_cli_cmd *cmd, int argc, char **argv)
{
  /* SIGINT/SIGTERM/SIGHUP before the campaign runs (labelling the seeds): a solver run under
   * way kills its group, our private directory goes, and we die of the signal (run/spawn.h);
   * sg_campaign_run then takes them itself. A hangup under nohup stays ignored. */
  sg_spawn_block_stop_signals (NULL);
  camp_run r;
  memset (&r, 0, sizeof r);
  r.lock = -1;
  campaign_defaults (&r.c, r.default_engines, sizeof r.default_engines);
  int code = campaign_args (cmd, argc, argv, &r);
  if (!code) code = campaign_dir (&r);
  if (code) goto done;
  code = r.c.resume ? campaign_resume (cmd, &r) : campaign_new (&r);
  if (code) goto done;
  sg_campaign_opts o;
  memset (&o, 0, sizeof o);
  char err[512] = "";
  if (!parse_engines (r.c.engines, &o, err, sizeof err)) { code = sg_cli_usage_error (cmd, "--engines: %s", err); goto done; }
  sg_cli_solvers sv;
  if ((code = sg_cli_solvers_open (cmd, &r.c, &sv))) goto done;
  campaign_opts (&r, &sv, &o);
  sg_cli_seeds all, mine;
  if ((code = campaign_seeds (&r, &o, &all, &mine))) goto free_seeds;
  if (campaign_lock (&r)) { code = SG_EXIT_INPUT; goto free_seeds; }
  if (!r.resumed && (code = campaign_store (&r))) goto free_seeds;
  fprintf (stderr, "campaign %s%s: %u seeds (%u labelled, shard %u/%u), solvers \"%s\", engines %s, "
           "%u workers, budget %.0fs, timeout %.1fs, memout %llu MiB, seed %llu\n",
           r.dir, r.resumed ? " (resumed)" : "", mine.a.n, mine.labelled, r.shard, r.nshards,
           r.c.spec_file ? r.c.spec_file : r.c.spec, r.c.engines, r.c.jobs, r.c.budget_s, r.c.timeout_s,
           (unsigned long long) (o.mem_bytes >> 20), (unsigned long long) r.c.seed);
  sg_campaign_result res;
  o.locked = true, o.lock_fd = r.lock;
  r.lock = -1; /* sg_campaign_run closes it */
  if (sg_campaign_run (&o, mine.a.a, mine.a.n, &res)) code = SG_EXIT_INPUT;
  else code = campaign_end (&r, &res);
  /* Interrupted: 128 + the signal, whatever was found (a killed shard is not a finished one). */
  if (res.interrupted && res.stop_signal) code = 128 + res.stop_signal;
free_seeds:
  SG_VEC_FREE (mine.a);
  sg_cli_seeds_free (&all);
  sg_cli_solvers_close (&sv);
done:
  if (r.lock >= 0) close (r.lock);
  for (uint32_t i = 0; i < r.owned.n; i++) free (r.owned.a[i]);
  SG_VEC_FREE (r.owned);
  SG_VEC_FREE (r.inputs);
  return code < 0 ? SG_EXIT_OK : code;
}

/* ---- report, bugs ------------------------------------------------------------------- */

static bool
open_campaign (const char *dir, sg_db *db)
{
  char path[PATH_MAX], fdir[PATH_MAX], q[4 * PATH_MAX + 3], why[512];
  struct stat stt;
  bool pairs = path_in (fdir, sizeof fdir, dir, "findings") && stat (fdir, &stt) == 0 && S_ISDIR (stt.st_mode);
  shell_word (dir, q, sizeof q);
  if (!path_in (path, sizeof path, dir, "campaign.db") || stat (path, &stt) != 0)
    {
      fprintf (stderr, "smtgrind: error: %s: not a campaign directory (no campaign.db)%s%s\n", dir,
               pairs ? "; it has findings/: rebuild the database from them with: smtgrind bugs recover " : "",
               pairs ? q : "");
      return false;
    }
  /* Issue 14: a damaged database is said so, never read as an empty campaign. */
  bool ok = !sg_db_open (db, path, false);
  if (!ok) snprintf (why, sizeof why, "%s", sg_db_err_unprefixed (db, path));
  if (ok && !sg_db_check (db, why, sizeof why))
    {
      sg_db_close (db);
      ok = false;
    }
  if (!ok)
    {
      fprintf (stderr, "smtgrind: error: %s: damaged campaign database (%s, %lld bytes)%s%s\n", path, why,
               (long long) stt.st_size,
               pairs ? "; rebuild it from the finding files with: smtgrind bugs recover " : "", pairs ? q : "");
      return false;
    }
  return true;
}

int
sg_cli_report (const sg_cli_cmd *cmd, int argc, char **argv)
{
  const char *dir = NULL, *out = NULL;
  for (int i = 1; i < argc; i++)
    {
      if (sg_cli_is_help (argv[i])) { sg_cli_usage (cmd, stdout); return SG_EXIT_OK; }
      int r = sg_cli_value (cmd, argc, argv, &i, "--out", "-o", &out);
      if (r < 0) return SG_EXIT_INPUT;
      if (r > 0) continue;
      if (argv[i][0] == '-' && argv[i][1]) return sg_cli_usage_error (cmd, "unknown option '%s'", argv[i]);
      if (dir) return sg_cli_usage_error (cmd, "one campaign directory only");
      dir = argv[i];
    }
  if (!dir) return sg_cli_usage_error (cmd, "expected a campaign directory");
  sg_db db;
  if (!open_campaign (dir, &db)) return SG_EXIT_INPUT;
  sg_db_close (&db);
  char rp[PATH_MAX], err[512];
  if (!out)
    {
      if (!path_in (rp, sizeof rp, dir, "report.html")) return SG_EXIT_INPUT;
      out = rp;
    }
  bool std = !strcmp (out, "-"); /* standard output */
  if (!std && sg_cli_out_file ("report", out)) return SG_EXIT_INPUT;
  if (sg_report_html (dir, out, err, sizeof err))
    {
      fprintf (stderr, "smtgrind report: error: %s\n", err);
      return SG_EXIT_INPUT;
    }
  if (!std) printf ("%s\n", out);
  return SG_EXIT_OK;
}

int
sg_cli_bugs (const sg_cli_cmd *cmd, int argc, char **argv)
{
  if (argc >= 2 && sg_cli_is_help (argv[1])) { sg_cli_usage (cmd, stdout); return SG_EXIT_OK; }
  if (argc < 3) return sg_cli_usage_error (cmd, "expected list|show|export and a campaign directory");
  const char *verb = argv[1], *dir = argv[2];
  int64_t id = 0;
  bool issue = false, open_only = argc == 4 && !strcmp (verb, "list") && !strcmp (argv[3], "--open");
  char qd[4 * PATH_MAX + 3]; /* dir as a shell word, for the hints */
  shell_word (dir, qd, sizeof qd);
  if (!strcmp (verb, "show"))
    {
      uint64_t u;
      if (argc < 4) return sg_cli_usage_error (cmd, "show needs a bucket id (a number from: smtgrind bugs list %s)", qd);
      if (!sg_cli_parse_u64 (argv[3], 1, INT64_MAX, &u))
        return sg_cli_usage_error (cmd, "'%s' is not a bucket id (a number from: smtgrind bugs list %s)", argv[3], qd);
      id = (int64_t) u;
      if (argc > 4 && !strcmp (argv[4], "--issue")) issue = true;
      else if (argc > 4) return sg_cli_usage_error (cmd, "unexpected '%s'", argv[4]);
    }
  else if (!strcmp (verb, "export"))
    {
      if (argc > 3)
        {
          uint64_t u;
          if (!sg_cli_parse_u64 (argv[3], 1, INT64_MAX, &u))
            return sg_cli_usage_error (cmd, "'%s' is not a bucket id (a number from: smtgrind bugs list %s)", argv[3], qd);
          id = (int64_t) u;
        }
    }
  else if (!strcmp (verb, "list") || !strcmp (verb, "check") || !strcmp (verb, "recover"))
    {
      if (argc > 3 && !open_only) return sg_cli_usage_error (cmd, "unexpected '%s'", argv[3]);
    }
  else return sg_cli_usage_error (cmd, "unknown action '%s' (list, show, export, check, recover)", verb);
  if (!strcmp (verb, "recover"))
    {
      char fdir[PATH_MAX], err[600];
      struct stat stt;
      if (!path_in (fdir, sizeof fdir, dir, "findings") || stat (fdir, &stt) != 0 || !S_ISDIR (stt.st_mode))
        {
          fprintf (stderr, "smtgrind bugs: error: %s: no findings/ directory to recover from\n", dir);
          return SG_EXIT_INPUT;
        }
      uint64_t n = 0;
      if (sg_campaign_rebuild (dir, stderr, &n, err, sizeof err))
        {
          fprintf (stderr, "smtgrind bugs: error: %s\n", err);
          return SG_EXIT_INPUT;
        }
      sg_db rdb;
      if (!open_campaign (dir, &rdb)) return SG_EXIT_INTERNAL;
      uint64_t bad = sg_report_check (&rdb, dir, stdout);
      sg_db_close (&rdb);
      return bad ? SG_EXIT_INPUT : SG_EXIT_OK;
    }
  sg_db db;
  if (!open_campaign (dir, &db)) return SG_EXIT_INPUT;
  int code = SG_EXIT_OK;
  sg_buf b;
  sg_buf_init (&b);
  sg_rc rc = SG_RC_OK;
  if (!strcmp (verb, "check"))
    {
      if (sg_report_check (&db, dir, stdout)) code = SG_EXIT_INPUT;
    }
  else if (!strcmp (verb, "list"))
    {
      rc = sg_report_list_some (&db, dir, stdout, false, open_only);
      if (!rc) warn_hidden (&db, dir);
    }
  else if (!strcmp (verb, "export")) rc = sg_report_json (&db, dir, id, &b);
  else if (issue) rc = sg_report_issue (&db, dir, id, &b);
  else rc = sg_report_json (&db, dir, id, &b);
  if (rc == SG_RC_EOF)
    {
      fprintf (stderr, "smtgrind bugs: error: %s has no bucket %lld\n", dir, (long long) id);
      code = SG_EXIT_INPUT;
    }
  else if (rc == SG_RC_PARSE)
    {
      fprintf (stderr, "smtgrind bugs: error: %s/campaign.db: a bucket's finding count is out of range"
               " (a damaged database; 'smtgrind bugs recover %s' rebuilds it from findings/)\n", dir, dir);
      code = SG_EXIT_INPUT;
    }
  else if (rc == SG_RC_NOMEM)
    {
      fprintf (stderr, "smtgrind bugs: error: out of memory reading %s/campaign.db\n", dir);
      code = SG_EXIT_INTERNAL;
    }
  else if (rc)
    {
      fprintf (stderr, "smtgrind bugs: error: cannot read %s/campaign.db: a table or column it needs is missing"
               " or unreadable (a damaged database; 'smtgrind bugs recover %s' rebuilds it from findings/)\n",
               dir, dir);
      code = SG_EXIT_INPUT;
    }
  else if (b.len)
    fwrite (b.s, 1, b.len, stdout);
  sg_buf_free (&b);
  sg_db_close (&db);
  return code;
}
