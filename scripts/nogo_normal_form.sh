#!/usr/bin/env bash
# The NoGo study's section 3.5 on 7x7 NoGo (docs/results/nogo35-paper.toml): playouts by the
# generic normal-form heuristic (each move the legal move that takes most legal moves from the
# opponent less those it takes from its player, a - b: nogo_playout=ab) against the naive case,
# from 10 to 640 simulations a move; then the full a - b - a' + b' (abab), which the paper
# describes but does not measure. "The naive case" is read as the study's naive playouts
# (nogo_playout=naive, as in its section 3.3); BASELINE=random plays them against Mango's default
# playouts among the legal moves instead. Both sides uct_c 0.4 (see nogo_rave.sh); GAMES games a
# cell, JOBS (2) at a time. Resumable: run it again.
#   MANGO=mango STORE=docs/results/nogo35-nogo7.jsonl GAMES=200 scripts/nogo_normal_form.sh
#   mango report docs/results/nogo35-nogo7.jsonl --reference docs/results/nogo35-paper.toml
set -euo pipefail
cd "$(dirname "$0")/.."
MANGO=${MANGO:-mango}
STORE=${STORE:-docs/results/nogo35-nogo7.jsonl}
GAMES=${GAMES:-200}
JOBS=${JOBS:-2}
UCT_C=${UCT_C:-0.4}
BASELINE=${BASELINE:-naive}
KINDS=${KINDS:-ab abab}
PLAYOUTS=${PLAYOUTS:-10 20 40 80 160 320 640}
for kind in $KINDS; do
    for playouts in $PLAYOUTS; do
        "$MANGO" match --opponent mango --opponent-option game=nogo \
            --opponent-option nogo_playout="$BASELINE" --opponent-option uct_c="$UCT_C" \
            --games "$GAMES" --size 7 --komi 0 --playouts "$playouts" --jobs "$JOBS" \
            --store "$STORE" -o game=nogo -o nogo_playout="$kind" -o uct_c="$UCT_C" --quiet
    done
done
