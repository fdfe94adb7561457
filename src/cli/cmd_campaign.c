#define _DEFAULT_SOURCE /* realpath */
/* cmd_campaign: `campaign` (the main job), `report`, `bugs` and `merge` — the findings
 * database of src/campaign seen from the command line. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "campaign/report.h"
#include "cli/cli.h"
#include "cli/seeds.h"

#ifndef SG_SEEDS_DIR
#define SG_SEEDS_DIR "seeds"
#endif

typedef struct camp_cfg {
  const char *spec, *spec_file, *out, *resume, *index, *engines, *reducer;
  double budget_s, timeout_s, reduce_budget_s, slice_s;
  uint64_t memout_mb;   /* --memout MB per solver run; 0 none; UINT64_MAX the default share */
  bool budget_given, seed_given, models, incompleteness, reduce, force_log, report;
  uint64_t seed;
  uint32_t jobs, slice_chains, shard, nshards;
} camp_cfg;

static bool
parse_secs (const char *v, double lo, double *out)
{
  char *end;
  errno = 0;
  double d = strtod (v, &end);
  if (errno || *end || !*v || !(d >= lo) || d > 1e8) return false;
  *out = d;
  return true;
}

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
      const char *base = strncmp (item, "fuse-", 5) ? item : "fuse";
      bool fuse_ok = !strncmp (item, "fuse-", 5)
                     && (!strcmp (item + 5, "sat") || !strcmp (item + 5, "unsat") || !strcmp (item + 5, "mixed"));
      if ((!strncmp (item, "fuse", 4) && !fuse_ok) || !sg_technique_find (base))
        {
          snprintf (err, esize, "unknown engine '%s' (opfuzz, typefuzz, fuse-sat, fuse-unsat, fuse-mixed, sae, janus)", item);
          return false;
        }
      if (strlen (item) >= sizeof o->engines[0].name) { snprintf (err, esize, "engine name too long"); return false; }
      if (o->nengines >= SG_CAMPAIGN_MAX_ENGINES) { snprintf (err, esize, "too many engines"); return false; }
      if (!wgt) continue;
      sg_campaign_engine *e = &o->engines[o->nengines++];
      memcpy (e->name, item, strlen (item) + 1);
      e->weight = (uint32_t) wgt;
      e->chain = !strcmp (base, "opfuzz") || !strcmp (base, "janus") ? 30 : 10;
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

/* mkdir -p */
static bool
mkdir_exists (const char *path)
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

static int
summary (const char *dir, FILE *f)
{
  sg_db db;
  char path[PATH_MAX];
  if (!path_in (path, sizeof path, dir, "campaign.db")) path[0] = 0;
  if (sg_db_open (&db, path, false)) return SG_EXIT_INTERNAL;
  sg_report_list (&db, dir, f, true);
  sg_db_close (&db);
  return SG_EXIT_OK;
}

int
sg_cli_campaign (const sg_cli_cmd *cmd, int argc, char **argv)
{
  camp_cfg c;
  memset (&c, 0, sizeof c);
  c.budget_s = 60;
  c.timeout_s = 5;
  c.reduce_budget_s = 30;
  c.slice_s = 10;
  c.slice_chains = 2;
  c.models = c.reduce = c.report = true;
  c.nshards = 1;
  c.memout_mb = UINT64_MAX;
  SG_VEC (const char *) inputs = { 0 };
  int code = SG_EXIT_OK;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (sg_cli_is_help (a)) { fputs (cmd->usage, stdout); SG_VEC_FREE (inputs); return SG_EXIT_OK; }
      static const char *valued[] = { "--solvers", "--solvers-file", "--out", "--resume", "--index",
                                      "--engines", "--budget", "-t", "--timeout", "--reduce-budget",
                                      "--slice", "--slice-chains", "--seed", "-j", "--jobs", "--shard",
                                      "--reducer", "--memout", NULL };
      bool has_value = false;
      for (int k = 0; valued[k]; k++) has_value |= !strcmp (a, valued[k]);
      if (has_value)
        {
          if (i + 1 >= argc) { code = sg_cli_usage_error (cmd, "%s needs a value", a); goto done; }
          const char *v = argv[++i];
          uint64_t u;
          if (!strcmp (a, "--solvers")) c.spec = v;
          else if (!strcmp (a, "--solvers-file")) c.spec_file = v;
          else if (!strcmp (a, "--out")) c.out = v;
          else if (!strcmp (a, "--resume")) c.resume = v;
          else if (!strcmp (a, "--index")) c.index = v;
          else if (!strcmp (a, "--engines")) c.engines = v;
          else if (!strcmp (a, "--reducer")) c.reducer = v;
          else if (!strcmp (a, "--budget"))
            {
              if (!parse_secs (v, 0, &c.budget_s)) { code = sg_cli_usage_error (cmd, "--budget needs seconds >= 0, got '%s'", v); goto done; }
              c.budget_given = true;
            }
          else if (!strcmp (a, "-t") || !strcmp (a, "--timeout"))
            {
              if (!parse_secs (v, 0.01, &c.timeout_s)) { code = sg_cli_usage_error (cmd, "%s needs positive seconds, got '%s'", a, v); goto done; }
            }
          else if (!strcmp (a, "--memout"))
            {
              if (!sg_cli_parse_u64 (v, 0, 1u << 24, &c.memout_mb)) { code = sg_cli_usage_error (cmd, "--memout needs megabytes (0 = no limit), got '%s'", v); goto done; }
            }
          else if (!strcmp (a, "--reduce-budget"))
            {
              if (!parse_secs (v, 1, &c.reduce_budget_s)) { code = sg_cli_usage_error (cmd, "--reduce-budget needs seconds >= 1, got '%s'", v); goto done; }
            }
          else if (!strcmp (a, "--slice"))
            {
              if (!parse_secs (v, 0.5, &c.slice_s)) { code = sg_cli_usage_error (cmd, "--slice needs seconds >= 0.5, got '%s'", v); goto done; }
            }
          else if (!strcmp (a, "--slice-chains"))
            {
              if (!sg_cli_parse_u64 (v, 1, 1000000, &u)) { code = sg_cli_usage_error (cmd, "--slice-chains needs 1..1000000, got '%s'", v); goto done; }
              c.slice_chains = (uint32_t) u;
            }
          else if (!strcmp (a, "--seed"))
            {
              if (!sg_cli_parse_u64 (v, 0, UINT64_MAX, &c.seed)) { code = sg_cli_usage_error (cmd, "--seed needs a number, got '%s'", v); goto done; }
              c.seed_given = true;
            }
          else if (!strcmp (a, "-j") || !strcmp (a, "--jobs"))
            {
              if (!sg_cli_parse_u64 (v, 1, 256, &u)) { code = sg_cli_usage_error (cmd, "%s needs 1..256, got '%s'", a, v); goto done; }
              c.jobs = (uint32_t) u;
            }
          else if (!strcmp (a, "--shard"))
            {
              unsigned si, sn;
              char tail;
              if (sscanf (v, "%u/%u%c", &si, &sn, &tail) != 2 || sn < 1 || si >= sn || sn > 100000)
                { code = sg_cli_usage_error (cmd, "--shard needs I/N with 0 <= I < N, got '%s'", v); goto done; }
              c.shard = si;
              c.nshards = sn;
            }
          continue;
        }
      if (!strcmp (a, "--no-models")) { c.models = false; continue; }
      if (!strcmp (a, "--incompleteness")) { c.incompleteness = true; continue; }
      if (!strcmp (a, "--no-reduce")) { c.reduce = false; continue; }
      if (!strcmp (a, "--no-report")) { c.report = false; continue; }
      if (!strcmp (a, "--log")) { c.force_log = true; continue; }
      if (a[0] == '-' && a[1]) { code = sg_cli_usage_error (cmd, "unknown option '%s'", a); goto done; }
      if (!SG_VEC_PUSH (inputs, a)) { code = SG_EXIT_INTERNAL; goto done; }
    }

  sg_campaign_opts o;
  memset (&o, 0, sizeof o);
  char dir[PATH_MAX], err[256] = "", buf[8192];
  sg_db db;
  bool resumed = false;
  SG_VEC (char *) owned = { 0 }; /* strings read back from the database */
  if (c.resume)
    {
      if (inputs.n || c.spec || c.spec_file || c.engines || c.seed_given || c.out)
        { code = sg_cli_usage_error (cmd, "--resume takes the campaign's own settings: only --budget, --log, --no-reduce, --reduce-budget, --reducer, --no-report"); goto done; }
      snprintf (dir, sizeof dir, "%s", c.resume);
      if (!open_campaign (dir, &db)) { code = SG_EXIT_INPUT; goto done; }
      /* The campaign's settings, as stored when it started. */
      static const char *keys[] = { "inputs", "index", "solvers", "solvers_file", "engines", "seed",
                                    "jobs", "timeout", "budget", "elapsed", "shard", "slice",
                                    "slice_chains", "models", "incompleteness", "memout", NULL };
      char *vals[17] = { 0 };
      for (int k = 0; keys[k]; k++)
        {
          sg_db_meta_get (&db, keys[k], buf, sizeof buf);
          vals[k] = strdup (buf);
          if (!vals[k] || !SG_VEC_PUSH (owned, vals[k])) { free (vals[k]); code = SG_EXIT_INTERNAL; sg_db_close (&db); goto done; }
        }
      sg_db_close (&db);
      /* inputs: one per line */
      for (char *p = vals[0]; *p;)
        {
          char *nl = strchr (p, '\n');
          if (nl) *nl = 0;
          if (*p) SG_VEC_PUSH (inputs, p);
          if (!nl) break;
          p = nl + 1;
        }
      c.index = vals[1][0] ? vals[1] : NULL;
      c.spec = vals[2][0] ? vals[2] : NULL;
      c.spec_file = vals[3][0] ? vals[3] : NULL;
      c.engines = vals[4];
      c.seed = strtoull (vals[5], NULL, 10);
      c.jobs = (uint32_t) strtoul (vals[6], NULL, 10);
      c.timeout_s = strtod (vals[7], NULL);
      double total = strtod (vals[8], NULL);
      o.elapsed0 = strtod (vals[9], NULL);
      if (sscanf (vals[10], "%u/%u", &c.shard, &c.nshards) != 2) c.shard = 0, c.nshards = 1;
      c.slice_s = strtod (vals[11], NULL);
      c.slice_chains = (uint32_t) strtoul (vals[12], NULL, 10);
      c.models = !strcmp (vals[13], "1");
      c.incompleteness = !strcmp (vals[14], "1");
      /* A campaign of an older smtgrind has no memout: the default share. */
      if (c.memout_mb == UINT64_MAX && vals[15][0] && strcmp (vals[15], "auto"))
        c.memout_mb = strtoull (vals[15], NULL, 10);
      if (!c.budget_given) c.budget_s = total > o.elapsed0 ? total - o.elapsed0 : 0;
      if (!c.jobs || !c.slice_chains || !(c.slice_s > 0)) { fprintf (stderr, "smtgrind campaign: error: %s: incomplete settings in campaign.db\n", dir); code = SG_EXIT_INPUT; goto done; }
      resumed = true;
    }
  else
    {
      if (c.out) snprintf (dir, sizeof dir, "%s", c.out);
      else
        {
          time_t t = time (NULL);
          struct tm tm;
          localtime_r (&t, &tm);
          strftime (dir, sizeof dir, "campaign-%Y%m%d-%H%M%S", &tm);
        }
      char path[PATH_MAX];
      if (!path_in (path, sizeof path, dir, "campaign.db")) path[0] = 0;
      struct stat stt;
      if (stat (path, &stt) == 0)
        {
          char q[4 * PATH_MAX + 3];
          fprintf (stderr, "smtgrind campaign: error: %s already holds a campaign: continue it with --resume %s, or choose another --out\n", dir, shell_word (dir, q, sizeof q));
          code = SG_EXIT_INPUT;
          goto done;
        }
      if (!inputs.n) SG_VEC_PUSH (inputs, SG_SEEDS_DIR);
      if (!c.spec && !c.spec_file)
        {
          static char found[64];
          found[0] = 0;
          const char *names[] = { "z3", "cvc5", "cvc4" };
          for (int k = 0; k < 3; k++)
            if (in_path (names[k])) { if (found[0]) strcat (found, ";"); strcat (found, names[k]); }
          if (!found[0]) { fprintf (stderr, "smtgrind campaign: error: no solver found in PATH (z3, cvc5, cvc4): give --solvers\n"); code = SG_EXIT_INPUT; goto done; }
          c.spec = found;
        }
      if (!c.engines) c.engines = "opfuzz=1,typefuzz=1,fuse-sat=1,fuse-unsat=1,sae=1";
      if (!c.jobs) c.jobs = cores ();
      if (!c.seed_given) c.seed = (uint64_t) time (NULL) ^ ((uint64_t) getpid () << 32);
    }
  if (!parse_engines (c.engines, &o, err, sizeof err)) { code = sg_cli_usage_error (cmd, "--engines: %s", err); goto done; }

  /* Solvers. */
  sg_profiles ps;
  sg_patterns pats;
  sg_solver_list solvers = { 0 }, referees = { 0 };
  sg_diag d;
  sg_diag_init (&d, "--solvers");
  sg_patterns_init (&pats);
  if (sg_profiles_init (&ps, &d) || sg_patterns_add_defaults (&pats))
    { sg_cli_print_diag (&d); sg_patterns_free (&pats); code = SG_EXIT_INTERNAL; goto done; }
  if (c.spec_file ? sg_profiles_load_spec_file (&ps, c.spec_file, &solvers, &d)
                  : sg_profiles_parse_spec (&ps, c.spec, "--solvers", &solvers, &d))
    { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; goto free_run; }
  if (!solvers.n) { code = sg_cli_usage_error (cmd, "no solver given"); goto free_run; }
  if (sg_solver_list_check (&solvers, &d)) { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; goto free_run; }
  /* Referees: the installed built-in solvers not under test (issue 13's blame rule). */
  if (sg_profiles_auto_referees (&ps, &solvers, &referees, &d))
    { sg_cli_print_diag (&d); code = SG_EXIT_INTERNAL; goto free_run; }

  /* Seeds: this shard's share (i mod N == I, in the stable load order). */
  sg_cli_seeds all;
  sg_cli_seeds_load (inputs.a, inputs.n, c.index, (size_t) 1 << 20, stderr, &all);
  SG_VEC (sg_tech_seed) mine = { 0 };
  uint32_t labelled = 0;
  for (uint32_t i = 0; i < all.a.n; i++)
    if (i % c.nshards == c.shard)
      {
        SG_VEC_PUSH (mine, all.a.a[i]);
        labelled += all.a.a[i].status != SG_ANS_NONE;
      }
  if (!mine.n)
    {
      fprintf (stderr, "smtgrind campaign: error: no usable seeds in this shard\n");
      code = SG_EXIT_INPUT;
      goto free_seeds;
    }

  /* A new campaign: its settings first, so that --resume finds them even after a kill. */
  if (!resumed)
    {
      char path[PATH_MAX];
      if (!mkdir_exists (dir)) { fprintf (stderr, "smtgrind campaign: error: cannot create %s: %s\n", dir, strerror (errno)); code = SG_EXIT_INPUT; goto free_seeds; }
      if (!path_in (path, sizeof path, dir, "campaign.db")) path[0] = 0;
      if (sg_db_open (&db, path, true)) { fprintf (stderr, "smtgrind campaign: error: %s\n", db.err); code = SG_EXIT_INPUT; goto free_seeds; }
      sg_buf in;
      sg_buf_init (&in);
      for (uint32_t i = 0; i < inputs.n; i++)
        {
          char real[PATH_MAX];
          sg_buf_adds (&in, realpath (inputs.a[i], real) ? real : inputs.a[i]);
          sg_buf_addc (&in, '\n');
        }
      char v[64];
      char idx[PATH_MAX] = "";
      if (c.index && !realpath (c.index, idx)) snprintf (idx, sizeof idx, "%s", c.index);
      sg_db_exec (&db, "BEGIN");
      sg_db_meta_set (&db, "inputs", sg_buf_cstr (&in));
      sg_db_meta_set (&db, "index", idx);
      sg_db_meta_set (&db, "solvers", c.spec ? c.spec : "");
      sg_db_meta_set (&db, "solvers_file", c.spec_file ? c.spec_file : "");
      sg_db_meta_set (&db, "engines", c.engines);
      snprintf (v, sizeof v, "%llu", (unsigned long long) c.seed); sg_db_meta_set (&db, "seed", v);
      snprintf (v, sizeof v, "%u", c.jobs); sg_db_meta_set (&db, "jobs", v);
      snprintf (v, sizeof v, "%g", c.timeout_s); sg_db_meta_set (&db, "timeout", v);
      snprintf (v, sizeof v, "%g", c.budget_s); sg_db_meta_set (&db, "budget", v);
      sg_db_meta_set (&db, "elapsed", "0");
      snprintf (v, sizeof v, "%u/%u", c.shard, c.nshards); sg_db_meta_set (&db, "shard", v);
      snprintf (v, sizeof v, "%g", c.slice_s); sg_db_meta_set (&db, "slice", v);
      snprintf (v, sizeof v, "%u", c.slice_chains); sg_db_meta_set (&db, "slice_chains", v);
      sg_db_meta_set (&db, "models", c.models ? "1" : "0");
      sg_db_meta_set (&db, "incompleteness", c.incompleteness ? "1" : "0");
      if (c.memout_mb == UINT64_MAX) sg_db_meta_set (&db, "memout", "auto");
      else { snprintf (v, sizeof v, "%llu", (unsigned long long) c.memout_mb); sg_db_meta_set (&db, "memout", v); }
      sg_db_meta_set (&db, "version", SG_VERSION);
      time_t t = time (NULL);
      struct tm tm;
      gmtime_r (&t, &tm);
      strftime (v, sizeof v, "%Y-%m-%d %H:%M:%S UTC", &tm);
      sg_db_meta_set (&db, "started", v);
      int bad = sg_db_exec (&db, "COMMIT");
      sg_buf_free (&in);
      sg_db_close (&db);
      if (bad) { fprintf (stderr, "smtgrind campaign: error: %s\n", db.err); code = SG_EXIT_INTERNAL; goto free_seeds; }
    }

  o.dir = dir;
  o.solvers = &solvers;
  o.referees = &referees;
  o.pats = &pats;
  o.workers = c.jobs;
  o.budget_s = c.budget_s;
  o.timeout_ms = sg_spawn_ms (c.timeout_s);
  /* One solver at a time per worker, plus the reducer's. */
  o.mem_bytes = c.memout_mb == UINT64_MAX ? sg_spawn_default_mem (c.jobs + 1) : c.memout_mb << 20;
  o.seed = c.seed;
  o.shard = c.shard;
  o.slice_s = c.slice_s;
  o.slice_chains = c.slice_chains;
  o.models = c.models;
  o.incompleteness = c.incompleteness;
  o.reduce = c.reduce;
  o.reduce_budget_s = c.reduce_budget_s;
  o.self_exe = c.reducer ? c.reducer : "/proc/self/exe";
  o.screen = !c.force_log && isatty (STDERR_FILENO);
  o.log_every_s = 10;
  o.log = stderr;
  fprintf (stderr, "campaign %s%s: %u seeds (%u labelled, shard %u/%u), solvers \"%s\", engines %s, "
           "%u workers, budget %.0fs, timeout %.1fs, memout %llu MiB, seed %llu\n",
           dir, resumed ? " (resumed)" : "", mine.n, labelled, c.shard, c.nshards,
           c.spec_file ? c.spec_file : c.spec, c.engines, c.jobs, c.budget_s, c.timeout_s,
           (unsigned long long) (o.mem_bytes >> 20), (unsigned long long) c.seed);
  sg_campaign_result res;
  if (sg_campaign_run (&o, mine.a, mine.n, &res)) { code = SG_EXIT_INPUT; goto free_seeds; }
  uint32_t nbugs = bug_count (dir);
  fprintf (stderr, "campaign %s%s: %.0fs in all, %llu mutants, %llu solver calls; %llu findings "
           "(%llu new) in %llu buckets, %u bug%s\n", dir, res.interrupted ? " (interrupted)" : "", res.elapsed, (unsigned long long) res.totals.mutants,
           (unsigned long long) res.totals.calls, (unsigned long long) res.findings,
           (unsigned long long) res.new_findings, (unsigned long long) res.buckets, nbugs,
           nbugs == 1 ? "" : "s");
  summary (dir, stdout);
  if (c.report)
    {
      char rp[PATH_MAX];
      if (!path_in (rp, sizeof rp, dir, "report.html")) rp[0] = 0;
      if (sg_report_html (dir, rp, err, sizeof err)) fprintf (stderr, "smtgrind campaign: warning: no report: %s\n", err);
      else fprintf (stdout, "report: %s\n", rp);
    }
  {
    char q[4 * PATH_MAX + 3];
    shell_word (dir, q, sizeof q);
    fprintf (stdout, "database: %s/campaign.db (smtgrind bugs list %s); continue with: smtgrind campaign --resume %s\n", dir, q, q);
  }
  if (nbugs) code = SG_EXIT_BUG; /* unspecified findings alone are no bug */
free_seeds:
  SG_VEC_FREE (mine);
  sg_cli_seeds_free (&all);
free_run:
  sg_solver_list_free (&solvers);
  sg_solver_list_free (&referees);
  sg_profiles_free (&ps);
  sg_patterns_free (&pats);
done:
  for (uint32_t i = 0; i < owned.n; i++) free (owned.a[i]);
  SG_VEC_FREE (owned);
  SG_VEC_FREE (inputs);
  return code;
}

/* ---- report, bugs, merge ------------------------------------------------------------------- */

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
  if (!ok) snprintf (why, sizeof why, "%s", db->err);
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
      if (sg_cli_is_help (argv[i])) { fputs (cmd->usage, stdout); return SG_EXIT_OK; }
      if (!strcmp (argv[i], "-o") || !strcmp (argv[i], "--out"))
        {
          if (i + 1 >= argc) return sg_cli_usage_error (cmd, "%s needs a file", argv[i]);
          out = argv[++i];
          continue;
        }
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
  if (sg_report_html (dir, out, err, sizeof err))
    {
      fprintf (stderr, "smtgrind report: error: %s\n", err);
      return SG_EXIT_INPUT;
    }
  printf ("%s\n", out);
  return SG_EXIT_OK;
}

int
sg_cli_bugs (const sg_cli_cmd *cmd, int argc, char **argv)
{
  if (argc >= 2 && sg_cli_is_help (argv[1])) { fputs (cmd->usage, stdout); return SG_EXIT_OK; }
  if (argc < 3) return sg_cli_usage_error (cmd, "expected list|show|export and a campaign directory");
  const char *verb = argv[1], *dir = argv[2];
  int64_t id = 0;
  bool issue = false;
  if (!strcmp (verb, "show"))
    {
      uint64_t u;
      if (argc < 4 || !sg_cli_parse_u64 (argv[3], 1, INT64_MAX, &u)) return sg_cli_usage_error (cmd, "show needs a bucket id");
      id = (int64_t) u;
      if (argc > 4 && !strcmp (argv[4], "--issue")) issue = true;
      else if (argc > 4) return sg_cli_usage_error (cmd, "unexpected '%s'", argv[4]);
    }
  else if (!strcmp (verb, "export"))
    {
      if (argc > 3)
        {
          uint64_t u;
          if (!sg_cli_parse_u64 (argv[3], 1, INT64_MAX, &u)) return sg_cli_usage_error (cmd, "export takes an optional bucket id, got '%s'", argv[3]);
          id = (int64_t) u;
        }
    }
  else if (!strcmp (verb, "list") || !strcmp (verb, "check") || !strcmp (verb, "recover"))
    {
      if (argc > 3) return sg_cli_usage_error (cmd, "unexpected '%s'", argv[3]);
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
  else if (!strcmp (verb, "list")) rc = sg_report_list (&db, dir, stdout, false);
  else if (!strcmp (verb, "export")) rc = sg_report_json (&db, dir, id, &b);
  else if (issue) rc = sg_report_issue (&db, dir, id, &b);
  else rc = sg_report_json (&db, dir, id, &b);
  if (rc == SG_RC_EOF)
    {
      fprintf (stderr, "smtgrind bugs: error: %s has no bucket %lld\n", dir, (long long) id);
      code = SG_EXIT_INPUT;
    }
  else if (rc)
    {
      fprintf (stderr, "smtgrind bugs: error: cannot read %s/campaign.db\n", dir);
      code = SG_EXIT_INTERNAL;
    }
  else if (b.len)
    fwrite (b.s, 1, b.len, stdout);
  sg_buf_free (&b);
  sg_db_close (&db);
  return code;
}

int
sg_cli_merge (const sg_cli_cmd *cmd, int argc, char **argv)
{
  const char *out = NULL;
  SG_VEC (const char *) dirs = { 0 };
  for (int i = 1; i < argc; i++)
    {
      if (sg_cli_is_help (argv[i])) { fputs (cmd->usage, stdout); SG_VEC_FREE (dirs); return SG_EXIT_OK; }
      if (!strcmp (argv[i], "--out") || !strcmp (argv[i], "-o"))
        {
          if (i + 1 >= argc) { SG_VEC_FREE (dirs); return sg_cli_usage_error (cmd, "%s needs a directory", argv[i]); }
          out = argv[++i];
          continue;
        }
      if (argv[i][0] == '-' && argv[i][1]) { SG_VEC_FREE (dirs); return sg_cli_usage_error (cmd, "unknown option '%s'", argv[i]); }
      SG_VEC_PUSH (dirs, argv[i]);
    }
  if (!dirs.n) { SG_VEC_FREE (dirs); return sg_cli_usage_error (cmd, "expected campaign directories"); }
  char outdir[PATH_MAX];
  if (out) snprintf (outdir, sizeof outdir, "%s", out);
  else
    {
      time_t t = time (NULL);
      struct tm tm;
      localtime_r (&t, &tm);
      strftime (outdir, sizeof outdir, "merged-%Y%m%d-%H%M%S", &tm);
    }
  int code = SG_EXIT_OK;
  char path[PATH_MAX], err[512];
  struct stat stt;
  sg_db dst;
  for (uint32_t i = 0; i < dirs.n; i++)
    {
      sg_db probe;
      if (!open_campaign (dirs.a[i], &probe)) { SG_VEC_FREE (dirs); return SG_EXIT_INPUT; }
      sg_db_close (&probe);
    }
  if (!mkdir_exists (outdir) || !path_in (path, sizeof path, outdir, "campaign.db"))
    { fprintf (stderr, "smtgrind merge: error: cannot create %s\n", outdir); SG_VEC_FREE (dirs); return SG_EXIT_INPUT; }
  if (stat (path, &stt) == 0)
    { fprintf (stderr, "smtgrind merge: error: %s already holds a campaign database\n", outdir); SG_VEC_FREE (dirs); return SG_EXIT_INPUT; }
  if (sg_db_open (&dst, path, true)) { fprintf (stderr, "smtgrind merge: error: %s\n", dst.err); SG_VEC_FREE (dirs); return SG_EXIT_INPUT; }
  sg_buf from;
  sg_buf_init (&from);
  double elapsed = 0;
  for (uint32_t i = 0; i < dirs.n && code == SG_EXIT_OK; i++)
    {
      if (sg_report_merge (&dst, dirs.a[i], err, sizeof err))
        {
          fprintf (stderr, "smtgrind merge: error: %s\n", err);
          code = SG_EXIT_INPUT;
        }
      char real[PATH_MAX];
      sg_buf_printf (&from, "%s%s", i ? "\n" : "", realpath (dirs.a[i], real) ? real : dirs.a[i]);
      sg_db src;
      char v[1024];
      if (open_campaign (dirs.a[i], &src))
        {
          if (!sg_db_meta_get (&src, "elapsed", v, sizeof v) && strtod (v, NULL) > elapsed) elapsed = strtod (v, NULL);
          if (i == 0)
            {
              static const char *copy[] = { "solver_versions", "engines", "seed", "timeout", "inputs", "started", NULL };
              for (int k = 0; copy[k]; k++)
                if (!sg_db_meta_get (&src, copy[k], v, sizeof v)) sg_db_meta_set (&dst, copy[k], v);
            }
          sg_db_close (&src);
        }
    }
  char ev[32];
  snprintf (ev, sizeof ev, "%.1f", elapsed);
  sg_db_meta_set (&dst, "elapsed", ev);
  sg_db_meta_set (&dst, "merged_from", sg_buf_cstr (&from));
  sg_buf_free (&from);
  if (code == SG_EXIT_OK)
    {
      uint64_t nf = 0, nb = 0;
      sg_db_count (&dst, "findings", &nf);
      sg_db_count (&dst, "buckets", &nb);
      printf ("merged %u campaigns into %s: %llu findings in %llu buckets\n", dirs.n, outdir,
              (unsigned long long) nf, (unsigned long long) nb);
      sg_report_list (&dst, outdir, stdout, true);
    }
  sg_db_close (&dst);
  SG_VEC_FREE (dirs);
  return code;
}
