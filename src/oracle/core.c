/* core: the unsat-core oracle (see core.h). */
#include "oracle/core.h"

#include <stdio.h>
#include <string.h>

#include "front/print.h"
#include "oracle/escalate.h"
#include "oracle/implication.h"
#include "run/run.h"

#define MAX_NAMES 64u /* conjuncts a core may name (the generator writes at most 4) */

static bool
sym_char (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
         || (c && strchr ("~!@$%^&*_-+=<>.?/", c));
}

/* Append the plain symbols of s[0..n) (blank-separated) to out, space-separated; false on
 * anything else or more than MAX_NAMES. */
static bool
add_symbols (const char *s, size_t n, sg_buf *out)
{
  uint32_t count = 0;
  size_t i = 0;
  while (i < n)
    {
      while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
      if (i == n) break;
      size_t b = i;
      while (i < n && sym_char (s[i])) i++;
      if (i == b || (i < n && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r')) return false;
      if (s[b] >= '0' && s[b] <= '9') return false;
      if (++count > MAX_NAMES) return false;
      if (out->len) sg_buf_addc (out, ' ');
      sg_buf_add (out, s + b, i - b);
    }
  return sg_buf_ok (out);
}

/* The rest of the line after the first line starting with prefix, and how many such lines. */
static uint32_t
find_line (const char *text, size_t len, const char *prefix, const char **rest, size_t *rlen)
{
  size_t pl = strlen (prefix);
  uint32_t found = 0;
  for (size_t i = 0; i < len;)
    {
      const char *nl = memchr (text + i, '\n', len - i);
      size_t e = nl ? (size_t) (nl - text) : len;
      if (e - i >= pl && !memcmp (text + i, prefix, pl))
        {
          if (!found++) *rest = text + i + pl, *rlen = e - i - pl;
        }
      i = e + 1;
    }
  return found;
}

bool
sg_core_known (const char *text, size_t len, sg_buf *known, sg_buf *extra)
{
  sg_buf_reset (known);
  sg_buf_reset (extra);
  const char *r = NULL;
  size_t n = 0;
  if (find_line (text, len, ";; core: ", &r, &n) != 1 || !add_symbols (r, n, known) || !known->len)
    return false;
  uint32_t e = find_line (text, len, ";; core-extra-ok: ", &r, &n);
  return e == 0 || (e == 1 && add_symbols (r, n, extra));
}

bool
sg_core_line_problem (const char *text, size_t len, uint32_t *line, uint32_t *col, const char **why)
{
  static const char *const prefix[2] = { ";; core:", ";; core-extra-ok:" };
  uint32_t seen[2] = { 0, 0 }, ln = 1;
  sg_buf tmp;
  sg_buf_init (&tmp);
  bool bad = false;
  for (size_t i = 0; i < len && !bad; ln++)
    {
      const char *nl = memchr (text + i, '\n', len - i);
      size_t e = nl ? (size_t) (nl - text) : len;
      for (int k = 0; k < 2 && !bad; k++)
        {
          size_t pl = strlen (prefix[k]);
          if (e - i < pl || memcmp (text + i, prefix[k], pl)) continue;
          *line = ln;
          *col = 1;
          if (++seen[k] > 1)
            *why = k ? "a second ';; core-extra-ok:' line" : "a second ';; core:' line", bad = true;
          else if (e - i == pl || text[i + pl] != ' ')
            *col = (uint32_t) pl + 1, *why = "no space and names after the colon", bad = true;
          else
            {
              sg_buf_reset (&tmp);
              if (!add_symbols (text + i + pl + 1, e - i - pl - 1, &tmp) || (!k && !tmp.len))
                *col = (uint32_t) pl + 2,
                *why = "not a list of plain symbols (the names of (! F :named N) assertions)",
                bad = true;
            }
        }
      i = e + 1;
    }
  if (!bad && seen[1] && !seen[0])
    *why = "a ';; core-extra-ok:' line without a ';; core:' line", bad = true;
  sg_buf_free (&tmp);
  return bad;
}

sg_rc
sg_core_query_text (const char *text, size_t len, sg_buf *out)
{
  sg_buf_reset (out);
  for (size_t i = 0; i < len;)
    {
      const char *nl = memchr (text + i, '\n', len - i);
      size_t e = nl ? (size_t) (nl - text) : len;
      if (e - i == 11 && !memcmp (text + i, "(check-sat)", 11))
        {
          sg_buf_adds (out, "(set-option :produce-unsat-cores true)\n");
          sg_buf_add (out, text, e);
          sg_buf_adds (out, "\n(get-unsat-core)");
          sg_buf_add (out, text + e, len - e);
          return sg_buf_ok (out) ? SG_RC_OK : SG_RC_NOMEM;
        }
      i = e + 1;
    }
  return SG_RC_USAGE;
}

bool
sg_core_read (const char *out, size_t n, sg_buf *names)
{
  sg_buf_reset (names);
  size_t i = 0, after = SIZE_MAX;
  while (i < n && after == SIZE_MAX)
    {
      const char *nl = memchr (out + i, '\n', n - i);
      size_t e = nl ? (size_t) (nl - out) : n, le = e;
      if (le > i && out[le - 1] == '\r') le--;
      if (le - i == 5 && !memcmp (out + i, "unsat", 5)) after = e;
      i = e + 1;
    }
  if (after == SIZE_MAX) return false;
  i = after;
  while (i < n && (out[i] == ' ' || out[i] == '\t' || out[i] == '\n' || out[i] == '\r')) i++;
  if (i >= n || out[i] != '(') return false;
  const char *close = memchr (out + i + 1, ')', n - i - 1);
  if (!close) return false;
  const char *open = memchr (out + i + 1, '(', (size_t) (close - out) - i - 1);
  return !open && add_symbols (out + i + 1, (size_t) (close - out) - i - 1, names);
}

/* Is name (nlen bytes) one of the space-separated names of list? */
static bool
in_list (const char *name, size_t nlen, const char *list)
{
  for (const char *p = list; *p;)
    {
      while (*p == ' ') p++;
      const char *e = p;
      while (*e && *e != ' ') e++;
      if ((size_t) (e - p) == nlen && nlen && !memcmp (p, name, nlen)) return true;
      p = e;
    }
  return false;
}

bool
sg_core_names_subset (const char *a, const char *b)
{
  for (const char *p = a; *p;)
    {
      while (*p == ' ') p++;
      const char *e = p;
      while (*e && *e != ' ') e++;
      if (e > p && !in_list (p, (size_t) (e - p), b)) return false;
      p = e;
    }
  return true;
}

const char *
sg_core_assert_name (const sg_store *s, sg_term t)
{
  return sg_core_nth_name (s, t, 0);
}

const char *
sg_core_nth_name (const sg_store *s, sg_term t, uint32_t k)
{
  /* (! (! F :named a) :named b): b, then a (an incremental script names a seed's named
   * assertion again) */
  for (; sg_term_op (s, t) == SG_OP_ANNOT; t = sg_term_arg (s, t, 0))
    {
      const sg_annot *an = &s->annots.a[sg_term_node (s, t)->aux];
      for (uint32_t j = 0; j < an->nattrs; j++)
        {
          const sg_attr *at = &s->attrs.a[an->attrs + j];
          if (at->kind == SG_ATTR_NAMED && k-- == 0) return sg_store_text (s, at->value);
        }
    }
  return NULL;
}

sg_rc
sg_core_subset (const sg_store *s, const sg_script *sc, const char *keep, sg_buf *out)
{
  sg_buf_reset (out);
  sg_print_opts po;
  memset (&po, 0, sizeof po);
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      if (c->kind == SG_WK_SET_INFO && c->aux == SG_WK_K_STATUS) continue;
      if (c->kind == SG_WK_ASSERT && !(c->flags & SG_CMD_RAW) && c->n == 1)
        {
          /* kept when it has no name or one of its names is kept */
          const char *name = sg_core_nth_name (s, sc->items.a[c->items], 0);
          bool kept = !name;
          for (uint32_t k = 0; name && !kept; name = sg_core_nth_name (s, sc->items.a[c->items], ++k))
            kept = in_list (name, strlen (name), keep);
          if (!kept) continue;
        }
      sg_print_cmd (sc, i, &po, out);
    }
  return sg_buf_ok (out) ? SG_RC_OK : SG_RC_NOMEM;
}

void
sg_core_named (const sg_store *s, const sg_script *sc, sg_buf *b)
{
  sg_buf_reset (b);
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      if (c->kind != SG_WK_ASSERT || (c->flags & SG_CMD_RAW) || c->n != 1) continue;
      const char *name;
      for (uint32_t k = 0; (name = sg_core_nth_name (s, sc->items.a[c->items], k)); k++)
        {
          if (b->len) sg_buf_addc (b, ' ');
          sg_buf_adds (b, name);
        }
    }
}

const char *
sg_core_kind_name (sg_core_kind k)
{
  static const char *const names[] = { "none", "precise", "unconfirmed", "imprecise", "bad", "answer" };
  return (unsigned) k < sizeof names / sizeof names[0] ? names[k] : "?";
}

void
sg_core_result_init (sg_core_result *r)
{
  memset (r, 0, sizeof *r);
  r->culprit = SG_NONE;
  sg_buf_init (&r->query);
  sg_buf_init (&r->subset);
  sg_probe_init (&r->sub);
}

void
sg_core_result_free (sg_core_result *r)
{
  sg_buf_free (&r->query);
  sg_buf_free (&r->subset);
  sg_probe_free (&r->sub);
}

static bool
answered_unsat (const sg_outcome *oc)
{
  return oc->kind == SG_OUT_OK && oc->answers.n == 1 && oc->answers.a[0] == SG_ANS_UNSAT;
}

/* Ask profile prof for the core of r->query in a fresh process: true with the names in core
 * when it answered unsat with a readable core naming only named assertions (all). *sat (may be
 * NULL): it answered sat. */
static bool
ask (const sg_core_opts *o, const sg_profile *prof, bool strings, bool fp, sg_core_result *r,
     const char *all, sg_buf *core, bool *sat)
{
  sg_run_opts ro;
  memset (&ro, 0, sizeof ro);
  ro.timeout_ms = o->timeout_ms;
  ro.mem_bytes = o->mem_bytes;
  ro.argv.core = true;
  ro.argv.strings = strings;
  ro.argv.fp = fp;
  sg_outcome oc;
  sg_outcome_init (&oc);
  sg_buf out;
  sg_buf_init (&out);
  r->asked++;
  sg_rc rc = sg_run_text_capture (prof, o->pats, &ro, r->query.s, r->query.len, &oc, &out);
  bool ran = rc == SG_RC_OK;
  if (!r->unstarted[0] && (!ran || oc.kind == SG_OUT_EXEC_FAILED))
    snprintf (r->unstarted, sizeof r->unstarted, "solver %.40s could not be started for its core query (%.110s)",
              prof->name, ran ? oc.reason : sg_rc_name (rc));
  bool ok = ran && answered_unsat (&oc) && sg_core_read (out.s ? out.s : "", out.len, core)
            && sg_core_names_subset (sg_buf_cstr (core), all);
  if (sat) *sat = ran && oc.kind == SG_OUT_OK && oc.answers.n >= 1 && oc.answers.a[0] == SG_ANS_SAT;
  sg_outcome_free (&oc);
  sg_buf_free (&out);
  return ok;
}

/* Order-insensitive equality of two name lists. */
static bool
same_names (const char *a, const char *b)
{
  return sg_core_names_subset (a, b) && sg_core_names_subset (b, a);
}

/* Fresh probes with models checked by our evaluator, expecting `expected`; r->sub emptied for
 * the probe the caller makes. */
static void
model_probe_opts (const sg_core_opts *o, sg_answer expected, sg_probe_opts *po, sg_core_result *r)
{
  memset (po, 0, sizeof *po);
  po->timeout_ms = o->timeout_ms;
  po->mem_bytes = o->mem_bytes;
  po->models = true;
  po->oracle.expected = expected;
  sg_probe_free (&r->sub);
  sg_probe_init (&r->sub);
}

/* A core of run i missing a known conjunct: confirmed when the solver returns the same core
 * again and some solver's model of the core alone is valid under our evaluator. */
static bool
confirm_bad (const sg_core_opts *o, const sg_store *s, const sg_script *sc, uint32_t i, bool strings,
             bool fp, const char *core, sg_core_result *r)
{
  sg_buf again, all;
  sg_buf_init (&again);
  sg_buf_init (&all);
  sg_core_named (s, sc, &all);
  bool same = ask (o, &o->solvers->a[i], strings, fp, r, sg_buf_cstr (&all), &again, NULL)
              && same_names (sg_buf_cstr (&again), core);
  sg_buf_free (&again);
  sg_buf_free (&all);
  if (!same || sg_core_subset (s, sc, core, &r->subset)) return false;
  sg_probe_opts po;
  model_probe_opts (o, SG_ANS_NONE, &po, r);
  if (!sg_probe_text (o->solvers, o->pats, r->subset.s, r->subset.len, &po, &r->sub)) return false;
  if (r->sub.unstarted[0])
    {
      if (!r->unstarted[0]) memcpy (r->unstarted, r->sub.unstarted, sizeof r->unstarted);
      return false;
    }
  for (uint32_t k = 0; k < r->sub.runs.n; k++)
    if (!r->sub.runs.a[k].skipped && r->sub.runs.a[k].model == SG_MODEL_VALID)
      {
        snprintf (r->why, sizeof r->why,
                  "%s answered unsat with the unsat core (%s), but those conjuncts alone are "
                  "satisfiable: %s's model of them is valid under our evaluator",
                  o->solvers->a[i].name, core, o->solvers->a[k].name);
        return true;
      }
  return false;
}

/* Some solvers (bits of sat_runs) answered the core query sat: probe the query twice with
 * models, its status unsat by construction; the same confirmed soundness verdict, blamed on one
 * of them, is the finding (kind ANSWER, r->sub its probe). */
static void
judge_sat_query (const sg_core_opts *o, uint64_t sat_runs, sg_core_result *r)
{
  sg_probe_opts po;
  model_probe_opts (o, SG_ANS_UNSAT, &po, r);
  sg_probe again;
  sg_probe_init (&again);
  uint32_t c = SG_NONE;
  bool ok = sg_probe_text (o->solvers, o->pats, r->query.s, r->query.len, &po, &r->sub)
            && r->sub.verdict.kind == SG_VERDICT_SOUNDNESS && (c = r->sub.verdict.culprit) < 64
            && (sat_runs >> c & 1) && sg_probe_text (o->solvers, o->pats, r->query.s, r->query.len, &po, &again)
            && again.verdict.kind == SG_VERDICT_SOUNDNESS && again.verdict.culprit == c;
  const char *un = r->sub.unstarted[0] ? r->sub.unstarted : again.unstarted;
  if (un[0] && !r->unstarted[0]) memcpy (r->unstarted, un, sizeof r->unstarted);
  if (ok && !un[0])
    {
      r->kind = SG_CORE_ANSWER;
      r->culprit = c;
      if (c < 16) r->run_kind[c] = SG_CORE_ANSWER;
      snprintf (r->why, sizeof r->why, "with :produce-unsat-cores: %.220s", r->sub.verdict.why);
    }
  else
    r->unconfirmed++;
  sg_probe_free (&again);
}

sg_rc
sg_core_judge (const sg_core_opts *o, sg_store *s, const sg_script *sc, const char *text,
               size_t len, const sg_probe *p, sg_core_result *r)
{
  r->kind = SG_CORE_NONE;
  r->culprit = SG_NONE;
  r->core[0] = r->why[0] = r->unstarted[0] = 0;
  memset (r->run_kind, 0, sizeof r->run_kind);
  sg_buf known, extra, all, core, allowed;
  sg_buf_init (&known);
  sg_buf_init (&extra);
  sg_buf_init (&all);
  sg_buf_init (&core);
  sg_buf_init (&allowed);
  sg_rc rc = sg_core_known (text, len, &known, &extra) ? sg_core_query_text (text, len, &r->query)
                                                      : SG_RC_USAGE;
  sg_core_named (s, sc, &all);
  sg_buf_adds (&allowed, sg_buf_cstr (&known));
  if (extra.len) sg_buf_addc (&allowed, ' '), sg_buf_adds (&allowed, sg_buf_cstr (&extra));
  bool strings = sg_script_uses_strings (s), fp = sg_script_uses_fp (s);
  uint64_t sat_runs = 0; /* runs whose core query was answered sat */
  for (uint32_t i = 0; !rc && i < p->runs.n && i < o->solvers->n; i++)
    {
      const sg_probe_run *run = &p->runs.a[i];
      if (run->skipped || !answered_unsat (&run->out)) continue;
      bool sat = false;
      if (!ask (o, &o->solvers->a[i], strings, fp, r, sg_buf_cstr (&all), &core, &sat))
        {
          r->nocore++;
          if (sat && i < 64) sat_runs |= 1ull << i;
          continue;
        }
      r->read++;
      const char *c = sg_buf_cstr (&core);
      sg_core_kind k = SG_CORE_PRECISE;
      if (!sg_core_names_subset (sg_buf_cstr (&known), c))
        {
          k = confirm_bad (o, s, sc, i, strings, fp, c, r) ? SG_CORE_BAD : SG_CORE_UNCONFIRMED;
          if (k == SG_CORE_UNCONFIRMED) r->unconfirmed++;
        }
      else if (!sg_core_names_subset (c, sg_buf_cstr (&allowed)))
        {
          k = SG_CORE_IMPRECISE;
          r->imprecise++;
        }
      if (i < 16) r->run_kind[i] = (uint8_t) k;
      if (k > r->kind)
        {
          r->kind = k;
          r->culprit = i;
          snprintf (r->core, sizeof r->core, "%s", c);
          if (k == SG_CORE_IMPRECISE)
            snprintf (r->why, sizeof r->why,
                      "%s returned the unsat core (%s), larger than the known minimal core (%s): "
                      "imprecise, not a bug", o->solvers->a[i].name, c, sg_buf_cstr (&known));
          else if (k == SG_CORE_UNCONFIRMED)
            snprintf (r->why, sizeof r->why,
                      "%s returned the unsat core (%s) without all of the known core (%s); not "
                      "confirmed", o->solvers->a[i].name, c, sg_buf_cstr (&known));
        }
      if (k == SG_CORE_BAD) break; /* the most severe: no need to ask the others */
    }
  if (!rc && sat_runs && r->kind != SG_CORE_BAD) judge_sat_query (o, sat_runs, r);
  if (r->unstarted[0] && (r->kind == SG_CORE_BAD || r->kind == SG_CORE_ANSWER))
    {
      /* a run could not be started: never a finding (the caller says why, and stops) */
      r->kind = SG_CORE_UNCONFIRMED;
      r->unconfirmed++;
      snprintf (r->why, sizeof r->why, "not judged: %.200s", r->unstarted);
    }
  sg_buf_free (&known);
  sg_buf_free (&extra);
  sg_buf_free (&all);
  sg_buf_free (&core);
  sg_buf_free (&allowed);
  return rc;
}
