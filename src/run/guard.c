/* guard: the guardian process that kills what we started once we are gone (guard.h). */
#define _GNU_SOURCE /* close_range, setenv */
#include "run/guard.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run/run.h"

enum { WORD_MAX = 48, SCAN_ROUNDS = 20, ENVIRON_MAX = 4 << 20, GROUPS_MAX = 1 << 14 };

/* The process groups of our solvers that the guardian was told of (sg_guard_group) and not yet
 * told are over: an array of group ids, kept short by dropping the groups that have no
 * process left (a lost 'e', a fork that died before it could send one). */
typedef struct guard_groups {
  pid_t *a;
  size_t n, cap;
} guard_groups;

static bool
groups_has (const guard_groups *g, long pgid)
{
  for (size_t i = 0; i < g->n; i++)
    if (g->a[i] == (pid_t) pgid) return true;
  return false;
}

/* Drop the groups no process is in any more: a group id cannot be reused while one is, so
 * the ids kept are ours until the next purge (at most a second apart). */
static void
groups_purge (guard_groups *g)
{
  size_t k = 0;
  for (size_t i = 0; i < g->n; i++)
    if (kill (-g->a[i], 0) == 0 || errno != ESRCH) g->a[k++] = g->a[i];
  g->n = k;
}

static void
groups_note (guard_groups *g, pid_t pgid, bool started)
{
  for (size_t i = 0; i < g->n; i++)
    if (g->a[i] == pgid)
      {
        g->a[i] = g->a[--g->n];
        break;
      }
  if (!started) return;
  if (g->n == g->cap) groups_purge (g);
  if (g->n == g->cap)
    {
      size_t nc = g->cap ? g->cap * 2 : 64;
      pid_t *na = nc <= GROUPS_MAX ? realloc (g->a, nc * sizeof *na) : NULL;
      if (!na) return; /* not recorded: the environment scan remains */
      g->a = na;
      g->cap = nc;
    }
  g->a[g->n++] = pgid;
}

/* Does the NUL-separated environment block env[0, n) list word in SMTGRIND_GUARD? */
static bool
env_lists (const char *env, size_t n, const char *word)
{
  static const char key[] = SG_GUARD_ENV "=";
  size_t kl = sizeof key - 1, wl = strlen (word);
  for (size_t i = 0; i < n;)
    {
      const char *e = env + i;
      size_t el = strnlen (e, n - i);
      if (el > kl && !memcmp (e, key, kl))
        for (size_t a = kl; a < el;)
          {
            const char *colon = memchr (e + a, ':', el - a);
            size_t b = colon ? (size_t) (colon - e) : el;
            if (b - a == wl && !memcmp (e + a, word, wl)) return true;
            a = b + 1;
          }
      i += el + 1;
    }
  return false;
}

/* Read /proc/PID/environ into *buf (grown as needed); its length, or 0. */
static size_t
read_environ (long pid, char **buf, size_t *cap)
{
  char path[64];
  snprintf (path, sizeof path, "/proc/%ld/environ", pid);
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  size_t n = 0;
  for (;;)
    {
      if (n == *cap)
        {
          size_t nc = *cap ? *cap * 2 : 1 << 16;
          char *nb = nc <= ENVIRON_MAX ? realloc (*buf, nc) : NULL;
          if (!nb) break;
          *buf = nb;
          *cap = nc;
        }
      ssize_t r = read (fd, *buf + n, *cap - n);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) break;
      n += (size_t) r;
    }
  close (fd);
  return n;
}

static int
pidfd_open_ (pid_t pid)
{
#ifdef SYS_pidfd_open
  return (int) syscall (SYS_pidfd_open, pid, 0);
#else
  (void) pid;
  errno = ENOSYS;
  return -1;
#endif
}

/* SIGKILL the process of pidfd (or of pid where pidfds are missing). */
static bool
kill_it (int pidfd, pid_t pid)
{
#ifdef SYS_pidfd_send_signal
  if (pidfd >= 0) return syscall (SYS_pidfd_send_signal, pidfd, SIGKILL, NULL, 0) == 0;
#endif
  (void) pidfd;
  return kill (pid, SIGKILL) == 0;
}

/* Kill every live process that started no earlier than `since` (the owner's start: nothing
 * older descends from it, and an older process's environment is never read) and lists word;
 * how many were killed. A pidfd taken before the environment is read makes sure the process
 * killed is the one read, not a later one with its PID. */
static unsigned
scan_and_kill (const char *word, unsigned long long since, bool spare_sessions,
               const guard_groups *groups, long sid, char **buf, size_t *cap)
{
  if (!sg_run_proc_ours ()) return 0; /* its PIDs are another namespace's: nothing to kill */
  DIR *d = opendir ("/proc");
  if (!d) return 0;
  unsigned found = 0;
  pid_t self = getpid ();
  struct dirent *e;
  while ((e = readdir (d)))
    {
      char *end;
      long pid = strtol (e->d_name, &end, 10);
      if (*end || pid <= 1 || (pid_t) pid == self) continue;
      sg_proc_stat st, st2;
      if (!sg_run_proc_stat (pid, &st) || st.start < since || st.state == 'Z' || st.state == 'X')
        continue;
      if (spare_sessions && st.session == pid) continue;
      /* Another guardian (a nested smtgrind's, such as a campaign's reducer, which carries our
       * word too) is spared: its smtgrind carries our word and dies here, and then it cleans
       * up after it (it alone was told of that one's solvers' groups) and exits. */
      if (st.session == pid && sg_guard_is_guardian ((pid_t) pid)) continue;
      int pidfd = pidfd_open_ ((pid_t) pid);
      if (pidfd < 0 && errno != ENOSYS) continue; /* gone already */
      /* The process of the pidfd is the one read (not a later one with its PID). In one of our
       * solvers' groups and in our session: ours, whatever its environment says (a solver
       * script may clear it); else ours when its environment lists our word. The session reads
       * 0 in a PID namespace whose session leader is outside it (a container, `unshare --pid`,
       * a CI runner), for ours and its solvers alike: that 0 is our session too. */
      bool ours = false;
      if (sg_run_proc_stat (pid, &st2) && st2.start == st.start)
        {
          ours = groups && sid >= 0 && st2.session == sid && groups_has (groups, st2.pgrp);
          if (!ours && word)
            {
              size_t n = read_environ (pid, buf, cap);
              ours = n && env_lists (*buf, n, word);
            }
        }
      if (ours && kill_it (pidfd, (pid_t) pid)) found++;
      if (pidfd >= 0) close (pidfd);
    }
  closedir (d);
  return found;
}

bool
sg_guard_is_guardian (pid_t pid)
{
  if (getsid (pid) != pid) return false;
  char path[64], comm[32];
  snprintf (path, sizeof path, "/proc/%ld/comm", (long) pid);
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  ssize_t n = read (fd, comm, sizeof comm - 1);
  close (fd);
  return n == 9 && !memcmp (comm, "sg-guard\n", 9);
}

/* The guardian: never returns. */
static void __attribute__ ((noreturn))
guardian (int rfd, const char *word, pid_t owner, int argc, char **argv)
{
  long sid = (long) getsid (0); /* the owner's session, which its solvers stay in (0: its leader
                                 * is outside our PID namespace; -1: unknown, no group kill) */
  setsid ();
  sg_proc_stat ost;
  unsigned long long since = sg_run_proc_stat ((long) owner, &ost) ? ost.start : 0;
  static const int ign[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGTSTP, SIGTTIN, SIGTTOU };
  for (size_t i = 0; i < sizeof ign / sizeof *ign; i++) signal (ign[i], SIG_IGN);
  sigset_t none;
  sigemptyset (&none);
  sigprocmask (SIG_SETMASK, &none, NULL);
  /* No terminal, no pipe of our caller's kept open (a `$(smtgrind ...)` would wait for it). */
  int null = open ("/dev/null", O_RDWR | O_CLOEXEC);
  if (null >= 0)
    {
      dup2 (null, 0);
      dup2 (null, 1);
      dup2 (null, 2);
    }
  /* rfd is above 2 (sg_guard_start); every other descriptor goes */
  if (rfd != 3 && dup2 (rfd, 3) == 3) rfd = 3;
  if (close_range ((unsigned) rfd + 1, ~0u, 0) != 0)
    for (int fd = rfd + 1; fd < 1024; fd++) close (fd);
  /* `sg-guard PID` in ps, "sg-guard" as comm: no pattern meant for smtgrind matches it. */
  if (argc > 0 && argv[0])
    {
      char *start = argv[0], *stop = argv[0] + strlen (argv[0]);
      for (int i = 1; i < argc && argv[i] == stop + 1; i++) stop = argv[i] + strlen (argv[i]);
      size_t room = (size_t) (stop - start);
      memset (start, 0, room);
      if (room > 1) snprintf (start, room, "sg-guard %ld", (long) owner);
    }
  prctl (PR_SET_NAME, "sg-guard");
  unsigned char msg[16];
  bool normal_end = false, stopped = false; /* sg_guard_end, sg_guard_stopping said so */
  guard_groups groups = { NULL, 0, 0 };     /* the solvers' groups running (sg_guard_group) */
  struct timespec last_purge;
  clock_gettime (CLOCK_MONOTONIC, &last_purge);
  for (;;)
    {
      /* A purge at least once a second, however busy the socket: a group whose 'e' never
       * came (a fork killed while its solver ran) is dropped once it is empty, before its id
       * could come round again. */
      struct pollfd pfd = { rfd, POLLIN, 0 };
      int pr = poll (&pfd, 1, 1000);
      if (pr < 0 && errno == EINTR) continue;
      struct timespec now;
      clock_gettime (CLOCK_MONOTONIC, &now);
      if (now.tv_sec - last_purge.tv_sec >= 2
          || (now.tv_sec - last_purge.tv_sec == 1 && now.tv_nsec >= last_purge.tv_nsec))
        {
          groups_purge (&groups);
          last_purge = now;
        }
      if (pr == 0) continue;
      ssize_t r = recv (rfd, msg, sizeof msg, MSG_DONTWAIT);
      if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (r < 0)
        {
          /* Not an end (a socket pair's end reads as 0): never a reason to kill, unless the
           * owner is gone meanwhile */
          if (sg_run_pid_gone ((long) owner)) break;
          struct timespec ts = { 0, 10 * 1000 * 1000 };
          nanosleep (&ts, NULL);
          continue;
        }
      if (r == 0) break; /* EOF: every holder of our end is gone */
      if (r == 1)
        {
          normal_end |= msg[0] == 'q';
          stopped |= msg[0] == 's';
        }
      else if (r == 5 && (msg[0] == 'g' || msg[0] == 'e'))
        {
          int32_t pg;
          memcpy (&pg, msg + 1, sizeof pg);
          if (pg > 1) groups_note (&groups, (pid_t) pg, msg[0] == 'g');
        }
    }
  char *buf = NULL;
  size_t cap = 0;
  groups_purge (&groups);
  /* A normal end has killed its solvers' groups and removed its directories: it looks at the
   * processes only when a group it was told of still has one (a fork that died while its
   * solver ran, whose script's children live on), and then kills only those: no environment
   * scan, which would cost every run a look at every process and would kill what a solver
   * script shares with other runs, such as an ssh ControlMaster. After a stop signal, what
   * leads its own session (such a shared helper) is spared; the rest, a worker's solver
   * script's children when the worker had to be killed, goes. Otherwise every process in our
   * solvers' groups (what a solver script started with its environment cleared has no word to
   * be found by) and every one that carries our word goes. */
  for (int round = 0; round < SCAN_ROUNDS && (!normal_end || groups.n); round++)
    {
      if (!scan_and_kill (normal_end ? NULL : word, since, stopped || normal_end, &groups, sid, &buf, &cap))
        break;
      struct timespec ts = { 0, 10 * 1000 * 1000 }; /* let them die before the next look */
      nanosleep (&ts, NULL);
    }
  free (groups.a);
  if (normal_end)
    {
      free (buf);
      _exit (0);
    }
  free (buf);
  /* The directories go once their processes are gone: EOF came as the last holder's
   * descriptors closed, while it was exiting (sg_run_pid_gone counts that); at most 2 s. */
  for (int i = 0; i < 400 && !sg_run_pid_gone ((long) owner); i++)
    {
      struct timespec ts = { 0, 5 * 1000 * 1000 };
      nanosleep (&ts, NULL);
    }
  sg_run_tmpdir_sweep ();
  _exit (0);
}

sg_rc
sg_guard_start (sg_guard *g, int argc, char **argv)
{
  g->pid = 0;
  g->fd = -1;
  unsetenv (SG_GUARD_FD_ENV); /* an outer smtgrind's, whose descriptor we do not hold */
  unsigned char rnd[8];
  if (getrandom (rnd, sizeof rnd, 0) != (ssize_t) sizeof rnd)
    {
      struct timespec ts;
      clock_gettime (CLOCK_MONOTONIC, &ts);
      memcpy (rnd, &ts.tv_nsec, sizeof rnd < sizeof ts.tv_nsec ? sizeof rnd : sizeof ts.tv_nsec);
    }
  char word[WORD_MAX];
  int k = snprintf (word, sizeof word, "%ld.", (long) getpid ());
  for (size_t i = 0; i < sizeof rnd && k + 2 < (int) sizeof word; i++)
    k += snprintf (word + k, sizeof word - (size_t) k, "%02x", rnd[i]);
  /* Appended to an outer smtgrind's words; a value no smtgrind nesting makes (over 1 KiB)
   * is replaced, so that it cannot grow into "Argument list too long" for every solver. */
  const char *old = getenv (SG_GUARD_ENV);
  size_t ol = old ? strlen (old) : 0;
  if (ol > 1024) ol = 0;
  char *val = malloc (ol + 1 + strlen (word) + 1);
  if (!val) return SG_RC_NOMEM;
  if (ol) sprintf (val, "%s:%s", old, word);
  else strcpy (val, word);
  /* A socket pair, not a pipe: the normal end's word is sent with MSG_NOSIGNAL, so a guardian
   * someone killed costs no SIGPIPE. SEQPACKET: no other socket of ours has that type, which is
   * how sg_guard_stopping finds it. */
  int pfd[2];
  if (socketpair (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pfd) != 0) { free (val); return SG_RC_IO; }
  /* Started with 0, 1 or 2 closed, a socket there would be read as our stdin (`check -`) or
   * replaced by the guardian's /dev/null: both ends go above 2. */
  for (int i = 0; i < 2; i++)
    if (pfd[i] <= 2)
      {
        int hi = fcntl (pfd[i], F_DUPFD_CLOEXEC, 3);
        if (hi < 0)
          {
            free (val);
            close (pfd[0]);
            close (pfd[1]);
            return SG_RC_IO;
          }
        close (pfd[i]);
        pfd[i] = hi;
      }
  if (setenv (SG_GUARD_ENV, val, 1) != 0)
    {
      free (val);
      close (pfd[0]);
      close (pfd[1]);
      return SG_RC_NOMEM;
    }
  pid_t owner = getpid ();
  pid_t pid = fork ();
  if (pid < 0)
    {
      /* No guardian: the word goes again (an outer smtgrind's words stay). */
      int e = errno;
      val[ol] = '\0';
      if (ol) setenv (SG_GUARD_ENV, val, 1);
      else unsetenv (SG_GUARD_ENV);
      free (val);
      close (pfd[0]);
      close (pfd[1]);
      errno = e;
      return SG_RC_IO;
    }
  free (val);
  if (pid == 0)
    {
      close (pfd[1]);
      guardian (pfd[0], word, owner, argc, argv);
    }
  close (pfd[0]);
  g->pid = pid;
  g->fd = pfd[1];
  char num[16];
  snprintf (num, sizeof num, "%d", pfd[1]);
  setenv (SG_GUARD_FD_ENV, num, 1); /* for sg_guard_group; without it, groups go untold */
  return SG_RC_OK;
}

int
sg_guard_fd (void)
{
  const char *v = getenv (SG_GUARD_FD_ENV);
  if (!v) return -1;
  char *end;
  long fd = strtol (v, &end, 10);
  if (*end || end == v || fd < 3 || fd > 1 << 20) return -1;
  /* Ours: the only SEQPACKET socket of this process (sg_guard_start) */
  int type = 0;
  socklen_t tl = sizeof type;
  if (getsockopt ((int) fd, SOL_SOCKET, SO_TYPE, &type, &tl) != 0 || type != SOCK_SEQPACKET) return -1;
  return (int) fd;
}

void
sg_guard_group_fd (int fd, pid_t pgid, bool started)
{
  if (fd < 0 || pgid <= 1) return;
  /* 'g' or 'e', then the id as the guardian's int32_t (same process image, same byte order),
   * written byte by byte: no library call but send */
  union { int32_t v; unsigned char b[4]; } id = { .v = (int32_t) pgid };
  unsigned char msg[5] = { (unsigned char) (started ? 'g' : 'e'), id.b[0], id.b[1], id.b[2], id.b[3] };
  if (send (fd, msg, sizeof msg, MSG_NOSIGNAL | MSG_DONTWAIT) < 0) {} /* best effort */
}

void
sg_guard_group (pid_t pgid, bool started)
{
  sg_guard_group_fd (sg_guard_fd (), pgid, started);
}

void
sg_guard_end (sg_guard *g)
{
  if (g->fd >= 0)
    {
      if (send (g->fd, "q", 1, MSG_NOSIGNAL) < 0) {} /* a normal end: no need to wait for us */
      close (g->fd);
    }
  g->fd = -1;
  unsetenv (SG_GUARD_FD_ENV);
  if (g->pid > 0)
    while (waitpid (g->pid, NULL, 0) < 0 && errno == EINTR) {}
  g->pid = 0;
}

void
sg_guard_stopping (void)
{
  DIR *d = opendir ("/proc/self/fd");
  if (!d) return;
  int dfd = dirfd (d);
  pid_t self = getpid ();
  struct dirent *e;
  while ((e = readdir (d)))
    {
      char *end;
      long fd = strtol (e->d_name, &end, 10);
      if (*end || fd < 0 || fd > 1 << 20 || fd == dfd) continue;
      int type = 0;
      socklen_t tl = sizeof type;
      struct ucred cr;
      socklen_t cl = sizeof cr;
      /* Ours: a SEQPACKET socket pair made by this very process (a fork, a campaign worker,
       * sees its parent as the maker and says nothing). */
      if (getsockopt ((int) fd, SOL_SOCKET, SO_TYPE, &type, &tl) != 0 || type != SOCK_SEQPACKET
          || getsockopt ((int) fd, SOL_SOCKET, SO_PEERCRED, &cr, &cl) != 0 || cr.pid != self)
        continue;
      if (send ((int) fd, "s", 1, MSG_NOSIGNAL) < 0) {}
    }
  closedir (d);
}
