/* shard: `campaign --shard auto` — the shard from the launcher's environment (Slurm job
 * arrays, Kubernetes Indexed Jobs, GNU parallel). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* The environment variable name as a number in [0, 100000] into *v: 1 when set and valid, 0
 * when unset, -1 (after printing why) when set to anything else. */
static int
env_num (const sg_cli_cmd *cmd, const char *name, unsigned *v)
{
  const char *s = getenv (name);
  if (!s) return 0;
  uint64_t x;
  if (!sg_cli_parse_u64 (s, 0, 100000, &x))
    {
      sg_cli_usage_error (cmd, "--shard auto: %s is '%s', not a number in 0..100000", name, s);
      return -1;
    }
  *v = (unsigned) x;
  return 1;
}

int
sg_cli_shard_auto (const sg_cli_cmd *cmd, unsigned count, uint32_t *shard, uint32_t *nshards, const char **from_out)
{
  unsigned id, lo = 0, hi, n = 0, step = 1, tasks = 0;
  const char *from = NULL;
  int k;
  if ((k = env_num (cmd, "SLURM_ARRAY_TASK_ID", &id)) < 0) return SG_EXIT_INPUT;
  if (k)
    {
      from = "SLURM_ARRAY_TASK_ID";
      if (env_num (cmd, "SLURM_ARRAY_TASK_MIN", &lo) < 0) return SG_EXIT_INPUT;
      if (env_num (cmd, "SLURM_ARRAY_TASK_STEP", &step) < 0) return SG_EXIT_INPUT;
      if (!step) step = 1;
      if ((k = env_num (cmd, "SLURM_ARRAY_TASK_MAX", &hi)) < 0) return SG_EXIT_INPUT;
      if (k && hi >= lo) n = (hi - lo) / step + 1;
      if (env_num (cmd, "SLURM_ARRAY_TASK_COUNT", &tasks) < 0) return SG_EXIT_INPUT;
      /* An array with gaps (--array=1,5,9): which shard a task is cannot be told from its
       * index; every shard must run once, so that is refused. */
      if (n && tasks && tasks != n)
        return sg_cli_usage_error (cmd, "--shard auto: the job array has %u tasks but indexes %u..%u step %u make %u: give it a range (--array=0-%u)",
                                   tasks, lo, hi, step, n, tasks - 1);
      if (!n) n = tasks;
      if ((id - lo) % step)
        return sg_cli_usage_error (cmd, "--shard auto: SLURM_ARRAY_TASK_ID = %u is not on the array's step %u from %u", id, step, lo);
      if (id >= lo) id = lo + (id - lo) / step; /* the shard is the task's position */
    }
  else if ((k = env_num (cmd, "JOB_COMPLETION_INDEX", &id)) != 0)
    {
      if (k < 0) return SG_EXIT_INPUT;
      from = "JOB_COMPLETION_INDEX";
    }
  else if ((k = env_num (cmd, "PARALLEL_SEQ", &id)) != 0)
    {
      if (k < 0) return SG_EXIT_INPUT;
      if (id == 0) return sg_cli_usage_error (cmd, "--shard auto: PARALLEL_SEQ is 0 (GNU parallel counts from 1)");
      from = "PARALLEL_SEQ";
      lo = 1;
    }
  else
    return sg_cli_usage_error (cmd, "--shard auto: none of SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, PARALLEL_SEQ is set");
  if (count) n = count; /* --shards wins */
  else if (!n && (k = env_num (cmd, "SMTGRIND_SHARDS", &n)) < 0) return SG_EXIT_INPUT;
  if (!n)
    return sg_cli_usage_error (cmd, "--shard auto: %s gives this shard but not how many there are: give --shards N (or SMTGRIND_SHARDS)", from);
  if (id < lo || id - lo >= n)
    return sg_cli_usage_error (cmd, "--shard auto: %s = %u is not one of %u shards%s", from, id, n,
                               !lo ? "" : strcmp (from, "PARALLEL_SEQ") ? " (counted from the array's first index)" : " (PARALLEL_SEQ counts from 1)");
  *shard = id - lo;
  *nshards = n;
  *from_out = from;
  return SG_EXIT_OK;
}
