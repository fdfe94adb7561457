/* guard: every process a command starts dies with it, even after a kill -9 of ours.
 * Owns: the guardian process of one smtgrind process and the socket pair to it.
 *
 * PR_SET_PDEATHSIG kills a solver when the thread that started it dies, but not the solver's
 * own children (a wrapper script's solver, which no signal of ours reaches once we are gone),
 * and a session solver deep in a query reads no EOF. So, at the start of a command:
 *   - this process appends WORD (PID.RANDOM) to the environment variable SMTGRIND_GUARD
 *     (":"-separated), which every process we start and all of its descendants inherit;
 *   - it forks the guardian, which holds one end of a socket pair whose other end only this
 *     process and its forks (campaign workers, reducer candidates) hold (close-on-exec). The guardian leaves
 *     our session and process group, ignores the stop signals, has no terminal, and names
 *     itself `sg-guard PID` (comm "sg-guard"), so `pkill smtgrind` and a kill of our process
 *     group miss it.
 * Every solver we start leads a process group of its own (spawn.c); the guardian is told when
 * one starts (by the child itself, before exec) and when it is about to be reaped
 * (sg_guard_group), through our end of the socket, whose descriptor this process names in
 * SMTGRIND_GUARD_FD. It keeps those groups, and drops each once no process is in it (a purge
 * at least once a second: a group whose end it was never told of, a fork killed while its
 * solver ran, cannot have its id reused before then).
 * When the last holder of our end is gone (EOF) without the word of a normal end, however it
 * died, the guardian kills (SIGKILL, through a pidfd) every process that started after
 * smtgrind and either is in one of those groups and in smtgrind's session (what a solver
 * script started with its environment cleared) or has an environment that lists WORD in
 * SMTGRIND_GUARD (until a scan finds none), waits until
 * smtgrind is gone (at most 2 s), removes the private directories of dead smtgrind processes
 * (sg_run_tmpdir_sweep) and exits. A nested smtgrind (a campaign's reducer) appends its own
 * word, so its solvers die with either. On a normal end, sg_guard_end says so, closes our end
 * and waits for the guardian, which exits at once unless a group it keeps still has a process
 * (then it kills those alone): our solvers' groups were killed and our directories removed
 * already, and a scan by WORD would kill what a solver script shares with other
 * runs (an ssh ControlMaster). A death by a stop signal (SIGINT, SIGTERM, SIGHUP: spawn.h)
 * tells it first (sg_guard_stopping): its scan then spares session leaders (such helpers). sg_spawn_kill_child_groups and sg_camp_reap_orphans spare it
 * (sg_guard_is_guardian).
 * Linux only (/proc/PID/environ). Tests: tests/cli (group supervise). */
#ifndef SG_RUN_GUARD_H
#define SG_RUN_GUARD_H

#include <stdbool.h>
#include <sys/types.h>

#include "base/rc.h"

#define SG_GUARD_ENV "SMTGRIND_GUARD"
#define SG_GUARD_FD_ENV "SMTGRIND_GUARD_FD"

typedef struct sg_guard {
  pid_t pid; /* the guardian; 0 = none */
  int fd;    /* our end of the socket pair; -1 = none */
} sg_guard;

/* Start the guardian; call while this process is single-threaded. argv (main's) is used for
 * the guardian's name. On failure (no fork, no socket) g holds none and the command runs as
 * before: the caller warns. */
sg_rc sg_guard_start (sg_guard *g, int argc, char **argv);
/* Normal end: say so, close our end and reap the guardian (it exits at once). */
void sg_guard_end (sg_guard *g);
/* About to die of a stop signal, our solvers' groups killed and our directories removed
 * (sg_spawn_stop_now): tell the guardian, which then spares what leads its own session (a
 * helper a solver script shares with other runs) and kills the rest that carries its word.
 * Only the process that started the guardian says so; without a guardian it does nothing. */
void sg_guard_stopping (void);
/* Tell this process's guardian that the process group pgid (a solver we started, its leader)
 * started, or (started false) is about to be reaped: it was killed, and its leader is not yet
 * waited for, so the group id cannot have been reused. Best effort (a full socket or no
 * guardian: nothing is sent; a lost start leaves the environment scan, a lost end the
 * guardian's purge); safe from any thread and from a fork (a campaign worker) that holds our
 * end. */
void sg_guard_group (pid_t pgid, bool started);
/* Our end of the guardian's socket (named by SMTGRIND_GUARD_FD, and a SEQPACKET socket), or -1. */
int sg_guard_fd (void);
/* sg_guard_group on that descriptor (-1: nothing): async-signal-safe, so a child between
 * vfork and exec tells of its own group before it runs anything. */
void sg_guard_group_fd (int fd, pid_t pgid, bool started);
/* Is pid a guardian (leads its own session, named "sg-guard")? sg_spawn_kill_child_groups and
 * sg_camp_reap_orphans spare it: it must outlive us. */
bool sg_guard_is_guardian (pid_t pid);

#endif
