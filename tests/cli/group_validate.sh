# group_validate.sh: the CLI group `validate` of run_cli_tests.sh (sourced there), issue 50:
# a run refused because of its validation flags (cvc5 refuses --learned-rewrite together with
# --check-unsat-cores: "learned rewrites not supported with unsat cores") is run once more
# without them, so a wrong answer that needs the user's option is still seen, and the command
# recorded for it (check --json, a finding's "reproduce") is that retry's; a genuine rejection
# of the input stays a rejection. The cvc5 here is a wrapper named cvc5 (so it gets cvc5's
# profile) around /usr/bin/cvc5 (skipped without it).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_validate() {
  if [ ! -x /usr/bin/cvc5 ] || [ ! -x /usr/bin/z3 ]; then
    echo "SKIP: group validate: needs /usr/bin/cvc5 and /usr/bin/z3" >&2
    return
  fi
  local d=$tmp/validate fake
  mkdir -p "$d/lr" "$d/rej" "$d/ref"
  fake=$(realpath "$(dirname "$bin")/fake_solver")
  # With --learned-rewrite: refused together with a self-check flag (as cvc5 1.0.3 does), and
  # without one a wrong unsat wherever cvc5 says sat.
  cat > "$d/lr/cvc5" <<'EOF'
#!/bin/sh
lr=0; chk=0
for a in "$@"; do
  case "$a" in
    --learned-rewrite) lr=1 ;;
    --check-unsat-cores|--check-models) chk=1 ;;
  esac
done
if [ $lr = 1 ] && [ $chk = 1 ]; then
  echo '(error "Error in option parsing: learned rewrites not supported with unsat cores")'
  exit 1
fi
[ $lr = 1 ] || exec /usr/bin/cvc5 "$@"
out=$(/usr/bin/cvc5 "$@"); rc=$?
printf '%s\n' "$out" | sed 's/^sat$/unsat/'
exit $rc
EOF
  # Rejects every input (an unsupported logic), and logs its command lines.
  printf '#!/bin/sh\necho "$*" >> "%s/calls"\necho "(error \\"Parse Error: script.smt2:4.12: Unsupported logic\\")"\nexit 1\n' \
    "$d/rej" > "$d/rej/cvc5"
  # A z3 that refuses its validation flag model_validate=true (a referee here).
  cat > "$d/ref/z3" <<'EOF'
#!/bin/sh
for a in "$@"; do
  if [ "$a" = model_validate=true ]; then echo '(error "unknown parameter model_validate")'; exit 1; fi
done
exec /usr/bin/z3 "$@"
EOF
  chmod +x "$d/lr/cvc5" "$d/rej/cvc5" "$d/ref/z3"
  local spec="z3;$d/lr/cvc5 --learned-rewrite"

  run "$bin" check --solvers "$spec" examples/qf_lia.smt2
  check "check: the wrong unsat that needs the user's --learned-rewrite (refused with the validation flags) is blamed on cvc5, exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"blamed: cvc5"* ]] && [[ $out == *"refused with its validation flags (Error in option parsing: learned rewrites not supported with unsat cores): judged without them"* ]]'
  run "$bin" check --json --solvers "$spec" examples/qf_lia.smt2
  check "check --json: cvc5's command is the retry's (the user's --learned-rewrite, no validation or model flags)" \
    eval '[ $code = 10 ] && [ "$(python3 -c "import json,sys; r=json.load(sys.stdin)[\"runs\"][1]; print(\" \".join(r[\"command\"][1:] + [r[\"outcome\"]] + r[\"answers\"]))" <<<"$out")" = "-q --lang smt2 --learned-rewrite examples/qf_lia.smt2 ok unsat" ]'

  # An engine, with its sessions (the fast path) and without: a finding whose reproduce line,
  # run on its trigger, shows the wrong unsat.
  local s
  for s in sessions no-sessions; do
    local -a extra=()
    [ $s = sessions ] || extra=(--no-sessions)
    run "$bin" opfuzz --mutants 3 --seed 1 -t 5 --jobs 1 --referee none "${extra[@]}" --solvers "$spec" --out "$d/of-$s" examples/qf_lia.smt2
    local j
    j=$(find "$d/of-$s" -name 'soundness-cvc5-*.json' 2>/dev/null | sort | head -n 1)
    check "opfuzz ($s): the wrong unsat under --learned-rewrite is a finding (exit 10)" \
      eval '[ $code = 10 ] && [ -n "$j" ]'
    if [ -n "$j" ]; then
      local line shows
      line=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["reproduce"]["shell"])' "$j")
      shows=$(cd "$(dirname "$j")" && sh -c "$line" 2>&1)
      check "opfuzz ($s): the finding's reproduce line has no validation flags and shows unsat on its trigger" \
        eval '[[ $line == *"/cvc5 -q --lang smt2 --learned-rewrite soundness-cvc5-"* ]] && [[ $line != *check* ]] && [ "$shows" = unsat ]'
    fi
  done

  # A genuine rejection of the input (its text speaks of no option) stays one and is not run
  # again: no finding, the rejection counted, one run per mutant.
  run "$bin" check --json --solvers "z3;$d/rej/cvc5" examples/qf_lia.smt2
  check "check: a solver that rejects the input itself (no option named) stays rejected, run once, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"\"outcome\": \"rejected\""* ]] && [ "$(grep -c -v -- --version "$d/rej/calls")" = 1 ] && [[ $(grep -v -- --version "$d/rej/calls" | sed -n 1p) == *"--check-unsat-cores"* ]]'
  rm -f "$d/rej/calls"
  run "$bin" opfuzz --mutants 3 --seed 1 -t 5 --jobs 1 --referee none --solvers "z3;$d/rej/cvc5" --out "$d/of-rej" examples/qf_lia.smt2
  check "opfuzz: a genuine rejection is no finding, is counted as rejected, and is never run again without the validation flags" \
    eval '[ $code = 0 ] && [ -z "$(ls -A "$d/of-rej" 2>/dev/null)" ] && [[ "$out$err" =~ rejected\ [1-9] ]] && grep -q -- "--check-models --check-unsat-cores .*script.smt2" "$d/rej/calls" && ! grep -v -e check -e --version "$d/rej/calls" | grep -q script.smt2'

  # A referee refused with its validation flag: asked again without it, its answer decides.
  run env PATH="$d/ref:$PATH" "$bin" check --solvers "$fake sat;$fake unsat" examples/qf_lia.smt2
  check "check: a referee refused with its validation flag (z3 model_validate=true) answers without it and decides" \
    eval '[ $code = 10 ] && [[ $out == *"referee z3 answers sat (without its validation flags, which it refused)"* ]]'
}
