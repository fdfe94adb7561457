/* opfuzz_z3_test: z3 acceptance of OpFuzz mutants. 1,000 mutants of corpus seeds (fixed rng
 * seed; two per seed, after steps 3 and 6 of a chain) go to one persistent z3 session; the share
 * z3 does not reject with (error ...) (outcome kind != SG_OUT_REJECTED) must be at least 99 %.
 * Commands whose answer depends on the verdict (get-model, get-value, get-proof, get-unsat-core,
 * ...) and set-info (:status) are dropped from what is sent: a mutant that flips sat to unsat
 * makes z3 print (error "model is not available"), which says nothing about typing. A rejected
 * mutant counts only when z3 accepts its seed (so dialect rejections of the seed are excluded).
 * Skipped, loudly, without the corpus or z3. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/rng.h"
#include "run/patterns.h"
#include "run/profile.h"
#include "run/run.h"
#include "run/session.h"
#include "tech/opfuzz.h"
#include "test_util.h"

enum { TARGET = 1000, CHAIN = 6, TIMEOUT_MS = 3000, MAX_SEED_MS = 100 };
#define BUDGET_S 80.0
#define RNG_SEED 424242u

static double
now_s (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

static char *
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

static bool
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
static void
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

static void
test_z3_acceptance (void **state)
{
  (void) state;
  const char *corpus = getenv ("SG_CORPUS");
  if (!corpus) corpus = "../shared/corpus";
  char index[4096];
  snprintf (index, sizeof index, "%s/INDEX.tsv", corpus);
  FILE *ix = fopen (index, "r");
  if (!ix)
    {
      fprintf (stderr, "opfuzz_z3_test: SKIPPED: no corpus index at %s\n", index);
      skip ();
    }
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
      fprintf (stderr, "opfuzz_z3_test: SKIPPED: z3 cannot be run\n");
      skip ();
    }
  sg_patterns pats;
  sg_patterns_init (&pats);
  assert_int_equal (sg_patterns_add_defaults (&pats), SG_RC_OK);

  /* Seeds: corpus files z3 solved quickly. */
  SG_VEC (char *) files = { 0 };
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
      if (nc < 4 || !*cols[3] || atoi (cols[3]) > MAX_SEED_MS) continue;
      assert_true (SG_VEC_PUSH (files, strdup (cols[0])));
    }
  fclose (ix);
  sg_rng rng;
  sg_rng_seed (&rng, RNG_SEED);
  for (uint32_t i = files.n; i > 1; i--) /* Fisher-Yates */
    {
      uint32_t j = (uint32_t) sg_rng_below (&rng, i);
      char *t = files.a[i - 1];
      files.a[i - 1] = files.a[j];
      files.a[j] = t;
    }

  sg_opfuzz f;
  sg_diag_init (&d, "defaults");
  assert_int_equal (sg_opfuzz_load (&f, NULL, &d), SG_RC_OK);
  sg_session sess;
  sg_session_opts so = { .timeout_ms = TIMEOUT_MS };
  assert_int_equal (sg_session_open (&sess, z3, &pats, &so), SG_RC_OK);

  unsigned sent = 0, rejected = 0, excluded = 0, timeouts = 0, seeds = 0, shown = 0;
  unsigned kinds[SG_OUT_NKINDS] = { 0 };
  double t0 = now_s ();
  sg_buf q, desc, out;
  sg_buf_init (&q);
  sg_buf_init (&desc);
  sg_buf_init (&out);
  for (uint32_t k = 0; k < files.n && sent < TARGET && now_s () - t0 < BUDGET_S; k++)
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
          for (unsigned step = 1; step <= CHAIN && sent < TARGET; step++)
            {
              uint32_t done = 0;
              assert_int_equal (sg_opfuzz_step (&f, &cur, &r, 1, &desc, &done), SG_RC_OK);
              if (!done) break;
              size_t dl = strlen (descs);
              snprintf (descs + dl, sizeof descs - dl, "%s%s", dl ? "; " : "", sg_buf_cstr (&desc));
              if (step % 3) continue;
              query_text (&cur, &q);
              sg_outcome o;
              sg_outcome_init (&o);
              assert_int_equal (sg_session_query_checked (&sess, q.s, q.len, &o), SG_RC_OK);
              sg_outcome_kind kind = o.kind;
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
                      sg_run_opts ro = { .timeout_ms = TIMEOUT_MS };
                      sg_outcome_init (&o);
                      sg_run_text_capture (z3, &pats, &ro, q.s, q.len, &o, &out);
                      const char *e = strstr (sg_buf_cstr (&out), "(error");
                      if (!e) e = sg_buf_cstr (&out);
                      int el = (int) strcspn (e, "\n");
                      fprintf (stderr, "opfuzz_z3_test: REJECTED %s after %s: %.*s\n",
                               files.a[k], descs, el < 300 ? el : 300, e);
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
           "opfuzz_z3_test: z3 %s, rng seed %u: %u mutants of %u seeds in %.1f s (%.0f/s): "
           "%u rejected, share accepted %.2f %% (%u timeouts; %u more excluded: z3 rejects "
           "their seed)\n  kinds:",
           version ? version : "?", RNG_SEED, sent, seeds, el, sent / (el > 0 ? el : 1),
           rejected, 100.0 * share, timeouts, excluded);
  for (int i = 0; i < SG_OUT_NKINDS; i++)
    if (kinds[i]) fprintf (stderr, " %s=%u", sg_outcome_kind_name ((sg_outcome_kind) i), kinds[i]);
  fprintf (stderr, "\n");
  sg_buf_free (&q);
  sg_buf_free (&desc);
  sg_buf_free (&out);
  for (uint32_t k = 0; k < files.n; k++) free (files.a[k]);
  SG_VEC_FREE (files);
  sg_opfuzz_free (&f);
  sg_patterns_free (&pats);
  sg_profiles_free (&ps);
  assert_true (sent >= 500); /* the time budget must leave a meaningful sample */
  assert_true (share >= 0.99);
}

int
main (void)
{
  const struct CMUnitTest tests[] = { cmocka_unit_test (test_z3_acceptance) };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
