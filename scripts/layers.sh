#!/usr/bin/env bash
# layers.sh: no file includes a higher layer. The layers and what each may use are read from
# the table of docs/ARCHITECTURE.md ("| `LAYER/` | USES | ..."; USES is "—", "all" or a list),
# so the map and the check cannot drift apart. Every #include "DIR/..." of every file under
# src/LAYER/ (subfolders too) must name LAYER itself or one of its USES; a folder of src/ with
# no row is an error too; and the families of a layer (its sub-folders: tech/mutate, tech/gen)
# never include each other. Exit 0 when clean, 1 with one "FILE:LINE: ..." line per violation.
#   bash scripts/layers.sh [ROOT]     (ROOT: the repository, default this script's parent)
set -euo pipefail
root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
doc=$root/docs/ARCHITECTURE.md
declare -A uses
while IFS='|' read -r _ layer use _; do
  layer=$(sed 's/[` ]//g; s|/$||' <<<"$layer")
  use=$(sed 's/[ ]//g' <<<"$use")
  uses[$layer]=$use
done < <(grep -E '^\| `[a-z]+/` \|' "$doc")
[ ${#uses[@]} -gt 0 ] || { echo "layers.sh: no layer table in $doc" >&2; exit 1; }
bad=0
for dir in "$root"/src/*/; do
  layer=$(basename "$dir")
  if [ -z "${uses[$layer]+x}" ]; then
    echo "src/$layer: no row in docs/ARCHITECTURE.md's layer table"
    bad=1
    continue
  fi
  allowed=${uses[$layer]}
  [ "$allowed" = all ] && continue
  while IFS=: read -r file line text; do
    inc=$(sed -n 's|.*#include "\([a-z_]*\)/.*|\1|p' <<<"$text")
    [ -n "$inc" ] || continue
    [ "$inc" = "$layer" ] && continue
    case ",$allowed," in
      *",$inc,"*) ;;
      *) echo "${file#"$root"/}:$line: src/$layer includes $inc/, which it may not use (it uses: $allowed)"; bad=1 ;;
    esac
  done < <(grep -rn '#include "' "$dir" --include='*.c' --include='*.h' --include='*.def' || true)
  # The families of a layer (its sub-folders: tech/mutate, tech/gen, ...) never include each
  # other: each may use its own folder and the layer's top-level headers.
  for fdir in "$dir"*/; do
    [ -d "$fdir" ] || continue
    fam=$(basename "$fdir")
    while IFS=: read -r file line text; do
      other=$(sed -n "s|.*#include \"$layer/\([a-z_]*\)/.*|\1|p" <<<"$text")
      [ -n "$other" ] && [ "$other" != "$fam" ] || continue
      echo "${file#"$root"/}:$line: src/$layer/$fam includes $layer/$other/, another family of its layer"
      bad=1
    done < <(grep -rn '#include "' "$fdir" --include='*.c' --include='*.h' --include='*.def' || true)
  done
done
[ $bad = 0 ] && echo "layers.sh: every include of src/ stays within its layer's uses (${#uses[@]} layers)"
exit $bad
