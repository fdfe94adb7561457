#!/usr/bin/env bash
# enum_sessions.sh: solver throughput on enumerated formulas (issue 17), side by side in one run:
#  1. ET's way: one solver process per formula file (a shell loop, `timeout -s KILL`);
#  2. `smtgrind enum --no-sessions` (fresh processes through the fuzz loop);
#  3. `smtgrind enum` with sessions ((reset) between formulas; confirmations in fresh processes).
# One job, one lane: one solver process at a time, so formulas/s is per core.
#   bash bench/enum_sessions.sh [GRAMMAR [COUNT [SOLVER...]]]   (default ints 2000 z3 cvc5)
# Targets (issue 17): sessions >= 3x one process per formula on z3; per core on Ints >= 250/s
# against z3 and >= 1,000/s against cvc5.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
G=${1:-ints}
N=${2:-2000}
shift $(( $# > 2 ? 2 : $# ))
SOLVERS=("$@")
[[ ${#SOLVERS[@]} -eq 0 ]] && SOLVERS=(z3 cvc5)
if [[ -z "${BUILD:-}" ]]; then
  cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
  cmake --build build-bench -j "$(nproc)" --target smtgrind >/dev/null
  BUILD=build-bench
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); grammar $G, first $N formulas"
"$BUILD/smtgrind" enum "$G" --print --count "$N" > "$tmp/all.txt"
mkdir "$tmp/files"
split -l 1 -a 6 -d --additional-suffix=.smt2 "$tmp/all.txt" "$tmp/files/f"
rate () { awk -v n="$1" -v s="$2" 'BEGIN { printf "%.1f", n / (s > 0.001 ? s : 0.001) }'; }
for s in "${SOLVERS[@]}"; do
  args=()
  [[ $s == cvc5 || $s == cvc4 ]] && args=(--lang smt2)
  t0=$(date +%s.%N)
  for f in "$tmp"/files/*.smt2; do timeout -s KILL 8 "$s" "${args[@]}" "$f" >/dev/null 2>&1 || true; done
  t1=$(date +%s.%N)
  per_file=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')
  for mode in --no-sessions sessions; do
    extra=()
    [[ $mode == --no-sessions ]] && extra=(--no-sessions)
    t0=$(date +%s.%N)
    "$BUILD/smtgrind" enum "$G" --count "$N" --solvers "$s" -t 8 --jobs 1 --lanes 1 --no-parallel \
      --seed 1 --out "$tmp/out-$s-$mode" "${extra[@]}" 2>"$tmp/log-$s-$mode" || true
    t1=$(date +%s.%N)
    eval "t_${mode//-/_}=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
  done
  ns=$t___no_sessions
  ss=$t_sessions
  printf "%-6s one process per file (ET): %6.1fs %7s/s | smtgrind --no-sessions: %6.1fs %7s/s | smtgrind sessions: %6.1fs %7s/s | sessions vs per file x%s, vs --no-sessions x%s\n" \
    "$s" "$per_file" "$(rate "$N" "$per_file")" "$ns" "$(rate "$N" "$ns")" "$ss" "$(rate "$N" "$ss")" \
    "$(awk -v a="$per_file" -v b="$ss" 'BEGIN { printf "%.2f", a / b }')" \
    "$(awk -v a="$ns" -v b="$ss" 'BEGIN { printf "%.2f", a / b }')"
  grep -h '^\[' "$tmp/log-$s-sessions" | tail -1 | sed 's/^/       sessions: /'
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
