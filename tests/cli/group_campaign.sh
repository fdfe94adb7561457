# group_campaign.sh: the CLI group `campaign` of run_cli_tests.sh (sourced there; uses its run,
# check, fail, $bin and $tmp): database, buckets, report, bugs, shards, merge, resume (fake
# solver).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
# The listing order (cvc5's guidelines for fuzzer authors: wrong unsat, wrong sat, invalid model,
# crash, then the rest; ties by bucket id) of bugs list, bugs export and report, and the options
# a bucket needs marked with what the solver's own help says of them. A database of $1 (a
# campaign of group campaign) with its buckets replaced by ten of every kind, created in an order
# the listing must not keep; solvers in PATH are fakes whose help texts are excerpts of z3 4.8.12
# -pd and cvc5 1.0.3 --help.
campaign_order() {
  local od=$tmp/order hb=$tmp/order-bin hb2=$tmp/order-bin-other ids eids rids t5 t8 a5 a8 a3
  rm -rf "$od" "$hb" "$hb2" "$tmp/order-m"
  cp -r "$1" "$od" && rm -rf "$od"/findings/* "$od"/reduced "$od"/report.html
  python3 - "$od" <<'PY'
import sqlite3, sys, os
d = sys.argv[1]
db = sqlite3.connect(d + "/campaign.db")
for t in ("findings", "buckets", "bucket_keys"): db.execute("DELETE FROM " + t)
os.makedirs(d + "/findings/o"); os.makedirs(d + "/reduced")
versions = {"z3": "4.8.12", "cvc5": "1.0.3", "unattributed": ""}
rows = [  # bucket 1, 2, ...: kind, culprit, the oracle's why, drawn options (z3's), reduced options line
  ("crash", "z3", "z3 crashed: assertion violation", None, None),
  ("incompleteness", "cvc5", "cvc5 gave unknown on query 1, where z3 is sat", None, None),
  ("soundness", "cvc5", "cvc5 answered sat on query 1 with a model that falsifies an assertion (our evaluator), expected unsat", None, None),
  ("invalid-model", "z3", "z3's model falsifies an assertion (our evaluator)", None, None),
  ("soundness", "z3", "z3 answered unsat on query 1 but cvc5's model satisfies every assertion", ["sat.euf=true", "smt.arith.solver=2"], None),
  ("unspecified", "unattributed", "z3 and cvc5 disagree on query 1 (sat vs unsat); no model decides and 0^0 is unspecified", None, None),
  ("soundness", "unattributed", "z3 and cvc5 disagree on query 1 (sat vs unsat); no model decides", None, None),
  ("soundness", "cvc5", "z3 and cvc5 disagree on query 1 (sat vs unsat); no model decides; referee cvc4 answers sat", None, "cvc5 --fp-exp --no-arrays-exp --strings-exp --sygus-inst"),
  ("performance", "cvc5", "performance: cvc5 took 9.00s, the reference z3 0.10s", None, None),
  ("soundness", "cvc5", "with :produce-unsat-cores: cvc5 answered sat on query 1, expected unsat; z3 answered unsat", None, None),
]
for i, (kind, solver, why, opts, red) in enumerate(rows, 1):
    trig, js, rt = "findings/o/f%d.smt2" % i, "findings/o/f%d.json" % i, None
    open(d + "/" + trig, "w").write("(declare-fun x () Int)\n(assert (> x %d))\n(check-sat)\n" % i)
    z3opts = ', "options": ["%s"]' % '", "'.join(opts) if opts else ""
    open(d + "/" + js, "w").write('{"kind": "%s", "solver": "%s", "runs": [{"solver": "z3", "command": ["z3"]%s},'
                                  ' {"solver": "cvc5", "command": ["cvc5"]}]}\n' % (kind, solver, z3opts))
    if red:
        rt = "reduced/b%d.smt2" % i
        open(d + "/" + rt, "w").write("; smtgrind options: %s\n(check-sat)\n" % red)
    db.execute("INSERT INTO buckets (id, kind, solver, logic, signature, key, first_finding, first_trigger, first_json,"
               " reduced_trigger, count, created, created_elapsed, version, reduce_state)"
               " VALUES (?, ?, ?, 'QF_LIA', '', ?, ?, ?, ?, ?, 1, 0, ?, ?, ?)",
               (i, kind, solver, "k%d" % i, i, trig, js, rt, float(i), versions[solver], "done" if red else "off"))
    db.execute("INSERT INTO bucket_keys (key, bucket) VALUES (?, ?)", ("k%d" % i, i))
    db.execute("INSERT INTO findings (id, name, trigger, json, kind, solver, version, solvers, logic, technique,"
               " rng_seed, found_at, elapsed, signature, why, key, bucket)"
               " VALUES (?, ?, ?, ?, ?, ?, ?, 'z3 4.8.12; cvc5 1.0.3', 'QF_LIA', 'opfuzz', '1', 0, ?, '', ?, ?, ?)",
               (i, "f%d" % i, trig, js, kind, solver, versions[solver], float(i), why, "k%d" % i, i))
db.commit()
PY
  mkdir -p "$hb" "$hb2"
  printf '#!/bin/sh\ncase "$1" in\n--version) echo "Z3 version 4.8.12 - 64 bit" ;;\n-pd) printf "%%s\\n" "[module] sat, description: propositional SAT solver" "    euf (bool) enable euf solver (this feature is preliminary and not ready for general consumption) (default: false)" ;;\nesac\n' > "$hb/z3"
  printf '#!/bin/sh\ncase "$1" in\n--version) echo "This is cvc5 version 1.0.3" ;;\n--help) printf "%%s\\n" "From the Arrays Theory module:" "  --arrays-exp           enable experimental features in the theory of arrays" "                         (EXPERTS only) [*]" "From the Floating-Point module:" "  --fp-exp               Allow floating-point sorts of all sizes, rather than" "                         only Float32 (8/24) or Float64 (11/53) (experimental)" "                         (EXPERTS only) [*]" "From the Strings Theory module:" "  --strings-exp          experimental features in the theory of strings [*]" ;;\nesac\n' > "$hb/cvc5"
  sed 's/4\.8\.12/4.8.11/' "$hb/z3" > "$hb2/z3" && cp "$hb/cvc5" "$hb2/cvc5"
  chmod +x "$hb/z3" "$hb/cvc5" "$hb2/z3" "$hb2/cvc5"
  run env PATH="$hb:$PATH" "$bin" bugs list "$od"
  ids=$(tail -n +2 <<<"$out" | cut -f1 | tr '\n' ' ')
  t5=$(awk -F'\t' '$1 == 5 {print $11 "|" $12}' <<<"$out")
  t8=$(awk -F'\t' '$1 == 8 {print $11 "|" $12}' <<<"$out")
  a3=$(awk -F'\t' '$1 == 3 || $1 == 10 || $1 == 7 {print $11}' <<<"$out" | tr '\n' ',')
  check "bugs list: wrong unsat, wrong sat, untold wrong answer, invalid model, crash, then the rest (ties by id), the wrong answer in a column" \
    eval '[ $code = 0 ] && [ "$ids" = "5 8 3 10 7 4 1 2 9 6 " ] && [ "$a3" = "sat,sat,," ] && [ "$(head -n 1 <<<"$out" | cut -f10-)" = "$(printf "bug\tanswer\toptions\ttriage")" ]'
  check "bugs list: the options a bucket needs, marked with what the solver's own help says (experimental, expert)" \
    eval '[ "$t5" = "unsat|z3 sat.euf=true (experimental) smt.arith.solver=2" ] && [ "$t8" = "unsat|cvc5 --fp-exp (experimental, expert) --no-arrays-exp (experimental, expert) --strings-exp (experimental) --sygus-inst" ]'
  run env PATH="$hb2:$PATH" "$bin" bugs list "$od"
  t5=$(awk -F'\t' '$1 == 5 {print $12}' <<<"$out")
  t8=$(awk -F'\t' '$1 == 8 {print $12}' <<<"$out")
  check "bugs list: no mark from a solver of another version than the finding's (its help may say otherwise)" \
    eval '[ $code = 0 ] && [ "$t5" = "z3 sat.euf=true smt.arith.solver=2" ] && [[ $t8 == "cvc5 --fp-exp (experimental, expert) "* ]]'
  run env PATH="$hb:$PATH" "$bin" bugs export "$od"
  eids=$(grep -o '^ *{"id": [0-9]*' "$out_file" | grep -o '[0-9]*$' | tr '\n' ' ')
  check "bugs export: the same order, each bucket's wrong answer" \
    eval '[ $code = 0 ] && [ "$eids" = "5 8 3 10 7 4 1 2 9 6 " ] && python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert [b[\"wrong_answer\"] for b in d][:5] == [\"unsat\", \"unsat\", \"sat\", \"sat\", None]" "$out_file"'
  run env PATH="$hb:$PATH" "$bin" report "$od"
  rids=$(grep -o 'id="bucket-[0-9]*"' "$od/report.html" | grep -o '[0-9]*' | tr '\n' ' ')
  check "report: the same order, the wrong answer and the marked options shown" \
    eval '[ $code = 0 ] && [ "$rids" = "5 8 3 10 7 4 1 2 9 6 " ] && grep -q "Bucket 5: soundness (wrong unsat)" "$od/report.html" && grep -q "<code>z3 sat.euf=true (experimental) smt.arith.solver=2</code>" "$od/report.html"'
  run env PATH="$hb:$PATH" "$bin" bugs show "$od" 5 --issue
  check "bugs show --issue: the wrong answer in the title, the options marked" \
    eval '[ $code = 0 ] && [[ $out == "### z3 4.8.12: wrong unsat answer on QF_LIA"* ]] && [[ $out == *"Options: z3 sat.euf=true (experimental) smt.arith.solver=2 (a mark in parentheses: what the solver'"'"'s own help says"* ]]'
  run env PATH="$hb:$PATH" "$bin" merge --out "$tmp/order-m" "$od"
  check "the human list (merge prints it): bugs in the listing order, wrong answers said, options under their bucket" \
    eval '[ $code = 0 ] && [ "$(grep -o "^bug [0-9]*: [a-z-]*\( (wrong [a-z]*)\)\?" <<<"$out" | tr "\n" ";")" = "bug 1: soundness (wrong unsat);bug 2: soundness (wrong unsat);bug 3: soundness (wrong sat);bug 4: soundness;bug 5: invalid-model;bug 6: crash;bug 7: incompleteness;bug 8: performance;" ] && [[ $out == *"bucket 5 "*"
             options: z3 sat.euf=true (experimental) smt.arith.solver=2"* ]]'
}

group_campaign() {
  local fake
  fake=$(dirname "$bin")/fake_solver
  [ -x "$fake" ] || { fail "fake_solver not built next to $bin"; return; }
  local c1=$tmp/c1
  run "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 3 -j 2 --seed 9 --slice 1 --log --out "$c1" seeds
  check "campaign against a crashing solver: findings, exit 10, a report" \
    eval '[ $code = 10 ] && [[ $err == *"finding: $c1/findings/"*"bucket 1 (new)"* ]] && [ -f "$c1/report.html" ] && [[ $out == *"report: $c1/report.html"* ]]'
  # A solver that stops starting mid-campaign (its binary removed after 10 runs): the campaign
  # stops within seconds (not at the end of its budget), exit 2, says --resume; the slice it
  # was in stays unfinished ('running'), so a --resume runs it again.
  local cg=$tmp/cg t0g
  printf '#!/bin/sh\n[ "$1" = --version ] && exec z3 --version\nn=$(cat "%s/gone.n" 2>/dev/null || echo 0); echo $((n + 1)) > "%s/gone.n"\n[ "$n" -ge 9 ] && rm -f "$0"\nexec z3 "$@"\n' "$tmp" "$tmp" > "$tmp/gone-z3c"
  chmod +x "$tmp/gone-z3c"
  t0g=$SECONDS
  run "$bin" campaign --solvers "$tmp/gone-z3c" --engines opfuzz --budget 120 -j 1 --seed 9 --slice 30 --log --no-report --out "$cg" seeds
  check "campaign: a solver that can no longer be started stops it (exit 2, within seconds), its slice left for --resume" \
    eval '[ $code = 2 ] && [ $((SECONDS - t0g)) -lt 60 ] && [[ $err == *"solver run could not start"*"--resume"* ]] && [[ "$(slice_states "$cg/campaign.db")" == *"running 1"* ]]'
  # Ctrl-C (SIGINT to the campaign process): workers stop after their current mutant, the
  # summary and the report are written, the database is whole.
  local c3=$tmp/c3 cpid t0
  set +e
  "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 300 -j 2 --seed 9 --slice 1 --log --out "$c3" seeds </dev/null >"$out_file" 2>"$err_file" &
  cpid=$!
  t0=$SECONDS
  sleep 3
  kill -INT "$cpid"
  wait "$cpid"
  code=$?
  set -e
  out=$(cat "$out_file"); err=$(cat "$err_file")
  check "Ctrl-C: stops within seconds, says so, prints the buckets and writes the report (exit 130, not 10)" \
    eval '[ $((SECONDS - t0)) -lt 30 ] && [ $code = 130 ] && [[ $err == *"interrupted: stopping"*"(interrupted):"* ]] && [[ $out == *"bucket 1 "*"continue with"* ]] && [ -f "$c3/report.html" ]'
  run "$bin" bugs check "$c3"
  check "Ctrl-C: the database and the bucket files are whole" eval '[ $code = 0 ] && [[ $out == *": ok" ]]'
  # The terminal's Ctrl-C reaches the whole process group: the workers leave it to the
  # campaign (they ignore it), which stops as above.
  if command -v setsid >/dev/null; then
    local c4=$tmp/c4g gpid
    set +e
    setsid "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 300 -j 2 --seed 9 --slice 1 --log --no-report --out "$c4" seeds </dev/null >"$out_file" 2>"$err_file" &
    gpid=$!
    sleep 3
    kill -INT -- -"$gpid"
    wait "$gpid"
    code=$?
    set -e
    err=$(cat "$err_file")
    check "Ctrl-C to the campaign's process group: an orderly stop (interrupted, exit 130), a whole database" \
      eval '[ $code = 130 ] && [[ $err == *"interrupted: stopping"*"(interrupted):"* ]] && "$bin" bugs check "$c4" >/dev/null'
  fi

  run "$bin" bugs list "$c1"
  local sigs
  sigs=$(tail -n +2 "$out_file" | cut -f9 | sort | tr '\n' ';')
  check "three crash locations, three buckets (the fake solver's three assertion lines)" \
    eval '[ $code = 0 ] && [ "$sigs" = "assert src/fake.cpp:100;assert src/fake.cpp:101;assert src/fake.cpp:102;" ]'
  check "no reduction left running" eval '! cut -f7 "$out_file" | grep -q running'
  run "$bin" bugs check "$c1"
  check "bugs check: integrity ok, files present" eval '[ $code = 0 ] && [[ $out == *"buckets"*": ok" ]]'
  # Bugs: the three crash sites are three bugs, each with its bucket nested (bugs list's last
  # column is the bug number).
  local nbug
  nbug=$("$bin" bugs list "$c1" | tail -n +2 | cut -f10 | sort -u | wc -l)
  check "bugs list: a bug column; three crash sites, three bugs" test "$nbug" = 3
  # A database damaged on purpose: two buckets whose reduced triggers differ only in names.
  cp -r "$c1" "$tmp/cdam"
  mkdir -p "$tmp/cdam/reduced"
  printf '(declare-fun x () Int)\n(assert (> x 1))\n(check-sat)\n' > "$tmp/cdam/reduced/a.smt2"
  printf '(declare-fun yy () Int) (assert (> yy 1)) ; renamed\n(check-sat)\n' > "$tmp/cdam/reduced/b.smt2"
  python3 - "$tmp/cdam/campaign.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
ids = [r[0] for r in db.execute("SELECT id FROM buckets WHERE merged_into IS NULL ORDER BY id")]
db.execute("UPDATE buckets SET reduced_trigger = 'reduced/a.smt2' WHERE id = ?", (ids[0],))
db.execute("UPDATE buckets SET reduced_trigger = 'reduced/b.smt2' WHERE id = ?", (ids[1],))
db.commit()
PY
  run "$bin" bugs check "$tmp/cdam"
  check "bugs check: two buckets with alpha-equivalent reduced triggers are named, exit 2" \
    eval '[ $code = 2 ] && [[ $out == *"alpha-equivalent reduced triggers"* ]] && [[ $out == *"PROBLEMS"* ]]'
  # Damaged databases (issue 14): said so (exit 2, how to recover) by bugs, report and
  # --resume, never read as an empty campaign; `bugs recover` rebuilds them from the pairs.
  local dmg kind nf0 sz
  nf0=$(find "$c1/findings" -name '*.json' | wc -l)
  for kind in random zero half missing; do
    dmg=$tmp/dmg-$kind
    rm -rf "$dmg"; cp -r "$c1" "$dmg"; rm -f "$dmg"/campaign.db-wal "$dmg"/campaign.db-shm
    sz=$(stat -c %s "$dmg/campaign.db")
    case $kind in
      random) head -c "$sz" /dev/urandom > "$dmg/campaign.db" ;;
      zero) : > "$dmg/campaign.db" ;;
      half) truncate -s $((sz / 2)) "$dmg/campaign.db" ;;
      missing) rm "$dmg/campaign.db" ;;
    esac
    run "$bin" bugs list "$dmg"
    local e1=$code m1=$err
    run "$bin" report "$dmg"
    local e2=$code
    run timeout 60 "$bin" campaign --resume "$dmg" --budget 1 --no-report
    check "a $kind campaign.db: bugs list, report and --resume stop with exit 2 and say how to recover" \
      eval '[ $e1 = 2 ] && [ $e2 = 2 ] && [ $code = 2 ] && [[ $m1 == *"bugs recover"* ]] && [[ $m1 == *"damaged"* || $m1 == *"no campaign.db"* ]]'
    run "$bin" bugs recover "$dmg"
    check "bugs recover after a $kind campaign.db: every finding pair recorded again, bugs check ok" \
      eval '[ $code = 0 ] && [[ $out == "$nf0 findings, "*": ok" ]] && "$bin" bugs check "$dmg" >/dev/null'
  done
  # Damaged values in a readable database (found by a hostile review): a bucket count no
  # campaign reaches overflowed the bug list's sums; a stored timeout of NaN or seed 'abc'
  # became a campaign with those settings, empty solvers a null pointer.
  local dv="$tmp/dmg-values"
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE buckets SET count = 9223372036854775807"); db.commit()' "$dv/campaign.db"
  run "$bin" bugs list "$dv"
  check "bugs list: a bucket count out of range is a damaged database (exit 2, how to recover)" \
    eval '[ $code = 2 ] && [[ $err == *"campaign.db: a bucket'"'"'s finding count is out of range"*"bugs recover"* ]]'
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("ALTER TABLE buckets DROP COLUMN merged_into"); db.commit()' "$dv/campaign.db"
  run "$bin" bugs list "$dv"
  check "bugs list: a column missing is a damaged database (exit 2, the column named, how to recover)" \
    eval '[ $code = 2 ] && [[ $err == *"campaign.db: damaged campaign database (table '"'"'buckets'"'"' has no column '"'"'merged_into'"'"'"*"bugs recover"* ]]'
  run "$bin" report "$dv"
  local e_rep=$code
  run "$bin" bugs check "$dv"
  check "report and bugs check: the same (exit 2), not an empty report or 'ok'" eval '[ $e_rep = 2 ] && [ $code = 2 ]'
  # Damaged rows that made readers hang, write markup or invalid JSON, or merge link a
  # database: a FIFO as a reduced trigger, a kind with markup, a seed that is no number,
  # a finding whose trigger is 'campaign.db'.
  rm -rf "$dv" && cp -r "$c1" "$dv"
  local rt
  rt=$("$bin" bugs list "$dv" | awk -F'\t' 'NR == 2 {print $8}')
  rm -f "$dv/$rt" && mkfifo "$dv/$rt"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE buckets SET kind = ? WHERE id = (SELECT MIN(id) FROM buckets)", ("x\"><script>alert(1)</script>",))
db.execute("UPDATE findings SET rng_seed = ?, elapsed = 9e999", ("1, \"x\": 2",))
db.execute("UPDATE findings SET trigger = ? WHERE id = (SELECT MAX(id) FROM findings)", ("campaign.db",))
db.commit()' "$dv/campaign.db"
  run timeout 20 "$bin" bugs check "$dv"
  check "bugs check: a FIFO as a trigger and a trigger named campaign.db are missing files, no hang (exit 2)" \
    eval '[ $code = 2 ] && [[ $out == *"missing file $rt"* ]] && [[ $out == *"missing file: campaign.db"* ]]'
  run timeout 20 "$bin" report "$dv"
  check "report: no hang on a FIFO, markup from the database escaped" \
    eval '[ $code = 0 ] && ! grep -q "<script>" "$dv/report.html" && grep -q "&lt;script&gt;" "$dv/report.html"'
  run timeout 20 "$bin" bugs export "$dv"
  check "bugs export: a damaged rng_seed and an infinite time give valid JSON (null)" \
    eval '[ $code = 0 ] && python3 -c "import json,sys; d=json.load(sys.stdin); assert any(f[\"rng_seed\"] is None for b in d for f in b[\"findings\"])" <<<"$out"'
  rm -rf "$tmp/dv-merge"
  run timeout 60 "$bin" merge --out "$tmp/dv-merge" "$dv"
  check "merge: a stored path outside findings/ and reduced/ is refused, never linked over the output's database" \
    eval '[ $code != 0 ] && [[ $err == *"a stored path that cannot be placed: campaign.db"* || $err == *"not a regular file"* ]] && [ "$(stat -c %i "$tmp/dv-merge/campaign.db")" != "$(stat -c %i "$dv/campaign.db")" ]'
  # A campaign (not a merge) whose row names an absolute .../findings/... path, or whose
  # finding file is a symbolic link to a file outside it: merge brings no file from outside the
  # campaign (exit 2 naming the database, the row and the path; the output holds no link).
  mkdir -p "$tmp/outside/findings"
  printf '(check-sat)\n' > "$tmp/outside/findings/x.smt2"
  printf 'not a finding\n' > "$tmp/outside.txt"
  rm -rf "$dv" "$tmp/dv-merge4" && cp -r "$c1" "$dv"
  local rid
  rid=$(python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); i = db.execute("SELECT MAX(id) FROM findings").fetchone()[0]
db.execute("UPDATE findings SET trigger = ? WHERE id = ?", (sys.argv[2], i)); db.commit(); print(i)' "$dv/campaign.db" "$tmp/outside/findings/x.smt2")
  run timeout 60 "$bin" merge --out "$tmp/dv-merge4" "$dv"
  check "merge: an absolute trigger path in a campaign that is not a merge is refused (exit 2: database, row, path), nothing from outside" \
    eval '[ $code = 2 ] && [[ $err == *"$dv/campaign.db: finding "*"(row $rid), trigger: a stored path that cannot be placed: $tmp/outside/findings/x.smt2"*"bugs recover"* ]] && [ -z "$(find "$tmp/dv-merge4" -samefile "$tmp/outside/findings/x.smt2")" ] && ! ls -d "$tmp/dv-merge4"/findings/legacy-* >/dev/null 2>&1'
  rm -rf "$dv" "$tmp/dv-merge5" && cp -r "$c1" "$dv"
  local stp
  stp=$(python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("SELECT trigger FROM findings WHERE id = (SELECT MIN(id) FROM findings)").fetchone()[0])' "$dv/campaign.db")
  ln -sf "$tmp/outside.txt" "$dv/$stp"
  run timeout 60 "$bin" merge --out "$tmp/dv-merge5" "$dv"
  check "merge: a finding file that is a symbolic link is refused (exit 2: the file named), no link in the output" \
    eval '[ $code = 2 ] && [[ $err == *"$dv/campaign.db: finding "*"(row "*"trigger: $dv/$stp: not a regular file (a symbolic link"* ]] && [ -z "$(find "$tmp/dv-merge5" -type l)" ] && [ -z "$(find "$tmp/dv-merge5" -samefile "$tmp/outside.txt")" ]'
  local key val
  for kv in timeout=nan timeout=-1 seed=abc solvers= jobs=0; do
    key=${kv%%=*} val=${kv#*=}
    rm -rf "$dv" && cp -r "$c1" "$dv"
    python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE meta SET value = ? WHERE key = ?", (sys.argv[3], sys.argv[2])); db.commit()
assert db.total_changes == 1' "$dv/campaign.db" "$key" "$val"
    run timeout 60 "$bin" campaign --resume "$dv" --budget 1 --no-report
    check "--resume on a stored $key of '$val': exit 2 naming the setting, nothing run" \
      eval '[ $code = 2 ] && [[ $err == *"stored setting '"'"'$key'"'"' is '"'"'$val'"'"'"*"damaged database"* ]] && [ "$("$bin" bugs list "$c1" | wc -l)" = "$("$bin" bugs list "$dv" | wc -l)" ]'
  done
  # The ranges are the flags' own: the largest --slice a campaign takes (1e8 s) is read back.
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE meta SET value = ? WHERE key = ?", ("1e+08", "slice")); db.commit()' "$dv/campaign.db"
  run timeout 60 "$bin" campaign --resume "$dv" --budget 1 --no-report --no-reduce
  check "--resume on a stored slice of 1e+08 (the flag's largest): not a damaged database" \
    eval '[ $code != 2 ] && [[ $err != *"damaged"* ]]'
  # Findings hidden from every list (found by a hostile review): a finding whose bucket row is
  # gone, a bucket merged into itself, one merged into a bucket that does not exist. bugs check
  # names each (exit 2), bugs list warns, merge keeps the findings, recover rebuilds.
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
ids = [r[0] for r in db.execute("SELECT id FROM buckets ORDER BY id")]
assert len(ids) == 3
db.execute("DELETE FROM buckets WHERE id = ?", (ids[0],))
db.execute("UPDATE buckets SET merged_into = id WHERE id = ?", (ids[1],))
db.execute("UPDATE buckets SET merged_into = 999999 WHERE id = ?", (ids[2],))
db.commit()' "$dv/campaign.db"
  local nfd
  nfd=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM findings").fetchone()[0])' "$dv/campaign.db")
  run "$bin" bugs check "$dv"
  check "bugs check: findings whose bucket is gone or merged away, a merge cycle and a merge into nothing are named (exit 2)" \
    eval '[ $code = 2 ] && [[ $out == *"its bucket "*" does not exist (the finding is in no listed bucket)"* ]] && [[ $out == *"which is merged itself (a chain or a cycle of merges)"* ]] && [[ $out == *"merged into bucket 999999, which does not exist"* ]] && [ "$(grep -c "in no listed bucket" <<<"$out")" = "$nfd" ]'
  run "$bin" bugs list "$dv"
  check "bugs list: hidden findings are said on stderr with how to recover" \
    eval '[ $code = 0 ] && [[ $err == *"$nfd findings are in no listed bucket"*"bugs recover"* ]]'
  rm -rf "$tmp/dv-merge2"
  run timeout 60 "$bin" merge --out "$tmp/dv-merge2" "$dv"
  check "merge: findings whose bucket the source lost are merged all the same (none dropped)" \
    eval '[ $code = 0 ] && [[ $out == *": $nfd findings in "* ]] && "$bin" bugs check "$tmp/dv-merge2" >/dev/null'
  # A slice row with a worker number no campaign has: merge leaves it out of the work counters
  # and says so (it was dropped silently).
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE slices SET worker = 4398046511104 WHERE rowid = (SELECT MIN(rowid) FROM slices)"); db.commit()' "$dv/campaign.db"
  rm -rf "$tmp/dv-merge3"
  run timeout 60 "$bin" merge --out "$tmp/dv-merge3" "$dv"
  check "merge: a slice row with a worker number beyond 2^40 is left out and said, the findings merged" \
    eval '[ $code = 0 ] && [[ $err == *"1 slice row left out of the work counters: a worker number outside 0..2^40"* ]] && [[ $out == *": $nfd findings in "* ]]'
  run "$bin" bugs recover "$dv"
  check "bugs recover after hidden findings: every finding in a listed bucket again, check ok" \
    eval '[ $code = 0 ] && [[ $out == "$nf0 findings, "*": ok" ]]'
  # A bucket whose first finding is gone: its issue is still written (from another finding).
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE buckets SET first_finding = 999999 WHERE id = 1"); db.commit()' "$dv/campaign.db"
  run "$bin" bugs show "$dv" 1 --issue
  local e_show=$code o_show=$out
  run "$bin" bugs check "$dv"
  check "a first finding missing: bugs show --issue still writes the issue, bugs check names it" \
    eval '[ $e_show = 0 ] && [[ $o_show == *"crash on"*"Observed: "*'"'"'```smt2'"'"'* ]] && [ $code = 2 ] && [[ $out == *"bucket 1: its first finding 999999 is not in its findings"* ]]'
  # A stored engine this build does not know, and a slice number at the end of its range.
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE meta SET value = ? WHERE key = ?", ("nosuch=1", "engines")); db.commit()' "$dv/campaign.db"
  run timeout 60 "$bin" campaign --resume "$dv" --budget 1 --no-report
  check "--resume on a stored engine this build does not know: exit 2, the engine named, not a flag error" \
    eval '[ $code = 2 ] && [[ $err == *"stored setting '"'"'engines'"'"' is '"'"'nosuch=1'"'"'"*"unknown engine '"'"'nosuch'"'"'"*"another version"* ]] && [[ $err != *"--engines"* ]]'
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE slices SET slice = 4294967295 WHERE rowid = (SELECT MAX(rowid) FROM slices WHERE worker = 0)"); db.commit()' "$dv/campaign.db"
  run timeout 60 "$bin" campaign --resume "$dv" --budget 2 --no-report --no-reduce
  check "--resume with a slice number at 2^32-1: the worker says the number is out of range (no wrap to a taken one)" \
    eval '[[ $err == *"slice number 4294967296 of worker 0 is out of range (a damaged database)"* ]]'
  # A slice counter no campaign reaches: the report leaves that row out and says so (SQL's SUM
  # overflowed and the report said 0 mutants).
  rm -rf "$dv" && cp -r "$c1" "$dv"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("UPDATE slices SET state = \"done\"")
db.execute("UPDATE slices SET mutants = 9223372036854775807 WHERE rowid = (SELECT MIN(rowid) FROM slices)")
db.commit()' "$dv/campaign.db"
  run "$bin" report "$dv"
  check "report: a slice counter out of range is left out of the totals and said (not 0 mutants)" \
    eval '[ $code = 0 ] && grep -q "1 slice row with a counter out of range (a damaged database), left out of the totals" "$dv/report.html" && ! grep -q "<td>0 mutants" "$dv/report.html"'
  # A foreign SQLite file named campaign.db (rollback journal): every reader refuses it and
  # leaves it byte for byte as it was (journal_mode=WAL would rewrite its header).
  local fd="$tmp/foreign"
  rm -rf "$fd" && mkdir -p "$fd/findings"
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1]); db.execute("CREATE TABLE t (x)"); db.execute("INSERT INTO t VALUES (1)"); db.commit()' "$fd/campaign.db"
  local sum0 codes=""
  sum0=$(md5sum < "$fd/campaign.db")
  for cmd in report "bugs list" "bugs check" merge resume; do
    case $cmd in
      merge) run "$bin" merge --out "$tmp/foreign-merged" "$fd" ;;
      resume) run timeout 60 "$bin" campaign --resume "$fd" --budget 1 --no-report ;;
      # shellcheck disable=SC2086
      *) run "$bin" $cmd "$fd" ;;
    esac
    codes="$codes$code "
  done
  check "a foreign SQLite file as campaign.db: report, bugs list/check, merge and --resume exit 2 and leave it unchanged" \
    eval '[ "$codes" = "2 2 2 2 2 " ] && [ "$(md5sum < "$fd/campaign.db")" = "$sum0" ] && [[ $err == *"no table '"'"'meta'"'"' (a foreign or damaged database, left as it is)"* ]]'
  # A finding pair whose JSON cannot be read back is named (file:line:col), never silently dropped.
  local bj="$tmp/badjson"
  rm -rf "$bj" && cp -a "$c1" "$bj" && rm -f "$bj/campaign.db"*
  mkdir -p "$bj/findings/w00-s99999"
  printf '(check-sat)\n' > "$bj/findings/w00-s99999/crash-z3-w0-000001.smt2"
  printf '{"kind": "crash",\n "solver": \n' > "$bj/findings/w00-s99999/crash-z3-w0-000001.json"
  run "$bin" bugs recover "$bj"
  check "bugs recover: a damaged finding .json is named with its line and column, the others are recorded" \
    eval '[ $code = 0 ] && [[ $err == *"findings/w00-s99999/crash-z3-w0-000001.json not recorded: findings/w00-s99999/crash-z3-w0-000001.json:3:"* ]] && [[ $out == "$nf0 findings, "*": ok" ]]'
  run "$bin" report "$c1"
  local ids missing=0
  ids=$("$bin" bugs list "$c1" | tail -n +2 | cut -f1)
  for i in $ids; do grep -q "id=\"bucket-$i\"" "$c1/report.html" || missing=$((missing + 1)); done
  check "report: written, names every bucket, both plots present" \
    eval '[ $code = 0 ] && [ -n "$ids" ] && [ $missing = 0 ] && grep -q "<svg id=\"plot-throughput\"" "$c1/report.html" && grep -q "<svg id=\"plot-buckets\"" "$c1/report.html" && [ "$(grep -c "<polyline" "$c1/report.html")" -ge 3 ]'
  run "$bin" bugs export "$c1"
  check "bugs export: JSON with every bucket" \
    eval '[ $code = 0 ] && { ! command -v python3 >/dev/null || python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d)==3 and all(b[\"findings\"] for b in d)" "$out_file"; }'
  run "$bin" bugs show "$c1" 1 --issue
  check "bugs show --issue: a Markdown issue with the trigger" \
    eval '[ $code = 0 ] && [[ $out == *"crash on"* ]] && [[ $out == *'"'"'```smt2'"'"'* ]]'
  run "$bin" bugs show "$c1" 999
  check "bugs show of a missing bucket: exit 2" test "$code" = 2
  campaign_order "$c1"
  local before after
  before=$(sed -n 's/.* \([0-9]*\) mutants, .*/\1/p' "$err_file")
  before=$("$bin" bugs export "$c1" | grep -c '"name"')
  # kill -9 of a campaign: its workers and solvers die with it (PDEATHSIG); what a solver
  # script started and the reducer's temporary file are cleaned up by the next --resume, which
  # can start at once (no orphan holds the lock).
  local ck=$tmp/ck9 kpid
  mkdir -p "$tmp/td9"
  printf '#!/bin/sh\n"%s" hang "%s" &\n"%s" hang "%s"\n' "$(realpath "$fake")" "$tmp/kid9" "$(realpath "$fake")" "$tmp/kid9" > "$tmp/hang9.sh"
  chmod +x "$tmp/hang9.sh"
  set +e
  env TMPDIR="$tmp/td9" "$bin" campaign --solvers "$fake hashcrash;$tmp/hang9.sh" -t 20 --engines opfuzz --budget 60 -j 2 --seed 9 --slice 1 --log --out "$ck" seeds >/dev/null 2>&1 &
  kpid=$!
  sleep 4
  kill -9 "$kpid"
  wait "$kpid"
  set -e
  sleep 0.5
  local left_smtgrind left_script
  left_smtgrind=$({ pgrep -f -- "--out $ck" || true; } | wc -l)
  mkdir -p "$ck/reduced" && : > "$ck/reduced/.bucket-1.99999.tmp.smt2"
  run env TMPDIR="$tmp/td9" timeout 60 "$bin" campaign --resume "$ck" --budget 1 --log --no-report
  sleep 0.3
  left_script=$({ pgrep -f "$tmp/hang9.sh|$tmp/kid9" || true; } | wc -l)
  check "kill -9 of a campaign: no smtgrind process left; an immediate --resume runs, kills what the solver script left, removes the temporary files" \
    eval '[ "$left_smtgrind" = 0 ] && [ $code = 10 -o $code = 0 ] && [[ $err != *"another session"* ]] && [ "$left_script" = 0 ] && [ ! -e "$ck/reduced/.bucket-1.99999.tmp.smt2" ] && [ -z "$(ls "$tmp/td9")" ]'
  run "$bin" campaign --resume "$c1" --budget 3 --log --no-report
  after=$("$bin" bugs export "$c1" | grep -c '"name"')
  check "resume: continues the campaign (resumed, more findings, still consistent)" \
    eval '[ $code = 10 ] && [[ $err == *"(resumed)"* ]] && [ "$after" -gt "$before" ] && "$bin" bugs check "$c1" >/dev/null'
  # Whether the campaign's lock file is locked, read from /proc/locks: probing with flock(1)
  # would take the lock for an instant and could make the session below fail to get it.
  locked() {
    local ino
    ino=$(stat -c %i "$c1/campaign.lock" 2>/dev/null) || return 1
    awk -v ino="$ino" '{ n = split($6, a, ":"); if (a[n] == ino) f = 1 } END { exit !f }' /proc/locks
  }
  local n=0
  # The last processes of the previous session may still hold the lock for a moment.
  while locked && [ $n -lt 600 ]; do sleep 0.05; n=$((n + 1)); done
  "$bin" campaign --resume "$c1" --budget 5 --log --no-report >"$tmp/bg.log" 2>&1 &
  local bgpid=$!
  n=0
  # Until the session holds its lock, or 30 s.
  until locked || [ $n -ge 600 ]; do sleep 0.05; n=$((n + 1)); done
  run "$bin" campaign --resume "$c1" --budget 1 --log --no-report
  wait "$bgpid" || true
  [ "$code" = 2 ] || { echo "--- background session:"; head -c 1500 "$tmp/bg.log"; echo "--- second:"; head -c 800 "$err_file"; } >&2
  check "one session at a time: a second --resume while one runs is refused" \
    eval '[ $code = 2 ] && [[ $err == *"another session (a campaign or a merge) holds this directory"* ]]'
  run "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz=1,fuse-unsat=3 --budget 5 -j 2 --seed 4 --slice 1 --log \
    --reducer "$PWD/tests/campaign/fake_reduce.sh" --out "$tmp/c5" seeds
  local states per_logic
  # (unspecified buckets, fusion mutants of QF_NRA seeds with a division, are never reduced)
  states=$("$bin" bugs list "$tmp/c5" | tail -n +2 | awk -F'\t' '$2 != "unspecified" {print $7}' | sort -u | tr '\n' ' ')
  per_logic=$("$bin" bugs list "$tmp/c5" | awk -F'\t' '$2 == "soundness" {print $5}' | sort | uniq -d)
  check "reduction: every bucket reduced by the reducer; same reduced shape, one bucket per logic" \
    eval '[ $code = 10 ] && [ "$states" = "done " ] && [ -z "$per_logic" ] && grep -q "soundness" <("$bin" bugs list "$tmp/c5") && "$bin" bugs check "$tmp/c5" >/dev/null && grep -q "class=\"reduced\"" "$tmp/c5/report.html"'
  # Triggers of several logics reduced to one text (the reducer may make set-logic smaller):
  # one bucket, although their first logics differ; bugs check agrees (a crash bucket with the
  # same reduced text is another kind: not one bucket with it, and no problem).
  # The check needs soundness findings of at least two logics; under load (an ASan build on a
  # busy CI machine) 4 s may find one logic only, so the budget doubles (fresh directory) until
  # it does, at most twice.
  local nsound nlogics budget7
  for budget7 in 4 8 16; do
    rm -rf "$tmp/c7"
    run env FAKE_REDUCE_LOGIC=ALL "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz=1,fuse-unsat=3 --budget "$budget7" -j 2 --seed 4 --slice 1 \
      --log --no-report --reducer "$PWD/tests/campaign/fake_reduce.sh" --out "$tmp/c7" seeds
    nlogics=$(find "$tmp/c7/findings" -name 'soundness-*.smt2' -exec grep -ho '(set-logic [A-Z_]*)' {} + | sort -u | wc -l)
    [ "$nlogics" -ge 2 ] && break
  done
  nsound=$("$bin" bugs list "$tmp/c7" | awk -F'\t' '$2 == "soundness"' | wc -l)
  check "reduced to one text from several logics: one soundness bucket; bugs check ok" \
    eval '[ $code = 10 ] && [ "$nlogics" -ge 2 ] && [ "$nsound" = 1 ] && "$bin" bugs check "$tmp/c7" >/dev/null'
  # merge: buckets of two campaigns with alpha-equivalent reduced triggers are one bucket
  run env FAKE_REDUCE_LOGIC=ALL "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz=1,fuse-unsat=3 --budget 3 -j 2 --seed 5 --slice 1 \
    --log --no-report --reducer "$PWD/tests/campaign/fake_reduce.sh" --out "$tmp/c8" seeds
  run "$bin" merge --out "$tmp/m78" "$tmp/c7" "$tmp/c8"
  nsound=$("$bin" bugs list "$tmp/m78" | awk -F'\t' '$2 == "soundness"' | wc -l)
  check "merge: the soundness buckets of two campaigns with one reduced text are one bucket" \
    eval '[ $code = 0 ] && [ "$nsound" = 1 ] && "$bin" bugs check "$tmp/m78" >/dev/null'
  run env FAKE_REDUCE_FAIL=1 "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 2 -j 1 --seed 4 --slice 1 --log \
    --reducer "$PWD/tests/campaign/fake_reduce.sh" --out "$tmp/c6" seeds
  states=$("$bin" bugs list "$tmp/c6" | tail -n +2 | cut -f7 | sort -u | tr '\n' ' ')
  # (a bucket found in the campaign's last instant may still be pending: never done)
  check "a reduction that fails: the bucket says failed, and the report says why" \
    eval '[[ $states == *failed* ]] && [[ $states != *done* ]] && grep -q "does not reproduce (fake)" "$tmp/c6/report.html"'
  run "$bin" campaign --resume "$tmp/c6" --budget 0 --log --no-report --reducer "$PWD/tests/campaign/fake_reduce.sh"
  states=$("$bin" bugs list "$tmp/c6" | tail -n +2 | cut -f7 | sort -u | tr '\n' ' ')
  check "--resume retries the failed reductions" eval '[ "$states" = "done " ]'
  run "$bin" campaign --resume "$c1" --budget 0 --log --no-report --reducer "$PWD/tests/campaign/fake_reduce.sh"
  states=$("$bin" bugs list "$c1" | tail -n +2 | cut -f7 | sort -u | tr '\n' ' ')
  check "--resume --budget 0: reductions only; buckets the binary could not reduce are queued again" \
    eval '[ $code = 10 ] && [ "$states" = "done " ] && [ -z "$(sed -n "s/.*\[ *[0-9]*s\] mutants \([0-9]*\),.*/\1/p" "$err_file" | sort -u | sed -n 2p)" ]'
  # A pair written but not recorded (a kill between the rename and the commit) is recorded by
  # the next session.
  local pair
  pair=$(find "$c1/findings" -name 'crash-*.json' -print -quit)
  cp "${pair%.json}.smt2" "${pair%/*}/crash-fake_solver-w0-999999.smt2"
  cp "$pair" "${pair%/*}/crash-fake_solver-w0-999999.json"
  before=$("$bin" bugs export "$c1" | grep -c '"name"')
  run "$bin" campaign --resume "$c1" --budget 0 --no-reduce --log --no-report
  after=$("$bin" bugs export "$c1" | grep -c '"name"')
  check "resume records finding pairs the database missed" \
    eval '[[ $err == *"recovered $c1/findings/"*"crash-fake_solver-w0-999999.smt2"* ]] && [ "$after" = $((before + 1)) ] && "$bin" bugs check "$c1" >/dev/null'
  run "$bin" campaign --resume "$c1" --seed 3
  check "resume with new settings: usage error" test "$code" = 2
  local flag
  for flag in "-t 3" "-j 1" "--model-sample 50" "--referee none" "--chain-timeouts 1" "--slice 2" "--incompleteness"; do
    # shellcheck disable=SC2086
    run "$bin" campaign --resume "$c1" --budget 0 --no-report $flag
    check "resume with $flag: refused (exit 2, the flag named), never silently ignored" \
      eval '[ $code = 2 ] && [[ $err == *"(${flag%% *} cannot change them)"* ]]'
  done
  # Values attached ("--budget=0", "-j1"): the same flags, so the same session rules.
  run "$bin" campaign --resume "$c1" --budget=0 --no-report --no-reduce
  check "resume with --budget=0 (value attached): a session flag, accepted" eval '[ $code != 2 ]'
  run "$bin" campaign --resume "$c1" --budget 0 --no-report -j1
  check "resume with -j1 (value attached): refused like -j 1" \
    eval '[ $code = 2 ] && [[ $err == *"(-j1 cannot change them)"* ]]'
  run "$bin" campaign --out "$c1" --solvers "$fake sat" seeds
  check "a directory that holds a campaign is not overwritten" eval '[ $code = 2 ] && [[ $err == *"--resume"* ]]'
  run "$bin" campaign --shard 2/2 seeds
  check "--shard I/N needs I < N" test "$code" = 2
  # issue 21: --shard auto from the launcher's environment (Slurm, Kubernetes, GNU parallel)
  local envs want
  while IFS='|' read -r envs want; do
    rm -rf "$tmp/sa"
    # shellcheck disable=SC2086
    run env $envs "$bin" campaign --shard auto --solvers "$fake sat" --engines opfuzz --budget 0 \
      --no-reduce --no-report --log --out "$tmp/sa" seeds
    check "--shard auto with $envs: $want" eval "[[ \"\$code:\$err\" == $want ]]"
  done <<'SHARDS'
SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=4|0:*"shard 2/4 (from SLURM_ARRAY_TASK_ID)"*"shard 2/4)"*
SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_COUNT=3|0:*"shard 2/3 (from SLURM_ARRAY_TASK_ID)"*
JOB_COMPLETION_INDEX=1 SMTGRIND_SHARDS=5|0:*"shard 1/5 (from JOB_COMPLETION_INDEX)"*
PARALLEL_SEQ=2 SMTGRIND_SHARDS=2|0:*"shard 1/2 (from PARALLEL_SEQ)"*
JOB_COMPLETION_INDEX=1|2:*"give --shards N"*
SLURM_ARRAY_TASK_ID=7 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=4|2:*"not one of 4 shards"*
SLURM_ARRAY_TASK_ID=x|2:*"SLURM_ARRAY_TASK_ID is 'x', not a number"*
SLURM_ARRAY_TASK_ID=6 SLURM_ARRAY_TASK_MIN=2 SLURM_ARRAY_TASK_MAX=8 SLURM_ARRAY_TASK_STEP=2 SLURM_ARRAY_TASK_COUNT=4|0:*"shard 2/4 (from SLURM_ARRAY_TASK_ID)"*
SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=9 SLURM_ARRAY_TASK_COUNT=3|2:*"the job array has 3 tasks but indexes 1..9 step 1 make 9"*
PARALLEL_SEQ=0 SMTGRIND_SHARDS=2|2:*"PARALLEL_SEQ is 0"*
X=1|2:*"none of SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, PARALLEL_SEQ is set"*
SHARDS
  rm -rf "$tmp/sa"
  run env JOB_COMPLETION_INDEX=2 "$bin" campaign --shard auto --shards 3 --solvers "$fake sat" --engines opfuzz \
    --budget 0 --no-reduce --no-report --log --out "$tmp/sa" seeds
  check "--shard auto --shards 3 with JOB_COMPLETION_INDEX=2: shard 2/3" eval '[ $code = 0 ] && [[ $err == *"shard 2/3 (from JOB_COMPLETION_INDEX)"* ]]'
  run "$bin" campaign --shards 3 --solvers "$fake sat" --budget 0 --out "$tmp/sb" seeds
  check "--shards without --shard auto: usage error" eval '[ $code = 2 ] && [[ $err == *"--shards belongs to --shard auto"* ]]'
  run "$bin" campaign --engines frob seeds
  check "unknown engine: usage error" eval '[ $code = 2 ] && [[ $err == *"unknown engine"* ]]'
  run "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 3 -j 1 --seed 9 --slice 1 --log --no-report --shard 0/2 --out "$tmp/s0" seeds
  local n0=$code
  run "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 3 -j 1 --seed 9 --slice 1 --log --no-report --shard 1/2 --out "$tmp/s1" seeds
  local seeds0 seeds1
  seeds0=$("$bin" bugs export "$tmp/s0" | grep -o '"seeds": \["[^"]*"' | sort -u)
  seeds1=$("$bin" bugs export "$tmp/s1" | grep -o '"seeds": \["[^"]*"' | sort -u)
  local nseeds half
  nseeds=$(find seeds -maxdepth 1 -name '*.smt2' | wc -l)
  half=$((nseeds / 2)) # shard 1/2 takes the seeds at odd positions
  check "shards: $((nseeds - half)) and $half seeds, disjoint" \
    eval '[ $n0 = 10 ] && [ $code = 10 ] && [[ $err == *"$half seeds"*"shard 1/2"* ]] && [ -n "$seeds0" ] && [ -z "$(comm -12 <(echo "$seeds0") <(echo "$seeds1"))" ]'
  local f0 f1
  f0=$("$bin" bugs export "$tmp/s0" | grep -c '"name"')
  f1=$("$bin" bugs export "$tmp/s1" | grep -c '"name"')
  run "$bin" merge --out "$tmp/m" "$tmp/s0" "$tmp/s1"
  local fm bm
  fm=$("$bin" bugs export "$tmp/m" | grep -c '"name"')
  bm=$("$bin" bugs list "$tmp/m" | tail -n +2 | wc -l)
  check "merge: every finding, deduplicated across shards (three crash locations, three buckets)" \
    eval '[ $code = 0 ] && [ "$fm" = $((f0 + f1)) ] && [ "$bm" = 3 ] && "$bin" bugs check "$tmp/m" >/dev/null && "$bin" report "$tmp/m" >/dev/null'
  # The printed resume command is one shell word per argument, whatever the directory's name.
  local qd="$tmp/my camp'x" rest
  run "$bin" campaign --solvers "$fake sat" --engines opfuzz --budget 1 -j 1 --seed 9 --no-reduce --no-report --out "$qd" seeds
  rest=$(sed -n "s/.*continue with: smtgrind campaign --resume //p" "$out_file")
  check "continue with: the directory is shell-quoted (a space and a quote)" \
    eval '[ $code = 0 ] && [[ $rest == "'"'"'"* ]] && (eval "set -- $rest"; [ $# = 1 ] && [ "$1" = "$qd" ])'
  run "$bin" campaign --solvers "$fake sat" --engines typefuzz --budget 1 --out "$qd" seeds
  check "an existing campaign with other settings: the suggested --resume is quoted too" \
    eval '[ $code = 2 ] && [[ $err == *"--resume '"'"'$tmp/my camp'"'"'\\'"'"''"'"'x'"'"', or choose"* ]]'
  # unspecified (issue 13): kept as pairs and in buckets of their own, never a bug: exit 0,
  # bug 0 in bugs list, also after bugs recover
  mkdir -p "$tmp/useeds" && cp tests/data/oracle/pow_zero_zero.smt2 "$tmp/useeds/"
  run "$bin" campaign --solvers "z3;$fake unsat" --engines opfuzz --budget 2 -j 1 --seed 3 --no-reduce --no-report --out "$tmp/ucamp" "$tmp/useeds"
  local upairs ucode=$code
  upairs=$(find "$tmp/ucamp/findings" -name 'unspecified-*.json' | wc -l)
  run "$bin" bugs recover "$tmp/ucamp"
  run "$bin" bugs list "$tmp/ucamp"
  local urows
  urows=$(tail -n +2 <<<"$out" | awk -F'\t' '{print $2, $7, $10}' | sort -u | tr '\n' ';')
  check "campaign: 0^0 disagreements are unspecified pairs in unspecified buckets, bug 0, exit 0 (recover does not make them bugs)" \
    eval '[ "$ucode" = 0 ] && [ "$upairs" -gt 0 ] && [ $code = 0 ] && [ "$urows" = "unspecified off 0;" ]'
  # issue 15: engines that need labels label unlabelled seeds (the consensus of the solvers
  # under test, DIR/labels.tsv)
  mkdir -p "$tmp/lseeds" && cp examples/qf_lia.smt2 examples/qf_bv.smt2 "$tmp/lseeds/"
  run "$bin" campaign --solvers "z3;cvc5" --engines sae --budget 2 -j 1 --seed 3 --model-sample 40 \
    --chain-timeouts 2 --referee none --no-reduce --no-report --out "$tmp/lcamp" "$tmp/lseeds"
  local lrows lcode=$code lerr=$err
  lrows=$(awk -F'\t' '{n = split($5, a, "/"); print $4, a[n]}' "$tmp/lcamp/labels.tsv" | sort | tr '\n' ';')
  run "$bin" campaign --resume "$tmp/lcamp" --budget 1 --log --no-report
  check "campaign: unlabelled seeds labelled first (labels.tsv: qf_bv unsat, qf_lia sat); --resume reads the cache" \
    eval '[ "$lcode" = 0 ] && [[ $lerr == *"labelled 2 seeds (0 from the cache)"* ]] && [[ $lerr == *"(2 labelled, shard 0/1)"* ]] && [ "$lrows" = "sat qf_lia.smt2;unsat qf_bv.smt2;" ] && [ $code = 0 ] && [[ $err == *"labelled 2 seeds (2 from the cache)"* ]]'
}
