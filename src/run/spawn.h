/* spawn: run one external program (a solver) from an argv array, never through a shell, in its
 * own process group, with rlimits, a parent-side watchdog and capped capture of its output.
 * Owns: the child process, its pipes and the captured output of each sg_spawn_result.
 * Invariants: every started child is reaped on every path (no zombie); every descriptor is
 *   O_CLOEXEC and closed by sg_spawn_finish/sg_spawn_kill (no leak); no signal handler, no
 *   SIGALRM, no global state: timeouts come from poll() and CLOCK_MONOTONIC.
 * CPU time of the child comes from wait4()'s rusage (a BSD/GNU call: spawn.c defines
 *   _GNU_SOURCE for it, for pipe2 and for SOCK_CLOEXEC).
 * Tests: tests/unit/run_test.c */
#ifndef SG_RUN_SPAWN_H
#define SG_RUN_SPAWN_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/buf.h"
#include "base/rc.h"

/* Bytes kept of each of stdout and stderr; beyond it output is read and discarded so the child
 * never blocks on a full pipe (the result says `truncated`). Solvers that print more than this
 * are flooding; their answers are not trusted anyway. */
#ifndef SG_SPAWN_DEFAULT_CAP
#define SG_SPAWN_DEFAULT_CAP ((size_t) 4 << 20)
#endif
/* Between SIGTERM and SIGKILL to the process group when the watchdog fires. */
#define SG_SPAWN_DEFAULT_GRACE_MS 200u

/* Where the child's standard input comes from. */
typedef enum sg_stdin_kind {
  SG_STDIN_NULL = 0, /* /dev/null */
  SG_STDIN_FILE,     /* the file stdin_path, opened by the parent (a FIFO cannot block the child) */
  SG_STDIN_PIPE,     /* a socket pair written by the parent: stdin_data, then (one-shot) EOF */
} sg_stdin_kind;

typedef struct sg_spawn_opts {
  const char *const *argv; /* NULL-terminated; argv[0] is searched in PATH unless it has a '/' */
  sg_stdin_kind stdin_kind; /* where stdin comes from */
  const char *stdin_path;   /* SG_STDIN_FILE: the file */
  const char *stdin_data;   /* SG_STDIN_PIPE: bytes written first (borrowed; may be NULL) */
  size_t stdin_len;         /* SG_STDIN_PIPE: their length */
  bool keep_stdin_open;     /* SG_STDIN_PIPE: do not send EOF after stdin_data (sessions) */
  const char *cwd;          /* working directory of the child; NULL = ours */
  uint32_t timeout_ms;      /* wall-clock limit of sg_spawn_run; 0 = none */
  uint32_t grace_ms;        /* SIGTERM -> SIGKILL delay; 0 = SG_SPAWN_DEFAULT_GRACE_MS */
  uint64_t mem_bytes;       /* RLIMIT_AS of the child; 0 = unlimited */
  uint32_t cpu_s;           /* RLIMIT_CPU soft limit (SIGXCPU), hard = soft + 1; 0 = none */
  size_t out_cap;           /* stdout bytes kept; 0 = SG_SPAWN_DEFAULT_CAP */
  size_t err_cap;           /* stderr bytes kept; 0 = SG_SPAWN_DEFAULT_CAP */
  const char *private_dir;  /* a directory of the caller's (mkdtemp, files one level deep)
                               removed before this process dies of a stop signal */
} sg_spawn_opts;

/* How the child ended. */
/* The step of a start that failed (sg_spawn_result.exec_step). */
enum {
  SG_EXEC_STEP_LOOKUP = 0, /* the program was not found (PATH), or its path is too long */
  SG_EXEC_STEP_STDIO,      /* dup2 of stdin/stdout/stderr */
  SG_EXEC_STEP_CWD,        /* chdir into its working directory (o->cwd) */
  SG_EXEC_STEP_LIMITS,     /* setrlimit (the memory or CPU limit) */
  SG_EXEC_STEP_EXEC,       /* execv */
};

typedef enum sg_spawn_end {
  SG_END_NONE = 0,    /* not ended (or its status was lost: SIGCHLD set to SIG_IGN) */
  SG_END_EXITED,      /* exit_code is valid */
  SG_END_SIGNALED,    /* sig is valid */
  SG_END_EXEC_FAILED, /* the program could not be started: exec_errno (ENOENT: not found) */
} sg_spawn_end;

typedef struct sg_spawn_result {
  sg_spawn_end end;    /* how it ended */
  int exit_code;       /* SG_END_EXITED: the exit status */
  int sig;             /* SG_END_SIGNALED: the signal */
  int exec_errno;      /* SG_END_EXEC_FAILED: errno of the lookup or of execv */
  int exec_step;       /* SG_END_EXEC_FAILED: the step that failed (SG_EXEC_STEP_*) */
  bool timed_out;      /* the watchdog fired (SIGTERM sent at the deadline) */
  bool hard_killed;    /* SIGKILL was needed after the grace period */
  bool stdin_broken;   /* the child closed stdin before all data was written */
  bool interrupted;    /* a stop signal arrived while it ran: its group was killed */
  double wall_s;       /* wall time from fork to reap */
  double user_s;       /* child user CPU (wait4 rusage; 0 for sessions until the end) */
  double sys_s;        /* child system CPU */
  sg_buf out;          /* captured stdout (at most the cap) */
  sg_buf err;          /* captured stderr (at most the cap) */
  bool out_truncated;  /* stdout exceeded the cap */
  bool err_truncated;  /* stderr exceeded the cap */
  uint64_t out_bytes;  /* stdout bytes produced, kept or not */
  uint64_t err_bytes;  /* stderr bytes produced, kept or not */
  uint64_t mem_limit;  /* the RLIMIT_AS asked for (sg_spawn_opts.mem_bytes), 0 = none */
  uint64_t maxrss;     /* peak resident memory of the child in bytes (wait4 rusage), 0 unknown */
} sg_spawn_result;

void sg_spawn_result_init (sg_spawn_result *r);
/* Forget status and output, keep the buffers' memory. */
void sg_spawn_result_reset (sg_spawn_result *r);
void sg_spawn_result_free (sg_spawn_result *r);

/* PATH lookup as execvp does it (an empty PATH entry is "."), without its /bin/sh fallback:
 * the file to execute into out. Returns 0 or an errno (ENOENT, EACCES, ENAMETOOLONG). A name
 * with a '/' is copied as it is. */
int sg_spawn_resolve (const char *name, char *out, size_t size);

/* A limit in seconds as the milliseconds of sg_spawn_opts.timeout_ms: a positive limit is
 * never 0 (which means "no deadline"): below a millisecond it is 1 ms; <= 0 or NaN is 0. */
static inline uint32_t
sg_spawn_ms (double s)
{
  if (!(s > 0)) return 0;
  double ms = s * 1000.0;
  if (ms < 1.0) return 1;
  if (ms >= 4294967294.0) return 4294967294u;
  return (uint32_t) ms;
}

/* The default memory limit (RLIMIT_AS) of one solver run when `concurrent` solver processes
 * can run at once: SG_MEM_SHARE_PCT % of the machine's physical memory divided among them,
 * at least SG_MEM_FLOOR_MB MiB (issue 14: a runaway solver must not take the machine down). */
#define SG_MEM_SHARE_PCT 75u
#define SG_MEM_FLOOR_MB 512u
uint64_t sg_spawn_default_mem (uint32_t concurrent);

/* Supervision (issue 14; no handler, no global flag). A process that runs solvers blocks the
 * stop signals (SIGINT, SIGTERM, SIGHUP) with sg_spawn_block_stop_signals. Every solver is
 * started in its own process group with PR_SET_PDEATHSIG = SIGKILL (it dies with the thread
 * that started it, even after a kill -9 of ours). While sg_spawn_run or sg_spawn_finish waits,
 * and when sg_spawn_start is called, a pending stop signal makes it kill the child's group and
 * then call sg_spawn_stop_now: every child process group of this process is killed, the
 * private directory is removed, and the signal is unblocked, so the process dies of it (its
 * parent sees the usual 128 + signal). Sessions (keep_stdin_open) get no PR_SET_PDEATHSIG:
 * a short-lived thread may start one; they end at the EOF of their stdin when we die. */
void sg_spawn_block_stop_signals (sigset_t *old /* OUT: the previous mask, may be NULL */);
/* Is a stop signal pending (blocked and sent)? */
bool sg_spawn_stop_pending (void);
/* Kill every child process group of this process (the groups of its solvers), remove
 * private_dir (may be NULL), and die of the pending stop signal. Returns only when none is
 * pending. */
void sg_spawn_stop_now (const char *private_dir);
/* Kill the process group of every child of this process that leads one (solvers), with sig;
 * not the guardian (run/guard.h, sg_guard_is_guardian). */
void sg_spawn_kill_child_groups (int sig);

/* CLOCK_MONOTONIC in seconds; deadlines below are in this clock. */
double sg_spawn_now (void);

/* Run to completion: start, write stdin, capture, watchdog, reap. r (initialised with
 * sg_spawn_result_init) is reset first.
 * Returns SG_RC_OK whenever the child's fate is known (including EXEC_FAILED and timeouts);
 * SG_RC_USAGE for bad options, SG_RC_IO if pipes or fork fail, SG_RC_NOMEM. */
sg_rc sg_spawn_run (const sg_spawn_opts *o, sg_spawn_result *r /* OUT */);

/* ---- a live process (used by sessions; sg_spawn_run is built from these) ---------------- */

typedef struct sg_spawn_proc {
  pid_t pid;          /* > 0 while alive or unreaped; also the process group id */
  int in_fd;          /* parent's end of stdin (SG_STDIN_PIPE), else -1 */
  int out_fd;         /* stdout read end, -1 at EOF */
  int err_fd;         /* stderr read end, -1 at EOF */
  const char *in_data; /* pending stdin bytes (borrowed until written) */
  size_t in_len;      /* their length */
  size_t in_off;      /* bytes of in_data already written */
  bool in_close;      /* send EOF once in_data is written */
  double t0;          /* start (sg_spawn_now) */
  double term_at;     /* when SIGTERM was sent, 0 if not */
  double exited_at;   /* when the child was seen dead with pipes still open, 0 if not */
  uint32_t grace_ms;  /* SIGTERM -> SIGKILL */
  size_t out_cap;     /* bytes of stdout kept per result */
  size_t err_cap;     /* bytes of stderr kept per result */
  const char *private_dir; /* sg_spawn_opts.private_dir (borrowed) */
} sg_spawn_proc;

/* Called with each chunk read from stdout (before capping); return true to stop pumping. */
typedef bool sg_spawn_watch_fn (void *ctx, const char *data, size_t n);

/* Why sg_spawn_pump returned. */
typedef enum sg_pump_stop {
  SG_PUMP_WATCH,    /* the watch function said stop */
  SG_PUMP_EOF,      /* the child closed stdout and stderr, or exited */
  SG_PUMP_DEADLINE, /* the deadline passed (nothing was killed) */
} sg_pump_stop;

/* Start the child. On SG_RC_OK, either r->end == SG_END_EXEC_FAILED (nothing to clean up; p
 * is not live) or p is live and must end with sg_spawn_finish or sg_spawn_kill. A start that
 * fails with ENOMEM, EAGAIN or ETXTBSY (it may pass) is tried once more after 200 ms. */
sg_rc sg_spawn_start (const sg_spawn_opts *o, sg_spawn_proc *p /* OUT */,
                      sg_spawn_result *r /* OUT */);
/* True while p holds an unreaped child. */
static inline bool sg_spawn_is_live (const sg_spawn_proc *p) { return p->pid > 0; }
/* Queue bytes for stdin (borrowed until written by pump/finish); `close_after` sends EOF. */
void sg_spawn_send (sg_spawn_proc *p, const char *data, size_t len, bool close_after);
/* Write queued stdin and capture output into r until `watch` stops it, EOF/exit, or
 * `deadline` (absolute, sg_spawn_now clock; 0 = none). */
sg_rc sg_spawn_pump (sg_spawn_proc *p, double deadline, sg_spawn_watch_fn *watch, void *ctx,
                     sg_spawn_result *r, sg_pump_stop *why /* OUT */);
/* Read what stdout and stderr hold right now, without waiting (and without watching). */
sg_rc sg_spawn_drain (sg_spawn_proc *p, sg_spawn_result *r);
/* Capture until the child ends; at `deadline` (0 = none) SIGTERM the group (r->timed_out),
 * SIGKILL after the grace. Reaps the child, fills status and times, closes every fd. */
sg_rc sg_spawn_finish (sg_spawn_proc *p, double deadline, sg_spawn_result *r);
/* SIGKILL the group now, reap, close every fd. r may be NULL. Safe on a dead proc. */
void sg_spawn_kill (sg_spawn_proc *p, sg_spawn_result *r);

/* "SIGSEGV" etc., or "SIG<n>". */
const char *sg_spawn_signame (int sig, char *tmp, size_t size);

#endif
