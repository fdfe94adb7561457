#!/usr/bin/env bash
# bundle.sh: smtgrind and the solvers on PATH (z3, cvc5, cvc4, boolector: those present), with
# the shared libraries they load (all but the C library's own), packed into one tarball, for a
# many-core machine that has neither the Debian packages nor a way to fetch them (issue 17's
# enumeration ran so on a 16-core machine: docs/enum.md). On that machine (x86-64, glibc 2.36 or
# newer):
#   mkdir -p /tmp/sg && tar -xJf BUNDLE -C /tmp/sg && . /tmp/sg/env.sh && smtgrind enum ...
#   bash bench/bundle.sh OUT.tar.xz [BUILD]      (BUILD: the folder holding smtgrind,
#                                                 default build-bench, built Release if missing)
# Prints what went in and the tarball's size.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ $# -lt 1 ]; then
  echo "usage: bash bench/bundle.sh OUT.tar.xz [BUILD]" >&2
  exit 2
fi
out=$1
build=${2:-build-bench}
if [ ! -x "$build/smtgrind" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
  cmake --build "$build" -j "$(nproc)" --target smtgrind >/dev/null
fi
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/lib"
bins=("$build/smtgrind")
for s in z3 cvc5 cvc4 boolector; do
  p=$(command -v "$s" || true)
  [ -n "$p" ] && bins+=("$(readlink -f "$p")")
done
for b in "${bins[@]}"; do
  cp "$b" "$stage/bin/$(basename "$b")"
  # every library ldd resolves, but the C library's own (the target machine's are used)
  ldd "$b" | awk '$3 ~ /^\// { print $3 }' | while read -r lib; do
    case $(basename "$lib") in
      libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* | ld-linux*) ;;
      *) cp -L "$lib" "$stage/lib/" ;;
    esac
  done
done
cat > "$stage/env.sh" <<'EOF'
# . env.sh: the bundle's programs first on PATH, its libraries found first
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export PATH="$here/bin:$PATH" LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
EOF
tar -cJf "$out" -C "$stage" bin lib env.sh
echo "programs: $(ls "$stage/bin" | tr '\n' ' ')"
echo "libraries: $(ls "$stage/lib" | wc -l) ($(du -sh "$stage/lib" | cut -f1) unpacked)"
echo "bundle: $out, $(du -h "$out" | cut -f1)"
