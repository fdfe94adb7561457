# group_npmz3.sh: the CLI group `npmz3` of run_cli_tests.sh (sourced there): the npm z3 release
# scripts/setup.sh installs (src/run/npmz3.h: SG_NPMZ3_TEST_RELEASE, one PyPI lacks) runs as a solver through
# its node driver: answers, models our evaluator checks, rejections, the fuzz loop, sessions.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_npmz3() {
  local rel=5.2.0
  run "$bin" check --solvers "z3@$rel;z3" examples/qf_lia.smt2 examples/qf_bv.smt2
  check "check: z3@$rel answers as z3 does, its model valid" \
    eval '[ $code = 0 ] && [[ $out == *"z3-$rel "*"sat "*"model valid"* ]] && [[ $out == *"z3-$rel "*"unsat "* ]] && [[ $out != *"verdict: "[^o]* ]]'
  printf '(declare-const x Int)\n(assert (+ x true))\n(check-sat)\n' > "$tmp/npm_bad.smt2"
  run "$bin" check --solvers "z3@$rel" "$tmp/npm_bad.smt2"
  check "check: an ill-sorted script is rejected by z3@$rel, never a crash" \
    eval '[[ $out == *"z3-$rel "*"rejected"*"verdict: ok"* ]]'
  # A z3 release PyPI lacks (5.2.0) comes from npm: its command is the node driver (a release
  # PyPI has is its native z3: group release).
  run "$bin" check --json --solvers "z3@$rel" examples/qf_lia.smt2
  # (npm's z3-solver 5.2.0 calls itself "5.1.0.0": the version printed is the one z3 reports)
  check "check: z3@$rel, which PyPI lacks, runs npm's build through the node driver" \
    eval '[ $code = 0 ] && [[ $out == *"\"solver\": \"z3-$rel\", \"version\": \"5.1.0.0\", \"command\": [\"node\", \""*"/z3-npm/$rel/driver.js\""* ]]'
  run "$bin" check --solvers "z3@4.x;z3" examples/qf_lia.smt2
  check "a malformed release is no npm release (and no binary): exit 2" test "$code" = 2
  run "$bin" opfuzz --solvers "z3@$rel;z3" --seed 2 --mutants 3 -i 3 --out "$tmp/npm_f" examples/qf_lia.smt2
  check "opfuzz with z3@$rel and z3: 3 mutants, all decided, no finding" \
    eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 3 "*"decided 100%"* ]] && [ -z "$(ls "$tmp/npm_f")" ]'
  # Sessions: the driver's --session mode answers one script after another in one node
  # process ((reset) between them); node's starts are counted by a wrapper first in PATH.
  mkdir -p "$tmp/nodebin"
  printf '#!/bin/sh\necho start >> "%s"\nexec "%s" "$@"\n' "$tmp/node_starts" "$(command -v node)" > "$tmp/nodebin/node"
  chmod +x "$tmp/nodebin/node"
  : > "$tmp/node_starts"
  run env PATH="$tmp/nodebin:$PATH" "$bin" enum ints --count 30 --solvers "z3@$rel;z3" -t 20 --jobs 1 --seed 1 \
    --model-sample 0 --out "$tmp/npm_e"
  check "enum with z3@$rel in a session: 30 formulas, all decided as z3 decides them, node started at most 3 times" \
    eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 30 "*"decided 100%"* ]] && [ "$(wc -l < "$tmp/node_starts")" -le 3 ] && [ -z "$(ls "$tmp/npm_e" | grep -v times)" ]'
}
