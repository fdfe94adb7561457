/* seeds: load seed files for the engines and the campaign — every file or *.smt2 under each directory (in
 * sorted order), parsed once (unusable seeds are skipped with a warning), labelled from an
 * INDEX.tsv (path relative to the index, status in column 3: sat/unsat) in each directory
 * given, in the directory of each file given by itself (each INDEX.tsv read once), or given
 * explicitly (--index). An INDEX.tsv whose first line is a header ("path<TAB>logic<TAB>status
 * ...") gives each seed the solve times of its columns named SOLVER_ms (z3_ms, cvc5_ms: the
 * fuzz loop's adaptive timeout, loop/loop_adapt.h); a field that is not a number of
 * milliseconds gives no time.
 * Each seed keeps its set-logic (fusion pairs seeds of one logic).
 * Owns: the paths, texts and logics of its seeds (sg_cli_seeds_free).
 * Tests: tests/cli/run_cli_tests.sh (group campaign), tests/cli/group_names.sh (a file's INDEX.tsv) */
#ifndef SG_CLI_SEEDS_H
#define SG_CLI_SEEDS_H

#include <stdio.h>

#include "oracle/probe.h"
#include "tech/tech.h"

typedef struct sg_cli_seeds {
  SG_VEC (sg_tech_seed) a; /* in input order, files of a directory sorted */
  uint32_t labelled;       /* seeds with a sat/unsat label */
  uint32_t skipped;        /* unreadable, too large or rejected by our front end */
} sg_cli_seeds;

/* Returns SG_RC_IO when an input cannot be read (the others are still loaded). */
sg_rc sg_cli_seeds_load (const char *const *inputs, uint32_t n, const char *index,
                         size_t max_bytes, FILE *warn, sg_cli_seeds *out /* OUT */);
void sg_cli_seeds_free (sg_cli_seeds *s);

/* The consensus of p's runs: every solver ran and answered exactly one decided answer, all
 * the same (and the verdict is ok): that answer; SG_ANS_NONE otherwise. */
sg_answer sg_cli_consensus (const sg_probe *p);

/* Label the unlabelled seeds of s by the consensus of `solvers` (every solver decided, all
 * the same answer; one check-sat), as `smtgrind label` does, for techniques that need labels.
 * cache: a file of labels already found (columns: bytes, hash of the text, hash of the
 * solvers, status, real path; read when it exists, each new decided label appended), or NULL;
 * a label is reused only for the same text, path and solvers. Seeds with no consensus stay
 * unlabelled (and are tried again next time). A seed labelled now also gets each solver's
 * time on it as its solve times; a label from the cache brings none (its mutants then run
 * with the full timeout). A cache that cannot be written is a warning on log. Prints what it
 * did to log. Returns SG_RC_OK. */
sg_rc sg_cli_seeds_label (sg_cli_seeds *s, const sg_solver_list *solvers, const sg_patterns *pats, uint32_t timeout_ms, uint64_t mem_bytes,
                          const char *cache, FILE *log);

#endif
