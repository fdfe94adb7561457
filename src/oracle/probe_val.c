/* probe_val: the validating runs of a probe (issue 50) — the solvers' own checks in runs of
 * their own, compared with the plain run that decides, and the validation notes. */
#define _GNU_SOURCE /* memmem */
#include "oracle/probe_int.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "front/print.h"

/* What a refusal said: the first line of its stdout that starts with "(error", else its first
 * non-blank line, else the rule that classified it (o's reason). */
static void
refusal_text (const sg_buf *said, const sg_outcome *o, char *why, size_t size)
{
  const char *t = said->s ? said->s : "", *first = NULL, *line = NULL;
  size_t n = said->len, first_len = 0, line_len = 0;
  for (size_t i = 0, e; i < n && !line; i = e + 1)
    {
      for (e = i; e < n && t[e] != '\n'; e++)
        ;
      size_t l = e - i;
      while (l && (t[i + l - 1] == '\r' || t[i + l - 1] == ' ')) l--;
      if (l && !first) { first = t + i; first_len = l; }
      if (l >= 6 && !memcmp (t + i, "(error", 6)) { line = t + i; line_len = l; }
    }
  if (!line) { line = first; line_len = first_len; }
  /* (error "MESSAGE"): the message */
  if (line && line_len > 10 && !memcmp (line, "(error \"", 8) && !memcmp (line + line_len - 2, "\")", 2))
    {
      line += 8;
      line_len -= 10;
    }
  if (line) snprintf (why, size, "%.*s", (int) (line_len < 200 ? line_len : 200), line);
  else snprintf (why, size, "%.80s", o->reason);
}

/* Does a refusal's text speak of an option or a parameter (cvc5's "Error in option parsing",
 * z3's "unknown parameter")? Only then are the validation flags its cause: a rejection of the
 * model run's text (a (get-model) a script's own options forbid) is not theirs. */
static bool
about_options (const char *why)
{
  for (const char *p = why; *p; p++)
    if (!strncasecmp (p, "option", 6) || !strncasecmp (p, "parameter", 9)) return true;
  return false;
}

/* Does a crash's output (said: stdout, stderr after it) hold one of the profile's
 * own_check_words (cvc5's checkUnsatCore): its own check failed? */
static bool
own_check_failed (const sg_profile *prof, const sg_buf *said)
{
  for (uint32_t i = 0; i < prof->own_check_words.n && said->s; i++)
    if (memmem (said->s, said->len, prof->own_check_words.a[i], strlen (prof->own_check_words.a[i])))
      return true;
  return false;
}

/* The profile's validation words, blank-separated ("--check-models --check-unsat-cores"). */
static void
val_words (const sg_profile *prof, char *out, size_t size)
{
  size_t at = 0;
  out[0] = '\0';
  for (uint32_t i = 0; i < prof->validate_args.n && at + 1 < size; i++)
    at += (size_t) snprintf (out + at, size - at, "%s%s", i ? " " : "", prof->validate_args.a[i]);
}

/* o's answers, blank-separated ("sat unsat"), at most 60 bytes. */
static void
answer_words (const sg_outcome *o, char *out, size_t size)
{
  size_t at = 0;
  out[0] = '\0';
  for (uint32_t q = 0; q < o->answers.n && at + 12 < size && at < 60; q++)
    at += (size_t) snprintf (out + at, size - at, "%s%s", q ? " " : "", sg_answer_name ((sg_answer) o->answers.a[q]));
  if (!o->answers.n) snprintf (out, size, "nothing");
}

/* How the validating outcome v compares with the plain one pl. */
static sg_val_diff
val_compare (const sg_outcome *pl, const sg_outcome *v)
{
  if (v->kind == SG_OUT_REJECTED && pl->kind != SG_OUT_REJECTED) return SG_VAL_REFUSED;
  if (pl->kind == SG_OUT_OK && v->kind == SG_OUT_CRASH) return SG_VAL_CRASHES;
  if (pl->kind == SG_OUT_CRASH && v->kind == SG_OUT_OK) return SG_VAL_HIDES;
  if (pl->kind == SG_OUT_OK && v->kind == SG_OUT_OK)
    for (uint32_t q = 0; q < pl->answers.n && q < v->answers.n; q++)
      {
        sg_answer a = (sg_answer) pl->answers.a[q], b = (sg_answer) v->answers.a[q];
        if ((a == SG_ANS_SAT || a == SG_ANS_UNSAT) && (b == SG_ANS_SAT || b == SG_ANS_UNSAT) && a != b)
          return SG_VAL_ANSWERS;
      }
  return SG_VAL_SAME;
}

bool
sg_probe_val_due (const sg_profile *prof, const sg_outcome *out)
{
  if (!prof->validate_args.n) return false;
  if (out->kind == SG_OUT_CRASH) return true;
  if (out->kind != SG_OUT_OK) return false;
  for (uint32_t q = 0; q < out->answers.n; q++)
    if (out->answers.a[q] == SG_ANS_SAT || (out->answers.a[q] == SG_ANS_UNSAT && prof->validate_unsat)) return true;
  return false;
}

bool
sg_probe_val_record (sg_probe_run *pr, const sg_argv_opts *va, bool model_run, sg_outcome *vout,
                     const sg_buf *said)
{
  sg_probe_val *v = &pr->val;
  memset (v, 0, sizeof *v);
  v->ran = true;
  v->model_run = model_run;
  v->argv = *va;
  v->argv.script_path = NULL;
  v->argv.on_stdin = false;
  v->argv.solver_timeout_ms = 0;
  v->kind = vout->kind;
  char flags[120], plain[64], got[64];
  val_words (pr->prof, flags, sizeof flags);
  answer_words (&pr->out, plain, sizeof plain);
  answer_words (vout, got, sizeof got);
  bool check_crash = vout->kind == SG_OUT_CRASH && own_check_failed (pr->prof, said);
  if (pr->out.kind == SG_OUT_OK && (vout->kind == SG_OUT_INVALID_MODEL || check_crash))
    {
      /* its own check failed (a model check, or one that aborts: cvc5's unsat-core check):
       * that is what shows the bug, with the flags that ran it */
      snprintf (v->what, sizeof v->what, "its plain command answered %.40s; with its validation flags (%.60s) its own check fails%s",
                plain, flags, check_crash ? " (it aborts)" : "");
      sg_outcome t = pr->out;
      pr->out = *vout;
      *vout = t;
      sg_probe_record_argv (pr, va);
      pr->adopted = true;
      return true;
    }
  v->diff = val_compare (&pr->out, vout);
  switch (v->diff)
    {
    case SG_VAL_REFUSED:
      {
        char why[96];
        refusal_text (said, vout, why, sizeof why);
        if (about_options (why))
          snprintf (v->what, sizeof v->what, "it refused its validation flags (%.60s): %.90s; not self-checked", flags, why);
        else
          {
            /* rejected for another reason (the model run's text): no word about the flags */
            v->diff = SG_VAL_SAME;
            snprintf (v->what, sizeof v->what, "its validating run was rejected (%.90s); not self-checked", why);
          }
        break;
      }
    case SG_VAL_CRASHES:
      snprintf (v->what, sizeof v->what, "with its validation flags (%.60s) it crashed (%.50s) where its plain command answered %.40s",
                flags, vout->reason, plain);
      break;
    case SG_VAL_HIDES:
      snprintf (v->what, sizeof v->what, "its plain command crashed (%.50s); with its validation flags (%.60s) it answers %.40s: they hide the crash",
                pr->out.reason, flags, got);
      break;
    case SG_VAL_ANSWERS:
      snprintf (v->what, sizeof v->what, "with its validation flags (%.60s) it answers %.40s where its plain command answered %.40s",
                flags, got, plain);
      break;
    case SG_VAL_SAME:
      break;
    }
  return false;
}

sg_rc
sg_probe_validating_run (const sg_profile *prof, const sg_patterns *pats, const sg_run_opts *ro,
                         const char *text, size_t len, sg_probe_run *pr)
{
  sg_run_opts vo = *ro;
  vo.argv.models = true;
  vo.argv.validate = true;
  vo.capture_stderr = true; /* an own check that aborts says so on stderr */
  sg_outcome v;
  sg_outcome_init (&v);
  sg_buf said;
  sg_buf_init (&said);
  sg_rc rc = sg_run_text_capture (prof, pats, &vo, text, len, &v, &said);
  if (!rc && v.kind == SG_OUT_EXEC_FAILED)
    {
      /* not judged in full (as a model run that could not start: probe.h's unstarted) */
      pr->model_exec_failed = true;
      snprintf (pr->note, sizeof pr->note, "its validating run could not be started: %.110s", v.reason);
    }
  else if (!rc)
    sg_probe_val_record (pr, &vo.argv, false, &v, &said);
  sg_outcome_free (&v);
  sg_buf_free (&said);
  return rc;
}

bool
sg_probe_val_differs (const sg_probe_run *r)
{
  return !r->skipped && r->val.ran
         && (r->val.diff == SG_VAL_CRASHES || r->val.diff == SG_VAL_HIDES || r->val.diff == SG_VAL_ANSWERS);
}

bool
sg_probe_val_note (const sg_patterns *pats, const sg_store *s, const sg_script *sc, const char *text,
                   size_t len, const sg_probe_opts *o, const sg_probe *p, uint32_t i, sg_buf *trigger,
                   sg_probe *note, uint32_t *calls)
{
  *calls = 0;
  if (i >= p->runs.n || !sg_probe_val_differs (&p->runs.a[i])) return false;
  const sg_probe_run *r = &p->runs.a[i];
  sg_buf_reset (trigger);
  if (r->val.model_run) sg_probe_model_text (s, sc, trigger);
  else sg_buf_add (trigger, text, len);
  if (!sg_buf_ok (trigger) || !trigger->len) return false;
  /* both runs once more, fresh: the plain one on the script (its recorded flags), the
   * validating one on its text; the same difference again, or no note (a crash that does not
   * repeat, a session's answer a fresh run does not give) */
  sg_run_opts po;
  memset (&po, 0, sizeof po);
  po.argv = r->argv;
  po.timeout_ms = o->timeout_ms;
  po.mem_bytes = o->mem_bytes;
  sg_run_opts vo = po;
  vo.argv = r->val.argv;
  sg_outcome pl, v;
  sg_outcome_init (&pl);
  sg_outcome_init (&v);
  sg_rc rc = sg_run_text (r->prof, pats, &po, text, len, &pl);
  if (!rc) rc = sg_run_text (r->prof, pats, &vo, trigger->s, trigger->len, &v);
  *calls += 2;
  bool same = !rc && val_compare (&pl, &v) == r->val.diff;
  sg_outcome_free (&pl);
  sg_probe_run nr;
  memset (&nr, 0, sizeof nr);
  if (!same || !SG_VEC_RESERVE (note->runs, 1))
    {
      sg_outcome_free (&v);
      return false;
    }
  nr.prof = r->prof;
  nr.out = v;
  nr.model = -1;
  nr.argv = r->val.argv;
  nr.val = r->val;
  /* its bucket: the crash's signature, or how the two runs differ */
  if (r->val.diff == SG_VAL_HIDES)
    snprintf (nr.out.signature, sizeof nr.out.signature, "validation flags hide: %.200s", r->out.signature);
  else if (r->val.diff == SG_VAL_ANSWERS)
    snprintf (nr.out.signature, sizeof nr.out.signature, "validation flags change the answer");
  note->runs.a[note->runs.n++] = nr;
  note->verdict.kind = SG_VERDICT_VALIDATION;
  sg_verdict_blame (&note->verdict, 0);
  note->verdict.query = SG_NONE;
  snprintf (note->verdict.why, sizeof note->verdict.why, "%.40s: %.200s", r->prof->name, r->val.what);
  return true;
}
