#!/usr/bin/env bash
# Issue 30's equal-time measure against Pachi (no neural network, one thread each): MOVE_SECONDS a move
# for Mango (time_s) and for Pachi, paired openings, both engines seeded every game. Pachi keeps
# 2 s of `-t T` back for network lag but thinks at least 1 s (timeinfo.c: MAX_NET_LAG 2.0,
# MIN_THINK_WITH_LAG 1.0), so T = MOVE_SECONDS + 2 (`-t 4` thinks 2.0 s a move), and 1 s a move is
# `-t 2` (`-t 3` thinks 1.0 s too; 2 keeps the stores of 1 s matches resumable, since the
# opponent's command is part of a match's key). Less than 1 s a move Pachi cannot be held to.
# With TIME_CONTROL (mango match's --time-control: "600" is 10 minutes sudden death) both sides
# get the same real clock instead, through GTP's time_settings, and each manages its own time
# (Pachi with no -t; it keeps its lag reserve out of every move, so it may leave time unused).
# Extra Mango settings go in OPTIONS ("-o key=value ..."). Resumable: run it again.
#   SIZE=13 MOVE_SECONDS=1 GAMES=100 STORE=time1s-pachi13.jsonl scripts/pachi_equal_time.sh
#   SIZE=19 MOVE_SECONDS=2 GAMES=40 STORE=time2s-pachi19.jsonl scripts/pachi_equal_time.sh
#   SIZE=19 TIME_CONTROL=600 GAMES=40 STORE=sd600-pachi19.jsonl scripts/pachi_equal_time.sh
#   mango report STORE
set -euo pipefail
MANGO=${MANGO:-mango}
PACHI=${PACHI:-/opt/pachi/pachi.sh}
SIZE=${SIZE:-9}
SECONDS_A_MOVE=${MOVE_SECONDS:-1}
GAMES=${GAMES:-100}
JOBS=${JOBS:-1}
TIME_CONTROL=${TIME_CONTROL:-}
OPTIONS=${OPTIONS:-}
if [ -n "$TIME_CONTROL" ]; then
    STORE=${STORE:-clock${TIME_CONTROL//[:\/]/-}-pachi${SIZE}.jsonl}
    # shellcheck disable=SC2086
    exec "$MANGO" match --opponent "$PACHI threads=1 -d 0" --time-control "$TIME_CONTROL" \
        --games "$GAMES" --size "$SIZE" --komi 7.5 --openings balanced --jobs "$JOBS" \
        --store "$STORE" $OPTIONS --quiet
fi
STORE=${STORE:-time${SECONDS_A_MOVE}s-pachi${SIZE}.jsonl}
PACHI_T=$(python3 -c "
import sys
s = float('$SECONDS_A_MOVE')
if s < 1:
    sys.exit('MOVE_SECONDS must be at least 1: Pachi thinks at least 1 s a move under -t')
v = 2.0 if s == 1 else s + 2
print(int(v) if v.is_integer() else v)")
# shellcheck disable=SC2086
"$MANGO" match --opponent "$PACHI -t $PACHI_T threads=1 -d 0" --games "$GAMES" --size "$SIZE" \
    --komi 7.5 --openings balanced --jobs "$JOBS" --store "$STORE" -o time_s="$SECONDS_A_MOVE" \
    $OPTIONS --quiet
