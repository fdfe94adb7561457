# group_supervise.sh: the CLI group `supervise` of run_cli_tests.sh (sourced there; uses its run,
# check, fail, leftovers, $bin, $tmp and $cli_self): stop signals reach every process; nothing is
# left behind. Its part supervise_envi (the guardian kills a solver script's children that cleared
# their environment) also runs alone (run_cli_tests.sh BINARY supervise_envi): the group runs it
# again that way inside `unshare --pid`.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
cli_parts+=(supervise_envi) # a part run_cli_tests.sh accepts as a group name

# Each case has a marker of its own in its solver's argv or directory, so that /proc (pgrep -f)
# shows what is left. `env --default-signal` undoes the SIGINT that a script's background job
# ignores (a terminal's Ctrl-C is what these cases stand for).
reap_marker() { local p; for p in $(pgrep -f "$1" || true); do kill -9 "$p" 2>/dev/null || true; done; }
# reap_left PID MARKER: wait for PID (its status into code; set -e again), then what is left of
# MARKER's processes into left.
reap_left() { wait "$1" 2>/dev/null; code=$?; set -e; sleep 0.3; left=$(leftovers "$2"); }
# kill9_run MARKER MIN CMD...: run CMD in the background (TMPDIR=$sd/tmp-MARKER) until MIN
# processes "hang MARKER" run, kill -9 it, then wait up to 3 s for none of MARKER's processes
# and an empty TMPDIR. Sets pid, had (MIN were seen), guard (its guardian was seen) and left.
kill9_run() {
  local m=$1 min=$2 n=0
  shift 2
  set +e
  TMPDIR="$sd/tmp-$m" "$@" </dev/null >/dev/null 2>&1 &
  pid=$!
  until [ "$(leftovers "hang $m" | wc -l)" -ge "$min" ] || [ $n -ge 200 ]; do sleep 0.1; n=$((n + 1)); done
  had=0
  guard=0
  [ "$(leftovers "hang $m" | wc -l)" -ge "$min" ] && had=1
  pgrep -f "^sg-guard $pid\$" >/dev/null && guard=1
  kill -9 "$pid"
  wait "$pid" 2>/dev/null
  set -e
  n=0
  until { [ -z "$(leftovers "$m")" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]; } || [ $n -ge 30 ]; do sleep 0.1; n=$((n + 1)); done
  left=$(leftovers "$m")
}
# envi_script FAKE MARKER PATH: a solver script that clears its environment, then starts one
# "FAKE hang MARKER" in the background and waits for another (no word of ours in either).
envi_script() {
  printf '#!/bin/sh\nexec env -i /bin/sh -c '"'"'"%s" hang %s & "%s" hang %s'"'"'\n' "$1" "$2" "$1" "$2" >"$3"
  chmod +x "$3"
}
# supervise_envi: the kill of a solver script's children that cleared their environment (no
# word of ours in them): the guardian kills them by their process group. Also a group of its
# own, which the supervise group runs again inside `unshare --pid` (sessions read 0 there).
supervise_envi() {
  local fake sd=$tmp/supenv m pid n left had guard
  code=0
  fake=$(realpath "$(dirname "$bin")/fake_solver")
  mkdir -p "$sd"
  # kill -9 of check whose solver script clears its environment before it starts its children
  # (no word of ours in it for the guardian's scan to find): they are still in the solver's
  # process group, which the guardian was told of (sg_guard_group). Before, both ran on.
  m=sgsup$$x${RANDOM}k9envi
  mkdir -p "$sd/tmp-$m"
  envi_script "$fake" "$m" "$sd/hang-$m.sh"
  kill9_run "$m" 2 "$bin" check -t 60 --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2
  check "kill -9 of check: a solver script that cleared its environment has its children killed too (its process group)" \
    eval '[ $had = 1 ] && [ $guard = 1 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
  reap_marker "$m"
  # A worker killed while its solver runs (as by the OOM killer; its solver dies by PDEATHSIG)
  # sends no word that the solver's group is over: the run then ends normally, and its guardian,
  # still told of that group, kills what the solver script left in it (children with their
  # environment cleared). Before, they ran on after the normal end.
  m=sgsup$$x${RANDOM}deadw
  mkdir -p "$sd/tmp-$m"
  envi_script "$fake" "$m" "$sd/hang-$m.sh"
  set +e
  TMPDIR="$sd/tmp-$m" "$bin" opfuzz --solvers "$sd/hang-$m.sh" -t 30 --jobs 2 --seed 3 --budget 4 \
    --out "$sd/deadw-$m" examples/qf_lia.smt2 examples/qf_bv.smt2 </dev/null >/dev/null 2>&1 &
  pid=$!
  n=0
  until [ "$(leftovers "hang $m" | wc -l)" -ge 2 ] || [ $n -ge 100 ]; do sleep 0.1; n=$((n + 1)); done
  local lead wk
  lead=$(ps -o pgid= -p "$(leftovers "hang $m" | head -n 1)" | tr -d ' ')
  wk=$(ps -o ppid= -p "$lead" | tr -d ' ')
  kill -9 "$wk"
  wait "$pid" 2>/dev/null
  code=$?
  set -e
  sleep 0.3
  left=$(leftovers "hang $m")
  check "a worker killed while its solver script ran: after the normal end nothing of that script is left" \
    eval '[ -n "$wk" ] && [ "$wk" != "$pid" ] && [ -z "$left" ]'
  reap_marker "$m"
}
group_supervise_envi() { supervise_envi; }
group_supervise() {
  local fake
  fake=$(dirname "$bin")/fake_solver
  [ -x "$fake" ] || { fail "fake_solver not built next to $bin"; return; }
  fake=$(realpath "$fake") # solver scripts run in a directory of their own
  local sd=$tmp/sup m sig pid n left
  mkdir -p "$sd"
  # check stopped by Ctrl-C or a hangup (SIGTERM: cli_check): the solver script and its child
  # (one process group) are gone, and the private directories.
  for sig in INT HUP; do
    m=sgsup$$x${RANDOM}check$sig
    mkdir -p "$sd/tmp-$m"
    printf '#!/bin/sh\n"%s" hang %s\n' "$fake" "$m" >"$sd/hang-$m.sh"
    chmod +x "$sd/hang-$m.sh"
    run env TMPDIR="$sd/tmp-$m" timeout -k 5 -s "$sig" 2 env --default-signal "$bin" check -t 10 \
      --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2
    sleep 0.3
    left=$(leftovers "$m")
    check "check stopped by SIG$sig: no solver process left, no temporary directory left" \
      eval '[ $code = 124 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
    reap_marker "$m"
  done
  # kill -9 of check, and of enum while a session query runs: no signal of ours reaches the
  # solver script's own children (the one in the background, the one it waits for) or a session
  # solver deep in a query (no PR_SET_PDEATHSIG for sessions): the guardian (run/guard.h) kills
  # them and removes the private directories. Without it, all three ran on for the full -t.
  local had guard
  m=sgsup$$x${RANDOM}k9check
  mkdir -p "$sd/tmp-$m"
  printf '#!/bin/sh\n"%s" hang %s &\n"%s" hang %s\n' "$fake" "$m" "$fake" "$m" >"$sd/hang-$m.sh"
  chmod +x "$sd/hang-$m.sh"
  kill9_run "$m" 2 "$bin" check -t 60 --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2
  check "kill -9 of check: the solver script's children (background and waited for) die, no temporary directory is left" \
    eval '[ $had = 1 ] && [ $guard = 1 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ] && ! pgrep -f "^sg-guard $pid\$" >/dev/null'
  reap_marker "$m"
  m=sgsup$$x${RANDOM}k9sess
  mkdir -p "$sd/bin-$m" "$sd/tmp-$m"
  printf '#!/bin/sh\n[ "$1" = --version ] && { echo "Z3 version 4.8.12 - 64 bit"; exit 0; }\nexec "%s" hang %s\n' \
    "$fake" "$m" >"$sd/bin-$m/z3"
  chmod +x "$sd/bin-$m/z3"
  kill9_run "$m" 1 "$bin" enum ints --count 5 --solvers "$sd/bin-$m/z3" -t 60 --jobs 1 --out "$sd/enum-$m"
  check "kill -9 of enum during a session query: its session solver dies too" \
    eval '[ $had = 1 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
  reap_marker "$m"
  supervise_envi
  # The same where our session's leader is outside our PID namespace (a container, a CI
  # runner): every session id there reads 0, ours too. The group kill required a nonzero one,
  # and both cases failed in CI while passing here. Skipped where unshare is not allowed.
  if unshare --pid --fork --mount-proc true 2>/dev/null; then
    run unshare --pid --fork --mount-proc bash "$cli_self" "$bin" supervise_envi
    check "in a PID namespace whose session leader is outside it: a solver script's env-cleared children are killed (kill -9, a dead worker)" \
      eval '[ $code = 0 ] && [[ $err == *"all 2 checks passed"* ]]'
  fi
  # A smtgrind in a PID namespace of its own (a container, `unshare --pid`) that shares our
  # $TMPDIR sees none of our PIDs: its sweep took a running check's private directory for a
  # dead process's and removed it (under an enumeration, every later solver start failed).
  # Skipped where unshare is not allowed.
  if unshare --pid --fork --mount-proc true 2>/dev/null; then
    m=sgsup$$x${RANDOM}pidns
    mkdir -p "$sd/tmp-$m"
    printf '#!/bin/sh\n"%s" hang %s\n' "$fake" "$m" >"$sd/hang-$m.sh"
    chmod +x "$sd/hang-$m.sh"
    set +e
    TMPDIR="$sd/tmp-$m" "$bin" check -t 60 --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2 </dev/null >/dev/null 2>&1 &
    pid=$!
    n=0
    until [ -n "$(leftovers "hang $m")" ] || [ $n -ge 100 ]; do sleep 0.1; n=$((n + 1)); done
    local before after
    before=$(ls "$sd/tmp-$m" | grep -c "^smtgrind-$pid-")
    TMPDIR="$sd/tmp-$m" unshare --pid --fork --mount-proc "$bin" enum ints --count 1 --solvers z3 -t 5 \
      --out "$sd/ns-$m" </dev/null >/dev/null 2>&1
    after=$(ls "$sd/tmp-$m" | grep -c "^smtgrind-$pid-")
    kill "$pid"
    wait "$pid" 2>/dev/null
    set -e
    check "a smtgrind in another PID namespace sharing TMPDIR leaves a running check's private directory alone" \
      eval '[ "$before" -ge 1 ] && [ "$after" = "$before" ]'
    reap_marker "$m"
  fi
  # kill -9 of an engine with two workers (forks that hold the guardian's socket too): the
  # script children of both die, and the workers' directories go.
  m=sgsup$$x${RANDOM}k9opf
  mkdir -p "$sd/tmp-$m"
  printf '#!/bin/sh\n"%s" hang %s &\n"%s" hang %s\n' "$fake" "$m" "$fake" "$m" >"$sd/hang-$m.sh"
  chmod +x "$sd/hang-$m.sh"
  kill9_run "$m" 4 "$bin" opfuzz --solvers "$sd/hang-$m.sh" -t 60 --jobs 2 --seed 3 --budget 120 \
    --out "$sd/opf-$m" examples/qf_lia.smt2 examples/qf_bv.smt2
  check "kill -9 of opfuzz --jobs 2: both workers' solver scripts and their children die, no temporary directory is left" \
    eval '[ $had = 1 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
  reap_marker "$m"
  # A stop signal spares what leads its own session (a helper a solver script shares with other
  # runs, such as an ssh ControlMaster; a hostile review: a second run using it then reported a
  # false crash) and kills the rest, as before.
  m=sgsup$$x${RANDOM}shared
  mkdir -p "$sd/tmp-$m"
  printf '#!/bin/sh\nsetsid "%s" hang %sd &\n"%s" hang %s\n' "$fake" "$m" "$fake" "$m" >"$sd/hang-$m.sh"
  chmod +x "$sd/hang-$m.sh"
  run env TMPDIR="$sd/tmp-$m" timeout -s TERM 2 "$bin" check -t 60 --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2
  sleep 0.5
  local helper solver
  helper=$(leftovers "hang ${m}d\$")
  solver=$(leftovers "hang ${m}\$")
  check "check stopped by SIGTERM: a solver script's helper in its own session lives on, its solver does not" \
    eval '[ $code = 124 ] && [ -n "$helper" ] && [ -z "$solver" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
  reap_marker "$m"
  # A normal end waits for its guardian (seen while the run lasts): none is left after it.
  m=sgsup$$x${RANDOM}guardend
  printf '#!/bin/sh\n"%s" hang %s\n' "$fake" "$m" >"$sd/hang-$m.sh"
  chmod +x "$sd/hang-$m.sh"
  set +e
  "$bin" check -t 1 --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2 </dev/null >/dev/null 2>&1 &
  pid=$!
  n=0
  until pgrep -f "^sg-guard $pid\$" >/dev/null || [ $n -ge 50 ]; do sleep 0.05; n=$((n + 1)); done
  guard=0
  pgrep -f "^sg-guard $pid\$" >/dev/null && guard=1
  wait "$pid"
  code=$?
  set -e
  check "a normal end: smtgrind's guardian, there while it ran, is gone when it exits" \
    eval '[ $guard = 1 ] && [ $code = 0 ] && ! pgrep -f "^sg-guard $pid\$" >/dev/null'
  reap_marker "$m"
  # No guardian (the first socketpair, or the first fork, fails: tests/fake/noguard.c): a
  # warning on stderr, and the run goes on as before, its solver stopped at -t and its private
  # directory removed; the solver sees an outer smtgrind's guard words, and no word of this one.
  local shim
  shim=$(realpath "$(dirname "$bin")/libsg_noguard.so")
  [ -f "$shim" ] || fail "libsg_noguard.so not built next to $bin"
  for how in socketpair fork; do
    m=sgsup$$x${RANDOM}noguard$how
    mkdir -p "$sd/tmp-$m"
    printf '#!/bin/sh\necho "$SMTGRIND_GUARD" >"%s"\nexec "%s" hang %s\n' "$sd/word-$m" "$fake" "$m" >"$sd/hang-$m.sh"
    chmod +x "$sd/hang-$m.sh"
    run env SG_NOGUARD=$how LD_PRELOAD="$shim" TMPDIR="$sd/tmp-$m" SMTGRIND_GUARD=outer.1 \
      ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
      "$bin" check -t 1 --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2
    left=$(leftovers "$m")
    check "no guardian ($how fails): a warning, and the run ends as before with nothing left" \
      eval '[ $code = 0 ] && [[ $err == *"smtgrind: warning: no guardian process ("*")"* ]] && [[ $out == *timeout* ]] && [ "$(cat "$sd/word-$m")" = outer.1 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
    reap_marker "$m"
  done
  # Ctrl-C and a hangup reach the campaign's whole process group (a terminal sends them so; a
  # service manager sends SIGTERM so):
  # the workers ignore them and stop after their current mutant as the campaign tells them,
  # so every slice ends 'done' with its counts, the summary and report are written, exit
  # 128 + the signal (whatever was found).
  for sig in INT HUP TERM; do
    m=sgsup$$x${RANDOM}grp$sig
    local c=$sd/camp-$m
    set +e
    setsid env --default-signal "$bin" campaign --solvers "$fake hashcrash $m" --engines opfuzz --budget 120 -j 2 \
      --seed 9 --slice 1 --log --no-reduce --out "$c" seeds </dev/null >"$out_file" 2>"$err_file" &
    pid=$!
    n=0
    # Until both workers are in their first slice (findings written), or 20 s.
    until [ "$(find "$c/findings" -name '*.json' 2>/dev/null | wc -l)" -ge 4 ] || [ $n -ge 200 ]; do sleep 0.1; n=$((n + 1)); done
    sleep 1
    kill -"$sig" -- -"$pid"
    wait "$pid"
    code=$?
    set -e
    err=$(cat "$err_file")
    local states
    states=$(slice_states "$c/campaign.db" | awk '{print $1}' | tr '\n' ' ')
    sleep 0.3
    left=$(leftovers "$m")
    check "SIG$sig to the campaign's process group: stops after the current mutants, every slice done, nothing left" \
      eval '[ $code = $((128 + $(kill -l $sig))) ] && [ "$states" = "done " ] && [ -z "$left" ] && [[ $err == *"stopping after the current mutants"* ]] && [[ $err == *"(interrupted)"* ]]'
    reap_marker "$m"
  done
  # A hangup while the solvers' versions are probed (a solver script that hangs on
  # --version): the probe's group is killed, then the campaign dies of the signal.
  m=sgsup$$x${RANDOM}probe
  mkdir -p "$sd/tmp-$m"
  printf '#!/bin/sh\n"%s" hang %s\n' "$fake" "$m" >"$sd/hang-$m.sh"
  chmod +x "$sd/hang-$m.sh"
  set +e
  TMPDIR="$sd/tmp-$m" setsid "$bin" campaign --solvers "$fake hashcrash;$sd/hang-$m.sh" -t 20 --engines opfuzz --budget 60 \
    -j 2 --seed 9 --log --out "$sd/camp-$m" seeds </dev/null >"$out_file" 2>"$err_file" &
  pid=$!
  n=0
  until pgrep -f "$sd/hang-$m.sh --version" >/dev/null || [ $n -ge 200 ]; do sleep 0.1; n=$((n + 1)); done
  kill -HUP -- -"$pid"
  reap_left "$pid" "$m"
  check "SIGHUP while a solver's version is probed: the campaign dies of it, the probed solver's children too" \
    eval '[ $code = 129 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
  reap_marker "$m"
  # SIGTERM while a persistent session's query runs (regression: a session query did not look
  # at a pending stop signal, so the engine waited out the query and its z3 session process
  # outlived it). The solver is a script named z3 (the z3 profile: sessions on `-in`) that
  # answers --version and otherwise hangs; enum sends its first formula to the session.
  m=sgsup$$x${RANDOM}sess
  mkdir -p "$sd/bin-$m" "$sd/tmp-$m"
  printf '#!/bin/sh\n[ "$1" = --version ] && { echo "Z3 version 4.8.12 - 64 bit"; exit 0; }\nexec "%s" hang %s\n' \
    "$fake" "$m" >"$sd/bin-$m/z3"
  chmod +x "$sd/bin-$m/z3"
  set +e
  TMPDIR="$sd/tmp-$m" "$bin" enum ints --count 5 --solvers "$sd/bin-$m/z3" -t 60 --jobs 1 \
    --out "$sd/enum-$m" </dev/null >"$out_file" 2>"$err_file" &
  pid=$!
  n=0
  until pgrep -f "hang $m" >/dev/null || [ $n -ge 200 ]; do sleep 0.1; n=$((n + 1)); done
  local had_session=0
  pgrep -f "hang $m" >/dev/null && had_session=1
  local t0=$SECONDS
  kill -TERM "$pid"
  reap_left "$pid" "$m"
  check "SIGTERM during a session query: the engine dies of it within seconds, its session process too" \
    eval '[ $had_session = 1 ] && [ $code = 143 ] && [ $((SECONDS - t0)) -lt 10 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
  reap_marker "$m"
  # kill -9 of a campaign while a reduction runs: the reducer's `reduce` dies with it; an
  # immediate --resume takes the lock and removes what a kill can leave (the reduction's
  # output, a file of a finding pair half written).
  m=sgsup$$x${RANDOM}k9
  c=$sd/camp-$m
  set +e
  "$bin" campaign --solvers "$fake hashcrash $m" --engines opfuzz --budget 300 -j 2 --seed 9 --slice 1 --log \
    --out "$c" seeds </dev/null >"$out_file" 2>"$err_file" &
  pid=$!
  n=0
  until pgrep -f "reduce --finding $c" >/dev/null || [ $n -ge 300 ]; do sleep 0.1; n=$((n + 1)); done
  local had_reducer=0
  pgrep -f "reduce --finding $c" >/dev/null && had_reducer=1
  kill -9 "$pid"
  wait "$pid" 2>/dev/null
  set -e
  sleep 0.5
  left=$(leftovers "$m")
  check "campaign killed with -9 during a reduction: no worker, solver or reducer left" \
    eval '[ $had_reducer = 1 ] && [ -z "$left" ]'
  reap_marker "$m"
  local fdir
  fdir=$(find "$c/findings" -mindepth 1 -maxdepth 1 -type d | head -n 1)
  : >"$c/reduced/.bucket-1.99999.tmp.smt2"
  : >"$fdir/.crash-fake_solver-w0-000099.json.AbC123"
  run "$bin" campaign --resume "$c" --budget 1 --no-reduce --log --no-report
  check "--resume right after kill -9: the lock is taken, no temporary file is left, the database is whole" \
    eval '[[ $code = 10 || $code = 0 ]] && [[ $err == *"(resumed)"* ]] && [ -z "$(find "$c" -name ".bucket-*" -o -name ".crash-*")" ] && "$bin" bugs check "$c" >/dev/null'
  # The lock: processes dying a moment after their session are waited for (up to 2 s); a
  # process still holding it is named.
  # hold_lock FILE S: one process holding FILE's flock for S seconds (bash execs sleep).
  hold_lock() { bash -c 'exec 9>>"$1"; flock -n 9 || exit 1; exec sleep "$2"' _ "$1" "$2" </dev/null >/dev/null 2>&1 & }
  hold_lock "$c/campaign.lock" 1
  local holder=$!
  sleep 0.2
  run "$bin" campaign --resume "$c" --budget 1 --no-reduce --log --no-report
  wait "$holder" || true
  check "--resume while the lock is released within a second: waits for it and runs" \
    eval '[[ $code = 10 || $code = 0 ]] && [[ $err == *"(resumed)"* ]]'
  hold_lock "$c/campaign.lock" 30
  holder=$!
  sleep 0.2
  run "$bin" campaign --resume "$c" --budget 1 --no-reduce --log --no-report
  kill "$holder" 2>/dev/null || true
  wait "$holder" 2>/dev/null || true
  check "--resume while a process left behind holds the lock: exit 2 naming its pid" \
    eval '[ $code = 2 ] && [[ $err == *"campaign.lock is held by pid $holder,"* ]]'
  # A damaged database is never written by the commands that find it damaged: an empty one
  # stays empty (SQLite would write a header into it), for `bugs recover` to keep as it was.
  local z=$sd/zero-$m
  cp -r "$c" "$z"
  rm -f "$z/campaign.db-wal" "$z/campaign.db-shm"
  : >"$z/campaign.db"
  local codes=""
  for cmd in report "bugs list" "bugs check" merge; do
    # shellcheck disable=SC2086
    if [ "$cmd" = merge ]; then run "$bin" merge --out "$sd/merged-$m" "$z"; else run "$bin" $cmd "$z"; fi
    codes="$codes$code "
  done
  run "$bin" campaign --resume "$z" --budget 1 --no-report
  codes="$codes$code"
  check "an empty campaign.db: report, bugs list/check, merge and --resume exit 2 and leave it 0 bytes" \
    eval '[ "$codes" = "2 2 2 2 2" ] && [ "$(stat -c %s "$z/campaign.db")" = 0 ] && [[ $err == *"an empty file, not a database"* ]]'
  run "$bin" bugs recover "$z"
  check "bugs recover of the empty database: every pair again, the empty file kept as it was" \
    eval '[ $code = 0 ] && [ "$(stat -c %s "$z/campaign.db.damaged")" = 0 ] && [ "$("$bin" bugs list "$z" | tail -n +2 | wc -l)" -gt 0 ]'

}
