# group_golden.sh: the CLI group `golden` of run_cli_tests.sh (sourced there; uses its run, check,
# fail, $bin and $tmp): tests/parse/<defect>.smt2 against its .expected error (--update rewrites
# the .expected files: tests/parse/README.md).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
# The inputs of tests/parse/ that are valid SMT-LIB (checked for success, not a golden error).
valid_inputs=" empty.smt2 ext_cvc5.smt2 ext_z3.smt2 ext_fmf.smt2 "

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
