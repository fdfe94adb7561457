/* spawn: fork + execv of an argv array with a poll()-driven watchdog and capped capture. */
/* _GNU_SOURCE: pipe2 (O_CLOEXEC pipes without a race), wait4 (the child's rusage in one call),
 * SOCK_CLOEXEC and vfork. All are Linux/glibc; none is in POSIX.1-2008.
 * vfork, not fork: the child borrows the parent's memory until execv, so starting a solver
 * costs the same whatever the size of our heap (fork copies page tables: 4x slower under
 * ASan, and slower for a campaign holding large stores). The child runs only syscall
 * wrappers (no malloc, no stdio) and never returns; both ASan and glibc support vfork. */
#define _GNU_SOURCE
#include "base/clock.h"
#include "run/spawn.h"
#include "run/guard.h"
#include "run/run.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum {
  CHUNK = 1 << 16,    /* bytes per read() */
  POLL_CAP_MS = 100,  /* longest sleep in poll(), to notice a child that exited while a
                         grandchild still holds its pipes */
};

/* ---- small helpers ---- */

double
sg_spawn_now (void)
{
  return sg_now ();
}

void
sg_spawn_result_init (sg_spawn_result *r)
{
  memset (r, 0, sizeof *r);
  sg_buf_init (&r->out);
  sg_buf_init (&r->err);
}

void
sg_spawn_result_reset (sg_spawn_result *r)
{
  sg_buf out = r->out, err = r->err;
  sg_buf_reset (&out);
  sg_buf_reset (&err);
  memset (r, 0, sizeof *r);
  r->out = out;
  r->err = err;
}

void
sg_spawn_result_free (sg_spawn_result *r)
{
  sg_buf_free (&r->out);
  sg_buf_free (&r->err);
  memset (r, 0, sizeof *r);
}

const char *
sg_spawn_signame (int sig, char *tmp, size_t size)
{
  switch (sig)
    {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    case SIGXCPU: return "SIGXCPU";
    case SIGPIPE: return "SIGPIPE";
    case SIGINT: return "SIGINT";
    case SIGHUP: return "SIGHUP";
    default: snprintf (tmp, size, "SIG%d", sig); return tmp;
    }
}

static void
close_fd (int *fd)
{
  if (*fd >= 0) close (*fd);
  *fd = -1;
}

/* Move *fd above 2 so dup2 onto 0/1/2 in the child can never clobber another of our fds. */
static bool
lift_fd (int *fd)
{
  if (*fd > 2) return true;
  int nfd = fcntl (*fd, F_DUPFD_CLOEXEC, 3);
  if (nfd < 0) return false;
  close (*fd);
  *fd = nfd;
  return true;
}

/* PATH lookup done in the parent (execvp semantics without its /bin/sh fallback for
 * ENOEXEC files and without malloc after fork). Returns 0 or an errno. */
uint64_t
sg_spawn_default_mem (uint32_t concurrent)
{
  long pages = sysconf (_SC_PHYS_PAGES), psize = sysconf (_SC_PAGESIZE);
  uint64_t total = pages > 0 && psize > 0 ? (uint64_t) pages * (uint64_t) psize : (uint64_t) 4 << 30;
  uint64_t share = total / 100u * SG_MEM_SHARE_PCT / (concurrent ? concurrent : 1);
  uint64_t floor = (uint64_t) SG_MEM_FLOOR_MB << 20;
  return share > floor ? share : floor;
}

int
sg_spawn_resolve (const char *name, char *out, size_t size)
{
  if (!*name) return ENOENT;
  if (strchr (name, '/'))
    {
      if (strlen (name) >= size) return ENAMETOOLONG;
      strcpy (out, name);
      return 0;
    }
  const char *path = getenv ("PATH");
  if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
  int err = ENOENT;
  size_t nlen = strlen (name);
  while (true)
    {
      const char *end = strchr (path, ':');
      size_t dlen = end ? (size_t) (end - path) : strlen (path);
      /* An empty entry is the current directory: "." takes one byte, counted before the
       * length check (it was not: a name of size - 2 bytes overflowed out by one). */
      size_t used = dlen ? dlen : 1;
      if (used + 1 + nlen < size)
        {
          if (dlen == 0) { out[0] = '.'; dlen = 1; }
          else memcpy (out, path, dlen);
          out[dlen] = '/';
          memcpy (out + dlen + 1, name, nlen + 1);
          struct stat st;
          if (stat (out, &st) == 0 && S_ISREG (st.st_mode))
            {
              if (access (out, X_OK) == 0) return 0;
              err = EACCES;
            }
        }
      if (!end) break;
      path = end + 1;
    }
  return err;
}

/* In the child, between vfork and exec: async-signal-safe calls that write no memory of the
 * parent's (besides errno). Never returns. */
static void __attribute__ ((noreturn))
child (const sg_spawn_opts *o, const char *path, int in_fd, int out_fd, int err_fd, int st_fd,
       pid_t parent, int guard_fd)
{
  setpgid (0, 0);
  /* Told before anything runs in the group: its guardian kills the group if we die (guard.h) */
  sg_guard_group_fd (guard_fd, getpid (), true);
  /* Die with the thread that started us, even when it is killed with -9; if it is already
   * gone (before prctl took effect), do not start at all. Not for a session (kept stdin): it
   * may be started by a short-lived probe thread and must outlive it; it ends at the EOF of
   * its stdin when we die. */
  if (!o->keep_stdin_open)
    {
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      if (getppid () != parent) _exit (127);
    }
  sigset_t none;
  sigemptyset (&none);
  sigprocmask (SIG_SETMASK, &none, NULL);
  /* Dispositions set to SIG_IGN survive exec; a solver must see the defaults. */
  static const int dfl[] = { SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGXCPU, SIGXFSZ };
  for (size_t i = 0; i < sizeof dfl / sizeof *dfl; i++) signal (dfl[i], SIG_DFL);
  int report[2] = { SG_EXEC_STEP_STDIO, 0 }; /* the step that failed, its errno */
  if (dup2 (in_fd, 0) < 0 || dup2 (out_fd, 1) < 0 || dup2 (err_fd, 2) < 0) goto fail;
  report[0] = SG_EXEC_STEP_CWD;
  if (o->cwd && chdir (o->cwd) != 0) goto fail;
  report[0] = SG_EXEC_STEP_LIMITS;
  if (o->mem_bytes)
    {
      struct rlimit rl = { (rlim_t) o->mem_bytes, (rlim_t) o->mem_bytes };
      if (setrlimit (RLIMIT_AS, &rl) != 0) goto fail;
    }
  if (o->cpu_s)
    {
      struct rlimit rl = { (rlim_t) o->cpu_s, (rlim_t) o->cpu_s + 1 };
      if (setrlimit (RLIMIT_CPU, &rl) != 0) goto fail;
    }
  report[0] = SG_EXEC_STEP_EXEC;
  execv (path, (char *const *) o->argv);
fail:;
  report[1] = errno;
  ssize_t w = write (st_fd, report, sizeof report);
  (void) w;
  _exit (127);
}

/* vfork in a frame of its own, so no caller's variable lives across it (-Wclobbered). */
static pid_t __attribute__ ((noinline))
launch (const sg_spawn_opts *o, const char *path, int in_fd, int out_fd, int err_fd, int st_fd)
{
  pid_t parent = getpid ();
  int guard_fd = sg_guard_fd ();
  pid_t pid = vfork ();
  if (pid == 0) child (o, path, in_fd, out_fd, err_fd, st_fd, parent, guard_fd);
  return pid;
}

/* ---- start ---- */

/* ---- supervision ---- */

static void
stop_set (sigset_t *s)
{
  sigemptyset (s);
  sigaddset (s, SIGINT);
  sigaddset (s, SIGTERM);
  sigaddset (s, SIGHUP);
}

void
sg_spawn_block_stop_signals (sigset_t *old)
{
  /* A signal this process ignores stays ignored and unblocked: blocked, Linux would queue it
   * (a campaign worker ignores the terminal's Ctrl-C; blocking it would make the worker die
   * of it in its next solver run). */
  sigset_t s;
  sigemptyset (&s);
  static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
    {
      struct sigaction sa;
      if (sigaction (sigs[i], NULL, &sa) == 0 && sa.sa_handler == SIG_IGN) continue;
      sigaddset (&s, sigs[i]);
    }
  pthread_sigmask (SIG_BLOCK, &s, old);
}

bool
sg_spawn_stop_pending (void)
{
  sigset_t p;
  if (sigpending (&p) != 0) return false;
  return sigismember (&p, SIGINT) == 1 || sigismember (&p, SIGTERM) == 1
         || sigismember (&p, SIGHUP) == 1;
}

void
sg_spawn_kill_child_groups (int sig)
{
  /* The children of every thread: /proc/self/task/TID/children (Linux 3.5+). */
  DIR *tasks = opendir ("/proc/self/task");
  if (!tasks) return;
  struct dirent *t;
  while ((t = readdir (tasks)))
    {
      if (t->d_name[0] == '.') continue;
      char path[64];
      snprintf (path, sizeof path, "/proc/self/task/%.20s/children", t->d_name);
      FILE *f = fopen (path, "r");
      if (!f) continue;
      long pid;
      /* Not the guardian (run/guard.h): it must outlive us to kill what our solvers left. */
      while (fscanf (f, "%ld", &pid) == 1)
        if (pid > 0 && getpgid ((pid_t) pid) == (pid_t) pid && !sg_guard_is_guardian ((pid_t) pid))
          kill ((pid_t) -pid, sig);
      fclose (f);
    }
  closedir (tasks);
}

/* Remove dir and the files in it (one level, as sg_run_tmpdir_make's directories are). */
static void
remove_private_dir (const char *dir)
{
  if (!dir || !dir[0]) return;
  sg_run_tmpdir_remove (dir);
}

void
sg_spawn_stop_now (const char *private_dir)
{
  sigset_t p, s;
  if (sigpending (&p) != 0) return;
  stop_set (&s);
  int sig = 0;
  for (int k = 0; k < 3 && !sig; k++)
    {
      int c = k == 0 ? SIGTERM : k == 1 ? SIGINT : SIGHUP;
      if (sigismember (&p, c) == 1) sig = c;
    }
  if (!sig) return;
  sg_spawn_kill_child_groups (SIGKILL);
  remove_private_dir (private_dir);
  /* The private directories of the other threads: $TMPDIR/smtgrind-PID-* (run.c). */
  const char *tmp = getenv ("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  char prefix[48];
  snprintf (prefix, sizeof prefix, "smtgrind-%ld-", (long) getpid ());
  DIR *d = opendir (tmp);
  if (d)
    {
      struct dirent *e;
      while ((e = readdir (d)))
        if (!strncmp (e->d_name, prefix, strlen (prefix)))
          {
            char path[PATH_MAX];
            if ((size_t) snprintf (path, sizeof path, "%s/%s", tmp, e->d_name) < sizeof path)
              remove_private_dir (path);
          }
      closedir (d);
    }
  sg_guard_stopping (); /* our solvers are gone: the guardian spares shared helpers */
  /* Unblock: the pending signal is delivered now, with its default action (termination).
   * A disposition someone set to ignore it (a campaign worker's SIGINT) discards it. */
  fflush (NULL);
  struct sigaction sa;
  if (sigaction (sig, NULL, &sa) == 0 && sa.sa_handler != SIG_IGN) signal (sig, SIG_DFL);
  sigset_t one;
  sigemptyset (&one);
  sigaddset (&one, sig);
  pthread_sigmask (SIG_UNBLOCK, &one, NULL);
  raise (sig);
  _exit (128 + sig); /* not reached */
}

static sg_rc
start_once (const sg_spawn_opts *o, sg_spawn_proc *p, sg_spawn_result *r)
{
  memset (p, 0, sizeof *p);
  p->pid = -1;
  p->in_fd = p->out_fd = p->err_fd = -1;
  if (!o || !o->argv || !o->argv[0]) return SG_RC_USAGE;
  if (o->stdin_kind == SG_STDIN_FILE && !o->stdin_path) return SG_RC_USAGE;
  p->grace_ms = o->grace_ms ? o->grace_ms : SG_SPAWN_DEFAULT_GRACE_MS;
  p->out_cap = o->out_cap ? o->out_cap : SG_SPAWN_DEFAULT_CAP;
  p->err_cap = o->err_cap ? o->err_cap : SG_SPAWN_DEFAULT_CAP;
  p->t0 = sg_spawn_now ();
  p->private_dir = o->private_dir;
  if (sg_spawn_stop_pending ()) sg_spawn_stop_now (o->private_dir);
  if (r) r->mem_limit = o->mem_bytes;

  char path[PATH_MAX];
  int e = sg_spawn_resolve (o->argv[0], path, sizeof path);
  if (!e && o->cwd && path[0] != '/')
    {
      /* A relative program path means relative to our directory, not to cwd. */
      char here[PATH_MAX], abs[PATH_MAX];
      if (!getcwd (here, sizeof here)) e = errno;
      else if ((size_t) snprintf (abs, sizeof abs, "%s/%s", here, path) >= sizeof abs)
        e = ENAMETOOLONG;
      else strcpy (path, abs);
    }
  if (e)
    {
      r->end = SG_END_EXEC_FAILED;
      r->exec_step = SG_EXEC_STEP_LOOKUP;
      r->exec_errno = e;
      return SG_RC_OK;
    }

  int child_in = -1, outp[2] = { -1, -1 }, errp[2] = { -1, -1 }, stp[2] = { -1, -1 };
  int sv[2] = { -1, -1 };
  sg_rc rc = SG_RC_IO;
  if (o->stdin_kind == SG_STDIN_PIPE)
    {
      /* A socket pair, so the parent can write with MSG_NOSIGNAL: no SIGPIPE, no handler. */
      if (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) goto fail;
      child_in = sv[1];
      p->in_fd = sv[0];
      sv[0] = sv[1] = -1;
      shutdown (child_in, SHUT_WR);
    }
  else
    {
      const char *f = o->stdin_kind == SG_STDIN_FILE ? o->stdin_path : "/dev/null";
      child_in = open (f, O_RDONLY | O_CLOEXEC | O_NOCTTY);
      if (child_in < 0)
        {
          /* An unreadable input file is the caller's error, not the solver's. */
          rc = SG_RC_IO;
          goto fail;
        }
    }
  if (pipe2 (outp, O_CLOEXEC) != 0 || pipe2 (errp, O_CLOEXEC) != 0 || pipe2 (stp, O_CLOEXEC) != 0)
    goto fail;
  if (!lift_fd (&child_in) || !lift_fd (&outp[0]) || !lift_fd (&outp[1]) || !lift_fd (&errp[0])
      || !lift_fd (&errp[1]) || !lift_fd (&stp[0]) || !lift_fd (&stp[1])
      || (p->in_fd >= 0 && !lift_fd (&p->in_fd)))
    goto fail;

  pid_t pid = launch (o, path, child_in, outp[1], errp[1], stp[1]);
  if (pid < 0) goto fail;
  setpgid (pid, pid); /* also in the parent: no race with an early kill(-pid) */
  p->pid = pid;
  close_fd (&child_in);
  close_fd (&outp[1]);
  close_fd (&errp[1]);
  close_fd (&stp[1]);
  p->out_fd = outp[0];
  p->err_fd = errp[0];

  /* The status pipe closes on a successful exec (CLOEXEC); otherwise it carries the step
   * that failed and its errno. */
  int report[2] = { 0, 0 };
  size_t got = 0;
  while (got < sizeof report)
    {
      ssize_t n = read (stp[0], (char *) report + got, sizeof report - got);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      got += (size_t) n;
    }
  close_fd (&stp[0]);
  if (got == sizeof report)
    {
      sg_spawn_kill (p, NULL);
      r->end = SG_END_EXEC_FAILED;
      r->exec_step = report[0];
      r->exec_errno = report[1];
      return SG_RC_OK;
    }
  if (p->in_fd >= 0)
    {
      int fl = fcntl (p->in_fd, F_GETFL);
      if (fl >= 0) fcntl (p->in_fd, F_SETFL, fl | O_NONBLOCK);
      if (o->stdin_data || !o->keep_stdin_open)
        sg_spawn_send (p, o->stdin_data, o->stdin_data ? o->stdin_len : 0, !o->keep_stdin_open);
    }
  return SG_RC_OK;

fail:
  close_fd (&child_in);
  close_fd (&outp[0]);
  close_fd (&outp[1]);
  close_fd (&errp[0]);
  close_fd (&errp[1]);
  close_fd (&stp[0]);
  close_fd (&stp[1]);
  close_fd (&sv[0]);
  close_fd (&sv[1]);
  close_fd (&p->in_fd);
  return rc;
}

sg_rc
sg_spawn_start (const sg_spawn_opts *o, sg_spawn_proc *p, sg_spawn_result *r)
{
  sg_rc rc = start_once (o, p, r);
  /* A failure to start that passes (execve short of memory, a binary being replaced, a
   * process limit reached) is tried once more after a pause: the fuzz loop stops at a solver
   * that cannot start (loop/loop.h), which must mean one that cannot. */
  if (rc == SG_RC_OK && r && r->end == SG_END_EXEC_FAILED
      && (r->exec_errno == ENOMEM || r->exec_errno == EAGAIN || r->exec_errno == ETXTBSY))
    {
      struct timespec ts = { 0, 200 * 1000 * 1000 };
      nanosleep (&ts, NULL);
      r->end = SG_END_NONE;
      r->exec_step = r->exec_errno = 0;
      rc = start_once (o, p, r);
    }
  return rc;
}

void
sg_spawn_send (sg_spawn_proc *p, const char *data, size_t len, bool close_after)
{
  p->in_data = data;
  p->in_len = data ? len : 0;
  p->in_off = 0;
  p->in_close = close_after;
  if (p->in_fd >= 0 && p->in_len == 0 && close_after) close_fd (&p->in_fd);
}

/* ---- the poll loop ---- */

/* Append a chunk to a capped buffer. */
static void
keep (sg_buf *b, size_t cap, bool *trunc, uint64_t *total, const char *data, size_t n)
{
  *total += n;
  size_t room = b->len < cap ? cap - b->len : 0;
  size_t k = n < room ? n : room;
  if (k) sg_buf_add (b, data, k);
  if (k < n) *trunc = true;
}

/* Read once from *fd into the result; closes it at EOF or error. */
static size_t
drain_once (int *fd, sg_buf *b, size_t cap, bool *trunc, uint64_t *total, char *tmp,
            const char **data)
{
  ssize_t n;
  do n = read (*fd, tmp, CHUNK);
  while (n < 0 && errno == EINTR);
  if (n <= 0)
    {
      if (n < 0 && errno == EAGAIN) return 0;
      close_fd (fd);
      return 0;
    }
  keep (b, cap, trunc, total, tmp, (size_t) n);
  *data = tmp;
  return (size_t) n;
}

/* Write what stdin can take now. */
static void
feed (sg_spawn_proc *p, sg_spawn_result *r)
{
  while (p->in_fd >= 0 && p->in_off < p->in_len)
    {
      ssize_t n = send (p->in_fd, p->in_data + p->in_off, p->in_len - p->in_off,
                        MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      if (n < 0)
        {
          /* EPIPE / ECONNRESET: the child closed stdin (or died). */
          r->stdin_broken = true;
          close_fd (&p->in_fd);
          return;
        }
      p->in_off += (size_t) n;
    }
  if (p->in_fd >= 0 && p->in_off >= p->in_len && p->in_close) close_fd (&p->in_fd);
}

/* True when the child has exited (not reaped: WNOWAIT keeps the group id reserved). */
static bool
exited (const sg_spawn_proc *p)
{
  siginfo_t si;
  memset (&si, 0, sizeof si);
  int w;
  do w = waitid (P_PID, (id_t) p->pid, &si, WEXITED | WNOHANG | WNOWAIT);
  while (w < 0 && errno == EINTR);
  if (w < 0) return true; /* ECHILD: lost (SIGCHLD ignored); treat as gone */
  return si.si_pid == p->pid;
}

/* Watchdog step: SIGTERM at the deadline, SIGKILL after the grace. */
static void
watchdog (sg_spawn_proc *p, sg_spawn_result *r, double deadline, double now)
{
  if (!r->interrupted && sg_spawn_stop_pending ())
    {
      /* Told to stop: the solver's group goes first (the caller then dies of the signal). */
      kill (-p->pid, SIGKILL);
      r->interrupted = true;
      r->hard_killed = true;
      if (p->term_at == 0) p->term_at = now;
    }
  if (deadline > 0 && now >= deadline && p->term_at == 0)
    {
      kill (-p->pid, SIGTERM);
      p->term_at = now;
      r->timed_out = true;
    }
  if (p->term_at > 0 && !r->hard_killed && now >= p->term_at + p->grace_ms * 1e-3)
    {
      kill (-p->pid, SIGKILL);
      r->hard_killed = true;
    }
}

/* Milliseconds poll() may sleep. */
static int
sleep_ms (const sg_spawn_proc *p, const sg_spawn_result *r, double deadline, double now,
          bool kill_mode)
{
  double until = now + POLL_CAP_MS * 1e-3;
  if (deadline > 0 && p->term_at == 0 && deadline < until) until = deadline;
  if (kill_mode && p->term_at > 0 && !r->hard_killed)
    {
      double k = p->term_at + p->grace_ms * 1e-3;
      if (k < until) until = k;
    }
  double ms = (until - now) * 1e3;
  if (ms <= 0) return 0;
  return (int) ms + 1;
}

/* One poll round over stdin/stdout/stderr. Returns false on a poll failure. */
static bool
round_trip (sg_spawn_proc *p, sg_spawn_result *r, int wait_ms, sg_spawn_watch_fn *watch,
            void *ctx, bool *stop, char *tmp)
{
  struct pollfd fds[3];
  int nf = 0, io = -1, ie = -1, ii = -1;
  if (p->out_fd >= 0) { io = nf; fds[nf++] = (struct pollfd) { p->out_fd, POLLIN, 0 }; }
  if (p->err_fd >= 0) { ie = nf; fds[nf++] = (struct pollfd) { p->err_fd, POLLIN, 0 }; }
  if (p->in_fd >= 0 && p->in_off < p->in_len)
    { ii = nf; fds[nf++] = (struct pollfd) { p->in_fd, POLLOUT, 0 }; }
  int n = poll (fds, (nfds_t) nf, wait_ms);
  if (n < 0) return errno == EINTR;
  if (n == 0) return true;
  if (ii >= 0 && fds[ii].revents)
    {
      if (fds[ii].revents & (POLLERR | POLLHUP | POLLNVAL))
        {
          r->stdin_broken = p->in_off < p->in_len;
          close_fd (&p->in_fd);
        }
      else
        feed (p, r);
    }
  if (ie >= 0 && fds[ie].revents)
    {
      const char *d = NULL;
      drain_once (&p->err_fd, &r->err, p->err_cap, &r->err_truncated, &r->err_bytes, tmp, &d);
    }
  if (io >= 0 && fds[io].revents)
    {
      const char *d = NULL;
      size_t k = drain_once (&p->out_fd, &r->out, p->out_cap, &r->out_truncated, &r->out_bytes,
                             tmp, &d);
      if (k && watch && watch (ctx, d, k)) *stop = true;
    }
  return true;
}

sg_rc
sg_spawn_pump (sg_spawn_proc *p, double deadline, sg_spawn_watch_fn *watch, void *ctx,
               sg_spawn_result *r, sg_pump_stop *why)
{
  char *tmp = malloc (CHUNK);
  if (!tmp) return SG_RC_NOMEM;
  sg_rc rc = SG_RC_OK;
  feed (p, r);
  while (true)
    {
      /* Told to stop (SIGINT/SIGTERM/SIGHUP pending): a session's query is no exception to
       * the one-shot rule (watchdog): every child group goes, then we die of the signal. */
      if (sg_spawn_stop_pending ()) sg_spawn_stop_now (NULL);
      if (p->out_fd < 0 && p->err_fd < 0) { *why = SG_PUMP_EOF; break; }
      double now = sg_spawn_now ();
      if (deadline > 0 && now >= deadline) { *why = SG_PUMP_DEADLINE; break; }
      bool stop = false;
      int ms = sleep_ms (p, r, deadline, now, false);
      if (!round_trip (p, r, ms, watch, ctx, &stop, tmp)) { rc = SG_RC_IO; break; }
      if (stop) { *why = SG_PUMP_WATCH; break; }
      if (ms > 0 && exited (p))
        {
          /* Dead: take what is already in the pipes, then report EOF. */
          while (!stop && (p->out_fd >= 0 || p->err_fd >= 0))
            {
              struct pollfd f[2] = { { p->out_fd, POLLIN, 0 }, { p->err_fd, POLLIN, 0 } };
              int n = poll (f, 2, 0);
              if (n < 0 && errno == EINTR) continue;
              if (n <= 0 || !round_trip (p, r, 0, watch, ctx, &stop, tmp)) break;
            }
          *why = stop ? SG_PUMP_WATCH : SG_PUMP_EOF;
          break;
        }
    }
  free (tmp);
  return rc;
}

sg_rc
sg_spawn_drain (sg_spawn_proc *p, sg_spawn_result *r)
{
  char *tmp = malloc (CHUNK);
  if (!tmp) return SG_RC_NOMEM;
  sg_rc rc = SG_RC_OK;
  bool stop = false;
  while (p->out_fd >= 0 || p->err_fd >= 0)
    {
      struct pollfd f[2] = { { p->out_fd, POLLIN, 0 }, { p->err_fd, POLLIN, 0 } };
      int n = poll (f, 2, 0);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      if (!round_trip (p, r, 0, NULL, NULL, &stop, tmp)) { rc = SG_RC_IO; break; }
    }
  free (tmp);
  return rc;
}

/* Reap: kill stragglers of the group (the zombie leader still holds the group id), wait4. */
static void
reap (sg_spawn_proc *p, sg_spawn_result *r)
{
  if (p->pid <= 0) return;
  if (r && p->in_fd >= 0 && p->in_off < p->in_len) r->stdin_broken = true;
  kill (-p->pid, SIGKILL);
  sg_guard_group (p->pid, false); /* before the wait: the group id cannot be reused yet */
  int st = 0;
  struct rusage ru;
  memset (&ru, 0, sizeof ru);
  pid_t w;
  do w = wait4 (p->pid, &st, 0, &ru);
  while (w < 0 && errno == EINTR);
  if (r)
    {
      r->wall_s = sg_spawn_now () - p->t0;
      if (w == p->pid)
        {
          if (WIFEXITED (st)) { r->end = SG_END_EXITED; r->exit_code = WEXITSTATUS (st); }
          else if (WIFSIGNALED (st)) { r->end = SG_END_SIGNALED; r->sig = WTERMSIG (st); }
          r->user_s = (double) ru.ru_utime.tv_sec + (double) ru.ru_utime.tv_usec * 1e-6;
          r->sys_s = (double) ru.ru_stime.tv_sec + (double) ru.ru_stime.tv_usec * 1e-6;
          r->maxrss = ru.ru_maxrss > 0 ? (uint64_t) ru.ru_maxrss * 1024u : 0;
        }
    }
  p->pid = -1;
  close_fd (&p->in_fd);
  close_fd (&p->out_fd);
  close_fd (&p->err_fd);
}

void
sg_spawn_kill (sg_spawn_proc *p, sg_spawn_result *r)
{
  reap (p, r);
}

sg_rc
sg_spawn_finish (sg_spawn_proc *p, double deadline, sg_spawn_result *r)
{
  if (p->pid <= 0) return SG_RC_OK;
  char *tmp = malloc (CHUNK);
  if (!tmp)
    {
      reap (p, r);
      return SG_RC_NOMEM;
    }
  sg_rc rc = SG_RC_OK;
  feed (p, r);
  double nap = 50e-6; /* exit wait after EOF: 50 us, doubling up to 10 ms */
  while (true)
    {
      double now = sg_spawn_now ();
      watchdog (p, r, deadline, now);
      if (p->out_fd < 0 && p->err_fd < 0)
        {
          if (exited (p)) break;
          double left = 10e-3;
          if (deadline > 0 && p->term_at == 0 && deadline - now < left) left = deadline - now;
          if (p->term_at > 0 && !r->hard_killed)
            {
              double k = p->term_at + p->grace_ms * 1e-3 - now;
              if (k < left) left = k;
            }
          if (nap < left) left = nap;
          if (left > 0)
            {
              struct timespec ts = { 0, (long) (left * 1e9) };
              nanosleep (&ts, NULL);
            }
          if (nap < 10e-3) nap *= 2;
          continue;
        }
      bool stop = false;
      int ms = sleep_ms (p, r, deadline, now, true);
      if (!round_trip (p, r, ms, NULL, NULL, &stop, tmp)) { rc = SG_RC_IO; break; }
      if (ms > 0 && p->exited_at == 0 && exited (p))
        {
          /* The child is gone but something (a grandchild) holds the pipes: kill the group
           * and allow one grace period for EOF before closing them ourselves. */
          p->exited_at = sg_spawn_now ();
          kill (-p->pid, SIGKILL);
        }
      if (p->exited_at > 0 && sg_spawn_now () > p->exited_at + p->grace_ms * 1e-3)
        {
          close_fd (&p->out_fd);
          close_fd (&p->err_fd);
        }
    }
  free (tmp);
  const char *dir = p->private_dir;
  reap (p, r);
  if (r->interrupted) sg_spawn_stop_now (dir);
  return rc;
}

sg_rc
sg_spawn_run (const sg_spawn_opts *o, sg_spawn_result *r)
{
  sg_spawn_result_reset (r);
  sg_spawn_proc p;
  sg_rc rc = sg_spawn_start (o, &p, r);
  if (rc != SG_RC_OK || r->end == SG_END_EXEC_FAILED)
    {
      r->wall_s = sg_spawn_now () - p.t0;
      return rc;
    }
  double deadline = o->timeout_ms ? p.t0 + o->timeout_ms * 1e-3 : 0;
  rc = sg_spawn_finish (&p, deadline, r);
  if (rc == SG_RC_OK && (!sg_buf_ok (&r->out) || !sg_buf_ok (&r->err))) rc = SG_RC_NOMEM;
  return rc;
}
