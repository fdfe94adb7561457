/* camp_lock: campaign.lock — one session of a campaign at a time (flock, held by every
 * process of the session through fork), the pid of the session written in it, and the name
 * of the holder when a session is refused. */
#define _DEFAULT_SOURCE
#include "campaign/campaign_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <sys/file.h>

#include "base/clock.h"

/* flock campaign.lock. The processes of a session killed a moment ago (kill -9) die a few
 * milliseconds after it (PR_SET_PDEATHSIG): wait up to 2 s for them. Our pid is written into
 * the file, for the message of a session refused. */
static bool
take_lock (int fd)
{
  for (int i = 0; flock (fd, LOCK_EX | LOCK_NB) != 0; i++)
    {
      if ((errno != EWOULDBLOCK && errno != EINTR) || i >= 40) return false;
      sg_nap (0.05);
    }
  char pid[32];
  int n = snprintf (pid, sizeof pid, "%ld\n", (long) getpid ());
  if (ftruncate (fd, 0) != 0 || pwrite (fd, pid, (size_t) n, 0) != n) { /* only informative */ }
  return true;
}

/* A process other than us with the file of fd open (/proc/PID/fd), or 0. (/proc/locks names
 * the process that took a flock, which may be gone while a child it forked holds it.) */
static long
lock_user (int fd)
{
  struct stat lk;
  if (fstat (fd, &lk) != 0) return 0;
  DIR *pd = opendir ("/proc");
  if (!pd) return 0;
  long found = 0;
  struct dirent *e;
  while (!found && (e = readdir (pd)))
    {
      char *end;
      long pid = strtol (e->d_name, &end, 10);
      if (*end || pid <= 0 || (pid_t) pid == getpid ()) continue;
      char path[64];
      snprintf (path, sizeof path, "/proc/%ld/fd", pid);
      DIR *fds = opendir (path);
      if (!fds) continue;
      struct dirent *f;
      while (!found && (f = readdir (fds)))
        {
          char link[96];
          struct stat st;
          if (f->d_name[0] == '.') continue;
          snprintf (link, sizeof link, "/proc/%ld/fd/%.20s", pid, f->d_name);
          if (stat (link, &st) == 0 && st.st_dev == lk.st_dev && st.st_ino == lk.st_ino) found = pid;
        }
      closedir (fds);
    }
  closedir (pd);
  return found;
}

/* Who holds the lock of fd: the session's pid (written by take_lock) when it lives, else a
 * process that has the file open (one left by a session that is gone). */
static void
lock_holder (int fd, char *out, size_t size)
{
  long session = 0;
  char buf[32] = "";
  ssize_t n = pread (fd, buf, sizeof buf - 1, 0);
  if (n > 0) session = strtol (buf, NULL, 10);
  if (session > 0 && (kill ((pid_t) session, 0) == 0 || errno == EPERM))
    {
      snprintf (out, size, " (pid %ld)", session);
      return;
    }
  long holder = lock_user (fd);
  if (holder > 0)
    snprintf (out, size, " (campaign.lock is held by pid %ld, a process left by a session that"
                         " is gone: stop it, then try again)", holder);
}


int
sg_camp_lock (const char *dir, const char *who, FILE *log)
{
  /* One session at a time: the lock is held by every process of the session (flock locks
   * follow the open file through fork) and released when the last one ends. */
  char lockpath[PATH_MAX];
  snprintf (lockpath, sizeof lockpath, "%s/campaign.lock", dir);
  int lock = open (lockpath, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
  if (lock < 0 || !take_lock (lock))
    {
      char holder[200] = "";
      if (lock >= 0) lock_holder (lock, holder, sizeof holder);
      fprintf (log, "%s: error: %s: %s%s\n", who, dir,
               lock < 0 ? strerror (errno) : "another session (a campaign or a merge) holds this directory", holder);
      if (lock >= 0) close (lock);
      return -1;
    }
  return lock;
}

int
sg_campaign_lock (const char *dir, FILE *log)
{
  return sg_camp_lock (dir, "campaign", log);
}
