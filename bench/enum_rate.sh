#!/usr/bin/env bash
# enum_rate.sh: generation rate of `smtgrind enum GRAMMAR --print` to /dev/null (issue 17:
# target >= 1,000,000 formulas/s for core and ints), every shipped grammar, from index 0 and
# from a large index (classes beyond 64 bits: the GMP path).
#   bash bench/enum_rate.sh [COUNT]     (default 3,000,000 formulas per line)
# Builds smtgrind in Release mode (build-bench/), unless BUILD names a build directory with it.
# Prints, per line: grammar, start, formulas, wall and CPU seconds, formulas/s (CPU), and the
# ratio to the 1,000,000/s target, side by side.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
COUNT=${1:-3000000}
if [[ -z "${BUILD:-}" ]]; then
  cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
  cmake --build build-bench -j "$(nproc)" --target smtgrind >/dev/null
  BUILD=build-bench
fi
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
TIMEFORMAT="%R %U %S"
for g in core ints reals realints bv arrays fp strings; do
  for from in 0 100000000000000000000000000000; do
    n=$COUNT
    [[ $from != 0 ]] && n=$((COUNT / 10))
    t=$( { time "$BUILD/smtgrind" enum "$g" --print --from "$from" --count "$n" >/dev/null; } 2>&1 )
    read -r real user sys <<<"$t"
    awk -v g="$g" -v f="$from" -v n="$n" -v r="$real" -v u="$user" -v y="$sys" \
      'BEGIN { c = u + y; if (c < 0.001) c = 0.001;
               printf "%-8s from %-31s formulas=%-8d wall=%.2fs cpu=%.2fs  %9.0f formulas/s  (target 1000000/s: x%.2f)\n",
                      g, f, n, r, c, n / c, n / c / 1000000 }'
  done
done
