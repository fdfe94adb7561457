# group_janus.sh: the CLI group `janus` of run_cli_tests.sh (sourced there; uses its run, check,
# fail, $bin and $tmp): the implication and regression oracles with a fake solver.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_janus() {
  local fake
  fake=$(dirname "$bin")/fake_solver
  [ -x "$fake" ] || { fail "fake_solver not built next to $bin"; return; }
  mkdir -p "$tmp/js"
  "$bin" print examples/qf_lia.smt2 > "$tmp/js/lia.smt2"
  printf 'path\tlogic\tstatus\nlia.smt2\tQF_LIA\tsat\n' > "$tmp/js/INDEX.tsv"
  local size
  size=$(wc -c < "$tmp/js/lia.smt2")
  # decided (sat) while the script is at most size+80 bytes, unknown beyond: the step that
  # crosses the line is an implication finding
  run "$bin" janus --solvers "$fake unknown_longer $((size + 80))" --seed 5 --mutants 30 --steps 10 -i 3 --out "$tmp/j1" "$tmp/js"
  check "janus implication: unknown right after a decided step is a finding, exit 10" \
    eval '[ $code = 10 ] && ls "$tmp"/j1/incompleteness-fake_solver-*.json >/dev/null 2>&1 && grep -q "\"oracle\": \"implication\"" "$tmp"/j1/*.json && grep -q "\"previous\": " "$tmp"/j1/*.json && grep -q "\"rule\": " "$tmp"/j1/*.json'
  local f
  f=$(ls "$tmp"/j1/*.json | head -n 1)
  check "the finding's previous step is decided-size, its mutant is beyond" \
    python3 -c "import json,sys; j=json.load(open('$f')); t=open('${f%.json}.smt2').read(); sys.exit(not (len(j['previous'].encode()) <= $size + 80 < len(t.encode())))"
  run "$bin" parse "$tmp"/j1/*.smt2
  check "every janus trigger parses" test "$code" = 0
  run "$bin" janus --solvers "$fake unknown_longer 1000000" --seed 5 --mutants 20 --steps 10 -i 2 --out "$tmp/j2" "$tmp/js"
  check "janus with a solver that always decides: no finding, exit 0" \
    eval '[ $code = 0 ] && [ -z "$(ls "$tmp/j2")" ]'
  run "$bin" janus --solvers "z3;$fake unknown_longer 0" --reference z3 --seed 5 --mutants 4 --steps 4 -i 1 --out "$tmp/j3" "$tmp/js"
  check "janus regression: z3 decides, the other solver does not: findings with oracle regression" \
    eval '[ $code = 10 ] && grep -q "\"oracle\": \"regression\"" "$tmp"/j3/*.json && ! grep -q "\"kind\": \"soundness\"" "$tmp"/j3/*.json'
  run "$bin" janus --solvers "z3" --reference cvc5 "$tmp/js"
  check "--reference must name one of the solvers" eval '[ $code = 2 ] && [[ $err == *"not one of the --solvers"* ]]'
  run "$bin" opfuzz --steps 3 examples/qf_lia.smt2
  check "--steps belongs to janus" eval '[ $code = 2 ] && [[ $err == *"belongs to"* ]]'
  run "$bin" janus --solvers "$fake sat;z3" --mutants 2 --out "$tmp/jl" examples/qf_bv.smt2
  check "janus on a seed the solvers disagree on: no label, exit 2 with the reason" \
    eval '[ $code = 2 ] && [[ $err == *"janus needs 1 seed labelled"* ]]'
  run "$bin" janus --solvers z3 --mutants 2 --out "$tmp/jl2" examples/qf_lia.smt2
  check "janus without labels: labelled by the solver under test, then run" \
    eval '[ $code = 0 ] && [[ $err == *"labelled 1 seed"* ]] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 2 "* ]]'
}
