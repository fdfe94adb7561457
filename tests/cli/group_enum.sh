# group_enum.sh: the CLI group `enum` of run_cli_tests.sh (sourced there; uses its run, check,
# fail, $bin and $tmp): grammar-based enumeration (issue 17).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_enum() {
  local d=$tmp/en
  mkdir -p "$d"
  # A solver that stops starting mid-run (its binary removed; the same as our private
  # directory removed under us, or no process left to fork): the run stops there, exit 2, and
  # the formulas not judged leave no times line (bench/enum_ranges.sh reads the lines as the
  # indices judged). Before, the other 40 indices were consumed in a blink as "exec_failed".
  printf '#!/bin/sh\n[ "$1" = --version ] && exec z3 --version\nn=$(cat "%s/gone.n" 2>/dev/null || echo 0); echo $((n + 1)) > "%s/gone.n"\n[ "$n" -ge 9 ] && rm -f "$0"\nexec z3 "$@"\n' "$d" "$d" > "$d/gone-z3"
  chmod +x "$d/gone-z3"
  run "$bin" enum ints --count 50 --solvers "$d/gone-z3" --no-sessions -t 5 --jobs 1 --lanes 1 --out "$d/gone"
  check "enum: a solver that can no longer be started stops the run (exit 2, said once), its formulas leave no times line" \
    eval '[ $code = 2 ] && [ "$(grep -c "could not be started" <<<"$err")" = 1 ] && [[ $err == *"gone-z3 could not be started (cannot execute: No such file or directory)"* ]] && [ "$(wc -l < "$d/gone/times-w0.tsv")" = 10 ] && ! grep -q exec_failed "$d/gone/times-w0.tsv"'
  # The same when it is the model run that cannot start (the first run of index 0 is its last):
  # before, index 0 kept a times line though its model was never asked for.
  if [ -x "$(dirname "$bin")/fake_solver" ]; then
    printf '#!/bin/sh\nrm -f "$0"\nexec "%s" model_crash "$@"\n' "$(realpath "$(dirname "$bin")/fake_solver")" > "$d/gone-mc"
    chmod +x "$d/gone-mc"
    run "$bin" enum ints --count 5 --solvers "$d/gone-mc" --model-sample 100 --no-sessions -t 5 --jobs 1 --lanes 1 --out "$d/gone-m"
    check "enum: a model run that cannot start stops the run too (exit 2), and its formula leaves no times line" \
      eval '[ $code = 2 ] && [[ $err == *"gone-mc: its model run could not be started: cannot execute"* ]] && [ ! -s "$d/gone-m/times-w0.tsv" ]'
    # A referee that cannot start (its first call removes it): the disagreement it was to
    # settle is not written as an unattributed finding; the run stops, exit 2.
    mkdir -p "$d/refbin"
    printf '#!/bin/sh\n/bin/rm -f "$0"\nexec /usr/bin/z3 "$@"\n' > "$d/refbin/z3"
    printf '#!/bin/sh\nexec "%s" sat "$@"\n' "$(realpath "$(dirname "$bin")/fake_solver")" > "$d/fsat"
    printf '#!/bin/sh\nexec "%s" unsat "$@"\n' "$(realpath "$(dirname "$bin")/fake_solver")" > "$d/funsat"
    chmod +x "$d/refbin/z3" "$d/fsat" "$d/funsat"
    run env PATH="$d/refbin" "$bin" enum ints --count 3 --solvers "$d/fsat;$d/funsat" --no-sessions --lanes 1 -t 5 --out "$d/gone-r"
    check "enum: a referee that cannot start stops the run (exit 2), no finding, no times line" \
      eval '[ $code = 2 ] && [[ $err == *"referee z3 could not be started"* ]] && ! ls "$d"/gone-r/*.json >/dev/null 2>&1 && [ ! -s "$d/gone-r/times-w0.tsv" ]'
  fi

  run "$bin" enum core --counts --max-size 6
  check "enum core --counts: ET's sizes (the first formulas have size 4: 4, then 148, 13172)" \
    eval '[ $code = 0 ] && [ "$(lines "$out")" = 7 ] && [[ $out == *$'"'"'4\t4\n5\t148\n6\t13172'"'"'* ]]'
  run "$bin" enum ints --print --count 3
  check "enum ints --print --count 3: three scripts, the first (= 0 0)" \
    eval '[ $code = 0 ] && [ "$(lines "$out")" = 3 ] && [ "$(head -n 1 <<<"$out")" = "(declare-const a Int) (declare-const b Int) (assert (= 0 0)) (check-sat)" ]'
  "$bin" enum ints --print --count 1005 > "$d/all.txt"
  run "$bin" enum ints --print --from 1000 --count 5
  check "--from 1000 --count 5 gives indices 1000..1004" eval '[ $code = 0 ] && [ "$out" = "$(sed -n 1001,1005p "$d/all.txt")" ]'
  check "the first 1005 formulas are distinct" eval '[ "$(sort -u "$d/all.txt" | wc -l)" = 1005 ]'
  "$bin" enum core --print --size 6 --count 20000 > "$d/class6.txt"
  run "$bin" enum core --print --size 6 --sample 5 --seed 3
  local s1=$out
  run "$bin" enum core --print --size 6 --sample 5 --seed 3
  check "--sample 5 --seed 3: the same five formulas again, all of size 6, the seed printed" \
    eval '[ $code = 0 ] && [ "$out" = "$s1" ] && [ "$(lines "$out")" = 5 ] && [[ $err == *"seed 3"* ]] && [ "$(grep -cxF -f <(printf "%s\n" "$out") "$d/class6.txt")" -ge 5 ]'
  check "--size 6 prints the whole class (13172 formulas)" eval '[ "$(wc -l < "$d/class6.txt")" = 13172 ]'
  run "$bin" enum fp --print --from 123456789012345678901234567890123 --count 2
  check "an index beyond 64 bits (GMP path): two fp formulas" eval '[ $code = 0 ] && [ "$(lines "$out")" = 2 ] && [[ $out == *"fp."* ]]'
  printf 's ::= "(" "assert" t ")"\n' > "$d/g.bnf"
  run "$bin" enum "$d/g.bnf" --counts
  check "a grammar file with an undefined nonterminal: exit 2 at file:line:col" \
    eval '[ $code = 2 ] && [[ $err == *"g.bnf:1:20: error: undefined nonterminal '"'"'t'"'"'"* ]]'
  printf 's ::= "(" # "assert" t ")"\n  | "a"\nt ::= "b" | "(" t ")"\n' > "$d/unreach.bnf"
  run "$bin" enum "$d/unreach.bnf" --print --count 3
  check "a nonterminal the start symbol does not reach: exit 2 at its line:col" \
    eval '[ $code = 2 ] && [[ $err == *"unreach.bnf:3:1: error: nonterminal '"'"'t'"'"' is not reachable"* ]]'
  printf 's ::= "a" | "b"\n  | "a"\n' > "$d/dup.bnf"
  run "$bin" enum "$d/dup.bnf" --print
  check "a duplicate alternative: exit 2 at its line:col" eval '[ $code = 2 ] && [[ $err == *"dup.bnf:2:5: error: duplicate alternative"* ]]'
  { echo 's ::= n0'; for i in $(seq 0 18); do echo "n$i ::= \"(\" n$((i + 1)) n$((i + 1))"; done; echo 'n19 ::= "x"'; } > "$d/huge.bnf"
  run "$bin" enum "$d/huge.bnf" --print --count 1
  check "a grammar whose smallest formula is larger than 1000: exit 2 at once, naming the limit" \
    eval '[ $code = 2 ] && [ -z "$out" ] && [[ $err == *"huge.bnf:1:1: error: the smallest formula of '"'"'s'"'"' has a size above 1000"* ]]'
  printf 's ::= "(check-sat)" | "(exit)"\n' > "$d/two.bnf"
  run "$bin" enum "$d/two.bnf" --print --count 5
  check "a range past a finite grammar's end: its formulas, exit 0, and why fewer were printed" \
    eval '[ $code = 0 ] && [ "$(lines "$out")" = 2 ] && [[ $err == *"2 of 5 formulas printed: the grammar has no more"* ]]'
  run "$bin" enum nosuch --counts
  check "an unknown grammar: exit 2 listing the shipped ones" eval '[ $code = 2 ] && [[ $err == *"core, ints, reals, realints, bv, arrays, fp, strings"* ]]'
  run "$bin" enum core --print --sample 3
  check "--sample without --size: usage error" eval '[ $code = 2 ] && [[ $err == *"--sample needs --size"* ]]'
  run "$bin" enum core --shard 2/2 --solvers z3
  check "--shard 2/2: exit 2" eval '[ $code = 2 ] && [[ $err == *"--shard '"'"'2/2'"'"'"* ]]'
  # GMP out of memory (a virtual-memory limit; not under ASan, which needs terabytes of it):
  # exit 1 with a message, and stdout holds whole lines only, each the right count
  # (grep reads all of ldd's output: with -q it may exit first, ldd dies of SIGPIPE, and under
  # pipefail the pipeline "fails": the block ran under ASan now and then)
  if ! ldd "$bin" 2>/dev/null | grep libasan > /dev/null; then
    (ulimit -v 30000; c=0; "$bin" enum strings --counts --max-size 1000 > "$d/oom.txt" 2> "$d/oom.err" || c=$?; echo $c > "$d/oom.code")
    local nl
    nl=$(wc -l < "$d/oom.txt")
    check "GMP out of memory in --counts: exit 1 with a message, whole lines only, the last one right" \
      eval '[ "$(cat "$d/oom.code")" = 1 ] && grep -q "out of memory (GMP asked for" "$d/oom.err" && [ "$nl" -gt 100 ] && [ "$nl" -lt 1001 ] && [ -z "$(tail -c 1 "$d/oom.txt" | tr -d "\n")" ] && [ "$("$bin" enum strings --counts --max-size $((nl - 1)) | tail -n 1)" = "$(tail -n 1 "$d/oom.txt")" ]'
  fi
  run "$bin" enum core --print --from " 5" --count 1
  check "--from with a blank (GMP would skip it): exit 2" eval '[ $code = 2 ] && [ -z "$out" ] && [[ $err == *"--from '"'"' 5'"'"'"* ]]'
  run "$bin" enum core --print --count " -1"
  check "--count ' -1' (strtoull would take 2^64-1): exit 2" eval '[ $code = 2 ] && [ -z "$out" ]'
  run "$bin" enum core --shard 1/-1 --solvers z3
  check "--shard 1/-1 (sscanf would take 1/4294967295): exit 2" eval '[ $code = 2 ] && [[ $err == *"--shard '"'"'1/-1'"'"'"* ]]'
  run "$bin" campaign --shard " 0/+1" --budget 1 --out "$d/badshard"
  check "campaign --shard ' 0/+1' (sscanf would take 0/1): exit 2, nothing made" \
    eval '[ $code = 2 ] && [[ $err == *"--shard needs I/N"* ]] && [ ! -e "$d/badshard" ]'
  run "$bin" enum core --grammar ints --count 1 --solvers z3
  check "enum core --grammar ints: exit 2, not a silent run of ints" eval '[ $code = 2 ] && [[ $err == *"takes no --grammar"* ]]'
  printf 's ::= x\nx ::= "(" x ")"\n' > "$d/unprod.bnf"
  run "$bin" enum "$d/unprod.bnf" --counts
  check "an unproductive nonterminal: the culprit x (line 2) is named, not s" \
    eval '[ $code = 2 ] && [[ $err == *"unprod.bnf:2:1: error: unproductive nonterminal '"'"'x'"'"'"*"(x -> x)"* ]]'
  printf 's ::= a\na ::= b\nb ::= a | "x"\n' > "$d/cyc.bnf"
  run "$bin" enum "$d/cyc.bnf" --counts
  check "a cost-0 cycle a -> b -> a reached from s: the cycle is named, at a's line" \
    eval '[ $code = 2 ] && [[ $err == *"cyc.bnf:2:1: error: '"'"'a'"'"' lies on a cycle"*"a -> b -> a"* ]]'
  run "$bin" enum --help
  check "enum --help: the three forms and the engine options" eval '[ $code = 0 ] && [[ $out == *"--counts"* ]] && [[ $out == *"--sample N --seed R"* ]] && [[ $out == *"--shard I/N"* ]]'
  if command -v z3 >/dev/null; then
    run "$bin" enum core --count 40 -i 7 --shard 0/2 --solvers z3 -t 5 --seed 1 --out "$d/s0"
    local a=$err
    run "$bin" enum core --count 40 -i 7 --shard 1/2 --solvers z3 -t 5 --seed 1 --out "$d/s1"
    check "--shard 0/2 and 1/2 with blocks of 7: 21 + 19 formulas, no finding" \
      eval '[ $code = 0 ] && [[ $(grep "^\[" <<<"$a" | tail -n 1) == *"mutants 21 "* ]] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 19 "* ]]'
    run "$bin" enum "$d/two.bnf" --from 5 --solvers z3 -t 5 --seed 1 --out "$d/past"
    check "an engine range past a finite grammar's end: exit 0, and why nothing ran" \
      eval '[ $code = 0 ] && [[ $err == *"no formula was generated: the range"* ]]'
    run "$bin" enum ints --count 60 -i 10 --jobs 2 --solvers z3 -t 5 --seed 1 --out "$d/j2"
    check "--jobs 2: the 60 formulas once each, ill-typed 0" \
      eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 60 "*"ill-typed 0,"* ]]'
    # The workers share one queue of blocks: a solver that takes 5 s on index 0 holds up the
    # worker with block 0 (indices 0-4) only; the other takes every later block (5-39), not
    # every other one.
    printf '#!/bin/sh\nfor f; do :; done\ngrep -qF "(assert (= 0 0))" "$f" && sleep 5\necho unknown\n' > "$d/slow0.sh"
    chmod +x "$d/slow0.sh"
    run "$bin" enum ints --count 40 -i 5 --jobs 2 --solvers "$d/slow0.sh" -t 10 --seed 1 --out "$d/q"
    local w0 w1
    w0=$(cut -f 2 "$d/q/times-w0.tsv" | sed 's/.* //' | sort -n | tr '\n' ' ')
    w1=$(cut -f 2 "$d/q/times-w1.tsv" | sed 's/.* //' | sort -n | tr '\n' ' ')
    check "--jobs 2, one slow block: its worker ran indices 0-4 only, the other 5-39" \
      eval '[ $code = 0 ] && { [ "$w0" = "$(seq -s " " 0 4) " ] && [ "$w1" = "$(seq -s " " 5 39) " ] || { [ "$w1" = "$(seq -s " " 0 4) " ] && [ "$w0" = "$(seq -s " " 5 39) " ]; }; }'
    local fake
    fake=$(dirname "$bin")/fake_solver
    if [ -x "$fake" ]; then
      printf 'start ::= "(declare-const a Bool)" "(assert" b ")" "(check-sat)"\nb ::= "true" | "a"\n' > "$d/sat.bnf"
      # 3 s against z3's few milliseconds (under 0.3 s even on a loaded machine)
      run "$bin" enum "$d/sat.bnf" --count 1 --solvers "z3;$fake slow_s 3" --reference z3 --no-sessions --no-models \
        --model-sample 0 -t 8 --seed 1 --out "$d/perf"
      check "--reference z3: a solver >= 10x slower (medians of 3 fresh runs) is a performance finding" \
        eval '[ $code = 10 ] && [ "$(ls "$d"/perf/performance-*.json | wc -l)" = 1 ] && grep -q "performance: fake_solver took" "$d"/perf/performance-*.json && [[ $err == *"solved within T"* ]]'
      run "$bin" enum "$d/sat.bnf" --solvers "z3;$fake slow_s 0.02" --reference z3 --no-sessions --no-models \
        --model-sample 0 -t 5 --seed 1 --out "$d/perf2"
      check "a solver about as fast as the reference: no finding" eval '[ $code = 0 ] && [ -z "$(ls "$d/perf2" | grep -v times)" ]'
      # The fresh runs that confirm a regression (unknown where z3 decides) or time a slowdown
      # could not be started (the solver's binary gone after its first runs): the run stops,
      # exit 2, no finding and no times line; before, the verdict was merely unconfirmed and
      # the run ended exit 0 as if the formula had been judged.
      printf '#!/bin/sh\n"%s" unknown_longer 0 "$@"; rc=$?\nrm -f "$0"\nexit $rc\n' "$(realpath "$fake")" > "$d/unk1"
      chmod +x "$d/unk1"
      run "$bin" enum "$d/sat.bnf" --count 1 --solvers "z3;$d/unk1" --reference z3 --no-sessions --no-models \
        --model-sample 0 -t 5 --seed 1 --out "$d/rgone"
      check "--reference z3: the regression's confirming run cannot start: exit 2, said, no finding, no times line" \
        eval '[ $code = 2 ] && [[ $err == *"solver unk1 could not be started"* ]] && [ -z "$(ls "$d/rgone" | grep -v times)" ] && [ ! -s "$d/rgone/times-w0.tsv" ]'
      printf '#!/bin/sh\n"%s" slow_s 3 "$@"; rc=$?\nn=$(cat "%s/slow1.n" 2>/dev/null || echo 0); echo $((n + 1)) > "%s/slow1.n"\n[ "$n" -ge 1 ] && rm -f "$0"\nexit $rc\n' \
        "$(realpath "$fake")" "$d" "$d" > "$d/slow1"
      chmod +x "$d/slow1"
      run "$bin" enum "$d/sat.bnf" --count 1 --solvers "z3;$d/slow1" --reference z3 --no-sessions --no-models \
        --model-sample 0 -t 8 --seed 1 --out "$d/pgone"
      check "--reference z3: a timing run of the slower solver cannot start: exit 2, said, no finding, no times line" \
        eval '[ $code = 2 ] && [[ $err == *"solver slow1 could not be started"* ]] && [ -z "$(ls "$d/pgone" | grep -v times)" ] && [ ! -s "$d/pgone/times-w0.tsv" ]'
      # Never lost: a second run into the same --out keeps the first run's findings (its
      # worker/mutant numbers start again at 1: the later pair gets "-2").
      run "$bin" enum core --count 3 --solvers "z3;$fake unsat" -t 5 --seed 1 --out "$d/twice"
      local c1=$code
      run "$bin" enum core --from 10 --count 3 --solvers "z3;$fake unsat" -t 5 --seed 1 --out "$d/twice"
      check "two runs into one --out: both runs' findings kept (index 0 and index 10), the second as -2" \
        eval '[ "$c1" = 10 ] && [ $code = 10 ] && grep -q "\"enum core index 0\"" "$d"/twice/*.json && grep -q "\"enum core index 10\"" "$d"/twice/*.json && grep -q "\"trigger\": \"soundness-fake_solver-w0-000001-2.smt2\"" "$d/twice/soundness-fake_solver-w0-000001-2.json"'
      mkdir -p "$d/full"
      ln -s /dev/full "$d/full/times-w0.tsv"
      run "$bin" enum core --count 3 --solvers "$fake sat" -t 5 --seed 1 --out "$d/full"
      check "a times file that cannot be written: said, and exit 2 (never 0)" \
        eval '[ $code = 2 ] && [[ $err == *"cannot write $d/full/times-w0.tsv"* ]] && [[ $err == *"could not be written"* ]]'
      # An echo that prints an answer word would be read as the solver's answer (z3 prints it
      # bare): such a formula is ill-typed for us, never run.
      printf 'start ::= "(declare-const a Bool)" body\nbody ::= "(echo \\"unsat\\")" "(assert a)" "(check-sat)" | "(assert a)" "(check-sat)"\n' > "$d/echo.bnf"
      run "$bin" enum "$d/echo.bnf" --solvers "z3;$fake sat" -t 5 --seed 1 --out "$d/echo"
      check "a grammar whose formula echoes unsat: that formula ill-typed (never run), no finding" \
        eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 1 "*"ill-typed 1,"* ]] && grep -q "enum .*echo.bnf index 0: echo prints an answer word" "$d"/echo/ill-typed-w0-000001.smt2'
    fi
    if [ -x "$fake" ]; then
      # Resume by index: two sessions of 1-s slices (a slice ends by time inside a block of 200)
      # and a --resume; each campaign worker's formulas are its positions 0..n-1, each once.
      # (A worker's position p is chain c = p / 200, offset p % 200: grammar c mod 8, global
      # block (c / 8) * 2 + w; times-wW.tsv in the worker's slice directories holds every
      # judged formula's grammar and index.)
      run "$bin" campaign --engines enum=1 --solvers "$fake sat" --budget 3 --jobs 2 --slice 1 -t 3 --seed 1 \
        --no-reduce --no-report --out "$d/cr"
      local c1=$code
      run "$bin" campaign --resume "$d/cr" --budget 3 --no-reduce --no-report
      local bad runs
      bad=$(for wd in 0 1; do
          find "$d/cr/findings" -path "*/w0$wd-s*" -name 'times-w*.tsv' -exec cat {} + \
            | awk -F'\t' -v w="$wd" 'BEGIN { split("core ints reals realints bv arrays fp strings", n, " "); for (i = 1; i <= 8; i++) gi[n[i]] = i - 1 }
                { split($2, a, " "); k = a[4]; b = int(k / 200); c = int((b - w) / 2) * 8 + gi[a[2]]; print c * 200 + k % 200 }' \
            | sort -n | awk -v w="$wd" '$1 != NR - 1 { print "worker " w ": position " NR - 1 " is " $1; exit }'
        done)
      runs=$(find "$d/cr/findings" -name 'times-w*.tsv' -exec cat {} + | wc -l)
      [ -z "$bad" ] || echo "resume by index: $bad" >&2
      check "campaign enum=1, 1-s slices, 2 workers, resumed: each worker's positions 0..n-1, each judged once" \
        eval '[ "$c1" = 0 ] && [ $code = 0 ] && [ "$runs" -gt 400 ] && [ -z "$bad" ]'
      # the first slice's times file cannot be written: said, and the campaign exits 2
      mkdir -p "$d/cfull/findings/w00-s00000"
      ln -s /dev/full "$d/cfull/findings/w00-s00000/times-w0.tsv"
      run "$bin" campaign --engines enum=1 --solvers "$fake sat" --budget 2 --jobs 1 --slice 1 -t 3 --seed 1 \
        --no-reduce --no-report --out "$d/cfull"
      check "campaign: times lines that cannot be written are said, exit 2 (never 0)" \
        eval '[ $code = 2 ] && [[ $err == *"cannot write $d/cfull/findings/w00-s00000/times-w0.tsv"* ]] && [[ $err == *"could not be written under"* ]]'
    fi
    run "$bin" campaign --engines enum=1 --solvers z3 --budget 4 --jobs 1 -t 3 --no-reduce --no-report --out "$d/camp"
    check "campaign --engines enum=1 enumerates (mutants > 0)" \
      eval '{ [ $code = 0 ] || [ $code = 10 ]; } && [[ $out$err =~ [1-9][0-9]*\ mutants ]]'
  fi
}
