/* cmd_triage: `smtgrind triage` — in which releases of the blamed solver's family a trigger's
 * bug is present, by bisection over the PyPI releases (oracle/triage.h, run/release.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/opt.h"
#include "cli/cli.h"
#include "cli/walk.h"
#include "front/parse.h"
#include "oracle/probe.h"
#include "oracle/triage.h"
#include "run/release.h"
#include "run/spawn.h"

typedef struct triage_cfg {
  const char *spec;     /* --solvers: the solvers that find the bug (default: installed built-ins) */
  const char *versions; /* --versions LIST|all */
  const char *family;   /* --family: the family to triage (default: the blamed solver's) */
  double timeout_s;
  bool json;
  sg_profiles profiles;
  sg_patterns pats;
} triage_cfg;

/* One trigger being triaged. */
typedef struct trig {
  triage_cfg *c;
  const char *path;
  char *text;
  size_t len;
  sg_store s;
  sg_script sc;
  sg_solver_list base;   /* the solvers that found it, with the trigger's options */
  uint32_t blamed;       /* index in base */
  sg_verdict_kind kind;  /* the bug's verdict kind */
  const char *family;
  sg_strv rel;           /* the releases, oldest first */
  char notes[64][96];    /* per release (the first 64): why it was not judged */
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

/* Probe list on the trigger (the referees: the installed built-ins not under test). */
static sg_rc
judge (trig *t, const sg_solver_list *list, sg_probe *pr)
{
  sg_probe_opts po;
  memset (&po, 0, sizeof po);
  po.timeout_ms = sg_spawn_ms (t->c->timeout_s);
  po.mem_bytes = sg_spawn_default_mem (1);
  po.models = po.validate = true;
  po.oracle.expected = SG_ANS_NONE;
  sg_solver_list refs;
  memset (&refs, 0, sizeof refs);
  sg_diag d;
  sg_diag_init (&d, t->path);
  sg_rc rc = sg_probe_script (list, &t->c->pats, &t->s, &t->sc, t->text, t->len, &po, pr);
  uint32_t calls = 0;
  if (!rc && !(rc = sg_profiles_auto_referees (&t->c->profiles, list, &refs, &d)) && refs.n)
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
      if (note) snprintf (note, 96, "%.95s", d.msg);
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
      else if (pr.verdict.kind != SG_VERDICT_OK && pr.verdict.kind != SG_VERDICT_UNSPECIFIED) m = SG_TRIAGE_OTHER;
      else if (o->kind == SG_OUT_OK && o->answers.n && o->answers.a[0] != SG_ANS_UNKNOWN) m = SG_TRIAGE_GOOD;
      if (note && m != SG_TRIAGE_BAD && m != SG_TRIAGE_GOOD)
        snprintf (note, 96, "%.95s", m == SG_TRIAGE_OTHER ? pr.verdict.why : sg_outcome_kind_name (o->kind));
    }
  else if (note) snprintf (note, 96, "%.95s", rc ? sg_rc_name (rc) : pr.unstarted);
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

static void
json_str (sg_buf *b, const char *s)
{
  if (!s) { sg_buf_adds (b, "null"); return; }
  sg_buf_addc (b, '"');
  for (; *s; s++)
    if (*s == '"' || *s == '\\') sg_buf_addc (b, '\\'), sg_buf_addc (b, *s);
    else if ((unsigned char) *s < 0x20) sg_buf_printf (b, "\\u%04x", (unsigned char) *s);
    else sg_buf_addc (b, *s);
  sg_buf_addc (b, '"');
}

static void
report (const trig *t, const sg_triage *r, const char *blamed_version)
{
  const char *newest = t->rel.a[t->rel.n - 1];
  if (t->c->json)
    {
      sg_buf b;
      sg_buf_init (&b);
      sg_buf_adds (&b, "{\"file\": ");
      json_str (&b, t->path);
      sg_buf_adds (&b, ", \"kind\": ");
      json_str (&b, sg_verdict_kind_name (t->kind));
      sg_buf_adds (&b, ", \"blamed\": ");
      json_str (&b, t->base.a[t->blamed].name);
      sg_buf_adds (&b, ", \"blamed_version\": ");
      json_str (&b, blamed_version);
      sg_buf_adds (&b, ", \"family\": ");
      json_str (&b, t->family);
      sg_buf_adds (&b, ", \"newest\": ");
      json_str (&b, newest);
      sg_buf_printf (&b, ", \"open_in_newest\": %s, \"first_bad\": ", r->open ? "true" : "false");
      json_str (&b, rel_at (t, r->first_bad));
      sg_buf_adds (&b, ", \"last_bad\": ");
      json_str (&b, rel_at (t, r->last_bad));
      sg_buf_adds (&b, ", \"fixed_in\": ");
      json_str (&b, rel_at (t, r->fixed_in));
      sg_buf_printf (&b, ", \"tests\": %u, \"versions\": {", r->tests);
      bool any = false;
      for (uint32_t i = 0; i < r->n; i++)
        if (r->marks[i] != SG_TRIAGE_UNTESTED)
          {
            sg_buf_adds (&b, any ? ", " : "");
            json_str (&b, t->rel.a[i]);
            sg_buf_adds (&b, ": ");
            json_str (&b, sg_triage_mark_name (r->marks[i]));
            any = true;
          }
      sg_buf_adds (&b, "}}\n");
      if (sg_buf_ok (&b)) fwrite (b.s, 1, b.len, stdout);
      sg_buf_free (&b);
      return;
    }
  if (r->open)
    printf ("  open: reproduces with %s %s, the newest release; first bad %s\n", t->family, newest,
            rel_at (t, r->first_bad));
  else if (r->fixed_in != SG_TRIAGE_NONE)
    printf ("  fixed in %s %s (last bad %s, first bad %s)\n", t->family, rel_at (t, r->fixed_in),
            rel_at (t, r->last_bad), rel_at (t, r->first_bad));
  else printf ("  not reproduced in any %s release tested\n", t->family);
  for (uint32_t i = 0; i < r->n && i < 64; i++)
    if (r->marks[i] != SG_TRIAGE_UNTESTED && t->notes[i][0])
      printf ("  note: %s %s: %s\n", t->family, t->rel.a[i], t->notes[i]);
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

static int
triage_file (triage_cfg *c, const char *path)
{
  trig t;
  memset (&t, 0, sizeof t);
  t.c = c;
  t.path = path;
  sg_diag d;
  sg_diag_init (&d, path);
  int code = SG_EXIT_OK;
  if (sg_file_read (path, 1u << 26, &t.text, &t.len, &d)) { sg_cli_print_diag (&d); return SG_EXIT_INPUT; }
  if (sg_store_init (&t.s)) { free (t.text); return SG_EXIT_INTERNAL; }
  sg_script_init (&t.sc, &t.s);
  sg_probe pr;
  sg_probe_init (&pr);
  sg_triage r;
  memset (&r, 0, sizeof r);
  sg_diag_init (&d, "--solvers");
  sg_rc rc = sg_parse_string (&t.s, &t.sc, t.text, t.len, path, &d);
  if (!rc) rc = sg_profiles_parse_spec (&c->profiles, c->spec, "--solvers", &t.base, &d);
  if (!rc) rc = sg_solver_list_check (&t.base, &d);
  if (!rc) rc = apply_options_line (t.text, t.len, &t.base);
  if (!rc) rc = judge (&t, &t.base, &pr);
  if (rc) { sg_cli_print_diag (&d); code = sg_rc_exit_code (rc); goto done; }
  t.kind = pr.verdict.kind;
  t.blamed = pr.verdict.culprit;
  if (pr.unstarted[0] || t.kind == SG_VERDICT_OK || t.kind == SG_VERDICT_UNSPECIFIED || t.blamed >= t.base.n)
    {
      fprintf (stderr, "%s: no bug to triage with \"%s\": %s\n", path, c->spec,
               pr.unstarted[0] ? pr.unstarted : pr.verdict.why[0] ? pr.verdict.why : "every solver agrees");
      code = SG_EXIT_INPUT;
      goto done;
    }
  const char *bname = t.base.a[t.blamed].name, *bver = "";
  t.family = c->family ? c->family : sg_release_family_of (bname);
  if (!t.family)
    {
      fprintf (stderr, "%s: %s is blamed, which has no releases on PyPI (z3, cvc5, bitwuzla)\n", path, bname);
      code = SG_EXIT_INPUT;
      goto done;
    }
  sg_profile_version (&t.base.a[t.blamed], &bver);
  sg_diag_init (&d, path);
  if ((rc = releases (&t, &d))) { sg_cli_print_diag (&d); code = sg_rc_exit_code (rc); goto done; }
  if (!c->json)
    printf ("%s: %s, blamed %s %s: %s\n  triaged against %u %s releases (%s ... %s)\n", path,
            sg_verdict_kind_name (t.kind), bname, bver, pr.verdict.why, t.rel.n, t.family, t.rel.a[0],
            t.rel.a[t.rel.n - 1]);
  /* The release the bug was found in, or the nearest newer one (cvc4's bugs: none). */
  uint32_t known = SG_TRIAGE_NONE;
  if (sg_profile_same_family (bname, t.family) && bver[0])
    for (uint32_t i = 0; i < t.rel.n && known == SG_TRIAGE_NONE; i++)
      if (sg_release_vercmp (t.rel.a[i], bver) >= 0) known = i;
  bool every = c->versions && strcmp (c->versions, "all") == 0;
  if ((rc = sg_triage_run (t.rel.n, known, every, test_release, &t, &r))) { code = SG_EXIT_INTERNAL; goto done; }
  report (&t, &r, bver);
  code = r.open ? SG_EXIT_BUG : SG_EXIT_OK;
done:
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

#define C(f) ((uint16_t) offsetof (triage_cfg, f))
#define NG SG_OPT_NO_GIVEN
static const sg_opt triage_opts[] = {
  { 0, "--solvers", NULL, "SPEC", SG_OPT_STR, C (spec), NG, 0, 0, NULL, NULL, "" },
  { 0, "--versions", NULL, "LIST", SG_OPT_STR, C (versions), NG, 0, 0, NULL, NULL, "" },
  { 0, "--family", NULL, "F", SG_OPT_STR, C (family), NG, 0, 0, NULL, NULL, "" },
  { 0, "--timeout", "-t", "S", SG_OPT_SECS, C (timeout_s), NG, 1e-12, 86400, "seconds in (0, 86400]", NULL, "" },
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

int
sg_cli_triage (const sg_cli_cmd *cmd, int argc, char **argv)
{
  sg_spawn_block_stop_signals (NULL);
  triage_cfg c;
  memset (&c, 0, sizeof c);
  c.timeout_s = 10;
  sg_walk w;
  sg_walk_init (&w);
  int code = SG_EXIT_OK, first = 0;
  for (int i = 1; i < argc; i++)
    {
      if (sg_cli_is_help (argv[i])) { sg_cli_usage (cmd, stdout); return SG_EXIT_OK; }
      char err[300];
      int r = sg_opt_parse (triage_opts, sizeof triage_opts / sizeof *triage_opts, 0, &c, argc, argv, &i, err, sizeof err);
      if (r < 0) { sg_walk_free (&w); return sg_cli_usage_error (cmd, "%s", err); }
      if (r > 0) continue;
      if (argv[i][0] == '-' && argv[i][1]) { sg_walk_free (&w); return sg_cli_usage_error (cmd, "unknown option '%s'", argv[i]); }
      if (!first) first = i;
      sg_diag d;
      if (sg_walk_add (&w, argv[i], &d)) { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; }
    }
  if (!first) { sg_walk_free (&w); return sg_cli_usage_error (cmd, "expected at least one FILE or DIR"); }
  for (const char *v = c.versions && strcmp (c.versions, "all") ? c.versions : ""; *v;)
    {
      size_t n = strcspn (v, ",");
      char word[48];
      snprintf (word, sizeof word, "z3@%.*s", (int) (n < 30 ? n : 30), v);
      if (!n || n >= 30 || !sg_release_is_spec (word) || !strcmp (word, "z3@latest"))
        { sg_walk_free (&w); return sg_cli_usage_error (cmd, "--versions: '%.*s' is not a version", (int) n, v); }
      v += n + (v[n] == ',');
    }
  if (c.family && !(c.family = sg_release_family_of (c.family)))
    { sg_walk_free (&w); return sg_cli_usage_error (cmd, "--family: no releases on PyPI (z3, cvc5, bitwuzla)"); }
  sg_diag d;
  sg_diag_init (&d, "triage");
  char *spec = NULL;
  if (sg_profiles_init (&c.profiles, &d) || sg_patterns_add_defaults (&c.pats)) code = SG_EXIT_INTERNAL;
  else
    {
      if (!c.spec) c.spec = spec = default_spec (&c.profiles);
      for (uint32_t k = 0; k < w.paths.n && c.spec; k++)
        {
          int r = triage_file (&c, w.paths.a[k]);
          code = r == SG_EXIT_BUG || code == SG_EXIT_BUG ? SG_EXIT_BUG : sg_cli_worse (code, r);
        }
    }
  free (spec);
  sg_profiles_free (&c.profiles);
  sg_patterns_free (&c.pats);
  sg_walk_free (&w);
  return code;
}
