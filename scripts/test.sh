#!/usr/bin/env bash
# test.sh: the test suite, in four stages (each must pass):
#   (a) build/       RelWithDebInfo build, all ctest tests (unit + CLI)
#   (b) build-asan/  Debug build with ASan+UBSan, all ctest tests again except those labelled slow
#   (b2) build-release/ Release build of everything (warnings as errors), not run
#   (c) build-fuzz/  clang libFuzzer build, smoke runs of the six harnesses (fuzz/): fuzz_parse
#                    45 s on a seed corpus (tests/data, examples, tests/parse and up to 200 files
#                    of ../shared/corpus), fuzz_model 20 s (tests/data/models), fuzz_grammar 15 s
#                    (data/grammars), fuzz_options 20 s (tests/data/options and the installed
#                    solvers' help texts), fuzz_json 10 s (tests/data/reduce), fuzz_config 10 s
#                    (data/profiles, tests/data/config), fuzz_data 10 s (data/opfuzz.classes,
#                    data/fusion.functions); skipped when clang is missing. Crash inputs land
#                    in build-fuzz/artifacts/.
# Run scripts/setup.sh first on a fresh machine (it installs the packages).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs=$(nproc)

# Each stage line says how long the run has taken so far (the CI budget is 25 minutes).
stage() { printf '\n==== %s ==== (at %d s)\n' "$*" "$SECONDS"; }

stage "(a) build/: unit and CLI tests"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSG_WERROR=ON
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"

stage "(b) build-asan/: unit and CLI tests under ASan+UBSan"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DSG_SANITIZE=ON -DSG_WERROR=ON
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE slow

stage "(b2) build-release/: Release build of the library, the CLI and every test (no run)"
# Users pick their build type: every one must build. -Werror is on here (developers and CI)
# and off by default (option SG_WERROR), so a user's compiler never fails the build on a warning.
cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release -DSG_WERROR=ON
cmake --build build-release -j "$jobs"

stage "(c) build-fuzz/: fuzzing smoke runs"
if ! command -v clang >/dev/null; then
  echo "test.sh: clang not found: fuzz smoke test skipped" >&2
  exit 0
fi
CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSG_WERROR=ON -DSG_FUZZ=ON -DSG_TESTS=OFF
cmake --build build-fuzz -j "$jobs" --target fuzz_parse fuzz_model fuzz_grammar fuzz_options fuzz_json fuzz_config fuzz_data

work=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p build-fuzz/artifacts
# smoke HARNESS SECONDS WHAT [libFuzzer flags]: one harness on the corpus $work/HARNESS.
smoke() {
  local h=$1 secs=$2 what=$3
  shift 3
  echo "test.sh: fuzzing $what for $secs s ($(find "$work/$h" -type f | wc -l) seed files)" >&2
  if ! "build-fuzz/$h" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 "$@" \
        -artifact_prefix="$PWD/build-fuzz/artifacts/" -print_final_stats=1 "$work/$h"; then
    echo "test.sh: error: $h found a failure; inputs are in build-fuzz/artifacts/" >&2
    exit 1
  fi
}
mkdir -p "$work"/{fuzz_parse,fuzz_model,fuzz_grammar,fuzz_options,fuzz_json,fuzz_config,fuzz_data}
i=0
for f in tests/data/*.smt2 examples/*.smt2 tests/parse/*.smt2; do
  [ -f "$f" ] || continue
  cp "$f" "$work/fuzz_parse/seed$((i += 1)).smt2"
done
shared=../shared/corpus
if [ -d "$shared" ]; then
  # Up to 200 files spread evenly over the (sorted) corpus, so every logic folder contributes.
  find "$shared" -name '*.smt2' -type f | LC_ALL=C sort > "$work/all"
  total=$(wc -l < "$work/all")
  step=$(( total > 200 ? (total + 199) / 200 : 1 ))
  awk -v s="$step" '(NR - 1) % s == 0 && n++ < 200' "$work/all" > "$work/picked"
  while IFS= read -r f; do
    cp "$f" "$work/fuzz_parse/seed$((i += 1)).smt2"
  done < "$work/picked"
fi
smoke fuzz_parse 45 "the script reader, type checker and printer"
cp tests/data/models/*.txt "$work/fuzz_model/"
smoke fuzz_model 20 "the model reader and output classifier"
cp data/grammars/*.bnf "$work/fuzz_grammar/"
smoke fuzz_grammar 15 "the grammar reader and the enumerator"
# The option readers: the first byte picks the reader ('0' z3 -pd, '1' cvc5 --help, '2' cvc4
# --help, '3' a cache file); the installed solvers' whole help texts join the excerpts.
cp tests/data/options/*.txt "$work/fuzz_options/"
if command -v z3 >/dev/null; then { printf 0; z3 -pd 2>&1 || true; } > "$work/fuzz_options/z3-pd-full"; fi
if command -v cvc5 >/dev/null; then { printf 1; cvc5 --help 2>&1 || true; } > "$work/fuzz_options/cvc5-full"; fi
if command -v cvc4 >/dev/null; then { printf 2; cvc4 --help 2>&1 || true; } > "$work/fuzz_options/cvc4-full"; fi
smoke fuzz_options 20 "the option-table readers" -max_len=70000
cp tests/data/reduce/*.json "$work/fuzz_json/"
smoke fuzz_json 10 "the JSON reader and finding files"
# Profiles ('0' first), solver specs ('1') and --version texts ('2').
for f in data/profiles/*.profile; do { printf 0; cat "$f"; } > "$work/fuzz_config/$(basename "$f")"; done
cp tests/data/config/*.txt "$work/fuzz_config/"
smoke fuzz_config 10 "profiles, solver specs and version words"
# --data files: '0' OpFuzz operator classes, '1' fusion functions.
{ printf 0; cat data/opfuzz.classes; } > "$work/fuzz_data/opfuzz.classes"
{ printf 1; cat data/fusion.functions; } > "$work/fuzz_data/fusion.functions"
smoke fuzz_data 10 "the --data files of opfuzz and fuse"
echo "test.sh: all stages passed in $SECONDS s" >&2
