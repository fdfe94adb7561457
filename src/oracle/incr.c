/* incr: incremental consistency (oracle/incr.h). */
#include "oracle/incr.h"

#include <stdio.h>
#include <string.h>

#include "base/vec.h"
#include "front/print.h"
#include "run/spawn.h"

uint32_t
sg_incr_queries (const sg_script *sc)
{
  uint32_t n = 0;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    n += sc->cmds.a[i].kind == SG_WK_CHECK_SAT || sc->cmds.a[i].kind == SG_WK_CHECK_SAT_ASSUMING;
  return n;
}

/* What a command does to the scope. */
typedef enum role {
  R_OPTION,  /* set-logic, set-option, set-info: kept whatever the level */
  R_DECL,    /* a declaration or definition: kept at its level */
  R_ASSERT,  /* an assertion: kept at its level */
  R_PUSH,
  R_POP,
  R_QUERY,   /* check-sat, check-sat-assuming */
  R_RESET_A, /* reset-assertions */
  R_RESET,   /* reset */
  R_EXIT,
  R_DROP,    /* output only: get-*, echo, eval, simplify, display, apply */
  R_UNKNOWN, /* changes the assertions in a way not modelled (assert-soft, block-model, ...) */
} role;

static role
role_of (uint16_t k)
{
  switch (k)
    {
    case SG_WK_SET_LOGIC: case SG_WK_SET_OPTION: case SG_WK_SET_INFO: return R_OPTION;
    case SG_WK_DECLARE_CONST: case SG_WK_DECLARE_DATATYPE: case SG_WK_DECLARE_DATATYPES:
    case SG_WK_DECLARE_FUN: case SG_WK_DECLARE_SORT: case SG_WK_DEFINE_FUN:
    case SG_WK_DEFINE_FUN_REC: case SG_WK_DEFINE_FUNS_REC: case SG_WK_DEFINE_SORT:
    case SG_WK_DEFINE_CONST: return R_DECL;
    case SG_WK_ASSERT: return R_ASSERT;
    case SG_WK_PUSH: return R_PUSH;
    case SG_WK_POP: return R_POP;
    case SG_WK_CHECK_SAT: case SG_WK_CHECK_SAT_ASSUMING: return R_QUERY;
    case SG_WK_RESET_ASSERTIONS: return R_RESET_A;
    case SG_WK_RESET: return R_RESET;
    case SG_WK_EXIT: return R_EXIT;
    case SG_WK_ECHO: case SG_WK_GET_ASSERTIONS: case SG_WK_GET_ASSIGNMENT: case SG_WK_GET_INFO:
    case SG_WK_GET_MODEL: case SG_WK_GET_OPTION: case SG_WK_GET_PROOF:
    case SG_WK_GET_UNSAT_ASSUMPTIONS: case SG_WK_GET_UNSAT_CORE: case SG_WK_GET_VALUE:
    case SG_WK_EVAL: case SG_WK_SIMPLIFY: case SG_WK_DISPLAY: case SG_WK_APPLY:
    case SG_WK_GET_DIFFICULTY: case SG_WK_GET_INSTANTIATIONS: case SG_WK_GET_LEARNED_LITERALS:
    case SG_WK_GET_UNSAT_CORE_LEMMAS: case SG_WK_GET_TIMEOUT_CORE:
      return R_DROP;
    default: return R_UNKNOWN;
    }
}

/* Is command c a set-info :status, or a set-option :global-declarations true (*global)? */
static bool
is_status (const sg_store *s, const sg_script *sc, const sg_cmd *c, bool *global)
{
  const char *key = sg_store_text (s, c->aux);
  if (c->kind == SG_WK_SET_INFO) return !strcmp (key, ":status");
  if (c->kind == SG_WK_SET_OPTION && !strcmp (key, ":global-declarations") && c->n == 1)
    *global = !strcmp (sg_store_text (s, sg_cmd_items (sc, c)[0]), "true");
  return false;
}

/* Drop the kept commands from position `mark` on, but the declarations when they are global,
 * and (reset-assertions: asserts_only) only the assertions. */
static void
cut (const sg_script *sc, sg_u32vec *kept, uint32_t mark, bool keep_decls, bool asserts_only)
{
  uint32_t w = mark;
  for (uint32_t k = mark; k < kept->n; k++)
    {
      role r = role_of (sc->cmds.a[kept->a[k]].kind);
      if (r == R_OPTION || (r == R_DECL && (keep_decls || asserts_only))) kept->a[w++] = kept->a[k];
    }
  kept->n = w;
}

/* The commands of the scope of query q into kept, and the query's command index into *at. */
static sg_rc
scope_cmds (const sg_store *s, const sg_script *sc, uint32_t q, sg_u32vec *kept, uint32_t *at,
            const char **how)
{
  sg_u32vec marks; /* kept->n at each open level */
  memset (&marks, 0, sizeof marks);
  bool global = false, popped = false, reset = false;
  uint32_t seen = 0;
  sg_rc rc = SG_RC_USAGE;
  for (uint32_t i = 0; i < sc->cmds.n; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      uint32_t count = c->aux == SG_NONE ? 1 : c->aux;
      role r = role_of (c->kind);
      if (r == R_UNKNOWN || r == R_EXIT || (c->flags & SG_CMD_RAW && r != R_DROP)) break;
      if (r == R_OPTION && is_status (s, sc, c, &global)) continue;
      if ((r == R_OPTION || r == R_DECL || r == R_ASSERT) && !SG_VEC_PUSH (*kept, i))
        { rc = SG_RC_NOMEM; break; }
      if (r == R_PUSH)
        for (uint32_t k = 0; k < count; k++)
          if (!SG_VEC_PUSH (marks, kept->n)) { rc = SG_RC_NOMEM; goto out; }
      if (r == R_POP && count > 0) /* (pop 0) and (push 0) change nothing */
        {
          if (count > marks.n) break; /* popping more levels than pushed: the solver errs */
          marks.n -= count;
          cut (sc, kept, marks.a[marks.n], global, false);
          popped = true;
        }
      if (r == R_RESET_A)
        {
          cut (sc, kept, 0, global, global);
          marks.n = 0;
          reset = true;
        }
      if (r == R_RESET) kept->n = 0, marks.n = 0, global = false, popped = reset = false;
      if (r == R_QUERY && seen++ == q)
        {
          *at = i;
          if (how)
            *how = c->kind == SG_WK_CHECK_SAT_ASSUMING ? "under check-sat-assuming"
                   : popped ? "after a pop" : reset ? "after reset-assertions"
                   : marks.n ? "inside a push" : "";
          rc = SG_RC_OK;
          break;
        }
    }
out:
  SG_VEC_FREE (marks);
  return rc;
}

sg_rc
sg_incr_scope (const sg_store *s, const sg_script *sc, uint32_t q, sg_buf *out, const char **how)
{
  return sg_incr_scope_some (s, sc, q, ~0ull, out, how);
}

sg_rc
sg_incr_scope_some (const sg_store *s, const sg_script *sc, uint32_t q, uint64_t assume,
                    sg_buf *out, const char **how)
{
  sg_u32vec kept;
  memset (&kept, 0, sizeof kept);
  uint32_t at = 0;
  sg_buf_reset (out);
  sg_rc rc = scope_cmds (s, sc, q, &kept, &at, how);
  sg_print_opts po = { 0 };
  for (uint32_t k = 0; !rc && k < kept.n; k++) sg_print_cmd (sc, kept.a[k], &po, out);
  if (!rc && sc->cmds.a[at].kind == SG_WK_CHECK_SAT_ASSUMING)
    {
      const sg_cmd *c = &sc->cmds.a[at];
      for (uint32_t k = 0; k < c->n; k++)
        {
          if (k < 64 && !(assume >> k & 1)) continue;
          sg_buf_adds (out, "(assert ");
          sg_print_term (s, sg_cmd_items (sc, c)[k], &po, out);
          sg_buf_adds (out, ")\n");
        }
    }
  if (!rc) sg_buf_adds (out, "(check-sat)\n");
  if (!rc && !sg_buf_ok (out)) rc = SG_RC_NOMEM;
  SG_VEC_FREE (kept);
  return rc;
}

void
sg_incr_result_init (sg_incr_result *r)
{
  memset (r, 0, sizeof *r);
  r->culprit = r->query = SG_NONE;
  sg_buf_init (&r->scope);
  sg_buf_init (&r->question);
}

void
sg_incr_result_free (sg_incr_result *r)
{
  sg_buf_free (&r->scope);
  sg_buf_free (&r->question);
}

uint32_t
sg_incr_run_ms (const sg_probe_opts *po)
{
  uint32_t ms = po->timeout_ms;
  if (po->deadline > 0)
    {
      double left = (po->deadline - sg_spawn_now ()) * 1000.0;
      uint32_t lm = left < 1 ? 1 : (uint32_t) left;
      if (!ms || lm < ms) ms = lm;
    }
  return ms;
}

sg_probe_opts
sg_incr_probe_opts (const sg_probe_opts *po)
{
  sg_probe_opts so = *po;
  so.models = true;
  so.validate = false;
  so.sessions = NULL;
  so.oracle.expected = SG_ANS_NONE;
  so.oracle.incompleteness = false;
  so.oracle.perf_ratio = 0;
  return so;
}

/* The one answer of a one-shot run, or SG_ANS_NONE. */
static sg_answer
one_answer (const sg_probe_run *r)
{
  if (r->skipped || r->out.kind != SG_OUT_OK || r->out.answers.n != 1) return SG_ANS_NONE;
  return (sg_answer) r->out.answers.a[0];
}

/* Answer q of run i's incremental outcome, or SG_ANS_NONE. */
static sg_answer
incr_answer (const sg_probe_run *r, uint32_t q, uint32_t nq)
{
  if (r->skipped || r->out.kind != SG_OUT_OK || r->out.answers.n != nq) return SG_ANS_NONE;
  return (sg_answer) r->out.answers.a[q];
}

uint32_t
sg_incr_decided (const sg_probe *p, uint32_t nq)
{
  uint32_t n = 0, ran = 0;
  for (uint32_t i = 0; i < p->runs.n; i++) ran += !p->runs.a[i].skipped;
  for (uint32_t q = 0; ran && q < nq; q++)
    {
      bool all = true;
      for (uint32_t i = 0; i < p->runs.n && all; i++)
        {
          if (p->runs.a[i].skipped) continue;
          sg_answer a = incr_answer (&p->runs.a[i], q, nq);
          all = a == SG_ANS_SAT || a == SG_ANS_UNSAT;
        }
      n += all;
    }
  return n;
}

/* Run solver `prof` once more, fresh, on text with the flag groups argv: its answer q of nq
 * (nq 1: a one-shot script), or SG_ANS_NONE. */
static sg_answer
again (const sg_incr_opts *o, const sg_profile *prof, const sg_argv_opts *argv, const char *text,
       size_t len, uint32_t q, uint32_t nq, sg_incr_result *r)
{
  sg_run_opts ro;
  memset (&ro, 0, sizeof ro);
  ro.argv = *argv;
  ro.argv.script_path = NULL;
  ro.timeout_ms = sg_incr_run_ms (o->po);
  ro.mem_bytes = o->po->mem_bytes;
  sg_outcome out;
  sg_outcome_init (&out);
  r->calls++;
  sg_answer a = SG_ANS_NONE;
  if (sg_run_text (prof, o->pats, &ro, text, len, &out) == SG_RC_OK && out.kind == SG_OUT_OK
      && out.answers.n == nq)
    a = (sg_answer) out.answers.a[q];
  if (out.kind == SG_OUT_EXEC_FAILED && !r->unstarted[0])
    snprintf (r->unstarted, sizeof r->unstarted, "solver %.40s could not be started (%.120s)", prof->name,
              out.reason);
  sg_outcome_free (&out);
  return a;
}

/* The evidence on the scope probe sp against an incremental answer a of run i, the query's
 * answer by construction being `label` (SG_ANS_NONE: none): true when it shows a wrong, with
 * what the scope is into `is` ("sat", a validated model of solver j; "unsat", the solver
 * itself and another family; either, the solver itself and the label) and the solver's own
 * one-shot answer a confirmation must see again into *own (SG_ANS_NONE: a model proves it). */
static bool
shown_wrong (const sg_probe *sp, uint32_t i, sg_answer a, sg_answer label, char *is, size_t size,
             sg_answer *own)
{
  uint32_t valid = SG_NONE, unsat_other = SG_NONE;
  bool sat_said = false, unsat_said = false, invalid = false;
  *own = SG_ANS_NONE;
  for (uint32_t j = 0; j < sp->runs.n; j++)
    {
      const sg_probe_run *rj = &sp->runs.a[j];
      sg_answer b = one_answer (rj);
      if (b == SG_ANS_SAT && rj->model == SG_MODEL_VALID && valid == SG_NONE) valid = j;
      invalid |= b == SG_ANS_SAT && rj->model == SG_MODEL_INVALID;
      sat_said |= b == SG_ANS_SAT;
      unsat_said |= b == SG_ANS_UNSAT;
      if (b == SG_ANS_UNSAT && j != i && unsat_other == SG_NONE
          && !sg_profile_same_family (rj->prof->name, sp->runs.a[i].prof->name))
        unsat_other = j;
    }
  if (a == SG_ANS_UNSAT && valid != SG_NONE)
    {
      snprintf (is, size, "sat: %s answers sat with a model our evaluator validates",
                sp->runs.a[valid].prof->name);
      return true;
    }
  sg_answer mine = one_answer (&sp->runs.a[i]);
  if (a == SG_ANS_SAT && valid == SG_NONE && !sat_said && mine == SG_ANS_UNSAT
      && (unsat_other != SG_NONE || label == SG_ANS_UNSAT))
    {
      if (unsat_other != SG_NONE)
        snprintf (is, size, "unsat: %s itself and %s answer unsat", sp->runs.a[i].prof->name,
                  sp->runs.a[unsat_other].prof->name);
      else
        snprintf (is, size, "unsat: %s itself answers unsat, as the seed's label says", sp->runs.a[i].prof->name);
      *own = SG_ANS_UNSAT;
      return true;
    }
  /* a sat label stands for the validated model no run gave, against no unsat and no model
   * found false */
  if (a == SG_ANS_UNSAT && label == SG_ANS_SAT && mine == SG_ANS_SAT && !unsat_said && !invalid)
    {
      snprintf (is, size, "sat: %s itself answers sat, as the seed's label says", sp->runs.a[i].prof->name);
      *own = SG_ANS_SAT;
      return true;
    }
  return false;
}

/* Is answer a of run i judged under o's focus? */
static bool
in_focus (const sg_incr_opts *o, uint32_t i, sg_answer a)
{
  return (a == SG_ANS_SAT || a == SG_ANS_UNSAT) && (!o->focus_run || i + 1 == o->focus_run)
         && (!o->focus_ans || (uint32_t) a + 1 == o->focus_ans);
}

/* Judge query q (its scope text in r->scope): true when a confirmed finding was set in r. */
static bool
judge_query (const sg_incr_opts *o, const char *text, size_t len, const sg_probe *p, uint32_t q,
             uint32_t nq, const char *how, sg_incr_result *r)
{
  sg_probe_opts so = sg_incr_probe_opts (o->po);
  sg_answer label = o->expect && q < o->nexpect ? o->expect[q] : SG_ANS_NONE;
  sg_probe sp;
  sg_probe_init (&sp);
  bool found = false;
  if (!sg_probe_text (o->solvers, o->pats, sg_buf_cstr (&r->scope), r->scope.len, &so, &sp)) goto done;
  r->judged++;
  for (uint32_t j = 0; j < sp.runs.n; j++) r->calls += !sp.runs.a[j].skipped;
  if (sp.unstarted[0] || sp.runs.n != p->runs.n)
    {
      if (sp.unstarted[0]) snprintf (r->unstarted, sizeof r->unstarted, "%s", sp.unstarted);
      goto done;
    }
  for (uint32_t i = 0; i < p->runs.n; i++)
    {
      sg_answer a = incr_answer (&p->runs.a[i], q, nq);
      char is[160];
      sg_answer own = SG_ANS_NONE;
      if (!in_focus (o, i, a) || !shown_wrong (&sp, i, a, label, is, sizeof is, &own)) continue;
      /* Confirmed in fresh processes: the incremental answer again, and (what no validated
       * model proves) the solver's own one-shot answer again. */
      const sg_probe_run *pi = &p->runs.a[i];
      bool ok = again (o, pi->prof, &pi->argv, text, len, q, nq, r) == a;
      if (ok && own != SG_ANS_NONE)
        ok = again (o, pi->prof, &sp.runs.a[i].argv, sg_buf_cstr (&r->scope), r->scope.len, 0, 1, r) == own;
      if (r->unstarted[0]) break;
      if (!ok) { r->unconfirmed++; continue; }
      if (i < 64) r->culprits |= 1ull << i; /* every run shown wrong on this query */
      if (found) continue;
      found = true;
      r->kind = SG_VERDICT_SOUNDNESS;
      r->culprit = i;
      r->query = q;
      snprintf (r->what, sizeof r->what, "%s%s", how[0] ? "check-sat " : "check-sat", how);
      snprintf (r->why, sizeof r->why, "%.40s answered %s to check-sat %u of the incremental script%s%s; "
                "that scope asked alone is %.110s (confirmed in fresh runs)", pi->prof->name,
                sg_answer_name (a), q + 1, how[0] ? " " : "", how, is);
    }
done:
  sg_probe_free (&sp);
  return found;
}

sg_rc
sg_incr_judge (const sg_incr_opts *o, sg_store *s, const sg_script *sc, const char *text,
               size_t len, const sg_probe *p, sg_incr_result *r)
{
  uint32_t nq = sg_incr_queries (sc);
  if (!sg_script_incremental (sc) || nq == 0) return SG_RC_USAGE;
  for (uint32_t q = 0; q < nq && q < SG_INCR_MAX_QUERIES; q++)
    {
      bool decided = false;
      for (uint32_t i = 0; i < p->runs.n; i++)
        {
          sg_answer a = incr_answer (&p->runs.a[i], q, nq);
          decided |= in_focus (o, i, a);
        }
      if (!decided) continue;
      const char *how = "";
      sg_rc rc = sg_incr_scope (s, sc, q, &r->scope, &how);
      if (rc) return rc;
      if (judge_query (o, text, len, p, q, nq, how, r) || r->unstarted[0]) return SG_RC_OK;
    }
  sg_buf_reset (&r->scope);
  return SG_RC_OK;
}
