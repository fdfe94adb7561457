# group_big.sh: the CLI group `big` of run_cli_tests.sh (sourced there; uses its run, check, fail,
# $bin and $tmp): a 100 MB script streams in bounded memory.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
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
