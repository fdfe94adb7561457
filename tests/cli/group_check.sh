# group_check.sh: the CLI group `check` of run_cli_tests.sh (sourced there; uses its run, check,
# fail, $bin and $tmp): verdicts and exit codes of check and label with real and fake solvers.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_check() {
  local fake
  fake=$(dirname "$bin")/fake_solver
  [ -x "$fake" ] || { fail "fake_solver not built next to $bin"; return; }
  run "$bin" check examples/qf_lia.smt2
  check "check: z3 and cvc5 agree, models valid: exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: ok"* ]] && [ "$(grep -c "model valid" <<<"$out")" = 2 ]'
  run "$bin" check --solvers "z3;$fake unsat" examples/qf_lia.smt2
  check "check: a solver saying unsat against z3's valid model is blamed: exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: soundness: fake_solver answered unsat"* ]]'
  # An echo printing an answer word: z3 prints it bare, as if it answered; never run (a parse
  # error, and the text path refuses it too, also next to a command we cannot read).
  printf '(declare-const a Bool)\n(echo "unsat")\n(assert a)\n(check-sat)\n' > "$tmp/echo1.smt2"
  printf '(declare-const a Bool)\n(echo "unsat")\n(assert a)\n(check-sat)\n(frobnicate)\n' > "$tmp/echo2.smt2"
  run "$bin" check --solvers "z3;$fake sat" "$tmp/echo1.smt2" "$tmp/echo2.smt2"
  check "check: a file whose echo prints unsat is not run (exit 2, at the echo's line:col), no verdict" \
    eval '[ $code = 2 ] && [[ $err == *"echo1.smt2:2:7: error: echo prints an answer word"* ]] && [[ $err == *"echo2.smt2: the file echoes an answer word"*"not run"* ]] && [[ $out != *"verdict: soundness"* ]]'
  # The same through a quoted |echo| in a text our front end cannot read (z3 reads it as echo),
  # and a simplify that prints a constructor named sat (z3 and cvc5 print it bare).
  printf '(declare-const x (_ BitVec 8))(assert (= (bvsmod_i x x) x))(assert false)\n(|echo| "sat")\n(check-sat)\n' > "$tmp/echo3.smt2"
  printf '(declare-datatypes ((D 0)) (((sat) (other))))\n(declare-const b Bool)\n(assert (and b (not b)))\n(simplify sat)\n(check-sat)\n' > "$tmp/simp.smt2"
  run "$bin" check --solvers "z3;$fake unsat" "$tmp/echo3.smt2" "$tmp/simp.smt2"
  check "check: |echo| in an unreadable text, simplify of a constructor named sat: not run, exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"echo3.smt2: the file echoes an answer word"*"not run"* ]] && [[ $err == *"simp.smt2:4:2: error: simplify prints a term bare"* ]] && [[ $out != *"verdict: soundness"* ]]'
  # Text from the input that holds a solver's diagnostic words (a hostile review: false
  # crashes of z3 and cvc5): a string value or |symbol| in a model is data, not a crash; an
  # echo (z3 prints it without quotes) keeps the file from running.
  printf '(set-logic QF_S)\n(declare-fun s () String)\n(assert (= s "Fatal failure within ASSERTION VIOLATION"))\n(check-sat)\n(get-value (s))\n' > "$tmp/diag1.smt2"
  printf '(declare-fun |ERRORS SATISFYING ASSERTIONS WITH MODEL| () Int)\n(assert (> |ERRORS SATISFYING ASSERTIONS WITH MODEL| 0))\n(check-sat)\n(get-model)\n' > "$tmp/diag2.smt2"
  printf '(declare-const x Int)\n(echo "ASSERTION VIOLATION")\n(assert (> x 0))\n(check-sat)\n' > "$tmp/diag3.smt2"
  run "$bin" check --solvers "z3;cvc5" "$tmp/diag1.smt2" "$tmp/diag2.smt2"
  check "check: diagnostic words in a string value or a |symbol| of a model: both sat, models valid, exit 0" \
    eval '[ $code = 0 ] && [ "$(grep -c "verdict: ok" <<<"$out")" = 2 ] && [ "$(grep -c "model valid" <<<"$out")" = 4 ]'
  # A character beyond ASCII written as itself: z3 reads bytes (str.len of "é" is
  # 2), cvc5 rejects the file; its value is the solver's, never an invalid model.
  printf '(set-logic QF_SLIA)\n(declare-fun n () Int)\n(assert (= n (str.len "\303\251")))\n(check-sat)\n(get-model)\n' > "$tmp/utf8.smt2"
  run "$bin" check --solvers "z3;cvc5" "$tmp/utf8.smt2"
  check "check: a raw UTF-8 character in a string literal: z3's model undetermined, no finding, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"z3 "*"sat"*"model undetermined"* ]] && [[ $out == *"verdict: ok"* ]]'
  # A wrong (set-info :status unsat): cvc5 aborts before printing a model that contradicts it,
  # so the model run goes without the label, and the model is checked.
  printf '(set-info :status unsat)\n(set-logic QF_LIA)\n(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n' > "$tmp/label.smt2"
  run "$bin" check --solvers "cvc5" "$tmp/label.smt2"
  check "check: a file labelled unsat that cvc5 finds sat: its model is read and valid" \
    eval '[ $code = 0 ] && [[ $out == *"cvc5 "*"sat"*"model valid"* ]]'
  run "$bin" check --solvers "z3;cvc5" "$tmp/diag3.smt2"
  check "check: an echo of z3's diagnostic text: z3 not run (cvc5 quotes its echo: run, sat), no finding" \
    eval '[ $code = 0 ] && [ "$(grep -c "skipped.*not run: an echo prints .ASSERTION VIOLATION." <<<"$out")" = 1 ] && [[ $out == *"cvc5 "*"sat"*"model valid"* ]] && [[ $out != *crash* ]]'
  # Only the rows of the solver count: "Assertion" (a generic word z3's own markers replace)
  # skips no one; "timeout" (z3's line) skips z3 only; a bare "|" echoed before an error
  # hides nothing (z3 rejects str.rev: a rejection, not a soundness finding).
  printf '(declare-const x Int)\n(echo "checking: Assertion 1")\n(assert (> x 0))\n(check-sat)\n' > "$tmp/diag4.smt2"
  printf '(declare-const x Int)\n(echo "timeout")\n(assert (> x 0))\n(check-sat)\n' > "$tmp/diag5.smt2"
  printf '(set-logic ALL)\n(echo "|")\n(declare-const s String)\n(assert (= s "A"))\n(assert (not (= s (str.rev s))))\n(check-sat)\n' > "$tmp/diag6.smt2"
  run "$bin" check --solvers "z3;cvc5;cvc4" "$tmp/diag4.smt2"
  check "check: an echo of a generic word: every solver runs" eval '[ $code = 0 ] && [[ $out != *skipped* ]] && [ "$(grep -c "model valid" <<<"$out")" = 3 ]'
  run "$bin" check --solvers "z3;cvc5;cvc4" "$tmp/diag5.smt2"
  check "check: an echo of \"timeout\": z3 skipped, cvc5 and cvc4 run" \
    eval '[ $code = 0 ] && [ "$(grep -c skipped <<<"$out")" = 1 ] && [[ $out == *"z3 "*skipped* ]]'
  run "$bin" check -t 5 --solvers "z3;cvc5" "$tmp/diag6.smt2"
  check "check: a bare | echoed before z3's error: z3 rejected, no finding (a second look: a false soundness)" \
    eval '[ $code = 0 ] && [[ $out == *"z3 "*"rejected"* ]] && [[ $out != *soundness* ]]'
  # 0x7f is ASCII: z3 prints \u{7f} raw in its model; the model is checked (valid).
  printf '(set-logic QF_SLIA)\n(declare-fun s () String)\n(assert (= s "a\\u{7f}"))\n(assert (= (str.len s) 2))\n(check-sat)\n' > "$tmp/del.smt2"
  run "$bin" check --solvers "z3" "$tmp/del.smt2"
  check "check: a model string holding 0x7f (z3 prints it raw) is checked: valid" \
    eval '[ $code = 0 ] && [[ $out == *"z3 "*"sat"*"model valid"* ]]'
  run "$bin" check --solvers "z3;$fake segv" examples/qf_lia.smt2
  check "check: a segfault is a crash: exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: crash"* ]]'
  run "$bin" check --solvers "z3;$fake hang" -t 1 examples/qf_lia.smt2
  check "check: a timeout is not a bug: exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"timeout"* ]] && [[ $out == *"verdict: ok"* ]]'
  run "$bin" check --solvers "z3;$fake error_then_sat" examples/qf_lia.smt2
  check "check: a rejection is not a bug: exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"rejected"* ]] && [[ $out == *"verdict: ok"* ]]'
  run "$bin" check tests/parse/unknown_symbol.smt2
  check "check: an invalid input file: exit 2 with its position" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == tests/parse/unknown_symbol.smt2:*:*": error: unknown symbol"* ]]'
  # A file our front end cannot read (z3's two-argument str.indexof): the solvers still run on
  # its text.
  local ext=tests/data/check/z3_ext.smt2
  run "$bin" check --solvers "z3;cvc5" "$ext"
  check "check on a file our front end rejects: the real solvers run (z3 sat, cvc5 rejects), exit 2 (no bug, unreadable)" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == "$ext:4:36: error: '"'"'str.indexof'"'"' expects 3 arguments, got 2 (our front end cannot read this file"* ]] && [[ $out == *"frontend: cannot read it: $ext:4:36"* ]] && grep -q "^  z3 *sat" <<<"$out" && grep -q "^  cvc5 *rejected" <<<"$out" && [[ $out == *"verdict: ok"* ]]'
  run "$bin" check --solvers "z3;cvc4" "$ext"
  check "check on a file our front end rejects: cvc4's rejection is not a bug, exit 2" \
    eval '[ $code = 2 ] && [[ $out == *"cvc4 "*"rejected"* ]] && [[ $out == *"verdict: ok"* ]]'
  run "$bin" check --solvers "z3;$fake segv" "$ext"
  check "check on a file our front end rejects: a crash is still a bug, exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: crash: fake_solver crashed"* ]]'
  run "$bin" check --solvers "z3;$fake unsat" "$ext"
  check "check on a file our front end rejects: differing answers are judged (no model to blame), exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: soundness"* ]] && [[ $out != *"model valid"* ]]'
  # A crash on the model run only (the script, then (get-model)) is a crash of the file, confirmed
  # by a second fresh run of that text; without models nothing asks for the model.
  run "$bin" check --solvers "$fake model_crash;z3" examples/qf_lia.smt2
  check "check: a solver that crashes only on (get-model) is blamed for a crash on the model run, exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: crash: fake_solver crashed on the model run"*"SIGSEGV"* ]] && [[ $out == *"blamed: fake_solver"* ]] && grep -q "^  z3 .*model valid" <<<"$out"'
  run "$bin" check --no-models --solvers "$fake model_crash;z3" examples/qf_lia.smt2
  check "check --no-models: the same solver is never asked for a model, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: ok"* ]]'
  run "$bin" check --solvers "$fake model_crash;z3" examples/qf_lia.smt2
  local mrun
  mrun=$(sed -n '/^  model run:/,$p' <<<"$out")
  check "check: the model run that crashed is printed (its text, to run with the plain command)" \
    eval '[ "$(sed -n 2p <<<"$mrun")" = "    (set-option :produce-models true)" ] && [ "$(tail -n 1 <<<"$mrun")" = "    (get-model)" ] && ! grep -q ":status" <<<"$mrun"'
  # A first solver whose model-run crash does not repeat does not hide a later one whose does.
  ln -sf "$(cd "$(dirname "$fake")" && pwd)/fake_solver" "$tmp/fake2"
  rm -f "$tmp/mc-state"
  run "$bin" check --solvers "$fake model_crash_once $tmp/mc-state;$tmp/fake2 model_crash;z3" examples/qf_lia.smt2
  check "check: a flaky model-run crash of one solver, a repeatable one of the next: the next is blamed" \
    eval '[ $code = 10 ] && [[ $out == *"blamed: fake2"* ]] && [ -e "$tmp/mc-state" ]'
  # A solver without its own crash markers (a wrapper script): words such as Aborted or Exception
  # in the symbols of its model are the input's, no crash report.
  printf '#!/bin/sh\nexec z3 -smt2 "$@"\n' > "$tmp/myz3.sh"
  chmod +x "$tmp/myz3.sh"
  printf '(set-logic QF_LIA)\n(declare-fun isAborted () Int)\n(declare-fun Exception () Int)\n(assert (> isAborted Exception))\n(check-sat)\n' > "$tmp/words.smt2"
  run "$bin" check --solvers "$tmp/myz3.sh;z3" "$tmp/words.smt2"
  check "check: crash words in a generic solver's model symbols are no crash, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: ok"* ]] && grep -q "^  myz3.sh .*model valid" <<<"$out"'
  # ... and 4 MB of them are read once, not rescanned per word (6 minutes before: a hostile
  # review; the timeout turns that back into a failure).
  printf '#!/bin/sh\necho sat\nyes "((a isAborted) (b |Fatal failure within|))" | head -c 4000000\n' > "$tmp/words4m.sh"
  chmod +x "$tmp/words4m.sh"
  run timeout 60 "$bin" check --no-models --solvers "$tmp/words4m.sh" examples/qf_lia.smt2
  check "check: 4 MB of crash words inside a model's symbols and quoted data: no crash, within the timeout" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: ok"* ]]'
  # Issue 14: every solver is resolved and executable before anything runs.
  local sub
  for sub in check opfuzz campaign; do
    run "$bin" $sub --solvers "z3;cvc55" --out "$tmp/typo-$sub" examples/qf_lia.smt2
    [ $sub = check ] && run "$bin" check --solvers "z3;cvc55" examples/qf_lia.smt2
    check "$sub with a solver that is not installed: exit 2 naming it, nothing run" \
      eval '[ $code = 2 ] && [[ $err == *"solver '"'"'cvc55'"'"': not found in PATH"* ]] && [ ! -e "$tmp/typo-$sub/campaign.db" ]'
  done
  run "$bin" check --solvers "z3;/tmp" examples/qf_lia.smt2
  check "check with a directory as solver: exit 2, 'is a directory'" eval '[ $code = 2 ] && [[ $err == *"'"'"'/tmp'"'"': is a directory"* ]]'
  printf 'x' > "$tmp/noexec" && chmod 600 "$tmp/noexec"
  run "$bin" check --solvers "$tmp/noexec" examples/qf_lia.smt2
  check "check with a file that is not executable: exit 2" eval '[ $code = 2 ] && [[ $err == *"is not executable"* ]]'
  # Issue 14: a memory limit per solver run; a runaway solver ends as memout, not a crash.
  run timeout 60 "$bin" check --memout 64 --solvers "$fake eatmem" examples/qf_lia.smt2
  check "check --memout 64 against a solver that eats memory: memout, not a crash, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"fake_solver memout"* ]] && [[ $out == *"verdict: ok"* ]]'
  run timeout 60 "$bin" check --memout 64 --solvers "$fake eatmem_segv" examples/qf_lia.smt2
  check "check --memout 64 against one that segfaults when malloc fails (most of the limit resident): memout, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"fake_solver memout"* ]] && [[ $out == *"verdict: ok"* ]]'
  # Issue 54: a solver that checks its allocations says so in its own words and exits 1, no
  # signal: a memout under --memout whatever the words (a Python MemoryError, std::bad_alloc
  # caught, out of memory, GNU MP's ENOMEM, "memory allocation failed"); with no such words
  # the same exit is abnormal_exit.
  for k in python cxx oom enomem alloc; do
    run timeout 60 "$bin" check --memout 64 --solvers "$fake eatmem_say_$k" examples/qf_lia.smt2
    check "check --memout 64, a solver that says it is out of memory ($k) and exits 1: memout, exit 0" \
      eval '[ $code = 0 ] && [[ $out == *"fake_solver memout"* ]] && [[ $out == *"verdict: ok"* ]]'
  done
  run timeout 60 "$bin" check --memout 64 --solvers "$fake eatmem_say_none" examples/qf_lia.smt2
  check "check --memout 64, a solver that runs out of memory silently and exits 1: abnormal_exit, not memout" \
    eval '[[ $out == *"fake_solver abnormal_exit"* ]] && [[ $out != *"fake_solver memout"* ]]'
  run "$bin" check --memout lots examples/qf_lia.smt2
  check "check --memout with a bad value: exit 2" test "$code" = 2
  run timeout 60 "$bin" opfuzz --solvers "$fake eatmem" --memout 64 --seed 1 --mutants 2 -i 2 --out "$tmp/eat" examples/qf_lia.smt2
  check "opfuzz --memout 64 against a solver that eats memory: no finding, the header says the limit, every run a memout: said, exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"memout 64 MiB"* ]] && [[ $err == *"ran out of memory under --memout 64"* ]] && [ -z "$(ls "$tmp/eat")" ]'
  run "$bin" opfuzz --solvers z3 --seed 1 --mutants 1 -i 1 --out "$tmp/memdef" examples/qf_lia.smt2
  check "opfuzz without --memout: a default limit (a share of the machine's memory)" \
    eval '[ $code = 0 ] && [[ $err =~ memout\ [1-9][0-9]*\ MiB ]]'
  # Issue 14: nothing left behind. A solver that is a script starting children of its own.
  mkdir -p "$tmp/td"
  printf '#!/bin/sh\n"%s" hang "%s" &\n"%s" hang "%s"\n' "$(realpath "$fake")" "$tmp/kid" "$(realpath "$fake")" "$tmp/kid" > "$tmp/hang_kids.sh"
  chmod +x "$tmp/hang_kids.sh"
  run env TMPDIR="$tmp/td" timeout 2 "$bin" check -t 10 --solvers "$tmp/hang_kids.sh" examples/qf_lia.smt2
  sleep 0.3
  check "check killed by timeout(1): the solver script and its children are gone, no private directory left" \
    eval '[ $code = 124 ] && ! pgrep -f "$tmp/hang_kids.sh|$tmp/kid" >/dev/null && [ -z "$(ls "$tmp/td")" ]'
  local fpid t0
  set +e
  env TMPDIR="$tmp/td" "$bin" opfuzz --budget 600 --jobs 2 --solvers "$tmp/hang_kids.sh;z3" --out "$tmp/sig" examples/ >"$out_file" 2>"$err_file" &
  fpid=$!
  sleep 3
  t0=$SECONDS
  kill -TERM "$fpid"
  wait "$fpid"
  code=$?
  set -e
  sleep 0.3
  check "opfuzz --jobs 2 given SIGTERM: dies of it within seconds; no worker, solver or private directory left" \
    eval '[ $code = 143 ] && [ $((SECONDS - t0)) -lt 10 ] && ! pgrep -f "$tmp/hang_kids.sh|$tmp/kid" >/dev/null && ! pgrep -f "opfuzz --budget 600 --jobs 2 --solvers $tmp" >/dev/null && [ -z "$(ls "$tmp/td")" ]'
  # Its workers died of the signal before they could count their CPU: the last CPU line says
  # the split was not measured (it printed "smtgrind 0.00s, solvers 0.00s" before).
  check "opfuzz stopped by SIGTERM: the CPU line gives the parent's total and says the share was not measured" \
    eval '[[ $(grep "^CPU:" "$err_file") =~ ^CPU:\ smtgrind\ and\ its\ solvers\ [0-9]+\.[0-9]{2}s\ in\ all\;\ smtgrind.s\ share\ not\ measured\ \([12]\ of\ 2\ workers ]]'
  # Issue 15: seeds are labelled before the loop starts; a stop signal then still leaves
  # nothing behind (the engines and the campaign block the stop signals from the start).
  local lsub
  for lsub in sae campaign; do
    mkdir -p "$tmp/tdl-$lsub"
    if [ "$lsub" = sae ]; then
      run env TMPDIR="$tmp/tdl-$lsub" timeout 2 "$bin" sae -t 10 --solvers "$tmp/hang_kids.sh;z3" --out "$tmp/lab-$lsub" examples/qf_lia.smt2
    else
      run env TMPDIR="$tmp/tdl-$lsub" timeout 2 "$bin" campaign --engines sae -t 10 --solvers "$tmp/hang_kids.sh;z3" --log --out "$tmp/lab-$lsub" examples/qf_lia.smt2
    fi
    sleep 0.3
    check "$lsub killed by timeout(1) while labelling its seeds: no solver, child or private directory left" \
      eval '[ $code = 124 ] && [[ $err == *"labelling 1 unlabelled seed "* ]] && ! pgrep -f "$tmp/hang_kids.sh|$tmp/kid" >/dev/null && [ -z "$(ls "$tmp/tdl-$lsub")" ]'
  done
  t0=$SECONDS
  run "$bin" opfuzz --solvers "$fake hang" -t 20 --budget 2 --out "$tmp/budget" examples/qf_lia.smt2
  check "opfuzz --budget 2 with -t 20 and a hanging solver: ends within the budget plus a second or two" \
    eval '[ $code = 0 ] && [ $((SECONDS - t0)) -le 5 ]'
  # Issue 13 on the real solvers: blame, unspecified semantics, rejections.
  local od=tests/data/oracle
  if command -v cvc4 >/dev/null && command -v cvc5 >/dev/null; then
    run "$bin" check --solvers "z3;cvc5;cvc4" "$od/dt_forall.smt2"
    check "check: z3 and cvc5 unsat, cvc4 sat on a datatype forall: cvc4 is blamed by the majority, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: soundness: cvc4 answered sat on query 1; 2 of the 3 solvers that decided say unsat (majority)"* ]] && [[ $out == *"blamed: cvc4"* ]]'
    run "$bin" check --solvers "z3;cvc4" "$od/dt_forall.smt2"
    check "check: z3 against cvc4 with no model deciding: the referee (cvc5, installed, not under test) blames cvc4" \
      eval '[ $code = 10 ] && [[ $out == *"referee cvc5 answers unsat"* ]] && [[ $out == *"blamed: cvc4"* ]]'
    # A referee of the family of a solver that answered is no second opinion: with only z3 and
    # cvc4 installed, cvc4 under test as `cvc4-1.8` (a version of it) said sat; the referee cvc4
    # said sat too and blamed z3, although cvc4 is the wrong one (above).
    mkdir -p "$tmp/fam/bin"
    ln -sf "$(command -v z3)" "$tmp/fam/bin/z3"
    ln -sf "$(command -v cvc4)" "$tmp/fam/bin/cvc4"
    ln -sf "$(command -v cvc4)" "$tmp/fam/cvc4-1.8"
    run env PATH="$tmp/fam/bin" "$bin" check --solvers "z3;$tmp/fam/cvc4-1.8" "$od/dt_forall.smt2"
    check "check: a referee of the family of a solver under test (cvc4 for cvc4-1.8) is not asked: unattributed, not z3" \
      eval '[ $code = 10 ] && [[ $out == *"no model decides"* ]] && [[ $out != *"referee"* ]] && [[ $out == *"blamed: unattributed"* ]]'
    # Issue 47: every run shown wrong is blamed, each version of a solver (not one per family,
    # not just the first): by a validated model, by the majority, by the referee.
    ln -sf "$(cd "$(dirname "$fake")" && pwd)/fake_solver" "$tmp/fam/fake_solver-2.0"
    run "$bin" check --solvers "z3;$fake unsat;$tmp/fam/fake_solver-2.0 unsat" examples/qf_lia.smt2
    check "check: two runs of one family answering unsat against z3's valid model: both blamed, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: soundness: fake_solver answered unsat on query 1 but z3"?"s model satisfies"* ]] && [[ $out == *"blamed: fake_solver, fake_solver-2.0"* ]]'
    run "$bin" check --json --solvers "z3;$fake unsat;$tmp/fam/fake_solver-2.0 unsat" examples/qf_lia.smt2
    check "check --json: blamed lists both runs, in run order" \
      eval '[ $code = 10 ] && python3 -c "import json,sys; o=json.loads(sys.stdin.read()); assert o[\"blamed\"]==[\"fake_solver\", \"fake_solver-2.0\"], o[\"blamed\"]" <<<"$out"'
    printf '(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (> x 3))\n(assert (< x 2))\n(check-sat)\n' > "$tmp/unsat_lia.smt2"
    run "$bin" check --solvers "$fake sat;z3;cvc5;$tmp/fam/fake_solver-2.0 sat" "$tmp/unsat_lia.smt2"
    check "check: one family (two runs) saying sat against z3 and cvc5: the majority blames both runs, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"(majority)"* ]] && [[ $out == *"blamed: fake_solver, fake_solver-2.0"* ]]'
    run "$bin" check --solvers "cvc4;$tmp/fam/cvc4-1.8;z3" "$od/dt_forall.smt2"
    check "check: cvc4 and cvc4-1.8 sat, z3 unsat, no model decides: the referee (cvc5) blames both cvc4 runs, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"referee cvc5 answers unsat"* ]] && [[ $out == *"blamed: cvc4, cvc4-1.8"* ]]'
    run "$bin" check --solvers "z3;cvc5;cvc4" "$od/pow_zero_zero.smt2"
    check "check: (< 1.0 (^ 0.0 0.0)), z3 sat, cvc5 and cvc4 unsat: unspecified (0^0), not a bug, exit 0" \
      eval '[ $code = 0 ] && [[ $out == *"verdict: unspecified: "*"^ is a solver extension"* ]] && [[ $out != *"blamed"* ]]'
    run "$bin" check --solvers "z3;cvc5" "$od/pow_symbolic.smt2"
    check "check: cvc5's (error \"... POW(^) ... Exception occurred in ...\") is a rejection, not a crash, exit 0" \
      eval '[ $code = 0 ] && [[ $out == *"cvc5 "*"rejected"* ]] && [[ $out == *"verdict: ok"* ]]'
    # cvc4's own --check-models failing is judged on the model it gives without the check:
    # refuted, an invalid model; right (cos 0 = 1), its checker is wrong (a crash); x/0 under
    # cos, unspecified; without models, the failed check alone (docs/bugs.md 8.1).
    run "$bin" check --solvers "z3;cvc4" "$od/cos_model.smt2"
    check "check: cvc4's check fails and its model a = 0, b = 0 falsifies a = cos b: invalid model, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: invalid-model: cvc4"?"s own model check failed, and its model falsifies"* ]] && [[ $out == *"blamed: cvc4"* ]]'
    run "$bin" check --solvers "z3;cvc4" "$od/cos_checker.smt2"
    check "check: cvc4's check fails on a right model (b = 0 for cos b = 1), the one it examined (-v -v): a checker crash, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: crash: cvc4"?"s own model check failed on a model that satisfies every assertion (our evaluator, on the model the check examined)"* ]]'
    run "$bin" check --solvers "z3;cvc4" "$od/cos_div_zero.smt2"
    check "check: cvc4's check fails on b = cos (a/0): unspecified, nobody blamed, exit 0" \
      eval '[ $code = 0 ] && [[ $out == *"verdict: unspecified: cvc4"?"s own model check failed; our evaluator cannot decide"* ]] && [[ $out != *"blamed"* ]]'
    run "$bin" check --solvers "z3;cvc4 --check-models -q" "$od/cos_checker.smt2"
    check "check: with --check-models in the spec too, the run for the model drops it: a checker crash, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: crash: cvc4"?"s own model check failed on a model that satisfies every assertion"* ]]'
    # A failed own check with no model to judge (the model run without the check answers
    # unknown) stays an invalid model on the solver's word, even where a division could be by
    # zero. The plain run answers sat (the run that decides never has --check-models).
    mkdir -p "$tmp/fc"
    printf '#!/bin/sh\nfor a; do [ "$a" = --check-models ] && { echo sat; echo "ERRORS SATISFYING ASSERTIONS WITH MODEL" >&2; exit 134; }; f=$a; done\ngrep -q get-model "$f" && { echo unknown; exit 0; }\necho sat\n' > "$tmp/fc/cvc4"
    chmod +x "$tmp/fc/cvc4"
    printf '(set-logic QF_NRA)(declare-const x Real)(declare-const y Real)(assert (= y 2.0))(assert (> (/ x y) 1.0))(check-sat)\n' > "$tmp/fc.smt2"
    run "$bin" check --solvers "z3;$tmp/fc/cvc4" "$tmp/fc.smt2"
    check "check: a failed own check whose re-run gives no model is an invalid model, not unspecified, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: invalid-model: cvc4"?"s own model check failed: "* ]]'
    # The model its check examined decides, not the one a run without the check gives: this
    # fake cvc4 checks x = 0 (printed with -v -v, as cvc4 does) and fails; without the check it
    # gives x = 2, which is right. The check was right: an invalid model, not a checker crash.
    # Without -v's model (the second fake) the run without the check is all there is.
    mkdir -p "$tmp/fv" "$tmp/fw"
    printf '#!/bin/sh\nc=0 v=0\nfor a; do [ "$a" = --check-models ] && c=1; [ "$a" = -v ] && v=$((v+1)); done\nif [ $c = 1 ]; then [ $v -ge 2 ] && printf "SmtEngine::checkModel(): generating model\\n(model\\n(define-fun x () Real 0.0)\\n)\\n"; echo "Fatal failure within void CVC4::SmtEngine::checkModel(bool) at ./src/smt/smt_engine.cpp:2795" >&2; echo "ERRORS SATISFYING ASSERTIONS WITH MODEL:" >&2; exit 134; fi\necho sat; printf "(\\n(define-fun x () Real 2.0)\\n)\\n"\n' > "$tmp/fv/cvc4"
    sed 's/\[ $v -ge 2 \]/[ $v -ge 9 ]/' "$tmp/fv/cvc4" > "$tmp/fw/cvc4"
    chmod +x "$tmp/fv/cvc4" "$tmp/fw/cvc4"
    printf '(set-logic QF_LRA)(declare-const x Real)(assert (> x 1.0))(check-sat)\n' > "$tmp/fv.smt2"
    run "$bin" check --solvers "z3;$tmp/fv/cvc4" "$tmp/fv.smt2"
    check "check: a failed own check is judged on the model it examined (x = 0, printed by -v -v), not on the run without it (x = 2): invalid model, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: invalid-model: cvc4"?"s own model check failed, and its model falsifies an assertion (our evaluator, on the model the check examined)"* ]] && [[ $out == *"blamed: cvc4"* ]]'
    run "$bin" check --solvers "z3;$tmp/fw/cvc4" "$tmp/fv.smt2"
    check "check: a failed own check that prints no model is judged on the run without the check, and says so: checker crash, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: crash: cvc4"?"s own model check failed on a model that satisfies every assertion (our evaluator, on the model of a run without the check)"* ]]'
    # z3 goes on after its failed model_validate and answers (get-model) with the model it
    # rejected (z3 4.8.12 does, e.g. `smt.bv.eq_axioms=false` on z3 issue 6808's formula): that
    # model is judged. This fake rejects x = 0 and gives x = 2 without the check; the second
    # prints no model after the error, so the run without the check is judged.
    mkdir -p "$tmp/fz" "$tmp/fy"
    printf '#!/bin/sh\nc=0\nfor a; do [ "$a" = model_validate=true ] && c=1; f=$a; done\nif [ $c = 1 ]; then echo sat; echo "(error \\"line 1 column 70: an invalid model was generated\\")"; grep -q get-model "$f" && printf "(\\\\n  (define-fun x () Real\\\\n    0.0)\\\\n)\\\\n"; exit 0; fi\necho sat; grep -q get-model "$f" && printf "(\\\\n  (define-fun x () Real\\\\n    2.0)\\\\n)\\\\n"; exit 0\n' > "$tmp/fz/z3"
    sed 's/then echo sat; echo \(.*\)"; grep -q get-model "$f"/then echo sat; echo \1"; false/' "$tmp/fz/z3" > "$tmp/fy/z3"
    chmod +x "$tmp/fz/z3" "$tmp/fy/z3"
    run "$bin" check --solvers "$tmp/fz/z3;cvc5" "$tmp/fv.smt2"
    check "check: z3's failed model_validate is judged on its (get-model) answer after the error (x = 0): invalid model, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: invalid-model: z3"?"s own model check failed, and its model falsifies an assertion (our evaluator, on the model the check examined)"* ]] && [[ $out == *"blamed: z3"* ]]'
    run "$bin" check --solvers "$tmp/fy/z3;cvc5" "$tmp/fv.smt2"
    check "check: z3's failed model_validate with no model after the error: the run without the check (x = 2), a checker crash, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: crash: z3"?"s own model check failed on a model that satisfies every assertion (our evaluator, on the model of a run without the check)"* ]]'
    run "$bin" check --no-models --solvers "z3;cvc4" "$od/cos_checker.smt2"
    check "check --no-models: cvc4's failed check alone is an invalid model on its word, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: invalid-model: cvc4"?"s own model check failed: "* ]]'
    run "$bin" check --json --solvers "z3;cvc5;cvc4" "$od/dt_forall.smt2" "$od/pow_zero_zero.smt2"
    check "check --json: blamed [cvc4] on the datatype case, [] and verdict unspecified on 0^0" \
      python3 -c '
import json, sys
a, b = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()]
assert a["verdict"] == "soundness" and a["blamed"] == ["cvc4"], a
assert b["verdict"] == "unspecified" and b["blamed"] == [], b
' "$out_file"
  else
    echo "check: SKIPPED the three-solver blame checks: cvc4 or cvc5 missing" >&2
  fi
  run "$bin" check --solvers "z3;$fake unsat" "$od/pow_zero_zero.smt2"
  check "check: a disagreement no model decides on 0^0 is unspecified even against a liar (never a bug), exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: unspecified"* ]]'
  # Issue 54: a disagreement a division might explain, decided by the totalised formula (each
  # partial application guarded, a fresh function outside its domain). These liars answer sat
  # (or unsat) on every script but the totalised one (its logic QF_UFNRA), which z3 answers.
  mkdir -p "$tmp/tot/bin"
  local grep_bin
  grep_bin=$(command -v grep)
  printf '#!/bin/sh\nfor a; do f=$a; done\n%s -q "^(set-logic QF_UFNRA)" "$f" && exec z3 "$f"\necho %s\n' "$grep_bin" sat > "$tmp/tot/liar"
  printf '#!/bin/sh\nfor a; do f=$a; done\n%s -q "^(set-logic QF_UFNRA)" "$f" && exec z3 "$f"\necho %s\n' "$grep_bin" unsat > "$tmp/tot/unsatliar"
  printf '#!/bin/sh\nfor a; do f=$a; done\n%s -q "^(set-logic QF_UFNRA)" "$f" && { echo unknown; exit 0; }\necho sat\n' "$grep_bin" > "$tmp/tot/mute"
  chmod +x "$tmp/tot/liar" "$tmp/tot/unsatliar" "$tmp/tot/mute"
  ln -sf "$(command -v z3)" "$tmp/tot/bin/z3"
  # y > 1, so y is never 0: x/y = 1 forces x = y > 1 against x < 0.5, unsat whatever x/0 is.
  printf '(set-logic QF_NRA)\n(declare-fun x () Real)\n(declare-fun y () Real)\n(assert (> y 1.0))\n(assert (= (/ x y) 1.0))\n(assert (< x 0.5))\n(check-sat)\n' > "$tmp/tot/never0.smt2"
  # x/0 = 1 is sat for the interpretation that chooses 1, unsat for one that fixes x/0 = 0.
  printf '(set-logic QF_NRA)\n(declare-fun x () Real)\n(assert (= (/ x 0.0) 1.0))\n(check-sat)\n' > "$tmp/tot/depends.smt2"
  run "$bin" check --solvers "z3;$tmp/tot/liar" "$tmp/tot/never0.smt2"
  check "check: sat where the totalised formula is unsat (z3 and the liar itself): soundness, blamed on the liar, the formula shown, exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: soundness: liar answered sat on query 1, but its totalised formula"*"is unsat (z3, liar)"* ]] && [[ $out == *"blamed: liar"* ]] && [[ $out == *"the totalised formula:"*"(assert (= (ite (= y 0.0) (div0_real0 x) (/ x y)) 1.0))"* ]]'
  run "$bin" check --json --solvers "z3;$tmp/tot/liar" "$tmp/tot/never0.smt2"
  check "check --json: the totalised formula under \"totalised\", blamed [liar]" \
    eval '[ $code = 10 ] && python3 -c "import json,sys; o=json.loads(sys.stdin.read()); assert o[\"verdict\"]==\"soundness\" and o[\"blamed\"]==[\"liar\"] and \"div0_real0\" in o[\"totalised\"], o" <<<"$out"'
  run "$bin" check --no-models --solvers "z3;$tmp/tot/unsatliar" "$tmp/tot/depends.smt2"
  check "check: an answer that depends on x/0 (totalised sat, an unsat answer): still unspecified, no one blamed, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: unspecified: "*"division by zero"* ]] && [[ $out != *"blamed"* ]] && [[ $out != *"totalised formula"* ]]'
  # Decided by the other side alone (the liar cannot answer it) and no referee (z3 is the only
  # solver installed, and under test): no second opinion, still unspecified.
  run env PATH="$tmp/tot/bin" "$bin" check --solvers "z3;$tmp/tot/mute" "$tmp/tot/never0.smt2"
  check "check: the totalised formula decided by z3 alone, no referee: still unspecified, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: unspecified"* ]] && [[ $out != *"blamed"* ]]'
  # review54: a solver contradicting itself is no second opinion. selfsat answers sat on a
  # file that is sat (x/0 = 1) and unsat on its totalised formula (its bug is there); the other
  # side answers unsat (a narrower reading of x/0) and nothing on the totalised formula. No
  # referee installed: nothing but selfsat's own word says the totalised formula is unsat, so
  # its (right) sat answer is not blamed. With the referees (z3 says sat): unspecified too.
  mkdir -p "$tmp/tot/none"
  printf '#!/bin/sh\nfor a; do f=$a; done\n%s -q "^(set-logic QF_UFNRA)" "$f" && { echo unsat; exit 0; }\necho sat\n' "$grep_bin" > "$tmp/tot/selfsat"
  printf '#!/bin/sh\nfor a; do f=$a; done\n%s -q "^(set-logic QF_UFNRA)" "$f" && { echo unknown; exit 0; }\necho unsat\n' "$grep_bin" > "$tmp/tot/narrow"
  chmod +x "$tmp/tot/selfsat" "$tmp/tot/narrow"
  run env PATH="$tmp/tot/none" "$bin" check --solvers "$tmp/tot/selfsat;$tmp/tot/narrow" tests/data/total/x_div0_is_one.smt2
  check "check: sat on a sat file, unsat on its totalised formula by that solver alone (no referee): unspecified, no one blamed, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: unspecified"* ]] && [[ $out != *"blamed"* ]] && [[ $out != *"totalised formula"* ]]'
  run "$bin" check --solvers "$tmp/tot/selfsat;$tmp/tot/narrow" tests/data/total/x_div0_is_one.smt2
  check "check: the same with the referees installed (they answer the totalised formula sat): unspecified, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: unspecified"* ]] && [[ $out != *"blamed"* ]]'
  # review54: the fresh functions declared after a set-option that follows set-logic (z3
  # refuses to set :produce-unsat-cores once something is declared, and so answered nothing).
  run "$bin" check --solvers "z3;$tmp/tot/liar" tests/data/total/option_after_logic.smt2
  check "check: an option after set-logic: the totalised formula declares after it, z3 answers it: soundness, blamed liar, exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"blamed: liar"* ]] && [[ $out == *"is unsat (z3, liar)"* ]] && [[ $out == *"(set-option :produce-unsat-cores true)"*"(declare-fun div0_real0 (Real) Real)"* ]]'
  # review54: the disagreement on query 2 of three (push/pop, check-sat-assuming), judged on
  # query 2 of the totalised formula, which has no :status label (the liar runs z3 on it).
  printf '#!/bin/sh\nfor a; do f=$a; done\n%s -q "^(set-logic QF_UFNRA)" "$f" && exec z3 "$f"\nn=$(%s -c check-sat "$f"); i=0; while [ $i -lt $n ]; do echo sat; i=$((i+1)); done\n' "$grep_bin" "$grep_bin" > "$tmp/tot/mliar"
  chmod +x "$tmp/tot/mliar"
  run "$bin" check --solvers "z3;$tmp/tot/mliar" tests/data/total/status_three_queries.smt2
  check "check: three queries, a label: blamed on query 2, the totalised formula without :status decided by z3 and the liar, exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"mliar answered sat on query 2, but its totalised formula"*"is unsat (z3, mliar)"* ]] && [[ $out == *"the totalised formula:"* ]] && [[ $out != *":status"* ]]'
  # review54: Int operands of / (cvc5 coerces them): the fresh function's argument gets an
  # explicit to_real, so cvc5 answers the totalised formula (unsat) and z3, a referee, agrees.
  if command -v cvc5 >/dev/null; then
    printf '#!/bin/sh\nfor a; do f=$a; done\n%s -q "^(set-logic QF_UFNIRA)" "$f" && { echo unknown; exit 0; }\necho sat\n' "$grep_bin" > "$tmp/tot/mutesat"
    chmod +x "$tmp/tot/mutesat"
    run "$bin" check --solvers "cvc5;$tmp/tot/mutesat" tests/data/total/mixed_int_div.smt2
    check "check: Int operands of /: the totalised formula (div0_real0 (to_real x)) is unsat for cvc5 and z3: soundness, blamed mutesat, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"blamed: mutesat"* ]] && [[ $out == *"is unsat (cvc5, z3)"* ]] && [[ $out == *"(div0_real0 (to_real x))"* ]] && [[ $out == *"(div0_real0 3.0)"* ]]'
  else
    echo "check: SKIPPED the Int operands of / check: cvc5 missing" >&2
  fi
  run "$bin" fuse -o unsat --solvers "z3;cvc5" --seed 3 --mutants 6 --index "$od/wrong_labels.tsv" --out "$tmp/wl" "$od/sat1.smt2" "$od/sat2.smt2"
  check "fuse with wrong labels (sat seeds labelled unsat): z3's validated models beat the construction, no finding, the log says why" \
    eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 6 "*"soundness 0"* ]] && [ -z "$(ls "$tmp/wl")" ] && [[ $err == *"note: mutant "*"the expected status (unsat) is contradicted by z3'"'"'s model"* ]]'
  run "$bin" opfuzz --solvers "z3;$fake unsat" --seed 3 --mutants 4 --out "$tmp/uo" "$od/pow_zero_zero.smt2"
  check "opfuzz: disagreements on 0^0 are kept as unspecified pairs, counted apart, never a bug (exit 0)" \
    eval '[ $code = 0 ] && [ -n "$(ls "$tmp/uo")" ] && [ -z "$(ls "$tmp/uo" | grep -v "^unspecified-unattributed-")" ] && grep -q "\"kind\": \"unspecified\"" "$tmp"/uo/*.json && [[ $err == *"unspecified (not a bug): "* ]] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"soundness 0,"*"unspecified "[1-9]* ]]'
  printf '(check-sat)\000(push 1)\n' > "$tmp/nul.smt2"
  run timeout 60 "$bin" check --solvers z3 "$tmp/nul.smt2"
  check "check on a file with a NUL byte: z3 runs on it and rejects it, exit 2" \
    eval '[ $code = 2 ] && [[ $out == *"z3 "*"rejected"* ]] && [[ $out == *"verdict: ok"* ]]'
  run timeout 60 "$bin" check -t 1e-9 --solvers "$fake hang" examples/qf_lia.smt2
  check "check -t 1e-9 is a deadline, not none: the hanging solver times out" \
    eval '[ $code = 0 ] && [[ $out == *"timeout"* ]]'
  # --json: one object per file on stdout (JSON Lines)
  run "$bin" check --json --solvers "z3;$fake unsat" examples/qf_lia.smt2 "$ext" examples/qf_bv.smt2
  check "check --json: one JSON object per file with file, verdict, blamed, runs, frontend" \
    python3 -c '
import json, sys
lines = open(sys.argv[1]).read().splitlines()
o = [json.loads(l) for l in lines]
assert [x["file"] for x in o] == ["examples/qf_lia.smt2", sys.argv[2], "examples/qf_bv.smt2"], o
a, b, c = o
# qf_lia: z3 sat with a model our evaluator validates, the fake says unsat: the fake is blamed
assert a["frontend"] == "ok" and a["verdict"] == "soundness" and a["blamed"] == ["fake_solver"], a
z, f = a["runs"]
assert z["solver"] == "z3" and z["command"][0] == "z3" and z["command"][-1] == "examples/qf_lia.smt2", z
assert z["outcome"] == "ok" and z["answers"] == ["sat"] and z["model"] == "valid" and z["wall_s"] > 0, z
assert f["answers"] == ["unsat"] and f["model"] is None, f
# the z3-extension file: our front end error, runs without models, nobody blamed
assert b["frontend"].startswith(sys.argv[2] + ":4:36: error: \x27str.indexof\x27 expects 3 arguments"), b
assert b["verdict"] == "soundness" and b["blamed"] == [] and all(r["model"] is None for r in b["runs"]), b
# qf_bv: both unsat, no bug
assert c["verdict"] == "ok" and c["blamed"] == [] and [r["answers"] for r in c["runs"]] == [["unsat"], ["unsat"]], c
' "$out_file" "$ext"
  check "check --json: exit 10 (a bug was found)" test "$code" = 10
  run "$bin" check --json --solvers z3 "$tmp/nothere.smt2"
  check "check --json on a file that cannot be opened: an object with verdict not-run, exit 2" \
    eval '[ $code = 2 ] && python3 -c "import json,sys; o=json.loads(sys.stdin.read()); assert o[\"verdict\"]==\"not-run\" and o[\"runs\"]==[] and \"cannot open\" in o[\"frontend\"]" <<<"$out"'
  # An empty input set is an input error.
  mkdir -p "$tmp/emptydir/sub"
  touch "$tmp/emptydir/sub/notes.txt"
  run "$bin" check --solvers z3 "$tmp/emptydir"
  check "check on a directory without .smt2 files: exit 2 naming it" \
    eval '[ $code = 2 ] && [ -z "$out" ] && [[ $err == "$tmp/emptydir: error: no .smt2 files found in this directory" ]]'
  run "$bin" check --solvers z3 ""
  check "check on '"''"': exit 2 naming the empty path" \
    eval '[ $code = 2 ] && [ -z "$out" ] && [[ $err == "'"''"': error: an empty path names no file" ]]'
  run "$bin" label --solvers z3 --out "$tmp/index0.tsv" "$tmp/emptydir"
  check "label on an empty directory: exit 2, no index written" \
    eval '[ $code = 2 ] && [[ $err == *"$tmp/emptydir: error: no .smt2 files"* ]] && [ ! -e "$tmp/index0.tsv" ]'
  local e
  for e in opfuzz typefuzz sae janus fuse; do
    run "$bin" "$e" --solvers z3 --mutants 1 --out "$tmp/e-$e" "$tmp/emptydir"
    check "$e on an empty directory: exit 2 naming it" \
      eval '[ $code = 2 ] && [[ $err == *"$tmp/emptydir: error: no .smt2 files found in this directory"* ]]'
    run "$bin" "$e" --solvers z3 --mutants 1 --out "$tmp/e-$e" ""
    check "$e on '"''"': exit 2 naming the empty path" \
      eval '[ $code = 2 ] && [[ $err == *"'"''"': error: an empty path names no file"* ]]'
  done
  run "$bin" campaign --solvers z3 --budget 1 --out "$tmp/e-camp" "$tmp/emptydir"
  check "campaign on an empty directory: exit 2 naming it" \
    eval '[ $code = 2 ] && [[ $err == *"$tmp/emptydir: error: no .smt2 files found in this directory"* ]]'
  run "$bin" campaign --solvers z3 --budget 1 --out "$tmp/e-camp2" ""
  check "campaign on '"''"': exit 2 naming the empty path" \
    eval '[ $code = 2 ] && [[ $err == *"'"''"': error: an empty path names no file"* ]]'
  run "$bin" check --solvers "" examples/qf_lia.smt2
  check "check: an empty solver spec is a usage error" test "$code" = 2
  run "$bin" check --timeout -3 examples/qf_lia.smt2
  check "check: a negative timeout is a usage error" test "$code" = 2
  run "$bin" label --out "$tmp/index.tsv" examples/
  local rows
  rows=$(tail -n +2 "$tmp/index.tsv" 2>/dev/null | cut -f1,3 | tr '\t' ' ' | tr '\n' ';')
  check "label: every example labelled with its :status" \
    eval '[ $code = 0 ] && [ "$rows" = "examples/qf_bv.smt2 unsat;examples/qf_fp.smt2 sat;examples/qf_lia.smt2 sat;examples/qf_s.smt2 sat;" ]'
  run "$bin" label --solvers "z3;$fake unsat" --out "$tmp/index2.tsv" examples/qf_lia.smt2
  check "label: no consensus, file dropped" \
    eval '[ $code = 0 ] && [ "$(wc -l < "$tmp/index2.tsv")" = 1 ]'
  # A solver whose binary goes after its first run (the model run of the first file, the
  # first run of the second): said, exit 2; before, "verdict: ok" and exit 0.
  local f
  for f in sat model_crash; do
    printf '#!/bin/sh\nrm -f "$0"\nexec "%s" %s "$@"\n' "$(realpath "$fake")" "$f" > "$tmp/gone-$f"
    chmod +x "$tmp/gone-$f"
  done
  run "$bin" check --no-models --solvers "$tmp/gone-sat" examples/qf_lia.smt2 examples/qf_bv.smt2
  check "check: a solver that cannot be started on the second file: said, exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"qf_bv.smt2: error: solver gone-sat could not be started (cannot execute"* ]] && [[ $err != *qf_lia* ]]'
  run "$bin" check --solvers "$tmp/gone-model_crash" examples/qf_lia.smt2
  check "check: a model run that cannot be started: said, exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"solver gone-model_crash: its model run could not be started"* ]]'
  # No verdict rests on a run that never happened (a hostile review): z3 whose model run
  # cannot start was blamed by the two others' majority (exit 10); a referee that cannot
  # start left the disagreement to be written as unattributed.
  printf '#!/bin/sh\n/bin/rm -f "$0"\nexec z3 "$@"\n' > "$tmp/zgone"
  printf '#!/bin/sh\nexec "%s" unsat "$@"\n' "$(realpath "$fake")" > "$tmp/funsat"
  printf '#!/bin/sh\nexec "%s" sat "$@"\n' "$(realpath "$fake")" > "$tmp/fsat"
  cp "$tmp/funsat" "$tmp/other"
  chmod +x "$tmp/zgone" "$tmp/funsat" "$tmp/fsat" "$tmp/other"
  run "$bin" check -t 10 --solvers "$tmp/zgone;$tmp/funsat;$tmp/other" examples/qf_lia.smt2
  check "check: a solver whose model run cannot start is not blamed by the others' majority: not judged, exit 2" \
    eval '[ $code = 2 ] && [[ $out == *"verdict: not judged: solver zgone: its model run could not be started"* ]] && [[ $out != *blamed* ]]'
  mkdir -p "$tmp/refbin"
  printf '#!/bin/sh\n/bin/rm -f "$0"\nexec /usr/bin/z3 "$@"\n' > "$tmp/refbin/z3"
  chmod +x "$tmp/refbin/z3"
  run env PATH="$tmp/refbin" "$bin" check --no-models --solvers "$tmp/fsat;$tmp/funsat" examples/qf_lia.smt2 examples/qf_bv.smt2
  check "check: a referee that cannot start (second file): that file not judged, no one blamed on it" \
    eval '[ $code = 10 ] && [ "$(grep -c "blamed: funsat" <<<"$out")" = 1 ] && [[ $out == *"verdict: not judged: referee z3 could not be started"* ]] && [[ $err == *"qf_bv.smt2: error: referee z3 could not be started"* ]]'
}
