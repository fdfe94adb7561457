/* fuzz_model: libFuzzer harness for the model reader, the evaluator and the output classifier
 * — the code that reads what solvers print. The input is treated as a solver's stdout after a
 * fixed script: its answers are classified and its model (if any) is read and every assertion
 * is evaluated. Nothing a solver prints may crash smtgrind, leak or trip a sanitizer.
 * Build: CC=clang cmake -S . -B build-fuzz -DSG_FUZZ=ON && cmake --build build-fuzz -t fuzz_model
 * Run:   build-fuzz/fuzz_model CORPUS_DIR   (scripts/test.sh runs a smoke test) */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "eval/eval.h"
#include "front/parse.h"
#include "oracle/probe.h"
#include "run/classify.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static const char script[] =
  "(set-logic ALL)(declare-sort U 0)(declare-datatypes ((L 0)) (((nil) (cons (hd Int) (tl L)))))"
  "(declare-fun u () U)(declare-fun f (Int) Int)(declare-fun a () (Array Int Int))"
  "(declare-fun r () Real)(declare-fun s () String)(declare-fun l () L)"
  "(declare-fun x () (_ BitVec 8))(declare-fun g () Float32)(declare-fun b () Bool)"
  "(assert (= (f 1) (select a 2)))(assert (< (* 3 r) (to_real (div (f 0) 0))))"
  "(assert (str.in_re s (re.* (str.to_re \"ab\"))))(assert (= (hd l) (bv2nat x)))"
  "(assert (fp.lt g (fp.add RNE g g)))(assert (or b (distinct u u)))(check-sat)";

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *text = (const char *) data;
  /* Classification of the output as one solver's run. */
  sg_patterns pats;
  sg_patterns_init (&pats);
  if (sg_patterns_add_defaults (&pats) == SG_RC_OK)
    {
      sg_spawn_result r;
      sg_spawn_result_init (&r);
      r.end = SG_END_EXITED;
      sg_buf_add (&r.out, text, size);
      sg_outcome o;
      sg_outcome_init (&o);
      sg_classify_run (&pats, NULL, &r, &o);
      sg_outcome_free (&o);
      sg_spawn_result_free (&r);
    }
  sg_patterns_free (&pats);
  /* The model after the first answer, read and used to evaluate the script. */
  sg_store st;
  sg_script sc;
  sg_diag d;
  if (sg_store_init (&st) != SG_RC_OK) return 0;
  sg_script_init (&sc, &st);
  sg_diag_init (&d, "script");
  if (sg_parse_string (&st, &sc, script, sizeof script - 1, "script", &d) == SG_RC_OK)
    {
      const char *m;
      size_t n;
      if (!sg_model_text (text, size, 0, &m, &n)) m = text, n = size;
      sg_model model;
      sg_model_init (&model, &st);
      sg_diag_init (&d, "model");
      if (sg_model_read (&model, &sc, m, n, "model", &d) == SG_RC_OK)
        {
          sg_mcheck v;
          sg_eval_check_model (&st, &sc, &model, &v, NULL);
        }
      sg_model_free (&model);
    }
  sg_script_free (&sc);
  sg_store_free (&st);
  return 0;
}
