# group_reduce.sh: the CLI group `reduce` of run_cli_tests.sh (sourced there; uses its run, check,
# fail, $bin and $tmp): the reducer's command line (no real solver: grep and the fake solver).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_reduce() {
  local fake in_bytes
  fake=$(dirname "$bin")/fake_solver
  in_bytes=$(wc -c < examples/qf_bv.smt2)
  run "$bin" reduce -q -j 2 examples/qf_bv.smt2 "$tmp/r1.smt2" -- grep -q bvlshr
  check "reduce with a grep predicate: exit 0, a summary line" \
    eval '[ $code = 0 ] && [[ $out == "reduced examples/qf_bv.smt2 -> "*" checks, "*" cache hits, "* ]]'
  run "$bin" parse "$tmp/r1.smt2"
  check "the reduced file parses, keeps bvlshr and is 4x smaller" \
    eval '[ $code = 0 ] && grep -q bvlshr "$tmp/r1.smt2" && [ $(( $(wc -c < "$tmp/r1.smt2") * 4 )) -lt "$in_bytes" ]'
  run "$bin" reduce examples/qf_bv.smt2 "$tmp/r2.smt2" --match-out nothere -- grep bvlshr
  check "reduce: a golden run that does not match is an input error" \
    eval '[ $code = 2 ] && [[ $err == *"golden run: its stdout does not contain --match-out '"'nothere'"'"* ]] && [ ! -e "$tmp/r2.smt2" ]'
  run "$bin" reduce --regex-err 'x' examples/qf_bv.smt2 "$tmp/r2.smt2" -- grep bvlshr
  check "reduce: a golden run whose stderr misses --regex-err is named by that rule" \
    eval '[ $code = 2 ] && [[ $err == *"golden run: its stderr does not match --regex-err '"'x'"'"* ]]'
  group_reduce_perf
  # OUT is replaced after every improvement: never the input, nor anything but a regular file.
  cp examples/qf_bv.smt2 "$tmp/rin.smt2"
  ln -sf rin.smt2 "$tmp/rlink.smt2"
  mkfifo "$tmp/rfifo"
  local o
  for o in rin.smt2 rlink.smt2; do
    run "$bin" reduce -q "$tmp/rin.smt2" "$tmp/$o" -- grep -q bvlshr
    check "reduce: OUT $o names the input: exit 2, the input untouched" \
      eval '[ $code = 2 ] && [[ $err == "$tmp/$o: error: names the input "*"give another OUT" ]] && cmp -s "$tmp/rin.smt2" examples/qf_bv.smt2'
  done
  run "$bin" reduce -q "$tmp/rlink.smt2" "$tmp/rin.smt2" -- grep -q bvlshr
  check "reduce: IN a link to OUT: exit 2, the input untouched" \
    eval '[ $code = 2 ] && cmp -s "$tmp/rin.smt2" examples/qf_bv.smt2'
  printf 'old\n' > "$tmp/rtarget.smt2"
  ln -sf rtarget.smt2 "$tmp/rout-link.smt2"
  run "$bin" reduce -q examples/qf_bv.smt2 "$tmp/rout-link.smt2" -- grep -q bvlshr
  check "reduce: OUT a link to a file: written through (still a link; the file holds the result)" \
    eval '[ $code = 0 ] && [ -L "$tmp/rout-link.smt2" ] && grep -q bvlshr "$tmp/rtarget.smt2"'
  ln -sf no/such/file "$tmp/rdangling.smt2"
  run "$bin" reduce -q examples/qf_bv.smt2 "$tmp/rdangling.smt2" -- grep -q bvlshr
  check "reduce: OUT a dangling link: exit 2 before anything runs, naming OUT" \
    eval '[ $code = 2 ] && [[ $err == "$tmp/rdangling.smt2: error: a link to no file: No such file or directory" ]]'
  # IN read from /dev/stdin (a link to a file read to its end): the golden run gets a copy.
  run "<examples/qf_bv.smt2" "$bin" reduce -q /dev/stdin "$tmp/rstdin.smt2" -- grep -q bvlshr
  check "reduce /dev/stdin: the golden run sees the input (the result keeps bvlshr)" \
    eval '[ $code = 0 ] && grep -q bvlshr "$tmp/rstdin.smt2"'
  run "$bin" reduce -q -t 5 examples/qf_bv.smt2 "$tmp/rfifo" -- grep -q bvlshr
  check "reduce: OUT a FIFO: exit 2 before anything runs, still a FIFO" \
    eval '[ $code = 2 ] && [[ $err == *"rfifo: error: not a regular file"* ]] && [ -p "$tmp/rfifo" ]'
  run "$bin" reduce -q examples/qf_bv.smt2 "$tmp/no/such/dir/r.smt2" -- grep -q bvlshr
  check "reduce: OUT in a missing directory: exit 2 naming OUT and why" \
    eval '[ $code = 2 ] && [[ $err == "$tmp/no/such/dir/r.smt2: error: cannot write in $tmp/no/such/dir: No such file or directory" ]]'
  # --budget counts from the start and stops the candidates still running: a command that is
  # quick on the input and hangs on every candidate, -t 60, --budget 2.
  printf '#!/bin/sh\ncase "$1" in */cand*) exec sleep 37;; esac\nexec grep -q bvlshr "$1"\n' > "$tmp/rslow.sh"
  chmod +x "$tmp/rslow.sh"
  local b0 b1
  b0=$(date +%s)
  run "$bin" reduce -q -j 2 -t 60 --budget 2 examples/qf_bv.smt2 "$tmp/rb.smt2" -- "$tmp/rslow.sh"
  b1=$(date +%s)
  check "reduce --budget 2 -t 60 with hanging candidates: ends by 5 s with the input, nothing left running" \
    eval '[ $code = 0 ] && [[ $out == *"(budget reached)" ]] && [ $((b1 - b0)) -le 5 ] && grep -q bvlshr "$tmp/rb.smt2" && ! pgrep -f "sleep 37" > /dev/null'
  # Both golden runs (the command's and the cross-check's) share the budget.
  printf '#!/bin/sh\nsleep 1.5\nexec grep -q bvlshr "$1"\n' > "$tmp/rslow2.sh"
  chmod +x "$tmp/rslow2.sh"
  run "$bin" reduce -q -j 1 --budget 2 -c "$tmp/rslow2.sh" examples/qf_bv.smt2 "$tmp/rc.smt2" -- "$tmp/rslow2.sh"
  check "reduce --budget 2 with two 1.5-s golden runs: the second gets the time left, exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"cross-check golden run: the golden run timed out (after 0."*" s, the time left of --budget)"* ]]'
  run "$bin" reduce tests/parse/unknown_symbol.smt2 "$tmp/r3.smt2" -- grep x
  check "reduce: an input that does not parse: exit 2 with its position" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == tests/parse/unknown_symbol.smt2:*:*": error: "* ]]'
  run "$bin" reduce examples/qf_bv.smt2 "$tmp/r4.smt2"
  check "reduce: no command is a usage error" test "$code" = 2
  run "$bin" reduce --strategy best examples/qf_bv.smt2 "$tmp/r4.smt2" -- grep x
  check "reduce: an unknown strategy is a usage error" test "$code" = 2
  run "$bin" reduce -j 0 examples/qf_bv.smt2 "$tmp/r4.smt2" -- grep x
  check "reduce: --jobs 0 is a usage error" test "$code" = 2
  run "$bin" reduce --match-out a --regex-out b examples/qf_bv.smt2 "$tmp/r4.smt2" -- grep x
  check "reduce: --match-out with --regex-out (one would go unused) is a usage error" \
    eval '[ $code = 2 ] && [[ $err == *"--match-out and --regex-out judge the same stream"* ]]'
  run "$bin" reduce --ignore-output --match-err a examples/qf_bv.smt2 "$tmp/r4.smt2" -- grep x
  check "reduce: a rule for an ignored stream is a usage error" \
    eval '[ $code = 2 ] && [[ $err == *"--match-err is given for a stream that is ignored"* ]]'
  run "$bin" reduce --finding "$tmp/none.json" --match-out a "$tmp/r4.smt2"
  check "reduce --finding with a command rule is a usage error" \
    eval '[ $code = 2 ] && [[ $err == *"--finding judges by the finding: --match-out does not apply"* ]]'
  run "$bin" reduce --regex-out '(' examples/qf_bv.smt2 "$tmp/r4.smt2" -- grep x
  check "reduce: a bad regex is a usage error" eval '[ $code = 2 ] && [[ $err == *"bad regular expression"* ]]'
  # --finding: a crash finding written by hand (the fake solver segfaults on any input)
  if [ -x "$fake" ]; then
    cp examples/qf_lia.smt2 "$tmp/crash-fake-w0-000001.smt2"
    printf '{"kind": "crash", "solver": "fake_solver", "query": -1, "trigger": "crash-fake-w0-000001.smt2",\n "expected": null, "runs": [{"solver": "fake_solver", "command": ["%s", "segv"], "outcome": "crash"}]}\n' "$fake" > "$tmp/crash-fake-w0-000001.json"
    run "$bin" reduce --finding "$tmp/crash-fake-w0-000001.json" "$tmp/r5.smt2" --budget 60
    check "reduce --finding: a crash finding is reduced to one command" \
      eval '[ $code = 0 ] && [ "$(grep -c "^(" "$tmp/r5.smt2")" = 1 ] && "$bin" parse -q "$tmp/r5.smt2"'
    # Under --budget the golden run's solvers, one after the other, share the time left (two
    # hanging solvers took 2 s each beside a 2-s budget), and the culprit runs first (so the
    # others cannot leave it none).
    # (the hanging solvers sleep a time no other test uses: pgrep finds only theirs, also
    # beside the other tests ctest runs at once)
    printf '#!/bin/sh\nsleep 39.7\n' > "$tmp/hang397.sh"
    chmod +x "$tmp/hang397.sh"
    printf '{"kind": "crash", "solver": "fake_solver", "query": -1, "trigger": "crash-fake-w0-000001.smt2",\n "expected": null, "runs": [{"solver": "h1", "command": ["%s"], "outcome": "timeout"}, {"solver": "fake_solver", "command": ["%s", "segv"], "outcome": "crash"}, {"solver": "h2", "command": ["%s"], "outcome": "timeout"}]}\n' "$tmp/hang397.sh" "$fake" "$tmp/hang397.sh" > "$tmp/crash-hang.json"
    cp "$tmp/crash-fake-w0-000001.smt2" "$tmp/crash-hang.smt2"
    sed -i 's/"trigger": "crash-fake-w0-000001.smt2"/"trigger": "crash-hang.smt2"/' "$tmp/crash-hang.json"
    local h0 h1
    h0=$(date +%s%N)
    run "$bin" reduce --finding "$tmp/crash-hang.json" "$tmp/r5h.smt2" --budget 2
    h1=$(date +%s%N)
    check "reduce --finding --budget 2 with two hanging solvers beside the culprit: the golden run reproduces, all ends by 3.5 s" \
      eval '[ $code = 0 ] && [ $(( (h1 - h0) / 1000000 )) -le 3500 ] && [[ $err == *"keeping crash (fake_solver crashed"* ]] && ! pgrep -f "sleep 39.7" > /dev/null'
    for o in crash-fake-w0-000001.smt2 crash-fake-w0-000001.json; do
      run "$bin" reduce --finding "$tmp/crash-fake-w0-000001.json" "$tmp/$o" --budget 60
      check "reduce --finding: OUT $o (the finding's own file): exit 2, untouched" \
        eval '[ $code = 2 ] && [[ $err == *"which reduce would overwrite"* ]] && cmp -s "$tmp/crash-fake-w0-000001.smt2" examples/qf_lia.smt2 && grep -q segv "$tmp/crash-fake-w0-000001.json"'
    done
    printf '{"kind": "crash", "solver": "fake_solver", "trigger": "crash-fake-w0-000001.smt2", "runs": [{"solver": "fake_solver", "command": ["%s", "sat"]}]}\n' "$fake" > "$tmp/nocrash.json"
    run "$bin" reduce --finding "$tmp/nocrash.json" "$tmp/r6.smt2"
    check "reduce --finding: a finding that does not reproduce is an input error" \
      eval '[ $code = 2 ] && [[ $err == *"does not reproduce"* ]]'
    # The blamed solver's own crash decides, even when a solver before it crashes too (the
    # oracle puts that one first): the finding reproduces and reduces.
    printf '{"kind": "crash", "solver": "fake_b", "trigger": "crash-fake-w0-000001.smt2", "runs": [{"solver": "fake_a", "command": ["%s", "segv"]}, {"solver": "fake_b", "command": ["%s", "segv"]}]}\n' "$fake" "$fake" > "$tmp/crash2.json"
    run "$bin" reduce --finding "$tmp/crash2.json" "$tmp/r6b.smt2" --budget 60
    check "reduce --finding: a crash of the second solver reduces when the first crashes too" \
      eval '[ $code = 0 ] && [ "$(grep -c "^(" "$tmp/r6b.smt2")" = 1 ]'
  fi
  # The cvc4 1.8 invalid model on an array from bit-vectors to Bool read at a computed index
  # (docs/bugs.md, section 3): a finding recorded when our evaluator refuted cvc4's model, and
  # one recorded when cvc4's own --check-models failed. Both reduce: the golden run (where
  # --check-models fires) used to reject the first ("does not reproduce ... verdict
  # invalid-model").
  if command -v cvc4 >/dev/null && command -v cvc5 >/dev/null && command -v z3 >/dev/null; then
    local j
    for j in evaluator self; do
      run "$bin" reduce --finding "tests/data/reduce/invalid-model-cvc4-abv-$j.json" "$tmp/r-abv-$j.smt2" --budget 20
      # (bv-reduce-width may take the index down to ((_ zero_extend 4) b): cvc4's model is
      # still wrong there)
      check "reduce --finding: cvc4 invalid model on (select c (bvurem a #x10)) ($j) reduces" \
        eval '[ $code = 0 ] && grep -Eq "\(select c (\(bvurem a #x10\)|\(\(_ zero_extend 4\) [a-z]+\))\)" "$tmp/r-abv-$j.smt2"'
    done
  fi
  # cvc4's own check failing on cos (docs/bugs.md 8.1): an invalid model (our evaluator refutes
  # the model) reduces and stays one; a checker crash (the model is right) reduces and stays
  # one; an invalid-model finding recorded on the checker case no longer reproduces as such.
  if command -v cvc4 >/dev/null && command -v cvc5 >/dev/null && command -v z3 >/dev/null; then
    run "$bin" reduce --finding tests/data/reduce/invalid-model-cvc4-cos.json "$tmp/r-cos.smt2" --budget 30
    # (the reduced (= (+ b (cos 1.0)) 1.0) no longer trips cvc4's own check, but our evaluator
    # still refutes its model b = 1 + sin 1)
    check "reduce --finding: cvc4's cos invalid model reduces and our evaluator still refutes its model" \
      eval '[ $code = 0 ] && grep -q "cos" "$tmp/r-cos.smt2" && { "$bin" check --solvers cvc4 "$tmp/r-cos.smt2" || true; } | grep -q "verdict: invalid-model: cvc4.s .*model falsifies an assertion (our evaluator)"'
    run "$bin" reduce --finding tests/data/reduce/crash-cvc4-cos-checker.json "$tmp/r-cosc.smt2" --budget 30
    check "reduce --finding: cvc4's checker crash on a right cos model reduces and stays a checker crash" \
      eval '[ $code = 0 ] && { "$bin" check --solvers cvc4 "$tmp/r-cosc.smt2" || true; } | grep -q "verdict: crash: cvc4.s own model check failed on a model that satisfies"'
    run "$bin" reduce --finding tests/data/reduce/invalid-model-cvc4-cos-checker-old.json "$tmp/r-coso.smt2" --budget 30
    check "reduce --finding: an invalid-model finding whose model is right does not reproduce (verdict crash), exit 2" \
      eval '[ $code = 2 ] && [[ $err == *"does not reproduce"*"verdict crash"* ]] && [ ! -e "$tmp/r-coso.smt2" ]'
    # The same right model beside another solver's unsat: the unsat is the finding (soundness),
    # reported before the checker, and it reduces as one (cvc4's failed check counts as sat).
    run "$bin" check --solvers "cvc4;$fake unsat" tests/data/reduce/crash-cvc4-cos-checker.smt2
    check "check: cvc4's check fails on a right model, fake_solver says unsat: soundness blamed on fake_solver, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: soundness: fake_solver answered unsat on query 1 but cvc4"?"s model satisfies every assertion"* ]] && [[ $out == *"blamed: fake_solver"* ]]'
    python3 - "$(realpath "$fake")" tests/data/reduce/crash-cvc4-cos-checker.json "$tmp/snd-checker.json" <<'PY'
import json, sys
f = json.load(open(sys.argv[2]))
f.update(kind="soundness", solver="fake_solver", query=0, trigger="snd-checker.smt2",
         why="fake_solver answered unsat on query 1 but cvc4's model satisfies every assertion")
f["runs"] = [r for r in f["runs"] if r["solver"] == "cvc4"] + [dict(
    solver="fake_solver", command=[sys.argv[1], "unsat"], outcome="ok", answers=["unsat"],
    exit_code=0, signal=0, reason="1 answer", signature=None, model=None, note=None)]
json.dump(f, open(sys.argv[3], "w"))
PY
    cp tests/data/reduce/crash-cvc4-cos-checker.smt2 "$tmp/snd-checker.smt2"
    run "$bin" reduce --finding "$tmp/snd-checker.json" "$tmp/r-snd.smt2" --budget 30
    check "reduce --finding: that soundness finding reproduces and reduces (fake_solver still blamed)" \
      eval '[ $code = 0 ] && { "$bin" check --solvers "cvc4;$fake unsat" "$tmp/r-snd.smt2" || true; } | grep -q "blamed: fake_solver"'
  fi
  run "$bin" reduce --finding "$tmp/missing.json" "$tmp/r7.smt2"
  check "reduce --finding: a missing JSON file is an input error" test "$code" = 2
  run "$bin" reduce "" "$tmp/r8.smt2" -- grep x
  check "reduce on '"''"': exit 2 naming the empty path" \
    eval '[ $code = 2 ] && [[ $err == "'"''"': error: an empty path names no file" ]]'
  mkdir -p "$tmp/rdir"
  run "$bin" reduce "$tmp/rdir" "$tmp/r8.smt2" -- grep x
  check "reduce on a directory: exit 2 naming it" \
    eval '[ $code = 2 ] && [[ $err == "$tmp/rdir: error: "*"Is a directory" ]]'
  if [ -x "$fake" ]; then
    # Without -t the golden run has a limit (60 s or the budget): a hanging command returns.
    local t0 t1
    t0=$(date +%s)
    run "$bin" reduce --budget 2 examples/qf_lia.smt2 "$tmp/r9.smt2" -- "$fake" hang
    t1=$(date +%s)
    check "reduce without -t on a hanging command: the golden run stops at the budget, exit 2" \
      eval '[ $code = 2 ] && [[ $err == *"golden run timed out (after "*" s, the time left of --budget)"* ]] && [ $((t1 - t0)) -le 6 ] && [ ! -e "$tmp/r9.smt2" ]'
    # The culprit's binary gone after its fourth run (the golden run and a few candidates):
    # the reduction stops, exit 2, and says why; before, every later candidate was taken for
    # one that no longer fails and the run ended "reduced", exit 0.
    printf '#!/bin/sh\nexec "%s" unsat "$@"\n' "$(realpath "$fake")" > "$tmp/fu"
    chmod +x "$tmp/fu"
    run "$bin" opfuzz --solvers "z3;$tmp/fu" --mutants 2 --seed 1 -t 5 --out "$tmp/rgone" examples/qf_lia.smt2
    local gj
    gj=$(ls "$tmp"/rgone/soundness-fu-*.json 2>/dev/null | head -n 1)
    printf '#!/bin/sh\nn=$(cat "%s/fu.n" 2>/dev/null || echo 0); echo $((n + 1)) > "%s/fu.n"\n[ "$n" -ge 3 ] && rm -f "$0"\nexec "%s" unsat "$@"\n' \
      "$tmp" "$tmp" "$(realpath "$fake")" > "$tmp/fu"
    run "$bin" reduce --finding "$gj" "$tmp/rgone.smt2"
    check "reduce --finding whose solver stops starting: stops, exit 2, says so" \
      eval '[ -n "$gj" ] && [ $code = 2 ] && [[ $err == *"a solver (or the command) could not be started: the reduction stopped there"* ]]'
  fi
}

# Performance mode (--slower-than, --slower-than-ratio with --reference): tests/fake/fake_slow.sh
# takes 3 s on an input holding bvlshr, 0.2 s on any other; the result must keep the slow part.
group_reduce_perf() {
  local slow in_bytes t0 t1
  slow=tests/fake/fake_slow.sh
  in_bytes=$(wc -c < examples/qf_bv.smt2)
  t0=$(date +%s)
  run "$bin" reduce -q -j 2 --slower-than 1 examples/qf_bv.smt2 "$tmp/p1.smt2" -- sh "$slow"
  t1=$(date +%s)
  check "reduce --slower-than 1: exit 0, the result keeps the slow marker, parses and is 3x smaller" \
    eval '[ $code = 0 ] && grep -q bvlshr "$tmp/p1.smt2" && "$bin" parse "$tmp/p1.smt2" >/dev/null && [ $(( $(wc -c < "$tmp/p1.smt2") * 3 )) -lt "$in_bytes" ]'
  check "reduce --slower-than 1: slow runs are stopped after about 1 s, not their 3 s (under 90 s in all)" \
    test $((t1 - t0)) -lt 90
  run "$bin" reduce -q -j 2 --slower-than-ratio 4 --reference "sh $slow --never-slow" examples/qf_bv.smt2 "$tmp/p2.smt2" -- sh "$slow"
  check "reduce --slower-than-ratio 4 --reference: exit 0, keeps the marker and is 3x smaller" \
    eval '[ $code = 0 ] && grep -q bvlshr "$tmp/p2.smt2" && [ $(( $(wc -c < "$tmp/p2.smt2") * 3 )) -lt "$in_bytes" ]'
  run "$bin" reduce -q --slower-than 2 examples/qf_bv.smt2 "$tmp/p3.smt2" -- grep -q bvlshr
  check "reduce --slower-than on a quick golden run: exit 2, says how long it took, no OUT" \
    eval '[ $code = 2 ] && [[ $err == *"golden run: the command took "*" s, not longer than 2 s"* ]] && [ ! -e "$tmp/p3.smt2" ]'
  run "$bin" reduce -q --slower-than-ratio 2 examples/qf_bv.smt2 "$tmp/p3.smt2" -- sh "$slow"
  check "reduce --slower-than-ratio without --reference: a usage error" \
    eval '[ $code = 2 ] && [[ $err == *"--slower-than-ratio needs --reference CMD"* ]]'
  run "$bin" reduce -q --slower-than 1 --match-out sat examples/qf_bv.smt2 "$tmp/p3.smt2" -- sh "$slow"
  check "reduce --slower-than with --match-out: a usage error (output is not judged)" \
    eval '[ $code = 2 ] && [[ $err == *"--match-out does not apply with --slower-than"* ]]'
}
