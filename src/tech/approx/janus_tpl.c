/* janus_tpl: the reader of the rule templates of janus_rules.def (TECHNIQUES.md §5). */
#include <stdlib.h>
#include <string.h>

#include "tech/approx/janus_int.h"

typedef struct tparse {
  const char *p, *e;
  sg_janus_tpl *t;
  const char *rule;
  sg_diag *d;
} tparse;

static void
skip_ws (tparse *tp)
{
  while (tp->p < tp->e && (*tp->p == ' ' || *tp->p == '\t' || *tp->p == '\n')) tp->p++;
}

static size_t
word (tparse *tp, const char **w)
{
  skip_ws (tp);
  *w = tp->p;
  if (tp->p < tp->e && *tp->p == '"')
    {
      tp->p++;
      while (tp->p < tp->e && *tp->p != '"') tp->p++;
      if (tp->p < tp->e) tp->p++;
      return (size_t) (tp->p - *w);
    }
  while (tp->p < tp->e && *tp->p != ' ' && *tp->p != '(' && *tp->p != ')' && *tp->p != '\n')
    tp->p++;
  return (size_t) (tp->p - *w);
}

static sg_rc
terr (tparse *tp, const char *msg)
{
  return sg_diag_set (tp->d, SG_RC_PARSE, 0, 0, "janus_rules.def: rule %s: %s at '%.20s'",
                      tp->rule, msg, tp->p);
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
  skip_ws (tp);
  if (tp->p >= tp->e) return terr (tp, "unexpected end");
  sg_rc rc;
  if (*tp->p != '(')
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
  tp->p++;
  skip_ws (tp);
  uint32_t me = 0;
  if (tp->p < tp->e && *tp->p == '(')
    {
      /* ((_ name i j) args) */
      tp->p++;
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
          skip_ws (tp);
          if (tp->p < tp->e && *tp->p == ')') { tp->p++; break; }
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
          skip_ws (tp);
          if (tp->p >= tp->e || *tp->p != '(') return terr (tp, "expected a variable list");
          tp->p++;
          for (;;)
            {
              skip_ws (tp);
              if (tp->p < tp->e && *tp->p == ')') { tp->p++; break; }
              if (tp->p >= tp->e || *tp->p != '(' || tp->t->n[me].nbv >= 2)
                return terr (tp, "bad variable");
              tp->p++;
              n = word (tp, &w);
              if (n < 2 || n >= 8 || w[0] != '$') return terr (tp, "binder variables are $names");
              memcpy (tp->t->n[me].bv[tp->t->n[me].nbv++], w, n);
              n = word (tp, &w);
              if (n != 4 || memcmp (w, "Bool", 4)) return terr (tp, "binder variables are Bool");
              skip_ws (tp);
              if (tp->p >= tp->e || *tp->p != ')') return terr (tp, "expected ')'");
              tp->p++;
            }
          uint32_t body;
          if ((rc = tparse_term (tp, &body))) return rc;
          tp->t->n[me].args[0] = body;
          tp->t->n[me].nargs = 1;
          skip_ws (tp);
          if (tp->p >= tp->e || *tp->p != ')') return terr (tp, "expected ')'");
          tp->p++;
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
      skip_ws (tp);
      if (tp->p >= tp->e) return terr (tp, "missing ')'");
      if (*tp->p == ')') { tp->p++; break; }
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
  tparse tp = { text, text + strlen (text), t, rule, d };
  sg_rc rc = tparse_term (&tp, &t->root);
  skip_ws (&tp);
  if (!rc && tp.p != tp.e) rc = terr (&tp, "trailing text");
  if (rc) { free (t); return rc; }
  *out = t;
  return SG_RC_OK;
}
