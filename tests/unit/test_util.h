/* test_util: helpers shared by the cmocka unit tests (parse a string into a fresh store). */
#ifndef SG_TEST_UTIL_H
#define SG_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "front/parse.h"
#include "front/print.h"

typedef struct tparse {
  sg_store s;
  sg_script sc;
  sg_diag d;
  sg_rc rc;
  char err[600];
} tparse;

static inline void
tp_parse (tparse *t, const char *text)
{
  assert_int_equal (sg_store_init (&t->s), SG_RC_OK);
  sg_script_init (&t->sc, &t->s);
  sg_diag_init (&t->d, "t.smt2");
  t->rc = sg_parse_string (&t->s, &t->sc, text, strlen (text), "t.smt2", &t->d);
  t->err[0] = 0;
  if (t->rc) sg_diag_format (&t->d, t->err, sizeof t->err);
}

static inline void
tp_free (tparse *t)
{
  sg_script_free (&t->sc);
  sg_store_free (&t->s);
}

/* Printed script, caller frees with sg_buf_free. */
static inline void
tp_print (tparse *t, sg_buf *b, bool expand)
{
  sg_print_opts o = { expand, 0 };
  sg_buf_init (b);
  sg_print_script (&t->sc, &o, b);
  assert_true (sg_buf_ok (b));
}

#endif
