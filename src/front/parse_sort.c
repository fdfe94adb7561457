/* parse_sort: the sort parser and the leaf readers the command and term parsers share.
 *   sort ::= symbol | (symbol sort+) | (_ BitVec n) | (_ FloatingPoint eb sb)
 * Owns: sort symbols (declared, defined, datatype, parameter, built-in, and cvc5's and z3's
 *   parametric sorts), indexed sorts, sg_parse_sort (iterative: an explicit stack, never
 *   recursion), numeral indices (sg_pindex) and S-expression text (sg_psx_text, for attribute
 *   values and commands kept as text). */
#include <string.h>

#include "base/limits.h"
#include "front/parse_int.h"
#include "front/print.h"

sg_rc
sg_pindex (sg_parser *p, uint32_t i, uint32_t *out)
{
  const sg_sx *x = sg_pnode (p, i);
  if (x->kind != SG_TOK_NUMERAL) return sg_perr (p, i, SG_RC_PARSE, "expected a numeral index");
  const char *t = atext (p, i);
  uint64_t v = 0;
  for (; *t; t++)
    {
      v = v * 10 + (uint64_t) (*t - '0');
      if (v > SG_LIMIT_INDEX)
        return sg_perr (p, i, SG_RC_LIMIT, "index larger than %u", (unsigned) SG_LIMIT_INDEX);
    }
  *out = (uint32_t) v;
  return SG_RC_OK;
}

/* ---------------------------------------------------------------- S-expression text */

sg_rc
sg_psx_text (sg_parser *p, uint32_t i, sg_atom *out)
{
  sg_buf *b = &p->text;
  sg_buf_reset (b);
  uint32_t end = next (p, i);
  SG_VEC_CLEAR (p->tmp); /* stack of list ends still open */
  for (uint32_t j = i; j < end; j++)
    {
      while (p->tmp.n && SG_VEC_TOP (p->tmp) <= j) { sg_buf_addc (b, ')'); p->tmp.n--; }
      if (j > i && b->len && b->s[b->len - 1] != '(') sg_buf_addc (b, ' ');
      const sg_sx *x = sg_pnode (p, j);
      switch (x->kind)
        {
        case SG_TOK_LPAR:
          sg_buf_addc (b, '(');
          if (!SG_VEC_PUSH (p->tmp, x->end)) return sg_pnomem (p, j);
          break;
        case SG_TOK_STRING:
          {
            const char *t = atext (p, j);
            sg_buf_addc (b, '"');
            for (; *t; t++)
              {
                if (*t == '"') sg_buf_addc (b, '"');
                sg_buf_addc (b, *t);
              }
            sg_buf_addc (b, '"');
            break;
          }
        case SG_TOK_QSYMBOL:
          sg_print_symbol (p->s, x->atom, b);
          break;
        default:
          sg_buf_adds (b, atext (p, j));
          break;
        }
    }
  while (p->tmp.n) { sg_buf_addc (b, ')'); p->tmp.n--; }
  if (!sg_buf_ok (b) || !sg_atom_intern (&p->s->atoms, sg_buf_cstr (b), b->len, out))
    return sg_pnomem (p, i);
  return SG_RC_OK;
}

/* ---------------------------------------------------------------- sorts */

/* cvc5's and z3's parametric sorts: Seq, Set, Bag, Tuple, UnitTuple, Relation, Table, ->. */
static sg_rc
ext_sort (sg_parser *p, uint32_t i, sg_atom a, const sg_sort *args, uint32_t n, sg_sort *out)
{
  sg_store *s = p->s;
  sg_rc rc;
  switch (a)
    {
    case SG_WK_S_SEQ:
    case SG_WK_S_SET:
    case SG_WK_S_BAG:
      if (n != 1) return sg_perr (p, i, SG_RC_SORT, "'%s' expects 1 sort parameter, got %u", atext (p, i), n);
      rc = sg_sort_make (s, a == SG_WK_S_SEQ ? SG_SORT_SEQ : a == SG_WK_S_SET ? SG_SORT_SET : SG_SORT_BAG, 0,
                         0, args, 1, out);
      break;
    case SG_WK_S_UNITTUPLE:
      if (n) return sg_perr (p, i, SG_RC_SORT, "sort 'UnitTuple' takes no parameters");
      /* fall through */
    case SG_WK_S_TUPLE:
      rc = sg_sort_make (s, SG_SORT_TUPLE, 0, 0, args, n, out);
      break;
    case SG_WK_S_REGEX: /* z3: (RegEx String) is RegLan */
      if (n != 1 || args[0] != s->s_string)
        return sg_perr (p, i, SG_RC_SORT, "'RegEx' expects the sort parameter String");
      *out = s->s_reglan;
      return SG_RC_OK;
    case SG_WK_S_RELATION:
    case SG_WK_S_TABLE:
      {
        sg_sort tup;
        rc = sg_sort_make (s, SG_SORT_TUPLE, 0, 0, args, n, &tup);
        if (!rc) rc = sg_sort_make (s, a == SG_WK_S_RELATION ? SG_SORT_SET : SG_SORT_BAG, 0, 0, &tup, 1, out);
        break;
      }
    default: /* -> */
      if (n < 2) return sg_perr (p, i, SG_RC_SORT, "'->' expects at least 2 sorts, got %u", n);
      rc = sg_sort_fun (s, args, n, out);
      break;
    }
  return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
}

/* A sort symbol applied to n already-parsed parameter sorts. */
static sg_rc
sort_symbol (sg_parser *p, uint32_t i, const sg_sort *args, uint32_t n, sg_sort *out)
{
  sg_store *s = p->s;
  sg_atom a = sg_pnode (p, i)->atom;
  const sg_binding *b = sg_symtab_lookup (&p->st, SG_NS_SORT, a);
  sg_rc rc = SG_RC_OK;
  if (b)
    {
      switch ((sg_bind_kind) b->kind)
        {
        case SG_B_PARAM:
          if (n) return sg_perr (p, i, SG_RC_SORT, "sort parameter '%s' takes no arguments", atext (p, i));
          *out = b->id;
          return SG_RC_OK;
        case SG_B_SORTDECL:
          {
            const sg_sortdecl *d = &s->sortdecls.a[b->id];
            if (n != d->arity)
              return sg_perr (p, i, SG_RC_SORT, "sort '%s' expects %u parameter%s, got %u",
                              atext (p, i), d->arity, d->arity == 1 ? "" : "s", n);
            if (!d->defined)
              rc = sg_sort_make (s, SG_SORT_USER, b->id, 0, args, n, out);
            else
              rc = sg_sort_subst (s, d->body, s->pool.a + d->params, args, n, out);
            return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
          }
        case SG_B_DT:
          {
            const sg_dt *d = &s->dts.a[b->id];
            if (n != d->nparams)
              return sg_perr (p, i, SG_RC_SORT, "datatype '%s' expects %u parameter%s, got %u",
                              atext (p, i), d->nparams, d->nparams == 1 ? "" : "s", n);
            rc = sg_sort_make (s, SG_SORT_DT, b->id, 0, args, n, out);
            return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
          }
        default:
          break;
        }
    }
  if (a >= SG_WK_S_SEQ && a <= SG_WK_S_ARROW)
    return ext_sort (p, i, a, args, n, out);
  /* z3 reads the sort (=> A B) as (Array A B) (its function space): printed so */
  if (a == SG_WK_S_ARRAY || (n == 2 && !strcmp (atext (p, i), "=>")))
    {
      if (n != 2) return sg_perr (p, i, SG_RC_SORT, "'Array' expects 2 sort parameters, got %u", n);
      rc = sg_sort_array (s, args[0], args[1], out);
      return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
    }
  sg_sort basic = SG_NONE;
  uint32_t eb = 0, sb = 0;
  switch (a)
    {
    case SG_WK_S_BOOL: basic = s->s_bool; break;
    case SG_WK_S_INT: basic = s->s_int; break;
    case SG_WK_S_REAL: basic = s->s_real; break;
    case SG_WK_S_STRING: basic = s->s_string; break;
    case SG_WK_S_REGLAN: basic = s->s_reglan; break;
    case SG_WK_S_ROUNDINGMODE: basic = s->s_rm; break;
    case SG_WK_S_FLOAT16: eb = 5; sb = 11; break;
    case SG_WK_S_FLOAT32: eb = 8; sb = 24; break;
    case SG_WK_S_FLOAT64: eb = 11; sb = 53; break;
    case SG_WK_S_FLOAT128: eb = 15; sb = 113; break;
    default:
      return sg_perr (p, i, SG_RC_SORT, "unknown sort '%s'", atext (p, i));
    }
  if (n) return sg_perr (p, i, SG_RC_SORT, "sort '%s' takes no parameters", atext (p, i));
  if (eb)
    {
      rc = sg_sort_fp (s, eb, sb, &basic);
      if (rc) return sg_perr_store (p, i, rc);
    }
  *out = basic;
  return SG_RC_OK;
}

/* (_ BitVec n) or (_ FloatingPoint eb sb). */
static sg_rc
indexed_sort (sg_parser *p, uint32_t i, sg_sort *out)
{
  uint32_t c = kid (i), name = next (p, c);
  if (!has (p, i, name) || !sg_pis_sym (p, name))
    return sg_perr (p, i, SG_RC_PARSE, "malformed indexed sort");
  uint32_t idx[2], n = 0;
  for (uint32_t j = next (p, name); has (p, i, j); j = next (p, j))
    {
      if (n == 2) return sg_perr (p, j, SG_RC_SORT, "too many indices");
      sg_rc rc = sg_pindex (p, j, &idx[n++]);
      if (rc) return rc;
    }
  sg_atom a = sg_pnode (p, name)->atom;
  sg_rc rc;
  if (a == SG_WK_S_BITVEC && n == 1) rc = sg_sort_bv (p->s, idx[0], out);
  else if (a == SG_WK_S_FLOATINGPOINT && n == 2) rc = sg_sort_fp (p->s, idx[0], idx[1], out);
  else return sg_perr (p, name, SG_RC_SORT, "unknown indexed sort '%s' with %u indices", atext (p, name), n);
  return rc ? sg_perr_store (p, i, rc) : SG_RC_OK;
}

sg_rc
sg_parse_sort (sg_parser *p, uint32_t root, sg_sort *out)
{
  /* Explicit stack of (node, state): state 0 = children not yet pushed. */
  typedef struct { uint32_t sx; uint32_t base; uint8_t state; } item;
  SG_VEC (item) st = { 0 };
  sg_u32vec *vals = &p->sorts;
  uint32_t vbase = vals->n;
  sg_rc rc = SG_RC_OK;
  if (!SG_VEC_PUSH (st, ((item) { root, 0, 0 }))) return sg_pnomem (p, root);
  while (st.n && !rc)
    {
      item *it = &st.a[st.n - 1];
      uint32_t i = it->sx;
      sg_sort r = SG_NONE;
      if (sg_pis_sym (p, i))
        rc = sort_symbol (p, i, NULL, 0, &r);
      else if (!sg_pis_list (p, i))
        rc = sg_perr (p, i, SG_RC_PARSE, "expected a sort, found '%s'", atext (p, i));
      else
        {
          uint32_t head = kid (i);
          if (!has (p, i, head) || !sg_pis_sym (p, head))
            { rc = sg_perr (p, i, SG_RC_PARSE, "expected a sort"); break; }
          if (sg_pnode (p, head)->atom == SG_WK_UNDERSCORE)
            rc = indexed_sort (p, i, &r);
          else if (it->state == 0)
            {
              it->state = 1;
              it->base = vals->n;
              uint32_t first = next (p, head);
              if (!has (p, i, first))
                {
                  /* z3 reads (S) as the sort S */
                  rc = sort_symbol (p, head, NULL, 0, &r);
                  if (rc) break;
                  st.n--;
                  if (!SG_VEC_PUSH (*vals, r)) rc = sg_pnomem (p, i);
                  continue;
                }
              /* push children in reverse so they finish in order */
              uint32_t cnt = 0;
              for (uint32_t j = first; has (p, i, j); j = next (p, j)) cnt++;
              if (!SG_VEC_RESERVE (st, cnt)) { rc = sg_pnomem (p, i); break; }
              uint32_t k = st.n + cnt;
              for (uint32_t j = first; has (p, i, j); j = next (p, j))
                st.a[--k] = (item) { j, 0, 0 };
              st.n += cnt;
              continue;
            }
          else
            {
              uint32_t n = vals->n - it->base;
              rc = sort_symbol (p, head, vals->a + it->base, n, &r);
              vals->n = it->base;
            }
        }
      if (rc) break;
      st.n--;
      if (!SG_VEC_PUSH (*vals, r)) rc = sg_pnomem (p, i);
    }
  SG_VEC_FREE (st);
  if (!rc) *out = vals->a[vbase];
  vals->n = vbase;
  return rc;
}
