/* cmd_triage: `smtgrind triage` — in which releases of the blamed solver's family a trigger's
 * bug is present, by bisection over the PyPI releases (oracle/triage.h, run/release.h); for a
 * campaign directory, the bug of each of its buckets, stored in its table triage (db.h). A file
 * and a bucket are one job: a trigger, the solvers that show its bug, and (a bucket's, or
 * --kind and --blamed) the bug it must show. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/file.h"
#include "base/json.h"
#include "base/opt.h"
#include "campaign/db.h"
#include "loop/findings.h"
#include "campaign/report.h"
#include "cli/cli.h"
#include "cli/walk.h"
#include "front/parse.h"
#include "oracle/probe.h"
#include "oracle/triage.h"
#include "run/release.h"
#include "run/spawn.h"

typedef struct triage_cfg {
  const char *spec;      /* --solvers: the solvers that find the bug (default: installed built-ins,
                            or a campaign's own) */
  const char *spec_file; /* --solvers-file: the same from a file of spec lines */
  const char *referee;   /* --referee auto|none|SPEC (default auto, or a campaign's own) */
  const char *versions;  /* --versions LIST|all */
  const char *family;    /* --family: the family to triage (default: the blamed solver's) */
  const char *kind;      /* --kind: the verdict kind a file's bug must have (default: any) */
  const char *blamed;    /* --blamed: the solver (profile name) it must blame (default: any) */
  double timeout_s;
  bool timeout_given;
  bool json;
  sg_profiles profiles;
  sg_patterns pats;
} triage_cfg;

/* What one trigger is triaged with: a file's (the flags), or a campaign bucket's. */
typedef struct job {
  const char *path;                       /* the trigger */
  const char *spec, *spec_file, *referee; /* its solvers (spec_file when set, else spec) and
                                             referees (auto, none or a spec) */
  double timeout_s;                       /* per solver run */
  int64_t bucket;                         /* the campaign's bucket, 0 for a file */
  const char *kind, *blamed;              /* the bug it must show (NULL: whichever the oracle
                                             finds) */
  sg_db *db;                              /* the campaign that stores the result, or NULL */
} job;

/* How a triage ended (the stored outcome, sg_db_triage; "no releases" is never stored). */
typedef enum outcome { OUT_OPEN, OUT_FIXED, OUT_ABSENT, OUT_NOT_REPRODUCED, OUT_NO_RELEASES, OUT_FAILED, OUT_PRESENT } outcome;
/* present: bad in the newest release that could be judged, the newer ones not judged */
static const char *const outcome_names[] = { "open", "fixed", "absent", "not reproduced", "no releases", "failed", "present" };

/* One trigger being triaged. */
typedef struct trig {
  triage_cfg *c;
  const job *j;
  char *text;
  size_t len;
  sg_store s;
  sg_script sc;
  sg_solver_list base;   /* the solvers that found it, with the trigger's options */
  uint32_t blamed;       /* index in base, or UINT32_MAX */
  sg_verdict_kind kind;  /* the bug's verdict kind */
  bool incompleteness;   /* the oracle reports incompleteness (a bucket of that kind) */
  const char *family;
  sg_strv rel;           /* the releases, oldest first */
  char notes[64][200];   /* per release (the first 64): why it was not judged */
  outcome out;
  char why[640];         /* why it was not triaged (not reproduced, failed, no releases) */
} trig;

/* "; smtgrind options: NAME WORDS; NAME WORDS" (the reduced trigger's first line): the words of
 * each named solver of l appended to its user_args (as drawn: fuzzed_args). */
static sg_rc
apply_options_line (const char *text, size_t len, sg_solver_list *l)
{
  static const char mark[] = "; smtgrind options: ";
  if (len < sizeof mark || memcmp (text, mark, sizeof mark - 1)) return SG_RC_OK;
  const char *s = text + sizeof mark - 1, *end = memchr (s, '\n', len - (sizeof mark - 1));
  if (!end) end = text + len;
  while (s < end)
    {
      const char *semi = memchr (s, ';', (size_t) (end - s));
      const char *e = semi ? semi : end;
      while (s < e && *s == ' ') s++;
      size_t nl = strcspn (s, " ;\n");
      for (uint32_t i = 0; i < l->n; i++)
        if (strlen (l->a[i].name) == nl && !strncmp (l->a[i].name, s, nl))
          for (const char *w = s + nl; w < e;)
            {
              while (w < e && *w == ' ') w++;
              size_t wl = 0;
              while (w + wl < e && w[wl] != ' ') wl++;
              if (!wl) break;
              char *word = strndup (w, wl);
              if (!word || !SG_VEC_PUSH (l->a[i].user_args, word)) { free (word); return SG_RC_NOMEM; }
              l->a[i].fuzzed_args++;
              w += wl;
            }
      s = semi ? semi + 1 : end;
    }
  return SG_RC_OK;
}

/* The referees of a job (auto: the installed built-ins not under test; none; a spec). */
static sg_rc
referees (const trig *t, const sg_solver_list *list, sg_solver_list *refs, sg_diag *d)
{
  const char *r = t->j->referee;
  if (!r || !strcmp (r, "auto")) return sg_profiles_auto_referees (&t->c->profiles, list, refs, d);
  if (!strcmp (r, "none")) return SG_RC_OK;
  sg_rc rc = sg_profiles_parse_spec (&t->c->profiles, r, "--referee", refs, d);
  return rc ? rc : sg_solver_list_check (refs, d);
}

/* Probe list on the trigger, then the referees. */
static sg_rc
judge (trig *t, const sg_solver_list *list, sg_probe *pr)
{
  sg_probe_opts po;
  memset (&po, 0, sizeof po);
  po.timeout_ms = sg_spawn_ms (t->j->timeout_s);
  po.mem_bytes = sg_spawn_default_mem (1);
  po.models = po.validate = true;
  po.oracle.expected = SG_ANS_NONE;
  po.oracle.incompleteness = t->incompleteness;
  sg_solver_list refs;
  memset (&refs, 0, sizeof refs);
  sg_diag d;
  sg_diag_init (&d, t->j->path);
  sg_rc rc = sg_probe_script (list, &t->c->pats, &t->s, &t->sc, t->text, t->len, &po, pr);
  uint32_t calls = 0;
  if (!rc && !(rc = referees (t, list, &refs, &d)) && refs.n)
    rc = sg_probe_referee (&refs, &t->c->pats, &t->s, &t->sc, t->text, t->len, &po, pr, &calls);
  sg_solver_list_free (&refs);
  return rc;
}

/* Test release i: the release with the blamed solver's options, beside the other solvers of the
 * base list (another family). */
static sg_triage_mark
test_release (void *ctx, uint32_t i)
{
  trig *t = ctx;
  char word[64], *note = i < 64 ? t->notes[i] : NULL;
  snprintf (word, sizeof word, "%s@%s", t->family, t->rel.a[i]);
  sg_solver_list list;
  memset (&list, 0, sizeof list);
  sg_profile p;
  sg_diag d;
  sg_diag_init (&d, word);
  if (sg_release_profile (&t->c->profiles, word, &p, t->c->json ? stderr : stdout, &d))
    {
      if (note) snprintf (note, 200, "%.199s", d.msg);
      return SG_TRIAGE_NOT_JUDGED;
    }
  const sg_profile *b = &t->base.a[t->blamed];
  sg_rc rc = SG_VEC_PUSH (list, p) ? SG_RC_OK : SG_RC_NOMEM;
  if (rc) sg_profile_free (&p);
  for (uint32_t k = b->user_args.n - b->fuzzed_args; !rc && k < b->user_args.n; k++)
    {
      char *w = strdup (b->user_args.a[k]);
      if (!w || !SG_VEC_PUSH (list.a[0].user_args, w)) { free (w); rc = SG_RC_NOMEM; }
      else list.a[0].fuzzed_args++;
    }
  for (uint32_t k = 0; !rc && k < t->base.n; k++)
    {
      if (k == t->blamed || sg_profile_same_family (t->base.a[k].name, list.a[0].name)) continue;
      sg_profile q;
      if ((rc = sg_profile_copy (&t->base.a[k], &q))) break;
      if (!SG_VEC_PUSH (list, q)) { sg_profile_free (&q); rc = SG_RC_NOMEM; }
    }
  sg_triage_mark m = SG_TRIAGE_NOT_JUDGED;
  sg_probe pr;
  sg_probe_init (&pr);
  if (!rc && !(rc = judge (t, &list, &pr)) && !pr.unstarted[0])
    {
      const sg_outcome *o = &pr.runs.a[0].out;
      if (pr.verdict.kind == t->kind && sg_verdict_blames (&pr.verdict, 0)) m = SG_TRIAGE_BAD;
      else if (sg_verdict_is_bug (pr.verdict.kind)) m = SG_TRIAGE_OTHER;
      else if (o->kind == SG_OUT_OK && o->answers.n
               && (o->answers.a[0] != SG_ANS_UNKNOWN || t->kind == SG_VERDICT_CRASH))
        m = SG_TRIAGE_GOOD; /* a crash's release that answers, unknown included, did not crash */
      if (note && m != SG_TRIAGE_BAD && m != SG_TRIAGE_GOOD)
        snprintf (note, 200, "%.199s",
                  m == SG_TRIAGE_OTHER ? pr.verdict.why
                  : o->kind == SG_OUT_OK && o->answers.n ? "answered unknown" : sg_outcome_kind_name (o->kind));
    }
  else if (note) snprintf (note, 200, "%.199s", rc ? sg_rc_name (rc) : pr.unstarted);
  sg_probe_free (&pr);
  sg_solver_list_free (&list);
  if (!t->c->json)
    printf ("  %s %s: %s\n", t->family, t->rel.a[i], sg_triage_mark_name (m)), fflush (stdout);
  return m;
}

static const char *
rel_at (const trig *t, uint32_t i)
{
  return i == SG_TRIAGE_NONE ? NULL : t->rel.a[i];
}

/* A JSON string, or null for NULL. */
static void
json_str (sg_buf *b, const char *s)
{
  if (s) sg_json_string (b, s, strlen (s));
  else sg_buf_adds (b, "null");
}

/* {"4.13.0": "bad", ...}: every release tested and its mark. */
static void
versions_json (const trig *t, const sg_triage *r, sg_buf *b)
{
  sg_buf_addc (b, '{');
  bool any = false;
  for (uint32_t i = 0; i < r->n; i++)
    if (r->marks[i] != SG_TRIAGE_UNTESTED)
      {
        sg_buf_adds (b, any ? ", " : "");
        json_str (b, t->rel.a[i]);
        sg_buf_adds (b, ": ");
        json_str (b, sg_triage_mark_name (r->marks[i]));
        any = true;
      }
  sg_buf_addc (b, '}');
}

/* The result of t (r: its bisection, NULL when there was none): printed (the lines of a
 * triage, or one JSON object with --json) and stored in the job's campaign. */
static void
report (const trig *t, const sg_triage *r, const char *blamed_version)
{
  const job *j = t->j;
  const char *newest = r ? t->rel.a[t->rel.n - 1] : NULL;
  const char *bname = t->blamed < t->base.n ? t->base.a[t->blamed].name : j->blamed;
  const char *kind = j->kind ? j->kind : t->kind != SG_VERDICT_OK ? sg_verdict_kind_name (t->kind) : NULL;
  sg_buf vj;
  sg_buf_init (&vj);
  if (r) versions_json (t, r, &vj);
  if (j->db && t->out != OUT_NO_RELEASES)
    {
      sg_db_triage row = { .bucket = j->bucket, .family = t->family, .outcome = outcome_names[t->out],
                           .newest = newest, .first_bad = r ? rel_at (t, r->first_bad) : NULL,
                           .last_bad = r ? rel_at (t, r->last_bad) : NULL,
                           .fixed_in = r ? rel_at (t, r->fixed_in) : NULL, .open = r && r->open,
                           .tests = r ? r->tests : 0, .versions_json = r && sg_buf_ok (&vj) ? sg_buf_cstr (&vj) : "{}",
                           .note = r ? "" : t->why };
      if (sg_db_triage_put (j->db, &row))
        fprintf (stderr, "smtgrind triage: error: bucket %lld: not stored: %s\n", (long long) j->bucket, j->db->err);
    }
  if (t->c->json)
    {
      sg_buf b;
      sg_buf_init (&b);
      sg_buf_adds (&b, "{\"file\": ");
      json_str (&b, j->path);
      if (j->bucket) sg_buf_printf (&b, ", \"bucket\": %lld", (long long) j->bucket);
      sg_buf_adds (&b, ", \"kind\": ");
      json_str (&b, kind);
      sg_buf_adds (&b, ", \"blamed\": ");
      json_str (&b, bname);
      if (r)
        {
          sg_buf_adds (&b, ", \"blamed_version\": ");
          json_str (&b, blamed_version);
        }
      sg_buf_adds (&b, ", \"outcome\": ");
      json_str (&b, outcome_names[t->out]);
      sg_buf_adds (&b, ", \"family\": ");
      json_str (&b, t->family);
      if (r)
        {
          sg_buf_adds (&b, ", \"newest\": ");
          json_str (&b, newest);
          sg_buf_printf (&b, ", \"open_in_newest\": %s, \"first_bad\": ", r->open ? "true" : "false");
          json_str (&b, rel_at (t, r->first_bad));
          sg_buf_adds (&b, ", \"last_bad\": ");
          json_str (&b, rel_at (t, r->last_bad));
          sg_buf_adds (&b, ", \"fixed_in\": ");
          json_str (&b, rel_at (t, r->fixed_in));
          sg_buf_printf (&b, ", \"tests\": %u, \"versions\": ", r->tests);
          sg_buf_add (&b, vj.s, vj.len);
        }
      else
        {
          sg_buf_adds (&b, ", \"why\": ");
          json_str (&b, t->why);
        }
      sg_buf_adds (&b, "}\n");
      if (sg_buf_ok (&b)) fwrite (b.s, 1, b.len, stdout);
      sg_buf_free (&b);
    }
  else if (r && r->open)
    printf ("  open: reproduces with %s %s, the newest release; first bad %s\n", t->family,
            t->rel.a[t->rel.n - 1], rel_at (t, r->first_bad));
  else if (r && r->fixed_in != SG_TRIAGE_NONE)
    printf ("  fixed in %s %s (last bad %s, first bad %s)\n", t->family, rel_at (t, r->fixed_in),
            rel_at (t, r->last_bad), rel_at (t, r->first_bad));
  else if (r && r->last_bad != SG_TRIAGE_NONE)
    printf ("  present up to %s %s, the newest release that could be judged (first bad %s); the newer "
            "ones show neither the bug nor its absence (see the notes)\n", t->family, rel_at (t, r->last_bad),
            rel_at (t, r->first_bad));
  else if (r) printf ("  not reproduced in any %s release tested\n", t->family);
  for (uint32_t i = 0; r && !t->c->json && i < r->n && i < 64; i++)
    if (r->marks[i] != SG_TRIAGE_UNTESTED && t->notes[i][0])
      printf ("  note: %s %s: %s\n", t->family, t->rel.a[i], t->notes[i]);
  sg_buf_free (&vj);
}

/* The releases to test: --versions LIST (comma-separated, sorted here) or every PyPI release
 * (z3 from 4.8.5: older wheels have no executable for today's Python). */
static sg_rc
releases (trig *t, sg_diag *d)
{
  const char *v = t->c->versions;
  if (v && strcmp (v, "all"))
    {
      for (const char *s = v; *s;)
        {
          size_t n = strcspn (s, ",");
          char w[64];
          snprintf (w, sizeof w, "%s@%.*s", t->family, (int) (n < 30 ? n : 30), s);
          if (!sg_release_is_spec (w) || !strcmp (w + strlen (t->family) + 1, "latest"))
            return sg_diag_set (d, SG_RC_USAGE, 0, 0, "--versions: '%.*s' is not a version", (int) n, s);
          char *c = strndup (s, n);
          if (!c || !SG_VEC_PUSH (t->rel, c)) { free (c); return SG_RC_NOMEM; }
          s += n + (s[n] == ',');
        }
      for (uint32_t i = 1; i < t->rel.n; i++)
        for (uint32_t j = i; j > 0 && sg_release_vercmp (t->rel.a[j - 1], t->rel.a[j]) > 0; j--)
          {
            char *x = t->rel.a[j];
            t->rel.a[j] = t->rel.a[j - 1];
            t->rel.a[j - 1] = x;
          }
      return SG_RC_OK;
    }
  sg_rc rc = sg_release_versions (t->family, &t->rel, d);
  if (!rc && !strcmp (t->family, "z3"))
    {
      uint32_t w = 0;
      for (uint32_t i = 0; i < t->rel.n; i++)
        if (sg_release_vercmp (t->rel.a[i], "4.8.5") >= 0) t->rel.a[w++] = t->rel.a[i];
        else free (t->rel.a[i]);
      t->rel.n = w;
    }
  if (!rc && !t->rel.n) rc = sg_diag_set (d, SG_RC_IO, 0, 0, "%s: no release to test", t->family);
  return rc;
}

/* The verdict kind named k, or false. */
static bool
kind_named (const char *k, sg_verdict_kind *out)
{
  for (int i = SG_VERDICT_OK; i <= SG_VERDICT_UNSPECIFIED; i++)
    if (!strcmp (sg_verdict_kind_name ((sg_verdict_kind) i), k)) { *out = (sg_verdict_kind) i; return true; }
  return false;
}

/* Does the base probe show the job's bug? t->kind and t->blamed are set from it; otherwise
 * t->why says what was found instead. */
static bool
shows_bug (trig *t, const sg_probe *pr)
{
  const job *j = t->j;
  const char *spec = j->spec_file ? j->spec_file : j->spec;
  t->kind = pr->verdict.kind;
  t->blamed = pr->verdict.culprit;
  if (j->blamed)
    {
      t->blamed = UINT32_MAX;
      for (uint32_t i = 0; i < t->base.n && t->blamed == UINT32_MAX; i++)
        if (!strcmp (t->base.a[i].name, j->blamed)) t->blamed = i;
      if (t->blamed == UINT32_MAX)
        {
          snprintf (t->why, sizeof t->why, "%s is not one of the solvers \"%s\"", j->blamed, spec);
          return false;
        }
    }
  sg_verdict_kind want = pr->verdict.kind;
  if (j->kind && !kind_named (j->kind, &want))
    {
      snprintf (t->why, sizeof t->why, "'%s' is not a verdict kind", j->kind);
      return false;
    }
  bool bug = sg_verdict_is_bug (t->kind) && t->blamed < t->base.n;
  if (!pr->unstarted[0] && bug && t->kind == want && sg_verdict_blames (&pr->verdict, t->blamed)) return true;
  const char *lead = j->kind || j->blamed ? "not reproduced" : "no bug to triage";
  if (pr->unstarted[0]) snprintf (t->why, sizeof t->why, "%s with \"%s\": %s", lead, spec, pr->unstarted);
  else if (!bug)
    snprintf (t->why, sizeof t->why, "%s with \"%s\": %s", lead, spec,
              pr->verdict.why[0] ? pr->verdict.why : "every solver agrees");
  else
    snprintf (t->why, sizeof t->why, "%s with \"%s\": %s, not %s blamed on %s: %s", lead, spec,
              sg_verdict_kind_name (pr->verdict.kind), sg_verdict_kind_name (want),
              j->blamed ? j->blamed : "it", pr->verdict.why);
  return false;
}

/* Triage one job: probe its trigger with its solvers, then bisect the releases of the blamed
 * solver's family; print (and store) the result. The exit code of a file; how it ended into
 * out. */
static int
triage_job (triage_cfg *c, const job *j, outcome *out)
{
  trig t;
  memset (&t, 0, sizeof t);
  t.c = c;
  t.j = j;
  t.blamed = UINT32_MAX;
  t.out = *out = OUT_FAILED;
  t.incompleteness = j->kind && !strcmp (j->kind, "incompleteness");
  if (j->blamed) t.family = c->family ? c->family : sg_release_family_of (j->blamed);
  const char *path = j->path;
  char prefix[64] = "";
  if (j->bucket) snprintf (prefix, sizeof prefix, "bucket %lld: ", (long long) j->bucket);
  sg_diag d;
  sg_diag_init (&d, path);
  int code = SG_EXIT_OK;
  if (sg_file_read (path, 1u << 26, &t.text, &t.len, &d))
    {
      sg_cli_print_diag (&d);
      snprintf (t.why, sizeof t.why, "%s", d.msg);
      report (&t, NULL, NULL);
      *out = t.out;
      return SG_EXIT_INPUT;
    }
  if (sg_store_init (&t.s)) { free (t.text); return SG_EXIT_INTERNAL; }
  sg_script_init (&t.sc, &t.s);
  sg_probe pr;
  sg_probe_init (&pr);
  sg_triage r;
  memset (&r, 0, sizeof r);
  sg_diag_init (&d, j->spec_file ? j->spec_file : "--solvers");
  sg_rc rc = sg_parse_string (&t.s, &t.sc, t.text, t.len, path, &d);
  if (!rc)
    rc = j->spec_file ? sg_profiles_load_spec_file (&c->profiles, j->spec_file, &t.base, &d)
                      : sg_profiles_parse_spec (&c->profiles, j->spec, "--solvers", &t.base, &d);
  if (!rc) rc = sg_solver_list_check (&t.base, &d);
  if (!rc) rc = apply_options_line (t.text, t.len, &t.base);
  if (!rc) rc = judge (&t, &t.base, &pr);
  if (rc)
    {
      sg_cli_print_diag (&d);
      snprintf (t.why, sizeof t.why, "%s", d.msg[0] ? d.msg : sg_rc_name (rc));
      code = sg_rc_exit_code (rc);
      goto done;
    }
  if (!shows_bug (&t, &pr))
    {
      fprintf (stderr, "%s%s: %s\n", prefix, path, t.why);
      t.out = pr.unstarted[0] ? OUT_FAILED : OUT_NOT_REPRODUCED;
      code = SG_EXIT_INPUT;
      goto done;
    }
  const char *bname = t.base.a[t.blamed].name, *bver = "";
  t.family = c->family ? c->family : sg_release_family_of (bname);
  if (!t.family)
    {
      snprintf (t.why, sizeof t.why, "%s is blamed, which has no releases on PyPI (z3, cvc5, bitwuzla)", bname);
      fprintf (stderr, "%s%s: %s\n", prefix, path, t.why);
      code = SG_EXIT_INPUT;
      goto done;
    }
  sg_profile_version (&t.base.a[t.blamed], &bver);
  sg_diag_init (&d, path);
  if ((rc = releases (&t, &d)))
    {
      sg_cli_print_diag (&d);
      snprintf (t.why, sizeof t.why, "%s", d.msg);
      t.out = rc == SG_RC_IO ? OUT_NO_RELEASES : OUT_FAILED;
      code = sg_rc_exit_code (rc);
      goto done;
    }
  if (!c->json)
    printf ("%s%s: %s, blamed %s %s: %s\n  triaged against %u %s releases (%s ... %s)\n", prefix, path,
            sg_verdict_kind_name (t.kind), bname, bver, pr.verdict.why, t.rel.n, t.family, t.rel.a[0],
            t.rel.a[t.rel.n - 1]);
  /* The release the bug was found in, or the nearest newer one (cvc4's bugs: none). */
  uint32_t known = SG_TRIAGE_NONE;
  if (sg_profile_same_family (bname, t.family) && bver[0])
    for (uint32_t i = 0; i < t.rel.n && known == SG_TRIAGE_NONE; i++)
      if (sg_release_vercmp (t.rel.a[i], bver) >= 0) known = i;
  bool every = c->versions && strcmp (c->versions, "all") == 0;
  if ((rc = sg_triage_run (t.rel.n, known, every, test_release, &t, &r)))
    {
      snprintf (t.why, sizeof t.why, "%s", sg_rc_name (rc));
      code = SG_EXIT_INTERNAL;
      goto done;
    }
  t.out = r.open                         ? OUT_OPEN
          : r.fixed_in != SG_TRIAGE_NONE ? OUT_FIXED
          : r.last_bad != SG_TRIAGE_NONE ? OUT_PRESENT
                                         : OUT_ABSENT;
  report (&t, &r, bver);
  code = r.open ? SG_EXIT_BUG : SG_EXIT_OK;
done:
  if (code != SG_EXIT_OK && code != SG_EXIT_BUG) report (&t, NULL, NULL);
  *out = t.out;
  fflush (stdout);
  sg_triage_free (&r);
  sg_probe_free (&pr);
  sg_solver_list_free (&t.base);
  sg_strv_free (&t.rel);
  sg_script_free (&t.sc);
  sg_store_free (&t.s);
  free (t.text);
  return code;
}

/* `triage DIR` where DIR holds campaign.db: each bucket that is not merged (in the listing
 * order), its reduced trigger where it has one, its kind and solver, with the campaign's
 * solvers, referees and timeout (table meta) unless the flags say otherwise; every result
 * stored in its table triage. */
static int
triage_campaign (triage_cfg *c, const char *dir)
{
  char path[PATH_MAX], why[512];
  if ((size_t) snprintf (path, sizeof path, "%s/campaign.db", dir) >= sizeof path) return SG_EXIT_INPUT;
  sg_db db;
  if (sg_db_open (&db, path, false))
    {
      fprintf (stderr, "smtgrind triage: error: %s\n", db.err);
      return SG_EXIT_INPUT;
    }
  if (!sg_db_check (&db, why, sizeof why))
    {
      fprintf (stderr, "smtgrind triage: error: %s: damaged campaign database (%s); rebuild it with: smtgrind bugs recover %s\n",
               path, why, dir);
      sg_db_close (&db);
      return SG_EXIT_INPUT;
    }
  char spec[8192], spec_file[4096], referee[1024];
  char tmo[64];
  sg_db_meta_get (&db, "solvers", spec, sizeof spec);
  sg_db_meta_get (&db, "solvers_file", spec_file, sizeof spec_file);
  sg_db_meta_get (&db, "referee", referee, sizeof referee);
  sg_db_meta_get (&db, "timeout", tmo, sizeof tmo);
  job base = { .referee = c->referee ? c->referee : referee[0] ? referee : "auto", .timeout_s = c->timeout_s, .db = &db };
  if (c->spec || c->spec_file) base.spec = c->spec, base.spec_file = c->spec_file;
  else base.spec = spec[0] ? spec : NULL, base.spec_file = spec[0] || !spec_file[0] ? NULL : spec_file;
  double t = strtod (tmo, NULL);
  if (!c->timeout_given && t > 0 && t <= 86400) base.timeout_s = t;
  int code = SG_EXIT_OK;
  if (!base.spec && !base.spec_file)
    {
      fprintf (stderr, "smtgrind triage: error: %s stores no solvers (a merge of campaigns): give --solvers\n", dir);
      sg_db_close (&db);
      return SG_EXIT_INPUT;
    }
  sg_report_bugvec v = { 0 };
  if (sg_report_bugs (&db, dir, &v))
    {
      fprintf (stderr, "smtgrind triage: error: cannot list the buckets of %s: %s\n", path, db.err);
      code = SG_EXIT_INPUT;
    }
  for (uint32_t i = 0; i < v.n; i++)
    {
      const sg_report_bucket *b = &v.a[i];
      if (!strcmp (b->kind, "unspecified") || !strcmp (b->kind, "validation")) continue; /* kept, never a bug */
      const char *fam = c->family ? c->family : sg_release_family_of (b->solver);
      if (!fam)
        {
          fprintf (stderr, "bucket %lld: %s has no releases on PyPI (z3, cvc5, bitwuzla): not triaged\n",
                   (long long) b->id, b->solver);
          continue;
        }
      char trig[PATH_MAX];
      if (!(sg_finding_path_ok (b->trigger) || sg_finding_legacy_path_ok (b->trigger))
          || (size_t) (b->trigger[0] == '/' ? snprintf (trig, sizeof trig, "%s", b->trigger)
                                            : snprintf (trig, sizeof trig, "%s/%s", dir, b->trigger)) >= sizeof trig)
        {
          fprintf (stderr, "bucket %lld: a stored path that is not the campaign's: %s\n", (long long) b->id, b->trigger);
          code = sg_cli_worse (code, SG_EXIT_INPUT);
          continue;
        }
      job j = base;
      j.path = trig, j.bucket = b->id, j.kind = b->kind, j.blamed = b->solver;
      outcome o;
      int r = triage_job (c, &j, &o);
      /* A bucket its solvers no longer show is a result (stored), not an error. */
      if (o == OUT_NOT_REPRODUCED) r = SG_EXIT_OK;
      code = r == SG_EXIT_BUG || code == SG_EXIT_BUG ? SG_EXIT_BUG : sg_cli_worse (code, r);
    }
  SG_VEC_FREE (v);
  sg_db_close (&db);
  return code;
}

#define C(f) ((uint16_t) offsetof (triage_cfg, f))
#define NG SG_OPT_NO_GIVEN
static const sg_opt triage_opts[] = {
  { 0, "--solvers", NULL, "SPEC", SG_OPT_STR, C (spec), NG, 0, 0, NULL, NULL, "" },
  { 0, "--solvers-file", NULL, "F", SG_OPT_STR, C (spec_file), NG, 0, 0, NULL, NULL, "" },
  { 0, "--referee", NULL, "SPEC", SG_OPT_STR, C (referee), NG, 0, 0, NULL, NULL, "" },
  { 0, "--versions", NULL, "LIST", SG_OPT_STR, C (versions), NG, 0, 0, NULL, NULL, "" },
  { 0, "--family", NULL, "F", SG_OPT_STR, C (family), NG, 0, 0, NULL, NULL, "" },
  { 0, "--kind", NULL, "KIND", SG_OPT_STR, C (kind), NG, 0, 0, NULL, NULL, "" },
  { 0, "--blamed", NULL, "NAME", SG_OPT_STR, C (blamed), NG, 0, 0, NULL, NULL, "" },
  { 0, "--timeout", "-t", "S", SG_OPT_SECS, C (timeout_s), C (timeout_given), 1e-12, 86400, "seconds in (0, 86400]", NULL, "" },
  { 0, "--json", NULL, NULL, SG_OPT_TRUE, C (json), NG, 0, 0, NULL, NULL, "" },
};

/* The default solvers: the installed built-ins among z3, cvc5, cvc4. */
static char *
default_spec (const sg_profiles *ps)
{
  static const char *const names[] = { "z3", "cvc5", "cvc4" };
  sg_buf b;
  sg_buf_init (&b);
  for (size_t i = 0; i < 3; i++)
    {
      const sg_profile *p = sg_profiles_find (ps, names[i]);
      if (p && sg_profile_installed (p)) sg_buf_printf (&b, "%s%s", b.len ? ";" : "", names[i]);
    }
  char *s = strdup (b.len ? sg_buf_cstr (&b) : "z3;cvc5");
  sg_buf_free (&b);
  return s;
}

/* Does dir hold a campaign (campaign.db)? */
static bool
is_campaign (const char *dir)
{
  char path[PATH_MAX];
  struct stat st;
  return (size_t) snprintf (path, sizeof path, "%s/campaign.db", dir) < sizeof path && stat (dir, &st) == 0
         && S_ISDIR (st.st_mode) && stat (path, &st) == 0;
}

int
sg_cli_triage (const sg_cli_cmd *cmd, int argc, char **argv)
{
  sg_spawn_block_stop_signals (NULL);
  triage_cfg c;
  memset (&c, 0, sizeof c);
  c.timeout_s = 10;
  sg_walk w;
  sg_walk_init (&w);
  SG_VEC (const char *) camps = { 0 };
  int code = SG_EXIT_OK, first = 0;
  for (int i = 1; i < argc; i++)
    {
      if (sg_cli_is_help (argv[i])) { sg_cli_usage (cmd, stdout); code = -1; goto end; }
      char err[300];
      int r = sg_opt_parse (triage_opts, sizeof triage_opts / sizeof *triage_opts, 0, &c, argc, argv, &i, err, sizeof err);
      if (r < 0) { code = sg_cli_usage_error (cmd, "%s", err); goto end; }
      if (r > 0) continue;
      if (argv[i][0] == '-' && argv[i][1]) { code = sg_cli_usage_error (cmd, "unknown option '%s'", argv[i]); goto end; }
      if (!first) first = i;
      sg_diag d;
      if (is_campaign (argv[i])) { if (!SG_VEC_PUSH (camps, argv[i])) { code = SG_EXIT_INTERNAL; goto end; } }
      else if (sg_walk_add (&w, argv[i], &d)) { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; }
    }
  if (!first) { code = sg_cli_usage_error (cmd, "expected at least one FILE, DIR or CAMPAIGN_DIR"); goto end; }
  for (const char *v = c.versions && strcmp (c.versions, "all") ? c.versions : ""; *v;)
    {
      size_t n = strcspn (v, ",");
      char word[48];
      snprintf (word, sizeof word, "z3@%.*s", (int) (n < 30 ? n : 30), v);
      if (!n || n >= 30 || !sg_release_is_spec (word) || !strcmp (word, "z3@latest"))
        { code = sg_cli_usage_error (cmd, "--versions: '%.*s' is not a version", (int) n, v); goto end; }
      v += n + (v[n] == ',');
    }
  if (c.family && !(c.family = sg_release_family_of (c.family)))
    { code = sg_cli_usage_error (cmd, "--family: no releases on PyPI (z3, cvc5, bitwuzla)"); goto end; }
  sg_verdict_kind k;
  if (c.kind && !kind_named (c.kind, &k))
    { code = sg_cli_usage_error (cmd, "--kind: '%s' is not a verdict kind (soundness, invalid-model, crash, ...)", c.kind); goto end; }
  sg_diag d;
  sg_diag_init (&d, "triage");
  char *spec = NULL;
  if (sg_profiles_init (&c.profiles, &d) || sg_patterns_add_defaults (&c.pats)) code = SG_EXIT_INTERNAL;
  else
    {
      job fj = { .spec = c.spec, .spec_file = c.spec_file, .referee = c.referee, .timeout_s = c.timeout_s,
                 .kind = c.kind, .blamed = c.blamed };
      if (!fj.spec && !fj.spec_file) fj.spec = spec = default_spec (&c.profiles);
      for (uint32_t f = 0; f < w.paths.n && (fj.spec || fj.spec_file); f++)
        {
          fj.path = w.paths.a[f];
          outcome o;
          int r = triage_job (&c, &fj, &o);
          code = r == SG_EXIT_BUG || code == SG_EXIT_BUG ? SG_EXIT_BUG : sg_cli_worse (code, r);
        }
      for (uint32_t f = 0; f < camps.n; f++)
        {
          int r = triage_campaign (&c, camps.a[f]);
          code = r == SG_EXIT_BUG || code == SG_EXIT_BUG ? SG_EXIT_BUG : sg_cli_worse (code, r);
        }
    }
  free (spec);
  sg_profiles_free (&c.profiles);
  sg_patterns_free (&c.pats);
end:
  SG_VEC_FREE (camps);
  sg_walk_free (&w);
  return code < 0 ? SG_EXIT_OK : code;
}
