/* answer: what a check-sat can answer — the one enum the techniques (expected status by
 * construction), the solver layer (classified answers) and the oracles share.
 * Owns: nothing. */
#ifndef SG_BASE_ANSWER_H
#define SG_BASE_ANSWER_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

typedef enum sg_answer {
  SG_ANS_SAT,
  SG_ANS_UNSAT,
  SG_ANS_UNKNOWN,
  SG_ANS_NONE, /* no answer (only for `expected`) */
} sg_answer;

/* The answer a line of a solver's output gives (l[0..len), a trailing '\r' dropped): exactly
 * "sat", "unsat" or "unknown"; SG_ANS_NONE for any other line. The one rule run/classify.c
 * reads answers by, and the front end refuses output commands by. */
static inline sg_answer
sg_answer_of_line (const char *l, size_t len)
{
  if (len && l[len - 1] == '\r') len--;
  if (len == 3 && !memcmp (l, "sat", 3)) return SG_ANS_SAT;
  if (len == 5 && !memcmp (l, "unsat", 5)) return SG_ANS_UNSAT;
  if (len == 7 && !memcmp (l, "unknown", 7)) return SG_ANS_UNKNOWN;
  return SG_ANS_NONE;
}

/* Does text[0..n), split at '\n', hold a line sg_answer_of_line reads as an answer? (An echo
 * printing one would be taken for the solver's answer.) */
static inline bool
sg_answer_text_has_line (const char *text, size_t n)
{
  for (size_t i = 0; i <= n;)
    {
      const char *nl = i < n ? (const char *) memchr (text + i, '\n', n - i) : NULL;
      size_t e = nl ? (size_t) (nl - text) : n;
      if (sg_answer_of_line (text + i, e - i) != SG_ANS_NONE) return true;
      i = e + 1;
    }
  return false;
}

#endif
