#!/usr/bin/env bash
# The NoGo study's slow node creation (section 3.2): z = create_after of 1, 2, 4, 8 and 16 against
# z = 5, at 100, 200, 400 and 1,600 playouts a move, then z = 1 and 2 against z = 5 at 1 s a move;
# GAMES games a cell (the paper: 300), JOBS (2) at a time. Resumable: run it again.
# GAME=go (the default): Mango's defaults on 9x9 Go from the balanced openings
# (docs/results/nogo32-paper.toml); GAME=nogo: 7x7 NoGo, both sides uct_c 0.4 as in the other
# NoGo scripts (docs/results/nogo32nogo-paper.toml). Then the memory at 1,000, 10,000 and 100,000
# playouts a move:
#   for z in 1 2 4 10; do mango bench --search --size 9 --playouts 100000 -o create_after=$z --json; done
#   MANGO=mango STORE=docs/results/nogo32-go9.jsonl GAMES=100 scripts/slow_creation.sh
#   mango report docs/results/nogo32-go9.jsonl --reference docs/results/nogo32-paper.toml
#   GAME=nogo STORE=docs/results/nogo32-nogo7.jsonl scripts/slow_creation.sh
#   mango report docs/results/nogo32-nogo7.jsonl --reference docs/results/nogo32nogo-paper.toml
set -euo pipefail
cd "$(dirname "$0")/.."
MANGO=${MANGO:-mango}
GAME=${GAME:-go}
GAMES=${GAMES:-100}
JOBS=${JOBS:-2}
PLAYOUTS=${PLAYOUTS:-100 200 400 1600}
if [ "$GAME" = nogo ]; then
    STORE=${STORE:-docs/results/nogo32-nogo7.jsonl}
    UCT_C=${UCT_C:-0.4}
    BOARD=(--size 7 --komi 0)
    A=(-o game=nogo -o uct_c="$UCT_C")
    B=(--opponent-option game=nogo --opponent-option uct_c="$UCT_C")
else
    STORE=${STORE:-docs/results/nogo32-go9.jsonl}
    BOARD=(--size 9 --komi 7.5 --openings balanced)
    A=()
    B=()
fi
for playouts in $PLAYOUTS; do
    for z in 1 2 4 8 16; do
        "$MANGO" match --opponent mango "${B[@]}" --opponent-option create_after=5 --games "$GAMES" \
            "${BOARD[@]}" --playouts "$playouts" --jobs "$JOBS" --store "$STORE" \
            "${A[@]}" -o create_after="$z" --quiet
    done
done
if [ -z "${SKIP_TIMED:-}" ]; then
    for z in 1 2; do
        "$MANGO" match --opponent mango "${B[@]}" --opponent-option create_after=5 \
            --opponent-option time_s=1 --games "$GAMES" "${BOARD[@]}" --jobs "$JOBS" \
            --store "$STORE" "${A[@]}" -o create_after="$z" -o time_s=1 --quiet
    done
fi
