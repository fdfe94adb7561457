/* opt: command-line options as data (in the manner of Kissat's options.h) — one row per
 * option gives its spellings, its value's type and range, the field it sets and its help
 * line; the same rows parse argv and print the help text, so the two cannot drift apart.
 * A table is an array of sg_opt, usually made by an X-macro list (cli/fuzz_opts.def) or
 * written in place (a technique's own options, tech/FAMILY/FAMILY_tech.c).
 * Owns: nothing (rows are static; fields are set in a caller's struct by offset).
 * Invariants: a value out of range or malformed is an error naming the option as typed and
 *   the value ("-t needs positive seconds, got 'x'"), never clamped; a string value is the
 *   argv pointer itself, or the part after '=' or the alias (valid as long as argv).
 *   A value is the next argument, or attached as getopt and argparse take it: "--jobs=4",
 *   "-j4" (a one-letter alias); "--switch=x" is an error, "-vx" is not an option.
 * Tests: tests/unit/opt_test.c; tests/cli/run_cli_tests.sh (usage errors) */
#ifndef SG_BASE_OPT_H
#define SG_BASE_OPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

typedef enum sg_opt_type {
  SG_OPT_STR,    /* const char *: the value as given */
  SG_OPT_U32,    /* uint32_t in [lo, hi] */
  SG_OPT_U64,    /* uint64_t in [lo, hi] */
  SG_OPT_SECS,   /* double in [lo, hi] (decimal or exponent form) */
  SG_OPT_CHOICE, /* int: the index of the value among `choices` ("sat|unsat|mixed") */
  SG_OPT_SET,    /* a switch: int field set to lo */
  SG_OPT_TRUE,   /* a switch: bool field set to true */
  SG_OPT_FALSE,  /* a switch: bool field set to false */
  SG_OPT_U32X2,  /* two values ("--format EB SB"): uint32_t fields at off and off + 4, each in
                    [lo, hi] */
} sg_opt_type;

enum { SG_OPT_NO_GIVEN = 0xffff };

typedef struct sg_opt {
  uint8_t scope;       /* the commands that take it: a bit mask of the caller's (0: all) */
  const char *name;    /* "--timeout" */
  const char *alias;   /* "-t", or NULL */
  const char *arg;     /* the value's name in the help ("S"), NULL for switches */
  sg_opt_type type;
  uint16_t off;        /* offset of the field it sets */
  uint16_t given;      /* offset of a bool set when the option is given, or SG_OPT_NO_GIVEN */
  double lo, hi;       /* range of numbers; SG_OPT_SET: the value */
  const char *what;    /* what a value must be, for errors ("positive seconds") */
  const char *choices; /* SG_OPT_CHOICE: "a|b|c" */
  const char *help;    /* help text; "%D" is replaced by the field's default; '\n' + indent
                          continues it on the next line */
} sg_opt;

/* Is argv[*i] an option of the rows in scope (rows whose scope is 0 or shares a bit with
 * scope)? Returns 1 when it is and was applied to target (the value,
 * if any, consumed: *i advanced past it), 0 when it is not an option of these rows, -1 on an
 * error (a message without the program name in err: "--jobs needs 1..256, got 'x'"). */
int sg_opt_parse (const sg_opt *rows, size_t n, unsigned scope, void *target, int argc, char **argv,
                  int *i, char *err, size_t esize);
/* The row in scope that name spells, or NULL. */
const sg_opt *sg_opt_find (const sg_opt *rows, size_t n, unsigned scope, const char *name);
/* Append the help lines of the rows in scope to out ("  -t, --timeout S    per solver run (default 8)"),
 * with each "%D" replaced by the field's value in defaults. */
void sg_opt_help (const sg_opt *rows, size_t n, unsigned scope, const void *defaults, sg_buf *out);

#endif
