/* gen_str_unsat: the strings generator's unsat formulas: ¬A ∧ B for an identity B => A of
 * gen_str_rows.def, transformed at most once with an equality of gen_str_eqs.def (see
 * gen_str.h). Templates are expanded by one left-to-right scan (no recursion). */
#include <stdio.h>
#include <string.h>

#include "tech/gen/gen_str.h"

typedef struct gs_row {
  const char *id;
  bool paper;
  const char *avars, *bvars; /* "name:S ..." */
  const char *nota;
  const char *b;             /* conjuncts split at '|' */
} gs_row;

static const gs_row rows[] = {
#define GS_ROW(id, paper, av, bv, nota, b) { #id, paper, av, bv, nota, b },
#define GS_AVOID(row, eq)
#include "tech/gen/gen_str_rows.def"
#undef GS_ROW
#undef GS_AVOID
};

typedef struct gs_avoid { const char *row, *eq; } gs_avoid;
static const gs_avoid avoid[] = {
#define GS_ROW(id, paper, av, bv, nota, b)
#define GS_AVOID(row, eq) { #row, #eq },
#include "tech/gen/gen_str_rows.def"
#undef GS_ROW
#undef GS_AVOID
};
#define NROWS (sizeof rows / sizeof rows[0])

typedef struct gs_eq {
  const char *id;
  bool paper;
  bool nc;           /* NC (variable) row, else C (constant) row */
  char sort;         /* NC: the variable's sort */
  const char *key;   /* C: the constant as written after @ in the rows */
  const char *vars;  /* the other variables */
  const char *term;
  const char *side;  /* "" when none */
} gs_eq;

static const gs_eq eqs[] = {
#define GS_NC(id, paper, sort, vars, term, side) { #id, paper, true, #sort[0], NULL, vars, term, side },
#define GS_C(id, paper, key, vars, term, side) { #id, paper, false, 0, key, vars, term, side },
#include "tech/gen/gen_str_eqs.def"
#undef GS_NC
#undef GS_C
};
#define NEQS (sizeof eqs / sizeof eqs[0])

uint32_t sg_gen_str_rows (void) { return NROWS; }
const char *sg_gen_str_row_id (uint32_t i) { return i < NROWS ? rows[i].id : NULL; }
bool sg_gen_str_row_paper (uint32_t i) { return i < NROWS && rows[i].paper; }
const char *sg_gen_str_row_avars (uint32_t i) { return i < NROWS ? rows[i].avars : NULL; }
uint32_t sg_gen_str_eqs (void) { return NEQS; }
const char *sg_gen_str_eq_id (uint32_t i) { return i < NEQS ? eqs[i].id : NULL; }

/* ---- variables ---- */

enum { MAXVARS = 24, NAMELEN = 16 };

typedef struct gs_var {
  char name[NAMELEN]; /* in the template */
  char out[NAMELEN];  /* in the formula */
  char sort;
} gs_var;

typedef struct gs_map {
  uint32_t n;
  gs_var v[MAXVARS];
} gs_map;

/* Append the variables of a spec "a:S b:I" (renamed with suffix, or as is when NULL). */
static void
map_add_spec (gs_map *m, const char *spec, const char *suffix)
{
  for (const char *p = spec; *p && m->n < MAXVARS;)
    {
      while (*p == ' ') p++;
      if (!*p) break;
      size_t n = strcspn (p, ":");
      gs_var *v = &m->v[m->n++];
      snprintf (v->name, sizeof v->name, "%.*s", (int) (n < NAMELEN - 1 ? n : NAMELEN - 1), p);
      snprintf (v->out, sizeof v->out, "%.*s%s", (int) (n < NAMELEN - 4 ? n : NAMELEN - 4), p,
                suffix ? suffix : "");
      p += n + (p[n] == ':');
      v->sort = *p ? *p++ : 'S';
    }
}

static gs_var *
map_find (gs_map *m, const char *name, size_t n)
{
  for (uint32_t i = 0; i < m->n; i++)
    if (strlen (m->v[i].name) == n && !memcmp (m->v[i].name, name, n)) return &m->v[i];
  return NULL;
}

static const char *
sort_name (char s)
{
  return s == 'S' ? "String" : s == 'I' ? "Int" : "Bool";
}

/* ---- templates ---- */

static bool
ident_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* The length of the constant token after '@' at p. */
static size_t
const_len (const char *p)
{
  if (*p == '"')
    {
      const char *e = strchr (p + 1, '"');
      return e ? (size_t) (e - p) + 1 : strlen (p);
    }
  size_t n = 0;
  while (ident_char (p[n])) n++;
  return n;
}

typedef struct gs_expand {
  gs_map *m;          /* $name -> its output name */
  int patterns;       /* keep :pattern annotations */
  const char *ckey;   /* the constant replaced, or NULL */
  const char *cvar;   /* by this variable */
} gs_expand;

/* Expand template t[0..len) into b. */
static void
expand (const gs_expand *x, const char *t, size_t len, sg_buf *b)
{
  int depth = 0, strip[16], nstrip = 0, skip = -1;
  for (size_t i = 0; i < len;)
    {
      char c = t[i];
      if (skip >= 0)
        {
          depth += c == '(';
          if (c == ')' && --depth == skip) { skip = -1; nstrip--; }
          i++;
          continue;
        }
      if (c == '"')
        {
          size_t j = i + 1;
          while (j < len && t[j] != '"') j++;
          sg_buf_add (b, t + i, j + 1 - i);
          i = j + 1;
          continue;
        }
      if (c == '(' && i + 3 < len && !memcmp (t + i, "(!P ", 4))
        {
          depth++;
          if (x->patterns) sg_buf_adds (b, "(! ");
          else if (nstrip < 16) strip[nstrip++] = depth;
          i += 4;
          continue;
        }
      if (c == ':' && !x->patterns && nstrip && strip[nstrip - 1] == depth && !strncmp (t + i, ":pattern", 8))
        {
          while (b->len && b->s[b->len - 1] == ' ') b->len--;
          skip = depth - 1;
          i += 8;
          continue;
        }
      if (c == '$')
        {
          size_t n = 0;
          while (i + 1 + n < len && ident_char (t[i + 1 + n])) n++;
          gs_var *v = map_find (x->m, t + i + 1, n);
          if (v) sg_buf_adds (b, v->out);
          else sg_buf_add (b, t + i + 1, n);
          i += 1 + n;
          continue;
        }
      if (c == '@')
        {
          size_t n = const_len (t + i + 1);
          const char *k = t + i + 1;
          if (x->ckey && strlen (x->ckey) == n && !memcmp (x->ckey, k, n)) sg_buf_adds (b, x->cvar);
          else if (*k == '-') sg_buf_printf (b, "(- %.*s)", (int) n - 1, k + 1);
          else sg_buf_add (b, k, n);
          i += 1 + n;
          continue;
        }
      depth += c == '(';
      depth -= c == ')';
      sg_buf_addc (b, c);
      i++;
    }
}

static void
expand_s (const gs_expand *x, const char *t, sg_buf *b)
{
  expand (x, t, strlen (t), b);
}

/* B: its conjuncts, joined by `and` when more than one. */
static void
expand_b (const gs_expand *x, const char *t, sg_buf *b)
{
  bool many = strchr (t, '|') != NULL;
  if (many) sg_buf_adds (b, "(and");
  for (const char *p = t;;)
    {
      size_t n = strcspn (p, "|");
      if (many) sg_buf_addc (b, ' ');
      expand (x, p, n, b);
      if (!p[n]) break;
      p += n + 1;
    }
  if (many) sg_buf_addc (b, ')');
}

/* Does template t mention @key? */
static bool
has_const (const char *t, const char *key)
{
  size_t kn = strlen (key);
  for (const char *p = strchr (t, '@'); p; p = strchr (p + 1, '@'))
    if (const_len (p + 1) == kn && !memcmp (p + 1, key, kn)) return true;
  return false;
}

/* Does $name occur in template t? */
static bool
mentions (const char *t, const char *name)
{
  size_t n = strlen (name);
  for (const char *p = strchr (t, '$'); p; p = strchr (p + 1, '$'))
    if (!strncmp (p + 1, name, n) && !ident_char (p[1 + n])) return true;
  return false;
}

static bool
avoided (const gs_row *r, const gs_eq *e)
{
  for (size_t i = 0; i < sizeof avoid / sizeof avoid[0]; i++)
    if (!strcmp (avoid[i].row, r->id) && !strcmp (avoid[i].eq, e->id)) return true;
  return false;
}

/* ---- formulas ---- */

/* Candidate targets of a transformation on row r with equality e (-1: none applies): the index
 * of a variable of the spec whose sort the NC row takes, drawn. */
static int
draw_var (const char *spec, const char *b, char sort, sg_rng *rng)
{
  gs_map m;
  m.n = 0;
  map_add_spec (&m, spec, NULL);
  uint32_t cand[MAXVARS], n = 0;
  for (uint32_t i = 0; i < m.n; i++)
    if (m.v[i].sort == sort && mentions (b, m.v[i].name)) cand[n++] = i;
  return n ? (int) cand[sg_rng_below (rng, n)] : -1;
}

static bool
applies (const gs_row *r, sg_gstr_tr tr, const gs_eq *e)
{
  gs_map m;
  m.n = 0;
  switch (tr)
    {
    case SG_GSTR_TR_VAR:
    case SG_GSTR_TR_NOISE:
      if (!e->nc || avoided (r, e)) return false;
      map_add_spec (&m, tr == SG_GSTR_TR_VAR ? r->avars : r->bvars, NULL);
      /* A variable of A must occur in B too (RA1's u does not). */
      for (uint32_t i = 0; i < m.n; i++)
        if (m.v[i].sort == e->sort && mentions (r->b, m.v[i].name)) return true;
      return false;
    case SG_GSTR_TR_CONST: return !e->nc && has_const (r->b, e->key);
    default: return false;
    }
}

static void
declare (const gs_map *m, uint32_t from, sg_buf *b)
{
  for (uint32_t i = from; i < m->n; i++)
    sg_buf_printf (b, "(declare-const %s %s)\n", m->v[i].out, sort_name (m->v[i].sort));
}

sg_rc
sg_gen_str_unsat (sg_gen_str *g, sg_rng *rng, const sg_gstr_unsat_opts *o, sg_buf *text, sg_buf *desc)
{
  sg_buf_reset (text);
  sg_buf_reset (desc);
  if (o->row >= (int) NROWS || o->eq >= (int) NEQS) return SG_RC_USAGE;
  bool paper = sg_gen_str_paper (g); /* the paper's rows and equalities only */
  uint32_t ri;
  if (o->row >= 0) ri = (uint32_t) o->row;
  else
    {
      uint32_t cand[NROWS], n = 0;
      for (uint32_t i = 0; i < NROWS; i++)
        if (!paper || rows[i].paper) cand[n++] = i;
      ri = cand[sg_rng_below (rng, n)];
    }
  const gs_row *r = &rows[ri];
  const gs_eq *e = o->eq >= 0 ? &eqs[o->eq] : NULL;
  if (paper && (!r->paper || (e && !e->paper))) return SG_RC_USAGE;
  sg_gstr_tr tr = (sg_gstr_tr) o->tr;
  if (tr == SG_GSTR_TR_ANY)
    {
      /* A transformation kind drawn among those with an equality that applies. */
      bool can[4] = { true, false, false, false };
      for (size_t i = 0; i < NEQS; i++)
        for (int k = 1; k < 4; k++) can[k] |= (!paper || eqs[i].paper) && applies (r, (sg_gstr_tr) k, &eqs[i]);
      int kinds[4], nk = 0;
      for (int k = 0; k < 4; k++)
        if (can[k]) kinds[nk++] = k;
      tr = (sg_gstr_tr) kinds[sg_rng_below (rng, (uint64_t) nk)];
    }
  if (tr != SG_GSTR_TR_NONE && !e)
    {
      uint32_t cand[NEQS], n = 0;
      for (uint32_t i = 0; i < NEQS; i++)
        if ((!paper || eqs[i].paper) && applies (r, tr, &eqs[i])) cand[n++] = i;
      if (!n) return SG_RC_USAGE;
      e = &eqs[cand[sg_rng_below (rng, n)]];
    }
  if (tr != SG_GSTR_TR_NONE && !applies (r, tr, e)) return SG_RC_USAGE;
  int patterns = o->patterns >= 0 ? o->patterns : (int) sg_rng_chance (rng, 1, 2);

  /* The row's variables as they are; the variables of B (renamed for VAR and NOISE). */
  gs_map am, bm, cm;
  am.n = bm.n = cm.n = 0;
  map_add_spec (&am, r->avars, NULL);
  map_add_spec (&am, r->bvars, NULL);
  bm = am;
  char target[NAMELEN] = "", fresh[NAMELEN] = "", zvar[NAMELEN] = "";
  if (tr == SG_GSTR_TR_VAR || tr == SG_GSTR_TR_NOISE)
    {
      const char *spec = tr == SG_GSTR_TR_VAR ? r->avars : r->bvars;
      int k = draw_var (spec, r->b, e->sort, rng);
      gs_map sm;
      sm.n = 0;
      map_add_spec (&sm, spec, NULL);
      snprintf (target, sizeof target, "%s", sm.v[k].name);
      gs_var *v = map_find (&bm, target, strlen (target));
      snprintf (fresh, sizeof fresh, "%.13s_f", target);
      snprintf (v->out, sizeof v->out, "%s", fresh);
      /* C: $x is the original, the right-hand side the fresh one, the others fresh. */
      map_add_spec (&cm, "x:S", NULL);
      cm.v[0].sort = e->sort;
      snprintf (cm.v[0].out, sizeof cm.v[0].out, "%s", target);
      map_add_spec (&cm, e->vars, "_c");
    }
  else if (tr == SG_GSTR_TR_CONST)
    {
      snprintf (zvar, sizeof zvar, "z_c");
      map_add_spec (&cm, e->vars, "_c");
    }

  gs_expand xa = { &am, patterns, NULL, NULL };
  gs_expand xb = { &bm, patterns, tr == SG_GSTR_TR_CONST ? e->key : NULL, zvar };
  gs_expand xc = { &cm, patterns, NULL, NULL };
  sg_buf_printf (text, "(set-logic ALL)\n(set-info :status unsat)\n");
  declare (&am, 0, text);
  if (fresh[0])
    sg_buf_printf (text, "(declare-const %s %s)\n", fresh, sort_name (e->sort));
  if (zvar[0])
    sg_buf_printf (text, "(declare-const %s %s)\n", zvar,
                   e->key[0] == '"' ? "String" : e->key[0] == 't' || e->key[0] == 'f' ? "Bool" : "Int");
  declare (&cm, tr == SG_GSTR_TR_VAR || tr == SG_GSTR_TR_NOISE ? 1 : 0, text);
  uint32_t named = 0;
  sg_buf_printf (text, "(assert (! ");
  expand_s (&xa, r->nota, text);
  sg_buf_printf (text, " :named a%u))\n(assert (! ", ++named);
  expand_b (&xb, r->b, text);
  sg_buf_printf (text, " :named a%u))\n", ++named);
  uint32_t core = named;
  if (tr != SG_GSTR_TR_NONE)
    {
      /* C: the equality and its side condition, one conjunct (C implies x = x_fresh). */
      sg_buf_adds (text, e->side[0] ? "(assert (! (and (= " : "(assert (! (= ");
      if (tr == SG_GSTR_TR_CONST) sg_buf_printf (text, "%s ", zvar);
      expand_s (&xc, e->term, text);
      if (tr != SG_GSTR_TR_CONST) sg_buf_printf (text, " %s", fresh);
      sg_buf_adds (text, ")");
      if (e->side[0])
        {
          sg_buf_addc (text, ' ');
          expand_s (&xc, e->side, text);
          sg_buf_addc (text, ')');
        }
      sg_buf_printf (text, " :named a%u))\n", ++named);
      if (tr != SG_GSTR_TR_NOISE) core = named;
    }
  sg_buf_adds (text, "(check-sat)\n;; core:");
  for (uint32_t i = 1; i <= core; i++) sg_buf_printf (text, " a%u", i);
  /* A noise conjunct is in no minimal core, but a core holding it is not judged imprecise
   * (the paper does not judge noise tests): oracle/core.h reads this line. */
  if (tr == SG_GSTR_TR_NOISE) sg_buf_printf (text, "\n;; core-extra-ok: a%u", named);
  static const char *const trname[] = { "none", "variable replacement", "constant replacement", "noise" };
  sg_buf_printf (desc, "strings unsat %s (%s), %s", r->id, r->paper ? "Table 2" : "SMT-LIB 2.6", trname[tr]);
  if (tr == SG_GSTR_TR_VAR || tr == SG_GSTR_TR_NOISE) sg_buf_printf (desc, " of %s with %s", target, e->id);
  if (tr == SG_GSTR_TR_CONST) sg_buf_printf (desc, " of %s with %s", e->key, e->id);
  sg_buf_printf (desc, ", %s patterns", strstr (r->b, "(!P") ? (patterns ? "with" : "without") : "no");
  sg_buf_printf (text, "\n;; %s\n", sg_buf_cstr (desc));
  return sg_buf_ok (text) && sg_buf_ok (desc) ? SG_RC_OK : SG_RC_NOMEM;
}

sg_rc
sg_gen_str_eq_query (uint32_t i, bool implied, sg_buf *text)
{
  if (i >= NEQS) return SG_RC_USAGE;
  const gs_eq *e = &eqs[i];
  gs_map cm;
  cm.n = 0;
  map_add_spec (&cm, "x:S", NULL);
  cm.v[0].sort = e->nc ? e->sort : e->key[0] == '"' ? 'S' : e->key[0] == 't' || e->key[0] == 'f' ? 'B' : 'I';
  map_add_spec (&cm, e->vars, "_c");
  gs_expand xc = { &cm, 1, NULL, NULL };
  sg_buf_reset (text);
  sg_buf_adds (text, "(set-logic ALL)\n");
  declare (&cm, 0, text);
  sg_buf_printf (text, "(declare-const x_f %s)\n(assert (= ", sort_name (cm.v[0].sort));
  if (e->nc)
    {
      expand_s (&xc, e->term, text);
      sg_buf_adds (text, " x_f))\n");
    }
  else
    {
      sg_buf_adds (text, "x_f ");
      expand_s (&xc, e->term, text);
      sg_buf_adds (text, "))\n");
    }
  if (e->side[0])
    {
      sg_buf_adds (text, "(assert ");
      expand_s (&xc, e->side, text);
      sg_buf_adds (text, ")\n");
    }
  if (implied)
    {
      if (e->nc) sg_buf_adds (text, "(assert (not (= x x_f)))\n");
      else
        {
          gs_expand xk = { &cm, 1, NULL, NULL };
          char k[64];
          snprintf (k, sizeof k, "@%s", e->key);
          sg_buf_adds (text, "(assert (not (= x_f ");
          expand_s (&xk, k, text);
          sg_buf_adds (text, ")))\n");
        }
    }
  sg_buf_adds (text, "(check-sat)\n");
  return sg_buf_ok (text) ? SG_RC_OK : SG_RC_NOMEM;
}
