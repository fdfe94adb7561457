/* incr_get: the oracles on what a solver says after an answer (oracle/incr.h): its model and
 * get-value after sat, get-unsat-core and get-unsat-assumptions after unsat. */
#include "oracle/incr.h"

#include <stdio.h>
#include <string.h>

#include "front/parse.h"
#include "front/print.h"
#include "eval/model.h"
#include "oracle/core.h"

/* The command index of query q of sc, or SG_NONE. */
static uint32_t
query_at (const sg_script *sc, uint32_t q)
{
  for (uint32_t i = 0, seen = 0; i < sc->cmds.n; i++)
    if ((sc->cmds.a[i].kind == SG_WK_CHECK_SAT || sc->cmds.a[i].kind == SG_WK_CHECK_SAT_ASSUMING)
        && seen++ == q)
      return i;
  return SG_NONE;
}

/* The question after query q: (set-option OPT true), sc's commands up to that query (set-info
 * :status left out), then CMD; into out (reset first). */
static sg_rc
question (const sg_store *s, const sg_script *sc, uint32_t at, const char *opt, const char *cmd,
          sg_buf *out)
{
  sg_print_opts po = { 0 };
  sg_buf_reset (out);
  sg_buf_printf (out, "(set-option %s true)\n", opt);
  for (uint32_t i = 0; i <= at; i++)
    {
      const sg_cmd *c = &sc->cmds.a[i];
      if (c->kind == SG_WK_SET_INFO && !strcmp (sg_store_text (s, c->aux), ":status")) continue;
      sg_print_cmd (sc, i, &po, out);
    }
  sg_buf_printf (out, "%s\n", cmd);
  return sg_buf_ok (out) ? SG_RC_OK : SG_RC_NOMEM;
}

/* Is line [p, e) exactly an answer word (a "\r" before the newline allowed)? */
static sg_answer
answer_line (const char *p, const char *e)
{
  if (e > p && e[-1] == '\r') e--;
  size_t n = (size_t) (e - p);
  if (n == 3 && !memcmp (p, "sat", 3)) return SG_ANS_SAT;
  if (n == 5 && !memcmp (p, "unsat", 5)) return SG_ANS_UNSAT;
  if (n == 7 && !memcmp (p, "unknown", 7)) return SG_ANS_UNKNOWN;
  return SG_ANS_NONE;
}

/* The items of the list that follows answer line k (0-based) of out, when that answer is
 * unsat: each item's text with its white space runs made one space, one item per line into
 * items (reset first). False when there is no such answer, it is not unsat, or no list
 * follows it. Strings and |quoted| symbols are read as one token; no recursion. */
static bool
list_after (const char *out, size_t n, uint32_t k, sg_buf *items)
{
  const char *p = out, *end = out + n;
  uint32_t seen = 0;
  sg_buf_reset (items);
  for (;;)
    {
      if (p >= end) return false;
      const char *nl = memchr (p, '\n', (size_t) (end - p));
      const char *e = nl ? nl : end;
      sg_answer a = answer_line (p, e);
      p = nl ? nl + 1 : end;
      if (a == SG_ANS_NONE) continue;
      if (seen++ < k) continue;
      if (a != SG_ANS_UNSAT) return false;
      break;
    }
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
  if (p >= end || *p != '(') return false;
  p++;
  int depth = 0;
  bool space = false, fresh = true;
  for (; p < end; p++)
    {
      char c = *p;
      if (c == '"' || c == '|')
        {
          const char *q = p + 1;
          while (q < end && *q != c) q++; /* "" inside a string: two tokens side by side */
          if (q >= end) return false;
          if (space && !fresh) sg_buf_addc (items, ' ');
          sg_buf_add (items, p, (size_t) (q - p + 1));
          p = q, space = false, fresh = false;
          continue;
        }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
        {
          if (depth == 0 && !fresh) sg_buf_addc (items, '\n'), fresh = true;
          space = true;
          continue;
        }
      if (c == ')' && depth == 0)
        {
          if (!fresh) sg_buf_addc (items, '\n');
          return sg_buf_ok (items);
        }
      if (c == '(' && depth == 0 && !fresh) sg_buf_addc (items, '\n'), fresh = true;
      if (space && !fresh && c != ')') sg_buf_addc (items, ' ');
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      sg_buf_addc (items, c);
      space = false, fresh = false;
      if (depth == 0 && c == ')') sg_buf_addc (items, '\n'), fresh = true;
    }
  return false;
}

/* Ask run pr's solver `question` (the script up to query q and a get command) in a fresh
 * process with the core flags; its list after answer line q into items. */
static bool
ask (const sg_incr_opts *o, const sg_probe_run *pr, const sg_buf *question, uint32_t q,
     sg_buf *items, sg_incr_result *r)
{
  sg_run_opts ro;
  memset (&ro, 0, sizeof ro);
  ro.argv = pr->argv;
  ro.argv.script_path = NULL;
  ro.argv.core = true;
  ro.timeout_ms = sg_incr_run_ms (o->po);
  ro.mem_bytes = o->po->mem_bytes;
  sg_outcome out;
  sg_buf text;
  sg_outcome_init (&out);
  sg_buf_init (&text);
  r->calls++;
  bool ok = sg_run_text_capture (pr->prof, o->pats, &ro, question->s, question->len, &out, &text) == SG_RC_OK
            && out.kind == SG_OUT_OK && list_after (text.s ? text.s : "", text.len, q, items);
  if (out.kind == SG_OUT_EXEC_FAILED && !r->unstarted[0])
    snprintf (r->unstarted, sizeof r->unstarted, "solver %.40s could not be started (%.120s)",
              pr->prof->name, out.reason);
  sg_outcome_free (&out);
  sg_buf_free (&text);
  return ok;
}

/* Does some solver answer sat on text with a model our evaluator validates? Its name into who. */
static bool
validated_sat (const sg_incr_opts *o, const sg_buf *text, char *who, size_t size, sg_incr_result *r)
{
  sg_probe_opts so = sg_incr_probe_opts (o->po);
  sg_probe sp;
  sg_probe_init (&sp);
  bool found = false;
  if (sg_probe_text (o->solvers, o->pats, text->s, text->len, &so, &sp))
    for (uint32_t j = 0; j < sp.runs.n; j++)
      {
        const sg_probe_run *rj = &sp.runs.a[j];
        r->calls += !rj->skipped;
        if (!found && !rj->skipped && rj->out.kind == SG_OUT_OK && rj->out.answers.n == 1
            && rj->out.answers.a[0] == SG_ANS_SAT && rj->model == SG_MODEL_VALID)
          found = true, snprintf (who, size, "%s", rj->prof->name);
      }
  if (sp.unstarted[0] && !r->unstarted[0]) snprintf (r->unstarted, sizeof r->unstarted, "%s", sp.unstarted);
  sg_probe_free (&sp);
  return found && !r->unstarted[0];
}

/* The items as one space-separated line into out. */
static void
one_line (const sg_buf *items, char *out, size_t size)
{
  snprintf (out, size, "%s", items->s ? items->s : "");
  for (char *c = out; *c; c++)
    if (*c == '\n') *c = c[1] ? ' ' : 0;
}

typedef struct get_ctx {
  const sg_incr_opts *o;
  const sg_store *s;
  const sg_script *sc;
  uint32_t q, at;       /* the query and its command */
  sg_buf scope;         /* the query's whole scope */
  sg_buf question, items, again, sub;
} get_ctx;

/* The same list again (g->items) from the same question in a fresh process: then the finding
 * "SOLVER's WHAT Q (LIST) BAD (confirmed ...)" into r, with the satisfiable script (sat: g->sub)
 * or the question as its scope; else counted unconfirmed. */
static bool
confirmed (get_ctx *g, const sg_probe_run *pr, const char *what, const char *list, const char *bad,
           bool sat, sg_incr_result *r)
{
  if (!ask (g->o, pr, &g->question, g->q, &g->again, r) || strcmp (sg_buf_cstr (&g->again), sg_buf_cstr (&g->items)))
    {
      r->unconfirmed++;
      return false;
    }
  snprintf (r->why, sizeof r->why, "%.40s's %s %u (%.60s) %s (confirmed: the same again in a fresh run)",
            pr->prof->name, what, g->q + 1, list, bad);
  snprintf (r->what, sizeof r->what, "%s", strstr (what, "core") ? "unsat core" : "unsat assumptions");
  sg_buf_reset (&r->scope);
  if (sat) sg_buf_add (&r->scope, g->sub.s, g->sub.len);
  sg_buf_reset (&r->question);
  sg_buf_add (&r->question, g->question.s, g->question.len);
  return true;
}

/* The formula under the annotations of assertion term t, printed into b (reset first). */
static void
formula_text (const sg_store *s, sg_term t, sg_buf *b)
{
  sg_print_opts po = { 0 };
  while (sg_term_op (s, t) == SG_OP_ANNOT) t = sg_term_arg (s, t, 0);
  sg_buf_reset (b);
  sg_print_term (s, t, &po, b);
}

/* Is `name` a name the script gave earlier (an assertion since popped or reset) to a formula
 * that an assertion in scope (sc2 of s2) asserts again, under another name or none? Then a
 * core naming it is ambiguous, not wrong (cvc5 keeps the first name of a formula); its name
 * now ("" for none) into now. */
static bool
renamed (const get_ctx *g, const sg_store *s2, const sg_script *sc2, const char *name, char *now,
         size_t size)
{
  sg_buf a, b;
  sg_buf_init (&a), sg_buf_init (&b);
  bool found = false;
  for (uint32_t i = 0; i <= g->at && !a.len; i++)
    {
      const sg_cmd *c = &g->sc->cmds.a[i];
      if (c->kind != SG_WK_ASSERT || (c->flags & SG_CMD_RAW) || c->n != 1) continue;
      sg_term t = sg_cmd_items (g->sc, c)[0];
      for (uint32_t k = 0, hit = 0; !hit && sg_core_nth_name (g->s, t, k); k++)
        if ((hit = !strcmp (sg_core_nth_name (g->s, t, k), name))) formula_text (g->s, t, &a);
    }
  for (uint32_t i = 0; i < sc2->cmds.n && a.len && !found; i++)
    {
      const sg_cmd *c = &sc2->cmds.a[i];
      if (c->kind != SG_WK_ASSERT || (c->flags & SG_CMD_RAW) || c->n != 1) continue;
      sg_term t = sg_cmd_items (sc2, c)[0];
      formula_text (s2, t, &b);
      found = b.len == a.len && !memcmp (a.s, b.s, a.len);
      const char *n = sg_core_nth_name (s2, t, 0);
      if (found) snprintf (now, size, "%s", n ? n : "");
    }
  sg_buf_free (&a), sg_buf_free (&b);
  return found;
}

/* get-unsat-core after query q for run pr: a name that is not a named assertion in scope, or a
 * core satisfiable alone, confirmed by the same core again. True when r holds the finding. */
static bool
judge_core (get_ctx *g, const sg_probe_run *pr, sg_incr_result *r)
{
  sg_store s2;
  sg_script sc2;
  sg_diag d;
  sg_buf named, keep;
  bool found = false;
  char what[200] = "", who[48] = "", core[120];
  sg_buf_init (&keep);
  if (sg_store_init (&s2)) return false;
  sg_script_init (&sc2, &s2);
  sg_diag_init (&d, "scope");
  sg_buf_init (&named);
  if (sg_parse_string (&s2, &sc2, g->scope.s, g->scope.len, "scope", &d)) goto done;
  sg_core_named (&s2, &sc2, &named);
  if (!named.len) goto done;
  if (question (g->s, g->sc, g->at, ":produce-unsat-cores", "(get-unsat-core)", &g->question)
      || !ask (g->o, pr, &g->question, g->q, &g->items, r) || !g->items.len)
    goto done;
  one_line (&g->items, core, sizeof core); /* for the message only */
  sg_buf_reset (&keep);
  for (const char *p = sg_buf_cstr (&g->items); *p && !what[0];)
    {
      size_t n = strcspn (p, "\n");
      char name[256], now[256];
      /* |x| and x are one symbol; a name with white space inside bars is not judged (the name
       * lists are space-separated) */
      bool bars = n >= 2 && p[0] == '|' && p[n - 1] == '|';
      snprintf (name, sizeof name, "%.*s", (int) (bars ? n - 2 : n), bars ? p + 1 : p);
      if (n >= sizeof name - 2 || strpbrk (name, " \t\r")) goto done;
      if (sg_core_names_subset (name, sg_buf_cstr (&named)))
        sg_buf_printf (&keep, "%s ", name);
      else if (renamed (g, &s2, &sc2, name, now, sizeof now))
        sg_buf_printf (&keep, "%s ", now); /* its name now ("" when it is unnamed now) */
      else snprintf (what, sizeof what, "names %.40s, which is not a named assertion in scope", name);
      p += n + (p[n] == '\n');
    }
  if (!what[0])
    {
      if (!sg_buf_ok (&keep) || sg_core_subset (&s2, &sc2, sg_buf_cstr (&keep), &g->sub) || !validated_sat (g->o, &g->sub, who, sizeof who, r))
        goto done;
      snprintf (what, sizeof what, "is satisfiable: %s answers sat on it alone with a model our "
                "evaluator validates", who);
    }
  found = confirmed (g, pr, "unsat core after check-sat", core, what, who[0] != 0, r);
done:
  sg_buf_free (&keep);
  sg_buf_free (&named);
  sg_script_free (&sc2);
  sg_store_free (&s2);
  return found;
}

/* get-unsat-assumptions after check-sat-assuming q for run pr: a literal that is not one of the
 * assumptions, or assumptions satisfiable with the assertions in scope, confirmed again. */
static bool
judge_assumptions (get_ctx *g, const sg_probe_run *pr, sg_incr_result *r)
{
  const sg_cmd *c = &g->sc->cmds.a[g->at];
  sg_buf given;
  sg_print_opts po = { 0 };
  char what[200] = "", who[48] = "", lits[120];
  bool found = false;
  sg_buf_init (&given);
  for (uint32_t k = 0; k < c->n; k++)
    {
      size_t at = given.len;
      sg_print_term (g->s, sg_cmd_items (g->sc, c)[k], &po, &given);
      sg_buf_addc (&given, '\n');
      /* SMT-LIB's assumptions are literals: a Boolean constant or its negation. Other terms
       * (an extension) are printed back by solvers their own way (z3's a!1 lets): not judged */
      const char *t = sg_buf_cstr (&given) + at;
      size_t opens = 0;
      for (const char *q = t; *q && *q != '\n'; q++) opens += *q == '(';
      if (opens > 1 || (opens == 1 && strncmp (t, "(not ", 5))) goto done;
      /* the name of a named assertion or a defined constant as an assumption: z3 answers with
       * the formula it stands for, which cannot be told from a literal outside the
       * assumptions: not judged */
      sg_term a = sg_cmd_items (g->sc, c)[k];
      if (opens == 1 && sg_term_nargs (g->s, a) == 1) a = sg_term_arg (g->s, a, 0);
      if (sg_term_op (g->s, a) == SG_OP_APP && g->s->funs.a[sg_term_node (g->s, a)->aux].kind != SG_FUN_DECLARED)
        goto done; /* a named assertion's name or a defined constant: z3 answers with its body */
    }
  if (question (g->s, g->sc, g->at, ":produce-unsat-assumptions", "(get-unsat-assumptions)", &g->question)
      || !ask (g->o, pr, &g->question, g->q, &g->items, r))
    goto done;
  uint64_t used = 0;
  sg_buf names;
  sg_buf_init (&names);
  sg_core_named (g->s, g->sc, &names);
  for (const char *p = sg_buf_cstr (&g->items); *p && !what[0];)
    {
      size_t n = strcspn (p, "\n");
      bool in = false;
      char item[256];
      snprintf (item, sizeof item, "%.*s", (int) (n < sizeof item ? n : sizeof item - 1), p);
      if (!strchr (item, ' ') && !strchr (item, '(') && sg_core_names_subset (item, sg_buf_cstr (&names)))
        {
          /* z3 4.8.12 adds the names of named assertions when cores are on (its issue 1065):
           * not an assumption, not what the question is about */
          p += n + (p[n] == '\n');
          continue;
        }
      for (uint32_t k = 0, at = 0; k < c->n && !in; k++)
        {
          size_t m = strcspn (given.s + at, "\n");
          if (m == n && !memcmp (given.s + at, p, n)) in = true, used |= k < 64 ? 1ull << k : 0;
          at += (uint32_t) m + 1;
        }
      if (!in) snprintf (what, sizeof what, "names %.*s, which is not one of its assumptions", (int) (n < 60 ? n : 60), p);
      p += n + (p[n] == '\n');
    }
  sg_buf_free (&names);
  one_line (&g->items, lits, sizeof lits);
  if (!what[0])
    {
      if (sg_incr_scope_some (g->s, g->sc, g->q, used, &g->sub, NULL) || !validated_sat (g->o, &g->sub, who, sizeof who, r))
        goto done;
      snprintf (what, sizeof what, "are satisfiable with the assertions in scope: %s answers sat "
                "with a model our evaluator validates", who);
    }
  found = confirmed (g, pr, "unsat assumptions after check-sat-assuming", lits, what, who[0] != 0, r);
done:
  sg_buf_free (&given);
  return found;
}

/* The get-value commands that follow query `at` before anything else changes the state (get-*,
 * echo and the like in between), into cmds; how many. */
static uint32_t
values_after (const sg_script *sc, uint32_t at, uint32_t *cmds, uint32_t max)
{
  uint32_t n = 0;
  for (uint32_t i = at + 1; i < sc->cmds.n; i++)
    {
      uint16_t k = sc->cmds.a[i].kind;
      if (k == SG_WK_GET_VALUE && !(sc->cmds.a[i].flags & SG_CMD_RAW) && n < max) cmds[n++] = i;
      else if (k != SG_WK_GET_VALUE && k != SG_WK_GET_MODEL && k != SG_WK_ECHO && k != SG_WK_GET_INFO
               && k != SG_WK_GET_ASSIGNMENT && k != SG_WK_GET_OPTION)
        break;
    }
  return n;
}

/* Run pr's answer to query q judged by our evaluator: its model after the query (asked with
 * (get-model) right after it) against the assertions in scope, and the values it gives to the
 * script's get-value commands after the query against that model (each pair (T V) asserted as
 * (= T V) after the scope's assertions). *what says which failed; SG_MODEL_INVALID when one
 * did, else VALID or UNDETERMINED; -1 when there is no model to judge. */
static int
model_values (get_ctx *g, const sg_probe_run *pr, const uint32_t *gv, uint32_t ngv, char *what,
              size_t size, sg_incr_result *r)
{
  sg_print_opts po = { 0 };
  sg_buf_reset (&g->question);
  for (uint32_t i = 0; i <= g->at; i++)
    {
      const sg_cmd *c = &g->sc->cmds.a[i];
      if (c->kind == SG_WK_SET_INFO && !strcmp (sg_store_text (g->s, c->aux), ":status")) continue;
      sg_print_cmd (g->sc, i, &po, &g->question);
    }
  sg_buf_adds (&g->question, "(get-model)\n");
  for (uint32_t k = 0; k < ngv; k++) sg_print_cmd (g->sc, gv[k], &po, &g->question);
  sg_run_opts ro;
  memset (&ro, 0, sizeof ro);
  ro.argv = pr->argv;
  ro.argv.script_path = NULL;
  ro.argv.models = true;
  ro.timeout_ms = sg_incr_run_ms (g->o->po);
  ro.mem_bytes = g->o->po->mem_bytes;
  sg_outcome out;
  sg_buf text;
  sg_outcome_init (&out);
  sg_buf_init (&text);
  r->calls++;
  int verdict = -1;
  const char *mt = NULL;
  size_t ml = 0;
  if (sg_run_text_capture (pr->prof, g->o->pats, &ro, g->question.s, g->question.len, &out, &text)
        || out.kind != SG_OUT_OK || out.answers.n != g->q + 1 || out.answers.a[g->q] != SG_ANS_SAT
        || !sg_model_text (text.s ? text.s : "", text.len, g->q, &mt, &ml))
    goto done;
  /* the scope with each (T V) of the get-value answers asserted before its check-sat */
  sg_buf_reset (&g->sub);
  sg_buf_add (&g->sub, g->scope.s, g->scope.len - strlen ("(check-sat)\n"));
  size_t nscope = g->sub.len, i = (size_t) (mt - text.s) + ml;
  uint32_t pairs = 0;
  for (uint32_t k = 0; k < ngv; k++)
    {
      while (i < text.len && text.s[i] != '(') i++;
      size_t e = sg_sexp_end (text.s, i, text.len);
      if (i >= text.len || e >= text.len + 1 || text.s[e - 1] != ')') break;
      for (size_t j = i + 1; j < e - 1;)
        {
          while (j < e - 1 && text.s[j] != '(') j++;
          if (j >= e - 1) break;
          size_t pe = sg_sexp_end (text.s, j, e - 1);
          sg_buf_adds (&g->sub, "(assert (= ");
          sg_buf_add (&g->sub, text.s + j + 1, pe - j - 2);
          sg_buf_adds (&g->sub, "))\n");
          pairs++;
          j = pe;
        }
      i = e;
    }
  sg_buf_adds (&g->sub, "(check-sat)\n");
  for (int pass = 0; pass < 2 && verdict < 0; pass++)
    {
      /* with the values; when they do not read (a solver's own term syntax), the scope alone */
      size_t len = pass == 0 && pairs ? g->sub.len : nscope;
      sg_store s2;
      sg_script sc2;
      sg_diag d;
      sg_model m;
      if (sg_store_init (&s2)) break;
      sg_script_init (&sc2, &s2);
      sg_diag_init (&d, "scope");
      sg_model_init (&m, &s2);
      sg_buf one;
      sg_buf_init (&one);
      sg_buf_add (&one, g->sub.s, len);
      if (len == nscope) sg_buf_adds (&one, "(check-sat)\n");
      sg_mcheck v;
      uint32_t bad = SG_NONE;
      if (!sg_parse_string (&s2, &sc2, one.s, one.len, "scope", &d)
          && !sg_model_read (&m, &sc2, mt, ml, "model", &d)
          && !sg_eval_check_model (&s2, &sc2, &m, &v, &bad))
        {
          verdict = (int) v;
          uint32_t first_value = sc2.cmds.n - 1 - (len == nscope ? 0 : pairs);
          if (v == SG_MODEL_INVALID)
            snprintf (what, size, bad >= first_value ? "a get-value answer after check-sat %u contradicts "
                      "its own model" : "its model after check-sat %u falsifies an assertion in scope",
                      g->q + 1);
        }
      sg_buf_free (&one);
      sg_model_free (&m);
      sg_script_free (&sc2);
      sg_store_free (&s2);
    }
done:
  if (out.kind == SG_OUT_EXEC_FAILED && !r->unstarted[0])
    snprintf (r->unstarted, sizeof r->unstarted, "solver %.40s could not be started (%.120s)",
              pr->prof->name, out.reason);
  sg_outcome_free (&out);
  sg_buf_free (&text);
  return verdict;
}

/* A sat answer to query q of run pr: its model and values judged (model_values), an invalid
 * one confirmed by a second fresh run. True when r holds the finding. */
static bool
judge_values (get_ctx *g, const sg_probe_run *pr, bool incremental, sg_incr_result *r)
{
  uint32_t gv[8];
  uint32_t ngv = values_after (g->sc, g->at, gv, 8);
  if (!ngv && !incremental) return false; /* the probe judged the one model already */
  char what[160] = "", again[160] = "";
  if (model_values (g, pr, gv, ngv, what, sizeof what, r) != SG_MODEL_INVALID) return false;
  if (model_values (g, pr, gv, ngv, again, sizeof again, r) != SG_MODEL_INVALID || strcmp (what, again))
    {
      r->unconfirmed++;
      return false;
    }
  snprintf (r->why, sizeof r->why, "%.40s: %s (our evaluator; confirmed in a second fresh run)",
            pr->prof->name, what);
  snprintf (r->what, sizeof r->what, "%s", strstr (what, "get-value") ? "get-value" : "model");
  sg_buf_reset (&r->scope);
  sg_buf_reset (&r->question);
  sg_buf_add (&r->question, g->question.s, g->question.len);
  return true;
}

sg_rc
sg_incr_get_judge (const sg_incr_opts *o, sg_store *s, const sg_script *sc, const sg_probe *p,
                   sg_incr_result *r)
{
  uint32_t nq = sg_incr_queries (sc);
  get_ctx g = { .o = o, .s = s, .sc = sc };
  sg_buf_init (&g.scope), sg_buf_init (&g.question), sg_buf_init (&g.items);
  sg_buf_init (&g.again), sg_buf_init (&g.sub);
  for (uint32_t q = 0; q < nq && q < SG_INCR_MAX_QUERIES && r->kind == SG_VERDICT_OK && !r->unstarted[0]; q++)
    {
      g.q = q;
      g.at = query_at (sc, q);
      if (sg_incr_scope (s, sc, q, &g.scope, NULL)) break; /* scopes not modelled from here on */
      for (uint32_t i = 0; i < p->runs.n && r->kind == SG_VERDICT_OK && !r->unstarted[0]; i++)
        {
          const sg_probe_run *pr = &p->runs.a[i];
          if (pr->skipped || pr->out.kind != SG_OUT_OK || pr->out.answers.n != nq) continue;
          if (o->focus_run && i + 1 != o->focus_run) continue;
          if (pr->out.answers.a[q] == SG_ANS_SAT && o->focus_get != 2
              && judge_values (&g, pr, sg_script_incremental (sc), r))
            {
              r->kind = SG_VERDICT_INVALID_MODEL;
              r->culprit = i;
              r->culprits = i < 64 ? 1ull << i : 0;
              r->query = q;
            }
          if (pr->out.answers.a[q] != SG_ANS_UNSAT || o->focus_get == 1) continue;
          /* after check-sat-assuming, the assumptions are judged, not the core (z3 puts
           * assumption literals in its core: not a name of an assertion, not a bug) */
          bool assuming = sc->cmds.a[g.at].kind == SG_WK_CHECK_SAT_ASSUMING;
          bool bad = assuming ? sc->cmds.a[g.at].n && judge_assumptions (&g, pr, r) : judge_core (&g, pr, r);
          if (bad)
            {
              r->kind = SG_VERDICT_SOUNDNESS;
              r->culprit = i;
              r->culprits = i < 64 ? 1ull << i : 0;
              r->query = q;
            }
        }
      r->judged++;
    }
  sg_buf_free (&g.scope), sg_buf_free (&g.question), sg_buf_free (&g.items);
  sg_buf_free (&g.again), sg_buf_free (&g.sub);
  return SG_RC_OK;
}
