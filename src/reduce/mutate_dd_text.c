/* mutate_dd_text: the whole-text sites of the reducer rows learnt from ddSMT 2.0 — an FP sort
 * everywhere in a smaller format (fp-sorts), one datatype of a declare-datatypes group or one
 * unused constructor field (remove-datatypes), one function of a define-funs-rec group
 * (remove-recursive-functions). A candidate is the printed script with spans cut or replaced;
 * it becomes a site only when our front end parses and sort-checks it, so an ill-sorted
 * candidate is never printed for a solver. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/parse.h"
#include "front/print.h"
#include "reduce/mutate_int.h"

/* ---- s-expressions of printed text --------------------------------------------------------- */

/* The end of the s-expression at p: a list, a |symbol|, a "string" or a token (iterative). */
static const char *
sx_end (const char *p, const char *e)
{
  int depth = 0;
  while (p < e)
    {
      char ch = *p;
      if (ch == '"')
        {
          for (p++; p < e; p++)
            if (*p == '"') { if (p + 1 < e && p[1] == '"') p++; else break; }
          p++;
        }
      else if (ch == '|')
        {
          for (p++; p < e && *p != '|'; p++) {}
          p++;
        }
      else if (ch == '(') { depth++; p++; continue; }
      else if (ch == ')') { depth--; p++; }
      else if (ch == ' ' || ch == '\n' || ch == '\t' || ch == '\r') { p++; continue; }
      else
        while (p < e && !strchr (" \n\t\r()", *p)) p++;
      if (depth <= 0) return p < e ? p : e;
    }
  return e;
}

/* The children of the list at p ('('): their spans into b[] / en[] (at most max); the count. */
static uint32_t
sx_children (const char *p, const char *e, const char **b, const char **en, uint32_t max)
{
  const char *end = sx_end (p, e);
  uint32_t n = 0;
  for (p++; p < end - 1;)
    {
      if (strchr (" \n\t\r", *p)) { p++; continue; }
      const char *q = sx_end (p, end - 1);
      if (n < max) b[n] = p, en[n] = q;
      n++;
      p = q;
    }
  return n;
}

typedef struct cut { const char *b, *e, *with; } cut; /* [b, e) -> with (NULL: removed) */

static int
cmp_cut (const void *x, const void *y)
{
  const cut *a = x, *c = y;
  return a->b < c->b ? -1 : a->b > c->b;
}

/* Add text t with the (non-overlapping) cuts applied as a site, when it parses. */
static sg_rc
add_cut_text (sg_round *r, const char *t, size_t len, cut *cs, uint32_t n)
{
  if (!n) return SG_RC_OK;
  qsort (cs, n, sizeof *cs, cmp_cut);
  sg_buf b;
  sg_buf_init (&b);
  const char *p = t;
  for (uint32_t k = 0; k < n; k++)
    {
      if (cs[k].b < p) continue; /* overlaps the previous one */
      const char *from = cs[k].b;
      if (!cs[k].with && from > p && from[-1] == ' ') from--; /* the space before it too */
      sg_buf_add (&b, p, (size_t) (from - p));
      if (cs[k].with) sg_buf_adds (&b, cs[k].with);
      p = cs[k].e;
    }
  sg_buf_add (&b, p, (size_t) (t + len - p));
  sg_rc rc = sg_buf_ok (&b) ? SG_RC_OK : SG_RC_NOMEM;
  if (!rc)
    {
      sg_store st;
      sg_script sc;
      sg_diag d;
      sg_diag_init (&d, "<candidate>");
      if ((rc = sg_store_init (&st))) { sg_buf_free (&b); return rc; }
      sg_script_init (&sc, &st);
      sg_rc pr = sg_parse_string (&st, &sc, b.len ? b.s : "", b.len, "<candidate>", &d);
      sg_script_free (&sc);
      sg_store_free (&st);
      if (pr == SG_RC_NOMEM) rc = pr;
      else if (!pr) rc = sg_round_add_text (r, &b);
    }
  sg_buf_free (&b);
  return rc;
}

/* ---- fp-sorts ------------------------------------------------------------------------------ */

/* The name of a standard FP format, or NULL. */
static const char *
std_name (uint32_t eb, uint32_t sb)
{
  return eb == 5 && sb == 11 ? "Float16" : eb == 8 && sb == 24 ? "Float32" : eb == 11 && sb == 53 ? "Float64"
         : eb == 15 && sb == 113 ? "Float128" : NULL;
}

/* Every (_ FloatingPoint eb sb) (or its name, Float32 ...) and every FP constant or conversion
 * indexed eb sb -> the format (5 11) (Float16), or (3 5). FP literals (fp ...) of the old format
 * no longer parse: the constants mutator replaces them first. */
sg_rc
sg_round_sites_fpsort (sg_round *r)
{
  sg_store *s = &r->store;
  static const uint32_t to[2][2] = { { 5, 11 }, { 3, 5 } };
  static const char *const words[] = { "FloatingPoint", "to_fp", "to_fp_unsigned", "+zero", "-zero",
                                       "+oo", "-oo", "NaN", NULL };
  sg_buf t;
  sg_buf_init (&t);
  sg_rc rc = SG_RC_OK;
  SG_VEC (cut) cs = { 0 };
  for (uint32_t x = 0; x < s->sorts.n && !rc; x++)
    {
      const sg_sortnode *n = &s->sorts.a[x];
      if (n->kind != SG_SORT_FP) continue;
      if (!t.len) sg_print_script (&r->script, NULL, &t);
      if (!sg_buf_ok (&t)) { rc = SG_RC_NOMEM; break; }
      char pat[32];
      int pl = snprintf (pat, sizeof pat, " %u %u)", n->a, n->b);
      for (int k = 0; k < 2 && !rc; k++)
        {
          if (to[k][0] > n->a || to[k][1] > n->b || (to[k][0] == n->a && to[k][1] == n->b)) continue;
          SG_VEC_CLEAR (cs);
          for (const char *p = strstr (t.s, pat); p && !rc; p = strstr (p + 1, pat))
            {
              const char *w = p;
              while (w > t.s && !strchr (" (", w[-1])) w--;
              bool ok = false;
              for (int q = 0; words[q] && !ok; q++)
                ok = strlen (words[q]) == (size_t) (p - w) && !memcmp (w, words[q], (size_t) (p - w));
              cut c = { p, p + pl, k ? " 3 5)" : " 5 11)" };
              if (ok && !SG_VEC_PUSH (cs, c)) rc = SG_RC_NOMEM;
            }
          /* the sort written by its name (the rounds' printer: sg_store.fp_sort_names) */
          const char *nm = std_name (n->a, n->b);
          size_t nl = nm ? strlen (nm) : 0;
          for (const char *p = nm ? strstr (t.s, nm) : NULL; p && !rc; p = strstr (p + 1, nm))
            {
              cut c = { p, p + nl, k ? "(_ FloatingPoint 3 5)" : "Float16" };
              if (p > t.s && strchr (" (", p[-1]) && strchr (" )\n", p[nl]) && !SG_VEC_PUSH (cs, c))
                rc = SG_RC_NOMEM;
            }
          if (!rc) rc = add_cut_text (r, t.s, t.len, cs.a, cs.n);
        }
    }
  SG_VEC_FREE (cs);
  sg_buf_free (&t);
  return rc;
}

/* ---- remove-datatypes, remove-recursive-functions ------------------------------------------ */

/* The script printed into t; *at: where command i starts. */
static sg_rc
print_at (sg_round *r, uint32_t i, sg_buf *t, size_t *at)
{
  for (uint32_t j = 0; j < r->script.cmds.n; j++)
    {
      if (j == i) *at = t->len;
      sg_print_cmd (&r->script, j, NULL, t);
    }
  return sg_buf_ok (t) ? SG_RC_OK : SG_RC_NOMEM;
}

#define GROUP_MAX 64 /* members of a group looked at */

/* The script with, in command i, the k-th child of its items 1 and 2 cut (one datatype of a
 * declare-datatypes, one function of a define-funs-rec). */
static sg_rc
cut_group_member (sg_round *r, uint32_t i, uint32_t k)
{
  sg_buf t;
  sg_buf_init (&t);
  size_t at = 0;
  sg_rc rc = print_at (r, i, &t, &at);
  const char *e = t.s + t.len, *b[4], *en[4], *xb[GROUP_MAX], *xe[GROUP_MAX];
  cut cs[2];
  uint32_t m = 0;
  if (!rc && sx_children (t.s + at, e, b, en, 4) == 3)
    for (int it = 1; it <= 2; it++)
      {
        if (*b[it] != '(' || sx_children (b[it], en[it], xb, xe, GROUP_MAX) <= k) break;
        cs[m].b = xb[k];
        cs[m].e = xe[k];
        cs[m++].with = NULL;
      }
  if (!rc && m == 2) rc = add_cut_text (r, t.s, t.len, cs, 2);
  sg_buf_free (&t);
  return rc;
}

/* The script with field f cut from every list headed by constructor c's name: its declaration
 * (C (s1 T1) (s2 T2)), its applications (C a b) and its match patterns (C x y). */
static sg_rc
cut_field (sg_round *r, uint32_t c, uint32_t f)
{
  sg_store *s = &r->store;
  sg_buf t, name;
  sg_buf_init (&t);
  sg_buf_init (&name);
  sg_buf_addc (&name, '(');
  sg_print_symbol (s, s->conss.a[c].name, &name);
  size_t at = 0;
  sg_rc rc = print_at (r, SG_NONE, &t, &at);
  SG_VEC (cut) cs = { 0 };
  const char *nm = sg_buf_cstr (&name), *e = t.s + t.len;
  size_t nl = name.len;
  for (const char *p = rc ? NULL : strstr (t.s, nm); p && !rc; p = strstr (p + 1, nm))
    {
      if (p[nl] != ' ') continue; /* (C) or (Cx ...) */
      const char *xb[GROUP_MAX], *xe[GROUP_MAX];
      uint32_t n = sx_children (p, e, xb, xe, GROUP_MAX);
      if (n > GROUP_MAX || f + 1 >= n) continue;
      cut cc = { xb[f + 1], xe[f + 1], NULL };
      if (!SG_VEC_PUSH (cs, cc)) rc = SG_RC_NOMEM;
    }
  if (!rc && cs.n) rc = add_cut_text (r, t.s, t.len, cs.a, cs.n);
  SG_VEC_FREE (cs);
  sg_buf_free (&name);
  sg_buf_free (&t);
  return rc;
}

/* remove-datatypes: one datatype of a declare-datatypes group (the candidate parses only when
 * nothing else uses it), and one field of a constructor whose selector nobody uses (cut from the
 * declaration, the constructor's applications and its match patterns). */
sg_rc
sg_round_sites_dtrem (sg_round *r)
{
  sg_store *s = &r->store;
  if (!s->dts.n || !r->have_occs) return SG_RC_OK;
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < r->script.cmds.n && !rc; i++)
    {
      const sg_cmd *c = &r->script.cmds.a[i];
      if (c->kind != SG_WK_DECLARE_DATATYPES) continue;
      uint32_t ng = s->dts.a[c->aux].ngroup;
      for (uint32_t k = 0; ng >= 2 && k < ng && k < GROUP_MAX && !rc; k++) rc = cut_group_member (r, i, k);
    }
  bool *used = rc ? NULL : calloc (s->sels.n + 1, 1);
  if (!rc && !used) rc = SG_RC_NOMEM;
  for (uint32_t i = 0; !rc && i < r->occs.a.n; i++)
    {
      sg_term t = r->occs.a.a[i].term;
      sg_op op = sg_term_op (s, t);
      if (op == SG_OP_DT_SEL || op == SG_OP_DT_UPDATE) used[sg_term_node (s, t)->aux] = true;
    }
  for (uint32_t c = 0; !rc && c < s->conss.n; c++)
    for (uint32_t f = 0; f < s->conss.a[c].nsel && f + 1 < GROUP_MAX && !rc; f++)
      if (!used[s->conss.a[c].sel + f]) rc = cut_field (r, c, f);
  free (used);
  return rc;
}

/* remove-recursive-functions: one function of a define-funs-rec group (the candidate parses
 * only when nothing else calls it). */
sg_rc
sg_round_sites_recfun (sg_round *r)
{
  sg_rc rc = SG_RC_OK;
  for (uint32_t i = 0; i < r->script.cmds.n && !rc; i++)
    {
      const sg_cmd *c = &r->script.cmds.a[i];
      if (c->kind != SG_WK_DEFINE_FUNS_REC || c->n < 4) continue;
      for (uint32_t k = 0; k < c->n / 2 && k < GROUP_MAX && !rc; k++) rc = cut_group_member (r, i, k);
    }
  return rc;
}
