#!/usr/bin/env bash
# equiv.sh: the "no behaviour change" check of a refactoring (issue 15). Runs every engine with
# a fixed --seed on the shipped seeds/ against z3 and cvc5 through recording wrappers, one
# worker, one lane, no sessions, no side-by-side runs, so that the order of the solver calls
# is fixed; prints, per engine, the number of solver calls, a digest of the sequence of
# scripts the solvers were given (each script's sha1, in call order; runs on a seed file
# itself, as when unlabelled seeds are labelled, are counted apart), the engine's final
# status line without its times, and the findings written (names). Two builds compare by
# diffing their outputs:
#
#   bash scripts/equiv.sh OLD_BUILD/smtgrind > old.txt
#   bash scripts/equiv.sh NEW_BUILD/smtgrind > new.txt && diff old.txt new.txt
#
# EQUIV_MUTANTS (default 40) mutants per engine. Needs z3 and cvc5 in PATH. Run it on an idle
# machine: under load a slow run becomes a timeout (the call sequence stays the same, the
# counts in the status line do not).
set -euo pipefail
bin=$(realpath "$1")
fake=$(dirname "$bin")/fake_solver
n=${EQUIV_MUTANTS:-40}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-equiv.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
for s in z3 cvc5; do
  real=$(command -v "$s")
  # The wrapper keeps the solver's name (the built-in profile is picked by it) and logs the
  # sha1 of the script it is given (the last argument).
  cat >"$work/bin/$s" <<EOF
#!/bin/sh
for last; do :; done
sha1sum <"\$last" | cut -c1-40 >>"$work/calls"
exec "$real" "\$@"
EOF
  chmod +x "$work/bin/$s"
done
for f in "$root"/seeds/*.smt2; do sha1sum <"$f" | cut -c1-40; done >"$work/seedsums"
solvers="$work/bin/z3;$work/bin/cvc5"
common=(--solvers "$solvers" -t 4 --seed 7 --jobs 1 --lanes 1 --no-parallel --no-sessions
        --referee none --mutants "$n")
run() {
  local name=$1; shift
  : >"$work/calls"
  rm -rf "$work/out"
  local rc=0
  "$bin" "$1" "${common[@]}" "${@:2}" --out "$work/out" "$root/seeds" >"$work/stdout" 2>"$work/stderr" || rc=$?
  echo "== $name (exit $rc)"
  # Runs on a seed file itself (labelling unlabelled seeds) apart from the mutants' runs.
  grep -vxF -f "$work/seedsums" "$work/calls" >"$work/mcalls" || true
  echo "seed-file calls $(grep -cxF -f "$work/seedsums" "$work/calls" || true)"
  echo "mutant calls $(wc -l <"$work/mcalls") digest $(sha1sum <"$work/mcalls" | cut -c1-40)"
  # The last status line, without times and rates.
  tr '\r' '\n' <"$work/stderr" | grep -E 'mutants' | tail -1 \
    | sed -E 's/^\[[^]]*\]/[]/; s/[0-9.]+ ?(s|ms|%|\/s)\b//g; s/cpu[^,]*//g'
  ls "$work/out" 2>/dev/null | grep -E '\.smt2$' | sort || true
}
run opfuzz opfuzz
run typefuzz typefuzz
run fuse-sat fuse -o sat
run fuse-unsat fuse -o unsat
run fuse-mixed fuse -o mixed
run sae sae
run janus janus -i 4
# The escalation paths: a crashing solver (every mutant's models checked), Janus's
# implication oracle (a solver answering unknown on longer scripts).
run opfuzz-crash opfuzz --solvers "$fake hashcrash;$work/bin/z3" --model-sample 100
run typefuzz-crash typefuzz --solvers "$fake hashcrash;$work/bin/z3" --model-sample 100 --referee "$work/bin/cvc5"
run janus-implication janus -i 4 --solvers "$fake unknown_longer 420;$work/bin/z3"
