/* janus_int: what janus.c, janus_step.c, janus_tpl.c and janus_special.c share (not a public
 * header).
 * Owns nothing: the template types, the rewriting context of one step, and the helpers the
 * rules built in code use. */
#ifndef SG_TECH_JANUS_INT_H
#define SG_TECH_JANUS_INT_H

#include "tech/approx/janus.h"

/* Rules built in code (the JS rows of janus_rules.def). */
enum special { SP_NONE, SP_HOMO, SP_INST, SP_SWAP, SP_ABSTRACT, SP_CONCAT_POW, SP_RANGE };

/* ---- templates ---- */

enum { T_VAR, T_APP, T_NUM, T_STR, T_BIND };
#define TMAX_NODES 48
#define TMAX_ARGS 6

typedef struct tnode {
  uint8_t kind;
  uint16_t op;                 /* APP: sg_op; BIND: SG_OP_FORALL / SG_OP_EXISTS */
  char name[8];                /* VAR: variable; NUM/STR: the literal text */
  uint32_t nargs;              /* APP children; BIND: 1 (the body) */
  uint32_t args[TMAX_ARGS];    /* node indices */
  uint32_t nidx;               /* APP numeric indices */
  uint32_t idx[2];             /* values, or UINT32_MAX for the random bound N */
  uint32_t nbv;                /* BIND: variables, all Bool */
  char bv[2][8];               /* BIND: their template names ($b) */
} tnode;

struct sg_janus_tpl {
  tnode n[TMAX_NODES];
  uint32_t nn;
  uint32_t root;
  bool arith;      /* builds + - * (refused in difference logics) */
  bool binder;     /* builds a quantifier */
};

/* Read one template; SG_RC_PARSE (with d naming the rule) when it is malformed. */
sg_rc sgj_tpl_parse (const char *text, const char *rule, sg_diag *d, sg_janus_tpl **out);

/* ---- the rewriting context ---- */

typedef enum lkind { L_ANY, L_LINEAR, L_DIFF } lkind;

#define ENV_MAX 16
typedef struct jctx {
  const sg_janus *j;
  sg_script *sc;
  sg_store *s;
  const sg_occs *o;
  sg_rng *rng;
  lkind lk;                 /* arithmetic restrictions of the logic */
  bool real_only;           /* LRA, NRA, RDL...: numerals are Real to the solvers, no Int term */
  sg_u32vec pool;           /* closed small terms of the assertions (parameters) */
  sg_u32vec pool_cmd;       /* the command each comes from (symbols are declared before it) */
  uint32_t target_cmd;      /* command of the occurrence being rewritten */
  uint8_t *bound;           /* atoms some binder of the script binds (never parameters) */
  uint32_t natoms;
  /* per attempt */
  char en[ENV_MAX][8];      /* bound template variable names */
  sg_term et[ENV_MAX];      /* their terms */
  uint32_t ne;
  uint32_t nval;            /* the random bound N, or UINT32_MAX */
  sg_sort num;              /* numeric sort of the row, or SG_NONE */
  sg_sort xsort;            /* sort of x variables, or SG_NONE */
  sg_sort vsort;            /* sequence sort of v variables, or SG_NONE */
  bool made_int;            /* an Int-sorted term was built */
  bool made_quant;          /* a quantifier was built */
} jctx;

/* Helpers in janus.c. */
sg_op sgj_canon (const sg_store *s, sg_term t);
/* t is an annotation that names its term (:named). */
bool sgj_annot_named (const sg_store *s, sg_term t);
/* The context of one step for sc (arithmetic restrictions of its logic), pool not collected. */
void sgj_ctx_init (jctx *c, const sg_janus *j, sg_script *sc, const sg_occs *o, sg_rng *rng);
/* The parameters (closed small terms of the asserts before the check-sat) into c->pool, the
 * atoms some binder binds into c->bound. */
sg_rc sgj_collect_pool (jctx *c);
bool sgj_closed_small (const sg_store *s, sg_term t, uint32_t limit);
sg_rc sgj_param (jctx *c, char cls, sg_term *out);
sg_rc sgj_instance_of (jctx *c, sg_sort x, sg_term *out);
sg_rc sgj_subst (sg_store *s, sg_term root, sg_term from, sg_term to, bool from_is_var, sg_term *out);
sg_term sgj_body_unannotated (const sg_store *s, sg_term body);

/* The rules built in code (janus_special.c): the new term for f (or SG_NONE) in *out. dir: 0
 * weaken, 1 strengthen. */
sg_rc sgj_sp_homo (jctx *c, sg_term f, int dir, sg_term *out);
sg_rc sgj_sp_inst (jctx *c, sg_term f, int dir, sg_term *out);
sg_rc sgj_sp_swap (jctx *c, sg_term f, int dir, sg_term *out);
sg_rc sgj_sp_abstract (jctx *c, uint32_t occ, int dir, sg_term *out);
sg_rc sgj_sp_concat_pow (jctx *c, sg_term f, int dir, sg_term *out);
sg_rc sgj_sp_range (jctx *c, sg_term f, int dir, sg_term *out);

#endif
