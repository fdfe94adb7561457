/* total: the totalised form of a script (the rewrite; the judge is total_judge.c). */
#include "oracle/total.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/parse.h"
#include "front/print.h"
#include "oracle/unspec.h"

/* At most this many fresh functions (operator and sort pairs) in one script. */
#define MAX_FRESH 32

typedef struct fresh {
  sg_op op;      /* canonical operator */
  sg_sort sort;  /* the sort it is keyed by (the dividend's, the operand's) */
  uint32_t fun;  /* its declaration */
} fresh;

typedef struct rw {
  sg_store *s;
  fresh f[MAX_FRESH];
  uint32_t nf;
  uint32_t guarded;
} rw;

static bool
handled (sg_op canon)
{
  return canon == SG_OP_RDIV || canon == SG_OP_IDIV || canon == SG_OP_MOD || canon == SG_OP_FP_TO_REAL
         || canon == SG_OP_FP_MIN || canon == SG_OP_FP_MAX;
}

/* The fresh function of op keyed by sort, with parameter sorts params[n] and result ret
 * (declared at first use). */
static sg_rc
fresh_fun (rw *r, sg_op op, sg_sort sort, const sg_sort *params, uint32_t n, sg_sort ret, uint32_t *fun)
{
  for (uint32_t i = 0; i < r->nf; i++)
    if (r->f[i].op == op && r->f[i].sort == sort)
      {
        *fun = r->f[i].fun;
        return SG_RC_OK;
      }
  if (r->nf == MAX_FRESH) return SG_RC_LIMIT;
  const char *prefix = op == SG_OP_RDIV ? "div0_real" : op == SG_OP_IDIV ? "div0_int" : op == SG_OP_MOD ? "mod0_int"
                       : op == SG_OP_FP_TO_REAL ? "fp.to_real0_" : op == SG_OP_FP_MIN ? "fp.min0_" : "fp.max0_";
  sg_atom name;
  sg_rc rc = sg_store_fresh_atom (r->s, prefix, &name);
  if (!rc) rc = sg_store_add_fun (r->s, name, SG_FUN_DECLARED, params, n, ret, fun);
  if (rc) return rc;
  r->f[r->nf++] = (fresh) { op, sort, *fun };
  return SG_RC_OK;
}

/* Is t a numeral or decimal literal (maybe implicitly coerced) other than zero? Then a
 * division by it needs no guard. */
static bool
nonzero_literal (const sg_store *s, sg_term t)
{
  const sg_node *nd = sg_term_node (s, t);
  if ((nd->flags & SG_TF_IMPLICIT) && nd->nargs == 1) nd = sg_term_node (s, sg_term_arg (s, t, 0));
  if (nd->op != SG_OP_NUMERAL && nd->op != SG_OP_DECIMAL) return false;
  const char *text = sg_store_text (s, nd->aux);
  for (uint32_t i = 0, n = sg_atom_len (&s->atoms, nd->aux); i < n; i++)
    if (text[i] >= '1' && text[i] <= '9') return true;
  return false;
}

/* Is t an implicit coercion of an Int term that is not a numeral? */
static bool
coerced_int (const sg_store *s, sg_term t)
{
  const sg_node *nd = sg_term_node (s, t);
  return (nd->flags & SG_TF_IMPLICIT) && nd->nargs == 1 && sg_term_op (s, sg_term_arg (s, t, 0)) != SG_OP_NUMERAL;
}

/* (ite guard value app) into *out. */
static sg_rc
mk_ite (sg_store *s, sg_term guard, sg_term value, sg_term app, sg_term *out)
{
  sg_term a[3] = { guard, value, app };
  return sg_mk_app (s, SG_OP_ITE, a, 3, NULL, 0, out);
}

/* One step of a division (op: /, div or mod, as written) of num by den: guarded unless den is
 * a non-zero literal. */
static sg_rc
guard_div (rw *r, sg_op op, sg_op canon, sg_term num, sg_term den, sg_term *out)
{
  sg_store *s = r->s;
  sg_term a[2] = { num, den }, app = SG_NONE, zero = SG_NONE, eq = SG_NONE, val = SG_NONE;
  sg_rc rc = sg_mk_app (s, op, a, 2, NULL, 0, &app);
  if (rc || nonzero_literal (s, den))
    {
      *out = app;
      return rc;
    }
  /* An Int term the input left to be coerced (z3 and cvc5 read (/ x d) over Ints) is printed
   * as itself: the guard compares it with the Int 0, the fresh function (over Reals) gets an
   * explicit to_real, which cvc5 requires of a function's argument; a numeral N there is
   * written N.0 (to_real is not declared in a logic without Ints). */
  if (coerced_int (s, den)) den = sg_term_arg (s, den, 0);
  sg_term fa = num;
  const sg_node *nn = sg_term_node (s, num);
  if ((nn->flags & SG_TF_IMPLICIT) && nn->nargs == 1)
    {
      sg_term child = sg_term_arg (s, num, 0);
      const sg_node *cn = sg_term_node (s, child);
      if (cn->op == SG_OP_NUMERAL)
        {
          uint32_t n = sg_atom_len (&s->atoms, cn->aux);
          char *dec = malloc ((size_t) n + 3);
          if (!dec) return SG_RC_NOMEM;
          memcpy (dec, sg_store_text (s, cn->aux), n);
          memcpy (dec + n, ".0", 3);
          rc = sg_mk_literal (s, SG_OP_DECIMAL, dec, n + 2, &fa);
          free (dec);
        }
      else rc = sg_mk_app (s, SG_OP_TO_REAL, &child, 1, NULL, 0, &fa);
    }
  sg_sort ds = sg_term_sort (s, den), ns = sg_term_sort (s, num);
  if (!rc)
    rc = ds == s->s_real ? sg_mk_literal (s, SG_OP_DECIMAL, "0.0", 3, &zero) : sg_mk_literal (s, SG_OP_NUMERAL, "0", 1, &zero);
  sg_term e[2] = { den, zero };
  uint32_t fun;
  if (!rc) rc = sg_mk_app (s, SG_OP_EQ, e, 2, NULL, 0, &eq);
  if (!rc) rc = fresh_fun (r, canon, ns, &ns, 1, sg_term_sort (s, app), &fun);
  if (!rc) rc = sg_mk_fun_app (s, fun, &fa, 1, &val);
  if (!rc) rc = mk_ite (s, eq, val, app, out);
  r->guarded += !rc;
  return rc;
}

/* The predicate op on x. */
static sg_rc
pred (sg_store *s, sg_op op, sg_term x, sg_term *out)
{
  return sg_mk_app (s, op, &x, 1, NULL, 0, out);
}

/* fp.min / fp.max of a and b (app, already rebuilt): opposite zeros take a fresh choice. */
static sg_rc
guard_minmax (rw *r, sg_op canon, sg_term app, sg_term a, sg_term b, sg_term *out)
{
  sg_store *s = r->s;
  sg_sort fs = sg_term_sort (s, a);
  const sg_sortnode *sn = sg_sort_node (s, fs);
  uint32_t idx[2] = { sn->a, sn->b }, fun;
  sg_sort ps[2] = { fs, fs };
  sg_term za = SG_NONE, zb = SG_NONE, na = SG_NONE, nb = SG_NONE, x = SG_NONE, g = SG_NONE;
  sg_term pz = SG_NONE, nz = SG_NONE, ch = SG_NONE, val = SG_NONE;
  sg_term ab[2] = { a, b };
  sg_rc rc = pred (s, SG_OP_FP_IS_ZERO, a, &za);
  if (!rc) rc = pred (s, SG_OP_FP_IS_ZERO, b, &zb);
  if (!rc) rc = pred (s, SG_OP_FP_IS_NEGATIVE, a, &na);
  if (!rc) rc = pred (s, SG_OP_FP_IS_NEGATIVE, b, &nb);
  sg_term nn[2] = { na, nb };
  if (!rc) rc = sg_mk_app (s, SG_OP_XOR, nn, 2, NULL, 0, &x);
  sg_term conj[3] = { za, zb, x };
  if (!rc) rc = sg_mk_app (s, SG_OP_AND, conj, 3, NULL, 0, &g);
  if (!rc) rc = sg_mk_app (s, SG_OP_FP_PZERO, NULL, 0, idx, 2, &pz);
  if (!rc) rc = sg_mk_app (s, SG_OP_FP_NZERO, NULL, 0, idx, 2, &nz);
  if (!rc) rc = fresh_fun (r, canon, fs, ps, 2, s->s_bool, &fun);
  if (!rc) rc = sg_mk_fun_app (s, fun, ab, 2, &ch);
  if (!rc) rc = mk_ite (s, ch, pz, nz, &val);
  if (!rc) rc = mk_ite (s, g, val, app, out);
  r->guarded += !rc;
  return rc;
}

/* fp.to_real of x (app, already rebuilt): ±oo and NaN take a fresh value. */
static sg_rc
guard_to_real (rw *r, sg_term app, sg_term x, sg_term *out)
{
  sg_store *s = r->s;
  sg_sort fs = sg_term_sort (s, x);
  sg_term inf = SG_NONE, nan = SG_NONE, g = SG_NONE, val = SG_NONE;
  uint32_t fun;
  sg_rc rc = pred (s, SG_OP_FP_IS_INFINITE, x, &inf);
  if (!rc) rc = pred (s, SG_OP_FP_IS_NAN, x, &nan);
  sg_term d[2] = { inf, nan };
  if (!rc) rc = sg_mk_app (s, SG_OP_OR, d, 2, NULL, 0, &g);
  if (!rc) rc = fresh_fun (r, SG_OP_FP_TO_REAL, fs, &fs, 1, s->s_real, &fun);
  if (!rc) rc = sg_mk_fun_app (s, fun, &x, 1, &val);
  if (!rc) rc = mk_ite (s, g, val, app, out);
  r->guarded += !rc;
  return rc;
}

/* The totalised image of term t, whose children are mapped (args: their images). */
static sg_rc
rewrite_one (rw *r, sg_term t, const sg_term *args, bool changed, sg_term *out)
{
  sg_store *s = r->s;
  sg_op op = sg_term_op (s, t);
  uint32_t n = sg_term_nargs (s, t);
  sg_op canon = op >= SG_OP_FIRST_BUILTIN ? (sg_op) sg_op_info (op)->canon : op;
  if (op >= SG_OP_FIRST_BUILTIN && (canon == SG_OP_RDIV || canon == SG_OP_IDIV || canon == SG_OP_MOD) && n >= 2
      && !(sg_term_node (s, t)->flags & SG_TF_IMPLICIT))
    {
      /* left-associative: ((a0 / a1) / a2) ..., each step guarded */
      sg_term acc = args[0];
      for (uint32_t i = 1; i < n; i++)
        {
          sg_rc rc = guard_div (r, op, canon, acc, args[i], &acc);
          if (rc) return rc;
        }
      *out = acc;
      return SG_RC_OK;
    }
  sg_term app = t;
  if (changed)
    {
      sg_rc rc = sg_term_rebuild (s, t, args, &app);
      if (rc) return rc;
    }
  if (op >= SG_OP_FIRST_BUILTIN && (canon == SG_OP_FP_MIN || canon == SG_OP_FP_MAX) && n == 2)
    return guard_minmax (r, canon, app, args[0], args[1], out);
  if (op >= SG_OP_FIRST_BUILTIN && canon == SG_OP_FP_TO_REAL && n == 1) return guard_to_real (r, app, args[0], out);
  *out = app;
  return SG_RC_OK;
}

/* The logic the totalised script needs: logic with UF (NULL: unchanged). */
static const char *
logic_with_uf (const char *logic, char *buf, size_t size)
{
  if (!strcmp (logic, "ALL") || strstr (logic, "UF")) return NULL;
  /* the logics z3, cvc5 and cvc4 all know with UF inserted after QF_ and A */
  static const char *const known[] = { "QF_LIA", "QF_LRA", "QF_NIA", "QF_NRA", "QF_NIRA", "QF_IDL", "QF_BV",
                                       "QF_ABV", "QF_ALIA", "LIA", "LRA", "NIA", "NRA", "NIRA", "ALIA", "ANIA" };
  for (size_t i = 0; i < sizeof known / sizeof *known; i++)
    if (!strcmp (logic, known[i]))
      {
        size_t q = strncmp (logic, "QF_", 3) ? 0 : 3;
        if (logic[q] == 'A') q++;
        snprintf (buf, size, "%.*sUF%s", (int) q, logic, logic + q);
        return buf;
      }
  return "ALL";
}

/* Declare the fresh functions (before the first command after the last set-logic, or after
 * the start, that is not set-option or set-info: z3 refuses some options after a declaration)
 * and give the logic UF. */
static sg_rc
declare (rw *r, sg_script *sc)
{
  sg_store *s = r->s;
  uint32_t at = 0;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    if (sc->cmds.a[i].kind == SG_WK_SET_LOGIC) at = i + 1;
  while (at < sc->cmds.n && (sc->cmds.a[at].kind == SG_WK_SET_OPTION || sc->cmds.a[at].kind == SG_WK_SET_INFO))
    at++;
  for (uint32_t k = 0; k < r->nf; k++)
    {
      sg_rc rc = sg_script_insert (sc, at + k, SG_WK_DECLARE_FUN, r->f[k].fun, NULL, 0);
      if (rc) return rc;
    }
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      sg_cmd *c = &sc->cmds.a[i];
      if (c->kind != SG_WK_SET_LOGIC || (c->flags & SG_CMD_RAW)) continue;
      char buf[64];
      const char *nl = logic_with_uf (sg_store_text (s, c->aux), buf, sizeof buf);
      sg_atom a;
      if (!nl) continue;
      if (!sg_atom_intern (&s->atoms, nl, strlen (nl), &a)) return SG_RC_NOMEM;
      c->aux = a;
      sc->logic = a;
    }
  return SG_RC_OK;
}

sg_rc
sg_total_script (sg_store *s, sg_script *sc, uint32_t *guarded, char *why, size_t size)
{
  if (guarded) *guarded = 0;
  char what[200];
  if (sg_unspec_find_except (s, handled, what, sizeof what))
    {
      snprintf (why, size, "not totalised: %s", what);
      return SG_RC_USAGE;
    }
  uint32_t n = sg_term_count (s);
  sg_term *img = malloc ((size_t) n * sizeof *img + 1);
  sg_term *args = NULL;
  uint32_t cap = 0;
  rw r = { s, { { 0, 0, 0 } }, 0, 0 };
  sg_rc rc = img ? SG_RC_OK : SG_RC_NOMEM;
  /* ids are topological: children are mapped before their parent (no recursion) */
  for (sg_term t = 0; t < n && !rc; t++)
    {
      uint32_t k = sg_term_nargs (s, t);
      if (k > cap)
        {
          sg_term *na = realloc (args, (size_t) k * 2 * sizeof *na);
          if (!na) { rc = SG_RC_NOMEM; break; }
          args = na;
          cap = k * 2;
        }
      bool changed = false;
      for (uint32_t i = 0; i < k; i++)
        {
          args[i] = img[sg_term_arg (s, t, i)];
          changed |= args[i] != sg_term_arg (s, t, i);
        }
      rc = rewrite_one (&r, t, args, changed, &img[t]);
    }
  for (uint32_t i = 0; i < sc->cmds.n && !rc; i++)
    {
      uint32_t first, count;
      sg_cmd_term_items (&sc->cmds.a[i], &first, &count);
      for (uint32_t k = first; k < first + count && !rc; k++)
        {
          sg_term t = sg_cmd_items (sc, &sc->cmds.a[i])[k];
          if (t < n && img[t] != t) rc = sg_script_set_item (sc, i, k, img[t]);
        }
    }
  if (!rc) rc = declare (&r, sc);
  free (img);
  free (args);
  if (rc == SG_RC_LIMIT) snprintf (why, size, "not totalised: more than %d operator and sort pairs", MAX_FRESH);
  else if (rc) snprintf (why, size, "not totalised: %s", s->err[0] ? s->err : sg_rc_name (rc));
  else if (guarded) *guarded = r.guarded;
  return rc == SG_RC_LIMIT ? SG_RC_USAGE : rc;
}

bool
sg_total_text (const char *text, size_t len, sg_buf *out, char *why, size_t size)
{
  sg_store s;
  sg_script sc;
  sg_diag d;
  sg_buf_reset (out);
  if (sg_store_init (&s)) return false;
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "totalise");
  uint32_t guarded = 0;
  bool ok = false;
  if (sg_parse_string (&s, &sc, text, len, "totalise", &d))
    snprintf (why, size, "not totalised: %s", d.msg);
  else if (!sg_total_script (&s, &sc, &guarded, why, size))
    {
      if (!guarded) snprintf (why, size, "not totalised: no partial application needs a guard");
      else
        {
          /* (set-info :status ...) is the script's label, not the totalised formula's (z3
           * answers with an error where they differ): dropped. Items are by offset, so the
           * commands compact in place. */
          uint32_t k = 0;
          for (uint32_t i = 0; i < sc.cmds.n; i++)
            if (sc.cmds.a[i].kind != SG_WK_SET_INFO || (sc.cmds.a[i].flags & SG_CMD_RAW)
                || strcmp (sg_store_text (&s, sc.cmds.a[i].aux), ":status"))
              sc.cmds.a[k++] = sc.cmds.a[i];
          sc.cmds.n = k;
          sg_print_opts po = { 0 };
          sg_print_script (&sc, &po, out);
          ok = sg_buf_ok (out);
        }
    }
  sg_script_free (&sc);
  sg_store_free (&s);
  return ok;
}
