#define _DEFAULT_SOURCE /* realpath */
/* cmd_fuzz: the engine subcommands on the one fuzz loop — `opfuzz` and `fuse` (and later
 * engines) share their flags: --solvers, -t, -i, --seed, --jobs, --budget, --mutants, --out. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "campaign/loop.h"
#include "cli/cli.h"
#include "cli/walk.h"
#include "front/parse.h"
#include "tech/janus.h"

typedef struct fuzz_cfg {
  const char *spec;          /* --solvers or the positional yinyang spec */
  const char *spec_file;     /* --solvers-file */
  double timeout_s;          /* -t */
  uint32_t iterations;       /* -i: mutants per seed (chain length) */
  uint64_t seed;             /* --seed */
  bool seed_given;
  uint32_t jobs;             /* --jobs */
  double budget_s;           /* --budget */
  uint64_t mutants;          /* --mutants */
  const char *out;           /* --out */
  const char *data;          /* --data: operator classes / fusion functions */
  const char *index;         /* --index: seed labels */
  const char *reference;     /* --reference: Janus regression oracle */
  uint32_t steps;            /* --steps: Janus chain length */
  int fuse_mode;             /* -o */
  bool models, incompleteness;
  uint64_t max_seed_bytes;   /* seeds larger than this are skipped */
} fuzz_cfg;

static bool
parse_u64 (const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
  char *end;
  errno = 0;
  unsigned long long x = strtoull (v, &end, 10);
  if (errno || *end || !*v || v[0] == '-' || x < lo || x > hi) return false;
  *out = x;
  return true;
}

/* Labels from an INDEX.tsv (path relative to the index's directory, status column 3). */
typedef struct label { char *path; sg_answer status; } label;
typedef SG_VEC (label) labels;

static void
load_index (const char *index, labels *ls)
{
  FILE *f = fopen (index, "r");
  if (!f) return;
  char dir[PATH_MAX];
  snprintf (dir, sizeof dir, "%s", index);
  char *slash = strrchr (dir, '/');
  if (slash) *slash = 0; else snprintf (dir, sizeof dir, ".");
  char line[8192];
  while (fgets (line, sizeof line, f))
    {
      char *t1 = strchr (line, '\t');
      if (!t1) continue;
      char *t2 = strchr (t1 + 1, '\t');
      if (!t2) continue;
      *t1 = 0;
      *t2 = 0;
      sg_answer a = SG_ANS_NONE;
      char *st = t2 + 1;
      char *tab = strchr (st, '\t');
      if (tab) *tab = 0;
      if (!strncmp (st, "sat", 3) && (st[3] == 0 || st[3] == '\n')) a = SG_ANS_SAT;
      else if (!strncmp (st, "unsat", 5) && (st[5] == 0 || st[5] == '\n')) a = SG_ANS_UNSAT;
      if (a == SG_ANS_NONE) continue;
      char path[PATH_MAX + sizeof line + 2], real[PATH_MAX];
      snprintf (path, sizeof path, "%s/%s", dir, line);
      if (!realpath (path, real)) continue;
      label l = { strdup (real), a };
      if (!l.path || !SG_VEC_PUSH (*ls, l)) { free (l.path); break; }
    }
  fclose (f);
}

static sg_answer
lookup (const labels *ls, const char *path)
{
  char real[PATH_MAX];
  if (!realpath (path, real)) return SG_ANS_NONE;
  for (uint32_t i = 0; i < ls->n; i++)
    if (!strcmp (ls->a[i].path, real)) return ls->a[i].status;
  return SG_ANS_NONE;
}

static char *
slurp (const char *path, size_t max, size_t *len)
{
  FILE *f = fopen (path, "rb");
  if (!f) return NULL;
  sg_buf b;
  sg_buf_init (&b);
  char chunk[65536];
  size_t n;
  while ((n = fread (chunk, 1, sizeof chunk, f)) > 0 && b.len <= max) sg_buf_add (&b, chunk, n);
  fclose (f);
  if (!sg_buf_ok (&b) || b.len > max) { sg_buf_free (&b); return NULL; }
  *len = b.len;
  return b.s ? b.s : calloc (1, 1);
}

static int
run_engine (const sg_cli_cmd *cmd, const char *engine, int argc, char **argv, int fuse_mode_default)
{
  fuzz_cfg c = { 0 };
  bool janus = !strcmp (engine, "janus");
  c.timeout_s = janus ? SG_JANUS_DEFAULT_TIMEOUT_S : 8;
  c.iterations = !strcmp (engine, "fuse") ? 30 : !strcmp (engine, "typefuzz") ? 10 : 300;
  c.steps = SG_JANUS_DEFAULT_STEPS;
  c.jobs = 1;
  c.out = "findings";
  c.models = true;
  c.fuse_mode = fuse_mode_default;
  c.max_seed_bytes = 1u << 20;
  SG_VEC (const char *) inputs = { 0 };
  int code = SG_EXIT_OK;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (sg_cli_is_help (a)) { fputs (cmd->usage, stdout); SG_VEC_FREE (inputs); return SG_EXIT_OK; }
      bool valued = !strcmp (a, "--solvers") || !strcmp (a, "--solvers-file") || !strcmp (a, "-t")
                    || !strcmp (a, "--timeout") || !strcmp (a, "-i") || !strcmp (a, "--iterations")
                    || !strcmp (a, "--seed") || !strcmp (a, "--jobs") || !strcmp (a, "--budget")
                    || !strcmp (a, "--mutants") || !strcmp (a, "--out") || !strcmp (a, "--data")
                    || !strcmp (a, "--index") || !strcmp (a, "-o") || !strcmp (a, "--oracle")
                    || !strcmp (a, "--steps") || !strcmp (a, "--reference");
      if (valued)
        {
          if (i + 1 >= argc) { code = sg_cli_usage_error (cmd, "%s needs a value", a); goto done; }
          const char *v = argv[++i];
          uint64_t u;
          if (!strcmp (a, "--solvers")) c.spec = v;
          else if (!strcmp (a, "--solvers-file")) c.spec_file = v;
          else if (!strcmp (a, "--out")) c.out = v;
          else if (!strcmp (a, "--data")) c.data = v;
          else if (!strcmp (a, "--index")) c.index = v;
          else if (!strcmp (a, "--reference") || !strcmp (a, "--steps"))
            {
              if (!janus) { code = sg_cli_usage_error (cmd, "%s belongs to 'janus'", a); goto done; }
              if (a[2] == 'r') c.reference = v;
              else if (!parse_u64 (v, 1, 100000, &u)) { code = sg_cli_usage_error (cmd, "--steps needs 1..100000, got '%s'", v); goto done; }
              else c.steps = (uint32_t) u;
            }
          else if (!strcmp (a, "-o") || !strcmp (a, "--oracle"))
            {
              if (strcmp (engine, "fuse")) { code = sg_cli_usage_error (cmd, "-o belongs to 'fuse'"); goto done; }
              if (!strcmp (v, "sat")) c.fuse_mode = 0;
              else if (!strcmp (v, "unsat")) c.fuse_mode = 1;
              else if (!strcmp (v, "mixed")) c.fuse_mode = 2;
              else { code = sg_cli_usage_error (cmd, "-o needs sat, unsat or mixed, got '%s'", v); goto done; }
            }
          else if (!strcmp (a, "-t") || !strcmp (a, "--timeout") || !strcmp (a, "--budget"))
            {
              char *end;
              errno = 0;
              double d = strtod (v, &end);
              if (errno || *end || !(d > 0) || d > 1e7) { code = sg_cli_usage_error (cmd, "%s needs positive seconds, got '%s'", a, v); goto done; }
              if (!strcmp (a, "--budget")) c.budget_s = d; else c.timeout_s = d;
            }
          else if (!strcmp (a, "-i") || !strcmp (a, "--iterations"))
            {
              if (!parse_u64 (v, 1, 1000000, &u)) { code = sg_cli_usage_error (cmd, "%s needs 1..1000000, got '%s'", a, v); goto done; }
              c.iterations = (uint32_t) u;
            }
          else if (!strcmp (a, "--jobs"))
            {
              if (!parse_u64 (v, 1, 256, &u)) { code = sg_cli_usage_error (cmd, "--jobs needs 1..256, got '%s'", v); goto done; }
              c.jobs = (uint32_t) u;
            }
          else if (!strcmp (a, "--mutants"))
            {
              if (!parse_u64 (v, 1, UINT64_MAX, &u)) { code = sg_cli_usage_error (cmd, "--mutants needs a positive count"); goto done; }
              c.mutants = u;
            }
          else if (!strcmp (a, "--seed"))
            {
              if (!parse_u64 (v, 0, UINT64_MAX, &c.seed)) { code = sg_cli_usage_error (cmd, "--seed needs a number, got '%s'", v); goto done; }
              c.seed_given = true;
            }
          continue;
        }
      if (!strcmp (a, "--no-models")) { c.models = false; continue; }
      if (!strcmp (a, "--incompleteness")) { c.incompleteness = true; continue; }
      if (a[0] == '-' && a[1]) { code = sg_cli_usage_error (cmd, "unknown option '%s'", a); goto done; }
      /* yinyang's positional form: the solver spec comes first ("z3;cvc5" or a solver name). */
      struct stat stt;
      if (!c.spec && !c.spec_file && inputs.n == 0 && stat (a, &stt) != 0) { c.spec = a; continue; }
      if (!SG_VEC_PUSH (inputs, a)) { code = SG_EXIT_INTERNAL; goto done; }
    }
  if (!inputs.n) { code = sg_cli_usage_error (cmd, "expected seed files or directories"); goto done; }
  if (!c.spec) c.spec = "z3;cvc5";
  if (!c.seed_given) c.seed = (uint64_t) time (NULL) ^ ((uint64_t) getpid () << 32);

  const sg_technique *tech = sg_technique_find (engine);
  sg_profiles ps;
  sg_patterns pats;
  sg_solver_list solvers = { 0 };
  sg_diag d;
  sg_diag_init (&d, "--solvers");
  sg_patterns_init (&pats);
  if (!tech || sg_profiles_init (&ps, &d) || sg_patterns_add_defaults (&pats))
    { sg_cli_print_diag (&d); sg_patterns_free (&pats); code = SG_EXIT_INTERNAL; goto done; }
  if (c.spec_file ? sg_profiles_load_spec_file (&ps, c.spec_file, &solvers, &d)
                  : sg_profiles_parse_spec (&ps, c.spec, "--solvers", &solvers, &d))
    { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; goto free_run; }
  if (!solvers.n) { code = sg_cli_usage_error (cmd, "no solver given"); goto free_run; }
  if (c.reference)
    {
      uint32_t k = 0;
      while (k < solvers.n && strcmp (solvers.a[k].name, c.reference)) k++;
      if (k == solvers.n)
        { code = sg_cli_usage_error (cmd, "--reference %s is not one of the --solvers", c.reference); goto free_run; }
      if (solvers.n < 2)
        { code = sg_cli_usage_error (cmd, "--reference needs a second solver to compare"); goto free_run; }
    }

  /* Seeds: every file; unusable ones are skipped with a warning, never fatal. */
  labels ls = { 0 };
  if (c.index) load_index (c.index, &ls);
  SG_VEC (sg_tech_seed) seeds = { 0 };
  uint64_t skipped = 0;
  for (uint32_t i = 0; i < inputs.n; i++)
    {
      sg_walk w;
      sg_walk_init (&w);
      struct stat stt;
      if (!c.index && stat (inputs.a[i], &stt) == 0 && S_ISDIR (stt.st_mode))
        {
          char ix[PATH_MAX];
          snprintf (ix, sizeof ix, "%s/INDEX.tsv", inputs.a[i]);
          load_index (ix, &ls);
        }
      if (sg_walk_add (&w, inputs.a[i], &d)) { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; }
      for (uint32_t k = 0; k < w.paths.n; k++)
        {
          size_t len = 0;
          char *text = slurp (w.paths.a[k], c.max_seed_bytes, &len);
          if (!text) { fprintf (stderr, "%s: warning: skipped (unreadable or larger than %llu bytes)\n", w.paths.a[k], (unsigned long long) c.max_seed_bytes); skipped++; continue; }
          sg_store st;
          sg_script sc;
          sg_diag pd;
          sg_store_init (&st);
          sg_script_init (&sc, &st);
          sg_diag_init (&pd, w.paths.a[k]);
          sg_rc rc = sg_parse_string (&st, &sc, text, len, w.paths.a[k], &pd);
          sg_script_free (&sc);
          sg_store_free (&st);
          if (rc)
            {
              char msg[700];
              sg_diag_format (&pd, msg, sizeof msg);
              fprintf (stderr, "%s (warning: seed skipped)\n", msg);
              free (text);
              skipped++;
              continue;
            }
          sg_tech_seed s = { strdup (w.paths.a[k]), text, len, lookup (&ls, w.paths.a[k]) };
          if (!s.path || !SG_VEC_PUSH (seeds, s)) { free (text); code = SG_EXIT_INTERNAL; break; }
        }
      sg_walk_free (&w);
    }
  uint32_t labelled = 0;
  for (uint32_t i = 0; i < seeds.n; i++) labelled += seeds.a[i].status != SG_ANS_NONE;
  fprintf (stderr, "%s: %u seeds (%u labelled, %llu skipped), solvers \"%s\", timeout %.1fs, seed %llu, %u job%s, findings in %s/\n",
           engine, seeds.n, labelled, (unsigned long long) skipped, c.spec_file ? c.spec_file : c.spec,
           c.timeout_s, (unsigned long long) c.seed, c.jobs, c.jobs == 1 ? "" : "s", c.out);
  if (!seeds.n || (tech->needs_status && labelled < tech->nseeds))
    {
      fprintf (stderr, "%s: error: no usable seeds%s\n", engine,
               tech->needs_status ? " (fusion and janus need seeds labelled sat/unsat by two solvers: an INDEX.tsv from 'smtgrind label' beside them, or --index)" : "");
      code = SG_EXIT_INPUT;
    }
  else
    {
      sg_fuzz_opts fo;
      memset (&fo, 0, sizeof fo);
      fo.tech = tech;
      fo.cfg.chain = c.iterations;
      fo.cfg.per_step = 1;
      fo.cfg.fuse_mode = c.fuse_mode;
      fo.cfg.data_file = c.data;
      fo.solvers = &solvers;
      fo.pats = &pats;
      fo.timeout_ms = (uint32_t) (c.timeout_s * 1000);
      fo.seed = c.seed;
      fo.jobs = c.jobs;
      fo.max_mutants = c.mutants;
      fo.max_seconds = c.budget_s;
      fo.out_dir = c.out;
      fo.incompleteness = c.incompleteness && !janus;
      fo.implication = janus;
      fo.reference = c.reference;
      fo.cfg.steps = c.steps;
      fo.models = c.models;
      fo.status = stderr;
      sg_fuzz_stats stats;
      if (sg_fuzz_run (&fo, seeds.a, seeds.n, &stats))
        {
          fprintf (stderr, "%s: error: cannot run in %s: %s\n", engine, c.out, strerror (errno));
          code = SG_EXIT_INPUT;
        }
      else
        {
          uint64_t bugs = 0;
          for (int k = 0; k < SG_FUZZ_KINDS; k++) bugs += stats.findings[k];
          if (bugs && code == SG_EXIT_OK) code = SG_EXIT_BUG;
        }
    }
  for (uint32_t i = 0; i < seeds.n; i++) { free ((char *) seeds.a[i].path); free ((char *) seeds.a[i].text); }
  SG_VEC_FREE (seeds);
  for (uint32_t i = 0; i < ls.n; i++) free (ls.a[i].path);
  SG_VEC_FREE (ls);
free_run:
  sg_solver_list_free (&solvers);
  sg_profiles_free (&ps);
  sg_patterns_free (&pats);
done:
  SG_VEC_FREE (inputs);
  return code;
}

int sg_cli_opfuzz (const sg_cli_cmd *cmd, int argc, char **argv) { return run_engine (cmd, "opfuzz", argc, argv, 0); }
int sg_cli_fuse (const sg_cli_cmd *cmd, int argc, char **argv) { return run_engine (cmd, "fuse", argc, argv, 0); }
int sg_cli_typefuzz (const sg_cli_cmd *cmd, int argc, char **argv) { return run_engine (cmd, "typefuzz", argc, argv, 0); }
int sg_cli_janus (const sg_cli_cmd *cmd, int argc, char **argv) { return run_engine (cmd, "janus", argc, argv, 0); }
