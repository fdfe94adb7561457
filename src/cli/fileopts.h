/* fileopts: a file's own solver options (`check --file-options FAMILIES`): the words of its
 * first "; COMMAND-LINE:" line, the convention of cvc5's regression suite (the options its
 * runner gives cvc5 on that file), added to the words of each solver of those families.
 * Owns: nothing beyond the solver list it fills (the caller frees it).
 * Invariants: the solvers of those families run with the file's words as their whole
 * configuration: their profile's theory flags (strings_args, fp_args: cvc4's --strings-exp,
 * cvc5's --sets-ext), which change what the solver does, are left out, also for a file without
 * the line (the suite runs it with no option); the words go after the spec's own words and
 * before the words drawn by option fuzzing (run/profile.h: fuzzed_args stays the list's tail); a
 * solver of another family gets a plain copy of its profile; a line is split at blanks only: a
 * quote, a backslash or a control byte in it is an error at its file:line:col (no shell is
 * involved, and we do not guess what a quote meant).
 * Tests: tests/cli/group_fileopts.sh (fake solvers that print their argv). */
#ifndef SG_CLI_FILEOPTS_H
#define SG_CLI_FILEOPTS_H

#include <stddef.h>

#include "base/rc.h"
#include "run/profile.h"

/* Is every comma-separated name of `families` (e.g. "cvc5,cvc4") the family of some solver of
 * l (run/profile.h: sg_profile_same_family)? Else *bad is the first name that is not (a
 * pointer into families, its length in *bad_len). */
bool sg_fileopts_families_ok (const char *families, const sg_solver_list *l, const char **bad,
                              size_t *bad_len);

/* Copy `in` into `out` (initialised here; freed by the caller with sg_solver_list_free, also on
 * error), the words of the first "; COMMAND-LINE:" line of text (len bytes, the file `path`)
 * appended to each solver of `families`. *nwords: how many words the line gave (0 without a
 * line). Errors: SG_RC_PARSE in d (its line and column) for a word we will not split,
 * SG_RC_NOMEM. */
sg_rc sg_fileopts_apply (const char *families, const char *text, size_t len, const sg_solver_list *in,
                         sg_solver_list *out, uint32_t *nwords, sg_diag *d);

#endif
