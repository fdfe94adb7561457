# group_install.sh: the CLI group `install` of run_cli_tests.sh (sourced there; uses its run,
# check, fail, $bin and $tmp), issue 55: `cmake --install` of $bin's build folder into a
# temporary prefix, which is then moved; from a directory outside the source tree, the moved
# binary's main job (`campaign` without seeds: the seeds it ships, found beside it) with z3 and
# cvc5 for a few seconds, and the build folder's binary the same way; no path of the source or
# build tree in the installed binary (`strings`); its man pages and bash completion equal to what
# its --help texts make now (scripts/gen_helpfiles.sh), the pages valid roff, the completion of
# a subcommand, a flag and a first word; `cpack -G DEB`: the package's files, its Depends (the
# shared libraries) and Recommends (the solvers), and the binary it holds. Each part prints
# SKIP and is left out when what it needs is missing (cmake's install script, z3 and cvc5,
# dpkg-deb).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_install() {
  local build src prefix moved job
  build=$(cd "$(dirname "$bin")" && pwd)
  src=${SG_SOURCE_DIR:-$PWD}
  if [ ! -f "$build/cmake_install.cmake" ] || ! command -v cmake >/dev/null; then
    echo "SKIP: group install: $bin is not in a CMake build folder (or no cmake)" >&2
    return 0
  fi
  prefix=$tmp/inst
  moved=$tmp/moved-prefix
  run cmake --install "$build" --prefix "$prefix"
  check "cmake --install into a new prefix, without root: exit 0" test "$code" = 0
  mv "$prefix" "$moved"
  local b=$moved/bin/smtgrind s=$moved/share
  check "the prefix holds the binary, the seeds, data, examples, docs, man pages, completion" \
    eval '[ -x "$b" ] && [ -f "$s/smtgrind/seeds/INDEX.tsv" ] && [ -f "$s/smtgrind/data/profiles/yices2.profile" ] && [ -f "$s/smtgrind/data/grammars/core.bnf" ] && [ -x "$s/smtgrind/examples/slurm/submit.sh" ] && [ -f "$s/doc/smtgrind/README.md" ] && [ -f "$s/doc/smtgrind/docs/install.md" ] && [ -f "$s/man/man1/smtgrind.1" ] && [ -f "$s/man/man1/smtgrind-campaign.1" ] && [ -f "$s/bash-completion/completions/smtgrind" ]'
  run "$b" --version
  check "the installed --version names the release (and the commit, in a git checkout)" \
    eval '[ $code = 0 ] && [[ $out =~ ^smtgrind\ [0-9]+\.[0-9]+\.[0-9]+(\ \(git\ [A-Za-z0-9._+-]+\))?$ ]]'
  if grep -q '^SG_\(SANITIZE\|FUZZ\):BOOL=ON' "$build/CMakeCache.txt"; then
    # clang's UndefinedBehaviorSanitizer names headers in its type descriptors, unmapped
    echo "SKIP: group install: strings of a sanitizer build (never installed)" >&2
  elif command -v strings >/dev/null; then
    run strings -a "$b"
    check "no path of the source tree ($src) or the build folder in the installed binary" \
      eval '! grep -qF -e "$src" -e "$build" "$out_file"'
  else
    echo "SKIP: group install: no strings (binutils)" >&2
  fi
  install_helpfiles "$b" "$s"
  install_main_job "$b" "$moved/share/smtgrind/seeds"
  install_deb "$build"
}

# install_main_job BINARY SEEDS: the main job of the moved installation and of the build folder,
# run from a directory outside the source tree, on the seeds each ships.
install_main_job() {
  local b=$1 seeds=$2 away=$tmp/elsewhere nseeds
  if [ ! -x /usr/bin/z3 ] || [ ! -x /usr/bin/cvc5 ]; then
    echo "SKIP: group install: the main job needs /usr/bin/z3 and /usr/bin/cvc5" >&2
    return 0
  fi
  nseeds=$(find "$seeds" -name '*.smt2' | wc -l)
  mkdir -p "$away"
  # Without seed arguments: the seeds that ship, found beside the binary; exit 0 or 10.
  run bash -c 'cd "$1" && exec "$2" campaign --solvers "z3;cvc5" --budget 3 -j 2 --no-triage --out c1' \
    _ "$away" "$b"
  check "the moved installation's main job runs on its $nseeds shipped seeds (exit 0 or 10)" \
    eval '[[ $code = 0 || $code = 10 ]] && [[ $err == *"campaign c1: $nseeds seeds ("* ]] && [ -f "$away/c1/campaign.db" ]'
  run bash -c 'cd "$1" && exec "$2" campaign --solvers "z3;cvc5" --budget 1 -j 1 --no-triage --out c2' \
    _ "$away" "$(cd "$(dirname "$bin")" && pwd)/${bin##*/}"
  check "the build folder's binary finds the seeds too (exit 0 or 10)" \
    eval '[[ $code = 0 || $code = 10 ]] && [[ $err == *"campaign c2: $nseeds seeds ("* ]]'
}

# install_helpfiles BINARY SHARE: the installed man pages and completion are what the installed
# binary's help texts make now; the pages render; the completion completes.
install_helpfiles() {
  local b=$1 s=$2 regen=$tmp/regen
  run bash scripts/gen_helpfiles.sh "$b" "$regen"
  check "gen_helpfiles.sh on the installed binary: exit 0" test "$code" = 0
  run diff -r "$regen/man" "$s/man"
  check "the installed man pages are those of the current --help texts" test "$code:$out" = "0:"
  run diff "$regen/bash-completion/completions/smtgrind" "$s/bash-completion/completions/smtgrind"
  check "the installed completion is that of the current --help texts" test "$code:$out" = "0:"
  local subs n
  subs=$("$b" --help | sed -n 's/^  \([a-z][a-z0-9-]*\)  *[^ ].*/\1/p')
  n=$(ls "$s/man/man1" | wc -l)
  check "one man page per subcommand and engine, and smtgrind.1 ($n)" \
    test "$n" = "$(($(wc -l <<<"$subs") + 1))"
  if command -v groff >/dev/null; then
    run bash -c 'for f in "$1"/man/man1/*.1; do groff -man -ww -z "$f" || exit 1; done' _ "$s"
    check "groff -ww reads every page without a warning" test "$code:$err" = "0:"
    run bash -c 'groff -man -Tascii -P-cbou "$1/man/man1/smtgrind-campaign.1"' _ "$s"
    check "smtgrind-campaign(1) renders its usage and its flags as --help prints them" \
      eval '[ $code = 0 ] && [[ $out == *"smtgrind campaign --resume DIR"* ]] && [[ $out == *"--budget"* ]] && [[ $out == *"SYNOPSIS"* ]]'
  else
    echo "SKIP: group install: no groff to render the man pages" >&2
  fi
  # complete WORDS...: the completions of the last word, one per line, in a clean bash.
  run bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _smtgrind; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$s/bash-completion/completions/smtgrind" smtgrind camp
  check "completion: 'smtgrind camp' gives campaign" test "$code:$out" = "0:campaign"
  run bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _smtgrind; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$s/bash-completion/completions/smtgrind" smtgrind campaign --bud
  check "completion: 'smtgrind campaign --bud' gives --budget" test "$code:$out" = "0:--budget"
  run bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _smtgrind; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$s/bash-completion/completions/smtgrind" smtgrind bugs re
  check "completion: 'smtgrind bugs re' gives recover" test "$code:$out" = "0:recover"
  run bash -c 'source "$1"; complete -p smtgrind' _ "$s/bash-completion/completions/smtgrind"
  check "the completion is registered for smtgrind" eval '[ $code = 0 ] && [[ $out == *"-F _smtgrind smtgrind" ]]'
}

# install_deb BUILD: `cpack -G DEB` of the build folder into $tmp/pkg; its files and fields.
install_deb() {
  local build=$1 deb
  if ! command -v dpkg-deb >/dev/null || ! command -v cpack >/dev/null; then
    echo "SKIP: group install: the .deb needs dpkg-deb and cpack" >&2
    return 0
  fi
  run cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/pkg"
  check "cpack -G DEB: exit 0" test "$code" = 0
  deb=$(find "$tmp/pkg" -maxdepth 1 -name 'smtgrind_*.deb' | head -n 1)
  check "the package is named smtgrind_VERSION_ARCH.deb" \
    eval '[[ ${deb##*/} =~ ^smtgrind_[0-9]+\.[0-9]+\.[0-9]+_[a-z0-9]+\.deb$ ]]'
  [ -n "$deb" ] || return 0
  run dpkg-deb -c "$deb"
  check "the package holds /usr/bin/smtgrind, the seeds, docs, man pages and the completion" \
    eval '[ $code = 0 ] && grep -q " ./usr/bin/smtgrind$" "$out_file" && grep -q " ./usr/share/smtgrind/seeds/INDEX.tsv$" "$out_file" && grep -q " ./usr/share/doc/smtgrind/docs/install.md$" "$out_file" && grep -q " ./usr/share/man/man1/smtgrind-campaign.1$" "$out_file" && grep -q " ./usr/share/bash-completion/completions/smtgrind$" "$out_file"'
  check "the package holds nothing outside /usr" eval '! grep -v " \./usr/\| \./$" "$out_file"'
  run dpkg-deb -f "$deb" Package Depends Recommends
  check "Depends: the C library, GMP, MPFR and SQLite; Recommends: z3, cvc5, cvc4, boolector" \
    eval '[ $code = 0 ] && [[ $out == *"Package: smtgrind"* ]] && grep -q "^Depends:.*libc6" "$out_file" && grep -q "^Depends:.*libgmp10" "$out_file" && grep -q "^Depends:.*libmpfr6" "$out_file" && grep -q "^Depends:.*libsqlite3-0" "$out_file" && grep -q "^Recommends: z3, cvc5, cvc4, boolector$" "$out_file"'
  run dpkg-deb -x "$deb" "$tmp/debroot"
  run "$tmp/debroot/usr/bin/smtgrind" --version
  check "the packaged binary runs (--version)" eval '[ $code = 0 ] && [[ $out == "smtgrind "[0-9]* ]]'
}
