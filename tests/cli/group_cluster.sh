# group_cluster.sh: the CLI group `cluster` of run_cli_tests.sh (sourced there; uses its run,
# check, fail, $bin and $tmp): (issue 21) GNU parallel shards, merge (relocatable, idempotent,
# versions per shard), resume-or-start of --out.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_cluster() {
  local fake m=$tmp/cl/merged
  fake=$(dirname "$bin")/fake_solver
  [ -x "$fake" ] || { fail "fake_solver not built next to $bin"; return; }
  if ! command -v parallel >/dev/null; then
    # CI installs it (scripts/setup.sh): there its absence is a failure.
    if [ "${CI:-}" = true ]; then fail "GNU parallel is not installed (scripts/setup.sh installs it)"; return; fi
    echo "cluster: SKIP: GNU parallel is not installed (apt-get install parallel)" >&2
    return
  fi
  # examples/parallel.sh as docs/cluster.md shows it: 2 shards (--shard auto from PARALLEL_SEQ),
  # merged.
  run env SMTGRIND="$bin" timeout -s KILL 120 bash examples/parallel.sh 2 "$tmp/cl" --solvers "$fake hashcrash" \
    --engines opfuzz --budget 3 -j 1 --seed 5 --slice 1 --no-report seeds
  local f1 f2 fm
  f1=$("$bin" bugs export "$tmp/cl/shard-1" | grep -c '"name"')
  f2=$("$bin" bugs export "$tmp/cl/shard-2" | grep -c '"name"')
  fm=$("$bin" bugs export "$m" | grep -c '"name"')
  check "GNU parallel: shards 0/2 and 1/2 from PARALLEL_SEQ, every finding of both in the merge, one bucket per crash site" \
    eval '[ $code = 0 ] && [[ $err == *"shard 0/2 (from PARALLEL_SEQ)"* ]] && [[ $err == *"shard 1/2 (from PARALLEL_SEQ)"* ]] && [ "$f1" -gt 0 ] && [ "$f2" -gt 0 ] && [ "$fm" = $((f1 + f2)) ] && [ "$("$bin" bugs list "$m" | tail -n +2 | wc -l)" = 3 ]'
  # SSHLOGINS (tests/fake/fake_ssh.sh as ssh: the commands run here, rsync over it): the shards
  # go "there" and come back; a rerun sends each shard back first and continues it; the seed
  # directory's name holds {#}, which reaches smtgrind as written; the remote directory goes.
  if command -v rsync >/dev/null || [ "${CI:-}" = true ]; then
    # REMOTE_TMP holds a blank: "$tmp/remote" (its first word) must survive the cleanup
    mkdir -p "$tmp/sd{#}" "$tmp/remote dir" "$tmp/remote"
    touch "$tmp/remote/decoy"
    cp examples/qf_lia.smt2 seeds/*.smt2 "$tmp/sd{#}/" 2>/dev/null
    echo fakehost > "$tmp/sshlogins"
    local sshrun=(env SMTGRIND="$bin" SSHLOGINS="$tmp/sshlogins" PARALLEL_SSH="$PWD/tests/fake/fake_ssh.sh"
                  FAKE_SSH_LOG="$tmp/ssh.log" REMOTE_TMP="$tmp/remote dir" timeout -s KILL 120 bash examples/parallel.sh 2
                  "$tmp/ssh" --solvers "$fake hashcrash" --engines opfuzz -j 1 --seed 5 --slice 1 --no-report --no-reduce)
    run "${sshrun[@]}" --budget 2 "$tmp/sd{#}"
    local r1=$code e1=$err
    run "${sshrun[@]}" --budget 4 "$tmp/sd{#}"
    check "parallel.sh over ssh: both shards ran there and came back; a rerun continues each; {#} in an argument stays; the remote directory is removed, nothing else" \
      eval '[ $r1 = 0 ] && [ $code = 0 ] && [[ $e1 == *"shard 1/2 (from PARALLEL_SEQ)"* ]] && [ "$(grep -c "holds this campaign (same settings): continuing it, 2s of 4s done" <<<"$err")" = 2 ] && grep -qx fakehost "$tmp/ssh.log" && "$bin" bugs check "$tmp/ssh/merged" >/dev/null && [ -z "$(ls -A "$tmp/remote dir")" ] && [ -f "$tmp/remote/decoy" ]'
    echo "2/:" > "$tmp/sshlocal"
    run env SMTGRIND="$bin" SSHLOGINS="$tmp/sshlocal" bash examples/parallel.sh 2 "$tmp/ssh2" --budget 2 "$tmp/sd{#}"
    check "parallel.sh: ':' in SSHLOGINS (no files returned for it) is refused, exit 2" \
      eval '[ $code = 2 ] && [[ $err == *"lists '"':'"' (this machine)"* ]]'
  fi
  # merge is idempotent: the same shards again, a shard twice, a merge of the merge, the merge
  # with itself and a shard: the same bugs, findings, slices, shards and files.
  snap() { "$bin" bugs list "$1"; python3 - "$1/campaign.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for q in ("SELECT COUNT(*), SUM(mutants), SUM(calls) FROM slices", "SELECT COUNT(*) FROM findings",
          "SELECT origin, shard, findings FROM shards ORDER BY origin"):
    print(db.execute(q).fetchall())
PY
    (cd "$1" && find findings reduced -type f | sort); }
  local s0 s1 s2 s3
  s0=$(snap "$m")
  run "$bin" merge --out "$m" "$tmp/cl/shard-1" "$tmp/cl/shard-2" "$tmp/cl/shard-1"
  s1=$(snap "$m")
  check "merge into the merge again (a shard twice): nothing added, nothing changed" \
    eval '[ $code = 0 ] && [[ $err == *"shard-1: 0 findings added, $f1 already there"* ]] && [ "$s1" = "$s0" ]'
  run "$bin" merge --out "$tmp/m2" "$m"
  s2=$(snap "$tmp/m2")
  run "$bin" merge --out "$tmp/m2" "$m" "$tmp/cl/shard-2" "$tmp/m2"
  s3=$(snap "$tmp/m2")
  check "a merge of the merge is the merge; merging it with a shard and itself changes nothing" \
    eval '[ $code = 0 ] && [ "$s2" = "$s0" ] && [ "$s3" = "$s0" ] && [[ $err == *"is the output itself"* ]]'
  run "$bin" campaign --solvers "$fake sat" --engines opfuzz --budget 2 -j 1 --out "$m" seeds
  check "campaign --out on a merged directory: exit 2, it is a merge (no list of settings)" \
    eval '[ $code = 2 ] && [[ $err == *"$m is a merge of campaigns (smtgrind merge), not one to run or continue"* ]] && [ "$(snap "$m")" = "$s0" ]'
  # Relocation: every stored path is relative; moved, the merge and a shard still check.
  local abs
  abs=$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute("SELECT trigger, json FROM findings UNION ALL SELECT first_trigger, COALESCE(reduced_trigger, first_json) FROM buckets").fetchall()
print(sum(1 for r in rows for p in r if p.startswith("/") or ".." in p), len(rows))' "$tmp/m2/campaign.db")
  mv "$tmp/m2" "$tmp/moved-m2"
  mv "$tmp/cl/shard-2" "$tmp/moved-shard"
  run "$bin" bugs check "$tmp/moved-m2"
  local chk=$code cout=$out
  run "$bin" report "$tmp/moved-m2"
  check "relocatable: no absolute path stored; moved, bugs check and report work (merge and shard)" \
    eval '[[ $abs == "0 "* ]] && [ $chk = 0 ] && [[ $cout == "$fm findings, 3 buckets"*": ok" ]] && [ $code = 0 ] && "$bin" bugs check "$tmp/moved-shard" >/dev/null && [ "$(snap "$tmp/moved-m2")" = "$s0" ]'
  # The files are links (one file system): the merge costs no copies.
  run "$bin" merge --out "$tmp/m3" "$tmp/moved-shard"
  check "merge hard-links the finding files" eval '[ $code = 0 ] && [[ $err == *"($((2 * f2 + 3)) files linked, 0 copied)"* ]]'
  # A shard merged before its reductions ended (a late or requeued task), merged again after:
  # the merged buckets take the reductions. An older copy of a shard merged after a newer one
  # lowers no work counter.
  cp -a "$tmp/moved-shard" "$tmp/early"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE buckets SET reduce_state = ?, reduced_trigger = NULL, reduced_key = NULL", ("pending",))
db.execute("UPDATE slices SET mutants = mutants / 2, calls = calls / 2"); db.commit()' "$tmp/early/campaign.db"
  cp -a "$tmp/moved-shard" "$tmp/early2" # as far on, but every slice still running
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE slices SET state = ?", ("running",)); db.commit()' "$tmp/early2/campaign.db"
  local done_shard done_late sum_new sum_after
  done_shard=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM buckets WHERE reduce_state = ? AND reduced_trigger IS NOT NULL", ("done",)).fetchone()[0])' "$tmp/moved-shard/campaign.db")
  "$bin" merge --out "$tmp/m6" "$tmp/early" >/dev/null 2>&1
  run "$bin" merge --out "$tmp/m6" "$tmp/moved-shard"
  done_late=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM buckets WHERE reduce_state = ? AND reduced_trigger IS NOT NULL", ("done",)).fetchone()[0])' "$tmp/m6/campaign.db")
  check "a reduction finished after an earlier merge reaches the merged bucket on the next merge" \
    eval '[ $code = 0 ] && [ "$done_shard" -gt 0 ] && [ "$done_late" = "$done_shard" ] && [[ $err == *"; $done_shard reductions finished since an earlier merge"* ]] && "$bin" bugs check "$tmp/m6" >/dev/null'
  sum_new=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT SUM(mutants), SUM(calls) FROM slices").fetchone())' "$tmp/m6/campaign.db")
  run "$bin" merge --out "$tmp/m6" "$tmp/early" "$tmp/early2"
  sum_after=$(python3 -c 'import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); print(db.execute("SELECT SUM(mutants), SUM(calls) FROM slices").fetchone(), db.execute("SELECT COUNT(*) FROM slices WHERE state = ?", ("running",)).fetchone()[0])' "$tmp/m6/campaign.db")
  check "an older copy of a shard merged after the newer one lowers no counter and undoes no slice's end" \
    eval '[ $code = 0 ] && [ "$sum_after" = "$sum_new 0" ] && [[ $sum_new != "(None, None)" ]]'
  # Solver versions per shard: a shard run with another version is reported, and kept per shard.
  cp -a "$tmp/cl/shard-1" "$tmp/vshard"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE meta SET value = ? WHERE key = ?", ("fake_solver 9.9", "solver_versions")); db.commit()' "$tmp/vshard/campaign.db"
  run "$bin" merge --out "$tmp/m4" "$tmp/moved-shard" "$tmp/vshard"
  local vrows
  vrows=$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); print(";".join(r[0] + "=" + r[1] for r in db.execute("SELECT shard, solver_versions FROM shards ORDER BY shard")))' "$tmp/m4/campaign.db")
  check "a solver version that differs between shards is reported and kept per shard" \
    eval '[ $code = 0 ] && [[ $err == *"warning: solver versions differ between shards"*"fake_solver 9.9"* ]] && [ "$vrows" = "0/2=fake_solver 9.9;1/2=fake_solver" ]'
  run "$bin" merge --out "$tmp/moved-shard" "$tmp/vshard"
  check "merge into a campaign that is not a merge: exit 2" eval '[ $code = 2 ] && [[ $err == *"not a merge"* ]]'
  run "$bin" merge --out "$tmp/m5" "$tmp/nowhere"
  check "merge of a directory that is not a campaign: exit 2" eval '[ $code = 2 ] && [[ $err == *"nowhere: not a campaign directory"* ]] && [ ! -e "$tmp/m5" ]'
  # Resume-or-start: --out on a campaign with the same settings continues it (a restarted array
  # task); --budget is the campaign's total. Other settings: exit 2, nothing run.
  local rc=$tmp/rc
  run env PARALLEL_SEQ=2 SMTGRIND_SHARDS=3 "$bin" campaign --shard auto --solvers "$fake sat" --engines opfuzz --budget 2 -j 1 --no-reduce --no-report --log --out "$rc" seeds
  local seed1
  seed1=$(sed -n 's/.*seed \([0-9]*\)$/\1/p' "$err_file" | head -n 1)
  run env PARALLEL_SEQ=2 SMTGRIND_SHARDS=3 "$bin" campaign --shard auto --solvers "$fake sat" --engines opfuzz --budget 4 -j 1 --no-reduce --no-report --log --out "$rc" seeds
  check "--out on the same campaign continues it (its stored seed, shard 1/3), up to the new total budget" \
    eval '[ $code = 0 ] && [[ $err == *"holds this campaign (same settings): continuing it, 2s of 4s done"* ]] && [[ $err == *"(resumed)"*"shard 1/3"*"seed $seed1"* ]] && [[ $err == *"campaign $rc: 4s in all"* ]] && "$bin" bugs check "$rc" >/dev/null'
  run env PARALLEL_SEQ=1 SMTGRIND_SHARDS=3 "$bin" campaign --shard auto --solvers "$fake sat" --engines typefuzz --budget 4 -j 1 --no-reduce --no-report --log --out "$rc" seeds
  check "--out on a campaign with other settings: exit 2 naming each difference" \
    eval '[ $code = 2 ] && [[ $err == *"other settings (engines '"'opfuzz'"' there, '"'typefuzz'"' here; shard '"'1/3'"' there, '"'0/3'"' here)"* ]] && [[ $err == *"--resume $rc"* ]]'
}
