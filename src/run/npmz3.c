/* npmz3: the npm z3 releases as solvers (npmz3.h). */
#define _GNU_SOURCE
#include "run/npmz3.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "run/run.h"
#include "run/spawn.h"

/* The driver: evaluates the script with the low-level API, as z3's command line would print
 * it; an exception of the evaluation is printed as (error "...") (a rejection), one of node or
 * of the WebAssembly module (a trap) ends the process with 134, as an abort would. */
static const char driver[] =
  "// smtgrind's driver for the npm z3-solver release installed beside it (written by\n"
  "// src/run/npmz3.c: do not edit). Usage: node driver.js [--version] [key=value ...] [FILE]\n"
  "'use strict';\n"
  "// Old emscripten builds (4.8.17) fetch() their .wasm when fetch exists (node 18+).\n"
  "globalThis.fetch = undefined;\n"
  "const path = require('path');\n"
  "const fs = require('fs');\n"
  "const { init } = require(path.join(__dirname, 'node_modules', 'z3-solver'));\n"
  "(async () => {\n"
  "  const args = process.argv.slice(2);\n"
  "  const { Z3 } = await init();\n"
  "  if (args.includes('--version')) {\n"
  "    process.stdout.write('Z3 version ' + Z3.get_full_version() + '\\n');\n"
  "    process.exit(0);\n"
  "  }\n"
  "  if (args.includes('--session')) return session(Z3, args);\n"
  "  let file = null;\n"
  "  for (const a of args) {\n"
  "    const eq = a.indexOf('=');\n"
  "    if (a.startsWith('-')) continue;\n"
  "    if (eq > 0) { Z3.global_param_set(a.slice(0, eq), a.slice(eq + 1)); continue; }\n"
  "    file = a;\n"
  "  }\n"
  "  const text = fs.readFileSync(file === null ? 0 : file, 'utf8');\n"
  "  const cfg = Z3.mk_config();\n"
  "  const ctx = Z3.mk_context_rc(cfg);\n"
  "  Z3.del_config(cfg);\n"
  "  let out;\n"
  "  try { out = await Z3.eval_smtlib2_string(ctx, text); }\n"
  "  catch (e) { out = '(error \"' + String((e && e.message) || e).replace(/\"/g, \"'\") + '\")\\n'; }\n"
  "  process.stdout.write(out, () => process.exit(0));\n"
  "})().catch(die);\n"
  "function die(e) {\n"
  "  process.stderr.write('z3-npm driver: ' + String((e && e.stack) || e) + '\\n');\n"
  "  process.exit(134);\n"
  "}\n"
  "// --session: one context for every command read from stdin, the complete top-level forms\n"
  "// evaluated as they arrive and their output written at once (as z3 -in does); (exit) or\n"
  "// the end of stdin ends the process.\n"
  "function session(Z3, args) {\n"
  "  for (const a of args) {\n"
  "    const eq = a.indexOf('=');\n"
  "    if (!a.startsWith('-') && eq > 0) Z3.global_param_set(a.slice(0, eq), a.slice(eq + 1));\n"
  "  }\n"
  "  const cfg = Z3.mk_config();\n"
  "  const ctx = Z3.mk_context_rc(cfg);\n"
  "  Z3.del_config(cfg);\n"
  "  let buf = '', at = 0, depth = 0, start = -1, state = 0, ended = false, busy = false;\n"
  "  const forms = [];\n"
  "  // state: 0 code, 1 string, 2 |symbol|, 3 comment\n"
  "  const scan = () => {\n"
  "    for (; at < buf.length; at++) {\n"
  "      const c = buf[at];\n"
  "      if (state === 1) { if (c === '\"') state = 0; continue; }\n"
  "      if (state === 2) { if (c === '|') state = 0; continue; }\n"
  "      if (state === 3) { if (c === '\\n') state = 0; continue; }\n"
  "      if (c === '\"') state = 1;\n"
  "      else if (c === '|') state = 2;\n"
  "      else if (c === ';') state = 3;\n"
  "      else if (c === '(') { if (depth++ === 0) start = at; }\n"
  "      else if (c === ')' && depth > 0 && --depth === 0) {\n"
  "        forms.push(buf.slice(start, at + 1));\n"
  "        buf = buf.slice(at + 1); at = -1; start = -1;\n"
  "      }\n"
  "    }\n"
  "  };\n"
  "  const pump = async () => {\n"
  "    if (busy) return;\n"
  "    busy = true;\n"
  "    while (forms.length) {\n"
  "      // every complete form at hand in one evaluation: z3-solver 5.2.0 garbles its input\n"
  "      // when called once per form (3 of 5 runs of 30 formulas differed; 0 of 5 batched)\n"
  "      let f = forms.shift();\n"
  "      while (forms.length && !/^\\(\\s*exit\\s*\\)$/.test(f) && !/^\\(\\s*exit\\s*\\)$/.test(forms[0]))\n"
  "        f += '\\n' + forms.shift();\n"
  "      if (/^\\(\\s*exit\\s*\\)$/.test(f)) { ended = true; forms.length = 0; break; }\n"
  "      let out;\n"
  "      try { out = await Z3.eval_smtlib2_string(ctx, f); }\n"
  "      catch (e) { out = '(error \"' + String((e && e.message) || e).replace(/\"/g, \"'\") + '\")\\n'; }\n"
  "      if (out) await new Promise((r) => process.stdout.write(out, r));\n"
  "    }\n"
  "    busy = false;\n"
  "    if (ended) process.exit(0);\n"
  "  };\n"
  "  process.stdin.setEncoding('utf8');\n"
  "  process.stdin.on('data', (chunk) => { buf += chunk; scan(); pump().catch(die); });\n"
  "  process.stdin.on('end', () => { ended = true; pump().catch(die); });\n"
  "}\n";

bool
sg_npmz3_is_spec (const char *w)
{
  if (strncmp (w, "z3@", 3) || !w[3] || strlen (w) > 3 + 20) return false;
  for (const char *p = w + 3; *p; p++)
    if (!((*p >= '0' && *p <= '9') || *p == '.')) return false;
  return w[3] != '.';
}

sg_rc
sg_npmz3_dir (const char *version, char *dir, size_t size, sg_diag *d)
{
  const char *x = getenv ("XDG_CACHE_HOME"), *h = getenv ("HOME");
  int n;
  if (x && x[0] == '/') n = snprintf (dir, size, "%s/smtgrind/z3-npm/%s", x, version);
  else if (h && h[0] == '/') n = snprintf (dir, size, "%s/.cache/smtgrind/z3-npm/%s", h, version);
  else return sg_diag_set (d, SG_RC_USAGE, 0, 0, "z3@%s: no cache directory (set XDG_CACHE_HOME or HOME)", version);
  if (n <= 0 || (size_t) n >= size) return sg_diag_set (d, SG_RC_USAGE, 0, 0, "z3@%s: cache path too long", version);
  for (const char *p = dir; *p; p++)
    if (*p == ' ' || *p == '\t' || (unsigned char) *p < 0x20)
      return sg_diag_set (d, SG_RC_USAGE, 0, 0, "z3@%s: the cache path '%s' has a blank", version, dir);
  return SG_RC_OK;
}

/* Remove a failed installation (npm's tree: a few levels; `rm -r` with argv). */
static void
remove_tree (const char *dir)
{
  const char *argv[] = { "rm", "-rf", "--", dir, NULL };
  sg_spawn_opts so;
  memset (&so, 0, sizeof so);
  so.argv = argv;
  so.timeout_ms = 60000;
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  sg_spawn_run (&so, &r);
  sg_spawn_result_free (&r);
}

/* npm install z3-solver@version into a temporary directory beside dir, renamed to dir. */
static sg_rc
install (const char *version, const char *dir, FILE *progress, sg_diag *d)
{
  char parent[4096], tmp[4200], pkg[64];
  snprintf (parent, sizeof parent, "%s", dir);
  char *slash = strrchr (parent, '/');
  if (slash) *slash = 0;
  if (!sg_mkdir_p (parent)) return sg_diag_set (d, SG_RC_IO, 0, 0, "%s: cannot create: %s", parent, strerror (errno));
  snprintf (tmp, sizeof tmp, "%s/.install-%s-XXXXXX", parent, version);
  if (!mkdtemp (tmp)) return sg_diag_set (d, SG_RC_IO, 0, 0, "%s: %s", tmp, strerror (errno));
  snprintf (pkg, sizeof pkg, "z3-solver@%s", version);
  if (progress) fprintf (progress, "z3@%s: installing the npm package %s into %s\n", version, pkg, dir);
  const char *argv[] = { "npm", "install", "--prefix", tmp, "--no-audit", "--no-fund", "--no-save",
                         "--loglevel=error", pkg, NULL };
  sg_spawn_opts so;
  memset (&so, 0, sizeof so);
  so.argv = argv;
  so.timeout_ms = 600000;
  so.private_dir = NULL;
  sg_spawn_result r;
  sg_spawn_result_init (&r);
  sg_rc rc = sg_spawn_run (&so, &r);
  char probe[4400];
  snprintf (probe, sizeof probe, "%s/node_modules/z3-solver/package.json", tmp);
  if (rc || r.end != SG_END_EXITED || r.exit_code != 0 || access (probe, R_OK))
    {
      const char *e = sg_buf_cstr (&r.err);
      rc = sg_diag_set (d, SG_RC_IO, 0, 0, "z3@%s: npm install %s failed%s%.300s", version, pkg,
                        r.end == SG_END_EXEC_FAILED ? " (npm not found)" : e && *e ? ": " : "", e ? e : "");
      remove_tree (tmp);
    }
  else if (rename (tmp, dir) != 0)
    {
      int e = errno;
      remove_tree (tmp);
      snprintf (probe, sizeof probe, "%s/node_modules/z3-solver/package.json", dir);
      if ((e != EEXIST && e != ENOTEMPTY) || access (probe, R_OK)) /* else another process won */
        rc = sg_diag_set (d, SG_RC_IO, 0, 0, "%s: %s (a broken installation? remove it)", dir, strerror (e));
    }
  sg_spawn_result_free (&r);
  return rc;
}

sg_rc
sg_npmz3_profile (const char *word, sg_profile *p, FILE *progress, sg_diag *d)
{
  if (!sg_npmz3_is_spec (word))
    return sg_diag_set (d, SG_RC_USAGE, 0, 0, "'%s' is not z3@VERSION (digits and dots)", word);
  const char *version = word + 3;
  char dir[4096], probe[4200], drv[4200];
  sg_rc rc = sg_npmz3_dir (version, dir, sizeof dir, d);
  if (rc) return rc;
  snprintf (probe, sizeof probe, "%s/node_modules/z3-solver/package.json", dir);
  if (access (probe, R_OK) && (rc = install (version, dir, progress, d))) return rc;
  snprintf (drv, sizeof drv, "%s/driver.js", dir);
  char *old = NULL;
  size_t olen = 0;
  sg_diag ignore;
  sg_diag_init (&ignore, drv);
  bool same = sg_file_read (drv, 1u << 20, &old, &olen, &ignore) == SG_RC_OK && olen == sizeof driver - 1
              && !memcmp (old, driver, olen);
  free (old);
  if (!same && sg_file_write_atomic (drv, driver, sizeof driver - 1, false))
    return sg_diag_set (d, SG_RC_IO, 0, 0, "%s: cannot write", drv);
  char text[9000];
  int n = snprintf (text, sizeof text,
                    "name = z3-%s\n"
                    "binary = node\n"
                    "input = file\n"
                    "args = %s\n"
                    "model_args = model=true\n"
                    "validate_args = model_validate=true\n"
                    "model_after_failed_check = yes\n"
                    "version_args = %s --version\n"
                    "session = yes\n"
                    "session_pays = yes\n"
                    "session_args = %s --session\n"
                    "address_space_unlimited = yes\n",
                    version, drv, drv, drv);
  if (n <= 0 || (size_t) n >= sizeof text) return sg_diag_set (d, SG_RC_USAGE, 0, 0, "z3@%s: path too long", version);
  return sg_profile_parse (text, (size_t) n, word, p, d);
}
