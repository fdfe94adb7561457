/* fuzz_config: libFuzzer harness for the solver configuration a user writes (run/profile.h):
 * profile files (`--profiles`, key = value lines), solver specs (`--solvers "z3 a=1;cvc5 -q"`)
 * and the version words read from a solver's --version output. The first byte picks the reader
 * ('0' profile, '1' spec, '2' version text), the rest is its text. Whatever is read must give
 * argv vectors without a crash, a leak or a sanitizer report; argv[0] is the binary.
 * Specs with '@' (npm z3 releases, installed on demand: run/npmz3.h) are skipped.
 * Build: CC=clang cmake -S . -B build-fuzz -DSG_FUZZ=ON && cmake --build build-fuzz -t fuzz_config
 * Run:   build-fuzz/fuzz_config CORPUS_DIR   (scripts/test.sh runs a smoke test) */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "run/profile.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
argvs (const sg_profile *p)
{
  for (int k = 0; k < 4; k++)
    {
      sg_argv_opts o = { .script_path = "/tmp/x.smt2", .on_stdin = k & 1, .incremental = k & 2,
                         .models = true, .validate = k != 2, .no_validate = k == 2, .strings = k & 1,
                         .fp = k & 2, .core = k == 3, .solver_timeout_ms = k ? 2500 : 0 };
      sg_strv a = { 0 };
      if (sg_profile_argv (p, &o, &a) == SG_RC_OK && (!a.n || !a.a[0] || strcmp (a.a[0], p->binary))) abort ();
      sg_strv_free (&a);
      a = (sg_strv) { 0 };
      (void) sg_profile_session_argv (p, &o, &a);
      sg_strv_free (&a);
    }
  (void) sg_profile_accepts_logic (p, "QF_LIA");
  (void) sg_profile_accepts_logic (p, NULL);
  (void) sg_profile_is_ok_exit (p, 1);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size < 1) return 0;
  int which = data[0] % 3;
  const char *text = (const char *) data + 1;
  size_t len = size - 1;
  sg_diag d;
  sg_diag_init (&d, "fuzz");
  if (which == 0)
    {
      sg_profile p;
      if (sg_profile_parse (text, len, "fuzz.profile", &p, &d) == SG_RC_OK)
        {
          argvs (&p);
          sg_profile q;
          if (sg_profile_copy (&p, &q) == SG_RC_OK) argvs (&q), sg_profile_free (&q);
          sg_profile_free (&p);
        }
    }
  else if (which == 1)
    {
      if (memchr (text, '@', len) || memchr (text, 0, len)) return 0;
      char *spec = malloc (len + 1);
      if (!spec) return 0;
      memcpy (spec, text, len);
      spec[len] = 0;
      sg_profiles ps;
      if (sg_profiles_init (&ps, &d) == SG_RC_OK)
        {
          sg_solver_list l = { 0 };
          if (sg_profiles_parse_spec (&ps, spec, "--solvers", &l, &d) == SG_RC_OK)
            for (uint32_t i = 0; i < l.n; i++) argvs (&l.a[i]);
          sg_solver_list_free (&l);
          sg_profiles_free (&ps);
        }
      free (spec);
    }
  else
    {
      char v[64];
      sg_profile_extract_version (text, len, v, sizeof v);
      if (strlen (v) >= sizeof v) abort ();
    }
  return 0;
}
