#!/usr/bin/env bash
# parallel.sh: one smtgrind campaign cut into N shards run by GNU parallel (on this machine, or
# over ssh on the machines of a --sshloginfile), merged into one relocatable directory.
#
#   examples/parallel.sh N OUT [CAMPAIGN ARGS...]
#     e.g. examples/parallel.sh 4 runs/c1 --budget 3600 --seed 7 --engines opfuzz,typefuzz seeds
#
#   SMTGRIND    the smtgrind binary (default: smtgrind in PATH); the same path on every host
#   SSHLOGINS   a GNU parallel --sshloginfile: run the shards there (smtgrind, the solvers and
#               the seeds at the same paths on every host, rsync on both sides); a shard's
#               directory from an earlier run goes there first (--transferfile), comes back
#               with --return, and is removed there once every shard is back
#   REMOTE_TMP  the directory on the hosts' local disks the shards run in (default: /tmp)
#   JOBS_PER_HOST  shards at a time on each host (default: 1; each shard runs --jobs workers)
#
# Each shard is `smtgrind campaign --shard auto` (shard PARALLEL_SEQ - 1 of SMTGRIND_SHARDS=N)
# into OUT/shard-I on a local disk: SQLite's WAL journal does not work on a network file
# system. Rerunning the same command continues the shards (the same settings resume) and merges
# again (a merge changes nothing for what it holds already). The seed is printed; give --seed
# to make the run reproducible. Exit status: parallel's (the number of failed shards, 101 and
# up for more) when a shard failed (a shard that found bugs exits 10: counted as done), else
# merge's.
set -euo pipefail

if [ $# -lt 2 ]; then
  sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
n=$1
out=$2
shift 2
case "$n" in ''|*[!0-9]*) echo "parallel.sh: error: N must be a number, got '$n'" >&2; exit 2 ;; esac
[ "$n" -ge 1 ] || { echo "parallel.sh: error: N must be at least 1" >&2; exit 2; }
command -v parallel >/dev/null || { echo "parallel.sh: error: GNU parallel is not installed (Debian: apt-get install parallel)" >&2; exit 2; }
smtgrind=${SMTGRIND:-smtgrind}
mkdir -p "$out"
out=$(cd "$out" && pwd)
export SMTGRIND_SHARDS=$n

# The campaign's arguments reach the job in the environment, quoted by printf %q (parallel's
# command line would expand replacement strings such as {#} or {} in them).
SMTGRIND_CAMPAIGN_ARGS=""
[ $# -eq 0 ] || SMTGRIND_CAMPAIGN_ARGS=$(printf '%q ' "$@")
export SMTGRIND_CAMPAIGN_ARGS
# The shard job: its exit status 10 (bugs found) is a result, not a failure.
# shellcheck disable=SC2016 # expanded by the job's bash
job='d=$1; eval "set -- $SMTGRIND_CAMPAIGN_ARGS"; "$0" campaign --shard auto --log --out "$d" "$@"; c=$?; [ "$c" = 10 ] && exit 0; exit "$c"'

status=0
if [ -n "${SSHLOGINS:-}" ]; then
  [ -r "$SSHLOGINS" ] || { echo "parallel.sh: error: SSHLOGINS: cannot read '$SSHLOGINS'" >&2; exit 2; }
  # GNU parallel neither transfers nor returns files for ':' (this machine): its shards would
  # stay in the remote directory and go with it.
  if grep -qE '^[[:space:]]*([0-9]+/)?:[[:space:]]*$' "$SSHLOGINS"; then
    echo "parallel.sh: error: $SSHLOGINS lists ':' (this machine), for which GNU parallel returns no files: name this machine by its ssh login instead" >&2
    exit 2
  fi
  # On the remote hosts, in a directory on their local disk (not parallel's default under
  # ~/.parallel, often a network file system), one per OUT (its path's checksum); shard-I goes
  # there from $out when an earlier run left it (so a rerun continues it) and comes back.
  remote=${REMOTE_TMP:-/tmp}/smtgrind-parallel-$(id -un)-$(printf '%s' "$out" | cksum | cut -d' ' -f1)
  (cd "$out" && parallel -q --will-cite --halt never --sshloginfile "$SSHLOGINS" -j "${JOBS_PER_HOST:-1}" \
     --env SMTGRIND_SHARDS --env SMTGRIND_CAMPAIGN_ARGS --workdir "$remote" \
     --transferfile 'shard-{#}' --return 'shard-{#}' --cleanup \
     bash -c "$job" "$smtgrind" 'shard-{#}' ::: $(seq "$n")) || status=$?
  # --cleanup removes files, not directories: when every shard came back, remove the rest.
  if [ "$status" = 0 ]; then
    parallel -q --will-cite --nonall --sshloginfile "$SSHLOGINS" rm -rf "$remote" || true
  fi
else
  parallel -q --will-cite --halt never -j "${JOBS_PER_HOST:-$n}" \
    bash -c "$job" "$smtgrind" "$out/shard-{#}" ::: $(seq "$n") || status=$?
fi
# Merge what there is, even when a shard failed (its findings so far are in its directory).
shards=()
for i in $(seq "$n"); do [ -f "$out/shard-$i/campaign.db" ] && shards+=("$out/shard-$i"); done
[ ${#shards[@]} -gt 0 ] || { echo "parallel.sh: error: no shard left a campaign" >&2; exit 1; }
mcode=0
"$smtgrind" merge --out "$out/merged" "${shards[@]}" || mcode=$?
echo "parallel.sh: ${#shards[@]} of $n shards merged into $out/merged (smtgrind report $out/merged)" >&2
[ "$status" = 0 ] || exit "$status"
exit "$mcode"
