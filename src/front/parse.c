/* parse: the SMT-LIB 2.6 parser's life (new, free, forget the last command), reading a file or
 * a text command by command (sg_parser_next: one S-expression, then parse_cmd.c's reader), and
 * the helpers the command, datatype and model readers share (parse_int.h).
 * The readers: parse_cmd.c (one per command), parse_dt.c (declare-datatype(s)), parse_term.c,
 * parse_sort.c, parse_model.c. Test: tests/unit/front_test.c, ctest front_test, cli_parse. */
#include "front/parse.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "front/parse_int.h"

sg_rc
sg_pnomem (sg_parser *p, uint32_t i)
{
  return sg_perr (p, i, SG_RC_NOMEM, "out of memory");
}

sg_rc
sg_parser_new (sg_store *store, sg_script *script, int fd, const char *mem, size_t len,
               const char *name, sg_diag *diag, sg_parser **out)
{
  sg_parser *p = calloc (1, sizeof *p);
  if (!p) return sg_diag_set (diag, SG_RC_NOMEM, 0, 0, "out of memory");
  p->s = store;
  p->sc = script;
  p->d = diag;
  p->model_expect = SG_NONE;
  if (name) diag->file = name;
  if (mem) sg_sexp_init_mem (&p->rd, mem, len, &store->atoms, diag);
  else sg_sexp_init_fd (&p->rd, fd, &store->atoms, diag);
  sg_symtab_init (&p->st);
  sg_buf_init (&p->text);
  *out = p;
  if (!SG_VEC_RESERVE (p->vals, 64) || !SG_VEC_RESERVE (p->tmp, 64) || !SG_VEC_RESERVE (p->frames, 64)
      || !SG_VEC_RESERVE (p->sorts, 16))
    return sg_diag_set (diag, SG_RC_NOMEM, 0, 0, "out of memory");
  return SG_RC_OK;
}

void
sg_parser_free (sg_parser *p)
{
  if (!p) return;
  sg_sexp_free (&p->rd);
  sg_symtab_free (&p->st);
  SG_VEC_FREE (p->levels);
  SG_VEC_FREE (p->frames);
  SG_VEC_FREE (p->vals);
  SG_VEC_FREE (p->tmp);
  SG_VEC_FREE (p->sorts);
  SG_VEC_FREE (p->named);
  sg_buf_free (&p->text);
  free (p);
}

bool
sg_parser_forget_last (sg_parser *p)
{
  if (p->sc->cmds.n != p->cmds_before + 1) return false;
  const sg_cmd *c = &p->sc->cmds.a[p->cmds_before];
  /* set-logic and set-option change how later commands read; keep them. */
  if (c->kind == SG_WK_SET_LOGIC || c->kind == SG_WK_SET_OPTION || c->kind == SG_WK_PUSH
      || c->kind == SG_WK_POP || c->kind == SG_WK_RESET || c->kind == SG_WK_RESET_ASSERTIONS)
    return false;
  if (!sg_store_rollback (p->s, &p->mark)) return false;
  p->sc->cmds.n = p->cmds_before;
  p->sc->items.n = p->items_before;
  return true;
}

uint64_t sg_parser_bytes (const sg_parser *p) { return sg_lex_bytes (&p->rd.lex); }

void sg_parser_keep_check_sat_using (sg_parser *p) { p->keep_csu = true; }

/* ---------------------------------------------------------------- helpers */

/* Count the items of list i from child `from`. */
uint32_t
sg_pcount_from (const sg_parser *p, uint32_t list, uint32_t from)
{
  uint32_t n = 0;
  for (uint32_t j = from; has (p, list, j); j = next (p, j)) n++;
  return n;
}

sg_rc
sg_pneed_symbol (sg_parser *p, uint32_t cmd, uint32_t j, const char *what)
{
  if (!has (p, cmd, j)) return sg_perr (p, cmd, SG_RC_PARSE, "missing %s", what);
  if (!sg_pis_sym (p, j)) return sg_perr (p, j, SG_RC_PARSE, "expected %s", what);
  return SG_RC_OK;
}

sg_rc
sg_pfresh_sort_name (sg_parser *p, uint32_t j)
{
  const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_SORT, sg_pnode (p, j)->atom);
  if (b && b->kind != SG_B_PARAM)
    return sg_perr (p, j, SG_RC_SORT, "sort '%s' is already declared", atext (p, j));
  sg_atom a = sg_pnode (p, j)->atom;
  if (a >= SG_WK_S_BOOL && a <= SG_WK_S_FLOAT128)
    return sg_perr (p, j, SG_RC_SORT, "'%s' is a built-in sort", atext (p, j));
  return SG_RC_OK;
}

sg_rc
sg_padd_cmd (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t aux, const uint32_t *items, uint32_t n)
{
  const sg_sx *x = sg_pnode (p, cmd);
  sg_rc rc = sg_script_add (p->sc, kind, aux, items, n, x->line, x->col);
  return rc ? sg_pnomem (p, cmd) : SG_RC_OK;
}

sg_rc
sg_pbind_sort_params (sg_parser *p, uint32_t ps)
{
  sg_store *s = p->s;
  for (uint32_t j = kid (ps); has (p, ps, j); j = next (p, j))
    {
      sg_sort x;
      sg_rc rc;
      if (!sg_pis_sym (p, j)) return sg_perr (p, j, SG_RC_PARSE, "expected a sort parameter");
      if ((rc = sg_sort_make (s, SG_SORT_PARAM, sg_pnode (p, j)->atom, 0, NULL, 0, &x))) return sg_perr_store (p, j, rc);
      if (!SG_VEC_PUSH (s->pool, x)) return sg_pnomem (p, j);
      if (!sg_symtab_bind (&p->st, SG_NS_SORT, sg_pnode (p, j)->atom, SG_B_PARAM, x)) return sg_pnomem (p, j);
    }
  return SG_RC_OK;
}

sg_rc
sg_psorted_var (sg_parser *p, uint32_t b, uint32_t *v, sg_sort *srt)
{
  *v = kid (b);
  if (!sg_pis_list (p, b) || !has (p, b, *v) || !sg_pis_sym (p, *v) || !has (p, b, next (p, *v))
      || next (p, next (p, *v)) != next (p, b))
    return sg_perr (p, b, SG_RC_PARSE, "expected a sorted variable (VAR SORT)");
  return sg_parse_sort (p, next (p, *v), srt);
}

/* Parse ((x S) ...) into BVARs appended to p->tmp... and bind them. Sorts into `sorts`. */
sg_rc
sg_psorted_vars (sg_parser *p, uint32_t list, sg_u32vec *vars, sg_u32vec *sorts)
{
  if (!sg_pis_list (p, list)) return sg_perr (p, list, SG_RC_PARSE, "expected a list of sorted variables");
  for (uint32_t b = kid (list); has (p, list, b); b = next (p, b))
    {
      uint32_t v;
      sg_sort srt;
      sg_term var;
      sg_rc rc = sg_psorted_var (p, b, &v, &srt);
      if (rc) return rc;
      if ((rc = sg_mk_bvar (p->s, sg_pnode (p, v)->atom, srt, &var))) return sg_perr_store (p, v, rc);
      if (!SG_VEC_PUSH (*vars, var) || !SG_VEC_PUSH (*sorts, srt)) return sg_pnomem (p, v);
    }
  return SG_RC_OK;
}

sg_rc
sg_pbind_vars (sg_parser *p, uint32_t at, const sg_term *vars, uint32_t n)
{
  for (uint32_t i = 0; i < n; i++)
    if (!sg_symtab_bind (&p->st, SG_NS_TERM, sg_term_node (p->s, vars[i])->aux, SG_B_BVAR, vars[i]))
      return sg_pnomem (p, at);
  return SG_RC_OK;
}

static int
cmp_u64 (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

uint32_t
sg_pfirst_dup (uint64_t *keys, uint32_t n)
{
  qsort (keys, n, sizeof *keys, cmp_u64);
  uint32_t dup = UINT32_MAX;
  for (uint32_t j = 1; j < n; j++)
    if (keys[j] >> 32 == keys[j - 1] >> 32 && (uint32_t) keys[j] < dup) dup = (uint32_t) keys[j];
  return dup;
}

/* ---------------------------------------------------------------- reading */

sg_rc
sg_parser_next (sg_parser *p)
{
  if (p->d->rc) return p->d->rc;
  /* z3 and cvc5 stop at (exit): what follows (often another script, redeclaring the same
   * names) is no part of the script. */
  if (p->exited) return SG_RC_EOF;
  sg_store_mark_get (p->s, &p->mark); /* before reading: the reader interns the atoms */
  sg_rc rc = sg_sexp_read (&p->rd);
  if (rc) return rc;
  SG_VEC_CLEAR (p->named);
  p->cmds_before = p->sc->cmds.n;
  p->items_before = p->sc->items.n;
  rc = sg_pcommand (p, 0);
  for (uint32_t i = 0; !rc && i < p->named.n; i++)
    {
      uint32_t fun = p->named.a[i];
      const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, p->s->funs.a[fun].name);
      if ((!b || b->kind != SG_B_FUN || b->id != fun)
          && !sg_symtab_bind (&p->st, SG_NS_TERM, p->s->funs.a[fun].name, SG_B_FUN, fun))
        rc = sg_pnomem (p, 0);
    }
  if (rc && !p->d->rc) sg_diag_set (p->d, rc, sg_pnode (p, 0)->line, sg_pnode (p, 0)->col, "%s", p->s->err);
  if (!rc && p->sc->cmds.n > p->cmds_before && SG_VEC_TOP (p->sc->cmds).kind == SG_WK_EXIT)
    {
      p->exited = true;
      sg_lex_skip_rest (&p->rd.lex);
    }
  return rc;
}

static sg_rc
parse_all (sg_parser *p)
{
  sg_rc rc;
  while (!(rc = sg_parser_next (p)))
    ;
  return rc == SG_RC_EOF ? SG_RC_OK : rc;
}

sg_rc
sg_parse_file (sg_store *store, sg_script *script, const char *path, sg_diag *diag)
{
  int fd = strcmp (path, "-") ? open (path, O_RDONLY | O_CLOEXEC) : 0;
  if (fd < 0) return sg_diag_set (diag, SG_RC_IO, 0, 0, "cannot open: %s", strerror (errno));
  sg_parser *p = NULL;
  sg_rc rc = sg_parser_new (store, script, fd, NULL, 0, NULL, diag, &p);
  if (!rc) rc = parse_all (p);
  sg_parser_free (p);
  if (fd > 0) close (fd);
  return rc;
}

sg_rc
sg_parse_string (sg_store *store, sg_script *script, const char *text, size_t len,
                 const char *name, sg_diag *diag)
{
  sg_parser *p = NULL;
  sg_rc rc = sg_parser_new (store, script, -1, text ? text : "", len, name, diag, &p);
  if (!rc) rc = parse_all (p);
  sg_parser_free (p);
  return rc;
}
