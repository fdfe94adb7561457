/* session: one persistent solver process, queries delimited by an echoed sentinel. */
#include "run/session.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "base/tok.h"

enum { EXIT_WAIT_MS = 1000 /* a process told to quit gets this long before the watchdog */ };

/* What scan() found in a script. */
typedef struct scan_info {
  size_t last_a, last_b; /* the last top-level form [a, b); 0, 0 if none */
  bool ml_info;          /* a |symbol| spanning lines inside a top-level (set-info ...) */
  bool ml_other;         /* a |symbol| spanning lines anywhere else */
  bool sets;             /* a top-level command whose effect (reset-assertions) keeps: set-logic,
                            set-option, push, reset-assertions, declare-heap (cvc5: one heap per
                            solver, a second is an error) */
} scan_info;

/* Is t the command word w (a ':' right after it ends it too, as it ends a simple symbol)? */
static bool
head_is (const sg_tk *t, const char *w)
{
  size_t m = strlen (w);
  return t->kind == SG_TK_WORD && t->n >= m && !memcmp (t->s, w, m) && (t->n == m || t->s[m] == ':');
}

/* Scan a script's parentheses outside strings, |symbols| and comments (base/tok.h); false when
 * they are unbalanced or a string or |symbol| is not closed. With `w` (a writable copy of s),
 * line breaks inside |symbols| of top-level set-info commands become spaces there (set-info
 * has no effect on solving). Iterative. */
static bool
scan (const char *s, size_t n, char *w, scan_info *si)
{
  long depth = 0;
  bool info = false;       /* inside a top-level (set-info ...) */
  const char *head = NULL; /* after a top-level '(': its command word is the next token */
  const char *open_at = s;
  sg_tks z;
  sg_tk t;
  memset (si, 0, sizeof *si);
  sg_tk_init (&z, s, n, 0);
  while (sg_tk_next (&z, &t))
    {
      if (head)
        {
          bool word = !memchr (head, ';', (size_t) (t.s - head)); /* only blanks before it */
          info = word && head_is (&t, "set-info");
          if (word && (head_is (&t, "set-logic") || head_is (&t, "set-option") || head_is (&t, "push")
                       || head_is (&t, "reset-assertions") || head_is (&t, "declare-heap")))
            si->sets = true;
          head = NULL;
        }
      if (t.kind == SG_TK_QSYM)
        for (size_t i = 1; i < t.n; i++)
          if (t.s[i] == '\n' || t.s[i] == '\r')
            {
              if (info) si->ml_info = true;
              else si->ml_other = true;
              if (info && w) w[t.s - s + (ptrdiff_t) i] = ' ';
            }
      if (t.open) return false;
      if (t.kind == SG_TK_LPAR && depth++ == 0) open_at = t.s, head = t.s + 1;
      else if (t.kind == SG_TK_RPAR)
        {
          if (--depth < 0) return false;
          if (depth == 0)
            {
              si->last_a = (size_t) (open_at - s);
              si->last_b = (size_t) (t.s + 1 - s);
              info = false;
            }
        }
    }
  return depth == 0;
}

bool
sg_session_is_balanced (const char *script, size_t len)
{
  scan_info si;
  return scan (script, len, NULL, &si);
}

/* Length of the script without a final (exit): it would end the process, and nothing can
 * follow it anyway. An (exit) elsewhere is sent (and ends the process). */
static size_t
without_final_exit (const char *s, size_t n, size_t a, size_t b)
{
  if (b <= a) return n;
  char w[8];
  size_t k = 0;
  for (size_t i = a; i < b; i++)
    if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
      {
        if (k == sizeof w - 1) return n;
        w[k++] = s[i];
      }
  w[k] = 0;
  return strcmp (w, "(exit)") ? n : a;
}

sg_rc
sg_session_open (sg_session *s, const sg_profile *p, const sg_patterns *pats,
                 const sg_session_opts *o)
{
  memset (s, 0, sizeof *s);
  s->proc.pid = -1;
  s->proc.in_fd = s->proc.out_fd = s->proc.err_fd = -1;
  s->prof = p;
  s->pats = pats;
  if (o) s->o = *o;
  if (!s->o.max_queries) s->o.max_queries = SG_SESSION_DEFAULT_MAX_QUERIES;
  s->o.argv.script_path = NULL;
  s->o.argv.solver_timeout_ms = 0;
  sg_spawn_result_init (&s->res);
  sg_buf_init (&s->send);
  sg_rc rc = sg_profile_session_argv (p, &s->o.argv, &s->argv);
  if (!rc && !s->o.cwd) rc = sg_run_tmpdir_make (s->dir, sizeof s->dir);
  if (rc)
    {
      s->dir[0] = 0;
      sg_strv_free (&s->argv);
      sg_spawn_result_free (&s->res);
      return rc;
    }
  return SG_RC_OK;
}

/* End the current process: EOF on stdin, then the watchdog after EXIT_WAIT_MS. */
static void
stop (sg_session *s)
{
  if (!sg_spawn_is_live (&s->proc)) return;
  sg_spawn_send (&s->proc, NULL, 0, true);
  sg_spawn_finish (&s->proc, sg_spawn_now () + EXIT_WAIT_MS * 1e-3, &s->res);
  s->in_proc = 0;
}

void
sg_session_close (sg_session *s)
{
  stop (s);
  sg_spawn_kill (&s->proc, NULL);
  sg_spawn_result_free (&s->res);
  sg_buf_free (&s->send);
  sg_strv_free (&s->argv);
  if (s->dir[0]) sg_run_tmpdir_remove (s->dir);
  s->dir[0] = 0;
}

/* Watch stdout chunks for a line that is the sentinel, bare (z3) or quoted (cvc4/cvc5). */
static bool
watch (void *ctx, const char *data, size_t n)
{
  sg_session *s = ctx;
  size_t sl = strlen (s->sentinel);
  for (size_t i = 0; i < n; i++)
    {
      char c = data[i];
      if (c != '\n')
        {
          if (s->line_len < sizeof s->line) s->line[s->line_len] = c;
          s->line_len++;
          continue;
        }
      size_t len = s->line_len;
      s->line_len = 0;
      if (len && len <= sizeof s->line && s->line[len - 1] == '\r') len--;
      if (len > sizeof s->line) continue;
      const char *l = s->line;
      if (len == sl + 2 && l[0] == '"' && l[len - 1] == '"') { l++; len -= 2; }
      if (len == sl && !memcmp (l, s->sentinel, sl))
        {
          s->seen = true;
          return true;
        }
    }
  return false;
}

/* Cut the captured stdout at the start of the sentinel line. */
static void
cut_sentinel (sg_session *s)
{
  sg_buf *b = &s->res.out;
  size_t sl = strlen (s->sentinel);
  if (!b->s || b->len < sl) return;
  for (size_t i = b->len - sl + 1; i-- > 0;)
    if (!memcmp (b->s + i, s->sentinel, sl))
      {
        size_t a = i;
        while (a > 0 && b->s[a - 1] != '\n') a--;
        b->len = a;
        b->s[a] = 0;
        return;
      }
}

static sg_rc
start (sg_session *s, sg_outcome *out, bool *started)
{
  *started = false;
  if (sg_spawn_is_live (&s->proc)) { *started = true; return SG_RC_OK; }
  sg_spawn_opts so;
  memset (&so, 0, sizeof so);
  so.argv = (const char *const *) s->argv.a;
  so.stdin_kind = SG_STDIN_PIPE;
  so.keep_stdin_open = true;
  so.cwd = s->o.cwd ? s->o.cwd : s->dir;
  so.mem_bytes = s->prof->as_unlimited ? 0 : s->o.mem_bytes;
  so.out_cap = so.err_cap = s->o.out_cap;
  sg_spawn_result_reset (&s->res);
  sg_rc rc = sg_spawn_start (&so, &s->proc, &s->res);
  if (rc) return rc;
  if (s->res.end == SG_END_EXEC_FAILED)
    {
      rc = sg_classify_run (s->pats, s->prof, &s->res, out);
      out->from_session = true;
      return rc;
    }
  s->stats.starts++;
  s->in_proc = 0;
  *started = true;
  return SG_RC_OK;
}

static sg_rc
unsent (sg_outcome *out, const char *why)
{
  sg_outcome_reset (out);
  out->kind = SG_OUT_REJECTED;
  out->from_session = true;
  snprintf (out->reason, sizeof out->reason, "%s", why);
  return SG_RC_OK;
}

sg_rc
sg_session_query (sg_session *s, const char *script, size_t len, sg_outcome *out)
{
  s->stats.queries++;
  if (!script) script = "", len = 0;
  if (memchr (script, 0, len)) return unsent (out, "NUL byte in script: not sent to the session");
  scan_info si;
  if (!scan (script, len, NULL, &si))
    return unsent (out, "unbalanced script: not sent to the session");
  if (si.ml_other && !s->prof->session_multiline)
    return unsent (out, "a |symbol| spans lines (this solver cannot read it from stdin): "
                        "not sent to the session");
  len = without_final_exit (script, len, si.last_a, si.last_b);
  if (s->in_proc >= s->o.max_queries)
    {
      stop (s);
      s->stats.recycled++;
    }
  bool live;
  sg_rc rc = start (s, out, &live);
  if (rc || !live) return rc;

  double t0 = sg_spawn_now ();
  s->serial++;
  snprintf (s->sentinel, sizeof s->sentinel, "smtgrind-sentinel-%llu",
            (unsigned long long) s->serial);
  /* (reset) opens every query but a process's first, so it is sent with the query itself
   * (nothing is left pending in the stdin queue between queries). */
  sg_buf_reset (&s->send);
  if (s->in_proc > 0)
    {
      /* (reset-assertions) where the profile says it clears declarations too (cvc5) and
       * neither the last script nor this one set anything it keeps (logic, options, scopes):
       * the same clean state for a fraction of the cost. */
      bool light = s->prof->session_reset_assertions && !s->kept && !si.sets;
      sg_buf_adds (&s->send, light ? "(reset-assertions)\n" : "(reset)\n");
      s->stats.light_resets += light;
    }
  s->kept = si.sets;
  size_t at = s->send.len;
  sg_buf_add (&s->send, script, len);
  sg_buf_printf (&s->send, "\n(echo \"%s\")\n", s->sentinel);
  if (!sg_buf_ok (&s->send)) return SG_RC_NOMEM;
  if (si.ml_info && !s->prof->session_multiline)
    scan (s->send.s + at, len, s->send.s + at, &si);
  sg_spawn_result_reset (&s->res);
  /* the process's limit, which the reset cleared: a death under a tiny --memout is the
   * limit's (run/classify.h, SG_CLASSIFY_MIN_MEM), in a session as in a fresh run */
  s->res.mem_limit = s->prof->as_unlimited ? 0 : s->o.mem_bytes;
  s->seen = false;
  s->line_len = 0;
  sg_spawn_send (&s->proc, s->send.s, s->send.len, false);
  double deadline = s->o.timeout_ms ? t0 + s->o.timeout_ms * 1e-3 : 0;
  sg_pump_stop why = SG_PUMP_EOF;
  rc = sg_spawn_pump (&s->proc, deadline, watch, s, &s->res, &why);
  if (rc)
    {
      sg_spawn_kill (&s->proc, NULL);
      return rc;
    }
  s->in_proc++;
  if (why == SG_PUMP_WATCH)
    {
      /* Answered. stderr written before the echo is already in its pipe: take it. */
      if ((rc = sg_spawn_drain (&s->proc, &s->res)))
        {
          sg_spawn_kill (&s->proc, NULL);
          return rc;
        }
      cut_sentinel (s);
      s->res.end = SG_END_EXITED;
      s->res.exit_code = 0;
      s->res.wall_s = sg_spawn_now () - t0;
      rc = sg_classify_run (s->pats, s->prof, &s->res, out);
      out->cpu_s = -1;
      out->from_session = true;
      if (!rc && out->kind != SG_OUT_OK && out->kind != SG_OUT_REJECTED
          && out->kind != SG_OUT_NO_ANSWER)
        {
          sg_spawn_kill (&s->proc, NULL);
          s->stats.restarts++;
        }
      return rc;
    }
  if (why == SG_PUMP_DEADLINE)
    {
      /* The watchdog: SIGTERM now, SIGKILL after the grace; classified TIMEOUT. */
      rc = sg_spawn_finish (&s->proc, sg_spawn_now (), &s->res);
    }
  else
    {
      /* The process ended (or closed its output) mid-query: its real status decides. */
      rc = sg_spawn_finish (&s->proc, sg_spawn_now () + EXIT_WAIT_MS * 1e-3, &s->res);
      s->res.timed_out = false; /* a post-mortem wait is not the query's deadline */
    }
  s->stats.restarts++;
  s->res.wall_s = sg_spawn_now () - t0;
  if (!rc) rc = sg_classify_run (s->pats, s->prof, &s->res, out);
  out->cpu_s = -1;
  out->from_session = true;
  return rc;
}

sg_rc
sg_session_query_checked (sg_session *s, const char *script, size_t len, sg_outcome *out)
{
  sg_rc rc = sg_session_query (s, script, len, out);
  if (rc || !sg_outcome_needs_fresh_run (out)) return rc;
  s->stats.fresh++;
  sg_run_opts ro;
  memset (&ro, 0, sizeof ro);
  ro.argv = s->o.argv;
  ro.argv.incremental = true; /* the session ran incrementally too */
  ro.timeout_ms = s->o.timeout_ms;
  ro.mem_bytes = s->o.mem_bytes;
  ro.out_cap = s->o.out_cap;
  ro.cwd = s->o.cwd;
  return sg_run_text (s->prof, s->pats, &ro, script, len, out);
}
