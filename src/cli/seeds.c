#define _DEFAULT_SOURCE /* realpath */
/* seeds: seed files with their labels. */
#include "cli/seeds.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/file.h"
#include "base/hash.h"
#include "cli/walk.h"
#include "front/parse.h"

/* A label of INDEX.tsv: the status, and the solve times of the columns named SOLVER_ms. */
typedef struct label {
  char *path;
  sg_answer status;
  char time_solver[SG_SEED_TIMES][16];
  uint32_t time_ms[SG_SEED_TIMES];
} label;
typedef SG_VEC (label) labels;

/* The columns of an INDEX.tsv header ("path<TAB>logic<TAB>status<TAB>z3_ms<TAB>..."): which
 * columns from the fourth on are solve times (NAME_ms) and of which solver. */
typedef struct index_cols {
  uint32_t n;                              /* time columns */
  uint32_t col[SG_SEED_TIMES];             /* their 0-based column numbers */
  char solver[SG_SEED_TIMES][16];          /* the solver each names */
} index_cols;

static void
header_cols (char *line, index_cols *ic)
{
  memset (ic, 0, sizeof *ic);
  uint32_t c = 0;
  for (char *f = line; f && ic->n < SG_SEED_TIMES; c++)
    {
      char *tab = strchr (f, '\t');
      size_t fl = tab ? (size_t) (tab - f) : strcspn (f, "\r\n");
      if (c >= 3 && fl > 3 && fl - 3 < sizeof ic->solver[0] && !strncmp (f + fl - 3, "_ms", 3))
        {
          memcpy (ic->solver[ic->n], f, fl - 3);
          ic->solver[ic->n][fl - 3] = 0;
          ic->col[ic->n++] = c;
        }
      f = tab ? tab + 1 : NULL;
    }
}

/* The solve times of a row (the fields after the status, st) into l; a field that is not a
 * plain number of milliseconds (empty, "-", a timeout mark) gives no time for that solver. */
static void
row_times (const char *st, const index_cols *ic, label *l)
{
  uint32_t c = 2, k = 0;
  for (const char *f = st; f; c++)
    {
      for (uint32_t i = 0; i < ic->n; i++)
        if (ic->col[i] == c && k < SG_SEED_TIMES)
          {
            char *end;
            errno = 0;
            unsigned long v = strtoul (f, &end, 10);
            if (end != f && (*end == '\t' || *end == '\r' || *end == '\n' || !*end) && !errno
                && v <= 86400000ul && *f >= '0' && *f <= '9')
              {
                memcpy (l->time_solver[k], ic->solver[i], sizeof l->time_solver[k]);
                l->time_ms[k++] = (uint32_t) v;
              }
          }
      const char *tab = strchr (f, '\t');
      f = tab ? tab + 1 : NULL;
    }
}

/* The labels of an INDEX.tsv into ls. A row that cannot be used (fewer than three columns, a
 * status other than sat, unsat, unknown or -, a file that is not there) is skipped with a
 * warning naming INDEX:LINE (the first five; then a count). Returns SG_RC_IO when the file
 * cannot be opened: an error when it was named (--index), silence for a directory's missing
 * INDEX.tsv (named false). */
static sg_rc
load_index (const char *index, bool named, FILE *warn, labels *ls)
{
  FILE *f = fopen (index, "r");
  if (!f)
    {
      if (named || errno != ENOENT) fprintf (warn, "%s: error: cannot read the seed index: %s\n", index, strerror (errno));
      return named ? SG_RC_IO : SG_RC_OK;
    }
  char dir[PATH_MAX];
  snprintf (dir, sizeof dir, "%s", index);
  char *slash = strrchr (dir, '/');
  if (slash) *slash = 0; else snprintf (dir, sizeof dir, ".");
  char line[8192];
  index_cols ic = { 0 };
  uint32_t lineno = 0, bad = 0;
  while (fgets (line, sizeof line, f))
    {
      lineno++;
      if (lineno == 1 && !strncmp (line, "path\t", 5)) { header_cols (line, &ic); continue; }
      if (line[strspn (line, " \t\r\n")] == 0) continue; /* a blank line */
      char *t1 = strchr (line, '\t');
      char *t2 = t1 ? strchr (t1 + 1, '\t') : NULL;
      const char *why = NULL;
      char path[PATH_MAX + sizeof line + 2], real[PATH_MAX];
      label l;
      memset (&l, 0, sizeof l);
      sg_answer a = SG_ANS_NONE;
      if (!t2) why = "expected PATH<TAB>LOGIC<TAB>STATUS";
      else
        {
          *t1 = *t2 = 0;
          char *st = t2 + 1;
          row_times (st, &ic, &l);
          st[strcspn (st, "\t\r\n")] = 0;
          a = !strcmp (st, "sat") ? SG_ANS_SAT : !strcmp (st, "unsat") ? SG_ANS_UNSAT : SG_ANS_NONE;
          snprintf (path, sizeof path, "%s/%s", dir, line);
          if (a == SG_ANS_NONE && strcmp (st, "unknown") && strcmp (st, "-"))
            why = "the status is not sat, unsat, unknown or -";
          else if (a != SG_ANS_NONE && !realpath (path, real))
            why = "the file is not there";
        }
      if (why)
        {
          if (++bad <= 5) fprintf (warn, "%s:%u: warning: %s; row skipped\n", index, lineno, why);
          continue;
        }
      if (a == SG_ANS_NONE) continue;
      l.path = strdup (real);
      l.status = a;
      if (!l.path || !SG_VEC_PUSH (*ls, l)) { free (l.path); break; }
    }
  if (bad > 5) fprintf (warn, "%s: warning: %u rows skipped in all\n", index, bad);
  fclose (f);
  return SG_RC_OK;
}

static const label *
lookup (const labels *ls, const char *path)
{
  char real[PATH_MAX];
  if (!realpath (path, real)) return NULL;
  for (uint32_t i = 0; i < ls->n; i++)
    if (!strcmp (ls->a[i].path, real)) return &ls->a[i];
  return NULL;
}

typedef SG_VEC (char *) strvec;

/* The INDEX.tsv beside input: in it (a directory), else in its directory (a file given by
 * itself, issue 48), read once per directory (done: the real paths of those read). */
static void
load_beside (const char *input, bool isdir, FILE *warn, labels *ls, strvec *done)
{
  char dir[PATH_MAX], real[PATH_MAX], ix[PATH_MAX + 16];
  if ((size_t) snprintf (dir, sizeof dir, "%s", input) >= sizeof dir) return;
  if (!isdir)
    {
      char *slash = strrchr (dir, '/');
      if (!slash) snprintf (dir, sizeof dir, ".");
      else slash[slash == dir] = 0; /* "/a.smt2": "/" */
    }
  if (!realpath (dir, real)) return;
  for (uint32_t i = 0; i < done->n; i++)
    if (!strcmp (done->a[i], real)) return;
  char *copy = strdup (real);
  if (!copy || !SG_VEC_PUSH (*done, copy)) { free (copy); return; }
  if ((size_t) snprintf (ix, sizeof ix, "%s/INDEX.tsv", dir) < sizeof ix) load_index (ix, false, warn, ls);
}

sg_rc
sg_cli_seeds_load (const char *const *inputs, uint32_t n, const char *index, size_t max_bytes,
                   FILE *warn, sg_cli_seeds *out)
{
  memset (out, 0, sizeof *out);
  labels ls = { 0 };
  sg_rc result = SG_RC_OK;
  strvec done = { 0 }; /* directories whose INDEX.tsv was read */
  if (index && load_index (index, true, warn, &ls)) result = SG_RC_IO;
  for (uint32_t i = 0; i < n; i++)
    {
      struct stat stt;
      if (!index && stat (inputs[i], &stt) == 0) load_beside (inputs[i], S_ISDIR (stt.st_mode), warn, &ls, &done);
      sg_walk w;
      sg_walk_init (&w);
      sg_diag d;
      sg_diag_init (&d, inputs[i]);
      if (sg_walk_add (&w, inputs[i], &d))
        {
          char msg[700];
          sg_diag_format (&d, msg, sizeof msg);
          fprintf (warn, "%s\n", msg);
          result = SG_RC_IO;
        }
      for (uint32_t k = 0; k < w.paths.n; k++)
        {
          char *text = NULL;
          size_t len = 0;
          sg_diag pd;
          sg_diag_init (&pd, w.paths.a[k]);
          sg_rc rc = sg_file_read (w.paths.a[k], max_bytes, &text, &len, &pd);
          char *logic = NULL;
          if (!rc)
            {
              sg_store st;
              sg_script sc;
              if (sg_store_init (&st)) rc = SG_RC_NOMEM;
              else
                {
                  sg_script_init (&sc, &st);
                  rc = sg_parse_string (&st, &sc, text, len, w.paths.a[k], &pd);
                  if (!rc && sc.logic != SG_ATOM_NONE) logic = strdup (sg_store_text (&st, sc.logic));
                  sg_script_free (&sc);
                  sg_store_free (&st);
                }
            }
          if (rc)
            {
              char msg[700];
              sg_diag_format (&pd, msg, sizeof msg);
              fprintf (warn, "%s (warning: seed skipped)\n", msg);
              free (text);
              out->skipped++;
              continue;
            }
          const label *lb = lookup (&ls, w.paths.a[k]);
          sg_tech_seed s = { strdup (w.paths.a[k]), text, len, lb ? lb->status : SG_ANS_NONE, logic,
                             { "" }, { 0 } };
          if (lb)
            {
              memcpy (s.time_solver, lb->time_solver, sizeof s.time_solver);
              memcpy (s.time_ms, lb->time_ms, sizeof s.time_ms);
            }
          if (!s.path || !SG_VEC_PUSH (out->a, s))
            {
              free ((char *) s.path);
              free (text);
              free (logic);
              result = SG_RC_NOMEM;
              break;
            }
          out->labelled += s.status != SG_ANS_NONE;
        }
      sg_walk_free (&w);
    }
  for (uint32_t i = 0; i < ls.n; i++) free (ls.a[i].path);
  SG_VEC_FREE (ls);
  for (uint32_t i = 0; i < done.n; i++) free (done.a[i]);
  SG_VEC_FREE (done);
  return result;
}

void
sg_cli_seeds_free (sg_cli_seeds *s)
{
  for (uint32_t i = 0; i < s->a.n; i++)
    {
      free ((char *) s->a.a[i].path);
      free ((char *) s->a.a[i].text);
      free ((char *) s->a.a[i].logic);
    }
  SG_VEC_FREE (s->a);
}

/* ---- labelling unlabelled seeds (techniques that need labels) ---- */

typedef struct cached { size_t len; uint32_t hash, solvers; sg_answer status; char *path; } cached;
typedef SG_VEC (cached) cache_vec;

/* The labels already found (lines "BYTES<TAB>HASH<TAB>SOLVERS<TAB>sat|unsat<TAB>PATH"; a line
 * that does not read so, such as one a kill cut short, is skipped). */
static void
cache_load (const char *path, cache_vec *cv)
{
  FILE *f = path ? fopen (path, "r") : NULL;
  if (!f) return;
  char line[PATH_MAX + 128];
  while (fgets (line, sizeof line, f))
    {
      unsigned long long len;
      unsigned hash, solvers;
      char st[16];
      int off = 0;
      if (sscanf (line, "%llu\t%x\t%x\t%15[a-z]\t%n", &len, &hash, &solvers, st, &off) != 4 || !off) continue;
      char *p = line + off;
      size_t pl = strcspn (p, "\r\n");
      if (!p[pl]) continue; /* no newline: cut short */
      p[pl] = 0;
      sg_answer a = !strcmp (st, "sat") ? SG_ANS_SAT : !strcmp (st, "unsat") ? SG_ANS_UNSAT : SG_ANS_NONE;
      if (a == SG_ANS_NONE) continue;
      cached c = { (size_t) len, hash, solvers, a, strdup (p) };
      if (!c.path || !SG_VEC_PUSH (*cv, c)) { free (c.path); break; }
    }
  fclose (f);
}

/* The solvers that gave a label: a hash of their names, binaries and extra words, in order (a
 * label found by other solvers is not reused). */
static uint32_t
solvers_hash (const sg_solver_list *solvers)
{
  uint32_t h = 0x5eed;
  for (uint32_t i = 0; i < solvers->n; i++)
    {
      const sg_profile *p = &solvers->a[i];
      h = sg_hash_mix (h, sg_hash_bytes (p->name, strlen (p->name)));
      h = sg_hash_mix (h, sg_hash_bytes (p->binary, strlen (p->binary)));
      for (uint32_t k = 0; k < p->user_args.n && p->user_args.a[k]; k++)
        h = sg_hash_mix (h, sg_hash_bytes (p->user_args.a[k], strlen (p->user_args.a[k])));
    }
  return sg_hash_fin (h);
}

sg_answer
sg_cli_consensus (const sg_probe *p)
{
  bool ok = p->runs.n > 0 && p->verdict.kind == SG_VERDICT_OK;
  sg_answer a = SG_ANS_NONE;
  for (uint32_t i = 0; ok && i < p->runs.n; i++)
    {
      const sg_probe_run *r = &p->runs.a[i];
      ok = !r->skipped && r->out.kind == SG_OUT_OK && r->out.answers.n == 1
           && (r->out.answers.a[0] == SG_ANS_SAT || r->out.answers.a[0] == SG_ANS_UNSAT)
           && (a == SG_ANS_NONE || a == r->out.answers.a[0]);
      if (ok) a = (sg_answer) r->out.answers.a[0];
    }
  return ok ? a : SG_ANS_NONE;
}

/* The consensus of the solvers on one seed (sg_cli_consensus of a probe without models); when
 * there is one, each solver's time on it becomes the seed's solve time (the fuzz loop's
 * adaptive timeout, loop/loop_adapt.h). */
static sg_answer
consensus (sg_tech_seed *seed, const sg_solver_list *solvers, const sg_patterns *pats,
           const sg_probe_opts *po)
{
  sg_store st;
  sg_script sc;
  sg_answer a = SG_ANS_NONE;
  if (sg_store_init (&st)) return a;
  sg_script_init (&sc, &st);
  sg_diag d;
  sg_diag_init (&d, seed->path);
  sg_probe p;
  sg_probe_init (&p);
  if (!sg_parse_string (&st, &sc, seed->text, seed->len, seed->path, &d)
      && !sg_probe_script (solvers, pats, &st, &sc, seed->text, seed->len, po, &p))
    a = sg_cli_consensus (&p);
  for (uint32_t i = 0, k = 0; a != SG_ANS_NONE && i < p.runs.n && k < SG_SEED_TIMES; i++)
    {
      const sg_probe_run *r = &p.runs.a[i];
      size_t nl = strlen (r->prof->name);
      if (nl >= sizeof seed->time_solver[k]) continue;
      memcpy (seed->time_solver[k], r->prof->name, nl + 1);
      seed->time_ms[k++] = (uint32_t) (r->out.wall_s * 1000.0 + 0.5);
    }
  sg_probe_free (&p);
  sg_script_free (&sc);
  sg_store_free (&st);
  return a;
}

sg_rc
sg_cli_seeds_label (sg_cli_seeds *s, const sg_solver_list *solvers, const sg_patterns *pats,
                    uint32_t timeout_ms, uint64_t mem_bytes, const char *cache, FILE *log)
{
  if (s->labelled == s->a.n) return SG_RC_OK;
  cache_vec cv = { 0 };
  cache_load (cache, &cv);
  /* New labels are appended, one line each, as they are found (a kill loses none). */
  FILE *out = cache ? fopen (cache, "a") : NULL;
  if (cache && !out) fprintf (log, "warning: %s: cannot write the labels cache: %s\n", cache, strerror (errno));
  uint32_t sh = solvers_hash (solvers);
  sg_probe_opts po;
  memset (&po, 0, sizeof po);
  po.timeout_ms = timeout_ms;
  po.mem_bytes = mem_bytes;
  po.oracle.expected = SG_ANS_NONE;
  uint32_t found = 0, from_cache = 0, dropped = 0;
  fprintf (log, "labelling %u unlabelled seed%s by the consensus of the solvers under test%s%s\n",
           s->a.n - s->labelled, s->a.n - s->labelled == 1 ? "" : "s", out ? ", cached in " : "", out ? cache : "");
  for (uint32_t i = 0; i < s->a.n; i++)
    {
      sg_tech_seed *seed = &s->a.a[i];
      if (seed->status != SG_ANS_NONE) continue;
      uint32_t h = sg_hash_bytes (seed->text, seed->len);
      char real[PATH_MAX];
      const char *key = realpath (seed->path, real) ? real : seed->path; /* as --resume names it */
      bool hit = false;
      for (uint32_t k = 0; k < cv.n && !hit; k++)
        if (cv.a[k].len == seed->len && cv.a[k].hash == h && cv.a[k].solvers == sh && !strcmp (cv.a[k].path, key))
          hit = true, seed->status = cv.a[k].status;
      if (hit) from_cache++;
      else
        {
          /* Only decided labels are kept: no consensus (a timeout, a disagreement) is tried
           * again next time. */
          seed->status = consensus (seed, solvers, pats, &po);
          if (out && seed->status != SG_ANS_NONE)
            {
              fprintf (out, "%zu\t%08x\t%08x\t%s\t%s\n", seed->len, h, sh,
                       seed->status == SG_ANS_SAT ? "sat" : "unsat", key);
              fflush (out);
            }
        }
      if (seed->status != SG_ANS_NONE) { s->labelled++; found++; }
      else dropped++;
    }
  fprintf (log, "labelled %u seed%s (%u from the cache), %u without consensus stay%s unlabelled\n",
           found, found == 1 ? "" : "s", from_cache, dropped, dropped == 1 ? "s" : "");
  if (out && fclose (out) != 0) fprintf (log, "warning: %s: cannot write the labels cache\n", cache);
  for (uint32_t k = 0; k < cv.n; k++) free (cv.a[k].path);
  SG_VEC_FREE (cv);
  return SG_RC_OK;
}
