/* rc: return codes and positioned diagnostics shared by every layer.
 * Owns: the sg_rc enum, sg_diag (first error wins, file:line:col), exit-code mapping.
 * Invariants: SG_RC_OK is 0; a diag, once set, is never overwritten.
 * Tests: tests/unit/base_test.c */
#ifndef SG_BASE_RC_H
#define SG_BASE_RC_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum sg_rc {
  SG_RC_OK = 0,
  SG_RC_PARSE,  /* malformed input text (lexical or syntactic) */
  SG_RC_SORT,   /* well-formed text that is ill-sorted or names unknown symbols */
  SG_RC_LIMIT,  /* input exceeds a limit of base/limits.h */
  SG_RC_IO,     /* cannot open/read/write a file */
  SG_RC_NOMEM,  /* allocation failed */
  SG_RC_USAGE,  /* bad command-line or API usage */
  SG_RC_EOF,    /* no more input (not an error for streaming readers) */
} sg_rc;

/* A positioned diagnostic. The first error recorded wins (later ones are dropped). */
typedef struct sg_diag {
  sg_rc rc;           /* SG_RC_OK while no error has been recorded */
  const char *file;   /* name shown in messages, not owned ("<stdin>", "<string>", ...) */
  uint32_t line;      /* 1-based; 0 if no position applies */
  uint32_t col;       /* 1-based */
  char msg[512];      /* message without position prefix */
} sg_diag;

void sg_diag_init (sg_diag *d, const char *file);
/* Record an error unless one is already recorded. Returns rc (for `return sg_diag_set(...)`). */
sg_rc sg_diag_set (sg_diag *d, sg_rc rc, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__ ((format (printf, 5, 6)));
sg_rc sg_diag_vset (sg_diag *d, sg_rc rc, uint32_t line, uint32_t col, const char *fmt,
                    va_list ap);
/* Format as one line "file:line:col: error: msg" into buf (always NUL-terminated). */
void sg_diag_format (const sg_diag *d, char *buf, size_t size);
const char *sg_rc_name (sg_rc rc);

/* Documented process exit codes (README "Exit codes"). Only cli/ exits. */
enum {
  SG_EXIT_OK = 0,       /* success, nothing found */
  SG_EXIT_INTERNAL = 1, /* internal error or out of memory */
  SG_EXIT_INPUT = 2,    /* usage error or invalid input (parse, sort, limit, I/O) */
  SG_EXIT_BUG = 10,     /* a solver bug was found (check, fuzzing commands) */
};
int sg_rc_exit_code (sg_rc rc);

#endif
