/* profile: how to call one solver — binary, argv pieces, input mode, limits flags, version
 * probe, accepted logics, persistent-session support — and yinyang-style solver specs.
 * Owns: every string of an sg_profile (freed with sg_profile_free) and every profile of an
 *   sg_profiles set.
 * Invariants: a profile has a name ([A-Za-z0-9_.-]+) and a binary; every argv word is
 *   non-empty and free of control characters; built-in rows (profiles.def) go through the same
 *   loader as data/profiles/NAME.profile files.
 * Tests: tests/unit/run_test.c */
#ifndef SG_RUN_PROFILE_H
#define SG_RUN_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/rc.h"
#include "base/vec.h"

#define SG_PROFILE_NAME_MAX 31u /* bytes of a profile name */
#define SG_PROFILE_MAX_EXITS 8u /* exit codes in ok_exits */

typedef SG_VEC (char *) sg_strv; /* owned NUL-terminated words */

/* How a one-shot run passes the script. */
typedef enum sg_input_mode {
  SG_INPUT_FILE,  /* last argument is the script's path */
  SG_INPUT_STDIN, /* script on stdin, after stdin_args */
} sg_input_mode;

typedef struct sg_profile {
  char name[SG_PROFILE_NAME_MAX + 1]; /* "z3"; selects patterns rows too */
  char *binary;                /* command word: a name searched in PATH, or a path */
  sg_input_mode input;         /* one-shot input mode */
  sg_strv args;                /* always passed */
  sg_strv stdin_args;          /* when the script comes on stdin (z3 -in, cvc5 --lang smt2) */
  sg_strv incremental_args;    /* several check-sats (cvc5 --incremental) */
  sg_strv model_args;          /* produce models */
  sg_strv validate_args;       /* its own checks (z3 model_validate=true, cvc5 --check-models):
                                  never on a run that decides, only on a validating run of its
                                  own (oracle/probe.h) */
  sg_strv own_check_words;     /* a validating run that crashes with one of these in its output
                                  failed its own check (cvc5: checkUnsatCore, "produced core
                                  was satisfiable"): a bug, as a failed model check, not a note */
  sg_strv checked_model_args;  /* with validate_args: the solver prints the model its own check
                                  examines, as (model ...) on a line of its own (cvc4 -v -v), so
                                  a failed check is judged on that very model (oracle/probe.h) */
  sg_strv strings_args;        /* string theory (cvc5 --strings-exp) */
  sg_strv fp_args;             /* floating-point formats beyond Float32/Float64 (cvc5 --fp-exp) */
  sg_strv core_args;           /* asking for unsat cores (the script sets :produce-unsat-cores;
                                  these add the solver's own, e.g. z3 smt.core.minimize=true) */
  sg_strv timeout_args;        /* solver's own limit; words with {s} (ceil seconds) or {ms} */
  sg_strv version_args;        /* version probe (--version) */
  sg_strv session_args;        /* persistent session on stdin (empty when session is false) */
  sg_strv logics;              /* accepted logics; empty = any */
  sg_strv logics_without;      /* a logic whose name contains one of these is refused ("FP") */
  sg_strv user_args;           /* extra words from a solver spec, passed after the others */
  uint32_t fuzzed_args;        /* the last fuzzed_args words of user_args were drawn by option
                                  fuzzing (run/solopt.h): findings name them, the reducer
                                  minimises them */
  int ok_exits[SG_PROFILE_MAX_EXITS]; /* exit codes of a normal run (boolector: 0 10 20) */
  uint32_t n_ok_exits;         /* entries of ok_exits */
  bool session;                /* persistent sessions work with this solver */
  bool session_multiline;      /* it reads a |symbol| spanning lines from stdin (cvc4/cvc5 do
                                  not: sessions flatten those in set-info, re-run the rest) */
  bool session_pays;           /* a session is faster than one-shot runs for many small scripts
                                  (start-up dominates: z3); the fuzz loop then uses one */
  bool session_reset_assertions; /* (reset-assertions) clears declarations too: sessions use it
                                    between scripts that set no logic, option or scope */
  bool as_unlimited;           /* no RLIMIT_AS for this solver: WebAssembly reserves its memory
                                  up front (the npm z3 releases, run/npmz3.h) */
  bool model_after_failed_check; /* it goes on after its own model check fails, and its answer
                                    to the script's (get-model) is the model that check
                                    rejected (z3): a failed check is judged on that model */
  bool validate_unsat;         /* validate_args check unsat answers too (cvc5's
                                  --check-unsat-cores): an unsat answer gets a validating run */
  bool own_crash_markers;      /* only this solver's own failure markers (and signals) are
                                  crash evidence, never yinyang's generic words ("Exception",
                                  "Assertion", ...), which a model or an echo may hold */
  char version[64];            /* cached by sg_profile_version, "" before */
  bool version_probed;         /* the probe ran (version may still be "") */
} sg_profile;

/* What a run wants from the solver; sg_profile_argv turns it into words. */
typedef struct sg_argv_opts {
  const char *script_path;    /* SG_INPUT_FILE: the script (ignored with on_stdin) */
  bool on_stdin;              /* force stdin even for SG_INPUT_FILE profiles */
  bool incremental;           /* add incremental_args */
  bool models;                /* add model_args */
  bool validate;              /* add validate_args */
  bool checked_model;         /* with validate: add checked_model_args too */
  bool no_validate;           /* drop the user's words that are validate_args words too (a run
                                 without the solver's own model check, whatever the spec says) */
  bool strings;               /* add strings_args */
  bool fp;                    /* add fp_args */
  bool core;                  /* add core_args */
  uint32_t solver_timeout_ms; /* > 0: add timeout_args with this limit */
} sg_argv_opts;

void sg_profile_init (sg_profile *p);
void sg_profile_free (sg_profile *p);
sg_rc sg_profile_copy (const sg_profile *src, sg_profile *dst /* OUT, initialised here */);
/* Parse a profile text (key = value lines, see docs/solvers.md) into p (initialised here).
 * Errors go to d as name:line:col. */
sg_rc sg_profile_parse (const char *text, size_t len, const char *name, sg_profile *p,
                        sg_diag *d);
sg_rc sg_profile_load_file (const char *path, sg_profile *p, sg_diag *d);
/* A generic profile for an unknown binary: script as file argument, no flags. */
sg_rc sg_profile_generic (const char *binary, sg_profile *p);

/* argv for a one-shot run: binary, args, the optional groups, user_args, then stdin_args or
 * the script path. argv (a NULL-terminated vector of borrowed or owned words) is freed with
 * sg_strv_free; words are copies. */
sg_rc sg_profile_argv (const sg_profile *p, const sg_argv_opts *o, sg_strv *argv /* OUT */);
/* argv for a persistent session (session_args instead of the input words). SG_RC_USAGE when
 * the profile has no session support. */
sg_rc sg_profile_session_argv (const sg_profile *p, const sg_argv_opts *o,
                               sg_strv *argv /* OUT */);
/* Are profile names a and b of one solver family: the same name once a "-VERSION" suffix
 * (digits and dots) is dropped (z3 and z3-4.13.0, an npm release; cvc4 and cvc4-1.8)? Versions
 * of one solver share its bugs, so the majority rule and the referees count one opinion per
 * family. Any other name is its own family (run-yices.sh, z3-noodler, cvc5-fp). */
bool sg_profile_same_family (const char *a, const char *b);
/* Does the profile accept `logic` (NULL or "" = no set-logic: always)? */
bool sg_profile_accepts_logic (const sg_profile *p, const char *logic);
/* Can the binary be run: a path that is executable, or a name found in PATH? */
bool sg_profile_installed (const sg_profile *p);
/* Is `code` one of ok_exits? */
bool sg_profile_is_ok_exit (const sg_profile *p, int code);
/* Run `binary version_args` once (5 s limit) and cache the first version-like word
 * ("4.8.12"). *version is "" if none was found; SG_RC_IO if the binary cannot be run. */
sg_rc sg_profile_version (sg_profile *p, const char **version /* OUT */);
/* The first word of `text` that starts with a digit and has a '.' ("Z3 version 4.8.12 - 64
 * bit" -> "4.8.12"), trailing punctuation removed; "" if none. */
void sg_profile_extract_version (const char *text, size_t len, char *out, size_t size);

void sg_strv_free (sg_strv *v);

/* ---- a set of profiles: the built-ins plus loaded files ---------------------------------- */

typedef struct sg_profiles {
  SG_VEC (sg_profile) all; /* built-ins first; a loaded file replaces the row of its name */
  sg_strv paths;           /* file names found by sg_profiles_add_dir (diagnostics use them) */
} sg_profiles;

/* The built-in profiles (z3, cvc5, cvc4, boolector) of profiles.def. */
sg_rc sg_profiles_init (sg_profiles *ps, sg_diag *d);
void sg_profiles_free (sg_profiles *ps);
sg_rc sg_profiles_add_file (sg_profiles *ps, const char *path, sg_diag *d);
/* Every *.profile file of dir, in name order. */
sg_rc sg_profiles_add_dir (sg_profiles *ps, const char *dir, sg_diag *d);
const sg_profile *sg_profiles_find (const sg_profiles *ps, const char *name);

typedef SG_VEC (sg_profile) sg_solver_list; /* owned profiles (each freed with the list) */
void sg_solver_list_free (sg_solver_list *l);

/* Parse a solver spec "z3 model_validate=true;cvc5 --check-models -q": ';' separates solvers,
 * blanks separate words, the first word is the command and its basename selects the profile
 * (unknown names get the generic profile), the other words become user_args. Appends to out.
 * Errors go to d as name:1:col. */
sg_rc sg_profiles_parse_spec (const sg_profiles *ps, const char *spec, const char *name,
                              sg_solver_list *out, sg_diag *d);
/* Every solver of l can be started: its binary is found (PATH lookup), is a regular file and
 * is executable. Otherwise SG_RC_USAGE with d set to "solver 'WORD': not found in PATH" /
 * "... is a directory" / "... is not executable" (d's name is what the caller passes, e.g.
 * "--solvers"). Issue 14: a typo must not give a campaign of exec failures. */
sg_rc sg_solver_list_check (const sg_solver_list *l, sg_diag *d);
/* The automatic referees (issue 13's blame rule): every installed built-in solver among
 * z3, cvc5, cvc4, in that order, those not in `under_test` first, then those in it (a third
 * solver is asked even when it is under test, if its own run did not decide). Appends to
 * out. */
sg_rc sg_profiles_auto_referees (const sg_profiles *ps, const sg_solver_list *under_test,
                                 sg_solver_list *out, sg_diag *d);
/* A file of spec lines (one or more solvers per line, '#' comments). */
sg_rc sg_profiles_load_spec_file (const sg_profiles *ps, const char *path, sg_solver_list *out,
                                  sg_diag *d);

#endif
