#!/usr/bin/env bash
# submit.sh: a smtgrind campaign of N shards as a Slurm job array, and the merge job that runs
# when every task has ended (--dependency=afterany). Prints the two job ids.
#
#   examples/slurm/submit.sh N RESULTS [CAMPAIGN ARGS...]
#     e.g. examples/slurm/submit.sh 100 /shared/runs/c1 --budget 6000 --seed 7 /shared/seeds
#
# RESULTS must be on a file system every node sees; the shards run on local disks
# (campaign.sbatch). Extra sbatch options (partition, account, time) go in SBATCH_ARGS, e.g.
# SBATCH_ARGS="--partition=short --time=03:00:00". SMTGRIND (the binary) is passed on.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
n=$1
results=$2
shift 2
case "$n" in ''|*[!0-9]*|0) echo "submit.sh: error: N must be a number >= 1, got '$n'" >&2; exit 2 ;; esac
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$results"
results=$(cd "$results" && pwd)
# shellcheck disable=SC2086 # SBATCH_ARGS is a list of options
array=$(sbatch --parsable ${SBATCH_ARGS:-} --array=0-$((n - 1)) --output="$results/shard-%a.log" \
          "$here/campaign.sbatch" "$results" "$@")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_ARGS:-} --dependency=afterany:"$array" --output="$results/merge.log" \
          "$here/merge.sbatch" "$results")
merge=${merge%%;*}
echo "submit.sh: array job $array ($n shards), merge job $merge; results in $results/merged" >&2
echo "$array $merge"
