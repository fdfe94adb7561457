#!/usr/bin/env bash
# test.sh: the test suite, in four stages (each must pass):
#   (a) build/       RelWithDebInfo build, all ctest tests (unit + CLI)
#   (b) build-asan/  Debug build with ASan+UBSan, all ctest tests again except those labelled slow
#                    or solverbound (tests whose time is the solvers')
#   (b2) build-release/ Release build of everything (warnings as errors), not run
#   (c) build-fuzz/  clang libFuzzer build, smoke runs of the seven harnesses (fuzz/), as many
#                    at once as there are cores: fuzz_parse
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
  ctest --test-dir build-asan --output-on-failure -j "$jobs" -LE "slow|solverbound"

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
trap 'kill $(jobs -p) 2>/dev/null || true; wait || true; rm -rf "$work"' EXIT
mkdir -p build-fuzz/artifacts
# smoke HARNESS SECONDS WHAT [libFuzzer flags]: one harness on the corpus $work/HARNESS, in the
# background, at most $jobs at once (each harness is one process: on N cores N of them fuzz side
# by side for their whole time); finish_smoke waits for every one.
declare -A smoke_pid=()
smoke_failed=()
reap_one() {
  local done_pid=0 st=0 h
  wait -n -p done_pid "${smoke_pid[@]}" || st=$?
  for h in "${!smoke_pid[@]}"; do
    if [ "${smoke_pid[$h]}" = "$done_pid" ]; then
      [ "$st" = 0 ] || smoke_failed+=("$h")
      unset "smoke_pid[$h]"
    fi
  done
}
smoke() {
  local h=$1 secs=$2 what=$3
  shift 3
  while [ "${#smoke_pid[@]}" -ge "$jobs" ]; do reap_one; done
  echo "test.sh: fuzzing $what for $secs s ($(find "$work/$h" -type f | wc -l) seed files): $h" >&2
  "build-fuzz/$h" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 "$@" \
    -artifact_prefix="$PWD/build-fuzz/artifacts/" -print_final_stats=1 "$work/$h" 2> "$work/$h.log" &
  smoke_pid[$h]=$!
}
finish_smoke() {
  local h
  for h in "${!smoke_pid[@]}"; do
    wait "${smoke_pid[$h]}" || smoke_failed+=("$h")
  done
  for h in fuzz_parse fuzz_model fuzz_grammar fuzz_options fuzz_json fuzz_config fuzz_data; do
    [ -f "$work/$h.log" ] && { grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==|SUMMARY)" "$work/$h.log" | sed "s/^/$h: /" >&2 || true; }
  done
  if [ "${#smoke_failed[@]}" -gt 0 ]; then
    for h in "${smoke_failed[@]}"; do
      echo "test.sh: error: $h found a failure; its log follows, inputs are in build-fuzz/artifacts/" >&2
      tail -n 60 "$work/$h.log" >&2
    done
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
cp tests/data/models/*.txt "$work/fuzz_model/"
cp data/grammars/*.bnf "$work/fuzz_grammar/"
# The option readers: the first byte picks the reader ('0' z3 -pd, '1' cvc5 --help, '2' cvc4
# --help, '3' a cache file); the installed solvers' whole help texts join the excerpts.
cp tests/data/options/*.txt "$work/fuzz_options/"
if command -v z3 >/dev/null; then { printf 0; z3 -pd 2>&1 || true; } > "$work/fuzz_options/z3-pd-full"; fi
if command -v cvc5 >/dev/null; then { printf 1; cvc5 --help 2>&1 || true; } > "$work/fuzz_options/cvc5-full"; fi
if command -v cvc4 >/dev/null; then { printf 2; cvc4 --help 2>&1 || true; } > "$work/fuzz_options/cvc4-full"; fi
cp tests/data/reduce/*.json "$work/fuzz_json/"
# Profiles ('0' first), solver specs ('1') and --version texts ('2').
for f in data/profiles/*.profile; do { printf 0; cat "$f"; } > "$work/fuzz_config/$(basename "$f")"; done
cp tests/data/config/*.txt "$work/fuzz_config/"
# --data files: '0' OpFuzz operator classes, '1' fusion functions.
{ printf 0; cat data/opfuzz.classes; } > "$work/fuzz_data/opfuzz.classes"
{ printf 1; cat data/fusion.functions; } > "$work/fuzz_data/fusion.functions"
# Longest first, so the runs pack onto the cores.
smoke fuzz_parse 45 "the script reader, type checker and printer"
smoke fuzz_model 20 "the model reader and output classifier"
smoke fuzz_options 20 "the option-table readers" -max_len=70000
smoke fuzz_grammar 15 "the grammar reader and the enumerator"
smoke fuzz_json 10 "the JSON reader and finding files"
smoke fuzz_config 10 "profiles, solver specs and version words"
smoke fuzz_data 10 "the --data files of opfuzz and fuse"
finish_smoke
echo "test.sh: all stages passed in $SECONDS s" >&2
