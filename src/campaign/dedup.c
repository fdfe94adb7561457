/* dedup: crash signatures normalised, trigger shapes hashed. */
#include "campaign/dedup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tech/opfuzz.h"

#include "base/buf.h"
#include "front/parse.h"
#include "front/print.h"
#include "front/script.h"
#include "front/store.h"

static uint64_t
mix64 (uint64_t h, uint64_t v)
{
  uint64_t z = h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static int
is_digit (char c)
{
  return c >= '0' && c <= '9';
}

static int
is_hex (char c)
{
  return is_digit (c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

void
sg_dedup_crash_sig (const char *sig, char *out, size_t size)
{
  if (!size) return;
  /* Located signatures are already normal: keep them (file:line is the bug's identity). */
  if (!strncmp (sig, "assert ", 7) || !strncmp (sig, "sanitizer ", 10))
    {
      snprintf (out, size, "%s", sig);
      return;
    }
  size_t k = 0;
  for (size_t i = 0; sig[i] && k + 4 < size;)
    {
      char c = sig[i];
      if (c == '0' && (sig[i + 1] == 'x' || sig[i + 1] == 'X') && is_hex (sig[i + 2]))
        {
          i += 2;
          while (is_hex (sig[i])) i++;
          memcpy (out + k, "0x#", 3);
          k += 3;
          continue;
        }
      if (is_digit (c))
        {
          while (is_digit (sig[i])) i++;
          out[k++] = '#';
          continue;
        }
      if (c == '\'' || c == '"')
        {
          const char *q = strchr (sig + i + 1, c);
          if (q)
            {
              i = (size_t) (q - sig) + 1;
              out[k++] = '?';
              continue;
            }
        }
      out[k++] = c;
      i++;
    }
  out[k] = 0;
}

/* The structural hash of a sort (sorts are hash-consed per store, so ids are not portable). */
static uint64_t
sort_hash (const sg_store *s, sg_sort x, uint64_t *memo)
{
  if (memo[x]) return memo[x];
  /* Parameters have smaller ids than the sorts built from them, except that the memo is
   * filled lazily: compute iteratively over the ids up to x. */
  for (sg_sort y = 0; y <= x; y++)
    {
      if (memo[y]) continue;
      const sg_sortnode *n = sg_sort_node (s, y);
      uint64_t h = mix64 (0x5051, n->kind);
      switch ((sg_sort_kind) n->kind)
        {
        case SG_SORT_BV: h = mix64 (h, n->a); break;
        case SG_SORT_FP: h = mix64 (mix64 (h, n->a), n->b); break;
        case SG_SORT_ARRAY:
          h = mix64 (mix64 (h, n->a < y ? memo[n->a] : n->a), n->b < y ? memo[n->b] : n->b);
          break;
        default: break; /* user sorts and datatypes: by kind (their names are names) */
        }
      for (uint32_t i = 0; i < n->nargs; i++)
        {
          uint32_t a = s->pool.a[n->args + i];
          h = mix64 (h, a < y ? memo[a] : a);
        }
      memo[y] = h ? h : 1;
    }
  return memo[x];
}

sg_rc
sg_dedup_shape (const char *text, size_t len, uint64_t *hash)
{
  *hash = 0;
  sg_store s;
  sg_script sc;
  sg_diag d;
  if (sg_store_init (&s)) return SG_RC_NOMEM;
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "trigger");
  sg_rc rc = sg_parse_string (&s, &sc, text, len, "trigger", &d);
  uint64_t *th = NULL, *sh = NULL;
  if (rc) goto out;
  uint32_t nt = sg_term_count (&s), ns = s.sorts.n;
  th = calloc (nt ? nt : 1, sizeof *th);
  sh = calloc (ns ? ns : 1, sizeof *sh);
  if (!th || !sh) { rc = SG_RC_NOMEM; goto out; }
  for (sg_term t = 0; t < nt; t++)
    {
      const sg_node *n = sg_term_node (&s, t);
      uint64_t h = sort_hash (&s, n->sort, sh);
      if (n->nargs == 0)
        h = mix64 (h, 0x1eaf); /* literal, constant, variable, bound variable: its sort only */
      else
        {
          /* Applications of named functions: their names do not count, their arity does. */
          h = mix64 (h, n->op == SG_OP_APP ? 0xf00du : n->op);
          h = mix64 (h, n->nargs);
          const uint32_t *a = sg_term_args (&s, t);
          for (uint32_t i = 0; i < n->nargs; i++) h = mix64 (h, th[a[i]]);
          const uint32_t *ix = sg_term_indices (&s, t);
          for (uint32_t i = 0; i < n->nidx; i++) h = mix64 (h, ix[i]);
        }
      th[t] = h;
    }
  uint64_t h = 0x5ca1ab1e;
  for (uint32_t i = 0; i < sc.cmds.n; i++)
    {
      const sg_cmd *c = &sc.cmds.a[i];
      /* Assertions and the commands that shape the query (check-sat, push, pop). */
      if (c->kind == SG_WK_ASSERT)
        h = mix64 (mix64 (h, 1), th[sg_cmd_items (&sc, c)[0]]);
      else if (c->kind == SG_WK_CHECK_SAT || c->kind == SG_WK_PUSH || c->kind == SG_WK_POP)
        h = mix64 (h, 2 + c->kind);
    }
  *hash = h;
out:
  free (th);
  free (sh);
  sg_script_free (&sc);
  sg_store_free (&s);
  return rc;
}

uint64_t
sg_dedup_text (const char *text, size_t len)
{
  uint64_t h = 0x7e47;
  for (size_t i = 0; i < len;)
    {
      if (is_digit (text[i]))
        {
          while (i < len && is_digit (text[i])) i++;
          h = mix64 (h, '#');
          continue;
        }
      if (text[i] != ' ' && text[i] != '\n' && text[i] != '\t' && text[i] != '\r')
        h = mix64 (h, (unsigned char) text[i]);
      i++;
    }
  return h;
}

void
sg_dedup_logic (const char *text, size_t len, char *out, size_t size)
{
  snprintf (out, size, "-");
  const char *k = "(set-logic";
  size_t kl = strlen (k);
  for (size_t i = 0; i + kl < len; i++)
    {
      if (memcmp (text + i, k, kl)) continue;
      size_t a = i + kl;
      while (a < len && (text[a] == ' ' || text[a] == '\t' || text[a] == '\n')) a++;
      size_t b = a;
      while (b < len && text[b] != ')' && text[b] != ' ' && text[b] != '\n' && text[b] != '\t') b++;
      if (b > a) snprintf (out, size, "%.*s", (int) (b - a), text + a);
      return;
    }
}

void
sg_dedup_key (const char *kind, const char *solver, const char *logic, const char *signature,
              const char *text, size_t len, char *out, size_t size)
{
  if (!strcmp (kind, "crash") && signature && signature[0])
    {
      char norm[256];
      sg_dedup_crash_sig (signature, norm, sizeof norm);
      snprintf (out, size, "crash|%s|%s", solver, norm);
      return;
    }
  uint64_t h;
  if (sg_dedup_shape (text, len, &h)) h = sg_dedup_text (text, len);
  snprintf (out, size, "%s|%s|%s|%016llx", kind, solver, logic ? logic : "-", (unsigned long long) h);
}

/* ---- alpha-equivalence ------------------------------------------------------------------- */

sg_rc
sg_dedup_alpha (const char *text, size_t len, sg_buf *out)
{
  sg_store s;
  sg_script sc;
  sg_diag d;
  if (sg_store_init (&s)) return SG_RC_NOMEM;
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "trigger");
  sg_rc rc = sg_parse_string (&s, &sc, text, len, "trigger", &d);
  SG_VEC (sg_atom *) slot = { 0 };
#define SLOT(p) do { if (!rc && !SG_VEC_PUSH (slot, (p))) rc = SG_RC_NOMEM; } while (0)
  /* Every name slot, in the store's order (declarations and binders as parsed): two scripts
   * that differ by a renaming fill them in the same order. */
  for (uint32_t f = 0; !rc && f < s.funs.n; f++) SLOT (&s.funs.a[f].name);
  for (uint32_t i = 0; !rc && i < s.sortdecls.n; i++) SLOT (&s.sortdecls.a[i].name);
  for (uint32_t i = 0; !rc && i < s.dts.n; i++) SLOT (&s.dts.a[i].name);
  for (uint32_t i = 0; !rc && i < s.conss.n; i++) SLOT (&s.conss.a[i].name);
  for (uint32_t i = 0; !rc && i < s.sels.n; i++) SLOT (&s.sels.a[i].name);
  for (uint32_t i = 0; !rc && i < s.attrs.n; i++)
    if (s.attrs.a[i].kind == SG_ATTR_NAMED) SLOT (&s.attrs.a[i].value);
  for (uint32_t t = 0; !rc && t < s.nodes.n; t++)
    if (s.nodes.a[t].op == SG_OP_BVAR) SLOT (&s.nodes.a[t].aux);
#undef SLOT
  for (uint32_t i = 0; !rc && i < slot.n; i++)
    {
      char nm[32];
      int k = snprintf (nm, sizeof nm, "v!%u", i);
      sg_atom a;
      if (!sg_atom_intern (&s.atoms, nm, (size_t) k, &a)) rc = SG_RC_NOMEM;
      else *slot.a[i] = a;
    }
  /* Our printer, without set-info and exit (annotations of the file, not of the query). */
  for (uint32_t i = 0; !rc && i < sc.cmds.n; i++)
    {
      if (sc.cmds.a[i].kind == SG_WK_SET_INFO || sc.cmds.a[i].kind == SG_WK_EXIT) continue;
      sg_print_cmd (&sc, i, NULL, out);
      sg_buf_addc (out, '\n');
    }
  if (!rc && !sg_buf_ok (out)) rc = SG_RC_NOMEM;
  SG_VEC_FREE (slot);
  sg_script_free (&sc);
  sg_store_free (&s);
  return rc;
}

/* ---- bug signatures ---------------------------------------------------------------------- */

/* The sort's kind structure (BitVec, Int, Array(BitVec, Bool), ...): widths, formats and names
 * dropped. Iterative over the ids up to x, as sort_hash. */
static uint64_t
sortkind_hash (const sg_store *s, sg_sort x, uint64_t *memo)
{
  if (memo[x]) return memo[x];
  for (sg_sort y = 0; y <= x; y++)
    {
      if (memo[y]) continue;
      const sg_sortnode *n = sg_sort_node (s, y);
      uint64_t h = mix64 (0x50a7, n->kind);
      if (n->kind == SG_SORT_ARRAY)
        h = mix64 (mix64 (h, n->a < y ? memo[n->a] : n->a), n->b < y ? memo[n->b] : n->b);
      else if (n->kind != SG_SORT_BV && n->kind != SG_SORT_FP)
        for (uint32_t i = 0; i < n->nargs; i++)
          {
            uint32_t a = s->pool.a[n->args + i];
            h = mix64 (h, a < y ? memo[a] : a);
          }
      memo[y] = h ? h : 1;
    }
  return memo[x];
}

static uint32_t
uf_find (uint32_t *up, uint32_t x)
{
  while (up[x] != x)
    {
      up[x] = up[up[x]];
      x = up[x];
    }
  return x;
}

static int
cmp_u64 (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

sg_rc
sg_dedup_bug_sig (const char *text, size_t len, uint64_t *hash)
{
  *hash = 0;
  /* Operator families: the operators opfuzz swaps for one another (its built-in classes,
   * both directions), so the triggers of one bug found along one chain share a family. */
  uint32_t up[SG_OP_COUNT];
  for (uint32_t i = 0; i < SG_OP_COUNT; i++) up[i] = i;
  sg_opfuzz of;
  sg_diag d;
  sg_diag_init (&d, "opfuzz classes");
  if (sg_opfuzz_load (&of, NULL, &d)) return SG_RC_NOMEM;
  for (uint32_t c = 0; c < of.classes.n; c++)
    {
      const sg_opfuzz_class *k = &of.classes.a[c];
      uint32_t n = k->nfrom + k->nto;
      for (uint32_t i = 1; i < n; i++)
        {
          uint32_t a = uf_find (up, of.ops.a[k->first]), b = uf_find (up, of.ops.a[k->first + i]);
          if (a != b) up[a < b ? b : a] = a < b ? a : b;
        }
    }
  sg_opfuzz_free (&of);
  sg_store s;
  sg_script sc;
  if (sg_store_init (&s)) return SG_RC_NOMEM;
  sg_script_init (&sc, &s);
  sg_diag_init (&d, "trigger");
  sg_rc rc = sg_parse_string (&s, &sc, text, len, "trigger", &d);
  uint64_t *sk = NULL, *el = NULL;
  uint32_t ne = 0;
  if (rc) goto out;
  uint32_t nt = sg_term_count (&s), ns = s.sorts.n;
  sk = calloc (ns ? ns : 1, sizeof *sk);
  el = malloc (((size_t) nt * 2 + 1) * sizeof *el);
  if (!sk || !el) { rc = SG_RC_NOMEM; goto out; }
  for (sg_term t = 0; t < nt; t++)
    {
      const sg_node *n = sg_term_node (&s, t);
      uint64_t so = sortkind_hash (&s, n->sort, sk);
      el[ne++] = mix64 (0x5041, so); /* the sorts present, leaves included */
      if (n->nargs == 0) continue;   /* literals, constants, variables: leaves */
      uint64_t h = mix64 (0x0b5, n->op < SG_OP_COUNT ? uf_find (up, n->op) : n->op);
      h = mix64 (h, so);
      const uint32_t *a = sg_term_args (&s, t);
      for (uint32_t i = 0; i < n->nargs; i++) h = mix64 (h, sortkind_hash (&s, sg_term_sort (&s, a[i]), sk));
      el[ne++] = h;
    }
  qsort (el, ne, sizeof *el, cmp_u64);
  uint64_t h = 0xb065;
  for (uint32_t i = 0; i < ne; i++)
    if (!i || el[i] != el[i - 1]) h = mix64 (h, el[i]);
  *hash = h;
out:
  free (sk);
  free (el);
  sg_script_free (&sc);
  sg_store_free (&s);
  return rc;
}
