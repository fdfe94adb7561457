/* release: the releases of today's solvers on PyPI (z3-solver, cvc5, bitwuzla) as solvers.
 * `--solvers z3@4.13.0`, `cvc5@1.4.2`, `bitwuzla@0.10.0` or `FAMILY@latest` (the newest release
 * the registry lists) becomes a profile named FAMILY-VERSION: the family's built-in profile
 * (profiles.def) with the release's executable as its binary. Each release lives in a virtual
 * environment of its own, CACHE/pypi/FAMILY-VERSION (CACHE: $XDG_CACHE_HOME/smtgrind or
 * ~/.cache/smtgrind), installed on first use with `python3 -m venv` and pip (argv only) into a
 * temporary directory beside it, marked complete, then renamed into place, under a lock per
 * release (flock: two workers never install the same release twice; a waiter dies of a stop
 * signal at once; a killed install leaves a temporary directory that the next install of that
 * release removes, any other install once it is an hour old). z3-solver ships the `z3` executable; the
 * cvc5 and bitwuzla wheels ship only their Python API, so a small driver over it (the scripts of
 * src/run/drivers/, compiled in) is written into the release as bin/cvc5 or bin/bitwuzla and
 * behaves as the solver's command line. A z3 release that PyPI lacks comes from npm (npmz3.h).
 * The registry's list of releases is cached for a day (CACHE/pypi/index-PACKAGE.txt, one
 * version a line, newest first), so an installed release and a fresh list need no network.
 * Owns: nothing beyond the profile and the vector it fills (the caller's).
 * Invariants: a version is digits and dots (it becomes a path, a package pin and a profile
 *   name); an installed release is a directory holding the marker file `smtgrind-release`;
 *   nothing is ever installed outside CACHE/pypi; the environment's python is $SMTGRIND_PYTHON
 *   or python3 from PATH.
 * Tests: tests/unit/triage_test.c (versions, specs), tests/cli/run_cli_tests.sh group release
 *   (a bad version, an unreachable registry, a half-written install, two installs at once, fake
 *   releases; a damaged, huge, future or FIFO index, a killed install, odd spellings and cache
 *   paths) */
#ifndef SG_RUN_RELEASE_H
#define SG_RUN_RELEASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/rc.h"
#include "run/profile.h"

#define SG_RELEASE_VERSION_MAX 24u /* bytes of a version ("4.13.0") */

/* The newest releases, pinned: what `scripts/setup.sh` installs (`smtgrind releases --install`)
 * and what the main job (`smtgrind campaign` without --solvers) runs against when they are
 * installed. Bump here. */
#define SG_RELEASE_NEWEST "z3@5.4.1;cvc5@1.4.2;bitwuzla@0.10.0"

/* Does word name a release ("z3@4.13.0", "cvc5@latest", "bitwuzla@0.9.1")? */
bool sg_release_is_spec (const char *word);
/* The family of a profile name for triage: "z3" for z3 and z3-4.13.0, "cvc5" for cvc5,
 * cvc5-1.4.2 and cvc4 (its successor), "bitwuzla" for bitwuzla and boolector (its successor);
 * NULL for a solver without releases on PyPI. */
const char *sg_release_family_of (const char *profile_name);
/* Compare two versions numerically, part by part ("4.8.12" < "4.13.0"; "1.0" == "1.0.0"). */
int sg_release_vercmp (const char *a, const char *b);
/* The releases of family on PyPI, oldest first, each a plain version ("4.13.0": z3-solver's
 * fourth part dropped when it is 0; post-releases and pre-releases skipped), from the cached
 * list when it is less than a day old, else from the registry (`pip index versions`), else
 * (registry unreachable) from an older cached list. SG_RC_IO, naming the package, when none
 * can be had. */
sg_rc sg_release_versions (const char *family, sg_strv *out /* OUT: appended */, sg_diag *d);
/* The concrete version of word ("z3@latest" -> "5.4.1"). */
sg_rc sg_release_resolve (const char *word, char *version /* OUT */, size_t size, sg_diag *d);
/* The profile of word, installing the release first when it is missing (progress lines to
 * `progress`, may be NULL). ps gives the family's built-in profile. Errors: SG_RC_USAGE for a
 * bad word or a version the registry does not have (the message lists the newest ones), SG_RC_IO
 * when python, venv or pip cannot be run, the registry cannot be reached, or the install fails. */
sg_rc sg_release_profile (const sg_profiles *ps, const char *word, sg_profile *p /* OUT */,
                          FILE *progress, sg_diag *d);
/* Is release word (FAMILY@VERSION, not latest) installed in the cache from PyPI? No network. */
bool sg_release_installed (const char *word);
/* The profile name FAMILY-VERSION as a word FAMILY@VERSION when it names a release family
 * ("cvc5-1.4.2" -> "cvc5@1.4.2"); false otherwise. */
bool sg_release_word_of_name (const char *name, char *word /* OUT */, size_t size);

#endif
