#!/usr/bin/env bash
# docs_usage_test.sh: docs/usage.md names every long flag that the binary's --help texts print.
#
#   bash tests/docs_usage_test.sh SMTGRIND_BINARY [DOCS_USAGE_MD]
#
# Runs `SMTGRIND --help` for the list of subcommands (its lines "  NAME  summary") and
# `SMTGRIND NAME --help` for each, and takes every long flag (--something) each text prints.
# DOCS_USAGE_MD (default: docs/usage.md of this checkout) is cut into sections at its level-2
# headings: a heading "## smtgrind NAME", or "## smtgrind NAME, NAME, ..." (an optional
# ": title" after the names), starts a section covering those subcommands; "## smtgrind"
# alone (or "## smtgrind: title") covers smtgrind itself; backticks in a heading are ignored;
# other level-2 headings cover nothing; headings inside ``` blocks do not count. Each flag of
# `NAME --help` must be named (as a whole word: --out does not count for --output) in a
# section covering NAME, and each flag of `smtgrind --help` in one covering smtgrind itself.
# Prints every flag missing, and every subcommand without a section.
# Exit status: 0 all named, 1 something missing (or a --help that fails), 2 usage error.
set -euo pipefail
export LC_ALL=C

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -x "$1" ]; then
  echo "usage: docs_usage_test.sh SMTGRIND_BINARY [DOCS_USAGE_MD]" >&2
  exit 2
fi
bin=$1
doc=${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/docs/usage.md}
if [ ! -f "$doc" ]; then
  echo "docs_usage_test.sh: no such file: $doc" >&2
  exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-docs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/sec"

# The sections: $tmp/sec/NAME holds the text of every section covering NAME ("%top" for
# smtgrind itself); $tmp/covered lists the names the headings give, one per line.
awk -v dir="$tmp/sec" -v covered="$tmp/covered" '
  function cover(n) { names[++nn] = n; print n > covered }
  /^```/ { fence = !fence }
  !fence && /^## / {
    nn = 0
    h = substr($0, 4)
    gsub(/`/, "", h)
    if (h ~ /^smtgrind([ :]|$)/) {
      rest = substr(h, 9)
      sub(/:.*/, "", rest)
      gsub(/^[ \t]+|[ \t]+$/, "", rest)
      if (rest == "") cover("%top")
      else {
        k = split(rest, items, ",")
        for (i = 1; i <= k; i++) {
          w = items[i]
          gsub(/^[ \t]+/, "", w)
          sub(/[ \t].*/, "", w)
          if (w ~ /^[a-z][a-z0-9-]*$/) cover(w)
        }
      }
    }
  }
  { for (i = 1; i <= nn; i++) print > (dir "/" names[i]) }
' "$doc"
touch "$tmp/covered"

flags_of() { grep -o -- '--[a-z][a-z0-9-]*' | sort -u || true; }

missing=0
report() { echo "MISSING: $*" >&2; missing=$((missing + 1)); }

# check NAME LABEL HELP_FILE: every flag of HELP_FILE named in NAME's sections.
check() {
  local name=$1 label=$2 help=$3 flag
  if [ ! -s "$help" ]; then
    report "$label: its --help printed nothing"
    return
  fi
  if [ ! -f "$tmp/sec/$name" ]; then
    report "$label: no section in $doc (a heading '## $label')"
    return
  fi
  while IFS= read -r flag; do
    [ -n "$flag" ] || continue
    if ! grep -Eq -- "(^|[^a-z0-9-])${flag}([^a-z0-9-]|\$)" "$tmp/sec/$name"; then
      report "$label: $flag (printed by '$label --help') is not named in its section of $doc"
    fi
  done < <(flags_of < "$help")
}

if ! "$bin" --help > "$tmp/top.help" 2>&1; then
  echo "FAIL: '$bin --help' exited with status $?" >&2
  exit 1
fi
check "%top" "smtgrind" "$tmp/top.help"

mapfile -t subs < <(sed -n 's/^  \([a-z][a-z0-9-]*\)  *[^ ].*/\1/p' "$tmp/top.help")
if [ "${#subs[@]}" -eq 0 ]; then
  echo "FAIL: '$bin --help' lists no subcommands" >&2
  exit 1
fi
nsubs=0
nflags=0
for sub in "${subs[@]}"; do
  nsubs=$((nsubs + 1))
  if ! "$bin" "$sub" --help > "$tmp/$sub.help" 2>&1; then
    report "smtgrind $sub: '--help' exited with a failure status"
    continue
  fi
  nflags=$((nflags + $(flags_of < "$tmp/$sub.help" | grep -c . || true)))
  check "$sub" "smtgrind $sub" "$tmp/$sub.help"
done

# Sections for subcommands the binary no longer has: a warning, not a failure.
while IFS= read -r name; do
  [ "$name" = "%top" ] && continue
  case " ${subs[*]} " in
    *" $name "*) ;;
    *) echo "warning: $doc has a section for 'smtgrind $name', which --help does not list" >&2 ;;
  esac
done < <(sort -u "$tmp/covered")

if [ "$missing" -gt 0 ]; then
  echo "FAIL: docs_usage_test: $missing missing in $doc (see the convention at its top)" >&2
  exit 1
fi
echo "docs_usage_test: ok: $nsubs subcommands, $nflags flags, all named in $doc"
