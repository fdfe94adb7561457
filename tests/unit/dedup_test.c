/* dedup_test: bucket keys (leaf-constant and name variants share a key, operator changes do
 * not; crash locations split, addresses and numbers in unlocated crashes do not) and the
 * findings database (one bucket per key with its count, buckets merged when their reduced
 * triggers coincide, slices and chains for resume, a kill between files and row). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include <unistd.h>

#include "campaign/campaign.h"
#include "campaign/db.h"
#include "campaign/dedup.h"
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

/* Incremental findings (issue 52): by their query kind, whatever the script's shape. */
static void
test_incr_keys (void **state)
{
  (void) state;
  char a[256], b[256], c[256], d[256];
  key_of ("invalid-model", "incremental: model", lia_a, a, sizeof a);
  key_of ("invalid-model", "incremental: model", lia_c, b, sizeof b);
  key_of ("invalid-model", "incremental: get-value", lia_a, c, sizeof c);
  key_of ("invalid-model", "", lia_a, d, sizeof d);
  assert_string_equal (a, b); /* two shapes, one query kind: one bucket */
  assert_string_equal (a, "invalid-model|z3|QF_LIA|incremental: model");
  assert_string_not_equal (a, c);
  assert_string_not_equal (a, d);
  key_of ("soundness", "incremental: check-sat after a pop", bv_a, a, sizeof a);
  key_of ("soundness", "incremental: check-sat after a pop", bv_c, b, sizeof b);
  key_of ("soundness", "incremental: check-sat under check-sat-assuming", bv_a, c, sizeof c);
  assert_string_equal (a, b);
  assert_string_not_equal (a, c);
  key_of ("soundness", "incremental: check-sat after a pop", lia_a, d, sizeof d);
  assert_string_not_equal (a, d); /* another logic */
  sg_dedup_key ("soundness", "cvc5", "QF_BV", "incremental: check-sat after a pop", bv_a, strlen (bv_a), d, sizeof d);
  assert_string_not_equal (a, d); /* another solver */
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
                          "b.smt2", "b.json" };
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
  /* Whatever the order the reductions end in: a younger bucket reduced first, an older one
   * reduced to the same key later, are one bucket (the older), with every finding. */
  int64_t y1 = add (&db, "g1", "invalid-model", "", lia_a, &fresh);
  assert_true (fresh);
  bool fresh2;
  int64_t y2 = add (&db, "g2", "invalid-model", "", lia_c, &fresh2);
  assert_true (fresh2);
  char rk2[300];
  snprintf (rk2, sizeof rk2, "invalid-model|z3|QF_LIA|00000000000000bb");
  assert_int_equal (sg_db_reduce_done (&db, y2, "done", "reduced/bucket-y2.smt2", "", rk2), SG_RC_OK);
  assert_int_equal (sg_db_count (&db, "buckets", &n), SG_RC_OK);
  uint64_t before = n;
  assert_int_equal (sg_db_reduce_done (&db, y1, "done", "reduced/bucket-y1.smt2", "", rk2), SG_RC_OK);
  sqlite3_stmt *st = NULL;
  assert_int_equal (sqlite3_prepare_v2 (sg_db_handle (&db),
                                        "SELECT COUNT (*), SUM (count) FROM buckets WHERE merged_into IS NULL"
                                        " AND kind = 'invalid-model'", -1, &st, NULL), SQLITE_OK);
  assert_int_equal (sqlite3_step (st), SQLITE_ROW);
  assert_int_equal (sqlite3_column_int64 (st, 0), 1);
  assert_int_equal (sqlite3_column_int64 (st, 1), 2);
  sqlite3_finalize (st);
  (void) before;
  /* A new finding whose own trigger has the reduced key of a bucket goes into it. */
  sg_db_finding nf = { .name = "g3", .trigger = "g3.smt2", .json = "g3.json", .kind = "invalid-model",
                       .solver = "z3", .logic = "QF_LIA", .key = rk2, .why = "t", .technique = "opfuzz",
                       .signature = "" };
  int64_t y3 = 0;
  assert_int_equal (sg_db_add_finding (&db, &nf, NULL, &y3, &fresh), SG_RC_OK);
  assert_false (fresh);
  assert_int_equal (y3, y1 < y2 ? y1 : y2);
  /* A running reduction interrupted by a kill is pending again. */
  assert_int_equal (sg_db_reduce_claim (&db, &id, js, sizeof js, tr, sizeof tr, k, sizeof k), SG_RC_OK);
  assert_int_equal (id, c1);
  assert_int_equal (sg_db_reduce_reset (&db), SG_RC_OK);
  assert_int_equal (sg_db_reduce_claim (&db, &id, js, sizeof js, tr, sizeof tr, k, sizeof k), SG_RC_OK);
  assert_int_equal (id, c1);
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

/* Alpha-equivalence and bug keys (issue 13.4). */
static void
test_alpha_and_bugs (void **state)
{
  (void) state;
  static const char *const same[][2] = {
    { "(declare-fun x () Int)\n(assert (> x 1))", "(declare-fun y () Int) (assert   (> y 1)) ; c" },
    { "(assert (forall ((v Int)) (> v 0)))", "(assert (forall ((w Int)) (> w 0)))" },
    { "(declare-datatypes ((E 0)) (((c (a Bool))))) (assert (forall ((v E)) (a v)))",
      "(declare-datatypes ((T 0)) (((k (s Bool))))) (assert (forall ((q T)) (s q)))" },
    { "(define-fun f ((p Int)) Int (+ p 1)) (assert (= (f 2) 3))",
      "(define-fun g ((r Int)) Int (+ r 1)) (assert (= (g 2) 3))" },
  };
  static const char *const differ[][2] = {
    { "(declare-fun x () Int) (assert (> x 1))", "(declare-fun x () Int) (assert (> x 2))" },
    { "(declare-fun x () Int) (declare-fun y () Int) (assert (> x y))",
      "(declare-fun x () Int) (declare-fun y () Int) (assert (> y x))" },
    { "(declare-fun x () Int) (assert (> x 1))", "(declare-fun x () Real) (assert (> x 1))" },
  };
  for (size_t i = 0; i < sizeof same / sizeof *same; i++)
    {
      sg_buf a, b;
      sg_buf_init (&a);
      sg_buf_init (&b);
      assert_int_equal (sg_dedup_alpha (same[i][0], strlen (same[i][0]), &a), SG_RC_OK);
      assert_int_equal (sg_dedup_alpha (same[i][1], strlen (same[i][1]), &b), SG_RC_OK);
      if (strcmp (sg_buf_cstr (&a), sg_buf_cstr (&b)))
        fail_msg ("same %zu: '%s' vs '%s'", i, sg_buf_cstr (&a), sg_buf_cstr (&b));
      sg_buf_free (&a);
      sg_buf_free (&b);
    }
  for (size_t i = 0; i < sizeof differ / sizeof *differ; i++)
    assert_true (sg_dedup_alpha_hash (differ[i][0], strlen (differ[i][0]))
                 != sg_dedup_alpha_hash (differ[i][1], strlen (differ[i][1])));
  /* The cvc4 1.8 invalid model on an array from bit-vectors to Bool read at a computed index:
   * whatever operator computes the index, one bug. */
  const char *pre = "(declare-fun c () (Array (_ BitVec 8) Bool)) (declare-fun a () (_ BitVec 8)) (declare-fun b () (_ BitVec 8))";
  static const char *const idx[] = { "(bvurem a #x10)", "(bvnand a b)", "((_ rotate_right 2) a)",
                                     "(bvmul a #x10)" };
  char first[512] = "", key[512], text[512];
  for (size_t i = 0; i < sizeof idx / sizeof *idx; i++)
    {
      snprintf (text, sizeof text, "%s (assert (select c %s))", pre, idx[i]);
      sg_dedup_bug_key ("invalid-model", "cvc4", "", text, strlen (text), key, sizeof key);
      if (!i) snprintf (first, sizeof first, "%s", key);
      assert_string_equal (key, first);
    }
  snprintf (text, sizeof text, "%s (assert (select c (bvurem a #x10)))", pre);
  /* another solver, another kind: never the same bug */
  sg_dedup_bug_key ("invalid-model", "z3", "", text, strlen (text), key, sizeof key);
  assert_string_not_equal (key, first);
  sg_dedup_bug_key ("soundness", "cvc4", "", text, strlen (text), key, sizeof key);
  assert_string_not_equal (key, first);
  /* an array from integers: another bug */
  const char *ints = "(declare-fun c () (Array Int Bool)) (declare-fun a () Int) (assert (select c (+ a 1)))";
  sg_dedup_bug_key ("invalid-model", "cvc4", "", ints, strlen (ints), key, sizeof key);
  assert_string_not_equal (key, first);
  /* crashes: by site */
  char k1[512], k2[512];
  sg_dedup_bug_key ("crash", "z3", "assert src/a.cpp:10", text, strlen (text), k1, sizeof k1);
  sg_dedup_bug_key ("crash", "z3", "assert src/a.cpp:10", ints, strlen (ints), k2, sizeof k2);
  assert_string_equal (k1, k2);
  sg_dedup_bug_key ("crash", "z3", "assert src/a.cpp:11", text, strlen (text), k2, sizeof k2);
  assert_string_not_equal (k1, k2);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_shape_keys),
    cmocka_unit_test (test_incr_keys),
    cmocka_unit_test (test_alpha_and_bugs),
    cmocka_unit_test (test_crash_keys),
    cmocka_unit_test_setup_teardown (test_db_buckets, setup, teardown),
    cmocka_unit_test_setup_teardown (test_db_slices, setup, teardown),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
