/* mutant_util: helpers shared by the mutator tests (opfuzz_test.c, typefuzz_test.c,
 * corpus_test.c, opfuzz_z3_test.c, typefuzz_z3_test.c): a monotonic clock, file slurping,
 * corpus index reading and shuffling, the print-then-parse check, the corpus property driver
 * (N chained mutants of corpus seeds, each re-parsed to the same DAG) and the z3 acceptance
 * driver (mutants sent to one persistent z3 session, rejections counted against the seed).
 * Both drivers take the mutator as a callback. */
#ifndef SG_MUTANT_UTIL_H
#define SG_MUTANT_UTIL_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/rng.h"
#include "front/equal.h"
#include "run/patterns.h"
#include "run/profile.h"
#include "run/run.h"
#include "run/session.h"
#include "tech/mutate/opfuzz.h"
#include "tech/mutate/typefuzz.h"
#include "test_util.h"

/* One mutation step of sc in place; *done false when nothing could be mutated. */
typedef sg_rc (*mutate_fn) (void *ctx, sg_script *sc, sg_rng *rng, sg_buf *desc, bool *done);

/* The two mutators as mutate_fn: OpFuzz (ctx: a loaded sg_opfuzz, one swap a step) and
 * TypeFuzz (no ctx). */
static inline sg_rc
opfuzz_mutate (void *ctx, sg_script *sc, sg_rng *rng, sg_buf *desc, bool *done)
{
  uint32_t n = 0;
  sg_rc rc = sg_opfuzz_step (ctx, sc, rng, 1, desc, &n);
  *done = n != 0;
  return rc;
}

static inline sg_rc
typefuzz_mutate (void *ctx, sg_script *sc, sg_rng *rng, sg_buf *desc, bool *done)
{
  (void) ctx;
  return sg_typefuzz_step (sc, rng, desc, done);
}

/* SG_TEST_FULL=1: the solver studies at their full sizes (the default run, CI's, takes smaller
 * samples to keep the suite under its time budget; every assertion is the same). */
static inline bool
mu_full (void)
{
  const char *e = getenv ("SG_TEST_FULL");
  return e && e[0] == '1' && !e[1];
}

static inline double
now_s (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* The whole file, NUL-terminated (NULL when unreadable); its length in *len. */
static inline char *
slurp (const char *path, size_t *len)
{
  FILE *fp = fopen (path, "rb");
  if (!fp) return NULL;
  fseek (fp, 0, SEEK_END);
  long n = ftell (fp);
  fseek (fp, 0, SEEK_SET);
  char *buf = malloc ((size_t) n + 1);
  if (buf && fread (buf, 1, (size_t) n, fp) != (size_t) n) { free (buf); buf = NULL; }
  fclose (fp);
  if (buf) buf[n] = 0;
  *len = n > 0 ? (size_t) n : 0;
  return buf;
}

/* The corpus directory: $SG_CORPUS, else ../shared/corpus. */
static inline const char *
corpus_dir (void)
{
  const char *corpus = getenv ("SG_CORPUS");
  return corpus ? corpus : "../shared/corpus";
}

/* Open <corpus>/INDEX.tsv, or skip the test (loudly, as "<name>: SKIPPED: ..."). */
static inline FILE *
corpus_index_open (const char *corpus, const char *name)
{
  char index[4096];
  snprintf (index, sizeof index, "%s/INDEX.tsv", corpus);
  FILE *ix = fopen (index, "r");
  if (!ix)
    {
      fprintf (stderr, "%s: SKIPPED: no corpus index at %s\n", name, index);
      skip ();
    }
  return ix;
}

typedef SG_VEC (char *) path_vec;

/* The paths of the index (header line skipped; lines without a tab skipped). max_ms >= 0 keeps
 * only files whose time column (the 4th) is present and at most max_ms. Closes ix. */
static inline void
corpus_index_read (FILE *ix, int max_ms, path_vec *files)
{
  char line[8192];
  while (fgets (line, sizeof line, ix))
    {
      if (!strncmp (line, "path\t", 5)) continue;
      char *cols[8] = { 0 };
      unsigned nc = 0;
      for (char *p = line; p && nc < 8; nc++)
        {
          cols[nc] = p;
          p = strchr (p, '\t');
          if (p) *p++ = 0;
        }
      if (nc < 2) continue;
      if (max_ms >= 0 && (nc < 4 || !*cols[3] || atoi (cols[3]) > max_ms)) continue;
      assert_true (SG_VEC_PUSH (*files, strdup (cols[0])));
    }
  fclose (ix);
}

static inline void
paths_free (path_vec *files)
{
  for (uint32_t k = 0; k < files->n; k++) free (files->a[k]);
  SG_VEC_FREE (*files);
}

/* Fisher-Yates. */
static inline void
paths_shuffle (path_vec *files, sg_rng *rng)
{
  for (uint32_t i = files->n; i > 1; i--)
    {
      uint32_t j = (uint32_t) sg_rng_below (rng, i);
      char *t = files->a[i - 1];
      files->a[i - 1] = files->a[j];
      files->a[j] = t;
    }
}

/* Print sc, parse the text into a fresh store, require sg_script_equal. */
static inline void
check_reparse (const sg_script *sc, const char *what)
{
  sg_buf b;
  sg_buf_init (&b);
  sg_print_script (sc, NULL, &b);
  assert_true (sg_buf_ok (&b));
  sg_store s2;
  sg_script sc2;
  sg_diag d;
  assert_int_equal (sg_store_init (&s2), SG_RC_OK);
  sg_script_init (&sc2, &s2);
  sg_diag_init (&d, "mutant");
  sg_rc rc = sg_parse_string (&s2, &sc2, b.s ? b.s : "", b.len, "mutant", &d);
  if (rc)
    {
      char msg[700];
      sg_diag_format (&d, msg, sizeof msg);
      fail_msg ("%s: printed mutant does not parse: %s\n%s", what, msg, sg_buf_cstr (&b));
    }
  char why[200] = "";
  if (!sg_script_equal (sc, &sc2, why, sizeof why))
    fail_msg ("%s: printed mutant parses to another DAG: %s", what, why);
  sg_script_free (&sc2);
  sg_store_free (&s2);
  sg_buf_free (&b);
}

/* ---- corpus property ------------------------------------------------------------------------ */

typedef struct mu_prop
{
  /* in */
  const char *name; /* the test, for the skip message */
  unsigned target;  /* mutants wanted */
  unsigned chain;   /* steps per seed and round */
  uint64_t rng_seed;
  bool distinct;    /* mutate a copy of the seed; each mutant must differ from its parent */
  mutate_fn mutate;
  void *ctx;
  /* out */
  unsigned mutants, seeds, unparsable, immutable, rounds;
  double gen_s;     /* time spent in mutate */
} mu_prop;

/* Rounds (at most 10) over the index's files, each parsed seed mutated by a chain of p->chain
 * steps (one rng split per chain), until p->target mutants; every mutant re-parses to the same
 * DAG. Needs at least 1,000 indexed files. Counts of seeds are from the first round. */
static inline void
mu_corpus_property (mu_prop *p)
{
  const char *corpus = corpus_dir ();
  FILE *ix = corpus_index_open (corpus, p->name);
  path_vec files = { 0 };
  corpus_index_read (ix, -1, &files);
  assert_true (files.n >= 1000);

  sg_rng rng;
  sg_rng_seed (&rng, p->rng_seed);
  p->mutants = p->seeds = p->unparsable = p->immutable = p->rounds = 0;
  p->gen_s = 0;
  sg_buf desc;
  sg_buf_init (&desc);
  sg_diag d;
  while (p->mutants < p->target && p->rounds < 10)
    {
      p->rounds++;
      unsigned before = p->mutants;
      for (uint32_t k = 0; k < files.n && p->mutants < p->target; k++)
        {
          char path[8400];
          snprintf (path, sizeof path, "%s/%s", corpus, files.a[k]);
          size_t len = 0;
          char *text = slurp (path, &len);
          if (!text) fail_msg ("cannot read %s", path);
          sg_store s;
          sg_script seed;
          assert_int_equal (sg_store_init (&s), SG_RC_OK);
          sg_script_init (&seed, &s);
          sg_diag_init (&d, files.a[k]);
          if (sg_parse_string (&s, &seed, text, len, files.a[k], &d))
            {
              if (p->rounds == 1) p->unparsable++;
              sg_script_free (&seed);
              sg_store_free (&s);
              free (text);
              continue;
            }
          if (p->rounds == 1) p->seeds++;
          sg_rng r = sg_rng_split (&rng); /* one stream per chain */
          sg_script cur, prev;
          sg_script *sc = &seed;
          if (p->distinct)
            {
              assert_int_equal (sg_script_copy (&seed, &cur), SG_RC_OK);
              sc = &cur;
            }
          for (unsigned step = 0; step < p->chain && p->mutants < p->target; step++)
            {
              if (p->distinct) assert_int_equal (sg_script_copy (sc, &prev), SG_RC_OK);
              bool done = false;
              double t0 = now_s ();
              sg_rc rc = p->mutate (p->ctx, sc, &r, &desc, &done);
              p->gen_s += now_s () - t0;
              assert_int_equal (rc, SG_RC_OK);
              if (!done)
                {
                  if (step == 0 && p->rounds == 1) p->immutable++;
                  if (p->distinct) sg_script_free (&prev);
                  break;
                }
              p->mutants++;
              char what[9000];
              snprintf (what, sizeof what, "%s step %u (%s)", files.a[k], step,
                        sg_buf_cstr (&desc));
              if (p->distinct && sg_script_equal (&prev, sc, NULL, 0))
                fail_msg ("%s: the mutant equals its parent", what);
              check_reparse (sc, what);
              if (p->distinct) sg_script_free (&prev);
            }
          if (p->distinct) sg_script_free (&cur);
          sg_script_free (&seed);
          sg_store_free (&s);
          free (text);
        }
      if (p->mutants == before) break; /* nothing mutable at all */
    }
  sg_buf_free (&desc);
  paths_free (&files);
}

/* ---- z3 acceptance -------------------------------------------------------------------------- */

static inline bool
verdict_dependent (uint16_t kind)
{
  switch (kind)
    {
    case SG_WK_GET_MODEL: case SG_WK_GET_VALUE: case SG_WK_GET_PROOF: case SG_WK_GET_UNSAT_CORE:
    case SG_WK_GET_ASSIGNMENT: case SG_WK_GET_UNSAT_ASSUMPTIONS: case SG_WK_SET_INFO:
    case SG_WK_GET_INFO: case SG_WK_BLOCK_MODEL: case SG_WK_BLOCK_MODEL_VALUES:
      return true;
    default:
      return false;
    }
}

/* The text sent to z3: sc without the verdict-dependent commands. */
static inline void
query_text (const sg_script *sc, sg_buf *b)
{
  sg_script cp;
  assert_int_equal (sg_script_copy (sc, &cp), SG_RC_OK);
  uint32_t k = 0;
  for (uint32_t i = 0; i < cp.cmds.n; i++)
    if (!verdict_dependent (cp.cmds.a[i].kind)) cp.cmds.a[k++] = cp.cmds.a[i];
  cp.cmds.n = k;
  sg_buf_reset (b);
  /* z3's own limit answers unknown and keeps the session alive (the watchdog would kill it). */
  sg_buf_adds (b, "(set-option :timeout 1000)\n");
  sg_print_script (&cp, NULL, b);
  assert_true (sg_buf_ok (b));
  sg_script_free (&cp);
}

typedef struct mu_z3
{
  const char *name;     /* the test, for messages */
  unsigned target;      /* mutants to send */
  unsigned chain;       /* steps per seed; a mutant is sent after every third */
  unsigned timeout_ms;  /* session and capture timeout */
  int max_seed_ms;      /* seeds: corpus files z3 solved within this */
  double budget_s;      /* wall-clock budget of the loop */
  uint64_t rng_seed;    /* printed as %u */
  mutate_fn mutate;
  void *ctx;
  void (*init) (void *ctx); /* optional: after the skips, before the session */
  void (*fini) (void *ctx); /* optional: at the end */
} mu_z3;

/* The z3 acceptance study (see opfuzz_z3_test.c): skips without the corpus or z3; requires at
 * least 500 mutants sent and a share accepted of at least 99 %. */
static inline void
mu_z3_acceptance (const mu_z3 *p)
{
  const char *corpus = corpus_dir ();
  FILE *ix = corpus_index_open (corpus, p->name);
  sg_diag d;
  sg_diag_init (&d, "profiles");
  sg_profiles ps;
  assert_int_equal (sg_profiles_init (&ps, &d), SG_RC_OK);
  sg_profile *z3 = (sg_profile *) sg_profiles_find (&ps, "z3");
  assert_non_null (z3);
  const char *version = NULL;
  if (sg_profile_version (z3, &version) != SG_RC_OK)
    {
      fclose (ix);
      sg_profiles_free (&ps);
      fprintf (stderr, "%s: SKIPPED: z3 cannot be run\n", p->name);
      skip ();
    }
  sg_patterns pats;
  sg_patterns_init (&pats);
  assert_int_equal (sg_patterns_add_defaults (&pats), SG_RC_OK);

  /* Seeds: corpus files z3 solved quickly. */
  path_vec files = { 0 };
  corpus_index_read (ix, p->max_seed_ms, &files);
  sg_rng rng;
  sg_rng_seed (&rng, p->rng_seed);
  paths_shuffle (&files, &rng);

  if (p->init) p->init (p->ctx);
  sg_session sess;
  sg_session_opts so = { .timeout_ms = p->timeout_ms };
  assert_int_equal (sg_session_open (&sess, z3, &pats, &so), SG_RC_OK);

  unsigned sent = 0, rejected = 0, excluded = 0, timeouts = 0, seeds = 0, shown = 0;
  unsigned kinds[SG_OUT_NKINDS] = { 0 };
  double t0 = now_s ();
  sg_buf q, desc, out;
  sg_buf_init (&q);
  sg_buf_init (&desc);
  sg_buf_init (&out);
  for (uint32_t k = 0; k < files.n && sent < p->target && now_s () - t0 < p->budget_s; k++)
    {
      char path[8400];
      snprintf (path, sizeof path, "%s/%s", corpus, files.a[k]);
      size_t len = 0;
      char *text = slurp (path, &len);
      if (!text) fail_msg ("cannot read %s", path);
      sg_store s;
      sg_script seed, cur;
      assert_int_equal (sg_store_init (&s), SG_RC_OK);
      sg_script_init (&seed, &s);
      sg_diag_init (&d, files.a[k]);
      if (sg_parse_string (&s, &seed, text, len, files.a[k], &d) == SG_RC_OK)
        {
          seeds++;
          sg_rng r = sg_rng_split (&rng);
          assert_int_equal (sg_script_copy (&seed, &cur), SG_RC_OK);
          int seed_ok = -1; /* z3 accepts the seed: unknown yet */
          char descs[2048] = "";
          for (unsigned step = 1; step <= p->chain && sent < p->target; step++)
            {
              bool done = false;
              assert_int_equal (p->mutate (p->ctx, &cur, &r, &desc, &done), SG_RC_OK);
              if (!done) break;
              size_t dl = strlen (descs);
              snprintf (descs + dl, sizeof descs - dl, "%s%s", dl ? "; " : "", sg_buf_cstr (&desc));
              if (step % 3) continue;
              query_text (&cur, &q);
              sg_outcome o;
              sg_outcome_init (&o);
              assert_int_equal (sg_session_query_checked (&sess, q.s, q.len, &o), SG_RC_OK);
              sg_outcome_kind kind = o.kind;
              if (kind == SG_OUT_CRASH)
                {
                  /* A z3 crash on a well-typed mutant: show it, keep it with SG_MUTANT_DUMP. */
                  fprintf (stderr, "%s: CRASH on a mutant of %s after %s: %s\n", p->name, files.a[k],
                           descs, o.reason);
                  const char *dump = getenv ("SG_MUTANT_DUMP");
                  if (dump)
                    {
                      char fn[4096];
                      snprintf (fn, sizeof fn, "%s/crash-%u.smt2", dump, (unsigned) sent);
                      FILE *df = fopen (fn, "w");
                      if (df) fwrite (q.s, 1, q.len, df), fclose (df);
                    }
                }
              sg_outcome_free (&o);
              if (kind == SG_OUT_REJECTED)
                {
                  if (seed_ok < 0)
                    {
                      sg_buf sq;
                      sg_buf_init (&sq);
                      query_text (&seed, &sq);
                      sg_outcome_init (&o);
                      assert_int_equal (sg_session_query_checked (&sess, sq.s, sq.len, &o),
                                        SG_RC_OK);
                      seed_ok = o.kind != SG_OUT_REJECTED;
                      sg_outcome_free (&o);
                      sg_buf_free (&sq);
                    }
                  if (!seed_ok)
                    {
                      excluded++;
                      continue;
                    }
                  rejected++;
                  if (shown++ < 10)
                    {
                      sg_run_opts ro = { .timeout_ms = p->timeout_ms };
                      sg_outcome_init (&o);
                      sg_run_text_capture (z3, &pats, &ro, q.s, q.len, &o, &out);
                      const char *e = strstr (sg_buf_cstr (&out), "(error");
                      if (!e) e = sg_buf_cstr (&out);
                      int el = (int) strcspn (e, "\n");
                      fprintf (stderr, "%s: REJECTED %s after %s: %.*s\n", p->name, files.a[k],
                               descs, el < 300 ? el : 300, e);
                      sg_outcome_free (&o);
                    }
                }
              kinds[kind]++;
              timeouts += kind == SG_OUT_TIMEOUT;
              sent++;
            }
          sg_script_free (&cur);
        }
      sg_script_free (&seed);
      sg_store_free (&s);
      free (text);
    }
  double el = now_s () - t0;
  sg_session_close (&sess);
  double share = sent ? 1.0 - (double) rejected / sent : 0.0;
  fprintf (stderr,
           "%s: z3 %s, rng seed %u: %u mutants of %u seeds in %.1f s (%.0f/s): "
           "%u rejected, share accepted %.2f %% (%u timeouts; %u more excluded: z3 rejects "
           "their seed)\n  kinds:",
           p->name, version ? version : "?", (unsigned) p->rng_seed, sent, seeds, el,
           sent / (el > 0 ? el : 1), rejected, 100.0 * share, timeouts, excluded);
  for (int i = 0; i < SG_OUT_NKINDS; i++)
    if (kinds[i]) fprintf (stderr, " %s=%u", sg_outcome_kind_name ((sg_outcome_kind) i), kinds[i]);
  fprintf (stderr, "\n");
  sg_buf_free (&q);
  sg_buf_free (&desc);
  sg_buf_free (&out);
  paths_free (&files);
  if (p->fini) p->fini (p->ctx);
  sg_patterns_free (&pats);
  sg_profiles_free (&ps);
  assert_true (sent >= 500); /* the time budget must leave a meaningful sample */
  assert_true (share >= 0.99);
}


/* ---- labelled corpus seeds and the z3/cvc5 pair (janus_status_z3_test, sae_z3_test) ---- */

typedef struct mu_lseed { char *path; sg_answer status; int ms; } mu_lseed;
typedef SG_VEC (mu_lseed) mu_lseeds;

/* The labelled rows of the corpus index ix (path, logic, status, z3_ms, cvc5_ms, ...; closed
 * here): ms is the slower solver's time. With max_ms >= 0 only rows with both times at most
 * max_ms are kept. */
static inline void
mu_labels_read (FILE *ix, int max_ms, mu_lseeds *out)
{
  char line[8192];
  while (fgets (line, sizeof line, ix))
    {
      char *c[8] = { 0 };
      unsigned n = 0;
      for (char *p = line; p && n < 8; n++) { c[n] = p; p = strchr (p, '\t'); if (p) *p++ = 0; }
      if (n < 5) continue;
      sg_answer a = !strcmp (c[2], "sat") ? SG_ANS_SAT : !strcmp (c[2], "unsat") ? SG_ANS_UNSAT : SG_ANS_NONE;
      if (a == SG_ANS_NONE) continue;
      if (max_ms >= 0 && (!*c[3] || !*c[4] || atoi (c[3]) > max_ms || atoi (c[4]) > max_ms)) continue;
      mu_lseed l = { strdup (c[0]), a, atoi (c[3]) > atoi (c[4]) ? atoi (c[3]) : atoi (c[4]) };
      assert_true (SG_VEC_PUSH (*out, l));
    }
  fclose (ix);
}

/* Shuffle with rng (Fisher-Yates: the order the tests have always used). */
static inline void
mu_labels_shuffle (mu_lseeds *s, sg_rng *rng)
{
  for (uint32_t i = s->n; i > 1; i--)
    {
      uint32_t k = (uint32_t) sg_rng_below (rng, i);
      mu_lseed t = s->a[i - 1];
      s->a[i - 1] = s->a[k];
      s->a[k] = t;
    }
}

static inline void
mu_labels_free (mu_lseeds *s)
{
  for (uint32_t i = 0; i < s->n; i++) free (s->a[i].path);
  SG_VEC_FREE (*s);
}

/* The built-in profiles with z3 and cvc5 runnable (out[0], out[1]); otherwise the test named
 * `test` is skipped, loudly (ix, if not NULL, closed first). */
static inline void
mu_z3_cvc5 (sg_profiles *ps, const char *test, FILE *ix, sg_profile *out[2])
{
  sg_diag d;
  sg_diag_init (&d, "profiles");
  assert_int_equal (sg_profiles_init (ps, &d), SG_RC_OK);
  const char *names[2] = { "z3", "cvc5" };
  for (int k = 0; k < 2; k++)
    {
      const char *version = NULL;
      out[k] = (sg_profile *) sg_profiles_find (ps, names[k]);
      if (!out[k] || sg_profile_version (out[k], &version) != SG_RC_OK)
        {
          if (ix) fclose (ix);
          sg_profiles_free (ps);
          fprintf (stderr, "%s: SKIPPED: %s cannot be run\n", test, names[k]);
          skip ();
        }
    }
}

#endif
