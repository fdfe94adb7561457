#!/usr/bin/env bash
# evolution.sh: z3 across releases (issue 20, ET's evolution figure): the Debian z3 and npm
# z3-solver releases (`--solvers z3@VERSION`, installed on demand into ~/.cache/smtgrind) on the
# first N labelled corpus seeds of the Core/Ints/Reals logics, in a random order fixed by SEED.
# Per release: its start-up (median of 3 runs on a trivial script: node and the WebAssembly
# module for the npm releases), solved (decided as labelled), wrong (decided against the
# label), unknown, timeouts, rejected, total and median wall time of the decided runs; then the
# regression candidates: seeds a release solves and the next one does not (or solves 10x
# slower, both >= 0.5 s), each run again twice in fresh processes with 3x the timeout and
# reported as confirmed only when both repeats fail (or stay 10x slower) again.
# Every run is `smtgrind check --json` in a fresh process under `timeout -s KILL`.
#   bash bench/evolution.sh [N [TIMEOUT_S [SEED]]]      (default 40 seeds, 10 s, seed 1)
#   RELEASES="4.8.17 4.13.0"  the npm releases (default: 7 from 4.8.17 to 5.2.0)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
n=${1:-40}
t=${2:-10}
seed=${3:-1}
releases=${RELEASES:-4.8.17 4.10.0 4.11.2 4.12.2 4.13.0 4.15.1 5.2.0}
corpus=$(cd "${SG_CORPUS:-../shared/corpus}" && pwd)
sg=${SG_BIN:-}
if [ -z "$sg" ]; then
  cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
  cmake --build build-bench -j "$(nproc)" --target smtgrind >/dev/null
  sg=$PWD/build-bench/smtgrind
fi
out=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-evolution.XXXXXX")
trap 'rm -rf "$out"' EXIT
# The seeds: labelled files of the Core/Ints/Reals logics, shuffled by SEED, the first N.
awk -F'\t' 'NR > 1 && ($3 == "sat" || $3 == "unsat") && $2 ~ /^(QF_)?(UF|IDL|RDL|LIA|LRA|NIA|NRA|UFLIA|UFLRA|UFNIA)$/ {print $1 "\t" $3}' \
  "$corpus/INDEX.tsv" | awk -v s="$seed" 'BEGIN {srand(s)} {print rand() "\t" $0}' | sort -k1,1 | cut -f2- | awk -v n="$n" 'NR <= n' \
  > "$out/seeds.tsv"
echo "evolution: $(wc -l < "$out/seeds.tsv") seeds (Core/Ints/Reals logics of $corpus, seed $seed), timeout ${t}s," \
     "load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
solvers=(z3)
for r in $releases; do solvers+=("z3@$r"); done
for s in "${solvers[@]}"; do
  # Install (npm) outside the timing: one check on a trivial file.
  timeout -s KILL 900 "$sg" check -q --solvers "$s" examples/qf_lia.smt2 >/dev/null 2>&1 || true
  : > "$out/$s.start"
  for _ in 1 2 3; do
    "$sg" check --json --no-models --no-validate --solvers "$s" examples/qf_lia.smt2 2>/dev/null \
      | sed -n 's/.*"wall_s": \([0-9.]*\).*/\1/p' >> "$out/$s.start" || true
  done
  : > "$out/$s.jsonl"
  while IFS=$'\t' read -r path _; do
    timeout -s KILL $((t * 3 + 30)) "$sg" check --json --no-models --no-validate -t "$t" --solvers "$s" "$corpus/$path" \
      >> "$out/$s.jsonl" 2>/dev/null || true
  done < "$out/seeds.tsv"
done
python3 - "$out" "$corpus" "${solvers[@]}" <<'EOF'
import json, sys, statistics
out, corpus, solvers = sys.argv[1], sys.argv[2], sys.argv[3:]
labels = {}
for line in open(f"{out}/seeds.tsv"):
    p, st = line.rstrip("\n").split("\t")
    labels[f"{corpus}/{p}"] = st
res = {}
for s in solvers:
    r = {}
    for line in open(f"{out}/{s}.jsonl"):
        try:
            j = json.loads(line)
        except ValueError:
            continue
        run = j["runs"][0]
        ans = run["answers"][0] if run["answers"] else None
        r[j["file"]] = (run["outcome"], ans, run["wall_s"])
    res[s] = r
def start(s):
    v = sorted(float(x) for x in open(f"{out}/{s}.start").read().split())
    return v[len(v) // 2] if v else 0
print(f"{'release':<12} {'start s':>7} {'solved':>6} {'wrong':>5} {'unknown':>7} {'timeout':>7} {'rejected':>8} {'other':>5} {'total s':>8} {'median s':>8}")
for s in solvers:
    solved = wrong = unk = to = rej = other = 0
    times = []
    for f, lab in labels.items():
        oc, ans, w = res[s].get(f, ("missing", None, 0))
        if oc == "ok" and ans in ("sat", "unsat"):
            times.append(w)
            if ans == lab: solved += 1
            else: wrong += 1
        elif oc == "ok" and ans == "unknown": unk += 1
        elif oc == "timeout": to += 1
        elif oc == "rejected": rej += 1
        else: other += 1
    med = statistics.median(times) if times else 0
    print(f"{s:<12} {start(s):>7.2f} {solved:>6} {wrong:>5} {unk:>7} {to:>7} {rej:>8} {other:>5} {sum(times):>8.1f} {med:>8.2f}")
print("regression candidates (a release solves it, the next one does not, or 10x slower and >= 0.5 s):")
cands = open(f"{out}/cands.tsv", "w")
npm = [s for s in solvers if s != "z3"]
found = 0
for a, b in zip(npm, npm[1:]):
    for f, lab in labels.items():
        oa, aa, wa = res[a].get(f, ("missing", None, 0))
        ob, ab, wb = res[b].get(f, ("missing", None, 0))
        ok_a = oa == "ok" and aa == lab
        ok_b = ob == "ok" and ab == lab
        if ok_a and not ok_b:
            print(f"  {f[len(corpus)+1:]}: {a} {aa} {wa:.2f}s, {b} {ob} {ab} {wb:.2f}s"); found += 1
            cands.write(f"{f}\t{a}\t{b}\t{lab}\t{wa}\tlost\n")
        elif ok_a and ok_b and wb >= 0.5 and wb >= 10 * max(wa, 0.001):
            print(f"  {f[len(corpus)+1:]}: {a} {wa:.2f}s, {b} {wb:.2f}s (slower)"); found += 1
            cands.write(f"{f}\t{a}\t{b}\t{lab}\t{wa}\tslower\n")
if not found: print("  none")
EOF
# Each candidate again, twice, in fresh processes with 3x the timeout.
echo "confirmed (both repeats, timeout $((t * 3))s):"
confirmed=0
while IFS=$'\t' read -r f a b lab wa how; do
  keep=1
  for _ in 1 2; do
    line=$(timeout -s KILL $((t * 9 + 30)) "$sg" check --json --no-models --no-validate -t $((t * 3)) --solvers "$b" "$f" 2>/dev/null || true)
    ans=$(sed -n 's/.*"answers": \["\([a-z]*\)".*/\1/p' <<<"$line")
    wall=$(sed -n 's/.*"wall_s": \([0-9.]*\).*/\1/p' <<<"$line")
    if [ "$how" = lost ] && [ "$ans" = "$lab" ]; then keep=0; fi
    if [ "$how" = slower ] && awk -v w="${wall:-0}" -v a="$wa" 'BEGIN {exit !(w < 10 * a)}'; then keep=0; fi
  done
  if [ $keep = 1 ]; then echo "  ${f#"$corpus"/}: $a -> $b ($how)"; confirmed=$((confirmed + 1)); fi
done < "$out/cands.tsv"
[ $confirmed -gt 0 ] || echo "  none"
