#!/usr/bin/env bash
# run_runner.sh: build bench_runner in Release mode (build-bench/) and measure solver calls per
# second, one process per call versus a persistent session, for z3 and cvc5.
#   bash bench/run_runner.sh [-n N] [-t TIMEOUT_MS] [-s z3,cvc5] [CORPUS_DIR]
# Default: the 500 files of ../shared/corpus with the smallest z3 time (INDEX.tsv).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
cmake --build build-bench -j "$(nproc)" --target bench_runner >/dev/null
build-bench/bench_runner "$@"
