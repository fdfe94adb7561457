/* sae: Sparrow's skeletal approximation enumeration (see sae.h). */
#include "tech/approx/sae.h"

#include <stdio.h>
#include <string.h>

#include "front/parse.h"
#include "front/print.h"

/* ---- the rule table ------------------------------------------------------------------ */

enum { ARITH = SG_SAE_ARITH, BVU = SG_SAE_BVU, BVS = SG_SAE_BVS, FP = SG_SAE_FP, STR = SG_SAE_STR };
enum { OVER = SG_SAE_OVER, UNDER = SG_SAE_UNDER };

static const sg_sae_rule rules[] = {
#define RULE(th, atom, neg, dir, tmpl) { th, atom, neg, dir, tmpl },
#include "tech/approx/sae_rules.def"
#undef RULE
};

const sg_sae_rule *
sg_sae_rules (uint32_t *n)
{
  *n = (uint32_t) (sizeof rules / sizeof *rules);
  return rules;
}

const char *
sg_sae_theory_name (sg_sae_theory t)
{
  static const char *const names[] = { "arith", "bv-unsigned", "bv-signed", "fp", "string" };
  return (unsigned) t < 5 ? names[t] : "?";
}

/* A built-in operator by its SMT-LIB name (SG_OP_COUNT if none). */
static sg_op
op_by_name (const char *name, size_t len)
{
  for (int op = SG_OP_FIRST_BUILTIN + 1; op < SG_OP_COUNT; op++)
    {
      const char *n = sg_op_name ((sg_op) op);
      if (n && strlen (n) == len && !memcmp (n, name, len)) return (sg_op) op;
    }
  return SG_OP_COUNT;
}

sg_rc
sg_sae_rule_apply (sg_store *s, const sg_sae_rule *rule, sg_term x, sg_term y, sg_term a,
                   sg_term *out)
{
  /* A template is a small S-expression over built-in operators and x, y, a: an explicit
   * stack of open applications (operator, first argument on the value stack). */
  sg_u32vec ops = { 0 }, starts = { 0 }, vals = { 0 };
  sg_rc rc = SG_RC_OK;
  const char *p = rule->tmpl;
  bool want_op = false;
  while (*p && !rc)
    {
      if (*p == ' ') { p++; continue; }
      if (*p == '(') { want_op = true; p++; continue; }
      if (*p == ')')
        {
          p++;
          if (!ops.n) { rc = SG_RC_USAGE; break; }
          sg_op op = (sg_op) SG_VEC_POP (ops);
          uint32_t st = SG_VEC_POP (starts);
          sg_term r;
          rc = sg_mk_app (s, op, vals.a + st, vals.n - st, NULL, 0, &r);
          vals.n = st;
          if (!rc && !SG_VEC_PUSH (vals, r)) rc = SG_RC_NOMEM;
          continue;
        }
      size_t n = strcspn (p, " ()");
      if (want_op)
        {
          sg_op op = op_by_name (p, n);
          if (op == SG_OP_COUNT) { rc = SG_RC_USAGE; break; }
          if (!SG_VEC_PUSH (ops, op) || !SG_VEC_PUSH (starts, vals.n)) rc = SG_RC_NOMEM;
          want_op = false;
        }
      else
        {
          sg_term t = n == 1 && *p == 'x' ? x : n == 1 && *p == 'y' ? y : n == 1 && *p == 'a' ? a : SG_NONE;
          if (t == SG_NONE) { rc = SG_RC_USAGE; break; }
          if (!SG_VEC_PUSH (vals, t)) rc = SG_RC_NOMEM;
        }
      p += n;
    }
  if (!rc && (ops.n || vals.n != 1)) rc = SG_RC_USAGE;
  if (!rc) *out = vals.a[0];
  SG_VEC_FREE (ops);
  SG_VEC_FREE (starts);
  SG_VEC_FREE (vals);
  return rc;
}

/* ---- preparing a seed ---------------------------------------------------------------- */

void
sg_sae_free (sg_sae *e)
{
  if (!e->live) return;
  sg_cnf_free (&e->cnf);
  SG_VEC_FREE (e->occs);
  SG_VEC_FREE (e->atoms);
  SG_VEC_FREE (e->consts);
  sg_script_free (&e->script);
  sg_store_free (&e->store);
  e->live = false;
}

/* Arithmetic the logic allows: 0 any (no logic, ALL, non-linear), 1 linear, 2 difference
 * logic, 3 none (QF_BV, QF_S, QF_UF, ...: cvc5 rejects `<` and `+` there, even beside
 * str.len). */
static int
arith_of (const sg_script *sc)
{
  if (sc->logic == SG_ATOM_NONE) return 0;
  const char *l = sg_store_text (sc->store, sc->logic);
  if (!strcmp (l, "ALL")) return 0;
  if (strstr (l, "IDL") || strstr (l, "RDL")) return 2;
  if (!strstr (l, "IA") && !strstr (l, "RA")) return 3;
  if (strstr (l, "LIA") || strstr (l, "LRA") || strstr (l, "LIRA")) return 1;
  return 0;
}

static sg_rc
unusable (sg_diag *d, const char *why)
{
  return sg_diag_set (d, SG_RC_USAGE, 0, 0, "not usable by sae: %s", why);
}

sg_rc
sg_sae_prepare (sg_sae *e, const char *text, size_t len, const char *name, sg_diag *d)
{
  memset (e, 0, sizeof *e);
  sg_rc rc = sg_store_init (&e->store);
  if (rc) return rc;
  sg_script_init (&e->script, &e->store);
  sg_cnf_init (&e->cnf);
  e->live = true;
  sg_store *s = &e->store;
  sg_script *sc = &e->script;
  if ((rc = sg_parse_string (s, sc, text, len, name, d))) goto fail;
  uint32_t checks = 0;
  e->check = SG_NONE;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    switch (sc->cmds.a[i].kind)
      {
      case SG_WK_CHECK_SAT:
        if (!checks++) e->check = i;
        break;
      case SG_WK_PUSH: case SG_WK_POP: case SG_WK_RESET: case SG_WK_RESET_ASSERTIONS:
      case SG_WK_CHECK_SAT_ASSUMING:
        rc = unusable (d, "incremental commands");
        goto fail;
      case SG_WK_ASSERT:
        if (sc->cmds.a[i].flags & SG_CMD_RAW) { rc = unusable (d, "an assert kept verbatim"); goto fail; }
        break;
      default:
        break;
      }
  if (checks != 1) { rc = unusable (d, "not exactly one check-sat"); goto fail; }
  e->arith = arith_of (sc);
  /* The seed's constants, before the CNF adds its variables. */
  for (uint32_t i = 0; i < e->check; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      if (c->kind != SG_WK_DECLARE_FUN && c->kind != SG_WK_DECLARE_CONST) continue;
      if (s->funs.a[c->aux].nparams) continue;
      /* cvc5 has no regular-expression or rounding-mode variables beyond a defining equation:
       * snippets never compare them. */
      sg_sort_kind k = sg_sort_kind_of (s, s->funs.a[c->aux].ret);
      if (k == SG_SORT_REGLAN || k == SG_SORT_RM) continue;
      sg_term t;
      if ((rc = sg_mk_fun_app (s, c->aux, NULL, 0, &t))) goto fail;
      if (!SG_VEC_PUSH (e->consts, t)) { rc = SG_RC_NOMEM; goto fail; }
    }
  sg_u32vec as = { 0 }, named = { 0 };
  for (uint32_t i = 0; i < e->check && !rc; i++)
    if (sc->cmds.a[i].kind == SG_WK_ASSERT)
      {
        sg_term t;
        rc = sg_cnf_expand_lets (s, sg_cmd_items (sc, &sc->cmds.a[i])[0], &named, &t);
        if (!rc && !SG_VEC_PUSH (as, t)) rc = SG_RC_NOMEM;
      }
  if (!rc) rc = sg_cnf_add (s, as.a, as.n, "sae_b", &e->cnf);
  /* :named terms become define-funs before the check-sat (the clauses may hold a named
   * atom in several places; a name may be defined once). */
  for (uint32_t k = 0; k + 1 < named.n && !rc; k += 2)
    rc = sg_script_insert (sc, e->check++, SG_WK_DEFINE_FUN, named.a[k], &named.a[k + 1], 1);
  SG_VEC_FREE (as);
  SG_VEC_FREE (named);
  if (rc) { sg_diag_set (d, rc, 0, 0, "sae: CNF: %s", s->err); goto fail; }
  /* Declare the CNF's variables before the check-sat. */
  for (uint32_t k = 0; k < e->cnf.vars.n; k++)
    if ((rc = sg_script_insert (sc, e->check++, SG_WK_DECLARE_FUN, e->cnf.vars.a[k], NULL, 0))) goto fail;
  /* Mutable literal occurrences: theory atoms and the seed's own Boolean constants. */
  uint32_t fresh_from = e->cnf.vars.n ? e->cnf.vars.a[0] : UINT32_MAX;
  for (uint32_t i = 0; i < e->cnf.lits.n; i++)
    {
      sg_term l = e->cnf.lits.a[i], at = l;
      if (sg_term_op (s, l) == SG_OP_NOT) at = sg_term_arg (s, l, 0);
      const sg_node *n = sg_term_node (s, at);
      if (n->op == SG_OP_TRUE || n->op == SG_OP_FALSE) continue;
      if (n->op == SG_OP_APP && n->nargs == 0 && n->aux >= fresh_from) continue;
      /* (= r regex) is all cvc5 accepts of a RegLan variable: never moved under or/and. */
      if ((n->op == SG_OP_EQ || n->op == SG_OP_DISTINCT)
          && sg_sort_kind_of (s, sg_term_sort (s, sg_term_arg (s, at, 0))) == SG_SORT_REGLAN)
        continue;
      if (!SG_VEC_PUSH (e->occs, i)) { rc = SG_RC_NOMEM; goto fail; }
      bool seen = false;
      for (uint32_t k = 0; k < e->atoms.n && !seen && k < 4096; k++) seen = e->atoms.a[k] == at;
      if (!seen && !SG_VEC_PUSH (e->atoms, at)) { rc = SG_RC_NOMEM; goto fail; }
    }
  if (!e->occs.n) { rc = unusable (d, "no literal to approximate"); goto fail; }
  return SG_RC_OK;
fail:
  sg_sae_free (e);
  return rc ? rc : SG_RC_USAGE;
}

/* ---- printing ---------------------------------------------------------------------- */

/* The script with the asserts before check-sat replaced by the clauses of lits/ends. */
static sg_rc
print_mutant (sg_sae *e, const sg_u32vec *lits, sg_buf *out)
{
  sg_store *s = &e->store;
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < e->check; i++)
    if (e->script.cmds.a[i].kind != SG_WK_ASSERT) sg_print_cmd (&e->script, i, NULL, out);
  sg_u32vec args = { 0 };
  for (uint32_t c = 0; c < sg_cnf_clauses (&e->cnf) && !rc; c++)
    {
      uint32_t b = sg_cnf_begin (&e->cnf, c), end = e->cnf.ends.a[c];
      sg_term t;
      if (end - b == 1) t = lits->a[b];
      else if (end == b) rc = sg_mk_false (s, &t);
      else rc = sg_mk_app (s, SG_OP_OR, lits->a + b, end - b, NULL, 0, &t);
      if (rc) break;
      sg_buf_adds (out, "(assert ");
      sg_print_term (s, t, NULL, out);
      sg_buf_adds (out, ")\n");
    }
  SG_VEC_FREE (args);
  for (uint32_t i = e->check; i < e->script.cmds.n; i++) sg_print_cmd (&e->script, i, NULL, out);
  if (!rc && !sg_buf_ok (out)) rc = SG_RC_NOMEM;
  return rc;
}

sg_rc
sg_sae_print_cnf (sg_sae *e, sg_buf *out)
{
  sg_store_mark m;
  sg_store_mark_get (&e->store, &m);
  sg_rc rc = print_mutant (e, &e->cnf.lits, out);
  sg_store_rollback (&e->store, &m);
  return rc;
}

/* ---- random constants and snippets --------------------------------------------------- */

static sg_rc
bin_lit (sg_store *s, sg_rng *r, uint32_t w, bool nonzero, sg_term *out)
{
  sg_buf b;
  sg_buf_init (&b);
  sg_buf_adds (&b, "#b");
  bool one = false;
  bool small = sg_rng_chance (r, 1, 2); /* mostly-zero values hit the corners */
  for (uint32_t i = 0; i < w; i++)
    {
      bool bit = small ? (i + 1 == w ? sg_rng_chance (r, 1, 2) : sg_rng_chance (r, 1, 8))
                       : sg_rng_chance (r, 1, 2);
      if (nonzero && !one && i + 1 == w) bit = true;
      one |= bit;
      sg_buf_addc (&b, bit ? '1' : '0');
    }
  sg_rc rc = sg_buf_ok (&b) ? sg_mk_literal (s, SG_OP_BIN, b.s, (uint32_t) b.len, out) : SG_RC_NOMEM;
  sg_buf_free (&b);
  return rc;
}

static sg_rc
num_lit (sg_store *s, sg_rng *r, bool real, bool nonzero, sg_term *out)
{
  char t[32];
  unsigned v = sg_rng_chance (r, 1, 4) ? (unsigned) sg_rng_below (r, 1000) : (unsigned) sg_rng_below (r, 10);
  if (nonzero && v == 0) v = 1 + (unsigned) sg_rng_below (r, 9);
  if (real) snprintf (t, sizeof t, "%u.%u", v, sg_rng_chance (r, 1, 2) ? 0u : 5u);
  else snprintf (t, sizeof t, "%u", v);
  return sg_mk_literal (s, real ? SG_OP_DECIMAL : SG_OP_NUMERAL, t, (uint32_t) strlen (t), out);
}

static sg_rc
str_lit (sg_store *s, sg_rng *r, sg_term *out)
{
  char t[8];
  uint32_t n = (uint32_t) sg_rng_below (r, 5);
  for (uint32_t i = 0; i < n; i++) t[i] = (char) ('a' + sg_rng_below (r, 3));
  return sg_mk_literal (s, SG_OP_STRING, t, n, out);
}

/* A random constant of sort so (Int/Real ≥ 0), or SG_RC_USAGE for sorts without literals. */
static sg_rc
rand_const (sg_store *s, sg_rng *r, sg_sort so, bool nonzero, sg_term *out)
{
  const sg_sortnode *n = sg_sort_node (s, so);
  switch ((sg_sort_kind) n->kind)
    {
    case SG_SORT_INT: return num_lit (s, r, false, nonzero, out);
    case SG_SORT_REAL: return num_lit (s, r, true, nonzero, out);
    case SG_SORT_STRING: return str_lit (s, r, out);
    case SG_SORT_BV: return bin_lit (s, r, n->a, nonzero, out);
    case SG_SORT_FP:
      {
        sg_term parts[3];
        sg_rc rc = bin_lit (s, r, 1, false, &parts[0]);
        if (!rc) rc = bin_lit (s, r, n->a, false, &parts[1]);
        if (!rc) rc = bin_lit (s, r, n->b - 1, false, &parts[2]);
        if (!rc) rc = sg_mk_app (s, SG_OP_FP, parts, 3, NULL, 0, out);
        return rc;
      }
    case SG_SORT_BOOL:
      return sg_rng_chance (r, 1, 2) ? sg_mk_true (s, out) : sg_mk_false (s, out);
    default:
      return SG_RC_USAGE;
    }
}

/* A constant of the seed of sort so other than (preferably) avoid, or SG_NONE. */
static sg_term
pick_const (const sg_sae *e, sg_rng *r, sg_sort so, sg_term avoid)
{
  uint32_t n = 0;
  sg_term pick = SG_NONE;
  for (uint32_t i = 0; i < e->consts.n; i++)
    if (sg_term_sort (&e->store, e->consts.a[i]) == so && e->consts.a[i] != avoid
        && sg_rng_below (r, ++n) == 0)
      pick = e->consts.a[i];
  return pick;
}

/* Another operand of sort so: a constant of the seed, or a literal. */
static sg_rc
operand (sg_sae *e, sg_rng *r, sg_sort so, sg_term first, sg_term *out)
{
  sg_term c = sg_rng_chance (r, 2, 3) ? pick_const (e, r, so, first) : SG_NONE;
  if (c != SG_NONE) { *out = c; return SG_RC_OK; }
  sg_rc rc = rand_const (&e->store, r, so, false, out);
  if (rc == SG_RC_USAGE) { *out = first; rc = SG_RC_OK; }
  return rc;
}

static sg_rc
app2 (sg_store *s, sg_op op, sg_term a, sg_term b, sg_term *out)
{
  sg_term args[2] = { a, b };
  return sg_mk_app (s, op, args, 2, NULL, 0, out);
}

static sg_op
pick_op (sg_rng *r, const sg_op *ops, size_t n)
{
  return ops[sg_rng_below (r, n)];
}
#define PICK(r, arr) pick_op (r, arr, sizeof arr / sizeof *arr)

/* One atom over constant c of the seed (live predicate). */
static sg_rc
gen_atom_over (sg_sae *e, sg_rng *r, sg_term c, sg_term *out)
{
  sg_store *s = &e->store;
  sg_sort so = sg_term_sort (s, c);
  sg_rc rc = SG_RC_OK;
  sg_term t1, t2, d;
  switch (sg_sort_kind_of (s, so))
    {
    case SG_SORT_BOOL:
      *out = c;
      return SG_RC_OK;
    case SG_SORT_INT:
    case SG_SORT_REAL:
      {
        if (e->arith == 3) goto other; /* no arithmetic in this logic */
        bool real = so == s->s_real;
        static const sg_op rels[] = { SG_OP_LT, SG_OP_LE, SG_OP_GT, SG_OP_GE, SG_OP_EQ, SG_OP_DISTINCT };
        static const sg_op ifops[] = { SG_OP_ADD, SG_OP_NEG_SUB, SG_OP_MUL, SG_OP_IDIV, SG_OP_MOD };
        static const sg_op rfops[] = { SG_OP_ADD, SG_OP_NEG_SUB, SG_OP_MUL, SG_OP_RDIV };
        sg_op rel = PICK (r, rels);
        if (e->arith == 2)
          {
            /* Difference logic: (rel (- c d) k) or (rel c k). */
            d = pick_const (e, r, so, c);
            if ((rc = num_lit (s, r, real, false, &t2))) return rc;
            if (d != SG_NONE) { if ((rc = app2 (s, SG_OP_NEG_SUB, c, d, &t1))) return rc; }
            else t1 = c;
            if (rel == SG_OP_DISTINCT) rel = SG_OP_LE;
            return app2 (s, rel, t1, t2, out);
          }
        sg_op fop = real ? PICK (r, rfops) : PICK (r, ifops);
        bool lit = fop == SG_OP_IDIV || fop == SG_OP_MOD || fop == SG_OP_RDIV || (fop == SG_OP_MUL && e->arith);
        if (lit) rc = num_lit (s, r, real, true, &d);
        else rc = operand (e, r, so, c, &d);
        if (!rc) rc = app2 (s, fop, c, d, &t1);
        if (!rc) rc = operand (e, r, so, c, &t2);
        if (!rc) rc = app2 (s, rel, t1, t2, out);
        return rc;
      }
    case SG_SORT_BV:
      {
        static const sg_op rels[] = { SG_OP_EQ, SG_OP_DISTINCT, SG_OP_BVULT, SG_OP_BVULE, SG_OP_BVUGT,
                                      SG_OP_BVUGE, SG_OP_BVSLT, SG_OP_BVSLE, SG_OP_BVSGT, SG_OP_BVSGE };
        static const sg_op fops[] = { SG_OP_BVADD, SG_OP_BVSUB, SG_OP_BVMUL, SG_OP_BVAND, SG_OP_BVOR,
                                      SG_OP_BVXOR, SG_OP_BVUDIV, SG_OP_BVUREM };
        sg_op fop = PICK (r, fops);
        if (fop == SG_OP_BVUDIV || fop == SG_OP_BVUREM) rc = bin_lit (s, r, sg_sort_bv_width (s, so), true, &d);
        else rc = operand (e, r, so, c, &d);
        if (!rc) rc = app2 (s, fop, c, d, &t1);
        if (!rc) rc = operand (e, r, so, c, &t2);
        if (!rc) rc = app2 (s, PICK (r, rels), t1, t2, out);
        return rc;
      }
    case SG_SORT_STRING:
      {
        static const sg_op rels[] = { SG_OP_EQ, SG_OP_DISTINCT, SG_OP_STR_PREFIXOF, SG_OP_STR_SUFFIXOF,
                                      SG_OP_STR_CONTAINS, SG_OP_STR_LT, SG_OP_STR_LE };
        if (e->arith != 2 && e->arith != 3 && sg_rng_chance (r, 1, 4))
          {
            static const sg_op irels[] = { SG_OP_LT, SG_OP_LE, SG_OP_GT, SG_OP_GE, SG_OP_EQ };
            if ((rc = sg_mk_app (s, SG_OP_STR_LEN, &c, 1, NULL, 0, &t1))) return rc;
            if ((rc = num_lit (s, r, false, false, &t2))) return rc;
            return app2 (s, PICK (r, irels), t1, t2, out);
          }
        t1 = c;
        if (sg_rng_chance (r, 1, 2))
          {
            if ((rc = operand (e, r, so, c, &d)) || (rc = app2 (s, SG_OP_STR_CONCAT, c, d, &t1))) return rc;
          }
        if ((rc = operand (e, r, so, c, &t2))) return rc;
        return app2 (s, PICK (r, rels), t1, t2, out);
      }
    case SG_SORT_FP:
      {
        static const sg_op rels[] = { SG_OP_FP_LT, SG_OP_FP_LEQ, SG_OP_FP_GT, SG_OP_FP_GEQ, SG_OP_FP_EQ };
        static const sg_op preds[] = { SG_OP_FP_IS_NAN, SG_OP_FP_IS_ZERO, SG_OP_FP_IS_NORMAL,
                                       SG_OP_FP_IS_NEGATIVE, SG_OP_FP_IS_INFINITE };
        static const sg_op fops[] = { SG_OP_FP_ADD, SG_OP_FP_SUB, SG_OP_FP_MUL };
        if (sg_rng_chance (r, 1, 4)) return sg_mk_app (s, PICK (r, preds), &c, 1, NULL, 0, out);
        sg_term rm, args[3];
        if ((rc = sg_mk_app (s, SG_OP_RNE, NULL, 0, NULL, 0, &rm))) return rc;
        if ((rc = operand (e, r, so, c, &d))) return rc;
        args[0] = rm, args[1] = c, args[2] = d;
        if ((rc = sg_mk_app (s, PICK (r, fops), args, 3, NULL, 0, &t1))) return rc;
        if ((rc = operand (e, r, so, c, &t2))) return rc;
        return app2 (s, PICK (r, rels), t1, t2, out);
      }
    default:
    other:
      {
        d = pick_const (e, r, so, c);
        if (d == SG_NONE) d = c;
        return app2 (s, sg_rng_chance (r, 1, 2) ? SG_OP_EQ : SG_OP_DISTINCT, c, d, out);
      }
    }
}

static sg_rc
gen_atom (sg_sae *e, sg_rng *r, sg_term *out)
{
  bool use_const = e->consts.n && (!e->atoms.n || sg_rng_chance (r, 2, 3));
  if (!use_const)
    {
      *out = e->atoms.a[sg_rng_below (r, e->atoms.n)];
      return SG_RC_OK;
    }
  sg_term c = e->consts.a[sg_rng_below (r, e->consts.n)];
  return gen_atom_over (e, r, c, out);
}

/* snippet ::= atom | (not atom) | (op atom atom), op ∈ {and, or, =>, xor} */
static sg_rc
snippet (sg_sae *e, sg_rng *r, sg_term *out)
{
  sg_store *s = &e->store;
  sg_term a, b;
  sg_rc rc = gen_atom (e, r, &a);
  if (rc) return rc;
  switch (sg_rng_below (r, 3))
    {
    case 0: *out = a; return SG_RC_OK;
    case 1: return sg_mk_app (s, SG_OP_NOT, &a, 1, NULL, 0, out);
    default:
      {
        static const sg_op ops[] = { SG_OP_AND, SG_OP_OR, SG_OP_IMPLIES, SG_OP_XOR };
        if ((rc = gen_atom (e, r, &b))) return rc;
        return app2 (s, PICK (r, ops), a, b, out);
      }
    }
}

/* ---- one literal -------------------------------------------------------------------- */

static void
desc_term (const sg_store *s, sg_term t, sg_buf *desc)
{
  sg_buf b;
  sg_buf_init (&b);
  sg_print_term (s, t, NULL, &b);
  if (b.len > 60) sg_buf_printf (desc, "%.57s...", sg_buf_cstr (&b));
  else sg_buf_adds (desc, sg_buf_cstr (&b));
  sg_buf_free (&b);
}

/* The rules that apply to literal l in direction dir: indices into rules[], with bit 31 set
 * for the dual use (rule of the opposite direction on the opposite sign, negated). */
static sg_rc
pst_candidates (sg_sae *e, sg_term l, sg_sae_dir dir, sg_u32vec *out, sg_term *x, sg_term *y)
{
  const sg_store *s = &e->store;
  bool neg = sg_term_op (s, l) == SG_OP_NOT;
  sg_term at = neg ? sg_term_arg (s, l, 0) : l;
  const sg_node *n = sg_term_node (s, at);
  SG_VEC_CLEAR (*out);
  if (n->nargs != 2 || n->op <= SG_OP_FIRST_BUILTIN || n->nidx) return SG_RC_OK;
  *x = sg_term_arg (s, at, 0);
  *y = sg_term_arg (s, at, 1);
  sg_sort so = sg_term_sort (s, *x);
  if (so != sg_term_sort (s, *y)) return SG_RC_OK;
  const char *opn = sg_op_name ((sg_op) n->op);
  if (n->op == SG_OP_DISTINCT) opn = "=", neg = !neg;
  uint32_t ths = 0;
  switch (sg_sort_kind_of (s, so))
    {
    case SG_SORT_INT: case SG_SORT_REAL: ths = 1u << ARITH; break;
    case SG_SORT_BV: ths = 1u << BVU | 1u << BVS; break;
    case SG_SORT_FP: ths = 1u << FP; break;
    case SG_SORT_STRING: ths = 1u << STR; break;
    default: return SG_RC_OK;
    }
  for (uint32_t i = 0; i < sizeof rules / sizeof *rules; i++)
    {
      const sg_sae_rule *ru = &rules[i];
      if (!(ths & (1u << ru->theory)) || strcmp (ru->atom, opn)) continue;
      if (e->arith == 2 && ru->theory == ARITH && strstr (ru->tmpl, " a"))
        continue; /* no random constants in difference logic */
      if (e->arith == 3 && (ru->theory == ARITH || strstr (ru->tmpl, "str.len")))
        continue; /* no arithmetic in this logic */
      bool direct = ru->neg == neg && ru->dir == (uint8_t) dir;
      bool dual = ru->neg != neg && ru->dir != (uint8_t) dir;
      if (direct && !SG_VEC_PUSH (*out, i)) return SG_RC_NOMEM;
      if (dual && !SG_VEC_PUSH (*out, i | 0x80000000u)) return SG_RC_NOMEM;
    }
  return SG_RC_OK;
}

static sg_rc
mutate_lit (sg_sae *e, const sg_sae_opts *o, sg_sae_dir dir, sg_rng *r, sg_u32vec *cand,
            sg_term l, sg_term *out, sg_buf *desc)
{
  sg_store *s = &e->store;
  sg_term x = SG_NONE, y = SG_NONE;
  sg_rc rc = pst_candidates (e, l, dir, cand, &x, &y);
  if (rc) return rc;
  uint32_t pct = o->pst_pct ? o->pst_pct : 75;
  if (cand->n && sg_rng_below (r, 100) < pct)
    {
      uint32_t pick = cand->a[sg_rng_below (r, cand->n)];
      bool dual = pick & 0x80000000u;
      const sg_sae_rule *ru = &rules[pick & 0x7fffffffu];
      sg_term a, t;
      if ((rc = rand_const (s, r, sg_term_sort (s, x), false, &a))) return rc;
      if ((rc = sg_sae_rule_apply (s, ru, x, y, a, &t))) return rc;
      if (dual && (rc = sg_cnf_negate (s, t, &t))) return rc;
      *out = t;
      sg_buf_printf (desc, "PST %s%s rule %u (%s %s%s -> %s): ", dual ? "dual " : "",
                     sg_sae_theory_name ((sg_sae_theory) ru->theory), pick & 0x7fffffffu,
                     ru->dir == OVER ? "over" : "under", ru->neg ? "not " : "", ru->atom,
                     ru->tmpl);
    }
  else
    {
      sg_term psi;
      if ((rc = snippet (e, r, &psi))) return rc;
      if ((rc = app2 (s, dir == SG_SAE_OVER ? SG_OP_OR : SG_OP_AND, l, psi, out))) return rc;
      sg_buf_printf (desc, "LPI %s: ", dir == SG_SAE_OVER ? "l or psi" : "l and psi");
    }
  desc_term (s, l, desc);
  sg_buf_adds (desc, " => ");
  desc_term (s, *out, desc);
  return SG_RC_OK;
}

sg_rc
sg_sae_mutant (sg_sae *e, const sg_sae_opts *o, sg_sae_dir dir, sg_rng *r, sg_buf *out,
               sg_buf *desc, uint32_t *changed)
{
  sg_store *s = &e->store;
  sg_store_mark m;
  sg_store_mark_get (s, &m);
  uint32_t kmax = o->max_lits ? o->max_lits : 3;
  uint32_t k = 1 + (uint32_t) sg_rng_below (r, kmax);
  if (k > e->occs.n) k = e->occs.n;
  sg_u32vec lits = { 0 }, cand = { 0 }, chosen = { 0 };
  sg_rc rc = SG_VEC_RESERVE (lits, e->cnf.lits.n) ? SG_RC_OK : SG_RC_NOMEM;
  if (!rc)
    {
      memcpy (lits.a, e->cnf.lits.a, e->cnf.lits.n * sizeof *lits.a);
      lits.n = e->cnf.lits.n;
    }
  sg_buf_printf (desc, "%s-approximation of %u literal occurrence%s:",
                 dir == SG_SAE_OVER ? "over" : "under", k, k == 1 ? "" : "s");
  /* k distinct occurrences (partial Fisher-Yates over a copy of occs). */
  if (!rc && !SG_VEC_RESERVE (chosen, e->occs.n)) rc = SG_RC_NOMEM;
  if (!rc)
    {
      memcpy (chosen.a, e->occs.a, e->occs.n * sizeof *chosen.a);
      chosen.n = e->occs.n;
    }
  for (uint32_t i = 0; i < k && !rc; i++)
    {
      uint32_t j = i + (uint32_t) sg_rng_below (r, chosen.n - i);
      uint32_t pos = chosen.a[j];
      chosen.a[j] = chosen.a[i];
      chosen.a[i] = pos;
      sg_buf_adds (desc, i ? "; " : " ");
      rc = mutate_lit (e, o, dir, r, &cand, lits.a[pos], &lits.a[pos], desc);
    }
  if (!rc) rc = print_mutant (e, &lits, out);
  if (rc == SG_RC_SORT) sg_buf_printf (desc, " (error: %s)", s->err);
  SG_VEC_FREE (lits);
  SG_VEC_FREE (cand);
  SG_VEC_FREE (chosen);
  sg_store_rollback (s, &m);
  if (changed) *changed = rc ? 0 : k;
  return rc;
}
