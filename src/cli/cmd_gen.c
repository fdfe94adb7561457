#define _DEFAULT_SOURCE /* getpid */
/* cmd_gen: `smtgrind gen GENERATOR ...` — write the formulas of a generator technique (a
 * technique of tech/tech.c with no seeds: nseeds 0) to files instead of running solvers on
 * them. Every file is parsed and sort-checked again before it is written (a formula that does
 * not is a bug of ours: reported, exit 1). Nothing here names a generator. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/clock.h"
#include "base/file.h"
#include "base/opt.h"
#include "base/rng.h"
#include "cli/cli.h"
#include "front/parse.h"
#include "front/script.h"
#include "front/store.h"
#include "run/spawn.h"
#include "tech/tech.h"

typedef struct gen_args {
  const sg_technique *t;
  sg_tech_cfg tc;
  const char *status; /* a variant of t, or NULL: its first */
  uint64_t count;
  uint64_t seed;
  bool seed_given;
  const char *out;
  bool quiet;
} gen_args;

/* A technique with no seeds, except a range enumeration (until_eof: its formulas have no
 * status; `smtgrind enum GRAMMAR --print` writes them). */
static bool
is_generator (const sg_technique *t)
{
  return t->nseeds == 0 && !t->until_eof;
}

/* The generators' names, "a|b|c". */
static void
generator_names (char *out, size_t size)
{
  size_t len = 0;
  out[0] = 0;
  for (size_t i = 0; i < sg_technique_count (); i++)
    {
      const sg_technique *t = sg_technique_at (i);
      if (!is_generator (t)) continue;
      int n = snprintf (out + len, size - len, "%s%s", len ? "|" : "", t->name);
      if (n < 0 || (size_t) n >= size - len) break;
      len += (size_t) n;
    }
}

void
sg_cli_gen_usage (sg_buf *out)
{
  char names[256];
  generator_names (names, sizeof names);
  sg_buf_printf (out,
                 "usage: smtgrind gen %s --status S --count N --out DIR [--seed R]\n"
                 "                    [GENERATOR OPTIONS]\n"
                 "\n"
                 "Write N formulas of the generator (status sat or unsat by construction; see 'smtgrind\n"
                 "GENERATOR --help' for what each builds and its own options) to DIR/GENERATOR-STATUS-K.smt2,\n"
                 "K = 1..N. Every file has (set-info :status ...); a generator's witness or known core is\n"
                 "written in the file as the generator documents. Every formula is parsed and sort-checked\n"
                 "before it is written. The rng seed (--seed, else drawn) is printed, so a run replays.\n"
                 "\n"
                 "options:\n"
                 "  --status S     one of the generator's variants (default its first):\n",
                 names[0] ? names : "GENERATOR");
  for (size_t i = 0; i < sg_technique_count (); i++)
    {
      const sg_technique *t = sg_technique_at (i);
      char v[128];
      if (is_generator (t) && sg_technique_variants (t, v, sizeof v))
        sg_buf_printf (out, "                   %s: %s\n", t->name, v);
      else if (is_generator (t)) sg_buf_printf (out, "                   %s: -\n", t->name);
    }
  sg_buf_printf (out,
                 "                 (mixed: either status; random: none, for differential testing;\n"
                 "                 its files are named GENERATOR-unknown-K.smt2)\n"
                 "  --count N      number of files (default 100)\n"
                 "  --out DIR      where to write them (created; existing files of the same names are\n"
                 "                 replaced)\n"
                 "  --seed R       rng seed (default: drawn, printed)\n"
                 "  -q, --quiet    no progress or summary lines\n"
                 "\n"
                 "Every 10 s a progress line goes to stderr (files written, rate), and at the end one\n"
                 "line: files written per status, time, rate, seed.\n"
                 "exit status: 0 written, 2 usage error or DIR not writable, 1 internal error (a formula\n"
                 "that does not parse back: a bug of smtgrind). SIGINT, SIGTERM or SIGHUP stop it after the\n"
                 "file being written (no temporary file is left; the summary says interrupted): 128 + the\n"
                 "signal.\n");
}

/* Is v one of t's variants (sat, unsat, mixed)? Its mode into *mode. */
static bool
variant_of (const sg_technique *t, const char *v, sg_tech_mode *mode)
{
  for (int k = 0; k < SG_TECH_MAX_VARIANTS && t->variants[k]; k++)
    if (!strcmp (t->variants[k], v)) { *mode = (sg_tech_mode) k; return true; }
  return false;
}

/* Returns SG_EXIT_OK, -1 after --help, or an exit code. */
static int
parse_args (const sg_cli_cmd *cmd, int argc, char **argv, gen_args *g)
{
  int i = 1;
  if (argc > 1 && sg_cli_is_help (argv[1]))
    {
      sg_cli_usage (cmd, stdout);
      return -1;
    }
  if (argc < 2) return sg_cli_usage_error (cmd, "expected a generator");
  g->t = sg_technique_find (argv[1]);
  if (!g->t || !is_generator (g->t))
    {
      char names[256];
      generator_names (names, sizeof names);
      return sg_cli_usage_error (cmd, "'%s' is not a generator (generators: %s)", argv[1],
                                 names[0] ? names : "none");
    }
  g->tc = g->t->defaults;
  for (i = 2; i < argc; i++)
    {
      const char *a = argv[i];
      const char *v;
      if (sg_cli_is_help (a)) { sg_cli_usage (cmd, stdout); return -1; }
      if (!strcmp (a, "-q") || !strcmp (a, "--quiet")) { g->quiet = true; continue; }
      static const char *const common[] = { "--status", "--out", "--count", "--seed" };
      int k = 0, r = 0;
      for (; k < 4 && !r; k++) r = sg_cli_value (cmd, argc, argv, &i, common[k], NULL, &v);
      if (r < 0) return SG_EXIT_INPUT;
      if (r > 0)
        {
          k--;
          if (k == 0) g->status = v;
          else if (k == 1) g->out = v;
          else if (k == 2 && !sg_cli_parse_u64 (v, 1, 100000000, &g->count))
            return sg_cli_usage_error (cmd, "--count: expected a number from 1 to 100000000, got '%s'", v);
          else if (k == 3)
            {
              if (!sg_cli_parse_u64 (v, 0, UINT64_MAX, &g->seed))
                return sg_cli_usage_error (cmd, "--seed: expected a non-negative number, got '%s'", v);
              g->seed_given = true;
            }
          continue;
        }
      char err[300];
      r = sg_opt_parse (g->t->opts, g->t->nopts, 0, &g->tc, argc, argv, &i, err, sizeof err);
      if (r < 0) return sg_cli_usage_error (cmd, "%s", err);
      if (r > 0) continue;
      return sg_cli_usage_error (cmd, "unknown option '%s' (see 'smtgrind %s --help' for the generator's own)", a,
                                 g->t->name);
    }
  if (!g->out) return sg_cli_usage_error (cmd, "--out DIR is required");
  sg_tech_mode mode = SG_TECH_SAT; /* its first */
  char variants[128];
  if (g->status && !variant_of (g->t, g->status, &mode))
    return sg_cli_usage_error (cmd, "--status: '%s' is not one of %s's (%s)", g->status, g->t->name,
                               sg_technique_variants (g->t, variants, sizeof variants) ? variants : "none");
  g->tc.mode = mode;
  if (!g->seed_given) g->seed = (uint64_t) time (NULL) ^ ((uint64_t) getpid () << 32);
  return SG_EXIT_OK;
}

/* Parse and sort-check text; false with the error printed when it does not. */
static bool
parses (const sg_technique *t, const sg_buf *text, uint64_t k)
{
  sg_store st;
  if (sg_store_init (&st)) return false;
  sg_script sc;
  sg_script_init (&sc, &st);
  char name[64];
  snprintf (name, sizeof name, "(%s formula %" PRIu64 ")", t->name, k);
  sg_diag d;
  sg_diag_init (&d, name);
  sg_rc rc = sg_parse_string (&st, &sc, text->s, text->len, name, &d);
  if (rc) sg_cli_print_diag (&d);
  sg_script_free (&sc);
  sg_store_free (&st);
  return rc == SG_RC_OK;
}

/* Seconds between two progress lines of a long run (the engines print theirs every 2 s; a
 * generator writes thousands of files a second, so fewer lines say as much). */
#define GEN_PROGRESS_S 10.0

/* The progress line: "[    10s] gen bv: 180000 of 100000000 files (18000/s): 90000 sat, 90000 unsat". */
static void
progress (const gen_args *g, const uint64_t n[3], double secs)
{
  uint64_t all = n[0] + n[1] + n[2];
  fprintf (stderr, "[%6.0fs] gen %s: %" PRIu64 " of %" PRIu64 " files (%.0f/s): %" PRIu64 " sat, %" PRIu64 " unsat%s\n",
           secs, g->t->name, all, g->count, secs > 0 ? (double) all / secs : 0.0, n[0], n[1],
           n[2] ? ", some without status" : "");
  fflush (stderr);
}

static int
generate (const gen_args *g)
{
  int oc = sg_cli_out_dir ("gen", g->out); /* issue 48: a file named as --out is said so */
  if (oc) return oc;
  if (!sg_mkdir_p (g->out))
    {
      fprintf (stderr, "smtgrind gen: error: cannot create %s: %s\n", g->out, strerror (errno));
      return SG_EXIT_INPUT;
    }
  const sg_technique *t = g->t;
  void *st = NULL;
  sg_diag d;
  sg_diag_init (&d, t->name);
  sg_rc rc = t->init (&g->tc, NULL, &st, &d);
  if (rc)
    {
      if (!d.rc) sg_diag_set (&d, rc, 0, 0, "cannot start the generator");
      sg_cli_print_diag (&d);
      return sg_rc_exit_code (rc);
    }
  static const sg_tech_seed generated = { "(generated)", "", 0, SG_ANS_NONE, NULL, { "" }, { 0 } };
  const sg_tech_seed *seeds[1] = { &generated };
  sg_rng rng;
  sg_rng_seed (&rng, g->seed);
  sg_tech_mutant m;
  memset (&m, 0, sizeof m);
  sg_buf_init (&m.text);
  sg_buf_init (&m.desc);
  uint64_t n[3] = { 0, 0, 0 }; /* sat, unsat, other */
  double t0 = sg_now (), next_progress = t0 + GEN_PROGRESS_S;
  int code = SG_EXIT_OK;
  bool live = false, stopped = false;
  for (uint64_t k = 1; k <= g->count && !code;)
    {
      /* Told to stop (blocked: sg_cli_gen): between two files, never inside a write, so no
       * temporary ".NAME.XXXXXX" is left behind. */
      if (sg_spawn_stop_pending ()) { stopped = true; break; }
      if (!live)
        {
          if ((rc = t->begin (st, seeds, &rng, &d))) break;
          live = true;
        }
      rc = t->next (st, &rng, &m, &d);
      if (rc == SG_RC_EOF) { live = false; continue; }
      if (rc) break;
      if (!parses (t, &m.text, k)) { code = SG_EXIT_INTERNAL; break; }
      const char *s = m.expected == SG_ANS_SAT ? "sat" : m.expected == SG_ANS_UNSAT ? "unsat" : "unknown";
      char path[PATH_MAX];
      if (snprintf (path, sizeof path, "%s/%s-%s-%06" PRIu64 ".smt2", g->out, t->name, s, k) >= (int) sizeof path)
        {
          fprintf (stderr, "smtgrind gen: error: %s: path too long\n", g->out);
          code = SG_EXIT_INPUT;
          break;
        }
      if (sg_file_write_atomic (path, m.text.s, m.text.len, false))
        {
          fprintf (stderr, "smtgrind gen: error: cannot write %s: %s\n", path, strerror (errno));
          code = SG_EXIT_INPUT;
          break;
        }
      n[m.expected == SG_ANS_SAT ? 0 : m.expected == SG_ANS_UNSAT ? 1 : 2]++;
      k++;
      if (!g->quiet && sg_now () >= next_progress)
        {
          progress (g, n, sg_now () - t0);
          next_progress = sg_now () + GEN_PROGRESS_S;
        }
    }
  if (rc && rc != SG_RC_EOF && !code)
    {
      if (!d.rc) sg_diag_set (&d, rc, 0, 0, "the generator failed");
      sg_cli_print_diag (&d);
      code = rc == SG_RC_NOMEM ? SG_EXIT_INTERNAL : sg_rc_exit_code (rc);
    }
  double secs = sg_now () - t0;
  if (!g->quiet)
    fprintf (stderr, "gen %s: %" PRIu64 " sat, %" PRIu64 " unsat%s in %s/ in %.2f s (%.0f files/s), seed %" PRIu64 "%s\n",
             t->name, n[0], n[1], n[2] ? ", some without status" : "", g->out, secs,
             secs > 0 ? (double) (n[0] + n[1] + n[2]) / secs : 0.0, g->seed, stopped ? " (interrupted)" : "");
  sg_buf_free (&m.text);
  sg_buf_free (&m.desc);
  t->free (st);
  return code;
}

int
sg_cli_gen (const sg_cli_cmd *cmd, int argc, char **argv)
{
  gen_args g;
  memset (&g, 0, sizeof g);
  g.count = 100;
  int code = parse_args (cmd, argc, argv, &g);
  if (code) return code < 0 ? SG_EXIT_OK : code;
  /* SIGINT/SIGTERM/SIGHUP: blocked, so a file being written is finished (renamed into place)
   * or removed, never left as a hidden temporary; the loop stops at the next file and we die
   * of the signal (run/spawn.h: sg_spawn_stop_now, the mechanism of the solver commands). */
  sg_spawn_block_stop_signals (NULL);
  code = generate (&g);
  sg_spawn_stop_now (NULL);
  return code;
}
