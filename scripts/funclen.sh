#!/usr/bin/env bash
# funclen.sh: the functions of the given C files longer than N lines (default 150), as
# "LINES FILE:LINE NAME", longest first (issue 15: no function over 150 lines in src/campaign/
# and src/cli/). A function is a line starting with its name at column 0 (GNU style: the
# return type on the line before) up to the next "}" at column 0.
#   bash scripts/funclen.sh [-n N] FILE...
#   bash scripts/funclen.sh --check DIR     every *.c under DIR; exit 1 when one is listed
#                                           (the ctest `funclen`: none in src/, issue 51)
set -euo pipefail
max=150
check=
if [ "${1:-}" = --check ]; then check=$2; shift 2; fi
if [ "${1:-}" = -n ]; then max=$2; shift 2; fi
if [ -n "$check" ]; then
  out=$(find "$check" -name '*.c' -print0 | sort -z | xargs -0 bash "$0" -n "$max")
  if [ -n "$out" ]; then printf 'functions over %s lines:\n%s\n' "$max" "$out"; exit 1; fi
  echo "funclen.sh: no function over $max lines under $check"
  exit 0
fi
awk -v max="$max" '
  FNR == 1 { name = ""; }
  /^[A-Za-z_][A-Za-z0-9_]* \(/ && !/;[ \t]*$/ { name = $1; start = FNR; next }
  /^}/ && name != "" { n = FNR - start + 1; if (n > max) printf "%d %s:%d %s\n", n, FILENAME, start, name; name = "" }
' "$@" | sort -rn
