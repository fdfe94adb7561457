#!/usr/bin/env bash
# setup.sh: install the Debian packages smtgrind needs, build it into build/, then run the main
# job (parse the examples and print one back).
#   bash scripts/setup.sh            install (if needed), build, run the main job
#   bash scripts/setup.sh --no-run   install (if needed) and build only (CI: .ci/run)
# Packages already installed are not reinstalled, and apt-get update runs only when something
# is missing, so a rerun costs one incremental build.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

run=1
for arg in "$@"; do
  case "$arg" in
    --no-run) run=0 ;;
    -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "setup.sh: error: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

# Keep in step with the Dependencies table of README.md.
packages=(build-essential cmake clang libclang-rt-14-dev pkg-config libgmp-dev libmpfr-dev
          libsqlite3-dev libcmocka-dev z3 cvc4 cvc5 boolector parallel rsync slurm-wlm munge
          dpkg-dev file groff-base)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
# node and npm run the npm z3 releases (`--solvers z3@VERSION`); a node of another origin
# (e.g. one that bundles npm) is used as it is, Debian's packages only when there is none.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  packages+=(nodejs npm)
  missing+=(nodejs npm)
fi

# python3 with venv and pip installs the PyPI solver releases (src/run/release.h): Debian's
# python3 needs python3-venv for that; a python3 of another origin is used as it is.
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  packages+=(python3 python3-venv python3-pip)
  missing+=(python3-venv)
fi

if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup.sh: installing ${missing[*]}" >&2
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup.sh: error: not root and no sudo" >&2; exit 1; }
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "${packages[@]}"
else
  echo "setup.sh: all Debian packages already installed" >&2
fi

# The npm z3 release the tests run (src/run/npmz3.h: SG_NPMZ3_TEST_RELEASE), where smtgrind
# looks for it; smtgrind installs any other release the same way on first use.
z3npm="${XDG_CACHE_HOME:-$HOME/.cache}/smtgrind/z3-npm/5.2.0"
if [ ! -f "$z3npm/node_modules/z3-solver/package.json" ]; then
  echo "setup.sh: installing the npm package z3-solver@5.2.0 into $z3npm" >&2
  mkdir -p "$z3npm"
  timeout -s KILL 600 npm install --prefix "$z3npm" --no-audit --no-fund --no-save --loglevel=error \
    z3-solver@5.2.0
fi

jobs=$(nproc)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j "$jobs"

# Today's solvers: the newest z3, cvc5 and Bitwuzla releases from PyPI (pinned in
# src/run/release.h, SG_RELEASE_NEWEST), each in a virtual environment of its own under
# ~/.cache/smtgrind/pypi. The main job runs against them, the Debian solvers referee. Without
# PyPI, the main job runs the Debian solvers (and says so).
if ! timeout -s KILL 900 build/smtgrind releases --install; then
  echo "setup.sh: warning: the newest releases could not be installed from PyPI (see above):" \
       "the main job runs the Debian solvers" >&2
fi

if [ "$run" -eq 1 ]; then
  # The main job: a one-minute campaign of every engine against the installed solvers (z3,
  # cvc5, cvc4) on the seeds that ship with smtgrind (seeds/), into ./campaign-DATE-TIME/ with
  # its database, findings, report.html and the bucket list. `campaign` exits 10 when it found
  # something: that is a result, not a setup failure.
  status=0
  build/smtgrind campaign || status=$?
  case $status in
    0) echo "setup.sh: main job done: no finding this time" >&2 ;;
    10) echo "setup.sh: main job done: the buckets above are the solver bugs found" >&2 ;;
    *) exit "$status" ;;
  esac
fi
