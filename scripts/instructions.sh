#!/usr/bin/env bash
# Instructions of one seeded search from the empty board, counted by callgrind: repeatable for
# the same build and options whatever else the machine runs (matches beside it included), so a
# speed change can be screened while the cores are busy; the clock (scripts/bench_clock.sh,
# alone, Pachi beside) still decides. The start-up (imports, tables) is counted by a 1-playout
# search and taken off.
#   MANGO=/path/to/bin/mango SIZE=19 PLAYOUTS=3000 OPTIONS="-o create_after=1" scripts/instructions.sh
#   TOP=15 scripts/instructions.sh      # also the functions with the most instructions of their own (start-up included)
set -euo pipefail
MANGO=${MANGO:-mango}
SIZE=${SIZE:-9}
PLAYOUTS=${PLAYOUTS:-5000}
OPTIONS=${OPTIONS:-}
TOP=${TOP:-0}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
count() {   # playouts -> total instructions
    # shellcheck disable=SC2086
    valgrind --tool=callgrind --callgrind-out-file="$OUT/cg.$1" "$MANGO" bench --search \
        --size "$SIZE" --playouts "$1" $OPTIONS --json >/dev/null 2>"$OUT/err.$1"
    callgrind_annotate "$OUT/cg.$1" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}'
}
start=$(count 1)
total=$(count "$PLAYOUTS")
echo "size $SIZE, $PLAYOUTS playouts, options '$OPTIONS': $(( (total - start) / 1000000 )) million instructions" \
     "($(( (total - start) / PLAYOUTS )) a playout; start-up $(( start / 1000000 )) million)"
if [ "$TOP" -gt 0 ]; then
    callgrind_annotate "$OUT/cg.$PLAYOUTS" 2>/dev/null | sed -n '/file:function/,$p' | head -n $((TOP + 2))
fi
