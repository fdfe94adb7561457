/* run: profile -> argv -> spawn (in a private directory) -> classify, for one-shot calls. */
#include "run/run.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/file.h"
#include "run/spawn.h"

bool
sg_run_proc_stat (long pid, sg_proc_stat *st)
{
  char path[64], buf[1024];
  snprintf (path, sizeof path, "/proc/%ld/stat", pid);
  int fd = open (path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  ssize_t n = read (fd, buf, sizeof buf - 1);
  close (fd);
  if (n <= 0) return false;
  buf[n] = 0;
  /* The name (field 2) may hold blanks and parentheses: fields 3 on follow the last ")". */
  const char *p = strrchr (buf, ')');
  if (!p || p[1] != ' ') return false;
  p += 2;
  st->state = *p;
  st->flags = 0;
  st->start = 0;
  st->pgrp = st->session = 0;
  for (int field = 3; field <= 22 && *p; field++)
    {
      if (field == 5) st->pgrp = strtol (p, NULL, 10);
      if (field == 6) st->session = strtol (p, NULL, 10);
      if (field == 9) st->flags = strtoul (p, NULL, 10);
      if (field == 22) { st->start = strtoull (p, NULL, 10); return true; }
      const char *sp = strchr (p, ' ');
      if (!sp) break;
      p = sp + 1;
    }
  return false;
}

bool
sg_run_pid_gone (long pid)
{
  if (kill ((pid_t) pid, 0) != 0) return errno == ESRCH; /* EPERM: alive, not ours to tell */
  /* A zombie is gone too (its parent has not reaped it yet, or never will: a PID 1 that reaps
   * nothing), and so is a process that is exiting (PF_EXITING, 0x4: its descriptors are being
   * closed, it starts nothing more). */
  sg_proc_stat st;
  if (!sg_run_proc_stat (pid, &st)) return kill ((pid_t) pid, 0) != 0 && errno == ESRCH;
  return st.state == 'Z' || st.state == 'X' || (st.flags & 0x4u);
}

/* The owner file of a private directory: "NS START\n", the PID namespace of the process that
 * made it (readlink /proc/self/ns/pid: "pid:[4026531836]") and that process's start time. A
 * PID read from a directory's name means something only in that namespace: a smtgrind in a
 * container (or `unshare --pid`) that shares our $TMPDIR sees none of our processes, and took
 * their directories for a dead process's, under a running enumeration. */
#define OWNER_FILE ".sg-owner"

bool
sg_run_proc_ours (void)
{
  char self[32];
  ssize_t n = readlink ("/proc/self", self, sizeof self - 1);
  if (n <= 0) return false;
  self[n] = '\0';
  char *end;
  long pid = strtol (self, &end, 10);
  return !*end && pid == (long) getpid ();
}

/* Our PID namespace, when /proc shows it (sg_run_proc_ours). */
static bool
own_pid_ns (char *ns, size_t size)
{
  if (!sg_run_proc_ours ()) return false;
  ssize_t n = readlink ("/proc/self/ns/pid", ns, size - 1);
  if (n <= 0) return false;
  ns[n] = '\0';
  return true;
}

/* May the sweep remove dir (named for pid, last changed at mtime)? When its owner file names
 * our namespace and pid is gone there, or runs with another start time (the PID was reused).
 * An owner file left empty or cut short (its maker killed between creating and writing it)
 * counts when the directory has not changed for a minute and pid is gone here: no live
 * process takes that long over one write. So does a directory without one (killed between
 * mkdtemp and the owner file; a thread's script written after a stop signal's removal of the
 * directory; an older smtgrind's): every smtgrind now writes it at once, so only such a
 * leftover, or a live older smtgrind's directory in another namespace, lacks it for a minute.
 * A directory whose owner file names another namespace is never removed. */

static bool
tmpdir_dead (const char *dir, long pid, const char *ns, time_t mtime)
{
  char path[PATH_MAX], buf[256];
  if ((size_t) snprintf (path, sizeof path, "%s/" OWNER_FILE, dir) >= sizeof path) return false;
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return errno == ENOENT && time (NULL) - mtime > 60 && sg_run_pid_gone (pid);
  ssize_t n = read (fd, buf, sizeof buf - 1);
  close (fd);
  buf[n > 0 ? n : 0] = '\0';
  char *sp = strchr (buf, ' '), *end = NULL;
  unsigned long long start = sp ? strtoull (sp + 1, &end, 10) : 0;
  if (!sp || end == sp + 1 || *end != '\n')
    return time (NULL) - mtime > 60 && sg_run_pid_gone (pid); /* cut short */
  if ((size_t) (sp - buf) != strlen (ns) || memcmp (buf, ns, (size_t) (sp - buf))) return false;
  if (sg_run_pid_gone (pid)) return true;
  sg_proc_stat st;
  return start && sg_run_proc_stat (pid, &st) && st.start != start;
}

uint32_t
sg_run_tmpdir_sweep (void)
{
  char ns[128];
  if (!own_pid_ns (ns, sizeof ns)) return 0; /* no /proc: nothing can be told */
  const char *tmp = getenv ("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  DIR *d = opendir (tmp);
  if (!d) return 0;
  uint32_t n = 0;
  struct dirent *e;
  while ((e = readdir (d)))
    {
      long pid = 0;
      char rest[32];
      if (strncmp (e->d_name, "smtgrind-", 9) || sscanf (e->d_name + 9, "%ld-%31s", &pid, rest) != 2
          || pid <= 0 || strlen (rest) != 6)
        continue;
      char path[PATH_MAX];
      if ((size_t) snprintf (path, sizeof path, "%s/%s", tmp, e->d_name) >= sizeof path) continue;
      struct stat st;
      if (lstat (path, &st) != 0 || !S_ISDIR (st.st_mode) || st.st_uid != getuid ()) continue;
      if (!tmpdir_dead (path, pid, ns, st.st_mtime)) continue; /* alive, or not ours to tell */
      sg_run_tmpdir_remove (path);
      n++;
    }
  closedir (d);
  return n;
}

sg_rc
sg_run_tmpdir_make (char *dir, size_t size)
{
  const char *tmp = getenv ("TMPDIR");
  if (!tmp || !*tmp) tmp = "/tmp";
  /* Our pid in the name: sg_spawn_stop_now removes every directory of this process. */
  if ((size_t) snprintf (dir, size, "%s/smtgrind-%ld-XXXXXX", tmp, (long) getpid ()) >= size)
    return SG_RC_IO;
  if (!mkdtemp (dir)) return SG_RC_IO;
  /* Its owner file (tmpdir_dead): without one, no other smtgrind's sweep removes it. */
  char ns[128], path[PATH_MAX], line[192];
  sg_proc_stat st;
  if (!own_pid_ns (ns, sizeof ns) || !sg_run_proc_stat ((long) getpid (), &st)) return SG_RC_OK;
  int n = snprintf (line, sizeof line, "%s %llu\n", ns, st.start);
  if (n <= 0 || (size_t) n >= sizeof line
      || (size_t) snprintf (path, sizeof path, "%s/" OWNER_FILE, dir) >= sizeof path)
    return SG_RC_OK;
  int fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) return SG_RC_OK;
  bool ok = sg_fd_write_all (fd, line, (size_t) n);
  if (close (fd) != 0 || !ok) unlink (path);
  return SG_RC_OK;
}

void
sg_run_tmpdir_remove (const char *dir)
{
  /* Again when a file came in meanwhile (a thread of the process between making it and
   * writing its owner file or script, while another removes it on a stop signal) */
  for (int round = 0; round < 3; round++)
    {
      DIR *d = opendir (dir);
      if (d)
        {
          struct dirent *e;
          char path[PATH_MAX];
          while ((e = readdir (d)))
            {
              if (!strcmp (e->d_name, ".") || !strcmp (e->d_name, "..")) continue;
              if ((size_t) snprintf (path, sizeof path, "%s/%s", dir, e->d_name) >= sizeof path)
                continue;
              if (unlink (path) != 0) rmdir (path); /* an empty subdirectory at most */
            }
          closedir (d);
        }
      if (rmdir (dir) == 0 || errno != ENOTEMPTY) return;
    }
}

/* Write text to dir/script.smt2 (the .smt2 name suits tools that guess the language). */
static sg_rc
write_script (const char *dir, const char *text, size_t len, char *path, size_t psize)
{
  if ((size_t) snprintf (path, psize, "%s/script.smt2", dir) >= psize) return SG_RC_IO;
  int fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return SG_RC_IO;
  bool ok = sg_fd_write_all (fd, text, len);
  return close (fd) == 0 && ok ? SG_RC_OK : SG_RC_IO;
}

/* The input: a path (file) or text (in memory). */
typedef struct input {
  const char *path; /* script file, or NULL */
  const char *text; /* script text when path is NULL */
  size_t len;       /* its length */
} input;

static sg_rc
run (const sg_profile *p, const sg_patterns *pats, const sg_run_opts *o, input in,
     sg_outcome *out, sg_buf *capture)
{
  char dir[PATH_MAX] = "", script[PATH_MAX + 16], abs[PATH_MAX + 8];
  const char *cwd = o->cwd;
  sg_rc rc = SG_RC_OK;
  if (!cwd)
    {
      if ((rc = sg_run_tmpdir_make (dir, sizeof dir))) return rc;
      cwd = dir;
      if (in.path && in.path[0] != '/')
        {
          /* The solver runs elsewhere: make the script's path absolute. */
          char here[PATH_MAX];
          if (!getcwd (here, sizeof here)
              || (size_t) snprintf (abs, sizeof abs, "%s/%s", here, in.path) >= sizeof abs)
            rc = SG_RC_IO;
          in.path = abs;
        }
    }
  if (!rc && !in.path && p->input == SG_INPUT_FILE)
    {
      /* A file-input profile gets a file, as a run from disk would (cvc5 1.0.3, for one,
       * cannot read a multi-line |symbol| from stdin). */
      if (!dir[0]) rc = sg_run_tmpdir_make (dir, sizeof dir);
      if (!rc) rc = write_script (dir, in.text, in.len, script, sizeof script);
      in.path = script;
    }

  sg_argv_opts ao = o->argv;
  sg_spawn_opts so;
  memset (&so, 0, sizeof so);
  if (in.path && p->input == SG_INPUT_FILE)
    {
      ao.script_path = in.path;
      ao.on_stdin = false;
    }
  else if (in.path)
    {
      ao.on_stdin = true;
      so.stdin_kind = SG_STDIN_FILE;
      so.stdin_path = in.path;
    }
  else
    {
      ao.on_stdin = true;
      so.stdin_kind = SG_STDIN_PIPE;
      so.stdin_data = in.text;
      so.stdin_len = in.len;
    }
  sg_strv argv;
  memset (&argv, 0, sizeof argv);
  if (!rc) rc = sg_profile_argv (p, &ao, &argv);
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  if (!rc)
    {
      so.argv = (const char *const *) argv.a;
      so.cwd = cwd;
      so.timeout_ms = o->timeout_ms;
      so.mem_bytes = p->as_unlimited ? 0 : o->mem_bytes;
      so.cpu_s = o->cpu_s;
      so.out_cap = so.err_cap = o->out_cap;
      so.private_dir = dir[0] ? dir : NULL;
      rc = sg_spawn_run (&so, &r);
    }
  if (!rc) rc = sg_classify_run (pats, p, &r, out);
  if (!rc) out->from_session = false;
  if (!rc && capture)
    {
      sg_buf_reset (capture);
      sg_buf_add (capture, r.out.s ? r.out.s : "", r.out.len);
      if (o->capture_stderr) sg_buf_add (capture, r.err.s ? r.err.s : "", r.err.len);
      if (!sg_buf_ok (capture)) rc = SG_RC_NOMEM;
    }
  sg_spawn_result_free (&r);
  sg_strv_free (&argv);
  if (dir[0]) sg_run_tmpdir_remove (dir);
  return rc;
}

sg_rc
sg_run_file (const sg_profile *p, const sg_patterns *pats, const sg_run_opts *o, const char *path,
             sg_outcome *out)
{
  return sg_run_file_capture (p, pats, o, path, out, NULL);
}

sg_rc
sg_run_text (const sg_profile *p, const sg_patterns *pats, const sg_run_opts *o, const char *text,
             size_t len, sg_outcome *out)
{
  return sg_run_text_capture (p, pats, o, text, len, out, NULL);
}

sg_rc
sg_run_file_capture (const sg_profile *p, const sg_patterns *pats, const sg_run_opts *o,
                     const char *path, sg_outcome *out, sg_buf *stdout_text)
{
  if (!path) return SG_RC_USAGE;
  return run (p, pats, o, (input) { path, NULL, 0 }, out, stdout_text);
}

sg_rc
sg_run_text_capture (const sg_profile *p, const sg_patterns *pats, const sg_run_opts *o,
                     const char *text, size_t len, sg_outcome *out, sg_buf *stdout_text)
{
  if (!text) text = "", len = 0;
  return run (p, pats, o, (input) { NULL, text, len }, out, stdout_text);
}
