# group_genstr.sh: the CLI group `genstr` of run_cli_tests.sh (sourced there; uses its run, check,
# fail, $bin and $tmp): `gen strings` and the strings generator as an engine.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_genstr() {
  local d=$tmp/gs
  run "$bin" gen strings --status sat --count 40 --seed 7 --out "$d/sat"
  check "gen strings --status sat: 40 files, exit 0, the summary line" \
    eval '[ $code = 0 ] && [ "$(ls "$d/sat" | grep -c "^strings-sat-0000[0-9][0-9].smt2$")" = 40 ] && [[ $err == *"40 sat, 0 unsat"* ]]'
  check "every sat file has its status and one witness line per declared variable" \
    eval 'for f in "$d"/sat/*.smt2; do grep -q "^(set-info :status sat)$" "$f" && [ "$(grep -c "^(declare-const" "$f")" = "$(grep -c "^;; witness: (define-fun" "$f")" ] || exit 1; done'
  run "$bin" gen strings --status sat --count 40 --seed 7 --out "$d/sat2" -q
  check "the same seed gives the same files (-q: no summary)" eval '[ $code = 0 ] && [ -z "$err" ] && diff -r "$d/sat" "$d/sat2" >/dev/null'
  run "$bin" gen strings --status unsat --count 40 --seed 7 --out "$d/unsat"
  check "gen strings --status unsat: every file named conjuncts and a core line" \
    eval '[ $code = 0 ] && for f in "$d"/unsat/strings-unsat-*.smt2; do grep -q "^(set-info :status unsat)$" "$f" && grep -q ":named a1))$" "$f" && grep -q "^;; core: a1 a2" "$f" || exit 1; done'
  run "$bin" gen strings --status mixed --count 60 --seed 3 --out "$d/mixed"
  check "gen strings --status mixed: both kinds" \
    eval '[ $code = 0 ] && ls "$d"/mixed/strings-sat-*.smt2 >/dev/null && ls "$d"/mixed/strings-unsat-*.smt2 >/dev/null'
  run "$bin" parse "$d"/sat/*.smt2 "$d"/unsat/*.smt2 "$d"/mixed/*.smt2
  check "every generated file parses" test "$code" = 0
  # A stop signal while files are written: the file under way is finished or removed, never
  # left as a hidden temporary (.strings-sat-K.smt2.XXXXXX); the summary says interrupted and
  # the command dies of the signal (143 / 129).
  local sig gp gcode ghidden gsum gbad=""
  for sig in TERM HUP TERM HUP; do
    rm -rf "$d/big"
    set +e
    "$bin" gen strings --count 100000 --seed 11 --out "$d/big" </dev/null >/dev/null 2>"$err_file" &
    gp=$!
    for _ in $(seq 100); do [ -n "$(ls "$d/big" 2>/dev/null | head -n 1)" ] && break; sleep 0.05; done
    sleep 0.2
    kill -"$sig" "$gp"
    { wait "$gp"; } 2>/dev/null
    gcode=$?
    set -e
    ghidden=$(ls -A "$d/big" | grep '^\.' || true)
    gsum=$(cat "$err_file")
    [ "$gcode" = $((128 + $(kill -l "$sig"))) ] && [ -z "$ghidden" ] && [[ $gsum == *" (interrupted)" ]] \
      || gbad+="SIG$sig: exit $gcode, left: ${ghidden:-none}, summary: ${gsum:-none}; "
  done
  code=0 out="" err=$gbad
  check "gen: SIGTERM/SIGHUP while writing: no hidden temporary file left, the summary says interrupted, dies of it" \
    test -z "$gbad"
  rm -rf "$d/big"
  run "$bin" gen strings --status maybe --count 1 --out "$d/x"
  check "gen strings --status maybe: usage error naming the variants" eval '[ $code = 2 ] && [[ $err == *"sat|unsat|mixed"* ]]'
  printf '# mine\nS "x"\nS "yz"\nI 5\n' > "$d/consts.txt"
  run "$bin" gen strings --constants "$d/consts.txt" --status sat --count 30 --seed 1 --out "$d/c1" -q
  check "gen strings --constants FILE: the file's constants only" \
    eval '[ $code = 0 ] && grep -qh "\"yz\"" "$d"/c1/*.smt2 && ! grep -qh "\"ab\"" "$d"/c1/*.smt2'
  printf 'S "x"\nI "x"\n' > "$d/bad.txt"
  run "$bin" gen strings --constants "$d/bad.txt" --count 1 --out "$d/c2"
  check "a constant of the wrong sort: exit 2 with FILE:LINE" eval '[ $code = 2 ] && [[ $err == *"bad.txt:2:1: error: not an Int constant"* ]]'
  run "$bin" gen strings --ops paper --status mixed --count 300 --seed 5 --out "$d/paper" -q
  check "gen strings --ops paper: the paper's operations, Table 2 rows and Table 3 equalities only" \
    eval '[ $code = 0 ] && ls "$d"/paper/strings-sat-*.smt2 >/dev/null && ls "$d"/paper/strings-unsat-*.smt2 >/dev/null &&
          ! grep -lE "str\.(replace_all|replace_re|in_re|to_code|from_code|is_digit|<)|re\." "$d"/paper/*.smt2 &&
          [ "$(grep -h "^;; strings unsat" "$d"/paper/*.smt2 | grep -vc "(Table 2)")" = 0 ] &&
          ! grep -h "^;; strings unsat" "$d"/paper/*.smt2 | grep -q " with X"'
  run "$bin" gen strings --ops all --status mixed --count 300 --seed 5 --out "$d/allops" -q
  check "gen strings --ops all (the default): SMT-LIB 2.6 operations and rows too" \
    eval '[ $code = 0 ] && grep -lqE "str\.(replace_all|replace_re|in_re|to_code|from_code|is_digit)" "$d"/allops/*.smt2 &&
          grep -hq "(SMT-LIB 2.6)" "$d"/allops/*.smt2'
  run "$bin" gen strings --ops twelve --count 1 --out "$d/x"
  check "gen strings --ops twelve: usage error naming the choices" eval '[ $code = 2 ] && [[ $err == *"--ops needs all or paper"* ]]'
  run "$bin" strings --help
  check "strings --help: its --status and the witness and core comments" \
    eval '[ $code = 0 ] && [[ $out == *"--status S"* ]] && [[ $out == *";; witness:"* ]] && [[ $out == *";; core:"* ]]'
  if command -v z3 >/dev/null; then
    # The witness of each sat file is a model z3 accepts: the witness lines asserted, z3 says sat.
    local f bad=0
    for f in "$d"/sat/strings-sat-00000[1-9].smt2; do
      { sed -n '/^(check-sat)/q;p' "$f"
        sed -n 's/^;; witness: (define-fun \([^ ]*\) () [A-Za-z]* \(.*\))$/(assert (= \1 \2))/p' "$f"
        echo "(check-sat)"; } > "$d/w.smt2"
      [ "$(z3 -T:10 "$d/w.smt2" 2>&1)" != unsat ] || { bad=1; echo "witness refuted by z3: $f" >&2; }
    done
    check "z3 never refutes a formula with its witness asserted" test "$bad" = 0
    run "$bin" strings --solvers z3 --status unsat --mutants 20 --seed 2 -t 5 --out "$d/f1"
    check "strings --status unsat against z3: 20 mutants, no soundness finding" \
      eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 20 "* ]] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"soundness 0"* ]]'
    check "the z3 run judged unsat cores (the core oracle), none of them bad" \
      eval '[[ $(grep "^\[" "$err_file" | tail -n 1) =~ unsat\ cores\ [1-9] ]] && ! ls "$d"/f1/*.json >/dev/null 2>&1'
    local fake
    fake=$(dirname "$bin")/fake_solver
    if [ -x "$fake" ]; then
      # A solver whose unsat core lacks a needed conjunct: a soundness finding blamed on it,
      # confirmed by z3's model of the core alone; the trigger is the core query.
      run "$bin" strings --solvers "$fake core_drop;z3" --status unsat --mutants 4 --seed 2 -t 5 --out "$d/f2"
      local cj
      cj=$(ls "$d"/f2/soundness-fake_solver-*.json 2>/dev/null | head -n 1)
      check "a bad unsat core is a soundness finding of the solver that returned it (oracle core)" \
        eval '[ $code = 10 ] && [ -n "$cj" ] && ! ls "$d"/f2/*.json | grep -qv soundness-fake_solver- && grep -q "\"oracle\": \"core\"" "$cj" && grep -q "^(get-unsat-core)" "${cj%.json}.smt2" && [[ $out$err == *"z3'"'"'s model of them is valid"* ]]'
      run "$bin" reduce --finding "$cj" "$d/f2/red.smt2"
      check "reduce --finding on a core finding: smaller, the same rule and solver, and it still asks its core" \
        eval '[ $code = 0 ] && [ "$(wc -c <"$d/f2/red.smt2")" -lt "$(wc -c <"${cj%.json}.smt2")" ] && grep -q "^(get-unsat-core)" "$d/f2/red.smt2" && [[ $out == *"shown: fake_solver'"'"'s unsat core"* ]] && [[ $err == *"keeping soundness of fake_solver, an unsat core satisfiable alone"* ]]'
      # A generated unsat file z3 decides quickly (the first of ten).
      run "$bin" gen strings --status unsat --count 10 --seed 3 --out "$d/one" -q
      local one="" g
      for g in "$d"/one/strings-unsat-0000*.smt2; do
        [ "$(z3 -T:3 "$g" 2>&1)" = unsat ] && { one=$g; break; }
      done
      run "$bin" check --solvers "$fake core_drop;z3" "$one"
      check "check judges the cores of a file with a known core: the bad one blamed, exit 10" \
        eval '[ -n "$one" ] && [ $code = 10 ] && [[ $out == *"fake_solver unsat core bad"* ]] && [[ $out == *"blamed: fake_solver"* ]]'
      run "$bin" check --json --solvers z3 "$one"
      check "check --json: z3's core of a generated unsat file is precise" \
        eval '[ $code = 0 ] && [[ $out == *"\"core\": \"precise\""* ]]'
      # A core line that cannot be read is said so (file:line:col), never silently ignored.
      sed 's/^;; core: \(.*\)$/;; core: \1 (a9)/' "$one" > "$d/badcore.smt2"
      local cline
      cline=$(grep -n '^;; core: ' "$d/badcore.smt2" | cut -d: -f1)
      run "$bin" check --solvers "$fake core_drop;z3" "$d/badcore.smt2"
      check "check: a malformed ;; core: line is a warning at its line and column; no core judged" \
        eval '[ $code = 0 ] && [[ $err == *"badcore.smt2:$cline:10: warning: not a list of plain symbols"*"the unsat-core oracle is off for this file"* ]] && [[ $out != *"unsat core"* ]]'
      # Every conjunct as the core: imprecise where the known core is smaller (the noise
      # conjunct is extra-ok), written apart, never a finding.
      run "$bin" strings --solvers "$fake core_all;z3" --status unsat --mutants 30 --seed 2 -t 5 --out "$d/f3"
      check "a core with more than the known core is imprecise: not a bug, no finding" \
        eval '[ $code = 0 ] && ! ls "$d"/f3/*.json >/dev/null 2>&1 && [[ $(grep "^\[" "$err_file" | tail -n 1) =~ imprecise\ 0 ]]'
    fi
    run "$bin" campaign --engines strings-sat=1,strings-unsat=1 --solvers z3 --budget 4 --jobs 1 -t 3 --no-reduce --no-report --out "$d/camp"
    check "campaign --engines strings-sat=1,strings-unsat=1 runs the generator as engines" \
      eval '[ $code = 0 ] && [[ $out$err == *"engines strings-sat=1,strings-unsat=1"* ]] && [[ $out$err =~ [1-9][0-9]*\ mutants ]]'
  fi
}
