/* report_repro: a bucket's "reproduce with" — the blamed run's exact command from its first
 * finding's JSON ("reproduce", oracle/repro.h), for the trigger the listing shows: the file
 * word becomes bug.smt2 and, once reduced, the drawn options are the reduced trigger's
 * ("; smtgrind options:" line) — with what a correct solver does and what this one does. */
#include "campaign/report_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/json.h"
#include "oracle/repro.h"

enum { REPRO_JSON_MAX = 1 << 20 };

/* The words the reduced trigger's options line keeps for solver (a group "SOLVER W W"), into
 * words (space-separated, "" for none). False when the trigger has no such line. */
static bool
reduced_options (const char *dir, const char *reduced, const char *solver, char *words, size_t size)
{
  static const char mark[] = "; smtgrind options: ";
  words[0] = 0;
  bool cut = false;
  char *t = sg_report_read_text (dir, reduced, 4096, &cut);
  if (!t || strncmp (t, mark, sizeof mark - 1))
    {
      free (t);
      return false;
    }
  char *line = t + sizeof mark - 1;
  line[strcspn (line, "\n")] = 0;
  size_t sl = strlen (solver);
  for (char *g = line; g && *g;)
    {
      char *e = strchr (g, ';');
      if (e) *e = 0;
      while (*g == ' ') g++;
      if (!strncmp (g, solver, sl) && (g[sl] == ' ' || !g[sl]))
        {
          snprintf (words, size, "%s", g[sl] ? g + sl + 1 : "");
          break;
        }
      g = e ? e + 1 : NULL;
    }
  free (t);
  return true;
}

/* Append the shell words of argv [from, to) to b, the file word (at file_at) as "bug.smt2". */
static void
add_words (sg_buf *b, const sg_json *j, uint32_t cmd, uint32_t from, uint32_t to, int file_at)
{
  uint32_t k = 0;
  for (uint32_t w = j->n.a[cmd].first; w != UINT32_MAX; w = j->n.a[w].next, k++)
    {
      if (k < from || k >= to) continue;
      const char *s = sg_json_str (j, w);
      if (b->len) sg_buf_addc (b, ' ');
      sg_repro_shell_word (b, (int) k == file_at ? "bug.smt2" : s ? s : "");
    }
}

static void
field (const sg_json *j, uint32_t obj, const char *key, char *out, size_t size)
{
  const char *s = sg_json_str (j, sg_json_get (j, obj, key));
  snprintf (out, size, "%s", s ? s : "");
}

bool
sg_report_repro_of (const char *dir, const char *json, const char *reduced, sg_report_repro *r)
{
  memset (r, 0, sizeof *r);
  r->status = -1;
  bool cut = false;
  char *t = json && json[0] ? sg_report_read_text (dir, json, REPRO_JSON_MAX, &cut) : NULL;
  sg_json j;
  sg_diag d;
  sg_diag_init (&d, json);
  bool ok = false;
  if (t && !cut && !sg_json_parse (t, strlen (t), json, &j, &d))
    {
      uint32_t o = sg_json_get (&j, 0, "reproduce");
      uint32_t cmd = o != UINT32_MAX ? sg_json_get (&j, o, "command") : UINT32_MAX;
      if (cmd != UINT32_MAX && j.n.a[cmd].kind == SG_JSON_ARR && j.n.a[cmd].first != UINT32_MAX)
        {
          field (&j, o, "solver", r->solver, sizeof r->solver);
          field (&j, o, "expected", r->expected, sizeof r->expected);
          field (&j, o, "actual", r->actual, sizeof r->actual);
          field (&j, o, "shows", r->shows, sizeof r->shows);
          r->status = (int) sg_json_num (&j, sg_json_get (&j, o, "status"), -1);
          uint32_t n = 0;
          for (uint32_t w = j.n.a[cmd].first; w != UINT32_MAX; w = j.n.a[w].next) n++;
          int file_at = (int) sg_json_num (&j, sg_json_get (&j, o, "file_at"), -1);
          uint32_t at = (uint32_t) sg_json_num (&j, sg_json_get (&j, o, "options_at"), 0);
          uint32_t on = (uint32_t) sg_json_num (&j, sg_json_get (&j, o, "options_n"), 0);
          bool in = sg_json_num (&j, sg_json_get (&j, o, "stdin"), 0) != 0;
          r->get_model = sg_json_num (&j, sg_json_get (&j, o, "get_model"), 0) != 0;
          char words[1024];
          bool red = on && at + on <= n && reduced && reduced[0]
                     && reduced_options (dir, reduced, r->solver, words, sizeof words);
          if (on && reduced && reduced[0] && !red) words[0] = 0, red = true; /* minimised away */
          sg_buf b;
          sg_buf_init (&b);
          if (red)
            {
              add_words (&b, &j, cmd, 0, at, file_at);
              for (char *save = NULL, *w = strtok_r (words, " ", &save); w; w = strtok_r (NULL, " ", &save))
                {
                  sg_buf_addc (&b, ' ');
                  sg_repro_shell_word (&b, w);
                }
              add_words (&b, &j, cmd, at + on, n, file_at);
            }
          else
            add_words (&b, &j, cmd, 0, n, file_at);
          if (in) sg_buf_adds (&b, " < bug.smt2");
          ok = sg_buf_ok (&b) && b.len < sizeof r->shell;
          if (ok) snprintf (r->shell, sizeof r->shell, "%s", sg_buf_cstr (&b));
          sg_buf_free (&b);
        }
      sg_json_free (&j);
    }
  free (t);
  return ok;
}

void
sg_report_repro_md (const sg_report_repro *r, sg_buf *b)
{
  sg_buf_printf (b, "\nReproduce (the trigger above saved as `bug.smt2`):\n\n```sh\n%s%s\n```\n",
                 r->get_model ? "printf '(get-model)\\n' >> bug.smt2\n" : "", r->shell);
  sg_buf_printf (b, "Expected: %s.\nActual: %s.\n", r->expected, r->actual);
}
