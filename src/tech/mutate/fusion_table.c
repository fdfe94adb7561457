/* fusion_table: the fusion function table — the built-in functions (fusion_table.def), the
 * loader of `#begin ... #end` blocks and its validator (each function evaluated on random
 * samples), random literals, and the instantiation of a function at a sort (its three
 * equations over fresh constants), which fusion.c uses to build triplets (TECHNIQUES.md §2). */
#include "tech/mutate/fusion.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "base/limits.h"
#include "eval/eval.h"
#include "front/parse.h"
#include "front/print.h"
#include "tech/mutate/fusion_int.h"

#define FUSION_SAMPLES 50   /* validation samples per function */
#define FUSION_MAX_DEPTH 10000 /* substitution depth (templates are small) */

#define FUSION_FN(id, text) "#begin\n" text "#end\n"
static const char builtin_text[] =
#include "tech/mutate/fusion_table.def"
  ;

const char *
sg_fusion_builtin_text (void)
{
  return builtin_text;
}

void
sg_fusion_table_init (sg_fusion_table *t)
{
  memset (t, 0, sizeof *t);
}

static void
fn_free (sg_fusion_fn *f)
{
  free (f->decls);
  for (int i = 0; i < 3; i++) free (f->eq[i]);
  free (f->origin);
}

void
sg_fusion_table_free (sg_fusion_table *t)
{
  for (uint32_t i = 0; i < t->fns.n; i++) fn_free (&t->fns.a[i]);
  SG_VEC_FREE (t->fns);
}

static char *
dupn (const char *s, size_t n)
{
  char *p = malloc (n + 1);
  if (p) memcpy (p, s, n), p[n] = 0;
  return p;
}

/* ---- random literals ------------------------------------------------------------------- */

/* Literal text of sort kind/width into b. nonzero: numeric values are not 0. small: values
 * chosen to hit corner cases (zero, short strings over a tiny alphabet) for validation. */
static void rand_lit (sg_rng *r, uint8_t kind, uint32_t width, bool nonzero, bool small, sg_buf *b);

/* A literal of sort so (rand_lit's kinds, and sequences of them: (seq.++ (seq.unit e) ...) or
 * (as seq.empty S); sequences of sequences get empty elements, so nothing recurses). */
static void
rand_lit_sort (sg_rng *r, const sg_store *s, sg_sort so, bool nonzero, bool small, sg_buf *b)
{
  const sg_sortnode *sn = sg_sort_node (s, so);
  if (sn->kind != SG_SORT_SEQ) { rand_lit (r, sn->kind, sn->a, nonzero, small, b); return; }
  sg_sort e = s->pool.a[sn->args];
  const sg_sortnode *en = sg_sort_node (s, e);
  uint32_t n = (uint32_t) sg_rng_below (r, small ? 4 : 6);
  if (nonzero && n == 0) n = 1;
  if (n == 0) { sg_buf_adds (b, "(as seq.empty "); sg_sort_print (s, so, b); sg_buf_addc (b, ')'); return; }
  if (n > 1) sg_buf_adds (b, "(seq.++");
  for (uint32_t i = 0; i < n; i++)
    {
      sg_buf_adds (b, n > 1 ? " (seq.unit " : "(seq.unit ");
      if (en->kind == SG_SORT_BOOL) sg_buf_adds (b, sg_rng_below (r, 2) ? "true" : "false");
      else if (en->kind == SG_SORT_INT || en->kind == SG_SORT_REAL || en->kind == SG_SORT_STRING
               || en->kind == SG_SORT_BV)
        rand_lit (r, en->kind, en->a, false, small, b);
      else { sg_buf_adds (b, "(as seq.empty "); sg_sort_print (s, e, b); sg_buf_addc (b, ')'); }
      sg_buf_addc (b, ')');
    }
  if (n > 1) sg_buf_addc (b, ')');
}

static void
rand_lit (sg_rng *r, uint8_t kind, uint32_t width, bool nonzero, bool small, sg_buf *b)
{
  switch (kind)
    {
    case SG_SORT_INT:
    case SG_SORT_REAL:
      {
        long v;
        unsigned frac = 0;
        do
          {
            if (small && sg_rng_chance (r, 1, 5)) v = 0;
            else if (small && sg_rng_chance (r, 1, 2)) v = (long) sg_rng_below (r, 7) - 3;
            else v = (long) sg_rng_below (r, 2001) - 1000;
            frac = kind == SG_SORT_REAL && !(small && sg_rng_chance (r, 1, 2))
                     ? (unsigned) sg_rng_below (r, 100000) : 0;
          }
        while (nonzero && v == 0 && frac == 0);
        unsigned long a = (unsigned long) (v < 0 ? -v : v);
        bool neg = v < 0 || (v == 0 && frac && sg_rng_chance (r, 1, 2));
        if (neg) sg_buf_adds (b, "(- ");
        if (kind == SG_SORT_INT) sg_buf_printf (b, "%lu", a);
        else sg_buf_printf (b, "%lu.%05u", a, frac);
        if (neg) sg_buf_adds (b, ")");
        break;
      }
    case SG_SORT_STRING:
      {
        uint32_t n = small ? (uint32_t) sg_rng_below (r, 6) : (uint32_t) sg_rng_below (r, 21);
        sg_buf_addc (b, '"');
        for (uint32_t i = 0; i < n; i++)
          sg_buf_addc (b, (char) ('a' + sg_rng_below (r, small ? 3 : 26)));
        sg_buf_addc (b, '"');
        break;
      }
    default: /* BV */
      sg_buf_adds (b, "#b");
      for (uint32_t i = 0; i < width; i++)
        sg_buf_addc (b, small && sg_rng_chance (r, 1, 3) ? '0' : (char) ('0' + (sg_rng_next (r) & 1)));
      break;
    }
}

/* ---- instantiation ---------------------------------------------------------------------- */

void
sgf_inst_free (inst *in)
{
  SG_VEC_FREE (in->cfuns);
  SG_VEC_FREE (in->clits);
}

static uint32_t
decl_fun (const sg_script *sc, const char *name)
{
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      if ((c->kind == SG_WK_DECLARE_CONST || c->kind == SG_WK_DECLARE_FUN)
          && strcmp (sg_store_text (sc->store, sc->store->funs.a[c->aux].name), name) == 0)
        return c->aux;
    }
  return SG_NONE;
}

/* Parse fn at sort `sort` into s: the three right-hand sides, fresh random constants (literals
 * drawn here) and, for validation, literals for x and y. */
sg_rc
sgf_inst_parse (sg_store *s, const sg_fusion_fn *fn, sg_sort sort, sg_rng *r, const char *xlit,
                const char *ylit, inst *in)
{
  memset (in, 0, sizeof *in);
  in->lx = in->ly = SG_NONE;
  sg_buf st, tx;
  sg_buf_init (&st);
  sg_buf_init (&tx);
  sg_sort_print (s, sort, &st);
  const char *vars[3] = { "x", "y", "z" };
  for (int i = 0; i < 3; i++) sg_buf_printf (&tx, "(declare-const %s %s)", vars[i], st.s);
  for (const char *c = fn->decls; *c; c += strlen (c) + 1)
    sg_buf_printf (&tx, "(declare-const %s %s)", c, st.s);
  for (int i = 0; i < 3; i++) sg_buf_printf (&tx, "(assert (= %s %s))", i == 0 ? "z" : i == 1 ? "x" : "y", fn->eq[i]);
  for (const char *c = fn->decls; *c; c += strlen (c) + 1)
    {
      sg_buf_printf (&tx, "(assert (= %s ", c);
      rand_lit_sort (r, s, sort, true, false, &tx);
      sg_buf_adds (&tx, "))");
    }
  if (xlit) sg_buf_printf (&tx, "(assert (= x %s))(assert (= y %s))", xlit, ylit);
  sg_rc rc = sg_buf_ok (&tx) && sg_buf_ok (&st) ? SG_RC_OK : SG_RC_NOMEM;
  sg_script sc;
  sg_script_init (&sc, s);
  sg_diag d;
  sg_diag_init (&d, "<fusion>");
  if (!rc) rc = sg_parse_string (s, &sc, tx.s, tx.len, "<fusion>", &d);
  if (!rc)
    {
      in->fx = decl_fun (&sc, "x");
      in->fy = decl_fun (&sc, "y");
      in->fz = decl_fun (&sc, "z");
      uint32_t k = 0;
      for (uint32_t i = 0; i < sc.cmds.n && !rc; i++)
        {
          const sg_cmd *c = &sc.cmds.a[i];
          if (c->kind == SG_WK_DECLARE_CONST && c->aux != in->fx && c->aux != in->fy
              && c->aux != in->fz)
            if (!SG_VEC_PUSH (in->cfuns, c->aux)) rc = SG_RC_NOMEM;
          if (c->kind != SG_WK_ASSERT) continue;
          sg_term rhs = sg_term_arg (s, sg_cmd_items (&sc, c)[0], 1);
          if (k < 3) in->rhs[k] = rhs;
          else if (k - 3 < fn->nconsts)
            {
              if (!SG_VEC_PUSH (in->clits, rhs)) rc = SG_RC_NOMEM;
            }
          else if (k - 3 == fn->nconsts) in->lx = rhs;
          else in->ly = rhs;
          k++;
        }
    }
  sg_script_free (&sc);
  sg_buf_free (&st);
  sg_buf_free (&tx);
  if (rc) sgf_inst_free (in);
  return rc;
}

/* Substitution of declared 0-ary funs by terms (memoised; recursion bounded by the depth of
 * the template terms, which are short). */
typedef struct subst {
  sg_store *s;
  const uint32_t *from; /* funs */
  const sg_term *to;
  uint32_t n;
  sg_u32vec memo;       /* pairs old, new */
} subst;

static sg_rc
subst_term (subst *sb, sg_term t, uint32_t depth, sg_term *out)
{
  sg_store *s = sb->s;
  if (depth > FUSION_MAX_DEPTH) return SG_RC_LIMIT;
  if (sg_term_op (s, t) == SG_OP_APP && sg_term_nargs (s, t) == 0)
    for (uint32_t i = 0; i < sb->n; i++)
      if (sg_term_node (s, t)->aux == sb->from[i]) return *out = sb->to[i], SG_RC_OK;
  uint32_t n = sg_term_nargs (s, t);
  if (n == 0) return *out = t, SG_RC_OK;
  for (uint32_t i = 0; i < sb->memo.n; i += 2)
    if (sb->memo.a[i] == t) return *out = sb->memo.a[i + 1], SG_RC_OK;
  sg_term *a = malloc (n * sizeof *a);
  if (!a) return SG_RC_NOMEM;
  sg_rc rc = SG_RC_OK;
  bool same = true;
  for (uint32_t i = 0; i < n && !rc; i++)
    {
      rc = subst_term (sb, sg_term_arg (s, t, i), depth + 1, &a[i]);
      if (!rc && a[i] != sg_term_arg (s, t, i)) same = false;
    }
  if (!rc) rc = same ? (*out = t, SG_RC_OK) : sg_term_rebuild (s, t, a, out);
  free (a);
  if (!rc && (!SG_VEC_PUSH (sb->memo, t) || !SG_VEC_PUSH (sb->memo, *out))) rc = SG_RC_NOMEM;
  return rc;
}

/* out[0..2] = f(X,Y), r_x(Y,Z), r_y(X,Z) with the instance's constants. */
sg_rc
sgf_inst_apply (sg_store *s, const inst *in, sg_term X, sg_term Y, sg_term Z, sg_term out[3])
{
  uint32_t n = 3 + in->cfuns.n;
  uint32_t *from = malloc (n * sizeof *from);
  sg_term *to = malloc (n * sizeof *to);
  if (!from || !to) return free (from), free (to), SG_RC_NOMEM;
  from[0] = in->fx, from[1] = in->fy, from[2] = in->fz;
  to[0] = X, to[1] = Y, to[2] = Z;
  for (uint32_t i = 0; i < in->cfuns.n; i++) from[3 + i] = in->cfuns.a[i], to[3 + i] = in->clits.a[i];
  subst sb = { s, from, to, n, { 0 } };
  sg_rc rc = SG_RC_OK;
  for (int i = 0; i < 3 && !rc; i++) rc = subst_term (&sb, in->rhs[i], 0, &out[i]);
  SG_VEC_FREE (sb.memo);
  free (from);
  free (to);
  return rc;
}

/* ---- loader ----------------------------------------------------------------------------- */

/* Features of term t (SG_FF_*) or-ed into *feats: the sorts of its subterms, and nonlinearity
 * (a product of two subterms that mention x, y or z; a division whose divisor mentions them);
 * *height: the levels of t (a constant has 1). Iterative (explicit stack; blocks nest as deep
 * as the parser allows), each distinct node of the hash-consed DAG visited once, its children
 * before it. */
enum { TF_OPEN = 1, TF_DONE = 2, TF_MENTIONS = 4 };

static sg_rc
term_feats (const sg_store *s, sg_term t, uint32_t fx, uint32_t fy, uint32_t fz, uint32_t *feats,
            uint32_t *height)
{
  uint8_t *st = calloc (s->nodes.n, 1);          /* TF_* per node */
  uint32_t *hg = calloc (s->nodes.n, sizeof *hg); /* height per done node */
  SG_VEC (sg_term) stk = { 0 };
  if (!st || !hg || !SG_VEC_PUSH (stk, t))
    return free (st), free (hg), SG_VEC_FREE (stk), SG_RC_NOMEM;
  uint32_t f = 0;
  while (stk.n)
    {
      sg_term u = SG_VEC_TOP (stk);
      uint32_t n = sg_term_nargs (s, u);
      if (st[u] & TF_DONE) { stk.n--; continue; }
      if (!(st[u] & TF_OPEN))
        {
          st[u] |= TF_OPEN;
          for (uint32_t i = n; i-- > 0;)
            if (!(st[sg_term_arg (s, u, i)] & TF_DONE) && !SG_VEC_PUSH (stk, sg_term_arg (s, u, i)))
              return free (st), free (hg), SG_VEC_FREE (stk), SG_RC_NOMEM;
          continue;
        }
      stk.n--; /* every child is done */
      sg_sort so = sg_term_sort (s, u);
      if (so == s->s_int) f |= SG_FF_INT;
      else if (so == s->s_real) f |= SG_FF_REAL;
      else if (so == s->s_string) f |= SG_FF_STRING;
      else if (sg_sort_kind_of (s, so) == SG_SORT_BV) f |= SG_FF_BV;
      bool mentions = false;
      sg_op op = sg_term_op (s, u);
      if (op == SG_OP_APP && n == 0)
        {
          uint32_t a = sg_term_node (s, u)->aux;
          mentions = a == fx || a == fy || a == fz;
        }
      uint32_t nvar = 0, h = 0;
      bool last = false;
      for (uint32_t i = 0; i < n; i++)
        {
          sg_term a = sg_term_arg (s, u, i);
          last = (st[a] & TF_MENTIONS) != 0;
          if (last) nvar++, mentions = true;
          if (hg[a] > h) h = hg[a];
        }
      hg[u] = h + 1;
      if (op == SG_OP_MUL && nvar >= 2) f |= SG_FF_NONLINEAR;
      if ((op == SG_OP_IDIV || op == SG_OP_MOD || op == SG_OP_RDIV) && last)
        f |= SG_FF_NONLINEAR | SG_FF_PARTIAL;
      st[u] = TF_DONE | (mentions ? TF_MENTIONS : 0);
    }
  *feats |= f;
  *height = hg[t];
  free (st);
  free (hg);
  SG_VEC_FREE (stk);
  return SG_RC_OK;
}

static sg_rc
block_err (sg_diag *d, uint32_t line, uint32_t col, const char *fmt, const char *a)
{
  return sg_diag_set (d, SG_RC_SORT, line, col, fmt, a);
}

/* Evaluate t (Bool) in a fresh evaluator: 1 true, 0 false, -1 undetermined. */
static int
eval_bool (sg_store *s, sg_term t)
{
  sg_eval *e = sg_eval_new (s, NULL, 0);
  if (!e) return -1;
  sg_val v;
  int res = -1;
  if (!sg_eval_term (e, t, &v) && !sg_v_is_undet (v) && v->kind == SG_V_BOOL) res = v->u.b;
  sg_eval_free (e);
  return res;
}

/* Parse and validate one block (line0: file line of its first line). */
static sg_rc
load_block (sg_fusion_table *t, const char *text, size_t len, const char *name, uint32_t line0,
            sg_rng *r, sg_diag *d)
{
  sg_store s;
  sg_script sc;
  sg_rc rc = sg_store_init (&s);
  if (rc) return sg_diag_set (d, rc, 0, 0, "out of memory");
  sg_script_init (&sc, &s);
  sg_diag pd;
  sg_diag_init (&pd, name);
  sg_fusion_fn fn;
  memset (&fn, 0, sizeof fn);
  sg_buf cn, pr;
  sg_buf_init (&cn);
  sg_buf_init (&pr);
  rc = sg_parse_string (&s, &sc, text, len, name, &pd);
  if (rc)
    {
      sg_diag_set (d, rc, pd.line ? pd.line + line0 - 1 : line0, pd.col, "%s", pd.msg);
      goto done;
    }
  uint32_t fx = decl_fun (&sc, "x"), fy = decl_fun (&sc, "y"), fz = decl_fun (&sc, "z");
  if (fx == SG_NONE || fy == SG_NONE || fz == SG_NONE)
    {
      rc = block_err (d, line0, 1, "fusion block must declare x, y and z%s", "");
      goto done;
    }
  sg_sort so = s.funs.a[fx].ret;
  sg_sort_kind k = sg_sort_kind_of (&s, so);
  uint32_t nass = 0;
  const char *want[3] = { "z", "x", "y" };
  sg_term rhs[3] = { SG_NONE, SG_NONE, SG_NONE };
  uint32_t rline[3] = { 0 }, rcol[3] = { 0 };
  for (uint32_t i = 0; i < sc.cmds.n && !rc; i++)
    {
      const sg_cmd *c = &sc.cmds.a[i];
      uint32_t ln = c->line + line0 - 1;
      if (c->kind == SG_WK_DECLARE_CONST || c->kind == SG_WK_DECLARE_FUN)
        {
          const sg_fun *f = &s.funs.a[c->aux];
          const char *nm = sg_store_text (&s, f->name);
          if (f->nparams || f->ret != so)
            rc = block_err (d, ln, c->col, "'%s' must be a constant of the sort of x", nm);
          else if (c->aux != fx && c->aux != fy && c->aux != fz)
            sg_buf_add (&cn, nm, strlen (nm) + 1), fn.nconsts++;
        }
      else if (c->kind == SG_WK_ASSERT)
        {
          sg_term a = sg_cmd_items (&sc, c)[0];
          uint32_t v = nass == 0 ? fz : nass == 1 ? fx : fy;
          if (nass >= 3)
            rc = block_err (d, ln, c->col, "fusion block has more than three asserts%s", "");
          else if (sg_term_op (&s, a) != SG_OP_EQ || sg_term_nargs (&s, a) != 2
                   || sg_term_op (&s, sg_term_arg (&s, a, 0)) != SG_OP_APP
                   || sg_term_node (&s, sg_term_arg (&s, a, 0))->aux != v)
            rc = block_err (d, ln, c->col, "expected (assert (= %s ...))", want[nass]);
          else rline[nass] = ln, rcol[nass] = c->col, rhs[nass++] = sg_term_arg (&s, a, 1);
        }
      else if (c->kind != SG_WK_SET_LOGIC && c->kind != SG_WK_SET_INFO
               && c->kind != SG_WK_SET_OPTION)
        rc = block_err (d, ln, c->col, "unexpected command in fusion block%s", "");
    }
  if (!rc && nass != 3)
    rc = block_err (d, line0, 1, "fusion block needs three asserts: z = f, x = r_x, y = r_y%s", "");
  if (!rc && k != SG_SORT_INT && k != SG_SORT_REAL && k != SG_SORT_STRING && k != SG_SORT_BV
      && k != SG_SORT_SEQ)
    rc = block_err (d, line0, 1, "fusion variables must be Int, Real, String, BitVec or Seq%s", "");
  if (rc) goto done;
  sg_buf_addc (&cn, 0);
  fn.kind = (uint8_t) k;
  fn.decls = dupn (cn.s, cn.len);
  for (int i = 0; i < 3 && !rc; i++)
    {
      uint32_t h = 0;
      rc = term_feats (&s, rhs[i], fx, fy, fz, &fn.feats, &h);
      if (rc) break;
      if (h > FUSION_MAX_DEPTH) /* sgf_inst_apply would refuse it (SG_RC_LIMIT) */
        {
          rc = sg_diag_set (d, SG_RC_LIMIT, rline[i], rcol[i],
                            "fusion block equation nests %u deep (at most %u)", h,
                            (unsigned) FUSION_MAX_DEPTH);
          goto done;
        }
      sg_print_opts po = { true, 0 };
      sg_buf_reset (&pr);
      sg_print_term (&s, rhs[i], &po, &pr);
      fn.eq[i] = dupn (pr.s, pr.len);
      if (!fn.eq[i]) rc = SG_RC_NOMEM;
    }
  char org[300];
  snprintf (org, sizeof org, "%s:%u", name, line0 > 0 ? line0 - 1 : 0);
  fn.origin = dupn (org, strlen (org));
  if (rc || !fn.decls || !fn.origin || !sg_buf_ok (&cn))
    {
      rc = sg_diag_set (d, SG_RC_NOMEM, 0, 0, "out of memory");
      goto done;
    }
  /* Validation on samples: x, y random; z := f(x,y); x = r_x(y,z) and y = r_y(x,z) must not
   * be false. The assert positions name the failing equation. */
  uint32_t defined = 0;
  for (int i = 0; i < FUSION_SAMPLES && !rc; i++)
    {
      sg_buf lx, ly;
      sg_buf_init (&lx);
      sg_buf_init (&ly);
      rand_lit_sort (r, &s, so, false, true, &lx);
      rand_lit_sort (r, &s, so, false, true, &ly);
      inst in;
      sg_term e[3], e2[3];
      rc = sgf_inst_parse (&s, &fn, so, r, lx.s, ly.s, &in);
      if (rc)
        rc = block_err (d, line0, 1, "fusion block does not instantiate: %s", s.err);
      if (!rc) rc = sgf_inst_apply (&s, &in, in.lx, in.ly, in.lx, e);
      if (!rc) rc = sgf_inst_apply (&s, &in, in.lx, in.ly, e[0], e2);
      for (int j = 1; j < 3 && !rc; j++)
        {
          sg_term pair[2] = { j == 1 ? in.lx : in.ly, e2[j] }, eq;
          rc = sg_mk_app (&s, SG_OP_EQ, pair, 2, NULL, 0, &eq);
          if (rc) break;
          int v = eval_bool (&s, eq);
          if (v == 0)
            {
              /* find the assert command of equation j */
              uint32_t na = 0, ln = line0, col = 1;
              for (uint32_t c = 0; c < sc.cmds.n; c++)
                if (sc.cmds.a[c].kind == SG_WK_ASSERT && na++ == (uint32_t) j)
                  ln = sc.cmds.a[c].line + line0 - 1, col = sc.cmds.a[c].col;
              rc = sg_diag_set (d, SG_RC_SORT, ln, col,
                                "inversion %s fails on sample x = %s, y = %s",
                                j == 1 ? "x = r_x(y,z)" : "y = r_y(x,z)", lx.s, ly.s);
            }
          else if (v == 1 && j == 2) defined++;
        }
      sgf_inst_free (&in);
      sg_buf_free (&lx);
      sg_buf_free (&ly);
    }
  if (!rc && defined == 0)
    rc = block_err (d, line0, 1, "fusion block is never determined on samples%s", "");
  if (!rc && !SG_VEC_PUSH (t->fns, fn)) rc = sg_diag_set (d, SG_RC_NOMEM, 0, 0, "out of memory");
  if (!rc) memset (&fn, 0, sizeof fn);
done:
  fn_free (&fn);
  sg_buf_free (&cn);
  sg_buf_free (&pr);
  sg_script_free (&sc);
  sg_store_free (&s);
  return rc;
}

sg_rc
sg_fusion_table_load_string (sg_fusion_table *t, const char *text, size_t len, const char *name,
                             uint64_t seed, sg_diag *d)
{
  sg_rng r;
  sg_rng_seed (&r, seed);
  uint32_t line = 1, bline = 0;
  const char *p = text, *end = text + len, *bstart = NULL;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', (size_t) (end - p));
      const char *le = nl ? nl : end;
      const char *q = p;
      while (q < le && (*q == ' ' || *q == '\t' || *q == '\r')) q++;
      size_t n = (size_t) (le - q);
      while (n && (q[n - 1] == ' ' || q[n - 1] == '\t' || q[n - 1] == '\r')) n--;
      if (n == 6 && memcmp (q, "#begin", 6) == 0)
        {
          if (bstart) return sg_diag_set (d, SG_RC_PARSE, line, 1, "#begin inside a block");
          bstart = nl ? nl + 1 : end, bline = line + 1;
        }
      else if (n == 4 && memcmp (q, "#end", 4) == 0)
        {
          if (!bstart) return sg_diag_set (d, SG_RC_PARSE, line, 1, "#end without #begin");
          sg_rc rc = load_block (t, bstart, (size_t) (p - bstart), name, bline, &r, d);
          if (rc) return rc;
          bstart = NULL;
        }
      else if (!bstart && n && q[0] != ';')
        return sg_diag_set (d, SG_RC_PARSE, line, (uint32_t) (q - p) + 1,
                            "text outside #begin ... #end");
      p = nl ? nl + 1 : end;
      line++;
    }
  if (bstart) return sg_diag_set (d, SG_RC_PARSE, bline - 1, 1, "#begin without #end");
  return SG_RC_OK;
}

sg_rc
sg_fusion_table_load_file (sg_fusion_table *t, const char *path, uint64_t seed, sg_diag *d)
{
  char *text = NULL;
  size_t len = 0;
  sg_rc rc = sg_file_read_text (path, SG_LIMIT_DATA_BYTES, &text, &len, d);
  if (rc) return rc;
  rc = sg_fusion_table_load_string (t, text, len, path, seed, d);
  free (text);
  return rc;
}

sg_rc
sg_fusion_table_add_builtins (sg_fusion_table *t, sg_diag *d)
{
  return sg_fusion_table_load_string (t, builtin_text, sizeof builtin_text - 1,
                                      "fusion_table.def", 0x5eedf00d, d);
}
