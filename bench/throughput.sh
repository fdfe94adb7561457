#!/usr/bin/env bash
# throughput.sh: mutants/s, solver calls/s and smtgrind's share of the CPU for each engine, with
# the solver line of issue 4 ("z3 model_validate=true;cvc5 --check-models --strings-exp -q"),
# timeout 8 s, one worker (one mutant at a time with its solvers one after the other, as
# yinyang; then smtgrind's default, "sg-lanes": a mutant judged per core at once), a seed left after 32 solver timeouts (yinyang's rule), on 329 corpus seeds: the files of QF_LIA, QF_NIA, QF_BV, QF_S,
# QF_LRA, QF_NRA and QF_UF taken round-robin over the logics in name order. When SG_YINYANG
# names a yinyang checkout (0.3.0; it needs the antlr4 4.9 Python runtime, Debian's
# python3-antlr4, and is not part of smtgrind), yinyang runs the same engine on the same seeds
# with the same solvers, timeout and iterations right after smtgrind, and a ratio is printed.
#   bash bench/throughput.sh [ITERATIONS]     (default 1 mutant per seed; fusion: the seeds of
#                                             one logic, QF_LIA, for 120 s per tool and mode)
#   SG_BENCH_SEEDS=N (default 329), SG_BENCH_MAX_MS=M (only seeds the corpus index times at
#   most M ms for z3 and cvc5 together: the easy-mutant regime), SG_BENCH_FUSE_LOGIC, SG_BENCH_FUSE_SECONDS,
#   SG_BENCH_RNG=N (smtgrind's --seed, default 1), SG_BENCH_ENGINES="opfuzz typefuzz" (default: opfuzz typefuzz fuse-sat fuse-unsat)
#   SG_YINYANG=/tmp/yinyang SG_YINYANG_PYTHON=/usr/bin/python3 bash bench/throughput.sh
#   SG_BENCH_SAME_CORES=W [SG_BENCH_JOBS=N] [SG_BENCH_BASE=OLD-SMTGRIND] [SG_BENCH_OFF=1]:
#   instead, the same-cores comparison (smtgrind --jobs N against N yinyang processes on
#   round-robin shares of the seeds, W seconds each; see same_cores below)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
iters=${1:-1}
nwant=${SG_BENCH_SEEDS:-329}
corpus=$(cd "${SG_CORPUS:-../shared/corpus}" && pwd)
yy=${SG_YINYANG:-}
py=${SG_YINYANG_PYTHON:-python3}
cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DSG_TESTS=OFF >/dev/null
cmake --build build-bench -j "$(nproc)" --target smtgrind >/dev/null
sg=$PWD/build-bench/smtgrind
spec="z3 model_validate=true;cvc5 --check-models --strings-exp -q"
work=$(mktemp -d "${TMPDIR:-/tmp}/smtgrind-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The seeds: round-robin over the logics until 329; sat and unsat ones also apart (fusion).
mkdir -p "$work/seeds" "$work/sat" "$work/unsat"
fuse_logic=${SG_BENCH_FUSE_LOGIC:-QF_LIA}
for l in QF_LIA QF_NIA QF_BV QF_S QF_LRA QF_NRA QF_UF; do
  awk -F'\t' -v l="$l" -v max="${SG_BENCH_MAX_MS:-0}" '$2 == l && ($3 == "sat" || $3 == "unsat") && (max == 0 || $4 + $5 <= max)' "$corpus/INDEX.tsv" | LC_ALL=C sort > "$work/$l.tsv"
done
awk -F'\t' -v want="$nwant" 'BEGIN { OFS = "\t" }
  FNR == 1 { f++ } { row[f, FNR] = $0; n[f] = FNR }
  END { k = 0
        for (i = 1; k < want; i++) { any = 0
          for (j = 1; j <= f && k < want; j++) if (i <= n[j]) { print row[j, i]; k++; any = 1 }
          if (!any) break } }' "$work"/QF_*.tsv > "$work/picked.tsv"
# The seeds' INDEX.tsv keeps the corpus's solve times (z3_ms, cvc5_ms: smtgrind's adaptive
# timeout); --same-cores shares get one each.
printf 'path\tlogic\tstatus\tz3_ms\tcvc5_ms\n' > "$work/seeds/INDEX.tsv"
while IFS=$'\t' read -r path logic status z3ms cvc5ms _; do
  name=${path//\//_}
  ln -s "$corpus/$path" "$work/seeds/$name"
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$logic" "$status" "$z3ms" "$cvc5ms" >> "$work/seeds/INDEX.tsv"
  # Fusion pairs seeds of one logic (yinyang's fusion stops on pairs of unrelated logics).
  [ "$logic" = "$fuse_logic" ] || continue
  ln -s "$corpus/$path" "$work/$status/$name"
  printf '%s\t%s\t%s\n' "$name" "$logic" "$status" >> "$work/$status/INDEX.tsv"
done < "$work/picked.tsv"
nseeds=$(wc -l < "$work/picked.tsv")
fuse_budget=${SG_BENCH_FUSE_SECONDS:-120}
echo "cores: $(nproc) (sg-lanes: a lane per core); seeds: $nseeds; fusion: the $fuse_logic ones ($(ls "$work/sat" | grep -c smt2) sat, $(ls "$work/unsat" | grep -c smt2) unsat), ${fuse_budget}s each; solvers \"$spec\"; timeout 8 s; one worker"

now() { date +%s.%N; }
# yinyang's own CPU: a sitecustomize module (on PYTHONPATH, not in yinyang) writes the Python
# process's getrusage at exit, so its share of the CPU can be printed like smtgrind's.
mkdir -p "$work/pyhook"
cat > "$work/pyhook/sitecustomize.py" <<'PY'
import atexit, gc, os, resource, signal, sys
def _report():
    s = resource.getrusage(resource.RUSAGE_SELF); c = resource.getrusage(resource.RUSAGE_CHILDREN)
    # yinyang's own count of mutants (a mutant counts once every solver ran on it), from its
    # Statistic object: its status line has only rates.
    # Its timeouts and the solver runs that rejected a mutant (ill-typed mutants count as
    # mutants in yinyang, and a rejection is cheap).
    st = [o for o in gc.get_objects() if type(o).__name__ == "Statistic" and hasattr(o, "mutants")]
    m, t, r = (st[0].mutants, st[0].timeout, st[0].invalid_mutants) if st else (-1, -1, -1)
    with open(os.environ["SG_YY_RUSAGE"], "w") as f:
        f.write("%f %f %d %d %d\n" % (s.ru_utime + s.ru_stime, c.ru_utime + c.ru_stime, m, t, r))
if os.environ.get("SG_YY_RUSAGE"):
    atexit.register(_report)
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
PY
# smtgrind ENGINE-ARGS... : prints "mutants calls seconds share timeouts rejected"
run_sg() {
  local t0 t1 log=$work/sg.log
  t0=$(now)
  "$sg" "$@" --solvers "$spec" -t 8 --seed "${SG_BENCH_RNG:-1}" --chain-timeouts 32 --out "$work/findings" >"$log" 2>&1 || true
  t1=$(now)
  local last cpu
  last=$(grep -E '^\[' "$log" | tail -n 1)
  cpu=$(grep -E '^CPU' "$log" | tail -n 1)
  local m c
  m=$(sed -E 's/.*mutants ([0-9]+).*/\1/' <<< "$last")
  c=$(sed -E 's/.*solver calls ([0-9]+).*/\1/' <<< "$last")
  printf '%s %s %s %s %s %s\n' "$m" "$c" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')" \
    "$(sed -E 's/.*share ([0-9.]+)%.*/\1/' <<< "$cpu")" \
    "$(sed -E 's/.*timeouts ([0-9]+).*/\1/' <<< "$last")" "$(sed -E 's/.*rejected ([0-9]+).*/\1/' <<< "$last")"
}
# yinyang TOOL SEEDS OPTIONS... : prints "mutants calls seconds share timeouts rejected" from
# its last status line, the hook and the clock (yinyang wants its options, then the solver line, then the seeds)
run_yy() {
  local tool=$1 seeds=$2; shift 2
  local t0 t1 log=$work/yy.log
  rm -rf "$work/yy-scratch" "$work/yy-bugs"
  t0=$(now)
  rm -f "$work/yy.rusage"
  (cd "$work" && SG_YY_RUSAGE="$work/yy.rusage" PYTHONPATH="$work/pyhook" timeout "${SG_YINYANG_LIMIT:-900}" "$py" "$yy/bin/$tool" "$@" -t 8 \
     -s "$work/yy-scratch" -b "$work/yy-bugs" -l "$work/yy-logs" "$spec" "$seeds" >"$log" 2>&1) || true
  t1=$(now)
  local secs calls
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
  calls=$( (grep -E 'Performed [0-9]+ solver calls' "$log" || true) | tail -n 1 | sed -E 's/.*Performed ([0-9]+) solver calls.*/\1/')
  calls=${calls:-0}
  if grep -q Traceback "$log"; then echo "(yinyang stopped with a Python exception: $(grep -E '^[A-Za-z]+Error|Exception' "$log" | tail -n 1))" >&2; fi
  local share=""
  [ -s "$work/yy.rusage" ] && share=$(awk '{ t = $1 + $2; if (t > 0) printf "%.1f", 100 * $1 / t }' "$work/yy.rusage")
  # yinyang's own mutant count when the hook found it, else two calls a mutant.
  local muts=$((calls / 2))
  if [ -s "$work/yy.rusage" ]; then
    local m; m=$(awk '{ print $3 }' "$work/yy.rusage")
    [ -n "$m" ] && [ "$m" -ge 0 ] && muts=$m
  fi
  local tmo=- rej=-
  if [ -s "$work/yy.rusage" ]; then
    tmo=$(awk '{ print ($4 >= 0 ? $4 : "-") }' "$work/yy.rusage")
    rej=$(awk '{ print ($5 >= 0 ? $5 : "-") }' "$work/yy.rusage")
  fi
  printf '%s %s %s %s %s %s\n' "$muts" "$calls" "$secs" "${share:--}" "$tmo" "$rej"
}

printf '\n%-14s %-9s %8s %8s %8s %10s %10s %8s %8s %8s\n' engine tool mutants calls seconds mutants/s calls/s "own CPU" timeouts rejected
report() { # engine tool mutants calls seconds [share [timeouts [rejected]]]
  awk -v e="$1" -v t="$2" -v m="$3" -v c="$4" -v s="$5" -v sh="${6:--}" -v to="${7:--}" -v rj="${8:--}" 'BEGIN {
    printf "%-14s %-9s %8d %8d %8.1f %10.1f %10.1f %8s %8s %8s\n", e, t, m, c, s, (s > 0 ? m / s : 0), (s > 0 ? c / s : 0), (sh == "-" ? "-" : sh "%"), to, rj }'
}
ratio() { awk -v a="$1" -v as="$2" -v b="$3" -v bs="$4" 'BEGIN {
  if (b > 0 && as > 0) printf "%-14s smtgrind / yinyang: %.1fx mutants/s\n", "", (a / as) / (b / bs) }'; }

# The same-cores comparison (SG_BENCH_SAME_CORES=W seconds): opfuzz, N = the cores
# (SG_BENCH_JOBS), W seconds of wall time each: smtgrind --jobs N --budget W (its default lanes
# and adaptive timeout), then N yinyang processes at once, process k on the seeds k, k + N, ...
# (round-robin shares of the same seeds, each stopped after W s). yinyang's rate is the sum of
# its processes' mutants over their own seconds (a process that ran out of seeds early is not
# charged the rest). SG_BENCH_BASE=BINARY adds an older smtgrind with the same flags (the
# "before" row); SG_BENCH_OFF=1 adds this one with --adaptive-timeout off. "findings" counts
# soundness, invalid-model, crash and incompleteness findings (smtgrind's status line).
same_cores() {
  local W=$1 N=${SG_BENCH_JOBS:-$(nproc)}
  local sgargs=(opfuzz -i "$iters" "$work/seeds" --jobs "$N" --budget "$W")
  echo "same cores: N = $N, ${W} s each, opfuzz -i $iters, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  printf '%-12s %8s %8s %10s %8s %8s\n' tool mutants seconds mutants/s timeouts findings
  sg_row() { # label binary extra-args...
    local label=$1 bin=$2; shift 2
    local log=$work/sg-$label.log t0 t1
    t0=$(now)
    "$bin" "${sgargs[@]}" "$@" --solvers "$spec" -t 8 --seed "${SG_BENCH_RNG:-1}" --chain-timeouts 32 \
      --out "$work/findings-$label" >"$log" 2>&1 || true
    t1=$(now)
    local last m to f
    last=$(grep -E '^\[' "$log" | tail -n 1)
    m=$(sed -E 's/.*mutants ([0-9]+).*/\1/' <<< "$last")
    to=$(sed -E 's/.*timeouts ([0-9]+).*/\1/' <<< "$last")
    f=$(sed -E 's/.*soundness ([0-9]+), invalid-model ([0-9]+), crash ([0-9]+), incompleteness ([0-9]+).*/\1 \2 \3 \4/' <<< "$last" | awk '{ print $1 + $2 + $3 + $4 }')
    awk -v l="$label" -v m="$m" -v a="$t0" -v b="$t1" -v to="$to" -v f="$f" 'BEGIN {
      s = b - a; printf "%-12s %8d %8.1f %10.1f %8s %8s\n", l, m, s, m / s, to, f }'
    echo "$label $m $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" >> "$work/rates"
  }
  : > "$work/rates"
  sg_row smtgrind "$sg"
  [ -n "${SG_BENCH_OFF:-}" ] && sg_row sg-adapt-off "$sg" --adaptive-timeout off
  [ -n "${SG_BENCH_BASE:-}" ] && sg_row sg-before "$SG_BENCH_BASE"
  if [ -n "$yy" ]; then
    local k pids=()
    for ((k = 0; k < N; k++)); do
      mkdir -p "$work/share$k"
      awk -v k="$k" -v n="$N" '(NR - 1) % n == k' "$work/picked.tsv" | while IFS=$'\t' read -r path _; do
        ln -s "$corpus/$path" "$work/share$k/${path//\//_}"; done
    done
    for ((k = 0; k < N; k++)); do
      # Each yinyang in a process group of its own (setsid), ended with its solvers after W s.
      ( t0=$(now)
        cd "$work"
        SG_YY_RUSAGE="$work/yy$k.rusage" PYTHONPATH="$work/pyhook" setsid "$py" "$yy/bin/opfuzz" \
          -i "$iters" -t 8 -s "$work/yy-scratch$k" -b "$work/yy-bugs$k" -l "$work/yy-logs$k" "$spec" "$work/share$k" \
          >"$work/yy$k.log" 2>&1 &
        p=$!
        while kill -0 "$p" 2>/dev/null && awk -v a="$t0" -v b="$(now)" -v w="$W" 'BEGIN { exit !(b - a < w) }'; do sleep 0.5; done
        kill -TERM -- "-$p" 2>/dev/null || true
        wait "$p" 2>/dev/null || true
        kill -KILL -- "-$p" 2>/dev/null || true
        t1=$(now); awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }' > "$work/yy$k.secs" ) &
      pids+=($!)
    done
    wait "${pids[@]}"
    local ym=0 yrate=0 ysecs=0 yto=0
    for ((k = 0; k < N; k++)); do
      local m s t
      m=$(awk '{ print $3 }' "$work/yy$k.rusage" 2>/dev/null || echo 0); m=${m:-0}
      t=$(awk '{ print $4 }' "$work/yy$k.rusage" 2>/dev/null || echo 0); t=${t:-0}
      s=$(cat "$work/yy$k.secs")
      ym=$((ym + m)); yto=$((yto + t))
      yrate=$(awk -v r="$yrate" -v m="$m" -v s="$s" 'BEGIN { print r + (s > 0 ? m / s : 0) }')
      ysecs=$(awk -v a="$ysecs" -v s="$s" 'BEGIN { print (s > a ? s : a) }')
    done
    awk -v m="$ym" -v s="$ysecs" -v r="$yrate" -v to="$yto" 'BEGIN { printf "%-12s %8d %8.1f %10.1f %8s %8s\n", "yinyang", m, s, r, to, "-" }'
    while read -r label m s; do
      awk -v l="$label" -v m="$m" -v s="$s" -v r="$yrate" 'BEGIN {
        if (r > 0) printf "%-12s / yinyang: %.2fx mutants/s on the same %s cores\n", l, (m / s) / r, "'"$N"'" }'
    done < "$work/rates"
  fi
  echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
}
if [ -n "${SG_BENCH_SAME_CORES:-}" ]; then
  same_cores "$SG_BENCH_SAME_CORES"
  exit 0
fi

for engine in ${SG_BENCH_ENGINES:-opfuzz typefuzz fuse-sat fuse-unsat}; do
  case $engine in
    opfuzz|typefuzz) args=("$engine" -i "$iters" "$work/seeds") ;;
    fuse-sat)   args=(fuse -o sat -i 1 --budget "$fuse_budget" "$work/sat") ;;
    fuse-unsat) args=(fuse -o unsat -i 1 --budget "$fuse_budget" "$work/unsat") ;;
  esac
  # One worker: one mutant at a time, its solvers one after the other (yinyang's use of the
  # machine); then smtgrind's default, a lane (a mutant being judged) per core.
  read -r m c s share to rj < <(run_sg "${args[@]}" --lanes 1 --no-parallel)
  report "$engine" smtgrind "$m" "$c" "$s" "$share" "$to" "$rj"
  read -r pm pc ps pshare pto prj < <(run_sg "${args[@]}")
  report "$engine" "sg-lanes" "$pm" "$pc" "$ps" "$pshare" "$pto" "$prj"
  if [ -n "$yy" ]; then
    case $engine in
      opfuzz|typefuzz) read -r ym yc ys yshare yto yrj < <(run_yy "$engine" "$work/seeds" -i "$iters") ;;
      # yinyang fuses for as long as it is let: the same time budget.
      fuse-*) read -r ym yc ys yshare yto yrj < <(SG_YINYANG_LIMIT=$fuse_budget run_yy yinyang \
                "$work/${engine#fuse-}" -o "${engine#fuse-}" -i 1) ;;
    esac
    report "$engine" yinyang "$ym" "$yc" "$ys" "$yshare" "$yto" "$yrj"
    # No ratio when yinyang ran no solver (it stopped with an exception first).
    if [ "${yc:-0}" -gt 0 ]; then
      ratio "$m" "$s" "$ym" "$ys"
      ratio "$pm" "$ps" "$ym" "$ys" | sed 's/smtgrind/sg-lanes/'
    fi
  fi
done
