/* probe_int: what probe.c and probe_val.c (the validating runs, issue 50) share.
 * Owns: nothing.
 * Tests: tests/unit/oracle_test.c, tests/cli (group validate) */
#ifndef SG_ORACLE_PROBE_INT_H
#define SG_ORACLE_PROBE_INT_H

#include "base/buf.h"
#include "oracle/probe.h"

/* The flags of pr's command (a: no file, no solver timeout kept). */
void sg_probe_record_argv (sg_probe_run *pr, const sg_argv_opts *a);
/* Is a validating run due after the plain outcome out of a solver with profile prof (it has
 * validate_args): a decided answer (sat; unsat only with validate_unsat) or a crash? */
bool sg_probe_val_due (const sg_profile *prof, const sg_outcome *out);
/* The validating run of pr, in a fresh process: the plain run's options ro with the model and
 * validation flags, on text; sg_probe_val_record judges it. SG_RC_NOMEM (or a temporary-file
 * failure) only. */
sg_rc sg_probe_validating_run (const sg_profile *prof, const sg_patterns *pats, const sg_run_opts *ro,
                               const char *text, size_t len, sg_probe_run *pr);
/* Record the validating run vout (flags va; model_run: it was the model run; said: its
 * stdout) of pr into pr->val. A failed own check where pr's plain run answered is adopted:
 * pr->out becomes vout's outcome (vout gets the plain one), pr->argv va, pr->adopted, and true
 * is returned. */
bool sg_probe_val_record (sg_probe_run *pr, const sg_argv_opts *va, bool model_run, sg_outcome *vout,
                          const sg_buf *said);

#endif
