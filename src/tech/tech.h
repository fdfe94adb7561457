/* tech: the interface every mutation technique implements for the one fuzz loop
 * (campaign/loop.c): given its seeds and an rng, produce the next mutant as SMT-LIB text with
 * the status the construction predicts (or none: differential techniques). Techniques never
 * spawn a solver; the loop parses every mutant again (a mutant that does not type-check is a
 * bug of ours, counted and never run) and judges it with the oracles.
 * Owns: a technique's state (created by init, freed by free).
 * Adding a technique is one sg_technique value plus one row in tech.c's table.
 * Tests: tests/unit/loop_test.c */
#ifndef SG_TECH_TECH_H
#define SG_TECH_TECH_H

#include "base/buf.h"
#include "base/rng.h"
#include "run/classify.h"

typedef struct sg_tech_seed {
  const char *path;  /* file name (for findings) */
  const char *text;  /* contents */
  size_t len;        /* bytes */
  sg_answer status;  /* label agreed by two solvers (INDEX.tsv), SG_ANS_NONE if unknown */
  const char *logic; /* its set-logic, or NULL: fusion pairs seeds of one logic */
} sg_tech_seed;

typedef struct sg_tech_mutant {
  sg_buf text;        /* the mutant script */
  sg_answer expected; /* status by construction; SG_ANS_NONE for differential techniques */
  sg_buf desc;        /* what this step did, for the finding */
  uint32_t step;      /* position in the chain on the current seeds (1-based) */
  /* Janus (implication oracle); NULL/0 for the other techniques: */
  const char *prev;   /* text of the previous step (the seed at step 1), valid until next() */
  size_t prev_len;    /* its bytes */
  const char *rule;   /* rule this step applied (static string) */
  uint32_t iteration; /* chain number on the current seed (each chain restarts from the seed) */
} sg_tech_mutant;

typedef struct sg_tech_cfg {
  uint32_t chain;        /* mutants per seed (or seed pair) before moving on */
  uint32_t per_step;     /* substitutions per step (OpFuzz m) */
  uint32_t steps;        /* Janus: mutations per chain before restarting from the seed */
  int fuse_mode;         /* fusion: 0 sat, 1 unsat, 2 mixed */
  const char *data_file; /* operator classes / fusion functions file, or NULL for built-ins */
} sg_tech_cfg;

typedef struct sg_technique {
  const char *name;     /* "opfuzz", "typefuzz", "fuse", "sae", "janus" */
  uint32_t nseeds;      /* seeds per chain: 1, or 2 for fusion */
  bool needs_status;    /* seeds must be labelled (fusion, janus) */
  sg_rc (*init) (const sg_tech_cfg *cfg, void **state /* OUT */, sg_diag *d);
  /* Start a chain on these seeds. SG_RC_PARSE etc. (with d) when a seed cannot be used. */
  sg_rc (*begin) (void *state, const sg_tech_seed *const *seeds, sg_rng *rng, sg_diag *d);
  /* The next mutant of the chain into out (its buffers are reset first); SG_RC_EOF when the
   * chain is over (length reached or nothing left to mutate). */
  sg_rc (*next) (void *state, sg_rng *rng, sg_tech_mutant *out, sg_diag *d);
  void (*free) (void *state);
  /* Which seeds a fusion chain may pair: the expected status of the mutant from the seed
   * labels, or SG_ANS_NONE when the pair does not fit the mode (NULL for 1-seed techniques). */
  sg_answer (*pair_status) (const void *state, sg_answer s1, sg_answer s2);
} sg_technique;

/* The built-in techniques by name, or NULL. */
const sg_technique *sg_technique_find (const char *name);

#endif
