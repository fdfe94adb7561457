# group_triage.sh: the CLI group `triage` of run_cli_tests.sh (sourced there): a campaign's
# buckets triaged over a solver's releases (issue 47) — in the background after each reduction,
# by `triage CAMPAIGN_DIR`, stored in campaign.db (table triage) and shown by `bugs list`
# (`--open`), `bugs show --issue` and the report; an older database without the table; a merge;
# a kill -9 during a triage and --resume. Hermetic: the releases are fake ones
# (tests/fake/fake_python.sh as SMTGRIND_PYTHON, the cache in a temporary XDG_CACHE_HOME, as in
# group_release.sh): z3 9.0.0 ... 9.11.0, each answering unsat when its version is in FAKE_BAD,
# else running /usr/bin/z3.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_triage() {
  local d=$tmp/tri tab=$'\t'
  mkdir -p "$d"
  local fakepy
  fakepy=$(realpath tests/fake/fake_python.sh)
  local versions="9.11.0.0, 9.10.0.0, 9.9.0.0, 9.8.0.0, 9.7.0.0, 9.6.0.0, 9.5.0.0, 9.4.0.0, 9.3.0.0, 9.2.0.0, 9.1.0.0, 9.0.0.0"
  local -a env0=(env XDG_CACHE_HOME="$d/cache" SMTGRIND_PYTHON="$fakepy" FAKE_PYPI_VERSIONS="$versions")
  local open_bad="9.2.0 9.3.0 9.4.0 9.5.0 9.6.0 9.7.0 9.8.0 9.9.0 9.10.0 9.11.0"
  # A campaign against z3 9.2.0 (bad: every mutant z3 calls unsat while cvc5's model satisfies it
  # is a finding) and cvc5: its buckets are reduced, then triaged in the background: the bug of
  # 9.1.0-9.3.0 is fixed in 9.4.0.
  local c=$d/c
  run "${env0[@]}" FAKE_BAD="9.1.0 9.2.0 9.3.0" "$bin" campaign --solvers "z3@9.2.0;cvc5" --engines opfuzz --budget 3 -j 1 \
    --seed 5 --slice 1 --log --no-report --reduce-budget 10 --triage-budget 60 --out "$c" examples/qf_lia.smt2
  check "campaign: each reduced bucket triaged in the background (logged), the summary says fixed in z3 9.4.0" \
    eval '[ $code = 10 ] && [[ $err == *"campaign: triage: bucket "*": fixed in 9.4.0"* ]] && [[ $out == *"releases: fixed in z3 9.4.0 (last bad 9.3.0)"* ]]'
  [ -f "$c/campaign.db" ] || { fail "triage: no campaign in $c: the rest of the group needs one"; return; }
  run "$bin" bugs list "$c"
  local rows
  rows=$(awk -F'\t' 'NR > 1 && $2 == "soundness" {print $7 "/" $13}' "$out_file" | sort -u | tr '\n' ' ')
  check "bugs list: a triage column (last), every soundness bucket reduced and 'fixed in 9.4.0'" \
    eval '[ $code = 0 ] && [ "$(head -n 1 "$out_file" | awk -F"\t" "{print \$13}")" = triage ] && [ "$rows" = "done/fixed in 9.4.0 " ]'
  run "$bin" bugs list "$c" --open
  check "bugs list --open: a fixed bucket is left out" \
    eval '[ $code = 0 ] && [ "$(lines "$out")" = 1 ]'
  local id
  id=$(awk -F'\t' 'NR == 2 {print $1}' <<<"$("$bin" bugs list "$c")")
  run "$bin" bugs show "$c" "$id" --issue
  check "bugs show --issue: the releases it is in" \
    eval '[ $code = 0 ] && [[ $out == *"Releases: fixed in z3 9.4.0 (last bad 9.3.0) (smtgrind triage)."* ]]'
  run "$bin" report "$c"
  check "report: the bucket's releases" eval '[ $code = 0 ] && grep -q "<td>releases</td><td>fixed in z3 9.4.0 (last bad 9.3.0)" "$c/report.html"'
  # triage DIR: every bucket again, with the campaign's own solvers; the result replaces the
  # stored one.
  run "${env0[@]}" FAKE_BAD="$open_bad" "$bin" triage "$c"
  check "triage CAMPAIGN_DIR: the bucket's bug, still in the newest release: open, exit 10" \
    eval '[ $code = 10 ] && [[ $out == "bucket $id: $c/reduced/bucket-$id.smt2: soundness, blamed z3-9.2.0 9.2.0: "* ]] && [[ $out == *"open: reproduces with z3 9.11.0, the newest release; first bad 9.2.0"* ]]'
  run "$bin" bugs list "$c" --open
  check "stored: bugs list says open in 9.11.0, and --open lists it" \
    eval '[ $code = 0 ] && [[ $out == *"${tab}unsat${tab}${tab}open in 9.11.0" ]] && [ "$(lines "$out")" = 2 ]'
  run "${env0[@]}" FAKE_BAD="$open_bad" "$bin" triage --json "$c"
  check "triage --json CAMPAIGN_DIR: the bucket id, the outcome, the releases" \
    eval '[ $code = 10 ] && [[ $out == "{\"file\": \"$c/reduced/bucket-$id.smt2\", \"bucket\": $id, \"kind\": \"soundness\", \"blamed\": \"z3-9.2.0\", \"blamed_version\": \"9.2.0\", \"outcome\": \"open\", \"family\": \"z3\", \"newest\": \"9.11.0\", \"open_in_newest\": true"* ]]'
  run "${env0[@]}" FAKE_BAD="" "$bin" triage "$c"
  check "triage CAMPAIGN_DIR: a bucket its solvers no longer show is 'not reproduced' (stored, exit 0)" \
    eval '[ $code = 0 ] && [[ $err == *"bucket $id: "*"not reproduced with \"z3@9.2.0;cvc5\": every solver agrees"* ]] && [[ "$("$bin" bugs list "$c" --open)" == *"${tab}not reproduced" ]]'
  run "${env0[@]}" FAKE_BAD="9.1.0 9.2.0 9.3.0" "$bin" triage --json --kind crash --blamed z3-9.2.0 --solvers "z3@9.2.0;cvc5" examples/qf_lia.smt2
  check "triage --kind --blamed FILE: a bug of another kind is not reproduced, said in the JSON, exit 2" \
    eval '[ $code = 2 ] && [[ $out == *"\"outcome\": \"not reproduced\", \"family\": \"z3\", \"why\": \"not reproduced with \\\"z3@9.2.0;cvc5\\\": soundness, not crash blamed on z3-9.2.0"* ]]'
  # An older database (no table triage): every reader takes it as untriaged; triage DIR and a
  # merge make the table.
  local old=$d/old
  cp -r "$c" "$old"
  python3 -c 'import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); db.execute("DROP TABLE triage"); db.commit()' "$old/campaign.db"
  run "$bin" bugs list "$old"
  check "an older database without the table: bugs list works, triage '-'" \
    eval '[ $code = 0 ] && [[ $out == *"${tab}unsat${tab}${tab}-" ]] && "$bin" bugs check "$old" >/dev/null && "$bin" report "$old" >/dev/null && [[ "$("$bin" bugs export "$old")" == *"\"triage\": null"* ]]'
  run "$bin" merge --out "$d/m-old" "$old"
  check "a merge of a campaign without the table: merged, untriaged" \
    eval '[ $code = 0 ] && [[ "$("$bin" bugs list "$d/m-old")" == *"${tab}unsat${tab}${tab}-" ]] && "$bin" bugs check "$d/m-old" >/dev/null'
  run "${env0[@]}" FAKE_BAD="9.1.0 9.2.0 9.3.0" "$bin" triage "$old"
  check "triage DIR on an older database: the table made, the result stored" \
    eval '[ $code = 0 ] && [[ "$("$bin" bugs list "$old")" == *"${tab}fixed in 9.4.0" ]] && "$bin" bugs check "$old" >/dev/null'
  run "$bin" merge --out "$d/m" "$old"
  check "merge: the triage comes with the bucket it belongs to" \
    eval '[ $code = 0 ] && [[ "$("$bin" bugs list "$d/m")" == *"${tab}fixed in 9.4.0" ]] && "$bin" bugs check "$d/m" >/dev/null'
  # kill -9 while a triage runs (installs that take 3 s each): nothing stored; --resume
  # (reductions and triage only) does it again; --no-triage leaves it.
  local c2=$d/c2 cpid n=0
  mkdir -p "$d/cache2/smtgrind/pypi"
  cp -a "$d/cache/smtgrind/pypi/z3-9.2.0" "$d/cache/smtgrind/pypi/index-z3-solver.txt" "$d/cache2/smtgrind/pypi/"
  local -a env2=(env XDG_CACHE_HOME="$d/cache2" SMTGRIND_PYTHON="$fakepy" FAKE_PYPI_VERSIONS="$versions" FAKE_BAD="9.1.0 9.2.0 9.3.0")
  "${env2[@]}" FAKE_PYPI_SLEEP=3 "$bin" campaign --solvers "z3@9.2.0;cvc5" --engines opfuzz --budget 60 -j 1 --seed 5 --slice 1 \
    --log --no-report --reduce-budget 10 --out "$c2" examples/qf_lia.smt2 </dev/null >"$d/c2.out" 2>&1 &
  cpid=$!
  until compgen -G "$c2/reduced/bucket-*.smt2" >/dev/null || [ $n -ge 600 ]; do sleep 0.05; n=$((n + 1)); done
  sleep 1
  kill -9 "$cpid"
  wait "$cpid" 2>/dev/null || true
  run "$bin" bugs list "$c2"
  check "kill -9 during a triage: the bucket reduced, no triage stored" \
    eval '[ $n -lt 600 ] && [[ $(cut -f7,13 "$out_file") == *"done${tab}-"* ]] && [[ $out != *"fixed in"* ]]'
  run "${env2[@]}" "$bin" campaign --resume "$c2" --budget 0 --log --no-report --no-triage
  check "--resume --no-triage: no triage" eval '[ $code = 10 ] && [[ "$("$bin" bugs list "$c2")" != *"fixed in"* ]]'
  run "${env2[@]}" "$bin" campaign --resume "$c2" --budget 0 --log --no-report
  check "--resume: the triage the kill stopped is done again and stored" \
    eval '[ $code = 10 ] && [[ $err == *"campaign: triage: bucket "*": fixed in 9.4.0"* ]] && [[ "$("$bin" bugs list "$c2")" == *"${tab}fixed in 9.4.0" ]] && "$bin" bugs check "$c2" >/dev/null'
}
