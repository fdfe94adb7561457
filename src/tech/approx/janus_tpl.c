/* janus_tpl: the reader of the rule templates of janus_rules.def (TECHNIQUES.md §5). */
#include <stdlib.h>
#include <string.h>

#include "base/tok.h"
#include "tech/approx/janus_int.h"

typedef struct tparse {
  sg_tks z; /* the template's tokens (base/tok.h) */
  sg_janus_tpl *t;
  const char *rule;
  sg_diag *d;
} tparse;

/* The next token's kind, not consumed. */
static sg_tk_kind
peek (const tparse *tp)
{
  return sg_tk_peek (&tp->z);
}

/* Consume the next token if it is of kind k. */
static bool
take (tparse *tp, sg_tk_kind k)
{
  sg_tk t;
  if (peek (tp) != k) return false;
  sg_tk_next (&tp->z, &t);
  return true;
}

/* The next word or string (with its quotes), consumed; 0 (nothing consumed) before '(', ')' or
 * the end. */
static size_t
word (tparse *tp, const char **w)
{
  sg_tks save = tp->z;
  sg_tk t;
  sg_tk_next (&tp->z, &t);
  *w = t.s;
  if (t.kind == SG_TK_WORD || t.kind == SG_TK_STRING || t.kind == SG_TK_QSYM) return t.n;
  tp->z = save;
  return 0;
}

static sg_rc
terr (tparse *tp, const char *msg)
{
  const char *at = tp->z.p; /* the text from the next token on */
  while (at < tp->z.end && (*at == ' ' || *at == '\t' || *at == '\n' || *at == '\r')) at++;
  return sg_diag_set (tp->d, SG_RC_PARSE, 0, 0, "janus_rules.def: rule %s: %s at '%.20s'",
                      tp->rule, msg, at);
}

static sg_op
op_lookup (const char *w, size_t n)
{
  for (int op = SG_OP_FIRST_BUILTIN + 1; op < SG_OP_COUNT; op++)
    {
      const char *name = sg_op_name ((sg_op) op);
      if (name && strlen (name) == n && !memcmp (name, w, n)
          && sg_op_info ((sg_op) op)->canon == (uint16_t) op)
        return (sg_op) op;
    }
  return SG_OP_COUNT;
}

static bool
is_var_word (const char *w, size_t n)
{
  if (n >= 2 && w[0] == '$') return true;
  return n == 2 && strchr ("nckqpslrixv", w[0]) && w[1] >= '0' && w[1] <= '9';
}

static sg_rc tparse_term (tparse *tp, uint32_t *out);

static sg_rc
new_node (tparse *tp, uint8_t kind, uint32_t *out)
{
  if (tp->t->nn >= TMAX_NODES) return terr (tp, "template too large");
  *out = tp->t->nn++;
  memset (&tp->t->n[*out], 0, sizeof (tnode));
  tp->t->n[*out].kind = kind;
  return SG_RC_OK;
}

/* Recursion is bounded by the templates' depth (compiled-in data, never input). */
static sg_rc
tparse_term (tparse *tp, uint32_t *out)
{
  if (peek (tp) == SG_TK_END) return terr (tp, "unexpected end");
  sg_rc rc;
  if (!take (tp, SG_TK_LPAR))
    {
      const char *w;
      size_t n = word (tp, &w);
      if (!n || n >= 8) return terr (tp, "bad word");
      if (is_var_word (w, n))
        {
          if ((rc = new_node (tp, T_VAR, out))) return rc;
          memcpy (tp->t->n[*out].name, w, n);
          return SG_RC_OK;
        }
      if (w[0] >= '0' && w[0] <= '9')
        {
          if ((rc = new_node (tp, T_NUM, out))) return rc;
          memcpy (tp->t->n[*out].name, w, n);
          return SG_RC_OK;
        }
      if (w[0] == '"')
        {
          if (n < 2) return terr (tp, "bad string");
          if ((rc = new_node (tp, T_STR, out))) return rc;
          memcpy (tp->t->n[*out].name, w + 1, n - 2);
          return SG_RC_OK;
        }
      sg_op op = op_lookup (w, n);
      if (op == SG_OP_COUNT) return terr (tp, "unknown operator");
      if ((rc = new_node (tp, T_APP, out))) return rc;
      tp->t->n[*out].op = (uint16_t) op;
      return SG_RC_OK;
    }
  uint32_t me = 0;
  if (take (tp, SG_TK_LPAR))
    {
      /* ((_ name i j) args) */
      const char *w;
      size_t n = word (tp, &w);
      if (n != 1 || *w != '_') return terr (tp, "expected '_'");
      n = word (tp, &w);
      sg_op op = op_lookup (w, n);
      if (op == SG_OP_COUNT) return terr (tp, "unknown indexed operator");
      if ((rc = new_node (tp, T_APP, &me))) return rc;
      tp->t->n[me].op = (uint16_t) op;
      for (;;)
        {
          if (take (tp, SG_TK_RPAR)) break;
          n = word (tp, &w);
          if (!n || tp->t->n[me].nidx >= 2) return terr (tp, "bad index");
          uint32_t v = UINT32_MAX;
          if (!(n == 1 && *w == 'N')) v = (uint32_t) strtoul (w, NULL, 10);
          tp->t->n[me].idx[tp->t->n[me].nidx++] = v;
        }
    }
  else
    {
      const char *w;
      size_t n = word (tp, &w);
      bool q = (n == 6 && !memcmp (w, "forall", 6)) || (n == 6 && !memcmp (w, "exists", 6));
      if (q)
        {
          if ((rc = new_node (tp, T_BIND, &me))) return rc;
          tp->t->n[me].op = (uint16_t) (w[0] == 'f' ? SG_OP_FORALL : SG_OP_EXISTS);
          tp->t->binder = true;
          if (!take (tp, SG_TK_LPAR)) return terr (tp, "expected a variable list");
          for (;;)
            {
              if (take (tp, SG_TK_RPAR)) break;
              if (peek (tp) != SG_TK_LPAR || tp->t->n[me].nbv >= 2) return terr (tp, "bad variable");
              take (tp, SG_TK_LPAR);
              n = word (tp, &w);
              if (n < 2 || n >= 8 || w[0] != '$') return terr (tp, "binder variables are $names");
              memcpy (tp->t->n[me].bv[tp->t->n[me].nbv++], w, n);
              n = word (tp, &w);
              if (n != 4 || memcmp (w, "Bool", 4)) return terr (tp, "binder variables are Bool");
              if (!take (tp, SG_TK_RPAR)) return terr (tp, "expected ')'");
            }
          uint32_t body;
          if ((rc = tparse_term (tp, &body))) return rc;
          tp->t->n[me].args[0] = body;
          tp->t->n[me].nargs = 1;
          if (!take (tp, SG_TK_RPAR)) return terr (tp, "expected ')'");
          *out = me;
          return SG_RC_OK;
        }
      sg_op op = op_lookup (w, n);
      if (op == SG_OP_COUNT) return terr (tp, "unknown operator");
      if ((rc = new_node (tp, T_APP, &me))) return rc;
      tp->t->n[me].op = (uint16_t) op;
    }
  if (tp->t->n[me].op == SG_OP_ADD || tp->t->n[me].op == SG_OP_NEG_SUB
      || tp->t->n[me].op == SG_OP_MUL)
    tp->t->arith = true;
  for (;;)
    {
      if (peek (tp) == SG_TK_END) return terr (tp, "missing ')'");
      if (take (tp, SG_TK_RPAR)) break;
      if (tp->t->n[me].nargs >= TMAX_ARGS) return terr (tp, "too many arguments");
      uint32_t a;
      if ((rc = tparse_term (tp, &a))) return rc;
      tp->t->n[me].args[tp->t->n[me].nargs++] = a;
    }
  *out = me;
  return SG_RC_OK;
}

sg_rc
sgj_tpl_parse (const char *text, const char *rule, sg_diag *d, sg_janus_tpl **out)
{
  sg_janus_tpl *t = calloc (1, sizeof *t);
  if (!t) return sg_diag_set (d, SG_RC_NOMEM, 0, 0, "out of memory");
  tparse tp = { .t = t, .rule = rule, .d = d };
  sg_tk_init (&tp.z, text, strlen (text), 0);
  sg_rc rc = tparse_term (&tp, &t->root);
  if (!rc && peek (&tp) != SG_TK_END) rc = terr (&tp, "trailing text");
  if (rc) { free (t); return rc; }
  *out = t;
  return SG_RC_OK;
}
