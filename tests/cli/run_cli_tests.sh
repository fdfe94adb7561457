#!/usr/bin/env bash
# run_cli_tests.sh: end-to-end tests of the smtgrind binary (registered with ctest as cli_*).
#
#   bash tests/cli/run_cli_tests.sh BINARY [GROUP...] [--update]
#
# Run from the source directory. The GROUPs are the rows of tests/cli/groups.tsv (name, ctest
# labels, ctest timeout, what it checks), in the order they run by default; group NAME is the
# function group_NAME of tests/cli/group_NAME.sh, which this script sources (a row without its
# file, or a group_*.sh without its row, is an error here). A group file may add a part of its
# group that runs alone too (cli_parts: supervise_envi, a part of supervise). Adding a group: one
# file and one row (tests/README.md).
# --update rewrites tests/parse/*.expected from BINARY's current messages (see
# tests/parse/README.md); check the diff before committing. Exit status 0 when every check
# passed, 1 otherwise.
# Checks are single-quoted strings that `check` evals later, so their $ must not expand early
# (SC2016), and variables used only inside them look unused (SC2034).
# shellcheck disable=SC2016,SC2034
set -euo pipefail

# This script (run again by the supervise group) and its directory, where the groups are.
cli_self=${BASH_SOURCE[0]}
cli_dir=$(dirname "$cli_self")

# The table of groups: tests/cli/groups.tsv, one row per group (NAME<TAB>LABELS<TAB>TIMEOUT<TAB>
# DESCRIPTION; # starts a comment). Each row's group_NAME.sh is sourced; it defines group_NAME.
cli_table=$cli_dir/groups.tsv
cli_bad() { echo "run_cli_tests.sh: $*" >&2; exit 2; }
[ -f "$cli_table" ] || cli_bad "no table of groups $cli_table"
cli_groups=()
cli_parts=()
cli_n=0
while IFS= read -r cli_line || [ -n "$cli_line" ]; do
  cli_n=$((cli_n + 1))
  case "$cli_line" in '' | '#'*) continue ;; esac
  IFS=$'\t' read -r cli_name cli_labels cli_timeout cli_desc cli_more <<<"$cli_line"
  [[ $cli_name =~ ^[a-z][a-z0-9_]*$ ]] && [ -n "$cli_labels" ] && [[ $cli_timeout =~ ^[1-9][0-9]*$ ]] \
    && [ -n "$cli_desc" ] && [ -z "$cli_more" ] && [[ $cli_line != *';'* ]] \
    || cli_bad "$cli_table:$cli_n: want NAME<TAB>LABELS (or -)<TAB>TIMEOUT<TAB>DESCRIPTION (no ';'), not '$cli_line'"
  case " ${cli_groups[*]} " in *" $cli_name "*) cli_bad "$cli_table:$cli_n: group $cli_name is listed twice" ;; esac
  [ -f "$cli_dir/group_$cli_name.sh" ] \
    || cli_bad "$cli_table:$cli_n: group $cli_name has no file $cli_dir/group_$cli_name.sh (add it, or remove the row)"
  cli_groups+=("$cli_name")
done <"$cli_table"
[ ${#cli_groups[@]} -gt 0 ] || cli_bad "$cli_table lists no group"
for cli_file in "$cli_dir"/group_*.sh; do
  [ -e "$cli_file" ] || continue
  cli_name=${cli_file##*/group_}
  cli_name=${cli_name%.sh}
  case " ${cli_groups[*]} " in
    *" $cli_name "*) ;;
    *) cli_bad "$cli_file has no row in $cli_table (add one: NAME, labels, timeout, description)" ;;
  esac
done
for cli_name in "${cli_groups[@]}"; do
  # shellcheck source=/dev/null
  source "$cli_dir/group_$cli_name.sh"
  declare -F "group_$cli_name" >/dev/null || cli_bad "$cli_dir/group_$cli_name.sh defines no function group_$cli_name"
done
for cli_name in "${cli_parts[@]}"; do
  declare -F "group_$cli_name" >/dev/null || cli_bad "part $cli_name: no function group_$cli_name"
done
cli_all=("${cli_groups[@]}" "${cli_parts[@]}")
cli_names=" ${cli_all[*]} "

if [ $# -lt 1 ] || [ ! -x "$1" ]; then
  echo "usage: run_cli_tests.sh BINARY [$(IFS='|'; echo "${cli_all[*]}")]... [--update]" >&2
  exit 2
fi
bin=$1
shift
update=0
groups=()
for a in "$@"; do
  case "$a" in
    --update) update=1 ;;
    *)
      [[ $a =~ ^[a-z][a-z0-9_]*$ ]] && [[ $cli_names == *" $a "* ]] \
        || { echo "run_cli_tests.sh: unknown argument '$a'" >&2; exit 2; }
      groups+=("$a") ;;
  esac
done
[ ${#groups[@]} -gt 0 ] || groups=("${cli_groups[@]}")

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

examples=(examples/*.smt2)

# leftovers PATTERN: the PIDs of processes whose command line matches PATTERN (supervise,
# release).
leftovers() { pgrep -f "$1" || true; }
# slice_states DB: "STATE COUNT" lines of the campaign's slices.
slice_states() {
  python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
for s, n in c.execute("SELECT state, count(*) FROM slices GROUP BY state ORDER BY state"): print(s, n)' "$1"
}

for g in "${groups[@]}"; do "group_$g"; done
if [ "$failures" -gt 0 ]; then
  echo "run_cli_tests.sh (${groups[*]}): $failures of $checks checks failed" >&2
  exit 1
fi
echo "run_cli_tests.sh (${groups[*]}): all $checks checks passed" >&2
