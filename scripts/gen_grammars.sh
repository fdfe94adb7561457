#!/usr/bin/env bash
# Regenerate src/tech/enum/grammars.def (the shipped grammars of `smtgrind enum`) from
# data/grammars/NAME.bnf. Run from the repository root after editing a .bnf file.
set -euo pipefail
cd "$(dirname "$0")/.."
out=src/tech/enum/grammars.def
{
  echo '/* grammars.def: the shipped grammars of `smtgrind enum` (tech/enum/grammar.h), generated from'
  echo ' * data/grammars/NAME.bnf by scripts/gen_grammars.sh: DO NOT EDIT (edit the .bnf, rerun it).'
  echo ' * GRAMMAR (name, "text") */'
  for n in core ints reals realints bv arrays fp strings; do
    echo
    echo "GRAMMAR ($n,"
    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/  "/' -e 's/$/\\n"/' "data/grammars/$n.bnf"
    echo ")"
  done
} > "$out.tmp"
mv "$out.tmp" "$out"
