#!/bin/sh
# check.sh: the predicate of a bench/reduce_public case, the same command for smtgrind reduce
# and ddSMT (both append the candidate's path). Exit 0 when the bug shows on FILE, 1 otherwise.
#   check.sh [-x] PATTERN [-r REF WANT] -- SOLVER ARGS... FILE
# PATTERN: signal:N, the solver dies of signal N (no message to match); otherwise text the
# solver's stdout+stderr must contain (a crash's message, a failed model
# check, a wrong answer's "Expected result unsat but got sat"); with -x a whole line (an answer:
# -x sat). -r REF WANT: the reference solver REF (z3, cvc5 or cvc4, run with its plain options)
# must answer WANT on FILE too, so that a wrong answer stays wrong (without it, a reduction could
# make the wrong answer right). Every run is limited to $SG_CHECK_TIMEOUT seconds (default 10);
# a timeout is never the bug.
t=${SG_CHECK_TIMEOUT:-10}
whole=
if [ "$1" = -x ]; then whole=x; shift; fi
pat=$1; shift
ref=; want=
if [ "$1" = -r ]; then ref=$2; want=$3; shift 3; fi
[ "$1" = -- ] || { echo "check.sh: usage: [-x] PATTERN [-r REF WANT] -- SOLVER ARGS... FILE" >&2; exit 2; }
shift
file=
for a in "$@"; do file=$a; done
out=$(timeout "$t" "$@" 2>&1)
rc=$?
[ $rc = 124 ] && exit 1
case $pat in
  signal:*) [ $rc = $((128 + ${pat#signal:})) ] || exit 1 ;;
  *) printf '%s\n' "$out" | grep -qF$whole -e "$pat" || exit 1 ;;
esac
[ -z "$ref" ] && exit 0
case $ref in
  z3) set -- z3 -smt2 ;;
  cvc5) set -- cvc5 --lang smt2 ;;
  cvc4) set -- cvc4 --lang smt2 ;;
  *) echo "check.sh: unknown reference solver '$ref'" >&2; exit 2 ;;
esac
got=$(timeout "$t" "$@" "$file" 2>/dev/null | grep -m1 -x -e sat -e unsat -e unknown)
[ "$got" = "$want" ]
