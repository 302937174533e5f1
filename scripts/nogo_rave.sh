#!/usr/bin/env bash
# The NoGo study's section 3.1 on 7x7 NoGo (docs/results/nogo31-paper.toml): Mango's NoGo search
# with RAVE against the same without it, at 50 to 64,000 simulations a move, both with the UCT
# constant C (uct_c, 0.4 by default: the study's 3.4 found C > 0 better for NoGo, 0.4 among the
# best at 200 and 2,000 simulations); GAMES games a cell (the paper: about 400-2,400), JOBS (2) at
# a time, no openings (NoGo has no shipped set; colours alternate). Resumable: run it again.
#   MANGO=mango STORE=docs/results/nogo31-nogo7.jsonl GAMES=200 scripts/nogo_rave.sh
#   mango report docs/results/nogo31-nogo7.jsonl --reference docs/results/nogo31-paper.toml
set -euo pipefail
cd "$(dirname "$0")/.."
MANGO=${MANGO:-mango}
STORE=${STORE:-docs/results/nogo31-nogo7.jsonl}
GAMES=${GAMES:-200}
JOBS=${JOBS:-2}
UCT_C=${UCT_C:-0.4}
PLAYOUTS=${PLAYOUTS:-50 500 1000 2000 4000 8000 16000 64000}
for playouts in $PLAYOUTS; do
    "$MANGO" match --opponent mango --opponent-option game=nogo --opponent-option rave=off \
        --opponent-option uct_c="$UCT_C" --games "$GAMES" --size 7 --komi 0 --playouts "$playouts" \
        --jobs "$JOBS" --store "$STORE" -o game=nogo -o uct_c="$UCT_C" --quiet
done
