/* cmd_options: `smtgrind options SOLVER` — the option table read from the solver binary
 * (run/solopt.h), cached, printed with what each value did when tried alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "run/patterns.h"
#include "run/profile.h"
#include "run/solopt.h"
#include "run/spawn.h"

typedef struct counts {
  uint32_t by_type[SG_SOPT_NTYPES];
  uint32_t expert, excluded, drawable, tried_opts, values, ok, rejected, odd;
} counts;

static void
count (const sg_solopt_table *t, counts *c)
{
  memset (c, 0, sizeof *c);
  for (uint32_t i = 0; i < t->opts.n; i++)
    {
      const sg_solopt *o = &t->opts.a[i];
      c->by_type[o->type]++;
      c->expert += o->expert;
      c->excluded += o->excluded;
      c->drawable += sg_solopt_drawable (o);
      if (o->trials) c->tried_opts++;
      for (const char *p = o->trials; p && *p; p++)
        if (p[0] == ':' && (p[2] == ' ' || !p[2]))
          {
            c->values++;
            c->ok += p[1] == SG_SOPT_OK;
            c->rejected += p[1] == SG_SOPT_REJECTED;
            c->odd += p[1] == SG_SOPT_ODD;
          }
    }
}

/* The values tried with status s, blank-separated, into buf. */
static void
values_with (const sg_solopt *o, char s, char *buf, size_t size)
{
  size_t n = 0;
  buf[0] = 0;
  for (const char *p = o->trials; p && *p;)
    {
      const char *e = strchr (p, ' ');
      size_t l = e ? (size_t) (e - p) : strlen (p);
      if (l >= 2 && p[l - 1] == s && n + l < size)
        n += (size_t) snprintf (buf + n, size - n, "%s%.*s", n ? "," : "", (int) (l - 2), p);
      p += l;
      while (*p == ' ') p++;
    }
  if (!n) snprintf (buf, size, "-");
}

static void
print_table (const sg_solopt_table *t, bool all)
{
  printf ("%-48s %-6s %-8s %-10s %-5s %-14s %s\n", "option", "type", "default", "category", "use", "rejected", "values");
  for (uint32_t i = 0; i < t->opts.n; i++)
    {
      const sg_solopt *o = &t->opts.a[i];
      bool d = sg_solopt_drawable (o);
      if (!all && !d && !o->trials) continue;
      char rej[256], odd[256];
      values_with (o, SG_SOPT_REJECTED, rej, sizeof rej);
      values_with (o, SG_SOPT_ODD, odd, sizeof odd);
      const char *use = o->excluded ? "excl" : d ? (o->expert ? "exp" : "yes") : "no";
      printf ("%-48s %-6s %-8s %-10s %-5s %-14s %s%s%s\n", o->name, sg_solopt_type_name (o->type),
              o->def ? o->def : "-", o->category, use, rej,
              (o->type == SG_SOPT_MODE || o->type == SG_SOPT_INT) && o->values ? o->values : o->type == SG_SOPT_INT ? "0.." :
              o->type == SG_SOPT_BOOL ? "true false" : "-",
              strcmp (odd, "-") ? "  no answer: " : "", strcmp (odd, "-") ? odd : "");
    }
}

int
sg_cli_options (const sg_cli_cmd *cmd, int argc, char **argv)
{
  const char *cache = NULL, *solver = NULL;
  bool refresh = false, all = false, tsv = false;
  for (int i = 1; i < argc; i++)
    {
      if (sg_cli_is_help (argv[i])) { sg_cli_usage (cmd, stdout); return SG_EXIT_OK; }
      int r = sg_cli_value (cmd, argc, argv, &i, "--cache", NULL, &cache);
      if (r < 0) return SG_EXIT_INPUT;
      if (r > 0) continue;
      if (!strcmp (argv[i], "--refresh")) refresh = true;
      else if (!strcmp (argv[i], "--all")) all = true;
      else if (!strcmp (argv[i], "--tsv")) tsv = true;
      else if (argv[i][0] == '-') return sg_cli_usage_error (cmd, "unknown option '%s'", argv[i]);
      else if (solver) return sg_cli_usage_error (cmd, "one solver at a time ('%s' and '%s')", solver, argv[i]);
      else solver = argv[i];
    }
  if (!solver) return sg_cli_usage_error (cmd, "which solver? (z3, cvc5, cvc4)");
  /* SIGINT/SIGTERM/SIGHUP while the table is read from the binary: the solver run under way
   * kills its group, our private directory goes, and we die of the signal (run/spawn.h), as
   * between two runs (solopt_probe.c); nothing is cached then. */
  sg_spawn_block_stop_signals (NULL);
  sg_diag d;
  sg_diag_init (&d, "options");
  sg_profiles ps;
  sg_patterns pats = { 0 };
  sg_solver_list l = { 0 };
  sg_solopt_table t;
  sg_solopt_table_init (&t);
  int ex = SG_EXIT_OK;
  char path[8192];
  if (sg_profiles_init (&ps, &d) || sg_patterns_add_defaults (&pats))
    {
      sg_cli_print_diag (&d);
      ex = SG_EXIT_INTERNAL;
      goto out;
    }
  sg_diag_init (&d, "smtgrind options"); /* issue 48: never the placeholder word SOLVER */
  if (sg_profiles_parse_spec (&ps, solver, "smtgrind options", &l, &d) || l.n != 1 || sg_solver_list_check (&l, &d)
      || sg_solopt_cache_path (&l.a[0], cache, path, sizeof path, &d))
    {
      if (l.n != 1 && !d.rc) ex = sg_cli_usage_error (cmd, "one solver at a time");
      else
        {
          sg_cli_print_diag (&d);
          ex = SG_EXIT_INPUT;
        }
      goto out;
    }
  sg_diag_init (&d, "options"); /* the cache's own errors name their file */
  sg_rc rc = sg_solopt_load (&l.a[0], &pats, path, refresh, &t, stderr, &d);
  if (rc)
    {
      sg_cli_print_diag (&d);
      ex = rc == SG_RC_NOMEM ? SG_EXIT_INTERNAL : SG_EXIT_INPUT;
      goto out;
    }
  if (tsv)
    {
      /* The cache file as it is. */
      FILE *f = fopen (path, "r");
      char buf[8192];
      size_t n;
      while (f && (n = fread (buf, 1, sizeof buf, f)) > 0) fwrite (buf, 1, n, stdout);
      if (f) fclose (f);
    }
  else
    print_table (&t, all);
  counts c;
  count (&t, &c);
  fprintf (stderr,
           "options: %s %s: %u options (%u bool, %u int, %u double, %u mode, %u string, %u flag; %u expert); "
           "%u tried alone with %u values: %u ok, %u rejected, %u without an answer; %u drawable, %u "
           "excluded (semantics); cache %s\n",
           t.solver, t.version[0] ? t.version : "?", t.opts.n, c.by_type[SG_SOPT_BOOL], c.by_type[SG_SOPT_INT],
           c.by_type[SG_SOPT_DOUBLE], c.by_type[SG_SOPT_MODE], c.by_type[SG_SOPT_STRING], c.by_type[SG_SOPT_FLAG],
           c.expert, c.tried_opts, c.values, c.ok, c.rejected, c.odd, c.drawable, c.excluded, path);
out:
  sg_solopt_table_free (&t);
  sg_solver_list_free (&l);
  sg_patterns_free (&pats);
  sg_profiles_free (&ps);
  /* A stop signal that came after the last solver run (the table written whole): we die of it
   * all the same, as the user asked. */
  sg_spawn_stop_now (NULL);
  return ex;
}
