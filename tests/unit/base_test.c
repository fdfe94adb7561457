/* base_test: the base helpers other tests do not reach: the monotonic clock and sg_nap, mkdir -p
 * (nested, existing, a file in the way, a path too long), and the JSON writer read back by the
 * reader (every byte of a string, exact 64-bit numbers, null), and SG_BUFS_FREE (vecs' and plain
 * buffers freed and set to NULL). */
#define _GNU_SOURCE /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/file.h"
#include "base/json.h"
#include "base/vec.h"

static void
test_clock (void **state)
{
  (void) state;
  double a = sg_now ();
  sg_nap (0.02);
  double b = sg_now ();
  assert_true (b - a >= 0.019);
  assert_true (b - a < 5);
  sg_nap (0);
  assert_true (sg_now () >= b);
}

static void
test_mkdir_p (void **state)
{
  (void) state;
  char dir[] = "/tmp/sg-base-test.XXXXXX";
  assert_non_null (mkdtemp (dir));
  char p[PATH_MAX];
  snprintf (p, sizeof p, "%s/a/b//c/", dir);
  assert_true (sg_mkdir_p (p));
  struct stat st;
  snprintf (p, sizeof p, "%s/a/b/c", dir);
  assert_int_equal (stat (p, &st), 0);
  assert_true (S_ISDIR (st.st_mode));
  assert_true (sg_mkdir_p (p)); /* exists: fine */
  char f[PATH_MAX];
  snprintf (f, sizeof f, "%s/file", dir);
  FILE *fp = fopen (f, "w");
  assert_non_null (fp);
  fclose (fp);
  snprintf (p, sizeof p, "%s/file/sub", dir);
  assert_false (sg_mkdir_p (p));
  assert_int_equal (errno, ENOTDIR);
  char longp[PATH_MAX + 16];
  memset (longp, 'x', sizeof longp - 1);
  longp[0] = '/';
  longp[sizeof longp - 1] = 0;
  assert_false (sg_mkdir_p (longp));
  assert_int_equal (errno, ENAMETOOLONG);
  unlink (f);
  const char *rm[] = { "a/b/c", "a/b", "a", "" };
  for (int i = 0; i < 4; i++)
    {
      snprintf (p, sizeof p, "%s/%s", dir, rm[i]);
      assert_int_equal (rmdir (p), 0);
    }
}

/* sg_file_write_new never replaces: the first writer's bytes stay, the second is told (EOF),
 * and no temporary file is left beside them. */
static void
test_write_new (void **state)
{
  (void) state;
  char dir[] = "/tmp/sg-base-test.XXXXXX";
  assert_non_null (mkdtemp (dir));
  char p[PATH_MAX];
  snprintf (p, sizeof p, "%s/f.smt2", dir);
  assert_int_equal (sg_file_write_new (p, "first", 5, false), SG_RC_OK);
  assert_int_equal (sg_file_write_new (p, "second", 6, false), SG_RC_EOF);
  char *text = NULL;
  size_t len = 0;
  sg_diag d;
  sg_diag_init (&d, p);
  assert_int_equal (sg_file_read (p, 100, &text, &len, &d), SG_RC_OK);
  assert_string_equal (text, "first");
  free (text);
  snprintf (p, sizeof p, "%s/no/such/dir/f", dir);
  assert_int_equal (sg_file_write_new (p, "x", 1, false), SG_RC_IO);
  /* Mode 0666 before the umask, as fopen's (not mkstemp's 0600): a finding or reduced file is
   * as readable as the user's other files, and a umask of 077 still keeps it private. */
  mode_t old = umask (022);
  struct stat st;
  snprintf (p, sizeof p, "%s/g.smt2", dir);
  assert_int_equal (sg_file_write_new (p, "g", 1, false), SG_RC_OK);
  assert_int_equal (stat (p, &st), 0);
  assert_int_equal (st.st_mode & 0777, 0644);
  assert_int_equal (unlink (p), 0);
  umask (077);
  assert_int_equal (sg_file_write_atomic (p, "g", 1, true), SG_RC_OK);
  assert_int_equal (stat (p, &st), 0);
  assert_int_equal (st.st_mode & 0777, 0600);
  umask (022);
  assert_int_equal (sg_file_write_atomic (p, "h", 1, false), SG_RC_OK); /* over it: kept */
  assert_int_equal (stat (p, &st), 0);
  assert_int_equal (st.st_mode & 0777, 0600);
  assert_int_equal (chmod (p, 0664), 0);
  umask (077);
  assert_int_equal (sg_file_write_atomic (p, "i", 1, false), SG_RC_OK);
  assert_int_equal (stat (p, &st), 0);
  assert_int_equal (st.st_mode & 0777, 0664);
  assert_int_equal (chmod (p, 0), 0); /* mode 0 is a mode too */
  assert_int_equal (sg_file_write_atomic (p, "i", 1, false), SG_RC_OK);
  assert_int_equal (stat (p, &st), 0);
  assert_int_equal (st.st_mode & 0777, 0);
  assert_int_equal (unlink (p), 0);
  umask (old);
  /* Never a rename over anything but a regular file: /dev/null (a character device, as
   * /dev/stdout's target is) is written through and stays a device; a directory is refused. */
  assert_int_equal (sg_file_write_atomic ("/dev/null", "j", 1, true), SG_RC_OK);
  assert_int_equal (lstat ("/dev/null", &st), 0);
  assert_true (S_ISCHR (st.st_mode));
  /* A link (as /dev/stdout is) is written through, never replaced: to /dev/null, and to a
   * file, which gets the bytes. */
  char target[PATH_MAX];
  snprintf (p, sizeof p, "%s/null-link", dir);
  assert_int_equal (symlink ("/dev/null", p), 0);
  assert_int_equal (sg_file_write_atomic (p, "l", 1, true), SG_RC_OK);
  assert_int_equal (lstat (p, &st), 0);
  assert_true (S_ISLNK (st.st_mode));
  assert_int_equal (unlink (p), 0);
  snprintf (target, sizeof target, "%s/target", dir);
  assert_int_equal (sg_file_write_atomic (target, "old text", 8, false), SG_RC_OK);
  assert_int_equal (symlink ("target", p), 0);
  assert_int_equal (sg_file_write_atomic (p, "new", 3, true), SG_RC_OK);
  assert_int_equal (lstat (p, &st), 0);
  assert_true (S_ISLNK (st.st_mode));
  char *got = NULL;
  size_t glen = 0;
  sg_diag gd;
  sg_diag_init (&gd, target);
  assert_int_equal (sg_file_read (target, 100, &got, &glen, &gd), SG_RC_OK);
  assert_string_equal (got, "new");
  free (got);
  assert_int_equal (unlink (p), 0);
  assert_int_equal (unlink (target), 0);
  snprintf (p, sizeof p, "%s/sub", dir);
  assert_int_equal (mkdir (p, 0700), 0);
  errno = 0;
  assert_int_equal (sg_file_write_atomic (p, "k", 1, false), SG_RC_IO);
  assert_int_equal (errno, EISDIR);
  assert_int_equal (rmdir (p), 0);
  char cmd[PATH_MAX + 32];
  snprintf (cmd, sizeof cmd, "ls -A %s | wc -l", dir);
  FILE *ls = popen (cmd, "r");
  assert_non_null (ls);
  int n = -1;
  assert_int_equal (fscanf (ls, "%d", &n), 1);
  pclose (ls);
  assert_int_equal (n, 1); /* f.smt2 alone */
  snprintf (p, sizeof p, "%s/f.smt2", dir);
  assert_int_equal (unlink (p), 0);
  assert_int_equal (rmdir (dir), 0);
}

static void
test_json_round_trip (void **state)
{
  (void) state;
  char bytes[255];
  for (int i = 0; i < 255; i++) bytes[i] = (char) (i + 1);
  sg_buf b;
  sg_buf_init (&b);
  sg_buf_adds (&b, "{\"s\": ");
  sg_json_string (&b, bytes, sizeof bytes);
  sg_buf_adds (&b, ", \"n\": ");
  sg_buf_adds (&b, "null");
  sg_buf_adds (&b, ", \"c\": ");
  sg_json_string (&b, "a\"b\\c", 5);
  sg_buf_printf (&b, ", \"big\": %llu, \"odd\": %llu, \"neg\": -1, \"f\": 1.5}",
                 (unsigned long long) UINT64_MAX, (unsigned long long) ((1ull << 53) + 1));
  assert_true (sg_buf_ok (&b));
  /* Bytes 0x80..0xff one after the other are no UTF-8 (\udcXY each): the output is ASCII. */
  for (size_t i = 0; i < b.len; i++) assert_true (b.s[i] >= 0x20 && b.s[i] < 0x7f);
  sg_json j;
  sg_diag d;
  sg_diag_init (&d, "round trip");
  assert_int_equal (sg_json_parse (b.s, b.len, "round trip", &j, &d), SG_RC_OK);
  const char *s = sg_json_str (&j, sg_json_get (&j, 0, "s"));
  assert_non_null (s);
  assert_int_equal (strlen (s), sizeof bytes);
  assert_memory_equal (s, bytes, sizeof bytes);
  uint32_t n = sg_json_get (&j, 0, "n");
  assert_true (n != UINT32_MAX);
  assert_int_equal (j.n.a[n].kind, SG_JSON_NULL);
  assert_null (sg_json_str (&j, n));
  assert_string_equal (sg_json_str (&j, sg_json_get (&j, 0, "c")), "a\"b\\c");
  assert_true (sg_json_u64 (&j, sg_json_get (&j, 0, "big"), 0) == UINT64_MAX);
  assert_true (sg_json_u64 (&j, sg_json_get (&j, 0, "odd"), 0) == (1ull << 53) + 1);
  assert_true (sg_json_u64 (&j, sg_json_get (&j, 0, "neg"), 7) == 7);
  assert_true (sg_json_u64 (&j, sg_json_get (&j, 0, "s"), 7) == 7);
  assert_true (sg_json_u64 (&j, sg_json_get (&j, 0, "absent"), 7) == 7);
  assert_true (sg_json_num (&j, sg_json_get (&j, 0, "f"), 0) == 1.5);
  assert_true (sg_json_get (&j, 0, "absent") == UINT32_MAX);
  sg_json_free (&j);
  sg_buf_free (&b);
}

/* One string written by sg_json_string: its literal, and read back. */
static void
json_write_case (const char *in, size_t n, const char *want)
{
  sg_buf b;
  sg_buf_init (&b);
  sg_json_string (&b, in, n);
  assert_true (sg_buf_ok (&b));
  assert_string_equal (sg_buf_cstr (&b), want);
  sg_json j;
  sg_diag d;
  sg_diag_init (&d, "utf8");
  assert_int_equal (sg_json_parse (b.s, b.len, "utf8", &j, &d), SG_RC_OK);
  const char *s = sg_json_str (&j, 0);
  assert_non_null (s);
  assert_int_equal (strlen (s), n);
  assert_memory_equal (s, in, n);
  sg_json_free (&j);
  sg_buf_free (&b);
}

/* One JSON literal read: its bytes (rc SG_RC_OK), or the error. */
static void
json_read_case (const char *lit, const char *want, sg_rc want_rc)
{
  sg_json j;
  sg_diag d;
  sg_diag_init (&d, "utf8");
  assert_int_equal (sg_json_parse (lit, strlen (lit), "utf8", &j, &d), want_rc);
  if (!want_rc) assert_string_equal (sg_json_str (&j, 0), want);
  sg_json_free (&j);
}

/* Issue 48: valid UTF-8 as it is, every other byte 0xXY as \udcXY (Python's surrogateescape),
 * and the reader gives the bytes back, also from the forms other writers use. */
static void
test_json_utf8 (void **state)
{
  (void) state;
  json_write_case ("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", 14, "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
  json_write_case ("a\xff" "b", 3, "\"a\\udcffb\"");
  json_write_case ("\xe2\x82x", 3, "\"\\udce2\\udc82x\"");           /* truncated */
  json_write_case ("\xc0\x80", 2, "\"\\udcc0\\udc80\"");            /* overlong */
  json_write_case ("\xed\xa0\x80", 3, "\"\\udced\\udca0\\udc80\"");    /* a surrogate */
  json_write_case ("\xf4\x90\x80\x80", 4, "\"\\udcf4\\udc90\\udc80\\udc80\""); /* > U+10FFFF */
  json_write_case ("\x7f\x01", 2, "\"\\u007f\\u0001\"");
  assert_int_equal (sg_utf8_len ("\xc3\xa9", 2), 2);
  assert_int_equal (sg_utf8_len ("\xc3\xa9", 1), 0);
  assert_int_equal (sg_utf8_len ("\x80", 1), 0);
  json_read_case ("\"\\u20ac\"", "\xe2\x82\xac", SG_RC_OK);
  json_read_case ("\"\\ud83d\\ude00\"", "\xf0\x9f\x98\x80", SG_RC_OK);
  json_read_case ("\"\\udcff\\u00e9\"", "\xff\xe9", SG_RC_OK); /* \u00XX: earlier versions' byte */
  json_read_case ("\"\\ud800\"", NULL, SG_RC_PARSE);
  json_read_case ("\"\\ud800\\u0041\"", NULL, SG_RC_PARSE);
  json_read_case ("\"\\udc41\"", NULL, SG_RC_PARSE);
}

static void
test_bufs_free (void **state)
{
  (void) state;
  sg_u32vec v = { 0 };
  assert_true (SG_VEC_PUSH (v, 7));
  char *p = malloc (16), *q = NULL;
  assert_non_null (p);
  SG_BUFS_FREE (SG_BUF (v.a), SG_BUF (p), SG_BUF (q));
  assert_null (v.a);
  assert_null (p);
  assert_null (q);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_clock),
    cmocka_unit_test (test_mkdir_p),
    cmocka_unit_test (test_write_new),
    cmocka_unit_test (test_json_round_trip),
    cmocka_unit_test (test_json_utf8),
    cmocka_unit_test (test_bufs_free),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
