/* bench_gen: generation rate of a generator technique in process (issue 19) — the formulas per
 * second of next() alone, and with each formula parsed and sort-checked back (what `smtgrind
 * gen` and the fuzz loop do before writing or running it). bench/gen_rate.sh runs it.
 *   bench_gen GEN STATUS COUNT SEED [W | EB SB]     (GEN bv|fp, STATUS sat|unsat|mixed)
 * Prints: GEN STATUS FORMAT formulas=N gen_rate=R/s gen+parse_rate=R/s bytes/formula=B */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "front/parse.h"
#include "tech/tech.h"

int
main (int argc, char **argv)
{
  if (argc < 5)
    {
      fprintf (stderr, "usage: bench_gen GEN STATUS COUNT SEED [W | EB SB]\n");
      return 2;
    }
  const sg_technique *t = sg_technique_find (argv[1]);
  if (!t || t->nseeds) { fprintf (stderr, "bench_gen: %s is not a generator\n", argv[1]); return 2; }
  sg_tech_cfg cfg = t->defaults;
  cfg.mode = !strcmp (argv[2], "sat") ? SG_TECH_SAT : !strcmp (argv[2], "unsat") ? SG_TECH_UNSAT : SG_TECH_MIXED;
  cfg.chain = 0; /* one endless chain */
  long count = atol (argv[3]);
  unsigned long long seed = strtoull (argv[4], NULL, 10);
  if (argc == 6) cfg.gen.width = (uint32_t) atoi (argv[5]);
  if (argc == 7) { cfg.gen.format[0] = (uint32_t) atoi (argv[5]); cfg.gen.format[1] = (uint32_t) atoi (argv[6]); }
  char fmt[32] = "drawn";
  if (argc == 6) snprintf (fmt, sizeof fmt, "width-%s", argv[5]);
  if (argc == 7) snprintf (fmt, sizeof fmt, "format-%s-%s", argv[5], argv[6]);
  sg_diag d;
  sg_diag_init (&d, t->name);
  void *st;
  if (t->init (&cfg, NULL, &st, &d)) { fprintf (stderr, "bench_gen: init failed: %s\n", d.msg); return 1; }
  static const sg_tech_seed generated = { "(generated)", "", 0, SG_ANS_NONE, NULL, { "" }, { 0 } };
  const sg_tech_seed *seeds[1] = { &generated };
  sg_tech_mutant m;
  memset (&m, 0, sizeof m);
  sg_buf_init (&m.text);
  sg_buf_init (&m.desc);
  double rates[2];
  unsigned long long bytes = 0;
  for (int pass = 0; pass < 2; pass++)
    {
      sg_rng rng;
      sg_rng_seed (&rng, seed);
      t->begin (st, seeds, &rng, &d);
      double t0 = sg_now ();
      for (long k = 0; k < count; k++)
        {
          sg_rc rc = t->next (st, &rng, &m, &d);
          if (rc) { fprintf (stderr, "bench_gen: %s: %s\n", sg_rc_name (rc), d.msg); return 1; }
          if (pass == 0) { bytes += m.text.len; continue; }
          sg_store s;
          sg_script sc;
          if (sg_store_init (&s)) return 1;
          sg_script_init (&sc, &s);
          sg_diag pd;
          sg_diag_init (&pd, "formula");
          if (sg_parse_string (&s, &sc, m.text.s, m.text.len, "formula", &pd))
            {
              fprintf (stderr, "bench_gen: a formula does not parse back: %s\n", pd.msg);
              return 1;
            }
          sg_script_free (&sc);
          sg_store_free (&s);
        }
      double secs = sg_now () - t0;
      rates[pass] = secs > 0 ? (double) count / secs : 0;
    }
  printf ("%-3s %-6s %-14s formulas=%ld gen_rate=%.0f/s gen+parse_rate=%.0f/s bytes/formula=%.0f\n", t->name,
          argv[2], fmt, count, rates[0], rates[1], count ? (double) bytes / (double) count : 0.0);
  t->free (st);
  sg_buf_free (&m.text);
  sg_buf_free (&m.desc);
  return 0;
}
