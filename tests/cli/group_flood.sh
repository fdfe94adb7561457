# group_flood.sh: the CLI group `flood` of run_cli_tests.sh (sourced there): what the engines and
# generators say while they run (issue 48) — an engine whose own formulas keep failing to
# type-check stops (exit 2, the first one's file, why, and for enum the grammar rule) instead of
# writing thousands of ill-typed-*.smt2; runs that die of --memout are counted ("memouts N")
# and a limit every run hits is an error (exit 2), not a clean exit 0; `gen` prints a progress
# line every 10 s; `gen --help` lists every --status value; --format's range is the flag's and
# the doc's, never an internal constant's name.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_flood() {
  local d=$tmp/flood
  mkdir -p "$d"
  local fake
  fake=$(dirname "$bin")/fake_solver

  # 1. A grammar whose formulas are mostly ill-sorted (int ::= "b" names the Bool b; before
  # issue 48: 12,398 ill-typed files in 3 s, exit 0). The stop rule: more than 10 ill-typed
  # and more than 1 in 100 of the formulas made.
  printf '%s\n' 'start ::= "(declare-const a Int)" "(declare-const b Bool)" "(assert" bool ")" "(check-sat)"' \
    'bool ::= "(" "=" int int ")" | "(" "not" bool ")" | "b"' \
    'int ::= "a" | "b" | "(" "+" int int ")"' > "$d/ill.bnf"
  if [ -x "$fake" ]; then
    run timeout 60 "$bin" enum "$d/ill.bnf" --solvers "$fake sat" --lanes 1 -t 5 --seed 1 --out "$d/ill"
    local n
    n=$(find "$d/ill" -name 'ill-typed-*.smt2' | wc -l)
    check "enum, a grammar of ill-sorted formulas: stops with exit 2 after a handful of ill-typed files ($n)" \
      eval '[ $code = 2 ] && [ "$n" -gt 10 ] && [ "$n" -le 20 ] && [[ $err == *"enum: error: worker 0 stopped the run: "*" do not type-check (the limit: more than 10, and more than 1 in 100)"* ]]'
    check "enum: the first ill-typed formula's file and why it is ill-sorted" \
      eval '[[ $err == *"enum: the first: $d/ill/ill-typed-w0-000003.smt2 (enum $d/ill.bnf index 2): line 1, column 55: sort mismatch: argument 2 of '"'"'='"'"' has sort Bool, expected Int"* ]] && [ -f "$d/ill/ill-typed-w0-000003.smt2" ]'
    check "enum: the grammar rule and alternative that produced it, with its line" \
      eval '[[ $err == *"enum: it comes from the grammar'"'"'s rule '"'"'bool'"'"', alternative 1 of 3 (\"(\" \"=\" int int \")\") at $d/ill.bnf:2:10: fix it there"* ]]'
  fi

  # 2. --memout too small for any solver (before: "decided 0%", exit 0, no memout counted).
  if [ -x "$fake" ] && command -v z3 >/dev/null 2>&1; then
    run timeout 60 "$bin" bv --memout 1 --solvers "z3;$fake sat" --mutants 20 -t 5 --seed 1 --referee none --out "$d/mem"
    local last
    last=$(grep '^\[' "$err_file" | tail -n 1)
    check "bv --memout 1: the status line counts the memouts, the run says the limit is too small, exit 2" \
      eval '[ $code = 2 ] && [[ $last == *"memouts 40,"* ]] && [[ $err == *"bv: error: 40 of the 40 solver runs ran out of memory under --memout 1: the limit is too small for these solvers; raise --memout"* ]]'
    run timeout 60 "$bin" bv --status sat --solvers "$fake sat" --mutants 5 -t 5 --seed 1 --referee none --no-models --out "$d/mem0"
    check "bv without a memory problem: memouts 0 on the status line, exit 0" \
      eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"memouts 0,"* ]] && [[ $err != *"ran out of memory"* ]]'
  fi

  # 3. gen's progress on a long run: a line every 10 s on stderr (none with -q); SIGTERM stops
  # it (SIGINT would not: a background job of a script ignores it).
  local pid rc=0
  "$bin" gen bv --count 100000000 --out "$d/gen" --seed 1 2> "$d/gen.err" & pid=$!
  sleep 11.5
  kill -TERM "$pid"
  wait "$pid" || rc=$?
  code=$rc
  err=$(cat "$d/gen.err")
  out=
  check "gen --count 1e8: a progress line after 10 s (files of the count, rate), then stopped by SIGTERM (143)" \
    eval '[ $code = 143 ] && grep -Eq "^\[ +1[01]s\] gen bv: [0-9]+ of 100000000 files \([0-9]+/s\): [0-9]+ sat, 0 unsat$" "$d/gen.err" && [[ $err == *"(interrupted)"* ]] && [ -z "$(find "$d/gen" -name ".*")" ]'
  rc=0
  "$bin" gen bv --count 100000000 --out "$d/genq" --seed 1 -q 2> "$d/genq.err" & pid=$!
  sleep 11.5
  kill -TERM "$pid"
  wait "$pid" || rc=$?
  code=$rc
  err=$(cat "$d/genq.err")
  check "gen -q: no progress line" eval '[ $code = 143 ] && [ -z "$err" ]'

  # 4. gen --help lists every value --status takes, for each generator (before: no random).
  run "$bin" gen --help
  local g v missing=""
  for g in bv fp strings; do
    # (the usage error lists the generator's own values; exit 2 by design)
    v=$("$bin" gen "$g" --count 1 --out "$d/x" --status nosuch 2>&1 | sed -n "s/.* is not one of $g's (\(.*\))$/\1/p" || true)
    [ -n "$v" ] && [[ $out == *"  $g: $v"* ]] || missing="$missing $g($v)"
  done
  check "gen --help: every generator's --status values, random included ($missing)" \
    eval '[ $code = 0 ] && [ -z "$missing" ] && [[ $out == *"bv: sat|unsat|mixed|random"* ]] && [[ $out == *"random: none"* ]]'

  # 5. --format out of range: the flag and the range of docs/gen-bvfp.md, no internal name.
  run "$bin" gen fp --format 61 3 --count 1 --out "$d/fmt"
  local lo hi
  lo=$(sed -n 's/.*--format needs EB and SB each from \([0-9]*\) to \([0-9]*\), got .*/\1/p' <<<"$err")
  hi=$(sed -n 's/.*--format needs EB and SB each from \([0-9]*\) to \([0-9]*\), got .*/\2/p' <<<"$err")
  check "gen fp --format 61 3: exit 2, names --format and the range docs/gen-bvfp.md gives ($lo..$hi), no SG_ name" \
    eval '[ $code = 2 ] && [ -n "$lo" ] && [[ $err != *SG_* ]] && [[ $err == *"got '"'"'61'"'"'"* ]] && grep -qF "\`--format EB SB\` ($lo..$hi each)" docs/gen-bvfp.md'
  run "$bin" fp --format 2 61 --solvers z3 --mutants 1 --out "$d/fmt"
  check "fp --format 2 61: the same message (exit 2)" \
    eval '[ $code = 2 ] && [[ $err == *"--format needs EB and SB each from $lo to $hi, got '"'"'61'"'"'"* ]]'
  run "$bin" gen fp --format 60 60 --count 2 --out "$d/fmt60" --seed 1 -q
  check "gen fp --format 60 60 (the top of the range) writes its files" \
    eval '[ $code = 0 ] && [ "$(ls "$d/fmt60" | wc -l)" = 2 ]'
}
