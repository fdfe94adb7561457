/* solopt: a solver's own option table, read from the binary (z3 -pd; cvc5 and cvc4 --help with
 * --OPT=help for the values of a mode), each candidate value tried alone on a trivial script,
 * cached per binary and version; seeded option configurations drawn from it (--option-fuzz).
 * Owns: every string of an sg_solopt_table (freed with sg_solopt_table_free) and the words of
 *   a drawn configuration (an sg_strv, freed with sg_strv_free).
 * Invariants: an option name is [A-Za-z0-9_.-]+ (z3: "smt.arith.solver"; cvc: "arith-prop",
 *   without dashes); a candidate value holds no blank; a value the binary rejected alone, or
 *   after which it gave no answer, is never drawn; an option of the exclusion list
 *   (solopt_exclude.def: semantics changed on purpose) or of type string or flag is never
 *   drawn (options that change the meaning of the input among them: sg_solopt_semantic, in
 *   every mode). The solvers' help texts and the cache files are external input: every line is
 *   validated, a bad cache line is an error with file:line:col, a help line we cannot read is
 *   skipped and counted.
 * Tests: tests/unit/solopt_test.c, tests/cli/run_cli_tests.sh groups options and semopts */
#ifndef SG_RUN_SOLOPT_H
#define SG_RUN_SOLOPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "base/rc.h"
#include "base/rng.h"
#include "base/vec.h"
#include "run/patterns.h"
#include "run/profile.h"

/* How option words are written. */
typedef enum sg_solopt_style {
  SG_SOPT_STYLE_Z3,  /* name=value */
  SG_SOPT_STYLE_CVC, /* --name / --no-name (bool), --name=value */
} sg_solopt_style;

/* X (ENUM, "name") */
#define SG_SOLOPT_TYPES(X)                                                                     \
  X (BOOL, "bool")     /* true / false (cvc: --name / --no-name) */                            \
  X (INT, "int")       /* a whole number */                                                    \
  X (DOUBLE, "double") /* a decimal */                                                         \
  X (MODE, "mode")     /* one of `values` */                                                   \
  X (STRING, "string") /* anything (a file name, a language, ...): never drawn */              \
  X (FLAG, "flag")     /* an action without a value (--help, --version): never drawn */

typedef enum sg_solopt_type {
#define X(e, s) SG_SOPT_##e,
  SG_SOLOPT_TYPES (X)
#undef X
  SG_SOPT_NTYPES
} sg_solopt_type;

/* What a candidate value did when tried alone on the trivial script. */
enum {
  SG_SOPT_UNTRIED = 0,
  SG_SOPT_OK = 'o',       /* answered as without it */
  SG_SOPT_REJECTED = 'r', /* the binary refused the option or the value */
  SG_SOPT_ODD = 'x',      /* ran but gave no (or another) answer: never drawn */
};

typedef struct sg_solopt {
  char *name;      /* see the invariants */
  sg_solopt_type type;
  char *values;    /* MODE: the values; INT: the values its description enumerates (z3);
                      blank-separated (NULL when unknown) */
  char *def;       /* the default as the solver prints it (NULL when it says none) */
  char *category;  /* z3: the module ("global" for the top level); cvc: the module of --help */
  bool expert;     /* cvc: "(EXPERTS only)"; z3: see sg_solopt_parse_z3 */
  bool experimental; /* its own help calls it experimental: "experimental" or "preliminary"
                        in its description (z3: or in its module's, "[module] sls,
                        description: Experimental ..."); set by the parsers only, not kept in
                        the cache file (sg_solopt_read_help reads it again) */
  bool unsound;    /* cvc: its help says "unsound" or "not SMT LIB compliant" */
  bool excluded;   /* unsound, or on the exclusion list (sg_solopt_mark_excluded) */
  char *trials;    /* "VALUE:S ..." (S one of 'o', 'r', 'x') for each candidate tried */
} sg_solopt;

typedef struct sg_solopt_table {
  char solver[32];         /* the profile name */
  char version[64];        /* the binary's version ("" unknown) */
  sg_solopt_style style;
  SG_VEC (sg_solopt) opts;
  uint32_t skipped;        /* help lines that looked like an option but could not be read */
} sg_solopt_table;

void sg_solopt_table_init (sg_solopt_table *t);
void sg_solopt_table_free (sg_solopt_table *t);
const char *sg_solopt_type_name (sg_solopt_type ty);

/* The parsers of the help texts (appending to t). z3 -pd: a "Global parameters" block and one
 * "[module] NAME, description: ..." block per module; z3 experts are the options outside the
 * modules smt, sat, rewriter and the global block. cvc5/cvc4 --help: "From the X module:"
 * sections, "[*]" a bool, "=N" an int, "=MODE" a mode (its values come later from
 * sg_solopt_parse_modes), "=P" / "=F" a double. Never fails on odd text (lines skipped, counted
 * in t->skipped); SG_RC_NOMEM only. */
sg_rc sg_solopt_parse_z3 (sg_solopt_table *t, const char *text, size_t len);
sg_rc sg_solopt_parse_cvc (sg_solopt_table *t, const char *text, size_t len);
/* Does the help text s[0, n) call its option experimental ("experimental" or "preliminary", in
 * any case: z3's sat.euf "this feature is preliminary and not ready for general consumption",
 * cvc5's --fp-exp "... (experimental)")? */
bool sg_solopt_says_experimental (const char *s, size_t n);
/* The "+ value" lines of `cvc5 --OPT=help` into o->values; "(default)" sets o->def. */
sg_rc sg_solopt_parse_modes (sg_solopt *o, const char *text, size_t len);
/* excluded := unsound or on the exclusion list (solopt_exclude.def) for t->solver. */
void sg_solopt_mark_excluded (sg_solopt_table *t);
/* Why option `name` of `solver` is excluded, or NULL. */
const char *sg_solopt_exclusion (const char *solver, const char *name);
/* Why option `name` of `solver` changes the meaning of the input (a SEMANTIC row of
 * solopt_exclude.def: extensionality off, another division-by-zero convention, another string
 * alphabet, ...), or NULL. Such an option is excluded too (never drawn, in any mode); a user
 * who gives one on --solvers gets it run as given. */
const char *sg_solopt_semantic (const char *solver, const char *name);

/* The candidate values of o (not its default): bool the other value, int the values its
 * description enumerates (z3: "0 - no solver, 1 - ...", kept in `values`) or else 0 1 2 3 10
 * and twice the default, double 0.0 0.5 2.0, mode every value; none for string and flag. */
sg_rc sg_solopt_candidates (const sg_solopt *o, sg_strv *out /* OUT: appended */);
/* The command-line word setting o to value ("smt.arith.solver=2", "--arith-prop=bi",
 * "--no-nl-ext"). */
sg_rc sg_solopt_word (sg_solopt_style st, const sg_solopt *o, const char *value,
                      char **word /* OUT: malloc'd */);
/* The option of t that the command-line word sets ("sat.euf=true"; "--fp-exp", "--no-fp-exp",
 * "--arith-prop=bi"), or NULL. */
const sg_solopt *sg_solopt_of_word (const sg_solopt_table *t, const char *word);
/* What the solver's own help says of o, for a report: "experimental", "expert" (a cvc-style
 * table: "(EXPERTS only)"; z3's experts are our grouping by module, never said), both as
 * "experimental, expert", or NULL. */
const char *sg_solopt_caveat (const sg_solopt_table *t, const sg_solopt *o);
/* The trial status of value ('o', 'r', 'x' or 0 untried). */
int sg_solopt_trial (const sg_solopt *o, const char *value);
/* Can o be drawn at all (not excluded, a type with candidates, some value tried ok)? */
bool sg_solopt_drawable (const sg_solopt *o);

/* The cache file: a header "# smtgrind solver options v4\tSOLVER\tVERSION\tSTYLE" then one line per
 * option: name, type, values ('-' none), default ('-' none), category, e (expert) / c,
 * u (unsound by its help) / -, trials ('-' none), tab-separated. The exclusion list is applied
 * when the file is read (it may have changed since). */
sg_rc sg_solopt_write (const sg_solopt_table *t, const char *path);
sg_rc sg_solopt_read (sg_solopt_table *t, const char *path, sg_diag *d);

/* Has p an option reader (z3's -pd, cvc5's and cvc4's --help; every release of those families,
 * but npm's z3)? */
bool sg_solopt_readable (const sg_profile *p);
/* Read t from the binary of p (help texts, then every candidate tried alone on a trivial
 * script with a 3 s limit each); progress (may be NULL) gets one line per 50 options. A stop
 * signal the caller blocked (sg_spawn_block_stop_signals) ends the process there: the solver
 * groups and the private directories go, it dies of the signal (run/spawn.h). */
sg_rc sg_solopt_probe (const sg_profile *p, const sg_patterns *pats, sg_solopt_table *t,
                       FILE *progress, sg_diag *d);
/* The table of p from its help texts alone (z3 -pd, cvc --help; 5 s each): names, types,
 * defaults, the expert and experimental marks and t->version, no mode values and no trials
 * (what a report needs to mark the options of a finding; milliseconds, not minutes). */
sg_rc sg_solopt_read_help (const sg_profile *p, sg_solopt_table *t, sg_diag *d);
/* The cache file of p: DIR/options-NAME-VERSION-HASH.tsv, DIR being dir or (NULL)
 * $XDG_CACHE_HOME/smtgrind or ~/.cache/smtgrind, HASH one of the binary's resolved path, size
 * and mtime. */
sg_rc sg_solopt_cache_path (const sg_profile *p, const char *dir, char *path /* OUT */,
                            size_t size, sg_diag *d);
/* The table of p from its cache file `path` (kept by the caller: diagnostics name it), probed
 * and written there when missing or when refresh is set. */
sg_rc sg_solopt_load (const sg_profile *p, const sg_patterns *pats, const char *path,
                      bool refresh, sg_solopt_table *t, FILE *progress, sg_diag *d);

/* The option-fuzzing modes. */
typedef enum sg_solopt_mode {
  SG_SOPT_FUZZ_OFF = 0,
  SG_SOPT_FUZZ_SAFE, /* up to 3 common options and at most one expert option */
  SG_SOPT_FUZZ_FULL, /* up to 6 options of any kind */
} sg_solopt_mode;
/* Parse "off" / "safe" / "full"; false otherwise. */
bool sg_solopt_mode_parse (const char *s, sg_solopt_mode *m /* OUT */);
/* Draw a configuration from t with r: words appended to out (no option twice). */
sg_rc sg_solopt_draw (const sg_solopt_table *t, sg_solopt_mode m, sg_rng *r,
                      sg_strv *out /* OUT: appended */);
/* The configuration a seed was written for: the words of one of its `; COMMAND-LINE:` lines
 * (cvc5's and cvc4's regression tests; one drawn with r when there are several) whose option
 * t has, may be drawn (not excluded, not a string or an action) and whose value was not
 * refused or odd when tried alone (an untried value is kept); safe keeps at most one expert
 * option. Only for cvc-style tables; nothing when m is off. Words appended to out. */
sg_rc sg_solopt_hint (const sg_solopt_table *t, sg_solopt_mode m, const char *text, size_t len,
                      sg_rng *r, sg_strv *out /* OUT: appended */);

#endif
