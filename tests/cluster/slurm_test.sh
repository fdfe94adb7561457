#!/usr/bin/env bash
# slurm_test.sh BINARY: a real Slurm on this machine runs a campaign as a job array and merges it.
#
# Starts munged, slurmctld and slurmd on localhost with a configuration generated in a temporary
# directory (free ports, state, spool and logs there), submits examples/slurm/submit.sh: a job
# array of 3 shards of a 20-second campaign (the fake solver that crashes at 3 sites) and the
# merge job that depends on it (afterany), then checks the merged result: every shard's findings
# are there, no bug twice, `bugs check` ok after moving the directory. Round 2, the same
# submission again (as after a requeue): every shard continues from its copy with its budget
# spent, and the merge adds nothing. Every process it starts
# (daemons, slurmstepd, the jobs) carries SG_SLURM_TEST_MARK=<its directory> in its environment
# and is killed by pid at the end, whatever happens (trap), then the directory is removed.
# Exit 0 passed, 1 failed, 77 skipped (the reason printed: not root, Slurm or munge not
# installed outside CI, or the daemons cannot start here, with their logs' last errors).
# Run from the source directory. About 45 s (labelled slow and slurm in ctest).
set -uo pipefail
if [ $# -ne 1 ] || [ ! -x "$1" ]; then echo "usage: slurm_test.sh BINARY" >&2; exit 2; fi
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
fake=$(dirname "$bin")/fake_solver
[ -x "$fake" ] || { echo "slurm_test: FAIL: fake_solver not built next to $bin" >&2; exit 1; }

skip() { echo "slurm_test: SKIP: $*" >&2; exit 77; }
fail() { echo "slurm_test: FAIL: $*" >&2; failed=1; }
failed=0

[ "$(id -u)" = 0 ] || skip "not root (id -u = $(id -u)): slurmd must run as root to start jobs"
for c in munged slurmctld slurmd sbatch squeue sinfo scancel python3; do
  if ! command -v "$c" >/dev/null; then
    [ "${CI:-}" = true ] && { echo "slurm_test: FAIL: $c is not installed (scripts/setup.sh installs slurm-wlm and munge)" >&2; exit 1; }
    skip "$c is not installed (apt-get install slurm-wlm munge)"
  fi
done

d=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-slurm.XXXXXX")
chmod 755 "$d" # munged: every directory above its socket must be searchable by all
mark="SG_SLURM_TEST_MARK=$d"
# Every process carrying the mark, by pid (our own shell does not carry it).
# shellcheck disable=SC2317 # called from the trap
marked() {
  local f
  for f in /proc/[0-9]*/environ; do
    grep -qz -x -F "$mark" "$f" 2>/dev/null && { f=${f#/proc/}; echo "${f%/environ}"; }
  done
}
# shellcheck disable=SC2317 # the trap's
cleanup() {
  local pids i
  if [ -f "$d/slurm.conf" ]; then
    SLURM_CONF=$d/slurm.conf timeout -s KILL 10 scancel --quiet --partition=sgtest >/dev/null 2>&1
  fi
  for i in 1 2 3 4 5 6 7 8 9 10; do
    pids=$(marked)
    [ -n "$pids" ] || break
    # shellcheck disable=SC2086
    kill -KILL $pids 2>/dev/null
    sleep 0.3
  done
  [ -z "$(marked)" ] || echo "slurm_test: warning: processes still alive: $(marked)" >&2
  rm -rf "$d"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# Two free TCP ports for slurmctld and slurmd.
read -r p1 p2 < <(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
host=$(hostname -s)
mkdir -p "$d/ctld" "$d/slurmd" "$d/local" "$d/results"
# munge: a fresh key and socket in $d.
dd if=/dev/urandom of="$d/munge.key" bs=1024 count=1 status=none && chmod 400 "$d/munge.key"
env "$mark" munged --socket="$d/munge.socket" --key-file="$d/munge.key" --pid-file="$d/munged.pid" \
  --log-file="$d/munged.log" --seed-file="$d/munged.seed" >"$d/munged.out" 2>&1 \
  || skip "munged cannot start: $(tail -n 3 "$d/munged.out" "$d/munged.log" 2>/dev/null | tr '\n' ' ')"
cat > "$d/slurm.conf" <<CONF
ClusterName=sgtest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$p1
SlurmdPort=$p2
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$d/munge.socket
StateSaveLocation=$d/ctld
SlurmdSpoolDir=$d/slurmd
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmdParameters=config_overrides
MinJobAge=300
NodeName=$host NodeAddr=127.0.0.1 CPUs=4 RealMemory=1000 State=UNKNOWN
PartitionName=sgtest Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$d/slurm.conf
env "$mark" slurmctld -D -i -f "$SLURM_CONF" >"$d/slurmctld.out" 2>&1 &
env "$mark" slurmd -D -f "$SLURM_CONF" -N "$host" >"$d/slurmd.out" 2>&1 &
disown -a # killed by cleanup (by the mark), not reported by this shell
t0=$SECONDS
state=
while [ $((SECONDS - t0)) -lt 30 ]; do
  state=$(timeout -s KILL 5 sinfo -h -N -o %T 2>/dev/null | head -n 1)
  [ "$state" = idle ] && break
  sleep 0.5
done
if [ "$state" != idle ]; then
  why=$(grep -h -i -E 'error|fatal' "$d"/slurmctld.out "$d"/slurmctld.log "$d"/slurmd.out "$d"/slurmd.log 2>/dev/null | tail -n 4 | tr '\n' ' ')
  skip "Slurm did not start within 30 s (node state '${state:-none}'): ${why:-no error logged}"
fi
echo "slurm_test: slurmctld and slurmd up in $((SECONDS - t0)) s (ports $p1, $p2)" >&2

# The job array and the merge job, as docs/cluster.md shows them (round 1: the campaign; round
# 2: the same submission again, as after a requeue: every shard continues from its copy, its
# budget spent, and the merge adds nothing).
submit() {
  env "$mark" SMTGRIND="$bin" SMTGRIND_LOCAL="$d/local" \
    SBATCH_ARGS="--partition=sgtest --cpus-per-task=1 --time=00:05:00" \
    bash examples/slurm/submit.sh 3 "$d/results" --solvers "$fake hashcrash" --engines opfuzz \
    --budget 20 --seed 11 --slice 2 --reduce-budget 5 --no-report seeds
}
# Wait up to $1 s for the queue to empty.
wait_queue() {
  local t=$SECONDS left
  while [ $((SECONDS - t)) -lt "$1" ]; do
    [ -z "$(timeout -s KILL 5 squeue -h -o %i 2>/dev/null)" ] && return 0
    sleep 1
  done
  left=$(squeue -h -o '%i %T %r' 2>/dev/null | tr '\n' ';')
  fail "jobs still queued or running after $1 s: $left"
  return 1
}
t1=$SECONDS
ids=$(submit) || { fail "submit.sh failed"; exit 1; }
read -r array merge <<<"$ids"
wait_queue 150
echo "slurm_test: array $array and merge $merge ended in $((SECONDS - t1)) s" >&2
r=$d/results
count() { "$bin" bugs export "$1" 2>/dev/null | grep -c '"name"'; }
total=0
nf=()
for i in 0 1 2; do
  grep -q "shard $i/3 (from SLURM_ARRAY_TASK_ID)" "$r/shard-$i.log" 2>/dev/null \
    || fail "shard $i: its log does not say 'shard $i/3 (from SLURM_ARRAY_TASK_ID)': $(tail -n 3 "$r/shard-$i.log" 2>/dev/null | tr '\n' ' ')"
  n=$(count "$r/shard-$i")
  [ "${n:-0}" -gt 0 ] || fail "shard $i: no findings in $r/shard-$i"
  total=$((total + ${n:-0}))
  nf[i]=${n:-0}
done
grep -q "3 shards merged" "$r/merge.log" 2>/dev/null || fail "merge job: $(tail -n 3 "$r/merge.log" 2>/dev/null | tr '\n' ' ')"
before=$("$bin" bugs list "$r/merged" 2>&1; count "$r/merged")
t2=$SECONDS
ids=$(submit) || { fail "submit.sh (round 2) failed"; exit 1; }
wait_queue 120
for i in 0 1 2; do
  grep -q "holds this campaign (same settings): continuing it, 2[0-9]s of 20s done" "$r/shard-$i.log" 2>/dev/null \
    || fail "round 2, shard $i: not continued: $(grep -h 'campaign' "$r/shard-$i.log" 2>/dev/null | head -n 3 | tr '\n' ' ')"
done
after=$("$bin" bugs list "$r/merged" 2>&1; count "$r/merged")
if [ "$(grep -c " 0 findings added" "$r/merge.log")" != 3 ] || [ "$after" != "$before" ]; then
  fail "round 2: the merge changed: $(grep 'merge:' "$r/merge.log" | tr '\n' ' ')"
fi
# The copies back were swapped in whole: nothing left beside them.
left=$(find "$r" -maxdepth 1 -name ".shard-*" -printf "%f ")
[ -z "$left" ] || fail "copies back left: $left"
echo "slurm_test: round 2 (resubmitted: continued, merged again without change) in $((SECONDS - t2)) s" >&2
mv "$r/merged" "$d/moved"
m=$d/moved
nm=$(count "$m")
[ "$nm" = "$total" ] || fail "merged: $nm findings, the shards have $total"
# Every shard's findings, under its own origin; the shards table says so.
rows=$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
out = []
for origin, shard, n in db.execute("SELECT origin, shard, findings FROM shards ORDER BY shard"):
    k = db.execute("SELECT COUNT(*) FROM findings WHERE trigger LIKE ?", ("findings/" + origin + "/%",)).fetchone()[0]
    out.append("%s:%d:%d" % (shard, n, k))
print(" ".join(out))' "$m/campaign.db")
want="0/3:${nf[0]}:${nf[0]} 1/3:${nf[1]}:${nf[1]} 2/3:${nf[2]}:${nf[2]}"
[ "$rows" = "$want" ] || fail "shards table and findings per origin: '$rows', want '$want'"
# No bug twice: the fake solver crashes at 3 sites, so 3 bugs, each with its own signature.
list=$("$bin" bugs list "$m")
nb=$(tail -n +2 <<<"$list" | cut -f 10 | sort -u | wc -l)
ns=$(tail -n +2 <<<"$list" | cut -f 9 | sort -u | wc -l)
nr=$(tail -n +2 <<<"$list" | wc -l)
[ "$nb$ns$nr" = 333 ] || fail "bugs: $nb bugs, $ns signatures in $nr buckets (want 3, 3, 3): $list"
"$bin" bugs check "$m" >"$d/check.out" 2>&1 || fail "bugs check after the move: $(cat "$d/check.out")"
"$bin" report "$m" >/dev/null 2>&1 || fail "report after the move"
if [ "$failed" = 0 ]; then
  echo "slurm_test: passed: 3 shards (${nf[*]} findings), merged after the array into $nm findings, 3 bugs; bugs check ok after the move ($((SECONDS - t0)) s in all)" >&2
  exit 0
fi
for f in slurmctld.log slurmd.log; do echo "--- $f" >&2; tail -n 15 "$d/$f" >&2; done
exit 1
