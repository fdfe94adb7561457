# group_validate.sh: the CLI group `validate` of run_cli_tests.sh (sourced there), issue 50:
# the run that decides is the solver as the user named it, the validation flags run apart.
# - cvc5 refuses --learned-rewrite together with --check-unsat-cores ("learned rewrites not
#   supported with unsat cores"): the wrong answer that needs the user's option is seen, the
#   command recorded for it (check --json, a finding's "reproduce") is the plain one, and the
#   refusal of the validating run is a line, nothing more;
# - a cvc5 that crashes only without --check-unsat-cores (as 1.0.3 does on some of its own
#   regression files): the crash is found with the plain command, and the validating run that
#   hides it is a note of its own (a `validation` finding, never a bug);
# - a cvc5 that crashes only with --check-models: a note, no bug, exit 0;
# - a genuine rejection of the input stays a rejection; referees run plain.
# The cvc5 here is a wrapper named cvc5 (so it gets cvc5's profile) around /usr/bin/cvc5
# (skipped without it).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_validate() {
  if [ ! -x /usr/bin/cvc5 ] || [ ! -x /usr/bin/z3 ]; then
    echo "SKIP: group validate: needs /usr/bin/cvc5 and /usr/bin/z3" >&2
    return
  fi
  local d=$tmp/validate fake
  mkdir -p "$d/lr" "$d/rej" "$d/ref" "$d/hide" "$d/vcrash"
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
# line by line (a session reads its answers as they come)
/usr/bin/cvc5 "$@" | sed -u 's/^sat$/unsat/'
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
  # Crashes (SIGSEGV) unless --check-unsat-cores is given: the flag hides the crash.
  cat > "$d/hide/cvc5" <<'EOF'
#!/bin/sh
for a in "$@"; do
  case "$a" in --check-unsat-cores|--version) exec /usr/bin/cvc5 "$@" ;; esac
done
kill -SEGV $$
EOF
  # Crashes (SIGSEGV) only with --check-models: a crash of the checking code alone.
  cat > "$d/vcrash/cvc5" <<'EOF'
#!/bin/sh
for a in "$@"; do
  case "$a" in --check-models) kill -SEGV $$ ;; esac
done
exec /usr/bin/cvc5 "$@"
EOF
  chmod +x "$d/lr/cvc5" "$d/rej/cvc5" "$d/ref/z3" "$d/hide/cvc5" "$d/vcrash/cvc5"
  local spec="z3;$d/lr/cvc5 --learned-rewrite"

  run "$bin" check --solvers "$spec" examples/qf_lia.smt2
  check "check: the wrong unsat that needs the user's --learned-rewrite is blamed on cvc5 (exit 10); the refused validating run is a line, not the verdict" \
    eval '[ $code = 10 ] && [[ $out == *"blamed: cvc5"* ]] && [[ $out == *"validation: cvc5: it refused its validation flags (--check-models --check-unsat-cores): Error in option parsing: learned rewrites not supported with unsat cores; not self-checked"* ]]'
  run "$bin" check --json --solvers "$spec" examples/qf_lia.smt2
  check "check --json: cvc5's command is the plain one (the user's --learned-rewrite, no validation or model flags)" \
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
  check "check: a solver that rejects the input stays rejected, run once and plain, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"\"outcome\": \"rejected\""* ]] && [ "$(grep -c -v -- --version "$d/rej/calls")" = 1 ] && [[ $(grep -v -- --version "$d/rej/calls" | sed -n 1p) != *check* ]]'
  rm -f "$d/rej/calls"
  run "$bin" opfuzz --mutants 3 --seed 1 -t 5 --jobs 1 --referee none --solvers "z3;$d/rej/cvc5" --out "$d/of-rej" examples/qf_lia.smt2
  check "opfuzz: a genuine rejection is no finding, is counted as rejected, and never gets the validation flags" \
    eval '[ $code = 0 ] && [ -z "$(ls -A "$d/of-rej" 2>/dev/null)" ] && [[ "$out$err" =~ rejected\ [1-9] ]] && grep -q script.smt2 "$d/rej/calls" && ! grep -q check "$d/rej/calls"'

  # A referee runs plain: a z3 that would refuse model_validate=true is never given it.
  run env PATH="$d/ref:$PATH" "$bin" check --solvers "$fake sat;$fake unsat" examples/qf_lia.smt2
  check "check: a referee runs plain (a z3 refusing model_validate=true answers) and decides, exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"referee z3 answers sat"* ]] && [[ $out != *"refused"* ]]'

  # The crash only the plain command shows (the issue's cvc5 1.0.3 case): found, the flag that
  # hides it a note of its own.
  run "$bin" check --json --solvers "z3;$d/hide/cvc5" examples/qf_lia.smt2
  check "check: a crash only without --check-unsat-cores is a crash of cvc5's plain command (exit 10); the validating run that hides it is noted" \
    eval '[ $code = 10 ] && [ "$(python3 -c "import json,sys; j=json.load(sys.stdin); r=j[\"runs\"][1]; print(j[\"verdict\"], j[\"blamed\"][0], r[\"outcome\"], \" \".join(r[\"command\"][1:]), r[\"validation\"][\"differs\"], r[\"validation\"][\"outcome\"])" <<<"$out")" = "crash cvc5 crash -q --lang smt2 examples/qf_lia.smt2 hides ok" ]'
  rm -rf "$d/of-hide"
  run "$bin" opfuzz --mutants 2 --seed 1 -t 5 --jobs 1 --referee none --solvers "z3;$d/hide/cvc5" --out "$d/of-hide" examples/qf_lia.smt2
  local cj nj
  cj=$(find "$d/of-hide" -name 'crash-cvc5-*.json' 2>/dev/null | sort | head -n 1)
  nj=$(find "$d/of-hide" -name 'validation-cvc5-*.json' 2>/dev/null | sort | head -n 1)
  check "opfuzz: the crash is a finding reproduced by the plain command; the hiding flag is a validation note (not counted as a bug)" \
    eval '[ $code = 10 ] && [ -n "$cj" ] && [ -n "$nj" ] && [[ "$err" == *"validation note (not a bug): "*"they hide the crash"* ]] && [[ $(grep "^\[" <<<"$err" | tail -n 1) == *"validation notes "[1-9]* ]]'
  if [ -n "$cj" ] && [ -n "$nj" ]; then
    local cline nline
    cline=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["reproduce"]["shell"])' "$cj")
    nline=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["reproduce"]["shell"])' "$nj")
    check "opfuzz: the crash's reproduce line is plain and crashes; the note's carries --check-unsat-cores and answers" \
      eval '[[ $cline != *check* ]] && ! (cd "$(dirname "$cj")" && sh -c "$cline" >/dev/null 2>&1) && [[ $nline == *--check-unsat-cores* ]] && [ "$(cd "$(dirname "$nj")" && sh -c "$nline" 2>&1)" = sat ]'
  fi

  # cvc5 1.0.3's unsat-core check aborts on this file with --bv-gauss-elim (docs/bugs.md §C):
  # its own check failed, a bug (a crash of cvc5 shown by the validating run), not a note.
  printf '(set-option :produce-unsat-cores true)\n(set-logic QF_BV)\n(declare-fun a () (_ BitVec 4))\n(declare-fun c () (_ BitVec 8))\n(assert (! (= (bvurem (bvadd ((_ zero_extend 4) a) (bvurem (_ bv5 8) c)) (_ bv5 8)) (_ bv2 8)) :named A1))\n(assert (! (= (bvurem (bvadd #b00000001 #b00000001) (_ bv5 8)) (_ bv1 8)) :named A2))\n(check-sat)\n' > "$d/core.smt2"
  run "$bin" check --solvers "z3;cvc5 --bv-gauss-elim" "$d/core.smt2"
  check "check: cvc5's unsat-core check aborting (checkUnsatCore) is its own check failing: a crash of cvc5, exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: crash: cvc5"* ]] && [[ $out == *"blamed: cvc5"* ]] && [[ $out == *"validation: cvc5: its plain command answered unsat; with its validation flags (--check-models --check-unsat-cores) its own check fails (it aborts)"* ]]'

  # A crash of the checking code alone: a note, no bug.
  run "$bin" check --solvers "z3;$d/vcrash/cvc5" examples/qf_lia.smt2
  check "check: a crash only with --check-models is no bug (exit 0, verdict ok), a validation note says so" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: ok"* ]] && [[ $out == *"validation note (not a bug): cvc5: with its validation flags (--check-models --check-unsat-cores) it crashed (signal SIGSEGV) where its plain command answered sat"* ]]'
  rm -rf "$d/of-vcrash"
  run "$bin" opfuzz --mutants 2 --seed 1 -t 5 --jobs 1 --referee none --model-sample 100 --solvers "z3;$d/vcrash/cvc5" --out "$d/of-vcrash" examples/qf_lia.smt2
  check "opfuzz --model-sample 100: the checker's crash is a validation note finding, no bug (exit 0)" \
    eval '[ $code = 0 ] && [ -n "$(find "$d/of-vcrash" -name "validation-cvc5-*.json")" ] && [ -z "$(find "$d/of-vcrash" -name "crash-*.json")" ]'
  rm -rf "$d/camp-vcrash"
  run "$bin" campaign --engines opfuzz --budget 4 -j 1 --seed 1 --no-triage --no-report --no-reduce -t 5 --referee none \
    --model-sample 100 --solvers "z3;$d/vcrash/cvc5" --out "$d/camp-vcrash" examples/qf_lia.smt2
  local nb
  nb=$("$bin" bugs list "$d/camp-vcrash" 2>/dev/null | awk -F'\t' '$2 == "validation" && $10 == 0' | wc -l)
  check "campaign: the checker's crash on every mutant is no bug (exit 0) and one validation bucket (one crash site)" \
    eval '[ $code = 0 ] && [ "$nb" = 1 ] && [[ $out == *"validation note (not a bug): bucket 1 "* ]]'
}
