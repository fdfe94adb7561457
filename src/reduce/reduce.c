/* reduce: strategies, cache, parallel checks, progress. */
#include "reduce/reduce.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/file.h"
#include "base/hash.h"
#include "front/parse.h"
#include "run/run.h"
#include "run/spawn.h"

/* ---- cache of tried texts ------------------------------------------------------------------ */

typedef struct hset { uint64_t *a; uint32_t cap, n; } hset;

/* FNV-1a 64 from 1469598103934665603, the offset basis with its last digit lost (kept: the
 * keys stay what they were); never 0, the empty slot. */
static uint64_t
hash64 (const char *s, size_t n)
{
  uint64_t h = sg_hash64_bytes (1469598103934665603ull, s, n);
  return h ? h : 1;
}

static bool
hset_has (const hset *h, uint64_t k)
{
  if (!h->cap) return false;
  for (uint32_t i = (uint32_t) k & (h->cap - 1);; i = (i + 1) & (h->cap - 1))
    {
      if (!h->a[i]) return false;
      if (h->a[i] == k) return true;
    }
}

static bool
hset_add (hset *h, uint64_t k)
{
  if ((h->n + 1) * 2 > h->cap)
    {
      uint32_t nc = h->cap ? h->cap * 2 : 1024;
      uint64_t *na = calloc (nc, sizeof *na);
      if (!na) return false;
      for (uint32_t i = 0; i < h->cap; i++)
        if (h->a[i])
          {
            uint32_t j = (uint32_t) h->a[i] & (nc - 1);
            while (na[j]) j = (j + 1) & (nc - 1);
            na[j] = h->a[i];
          }
      free (h->a);
      h->a = na;
      h->cap = nc;
    }
  uint32_t i = (uint32_t) k & (h->cap - 1);
  while (h->a[i] && h->a[i] != k) i = (i + 1) & (h->cap - 1);
  if (!h->a[i]) { h->a[i] = k; h->n++; }
  return true;
}

/* ---- context --------------------------------------------------------------------------------- */

typedef struct rctx {
  const sg_pred *p;
  const sg_reduce_opts *o;
  sg_reduce_stats *st;
  const char *name;
  const char *out_path;
  sg_buf cur;          /* current text: parses, still failing */
  hset seen;
  char dir[4096];      /* private directory of candidate files */
  double t0, last_progress;
  bool stop;           /* budget exhausted */
  sg_rc err;           /* first internal error */
  int werr;            /* errno of a failed write of OUT (err is SG_RC_IO) */
  bool unstarted;      /* a candidate's solver or command could not be started (err is SG_RC_IO) */
  uint64_t cur_terms, cur_syms; /* measure of the current text (0: unknown) */
  uint64_t cur_tokens;          /* its tokens (sg_text_tokens) */
} rctx;

#define GROW_MAX 64 /* bytes a candidate may grow by when its measure shrinks */
#define CODE_UNSTARTED 254 /* a candidate's exit: a solver or the command could not be started */

static void
progress (rctx *c, bool force)
{
  if (!c->o->progress) return;
  double now = sg_spawn_now ();
  bool tty = isatty (2);
  if (!force && now - c->last_progress < (tty ? 0.5 : 10.0)) return;
  c->last_progress = now;
  const sg_reduce_stats *s = c->st;
  fprintf (stderr, "%sreduce: %.1fs  size %zu bytes (%.1f%% of %llu), %llu terms  checks %llu  "
           "runs %llu  cache hits %llu  ill-sorted %llu%s",
           tty ? "\r" : "", now - c->t0, c->cur.len,
           s->in_bytes ? 100.0 * (double) c->cur.len / (double) s->in_bytes : 100.0,
           (unsigned long long) s->in_bytes, (unsigned long long) c->cur_terms,
           (unsigned long long) s->checks, (unsigned long long) s->runs,
           (unsigned long long) s->cache_hits, (unsigned long long) s->ill_sorted,
           tty ? "\033[K" : "\n");
  fflush (stderr);
}

static bool
over_budget (rctx *c)
{
  if (c->stop) return true;
  if (c->o->budget_s > 0 && sg_spawn_now () - c->t0 > c->o->budget_s)
    {
      c->stop = true;
      c->st->budget_hit = true;
    }
  return c->stop || c->err;
}

/* ---- checking a batch ------------------------------------------------------------------------ */

typedef struct cand {
  sg_buf text;
  sg_store store;
  sg_script script;
  bool parsed;
  int sub;       /* index of the subset it came from */
  pid_t pid;
} cand;

static void
cand_clear (cand *k)
{
  if (k->parsed)
    {
      sg_script_free (&k->script);
      sg_store_free (&k->store);
      k->parsed = false;
    }
}

/* Stop the candidates of a batch still running: SIGTERM (each candidate's solver run kills
 * its group and removes its directory), SIGKILL after 2 s; all reaped (pid 0). */
static void
stop_batch (cand *ks, uint32_t n)
{
  for (uint32_t k = 0; k < n; k++)
    if (ks[k].pid > 0) kill (ks[k].pid, SIGTERM);
  for (uint32_t k = 0; k < n; k++)
    {
      if (ks[k].pid <= 0) continue;
      for (int tries = 0; tries < 100; tries++)
        {
          pid_t g = waitpid (ks[k].pid, NULL, WNOHANG);
          if (g == ks[k].pid || (g < 0 && errno != EINTR)) { ks[k].pid = 0; break; }
          struct timespec nap = { 0, 20 * 1000 * 1000 };
          nanosleep (&nap, NULL);
        }
      if (ks[k].pid > 0)
        {
          kill (ks[k].pid, SIGKILL);
          while (waitpid (ks[k].pid, NULL, 0) < 0 && errno == EINTR) {}
          ks[k].pid = 0;
        }
    }
}

/* Run the parsed candidates ks[0..n) in parallel; return the first (in order) still failing,
 * or -1. A child's exit wakes the wait (SIGCHLD, blocked here and taken by sigtimedwait), so
 * no check waits for a polling tick. (Stopping the later ones once an earlier one holds costs
 * more than it saves: a candidate ends its solver run cleanly on SIGTERM, measured slower.) When the budget ends
 * while they run (c->stop), those still running are stopped and the first of the finished ones
 * that fails (in order) is returned, or -1. */
static int
run_batch (rctx *c, cand *ks, uint32_t n)
{
  fflush (stdout);
  fflush (stderr);
  for (uint32_t i = 0; i < n; i++)
    {
      pid_t parent = getpid ();
      pid_t pid = fork ();
      if (pid == 0)
        {
          /* A candidate dies with the reducer, even one killed with -9. */
          prctl (PR_SET_PDEATHSIG, SIGKILL);
          if (getppid () != parent) _exit (255);
          char path[4200];
          snprintf (path, sizeof path, "%s/cand%u.smt2", c->dir, i);
          int code = 255;
          if (sg_file_write_atomic (path, ks[i].text.s, ks[i].text.len, false) == SG_RC_OK)
            {
              uint32_t runs = 0;
              bool unstarted = false;
              bool ok = sg_pred_test (c->p, path, ks[i].text.s, ks[i].text.len, &ks[i].store,
                                      &ks[i].script, &runs, &unstarted);
              if (runs > 100) runs = 100;
              code = unstarted ? CODE_UNSTARTED : (int) (runs << 1) | (ok ? 1 : 0);
              unlink (path);
            }
          _exit (code);
        }
      ks[i].pid = pid;
      if (pid < 0) c->err = SG_RC_IO;
    }
  int win = -1;
  sigset_t chld, old;
  sigemptyset (&chld);
  sigaddset (&chld, SIGCHLD);
  pthread_sigmask (SIG_BLOCK, &chld, &old);
  for (uint32_t i = 0; i < n; i++)
    {
      if (ks[i].pid <= 0) continue;
      int status = 0;
      for (;;)
        {
          pid_t w = waitpid (ks[i].pid, &status, WNOHANG);
          if (w == ks[i].pid || (w < 0 && errno != EINTR)) break;
          /* Told to stop (the stop signals are blocked, sg_spawn_block_stop_signals): the
           * candidates go, with their solvers (PDEATHSIG), then so do we. */
          sigset_t stop;
          sigemptyset (&stop);
          sigaddset (&stop, SIGINT);
          sigaddset (&stop, SIGTERM);
          sigaddset (&stop, SIGHUP);
          sigaddset (&stop, SIGCHLD);
          struct timespec ts = { 0, 20 * 1000 * 1000 };
          int sig = sigtimedwait (&stop, NULL, &ts);
          if (sig > 0 && sig != SIGCHLD)
            {
              stop_batch (ks, n);
              sg_run_tmpdir_sweep ();
              kill (getpid (), sig); /* pending again (blocked): sg_spawn_stop_now dies of it */
              sg_spawn_stop_now (c->dir);
            }
          /* The budget is over: the candidates still running go (their results would come
           * too late), the reduction ends with what it has. */
          if (c->o->budget_s > 0 && !c->stop && sg_spawn_now () - c->t0 > c->o->budget_s)
            {
              stop_batch (ks, n);
              c->stop = true;
              c->st->budget_hit = true;
              pthread_sigmask (SIG_SETMASK, &old, NULL);
              return win;
            }
        }
      ks[i].pid = 0; /* reaped: never signalled again */
      c->st->checks++;
      if (WIFEXITED (status) && WEXITSTATUS (status) == CODE_UNSTARTED)
        {
          /* a solver (or the command) could not be started: nothing from here on can hold */
          c->unstarted = true;
          c->err = SG_RC_IO;
        }
      else if (WIFEXITED (status) && WEXITSTATUS (status) != 255)
        {
          int code = WEXITSTATUS (status);
          c->st->runs += (uint64_t) (code >> 1);
          if ((code & 1) && win < 0) win = (int) i;
        }
    }
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  return win;
}

static void
accept (rctx *c, cand *k)
{
  sg_buf_reset (&c->cur);
  sg_buf_add (&c->cur, k->text.s, k->text.len);
  c->st->improvements++;
  if (sg_file_write_atomic (c->out_path, c->cur.s, c->cur.len, false))
    {
      c->werr = errno ? errno : EIO;
      c->err = SG_RC_IO;
    }
  progress (c, c->o->verbose);
}

/* Try the candidates of subsets[first..n) of the round's sites in order (batches of `jobs`
 * runnable ones); on the first still failing one, make it current and return its subset
 * index. -1 when none is. */
static int
first_success (rctx *c, sg_round *r, const sg_u32vec *subsets, uint32_t nsub)
{
  uint32_t jobs = c->o->jobs ? c->o->jobs : 1;
  cand *ks = calloc (jobs, sizeof *ks);
  if (!ks) { c->err = SG_RC_NOMEM; return -1; }
  for (uint32_t j = 0; j < jobs; j++) sg_buf_init (&ks[j].text);
  int result = -1;
  uint32_t s = 0;
  while (s < nsub && result < 0 && !over_budget (c))
    {
      uint32_t nk = 0;
      for (; s < nsub && nk < jobs; s++)
        {
          cand *k = &ks[nk];
          sg_rc rc = sg_round_build (r, subsets[s].a, subsets[s].n, &k->text);
          if (rc == SG_RC_SORT) { c->st->ill_sorted++; continue; }
          if (rc) { c->err = rc; break; }
          if (!k->text.len) continue;
          uint64_t h = hash64 (k->text.s, k->text.len);
          if (hset_has (&c->seen, h)) { c->st->cache_hits++; continue; }
          if (!hset_add (&c->seen, h)) { c->err = SG_RC_NOMEM; break; }
          /* Progress: a shorter text, or (growing by a few bytes at most, and by no token)
           * fewer terms, or as many terms with fewer constant symbols (x -> false, then x's
           * declaration goes). The tokens keep a longer text with fewer terms from undoing a
           * shorter one with more (a constant -> an array term, its declaration gone). */
          bool shorter = k->text.len < c->cur.len;
          if (!shorter && (k->text.len > c->cur.len + GROW_MAX || !c->cur_terms)) continue;
          if (k->text.len == c->cur.len && !memcmp (k->text.s, c->cur.s, c->cur.len)) continue;
          if (!shorter && sg_text_tokens (k->text.s, k->text.len) > c->cur_tokens) continue;
          if (sg_store_init (&k->store)) { c->err = SG_RC_NOMEM; break; }
          sg_script_init (&k->script, &k->store);
          k->parsed = true;
          sg_diag d;
          sg_diag_init (&d, "<candidate>");
          if (sg_parse_string (&k->store, &k->script, k->text.s, k->text.len, "<candidate>", &d))
            {
              c->st->ill_sorted++;
              cand_clear (k);
              continue;
            }
          if (!shorter)
            {
              uint64_t terms, syms;
              if (sg_script_measure (&k->script, &terms, &syms)
                  || !(terms < c->cur_terms || (terms == c->cur_terms && syms < c->cur_syms)))
                {
                  cand_clear (k);
                  continue;
                }
            }
          k->sub = (int) s;
          nk++;
        }
      if (c->err) { for (uint32_t j = 0; j < nk; j++) cand_clear (&ks[j]); break; }
      if (nk)
        {
          int w = run_batch (c, ks, nk);
          if (w >= 0)
            {
              accept (c, &ks[w]);
              result = ks[w].sub;
            }
          for (uint32_t j = 0; j < nk; j++) cand_clear (&ks[j]);
          progress (c, false);
        }
    }
  for (uint32_t j = 0; j < jobs; j++) { cand_clear (&ks[j]); sg_buf_free (&ks[j].text); }
  free (ks);
  return result;
}

static bool
open_round (rctx *c, sg_round *r)
{
  sg_diag d;
  sg_diag_init (&d, c->name);
  sg_rc rc = sg_round_open (r, c->cur.s, c->cur.len, c->name, &d);
  if (rc) { c->err = rc == SG_RC_NOMEM ? rc : SG_RC_SORT; return false; }
  uint64_t syms = 0, terms = 0;
  c->cur_tokens = sg_text_tokens (c->cur.s, c->cur.len);
  if (!sg_script_measure (&r->script, &terms, &syms)) { c->cur_terms = terms; c->cur_syms = syms; }
  else c->cur_terms = c->cur_syms = 0;
  return true;
}

static void
subsets_free (sg_u32vec *v, uint32_t n)
{
  for (uint32_t i = 0; i < n; i++) SG_VEC_FREE (v[i]);
  free (v);
}

/* ddmin over the sites of m: all at once, then halves, quarters, ... down to one. After a
 * success the sites are collected again from the new text and the chunks of the same size
 * resume at the one that succeeded (the earlier ones failed on a larger text; the fixed point
 * loop gives them another chance). */
static uint32_t
pass_ddmin (rctx *c, sg_mutator m)
{
  uint32_t gained = 0, size = UINT32_MAX, resume = 0;
  while (!over_budget (c))
    {
      sg_round r;
      if (!open_round (c, &r)) break;
      if (sg_round_sites (&r, m)) { c->err = SG_RC_NOMEM; sg_round_close (&r); break; }
      uint32_t n = r.sites.n;
      if (!n) { sg_round_close (&r); break; }
      if (size > n) size = n;
      if (!sg_mutator_ddmin (m)) size = 1;
      bool improved = false;
      while (size >= 1 && !over_budget (c))
        {
          uint32_t nsub = (n + size - 1) / size;
          sg_u32vec *subs = calloc (nsub, sizeof *subs);
          if (!subs) { c->err = SG_RC_NOMEM; break; }
          for (uint32_t i = 0; i < n; i++)
            if (!SG_VEC_PUSH (subs[i / size], i)) c->err = SG_RC_NOMEM;
          if (resume >= nsub) resume = 0;
          int w = c->err ? -1 : first_success (c, &r, subs + resume, nsub - resume);
          subsets_free (subs, nsub);
          if (w >= 0) { improved = true; gained++; resume += (uint32_t) w; break; }
          resume = 0;
          if (size == 1) break;
          size = (size + 1) / 2;
        }
      sg_round_close (&r);
      if (!improved) break;
    }
  return gained;
}

typedef struct depth_key { uint32_t depth, idx; } depth_key;

static int
cmp_depth (const void *a, const void *b)
{
  const depth_key *x = a, *y = b;
  if (x->depth != y->depth) return x->depth < y->depth ? -1 : 1;
  return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* One site at a time, shallow occurrences first (breadth-first). */
static uint32_t
pass_hier (rctx *c, sg_mutator m)
{
  uint32_t gained = 0, start = 0;
  while (!over_budget (c))
    {
      sg_round r;
      if (!open_round (c, &r)) break;
      if (sg_round_sites (&r, m)) { c->err = SG_RC_NOMEM; sg_round_close (&r); break; }
      uint32_t n = r.sites.n;
      if (start >= n) { sg_round_close (&r); break; }
      depth_key *keys = malloc ((n ? n : 1) * sizeof *keys);
      sg_u32vec *subs = calloc (n ? n : 1, sizeof *subs);
      if (!keys || !subs) { free (keys); free (subs); c->err = SG_RC_NOMEM; sg_round_close (&r); break; }
      for (uint32_t i = 0; i < n; i++)
        {
          const sg_site *st = &r.sites.a[i];
          bool occ = st->kind == SG_SITE_REPL || st->kind == SG_SITE_FRESH || st->kind == SG_SITE_DROP;
          keys[i].depth = occ && r.have_occs ? r.occs.a.a[st->a].depth : 0;
          keys[i].idx = i;
        }
      qsort (keys, n, sizeof *keys, cmp_depth);
      for (uint32_t i = 0; i < n; i++)
        if (!SG_VEC_PUSH (subs[i], keys[i].idx)) c->err = SG_RC_NOMEM;
      int w = c->err ? -1 : first_success (c, &r, subs + start, n - start);
      subsets_free (subs, n);
      free (keys);
      sg_round_close (&r);
      if (w < 0) break;
      gained++;
      start += (uint32_t) w;
    }
  return gained;
}

static void
fixpoint (rctx *c, bool ddmin)
{
  bool changed = true;
  while (changed && !over_budget (c))
    {
      changed = false;
      for (int m = 0; m < SG_MUT_COUNT && !over_budget (c); m++)
        {
          uint32_t g = ddmin ? pass_ddmin (c, (sg_mutator) m) : pass_hier (c, (sg_mutator) m);
          if (g) changed = true;
          if (g && c->o->verbose)
            fprintf (stderr, "%sreduce: %s: %u improvement%s, %zu bytes\n", isatty (2) ? "\n" : "",
                     sg_mutator_name ((sg_mutator) m), g, g == 1 ? "" : "s", c->cur.len);
        }
    }
}

sg_rc
sg_reduce (const sg_pred *p, const char *text, size_t len, const char *name,
           const char *out_path, const sg_reduce_opts *o, sg_reduce_stats *st, sg_diag *d)
{
  memset (st, 0, sizeof *st);
  rctx c;
  memset (&c, 0, sizeof c);
  c.p = p;
  c.o = o;
  c.st = st;
  c.name = name;
  c.out_path = out_path;
  c.t0 = o->t0 > 0 ? o->t0 : sg_spawn_now ();
  sg_buf_init (&c.cur);
  sg_buf_add (&c.cur, text, len);
  if (!sg_buf_ok (&c.cur)) return sg_diag_set (d, SG_RC_NOMEM, 0, 0, "out of memory");
  st->in_bytes = len;
  if (sg_run_tmpdir_make (c.dir, sizeof c.dir))
    {
      sg_buf_free (&c.cur);
      return sg_diag_set (d, SG_RC_IO, 0, 0, "cannot create a temporary directory");
    }
  sg_round r;
  sg_rc rc = sg_round_open (&r, text, len, name, d);
  if (!rc)
    {
      st->in_terms = c.cur_terms = sg_round_terms (&r);
      c.cur_tokens = sg_text_tokens (c.cur.s, c.cur.len);
      /* The input as our printer writes it: usually smaller, and every later candidate is. */
      sg_u32vec empty = { 0 };
      first_success (&c, &r, &empty, 1);
      sg_round_close (&r);
      if (o->strategy == SG_STRAT_DDMIN || o->strategy == SG_STRAT_HYBRID) fixpoint (&c, true);
      if (o->strategy == SG_STRAT_HIER || o->strategy == SG_STRAT_HYBRID) fixpoint (&c, false);
      if (c.err == SG_RC_NOMEM) rc = sg_diag_set (d, SG_RC_NOMEM, 0, 0, "out of memory");
      else if (c.werr)
        {
          d->file = out_path; /* the message names OUT, not the input */
          rc = sg_diag_set (d, SG_RC_IO, 0, 0, "cannot write: %s", strerror (c.werr));
        }
      else if (c.unstarted)
        rc = sg_diag_set (d, SG_RC_IO, 0, 0, "a solver (or the command) could not be started: the reduction "
                          "stopped there (OUT holds its last improvement, if it made one)");
      else if (c.err) rc = sg_diag_set (d, c.err, 0, 0, "reduction failed: %s", sg_rc_name (c.err));
      errno = 0;
      if (!rc && sg_file_write_atomic (out_path, c.cur.s, c.cur.len, false))
        {
          int e = errno ? errno : EIO;
          d->file = out_path;
          rc = sg_diag_set (d, SG_RC_IO, 0, 0, "cannot write: %s", strerror (e));
        }
      /* Final size in terms. */
      sg_round fr;
      sg_diag fd;
      sg_diag_init (&fd, name);
      if (!sg_round_open (&fr, c.cur.s, c.cur.len, name, &fd))
        {
          st->out_terms = sg_round_terms (&fr);
          sg_round_close (&fr);
        }
      c.cur_terms = st->out_terms;
    }
  st->out_bytes = c.cur.len;
  st->wall_s = sg_spawn_now () - c.t0;
  progress (&c, true);
  if (o->progress && isatty (2)) fputc ('\n', stderr);
  sg_run_tmpdir_remove (c.dir);
  sg_buf_free (&c.cur);
  free (c.seen.a);
  return rc;
}
