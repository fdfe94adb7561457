/* fuzz_json: libFuzzer harness for the JSON reader (base/json.h) and the finding files built on
 * it (a finding's JSON as the reducer loads it: reduce/predicate.h). A finding file is external
 * input once a campaign directory is copied, merged or edited by hand: nothing in it may crash,
 * leak or trip a sanitizer. Every node of a parsed tree is visited through the accessors.
 * Inputs with a string holding "z3-" (after decoding) are not loaded as findings: a run of an
 * npm z3 release would install it (run/npmz3.h), which a harness must not do.
 * Build: CC=clang cmake -S . -B build-fuzz -DSG_FUZZ=ON && cmake --build build-fuzz -t fuzz_json
 * Run:   build-fuzz/fuzz_json CORPUS_DIR   (scripts/test.sh runs a smoke test) */
#define _GNU_SOURCE /* memmem */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/json.h"
#include "fuzz_file.h"
#include "reduce/predicate.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *text = (const char *) data;
  sg_json j;
  sg_diag d;
  sg_diag_init (&d, "fuzz.json");
  if (sg_json_parse (text, size, "fuzz.json", &j, &d) != SG_RC_OK) return 0; /* no finding either */
  bool npm = j.strs.n && memmem (j.strs.a, j.strs.n, "z3-", 3);
  for (uint32_t i = 0; i < j.n.n; i++)
    {
      const sg_jnode *n = &j.n.a[i];
      if (n->parent != UINT32_MAX && n->parent >= j.n.n) abort ();
      if (n->kind == SG_JSON_STR && !sg_json_str (&j, i)) abort ();
      (void) sg_json_num (&j, i, 0);
      (void) sg_json_u64 (&j, i, 0);
      if (n->kind == SG_JSON_OBJ)
        for (uint32_t c = n->first; c != UINT32_MAX; c = j.n.a[c].next)
          if (c >= j.n.n || j.n.a[c].key == UINT32_MAX || sg_json_get (&j, i, j.strs.a + j.n.a[c].key) == UINT32_MAX)
            abort ();
    }
  sg_json_free (&j);
  if (npm) return 0;
  const char *json_path = fuzz_file (data, size);
  sg_pred p;
  sg_pred_init (&p);
  sg_diag_init (&d, json_path);
  (void) sg_pred_load_finding (&p, json_path, &d);
  sg_pred_free (&p);
  return 0;
}
