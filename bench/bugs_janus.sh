#!/usr/bin/env bash
# bugs_janus.sh: confirmed Janus findings for a fixed CPU budget on the Debian solvers, by kind
# and solver, in two modes:
#   implication  --solvers "z3;cvc5"                     (unknown/timeout right after the same
#                                                          solver decided the previous step)
#   regression   --solvers "cvc4;cvc5" --reference cvc4  (cvc4 1.8 decides, cvc5 1.0.3 does not)
# Each mode runs `smtgrind janus` in rounds (wall budget ROUND_S each, rng seed 1, 2, ...; the
# labelled corpus seeds in a different deterministic order each round) until the CPU time of
# smtgrind plus the solvers (the loop's "CPU:" line) reaches CPU_S, so the figure does not depend
# on the machine's load. Then it prints the findings: counts by kind and solver, and for each
# implication/regression finding its solver, rule, step pair (k-1 -> k) and seed.
#   bash bench/bugs_janus.sh [CPU_S [ROUND_S]]     (defaults 300 and 60; per mode)
# Environment: SG_CORPUS (default ../shared/corpus), JANUS_ITER (chains per seed, default 4),
# JANUS_TIMEOUT (per solver run, default 10), KEEP=DIR (keep the findings in DIR).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cpu_budget=${1:-300}
round_s=${2:-60}
corpus=${SG_CORPUS:-../shared/corpus}
iter=${JANUS_ITER:-4}
timeout=${JANUS_TIMEOUT:-10}
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
cmake --build build-bench -j 2 --target smtgrind >/dev/null
out=${KEEP:-$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-janus.XXXXXX")}
mkdir -p "$out"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$out"' EXIT

# Labelled seeds with one check-sat (janus skips the others anyway).
mapfile -t seeds < <(awk -F'\t' 'NR > 1 && ($3 == "sat" || $3 == "unsat") { print $1 }' "$corpus/INDEX.tsv")

run_mode () { # NAME SOLVERS [EXTRA...]
  local name=$1 solvers=$2; shift 2
  local used=0 round=0 dir="$out/$name"
  mkdir -p "$dir"
  echo "== $name: --solvers \"$solvers\" $* (CPU budget ${cpu_budget}s, rounds of ${round_s}s, -i $iter, -t $timeout)"
  while awk -v u="$used" -v b="$cpu_budget" 'BEGIN { exit !(u < b) }'; do
    round=$((round + 1))
    # a deterministic order of the seeds for this round
    mapfile -t order < <(printf '%s\n' "${seeds[@]}" | awk -v r="$round" 'BEGIN { srand(r) } { print rand() "\t" $0 }' | sort -n | cut -f2)
    local files=()
    for s in "${order[@]}"; do files+=("$corpus/$s"); done
    local log="$dir/round$round.log"
    build-bench/smtgrind janus --solvers "$solvers" "$@" --index "$corpus/INDEX.tsv" -i "$iter" \
      -t "$timeout" --seed "$round" --budget "$round_s" --out "$dir/findings/round$round" "${files[@]}" \
      >"$log" 2>&1 || true
    local cpu
    cpu=$(awk '/^CPU: /{ gsub("s,", "", $3); gsub("s:", "", $5); print $3 + $5 }' "$log" | tail -n 1)
    used=$(awk -v u="$used" -v c="${cpu:-0}" 'BEGIN { print u + c }')
    grep -E '^\[' "$log" | tail -n 1 | sed "s/^/  round $round: /"
    echo "  CPU so far: ${used}s"
  done
  python3 - "$dir/findings" <<'EOF'
import json, os, sys, collections
d = sys.argv[1]
files = sorted(os.path.join(r, f) for r, _, fs in os.walk(d) for f in fs if f.endswith('.json'))
by = collections.Counter()
rows = []
for f in files:
    j = json.load(open(f))
    kind = j.get('kind')
    oracle = j.get('oracle')
    by[(kind + ('/' + oracle if oracle else ''), j.get('solver'))] += 1
    if oracle:
        step = j.get('step', 0)
        pair = f"{step - 1} -> {step}" if oracle == 'implication' else f"step {step}"
        rows.append((oracle, j.get('solver'), j.get('rule'), pair, (j.get('seeds') or ['?'])[0], os.path.relpath(f, d)[:-5]))
print(f"  confirmed findings: {len(files)}")
for (k, s), n in sorted(by.items()):
    print(f"    {k:32s} {s:8s} {n}")
for r in rows:
    print("    %-11s %-6s rule %-22s steps %-8s seed %s  (%s)" % r)
EOF
}

run_mode implication "z3;cvc5"
run_mode regression "cvc4;cvc5" --reference cvc4
echo "findings in $out${KEEP:+ (kept)}"
