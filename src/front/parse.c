/* parse: SMT-LIB 2.6 commands, one at a time, into a script.
 *   command ::= (set-logic sym) | (declare-fun sym (sort*) sort) | (assert term) | ... */
#include "front/parse.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/answer.h"
#include "base/limits.h"
#include "front/parse_int.h"


static sg_rc
nomem (sg_parser *p, uint32_t i)
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

/* ---------------------------------------------------------------- helpers */

/* Count the items of list i from child `from`. */
static uint32_t
count_from (const sg_parser *p, uint32_t list, uint32_t from)
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

static sg_rc
need_end (sg_parser *p, uint32_t cmd, uint32_t j)
{
  if (has (p, cmd, j))
    return sg_perr (p, j, SG_RC_PARSE, "unexpected extra argument to '%s'", atext (p, kid (cmd)));
  return SG_RC_OK;
}

/* A function symbol may be declared again only with other argument sorts (overloading, as z3
 * and cvc5 allow); `params` NULL means the signature is not known yet (define-fun). */
static sg_rc
fresh_term_name (sg_parser *p, uint32_t j, const sg_sort *params, uint32_t n)
{
  sg_store *s = p->s;
  const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, sg_pnode (p, j)->atom);
  for (; b; b = b->prev ? &p->st.b.a[b->prev - 1] : NULL)
    {
      if (b->kind != SG_B_FUN) continue;
      const sg_fun *f = &s->funs.a[b->id];
      if (params && (f->nparams != n || memcmp (s->pool.a + f->params, params, n * sizeof *params)))
        continue;
      return sg_perr (p, j, SG_RC_SORT, "'%s' is already declared", atext (p, j));
    }
  return SG_RC_OK;
}

static sg_rc
fresh_sort_name (sg_parser *p, uint32_t j)
{
  const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_SORT, sg_pnode (p, j)->atom);
  if (b && b->kind != SG_B_PARAM)
    return sg_perr (p, j, SG_RC_SORT, "sort '%s' is already declared", atext (p, j));
  sg_atom a = sg_pnode (p, j)->atom;
  if (a >= SG_WK_S_BOOL && a <= SG_WK_S_FLOAT128)
    return sg_perr (p, j, SG_RC_SORT, "'%s' is a built-in sort", atext (p, j));
  return SG_RC_OK;
}

static sg_rc
add_cmd (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t aux, const uint32_t *items, uint32_t n)
{
  const sg_sx *x = sg_pnode (p, cmd);
  sg_rc rc = sg_script_add (p->sc, kind, aux, items, n, x->line, x->col);
  return rc ? nomem (p, cmd) : SG_RC_OK;
}

static sg_rc
bool_term (sg_parser *p, uint32_t j, sg_term *t)
{
  sg_rc rc = sg_parse_term (p, j, t);
  if (rc) return rc;
  if (sg_term_sort (p->s, *t) != p->s->s_bool)
    return sg_perr (p, j, SG_RC_SORT, "sort mismatch: expected a Bool term");
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
      if (!SG_VEC_PUSH (*vars, var) || !SG_VEC_PUSH (*sorts, srt)) return nomem (p, v);
    }
  return SG_RC_OK;
}

sg_rc
sg_pbind_vars (sg_parser *p, uint32_t at, const sg_term *vars, uint32_t n)
{
  for (uint32_t i = 0; i < n; i++)
    if (!sg_symtab_bind (&p->st, SG_NS_TERM, sg_term_node (p->s, vars[i])->aux, SG_B_BVAR, vars[i]))
      return nomem (p, at);
  return SG_RC_OK;
}

/* Body of a defined function: parse under its parameters, coerce Int to Real if declared. */
static sg_rc
fun_body (sg_parser *p, uint32_t fun, uint32_t j, sg_term *body)
{
  sg_store *s = p->s;
  uint32_t mark = sg_symtab_mark (&p->st);
  sg_rc rc = sg_pbind_vars (p, j, s->pool.a + s->funs.a[fun].vars, s->funs.a[fun].nparams);
  if (!rc) rc = sg_parse_term (p, j, body);
  sg_symtab_release (&p->st, mark);
  if (rc) return rc;
  sg_sort want = s->funs.a[fun].ret, got = sg_term_sort (s, *body);
  if (got == want) return SG_RC_OK;
  if (got == s->s_int && want == s->s_real)
    {
      s->coerce_terms++; /* a body counts as a term, whatever it is */
      rc = sg_term_intern (s, SG_OP_TO_REAL, SG_TF_IMPLICIT, s->s_real, body, 1, NULL, 0, 0, body);
      return rc ? sg_perr_store (p, j, rc) : SG_RC_OK;
    }
  if (sg_term_fit (s, body, want)) return SG_RC_OK; /* z3: a lambda as an array */
  return sg_perr (p, j, SG_RC_SORT, "sort mismatch: body of '%s' does not have the declared result sort",
                  sg_store_text (s, s->funs.a[fun].name));
}

/* (f ((x S)...) R) signature of define-fun(-rec): creates the fun record. */
static sg_rc
fun_signature (sg_parser *p, uint32_t cmd, uint32_t name, sg_fun_kind kind, uint32_t *fun)
{
  sg_store *s = p->s;
  sg_rc rc;
  if ((rc = sg_pneed_symbol (p, cmd, name, "a function name"))) return rc;
  uint32_t params = next (p, name);
  if (!has (p, cmd, params) || !has (p, cmd, next (p, params)))
    return sg_perr (p, cmd, SG_RC_PARSE, "expected parameters and a result sort");
  sg_u32vec vars = { 0 }, sorts = { 0 };
  rc = sg_psorted_vars (p, params, &vars, &sorts);
  if (!rc) rc = fresh_term_name (p, name, sorts.a, sorts.n);
  sg_sort ret;
  if (!rc) rc = sg_parse_sort (p, next (p, params), &ret);
  if (!rc) rc = sg_store_add_fun (s, sg_pnode (p, name)->atom, kind, sorts.a, sorts.n, ret, fun);
  if (!rc)
    {
      s->funs.a[*fun].vars = s->pool.n;
      if (!SG_VEC_RESERVE (s->pool, vars.n)) rc = nomem (p, cmd);
      else
        {
          if (vars.n) memcpy (s->pool.a + s->pool.n, vars.a, vars.n * sizeof *vars.a);
          s->pool.n += vars.n;
        }
    }
  else if (rc != SG_RC_PARSE && rc != SG_RC_SORT && rc != SG_RC_LIMIT && !p->d->rc)
    sg_perr_store (p, cmd, rc);
  SG_VEC_FREE (vars);
  SG_VEC_FREE (sorts);
  return rc;
}

/* ---------------------------------------------------------------- datatypes */

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

/* The parameters of (define-sort NAME (PARAMS) SORT) at ps (n of them) are distinct. The
 * solvers take a definition that names one twice, but none uses it consistently: z3 refuses
 * every application ((P Int Bool): "invalid number of parameters"), cvc5 and cvc4 then reject
 * selects of either index sort. Sorted (atom, position) pairs: any number. A parameter that is
 * no symbol is left to the caller's loop (the first error in the text is reported). */
static sg_rc
sort_params_distinct (sg_parser *p, uint32_t ps, uint32_t n)
{
  if (n < 2) return SG_RC_OK;
  for (uint32_t j = kid (ps); has (p, ps, j); j = next (p, j))
    if (!sg_pis_sym (p, j)) return SG_RC_OK;
  uint64_t *keys = malloc ((size_t) n * sizeof *keys);
  if (!keys) return nomem (p, ps);
  uint32_t k = 0;
  for (uint32_t j = kid (ps); has (p, ps, j) && k < n; j = next (p, j), k++)
    keys[k] = (uint64_t) sg_pnode (p, j)->atom << 32 | k;
  uint32_t dup = sg_pfirst_dup (keys, k);
  free (keys);
  if (dup == UINT32_MAX) return SG_RC_OK;
  uint32_t j = kid (ps);
  for (uint32_t q = 0; q < dup; q++) j = next (p, j);
  return sg_perr (p, j, SG_RC_PARSE, "sort parameter '%s' named twice", atext (p, j));
}

/* Within datatype dt (its constructors pushed), the first constructor named twice and the
 * first selector named twice, as positions in declaration order (UINT32_MAX: none). z3 and
 * cvc5 reject both (a hostile review: they were accepted). */
static sg_rc
dt_dups (sg_parser *p, uint32_t dt, uint32_t *con, uint32_t *sel)
{
  const sg_store *s = p->s;
  const sg_dt *d = &s->dts.a[dt];
  uint32_t nsel = 0;
  for (uint32_t c = d->cons; c < d->cons + d->ncons; c++) nsel += s->conss.a[c].nsel;
  uint64_t *keys = malloc (((size_t) (d->ncons > nsel ? d->ncons : nsel) + 1) * sizeof *keys);
  if (!keys) return SG_RC_NOMEM;
  for (uint32_t c = 0; c < d->ncons; c++) keys[c] = (uint64_t) s->conss.a[d->cons + c].name << 32 | c;
  *con = sg_pfirst_dup (keys, d->ncons);
  uint32_t k = 0;
  for (uint32_t c = d->cons; c < d->cons + d->ncons; c++)
    for (uint32_t j = 0; j < s->conss.a[c].nsel; j++, k++)
      keys[k] = (uint64_t) s->sels.a[s->conss.a[c].sel + j].name << 32 | k;
  *sel = sg_pfirst_dup (keys, nsel);
  free (keys);
  return SG_RC_OK;
}

/* The constructor declarations of list `list` from child `from` on: C or (C (sel SORT)...).
 * Field sorts are parsed with the parameters bound; names are bound by bind_constructors. */
static sg_rc
constructor_list (sg_parser *p, uint32_t dt, uint32_t list, uint32_t from)
{
  sg_store *s = p->s;
  sg_rc rc;
  s->dts.a[dt].cons = s->conss.n;
  for (uint32_t c = from; has (p, list, c); c = next (p, c))
    {
      uint32_t cname = sg_pis_list (p, c) ? kid (c) : c;
      if ((sg_pis_list (p, c) && !has (p, c, cname)) || !sg_pis_sym (p, cname))
        return sg_perr (p, c, SG_RC_PARSE, "expected a constructor declaration");
      sg_dtcons co = { sg_pnode (p, cname)->atom, dt, 0, s->sels.n };
      if (sg_pis_list (p, c))
        for (uint32_t f = next (p, cname); has (p, c, f); f = next (p, f))
          {
            uint32_t fn = kid (f);
            if (!sg_pis_list (p, f) || !has (p, f, fn) || !sg_pis_sym (p, fn) || !has (p, f, next (p, fn))
                || next (p, next (p, fn)) != next (p, f))
              return sg_perr (p, f, SG_RC_PARSE, "expected a selector (NAME SORT)");
            sg_dtsel se = { sg_pnode (p, fn)->atom, s->conss.n, SG_NONE };
            if ((rc = sg_parse_sort (p, next (p, fn), &se.sort))) return rc;
            if (!SG_VEC_PUSH (s->sels, se)) return nomem (p, f);
            co.nsel++;
          }
      if (!SG_VEC_PUSH (s->conss, co)) return nomem (p, c);
      s->dts.a[dt].ncons++;
    }
  if (s->dts.a[dt].ncons == 0) return sg_perr (p, list, SG_RC_SORT, "datatype without constructors");
  uint32_t dcon, dsel;
  if (dt_dups (p, dt, &dcon, &dsel)) return nomem (p, list);
  uint32_t k = 0, ks = 0;
  for (uint32_t c = from; has (p, list, c) && (dcon != UINT32_MAX || dsel != UINT32_MAX); c = next (p, c), k++)
    {
      uint32_t cname = sg_pis_list (p, c) ? kid (c) : c;
      if (k == dcon)
        return sg_perr (p, cname, SG_RC_SORT, "constructor '%s' declared twice in datatype '%s'",
                        sg_store_text (s, sg_pnode (p, cname)->atom), sg_store_text (s, s->dts.a[dt].name));
      if (sg_pis_list (p, c))
        for (uint32_t f = next (p, cname); has (p, c, f); f = next (p, f), ks++)
          if (ks == dsel)
            return sg_perr (p, kid (f), SG_RC_SORT, "selector '%s' declared twice in datatype '%s'",
                            sg_store_text (s, sg_pnode (p, kid (f))->atom), sg_store_text (s, s->dts.a[dt].name));
    }
  return SG_RC_OK;
}

/* Constructors of datatype dt from the list `decl` ((C (s S)...) ...) or (par (T) (...)). */
static sg_rc
dt_constructors (sg_parser *p, uint32_t dt, uint32_t decl)
{
  sg_store *s = p->s;
  if (!sg_pis_list (p, decl)) return sg_perr (p, decl, SG_RC_PARSE, "expected constructor declarations");
  uint32_t mark = sg_symtab_mark (&p->st);
  uint32_t list = decl;
  sg_rc rc = SG_RC_OK;
  uint32_t h = kid (decl);
  if (has (p, decl, h) && sg_pis_sym (p, h) && sg_pnode (p, h)->atom == SG_WK_PAR)
    {
      uint32_t ps = next (p, h);
      list = has (p, decl, ps) ? next (p, ps) : ps;
      if (!has (p, decl, ps) || !sg_pis_list (p, ps) || !has (p, decl, list) || next (p, list) != next (p, decl))
        return sg_perr (p, decl, SG_RC_PARSE, "expected (par (PARAMS) (CONSTRUCTORS))");
      uint32_t np = count_from (p, ps, kid (ps));
      if (np != s->dts.a[dt].nparams)
        return sg_perr (p, ps, SG_RC_SORT, "datatype '%s' declared with %u parameters, defined with %u",
                        sg_store_text (s, s->dts.a[dt].name), s->dts.a[dt].nparams, np);
      s->dts.a[dt].params = s->pool.n;
      for (uint32_t j = kid (ps); has (p, ps, j); j = next (p, j))
        {
          if (!sg_pis_sym (p, j)) return sg_perr (p, j, SG_RC_PARSE, "expected a sort parameter");
          sg_sort ps_sort;
          if ((rc = sg_sort_make (s, SG_SORT_PARAM, sg_pnode (p, j)->atom, 0, NULL, 0, &ps_sort)))
            return sg_perr_store (p, j, rc);
          if (!SG_VEC_PUSH (s->pool, ps_sort)) return nomem (p, j);
          if (!sg_symtab_bind (&p->st, SG_NS_SORT, sg_pnode (p, j)->atom, SG_B_PARAM, ps_sort)) return nomem (p, j);
        }
    }
  else if (s->dts.a[dt].nparams)
    return sg_perr (p, decl, SG_RC_PARSE, "parametric datatype needs (par (PARAMS) ...)");
  if ((rc = constructor_list (p, dt, list, kid (list)))) return rc;
  sg_symtab_release (&p->st, mark);
  return SG_RC_OK;
}

static sg_rc
bind_constructors (sg_parser *p, uint32_t dt, uint32_t at)
{
  sg_store *s = p->s;
  const sg_dt *d = &s->dts.a[dt];
  for (uint32_t c = d->cons; c < d->cons + d->ncons; c++)
    {
      /* Constructors and selectors may be overloaded across datatypes (cvc5 allows it);
       * applications are resolved by argument sorts, nullary ones by (as C S). */
      if (!sg_symtab_bind (&p->st, SG_NS_TERM, s->conss.a[c].name, SG_B_CONS, c)) return nomem (p, at);
      for (uint32_t k = 0; k < s->conss.a[c].nsel; k++)
        {
          uint32_t sel = s->conss.a[c].sel + k;
          if (!sg_symtab_bind (&p->st, SG_NS_TERM, s->sels.a[sel].name, SG_B_SEL, sel)) return nomem (p, at);
        }
    }
  return SG_RC_OK;
}

/* Create the dt records of a group and bind their sort names. */
static sg_rc
dt_declare (sg_parser *p, uint32_t name, uint32_t nparams, uint32_t group, uint32_t ngroup)
{
  sg_store *s = p->s;
  sg_rc rc = fresh_sort_name (p, name);
  if (rc) return rc;
  sg_dt d = { sg_pnode (p, name)->atom, nparams, s->pool.n, 0, 0, group, ngroup };
  if (!SG_VEC_PUSH (s->dts, d)) return nomem (p, name);
  if (!sg_symtab_bind (&p->st, SG_NS_SORT, d.name, SG_B_DT, s->dts.n - 1)) return nomem (p, name);
  return SG_RC_OK;
}

static sg_rc
cmd_datatypes (sg_parser *p, uint32_t cmd, uint16_t kind)
{
  sg_store *s = p->s;
  uint32_t a1 = next (p, kid (cmd));
  uint32_t group = s->dts.n;
  sg_rc rc;
  if (kind == SG_WK_DECLARE_DATATYPE)
    {
      if ((rc = sg_pneed_symbol (p, cmd, a1, "a datatype name"))) return rc;
      uint32_t decl = next (p, a1);
      if (!has (p, cmd, decl) || next (p, decl) != next (p, cmd))
        return sg_perr (p, cmd, SG_RC_PARSE, "expected (declare-datatype NAME DECL)");
      uint32_t np = 0;
      if (sg_pis_list (p, decl) && has (p, decl, kid (decl)) && sg_pis_sym (p, kid (decl))
          && sg_pnode (p, kid (decl))->atom == SG_WK_PAR && has (p, decl, next (p, kid (decl))))
        np = count_from (p, next (p, kid (decl)), kid (next (p, kid (decl))));
      if ((rc = dt_declare (p, a1, np, group, 1))) return rc;
      if ((rc = dt_constructors (p, group, decl))) return rc;
      if ((rc = bind_constructors (p, group, cmd))) return rc;
      return add_cmd (p, cmd, kind, group, NULL, 0);
    }
  uint32_t a2 = has (p, cmd, a1) ? next (p, a1) : a1;
  if (!has (p, cmd, a1) || !sg_pis_list (p, a1) || !has (p, cmd, a2) || !sg_pis_list (p, a2)
      || next (p, a2) != next (p, cmd))
    return sg_perr (p, cmd, SG_RC_PARSE, "expected (declare-datatypes ((NAME ARITY)+) (DECL+))");
  uint32_t n1 = count_from (p, a1, kid (a1)), n2 = count_from (p, a2, kid (a2));
  bool legacy = n1 == 0 || sg_pis_sym (p, kid (a1)); /* SMT-LIB 2.5: (declare-datatypes (T) ((D C...))) */
  if (!legacy)
    {
      if (n1 != n2) return sg_perr (p, a2, SG_RC_PARSE, "%u datatypes declared but %u defined", n1, n2);
      for (uint32_t j = kid (a1); has (p, a1, j); j = next (p, j))
        {
          uint32_t nm = kid (j), ar = has (p, j, nm) ? next (p, nm) : nm;
          if (!sg_pis_list (p, j) || !has (p, j, nm) || !sg_pis_sym (p, nm) || !has (p, j, ar)
              || next (p, ar) != next (p, j))
            return sg_perr (p, j, SG_RC_PARSE, "expected (NAME ARITY)");
          uint32_t arity;
          if ((rc = sg_pindex (p, ar, &arity))) return rc;
          if ((rc = dt_declare (p, nm, arity, group, n1))) return rc;
        }
      uint32_t k = 0;
      for (uint32_t j = kid (a2); has (p, a2, j); j = next (p, j), k++)
        if ((rc = dt_constructors (p, group + k, j))) return rc;
    }
  else
    {
      /* Legacy: shared parameters a1, each item of a2 is (NAME CONSTRUCTOR+). */
      if (n2 == 0) return sg_perr (p, a2, SG_RC_PARSE, "no datatype declared");
      for (uint32_t j = kid (a2); has (p, a2, j); j = next (p, j))
        {
          if (!sg_pis_list (p, j) || !has (p, j, kid (j)) || !sg_pis_sym (p, kid (j)))
            return sg_perr (p, j, SG_RC_PARSE, "expected (NAME CONSTRUCTOR+)");
          if ((rc = dt_declare (p, kid (j), n1, group, n2))) return rc;
        }
      uint32_t k = 0;
      for (uint32_t j = kid (a2); has (p, a2, j); j = next (p, j), k++)
        {
          /* Reuse dt_constructors by binding the shared parameters around a fake list. */
          uint32_t mark = sg_symtab_mark (&p->st);
          s->dts.a[group + k].params = s->pool.n;
          for (uint32_t q = kid (a1); has (p, a1, q); q = next (p, q))
            {
              sg_sort ps;
              if (!sg_pis_sym (p, q)) return sg_perr (p, q, SG_RC_PARSE, "expected a sort parameter");
              if ((rc = sg_sort_make (s, SG_SORT_PARAM, sg_pnode (p, q)->atom, 0, NULL, 0, &ps)))
                return sg_perr_store (p, q, rc);
              if (!SG_VEC_PUSH (s->pool, ps)) return nomem (p, q);
              if (!sg_symtab_bind (&p->st, SG_NS_SORT, sg_pnode (p, q)->atom, SG_B_PARAM, ps)) return nomem (p, q);
            }
          uint32_t np = s->dts.a[group + k].nparams;
          s->dts.a[group + k].nparams = 0; /* parameters are already bound */
          rc = constructor_list (p, group + k, j, next (p, kid (j)));
          s->dts.a[group + k].nparams = np;
          if (rc) return rc;
          /* In the legacy form a bare D inside the group means (D T1 ... Tn). */
          for (uint32_t q = s->dts.a[group + k].cons; np && q < s->conss.n; q++)
            for (uint32_t r = 0; r < s->conss.a[q].nsel; r++)
              {
                sg_dtsel *se = &s->sels.a[s->conss.a[q].sel + r];
                const sg_sortnode *sn = sg_sort_node (s, se->sort);
                if (sn->kind != SG_SORT_DT || sn->nargs || sn->a < group || sn->a >= group + n2) continue;
                sg_sort inst, params[16];
                uint32_t d = sn->a;
                if (np > 16) return sg_perr (p, j, SG_RC_LIMIT, "too many datatype parameters");
                memcpy (params, s->pool.a + s->dts.a[group + k].params, np * sizeof *params);
                if ((rc = sg_sort_make (s, SG_SORT_DT, d, 0, params, np, &inst))) return sg_perr_store (p, j, rc);
                s->sels.a[s->conss.a[q].sel + r].sort = inst;
              }
          sg_symtab_release (&p->st, mark);
        }
    }
  for (uint32_t k = 0; k < s->dts.n - group; k++)
    if ((rc = bind_constructors (p, group + k, cmd))) return rc;
  return add_cmd (p, cmd, kind, group, NULL, 0);
}

/* ---------------------------------------------------------------- commands */

/* Keep command `cmd` verbatim (solver extensions, get-value of non-terms). */
static sg_rc
raw_cmd (sg_parser *p, uint32_t cmd, uint16_t kind)
{
  sg_atom text;
  sg_rc rc = sg_psx_text (p, cmd, &text);
  if (!rc) rc = add_cmd (p, cmd, kind, text, NULL, 0);
  if (!rc) p->sc->cmds.a[p->sc->cmds.n - 1].flags = SG_CMD_RAW;
  return rc;
}

/* Close the innermost n of the open assertion levels (n <= p->depth). */
static void
release_levels (sg_parser *p, uint64_t n)
{
  while (n > 0 && p->levels.n > 0)
    {
      sg_plevels *top = &SG_VEC_TOP (p->levels);
      uint64_t k = n < top->count ? n : top->count;
      /* What was declared since this push belongs to its innermost level. */
      if (!p->global_decls) sg_symtab_release (&p->st, top->mark);
      top->count -= (uint32_t) k;
      p->depth -= k;
      n -= k;
      if (top->count == 0) p->levels.n--;
    }
}

/* Is a term symbol named sat, unsat or unknown in scope (a constant, function, constructor or
 * selector: eval, simplify or display may print it bare)? */
static bool
answer_symbol_bound (const sg_parser *p)
{
  static const char *const words[] = { "sat", "unsat", "unknown" };
  for (int i = 0; i < 3; i++)
    {
      sg_atom a = sg_atom_find (&p->s->atoms, words[i], strlen (words[i]));
      if (a != SG_ATOM_NONE && sg_symtab_lookup (&p->st, SG_NS_TERM, a)) return true;
    }
  return false;
}

/* (define-const NAME SORT TERM): a defined function of no arguments. */
static sg_rc
cmd_define_const (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  sg_term t;
  uint32_t fun;
  if ((rc = sg_pneed_symbol (p, cmd, a1, "a constant name")) || (rc = fresh_term_name (p, a1, NULL, 0)))
    return rc;
  uint32_t srt = next (p, a1), body = has (p, cmd, srt) ? next (p, srt) : srt;
  if (!has (p, cmd, body)) return sg_perr (p, cmd, SG_RC_PARSE, "expected (define-const NAME SORT TERM)");
  if ((rc = need_end (p, cmd, next (p, body)))) return rc;
  sg_sort ret;
  if ((rc = sg_parse_sort (p, srt, &ret))) return rc;
  if ((rc = sg_store_add_fun (s, sg_pnode (p, a1)->atom, SG_FUN_DEFINED, NULL, 0, ret, &fun)))
    return sg_perr_store (p, cmd, rc);
  s->funs.a[fun].vars = s->pool.n;
  if ((rc = fun_body (p, fun, body, &t))) return rc;
  s->funs.a[fun].body = t;
  if (!sg_symtab_bind (&p->st, SG_NS_TERM, s->funs.a[fun].name, SG_B_FUN, fun)) return nomem (p, cmd);
  return add_cmd (p, cmd, kind, fun, &t, 1);
}

/* (set-logic NAME): record the logic. */
static sg_rc
cmd_set_logic (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  if ((rc = sg_pneed_symbol (p, cmd, a1, "a logic name")) || (rc = need_end (p, cmd, next (p, a1)))) return rc;
  p->sc->logic = sg_pnode (p, a1)->atom;
  return add_cmd (p, cmd, kind, sg_pnode (p, a1)->atom, NULL, 0);
}

/* (set-option|set-info|get-info|get-option KEYWORD [VALUE]). */
static sg_rc
cmd_keyword (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  if (!has (p, cmd, a1) || sg_pnode (p, a1)->kind != SG_TOK_KEYWORD)
    return sg_perr (p, has (p, cmd, a1) ? a1 : cmd, SG_RC_PARSE, "expected a keyword");
  uint32_t v = next (p, a1);
  sg_atom val = SG_ATOM_NONE;
  if (kind == SG_WK_SET_OPTION || kind == SG_WK_SET_INFO)
    {
      if (has (p, cmd, v))
        {
          if ((rc = sg_psx_text (p, v, &val))) return rc;
          v = next (p, v);
        }
      if (kind == SG_WK_SET_OPTION && !strcmp (atext (p, a1), ":global-declarations"))
        p->global_decls = val != SG_ATOM_NONE && !strcmp (sg_store_text (s, val), "true");
    }
  if ((rc = need_end (p, cmd, v))) return rc;
  return add_cmd (p, cmd, kind, sg_pnode (p, a1)->atom, &val, val == SG_ATOM_NONE ? 0 : 1);
}

/* (declare-sort NAME [ARITY]): a new uninterpreted sort. */
static sg_rc
cmd_declare_sort (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  if ((rc = sg_pneed_symbol (p, cmd, a1, "a sort name")) || (rc = fresh_sort_name (p, a1))) return rc;
  uint32_t ar = next (p, a1), arity = 0;
  if (has (p, cmd, ar))
    {
      if ((rc = sg_pindex (p, ar, &arity))) return rc;
      ar = next (p, ar);
    }
  if ((rc = need_end (p, cmd, ar))) return rc;
  sg_sortdecl d = { sg_pnode (p, a1)->atom, false, arity, 0, SG_NONE };
  if (!SG_VEC_PUSH (s->sortdecls, d)) return nomem (p, cmd);
  if (!sg_symtab_bind (&p->st, SG_NS_SORT, d.name, SG_B_SORTDECL, s->sortdecls.n - 1)) return nomem (p, cmd);
  return add_cmd (p, cmd, kind, s->sortdecls.n - 1, NULL, 0);
}

/* (define-sort NAME (PARAMS) SORT): a sort abbreviation. */
static sg_rc
cmd_define_sort (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  if ((rc = sg_pneed_symbol (p, cmd, a1, "a sort name")) || (rc = fresh_sort_name (p, a1))) return rc;
  uint32_t ps = next (p, a1), body = has (p, cmd, ps) ? next (p, ps) : ps;
  if (!has (p, cmd, ps) || !sg_pis_list (p, ps) || !has (p, cmd, body))
    return sg_perr (p, cmd, SG_RC_PARSE, "expected (define-sort NAME (PARAMS) SORT)");
  if ((rc = need_end (p, cmd, next (p, body)))) return rc;
  sg_sortdecl d = { sg_pnode (p, a1)->atom, true, count_from (p, ps, kid (ps)), s->pool.n, SG_NONE };
  if ((rc = sort_params_distinct (p, ps, d.arity))) return rc;
  uint32_t mark = sg_symtab_mark (&p->st);
  for (uint32_t j = kid (ps); has (p, ps, j); j = next (p, j))
    {
      sg_sort x;
      if (!sg_pis_sym (p, j)) return sg_perr (p, j, SG_RC_PARSE, "expected a sort parameter");
      if ((rc = sg_sort_make (s, SG_SORT_PARAM, sg_pnode (p, j)->atom, 0, NULL, 0, &x))) return sg_perr_store (p, j, rc);
      if (!SG_VEC_PUSH (s->pool, x)) return nomem (p, j);
      if (!sg_symtab_bind (&p->st, SG_NS_SORT, sg_pnode (p, j)->atom, SG_B_PARAM, x)) return nomem (p, j);
    }
  rc = sg_parse_sort (p, body, &d.body);
  sg_symtab_release (&p->st, mark);
  if (rc) return rc;
  if (!SG_VEC_PUSH (s->sortdecls, d)) return nomem (p, cmd);
  if (!sg_symtab_bind (&p->st, SG_NS_SORT, d.name, SG_B_SORTDECL, s->sortdecls.n - 1)) return nomem (p, cmd);
  return add_cmd (p, cmd, kind, s->sortdecls.n - 1, NULL, 0);
}

/* (declare-const NAME SORT) or (declare-fun NAME (SORT*) SORT). */
static sg_rc
cmd_declare_fun (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  uint32_t fun;
  if ((rc = sg_pneed_symbol (p, cmd, a1, "a function name"))) return rc;
  uint32_t j = next (p, a1);
  SG_VEC_CLEAR (p->tmp);
  if (kind == SG_WK_DECLARE_FUN)
    {
      if (!has (p, cmd, j) || !sg_pis_list (p, j))
        return sg_perr (p, has (p, cmd, j) ? j : cmd, SG_RC_PARSE, "expected a list of argument sorts");
      for (uint32_t k = kid (j); has (p, j, k); k = next (p, k))
        {
          sg_sort x;
          if ((rc = sg_parse_sort (p, k, &x))) return rc;
          if (!SG_VEC_PUSH (p->tmp, x)) return nomem (p, k);
        }
      j = next (p, j);
    }
  sg_sort ret;
  if ((rc = fresh_term_name (p, a1, p->tmp.a, p->tmp.n))) return rc;
  if (!has (p, cmd, j)) return sg_perr (p, cmd, SG_RC_PARSE, "missing the result sort");
  if ((rc = sg_parse_sort (p, j, &ret)) || (rc = need_end (p, cmd, next (p, j)))) return rc;
  if ((rc = sg_store_add_fun (s, sg_pnode (p, a1)->atom, SG_FUN_DECLARED, p->tmp.a, p->tmp.n, ret, &fun)))
    return sg_perr_store (p, cmd, rc);
  if (!sg_symtab_bind (&p->st, SG_NS_TERM, sg_pnode (p, a1)->atom, SG_B_FUN, fun)) return nomem (p, cmd);
  return add_cmd (p, cmd, kind, fun, NULL, 0);
}

/* (define-fun|define-fun-rec NAME ((VAR SORT)*) SORT BODY). */
static sg_rc
cmd_define_fun (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  sg_term t;
  uint32_t fun;
  if (p->model) return sg_pmodel_define (p, cmd);
  if ((rc = fun_signature (p, cmd, a1, kind == SG_WK_DEFINE_FUN ? SG_FUN_DEFINED : SG_FUN_REC, &fun)))
    return rc;
  uint32_t body = next (p, next (p, next (p, a1)));
  if (!has (p, cmd, body)) return sg_perr (p, cmd, SG_RC_PARSE, "missing the function body");
  if ((rc = need_end (p, cmd, next (p, body)))) return rc;
  if (kind == SG_WK_DEFINE_FUN_REC && !sg_symtab_bind (&p->st, SG_NS_TERM, s->funs.a[fun].name, SG_B_FUN, fun))
    return nomem (p, cmd);
  if ((rc = fun_body (p, fun, body, &t))) return rc;
  s->funs.a[fun].body = t;
  if (kind == SG_WK_DEFINE_FUN && !sg_symtab_bind (&p->st, SG_NS_TERM, s->funs.a[fun].name, SG_B_FUN, fun))
    return nomem (p, cmd);
  return add_cmd (p, cmd, kind, fun, &t, 1);
}

/* (define-funs-rec (DECL+) (BODY+)): mutually recursive functions. */
static sg_rc
cmd_define_funs_rec (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
  sg_rc rc;
  sg_term t;
  uint32_t fun;
  uint32_t decls = a1, bodies = has (p, cmd, a1) ? next (p, a1) : a1;
  if (!has (p, cmd, decls) || !sg_pis_list (p, decls) || !has (p, cmd, bodies) || !sg_pis_list (p, bodies))
    return sg_perr (p, cmd, SG_RC_PARSE, "expected (define-funs-rec (DECL+) (BODY+))");
  if ((rc = need_end (p, cmd, next (p, bodies)))) return rc;
  uint32_t n = count_from (p, decls, kid (decls));
  if (n == 0 || n != count_from (p, bodies, kid (bodies)))
    return sg_perr (p, bodies, SG_RC_PARSE, "define-funs-rec needs as many bodies as declarations");
  sg_u32vec items = { 0 };
  rc = SG_RC_OK;
  for (uint32_t d = kid (decls); !rc && has (p, decls, d); d = next (p, d))
    {
      if (!sg_pis_list (p, d)) { rc = sg_perr (p, d, SG_RC_PARSE, "expected (NAME ((VAR SORT)*) SORT)"); break; }
      /* fun_signature reads name, params, result from a list: treat d as the command */
      if ((rc = fun_signature (p, d, kid (d), SG_FUN_REC, &fun))) break;
      if (next (p, next (p, next (p, kid (d)))) != next (p, d))
        { rc = sg_perr (p, d, SG_RC_PARSE, "expected (NAME ((VAR SORT)*) SORT)"); break; }
      if (!SG_VEC_PUSH (items, fun) || !sg_symtab_bind (&p->st, SG_NS_TERM, s->funs.a[fun].name, SG_B_FUN, fun))
        rc = nomem (p, d);
    }
  uint32_t k = 0;
  for (uint32_t b = kid (bodies); !rc && has (p, bodies, b); b = next (p, b), k++)
    {
      if ((rc = fun_body (p, items.a[k], b, &t))) break;
      s->funs.a[items.a[k]].body = t;
      if (!SG_VEC_PUSH (items, t)) rc = nomem (p, b);
    }
  if (!rc) rc = add_cmd (p, cmd, kind, SG_NONE, items.a, items.n);
  SG_VEC_FREE (items);
  return rc;
}

/* (push [N]) or (pop [N]): open or close assertion levels. */
static sg_rc
cmd_push_pop (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  uint32_t n = SG_NONE, cnt = 1;
  if (has (p, cmd, a1))
    {
      if ((rc = sg_pindex (p, a1, &n)) || (rc = need_end (p, cmd, next (p, a1)))) return rc;
      cnt = n;
    }
  if (kind == SG_WK_PUSH)
    {
      if (p->depth + cnt > SG_LIMIT_PUSH_LEVELS)
        return sg_perr (p, cmd, SG_RC_LIMIT, "push %u: more than %u assertion levels open", cnt,
                        (unsigned) SG_LIMIT_PUSH_LEVELS);
      if (cnt > 0)
        {
          sg_plevels f = { sg_symtab_mark (&p->st), cnt };
          if (!SG_VEC_PUSH (p->levels, f)) return nomem (p, cmd);
          p->depth += cnt;
        }
    }
  else
    {
      if (cnt > p->depth)
        return sg_perr (p, cmd, SG_RC_SORT, "pop %u exceeds the %llu pushed level%s", cnt,
                        (unsigned long long) p->depth, p->depth == 1 ? "" : "s");
      release_levels (p, cnt);
    }
  return add_cmd (p, cmd, kind, n, NULL, 0);
}

/* (reset): forget every declaration and level. */
static sg_rc
cmd_reset (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  if ((rc = need_end (p, cmd, a1))) return rc;
  p->levels.n = 0;
  p->depth = 0;
  sg_symtab_release (&p->st, 0);
  p->global_decls = false;
  return add_cmd (p, cmd, kind, 0, NULL, 0);
}

/* (reset-assertions): close every open level. */
static sg_rc
cmd_reset_assertions (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  if ((rc = need_end (p, cmd, a1))) return rc;
  release_levels (p, p->depth);
  return add_cmd (p, cmd, kind, 0, NULL, 0);
}

/* (assert TERM): a Boolean term. */
static sg_rc
cmd_assert (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  sg_term t;
  if (!has (p, cmd, a1)) return sg_perr (p, cmd, SG_RC_PARSE, "assert needs a term");
  if ((rc = need_end (p, cmd, next (p, a1))) || (rc = bool_term (p, a1, &t))) return rc;
  return add_cmd (p, cmd, kind, 0, &t, 1);
}

/* (check-sat-assuming (TERM*)) or (get-value (TERM+)). */
static sg_rc
cmd_term_list (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  sg_term t;
  if (!has (p, cmd, a1) || !sg_pis_list (p, a1))
    return sg_perr (p, has (p, cmd, a1) ? a1 : cmd, SG_RC_PARSE, "expected a list of terms");
  if ((rc = need_end (p, cmd, next (p, a1)))) return rc;
  if (kind == SG_WK_GET_VALUE && !has (p, a1, kid (a1)))
    return sg_perr (p, a1, SG_RC_PARSE, "get-value needs at least one term");
  sg_u32vec items = { 0 };
  rc = SG_RC_OK;
  for (uint32_t j = kid (a1); !rc && has (p, a1, j); j = next (p, j))
    {
      rc = kind == SG_WK_GET_VALUE ? sg_parse_term (p, j, &t) : bool_term (p, j, &t);
      if (!rc && !SG_VEC_PUSH (items, t)) rc = nomem (p, j);
    }
  if (rc == SG_RC_SORT && kind == SG_WK_GET_VALUE)
    {
      /* Solvers answer get-value on function symbols and their own abstract values
       * (@x); such a command cannot change the answer, so keep it as text. */
      sg_diag_init (p->d, p->d->file);
      SG_VEC_FREE (items);
      return raw_cmd (p, cmd, kind);
    }
  if (!rc) rc = add_cmd (p, cmd, kind, 0, items.a, items.n);
  SG_VEC_FREE (items);
  return rc;
}

/* (echo STRING): refused when it prints an answer word. */
static sg_rc
cmd_echo (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  if (!has (p, cmd, a1) || sg_pnode (p, a1)->kind != SG_TOK_STRING)
    return sg_perr (p, has (p, cmd, a1) ? a1 : cmd, SG_RC_PARSE, "echo needs a string literal");
  if ((rc = need_end (p, cmd, next (p, a1)))) return rc;
  sg_atom str = sg_pnode (p, a1)->atom;
  if (sg_answer_text_has_line (sg_store_text (p->s, str), sg_atom_len (&p->s->atoms, str)))
    return sg_perr (p, a1, SG_RC_PARSE,
                    "echo prints an answer word (sat, unsat or unknown on a line of its own), "
                    "which would be taken as a solver's answer: remove the echo");
  return add_cmd (p, cmd, kind, str, NULL, 0);
}

/* A command without arguments (check-sat, exit, get-model, ...). */
static sg_rc
cmd_no_args (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_rc rc;
  if ((rc = need_end (p, cmd, a1))) return rc;
  return add_cmd (p, cmd, kind, 0, NULL, 0);
}

/* Parse the command list `cmd` and add it to the script: one helper per command. */
static sg_rc
command (sg_parser *p, const uint32_t cmd)
{
  uint32_t h = kid (cmd);
  if (!has (p, cmd, h)) return sg_perr (p, cmd, SG_RC_PARSE, "empty command '()'");
  if (!sg_pis_sym (p, h)) return sg_perr (p, h, SG_RC_PARSE, "expected a command name");
  sg_atom a = sg_pnode (p, h)->atom;
  if (a > SG_WK_LAST_COMMAND) return sg_perr (p, h, SG_RC_PARSE, "unknown command '%s'", atext (p, h));
  uint16_t kind = (uint16_t) a;
  uint32_t a1 = next (p, h);
  sg_rc rc;
  if (kind == SG_WK_DECLARE_CODATATYPE || kind == SG_WK_DECLARE_CODATATYPES)
    {
      rc = cmd_datatypes (p, cmd, kind == SG_WK_DECLARE_CODATATYPE ? SG_WK_DECLARE_DATATYPE : SG_WK_DECLARE_DATATYPES);
      if (!rc) p->sc->cmds.a[p->sc->cmds.n - 1].flags |= SG_CMD_CO;
      return rc;
    }
  /* Commands whose output a solver's answers could not be told from (run/classify.c reads a
   * line "sat", "unsat" or "unknown" as an answer): refused, never a false alarm. */
  if (kind == SG_WK_CHECK_SAT_USING)
    return sg_perr (p, h, SG_RC_PARSE, "check-sat-using: z3 answers it like check-sat and the other solvers "
                    "reject it, so their answers would not line up (use check-sat)");
  if ((kind == SG_WK_EVAL || kind == SG_WK_SIMPLIFY || kind == SG_WK_DISPLAY) && answer_symbol_bound (p))
    return sg_perr (p, h, SG_RC_PARSE, "%s prints a term bare and a symbol named sat, unsat or unknown is "
                    "declared: its output could be taken as a solver's answer", atext (p, h));
  if (kind > SG_WK_DEFINE_CONST) return raw_cmd (p, cmd, kind);
  switch ((sg_wk) kind)
    {
    case SG_WK_DEFINE_CONST:
      return cmd_define_const (p, cmd, kind, a1);
    case SG_WK_SET_LOGIC:
      return cmd_set_logic (p, cmd, kind, a1);
    case SG_WK_SET_OPTION:
    case SG_WK_SET_INFO:
    case SG_WK_GET_INFO:
    case SG_WK_GET_OPTION:
      return cmd_keyword (p, cmd, kind, a1);
    case SG_WK_DECLARE_SORT:
      return cmd_declare_sort (p, cmd, kind, a1);
    case SG_WK_DEFINE_SORT:
      return cmd_define_sort (p, cmd, kind, a1);
    case SG_WK_DECLARE_CONST:
    case SG_WK_DECLARE_FUN:
      return cmd_declare_fun (p, cmd, kind, a1);
    case SG_WK_DEFINE_FUN:
    case SG_WK_DEFINE_FUN_REC:
      return cmd_define_fun (p, cmd, kind, a1);
    case SG_WK_DEFINE_FUNS_REC:
      return cmd_define_funs_rec (p, cmd, kind, a1);
    case SG_WK_DECLARE_DATATYPE:
    case SG_WK_DECLARE_DATATYPES:
      return cmd_datatypes (p, cmd, kind);
    case SG_WK_PUSH:
    case SG_WK_POP:
      return cmd_push_pop (p, cmd, kind, a1);
    case SG_WK_RESET:
      return cmd_reset (p, cmd, kind, a1);
    case SG_WK_RESET_ASSERTIONS:
      return cmd_reset_assertions (p, cmd, kind, a1);
    case SG_WK_ASSERT:
      return cmd_assert (p, cmd, kind, a1);
    case SG_WK_CHECK_SAT_ASSUMING:
    case SG_WK_GET_VALUE:
      return cmd_term_list (p, cmd, kind, a1);
    case SG_WK_ECHO:
      return cmd_echo (p, cmd, kind, a1);
    case SG_WK_CHECK_SAT:
    case SG_WK_EXIT:
    case SG_WK_GET_ASSERTIONS:
    case SG_WK_GET_ASSIGNMENT:
    case SG_WK_GET_MODEL:
    case SG_WK_GET_PROOF:
    case SG_WK_GET_UNSAT_ASSUMPTIONS:
    case SG_WK_GET_UNSAT_CORE:
      return cmd_no_args (p, cmd, kind, a1);
    default:
      break;
    }
  return sg_perr (p, h, SG_RC_PARSE, "unknown command '%s'", atext (p, h));
}

sg_rc
sg_parser_next (sg_parser *p)
{
  if (p->d->rc) return p->d->rc;
  sg_store_mark_get (p->s, &p->mark); /* before reading: the reader interns the atoms */
  sg_rc rc = sg_sexp_read (&p->rd);
  if (rc) return rc;
  SG_VEC_CLEAR (p->named);
  p->cmds_before = p->sc->cmds.n;
  p->items_before = p->sc->items.n;
  rc = command (p, 0);
  for (uint32_t i = 0; !rc && i < p->named.n; i++)
    {
      uint32_t fun = p->named.a[i];
      const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, p->s->funs.a[fun].name);
      if ((!b || b->kind != SG_B_FUN || b->id != fun)
          && !sg_symtab_bind (&p->st, SG_NS_TERM, p->s->funs.a[fun].name, SG_B_FUN, fun))
        rc = nomem (p, 0);
    }
  if (rc && !p->d->rc) sg_diag_set (p->d, rc, sg_pnode (p, 0)->line, sg_pnode (p, 0)->col, "%s", p->s->err);
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
