#!/usr/bin/env bash
# gen_rate.sh: generation rates of the bv and fp generators (issue 19), sat and unsat.
#   bash bench/gen_rate.sh [COUNT [SEED]]     (default 5000 formulas per line, seed 1)
# Builds bench_gen and smtgrind in Release mode (build-bench/), unless BUILD names a build
# directory that has both. Two parts:
#  1. bench_gen (bench/gen.c), in process: formulas/s of the generator alone (gen_rate: drawing,
#     building, exact evaluation for sat) and with every formula parsed and sort-checked back
#     (gen+parse_rate), per width / format.
#  2. `smtgrind gen` end to end (generate, parse back, write one file each with the atomic
#     writer): wall-clock and CPU seconds (user+sys); the file system's cost shows in sys.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
COUNT=${1:-5000}
SEED=${2:-1}
if [[ -z "${BUILD:-}" ]]; then
  cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
  cmake --build build-bench -j "$(nproc)" --target bench_gen smtgrind >/dev/null
  BUILD=build-bench
fi
for s in sat unsat; do
  "$BUILD/bench_gen" bv "$s" "$COUNT" "$SEED"
  "$BUILD/bench_gen" bv "$s" "$COUNT" "$SEED" 3
  "$BUILD/bench_gen" bv "$s" "$COUNT" "$SEED" 8
  "$BUILD/bench_gen" bv "$s" "$COUNT" "$SEED" 64
done
for s in sat unsat; do
  "$BUILD/bench_gen" fp "$s" "$COUNT" "$SEED"
  "$BUILD/bench_gen" fp "$s" "$COUNT" "$SEED" 2 3
  "$BUILD/bench_gen" fp "$s" "$COUNT" "$SEED" 8 24
  "$BUILD/bench_gen" fp "$s" "$COUNT" "$SEED" 11 53
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for g in bv fp; do
  for s in sat unsat; do
    rm -rf "$tmp/out"
    TIMEFORMAT="%R %U %S"
    t=$( { time "$BUILD/smtgrind" gen "$g" --status "$s" --count "$COUNT" --seed "$SEED" --out "$tmp/out" -q; } 2>&1 )
    read -r real user sys <<<"$t"
    awk -v g="$g" -v s="$s" -v n="$COUNT" -v r="$real" -v u="$user" -v y="$sys" \
      'BEGIN { printf "%-3s %-6s smtgrind gen   files=%d wall=%.2fs (%.0f/s) cpu=%.2fs (%.0f/s; user %.2fs, sys %.2fs)\n", g, s, n, r, n / r, u + y, n / (u + y), u, y }'
  done
done
