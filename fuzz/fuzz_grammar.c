/* fuzz_grammar: libFuzzer harness for the grammar files of `smtgrind enum GRAMMAR` (a user's
 * BNF file, docs/enum.md) — the reader, its checks and the enumerator built on what it accepts.
 * A grammar that is read must count, unrank and rank without a crash, a sanitizer report or a
 * hang, and rank(unrank(i)) must be i (abort otherwise, so the fuzzer keeps the input).
 * Build: CC=clang cmake -S . -B build-fuzz -DSG_FUZZ=ON && cmake --build build-fuzz -t fuzz_grammar
 * Run:   build-fuzz/fuzz_grammar CORPUS_DIR   (scripts/test.sh runs a smoke test on the shipped
 *        grammars and tests/data/grammars/) */
#include <gmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "base/buf.h"
#include "tech/enum/enumerate.h"
#include "tech/enum/grammar.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Sizes counted and formulas unranked per input: enough to walk every alternative of a small
 * grammar, little enough to keep an input under a millisecond or so. */
enum { MAX_SIZE = 6, PER_SIZE = 8 };

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  sg_grammar g;
  sg_diag d;
  sg_diag_init (&d, "fuzz.g");
  if (sg_grammar_read (&g, "fuzz.g", (const char *) data, size, &d) != SG_RC_OK) return 0;
  sg_enum *e = NULL;
  if (sg_enum_new (&g, &e) == SG_RC_OK)
    {
      mpz_t count, local, back;
      mpz_inits (count, local, back, NULL);
      sg_buf out;
      sg_buf_init (&out);
      sg_enum_tree tree = { 0 };
      for (uint32_t s = 0; s <= MAX_SIZE; s++)
        {
          if (sg_enum_count (e, s, count) != SG_RC_OK) break;
          for (uint32_t k = 0; k < PER_SIZE && mpz_cmp_ui (count, k) > 0; k++)
            {
              /* The first few of the class and the last few. */
              if (k < PER_SIZE / 2) mpz_set_ui (local, k);
              else mpz_sub_ui (local, count, k - PER_SIZE / 2 + 1);
              sg_buf_reset (&out);
              if (sg_enum_unrank (e, s, local, &out, &tree) != SG_RC_OK) continue;
              if (sg_enum_rank (e, &tree, back) != SG_RC_OK || mpz_cmp (back, local)) abort ();
            }
        }
      /* The iterator from index 0 across the first size classes. */
      sg_enum_iter it;
      mpz_set_ui (local, 0);
      if (sg_enum_iter_init (&it, e, local) == SG_RC_OK)
        {
          for (int k = 0; k < 32; k++)
            {
              sg_buf_reset (&out);
              if (sg_enum_iter_next (&it, &out) != SG_RC_OK) break;
            }
          sg_enum_iter_free (&it);
        }
      SG_VEC_FREE (tree);
      sg_buf_free (&out);
      mpz_clears (count, local, back, NULL);
      sg_enum_free (e);
    }
  sg_grammar_free (&g);
  return 0;
}
