/* fuzz_options: libFuzzer harness for what the option tables read (run/solopt.h): the help texts
 * solvers print (z3 -pd, cvc5/cvc4 --help and --OPT=help), the option cache files, and a seed's
 * `; COMMAND-LINE:` lines (hints). The first byte picks the reader, the rest is its text; every
 * option read then goes through candidates, words, drawing and hints. Nothing may crash, leak or
 * trip a sanitizer, and every drawn word must name an option of the table.
 * Build: CC=clang cmake -S . -B build-fuzz -DSG_FUZZ=ON && cmake --build build-fuzz -t fuzz_options
 * Run:   build-fuzz/fuzz_options CORPUS_DIR   (scripts/test.sh runs a smoke test) */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/rng.h"
#include "fuzz_file.h"
#include "run/solopt.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Every drawn word must be an option of t in its style ("name=v", "--name", "--no-name",
 * "--name=v"): abort otherwise, so the fuzzer keeps the input. */
static void
check_words (const sg_solopt_table *t, const sg_strv *w)
{
  for (uint32_t i = 0; i < w->n; i++)
    {
      const char *a = w->a[i];
      if (t->style == SG_SOPT_STYLE_CVC)
        {
          if (strncmp (a, "--", 2)) abort ();
          a += 2;
        }
      size_t n = strcspn (a, "=");
      bool found = false;
      for (uint32_t k = 0; k < t->opts.n && !found; k++)
        {
          const char *name = t->opts.a[k].name;
          found = (strlen (name) == n && !strncmp (a, name, n))
                  || (t->style == SG_SOPT_STYLE_CVC && !strncmp (a, "no-", 3) && !strcmp (a + 3, name));
        }
      if (!found) abort ();
    }
}

static void
exercise (sg_solopt_table *t, const char *text, size_t len)
{
  sg_solopt_mark_excluded (t);
  for (uint32_t i = 0; i < t->opts.n; i++)
    {
      const sg_solopt *o = &t->opts.a[i];
      sg_strv c = { 0 };
      if (sg_solopt_candidates (o, &c) == SG_RC_OK)
        for (uint32_t k = 0; k < c.n; k++)
          {
            char *word = NULL;
            if (sg_solopt_word (t->style, o, c.a[k], &word) == SG_RC_OK) free (word);
            (void) sg_solopt_trial (o, c.a[k]);
          }
      sg_strv_free (&c);
      (void) sg_solopt_drawable (o);
    }
  sg_rng r;
  sg_rng_seed (&r, len);
  for (int m = SG_SOPT_FUZZ_SAFE; m <= SG_SOPT_FUZZ_FULL; m++)
    {
      sg_strv w = { 0 };
      if (sg_solopt_draw (t, (sg_solopt_mode) m, &r, &w) == SG_RC_OK) check_words (t, &w);
      sg_strv_free (&w);
      w = (sg_strv) { 0 };
      if (sg_solopt_hint (t, (sg_solopt_mode) m, text, len, &r, &w) == SG_RC_OK) check_words (t, &w);
      sg_strv_free (&w);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 1) return 0;
  int which = data[0] % 4;
  const char *text = (const char *) data + 1;
  size_t len = size - 1;
  sg_solopt_table t;
  sg_solopt_table_init (&t);
  sg_rc rc = SG_RC_OK;
  switch (which)
    {
    case 0: /* z3 -pd */
      snprintf (t.solver, sizeof t.solver, "z3");
      t.style = SG_SOPT_STYLE_Z3;
      rc = sg_solopt_parse_z3 (&t, text, len);
      break;
    case 1: /* cvc5 --help, then the same text as each mode's --OPT=help */
    case 2:
      snprintf (t.solver, sizeof t.solver, which == 1 ? "cvc5" : "cvc4");
      t.style = SG_SOPT_STYLE_CVC;
      rc = sg_solopt_parse_cvc (&t, text, len);
      for (uint32_t i = 0, k = 0; !rc && i < t.opts.n && k < 4; i++)
        if (t.opts.a[i].type == SG_SOPT_MODE) rc = sg_solopt_parse_modes (&t.opts.a[i], text, len), k++;
      break;
    default: /* a cache file */
      {
        const char *path = fuzz_file ((const uint8_t *) text, len);
        sg_diag d;
        sg_diag_init (&d, path);
        rc = sg_solopt_read (&t, path, &d);
      }
    }
  if (rc == SG_RC_OK) exercise (&t, text, len);
  sg_solopt_table_free (&t);
  return 0;
}
