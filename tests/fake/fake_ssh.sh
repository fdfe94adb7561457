#!/usr/bin/env bash
# fake_ssh.sh: a stand-in for ssh for the CLI group `cluster` (PARALLEL_SSH=this): the command is
# run here, whatever the host, so examples/parallel.sh's SSHLOGINS path (--transferfile,
# --return, rsync over "ssh") runs without an ssh server. Each host named is appended to
# $FAKE_SSH_LOG when that is set.
while [ $# -gt 0 ]; do
  case "$1" in
    -l|-p|-o|-S|-i|-F) shift 2 ;;
    -*) shift ;;
    *) break ;;
  esac
done
[ -n "${FAKE_SSH_LOG:-}" ] && echo "$1" >> "$FAKE_SSH_LOG"
# As sshd does: the login's shell in SHELL (GNU parallel's remote worker runs the job with
# $SHELL; a CI job may have none set).
SHELL=$(getent passwd "$(id -u)" | cut -d: -f7)
export SHELL=${SHELL:-/bin/sh}
shift
[ "${1:-}" = "--" ] && shift
exec bash -c "$*"
