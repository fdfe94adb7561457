/* fuzzflags: the flags of the fuzz engines and of `campaign` as data — the structs they set
 * and the option tables made from cli/fuzz_opts.def (parsing and help come from the same
 * rows, base/opt.h), plus the engines' usage text built from a technique's row.
 * Owns: nothing (static tables).
 * Tests: tests/cli/run_cli_tests.sh (groups basic, fuzz, campaign) */
#ifndef SG_CLI_FUZZFLAGS_H
#define SG_CLI_FUZZFLAGS_H

#include "base/opt.h"
#include "cli/cli.h"
#include "oracle/probe.h"
#include "run/solopt.h"
#include "tech/tech.h"

/* The scopes of the rows of cli/fuzz_opts.def. */
enum { SG_CLI_ENGINE = 1, SG_CLI_CAMPAIGN = 2, SG_CLI_BOTH = 3 };

/* Everything the rows set: the engine subcommands' settings and the campaign's. */
typedef struct sg_cli_fuzz_cfg {
  /* BOTH */
  const char *spec;        /* --solvers */
  const char *spec_file;   /* --solvers-file */
  double timeout_s;        /* -t */
  uint64_t memout_mb;      /* --memout MB; 0 none; UINT64_MAX the default share */
  uint64_t seed;           /* --seed */
  bool seed_given;
  const char *index;       /* --index */
  bool models;             /* --no-models clears it */
  uint32_t model_sample;   /* --model-sample PCT */
  const char *referee;     /* --referee SPEC|none|auto */
  uint32_t chain_timeouts; /* --chain-timeouts N */
  bool incompleteness;     /* --incompleteness */
  const char *option_fuzz; /* --option-fuzz off|safe|full (NULL: off) */
  const char *option_cache; /* --option-cache DIR (NULL: the XDG cache) */
  uint32_t jobs;           /* --jobs (campaign: 0 = the cores) */
  double budget_s;         /* --budget (engines: 0 none) */
  bool budget_s_given;
  const char *out;         /* --out */
  /* ENGINE */
  sg_tech_cfg tc;          /* the technique's own options (-i is tc.chain, --data tc.data_file) */
  uint64_t mutants;        /* --mutants; 0 none */
  uint32_t lanes;          /* --lanes; 0 auto */
  int parallel;            /* --parallel 1, --no-parallel 0, -1 auto */
  bool sessions;           /* --no-sessions clears it */
  const char *adaptive;    /* --adaptive-timeout on|off (NULL: on) */
  /* CAMPAIGN */
  const char *engines, *resume, *shard_spec, *reducer;
  uint32_t slice_chains;
  uint32_t shards;         /* --shards N (for --shard auto); 0 not given */
  double reduce_budget_s, slice_s, triage_budget_s;
  bool reduce, force_log, report, triage;
} sg_cli_fuzz_cfg;

extern const sg_opt sg_cli_fuzz_opts[];
extern const size_t sg_cli_fuzz_nopts;

/* The defaults of the BOTH rows (timeout_s: the caller's); the rest zero. */
void sg_cli_fuzz_defaults (sg_cli_fuzz_cfg *c, double timeout_s);

/* The solvers of the SHARED flags: profiles, patterns, the solvers under test (resolved and
 * executable) and the referees (--referee: a spec, none, or auto). */
typedef struct sg_cli_solvers {
  sg_profiles ps;
  sg_patterns pats;
  sg_solver_list solvers, referees;
  sg_solopt_mode option_fuzz;     /* --option-fuzz */
  sg_solopt_table *tables;        /* per solver under test (with --option-fuzz) */
  const sg_solopt_table **table_of; /* per solver: &tables[i], or NULL (no option reader) */
} sg_cli_solvers;
/* Returns SG_EXIT_OK, or an exit code after printing why (then s is already closed). */
int sg_cli_solvers_open (const sg_cli_cmd *cmd, const sg_cli_fuzz_cfg *c, sg_cli_solvers *s /* OUT */);
void sg_cli_solvers_close (sg_cli_solvers *s);
/* Is argv[*i] a row of scope? 1 (applied to c), 0 (not one), or -1 after printing a usage
 * error for cmd. */
int sg_cli_fuzz_parse (const sg_cli_cmd *cmd, unsigned scope, sg_cli_fuzz_cfg *c, int argc, char **argv,
                       int *i);

/* The usage text of technique t's subcommand (usage line, about, its own options, the shared
 * flags with the defaults of defaults) into out. */
void sg_cli_engine_usage (const sg_technique *t, const sg_cli_fuzz_cfg *defaults, sg_buf *out);
/* The campaign's usage text. */
void sg_cli_campaign_usage (const sg_cli_fuzz_cfg *defaults, sg_buf *out);

#endif
