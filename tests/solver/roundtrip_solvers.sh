#!/usr/bin/env bash
# roundtrip_solvers.sh: check that `smtgrind print` does not change the meaning of a script
# (registered with ctest as solver_roundtrip, label "solver").
#
#   bash tests/solver/roundtrip_solvers.sh BINARY [CORPUS_DIR]
#
# CORPUS_DIR defaults to $SG_CORPUS. Picks up to 260 corpus files deterministically (INDEX.tsv
# rows sorted, z3_ms and cvc5_ms both < 1500, taken round-robin across logics), prints each with
# `BINARY print`, runs z3 and cvc5 on the original and on the printed file and compares, per
# solver, the sequence of answer lines (sat/unsat/unknown); the printed file must also not have
# more "(error" lines than the original. A file whose original gets no verdict from a solver
# (timeout, unknown, no answer) is skipped for that solver; such files may be at most 5%.
#
# Exit status: 0 when nothing differs and at least 200 files were compared by both solvers
# (or SKIPPED: the corpus is missing), 1 otherwise, 2 on a usage error. A missing z3 or cvc5 is
# a failure, not a skip: CI installs both.
set -euo pipefail
export LC_ALL=C

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -x "$1" ]; then
  echo "usage: roundtrip_solvers.sh BINARY [CORPUS_DIR]" >&2
  exit 2
fi
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
corpus=${2:-${SG_CORPUS:-}}

if [ -z "$corpus" ] || [ ! -f "$corpus/INDEX.tsv" ]; then
  echo "SKIPPED: solver_roundtrip: corpus not found (CORPUS_DIR='${corpus}', needs INDEX.tsv)"
  exit 0
fi
corpus=$(cd "$corpus" && pwd)

missing=()
for s in z3 cvc5 timeout; do
  command -v "$s" > /dev/null 2>&1 || missing+=("$s")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "FAIL: solver_roundtrip: required program(s) not on PATH: ${missing[*]}" \
       "(CI installs z3 and cvc5; install them to run this test)" >&2
  exit 1
fi

max_files=260
min_compared=200
ms_limit=1500

tmp=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-solver.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/work" "$tmp/res"

# ---- selection -----------------------------------------------------------------------------
# Rows sorted by the original file name (the path without its LOGIC/ folder and source prefix, so
# the sources interleave); rank = position within its logic; take rank 0 of every logic, then
# rank 1, ... (logics in sorted order within a round) until max_files. The corpus files that are
# invalid SMT-LIB on purpose (tests/unit/corpus_test.c) are left out.
tail -n +2 "$corpus/INDEX.tsv" \
  | awk -F'\t' '{ k = $1; sub(/^[^\/]*\/[^_]*_/, "", k); print k "\t" $0 }' \
  | LC_ALL=C sort | cut -f2- \
  | awk -F'\t' -v lim="$ms_limit" '
      $1 !~ /cvc5_issue(12514-(bitvec-width|sign-extend)-overflow|9990-nprint-char)/ \
      && $4 ~ /^[0-9]+$/ && $5 ~ /^[0-9]+$/ && $4 + 0 < lim && $5 + 0 < lim {
        r = rank[$2]++; printf "%d\t%s\t%s\n", r, $2, $1 }' \
  | sort -t "$(printf '\t')" -k1,1n -k2,2 | awk -v n="$max_files" 'NR <= n' | cut -f3 > "$tmp/selection"
nsel=$(wc -l < "$tmp/selection")
if [ "$nsel" -lt "$min_compared" ]; then
  echo "FAIL: solver_roundtrip: only $nsel corpus files qualify (need $min_compared)" >&2
  exit 1
fi

# ---- worker: one file ----------------------------------------------------------------------
# worker IDX RELPATH: writes $tmp/res/IDX with "RELPATH<TAB>z3-result<TAB>cvc5-result" where a
# result is same, differ or noverdict (or "printfail" for both), and on a difference a report
# in $tmp/res/IDX.report. Runs in a child bash (exported), which shellcheck cannot see.
# shellcheck disable=SC2317
worker() {
  set -euo pipefail
  local idx=$1 rel=$2
  local src="$SG_RT_CORPUS/$rel" dir="$SG_RT_TMP/work/$idx" res="$SG_RT_TMP/res/$idx"
  mkdir -p "$dir"
  if ! "$SG_RT_BIN" print "$src" > "$dir/printed.smt2" 2> "$dir/print.err" < /dev/null; then
    {
      echo "=== $rel: smtgrind print failed"
      sed -n 1,10p "$dir/print.err"
    } > "$res.report"
    printf '%s\tprintfail\tprintfail\n' "$rel" > "$res"
    return 0
  fi
  # solve NAME FILE CMD...: run CMD FILE, stdout in NAME.out, stderr in NAME.err, exit in NAME.rc
  solve() {
    local name=$1 file=$2 rc=0
    shift 2
    # The subshell (not exec'd, thanks to the explicit exit) reports "Aborted" (cvc5 --tlimit,
    # failed checks) to /dev/null instead of the test log; the exit status is kept.
    (
      timeout -s KILL 20 "$@" "$file" > "$dir/$name.out" 2> "$dir/$name.err" < /dev/null
      exit $?
    ) 2> /dev/null || rc=$?
    echo "$rc" > "$dir/$name.rc"
  }
  answers() { grep -xE 'sat|unsat|unknown' "$dir/$1.out" || true; }
  nerrors() { cat "$dir/$1.out" "$dir/$1.err" | grep -c '^(error' || true; }
  # verdict NAME: the run has a verdict when it was not killed / interrupted by a timeout and
  # gave at least one answer, none of them unknown.
  verdict() {
    local rc
    rc=$(cat "$dir/$1.rc")
    [ "$rc" -ne 137 ] || return 1
    ! grep -qi -e 'interrupted by timeout' -e '^timeout$' "$dir/$1.out" "$dir/$1.err" || return 1
    local ans
    ans=$(answers "$1")
    [ -n "$ans" ] || return 1
    ! grep -qx unknown <<< "$ans"
  }
  local results=() s
  for s in z3 cvc5; do
    local cmd
    if [ "$s" = z3 ]; then
      cmd=(z3 -T:10)
    else
      cmd=(cvc5 -q --strings-exp --fp-exp --tlimit=10000 --produce-models)
    fi
    solve "$s.orig" "$src" "${cmd[@]}"
    solve "$s.printed" "$dir/printed.smt2" "${cmd[@]}"
    if ! verdict "$s.orig"; then
      results+=(noverdict)
      continue
    fi
    local why=""
    if [ "$(answers "$s.orig")" != "$(answers "$s.printed")" ]; then
      why="answers differ"
    fi
    local eo ep
    eo=$(nerrors "$s.orig")
    ep=$(nerrors "$s.printed")
    if [ "$ep" -gt "$eo" ]; then
      why="${why:+$why, }more '(error' lines on the printed file ($ep > $eo)"
    fi
    if [ -z "$why" ]; then
      results+=(same)
      continue
    fi
    results+=(differ)
    {
      echo "=== $rel: $s: $why"
      echo "--- original (exit $(cat "$dir/$s.orig.rc")), first 10 lines:"
      cat "$dir/$s.orig.out" "$dir/$s.orig.err" | sed -n 1,10p
      echo "--- printed (exit $(cat "$dir/$s.printed.rc")), first 10 lines:"
      cat "$dir/$s.printed.out" "$dir/$s.printed.err" | sed -n 1,10p
    } >> "$res.report"
  done
  printf '%s\t%s\t%s\n' "$rel" "${results[0]}" "${results[1]}" > "$res"
  rm -rf "$dir"
}
export -f worker
export SG_RT_BIN="$bin" SG_RT_CORPUS="$corpus" SG_RT_TMP="$tmp"

jobs=$(nproc 2> /dev/null || echo 2)
[ "$jobs" -ge 1 ] || jobs=1
start=$SECONDS
# shellcheck disable=SC2016 # $1 $2 expand in the child bash
awk '{ printf "%d\n%s\n", NR, $0 }' "$tmp/selection" \
  | xargs -d '\n' -n 2 -P "$jobs" bash -c 'worker "$1" "$2"' _ || true

# ---- summary -------------------------------------------------------------------------------
files=0 z3same=0 cvc5same=0 differ=0 noverdict=0 both=0 lost=0
for ((i = 1; i <= nsel; i++)); do
  files=$((files + 1))
  if [ ! -f "$tmp/res/$i" ]; then
    echo "FAIL: no result for $(sed -n "${i}p" "$tmp/selection") (worker died?)" >&2
    lost=$((lost + 1))
    continue
  fi
  IFS=$'\t' read -r rel rz rc < "$tmp/res/$i"
  [ "$rz" != same ] || z3same=$((z3same + 1))
  [ "$rc" != same ] || cvc5same=$((cvc5same + 1))
  if [ "$rz" = differ ] || [ "$rc" = differ ] || [ "$rz" = printfail ]; then
    differ=$((differ + 1))
    cat "$tmp/res/$i.report" >&2
  elif [ "$rz" = noverdict ] || [ "$rc" = noverdict ]; then
    noverdict=$((noverdict + 1))
    echo "no verdict: $rel (z3 $rz, cvc5 $rc)"
  fi
  if [ "$rz" = same ] && [ "$rc" = same ]; then
    both=$((both + 1))
  fi
done

echo "solver_roundtrip: $files files, z3 $z3same same, cvc5 $cvc5same same, $differ differ," \
     "$noverdict no verdict ($((SECONDS - start))s, $jobs jobs)"

status=0
if [ "$differ" -gt 0 ] || [ "$lost" -gt 0 ]; then
  echo "FAIL: $differ file(s) differ after printing, $lost without result" >&2
  status=1
fi
if [ $((noverdict * 100)) -gt $((files * 5)) ]; then
  echo "FAIL: $noverdict of $files files got no verdict on the original (more than 5%)" >&2
  status=1
fi
if [ "$both" -lt "$min_compared" ]; then
  echo "FAIL: only $both files compared by both solvers (need $min_compared)" >&2
  status=1
fi
exit "$status"
