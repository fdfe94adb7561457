/* gen_str: the strings generator's constants, depth-1 pool and sat formulas (see gen_str.h). */
#include "tech/gen/gen_str.h"

#include <stdlib.h>
#include <string.h>

#include "base/file.h"
#include "eval/eval.h"
#include "front/ops.h"
#include "front/parse.h"

/* ---- the tables ---- */

typedef struct gs_opdef {
  sg_op op;
  const char *args; /* argument sorts */
  char res;         /* result sort */
  bool paper;
} gs_opdef;

static const gs_opdef ops[] = {
#define GS_OP(id, args, res, paper) { SG_OP_##id, args, #res[0], paper },
#include "tech/gen/gen_str_ops.def"
#undef GS_OP
};
#define NOPS (sizeof ops / sizeof ops[0])

typedef struct gs_constdef {
  char sort;
  const char *text;
} gs_constdef;

static const gs_constdef consts[] = {
#define GS_CONST(sort, text) { #sort[0], text },
#include "tech/gen/gen_str_consts.def"
#undef GS_CONST
};
#define NBUILTIN (sizeof consts / sizeof consts[0])
/* Constants at most (built in or from a --constants file); leaves are items below MAXCONSTS.
 * With the longest constants (MAXCONSTLEN characters as written) the pool of every 3-argument
 * operation on every combination stays within a few hundred MB and seconds to build. The
 * string and regular-expression work of one evaluation is bounded by the evaluator's own
 * limits (eval_str_int.h); EVAL_STEPS, the terms one evaluation may enter, is a guard (a term
 * past it has no value and is never used; pool terms are one application deep). */
#define MAXCONSTS 64u
#define MAXCONSTLEN 100u
#define EVAL_STEPS 1000000u

/* ---- state ---- */

typedef struct gs_leaf {
  char sort;     /* S, I, L */
  uint32_t text; /* offset of its SMT-LIB text in ctext */
  sg_term term;  /* in the generator's store */
  uint32_t key;  /* offset of its value's text in keys (S and I) */
} gs_leaf;

typedef struct gs_pterm {
  uint8_t op;           /* index into ops[] */
  uint8_t arg[3];       /* leaf indices */
  sg_term term;
  uint32_t key;         /* its value's text */
} gs_pterm;

struct sg_gen_str {
  sg_store st;
  sg_script sc;
  gs_leaf leaf[MAXCONSTS];
  uint32_t nconsts;
  SG_VEC (char) ctext;                     /* the constants' texts, NUL-terminated */
  SG_VEC (gs_pterm) pool;
  uint32_t op_first[NOPS], op_count[NOPS]; /* the pool by operation */
  sg_u32vec by_key[3];                     /* pool indices of result sort S, I, B sorted by key */
  sg_u32vec leaves_of[3];                  /* leaf indices of sort S, I, L */
  SG_VEC (char) keys;                      /* value texts, NUL-terminated */
  sg_buf tmp;
  bool paper;                              /* the paper's operations, rows, equalities only */
  sg_eval *ev;                             /* value_text's evaluator */
  uint32_t ev_uses;                        /* its calls: renewed every EV_RENEW */
};

/* value_text's evaluator keeps every value it computed (its memo): renewed after this many
 * calls, so memory stays bounded over a large pool or a long run. */
#define EV_RENEW 4096u

static int
sort_slot (char s)
{
  return s == 'S' ? 0 : s == 'I' ? 1 : 2; /* B for results, L for leaves */
}

static const char *
sort_name (char s)
{
  return s == 'S' ? "String" : s == 'I' ? "Int" : "Bool";
}

static const char *
key_text (const sg_gen_str *g, uint32_t k)
{
  return g->keys.a + k;
}

static sg_rc
add_key (sg_gen_str *g, const sg_buf *b, uint32_t *out)
{
  if (!SG_VEC_RESERVE (g->keys, b->len + 1)) return SG_RC_NOMEM;
  *out = (uint32_t) g->keys.n;
  memcpy (g->keys.a + g->keys.n, b->s, b->len);
  g->keys.a[g->keys.n + b->len] = 0;
  g->keys.n += b->len + 1;
  return SG_RC_OK;
}

/* The value of t as SMT-LIB text into g->tmp; SG_RC_USAGE when undetermined. One evaluator
 * serves many terms (a new one costs time in the size of the store: quadratic over a large
 * pool) and is renewed every EV_RENEW calls, since it keeps every value it computed. */
static sg_rc
value_text (sg_gen_str *g, sg_term t)
{
  if (g->ev && g->ev_uses >= EV_RENEW) { sg_eval_free (g->ev); g->ev = NULL; }
  if (!g->ev)
    {
      if (!(g->ev = sg_eval_new (&g->st, NULL, EVAL_STEPS))) return SG_RC_NOMEM;
      g->ev_uses = 0;
    }
  g->ev_uses++;
  sg_eval *ev = g->ev;
  sg_val v;
  sg_rc rc = sg_eval_term (ev, t, &v);
  sg_buf_reset (&g->tmp);
  if (!rc && sg_v_is_undet (v)) rc = SG_RC_USAGE;
  if (!rc) sg_v_print (&g->st, v, &g->tmp);
  if (!rc && !sg_buf_ok (&g->tmp)) rc = SG_RC_NOMEM;
  return rc;
}

/* An error in a constants file at line (d names the file from now on). */
#define CERR(d, rc, where, line, ...) (sg_diag_init ((d), (where)), sg_diag_set ((d), (rc), (line), 1, __VA_ARGS__))

/* One constant: parsed as an argument of an assertion (beside "" or 0, or in str.in_re),
 * evaluated; a constant equal to an earlier one is skipped. Errors
 * name where (file:line, or the built-in table). */
static sg_rc
add_const (sg_gen_str *g, char sort, const char *text, size_t len, const char *where, uint32_t line, sg_diag *d)
{
  if (sort != 'S' && sort != 'I' && sort != 'L')
    return CERR (d, SG_RC_PARSE, where, line, "expected S, I or L and a constant");
  if (g->nconsts >= MAXCONSTS)
    return CERR (d, SG_RC_LIMIT, where, line, "more than %u constants", MAXCONSTS);
  if (len > MAXCONSTLEN)
    return CERR (d, SG_RC_LIMIT, where, line, "a constant of more than %u characters (boundary values are short)",
                 MAXCONSTLEN);
  sg_buf b;
  sg_buf_init (&b);
  sg_buf_printf (&b, sort == 'L' ? "(assert (str.in_re \"\" %.*s))\n" : sort == 'S' ? "(assert (= %.*s \"\"))\n"
                 : "(assert (= %.*s 0))\n", (int) len, text);
  sg_diag d2;
  sg_diag_init (&d2, where);
  uint32_t before = (uint32_t) g->sc.cmds.n;
  sg_rc rc = sg_buf_ok (&b) ? sg_parse_string (&g->st, &g->sc, b.s, b.len, where, &d2) : SG_RC_NOMEM;
  sg_buf_free (&b);
  if (rc == SG_RC_NOMEM) return rc;
  if (rc || g->sc.cmds.n != before + 1)
    return CERR (d, SG_RC_PARSE, where, line, "not a%s constant: %.*s",
                 sort == 'S' ? " String" : sort == 'I' ? "n Int" : " RegLan", (int) len, text);
  sg_term a = sg_cmd_items (&g->sc, &g->sc.cmds.a[before])[0];
  gs_leaf *l = &g->leaf[g->nconsts];
  l->sort = sort;
  l->term = sg_term_arg (&g->st, a, sort == 'L');
  if (!SG_VEC_RESERVE (g->ctext, len + 1)) return SG_RC_NOMEM;
  l->text = (uint32_t) g->ctext.n;
  memcpy (g->ctext.a + g->ctext.n, text, len);
  g->ctext.a[g->ctext.n + len] = 0;
  g->ctext.n += len + 1;
  if (sort != 'L')
    {
      if ((rc = value_text (g, l->term)) == SG_RC_NOMEM) return rc;
      if (rc) return CERR (d, SG_RC_PARSE, where, line, "%.*s has no value", (int) len, text);
      const sg_u32vec *same = &g->leaves_of[sort_slot (sort)];
      for (uint32_t i = 0; i < same->n; i++)
        if (!strcmp (key_text (g, g->leaf[same->a[i]].key), sg_buf_cstr (&g->tmp))) return SG_RC_OK; /* a duplicate */
      if ((rc = add_key (g, &g->tmp, &l->key))) return rc;
    }
  uint32_t li = g->nconsts++;
  return SG_VEC_PUSH (g->leaves_of[sort_slot (sort)], li) ? SG_RC_OK : SG_RC_NOMEM;
}

/* The boundary constants: the built-in table, or a file of lines "S|I|L TERM" ('#' comments). */
static sg_rc
load_consts (sg_gen_str *g, const char *path, sg_diag *d)
{
  sg_rc rc = SG_RC_OK;
  if (!path)
    {
      for (uint32_t i = 0; i < NBUILTIN && !rc; i++)
        rc = add_const (g, consts[i].sort, consts[i].text, strlen (consts[i].text), "gen_str_consts.def", i + 1, d);
      return rc;
    }
  char *text = NULL;
  size_t len = 0;
  sg_diag_init (d, path);
  if ((rc = sg_file_read_text (path, (size_t) 1 << 20, &text, &len, d))) return rc;
  uint32_t line = 0;
  for (char *p = text; !rc && *p;)
    {
      char *e = strchr (p, '\n');
      size_t n = e ? (size_t) (e - p) : strlen (p);
      line++;
      while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r')) n--;
      size_t i = strspn (p, " \t");
      if (i < n && p[i] != '#')
        {
          size_t j = i + 1;
          while (j < n && (p[j] == ' ' || p[j] == '\t')) j++;
          rc = j > i + 1 && j < n ? add_const (g, p[i], p + j, n - j, path, line, d)
                                  : CERR (d, SG_RC_PARSE, path, line, "expected S, I or L and a constant");
        }
      p = e ? e + 1 : p + n;
    }
  free (text);
  if (!rc && (!g->leaves_of[0].n || !g->leaves_of[1].n))
    rc = sg_diag_set (d, SG_RC_PARSE, 0, 0, "needs at least one String (S) and one Int (I) constant");
  return rc;
}

/* Every application of every operation to constants (the pool of depth 1), with its value. */
static sg_rc
build_pool (sg_gen_str *g, sg_diag *d)
{
  for (uint32_t k = 0; k < NOPS; k++)
    {
      g->op_first[k] = (uint32_t) g->pool.n;
      if (g->paper && !ops[k].paper) { g->op_count[k] = 0; continue; } /* never drawn */
      uint32_t n = (uint32_t) strlen (ops[k].args), total = 1, idx[3];
      for (uint32_t a = 0; a < n; a++) total *= (uint32_t) g->leaves_of[sort_slot (ops[k].args[a])].n;
      for (uint32_t c = 0; c < total; c++)
        {
          gs_pterm p;
          memset (&p, 0, sizeof p);
          p.op = (uint8_t) k;
          sg_term args[3];
          for (uint32_t a = 0, r = c; a < n; a++)
            {
              const sg_u32vec *v = &g->leaves_of[sort_slot (ops[k].args[a])];
              idx[a] = v->a[r % v->n];
              r /= (uint32_t) v->n;
              p.arg[a] = (uint8_t) idx[a];
              args[a] = g->leaf[idx[a]].term;
            }
          sg_rc rc = sg_mk_app (&g->st, ops[k].op, args, n, NULL, 0, &p.term);
          if (rc) return sg_diag_set (d, rc, 0, 0, "gen_str: cannot build %s", sg_op_name (ops[k].op));
          rc = value_text (g, p.term);
          if (rc == SG_RC_USAGE) continue;
          if (rc || (rc = add_key (g, &g->tmp, &p.key))) return rc;
          if (!SG_VEC_PUSH (g->pool, p)) return SG_RC_NOMEM;
        }
      g->op_count[k] = (uint32_t) g->pool.n - g->op_first[k];
    }
  return SG_RC_OK;
}

/* Pool indices a and b by their values' texts, then by index. */
static int
cmp_key (const sg_gen_str *g, uint32_t a, uint32_t b)
{
  int c = strcmp (key_text (g, g->pool.a[a].key), key_text (g, g->pool.a[b].key));
  return c ? c : (a > b) - (a < b);
}

/* Bottom-up merge sort of v by key (no recursion). */
static sg_rc
sort_by_key (const sg_gen_str *g, sg_u32vec *v)
{
  size_t n = v->n;
  uint32_t *tmp = malloc ((n ? n : 1) * sizeof *tmp);
  if (!tmp) return SG_RC_NOMEM;
  for (size_t w = 1; w < n; w *= 2)
    {
      for (size_t lo = 0; lo < n; lo += 2 * w)
        {
          size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
          size_t i = lo, j = mid, k = lo;
          while (i < mid && j < hi) tmp[k++] = cmp_key (g, v->a[i], v->a[j]) <= 0 ? v->a[i++] : v->a[j++];
          while (i < mid) tmp[k++] = v->a[i++];
          while (j < hi) tmp[k++] = v->a[j++];
        }
      memcpy (v->a, tmp, n * sizeof *tmp);
    }
  free (tmp);
  return SG_RC_OK;
}

sg_rc
sg_gen_str_new (sg_gen_str **out, const char *constants, bool paper, sg_diag *d)
{
  sg_gen_str *g = calloc (1, sizeof *g);
  if (!g) return SG_RC_NOMEM;
  g->paper = paper;
  sg_rc rc = sg_store_init (&g->st);
  if (rc) { free (g); return rc; }
  sg_script_init (&g->sc, &g->st);
  sg_buf_init (&g->tmp);
  rc = load_consts (g, constants, d);
  if (!rc) rc = build_pool (g, d);
  for (uint32_t i = 0; !rc && i < g->pool.n; i++)
    {
      uint32_t k = i;
      if (!SG_VEC_PUSH (g->by_key[sort_slot (ops[g->pool.a[i].op].res)], k)) rc = SG_RC_NOMEM;
    }
  for (int s = 0; !rc && s < 3; s++) rc = sort_by_key (g, &g->by_key[s]);
  if (rc) { sg_gen_str_free (g); return rc; }
  *out = g;
  return SG_RC_OK;
}

bool
sg_gen_str_paper (const sg_gen_str *g)
{
  return g->paper;
}

void
sg_gen_str_free (sg_gen_str *g)
{
  if (!g) return;
  sg_eval_free (g->ev);
  SG_VEC_FREE (g->pool);
  for (int s = 0; s < 3; s++) { SG_VEC_FREE (g->by_key[s]); SG_VEC_FREE (g->leaves_of[s]); }
  SG_VEC_FREE (g->keys);
  SG_VEC_FREE (g->ctext);
  sg_buf_free (&g->tmp);
  sg_script_free (&g->sc);
  sg_store_free (&g->st);
  free (g);
}

/* ---- sat formulas ---- */

/* What a leaf position prints: its constant, or a variable. */
enum { MAXV = 16 };
typedef struct gs_vars {
  uint32_t n;
  char sort[MAXV];
  char name[MAXV][8];
  const char *value[MAXV]; /* the witness */
} gs_vars;

static uint32_t
new_var (gs_vars *v, char sort, const char *value)
{
  uint32_t k = v->n++;
  v->sort[k] = sort;
  v->value[k] = value;
  uint32_t same = 0;
  for (uint32_t i = 0; i < k; i++) same += v->sort[i] == sort;
  snprintf (v->name[k], sizeof v->name[k], "%c%u", sort == 'S' ? 's' : sort == 'I' ? 'i' : 'b', same);
  return k;
}

static void
add_leaf (const sg_gen_str *g, uint32_t leaf, sg_buf *b)
{
  sg_buf_adds (b, g->ctext.a + g->leaf[leaf].text);
}

static void
header (sg_buf *text)
{
  sg_buf_adds (text, "(set-logic QF_SLIA)\n(set-info :status sat)\n");
}

static void
footer (const gs_vars *v, sg_buf *decls, sg_buf *text)
{
  sg_buf_adds (text, "(check-sat)\n");
  for (uint32_t i = 0; i < v->n; i++)
    {
      sg_buf_printf (decls, "(declare-const %s %s)\n", v->name[i], sort_name (v->sort[i]));
      sg_buf_printf (text, ";; witness: (define-fun %s () %s %s)\n", v->name[i], sort_name (v->sort[i]),
                     v->value[i]);
    }
}

/* Base and constant assignment: a pool term's operation with each argument a fresh variable
 * (witness: the constant) or, for assign, the constant itself; the result likewise. */
static sg_rc
sat_assign (sg_gen_str *g, sg_rng *rng, bool assign, sg_buf *text, sg_buf *desc)
{
  uint32_t k;
  do k = (uint32_t) sg_rng_below (rng, NOPS); while (!g->op_count[k]);
  const gs_pterm *p = &g->pool.a[g->op_first[k] + sg_rng_below (rng, g->op_count[k])];
  const gs_opdef *o = &ops[k];
  uint32_t n = (uint32_t) strlen (o->args), replaced = 0;
  gs_vars v;
  memset (&v, 0, sizeof v);
  sg_buf body, decls;
  sg_buf_init (&body);
  sg_buf_init (&decls);
  sg_buf_printf (&body, "(assert (= (%s", sg_op_name (o->op));
  for (uint32_t a = 0; a < n; a++)
    {
      sg_buf_addc (&body, ' ');
      char s = o->args[a];
      if (s == 'L' || (assign && sg_rng_chance (rng, 1, 2)))
        {
          add_leaf (g, p->arg[a], &body);
          replaced += s != 'L';
        }
      else sg_buf_adds (&body, v.name[new_var (&v, s, key_text (g, g->leaf[p->arg[a]].key))]);
    }
  sg_buf_adds (&body, ") ");
  /* Constant assignment replaces at least one position. */
  if (assign && (sg_rng_chance (rng, 1, 2) || !replaced || replaced == n))
    {
      sg_buf_adds (&body, key_text (g, p->key));
      replaced++;
    }
  else sg_buf_adds (&body, v.name[new_var (&v, o->res, key_text (g, p->key))]);
  sg_buf_adds (&body, "))\n");
  header (text);
  footer (&v, &decls, &body);
  sg_buf_add (text, decls.s, decls.len);
  sg_buf_add (text, body.s, body.len);
  sg_buf_printf (desc, "strings sat %s: %s, %u of %u positions constant", assign ? "constant assignment" : "base",
                 sg_op_name (o->op), replaced, n + 1);
  bool ok = sg_buf_ok (&body) && sg_buf_ok (&decls);
  sg_buf_free (&body);
  sg_buf_free (&decls);
  return ok ? SG_RC_OK : SG_RC_NOMEM;
}

/* Term synthesis. Items are leaves (< MAXCONSTS) or pool terms (MAXCONSTS + index). */
typedef struct gs_abs {
  int var[MAXCONSTS];   /* per constant: a variable, -1 (kept), -2 (not decided yet) */
  bool all;             /* abstract every constant */
} gs_abs;

static void
print_leaf (const sg_gen_str *g, uint32_t leaf, gs_abs *ab, gs_vars *v, sg_rng *rng, sg_buf *b)
{
  const gs_leaf *l = &g->leaf[leaf];
  if (l->sort == 'L') { add_leaf (g, leaf, b); return; }
  if (ab->var[leaf] == -2) /* undecided */
    ab->var[leaf] = (ab->all || sg_rng_chance (rng, 1, 2)) && v->n < MAXV
                      ? (int) new_var (v, l->sort, key_text (g, l->key)) : -1;
  if (ab->var[leaf] >= 0) sg_buf_adds (b, v->name[ab->var[leaf]]);
  else add_leaf (g, leaf, b);
}

static void
print_item (const sg_gen_str *g, uint32_t item, gs_abs *ab, gs_vars *v, sg_rng *rng, sg_buf *b)
{
  if (item < MAXCONSTS) { print_leaf (g, item, ab, v, rng, b); return; }
  const gs_pterm *p = &g->pool.a[item - MAXCONSTS];
  sg_buf_printf (b, "(%s", sg_op_name (ops[p->op].op));
  for (size_t a = 0; ops[p->op].args[a]; a++)
    {
      sg_buf_addc (b, ' ');
      print_leaf (g, p->arg[a], ab, v, rng, b);
    }
  sg_buf_addc (b, ')');
}

/* A random pool term of result sort s, or a leaf of sort s (S, I, L). */
static uint32_t
draw_item (const sg_gen_str *g, sg_rng *rng, char s)
{
  const sg_u32vec *pool = s == 'L' ? NULL : &g->by_key[sort_slot (s)];
  const sg_u32vec *lv = &g->leaves_of[sort_slot (s)];
  if (pool && pool->n && sg_rng_chance (rng, 2, 3)) return MAXCONSTS + pool->a[sg_rng_below (rng, pool->n)];
  return lv->a[sg_rng_below (rng, lv->n)];
}

/* The first index in by_key[slot] whose key is >= key. */
static size_t
lower_bound (const sg_gen_str *g, int slot, const char *key)
{
  const sg_u32vec *v = &g->by_key[slot];
  size_t lo = 0, hi = v->n;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (strcmp (key_text (g, g->pool.a[v->a[mid]].key), key) < 0) lo = mid + 1;
      else hi = mid;
    }
  return lo;
}

static sg_rc
sat_synth (sg_gen_str *g, sg_rng *rng, sg_buf *text, sg_buf *desc)
{
  uint32_t k;
  do k = (uint32_t) sg_rng_below (rng, NOPS); while (!g->op_count[k]); /* its arguments exist */
  const gs_opdef *o = &ops[k];
  uint32_t n = (uint32_t) strlen (o->args), item[3];
  sg_term args[3];
  for (uint32_t a = 0; a < n; a++)
    {
      item[a] = draw_item (g, rng, o->args[a]);
      args[a] = item[a] < MAXCONSTS ? g->leaf[item[a]].term : g->pool.a[item[a] - MAXCONSTS].term;
    }
  sg_store_mark mark;
  sg_store_mark_get (&g->st, &mark);
  sg_term t;
  sg_rc rc = sg_mk_app (&g->st, o->op, args, n, NULL, 0, &t);
  if (!rc) rc = value_text (g, t);
  sg_store_rollback (&g->st, &mark);
  if (g->ev) sg_eval_store_rolled_back (g->ev);
  if (rc == SG_RC_USAGE) return sat_assign (g, rng, false, text, desc); /* past a limit */
  if (rc) return rc;
  /* The right-hand side: a pool term of the same value, else the value itself. */
  const char *val = sg_buf_cstr (&g->tmp);
  int slot = sort_slot (o->res);
  size_t lo = lower_bound (g, slot, val), hi = lo;
  while (hi < g->by_key[slot].n && !strcmp (key_text (g, g->pool.a[g->by_key[slot].a[hi]].key), val)) hi++;
  int64_t rhs = -1; /* item, or -1: the literal value */
  if (hi > lo) rhs = MAXCONSTS + g->by_key[slot].a[lo + sg_rng_below (rng, hi - lo)];
  /* The literal value abstracted with the constant of the same value, if there is one. */
  int lit_leaf = -1;
  for (uint32_t i = 0; rhs < 0 && i < g->nconsts; i++)
    if (g->leaf[i].sort == o->res && !strcmp (key_text (g, g->leaf[i].key), val)) lit_leaf = (int) i;
  gs_abs ab;
  gs_vars v;
  sg_buf body, decls, valcopy;
  sg_buf_init (&body);
  sg_buf_init (&decls);
  sg_buf_init (&valcopy);
  sg_buf_adds (&valcopy, val);
  /* Abstract every constant, or each with probability 1/2 (then again with every one when
   * none was: a formula without variables tests nothing). */
  bool all = sg_rng_chance (rng, 1, 2);
  for (int attempt = 0; attempt < 2; attempt++, all = true)
    {
      for (size_t i = 0; i < MAXCONSTS; i++) ab.var[i] = -2;
      ab.all = all;
      memset (&v, 0, sizeof v);
      sg_buf_reset (&body);
      sg_buf_printf (&body, "(assert (= (%s", sg_op_name (o->op));
      for (uint32_t a = 0; a < n; a++)
        {
          sg_buf_addc (&body, ' ');
          print_item (g, item[a], &ab, &v, rng, &body);
        }
      sg_buf_adds (&body, ") ");
      if (rhs >= 0) print_item (g, (uint32_t) rhs, &ab, &v, rng, &body);
      else if (lit_leaf >= 0) print_leaf (g, (uint32_t) lit_leaf, &ab, &v, rng, &body);
      else if (o->res != 'B' && (ab.all || sg_rng_chance (rng, 1, 2)) && v.n < MAXV)
        sg_buf_adds (&body, v.name[new_var (&v, o->res, sg_buf_cstr (&valcopy))]);
      else sg_buf_adds (&body, sg_buf_cstr (&valcopy));
      sg_buf_adds (&body, "))\n");
      if (v.n) break;
    }
  header (text);
  footer (&v, &decls, &body);
  sg_buf_add (text, decls.s, decls.len);
  sg_buf_add (text, body.s, body.len);
  sg_buf_printf (desc, "strings sat term synthesis: %s over %u arguments, %s, %u variables",
                 sg_op_name (o->op), n, rhs >= 0 ? "equated to a pool term" : "equated to its value", v.n);
  bool ok = sg_buf_ok (&body) && sg_buf_ok (&decls) && sg_buf_ok (&valcopy);
  sg_buf_free (&body);
  sg_buf_free (&decls);
  sg_buf_free (&valcopy);
  return ok ? SG_RC_OK : SG_RC_NOMEM;
}

sg_rc
sg_gen_str_sat (sg_gen_str *g, sg_rng *rng, sg_gstr_sat_kind kind, sg_buf *text, sg_buf *desc)
{
  sg_buf_reset (text);
  sg_buf_reset (desc);
  if (kind == SG_GSTR_ANY)
    {
      uint64_t r = sg_rng_below (rng, 8);
      kind = r < 2 ? SG_GSTR_BASE : r < 5 ? SG_GSTR_ASSIGN : SG_GSTR_SYNTH;
    }
  sg_rc rc = kind == SG_GSTR_SYNTH ? sat_synth (g, rng, text, desc)
                                   : sat_assign (g, rng, kind == SG_GSTR_ASSIGN, text, desc);
  if (!rc && !(sg_buf_ok (text) && sg_buf_ok (desc))) rc = SG_RC_NOMEM;
  return rc;
}

/* ---- reading the comments back ---- */

/* Each line of text starting with prefix: f(ctx, rest of line, its length). */
static uint32_t
each_line (const char *text, size_t len, const char *prefix,
           void (*f) (void *ctx, const char *s, size_t n), void *ctx)
{
  size_t pl = strlen (prefix);
  uint32_t count = 0;
  for (size_t i = 0; i < len;)
    {
      const char *e = memchr (text + i, '\n', len - i);
      size_t end = e ? (size_t) (e - text) : len;
      if (end - i >= pl && !memcmp (text + i, prefix, pl))
        {
          f (ctx, text + i + pl, end - i - pl);
          count++;
        }
      i = end + 1;
    }
  return count;
}

static void
add_line (void *ctx, const char *s, size_t n)
{
  sg_buf_add (ctx, s, n);
  sg_buf_addc (ctx, '\n');
}

uint32_t
sg_gen_str_witness (const char *text, size_t len, sg_buf *model)
{
  sg_buf_reset (model);
  sg_buf_adds (model, "(model\n");
  uint32_t n = each_line (text, len, ";; witness: ", add_line, model);
  sg_buf_adds (model, ")\n");
  return n;
}

static void
add_words (void *ctx, const char *s, size_t n)
{
  sg_buf_add (ctx, s, n);
}

bool
sg_gen_str_core (const char *text, size_t len, sg_buf *names)
{
  sg_buf_reset (names);
  return each_line (text, len, ";; core: ", add_words, names) == 1;
}
