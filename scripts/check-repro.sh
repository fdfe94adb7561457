#!/usr/bin/env bash
# check-repro.sh: run every bucket's "Reproduce" lines of a campaign as a solver developer
# would — the sh block of `smtgrind bugs show DIR ID --issue`, pasted into a clean shell
# (env -i with PATH only, a fresh directory holding only bug.smt2: the bucket's trigger as the
# issue shows it, the reduced one when there is one) — and say for each bucket whether the
# output shows the bug (the text "Actual" names, or the exit status it names).
#
#   bash scripts/check-repro.sh CAMPAIGN_DIR [SMTGRIND]
#
# SMTGRIND: the binary (default build/smtgrind). Prints one line per bucket:
# "bucket N: shows the bug" or "bucket N: DOES NOT show the bug (...)"; buckets whose finding
# has no reproduce command (an older smtgrind's) are "no reproduce line". Exit 0 when every
# bucket with a reproduce line shows its bug, 1 when one does not, 2 on a usage error.
set -euo pipefail
if [ $# -lt 1 ] || [ ! -f "$1/campaign.db" ]; then
  echo "usage: check-repro.sh CAMPAIGN_DIR [SMTGRIND] (CAMPAIGN_DIR holds campaign.db)" >&2
  exit 2
fi
dir=$1
bin=${2:-$(dirname "${BASH_SOURCE[0]}")/../build/smtgrind}
[ -x "$bin" ] || { echo "check-repro.sh: $bin is not an executable smtgrind" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-repro.XXXXXX")
trap 'rm -rf "$work"' EXIT
bad=0
ids=$("$bin" bugs list "$dir" | awk -F'\t' 'NR > 1 { print $1 }')
for id in $ids; do
  "$bin" bugs show "$dir" "$id" > "$work/bucket.json"
  "$bin" bugs show "$dir" "$id" --issue > "$work/issue.md"
  # the trigger the issue shows, the sh block, and what shows the bug
  python3 - "$work" <<'EOF'
import json, os, sys
w = sys.argv[1]
b = json.load(open(w + "/bucket.json", encoding="utf-8", errors="surrogateescape"))
# file names and option words may hold any byte: read and write them back as they are
md = open(w + "/issue.md", encoding="utf-8", errors="surrogateescape").read()
r = b.get("reproduce")
if not r:
    open(w + "/none", "w").close()
    sys.exit(0)
trig = b.get("reduced_trigger") or b["first_trigger"]
os.makedirs(w + "/run", exist_ok=True)
open(w + "/run/bug.smt2", "wb").write(open(os.fsencode(trig), "rb").read())
at = md.index("Reproduce (")
start = md.index("```sh\n", at) + 6
block = md[start:md.index("```", start)]
open(w + "/block.sh", "w", encoding="utf-8", errors="surrogateescape").write(block)
open(w + "/shows", "w", encoding="utf-8", errors="surrogateescape").write(r.get("shows") or "")
open(w + "/status", "w").write(str(r.get("status", -1)))
EOF
  if [ -e "$work/none" ]; then
    echo "bucket $id: no reproduce line"
    rm -f "$work/none"
    continue
  fi
  set +e
  (cd "$work/run" && env -i PATH="$PATH" HOME="$work" bash "$work/block.sh" > "$work/out" 2>&1 < /dev/null)
  status=$?
  set -e
  shows=$(cat "$work/shows")
  want=$(cat "$work/status")
  ok=1
  if [ -n "$shows" ] && ! grep -qF -- "$shows" "$work/out"; then ok=0; fi
  if [ "$want" != -1 ] && [ "$status" != "$want" ]; then ok=0; fi
  if [ "$ok" = 1 ]; then
    echo "bucket $id: shows the bug ($(tr '\n' ' ' < "$work/block.sh" | cut -c 1-160))"
  else
    echo "bucket $id: DOES NOT show the bug (wanted '${shows}' / exit ${want}, got exit $status: $(head -c 200 "$work/out" | tr '\n' ' '))"
    bad=1
  fi
  rm -rf "$work/run"
done
exit "$bad"
