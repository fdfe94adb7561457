/* findings: atomic trigger + JSON pairs. */
#include "loop/findings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "oracle/finding_keys.h"
#include "oracle/repro.h"

/* A key of the finding object on a line of its own (",\n  \"kind\": "), and a key of an object
 * written on one line (", \"solver\": "): the keys are oracle/finding_keys.h's. */
#define KEY_TOP(k) ",\n  \"" k "\": "
#define KEY_IN(k) ", \"" k "\": "

/* Does every '/'-separated component of s[0..] hold a name other than "", "." and ".."? */
static bool
components_ok (const char *s)
{
  for (const char *p = s;;)
    {
      const char *e = strchr (p, '/');
      size_t n = e ? (size_t) (e - p) : strlen (p);
      if (!n || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.')) return false;
      if (!e) return true;
      p = e + 1;
    }
}

bool
sg_finding_path_ok (const char *rel)
{
  return rel && (!strncmp (rel, "findings/", 9) || !strncmp (rel, "reduced/", 8)) && components_ok (rel);
}

bool
sg_finding_legacy_path_ok (const char *path)
{
  return path && path[0] == '/' && (strstr (path, "/findings/") || strstr (path, "/reduced/"))
         && components_ok (path + 1);
}

static void
jstr (sg_buf *b, const char *s)
{
  if (!s) { sg_buf_adds (b, "null"); return; }
  sg_json_string (b, s, strlen (s));
}

/* The words of run r's one-shot command on file (oracle/repro.h), as JSON strings. */
static void
command_words (sg_buf *b, const sg_probe_run *r, const char *file)
{
  sg_argv_opts ao = r->argv;
  ao.script_path = file;
  ao.solver_timeout_ms = 0;
  sg_strv argv = { 0 };
  if (sg_profile_argv (r->prof, &ao, &argv) == SG_RC_OK)
    for (uint32_t k = 0; k < argv.n && argv.a[k]; k++)
      {
        if (k) sg_buf_adds (b, ", ");
        jstr (b, argv.a[k]);
      }
  sg_strv_free (&argv);
}

/* "reproduce": the blamed run's command on the trigger, the shell line, what a correct
 * solver does and what this one does (oracle/repro.h). */
static void
reproduce (sg_buf *b, const sg_probe *p, const char *file, sg_answer expected)
{
  sg_repro rp;
  if (sg_repro_of (p, SG_NONE, file, expected, &rp))
    {
      sg_repro_free (&rp);
      return;
    }
  uint32_t n = rp.argv.n ? rp.argv.n - 1 : 0;
  sg_buf_adds (b, KEY_TOP (SG_FK_REPRODUCE) "{\"" SG_FK_REPRO_SOLVER "\": ");
  jstr (b, p->runs.a[p->verdict.culprit].prof->name);
  sg_buf_adds (b, KEY_IN (SG_FK_REPRO_COMMAND) "[");
  for (uint32_t k = 0; k < n; k++)
    {
      if (k) sg_buf_adds (b, ", ");
      jstr (b, rp.argv.a[k]);
    }
  sg_buf_printf (b, "]" KEY_IN (SG_FK_REPRO_STDIN) "%s" KEY_IN (SG_FK_REPRO_FILE_AT) "%d" KEY_IN (SG_FK_REPRO_OPTIONS_AT) "%u"
                 KEY_IN (SG_FK_REPRO_OPTIONS_N) "%u" KEY_IN (SG_FK_REPRO_GET_MODEL) "%s",
                 rp.on_stdin ? "true" : "false", (int) rp.file_at, rp.options_at, rp.options_n,
                 rp.get_model ? "true" : "false");
  sg_buf line;
  sg_buf_init (&line);
  sg_repro_shell_line (&line, (const char *const *) rp.argv.a, rp.on_stdin ? n : n, rp.on_stdin ? file : NULL);
  sg_buf_adds (b, KEY_IN (SG_FK_REPRO_SHELL));
  jstr (b, sg_buf_ok (&line) ? sg_buf_cstr (&line) : NULL);
  sg_buf_free (&line);
  sg_buf_adds (b, KEY_IN (SG_FK_REPRO_EXPECTED));
  jstr (b, rp.expected);
  sg_buf_adds (b, KEY_IN (SG_FK_REPRO_ACTUAL));
  jstr (b, rp.actual);
  sg_buf_adds (b, KEY_IN (SG_FK_REPRO_SHOWS));
  jstr (b, rp.shows[0] ? rp.shows : NULL);
  sg_buf_printf (b, KEY_IN (SG_FK_REPRO_STATUS) "%d}", rp.status);
  sg_repro_free (&rp);
}

/* Write bytes to dir/name atomically (fsync'd: a finding survives a crash of the machine). */
static sg_rc
write_atomic (const char *dir, const char *name, const char *data, size_t len)
{
  char path[4096];
  if ((size_t) snprintf (path, sizeof path, "%s/%s", dir, name) >= sizeof path) return SG_RC_IO;
  return sg_file_write_atomic (path, data, len, true);
}

/* Does dir/name.ext exist? */
static bool
exists (const char *dir, const char *name, const char *ext)
{
  char path[4096];
  if ((size_t) snprintf (path, sizeof path, "%s/%s%s", dir, name, ext) >= sizeof path) return false;
  struct stat st;
  return lstat (path, &st) == 0;
}

sg_rc
sg_finding_write_new (const char *dir, const char *base, const char *ext, const char *data,
                      size_t len, const char *pair_ext, char *name, size_t namesize)
{
  for (uint32_t k = 1; k <= SG_FINDING_MAX_SUFFIX; k++)
    {
      int n = k == 1 ? snprintf (name, namesize, "%s", base) : snprintf (name, namesize, "%s-%u", base, k);
      if (n < 0 || (size_t) n >= namesize) return SG_RC_IO;
      if (pair_ext && exists (dir, name, pair_ext)) continue; /* a pair whose trigger is gone */
      char path[4096];
      if ((size_t) snprintf (path, sizeof path, "%s/%s%s", dir, name, ext) >= sizeof path) return SG_RC_IO;
      sg_rc rc = sg_file_write_new (path, data, len, true);
      if (rc != SG_RC_EOF) return rc;
    }
  return SG_RC_IO;
}

static const char *
mword (int m)
{
  switch (m)
    {
    case SG_MODEL_VALID: return "valid";
    case SG_MODEL_INVALID: return "invalid";
    case SG_MODEL_UNDETERMINED: return "undetermined";
    }
  return NULL;
}

sg_rc
sg_finding_write (const char *dir, const char *text, size_t len, const sg_probe *p,
                  const sg_finding_info *fi, char *name, size_t namesize)
{
  const char *kind = sg_verdict_kind_name (p->verdict.kind);
  const char *solver = p->verdict.culprit != SG_NONE ? p->runs.a[p->verdict.culprit].prof->name : SG_UNATTRIBUTED;
  char base[256];
  snprintf (base, sizeof base, "%s-%s-w%u-%06llu", kind, solver, fi->worker, (unsigned long long) fi->mutant);
  /* A name no earlier run into dir holds (a resumed enumeration, a second run with the same
   * --out): base, else base-2, base-3, ... The trigger claims the name. */
  sg_rc rc = sg_finding_write_new (dir, base, ".smt2", text, len, ".json", name, namesize);
  if (rc) { if (namesize) name[0] = 0; return rc; }
  char file[512];
  snprintf (file, sizeof file, "%s.smt2", name);
  sg_buf b;
  sg_buf_init (&b);
  sg_buf_adds (&b, "{\n  \"" SG_FK_KIND "\": ");
  jstr (&b, kind);
  sg_buf_adds (&b, KEY_TOP (SG_FK_SOLVER));
  jstr (&b, solver);
  /* which run is the culprit's (runs may share a name: "z3;z3 OPTION", a witness) */
  sg_buf_printf (&b, KEY_TOP (SG_FK_CULPRIT) "%d", p->verdict.culprit != SG_NONE ? (int) p->verdict.culprit : -1);
  /* The other runs blamed with the culprit (other versions or configurations of a solver, or
   * other solvers that gave the same wrong answer), in run order. */
  sg_buf_adds (&b, KEY_TOP (SG_FK_ALSO_BLAMED) "[");
  for (uint32_t i = 0, k = 0; i < p->runs.n; i++)
    if (i != p->verdict.culprit && sg_verdict_blames (&p->verdict, i))
      {
        if (k++) sg_buf_adds (&b, ", ");
        jstr (&b, p->runs.a[i].prof->name);
      }
  sg_buf_addc (&b, ']');
  sg_buf_adds (&b, KEY_TOP (SG_FK_WHY));
  jstr (&b, p->verdict.why);
  sg_buf_printf (&b, KEY_TOP (SG_FK_QUERY) "%d", p->verdict.query == SG_NONE ? -1 : (int) p->verdict.query);
  sg_buf_adds (&b, KEY_TOP (SG_FK_TRIGGER));
  jstr (&b, file);
  sg_buf_adds (&b, KEY_TOP (SG_FK_TECHNIQUE));
  jstr (&b, fi->technique);
  sg_buf_adds (&b, KEY_TOP (SG_FK_SEEDS) "[");
  for (int i = 0; i < 2; i++)
    if (fi->seeds[i]) { if (i) sg_buf_adds (&b, ", "); jstr (&b, fi->seeds[i]); }
  sg_buf_printf (&b, "]" KEY_TOP (SG_FK_RNG_SEED) "%llu" KEY_TOP (SG_FK_WORKER) "%u" KEY_TOP (SG_FK_MUTANT) "%llu"
                 KEY_TOP (SG_FK_CHAIN) "%llu" KEY_TOP (SG_FK_STEP) "%u",
                 (unsigned long long) fi->rng_seed, fi->worker, (unsigned long long) fi->mutant,
                 (unsigned long long) fi->chain, fi->step);
  sg_buf_adds (&b, KEY_TOP (SG_FK_DESCRIPTION));
  jstr (&b, fi->desc);
  sg_buf_adds (&b, KEY_TOP (SG_FK_EXPECTED));
  jstr (&b, fi->expected == SG_ANS_NONE ? NULL : sg_answer_name (fi->expected));
  reproduce (&b, p, file, fi->expected);
  if (fi->oracle) { sg_buf_adds (&b, KEY_TOP (SG_FK_ORACLE)); jstr (&b, fi->oracle); }
  if (fi->rule) { sg_buf_adds (&b, KEY_TOP (SG_FK_RULE)); jstr (&b, fi->rule); }
  if (fi->prev)
    {
      sg_buf_adds (&b, KEY_TOP (SG_FK_PREVIOUS));
      sg_json_string (&b, fi->prev, fi->prev_len);
    }
  sg_buf_adds (&b, KEY_TOP (SG_FK_RUNS) "[");
  for (uint32_t i = 0; i < p->runs.n; i++)
    {
      const sg_probe_run *r = &p->runs.a[i];
      sg_buf_adds (&b, i ? ",\n    {" : "\n    {");
      sg_buf_adds (&b, "\"" SG_FK_RUN_SOLVER "\": ");
      jstr (&b, r->prof->name);
      /* The exact command of the run whose outcome follows (its flag groups: models, the
       * solver's own checks, strings, floating point), the trigger's name as its file. */
      sg_buf_adds (&b, KEY_IN (SG_FK_RUN_COMMAND) "[");
      command_words (&b, r, file);
      sg_buf_adds (&b, "]");
      if (r->prof->input == SG_INPUT_STDIN) sg_buf_adds (&b, KEY_IN (SG_FK_RUN_STDIN) "true");
      if (r->witness) sg_buf_adds (&b, KEY_IN (SG_FK_RUN_WITNESS) "true");
      /* its validating run (oracle/probe.h): what it showed when that differs from the plain
       * run, or what its failed own check adopted (then "command" is that run's) */
      if (r->val.ran && r->val.what[0])
        {
          sg_buf_adds (&b, KEY_IN (SG_FK_RUN_VALIDATION));
          jstr (&b, r->val.what);
        }
      /* The solver as named: binary, profile words, the spec's and drawn words (what the
       * reducer and triage rebuild the solver from). */
      sg_buf_adds (&b, KEY_IN (SG_FK_RUN_SOLVER_COMMAND) "[");
      jstr (&b, r->prof->binary);
      for (uint32_t k = 0; k < r->prof->args.n; k++) { sg_buf_adds (&b, ", "); jstr (&b, r->prof->args.a[k]); }
      for (uint32_t k = 0; k < r->prof->user_args.n; k++)
        {
          /* As sg_profile_argv: an option word the profile already passes is not repeated. */
          const char *u = r->prof->user_args.a[k];
          bool dup = false;
          for (uint32_t a = 0; u[0] == '-' && a < r->prof->args.n && !dup; a++) dup = !strcmp (r->prof->args.a[a], u);
          if (dup) continue;
          sg_buf_adds (&b, ", ");
          jstr (&b, u);
        }
      sg_buf_adds (&b, "]");
      if (r->prof->fuzzed_args && r->prof->fuzzed_args <= r->prof->user_args.n)
        {
          /* --option-fuzz: the words of the command the chain drew (the reducer minimises them). */
          sg_buf_adds (&b, KEY_IN (SG_FK_RUN_OPTIONS) "[");
          for (uint32_t k = r->prof->user_args.n - r->prof->fuzzed_args; k < r->prof->user_args.n; k++)
            {
              if (k > r->prof->user_args.n - r->prof->fuzzed_args) sg_buf_adds (&b, ", ");
              jstr (&b, r->prof->user_args.a[k]);
            }
          sg_buf_adds (&b, "]");
        }
      sg_buf_adds (&b, KEY_IN (SG_FK_RUN_OUTCOME));
      jstr (&b, r->skipped ? "skipped" : sg_outcome_kind_name (r->out.kind));
      sg_buf_adds (&b, KEY_IN (SG_FK_RUN_ANSWERS) "[");
      for (uint32_t k = 0; k < r->out.answers.n; k++)
        {
          if (k) sg_buf_adds (&b, ", ");
          jstr (&b, sg_answer_name ((sg_answer) r->out.answers.a[k]));
        }
      sg_buf_printf (&b, "]" KEY_IN (SG_FK_RUN_WALL_S) "%.3f" KEY_IN (SG_FK_RUN_CPU_S) "%.3f" KEY_IN (SG_FK_RUN_EXIT_CODE) "%d"
                     KEY_IN (SG_FK_RUN_SIGNAL) "%d",
                     r->out.wall_s, r->out.cpu_s, r->out.exit_code, r->out.sig);
      sg_buf_adds (&b, KEY_IN (SG_FK_RUN_REASON));
      jstr (&b, r->out.reason);
      sg_buf_adds (&b, KEY_IN (SG_FK_RUN_SIGNATURE));
      jstr (&b, r->out.signature[0] ? r->out.signature : NULL);
      sg_buf_adds (&b, KEY_IN (SG_FK_RUN_MODEL));
      jstr (&b, mword (r->model));
      sg_buf_adds (&b, KEY_IN (SG_FK_RUN_NOTE));
      jstr (&b, r->note[0] ? r->note : NULL);
      sg_buf_adds (&b, KEY_IN (SG_FK_RUN_STDOUT));
      jstr (&b, i < 16 ? fi->outputs[i] : NULL);
      sg_buf_addc (&b, '}');
    }
  sg_buf_adds (&b, "\n  ]\n}\n");
  snprintf (file, sizeof file, "%s.json", name);
  rc = sg_buf_ok (&b) ? write_atomic (dir, file, b.s, b.len) : SG_RC_NOMEM;
  sg_buf_free (&b);
  return rc;
}
