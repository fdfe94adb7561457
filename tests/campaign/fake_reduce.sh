#!/bin/sh
# fake_reduce.sh: a stand-in for `smtgrind reduce` in the campaign tests.
#   fake_reduce.sh reduce --finding F.json OUT --budget S
# Writes OUT: the trigger's set-logic and one fixed assertion, so every trigger of a logic
# "reduces" to one shape (the campaign must then merge their buckets).
# With FAKE_REDUCE_FAIL set it fails the way a reduction that cannot reproduce does.
[ "$1" = reduce ] && [ "$2" = --finding ] || { echo "fake_reduce: bad arguments" >&2; exit 2; }
if [ -n "$FAKE_REDUCE_FAIL" ]; then
  echo "smtgrind reduce: error: the finding does not reproduce (fake)" >&2
  exit 2
fi
json=$3
out=$4
trig=$(dirname "$json")/$(sed -n 's/^  "trigger": "\(.*\)",$/\1/p' "$json")
logic=$(grep -o '(set-logic [A-Za-z_]*)' "$trig" | head -n 1)
# With FAKE_REDUCE_LOGIC set every trigger reduces to that logic (the reducer may make a
# set-logic smaller): one text for triggers of every logic.
[ -n "$FAKE_REDUCE_LOGIC" ] && logic="(set-logic $FAKE_REDUCE_LOGIC)"
printf '%s\n(declare-fun x () Bool)\n(assert x)\n(check-sat)\n' "$logic" >"$out"
