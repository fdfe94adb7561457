/* fuzz_data: libFuzzer harness for the data files of `--data FILE` (tech/tech.h): OpFuzz's
 * operator classes and Semantic Fusion's fusion functions (yinyang's #begin ... #end format).
 * The first byte picks the technique ('0' opfuzz, '1' fuse), the rest is the file. A file
 * that loads is then used: a short chain on fixed seeds, so what the loader accepted must
 * drive the mutators without a crash, a leak or a sanitizer report.
 * Build: CC=clang cmake -S . -B build-fuzz -DSG_FUZZ=ON && cmake --build build-fuzz -t fuzz_data
 * Run:   build-fuzz/fuzz_data CORPUS_DIR   (scripts/test.sh runs a smoke test) */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_file.h"
#include "tech/tech.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char seed_a[] =
  "(set-logic QF_LIA)(declare-fun x () Int)(declare-fun y () Int)"
  "(assert (and (< x (+ y 3)) (>= (* 2 x) (- y 1)) (distinct x y)))(check-sat)";
static const char seed_b[] =
  "(set-logic QF_LIA)(declare-fun u () Int)(declare-fun v () Int)"
  "(assert (or (> u (- v 2)) (= (+ u v) 7)))(check-sat)";

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 1) return 0;
  const sg_technique *t = sg_technique_find (data[0] % 2 ? "fuse" : "opfuzz");
  if (!t || !t->data_help) abort ();
  const char *data_path = fuzz_file (data + 1, size - 1);
  sg_tech_cfg cfg = t->defaults;
  cfg.data_file = data_path;
  cfg.chain = 4;
  void *st = NULL;
  sg_diag d;
  sg_diag_init (&d, data_path);
  if (t->init (&cfg, NULL, &st, &d) != SG_RC_OK) return 0;
  sg_tech_seed a = { "a.smt2", seed_a, sizeof seed_a - 1, SG_ANS_SAT, "QF_LIA", { "" }, { 0 } };
  sg_tech_seed b = { "b.smt2", seed_b, sizeof seed_b - 1, SG_ANS_SAT, "QF_LIA", { "" }, { 0 } };
  const sg_tech_seed *seeds[2] = { &a, &b };
  sg_rng r;
  sg_rng_seed (&r, size);
  if (t->begin (st, seeds, &r, &d) == SG_RC_OK)
    {
      sg_tech_mutant m;
      memset (&m, 0, sizeof m);
      sg_buf_init (&m.text);
      sg_buf_init (&m.desc);
      for (int k = 0; k < 4 && t->next (st, &r, &m, &d) == SG_RC_OK; k++)
        ;
      sg_buf_free (&m.text);
      sg_buf_free (&m.desc);
    }
  t->free (st);
  return 0;
}
