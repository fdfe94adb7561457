/* janus_special: the rules built in code rather than from a template (homomorphism,
 * instantiation, swap, abstraction, concatenation power, character range). */
#include <stdlib.h>
#include <string.h>

#include "tech/approx/janus_int.h"

/* x1 = ... = xn  =>  f(x1) = ... = f(xn) (weaken); the reverse with a common function
 * application f(xi, rest) whose other arguments agree (strengthen). */
sg_rc
sgj_sp_homo (jctx *c, sg_term f, int dir, sg_term *out)
{
  sg_store *s = c->s;
  if (sgj_canon (s, f) != SG_OP_EQ) return SG_RC_USAGE;
  uint32_t n = sg_term_nargs (s, f);
  sg_u32vec a = { 0 };
  sg_rc rc = SG_RC_OK;
  if (!SG_VEC_RESERVE (a, n)) return SG_RC_NOMEM;
  a.n = n;
  if (dir < 0)
    {
      sg_term a0 = sg_term_arg (s, f, 0);
      const sg_node *h = sg_term_node (s, a0);
      sg_op hop = (sg_op) h->op;
      if (!h->nargs || hop == SG_OP_LET || hop == SG_OP_FORALL || hop == SG_OP_EXISTS
          || hop == SG_OP_MATCH || hop == SG_OP_ANNOT || (h->flags & SG_TF_IMPLICIT))
        rc = SG_RC_USAGE;
      for (uint32_t i = 0; i < n && !rc; i++)
        {
          sg_term ai = sg_term_arg (s, f, i);
          const sg_node *x = sg_term_node (s, ai);
          if (x->op != h->op || x->aux != h->aux || x->flags != h->flags || x->nargs != h->nargs
              || x->nidx != h->nidx || x->sort != h->sort
              || sg_term_sort (s, sg_term_arg (s, ai, 0)) != sg_term_sort (s, sg_term_arg (s, a0, 0)))
            { rc = SG_RC_USAGE; break; }
          for (uint32_t k = 1; k < x->nargs + x->nidx; k++)
            if (sg_term_args (s, ai)[k] != sg_term_args (s, a0)[k]) rc = SG_RC_USAGE;
          a.a[i] = sg_term_arg (s, ai, 0);
        }
      if (!rc) rc = sg_mk_app (s, SG_OP_EQ, a.a, n, NULL, 0, out);
      SG_VEC_FREE (a);
      return rc;
    }
  sg_sort x = sg_term_sort (s, sg_term_arg (s, f, 0));
  if (x == s->s_int || x == s->s_real) c->made_int = true; /* arithmetic in QF_S: QF_SLIA */
  /* the choices of f for this sort */
  enum { F_NEG, F_MUL, F_ABS, F_LEN, F_TOINT, F_CAT, F_NOT, F_BVNOT, F_BVNEG, F_UF };
  int opts[12], no = 0;
  bool numeric = x == s->s_int || x == s->s_real;
  if (numeric && c->lk != L_DIFF)
    {
      opts[no++] = F_NEG;
      opts[no++] = F_MUL;
      if (c->lk == L_ANY && x == s->s_int) opts[no++] = F_ABS;
    }
  if (x == s->s_string) { opts[no++] = F_LEN; opts[no++] = F_TOINT; opts[no++] = F_CAT; }
  if (x == s->s_bool) opts[no++] = F_NOT;
  if (sg_sort_kind_of (s, x) == SG_SORT_BV) { opts[no++] = F_BVNOT; opts[no++] = F_BVNEG; }
  uint32_t uf = SG_NONE, nuf = 0;
  for (uint32_t i = 0; i < c->target_cmd && i < c->sc->cmds.n; i++)
    {
      const sg_cmd *cmd = &c->sc->cmds.a[i];
      if (cmd->kind != SG_WK_DECLARE_FUN || (cmd->flags & SG_CMD_RAW) || cmd->aux >= s->funs.n) continue;
      const sg_fun *fn = &s->funs.a[cmd->aux];
      if (fn->kind == SG_FUN_DECLARED && fn->nparams == 1 && s->pool.a[fn->params] == x
          && !(fn->name < c->natoms && c->bound[fn->name]) && sg_rng_below (c->rng, ++nuf) == 0)
        uf = cmd->aux;
    }
  if (uf != SG_NONE) opts[no++] = F_UF;
  if (!no) { SG_VEC_FREE (a); return SG_RC_USAGE; }
  int pick = opts[sg_rng_below (c->rng, (uint64_t) no)];
  sg_term extra = SG_NONE;
  c->num = numeric ? x : SG_NONE;
  if (pick == F_MUL) rc = sgj_param (c, 'q', &extra);
  if (pick == F_CAT) rc = sgj_param (c, 's', &extra);
  for (uint32_t i = 0; i < n && !rc; i++)
    {
      sg_term ai = sg_term_arg (s, f, i), two[2] = { ai, extra };
      switch (pick)
        {
        case F_NEG: rc = sg_mk_app (s, SG_OP_NEG_SUB, &ai, 1, NULL, 0, &a.a[i]); break;
        case F_MUL: rc = sg_mk_app (s, SG_OP_MUL, two, 2, NULL, 0, &a.a[i]); break;
        case F_ABS: rc = sg_mk_app (s, SG_OP_ABS, &ai, 1, NULL, 0, &a.a[i]); break;
        case F_LEN: rc = sg_mk_app (s, SG_OP_STR_LEN, &ai, 1, NULL, 0, &a.a[i]); c->made_int = true; break;
        case F_TOINT: rc = sg_mk_app (s, SG_OP_STR_TO_INT, &ai, 1, NULL, 0, &a.a[i]); c->made_int = true; break;
        case F_CAT: rc = sg_mk_app (s, SG_OP_STR_CONCAT, two, 2, NULL, 0, &a.a[i]); break;
        case F_NOT: rc = sg_mk_app (s, SG_OP_NOT, &ai, 1, NULL, 0, &a.a[i]); break;
        case F_BVNOT: rc = sg_mk_app (s, SG_OP_BVNOT, &ai, 1, NULL, 0, &a.a[i]); break;
        case F_BVNEG: rc = sg_mk_app (s, SG_OP_BVNEG, &ai, 1, NULL, 0, &a.a[i]); break;
        default: rc = sg_mk_fun_app (s, uf, &ai, 1, &a.a[i]); break;
        }
    }
  if (!rc) rc = sg_mk_app (s, SG_OP_EQ, a.a, n, NULL, 0, out);
  SG_VEC_FREE (a);
  return rc;
}

/* forall x. phi => phi[x := B] (weaken); exists x. phi <= phi[x := B] (strengthen). */
sg_rc
sgj_sp_inst (jctx *c, sg_term f, int dir, sg_term *out)
{
  sg_store *s = c->s;
  if (sg_term_op (s, f) != (dir > 0 ? SG_OP_FORALL : SG_OP_EXISTS)) return SG_RC_USAGE;
  uint32_t n = sg_term_nargs (s, f), nv = n - 1;
  uint32_t v = (uint32_t) sg_rng_below (c->rng, nv);
  sg_term x = sg_term_arg (s, f, v), b;
  sg_rc rc = sgj_instance_of (c, sg_term_sort (s, x), &b);
  if (rc) return rc;
  if (sg_term_sort (s, b) == s->s_int) c->made_int = true;
  sg_term body = sgj_body_unannotated (s, sg_term_arg (s, f, nv)), nb;
  if ((rc = sgj_subst (s, body, x, b, true, &nb))) return rc;
  if (nv == 1) { *out = nb; return SG_RC_OK; }
  sg_u32vec a = { 0 };
  for (uint32_t k = 0; k < nv && !rc; k++)
    if (k != v && !SG_VEC_PUSH (a, sg_term_arg (s, f, k))) rc = SG_RC_NOMEM;
  if (!rc && !SG_VEC_PUSH (a, nb)) rc = SG_RC_NOMEM;
  if (!rc) rc = sg_mk_binder (s, sg_term_op (s, f), a.a, a.n, out);
  SG_VEC_FREE (a);
  return rc;
}

/* forall x. phi => exists x. phi (weaken) and the reverse (strengthen). */
sg_rc
sgj_sp_swap (jctx *c, sg_term f, int dir, sg_term *out)
{
  sg_store *s = c->s;
  if (sg_term_op (s, f) != (dir > 0 ? SG_OP_FORALL : SG_OP_EXISTS)) return SG_RC_USAGE;
  uint32_t n = sg_term_nargs (s, f);
  sg_u32vec a = { 0 };
  if (!SG_VEC_RESERVE (a, n)) return SG_RC_NOMEM;
  memcpy (a.a, sg_term_args (s, f), n * sizeof *a.a);
  a.n = n;
  a.a[n - 1] = sgj_body_unannotated (s, a.a[n - 1]);
  sg_rc rc = sg_mk_binder (s, dir > 0 ? SG_OP_EXISTS : SG_OP_FORALL, a.a, n, out);
  SG_VEC_FREE (a);
  return rc;
}

static bool
abstractable_sort (const sg_store *s, sg_sort x)
{
  sg_sort_kind k = sg_sort_kind_of (s, x);
  return k == SG_SORT_BOOL || k == SG_SORT_INT || k == SG_SORT_REAL || k == SG_SORT_STRING
         || k == SG_SORT_BV || k == SG_SORT_FP || (k == SG_SORT_USER && !sg_sort_node (s, x)->nargs);
}

/* phi[B] => exists x. phi[x] (weaken); forall x. phi[x] => phi[B] (strengthen), B a closed
 * subterm of phi at occurrence occ's subtree. */
sg_rc
sgj_sp_abstract (jctx *c, uint32_t occ, int dir, sg_term *out)
{
  sg_store *s = c->s;
  const sg_occs *o = c->o;
  sg_term f = o->a.a[occ].term;
  /* the subtree of occ is the pre-order range after it with depth > its depth */
  uint32_t d0 = o->a.a[occ].depth, end = occ + 1;
  while (end < o->a.n && o->a.a[end].depth > d0) end++;
  uint32_t pick = SG_NONE, seen = 0;
  for (uint32_t i = occ + 1; i < end && i < occ + 4096; i++)
    {
      const sg_occ *b = &o->a.a[i];
      if (b->flags & (SG_OCC_BINDER | SG_OCC_PATTERN)) continue;
      sg_term t = b->term;
      sg_op op = sg_term_op (s, t);
      if (op == SG_OP_BVAR || !abstractable_sort (s, sg_term_sort (s, t))) continue;
      if (op == SG_OP_TRUE || op == SG_OP_FALSE) continue;
      /* an Int under an implicit coercion: the variable would be Int in a Real context */
      const sg_node *pn = sg_term_node (s, o->a.a[b->parent].term);
      if (pn->op == SG_OP_TO_REAL && (pn->flags & SG_TF_IMPLICIT)) continue;
      /* cvc4/cvc5 want literal arguments in (fp s e m) and re.range; real-only logics have no
       * Int variable */
      if (pn->op == SG_OP_FP || pn->op == SG_OP_RE_RANGE) continue;
      if (c->real_only && sg_term_sort (s, t) == s->s_int) continue;
      if (!sgj_closed_small (s, t, 32)) continue;
      if (sg_rng_below (c->rng, ++seen) == 0) pick = i;
    }
  if (pick == SG_NONE) return SG_RC_USAGE;
  sg_term b = o->a.a[pick].term, x, body;
  sg_atom a;
  sg_rc rc = sg_store_fresh_atom (s, "x", &a);
  if (!rc) rc = sg_mk_bvar (s, a, sg_term_sort (s, b), &x);
  if (!rc) rc = sgj_subst (s, f, b, x, false, &body);
  if (rc) return rc;
  sg_term args[2] = { x, body };
  c->made_quant = true;
  return sg_mk_binder (s, dir > 0 ? SG_OP_EXISTS : SG_OP_FORALL, args, 2, out);
}

/* r1 ++ ... ++ rn  =>  (r1 | ... | rn)^n, written as n copies in re.++ (weaken); the reverse
 * (strengthen). */
sg_rc
sgj_sp_concat_pow (jctx *c, sg_term f, int dir, sg_term *out)
{
  sg_store *s = c->s;
  if (sgj_canon (s, f) != SG_OP_RE_CONCAT) return SG_RC_USAGE;
  uint32_t n = sg_term_nargs (s, f);
  if (n < 2 || n > 6) return SG_RC_USAGE;
  sg_term a[6];
  if (dir < 0)
    {
      sg_term u = sg_term_arg (s, f, 0);
      if (sgj_canon (s, u) != SG_OP_RE_UNION || sg_term_nargs (s, u) != n) return SG_RC_USAGE;
      for (uint32_t i = 1; i < n; i++)
        if (sg_term_arg (s, f, i) != u) return SG_RC_USAGE;
      return sg_mk_app (s, SG_OP_RE_CONCAT, sg_term_args (s, u), n, NULL, 0, out);
    }
  sg_term u;
  memcpy (a, sg_term_args (s, f), n * sizeof *a);
  sg_rc rc = sg_mk_app (s, SG_OP_RE_UNION, a, n, NULL, 0, &u);
  if (rc) return rc;
  for (uint32_t i = 0; i < n; i++) a[i] = u;
  return sg_mk_app (s, SG_OP_RE_CONCAT, a, n, NULL, 0, out);
}

/* One printable character that needs no escape, or -1. */
static int
plain_char (const sg_store *s, sg_term t)
{
  if (sg_term_op (s, t) != SG_OP_STRING) return -2;
  sg_atom a = sg_term_node (s, t)->aux;
  if (sg_atom_len (&s->atoms, a) != 1) return -1;
  unsigned char ch = (unsigned char) sg_store_text (s, a)[0];
  if (ch < 0x21 || ch > 0x7e || ch == '"' || ch == '\\') return -3;
  return ch;
}

static int
clip_char (int ch)
{
  if (ch < 0x21) ch = 0x21;
  if (ch > 0x7e) ch = 0x7e;
  return ch;
}

/* range(a, b) => range(a', b') with range(a, b) ⊆ range(a', b') (weaken); the reverse
 * (strengthen). R5: a range whose bounds are not single characters, or a > b, is empty. */
sg_rc
sgj_sp_range (jctx *c, sg_term f, int dir, sg_term *out)
{
  sg_store *s = c->s;
  if (sgj_canon (s, f) != SG_OP_RE_RANGE) return SG_RC_USAGE;
  int lo = plain_char (s, sg_term_arg (s, f, 0)), hi = plain_char (s, sg_term_arg (s, f, 1));
  if (lo < -1 || hi < -1) return SG_RC_USAGE; /* not literals, or characters we leave alone */
  bool empty = lo < 0 || hi < 0 || lo > hi;
  int nlo, nhi;
  if (dir > 0)
    {
      if (empty)
        {
          nlo = 'a' + (int) sg_rng_below (c->rng, 26);
          nhi = nlo + (int) sg_rng_below (c->rng, (uint64_t) ('z' - nlo + 1));
        }
      else
        {
          nlo = clip_char (lo - (int) sg_rng_below (c->rng, 4));
          nhi = clip_char (hi + (int) sg_rng_below (c->rng, 4));
          if (nlo == '"' || nlo == '\\') nlo--;
          if (nhi == '"' || nhi == '\\') nhi++;
        }
    }
  else
    {
      if (empty) return SG_RC_USAGE;
      if (sg_rng_chance (c->rng, 1, 5)) { nlo = 'b'; nhi = 'a'; } /* the empty range */
      else
        {
          nlo = lo + (int) sg_rng_below (c->rng, (uint64_t) (hi - lo + 1));
          nhi = nlo + (int) sg_rng_below (c->rng, (uint64_t) (hi - nlo + 1));
          if (nlo == '"' || nlo == '\\') nlo++;
          if (nhi == '"' || nhi == '\\') nhi--;
        }
    }
  char l = (char) nlo, h = (char) nhi;
  sg_term a[2];
  sg_rc rc = sg_mk_literal (s, SG_OP_STRING, &l, 1, &a[0]);
  if (!rc) rc = sg_mk_literal (s, SG_OP_STRING, &h, 1, &a[1]);
  if (!rc) rc = sg_mk_app (s, SG_OP_RE_RANGE, a, 2, NULL, 0, out);
  return rc;
}
