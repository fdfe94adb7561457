#!/usr/bin/env bash
# enum_sessions.sh: solver throughput on enumerated formulas (issue 17), side by side in one run:
#  1. ET's way: one solver process per formula file (a shell loop, `timeout -s KILL`);
#  2. `smtgrind enum --no-sessions` (fresh processes through the fuzz loop);
#  3. `smtgrind enum` with sessions ((reset) between formulas; sampled models and confirmations
#     in fresh processes, as by default);
#  and the solver's own floor: all formulas piped into one solver process with (reset) between
#  them (no smtgrind, no checks).
# One job, one lane: one solver process at a time. Rates are given per wall-clock second and
# per CPU second (user + sys of smtgrind and the solvers: "per core", the fair figure on a
# shared, loaded machine).
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
  # 1. one process per file: wall and CPU (the loop's children) from /usr/bin/time
  /usr/bin/time -f "%e %U %S" -o "$tmp/t-file" bash -c \
    'for f in "$@"; do timeout -s KILL 8 '"$s"' "$f" >/dev/null 2>&1 || true; done' _ "$tmp"/files/*.smt2
  read -r fw fu fs < "$tmp/t-file"
  fc=$(awk -v u="$fu" -v y="$fs" 'BEGIN { print u + y }')
  line="$(printf "%-5s per file (ET): wall %6.1fs %7s/s cpu %6.1fs %7s/s" "$s" "$fw" "$(rate "$N" "$fw")" "$fc" "$(rate "$N" "$fc")")"
  # the solver's own floor: every formula into one process, (reset) between them, no smtgrind
  sargs=(-in)
  [[ $s == cvc5 || $s == cvc4 ]] && sargs=(--lang smt2 --incremental)
  [[ $s == cvc4 ]] && sargs+=(--strings-exp)
  sed 's/$/\n(reset)/' "$tmp/all.txt" > "$tmp/raw.smt2"
  /usr/bin/time -f "%e %U %S" -o "$tmp/t-raw" timeout -s KILL 600 "$s" "${sargs[@]}" < "$tmp/raw.smt2" > /dev/null 2>&1 || true
  read -r rw ru rs < "$tmp/t-raw"
  rc=$(awk -v u="$ru" -v y="$rs" 'BEGIN { print u + y }')
  line+="$(printf " | raw session (no smtgrind): wall %6.1fs %7s/s cpu %6.1fs %7s/s" "$rw" "$(rate "$N" "$rw")" "$rc" "$(rate "$N" "$rc")")"
  for mode in no-sessions sessions; do
    extra=()
    [[ $mode == no-sessions ]] && extra=(--no-sessions)
    /usr/bin/time -f "%e" -o "$tmp/t-$mode" "$BUILD/smtgrind" enum "$G" --count "$N" --solvers "$s" -t 8 --jobs 1 \
      --lanes 1 --no-parallel --seed 1 --out "$tmp/out-$s-$mode" "${extra[@]}" 2>"$tmp/log-$s-$mode" || true
    w=$(cat "$tmp/t-$mode")
    c=$(sed -n 's/^CPU: smtgrind \([0-9.]*\)s, solvers \([0-9.]*\)s.*/\1 \2/p' "$tmp/log-$s-$mode" | awk '{ print $1 + $2 }')
    eval "w_${mode//-/_}=$w c_${mode//-/_}=$c"
    line+="$(printf " | %s: wall %6.1fs %7s/s cpu %6.1fs %7s/s" "$mode" "$w" "$(rate "$N" "$w")" "$c" "$(rate "$N" "$c")")"
  done
  echo "$line"
  printf "      sessions vs per file: x%s wall, x%s cpu; vs --no-sessions: x%s wall, x%s cpu\n" \
    "$(awk -v a="$fw" -v b="$w_sessions" 'BEGIN { printf "%.2f", a / b }')" \
    "$(awk -v a="$fc" -v b="$c_sessions" 'BEGIN { printf "%.2f", a / b }')" \
    "$(awk -v a="$w_no_sessions" -v b="$w_sessions" 'BEGIN { printf "%.2f", a / b }')" \
    "$(awk -v a="$c_no_sessions" -v b="$c_sessions" 'BEGIN { printf "%.2f", a / b }')"
  grep -h '^\[' "$tmp/log-$s-sessions" | tail -1 | sed 's/^/      sessions: /'
  sed -n '/^solved within/,$p' "$tmp/log-$s-sessions" | sed 's/^/      /'
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
