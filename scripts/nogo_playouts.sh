#!/usr/bin/env bash
# The NoGo study's section 3.3 on 7x7 NoGo (docs/results/nogo33-paper.toml): playouts among the
# legal moves ("random", the study's removal of the moves that lead to an immediate loss) against
# its naive playouts ("naive": a drawn capture or suicide loses), from 100 to 100,000 simulations
# a move; then random playouts against the coin toss at 2,000; then Go's playouts
# (nogo_playout=go) against the naive ones at 200, 2,000 and 20,000 (GO_PLAYOUTS). Both sides uct_c 0.4 (see
# nogo_rave.sh); GAMES games a cell, JOBS (2) at a time. Resumable: run it again.
#   MANGO=mango STORE=docs/results/nogo33-nogo7.jsonl GAMES=200 scripts/nogo_playouts.sh
#   mango report docs/results/nogo33-nogo7.jsonl --reference docs/results/nogo33-paper.toml
set -euo pipefail
cd "$(dirname "$0")/.."
MANGO=${MANGO:-mango}
STORE=${STORE:-docs/results/nogo33-nogo7.jsonl}
GAMES=${GAMES:-200}
JOBS=${JOBS:-2}
UCT_C=${UCT_C:-0.4}
PLAYOUTS=${PLAYOUTS:-100 300 1000 3000 10000 30000 100000}
GO_PLAYOUTS=${GO_PLAYOUTS:-200 2000 20000}
for playouts in $PLAYOUTS; do
    "$MANGO" match --opponent mango --opponent-option game=nogo --opponent-option nogo_playout=naive \
        --opponent-option uct_c="$UCT_C" --games "$GAMES" --size 7 --komi 0 --playouts "$playouts" \
        --jobs "$JOBS" --store "$STORE" -o game=nogo -o uct_c="$UCT_C" --quiet
done
"$MANGO" match --opponent mango --opponent-option game=nogo --opponent-option nogo_playout=coin \
    --opponent-option uct_c="$UCT_C" --games "$GAMES" --size 7 --komi 0 --playouts 2000 \
    --jobs "$JOBS" --store "$STORE" -o game=nogo -o uct_c="$UCT_C" --quiet
for playouts in $GO_PLAYOUTS; do
    "$MANGO" match --opponent mango --opponent-option game=nogo --opponent-option nogo_playout=naive \
        --opponent-option uct_c="$UCT_C" --games "$GAMES" --size 7 --komi 0 --playouts "$playouts" \
        --jobs "$JOBS" --store "$STORE" -o game=nogo -o nogo_playout=go -o uct_c="$UCT_C" --quiet
done
