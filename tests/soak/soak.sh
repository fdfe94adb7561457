#!/usr/bin/env bash
# soak.sh: a long campaign against a solver that misbehaves on purpose (issue 14), then the
# checks that nothing was left behind and nothing grew.
#
#   bash tests/soak/soak.sh [BUILD_DIR]        (default build/; SOAK_MINUTES=60, SOAK_SAMPLE_S=60)
#
# Runs `smtgrind campaign -j 2` for SOAK_MINUTES with the solvers "fake_solver chaos;z3" on the
# seeds of seeds/ (the fake solver hangs, segfaults, floods stdout, eats memory, prints
# garbage, fails assertions, leaves children behind, in turn: tests/fake/fake_solver.c), with
# a private TMPDIR. Every SOAK_SAMPLE_S seconds it prints the RSS (kB) and the open file
# descriptors summed over the campaign's smtgrind processes. At the end it fails (exit 1)
# when:
#   - a process of the campaign (smtgrind, a solver, a child a solver left) is still alive;
#   - a file is left in the private TMPDIR;
#   - the RSS grew: the last sample above the first sample after the first minute by more
#     than 50% and 20 MB, or the fds: the last sample above that one by more than 8;
#   - `smtgrind bugs check` of the campaign fails.
# Labelled slow: not part of `scripts/test.sh`; docs/reliability.md has the figures of a run.
set -uo pipefail
build=${1:-build}
bin=$build/smtgrind
fake=$(realpath "$build/fake_solver")
minutes=${SOAK_MINUTES:-60}
every=${SOAK_SAMPLE_S:-60}
[ -x "$bin" ] && [ -x "$fake" ] || { echo "soak: build $bin and $build/fake_solver first" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-soak.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tmp"
dir=$work/campaign
budget=$((minutes * 60))

TMPDIR=$work/tmp "$bin" campaign -j 2 --solvers "$fake chaos;z3" -t 2 --memout 256 \
  --budget "$budget" --seed 1 --log --no-report --out "$dir" seeds >"$work/log" 2>&1 &
cpid=$!

# The campaign's processes: every process whose environment names the campaign (workers,
# reducer, solvers and what they started), found in /proc.
campaign_pids() {
  local real p
  real=$(realpath "$dir" 2>/dev/null) || return 0
  for p in /proc/[0-9]*; do
    { tr '\0' '\n' <"$p/environ"; } 2>/dev/null | grep -qx "SMTGRIND_CAMPAIGN=$real" && echo "${p#/proc/}"
  done
  return 0
}
sample() {
  local rss=0 fds=0 n=0 p r
  for p in $(pgrep -f -- "--out $dir" || true); do
    r=$(awk '/^VmRSS:/ {print $2}' "/proc/$p/status" 2>/dev/null) || continue
    [ -n "$r" ] || continue
    rss=$((rss + r))
    fds=$((fds + $(ls "/proc/$p/fd" 2>/dev/null | wc -l)))
    n=$((n + 1))
  done
  echo "$rss $fds $n"
}

printf 'soak: %d min, sample every %d s, campaign %s\n' "$minutes" "$every" "$dir"
printf '%8s %12s %8s %10s\n' elapsed rss_kB fds processes
t0=$SECONDS
first_rss=0 first_fds=0 last_rss=0 last_fds=0
while kill -0 "$cpid" 2>/dev/null; do
  sleep "$every"
  kill -0 "$cpid" 2>/dev/null || break
  read -r rss fds n < <(sample)
  el=$((SECONDS - t0))
  printf '%8d %12d %8d %10d\n' "$el" "$rss" "$fds" "$n"
  if [ "$first_rss" = 0 ] && [ "$el" -ge 60 ]; then first_rss=$rss; first_fds=$fds; fi
  last_rss=$rss
  last_fds=$fds
done
wait "$cpid"
code=$?
sleep 1
fail=0
echo "soak: campaign exit $code (10: findings, as the chaos solver crashes)"
[ "$code" = 0 ] || [ "$code" = 10 ] || { echo "soak: FAIL: campaign exit $code"; fail=1; }
left=$(campaign_pids)
if [ -n "$left" ]; then
  echo "soak: FAIL: processes left: $(echo $left)"
  for p in $left; do tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null; echo; done | head -5
  kill -9 $left 2>/dev/null
  fail=1
else
  echo "soak: no process left"
fi
if [ -n "$(ls -A "$work/tmp")" ]; then
  echo "soak: FAIL: left in TMPDIR: $(ls -A "$work/tmp" | head -5 | tr '\n' ' ')"
  fail=1
else
  echo "soak: no temporary file left"
fi
if [ "$first_rss" -gt 0 ]; then
  if [ "$last_rss" -gt $((first_rss * 3 / 2)) ] && [ "$last_rss" -gt $((first_rss + 20000)) ]; then
    echo "soak: FAIL: RSS grew from $first_rss kB to $last_rss kB"; fail=1
  else
    echo "soak: RSS flat: $first_rss kB after a minute, $last_rss kB at the end"
  fi
  if [ "$last_fds" -gt $((first_fds + 8)) ]; then
    echo "soak: FAIL: fds grew from $first_fds to $last_fds"; fail=1
  else
    echo "soak: fds flat: $first_fds after a minute, $last_fds at the end"
  fi
fi
if "$bin" bugs check "$dir"; then echo "soak: bugs check ok"; else echo "soak: FAIL: bugs check"; fail=1; fi
grep "^campaign $dir" "$work/log" | tail -n 1
"$bin" bugs list "$dir" | tail -n +2 | cut -f2,3,10 | sort | uniq -c | head -10
# A bucket of a real solver (not the chaos solver) is a claim about someone else's code: the
# campaign directory is kept for a look (under --memout 256 a memout must never be a crash).
if "$bin" bugs list "$dir" | tail -n +2 | cut -f3 | grep -qv '^fake_solver$'; then
  keep=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-soak-kept.XXXXXX")
  cp -a "$dir" "$keep/" && echo "soak: a real solver has buckets: the campaign is kept in $keep/campaign"
fi
[ "$fail" = 0 ] && echo "soak: PASS" || echo "soak: FAIL"
exit "$fail"
