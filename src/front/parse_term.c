/* parse_term: iterative parsing and sort checking of terms (sorts: parse_sort.c).
 *   term ::= spec_constant | qual_identifier | (qual_identifier term+)
 *          | (let ((var term)+) term) | (forall|exists ((var sort)+) term)
 *          | (match term ((pattern term)+)) | (! term attribute+)
 * Depth is handled with explicit stacks (frames, vals), never recursion. Identifiers (which
 * declaration a name means, overloading): parse_ident.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/limits.h"
#include "front/parse_int.h"
#include "front/store_int.h"

enum { F_ATOM, F_APP, F_LET, F_QUANT, F_MATCH, F_ANNOT };


sg_rc
sg_perr (sg_parser *p, uint32_t i, sg_rc rc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  const sg_sx *x = sg_pnode (p, i);
  sg_diag_vset (p->d, rc, x->line, x->col, fmt, ap);
  va_end (ap);
  return rc;
}

sg_rc
sg_perr_store (sg_parser *p, uint32_t i, sg_rc rc)
{
  return sg_perr (p, i, rc, "%s", p->s->err);
}

static sg_rc
push_val (sg_parser *p, uint32_t i, sg_term t)
{
  return SG_VEC_PUSH (p->vals, t) ? SG_RC_OK : sg_pnomem (p, i);
}

/* ---------------------------------------------------------------- terms */

static sg_rc
push_frame (sg_parser *p, uint32_t sx)
{
  if (p->frames.n >= SG_LIMIT_DEPTH * 2u)
    return sg_perr (p, sx, SG_RC_LIMIT, "term nested deeper than %u", (unsigned) SG_LIMIT_DEPTH);
  sg_pframe f = { sx, F_ATOM, 0, p->vals.n, 0, 0, 0 };
  return SG_VEC_PUSH (p->frames, f) ? SG_RC_OK : sg_pnomem (p, sx);
}

/* Push frames for the nodes from..end (siblings) so that they complete in order. */
static sg_rc
push_seq (sg_parser *p, uint32_t list, uint32_t from)
{
  uint32_t cnt = 0;
  for (uint32_t j = from; has (p, list, j); j = next (p, j)) cnt++;
  if (!SG_VEC_RESERVE (p->frames, cnt)) return sg_pnomem (p, list);
  uint32_t k = p->frames.n + cnt;
  for (uint32_t j = from; has (p, list, j); j = next (p, j))
    p->frames.a[--k] = (sg_pframe) { j, F_ATOM, 0, p->vals.n, 0, 0, 0 };
  p->frames.n += cnt;
  return SG_RC_OK;
}

static sg_rc
bind_var (sg_parser *p, uint32_t i, sg_atom name, sg_sort sort, sg_term *var)
{
  sg_rc rc = sg_mk_bvar (p->s, name, sort, var);
  if (rc) return sg_perr_store (p, i, rc);
  if (!sg_symtab_bind (&p->st, SG_NS_TERM, name, SG_B_BVAR, *var)) return sg_pnomem (p, i);
  return SG_RC_OK;
}

/* Start a list form at frame f. */
static sg_rc
start_list (sg_parser *p, sg_pframe *f)
{
  uint32_t i = f->sx, h = kid (i);
  if (!has (p, i, h)) return sg_perr (p, i, SG_RC_PARSE, "empty list '()' is not a term");
  if (sg_pis_sym (p, h))
    {
      sg_atom a = sg_pnode (p, h)->atom;
      if (a == SG_WK_LET) f->form = F_LET;
      else if (a == SG_WK_FORALL || a == SG_WK_EXISTS || a == SG_WK_LAMBDA || a == SG_WK_SET_COMPREHENSION)
        f->form = F_QUANT;
      else if (a == SG_WK_MATCH) f->form = F_MATCH;
      else if (a == SG_WK_BANG) f->form = F_ANNOT;
      else if (a == SG_WK_UNDERSCORE || a == SG_WK_AS)
        {
          sg_term t;
          sg_rc rc = sg_papply_head (p, i, NULL, 0, &t); /* (_ f i...) or (as f S) */
          if (rc) return rc;
          p->frames.n--;
          return push_val (p, i, t);
        }
      else f->form = F_APP;
    }
  else
    f->form = F_APP;
  f->base = p->vals.n;
  uint32_t a1 = next (p, h);
  switch (f->form)
    {
    case F_APP:
      if (!has (p, i, a1)) return sg_perr (p, i, SG_RC_PARSE, "application without arguments");
      f->state = 1;
      return push_seq (p, i, a1);
    case F_LET:
      {
        if (!has (p, i, a1) || !sg_pis_list (p, a1) || !has (p, i, next (p, a1))
            || next (p, next (p, a1)) != next (p, i))
          return sg_perr (p, i, SG_RC_PARSE, "expected (let ((VAR TERM)+) TERM)");
        if (!has (p, a1, kid (a1))) return sg_perr (p, a1, SG_RC_PARSE, "let without bindings");
        uint32_t cnt = 0;
        for (uint32_t b = kid (a1); has (p, a1, b); b = next (p, b)) cnt++;
        f->state = 1; /* before the reservation below moves the frames */
        if (!SG_VEC_RESERVE (p->frames, cnt)) return sg_pnomem (p, i);
        uint32_t k = p->frames.n + cnt;
        for (uint32_t b = kid (a1); has (p, a1, b); b = next (p, b))
          {
            uint32_t v = kid (b);
            if (!sg_pis_list (p, b) || !has (p, b, v) || !sg_pis_sym (p, v) || !has (p, b, next (p, v))
                || next (p, next (p, v)) != next (p, b))
              return sg_perr (p, b, SG_RC_PARSE, "expected a binding (VAR TERM)");
            p->frames.a[--k] = (sg_pframe) { next (p, v), F_ATOM, 0, p->vals.n, 0, 0, 0 };
          }
        p->frames.n += cnt;
        return SG_RC_OK;
      }
    case F_QUANT:
      {
        /* (set.comprehension ((VAR SORT)+) PREDICATE TERM) has two bodies */
        bool comp = sg_pnode (p, h)->atom == SG_WK_SET_COMPREHENSION;
        uint32_t b1 = has (p, i, a1) ? next (p, a1) : a1;
        uint32_t end = has (p, i, b1) ? next (p, b1) : b1;
        if (comp && has (p, i, end)) end = next (p, end);
        else if (comp) end = UINT32_MAX;
        if (!has (p, i, a1) || !sg_pis_list (p, a1) || !has (p, i, b1) || end != next (p, i))
          return sg_perr (p, i, SG_RC_PARSE, "expected (%s ((VAR SORT)+) TERM%s)", atext (p, h), comp ? " TERM" : "");
        if (!has (p, a1, kid (a1))) return sg_perr (p, a1, SG_RC_PARSE, "quantifier without variables");
        f->mark = sg_symtab_mark (&p->st);
        for (uint32_t b = kid (a1); has (p, a1, b); b = next (p, b))
          {
            uint32_t v;
            sg_sort srt;
            sg_term var;
            sg_rc rc = sg_psorted_var (p, b, &v, &srt);
            if (rc) return rc;
            if ((rc = bind_var (p, v, sg_pnode (p, v)->atom, srt, &var))) return rc;
            if ((rc = push_val (p, v, var))) return rc;
          }
        f->state = 1;
        return push_seq (p, i, next (p, a1));
      }
    case F_MATCH:
      {
        if (!has (p, i, a1) || !has (p, i, next (p, a1)) || !sg_pis_list (p, next (p, a1))
            || next (p, next (p, a1)) != next (p, i))
          return sg_perr (p, i, SG_RC_PARSE, "expected (match TERM ((PATTERN TERM)+))");
        f->state = 1;
        f->aux = kid (next (p, a1)); /* first case */
        return push_frame (p, a1);
      }
    case F_ANNOT:
      if (!has (p, i, a1) || !has (p, i, next (p, a1)))
        return sg_perr (p, i, SG_RC_PARSE, "expected (! TERM ATTRIBUTE+)");
      f->state = 1;
      return push_frame (p, a1);
    }
  return SG_RC_USAGE;
}

/* Match: bind the pattern of case c (node), push the pattern term and the rhs frame. */
static sg_rc
match_case (sg_parser *p, sg_pframe *f, uint32_t c)
{
  sg_store *s = p->s;
  uint32_t pat = kid (c);
  if (!sg_pis_list (p, c) || !has (p, c, pat) || !has (p, c, next (p, pat))
      || next (p, next (p, pat)) != next (p, c))
    return sg_perr (p, c, SG_RC_PARSE, "expected a match case (PATTERN TERM)");
  sg_term scrut = p->vals.a[f->base];
  sg_sort st = sg_term_sort (s, scrut);
  const sg_sortnode *sn = sg_sort_node (s, st);
  if (sn->kind != SG_SORT_DT) return sg_perr (p, f->sx, SG_RC_SORT, "match on a term that is not of a datatype sort");
  uint32_t dt = sn->a;
  f->mark = sg_symtab_mark (&p->st);
  sg_term pt;
  sg_rc rc;
  uint32_t head = sg_pis_list (p, pat) ? kid (pat) : pat;
  if ((sg_pis_list (p, pat) && !has (p, pat, head)) || !sg_pis_sym (p, head))
    return sg_perr (p, pat, SG_RC_PARSE, "malformed pattern");
  uint32_t cons = sg_pcons_of (p, head, dt);
  if (!sg_pis_list (p, pat) && (cons == SG_NONE || s->conss.a[cons].nsel != 0))
    {
      if ((rc = bind_var (p, pat, sg_pnode (p, pat)->atom, st, &pt))) return rc;
    }
  else
    {
      if (cons == SG_NONE) return sg_perr (p, head, SG_RC_SORT, "'%s' is not a constructor of the matched datatype", atext (p, head));
      SG_VEC_CLEAR (p->tmp);
      uint32_t k = 0;
      const sg_sort *params = s->pool.a + sn->args;
      for (uint32_t v = next (p, head); sg_pis_list (p, pat) && has (p, pat, v); v = next (p, v), k++)
        {
          if (!sg_pis_sym (p, v)) return sg_perr (p, v, SG_RC_PARSE, "pattern arguments must be variables");
          if (k >= s->conss.a[cons].nsel) return sg_perr (p, pat, SG_RC_SORT, "too many pattern arguments");
          sg_sort fs = s->sels.a[s->conss.a[cons].sel + k].sort;
          uint32_t np = s->dts.a[dt].nparams;
          if (np)
            {
              sg_sort pa[16];
              if (np > 16) return sg_perr (p, pat, SG_RC_LIMIT, "too many datatype parameters");
              memcpy (pa, params, np * sizeof *pa);
              if ((rc = sg_sort_subst (s, fs, s->pool.a + s->dts.a[dt].params, pa, np, &fs)))
                return sg_perr_store (p, v, rc);
              params = s->pool.a + sg_sort_node (s, st)->args;
            }
          sg_term var;
          if ((rc = bind_var (p, v, sg_pnode (p, v)->atom, fs, &var))) return rc;
          if (!SG_VEC_PUSH (p->tmp, var)) return sg_pnomem (p, v);
        }
      if (k != s->conss.a[cons].nsel) return sg_perr (p, pat, SG_RC_SORT, "constructor pattern needs %u arguments", s->conss.a[cons].nsel);
      rc = sg_term_intern (s, SG_OP_DT_CONS, 0, st, p->tmp.a, k, NULL, 0, cons, &pt);
      if (rc) return sg_perr_store (p, pat, rc);
    }
  if ((rc = push_val (p, pat, pt))) return rc;
  return push_frame (p, next (p, pat));
}

/* Annotation: parse attributes, create the annotation record, push :pattern term frames. */
static sg_rc
annot_attrs (sg_parser *p, sg_pframe *f)
{
  sg_store *s = p->s;
  uint32_t i = f->sx;
  uint32_t first = next (p, next (p, kid (i)));
  sg_annot an = { 0, s->attrs.n, SG_NONE };
  uint32_t npat = 0;
  for (uint32_t j = first; has (p, i, j);)
    {
      if (sg_pnode (p, j)->kind != SG_TOK_KEYWORD)
        return sg_perr (p, j, SG_RC_PARSE, "expected a keyword in the annotation");
      sg_attr at = { sg_pnode (p, j)->atom, SG_ATTR_OTHER, SG_ATOM_NONE };
      uint32_t v = next (p, j);
      bool hasv = has (p, i, v) && sg_pnode (p, v)->kind != SG_TOK_KEYWORD;
      sg_rc rc;
      if (at.key == SG_WK_K_NAMED)
        {
          if (!hasv || !sg_pis_sym (p, v)) return sg_perr (p, j, SG_RC_PARSE, ":named needs a symbol");
          at.kind = SG_ATTR_NAMED;
          at.value = sg_pnode (p, v)->atom;
        }
      else if (at.key == SG_WK_K_PATTERN || at.key == SG_WK_K_NO_PATTERN)
        {
          if (!hasv) return sg_perr (p, j, SG_RC_PARSE, "%s needs a value", atext (p, j));
          uint32_t from = v;
          uint32_t list = v;
          if (at.key == SG_WK_K_NO_PATTERN || !sg_pis_list (p, v))
            { /* a single term */ from = v; list = SG_NONE; }
          else
            {
              /* (t1 ... tk) is a list of terms unless it is itself one application term;
                 SMT-LIB requires the parenthesised list, so treat it as the list. */
              from = kid (v);
            }
          if (at.key == SG_WK_K_NO_PATTERN || list == SG_NONE)
            {
              if ((rc = sg_psx_text (p, v, &at.value))) return rc;
            }
          else
            {
              at.kind = SG_ATTR_PATTERN;
              uint32_t k = 0;
              for (uint32_t t = from; has (p, v, t); t = next (p, t)) k++;
              if (k == 0) return sg_perr (p, v, SG_RC_PARSE, ":pattern needs at least one term");
              at.value = k;
              npat += k;
            }
        }
      else if (hasv)
        {
          if ((rc = sg_psx_text (p, v, &at.value))) return rc;
        }
      if (!SG_VEC_PUSH (s->attrs, at)) return sg_pnomem (p, j);
      an.nattrs++;
      j = hasv ? next (p, v) : v;
    }
  if (!SG_VEC_PUSH (s->annots, an)) return sg_pnomem (p, i);
  f->aux = s->annots.n - 1;
  f->state = 2;
  /* Push pattern-term frames, in order. */
  if (!SG_VEC_RESERVE (p->frames, npat)) return sg_pnomem (p, i);
  uint32_t k = p->frames.n + npat;
  for (uint32_t j = first; has (p, i, j);)
    {
      uint32_t v = next (p, j);
      bool hasv = has (p, i, v) && sg_pnode (p, v)->kind != SG_TOK_KEYWORD;
      if (sg_pnode (p, j)->atom == SG_WK_K_PATTERN && sg_pis_list (p, v))
        for (uint32_t t = kid (v); has (p, v, t); t = next (p, t))
          p->frames.a[--k] = (sg_pframe) { t, F_ATOM, 0, p->vals.n, 0, 0, 0 };
      j = hasv ? next (p, v) : v;
    }
  p->frames.n += npat;
  return SG_RC_OK;
}

/* Finish the annotation: build the node; a :named attribute defines its name. */
static sg_rc
annot_finish (sg_parser *p, sg_pframe *f, sg_term *out)
{
  sg_store *s = p->s;
  uint32_t n = p->vals.n - f->base;
  sg_rc rc = sg_mk_annot (s, p->vals.a + f->base, n, f->aux, out);
  if (rc) return sg_perr_store (p, f->sx, rc);
  sg_annot *an = &s->annots.a[f->aux];
  for (uint32_t k = 0; k < an->nattrs; k++)
    {
      sg_attr at = s->attrs.a[an->attrs + k];
      if (at.kind != SG_ATTR_NAMED) continue;
      const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_TERM, at.value);
      if (b && b->kind != SG_B_BVAR)
        return sg_perr (p, f->sx, SG_RC_SORT, ":named '%s' is already declared", sg_store_text (s, at.value));
      uint32_t fun;
      sg_term inner = p->vals.a[f->base];
      if ((rc = sg_store_add_fun (s, at.value, SG_FUN_NAMED, NULL, 0, sg_term_sort (s, inner), &fun)))
        return sg_perr_store (p, f->sx, rc);
      s->funs.a[fun].body = inner;
      s->annots.a[f->aux].named = fun;
      /* Usable at once (solvers accept a name later in the same command); bound again when
       * the command ends in case leaving a binder or a define-fun body released it. */
      if (!sg_symtab_bind (&p->st, SG_NS_TERM, at.value, SG_B_FUN, fun) || !SG_VEC_PUSH (p->named, fun))
        return sg_pnomem (p, f->sx);
    }
  return SG_RC_OK;
}

/* Step a frame whose children are done. Returns the term in *out when the frame finishes
 * (and sets *done). */
static sg_rc
step (sg_parser *p, sg_pframe *f, bool *done, sg_term *out)
{
  sg_store *s = p->s;
  uint32_t i = f->sx, h = kid (i);
  sg_rc rc = SG_RC_OK;
  *done = false;
  switch (f->form)
    {
    case F_APP:
      rc = sg_papply_head (p, h, p->vals.a + f->base, p->vals.n - f->base, out);
      *done = true;
      return rc;
    case F_LET:
      if (f->state == 1)
        {
          /* values are in vals[base..]; bind the variables in parallel */
          uint32_t bl = next (p, h), k = 0;
          uint32_t nvals = p->vals.n - f->base;
          /* A name bound twice: the later binding is named. Many bindings: sorted (atom,
           * position) pairs, not a scan per binding (160,000 took 21 s: a hostile review). */
          uint32_t dup = UINT32_MAX;
          if (nvals > 32)
            {
              uint64_t *keys = malloc (nvals * sizeof *keys);
              if (!keys) return sg_pnomem (p, i);
              for (uint32_t b = kid (bl); has (p, bl, b) && k < nvals; b = next (p, b), k++)
                keys[k] = (uint64_t) sg_pnode (p, kid (b))->atom << 32 | k;
              dup = sg_pfirst_dup (keys, k);
              free (keys);
              k = 0;
            }
          f->mark = sg_symtab_mark (&p->st);
          for (uint32_t b = kid (bl); has (p, bl, b); b = next (p, b), k++)
            {
              uint32_t v = kid (b);
              if (k == dup)
                return sg_perr (p, v, SG_RC_SORT, "variable '%s' bound twice in one let", atext (p, v));
              for (uint32_t b2 = kid (bl); b2 != b && nvals <= 32; b2 = next (p, b2))
                if (sg_pnode (p, kid (b2))->atom == sg_pnode (p, v)->atom)
                  return sg_perr (p, v, SG_RC_SORT, "variable '%s' bound twice in one let", atext (p, v));
              sg_term var;
              if ((rc = sg_mk_bvar (s, sg_pnode (p, v)->atom, sg_term_sort (s, p->vals.a[f->base + k]), &var)))
                return sg_perr_store (p, v, rc);
              if ((rc = push_val (p, v, var))) return rc;
            }
          for (uint32_t j = 0; j < nvals; j++)
            {
              sg_term var = p->vals.a[f->base + nvals + j];
              if (!sg_symtab_bind (&p->st, SG_NS_TERM, sg_term_node (s, var)->aux, SG_B_BVAR, var))
                return sg_pnomem (p, i);
            }
          f->state = 2;
          f->aux = nvals;
          return push_frame (p, next (p, bl));
        }
      else
        {
          uint32_t nv = f->aux;
          SG_VEC_CLEAR (p->tmp);
          if (!SG_VEC_RESERVE (p->tmp, 2 * nv + 1)) return sg_pnomem (p, i);
          for (uint32_t j = 0; j < nv; j++)
            {
              p->tmp.a[p->tmp.n++] = p->vals.a[f->base + nv + j];
              p->tmp.a[p->tmp.n++] = p->vals.a[f->base + j];
            }
          p->tmp.a[p->tmp.n++] = SG_VEC_TOP (p->vals);
          sg_symtab_release (&p->st, f->mark);
          rc = sg_mk_binder (s, SG_OP_LET, p->tmp.a, p->tmp.n, out);
          *done = true;
          return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
        }
    case F_QUANT:
      sg_symtab_release (&p->st, f->mark);
      rc = sg_mk_binder (s, sg_pnode (p, h)->atom == SG_WK_FORALL ? SG_OP_FORALL
                            : sg_pnode (p, h)->atom == SG_WK_LAMBDA ? SG_OP_LAMBDA
                            : sg_pnode (p, h)->atom == SG_WK_SET_COMPREHENSION ? SG_OP_SET_COMP : SG_OP_EXISTS,
                         p->vals.a + f->base, p->vals.n - f->base, out);
      *done = true;
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    case F_MATCH:
      {
        if (f->state == 2) sg_symtab_release (&p->st, f->mark);
        uint32_t cases = next (p, next (p, h));
        if (has (p, cases, f->aux))
          {
            uint32_t c = f->aux;
            f->aux = next (p, c);
            f->state = 2;
            return match_case (p, f, c);
          }
        if (f->state != 2) return sg_perr (p, cases, SG_RC_PARSE, "match without cases");
        rc = sg_mk_match (s, p->vals.a + f->base, p->vals.n - f->base, out);
        *done = true;
        return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
      }
    case F_ANNOT:
      if (f->state == 1) return annot_attrs (p, f);
      *done = true;
      return annot_finish (p, f, out);
    }
  return SG_RC_USAGE;
}

sg_rc
sg_parse_term (sg_parser *p, uint32_t root, sg_term *out)
{
  uint32_t fbase = p->frames.n, vbase = p->vals.n;
  sg_rc rc = push_frame (p, root);
  while (!rc && p->frames.n > fbase)
    {
      sg_pframe *f = &p->frames.a[p->frames.n - 1];
      if (f->state == 0)
        {
          if (!sg_pis_list (p, f->sx))
            {
              sg_term t;
              uint32_t sx = f->sx;
              if ((rc = sg_pliteral (p, sx, &t))) break;
              p->frames.n--;
              rc = push_val (p, sx, t);
              continue;
            }
          rc = start_list (p, f);
          continue;
        }
      /* Children of f are complete (pushed frames above it have all finished). */
      bool done;
      sg_term t = SG_NONE;
      uint32_t nframes = p->frames.n;
      rc = step (p, f, &done, &t);
      if (rc) break;
      if (done)
        {
          f = &p->frames.a[nframes - 1];
          uint32_t base = f->base, sx = f->sx;
          p->frames.n = nframes - 1;
          p->vals.n = base;
          rc = push_val (p, sx, t);
        }
    }
  if (rc)
    {
      /* Release any binder scopes still open and drop partial state. */
      uint32_t mark = UINT32_MAX;
      for (uint32_t k = fbase; k < p->frames.n; k++)
        if ((p->frames.a[k].form == F_QUANT || p->frames.a[k].form == F_LET
             || p->frames.a[k].form == F_MATCH) && p->frames.a[k].state >= 1
            && p->frames.a[k].mark < mark && p->frames.a[k].mark != 0)
          mark = p->frames.a[k].mark;
      if (mark != UINT32_MAX) sg_symtab_release (&p->st, mark);
      p->frames.n = fbase;
      p->vals.n = vbase;
      return rc;
    }
  *out = p->vals.a[vbase];
  p->vals.n = vbase;
  return SG_RC_OK;
}
