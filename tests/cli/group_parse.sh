# group_parse.sh: the CLI group `parse` of run_cli_tests.sh (sourced there; uses its run, check,
# fail, $bin and $tmp): ok lines, the summary line, directories, stdin, errors.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
summary_re='^parsed [0-9]+ files, [0-9]+ errors, [0-9]+ bytes in [0-9]+\.[0-9]{3} s \([0-9]+\.[0-9] MB/s\), peak RSS [0-9]+\.[0-9] MB$'

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
