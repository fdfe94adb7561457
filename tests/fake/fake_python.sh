#!/usr/bin/env bash
# fake_python.sh: a stand-in for python3 in the release manager's tests (SMTGRIND_PYTHON, see
# src/run/release.h and tests/cli/group_release.sh): `-m venv DIR`, `-m pip index versions PKG`
# and `-m pip install PKG==V` as smtgrind calls them, without a registry. The "release" it
# installs is a bin/z3 (bin/cvc5, bin/bitwuzla) that runs the Debian solver of that name, or
# answers unsat when its version is listed in FAKE_BAD (a bug from that release on).
#   FAKE_PYPI_VERSIONS  what `pip index versions` lists ("9.1.0.0, 9.0.0.0")
#   FAKE_PYPI_FAIL      set: every pip call fails as without a network
#   FAKE_PYPI_SLEEP     seconds an install takes (default 0)
#   FAKE_PYPI_LOG       a file that gets one line per install
set -u
if [ "${1-} ${2-}" = "-m venv" ]; then
  mkdir -p "$3/bin" && ln -s "$(realpath "$0")" "$3/bin/python3"
  exit $?
fi
if [ "${1-} ${2-} ${3-}" = "-m pip index" ]; then
  if [ -n "${FAKE_PYPI_FAIL-}" ]; then
    echo "ERROR: Could not fetch the index (ConnectionError: network is unreachable)" >&2
    exit 1
  fi
  echo "${!#} (fake)"
  echo "Available versions: ${FAKE_PYPI_VERSIONS-}"
  exit 0
fi
if [ "${1-} ${2-} ${3-}" = "-m pip install" ]; then
  if [ -n "${FAKE_PYPI_FAIL-}" ]; then
    echo "ERROR: No matching distribution found for ${!#} (network is unreachable)" >&2
    exit 1
  fi
  pin=${!#}
  pkg=${pin%%==*}
  v=${pin#*==}
  case $pkg in z3-solver) exe=z3 ;; *) exe=$pkg ;; esac
  d=$(dirname "$(dirname "$0")")
  [ -z "${FAKE_PYPI_LOG-}" ] || echo "$pin" >>"$FAKE_PYPI_LOG"
  sleep "${FAKE_PYPI_SLEEP:-0}"
  printf '#!/bin/sh\n[ "$1" = --version ] && { echo "%s version %s"; exit 0; }\ncase " $FAKE_BAD " in *" %s "*) echo unsat; exit 0 ;; esac\nexec /usr/bin/%s "$@"\n' \
    "$exe" "$v" "$v" "$exe" >"$d/bin/$exe"
  chmod +x "$d/bin/$exe"
  exit 0
fi
echo "fake_python.sh: not faked: $*" >&2
exit 2
