/* parse_dt: the reader of (declare-datatype NAME DECL) and (declare-datatypes ((NAME ARITY)+)
 * (DECL+)), the SMT-LIB 2.5 form (declare-datatypes (PARAMS) ((NAME CONSTRUCTOR+)+)) and the
 * codatatype commands (parse_cmd.c reads them here): the dt, constructor and selector records
 * of the store, their names bound. Test: tests/unit/front_test.c, ctest front_test, cli_parse. */
#include <stdlib.h>
#include <string.h>

#include "front/parse_int.h"

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
            if (!SG_VEC_PUSH (s->sels, se)) return sg_pnomem (p, f);
            co.nsel++;
          }
      if (!SG_VEC_PUSH (s->conss, co)) return sg_pnomem (p, c);
      s->dts.a[dt].ncons++;
    }
  if (s->dts.a[dt].ncons == 0) return sg_perr (p, list, SG_RC_SORT, "datatype without constructors");
  uint32_t dcon, dsel;
  if (dt_dups (p, dt, &dcon, &dsel)) return sg_pnomem (p, list);
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
      uint32_t np = sg_pcount_from (p, ps, kid (ps));
      if (np != s->dts.a[dt].nparams)
        return sg_perr (p, ps, SG_RC_SORT, "datatype '%s' declared with %u parameters, defined with %u",
                        sg_store_text (s, s->dts.a[dt].name), s->dts.a[dt].nparams, np);
      s->dts.a[dt].params = s->pool.n;
      if ((rc = sg_pbind_sort_params (p, ps))) return rc;
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
      if (!sg_symtab_bind (&p->st, SG_NS_TERM, s->conss.a[c].name, SG_B_CONS, c)) return sg_pnomem (p, at);
      for (uint32_t k = 0; k < s->conss.a[c].nsel; k++)
        {
          uint32_t sel = s->conss.a[c].sel + k;
          if (!sg_symtab_bind (&p->st, SG_NS_TERM, s->sels.a[sel].name, SG_B_SEL, sel)) return sg_pnomem (p, at);
        }
    }
  return SG_RC_OK;
}

/* Create the dt records of a group and bind their sort names. */
static sg_rc
dt_declare (sg_parser *p, uint32_t name, uint32_t nparams, uint32_t group, uint32_t ngroup)
{
  sg_store *s = p->s;
  sg_rc rc = sg_pfresh_sort_name (p, name);
  if (rc) return rc;
  sg_dt d = { sg_pnode (p, name)->atom, nparams, s->pool.n, 0, 0, group, ngroup };
  if (!SG_VEC_PUSH (s->dts, d)) return sg_pnomem (p, name);
  if (!sg_symtab_bind (&p->st, SG_NS_SORT, d.name, SG_B_DT, s->dts.n - 1)) return sg_pnomem (p, name);
  return SG_RC_OK;
}

sg_rc
sg_pdatatypes (sg_parser *p, uint32_t cmd, uint16_t kind, uint32_t a1)
{
  sg_store *s = p->s;
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
        np = sg_pcount_from (p, next (p, kid (decl)), kid (next (p, kid (decl))));
      if ((rc = dt_declare (p, a1, np, group, 1))) return rc;
      if ((rc = dt_constructors (p, group, decl))) return rc;
      if ((rc = bind_constructors (p, group, cmd))) return rc;
      return sg_padd_cmd (p, cmd, kind, group, NULL, 0);
    }
  uint32_t a2 = has (p, cmd, a1) ? next (p, a1) : a1;
  if (!has (p, cmd, a1) || !sg_pis_list (p, a1) || !has (p, cmd, a2) || !sg_pis_list (p, a2)
      || next (p, a2) != next (p, cmd))
    return sg_perr (p, cmd, SG_RC_PARSE, "expected (declare-datatypes ((NAME ARITY)+) (DECL+))");
  uint32_t n1 = sg_pcount_from (p, a1, kid (a1)), n2 = sg_pcount_from (p, a2, kid (a2));
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
          if ((rc = sg_pbind_sort_params (p, a1))) return rc;
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
  return sg_padd_cmd (p, cmd, kind, group, NULL, 0);
}
