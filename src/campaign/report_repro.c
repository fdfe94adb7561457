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
#include "oracle/finding_keys.h"
#include "oracle/repro.h"

enum { REPRO_JSON_MAX = 1 << 20 };

/* The words the reduced trigger's options line ("; smtgrind options: z3 W W; cvc5 W") keeps
 * for solver, into words (space-separated, "" for none). False when the text has no such line
 * (its first) or the line or the group does not fit (a command cut short is no command). */
static bool
reduced_options (const char *text, const char *solver, char *words, size_t size)
{
  static const char mark[] = "; smtgrind options: ";
  words[0] = 0;
  if (!text || strncmp (text, mark, sizeof mark - 1)) return false;
  char line[4096];
  size_t ll = strcspn (text + sizeof mark - 1, "\n");
  if (ll >= sizeof line) return false;
  snprintf (line, sizeof line, "%.*s", (int) ll, text + sizeof mark - 1);
  size_t sl = strlen (solver);
  for (char *g = line; g && *g;)
    {
      char *e = strchr (g, ';');
      if (e) *e = 0;
      while (*g == ' ') g++;
      if (!strncmp (g, solver, sl) && (g[sl] == ' ' || !g[sl]))
        return (size_t) snprintf (words, size, "%s", g[sl] ? g + sl + 1 : "") < size;
      g = e ? e + 1 : NULL;
    }
  return true;
}

/* Append the shell words of argv [from, to) to b, the file word (at file_at) as file. */
static void
add_words (sg_buf *b, const sg_json *j, uint32_t cmd, uint32_t from, uint32_t to, int file_at, const char *file)
{
  uint32_t k = 0;
  for (uint32_t w = j->n.a[cmd].first; w != UINT32_MAX; w = j->n.a[w].next, k++)
    {
      if (k < from || k >= to) continue;
      const char *s = sg_json_str (j, w);
      if (b->len) sg_buf_addc (b, ' ');
      sg_repro_shell_word (b, (int) k == file_at ? file : s ? s : "");
    }
}

/* Member key of obj as an integer in [lo, hi] (absent: dflt); false for anything else (a
 * damaged JSON: a string, a fraction, out of range). */
static bool
int_field (const sg_json *j, uint32_t obj, const char *key, double lo, double hi, double dflt, int64_t *v)
{
  uint32_t i = sg_json_get (j, obj, key);
  double x = i == UINT32_MAX ? dflt : sg_json_num (j, i, lo - 1);
  if (!(x >= lo && x <= hi) || x != (double) (int64_t) x) return false;
  *v = (int64_t) x;
  return true;
}

static void
field (const sg_json *j, uint32_t obj, const char *key, char *out, size_t size)
{
  const char *s = sg_json_str (j, sg_json_get (j, obj, key));
  snprintf (out, size, "%s", s ? s : "");
}

bool
sg_report_repro_text (const char *t, size_t len, const char *reduced, const char *file, sg_report_repro *r)
{
  memset (r, 0, sizeof *r);
  r->status = -1;
  sg_json j;
  sg_diag d;
  sg_diag_init (&d, "finding");
  if (sg_json_parse (t, len, "finding", &j, &d)) return false;
  bool ok = false;
  uint32_t o = sg_json_get (&j, 0, SG_FK_REPRODUCE);
  uint32_t cmd = o != UINT32_MAX ? sg_json_get (&j, o, SG_FK_REPRO_COMMAND) : UINT32_MAX;
  if (cmd != UINT32_MAX && j.n.a[cmd].kind == SG_JSON_ARR && j.n.a[cmd].first != UINT32_MAX)
    {
      field (&j, o, SG_FK_REPRO_SOLVER, r->solver, sizeof r->solver);
      field (&j, o, SG_FK_REPRO_EXPECTED, r->expected, sizeof r->expected);
      field (&j, o, SG_FK_REPRO_ACTUAL, r->actual, sizeof r->actual);
      field (&j, o, SG_FK_REPRO_SHOWS, r->shows, sizeof r->shows);
      uint32_t n = 0;
      for (uint32_t w = j.n.a[cmd].first; w != UINT32_MAX; w = j.n.a[w].next) n++;
      bool in = sg_json_num (&j, sg_json_get (&j, o, SG_FK_REPRO_STDIN), 0) != 0;
      /* the positions in range, or no block at all (a damaged JSON names no command) */
      int64_t st = -1, fa = -1, oa = 0, on64 = 0;
      bool sane = int_field (&j, o, SG_FK_REPRO_STATUS, -1, 255, -1, &st)
                  && int_field (&j, o, SG_FK_REPRO_FILE_AT, -1, (double) n - 1, -1, &fa) && (in ? fa == -1 : fa >= 0)
                  && int_field (&j, o, SG_FK_REPRO_OPTIONS_N, 0, n, 0, &on64)
                  && int_field (&j, o, SG_FK_REPRO_OPTIONS_AT, 0, (double) (n - (uint32_t) on64), 0, &oa);
      if (!sane)
        {
          sg_json_free (&j);
          return false;
        }
      r->status = (int) st;
      int file_at = (int) fa;
      uint32_t at = (uint32_t) oa, on = (uint32_t) on64;
      r->get_model = sg_json_num (&j, sg_json_get (&j, o, SG_FK_REPRO_GET_MODEL), 0) != 0;
      /* once reduced, the drawn options are the reduced trigger's (none when it names none) */
      char words[4096] = "";
      bool red = on && at + on <= n && reduced;
      /* a reduced trigger without the line needs none of the drawn options; one whose line
       * does not fit here gives no command (never one cut short) */
      if (red && !reduced_options (reduced, r->solver, words, sizeof words) && !strncmp (reduced, "; smtgrind options: ", 20))
        {
          sg_json_free (&j);
          return false;
        }
      sg_buf b;
      sg_buf_init (&b);
      add_words (&b, &j, cmd, 0, red ? at : n, file_at, file);
      for (char *save = NULL, *w = red ? strtok_r (words, " ", &save) : NULL; w; w = strtok_r (NULL, " ", &save))
        {
          sg_buf_addc (&b, ' ');
          sg_repro_shell_word (&b, w);
        }
      if (red) add_words (&b, &j, cmd, at + on, n, file_at, file);
      if (in)
        {
          sg_buf_adds (&b, " < ");
          sg_repro_shell_word (&b, file);
        }
      ok = sg_buf_ok (&b) && b.len < sizeof r->shell;
      if (ok) snprintf (r->shell, sizeof r->shell, "%s", sg_buf_cstr (&b));
      sg_buf_free (&b);
    }
  sg_json_free (&j);
  return ok;
}

bool
sg_report_repro_of (const char *dir, const char *json, const char *reduced, sg_report_repro *r)
{
  memset (r, 0, sizeof *r);
  bool cut = false, rcut = false;
  char *t = json && json[0] ? sg_report_read_text (dir, json, REPRO_JSON_MAX, &cut) : NULL;
  char *rt = reduced && reduced[0] ? sg_report_read_text (dir, reduced, 4096, &rcut) : NULL;
  /* a reduced trigger that cannot be read: its options are unknown, say nothing */
  bool ok = t && !cut && (!(reduced && reduced[0]) || rt)
            && sg_report_repro_text (t, strlen (t), reduced && reduced[0] ? rt : NULL, "bug.smt2", r);
  free (t);
  free (rt);
  return ok;
}

void
sg_report_repro_md (const sg_report_repro *r, sg_buf *b)
{
  sg_buf_printf (b, "\nReproduce (the trigger above saved as `bug.smt2`):\n\n```sh\n%s%s\n```\n",
                 r->get_model ? SG_REPORT_GET_MODEL_LINE "\n" : "", r->shell);
  sg_buf_printf (b, "Expected: %s.\nActual: %s.\n", r->expected, r->actual);
}
