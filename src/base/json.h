/* json: the one JSON reader and writer — a small reader for the JSON files smtgrind writes
 * itself (findings: read by the reducer and by a campaign's recovery), into a flat tree; and
 * the string writer every JSON output uses (findings, check --json, export).
 * Owns: every node and string of an sg_json (freed with sg_json_free).
 * Invariants: parsing is iterative (an explicit stack, no recursion); strings are decoded to
 * bytes (\uXXXX as UTF-8, surrogate pairs joined; \udc80..\udcff, as sg_json_string writes
 * a byte that is not UTF-8, and \u0080..\u00ff, as earlier versions wrote any byte >= 0x7f,
 * give that byte back); errors give line:col.
 * Tests: tests/unit/base_test.c, tests/unit/reduce_test.c, tests/cli/run_cli_tests.sh (campaign:
 * recovery), tests/cli/group_names.sh (file names with bytes that are not UTF-8) */
#ifndef SG_BASE_JSON_H
#define SG_BASE_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/rc.h"
#include "base/vec.h"

typedef enum sg_json_kind { SG_JSON_NULL, SG_JSON_BOOL, SG_JSON_NUM, SG_JSON_STR, SG_JSON_ARR, SG_JSON_OBJ } sg_json_kind;

typedef struct sg_jnode {
  uint8_t kind;      /* sg_json_kind */
  uint8_t exact;     /* NUM: a natural number held exactly in u64 */
  uint32_t parent;   /* parent node or UINT32_MAX for the root */
  uint32_t key;      /* object member: offset of its key in strs, else UINT32_MAX */
  uint32_t first;    /* ARR/OBJ: first child, UINT32_MAX when empty */
  uint32_t next;     /* next sibling, UINT32_MAX at the end */
  uint32_t str;      /* STR: offset in strs (NUL-terminated) */
  double num;        /* NUM, BOOL (0/1) */
  uint64_t u64;      /* NUM with exact set */
} sg_jnode;

typedef struct sg_json {
  SG_VEC (sg_jnode) n; /* node 0 is the root */
  SG_VEC (char) strs;  /* decoded strings and keys, NUL-terminated */
} sg_json;

sg_rc sg_json_parse (const char *text, size_t len, const char *name, sg_json *out /* OUT */,
                     sg_diag *d);
void sg_json_free (sg_json *j);
/* Member `key` of object node `obj`, or UINT32_MAX. */
uint32_t sg_json_get (const sg_json *j, uint32_t obj, const char *key);
/* String of node i, or NULL when it is not a string. */
const char *sg_json_str (const sg_json *j, uint32_t i);
/* Number of node i (NUM or BOOL), or dflt. */
double sg_json_num (const sg_json *j, uint32_t i, double dflt);

/* Number of node i when it is a natural number written without a fraction or exponent (exact
 * to 2^64 - 1: rng seeds), or dflt. */
uint64_t sg_json_u64 (const sg_json *j, uint32_t i, uint64_t dflt);

/* Append s (n bytes) as a JSON string literal: quotes, backslash escapes, \u00XX for control
 * bytes and 0x7f, valid UTF-8 as it is, and each other byte 0xXY as \udcXY (Python's
 * surrogateescape: json.loads then os.fsencode gives the bytes back, and so does our reader).
 * The output is valid UTF-8 whatever the bytes. */
void sg_json_string (sg_buf *b, const char *s, size_t n);

/* The length (1..4) of the valid UTF-8 sequence at the start of s (n bytes), or 0 when it
 * does not start with one (a stray byte, a truncated or overlong sequence, a surrogate). */
size_t sg_utf8_len (const char *s, size_t n);

#endif
