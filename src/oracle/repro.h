/* repro: what a solver developer pastes into a shell to see a finding — the exact command of
 * the blamed run (the profile's words, the flag groups that run had: model, self-check,
 * strings, floating point, incremental; the spec's and the drawn options; the file last, or
 * on stdin), the line a shell reads, and the expected and actual behaviour in words with the
 * text (or exit status) the command shows when the bug is there.
 * Owns: nothing (the words written go into the caller's vectors and buffers).
 * Invariants: the command is the one-shot equivalent of the run that showed the finding
 *   (sg_probe_run.argv; a session's run gets its session's flags, never the session's own
 *   stdin words); no solver timeout words (a developer runs to the end); shell words are
 *   single-quoted unless made only of characters no shell treats specially.
 * Tests: tests/unit/report_test.c (the words and the quoting), tests/cli group repro (each
 *   line run by bash on its reduced trigger shows the bug). */
#ifndef SG_ORACLE_REPRO_H
#define SG_ORACLE_REPRO_H

#include "base/buf.h"
#include "oracle/probe.h"

typedef struct sg_repro {
  sg_strv argv;          /* the command words, the file word included unless on_stdin */
  bool on_stdin;         /* the script goes on stdin ("... < FILE") */
  int32_t file_at;       /* index of the file word in argv, -1 with on_stdin */
  uint32_t options_at;   /* index of the first option word drawn by --option-fuzz */
  uint32_t options_n;    /* how many (0: none drawn) */
  bool get_model;        /* the bug is in the model: (get-model) must follow the check-sat */
  char expected[240];    /* what a correct solver does, in words */
  char actual[400];      /* what the blamed solver does, in words */
  char shows[120];       /* a text the command prints (stdout or stderr) when the bug is there,
                            "" when the exit status says it (crashes by a signal) or nothing
                            printed does (performance) */
  int status;            /* the shell's exit status that shows it (128+signal), -1: any */
} sg_repro;

void sg_repro_init (sg_repro *r);
void sg_repro_free (sg_repro *r);

/* The reproduction of probe p's finding by its culprit (or run `run` when not SG_NONE) on the
 * file `file` (a name or path; the word as written); expected: the status the technique
 * fixed (SG_ANS_NONE: none). SG_RC_USAGE when p blames no run. */
sg_rc sg_repro_of (const sg_probe *p, uint32_t run, const char *file, sg_answer expected,
                   sg_repro *out /* OUT */);

/* Append word to b quoted for a POSIX shell (as is when made only of letters, digits and
 * "%+,-./:=@_", else in single quotes, a ' written as '\''). */
void sg_repro_shell_word (sg_buf *b, const char *word);
/* The shell line of words argv[0..n) (stdin_file non-NULL: " < FILE" at the end). */
void sg_repro_shell_line (sg_buf *b, const char *const *argv, uint32_t n, const char *stdin_file);

#endif
