/* janus: parity, the rule templates and the weakening/strengthening step (TECHNIQUES.md §5). */
#include "tech/janus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/print.h"
#include "tech/janus_int.h"

/* ---- the rows ------------------------------------------------------------------------------ */

#define IMPL SG_JANUS_IMPL
#define EQUIV SG_JANUS_EQUIV
static const sg_janus_row rows[] = {
#define JR(name, kind, strong, weak) { #name, kind, strong, weak, SP_NONE },
#define JS(name, kind, id) { #name, kind, NULL, NULL, id },
#include "tech/janus_rules.def"
#undef JR
#undef JS
};
#undef IMPL
#undef EQUIV

const sg_janus_row *
sg_janus_rows (uint32_t *n)
{
  *n = (uint32_t) (sizeof rows / sizeof *rows);
  return rows;
}

/* ---- templates: the parser is in janus_tpl.c, the types in janus_int.h ---------------------- */

void
sg_janus_free (sg_janus *j)
{
  for (uint32_t i = 0; i < j->sides.n; i++) free (j->sides.a[i]);
  SG_VEC_FREE (j->sides);
  j->nrows = 0;
}

sg_rc
sg_janus_init (sg_janus *j, sg_diag *d)
{
  memset (j, 0, sizeof *j);
  uint32_t n;
  const sg_janus_row *r = sg_janus_rows (&n);
  for (uint32_t i = 0; i < n; i++)
    for (int side = 0; side < 2; side++)
      {
        sg_janus_tpl *t = NULL;
        const char *text = side ? r[i].weak : r[i].strong;
        if (text)
          {
            sg_rc rc = sgj_tpl_parse (text, r[i].name, d, &t);
            if (rc) { sg_janus_free (j); return rc; }
          }
        if (!SG_VEC_PUSH (j->sides, t))
          {
            free (t);
            sg_janus_free (j);
            return sg_diag_set (d, SG_RC_NOMEM, 0, 0, "out of memory");
          }
      }
  j->nrows = n;
  return SG_RC_OK;
}

/* ---- script facts -------------------------------------------------------------------------- */

sg_op
sgj_canon (const sg_store *s, sg_term t)
{
  sg_op op = sg_term_op (s, t);
  if (op > SG_OP_FIRST_BUILTIN && op < SG_OP_COUNT) return (sg_op) sg_op_info (op)->canon;
  return op;
}

static uint32_t
check_sat_index (const sg_script *sc)
{
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    if (sc->cmds.a[i].kind == SG_WK_CHECK_SAT) return i;
  return sc->cmds.n;
}

bool
sg_janus_usable (const sg_script *sc, char *why, size_t whylen)
{
  uint32_t checks = 0;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    switch (sc->cmds.a[i].kind)
      {
      case SG_WK_CHECK_SAT: checks++; break;
      case SG_WK_PUSH: case SG_WK_POP: case SG_WK_CHECK_SAT_ASSUMING:
        snprintf (why, whylen, "janus needs a script with one check-sat and no push, pop or "
                  "check-sat-assuming");
        return false;
      default: break;
      }
  if (checks != 1)
    {
      snprintf (why, whylen, "janus needs a script with exactly one check-sat (it has %u)", checks);
      return false;
    }
  return true;
}

static bool
annot_named (const sg_store *s, sg_term t)
{
  const sg_node *n = sg_term_node (s, t);
  return n->op == SG_OP_ANNOT && n->aux < s->annots.n && s->annots.a[n->aux].named != SG_NONE;
}

sg_rc
sg_janus_parity (const sg_script *sc, const sg_occs *o, int8_t **par)
{
  const sg_store *s = sc->store;
  uint32_t n = o->a.n;
  int8_t *p = calloc (n ? n : 1, 1);
  if (!p) return SG_RC_NOMEM;
  uint32_t cs = check_sat_index (sc);
  for (uint32_t i = 0; i < n; i++)
    {
      const sg_occ *oc = &o->a.a[i];
      if (oc->flags & (SG_OCC_BINDER | SG_OCC_PATTERN)) continue;
      if (oc->parent == SG_NONE)
        {
          const sg_cmd *c = &sc->cmds.a[oc->cmd];
          p[i] = c->kind == SG_WK_ASSERT && oc->cmd < cs && sg_term_sort (s, oc->term) == s->s_bool;
          continue;
        }
      int8_t pp = p[oc->parent];
      if (!pp) continue;
      sg_term pt = o->a.a[oc->parent].term;
      uint32_t k = oc->child, na = sg_term_nargs (s, pt);
      int8_t v = 0;
      switch (sgj_canon (s, pt))
        {
        case SG_OP_NOT: case SG_OP_RE_COMP: v = (int8_t) -pp; break;
        case SG_OP_AND: case SG_OP_OR: v = pp; break;
        case SG_OP_IMPLIES: v = k + 1 < na ? (int8_t) -pp : pp; break;
        case SG_OP_ITE: v = k == 0 ? 0 : pp; break;
        case SG_OP_LET: case SG_OP_FORALL: case SG_OP_EXISTS: v = k + 1 == na ? pp : 0; break;
        case SG_OP_ANNOT: v = k == 0 && !annot_named (s, pt) ? pp : 0; break;
        case SG_OP_STR_IN_RE: v = k == 1 ? pp : 0; break;
        case SG_OP_RE_CONCAT: case SG_OP_RE_UNION: case SG_OP_RE_INTER: case SG_OP_RE_STAR:
        case SG_OP_RE_PLUS: case SG_OP_RE_OPT: case SG_OP_RE_LOOP: case SG_OP_RE_POW:
          v = pp;
          break;
        case SG_OP_RE_DIFF: v = k == 0 ? pp : (int8_t) -pp; break;
        default: v = 0; break;
        }
      p[i] = v;
    }
  *par = p;
  return SG_RC_OK;
}

/* ---- the rewriting context (jctx in janus_int.h) ------------------------------------------- */


static lkind
logic_kind (const sg_script *sc)
{
  if (sc->logic == SG_ATOM_NONE) return L_ANY;
  const char *l = sg_store_text (sc->store, sc->logic);
  if (strstr (l, "IDL") || strstr (l, "RDL")) return L_DIFF;
  if (strstr (l, "LIA") || strstr (l, "LRA") || strstr (l, "LIRA")) return L_LINEAR;
  return L_ANY;
}

/* A term with no bound variable and at most `limit` nodes in its tree. */
bool
sgj_closed_small (const sg_store *s, sg_term t, uint32_t limit)
{
  sg_term st[64];
  uint32_t n = 0, seen = 0;
  st[n++] = t;
  while (n)
    {
      sg_term x = st[--n];
      if (++seen > limit) return false;
      const sg_node *nd = sg_term_node (s, x);
      if (nd->op == SG_OP_BVAR || nd->op == SG_OP_ANNOT || nd->op == SG_OP_LET
          || nd->op == SG_OP_FORALL || nd->op == SG_OP_EXISTS || nd->op == SG_OP_MATCH)
        return false;
      for (uint32_t k = 0; k < nd->nargs; k++)
        {
          if (n >= 64) return false;
          st[n++] = sg_term_arg (s, x, k);
        }
    }
  return true;
}

/* Does t (small, closed) mention a declared symbol whose name some binder of the script also
 * binds? Placed under that binder, the name would be captured. */
static bool
mentions_bound_name (const sg_store *s, sg_term t, const uint8_t *bound, uint32_t natoms)
{
  sg_term st[64];
  uint32_t n = 0;
  st[n++] = t;
  while (n)
    {
      sg_term x = st[--n];
      const sg_node *nd = sg_term_node (s, x);
      if (nd->op == SG_OP_APP && nd->aux < s->funs.n)
        {
          sg_atom a = s->funs.a[nd->aux].name;
          if (a < natoms && bound[a]) return true;
        }
      for (uint32_t k = 0; k < nd->nargs && n < 64; k++) st[n++] = sg_term_arg (s, x, k);
    }
  return false;
}

static sg_rc
collect_pool (jctx *c)
{
  const sg_store *s = c->s;
  uint32_t cs = check_sat_index (c->sc);
  SG_VEC_CLEAR (c->pool);
  SG_VEC_CLEAR (c->pool_cmd);
  uint32_t natoms = sg_atom_count (&s->atoms);
  free (c->bound);
  c->bound = calloc (natoms ? natoms : 1, 1);
  c->natoms = natoms;
  if (!c->bound) return SG_RC_NOMEM;
  for (uint32_t i = 0; i < c->o->a.n; i++)
    {
      const sg_node *nd = sg_term_node (s, c->o->a.a[i].term);
      if (nd->op == SG_OP_BVAR && nd->aux < natoms) c->bound[nd->aux] = 1;
    }
  for (uint32_t i = 0; i < c->o->a.n; i++)
    {
      const sg_occ *oc = &c->o->a.a[i];
      if (oc->scope != SG_NONE || (oc->flags & (SG_OCC_BINDER | SG_OCC_PATTERN))) continue;
      if (c->sc->cmds.a[oc->cmd].kind != SG_WK_ASSERT || oc->cmd >= cs) continue;
      if (sg_term_sort (s, oc->term) == s->s_reglan && sg_term_nargs (s, oc->term) > 3) continue;
      if (!sgj_closed_small (s, oc->term, 12)) continue;
      if (mentions_bound_name (s, oc->term, c->bound, natoms)) continue;
      if (c->pool.n >= 4096) break;
      if (!SG_VEC_PUSH (c->pool, oc->term) || !SG_VEC_PUSH (c->pool_cmd, oc->cmd)) return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

/* A random pool term of sort x, or SG_NONE. */
static sg_term
pool_pick (jctx *c, sg_sort x)
{
  uint32_t count = 0;
  for (uint32_t i = 0; i < c->pool.n; i++)
    count += sg_term_sort (c->s, c->pool.a[i]) == x && c->pool_cmd.a[i] <= c->target_cmd;
  if (!count) return SG_NONE;
  uint64_t k = sg_rng_below (c->rng, count);
  for (uint32_t i = 0; i < c->pool.n; i++)
    if (sg_term_sort (c->s, c->pool.a[i]) == x && c->pool_cmd.a[i] <= c->target_cmd && k-- == 0)
      return c->pool.a[i];
  return SG_NONE;
}

static sg_rc
mk_numeral (jctx *c, sg_sort sort, uint64_t v, bool neg, sg_term *out)
{
  char buf[48];
  sg_rc rc;
  if (sort == c->s->s_real)
    {
      int len = snprintf (buf, sizeof buf, "%llu.%llu", (unsigned long long) v,
                          (unsigned long long) sg_rng_below (c->rng, 10));
      rc = sg_mk_literal (c->s, SG_OP_DECIMAL, buf, (uint32_t) len, out);
    }
  else
    {
      int len = snprintf (buf, sizeof buf, "%llu", (unsigned long long) v);
      rc = sg_mk_literal (c->s, SG_OP_NUMERAL, buf, (uint32_t) len, out);
    }
  if (rc || !neg) return rc;
  sg_term a = *out;
  return sg_mk_app (c->s, SG_OP_NEG_SUB, &a, 1, NULL, 0, out);
}

static sg_rc
mk_random_string (jctx *c, uint32_t minlen, sg_term *out)
{
  char buf[16];
  uint32_t n = minlen + (uint32_t) sg_rng_below (c->rng, 10 - minlen);
  for (uint32_t i = 0; i < n; i++) buf[i] = (char) ('a' + sg_rng_below (c->rng, 26));
  return sg_mk_literal (c->s, SG_OP_STRING, buf, n, out);
}

/* A parameter of template class `cls` (the variable's first letter). */
sg_rc
sgj_param (jctx *c, char cls, sg_term *out)
{
  sg_store *s = c->s;
  sg_rc rc;
  sg_sort num = c->num != SG_NONE ? c->num : s->s_int;
  bool lit = sg_rng_chance (c->rng, 1, 4);
  sg_term t;
  switch (cls)
    {
    case 'i':
      num = s->s_int;
      /* fall through */
    case 'n': case 'c':
      if (!lit && (t = pool_pick (c, num)) != SG_NONE) { *out = t; return SG_RC_OK; }
      return mk_numeral (c, num, sg_rng_below (c->rng, 10000), sg_rng_chance (c->rng, 1, 2), out);
    case 'q':
      return mk_numeral (c, num, 1 + sg_rng_below (c->rng, 9999), sg_rng_chance (c->rng, 1, 2), out);
    case 'k':
      if (c->lk == L_ANY && num == s->s_int && sg_rng_chance (c->rng, 1, 3)
          && (t = pool_pick (c, num)) != SG_NONE)
        return sg_mk_app (s, SG_OP_ABS, &t, 1, NULL, 0, out);
      return mk_numeral (c, num, sg_rng_below (c->rng, 10000), false, out);
    case 'p':
      if (!lit && (t = pool_pick (c, s->s_bool)) != SG_NONE) { *out = t; return SG_RC_OK; }
      return sg_rng_chance (c->rng, 1, 2) ? sg_mk_true (s, out) : sg_mk_false (s, out);
    case 's':
      if (!lit && (t = pool_pick (c, s->s_string)) != SG_NONE) { *out = t; return SG_RC_OK; }
      return mk_random_string (c, 0, out);
    case 'l':
      {
        char ch = (char) ('a' + sg_rng_below (c->rng, 26));
        return sg_mk_literal (s, SG_OP_STRING, &ch, 1, out);
      }
    case 'r':
      {
        if (!lit && (t = pool_pick (c, s->s_reglan)) != SG_NONE) { *out = t; return SG_RC_OK; }
        sg_term u[3];
        for (int k = 0; k < 3; k++)
          {
            sg_term str;
            if ((rc = mk_random_string (c, 0, &str))) return rc;
            if ((rc = sg_mk_app (s, SG_OP_STR_TO_RE, &str, 1, NULL, 0, &u[k]))) return rc;
          }
        return sg_mk_app (s, SG_OP_RE_UNION, u, 3, NULL, 0, out);
      }
    case 'x':
      if (c->xsort == SG_NONE || (t = pool_pick (c, c->xsort)) == SG_NONE) return SG_RC_USAGE;
      *out = t;
      return SG_RC_OK;
    case 'v':
      if (c->vsort == SG_NONE)
        {
          /* the sequence sort of a random pool term */
          uint32_t count = 0;
          for (uint32_t i = 0; i < c->pool.n; i++)
            count += sg_sort_kind_of (s, sg_term_sort (s, c->pool.a[i])) == SG_SORT_SEQ && c->pool_cmd.a[i] <= c->target_cmd;
          if (!count) return SG_RC_USAGE;
          uint64_t k = sg_rng_below (c->rng, count);
          for (uint32_t i = 0; i < c->pool.n && c->vsort == SG_NONE; i++)
            if (sg_sort_kind_of (s, sg_term_sort (s, c->pool.a[i])) == SG_SORT_SEQ && c->pool_cmd.a[i] <= c->target_cmd
                && k-- == 0)
              c->vsort = sg_term_sort (s, c->pool.a[i]);
        }
      if (!lit && (t = pool_pick (c, c->vsort)) != SG_NONE) { *out = t; return SG_RC_OK; }
      return sg_mk_app_as (s, SG_OP_SEQ_EMPTY, NULL, 0, c->vsort, out);
    default:
      return SG_RC_USAGE;
    }
}

/* A value for a bound variable of sort x: a pool term or a literal. */
sg_rc
sgj_instance_of (jctx *c, sg_sort x, sg_term *out)
{
  sg_store *s = c->s;
  sg_term t = SG_NONE;
  if (!sg_rng_chance (c->rng, 1, 4)) t = pool_pick (c, x);
  if (t != SG_NONE) { *out = t; return SG_RC_OK; }
  if (x == s->s_int || x == s->s_real)
    return mk_numeral (c, x, sg_rng_below (c->rng, 100), sg_rng_chance (c->rng, 1, 2), out);
  if (x == s->s_bool) return sg_rng_chance (c->rng, 1, 2) ? sg_mk_true (s, out) : sg_mk_false (s, out);
  if (x == s->s_string) return mk_random_string (c, 0, out);
  if (sg_sort_kind_of (s, x) == SG_SORT_BV)
    {
      uint32_t w = sg_sort_bv_width (s, x);
      char digits[24];
      int len = snprintf (digits, sizeof digits, "%llu", (unsigned long long) sg_rng_below (c->rng, 16));
      return sg_mk_bvlit (s, digits, (uint32_t) len, w, out);
    }
  t = pool_pick (c, x);
  if (t == SG_NONE) return SG_RC_USAGE;
  *out = t;
  return SG_RC_OK;
}

/* ---- matching and building ----------------------------------------------------------------- */

static sg_term *
env_get (jctx *c, const char *name)
{
  for (uint32_t i = 0; i < c->ne; i++)
    if (!strcmp (c->en[i], name)) return &c->et[i];
  return NULL;
}

static bool
env_put (jctx *c, const char *name, sg_term t)
{
  if (c->ne >= ENV_MAX) return false;
  snprintf (c->en[c->ne], sizeof c->en[c->ne], "%s", name);
  c->et[c->ne++] = t;
  return true;
}

/* Strip an implicit Int-to-Real coercion. */
static sg_term
uncoerced (const sg_store *s, sg_term t)
{
  const sg_node *n = sg_term_node (s, t);
  if (n->op == SG_OP_TO_REAL && (n->flags & SG_TF_IMPLICIT) && n->nargs == 1)
    return sg_term_arg (s, t, 0);
  return t;
}

static bool
is_literal_num (const sg_store *s, sg_term t, bool allow_neg)
{
  t = uncoerced (s, t);
  sg_op op = sg_term_op (s, t);
  if (allow_neg && op == SG_OP_NEG_SUB && sg_term_nargs (s, t) == 1)
    t = uncoerced (s, sg_term_arg (s, t, 0)), op = sg_term_op (s, t);
  return op == SG_OP_NUMERAL || op == SG_OP_DECIMAL;
}

static bool
num_sort_ok (jctx *c, sg_sort x, bool int_only)
{
  sg_store *s = c->s;
  if (x != s->s_int && x != s->s_real) return false;
  if (int_only && x != s->s_int) return false;
  if (c->num == SG_NONE) { c->num = x; return true; }
  return c->num == x;
}

static bool
var_class_ok (jctx *c, const char *name, sg_term t)
{
  sg_store *s = c->s;
  sg_sort x = sg_term_sort (s, t);
  switch (name[0])
    {
    case 'n': case 'c': return num_sort_ok (c, x, false);
    case 'i': return num_sort_ok (c, x, true);
    case 'q': return num_sort_ok (c, x, false) && is_literal_num (s, t, true);
    case 'k':
      {
        if (!num_sort_ok (c, x, false)) return false;
        sg_term u = uncoerced (s, t);
        return is_literal_num (s, u, false) || sg_term_op (s, u) == SG_OP_ABS;
      }
    case 'p': return x == s->s_bool;
    case 's': return x == s->s_string;
    case 'l':
      return sg_term_op (s, t) == SG_OP_STRING && sg_atom_len (&s->atoms, sg_term_node (s, t)->aux) > 0;
    case 'r': return x == s->s_reglan;
    case 'x':
      if (c->xsort == SG_NONE) { c->xsort = x; return true; }
      return c->xsort == x;
    case 'v':
      if (sg_sort_kind_of (s, x) != SG_SORT_SEQ) return false;
      if (c->vsort == SG_NONE) { c->vsort = x; return true; }
      return c->vsort == x;
    default: return false;
    }
}

/* Recursion bounded by the template's depth. */
static bool
match (jctx *c, const sg_janus_tpl *tp, uint32_t ni, sg_term t)
{
  const tnode *tn = &tp->n[ni];
  sg_store *s = c->s;
  switch (tn->kind)
    {
    case T_VAR:
      {
        sg_term *b = env_get (c, tn->name);
        if (b) return *b == t;
        if (tn->name[0] == '$') return false;
        return var_class_ok (c, tn->name, t) && env_put (c, tn->name, t);
      }
    case T_NUM:
      {
        sg_term u = uncoerced (s, t);
        sg_op op = sg_term_op (s, u);
        if (op != SG_OP_NUMERAL && op != SG_OP_DECIMAL) return false;
        const char *txt = sg_store_text (s, sg_term_node (s, u)->aux);
        size_t n = strlen (tn->name);
        return !strncmp (txt, tn->name, n) && (txt[n] == 0 || !strcmp (txt + n, ".0"));
      }
    case T_STR:
      return sg_term_op (s, t) == SG_OP_STRING
             && !strcmp (sg_store_text (s, sg_term_node (s, t)->aux), tn->name);
    case T_BIND:
      {
        if (sg_term_op (s, t) != (sg_op) tn->op || sg_term_nargs (s, t) != tn->nbv + 1) return false;
        for (uint32_t k = 0; k < tn->nbv; k++)
          {
            sg_term v = sg_term_arg (s, t, k);
            if (sg_term_sort (s, v) != s->s_bool || env_get (c, tn->bv[k]) || !env_put (c, tn->bv[k], v))
              return false;
          }
        return match (c, tp, tn->args[0], sg_term_arg (s, t, tn->nbv));
      }
    case T_APP:
      {
        if (sgj_canon (s, t) != (sg_op) tn->op || sg_term_nargs (s, t) != tn->nargs) return false;
        const sg_node *nd = sg_term_node (s, t);
        if (nd->nidx != tn->nidx) return false;
        for (uint32_t k = 0; k < tn->nidx; k++)
          {
            uint32_t v = sg_term_indices (s, t)[k];
            if (tn->idx[k] == UINT32_MAX)
              {
                if (c->nval != UINT32_MAX && c->nval != v) return false;
                if (v < 1) return false; /* R3: re.loop 1 N needs N >= 1 */
                c->nval = v;
              }
            else if (tn->idx[k] != v)
              return false;
          }
        for (uint32_t k = 0; k < tn->nargs; k++)
          if (!match (c, tp, tn->args[k], sg_term_arg (s, t, k))) return false;
        return true;
      }
    }
  return false;
}

static sg_rc
build (jctx *c, const sg_janus_tpl *tp, uint32_t ni, sg_term *out)
{
  const tnode *tn = &tp->n[ni];
  sg_store *s = c->s;
  sg_rc rc;
  switch (tn->kind)
    {
    case T_VAR:
      {
        sg_term *b = env_get (c, tn->name);
        if (b) { *out = *b; return SG_RC_OK; }
        if (tn->name[0] == '$') return SG_RC_USAGE;
        if ((rc = sgj_param (c, tn->name[0], out))) return rc;
        if (tn->name[0] == 'i' || ((tn->name[0] == 'n' || tn->name[0] == 'c' || tn->name[0] == 'k'
                                    || tn->name[0] == 'q') && sg_term_sort (s, *out) == s->s_int))
          c->made_int = true;
        return env_put (c, tn->name, *out) ? SG_RC_OK : SG_RC_LIMIT;
      }
    case T_NUM:
      {
        sg_sort num = c->num != SG_NONE ? c->num : s->s_int;
        char buf[16];
        int len = snprintf (buf, sizeof buf, "%s%s", tn->name, num == s->s_real ? ".0" : "");
        if (num == s->s_int) c->made_int = true;
        return sg_mk_literal (s, num == s->s_real ? SG_OP_DECIMAL : SG_OP_NUMERAL, buf, (uint32_t) len, out);
      }
    case T_STR:
      return sg_mk_literal (s, SG_OP_STRING, tn->name, (uint32_t) strlen (tn->name), out);
    case T_BIND:
      {
        sg_term args[3];
        for (uint32_t k = 0; k < tn->nbv; k++)
          {
            sg_atom a;
            if ((rc = sg_store_fresh_atom (s, "x", &a))) return rc;
            if ((rc = sg_mk_bvar (s, a, s->s_bool, &args[k]))) return rc;
            if (!env_put (c, tn->bv[k], args[k])) return SG_RC_LIMIT;
          }
        if ((rc = build (c, tp, tn->args[0], &args[tn->nbv]))) return rc;
        c->made_quant = true;
        return sg_mk_binder (s, (sg_op) tn->op, args, tn->nbv + 1, out);
      }
    case T_APP:
      {
        sg_term args[TMAX_ARGS];
        for (uint32_t k = 0; k < tn->nargs; k++)
          if ((rc = build (c, tp, tn->args[k], &args[k]))) return rc;
        uint32_t idx[2];
        for (uint32_t k = 0; k < tn->nidx; k++)
          {
            if (tn->idx[k] != UINT32_MAX) { idx[k] = tn->idx[k]; continue; }
            if (c->nval == UINT32_MAX) c->nval = 1 + (uint32_t) sg_rng_below (c->rng, 4);
            idx[k] = c->nval;
          }
        if (tn->op == SG_OP_TRUE && !tn->nargs) return sg_mk_true (s, out);
        if (tn->op == SG_OP_FALSE && !tn->nargs) return sg_mk_false (s, out);
        rc = sg_mk_app (s, (sg_op) tn->op, args, tn->nargs, tn->nidx ? idx : NULL, tn->nidx, out);
        if (!rc && sg_term_sort (s, *out) == s->s_int) c->made_int = true;
        return rc;
      }
    }
  return SG_RC_USAGE;
}

static void
attempt_reset (jctx *c)
{
  c->ne = 0;
  c->nval = UINT32_MAX;
  c->num = SG_NONE;
  c->xsort = SG_NONE;
  c->vsort = SG_NONE;
  c->made_int = false;
  c->made_quant = false;
}

/* Binary templates of associative operators match longer applications: one argument against
 * the others (commutative operators: a random one; => and re.++: the first). */
static sg_rc
view (jctx *c, const sg_janus_tpl *tp, sg_term t, sg_term *out)
{
  sg_store *s = c->s;
  const tnode *root = &tp->n[tp->root];
  *out = t;
  if (root->kind != T_APP || root->nargs != 2) return SG_RC_OK;
  sg_op op = sgj_canon (s, t);
  uint32_t n = sg_term_nargs (s, t);
  if (op != (sg_op) root->op || n < 2) return SG_RC_OK;
  bool comm = op == SG_OP_AND || op == SG_OP_OR || op == SG_OP_XOR || op == SG_OP_ADD
              || op == SG_OP_RE_UNION || op == SG_OP_RE_INTER;
  if (!comm && (n == 2 || op != SG_OP_IMPLIES)) return SG_RC_OK;
  sg_u32vec rest = { 0 };
  uint32_t pick = comm ? (uint32_t) sg_rng_below (c->rng, n) : 0;
  for (uint32_t k = 0; k < n; k++)
    if (k != pick && !SG_VEC_PUSH (rest, sg_term_arg (s, t, k))) { SG_VEC_FREE (rest); return SG_RC_NOMEM; }
  sg_rc rc = SG_RC_OK;
  sg_term pair[2] = { sg_term_arg (s, t, pick), rest.a[0] };
  if (rest.n > 1) rc = sg_mk_app (s, op, rest.a, rest.n, NULL, 0, &pair[1]);
  if (!rc) rc = sg_mk_app (s, op, pair, 2, NULL, 0, out);
  SG_VEC_FREE (rest);
  return rc;
}

/* No template variable may capture a binder variable the match bound ($b). */
static sg_rc
no_capture (jctx *c, bool *ok)
{
  *ok = true;
  bool any = false;
  for (uint32_t i = 0; i < c->ne; i++) any |= c->en[i][0] == '$';
  if (!any) return SG_RC_OK;
  sg_u32vec fv = { 0 };
  for (uint32_t i = 0; i < c->ne && *ok; i++)
    {
      if (c->en[i][0] == '$') continue;
      SG_VEC_CLEAR (fv);
      sg_rc rc = sg_term_free_vars (c->s, c->et[i], &fv);
      if (rc) { SG_VEC_FREE (fv); return rc; }
      for (uint32_t k = 0; k < fv.n && *ok; k++)
        for (uint32_t e = 0; e < c->ne; e++)
          if (c->en[e][0] == '$' && c->et[e] == fv.a[k]) *ok = false;
    }
  SG_VEC_FREE (fv);
  return SG_RC_OK;
}

/* ---- substitution -------------------------------------------------------------------------- */

/* root with every occurrence of `from` replaced by `to`. from_is_var: `from` is a bound variable,
 * not replaced under a binder that binds it again (to is closed, so nothing is captured).
 * Iterative post-order over the DAG, memoised by term id. SG_RC_USAGE on a match term when
 * from_is_var (its patterns may bind it). */
sg_rc
sgj_subst (sg_store *s, sg_term root, sg_term from, sg_term to, bool from_is_var, sg_term *out)
{
  uint32_t n = s->nodes.n;
  uint32_t *memo = malloc ((size_t) n * sizeof *memo);
  sg_u32vec st = { 0 }, args = { 0 };
  if (!memo) return SG_RC_NOMEM;
  memset (memo, 0xff, (size_t) n * sizeof *memo);
  sg_rc rc = SG_RC_OK;
  if (!SG_VEC_PUSH (st, root)) rc = SG_RC_NOMEM;
  const uint32_t DONE = 0x80000000u;
  while (st.n && !rc)
    {
      uint32_t e = SG_VEC_POP (st);
      sg_term t = e & ~DONE;
      if (memo[t] != SG_NONE) continue;
      if (t == from) { memo[t] = to; continue; }
      const sg_node *nd = sg_term_node (s, t);
      uint32_t na = nd->nargs;
      if (!na) { memo[t] = t; continue; }
      /* Which children are rewritten: all, except variable slots and bodies under a binder
       * that binds `from` again. */
      uint32_t keep_from = na; /* children >= keep_from are kept (rebinding binder) */
      bool slots_kept = nd->op == SG_OP_LET || nd->op == SG_OP_FORALL || nd->op == SG_OP_EXISTS;
      if (from_is_var)
        {
          if (nd->op == SG_OP_MATCH) { rc = SG_RC_USAGE; break; }
          if (nd->op == SG_OP_FORALL || nd->op == SG_OP_EXISTS)
            for (uint32_t k = 0; k + 1 < na; k++)
              if (sg_term_arg (s, t, k) == from) keep_from = 0;
          if (nd->op == SG_OP_LET)
            for (uint32_t k = 0; k + 1 < na; k += 2)
              if (sg_term_arg (s, t, k) == from) keep_from = na - 1;
        }
      if (!(e & DONE))
        {
          if (!SG_VEC_PUSH (st, t | DONE)) { rc = SG_RC_NOMEM; break; }
          for (uint32_t k = 0; k < keep_from && k < na; k++)
            {
              sg_term a = sg_term_arg (s, t, k);
              bool slot = slots_kept && k + 1 < na && (nd->op != SG_OP_LET || k % 2 == 0);
              if (slot || a == from || (a < n && memo[a] != SG_NONE)) continue;
              if (!SG_VEC_PUSH (st, a)) { rc = SG_RC_NOMEM; break; }
            }
          continue;
        }
      SG_VEC_CLEAR (args);
      if (!SG_VEC_RESERVE (args, na)) { rc = SG_RC_NOMEM; break; }
      bool same = true;
      for (uint32_t k = 0; k < na; k++)
        {
          sg_term a = sg_term_arg (s, t, k);
          bool slot = slots_kept && k + 1 < na && (nd->op != SG_OP_LET || k % 2 == 0);
          sg_term r = a;
          if (!slot && k < keep_from) r = a == from ? to : memo[a];
          if (r == SG_NONE) r = a;
          args.a[k] = r;
          same &= r == a;
        }
      args.n = na;
      if (same) { memo[t] = t; continue; }
      sg_term nt;
      if ((rc = sg_term_rebuild (s, t, args.a, &nt))) break;
      memo[t] = nt;
    }
  if (!rc) *out = root == from ? to : memo[root];
  free (memo);
  SG_VEC_FREE (st);
  SG_VEC_FREE (args);
  return rc;
}

/* A quantifier body without its :pattern annotation (patterns may not survive the rule). */
sg_term
sgj_body_unannotated (const sg_store *s, sg_term body)
{
  while (sg_term_op (s, body) == SG_OP_ANNOT && !annot_named (s, body)) body = sg_term_arg (s, body, 0);
  return body;
}

/* ---- applying a rule (the rules built in code are in janus_special.c) ---------------------- */

/* Try row r at occurrence occ, from side `from` (0 strong, 1 weak) to the other; for code rules
 * `from` is the direction (0 weaken, 1 strengthen). *g gets the new term, or SG_NONE. */
static sg_rc
try_row (jctx *c, uint32_t r, int from, uint32_t occ, sg_term *g)
{
  const sg_janus_row *row = &rows[r];
  sg_store *s = c->s;
  sg_term f = c->o->a.a[occ].term;
  *g = SG_NONE;
  attempt_reset (c);
  c->target_cmd = c->o->a.a[occ].cmd;
  sg_rc rc;
  if (row->special)
    {
      int dir = from == 0 ? 1 : -1;
      switch (row->special)
        {
        case SP_HOMO: rc = sgj_sp_homo (c, f, dir, g); break;
        case SP_INST: rc = sgj_sp_inst (c, f, dir, g); break;
        case SP_SWAP: rc = sgj_sp_swap (c, f, dir, g); break;
        case SP_ABSTRACT: rc = sgj_sp_abstract (c, occ, dir, g); break;
        case SP_CONCAT_POW: rc = sgj_sp_concat_pow (c, f, dir, g); break;
        case SP_RANGE: rc = sgj_sp_range (c, f, dir, g); break;
        default: rc = SG_RC_USAGE; break;
        }
    }
  else
    {
      const sg_janus_tpl *src = c->j->sides.a[2 * r + (uint32_t) from];
      const sg_janus_tpl *dst = c->j->sides.a[2 * r + 1 - (uint32_t) from];
      if (c->lk == L_DIFF && dst->arith) return SG_RC_OK;
      sg_term v;
      if ((rc = view (c, src, f, &v))) return rc;
      if (!match (c, src, src->root, v)) return SG_RC_OK;
      bool ok;
      if ((rc = no_capture (c, &ok))) return rc;
      if (!ok) return SG_RC_OK;
      rc = build (c, dst, dst->root, g);
      /* a numeric row builds arithmetic (<=, +, ...): QF_S must become QF_SLIA */
      if (c->num != SG_NONE) c->made_int = true;
    }
  if (rc == SG_RC_SORT || rc == SG_RC_USAGE) { *g = SG_NONE; return SG_RC_OK; }
  if (rc) return rc;
  if (*g != SG_NONE && (sg_term_sort (s, *g) != sg_term_sort (s, f) || *g == f)) *g = SG_NONE;
  if (c->real_only && c->made_int) *g = SG_NONE;
  return SG_RC_OK;
}

/* The orientations of row r for direction dir: `from` values to try. */
static uint32_t
orientations (uint32_t r, int dir, int from[2])
{
  const sg_janus_row *row = &rows[r];
  if (row->kind == SG_JANUS_EQUIV && !row->special)
    {
      from[0] = 0;
      from[1] = 1;
      return 2;
    }
  from[0] = dir > 0 ? 0 : 1;
  return 1;
}

static void
abbrev (const sg_store *s, sg_term t, sg_buf *b)
{
  sg_buf tmp;
  sg_buf_init (&tmp);
  sg_print_term (s, t, NULL, &tmp);
  const char *x = sg_buf_cstr (&tmp);
  if (tmp.len > 120) sg_buf_printf (b, "%.100s ... (%zu bytes)", x, tmp.len);
  else sg_buf_adds (b, x);
  sg_buf_free (&tmp);
}

/* Set the script's logic after a step: drop QF_ when a quantifier came in; strings without
 * arithmetic get LIA when an Int term came in. */
static sg_rc
fix_logic (jctx *c)
{
  sg_script *sc = c->sc;
  if (sc->logic == SG_ATOM_NONE) return SG_RC_OK;
  char name[128];
  snprintf (name, sizeof name, "%s", sg_store_text (c->s, sc->logic));
  bool changed = false;
  if (c->made_quant && !strncmp (name, "QF_", 3))
    {
      memmove (name, name + 3, strlen (name + 3) + 1);
      changed = true;
    }
  const char *base = !strncmp (name, "QF_", 3) ? name + 3 : name;
  if (c->made_int && !strcmp (base, "S") && strlen (name) + 4 < sizeof name)
    {
      strcat (name, "LIA");
      changed = true;
    }
  if (!changed) return SG_RC_OK;
  sg_atom a;
  if (!sg_atom_intern (&c->s->atoms, name, strlen (name), &a)) return SG_RC_NOMEM;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    if (sc->cmds.a[i].kind == SG_WK_SET_LOGIC && sc->cmds.a[i].aux == sc->logic) sc->cmds.a[i].aux = a;
  sc->logic = a;
  return SG_RC_OK;
}

typedef struct cand { uint32_t row; int from; } cand;

/* Try the rules in random order at occ; on success replace and fill desc/info. */
static sg_rc
rewrite_at (jctx *c, uint32_t occ, int dir, const uint32_t *only_row, sg_buf *desc,
            sg_janus_info *info, bool *done)
{
  *done = false;
  cand list[2 * 128];
  uint32_t n = 0;
  for (uint32_t r = 0; r < c->j->nrows && n + 2 <= sizeof list / sizeof *list; r++)
    {
      if (only_row && r != *only_row) continue;
      int from[2];
      uint32_t k = orientations (r, dir, from);
      for (uint32_t i = 0; i < k; i++) list[n++] = (cand) { r, from[i] };
    }
  while (n)
    {
      uint32_t pick = (uint32_t) sg_rng_below (c->rng, n);
      cand cd = list[pick];
      list[pick] = list[--n];
      sg_term g;
      sg_rc rc = try_row (c, cd.row, cd.from, occ, &g);
      if (rc) return rc;
      if (g == SG_NONE) continue;
      sg_term f = c->o->a.a[occ].term;
      if (desc)
        {
          sg_buf_reset (desc);
          sg_buf_printf (desc, "%s %s (%s) at %s %u: ", rows[cd.row].name,
                         dir > 0 ? "weaken" : "strengthen",
                         rows[cd.row].special ? (cd.from ? "reverse" : "forward")
                                              : (cd.from ? "weak -> strong" : "strong -> weak"),
                         sg_wk_text ((sg_wk) c->sc->cmds.a[c->o->a.a[occ].cmd].kind),
                         c->o->a.a[occ].cmd);
          abbrev (c->s, f, desc);
          sg_buf_adds (desc, " -> ");
          abbrev (c->s, g, desc);
        }
      rc = sg_occ_replace (c->sc, c->o, occ, g);
      if (rc == SG_RC_SORT) continue;
      if (rc) return rc;
      if ((rc = fix_logic (c))) return rc;
      if (info)
        {
          info->rule = rows[cd.row].name;
          info->dir = dir;
          info->occ = occ;
          info->quantified = c->made_quant;
        }
      *done = true;
      return SG_RC_OK;
    }
  return SG_RC_OK;
}

static void
ctx_init (jctx *c, const sg_janus *j, sg_script *sc, const sg_occs *o, sg_rng *rng)
{
  memset (c, 0, sizeof *c);
  c->j = j;
  c->sc = sc;
  c->s = sc->store;
  c->o = o;
  c->rng = rng;
  c->lk = logic_kind (sc);
  if (sc->logic != SG_ATOM_NONE)
    {
      const char *l = sg_store_text (sc->store, sc->logic);
      c->real_only = (strstr (l, "LRA") || strstr (l, "NRA") || strstr (l, "RDL")) && !strstr (l, "IRA");
    }
}

sg_rc
sg_janus_apply (const sg_janus *j, sg_script *sc, const sg_occs *o, uint32_t occ, uint32_t row,
                int dir, sg_rng *rng, bool *done)
{
  jctx c;
  ctx_init (&c, j, sc, o, rng);
  *done = false;
  sg_rc rc = collect_pool (&c);
  if (!rc && row < j->nrows && occ < o->a.n) rc = rewrite_at (&c, occ, dir, &row, NULL, NULL, done);
  SG_VEC_FREE (c.pool);
  SG_VEC_FREE (c.pool_cmd);
  free (c.bound);
  return rc;
}

sg_rc
sg_janus_instance (const sg_janus *j, sg_script *sc, uint32_t row, int side, sg_sort num,
                   sg_rng *rng, sg_term *out)
{
  if (row >= j->nrows || rows[row].special) return SG_RC_USAGE;
  sg_occs o = { 0 };
  jctx c;
  ctx_init (&c, j, sc, &o, rng);
  sg_rc rc = sg_occ_collect (sc, SG_JANUS_MAX_OCCS, &o);
  if (!rc) rc = collect_pool (&c);
  attempt_reset (&c);
  c.target_cmd = UINT32_MAX;
  c.num = num;
  const sg_janus_tpl *t = j->sides.a[2 * row + (uint32_t) (side ? 1 : 0)];
  if (!rc)
    {
      /* Fresh binders cannot be parameters: a side with $ variables is built as is. */
      rc = build (&c, t, t->root, out);
    }
  SG_VEC_FREE (c.pool);
  SG_VEC_FREE (c.pool_cmd);
  free (c.bound);
  sg_occs_free (&o);
  return rc;
}

sg_rc
sg_janus_step (const sg_janus *j, sg_script *sc, sg_answer status, sg_rng *rng, sg_buf *desc,
               sg_janus_info *info, bool *done)
{
  *done = false;
  if (status != SG_ANS_SAT && status != SG_ANS_UNSAT) return SG_RC_USAGE;
  sg_occs o = { 0 };
  int8_t *par = NULL;
  uint8_t *named = NULL;
  sg_u32vec cand = { 0 };
  jctx c;
  ctx_init (&c, j, sc, &o, rng);
  sg_rc rc = sg_occ_collect (sc, SG_JANUS_MAX_OCCS, &o);
  if (!rc) rc = sg_janus_parity (sc, &o, &par);
  if (!rc) rc = collect_pool (&c);
  if (!rc && !(named = calloc (o.a.n ? o.a.n : 1, 1))) rc = SG_RC_NOMEM;
  if (!rc)
    {
      /* :named below an occurrence: rewriting it would duplicate or move the name. */
      for (uint32_t i = o.a.n; i-- > 0;)
        {
          if (annot_named (sc->store, o.a.a[i].term)) named[i] = 1;
          if (named[i] && o.a.a[i].parent != SG_NONE) named[o.a.a[i].parent] = 1;
        }
      for (uint32_t i = 0; i < o.a.n && !rc; i++)
        if (par[i] && !named[i] && !SG_VEC_PUSH (cand, i)) rc = SG_RC_NOMEM;
    }
  int sgn = status == SG_ANS_SAT ? 1 : -1;
  for (uint32_t tries = 0; !rc && cand.n && tries < 64 && !*done; tries++)
    {
      uint32_t k = (uint32_t) sg_rng_below (rng, cand.n);
      uint32_t occ = cand.a[k];
      cand.a[k] = cand.a[--cand.n];
      rc = rewrite_at (&c, occ, sgn * par[occ], NULL, desc, info, done);
    }
  SG_VEC_FREE (cand);
  SG_VEC_FREE (c.pool);
  SG_VEC_FREE (c.pool_cmd);
  free (c.bound);
  free (named);
  free (par);
  sg_occs_free (&o);
  return rc;
}
