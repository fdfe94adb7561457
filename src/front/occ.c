/* occ: occurrences, replacement, free variables, fresh declarations. */
#include "front/occ.h"

#include <stdlib.h>
#include <string.h>

#include "front/store_int.h"

void sg_occs_free (sg_occs *o) { SG_VEC_FREE (o->a); }

/* Does occurrence b (a binder or a pattern) bind var? */
static bool
binds_here (const sg_store *s, sg_term b, sg_term var)
{
  const sg_node *n = sg_term_node (s, b);
  const uint32_t *a = sg_term_args (s, b);
  switch ((sg_op) n->op)
    {
    case SG_OP_LET:
      for (uint32_t k = 0; k + 1 < n->nargs; k += 2)
        if (a[k] == var) return true;
      return false;
    case SG_OP_FORALL:
    case SG_OP_EXISTS:
    case SG_OP_LAMBDA:
      for (uint32_t k = 0; k + 1 < n->nargs; k++)
        if (a[k] == var) return true;
      return false;
    case SG_OP_SET_COMP:
      for (uint32_t k = 0; k + 2 < n->nargs; k++)
        if (a[k] == var) return true;
      return false;
    case SG_OP_BVAR: return b == var;   /* variable pattern */
    case SG_OP_DT_CONS:                 /* constructor pattern */
      for (uint32_t k = 0; k < n->nargs; k++)
        if (a[k] == var) return true;
      return false;
    default: return false;
    }
}

bool
sg_occ_binds (const sg_store *s, const sg_occs *o, uint32_t i, sg_term var)
{
  for (uint32_t sc = o->a.a[i].scope; sc != SG_NONE; sc = o->a.a[sc].scope)
    if (binds_here (s, o->a.a[sc].term, var)) return true;
  return false;
}

sg_rc
sg_occ_collect (const sg_script *sc, uint32_t max, sg_occs *out)
{
  const sg_store *s = sc->store;
  SG_VEC_CLEAR (out->a);
  sg_u32vec stack = { 0 }; /* occurrence indices whose children are still to be added */
  sg_rc rc = SG_RC_OK;
  for (uint32_t c = 0; c < sc->cmds.n && !rc; c++)
    {
      uint32_t first, count;
      const sg_cmd *cmd = &sc->cmds.a[c];
      sg_cmd_term_items (cmd, &first, &count);
      for (uint32_t k = first; k < first + count && !rc; k++)
        {
          sg_occ root = { sg_cmd_items (sc, cmd)[k], SG_NONE, k, c, SG_NONE, 0, 0 };
          if (out->a.n >= max || !SG_VEC_PUSH (out->a, root)) { rc = out->a.n >= max ? SG_RC_LIMIT : SG_RC_NOMEM; break; }
          if (!SG_VEC_PUSH (stack, out->a.n - 1)) { rc = SG_RC_NOMEM; break; }
          /* Pre-order: pop an occurrence, append its children; children are visited after. To
           * keep pre-order of the final list we add children in reverse onto a second stack. */
          while (stack.n && !rc)
            {
              uint32_t pi = SG_VEC_POP (stack);
              sg_occ par = out->a.a[pi];
              const sg_node *n = sg_term_node (s, par.term);
              const uint32_t *a = sg_term_args (s, par.term);
              uint32_t nk = n->nargs;
              if (!nk) continue;
              uint32_t firstkid = out->a.n;
              if (out->a.n + (uint64_t) nk > max) { rc = SG_RC_LIMIT; break; }
              if (!SG_VEC_RESERVE (out->a, nk) || !SG_VEC_RESERVE (stack, nk)) { rc = SG_RC_NOMEM; break; }
              for (uint32_t k2 = 0; k2 < nk; k2++)
                {
                  sg_occ ch = { a[k2], pi, k2, c, par.scope, par.depth + 1, par.flags & SG_OCC_PATTERN };
                  switch ((sg_op) n->op)
                    {
                    case SG_OP_LET:
                      if (k2 + 1 == nk) ch.scope = pi;
                      else if (k2 % 2 == 0) ch.flags |= SG_OCC_BINDER;
                      break;
                    case SG_OP_FORALL:
                    case SG_OP_EXISTS:
                    case SG_OP_LAMBDA:
                      if (k2 + 1 == nk) ch.scope = pi;
                      else ch.flags |= SG_OCC_BINDER;
                      break;
                    case SG_OP_SET_COMP:
                      if (k2 + 2 >= nk) ch.scope = pi;
                      else ch.flags |= SG_OCC_BINDER;
                      break;
                    case SG_OP_MATCH:
                      if (k2 > 0 && k2 % 2 == 1) ch.flags |= SG_OCC_BINDER;
                      else if (k2 > 0) ch.scope = firstkid + k2 - 1; /* the case's pattern */
                      break;
                    case SG_OP_ANNOT:
                      if (k2 > 0) ch.flags |= SG_OCC_PATTERN;
                      break;
                    default:
                      if (par.flags & SG_OCC_BINDER) ch.flags |= SG_OCC_BINDER;
                      break;
                    }
                  out->a.a[out->a.n++] = ch;
                }
              /* Visit children depth-first in order: push them reversed. Pre-order of the list
               * is not needed by users beyond "parent before child", which holds. */
              for (uint32_t k2 = nk; k2-- > 0;) stack.a[stack.n++] = firstkid + k2;
            }
        }
    }
  SG_VEC_FREE (stack);
  return rc;
}

sg_rc
sg_term_free_vars (sg_store *s, sg_term t, sg_u32vec *out)
{
  /* Explicit DFS over (term, scope) where scope is a persistent list of bound variables kept in
   * an array: entry = (var, parent index). Visited set only for closed subterms is not enough,
   * so terms are visited per binding context; we memoise on (term, scope) pairs = on term when
   * the scope is empty. */
  typedef struct { sg_term t; uint32_t scope; } item;
  typedef struct { sg_term var; uint32_t up; } bnd;
  SG_VEC (item) st = { 0 };
  SG_VEC (bnd) scopes = { 0 };
  uint8_t *seen = calloc (s->nodes.n, 1); /* 1 = visited with empty scope; 2 = output var */
  sg_rc rc = SG_RC_OK;
  if (!seen || !SG_VEC_PUSH (st, ((item) { t, SG_NONE }))) { rc = sg_store_nomem (s); goto done; }
  while (st.n)
    {
      item it = SG_VEC_POP (st);
      if (it.scope == SG_NONE)
        {
          if (seen[it.t] & 1) continue;
          seen[it.t] |= 1;
        }
      const sg_node *n = sg_term_node (s, it.t);
      const uint32_t *a = sg_term_args (s, it.t);
      if (n->op == SG_OP_BVAR)
        {
          bool bound = false;
          for (uint32_t sc = it.scope; sc != SG_NONE && !bound; sc = scopes.a[sc].up)
            bound = scopes.a[sc].var == it.t;
          if (!bound && !(seen[it.t] & 2))
            {
              seen[it.t] |= 2;
              if (!SG_VEC_PUSH (*out, it.t)) { rc = sg_store_nomem (s); goto done; }
            }
          continue;
        }
      uint32_t inner = it.scope;
      if (n->op == SG_OP_LET || n->op == SG_OP_FORALL || n->op == SG_OP_EXISTS || n->op == SG_OP_LAMBDA
          || n->op == SG_OP_SET_COMP)
        {
          uint32_t step = n->op == SG_OP_LET ? 2 : 1, body = n->op == SG_OP_SET_COMP ? 2 : 1;
          for (uint32_t k = 0; k + body < n->nargs; k += step)
            {
              if (!SG_VEC_PUSH (scopes, ((bnd) { a[k], inner }))) { rc = sg_store_nomem (s); goto done; }
              inner = scopes.n - 1;
              a = sg_term_args (s, it.t);
            }
          if (!SG_VEC_PUSH (st, ((item) { a[n->nargs - 1], inner }))) { rc = sg_store_nomem (s); goto done; }
          if (n->op == SG_OP_SET_COMP && !SG_VEC_PUSH (st, ((item) { sg_term_args (s, it.t)[n->nargs - 2], inner })))
            { rc = sg_store_nomem (s); goto done; }
          if (n->op == SG_OP_LET)
            for (uint32_t k = 1; k + 1 < n->nargs; k += 2)
              if (!SG_VEC_PUSH (st, ((item) { sg_term_args (s, it.t)[k], it.scope }))) { rc = sg_store_nomem (s); goto done; }
          continue;
        }
      if (n->op == SG_OP_MATCH)
        {
          if (!SG_VEC_PUSH (st, ((item) { a[0], it.scope }))) { rc = sg_store_nomem (s); goto done; }
          for (uint32_t k = 1; k + 1 < n->nargs; k += 2)
            {
              sg_term pat = sg_term_args (s, it.t)[k];
              uint32_t sc = it.scope;
              if (sg_term_op (s, pat) == SG_OP_BVAR)
                {
                  if (!SG_VEC_PUSH (scopes, ((bnd) { pat, sc }))) { rc = sg_store_nomem (s); goto done; }
                  sc = scopes.n - 1;
                }
              else
                for (uint32_t q = 0; q < sg_term_nargs (s, pat); q++)
                  {
                    if (!SG_VEC_PUSH (scopes, ((bnd) { sg_term_arg (s, pat, q), sc }))) { rc = sg_store_nomem (s); goto done; }
                    sc = scopes.n - 1;
                  }
              if (!SG_VEC_PUSH (st, ((item) { sg_term_args (s, it.t)[k + 1], sc }))) { rc = sg_store_nomem (s); goto done; }
            }
          continue;
        }
      for (uint32_t k = n->nargs; k-- > 0;)
        if (!SG_VEC_PUSH (st, ((item) { sg_term_args (s, it.t)[k], it.scope }))) { rc = sg_store_nomem (s); goto done; }
    }
done:
  free (seen);
  SG_VEC_FREE (st);
  SG_VEC_FREE (scopes);
  return rc;
}

sg_rc
sg_term_constants (sg_store *s, sg_term t, sg_u32vec *out)
{
  uint8_t *seen = calloc (s->nodes.n, 1);
  sg_u32vec st = { 0 };
  sg_rc rc = SG_RC_OK;
  if (!seen || !SG_VEC_PUSH (st, t)) { rc = sg_store_nomem (s); goto done; }
  while (st.n)
    {
      sg_term x = SG_VEC_POP (st);
      if (seen[x]) continue;
      seen[x] = 1;
      const sg_node *n = sg_term_node (s, x);
      if (n->op == SG_OP_APP && n->nargs == 0 && s->funs.a[n->aux].kind == SG_FUN_DECLARED)
        if (!SG_VEC_PUSH (*out, x)) { rc = sg_store_nomem (s); goto done; }
      for (uint32_t k = 0; k < n->nargs; k++)
        if (!SG_VEC_PUSH (st, sg_term_arg (s, x, k))) { rc = sg_store_nomem (s); goto done; }
    }
done:
  free (seen);
  SG_VEC_FREE (st);
  return rc;
}

sg_rc
sg_occ_fits (sg_store *s, const sg_occs *o, uint32_t i, sg_term t, bool *fits)
{
  sg_u32vec fv = { 0 };
  sg_rc rc = sg_term_free_vars (s, t, &fv);
  *fits = true;
  for (uint32_t k = 0; !rc && k < fv.n && *fits; k++) *fits = sg_occ_binds (s, o, i, fv.a[k]);
  SG_VEC_FREE (fv);
  return rc;
}

sg_rc
sg_occ_replace (sg_script *sc, const sg_occs *o, uint32_t i, sg_term t)
{
  sg_store *s = sc->store;
  const sg_occ *oc = &o->a.a[i];
  if (oc->flags & SG_OCC_BINDER)
    return sg_store_err (s, SG_RC_SORT, "cannot replace a bound variable slot or a pattern");
  sg_u32vec args = { 0 };
  sg_rc rc = SG_RC_OK;
  sg_term cur = t;
  uint32_t at = i;
  while (o->a.a[at].parent != SG_NONE)
    {
      const sg_occ *me = &o->a.a[at];
      sg_term pt = o->a.a[me->parent].term;
      uint32_t n = sg_term_nargs (s, pt);
      SG_VEC_CLEAR (args);
      if (!SG_VEC_RESERVE (args, n)) { rc = sg_store_nomem (s); break; }
      memcpy (args.a, sg_term_args (s, pt), n * sizeof *args.a);
      args.n = n;
      args.a[me->child] = cur;
      if ((rc = sg_term_rebuild (s, pt, args.a, &cur))) break;
      at = me->parent;
    }
  SG_VEC_FREE (args);
  if (rc) return rc;
  const sg_occ *root = &o->a.a[at];
  if (sg_term_sort (s, cur) != sg_term_sort (s, root->term))
    return sg_store_err (s, SG_RC_SORT, "replacement changes the sort of a command's term");
  return sg_script_set_item (sc, root->cmd, root->child, cur);
}

sg_rc
sg_occ_replace_marked (sg_script *sc, const sg_occs *o, const uint8_t *mark, sg_term t)
{
  sg_store *s = sc->store;
  uint32_t n = o->a.n;
  sg_term *val = malloc (((size_t) n + 1) * sizeof *val);
  uint32_t *head = malloc (((size_t) n + 1) * sizeof *head), *nxt = malloc (((size_t) n + 1) * sizeof *nxt);
  uint8_t *changed = calloc ((size_t) n + 1, 1);
  sg_u32vec args = { 0 };
  sg_rc rc = val && head && nxt && changed ? SG_RC_OK : sg_store_nomem (s);
  for (uint32_t i = 0; i < n && !rc; i++) head[i] = SG_NONE;
  /* each occurrence's children, in pre-order (pushed from the back) */
  for (uint32_t i = n; i-- > 0 && !rc;)
    {
      const sg_occ *oc = &o->a.a[i];
      val[i] = oc->term;
      if (mark[i])
        {
          if (oc->flags & SG_OCC_BINDER) rc = sg_store_err (s, SG_RC_SORT, "cannot replace a bound variable slot or a pattern");
          val[i] = t, changed[i] = 1;
        }
      if (oc->parent != SG_NONE) nxt[i] = head[oc->parent], head[oc->parent] = i;
    }
  /* bottom-up: a descendant comes after its ancestor in pre-order */
  for (uint32_t i = n; i-- > 0 && !rc;)
    {
      const sg_occ *oc = &o->a.a[i];
      if (!mark[i])
        for (uint32_t c = head[i]; c != SG_NONE; c = nxt[c])
          if (changed[c]) changed[i] = 1;
      if (changed[i] && !mark[i])
        {
          uint32_t na = sg_term_nargs (s, oc->term);
          SG_VEC_CLEAR (args);
          if (!SG_VEC_RESERVE (args, na)) { rc = sg_store_nomem (s); break; }
          memcpy (args.a, sg_term_args (s, oc->term), na * sizeof *args.a);
          args.n = na;
          for (uint32_t c = head[i]; c != SG_NONE; c = nxt[c])
            if (changed[c] && o->a.a[c].child < na) args.a[o->a.a[c].child] = val[c];
          rc = sg_term_rebuild (s, oc->term, args.a, &val[i]);
        }
      if (!rc && changed[i] && oc->parent == SG_NONE)
        {
          if (sg_term_sort (s, val[i]) != sg_term_sort (s, oc->term))
            rc = sg_store_err (s, SG_RC_SORT, "replacement changes the sort of a command's term");
          else rc = sg_script_set_item (sc, oc->cmd, oc->child, val[i]);
        }
    }
  SG_VEC_FREE (args);
  free (val);
  free (head);
  free (nxt);
  free (changed);
  return rc;
}

sg_rc
sg_script_declare_fresh (sg_script *sc, uint32_t at, const char *prefix, sg_sort sort, sg_term *out)
{
  sg_store *s = sc->store;
  sg_atom name;
  uint32_t fun;
  sg_rc rc = sg_store_fresh_atom (s, prefix, &name);
  if (!rc) rc = sg_store_add_fun (s, name, SG_FUN_DECLARED, NULL, 0, sort, &fun);
  if (!rc) rc = sg_script_insert (sc, at, SG_WK_DECLARE_FUN, fun, NULL, 0);
  if (!rc) rc = sg_mk_fun_app (s, fun, NULL, 0, out);
  return rc;
}
