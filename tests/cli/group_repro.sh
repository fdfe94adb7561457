# group_repro.sh: the CLI group `repro` of run_cli_tests.sh (sourced there): every bucket's
# "Reproduce" lines (`bugs show DIR ID --issue`, issue 48), pasted as written into a clean shell
# on the bucket's reduced trigger (scripts/check-repro.sh), show the bug: a wrong answer, a
# crash by a signal, and a model check that fails only when smtgrind's validation flag
# (cvc4 --check-models) is on the command line — which the finding's recorded command used to
# leave out — also under --option-fuzz safe, where the line carries the drawn options the
# reducer kept. The cvc4 here is a wrapper around /usr/bin/cvc4 (skipped without it).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_repro() {
  local d=${REPRO_KEEP:-$tmp/repro} fake
  mkdir -p "$d/a" "$d/b"
  fake=$(realpath "$(dirname "$bin")/fake_solver")
  local -a camp=(campaign --engines opfuzz --budget 3 -j 1 --seed 4 --no-triage --no-report --no-sessions
                 --reduce-budget 20 -t 5)
  # A wrong unsat and a crash by a signal (fake solvers), against z3.
  run "$bin" "${camp[@]}" --solvers "z3;$fake unsat" --out "$d/wrong" examples/qf_lia.smt2
  check "campaign: a wrong unsat found and reduced" eval '[ $code = 10 ] && [[ $out == *"soundness"*"done"* ]]'
  run bash scripts/check-repro.sh "$d/wrong" "$bin"
  check "wrong unsat: each bucket's reproduce line, run in a clean shell on its reduced trigger, prints unsat" \
    eval '[ $code = 0 ] && [[ $out == *"bucket 1: shows the bug"* ]]'
  run "$bin" bugs show "$d/wrong" 1 --issue
  check "the issue text: a sh block with the command, Expected sat (the answer of z3), Actual \`unsat\`" \
    eval '[[ $out == *"Reproduce (the trigger above saved as \`bug.smt2\`):"* ]] && [[ $out == *"fake_solver unsat bug.smt2"* ]] && [[ $out == *"Expected: sat (the answer of z3)."* ]] && [[ $out == *"Actual: \`unsat\`."* ]]'
  run "$bin" "${camp[@]}" --solvers "z3;$fake segv" --out "$d/segv" examples/qf_lia.smt2
  run bash scripts/check-repro.sh "$d/segv" "$bin"
  check "crash by SIGSEGV: the reproduce line exits 139 in a clean shell" \
    eval '[ $code = 0 ] && [[ $out == *"bucket 1: shows the bug"* ]] && [ "$("$bin" bugs show "$d/segv" 1 | python3 -c "import json,sys; print(json.load(sys.stdin)[\"reproduce\"][\"status\"])")" = 139 ]'
  # Two runs of one name ("F sat;F segv": both fake_solver): the finding names its culprit by
  # index, so reduce --finding takes the crashing one, not the first of that name.
  run "$bin" opfuzz --mutants 1 --seed 1 -t 5 --jobs 1 --no-sessions --referee none --solvers "z3;$fake sat;$fake segv" \
    --out "$d/twin" examples/qf_lia.smt2
  local tj
  tj=$(find "$d/twin" -name 'crash-fake_solver-*.json' | head -n 1)
  run "$bin" reduce --finding "$tj" "$d/twin.smt2" --budget 30 -q
  check "two runs of one solver name: reduce --finding reduces the crash of the second (its index in the JSON)" \
    eval '[ -n "$tj" ] && [ $code = 0 ] && [[ $out == *"reproduce: $fake segv $d/twin.smt2"* ]]'
  # A z3 whose model (asked by (get-model)) falsifies the seed's assertions (x = 1000 where
  # x < 100): our evaluator refutes it; the reproduce block appends (get-model) first.
  mkdir -p "$d/m"
  cat > "$d/m/z3" <<'EOF'
#!/bin/sh
for f in "$@"; do :; done
# as a solver does, nothing after (exit) is read
if [ -f "$f" ] && sed '/^(exit)/,$d' "$f" | grep -q '(get-model)' && [ "$(/usr/bin/z3 -smt2 "$f" 2>/dev/null | head -n 1)" = sat ]; then
  echo sat
  echo '((define-fun x () Int 1000) (define-fun y () Int 0) (define-fun z () Int 0))'
  exit 0
fi
exec /usr/bin/z3 "$@"
EOF
  chmod +x "$d/m/z3"
  run "$bin" "${camp[@]}" --model-sample 100 --solvers "$d/m/z3;cvc5" --out "$d/model" examples/qf_lia.smt2
  check "campaign: z3's invalid model (refuted by our evaluator) found" eval '[ $code = 10 ] && [[ $out == *"invalid-model"* ]]'
  run bash scripts/check-repro.sh "$d/model" "$bin"
  check "invalid model: the reproduce block puts (get-model) after the check-sat, (exit) out, and the model is printed" \
    eval '[ $code = 0 ] && [[ $out == *": shows the bug (sed "*"(exit)"*"(get-model)"*"mv m.smt2 bug.smt2 "* ]] && [[ $out != *"DOES NOT"* ]]'
  if [ ! -x /usr/bin/cvc4 ]; then
    echo "SKIP: group repro: the cvc4 cases need /usr/bin/cvc4" >&2
    return
  fi
  # cvc4 whose own model check fails on a sat answer, only with --check-models on its command
  # line (and, in b/, only when an option outside its profile's words was drawn too).
  local need
  for need in 0 1; do
    local w=$d/a/cvc4
    [ "$need" = 0 ] || w=$d/b/cvc4
    cat > "$w" <<EOF
#!/bin/sh
chk=0; drawn=0; file=
for a in "\$@"; do
  case "\$a" in
    --check-models) chk=1 ;;
    -q|--lang|smt2|--incremental|--produce-models|-v|--strings-exp|--tlimit=*) ;;
    -*) drawn=1 ;;
    *) file=\$a ;;
  esac
done
if [ "\$chk" = 1 ] && [ -f "\$file" ] && { [ $need = 0 ] || [ "\$drawn" = 1 ]; }; then
  if [ "\$(/usr/bin/cvc4 -q --lang smt2 "\$file" 2>/dev/null | head -n 1)" = sat ]; then
    echo sat
    echo '(error "SmtEngine::checkModel(): ERRORS SATISFYING ASSERTIONS WITH MODEL")'
    exit 1
  fi
fi
exec /usr/bin/cvc4 "\$@"
EOF
    chmod +x "$w"
  done
  # (the solvers' own checks run apart from the run that decides, on sampled and suspicious
  # mutants only: every mutant sampled here)
  run "$bin" "${camp[@]}" --model-sample 100 --solvers "z3;$d/a/cvc4" --out "$d/chk" examples/qf_lia.smt2
  check "campaign --model-sample 100: cvc4's failing model check (only with --check-models) found" eval '[ $code = 10 ]'
  run bash scripts/check-repro.sh "$d/chk" "$bin"
  check "model check: every bucket's reproduce line shows it in a clean shell (--check-models on the line)" \
    eval '[ $code = 0 ] && [[ $out == *": shows the bug"* ]] && [[ $out == *"--check-models bug.smt2"* ]] && [[ $out != *"DOES NOT"* ]]'
  # the same line without the validation flag does not show it: the flag is needed
  local line
  line=$("$bin" bugs show "$d/chk" 1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["reproduce"]["shell"])')
  cp "$("$bin" bugs show "$d/chk" 1 | python3 -c 'import json,sys; b=json.load(sys.stdin); print(b["reduced_trigger"] or b["first_trigger"])')" "$d/bug.smt2"
  run env -C "$d" bash -c "${line/--check-models /}"
  check "without --check-models (the command the finding JSON used to record) cvc4 shows nothing wrong" \
    eval '[ $code = 0 ] && [[ $out != *"ERRORS SATISFYING"* ]]'
  run "$bin" "${camp[@]}" --model-sample 100 --option-fuzz safe --solvers "z3;$d/b/cvc4" --out "$d/fz" examples/qf_lia.smt2
  check "campaign --option-fuzz safe: the model check failing only with a drawn option found" eval '[ $code = 10 ]'
  run bash scripts/check-repro.sh "$d/fz" "$bin"
  check "--option-fuzz safe: every bucket's reproduce line (with the drawn options the reducer kept) shows it" \
    eval '[ $code = 0 ] && [[ $out == *": shows the bug"* ]] && [[ $out != *"DOES NOT"* ]]'
  line=$("$bin" bugs show "$d/fz" 1 | python3 -c 'import json,sys; print(json.load(sys.stdin)["reproduce"]["shell"])')
  local kept
  kept=$(tr ' ' '\n' <<<"$line" | grep -c -v -x -e "$d/b/cvc4" -e -q -e --lang -e smt2 -e --produce-models \
           -e --check-models -e bug.smt2 -e --incremental -e --strings-exp -e -v || true)
  check "--option-fuzz safe: the line keeps one drawn option (the reduced trigger's), not all drawn ($line)" \
    eval '[ "$kept" = 1 ]'
  # reduce --finding prints the reproduce line for its OUT file (the reduced trigger itself)
  local fjs
  fjs=$(find "$d/fz/findings" -name 'crash-cvc4-*.json' | head -n 1)
  run "$bin" reduce --finding "$fjs" "$d/r1.smt2" --budget 30 -q
  line=$(sed -n 's/^reproduce: //p' <<<"$out")
  local shown
  shown=$(env -i PATH="$PATH" bash -c "$line" 2>&1 || true)
  check "reduce --finding: a 'reproduce:' line naming OUT, and run as written it shows the bug" \
    eval '[ $code = 0 ] && [[ $line == *" $d/r1.smt2" ]] && [[ $shown == *"ERRORS SATISFYING ASSERTIONS WITH MODEL"* ]]'
}
