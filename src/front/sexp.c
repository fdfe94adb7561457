/* sexp: non-recursive S-expression reader, one command at a time. */
#include "front/sexp.h"

#include <string.h>

#include "base/limits.h"

static void
init_common (sg_sexp_reader *r, sg_atoms *atoms)
{
  r->atoms = atoms;
  memset (&r->nodes, 0, sizeof r->nodes);
  memset (&r->open, 0, sizeof r->open);
  r->commands = 0;
}

void
sg_sexp_init_fd (sg_sexp_reader *r, int fd, sg_atoms *atoms, sg_diag *diag)
{
  sg_lex_init_fd (&r->lex, fd, diag);
  init_common (r, atoms);
}

void
sg_sexp_init_mem (sg_sexp_reader *r, const char *s, size_t n, sg_atoms *atoms, sg_diag *diag)
{
  sg_lex_init_mem (&r->lex, s, n, diag);
  init_common (r, atoms);
}

void
sg_sexp_free (sg_sexp_reader *r)
{
  sg_lex_free (&r->lex);
  SG_VEC_FREE (r->nodes);
  SG_VEC_FREE (r->open);
}

uint32_t
sg_sx_nkids (const sg_sx *nodes, uint32_t i)
{
  uint32_t n = 0;
  for (uint32_t c = i + 1; c < nodes[i].end; c = nodes[c].end) n++;
  return n;
}

static sg_rc
nomem (sg_sexp_reader *r, const sg_tok *t)
{
  return sg_diag_set (r->lex.diag, SG_RC_NOMEM, t->line, t->col, "out of memory");
}

sg_rc
sg_sexp_read (sg_sexp_reader *r)
{
  sg_diag *d = r->lex.diag;
  SG_VEC_CLEAR (r->nodes);
  SG_VEC_CLEAR (r->open);
  sg_tok t;
  sg_rc rc;
  for (;;)
    {
      if ((rc = sg_lex_next (&r->lex, &t))) return rc;
      switch (t.kind)
        {
        case SG_TOK_EOF:
          if (r->open.n == 0) return SG_RC_EOF;
          {
            const sg_sx *o = &r->nodes.a[r->open.a[0]];
            return sg_diag_set (d, SG_RC_PARSE, t.line, t.col,
                                "unbalanced parentheses: end of input with %u unclosed "
                                "'(' (outermost opened at %u:%u)",
                                r->open.n, o->line, o->col);
          }
        case SG_TOK_LPAR:
          {
            if (r->open.n >= SG_LIMIT_DEPTH)
              return sg_diag_set (d, SG_RC_LIMIT, t.line, t.col,
                                  "nesting deeper than %u parentheses", (unsigned) SG_LIMIT_DEPTH);
            if (r->nodes.n >= SG_LIMIT_CMD_NODES)
              return sg_diag_set (d, SG_RC_LIMIT, t.line, t.col,
                                  "command with more than %u tokens", (unsigned) SG_LIMIT_CMD_NODES);
            sg_sx n = { SG_TOK_LPAR, t.line, t.col, 0, SG_ATOM_NONE };
            if (!SG_VEC_PUSH (r->open, r->nodes.n) || !SG_VEC_PUSH (r->nodes, n))
              return nomem (r, &t);
            break;
          }
        case SG_TOK_RPAR:
          {
            if (r->open.n == 0)
              return sg_diag_set (d, SG_RC_PARSE, t.line, t.col,
                                  "unbalanced parentheses: unexpected ')'");
            uint32_t i = SG_VEC_POP (r->open);
            r->nodes.a[i].end = r->nodes.n;
            if (r->open.n == 0) { r->commands++; return SG_RC_OK; }
            break;
          }
        default:
          {
            if (r->open.n == 0)
              return sg_diag_set (d, SG_RC_PARSE, t.line, t.col,
                                  "expected '(' to start a command, found '%.40s'", t.text);
            sg_sx n = { (uint8_t) t.kind, t.line, t.col, r->nodes.n + 1, SG_ATOM_NONE };
            if (!sg_atom_intern (r->atoms, t.text, t.len, &n.atom)) return nomem (r, &t);
            if (!SG_VEC_PUSH (r->nodes, n)) return nomem (r, &t);
            if (r->nodes.n >= SG_LIMIT_CMD_NODES)
              return sg_diag_set (d, SG_RC_LIMIT, t.line, t.col,
                                  "command with more than %u tokens", (unsigned) SG_LIMIT_CMD_NODES);
            break;
          }
        }
    }
}
