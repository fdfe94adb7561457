/* cmd_releases: `smtgrind releases` — the pinned newest releases of z3, cvc5 and Bitwuzla
 * (run/release.h SG_RELEASE_NEWEST), whether each is installed, the registry's newest, and
 * `--install` to install them (scripts/setup.sh). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "run/release.h"

int
sg_cli_releases (const sg_cli_cmd *cmd, int argc, char **argv)
{
  bool install = false, check = false;
  for (int i = 1; i < argc; i++)
    {
      if (sg_cli_is_help (argv[i])) { sg_cli_usage (cmd, stdout); return SG_EXIT_OK; }
      if (!strcmp (argv[i], "--install")) install = true;
      else if (!strcmp (argv[i], "--check")) check = true;
      else return sg_cli_usage_error (cmd, "unknown argument '%s'", argv[i]);
    }
  sg_profiles ps;
  sg_diag d;
  sg_diag_init (&d, "releases");
  if (sg_profiles_init (&ps, &d)) { sg_cli_print_diag (&d); return SG_EXIT_INTERNAL; }
  int code = SG_EXIT_OK;
  const char *s = SG_RELEASE_NEWEST;
  while (*s)
    {
      size_t n = strcspn (s, ";");
      char word[64], fam[16], latest[SG_RELEASE_VERSION_MAX];
      snprintf (word, sizeof word, "%.*s", (int) n, s);
      snprintf (fam, sizeof fam, "%.*s", (int) strcspn (word, "@"), word);
      s += n + (s[n] == ';');
      if (install && !sg_release_installed (word))
        {
          sg_profile p;
          sg_diag_init (&d, word);
          if (sg_release_profile (&ps, word, &p, stderr, &d)) { sg_cli_print_diag (&d); code = SG_EXIT_INPUT; }
          else sg_profile_free (&p);
        }
      latest[0] = 0;
      if (check)
        {
          char lw[32];
          snprintf (lw, sizeof lw, "%s@latest", fam);
          sg_diag_init (&d, lw);
          if (sg_release_resolve (lw, latest, sizeof latest, &d)) snprintf (latest, sizeof latest, "?");
        }
      printf ("%-24s %-13s%s%s%s\n", word, sg_release_installed (word) ? "installed" : "not installed",
              latest[0] ? " (PyPI's newest: " : "", latest, latest[0] ? ")" : "");
    }
  sg_profiles_free (&ps);
  return code;
}
