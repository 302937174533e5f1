#!/usr/bin/env bash
# The NoGo study's Table 1 (section 3.6; docs/results/nogo36-paper.toml): 2N simulations a move
# against N on 7x7 NoGo, without RAVE, with RAVE, with RAVE and the anti-decisive playouts (the
# study's section 3.3: moves that lose at once left out, Mango's default nogo_playout=random; the
# other rows play the naive playouts, nogo_playout=naive), 2N without RAVE against N with it and the
# reverse, and with RAVE and UCT (C = UCT_C, 0.4: section 3.4's best region) on both sides; the
# others C = 0. N in NS (the paper: 50, 500, 5,000, 50,000; at 50,000 a game takes about 6 s of
# thinking, since both sides stop early once the most visited move cannot be caught).
# GAMES games a cell, JOBS (2) at a time. Resumable: run it again.
#   MANGO=mango STORE=docs/results/nogo36-nogo7.jsonl GAMES=200 scripts/nogo_scaling.sh
#   mango report docs/results/nogo36-nogo7.jsonl --reference docs/results/nogo36-paper.toml
set -euo pipefail
cd "$(dirname "$0")/.."
MANGO=${MANGO:-mango}
STORE=${STORE:-docs/results/nogo36-nogo7.jsonl}
GAMES=${GAMES:-200}
JOBS=${JOBS:-2}
UCT_C=${UCT_C:-0.4}
NS=${NS:-50 500 5000}
# a row: side A's settings, side B's settings (each with N or 2N for its playouts)
ROWS=(
    "rave=off nogo_playout=naive|rave=off nogo_playout=naive"
    "nogo_playout=naive|nogo_playout=naive"
    "nogo_playout=random|nogo_playout=random"
    "rave=off nogo_playout=naive|nogo_playout=naive"
    "nogo_playout=naive|rave=off nogo_playout=naive"
    "nogo_playout=naive uct_c=$UCT_C|nogo_playout=naive uct_c=$UCT_C"
)
for n in $NS; do
    for row in "${ROWS[@]}"; do
        a=(-o game=nogo -o playouts=$((2 * n)))
        b=(--opponent-option game=nogo --opponent-option playouts="$n")
        for setting in ${row%|*}; do a+=(-o "$setting"); done
        for setting in ${row#*|}; do b+=(--opponent-option "$setting"); done
        "$MANGO" match --opponent mango "${b[@]}" --games "$GAMES" --size 7 --komi 0 \
            --jobs "$JOBS" --store "$STORE" "${a[@]}" --quiet
    done
done
