# group_deep.sh: the CLI group `deep` of run_cli_tests.sh (sourced there; uses its run, check,
# fail, $bin and $tmp): nesting within and beyond SG_LIMIT_DEPTH.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
# nest N FILE: (set-logic QF_UF) then (assert (not (not ... true))) with N nested `not`s.
nest() {
  awk -v n="$1" 'BEGIN { printf "(set-logic QF_UF)\n(assert ";
                         for (i = 0; i < n; i++) printf "(not ";
                         printf "true"; for (i = 0; i < n; i++) printf ")"; print ")" }' >"$2"
}

group_deep() {
  local f=$tmp/deep.smt2
  nest 1000000 "$f"
  run "$bin" parse "$f"
  check "10^6 nested parentheses: exit 2 with a limit error, not a crash" \
    eval '[ $code = 2 ] && [[ $(first_err_line) =~ ^$f:2:[0-9]+:\ error:\ .*nesting\ deeper\ than ]]'
  run "$bin" print "$f"
  check "print of 10^6 nested parentheses: exit 2 with a limit error" \
    eval '[ $code = 2 ] && [ "$out" = "(set-logic QF_UF)" ] && [[ $(first_err_line) == *"nesting deeper than"* ]]'

  # Deep but within the limit: must parse and print without recursion on the depth.
  f=$tmp/deep_ok.smt2
  nest 50000 "$f"
  run "$bin" parse "$f"
  check "50,000 nested 'not's parse" \
    eval '[ $code = 0 ] && [[ $out == "$f: ok logic=QF_UF commands=2 terms="* ]]'
  run "$bin" print "$f"
  cp "$out_file" "$tmp/deep_ok_printed.smt2"
  check "50,000 nested 'not's print" eval '[ $code = 0 ] && [ -z "$err" ]'
  run "$bin" parse "$tmp/deep_ok_printed.smt2"
  check "the printed 50,000-deep term re-parses" test "$code" = 0
}
