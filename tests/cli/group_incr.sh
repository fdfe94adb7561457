# group_incr.sh: the CLI group `incr` of run_cli_tests.sh (sourced there; uses its run, check,
# fail, $bin and $tmp): the incremental oracles of `check` (oracle/incr.h, issue 52). The faulty
# solvers are tests/fake/fake_incr.py around the real z3 and cvc5 (named z3 and cvc5, so their
# profiles apply), each breaking one rule: a flipped answer after a pop, or under
# check-sat-assuming (the scope of the query asked alone gives the right answer, which shows
# them wrong), an unsat core cut to one name (satisfiable alone), an unsat assumption that is
# not an assumption, a get-value answer off by one (contradicts the solver's own model); and
# where one solver alone leaves a query undecided, the seed's label (incr only).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_incr() {
  local d=$tmp/incr m s
  mkdir -p "$d"
  for m in after_pop assuming sat_core outside bad_value none; do
    mkdir -p "$d/$m"
    for s in z3 cvc5; do
      printf '#!/bin/sh\nexec python3 %s %s %s "$@"\n' "$PWD/tests/fake/fake_incr.py" "$m" "$(command -v $s)" >"$d/$m/$s"
      chmod +x "$d/$m/$s"
    done
  done
  # Query 2 follows a pop; its scope (x > 0) is sat.
  printf '(set-logic QF_LIA)\n(declare-const x Int)\n(assert (> x 0))\n(push 1)\n(assert (< x 0))\n(check-sat)\n(pop 1)\n(check-sat)\n' >"$d/a.smt2"
  # Query 2 follows a pop; its scope (x > 0 and x < 0) is unsat.
  printf '(set-logic QF_LIA)\n(declare-const x Int)\n(assert (> x 0))\n(push 1)\n(assert (> x 5))\n(check-sat)\n(pop 1)\n(assert (< x 0))\n(check-sat)\n' >"$d/b.smt2"
  # Query 1 assumes p and q, which the assertions make unsat together.
  printf '(set-logic QF_LIA)\n(declare-const p Bool)\n(declare-const q Bool)\n(declare-const x Int)\n(assert (=> p (> x 0)))\n(assert (=> q (< x 0)))\n(check-sat-assuming (p q))\n(check-sat-assuming (p (not q)))\n(check-sat)\n' >"$d/c.smt2"
  run "$bin" check --solvers "z3;cvc5" "$d/a.smt2" "$d/b.smt2" "$d/c.smt2"
  check "incremental scripts, z3 and cvc5 as they are: no finding, exit 0" \
    eval '[ $code = 0 ] && [ "$(grep -c "verdict: ok" <<<"$out")" = 3 ]'
  run "$bin" check --json --solvers "$d/none/z3;$d/none/cvc5" "$d/a.smt2"
  check "the control wrapper (changes nothing): ok, both queries' scopes asked" \
    eval '[ $code = 0 ] && [[ $out == *"\"verdict\": \"ok\""* ]] && [[ $out == *"\"incremental\": {\"judged\": 2}"* ]]'
  run "$bin" check --solvers "$d/after_pop/z3" "$d/a.smt2"
  check "a wrong unsat only after a pop, the solver alone: its scope's validated model shows it, exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: soundness: z3 answered unsat to check-sat 2 of the incremental script after a pop; that scope asked alone is sat: z3 answers sat with a model our evaluator validates"* ]] && [[ $out == *"blamed: z3"* ]] && [[ $out == *"check-sat 2: its scope asked alone"*"(assert (> x 0))"*"(check-sat)"* ]]'
  run "$bin" check --solvers "$d/after_pop/z3;$d/after_pop/cvc5" "$d/b.smt2"
  check "a wrong sat only after a pop in both solvers: each one's own scope answer and the other's show it, both blamed" \
    eval '[ $code = 10 ] && [[ $out == *"z3 answered sat to check-sat 2 of the incremental script after a pop; that scope asked alone is unsat: z3 itself and cvc5 answer unsat"* ]] && [[ $out == *"blamed: z3, cvc5"* ]]'
  run "$bin" check --json --solvers "$d/assuming/z3;$d/assuming/cvc5" "$d/c.smt2"
  check "a wrong answer only under check-sat-assuming: blamed, the scope asserts the assumptions (--json)" \
    eval '[ $code = 10 ] && [[ $out == *"\"verdict\": \"soundness\""* ]] && [[ $out == *"under check-sat-assuming"* ]] && [[ $out == *"\"query\": 1, \"scope\": "*"(assert p)\n(assert q)\n(check-sat)"* ]]'
  # Named assertions in a popped level, a core after each unsat; values after each sat.
  printf '(set-logic QF_LIA)\n(declare-const x Int)\n(assert (! (> x 0) :named a1))\n(push 1)\n(assert (! (< x 5) :named a2))\n(assert (! (> x 10) :named a3))\n(check-sat)\n(pop 1)\n(check-sat)\n' >"$d/d.smt2"
  printf '(set-logic QF_LIA)\n(declare-const x Int)\n(declare-const y Int)\n(assert (> x 3))\n(push 1)\n(assert (< x 5))\n(check-sat)\n(get-value (x))\n(pop 1)\n(assert (= y (+ x 1)))\n(check-sat)\n(get-value (x y (+ x y)))\n' >"$d/f.smt2"
  run "$bin" check --solvers "z3;cvc5" "$d/d.smt2" "$d/f.smt2"
  check "unsat cores and get-value of z3 and cvc5 as they are: no finding" \
    eval '[ $code = 0 ] && [ "$(grep -c "verdict: ok" <<<"$out")" = 2 ]'
  run "$bin" check --solvers "$d/sat_core/z3;cvc5" "$d/d.smt2"
  check "a satisfiable unsat core (cut to one name): soundness, blamed, the core alone shown" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: soundness: z3'"'"'s unsat core after check-sat 1 (a3) is satisfiable: "*"with a model our evaluator validates"* ]] && [[ $out == *"blamed: z3"* ]] && [[ $out == *"check-sat 1: the question"*"(get-unsat-core)"* ]] && [[ $out == *"check-sat 1: what is satisfiable"$'"'"'\n'"'"'"    (set-logic QF_LIA)"$'"'"'\n'"'"'"    (declare-const x Int)"$'"'"'\n'"'"'"    (assert (! (> x 10) :named a3))"$'"'"'\n'"'"'"    (check-sat)"* ]]'
  run "$bin" check --solvers "z3;$d/outside/cvc5" "$d/c.smt2"
  check "unsat assumptions outside the assumptions given: soundness, blamed on cvc5" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: soundness: cvc5'"'"'s unsat assumptions after check-sat-assuming 1 "*"names outside, which is not one of its assumptions"* ]] && [[ $out == *"blamed: cvc5"* ]]'
  run "$bin" check --solvers "z3;$d/bad_value/cvc5" "$d/f.smt2"
  check "a get-value answer that contradicts the solver's own model: invalid-model, blamed on cvc5" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: invalid-model: cvc5: a get-value answer after check-sat 1 contradicts its own model"* ]] && [[ $out == *"blamed: cvc5"* ]]'
  run "$bin" check --solvers "$d/after_pop/z3" "$d/b.smt2"
  check "a wrong sat after a pop with no other family to agree with the scope's unsat: not reported (when in doubt, no bug)" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: ok"* ]]'
  # A hostile review's scripts (tests/data/incr/): long and |quoted| core names, (pop 0),
  # defined constants as assumptions, z3's names of named assertions among its unsat
  # assumptions (its issue 1065), cvc5's old name of a formula asserted again unnamed: real z3
  # and cvc5 are right on each, and nothing is reported (each was a false alarm once).
  run "$bin" check -t 10 --solvers "z3;cvc5" tests/data/incr/*.smt2
  check "the hostile review's scripts: every one ok against z3 and cvc5, exit 0" \
    eval '[ $code = 0 ] && [ "$(grep -c "verdict: ok" <<<"$out")" = "$(ls tests/data/incr/*.smt2 | wc -l)" ]'
  # A seed incr cannot start from (a push before its first check-sat): said at its line and
  # column, and a run whose every seed is refused stops (it once tried for ever).
  printf '(declare-const p Bool)\n(push 1)\n(assert p)\n(check-sat)\n' >"$d/pushseed.smt2"
  run timeout 60 "$bin" incr --mutants 2 --seed 1 --out "$d/refused" "$d/pushseed.smt2"
  check "incr on a seed with a push before its check-sat: said at pushseed.smt2:2:1, the run stops with exit 2, no finding" \
    eval '[ $code = 2 ] && [[ $err == *"no seed could be used (each refusal said above)"* ]] && [[ $err == *"pushseed.smt2:2:1: error: not a seed for incr: an incremental command before its first check-sat (seed skipped)"* ]] && [ -z "$(ls "$d/refused" 2>/dev/null)" ]'
  # A seed whose assertion uses a name another one gives with :named (cvc5's named-expr-use):
  # shuffled over scopes, the use could come before the name (it once stopped 30-minute runs
  # with "too many of its formulas do not type-check"): refused, said at its first assert.
  printf '(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (or (! (= x 5) :named foo) (= x 6)))\n(assert (= foo (= x 7)))\n(check-sat)\n' >"$d/namedseed.smt2"
  run timeout 60 "$bin" incr --mutants 5 --seed 3 --out "$d/named" "$d/namedseed.smt2"
  check "incr on a seed that uses a :named name: refused at namedseed.smt2:3:1, exit 2, no ill-typed script" \
    eval '[ $code = 2 ] && [[ $err == *"namedseed.smt2:3:1: error: not a seed for incr: it names a term with :named"* ]] && [ -z "$(ls "$d/named" 2>/dev/null)" ]'
  # The engine: incremental scripts from the shipped seeds, the same oracles in the fuzz loop.
  run timeout 200 "$bin" incr --solvers "z3;cvc5" --mutants 40 -i 2 --seed 1 -t 5 --out "$d/real" seeds
  check "incr against z3 and cvc5 as they are: 40 scripts, no finding, exit 0, at least 40 queries counted" \
    eval '[ $code = 0 ] && [[ $err == *"mutants 40 "* ]] && [ -z "$(ls "$d/real")" ] && [[ $(grep -o "incremental queries [0-9]*" <<<"$err" | tail -n 1) =~ ([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -ge 40 ]'
  local e
  for e in "after_pop seeds/abv_1.smt2 soundness-z3 after a pop" "assuming seeds/abv_1.smt2 soundness-z3 under check-sat-assuming" \
           "sat_core seeds/fp_3.smt2 soundness-z3 unsat core after check-sat" "bad_value seeds/lia_3.smt2 invalid-model- get-value answer after check-sat"; do
    set -- $e
    local mode=$1 seed=$2 kind=$3 want
    shift 3
    want="$*"
    run timeout 200 "$bin" incr --solvers "$d/$mode/z3;$d/$mode/cvc5" --no-sessions --referee none --mutants 10 --seed 3 -t 5 --out "$d/e-$mode" "$seed"
    check "incr, both solvers wrapped ($mode) on $seed: a $kind finding that says '$want', oracle incremental, exit 10" \
      eval '[ $code = 10 ] && ls "$d/e-$mode" | grep -q "^$kind.*\.json$" && grep -l "\"oracle\": \"incremental\"" "$d/e-$mode"/*.json | xargs grep -l "$want" >/dev/null'
  done
  # Where only the seed's label can decide (one solver, so no second family; no model): the
  # label stands in for the missing opinion, an unlabelled seed decides nothing, and a wrong
  # label never blames a solver that agrees with itself. u: every scope unsat (each assertion
  # alone is); s: every scope sat. after_pop flips each answer after a pop; after_pop_nomodel
  # also gives no model, so the scope's sat is never validated.
  local x dir
  mkdir -p "$d/after_pop_nomodel" "$d/lab" "$d/unl" "$d/wrong"
  printf '#!/bin/sh\nexec python3 %s after_pop_nomodel %s "$@"\n' "$PWD/tests/fake/fake_incr.py" "$(command -v z3)" >"$d/after_pop_nomodel/z3"
  chmod +x "$d/after_pop_nomodel/z3"
  for dir in lab unl wrong; do
    printf '(set-logic QF_LIA)\n(declare-const x Int)\n(declare-const y Int)\n(declare-const z Int)\n(assert (and (> x 0) (< x 0)))\n(assert (and (> y 0) (< y 0)))\n(assert (and (> z 0) (< z 0)))\n(check-sat)\n' >"$d/$dir/u.smt2"
    printf '(set-logic QF_LIA)\n(declare-const x Int)\n(declare-const y Int)\n(declare-const z Int)\n(assert (> x 0))\n(assert (> y x))\n(assert (> z y))\n(check-sat)\n' >"$d/$dir/s.smt2"
  done
  printf 'u.smt2\tQF_LIA\tunsat\ns.smt2\tQF_LIA\tsat\n' >"$d/lab/INDEX.tsv"
  printf 'u.smt2\tQF_LIA\tsat\ns.smt2\tQF_LIA\tunsat\n' >"$d/wrong/INDEX.tsv"
  for e in "after_pop u unsat sat" "after_pop_nomodel s sat unsat"; do
    set -- $e
    local mode=$1 seed=$2 label=$3 wrong=$4
    for x in lab unl; do
      run timeout 200 "$bin" incr --solvers "$d/$mode/z3" --no-sessions --referee none --mutants 10 --seed 3 -t 5 --out "$d/l-$mode-$x" "$d/$x/$seed.smt2"
      if [ $x = lab ]; then
        check "incr, one solver ($mode), its seed labelled $label: the label decides, a soundness finding 'z3 answered $wrong ... z3 itself answers $label, as the seed's label says', exit 10" \
          eval '[ $code = 10 ] && ls "$d/l-$mode-$x" | grep -q "^soundness-z3.*\.json$" && [[ $err == *"finding: "*"z3 answered $wrong to check-sat "*"that scope asked alone is $label: z3 itself answers $label, as the seed'"'"'s label says (confirmed in fresh runs)"* ]]'
      else
        check "incr, one solver ($mode), the same seed unlabelled: nothing decides, no finding, exit 0" \
          eval '[ $code = 0 ] && [[ $err == *"mutants 10 "* ]] && [ -z "$(ls "$d/l-$mode-$x")" ]'
      fi
    done
  done
  run timeout 200 "$bin" incr --solvers z3 --no-sessions --referee none --mutants 10 --seed 3 -t 5 --out "$d/l-wrong" "$d/wrong/u.smt2" "$d/wrong/s.smt2"
  check "incr, real z3, both seeds labelled wrong: a label alone blames no solver that agrees with itself, exit 0" \
    eval '[ $code = 0 ] && [[ $err == *"2 seeds (2 labelled"* ]] && [ -z "$(ls "$d/l-wrong")" ]'
}
