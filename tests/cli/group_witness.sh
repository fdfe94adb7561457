# group_witness.sh: the CLI group `witness` of run_cli_tests.sh (sourced there): a wrong answer
# under options drawn by --option-fuzz that only the formula's expected status contradicts is
# reported only with a witness — a run without the drawn options that answers the expected
# status (issue 49, campaign/loop_witness.c) — and its reduction keeps that witness. The z3 here
# is a wrapper around /usr/bin/z3 that answers sat where z3 answers unsat: only with an option
# word outside its profile's (a drawn one), or, once $d/always exists, always (its defaults
# too: then nothing but the status says sat is wrong). One wrapper path for both, so the option
# table (a short one, its -pd) is read from it once (a private option cache).
# shellcheck shell=bash disable=SC2016,SC2034,SC2154
group_witness() {
  local d=$tmp/witness
  mkdir -p "$d/cache"
  if [ ! -x /usr/bin/z3 ]; then
    echo "SKIP: group witness needs /usr/bin/z3" >&2
    return
  fi
  # Its -pd: a short table of harmless options (the real one has 591, each tried once: half a
  # minute), so every chain draws from these.
  cat > "$d/z3" <<EOF
#!/bin/sh
drawn=0; file=
for a in "\$@"; do
  case "\$a" in
    -pd)
      printf 'Global parameters\n    model (bool) model generation (default: true)\n\n'
      printf '[module] smt, description: smt solver\n'
      printf '    relevancy (unsigned int) relevancy level (default: 2)\n'
      printf '    phase_selection (unsigned int) phase selection heuristic (default: 3)\n'
      printf '    case_split (unsigned int) case split strategy (default: 1)\n'
      printf '[module] rewriter, description: rewriter\n'
      printf '    sort_sums (bool) sort the arguments of + (default: false)\n'
      exit 0 ;;
    -smt2|-in|model=true|model_validate=true|-T:*|-t:*|-version|--version) ;;
    -*|*=*) drawn=1 ;;
    *) file=\$a ;;
  esac
done
if [ -f "\$file" ] && { [ -e "$d/always" ] || [ "\$drawn" = 1 ]; }; then
  if [ "\$(/usr/bin/z3 -smt2 "\$file" 2>&1 | head -n 1)" = unsat ]; then echo sat; exit 0; fi
fi
exec /usr/bin/z3 "\$@"
EOF
  chmod +x "$d/z3"
  # two seeds labelled unsat (their INDEX.tsv rows), Sparrow's approximations of them
  mkdir -p "$d/s"
  cp seeds/bv_2.smt2 seeds/bv_6.smt2 "$d/s/"
  grep -E '^(bv_2|bv_6)\.smt2'"$(printf '\t')" seeds/INDEX.tsv > "$d/s/INDEX.tsv"
  local -a bv=(env XDG_CACHE_HOME="$d/cache" "$bin" sae -i 5 --option-fuzz safe --no-sessions --referee none
               -t 5 --seed 2 --mutants 20 --solvers "$d/z3")
  run "${bv[@]}" --out "$d/fa" "$d/s"
  local js
  js=$(grep -l '"options"' "$d"/fa/soundness-z3-*.json 2>/dev/null | head -n 1 || true)
  check "a wrong sat under drawn options, z3's defaults answer unsat: reported, the witness run in its JSON" \
    eval '[ $code = 10 ] && [ -n "$js" ] && python3 -c "import json,sys; r=json.load(open(sys.argv[1]))[\"runs\"]; w=[x for x in r if x.get(\"witness\")]; assert len(w) == 1 and w[0][\"answers\"] == [\"unsat\"] and not w[0].get(\"options\"), r" "$js"'
  touch "$d/always"
  run "${bv[@]}" --out "$d/fb" "$d/s"
  local drawn_found
  drawn_found=$({ grep -l '"options"' "$d"/fb/soundness-*.json 2>/dev/null || true; } | wc -l)
  check "a wrong sat that z3's defaults give too, no other solver: under drawn options only the status says so: not reported (unconfirmed)" \
    eval '[ "$drawn_found" = 0 ] && [[ $(grep "^\[" "$err_file" | tail -n 1) == *"unconfirmed "[1-9]* ]]'
  rm -f "$d/always"
  [ -n "$js" ] || return 0
  run env XDG_CACHE_HOME="$d/cache" "$bin" reduce --finding "$js" "$d/red.smt2" --budget 60
  check "its reduction keeps the witness: z3's defaults answer unsat and a run with a drawn option sat on the reduced trigger" \
    eval '[ $code = 0 ] && [ "$(/usr/bin/z3 -smt2 "$d/red.smt2" | head -n 1)" = unsat ] && [ "$("$d/z3" -smt2 smt.random_seed=1 "$d/red.smt2" | head -n 1)" = sat ]'
}
