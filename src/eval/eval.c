/* eval: the iterative evaluator — frames on an explicit stack, memoised values, binding stacks
 * per bound variable — plus the core, array, datatype and binder operators, function
 * application, partial-function interpretations and model checking of scripts.
 *
 * Memo: a term with no BVAR at or beneath it (hasb = 0) has one value per context, kept for the
 * context's life. A term with a BVAR beneath it is memoised per binder scope: every scope (let
 * body, quantifier body, function body, match case, one per evaluation call) gets a fresh id; a
 * value stored under the current scope id is logged in `undos` and the previous slot is restored
 * when the scope closes. Scopes nest with the frames, so the log is strictly LIFO.
 * Work is bounded by the step limit (per sg_eval_term call) and the frame limit; past either the
 * result is UNDET. Maintainer: eval.  Tests: tests/unit/eval_test.c */
#include "eval/eval.h"

#include <stdlib.h>
#include <string.h>

#include "eval/eval_int.h"

#define DEFAULT_STEPS 100000000ull /* steps per sg_eval_term call when the caller gives 0 */
#define MAX_FRAMES (1u << 22)      /* deepest evaluation stack (terms nest 10^5 deep; calls more) */
#define MAX_NEST 8                 /* nested runs for partial-function interpretations */
#define SCOPE_GLOBAL 0u            /* memo scope of terms without bound variables */
#define SCOPE_NONE UINT32_MAX      /* memo slot empty */
#define LOCAL_ARGS 8

typedef struct frame {
  sg_term t;      /* the term being evaluated */
  uint32_t pc;    /* phase, for operators with several (application, binders, select) */
  uint32_t vbase; /* its children's values start at vals[vbase] */
} frame;

typedef struct binding {
  sg_val v;      /* bound value */
  uint32_t var;  /* the BVAR term */
  uint32_t prev; /* the variable's previous binding (index + 1), 0 none */
} binding;

typedef struct undo {
  sg_term t;      /* memo slot overwritten */
  uint32_t scope; /* its previous scope */
  sg_val v;       /* its previous value */
} undo;

typedef struct scope {
  uint32_t id;    /* memo scope id */
  uint32_t bmark; /* binds.n at entry */
  uint32_t umark; /* undos.n at entry */
} scope;

struct sg_eval {
  sg_store *s;             /* the store (borrowed) */
  const sg_model *m;       /* the model (borrowed, may be NULL) */
  sg_vpool *pool;          /* every value returned */
  uint64_t limit;          /* steps per call */
  uint64_t steps;          /* steps used by the current call */
  uint32_t nterms;         /* the per-term arrays cover ids < nterms */
  uint8_t *hasb;           /* term -> a BVAR occurs at or beneath it */
  uint32_t *mscope;        /* term -> scope of its memo value, SCOPE_NONE if none */
  sg_val *mval;            /* term -> memo value */
  uint32_t *cur;           /* BVAR term -> its innermost binding (index + 1), 0 if unbound */
  SG_VEC (binding) binds;  /* binding stack */
  SG_VEC (undo) undos;     /* memo undo log */
  SG_VEC (scope) scopes;   /* open scopes */
  SG_VEC (frame) frames;   /* evaluation stack */
  SG_VEC (sg_val) vals;    /* values of evaluated children */
  uint32_t next_scope;     /* next scope id */
  uint32_t nest;           /* depth of nested runs (sg_eval_partial) */
  bool abort;              /* a limit was reached: the current call's result is UNDET */
  sg_rc err;               /* an error met inside a nested run (reported by the outer one) */
  sg_val undet;            /* the pool's UNDET */
};

/* ---------------------------------------------------------------- context */

sg_eval *
sg_eval_new (sg_store *s, const sg_model *m, uint64_t step_limit)
{
  sg_eval *e = calloc (1, sizeof *e);
  if (!e) return NULL;
  e->s = s;
  e->m = m;
  e->limit = step_limit ? step_limit : DEFAULT_STEPS;
  e->pool = sg_vpool_new ();
  e->undet = e->pool ? sg_v_undet (e->pool) : NULL;
  if (!e->undet) { sg_eval_free (e); return NULL; }
  return e;
}

static void
free_terms (sg_eval *e)
{
  free (e->hasb);
  free (e->mscope);
  free (e->mval);
  free (e->cur);
  e->hasb = NULL;
  e->mscope = NULL;
  e->mval = NULL;
  e->cur = NULL;
  e->nterms = 0;
}

void
sg_eval_free (sg_eval *e)
{
  if (!e) return;
  free_terms (e);
  SG_VEC_FREE (e->binds);
  SG_VEC_FREE (e->undos);
  SG_VEC_FREE (e->scopes);
  SG_VEC_FREE (e->frames);
  SG_VEC_FREE (e->vals);
  sg_vpool_free (e->pool);
  free (e);
}

sg_vpool *
sg_eval_pool (sg_eval *e)
{
  return e->pool;
}

static bool
grow (void **a, size_t n, size_t el)
{
  void *p = realloc (*a, n * el);
  if (!p) return false;
  *a = p;
  return true;
}

/* Extend the per-term arrays to the store's current terms (a store rolled back below what we
 * saw forgets everything: its ids are reused). hasb is one loop over ids: children come first. */
static sg_rc
ensure_terms (sg_eval *e)
{
  const sg_store *s = e->s;
  uint32_t n = sg_term_count (s), old = e->nterms;
  if (n < old) { free_terms (e); old = 0; }
  if (n == old) return SG_RC_OK;
  size_t cap = n ? n : 1;
  if (!grow ((void **) &e->hasb, cap, 1) || !grow ((void **) &e->mscope, cap, sizeof (uint32_t))
      || !grow ((void **) &e->mval, cap, sizeof (sg_val))
      || !grow ((void **) &e->cur, cap, sizeof (uint32_t)))
    return SG_RC_NOMEM;
  for (uint32_t t = old; t < n; t++)
    {
      const sg_node *nd = sg_term_node (s, t);
      const uint32_t *a = nd->nargs ? sg_term_args (s, t) : NULL;
      uint8_t h = nd->op == SG_OP_BVAR;
      for (uint32_t i = 0; i < nd->nargs && !h; i++)
        h = e->hasb[a[i]];
      e->hasb[t] = h;
      e->mscope[t] = SCOPE_NONE;
      e->mval[t] = NULL;
      e->cur[t] = 0;
    }
  e->nterms = n;
  return SG_RC_OK;
}

void
sg_eval_store_rolled_back (sg_eval *e)
{
  uint32_t n = sg_term_count (e->s);
  if (n < e->nterms) e->nterms = n; /* the terms below n are the same ones: their entries stay */
}

/* ---------------------------------------------------------------- scopes and bindings */

static uint32_t
cur_scope (const sg_eval *e)
{
  return e->scopes.n ? SG_VEC_TOP (e->scopes).id : SCOPE_GLOBAL;
}

static sg_rc
scope_push (sg_eval *e)
{
  if (e->next_scope >= SCOPE_NONE - 1) { e->abort = true; return SG_RC_OK; }
  scope sc = { e->next_scope++, e->binds.n, e->undos.n };
  return SG_VEC_PUSH (e->scopes, sc) ? SG_RC_OK : SG_RC_NOMEM;
}

static void
scope_pop (sg_eval *e)
{
  scope sc = SG_VEC_POP (e->scopes);
  while (e->binds.n > sc.bmark)
    {
      binding b = SG_VEC_POP (e->binds);
      e->cur[b.var] = b.prev;
    }
  while (e->undos.n > sc.umark)
    {
      undo u = SG_VEC_POP (e->undos);
      e->mscope[u.t] = u.scope;
      e->mval[u.t] = u.v;
    }
}

static sg_rc
bind (sg_eval *e, sg_term var, sg_val v)
{
  binding b = { v, var, e->cur[var] };
  if (!SG_VEC_PUSH (e->binds, b)) return SG_RC_NOMEM;
  e->cur[var] = e->binds.n;
  return SG_RC_OK;
}

/* ---------------------------------------------------------------- the machine */

static sg_rc
push_val (sg_eval *e, sg_val v)
{
  if (!v) return SG_RC_NOMEM;
  return SG_VEC_PUSH (e->vals, v) ? SG_RC_OK : SG_RC_NOMEM;
}

/* Start evaluating t: its memoised value or a bound variable's value goes straight to the value
 * stack; otherwise a frame is pushed (one step). */
static sg_rc
enter (sg_eval *e, sg_term t)
{
  if (sg_term_op (e->s, t) == SG_OP_BVAR)
    {
      uint32_t b = e->cur[t];
      return push_val (e, b ? e->binds.a[b - 1].v : e->undet);
    }
  uint32_t key = e->hasb[t] ? cur_scope (e) : SCOPE_GLOBAL;
  if (e->mscope[t] == key) return push_val (e, e->mval[t]);
  if (++e->steps > e->limit || e->frames.n >= MAX_FRAMES) { e->abort = true; return SG_RC_OK; }
  frame f = { t, 0, e->vals.n };
  return SG_VEC_PUSH (e->frames, f) ? SG_RC_OK : SG_RC_NOMEM;
}

/* The top frame's value is v: pop it and its children's values, memoise, push v. */
static sg_rc
finish (sg_eval *e, sg_val v)
{
  if (!v) return SG_RC_NOMEM;
  frame f = SG_VEC_POP (e->frames);
  e->vals.n = f.vbase;
  if (e->hasb[f.t])
    {
      undo u = { f.t, e->mscope[f.t], e->mval[f.t] };
      if (!SG_VEC_PUSH (e->undos, u)) return SG_RC_NOMEM;
      e->mscope[f.t] = cur_scope (e);
    }
  else
    e->mscope[f.t] = SCOPE_GLOBAL;
  e->mval[f.t] = v;
  return push_val (e, v);
}

static sg_val
vbool (sg_eval *e, bool b)
{
  return sg_v_bool (e->pool, e->s, b);
}

/* The interpretation of function fun: 1 with its body and parameters, 2 with *elem for an
 * uninterpreted-sort element of the model, 0 when nothing determines it. */
static int
fun_interp (sg_eval *e, uint32_t fun, sg_term *body, const sg_term **params, uint32_t *np,
            int *elem)
{
  const sg_store *s = e->s;
  const sg_fun *f = &s->funs.a[fun];
  uint32_t off;
  if (f->kind != SG_FUN_DECLARED && f->body != SG_NONE)
    {
      *body = f->body;
      *np = f->nparams;
      off = f->vars;
    }
  else if (e->m && sg_model_get (e->m, fun))
    {
      const sg_model_entry *en = sg_model_get (e->m, fun);
      if (en->body == SG_NONE || en->nparams != f->nparams) return 0;
      *body = en->body;
      *np = en->nparams;
      off = en->params;
    }
  else if (e->m && (*elem = sg_model_element_index (e->m, fun)) >= 0)
    return 2;
  else
    return 0;
  *params = *np ? s->pool.a + off : NULL;
  return 1;
}

/* Literals. */
static sg_val
literal (sg_eval *e, sg_term t, sg_op op)
{
  const sg_store *s = e->s;
  const sg_node *nd = sg_term_node (s, t);
  const char *text = sg_store_text (s, nd->aux);
  uint32_t len = sg_atom_len (&s->atoms, nd->aux);
  sg_val v = NULL;
  if (op == SG_OP_NUMERAL || op == SG_OP_DECIMAL)
    {
      mpq_t q;
      mpq_init (q);
      const char *dot = op == SG_OP_DECIMAL ? memchr (text, '.', len) : NULL;
      if (!dot)
        mpz_set_str (mpq_numref (q), text, 10);
      else
        {
          char *digits = malloc (len + 1);
          if (!digits) { mpq_clear (q); return NULL; }
          uint32_t il = (uint32_t) (dot - text), fl = len - il - 1;
          memcpy (digits, text, il);
          memcpy (digits + il, dot + 1, fl);
          digits[il + fl] = 0;
          mpz_set_str (mpq_numref (q), digits, 10);
          mpz_ui_pow_ui (mpq_denref (q), 10, fl);
          mpq_canonicalize (q);
          free (digits);
        }
      v = sg_v_num (e->pool, nd->sort, q);
      mpq_clear (q);
    }
  else if (op == SG_OP_HEX || op == SG_OP_BIN || op == SG_OP_BVLIT)
    {
      mpz_t z;
      mpz_init (z);
      if (op == SG_OP_BVLIT) mpz_set_str (z, text, 10);
      else mpz_set_str (z, text + 2, op == SG_OP_HEX ? 16 : 2);
      v = sg_v_bv (e->pool, nd->sort, sg_sort_bv_width (s, nd->sort), z);
      mpz_clear (z);
    }
  else if (op == SG_OP_STRING)
    {
      /* A byte beyond ASCII (0x80 and up) written as itself (not as \u{..}): solvers read
       * it their own way (z3: one character per byte; cvc5 and cvc4 reject it), so its value
       * is undetermined, never a model falsified (a hostile review: "é" made z3's model
       * invalid). */
      for (uint32_t i = 0; i < len; i++)
        if ((unsigned char) text[i] >= 0x80) return e->undet;
      uint32_t *cp, n;
      sg_str_decode (text, len, &cp, &n);
      if (!cp) return NULL;
      v = sg_v_str (e->pool, s, cp, n);
      free (cp);
    }
  return v;
}

/* A built-in operator of a theory file, all arguments evaluated. */
static sg_rc
theory (sg_eval *e, sg_term t, sg_op op, uint32_t n)
{
  const sg_val *vs = e->vals.a ? e->vals.a + SG_VEC_TOP (e->frames).vbase : NULL;
  for (uint32_t i = 0; i < n; i++)
    if (sg_v_is_undet (vs[i])) return finish (e, e->undet);
  /* a nested run (sg_eval_partial) may move the value stack: pass a copy */
  sg_val local[LOCAL_ARGS], *args = n <= LOCAL_ARGS ? local : malloc (n * sizeof *args);
  if (!args) return SG_RC_NOMEM;
  if (n) memcpy (args, vs, n * sizeof *args);
  sg_eval_ctx c = { e->s, e->pool, e };
  sg_val out = NULL;
  sg_rc rc = SG_RC_OK;
  switch (sg_op_info (op)->theory)
    {
    case SG_TH_ARITH: case SG_TH_INT: case SG_TH_REAL: case SG_TH_INTREAL:
      rc = sg_eval_arith (&c, t, args, n, &out);
      break;
    case SG_TH_TRANS: rc = sg_eval_trans (&c, t, args, n, &out); break;
    case SG_TH_BV: rc = sg_eval_bv (&c, t, args, n, &out); break;
    case SG_TH_FP: rc = sg_eval_fp (&c, t, args, n, &out); break;
    case SG_TH_STRING:
      {
        /* cvc5's string operators on sequences */
        bool seq = false;
        for (uint32_t i = 0; i < n && !seq; i++) seq = args[i]->kind == SG_V_SEQ;
        rc = seq ? sg_eval_coll (&c, t, args, n, &out) : sg_eval_str (&c, t, args, n, &out);
        break;
      }
    case SG_TH_SEQ: case SG_TH_SET: case SG_TH_BAG: case SG_TH_TUPLE:
      rc = sg_eval_coll (&c, t, args, n, &out);
      break;
    default: out = e->undet; break;
    }
  if (args != local) free (args);
  if (e->err) return e->err;
  if (e->abort) return SG_RC_OK;
  if (rc == SG_RC_LIMIT) rc = SG_RC_OK, out = e->undet;
  if (rc) return rc;
  return finish (e, out ? out : e->undet);
}

/* (store a k v): entries of a that k certainly overrides are dropped. */
static sg_val
store_val (sg_eval *e, sg_sort sort, sg_val a, sg_val k, sg_val v)
{
  uint32_t n = a->u.arr.n, m = 0;
  sg_val *keys = malloc ((n + 1) * sizeof *keys), *vals = malloc ((n + 1) * sizeof *vals);
  sg_val r = NULL;
  if (keys && vals)
    {
      for (uint32_t j = 0; j < n; j++)
        if (sg_v_equal (a->u.arr.keys[j], k) != 1)
          keys[m] = a->u.arr.keys[j], vals[m++] = a->u.arr.vals[j];
      keys[m] = k;
      vals[m++] = v;
      r = sg_v_array (e->pool, sort, a->u.arr.dflt, keys, vals, m, a->u.arr.fun);
      if (r) ((sg_value *) r)->u.arr.lam = a->u.arr.lam;
    }
  free (keys);
  free (vals);
  return r;
}

/* Is lambda t (variable v, body b) closed: no bound variable in b other than v? */
static bool
closed_lambda (sg_eval *e, sg_term t)
{
  sg_term v = sg_term_arg (e->s, t, 0);
  sg_u32vec st = { 0 };
  bool ok = SG_VEC_PUSH (st, sg_term_arg (e->s, t, 1));
  while (ok && st.n)
    {
      sg_term u = SG_VEC_POP (st);
      if (!e->hasb[u]) continue;
      if (sg_term_op (e->s, u) == SG_OP_BVAR) { ok = u == v; continue; }
      for (uint32_t i = 0; ok && i < sg_term_nargs (e->s, u); i++)
        ok = SG_VEC_PUSH (st, sg_term_arg (e->s, u, i));
    }
  SG_VEC_FREE (st);
  return ok;
}

/* Enter a new scope with the parameters bound to vs, then evaluate body. */
static sg_rc
call (sg_eval *e, sg_term body, const sg_term *params, const sg_val *vs, uint32_t np)
{
  sg_rc rc = scope_push (e);
  for (uint32_t i = 0; !rc && i < np; i++)
    rc = bind (e, params[i], vs ? vs[i] : e->undet);
  if (rc || e->abort) return rc;
  return enter (e, body);
}

/* and, or, =>: evaluate the arguments in order until one decides the result. */
static sg_rc
step_connective (sg_eval *e, sg_op op, const uint32_t *a, uint32_t n, uint32_t got, const sg_val *vs)
{
  /* decisive: a false conjunct; a true disjunct; a false premise or a true conclusion */
  bool dec = op == SG_OP_OR || (op == SG_OP_IMPLIES && got == n);
  if (got > 0 && !sg_v_is_undet (vs[got - 1]) && vs[got - 1]->u.b == dec)
    return finish (e, vbool (e, op != SG_OP_AND));
  if (got < n) return enter (e, a[got]);
  for (uint32_t i = 0; i < n; i++)
    if (sg_v_is_undet (vs[i])) return finish (e, e->undet);
  return finish (e, vbool (e, op == SG_OP_AND));
}

/* xor: evaluate every argument, then combine. */
static sg_rc
step_xor (sg_eval *e, const uint32_t *a, uint32_t n, uint32_t got, const sg_val *vs)
{
  if (got < n) return enter (e, a[got]);
  bool x = false;
  for (uint32_t i = 0; i < n; i++)
    {
      if (sg_v_is_undet (vs[i])) return finish (e, e->undet);
      x ^= vs[i]->u.b;
    }
  return finish (e, vbool (e, x));
}

/* = and distinct: evaluate every argument, then compare the pairs. */
static sg_rc
step_eq (sg_eval *e, sg_op op, const uint32_t *a, uint32_t n, uint32_t got, const sg_val *vs)
{
  if (got < n) return enter (e, a[got]);
  bool und = false;
  for (uint32_t i = 0; i + 1 < n; i++)
    for (uint32_t j = op == SG_OP_EQ ? i + 1 : n - 1; j > i; j--)
      {
        int r = sg_v_equal (vs[i], vs[j]);
        if (r < 0) und = true;
        else if (r == (op == SG_OP_DISTINCT)) return finish (e, vbool (e, false));
      }
  return finish (e, und ? e->undet : vbool (e, true));
}

/* An application of a declared or defined function: its arguments, then its body in a new scope. */
static sg_rc
step_app (sg_eval *e, frame *f, const sg_node *nd, const uint32_t *a, uint32_t n, uint32_t got, const sg_val *vs)
{
  sg_store *s = e->s;
  sg_term body;
  const sg_term *params;
  uint32_t np;
  int elem = 0;
  if (f->pc == 0)
    {
      int k = fun_interp (e, nd->aux, &body, &params, &np, &elem);
      if (k == 0) return finish (e, e->undet);
      if (k == 2)
        return finish (e, sg_v_unint (e->pool, nd->sort, (uint32_t) elem,
                                      s->funs.a[nd->aux].name));
      f->pc = 1;
    }
  if (got < n) return enter (e, a[got]);
  if (f->pc == 1)
    {
      fun_interp (e, nd->aux, &body, &params, &np, &elem);
      f->pc = 2;
      return call (e, body, params, vs, np);
    }
  sg_val v = vs[n];
  scope_pop (e);
  return finish (e, v);
}

/* let: the bound values in the outer scope, then the body in a new scope. */
static sg_rc
step_let (sg_eval *e, frame *f, const uint32_t *a, uint32_t n, uint32_t got, const sg_val *vs)
{
  uint32_t nb = (n - 1) / 2;
  if (f->pc == 0)
    {
      if (got < nb) return enter (e, a[2 * got + 1]); /* values: in the outer scope */
      f->pc = 1;
      sg_rc rc = scope_push (e);
      for (uint32_t i = 0; !rc && i < nb; i++)
        rc = bind (e, a[2 * i], vs[i]);
      if (rc || e->abort) return rc;
      return enter (e, a[n - 1]);
    }
  sg_val v = vs[nb];
  scope_pop (e);
  return finish (e, v);
}

/* forall and exists: the body with the variables unbound (undetermined). */
static sg_rc
step_quant (sg_eval *e, frame *f, const uint32_t *a, uint32_t n, const sg_val *vs)
{
  if (f->pc == 0)
    {
      f->pc = 1;
      return call (e, a[n - 1], a, NULL, n - 1);
    }
  sg_val v = vs[0];
  scope_pop (e);
  return finish (e, !sg_v_is_undet (v) && v->kind == SG_V_BOOL ? v : e->undet);
}

/* match: the scrutinee, then the body of the first case that matches it. */
static sg_rc
step_match (sg_eval *e, frame *f, const uint32_t *a, uint32_t n, uint32_t got, const sg_val *vs)
{
  sg_store *s = e->s;
  if (got == 0) return enter (e, a[0]);
  if (f->pc == 0)
    {
      sg_val v = vs[0];
      if (sg_v_is_undet (v) || v->kind != SG_V_DT) return finish (e, e->undet);
      for (uint32_t i = 1; i + 1 < n; i += 2)
        {
          const sg_node *p = sg_term_node (s, a[i]);
          if (p->op == SG_OP_BVAR)
            {
              f->pc = 1;
              return call (e, a[i + 1], &a[i], &vs[0], 1);
            }
          if (p->op == SG_OP_DT_CONS && p->aux == v->u.dt.cons && p->nargs == v->u.dt.n)
            {
              f->pc = 1;
              return call (e, a[i + 1], sg_term_args (s, a[i]), v->u.dt.fields, p->nargs);
            }
        }
      return finish (e, e->undet);
    }
  sg_val v = vs[1];
  scope_pop (e);
  return finish (e, v);
}

/* select: an array value read at an index (a lambda or as-array body is evaluated). */
static sg_rc
step_select (sg_eval *e, frame *f, const uint32_t *a, uint32_t got, const sg_val *vs)
{
  sg_store *s = e->s;
  if (f->pc == 1)
    {
      sg_val v = vs[2];
      scope_pop (e);
      return finish (e, v);
    }
  if (got < 2) return enter (e, a[got]);
  sg_val arr = vs[0], k = vs[1];
  if (sg_v_is_undet (arr) || arr->kind != SG_V_ARRAY) return finish (e, e->undet);
  for (uint32_t j = arr->u.arr.n; j-- > 0;)
    {
      int r = sg_v_equal (arr->u.arr.keys[j], k);
      if (r == 1) return finish (e, arr->u.arr.vals[j]);
      if (r < 0) return finish (e, e->undet);
    }
  if (arr->u.arr.lam != SG_NONE)
    {
      /* z3's lambda arrays: the body with the variable bound to the index */
      f->pc = 1;
      return call (e, sg_term_arg (s, arr->u.arr.lam, 1), sg_term_args (s, arr->u.arr.lam), &vs[1], 1);
    }
  if (arr->u.arr.fun == SG_NONE) return finish (e, arr->u.arr.dflt);
  sg_term body;
  const sg_term *params;
  uint32_t np;
  int elem;
  if (fun_interp (e, arr->u.arr.fun, &body, &params, &np, &elem) != 1 || np != 1)
    return finish (e, e->undet);
  f->pc = 1;
  return call (e, body, params, &vs[1], 1);
}

/* A datatype selector: the field of a value built by its constructor. */
static sg_rc
step_dt_sel (sg_eval *e, const sg_node *nd, const uint32_t *a, uint32_t got, const sg_val *vs)
{
  sg_store *s = e->s;
  if (got < 1) return enter (e, a[0]);
  const sg_dtsel *sel = &s->sels.a[nd->aux];
  sg_val v = vs[0];
  if (sg_v_is_undet (v) || v->kind != SG_V_DT || v->u.dt.cons != sel->cons)
    return finish (e, e->undet); /* wrong constructor: unspecified */
  uint32_t k = nd->aux - s->conss.a[sel->cons].sel;
  return finish (e, k < v->u.dt.n ? v->u.dt.fields[k] : e->undet);
}

/* Advance the top frame by one step. */
static sg_rc
step (sg_eval *e)
{
  sg_store *s = e->s;
  frame *f = &SG_VEC_TOP (e->frames);
  sg_term t = f->t;
  const sg_node *nd = sg_term_node (s, t);
  const uint32_t *a = nd->nargs ? sg_term_args (s, t) : NULL;
  uint32_t n = nd->nargs, got = e->vals.n - f->vbase;
  const sg_val *vs = e->vals.a ? e->vals.a + f->vbase : NULL;
  sg_op op = (sg_op) sg_op_info ((sg_op) nd->op)->canon;
  switch (op)
    {
    case SG_OP_NUMERAL: case SG_OP_DECIMAL: case SG_OP_HEX: case SG_OP_BIN: case SG_OP_STRING:
    case SG_OP_BVLIT:
      return finish (e, literal (e, t, op));
    case SG_OP_TRUE: case SG_OP_FALSE:
      return finish (e, vbool (e, op == SG_OP_TRUE));
    case SG_OP_NOT:
      if (got < 1) return enter (e, a[0]);
      return finish (e, sg_v_is_undet (vs[0]) ? e->undet : vbool (e, !vs[0]->u.b));
    case SG_OP_AND: case SG_OP_OR: case SG_OP_IMPLIES:
      return step_connective (e, op, a, n, got, vs);
    case SG_OP_XOR:
      return step_xor (e, a, n, got, vs);
    case SG_OP_EQ: case SG_OP_DISTINCT:
      return step_eq (e, op, a, n, got, vs);
    case SG_OP_ITE:
      if (got == 0) return enter (e, a[0]);
      if (got == 1) return enter (e, a[sg_v_is_undet (vs[0]) || vs[0]->u.b ? 1 : 2]);
      if (!sg_v_is_undet (vs[0])) return finish (e, vs[1]);
      if (got == 2) return enter (e, a[2]);
      return finish (e, sg_v_equal (vs[1], vs[2]) == 1 ? vs[1] : e->undet);
    case SG_OP_ANNOT:
      if (got < 1) return enter (e, a[0]); /* :pattern terms are not evaluated */
      return finish (e, vs[0]);
    case SG_OP_APP:
      return step_app (e, f, nd, a, n, got, vs);
    case SG_OP_LET:
      return step_let (e, f, a, n, got, vs);
    case SG_OP_FORALL: case SG_OP_EXISTS:
      return step_quant (e, f, a, n, vs);
    case SG_OP_MATCH:
      return step_match (e, f, a, n, got, vs);
    case SG_OP_SELECT:
      return step_select (e, f, a, got, vs);
    case SG_OP_STORE:
      if (got < 3) return enter (e, a[got]);
      if (sg_v_is_undet (vs[0]) || vs[0]->kind != SG_V_ARRAY || sg_v_is_undet (vs[1]))
        return finish (e, e->undet);
      return finish (e, store_val (e, nd->sort, vs[0], vs[1], vs[2]));
    case SG_OP_CONST_ARRAY:
      if (got < 1) return enter (e, a[0]);
      return finish (e, sg_v_array (e->pool, nd->sort, vs[0], NULL, NULL, 0, SG_NONE));
    case SG_OP_AS_ARRAY:
      return finish (e, sg_v_array (e->pool, nd->sort, e->undet, NULL, NULL, 0, nd->aux));
    case SG_OP_DT_CONS:
      if (got < n) return enter (e, a[got]);
      return finish (e, sg_v_dt (e->pool, nd->sort, nd->aux, vs, n));
    case SG_OP_DT_SEL:
      return step_dt_sel (e, nd, a, got, vs);
    case SG_OP_DT_TEST:
      if (got < 1) return enter (e, a[0]);
      if (sg_v_is_undet (vs[0]) || vs[0]->kind != SG_V_DT) return finish (e, e->undet);
      return finish (e, vbool (e, vs[0]->u.dt.cons == nd->aux));
    case SG_OP_BVAR: /* handled by enter */
    case SG_OP_LAMBDA:
      /* a closed one-variable lambda of array sort (z3) is an array; other functions as values
       * are not evaluated */
      if (n == 2 && sg_sort_kind_of (s, nd->sort) == SG_SORT_ARRAY && closed_lambda (e, t))
        return finish (e, sg_v_array_lambda (e->pool, nd->sort, t));
      return finish (e, e->undet);
    case SG_OP_FUN_REF:
    case SG_OP_DT_UPDATE: case SG_OP_FMF_CARD: case SG_OP_SET_COMP:
      return finish (e, e->undet);
    default:
      if (got < n) return enter (e, a[got]);
      return theory (e, t, op, n);
    }
}

/* Evaluate t to *out. Re-entrant (sg_eval_partial): runs until the frame stack is back where
 * it started; on a limit, unwinds to there and gives UNDET. */
static sg_rc
run (sg_eval *e, sg_term t, sg_val *out)
{
  uint32_t fb = e->frames.n, vb = e->vals.n, sb = e->scopes.n;
  sg_rc rc = scope_push (e);
  if (!rc && !e->abort) rc = enter (e, t);
  while (!rc && !e->abort && e->frames.n > fb)
    rc = step (e);
  if (rc || e->abort || e->vals.n != vb + 1)
    {
      e->frames.n = fb;
      e->vals.n = vb;
      while (e->scopes.n > sb)
        scope_pop (e);
      *out = e->undet;
      return rc;
    }
  *out = SG_VEC_POP (e->vals);
  scope_pop (e);
  return SG_RC_OK;
}

sg_rc
sg_eval_term (sg_eval *e, sg_term t, sg_val *out)
{
  *out = e->undet;
  if (t >= sg_term_count (e->s)) return SG_RC_USAGE;
  sg_rc rc = ensure_terms (e);
  if (rc) return rc;
  e->steps = 0;
  e->abort = false;
  e->err = SG_RC_OK;
  e->next_scope = 1; /* every scoped memo entry of earlier calls has been undone */
  rc = run (e, t, out);
  if (!rc && e->err) rc = e->err;
  e->abort = false;
  e->err = SG_RC_OK;
  return rc;
}

/* ---------------------------------------------------------------- partial functions */

sg_val
sg_eval_partial (sg_eval_ctx *c, sg_term t, const sg_val *args, uint32_t n)
{
  sg_eval *e = c->e;
  sg_val u = sg_v_undet (c->pool);
  if (!e || !e->m || e->abort || e->nest >= MAX_NEST || e->scopes.n == 0) return u;
  const sg_model *m = e->m;
  uint32_t idx;
  switch (sg_eval_canon (c->s, t))
    {
    case SG_OP_IDIV: idx = m->div0; break;
    case SG_OP_MOD: idx = m->mod0; break;
    case SG_OP_RDIV: idx = m->rdiv0; break;
    default: return u;
    }
  if (idx == SG_NONE || idx >= m->ent.n) return u;
  const sg_model_entry *en = &m->ent.a[idx];
  if (en->body == SG_NONE || en->nparams != n) return u;
  e->nest++;
  sg_val v = u;
  uint32_t sb = e->scopes.n;
  sg_rc rc = scope_push (e);
  for (uint32_t i = 0; !rc && !e->abort && i < n; i++)
    rc = bind (e, e->s->pool.a[en->params + i], args[i]);
  if (!rc && !e->abort) rc = run (e, en->body, &v);
  if (e->scopes.n == sb + 1) scope_pop (e);
  e->nest--;
  if (rc) { e->err = rc; e->abort = true; return u; }
  return !sg_v_is_undet (v) && v->kind == SG_V_NUM ? v : u;
}

/* ---------------------------------------------------------------- model checking */

typedef struct active { uint32_t cmd; uint32_t level; sg_term t; } active;

sg_rc
sg_eval_check_model (sg_store *s, const sg_script *sc, const sg_model *m, sg_mcheck *verdict,
                     uint32_t *bad)
{
  SG_VEC (active) as = { 0 };
  uint32_t level = 0;
  sg_rc rc = SG_RC_OK;
  *verdict = SG_MODEL_UNDETERMINED;
  if (bad) *bad = SG_NONE;
  bool stop = false;
  for (uint32_t i = 0; i < sc->cmds.n && !stop && !rc; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      if (c->flags & SG_CMD_RAW) continue;
      const uint32_t *it = sg_cmd_items (sc, c);
      switch (c->kind)
        {
        case SG_WK_ASSERT:
          if (!SG_VEC_PUSH (as, ((active) { i, level, it[0] }))) rc = SG_RC_NOMEM;
          break;
        case SG_WK_PUSH:
          level += c->aux == SG_NONE ? 1 : c->aux;
          break;
        case SG_WK_POP:
          {
            uint32_t k = c->aux == SG_NONE ? 1 : c->aux;
            level = k > level ? 0 : level - k;
            while (as.n && SG_VEC_TOP (as).level > level)
              as.n--;
            break;
          }
        case SG_WK_RESET: case SG_WK_RESET_ASSERTIONS:
          level = 0;
          as.n = 0;
          break;
        case SG_WK_CHECK_SAT_ASSUMING:
          for (uint32_t k = 0; k < c->n && !rc; k++)
            if (!SG_VEC_PUSH (as, ((active) { i, level, it[k] }))) rc = SG_RC_NOMEM;
          stop = true;
          break;
        case SG_WK_CHECK_SAT:
          stop = true;
          break;
        default:
          break;
        }
    }
  sg_eval *e = rc ? NULL : sg_eval_new (s, m, 0);
  if (!rc && !e) rc = SG_RC_NOMEM;
  bool und = false;
  for (uint32_t i = 0; !rc && i < as.n; i++)
    {
      sg_val v;
      rc = sg_eval_term (e, as.a[i].t, &v);
      if (rc) break;
      if (sg_v_is_undet (v) || v->kind != SG_V_BOOL) und = true;
      else if (!v->u.b)
        {
          *verdict = SG_MODEL_INVALID;
          if (bad) *bad = as.a[i].cmd;
          break;
        }
    }
  if (!rc && *verdict != SG_MODEL_INVALID) *verdict = und ? SG_MODEL_UNDETERMINED : SG_MODEL_VALID;
  sg_eval_free (e);
  SG_VEC_FREE (as);
  return rc;
}
