# group_npmz3.sh: the CLI group `npmz3` of run_cli_tests.sh (sourced there): the npm z3 release
# scripts/setup.sh installs (src/run/npmz3.h: SG_NPMZ3_TEST_RELEASE) runs as a solver through
# its node driver: answers, models our evaluator checks, rejections, the fuzz loop.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_npmz3() {
  local rel=4.8.17
  run "$bin" check --solvers "z3@$rel;z3" examples/qf_lia.smt2 examples/qf_bv.smt2
  check "check: z3@$rel answers as z3 does, its model valid" \
    eval '[ $code = 0 ] && [[ $out == *"z3-$rel "*"sat "*"model valid"* ]] && [[ $out == *"z3-$rel "*"unsat "* ]] && [[ $out != *"verdict: "[^o]* ]]'
  printf '(declare-const x Int)\n(assert (+ x true))\n(check-sat)\n' > "$tmp/npm_bad.smt2"
  run "$bin" check --solvers "z3@$rel" "$tmp/npm_bad.smt2"
  check "check: an ill-sorted script is rejected by z3@$rel, never a crash" \
    eval '[[ $out == *"z3-$rel "*"rejected"*"verdict: ok"* ]]'
  run "$bin" check --solvers "z3@4.x;z3" examples/qf_lia.smt2
  check "a malformed release is no npm release (and no binary): exit 2" test "$code" = 2
  run "$bin" opfuzz --solvers "z3@$rel;z3" --seed 2 --mutants 3 -i 3 --out "$tmp/npm_f" examples/qf_lia.smt2
  check "opfuzz with z3@$rel and z3: 3 mutants, all decided, no finding" \
    eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 3 "*"decided 100%"* ]] && [ -z "$(ls "$tmp/npm_f")" ]'
}
