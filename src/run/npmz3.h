/* npmz3: the z3 releases of the npm registry (package z3-solver, WebAssembly, 4.8.17 ...)
 * as solvers: `--solvers z3@4.13.0` becomes a profile named z3-4.13.0 that runs a small node
 * driver (written here) speaking SMT-LIB: the script's path as its last argument (or stdin),
 * key=value words as z3's global parameters, its output what z3's Z3_eval_smtlib2_string
 * returns, `--version` z3's full version, `--session` a persistent session (each top-level
 * form of stdin evaluated in one context as it arrives, as z3 -in does). The release is installed on demand with npm (argv
 * only) into CACHE/z3-npm/VERSION, CACHE being $XDG_CACHE_HOME/smtgrind or
 * ~/.cache/smtgrind: into a temporary directory renamed into place, so two processes never
 * see half an installation.
 * Owns: nothing beyond the profile it fills (the caller's).
 * Invariants: VERSION is digits and dots only (it becomes a path and a package name); the
 *   profile has no address-space limit (WebAssembly reserves its memory up front: the
 *   watchdog's time limit still holds); a solver word that is not z3@VERSION is not ours.
 * Tests: tests/cli/run_cli_tests.sh group npmz3 (with the release scripts/setup.sh installs) */
#ifndef SG_RUN_NPMZ3_H
#define SG_RUN_NPMZ3_H

#include <stdbool.h>
#include <stdio.h>

#include "base/rc.h"
#include "run/profile.h"

/* The release scripts/setup.sh installs for the tests. */
#define SG_NPMZ3_TEST_RELEASE "5.2.0" /* one PyPI lacks: z3@4.8.17 is PyPI's native build */

/* Does word name an npm z3 release ("z3@4.13.0")? */
bool sg_npmz3_is_spec (const char *word);
/* The installation directory of release `version` into dir (CACHE/z3-npm/VERSION). */
sg_rc sg_npmz3_dir (const char *version, char *dir /* OUT */, size_t size, sg_diag *d);
/* The profile of word ("z3@VERSION"), installing the release first when it is missing
 * (progress lines to `progress`, may be NULL). Errors: SG_RC_USAGE for a bad version, SG_RC_IO
 * when node or npm cannot be run or the install fails. */
sg_rc sg_npmz3_profile (const char *word, sg_profile *p /* OUT */, FILE *progress, sg_diag *d);

#endif
