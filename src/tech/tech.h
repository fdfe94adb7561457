/* tech: the interface every mutation technique implements for the one fuzz loop
 * (loop/loop.c): given its seeds and an rng, produce the next mutant as SMT-LIB text with
 * the status the construction predicts (or none: differential techniques). Techniques never
 * spawn a solver; the loop parses every mutant again (a mutant that does not type-check is a
 * bug of ours, counted and never run) and judges it with the oracles.
 * Owns: a technique's state (created by init, freed by free).
 * Adding a technique is one file with its functions plus one row in tech.c's table: the row
 * says everything the CLI, the campaign and the loop need (name, help, own options and
 * defaults, campaign variants and weights, labels, lanes, oracles); no code outside src/tech/
 * names a technique.
 * Tests: tests/unit/loop_test.c */
#ifndef SG_TECH_TECH_H
#define SG_TECH_TECH_H

#include "base/buf.h"
#include "base/rng.h"
#include "base/answer.h"
#include "base/rc.h"

enum { SG_SEED_TIMES = 4 }; /* solve times a seed's label keeps */

typedef struct sg_tech_seed {
  const char *path;  /* file name (for findings) */
  const char *text;  /* contents */
  size_t len;        /* bytes */
  sg_answer status;  /* label agreed by two solvers (INDEX.tsv), SG_ANS_NONE if unknown */
  const char *logic; /* its set-logic, or NULL: fusion pairs seeds of one logic */
  /* Its solve time per solver, from its label (INDEX.tsv's NAME_ms columns, or measured when
   * smtgrind labelled it): time_solver[k] a profile name ("" : no more), time_ms[k] its
   * milliseconds. The fuzz loop's adaptive timeout reads them (loop/loop_adapt.h). */
  char time_solver[SG_SEED_TIMES][16];
  uint32_t time_ms[SG_SEED_TIMES];
} sg_tech_seed;

typedef struct sg_tech_mutant {
  sg_buf text;        /* the mutant script */
  sg_answer expected; /* status by construction; SG_ANS_NONE for differential techniques */
  sg_buf desc;        /* what this step did, for the finding */
  uint32_t step;      /* position in the chain on the current seeds (1-based) */
  /* The previous step, for SG_TECH_ORACLE_IMPLICATION (NULL/0 for other techniques): */
  const char *prev;   /* text of the previous step (the seed at step 1), valid until next() */
  size_t prev_len;    /* its bytes */
  const char *rule;   /* rule this step applied (static string) */
  uint32_t iteration; /* chain number on the current seed (each chain restarts from the seed) */
} sg_tech_mutant;

typedef struct sg_tech_cfg {
  uint32_t chain;        /* mutants per seed (or seed pair) before moving on */
  uint32_t per_step;     /* changes per step (OpFuzz m; sae: literal occurrences K) */
  uint32_t steps;        /* Janus: mutations per chain before restarting from the seed */
  int mode;              /* the technique's mode, an index into its `variants` (fusion: 0
                            sat, 1 unsat, 2 mixed) */
  const char *data_file; /* operator classes / fusion functions file, or NULL for built-ins */
  const char *reference; /* techniques with SG_TECH_ORACLE_REGRESSION: the profile name of the
                            solver whose decided answers the others must match, or NULL */
  uint32_t width;        /* generator bv: the bit width, 0 = drawn per formula */
  uint32_t format[2];    /* generator fp: eb and sb, 0 0 = drawn per formula */
  int ops;               /* generator strings: 0 every operation, 1 the paper's only (--ops) */
  /* enum (grammar-based enumeration; data_file is the grammar): */
  const char *from;      /* first global index (decimal, any size), NULL = 0 */
  uint64_t count;        /* formulas from `from` on; 0 = no end */
  const char *shard;     /* "I/N": the index blocks b with b mod N = I, or NULL */
  /* Set by the loop for generators that split an index range (sg_technique.until_eof): */
  uint32_t worker, workers; /* this worker among all (campaign workers x jobs) */
  uint64_t chain0;       /* the first chain number of this run (slices, resume) */
  uint64_t *next_block;  /* a run's workers take the next block from this shared counter
                            (atomic; a fast worker takes a slow one's share and a stopped run
                            leaves at most one part-done block per worker), or NULL: worker w
                            of W takes its c-th block as c*W + w (a campaign's, which resume
                            per worker) */
  /* Set by a campaign for until_eof generators (resume by index): this worker's formulas of
   * earlier slices (judged or found ill-typed); the run goes on with the next one, chain0
   * aside. */
  bool resume;
  uint64_t resume_at;
} sg_tech_cfg;

/* The oracles a technique brings beyond the shared ones (differential, metamorphic against
 * the expected status, model validity, crash): */
enum {
  /* A solver decided the previous step of the chain (sg_tech_mutant.prev) and answers unknown
   * or times out on this one (judged in fresh runs; replaces --incompleteness). */
  SG_TECH_ORACLE_IMPLICATION = 1u << 0,
  /* --reference NAME: that solver decides a mutant another solver does not. */
  SG_TECH_ORACLE_REGRESSION = 1u << 1,
  /* Its unsat mutants carry their known minimal unsat core (`;; core:` lines, oracle/core.h):
   * the solvers that answer unsat are asked for their core, which is judged against it. */
  SG_TECH_ORACLE_CORE = 1u << 2,
};

struct sg_opt; /* base/opt.h */

typedef struct sg_technique {
  const char *name;     /* its subcommand and campaign engine name */
  const char *summary;  /* one line for `smtgrind help` */
  const char *about;    /* its usage text after the usage line: what it does, its own
                           options (the shared flags are appended by the CLI) */
  const char *args;     /* the usage line's arguments before SEED|DIR... ("-o MODE ") */
  const struct sg_opt *opts; /* its own options, setting fields of sg_tech_cfg */
  uint32_t nopts;
  const char *data_help; /* what --data reads, or NULL when it takes no --data */
  sg_tech_cfg defaults; /* its defaults (chain: -i of its subcommand) */
  double timeout_s;     /* default -t of its subcommand */
  uint32_t campaign_chain; /* mutants per chain in a campaign slice */
  /* Campaign engines: NAME-VARIANT for each variant ("sat|unsat|mixed", the values of mode),
   * or NAME alone when NULL; and their default weights ("1|1|0", or "1"; 0: only when asked
   * for in --engines). */
  const char *variants;
  const char *weights;
  uint32_t nseeds;      /* seeds per chain: 1, 2 for fusion, or 0 for a generator (its chains
                           get the placeholder seed "(generated)"; its subcommand takes no
                           seed files) */
  bool needs_status;    /* seeds must be labelled (unlabelled ones are labelled first) */
  bool one_lane;        /* its oracles need the previous step judged first: one lane */
  bool perf;            /* ET's performance measure: each (mutant, solver) time of the first
                           probe kept in OUT/times-wW.tsv, solved counts at T = 2^-6 .. 2^3 s
                           printed at the end (loop/loop.h) */
  bool until_eof;       /* a generator whose chains go on (without a limit too) until begin
                           returns SG_RC_EOF: its range is exhausted (enum); its chains are
                           never left after timeouts (--chain-timeouts) */
  uint32_t oracles;     /* SG_TECH_ORACLE_* */
  /* A line describing the configuration for the start of a run, or NULL. */
  void (*describe) (const sg_tech_cfg *cfg, char *out, size_t size);
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
  /* What in the technique's own input made a mutant that does not type-check (a grammar's
   * rule and alternative, with its line), from the mutant's desc and the byte offset of the
   * error in its text, into out; "" when it cannot tell. NULL: the technique has no input of
   * its own to blame. Called by the thread that owns state, between chains or after them. */
  void (*explain) (void *state, const char *desc, size_t offset, char *out, size_t size);
} sg_technique;

/* The number of built-in techniques, and the i-th (in the table's order). */
size_t sg_technique_count (void);
const sg_technique *sg_technique_at (size_t i);
/* A campaign engine name (NAME or NAME-VARIANT; a generator's NAME alone is its "mixed"
 * variant, or its first) into its technique and mode; false when no technique has it. */
bool sg_technique_engine (const char *engine, const sg_technique **t /* OUT */, int *mode /* OUT */);
/* The default campaign engine list ("opfuzz=1,typefuzz=1,fuse-sat=1,...": every engine with
 * a positive default weight) into out. */
void sg_technique_default_engines (char *out, size_t size);
/* The campaign engine names, comma-separated ("opfuzz, typefuzz, fuse-sat, ..."). */
void sg_technique_engine_names (char *out, size_t size);
/* A technique other than t with option `flag` as typed ("-k", "-k3", "--k=3") (for "X belongs
 * to 'Y'"), or NULL. */
const sg_technique *sg_technique_owning (const sg_technique *t, const char *flag);
/* The built-in techniques by name, or NULL. */
const sg_technique *sg_technique_find (const char *name);

#endif
