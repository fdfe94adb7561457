#!/usr/bin/env bash
# run_parse.sh: build bench_parse in Release mode (build-bench/) and measure the typed reader.
#   bash bench/run_parse.sh [DIR [ROUNDS]]     (default DIR: ../shared/corpus)
# Prints: files=N bytes=B time=S MB/s=X terms/s=Y commands/s=Z failures=F rounds=R
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
cmake --build build-bench -j "$(nproc)" --target bench_parse >/dev/null
build-bench/bench_parse "$@"
