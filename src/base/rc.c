/* rc: return codes and positioned diagnostics. */
#include "base/rc.h"

#include <stdio.h>
#include <string.h>

void
sg_diag_init (sg_diag *d, const char *file)
{
  memset (d, 0, sizeof *d);
  d->file = file ? file : "<input>";
}

sg_rc
sg_diag_vset (sg_diag *d, sg_rc rc, uint32_t line, uint32_t col, const char *fmt, va_list ap)
{
  if (d->rc != SG_RC_OK) return rc;
  d->rc = rc;
  d->line = line;
  d->col = col;
  vsnprintf (d->msg, sizeof d->msg, fmt, ap);
  return rc;
}

sg_rc
sg_diag_set (sg_diag *d, sg_rc rc, uint32_t line, uint32_t col, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  sg_diag_vset (d, rc, line, col, fmt, ap);
  va_end (ap);
  return rc;
}

void
sg_diag_format (const sg_diag *d, char *buf, size_t size)
{
  if (d->line)
    snprintf (buf, size, "%s:%u:%u: error: %s", d->file, d->line, d->col, d->msg);
  else
    snprintf (buf, size, "%s: error: %s", d->file, d->msg);
}

const char *
sg_rc_name (sg_rc rc)
{
  switch (rc)
    {
    case SG_RC_OK: return "ok";
    case SG_RC_PARSE: return "parse error";
    case SG_RC_SORT: return "sort error";
    case SG_RC_LIMIT: return "limit exceeded";
    case SG_RC_IO: return "i/o error";
    case SG_RC_NOMEM: return "out of memory";
    case SG_RC_USAGE: return "usage error";
    case SG_RC_EOF: return "end of input";
    }
  return "unknown";
}

int
sg_rc_exit_code (sg_rc rc)
{
  switch (rc)
    {
    case SG_RC_OK:
    case SG_RC_EOF: return SG_EXIT_OK;
    case SG_RC_PARSE:
    case SG_RC_SORT:
    case SG_RC_LIMIT:
    case SG_RC_IO:
    case SG_RC_USAGE: return SG_EXIT_INPUT;
    case SG_RC_NOMEM: return SG_EXIT_INTERNAL;
    }
  return SG_EXIT_INTERNAL;
}
