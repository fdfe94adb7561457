/* print: SMT-LIB 2.6 printer (see print.h).
 * Terms are printed from an explicit stack of output items, never by recursion: printing a node
 * turns it into its sequence of texts, symbols, sorts and child terms, pushed in reverse so the
 * first one is printed next. The let analysis of the default mode is a few plain loops over the
 * ids reachable from the root (id order is topological). */
#include "front/print.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/lex.h"

/* Below this many tree nodes a term is printed as a tree without any analysis. */
#define SMALL_TREE 4096u
/* Saturation bound for tree sizes and occurrence counts. */
#define SAT ((uint64_t) 1 << 62)

enum {
  K_TEXT, /* constant text */
  K_SYM,  /* symbol atom, quoted if needed */
  K_ATOM, /* atom text verbatim (keywords, attribute values) */
  K_SORT, /* sort */
  K_TERM, /* term, or its let name when it has one */
  K_DEF,  /* term itself, even when it has a let name (its let definition) */
  K_PAT,  /* match pattern */
};

typedef struct item {
  const char *text; /* K_TEXT: the text */
  uint32_t kind;    /* K_* */
  uint32_t v;       /* atom, sort or term id */
} item;

enum { F_SEEN = 1, F_VARS = 2 };

typedef struct slot {
  uint64_t size;  /* saturating tree size; then occurrences in the let-printed text */
  uint32_t name;  /* let name number + 1; 0 = printed in place */
  uint32_t level; /* let level of a named node, else the highest level of one beneath */
  uint8_t flags;  /* F_SEEN: reachable from the root; F_VARS: a BVAR or binder beneath */
} slot;

typedef struct printer {
  const sg_store *s;   /* the store printed from */
  sg_buf *b;           /* output */
  bool expand;         /* never let-bind shared subterms */
  uint64_t limit;      /* tree size printed without analysis of sharing */
  slot *slots;         /* per term id, allocated on first need; all zero between terms */
  SG_VEC (item) stack; /* pending output, the top is printed next */
  SG_VEC (item) seq;   /* output of one node in order, before it is reversed onto stack */
  sg_u32vec reach;     /* term ids reachable from the root (the slots to clear) */
  sg_u32vec named;     /* let-bound term ids, by level */
  bool oom;            /* an allocation failed: the buffer is marked failed at the end */
} printer;

/* ---- symbols and literals ---- */

static bool
reserved (sg_atom a, const char *t, uint32_t n)
{
  /* Command names and _ ! as let forall exists match par lambda are the first well-known atoms. */
  if (a <= SG_WK_LAMBDA) return true;
  if (n < 6 || n > 11) return false;
  return !strcmp (t, "BINARY") || !strcmp (t, "DECIMAL") || !strcmp (t, "HEXADECIMAL")
         || !strcmp (t, "NUMERAL") || !strcmp (t, "STRING");
}

void
sg_print_symbol (const sg_store *s, sg_atom a, sg_buf *b)
{
  assert (a < sg_atom_count (&s->atoms));
  const char *t = sg_store_text (s, a);
  uint32_t n = sg_atom_len (&s->atoms, a);
  if (sg_lex_is_simple_symbol (t, n) && !reserved (a, t, n))
    sg_buf_add (b, t, n);
  else /* the lexer never accepts | or \ inside a symbol, so no escaping is needed */
    { sg_buf_addc (b, '|'); sg_buf_add (b, t, n); sg_buf_addc (b, '|'); }
}

static void
string_lit (const sg_store *s, sg_atom a, sg_buf *b)
{
  const char *t = sg_store_text (s, a);
  uint32_t n = sg_atom_len (&s->atoms, a), from = 0;
  sg_buf_addc (b, '"');
  for (uint32_t i = 0; i < n; i++)
    if (t[i] == '"')
      { sg_buf_add (b, t + from, i + 1 - from); sg_buf_addc (b, '"'); from = i + 1; }
  sg_buf_add (b, t + from, n - from);
  sg_buf_addc (b, '"');
}

static void
verbatim (const sg_store *s, sg_atom a, sg_buf *b)
{
  sg_buf_add (b, sg_store_text (s, a), sg_atom_len (&s->atoms, a));
}

/* ---- the item stack ---- */

static void
put (printer *pr, uint32_t kind, uint32_t v, const char *text)
{
  item it = { text, kind, v };
  if (!SG_VEC_PUSH (pr->seq, it)) pr->oom = true;
}

static void txt (printer *pr, const char *t) { put (pr, K_TEXT, 0, t); }
static void trm (printer *pr, sg_term t) { put (pr, K_TERM, t, NULL); }
static void sym (printer *pr, sg_atom a) { put (pr, K_SYM, a, NULL); }

/* Move seq onto the stack, reversed, so that its first item is printed next. */
static void
flush (printer *pr)
{
  if (!SG_VEC_RESERVE (pr->stack, pr->seq.n)) { pr->oom = true; pr->seq.n = 0; return; }
  for (uint32_t i = pr->seq.n; i-- > 0;) pr->stack.a[pr->stack.n++] = pr->seq.a[i];
  pr->seq.n = 0;
}

/* ---- one node ---- */

static sg_atom
bvar_name (const sg_store *s, sg_term v)
{
  return sg_term_node (s, v)->aux;
}

/* " a1 a2 ... an)" after a head already written. */
static void
args_close (printer *pr, const uint32_t *a, uint32_t n)
{
  for (uint32_t i = 0; i < n; i++) { txt (pr, " "); trm (pr, a[i]); }
  txt (pr, ")");
}

static void
indexed_head (printer *pr, const char *name, const uint32_t *idx, uint32_t nidx)
{
  sg_buf_adds (pr->b, "(_ ");
  sg_buf_adds (pr->b, name);
  for (uint32_t i = 0; i < nidx; i++) { sg_buf_addc (pr->b, ' '); sg_buf_addu (pr->b, idx[i]); }
  sg_buf_addc (pr->b, ')');
}

/* The identifier of a nullary node, as (as id sort) when it was written so. The identifier is
 * a symbol atom, or a built-in name when a == SG_ATOM_NONE. */
static void
ident (printer *pr, const sg_node *nd, sg_atom a, const char *name, const uint32_t *idx)
{
  bool as = nd->flags & SG_TF_AS;
  if (as) sg_buf_adds (pr->b, "(as ");
  if (a != SG_ATOM_NONE)
    sg_print_symbol (pr->s, a, pr->b);
  else if (nd->nidx)
    indexed_head (pr, name, idx, nd->nidx);
  else
    sg_buf_adds (pr->b, name);
  if (!as) return;
  sg_buf_addc (pr->b, ' ');
  sg_sort_print (pr->s, nd->sort, pr->b);
  sg_buf_addc (pr->b, ')');
}

/* Application of a symbol (a != SG_ATOM_NONE) or a built-in operator. */
static void
app (printer *pr, const sg_node *nd, sg_atom a, const char *name, const uint32_t *args)
{
  if (nd->nargs == 0) { ident (pr, nd, a, name, args); return; }
  sg_buf_addc (pr->b, '(');
  ident (pr, nd, a, name, args + nd->nargs); /* ((as C S) args) keeps the qualification */
  args_close (pr, args, nd->nargs);
}

static void
annot (printer *pr, const sg_node *nd, const uint32_t *a)
{
  const sg_store *s = pr->s;
  const sg_annot *an = &s->annots.a[nd->aux];
  uint32_t k = 1;
  sg_buf_adds (pr->b, "(! ");
  trm (pr, a[0]);
  for (uint32_t i = 0; i < an->nattrs; i++)
    {
      const sg_attr *at = &s->attrs.a[an->attrs + i];
      txt (pr, " ");
      put (pr, K_ATOM, at->key, NULL);
      switch (at->kind)
        {
        case SG_ATTR_NAMED: txt (pr, " "); sym (pr, at->value); break;
        case SG_ATTR_PATTERN:
          txt (pr, " (");
          for (uint32_t j = 0; j < at->value && k < nd->nargs; j++)
            {
              if (j) txt (pr, " ");
              /* A pattern is printed as itself (never as a let name); its children may be. */
              put (pr, K_DEF, a[k++], NULL);
            }
          txt (pr, ")");
          break;
        default:
          if (at->value != SG_ATOM_NONE) { txt (pr, " "); put (pr, K_ATOM, at->value, NULL); }
          break;
        }
    }
  txt (pr, ")");
}

static void
expand (printer *pr, sg_term t)
{
  const sg_store *s = pr->s;
  const sg_node *nd = sg_term_node (s, t);
  const uint32_t *a = sg_term_args (s, t);
  sg_buf *b = pr->b;
  sg_op op = (sg_op) nd->op;
  if ((nd->flags & SG_TF_IMPLICIT) && nd->nargs == 1) /* never printed as to_real */
    { trm (pr, a[0]); flush (pr); return; }
  switch (op)
    {
    case SG_OP_NUMERAL: case SG_OP_DECIMAL: case SG_OP_HEX: case SG_OP_BIN:
      verbatim (s, nd->aux, b);
      break;
    case SG_OP_STRING: string_lit (s, nd->aux, b); break;
    case SG_OP_BVLIT:
      sg_buf_adds (b, "(_ bv");
      verbatim (s, nd->aux, b);
      sg_buf_printf (b, " %u)", (unsigned) a[nd->nargs]);
      break;
    case SG_OP_BVAR: sg_print_symbol (s, nd->aux, b); break;
    case SG_OP_APP: app (pr, nd, s->funs.a[nd->aux].name, NULL, a); break;
    case SG_OP_AS_ARRAY:
      sg_buf_adds (b, "(_ as-array ");
      sg_print_symbol (s, s->funs.a[nd->aux].name, b);
      sg_buf_addc (b, ')');
      break;
    case SG_OP_DT_CONS: app (pr, nd, s->conss.a[nd->aux].name, NULL, a); break;
    case SG_OP_DT_SEL: app (pr, nd, s->sels.a[nd->aux].name, NULL, a); break;
    case SG_OP_ANNOT: annot (pr, nd, a); break;
    case SG_OP_FUN_REF: sg_print_symbol (s, s->funs.a[nd->aux].name, b); break;
    case SG_OP_SET_COMP:
      sg_buf_adds (b, "(set.comprehension (");
      for (uint32_t i = 0; i + 2 < nd->nargs; i++)
        {
          txt (pr, i ? " (" : "(");
          sym (pr, bvar_name (s, a[i]));
          txt (pr, " ");
          put (pr, K_SORT, sg_term_sort (s, a[i]), NULL);
          txt (pr, ")");
        }
      txt (pr, ") ");
      trm (pr, a[nd->nargs - 2]);
      txt (pr, " ");
      trm (pr, a[nd->nargs - 1]);
      txt (pr, ")");
      break;
    case SG_OP_DT_UPDATE:
      sg_buf_adds (b, "((_ update ");
      sg_print_symbol (s, s->sels.a[nd->aux].name, b);
      sg_buf_addc (b, ')');
      args_close (pr, a, nd->nargs);
      break;
    case SG_OP_FMF_CARD:
      sg_buf_adds (b, "(_ fmf.card ");
      sg_sort_print (s, nd->aux, b);
      sg_buf_printf (b, " %u)", (unsigned) a[0]);
      break;
    case SG_OP_HO_APPLY:
      {
        const sg_node *h = sg_term_node (s, a[0]);
        if ((nd->flags & SG_TF_CURRY)
            && (h->op == SG_OP_BVAR || h->op == SG_OP_FUN_REF || (h->op == SG_OP_APP && !h->nargs)))
          {
            sg_buf_addc (b, '(');
            sg_print_symbol (s, h->op == SG_OP_BVAR ? h->aux : s->funs.a[h->aux].name, b);
            args_close (pr, a + 1, nd->nargs - 1);
          }
        else
          app (pr, nd, SG_ATOM_NONE, "@", a);
        break;
      }
    case SG_OP_LET: case SG_OP_FORALL: case SG_OP_EXISTS: case SG_OP_LAMBDA:
      {
        bool let = op == SG_OP_LET; /* (v1 t1 ... body) or (v1 ... body) */
        sg_buf_adds (b, let ? "(let (" : op == SG_OP_FORALL ? "(forall (" : op == SG_OP_LAMBDA ? "(lambda (" : "(exists (");
        for (uint32_t i = 0; i + 1 < nd->nargs; i += let ? 2 : 1)
          {
            txt (pr, i ? " (" : "(");
            sym (pr, bvar_name (s, a[i]));
            txt (pr, " ");
            if (let) trm (pr, a[i + 1]);
            else put (pr, K_SORT, sg_term_sort (s, a[i]), NULL);
            txt (pr, ")");
          }
        txt (pr, ") ");
        trm (pr, a[nd->nargs - 1]);
        txt (pr, ")");
      }
      break;
    case SG_OP_MATCH:
      sg_buf_adds (b, "(match ");
      trm (pr, a[0]);
      txt (pr, " (");
      for (uint32_t i = 1; i + 1 < nd->nargs; i += 2)
        {
          txt (pr, i > 1 ? " (" : "(");
          put (pr, K_PAT, a[i], NULL);
          txt (pr, " ");
          trm (pr, a[i + 1]);
          txt (pr, ")");
        }
      txt (pr, "))");
      break;
    case SG_OP_CONST_ARRAY:
      sg_buf_adds (b, "((as const ");
      sg_sort_print (s, nd->sort, b);
      sg_buf_addc (b, ')');
      args_close (pr, a, nd->nargs);
      break;
    case SG_OP_DT_TEST:
      {
        sg_atom c = s->conss.a[nd->aux].name;
        const char *ct = sg_store_text (s, c);
        uint32_t cn = sg_atom_len (&s->atoms, c);
        if (nd->flags & SG_TF_AS) /* a constructor name several datatypes share (cvc5) */
          {
            sg_buf_adds (b, "((_ is (as ");
            sg_print_symbol (s, c, b);
            sg_buf_addc (b, ' ');
            sg_sort_print (s, sg_term_sort (s, a[0]), b);
            sg_buf_adds (b, "))");
          }
        else if (!(nd->flags & SG_TF_DASH))
          { sg_buf_adds (b, "((_ is "); sg_print_symbol (s, c, b); sg_buf_addc (b, ')'); }
        else if (sg_lex_is_simple_symbol (ct, cn))
          { sg_buf_adds (b, "(is-"); sg_buf_add (b, ct, cn); }
        else /* |is-C| is the same symbol as is-C whenever the latter is simple */
          { sg_buf_adds (b, "(|is-"); sg_buf_add (b, ct, cn); sg_buf_addc (b, '|'); }
        args_close (pr, a, nd->nargs);
      }
      break;
    case SG_OP_SELECT:
      if (nd->flags & SG_TF_APPLY) /* z3: (a i) */
        {
          sg_buf_addc (b, '(');
          trm (pr, a[0]);
          args_close (pr, a + 1, nd->nargs - 1);
          break;
        }
      /* fall through */
    default:
      {
        const char *name = op > SG_OP_FIRST_BUILTIN && op < SG_OP_COUNT ? sg_op_name (op) : NULL;
        app (pr, nd, SG_ATOM_NONE, name ? name : "|<bad-op>|", a);
      }
      break;
    }
  flush (pr);
}

/* A match pattern: a variable, a nullary constructor or a constructor applied to variables. */
static void
pattern (printer *pr, sg_term p)
{
  const sg_store *s = pr->s;
  const sg_node *nd = sg_term_node (s, p);
  if (nd->op == SG_OP_BVAR)
    sg_print_symbol (s, nd->aux, pr->b);
  else if (nd->op == SG_OP_DT_CONS && nd->nargs == 0)
    ident (pr, nd, s->conss.a[nd->aux].name, NULL, NULL);
  else if (nd->op == SG_OP_DT_CONS)
    {
      const uint32_t *a = sg_term_args (s, p);
      sg_buf_addc (pr->b, '(');
      sg_print_symbol (s, s->conss.a[nd->aux].name, pr->b);
      for (uint32_t i = 0; i < nd->nargs; i++) { txt (pr, " "); put (pr, K_PAT, a[i], NULL); }
      txt (pr, ")");
      flush (pr);
    }
  else
    expand (pr, p);
}

static void
run (printer *pr)
{
  const sg_store *s = pr->s;
  while (pr->stack.n && !pr->oom)
    {
      item it = SG_VEC_POP (pr->stack);
      switch (it.kind)
        {
        case K_TEXT: sg_buf_adds (pr->b, it.text); break;
        case K_SYM: sg_print_symbol (s, it.v, pr->b); break;
        case K_ATOM: verbatim (s, it.v, pr->b); break;
        case K_SORT: sg_sort_print (s, it.v, pr->b); break;
        case K_PAT: pattern (pr, it.v); break;
        case K_DEF: expand (pr, it.v); break;
        default:
          if (pr->slots && pr->slots[it.v].name)
            sg_buf_printf (pr->b, "_let%u", (unsigned) (pr->slots[it.v].name - 1));
          else
            expand (pr, it.v);
          break;
        }
    }
  pr->stack.n = 0;
}

/* ---- sharing analysis ---- */

/* Whether the tree of t has at most `bound` nodes (a bounded walk; uses reach as its stack). */
static bool
small_tree (printer *pr, sg_term t, uint64_t bound)
{
  const sg_store *s = pr->s;
  uint64_t count = 0;
  bool ok = true;
  pr->reach.n = 0;
  if (!SG_VEC_PUSH (pr->reach, t)) return false;
  while (pr->reach.n)
    {
      sg_term u = SG_VEC_POP (pr->reach);
      uint32_t n = sg_term_nargs (s, u);
      if (++count + pr->reach.n + n > bound || !SG_VEC_RESERVE (pr->reach, n))
        { ok = false; break; }
      const uint32_t *a = sg_term_args (s, u);
      for (uint32_t i = 0; i < n; i++) pr->reach.a[pr->reach.n++] = a[i];
    }
  pr->reach.n = 0;
  return ok;
}

static int
cmp_u32 (const void *x, const void *y)
{
  uint32_t a = *(const uint32_t *) x, b = *(const uint32_t *) y;
  return (a > b) - (a < b);
}

static bool
is_binder (sg_op op)
{
  return op == SG_OP_LET || op == SG_OP_FORALL || op == SG_OP_EXISTS || op == SG_OP_MATCH || op == SG_OP_LAMBDA
         || op == SG_OP_SET_COMP;
}

static uint64_t
sat_add (uint64_t x, uint64_t y)
{
  return x + y > SAT ? SAT : x + y;
}

/* Chooses the let-bound nodes of the tree of root and numbers them; returns the number of let
 * levels (0: print the plain tree). A node is let-bound when it is not the root, has children,
 * is not an implicit coercion, would occur at least twice in the printed text, and has no BVAR
 * and no binder beneath it. Limit: shared subterms with bound variables inside are printed in
 * full at each occurrence, so a formula sharing heavily under binders can still print large. */
static uint32_t
analyse (printer *pr, sg_term root)
{
  const sg_store *s = pr->s;
  if (!pr->slots && !(pr->slots = calloc ((size_t) sg_term_count (s) + 1, sizeof (slot))))
    return pr->oom = true, 0;
  slot *sl = pr->slots;
  /* Reachable ids, breadth first with reach as the queue, then in id order. */
  pr->reach.n = 0;
  if (!SG_VEC_PUSH (pr->reach, root)) return pr->oom = true, 0;
  sl[root].flags = F_SEEN;
  for (uint32_t q = 0; q < pr->reach.n; q++)
    {
      sg_term u = pr->reach.a[q];
      const uint32_t *a = sg_term_args (s, u);
      for (uint32_t i = 0, n = sg_term_nargs (s, u); i < n; i++)
        if (!(sl[a[i]].flags & F_SEEN))
          {
            sl[a[i]].flags = F_SEEN;
            if (!SG_VEC_PUSH (pr->reach, a[i])) return pr->oom = true, 0;
          }
    }
  qsort (pr->reach.a, pr->reach.n, sizeof *pr->reach.a, cmp_u32);
  const uint32_t *r = pr->reach.a, nr = pr->reach.n;
  for (uint32_t k = 0; k < nr; k++)
    {
      sg_term u = r[k];
      const uint32_t *a = sg_term_args (s, u);
      uint64_t size = 1;
      bool vars = sg_term_op (s, u) == SG_OP_BVAR || is_binder (sg_term_op (s, u));
      for (uint32_t i = 0, n = sg_term_nargs (s, u); i < n; i++)
        {
          size = sat_add (size, sl[a[i]].size);
          vars |= (sl[a[i]].flags & F_VARS) != 0;
        }
      sl[u].size = size;
      if (vars) sl[u].flags |= F_VARS;
    }
  if (sl[root].size <= pr->limit || sl[root].size <= 4 * (uint64_t) nr) return 0;
  /* Occurrences in the printed text, parents before children; decide who is let-bound. */
  for (uint32_t k = 0; k < nr; k++) sl[r[k]].size = 0;
  sl[root].size = 1;
  for (uint32_t k = nr; k-- > 0;)
    {
      sg_term u = r[k];
      const sg_node *nd = sg_term_node (s, u);
      bool bind = u != root && nd->nargs && !(nd->flags & (SG_TF_IMPLICIT)) && sl[u].size >= 2
                  && !(sl[u].flags & F_VARS);
      uint64_t occ = bind ? 1 : sl[u].size;
      const uint32_t *a = sg_term_args (s, u);
      for (uint32_t i = 0; i < nd->nargs; i++) sl[a[i]].size = sat_add (sl[a[i]].size, occ);
      sl[u].name = bind;
    }
  /* Levels, children before parents. */
  uint32_t nnamed = 0;
  for (uint32_t k = 0; k < nr; k++)
    {
      sg_term u = r[k];
      const uint32_t *a = sg_term_args (s, u);
      uint32_t m = 0;
      for (uint32_t i = 0, n = sg_term_nargs (s, u); i < n; i++)
        if (sl[a[i]].level > m) m = sl[a[i]].level;
      sl[u].level = m + (sl[u].name != 0);
      nnamed += sl[u].name != 0;
    }
  uint32_t levels = sl[root].level;
  if (!levels) return 0;
  /* Order the named nodes by level, then id (counting sort), and give them fresh names. */
  uint32_t *start = calloc ((size_t) levels + 2, sizeof *start);
  if (!start || !SG_VEC_RESERVE (pr->named, nnamed)) { free (start); return pr->oom = true, 0; }
  for (uint32_t k = 0; k < nr; k++)
    if (sl[r[k]].name) start[sl[r[k]].level + 1]++;
  for (uint32_t l = 1; l <= levels + 1; l++) start[l] += start[l - 1];
  for (uint32_t k = 0; k < nr; k++)
    if (sl[r[k]].name) pr->named.a[start[sl[r[k]].level]++] = r[k];
  free (start);
  pr->named.n = nnamed;
  uint32_t counter = 0;
  char name[32];
  for (uint32_t k = 0; k < nnamed; k++)
    {
      for (;; counter++)
        {
          int len = snprintf (name, sizeof name, "_let%u", (unsigned) counter);
          if (sg_atom_find (&s->atoms, name, (size_t) len) == SG_ATOM_NONE) break;
        }
      sl[pr->named.a[k]].name = ++counter; /* number + 1 */
    }
  return levels;
}

/* Prints one term, with lets for shared subterms unless the tree is small enough. */
static void
print_term (printer *pr, sg_term t)
{
  if (pr->oom) return;
  uint32_t levels = 0;
  uint64_t bound = pr->limit < SMALL_TREE ? pr->limit : SMALL_TREE;
  if (!pr->expand && !small_tree (pr, t, bound)) levels = analyse (pr, t);
  if (pr->oom) return;
  /* (let ((n1 d1) ...) (let (...) ... t)) with one parallel let per level. */
  uint32_t k = 0;
  for (uint32_t l = 1; l <= levels; l++)
    {
      txt (pr, "(let (");
      for (bool first = true; k < pr->named.n && pr->slots[pr->named.a[k]].level == l; k++)
        {
          txt (pr, first ? "(" : " (");
          first = false;
          trm (pr, pr->named.a[k]);
          txt (pr, " ");
          put (pr, K_DEF, pr->named.a[k], NULL);
          txt (pr, ")");
        }
      txt (pr, ") ");
    }
  trm (pr, t);
  for (uint32_t l = 0; l < levels; l++) txt (pr, ")");
  flush (pr);
  run (pr);
  if (pr->slots)
    for (uint32_t i = 0; i < pr->reach.n; i++)
      memset (&pr->slots[pr->reach.a[i]], 0, sizeof (slot));
  pr->reach.n = 0;
  pr->named.n = 0;
}

static void
pr_init (printer *pr, const sg_store *s, const sg_print_opts *o, sg_buf *b)
{
  memset (pr, 0, sizeof *pr);
  pr->s = s;
  pr->b = b;
  pr->expand = o && o->expand;
  pr->limit = o && o->share_limit ? o->share_limit : (uint64_t) 1 << 20;
}

static void
pr_free (printer *pr)
{
  if (pr->oom) pr->b->failed = true;
  free (pr->slots);
  SG_VEC_FREE (pr->stack);
  SG_VEC_FREE (pr->seq);
  SG_VEC_FREE (pr->reach);
  SG_VEC_FREE (pr->named);
}

void
sg_print_term (const sg_store *s, sg_term t, const sg_print_opts *o, sg_buf *b)
{
  printer pr;
  pr_init (&pr, s, o, b);
  print_term (&pr, t);
  pr_free (&pr);
}

/* ---- commands ---- */

/* "(S1 S2 ...)" for sorts, or for the names of PARAM sorts when `names`. */
static void
sort_list (const sg_store *s, const uint32_t *sorts, uint32_t n, bool names, sg_buf *b)
{
  sg_buf_addc (b, '(');
  for (uint32_t i = 0; i < n; i++)
    {
      if (i) sg_buf_addc (b, ' ');
      if (names) sg_print_symbol (s, sg_sort_node (s, sorts[i])->a, b);
      else sg_sort_print (s, sorts[i], b);
    }
  sg_buf_addc (b, ')');
}

/* "f ((v1 S1) ...) R": the signature of a defined function. */
static void
fun_sig (const sg_store *s, uint32_t fid, sg_buf *b)
{
  const sg_fun *f = &s->funs.a[fid];
  sg_print_symbol (s, f->name, b);
  sg_buf_adds (b, " (");
  for (uint32_t i = 0; i < f->nparams; i++)
    {
      sg_buf_adds (b, i ? " (" : "(");
      sg_print_symbol (s, bvar_name (s, s->pool.a[f->vars + i]), b);
      sg_buf_addc (b, ' ');
      sg_sort_print (s, s->pool.a[f->params + i], b);
      sg_buf_addc (b, ')');
    }
  sg_buf_adds (b, ") ");
  sg_sort_print (s, f->ret, b);
}

/* A datatype_dec: "((C1 (s1 S1) ...) (C2))" or "(par (T ...) (...))". */
static void
dt_dec (const sg_store *s, uint32_t did, sg_buf *b)
{
  const sg_dt *d = &s->dts.a[did];
  if (d->nparams)
    {
      sg_buf_adds (b, "(par ");
      sort_list (s, s->pool.a + d->params, d->nparams, true, b);
      sg_buf_addc (b, ' ');
    }
  sg_buf_addc (b, '(');
  for (uint32_t c = 0; c < d->ncons; c++)
    {
      const sg_dtcons *cn = &s->conss.a[d->cons + c];
      sg_buf_adds (b, c ? " (" : "(");
      sg_print_symbol (s, cn->name, b);
      for (uint32_t k = 0; k < cn->nsel; k++)
        {
          const sg_dtsel *se = &s->sels.a[cn->sel + k];
          sg_buf_adds (b, " (");
          sg_print_symbol (s, se->name, b);
          sg_buf_addc (b, ' ');
          sg_sort_print (s, se->sort, b);
          sg_buf_addc (b, ')');
        }
      sg_buf_addc (b, ')');
    }
  sg_buf_adds (b, d->nparams ? "))" : ")");
}

/* "(t1 t2 ...)" */
static void
term_list (printer *pr, const uint32_t *t, uint32_t n)
{
  sg_buf_addc (pr->b, '(');
  for (uint32_t i = 0; i < n; i++)
    {
      if (i) sg_buf_addc (pr->b, ' ');
      print_term (pr, t[i]);
    }
  sg_buf_addc (pr->b, ')');
}

static void
print_cmd (printer *pr, const sg_script *sc, uint32_t i)
{
  const sg_store *s = pr->s;
  sg_buf *b = pr->b;
  const sg_cmd *c = &sc->cmds.a[i];
  const uint32_t *it = sg_cmd_items (sc, c);
  if (c->kind >= SG_WK_COUNT) return;
  if (c->flags & SG_CMD_RAW) { verbatim (s, c->aux, b); return; }
  sg_buf_addc (b, '(');
  if (c->flags & SG_CMD_CO)
    sg_buf_adds (b, c->kind == SG_WK_DECLARE_DATATYPE ? "declare-codatatype" : "declare-codatatypes");
  else
    sg_buf_adds (b, sg_wk_text ((sg_wk) c->kind));
  switch (c->kind)
    {
    case SG_WK_SET_LOGIC: sg_buf_addc (b, ' '); sg_print_symbol (s, c->aux, b); break;
    case SG_WK_SET_INFO: case SG_WK_SET_OPTION: case SG_WK_GET_INFO: case SG_WK_GET_OPTION:
      sg_buf_addc (b, ' ');
      verbatim (s, c->aux, b);
      if ((c->kind == SG_WK_SET_INFO || c->kind == SG_WK_SET_OPTION) && c->n)
        { sg_buf_addc (b, ' '); verbatim (s, it[0], b); }
      break;
    case SG_WK_DECLARE_SORT: case SG_WK_DEFINE_SORT:
      {
        const sg_sortdecl *d = &s->sortdecls.a[c->aux];
        sg_buf_addc (b, ' ');
        sg_print_symbol (s, d->name, b);
        sg_buf_addc (b, ' ');
        if (c->kind == SG_WK_DECLARE_SORT) { sg_buf_addu (b, d->arity); break; }
        sort_list (s, s->pool.a + d->params, d->arity, true, b);
        sg_buf_addc (b, ' ');
        sg_sort_print (s, d->body, b);
      }
      break;
    case SG_WK_DECLARE_CONST: case SG_WK_DECLARE_FUN:
      {
        const sg_fun *f = &s->funs.a[c->aux];
        sg_buf_addc (b, ' ');
        sg_print_symbol (s, f->name, b);
        sg_buf_addc (b, ' ');
        if (c->kind == SG_WK_DECLARE_FUN)
          { sort_list (s, s->pool.a + f->params, f->nparams, false, b); sg_buf_addc (b, ' '); }
        sg_sort_print (s, f->ret, b);
      }
      break;
    case SG_WK_DEFINE_CONST:
      {
        const sg_fun *f = &s->funs.a[c->aux];
        sg_buf_addc (b, ' ');
        sg_print_symbol (s, f->name, b);
        sg_buf_addc (b, ' ');
        sg_sort_print (s, f->ret, b);
        sg_buf_addc (b, ' ');
        if (c->n) print_term (pr, it[0]);
      }
      break;
    case SG_WK_DEFINE_FUN: case SG_WK_DEFINE_FUN_REC:
      sg_buf_addc (b, ' ');
      fun_sig (s, c->aux, b);
      sg_buf_addc (b, ' ');
      if (c->n) print_term (pr, it[0]); /* the command's body, not fun->body */
      break;
    case SG_WK_DEFINE_FUNS_REC:
      {
        uint32_t k = c->n / 2;
        sg_buf_adds (b, " (");
        for (uint32_t j = 0; j < k; j++)
          { sg_buf_adds (b, j ? " (" : "("); fun_sig (s, it[j], b); sg_buf_addc (b, ')'); }
        sg_buf_adds (b, ") ");
        term_list (pr, it + k, k);
      }
      break;
    case SG_WK_DECLARE_DATATYPE:
      sg_buf_addc (b, ' ');
      sg_print_symbol (s, s->dts.a[c->aux].name, b);
      sg_buf_addc (b, ' ');
      dt_dec (s, c->aux, b);
      break;
    case SG_WK_DECLARE_DATATYPES:
      {
        uint32_t n = s->dts.a[c->aux].ngroup;
        sg_buf_adds (b, " (");
        for (uint32_t j = 0; j < n; j++)
          {
            sg_buf_adds (b, j ? " (" : "(");
            sg_print_symbol (s, s->dts.a[c->aux + j].name, b);
            sg_buf_addc (b, ' ');
            sg_buf_addu (b, s->dts.a[c->aux + j].nparams);
            sg_buf_addc (b, ')');
          }
        sg_buf_adds (b, ") (");
        for (uint32_t j = 0; j < n; j++)
          {
            if (j) sg_buf_addc (b, ' ');
            dt_dec (s, c->aux + j, b);
          }
        sg_buf_addc (b, ')');
      }
      break;
    case SG_WK_PUSH: case SG_WK_POP:
      if (c->aux != SG_NONE) { sg_buf_addc (b, ' '); sg_buf_addu (b, c->aux); }
      break;
    case SG_WK_ASSERT:
      if (c->n) { sg_buf_addc (b, ' '); print_term (pr, it[0]); }
      break;
    case SG_WK_CHECK_SAT_ASSUMING: case SG_WK_GET_VALUE:
      sg_buf_addc (b, ' ');
      term_list (pr, it, c->n);
      break;
    case SG_WK_ECHO: sg_buf_addc (b, ' '); string_lit (s, c->aux, b); break;
    default: break; /* commands without arguments */
    }
  sg_buf_adds (b, ")\n");
}

void
sg_print_cmd (const sg_script *sc, uint32_t i, const sg_print_opts *o, sg_buf *b)
{
  printer pr;
  pr_init (&pr, sc->store, o, b);
  print_cmd (&pr, sc, i);
  pr_free (&pr);
}

void
sg_print_script (const sg_script *sc, const sg_print_opts *o, sg_buf *b)
{
  printer pr;
  pr_init (&pr, sc->store, o, b);
  for (uint32_t i = 0; i < sc->cmds.n && !pr.oom; i++) print_cmd (&pr, sc, i);
  pr_free (&pr);
}
