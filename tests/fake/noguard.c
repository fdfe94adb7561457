/* noguard: an LD_PRELOAD library for cli_supervise that keeps smtgrind's guardian
 * (src/run/guard.h) from starting, so that the path without one is tested.
 *   SG_NOGUARD=socketpair  the process's first socketpair fails (EMFILE)
 *   SG_NOGUARD=fork        the process's first fork fails (EAGAIN)
 * The variable is removed at that first call, so nothing the process starts afterwards (the
 * solvers, a shell's own forks) is touched. Built without sanitizers (CMakeLists.txt). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

/* True once, at the first call to the function the variable names. */
static int
fail_now (const char *fn)
{
  const char *m = getenv ("SG_NOGUARD");
  if (!m || strcmp (m, fn) != 0) return 0;
  unsetenv ("SG_NOGUARD");
  return 1;
}

int
socketpair (int domain, int type, int protocol, int sv[2])
{
  if (fail_now ("socketpair"))
    {
      errno = EMFILE;
      return -1;
    }
  int (*real) (int, int, int, int[2]);
  *(void **) &real = dlsym (RTLD_NEXT, "socketpair");
  return real (domain, type, protocol, sv);
}

pid_t
fork (void)
{
  if (fail_now ("fork"))
    {
      errno = EAGAIN;
      return -1;
    }
  pid_t (*real) (void);
  *(void **) &real = dlsym (RTLD_NEXT, "fork");
  return real ();
}
