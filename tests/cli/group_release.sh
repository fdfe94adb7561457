# group_release.sh: the CLI group `release` of run_cli_tests.sh (sourced there): solver releases
# (src/run/release.h) installed from a registry, here a fake one (tests/fake/fake_python.sh as
# SMTGRIND_PYTHON, the cache in a temporary XDG_CACHE_HOME): the first install, a version the
# registry lacks, an unreachable registry, a half-written install, two installs of one release
# at once, and triage's bisection over fake releases whose bug comes and goes (issue 47).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_release() {
  local d=$tmp/rel
  mkdir -p "$d"
  local fakepy
  fakepy=$(realpath tests/fake/fake_python.sh)
  local -a env0=(env XDG_CACHE_HOME="$d/cache" SMTGRIND_PYTHON="$fakepy"
                 FAKE_PYPI_VERSIONS="9.11.0.0, 9.10.0.0, 9.9.0.0, 9.8.0.0, 9.7.0.0, 9.6.0.0, 9.5.0.0, 9.4.0.0, 9.3.0.0, 9.2.0.0, 9.1.0.0, 9.0.0.0" FAKE_BAD="")
  local pypi=$d/cache/smtgrind/pypi
  run "${env0[@]}" "$bin" check --solvers "z3@latest;z3" examples/qf_lia.smt2
  check "z3@latest: the newest release the registry lists, installed on first use, answers" \
    eval '[ $code = 0 ] && [[ $err == *"z3@9.11.0: installing z3-solver==9.11.0 from PyPI into $pypi/z3-9.11.0"* ]] && [[ $out == *"z3-9.11.0 "*"sat"*"model valid"* ]] && [ -f "$pypi/z3-9.11.0/smtgrind-release" ] && [ "$(sed -n 1p "$pypi/index-z3-solver.txt")" = 9.11.0 ]'
  run "${env0[@]}" "$bin" check --json --solvers "z3@9.11.0" examples/qf_lia.smt2
  check "an installed release is used as it is (no second install), its command in --json" \
    eval '[ $code = 0 ] && [[ $err != *installing* ]] && [[ $out == *"\"solver\": \"z3-9.11.0\", \"version\": \"9.11.0\", \"command\": [\"$pypi/z3-9.11.0/bin/z3\""* ]]'
  run "${env0[@]}" "$bin" check --solvers "cvc5@7.7.7" examples/qf_lia.smt2
  check "a version the registry lacks: exit 2 naming the package, the version and the newest releases" \
    eval '[ $code = 2 ] && [[ $err == *"cvc5@7.7.7: PyPI has no release 7.7.7 of cvc5 (newest: 9.11.0, 9.10.0"* ]] && [ ! -e "$pypi/cvc5-7.7.7" ]'
  run "${env0[@]}" "$bin" check --solvers "z3@9.x" examples/qf_lia.smt2
  check "a malformed version is no release (and no binary): exit 2" test "$code" = 2
  # An unreachable registry: no list (a fresh cache), no install; nothing is left behind.
  local -a env1=(env XDG_CACHE_HOME="$d/cache1" SMTGRIND_PYTHON="$fakepy" FAKE_PYPI_FAIL=1)
  run "${env1[@]}" "$bin" check --solvers "cvc5@latest" examples/qf_lia.smt2
  check "an unreachable registry: cvc5@latest is exit 2, naming the package and pip's error" \
    eval '[ $code = 2 ] && [[ $err == *"cvc5: cannot read the list of releases from PyPI"*"pip index versions cvc5"*"network is unreachable"* ]]'
  run "${env1[@]}" "$bin" check --solvers "z3@9.1.0" examples/qf_lia.smt2
  check "an unreachable registry: an install fails with pip's error, exit 2, nothing left in the cache" \
    eval '[ $code = 2 ] && [[ $err == *"z3@9.1.0: pip install z3-solver==9.1.0 failed: ERROR: No matching distribution"* ]] && [ -z "$(ls -A "$d/cache1/smtgrind/pypi" | grep -v "^\.lock-")" ]'
  # A half-written install: a directory without the marker (a copy, an old layout) is replaced;
  # a killed install's temporary directory (over an hour old) is swept.
  mkdir -p "$pypi/z3-9.1.0/bin" "$pypi/.install-z3-9.0.0-AbCdEf"
  echo junk > "$pypi/z3-9.1.0/bin/z3"
  touch -d '2 hours ago' "$pypi/.install-z3-9.0.0-AbCdEf"
  run "${env0[@]}" "$bin" check --solvers "z3@9.1.0" examples/qf_lia.smt2
  check "a release directory without its marker is installed again; a killed install's leftovers go" \
    eval '[ $code = 0 ] && [[ $err == *"installing z3-solver==9.1.0"* ]] && [ -f "$pypi/z3-9.1.0/smtgrind-release" ] && ! grep -q junk "$pypi/z3-9.1.0/bin/z3" && [ ! -e "$pypi/.install-z3-9.0.0-AbCdEf" ] && [ -z "$(ls -A "$pypi" | grep "^\.broken-")" ]'
  # Two processes wanting one release at once: one installs, the other waits for it.
  local log=$d/installs.log
  : >"$log"
  "${env0[@]}" FAKE_PYPI_SLEEP=2 FAKE_PYPI_LOG="$log" "$bin" check --solvers "z3@9.3.0" examples/qf_lia.smt2 >"$d/p1.out" 2>&1 &
  local p1=$!
  "${env0[@]}" FAKE_PYPI_SLEEP=2 FAKE_PYPI_LOG="$log" "$bin" check --solvers "z3@9.3.0" examples/qf_lia.smt2 >"$d/p2.out" 2>&1 &
  local p2=$! c1=0 c2=0
  wait $p1 || c1=$?
  wait $p2 || c2=$?
  code=$c1
  check "two installs of one release at once: both run it, pip ran once" \
    eval '[ $c1 = 0 ] && [ $c2 = 0 ] && [ "$(wc -l <"$log")" = 1 ] && grep -q "z3-9.3.0 " "$d/p1.out" && grep -q "z3-9.3.0 " "$d/p2.out"'
  # Triage over fake releases: 9.1.0-9.3.0 answer unsat on a sat file (cvc5's model refutes it).
  run "${env0[@]}" FAKE_BAD="9.1.0 9.2.0 9.3.0" "$bin" triage --json --solvers "z3@9.2.0;cvc5" examples/qf_lia.smt2
  check "triage: a bug of 9.1.0-9.3.0 found in 9.2.0 is fixed in 9.4.0 (last bad 9.3.0, first bad 9.1.0), exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"\"kind\": \"soundness\", \"blamed\": \"z3-9.2.0\""*"\"family\": \"z3\", \"newest\": \"9.11.0\", \"open_in_newest\": false, \"first_bad\": \"9.1.0\", \"last_bad\": \"9.3.0\", \"fixed_in\": \"9.4.0\""* ]]'
  local tests
  tests=$(sed -n 's/.*"tests": \([0-9]*\).*/\1/p' <<<"$out")
  check "triage bisects: fewer tests than releases" eval '[ -n "$tests" ] && [ "$tests" -lt 12 ]'
  run "${env0[@]}" FAKE_BAD="9.3.0 9.4.0 9.5.0 9.6.0 9.7.0 9.8.0 9.9.0 9.10.0 9.11.0" "$bin" triage --solvers "z3@9.4.0;cvc5" examples/qf_lia.smt2
  check "triage: a bug still in the newest release is open, exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"open: reproduces with z3 9.11.0, the newest release; first bad 9.3.0"* ]]'
  run "${env0[@]}" FAKE_BAD="9.2.0" "$bin" triage --json --versions all --solvers "z3@9.2.0;cvc5" examples/qf_lia.smt2
  check "triage --versions all: every release tested, the table in versions" \
    eval '[ $code = 0 ] && [[ $out == *"\"tests\": 12, \"versions\": {\"9.0.0\": \"ok\", \"9.1.0\": \"ok\", \"9.2.0\": \"bad\", \"9.3.0\": \"ok\""* ]]'
  run "${env0[@]}" "$bin" triage --solvers "z3;cvc5" examples/qf_lia.smt2
  check "triage of a file without a bug: exit 2, said" \
    eval '[ $code = 2 ] && [[ $err == *"no bug to triage"* ]]'
  run "${env0[@]}" "$bin" triage --versions 9.1,x --solvers "z3@9.2.0;cvc5" examples/qf_lia.smt2
  check "triage --versions with a word that is no version: exit 2" eval '[ $code = 2 ] && [[ $err == *"not a version"* ]]'
  group_release_hostile
}

# A hostile cache and environment: a damaged index, a killed install, odd versions, odd paths.
# Each case has a cache of its own ($d/cN).
group_release_hostile() {
  local d=$tmp/relh
  mkdir -p "$d"
  local fakepy
  fakepy=$(realpath tests/fake/fake_python.sh)
  local -a env2=(env SMTGRIND_PYTHON="$fakepy" FAKE_PYPI_VERSIONS="9.11.0.0, 9.2.0.0, 9.1.0.0" FAKE_BAD="")
  local pypi
  # A damaged index of 100000 versions (under the 1 MB limit), newest first: sorted in time.
  pypi=$d/c1/smtgrind/pypi
  mkdir -p "$pypi"
  awk 'BEGIN { for (a = 49; a >= 0; a--) for (b = 49; b >= 0; b--) for (c = 39; c >= 0; c--) print a "." b "." c }' >"$pypi/index-z3-solver.txt"
  run timeout 60 "${env2[@]}" XDG_CACHE_HOME="$d/c1" "$bin" releases --check
  check "an index file of 100000 versions is read in time (no quadratic sort)" \
    eval '[ $code = 0 ] && [[ $out == *"(PyPI'"'"'s newest: 49.49.39)"* ]]'
  # A FIFO in the index file's place blocked the open (and smtgrind blocks SIGTERM): not read,
  # not written through; the registry's list is used.
  pypi=$d/c8/smtgrind/pypi
  mkdir -p "$pypi"
  mkfifo "$pypi/index-z3-solver.txt"
  run timeout -s KILL 20 "${env2[@]}" XDG_CACHE_HOME="$d/c8" "$bin" check --solvers "z3@latest" examples/qf_lia.smt2
  check "a FIFO as the index file: no hang, z3@latest from the registry, the FIFO left as it is" \
    eval '[ $code = 0 ] && [[ $out == *"z3-9.11.0 "*sat* ]] && [ -p "$pypi/index-z3-solver.txt" ]'
  # An index file dated in the future (a clock set back) is not fresh for ever.
  pypi=$d/c2/smtgrind/pypi
  mkdir -p "$pypi"
  echo 9.2.0 >"$pypi/index-z3-solver.txt"
  touch -d '2 days' "$pypi/index-z3-solver.txt"
  run "${env2[@]}" XDG_CACHE_HOME="$d/c2" "$bin" check --solvers "z3@latest" examples/qf_lia.smt2
  check "an index file from the future is refreshed: z3@latest is the registry's 9.11.0" \
    eval '[ $code = 0 ] && [[ $out == *"z3-9.11.0 "*sat* ]] && [ "$(sed -n 1p "$pypi/index-z3-solver.txt")" = 9.11.0 ]'
  # A python that fails without a word: the message names it and says how it ended.
  pypi=$d/c3/smtgrind/pypi
  run "${env2[@]}" XDG_CACHE_HOME="$d/c3" SMTGRIND_PYTHON=/bin/false "$bin" check --solvers "z3@9.2.0" examples/qf_lia.smt2
  check "a silent failing python: exit 2, naming it and its exit status, nothing left" \
    eval '[ $code = 2 ] && [[ $err == *"z3@9.2.0: /bin/false -m venv failed: exit status 1, no message"* ]] && [ -z "$(ls -A "$pypi" | grep -v "^\.lock-")" ]'
  # A marker that is a directory marks nothing: the release is installed again.
  pypi=$d/c4/smtgrind/pypi
  mkdir -p "$pypi/z3-9.2.0/smtgrind-release"
  run "${env2[@]}" XDG_CACHE_HOME="$d/c4" "$bin" check --solvers "z3@9.2.0" examples/qf_lia.smt2
  check "a marker that is a directory: the release is installed again and runs" \
    eval '[ $code = 0 ] && [[ $err == *"installing z3-solver==9.2.0"* ]] && [ -f "$pypi/z3-9.2.0/smtgrind-release" ] && [[ $out == *"z3-9.2.0 "*sat* ]]'
  # One release, several spellings: one directory, one name.
  run "${env2[@]}" XDG_CACHE_HOME="$d/c4" "$bin" check --solvers "z3@09.2.0;z3@9.2.0.0" examples/qf_lia.smt2
  check "z3@09.2.0 and z3@9.2.0.0 are the installed z3-9.2.0: no install, no second directory" \
    eval '[ $code = 0 ] && [[ $err != *installing* ]] && [[ $out == *"z3-9.2.0 "*sat* ]] && [ ! -e "$pypi/z3-09.2.0" ] && [ ! -e "$pypi/z3-9.2.0.0" ]'
  # kill -9 during an install: the next install of that release removes the leftovers at once
  # (it holds the release's lock); another release's fresh temporary directory is left alone.
  pypi=$d/c5/smtgrind/pypi
  mkdir -p "$pypi/.install-z3-9.11.0-Busy00"
  "${env2[@]}" XDG_CACHE_HOME="$d/c5" FAKE_PYPI_SLEEP=30 "$bin" check --solvers "z3@9.1.0" examples/qf_lia.smt2 >/dev/null 2>&1 &
  local pk=$! i left
  for i in $(seq 100); do [ -z "$(ls -d "$pypi"/.install-z3-9.1.0-* 2>/dev/null)" ] || break; sleep 0.1; done
  { kill -9 $pk; wait $pk; } 2>/dev/null || true
  left=$(ls -d "$pypi"/.install-z3-9.1.0-* 2>/dev/null || true)
  run "${env2[@]}" XDG_CACHE_HOME="$d/c5" "$bin" check --solvers "z3@9.1.0" examples/qf_lia.smt2
  check "after kill -9 of an install: the next run installs and removes the killed install's directory" \
    eval '[ -n "$left" ] && [ $code = 0 ] && [[ $err == *"installing z3-solver==9.1.0"* ]] && [ -z "$(ls -A "$pypi" | grep "^\.install-z3-9\.1\.0-")" ] && [ -d "$pypi/.install-z3-9.11.0-Busy00" ]'
  # A stop signal ends a wait for another process's install (the signals are blocked and the
  # install may take minutes): the waiter dies of it at once; the installer is stopped too.
  pypi=$d/c6/smtgrind/pypi
  "${env2[@]}" XDG_CACHE_HOME="$d/c6" FAKE_PYPI_SLEEP=30 "$bin" check --solvers "z3@9.1.0" examples/qf_lia.smt2 >/dev/null 2>&1 &
  local pa=$! pb t0 took ca=0 cb=0
  for i in $(seq 100); do [ -z "$(ls -d "$pypi"/.install-z3-9.1.0-* 2>/dev/null)" ] || break; sleep 0.1; done
  "${env2[@]}" XDG_CACHE_HOME="$d/c6" "$bin" check --solvers "z3@9.1.0" examples/qf_lia.smt2 >"$d/wait.out" 2>&1 &
  pb=$!
  for i in $(seq 100); do ! grep -qs waiting "$d/wait.out" || break; sleep 0.1; done
  t0=$SECONDS
  kill -TERM $pb
  wait $pb || cb=$?
  took=$((SECONDS - t0))
  kill -TERM $pa
  wait $pa || ca=$?
  code=$cb err=$(cat "$d/wait.out")
  check "SIGTERM while waiting for another install of the release: it dies of it at once (143)" \
    eval '[ $cb = 143 ] && [ $ca = 143 ] && [ $took -le 5 ] && [[ $err == *"z3@9.1.0: waiting for another process'"'"'s install of it"* ]]'
  # A cache path too long for a driver's #! line: said before anything is installed.
  local long
  long=$d/$(printf 'x%.0s' $(seq 230))
  run "${env2[@]}" XDG_CACHE_HOME="$long" "$bin" check --solvers "cvc5@9.2.0" examples/qf_lia.smt2
  check "a cache path too long for the cvc5 driver's first line: exit 2 before any install" \
    eval '[ $code = 2 ] && [[ $err == *"the cache path is too long for a script'"'"'s first line"*"XDG_CACHE_HOME"* ]] && [[ $err != *installing* ]] && [ ! -e "$long/smtgrind/pypi/cvc5-9.2.0" ]'
  # A version the registry lists but too long for the solver's name: refused before an install.
  run "${env2[@]}" XDG_CACHE_HOME="$d/c7" FAKE_PYPI_VERSIONS="1.2.3.4.5.6.7.8.9.10.11" "$bin" check --solvers "bitwuzla@latest" examples/qf_lia.smt2
  check "bitwuzla@latest that is 1.2.3.4.5.6.7.8.9.10.11: exit 2, too long for a solver name, nothing installed" \
    eval '[ $code = 2 ] && [[ $err == *"bitwuzla@latest: the version 1.2.3.4.5.6.7.8.9.10.11 is too long for a solver name"* ]] && [ ! -e "$d/c7/smtgrind/pypi/bitwuzla-1.2.3.4.5.6.7.8.9.10.11" ]'
  # A file where the cache directory should be; a relative XDG_CACHE_HOME and no HOME.
  mkdir -p "$d/f/smtgrind" && touch "$d/f/smtgrind/pypi"
  run "${env2[@]}" XDG_CACHE_HOME="$d/f" "$bin" check --solvers "z3@9.2.0" examples/qf_lia.smt2
  check "a file in the cache directory's place: exit 2, naming it" \
    eval '[ $code = 2 ] && [[ $err == *"$d/f/smtgrind/pypi: cannot create the cache directory: something not a directory is in the way"* ]]'
  run env -u HOME XDG_CACHE_HOME=rel SMTGRIND_PYTHON="$fakepy" "$bin" check --solvers "z3@9.2.0" examples/qf_lia.smt2
  check "a relative XDG_CACHE_HOME and no HOME: exit 2, asking for an absolute path" \
    eval '[ $code = 2 ] && [[ $err == *"no cache directory (set XDG_CACHE_HOME or HOME to an absolute path)"* ]] && [ ! -e rel ]'
}
