#define _DEFAULT_SOURCE /* realpath */
/* seeds: seed files with their labels. */
#include "cli/seeds.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/file.h"
#include "cli/walk.h"
#include "front/parse.h"

typedef struct label { char *path; sg_answer status; } label;
typedef SG_VEC (label) labels;

static void
load_index (const char *index, labels *ls)
{
  FILE *f = fopen (index, "r");
  if (!f) return;
  char dir[PATH_MAX];
  snprintf (dir, sizeof dir, "%s", index);
  char *slash = strrchr (dir, '/');
  if (slash) *slash = 0; else snprintf (dir, sizeof dir, ".");
  char line[8192];
  while (fgets (line, sizeof line, f))
    {
      char *t1 = strchr (line, '\t');
      char *t2 = t1 ? strchr (t1 + 1, '\t') : NULL;
      if (!t2) continue;
      *t1 = *t2 = 0;
      char *st = t2 + 1;
      st[strcspn (st, "\t\r\n")] = 0;
      sg_answer a = !strcmp (st, "sat") ? SG_ANS_SAT : !strcmp (st, "unsat") ? SG_ANS_UNSAT : SG_ANS_NONE;
      if (a == SG_ANS_NONE) continue;
      char path[PATH_MAX + sizeof line + 2], real[PATH_MAX];
      snprintf (path, sizeof path, "%s/%s", dir, line);
      if (!realpath (path, real)) continue;
      label l = { strdup (real), a };
      if (!l.path || !SG_VEC_PUSH (*ls, l)) { free (l.path); break; }
    }
  fclose (f);
}

static sg_answer
lookup (const labels *ls, const char *path)
{
  char real[PATH_MAX];
  if (!realpath (path, real)) return SG_ANS_NONE;
  for (uint32_t i = 0; i < ls->n; i++)
    if (!strcmp (ls->a[i].path, real)) return ls->a[i].status;
  return SG_ANS_NONE;
}

sg_rc
sg_cli_seeds_load (const char *const *inputs, uint32_t n, const char *index, size_t max_bytes,
                   FILE *warn, sg_cli_seeds *out)
{
  memset (out, 0, sizeof *out);
  labels ls = { 0 };
  sg_rc result = SG_RC_OK;
  if (index) load_index (index, &ls);
  for (uint32_t i = 0; i < n; i++)
    {
      struct stat stt;
      if (!index && stat (inputs[i], &stt) == 0 && S_ISDIR (stt.st_mode))
        {
          char ix[PATH_MAX];
          if ((size_t) snprintf (ix, sizeof ix, "%s/INDEX.tsv", inputs[i]) < sizeof ix) load_index (ix, &ls);
        }
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
          sg_tech_seed s = { strdup (w.paths.a[k]), text, len, lookup (&ls, w.paths.a[k]), logic };
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
