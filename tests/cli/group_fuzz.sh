# group_fuzz.sh: the CLI group `fuzz` of run_cli_tests.sh (sourced there; uses its run, check,
# fail, $bin and $tmp): the engines on the one loop (findings, exit codes, replay).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_fuzz() {
  local fake
  fake=$(dirname "$bin")/fake_solver
  [ -x "$fake" ] || { fail "fake_solver not built next to $bin"; return; }
  run "$bin" opfuzz --solvers "z3;cvc5" --seed 7 --mutants 6 -i 3 --out "$tmp/f0" examples/qf_lia.smt2 examples/qf_bv.smt2
  check "opfuzz with agreeing solvers: 6 mutants, no finding, exit 0" \
    eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 6 "*"ill-typed 0,"* ]] && [ -z "$(ls "$tmp/f0")" ]'
  run "$bin" opfuzz --solvers "z3;$fake unsat" --seed 8 --mutants 3 -i 3 --out "$tmp/f1" examples/qf_lia.smt2
  local n_smt n_json
  n_smt=$(ls "$tmp/f1" | grep -c '\.smt2$' || true)
  n_json=$(ls "$tmp/f1" | grep -c '\.json$' || true)
  check "opfuzz against a solver that always says unsat: findings as .smt2/.json pairs, exit 10" \
    eval '[ $code = 10 ] && [ "$n_smt" -ge 1 ] && [ "$n_smt" = "$n_json" ] && grep -q "\"kind\": \"soundness\"" "$tmp"/f1/*.json && grep -q "\"rng_seed\": 8" "$tmp"/f1/*.json'
  run "$bin" parse "$tmp"/f1/*.smt2
  check "every trigger parses" test "$code" = 0
  # Issue 54: the loop decides a disagreement a division might explain by the totalised
  # formula. The liar answers sat on every script but the totalised one (its logic QF_UFNRA),
  # which z3 answers (y > 1 in the seed: x/y never divides by zero).
  mkdir -p "$tmp/tot"
  printf '#!/bin/sh\nfor a; do f=$a; done\ngrep -q "^(set-logic QF_UFNRA)" "$f" && exec z3 "$f"\necho sat\n' > "$tmp/tot/liar"
  chmod +x "$tmp/tot/liar"
  printf '(set-logic QF_NRA)\n(declare-fun x () Real)\n(declare-fun y () Real)\n(assert (> y 1.0))\n(assert (= (/ x y) 1.0))\n(assert (< x 0.5))\n(check-sat)\n' > "$tmp/tot/never0.smt2"
  run "$bin" opfuzz --solvers "z3;$tmp/tot/liar" --seed 1 --mutants 40 --out "$tmp/tot/out" "$tmp/tot/never0.smt2"
  local tj
  tj=$(grep -l '"oracle": "totalised"' "$tmp"/tot/out/*.json 2>/dev/null | head -n 1)
  check "opfuzz: a sat the totalised formula shows wrong is a soundness finding (oracle totalised, blamed on the liar, the formula in the trigger), exit 10" \
    eval '[ $code = 10 ] && [ -n "$tj" ] && grep -q "\"kind\": \"soundness\"" "$tj" && grep -q "\"solver\": \"liar\"" "$tj" && grep -q "^; the totalised formula:" "${tj%.json}.smt2" && grep -q "^; (declare-fun div0_real0 (Real) Real)" "${tj%.json}.smt2" && [[ $err == *"finding: "*"its totalised formula"*"is unsat (z3, liar)"* ]]'
  run "$bin" opfuzz --solvers "z3;$fake unsat" --seed 8 --mutants 3 -i 3 --out "$tmp/f2" examples/qf_lia.smt2
  check "the same --seed replays the same triggers" \
    eval '[ "$(cd "$tmp/f1" && cat *.smt2 | md5sum)" = "$(cd "$tmp/f2" && cat *.smt2 | md5sum)" ]'
  # Adaptive timeout: the index times both solvers at 5 ms (bound: the 1 s floor); the fake
  # answers sat after 1.5 s. Its runs are cut, re-run with the full -t (z3 decided), and its
  # answers judged as without the cut: the same findings with --adaptive-timeout off.
  mkdir -p "$tmp/adapt"
  cp examples/qf_lia.smt2 "$tmp/adapt/"
  printf 'path\tlogic\tstatus\tz3_ms\tfake_solver_ms\nqf_lia.smt2\tQF_LIA\tsat\t5\t5\n' > "$tmp/adapt/INDEX.tsv"
  run "$bin" opfuzz --solvers "z3;$fake slow 1500 sat" --seed 7 -i 2 --out "$tmp/ad1" "$tmp/adapt"
  local ad1_line=$(grep "^\[" "$err_file" | tail -n 1)
  run "$bin" opfuzz --solvers "z3;$fake slow 1500 sat" --seed 7 -i 2 --adaptive-timeout off --out "$tmp/ad0" "$tmp/adapt"
  check "adaptive timeout: runs cut at the bound and re-run, the same findings as --adaptive-timeout off" \
    eval '[[ "$ad1_line" == *"cut 2, re-run 2"* ]] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"cut 0, re-run 0"* ]] && [ -n "$(ls "$tmp/ad1")" ] && [ "$(cd "$tmp/ad1" && ls *.smt2 && cat *.smt2 | md5sum)" = "$(cd "$tmp/ad0" && ls *.smt2 && cat *.smt2 | md5sum)" ]'
  run "$bin" opfuzz --adaptive-timeout maybe "$tmp/adapt"
  check "--adaptive-timeout takes on or off" \
    eval '[ $code = 2 ] && [[ $err == *"--adaptive-timeout: expected '"'on'"' or '"'off'"'"* ]]'
  # A crash on the model run of a sampled mutant: a crash finding whose trigger is the model run
  # (produce-models first, the status label dropped, (get-model) last), reducible as a crash.
  run "$bin" opfuzz --solvers "$fake model_crash" --model-sample 100 --seed 3 -i 2 --out "$tmp/mc" examples/qf_lia.smt2
  local mc1=$(ls "$tmp"/mc/crash-fake_solver-*.smt2 2>/dev/null | head -n 1)
  check "opfuzz: a crash on (get-model) is a crash finding (oracle model-run), its trigger the model run" \
    eval '[ $code = 10 ] && [ -n "$mc1" ] && [ "$(head -n 1 "$mc1")" = "(set-option :produce-models true)" ] && [ "$(tail -n 1 "$mc1")" = "(get-model)" ] && ! grep -q ":status" "$mc1" && grep -q "\"oracle\": \"model-run\"" "${mc1%.smt2}.json" && grep -q "crashed on the model run" "${mc1%.smt2}.json"'
  run "$bin" opfuzz --solvers "$fake model_crash" --model-sample 0 --seed 3 -i 2 --out "$tmp/mc0" examples/qf_lia.smt2
  check "opfuzz --model-sample 0: no model asked, no finding" eval '[ $code = 0 ] && [ -z "$(ls "$tmp/mc0")" ]'
  run "$bin" reduce --finding "${mc1%.smt2}.json" "$tmp/mc-red.smt2"
  check "reduce --finding on a model-run crash keeps the (get-model) that crashes it" \
    eval '[ $code = 0 ] && grep -q "(get-model)" "$tmp/mc-red.smt2"'
  # A real solver (cvc5, in a wrapper that segfaults once it has printed a model): the reduced
  # file crashes the command `reduce` prints for it (a script that asks for a model runs with
  # the model flag: oracle/probe.h, so the reducer may drop its set-option).
  mkdir -p "$tmp/mc5"
  printf '#!/bin/bash\nout=$(cvc5 "$@" 2>&1); rc=$?\nprintf "%%s\\n" "$out"\ngrep -q define-fun <<<"$out" && kill -SEGV $$\nexit $rc\n' > "$tmp/mc5/cvc5"
  chmod +x "$tmp/mc5/cvc5"
  run "$bin" opfuzz --no-sessions --solvers "$tmp/mc5/cvc5;z3" --model-sample 100 --seed 3 -i 1 --out "$tmp/mc5/f" examples/qf_lia.smt2
  local mc5=$(ls "$tmp"/mc5/f/crash-cvc5-*.json 2>/dev/null | head -n 1)
  run "$bin" reduce --finding "$mc5" "$tmp/mc5/red.smt2"
  local mc5rc=0
  local mc5line
  mc5line=$(sed -n 's/^reproduce: //p' <<<"$out")
  (cd "$tmp/mc5" && sh -c "$mc5line" >/dev/null 2>&1) || mc5rc=$?
  check "reduce --finding on a model-run crash of a real solver: the reduced file crashes the command reduce prints for it" \
    eval '[ -n "$mc5" ] && [ $code = 0 ] && [[ $mc5line == *"/mc5/cvc5 -q --lang smt2 "*"red.smt2" ]] && [[ $mc5line != *check* ]] && [ $mc5rc = 139 ]'
  run "$bin" opfuzz --solvers "z3;$fake hang" -t 0.5 --seed 7 --mutants 2 -i 2 --out "$tmp/f3" examples/qf_lia.smt2
  check "timeouts are counted, never findings" \
    eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"timeouts 2"* ]] && [ -z "$(ls "$tmp/f3")" ]'
  # Lanes: several mutants judged at once give the same mutants, verdicts and findings as one
  # (24 made, one of them the same text as an earlier one of its chain: skipped, a duplicate).
  run "$bin" opfuzz --solvers "$fake hashcrash" --seed 5 -i 12 --lanes 1 --out "$tmp/l1" examples/qf_lia.smt2 examples/qf_bv.smt2
  local l1_line=$(grep "^\[" "$err_file" | tail -n 1)
  run "$bin" opfuzz --solvers "$fake hashcrash" --seed 5 -i 12 --lanes 3 --out "$tmp/l3" examples/qf_lia.smt2 examples/qf_bv.smt2
  check "--lanes 3 finds the same crashes in the same mutants as --lanes 1" \
    eval '[ $code = 10 ] && [[ $err == *"1 job x 3 lanes"* ]] && [ -n "$(ls "$tmp/l1")" ] && [ "$(cd "$tmp/l1" && ls && cat *.smt2 | md5sum)" = "$(cd "$tmp/l3" && ls && cat *.smt2 | md5sum)" ] && grep -q "\"chain\": " "$tmp"/l3/*.json'
  check "--lanes 3 counts the same mutants and calls" \
    eval '[[ "$l1_line" == *"mutants 23 "*"duplicates 1,"* ]] && [ "$(sed -E "s/^\[ *[0-9]+s\] //; s/\([0-9.]+\/s\)//g" <<< "$l1_line")" = "$(grep "^\[" "$err_file" | tail -n 1 | sed -E "s/^\[ *[0-9]+s\] //; s/\([0-9.]+\/s\)//g")" ]'
  run "$bin" opfuzz --solvers "$fake hashhang" -t 0.3 --seed 5 -i 12 --chain-timeouts 0 --lanes 1 --out "$tmp/h1" examples/qf_lia.smt2
  local h1_line=$(grep "^\[" "$err_file" | tail -n 1)
  run "$bin" opfuzz --solvers "$fake hashhang" -t 0.3 --seed 5 -i 12 --chain-timeouts 0 --lanes 4 --out "$tmp/h4" examples/qf_lia.smt2
  check "timeouts in some lanes: the same mutants and timeouts as one lane, no finding" \
    eval '[ $code = 0 ] && [[ "$h1_line" == *"mutants 12 "* ]] && [[ "$h1_line" != *"timeouts 0,"* ]] && [ "$(sed -E "s/^\[ *[0-9]+s\] //; s/\([0-9.]+\/s\)//g" <<< "$h1_line")" = "$(grep "^\[" "$err_file" | tail -n 1 | sed -E "s/^\[ *[0-9]+s\] //; s/\([0-9.]+\/s\)//g")" ] && [ -z "$(ls "$tmp/h4")" ]'
  run "$bin" opfuzz --lanes 0 examples/qf_lia.smt2
  check "--lanes 0 is a usage error" test "$code" = 2
  printf '(assert (frob 1))\n' > "$tmp/bad.smt2"
  run "$bin" opfuzz --solvers z3 --seed 1 --mutants 2 -i 2 --out "$tmp/f4" "$tmp/bad.smt2" examples/qf_lia.smt2
  check "an unparsable seed is skipped with a warning" \
    eval '[ $code = 0 ] && [[ $err == *"bad.smt2:1:10: error: unknown function symbol"*"seed skipped"* ]] && [[ $err == *"1 seed (0 labelled, 1 skipped)"* ]]'
  run timeout 60 "$bin" opfuzz -t 1e-9 --solvers "$fake hang" --seed 1 --mutants 2 -i 2 --out "$tmp/tiny" examples/qf_lia.smt2
  check "opfuzz -t 1e-9: below the 10 ms floor, a usage error (exit 2), never 'no deadline'" \
    eval '[ $code = 2 ] && [[ $err == *"-t needs seconds from 0.01 to 1e7, got '"'"'1e-9'"'"'"* ]]'
  run timeout 60 "$bin" campaign -t 1e-9 --solvers "$fake hang" --engines opfuzz --budget 2 -j 1 --seed 1 --no-reduce --no-report --out "$tmp/tinyc" examples/qf_lia.smt2
  check "campaign -t 1e-9: below the 10 ms floor, a usage error (exit 2), never 'no deadline'" \
    eval '[ $code = 2 ] && [[ $err == *"-t needs seconds from 0.01 to 1e7, got '"'"'1e-9'"'"'"* ]] && [ ! -e "$tmp/tinyc/campaign.db" ]'
  run "$bin" opfuzz -t 1e9 examples/qf_lia.smt2
  check "opfuzz -t 1e9: the message names both bounds, exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"-t needs seconds from 0.01 to 1e7, got '"'"'1e9'"'"'"* ]]'
  run "$bin" opfuzz --out= examples/qf_lia.smt2
  local eo1=$err
  run "$bin" campaign --out "" examples/qf_lia.smt2
  check "opfuzz --out= and campaign --out '': no value, exit 2, nothing run" \
    eval '[ $code = 2 ] && [[ $eo1 == *"--out needs a value, got '"''"'"* ]] && [[ $err == *"--out needs a value, got '"''"'"* ]]'
  # unspecified (issue 13): two solvers that disagree on a script holding div/mod by a
  # variable, no model to decide: kept as unspecified-* pairs, counted, never a bug (exit 0).
  run "$bin" opfuzz --solvers "$fake sat;$fake unsat" --referee none --mutants 3 -i 1 --seed 2 --lanes 1 --out "$tmp/unspec" tests/data/oracle/divs.smt2
  check "opfuzz: disagreements a division by zero can explain are unspecified, kept, not bugs (exit 0)" \
    eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"soundness 0"*"unspecified 3,"* ]] && [ "$(ls "$tmp/unspec" | grep -c "^unspecified-unattributed-.*\.json$")" = 3 ] && [[ $err == *"unspecified (not a bug): "*"div by zero is unspecified"* || $err == *"unspecified (not a bug): "*"mod by zero is unspecified"* ]]'
  mkdir -p "$tmp/useeds" && cp tests/data/oracle/divs.smt2 "$tmp/useeds/"
  run "$bin" campaign --solvers "$fake sat;$fake unsat" --engines opfuzz --budget 2 -j 1 --seed 2 --slice 1 --log --no-report --out "$tmp/ucamp" "$tmp/useeds"
  local ubug
  ubug=$("$bin" bugs list "$tmp/ucamp" | tail -n +2 | cut -f2,7,10 | sort -u | tr '\t\n' ' ;')
  check "campaign: unspecified findings are recorded (bug 0, not reduced), the summary says so, exit 0" \
    eval '[ $code = 0 ] && [ "$ubug" = "unspecified off 0;" ] && [[ $out == *"unspecified (not bugs): "* ]] && [[ $err == *", 0 bugs"* ]]'
  run "$bin" fuse -o sat --solvers z3 --seed 3 --mutants 4 --out "$tmp/f5" examples/qf_lia.smt2
  check "fuse on one unlabelled seed: labelled by the solvers under test, still one short: exit 2 with the reason" \
    eval '[ $code = 2 ] && [[ $err == *"labelled 1 seed (0 from the cache)"* ]] && [[ $err == *"fuse needs 2 seeds labelled"* ]]'
  run "$bin" fuse -o sat --solvers "$fake unsat;z3" --seed 3 --mutants 4 --out "$tmp/f5b" examples/qf_lia.smt2 examples/qf_fp.smt2
  check "fuse on seeds the solvers disagree on: no label, exit 2 with the reason" \
    eval '[ $code = 2 ] && [[ $err == *"without consensus stay unlabelled"* ]] && [[ $err == *"fuse needs 2 seeds labelled"* ]]'
  run "$bin" label --solvers "z3;cvc5" --out "$tmp/seeds.tsv" examples/
  mkdir -p "$tmp/seeds" && cp examples/*.smt2 "$tmp/seeds/" && sed 's|^examples/||' "$tmp/seeds.tsv" > "$tmp/seeds/INDEX.tsv"
  run "$bin" fuse -o sat --solvers "z3;cvc5" --seed 3 --mutants 4 --out "$tmp/f6" "$tmp/seeds"
  check "fuse on seeds of four logics (no pair of one logic) stops with a warning, no finding" \
    eval '[ $code = 0 ] && [[ $err == *"found no two seeds of one logic"* ]]'
  printf '(set-logic QF_LIA)\n(declare-fun x () Bool)\n(assert x)\n(check-sat)\n' > "$tmp/seeds/b1.smt2"
  printf '(set-logic QF_LIA)\n(declare-fun y () Bool)\n(assert (not y))\n(check-sat)\n' > "$tmp/seeds/b2.smt2"
  printf 'b1.smt2\tQF_LIA\tsat\nb2.smt2\tQF_LIA\tsat\n' > "$tmp/seeds/INDEX.tsv"
  run "$bin" fuse -o sat --solvers "z3;cvc5" --seed 3 --mutants 4 --index "$tmp/seeds/INDEX.tsv" --out "$tmp/f6b" "$tmp/seeds/b1.smt2" "$tmp/seeds/b2.smt2"
  check "fuse on two seeds that share no fusable sort stops with a warning, no finding" \
    eval '[ $code = 0 ] && [[ $err == *"gave no mutant"* ]]'
  run "$bin" sae --solvers "z3;cvc5" --seed 3 --mutants 4 --out "$tmp/s0" examples/qf_lia.smt2
  local lab1=$err lab_tsv
  lab_tsv=$(cut -f4 "$tmp/s0/labels.tsv" 2>/dev/null)
  run "$bin" sae --solvers "z3;cvc5" --seed 3 --mutants 4 --out "$tmp/s0" examples/qf_lia.smt2
  check "sae without labels: the seed is labelled by the consensus (cached in OUT/labels.tsv), then fuzzed; the next run reads the cache" \
    eval '[ $code = 0 ] && [[ $lab1 == *"labelled 1 seed (0 from the cache)"* ]] && [[ $lab1 == *"(1 labelled, 0 skipped)"* ]] && [ "$lab_tsv" = sat ] && [[ $err == *"labelled 1 seed (1 from the cache)"* ]]'
  run "$bin" sae --solvers "z3" --seed 3 --mutants 2 --out "$tmp/s0" examples/qf_lia.smt2
  check "sae: a label found by other solvers is not reused (labelled again, appended to the cache)" \
    eval '[ $code = 0 ] && [[ $err == *"labelled 1 seed (0 from the cache)"* ]] && [ "$(wc -l < "$tmp/s0/labels.tsv")" = 2 ]'
  run "$bin" sae --solvers "z3;cvc5" --seed 5 --mutants 6 -k 2 --out "$tmp/s1" "$tmp/seeds"
  check "sae on labelled seeds: 6 mutants of known status, no finding" \
    eval '[ $code = 0 ] && [[ $err == *"up to 2 literal occurrences"* ]] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 6 "*"soundness 0"*"ill-typed 0,"* ]]'
  run "$bin" sae --solvers "z3;$fake unsat" --seed 5 --mutants 4 -i 2 --out "$tmp/s2" "$tmp/seeds"
  check "sae against a solver that always says unsat: a soundness finding on an over-approximated sat seed" \
    eval '[ $code = 10 ] && grep -q "\"technique\": \"sae\"" "$tmp"/s2/*.json && grep -q "over-approximation" "$tmp"/s2/*.json'
  run "$bin" sae -k 0 examples/qf_lia.smt2
  check "sae -k 0 is a usage error" test "$code" = 2
  run "$bin" opfuzz -k 2 examples/qf_lia.smt2
  check "-k belongs to sae" eval '[ $code = 2 ] && [[ $err == *"belongs to '"'"'sae'"'"'"* ]]'
  local corpus=${SG_CORPUS:-../shared/corpus}
  if [ -f "$corpus/INDEX.tsv" ]; then
    run "$bin" fuse -o unsat --solvers "z3;cvc5" --seed 3 --mutants 6 --index "$corpus/INDEX.tsv" --out "$tmp/f7" "$corpus/QF_LIA"
    check "fuse -o unsat on labelled corpus seeds: 6 mutants, no finding" \
      eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 6 "*"soundness 0"*"ill-typed 0,"* ]]'
  else
    echo "fuzz: SKIPPED the corpus fusion check: no $corpus/INDEX.tsv" >&2
  fi
  run "$bin" opfuzz --solvers "z3;cvc5" --seed 7 --mutants 2 -i 2 --out "$tmp/f8" examples/qf_lia.smt2
  check "the run ends with smtgrind's share of the CPU" \
    eval '[[ $(tail -n 1 "$err_file") =~ ^CPU:\ smtgrind\ [0-9.]+s,\ solvers\ [0-9.]+s:\ smtgrind.s\ share\ [0-9.]+%$ ]]'
  run "$bin" opfuzz --jobs 0 examples/qf_lia.smt2
  check "--jobs 0 is a usage error" test "$code" = 2
  # --data: every data file loads, or the run stops before any solver runs (exit 2, file:line:col)
  mkdir -p "$tmp/datadir"
  printf ';; classes\n=, distinct\n\x00bvadd\n' > "$tmp/data.bin"
  printf ';; classes\n=, distinct\nbvadd, bvfoo\n' > "$tmp/data.unknown"
  printf 'bvnot, bvneg : arity: 2\n' > "$tmp/data.arity"
  run "$bin" opfuzz --solvers z3 --seed 1 --mutants 2 --out "$tmp/fd1" --data "$tmp/nothere" examples/qf_lia.smt2
  check "--data missing: exit 2 naming the file, no run" \
    eval '[ $code = 2 ] && [[ $err == "$tmp/nothere: error: cannot open: No such file or directory" ]] && [ ! -e "$tmp/fd1" ]'
  run "$bin" opfuzz --solvers z3 --seed 1 --mutants 2 --out "$tmp/fd2" --data "$tmp/datadir" examples/qf_lia.smt2
  check "--data a directory: exit 2" \
    eval '[ $code = 2 ] && [[ $err == "$tmp/datadir: error: "*"Is a directory" ]]'
  run "$bin" opfuzz --solvers z3 --seed 1 --mutants 2 --out "$tmp/fd3" --data "$tmp/data.bin" examples/qf_lia.smt2
  check "--data binary: exit 2 at the NUL byte" \
    eval '[ $code = 2 ] && [[ $err == "$tmp/data.bin:3:1: error: binary data"* ]]'
  run "$bin" opfuzz --solvers z3 --seed 1 --mutants 2 --out "$tmp/fd4" --data "$tmp/data.unknown" examples/qf_lia.smt2
  check "--data with an unknown operator: exit 2 at its line:col" \
    eval '[ $code = 2 ] && [[ $err == "$tmp/data.unknown:3:8: error: unknown operator '"'bvfoo'"'" ]]'
  run "$bin" opfuzz --solvers z3 --seed 1 --mutants 2 --out "$tmp/fd5" --data "$tmp/data.arity" examples/qf_lia.smt2
  check "--data with an arity no member can have: exit 2 at its line:col" \
    eval '[ $code = 2 ] && [[ $err == "$tmp/data.arity:1:23: error: the arity guard excludes"* ]]'
  printf '#begin\n(declare-fun x () Int)\n#end\n' > "$tmp/fusion.bad"
  run "$bin" fuse -o sat --solvers z3 --seed 1 --mutants 2 --out "$tmp/fd6" --data "$tmp/fusion.bad" examples/qf_lia.smt2
  check "fuse --data with a bad fusion block: exit 2 at its line" \
    eval '[ $code = 2 ] && [[ $err == "$tmp/fusion.bad:2:1: error: "* ]]'
  run "$bin" typefuzz --solvers z3 --data "$tmp/data.arity" examples/qf_lia.smt2
  check "--data on an engine that reads none is a usage error" \
    eval '[ $code = 2 ] && [[ $err == *"--data belongs to"* ]]'
  # typefuzz on a deep but legal seed (80,000 nested +): the budget holds within one solver
  # timeout plus a second, and no mutant past our nesting limit is written as ill-typed. The
  # second is smtgrind's own work on the deep seed (most of this run's CPU: the mutant under way
  # when the budget ends, the last status); under ASan+UBSan that work runs about three times
  # slower, so three seconds there (it measured 4.8-5.2 s beside other work, 2026-11-28).
  python3 -c 'n = 80000; print("(set-logic QF_LIA)\n(declare-const x Int)\n(declare-const y Int)\n(assert (> " + "(+ " * n + "x" + " 1)" * n + " y))\n(check-sat)")' > "$tmp/deep.smt2"
  local t0 t1 slack_ms=1000
  if ldd "$bin" 2>/dev/null | grep libasan > /dev/null; then slack_ms=3000; fi # not -q: see the pipefail note below
  t0=$(date +%s%N)
  run "$bin" typefuzz --solvers "z3;$fake sat" -t 1 --seed 3 --budget 3 --out "$tmp/deep" "$tmp/deep.smt2"
  t1=$(date +%s%N)
  check "typefuzz on a deep seed: within --budget 3 + -t 1 + ${slack_ms} ms, mutants made, no ill-typed file" \
    eval '[ $code = 0 ] && [ $(( (t1 - t0) / 1000000 )) -le $(( 4000 + slack_ms )) ] && [[ $(grep "^\[" "$err_file" | tail -n 1) =~ mutants\ [1-9][0-9]*\ .*ill-typed\ 0, ]] && [ -z "$(ls "$tmp/deep")" ]'
}
