/* walk: the list of input files named by command-line paths — a file as given, or every *.smt2
 * file under a directory tree.
 * Owns: the path strings in its list, until sg_walk_free.
 * Invariants: trees are walked with an explicit stack (no recursion on directory depth); the
 * files found under one directory argument are sorted by byte order of their paths; symbolic
 * links to directories inside a tree are not followed (no cycles).
 * Tests: tests/cli/run_cli_tests.sh (parse of a directory) */
#ifndef SG_CLI_WALK_H
#define SG_CLI_WALK_H

#include "base/rc.h"
#include "base/vec.h"

typedef struct sg_walk {
  SG_VEC (char *) paths; /* collected files, each owned (malloc) */
} sg_walk;

void sg_walk_init (sg_walk *w);
void sg_walk_free (sg_walk *w);
/* Append `arg` itself when it is not a directory, or the *.smt2 files below it when it is.
 * An argument that cannot be read gives SG_RC_IO in diag (diag->file = arg, which must outlive
 * the diag); paths collected before the error stay in the list. An empty input is an error
 * too: SG_RC_IO for "" (diag->file "''") and for a directory without a *.smt2 file. */
sg_rc sg_walk_add (sg_walk *w, const char *arg, sg_diag *diag);

#endif
