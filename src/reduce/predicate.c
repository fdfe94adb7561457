/* predicate: command-mode and finding-mode interestingness tests. */
#include "reduce/predicate.h"
#include "run/release.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/json.h"
#include "oracle/finding_keys.h"
#include "run/run.h"

#define JNONE UINT32_MAX

void
sg_pred_init (sg_pred *p)
{
  memset (p, 0, sizeof *p);
  sg_buf_init (&p->main.g_out);
  sg_buf_init (&p->main.g_err);
  sg_buf_init (&p->cross.g_out);
  sg_buf_init (&p->cross.g_err);
  sg_buf_init (&p->ref.g_out);
  sg_buf_init (&p->ref.g_err);
  sg_patterns_init (&p->pats);
  p->culprit = SG_NONE;
  p->expected = SG_ANS_NONE;
}

static void
cmd_free (sg_pred_cmd *c)
{
  sg_strv_free (&c->argv);
  sg_buf_free (&c->g_out);
  sg_buf_free (&c->g_err);
  if (c->has_re_out) regfree (&c->re_out);
  if (c->has_re_err) regfree (&c->re_err);
}

void
sg_pred_free (sg_pred *p)
{
  cmd_free (&p->main);
  cmd_free (&p->cross);
  cmd_free (&p->ref);
  if (p->mode == SG_PRED_FINDING)
    {
      sg_solver_list_free (&p->solvers);
      sg_profiles_free (&p->profiles);
    }
  sg_patterns_free (&p->pats);
}

/* ---- command mode ---------------------------------------------------------------------- */

static sg_rc
compile (const char *re, regex_t *out, bool *has, const char *opt, sg_diag *d)
{
  if (!re) return SG_RC_OK;
  int e = regcomp (out, re, REG_EXTENDED | REG_NOSUB | REG_NEWLINE);
  if (e)
    {
      char msg[200];
      regerror (e, out, msg, sizeof msg);
      return sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: bad regular expression '%s': %s", opt, re, msg);
    }
  *has = true;
  return SG_RC_OK;
}

sg_rc
sg_pred_prepare_cmd (sg_pred *p, sg_diag *d)
{
  p->mode = SG_PRED_COMMAND;
  sg_rc rc = compile (p->main.regex_out, &p->main.re_out, &p->main.has_re_out, "--regex-out", d);
  if (!rc) rc = compile (p->main.regex_err, &p->main.re_err, &p->main.has_re_err, "--regex-err", d);
  if (!rc && p->has_cross)
    rc = compile (p->cross.regex_out, &p->cross.re_out, &p->cross.has_re_out, "--cross-regex-out", d);
  if (!rc && p->has_cross)
    rc = compile (p->cross.regex_err, &p->cross.re_err, &p->cross.has_re_err, "--cross-regex-err", d);
  return rc;
}

sg_rc
sg_pred_spawn (const sg_pred_cmd *c, const char *path, double timeout_s, uint32_t cpu_slack,
               uint64_t mem, sg_spawn_result *r)
{
  const char *argv[256];
  uint32_t n = 0;
  for (uint32_t i = 0; i < c->argv.n && n < 254; i++) argv[n++] = c->argv.a[i];
  argv[n++] = path;
  argv[n] = NULL;
  sg_spawn_opts o;
  memset (&o, 0, sizeof o);
  o.argv = argv;
  o.stdin_kind = SG_STDIN_NULL;
  o.timeout_ms = sg_spawn_ms (timeout_s);
  o.cpu_s = timeout_s > 0 ? (uint32_t) ceil (timeout_s) + cpu_slack : 0;
  o.mem_bytes = mem;
  return sg_spawn_run (&o, r);
}

/* Does stream [s, s+n) satisfy the rule (golden equality, substring, or regex)? */
static bool
stream_ok (bool ignore, const char *match, bool has_re, const regex_t *re, const sg_buf *golden,
           const sg_buf *got)
{
  if (ignore) return true;
  const char *s = got->len ? got->s : "";
  if (match) return got->len && strstr (s, match) != NULL;
  if (has_re) return regexec (re, s, 0, NULL, 0) == 0;
  return golden->len == got->len && (!got->len || !memcmp (golden->s, got->s, got->len));
}

static bool
cmd_matches (const sg_pred_cmd *c, const sg_spawn_result *r)
{
  if (r->timed_out || r->end == SG_END_EXEC_FAILED) return false;
  if ((int) r->end != c->g_end) return false;
  if (r->end == SG_END_EXITED && r->exit_code != c->g_code) return false;
  if (r->end == SG_END_SIGNALED && r->sig != c->g_sig) return false;
  return stream_ok (c->ignore_out, c->match_out, c->has_re_out, &c->re_out, &c->g_out, &r->out)
         && stream_ok (c->ignore_err, c->match_err, c->has_re_err, &c->re_err, &c->g_err, &r->err);
}

/* A run's limit t (0: none) cut to the time left before p's deadline (at least 1 ms); *cut
 * says whether the deadline decided it. */
static double
cap (double deadline, double t, bool *cut)
{
  if (cut) *cut = false;
  if (deadline <= 0) return t;
  double left = deadline - sg_spawn_now ();
  if (left < 0.001) left = 0.001;
  if (t > 0 && t <= left) return t;
  if (cut) *cut = true;
  return left;
}

static sg_rc
cmd_golden (sg_pred_cmd *c, const char *what, const char *path, uint64_t mem, double deadline,
            sg_diag *d)
{
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  bool by_budget;
  double limit = cap (deadline, c->timeout_s > 0 ? c->timeout_s : c->golden_timeout_s, &by_budget);
  sg_rc rc = sg_pred_spawn (c, path, limit, 0, mem, &r);
  if (rc) { sg_spawn_result_free (&r); return sg_diag_set (d, rc, 0, 0, "%s: cannot run the command", what); }
  if (r.end == SG_END_EXEC_FAILED)
    rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: cannot execute '%s'", what, c->argv.a[0]);
  else if (r.timed_out)
    rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: the golden run timed out (after %.3g s%s)", what,
                      limit, by_budget ? ", the time left of --budget"
                                  : c->timeout_s > 0 ? "" : ", the limit without -t");
  else
    {
      c->g_end = (int) r.end;
      c->g_code = r.exit_code;
      c->g_sig = r.sig;
      c->g_wall = r.wall_s;
      sg_buf_reset (&c->g_out);
      sg_buf_reset (&c->g_err);
      sg_buf_add (&c->g_out, r.out.s, r.out.len);
      sg_buf_add (&c->g_err, r.err.s, r.err.len);
      if (!c->timeout_s)
        c->timeout_s = c->golden_timeout_s > 0 ? fmin ((r.wall_s + 1.0) * 1.5, c->golden_timeout_s)
                                               : (r.wall_s + 1.0) * 1.5;
      if (!cmd_matches (c, &r))
        {
          /* The golden run is its own reference: only a --match or --regex rule can fail. */
          bool cross = strstr (what, "cross") != NULL;
          const char *pre = cross ? "--cross-" : "--";
          bool out_ok = stream_ok (c->ignore_out, c->match_out, c->has_re_out, &c->re_out,
                                   &c->g_out, &r.out);
          const char *stream = out_ok ? "stderr" : "stdout";
          const char *match = out_ok ? c->match_err : c->match_out;
          const char *re = out_ok ? c->regex_err : c->regex_out;
          rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "%s: its %s does not %s %s%s-%s '%s'", what,
                            stream, match ? "contain" : "match", pre, match ? "match" : "regex",
                            out_ok ? "err" : "out", match ? match : re ? re : "");
        }
    }
  sg_spawn_result_free (&r);
  return rc;
}

/* ---- finding mode ---------------------------------------------------------------------- */

static sg_verdict_kind
kind_of (const char *s)
{
  for (int k = SG_VERDICT_OK; k <= SG_VERDICT_PERFORMANCE; k++)
    if (!strcmp (s, sg_verdict_kind_name ((sg_verdict_kind) k))) return (sg_verdict_kind) k;
  return (sg_verdict_kind) -1;
}

static sg_answer
answer_of (const char *s)
{
  if (!s) return SG_ANS_NONE;
  if (!strcmp (s, "sat")) return SG_ANS_SAT;
  if (!strcmp (s, "unsat")) return SG_ANS_UNSAT;
  if (!strcmp (s, "unknown")) return SG_ANS_UNKNOWN;
  return SG_ANS_NONE;
}

static sg_rc
strv_add (sg_strv *v, const char *s)
{
  char *c = strdup (s);
  if (!c || !SG_VEC_PUSH (*v, c)) { free (c); return SG_RC_NOMEM; }
  return SG_RC_OK;
}

/* A run's "options" (--option-fuzz): the words must be the tail of the profile's user words;
 * prof->fuzzed_args counts them. */
static sg_rc
fuzzed_options (const sg_json *j, uint32_t run, sg_profile *prof, sg_diag *d)
{
  uint32_t opts = sg_json_get (j, run, SG_FK_RUN_OPTIONS);
  if (opts == JNONE) return SG_RC_OK;
  if (j->n.a[opts].kind != SG_JSON_ARR) return sg_diag_set (d, SG_RC_PARSE, 1, 1, "a run's options must be a list");
  uint32_t n = 0;
  for (uint32_t w = j->n.a[opts].first; w != JNONE; w = j->n.a[w].next) n++;
  if (n > prof->user_args.n) return sg_diag_set (d, SG_RC_PARSE, 1, 1, "a run's options are not in its command");
  uint32_t k = prof->user_args.n - n;
  for (uint32_t w = j->n.a[opts].first; w != JNONE; w = j->n.a[w].next, k++)
    {
      const char *s = sg_json_str (j, w);
      if (!s || strcmp (s, prof->user_args.a[k]))
        return sg_diag_set (d, SG_RC_PARSE, 1, 1, "a run's options are not the end of its command");
    }
  prof->fuzzed_args = n;
  return SG_RC_OK;
}

sg_rc
sg_pred_load_finding (sg_pred *p, const char *json_path, sg_diag *d)
{
  p->mode = SG_PRED_FINDING;
  char *text = NULL;
  size_t len = 0;
  sg_rc rc = sg_file_read (json_path, 16u << 20, &text, &len, d);
  if (rc) return rc;
  sg_json j;
  rc = sg_json_parse (text, len, json_path, &j, d);
  free (text);
  if (rc) return rc;
  if ((rc = sg_profiles_init (&p->profiles, d))) goto out;
  if ((rc = sg_patterns_add_defaults (&p->pats))) goto out;
  sg_diag_init (d, json_path); /* the profiles' loader named d after the last built-in */
  const char *kind = sg_json_str (&j, sg_json_get (&j, 0, SG_FK_KIND));
  const char *solver = sg_json_str (&j, sg_json_get (&j, 0, SG_FK_SOLVER));
  const char *trigger = sg_json_str (&j, sg_json_get (&j, 0, SG_FK_TRIGGER));
  uint32_t runs = sg_json_get (&j, 0, SG_FK_RUNS);
  if (!kind || !solver || !trigger || runs == JNONE || j.n.a[runs].kind != SG_JSON_ARR)
    { rc = sg_diag_set (d, SG_RC_PARSE, 1, 1, "not a finding: needs kind, solver, trigger, runs"); goto out; }
  p->kind = kind_of (kind);
  if ((int) p->kind < 0 || p->kind == SG_VERDICT_OK)
    { rc = sg_diag_set (d, SG_RC_PARSE, 1, 1, "unknown finding kind '%s'", kind); goto out; }
  const char *oracle = sg_json_str (&j, sg_json_get (&j, 0, SG_FK_ORACLE));
  if (oracle && !strcmp (oracle, "totalised"))
    {
      /* Its verdict rests on the totalised formula, which the predicate does not ask (issue 54). */
      rc = sg_diag_set (d, SG_RC_USAGE, 1, 1, "a finding decided by the totalised formula cannot be "
                        "reduced as a finding yet (its trigger shows the totalised formula; reduce "
                        "with a command predicate instead)");
      goto out;
    }
  /* Incremental and unsat-core findings: the incremental oracles judge each candidate
   * (predicate_incr.c); the rule from the culprit's signature, read with the runs below. */
  bool incr = oracle && (!strcmp (oracle, "core") || !strcmp (oracle, "incremental"));
  p->no_models = oracle && !strcmp (oracle, "model-run");
  double q = sg_json_num (&j, sg_json_get (&j, 0, SG_FK_QUERY), -1);
  p->query = q >= 0 && q < 1e6 ? (uint32_t) q : 0;
  p->expected = answer_of (sg_json_str (&j, sg_json_get (&j, 0, SG_FK_EXPECTED)));
  /* The trigger lives next to the JSON. */
  const char *slash = strrchr (json_path, '/');
  if (trigger[0] == '/' || !slash) snprintf (p->trigger, sizeof p->trigger, "%s", trigger);
  else snprintf (p->trigger, sizeof p->trigger, "%.*s/%s", (int) (slash - json_path), json_path, trigger);
  double cx = sg_json_num (&j, sg_json_get (&j, 0, SG_FK_CULPRIT), -1);
  int64_t culprit_at = cx >= 0 && cx < 64 && cx == (double) (int64_t) cx ? (int64_t) cx : -1;
  for (uint32_t r = j.n.a[runs].first; !rc && r != JNONE; r = j.n.a[r].next)
    {
      const char *name = sg_json_str (&j, sg_json_get (&j, r, SG_FK_RUN_SOLVER));
      /* The solver as named (binary, profile words, the spec's and drawn words); an older
       * smtgrind wrote it as "command", which now holds the exact command as run. */
      uint32_t cmd = sg_json_get (&j, r, SG_FK_RUN_SOLVER_COMMAND);
      if (cmd == JNONE) cmd = sg_json_get (&j, r, SG_FK_RUN_COMMAND);
      if (!name || cmd == JNONE || j.n.a[cmd].kind != SG_JSON_ARR || j.n.a[cmd].first == JNONE)
        { rc = sg_diag_set (d, SG_RC_PARSE, 1, 1, "a run without solver or command"); break; }
      if (p->solvers.n >= 64) { rc = sg_diag_set (d, SG_RC_LIMIT, 1, 1, "more than 64 runs"); break; }
      const char *bin = sg_json_str (&j, j.n.a[cmd].first);
      if (!bin || !*bin) { rc = sg_diag_set (d, SG_RC_PARSE, 1, 1, "empty solver command"); break; }
      const sg_profile *known = sg_profiles_find (&p->profiles, name);
      /* A release (run/release.h: PyPI, or npm's z3): its profile again, from the cache. */
      sg_profile npm;
      bool have_npm = false;
      char spec[48];
      if (!known && sg_release_word_of_name (name, spec, sizeof spec))
        {
          sg_diag nd;
          sg_diag_init (&nd, json_path);
          if (sg_release_profile (&p->profiles, spec, &npm, stderr, &nd) == SG_RC_OK) known = &npm, have_npm = true;
        }
      sg_profile prof;
      rc = known ? sg_profile_copy (known, &prof) : sg_profile_generic (bin, &prof);
      if (have_npm) sg_profile_free (&npm);
      if (rc) break;
      if (known)
        {
          free (prof.binary);
          prof.binary = strdup (bin);
          if (!prof.binary) rc = SG_RC_NOMEM;
          snprintf (prof.name, sizeof prof.name, "%s", name);
        }
      /* Words after the binary: the profile's own args (skipped), then the user's. */
      uint32_t k = 0, w = j.n.a[j.n.a[cmd].first].next;
      while (w != JNONE && k < prof.args.n && sg_json_str (&j, w)
             && !strcmp (sg_json_str (&j, w), prof.args.a[k]))
        { w = j.n.a[w].next; k++; }
      if (k < prof.args.n) w = j.n.a[j.n.a[cmd].first].next; /* not a prefix: all are user words */
      for (; !rc && w != JNONE; w = j.n.a[w].next)
        if (sg_json_str (&j, w)) rc = strv_add (&prof.user_args, sg_json_str (&j, w));
      if (!rc) rc = fuzzed_options (&j, r, &prof, d);
      if (!rc && !SG_VEC_PUSH (p->solvers, prof)) rc = SG_RC_NOMEM;
      if (rc) { sg_profile_free (&prof); break; }
      /* the culprit: the run the JSON names by index (runs may share a name), else the first
       * run of its name (an older smtgrind's JSON) */
      if (culprit_at >= 0 ? (int64_t) (p->solvers.n - 1) == culprit_at && !strcmp (name, solver)
                          : p->culprit == SG_NONE && !strcmp (name, solver))
        p->culprit = p->solvers.n - 1;
      const char *outcome = sg_json_str (&j, sg_json_get (&j, r, SG_FK_RUN_OUTCOME));
      if (p->culprit == p->solvers.n - 1 && outcome && !strcmp (outcome, "invalid_model"))
        p->self_invalid = true;
      if (incr && p->culprit == p->solvers.n - 1)
        sg_pred_incr_expect (p, oracle, sg_json_str (&j, sg_json_get (&j, r, SG_FK_RUN_SIGNATURE)),
                             sg_json_str (&j, sg_json_get (&j, 0, SG_FK_WHY)));
    }
  if (!rc && !p->solvers.n) rc = sg_diag_set (d, SG_RC_PARSE, 1, 1, "a finding without runs");
  if (!rc && incr && p->culprit == SG_NONE)
    rc = sg_diag_set (d, SG_RC_PARSE, 1, 1, "the finding's solver '%s' is not among its runs", solver);
  if (!rc && p->culprit == SG_NONE && p->kind != SG_VERDICT_SOUNDNESS)
    rc = sg_diag_set (d, SG_RC_PARSE, 1, 1, "the finding's solver '%s' is not among its runs", solver);
  if (rc == SG_RC_NOMEM) sg_diag_set (d, rc, 0, 0, "out of memory");
out:
  sg_json_free (&j);
  return rc;
}

static sg_answer
ans_at (const sg_outcome *o, uint32_t q)
{
  if (o->kind != SG_OUT_OK || q >= o->answers.n) return SG_ANS_NONE;
  return (sg_answer) o->answers.a[q];
}

/* The answer a probe run counts for (sg_oracle_answer: a failed own check with a model our
 * evaluator validates is a sat). */
static sg_answer
run_ans (const sg_probe_run *r, uint32_t q)
{
  sg_oracle_run jr = { r->prof ? r->prof->name : "", &r->out, r->model, r->model_checked };
  return r->skipped ? SG_ANS_NONE : sg_oracle_answer (&jr, q);
}

static void
probe_opts (const sg_pred *p, double timeout_s, bool expected, sg_probe_opts *po)
{
  memset (po, 0, sizeof *po);
  po->timeout_ms = sg_spawn_ms (timeout_s);
  po->deadline = p->deadline; /* the solvers, one after the other, end by the budget's end */
  po->mem_bytes = p->mem_bytes;
  po->models = !p->no_models;
  /* validating runs (oracle/probe.h) only where the finding is a failed own check: the runs
   * that decide are plain */
  po->validate = !p->no_models && (p->kind == SG_VERDICT_INVALID_MODEL || p->self_invalid);
  po->oracle.expected = expected ? p->expected : SG_ANS_NONE;
  po->oracle.incompleteness = p->kind == SG_VERDICT_INCOMPLETE;
  po->oracle.perf_ratio = p->kind == SG_VERDICT_PERFORMANCE ? 10.0 : 0;
}

/* Probe solvers [lo, hi) except `skip` into pr (appended runs). */
static sg_rc
probe_some (const sg_pred *p, uint32_t only, bool others, double timeout_s, bool expected,
            sg_store *s, const sg_script *sc, const char *text, size_t len, sg_probe *pr)
{
  sg_solver_list l = { 0 };
  for (uint32_t i = 0; i < p->solvers.n; i++)
    if (others ? i != only : i == only)
      {
        if (!SG_VEC_PUSH (l, p->solvers.a[i])) { SG_VEC_FREE (l); return SG_RC_NOMEM; }
      }
  sg_probe_opts po;
  probe_opts (p, timeout_s, expected, &po);
  uint32_t first = pr->runs.n;
  sg_rc rc = l.n ? sg_probe_script ((const sg_solver_list *) &l, &p->pats, s, sc, text, len, &po, pr)
                 : SG_RC_OK;
  /* l holds shallow copies of p's profiles: point the new runs at p's own, which outlive l */
  for (uint32_t i = 0, k = first; i < p->solvers.n && k < pr->runs.n; i++)
    if (others ? i != only : i == only) pr->runs.a[k++].prof = &p->solvers.a[i];
  SG_VEC_FREE (l); /* the profiles are borrowed */
  return rc;
}

/* Crash signatures compared without the numbers a message may carry (positions, addresses,
 * sizes: "line 3 column 10", "0x7ffd..."), except in "assert FILE:LINE" and sanitizer
 * signatures, where they name the place that failed. */
static bool
same_signature (const char *a, const char *b)
{
  if (!strncmp (a, "assert ", 7) || !strncmp (a, "sanitizer ", 10)) return !strcmp (a, b);
  for (;;)
    {
      bool da = *a >= '0' && *a <= '9', db = *b >= '0' && *b <= '9';
      if (da != db) return false;
      if (da)
        {
          while (*a >= '0' && *a <= '9') a++;
          while (*b >= '0' && *b <= '9') b++;
          continue;
        }
      if (*a != *b) return false;
      if (!*a) return true;
      a++, b++;
    }
}

/* The culprit's own run still shows the finding (stage 1, culprit alone; unspec: the
 * candidate may take an unspecified value, as sg_probe's unspec_why says, or NULL). */
static bool
culprit_ok (const sg_pred *p, const sg_probe_run *r, const char *unspec)
{
  if (r->skipped) return false;
  const sg_outcome *o = &r->out;
  sg_oracle_run jr = { r->prof->name, o, r->model, r->model_checked };
  switch (p->kind)
    {
    case SG_VERDICT_CRASH:
      /* a crash, or an own model check that fails on a model our evaluator validates */
      return (o->kind == SG_OUT_CRASH
              || (o->kind == SG_OUT_INVALID_MODEL && sg_oracle_own_check (&jr, unspec) == SG_VERDICT_CRASH))
             && same_signature (o->signature, p->signature);
    case SG_VERDICT_INVALID_MODEL:
      /* Its own model check fails, or our evaluator refutes the model it gave: one
       * misbehaviour, whichever of the two saw it when the finding was made (a solver's
       * self-check does not fire on every run where the model is wrong). A failed check on a
       * model our evaluator validates, or one an unspecified value explains, is not it. */
      return (o->kind == SG_OUT_INVALID_MODEL
              && sg_oracle_own_check (&jr, unspec) == SG_VERDICT_INVALID_MODEL)
             || (o->kind == SG_OUT_OK && ans_at (o, 0) == SG_ANS_SAT && r->model == SG_MODEL_INVALID);
    case SG_VERDICT_SOUNDNESS:
      return run_ans (r, p->query) == p->g_ans[p->culprit];
    case SG_VERDICT_INCOMPLETE:
      if (p->g_kind == SG_OUT_TIMEOUT) return o->kind == SG_OUT_TIMEOUT;
      return o->kind == SG_OUT_OK && ans_at (o, p->query) == SG_ANS_UNKNOWN;
    case SG_VERDICT_PERFORMANCE:
      return o->kind == SG_OUT_OK || o->kind == SG_OUT_TIMEOUT;
    default:
      return false;
    }
}

/* Do the culprit's run alone decide the finding (no other solver needed)? A crash and an
 * invalid model are the blamed solver's own behaviour: what the others do (a crash or an
 * invalid model of theirs, which the oracle may put first) does not matter. */
static bool
culprit_suffices (const sg_pred *p)
{
  return p->kind == SG_VERDICT_CRASH || p->kind == SG_VERDICT_INVALID_MODEL
         || (p->kind == SG_VERDICT_INCOMPLETE && p->use_expected);
}

/* Soundness judged on the answers: the culprit (when the finding names one) still gives its
 * answer, another solver still decides the other way, and no solver other than the culprit
 * is blamed (the oracle's way to blame — evaluator, majority, referee — and its text do not
 * count; a verdict that blames nobody keeps the finding). */
static bool
soundness_ok (const sg_pred *p, const sg_probe *pr)
{
  if (p->use_expected)
    return pr->verdict.kind == SG_VERDICT_SOUNDNESS
           && (p->culprit == SG_NONE || pr->verdict.culprit == p->culprit);
  if (pr->verdict.kind == SG_VERDICT_SOUNDNESS && pr->verdict.culprit != SG_NONE
      && pr->verdict.culprit != p->culprit)
    return false;
  /* A candidate an unspecified value can explain is no longer evidence of the bug. */
  if (pr->verdict.kind == SG_VERDICT_UNSPECIFIED) return false;
  bool sat = false, unsat = false;
  for (uint32_t i = 0; i < pr->runs.n && i < 64; i++)
    {
      sg_answer a = run_ans (&pr->runs.a[i], p->query);
      if (p->g_ans[i] == SG_ANS_SAT || p->g_ans[i] == SG_ANS_UNSAT)
        if (a != p->g_ans[i]) return false;
      sat |= a == SG_ANS_SAT;
      unsat |= a == SG_ANS_UNSAT;
    }
  if (p->culprit != SG_NONE && p->g_ans[p->culprit] != SG_ANS_SAT && p->g_ans[p->culprit] != SG_ANS_UNSAT)
    return false;
  return sat && unsat;
}

/* Judge a full probe (runs in solver order) against the golden behaviour. */
static bool
full_ok (const sg_pred *p, const sg_probe *pr)
{
  /* A rejection the finding itself did not have: the candidate is outside what that solver
   * reads. One it had (a solver that cannot read the trigger, beside the culprit) is kept. */
  for (uint32_t i = 0; i < pr->runs.n; i++)
    if (!pr->runs.a[i].skipped && pr->runs.a[i].out.kind == SG_OUT_REJECTED
        && (i >= 64 || !(p->g_rejected >> i & 1)))
      return false;
  if (p->kind == SG_VERDICT_SOUNDNESS) return soundness_ok (p, pr);
  if (pr->verdict.kind != p->kind) return false;
  if (p->culprit != SG_NONE && pr->verdict.culprit != p->culprit) return false;
  return true;
}

/* The solvers other than the culprit, probed now, and the culprit's run `one` (taken over;
 * empty when the finding names no culprit), merged in solver order into m and judged. The
 * culprit runs first so that under a budget its run is never the one cut short. */
static sg_rc
probe_others (const sg_pred *p, double timeout_s, bool expected, sg_store *s, const sg_script *sc,
              const char *text, size_t len, sg_probe *one, sg_probe *m /* OUT */, uint32_t *runs)
{
  sg_probe rest;
  sg_probe_init (&rest);
  sg_rc rc = probe_some (p, p->culprit, true, timeout_s, expected, s, sc, text, len, &rest);
  *runs += rest.runs.n;
  uint32_t a = 0, b = 0;
  for (uint32_t i = 0; !rc && i < p->solvers.n; i++)
    {
      sg_probe *src = i == p->culprit ? one : &rest;
      uint32_t *k = i == p->culprit ? &a : &b;
      if (*k >= src->runs.n) { rc = SG_RC_IO; break; } /* a run is missing */
      if (!SG_VEC_PUSH (m->runs, src->runs.a[*k])) { rc = SG_RC_NOMEM; break; }
      sg_outcome_init (&src->runs.a[*k].out); /* moved */
      (*k)++;
    }
  if (!rc)
    {
      sg_probe_opts po;
      probe_opts (p, timeout_s, expected, &po);
      /* The same script: either probe knows whether it may take an unspecified value (the
       * other solvers may be none). */
      const sg_probe *u = rest.runs.n ? &rest : one;
      m->unspec = u->unspec;
      memcpy (m->unspec_why, u->unspec_why, sizeof m->unspec_why);
      sg_probe_judge (m, &po.oracle);
    }
  sg_probe_free (&rest);
  return rc;
}

/* Run the finding predicate; order the probe's runs like the solver list. */
static bool
finding_test (const sg_pred *p, double timeout_s, sg_store *s, const sg_script *sc,
              const char *text, size_t len, uint32_t *runs, bool *unstarted, sg_probe *all /* OUT */)
{
  *runs = 0;
  sg_probe one;
  sg_probe_init (&one);
  bool ok = true;
  if (p->culprit != SG_NONE)
    {
      if (probe_some (p, p->culprit, false, timeout_s, p->use_expected, s, sc, text, len, &one))
        ok = false;
      *runs += 1;
      if (one.unstarted[0]) *unstarted = true; /* never holds: sg_probe_judge said "not judged" */
      ok = ok && !one.unstarted[0];
      ok = ok && one.runs.n == 1 && culprit_ok (p, &one.runs.a[0], one.unspec ? one.unspec_why : NULL);
      if (ok && culprit_suffices (p))
        {
          if (p->kind == SG_VERDICT_INCOMPLETE && p->use_expected)
            ok = one.verdict.kind == SG_VERDICT_INCOMPLETE;
          if (all)
            {
              /* hand the culprit's run over as the whole probe */
              *all = one;
              sg_probe_init (&one);
            }
          sg_probe_free (&one);
          return ok;
        }
    }
  if (ok)
    {
      sg_probe m;
      sg_probe_init (&m);
      ok = !probe_others (p, timeout_s, p->use_expected, s, sc, text, len, &one, &m, runs) && full_ok (p, &m);
      if (m.unstarted[0]) *unstarted = true;
      ok = ok && !m.unstarted[0];
      if (all) { *all = m; sg_probe_init (&m); }
      sg_probe_free (&m);
    }
  sg_probe_free (&one);
  return ok;
}

sg_rc
sg_pred_golden (sg_pred *p, const char *path, const char *text, size_t len, sg_store *s,
                const sg_script *sc, sg_diag *d)
{
  if (p->mode == SG_PRED_COMMAND)
    {
      sg_rc rc = sg_pred_is_perf (p) ? sg_pred_perf_golden (p, path, d)
                                     : cmd_golden (&p->main, "golden run", path, p->mem_bytes, p->deadline, d);
      if (!rc && p->has_cross)
        rc = cmd_golden (&p->cross, "cross-check golden run", path, p->mem_bytes, p->deadline, d);
      if (!rc)
        snprintf (p->desc, sizeof p->desc, "exit %s %d%s%s", p->main.g_end == SG_END_SIGNALED ? "signal" : "code",
                  p->main.g_end == SG_END_SIGNALED ? p->main.g_sig : p->main.g_code,
                  p->main.ignore_out ? "" : p->main.match_out ? ", stdout contains the match" : ", same stdout",
                  p->main.ignore_err ? "" : p->main.match_err ? ", stderr contains the match" : ", same stderr");
      if (!rc && sg_pred_is_perf (p)) sg_pred_perf_desc (p);
      return rc;
    }
  /* Finding mode: probe every solver once on the input, with the generous limit. */
  /* -t, else the limit the caller set (the budget when smaller), else 10 s. */
  p->golden_timeout_s = p->timeout_s > 0 ? p->timeout_s : p->golden_timeout_s > 0 ? p->golden_timeout_s : 10.0;
  if (p->incr) return sg_pred_incr_golden (p, path, text, len, s, sc, d);
  sg_probe pr;
  sg_probe_init (&pr);
  sg_probe_opts po;
  bool by_budget;
  double glimit = cap (p->deadline, p->golden_timeout_s, &by_budget);
  probe_opts (p, glimit, false, &po);
  /* The culprit first: under a budget the others (run one after the other, each within the
   * time left) cannot leave it none. */
  sg_probe one;
  sg_probe_init (&one);
  uint32_t nruns = 0;
  sg_rc rc = p->culprit != SG_NONE ? probe_some (p, p->culprit, false, glimit, false, s, sc, text, len, &one)
                                   : SG_RC_OK;
  if (!rc) rc = probe_others (p, glimit, false, s, sc, text, len, &one, &pr, &nruns);
  sg_probe_free (&one);
  if (rc) { sg_probe_free (&pr); return sg_diag_set (d, rc, 0, 0, "cannot run the solvers"); }
  double maxwall = 0;
  for (uint32_t i = 0; i < pr.runs.n && i < 64; i++)
    {
      p->g_ans[i] = run_ans (&pr.runs.a[i], p->query);
      if (!pr.runs.a[i].skipped && pr.runs.a[i].out.kind == SG_OUT_REJECTED && i != p->culprit)
        p->g_rejected |= (uint64_t) 1 << i;
      if (!pr.runs.a[i].skipped && pr.runs.a[i].out.wall_s > maxwall) maxwall = pr.runs.a[i].out.wall_s;
    }
  if (p->culprit != SG_NONE)
    {
      const sg_probe_run *c = &pr.runs.a[p->culprit];
      p->g_kind = c->out.kind;
      snprintf (p->signature, sizeof p->signature, "%s", c->out.signature);
    }
  /* Differential first (the construction's status may not survive reduction); fall back to
   * the expected status when no other solver decides. */
  p->use_expected = false;
  const char *unspec = pr.unspec ? pr.unspec_why : NULL;
  bool ok;
  if (p->culprit != SG_NONE && culprit_suffices (p))
    {
      /* The culprit's own run decides; a rejection by another solver is kept (g_rejected). */
      ok = culprit_ok (p, &pr.runs.a[p->culprit], unspec);
    }
  else
    ok = full_ok (p, &pr) && (p->culprit == SG_NONE || culprit_ok (p, &pr.runs.a[p->culprit], unspec));
  if (!ok && p->expected != SG_ANS_NONE && !(p->culprit != SG_NONE && culprit_suffices (p)))
    {
      sg_probe_opts pe;
      probe_opts (p, cap (p->deadline, p->golden_timeout_s, NULL), true, &pe);
      sg_probe_judge (&pr, &pe.oracle);
      p->use_expected = true;
      ok = full_ok (p, &pr) && (p->culprit == SG_NONE || culprit_ok (p, &pr.runs.a[p->culprit], unspec));
    }
  if (!ok)
    {
      char now[200] = "";
      if (p->culprit != SG_NONE && p->culprit < pr.runs.n)
        {
          const sg_probe_run *c = &pr.runs.a[p->culprit];
          snprintf (now, sizeof now, "; %s: %s%s%s%s", p->solvers.a[p->culprit].name,
                    c->skipped ? "skipped" : sg_outcome_kind_name (c->out.kind),
                    c->out.kind == SG_OUT_OK ? ", answer " : "",
                    c->out.kind == SG_OUT_OK ? sg_answer_name (ans_at (&c->out, p->query)) : "",
                    c->out.kind == SG_OUT_OK && c->model == SG_MODEL_INVALID ? ", model refuted" : "");
        }
      char cut[96] = "";
      if (by_budget)
        snprintf (cut, sizeof cut, " (the runs, one after the other, had the %.3g s left of --budget)", glimit);
      rc = sg_diag_set (d, SG_RC_USAGE, 0, 0, "the finding (%s of %s) does not reproduce on %s: verdict %s (%s)%s%s",
                        sg_verdict_kind_name (p->kind),
                        p->culprit != SG_NONE ? p->solvers.a[p->culprit].name : "unattributed", path,
                        sg_verdict_kind_name (pr.verdict.kind), pr.verdict.why, now, cut);
    }
  else
    {
      if (p->timeout_s <= 0)
        p->timeout_s = p->g_kind == SG_OUT_TIMEOUT ? p->golden_timeout_s
                                                   : fmin ((maxwall + 1.0) * 1.5, p->golden_timeout_s);
      snprintf (p->desc, sizeof p->desc, "%s (%s)%s", sg_verdict_kind_name (p->kind), pr.verdict.why,
                p->use_expected ? " [against the expected status]" : "");
    }
  sg_probe_free (&pr);
  return rc;
}

bool
sg_pred_test (const sg_pred *p, const char *path, const char *text, size_t len, sg_store *s,
              const sg_script *sc, uint32_t *runs, bool *unstarted)
{
  *runs = 0;
  bool dummy = false;
  if (!unstarted) unstarted = &dummy;
  *unstarted = false;
  /* Past the budget nothing runs: a candidate does not hold (nor does a dropped option). */
  if (p->deadline > 0 && sg_spawn_now () >= p->deadline) return false;
  if (p->mode == SG_PRED_FINDING && p->incr)
    return sg_pred_incr_test (p, cap (p->deadline, p->timeout_s, NULL), s, sc, text, len, runs, unstarted);
  if (p->mode == SG_PRED_FINDING)
    return finding_test (p, cap (p->deadline, p->timeout_s, NULL), s, sc, text, len, runs, unstarted, NULL);
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  bool ok = sg_pred_is_perf (p) ? sg_pred_perf_test (p, path, runs, unstarted)
            : !sg_pred_spawn (&p->main, path, cap (p->deadline, p->main.timeout_s, NULL), 0, p->mem_bytes, &r)
              && cmd_matches (&p->main, &r);
  if (!sg_pred_is_perf (p)) *runs = 1;
  if (r.end == SG_END_EXEC_FAILED) *unstarted = true;
  if (ok && p->has_cross)
    {
      ok = !sg_pred_spawn (&p->cross, path, cap (p->deadline, p->cross.timeout_s, NULL), 0, p->mem_bytes, &r)
           && cmd_matches (&p->cross, &r);
      *runs += 1;
      if (r.end == SG_END_EXEC_FAILED) *unstarted = true;
    }
  sg_spawn_result_free (&r);
  return ok;
}
