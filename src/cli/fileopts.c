/* fileopts: a file's own "; COMMAND-LINE:" options for the solvers of some families. */
#include <stdlib.h>
#include <string.h>

#include "cli/fileopts.h"

static const char MARK[] = "; COMMAND-LINE:";

/* Does the family name fam (n bytes) name the family of profile name p? */
static bool
family_is (const char *p, const char *fam, size_t n)
{
  char buf[SG_PROFILE_NAME_MAX + 1];
  if (!n || n > SG_PROFILE_NAME_MAX) return false;
  memcpy (buf, fam, n);
  buf[n] = '\0';
  return sg_profile_same_family (p, buf);
}

/* Is the profile name one of the families (a comma-separated list)? */
static bool
in_families (const char *families, const char *name)
{
  for (const char *s = families; *s;)
    {
      size_t n = strcspn (s, ",");
      if (family_is (name, s, n)) return true;
      s += n + (s[n] == ',');
    }
  return false;
}

bool
sg_fileopts_families_ok (const char *families, const sg_solver_list *l, const char **bad, size_t *bad_len)
{
  for (const char *s = families;;)
    {
      size_t n = strcspn (s, ",");
      bool found = false;
      for (uint32_t i = 0; i < l->n && !found; i++) found = family_is (l->a[i].name, s, n);
      if (!found)
        {
          *bad = s;
          *bad_len = n;
          return false;
        }
      if (!s[n]) return true;
      s += n + 1;
    }
}

/* The first "; COMMAND-LINE:" line of text: its words' start (past the mark), its end, its
 * line number (1-based). NULL when there is none. */
static const char *
find_line (const char *text, size_t len, const char **end, uint32_t *line)
{
  uint32_t ln = 1;
  for (size_t i = 0; i < len;)
    {
      const char *nl = memchr (text + i, '\n', len - i);
      size_t e = nl ? (size_t) (nl - text) : len;
      if (e - i >= sizeof MARK - 1 && !memcmp (text + i, MARK, sizeof MARK - 1))
        {
          *end = text + e;
          *line = ln;
          return text + i + sizeof MARK - 1;
        }
      i = e + 1;
      ln++;
    }
  return NULL;
}

/* Append word w (n bytes) to p's user_args before its fuzzed tail. */
static sg_rc
insert_word (sg_profile *p, const char *w, size_t n)
{
  char *word = malloc (n + 1);
  if (!word) return SG_RC_NOMEM;
  memcpy (word, w, n);
  word[n] = '\0';
  if (!SG_VEC_PUSH (p->user_args, word))
    {
      free (word);
      return SG_RC_NOMEM;
    }
  uint32_t at = p->user_args.n - 1 - p->fuzzed_args;
  memmove (&p->user_args.a[at + 1], &p->user_args.a[at], p->fuzzed_args * sizeof *p->user_args.a);
  p->user_args.a[at] = word;
  return SG_RC_OK;
}

sg_rc
sg_fileopts_apply (const char *families, const char *text, size_t len, const sg_solver_list *in,
                   sg_solver_list *out, uint32_t *nwords, sg_diag *d)
{
  memset (out, 0, sizeof *out);
  *nwords = 0;
  if (!SG_VEC_RESERVE (*out, in->n ? in->n : 1)) return SG_RC_NOMEM;
  for (uint32_t i = 0; i < in->n; i++)
    {
      sg_profile *p = &out->a[i];
      if (sg_profile_copy (&in->a[i], p)) return SG_RC_NOMEM;
      out->n = i + 1;
      if (!in_families (families, p->name)) continue;
      /* The file's line (none: no option) is the configuration the suite runs: no theory
       * flags of ours beside it (cvc4's --strings-exp, cvc5's --sets-ext change what the
       * solver does, and hid bugs the suite's command shows). */
      sg_strv_free (&p->strings_args);
      sg_strv_free (&p->fp_args);
    }
  const char *end;
  uint32_t line;
  const char *s = find_line (text, len, &end, &line);
  if (!s) return SG_RC_OK;
  const char *line_start = s - (sizeof MARK - 1);
  /* Validate the whole line first: a refused word leaves every profile untouched. */
  for (const char *q = s; q < end; q++)
    {
      unsigned char ch = (unsigned char) *q;
      if (ch == '\'' || ch == '"' || ch == '\\' || (ch < 0x20 && ch != '\t' && ch != '\r') || ch == 0x7f)
        return sg_diag_set (d, SG_RC_PARSE, line, (uint32_t) (q - line_start) + 1,
                            "--file-options: this COMMAND-LINE holds a %s, which we do not split "
                            "(words are separated by blanks, nothing is quoted)",
                            ch == '\'' || ch == '"' ? "quote" : ch == '\\' ? "backslash" : "control byte");
    }
  for (const char *q = s; q < end;)
    {
      while (q < end && (*q == ' ' || *q == '\t' || *q == '\r')) q++;
      size_t n = 0;
      while (q + n < end && q[n] != ' ' && q[n] != '\t' && q[n] != '\r') n++;
      if (!n) break;
      for (uint32_t i = 0; i < out->n; i++)
        if (in_families (families, out->a[i].name) && insert_word (&out->a[i], q, n)) return SG_RC_NOMEM;
      (*nwords)++;
      q += n;
    }
  return SG_RC_OK;
}
