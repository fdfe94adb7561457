/* report_order: the listing order of buckets (the wrong answer of a soundness finding, the
 * ranks, the SQL function that orders by them), the options a bucket needs, marked with
 * what the solvers' own help says of them, and a bucket's triage in words (report_int.h). */
#define _DEFAULT_SOURCE /* strtok_r */
#include "campaign/report_int.h"

#include <ctype.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/json.h"
#include "campaign/db.h"
#include "campaign/report.h"
#include "oracle/finding_keys.h"

#define JSON_MAX ((size_t) 16 << 20) /* bytes of a finding's .json read (as bugs recover) */

/* ---- the listing order ------------------------------------------------------------------- */

/* "sat" or "unsat" at s as a whole word, else NULL. */
static const char *
answer_word (const char *s)
{
  size_t n = !strncmp (s, "unsat", 5) ? 5 : !strncmp (s, "sat", 3) ? 3 : 0;
  if (!n || isalnum ((unsigned char) s[n]) || s[n] == '-' || s[n] == '_') return NULL;
  return n == 5 ? "unsat" : "sat";
}

const char *
sg_report_wrong_answer (const char *solver, const char *why)
{
  if (!solver || !solver[0] || !why) return NULL;
  size_t sl = strlen (solver);
  /* "z3 answered unsat on query 1 but cvc5's model ...": the culprit's own words, wherever
   * they stand ("with :produce-unsat-cores: z3 answered ...", "cvc5 answered sat ...; z3
   * answered unsat": the culprit's, not the other's) */
  for (const char *p = strstr (why, solver); p; p = strstr (p + 1, solver))
    if ((p == why || p[-1] == ' ') && !strncmp (p + sl, " answered ", 10))
      {
        const char *a = answer_word (p + sl + 10);
        if (a) return a;
      }
  /* "z3 and cvc5 disagree on query 1 (sat vs unsat); no model decides; referee cvc4 answers
   * sat": the referee blamed the one that said the other answer */
  static const char ref[] = "; referee ";
  const char *r = strstr (why, ref);
  if (r && (r = strstr (r + sizeof ref - 1, " answers ")))
    {
      const char *a = answer_word (r + 9);
      if (a) return !strcmp (a, "sat") ? "unsat" : "sat";
    }
  return NULL;
}

sg_report_rank
sg_report_rank_of (const char *kind, const char *solver, const char *why)
{
  static const struct {
    const char *kind;
    sg_report_rank rank;
  } kinds[] = { { "invalid-model", SG_REPORT_INVALID_MODEL }, { "crash", SG_REPORT_CRASH },
                { "incompleteness", SG_REPORT_INCOMPLETE }, { "performance", SG_REPORT_PERFORMANCE },
                { "unspecified", SG_REPORT_UNSPECIFIED }, { "validation", SG_REPORT_VALIDATION } };
  if (!strcmp (kind, "soundness"))
    {
      const char *a = sg_report_wrong_answer (solver, why);
      return !a ? SG_REPORT_WRONG_ANSWER : !strcmp (a, "unsat") ? SG_REPORT_WRONG_UNSAT : SG_REPORT_WRONG_SAT;
    }
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (!strcmp (kind, kinds[i].kind)) return kinds[i].rank;
  return SG_REPORT_OTHER;
}

/* SQL sg_report_rank (kind, solver, why): sg_report_rank_of. */
static void
rank_sql (sqlite3_context *c, int argc, sqlite3_value **v)
{
  (void) argc;
  const unsigned char *k = sqlite3_value_text (v[0]), *s = sqlite3_value_text (v[1]), *w = sqlite3_value_text (v[2]);
  sqlite3_result_int (c, (int) sg_report_rank_of (k ? (const char *) k : "", s ? (const char *) s : "",
                                                  (const char *) w));
}

void
sg_report_ranked (sg_db *db)
{
  sqlite3_create_function (sg_db_handle (db), "sg_report_rank", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                           rank_sql, NULL, NULL);
}

/* ---- options and what the solvers' help says of them ---------------------------------------- */

void
sg_report_helps_free (sg_report_helps *h)
{
  for (uint32_t i = 0; i < h->n; i++) sg_solopt_table_free (&h->a[i].t);
  SG_VEC_FREE (*h);
}

/* The table of `solver` at `version`, or NULL: only a built-in profile's binary, found in PATH
 * (never a path from the database: a listing runs nothing a campaign directory names), and only
 * when it is still the version the finding was made with (another's help may say otherwise). */
static const sg_solopt_table *
help_of (sg_report_helps *h, const char *solver, const char *version)
{
  for (uint32_t i = 0; i < h->n; i++)
    if (!strcmp (h->a[i].solver, solver) && !strcmp (h->a[i].version, version))
      return h->a[i].ok ? &h->a[i].t : NULL;
  sg_report_help e;
  memset (&e, 0, sizeof e);
  snprintf (e.solver, sizeof e.solver, "%s", solver);
  snprintf (e.version, sizeof e.version, "%s", version);
  sg_solopt_table_init (&e.t);
  sg_profiles ps;
  sg_diag d;
  sg_diag_init (&d, "report");
  if (version[0] && !sg_profiles_init (&ps, &d))
    {
      const sg_profile *p = sg_profiles_find (&ps, solver);
      e.ok = p && !sg_solopt_read_help (p, &e.t, &d) && !strcmp (e.t.version, version);
      sg_profiles_free (&ps);
    }
  if (!SG_VEC_PUSH (*h, e))
    {
      sg_solopt_table_free (&e.t);
      return NULL;
    }
  return e.ok ? &h->a[h->n - 1].t : NULL;
}

/* The drawn options of a bucket, "SOLVER W...; SOLVER W...", into b: the reduced trigger's
 * first line "; smtgrind options: ..." when it has been reduced (the options it needs), else
 * the "options" of its first finding's runs. */
static void
drawn_options (const char *dir, const char *reduced, const char *json, sg_buf *b)
{
  static const char mark[] = "; smtgrind options: ";
  bool cut = false;
  if (reduced && reduced[0])
    {
      char *t = sg_report_read_text (dir, reduced, 4096, &cut);
      if (t && !strncmp (t, mark, sizeof mark - 1))
        sg_buf_add (b, t + sizeof mark - 1, strcspn (t + sizeof mark - 1, "\n"));
      free (t);
      return;
    }
  char *t = json ? sg_report_read_text (dir, json, JSON_MAX, &cut) : NULL;
  sg_json j;
  sg_diag d;
  sg_diag_init (&d, json);
  if (t && !cut && strstr (t, "\"" SG_FK_RUN_OPTIONS "\"") && !sg_json_parse (t, strlen (t), json, &j, &d))
    {
      uint32_t runs = sg_json_get (&j, 0, SG_FK_RUNS);
      uint32_t r = runs != UINT32_MAX && j.n.a[runs].kind == SG_JSON_ARR ? j.n.a[runs].first : UINT32_MAX;
      /* A crash or an invalid model is the blamed run's own: only its options (issue 49). */
      const char *kind = sg_json_str (&j, sg_json_get (&j, 0, SG_FK_KIND));
      const char *blamed = sg_json_str (&j, sg_json_get (&j, 0, SG_FK_SOLVER));
      bool own = kind && blamed && (!strcmp (kind, "crash") || !strcmp (kind, "invalid-model"));
      for (; r != UINT32_MAX; r = j.n.a[r].next)
        {
          if (j.n.a[r].kind != SG_JSON_OBJ) continue;
          const char *solver = sg_json_str (&j, sg_json_get (&j, r, SG_FK_RUN_SOLVER));
          if (own && solver && strcmp (solver, blamed)) continue;
          uint32_t o = sg_json_get (&j, r, SG_FK_RUN_OPTIONS);
          if (!solver || o == UINT32_MAX || j.n.a[o].kind != SG_JSON_ARR || j.n.a[o].first == UINT32_MAX) continue;
          if (b->len) sg_buf_adds (b, "; ");
          sg_buf_adds (b, solver);
          for (uint32_t w = j.n.a[o].first; w != UINT32_MAX; w = j.n.a[w].next)
            if (sg_json_str (&j, w))
              {
                sg_buf_addc (b, ' ');
                sg_buf_adds (b, sg_json_str (&j, w));
              }
        }
      sg_json_free (&j);
    }
  free (t);
}

/* sg_report_options: blanks other than ' ' and control bytes become '?' (the text goes into
 * TSV and Markdown lines). */
void
sg_report_options (sg_report_helps *h, const char *dir, const char *reduced, const char *json,
                   const char *versions, char *out, size_t size)
{
  out[0] = 0;
  sg_buf words, b;
  sg_buf_init (&words);
  sg_buf_init (&b);
  drawn_options (dir, reduced, json, &words);
  char *all = sg_buf_ok (&words) && words.len ? strdup (sg_buf_cstr (&words)) : NULL;
  for (char *p = all; p && *p; p++)
    if ((unsigned char) *p < ' ' || *p == 0x7f) *p = '?';
  char *save = NULL;
  for (char *grp = all ? strtok_r (all, ";", &save) : NULL; grp; grp = strtok_r (NULL, ";", &save))
    {
      char *wsave = NULL, *solver = strtok_r (grp, " ", &wsave);
      if (!solver) continue;
      char version[64];
      sg_db_version_in (versions ? versions : "", solver, version, sizeof version);
      const sg_solopt_table *t = NULL;
      bool looked = false;
      if (b.len) sg_buf_adds (&b, "; ");
      sg_buf_adds (&b, solver);
      for (char *w = strtok_r (NULL, " ", &wsave); w; w = strtok_r (NULL, " ", &wsave))
        {
          if (!looked) t = help_of (h, solver, version), looked = true;
          const sg_solopt *o = t ? sg_solopt_of_word (t, w) : NULL;
          const char *caveat = o ? sg_solopt_caveat (t, o) : NULL;
          sg_buf_printf (&b, " %s%s%s%s", w, caveat ? " (" : "", caveat ? caveat : "", caveat ? ")" : "");
        }
    }
  if (sg_buf_ok (&b) && b.len) snprintf (out, size, "%s", sg_buf_cstr (&b));
  free (all);
  sg_buf_free (&words);
  sg_buf_free (&b);
}

/* ---- triage ------------------------------------------------------------------------------ */

bool
sg_report_triage_of (sg_db *db, int64_t bucket, sg_report_triage *t)
{
  memset (t, 0, sizeof *t);
  sqlite3_stmt *st = NULL;
  /* An older database has no table triage: the statement does not prepare, no triage. */
  if (sqlite3_prepare_v2 (sg_db_handle (db), "SELECT family, outcome, newest, first_bad, last_bad, fixed_in, tests,"
                                             " note FROM triage WHERE bucket = ?", -1, &st, NULL) != SQLITE_OK)
    return false;
  sqlite3_bind_int64 (st, 1, bucket);
  bool found = sqlite3_step (st) == SQLITE_ROW;
  if (found)
    {
      char *f[] = { t->family, t->outcome, t->newest, t->first_bad, t->last_bad, t->fixed_in, NULL, t->note };
      size_t n[] = { sizeof t->family, sizeof t->outcome, sizeof t->newest, sizeof t->first_bad,
                     sizeof t->last_bad, sizeof t->fixed_in, 0, sizeof t->note };
      for (int k = 0; k < 8; k++)
        {
          const unsigned char *v = sqlite3_column_text (st, k);
          if (!f[k]) continue;
          snprintf (f[k], n[k], "%s", v ? (const char *) v : "");
          /* blanks other than ' ' and control bytes become '?' (TSV and Markdown lines) */
          for (char *p = f[k]; *p; p++)
            if ((unsigned char) *p < ' ' || *p == 0x7f) *p = '?';
        }
      sqlite3_int64 tests = sqlite3_column_int64 (st, 6);
      t->tests = tests < 0 || tests > 100000 ? 0 : (uint32_t) tests;
    }
  sqlite3_finalize (st);
  return found;
}

bool
sg_report_triage_words (const sg_report_triage *t, char *word, size_t wsize, char *text, size_t tsize)
{
  if (!t)
    {
      snprintf (word, wsize, "-");
      text[0] = 0;
      return false;
    }
  const char *o = t->outcome, *fam = t->family;
  if (!strcmp (o, "open"))
    {
      snprintf (word, wsize, "open in %s", t->newest);
      snprintf (text, tsize, "reproduces with %s %s, the newest release%s%s%s", fam, t->newest,
                t->first_bad[0] ? " (first bad " : "", t->first_bad, t->first_bad[0] ? ")" : "");
      return false;
    }
  if (!strcmp (o, "fixed"))
    {
      snprintf (word, wsize, "fixed in %s", t->fixed_in);
      snprintf (text, tsize, "fixed in %s %s (last bad %s)", fam, t->fixed_in, t->last_bad[0] ? t->last_bad : "?");
      return true;
    }
  if (!strcmp (o, "present"))
    {
      snprintf (word, wsize, "present up to %s", t->last_bad);
      snprintf (text, tsize, "present up to %s %s, the newest release that could be judged (newer ones, up to %s, "
                "show neither the bug nor its absence)", fam, t->last_bad, t->newest);
      return false;
    }
  if (!strcmp (o, "absent"))
    {
      snprintf (word, wsize, "in no release");
      snprintf (text, tsize, "in no %s release tested (%u tested, newest %s)", fam, t->tests, t->newest);
      return true;
    }
  /* not reproduced: the note says with which solvers and what they gave instead */
  bool nr = !strcmp (o, "not reproduced");
  snprintf (word, wsize, "%s", nr ? o : "failed");
  if (nr) snprintf (text, tsize, "%s", t->note[0] ? t->note : o);
  else snprintf (text, tsize, "not triaged: %s", t->note[0] ? t->note : o);
  return false;
}
