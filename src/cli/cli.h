/* cli: the smtgrind command line — the subcommand table (commands.def) and helpers shared by
 * the subcommand groups (main.c, cmd_front.c).
 * Owns: nothing. Only cli/ ends the process: subcommand functions return an SG_EXIT_* code,
 * which main() returns.
 * Tests: tests/cli/run_cli_tests.sh */
#ifndef SG_CLI_CLI_H
#define SG_CLI_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "base/buf.h"
#include "base/rc.h"

typedef struct sg_cli_cmd sg_cli_cmd;

/* A subcommand: argv[0] is its name, argv[1..argc-1] its arguments. Returns an exit code. */
typedef int sg_cli_fn (const sg_cli_cmd *cmd, int argc, char **argv);

struct sg_technique;

struct sg_cli_cmd {
  const char *name;  /* as typed after `smtgrind` */
  sg_cli_fn *run;    /* implementation */
  const char *help;  /* one line for `smtgrind help` */
  const char *usage; /* full text for `smtgrind NAME --help`, or NULL: made by usage_fn */
  void (*usage_fn) (sg_buf *out);
  const struct sg_technique *tech; /* the engine subcommands: their technique (tech/tech.h) */
};

#define CMD(name, fn, help, usage) sg_cli_fn fn;
#define CMDU(name, fn, help, usage_fn) sg_cli_fn fn; void usage_fn (sg_buf *out);
#include "cli/commands.def"
#undef CMD
#undef CMDU
/* Every technique of tech/tech.c is a subcommand run by this function (cmd_fuzz.c). */
sg_cli_fn sg_cli_engine;
void sg_cli_engine_usage_of (const struct sg_technique *t, sg_buf *out);

/* The subcommand named `name` (a row of commands.def or a technique) into out; false when
 * there is none. */
bool sg_cli_find (const char *name, sg_cli_cmd *out);
/* Print cmd's usage text to f. */
void sg_cli_usage (const sg_cli_cmd *cmd, FILE *f);
/* True for -h and --help. */
bool sg_cli_is_help (const char *arg);
/* Print "smtgrind NAME: error: MESSAGE" and a pointer to --help on stderr; returns
 * SG_EXIT_INPUT. */
int sg_cli_usage_error (const sg_cli_cmd *cmd, const char *fmt, ...)
    __attribute__ ((format (printf, 2, 3)));
/* Print a diagnostic as one "file:line:col: error: message" line on stderr. */
void sg_cli_print_diag (const sg_diag *d);
/* A decimal number in [lo, hi] (no sign, no trailing text) into *out; false otherwise. */
bool sg_cli_parse_u64 (const char *v, uint64_t lo, uint64_t hi, uint64_t *out);
/* Is argv[*i] the option `name` (or its one-letter `alias`, NULL for none) with its value next
 * or attached ("--out D", "--out=D", "-o D", "-oD", as the option tables take them)? 1: *v is
 * the value and *i is past it; 0: argv[*i] is another word; -1: a usage error was printed
 * ("--out needs a value"). */
int sg_cli_value (const sg_cli_cmd *cmd, int argc, char **argv, int *i, const char *name, const char *alias,
                  const char **v);
/* The more severe of two exit codes: internal errors (1) outrank input errors (2). */
int sg_cli_worse (int a, int b);
/* Output paths before any work (outcheck.c): a directory that exists and takes new files, or
 * can be created; a file that can be created in its directory (not a directory). SG_EXIT_OK,
 * or SG_EXIT_INPUT after "smtgrind WHO: error: output directory|file PATH: why". */
int sg_cli_out_dir (const char *who, const char *dir);
int sg_cli_out_file (const char *who, const char *path);
/* `campaign --shard auto` (shard.c): this shard and how many from the launcher's environment
 * (Slurm arrays, Kubernetes Indexed Jobs, GNU parallel; count: --shards, or 0); *from: the
 * variable read. SG_EXIT_OK, or SG_EXIT_INPUT after a usage error. */
int sg_cli_shard_auto (const sg_cli_cmd *cmd, unsigned count, uint32_t *shard, uint32_t *nshards, const char **from);

#endif
