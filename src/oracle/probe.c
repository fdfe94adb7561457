/* probe: solvers on one script, models checked by our evaluator, one verdict. */
#include "oracle/probe.h"

#include <stdio.h>
#include <string.h>

#include "eval/model.h"
#include "front/print.h"

void
sg_probe_init (sg_probe *p)
{
  memset (p, 0, sizeof *p);
}

void
sg_probe_free (sg_probe *p)
{
  for (uint32_t i = 0; i < p->runs.n; i++) sg_outcome_free (&p->runs.a[i].out);
  SG_VEC_FREE (p->runs);
}

bool
sg_script_uses_strings (const sg_store *s)
{
  /* The basic sorts always exist in a store: look for a term or a declaration using one. */
  for (uint32_t t = 0; t < s->nodes.n; t++)
    if (s->nodes.a[t].sort == s->s_string || s->nodes.a[t].sort == s->s_reglan) return true;
  for (uint32_t f = 0; f < s->funs.n; f++)
    {
      const sg_fun *fn = &s->funs.a[f];
      if (fn->ret == s->s_string || fn->ret == s->s_reglan) return true;
      for (uint32_t k = 0; k < fn->nparams; k++)
        if (s->pool.a[fn->params + k] == s->s_string || s->pool.a[fn->params + k] == s->s_reglan) return true;
    }
  return false;
}

/* Skip one S-expression starting at s[i] ('(' expected); returns the index after it or n. */
static size_t
skip_sexp (const char *s, size_t i, size_t n)
{
  uint64_t depth = 0;
  for (; i < n; i++)
    {
      char c = s[i];
      if (c == ';')
        {
          while (i < n && s[i] != '\n') i++;
          continue;
        }
      if (c == '"')
        {
          /* Up to the closing quote; "" inside a string literal is an escaped quote. */
          for (i++; i < n; i++)
            {
              if (s[i] != '"') continue;
              if (i + 1 < n && s[i + 1] == '"') { i++; continue; }
              break;
            }
          continue;
        }
      if (c == '|')
        {
          while (i + 1 < n && s[i + 1] != '|') i++;
          i++;
          continue;
        }
      if (c == '(') depth++;
      else if (c == ')' && depth && --depth == 0) return i + 1;
    }
  return n;
}

bool
sg_model_text (const char *out, size_t n, uint32_t k, const char **start, size_t *len)
{
  size_t i = 0;
  uint32_t seen = 0;
  while (i < n)
    {
      size_t e = i;
      while (e < n && out[e] != '\n') e++;
      size_t l = e - i;
      if (l && out[i + l - 1] == '\r') l--;
      bool ans = (l == 3 && !memcmp (out + i, "sat", 3)) || (l == 5 && !memcmp (out + i, "unsat", 5))
                 || (l == 7 && !memcmp (out + i, "unknown", 7));
      i = e < n ? e + 1 : n;
      if (!ans) continue;
      if (seen++ != k) continue;
      while (i < n && (out[i] == ' ' || out[i] == '\n' || out[i] == '\r' || out[i] == '\t')) i++;
      if (i >= n || out[i] != '(') return false;
      size_t end = skip_sexp (out, i, n);
      if (end > n || out[end - 1] != ')') return false;
      *start = out + i;
      *len = end - i;
      return true;
    }
  return false;
}

/* Index of the only check-sat command, or SG_NONE when there are none or several. */
static uint32_t
single_check_sat (const sg_script *sc)
{
  uint32_t at = SG_NONE;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      uint16_t k = sc->cmds.a[i].kind;
      if (k == SG_WK_CHECK_SAT || k == SG_WK_CHECK_SAT_ASSUMING)
        {
          if (at != SG_NONE) return SG_NONE;
          at = i;
        }
    }
  return at;
}

/* Ask the solver for its model and check it with our evaluator. */
static void
check_model (const sg_profile *prof, const sg_patterns *pats, const sg_run_opts *ro, sg_store *s,
             const sg_script *sc, uint32_t at, sg_probe_run *pr)
{
  sg_buf text, out;
  sg_buf_init (&text);
  sg_buf_init (&out);
  for (uint32_t i = 0; i <= at; i++) sg_print_cmd (sc, i, NULL, &text);
  sg_buf_adds (&text, "(get-model)\n");
  sg_outcome o2;
  sg_outcome_init (&o2);
  sg_rc rc = sg_buf_ok (&text) ? sg_run_text_capture (prof, pats, ro, text.s, text.len, &o2, &out) : SG_RC_NOMEM;
  const char *mt;
  size_t ml;
  if (rc)
    snprintf (pr->note, sizeof pr->note, "model run failed: %s", sg_rc_name (rc));
  else if (o2.kind != SG_OUT_OK || o2.answers.n < 1 || o2.answers.a[0] != SG_ANS_SAT)
    snprintf (pr->note, sizeof pr->note, "model run gave %s", sg_outcome_kind_name (o2.kind));
  else if (!sg_model_text (out.s ? out.s : "", out.len, 0, &mt, &ml))
    snprintf (pr->note, sizeof pr->note, "no model in the output");
  else
    {
      sg_model m;
      sg_diag d;
      sg_model_init (&m, s);
      sg_diag_init (&d, "model");
      if (sg_model_read (&m, sc, mt, ml, "model", &d))
        {
          snprintf (pr->note, sizeof pr->note, "unreadable model: %.120s", d.msg);
        }
      else
        {
          sg_mcheck v;
          if (sg_eval_check_model (s, sc, &m, &v, NULL) == SG_RC_OK) pr->model = (int) v;
          else snprintf (pr->note, sizeof pr->note, "evaluation failed");
        }
      sg_model_free (&m);
    }
  sg_outcome_free (&o2);
  sg_buf_free (&text);
  sg_buf_free (&out);
}

sg_rc
sg_probe_script (const sg_solver_list *solvers, const sg_patterns *pats, sg_store *s,
                 const sg_script *sc, const char *text, size_t len, const sg_probe_opts *o,
                 sg_probe *p)
{
  uint32_t nchecks = 0;
  bool incremental = false;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      uint16_t k = sc->cmds.a[i].kind;
      if (k == SG_WK_CHECK_SAT || k == SG_WK_CHECK_SAT_ASSUMING) nchecks++;
      if (k == SG_WK_PUSH || k == SG_WK_POP) incremental = true;
    }
  incremental = incremental || nchecks > 1;
  bool strings = sg_script_uses_strings (s);
  const char *logic = sc->logic != SG_ATOM_NONE ? sg_store_text (s, sc->logic) : NULL;
  uint32_t at = single_check_sat (sc);
  if (!SG_VEC_RESERVE (p->runs, solvers->n)) return SG_RC_NOMEM;
  for (uint32_t i = 0; i < solvers->n; i++)
    {
      sg_probe_run *pr = &p->runs.a[p->runs.n++];
      memset (pr, 0, sizeof *pr);
      pr->prof = &solvers->a[i];
      pr->model = -1;
      sg_outcome_init (&pr->out);
      if (!sg_profile_accepts_logic (pr->prof, logic))
        {
          pr->skipped = true;
          snprintf (pr->note, sizeof pr->note, "does not support logic %s", logic);
          continue;
        }
      sg_run_opts ro;
      memset (&ro, 0, sizeof ro);
      ro.argv.incremental = incremental;
      ro.argv.models = o->models;
      ro.argv.validate = o->validate;
      ro.argv.strings = strings;
      ro.timeout_ms = o->timeout_ms;
      ro.mem_bytes = o->mem_bytes;
      sg_rc rc = sg_run_text (pr->prof, pats, &ro, text, len, &pr->out);
      if (rc) return rc;
      if (o->models && at != SG_NONE && pr->out.kind == SG_OUT_OK && pr->out.answers.n == 1
          && pr->out.answers.a[0] == SG_ANS_SAT && sc->cmds.a[at].kind == SG_WK_CHECK_SAT)
        check_model (pr->prof, pats, &ro, s, sc, at, pr);
    }
  /* Judge the runs that happened. */
  sg_oracle_run jr[64];
  uint32_t map[64], n = 0;
  for (uint32_t i = 0; i < p->runs.n && n < 64; i++)
    if (!p->runs.a[i].skipped)
      {
        jr[n] = (sg_oracle_run) { p->runs.a[i].prof->name, &p->runs.a[i].out, p->runs.a[i].model };
        map[n++] = i;
      }
  sg_oracle_judge (jr, n, &o->oracle, &p->verdict);
  if (p->verdict.culprit != SG_NONE) p->verdict.culprit = map[p->verdict.culprit];
  return SG_RC_OK;
}
