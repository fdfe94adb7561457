# group_fileopts.sh: the CLI group `fileopts` of run_cli_tests.sh (sourced there; uses its run,
# check, fail, $bin and $tmp): `check --file-options FAMILIES` gives the words of a file's first
# "; COMMAND-LINE:" line (cvc5's regression suite) to the solvers of those families only, after
# the spec's words; a crash those words trigger is flagged; a line with a quote is an error at its
# line:col; an unknown family is a usage error; a real cvc5 that rejects the words is not judged.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_fileopts() {
  local d=$tmp/fileopts
  mkdir -p "$d"
  # Two fake solvers of two families: each logs its argv (one line a run), answers sat, and
  # dies of SIGSEGV when it gets --crash-me.
  for s in optsolver othersolver; do
    printf '#!/bin/sh\nprintf "%%s\\n" "$*" >> %s/%s.log\nfor a; do [ "$a" = --crash-me ] && kill -SEGV $$; done\necho sat\n' \
      "$d" "$s" > "$d/$s"
    chmod +x "$d/$s"
  done
  printf '; COMMAND-LINE: --alpha  --beta=1\n; COMMAND-LINE: --never\n(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n' > "$d/two.smt2"
  printf '; COMMAND-LINE: --crash-me\n(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n' > "$d/crash.smt2"
  printf '(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n' > "$d/none.smt2"

  run "$bin" check --no-models --no-validate --solvers "$d/optsolver --spec-word;$d/othersolver" \
    --file-options optsolver "$d/two.smt2" "$d/none.smt2"
  check "check --file-options: the first COMMAND-LINE's words go to that family only, after the spec's words" \
    eval '[ $code = 0 ] && [[ $(head -n 1 "$d/optsolver.log") == "--spec-word --alpha --beta=1 /"*.smt2 ]] && [[ $(head -n 1 "$d/othersolver.log") == /*.smt2 ]] && ! grep -q -- --never "$d/optsolver.log"'
  check "check --file-options: a file without the line runs the solvers as named" \
    eval '[[ $(sed -n 2p "$d/optsolver.log") == "--spec-word /"*.smt2 ]] && [ "$(wc -l < "$d/optsolver.log")" = 2 ]'

  run "$bin" check --no-models --no-validate --solvers "$d/othersolver;$d/optsolver" "$d/crash.smt2"
  check "check without --file-options: the COMMAND-LINE is a comment, nothing crashes: exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: ok"* ]]'
  run "$bin" check --json --no-models --no-validate --solvers "$d/othersolver;$d/optsolver" \
    --file-options optsolver "$d/crash.smt2"
  check "check --file-options: the crash the file's options trigger is flagged, its command has them: exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"\"verdict\": \"crash\""* ]] && [[ $out == *"\"blamed\": [\"optsolver\"]"* ]] && [[ $out == *"\"--crash-me\", \"$d/crash.smt2\""* ]]'

  printf '(declare-const x Int)\n; COMMAND-LINE: --a "b c"\n(check-sat)\n' > "$d/quote.smt2"
  local n0
  n0=$(wc -l < "$d/optsolver.log")
  run "$bin" check --no-models --no-validate --solvers "$d/optsolver" --file-options optsolver "$d/quote.smt2" "$d/none.smt2"
  check "check --file-options: a quoted word is an error at its line:col, that file not run, the others are: exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"quote.smt2:2:21: error: --file-options: this COMMAND-LINE holds a quote"* ]] && [ "$(grep -c "verdict: ok" <<<"$out")" = 1 ] && [ "$(wc -l < "$d/optsolver.log")" = $((n0 + 1)) ]'
  run "$bin" check --solvers "$d/optsolver" --file-options optsolver,cvc6 "$d/none.smt2"
  check "check --file-options: a family no solver of --solvers has is a usage error, nothing runs" \
    eval '[ $code = 2 ] && [[ $err == *"--file-options: '"'"'cvc6'"'"' is the family of no solver of --solvers"* ]] && [ -z "$out" ]'
  run "$bin" label --out "$d/i.tsv" --solvers "$d/optsolver" --file-options optsolver "$d/none.smt2"
  check "label --file-options: refused (it belongs to check)" \
    eval '[ $code = 2 ] && [[ $err == *"--file-options belongs to '"'"'check'"'"'"* ]]'

  # A solver named cvc4 gets cvc4's profile, whose --strings-exp goes with every string script;
  # with --file-options cvc4 the file's line is its whole configuration (cvc4 1.8 without
  # --strings-exp answers sat on cvc5's regress0/strings/issue4915.smt2, as the suite runs it).
  mkdir -p "$d/c4"
  printf '#!/bin/sh
printf "%%s\n" "$*" >> %s/c4.log
echo sat
' "$d" > "$d/c4/cvc4"
  chmod +x "$d/c4/cvc4"
  printf '; COMMAND-LINE: --one
(set-logic QF_SLIA)
(declare-const s String)
(assert (= (str.len s) 2))
(check-sat)
' > "$d/str.smt2"
  run "$bin" check --no-models --no-validate --solvers "$d/c4/cvc4" "$d/str.smt2"
  run "$bin" check --no-models --no-validate --solvers "$d/c4/cvc4" --file-options cvc4 "$d/str.smt2"
  check "check --file-options cvc4: the file's words replace cvc4's --strings-exp (without: it is added)" \
    eval '[ $code = 0 ] && [[ $(sed -n 1p "$d/c4.log") == *"--strings-exp "* ]] && [[ $(sed -n 2p "$d/c4.log") == "-q --lang smt2 --one /"*.smt2 ]]'

  # The real cvc5: an option it rejects makes its run a rejection, never a bug (the file
  # cannot be judged with it); an option it takes is passed (its own model check here).
  if command -v cvc5 >/dev/null && command -v z3 >/dev/null; then
    printf '; COMMAND-LINE: --no-such-option-54\n; EXPECT: sat\n(set-logic QF_LIA)\n(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n' > "$d/rej.smt2"
    run "$bin" check --json --solvers "cvc5;z3" --file-options cvc5 "$d/rej.smt2"
    check "check --file-options: cvc5 rejecting the file's option is a rejection, no bug: exit 0" \
      eval '[ $code = 0 ] && [[ $out == *"\"verdict\": \"ok\""* ]] && [[ $out == *"\"--no-such-option-54\""* ]] && [[ $out == *"\"outcome\": \"rejected\""* ]]'
  else
    echo "SKIP: fileopts: the real cvc5 part needs cvc5 and z3 in PATH" >&2
  fi
}
