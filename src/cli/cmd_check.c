/* cmd_check: `check` (run solvers on files, validate models, report a verdict) and `label`
 * (label seeds by the consensus of two solvers). */
#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "loop/findings.h"
#include "base/answer.h"
#include "base/opt.h"
#include "base/tok.h"
#include "cli/cli.h"
#include "cli/fileopts.h"
#include "cli/seeds.h"
#include "cli/walk.h"
#include "front/parse.h"
#include "oracle/core.h"
#include "oracle/incr.h"
#include "oracle/probe.h"
#include "oracle/total.h"
#include "run/spawn.h"

#define DEFAULT_SOLVERS "z3;cvc5"

typedef struct check_cfg {
  const char *spec;       /* --solvers */
  const char *spec_file;  /* --solvers-file: one spec per line, replaces --solvers */
  double timeout_s;       /* -t/--timeout */
  uint64_t memout_mb;     /* --memout MB per solver run; 0 = none; UINT64_MAX = the default */
  bool models;            /* model validation by our evaluator */
  bool validate;          /* the solvers' own self-checks */
  bool incomplete;        /* report unknown where a decided answer is expected */
  bool quiet;             /* only verdicts */
  bool json;              /* check --json: one JSON object per file on stdout */
  bool raw;               /* check: run the solvers on files our front end cannot read */
  const char *file_options; /* --file-options FAMILIES: each file's "; COMMAND-LINE:" words
                               go to the solvers of these families (cli/fileopts.h) */
  const char *out;        /* label: the index to write */
  sg_profiles profiles;   /* built-in profiles */
  sg_solver_list solvers; /* parsed spec */
  sg_solver_list referees; /* the installed built-ins, those not under test first (sg_probe_referee) */
  sg_patterns pats;       /* classification patterns */
} check_cfg;

static int
setup (const sg_cli_cmd *cmd, check_cfg *c)
{
  sg_diag d;
  sg_diag_init (&d, "--solvers");
  if (sg_profiles_init (&c->profiles, &d) || sg_patterns_add_defaults (&c->pats))
    {
      sg_cli_print_diag (&d);
      return SG_EXIT_INTERNAL;
    }
  if (c->spec_file ? sg_profiles_load_spec_file (&c->profiles, c->spec_file, &c->solvers, &d)
                   : sg_profiles_parse_spec (&c->profiles, c->spec, "--solvers", &c->solvers, &d))
    {
      sg_cli_print_diag (&d);
      return SG_EXIT_INPUT;
    }
  if (c->solvers.n == 0) return sg_cli_usage_error (cmd, "--solvers names no solver");
  if (sg_solver_list_check (&c->solvers, &d))
    {
      sg_cli_print_diag (&d);
      return SG_EXIT_INPUT;
    }
  /* --json names each solver's version (a release's, FAMILY@latest's among them). */
  for (uint32_t i = 0; c->json && i < c->solvers.n; i++)
    {
      const char *v;
      sg_profile_version (&c->solvers.a[i], &v);
    }
  if (sg_profiles_auto_referees (&c->profiles, &c->solvers, &c->referees, &d))
    {
      sg_cli_print_diag (&d);
      return SG_EXIT_INTERNAL;
    }
  return SG_EXIT_OK;
}

static void
teardown (check_cfg *c)
{
  sg_solver_list_free (&c->solvers);
  sg_solver_list_free (&c->referees);
  sg_profiles_free (&c->profiles);
  sg_patterns_free (&c->pats);
}

/* Read a whole file (the text the solvers get, unchanged). */
static char *
slurp (const char *path, size_t *len, sg_diag *d)
{
  FILE *f = fopen (path, "rb");
  if (!f) { sg_diag_set (d, SG_RC_IO, 0, 0, "cannot open: %s", strerror (errno)); return NULL; }
  sg_buf b;
  sg_buf_init (&b);
  char chunk[65536];
  size_t n;
  while ((n = fread (chunk, 1, sizeof chunk, f)) > 0) sg_buf_add (&b, chunk, n);
  bool err = ferror (f);
  fclose (f);
  if (err || !sg_buf_ok (&b))
    {
      sg_diag_set (d, err ? SG_RC_IO : SG_RC_NOMEM, 0, 0, err ? "read failed" : "out of memory");
      sg_buf_free (&b);
      return NULL;
    }
  *len = b.len;
  if (!b.s) { char *e = calloc (1, 1); return e; }
  return b.s;
}

static const char *
model_word (int m)
{
  switch (m)
    {
    case SG_MODEL_VALID: return "valid";
    case SG_MODEL_INVALID: return "INVALID";
    case SG_MODEL_UNDETERMINED: return "undetermined";
    }
  return "-";
}

/* What check_file did with one file. */
typedef struct file_result {
  sg_probe pr;           /* the runs and the verdict (no runs when ran is false) */
  bool ran;              /* the solvers ran */
  bool frontend_ok;      /* our front end read the file */
  char frontend[600];    /* else its error, "file:line:col: error: message" */
  sg_argv_opts argv;     /* the solvers' flags (for the command lines of --json) */
  char logic[64];        /* the set-logic, or "-" */
  bool core;             /* the file carries its known unsat core: the core oracle judged */
  bool core_off;         /* its core line could not be read: no core is judged at all */
  uint8_t core_kind[16]; /* sg_core_kind of each run */
  char core_why[256];    /* the most severe core verdict's line ("" when precise or none) */
  const char *noise;     /* a text we cannot read would print a line like an answer: why (text_flags) */
  char *model_run;       /* the verdict is a crash on the model run: that run's text (malloc'd) */
  char *total;           /* the verdict was decided by the totalised formula (oracle/total.h): its
                            text (malloc'd), or NULL */
  uint32_t incr_judged;  /* incremental scripts: queries whose scope was asked alone (oracle/incr.h) */
  char *scope;           /* the verdict is an incremental oracle's (oracle/incr.h): the query's scope
                            alone, or what is satisfiable (malloc'd), or NULL */
  char *question;        /* ... and the question whose answer shows it, or NULL (malloc'd) */
  char unstarted[200];   /* a run that could not be started (a solver, its model run, a referee,
                            a core query, a confirmation): the file is not judged, exit 2 */
} file_result;

static bool
word_is (const char *w, size_t n, const char *lit)
{
  return strlen (lit) == n && !memcmp (w, lit, n);
}

/* A text our front end cannot read: the solvers' flags and the logic from its words alone
 * (comments and string literals skipped; a |quoted| symbol is the word inside). Erring towards
 * the incremental and strings flags is harmless: the solvers accept them on any script. Also
 * what would print a line a solver's answers could not be told from (fr->noise): an echo of an
 * answer word, check-sat-using (z3 answers it like check-sat, others reject it: the answers no
 * longer line up), and eval/simplify/display in a text that names a symbol sat, unsat or
 * unknown (printed bare). */
static void
text_flags (const char *t, size_t n, file_result *fr)
{
  uint32_t nchecks = 0;
  bool after_paren = false, want_logic = false, want_echo = false;
  bool prints_terms = false, answer_symbol = false;
  sg_tks z;
  sg_tk k;
  sg_tk_init (&z, t, n, SG_TK_NUL_BLANK);
  while (sg_tk_next (&z, &k))
    {
      if (k.kind == SG_TK_STRING)
        {
          size_t bn;
          const char *body = sg_tk_body (&k, &bn);
          /* "" inside the literal prints as one quote: no answer word holds a quote. */
          if (want_echo && sg_answer_text_has_line (body, bn) && !fr->noise)
            fr->noise = "echoes an answer word (sat, unsat or unknown on a line of its own)";
          after_paren = want_logic = want_echo = false;
          continue;
        }
      if (k.kind == SG_TK_LPAR) { after_paren = true, want_logic = want_echo = false; continue; }
      if (k.kind == SG_TK_RPAR) { after_paren = want_logic = want_echo = false; continue; }
      size_t wn = k.n;
      const char *w = k.kind == SG_TK_QSYM ? sg_tk_body (&k, &wn) : k.s;
      if (word_is (w, wn, "sat") || word_is (w, wn, "unsat") || word_is (w, wn, "unknown")) answer_symbol = true;
      if (after_paren && (word_is (w, wn, "eval") || word_is (w, wn, "simplify") || word_is (w, wn, "display")))
        prints_terms = true;
      if (after_paren && word_is (w, wn, "check-sat-using") && !fr->noise)
        fr->noise = "has check-sat-using (z3 answers it like check-sat, the others reject it)";
      if (want_logic && wn < sizeof fr->logic) snprintf (fr->logic, sizeof fr->logic, "%.*s", (int) wn, w);
      want_logic = after_paren && word_is (w, wn, "set-logic");
      want_echo = after_paren && word_is (w, wn, "echo");
      if (after_paren && (word_is (w, wn, "check-sat") || word_is (w, wn, "check-sat-assuming"))) nchecks++;
      if (after_paren && (word_is (w, wn, "push") || word_is (w, wn, "pop"))) fr->argv.incremental = true;
      if (after_paren && (word_is (w, wn, "get-model") || word_is (w, wn, "get-value") || word_is (w, wn, "get-assignment")))
        fr->argv.models = true; /* needed to read its answer (oracle/probe.h) */
      if (word_is (w, wn, "String") || word_is (w, wn, "RegLan") || (wn > 4 && !memcmp (w, "str.", 4))
          || (wn > 3 && !memcmp (w, "re.", 3)))
        fr->argv.strings = true;
      if (word_is (w, wn, "FloatingPoint") || (wn > 3 && !memcmp (w, "fp.", 3)))
        fr->argv.fp = true;
      after_paren = false;
    }
  if (nchecks > 1) fr->argv.incremental = true;
  if (prints_terms && answer_symbol && !fr->noise)
    fr->noise = "prints terms (eval, simplify or display) and names a symbol sat, unsat or unknown";
}

/* The solvers on a text our front end cannot read: each run classified, the runs judged with
 * the oracle's differential and crash rules (no model can be checked). */
static sg_rc
probe_text (check_cfg *c, const char *text, size_t len, const sg_probe_opts *po, file_result *fr)
{
  sg_probe *p = &fr->pr;
  if (!SG_VEC_RESERVE (p->runs, c->solvers.n)) return SG_RC_NOMEM;
  const char *logic = strcmp (fr->logic, "-") ? fr->logic : NULL;
  for (uint32_t i = 0; i < c->solvers.n; i++)
    {
      sg_probe_run *pr = &p->runs.a[p->runs.n++];
      memset (pr, 0, sizeof *pr);
      pr->prof = &c->solvers.a[i];
      pr->model = -1;
      sg_outcome_init (&pr->out);
      if (!sg_profile_accepts_logic (pr->prof, logic))
        {
          pr->skipped = true;
          snprintf (pr->note, sizeof pr->note, "does not support logic %s", logic);
          continue;
        }
      snprintf (pr->note, sizeof pr->note, "not checked: our front end cannot read the file");
      pr->argv = fr->argv;
      pr->argv.script_path = NULL;
      sg_run_opts ro;
      memset (&ro, 0, sizeof ro);
      ro.argv = fr->argv;
      ro.argv.script_path = NULL;
      ro.timeout_ms = po->timeout_ms;
      ro.mem_bytes = po->mem_bytes;
      sg_rc rc = sg_run_text (pr->prof, &c->pats, &ro, text, len, &pr->out);
      if (rc) return rc;
    }
  /* No store to look at: the words of the table's operators decide (when in doubt, not a
   * bug). */
  static const char *const words[] = { "(/ ", "(div ", "(mod ", "(^ ", "(fp.min ", "(fp.max ",
                                       "fp.to_ubv", "fp.to_sbv", "(fp.to_real " };
  for (size_t w = 0; w < sizeof words / sizeof *words && !p->unspec; w++)
    for (size_t k = 0, m = strlen (words[w]); k + m <= len && !p->unspec; k++)
      if (text[k] == words[w][0] && !memcmp (text + k, words[w], m))
      {
        p->unspec = true;
        snprintf (p->unspec_why, sizeof p->unspec_why,
                  "the file holds '%s', which may take a value SMT-LIB leaves unspecified",
                  words[w]);
      }
  sg_probe_judge (p, &po->oracle);
  return SG_RC_OK;
}

/* A file that carries its known unsat core (oracle/core.h): the cores of the solvers that
 * answered unsat, judged; a confirmed bad core becomes the verdict (soundness, blamed on the
 * solver that returned it). */
static void
check_core (check_cfg *c, const sg_probe_opts *po, sg_store *s, const sg_script *sc, const char *text,
            size_t len, file_result *fr)
{
  sg_core_opts co = { &c->solvers, &c->pats, po->timeout_ms, po->mem_bytes };
  sg_core_result r;
  sg_core_result_init (&r);
  if (sg_core_judge (&co, s, sc, text, len, &fr->pr, &r) == SG_RC_OK)
    {
      fr->core = true;
      memcpy (fr->core_kind, r.run_kind, sizeof fr->core_kind);
      snprintf (fr->core_why, sizeof fr->core_why, "%s", r.why);
      if (r.unstarted[0] && !fr->unstarted[0]) memcpy (fr->unstarted, r.unstarted, sizeof fr->unstarted);
      if (r.kind == SG_CORE_BAD || r.kind == SG_CORE_ANSWER)
        {
          fr->pr.verdict.kind = SG_VERDICT_SOUNDNESS;
          sg_verdict_blame (&fr->pr.verdict, r.culprit);
          snprintf (fr->pr.verdict.why, sizeof fr->pr.verdict.why, "%s", r.why);
        }
    }
  sg_core_result_free (&r);
}

/* An incremental script (oracle/incr.h): each query's answers against its scope asked alone;
 * then, on any script (but one whose known core the core oracle judged, or whose core line it
 * could not read), the models, cores and assumptions after the answers. A
 * confirmed finding becomes the verdict (soundness, blamed on the solver shown wrong). */
static void
check_incr (check_cfg *c, const sg_probe_opts *po, sg_store *s, const sg_script *sc, const char *text,
            size_t len, file_result *fr)
{
  sg_incr_opts io = { .solvers = &c->solvers, .pats = &c->pats, .po = po };
  sg_incr_result r;
  sg_incr_result_init (&r);
  sg_rc rc = sg_script_incremental (sc) ? sg_incr_judge (&io, s, sc, text, len, &fr->pr, &r) : SG_RC_USAGE;
  if (rc == SG_RC_OK) fr->incr_judged = r.judged;
  /* then what the solvers say after unsat (their unsat cores and assumptions), on any script
   * but one whose known core the core oracle judged */
  if ((rc == SG_RC_OK || rc == SG_RC_USAGE) && r.kind == SG_VERDICT_OK && !r.unstarted[0] && !fr->core
      && !fr->core_off)
    {
      r.judged = 0;
      rc = sg_incr_get_judge (&io, s, sc, &fr->pr, &r);
    }
  if (rc == SG_RC_OK)
    {
      if (r.unstarted[0] && !fr->unstarted[0]) memcpy (fr->unstarted, r.unstarted, sizeof fr->unstarted);
      if (sg_verdict_is_bug (r.kind) && !r.unstarted[0])
        {
          fr->pr.verdict.kind = r.kind;
          sg_verdict_blame (&fr->pr.verdict, r.culprit);
          fr->pr.verdict.culprits |= r.culprits;
          fr->pr.verdict.query = r.query;
          snprintf (fr->pr.verdict.why, sizeof fr->pr.verdict.why, "%s", r.why);
          fr->scope = r.scope.len ? strdup (sg_buf_cstr (&r.scope)) : NULL;
          fr->question = r.question.len ? strdup (sg_buf_cstr (&r.question)) : NULL;
        }
    }
  sg_incr_result_free (&r);
}

/* Check one file: parse, probe (on the file's text alone when our front end cannot read it
 * and c->raw is set). Returns an exit code: SG_EXIT_INPUT when the file cannot be read, or
 * when our front end could not read it (fr->ran tells whether the solvers ran anyway). */
static int
check_file (check_cfg *c, const char *path, file_result *fr)
{
  sg_diag d;
  sg_diag_init (&d, path);
  snprintf (fr->logic, sizeof fr->logic, "-");
  fr->frontend_ok = true;
  size_t len = 0;
  char *text = slurp (path, &len, &d);
  if (!text)
    {
      sg_cli_print_diag (&d);
      fr->frontend_ok = false;
      sg_diag_format (&d, fr->frontend, sizeof fr->frontend);
      return SG_EXIT_INPUT;
    }
  sg_store s;
  sg_script sc;
  if (sg_store_init (&s)) { free (text); return SG_EXIT_INTERNAL; }
  sg_script_init (&sc, &s);
  int code = SG_EXIT_OK;
  sg_probe_opts po;
  memset (&po, 0, sizeof po);
  po.timeout_ms = sg_spawn_ms (c->timeout_s);
  /* One solver at a time: the default share of the machine for one process. */
  po.mem_bytes = c->memout_mb == UINT64_MAX ? sg_spawn_default_mem (1) : c->memout_mb << 20;
  po.models = c->models;
  po.validate = c->validate;
  po.oracle.expected = SG_ANS_NONE;
  po.oracle.incompleteness = c->incomplete;
  /* the command that decides: the solver as named (oracle/probe.h), no model or validation
   * flags; the validating runs are the probe's own */
  fr->argv.script_path = path;
  sg_rc rc = sg_parse_string (&s, &sc, text, len, path, &d);
  if (rc)
    {
      fr->frontend_ok = false;
      sg_diag_format (&d, fr->frontend, sizeof fr->frontend);
      code = sg_rc_exit_code (rc);
      if (!c->raw || (rc != SG_RC_PARSE && rc != SG_RC_SORT && rc != SG_RC_LIMIT))
        {
          sg_cli_print_diag (&d);
          goto done;
        }
      /* Not readable by us, maybe by the solvers (an extension, a newer syntax, a limit of
       * ours): their crashes and differing answers are still judged, without models. */
      text_flags (text, len, fr);
      if (fr->noise)
        {
          /* It would print a line a solver's answers could not be told from: not run. */
          sg_cli_print_diag (&d);
          fprintf (stderr, "%s: the file %s, which would be taken as a solver's answer: not run\n",
                   path, fr->noise);
          goto done;
        }
      fprintf (stderr, "%s (our front end cannot read this file: the solvers run on its text, "
               "crashes and differing answers are judged, models are not checked)\n", fr->frontend);
      po.models = false;
      rc = probe_text (c, text, len, &po, fr);
    }
  else
    {
      snprintf (fr->logic, sizeof fr->logic, "%s", sc.logic != SG_ATOM_NONE ? sg_store_text (&s, sc.logic) : "-");
      fr->argv.incremental = sg_script_incremental (&sc);
      fr->argv.models = sg_script_asks_models (&sc);
      fr->argv.strings = sg_script_uses_strings (&s);
      fr->argv.fp = sg_script_uses_fp (&s);
      rc = sg_probe_script (&c->solvers, &c->pats, &s, &sc, text, len, &po, &fr->pr);
      /* A disagreement an unspecified value may explain: the totalised formula's answer. */
      uint32_t calls = 0;
      if (!rc && fr->pr.verdict.kind == SG_VERDICT_UNSPECIFIED)
        {
          sg_buf tb;
          sg_buf_init (&tb);
          rc = sg_probe_total (&c->solvers, &c->referees, &c->pats, text, len, &po, &fr->pr, &tb, &calls);
          if (!rc && tb.len) fr->total = strdup (sg_buf_cstr (&tb));
          sg_buf_free (&tb);
        }
      /* No model and no majority decides: the referees' answer (the why line says so). */
      if (!rc && c->referees.n)
        rc = sg_probe_referee (&c->referees, &c->pats, &s, &sc, text, len, &po, &fr->pr, &calls);
      uint32_t cl = 0, cc = 0;
      const char *cwhy = NULL;
      if (!rc && (fr->core_off = sg_core_line_problem (text, len, &cl, &cc, &cwhy)))
        fprintf (stderr, "%s:%u:%u: warning: %s: the unsat-core oracle is off for this file\n", path,
                 cl, cc, cwhy);
      else if (!rc && fr->pr.verdict.kind == SG_VERDICT_OK)
        check_core (c, &po, &s, &sc, text, len, fr);
      if (!rc && fr->pr.verdict.kind == SG_VERDICT_OK && !fr->pr.unspec && !fr->pr.unstarted[0])
        check_incr (c, &po, &s, &sc, text, len, fr);
      if (!rc && fr->pr.verdict.kind == SG_VERDICT_OK && sg_probe_model_crashed (&fr->pr) != SG_NONE)
        {
          /* A solver crashed on the model run: confirmed by one more fresh run of that text,
           * it is the file's verdict (the why names the model run). */
          sg_buf mt;
          sg_probe again;
          sg_buf_init (&mt);
          sg_probe_init (&again);
          bool crashed = sg_probe_model_crash (&c->solvers, &c->pats, &s, &sc, &po, &fr->pr, &mt, &again);
          if (again.unstarted[0] && !fr->unstarted[0]) memcpy (fr->unstarted, again.unstarted, sizeof fr->unstarted);
          if (crashed && !again.unstarted[0])
            {
              fr->pr.verdict = again.verdict;
              fr->model_run = strdup (sg_buf_cstr (&mt));
            }
          sg_probe_free (&again);
          sg_buf_free (&mt);
        }
    }
  if (rc)
    {
      sg_diag_init (&d, path);
      sg_diag_set (&d, rc, 0, 0, "running the solvers failed: %s", sg_rc_name (rc));
      sg_cli_print_diag (&d);
      code = sg_rc_exit_code (rc);
    }
  else
    {
      fr->ran = true;
      /* A run that could not be started (a solver's binary gone since the setup, a limit it
       * cannot be given; its model run, a referee, a confirmation) judged nothing: the file is
       * not judged, whatever the others say (never a bug on it), said, and exit 2. */
      if (fr->pr.unstarted[0] && !fr->unstarted[0]) memcpy (fr->unstarted, fr->pr.unstarted, sizeof fr->unstarted);
      if (fr->unstarted[0])
        {
          sg_diag_init (&d, path);
          sg_diag_set (&d, SG_RC_IO, 0, 0, "%s", fr->unstarted);
          sg_cli_print_diag (&d);
          fr->pr.verdict.kind = SG_VERDICT_OK;
          sg_verdict_blame (&fr->pr.verdict, SG_NONE);
          snprintf (fr->pr.verdict.why, sizeof fr->pr.verdict.why, "not judged: %s", fr->unstarted);
          code = SG_EXIT_INPUT;
        }
    }
done:
  sg_script_free (&sc);
  sg_store_free (&s);
  free (text);
  return code;
}

/* A script's lines, each indented by four spaces. */
static void
print_indented (const char *text)
{
  for (const char *q = text; *q;)
    {
      const char *nl = strchr (q, '\n');
      int n = nl ? (int) (nl - q) : (int) strlen (q);
      printf ("    %.*s\n", n, q);
      q += n + (nl != NULL);
    }
}

static void
print_table (const check_cfg *c, const char *path, const file_result *fr)
{
  const sg_probe *pr = &fr->pr;
  int w = 10; /* the name column: as wide as the longest name (bitwuzla-0.10.0) */
  for (uint32_t i = 0; i < pr->runs.n; i++)
    if ((int) strlen (pr->runs.a[i].prof->name) > w) w = (int) strlen (pr->runs.a[i].prof->name);
  printf ("%s\n", path);
  if (!fr->frontend_ok) printf ("  frontend: cannot read it: %s\n", fr->frontend);
  if (!c->quiet)
    for (uint32_t i = 0; i < pr->runs.n; i++)
      {
        const sg_probe_run *r = &pr->runs.a[i];
        char ans[64] = "";
        if (r->skipped) snprintf (ans, sizeof ans, "skipped");
        else if (r->out.kind != SG_OUT_OK) snprintf (ans, sizeof ans, "%s", sg_outcome_kind_name (r->out.kind));
        else
          for (uint32_t k = 0; k < r->out.answers.n && strlen (ans) < 50; k++)
            snprintf (ans + strlen (ans), sizeof ans - strlen (ans), "%s%s", k ? "," : "",
                      sg_answer_name ((sg_answer) r->out.answers.a[k]));
        printf ("  %-*s %-16s %8.3fs  model %-12s %s%s%s\n", w, r->prof->name, ans[0] ? ans : "none",
                r->skipped ? 0.0 : r->out.wall_s, model_word (r->model),
                r->out.kind != SG_OUT_OK && !r->skipped ? r->out.reason : "",
                r->note[0] && (r->out.kind == SG_OUT_OK || r->skipped) ? r->note : "",
                "");
      }
  /* the validating runs (oracle/probe.h): a note when they differ, a refusal, an adopted check */
  for (uint32_t i = 0; i < pr->runs.n && !c->quiet; i++)
    if (pr->runs.a[i].val.what[0])
      printf ("  %s%s: %s\n", sg_probe_val_differs (&pr->runs.a[i]) ? "validation note (not a bug): " : "validation: ",
              pr->runs.a[i].prof->name, pr->runs.a[i].val.what);
  if (fr->core && !c->quiet)
    for (uint32_t i = 0; i < pr->runs.n && i < 16; i++)
      if (fr->core_kind[i] != SG_CORE_NONE)
        printf ("  %-*s unsat core %s\n", w, pr->runs.a[i].prof->name,
                sg_core_kind_name ((sg_core_kind) fr->core_kind[i]));
  if (fr->core && fr->core_why[0] && !strstr (pr->verdict.why, fr->core_why))
    printf ("  unsat core: %s\n", fr->core_why);
  if (fr->unstarted[0])
    printf ("  verdict: not judged: %s\n", fr->unstarted);
  else
    printf ("  verdict: %s%s%s\n", sg_verdict_kind_name (pr->verdict.kind), pr->verdict.why[0] ? ": " : "",
            pr->verdict.why);
  if (sg_verdict_is_bug (pr->verdict.kind))
    {
      /* every run blamed, in run order */
      printf ("  blamed: ");
      uint32_t k = 0;
      for (uint32_t i = 0; i < pr->runs.n; i++)
        if (sg_verdict_blames (&pr->verdict, i)) printf ("%s%s", k++ ? ", " : "", pr->runs.a[i].prof->name);
      printf ("%s\n", k ? "" : SG_UNATTRIBUTED);
    }
  if (fr->question)
    {
      printf ("  check-sat %u: the question\n", pr->verdict.query + 1);
      print_indented (fr->question);
    }
  if (fr->scope)
    {
      printf ("  check-sat %u: %s\n", pr->verdict.query + 1,
              fr->question ? "what is satisfiable" : "its scope asked alone");
      print_indented (fr->scope);
    }
  if (fr->model_run)
    {
      /* what crashed: the text to run the blamed solver on (its plain command) */
      printf ("  model run:\n");
      print_indented (fr->model_run);
    }
  if (fr->total)
    {
      printf ("  the totalised formula:\n");
      print_indented (fr->total);
    }
}

/* What parse_opts leaves in argv where it consumed an option: unlike "", never a file. */
static char consumed[] = "";

static void
json_model (sg_buf *b, int m)
{
  switch (m)
    {
    case SG_MODEL_VALID: sg_buf_adds (b, "\"valid\""); return;
    case SG_MODEL_INVALID: sg_buf_adds (b, "\"invalid\""); return;
    case SG_MODEL_UNDETERMINED: sg_buf_adds (b, "\"undetermined\""); return;
    }
  sg_buf_adds (b, "null");
}

static void
json_str (sg_buf *b, const char *s)
{
  sg_json_string (b, s, strlen (s));
}

/* check --json: the file's object on one line of stdout. */
static void
print_json (const check_cfg *c, const char *path, const file_result *fr)
{
  const sg_probe *pr = &fr->pr;
  sg_buf b;
  sg_buf_init (&b);
  sg_buf_adds (&b, "{\"file\": ");
  json_str (&b, path);
  sg_buf_adds (&b, ", \"frontend\": ");
  json_str (&b, fr->frontend_ok ? "ok" : fr->frontend);
  sg_buf_adds (&b, ", \"logic\": ");
  if (strcmp (fr->logic, "-")) json_str (&b, fr->logic);
  else sg_buf_adds (&b, "null");
  sg_buf_adds (&b, ", \"verdict\": ");
  json_str (&b, !fr->ran ? "not-run" : fr->unstarted[0] ? "not-judged" : sg_verdict_kind_name (pr->verdict.kind));
  sg_buf_adds (&b, ", \"why\": ");
  json_str (&b, fr->ran ? pr->verdict.why : "");
  if (fr->model_run)
    {
      sg_buf_adds (&b, ", \"model_run\": ");
      json_str (&b, fr->model_run);
    }
  if (fr->total)
    {
      sg_buf_adds (&b, ", \"totalised\": ");
      json_str (&b, fr->total);
    }
  if (fr->incr_judged || fr->scope || fr->question)
    {
      sg_buf_printf (&b, ", \"incremental\": {\"judged\": %u", fr->incr_judged);
      if (fr->scope || fr->question) sg_buf_printf (&b, ", \"query\": %u", pr->verdict.query + 1);
      if (fr->scope)
        {
          sg_buf_adds (&b, ", \"scope\": ");
          json_str (&b, fr->scope);
        }
      if (fr->question)
        {
          sg_buf_adds (&b, ", \"question\": ");
          json_str (&b, fr->question);
        }
      sg_buf_adds (&b, "}");
    }
  sg_buf_adds (&b, ", \"blamed\": [");
  for (uint32_t i = 0, k = 0; fr->ran && pr->verdict.kind != SG_VERDICT_OK && i < pr->runs.n; i++)
    if (sg_verdict_blames (&pr->verdict, i))
      {
        if (k++) sg_buf_adds (&b, ", ");
        json_str (&b, pr->runs.a[i].prof->name);
      }
  sg_buf_adds (&b, "], \"runs\": [");
  for (uint32_t i = 0; i < pr->runs.n; i++)
    {
      const sg_probe_run *r = &pr->runs.a[i];
      sg_buf_adds (&b, i ? ", {\"solver\": " : "{\"solver\": ");
      json_str (&b, r->prof->name);
      sg_buf_adds (&b, ", \"version\": ");
      json_str (&b, r->prof->version);
      sg_buf_adds (&b, ", \"command\": [");
      sg_strv argv = { 0 };
      /* the run's own flags (plain, or its validating run's when that one's check failed:
       * probe.h) */
      sg_argv_opts ao = r->skipped ? fr->argv : r->argv;
      ao.script_path = fr->argv.script_path;
      if (sg_profile_argv (r->prof, &ao, &argv) == SG_RC_OK)
        for (uint32_t k = 0; k < argv.n && argv.a[k]; k++)
          {
            if (k) sg_buf_adds (&b, ", ");
            json_str (&b, argv.a[k]);
          }
      sg_strv_free (&argv);
      sg_buf_adds (&b, "], \"outcome\": ");
      json_str (&b, r->skipped ? "skipped" : sg_outcome_kind_name (r->out.kind));
      sg_buf_adds (&b, ", \"answers\": [");
      for (uint32_t k = 0; k < r->out.answers.n; k++)
        {
          if (k) sg_buf_adds (&b, ", ");
          json_str (&b, sg_answer_name ((sg_answer) r->out.answers.a[k]));
        }
      sg_buf_printf (&b, "], \"wall_s\": %.3f, \"exit_code\": %d, \"signal\": %d, \"model\": ",
                     r->skipped ? 0.0 : r->out.wall_s, r->skipped ? -1 : r->out.exit_code,
                     r->skipped ? 0 : r->out.sig);
      json_model (&b, r->model);
      if (fr->core)
        {
          sg_buf_adds (&b, ", \"core\": ");
          json_str (&b, i < 16 ? sg_core_kind_name ((sg_core_kind) fr->core_kind[i]) : "none");
        }
      sg_buf_adds (&b, ", \"reason\": ");
      json_str (&b, r->skipped || r->out.kind == SG_OUT_OK ? "" : r->out.reason);
      sg_buf_adds (&b, ", \"note\": ");
      json_str (&b, r->note);
      /* its validating run (oracle/probe.h), null when none was made */
      if (!r->val.ran) sg_buf_adds (&b, ", \"validation\": null");
      else
        {
          static const char *const diffs[] = { "same", "crashes", "hides", "answers", "refused" };
          sg_buf_adds (&b, ", \"validation\": {\"command\": [");
          sg_strv va = { 0 };
          sg_argv_opts vo = r->val.argv;
          vo.script_path = fr->argv.script_path;
          if (sg_profile_argv (r->prof, &vo, &va) == SG_RC_OK)
            for (uint32_t k = 0; k < va.n && va.a[k]; k++)
              {
                if (k) sg_buf_adds (&b, ", ");
                json_str (&b, va.a[k]);
              }
          sg_strv_free (&va);
          sg_buf_adds (&b, "], \"model_run\": ");
          sg_buf_adds (&b, r->val.model_run ? "true" : "false");
          sg_buf_adds (&b, ", \"outcome\": ");
          json_str (&b, sg_outcome_kind_name (r->val.kind));
          sg_buf_adds (&b, ", \"differs\": ");
          json_str (&b, diffs[r->val.diff]);
          sg_buf_adds (&b, ", \"adopted\": ");
          sg_buf_adds (&b, r->adopted ? "true" : "false");
          sg_buf_adds (&b, ", \"what\": ");
          json_str (&b, r->val.what);
          sg_buf_adds (&b, "}");
        }
      sg_buf_adds (&b, "}");
    }
  sg_buf_adds (&b, "]}\n");
  (void) c;
  if (sg_buf_ok (&b)) fwrite (b.s, 1, b.len, stdout);
  sg_buf_free (&b);
}

#define C(f) ((uint16_t) offsetof (check_cfg, f))
#define NG SG_OPT_NO_GIVEN
/* The flags of `check` and `label` (their help is the usage text of commands.def). */
static const sg_opt check_opts[] = {
  { 0, "--solvers", NULL, "SPEC", SG_OPT_STR, C (spec), NG, 0, 0, NULL, NULL, "" },
  { 0, "--solvers-file", NULL, "F", SG_OPT_STR, C (spec_file), NG, 0, 0, NULL, NULL, "" },
  { 0, "--timeout", "-t", "S", SG_OPT_SECS, C (timeout_s), NG, 1e-12, 86400, "seconds in (0, 86400]", NULL, "" },
  { 0, "--memout", NULL, "MB", SG_OPT_U64, C (memout_mb), NG, 0, 1u << 24, "megabytes (0 = no limit)", NULL, "" },
  { 0, "--out", NULL, "F", SG_OPT_STR, C (out), NG, 0, 0, NULL, NULL, "" },
  { 0, "--no-models", NULL, NULL, SG_OPT_FALSE, C (models), NG, 0, 0, NULL, NULL, "" },
  { 0, "--no-validate", NULL, NULL, SG_OPT_FALSE, C (validate), NG, 0, 0, NULL, NULL, "" },
  { 0, "--incompleteness", NULL, NULL, SG_OPT_TRUE, C (incomplete), NG, 0, 0, NULL, NULL, "" },
  { 0, "--quiet", "-q", NULL, SG_OPT_TRUE, C (quiet), NG, 0, 0, NULL, NULL, "" },
  { 0, "--json", NULL, NULL, SG_OPT_TRUE, C (json), NG, 0, 0, NULL, NULL, "" },
  { 0, "--file-options", NULL, "FAMILIES", SG_OPT_STR, C (file_options), NG, 0, 0, NULL, NULL, "" },
};

static void
check_defaults (check_cfg *c)
{
  memset (c, 0, sizeof *c);
  c->spec = DEFAULT_SOLVERS;
  c->timeout_s = 10;
  c->memout_mb = UINT64_MAX;
  c->models = c->validate = true; /* label: no models (set after parsing) */
}

/* Options may stand anywhere among the files (until "--"); the words they take are marked
 * consumed in argv. *first: the first file's index. */
static int
parse_opts (const sg_cli_cmd *cmd, int argc, char **argv, check_cfg *c, int *first)
{
  bool opts = true;
  *first = 0;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (opts && !strcmp (a, "--")) { opts = false; argv[i] = consumed; continue; }
      if (opts && sg_cli_is_help (a)) { sg_cli_usage (cmd, stdout); return -1; }
      if (opts)
        {
          char err[300];
          int at = i;
          int r = sg_opt_parse (check_opts, sizeof check_opts / sizeof check_opts[0], 0, c, argc, argv, &i, err, sizeof err);
          if (r < 0) return sg_cli_usage_error (cmd, "%s", err);
          if (r > 0)
            {
              for (int k = at; k <= i; k++) argv[k] = consumed;
              continue;
            }
          if (a[0] == '-' && a[1]) return sg_cli_usage_error (cmd, "unknown option '%s'", a);
        }
      if (!*first) *first = i;
    }
  if (!*first) return sg_cli_usage_error (cmd, "expected at least one FILE or DIR");
  return SG_EXIT_OK;
}

/* The exit code of several files: a bug found outranks every error (a crash on a file our
 * front end cannot read is still a bug), internal errors outrank input errors. */
static int
combine (int code, int r)
{
  if (code == SG_EXIT_BUG || r == SG_EXIT_BUG) return SG_EXIT_BUG;
  return sg_cli_worse (code, r);
}

/* Every file named on the command line (directories: their *.smt2 files), in order. */
static int
for_each_file (check_cfg *c, int argc, char **argv, int first,
               int (*fn) (check_cfg *c, const char *path, void *ctx), void *ctx)
{
  int code = SG_EXIT_OK;
  for (int i = first; i < argc; i++)
    {
      if (argv[i] == consumed) continue;
      sg_walk w;
      sg_diag d;
      sg_walk_init (&w);
      if (sg_walk_add (&w, argv[i], &d))
        {
          sg_cli_print_diag (&d);
          code = combine (code, SG_EXIT_INPUT);
          if (c->json)
            {
              /* Scripts see every argument: what could not be read is an object too. */
              file_result fr;
              memset (&fr, 0, sizeof fr);
              sg_probe_init (&fr.pr);
              snprintf (fr.logic, sizeof fr.logic, "-");
              sg_diag_format (&d, fr.frontend, sizeof fr.frontend);
              print_json (c, argv[i], &fr);
            }
        }
      for (uint32_t k = 0; k < w.paths.n; k++) code = combine (code, fn (c, w.paths.a[k], ctx));
      sg_walk_free (&w);
    }
  return code;
}

/* --file-options: the solvers for the file at path, its "; COMMAND-LINE:" words given to
 * the families named (cli/fileopts.h). A file that cannot be opened gets the solvers as they
 * are (check_file says why); a line we will not split is the file's error (not run, exit 2). */
static int
own_solvers (check_cfg *c, const char *path, sg_solver_list *own, file_result *fr)
{
  sg_diag d;
  sg_diag_init (&d, path);
  size_t len = 0;
  char *text = slurp (path, &len, &d);
  uint32_t nwords = 0;
  sg_rc rc = sg_fileopts_apply (c->file_options, text ? text : "", text ? len : 0, &c->solvers, own,
                                &nwords, &d);
  free (text);
  if (rc == SG_RC_OK) return SG_EXIT_OK;
  if (rc != SG_RC_PARSE) sg_diag_set (&d, rc, 0, 0, "%s", sg_rc_name (rc));
  sg_cli_print_diag (&d);
  fr->frontend_ok = false;
  sg_diag_format (&d, fr->frontend, sizeof fr->frontend);
  snprintf (fr->logic, sizeof fr->logic, "-");
  return sg_rc_exit_code (rc);
}

static int
check_one (check_cfg *c, const char *path, void *ctx)
{
  unsigned *bugs = ctx;
  file_result fr;
  memset (&fr, 0, sizeof fr);
  sg_probe_init (&fr.pr);
  /* --file-options: this file's solvers, its own options added (the list is swapped in for
   * the file: the runs and their printed commands point into it) */
  sg_solver_list saved = c->solvers, own;
  memset (&own, 0, sizeof own);
  int code = c->file_options ? own_solvers (c, path, &own, &fr) : SG_EXIT_OK;
  if (code == SG_EXIT_OK)
    {
      if (c->file_options) c->solvers = own;
      code = check_file (c, path, &fr);
    }
  /* unspecified: kept in the output, never a bug (issue 13). */
  if (fr.ran && sg_verdict_is_bug (fr.pr.verdict.kind))
    { code = SG_EXIT_BUG; (*bugs)++; }
  if (c->json) print_json (c, path, &fr);
  else if (fr.ran) print_table (c, path, &fr);
  fflush (stdout);
  sg_probe_free (&fr.pr);
  c->solvers = saved;
  sg_solver_list_free (&own);
  free (fr.model_run);
  free (fr.total);
  free (fr.scope);
  free (fr.question);
  return code;
}

int
sg_cli_check (const sg_cli_cmd *cmd, int argc, char **argv)
{
  /* SIGINT/SIGTERM/SIGHUP: the solver run under way kills its group, our private directory
   * goes, and we die of the signal (run/spawn.h). */
  sg_spawn_block_stop_signals (NULL);
  check_cfg c;
  check_defaults (&c);
  int first, code = parse_opts (cmd, argc, argv, &c, &first);
  if (code) return code < 0 ? SG_EXIT_OK : code;
  if (c.out) return sg_cli_usage_error (cmd, "--out belongs to 'label'");
  c.raw = true;
  if ((code = setup (cmd, &c))) { teardown (&c); return code; }
  const char *bad;
  size_t bad_len;
  if (c.file_options && !sg_fileopts_families_ok (c.file_options, &c.solvers, &bad, &bad_len))
    {
      teardown (&c);
      return sg_cli_usage_error (cmd, "--file-options: '%.*s' is the family of no solver of --solvers",
                                 (int) bad_len, bad);
    }
  unsigned bugs = 0;
  code = for_each_file (&c, argc, argv, first, check_one, &bugs);
  teardown (&c);
  return code;
}

/* ---- label ---- */

typedef struct label_ctx {
  FILE *f;           /* the index being written */
  unsigned kept;     /* files labelled */
  unsigned dropped;  /* files without consensus */
} label_ctx;

static int
label_one (check_cfg *c, const char *path, void *ctx)
{
  label_ctx *lc = ctx;
  file_result fr;
  memset (&fr, 0, sizeof fr);
  sg_probe_init (&fr.pr);
  int code = check_file (c, path, &fr);
  if (code == SG_EXIT_OK)
    {
      sg_answer a = sg_cli_consensus (&fr.pr);
      bool ok = a != SG_ANS_NONE;
      if (ok)
        {
          struct stat st;
          fprintf (lc->f, "%s\t%s\t%s", path, fr.logic, sg_answer_name (a));
          for (uint32_t i = 0; i < fr.pr.runs.n; i++) fprintf (lc->f, "\t%.0f", fr.pr.runs.a[i].out.wall_s * 1000.0);
          fprintf (lc->f, "\t%lld\n", stat (path, &st) == 0 ? (long long) st.st_size : -1LL);
          lc->kept++;
        }
      else
        lc->dropped++;
      if (!c->quiet) fprintf (stderr, "%s: %s\n", path, ok ? sg_answer_name (a) : "dropped (no consensus)");
    }
  sg_probe_free (&fr.pr);
  free (fr.model_run);
  free (fr.total);
  free (fr.scope);
  free (fr.question);
  return code == SG_EXIT_BUG ? SG_EXIT_OK : code;
}

int
sg_cli_label (const sg_cli_cmd *cmd, int argc, char **argv)
{
  /* SIGINT/SIGTERM/SIGHUP: the solver run under way kills its group, our private directory
   * goes, and we die of the signal (run/spawn.h). */
  sg_spawn_block_stop_signals (NULL);
  check_cfg c;
  check_defaults (&c);
  int first, code = parse_opts (cmd, argc, argv, &c, &first);
  if (code) return code < 0 ? SG_EXIT_OK : code;
  if (!c.out) return sg_cli_usage_error (cmd, "--out INDEX.tsv is required");
  if (c.json) return sg_cli_usage_error (cmd, "--json belongs to 'check'");
  if (c.file_options) return sg_cli_usage_error (cmd, "--file-options belongs to 'check'");
  c.models = c.validate = false; /* the labels are the solvers' plain answers, as the engines' seeds.c */
  if ((code = setup (cmd, &c))) { teardown (&c); return code; }
  /* Written to a temporary file in the same directory, renamed when complete. */
  char tmp[4096];
  if ((size_t) snprintf (tmp, sizeof tmp, "%s.tmpXXXXXX", c.out) >= sizeof tmp)
    { teardown (&c); return sg_cli_usage_error (cmd, "--out path too long"); }
  int fd = mkstemp (tmp);
  FILE *f = fd >= 0 ? fdopen (fd, "w") : NULL;
  if (!f)
    {
      fprintf (stderr, "%s: error: cannot create: %s\n", c.out, strerror (errno));
      if (fd >= 0) { close (fd); unlink (tmp); }
      teardown (&c);
      return SG_EXIT_INPUT;
    }
  fprintf (f, "path\tlogic\tstatus");
  for (uint32_t i = 0; i < c.solvers.n; i++) fprintf (f, "\t%s_ms", c.solvers.a[i].name);
  fprintf (f, "\tbytes\n");
  label_ctx lc = { f, 0, 0 };
  code = for_each_file (&c, argc, argv, first, label_one, &lc);
  bool werr = ferror (f) != 0;
  if (code == SG_EXIT_INPUT && !lc.kept && !lc.dropped)
    {
      /* Nothing read (an empty directory, ''): the index, if any, stays as it was. */
      fclose (f);
      unlink (tmp);
    }
  else if (fclose (f) != 0 || werr || rename (tmp, c.out) != 0)
    {
      fprintf (stderr, "%s: error: cannot write: %s\n", c.out, strerror (errno));
      unlink (tmp);
      code = sg_cli_worse (code, SG_EXIT_INPUT);
    }
  else
    fprintf (stderr, "label: %u file%s labelled, %u dropped, index written to %s\n", lc.kept, lc.kept == 1 ? "" : "s",
             lc.dropped, c.out);
  teardown (&c);
  return code;
}
