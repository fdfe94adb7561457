/* gen_tpl: the identity tables of the generators (gen_bv_ids.def, gen_fp_ids.def) and the
 * reader that builds a template in a store — iterative, one explicit stack of frames. */
#include "tech/gen/gen_int.h"

#include <stdio.h>
#include <string.h>

#include "base/tok.h"

/* ---- identity tables ---- */

static const sg_gen_identity bv_ids[] = {
#define ID(name, minw, lhs, rhs) { name, minw, lhs, rhs },
#include "tech/gen/gen_bv_ids.def"
#undef ID
};

static const sg_gen_identity fp_ids[] = {
#define ID(name, minw, lhs, rhs) { name, minw, lhs, rhs },
#include "tech/gen/gen_fp_ids.def"
#undef ID
};

#define NELEM(a) (sizeof a / sizeof a[0])

size_t
sg_gen_identity_count (sg_gen_theory th)
{
  return th == SG_GEN_BV ? NELEM (bv_ids) : NELEM (fp_ids);
}

const sg_gen_identity *
sg_gen_identity_at (sg_gen_theory th, size_t i)
{
  if (i >= sg_gen_identity_count (th)) return NULL;
  return th == SG_GEN_BV ? &bv_ids[i] : &fp_ids[i];
}

/* ---- templates ---- */

static const sg_op symmetric_rms[] = { SG_OP_RNE, SG_OP_RNA, SG_OP_RTZ };
static const sg_op non_rtn_rms[] = { SG_OP_RNE, SG_OP_RNA, SG_OP_RTP, SG_OP_RTZ };

void
sg_gen_env_draw (sg_gen_env *env, sg_rng *rng)
{
  env->k = env->w >= 2 ? 1 + (uint32_t) sg_rng_below (rng, env->w - 1) : 1;
  env->rs = symmetric_rms[sg_rng_below (rng, NELEM (symmetric_rms))];
  env->rn = non_rtn_rms[sg_rng_below (rng, NELEM (non_rtn_rms))];
}

/* A template's words and parentheses (base/tok.h); n = 0 at the end. The templates are
 * compiled-in data without tabs, strings, |symbols| or comments. */
typedef struct tok { const char *p; size_t n; } tok;

static bool
tok_is (tok t, const char *w)
{
  return strlen (w) == t.n && !memcmp (t.p, w, t.n);
}

static tok
next_tok (sg_tks *z)
{
  sg_tk k;
  sg_tk_next (z, &k);
  return (tok) { k.s, k.n };
}

/* A built-in operator by name, or SG_OP_COUNT. */
static sg_op
op_named (tok t)
{
  for (int op = SG_OP_FIRST_BUILTIN + 1; op < SG_OP_COUNT; op++)
    {
      const char *name = sg_op_name ((sg_op) op);
      if (name && tok_is (t, name)) return (sg_op) op;
    }
  return SG_OP_COUNT;
}

/* A symbolic or numeric index; false when t is neither. */
static bool
index_value (tok t, const sg_gen_env *env, uint32_t *out)
{
  if (t.n && t.p[0] >= '0' && t.p[0] <= '9')
    {
      uint32_t v = 0;
      for (size_t i = 0; i < t.n; i++)
        {
          if (t.p[i] < '0' || t.p[i] > '9' || v > 100000) return false;
          v = v * 10 + (uint32_t) (t.p[i] - '0');
        }
      *out = v;
      return true;
    }
  static const char *const names[] = { "W", "W1", "W21", "K", "K1", "WK", "WK1", "EB", "SB",
                                       "EB1", "SB1", "TOP", "TOP1", "SBM1", "SBM2" };
  uint32_t w = env->w, k = env->k, eb = env->eb, sb = env->sb;
  const uint32_t vals[] = { w, w - 1, 2 * w - 1, k, k - 1, w - k, w - k - 1, eb, sb,
                            eb + 1, sb + 1, eb + sb - 1, eb + sb - 2, sb - 1, sb - 2 };
  for (size_t i = 0; i < NELEM (names); i++)
    if (tok_is (t, names[i])) { *out = vals[i]; return true; }
  return false;
}

/* A leaf word: metavariable, constant or nullary operator. */
static sg_rc
leaf (sg_store *s, tok t, const sg_gen_env *env, sg_term *out, char *err, size_t esize)
{
  const sg_term mv[] = { env->x, env->y, env->z, env->r, env->q, env->u };
  static const char *const mvn[] = { "x", "y", "z", "r", "q", "u" };
  for (size_t i = 0; i < NELEM (mvn); i++)
    if (tok_is (t, mvn[i]))
      {
        if (mv[i] == SG_NONE)
          {
            snprintf (err, esize, "metavariable %s has no value", mvn[i]);
            return SG_RC_USAGE;
          }
        *out = mv[i];
        return SG_RC_OK;
      }
  if (tok_is (t, "RS") || tok_is (t, "RN"))
    return sg_mk_app (s, tok_is (t, "RS") ? env->rs : env->rn, NULL, 0, NULL, 0, out);
  mpz_t z;
  mpz_init (z);
  sg_rc rc = SG_RC_OK;
  bool bv = true;
  uint32_t w = env->w;
  if (tok_is (t, "c0")) mpz_set_ui (z, 0);
  else if (tok_is (t, "c1")) mpz_set_ui (z, 1);
  else if (tok_is (t, "c2")) mpz_set_ui (z, 2);
  else if (tok_is (t, "cw")) mpz_set_ui (z, w);
  else if (tok_is (t, "cones")) { mpz_set_ui (z, 0); mpz_setbit (z, w); mpz_sub_ui (z, z, 1); }
  else if (tok_is (t, "cmin")) { mpz_set_ui (z, 0); mpz_setbit (z, w - 1); }
  else if (tok_is (t, "cmax")) { mpz_set_ui (z, 0); mpz_setbit (z, w - 1); mpz_sub_ui (z, z, 1); }
  else if (tok_is (t, "b0") || tok_is (t, "b1")) { mpz_set_ui (z, t.p[1] == '1'); w = 1; }
  else bv = false;
  if (bv)
    {
      if (w == 0) { snprintf (err, esize, "BV constant without a width"); rc = SG_RC_USAGE; }
      else { mpz_fdiv_r_2exp (z, z, w); rc = gen_bv_lit (s, w, z, out); }
      mpz_clear (z);
      return rc;
    }
  if (tok_is (t, "f1") || tok_is (t, "fm1") || tok_is (t, "f2"))
    {
      uint32_t eb = env->eb, sb = env->sb;
      /* sign | exponent (bias, bias + 1 for 2) | zero significand */
      mpz_set_ui (z, 0);
      mpz_setbit (z, eb - 1);
      mpz_sub_ui (z, z, tok_is (t, "f2") ? 0 : 1);
      mpz_mul_2exp (z, z, sb - 1);
      if (tok_is (t, "fm1")) mpz_setbit (z, eb + sb - 1);
      rc = gen_fp_lit (s, eb, sb, z, false, out);
      mpz_clear (z);
      return rc;
    }
  mpz_clear (z);
  sg_op op = op_named (t);
  if (op == SG_OP_COUNT)
    {
      snprintf (err, esize, "unknown word '%.*s'", (int) t.n, t.p);
      return SG_RC_PARSE;
    }
  return sg_mk_app (s, op, NULL, 0, NULL, 0, out);
}

typedef struct tframe {
  sg_op op;
  uint32_t idx[2];
  uint32_t nidx;
  uint32_t base; /* first argument on the term stack */
} tframe;

enum { TSTACK = 64 };

/* Read "_ NAME IDX* )" after "(": the operator and its indices. */
static sg_rc
indexed (sg_tks *pp, const sg_gen_env *env, tframe *f, char *err, size_t esize)
{
  tok t = next_tok (pp);
  f->op = op_named (t);
  if (f->op == SG_OP_COUNT)
    {
      snprintf (err, esize, "unknown indexed operator '%.*s'", (int) t.n, t.p);
      return SG_RC_PARSE;
    }
  f->nidx = 0;
  for (;;)
    {
      t = next_tok (pp);
      if (tok_is (t, ")")) return SG_RC_OK;
      if (f->nidx >= 2 || !index_value (t, env, &f->idx[f->nidx]))
        {
          snprintf (err, esize, "bad index '%.*s'", (int) t.n, t.p);
          return SG_RC_PARSE;
        }
      f->nidx++;
    }
}

sg_rc
sg_gen_template (sg_store *s, const char *text, const sg_gen_env *env, sg_term *out, char *err,
                 size_t esize)
{
  tframe frames[TSTACK];
  sg_term terms[TSTACK];
  uint32_t nf = 0, nt = 0;
  sg_tks p;
  sg_tk_init (&p, text, strlen (text), 0);
  err[0] = 0;
  for (;;)
    {
      tok t = next_tok (&p);
      if (!t.n) break;
      sg_rc rc = SG_RC_OK;
      if (tok_is (t, "("))
        {
          if (nf >= TSTACK) { snprintf (err, esize, "template too deep"); return SG_RC_LIMIT; }
          tframe f = { SG_OP_COUNT, { 0, 0 }, 0, nt };
          tok h = next_tok (&p);
          if (tok_is (h, "("))
            {
              tok u = next_tok (&p);
              if (!tok_is (u, "_")) { snprintf (err, esize, "expected '_'"); return SG_RC_PARSE; }
              if ((rc = indexed (&p, env, &f, err, esize))) return rc;
            }
          else if (tok_is (h, "_"))
            {
              /* an indexed constant: (_ +zero), (_ NaN) ...: the format's indices by default */
              if ((rc = indexed (&p, env, &f, err, esize))) return rc;
              if (!f.nidx) { f.idx[0] = env->eb; f.idx[1] = env->sb; f.nidx = 2; }
              if (nt >= TSTACK) { snprintf (err, esize, "template too long"); return SG_RC_LIMIT; }
              rc = sg_mk_app (s, f.op, NULL, 0, f.idx, f.nidx, &terms[nt]);
              if (rc) { snprintf (err, esize, "%s", s->err); return rc; }
              nt++;
              continue;
            }
          else
            {
              f.op = op_named (h);
              if (f.op == SG_OP_COUNT)
                {
                  snprintf (err, esize, "unknown operator '%.*s'", (int) h.n, h.p);
                  return SG_RC_PARSE;
                }
            }
          frames[nf++] = f;
          continue;
        }
      if (tok_is (t, ")"))
        {
          if (!nf) { snprintf (err, esize, "unbalanced ')'"); return SG_RC_PARSE; }
          tframe f = frames[--nf];
          sg_term r;
          rc = sg_mk_app (s, f.op, terms + f.base, nt - f.base, f.idx, f.nidx, &r);
          if (rc) { snprintf (err, esize, "%s", s->err); return rc; }
          nt = f.base;
          terms[nt++] = r;
          continue;
        }
      if (nt >= TSTACK) { snprintf (err, esize, "template too long"); return SG_RC_LIMIT; }
      if ((rc = leaf (s, t, env, &terms[nt], err, esize)))
        {
          if (!err[0]) snprintf (err, esize, "%s", s->err);
          return rc;
        }
      nt++;
    }
  if (nf || nt != 1) { snprintf (err, esize, "unbalanced template"); return SG_RC_PARSE; }
  *out = terms[0];
  return SG_RC_OK;
}

uint32_t
sg_gen_template_vars (const char *text)
{
  uint32_t m = 0;
  sg_tks p;
  sg_tk_init (&p, text, strlen (text), 0);
  for (;;)
    {
      tok t = next_tok (&p);
      if (!t.n) break;
      if (t.n != 1) continue;
      const char *c = strchr ("xyzrqu", t.p[0]);
      if (c) m |= 1u << (c - "xyzrqu");
    }
  return m;
}

