#!/usr/bin/env bash
# test_drivers.sh: the drivers of src/run/drivers/ (cvc5.py, bitwuzla.py) against real wheels.
#
#   SG_CVC5_PY=/path/venv-cvc5/bin/python3 SG_BITWUZLA_PY=/path/venv-bitwuzla/bin/python3 \
#     bash tests/drivers/test_drivers.sh
#
# Each driver is installed the way smtgrind installs it (src/run/release.c): its text as
# cmake/embed.cmake assembles it (common.py spliced in), with the first line replaced by
# "#!PYTHON", as an executable named cvc5 / bitwuzla, then run on small scripts: a sat one
# with a model, an unsat one, a parse error, bad options, --version, a session over fifos
# (one command written, its answer read, then the next), a --tlimit / --time-limit on a
# formula that takes far longer (64-bit factoring of a prime).
# A driver whose variable is unset or names no executable is skipped; with neither, exit 77.
# Prints "N passed, N failed"; exit 1 when a check failed.
set -uo pipefail
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)
# Default: the pinned newest releases where smtgrind installed them (smtgrind releases --install).
pypi=${XDG_CACHE_HOME:-$HOME/.cache}/smtgrind/pypi
newest=$(sed -n 's/^#define SG_RELEASE_NEWEST "\(.*\)"$/\1/p' "$here/../../src/run/release.h")
for w in ${newest//;/ }; do
  case $w in
    cvc5@*) : "${SG_CVC5_PY:=$pypi/cvc5-${w#cvc5@}/bin/python3}" ;;
    bitwuzla@*) : "${SG_BITWUZLA_PY:=$pypi/bitwuzla-${w#bitwuzla@}/bin/python3}" ;;
  esac
done
drivers=$here/../../src/run/drivers
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sg-drivers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0 ran=0

ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() {
  failed=$((failed + 1)); echo "FAIL $1"
  for f in out err; do [ -s "$tmp/$f" ] && sed "s/^/     $f: /" "$tmp/$f" | head -8; done
  echo "     rc: ${rc:-?}"
}
# run EXE ARG... < input: stdout, stderr and exit status into $tmp/out, $tmp/err, $rc
run() { rc=0; { timeout 60 "$@" >"$tmp/out" 2>"$tmp/err"; } 2>/dev/null || rc=$?; }
out_is() { [ "$(cat "$tmp/out")" = "$1" ]; }
has() { grep -qF -- "$2" "$tmp/$1"; }

# install NAME PYTHON: the driver as $tmp/NAME/NAME, as smtgrind writes it into a venv: first
# assembled as the build assembles it (cmake/embed.cmake: common.py spliced in) into $tmp/gen
install() {
  mkdir -p "$tmp/$1"
  [ -f "$tmp/gen/$1.py" ] || "${CMAKE:-cmake}" -DDIR="$tmp/gen" -DINPUTS="$drivers/$1.py" \
    -P "$here/../../cmake/embed.cmake" >&2 || { echo "cmake/embed.cmake failed" >&2; exit 1; }
  { echo "#!$2"; tail -n +2 "$tmp/gen/$1.py"; } >"$tmp/$1/$1"
  chmod +x "$tmp/$1/$1"
  echo "$tmp/$1/$1"
}

# session EXE ARG...: commands go in through one fifo, answers come back through another;
# every (check-sat) must be answered before the next command is written.
session() {
  local in=$tmp/s.in out=$tmp/s.out line got=() pid
  rm -f "$in" "$out"; mkfifo "$in" "$out"
  "$@" <"$in" >"$out" 2>"$tmp/err" & pid=$!
  exec 7>"$in" 8<"$out"
  send() { printf '%s\n' "$1" >&7; }
  answer() { if IFS= read -r -t 20 line <&8; then got+=("$line"); else got+=("(no answer)"); fi; }
  send "$S_LOGIC"; send "$S_DECL1"; send "$S_ASSERT1"
  send '(check-sat)'; answer
  send "$S_DECL2"; send "$S_ASSERT2"
  send '(check-sat)'; answer
  send "$S_ASSERT3"
  send '(check-sat)'; answer
  send '(echo "after ""three"" |x| ;")'; answer
  exec 7>&-
  rc=0; wait "$pid" || rc=$?
  exec 8<&-
  printf '%s\n' "${got[@]}" >"$tmp/out"
}

# the hard formula: no x, y in [2, 2^32) with x * y = 2^63 - 25 (a prime); minutes to refute
cat >"$tmp/hard.smt2" <<'EOF'
(set-logic QF_BV)
(declare-const x (_ BitVec 64))
(declare-const y (_ BitVec 64))
(assert (bvult x #x00000000ffffffff))
(assert (bvult y #x00000000ffffffff))
(assert (bvugt x #x0000000000000001))
(assert (bvugt y #x0000000000000001))
(assert (= (bvmul x y) #x7fffffffffffffe7))
(check-sat)
EOF

# limit EXE ARG...: the solver's own limit of 1 s on the hard formula ends the run within 10 s
limit() {
  local t0=$SECONDS
  run "$@" "$tmp/hard.smt2"
  [ $((SECONDS - t0)) -le 10 ] && has err 'interrupted by timeout' && [ ! -s "$tmp/out" ]
}

version_check() {  # the first word of stdout's first line that starts with a digit and holds
  local want=$1 v  # a dot (sg_profile_version's rule) is the wheel's release
  v=$(head -1 "$tmp/out" | tr ' ' '\n' | grep -m1 '^[0-9].*\.' | sed 's/[],.;:)]*$//')
  [ "$rc" = 0 ] && [ "$v" = "$want" ]
}

# ---- cvc5 ------------------------------------------------------------------------------------
if [ -n "${SG_CVC5_PY:-}" ] && [ -x "$SG_CVC5_PY" ]; then
  ran=1
  c=$(install cvc5 "$SG_CVC5_PY")
  rel=$("$SG_CVC5_PY" -c 'from importlib import metadata; print(metadata.version("cvc5"))')
  echo "# cvc5 $rel ($SG_CVC5_PY)"
  run "$c" --version </dev/null
  version_check "$rel" && ok "cvc5 --version names $rel" || bad "cvc5 --version"
  # --help lists the library's options in the binary's form (smtgrind's option reader reads it)
  run "$c" "$tmp" </dev/null
  [ "$rc" = 1 ] && has out "(error \"Couldn't open file: $tmp\")" && ok "cvc5 on a directory: an error, exit 1" \
    || bad "cvc5 on a directory"
  run "$c" --help </dev/null
  has out "From the library module:" && has out "  --incremental          a library option [*]" \
    && grep -q -- "--bitblast=MODE *a library option" "$tmp/out" \
    && ok "cvc5 --help lists the library's options" || bad "cvc5 --help table"
  run "$c" --foo </dev/null
  [ "$rc" = 1 ] && has err "(error \"Error in option parsing: can't understand option \`--foo'" \
    && ok "cvc5 unknown option" || bad "cvc5 unknown option"
  run "$c" --tlimit=abc </dev/null
  [ "$rc" = 1 ] && has err "(error \"Error in option parsing: Argument 'abc' for uint64_t option tlimit" \
    && ok "cvc5 bad option value" || bad "cvc5 bad option value"
  run "$c" --lang foo </dev/null
  [ "$rc" = 1 ] && has err "unknown language" && ok "cvc5 unknown language" || bad "cvc5 --lang foo"
  run "$c" --produce-models=true </dev/null
  [ "$rc" = 1 ] && has err "can't understand option" && ok "cvc5 value for a Boolean option" \
    || bad "cvc5 --produce-models=true"
  printf '(declare-const x Int)\n(assert (> x 2))\n(check-sat)\n(get-model)\n(get-value (x))\n' >"$tmp/sat.smt2"
  printf '(set-logic QF_LIA)\n(declare-const x Int)\n(assert (> x 2))\n(assert (< x 0))\n(check-sat)\n' >"$tmp/unsat.smt2"
  printf '(set-logic QF_LIA)\n(declare-const x Int)\n(check-sat)\n(assert (= x y))\n(check-sat)\n' >"$tmp/perr.smt2"
  # a bug of the driver (here: a module without the API) is a traceback and exit 134, never
  # an answer or an error response
  mkdir -p "$tmp/fake/cvc5" && echo 'Solver = None' >"$tmp/fake/cvc5/__init__.py"
  PYTHONPATH=$tmp/fake run "$c" -q </dev/null
  [ "$rc" = 134 ] && has err 'Traceback' && [ ! -s "$tmp/out" ] && ok "cvc5 driver bug: traceback, exit 134" \
    || bad "cvc5 driver bug"
  if ! "$SG_CVC5_PY" -c 'import cvc5; cvc5.InputParser' 2>/dev/null; then
    # 1.0.7, 1.0.8: the wheel has no parser; the driver says so, and that is all it can do
    run "$c" -q --lang smt2 "$tmp/sat.smt2"
    [ "$rc" = 1 ] && has err 'no SMT-LIB parser' && ok "cvc5 $rel: no parser in this wheel (rejected)" \
      || bad "cvc5 $rel without parser"
  else
    run "$c" -q --lang smt2 --produce-models "$tmp/sat.smt2"
    out_is $'sat\n(\n(define-fun x () Int 3)\n)\n((x 3))' && [ "$rc" = 0 ] && ok "cvc5 sat, model, value" \
      || bad "cvc5 sat with model"
    run "$c" -q --lang smt2 - <"$tmp/sat.smt2"
    [ "$rc" = 0 ] && [ "$(head -1 "$tmp/out")" = sat ] && [ "$(grep -c '^(error "' "$tmp/out")" = 2 ] \
      && has out 'model generation is enabled' && ok "cvc5 stdin, get-model without models: error, goes on" \
      || bad "cvc5 get-model without --produce-models"
    run "$c" -q --lang smt2 "$tmp/unsat.smt2"
    out_is unsat && [ "$rc" = 0 ] && ok "cvc5 unsat" || bad "cvc5 unsat"
    run "$c" -q --lang smt2 "$tmp/perr.smt2"
    [ "$rc" = 1 ] && [ "$(head -1 "$tmp/out")" = sat ] && has out '(error "Parse Error: ' \
      && ok "cvc5 parse error: (error ...) on stdout, exit 1" || bad "cvc5 parse error"
    printf '(declare-const x Int)\n(check-sat)\n(check-sat)\n' >"$tmp/two.smt2"
    run "$c" -q --lang smt2 "$tmp/two.smt2"
    [ "$rc" = 1 ] && has out 'incremental' && ok "cvc5 second check-sat needs --incremental" \
      || bad "cvc5 non-incremental"
    run "$c" -q --lang smt2 --incremental "$tmp/two.smt2"
    out_is $'sat\nsat' && [ "$rc" = 0 ] && ok "cvc5 --incremental" || bad "cvc5 --incremental"
    run "$c" -q -i < <(printf '(check-sat)\n(exit)\n(check-sat)\n')
    out_is sat && [ "$rc" = 0 ] && ok "cvc5 (exit)" || bad "cvc5 (exit)"
    # (reset) restores the command line's options, as the binary does (the library alone
    # would fall back to its defaults: no models after a reset)
    run "$c" -q -m -i < <(printf '(declare-const x Int)\n(assert (= x 1))\n(check-sat)\n(reset)\n(declare-const x Int)\n(assert (= x 2))\n(check-sat)\n(get-value (x))\n')
    out_is $'sat\nsat\n((x 2))' && [ "$rc" = 0 ] && ok "cvc5 options survive (reset)" || bad "cvc5 (reset)"
    run "$c" -q --sets-ext --lang smt2 < <(printf '(set-logic ALL)\n(declare-const s (Set Int))\n(assert (= s (set.complement (set.complement s))))\n(check-sat)\n')
    out_is sat && [ "$rc" = 0 ] && ok "cvc5 --sets-ext (--sets-exp from 1.2.1 on)" || bad "cvc5 --sets-ext"
    run "$c" -q a.smt2 b.smt2 </dev/null
    [ "$rc" = 1 ] && has out 'Too many input files' && ok "cvc5 two files" || bad "cvc5 two files"
    S_LOGIC='(set-logic QF_LIA)' S_DECL1='(declare-const x Int)' S_ASSERT1='(assert (> x 2))'
    S_DECL2='(declare-fun y () Int)' S_ASSERT2='(assert (< y x))' S_ASSERT3='(assert (< x 0))'
    session "$c" -q --lang smt2 --incremental
    out_is $'sat\nsat\nunsat\n"after ""three"" |x| ;"' && [ "$rc" = 0 ] \
      && ok "cvc5 session: each answer before the next command" || bad "cvc5 session"
    limit "$c" -q --lang smt2 --tlimit=1000
    [ "$rc" = 134 ] && ok "cvc5 --tlimit: 'interrupted by timeout', SIGABRT" || bad "cvc5 --tlimit"
    # cvc5 issue 12026: an invalid model under --decision=internal (1.0.3 ... 1.2.x; fixed by
    # 1.3.4): where the release has the bug, the library's abort must reach stderr as it is
    printf '(set-logic ALL)\n(declare-fun r () Real)\n(declare-fun a () (Array Real Bool))\n(assert (or (select a 0.0) (select a 1.0) (= r 0.0) (select a (* r r 1.0))))\n(check-sat)\n' >"$tmp/cm.smt2"
    run "$c" -q --lang smt2 --check-models --decision=internal "$tmp/cm.smt2"
    if [ "$rc" = 134 ] && has err 'ERRORS SATISFYING ASSERTIONS WITH MODEL' && has err 'Fatal failure within'; then
      ok "cvc5 --check-models: this release's invalid model aborts with the library's message"
    elif [ "$rc" = 0 ] && out_is sat; then
      ok "cvc5 --check-models: this release's model passes its check"
    else bad "cvc5 --check-models"; fi
  fi
fi

# ---- bitwuzla --------------------------------------------------------------------------------
if [ -n "${SG_BITWUZLA_PY:-}" ] && [ -x "$SG_BITWUZLA_PY" ]; then
  ran=1
  b=$(install bitwuzla "$SG_BITWUZLA_PY")
  rel=$("$SG_BITWUZLA_PY" -c 'from importlib import metadata; print(metadata.version("bitwuzla"))')
  echo "# bitwuzla $rel ($SG_BITWUZLA_PY)"
  run "$b" --version </dev/null
  version_check "$rel" && ok "bitwuzla --version names $rel" || bad "bitwuzla --version"
  run "$b" --help </dev/null
  has out "From the bitwuzla module:" && has out "model production [*]" \
    && ok "bitwuzla --help lists the library's options in cvc5's form" || bad "bitwuzla --help table"
  run "$b" --produce-models </dev/null
  [ "$rc" = 0 ] && [ ! -s "$tmp/out" ] && ok "bitwuzla on empty stdin: nothing, exit 0" \
    || bad "bitwuzla on empty stdin"
  run "$b" "$tmp" </dev/null
  [ "$rc" = 1 ] && has out "(error \"failed to open '$tmp'\")" && ok "bitwuzla on a directory: an error, exit 1" \
    || bad "bitwuzla on a directory"
  run "$b" --bv-solver=help </dev/null
  [ "$rc" = 0 ] && has out "+ bitblast (default)" && ok "bitwuzla --bv-solver=help lists the modes" \
    || bad "bitwuzla --bv-solver=help"
  run "$b" --foo </dev/null
  [ "$rc" = 1 ] && has err "[error] invalid option '--foo'" && ok "bitwuzla unknown option" \
    || bad "bitwuzla unknown option"
  run "$b" --lang smt3 </dev/null
  [ "$rc" = 1 ] && has err "invalid input language" && ok "bitwuzla --lang smt3" || bad "bitwuzla --lang smt3"
  run "$b" --time-limit=abc </dev/null
  [ "$rc" = 1 ] && has err "expected numeric value" && ok "bitwuzla bad --time-limit" || bad "bitwuzla --time-limit=abc"
  printf '(set-logic QF_BV)\n(declare-const x (_ BitVec 4))\n(assert (bvugt x #x2))\n(check-sat)\n(get-model)\n(get-value (x))\n' >"$tmp/bsat.smt2"
  printf '(set-logic QF_BV)\n(declare-const x (_ BitVec 4))\n(assert (bvugt x #x2))\n(assert (= x #x0))\n(check-sat)\n' >"$tmp/bunsat.smt2"
  printf '(set-logic QF_BV)\n(declare-const x (_ BitVec 4))\n(check-sat)\n(assert (= x y))\n(check-sat)\n' >"$tmp/bperr.smt2"
  run "$b" --lang smt2 --produce-models "$tmp/bsat.smt2"
  out_is $'sat\n(\n  (define-fun x () (_ BitVec 4) #b1111)\n)\n((x #b1111))' && [ "$rc" = 0 ] \
    && ok "bitwuzla sat, model, value" || bad "bitwuzla sat with model"
  run "$b" --lang smt2 "$tmp/bunsat.smt2"
  out_is unsat && [ "$rc" = 0 ] && ok "bitwuzla unsat" || bad "bitwuzla unsat"
  run "$b" --lang smt2 "$tmp/bperr.smt2"
  [ "$rc" = 1 ] && [ "$(head -1 "$tmp/out")" = sat ] && has out "(error \"$tmp/bperr.smt2:4:" \
    && ok "bitwuzla parse error: (error ...) on stdout after the answer, exit 1" || bad "bitwuzla parse error"
  run "$b" --lang smt2 <"$tmp/bperr.smt2"
  [ "$rc" = 1 ] && has out '(error "<stdin>:' && ok "bitwuzla stdin parse error" || bad "bitwuzla stdin parse error"
  run "$b" --lang smt2 -m < <(printf '(declare-const x (_ BitVec 4))\n(check-sat)\n(reset)\n(declare-const x (_ BitVec 4))\n(assert (= x #x2))\n(check-sat)\n(get-value (x))\n')
  out_is $'sat\nsat\n((x #b0010))' && [ "$rc" = 0 ] && ok "bitwuzla options survive (reset)" || bad "bitwuzla (reset)"
  run "$b" --lang smt2 < <(printf '(check-sat)\n(exit)\n(check-sat)\n')
  out_is sat && [ "$rc" = 0 ] && ok "bitwuzla (exit)" || bad "bitwuzla (exit)"
  S_LOGIC='(set-logic QF_BV)' S_DECL1='(declare-const x (_ BitVec 8))' S_ASSERT1='(assert (bvugt x #x02))'
  S_DECL2='(declare-fun y () (_ BitVec 8))' S_ASSERT2='(assert (bvult y x))' S_ASSERT3='(assert (= x #x00))'
  session "$b" --lang smt2
  out_is $'sat\nsat\nunsat\n"after ""three"" |x| ;"' && [ "$rc" = 0 ] \
    && ok "bitwuzla session: each answer before the next command" || bad "bitwuzla session"
  limit "$b" --lang smt2 --time-limit=1000
  [ "$rc" = 143 ] && ok "bitwuzla --time-limit: 'interrupted by timeout', SIGTERM" || bad "bitwuzla --time-limit"
  limit "$b" -t 1000
  [ "$rc" = 143 ] && ok "bitwuzla -t" || bad "bitwuzla -t"
fi

if [ "$ran" = 0 ]; then
  echo "test_drivers.sh: skipped (set SG_CVC5_PY and/or SG_BITWUZLA_PY to a venv's python3 with the wheel)"
  exit 77
fi
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
