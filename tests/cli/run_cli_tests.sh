#!/usr/bin/env bash
# run_cli_tests.sh: end-to-end tests of the smtgrind binary (registered with ctest as cli_*).
#
#   bash tests/cli/run_cli_tests.sh BINARY [GROUP...] [--update]
#
# Run from the source directory. GROUPs: basic parse print golden deep big check fuzz campaign reduce
# janus supervise genstr genbvfp cluster options npmz3 enum release triage exits flood names repro witness
# semopts validate
# (default: all; supervise_envi, a part of supervise, runs alone too).
# --update rewrites tests/parse/*.expected from BINARY's current messages (see
# tests/parse/README.md); check the diff before committing. Exit status 0 when every check
# passed, 1 otherwise.
# Checks are single-quoted strings that `check` evals later, so their $ must not expand early
# (SC2016), and variables used only inside them look unused (SC2034).
# shellcheck disable=SC2016,SC2034
set -euo pipefail

if [ $# -lt 1 ] || [ ! -x "$1" ]; then
  echo "usage: run_cli_tests.sh BINARY [basic|parse|print|golden|deep|big|check|fuzz|campaign|reduce|supervise|supervise_envi|genstr|genbvfp|cluster|options|npmz3|enum|release|triage|exits|flood|names|repro|witness|semopts|validate]... [--update]" >&2
  exit 2
fi
bin=$1
shift
update=0
groups=()
for a in "$@"; do
  case "$a" in
    --update) update=1 ;;
    basic|parse|print|golden|deep|big|check|fuzz|campaign|reduce|janus|supervise|supervise_envi|genstr|genbvfp|cluster|options|npmz3|enum|release|triage|exits|flood|names|repro|witness|semopts|validate) groups+=("$a") ;;
    *) echo "run_cli_tests.sh: unknown argument '$a'" >&2; exit 2 ;;
  esac
done
[ ${#groups[@]} -gt 0 ] || groups=(basic parse print golden deep big check fuzz campaign reduce janus supervise genstr genbvfp cluster options npmz3 enum release triage exits flood names repro witness semopts validate)

export LC_ALL=C
tmp=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-cli.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failures=0
checks=0

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# run [<STDIN_FILE] CMD...: run CMD with stdin from /dev/null (or the file given as "<FILE"),
# setting $code, $out (stdout) and $err (stderr); $out_file and $err_file keep the raw bytes.
out_file=$tmp/stdout
err_file=$tmp/stderr
run() {
  local in=/dev/null
  case "$1" in "<"*) in=${1#<}; shift ;; esac
  set +e
  "$@" <"$in" >"$out_file" 2>"$err_file"
  code=$?
  set -e
  collect "$@"
}

# collect CMD...: $out and $err from the files a run of CMD wrote; a sanitizer report fails.
collect() {
  out=$(cat "$out_file")
  err=$(cat "$err_file")
  if grep -q -e 'Sanitizer' -e 'runtime error:' "$err_file"; then
    fail "$*: sanitizer report:"; head -n 20 "$err_file" >&2
  fi
}

# check DESCRIPTION TEST...: count a check; report DESCRIPTION when TEST fails.
check() {
  local what=$1
  shift
  checks=$((checks + 1))
  if ! "$@"; then
    fail "$what (exit $code)"
    [ -z "$out" ] || printf '  stdout: %s\n' "$(head -n 5 <<<"$out")" >&2
    [ -z "$err" ] || printf '  stderr: %s\n' "$(head -n 5 <<<"$err")" >&2
  fi
  return 0
}

first_err_line() { head -n 1 "$err_file"; }
lines() { if [ -z "$1" ]; then echo 0; else printf '%s\n' "$1" | wc -l | tr -d ' '; fi; }

# Commands of a file whose commands each start a line (true of examples/).
count_cmds() { grep -c '^(' "$1"; }
# Value of field NAME (NAME=value) in a parse ok line.
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }

summary_re='^parsed [0-9]+ files, [0-9]+ errors, [0-9]+ bytes in [0-9]+\.[0-9]{3} s \([0-9]+\.[0-9] MB/s\), peak RSS [0-9]+\.[0-9] MB$'

# The inputs of tests/parse/ that are valid SMT-LIB (checked for success, not a golden error).
valid_inputs=" empty.smt2 ext_cvc5.smt2 ext_z3.smt2 ext_fmf.smt2 "

examples=(examples/*.smt2)
# Files of the solvers' extension theories (cvc5's sets, bags, sequences, tuples, higher-order,
# transcendentals, separation logic; z3's legacy forms): printed like the examples.
ext_inputs=(tests/parse/ext_cvc5.smt2 tests/parse/ext_z3.smt2 tests/parse/ext_fmf.smt2)

# ---- basic: version, help, usage errors ----------------------------------------------------
group_basic() {
  run "$bin" --version
  if [ -n "${SG_VERSION:-}" ]; then
    check "--version prints 'smtgrind $SG_VERSION'" test "$code:$out" = "0:smtgrind $SG_VERSION"
  else
    check "--version prints 'smtgrind X.Y.Z'" \
      eval '[ $code = 0 ] && [[ $out =~ ^smtgrind\ [0-9]+\.[0-9]+\.[0-9]+$ ]]'
  fi

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

# ---- parse: ok lines, summary, directories, stdin, errors ------------------------------------
group_parse() {
  local n=${#examples[@]} total_bytes=0 f line
  check "there are examples to parse" test "$n" -ge 4
  for f in "${examples[@]}"; do total_bytes=$((total_bytes + $(wc -c <"$f"))); done

  # A let of many bindings (sorted, not scanned per binding): a name bound twice is still
  # named at its second binding; distinct names parse.
  python3 -c "print('(assert (let (' + ' '.join('(x%d true)' % (i if i != 70 else 3) for i in range(100)) + ') x5))')" > "$tmp/letd.smt2"
  python3 -c "print('(assert (let (' + ' '.join('(x%d true)' % i for i in range(5000)) + ') x5))')" > "$tmp/letok.smt2"
  run "$bin" parse "$tmp/letd.smt2"
  check "a let of 100 bindings with x3 twice: exit 2 at the second x3 (1:776)" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == *"letd.smt2:1:776: error: variable '"'x3'"' bound twice in one let" ]]'
  # Line ends LF, CR LF and a lone CR (old Mac files) give the same positions.
  printf '(declare-const a Int)\r(assert (= a b))\r' > "$tmp/cr.smt2"
  printf '(declare-const a Int)\r\n(assert (= a b))\r\n' > "$tmp/crlf.smt2"
  run "$bin" parse "$tmp/cr.smt2" "$tmp/crlf.smt2"
  check "a lone CR ends a line as LF and CR LF do (error at 2:14 in both)" \
    eval '[ $code = 2 ] && grep -q "cr.smt2:2:14: error" "$err_file" && grep -q "crlf.smt2:2:14: error" "$err_file"'
  run "$bin" parse "$tmp/letok.smt2"
  check "a let of 5,000 distinct bindings parses" eval '[ $code = 0 ] && [[ $out == *"letok.smt2: ok"* ]]'

  run "$bin" parse "${examples[@]}"
  local by_name=$out
  check "parse examples/*.smt2 exits 0" test "$code" = 0
  check "one ok line per example" test "$(lines "$out")" = "$n"
  check "summary line" eval '[[ $(tail -n 1 "$err_file") =~ $summary_re ]]'
  check "summary counts files, errors and bytes" \
    eval '[[ $(tail -n 1 "$err_file") == "parsed $n files, 0 errors, $total_bytes bytes in "* ]]'
  for f in "${examples[@]}"; do
    line=$(grep -F "$f: " "$out_file" || true)
    check "$f: ok line format" \
      eval '[[ $line =~ ^$f:\ ok\ logic=[A-Z_]+\ commands=[0-9]+\ terms=[0-9]+$ ]]'
    local logic
    logic=$(sed -n 's/^(set-logic \([A-Z_]*\)).*/\1/p' "$f")
    check "$f: logic=$logic" test "$(field logic "$line")" = "$logic"
    check "$f: commands=$(count_cmds "$f")" test "$(field commands "$line")" = "$(count_cmds "$f")"
    check "$f: terms > 0" test "$(field terms "$line")" -gt 0
  done

  run "$bin" parse examples/
  check "parse examples/ = parse examples/*.smt2 (sorted walk)" test "$code:$out" = "0:$by_name"

  run "<${examples[0]}" "$bin" parse -
  line=$(grep -F "${examples[0]}: " <<<"$by_name" || true)
  check "parse - reads stdin" test "$code:$out" = "0:<stdin>: ${line#"${examples[0]}: "}"

  run "$bin" parse --quiet "${examples[@]}"
  check "--quiet prints nothing on success" test "$code:$out:$err" = "0::"

  run "$bin" parse tests/parse/empty.smt2
  check "an empty file is a valid script" \
    eval '[ $code = 0 ] && [[ $out =~ ^tests/parse/empty\.smt2:\ ok\ logic=-\ commands=0\ terms=[0-9]+$ ]]'

  run "$bin" parse "${examples[0]}" tests/parse/unknown_symbol.smt2 "${examples[1]}"
  check "an error does not stop the files after it" \
    eval '[ $code = 2 ] && [ "$(lines "$out")" = 2 ] && [[ $out == *"${examples[1]}: ok"* ]]'
  check "the error line names the file and position" \
    eval '[[ $(first_err_line) =~ ^tests/parse/unknown_symbol\.smt2:[0-9]+:[0-9]+:\ error:\ . ]]'
  check "summary counts the error" \
    eval '[[ $(tail -n 1 "$err_file") == "parsed 3 files, 1 errors, "* ]]'

  run "$bin" parse --quiet "${examples[0]}" tests/parse/unknown_symbol.smt2
  check "--quiet prints only the error" \
    eval '[ $code = 2 ] && [ -z "$out" ] && [ "$(lines "$err")" = 1 ]'

  run "$bin" parse no/such/file.smt2
  check "missing file: exit 2, 'PATH: error: cannot open: ...'" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == "no/such/file.smt2: error: cannot open: "* ]]'

  mkdir -p "$tmp/none"
  run "$bin" parse "$tmp/none"
  check "directory without .smt2 files: exit 2" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == "$tmp/none: error: no .smt2 files"* ]]'

  # Recursive, sorted walk that ignores other files.
  mkdir -p "$tmp/tree/a/deeper" "$tmp/tree/c"
  cp "${examples[0]}" "$tmp/tree/b.smt2"
  cp "${examples[1]}" "$tmp/tree/a/z.smt2"
  cp "${examples[2]}" "$tmp/tree/a/deeper/y.smt2"
  cp "${examples[3]}" "$tmp/tree/c/notes.txt"
  run "$bin" parse "$tmp/tree/"
  check "directory walk: recursive, sorted, *.smt2 only" \
    test "$code:$(cut -d: -f1 "$out_file" | tr '\n' ' ')" \
    = "0:$tmp/tree/a/deeper/y.smt2 $tmp/tree/a/z.smt2 $tmp/tree/b.smt2 "
  run "$bin" parse ""
  check "'"''"': exit 2 naming the empty path" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == "'"''"': error: an empty path names no file" ]]'

  # (push N) costs memory bounded by the input, not by N (it took 3.9 GB for 10^9 before).
  printf '(declare-const a Int)\n(push 1000000000)\n(declare-const b Int)\n(assert (> b a))\n(push 1000000000)\n(pop 1000000001)\n(declare-const b Bool)\n(pop 999999999)\n(push 1000000000)\n(check-sat)\n' > "$tmp/push.smt2"
  run "$bin" parse "$tmp/push.smt2"
  local rss
  rss=$(sed -n 's/.*peak RSS \([0-9]*\)\..*/\1/p' "$err_file")
  check "(push 1000000000) twice: parses with a peak RSS under 32 MB" \
    eval '[ $code = 0 ] && [ -n "$rss" ] && [ "$rss" -lt 32 ]'
  printf '(push 3)\n(pop 1)\n(pop 3)\n' > "$tmp/pop.smt2"
  run "$bin" parse "$tmp/pop.smt2"
  check "(pop N) beyond the pushed levels: exit 2 at its position" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == "$tmp/pop.smt2:3:1: error: pop 3 exceeds the 2 pushed levels" ]]'
}

# ---- print: round trip, idempotence, streaming ---------------------------------------------
group_print() {
  local f p1 p2 ok1 ok2
  for f in "${examples[@]}" "${ext_inputs[@]}"; do
    p1=$tmp/p1.smt2
    p2=$tmp/p2.smt2
    run "$bin" print "$f"
    check "print $f exits 0" eval '[ $code = 0 ] && [ -z "$err" ]'
    cp "$out_file" "$p1"
    run "$bin" parse "$f"
    ok1=${out#"$f: "}
    run "$bin" parse "$p1"
    ok2=${out#"$p1: "}
    check "print $f re-parses to the same logic, commands and terms" \
      test "$code:$ok2" = "0:$ok1"
    run "$bin" print "$p1"
    cp "$out_file" "$p2"
    check "print is idempotent on $f" cmp -s "$p1" "$p2"
    run "$bin" print --expand "$f"
    cp "$out_file" "$p2"
    run "$bin" parse "$p2"
    check "print --expand $f re-parses to the same logic, commands and terms" \
      test "$code:${out#"$p2: "}" = "0:$ok1"
    run "<$f" "$bin" print -
    check "print - reads stdin" eval '[ $code = 0 ] && cmp -s "$out_file" "$p1"'
  done

  # The printer keeps each dialect: the solver of each extension file accepts what we print.
  if command -v cvc5 >/dev/null; then
    run "$bin" print tests/parse/ext_cvc5.smt2
    cp "$out_file" "$tmp/ext_cvc5.smt2"
    run cvc5 -q --sets-ext --strings-exp "$tmp/ext_cvc5.smt2"
    check "cvc5 accepts the printed cvc5 extensions" eval '[ $code = 0 ] && [[ $out != *"(error"* ]] && [[ $out == unsat ]]'
  fi
  if command -v z3 >/dev/null; then
    run "$bin" print tests/parse/ext_z3.smt2
    cp "$out_file" "$tmp/ext_z3.smt2"
    run z3 "$tmp/ext_z3.smt2"
    check "z3 accepts the printed z3 extensions" eval '[ $code = 0 ] && [[ $out != *"(error"* ]]'
  fi

  f=tests/parse/unbalanced_close.smt2
  run "$bin" print "$f"
  cp "$out_file" "$tmp/partial.smt2"
  check "print: the error line names the file and position" \
    eval '[ $code = 2 ] && [[ $(first_err_line) =~ ^tests/parse/unbalanced_close\.smt2:3:[0-9]+:\ error:\ . ]]'
  run "$bin" parse "$tmp/partial.smt2"
  check "print streams: the 3 commands before the error were printed" \
    eval '[ $code = 0 ] && [[ $out == *" commands=3 "* ]]'

  run "$bin" print examples
  check "print of a directory: exit 2" eval '[ $code = 2 ] && [ -z "$out" ]'
  run "$bin" print tests/parse/empty.smt2
  check "print of an empty file prints nothing" test "$code:$out:$err" = "0::"
}

# ---- golden: tests/parse/<defect>.smt2 + .expected ------------------------------------------
group_golden() {
  local f exp want got
  for f in tests/parse/*.smt2; do
    case "$valid_inputs" in *" ${f##*/} "*) continue ;; esac
    exp=${f%.smt2}.expected
    run "$bin" parse "$f"
    got=$(first_err_line)
    if [ "$update" = 1 ]; then
      [ "$code" = 2 ] || fail "$f: exit $code, expected 2 (writing its .expected anyway)"
      printf '%s\n' "$got" >"$exp"
      echo "updated $exp: $got" >&2
      continue
    fi
    if [ ! -f "$exp" ]; then
      fail "$f: no $exp (write it, or run with --update)"
      continue
    fi
    want=$(head -n 1 "$exp")
    check "$f: exit 2" test "$code" = 2
    check "$f: parse error line" test "$got" = "$want"
    [ "$got" = "$want" ] || printf '  want: %s\n  got:  %s\n' "$want" "$got" >&2
    if grep -q '^GUESS' "$exp"; then
      echo "note: $exp is still a guess; regenerate it with --update" >&2
    fi
    run "$bin" print "$f"
    check "$f: print reports the same error" test "$code:$(first_err_line)" = "2:$want"
  done
}

# ---- deep: nesting within and beyond SG_LIMIT_DEPTH ------------------------------------------
# nest N FILE: (set-logic QF_UF) then (assert (not (not ... true))) with N nested `not`s.
nest() {
  awk -v n="$1" 'BEGIN { printf "(set-logic QF_UF)\n(assert ";
                         for (i = 0; i < n; i++) printf "(not ";
                         printf "true"; for (i = 0; i < n; i++) printf ")"; print ")" }' >"$2"
}

group_deep() {
  local f=$tmp/deep.smt2
  nest 1000000 "$f"
  run "$bin" parse "$f"
  check "10^6 nested parentheses: exit 2 with a limit error, not a crash" \
    eval '[ $code = 2 ] && [[ $(first_err_line) =~ ^$f:2:[0-9]+:\ error:\ .*nesting\ deeper\ than ]]'
  run "$bin" print "$f"
  check "print of 10^6 nested parentheses: exit 2 with a limit error" \
    eval '[ $code = 2 ] && [ "$out" = "(set-logic QF_UF)" ] && [[ $(first_err_line) == *"nesting deeper than"* ]]'

  # Deep but within the limit: must parse and print without recursion on the depth.
  f=$tmp/deep_ok.smt2
  nest 50000 "$f"
  run "$bin" parse "$f"
  check "50,000 nested 'not's parse" \
    eval '[ $code = 0 ] && [[ $out == "$f: ok logic=QF_UF commands=2 terms="* ]]'
  run "$bin" print "$f"
  cp "$out_file" "$tmp/deep_ok_printed.smt2"
  check "50,000 nested 'not's print" eval '[ $code = 0 ] && [ -z "$err" ]'
  run "$bin" parse "$tmp/deep_ok_printed.smt2"
  check "the printed 50,000-deep term re-parses" test "$code" = 0
}

# ---- big: a 100 MB script streams in bounded memory ------------------------------------------
group_big() {
  local f=$tmp/big.smt2
  awk 'BEGIN { print "(set-logic QF_LIA)";
               for (v = 0; v < 10; v++) printf "(declare-const x%d Int)\n", v;
               size = 0;
               for (i = 0; size < 104857600; i++) {
                 s = sprintf("(assert (or (< (+ x%d (* %d x%d)) %d) (= x%d (- %d))))", i % 10,
                             (i * 7919) % 1000000007, (i + 3) % 10, i * 13, (i + 1) % 10, i);
                 print s; size += length(s) + 1 }
               print "(check-sat)" }' >"$f"
  run "$bin" parse "$f"
  local rss
  rss=$(sed -n 's/.*peak RSS \([0-9.]*\) MB.*/\1/p' <<<"$err")
  echo "big: $(sed -n 's/^parsed //p' <<<"$err")" >&2
  check "a 100 MB script parses" eval '[ $code = 0 ] && [[ $out == "$f: ok logic=QF_LIA commands="* ]]'
  check "a 100 MB script parses in under 64 MB of memory (peak RSS ${rss:-?} MB)" \
    eval '[ -n "$rss" ] && awk -v r="$rss" "BEGIN { exit !(r < 64) }"'
  rm -f "$f"
}

# ---- check and label: verdicts and exit codes with real and fake solvers ----------------------
group_check() {
  local fake
  fake=$(dirname "$bin")/fake_solver
  [ -x "$fake" ] || { fail "fake_solver not built next to $bin"; return; }
  run "$bin" check examples/qf_lia.smt2
  check "check: z3 and cvc5 agree, models valid: exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: ok"* ]] && [ "$(grep -c "model valid" <<<"$out")" = 2 ]'
  run "$bin" check --solvers "z3;$fake unsat" examples/qf_lia.smt2
  check "check: a solver saying unsat against z3's valid model is blamed: exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: soundness: fake_solver answered unsat"* ]]'
  # An echo printing an answer word: z3 prints it bare, as if it answered; never run (a parse
  # error, and the text path refuses it too, also next to a command we cannot read).
  printf '(declare-const a Bool)\n(echo "unsat")\n(assert a)\n(check-sat)\n' > "$tmp/echo1.smt2"
  printf '(declare-const a Bool)\n(echo "unsat")\n(assert a)\n(check-sat)\n(frobnicate)\n' > "$tmp/echo2.smt2"
  run "$bin" check --solvers "z3;$fake sat" "$tmp/echo1.smt2" "$tmp/echo2.smt2"
  check "check: a file whose echo prints unsat is not run (exit 2, at the echo's line:col), no verdict" \
    eval '[ $code = 2 ] && [[ $err == *"echo1.smt2:2:7: error: echo prints an answer word"* ]] && [[ $err == *"echo2.smt2: the file echoes an answer word"*"not run"* ]] && [[ $out != *"verdict: soundness"* ]]'
  # The same through a quoted |echo| in a text our front end cannot read (z3 reads it as echo),
  # and a simplify that prints a constructor named sat (z3 and cvc5 print it bare).
  printf '(declare-const x (_ BitVec 8))(assert (= (bvsmod_i x x) x))(assert false)\n(|echo| "sat")\n(check-sat)\n' > "$tmp/echo3.smt2"
  printf '(declare-datatypes ((D 0)) (((sat) (other))))\n(declare-const b Bool)\n(assert (and b (not b)))\n(simplify sat)\n(check-sat)\n' > "$tmp/simp.smt2"
  run "$bin" check --solvers "z3;$fake unsat" "$tmp/echo3.smt2" "$tmp/simp.smt2"
  check "check: |echo| in an unreadable text, simplify of a constructor named sat: not run, exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"echo3.smt2: the file echoes an answer word"*"not run"* ]] && [[ $err == *"simp.smt2:4:2: error: simplify prints a term bare"* ]] && [[ $out != *"verdict: soundness"* ]]'
  # Text from the input that holds a solver's diagnostic words (a hostile review: false
  # crashes of z3 and cvc5): a string value or |symbol| in a model is data, not a crash; an
  # echo (z3 prints it without quotes) keeps the file from running.
  printf '(set-logic QF_S)\n(declare-fun s () String)\n(assert (= s "Fatal failure within ASSERTION VIOLATION"))\n(check-sat)\n(get-value (s))\n' > "$tmp/diag1.smt2"
  printf '(declare-fun |ERRORS SATISFYING ASSERTIONS WITH MODEL| () Int)\n(assert (> |ERRORS SATISFYING ASSERTIONS WITH MODEL| 0))\n(check-sat)\n(get-model)\n' > "$tmp/diag2.smt2"
  printf '(declare-const x Int)\n(echo "ASSERTION VIOLATION")\n(assert (> x 0))\n(check-sat)\n' > "$tmp/diag3.smt2"
  run "$bin" check --solvers "z3;cvc5" "$tmp/diag1.smt2" "$tmp/diag2.smt2"
  check "check: diagnostic words in a string value or a |symbol| of a model: both sat, models valid, exit 0" \
    eval '[ $code = 0 ] && [ "$(grep -c "verdict: ok" <<<"$out")" = 2 ] && [ "$(grep -c "model valid" <<<"$out")" = 4 ]'
  # A character beyond ASCII written as itself: z3 reads bytes (str.len of "é" is
  # 2), cvc5 rejects the file; its value is the solver's, never an invalid model.
  printf '(set-logic QF_SLIA)\n(declare-fun n () Int)\n(assert (= n (str.len "\303\251")))\n(check-sat)\n(get-model)\n' > "$tmp/utf8.smt2"
  run "$bin" check --solvers "z3;cvc5" "$tmp/utf8.smt2"
  check "check: a raw UTF-8 character in a string literal: z3's model undetermined, no finding, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"z3 "*"sat"*"model undetermined"* ]] && [[ $out == *"verdict: ok"* ]]'
  # A wrong (set-info :status unsat): cvc5 aborts before printing a model that contradicts it,
  # so the model run goes without the label, and the model is checked.
  printf '(set-info :status unsat)\n(set-logic QF_LIA)\n(declare-const x Int)\n(assert (> x 0))\n(check-sat)\n' > "$tmp/label.smt2"
  run "$bin" check --solvers "cvc5" "$tmp/label.smt2"
  check "check: a file labelled unsat that cvc5 finds sat: its model is read and valid" \
    eval '[ $code = 0 ] && [[ $out == *"cvc5 "*"sat"*"model valid"* ]]'
  run "$bin" check --solvers "z3;cvc5" "$tmp/diag3.smt2"
  check "check: an echo of z3's diagnostic text: z3 not run (cvc5 quotes its echo: run, sat), no finding" \
    eval '[ $code = 0 ] && [ "$(grep -c "skipped.*not run: an echo prints .ASSERTION VIOLATION." <<<"$out")" = 1 ] && [[ $out == *"cvc5 "*"sat"*"model valid"* ]] && [[ $out != *crash* ]]'
  # Only the rows of the solver count: "Assertion" (a generic word z3's own markers replace)
  # skips no one; "timeout" (z3's line) skips z3 only; a bare "|" echoed before an error
  # hides nothing (z3 rejects str.rev: a rejection, not a soundness finding).
  printf '(declare-const x Int)\n(echo "checking: Assertion 1")\n(assert (> x 0))\n(check-sat)\n' > "$tmp/diag4.smt2"
  printf '(declare-const x Int)\n(echo "timeout")\n(assert (> x 0))\n(check-sat)\n' > "$tmp/diag5.smt2"
  printf '(set-logic ALL)\n(echo "|")\n(declare-const s String)\n(assert (= s "A"))\n(assert (not (= s (str.rev s))))\n(check-sat)\n' > "$tmp/diag6.smt2"
  run "$bin" check --solvers "z3;cvc5;cvc4" "$tmp/diag4.smt2"
  check "check: an echo of a generic word: every solver runs" eval '[ $code = 0 ] && [[ $out != *skipped* ]] && [ "$(grep -c "model valid" <<<"$out")" = 3 ]'
  run "$bin" check --solvers "z3;cvc5;cvc4" "$tmp/diag5.smt2"
  check "check: an echo of \"timeout\": z3 skipped, cvc5 and cvc4 run" \
    eval '[ $code = 0 ] && [ "$(grep -c skipped <<<"$out")" = 1 ] && [[ $out == *"z3 "*skipped* ]]'
  run "$bin" check -t 5 --solvers "z3;cvc5" "$tmp/diag6.smt2"
  check "check: a bare | echoed before z3's error: z3 rejected, no finding (a second look: a false soundness)" \
    eval '[ $code = 0 ] && [[ $out == *"z3 "*"rejected"* ]] && [[ $out != *soundness* ]]'
  # 0x7f is ASCII: z3 prints \u{7f} raw in its model; the model is checked (valid).
  printf '(set-logic QF_SLIA)\n(declare-fun s () String)\n(assert (= s "a\\u{7f}"))\n(assert (= (str.len s) 2))\n(check-sat)\n' > "$tmp/del.smt2"
  run "$bin" check --solvers "z3" "$tmp/del.smt2"
  check "check: a model string holding 0x7f (z3 prints it raw) is checked: valid" \
    eval '[ $code = 0 ] && [[ $out == *"z3 "*"sat"*"model valid"* ]]'
  run "$bin" check --solvers "z3;$fake segv" examples/qf_lia.smt2
  check "check: a segfault is a crash: exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: crash"* ]]'
  run "$bin" check --solvers "z3;$fake hang" -t 1 examples/qf_lia.smt2
  check "check: a timeout is not a bug: exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"timeout"* ]] && [[ $out == *"verdict: ok"* ]]'
  run "$bin" check --solvers "z3;$fake error_then_sat" examples/qf_lia.smt2
  check "check: a rejection is not a bug: exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"rejected"* ]] && [[ $out == *"verdict: ok"* ]]'
  run "$bin" check tests/parse/unknown_symbol.smt2
  check "check: an invalid input file: exit 2 with its position" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == tests/parse/unknown_symbol.smt2:*:*": error: unknown symbol"* ]]'
  # A file our front end cannot read (z3's two-argument str.indexof): the solvers still run on
  # its text.
  local ext=tests/data/check/z3_ext.smt2
  run "$bin" check --solvers "z3;cvc5" "$ext"
  check "check on a file our front end rejects: the real solvers run (z3 sat, cvc5 rejects), exit 2 (no bug, unreadable)" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == "$ext:4:36: error: '"'"'str.indexof'"'"' expects 3 arguments, got 2 (our front end cannot read this file"* ]] && [[ $out == *"frontend: cannot read it: $ext:4:36"* ]] && grep -q "^  z3 *sat" <<<"$out" && grep -q "^  cvc5 *rejected" <<<"$out" && [[ $out == *"verdict: ok"* ]]'
  run "$bin" check --solvers "z3;cvc4" "$ext"
  check "check on a file our front end rejects: cvc4's rejection is not a bug, exit 2" \
    eval '[ $code = 2 ] && [[ $out == *"cvc4 "*"rejected"* ]] && [[ $out == *"verdict: ok"* ]]'
  run "$bin" check --solvers "z3;$fake segv" "$ext"
  check "check on a file our front end rejects: a crash is still a bug, exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: crash: fake_solver crashed"* ]]'
  run "$bin" check --solvers "z3;$fake unsat" "$ext"
  check "check on a file our front end rejects: differing answers are judged (no model to blame), exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: soundness"* ]] && [[ $out != *"model valid"* ]]'
  # A crash on the model run only (the script, then (get-model)) is a crash of the file, confirmed
  # by a second fresh run of that text; without models nothing asks for the model.
  run "$bin" check --solvers "$fake model_crash;z3" examples/qf_lia.smt2
  check "check: a solver that crashes only on (get-model) is blamed for a crash on the model run, exit 10" \
    eval '[ $code = 10 ] && [[ $out == *"verdict: crash: fake_solver crashed on the model run"*"SIGSEGV"* ]] && [[ $out == *"blamed: fake_solver"* ]] && grep -q "^  z3 .*model valid" <<<"$out"'
  run "$bin" check --no-models --solvers "$fake model_crash;z3" examples/qf_lia.smt2
  check "check --no-models: the same solver is never asked for a model, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: ok"* ]]'
  run "$bin" check --solvers "$fake model_crash;z3" examples/qf_lia.smt2
  local mrun
  mrun=$(sed -n '/^  model run:/,$p' <<<"$out")
  check "check: the model run that crashed is printed (its text, to run with the plain command)" \
    eval '[ "$(sed -n 2p <<<"$mrun")" = "    (set-option :produce-models true)" ] && [ "$(tail -n 1 <<<"$mrun")" = "    (get-model)" ] && ! grep -q ":status" <<<"$mrun"'
  # A first solver whose model-run crash does not repeat does not hide a later one whose does.
  ln -sf "$(cd "$(dirname "$fake")" && pwd)/fake_solver" "$tmp/fake2"
  rm -f "$tmp/mc-state"
  run "$bin" check --solvers "$fake model_crash_once $tmp/mc-state;$tmp/fake2 model_crash;z3" examples/qf_lia.smt2
  check "check: a flaky model-run crash of one solver, a repeatable one of the next: the next is blamed" \
    eval '[ $code = 10 ] && [[ $out == *"blamed: fake2"* ]] && [ -e "$tmp/mc-state" ]'
  # A solver without its own crash markers (a wrapper script): words such as Aborted or Exception
  # in the symbols of its model are the input's, no crash report.
  printf '#!/bin/sh\nexec z3 -smt2 "$@"\n' > "$tmp/myz3.sh"
  chmod +x "$tmp/myz3.sh"
  printf '(set-logic QF_LIA)\n(declare-fun isAborted () Int)\n(declare-fun Exception () Int)\n(assert (> isAborted Exception))\n(check-sat)\n' > "$tmp/words.smt2"
  run "$bin" check --solvers "$tmp/myz3.sh;z3" "$tmp/words.smt2"
  check "check: crash words in a generic solver's model symbols are no crash, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: ok"* ]] && grep -q "^  myz3.sh .*model valid" <<<"$out"'
  # ... and 4 MB of them are read once, not rescanned per word (6 minutes before: a hostile
  # review; the timeout turns that back into a failure).
  printf '#!/bin/sh\necho sat\nyes "((a isAborted) (b |Fatal failure within|))" | head -c 4000000\n' > "$tmp/words4m.sh"
  chmod +x "$tmp/words4m.sh"
  run timeout 60 "$bin" check --no-models --solvers "$tmp/words4m.sh" examples/qf_lia.smt2
  check "check: 4 MB of crash words inside a model's symbols and quoted data: no crash, within the timeout" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: ok"* ]]'
  # Issue 14: every solver is resolved and executable before anything runs.
  local sub
  for sub in check opfuzz campaign; do
    run "$bin" $sub --solvers "z3;cvc55" --out "$tmp/typo-$sub" examples/qf_lia.smt2
    [ $sub = check ] && run "$bin" check --solvers "z3;cvc55" examples/qf_lia.smt2
    check "$sub with a solver that is not installed: exit 2 naming it, nothing run" \
      eval '[ $code = 2 ] && [[ $err == *"solver '"'"'cvc55'"'"': not found in PATH"* ]] && [ ! -e "$tmp/typo-$sub/campaign.db" ]'
  done
  run "$bin" check --solvers "z3;/tmp" examples/qf_lia.smt2
  check "check with a directory as solver: exit 2, 'is a directory'" eval '[ $code = 2 ] && [[ $err == *"'"'"'/tmp'"'"': is a directory"* ]]'
  printf 'x' > "$tmp/noexec" && chmod 600 "$tmp/noexec"
  run "$bin" check --solvers "$tmp/noexec" examples/qf_lia.smt2
  check "check with a file that is not executable: exit 2" eval '[ $code = 2 ] && [[ $err == *"is not executable"* ]]'
  # Issue 14: a memory limit per solver run; a runaway solver ends as memout, not a crash.
  run timeout 60 "$bin" check --memout 64 --solvers "$fake eatmem" examples/qf_lia.smt2
  check "check --memout 64 against a solver that eats memory: memout, not a crash, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"fake_solver memout"* ]] && [[ $out == *"verdict: ok"* ]]'
  run timeout 60 "$bin" check --memout 64 --solvers "$fake eatmem_segv" examples/qf_lia.smt2
  check "check --memout 64 against one that segfaults when malloc fails (most of the limit resident): memout, exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"fake_solver memout"* ]] && [[ $out == *"verdict: ok"* ]]'
  run "$bin" check --memout lots examples/qf_lia.smt2
  check "check --memout with a bad value: exit 2" test "$code" = 2
  run timeout 60 "$bin" opfuzz --solvers "$fake eatmem" --memout 64 --seed 1 --mutants 2 -i 2 --out "$tmp/eat" examples/qf_lia.smt2
  check "opfuzz --memout 64 against a solver that eats memory: no finding, the header says the limit, every run a memout: said, exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"memout 64 MiB"* ]] && [[ $err == *"ran out of memory under --memout 64"* ]] && [ -z "$(ls "$tmp/eat")" ]'
  run "$bin" opfuzz --solvers z3 --seed 1 --mutants 1 -i 1 --out "$tmp/memdef" examples/qf_lia.smt2
  check "opfuzz without --memout: a default limit (a share of the machine's memory)" \
    eval '[ $code = 0 ] && [[ $err =~ memout\ [1-9][0-9]*\ MiB ]]'
  # Issue 14: nothing left behind. A solver that is a script starting children of its own.
  mkdir -p "$tmp/td"
  printf '#!/bin/sh\n"%s" hang "%s" &\n"%s" hang "%s"\n' "$(realpath "$fake")" "$tmp/kid" "$(realpath "$fake")" "$tmp/kid" > "$tmp/hang_kids.sh"
  chmod +x "$tmp/hang_kids.sh"
  run env TMPDIR="$tmp/td" timeout 2 "$bin" check -t 10 --solvers "$tmp/hang_kids.sh" examples/qf_lia.smt2
  sleep 0.3
  check "check killed by timeout(1): the solver script and its children are gone, no private directory left" \
    eval '[ $code = 124 ] && ! pgrep -f "$tmp/hang_kids.sh|$tmp/kid" >/dev/null && [ -z "$(ls "$tmp/td")" ]'
  local fpid t0
  set +e
  env TMPDIR="$tmp/td" "$bin" opfuzz --budget 600 --jobs 2 --solvers "$tmp/hang_kids.sh;z3" --out "$tmp/sig" examples/ >"$out_file" 2>"$err_file" &
  fpid=$!
  sleep 3
  t0=$SECONDS
  kill -TERM "$fpid"
  wait "$fpid"
  code=$?
  set -e
  sleep 0.3
  check "opfuzz --jobs 2 given SIGTERM: dies of it within seconds; no worker, solver or private directory left" \
    eval '[ $code = 143 ] && [ $((SECONDS - t0)) -lt 10 ] && ! pgrep -f "$tmp/hang_kids.sh|$tmp/kid" >/dev/null && ! pgrep -f "opfuzz --budget 600 --jobs 2 --solvers $tmp" >/dev/null && [ -z "$(ls "$tmp/td")" ]'
  # Its workers died of the signal before they could count their CPU: the last CPU line says
  # the split was not measured (it printed "smtgrind 0.00s, solvers 0.00s" before).
  check "opfuzz stopped by SIGTERM: the CPU line gives the parent's total and says the share was not measured" \
    eval '[[ $(grep "^CPU:" "$err_file") =~ ^CPU:\ smtgrind\ and\ its\ solvers\ [0-9]+\.[0-9]{2}s\ in\ all\;\ smtgrind.s\ share\ not\ measured\ \([12]\ of\ 2\ workers ]]'
  # Issue 15: seeds are labelled before the loop starts; a stop signal then still leaves
  # nothing behind (the engines and the campaign block the stop signals from the start).
  local lsub
  for lsub in sae campaign; do
    mkdir -p "$tmp/tdl-$lsub"
    if [ "$lsub" = sae ]; then
      run env TMPDIR="$tmp/tdl-$lsub" timeout 2 "$bin" sae -t 10 --solvers "$tmp/hang_kids.sh;z3" --out "$tmp/lab-$lsub" examples/qf_lia.smt2
    else
      run env TMPDIR="$tmp/tdl-$lsub" timeout 2 "$bin" campaign --engines sae -t 10 --solvers "$tmp/hang_kids.sh;z3" --log --out "$tmp/lab-$lsub" examples/qf_lia.smt2
    fi
    sleep 0.3
    check "$lsub killed by timeout(1) while labelling its seeds: no solver, child or private directory left" \
      eval '[ $code = 124 ] && [[ $err == *"labelling 1 unlabelled seed "* ]] && ! pgrep -f "$tmp/hang_kids.sh|$tmp/kid" >/dev/null && [ -z "$(ls "$tmp/tdl-$lsub")" ]'
  done
  t0=$SECONDS
  run "$bin" opfuzz --solvers "$fake hang" -t 20 --budget 2 --out "$tmp/budget" examples/qf_lia.smt2
  check "opfuzz --budget 2 with -t 20 and a hanging solver: ends within the budget plus a second or two" \
    eval '[ $code = 0 ] && [ $((SECONDS - t0)) -le 5 ]'
  # Issue 13 on the real solvers: blame, unspecified semantics, rejections.
  local od=tests/data/oracle
  if command -v cvc4 >/dev/null && command -v cvc5 >/dev/null; then
    run "$bin" check --solvers "z3;cvc5;cvc4" "$od/dt_forall.smt2"
    check "check: z3 and cvc5 unsat, cvc4 sat on a datatype forall: cvc4 is blamed by the majority, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: soundness: cvc4 answered sat on query 1; 2 of the 3 solvers that decided say unsat (majority)"* ]] && [[ $out == *"blamed: cvc4"* ]]'
    run "$bin" check --solvers "z3;cvc4" "$od/dt_forall.smt2"
    check "check: z3 against cvc4 with no model deciding: the referee (cvc5, installed, not under test) blames cvc4" \
      eval '[ $code = 10 ] && [[ $out == *"referee cvc5 answers unsat"* ]] && [[ $out == *"blamed: cvc4"* ]]'
    # A referee of the family of a solver that answered is no second opinion: with only z3 and
    # cvc4 installed, cvc4 under test as `cvc4-1.8` (a version of it) said sat; the referee cvc4
    # said sat too and blamed z3, although cvc4 is the wrong one (above).
    mkdir -p "$tmp/fam/bin"
    ln -sf "$(command -v z3)" "$tmp/fam/bin/z3"
    ln -sf "$(command -v cvc4)" "$tmp/fam/bin/cvc4"
    ln -sf "$(command -v cvc4)" "$tmp/fam/cvc4-1.8"
    run env PATH="$tmp/fam/bin" "$bin" check --solvers "z3;$tmp/fam/cvc4-1.8" "$od/dt_forall.smt2"
    check "check: a referee of the family of a solver under test (cvc4 for cvc4-1.8) is not asked: unattributed, not z3" \
      eval '[ $code = 10 ] && [[ $out == *"no model decides"* ]] && [[ $out != *"referee"* ]] && [[ $out == *"blamed: unattributed"* ]]'
    # Issue 47: every run shown wrong is blamed, each version of a solver (not one per family,
    # not just the first): by a validated model, by the majority, by the referee.
    ln -sf "$(cd "$(dirname "$fake")" && pwd)/fake_solver" "$tmp/fam/fake_solver-2.0"
    run "$bin" check --solvers "z3;$fake unsat;$tmp/fam/fake_solver-2.0 unsat" examples/qf_lia.smt2
    check "check: two runs of one family answering unsat against z3's valid model: both blamed, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: soundness: fake_solver answered unsat on query 1 but z3"?"s model satisfies"* ]] && [[ $out == *"blamed: fake_solver, fake_solver-2.0"* ]]'
    run "$bin" check --json --solvers "z3;$fake unsat;$tmp/fam/fake_solver-2.0 unsat" examples/qf_lia.smt2
    check "check --json: blamed lists both runs, in run order" \
      eval '[ $code = 10 ] && python3 -c "import json,sys; o=json.loads(sys.stdin.read()); assert o[\"blamed\"]==[\"fake_solver\", \"fake_solver-2.0\"], o[\"blamed\"]" <<<"$out"'
    printf '(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (> x 3))\n(assert (< x 2))\n(check-sat)\n' > "$tmp/unsat_lia.smt2"
    run "$bin" check --solvers "$fake sat;z3;cvc5;$tmp/fam/fake_solver-2.0 sat" "$tmp/unsat_lia.smt2"
    check "check: one family (two runs) saying sat against z3 and cvc5: the majority blames both runs, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"(majority)"* ]] && [[ $out == *"blamed: fake_solver, fake_solver-2.0"* ]]'
    run "$bin" check --solvers "cvc4;$tmp/fam/cvc4-1.8;z3" "$od/dt_forall.smt2"
    check "check: cvc4 and cvc4-1.8 sat, z3 unsat, no model decides: the referee (cvc5) blames both cvc4 runs, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"referee cvc5 answers unsat"* ]] && [[ $out == *"blamed: cvc4, cvc4-1.8"* ]]'
    run "$bin" check --solvers "z3;cvc5;cvc4" "$od/pow_zero_zero.smt2"
    check "check: (< 1.0 (^ 0.0 0.0)), z3 sat, cvc5 and cvc4 unsat: unspecified (0^0), not a bug, exit 0" \
      eval '[ $code = 0 ] && [[ $out == *"verdict: unspecified: "*"^ is a solver extension"* ]] && [[ $out != *"blamed"* ]]'
    run "$bin" check --solvers "z3;cvc5" "$od/pow_symbolic.smt2"
    check "check: cvc5's (error \"... POW(^) ... Exception occurred in ...\") is a rejection, not a crash, exit 0" \
      eval '[ $code = 0 ] && [[ $out == *"cvc5 "*"rejected"* ]] && [[ $out == *"verdict: ok"* ]]'
    # cvc4's own --check-models failing is judged on the model it gives without the check:
    # refuted, an invalid model; right (cos 0 = 1), its checker is wrong (a crash); x/0 under
    # cos, unspecified; without models, the failed check alone (docs/bugs.md 8.1).
    run "$bin" check --solvers "z3;cvc4" "$od/cos_model.smt2"
    check "check: cvc4's check fails and its model a = 0, b = 0 falsifies a = cos b: invalid model, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: invalid-model: cvc4"?"s own model check failed, and its model falsifies"* ]] && [[ $out == *"blamed: cvc4"* ]]'
    run "$bin" check --solvers "z3;cvc4" "$od/cos_checker.smt2"
    check "check: cvc4's check fails on a right model (b = 0 for cos b = 1), the one it examined (-v -v): a checker crash, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: crash: cvc4"?"s own model check failed on a model that satisfies every assertion (our evaluator, on the model the check examined)"* ]]'
    run "$bin" check --solvers "z3;cvc4" "$od/cos_div_zero.smt2"
    check "check: cvc4's check fails on b = cos (a/0): unspecified, nobody blamed, exit 0" \
      eval '[ $code = 0 ] && [[ $out == *"verdict: unspecified: cvc4"?"s own model check failed; our evaluator cannot decide"* ]] && [[ $out != *"blamed"* ]]'
    run "$bin" check --solvers "z3;cvc4 --check-models -q" "$od/cos_checker.smt2"
    check "check: with --check-models in the spec too, the run for the model drops it: a checker crash, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: crash: cvc4"?"s own model check failed on a model that satisfies every assertion"* ]]'
    # A failed own check with no model to judge (the model run without the check answers
    # unknown) stays an invalid model on the solver's word, even where a division could be by
    # zero. The plain run answers sat (the run that decides never has --check-models).
    mkdir -p "$tmp/fc"
    printf '#!/bin/sh\nfor a; do [ "$a" = --check-models ] && { echo sat; echo "ERRORS SATISFYING ASSERTIONS WITH MODEL" >&2; exit 134; }; f=$a; done\ngrep -q get-model "$f" && { echo unknown; exit 0; }\necho sat\n' > "$tmp/fc/cvc4"
    chmod +x "$tmp/fc/cvc4"
    printf '(set-logic QF_NRA)(declare-const x Real)(declare-const y Real)(assert (= y 2.0))(assert (> (/ x y) 1.0))(check-sat)\n' > "$tmp/fc.smt2"
    run "$bin" check --solvers "z3;$tmp/fc/cvc4" "$tmp/fc.smt2"
    check "check: a failed own check whose re-run gives no model is an invalid model, not unspecified, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: invalid-model: cvc4"?"s own model check failed: "* ]]'
    # The model its check examined decides, not the one a run without the check gives: this
    # fake cvc4 checks x = 0 (printed with -v -v, as cvc4 does) and fails; without the check it
    # gives x = 2, which is right. The check was right: an invalid model, not a checker crash.
    # Without -v's model (the second fake) the run without the check is all there is.
    mkdir -p "$tmp/fv" "$tmp/fw"
    printf '#!/bin/sh\nc=0 v=0\nfor a; do [ "$a" = --check-models ] && c=1; [ "$a" = -v ] && v=$((v+1)); done\nif [ $c = 1 ]; then [ $v -ge 2 ] && printf "SmtEngine::checkModel(): generating model\\n(model\\n(define-fun x () Real 0.0)\\n)\\n"; echo "Fatal failure within void CVC4::SmtEngine::checkModel(bool) at ./src/smt/smt_engine.cpp:2795" >&2; echo "ERRORS SATISFYING ASSERTIONS WITH MODEL:" >&2; exit 134; fi\necho sat; printf "(\\n(define-fun x () Real 2.0)\\n)\\n"\n' > "$tmp/fv/cvc4"
    sed 's/\[ $v -ge 2 \]/[ $v -ge 9 ]/' "$tmp/fv/cvc4" > "$tmp/fw/cvc4"
    chmod +x "$tmp/fv/cvc4" "$tmp/fw/cvc4"
    printf '(set-logic QF_LRA)(declare-const x Real)(assert (> x 1.0))(check-sat)\n' > "$tmp/fv.smt2"
    run "$bin" check --solvers "z3;$tmp/fv/cvc4" "$tmp/fv.smt2"
    check "check: a failed own check is judged on the model it examined (x = 0, printed by -v -v), not on the run without it (x = 2): invalid model, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: invalid-model: cvc4"?"s own model check failed, and its model falsifies an assertion (our evaluator, on the model the check examined)"* ]] && [[ $out == *"blamed: cvc4"* ]]'
    run "$bin" check --solvers "z3;$tmp/fw/cvc4" "$tmp/fv.smt2"
    check "check: a failed own check that prints no model is judged on the run without the check, and says so: checker crash, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: crash: cvc4"?"s own model check failed on a model that satisfies every assertion (our evaluator, on the model of a run without the check)"* ]]'
    # z3 goes on after its failed model_validate and answers (get-model) with the model it
    # rejected (z3 4.8.12 does, e.g. `smt.bv.eq_axioms=false` on z3 issue 6808's formula): that
    # model is judged. This fake rejects x = 0 and gives x = 2 without the check; the second
    # prints no model after the error, so the run without the check is judged.
    mkdir -p "$tmp/fz" "$tmp/fy"
    printf '#!/bin/sh\nc=0\nfor a; do [ "$a" = model_validate=true ] && c=1; f=$a; done\nif [ $c = 1 ]; then echo sat; echo "(error \\"line 1 column 70: an invalid model was generated\\")"; grep -q get-model "$f" && printf "(\\\\n  (define-fun x () Real\\\\n    0.0)\\\\n)\\\\n"; exit 0; fi\necho sat; grep -q get-model "$f" && printf "(\\\\n  (define-fun x () Real\\\\n    2.0)\\\\n)\\\\n"; exit 0\n' > "$tmp/fz/z3"
    sed 's/then echo sat; echo \(.*\)"; grep -q get-model "$f"/then echo sat; echo \1"; false/' "$tmp/fz/z3" > "$tmp/fy/z3"
    chmod +x "$tmp/fz/z3" "$tmp/fy/z3"
    run "$bin" check --solvers "$tmp/fz/z3;cvc5" "$tmp/fv.smt2"
    check "check: z3's failed model_validate is judged on its (get-model) answer after the error (x = 0): invalid model, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: invalid-model: z3"?"s own model check failed, and its model falsifies an assertion (our evaluator, on the model the check examined)"* ]] && [[ $out == *"blamed: z3"* ]]'
    run "$bin" check --solvers "$tmp/fy/z3;cvc5" "$tmp/fv.smt2"
    check "check: z3's failed model_validate with no model after the error: the run without the check (x = 2), a checker crash, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: crash: z3"?"s own model check failed on a model that satisfies every assertion (our evaluator, on the model of a run without the check)"* ]]'
    run "$bin" check --no-models --solvers "z3;cvc4" "$od/cos_checker.smt2"
    check "check --no-models: cvc4's failed check alone is an invalid model on its word, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: invalid-model: cvc4"?"s own model check failed: "* ]]'
    run "$bin" check --json --solvers "z3;cvc5;cvc4" "$od/dt_forall.smt2" "$od/pow_zero_zero.smt2"
    check "check --json: blamed [cvc4] on the datatype case, [] and verdict unspecified on 0^0" \
      python3 -c '
import json, sys
a, b = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()]
assert a["verdict"] == "soundness" and a["blamed"] == ["cvc4"], a
assert b["verdict"] == "unspecified" and b["blamed"] == [], b
' "$out_file"
  else
    echo "check: SKIPPED the three-solver blame checks: cvc4 or cvc5 missing" >&2
  fi
  run "$bin" check --solvers "z3;$fake unsat" "$od/pow_zero_zero.smt2"
  check "check: a disagreement no model decides on 0^0 is unspecified even against a liar (never a bug), exit 0" \
    eval '[ $code = 0 ] && [[ $out == *"verdict: unspecified"* ]]'
  run "$bin" fuse -o unsat --solvers "z3;cvc5" --seed 3 --mutants 6 --index "$od/wrong_labels.tsv" --out "$tmp/wl" "$od/sat1.smt2" "$od/sat2.smt2"
  check "fuse with wrong labels (sat seeds labelled unsat): z3's validated models beat the construction, no finding, the log says why" \
    eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 6 "*"soundness 0"* ]] && [ -z "$(ls "$tmp/wl")" ] && [[ $err == *"note: mutant "*"the expected status (unsat) is contradicted by z3'"'"'s model"* ]]'
  run "$bin" opfuzz --solvers "z3;$fake unsat" --seed 3 --mutants 4 --out "$tmp/uo" "$od/pow_zero_zero.smt2"
  check "opfuzz: disagreements on 0^0 are kept as unspecified pairs, counted apart, never a bug (exit 0)" \
    eval '[ $code = 0 ] && [ -n "$(ls "$tmp/uo")" ] && [ -z "$(ls "$tmp/uo" | grep -v "^unspecified-unattributed-")" ] && grep -q "\"kind\": \"unspecified\"" "$tmp"/uo/*.json && [[ $err == *"unspecified (not a bug): "* ]] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"soundness 0,"*"unspecified "[1-9]* ]]'
  printf '(check-sat)\000(push 1)\n' > "$tmp/nul.smt2"
  run timeout 60 "$bin" check --solvers z3 "$tmp/nul.smt2"
  check "check on a file with a NUL byte: z3 runs on it and rejects it, exit 2" \
    eval '[ $code = 2 ] && [[ $out == *"z3 "*"rejected"* ]] && [[ $out == *"verdict: ok"* ]]'
  run timeout 60 "$bin" check -t 1e-9 --solvers "$fake hang" examples/qf_lia.smt2
  check "check -t 1e-9 is a deadline, not none: the hanging solver times out" \
    eval '[ $code = 0 ] && [[ $out == *"timeout"* ]]'
  # --json: one object per file on stdout (JSON Lines)
  run "$bin" check --json --solvers "z3;$fake unsat" examples/qf_lia.smt2 "$ext" examples/qf_bv.smt2
  check "check --json: one JSON object per file with file, verdict, blamed, runs, frontend" \
    python3 -c '
import json, sys
lines = open(sys.argv[1]).read().splitlines()
o = [json.loads(l) for l in lines]
assert [x["file"] for x in o] == ["examples/qf_lia.smt2", sys.argv[2], "examples/qf_bv.smt2"], o
a, b, c = o
# qf_lia: z3 sat with a model our evaluator validates, the fake says unsat: the fake is blamed
assert a["frontend"] == "ok" and a["verdict"] == "soundness" and a["blamed"] == ["fake_solver"], a
z, f = a["runs"]
assert z["solver"] == "z3" and z["command"][0] == "z3" and z["command"][-1] == "examples/qf_lia.smt2", z
assert z["outcome"] == "ok" and z["answers"] == ["sat"] and z["model"] == "valid" and z["wall_s"] > 0, z
assert f["answers"] == ["unsat"] and f["model"] is None, f
# the z3-extension file: our front end error, runs without models, nobody blamed
assert b["frontend"].startswith(sys.argv[2] + ":4:36: error: \x27str.indexof\x27 expects 3 arguments"), b
assert b["verdict"] == "soundness" and b["blamed"] == [] and all(r["model"] is None for r in b["runs"]), b
# qf_bv: both unsat, no bug
assert c["verdict"] == "ok" and c["blamed"] == [] and [r["answers"] for r in c["runs"]] == [["unsat"], ["unsat"]], c
' "$out_file" "$ext"
  check "check --json: exit 10 (a bug was found)" test "$code" = 10
  run "$bin" check --json --solvers z3 "$tmp/nothere.smt2"
  check "check --json on a file that cannot be opened: an object with verdict not-run, exit 2" \
    eval '[ $code = 2 ] && python3 -c "import json,sys; o=json.loads(sys.stdin.read()); assert o[\"verdict\"]==\"not-run\" and o[\"runs\"]==[] and \"cannot open\" in o[\"frontend\"]" <<<"$out"'
  # An empty input set is an input error.
  mkdir -p "$tmp/emptydir/sub"
  touch "$tmp/emptydir/sub/notes.txt"
  run "$bin" check --solvers z3 "$tmp/emptydir"
  check "check on a directory without .smt2 files: exit 2 naming it" \
    eval '[ $code = 2 ] && [ -z "$out" ] && [[ $err == "$tmp/emptydir: error: no .smt2 files found in this directory" ]]'
  run "$bin" check --solvers z3 ""
  check "check on '"''"': exit 2 naming the empty path" \
    eval '[ $code = 2 ] && [ -z "$out" ] && [[ $err == "'"''"': error: an empty path names no file" ]]'
  run "$bin" label --solvers z3 --out "$tmp/index0.tsv" "$tmp/emptydir"
  check "label on an empty directory: exit 2, no index written" \
    eval '[ $code = 2 ] && [[ $err == *"$tmp/emptydir: error: no .smt2 files"* ]] && [ ! -e "$tmp/index0.tsv" ]'
  local e
  for e in opfuzz typefuzz sae janus fuse; do
    run "$bin" "$e" --solvers z3 --mutants 1 --out "$tmp/e-$e" "$tmp/emptydir"
    check "$e on an empty directory: exit 2 naming it" \
      eval '[ $code = 2 ] && [[ $err == *"$tmp/emptydir: error: no .smt2 files found in this directory"* ]]'
    run "$bin" "$e" --solvers z3 --mutants 1 --out "$tmp/e-$e" ""
    check "$e on '"''"': exit 2 naming the empty path" \
      eval '[ $code = 2 ] && [[ $err == *"'"''"': error: an empty path names no file"* ]]'
  done
  run "$bin" campaign --solvers z3 --budget 1 --out "$tmp/e-camp" "$tmp/emptydir"
  check "campaign on an empty directory: exit 2 naming it" \
    eval '[ $code = 2 ] && [[ $err == *"$tmp/emptydir: error: no .smt2 files found in this directory"* ]]'
  run "$bin" campaign --solvers z3 --budget 1 --out "$tmp/e-camp2" ""
  check "campaign on '"''"': exit 2 naming the empty path" \
    eval '[ $code = 2 ] && [[ $err == *"'"''"': error: an empty path names no file"* ]]'
  run "$bin" check --solvers "" examples/qf_lia.smt2
  check "check: an empty solver spec is a usage error" test "$code" = 2
  run "$bin" check --timeout -3 examples/qf_lia.smt2
  check "check: a negative timeout is a usage error" test "$code" = 2
  run "$bin" label --out "$tmp/index.tsv" examples/
  local rows
  rows=$(tail -n +2 "$tmp/index.tsv" 2>/dev/null | cut -f1,3 | tr '\t' ' ' | tr '\n' ';')
  check "label: every example labelled with its :status" \
    eval '[ $code = 0 ] && [ "$rows" = "examples/qf_bv.smt2 unsat;examples/qf_fp.smt2 sat;examples/qf_lia.smt2 sat;examples/qf_s.smt2 sat;" ]'
  run "$bin" label --solvers "z3;$fake unsat" --out "$tmp/index2.tsv" examples/qf_lia.smt2
  check "label: no consensus, file dropped" \
    eval '[ $code = 0 ] && [ "$(wc -l < "$tmp/index2.tsv")" = 1 ]'
  # A solver whose binary goes after its first run (the model run of the first file, the
  # first run of the second): said, exit 2; before, "verdict: ok" and exit 0.
  local f
  for f in sat model_crash; do
    printf '#!/bin/sh\nrm -f "$0"\nexec "%s" %s "$@"\n' "$(realpath "$fake")" "$f" > "$tmp/gone-$f"
    chmod +x "$tmp/gone-$f"
  done
  run "$bin" check --no-models --solvers "$tmp/gone-sat" examples/qf_lia.smt2 examples/qf_bv.smt2
  check "check: a solver that cannot be started on the second file: said, exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"qf_bv.smt2: error: solver gone-sat could not be started (cannot execute"* ]] && [[ $err != *qf_lia* ]]'
  run "$bin" check --solvers "$tmp/gone-model_crash" examples/qf_lia.smt2
  check "check: a model run that cannot be started: said, exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"solver gone-model_crash: its model run could not be started"* ]]'
  # No verdict rests on a run that never happened (a hostile review): z3 whose model run
  # cannot start was blamed by the two others' majority (exit 10); a referee that cannot
  # start left the disagreement to be written as unattributed.
  printf '#!/bin/sh\n/bin/rm -f "$0"\nexec z3 "$@"\n' > "$tmp/zgone"
  printf '#!/bin/sh\nexec "%s" unsat "$@"\n' "$(realpath "$fake")" > "$tmp/funsat"
  printf '#!/bin/sh\nexec "%s" sat "$@"\n' "$(realpath "$fake")" > "$tmp/fsat"
  cp "$tmp/funsat" "$tmp/other"
  chmod +x "$tmp/zgone" "$tmp/funsat" "$tmp/fsat" "$tmp/other"
  run "$bin" check -t 10 --solvers "$tmp/zgone;$tmp/funsat;$tmp/other" examples/qf_lia.smt2
  check "check: a solver whose model run cannot start is not blamed by the others' majority: not judged, exit 2" \
    eval '[ $code = 2 ] && [[ $out == *"verdict: not judged: solver zgone: its model run could not be started"* ]] && [[ $out != *blamed* ]]'
  mkdir -p "$tmp/refbin"
  printf '#!/bin/sh\n/bin/rm -f "$0"\nexec /usr/bin/z3 "$@"\n' > "$tmp/refbin/z3"
  chmod +x "$tmp/refbin/z3"
  run env PATH="$tmp/refbin" "$bin" check --no-models --solvers "$tmp/fsat;$tmp/funsat" examples/qf_lia.smt2 examples/qf_bv.smt2
  check "check: a referee that cannot start (second file): that file not judged, no one blamed on it" \
    eval '[ $code = 10 ] && [ "$(grep -c "blamed: funsat" <<<"$out")" = 1 ] && [[ $out == *"verdict: not judged: referee z3 could not be started"* ]] && [[ $err == *"qf_bv.smt2: error: referee z3 could not be started"* ]]'
}

# ---- fuzz: the engines on the one loop (findings, exit codes, replay) -------------------------
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
  # A real solver (cvc5, in a wrapper that segfaults once it has printed a model): the finding's
  # runs use the plain command, so the reduction keeps the set-option that makes cvc5 print it,
  # and the reduced file crashes the recorded command.
  mkdir -p "$tmp/mc5"
  printf '#!/bin/bash\nout=$(cvc5 "$@" 2>&1); rc=$?\nprintf "%%s\\n" "$out"\ngrep -q define-fun <<<"$out" && kill -SEGV $$\nexit $rc\n' > "$tmp/mc5/cvc5"
  chmod +x "$tmp/mc5/cvc5"
  run "$bin" opfuzz --no-sessions --solvers "$tmp/mc5/cvc5;z3" --model-sample 100 --seed 3 -i 1 --out "$tmp/mc5/f" examples/qf_lia.smt2
  local mc5=$(ls "$tmp"/mc5/f/crash-cvc5-*.json 2>/dev/null | head -n 1)
  run "$bin" reduce --finding "$mc5" "$tmp/mc5/red.smt2"
  local mc5rc=0
  "$tmp/mc5/cvc5" -q --lang smt2 "$tmp/mc5/red.smt2" >/dev/null 2>&1 || mc5rc=$?
  check "reduce --finding on a model-run crash of a real solver: set-option kept, the reduced file crashes the plain command" \
    eval '[ -n "$mc5" ] && [ $code = 0 ] && [ "$(head -n 1 "$tmp/mc5/red.smt2")" = "(set-option :produce-models true)" ] && [ $mc5rc = 139 ]'
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

# ---- campaign: database, buckets, report, bugs, shards, merge, resume (fake solver) --------------
# The listing order (cvc5's guidelines for fuzzer authors: wrong unsat, wrong sat, invalid model,
# crash, then the rest; ties by bucket id) of bugs list, bugs export and report, and the options
# a bucket needs marked with what the solver's own help says of them. A database of $1 (a
# campaign of group campaign) with its buckets replaced by ten of every kind, created in an order
# the listing must not keep; solvers in PATH are fakes whose help texts are excerpts of z3 4.8.12
# -pd and cvc5 1.0.3 --help.
campaign_order() {
  local od=$tmp/order hb=$tmp/order-bin hb2=$tmp/order-bin-other ids eids rids t5 t8 a5 a8 a3
  rm -rf "$od" "$hb" "$hb2" "$tmp/order-m"
  cp -r "$1" "$od" && rm -rf "$od"/findings/* "$od"/reduced "$od"/report.html
  python3 - "$od" <<'PY'
import sqlite3, sys, os
d = sys.argv[1]
db = sqlite3.connect(d + "/campaign.db")
for t in ("findings", "buckets", "bucket_keys"): db.execute("DELETE FROM " + t)
os.makedirs(d + "/findings/o"); os.makedirs(d + "/reduced")
versions = {"z3": "4.8.12", "cvc5": "1.0.3", "unattributed": ""}
rows = [  # bucket 1, 2, ...: kind, culprit, the oracle's why, drawn options (z3's), reduced options line
  ("crash", "z3", "z3 crashed: assertion violation", None, None),
  ("incompleteness", "cvc5", "cvc5 gave unknown on query 1, where z3 is sat", None, None),
  ("soundness", "cvc5", "cvc5 answered sat on query 1 with a model that falsifies an assertion (our evaluator), expected unsat", None, None),
  ("invalid-model", "z3", "z3's model falsifies an assertion (our evaluator)", None, None),
  ("soundness", "z3", "z3 answered unsat on query 1 but cvc5's model satisfies every assertion", ["sat.euf=true", "smt.arith.solver=2"], None),
  ("unspecified", "unattributed", "z3 and cvc5 disagree on query 1 (sat vs unsat); no model decides and 0^0 is unspecified", None, None),
  ("soundness", "unattributed", "z3 and cvc5 disagree on query 1 (sat vs unsat); no model decides", None, None),
  ("soundness", "cvc5", "z3 and cvc5 disagree on query 1 (sat vs unsat); no model decides; referee cvc4 answers sat", None, "cvc5 --fp-exp --no-arrays-exp --strings-exp --sygus-inst"),
  ("performance", "cvc5", "performance: cvc5 took 9.00s, the reference z3 0.10s", None, None),
  ("soundness", "cvc5", "with :produce-unsat-cores: cvc5 answered sat on query 1, expected unsat; z3 answered unsat", None, None),
]
for i, (kind, solver, why, opts, red) in enumerate(rows, 1):
    trig, js, rt = "findings/o/f%d.smt2" % i, "findings/o/f%d.json" % i, None
    open(d + "/" + trig, "w").write("(declare-fun x () Int)\n(assert (> x %d))\n(check-sat)\n" % i)
    z3opts = ', "options": ["%s"]' % '", "'.join(opts) if opts else ""
    open(d + "/" + js, "w").write('{"kind": "%s", "solver": "%s", "runs": [{"solver": "z3", "command": ["z3"]%s},'
                                  ' {"solver": "cvc5", "command": ["cvc5"]}]}\n' % (kind, solver, z3opts))
    if red:
        rt = "reduced/b%d.smt2" % i
        open(d + "/" + rt, "w").write("; smtgrind options: %s\n(check-sat)\n" % red)
    db.execute("INSERT INTO buckets (id, kind, solver, logic, signature, key, first_finding, first_trigger, first_json,"
               " reduced_trigger, count, created, created_elapsed, version, reduce_state)"
               " VALUES (?, ?, ?, 'QF_LIA', '', ?, ?, ?, ?, ?, 1, 0, ?, ?, ?)",
               (i, kind, solver, "k%d" % i, i, trig, js, rt, float(i), versions[solver], "done" if red else "off"))
    db.execute("INSERT INTO bucket_keys (key, bucket) VALUES (?, ?)", ("k%d" % i, i))
    db.execute("INSERT INTO findings (id, name, trigger, json, kind, solver, version, solvers, logic, technique,"
               " rng_seed, found_at, elapsed, signature, why, key, bucket)"
               " VALUES (?, ?, ?, ?, ?, ?, ?, 'z3 4.8.12; cvc5 1.0.3', 'QF_LIA', 'opfuzz', '1', 0, ?, '', ?, ?, ?)",
               (i, "f%d" % i, trig, js, kind, solver, versions[solver], float(i), why, "k%d" % i, i))
db.commit()
PY
  mkdir -p "$hb" "$hb2"
  printf '#!/bin/sh\ncase "$1" in\n--version) echo "Z3 version 4.8.12 - 64 bit" ;;\n-pd) printf "%%s\\n" "[module] sat, description: propositional SAT solver" "    euf (bool) enable euf solver (this feature is preliminary and not ready for general consumption) (default: false)" ;;\nesac\n' > "$hb/z3"
  printf '#!/bin/sh\ncase "$1" in\n--version) echo "This is cvc5 version 1.0.3" ;;\n--help) printf "%%s\\n" "From the Arrays Theory module:" "  --arrays-exp           enable experimental features in the theory of arrays" "                         (EXPERTS only) [*]" "From the Floating-Point module:" "  --fp-exp               Allow floating-point sorts of all sizes, rather than" "                         only Float32 (8/24) or Float64 (11/53) (experimental)" "                         (EXPERTS only) [*]" "From the Strings Theory module:" "  --strings-exp          experimental features in the theory of strings [*]" ;;\nesac\n' > "$hb/cvc5"
  sed 's/4\.8\.12/4.8.11/' "$hb/z3" > "$hb2/z3" && cp "$hb/cvc5" "$hb2/cvc5"
  chmod +x "$hb/z3" "$hb/cvc5" "$hb2/z3" "$hb2/cvc5"
  run env PATH="$hb:$PATH" "$bin" bugs list "$od"
  ids=$(tail -n +2 <<<"$out" | cut -f1 | tr '\n' ' ')
  t5=$(awk -F'\t' '$1 == 5 {print $11 "|" $12}' <<<"$out")
  t8=$(awk -F'\t' '$1 == 8 {print $11 "|" $12}' <<<"$out")
  a3=$(awk -F'\t' '$1 == 3 || $1 == 10 || $1 == 7 {print $11}' <<<"$out" | tr '\n' ',')
  check "bugs list: wrong unsat, wrong sat, untold wrong answer, invalid model, crash, then the rest (ties by id), the wrong answer in a column" \
    eval '[ $code = 0 ] && [ "$ids" = "5 8 3 10 7 4 1 2 9 6 " ] && [ "$a3" = "sat,sat,," ] && [ "$(head -n 1 <<<"$out" | cut -f10-)" = "$(printf "bug\tanswer\toptions\ttriage")" ]'
  check "bugs list: the options a bucket needs, marked with what the solver's own help says (experimental, expert)" \
    eval '[ "$t5" = "unsat|z3 sat.euf=true (experimental) smt.arith.solver=2" ] && [ "$t8" = "unsat|cvc5 --fp-exp (experimental, expert) --no-arrays-exp (experimental, expert) --strings-exp (experimental) --sygus-inst" ]'
  run env PATH="$hb2:$PATH" "$bin" bugs list "$od"
  t5=$(awk -F'\t' '$1 == 5 {print $12}' <<<"$out")
  t8=$(awk -F'\t' '$1 == 8 {print $12}' <<<"$out")
  check "bugs list: no mark from a solver of another version than the finding's (its help may say otherwise)" \
    eval '[ $code = 0 ] && [ "$t5" = "z3 sat.euf=true smt.arith.solver=2" ] && [[ $t8 == "cvc5 --fp-exp (experimental, expert) "* ]]'
  run env PATH="$hb:$PATH" "$bin" bugs export "$od"
  eids=$(grep -o '^ *{"id": [0-9]*' "$out_file" | grep -o '[0-9]*$' | tr '\n' ' ')
  check "bugs export: the same order, each bucket's wrong answer" \
    eval '[ $code = 0 ] && [ "$eids" = "5 8 3 10 7 4 1 2 9 6 " ] && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert [b[\"wrong_answer\"] for b in d][:5] == [\"unsat\", \"unsat\", \"sat\", \"sat\", None]" "$out_file"'
  run env PATH="$hb:$PATH" "$bin" report "$od"
  rids=$(grep -o 'id="bucket-[0-9]*"' "$od/report.html" | grep -o '[0-9]*' | tr '\n' ' ')
  check "report: the same order, the wrong answer and the marked options shown" \
    eval '[ $code = 0 ] && [ "$rids" = "5 8 3 10 7 4 1 2 9 6 " ] && grep -q "Bucket 5: soundness (wrong unsat)" "$od/report.html" && grep -q "<code>z3 sat.euf=true (experimental) smt.arith.solver=2</code>" "$od/report.html"'
  run env PATH="$hb:$PATH" "$bin" bugs show "$od" 5 --issue
  check "bugs show --issue: the wrong answer in the title, the options marked" \
    eval '[ $code = 0 ] && [[ $out == "### z3 4.8.12: wrong unsat answer on QF_LIA"* ]] && [[ $out == *"Options: z3 sat.euf=true (experimental) smt.arith.solver=2 (a mark in parentheses: what the solver'"'"'s own help says"* ]]'
  run env PATH="$hb:$PATH" "$bin" merge --out "$tmp/order-m" "$od"
  check "the human list (merge prints it): bugs in the listing order, wrong answers said, options under their bucket" \
    eval '[ $code = 0 ] && [ "$(grep -o "^bug [0-9]*: [a-z-]*\( (wrong [a-z]*)\)\?" <<<"$out" | tr "\n" ";")" = "bug 1: soundness (wrong unsat);bug 2: soundness (wrong unsat);bug 3: soundness (wrong sat);bug 4: soundness;bug 5: invalid-model;bug 6: crash;bug 7: incompleteness;bug 8: performance;" ] && [[ $out == *"bucket 5 "*"
             options: z3 sat.euf=true (experimental) smt.arith.solver=2"* ]]'
}

group_campaign() {
  local fake
  fake=$(dirname "$bin")/fake_solver
  [ -x "$fake" ] || { fail "fake_solver not built next to $bin"; return; }
  local c1=$tmp/c1
  run "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 3 -j 2 --seed 9 --slice 1 --log --out "$c1" seeds
  check "campaign against a crashing solver: findings, exit 10, a report" \
    eval '[ $code = 10 ] && [[ $err == *"finding: $c1/findings/"*"bucket 1 (new)"* ]] && [ -f "$c1/report.html" ] && [[ $out == *"report: $c1/report.html"* ]]'
  # A solver that stops starting mid-campaign (its binary removed after 10 runs): the campaign
  # stops within seconds (not at the end of its budget), exit 2, says --resume; the slice it
  # was in stays unfinished ('running'), so a --resume runs it again.
  local cg=$tmp/cg t0g
  printf '#!/bin/sh\n[ "$1" = --version ] && exec z3 --version\nn=$(cat "%s/gone.n" 2>/dev/null || echo 0); echo $((n + 1)) > "%s/gone.n"\n[ "$n" -ge 9 ] && rm -f "$0"\nexec z3 "$@"\n' "$tmp" "$tmp" > "$tmp/gone-z3c"
  chmod +x "$tmp/gone-z3c"
  t0g=$SECONDS
  run "$bin" campaign --solvers "$tmp/gone-z3c" --engines opfuzz --budget 120 -j 1 --seed 9 --slice 30 --log --no-report --out "$cg" seeds
  check "campaign: a solver that can no longer be started stops it (exit 2, within seconds), its slice left for --resume" \
    eval '[ $code = 2 ] && [ $((SECONDS - t0g)) -lt 60 ] && [[ $err == *"solver run could not start"*"--resume"* ]] && [[ "$(slice_states "$cg/campaign.db")" == *"running 1"* ]]'
  # Ctrl-C (SIGINT to the campaign process): workers stop after their current mutant, the
  # summary and the report are written, the database is whole.
  local c3=$tmp/c3 cpid t0
  set +e
  "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 300 -j 2 --seed 9 --slice 1 --log --out "$c3" seeds </dev/null >"$out_file" 2>"$err_file" &
  cpid=$!
  t0=$SECONDS
  sleep 3
  kill -INT "$cpid"
  wait "$cpid"
  code=$?
  set -e
  out=$(cat "$out_file"); err=$(cat "$err_file")
  check "Ctrl-C: stops within seconds, says so, prints the buckets and writes the report (exit 130, not 10)" \
    eval '[ $((SECONDS - t0)) -lt 30 ] && [ $code = 130 ] && [[ $err == *"interrupted: stopping"*"(interrupted):"* ]] && [[ $out == *"bucket 1 "*"continue with"* ]] && [ -f "$c3/report.html" ]'
  run "$bin" bugs check "$c3"
  check "Ctrl-C: the database and the bucket files are whole" eval '[ $code = 0 ] && [[ $out == *": ok" ]]'
  # The terminal's Ctrl-C reaches the whole process group: the workers leave it to the
  # campaign (they ignore it), which stops as above.
  if command -v setsid >/dev/null; then
    local c4=$tmp/c4g gpid
    set +e
    setsid "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 300 -j 2 --seed 9 --slice 1 --log --no-report --out "$c4" seeds </dev/null >"$out_file" 2>"$err_file" &
    gpid=$!
    sleep 3
    kill -INT -- -"$gpid"
    wait "$gpid"
    code=$?
    set -e
    err=$(cat "$err_file")
    check "Ctrl-C to the campaign's process group: an orderly stop (interrupted, exit 130), a whole database" \
      eval '[ $code = 130 ] && [[ $err == *"interrupted: stopping"*"(interrupted):"* ]] && "$bin" bugs check "$c4" >/dev/null'
  fi

  run "$bin" bugs list "$c1"
  local sigs
  sigs=$(tail -n +2 "$out_file" | cut -f9 | sort | tr '\n' ';')
  check "three crash locations, three buckets (the fake solver's three assertion lines)" \
    eval '[ $code = 0 ] && [ "$sigs" = "assert src/fake.cpp:100;assert src/fake.cpp:101;assert src/fake.cpp:102;" ]'
  check "no reduction left running" eval '! cut -f7 "$out_file" | grep -q running'
  run "$bin" bugs check "$c1"
  check "bugs check: integrity ok, files present" eval '[ $code = 0 ] && [[ $out == *"buckets"*": ok" ]]'
  # Bugs: the three crash sites are three bugs, each with its bucket nested (bugs list's last
  # column is the bug number).
  local nbug
  nbug=$("$bin" bugs list "$c1" | tail -n +2 | cut -f10 | sort -u | wc -l)
  check "bugs list: a bug column; three crash sites, three bugs" test "$nbug" = 3
  # A database damaged on purpose: two buckets whose reduced triggers differ only in names.
  cp -r "$c1" "$tmp/cdam"
  mkdir -p "$tmp/cdam/reduced"
  printf '(declare-fun x () Int)\n(assert (> x 1))\n(check-sat)\n' > "$tmp/cdam/reduced/a.smt2"
  printf '(declare-fun yy () Int) (assert (> yy 1)) ; renamed\n(check-sat)\n' > "$tmp/cdam/reduced/b.smt2"
  python3 - "$tmp/cdam/campaign.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
ids = [r[0] for r in db.execute("SELECT id FROM buckets WHERE merged_into IS NULL ORDER BY id")]
db.execute("UPDATE buckets SET reduced_trigger = 'reduced/a.smt2' WHERE id = ?", (ids[0],))
db.execute("UPDATE buckets SET reduced_trigger = 'reduced/b.smt2' WHERE id = ?", (ids[1],))
db.commit()
PY
  run "$bin" bugs check "$tmp/cdam"
  check "bugs check: two buckets with alpha-equivalent reduced triggers are named, exit 2" \
    eval '[ $code = 2 ] && [[ $out == *"alpha-equivalent reduced triggers"* ]] && [[ $out == *"PROBLEMS"* ]]'
  # Damaged databases (issue 14): said so (exit 2, how to recover) by bugs, report and
  # --resume, never read as an empty campaign; `bugs recover` rebuilds them from the pairs.
  local dmg kind nf0 sz
  nf0=$(find "$c1/findings" -name '*.json' | wc -l)
  for kind in random zero half missing; do
    dmg=$tmp/dmg-$kind
    rm -rf "$dmg"; cp -r "$c1" "$dmg"; rm -f "$dmg"/campaign.db-wal "$dmg"/campaign.db-shm
    sz=$(stat -c %s "$dmg/campaign.db")
    case $kind in
      random) head -c "$sz" /dev/urandom > "$dmg/campaign.db" ;;
      zero) : > "$dmg/campaign.db" ;;
      half) truncate -s $((sz / 2)) "$dmg/campaign.db" ;;
      missing) rm "$dmg/campaign.db" ;;
    esac
    run "$bin" bugs list "$dmg"
    local e1=$code m1=$err
    run "$bin" report "$dmg"
    local e2=$code
    run timeout 60 "$bin" campaign --resume "$dmg" --budget 1 --no-report
    check "a $kind campaign.db: bugs list, report and --resume stop with exit 2 and say how to recover" \
      eval '[ $e1 = 2 ] && [ $e2 = 2 ] && [ $code = 2 ] && [[ $m1 == *"bugs recover"* ]] && [[ $m1 == *"damaged"* || $m1 == *"no campaign.db"* ]]'
    run "$bin" bugs recover "$dmg"
    check "bugs recover after a $kind campaign.db: every finding pair recorded again, bugs check ok" \
      eval '[ $code = 0 ] && [[ $out == "$nf0 findings, "*": ok" ]] && "$bin" bugs check "$dmg" >/dev/null'
  done
  # Damaged values in a readable database (found by a hostile review): a bucket count no
  # campaign reaches overflowed the bug list's sums; a stored timeout of NaN or seed 'abc'
  # became a campaign with those settings, empty solvers a null pointer.
  local dv="$tmp/dmg-values"
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE buckets SET count = 9223372036854775807"); db.commit()' "$dv/campaign.db"
  run "$bin" bugs list "$dv"
  check "bugs list: a bucket count out of range is a damaged database (exit 2, how to recover)" \
    eval '[ $code = 2 ] && [[ $err == *"campaign.db: a bucket'"'"'s finding count is out of range"*"bugs recover"* ]]'
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("ALTER TABLE buckets DROP COLUMN merged_into"); db.commit()' "$dv/campaign.db"
  run "$bin" bugs list "$dv"
  check "bugs list: a column missing is a damaged database (exit 2, the column named, how to recover)" \
    eval '[ $code = 2 ] && [[ $err == *"campaign.db: damaged campaign database (table '"'"'buckets'"'"' has no column '"'"'merged_into'"'"'"*"bugs recover"* ]]'
  run "$bin" report "$dv"
  local e_rep=$code
  run "$bin" bugs check "$dv"
  check "report and bugs check: the same (exit 2), not an empty report or 'ok'" eval '[ $e_rep = 2 ] && [ $code = 2 ]'
  # Damaged rows that made readers hang, write markup or invalid JSON, or merge link a
  # database: a FIFO as a reduced trigger, a kind with markup, a seed that is no number,
  # a finding whose trigger is 'campaign.db'.
  rm -rf "$dv" && cp -r "$c1" "$dv"
  local rt
  rt=$("$bin" bugs list "$dv" | awk -F'\t' 'NR == 2 {print $8}')
  rm -f "$dv/$rt" && mkfifo "$dv/$rt"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE buckets SET kind = ? WHERE id = (SELECT MIN(id) FROM buckets)", ("x\"><script>alert(1)</script>",))
db.execute("UPDATE findings SET rng_seed = ?, elapsed = 9e999", ("1, \"x\": 2",))
db.execute("UPDATE findings SET trigger = ? WHERE id = (SELECT MAX(id) FROM findings)", ("campaign.db",))
db.commit()' "$dv/campaign.db"
  run timeout 20 "$bin" bugs check "$dv"
  check "bugs check: a FIFO as a trigger and a trigger named campaign.db are missing files, no hang (exit 2)" \
    eval '[ $code = 2 ] && [[ $out == *"missing file $rt"* ]] && [[ $out == *"missing file: campaign.db"* ]]'
  run timeout 20 "$bin" report "$dv"
  check "report: no hang on a FIFO, markup from the database escaped" \
    eval '[ $code = 0 ] && ! grep -q "<script>" "$dv/report.html" && grep -q "&lt;script&gt;" "$dv/report.html"'
  run timeout 20 "$bin" bugs export "$dv"
  check "bugs export: a damaged rng_seed and an infinite time give valid JSON (null)" \
    eval '[ $code = 0 ] && python3 -c "import json,sys; d=json.load(sys.stdin); assert any(f[\"rng_seed\"] is None for b in d for f in b[\"findings\"])" <<<"$out"'
  rm -rf "$tmp/dv-merge"
  run timeout 60 "$bin" merge --out "$tmp/dv-merge" "$dv"
  check "merge: a stored path outside findings/ and reduced/ is refused, never linked over the output's database" \
    eval '[ $code != 0 ] && [[ $err == *"a stored path that cannot be placed: campaign.db"* || $err == *"not a regular file"* ]] && [ "$(stat -c %i "$tmp/dv-merge/campaign.db")" != "$(stat -c %i "$dv/campaign.db")" ]'
  # A campaign (not a merge) whose row names an absolute .../findings/... path, or whose
  # finding file is a symbolic link to a file outside it: merge brings no file from outside the
  # campaign (exit 2 naming the database, the row and the path; the output holds no link).
  mkdir -p "$tmp/outside/findings"
  printf '(check-sat)\n' > "$tmp/outside/findings/x.smt2"
  printf 'not a finding\n' > "$tmp/outside.txt"
  rm -rf "$dv" "$tmp/dv-merge4" && cp -r "$c1" "$dv"
  local rid
  rid=$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); i = db.execute("SELECT MAX(id) FROM findings").fetchone()[0]
db.execute("UPDATE findings SET trigger = ? WHERE id = ?", (sys.argv[2], i)); db.commit(); print(i)' "$dv/campaign.db" "$tmp/outside/findings/x.smt2")
  run timeout 60 "$bin" merge --out "$tmp/dv-merge4" "$dv"
  check "merge: an absolute trigger path in a campaign that is not a merge is refused (exit 2: database, row, path), nothing from outside" \
    eval '[ $code = 2 ] && [[ $err == *"$dv/campaign.db: finding "*"(row $rid), trigger: a stored path that cannot be placed: $tmp/outside/findings/x.smt2"*"bugs recover"* ]] && [ -z "$(find "$tmp/dv-merge4" -samefile "$tmp/outside/findings/x.smt2")" ] && ! ls -d "$tmp/dv-merge4"/findings/legacy-* >/dev/null 2>&1'
  rm -rf "$dv" "$tmp/dv-merge5" && cp -r "$c1" "$dv"
  local stp
  stp=$(python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT trigger FROM findings WHERE id = (SELECT MIN(id) FROM findings)").fetchone()[0])' "$dv/campaign.db")
  ln -sf "$tmp/outside.txt" "$dv/$stp"
  run timeout 60 "$bin" merge --out "$tmp/dv-merge5" "$dv"
  check "merge: a finding file that is a symbolic link is refused (exit 2: the file named), no link in the output" \
    eval '[ $code = 2 ] && [[ $err == *"$dv/campaign.db: finding "*"(row "*"trigger: $dv/$stp: not a regular file (a symbolic link"* ]] && [ -z "$(find "$tmp/dv-merge5" -type l)" ] && [ -z "$(find "$tmp/dv-merge5" -samefile "$tmp/outside.txt")" ]'
  local key val
  for kv in timeout=nan timeout=-1 seed=abc solvers= jobs=0; do
    key=${kv%%=*} val=${kv#*=}
    rm -rf "$dv" && cp -r "$c1" "$dv"
    python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE meta SET value = ? WHERE key = ?", (sys.argv[3], sys.argv[2])); db.commit()
assert db.total_changes == 1' "$dv/campaign.db" "$key" "$val"
    run timeout 60 "$bin" campaign --resume "$dv" --budget 1 --no-report
    check "--resume on a stored $key of '$val': exit 2 naming the setting, nothing run" \
      eval '[ $code = 2 ] && [[ $err == *"stored setting '"'"'$key'"'"' is '"'"'$val'"'"'"*"damaged database"* ]] && [ "$("$bin" bugs list "$c1" | wc -l)" = "$("$bin" bugs list "$dv" | wc -l)" ]'
  done
  # The ranges are the flags' own: the largest --slice a campaign takes (1e8 s) is read back.
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE meta SET value = ? WHERE key = ?", ("1e+08", "slice")); db.commit()' "$dv/campaign.db"
  run timeout 60 "$bin" campaign --resume "$dv" --budget 1 --no-report --no-reduce
  check "--resume on a stored slice of 1e+08 (the flag's largest): not a damaged database" \
    eval '[ $code != 2 ] && [[ $err != *"damaged"* ]]'
  # Findings hidden from every list (found by a hostile review): a finding whose bucket row is
  # gone, a bucket merged into itself, one merged into a bucket that does not exist. bugs check
  # names each (exit 2), bugs list warns, merge keeps the findings, recover rebuilds.
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
ids = [r[0] for r in db.execute("SELECT id FROM buckets ORDER BY id")]
assert len(ids) == 3
db.execute("DELETE FROM buckets WHERE id = ?", (ids[0],))
db.execute("UPDATE buckets SET merged_into = id WHERE id = ?", (ids[1],))
db.execute("UPDATE buckets SET merged_into = 999999 WHERE id = ?", (ids[2],))
db.commit()' "$dv/campaign.db"
  local nfd
  nfd=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM findings").fetchone()[0])' "$dv/campaign.db")
  run "$bin" bugs check "$dv"
  check "bugs check: findings whose bucket is gone or merged away, a merge cycle and a merge into nothing are named (exit 2)" \
    eval '[ $code = 2 ] && [[ $out == *"its bucket "*" does not exist (the finding is in no listed bucket)"* ]] && [[ $out == *"which is merged itself (a chain or a cycle of merges)"* ]] && [[ $out == *"merged into bucket 999999, which does not exist"* ]] && [ "$(grep -c "in no listed bucket" <<<"$out")" = "$nfd" ]'
  run "$bin" bugs list "$dv"
  check "bugs list: hidden findings are said on stderr with how to recover" \
    eval '[ $code = 0 ] && [[ $err == *"$nfd findings are in no listed bucket"*"bugs recover"* ]]'
  rm -rf "$tmp/dv-merge2"
  run timeout 60 "$bin" merge --out "$tmp/dv-merge2" "$dv"
  check "merge: findings whose bucket the source lost are merged all the same (none dropped)" \
    eval '[ $code = 0 ] && [[ $out == *": $nfd findings in "* ]] && "$bin" bugs check "$tmp/dv-merge2" >/dev/null'
  # A slice row with a worker number no campaign has: merge leaves it out of the work counters
  # and says so (it was dropped silently).
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE slices SET worker = 4398046511104 WHERE rowid = (SELECT MIN(rowid) FROM slices)"); db.commit()' "$dv/campaign.db"
  rm -rf "$tmp/dv-merge3"
  run timeout 60 "$bin" merge --out "$tmp/dv-merge3" "$dv"
  check "merge: a slice row with a worker number beyond 2^40 is left out and said, the findings merged" \
    eval '[ $code = 0 ] && [[ $err == *"1 slice row left out of the work counters: a worker number outside 0..2^40"* ]] && [[ $out == *": $nfd findings in "* ]]'
  run "$bin" bugs recover "$dv"
  check "bugs recover after hidden findings: every finding in a listed bucket again, check ok" \
    eval '[ $code = 0 ] && [[ $out == "$nf0 findings, "*": ok" ]]'
  # A bucket whose first finding is gone: its issue is still written (from another finding).
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE buckets SET first_finding = 999999 WHERE id = 1"); db.commit()' "$dv/campaign.db"
  run "$bin" bugs show "$dv" 1 --issue
  local e_show=$code o_show=$out
  run "$bin" bugs check "$dv"
  check "a first finding missing: bugs show --issue still writes the issue, bugs check names it" \
    eval '[ $e_show = 0 ] && [[ $o_show == *"crash on"*"Observed: "*'"'"'```smt2'"'"'* ]] && [ $code = 2 ] && [[ $out == *"bucket 1: its first finding 999999 is not in its findings"* ]]'
  # A stored engine this build does not know, and a slice number at the end of its range.
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE meta SET value = ? WHERE key = ?", ("nosuch=1", "engines")); db.commit()' "$dv/campaign.db"
  run timeout 60 "$bin" campaign --resume "$dv" --budget 1 --no-report
  check "--resume on a stored engine this build does not know: exit 2, the engine named, not a flag error" \
    eval '[ $code = 2 ] && [[ $err == *"stored setting '"'"'engines'"'"' is '"'"'nosuch=1'"'"'"*"unknown engine '"'"'nosuch'"'"'"*"another version"* ]] && [[ $err != *"--engines"* ]]'
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE slices SET slice = 4294967295 WHERE rowid = (SELECT MAX(rowid) FROM slices WHERE worker = 0)"); db.commit()' "$dv/campaign.db"
  run timeout 60 "$bin" campaign --resume "$dv" --budget 2 --no-report --no-reduce
  check "--resume with a slice number at 2^32-1: the worker says the number is out of range (no wrap to a taken one)" \
    eval '[[ $err == *"slice number 4294967296 of worker 0 is out of range (a damaged database)"* ]]'
  # A slice counter no campaign reaches: the report leaves that row out and says so (SQL's SUM
  # overflowed and the report said 0 mutants).
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE slices SET state = \"done\"")
db.execute("UPDATE slices SET mutants = 9223372036854775807 WHERE rowid = (SELECT MIN(rowid) FROM slices)")
db.commit()' "$dv/campaign.db"
  run "$bin" report "$dv"
  check "report: a slice counter out of range is left out of the totals and said (not 0 mutants)" \
    eval '[ $code = 0 ] && grep -q "1 slice row with a counter out of range (a damaged database), left out of the totals" "$dv/report.html" && ! grep -q "<td>0 mutants" "$dv/report.html"'
  # A foreign SQLite file named campaign.db (rollback journal): every reader refuses it and
  # leaves it byte for byte as it was (journal_mode=WAL would rewrite its header).
  local fd="$tmp/foreign"
  rm -rf "$fd" && mkdir -p "$fd/findings"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("CREATE TABLE t (x)"); db.execute("INSERT INTO t VALUES (1)"); db.commit()' "$fd/campaign.db"
  local sum0 codes=""
  sum0=$(md5sum < "$fd/campaign.db")
  for cmd in report "bugs list" "bugs check" merge resume; do
    case $cmd in
      merge) run "$bin" merge --out "$tmp/foreign-merged" "$fd" ;;
      resume) run timeout 60 "$bin" campaign --resume "$fd" --budget 1 --no-report ;;
      # shellcheck disable=SC2086
      *) run "$bin" $cmd "$fd" ;;
    esac
    codes="$codes$code "
  done
  check "a foreign SQLite file as campaign.db: report, bugs list/check, merge and --resume exit 2 and leave it unchanged" \
    eval '[ "$codes" = "2 2 2 2 2 " ] && [ "$(md5sum < "$fd/campaign.db")" = "$sum0" ] && [[ $err == *"no table '"'"'meta'"'"' (a foreign or damaged database, left as it is)"* ]]'
  # A finding pair whose JSON cannot be read back is named (file:line:col), never silently dropped.
  local bj="$tmp/badjson"
  rm -rf "$bj" && cp -a "$c1" "$bj" && rm -f "$bj/campaign.db"*
  mkdir -p "$bj/findings/w00-s99999"
  printf '(check-sat)\n' > "$bj/findings/w00-s99999/crash-z3-w0-000001.smt2"
  printf '{"kind": "crash",\n "solver": \n' > "$bj/findings/w00-s99999/crash-z3-w0-000001.json"
  run "$bin" bugs recover "$bj"
  check "bugs recover: a damaged finding .json is named with its line and column, the others are recorded" \
    eval '[ $code = 0 ] && [[ $err == *"findings/w00-s99999/crash-z3-w0-000001.json not recorded: findings/w00-s99999/crash-z3-w0-000001.json:3:"* ]] && [[ $out == "$nf0 findings, "*": ok" ]]'
  run "$bin" report "$c1"
  local ids missing=0
  ids=$("$bin" bugs list "$c1" | tail -n +2 | cut -f1)
  for i in $ids; do grep -q "id=\"bucket-$i\"" "$c1/report.html" || missing=$((missing + 1)); done
  check "report: written, names every bucket, both plots present" \
    eval '[ $code = 0 ] && [ -n "$ids" ] && [ $missing = 0 ] && grep -q "<svg id=\"plot-throughput\"" "$c1/report.html" && grep -q "<svg id=\"plot-buckets\"" "$c1/report.html" && [ "$(grep -c "<polyline" "$c1/report.html")" -ge 3 ]'
  run "$bin" bugs export "$c1"
  check "bugs export: JSON with every bucket" \
    eval '[ $code = 0 ] && { ! command -v python3 >/dev/null || python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d)==3 and all(b[\"findings\"] for b in d)" "$out_file"; }'
  run "$bin" bugs show "$c1" 1 --issue
  check "bugs show --issue: a Markdown issue with the trigger" \
    eval '[ $code = 0 ] && [[ $out == *"crash on"* ]] && [[ $out == *'"'"'```smt2'"'"'* ]]'
  run "$bin" bugs show "$c1" 999
  check "bugs show of a missing bucket: exit 2" test "$code" = 2
  campaign_order "$c1"
  local before after
  before=$(sed -n 's/.* \([0-9]*\) mutants, .*/\1/p' "$err_file")
  before=$("$bin" bugs export "$c1" | grep -c '"name"')
  # kill -9 of a campaign: its workers and solvers die with it (PDEATHSIG); what a solver
  # script started and the reducer's temporary file are cleaned up by the next --resume, which
  # can start at once (no orphan holds the lock).
  local ck=$tmp/ck9 kpid
  mkdir -p "$tmp/td9"
  printf '#!/bin/sh\n"%s" hang "%s" &\n"%s" hang "%s"\n' "$(realpath "$fake")" "$tmp/kid9" "$(realpath "$fake")" "$tmp/kid9" > "$tmp/hang9.sh"
  chmod +x "$tmp/hang9.sh"
  set +e
  env TMPDIR="$tmp/td9" "$bin" campaign --solvers "$fake hashcrash;$tmp/hang9.sh" -t 20 --engines opfuzz --budget 60 -j 2 --seed 9 --slice 1 --log --out "$ck" seeds >/dev/null 2>&1 &
  kpid=$!
  sleep 4
  kill -9 "$kpid"
  wait "$kpid"
  set -e
  sleep 0.5
  local left_smtgrind left_script
  left_smtgrind=$({ pgrep -f -- "--out $ck" || true; } | wc -l)
  mkdir -p "$ck/reduced" && : > "$ck/reduced/.bucket-1.99999.tmp.smt2"
  run env TMPDIR="$tmp/td9" timeout 60 "$bin" campaign --resume "$ck" --budget 1 --log --no-report
  sleep 0.3
  left_script=$({ pgrep -f "$tmp/hang9.sh|$tmp/kid9" || true; } | wc -l)
  check "kill -9 of a campaign: no smtgrind process left; an immediate --resume runs, kills what the solver script left, removes the temporary files" \
    eval '[ "$left_smtgrind" = 0 ] && [ $code = 10 -o $code = 0 ] && [[ $err != *"another session"* ]] && [ "$left_script" = 0 ] && [ ! -e "$ck/reduced/.bucket-1.99999.tmp.smt2" ] && [ -z "$(ls "$tmp/td9")" ]'
  run "$bin" campaign --resume "$c1" --budget 3 --log --no-report
  after=$("$bin" bugs export "$c1" | grep -c '"name"')
  check "resume: continues the campaign (resumed, more findings, still consistent)" \
    eval '[ $code = 10 ] && [[ $err == *"(resumed)"* ]] && [ "$after" -gt "$before" ] && "$bin" bugs check "$c1" >/dev/null'
  # Whether the campaign's lock file is locked, read from /proc/locks: probing with flock(1)
  # would take the lock for an instant and could make the session below fail to get it.
  locked() {
    local ino
    ino=$(stat -c %i "$c1/campaign.lock" 2>/dev/null) || return 1
    awk -v ino="$ino" '{ n = split($6, a, ":"); if (a[n] == ino) f = 1 } END { exit !f }' /proc/locks
  }
  local n=0
  # The last processes of the previous session may still hold the lock for a moment.
  while locked && [ $n -lt 600 ]; do sleep 0.05; n=$((n + 1)); done
  "$bin" campaign --resume "$c1" --budget 5 --log --no-report >"$tmp/bg.log" 2>&1 &
  local bgpid=$!
  n=0
  # Until the session holds its lock, or 30 s.
  until locked || [ $n -ge 600 ]; do sleep 0.05; n=$((n + 1)); done
  run "$bin" campaign --resume "$c1" --budget 1 --log --no-report
  wait "$bgpid" || true
  [ "$code" = 2 ] || { echo "--- background session:"; head -c 1500 "$tmp/bg.log"; echo "--- second:"; head -c 800 "$err_file"; } >&2
  check "one session at a time: a second --resume while one runs is refused" \
    eval '[ $code = 2 ] && [[ $err == *"another session (a campaign or a merge) holds this directory"* ]]'
  run "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz=1,fuse-unsat=3 --budget 5 -j 2 --seed 4 --slice 1 --log \
    --reducer "$PWD/tests/campaign/fake_reduce.sh" --out "$tmp/c5" seeds
  local states per_logic
  # (unspecified buckets, fusion mutants of QF_NRA seeds with a division, are never reduced)
  states=$("$bin" bugs list "$tmp/c5" | tail -n +2 | awk -F'\t' '$2 != "unspecified" {print $7}' | sort -u | tr '\n' ' ')
  per_logic=$("$bin" bugs list "$tmp/c5" | awk -F'\t' '$2 == "soundness" {print $5}' | sort | uniq -d)
  check "reduction: every bucket reduced by the reducer; same reduced shape, one bucket per logic" \
    eval '[ $code = 10 ] && [ "$states" = "done " ] && [ -z "$per_logic" ] && grep -q "soundness" <("$bin" bugs list "$tmp/c5") && "$bin" bugs check "$tmp/c5" >/dev/null && grep -q "class=\"reduced\"" "$tmp/c5/report.html"'
  # Triggers of several logics reduced to one text (the reducer may make set-logic smaller):
  # one bucket, although their first logics differ; bugs check agrees (a crash bucket with the
  # same reduced text is another kind: not one bucket with it, and no problem).
  # The check needs soundness findings of at least two logics; under load (an ASan build on a
  # busy CI machine) 4 s may find one logic only, so the budget doubles (fresh directory) until
  # it does, at most twice.
  local nsound nlogics budget7
  for budget7 in 4 8 16; do
    rm -rf "$tmp/c7"
    run env FAKE_REDUCE_LOGIC=ALL "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz=1,fuse-unsat=3 --budget "$budget7" -j 2 --seed 4 --slice 1 \
      --log --no-report --reducer "$PWD/tests/campaign/fake_reduce.sh" --out "$tmp/c7" seeds
    nlogics=$(find "$tmp/c7/findings" -name 'soundness-*.smt2' -exec grep -ho '(set-logic [A-Z_]*)' {} + | sort -u | wc -l)
    [ "$nlogics" -ge 2 ] && break
  done
  nsound=$("$bin" bugs list "$tmp/c7" | awk -F'\t' '$2 == "soundness"' | wc -l)
  check "reduced to one text from several logics: one soundness bucket; bugs check ok" \
    eval '[ $code = 10 ] && [ "$nlogics" -ge 2 ] && [ "$nsound" = 1 ] && "$bin" bugs check "$tmp/c7" >/dev/null'
  # merge: buckets of two campaigns with alpha-equivalent reduced triggers are one bucket
  run env FAKE_REDUCE_LOGIC=ALL "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz=1,fuse-unsat=3 --budget 3 -j 2 --seed 5 --slice 1 \
    --log --no-report --reducer "$PWD/tests/campaign/fake_reduce.sh" --out "$tmp/c8" seeds
  run "$bin" merge --out "$tmp/m78" "$tmp/c7" "$tmp/c8"
  nsound=$("$bin" bugs list "$tmp/m78" | awk -F'\t' '$2 == "soundness"' | wc -l)
  check "merge: the soundness buckets of two campaigns with one reduced text are one bucket" \
    eval '[ $code = 0 ] && [ "$nsound" = 1 ] && "$bin" bugs check "$tmp/m78" >/dev/null'
  run env FAKE_REDUCE_FAIL=1 "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 2 -j 1 --seed 4 --slice 1 --log \
    --reducer "$PWD/tests/campaign/fake_reduce.sh" --out "$tmp/c6" seeds
  states=$("$bin" bugs list "$tmp/c6" | tail -n +2 | cut -f7 | sort -u | tr '\n' ' ')
  # (a bucket found in the campaign's last instant may still be pending: never done)
  check "a reduction that fails: the bucket says failed, and the report says why" \
    eval '[[ $states == *failed* ]] && [[ $states != *done* ]] && grep -q "does not reproduce (fake)" "$tmp/c6/report.html"'
  run "$bin" campaign --resume "$tmp/c6" --budget 0 --log --no-report --reducer "$PWD/tests/campaign/fake_reduce.sh"
  states=$("$bin" bugs list "$tmp/c6" | tail -n +2 | cut -f7 | sort -u | tr '\n' ' ')
  check "--resume retries the failed reductions" eval '[ "$states" = "done " ]'
  run "$bin" campaign --resume "$c1" --budget 0 --log --no-report --reducer "$PWD/tests/campaign/fake_reduce.sh"
  states=$("$bin" bugs list "$c1" | tail -n +2 | cut -f7 | sort -u | tr '\n' ' ')
  check "--resume --budget 0: reductions only; buckets the binary could not reduce are queued again" \
    eval '[ $code = 10 ] && [ "$states" = "done " ] && [ -z "$(sed -n "s/.*\[ *[0-9]*s\] mutants \([0-9]*\),.*/\1/p" "$err_file" | sort -u | sed -n 2p)" ]'
  # A pair written but not recorded (a kill between the rename and the commit) is recorded by
  # the next session.
  local pair
  pair=$(find "$c1/findings" -name 'crash-*.json' -print -quit)
  cp "${pair%.json}.smt2" "${pair%/*}/crash-fake_solver-w0-999999.smt2"
  cp "$pair" "${pair%/*}/crash-fake_solver-w0-999999.json"
  before=$("$bin" bugs export "$c1" | grep -c '"name"')
  run "$bin" campaign --resume "$c1" --budget 0 --no-reduce --log --no-report
  after=$("$bin" bugs export "$c1" | grep -c '"name"')
  check "resume records finding pairs the database missed" \
    eval '[[ $err == *"recovered $c1/findings/"*"crash-fake_solver-w0-999999.smt2"* ]] && [ "$after" = $((before + 1)) ] && "$bin" bugs check "$c1" >/dev/null'
  run "$bin" campaign --resume "$c1" --seed 3
  check "resume with new settings: usage error" test "$code" = 2
  local flag
  for flag in "-t 3" "-j 1" "--model-sample 50" "--referee none" "--chain-timeouts 1" "--slice 2" "--incompleteness"; do
    # shellcheck disable=SC2086
    run "$bin" campaign --resume "$c1" --budget 0 --no-report $flag
    check "resume with $flag: refused (exit 2, the flag named), never silently ignored" \
      eval '[ $code = 2 ] && [[ $err == *"(${flag%% *} cannot change them)"* ]]'
  done
  # Values attached ("--budget=0", "-j1"): the same flags, so the same session rules.
  run "$bin" campaign --resume "$c1" --budget=0 --no-report --no-reduce
  check "resume with --budget=0 (value attached): a session flag, accepted" eval '[ $code != 2 ]'
  run "$bin" campaign --resume "$c1" --budget 0 --no-report -j1
  check "resume with -j1 (value attached): refused like -j 1" \
    eval '[ $code = 2 ] && [[ $err == *"(-j1 cannot change them)"* ]]'
  run "$bin" campaign --out "$c1" --solvers "$fake sat" seeds
  check "a directory that holds a campaign is not overwritten" eval '[ $code = 2 ] && [[ $err == *"--resume"* ]]'
  run "$bin" campaign --shard 2/2 seeds
  check "--shard I/N needs I < N" test "$code" = 2
  # issue 21: --shard auto from the launcher's environment (Slurm, Kubernetes, GNU parallel)
  local envs want
  while IFS='|' read -r envs want; do
    rm -rf "$tmp/sa"
    # shellcheck disable=SC2086
    run env $envs "$bin" campaign --shard auto --solvers "$fake sat" --engines opfuzz --budget 0 \
      --no-reduce --no-report --log --out "$tmp/sa" seeds
    check "--shard auto with $envs: $want" eval "[[ \"\$code:\$err\" == $want ]]"
  done <<'SHARDS'
SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=4|0:*"shard 2/4 (from SLURM_ARRAY_TASK_ID)"*"shard 2/4)"*
SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_COUNT=3|0:*"shard 2/3 (from SLURM_ARRAY_TASK_ID)"*
JOB_COMPLETION_INDEX=1 SMTGRIND_SHARDS=5|0:*"shard 1/5 (from JOB_COMPLETION_INDEX)"*
PARALLEL_SEQ=2 SMTGRIND_SHARDS=2|0:*"shard 1/2 (from PARALLEL_SEQ)"*
JOB_COMPLETION_INDEX=1|2:*"give --shards N"*
SLURM_ARRAY_TASK_ID=7 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=4|2:*"not one of 4 shards"*
SLURM_ARRAY_TASK_ID=x|2:*"SLURM_ARRAY_TASK_ID is 'x', not a number"*
SLURM_ARRAY_TASK_ID=6 SLURM_ARRAY_TASK_MIN=2 SLURM_ARRAY_TASK_MAX=8 SLURM_ARRAY_TASK_STEP=2 SLURM_ARRAY_TASK_COUNT=4|0:*"shard 2/4 (from SLURM_ARRAY_TASK_ID)"*
SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=9 SLURM_ARRAY_TASK_COUNT=3|2:*"the job array has 3 tasks but indexes 1..9 step 1 make 9"*
PARALLEL_SEQ=0 SMTGRIND_SHARDS=2|2:*"PARALLEL_SEQ is 0"*
X=1|2:*"none of SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, PARALLEL_SEQ is set"*
SHARDS
  rm -rf "$tmp/sa"
  run env JOB_COMPLETION_INDEX=2 "$bin" campaign --shard auto --shards 3 --solvers "$fake sat" --engines opfuzz \
    --budget 0 --no-reduce --no-report --log --out "$tmp/sa" seeds
  check "--shard auto --shards 3 with JOB_COMPLETION_INDEX=2: shard 2/3" eval '[ $code = 0 ] && [[ $err == *"shard 2/3 (from JOB_COMPLETION_INDEX)"* ]]'
  run "$bin" campaign --shards 3 --solvers "$fake sat" --budget 0 --out "$tmp/sb" seeds
  check "--shards without --shard auto: usage error" eval '[ $code = 2 ] && [[ $err == *"--shards belongs to --shard auto"* ]]'
  run "$bin" campaign --engines frob seeds
  check "unknown engine: usage error" eval '[ $code = 2 ] && [[ $err == *"unknown engine"* ]]'
  run "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 3 -j 1 --seed 9 --slice 1 --log --no-report --shard 0/2 --out "$tmp/s0" seeds
  local n0=$code
  run "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 3 -j 1 --seed 9 --slice 1 --log --no-report --shard 1/2 --out "$tmp/s1" seeds
  local seeds0 seeds1
  seeds0=$("$bin" bugs export "$tmp/s0" | grep -o '"seeds": \["[^"]*"' | sort -u)
  seeds1=$("$bin" bugs export "$tmp/s1" | grep -o '"seeds": \["[^"]*"' | sort -u)
  local nseeds half
  nseeds=$(find seeds -maxdepth 1 -name '*.smt2' | wc -l)
  half=$((nseeds / 2)) # shard 1/2 takes the seeds at odd positions
  check "shards: $((nseeds - half)) and $half seeds, disjoint" \
    eval '[ $n0 = 10 ] && [ $code = 10 ] && [[ $err == *"$half seeds"*"shard 1/2"* ]] && [ -n "$seeds0" ] && [ -z "$(comm -12 <(echo "$seeds0") <(echo "$seeds1"))" ]'
  local f0 f1
  f0=$("$bin" bugs export "$tmp/s0" | grep -c '"name"')
  f1=$("$bin" bugs export "$tmp/s1" | grep -c '"name"')
  run "$bin" merge --out "$tmp/m" "$tmp/s0" "$tmp/s1"
  local fm bm
  fm=$("$bin" bugs export "$tmp/m" | grep -c '"name"')
  bm=$("$bin" bugs list "$tmp/m" | tail -n +2 | wc -l)
  check "merge: every finding, deduplicated across shards (three crash locations, three buckets)" \
    eval '[ $code = 0 ] && [ "$fm" = $((f0 + f1)) ] && [ "$bm" = 3 ] && "$bin" bugs check "$tmp/m" >/dev/null && "$bin" report "$tmp/m" >/dev/null'
  # The printed resume command is one shell word per argument, whatever the directory's name.
  local qd="$tmp/my camp'x" rest
  run "$bin" campaign --solvers "$fake sat" --engines opfuzz --budget 1 -j 1 --seed 9 --no-reduce --no-report --out "$qd" seeds
  rest=$(sed -n "s/.*continue with: smtgrind campaign --resume //p" "$out_file")
  check "continue with: the directory is shell-quoted (a space and a quote)" \
    eval '[ $code = 0 ] && [[ $rest == "'"'"'"* ]] && (eval "set -- $rest"; [ $# = 1 ] && [ "$1" = "$qd" ])'
  run "$bin" campaign --solvers "$fake sat" --engines typefuzz --budget 1 --out "$qd" seeds
  check "an existing campaign with other settings: the suggested --resume is quoted too" \
    eval '[ $code = 2 ] && [[ $err == *"--resume '"'"'$tmp/my camp'"'"'\\'"'"''"'"'x'"'"', or choose"* ]]'
  # unspecified (issue 13): kept as pairs and in buckets of their own, never a bug: exit 0,
  # bug 0 in bugs list, also after bugs recover
  mkdir -p "$tmp/useeds" && cp tests/data/oracle/pow_zero_zero.smt2 "$tmp/useeds/"
  run "$bin" campaign --solvers "z3;$fake unsat" --engines opfuzz --budget 2 -j 1 --seed 3 --no-reduce --no-report --out "$tmp/ucamp" "$tmp/useeds"
  local upairs ucode=$code
  upairs=$(find "$tmp/ucamp/findings" -name 'unspecified-*.json' | wc -l)
  run "$bin" bugs recover "$tmp/ucamp"
  run "$bin" bugs list "$tmp/ucamp"
  local urows
  urows=$(tail -n +2 <<<"$out" | awk -F'\t' '{print $2, $7, $10}' | sort -u | tr '\n' ';')
  check "campaign: 0^0 disagreements are unspecified pairs in unspecified buckets, bug 0, exit 0 (recover does not make them bugs)" \
    eval '[ "$ucode" = 0 ] && [ "$upairs" -gt 0 ] && [ $code = 0 ] && [ "$urows" = "unspecified off 0;" ]'
  # issue 15: engines that need labels label unlabelled seeds (the consensus of the solvers
  # under test, DIR/labels.tsv)
  mkdir -p "$tmp/lseeds" && cp examples/qf_lia.smt2 examples/qf_bv.smt2 "$tmp/lseeds/"
  run "$bin" campaign --solvers "z3;cvc5" --engines sae --budget 2 -j 1 --seed 3 --model-sample 40 \
    --chain-timeouts 2 --referee none --no-reduce --no-report --out "$tmp/lcamp" "$tmp/lseeds"
  local lrows lcode=$code lerr=$err
  lrows=$(awk -F'\t' '{n = split($5, a, "/"); print $4, a[n]}' "$tmp/lcamp/labels.tsv" | sort | tr '\n' ';')
  run "$bin" campaign --resume "$tmp/lcamp" --budget 1 --log --no-report
  check "campaign: unlabelled seeds labelled first (labels.tsv: qf_bv unsat, qf_lia sat); --resume reads the cache" \
    eval '[ "$lcode" = 0 ] && [[ $lerr == *"labelled 2 seeds (0 from the cache)"* ]] && [[ $lerr == *"(2 labelled, shard 0/1)"* ]] && [ "$lrows" = "sat qf_lia.smt2;unsat qf_bv.smt2;" ] && [ $code = 0 ] && [[ $err == *"labelled 2 seeds (2 from the cache)"* ]]'
}

# ---- reduce: the reducer's command line (no real solver: grep and the fake solver) ------------
group_reduce() {
  local fake in_bytes
  fake=$(dirname "$bin")/fake_solver
  in_bytes=$(wc -c < examples/qf_bv.smt2)
  run "$bin" reduce -q -j 2 examples/qf_bv.smt2 "$tmp/r1.smt2" -- grep -q bvlshr
  check "reduce with a grep predicate: exit 0, a summary line" \
    eval '[ $code = 0 ] && [[ $out == "reduced examples/qf_bv.smt2 -> "*" checks, "*" cache hits, "* ]]'
  run "$bin" parse "$tmp/r1.smt2"
  check "the reduced file parses, keeps bvlshr and is 4x smaller" \
    eval '[ $code = 0 ] && grep -q bvlshr "$tmp/r1.smt2" && [ $(( $(wc -c < "$tmp/r1.smt2") * 4 )) -lt "$in_bytes" ]'
  run "$bin" reduce examples/qf_bv.smt2 "$tmp/r2.smt2" --match-out nothere -- grep bvlshr
  check "reduce: a golden run that does not match is an input error" \
    eval '[ $code = 2 ] && [[ $err == *"golden run: its stdout does not contain --match-out '"'nothere'"'"* ]] && [ ! -e "$tmp/r2.smt2" ]'
  run "$bin" reduce --regex-err 'x' examples/qf_bv.smt2 "$tmp/r2.smt2" -- grep bvlshr
  check "reduce: a golden run whose stderr misses --regex-err is named by that rule" \
    eval '[ $code = 2 ] && [[ $err == *"golden run: its stderr does not match --regex-err '"'x'"'"* ]]'
  # OUT is replaced after every improvement: never the input, nor anything but a regular file.
  cp examples/qf_bv.smt2 "$tmp/rin.smt2"
  ln -sf rin.smt2 "$tmp/rlink.smt2"
  mkfifo "$tmp/rfifo"
  local o
  for o in rin.smt2 rlink.smt2; do
    run "$bin" reduce -q "$tmp/rin.smt2" "$tmp/$o" -- grep -q bvlshr
    check "reduce: OUT $o names the input: exit 2, the input untouched" \
      eval '[ $code = 2 ] && [[ $err == "$tmp/$o: error: names the input "*"give another OUT" ]] && cmp -s "$tmp/rin.smt2" examples/qf_bv.smt2'
  done
  run "$bin" reduce -q "$tmp/rlink.smt2" "$tmp/rin.smt2" -- grep -q bvlshr
  check "reduce: IN a link to OUT: exit 2, the input untouched" \
    eval '[ $code = 2 ] && cmp -s "$tmp/rin.smt2" examples/qf_bv.smt2'
  printf 'old\n' > "$tmp/rtarget.smt2"
  ln -sf rtarget.smt2 "$tmp/rout-link.smt2"
  run "$bin" reduce -q examples/qf_bv.smt2 "$tmp/rout-link.smt2" -- grep -q bvlshr
  check "reduce: OUT a link to a file: written through (still a link; the file holds the result)" \
    eval '[ $code = 0 ] && [ -L "$tmp/rout-link.smt2" ] && grep -q bvlshr "$tmp/rtarget.smt2"'
  ln -sf no/such/file "$tmp/rdangling.smt2"
  run "$bin" reduce -q examples/qf_bv.smt2 "$tmp/rdangling.smt2" -- grep -q bvlshr
  check "reduce: OUT a dangling link: exit 2 before anything runs, naming OUT" \
    eval '[ $code = 2 ] && [[ $err == "$tmp/rdangling.smt2: error: a link to no file: No such file or directory" ]]'
  # IN read from /dev/stdin (a link to a file read to its end): the golden run gets a copy.
  run "<examples/qf_bv.smt2" "$bin" reduce -q /dev/stdin "$tmp/rstdin.smt2" -- grep -q bvlshr
  check "reduce /dev/stdin: the golden run sees the input (the result keeps bvlshr)" \
    eval '[ $code = 0 ] && grep -q bvlshr "$tmp/rstdin.smt2"'
  run "$bin" reduce -q -t 5 examples/qf_bv.smt2 "$tmp/rfifo" -- grep -q bvlshr
  check "reduce: OUT a FIFO: exit 2 before anything runs, still a FIFO" \
    eval '[ $code = 2 ] && [[ $err == *"rfifo: error: not a regular file"* ]] && [ -p "$tmp/rfifo" ]'
  run "$bin" reduce -q examples/qf_bv.smt2 "$tmp/no/such/dir/r.smt2" -- grep -q bvlshr
  check "reduce: OUT in a missing directory: exit 2 naming OUT and why" \
    eval '[ $code = 2 ] && [[ $err == "$tmp/no/such/dir/r.smt2: error: cannot write in $tmp/no/such/dir: No such file or directory" ]]'
  # --budget counts from the start and stops the candidates still running: a command that is
  # quick on the input and hangs on every candidate, -t 60, --budget 2.
  printf '#!/bin/sh\ncase "$1" in */cand*) exec sleep 37;; esac\nexec grep -q bvlshr "$1"\n' > "$tmp/rslow.sh"
  chmod +x "$tmp/rslow.sh"
  local b0 b1
  b0=$(date +%s)
  run "$bin" reduce -q -j 2 -t 60 --budget 2 examples/qf_bv.smt2 "$tmp/rb.smt2" -- "$tmp/rslow.sh"
  b1=$(date +%s)
  check "reduce --budget 2 -t 60 with hanging candidates: ends by 5 s with the input, nothing left running" \
    eval '[ $code = 0 ] && [[ $out == *"(budget reached)" ]] && [ $((b1 - b0)) -le 5 ] && grep -q bvlshr "$tmp/rb.smt2" && ! pgrep -f "sleep 37" > /dev/null'
  # Both golden runs (the command's and the cross-check's) share the budget.
  printf '#!/bin/sh\nsleep 1.5\nexec grep -q bvlshr "$1"\n' > "$tmp/rslow2.sh"
  chmod +x "$tmp/rslow2.sh"
  run "$bin" reduce -q -j 1 --budget 2 -c "$tmp/rslow2.sh" examples/qf_bv.smt2 "$tmp/rc.smt2" -- "$tmp/rslow2.sh"
  check "reduce --budget 2 with two 1.5-s golden runs: the second gets the time left, exit 2" \
    eval '[ $code = 2 ] && [[ $err == *"cross-check golden run: the golden run timed out (after 0."*" s, the time left of --budget)"* ]]'
  run "$bin" reduce tests/parse/unknown_symbol.smt2 "$tmp/r3.smt2" -- grep x
  check "reduce: an input that does not parse: exit 2 with its position" \
    eval '[ $code = 2 ] && [[ $(first_err_line) == tests/parse/unknown_symbol.smt2:*:*": error: "* ]]'
  run "$bin" reduce examples/qf_bv.smt2 "$tmp/r4.smt2"
  check "reduce: no command is a usage error" test "$code" = 2
  run "$bin" reduce --strategy best examples/qf_bv.smt2 "$tmp/r4.smt2" -- grep x
  check "reduce: an unknown strategy is a usage error" test "$code" = 2
  run "$bin" reduce -j 0 examples/qf_bv.smt2 "$tmp/r4.smt2" -- grep x
  check "reduce: --jobs 0 is a usage error" test "$code" = 2
  run "$bin" reduce --match-out a --regex-out b examples/qf_bv.smt2 "$tmp/r4.smt2" -- grep x
  check "reduce: --match-out with --regex-out (one would go unused) is a usage error" \
    eval '[ $code = 2 ] && [[ $err == *"--match-out and --regex-out judge the same stream"* ]]'
  run "$bin" reduce --ignore-output --match-err a examples/qf_bv.smt2 "$tmp/r4.smt2" -- grep x
  check "reduce: a rule for an ignored stream is a usage error" \
    eval '[ $code = 2 ] && [[ $err == *"--match-err is given for a stream that is ignored"* ]]'
  run "$bin" reduce --finding "$tmp/none.json" --match-out a "$tmp/r4.smt2"
  check "reduce --finding with a command rule is a usage error" \
    eval '[ $code = 2 ] && [[ $err == *"--finding judges by the finding: --match-out does not apply"* ]]'
  run "$bin" reduce --regex-out '(' examples/qf_bv.smt2 "$tmp/r4.smt2" -- grep x
  check "reduce: a bad regex is a usage error" eval '[ $code = 2 ] && [[ $err == *"bad regular expression"* ]]'
  # --finding: a crash finding written by hand (the fake solver segfaults on any input)
  if [ -x "$fake" ]; then
    cp examples/qf_lia.smt2 "$tmp/crash-fake-w0-000001.smt2"
    printf '{"kind": "crash", "solver": "fake_solver", "query": -1, "trigger": "crash-fake-w0-000001.smt2",\n "expected": null, "runs": [{"solver": "fake_solver", "command": ["%s", "segv"], "outcome": "crash"}]}\n' "$fake" > "$tmp/crash-fake-w0-000001.json"
    run "$bin" reduce --finding "$tmp/crash-fake-w0-000001.json" "$tmp/r5.smt2" --budget 60
    check "reduce --finding: a crash finding is reduced to one command" \
      eval '[ $code = 0 ] && [ "$(grep -c "^(" "$tmp/r5.smt2")" = 1 ] && "$bin" parse -q "$tmp/r5.smt2"'
    # Under --budget the golden run's solvers, one after the other, share the time left (two
    # hanging solvers took 2 s each beside a 2-s budget), and the culprit runs first (so the
    # others cannot leave it none).
    # (the hanging solvers sleep a time no other test uses: pgrep finds only theirs, also
    # beside the other tests ctest runs at once)
    printf '#!/bin/sh\nsleep 39.7\n' > "$tmp/hang397.sh"
    chmod +x "$tmp/hang397.sh"
    printf '{"kind": "crash", "solver": "fake_solver", "query": -1, "trigger": "crash-fake-w0-000001.smt2",\n "expected": null, "runs": [{"solver": "h1", "command": ["%s"], "outcome": "timeout"}, {"solver": "fake_solver", "command": ["%s", "segv"], "outcome": "crash"}, {"solver": "h2", "command": ["%s"], "outcome": "timeout"}]}\n' "$tmp/hang397.sh" "$fake" "$tmp/hang397.sh" > "$tmp/crash-hang.json"
    cp "$tmp/crash-fake-w0-000001.smt2" "$tmp/crash-hang.smt2"
    sed -i 's/"trigger": "crash-fake-w0-000001.smt2"/"trigger": "crash-hang.smt2"/' "$tmp/crash-hang.json"
    local h0 h1
    h0=$(date +%s%N)
    run "$bin" reduce --finding "$tmp/crash-hang.json" "$tmp/r5h.smt2" --budget 2
    h1=$(date +%s%N)
    check "reduce --finding --budget 2 with two hanging solvers beside the culprit: the golden run reproduces, all ends by 3.5 s" \
      eval '[ $code = 0 ] && [ $(( (h1 - h0) / 1000000 )) -le 3500 ] && [[ $err == *"keeping crash (fake_solver crashed"* ]] && ! pgrep -f "sleep 39.7" > /dev/null'
    for o in crash-fake-w0-000001.smt2 crash-fake-w0-000001.json; do
      run "$bin" reduce --finding "$tmp/crash-fake-w0-000001.json" "$tmp/$o" --budget 60
      check "reduce --finding: OUT $o (the finding's own file): exit 2, untouched" \
        eval '[ $code = 2 ] && [[ $err == *"which reduce would overwrite"* ]] && cmp -s "$tmp/crash-fake-w0-000001.smt2" examples/qf_lia.smt2 && grep -q segv "$tmp/crash-fake-w0-000001.json"'
    done
    printf '{"kind": "crash", "solver": "fake_solver", "trigger": "crash-fake-w0-000001.smt2", "runs": [{"solver": "fake_solver", "command": ["%s", "sat"]}]}\n' "$fake" > "$tmp/nocrash.json"
    run "$bin" reduce --finding "$tmp/nocrash.json" "$tmp/r6.smt2"
    check "reduce --finding: a finding that does not reproduce is an input error" \
      eval '[ $code = 2 ] && [[ $err == *"does not reproduce"* ]]'
    # The blamed solver's own crash decides, even when a solver before it crashes too (the
    # oracle puts that one first): the finding reproduces and reduces.
    printf '{"kind": "crash", "solver": "fake_b", "trigger": "crash-fake-w0-000001.smt2", "runs": [{"solver": "fake_a", "command": ["%s", "segv"]}, {"solver": "fake_b", "command": ["%s", "segv"]}]}\n' "$fake" "$fake" > "$tmp/crash2.json"
    run "$bin" reduce --finding "$tmp/crash2.json" "$tmp/r6b.smt2" --budget 60
    check "reduce --finding: a crash of the second solver reduces when the first crashes too" \
      eval '[ $code = 0 ] && [ "$(grep -c "^(" "$tmp/r6b.smt2")" = 1 ]'
  fi
  # The cvc4 1.8 invalid model on an array from bit-vectors to Bool read at a computed index
  # (README): a finding recorded when our evaluator refuted cvc4's model, and one recorded when
  # cvc4's own --check-models failed. Both reduce: the golden run (where --check-models fires)
  # used to reject the first ("does not reproduce ... verdict invalid-model").
  if command -v cvc4 >/dev/null && command -v cvc5 >/dev/null && command -v z3 >/dev/null; then
    local j
    for j in evaluator self; do
      run "$bin" reduce --finding "tests/data/reduce/invalid-model-cvc4-abv-$j.json" "$tmp/r-abv-$j.smt2" --budget 20
      check "reduce --finding: cvc4 invalid model on (select c (bvurem a #x10)) ($j) reduces" \
        eval '[ $code = 0 ] && grep -q "(select c (bvurem a #x10))" "$tmp/r-abv-$j.smt2"'
    done
  fi
  # cvc4's own check failing on cos (docs/bugs.md 8.1): an invalid model (our evaluator refutes
  # the model) reduces and stays one; a checker crash (the model is right) reduces and stays
  # one; an invalid-model finding recorded on the checker case no longer reproduces as such.
  if command -v cvc4 >/dev/null && command -v cvc5 >/dev/null && command -v z3 >/dev/null; then
    run "$bin" reduce --finding tests/data/reduce/invalid-model-cvc4-cos.json "$tmp/r-cos.smt2" --budget 30
    # (the reduced (= (+ b (cos 1.0)) 1.0) no longer trips cvc4's own check, but our evaluator
    # still refutes its model b = 1 + sin 1)
    check "reduce --finding: cvc4's cos invalid model reduces and our evaluator still refutes its model" \
      eval '[ $code = 0 ] && grep -q "cos" "$tmp/r-cos.smt2" && { "$bin" check --solvers cvc4 "$tmp/r-cos.smt2" || true; } | grep -q "verdict: invalid-model: cvc4.s .*model falsifies an assertion (our evaluator)"'
    run "$bin" reduce --finding tests/data/reduce/crash-cvc4-cos-checker.json "$tmp/r-cosc.smt2" --budget 30
    check "reduce --finding: cvc4's checker crash on a right cos model reduces and stays a checker crash" \
      eval '[ $code = 0 ] && { "$bin" check --solvers cvc4 "$tmp/r-cosc.smt2" || true; } | grep -q "verdict: crash: cvc4.s own model check failed on a model that satisfies"'
    run "$bin" reduce --finding tests/data/reduce/invalid-model-cvc4-cos-checker-old.json "$tmp/r-coso.smt2" --budget 30
    check "reduce --finding: an invalid-model finding whose model is right does not reproduce (verdict crash), exit 2" \
      eval '[ $code = 2 ] && [[ $err == *"does not reproduce"*"verdict crash"* ]] && [ ! -e "$tmp/r-coso.smt2" ]'
    # The same right model beside another solver's unsat: the unsat is the finding (soundness),
    # reported before the checker, and it reduces as one (cvc4's failed check counts as sat).
    run "$bin" check --solvers "cvc4;$fake unsat" tests/data/reduce/crash-cvc4-cos-checker.smt2
    check "check: cvc4's check fails on a right model, fake_solver says unsat: soundness blamed on fake_solver, exit 10" \
      eval '[ $code = 10 ] && [[ $out == *"verdict: soundness: fake_solver answered unsat on query 1 but cvc4"?"s model satisfies every assertion"* ]] && [[ $out == *"blamed: fake_solver"* ]]'
    python3 - "$(realpath "$fake")" tests/data/reduce/crash-cvc4-cos-checker.json "$tmp/snd-checker.json" <<'PY'
import json, sys
f = json.load(open(sys.argv[2]))
f.update(kind="soundness", solver="fake_solver", query=0, trigger="snd-checker.smt2",
         why="fake_solver answered unsat on query 1 but cvc4's model satisfies every assertion")
f["runs"] = [r for r in f["runs"] if r["solver"] == "cvc4"] + [dict(
    solver="fake_solver", command=[sys.argv[1], "unsat"], outcome="ok", answers=["unsat"],
    exit_code=0, signal=0, reason="1 answer", signature=None, model=None, note=None)]
json.dump(f, open(sys.argv[3], "w"))
PY
    cp tests/data/reduce/crash-cvc4-cos-checker.smt2 "$tmp/snd-checker.smt2"
    run "$bin" reduce --finding "$tmp/snd-checker.json" "$tmp/r-snd.smt2" --budget 30
    check "reduce --finding: that soundness finding reproduces and reduces (fake_solver still blamed)" \
      eval '[ $code = 0 ] && { "$bin" check --solvers "cvc4;$fake unsat" "$tmp/r-snd.smt2" || true; } | grep -q "blamed: fake_solver"'
  fi
  run "$bin" reduce --finding "$tmp/missing.json" "$tmp/r7.smt2"
  check "reduce --finding: a missing JSON file is an input error" test "$code" = 2
  run "$bin" reduce "" "$tmp/r8.smt2" -- grep x
  check "reduce on '"''"': exit 2 naming the empty path" \
    eval '[ $code = 2 ] && [[ $err == "'"''"': error: an empty path names no file" ]]'
  mkdir -p "$tmp/rdir"
  run "$bin" reduce "$tmp/rdir" "$tmp/r8.smt2" -- grep x
  check "reduce on a directory: exit 2 naming it" \
    eval '[ $code = 2 ] && [[ $err == "$tmp/rdir: error: "*"Is a directory" ]]'
  if [ -x "$fake" ]; then
    # Without -t the golden run has a limit (60 s or the budget): a hanging command returns.
    local t0 t1
    t0=$(date +%s)
    run "$bin" reduce --budget 2 examples/qf_lia.smt2 "$tmp/r9.smt2" -- "$fake" hang
    t1=$(date +%s)
    check "reduce without -t on a hanging command: the golden run stops at the budget, exit 2" \
      eval '[ $code = 2 ] && [[ $err == *"golden run timed out (after "*" s, the time left of --budget)"* ]] && [ $((t1 - t0)) -le 6 ] && [ ! -e "$tmp/r9.smt2" ]'
    # The culprit's binary gone after its fourth run (the golden run and a few candidates):
    # the reduction stops, exit 2, and says why; before, every later candidate was taken for
    # one that no longer fails and the run ended "reduced", exit 0.
    printf '#!/bin/sh\nexec "%s" unsat "$@"\n' "$(realpath "$fake")" > "$tmp/fu"
    chmod +x "$tmp/fu"
    run "$bin" opfuzz --solvers "z3;$tmp/fu" --mutants 2 --seed 1 -t 5 --out "$tmp/rgone" examples/qf_lia.smt2
    local gj
    gj=$(ls "$tmp"/rgone/soundness-fu-*.json 2>/dev/null | head -n 1)
    printf '#!/bin/sh\nn=$(cat "%s/fu.n" 2>/dev/null || echo 0); echo $((n + 1)) > "%s/fu.n"\n[ "$n" -ge 3 ] && rm -f "$0"\nexec "%s" unsat "$@"\n' \
      "$tmp" "$tmp" "$(realpath "$fake")" > "$tmp/fu"
    run "$bin" reduce --finding "$gj" "$tmp/rgone.smt2"
    check "reduce --finding whose solver stops starting: stops, exit 2, says so" \
      eval '[ -n "$gj" ] && [ $code = 2 ] && [[ $err == *"a solver (or the command) could not be started: the reduction stopped there"* ]]'
  fi
}

# ---- janus: the implication and regression oracles with a fake solver ----------------------
group_janus() {
  local fake
  fake=$(dirname "$bin")/fake_solver
  [ -x "$fake" ] || { fail "fake_solver not built next to $bin"; return; }
  mkdir -p "$tmp/js"
  "$bin" print examples/qf_lia.smt2 > "$tmp/js/lia.smt2"
  printf 'path\tlogic\tstatus\nlia.smt2\tQF_LIA\tsat\n' > "$tmp/js/INDEX.tsv"
  local size
  size=$(wc -c < "$tmp/js/lia.smt2")
  # decided (sat) while the script is at most size+80 bytes, unknown beyond: the step that
  # crosses the line is an implication finding
  run "$bin" janus --solvers "$fake unknown_longer $((size + 80))" --seed 5 --mutants 30 --steps 10 -i 3 --out "$tmp/j1" "$tmp/js"
  check "janus implication: unknown right after a decided step is a finding, exit 10" \
    eval '[ $code = 10 ] && ls "$tmp"/j1/incompleteness-fake_solver-*.json >/dev/null 2>&1 && grep -q "\"oracle\": \"implication\"" "$tmp"/j1/*.json && grep -q "\"previous\": " "$tmp"/j1/*.json && grep -q "\"rule\": " "$tmp"/j1/*.json'
  local f
  f=$(ls "$tmp"/j1/*.json | head -n 1)
  check "the finding's previous step is decided-size, its mutant is beyond" \
    python3 -c "import json,sys; j=json.load(open('$f')); t=open('${f%.json}.smt2').read(); sys.exit(not (len(j['previous'].encode()) <= $size + 80 < len(t.encode())))"
  run "$bin" parse "$tmp"/j1/*.smt2
  check "every janus trigger parses" test "$code" = 0
  run "$bin" janus --solvers "$fake unknown_longer 1000000" --seed 5 --mutants 20 --steps 10 -i 2 --out "$tmp/j2" "$tmp/js"
  check "janus with a solver that always decides: no finding, exit 0" \
    eval '[ $code = 0 ] && [ -z "$(ls "$tmp/j2")" ]'
  run "$bin" janus --solvers "z3;$fake unknown_longer 0" --reference z3 --seed 5 --mutants 4 --steps 4 -i 1 --out "$tmp/j3" "$tmp/js"
  check "janus regression: z3 decides, the other solver does not: findings with oracle regression" \
    eval '[ $code = 10 ] && grep -q "\"oracle\": \"regression\"" "$tmp"/j3/*.json && ! grep -q "\"kind\": \"soundness\"" "$tmp"/j3/*.json'
  run "$bin" janus --solvers "z3" --reference cvc5 "$tmp/js"
  check "--reference must name one of the solvers" eval '[ $code = 2 ] && [[ $err == *"not one of the --solvers"* ]]'
  run "$bin" opfuzz --steps 3 examples/qf_lia.smt2
  check "--steps belongs to janus" eval '[ $code = 2 ] && [[ $err == *"belongs to"* ]]'
  run "$bin" janus --solvers "$fake sat;z3" --mutants 2 --out "$tmp/jl" examples/qf_bv.smt2
  check "janus on a seed the solvers disagree on: no label, exit 2 with the reason" \
    eval '[ $code = 2 ] && [[ $err == *"janus needs 1 seed labelled"* ]]'
  run "$bin" janus --solvers z3 --mutants 2 --out "$tmp/jl2" examples/qf_lia.smt2
  check "janus without labels: labelled by the solver under test, then run" \
    eval '[ $code = 0 ] && [[ $err == *"labelled 1 seed"* ]] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 2 "* ]]'
}

# ---- supervise: stop signals reach every process; nothing is left behind -------------------
# Each case has a marker of its own in its solver's argv or directory, so that /proc (pgrep -f)
# shows what is left. `env --default-signal` undoes the SIGINT that a script's background job
# ignores (a terminal's Ctrl-C is what these cases stand for).
leftovers() { pgrep -f "$1" || true; }
reap_marker() { local p; for p in $(pgrep -f "$1" || true); do kill -9 "$p" 2>/dev/null || true; done; }
# reap_left PID MARKER: wait for PID (its status into code; set -e again), then what is left of
# MARKER's processes into left.
reap_left() { wait "$1" 2>/dev/null; code=$?; set -e; sleep 0.3; left=$(leftovers "$2"); }
# kill9_run MARKER MIN CMD...: run CMD in the background (TMPDIR=$sd/tmp-MARKER) until MIN
# processes "hang MARKER" run, kill -9 it, then wait up to 3 s for none of MARKER's processes
# and an empty TMPDIR. Sets pid, had (MIN were seen), guard (its guardian was seen) and left.
kill9_run() {
  local m=$1 min=$2 n=0
  shift 2
  set +e
  TMPDIR="$sd/tmp-$m" "$@" </dev/null >/dev/null 2>&1 &
  pid=$!
  until [ "$(leftovers "hang $m" | wc -l)" -ge "$min" ] || [ $n -ge 200 ]; do sleep 0.1; n=$((n + 1)); done
  had=0
  guard=0
  [ "$(leftovers "hang $m" | wc -l)" -ge "$min" ] && had=1
  pgrep -f "^sg-guard $pid\$" >/dev/null && guard=1
  kill -9 "$pid"
  wait "$pid" 2>/dev/null
  set -e
  n=0
  until { [ -z "$(leftovers "$m")" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]; } || [ $n -ge 30 ]; do sleep 0.1; n=$((n + 1)); done
  left=$(leftovers "$m")
}
# envi_script FAKE MARKER PATH: a solver script that clears its environment, then starts one
# "FAKE hang MARKER" in the background and waits for another (no word of ours in either).
envi_script() {
  printf '#!/bin/sh\nexec env -i /bin/sh -c '"'"'"%s" hang %s & "%s" hang %s'"'"'\n' "$1" "$2" "$1" "$2" >"$3"
  chmod +x "$3"
}
# slice_states DB: "STATE COUNT" lines of the campaign's slices.
slice_states() {
  python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
for s, n in c.execute("SELECT state, count(*) FROM slices GROUP BY state ORDER BY state"): print(s, n)' "$1"
}
# supervise_envi: the kill of a solver script's children that cleared their environment (no
# word of ours in them): the guardian kills them by their process group. Also a group of its
# own, which the supervise group runs again inside `unshare --pid` (sessions read 0 there).
supervise_envi() {
  local fake sd=$tmp/supenv m pid n left had guard
  code=0
  fake=$(realpath "$(dirname "$bin")/fake_solver")
  mkdir -p "$sd"
  # kill -9 of check whose solver script clears its environment before it starts its children
  # (no word of ours in it for the guardian's scan to find): they are still in the solver's
  # process group, which the guardian was told of (sg_guard_group). Before, both ran on.
  m=sgsup$$x${RANDOM}k9envi
  mkdir -p "$sd/tmp-$m"
  envi_script "$fake" "$m" "$sd/hang-$m.sh"
  kill9_run "$m" 2 "$bin" check -t 60 --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2
  check "kill -9 of check: a solver script that cleared its environment has its children killed too (its process group)" \
    eval '[ $had = 1 ] && [ $guard = 1 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
  reap_marker "$m"
  # A worker killed while its solver runs (as by the OOM killer; its solver dies by PDEATHSIG)
  # sends no word that the solver's group is over: the run then ends normally, and its guardian,
  # still told of that group, kills what the solver script left in it (children with their
  # environment cleared). Before, they ran on after the normal end.
  m=sgsup$$x${RANDOM}deadw
  mkdir -p "$sd/tmp-$m"
  envi_script "$fake" "$m" "$sd/hang-$m.sh"
  set +e
  TMPDIR="$sd/tmp-$m" "$bin" opfuzz --solvers "$sd/hang-$m.sh" -t 30 --jobs 2 --seed 3 --budget 4 \
    --out "$sd/deadw-$m" examples/qf_lia.smt2 examples/qf_bv.smt2 </dev/null >/dev/null 2>&1 &
  pid=$!
  n=0
  until [ "$(leftovers "hang $m" | wc -l)" -ge 2 ] || [ $n -ge 100 ]; do sleep 0.1; n=$((n + 1)); done
  local lead wk
  lead=$(ps -o pgid= -p "$(leftovers "hang $m" | head -n 1)" | tr -d ' ')
  wk=$(ps -o ppid= -p "$lead" | tr -d ' ')
  kill -9 "$wk"
  wait "$pid" 2>/dev/null
  code=$?
  set -e
  sleep 0.3
  left=$(leftovers "hang $m")
  check "a worker killed while its solver script ran: after the normal end nothing of that script is left" \
    eval '[ -n "$wk" ] && [ "$wk" != "$pid" ] && [ -z "$left" ]'
  reap_marker "$m"
}
group_supervise_envi() { supervise_envi; }
group_supervise() {
  local fake
  fake=$(dirname "$bin")/fake_solver
  [ -x "$fake" ] || { fail "fake_solver not built next to $bin"; return; }
  fake=$(realpath "$fake") # solver scripts run in a directory of their own
  local sd=$tmp/sup m sig pid n left
  mkdir -p "$sd"
  # check stopped by Ctrl-C or a hangup (SIGTERM: cli_check): the solver script and its child
  # (one process group) are gone, and the private directories.
  for sig in INT HUP; do
    m=sgsup$$x${RANDOM}check$sig
    mkdir -p "$sd/tmp-$m"
    printf '#!/bin/sh\n"%s" hang %s\n' "$fake" "$m" >"$sd/hang-$m.sh"
    chmod +x "$sd/hang-$m.sh"
    run env TMPDIR="$sd/tmp-$m" timeout -k 5 -s "$sig" 2 env --default-signal "$bin" check -t 10 \
      --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2
    sleep 0.3
    left=$(leftovers "$m")
    check "check stopped by SIG$sig: no solver process left, no temporary directory left" \
      eval '[ $code = 124 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
    reap_marker "$m"
  done
  # kill -9 of check, and of enum while a session query runs: no signal of ours reaches the
  # solver script's own children (the one in the background, the one it waits for) or a session
  # solver deep in a query (no PR_SET_PDEATHSIG for sessions): the guardian (run/guard.h) kills
  # them and removes the private directories. Without it, all three ran on for the full -t.
  local had guard
  m=sgsup$$x${RANDOM}k9check
  mkdir -p "$sd/tmp-$m"
  printf '#!/bin/sh\n"%s" hang %s &\n"%s" hang %s\n' "$fake" "$m" "$fake" "$m" >"$sd/hang-$m.sh"
  chmod +x "$sd/hang-$m.sh"
  kill9_run "$m" 2 "$bin" check -t 60 --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2
  check "kill -9 of check: the solver script's children (background and waited for) die, no temporary directory is left" \
    eval '[ $had = 1 ] && [ $guard = 1 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ] && ! pgrep -f "^sg-guard $pid\$" >/dev/null'
  reap_marker "$m"
  m=sgsup$$x${RANDOM}k9sess
  mkdir -p "$sd/bin-$m" "$sd/tmp-$m"
  printf '#!/bin/sh\n[ "$1" = --version ] && { echo "Z3 version 4.8.12 - 64 bit"; exit 0; }\nexec "%s" hang %s\n' \
    "$fake" "$m" >"$sd/bin-$m/z3"
  chmod +x "$sd/bin-$m/z3"
  kill9_run "$m" 1 "$bin" enum ints --count 5 --solvers "$sd/bin-$m/z3" -t 60 --jobs 1 --out "$sd/enum-$m"
  check "kill -9 of enum during a session query: its session solver dies too" \
    eval '[ $had = 1 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
  reap_marker "$m"
  supervise_envi
  # The same where our session's leader is outside our PID namespace (a container, a CI
  # runner): every session id there reads 0, ours too. The group kill required a nonzero one,
  # and both cases failed in CI while passing here. Skipped where unshare is not allowed.
  if unshare --pid --fork --mount-proc true 2>/dev/null; then
    run unshare --pid --fork --mount-proc bash "${BASH_SOURCE[0]}" "$bin" supervise_envi
    check "in a PID namespace whose session leader is outside it: a solver script's env-cleared children are killed (kill -9, a dead worker)" \
      eval '[ $code = 0 ] && [[ $err == *"all 2 checks passed"* ]]'
  fi
  # A smtgrind in a PID namespace of its own (a container, `unshare --pid`) that shares our
  # $TMPDIR sees none of our PIDs: its sweep took a running check's private directory for a
  # dead process's and removed it (under an enumeration, every later solver start failed).
  # Skipped where unshare is not allowed.
  if unshare --pid --fork --mount-proc true 2>/dev/null; then
    m=sgsup$$x${RANDOM}pidns
    mkdir -p "$sd/tmp-$m"
    printf '#!/bin/sh\n"%s" hang %s\n' "$fake" "$m" >"$sd/hang-$m.sh"
    chmod +x "$sd/hang-$m.sh"
    set +e
    TMPDIR="$sd/tmp-$m" "$bin" check -t 60 --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2 </dev/null >/dev/null 2>&1 &
    pid=$!
    n=0
    until [ -n "$(leftovers "hang $m")" ] || [ $n -ge 100 ]; do sleep 0.1; n=$((n + 1)); done
    local before after
    before=$(ls "$sd/tmp-$m" | grep -c "^smtgrind-$pid-")
    TMPDIR="$sd/tmp-$m" unshare --pid --fork --mount-proc "$bin" enum ints --count 1 --solvers z3 -t 5 \
      --out "$sd/ns-$m" </dev/null >/dev/null 2>&1
    after=$(ls "$sd/tmp-$m" | grep -c "^smtgrind-$pid-")
    kill "$pid"
    wait "$pid" 2>/dev/null
    set -e
    check "a smtgrind in another PID namespace sharing TMPDIR leaves a running check's private directory alone" \
      eval '[ "$before" -ge 1 ] && [ "$after" = "$before" ]'
    reap_marker "$m"
  fi
  # kill -9 of an engine with two workers (forks that hold the guardian's socket too): the
  # script children of both die, and the workers' directories go.
  m=sgsup$$x${RANDOM}k9opf
  mkdir -p "$sd/tmp-$m"
  printf '#!/bin/sh\n"%s" hang %s &\n"%s" hang %s\n' "$fake" "$m" "$fake" "$m" >"$sd/hang-$m.sh"
  chmod +x "$sd/hang-$m.sh"
  kill9_run "$m" 4 "$bin" opfuzz --solvers "$sd/hang-$m.sh" -t 60 --jobs 2 --seed 3 --budget 120 \
    --out "$sd/opf-$m" examples/qf_lia.smt2 examples/qf_bv.smt2
  check "kill -9 of opfuzz --jobs 2: both workers' solver scripts and their children die, no temporary directory is left" \
    eval '[ $had = 1 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
  reap_marker "$m"
  # A stop signal spares what leads its own session (a helper a solver script shares with other
  # runs, such as an ssh ControlMaster; a hostile review: a second run using it then reported a
  # false crash) and kills the rest, as before.
  m=sgsup$$x${RANDOM}shared
  mkdir -p "$sd/tmp-$m"
  printf '#!/bin/sh\nsetsid "%s" hang %sd &\n"%s" hang %s\n' "$fake" "$m" "$fake" "$m" >"$sd/hang-$m.sh"
  chmod +x "$sd/hang-$m.sh"
  run env TMPDIR="$sd/tmp-$m" timeout -s TERM 2 "$bin" check -t 60 --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2
  sleep 0.5
  local helper solver
  helper=$(leftovers "hang ${m}d\$")
  solver=$(leftovers "hang ${m}\$")
  check "check stopped by SIGTERM: a solver script's helper in its own session lives on, its solver does not" \
    eval '[ $code = 124 ] && [ -n "$helper" ] && [ -z "$solver" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
  reap_marker "$m"
  # A normal end waits for its guardian (seen while the run lasts): none is left after it.
  m=sgsup$$x${RANDOM}guardend
  printf '#!/bin/sh\n"%s" hang %s\n' "$fake" "$m" >"$sd/hang-$m.sh"
  chmod +x "$sd/hang-$m.sh"
  set +e
  "$bin" check -t 1 --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2 </dev/null >/dev/null 2>&1 &
  pid=$!
  n=0
  until pgrep -f "^sg-guard $pid\$" >/dev/null || [ $n -ge 50 ]; do sleep 0.05; n=$((n + 1)); done
  guard=0
  pgrep -f "^sg-guard $pid\$" >/dev/null && guard=1
  wait "$pid"
  code=$?
  set -e
  check "a normal end: smtgrind's guardian, there while it ran, is gone when it exits" \
    eval '[ $guard = 1 ] && [ $code = 0 ] && ! pgrep -f "^sg-guard $pid\$" >/dev/null'
  reap_marker "$m"
  # No guardian (the first socketpair, or the first fork, fails: tests/fake/noguard.c): a
  # warning on stderr, and the run goes on as before, its solver stopped at -t and its private
  # directory removed; the solver sees an outer smtgrind's guard words, and no word of this one.
  local shim
  shim=$(realpath "$(dirname "$bin")/libsg_noguard.so")
  [ -f "$shim" ] || fail "libsg_noguard.so not built next to $bin"
  for how in socketpair fork; do
    m=sgsup$$x${RANDOM}noguard$how
    mkdir -p "$sd/tmp-$m"
    printf '#!/bin/sh\necho "$SMTGRIND_GUARD" >"%s"\nexec "%s" hang %s\n' "$sd/word-$m" "$fake" "$m" >"$sd/hang-$m.sh"
    chmod +x "$sd/hang-$m.sh"
    run env SG_NOGUARD=$how LD_PRELOAD="$shim" TMPDIR="$sd/tmp-$m" SMTGRIND_GUARD=outer.1 \
      ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
      "$bin" check -t 1 --solvers "$sd/hang-$m.sh" examples/qf_lia.smt2
    left=$(leftovers "$m")
    check "no guardian ($how fails): a warning, and the run ends as before with nothing left" \
      eval '[ $code = 0 ] && [[ $err == *"smtgrind: warning: no guardian process ("*")"* ]] && [[ $out == *timeout* ]] && [ "$(cat "$sd/word-$m")" = outer.1 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
    reap_marker "$m"
  done
  # Ctrl-C and a hangup reach the campaign's whole process group (a terminal sends them so; a
  # service manager sends SIGTERM so):
  # the workers ignore them and stop after their current mutant as the campaign tells them,
  # so every slice ends 'done' with its counts, the summary and report are written, exit
  # 128 + the signal (whatever was found).
  for sig in INT HUP TERM; do
    m=sgsup$$x${RANDOM}grp$sig
    local c=$sd/camp-$m
    set +e
    setsid env --default-signal "$bin" campaign --solvers "$fake hashcrash $m" --engines opfuzz --budget 120 -j 2 \
      --seed 9 --slice 1 --log --no-reduce --out "$c" seeds </dev/null >"$out_file" 2>"$err_file" &
    pid=$!
    n=0
    # Until both workers are in their first slice (findings written), or 20 s.
    until [ "$(find "$c/findings" -name '*.json' 2>/dev/null | wc -l)" -ge 4 ] || [ $n -ge 200 ]; do sleep 0.1; n=$((n + 1)); done
    sleep 1
    kill -"$sig" -- -"$pid"
    wait "$pid"
    code=$?
    set -e
    err=$(cat "$err_file")
    local states
    states=$(slice_states "$c/campaign.db" | awk '{print $1}' | tr '\n' ' ')
    sleep 0.3
    left=$(leftovers "$m")
    check "SIG$sig to the campaign's process group: stops after the current mutants, every slice done, nothing left" \
      eval '[ $code = $((128 + $(kill -l $sig))) ] && [ "$states" = "done " ] && [ -z "$left" ] && [[ $err == *"stopping after the current mutants"* ]] && [[ $err == *"(interrupted)"* ]]'
    reap_marker "$m"
  done
  # A hangup while the solvers' versions are probed (a solver script that hangs on
  # --version): the probe's group is killed, then the campaign dies of the signal.
  m=sgsup$$x${RANDOM}probe
  mkdir -p "$sd/tmp-$m"
  printf '#!/bin/sh\n"%s" hang %s\n' "$fake" "$m" >"$sd/hang-$m.sh"
  chmod +x "$sd/hang-$m.sh"
  set +e
  TMPDIR="$sd/tmp-$m" setsid "$bin" campaign --solvers "$fake hashcrash;$sd/hang-$m.sh" -t 20 --engines opfuzz --budget 60 \
    -j 2 --seed 9 --log --out "$sd/camp-$m" seeds </dev/null >"$out_file" 2>"$err_file" &
  pid=$!
  n=0
  until pgrep -f "$sd/hang-$m.sh --version" >/dev/null || [ $n -ge 200 ]; do sleep 0.1; n=$((n + 1)); done
  kill -HUP -- -"$pid"
  reap_left "$pid" "$m"
  check "SIGHUP while a solver's version is probed: the campaign dies of it, the probed solver's children too" \
    eval '[ $code = 129 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
  reap_marker "$m"
  # SIGTERM while a persistent session's query runs (regression: a session query did not look
  # at a pending stop signal, so the engine waited out the query and its z3 session process
  # outlived it). The solver is a script named z3 (the z3 profile: sessions on `-in`) that
  # answers --version and otherwise hangs; enum sends its first formula to the session.
  m=sgsup$$x${RANDOM}sess
  mkdir -p "$sd/bin-$m" "$sd/tmp-$m"
  printf '#!/bin/sh\n[ "$1" = --version ] && { echo "Z3 version 4.8.12 - 64 bit"; exit 0; }\nexec "%s" hang %s\n' \
    "$fake" "$m" >"$sd/bin-$m/z3"
  chmod +x "$sd/bin-$m/z3"
  set +e
  TMPDIR="$sd/tmp-$m" "$bin" enum ints --count 5 --solvers "$sd/bin-$m/z3" -t 60 --jobs 1 \
    --out "$sd/enum-$m" </dev/null >"$out_file" 2>"$err_file" &
  pid=$!
  n=0
  until pgrep -f "hang $m" >/dev/null || [ $n -ge 200 ]; do sleep 0.1; n=$((n + 1)); done
  local had_session=0
  pgrep -f "hang $m" >/dev/null && had_session=1
  local t0=$SECONDS
  kill -TERM "$pid"
  reap_left "$pid" "$m"
  check "SIGTERM during a session query: the engine dies of it within seconds, its session process too" \
    eval '[ $had_session = 1 ] && [ $code = 143 ] && [ $((SECONDS - t0)) -lt 10 ] && [ -z "$left" ] && [ -z "$(ls -A "$sd/tmp-$m")" ]'
  reap_marker "$m"
  # kill -9 of a campaign while a reduction runs: the reducer's `reduce` dies with it; an
  # immediate --resume takes the lock and removes what a kill can leave (the reduction's
  # output, a file of a finding pair half written).
  m=sgsup$$x${RANDOM}k9
  c=$sd/camp-$m
  set +e
  "$bin" campaign --solvers "$fake hashcrash $m" --engines opfuzz --budget 300 -j 2 --seed 9 --slice 1 --log \
    --out "$c" seeds </dev/null >"$out_file" 2>"$err_file" &
  pid=$!
  n=0
  until pgrep -f "reduce --finding $c" >/dev/null || [ $n -ge 300 ]; do sleep 0.1; n=$((n + 1)); done
  local had_reducer=0
  pgrep -f "reduce --finding $c" >/dev/null && had_reducer=1
  kill -9 "$pid"
  wait "$pid" 2>/dev/null
  set -e
  sleep 0.5
  left=$(leftovers "$m")
  check "campaign killed with -9 during a reduction: no worker, solver or reducer left" \
    eval '[ $had_reducer = 1 ] && [ -z "$left" ]'
  reap_marker "$m"
  local fdir
  fdir=$(find "$c/findings" -mindepth 1 -maxdepth 1 -type d | head -n 1)
  : >"$c/reduced/.bucket-1.99999.tmp.smt2"
  : >"$fdir/.crash-fake_solver-w0-000099.json.AbC123"
  run "$bin" campaign --resume "$c" --budget 1 --no-reduce --log --no-report
  check "--resume right after kill -9: the lock is taken, no temporary file is left, the database is whole" \
    eval '[[ $code = 10 || $code = 0 ]] && [[ $err == *"(resumed)"* ]] && [ -z "$(find "$c" -name ".bucket-*" -o -name ".crash-*")" ] && "$bin" bugs check "$c" >/dev/null'
  # The lock: processes dying a moment after their session are waited for (up to 2 s); a
  # process still holding it is named.
  # hold_lock FILE S: one process holding FILE's flock for S seconds (bash execs sleep).
  hold_lock() { bash -c 'exec 9>>"$1"; flock -n 9 || exit 1; exec sleep "$2"' _ "$1" "$2" </dev/null >/dev/null 2>&1 & }
  hold_lock "$c/campaign.lock" 1
  local holder=$!
  sleep 0.2
  run "$bin" campaign --resume "$c" --budget 1 --no-reduce --log --no-report
  wait "$holder" || true
  check "--resume while the lock is released within a second: waits for it and runs" \
    eval '[[ $code = 10 || $code = 0 ]] && [[ $err == *"(resumed)"* ]]'
  hold_lock "$c/campaign.lock" 30
  holder=$!
  sleep 0.2
  run "$bin" campaign --resume "$c" --budget 1 --no-reduce --log --no-report
  kill "$holder" 2>/dev/null || true
  wait "$holder" 2>/dev/null || true
  check "--resume while a process left behind holds the lock: exit 2 naming its pid" \
    eval '[ $code = 2 ] && [[ $err == *"campaign.lock is held by pid $holder,"* ]]'
  # A damaged database is never written by the commands that find it damaged: an empty one
  # stays empty (SQLite would write a header into it), for `bugs recover` to keep as it was.
  local z=$sd/zero-$m
  cp -r "$c" "$z"
  rm -f "$z/campaign.db-wal" "$z/campaign.db-shm"
  : >"$z/campaign.db"
  local codes=""
  for cmd in report "bugs list" "bugs check" merge; do
    # shellcheck disable=SC2086
    if [ "$cmd" = merge ]; then run "$bin" merge --out "$sd/merged-$m" "$z"; else run "$bin" $cmd "$z"; fi
    codes="$codes$code "
  done
  run "$bin" campaign --resume "$z" --budget 1 --no-report
  codes="$codes$code"
  check "an empty campaign.db: report, bugs list/check, merge and --resume exit 2 and leave it 0 bytes" \
    eval '[ "$codes" = "2 2 2 2 2" ] && [ "$(stat -c %s "$z/campaign.db")" = 0 ] && [[ $err == *"an empty file, not a database"* ]]'
  run "$bin" bugs recover "$z"
  check "bugs recover of the empty database: every pair again, the empty file kept as it was" \
    eval '[ $code = 0 ] && [ "$(stat -c %s "$z/campaign.db.damaged")" = 0 ] && [ "$("$bin" bugs list "$z" | tail -n +2 | wc -l)" -gt 0 ]'

}

# ---- genstr: `gen strings` and the strings generator as an engine --------------------------
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
      check "reduce --finding on a core finding: exit 2 naming the JSON file, no output file" \
        eval '[ $code = 2 ] && [[ $err == *"$(basename "$cj"):1:1: error: a finding of the unsat-core oracle"* ]] && [ ! -e "$d/f2/red.smt2" ]'
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

# gen bv / gen fp (issue 19): files with their status, witnesses, options, replay; the engines.
group_genbvfp() {
  local d=$tmp/gbv
  run "$bin" gen bv --status sat --count 20 --seed 3 --out "$d"
  check "gen bv sat: 20 files with :status sat and a witness line per variable, summary on stderr" \
    eval '[ $code = 0 ] && [ "$(ls "$d" | grep -c "^bv-sat-.*\.smt2$")" = 20 ] && [ "$(grep -l "(set-info :status sat)" "$d"/*.smt2 | wc -l)" = 20 ] && [ "$(grep -l "^;; witness: (define-fun x0 () (_ BitVec [0-9]*) #b[01]*)$" "$d"/*.smt2 | wc -l)" = 20 ] && [[ $err == *"gen bv: 20 sat, 0 unsat"*"seed 3"* ]]'
  local w_ok=1 f
  for f in "$d"/*.smt2; do
    [ "$(grep -c "^(declare-fun " "$f")" = "$(grep -c "^;; witness: " "$f")" ] || w_ok=0
  done
  check "one witness line per declared constant" test "$w_ok" = 1
  run "$bin" parse "$d"/*.smt2
  check "every generated file parses" test "$code" = 0
  run "$bin" gen bv --status sat --count 20 --seed 3 --out "$tmp/gbv2"
  check "the same --seed writes the same files" \
    eval '[ "$(cd "$d" && cat *.smt2 | md5sum)" = "$(cd "$tmp/gbv2" && cat *.smt2 | md5sum)" ]'
  run "$bin" gen bv --status unsat --count 10 --seed 4 --width 3 --out "$tmp/gbv3"
  check "gen bv unsat --width 3: 3-bit variables, :status unsat, no witness" \
    eval '[ $code = 0 ] && [ "$(ls "$tmp/gbv3" | grep -c "^bv-unsat-")" = 10 ] && ! grep -q "declare-fun x0 () (_ BitVec [^3]" "$tmp"/gbv3/*.smt2 && [ "$(grep -l "(set-info :status unsat)" "$tmp"/gbv3/*.smt2 | wc -l)" = 10 ] && ! grep -q "witness" "$tmp"/gbv3/*.smt2'
  run "$bin" gen bv --status mixed --count 40 --seed 5 --out "$tmp/gbv4"
  check "gen bv mixed: both statuses" \
    eval '[ $code = 0 ] && ls "$tmp/gbv4" | grep -q "^bv-sat-" && ls "$tmp/gbv4" | grep -q "^bv-unsat-"'
  run "$bin" gen fp --status unsat --count 10 --seed 6 --format 2 3 --out "$tmp/gfp"
  check "gen fp unsat --format 2 3: (_ FloatingPoint 2 3) variables" \
    eval '[ $code = 0 ] && [ "$(grep -l "declare-fun x0 () (_ FloatingPoint 2 3)" "$tmp"/gfp/*.smt2 | wc -l)" = 10 ]'
  run "$bin" gen fp --status sat --count 10 --seed 6 --format 8 24 --out "$tmp/gfp2"
  check "gen fp sat --format 8 24: witnesses of Float32 values" \
    eval '[ $code = 0 ] && [ "$(grep -l "^;; witness: (define-fun x0 () (_ FloatingPoint 8 24) " "$tmp"/gfp2/*.smt2 | wc -l)" = 10 ]'
  run "$bin" gen fp --status sat --count 1 --out "$tmp/gfp3" --format 5
  check "--format with one value: usage error" eval '[ $code = 2 ] && [[ $err == *"--format needs two values"* ]]'
  run "$bin" gen fp --status sat --count 1 --format 1 3 --out "$tmp/gfp3"
  check "--format 1 3: usage error naming the range" eval '[ $code = 2 ] && [[ $err == *"--format needs EB and SB each from 2 to 60, got '"'"'1'"'"'"* ]]'
  run "$bin" gen fp --status sat --count 1 --format 61 3 --out "$tmp/gfp3"
  check "--format 61 3 (past the front end's EB limit): usage error naming the range, not 'the generator failed'" \
    eval '[ $code = 2 ] && [[ $err == *"--format needs EB and SB each from 2 to 60, got '"'"'61'"'"'"* ]]'
  run "$bin" gen bv --status sat --count 1 --width 0 --out "$tmp/gbv5"
  check "--width 0: usage error" test "$code" = 2
  # gen's usage errors: exit 2, the reason named, nothing written
  run "$bin" gen opfuzz --out "$tmp/gx"
  check "gen of a technique that is not a generator: exit 2 listing the generators" \
    eval '[ $code = 2 ] && [[ $err == *"'"'"'opfuzz'"'"' is not a generator (generators: bv|fp|strings)"* ]] && [ ! -e "$tmp/gx" ]'
  run "$bin" gen bv --count 3
  check "gen without --out: exit 2" eval '[ $code = 2 ] && [[ $err == *"--out DIR is required"* ]]'
  run "$bin" gen bv --count 0 --out "$tmp/gx"
  check "gen --count 0: exit 2" eval '[ $code = 2 ] && [[ $err == *"--count: expected a number from 1"* ]] && [ ! -e "$tmp/gx" ]'
  printf 'x' > "$tmp/afile"
  run "$bin" gen bv --count 1 --out "$tmp/afile/sub"
  check "gen into a path that cannot be a directory: exit 2 naming it" eval '[ $code = 2 ] && [[ $err == *"$tmp/afile/sub: cannot be created: $tmp/afile is a file, not a directory"* ]]'
  run "$bin" gen bv --status maybe --count 1 --out "$tmp/gbv5"
  check "--status maybe: usage error listing the variants" eval '[ $code = 2 ] && [[ $err == *"sat|unsat|mixed"* ]]'
  run "$bin" fp --help
  check "fp --help lists --format EB SB and --status" eval '[ $code = 0 ] && [[ $out == *"--format EB SB"* ]] && [[ $out == *"--status S"* ]]'
  if command -v z3 >/dev/null; then
    local bad=0
    for f in "$tmp"/gbv3/*.smt2; do [ "$(z3 -T:10 "$f" | head -n 1)" = unsat ] || bad=$((bad + 1)); done
    for f in "$d"/*.smt2; do [ "$(z3 -T:10 "$f" | head -n 1)" = sat ] || bad=$((bad + 1)); done
    check "z3 agrees with the status of every 3-bit unsat and every sat bv file" test "$bad" = 0
    run "$bin" bv --status unsat --width 4 --solvers z3 --seed 9 --mutants 5 --out "$tmp/gbvf"
    check "smtgrind bv (the fuzz loop) with z3: 5 formulas, no finding, exit 0" \
      eval '[ $code = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"mutants 5 "* ]] && [ -z "$(ls "$tmp/gbvf")" ]'
    # The issue's interface: an engine named without its variant is its mixed variant.
    run "$bin" campaign --engines bv=1,fp=1 --solvers z3 --budget 3 --jobs 1 -t 3 --no-reduce --no-report --out "$tmp/gbvc"
    check "campaign --engines bv=1,fp=1 runs both generators (their mixed variants; z3 4.8.12's FP crash may be found)" \
      eval '{ [ $code = 0 ] || [ $code = 10 ]; } && [[ $out$err == *"engines bv=1,fp=1"* ]] && [[ $out$err =~ [1-9][0-9]*\ mutants ]]'
  fi
}


# ---- cluster (issue 21): GNU parallel shards, merge (relocatable, idempotent, versions per shard),
# resume-or-start of --out ---------------------------------------------------------------------
group_cluster() {
  local fake m=$tmp/cl/merged
  fake=$(dirname "$bin")/fake_solver
  [ -x "$fake" ] || { fail "fake_solver not built next to $bin"; return; }
  if ! command -v parallel >/dev/null; then
    # CI installs it (scripts/setup.sh): there its absence is a failure.
    if [ "${CI:-}" = true ]; then fail "GNU parallel is not installed (scripts/setup.sh installs it)"; return; fi
    echo "cluster: SKIP: GNU parallel is not installed (apt-get install parallel)" >&2
    return
  fi
  # examples/parallel.sh as the README shows it: 2 shards (--shard auto from PARALLEL_SEQ), merged.
  run env SMTGRIND="$bin" timeout -s KILL 120 bash examples/parallel.sh 2 "$tmp/cl" --solvers "$fake hashcrash" \
    --engines opfuzz --budget 3 -j 1 --seed 5 --slice 1 --no-report seeds
  local f1 f2 fm
  f1=$("$bin" bugs export "$tmp/cl/shard-1" | grep -c '"name"')
  f2=$("$bin" bugs export "$tmp/cl/shard-2" | grep -c '"name"')
  fm=$("$bin" bugs export "$m" | grep -c '"name"')
  check "GNU parallel: shards 0/2 and 1/2 from PARALLEL_SEQ, every finding of both in the merge, one bucket per crash site" \
    eval '[ $code = 0 ] && [[ $err == *"shard 0/2 (from PARALLEL_SEQ)"* ]] && [[ $err == *"shard 1/2 (from PARALLEL_SEQ)"* ]] && [ "$f1" -gt 0 ] && [ "$f2" -gt 0 ] && [ "$fm" = $((f1 + f2)) ] && [ "$("$bin" bugs list "$m" | tail -n +2 | wc -l)" = 3 ]'
  # SSHLOGINS (tests/fake/fake_ssh.sh as ssh: the commands run here, rsync over it): the shards
  # go "there" and come back; a rerun sends each shard back first and continues it; the seed
  # directory's name holds {#}, which reaches smtgrind as written; the remote directory goes.
  if command -v rsync >/dev/null || [ "${CI:-}" = true ]; then
    # REMOTE_TMP holds a blank: "$tmp/remote" (its first word) must survive the cleanup
    mkdir -p "$tmp/sd{#}" "$tmp/remote dir" "$tmp/remote"
    touch "$tmp/remote/decoy"
    cp examples/qf_lia.smt2 seeds/*.smt2 "$tmp/sd{#}/" 2>/dev/null
    echo fakehost > "$tmp/sshlogins"
    local sshrun=(env SMTGRIND="$bin" SSHLOGINS="$tmp/sshlogins" PARALLEL_SSH="$PWD/tests/fake/fake_ssh.sh"
                  FAKE_SSH_LOG="$tmp/ssh.log" REMOTE_TMP="$tmp/remote dir" timeout -s KILL 120 bash examples/parallel.sh 2
                  "$tmp/ssh" --solvers "$fake hashcrash" --engines opfuzz -j 1 --seed 5 --slice 1 --no-report --no-reduce)
    run "${sshrun[@]}" --budget 2 "$tmp/sd{#}"
    local r1=$code e1=$err
    run "${sshrun[@]}" --budget 4 "$tmp/sd{#}"
    check "parallel.sh over ssh: both shards ran there and came back; a rerun continues each; {#} in an argument stays; the remote directory is removed, nothing else" \
      eval '[ $r1 = 0 ] && [ $code = 0 ] && [[ $e1 == *"shard 1/2 (from PARALLEL_SEQ)"* ]] && [ "$(grep -c "holds this campaign (same settings): continuing it, 2s of 4s done" <<<"$err")" = 2 ] && grep -qx fakehost "$tmp/ssh.log" && "$bin" bugs check "$tmp/ssh/merged" >/dev/null && [ -z "$(ls -A "$tmp/remote dir")" ] && [ -f "$tmp/remote/decoy" ]'
    echo "2/:" > "$tmp/sshlocal"
    run env SMTGRIND="$bin" SSHLOGINS="$tmp/sshlocal" bash examples/parallel.sh 2 "$tmp/ssh2" --budget 2 "$tmp/sd{#}"
    check "parallel.sh: ':' in SSHLOGINS (no files returned for it) is refused, exit 2" \
      eval '[ $code = 2 ] && [[ $err == *"lists '"':'"' (this machine)"* ]]'
  fi
  # merge is idempotent: the same shards again, a shard twice, a merge of the merge, the merge
  # with itself and a shard: the same bugs, findings, slices, shards and files.
  snap() { "$bin" bugs list "$1"; python3 - "$1/campaign.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for q in ("SELECT COUNT(*), SUM(mutants), SUM(calls) FROM slices", "SELECT COUNT(*) FROM findings",
          "SELECT origin, shard, findings FROM shards ORDER BY origin"):
    print(db.execute(q).fetchall())
PY
    (cd "$1" && find findings reduced -type f | sort); }
  local s0 s1 s2 s3
  s0=$(snap "$m")
  run "$bin" merge --out "$m" "$tmp/cl/shard-1" "$tmp/cl/shard-2" "$tmp/cl/shard-1"
  s1=$(snap "$m")
  check "merge into the merge again (a shard twice): nothing added, nothing changed" \
    eval '[ $code = 0 ] && [[ $err == *"shard-1: 0 findings added, $f1 already there"* ]] && [ "$s1" = "$s0" ]'
  run "$bin" merge --out "$tmp/m2" "$m"
  s2=$(snap "$tmp/m2")
  run "$bin" merge --out "$tmp/m2" "$m" "$tmp/cl/shard-2" "$tmp/m2"
  s3=$(snap "$tmp/m2")
  check "a merge of the merge is the merge; merging it with a shard and itself changes nothing" \
    eval '[ $code = 0 ] && [ "$s2" = "$s0" ] && [ "$s3" = "$s0" ] && [[ $err == *"is the output itself"* ]]'
  run "$bin" campaign --solvers "$fake sat" --engines opfuzz --budget 2 -j 1 --out "$m" seeds
  check "campaign --out on a merged directory: exit 2, it is a merge (no list of settings)" \
    eval '[ $code = 2 ] && [[ $err == *"$m is a merge of campaigns (smtgrind merge), not one to run or continue"* ]] && [ "$(snap "$m")" = "$s0" ]'
  # Relocation: every stored path is relative; moved, the merge and a shard still check.
  local abs
  abs=$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute("SELECT trigger, json FROM findings UNION ALL SELECT first_trigger, COALESCE(reduced_trigger, first_json) FROM buckets").fetchall()
print(sum(1 for r in rows for p in r if p.startswith("/") or ".." in p), len(rows))' "$tmp/m2/campaign.db")
  mv "$tmp/m2" "$tmp/moved-m2"
  mv "$tmp/cl/shard-2" "$tmp/moved-shard"
  run "$bin" bugs check "$tmp/moved-m2"
  local chk=$code cout=$out
  run "$bin" report "$tmp/moved-m2"
  check "relocatable: no absolute path stored; moved, bugs check and report work (merge and shard)" \
    eval '[[ $abs == "0 "* ]] && [ $chk = 0 ] && [[ $cout == "$fm findings, 3 buckets"*": ok" ]] && [ $code = 0 ] && "$bin" bugs check "$tmp/moved-shard" >/dev/null && [ "$(snap "$tmp/moved-m2")" = "$s0" ]'
  # The files are links (one file system): the merge costs no copies.
  run "$bin" merge --out "$tmp/m3" "$tmp/moved-shard"
  check "merge hard-links the finding files" eval '[ $code = 0 ] && [[ $err == *"($((2 * f2 + 3)) files linked, 0 copied)"* ]]'
  # A shard merged before its reductions ended (a late or requeued task), merged again after:
  # the merged buckets take the reductions. An older copy of a shard merged after a newer one
  # lowers no work counter.
  cp -a "$tmp/moved-shard" "$tmp/early"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE buckets SET reduce_state = ?, reduced_trigger = NULL, reduced_key = NULL", ("pending",))
db.execute("UPDATE slices SET mutants = mutants / 2, calls = calls / 2"); db.commit()' "$tmp/early/campaign.db"
  cp -a "$tmp/moved-shard" "$tmp/early2" # as far on, but every slice still running
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE slices SET state = ?", ("running",)); db.commit()' "$tmp/early2/campaign.db"
  local done_shard done_late sum_new sum_after
  done_shard=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM buckets WHERE reduce_state = ? AND reduced_trigger IS NOT NULL", ("done",)).fetchone()[0])' "$tmp/moved-shard/campaign.db")
  "$bin" merge --out "$tmp/m6" "$tmp/early" >/dev/null 2>&1
  run "$bin" merge --out "$tmp/m6" "$tmp/moved-shard"
  done_late=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM buckets WHERE reduce_state = ? AND reduced_trigger IS NOT NULL", ("done",)).fetchone()[0])' "$tmp/m6/campaign.db")
  check "a reduction finished after an earlier merge reaches the merged bucket on the next merge" \
    eval '[ $code = 0 ] && [ "$done_shard" -gt 0 ] && [ "$done_late" = "$done_shard" ] && [[ $err == *"; $done_shard reductions finished since an earlier merge"* ]] && "$bin" bugs check "$tmp/m6" >/dev/null'
  sum_new=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT SUM(mutants), SUM(calls) FROM slices").fetchone())' "$tmp/m6/campaign.db")
  run "$bin" merge --out "$tmp/m6" "$tmp/early" "$tmp/early2"
  sum_after=$(python3 -c 'import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); print(db.execute("SELECT SUM(mutants), SUM(calls) FROM slices").fetchone(), db.execute("SELECT COUNT(*) FROM slices WHERE state = ?", ("running",)).fetchone()[0])' "$tmp/m6/campaign.db")
  check "an older copy of a shard merged after the newer one lowers no counter and undoes no slice's end" \
    eval '[ $code = 0 ] && [ "$sum_after" = "$sum_new 0" ] && [[ $sum_new != "(None, None)" ]]'
  # Solver versions per shard: a shard run with another version is reported, and kept per shard.
  cp -a "$tmp/cl/shard-1" "$tmp/vshard"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE meta SET value = ? WHERE key = ?", ("fake_solver 9.9", "solver_versions")); db.commit()' "$tmp/vshard/campaign.db"
  run "$bin" merge --out "$tmp/m4" "$tmp/moved-shard" "$tmp/vshard"
  local vrows
  vrows=$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); print(";".join(r[0] + "=" + r[1] for r in db.execute("SELECT shard, solver_versions FROM shards ORDER BY shard")))' "$tmp/m4/campaign.db")
  check "a solver version that differs between shards is reported and kept per shard" \
    eval '[ $code = 0 ] && [[ $err == *"warning: solver versions differ between shards"*"fake_solver 9.9"* ]] && [ "$vrows" = "0/2=fake_solver 9.9;1/2=fake_solver" ]'
  run "$bin" merge --out "$tmp/moved-shard" "$tmp/vshard"
  check "merge into a campaign that is not a merge: exit 2" eval '[ $code = 2 ] && [[ $err == *"not a merge"* ]]'
  run "$bin" merge --out "$tmp/m5" "$tmp/nowhere"
  check "merge of a directory that is not a campaign: exit 2" eval '[ $code = 2 ] && [[ $err == *"nowhere: not a campaign directory"* ]] && [ ! -e "$tmp/m5" ]'
  # Resume-or-start: --out on a campaign with the same settings continues it (a restarted array
  # task); --budget is the campaign's total. Other settings: exit 2, nothing run.
  local rc=$tmp/rc
  run env PARALLEL_SEQ=2 SMTGRIND_SHARDS=3 "$bin" campaign --shard auto --solvers "$fake sat" --engines opfuzz --budget 2 -j 1 --no-reduce --no-report --log --out "$rc" seeds
  local seed1
  seed1=$(sed -n 's/.*seed \([0-9]*\)$/\1/p' "$err_file" | head -n 1)
  run env PARALLEL_SEQ=2 SMTGRIND_SHARDS=3 "$bin" campaign --shard auto --solvers "$fake sat" --engines opfuzz --budget 4 -j 1 --no-reduce --no-report --log --out "$rc" seeds
  check "--out on the same campaign continues it (its stored seed, shard 1/3), up to the new total budget" \
    eval '[ $code = 0 ] && [[ $err == *"holds this campaign (same settings): continuing it, 2s of 4s done"* ]] && [[ $err == *"(resumed)"*"shard 1/3"*"seed $seed1"* ]] && [[ $err == *"campaign $rc: 4s in all"* ]] && "$bin" bugs check "$rc" >/dev/null'
  run env PARALLEL_SEQ=1 SMTGRIND_SHARDS=3 "$bin" campaign --shard auto --solvers "$fake sat" --engines typefuzz --budget 4 -j 1 --no-reduce --no-report --log --out "$rc" seeds
  check "--out on a campaign with other settings: exit 2 naming each difference" \
    eval '[ $code = 2 ] && [[ $err == *"other settings (engines '"'opfuzz'"' there, '"'typefuzz'"' here; shard '"'1/3'"' there, '"'0/3'"' here)"* ]] && [[ $err == *"--resume $rc"* ]]'
}

# shellcheck source=tests/cli/group_options.sh
source "$(dirname "${BASH_SOURCE[0]}")/group_options.sh"
# shellcheck source=tests/cli/group_npmz3.sh
source "$(dirname "${BASH_SOURCE[0]}")/group_npmz3.sh"
# shellcheck source=tests/cli/group_release.sh
source "$(dirname "${BASH_SOURCE[0]}")/group_release.sh"
# shellcheck source=tests/cli/group_triage.sh
source "$(dirname "${BASH_SOURCE[0]}")/group_triage.sh"
# shellcheck source=tests/cli/group_exits.sh
source "$(dirname "${BASH_SOURCE[0]}")/group_exits.sh"
# shellcheck source=tests/cli/group_flood.sh
source "$(dirname "${BASH_SOURCE[0]}")/group_flood.sh"
# shellcheck source=tests/cli/group_names.sh
source "$(dirname "${BASH_SOURCE[0]}")/group_names.sh"
# shellcheck source=tests/cli/group_repro.sh
source "$(dirname "${BASH_SOURCE[0]}")/group_repro.sh"
# shellcheck source=tests/cli/group_witness.sh
source "$(dirname "${BASH_SOURCE[0]}")/group_witness.sh"
# shellcheck source=tests/cli/group_semopts.sh
source "$(dirname "${BASH_SOURCE[0]}")/group_semopts.sh"
# shellcheck source=tests/cli/group_validate.sh
source "$(dirname "${BASH_SOURCE[0]}")/group_validate.sh"
# ---- enum: grammar-based enumeration (issue 17) ----------------------------------------------
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

for g in "${groups[@]}"; do "group_$g"; done
if [ "$failures" -gt 0 ]; then
  echo "run_cli_tests.sh (${groups[*]}): $failures of $checks checks failed" >&2
  exit 1
fi
echo "run_cli_tests.sh (${groups[*]}): all $checks checks passed" >&2
