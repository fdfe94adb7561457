# group_incr_reduce.sh: the CLI group `incr_reduce` of run_cli_tests.sh (sourced there; uses its
# run, check, fail, $bin and $tmp): incremental findings reduced and bucketed (issue 52,
# reduce/predicate_incr.c, campaign/dedup.c). The faulty solvers are tests/fake/fake_incr.py
# around the real z3 and cvc5 (as in group incr): `incr` finds each one's rule broken, `reduce
# --finding` makes its trigger smaller and still shows the same rule broken by the same solver;
# a campaign puts findings of one fake bug on different scripts into one bucket.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_incr_reduce() {
  local d=$tmp/incr_reduce m s
  if ! command -v z3 >/dev/null || ! command -v cvc5 >/dev/null || ! command -v python3 >/dev/null; then
    echo "SKIP: group incr_reduce needs z3, cvc5 and python3 on PATH" >&2
    return 0
  fi
  mkdir -p "$d"
  for m in after_pop assuming sat_core outside bad_value; do
    mkdir -p "$d/$m"
    for s in z3 cvc5; do
      printf '#!/bin/sh\nexec python3 %s %s %s "$@"\n' "$PWD/tests/fake/fake_incr.py" "$m" "$(command -v $s)" >"$d/$m/$s"
      chmod +x "$d/$m/$s"
    done
  done
  # A seed whose Boolean constants make check-sat-assuming unsat (outside's rule needs one).
  printf '(set-logic QF_LIA)\n(declare-const p Bool)\n(declare-const q Bool)\n(declare-const r Bool)\n(declare-const x Int)\n(assert (=> p (> x 0)))\n(assert (=> q (< x 0)))\n(assert (=> r (= x 0)))\n(assert (or p q r))\n(check-sat)\n' >"$d/pq.smt2"
  local e mode seed want f size
  for e in "after_pop seeds/abv_1.smt2 z3 answered" "assuming seeds/abv_1.smt2 under check-sat-assuming" \
           "sat_core seeds/fp_3.smt2 unsat core after check-sat" "outside $d/pq.smt2 which is not one of its assumptions" \
           "bad_value seeds/lia_3.smt2 get-value answer after check-sat"; do
    set -- $e
    mode=$1 seed=$2
    shift 2
    want="$*"
    run timeout 200 "$bin" incr --solvers "$d/$mode/z3;$d/$mode/cvc5" --no-sessions --referee none --mutants 10 --seed 3 -t 5 --out "$d/e-$mode" "$seed"
    f=$(ls "$d/e-$mode"/*.json 2>/dev/null | head -1 || true)
    if [ -z "$f" ]; then
      fail "incr ($mode) on $seed: no finding to reduce (exit $code: ${err: -300})"
      continue
    fi
    # the trigger's commands (its comment lines, the oracle's say, left out)
    size=$(grep -v '^;' "${f%.json}.smt2" | wc -c || true)
    run timeout 300 "$bin" reduce -j 2 --budget 150 --finding "$f" "$d/r-$mode.smt2"
    check "reduce --finding on incr's $mode finding: the same rule, blamed on z3, shown on OUT ('$want'), under 3/4 of its $size bytes" \
      eval '[ $code = 0 ] && [[ $out == *"shown: z3"* ]] && [[ $out == *"shown: "*"$want"* ]] && [ "$(wc -c <"$d/r-$mode.smt2")" -lt $((size * 3 / 4)) ]'
  done
  # A finding whose rule the candidate no longer shows is refused at the start: the control
  # wrapper (nothing broken) on the bad_value finding's trigger.
  f=$(ls "$d/e-bad_value"/*.json 2>/dev/null | head -1 || true)
  if [ -n "$f" ]; then
    sed "s#$d/bad_value/#$d/none/#g" "$f" >"$d/none.json"
    cp "${f%.json}.smt2" "$d/$(basename "${f%.json}").smt2"
    mkdir -p "$d/none"
    for s in z3 cvc5; do
      printf '#!/bin/sh\nexec python3 %s none %s "$@"\n' "$PWD/tests/fake/fake_incr.py" "$(command -v $s)" >"$d/none/$s"
      chmod +x "$d/none/$s"
    done
    run timeout 120 "$bin" reduce --finding "$d/none.json" "$d/r-none.smt2"
    check "reduce --finding with the solver mended (the control wrapper): does not reproduce, exit 2, nothing written" \
      eval '[ $code = 2 ] && [[ $err == *"does not reproduce"*"the incremental oracles show nothing"* ]] && [ ! -e "$d/r-none.smt2" ]'
  fi
  # Buckets by query kind: a campaign's findings of one fake bug (a get-value off by one) on
  # different scripts are one bucket, whatever their shapes.
  run timeout 200 "$bin" campaign --solvers "$d/bad_value/z3;$d/bad_value/cvc5" --engines incr=1 --budget 60 -j 1 --seed 3 --no-reduce --no-report --referee none -t 5 --out "$d/camp" seeds/lia_3.smt2
  local nf nb nt key
  nf=$(sqlite3 "$d/camp/campaign.db" "SELECT COUNT(*) FROM findings" 2>/dev/null || true)
  nb=$(sqlite3 "$d/camp/campaign.db" "SELECT COUNT(*) FROM buckets" 2>/dev/null || true)
  key=$(sqlite3 "$d/camp/campaign.db" "SELECT key FROM buckets" 2>/dev/null || true)
  nt=$(for t in "$d/camp"/findings/*/*.smt2; do if [ -f "$t" ]; then grep -v '^;' "$t" | md5sum; fi; done | sort -u | wc -l)
  check "campaign: $nf get-value findings on $nt different scripts, one bucket keyed by the query kind" \
    eval '[ $code = 10 ] && [ "${nf:-0}" -ge 2 ] && [ "$nt" -ge 2 ] && [ "$nb" = 1 ] && [ "$key" = "invalid-model|z3|QF_LIA|incremental: get-value" ]'
}
