/* run: the one-shot choke point — build a solver's argv from its profile, spawn it under the
 * watchdog and limits in a private working directory, classify the result. Every one-shot
 * solver call goes through here.
 * Owns: the private directory of each call (created with mkdtemp, emptied and removed before
 *   the call returns). The outcome belongs to the caller.
 * Invariants: a solver never writes into the caller's directory unless opts.cwd says so (a
 *   script may set an output channel to a file).
 * Tests: tests/unit/run_test.c */
#ifndef SG_RUN_RUN_H
#define SG_RUN_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/rc.h"
#include "run/classify.h"
#include "run/patterns.h"
#include "run/profile.h"

typedef struct sg_run_opts {
  sg_argv_opts argv;   /* flag groups and the solver's own timeout (script_path is set here) */
  uint32_t timeout_ms; /* watchdog; 0 = none */
  uint64_t mem_bytes;  /* RLIMIT_AS; 0 = none */
  uint32_t cpu_s;      /* RLIMIT_CPU; 0 = none */
  size_t out_cap;      /* capture cap of stdout and of stderr; 0 = SG_SPAWN_DEFAULT_CAP */
  const char *cwd;     /* the solver's working directory; NULL = a private temporary one */
  bool capture_stderr; /* the *_capture functions append stderr after stdout */
} sg_run_opts;

/* Run profile p on the script file `path` (as an argument, or on stdin for SG_INPUT_STDIN
 * profiles) and classify. SG_RC_OK whenever an outcome was produced; SG_RC_IO when the
 * private directory or the input cannot be set up. */
sg_rc sg_run_file (const sg_profile *p, const sg_patterns *pats, const sg_run_opts *o,
                   const char *path, sg_outcome *out /* OUT */);
/* Same with the script in memory: written to script.smt2 in the private directory for
 * SG_INPUT_FILE profiles, sent on stdin for SG_INPUT_STDIN ones. */
sg_rc sg_run_text (const sg_profile *p, const sg_patterns *pats, const sg_run_opts *o,
                   const char *text, size_t len, sg_outcome *out /* OUT */);
/* The same two, also handing back the captured stdout (models, values); `stdout_text` is
 * replaced. */
sg_rc sg_run_file_capture (const sg_profile *p, const sg_patterns *pats, const sg_run_opts *o,
                           const char *path, sg_outcome *out /* OUT */,
                           sg_buf *stdout_text /* OUT */);
sg_rc sg_run_text_capture (const sg_profile *p, const sg_patterns *pats, const sg_run_opts *o,
                           const char *text, size_t len, sg_outcome *out /* OUT */,
                           sg_buf *stdout_text /* OUT */);

/* Fields of /proc/PID/stat: false when it cannot be read. */
typedef struct sg_proc_stat {
  char state;              /* field 3: R, S, D, Z, X, ... */
  unsigned long flags;     /* field 9: PF_* (0x4: exiting) */
  unsigned long long start; /* field 22: start time in clock ticks since boot */
  long pgrp;               /* field 5: process group */
  long session;            /* field 6: session */
} sg_proc_stat;
bool sg_run_proc_stat (long pid, sg_proc_stat *st /* OUT */);
/* Does /proc number processes as we do (its "self" is our getpid())? Not under `unshare
 * --pid` without a /proc of that namespace: then PIDs read there are not ours to use, and the
 * sweep and the guardian's scans look at nothing. */
bool sg_run_proc_ours (void);
/* Is process pid gone: no such process, a zombie, or exiting? (false when it cannot be told) */
bool sg_run_pid_gone (long pid);
/* Remove the private directories of smtgrind processes that no longer exist (a kill -9 leaves
 * them): $TMPDIR/smtgrind-PID-XXXXXX of ours whose owner file (.sg-owner: "PIDNS START", written
 * by sg_run_tmpdir_make) names our PID namespace and whose PID is gone there
 * (sg_run_pid_gone) or runs with another start time. A directory of another namespace (a
 * container sharing $TMPDIR) is never removed; one whose owner file is empty, cut short or
 * missing (its maker killed before it was written, a script a thread wrote after a stop
 * signal's removal, an older smtgrind's) once it has not changed for a minute and its PID is
 * gone here. Returns how many. */
uint32_t sg_run_tmpdir_sweep (void);
/* A fresh private directory $TMPDIR/smtgrind-PID-XXXXXX (mode 0700) holding its owner file
 * (.sg-owner, see sg_run_tmpdir_sweep); dir gets its path. A process that dies of a stop signal
 * removes all of its own (sg_spawn_stop_now). */
sg_rc sg_run_tmpdir_make (char *dir /* OUT */, size_t size);
/* Remove the files in dir (one level: solvers create plain files) and dir itself. */
void sg_run_tmpdir_remove (const char *dir);

#endif
