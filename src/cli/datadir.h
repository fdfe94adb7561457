/* datadir: where the files that ship with smtgrind (the seeds of the main job) are found at run
 * time — relative to the running binary, never a path of the build tree compiled in.
 * Owns: nothing (the caller's buffer).
 * Invariants: the binary's own path is read from /proc/self/exe (symbolic links resolved), then
 * NAME is looked up, in this order, in
 *   BINDIR/SG_DATA_REL/NAME     an installed tree: PREFIX/bin/smtgrind and PREFIX/share/smtgrind
 *                               (SG_DATA_REL, relative, from CMake's GNUInstallDirs; default
 *                               ../share/smtgrind)
 *   BINDIR/share/smtgrind/NAME  the build folder: CMake links build/share/smtgrind/seeds to the
 *                               source tree's seeds/ (mirroring the installed layout)
 * and the first that exists is returned with realpath (so the build folder names the source
 * tree's seeds/, as before); none: NAME itself, relative to the current directory.
 * Tests: tests/cli/group_install.sh (the main job of a moved installation; strings of the binary) */
#ifndef SG_CLI_DATADIR_H
#define SG_CLI_DATADIR_H

#include <stdbool.h>
#include <stddef.h>

/* The path of the shipped NAME (e.g. "seeds") into out (size bytes; PATH_MAX is enough). True
 * when it was found beside the binary; false: out holds NAME (or "" when NAME does not fit). */
bool sg_cli_data_path (const char *name, char *out, size_t size);

#endif
