#!/usr/bin/env bash
# releases.sh: solver calls per second of a campaign against today's releases from PyPI
# (z3@latest;cvc5@latest: z3's own executable, cvc5 through smtgrind's driver over its Python
# API, src/run/drivers/cvc5.py) beside the same campaign against the Debian z3 and cvc5, one after
# the other in one run: same seeds, engines, seed, jobs and budget (issue 47: at least half).
#   bash bench/releases.sh [SECONDS [JOBS [SEED]]]     (default 60 s each, nproc jobs, seed 47)
# Prints each campaign's last status line and the ratio. Uses build/smtgrind; the releases are
# installed on first use (smtgrind releases --install does it beforehand).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
secs=${1:-60}
jobs=${2:-$(nproc)}
seed=${3:-47}
bin=build/smtgrind
[ -x "$bin" ] || { echo "releases.sh: build first (bash scripts/setup.sh --no-run)" >&2; exit 2; }
out=$(mktemp -d "${TMPDIR:-/tmp}/sg-releases.XXXXXX")
trap 'rm -rf "$out"' EXIT
rate() { # the solver calls and their rate from a campaign log's last status line
  grep -o 'solver calls [0-9]* ([0-9.]*/s' "$1" | tail -n 1 | sed 's/solver calls \([0-9]*\) (\([0-9.]*\)\/s/\1 \2/'
}
declare -A r
for spec in "z3;cvc5" "z3@latest;cvc5@latest"; do
  log=$out/$(echo "$spec" | tr ';@' '__').log
  "$bin" campaign --solvers "$spec" --budget "$secs" -j "$jobs" --seed "$seed" --no-reduce --no-report \
    --log --out "$out/c-$(echo "$spec" | tr ';@' '__')" seeds >"$log" 2>&1 || [ $? = 10 ]
  read -r calls per <<<"$(rate "$log")"
  r[$spec]=$per
  printf '%-24s %s solver calls in %s s: %s/s (%s)\n' "$spec" "$calls" "$secs" "$per" \
    "$(grep -o 'solvers "[^"]*"' "$log" | head -n 1)"
done
python3 -c 'import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print("releases / Debian: %.2f" % (b / a if a else 0))' \
  "${r["z3;cvc5"]}" "${r["z3@latest;cvc5@latest"]}"
echo "machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)"
