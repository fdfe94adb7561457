# group_print.sh: the CLI group `print` of run_cli_tests.sh (sourced there; uses its run, check,
# fail, $bin and $tmp): round trip, idempotence, streaming.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
# Files of the solvers' extension theories (cvc5's sets, bags, sequences, tuples, higher-order,
# transcendentals, separation logic; z3's legacy forms): printed like the examples.
ext_inputs=(tests/parse/ext_cvc5.smt2 tests/parse/ext_z3.smt2 tests/parse/ext_fmf.smt2)

group_print() {
  local f p1 p2 ok1 ok2
  for f in "${examples[@]}" "${ext_inputs[@]}"; do
    p1=$tmp/p1.smt2
    p2=$tmp/p2.smt2
    run "$bin" print "$f"
    check "print $f exits 0" eval '[ $code = 0 ] && [ -z "$err" ]'
    cp "$out_file" "$p1"
    run "$bin" parse "$f"
    ok1=${out#"$f: "}
    run "$bin" parse "$p1"
    ok2=${out#"$p1: "}
    check "print $f re-parses to the same logic, commands and terms" \
      test "$code:$ok2" = "0:$ok1"
    run "$bin" print "$p1"
    cp "$out_file" "$p2"
    check "print is idempotent on $f" cmp -s "$p1" "$p2"
    run "$bin" print --expand "$f"
    cp "$out_file" "$p2"
    run "$bin" parse "$p2"
    check "print --expand $f re-parses to the same logic, commands and terms" \
      test "$code:${out#"$p2: "}" = "0:$ok1"
    run "<$f" "$bin" print -
    check "print - reads stdin" eval '[ $code = 0 ] && cmp -s "$out_file" "$p1"'
  done

  # The printer keeps each dialect: the solver of each extension file accepts what we print.
  if command -v cvc5 >/dev/null; then
    run "$bin" print tests/parse/ext_cvc5.smt2
    cp "$out_file" "$tmp/ext_cvc5.smt2"
    run cvc5 -q --sets-ext --strings-exp "$tmp/ext_cvc5.smt2"
    check "cvc5 accepts the printed cvc5 extensions" eval '[ $code = 0 ] && [[ $out != *"(error"* ]] && [[ $out == unsat ]]'
  fi
  if command -v z3 >/dev/null; then
    run "$bin" print tests/parse/ext_z3.smt2
    cp "$out_file" "$tmp/ext_z3.smt2"
    run z3 "$tmp/ext_z3.smt2"
    check "z3 accepts the printed z3 extensions" eval '[ $code = 0 ] && [[ $out != *"(error"* ]]'
  fi

  # z3's check-sat-using: parse and print keep it verbatim (a fixed point); every reader that
  # runs solvers refuses it, since the others reject it and the answers would not line up.
  printf '(declare-const x Int)\n(assert (> x 0))\n(check-sat-using (then simplify smt))\n' >"$tmp/csu.smt2"
  run "$bin" print "$tmp/csu.smt2"
  check "print keeps check-sat-using verbatim" \
    eval '[ $code = 0 ] && [[ $out == *"(check-sat-using (then simplify smt))"* ]] && cmp -s "$out_file" "$tmp/csu.smt2"'
  run "$bin" opfuzz --solvers z3 --mutants 1 --seed 1 --out "$tmp/csu-out" "$tmp/csu.smt2"
  check "a seed with check-sat-using is refused at its line and column (exit 2)" \
    eval '[ $code = 2 ] && [[ $err == *"csu.smt2:3:2: error: check-sat-using: z3 answers it like check-sat"* ]]'

  f=tests/parse/unbalanced_close.smt2
  run "$bin" print "$f"
  cp "$out_file" "$tmp/partial.smt2"
  check "print: the error line names the file and position" \
    eval '[ $code = 2 ] && [[ $(first_err_line) =~ ^tests/parse/unbalanced_close\.smt2:3:[0-9]+:\ error:\ . ]]'
  run "$bin" parse "$tmp/partial.smt2"
  check "print streams: the 3 commands before the error were printed" \
    eval '[ $code = 0 ] && [[ $out == *" commands=3 "* ]]'

  run "$bin" print examples
  check "print of a directory: exit 2" eval '[ $code = 2 ] && [ -z "$out" ]'
  run "$bin" print tests/parse/empty.smt2
  check "print of an empty file prints nothing" test "$code:$out:$err" = "0::"
}
