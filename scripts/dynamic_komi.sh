#!/usr/bin/env bash
# Issue 31's handicap matches: Mango against GNU Go level 10 with HANDICAP (3) stones on SIZE (13),
# komi 0.5, side A taking the stones in even games and giving them in odd ones, once for each
# dynamic komi schedule in KINDS (off, linear, situational) with the same seeds game by game, so
# that `mango report` compares the schedules on the same games (its paired table). GAMES games a
# schedule (200: 100 giving and 100 taking the stones), PLAYOUTS (5,000) a move, JOBS (2) at a
# time; OPTIONS (none) adds settings to every schedule's side A, e.g. OPTIONS="-o
# dynamic_komi_stone=3"; SIDE (both) "give" has side A give the stones in every game, "take" take
# them (a schedule's question is one colour's: twice its games for the same time). Resumable: run
# it again. Installs from before 23dfd12 count handicap games as the stones stand: count them
# again with scripts/recount_store.py --handicap-only.
#   MANGO=mango STORE=docs/results/dynkomi-gnugo13.jsonl scripts/dynamic_komi.sh
#   mango report docs/results/dynkomi-gnugo13.jsonl
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/games"
MANGO=${MANGO:-mango}
STORE=${STORE:-docs/results/dynkomi-gnugo13.jsonl}
SIZE=${SIZE:-13}
HANDICAP=${HANDICAP:-3}
GAMES=${GAMES:-200}
PLAYOUTS=${PLAYOUTS:-5000}
JOBS=${JOBS:-2}
KINDS=${KINDS:-off linear situational}
SIDE=${SIDE:-both}
read -r -a OPTIONS <<< "${OPTIONS:-}"
for kind in $KINDS; do
    "$MANGO" match --opponent gnugo --games "$GAMES" --size "$SIZE" --komi 0.5 \
        --handicap "$HANDICAP" --handicap-side "$SIDE" --playouts "$PLAYOUTS" --jobs "$JOBS" \
        --store "$STORE" \
        -o dynamic_komi="$kind" ${OPTIONS[@]+"${OPTIONS[@]}"} --quiet
done
