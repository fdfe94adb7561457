/* typefuzz: generative type-aware mutation (TECHNIQUES.md §4). */
#include "tech/mutate/typefuzz.h"

#include <stdlib.h>
#include <string.h>

#include "base/limits.h"
#include "front/occ.h"
#include "front/print.h"

/* ---- operators ------------------------------------------------------------------------------ */

/* Operators never generated: z3 4.8 does not know them, cvc5-only extensions, constants that
 * would be new symbols, unspecified results (fp.min/fp.max of ±0). */
static bool
excluded (sg_op op)
{
  switch (op)
    {
    case SG_OP_TRUE: case SG_OP_FALSE: case SG_OP_DIVISIBLE: case SG_OP_POW: case SG_OP_NAT2BV:
    case SG_OP_BVNEGO: case SG_OP_BVUADDO: case SG_OP_BVSADDO: case SG_OP_BVUMULO:
    case SG_OP_BVSMULO: case SG_OP_BVUSUBO: case SG_OP_BVSSUBO: case SG_OP_BVSDIVO:
    case SG_OP_BVSMUL_NOUDFL: case SG_OP_BVUMUL_NOOVFL: case SG_OP_BVSMUL_NOOVFL:
    case SG_OP_FP_TO_IEEE_BV: case SG_OP_FP_MIN: case SG_OP_FP_MAX:
    case SG_OP_STR_REV: case SG_OP_STR_TO_LOWER: case SG_OP_STR_TO_UPPER:
      return true;
    default:
      return sg_op_info (op)->rule == SG_RULE_FP_CONST;
    }
}

/* What the script's set-logic admits (z3 rejects terms outside it: "logic does not support
 * integers", "unknown constant bvor" in QF_FP, "logic does not support nonlinear arithmetic"). */
typedef struct logic {
  bool ints, reals;  /* Int / Real terms may be generated */
  bool bv, fp, str;  /* operators of these theories may be generated */
  bool linear;       /* no `*`, div, mod, /, abs; no hole under them */
  bool diff;         /* difference logic: no Int/Real hole or argument at all */
  uint32_t ext;      /* extension theories (bit th - SG_TH_SET) the script already uses: only
                        their operators may be generated */
} logic;

static logic
logic_of (const sg_script *sc)
{
  logic lg = { true, true, true, true, true, false, false, 0 };
  const sg_store *s = sc->store;
  for (uint32_t t = 0; t < s->nodes.n; t++)
    {
      unsigned th = sg_op_info ((sg_op) s->nodes.a[t].op)->theory;
      if (sg_theory_is_ext (th)) lg.ext |= 1u << (th - SG_TH_SET);
    }
  if (sc->logic == SG_ATOM_NONE) return lg;
  const char *l = sg_store_text (sc->store, sc->logic);
  if (!strncmp (l, "ALL", 3)) return lg;
  if (!strncmp (l, "QF_", 3)) l += 3;
  lg.str = strchr (l, 'S') != NULL;
  lg.bv = strstr (l, "BV") != NULL;
  lg.fp = strstr (l, "FP") != NULL;
  lg.ints = strstr (l, "IA") || strstr (l, "IRA") || strstr (l, "IDL") || lg.str;
  lg.reals = strstr (l, "RA") || strstr (l, "RDL");
  lg.diff = strstr (l, "IDL") || strstr (l, "RDL");
  lg.linear = strstr (l, "LIA") || strstr (l, "LRA") || strstr (l, "LIRA") || lg.diff;
  return lg;
}

static bool
fits_logic (sg_op op, const logic *lg)
{
  switch (sg_op_info (op)->theory)
    {
    case SG_TH_BV: if (!lg->bv) return false; break;
    case SG_TH_FP: if (!lg->fp) return false; break;
    case SG_TH_STRING: if (!lg->str) return false; break;
    default:
      /* An extension theory's operators only where the script already uses that theory:
       * which solver and logic accepts them varies. */
      if (sg_theory_is_ext (sg_op_info (op)->theory))
        return (lg->ext >> (sg_op_info (op)->theory - SG_TH_SET)) & 1u;
      break;
    }
  switch (op)
    {
    case SG_OP_MUL: case SG_OP_IDIV: case SG_OP_MOD: case SG_OP_RDIV: case SG_OP_ABS:
      return !lg->linear;
    default:
      return true;
    }
}

/* ---- step context --------------------------------------------------------------------------- */

typedef struct pent {
  sg_sort sort;  /* sort of the term */
  sg_term term;  /* a distinct subterm of the script */
  uint32_t cmd;  /* first command it occurs in */
} pent;

enum {
  F_BAD = 1,  /* contains :named or a use of a named term */
  F_BVAR = 2, /* contains a BVAR */
  F_SYM = 4,  /* contains a function, constructor, selector or tester symbol */
};

typedef struct ctx {
  sg_script *sc;       /* the script being mutated */
  sg_store *s;         /* its store */
  sg_rng *rng;         /* randomness */
  sg_occs occs;        /* occurrences of the current script */
  SG_VEC (pent) pool;  /* expression pool, sorted by (sort, term) */
  sg_u32vec sorts;     /* distinct sorts of the pool */
  sg_u32vec npop;      /* npop.a[c]: pop commands before command c */
  uint8_t *flag;       /* per term id (ids below nflag): F_* */
  uint32_t *height;    /* per term id (ids below nflag): nesting below it (0 for a leaf) */
  uint32_t nflag;      /* terms when the step began */
  uint32_t hole;       /* occurrence being replaced */
  sg_term e;           /* its term */
  uint32_t cmd;        /* its command */
  sg_u32vec fv;        /* scratch: free variables */
  sg_u32vec tmp;       /* scratch: sort choices */
  sg_u32vec names;     /* atoms bound by the binders enclosing the hole */
  sg_u32vec stack;     /* scratch: traversal */
  uint32_t *stamp;     /* per term id: last traversal that visited it */
  uint32_t nstamp;     /* traversals so far */
  sg_rc rc;            /* sticky hard error (NOMEM, LIMIT) */
  logic lg;            /* what the set-logic admits */
} ctx;

/* May terms of sort x be holes or arguments under the script's logic? */
static bool
sort_ok (const ctx *c, sg_sort x)
{
  if (x == c->s->s_int) return c->lg.ints && !c->lg.diff;
  if (x == c->s->s_real) return c->lg.reals && !c->lg.diff;
  return true;
}

static int
cmp_pent (const void *a, const void *b)
{
  const pent *x = a, *y = b;
  if (x->sort != y->sort) return x->sort < y->sort ? -1 : 1;
  return x->term < y->term ? -1 : x->term > y->term;
}

static sg_rc
setup (ctx *c)
{
  sg_store *s = c->s;
  sg_rc rc = sg_occ_collect (c->sc, SG_TYPEFUZZ_MAX_OCCS, &c->occs);
  if (rc) return rc;
  c->nflag = sg_term_count (s);
  c->flag = calloc (c->nflag ? c->nflag : 1, 1);
  c->stamp = calloc (c->nflag ? c->nflag : 1, sizeof *c->stamp);
  c->height = calloc (c->nflag ? c->nflag : 1, sizeof *c->height);
  uint8_t *seen = calloc (c->nflag ? c->nflag : 1, 1);
  if (!c->flag || !seen || !c->stamp || !c->height) { free (seen); return SG_RC_NOMEM; }
  for (uint32_t t = 0; t < c->nflag; t++)
    {
      const sg_node *n = sg_term_node (s, t);
      uint8_t f = 0;
      if (n->op == SG_OP_ANNOT) f |= F_BAD;
      if (n->op == SG_OP_APP && n->aux < s->funs.n && s->funs.a[n->aux].kind == SG_FUN_NAMED)
        f |= F_BAD;
      if (n->op == SG_OP_BVAR) f |= F_BVAR;
      if (n->op == SG_OP_APP || n->op == SG_OP_DT_CONS || n->op == SG_OP_DT_SEL
          || n->op == SG_OP_DT_TEST)
        f |= F_SYM;
      const uint32_t *a = sg_term_args (s, t);
      uint32_t h = 0;
      for (uint32_t k = 0; k < n->nargs; k++)
        {
          f |= c->flag[a[k]];
          if (c->height[a[k]] + 1 > h) h = c->height[a[k]] + 1;
        }
      c->flag[t] = f;
      c->height[t] = h;
    }
  uint32_t pops = 0;
  for (uint32_t i = 0; i < c->sc->cmds.n; i++)
    {
      if (!SG_VEC_PUSH (c->npop, pops)) { rc = SG_RC_NOMEM; break; }
      pops += c->sc->cmds.a[i].kind == SG_WK_POP;
    }
  for (uint32_t i = 0; i < c->occs.a.n && !rc; i++)
    {
      const sg_occ *o = &c->occs.a.a[i];
      if (o->flags & (SG_OCC_BINDER | SG_OCC_PATTERN)) continue;
      sg_term t = o->term;
      if (seen[t]) continue;
      seen[t] = 1;
      if ((c->flag[t] & F_BAD) || (sg_term_node (s, t)->flags & SG_TF_IMPLICIT)) continue;
      sg_sort srt = sg_term_sort (s, t);
      sg_sort_kind k = sg_sort_kind_of (s, srt);
      if (k == SG_SORT_PARAM) continue;
      pent p = { srt, t, o->cmd };
      if (!SG_VEC_PUSH (c->pool, p)) rc = SG_RC_NOMEM;
    }
  free (seen);
  if (rc) return rc;
  if (c->pool.n) qsort (c->pool.a, c->pool.n, sizeof *c->pool.a, cmp_pent);
  for (uint32_t i = 0; i < c->pool.n; i++)
    if ((i == 0 || c->pool.a[i].sort != c->pool.a[i - 1].sort)
        && !SG_VEC_PUSH (c->sorts, c->pool.a[i].sort))
      return SG_RC_NOMEM;
  return SG_RC_OK;
}

static void
teardown (ctx *c)
{
  sg_occs_free (&c->occs);
  SG_BUFS_FREE (SG_BUF (c->pool.a), SG_BUF (c->sorts.a), SG_BUF (c->npop.a), SG_BUF (c->fv.a),
                SG_BUF (c->tmp.a), SG_BUF (c->names.a), SG_BUF (c->stack.a), SG_BUF (c->flag),
                SG_BUF (c->stamp), SG_BUF (c->height));
}

/* The bound variable named `name` that binder occurrence term b binds, or SG_NONE. */
static sg_term
bound_named (const sg_store *s, sg_term b, sg_atom name)
{
  const sg_node *n = sg_term_node (s, b);
  const uint32_t *a = sg_term_args (s, b);
  uint32_t step = 1, end = n->nargs;
  switch ((sg_op) n->op)
    {
    case SG_OP_LET: step = 2; end = n->nargs - 1; break;
    case SG_OP_FORALL: case SG_OP_EXISTS: end = n->nargs - 1; break;
    case SG_OP_BVAR: return n->aux == name ? b : SG_NONE;
    case SG_OP_DT_CONS: break;
    default: return SG_NONE;
    }
  for (uint32_t k = 0; k < end; k += step)
    if (sg_term_op (s, a[k]) == SG_OP_BVAR && sg_term_node (s, a[k])->aux == name) return a[k];
  return SG_NONE;
}

/* Name of the declared symbol at the root of t, or SG_ATOM_NONE. */
static sg_atom
symbol_of (const sg_store *s, sg_term t)
{
  const sg_node *n = sg_term_node (s, t);
  switch ((sg_op) n->op)
    {
    case SG_OP_APP: return s->funs.a[n->aux].name;
    case SG_OP_DT_CONS: case SG_OP_DT_TEST: return s->conss.a[n->aux].name;
    case SG_OP_DT_SEL: return s->sels.a[n->aux].name;
    default: return SG_ATOM_NONE;
    }
}

/* Collect into c->names the names bound by the binders enclosing the hole. */
static sg_rc
hole_names (ctx *c)
{
  SG_VEC_CLEAR (c->names);
  for (uint32_t b = c->occs.a.a[c->hole].scope; b != SG_NONE; b = c->occs.a.a[b].scope)
    {
      sg_term bt = c->occs.a.a[b].term;
      const sg_node *n = sg_term_node (c->s, bt);
      const uint32_t *a = sg_term_args (c->s, bt);
      uint32_t step = 1, end = n->nargs;
      if (n->op == SG_OP_LET) step = 2, end = n->nargs - 1;
      else if (n->op == SG_OP_FORALL || n->op == SG_OP_EXISTS) end = n->nargs - 1;
      else if (n->op == SG_OP_BVAR) a = &bt, end = 1;
      for (uint32_t k = 0; k < end; k += step)
        if (sg_term_op (c->s, a[k]) == SG_OP_BVAR
            && !SG_VEC_PUSH (c->names, sg_term_node (c->s, a[k])->aux))
          return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

/* Does t use a declared symbol whose name a binder enclosing the hole rebinds (so that, printed
 * there, the name would mean the bound variable)? */
static bool
captured (ctx *c, sg_term t)
{
  if (!c->names.n || !(c->flag[t] & F_SYM)) return false;
  c->nstamp++;
  SG_VEC_CLEAR (c->stack);
  if (!SG_VEC_PUSH (c->stack, t)) { c->rc = SG_RC_NOMEM; return true; }
  c->stamp[t] = c->nstamp;
  while (c->stack.n)
    {
      sg_term u = SG_VEC_POP (c->stack);
      sg_atom name = symbol_of (c->s, u);
      if (name != SG_ATOM_NONE)
        for (uint32_t k = 0; k < c->names.n; k++)
          if (c->names.a[k] == name) return true;
      const uint32_t *a = sg_term_args (c->s, u);
      for (uint32_t k = 0; k < sg_term_nargs (c->s, u); k++)
        if ((c->flag[a[k]] & F_SYM) && c->stamp[a[k]] != c->nstamp)
          {
            c->stamp[a[k]] = c->nstamp;
            if (!SG_VEC_PUSH (c->stack, a[k])) { c->rc = SG_RC_NOMEM; return true; }
          }
    }
  return false;
}

/* Local compatibility (§4.5 trap 1): every free variable of t is bound at the hole by a strictly
 * enclosing binder, and the innermost binder of its name binds exactly it (no shadowing). */
static bool
fits (ctx *c, sg_term t)
{
  if (t >= c->nflag) return true;
  if (captured (c, t)) return false;
  if (!(c->flag[t] & F_BVAR)) return true;
  SG_VEC_CLEAR (c->fv);
  sg_rc rc = sg_term_free_vars (c->s, t, &c->fv);
  if (rc) { c->rc = rc; return false; }
  for (uint32_t k = 0; k < c->fv.n; k++)
    {
      sg_term v = c->fv.a[k];
      sg_atom name = sg_term_node (c->s, v)->aux;
      sg_term hit = SG_NONE;
      for (uint32_t b = c->occs.a.a[c->hole].scope; b != SG_NONE && hit == SG_NONE;
           b = c->occs.a.a[b].scope)
        hit = bound_named (c->s, c->occs.a.a[b].term, name);
      if (hit != v) return false;
    }
  return true;
}

static bool
present (const ctx *c, sg_sort srt)
{
  if (!sort_ok (c, srt)) return false;
  for (uint32_t i = 0; i < c->sorts.n; i++)
    if (c->sorts.a[i] == srt) return true;
  return false;
}

static bool
literal (ctx *c, sg_sort srt, sg_term *out)
{
  sg_store *s = c->s;
  static const char *const ints[] = { "0", "1", "2" };
  static const char *const reals[] = { "0.0", "1.0", "0.5" };
  static const char *const strs[] = { "", "a", "0" };
  uint32_t r = (uint32_t) sg_rng_below (c->rng, 3);
  sg_rc rc;
  switch (sg_sort_kind_of (s, srt))
    {
    case SG_SORT_BOOL: rc = r ? sg_mk_true (s, out) : sg_mk_false (s, out); break;
    case SG_SORT_INT:
      rc = sg_mk_literal (s, SG_OP_NUMERAL, ints[r], (uint32_t) strlen (ints[r]), out);
      break;
    case SG_SORT_REAL:
      rc = sg_mk_literal (s, SG_OP_DECIMAL, reals[r], (uint32_t) strlen (reals[r]), out);
      break;
    case SG_SORT_STRING:
      rc = sg_mk_literal (s, SG_OP_STRING, strs[r], (uint32_t) strlen (strs[r]), out);
      break;
    case SG_SORT_BV: rc = sg_mk_bvlit (s, ints[r], 1, sg_sort_bv_width (s, srt), out); break;
    case SG_SORT_RM:
      {
        static const sg_op rms[] = { SG_OP_RNE, SG_OP_RNA, SG_OP_RTP, SG_OP_RTN, SG_OP_RTZ };
        rc = sg_mk_app (s, rms[sg_rng_below (c->rng, 5)], NULL, 0, NULL, 0, out);
        break;
      }
    default: return false;
    }
  if (rc == SG_RC_NOMEM || rc == SG_RC_LIMIT) c->rc = rc;
  return rc == SG_RC_OK;
}

/* An argument of sort srt that may be placed at the hole: a pool term (not e, declared before the
 * hole's command, locally compatible), else a small literal of a sort the script has. */
static bool
pick_arg (ctx *c, sg_sort srt, sg_term *out)
{
  uint32_t lo = 0, hi = c->pool.n;
  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (c->pool.a[mid].sort < srt) lo = mid + 1; else hi = mid;
    }
  uint32_t end = lo;
  while (end < c->pool.n && c->pool.a[end].sort == srt) end++;
  if (lo == end) return srt == c->s->s_rm && literal (c, srt, out);
  for (uint32_t k = 0; k < 8 && !c->rc; k++)
    {
      const pent *p = &c->pool.a[lo + sg_rng_below (c->rng, end - lo)];
      if (p->term == c->e || p->cmd > c->cmd || c->npop.a[p->cmd] != c->npop.a[c->cmd]) continue;
      if (!fits (c, p->term)) continue;
      *out = p->term;
      return true;
    }
  return !c->rc && literal (c, srt, out);
}

/* A random sort of the pool of the given kind, with a BV width filter (BV: w in [wlo, whi],
 * and w divides wdiv when wdiv != 0) or an Array element filter (elem != SG_NONE). */
static bool
pick_sort (ctx *c, sg_sort_kind kind, uint32_t wlo, uint32_t whi, uint32_t wdiv, sg_sort elem,
           sg_sort *out)
{
  SG_VEC_CLEAR (c->tmp);
  for (uint32_t i = 0; i < c->sorts.n; i++)
    {
      sg_sort x = c->sorts.a[i];
      const sg_sortnode *n = sg_sort_node (c->s, x);
      if (n->kind != kind) continue;
      if (kind == SG_SORT_BV && (n->a < wlo || n->a > whi || (wdiv && wdiv % n->a))) continue;
      if (kind == SG_SORT_ARRAY && elem != SG_NONE && n->b != elem) continue;
      if (!SG_VEC_PUSH (c->tmp, x)) { c->rc = SG_RC_NOMEM; return false; }
    }
  if (!c->tmp.n) return false;
  *out = c->tmp.a[sg_rng_below (c->rng, c->tmp.n)];
  return true;
}

/* A random sort for =, distinct (and comparison-free generic uses): any pool sort but RegLan. */
static bool
pick_any_sort (ctx *c, sg_sort *out)
{
  SG_VEC_CLEAR (c->tmp);
  for (uint32_t i = 0; i < c->sorts.n; i++)
    if (c->sorts.a[i] != c->s->s_reglan && sort_ok (c, c->sorts.a[i])
        && !SG_VEC_PUSH (c->tmp, c->sorts.a[i]))
      { c->rc = SG_RC_NOMEM; return false; }
  if (!c->tmp.n) return false;
  *out = c->tmp.a[sg_rng_below (c->rng, c->tmp.n)];
  return true;
}

/* Cheap check: can op have result sort S at all? */
static bool
returns (const sg_store *s, sg_op op, sg_sort S)
{
  const sg_opinfo *in = sg_op_info (op);
  sg_sort_kind k = sg_sort_kind_of (s, S);
  bool bv1 = k == SG_SORT_BV && sg_sort_bv_width (s, S) == 1;
  switch ((sg_rule) in->rule)
    {
    case SG_RULE_SIG:
      {
        const char *r = strstr (in->sig, "->");
        if (!r || sg_sort_of_letter (s, r[2]) != S) return false;
        return in->max_args > 0 || r[2] == 'L' || r[2] == 'M';
      }
    case SG_RULE_EQ: case SG_RULE_ARITH_CMP: case SG_RULE_BV_CMP: case SG_RULE_BV_PRED:
    case SG_RULE_FP_CMP: case SG_RULE_FP_PRED:
      return S == s->s_bool;
    case SG_RULE_ITE: return S != s->s_reglan;
    case SG_RULE_ARITH: return op == SG_OP_ABS ? S == s->s_int : sg_sort_is_numeric (s, S);
    case SG_RULE_TO_REAL: case SG_RULE_FP_TO_REAL: return S == s->s_real;
    case SG_RULE_BV2NAT: return S == s->s_int;
    case SG_RULE_BV_SAME: case SG_RULE_BV_EXTRACT: case SG_RULE_BV_REPEAT: case SG_RULE_BV_EXTEND:
    case SG_RULE_FP_TO_BV:
      return k == SG_SORT_BV;
    case SG_RULE_BV_CONCAT: return k == SG_SORT_BV && sg_sort_bv_width (s, S) >= 2;
    case SG_RULE_BV_COMP: case SG_RULE_BV_RED: return bv1;
    case SG_RULE_FP_FP: case SG_RULE_FP_SAME: case SG_RULE_FP_RM: case SG_RULE_TO_FP:
    case SG_RULE_TO_FP_UNSIGNED:
      return k == SG_SORT_FP;
    case SG_RULE_SELECT: return true;
    case SG_RULE_STORE: return k == SG_SORT_ARRAY;
    case SG_RULE_POLY: return sg_poly_returns ((sg_store *) s, op, S);
    default: return false;
    }
}

/* 2, sometimes 3, arguments for an n-ary operator with at least `min`. */
static uint32_t
nary (ctx *c, uint32_t min, uint32_t max)
{
  uint32_t n = min < 2 ? 2 : min;
  if (n < SG_TYPEFUZZ_MAX_ARITY && max > n && sg_rng_chance (c->rng, 1, 3)) n++;
  return n;
}

/* The argument sorts and indices of an application being built (build). */
typedef struct shape {
  sg_sort as[4];   /* argument sorts */
  uint32_t n;      /* how many arguments */
  uint32_t idx[2]; /* indices */
  uint32_t nidx;   /* how many indices */
} shape;

/* build's argument sorts and indices for the rules of signatures, =, ite, arithmetic and
 * arrays. false when op cannot be built here. */
static bool
shape_core (ctx *c, sg_op op, const sg_opinfo *in, sg_sort S, const sg_sortnode *sn, shape *sh)
{
  sg_store *s = c->s;
  sg_sort *as = sh->as, T = SG_NONE;
  uint32_t *idx = sh->idx, n = 0, nidx = 0;
  switch ((sg_rule) in->rule)
    {
    case SG_RULE_SIG:
      {
        char letters[8];
        uint32_t nl = 0;
        bool star = false;
        for (const char *p = in->sig; *p && !(p[0] == '-' && p[1] == '>'); p++)
          if (*p == '*') star = true;
          else if (*p != ',' && nl < 8) letters[nl++] = *p;
        n = nl;
        if (star)
          n = (op == SG_OP_STR_LT || op == SG_OP_STR_LE || op == SG_OP_IDIV || op == SG_OP_RDIV)
                ? 2 : nary (c, in->min_args, in->max_args);
        if (n > 4) return false;
        for (uint32_t i = 0; i < n; i++) as[i] = sg_sort_of_letter (s, letters[i < nl ? i : nl - 1]);
        if (op == SG_OP_RE_POW) { idx[0] = (uint32_t) sg_rng_below (c->rng, 4); nidx = 1; }
        if (op == SG_OP_RE_LOOP)
          {
            idx[0] = (uint32_t) sg_rng_below (c->rng, 3);
            idx[1] = idx[0] + (uint32_t) sg_rng_below (c->rng, 3);
            nidx = 2;
          }
        if (nidx != in->nidx) return false;
        break;
      }
    case SG_RULE_EQ:
      if (!pick_any_sort (c, &T)) return false;
      n = nary (c, 2, 3);
      for (uint32_t i = 0; i < n; i++) as[i] = T;
      break;
    case SG_RULE_ITE:
      n = 3, as[0] = s->s_bool, as[1] = as[2] = S;
      break;
    case SG_RULE_ARITH:
      if (op == SG_OP_ABS) n = 1;
      else if (op == SG_OP_NEG_SUB) n = 1 + (uint32_t) sg_rng_below (c->rng, 2);
      else n = nary (c, 2, 3);
      for (uint32_t i = 0; i < n; i++) as[i] = S;
      break;
    case SG_RULE_ARITH_CMP:
      {
        bool hi = present (c, s->s_int), hr = present (c, s->s_real);
        if (!hi && !hr) return false;
        T = hi && hr ? (sg_rng_below (c->rng, 2) ? s->s_int : s->s_real)
                     : hi ? s->s_int : s->s_real;
        n = 2, as[0] = as[1] = T;
        break;
      }
    case SG_RULE_TO_REAL:
      if (!present (c, s->s_int)) return false;
      n = 1, as[0] = s->s_int;
      break;
    case SG_RULE_SELECT:
      if (!pick_sort (c, SG_SORT_ARRAY, 0, 0, 0, S, &T)) return false;
      n = 2, as[0] = T, as[1] = sg_sort_node (s, T)->a;
      break;
    case SG_RULE_STORE:
      n = 3, as[0] = S, as[1] = sn->a, as[2] = sn->b;
      break;
    default:
      return false;
    }
  sh->n = n;
  sh->nidx = nidx;
  return true;
}

/* sh: n arguments, the first of sort `first`, the others of sort `rest`. */
static void
args_of (shape *sh, uint32_t n, sg_sort first, sg_sort rest)
{
  sh->n = n;
  for (uint32_t i = 0; i < n; i++) sh->as[i] = i ? rest : first;
}

/* sh: n arguments of one sort of kind k from the pool (a bit-vector's width in [wlo, whi]);
 * false when the pool has none. */
static bool
args_picked (ctx *c, shape *sh, uint32_t n, sg_sort_kind k, uint32_t wlo, uint32_t whi)
{
  sg_sort T;
  if (!pick_sort (c, k, wlo, whi, 0, SG_NONE, &T)) return false;
  args_of (sh, n, T, T);
  return true;
}

/* build's argument sorts and indices for the bit-vector rules. false when op cannot be built
 * here. */
static bool
shape_bv (ctx *c, const sg_opinfo *in, sg_sort S, const sg_sortnode *sn, shape *sh)
{
  sg_store *s = c->s;
  sg_sort T = SG_NONE;
  switch ((sg_rule) in->rule)
    {
    case SG_RULE_BV_SAME:
      args_of (sh, in->min_args, S, S);
      if (in->nidx) sh->idx[0] = (uint32_t) sg_rng_below (c->rng, sn->a + 1), sh->nidx = 1;
      return true;
    case SG_RULE_BV_CMP: case SG_RULE_BV_COMP:
      return args_picked (c, sh, 2, SG_SORT_BV, 1, UINT32_MAX);
    case SG_RULE_BV_RED: case SG_RULE_BV_PRED: case SG_RULE_BV2NAT:
      return args_picked (c, sh, 1, SG_SORT_BV, 1, UINT32_MAX);
    case SG_RULE_BV_CONCAT:
      {
        if (!pick_sort (c, SG_SORT_BV, 1, sn->a - 1, 0, SG_NONE, &T)) return false;
        sg_sort U;
        if (sg_sort_bv (s, sn->a - sg_sort_bv_width (s, T), &U)) return false;
        bool swap = sg_rng_below (c->rng, 2);
        args_of (sh, 2, swap ? U : T, swap ? T : U);
        return true;
      }
    case SG_RULE_BV_EXTRACT:
      {
        if (!pick_sort (c, SG_SORT_BV, sn->a, UINT32_MAX, 0, SG_NONE, &T)) return false;
        uint32_t W = sg_sort_bv_width (s, T);
        uint32_t lo = (uint32_t) sg_rng_below (c->rng, W - sn->a + 1);
        args_of (sh, 1, T, T);
        sh->idx[0] = lo + sn->a - 1, sh->idx[1] = lo, sh->nidx = 2;
        return true;
      }
    case SG_RULE_BV_REPEAT:
      if (!pick_sort (c, SG_SORT_BV, 1, sn->a, sn->a, SG_NONE, &T)) return false;
      args_of (sh, 1, T, T);
      sh->idx[0] = sn->a / sg_sort_bv_width (s, T), sh->nidx = 1;
      return true;
    case SG_RULE_BV_EXTEND:
      if (!pick_sort (c, SG_SORT_BV, 1, sn->a, 0, SG_NONE, &T)) return false;
      args_of (sh, 1, T, T);
      sh->idx[0] = sn->a - sg_sort_bv_width (s, T), sh->nidx = 1;
      return true;
    default:
      return false;
    }
}

/* build's argument sorts and indices for the floating-point rules. false when op cannot be
 * built here. */
static bool
shape_fp (ctx *c, const sg_opinfo *in, sg_sort S, const sg_sortnode *sn, shape *sh)
{
  sg_store *s = c->s;
  sg_sort T = SG_NONE;
  if (in->rule == SG_RULE_TO_FP || in->rule == SG_RULE_TO_FP_UNSIGNED)
    sh->idx[0] = sn->a, sh->idx[1] = sn->b, sh->nidx = 2; /* (_ to_fp eb sb) of S */
  switch ((sg_rule) in->rule)
    {
    case SG_RULE_FP_FP:
      {
        /* the format first: sg_sort_bv may add a sort, and so move the node sn points into */
        uint32_t eb = sn->a, sb = sn->b;
        sh->n = 3;
        return sb >= 2 && !sg_sort_bv (s, 1, &sh->as[0]) && !sg_sort_bv (s, eb, &sh->as[1])
               && !sg_sort_bv (s, sb - 1, &sh->as[2]);
      }
    case SG_RULE_FP_SAME:
      args_of (sh, in->min_args, S, S);
      return true;
    case SG_RULE_FP_RM:
      args_of (sh, in->min_args, s->s_rm, S);
      return true;
    case SG_RULE_FP_CMP: case SG_RULE_FP_PRED: case SG_RULE_FP_TO_REAL:
      return args_picked (c, sh, in->rule == SG_RULE_FP_CMP ? 2 : 1, SG_SORT_FP, 0, 0);
    case SG_RULE_FP_TO_BV:
      if (!pick_sort (c, SG_SORT_FP, 0, 0, 0, SG_NONE, &T)) return false;
      args_of (sh, 2, s->s_rm, T);
      sh->idx[0] = sn->a, sh->nidx = 1;
      return true;
    case SG_RULE_TO_FP:
      switch (sg_rng_below (c->rng, 3))
        {
        case 0:
          if (!pick_sort (c, SG_SORT_FP, 0, 0, 0, SG_NONE, &T)) return false;
          break;
        case 1:
          if (!present (c, s->s_real)) return false;
          T = s->s_real;
          break;
        default:
          if (sg_sort_bv (s, sn->a + sn->b, &T)) return false;
          args_of (sh, 1, T, T);
          return true;
        }
      args_of (sh, 2, s->s_rm, T);
      return true;
    case SG_RULE_TO_FP_UNSIGNED:
      if (!pick_sort (c, SG_SORT_BV, 1, UINT32_MAX, 0, SG_NONE, &T)) return false;
      args_of (sh, 2, s->s_rm, T);
      return true;
    default:
      return false;
    }
}

/* Build (op args) of sort S at the hole: argument sorts and indices from op's rule, argument terms
 * from pick_arg. false when op cannot be built here (c->rc set on a hard error). */
static bool
build (ctx *c, sg_op op, sg_sort S, sg_term *out)
{
  sg_store *s = c->s;
  const sg_opinfo *in = sg_op_info (op);
  shape sh = { { 0 }, 0, { 0 }, 0 };
  const sg_sortnode *sn = sg_sort_node (s, S);
  bool ok;
  switch ((sg_rule) in->rule)
    {
    case SG_RULE_BV_SAME: case SG_RULE_BV_CMP: case SG_RULE_BV_COMP: case SG_RULE_BV_RED:
    case SG_RULE_BV_PRED: case SG_RULE_BV2NAT: case SG_RULE_BV_CONCAT: case SG_RULE_BV_EXTRACT:
    case SG_RULE_BV_REPEAT: case SG_RULE_BV_EXTEND:
      ok = shape_bv (c, in, S, sn, &sh);
      break;
    case SG_RULE_FP_FP: case SG_RULE_FP_SAME: case SG_RULE_FP_RM: case SG_RULE_FP_CMP:
    case SG_RULE_FP_PRED: case SG_RULE_FP_TO_REAL: case SG_RULE_FP_TO_BV: case SG_RULE_TO_FP:
    case SG_RULE_TO_FP_UNSIGNED:
      ok = shape_fp (c, in, S, sn, &sh);
      break;
    case SG_RULE_POLY:
      {
        /* sort variables the result leaves open: sorts of the pool */
        sg_sort open[SG_POLY_OPEN];
        for (uint32_t i = 0; i < SG_POLY_OPEN; i++)
          if (!pick_any_sort (c, &open[i])) return false;
        sh.n = in->min_args == in->max_args ? in->min_args : nary (c, in->min_args, in->max_args);
        if (sh.n == 0)
          {
            /* (as set.empty S) and the like */
            sg_rc rc = sg_poly_returns (s, op, S) ? sg_mk_app_as (s, op, NULL, 0, S, out) : SG_RC_SORT;
            if (rc == SG_RC_NOMEM || rc == SG_RC_LIMIT) c->rc = rc;
            return rc == SG_RC_OK;
          }
        ok = sh.n <= 4 && sg_poly_args (s, op, S, open, sh.n, sh.as);
        break;
      }
    default:
      ok = shape_core (c, op, in, S, sn, &sh);
      break;
    }
  if (!ok || sh.nidx != in->nidx) return false;
  sg_term args[4];
  for (uint32_t i = 0; i < sh.n; i++)
    if (sh.as[i] == SG_NONE || !sort_ok (c, sh.as[i])) return false;
  for (uint32_t i = 0; i < sh.n; i++)
    if (!pick_arg (c, sh.as[i], &args[i])) return false;
  sg_rc rc = sg_mk_app (s, op, args, sh.n, sh.idx, sh.nidx, out);
  if (rc == SG_RC_NOMEM || rc == SG_RC_LIMIT) c->rc = rc;
  return rc == SG_RC_OK && sg_term_sort (s, *out) == S;
}

/* Is occurrence i the child of an implicit Int-to-Real coercion (a numeral written in a Real
 * context), or, in a linear logic, below a `*`, div, mod or / (a coefficient or divisor)?
 * below[] (linear logics) marks the occurrences below a product, filled in pre-order (a
 * parent comes first), so a deep term costs one pass, not one walk to the root per hole. */
static bool
under_coercion_or_product (const ctx *c, uint32_t i, uint8_t *below)
{
  uint32_t p = c->occs.a.a[i].parent;
  bool under = false;
  if (below && p != SG_NONE)
    switch (sg_term_op (c->s, c->occs.a.a[p].term))
      {
      case SG_OP_MUL: case SG_OP_IDIV: case SG_OP_MOD: case SG_OP_RDIV: under = true; break;
      default: under = below[p] != 0; break;
      }
  if (below) below[i] = under;
  if (p != SG_NONE && (sg_term_node (c->s, c->occs.a.a[p].term)->flags & SG_TF_IMPLICIT))
    return true;
  return under;
}

/* Nesting below t, a term of the step's pool (id below nflag) or one built from them. */
static uint32_t
height_of (const ctx *c, sg_term t)
{
  if (t < c->nflag) return c->height[t];
  const uint32_t *a = sg_term_args (c->s, t);
  uint32_t h = 0;
  for (uint32_t k = 0; k < sg_term_nargs (c->s, t); k++)
    {
      /* Built terms have pool terms or leaves (literals) as arguments. */
      uint32_t hk = a[k] < c->nflag ? c->height[a[k]] : sg_term_nargs (c->s, a[k]) ? 1 : 0;
      if (hk + 1 > h) h = hk + 1;
    }
  return h;
}

static void
describe (const sg_store *s, sg_term t, sg_buf *d)
{
  sg_buf b;
  sg_buf_init (&b);
  sg_print_term (s, t, NULL, &b);
  const char *p = sg_buf_cstr (&b);
  size_t n = strlen (p);
  if (n > 80) { sg_buf_add (d, p, 77); sg_buf_adds (d, "..."); }
  else sg_buf_add (d, p, n);
  if (!sg_buf_ok (&b)) d->failed = true;
  sg_buf_free (&b);
}

sg_rc
sg_typefuzz_step (sg_script *sc, sg_rng *rng, sg_buf *desc, bool *done)
{
  ctx c;
  memset (&c, 0, sizeof c);
  c.sc = sc, c.s = sc->store, c.rng = rng;
  if (done) *done = false;
  if (desc) sg_buf_reset (desc);
  c.lg = logic_of (sc);
  sg_rc rc = setup (&c);
  sg_u32vec holes = { 0 }, cand = { 0 };
  uint8_t *below = NULL;
  if (!rc && c.lg.linear && !(below = calloc (c.occs.a.n ? c.occs.a.n : 1, 1))) rc = SG_RC_NOMEM;
  for (uint32_t i = 0; i < c.occs.a.n && !rc; i++)
    {
      const sg_occ *o = &c.occs.a.a[i];
      bool under = under_coercion_or_product (&c, i, below);
      if (o->flags & (SG_OCC_BINDER | SG_OCC_PATTERN)) continue;
      if (sc->cmds.a[o->cmd].kind != SG_WK_ASSERT || (c.flag[o->term] & F_BAD)) continue;
      if (!sort_ok (&c, sg_term_sort (c.s, o->term)) || under) continue;
      if (!SG_VEC_PUSH (holes, i)) rc = SG_RC_NOMEM;
    }
  free (below);
  bool ok = false;
  for (uint32_t tries = 0; !rc && !ok && holes.n && tries < SG_TYPEFUZZ_HOLE_TRIES; tries++)
    {
      uint32_t j = (uint32_t) sg_rng_below (rng, holes.n);
      c.hole = holes.a[j];
      holes.a[j] = holes.a[--holes.n];
      const sg_occ *o = &c.occs.a.a[c.hole];
      c.e = o->term, c.cmd = o->cmd;
      if ((rc = hole_names (&c))) break;
      sg_sort S = sg_term_sort (c.s, c.e);
      SG_VEC_CLEAR (cand);
      for (uint32_t op = SG_OP_FIRST_BUILTIN + 1; op < SG_OP_COUNT && !rc; op++)
        {
          if (sg_op_info ((sg_op) op)->canon != op || excluded ((sg_op) op)) continue;
          if (!fits_logic ((sg_op) op, &c.lg) || !returns (c.s, (sg_op) op, S)) continue;
          if (!SG_VEC_PUSH (cand, op)) rc = SG_RC_NOMEM;
        }
      while (!rc && !ok && cand.n)
        {
          uint32_t q = (uint32_t) sg_rng_below (rng, cand.n);
          sg_op op = (sg_op) cand.a[q];
          memmove (cand.a + q, cand.a + q + 1, (cand.n - q - 1) * sizeof *cand.a);
          cand.n--;
          sg_term nt;
          if (!build (&c, op, S, &nt)) { rc = c.rc; continue; }
          if (nt == c.e) continue;
          /* A mutant past our nesting limit could not be read back: not built (a deep seed
           * would otherwise give one whenever a deep pool term lands in a deep hole). */
          if ((uint64_t) o->depth + height_of (&c, nt) + SG_TYPEFUZZ_DEPTH_MARGIN > SG_LIMIT_DEPTH)
            continue;
          sg_rc r = sg_occ_replace (sc, &c.occs, c.hole, nt);
          if (r == SG_RC_SORT) continue;
          if (r) { rc = r; break; }
          ok = true;
          if (desc)
            {
              sg_buf_adds (desc, "replaced ");
              describe (c.s, c.e, desc);
              sg_buf_adds (desc, " by ");
              describe (c.s, nt, desc);
              sg_buf_printf (desc, " at %s %u", sg_wk_text ((sg_wk) sc->cmds.a[c.cmd].kind),
                             c.cmd);
            }
        }
    }
  SG_VEC_FREE (holes);
  SG_VEC_FREE (cand);
  teardown (&c);
  if (done) *done = ok;
  if (!rc && desc && !sg_buf_ok (desc)) rc = SG_RC_NOMEM;
  return rc;
}
