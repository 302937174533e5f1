#!/usr/bin/env bash
# The NoGo study's section 3.4 (docs/results/nogo34-paper.toml, nogo34go-paper.toml): the UCT
# constant C (uct_c) against C = 0, both sides with RAVE, at 200 and 2,000 simulations a move, on
# 7x7 NoGo (C = 0.025, 0.1, 0.4, 1.6, 6.4) and on 9x9 Go (Mango's defaults but C; C = 0.025, 0.1,
# 0.4, from the shipped balanced openings, komi 7.5). The paper found C > 0 best in NoGo (0.4-1.6)
# and C = 0 best in Go; it decides NoGo's own uct_c. GAMES games a cell, JOBS (2) at a time;
# GAMES_GO (default GAMES) for Go. Resumable: run it again.
#   MANGO=mango GAMES=200 scripts/nogo_uct.sh
#   mango report docs/results/nogo34-nogo7.jsonl --reference docs/results/nogo34-paper.toml
#   mango report docs/results/nogo34-go9.jsonl --reference docs/results/nogo34go-paper.toml
set -euo pipefail
cd "$(dirname "$0")/.."
MANGO=${MANGO:-mango}
STORE=${STORE:-docs/results/nogo34-nogo7.jsonl}
STORE_GO=${STORE_GO:-docs/results/nogo34-go9.jsonl}
GAMES=${GAMES:-200}
GAMES_GO=${GAMES_GO:-$GAMES}
JOBS=${JOBS:-2}
PLAYOUTS=${PLAYOUTS:-200 2000}
CONSTANTS=${CONSTANTS:-0.025 0.1 0.4 1.6 6.4}
CONSTANTS_GO=${CONSTANTS_GO:-0.025 0.1 0.4}
for playouts in $PLAYOUTS; do
    for c in $CONSTANTS; do
        "$MANGO" match --opponent mango --opponent-option game=nogo --opponent-option uct_c=0 \
            --games "$GAMES" --size 7 --komi 0 --playouts "$playouts" --jobs "$JOBS" \
            --store "$STORE" -o game=nogo -o uct_c="$c" --quiet
    done
done
if [ -z "${SKIP_GO:-}" ]; then
    for playouts in $PLAYOUTS; do
        for c in $CONSTANTS_GO; do
            "$MANGO" match --opponent mango --opponent-option uct_c=0 --games "$GAMES_GO" --size 9 \
                --komi 7.5 --playouts "$playouts" --openings balanced --jobs "$JOBS" \
                --store "$STORE_GO" -o uct_c="$c" --quiet
        done
    done
fi
