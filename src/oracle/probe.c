/* probe: solvers on one script, models checked by our evaluator, one verdict. */
#include "oracle/probe.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/tok.h"
#include "eval/model.h"
#include "front/parse.h"
#include "front/print.h"
#include "oracle/probe_int.h"
#include "oracle/unspec.h"
#include "run/spawn.h"

void
sg_probe_init (sg_probe *p)
{
  memset (p, 0, sizeof *p);
}

void
sg_probe_free (sg_probe *p)
{
  for (uint32_t i = 0; i < p->runs.n; i++) sg_outcome_free (&p->runs.a[i].out);
  SG_VEC_FREE (p->runs);
}

bool
sg_script_uses_fp (const sg_store *s)
{
  /* A floating-point sort other than Float32 (8 24) and Float64 (11 53) among the store's. */
  for (uint32_t i = 0; i < s->sorts.n; i++)
    {
      const sg_sortnode *n = &s->sorts.a[i];
      if (n->kind == SG_SORT_FP && !(n->a == 8 && n->b == 24) && !(n->a == 11 && n->b == 53)) return true;
    }
  return false;
}

bool
sg_script_uses_strings (const sg_store *s)
{
  /* Sequences, sets and bags need the same treatment (cvc5: --strings-exp, --sets-ext): their
   * sorts exist only when used. */
  for (uint32_t x = 0; x < s->sorts.n; x++)
    {
      uint8_t k = s->sorts.a[x].kind;
      if (k == SG_SORT_SEQ || k == SG_SORT_SET || k == SG_SORT_BAG) return true;
    }
  /* The basic sorts always exist in a store: look for a term or a declaration using one. */
  for (uint32_t t = 0; t < s->nodes.n; t++)
    if (s->nodes.a[t].sort == s->s_string || s->nodes.a[t].sort == s->s_reglan) return true;
  for (uint32_t f = 0; f < s->funs.n; f++)
    {
      const sg_fun *fn = &s->funs.a[f];
      if (fn->ret == s->s_string || fn->ret == s->s_reglan) return true;
      for (uint32_t k = 0; k < fn->nparams; k++)
        if (s->pool.a[fn->params + k] == s->s_string || s->pool.a[fn->params + k] == s->s_reglan) return true;
    }
  return false;
}

/* Skip one S-expression starting at s[i] ('(' expected); returns the index after it or n.
 * Strings, |symbols| and comments are skipped whole (base/tok.h). */
static size_t
skip_sexp (const char *s, size_t i, size_t n)
{
  uint64_t depth = 0;
  sg_tks z;
  sg_tk t;
  sg_tk_init (&z, s + i, n - i, 0);
  while (sg_tk_next (&z, &t))
    if (t.kind == SG_TK_LPAR) depth++;
    else if (t.kind == SG_TK_RPAR && depth && --depth == 0) return (size_t) (t.s + 1 - s);
  return n;
}

bool
sg_model_text (const char *out, size_t n, uint32_t k, const char **start, size_t *len)
{
  size_t i = 0;
  uint32_t seen = 0;
  while (i < n)
    {
      size_t e = i;
      while (e < n && out[e] != '\n') e++;
      size_t l = e - i;
      if (l && out[i + l - 1] == '\r') l--;
      bool ans = (l == 3 && !memcmp (out + i, "sat", 3)) || (l == 5 && !memcmp (out + i, "unsat", 5))
                 || (l == 7 && !memcmp (out + i, "unknown", 7));
      i = e < n ? e + 1 : n;
      if (!ans) continue;
      if (seen++ != k) continue;
      while (i < n && (out[i] == ' ' || out[i] == '\n' || out[i] == '\r' || out[i] == '\t')) i++;
      if (i >= n || out[i] != '(') return false;
      size_t end = skip_sexp (out, i, n);
      if (end > n || out[end - 1] != ')') return false;
      *start = out + i;
      *len = end - i;
      return true;
    }
  return false;
}

bool
sg_checked_model_text (const char *out, size_t n, const char **start, size_t *len)
{
  size_t at = n; /* the last "(model" line */
  for (size_t i = 0; i < n;)
    {
      size_t e = i;
      while (e < n && out[e] != '\n') e++;
      size_t l = e - i;
      if (l && out[i + l - 1] == '\r') l--;
      if (l == 6 && !memcmp (out + i, "(model", 6)) at = i;
      i = e < n ? e + 1 : n;
    }
  if (at == n) return false;
  size_t end = skip_sexp (out, at, n);
  if (end > n || out[end - 1] != ')') return false;
  *start = out + at;
  *len = end - at;
  return true;
}

bool
sg_model_text_after_errors (const char *out, size_t n, const char **start, size_t *len)
{
  const char *m;
  size_t l;
  if (!sg_model_text (out, n, 0, &m, &l)) return false;
  for (;;)
    {
      if (l < 6 || memcmp (m, "(error", 6) || (m[6] != ' ' && m[6] != '\n' && m[6] != '\t'))
        {
          *start = m;
          *len = l;
          return true;
        }
      size_t i = (size_t) (m - out) + l;
      while (i < n && (out[i] == ' ' || out[i] == '\n' || out[i] == '\r' || out[i] == '\t')) i++;
      if (i >= n || out[i] != '(') return false;
      size_t end = skip_sexp (out, i, n);
      if (end > n || out[end - 1] != ')') return false;
      m = out + i;
      l = end - i;
    }
}

bool
sg_script_asks_models (const sg_script *sc)
{
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      uint16_t k = sc->cmds.a[i].kind;
      if (k == SG_WK_GET_MODEL || k == SG_WK_GET_VALUE || k == SG_WK_GET_ASSIGNMENT) return true;
    }
  return false;
}

/* Index of the only check-sat command, or SG_NONE when there are none or several. */
static uint32_t
single_check_sat (const sg_script *sc)
{
  uint32_t at = SG_NONE;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      uint16_t k = sc->cmds.a[i].kind;
      if (k == SG_WK_CHECK_SAT || k == SG_WK_CHECK_SAT_ASSUMING)
        {
          if (at != SG_NONE) return SG_NONE;
          at = i;
        }
    }
  return at;
}

/* The model query in session ss: its output into out (the session's own capture, copied).
 * False when the session did not answer it (then a fresh run does). */
static bool
session_model (sg_session *ss, uint32_t timeout_ms, const sg_buf *text, sg_outcome *o2, sg_buf *out)
{
  /* a shorter timeout than the session's (the budget's end) holds for this query too */
  uint32_t keep = ss->o.timeout_ms;
  if (timeout_ms && (!keep || timeout_ms < keep)) ss->o.timeout_ms = timeout_ms;
  bool ok = sg_session_query (ss, text->s, text->len, o2) == SG_RC_OK && o2->kind == SG_OUT_OK;
  ss->o.timeout_ms = keep;
  if (!ok) return false;
  sg_buf_reset (out);
  sg_buf_add (out, ss->res.out.s, ss->res.out.len);
  return sg_buf_ok (out);
}

bool
sg_probe_model_text (const sg_store *s, const sg_script *sc, sg_buf *out)
{
  uint32_t at = single_check_sat (sc);
  sg_buf_reset (out);
  if (at == SG_NONE || sc->cmds.a[at].kind != SG_WK_CHECK_SAT) return false;
  sg_buf_adds (out, "(set-option :produce-models true)\n");
  for (uint32_t i = 0; i <= at; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      if (c->kind == SG_WK_SET_INFO && !strcmp (sg_store_text (s, c->aux), ":status")) continue;
      sg_print_cmd (sc, i, NULL, out);
    }
  sg_buf_adds (out, "(get-model)\n");
  return sg_buf_ok (out);
}

/* Read the model text [mt, mt + ml) against sc and evaluate it into pr->model (pr->note says
 * why not); true when our evaluator gave its word. */
static bool
judge_model (sg_store *s, const sg_script *sc, const char *mt, size_t ml, sg_probe_run *pr)
{
  sg_model m;
  sg_diag d;
  sg_model_init (&m, s);
  sg_diag_init (&d, "model");
  bool judged = false;
  if (sg_model_read (&m, sc, mt, ml, "model", &d))
    snprintf (pr->note, sizeof pr->note, "unreadable model: %.120s", d.msg);
  else
    {
      sg_mcheck v;
      if (sg_eval_check_model (s, sc, &m, &v, NULL) == SG_RC_OK)
        {
          pr->model = (int) v;
          judged = true;
        }
      else snprintf (pr->note, sizeof pr->note, "evaluation failed");
    }
  sg_model_free (&m);
  return judged;
}

/* A run of p could not be started (p->unstarted says which): no verdict rests on it. */
static void
not_judged (sg_probe *p)
{
  if (!p->unstarted[0]) return;
  p->verdict.kind = SG_VERDICT_OK;
  sg_verdict_blame (&p->verdict, SG_NONE);
  p->verdict.query = SG_NONE;
  snprintf (p->verdict.why, sizeof p->verdict.why, "not judged: %s", p->unstarted);
}

/* A model run of pr could not be started (o2): pr is not judged in full. */
static void
model_exec_failed (sg_probe_run *pr, const sg_outcome *o2)
{
  pr->model_exec_failed = true;
  pr->model = -1;
  snprintf (pr->note, sizeof pr->note, "its model run could not be started: %.120s", o2->reason);
}

/* Ask the solver for its model (in its session ss when the answer came from it, else in a
 * fresh run) and check it with our evaluator. A model found invalid is only ever reported
 * after fresh runs confirm it (oracle/escalate.h); a crash of the fresh run is marked
 * (model_crash) for the callers to confirm on the model run's text. */
static void
check_model (const sg_profile *prof, const sg_patterns *pats, const sg_run_opts *ro, sg_session *ss,
             sg_store *s, const sg_script *sc, sg_probe_run *pr)
{
  sg_buf text, out;
  sg_buf_init (&text);
  sg_buf_init (&out);
  bool text_ok = sg_probe_model_text (s, sc, &text);
  sg_outcome o2;
  sg_outcome_init (&o2);
  sg_rc rc = SG_RC_OK;
  bool fresh = false;
  if (!text_ok) rc = SG_RC_NOMEM;
  else if (!(ss && pr->session && session_model (ss, ro->timeout_ms, &text, &o2, &out)))
    {
      sg_outcome_reset (&o2);
      fresh = true;
      rc = sg_run_text_capture (prof, pats, ro, text.s, text.len, &o2, &out);
    }
  if (!rc && fresh && ro->argv.validate && o2.kind != SG_OUT_EXEC_FAILED)
    {
      /* the model run with the validation flags is the run's validating run */
      if (sg_probe_val_record (pr, &ro->argv, true, &o2, &out))
        goto done; /* its own check failed: adopted, the caller judges that check */
      if (o2.kind != SG_OUT_OK || !o2.answers.n || o2.answers.a[0] != SG_ANS_SAT)
        {
          /* No sat answer with them (refused, crashed, timed out, garbled, another answer):
           * the model is asked without them, so that it is still checked. A crash there too
           * is a crash on the model run ((get-model) and all: model_crash below), not the
           * validation flags' doing. */
          bool crashed = o2.kind == SG_OUT_CRASH;
          char flags_gave[40];
          snprintf (flags_gave, sizeof flags_gave, "%s", sg_outcome_kind_name (o2.kind));
          sg_run_opts r2 = *ro;
          r2.argv.validate = false;
          sg_outcome_reset (&o2);
          rc = sg_run_text_capture (prof, pats, &r2, text.s, text.len, &o2, &out);
          if (!rc && crashed && o2.kind == SG_OUT_CRASH)
            {
              pr->val.diff = SG_VAL_SAME;
              pr->val.what[0] = '\0';
            }
          else if (!pr->val.what[0])
            snprintf (pr->val.what, sizeof pr->val.what,
                      "its model run with its validation flags gave %s: the model is checked without them", flags_gave);
        }
    }
  if (!rc && fresh && o2.kind == SG_OUT_CRASH) pr->model_crash = true;
  const char *mt;
  size_t ml;
  if (rc)
    {
      pr->model_exec_failed = true; /* no temporary directory, no memory: not a judged run */
      pr->model = -1;
      snprintf (pr->note, sizeof pr->note, "its model run failed: %s", sg_rc_name (rc));
    }
  else if (o2.kind == SG_OUT_EXEC_FAILED)
    model_exec_failed (pr, &o2);
  else if (o2.kind != SG_OUT_OK || o2.answers.n < 1 || o2.answers.a[0] != SG_ANS_SAT)
    snprintf (pr->note, sizeof pr->note, "model run gave %s", sg_outcome_kind_name (o2.kind));
  else if (!sg_model_text (out.s ? out.s : "", out.len, 0, &mt, &ml))
    snprintf (pr->note, sizeof pr->note, "no model in the output");
  else
    judge_model (s, sc, mt, ml, pr);
done:
  sg_outcome_free (&o2);
  sg_buf_free (&text);
  sg_buf_free (&out);
}

/* Its own model check failed (pr->out) and its profile says how to see the model that check
 * examines: printed with checked_model_args (cvc4), or its answer to (get-model) after the
 * failure (model_after_failed_check: z3). A fresh checked run of the model text, and our
 * evaluator on that model. True when that run failed its check again and the model was judged
 * (pr->model_checked); false leaves pr->model for the run without the check. */
static bool
check_checked_model (const sg_profile *prof, const sg_patterns *pats, const sg_run_opts *ro,
                     sg_store *s, const sg_script *sc, sg_probe_run *pr)
{
  bool printed = prof->checked_model_args.n > 0;
  if (!printed && !prof->model_after_failed_check) return false;
  sg_run_opts co = *ro;
  co.argv.models = true;
  co.argv.validate = true;
  co.argv.no_validate = false;
  co.argv.checked_model = printed;
  sg_buf text, out;
  sg_buf_init (&text);
  sg_buf_init (&out);
  sg_outcome o2;
  sg_outcome_init (&o2);
  const char *mt;
  size_t ml;
  bool judged = false;
  sg_rc rc = sg_probe_model_text (s, sc, &text)
                ? sg_run_text_capture (prof, pats, &co, text.s, text.len, &o2, &out) : SG_RC_NOMEM;
  if (!rc && o2.kind == SG_OUT_EXEC_FAILED)
    model_exec_failed (pr, &o2);
  else if (!rc && o2.kind == SG_OUT_INVALID_MODEL
      && (printed ? sg_checked_model_text (out.s ? out.s : "", out.len, &mt, &ml)
                  : sg_model_text_after_errors (out.s ? out.s : "", out.len, &mt, &ml)))
    judged = judge_model (s, sc, mt, ml, pr);
  pr->model_checked = judged;
  if (!judged) pr->model = -1;
  sg_outcome_free (&o2);
  sg_buf_free (&text);
  sg_buf_free (&out);
  return judged;
}

/* o's timeout cut to the time left before its deadline. */
static uint32_t
timeout_now (const sg_probe_opts *o)
{
  if (o->deadline <= 0) return o->timeout_ms;
  double left = o->deadline - sg_spawn_now ();
  uint32_t ms = left < 0.001 ? 1 : sg_spawn_ms (left);
  return o->timeout_ms && o->timeout_ms < ms ? o->timeout_ms : ms;
}

/* One solver run of a probe. */
typedef struct run_job {
  sg_probe_run *pr;         /* where the outcome goes */
  const sg_patterns *pats;  /* classification */
  const sg_probe_opts *o;   /* the probe's options (the deadline) */
  sg_run_opts ro;           /* one-shot options */
  sg_session *ss;           /* the session to use, or NULL */
  const char *text;         /* the script */
  size_t len;
  sg_rc rc;                 /* OUT */
} run_job;

/* The flags of pr's command (its argv: no file, no solver timeout). */
void
sg_probe_record_argv (sg_probe_run *pr, const sg_argv_opts *a)
{
  pr->argv = *a;
  pr->argv.script_path = NULL;
  pr->argv.on_stdin = false;
  pr->argv.solver_timeout_ms = 0;
}

static void *
run_job_thread (void *arg)
{
  run_job *j = arg;
  sg_probe_run *pr = j->pr;
  j->ro.timeout_ms = timeout_now (j->o);
  if (j->ss)
    {
      pr->session = true;
      /* A shorter timeout than the session's own (the budget's end, an adaptive bound) holds
       * for this query alone. */
      uint32_t keep = j->ss->o.timeout_ms;
      if (j->ro.timeout_ms && (!keep || j->ro.timeout_ms < keep)) j->ss->o.timeout_ms = j->ro.timeout_ms;
      j->rc = sg_session_query (j->ss, j->text, j->len, &pr->out);
      j->ss->o.timeout_ms = keep;
      /* Not sent (a |symbol| over lines, ...) or rejected: the session's own reading of
       * stdin may be the cause, and a rejection is cheap to run again from a file. */
      if (j->rc || pr->out.kind != SG_OUT_REJECTED) return NULL;
      pr->session = false;
      sg_probe_record_argv (pr, &j->ro.argv); /* the fresh run's flags, not the session's */
    }
  j->rc = sg_run_text (pr->prof, j->pats, &j->ro, j->text, j->len, &pr->out);
  return NULL;
}

/* The text of a diagnostic pattern of solver prof that an echo of sc prints, or NULL. z3 (and
 * any solver but cvc4 and cvc5, in any version, which quote it) echoes a string without its
 * quotes, so its output cannot tell it from the solver's own message (an echo of "ASSERTION
 * VIOLATION" was a crash of z3: a hostile review); such a run is skipped. Only the rows that
 * apply to prof (its family's and "*") count (a second look: "timeout", z3's, skipped cvc5 too). */
static const char *
echo_noise (const sg_patterns *pats, const sg_store *s, const sg_script *sc, const sg_profile *prof)
{
  if (sg_profile_same_family (prof->name, "cvc5") || sg_profile_same_family (prof->name, "cvc4")) return NULL;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      if (c->kind != SG_WK_ECHO) continue;
      const char *t = sg_store_text (s, c->aux);
      size_t n = sg_atom_len (&s->atoms, c->aux);
      for (uint32_t k = 0; k < pats->rows.n; k++)
        {
          const sg_pattern *r = &pats->rows.a[k];
          if (r->kind == SG_PAT_LOGIC_IGNORED || !sg_pattern_applies (r, prof->name)) continue;
          /* the generic crash words do not count for a solver with its own markers (classify.c) */
          if (prof->own_crash_markers && r->kind == SG_PAT_CRASH && r->match == SG_MATCH_BARE
              && !strcmp (r->solver, "*"))
            continue;
          if (r->match != SG_MATCH_LINE)
            {
              if (sg_pattern_find (r, t, n) >= 0) return r->text;
              continue;
            }
          for (size_t a = 0, b; a <= n; a = b + 1)
            {
              for (b = a; b < n && t[b] != '\n'; b++)
                ;
              if (sg_pattern_is_line (r, t + a, b - a)) return r->text;
            }
        }
    }
  return NULL;
}

sg_rc
sg_probe_script (const sg_solver_list *solvers, const sg_patterns *pats, sg_store *s,
                 const sg_script *sc, const char *text, size_t len, const sg_probe_opts *o,
                 sg_probe *p)
{
  bool incremental = sg_script_incremental (sc);
  bool strings = sg_script_uses_strings (s);
  bool fp = sg_script_uses_fp (s);
  bool asks_models = sg_script_asks_models (sc);
  const char *logic = sc->logic != SG_ATOM_NONE ? sg_store_text (s, sc->logic) : NULL;
  uint32_t at = single_check_sat (sc);
  /* Before any model adds its terms to the store: only the script's own terms count. */
  p->unspec = sg_unspec_find (s, p->unspec_why, sizeof p->unspec_why);
  if (!SG_VEC_RESERVE (p->runs, solvers->n)) return SG_RC_NOMEM;
  SG_VEC (run_job) jobs = { 0 };
  if (!SG_VEC_RESERVE (jobs, solvers->n)) return SG_RC_NOMEM;
  for (uint32_t i = 0; i < solvers->n; i++)
    {
      sg_probe_run *pr = &p->runs.a[p->runs.n++];
      memset (pr, 0, sizeof *pr);
      pr->prof = &solvers->a[i];
      pr->model = -1;
      sg_outcome_init (&pr->out);
      if (!sg_profile_accepts_logic (pr->prof, logic))
        {
          pr->skipped = true;
          snprintf (pr->note, sizeof pr->note, "does not support logic %s", logic);
          continue;
        }
      const char *noise = echo_noise (pats, s, sc, pr->prof);
      if (noise)
        {
          pr->skipped = true;
          snprintf (pr->note, sizeof pr->note, "not run: an echo prints '%.60s', a text of its diagnostics", noise);
          continue;
        }
      run_job *j = &jobs.a[jobs.n++];
      memset (j, 0, sizeof *j);
      j->pr = pr;
      j->pats = pats;
      j->o = o;
      j->text = text;
      j->len = len;
      /* The run that decides: the solver as named (probe.h), neither model nor validation
       * flags (the model run and the validating run have them). */
      j->ro.argv.incremental = incremental;
      j->ro.argv.models = asks_models; /* needed to read its answer (probe.h) */
      j->ro.argv.strings = strings;
      j->ro.argv.fp = fp;
      j->ro.timeout_ms = o->timeout_ms;
      j->ro.mem_bytes = o->mem_bytes;
      /* (with models too: the model is then asked in the same session, check_model, unless
       * it is the validating run) */
      sg_session *ss = o->sessions ? o->sessions[i] : NULL;
      if (ss && !ss->o.argv.validate && (ss->o.argv.models || !asks_models)
          && (ss->o.argv.strings || !strings || !pr->prof->strings_args.n)
          && (ss->o.argv.fp || !fp || !pr->prof->fp_args.n))
        j->ss = ss;
      sg_probe_record_argv (pr, j->ss ? &ss->o.argv : &j->ro.argv);
    }
  /* The runs: side by side in threads when asked (each job touches only its own run and
   * session), else one after the other. */
  uint32_t started = 0;
  pthread_t tids[64];
  if (o->parallel && jobs.n > 1)
    for (uint32_t k = 1; k < jobs.n && k < 64; k++)
      {
        if (pthread_create (&tids[k], NULL, run_job_thread, &jobs.a[k]) != 0) break;
        started = k;
      }
  for (uint32_t k = started + 1; k < jobs.n; k++) run_job_thread (&jobs.a[k]);
  if (jobs.n) run_job_thread (&jobs.a[0]);
  for (uint32_t k = 1; k <= started; k++) pthread_join (tids[k], NULL);
  sg_rc rc = SG_RC_OK;
  for (uint32_t k = 0; k < jobs.n && !rc; k++) rc = jobs.a[k].rc;
  /* Models and validating runs, one run at a time: reading a model adds terms to the store. */
  bool model_query = o->models && at != SG_NONE && sc->cmds.a[at].kind == SG_WK_CHECK_SAT;
  for (uint32_t k = 0; k < jobs.n && !rc; k++)
    {
      sg_probe_run *pr = jobs.a[k].pr;
      sg_run_opts ro = jobs.a[k].ro; /* the plain run's */
      ro.timeout_ms = timeout_now (o);
      bool validate = o->validate && pr->prof->validate_args.n;
      if (model_query && pr->out.kind == SG_OUT_OK && pr->out.answers.n == 1 && pr->out.answers.a[0] == SG_ANS_SAT)
        {
          /* the model run: with the validation flags it is the validating run too */
          sg_run_opts mo = ro;
          mo.argv.models = true;
          mo.argv.validate = validate;
          check_model (pr->prof, pats, &mo, validate ? NULL : jobs.a[k].ss, s, sc, pr);
        }
      else if (validate && sg_probe_val_due (pr->prof, &pr->out))
        {
          sg_rc vr = sg_probe_validating_run (pr->prof, pats, &ro, text, len, pr);
          if (vr) rc = vr;
        }
      if (model_query && pr->out.kind == SG_OUT_INVALID_MODEL)
        {
          /* Its own model check failed, and it printed no model: the model that check
           * examined where the profile prints it (a fresh checked run), else the model a
           * fresh run without the check gives; our evaluator says whether the model or the
           * checker is wrong (oracle.h). */
          ro.argv.models = true;
          ro.timeout_ms = timeout_now (o);
          if (check_checked_model (pr->prof, pats, &ro, s, sc, pr)) continue;
          pr->note[0] = '\0';
          pr->model_exec_failed = false; /* the run below says whether a model run started */
          ro.argv.validate = false;
          ro.argv.no_validate = true; /* "cvc4 --check-models": the spec's own flag too */
          check_model (pr->prof, pats, &ro, NULL, s, sc, pr);
        }
    }
  SG_VEC_FREE (jobs);
  if (rc) return rc;
  sg_probe_judge (p, &o->oracle);
  return SG_RC_OK;
}

bool
sg_probe_text (const sg_solver_list *solvers, const sg_patterns *pats, const char *text, size_t len,
               const sg_probe_opts *po, sg_probe *out)
{
  sg_store s;
  sg_script sc;
  sg_diag d;
  if (sg_store_init (&s)) return false;
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "step");
  bool ok = sg_parse_string (&s, &sc, text, len, "step", &d) == SG_RC_OK
            && sg_probe_script (solvers, pats, &s, &sc, text, len, po, out) == SG_RC_OK;
  sg_script_free (&sc);
  sg_store_free (&s);
  return ok;
}

uint32_t
sg_probe_model_crashed (const sg_probe *p)
{
  for (uint32_t i = 0; i < p->runs.n; i++)
    if (!p->runs.a[i].skipped && p->runs.a[i].model_crash) return i;
  return SG_NONE;
}

bool
sg_probe_model_crash (const sg_solver_list *solvers, const sg_patterns *pats, const sg_store *s,
                      const sg_script *sc, const sg_probe_opts *po, const sg_probe *p, sg_buf *text,
                      sg_probe *again)
{
  /* The solvers' plain commands (no model or self-check flags): the trigger's own set-option
   * asks for the model, so the text alone reproduces it (and its reduction keeps that). */
  sg_probe_opts fo = *po;
  fo.models = false;
  fo.validate = false;
  fo.sessions = NULL;
  if (!sg_probe_model_text (s, sc, text) || !sg_probe_text (solvers, pats, text->s, text->len, &fo, again))
    return false;
  /* The first solver whose model run crashed in p and crashes again here (a flaky first one
   * does not hide a later one that repeats). */
  for (uint32_t i = 0; i < p->runs.n && i < again->runs.n; i++)
    {
      const sg_probe_run *r = &again->runs.a[i];
      if (!p->runs.a[i].model_crash || r->skipped || r->out.kind != SG_OUT_CRASH) continue;
      again->verdict.kind = SG_VERDICT_CRASH;
      sg_verdict_blame (&again->verdict, i);
      again->verdict.query = SG_NONE;
      snprintf (again->verdict.why, sizeof again->verdict.why,
                "%.40s crashed on the model run ((set-option :produce-models true), the script to its "
                "check-sat, then (get-model)): %.100s", r->prof->name, r->out.reason);
      return true;
    }
  return false;
}

bool
sg_probe_run_unstarted (const sg_probe_run *r, char *why, size_t size)
{
  if (r->skipped || (r->out.kind != SG_OUT_EXEC_FAILED && !r->model_exec_failed)) return false;
  if (r->out.kind == SG_OUT_EXEC_FAILED)
    snprintf (why, size, "solver %.40s could not be started (%.130s)", r->prof->name, r->out.reason);
  else
    snprintf (why, size, "solver %.40s: %.150s", r->prof->name, r->note);
  return true;
}

void
sg_probe_judge (sg_probe *p, const sg_oracle_opts *o)
{
  /* A run that could not be started (whichever path made the probe: sg_probe_script, check's
   * text path, the reducer's merged probes): no verdict rests on it (not_judged, below). */
  for (uint32_t k = 0; k < p->runs.n && !p->unstarted[0]; k++)
    sg_probe_run_unstarted (&p->runs.a[k], p->unstarted, sizeof p->unstarted);
  sg_oracle_run jr[64];
  uint32_t map[64], n = 0;
  for (uint32_t i = 0; i < p->runs.n && n < 64; i++)
    if (!p->runs.a[i].skipped)
      {
        jr[n] = (sg_oracle_run) { p->runs.a[i].prof->name, &p->runs.a[i].out, p->runs.a[i].model,
                                  p->runs.a[i].model_checked };
        map[n++] = i;
      }
  sg_oracle_opts oo = *o;
  oo.unspecified = p->unspec ? p->unspec_why : NULL;
  sg_oracle_judge (jr, n, &oo, &p->verdict);
  /* From the judged runs' indices to the probe's (skipped runs were left out). */
  uint64_t culprits = 0;
  for (uint32_t k = 0; k < n; k++)
    if (sg_verdict_blames (&p->verdict, k) && map[k] < 64) culprits |= (uint64_t) 1 << map[k];
  if (p->verdict.culprit != SG_NONE) p->verdict.culprit = map[p->verdict.culprit];
  p->verdict.culprits = culprits;
  not_judged (p);
}

/* Referee prof answered ref to the disputed query of p: every decided run of p that answered
 * otherwise is blamed (each version and configuration of a solver), the first as culprit. */
static void
referee_blame (sg_probe *p, const sg_profile *prof, sg_answer ref)
{
  sg_verdict *v = &p->verdict;
  for (uint32_t i = 0; i < p->runs.n; i++)
    {
      const sg_outcome *oc = &p->runs.a[i].out;
      if (p->runs.a[i].skipped || oc->kind != SG_OUT_OK || v->query >= oc->answers.n) continue;
      sg_answer a = (sg_answer) oc->answers.a[v->query];
      if ((a != SG_ANS_SAT && a != SG_ANS_UNSAT) || a == ref) continue;
      if (v->culprit == SG_NONE) sg_verdict_blame (v, i);
      else if (i < 64) v->culprits |= (uint64_t) 1 << i;
    }
  size_t at = strlen (v->why);
  if (v->culprit != SG_NONE)
    snprintf (v->why + at, sizeof v->why - at, "; referee %s answers %s", prof->name, sg_answer_name (ref));
}

sg_rc
sg_probe_referee (const sg_solver_list *referees, const sg_patterns *pats, sg_store *s,
                  const sg_script *sc, const char *text, size_t len, const sg_probe_opts *o,
                  sg_probe *p, uint32_t *calls)
{
  *calls = 0;
  sg_verdict *v = &p->verdict;
  if (!referees || v->kind != SG_VERDICT_SOUNDNESS || v->culprit != SG_NONE || v->query == SG_NONE)
    return SG_RC_OK;
  const char *logic = sc->logic != SG_ATOM_NONE ? sg_store_text (s, sc->logic) : NULL;
  for (uint32_t r = 0; r < referees->n; r++)
    {
      const sg_profile *prof = &referees->a[r];
      if (!sg_profile_accepts_logic (prof, logic)) continue;
      /* A fresh run of a solver that already decided this query is no second opinion, nor is
       * another version of it (sg_profile_same_family). */
      bool answered = false;
      for (uint32_t i = 0; i < p->runs.n && !answered; i++)
        {
          const sg_probe_run *pr = &p->runs.a[i];
          answered = !pr->skipped && pr->out.kind == SG_OUT_OK && v->query < pr->out.answers.n
                     && (pr->out.answers.a[v->query] == SG_ANS_SAT || pr->out.answers.a[v->query] == SG_ANS_UNSAT)
                     && sg_profile_same_family (pr->prof->name, prof->name);
        }
      if (answered) continue;
      sg_run_opts ro;
      memset (&ro, 0, sizeof ro);
      /* plain, as the runs that decide (probe.h) */
      ro.argv.incremental = sg_script_incremental (sc);
      ro.argv.models = sg_script_asks_models (sc);
      ro.argv.strings = sg_script_uses_strings (s);
      ro.argv.fp = sg_script_uses_fp (s);
      ro.timeout_ms = timeout_now (o);
      ro.mem_bytes = o->mem_bytes;
      sg_outcome out;
      sg_outcome_init (&out);
      sg_rc rc = sg_run_text (prof, pats, &ro, text, len, &out);
      (*calls)++;
      sg_answer ref = SG_ANS_NONE;
      if (!rc && out.kind == SG_OUT_OK && v->query < out.answers.n) ref = (sg_answer) out.answers.a[v->query];
      if (!rc && out.kind == SG_OUT_EXEC_FAILED && !p->unstarted[0])
        snprintf (p->unstarted, sizeof p->unstarted, "referee %.40s could not be started (%.130s)", prof->name,
                  out.reason);
      sg_outcome_free (&out);
      if (rc) return rc;
      if (p->unstarted[0])
        {
          not_judged (p); /* the disagreement stays unjudged: no one is blamed */
          return SG_RC_OK;
        }
      if (ref != SG_ANS_SAT && ref != SG_ANS_UNSAT) continue;
      referee_blame (p, prof, ref);
      return SG_RC_OK;
    }
  return SG_RC_OK;
}

size_t
sg_sexp_end (const char *s, size_t i, size_t n)
{
  return skip_sexp (s, i, n);
}
