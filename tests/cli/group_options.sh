# group_options.sh: the CLI group `options` of run_cli_tests.sh (sourced there; uses its run,
# check, fail, $bin and $tmp). Option tables read from a binary and cached, their errors, and
# --reference on any engine (group_reference), and --option-fuzz end to end with tests/fake/fake_z3_options.sh: a z3 whose bug needs the option
# smt.arith.solver=N is found with option fuzzing only, the finding names its options, replays,
# and `reduce --finding` keeps the one option needed.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154,SC2012
group_options() {
  group_reference
  local fakesrc=tests/fake/fake_z3_options.sh c=$tmp/optcache
  mkdir -p "$tmp/bad" "$tmp/good"
  cp "$fakesrc" "$tmp/bad/z3"
  cp "$fakesrc" "$tmp/good/z3"
  chmod +x "$tmp/bad/z3" "$tmp/good/z3"
  run "$bin" options --cache "$c" "$tmp/good/z3"
  check "options: the table read from the binary, each value tried alone, cached" \
    eval '[ $code = 0 ] && [[ $out == *"smt.arith.solver "*" int "*" 6 "*" smt "*" yes "* ]] && [[ $err == *"z3 4."*": 4 options (1 bool, 3 int,"*"4 tried alone with 17 values: 17 ok, 0 rejected"*"3 drawable, 1 excluded"* ]] && ls "$c"/options-z3-*.tsv >/dev/null'
  check "options: the excluded option (model) is marked excl" eval '[[ $out == *$'"'"'\nmodel '"'"'*" excl "* ]]'
  local cachefile
  cachefile=$(ls "$c"/options-z3-*.tsv | head -n 1)
  run "$bin" options --cache "$c" --tsv "$tmp/good/z3"
  check "options --tsv: the cache file as it is" eval '[ $code = 0 ] && [ "$out" = "$(cat "$cachefile")" ]'
  printf 'smt.bad\tint\t-\t-\tsmt\tc\t-\t0:q\n' >> "$cachefile"
  run "$bin" options --cache "$c" "$tmp/good/z3"
  check "options: a damaged cache file is an input error with FILE:LINE:COL" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == "$cachefile:6:"*": error: a trial must read VALUE:o|r|x (a damaged cache file: '"'"'smtgrind options --refresh $tmp/good/z3'"'"' reads the table from the solver again)" ]]'
  run "$bin" options --cache "$c" --refresh "$tmp/good/z3"
  check "options --refresh: read again from the binary" eval '[ $code = 0 ] && ! grep -q smt.bad "$cachefile"'
  # Lines smtgrind never writes: an option listed twice, a trial of a value that is no candidate
  # of its option, a header naming another solver. Each is refused at its line and column.
  local good_table
  good_table=$(cat "$cachefile")
  printf '%s\nmodel\tbool\t-\ttrue\tglobal\tc\t-\tfalse:o\n' "$good_table" > "$cachefile"
  run "$bin" options --cache "$c" "$tmp/good/z3"
  check "options: a cache file listing an option twice is refused at the second line" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == "$cachefile:6:1: error: option '"'"'model'"'"' is listed twice (first at line 2)"* ]]'
  sed 's/^smt.relevancy\(.*\)3:o/smt.relevancy\17:o/' <<<"$good_table" > "$cachefile"
  run "$bin" options --cache "$c" "$tmp/good/z3"
  check "options: a trial of a value that is no candidate of its option is refused at its column" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == "$cachefile:4:"*": error: trial value '"'"'7'"'"' is not a candidate of int option '"'"'smt.relevancy'"'"'"* ]]'
  sed '1s/\tz3\t\(.*\)\tz3$/\tcvc5\t\1\tcvc/' <<<"$good_table" > "$cachefile"
  run "$bin" options --cache "$c" "$tmp/good/z3"
  check "options: a cache file whose header names another solver is refused" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == "$cachefile:1:1: error: the table of solver '"'"'cvc5'"'"' (cvc style), not of '"'"'z3'"'"'"* ]]'
  printf '%s\n' "$good_table" > "$cachefile"
  run "$bin" options --cache "$c" "$tmp/good/z3"
  check "options: the same table written back is read again" eval '[ $code = 0 ] && [[ $out == *"smt.relevancy "* ]]'
  # A stop signal while the values are tried (a z3 whose runs on a script hang): the solver
  # run is killed, the private directory in $TMPDIR goes, nothing is cached, and the command
  # dies of the signal (143 / 129).
  local sig sc slowz3="$tmp/slow/z3" otmp="$tmp/otmp" ocode oleft oproc ocache
  mkdir -p "$tmp/slow"
  printf '#!/bin/sh\nfor a in "$@"; do [ "$a" = -pd ] && exec sh %s -pd; last=$a; done\n[ -f "$last" ] && exec sleep 29.713\nexec z3 "$@"\n' "$PWD/$fakesrc" > "$slowz3"
  chmod +x "$slowz3"
  for sig in TERM HUP; do
    rm -rf "$otmp" "$tmp/slowcache"; mkdir -p "$otmp"
    set +e
    TMPDIR=$otmp "$bin" options --refresh --cache "$tmp/slowcache" "$slowz3" </dev/null >/dev/null 2>"$err_file" &
    sc=$!
    for _ in $(seq 100); do ls "$otmp"/smtgrind-* >/dev/null 2>&1 && break; sleep 0.1; done
    sleep 0.3
    kill -"$sig" "$sc"
    { wait "$sc"; } 2>/dev/null
    ocode=$?
    set -e
    code=$ocode err=$(cat "$err_file") out=""
    sleep 0.3
    oleft=$(ls -A "$otmp")
    oproc=$(pgrep -f "sleep 29.713" || true)
    ocache=$(ls -A "$tmp/slowcache" 2>/dev/null || true)
    [ -z "$oproc" ] || kill $oproc 2>/dev/null || true
    check "options: SIG$sig while values are tried: dies of it, its solver and its directory in TMPDIR gone, nothing cached" \
      eval '[ $ocode = $((128 + $(kill -l $sig))) ] && [ -z "$oleft" ] && [ -z "$oproc" ] && [ -z "$ocache" ]'
  done
  # A cache path that cannot hold the file (--cache names a regular file) fails before any value
  # is tried: with the hanging z3, reading its values would take minutes (timeout: 124).
  printf 'x' > "$tmp/notadir"
  run timeout 20 "$bin" options --cache "$tmp/notadir" "$slowz3"
  check "options --cache FILE: refused before the binary's values are tried, exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"cannot create its directory"* ]] && [ "$(cat "$tmp/notadir")" = x ]'
  run "$bin" options --cache "$c" boolector
  check "options: a solver without an option reader is an input error" \
    eval '[ $code = 2 ] && [[ $err == *"no option reader for solver '"'"'boolector'"'"'"* ]]'
  run "$bin" options
  check "options: no solver is a usage error" test "$code" = 2
  local solvers="$tmp/bad/z3;$tmp/good/z3"
  run "$bin" opfuzz --solvers "$solvers" --no-sessions --seed 5 --mutants 24 -i 4 --out "$tmp/o0" examples/qf_lia.smt2
  check "without --option-fuzz the option-dependent bug is not found" \
    eval '[ $code = 0 ] && [ -z "$(ls "$tmp/o0")" ]'
  run "$bin" opfuzz --solvers "$solvers" --option-fuzz bogus --mutants 1 --out "$tmp/o9" examples/qf_lia.smt2
  check "--option-fuzz bogus is a usage error" eval '[ $code = 2 ] && [[ $err == *"expected off, safe or full"* ]]'
  run "$bin" opfuzz --solvers "$solvers" --no-sessions --option-fuzz safe --option-cache "$c" --seed 5 --mutants 24 -i 4 --out "$tmp/o1" examples/qf_lia.smt2
  local f1
  f1=$(ls "$tmp"/o1/soundness-z3-*.json 2>/dev/null | head -n 1)
  check "--option-fuzz safe finds it: findings whose runs name their options" \
    eval '[ $code = 10 ] && [ -n "$f1" ] && grep -q "\"options\": \[[^]]*\"smt.arith.solver=[0-9]*\"" "$f1"'
  check "the options are in the command, the excluded one never" \
    eval '! grep -q "\"model=false\"" "$tmp"/o1/*.json'
  run "$bin" opfuzz --solvers "$solvers" --no-sessions --option-fuzz safe --option-cache "$c" --seed 5 --mutants 24 -i 4 --out "$tmp/o2" examples/qf_lia.smt2
  check "the same --seed replays the same findings with the same options" \
    eval '[ "$(cd "$tmp/o1" && cat *.smt2 | md5sum)" = "$(cd "$tmp/o2" && cat *.smt2 | md5sum)" ] && [ "$(cd "$tmp/o1" && grep -oh "\"options\": \[[^]]*\]" *.json | md5sum)" = "$(cd "$tmp/o2" && grep -oh "\"options\": \[[^]]*\]" *.json | md5sum)" ]'
  # a finding whose bad run drew smt.arith.solver=10 (the fake's bug needs N >= 2)
  local f10
  f10=$(grep -l '"smt.arith.solver=10"' "$tmp"/o1/soundness-z3-*.json 2>/dev/null | head -n 1)
  run "$bin" reduce --finding "${f10:-$f1}" "$tmp/o1r.smt2" --budget 60 -j 1
  check "reduce --finding keeps the one option needed, its drawn 10 lowered to 2, named in the trigger's first line" \
    eval '[ $code = 0 ] && [ -n "$f10" ] && [ "$(head -n 1 "$tmp/o1r.smt2")" = "; smtgrind options: z3 smt.arith.solver=2" ] && [[ $err == *"1 of "*" drawn options needed"* ]]'
  run "$bin" check --solvers "$tmp/bad/z3;$tmp/good/z3" "$tmp/o1r.smt2"
  check "the reduced trigger without its options is no finding" test "$code" = 0
  # The culprit's binary gone while its drawn options are minimised (after its golden runs):
  # the reduction stops, exit 2, and names nothing; before, each option it could not test was
  # kept and named as needed, and the reduction went on.
  mkdir -p "$tmp/keep/bad"
  mv "$tmp/bad/z3" "$tmp/keep/bad/z3"
  printf '#!/bin/sh\nn=$(cat "%s/z3.n" 2>/dev/null || echo 0); echo $((n + 1)) > "%s/z3.n"\n[ "$n" -ge 2 ] && rm -f "$0"\nexec "%s" "$@"\n' \
    "$tmp" "$tmp" "$tmp/keep/bad/z3" > "$tmp/bad/z3"
  chmod +x "$tmp/bad/z3"
  run "$bin" reduce --finding "${f10:-$f1}" "$tmp/o1g.smt2" --budget 60 -j 1
  check "reduce --finding whose solver stops starting while options are minimised: exit 2, says so, no OUT" \
    eval '[ $code = 2 ] && [ -n "$f10" ] && [[ $err == *"a solver could not be started while the drawn options were minimised: nothing was reduced"* ]] && [ ! -e "$tmp/o1g.smt2" ]'
  # The budget's end while the options are minimised (every run of the culprit after its golden
  # run sleeps past it): the options not yet tried are kept and said to be untested; before,
  # each was named as needed.
  printf '#!/bin/sh\nn=$(cat "%s/z3.s" 2>/dev/null || echo 0); echo $((n + 1)) > "%s/z3.s"\n[ "$n" -ge 1 ] && sleep 30\nexec "%s" "$@"\n' \
    "$tmp" "$tmp" "$tmp/keep/bad/z3" > "$tmp/bad/z3"
  chmod +x "$tmp/bad/z3"
  run "$bin" reduce --finding "${f10:-$f1}" "$tmp/o1b.smt2" --budget 8 -j 1
  check "reduce --finding whose budget ends while options are minimised: the options kept are said to be untested" \
    eval '[ -n "$f10" ] && [[ $err == *"2 of 2 drawn options kept, not all tried: the budget ran out"* ]] && [[ $err != *"options needed"* ]]'
}

# --reference on any engine: incompleteness (the reference decides, another does not) and
# performance (another decides 10x slower, confirmed by 3 fresh runs of each: a z3 that sleeps
# 4 s first, on a script z3 decides in milliseconds, so a loaded machine cannot hide the ratio).
group_reference() {
  local fake
  fake=$(dirname "$bin")/fake_solver
  printf '#!/bin/sh\nsleep 4\nexec z3 "$@"\n' > "$tmp/slowz3"
  printf '(declare-const x Int)\n(assert (> x 1))\n(check-sat)\n' > "$tmp/tiny.smt2"
  chmod +x "$tmp/slowz3"
  run "$bin" opfuzz --solvers "z3;$fake unknown_longer 0" --seed 3 --mutants 2 -i 2 --out "$tmp/ref0" examples/qf_lia.smt2
  check "opfuzz without --reference: an unknown is no finding" eval '[ $code = 0 ] && [ -z "$(ls "$tmp/ref0")" ]'
  run "$bin" opfuzz --solvers "z3;$fake unknown_longer 0" --reference z3 --seed 3 --mutants 2 -i 2 --out "$tmp/ref1" examples/qf_lia.smt2
  check "opfuzz --reference z3: unknown where z3 decides is a regression (incompleteness) finding" \
    eval '[ $code = 10 ] && grep -q "\"oracle\": \"regression\"" "$tmp"/ref1/incompleteness-fake_solver-*.json'
  run "$bin" opfuzz --solvers "z3;$tmp/slowz3" --reference z3 --no-sessions -t 20 --seed 3 --mutants 1 -i 1 --out "$tmp/ref2" "$tmp/tiny.smt2"
  check "opfuzz --reference z3: 10x slower in 3 fresh runs each is a performance finding" \
    eval '[ $code = 10 ] && grep -q "\"oracle\": \"performance\"" "$tmp"/ref2/performance-slowz3-*.json && grep -q "medians of 3 fresh runs" "$tmp"/ref2/performance-slowz3-*.json'
  run "$bin" opfuzz --solvers "z3;cvc5" --reference cvc4 --mutants 1 --out "$tmp/ref3" examples/qf_lia.smt2
  check "--reference must name one of the solvers" eval '[ $code = 2 ] && [[ $err == *"not one of the --solvers"* ]]'
}
