/* unspec: the table of unspecified operators and the syntactic guard checks. */
#include "oracle/unspec.h"

#include <stdio.h>
#include <string.h>

#include "front/ops.h"

typedef enum guard { G_DIVISOR, G_FPZEROS, G_ALWAYS } guard;

static const struct {
  sg_op op;
  guard g;
  const char *why;
} TABLE[] = {
#define UNSPEC(op, g, why) { SG_OP_##op, G_##g, why },
#include "oracle/unspec.def"
#undef UNSPEC
};

/* Is t a numeral or decimal literal (possibly negated, or coerced to Real) that is not 0? */
static bool
nonzero_literal (const sg_store *s, sg_term t)
{
  for (int depth = 0; depth < 3; depth++)
    {
      sg_op op = sg_term_op (s, t);
      if ((op == SG_OP_NEG_SUB || op == SG_OP_TO_REAL) && sg_term_nargs (s, t) == 1)
        {
          t = sg_term_arg (s, t, 0);
          continue;
        }
      if (op != SG_OP_NUMERAL && op != SG_OP_DECIMAL) return false;
      for (const char *p = sg_store_text (s, sg_term_node (s, t)->aux); *p; p++)
        if (*p >= '1' && *p <= '9') return true;
      return false;
    }
  return false;
}

/* Is t an FP literal that is not a zero: NaN, ±oo, or (fp s e m) with e or m not all 0? */
static bool
nonzero_fp_literal (const sg_store *s, sg_term t)
{
  sg_op op = sg_term_op (s, t);
  if (op == SG_OP_FP_NAN || op == SG_OP_FP_PINF || op == SG_OP_FP_NINF) return true;
  if (op != SG_OP_FP || sg_term_nargs (s, t) != 3) return false;
  for (uint32_t i = 1; i < 3; i++)
    {
      sg_term a = sg_term_arg (s, t, i);
      sg_op aop = sg_term_op (s, a);
      if (aop != SG_OP_BIN && aop != SG_OP_HEX) return false;
      const char *p = sg_store_text (s, sg_term_node (s, a)->aux);
      if (p[0] == '#') p += 2;
      for (; *p; p++)
        if (*p != '0') return true;
    }
  return false;
}

static bool
may_be_unspecified (const sg_store *s, sg_term t, guard g)
{
  uint32_t n = sg_term_nargs (s, t);
  switch (g)
    {
    case G_DIVISOR:
      for (uint32_t i = 1; i < n; i++)
        if (!nonzero_literal (s, sg_term_arg (s, t, i))) return true;
      return false;
    case G_FPZEROS:
      return n == 2 && !nonzero_fp_literal (s, sg_term_arg (s, t, 0))
             && !nonzero_fp_literal (s, sg_term_arg (s, t, 1));
    case G_ALWAYS: return true;
    }
  return true;
}

bool
sg_unspec_find (const sg_store *s, char *why, size_t size)
{
  uint32_t n = sg_term_count (s);
  for (sg_term t = 0; t < n; t++)
    {
      sg_op op = sg_term_op (s, t);
      if (op < SG_OP_FIRST_BUILTIN) continue;
      sg_op canon = (sg_op) sg_op_info (op)->canon;
      for (size_t k = 0; k < sizeof TABLE / sizeof *TABLE; k++)
        if (TABLE[k].op == canon && may_be_unspecified (s, t, TABLE[k].g))
          {
            snprintf (why, size, "%s: %s", sg_op_name (op), TABLE[k].why);
            return true;
          }
    }
  return false;
}
