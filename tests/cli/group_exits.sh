# group_exits.sh: the CLI group `exits` of run_cli_tests.sh (sourced there) (issue 48): one
# exit-code rule for every subcommand (interrupted = 128 + the signal, whatever was found:
# SIGINT 130, SIGTERM 143), what an interrupted campaign leaves (no empty slice directory, even
# after two Ctrl-C; --resume goes on), a second session on a running campaign refused before it
# says or does anything, output paths checked before any solver runs (reduce, campaign,
# merge, report, the engines' --out), merge refusing a directory of other files, report -o -.
# Each long-running subcommand gets its signal mid-work: a solver of ours (fake_solver
# slow_s with a number no other group uses) is running when it comes.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
ex_slow=7.31 # fake_solver's seconds per run: what marks our solver processes

# ex_solver_running: a fake_solver slow_s $ex_slow of ours is running.
ex_solver_running() { pgrep -f "^[^ ]*fake_solver slow_s $ex_slow" >/dev/null 2>&1; }

# ex_signal SIGS WAIT CMD...: run CMD in the background (its own stdout/stderr files; SIGINT
# and SIGTERM at their defaults, as from a terminal: a non-interactive shell starts background
# commands with SIGINT ignored), wait up to 20 s until `eval WAIT` is true, send each signal of
# SIGS (e.g. "INT" or "INT INT") to it, wait for it; $code, $out, $err as run sets them.
ex_signal() {
  local sigs=$1 cond=$2
  shift 2
  set +e
  env --default-signal=INT,TERM "$@" </dev/null >"$out_file" 2>"$err_file" &
  local pid=$! i=0
  while [ $i -lt 200 ] && ! eval "$cond" && kill -0 "$pid" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
  eval "$cond" || echo "group exits: the condition '$cond' never held for: $*" >>"$err_file"
  local s
  for s in $sigs; do kill -s "$s" "$pid" 2>/dev/null; sleep 0.05; done
  wait "$pid"
  code=$?
  set -e
  collect "$@"
}

# ex_empty_slices DIR: the empty slice directories under DIR/findings, counted.
ex_empty_slices() { find "$1/findings" -mindepth 1 -maxdepth 1 -type d -name 'w*-s*' -empty | wc -l | tr -d ' '; }

group_exits() {
  local d=$tmp/exits fake
  mkdir -p "$d"
  fake=$(cd "$(dirname "$bin")" && pwd)/fake_solver
  [ -x "$fake" ] || { fail "exits: fake_solver not built next to $bin"; return; }
  local slow="z3;$fake slow_s $ex_slow" seed=examples/qf_lia.smt2 absbin
  absbin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
  grep -v ':status' "$seed" >"$d/unlabelled.smt2"
  local running='ex_solver_running'

  # 1. A campaign: SIGINT -> 130, SIGTERM -> 143 (before: 0, or 10 with findings); what was
  # found stays, and no empty slice directory is left, after one Ctrl-C or two.
  local c=$d/camp
  local -a camp=("$bin" campaign --solvers "$slow" --engines opfuzz -t 20 --budget 300 -j 2 --seed 3 --log --no-report --no-reduce)
  ex_signal INT "$running"' && [ -d "$c/findings/w00-s00000" ]' "${camp[@]}" --out "$c" "$seed"
  check "campaign: SIGINT mid-run exits 130 (summary written, how to continue said)" \
    eval '[ $code = 130 ] && [[ $err == *"campaign $c (interrupted): "* ]] && [[ $out == *"continue with: smtgrind campaign --resume $c"* ]]'
  check "campaign: no empty slice directory after one SIGINT" eval '[ "$(ex_empty_slices "$c")" = 0 ]'
  ex_signal TERM "$running"' && grep -q "(resumed)" "$err_file"' "$bin" campaign --resume "$c" --log
  check "campaign --resume: SIGTERM mid-run exits 143" eval '[ $code = 143 ] && [[ $err == *"(interrupted): "* ]]'
  ex_signal "INT INT" "$running"' && grep -q "(resumed)" "$err_file"' "$bin" campaign --resume "$c" --log
  check "campaign: two SIGINTs in quick succession exit 130 (the workers killed)" eval '[ $code = 130 ]'
  check "campaign: no empty slice directory after two SIGINTs (slice directories there: $(ls "$c/findings" | tr '\n' ' '))" \
    eval '[ "$(ex_empty_slices "$c")" = 0 ]'
  mkdir -p "$c/findings/w09-s00009" && echo keep >"$c/findings/w09-s00009/note.txt"
  run "$bin" campaign --resume "$c" --budget 1 --log
  check "campaign --resume after the interrupts still works; a slice directory that holds a file is kept" \
    eval '{ [ $code = 0 ] || [ $code = 10 ]; } && [[ $err == *"campaign $c (resumed): "* ]] && [ -f "$c/findings/w09-s00009/note.txt" ] && [ "$(ex_empty_slices "$c")" = 0 ]'

  # 3. A second session on the running one's --out: refused (exit 2, the holder's pid) before
  # it says or does anything.
  local live=$d/live
  env --default-signal=INT,TERM "${camp[@]}" --out "$live" "$seed" </dev/null >"$d/live.out" 2>"$d/live.err" &
  local lpid=$! i=0
  while [ $i -lt 200 ] && ! { ex_solver_running && [ -f "$live/campaign.db" ]; }; do sleep 0.1; i=$((i + 1)); done
  run "${camp[@]}" --out "$live" "$seed"
  check "campaign on a running campaign's --out: refused at once (exit 2, which pid holds it), nothing said before" \
    eval '[ $code = 2 ] && [ "$err" = "campaign: error: $live: another session (a campaign or a merge) holds this directory (pid $lpid)" ] && [ -z "$out" ]'
  run "$bin" campaign --resume "$live" --log
  check "campaign --resume of a running campaign: refused the same way" \
    eval '[ $code = 2 ] && [ "$err" = "campaign: error: $live: another session (a campaign or a merge) holds this directory (pid $lpid)" ]'
  kill -s INT "$lpid" 2>/dev/null
  set +e; wait "$lpid"; code=$?; set -e
  check "the running campaign, interrupted by kill -INT PID, exits 130" eval '[ $code = 130 ]'

  # The engines, reduce, check, label, gen: SIGINT mid-run -> 130.
  local e
  for e in opfuzz typefuzz janus sae; do
    ex_signal INT "$running" "$bin" "$e" --solvers "$slow" -t 20 --budget 300 --seed 1 --out "$d/$e" "$seed"
    check "$e: SIGINT mid-run exits 130" eval '[ $code = 130 ]'
  done
  ex_signal INT "$running" "$bin" fuse -o sat --solvers "$slow" -t 20 --budget 300 --seed 1 --out "$d/fuse" "$seed" "$seed"
  check "fuse: SIGINT mid-run exits 130" eval '[ $code = 130 ]'
  for e in strings bv fp; do
    ex_signal INT "$running" "$bin" "$e" --solvers "$slow" -t 20 --budget 300 --seed 1 --out "$d/$e"
    check "$e: SIGINT mid-run exits 130" eval '[ $code = 130 ]'
  done
  ex_signal TERM "$running" "$bin" opfuzz --solvers "$slow" -t 20 --budget 300 --seed 1 --out "$d/opfuzz" "$seed"
  check "opfuzz: SIGTERM mid-run exits 143" eval '[ $code = 143 ]'
  printf 'start ::= "(declare-const a Bool)" "(assert" b ")" "(check-sat)"\nb ::= "true" | "a"\n' >"$d/sat.bnf"
  ex_signal INT "$running" "$bin" enum "$d/sat.bnf" --solvers "$slow" -t 20 --reference z3 --no-sessions --out "$d/enum"
  check "enum: SIGINT mid-run exits 130" eval '[ $code = 130 ]'
  ex_signal INT "$running" "$bin" check --solvers "$slow" -t 20 "$seed"
  check "check on a slow solver: SIGINT mid-run exits 130" eval '[ $code = 130 ]'
  ex_signal INT "$running" "$bin" label --solvers "$slow" -t 20 --out "$d/index.tsv" "$seed"
  check "label: SIGINT mid-run exits 130" eval '[ $code = 130 ] && [ ! -e "$d/index.tsv" ]'
  ex_signal INT '[ -n "$(ls "$d/gen" 2>/dev/null)" ]' "$bin" gen bv --status sat --count 100000000 --out "$d/gen" --seed 1
  check "gen: SIGINT mid-run exits 130" eval '[ $code = 130 ]'
  ex_signal INT "$running"' && grep -q "keeping" "$err_file"' "$bin" reduce -j 1 "$seed" "$d/reduced.smt2" -- "$fake" slow_s "$ex_slow"
  check "reduce: SIGINT mid-run exits 130" eval '[ $code = 130 ]'

  # 4. Output paths before any work: exit 2 naming the path, no solver run (the solver would
  # take $ex_slow s: the refusal comes well before).
  local t0
  t0=$(date +%s)
  run "${camp[@]}" --engines fuse-sat --out /proc/self "$d/unlabelled.smt2"
  check "campaign --out /proc/self: refused before labelling (exit 2, the path named)" \
    eval '[ $code = 2 ] && [[ $err == "smtgrind campaign: error: output directory /proc/self: "* ]] && [[ $err != *labell* ]]'
  run "$bin" opfuzz --solvers "$slow" -t 20 --budget 30 --out /proc/self/sub "$seed"
  check "opfuzz --out /proc/self/sub: refused before any solver runs (exit 2)" \
    eval '[ $code = 2 ] && [[ $err == "smtgrind opfuzz: error: output directory /proc/self/sub: "* ]]'
  run "$bin" reduce -j 1 "$seed" /proc/x.smt2 -- "$fake" slow_s "$ex_slow"
  check "reduce IN /proc/x.smt2: refused before the golden run (exit 2)" \
    eval '[ $code = 2 ] && [[ $err == "smtgrind reduce: error: output file /proc/x.smt2: "* ]] && [[ $err != *golden* ]]'
  run "$bin" merge --out /proc/self "$c"
  check "merge --out /proc/self: refused (exit 2, the path named)" \
    eval '[ $code = 2 ] && [[ $err == "smtgrind merge: error: output directory /proc/self: "* ]]'
  run "$bin" report -o /proc/self/report.html "$c"
  check "report -o /proc/self/report.html: refused (exit 2, the path named)" \
    eval '[ $code = 2 ] && [[ $err == "smtgrind report: error: output file /proc/self/report.html: "* ]]'
  check "the refusals took no solver's time" eval '[ $(( $(date +%s) - t0 )) -lt 7 ]'

  # 5. merge --out into a directory of other files: refused; an empty one or an earlier merge
  # is merged into.
  mkdir -p "$d/notes" && echo hi >"$d/notes/notes.txt"
  run "$bin" merge --out "$d/notes" "$c"
  check "merge --out DIR holding other files: refused (exit 2, why), nothing written there" \
    eval '[ $code = 2 ] && [[ $err == *"$d/notes holds files that are not a campaign'"'"'s (notes.txt, and no campaign.db)"* ]] && [ "$(ls "$d/notes")" = notes.txt ]'
  mkdir -p "$d/empty"
  run "$bin" merge --out "$d/empty" "$c"
  check "merge --out an empty directory: merged" eval '[ $code = 0 ] && [ -f "$d/empty/campaign.db" ]'
  run "$bin" merge --out "$d/empty" "$c"
  check "merge --out an earlier merge: merged again" eval '[ $code = 0 ]'

  # 6. report -o -: the HTML on standard output, no file named '-'.
  (cd "$d" && run "$absbin" report -o - "$c" && printf '%s\n' "$code" >"$d/report.code")
  check "report -o -: the report on stdout, no file '-'" \
    eval '[ "$(cat "$d/report.code")" = 0 ] && head -c 200 "$out_file" | grep -qi "<!doctype html" && [ ! -e "$d/-" ]'
}
