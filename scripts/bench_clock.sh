#!/usr/bin/env bash
# Search speed by the clock: installs of Mango side by side, interleaved round by round, with
# Pachi in the same rounds, so that a day's speed (this machine's varies by 5% from one hour to the
# next) cancels out of the ratios. Run it alone: a match beside it slows both engines unevenly.
# Instruction counts (callgrind) are no substitute: branch mispredictions and cache misses decide
# what a playout costs, and a change that saves instructions can run slower (docs/strength.md).
#   INSTALLS="before=/path/to/old/bin/mango after=mango" SIZES="9 19" ROUNDS=3 scripts/bench_clock.sh
#   OPTIONS="-o children_ahead=4" PLAYOUTS=20000 PACHI=/opt/pachi/pachi.sh scripts/bench_clock.sh
# One line a run: name, size, playouts/s, peak RSS MB, of it mapped from files MB (libraries: the
# kernel's page cache decides how many of their pages count, so compare installs by the difference),
# nodes; Pachi's games/s and peak kB.
set -euo pipefail
INSTALLS=${INSTALLS:-mango=mango}
SIZES=${SIZES:-9 19}
ROUNDS=${ROUNDS:-2}
PLAYOUTS=${PLAYOUTS:-20000}
OPTIONS=${OPTIONS:-}
PACHI=${PACHI:-/opt/pachi/pachi.sh}
for size in $SIZES; do
    for round in $(seq "$ROUNDS"); do
        for install in $INSTALLS; do
            name=${install%%=*}
            command=${install#*=}
            # shellcheck disable=SC2086  # OPTIONS is a list of -o key=value words
            "$command" bench --search --size "$size" --playouts "$PLAYOUTS" $OPTIONS --json \
                | python3 -c "import json, sys; r = json.load(sys.stdin); print('$name', $size, r['playouts_per_second'], r['peak_rss_mb'], r.get('rss_file_mb'), r['nodes'])"
        done
        if [ -x "$PACHI" ]; then
            printf 'boardsize %s\nclear_board\nkomi 7.5\ngenmove b\nquit\n' "$size" \
                | /usr/bin/time -f "%M kB" "$PACHI" -t "=$PLAYOUTS" threads=1 2>&1 \
                | grep -o "[0-9]* games/s, \|[0-9]* kB" | tr '\n' ' ' | sed "s/^/pachi $size /"
            echo
        fi
    done
done
