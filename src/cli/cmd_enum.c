/* cmd_enum: `smtgrind enum GRAMMAR` — counts per size, formulas printed by index (a class,
 * a range or a uniform sample), or the solvers run on them through the engine of tech/enum/enum_tech.c
 * (the fuzz loop, cli/cmd_fuzz.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/file.h"
#include "cli/cli.h"
#include "tech/enum/enum_tech.h"
#include "tech/enum/enumerate.h"
#include "tech/tech.h"

void
sg_cli_enum_usage (sg_buf *out)
{
  sg_buf_adds (out,
               "usage: smtgrind enum GRAMMAR --counts [--max-size S]\n"
               "       smtgrind enum GRAMMAR --print [--from I] [--count N] [--size S] [--sample N --seed R]\n"
               "       smtgrind enum GRAMMAR [--from I] [--count N] [--shard I/N] [engine options]\n"
               "\n"
               "GRAMMAR: core, ints, reals, realints, bv, arrays, fp, strings (wintered/ET's grammars,\n"
               "corrected) or a grammar file in the BNF format of docs/enum.md. Formulas are numbered by\n"
               "size (ET's size rule), then in a fixed order within a size; indices are decimal, any size.\n"
               "  --counts        print SIZE<TAB>COUNT for every size 0..S (exact; default S = 20)\n"
               "  --print         print one formula per line (the whole script), in index order from\n"
               "                  --from (default 0), --count of them (default 100); with --size S the\n"
               "                  class of that size (--from counts inside it, the class's end stops);\n"
               "                  with --sample N --seed R, N indices of the class drawn uniformly\n"
               "                  (needs --size; the seed is printed to stderr)\n"
               "Without --counts or --print, the solvers run on the formulas (the engine below).\n"
               "exit status: 0 ok, 2 usage or grammar error (file:line:col), 10 findings written.\n"
               "\n");
  const sg_technique *t = sg_technique_find ("enum");
  if (t) sg_cli_engine_usage_of (t, out);
}

typedef struct print_cfg {
  bool counts, print;
  uint32_t max_size;
  const char *from;
  uint64_t count;
  bool count_given;
  int64_t size;       /* -1: none */
  uint64_t sample;    /* 0: none */
  uint64_t seed;
  bool seed_given;
} print_cfg;

/* Output in large writes of whole lines, straight to fd 1: GMP running out of memory ends the
 * process with _exit (main.c), which would drop the tail of a stdio buffer and leave a part of
 * a line. An exit code: out of memory (b failed: nothing of the failed formula is written) is
 * SG_EXIT_INTERNAL, a write error an I/O error (said here). */
static int
drain (sg_buf *b, bool all)
{
  if (!sg_buf_ok (b)) return SG_EXIT_INTERNAL;
  if (!all && b->len < (1u << 20)) return SG_EXIT_OK;
  bool ok = fflush (stdout) == 0 && sg_fd_write_all (STDOUT_FILENO, b->s, b->len);
  int e = errno;
  sg_buf_reset (b);
  if (ok) return SG_EXIT_OK;
  fprintf (stderr, "smtgrind: error: cannot write to standard output: %s\n", strerror (e));
  return sg_rc_exit_code (SG_RC_IO);
}

static int
counts (sg_enum *e, const print_cfg *p)
{
  mpz_t c;
  mpz_init (c);
  sg_buf b;
  sg_buf_init (&b);
  int code = SG_EXIT_OK;
  char *digits = NULL;
  for (uint32_t s = 0; s <= p->max_size && code == SG_EXIT_OK; s++)
    {
      if (sg_enum_count (e, s, c)) { code = SG_EXIT_INTERNAL; break; }
      size_t need = mpz_sizeinbase (c, 10) + 2;
      char *d = realloc (digits, need);
      if (!d) { code = SG_EXIT_INTERNAL; break; }
      digits = d;
      mpz_get_str (digits, 10, c);
      sg_buf_printf (&b, "%u\t%s\n", s, digits);
      code = drain (&b, true); /* a line at once: at most 1,001 of them */
    }
  free (digits);
  sg_buf_free (&b);
  mpz_clear (c);
  return code;
}

/* --sample N --seed R over the class of --size. */
static int
sample (sg_enum *e, const print_cfg *p, sg_buf *b)
{
  mpz_t c, local;
  mpz_inits (c, local, NULL);
  gmp_randstate_t rs;
  gmp_randinit_default (rs);
  gmp_randseed_ui (rs, (unsigned long) p->seed);
  fprintf (stderr, "enum: sample of %llu, seed %llu\n", (unsigned long long) p->sample, (unsigned long long) p->seed);
  int code = SG_EXIT_OK;
  if (sg_enum_count (e, (uint32_t) p->size, c)) code = SG_EXIT_INTERNAL;
  else if (!mpz_sgn (c))
    {
      fprintf (stderr, "enum: error: no formula has size %lld\n", (long long) p->size);
      code = SG_EXIT_INPUT;
    }
  for (uint64_t k = 0; k < p->sample && code == SG_EXIT_OK; k++)
    {
      mpz_urandomm (local, rs, c);
      if (sg_enum_unrank (e, (uint32_t) p->size, local, b, NULL)) code = SG_EXIT_INTERNAL;
      sg_buf_addc (b, '\n');
      if (!code) code = drain (b, false);
    }
  gmp_randclear (rs);
  mpz_clears (c, local, NULL);
  return code;
}

static int
print (const sg_cli_cmd *cmd, sg_enum *e, const print_cfg *p)
{
  sg_buf b;
  sg_buf_init (&b);
  if (!sg_buf_reserve (&b, 2u << 20)) return SG_EXIT_INTERNAL;
  int code = SG_EXIT_OK;
  if (p->sample) code = sample (e, p, &b);
  else
    {
      mpz_t from, end, c;
      mpz_inits (from, end, c, NULL);
      uint64_t count = p->count_given ? p->count : 100;
      if (p->from && !sg_enum_parse_index (p->from, from))
        code = sg_cli_usage_error (cmd, "--from '%s': expected a decimal index >= 0 (digits only)", p->from);
      else if (p->size >= 0)
        {
          /* the class: --from counts inside it, its end stops */
          if (sg_enum_count (e, (uint32_t) p->size, c) || sg_enum_first_index (e, (uint32_t) p->size, end))
            code = SG_EXIT_INTERNAL;
          else if (!mpz_sgn (c))
            fprintf (stderr, "enum: no formula has size %lld: nothing printed\n", (long long) p->size);
          if (mpz_cmp (from, c) < 0)
            {
              mpz_sub (c, c, from);
              if (mpz_cmp_ui (c, count) < 0) count = mpz_get_ui (c);
            }
          else count = 0;
          mpz_add (from, from, end);
        }
      sg_enum_iter it;
      bool live = false;
      sg_rc rc = SG_RC_OK;
      if (!code)
        {
          rc = sg_enum_iter_init (&it, e, from);
          live = true;
          if (rc && rc != SG_RC_EOF) code = SG_EXIT_INTERNAL;
        }
      uint64_t k = 0;
      for (; !code && rc == SG_RC_OK && k < count; k++)
        {
          rc = sg_enum_iter_next (&it, &b);
          if (rc == SG_RC_EOF) break;
          if (rc) code = SG_EXIT_INTERNAL;
          sg_buf_addc (&b, '\n');
          if (!code) code = drain (&b, false);
        }
      /* A range past the grammar's last formula (a finite grammar, or one whose formulas
       * beyond are all larger than the largest size): say why fewer were printed. */
      if (!code && rc == SG_RC_EOF && p->size < 0)
        fprintf (stderr, "enum: %llu of %llu formulas printed: the grammar has no more of size at most %u\n",
                 (unsigned long long) k, (unsigned long long) count, SG_ENUM_MAX_SIZE);
      if (live) sg_enum_iter_free (&it);
      mpz_clears (from, end, c, NULL);
    }
  if (!code) code = drain (&b, true);
  sg_buf_free (&b);
  return code;
}

/* --counts / --print flags (argv[1] is GRAMMAR). */
static int
parse_print (const sg_cli_cmd *cmd, int argc, char **argv, print_cfg *p)
{
  static const char *const valued[] = { "--max-size", "--from", "--count", "--size", "--sample", "--seed" };
  for (int i = 2; i < argc; i++)
    {
      const char *a = argv[i], *val = NULL;
      uint64_t v;
      if (!strcmp (a, "--counts")) { p->counts = true; continue; }
      if (!strcmp (a, "--print")) { p->print = true; continue; }
      int k = 0, r = 0;
      for (; k < 6 && !r; k++) r = sg_cli_value (cmd, argc, argv, &i, valued[k], NULL, &val);
      if (r < 0) return SG_EXIT_INPUT;
      if (!r) return sg_cli_usage_error (cmd, "unknown option '%s' (with --counts or --print)", a);
      switch (k - 1)
        {
        case 0:
          if (!sg_cli_parse_u64 (val, 0, SG_ENUM_MAX_SIZE, &v))
            return sg_cli_usage_error (cmd, "--max-size needs 0..%u, got '%s'", SG_ENUM_MAX_SIZE, val);
          p->max_size = (uint32_t) v;
          break;
        case 1: p->from = val; break;
        case 2:
          if (!sg_cli_parse_u64 (val, 0, UINT64_MAX, &p->count))
            return sg_cli_usage_error (cmd, "--count needs a count, got '%s'", val);
          p->count_given = true;
          break;
        case 3:
          if (!sg_cli_parse_u64 (val, 0, SG_ENUM_MAX_SIZE, &v))
            return sg_cli_usage_error (cmd, "--size needs 0..%u, got '%s'", SG_ENUM_MAX_SIZE, val);
          p->size = (int64_t) v;
          break;
        case 4:
          if (!sg_cli_parse_u64 (val, 1, UINT64_MAX, &p->sample))
            return sg_cli_usage_error (cmd, "--sample needs a positive count, got '%s'", val);
          break;
        default:
          if (!sg_cli_parse_u64 (val, 0, UINT64_MAX, &p->seed))
            return sg_cli_usage_error (cmd, "--seed needs a number, got '%s'", val);
          p->seed_given = true;
          break;
        }
    }
  if (p->counts && p->print) return sg_cli_usage_error (cmd, "--counts and --print exclude each other");
  if (p->counts && (p->from || p->count_given || p->size >= 0 || p->sample))
    return sg_cli_usage_error (cmd, "--counts takes only --max-size");
  if (p->sample && p->size < 0) return sg_cli_usage_error (cmd, "--sample needs --size S");
  if (p->sample && (p->from || p->count_given)) return sg_cli_usage_error (cmd, "--sample excludes --from and --count");
  if (!p->seed_given) p->seed = (uint64_t) time (NULL) ^ ((uint64_t) getpid () << 32);
  return SG_EXIT_OK;
}

static bool
has_flag (int argc, char **argv, const char *f)
{
  for (int i = 1; i < argc; i++)
    if (!strcmp (argv[i], f)) return true;
  return false;
}

int
sg_cli_enum (const sg_cli_cmd *cmd, int argc, char **argv)
{
  if (argc >= 2 && sg_cli_is_help (argv[1])) { sg_cli_usage (cmd, stdout); return SG_EXIT_OK; }
  if (argc < 2 || argv[1][0] == '-')
    return sg_cli_usage_error (cmd, "expected GRAMMAR first (core, ints, reals, realints, bv, arrays, fp, strings or a file)");
  if (has_flag (argc, argv, "--counts") || has_flag (argc, argv, "--print"))
    {
      print_cfg p = { .max_size = 20, .size = -1 };
      int code = parse_print (cmd, argc, argv, &p);
      if (code) return code;
      sg_grammar g;
      sg_diag d;
      sg_diag_init (&d, argv[1]);
      if (sg_grammar_load (&g, argv[1], &d))
        {
          sg_cli_print_diag (&d);
          return d.rc == SG_RC_NOMEM ? SG_EXIT_INTERNAL : SG_EXIT_INPUT;
        }
      sg_enum *e;
      if (sg_enum_new (&g, &e)) { sg_grammar_free (&g); return SG_EXIT_INTERNAL; }
      code = p.counts ? counts (e, &p) : print (cmd, e, &p);
      if (code == SG_EXIT_INTERNAL)
        fprintf (stderr, "enum: error: out of memory (a count or a formula of %s too large to hold; "
                 "what was printed before is whole)\n", argv[1]);
      sg_enum_free (e);
      sg_grammar_free (&g);
      return code;
    }
  /* The engine: GRAMMAR becomes --grammar GRAMMAR (a second --grammar would silently win). */
  if (has_flag (argc, argv, "--grammar"))
    return sg_cli_usage_error (cmd, "GRAMMAR comes first: 'smtgrind enum GRAMMAR ...' takes no --grammar");
  const sg_technique *t = sg_technique_find ("enum");
  if (!t) return SG_EXIT_INTERNAL;
  char **av = calloc ((size_t) argc + 2, sizeof *av);
  if (!av) return SG_EXIT_INTERNAL;
  av[0] = argv[0];
  av[1] = (char *) "--grammar";
  for (int i = 1; i < argc; i++) av[i + 1] = argv[i];
  sg_cli_cmd c = *cmd;
  c.tech = t;
  int code = sg_cli_engine (&c, argc + 1, av);
  free (av);
  return code;
}
