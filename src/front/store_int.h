/* store_int: internals shared by store.c, check.c and print.c; not for other modules. */
#ifndef SG_FRONT_STORE_INT_H
#define SG_FRONT_STORE_INT_H

#include <stdarg.h>

#include "front/store.h"

sg_rc sg_store_nomem (sg_store *s);
sg_rc sg_store_err (sg_store *s, sg_rc rc, const char *fmt, ...)
    __attribute__ ((format (printf, 3, 4)));

#endif
