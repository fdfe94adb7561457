# group_names.sh: the CLI group `names` of run_cli_tests.sh (sourced there; uses its run,
# check, fail, $bin and $tmp). Names, bytes and messages a user reads (issue 48): one worker
# number for a campaign finding (its slice folder wWW-, its name -wN-, its JSON and `bugs show`,
# all 0-based); file names with a byte that is not UTF-8 (0xff) given back exactly by
# `check --json`, `bugs show` and a finding's JSON (Python's surrogateescape: \udcff), and
# report.html valid UTF-8 (the byte shown as the text \xff); messages that name what the user
# gave (no placeholder words, "1 campaign" not "1 campaigns"); a seed file given by itself
# labelled from the INDEX.tsv beside it.
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_names() {
  local d=$tmp/names fake
  fake=$(dirname "$bin")/fake_solver
  mkdir -p "$d/seeds"
  local ff
  ff=$(printf 'a\377b.smt2')
  cp seeds/abv_2.smt2 "$d/seeds/$ff"
  cp seeds/abv_3.smt2 "$d/seeds/ok.smt2"

  # ---- bytes: check --json gives the name back (json.loads, os.fsencode) ----
  run "$bin" check --json --solvers "$fake sat" "$d/seeds/$ff"
  local back
  back=$(python3 -c 'import json, os, sys
o = json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))
print("ok" if os.fsencode(o["file"]) == os.fsencode(sys.argv[2]) else "differs")' "$out_file" "$d/seeds/$ff" 2>&1)
  check "check --json: a name with the byte 0xff comes back exactly (\\udcff), the line is valid UTF-8" \
    eval '[ $code = 0 ] && grep -q "a\\\\udcffb.smt2" "$out_file" && [ "$back" = ok ]'

  # ---- one campaign for the worker numbers and the bytes: 2 workers, its directory named
  # with 0xff too ----
  local c
  c=$d/$(printf 'c\377d')
  run "$bin" campaign --solvers "$fake hashcrash" --engines opfuzz --budget 3 -j 2 --seed 9 --slice 1 --no-reduce \
    --out "$c" "$d/seeds"
  check "campaign: findings from both workers" \
    eval '[ $code = 10 ] && ls -d "$c"/findings/w00-s* "$c"/findings/w01-s* >/dev/null'
  [ -f "$c/campaign.db" ] || { fail "names: no campaign in $c: the rest of the group needs one"; return; }
  # Every finding pair: folder wWW-, name -wN-, JSON "worker": N, all one number.
  local bad
  bad=$(python3 - "$c/findings" <<'EOF'
import json, os, re, sys
bad = 0
for root, _, files in os.walk(os.fsencode(sys.argv[1])):
    fw = re.search(rb"/w(\d+)-s\d+$", root)
    for f in files:
        if not f.endswith(b".json") or f.startswith(b"."):
            continue
        nw = re.search(rb"-w(\d+)-\d+(-\d+)?\.json$", f)
        j = json.load(open(os.path.join(root, f), "rb"))
        if not fw or not nw or not (int(fw.group(1)) == int(nw.group(1)) == j["worker"]):
            bad += 1
print(bad)
EOF
)
  check "campaign: each finding's slice folder, name and JSON give one worker number (0-based)" test "$bad" = 0
  run "$bin" bugs show "$c" 1
  back=$(python3 - "$out_file" "$c" "$d/seeds/$ff" <<'EOF' 2>&1
import json, os, re, sys
b = json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))
camp, seed = os.fsencode(sys.argv[2]), os.fsencode(sys.argv[3])
ok = bool(b["findings"])
for f in b["findings"]:
    t = os.fsencode(f["trigger"])
    ok = ok and t.startswith(camp + b"/") and os.path.exists(t)
    ok = ok and int(re.search(r"/w(\d+)-s", f["trigger"]).group(1)) == int(re.search(r"-w(\d+)-", f["name"]).group(1)) == f["worker"]
ok = ok and any(os.fsencode(s) == seed for f in b["findings"] for s in f["seeds"])
print("ok" if ok else "differs")
EOF
)
  check "bugs show: each finding's worker is its name's and its folder's; names with 0xff come back exactly" \
    eval '[ $code = 0 ] && [ "$back" = ok ]'
  run python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$c/report.html"
  check "report.html: valid UTF-8 (it says so), the byte 0xff of the directory's name shown as the text \\xff" \
    eval '[ $code = 0 ] && grep -q "c\\\\xffd" "$c/report.html"'

  # ---- messages ----
  run "$bin" bugs show "$c" abc
  check "bugs show abc: said to be no bucket id, and where the ids are" \
    eval '[ $code = 2 ] && [[ $err == *"'"'"'abc'"'"' is not a bucket id (a number from: smtgrind bugs list "* ]]'
  run "$bin" merge -o "$d/merged" "$c"
  check "merge of one campaign: '1 campaign' (singular)" \
    eval '[ $code = 0 ] && [[ $out == "merged 1 campaign into "* ]]'
  run "$bin" options nosuch-solver-48
  check "options with an unknown solver: the message names the command, never the placeholder SOLVER" \
    eval '[ $code = 2 ] && [[ $err == "smtgrind options: error: solver '"'"'nosuch-solver-48'"'"': not found in PATH"* ]] && [[ $err != *SOLVER* ]]'
  : >"$d/afile"
  run "$bin" gen strings --count 1 --out "$d/afile"
  check "gen --out naming a file: said to be not a directory (not 'File exists')" \
    eval '[ $code = 2 ] && [[ $err == *"$d/afile: not a directory"* ]] && [[ $err != *"File exists"* ]]'
  mkdir -p "$d/z3dir"
  cp tests/fake/fake_z3_options.sh "$d/z3dir/z3"
  chmod +x "$d/z3dir/z3"
  run "$bin" options --cache "$d/oc" "$d/z3dir/z3"
  local cf
  cf=$(ls "$d"/oc/options-z3-*.tsv 2>/dev/null | head -n 1)
  if [ -n "$cf" ]; then
    printf 'smt.bad\tint\t-\t-\tsmt\tc\t-\t0:q\n' >>"$cf"
    run "$bin" options --cache "$d/oc" "$d/z3dir/z3"
    check "options: a damaged cache file says that 'smtgrind options --refresh SOLVER' repairs it" \
      eval '[ $code = 2 ] && [[ $(first_err_line) == "$cf:"*"(a damaged cache file: '"'"'smtgrind options --refresh $d/z3dir/z3'"'"' reads the table from the solver again)" ]]'
  else
    fail "options: no cache file written in $d/oc (exit $code): $err"
  fi
  run "$bin" label --solvers "$fake sat" --out "$d/one.tsv" "$d/seeds/ok.smt2"
  check "label of one file: '1 file labelled' (singular)" \
    eval '[ $code = 0 ] && [[ $err == *"label: 1 file labelled, 0 dropped"* ]]'

  # ---- a seed file given by itself: labelled from the INDEX.tsv beside it ----
  mkdir -p "$d/ix"
  cp examples/qf_lia.smt2 "$d/ix/a.smt2"
  printf 'a.smt2\tQF_LIA\tunsat\ngone.smt2\tQF_LIA\tsat\n' >"$d/ix/INDEX.tsv"
  run "$bin" opfuzz --solvers "$fake sat" --budget 0.1 --out "$d/ixo" "$d/ix/a.smt2" "$d/ix/a.smt2"
  check "a seed file given by itself: labelled from its directory's INDEX.tsv, whose bad rows are said once" \
    eval '[[ $err == *"2 seeds (2 labelled, 0 skipped)"* ]] && [ "$(grep -c "$d/ix/INDEX.tsv:2: warning: the file is not there; row skipped" "$err_file")" = 1 ]'
}
