/* unspec: the table of unspecified operators and the guard checks (constant folding by our
 * evaluator, without a model). */
#include "oracle/unspec.h"

#include <stdio.h>
#include <string.h>

#include "eval/eval.h"
#include "front/ops.h"

typedef enum guard { G_DIVISOR, G_FPZEROS, G_POW, G_RANGE } guard;

static const struct {
  sg_op op;
  guard g;
  const char *why;
} TABLE[] = {
#define UNSPEC(op, g, why) { SG_OP_##op, G_##g, why },
#include "oracle/unspec.def"
#undef UNSPEC
};

/* Work allowed to the folding of one script (then nothing more folds: conservative). */
#define FOLD_STEPS 100000

/* The constant value of t, or NULL when it depends on a declared or bound symbol, is itself
 * unspecified, or the evaluator failed (e NULL: out of memory). */
static sg_val
fold (sg_eval *e, sg_term t)
{
  sg_val v;
  if (!e || sg_eval_term (e, t, &v) != SG_RC_OK || sg_v_is_undet (v)) return NULL;
  return v;
}

static bool
nonzero_num (sg_val v)
{
  return v && v->kind == SG_V_NUM && mpq_sgn (v->u.q) != 0;
}

/* A floating-point value that is not a zero (NaN and ±oo included): some bit below the sign
 * bit is set. */
static bool
nonzero_fp (sg_val v)
{
  if (!v || v->kind != SG_V_FP) return false;
  return mpz_scan1 (v->u.fp.bits, 0) < (mp_bitcnt_t) (v->u.fp.eb + v->u.fp.sb - 1);
}

static bool
may_be_unspecified (sg_eval *e, const sg_store *s, sg_term t, guard g)
{
  uint32_t n = sg_term_nargs (s, t);
  switch (g)
    {
    case G_DIVISOR:
      for (uint32_t i = 1; i < n; i++)
        if (!nonzero_num (fold (e, sg_term_arg (s, t, i)))) return true;
      return false;
    case G_FPZEROS:
      return n != 2 || (!nonzero_fp (fold (e, sg_term_arg (s, t, 0)))
                        && !nonzero_fp (fold (e, sg_term_arg (s, t, 1))));
    case G_POW:
      {
        sg_val x = n == 2 ? fold (e, sg_term_arg (s, t, 1)) : NULL;
        if (!x || x->kind != SG_V_NUM || mpz_cmp_ui (mpq_denref (x->u.q), 1)) return true;
        if (mpq_sgn (x->u.q) > 0) return false;
        return !(mpq_sgn (x->u.q) == 0 && nonzero_num (fold (e, sg_term_arg (s, t, 0))));
      }
    case G_RANGE:
      return fold (e, t) == NULL;
    }
  return true;
}

bool
sg_unspec_find (sg_store *s, char *why, size_t size)
{
  return sg_unspec_find_except (s, NULL, why, size);
}

bool
sg_unspec_find_except (sg_store *s, bool (*handled) (sg_op canon), char *why, size_t size)
{
  uint32_t n = sg_term_count (s);
  sg_eval *e = NULL;
  bool found = false;
  for (sg_term t = 0; t < n && !found; t++)
    {
      sg_op op = sg_term_op (s, t);
      if (op == SG_OP_STRING)
        {
          /* The evaluator's rule (eval.c, literal): such a character is the solver's to read. */
          const sg_node *nd = sg_term_node (s, t);
          const char *text = sg_store_text (s, nd->aux);
          for (uint32_t i = 0, len = sg_atom_len (&s->atoms, nd->aux); i < len && !found; i++)
            if ((unsigned char) text[i] >= 0x80)
              {
                snprintf (why, size, "a string literal holds a byte beyond ASCII "
                                     "written as itself (z3 reads its bytes, cvc5 rejects it)");
                found = true;
              }
          continue;
        }
      if (op < SG_OP_FIRST_BUILTIN) continue;
      sg_op canon = (sg_op) sg_op_info (op)->canon;
      if (handled && handled (canon)) continue;
      for (size_t k = 0; k < sizeof TABLE / sizeof *TABLE && !found; k++)
        {
          if (TABLE[k].op != canon) continue;
          /* Out of memory for the evaluator: nothing folds, the application counts. */
          if (!e) e = sg_eval_new (s, NULL, FOLD_STEPS);
          if (!may_be_unspecified (e, s, t, TABLE[k].g)) continue;
          snprintf (why, size, "%s: %s", sg_op_name (op), TABLE[k].why);
          found = true;
        }
    }
  sg_eval_free (e);
  return found;
}
