/* fuzz_parse: libFuzzer harness for the typed reader and the printer.
 * Checks: parsing arbitrary bytes never crashes, leaks or trips a sanitizer; and a script that
 * parsed is printed to text that parses again (print-then-parse must succeed; otherwise trap).
 * Build: CC=clang cmake -S . -B build-fuzz -DSG_FUZZ=ON && cmake --build build-fuzz -t fuzz_parse
 * Run:   build-fuzz/fuzz_parse CORPUS_DIR   (scripts/test.sh runs a 60 s smoke test) */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/buf.h"
#include "front/parse.h"
#include "front/print.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Re-parse the printed text of a script that parsed; trap when the printer's output is
 * rejected. Running out of memory is not a finding. */
static void
reparse (const sg_buf *printed)
{
  sg_store st;
  sg_script sc;
  sg_diag d;
  if (sg_store_init (&st) != SG_RC_OK) return;
  sg_script_init (&sc, &st);
  sg_diag_init (&d, "<printed>");
  sg_rc rc = sg_parse_string (&st, &sc, printed->s ? printed->s : "", printed->len, "<printed>",
                              &d);
  if (rc != SG_RC_OK && rc != SG_RC_EOF && rc != SG_RC_NOMEM)
    {
      char line[1024];
      sg_diag_format (&d, line, sizeof line);
      fprintf (stderr, "fuzz_parse: printed script does not parse again: %s\n"
                       "---- printed text ----\n%.*s\n----\n",
               line, (int) (printed->len > 65536 ? 65536 : printed->len),
               printed->s ? printed->s : "");
      __builtin_trap ();
    }
  sg_script_free (&sc);
  sg_store_free (&st);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  sg_store st;
  sg_script sc;
  sg_diag d;
  if (sg_store_init (&st) != SG_RC_OK) return 0;
  sg_script_init (&sc, &st);
  sg_diag_init (&d, "<fuzz>");
  sg_rc rc = sg_parse_string (&st, &sc, (const char *) data, size, "<fuzz>", &d);
  if (rc == SG_RC_OK || rc == SG_RC_EOF) /* the whole input parsed */
    {
      sg_print_opts po = { false, 0 };
      sg_buf b;
      sg_buf_init (&b);
      sg_print_script (&sc, &po, &b);
      if (sg_buf_ok (&b)) reparse (&b);
      sg_buf_free (&b);
    }
  sg_script_free (&sc);
  sg_store_free (&st);
  return 0;
}
