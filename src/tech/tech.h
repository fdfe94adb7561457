/* tech: the interface every mutation technique implements for the one fuzz loop
 * (loop/loop.c): given its seeds and an rng, produce the next mutant as SMT-LIB text with
 * the status the construction predicts (or none: differential techniques). Techniques never
 * spawn a solver; the loop parses every mutant again (a mutant that does not type-check is a
 * bug of ours, counted and never run) and judges it with the oracles.
 * Owns: a technique's state (created by init, freed by free).
 * Layout: tech.c holds only the list of the techniques' rows and the lookups over it. Each
 * family folder (tech/mutate, tech/approx, tech/gen, tech/enum; families never include each
 * other) owns its engines, their adapters to this interface, their rows (a const sg_technique
 * each, exported by the family's FAMILY_tech.h) with their option tables, and the family's
 * options (FAMILY_cfg.h: a struct that includes only base/, a member of sg_tech_cfg).
 * Adding a technique: one file (or a family folder) with its functions and its row
 *   const sg_technique sg_tech_NAME = { .name = "NAME", ... };
 * declared `extern` in its family's FAMILY_tech.h, plus one line `&sg_tech_NAME,` in tech.c's
 * list (its place there is its place in `smtgrind help` and in the campaign engine list). The
 * row says everything the CLI, the campaign and the loop need (name, help, own options and
 * defaults, campaign variants and weights, labels, lanes, oracles). Options of its own: fields
 * of its family's cfg struct (a new family: a new FAMILY_cfg.h and one member of sg_tech_cfg)
 * and sg_opt rows whose offsets are SG_TECH_OFF (FAMILY.FIELD). No code outside src/tech/
 * names a technique.
 * Tests: tests/unit/loop_test.c */
#ifndef SG_TECH_TECH_H
#define SG_TECH_TECH_H

#include <stddef.h>

#include "base/buf.h"
#include "base/rng.h"
#include "base/answer.h"
#include "base/rc.h"
#include "tech/approx/approx_cfg.h"
#include "tech/enum/enum_cfg.h"
#include "tech/gen/gen_cfg.h"

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

enum { SG_TECH_MAX_QUERIES = 16 }; /* per-query expected answers a mutant carries, at most */

typedef struct sg_tech_mutant {
  sg_buf text;        /* the mutant script */
  sg_answer expected; /* status by construction; SG_ANS_NONE for differential techniques */
  /* Incremental mutants (SG_TECH_ORACLE_INCR): query k's answer by construction from the
   * seed's label (SG_ANS_NONE where the construction fixes nothing), for the first nqueries
   * queries; nqueries 0 for every other technique (the loop sets it to 0 before next). */
  sg_answer queries[SG_TECH_MAX_QUERIES];
  uint32_t nqueries;
  sg_buf desc;        /* what this step did, for the finding */
  uint32_t step;      /* position in the chain on the current seeds (1-based) */
  /* The previous step, for SG_TECH_ORACLE_IMPLICATION (NULL/0 for other techniques): */
  const char *prev;   /* text of the previous step (the seed at step 1), valid until next() */
  size_t prev_len;    /* its bytes */
  const char *rule;   /* rule this step applied (static string) */
  uint32_t iteration; /* chain number on the current seed (each chain restarts from the seed) */
} sg_tech_mutant;

/* A technique's mode, the index into its campaign `variants`: every technique with variants
 * (fuse, bv, fp, strings) names them in this order; 0 for the others. */
typedef enum sg_tech_mode {
  SG_TECH_SAT = 0,    /* mutants or formulas sat by construction */
  SG_TECH_UNSAT = 1,  /* unsat by construction */
  SG_TECH_MIXED = 2,  /* either, drawn per mutant (fusion: a sat and an unsat seed) */
  SG_TECH_RANDOM = 3, /* no status: differential (generators) */
} sg_tech_mode;
/* base/opt.h's SG_OPT_CHOICE writes an int at the row's offset. */
_Static_assert (sizeof (sg_tech_mode) == sizeof (int), "SG_OPT_CHOICE writes sg_tech_mode as an int");

/* A technique's options: the common ones, then each family's own (a family's header, which
 * includes only base/, defines its struct; its option rows point into it). */
typedef struct sg_tech_cfg {
  uint32_t chain;        /* mutants per seed (or seed pair) before moving on */
  uint32_t per_step;     /* changes per step (OpFuzz m; sae: literal occurrences K) */
  sg_tech_mode mode;     /* the technique's mode: its variant (fusion: sat, unsat, mixed) */
  const char *data_file; /* operator classes / fusion functions file, or NULL for built-ins */
  const char *reference; /* techniques with SG_TECH_ORACLE_REGRESSION: the profile name of the
                            solver whose decided answers the others must match, or NULL */
  sg_approx_cfg approx;  /* tech/approx: janus's --steps */
  sg_gen_cfg gen;        /* tech/gen: bv's --width, fp's --format, strings' --ops */
  sg_enum_cfg enumeration; /* tech/enum: --from, --count, --shard */
} sg_tech_cfg;

/* Where a run's worker stands, set by the loop (never an option): generators that split an
 * index range (sg_technique.until_eof) read it; the others ignore it. NULL to init: one
 * worker, from chain 0, no shared queue, no resume. */
typedef struct sg_tech_sched {
  uint32_t worker, workers; /* this worker among all (campaign workers x jobs); 0 workers: 1 */
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
} sg_tech_sched;

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
  /* Its mutants are incremental scripts: each query's answers are judged against the query's
   * scope asked alone, and the solvers' models, values, unsat cores and unsat assumptions after
   * their answers (oracle/incr.h). */
  SG_TECH_ORACLE_INCR = 1u << 3,
};

struct sg_opt; /* base/opt.h */

/* A family's option rows: the offset of a field of sg_tech_cfg ("approx.steps"), and the
 * number of rows of a table. */
#define SG_TECH_OFF(f) ((uint16_t) offsetof (sg_tech_cfg, f))
#define SG_TECH_NOPTS(a) (uint32_t) (sizeof a / sizeof a[0])

enum { SG_TECH_MAX_VARIANTS = 4 }; /* campaign variants of one technique, at most */

typedef struct sg_technique {
  const char *name;     /* its subcommand and campaign engine name */
  const char *summary;  /* one line for `smtgrind help` */
  const char *about;    /* its usage text after the usage line: what it does, its own
                           options (the shared flags are appended by the CLI) */
  const char *args;     /* the usage line's arguments before SEED|DIR... ("-o MODE ") */
  const struct sg_opt *opts; /* its own options, setting fields of sg_tech_cfg (SG_TECH_OFF) */
  uint32_t nopts;
  const char *data_help; /* what --data reads, or NULL when it takes no --data */
  sg_tech_cfg defaults; /* its defaults (chain: -i of its subcommand) */
  double timeout_s;     /* default -t of its subcommand */
  uint32_t campaign_chain; /* mutants per chain in a campaign slice */
  /* Campaign engines: NAME-VARIANT for each variant ({ "sat", "unsat", "mixed" }, named by
   * sg_tech_mode: variants[k] is mode k; NULL-terminated), or NAME alone when variants[0] is
   * NULL; and their default weights, one per variant or weights[0] for NAME alone (0: only
   * when asked for in --engines). */
  const char *variants[SG_TECH_MAX_VARIANTS + 1];
  uint32_t weights[SG_TECH_MAX_VARIANTS];
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
  /* Its state for options cfg and the worker's place sched (NULL: alone, from chain 0). */
  sg_rc (*init) (const sg_tech_cfg *cfg, const sg_tech_sched *sched, void **state /* OUT */,
                 sg_diag *d);
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
bool sg_technique_engine (const char *engine, const sg_technique **t /* OUT */,
                          sg_tech_mode *mode /* OUT */);
/* t's variants as "sat|unsat|mixed" into out ("" when it has none); their number (0: none). */
size_t sg_technique_variants (const sg_technique *t, char *out, size_t size);
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
