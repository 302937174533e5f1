#!/usr/bin/env bash
# The Mango paper's Table 1 on 9x9 (docs/results/table1-paper.toml): Mango at the paper's settings
# (UCT with C = 0.7 and T = 30; none of what came after the paper: no RAVE, no MoGo priors, no
# learned predictor) with and without progressive bias and unpruning, 100 games
# each at 20,000 playouts against GNU Go level 10, two at a time. Resumable: run it again.
#   MANGO=mango STORE=docs/results/table1-gnugo9.jsonl scripts/table1.sh
#   mango report docs/results/table1-gnugo9.jsonl --reference docs/results/table1-paper.toml
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/games"
MANGO=${MANGO:-mango}
STORE=${STORE:-docs/results/table1-gnugo9.jsonl}
GAMES=${GAMES:-100}
PAPER=(-o expand_threshold=30 -o uct_c=0.7 -o rave=false -o even=false -o pattern=false
       -o predictor_bias=false -o predictor_order=false -o predictor=false)
for switches in "false false" "true false" "false true" "true true"; do
    read -r bias unpruning <<< "$switches"
    "$MANGO" match --opponent gnugo --games "$GAMES" --size 9 --komi 7.5 --playouts 20000 \
        --openings balanced --jobs 2 --store "$STORE" "${PAPER[@]}" \
        -o progressive_bias="$bias" -o progressive_unpruning="$unpruning" --quiet
done
