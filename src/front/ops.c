/* ops: static tables generated from ops.def and wk.def. */
#include "front/ops.h"

#include <stddef.h>

#define N SG_ARGS_N
#define ANY SG_NIDX_ANY
static const sg_opinfo table[SG_OP_COUNT] = {
  [SG_OP_NUMERAL] = { NULL, SG_TH_SYNTAX, SG_RULE_SPECIAL, 0, 0, 0, "", SG_OP_NUMERAL },
  [SG_OP_DECIMAL] = { NULL, SG_TH_SYNTAX, SG_RULE_SPECIAL, 0, 0, 0, "", SG_OP_DECIMAL },
  [SG_OP_HEX] = { NULL, SG_TH_BV, SG_RULE_SPECIAL, 0, 0, 0, "", SG_OP_HEX },
  [SG_OP_BIN] = { NULL, SG_TH_BV, SG_RULE_SPECIAL, 0, 0, 0, "", SG_OP_BIN },
  [SG_OP_STRING] = { NULL, SG_TH_STRING, SG_RULE_SPECIAL, 0, 0, 0, "", SG_OP_STRING },
  [SG_OP_BVLIT] = { NULL, SG_TH_BV, SG_RULE_SPECIAL, 1, 0, 0, "", SG_OP_BVLIT },
  [SG_OP_APP] = { NULL, SG_TH_UF, SG_RULE_SPECIAL, 0, 0, N, "", SG_OP_APP },
  [SG_OP_BVAR] = { NULL, SG_TH_SYNTAX, SG_RULE_SPECIAL, 0, 0, 0, "", SG_OP_BVAR },
  [SG_OP_LET] = { "let", SG_TH_SYNTAX, SG_RULE_SPECIAL, 0, 1, N, "", SG_OP_LET },
  [SG_OP_FORALL] = { "forall", SG_TH_QUANT, SG_RULE_SPECIAL, 0, 2, N, "", SG_OP_FORALL },
  [SG_OP_EXISTS] = { "exists", SG_TH_QUANT, SG_RULE_SPECIAL, 0, 2, N, "", SG_OP_EXISTS },
  [SG_OP_MATCH] = { "match", SG_TH_DT, SG_RULE_SPECIAL, 0, 3, N, "", SG_OP_MATCH },
  [SG_OP_ANNOT] = { "!", SG_TH_SYNTAX, SG_RULE_SPECIAL, 0, 1, N, "", SG_OP_ANNOT },
  [SG_OP_CONST_ARRAY] = { "const", SG_TH_ARRAY, SG_RULE_SPECIAL, 0, 1, 1, "", SG_OP_CONST_ARRAY },
  [SG_OP_DT_CONS] = { NULL, SG_TH_DT, SG_RULE_SPECIAL, 0, 0, N, "", SG_OP_DT_CONS },
  [SG_OP_DT_SEL] = { NULL, SG_TH_DT, SG_RULE_SPECIAL, 0, 1, 1, "", SG_OP_DT_SEL },
  [SG_OP_DT_TEST] = { NULL, SG_TH_DT, SG_RULE_SPECIAL, 0, 1, 1, "", SG_OP_DT_TEST },
  [SG_OP_AS_ARRAY] = { "as-array", SG_TH_ARRAY, SG_RULE_SPECIAL, 0, 0, 0, "", SG_OP_AS_ARRAY },
  [SG_OP_FUN_REF] = { NULL, SG_TH_HO, SG_RULE_SPECIAL, 0, 0, 0, "", SG_OP_FUN_REF },
  [SG_OP_LAMBDA] = { "lambda", SG_TH_HO, SG_RULE_SPECIAL, 0, 2, N, "", SG_OP_LAMBDA },
  [SG_OP_SET_COMP] = { "set.comprehension", SG_TH_SET, SG_RULE_SPECIAL, 0, 3, N, "", SG_OP_SET_COMP },
  [SG_OP_DT_UPDATE] = { "update", SG_TH_DT, SG_RULE_SPECIAL, 0, 2, 2, "", SG_OP_DT_UPDATE },
  [SG_OP_FMF_CARD] = { "fmf.card", SG_TH_EXT, SG_RULE_SPECIAL, 1, 0, 0, "", SG_OP_FMF_CARD },
  [SG_OP_FIRST_BUILTIN] = { NULL, SG_TH_SYNTAX, SG_RULE_SPECIAL, 0, 0, 0, "", SG_OP_FIRST_BUILTIN },
#define OP(id, name, th, mina, maxa, nidx, rule, sig, canon)                                   \
  [SG_OP_##id] = { name, SG_TH_##th, SG_RULE_##rule, nidx, mina, maxa, sig, SG_OP_##canon },
#include "front/ops.def"
#undef OP
};
#undef N
#undef ANY

static const char *const wk_text[SG_WK_COUNT] = {
#define WK(id, text) [SG_WK_##id] = text,
#include "front/wk.def"
#undef WK
};

const sg_opinfo *sg_op_info (sg_op op) { return &table[op]; }
const char *sg_wk_text (sg_wk w) { return wk_text[w]; }
