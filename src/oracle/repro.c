/* repro: the command, expected and actual behaviour of a finding (oracle/repro.h). */
#include "oracle/repro.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "run/spawn.h"

void
sg_repro_init (sg_repro *r)
{
  memset (r, 0, sizeof *r);
  r->file_at = -1;
  r->status = -1;
}

void
sg_repro_free (sg_repro *r)
{
  sg_strv_free (&r->argv);
}

static bool
plain_char (unsigned char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr ("%+,-./:=@_", c);
}

void
sg_repro_shell_word (sg_buf *b, const char *w)
{
  bool plain = w[0] != 0;
  for (const char *p = w; *p && plain; p++) plain = plain_char ((unsigned char) *p);
  if (plain)
    {
      sg_buf_adds (b, w);
      return;
    }
  sg_buf_addc (b, '\'');
  for (const char *p = w; *p; p++)
    {
      if (*p == '\'') sg_buf_adds (b, "'\\''");
      else sg_buf_addc (b, *p);
    }
  sg_buf_addc (b, '\'');
}

void
sg_repro_shell_line (sg_buf *b, const char *const *argv, uint32_t n, const char *stdin_file)
{
  for (uint32_t i = 0; i < n; i++)
    {
      if (i) sg_buf_addc (b, ' ');
      sg_repro_shell_word (b, argv[i]);
    }
  if (stdin_file)
    {
      sg_buf_adds (b, " < ");
      sg_repro_shell_word (b, stdin_file);
    }
}

/* The drawn options' place in r->argv: the last fuzzed_args user words, just before the file
 * (or the stdin words), when they are there as drawn. */
static void
locate_options (const sg_profile *prof, sg_repro *r)
{
  uint32_t words = r->argv.n ? r->argv.n - 1 : 0; /* without the NULL */
  uint32_t tail = r->on_stdin ? prof->stdin_args.n : 1, n = prof->fuzzed_args;
  if (!n || n > prof->user_args.n || words < tail + n) return;
  uint32_t at = words - tail - n;
  for (uint32_t k = 0; k < n; k++)
    if (strcmp (r->argv.a[at + k], prof->user_args.a[prof->user_args.n - n + k])) return;
  r->options_at = at;
  r->options_n = n;
}

/* The runs of p, other than `but`, that decided query q the other way from `wrong`: their
 * names, into out ("cvc5 and z3"). */
static void
deciders (const sg_probe *p, uint32_t but, uint32_t q, sg_answer wrong, char *out, size_t size)
{
  size_t at = 0;
  out[0] = 0;
  uint32_t k = 0;
  for (uint32_t i = 0; i < p->runs.n; i++)
    {
      const sg_probe_run *r = &p->runs.a[i];
      if (i == but || r->skipped || r->out.kind != SG_OUT_OK || q >= r->out.answers.n) continue;
      sg_answer a = (sg_answer) r->out.answers.a[q];
      if ((a != SG_ANS_SAT && a != SG_ANS_UNSAT) || a == wrong) continue;
      int n = snprintf (out + at, size - at, "%s%s%s", k++ ? ", " : "", r->prof->name,
                        r->witness ? " without its drawn options" : "");
      if (n < 0 || (size_t) n >= size - at) break;
      at += (size_t) n;
    }
}

/* The literal text of a pattern reason ("crash pattern 'ASSERTION VIOLATION'"), or "". */
static void
pattern_text (const char *reason, char *out, size_t size)
{
  const char *q = strstr (reason, "pattern '");
  const char *e = q ? strrchr (q + 9, '\'') : NULL;
  snprintf (out, size, "%.*s", e ? (int) (e - q - 9) : 0, e ? q + 9 : "");
}

static void
crash_words (const sg_probe_run *r, sg_repro *out)
{
  char tmp[32];
  if (r->out.sig > 0)
    {
      snprintf (out->actual, sizeof out->actual, "it is killed by %s (a shell's exit status %d)",
                sg_spawn_signame (r->out.sig, tmp, sizeof tmp), 128 + r->out.sig);
      out->status = 128 + r->out.sig;
      return;
    }
  pattern_text (r->out.reason, out->shows, sizeof out->shows);
  const char *sig = r->out.signature;
  if (sig[0] && out->shows[0] && !strstr (sig, out->shows))
    snprintf (out->actual, sizeof out->actual, "it prints `%s` (%.120s), exit status %d", out->shows, sig,
              r->out.exit_code);
  else
    snprintf (out->actual, sizeof out->actual, "it prints `%s`, exit status %d", out->shows[0] ? out->shows : sig,
              r->out.exit_code);
  if (!out->shows[0]) out->status = r->out.exit_code;
}

/* Expected and actual words of a wrong answer (soundness) or an unknown (incompleteness). */
static void
answer_words (const sg_probe *p, uint32_t c, sg_answer expected, sg_repro *out)
{
  const sg_probe_run *r = &p->runs.a[c];
  uint32_t q = p->verdict.query == SG_NONE ? 0 : p->verdict.query;
  sg_answer got = r->out.kind == SG_OUT_OK && q < r->out.answers.n ? (sg_answer) r->out.answers.a[q] : SG_ANS_NONE;
  char who[160];
  deciders (p, c, q, got, who, sizeof who);
  sg_answer right = expected != SG_ANS_NONE ? expected
                    : got == SG_ANS_SAT ? SG_ANS_UNSAT : got == SG_ANS_UNSAT ? SG_ANS_SAT : SG_ANS_NONE;
  const char *rw = right != SG_ANS_NONE ? sg_answer_name (right) : "a decided answer";
  snprintf (out->expected, sizeof out->expected, "%s (%s%s%s%s)", rw,
            expected != SG_ANS_NONE ? "the status the technique keeps" : "",
            expected != SG_ANS_NONE && who[0] ? "; " : "", who[0] ? "the answer of " : "", who);
  if (expected == SG_ANS_NONE && !who[0]) snprintf (out->expected, sizeof out->expected, "%s", rw);
  if (got == SG_ANS_NONE)
    {
      snprintf (out->actual, sizeof out->actual, "no answer (%.150s)", r->out.reason);
      return;
    }
  snprintf (out->shows, sizeof out->shows, "%s", sg_answer_name (got));
  if (q) snprintf (out->actual, sizeof out->actual, "`%s` at check-sat number %u", out->shows, q + 1);
  else snprintf (out->actual, sizeof out->actual, "`%s`", out->shows);
}

static void
words_of (const sg_probe *p, uint32_t c, sg_answer expected, sg_repro *out)
{
  const sg_probe_run *r = &p->runs.a[c];
  switch (p->verdict.kind)
    {
    case SG_VERDICT_SOUNDNESS:
    case SG_VERDICT_INCOMPLETE:
      answer_words (p, c, expected, out);
      break;
    case SG_VERDICT_CRASH:
      snprintf (out->expected, sizeof out->expected, "an answer (sat, unsat or unknown) and a normal exit");
      crash_words (r, out);
      break;
    case SG_VERDICT_INVALID_MODEL:
      snprintf (out->expected, sizeof out->expected, "sat, with a model that satisfies every assertion");
      if (r->out.kind == SG_OUT_INVALID_MODEL)
        {
          pattern_text (r->out.reason, out->shows, sizeof out->shows);
          snprintf (out->actual, sizeof out->actual, "its own model check fails: it prints `%s`%s",
                    out->shows, r->out.sig > 0 ? " and aborts" : "");
          if (!out->shows[0]) out->status = r->out.sig > 0 ? 128 + r->out.sig : r->out.exit_code;
        }
      else
        {
          /* our evaluator refuted the model: (get-model) shows it */
          out->get_model = true;
          snprintf (out->shows, sizeof out->shows, "define-fun"); /* the model printed */
          snprintf (out->actual, sizeof out->actual, "`sat` and a model that falsifies an assertion: %.180s",
                    p->verdict.why);
        }
      break;
    case SG_VERDICT_VALIDATION:
      /* a note (probe.h): the validating run's command, what the plain one does instead */
      if (r->out.kind == SG_OUT_CRASH)
        {
          snprintf (out->expected, sizeof out->expected, "an answer and a normal exit, as its plain command gives");
          crash_words (r, out);
        }
      else if (r->out.kind == SG_OUT_OK && r->out.answers.n)
        {
          snprintf (out->expected, sizeof out->expected, "%s",
                    r->val.diff == SG_VAL_HIDES ? "the crash its plain command shows (these flags hide it)"
                                                : "the answers of its plain command");
          snprintf (out->shows, sizeof out->shows, "%s", sg_answer_name ((sg_answer) r->out.answers.a[0]));
          snprintf (out->actual, sizeof out->actual, "`%s` (%.180s)", out->shows, r->val.what);
        }
      else
        {
          snprintf (out->expected, sizeof out->expected, "-");
          snprintf (out->actual, sizeof out->actual, "%.200s", p->verdict.why);
        }
      break;
    case SG_VERDICT_PERFORMANCE:
      snprintf (out->expected, sizeof out->expected, "an answer about as fast as the reference");
      snprintf (out->actual, sizeof out->actual, "%.200s", p->verdict.why);
      break;
    default:
      snprintf (out->expected, sizeof out->expected, "-");
      snprintf (out->actual, sizeof out->actual, "%.200s", p->verdict.why);
      break;
    }
}

sg_rc
sg_repro_of (const sg_probe *p, uint32_t run, const char *file, sg_answer expected, sg_repro *out)
{
  sg_repro_init (out);
  uint32_t c = run != SG_NONE ? run : p->verdict.culprit;
  if (c == SG_NONE || c >= p->runs.n || p->runs.a[c].skipped) return SG_RC_USAGE;
  const sg_probe_run *r = &p->runs.a[c];
  sg_argv_opts ao = r->argv;
  ao.script_path = file;
  ao.on_stdin = false;
  ao.solver_timeout_ms = 0;
  sg_rc rc = sg_profile_argv (r->prof, &ao, &out->argv);
  if (rc) return rc;
  out->on_stdin = r->prof->input == SG_INPUT_STDIN;
  out->file_at = out->on_stdin ? -1 : (int32_t) out->argv.n - 2;
  locate_options (r->prof, out);
  words_of (p, c, expected, out);
  return SG_RC_OK;
}
