/* dedup_test: bucket keys (leaf-constant and name variants share a key, operator changes do
 * not; crash locations split, addresses and numbers in unlocated crashes do not) and the
 * findings database (one bucket per key with its count, buckets merged when their reduced
 * triggers coincide, slices and chains for resume, a kill between files and row). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "campaign/db.h"
#include "campaign/dedup.h"
#include "base/buf.h"
#include "campaign/report.h"

static const char *lia_a =
  "(set-logic QF_LIA)(declare-fun x () Int)(declare-fun y () Int)\n"
  "(assert (and (> x 3) (< (+ x y) 10)))(check-sat)\n";
/* Same shape: other constants, other names, a constant where a variable was. */
static const char *lia_b =
  "(set-logic QF_LIA)(declare-fun u () Int)(declare-fun v () Int)\n"
  "(assert (and (> u 42) (< (+ 7 v) 0)))(check-sat)\n";
/* Another operator. */
static const char *lia_c =
  "(set-logic QF_LIA)(declare-fun x () Int)(declare-fun y () Int)\n"
  "(assert (and (>= x 3) (< (+ x y) 10)))(check-sat)\n";
static const char *bv_a =
  "(set-logic QF_BV)(declare-fun x () (_ BitVec 8))\n"
  "(assert (= (bvadd x #x01) #x10))(check-sat)\n";
static const char *bv_b =
  "(set-logic QF_BV)(declare-fun z () (_ BitVec 8))\n"
  "(assert (= (bvadd #xff z) (_ bv3 8)))(check-sat)\n";
/* Another width: another shape. */
static const char *bv_c =
  "(set-logic QF_BV)(declare-fun x () (_ BitVec 16))\n"
  "(assert (= (bvadd x #x0001) #x0010))(check-sat)\n";

static void
key_of (const char *kind, const char *sig, const char *text, char *out, size_t size)
{
  char logic[32];
  sg_dedup_logic (text, strlen (text), logic, sizeof logic);
  sg_dedup_key (kind, "z3", logic, sig, text, strlen (text), out, size);
}

static void
test_shape_keys (void **state)
{
  (void) state;
  char a[256], b[256], c[256];
  key_of ("soundness", "", lia_a, a, sizeof a);
  key_of ("soundness", "", lia_b, b, sizeof b);
  key_of ("soundness", "", lia_c, c, sizeof c);
  assert_string_equal (a, b);
  assert_string_not_equal (a, c);
  assert_true (!strncmp (a, "soundness|z3|QF_LIA|", 20));
  key_of ("soundness", "", bv_a, a, sizeof a);
  key_of ("soundness", "", bv_b, b, sizeof b);
  key_of ("soundness", "", bv_c, c, sizeof c);
  assert_string_equal (a, b);
  assert_string_not_equal (a, c);
  /* Kind and solver are part of the key. */
  key_of ("invalid-model", "", bv_a, c, sizeof c);
  assert_string_not_equal (a, c);
  /* Unparsable text: the fallback ignores digits. */
  uint64_t h;
  assert_int_not_equal (sg_dedup_shape ("(assert (frob 1))", 17, &h), SG_RC_OK);
  assert_true (sg_dedup_text ("(frob 1 2)", 10) == sg_dedup_text ("(frob 33 4)", 11));
}

static void
test_crash_keys (void **state)
{
  (void) state;
  char a[256], b[256], c[256];
  key_of ("crash", "assert src/smt/theory_lra.cpp:1234", lia_a, a, sizeof a);
  key_of ("crash", "assert src/smt/theory_lra.cpp:1234", bv_a, b, sizeof b);
  key_of ("crash", "assert src/smt/theory_lra.cpp:1240", lia_a, c, sizeof c);
  assert_string_equal (a, b);      /* one location, whatever the trigger */
  assert_string_not_equal (a, c);  /* two locations, two bugs */
  key_of ("crash", "sanitizer heap-use-after-free foo::bar(int) baz main", lia_a, a, sizeof a);
  key_of ("crash", "sanitizer heap-use-after-free foo::bar(int) qux main", lia_a, b, sizeof b);
  assert_string_not_equal (a, b);
  /* Unlocated: addresses, numbers and quoted names do not split a bucket. */
  key_of ("crash", "SIGSEGV: error at 0x7ffd1234 in term 451 'x!12'", lia_a, a, sizeof a);
  key_of ("crash", "SIGSEGV: error at 0x55aa in term 3 'k'", lia_a, b, sizeof b);
  key_of ("crash", "SIGABRT: error at 0x55aa in term 3 'k'", lia_a, c, sizeof c);
  assert_string_equal (a, b);
  assert_string_not_equal (a, c);
}

typedef struct fixture {
  char dir[64];
  char db[96];
} fixture;

static int
setup (void **state)
{
  fixture *f = calloc (1, sizeof *f);
  snprintf (f->dir, sizeof f->dir, "/tmp/dedup_test.XXXXXX");
  if (!mkdtemp (f->dir)) return -1;
  snprintf (f->db, sizeof f->db, "%s/campaign.db", f->dir);
  *state = f;
  return 0;
}

static int
teardown (void **state)
{
  fixture *f = *state;
  char p[160];
  const char *files[] = { "campaign.db", "campaign.db-wal", "campaign.db-shm", "a.smt2", "a.json",
                          "b.smt2", "b.json", "r1.smt2", "r2.smt2", "r3.smt2", "r4.smt2", "r5.smt2",
                          "r6.smt2", "r7.smt2", "r8.smt2" };
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
    {
      snprintf (p, sizeof p, "%s/%s", f->dir, files[i]);
      unlink (p);
    }
  rmdir (f->dir);
  free (f);
  return 0;
}

static int64_t
add (sg_db *db, const char *name, const char *kind, const char *sig, const char *text, bool *fresh)
{
  char key[256], logic[32], trig[64], json[64];
  key_of (kind, sig, text, key, sizeof key);
  sg_dedup_logic (text, strlen (text), logic, sizeof logic);
  snprintf (trig, sizeof trig, "%s.smt2", name);
  snprintf (json, sizeof json, "%s.json", name);
  sg_db_finding f = { 0 };
  f.name = name;
  f.trigger = trig;
  f.json = json;
  f.kind = kind;
  f.solver = "z3";
  f.version = "4.8.12";
  f.logic = logic;
  f.technique = "opfuzz";
  f.seed1 = "seeds/x.smt2";
  f.signature = sig;
  f.why = "test";
  f.key = key;
  int64_t bucket = 0;
  assert_int_equal (sg_db_add_finding (db, &f, NULL, &bucket, fresh), SG_RC_OK);
  return bucket;
}

static void
test_db_buckets (void **state)
{
  fixture *fx = *state;
  sg_db db;
  assert_int_equal (sg_db_open (&db, fx->db, true), SG_RC_OK);
  bool fresh;
  int64_t b1 = add (&db, "f1", "soundness", "", lia_a, &fresh);
  assert_true (fresh);
  int64_t b2 = add (&db, "f2", "soundness", "", lia_b, &fresh);
  assert_false (fresh);
  assert_int_equal (b1, b2); /* leaf-constant variants: one bucket */
  int64_t b3 = add (&db, "f3", "soundness", "", lia_c, &fresh);
  assert_true (fresh);
  assert_int_not_equal (b1, b3);
  int64_t c1 = add (&db, "f4", "crash", "assert src/a.cpp:10", lia_a, &fresh);
  int64_t c2 = add (&db, "f5", "crash", "assert src/a.cpp:20", lia_a, &fresh);
  assert_true (fresh);
  assert_int_not_equal (c1, c2); /* two crash locations: two buckets */
  uint64_t n;
  assert_int_equal (sg_db_count (&db, "buckets", &n), SG_RC_OK);
  assert_int_equal (n, 4);
  assert_int_equal (sg_db_count (&db, "findings", &n), SG_RC_OK);
  assert_int_equal (n, 5);
  /* A finding's trigger is unique: recording one twice fails and leaves nothing behind. */
  char key[256];
  key_of ("soundness", "", lia_a, key, sizeof key);
  sg_db_finding dup = { .name = "f1", .trigger = "f1.smt2", .json = "f1.json", .kind = "soundness",
                        .solver = "z3", .logic = "QF_LIA", .key = key };
  int64_t bx;
  assert_int_not_equal (sg_db_add_finding (&db, &dup, NULL, &bx, &fresh), SG_RC_OK);
  assert_int_equal (sg_db_count (&db, "findings", &n), SG_RC_OK);
  assert_int_equal (n, 5);

  /* The reducer takes the oldest pending bucket; when two buckets reduce to the same shape,
   * the younger is merged into the older, and its key follows. */
  int64_t id;
  char js[256], tr[256], k[256];
  assert_int_equal (sg_db_reduce_claim (&db, &id, js, sizeof js, tr, sizeof tr, k, sizeof k), SG_RC_OK);
  assert_int_equal (id, b1);
  assert_string_equal (tr, "f1.smt2");
  char rk[300];
  snprintf (rk, sizeof rk, "soundness|z3|QF_LIA|00000000000000aa");
  assert_int_equal (sg_db_reduce_done (&db, b1, "done", "reduced/bucket-1.smt2", "", rk), SG_RC_OK);
  assert_int_equal (sg_db_reduce_claim (&db, &id, js, sizeof js, tr, sizeof tr, k, sizeof k), SG_RC_OK);
  assert_int_equal (id, b3);
  assert_int_equal (sg_db_reduce_done (&db, b3, "done", "reduced/bucket-3.smt2", "", rk), SG_RC_OK);
  assert_int_equal (sg_db_count (&db, "buckets", &n), SG_RC_OK);
  assert_int_equal (n, 3);
  int64_t b4 = add (&db, "f6", "soundness", "", lia_c, &fresh);
  assert_false (fresh);
  assert_int_equal (b4, b1);
  /* A running reduction interrupted by a kill is pending again. */
  assert_int_equal (sg_db_reduce_claim (&db, &id, js, sizeof js, tr, sizeof tr, k, sizeof k), SG_RC_OK);
  assert_int_equal (id, c1);
  assert_int_equal (sg_db_reduce_reset (&db), SG_RC_OK);
  assert_int_equal (sg_db_reduce_claim (&db, &id, js, sizeof js, tr, sizeof tr, k, sizeof k), SG_RC_OK);
  assert_int_equal (id, c1);
  sg_db_close (&db);
}

/* The cvc4 1.8 invalid model (README): an array from bit-vectors to Bool read at a computed
 * index, as reduced triggers of several findings. */
static const char *arr_urem =
  "(set-logic QF_ABV)(declare-fun c () (Array (_ BitVec 8) Bool))(declare-fun a () (_ BitVec 8))\n"
  "(assert (select c (bvurem a #x10)))(check-sat)\n";
/* alpha-equivalent to arr_urem: other names, other layout, a set-info */
static const char *arr_urem_alpha =
  "(set-logic QF_ABV)\n(set-info :status sat)\n(declare-fun arr () (Array (_ BitVec 8) Bool))\n"
  "(declare-fun i () (_ BitVec 8))\n(assert\n  (select arr\n    (bvurem i #x10)))\n(check-sat)\n";
static const char *arr_nand =
  "(set-logic QF_ABV)(declare-fun c () (Array (_ BitVec 8) Bool))(declare-fun a () (_ BitVec 8))"
  "(declare-fun b () (_ BitVec 8))(assert (select c (bvnand a b)))(check-sat)\n";
static const char *arr_xor4 =
  "(set-logic QF_ABV)(declare-fun a () (Array (_ BitVec 4) Bool))(declare-fun x () (_ BitVec 4))"
  "(declare-fun y () (_ BitVec 4))(assert (select a (bvxor x y)))(check-sat)\n";
/* a read at a leaf index: another operator set */
static const char *arr_leaf =
  "(set-logic QF_ABV)(declare-fun c () (Array (_ BitVec 8) Bool))(declare-fun a () (_ BitVec 8))"
  "(assert (select c a))(check-sat)\n";
/* an Int-indexed array read at a computed index: other sort kinds */
static const char *arr_int =
  "(set-logic QF_ALIA)(declare-fun c () (Array Int Bool))(declare-fun a () Int)"
  "(assert (select c (+ a 16)))(check-sat)\n";

static void
test_alpha (void **state)
{
  (void) state;
  sg_buf a, b, c;
  sg_buf_init (&a);
  sg_buf_init (&b);
  sg_buf_init (&c);
  assert_int_equal (sg_dedup_alpha (arr_urem, strlen (arr_urem), &a), SG_RC_OK);
  assert_int_equal (sg_dedup_alpha (arr_urem_alpha, strlen (arr_urem_alpha), &b), SG_RC_OK);
  assert_string_equal (sg_buf_cstr (&a), sg_buf_cstr (&b));
  assert_null (strstr (sg_buf_cstr (&a), "bvurem c")); /* names replaced */
  /* another literal is another text (the shape key would not tell them apart) */
  static const char *lit = "(set-logic QF_ABV)(declare-fun c () (Array (_ BitVec 8) Bool))"
                           "(declare-fun a () (_ BitVec 8))(assert (select c (bvurem a #x20)))(check-sat)";
  assert_int_equal (sg_dedup_alpha (lit, strlen (lit), &c), SG_RC_OK);
  assert_string_not_equal (sg_buf_cstr (&a), sg_buf_cstr (&c));
  /* bound names too; swapping which variable is used where is not a renaming */
  sg_buf_reset (&a);
  sg_buf_reset (&b);
  sg_buf_reset (&c);
  static const char *q1 = "(declare-fun f (Int Int) Int)(assert (forall ((x Int) (y Int)) (> (f x y) 0)))";
  static const char *q2 = "(declare-fun g (Int Int) Int)(assert (forall ((u Int) (v Int)) (> (g u v) 0)))";
  static const char *q3 = "(declare-fun g (Int Int) Int)(assert (forall ((u Int) (v Int)) (> (g v u) 0)))";
  assert_int_equal (sg_dedup_alpha (q1, strlen (q1), &a), SG_RC_OK);
  assert_int_equal (sg_dedup_alpha (q2, strlen (q2), &b), SG_RC_OK);
  assert_int_equal (sg_dedup_alpha (q3, strlen (q3), &c), SG_RC_OK);
  assert_string_equal (sg_buf_cstr (&a), sg_buf_cstr (&b));
  assert_string_not_equal (sg_buf_cstr (&a), sg_buf_cstr (&c));
  sg_buf_reset (&c);
  assert_int_not_equal (sg_dedup_alpha ("(assert (", 9, &c), SG_RC_OK);
  sg_buf_free (&a);
  sg_buf_free (&b);
  sg_buf_free (&c);
}

static uint64_t
sig_of (const char *t)
{
  uint64_t h = 0;
  assert_int_equal (sg_dedup_bug_sig (t, strlen (t), &h), SG_RC_OK);
  return h;
}

static void
test_bug_sig (void **state)
{
  (void) state;
  /* bvurem, bvnand, bvxor (one opfuzz class), 8 or 4 bits, names: one signature */
  assert_true (sig_of (arr_urem) == sig_of (arr_nand));
  assert_true (sig_of (arr_urem) == sig_of (arr_xor4));
  assert_true (sig_of (arr_urem) == sig_of (arr_urem_alpha));
  assert_true (sig_of (arr_urem) != sig_of (arr_leaf));
  assert_true (sig_of (arr_urem) != sig_of (arr_int));
  assert_true (sig_of (lia_a) != sig_of (bv_a));
}

/* Write a reduced trigger and mark the bucket reduced (without a reduced key: no merge). */
static void
reduced (sg_db *db, const char *dir, int64_t bucket, const char *name, const char *text)
{
  char p[160];
  snprintf (p, sizeof p, "%s/%s", dir, name);
  FILE *f = fopen (p, "w");
  assert_non_null (f);
  fputs (text, f);
  fclose (f);
  assert_int_equal (sg_db_reduce_done (db, bucket, "done", name, "", NULL), SG_RC_OK);
}

static int64_t
add_s (sg_db *db, const char *name, const char *kind, const char *solver, const char *sig, const char *text)
{
  char key[256], logic[32], trig[64], json[64];
  sg_dedup_logic (text, strlen (text), logic, sizeof logic);
  sg_dedup_key (kind, solver, logic, sig, text, strlen (text), key, sizeof key);
  snprintf (trig, sizeof trig, "%s.smt2", name);
  snprintf (json, sizeof json, "%s.json", name);
  sg_db_finding f = { .name = name, .trigger = trig, .json = json, .kind = kind, .solver = solver,
                      .logic = logic, .technique = "opfuzz", .signature = sig, .why = "test", .key = key };
  int64_t bucket = 0;
  bool fresh;
  assert_int_equal (sg_db_add_finding (db, &f, NULL, &bucket, &fresh), SG_RC_OK);
  return bucket;
}

/* Bugs: cvc4's array-read invalid models with different reduced triggers are one bug; the same
 * operators under z3 are another; a crash is another; crashes group by signature; a bucket not
 * reduced is a bug of its own. bugs check finds alpha-equivalent reduced triggers. */
static void
test_bugs (void **state)
{
  fixture *fx = *state;
  sg_db db;
  assert_int_equal (sg_db_open (&db, fx->db, true), SG_RC_OK);
  /* first triggers of distinct shapes: distinct buckets */
  int64_t b1 = add_s (&db, "f1", "invalid-model", "cvc4", "", lia_a);
  int64_t b2 = add_s (&db, "f2", "invalid-model", "cvc4", "", lia_c);
  int64_t b3 = add_s (&db, "f3", "invalid-model", "cvc4", "", bv_a);
  int64_t b4 = add_s (&db, "f4", "invalid-model", "z3", "", lia_a);
  int64_t b5 = add_s (&db, "f5", "crash", "cvc4", "assert src/theory/a.cpp:10", lia_a);
  int64_t b6 = add_s (&db, "f6", "crash", "cvc4", "assert src/theory/a.cpp:20", lia_a);
  int64_t b7 = add_s (&db, "f7", "invalid-model", "cvc4", "", bv_c);
  reduced (&db, fx->dir, b1, "r1.smt2", arr_urem);
  reduced (&db, fx->dir, b2, "r2.smt2", arr_nand);
  reduced (&db, fx->dir, b3, "r3.smt2", arr_xor4);
  reduced (&db, fx->dir, b4, "r4.smt2", arr_urem);
  reduced (&db, fx->dir, b5, "r5.smt2", arr_urem);
  reduced (&db, fx->dir, b6, "r6.smt2", arr_urem);
  sg_bugmap m;
  assert_int_equal (sg_report_bugs (&db, fx->dir, &m), SG_RC_OK);
  assert_int_equal (m.n, 7);
  assert_int_equal (sg_bugmap_bug (&m, b1), b1);
  assert_int_equal (sg_bugmap_bug (&m, b2), b1);
  assert_int_equal (sg_bugmap_bug (&m, b3), b1);
  assert_int_equal (sg_bugmap_bug (&m, b4), b4); /* z3: never with cvc4 */
  assert_int_equal (sg_bugmap_bug (&m, b5), b5); /* a crash: never with an invalid model */
  assert_int_equal (sg_bugmap_bug (&m, b6), b6); /* another crash location */
  assert_int_equal (sg_bugmap_bug (&m, b7), b7); /* not reduced: on its own */
  assert_int_equal (m.nbugs, 5);
  sg_bugmap_free (&m);
  /* TSV: the bug column, last */
  char lp[160];
  snprintf (lp, sizeof lp, "%s/list.tsv", fx->dir);
  FILE *lf = fopen (lp, "w+");
  assert_non_null (lf);
  assert_int_equal (sg_report_list (&db, fx->dir, lf, false), SG_RC_OK);
  rewind (lf);
  char line[1024];
  int rows = 0, in_bug1 = 0;
  assert_non_null (fgets (line, sizeof line, lf));
  assert_non_null (strstr (line, "\tsignature\tbug\n"));
  while (fgets (line, sizeof line, lf))
    {
      rows++;
      const char *last = strrchr (line, '\t');
      if (last && atoll (last + 1) == b1) in_bug1++;
    }
  fclose (lf);
  unlink (lp);
  assert_int_equal (rows, 7);
  assert_int_equal (in_bug1, 3);
  /* Integrity: fine as is; a damaged database with alpha-equivalent reduced triggers in two
   * buckets of one kind and solver is not (the crash buckets sharing arr_urem are fine). */
  FILE *devnull = fopen ("/dev/null", "w");
  assert_non_null (devnull);
  uint64_t before = sg_report_check (&db, fx->dir, devnull);
  reduced (&db, fx->dir, b2, "r2.smt2", arr_urem_alpha);
  snprintf (lp, sizeof lp, "%s/check.txt", fx->dir);
  FILE *cf = fopen (lp, "w+");
  assert_non_null (cf);
  assert_int_equal (sg_report_check (&db, fx->dir, cf), before + 1);
  rewind (cf);
  bool named = false;
  char want[64];
  snprintf (want, sizeof want, "buckets %lld and %lld: alpha-equivalent", (long long) b1, (long long) b2);
  while (fgets (line, sizeof line, cf)) named |= strstr (line, want) != NULL;
  fclose (cf);
  unlink (lp);
  fclose (devnull);
  assert_true (named);
  sg_db_close (&db);
}

/* Alpha-equivalent reduced triggers make one bucket whichever reduction ends first: here the
 * newer bucket is reduced first, then the older one (which was not merged with an older id
 * before). A new finding whose first trigger has the shape of a reduced trigger goes into
 * that bucket. */
static void
test_db_merge_any_order (void **state)
{
  fixture *fx = *state;
  sg_db db;
  assert_int_equal (sg_db_open (&db, fx->db, true), SG_RC_OK);
  bool fresh;
  int64_t b1 = add (&db, "f1", "invalid-model", "", lia_a, &fresh);
  int64_t b2 = add (&db, "f2", "invalid-model", "", lia_c, &fresh);
  int64_t b3 = add (&db, "f3", "invalid-model", "", bv_a, &fresh);
  assert_true (b1 < b2 && b2 < b3);
  /* Both reduce to bv_c's shape (one trigger up to names), the newer first. */
  char rk[256];
  key_of ("invalid-model", "", bv_c, rk, sizeof rk);
  assert_int_equal (sg_db_reduce_done (&db, b2, "done", "reduced/bucket-2.smt2", "", rk), SG_RC_OK);
  uint64_t n;
  assert_int_equal (sg_db_count (&db, "buckets", &n), SG_RC_OK);
  assert_int_equal (n, 3);
  assert_int_equal (sg_db_reduce_done (&db, b1, "done", "reduced/bucket-1.smt2", "", rk), SG_RC_OK);
  assert_int_equal (sg_db_count (&db, "buckets", &n), SG_RC_OK);
  assert_int_equal (n, 2);
  sqlite3 *h = sg_db_handle (&db);
  sqlite3_stmt *st;
  assert_int_equal (sqlite3_prepare_v2 (h, "SELECT merged_into, count FROM buckets WHERE id = ?", -1, &st, NULL), SQLITE_OK);
  sqlite3_bind_int64 (st, 1, b2);
  assert_int_equal (sqlite3_step (st), SQLITE_ROW);
  assert_int_equal (sqlite3_column_int64 (st, 0), b1); /* the newer into the older */
  sqlite3_reset (st);
  sqlite3_bind_int64 (st, 1, b1);
  assert_int_equal (sqlite3_step (st), SQLITE_ROW);
  assert_int_equal (sqlite3_column_int64 (st, 1), 2);
  sqlite3_finalize (st);
  /* lia_c's key followed its bucket; a first trigger alpha-equivalent to the reduced one
   * (bv_c with other names) joins b1 instead of opening a bucket. */
  assert_int_equal (add (&db, "f4", "invalid-model", "", lia_c, &fresh), b1);
  assert_false (fresh);
  static const char *bv_c2 = "(set-logic QF_BV)(declare-fun q () (_ BitVec 16))\n"
                             "(assert (= (bvadd q #x0001) #x0010))(check-sat)\n";
  assert_int_equal (add (&db, "f5", "invalid-model", "", bv_c2, &fresh), b1);
  assert_false (fresh);
  assert_int_equal (add (&db, "f6", "invalid-model", "", bv_c, &fresh), b1);
  /* An unspecified finding: stored, no bucket, counted apart. */
  assert_int_equal (add (&db, "f8", "unspecified", "", bv_c, &fresh), 0);
  assert_false (fresh);
  assert_int_equal (sg_db_count (&db, "unspecified", &n), SG_RC_OK);
  assert_int_equal (n, 1);
  assert_int_equal (sg_db_count (&db, "findings", &n), SG_RC_OK);
  assert_int_equal (n, 7);
  /* Another solver's or kind's identical trigger stays apart. */
  assert_int_not_equal (add (&db, "f7", "soundness", "", bv_c, &fresh), b1);
  assert_true (fresh);
  assert_int_equal (sg_db_count (&db, "buckets", &n), SG_RC_OK);
  assert_int_equal (n, 3);
  sg_db_close (&db);
}

static void
test_db_slices (void **state)
{
  fixture *fx = *state;
  sg_db db;
  assert_int_equal (sg_db_open (&db, fx->db, true), SG_RC_OK);
  uint32_t s;
  uint64_t c;
  assert_int_equal (sg_db_next_slice (&db, 0, &s), SG_RC_OK);
  assert_int_equal (s, 0);
  assert_int_equal (sg_db_slice_begin (&db, 0, 0, "opfuzz", 11, 0, 2, 0.0), SG_RC_OK);
  sg_db_counts k = { .mutants = 5, .calls = 10, .decided = 8 };
  assert_int_equal (sg_db_slice_end (&db, 0, 0, &k), SG_RC_OK);
  /* A slice that never ended (killed) still moves the worker and its engine on. */
  assert_int_equal (sg_db_slice_begin (&db, 0, 1, "opfuzz", 12, 2, 2, 1.0), SG_RC_OK);
  assert_int_equal (sg_db_next_slice (&db, 0, &s), SG_RC_OK);
  assert_int_equal (s, 2);
  assert_int_equal (sg_db_next_chain (&db, 0, "opfuzz", &c), SG_RC_OK);
  assert_int_equal (c, 4);
  assert_int_equal (sg_db_next_chain (&db, 0, "typefuzz", &c), SG_RC_OK);
  assert_int_equal (c, 0);
  assert_int_equal (sg_db_next_slice (&db, 1, &s), SG_RC_OK);
  assert_int_equal (s, 0);
  sg_db_counts t;
  assert_int_equal (sg_db_totals (&db, &t), SG_RC_OK);
  assert_int_equal (t.mutants, 5);
  assert_int_equal (t.calls, 10);
  sg_db_close (&db);
  /* Streams: a pure function of (seed, shard, worker, slice), all distinct. */
  assert_true (sg_campaign_mix (1, 0, 0, 0) == sg_campaign_mix (1, 0, 0, 0));
  assert_true (sg_campaign_mix (1, 0, 0, 0) != sg_campaign_mix (1, 0, 0, 1));
  assert_true (sg_campaign_mix (1, 0, 1, 0) != sg_campaign_mix (1, 0, 0, 1));
  assert_true (sg_campaign_mix (1, 1, 0, 0) != sg_campaign_mix (1, 0, 1, 0));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_shape_keys),
    cmocka_unit_test (test_crash_keys),
    cmocka_unit_test_setup_teardown (test_db_buckets, setup, teardown),
    cmocka_unit_test_setup_teardown (test_db_merge_any_order, setup, teardown),
    cmocka_unit_test (test_alpha),
    cmocka_unit_test (test_bug_sig),
    cmocka_unit_test_setup_teardown (test_bugs, setup, teardown),
    cmocka_unit_test_setup_teardown (test_db_slices, setup, teardown),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
