# group_basic.sh: the CLI group `basic` of run_cli_tests.sh (sourced there; uses its run, check,
# fail, $bin and $tmp): version, help, usage errors (uses the harness's $examples).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_basic() {
  # The release, and in a git checkout the commit: "smtgrind 0.1.0 (git 75bada7-dirty)".
  run "$bin" --version
  local release='[0-9]+\.[0-9]+\.[0-9]+'
  [ -z "${SG_VERSION:-}" ] || release=${SG_VERSION//./\\.}
  check "--version prints 'smtgrind ${SG_VERSION:-X.Y.Z}', then '(git DESCRIBE)' in a git checkout" \
    eval '[ $code = 0 ] && [[ $out =~ ^smtgrind\ $release(\ \(git\ [A-Za-z0-9._+-]+\))?$ ]]'
  local version_out=$out
  run "$bin" version
  check "version = --version" test "$code:$out" = "0:$version_out"
  run "$bin" version extra
  check "version with an argument: exit 2" eval '[ $code = 2 ] && [ -z "$out" ]'

  run "$bin" help
  local help_out=$out
  check "help exits 0" test "$code" = 0
  check "help lists parse" grep -qE '^  parse +[a-z]' "$out_file"
  check "help lists print" grep -qE '^  print +[a-z]' "$out_file"
  check "help lists help" grep -qE '^  help +[a-z]' "$out_file"
  check "help mentions the exit codes" grep -q '10 solver bug found' "$out_file"
  check "help lists enum once (a subcommand that is also an engine), with its wider use" \
    eval '[ "$(grep -cE "^  enum " "$out_file")" = 1 ] && grep -qE "^  enum +grammar-based enumeration \(ET\): counts" "$out_file"'

  run "$bin" --help
  check "--help is help" test "$code:$out" = "0:$help_out"

  local c
  for c in parse print help; do
    run "$bin" "$c" --help
    check "$c --help prints its usage" eval '[ $code = 0 ] && [[ $out == "usage: smtgrind $c"* ]]'
    local usage=$out
    run "$bin" help "$c"
    check "help $c = $c --help" test "$code:$out" = "0:$usage"
  done

  run "$bin"
  check "no subcommand: exit 2 and usage on stderr" \
    eval '[ $code = 2 ] && [ -z "$out" ] && [[ $err == "usage: smtgrind"* ]]'
  run "$bin" frobnicate
  check "unknown subcommand: exit 2" \
    eval '[ $code = 2 ] && [[ $err == "smtgrind: error: unknown subcommand '"'frobnicate'"'"* ]]'
  run "$bin" --frobnicate
  check "unknown global option: exit 2" test "$code" = 2
  run "$bin" help frobnicate
  check "help of an unknown subcommand: exit 2" test "$code" = 2
  run "$bin" parse --bogus "${examples[0]}"
  check "parse --bogus: exit 2 naming the option" \
    eval '[ $code = 2 ] && [[ $err == *"unknown option '"'--bogus'"'"* ]] && [ -z "$out" ]'
  run "$bin" parse
  check "parse without files: exit 2" test "$code" = 2
  run "$bin" opfuzz --index "$tmp/no-such-index.tsv" --solvers z3 --budget 1 --out "$tmp/ix" "${examples[0]}"
  check "--index naming a file that is not there: exit 2 naming it (was silently unlabelled)" \
    eval '[ $code = 2 ] && [[ $err == *"no-such-index.tsv: error: cannot read the seed index"* ]]'
  run "$bin" campaign --index "$tmp/no-such-index.tsv" --budget 1 --out "$tmp/ixc" examples
  check "campaign --index naming a file that is not there: exit 2 before a campaign directory is made" \
    eval '[ $code = 2 ] && [[ $err == *"--index: cannot read"*"no-such-index.tsv"* ]] && [ ! -e "$tmp/ixc" ]'
  mkdir -p "$tmp/ixd" && cp "${examples[0]}" "$tmp/ixd/a.smt2"
  printf 'path\tlogic\tstatus\na.smt2\tQF_LIA\tSAT\nmissing.smt2\tQF_LIA\tsat\nshort\n' > "$tmp/ixd/INDEX.tsv"
  run "$bin" opfuzz --solvers z3 --budget 1 --out "$tmp/ix2" "$tmp/ixd"
  check "an INDEX.tsv row with status SAT, a missing file, two columns: each warned of with INDEX:LINE" \
    eval '[[ $err == *"INDEX.tsv:2: warning: the status is not sat, unsat, unknown or -; row skipped"* ]] && [[ $err == *"INDEX.tsv:3: warning: the file is not there; row skipped"* ]] && [[ $err == *"INDEX.tsv:4: warning: expected PATH<TAB>LOGIC<TAB>STATUS; row skipped"* ]]'
  cp tests/parse/unknown_symbol.smt2 "$tmp/-dash.smt2"
  local abs_bin
  abs_bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
  (cd "$tmp" && run "$abs_bin" parse -- -dash.smt2 && echo "$code" > "$tmp/dash.code")
  check "parse -- -FILE parses the file named with a dash (an error here: exit 2)" test "$(cat "$tmp/dash.code")" = 2
  # A value attached as getopt and argparse take it ("--count=2", "-j1"), in every command.
  run "$bin" enum ints --print --from 3 --count 2
  local spaced=$out
  run "$bin" enum ints --print --from=3 --count=2
  check "enum --print --from=3 --count=2 = --from 3 --count 2" eval '[ $code = 0 ] && [ "$out" = "$spaced" ] && [ -n "$out" ]'
  run "$bin" gen bv --status sat --count 2 --seed 5 --out "$tmp/att-a" -q
  run "$bin" gen bv --status=sat --count=2 --seed=5 --out="$tmp/att-b" -q
  check "gen --count=2 --seed=5 --out=DIR writes what the spaced form writes" \
    eval '[ $code = 0 ] && [ "$(ls "$tmp/att-b" | wc -l)" = 2 ] && diff -r "$tmp/att-a" "$tmp/att-b" >/dev/null'
  run "$bin" reduce -j0 x.smt2 y.smt2
  check "reduce -j0: the attached value is read and refused, naming -j" eval '[ $code = 2 ] && [[ $err == *"-j needs"*"got '"'0'"'"* ]]'
  run "$bin" opfuzz --seed=x --solvers z3 "${examples[0]}"
  check "opfuzz --seed=x: refused naming --seed and the value" eval '[ $code = 2 ] && [[ $err == *"--seed needs"*"got '"'x'"'"* ]]'
  run "$bin" opfuzz --no-sessions=1 --solvers z3 "${examples[0]}"
  check "opfuzz --no-sessions=1: a switch takes no value" eval '[ $code = 2 ] && [[ $err == *"--no-sessions takes no value, got '"'1'"'"* ]]'
  run "$bin" merge "-o"
  check "merge -o without a value: exit 2" eval '[ $code = 2 ] && [[ $err == *"-o needs a value"* ]]'
  run "$bin" print
  check "print without a file: exit 2" test "$code" = 2
  run "$bin" print "${examples[0]}" "${examples[1]}"
  check "print with two files: exit 2" eval '[ $code = 2 ] && [ -z "$out" ]'
}
