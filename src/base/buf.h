/* buf: growable byte/string builder with a sticky error (SQLite's sqlite3_str).
 * Owns: its byte buffer. Appends after a failed growth are ignored; check sg_buf_ok once. */
#ifndef SG_BASE_BUF_H
#define SG_BASE_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct sg_buf {
  char *s;     /* bytes, always NUL-terminated when len > 0 or after sg_buf_cstr */
  size_t len;  /* bytes used (without the NUL) */
  size_t cap;  /* bytes allocated */
  bool failed; /* sticky: an append could not grow the buffer */
} sg_buf;

void sg_buf_init (sg_buf *b);
void sg_buf_free (sg_buf *b);
void sg_buf_reset (sg_buf *b);
bool sg_buf_reserve (sg_buf *b, size_t extra);
void sg_buf_add (sg_buf *b, const void *p, size_t n);
void sg_buf_addc (sg_buf *b, char c);
void sg_buf_adds (sg_buf *b, const char *s);
void sg_buf_addu (sg_buf *b, unsigned long long v);
void sg_buf_printf (sg_buf *b, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));
/* NUL-terminated contents ("" when empty). */
const char *sg_buf_cstr (sg_buf *b);
static inline bool sg_buf_ok (const sg_buf *b) { return !b->failed; }

#endif
