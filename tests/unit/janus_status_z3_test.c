/* janus_status_z3_test: Janus mutants keep their seed's status. Labelled corpus seeds (INDEX.tsv
 * status, both solvers quick on the seed, one check-sat) are rewritten in chains of 25 steps
 * (fixed rng seed); every second mutant goes to a persistent z3 and a persistent cvc5 session
 * (2 s per query). Every mutant both solvers decide must have the seed's status in both
 * answers, unless it is a confirmed solver bug listed in docs/janus-known-bugs.tsv (seed path
 * and rule). Mutants either solver rejects count only as "rejected" (dialect) and must stay
 * under 2 %. Skipped, loudly, without the corpus, z3 or cvc5. */
#include "mutant_util.h"
#include "tech/approx/janus.h"

enum { TARGET = 800, TARGET_CI = 400, CHAIN = 25, EVERY = 2, TIMEOUT_MS = 2000, MAX_SEED_MS = 100 };
#define BUDGET_S 150.0
#define RNG_SEED 777u

/* Known solver bugs: lines "SEED<TAB>RULE<TAB>..." of docs/janus-known-bugs.tsv. */
static bool
known_bug (const char *seed, const char *rule)
{
  FILE *f = fopen ("docs/janus-known-bugs.tsv", "r");
  if (!f) return false;
  char line[4096];
  bool hit = false;
  while (!hit && fgets (line, sizeof line, f))
    {
      if (line[0] == '#') continue;
      char *tab = strchr (line, '\t');
      if (!tab) continue;
      *tab = 0;
      char *r = tab + 1, *e = strpbrk (r, "\t\n");
      if (e) *e = 0;
      hit = !strcmp (line, seed) && !strcmp (r, rule);
    }
  fclose (f);
  return hit;
}

static sg_answer
answer_of (sg_session *s, const char *q, size_t len, sg_outcome_kind *kind)
{
  sg_outcome o;
  sg_outcome_init (&o);
  assert_int_equal (sg_session_query (s, q, len, &o), SG_RC_OK);
  sg_answer a = o.kind == SG_OUT_OK && o.answers.n ? (sg_answer) o.answers.a[0] : SG_ANS_NONE;
  *kind = o.kind;
  sg_outcome_free (&o);
  return a;
}

static void
test_status_kept (void **state)
{
  (void) state;
  const char *corpus = corpus_dir ();
  FILE *ix = corpus_index_open (corpus, "janus_status_z3_test");
  sg_diag d;
  sg_profiles ps;
  sg_profile *two[2];
  mu_z3_cvc5 (&ps, "janus_status_z3_test", ix, two);
  sg_profile *z3 = two[0], *cvc5 = two[1];
  sg_patterns pats;
  sg_patterns_init (&pats);
  assert_int_equal (sg_patterns_add_defaults (&pats), SG_RC_OK);
  mu_lseeds seeds = { 0 };
  mu_labels_read (ix, -1, &seeds);
  sg_rng rng;
  sg_rng_seed (&rng, RNG_SEED);
  mu_labels_shuffle (&seeds, &rng);
  sg_janus j;
  sg_diag_init (&d, "rules");
  assert_int_equal (sg_janus_init (&j, &d), SG_RC_OK);
  sg_session sz, sc5;
  sg_session_opts so;
  memset (&so, 0, sizeof so);
  so.timeout_ms = TIMEOUT_MS;
  so.argv.strings = true;
  assert_int_equal (sg_session_open (&sz, z3, &pats, &so), SG_RC_OK);
  assert_int_equal (sg_session_open (&sc5, cvc5, &pats, &so), SG_RC_OK);

  unsigned sent = 0, both = 0, rejected = 0, known = 0, wrong = 0, used = 0;
  double t0 = now_s ();
  sg_buf q, desc;
  sg_buf_init (&q);
  sg_buf_init (&desc);
  /* SG_TEST_FULL=1: the full sample; the default run (CI) a smaller one, the same assertions. */
  const unsigned target = mu_full () ? TARGET : TARGET_CI;
  for (uint32_t k = 0; k < seeds.n && sent < target && now_s () - t0 < BUDGET_S; k++)
    {
      if (seeds.a[k].ms > MAX_SEED_MS) continue;
      char path[8400];
      snprintf (path, sizeof path, "%s/%s", corpus, seeds.a[k].path);
      size_t len = 0;
      char *text = slurp (path, &len);
      if (!text) continue;
      sg_store s;
      sg_script seed;
      assert_int_equal (sg_store_init (&s), SG_RC_OK);
      sg_script_init (&seed, &s);
      sg_diag_init (&d, seeds.a[k].path);
      char why[160];
      if (sg_parse_string (&s, &seed, text, len, seeds.a[k].path, &d) == SG_RC_OK
          && sg_janus_usable (&seed, why, sizeof why))
        {
          used++;
          sg_script cur;
          assert_int_equal (sg_script_copy (&seed, &cur), SG_RC_OK);
          sg_rng r = sg_rng_split (&rng);
          for (unsigned step = 1; step <= CHAIN && sent < target; step++)
            {
              bool done = false;
              sg_janus_info info;
              assert_int_equal (sg_janus_step (&j, &cur, seeds.a[k].status, &r, &desc, &info, &done), SG_RC_OK);
              if (!done) break;
              if (step % EVERY) continue;
              query_text (&cur, &q);
              /* query_text starts with z3's (set-option :timeout ...): drop it for both */
              const char *body = strchr (q.s, '\n');
              body = body ? body + 1 : q.s;
              size_t blen = q.len - (size_t) (body - q.s);
              sg_outcome_kind kz, kc;
              sg_answer az = answer_of (&sz, body, blen, &kz);
              sg_answer ac = answer_of (&sc5, body, blen, &kc);
              sent++;
              if (kz == SG_OUT_REJECTED || kc == SG_OUT_REJECTED)
                {
                  rejected++;
                  if (getenv ("JANUS_SHOW"))
                    fprintf (stderr, "REJECTED by %s%s: %s after %s\n%.*s\n", kz == SG_OUT_REJECTED ? "z3 " : "",
                             kc == SG_OUT_REJECTED ? "cvc5" : "", seeds.a[k].path, sg_buf_cstr (&desc),
                             (int) (blen < 1500 ? blen : 1500), body);
                  continue;
                }
              bool dz = az == SG_ANS_SAT || az == SG_ANS_UNSAT, dc = ac == SG_ANS_SAT || ac == SG_ANS_UNSAT;
              if (!dz || !dc) continue;
              both++;
              if (az == seeds.a[k].status && ac == seeds.a[k].status) continue;
              if (known_bug (seeds.a[k].path, info.rule)) { known++; continue; }
              wrong++;
              fprintf (stderr, "janus_status_z3_test: WRONG STATUS %s step %u (expected %s; z3 %s, "
                       "cvc5 %s) after %s\n%.*s\n", seeds.a[k].path, step,
                       sg_answer_name (seeds.a[k].status), sg_answer_name (az), sg_answer_name (ac),
                       sg_buf_cstr (&desc), (int) (blen < 3000 ? blen : 3000), body);
            }
          sg_script_free (&cur);
        }
      sg_script_free (&seed);
      sg_store_free (&s);
      free (text);
    }
  double el = now_s () - t0;
  fprintf (stderr, "janus_status_z3_test: %u mutants of %u seeds in %.1f s: %u decided by both "
           "(%u with the wrong status, %u known solver bugs), %u rejected\n", sent, used, el, both,
           wrong, known, rejected);
  sg_buf_free (&q);
  sg_buf_free (&desc);
  sg_session_close (&sz);
  sg_session_close (&sc5);
  sg_janus_free (&j);
  mu_labels_free (&seeds);
  SG_VEC_FREE (seeds);
  sg_patterns_free (&pats);
  sg_profiles_free (&ps);
  assert_true (sent >= 200);
  assert_true (both >= sent / 2);
  assert_int_equal (wrong, 0);
  assert_true (rejected * 50 <= sent);
}

int
main (void)
{
  const struct CMUnitTest tests[] = { cmocka_unit_test (test_status_kept) };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
