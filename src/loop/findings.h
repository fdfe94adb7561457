/* findings: write one finding as a pair of files, <kind>-<solver>-<id>.smt2 (the trigger) and
 * <kind>-<solver>-<id>.json (how it was found: seeds, technique, rng seed and step, command
 * lines, outcomes, outputs, times, our evaluator's verdict on the models).
 * Owns: nothing. Files are written to a temporary name in the same directory (".NAME.XXXXXX",
 * mode 0666 before the umask, so as readable as the user's other files) and linked into place (never over an existing file: a later run's pair gets "-2"), the .smt2
 * before the .json, so a crash never leaves a half-written file and a .json always has its
 * trigger.
 * Tests: tests/unit/loop_test.c */
#ifndef SG_CAMPAIGN_FINDINGS_H
#define SG_CAMPAIGN_FINDINGS_H

#include <stdbool.h>

#include "base/json.h"
#include "oracle/probe.h"

typedef struct sg_finding_info {
  const char *technique;  /* engine name */
  const char *seeds[2];   /* seed paths (NULL when absent) */
  uint64_t rng_seed;      /* the run's --seed */
  uint32_t worker;        /* worker index */
  uint64_t mutant;        /* mutant number within the worker */
  uint64_t chain;         /* chain number within the worker (its own rng stream) */
  uint32_t step;          /* step within the chain */
  const char *desc;       /* what the step did */
  sg_answer expected;     /* status by construction, or SG_ANS_NONE */
  const char *outputs[16]; /* captured stdout of each run (may be NULL) */
  const char *oracle;     /* Janus: "implication" or "regression"; "core", "incremental", "model-run",
                             "validation", "totalised" (NULL: the common oracles) */
  const char *rule;       /* Janus: the rule of the step (NULL when none) */
  const char *prev;       /* Janus: text of the previous step (NULL when none) */
  size_t prev_len;        /* its bytes */
} sg_finding_info;

/* Is rel a path a campaign stores for one of its files: relative, under "findings/" or
 * "reduced/", no empty, "." or ".." component? A database naming anything else (campaign.db,
 * ../x, /etc/passwd) is damaged: readers and merge refuse the path. */
bool sg_finding_path_ok (const char *rel);
/* An absolute path an older smtgrind's merge stored: ".../findings/..." or ".../reduced/...",
 * no "." or ".." component. */
bool sg_finding_legacy_path_ok (const char *path);

enum { SG_FINDING_MAX_SUFFIX = 100000 }; /* base-2 ... base-N: then SG_RC_IO */

/* Write data to dir/NAME+ext, fsync'd, where NAME is base, or base-2, base-3, ... the first
 * for which neither NAME+ext nor (pair_ext non-NULL) NAME+pair_ext exists: an earlier file is
 * never replaced, also by a writer in another process. OUT: NAME in name. SG_RC_IO on failure. */
sg_rc sg_finding_write_new (const char *dir, const char *base, const char *ext, const char *data,
                            size_t len, const char *pair_ext, char *name /* OUT */, size_t namesize);

/* Write the pair into dir under a name no file there has yet (sg_finding_write_new: a second
 * run into one directory adds "-2", never replaces); OUT: the base name (without extension) in
 * name. On a failure name is "" when nothing was written, else the trigger is there and only
 * the .json is missing. */
sg_rc sg_finding_write (const char *dir, const char *text, size_t len, const sg_probe *p,
                        const sg_finding_info *fi, char *name /* OUT */, size_t namesize);

#endif
