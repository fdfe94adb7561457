# group_semopts.sh: the CLI group `semopts` of run_cli_tests.sh (sourced there; uses its run,
# check, fail, $bin and $tmp). Options that change the meaning of the input are never drawn
# (issue 49): a z3 whose option table (its -pd, faked) offers smt.array.extensional beside a
# harmless option, on a seed that is unsat only because arrays are extensional. Before the fix,
# --option-fuzz drew smt.array.extensional=false and z3 answered sat: three false findings per
# run (invalid models that z3's own check and our evaluator refuse, as the issue's soundness
# finding against the label). Now the option is excluded (solopt_exclude.def, SEMANTIC) in
# every mode: no finding, the harmless option still drawn. The real z3 runs every script.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_semopts() {
  local d=$tmp/semopts c=$tmp/semopts/cache
  mkdir -p "$d/z" "$d/seeds"
  # -pd: three options (model: excluded for another reason; smt.array.extensional; smt.relevancy);
  # anything else: the real z3.
  cat > "$d/z/z3" <<'EOF'
#!/bin/sh
for a in "$@"; do
  if [ "$a" = "-pd" ]; then
    printf 'Global parameters\n    model (bool) model generation (default: true)\n\n'
    printf '[module] smt, description: smt solver\n'
    printf '    array.extensional (bool) extensional array theory (default: true)\n'
    printf '    relevancy (unsigned int) relevancy level (default: 2)\n'
    exit 0
  fi
done
exec z3 "$@"
EOF
  chmod +x "$d/z/z3"
  # unsat only by extensionality: a and b agree at every index, yet differ
  cat > "$d/seeds/ext.smt2" <<'EOF'
(set-logic AUFLIA)
(declare-fun a () (Array Int Int))
(declare-fun b () (Array Int Int))
(assert (forall ((i Int)) (= (select a i) (select b i))))
(assert (not (= a b)))
(check-sat)
EOF
  printf 'path\tlogic\tstatus\next.smt2\tAUFLIA\tunsat\n' > "$d/seeds/INDEX.tsv"
  # the premise (not a check of smtgrind): z3 does what the option asks
  [ "$(z3 smt.array.extensional=false "$d/seeds/ext.smt2" 2>&1)" = sat ] && [ "$(z3 "$d/seeds/ext.smt2" 2>&1)" = unsat ] ||
    fail "semopts: z3 no longer answers sat with smt.array.extensional=false and unsat without: the seed shows nothing"
  run "$bin" options --cache "$c" "$d/z/z3"
  check "options: smt.array.extensional is excluded (it changes the meaning of the input), smt.relevancy is drawable" \
    eval '[ $code = 0 ] && [[ $out == *$'"'"'\nsmt.array.extensional '"'"'*" excl "* ]] && [[ $out == *$'"'"'\nsmt.relevancy '"'"'*" yes "* ]] && [[ $err == *"1 drawable, 2 excluded"* ]]'
  # the issue's case: sae runs the labelled seed itself with each chain's options
  run "$bin" sae --solvers "$d/z/z3" --no-sessions --option-fuzz safe --option-cache "$c" --seed 1 --mutants 6 -i 3 \
    --out "$d/o1" "$d/seeds"
  check "sae --option-fuzz safe on the extensionality seed: no finding, one drawable option" \
    eval '[ $code = 0 ] && [ -z "$(ls -A "$d/o1" 2>/dev/null)" ] && [[ $err == *"z3 4."*": 3 options, 1 drawable"* ]]'
  run "$bin" opfuzz --solvers "$d/z/z3" --no-sessions --option-fuzz full --option-cache "$c" --seed 1 --mutants 4 -i 2 \
    --out "$d/o2" "$d/seeds"
  check "opfuzz --option-fuzz full: smt.array.extensional never drawn there either, no finding" \
    eval '[ $code = 0 ] && [ -z "$(ls -A "$d/o2" 2>/dev/null)" ] && [[ $err == *": 3 options, 1 drawable"* ]]'
}
