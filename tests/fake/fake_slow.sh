#!/bin/sh
# fake_slow.sh: a slow solver for the CLI group `reduce` (performance mode, --slower-than):
# when its input (the last argument) contains the marker bvlshr it takes 3 s, otherwise 0.2 s,
# and answers sat either way. Given --never-slow first it always takes 0.2 s (a reference).
never=0
if [ "$1" = "--never-slow" ]; then never=1; shift; fi
last=""
for a in "$@"; do last=$a; done
if [ $never = 0 ] && grep -q bvlshr "$last"; then exec sleep 3; fi
sleep 0.2
echo sat
