#!/bin/sh
# fake_z3_options.sh: a z3 for the CLI group `options`, installed as DIR/z3. `-pd` prints a
# table of four options (one excluded: model); anything else runs the real z3 (found in PATH),
# except that a copy installed as .../bad/z3 answers unsat for sat whenever a word
# smt.arith.solver=N with N >= 2 is among its arguments and the script is not the 72-byte
# trivial one its options are tried on (so the bug needs that option, and only option fuzzing
# finds it; the reducer lowers a drawn 3 or 10 to 2).
for a in "$@"; do
  if [ "$a" = "-pd" ]; then
    printf 'Global parameters\n    model (bool) model generation (default: true)\n\n'
    printf '[module] smt, description: smt solver\n'
    printf '    arith.solver (unsigned int) arithmetic solver (default: 6)\n'
    printf '    relevancy (unsigned int) relevancy level (default: 2)\n'
    printf '    phase_caching_on (unsigned int) phase caching (default: 400)\n'
    exit 0
  fi
done
bad=0
case "$0" in */bad/z3) for a in "$@"; do case "$a" in smt.arith.solver=[0-1]) ;; smt.arith.solver=*) bad=1 ;; esac; done ;; esac
last=""
for a in "$@"; do last=$a; done
if [ $bad = 1 ] && [ -f "$last" ] && [ "$(wc -c < "$last")" -gt 80 ]; then
  z3 "$@" | sed 's/^sat$/unsat/'
  exit 0
fi
exec z3 "$@"
