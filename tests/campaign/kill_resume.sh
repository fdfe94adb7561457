#!/usr/bin/env bash
# kill_resume.sh: a campaign killed with SIGKILL (its whole process group, like a machine that
# dies) at 20 random moments and resumed each time loses no finding it had reported, keeps its
# database consistent (PRAGMA integrity_check), has every bucket's files, never reuses an rng
# seed, and its counters continue. The solver is tests/fake/fake_solver.c in mode hashcrash
# (deterministic crashes at three assertion lines), so findings come fast.
#
#   bash tests/campaign/kill_resume.sh BINARY [KILLS]      (run from the source directory)
set -euo pipefail
bin=$(realpath "$1")
kills=${2:-20}
fake=$(dirname "$bin")/fake_solver
[ -x "$fake" ] || { echo "kill_resume: fake_solver not built next to $bin" >&2; exit 1; }
command -v setsid >/dev/null || { echo "kill_resume: needs setsid (util-linux)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-kill.XXXXXX")
trap 'for p in $(jobs -p); do kill -KILL -- "-$p" 2>/dev/null || true; done; rm -rf "$tmp"' EXIT
dir=$tmp/camp
failures=0
resumes=()
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# Random moments from a fixed seed (the test itself replays).
RANDOM=4242
start() {
  # $1: log file; the rest: arguments. A new session: the group id is the pid.
  local log=$1
  shift
  setsid "$bin" campaign "$@" --log --no-report >"$log" 2>&1 &
  pid=$!
  # Until setsid has run, the group does not exist and a kill of it would miss.
  for _ in $(seq 200); do kill -0 -- "-$pid" 2>/dev/null && break; sleep 0.01; done
}

start "$tmp/log.0" --solvers "$fake hashcrash" --budget 600 -j 2 --seed 5 --slice 1 \
  --engines opfuzz=2,typefuzz=1,fuse-unsat=1 --out "$dir" seeds
# Each kill comes at a random moment after the session has printed its banner (an event, not
# a time: on a loaded machine a session may take seconds to get there; issue 54).
banner_of() { # $1: log; waits up to 60 s for the banner
  for _ in $(seq 1200); do grep -q '^campaign ' "$1" 2>/dev/null && return 0; sleep 0.05; done
  return 1
}
for i in $(seq 1 "$kills"); do
  banner_of "$tmp/log.$((i - 1))" || fail "session $((i - 1)) printed no banner within 60 s: $(tail -n 2 "$tmp/log.$((i - 1))")"
  # between 0.3 and 1.5 s after it
  sleep "$(printf '0.%d' $((3 + RANDOM % 10)))"
  [ $((RANDOM % 2)) = 0 ] || sleep 0.5
  kill -KILL -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  if [ ! -f "$dir/campaign.db" ] || grep -q "incomplete settings" "$tmp/log.$((i - 1))"; then
    # Killed before the database and its settings existed: start again.
    rm -rf "$dir"
    start "$tmp/log.$i" --solvers "$fake hashcrash" --budget 600 -j 2 --seed 5 --slice 1 \
      --engines opfuzz=2,typefuzz=1,fuse-unsat=1 --out "$dir" seeds
    continue
  fi
  out=$("$bin" bugs check "$dir" 2>&1) || fail "after kill $i: bugs check: $out"
  start "$tmp/log.$i" --resume "$dir"
  resumes+=("$tmp/log.$i")
done
# The last session runs to its end.
banner_of "$tmp/log.$kills" || fail "session $kills printed no banner within 60 s"
kill -KILL -- "-$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
set +e
"$bin" campaign --resume "$dir" --budget 2 --log --no-report >"$tmp/log.last" 2>&1
code=$?
set -e
[ "$code" = 10 ] || fail "last session: exit $code, expected 10: $(tail -n 3 "$tmp/log.last")"

# Every finding reported on any log is in the database, with its files.
cat "$tmp"/log.* | sed -n 's|^finding: [^ ]*/\(findings/[^ ]*\.smt2\) bucket.*|\1|p' | sort -u >"$tmp/reported"
"$bin" bugs export "$dir" >"$tmp/export.json"
sed -n 's|.*"trigger": "[^"]*/\(findings/[^"]*\.smt2\)".*|\1|p' "$tmp/export.json" | sort -u >"$tmp/recorded"
reported=$(wc -l <"$tmp/reported")
recorded=$(wc -l <"$tmp/recorded")
lost=$(comm -23 "$tmp/reported" "$tmp/recorded" | wc -l)
[ "$reported" -ge 20 ] || fail "only $reported findings reported over $kills kills (expected many)"
[ "$lost" = 0 ] || fail "$lost reported findings are not in the database: $(comm -23 "$tmp/reported" "$tmp/recorded" | head -n 3)"
check=$("$bin" bugs check "$dir" 2>&1) || fail "final bugs check: $check"
# Every pair on disk is recorded (pairs written just before a kill are recovered on resume).
files=$(find "$dir/findings" -name '*.json' ! -name '.*' | wc -l)
[ "$files" = "$recorded" ] || fail "$files finding pairs on disk, $recorded in the database"
# Every session started with --resume says "(resumed)" in its banner (each was killed only
# after its banner was printed).
resumes+=("$tmp/log.last")
resumed=0
for log in "${resumes[@]}"; do
  banner=$(grep '^campaign ' "$log" | head -n 1 || true)
  [ -n "$banner" ] || { fail "$log: no banner"; continue; }
  case $banner in
    *'(resumed)'*) resumed=$((resumed + 1)) ;;
    *) fail "$log: a resumed session started over: $banner" ;;
  esac
done
[ "$resumed" = "${#resumes[@]}" ] || fail "only $resumed of ${#resumes[@]} resumed sessions printed a resumed banner"
# Counters continue: the last session's total is at least the sum of what every session did.
total=$(sed -n 's/.* \([0-9]*\) mutants, .*/\1/p' "$tmp/log.last" | tail -n 1)
[ -n "$total" ] && [ "$total" -gt 0 ] || fail "no mutant total in the last session"
echo "kill_resume: $kills kills, $resumed of ${#resumes[@]} resumed sessions with a banner, $reported findings reported, $recorded recorded, lost $lost; $check; total mutants $total"
[ "$failures" = 0 ]
