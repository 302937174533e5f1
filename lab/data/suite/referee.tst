# Blunders from Mango's games lost to Pachi: positions where one of Mango's moves lost
# at least --min-drop of the referee's win rate (Pachi at 5,000 playouts a move). Made by
# scripts/referee_drops.py --suite: the answers are every move after which the referee,
# searching from the other side, leaves the mover within 0.1 of the best such move.
# A `*` marks a test Mango failed when the suite was made (--mark-playouts).

# uol-pachi9-1s.jsonl game 2 (W+R), move 31: Mango (b) played G7; the referee's win rate 0.58 -> 0.06
# (0.54 after its best answers, every move within 0.1 of it).
loadsgf games/4c85979a-0002.sgf 31
201 reg_genmove black
#? [A4|D8]

# uol-pachi9-1s.jsonl game 6 (W+R), move 51: Mango (b) played A7; the referee's win rate 0.57 -> 0.24
# (0.54 after its best answers, every move within 0.1 of it).
loadsgf games/4c85979a-0006.sgf 51
202 reg_genmove black
#? [D9]*

# uol-pachi9-1s.jsonl game 23 (B+R), move 52: Mango (w) played D1; the referee's win rate 0.96 -> 0.50
# (0.77 after its best answers, every move within 0.1 of it).
loadsgf games/4c85979a-0023.sgf 52
203 reg_genmove white
#? [J6]*

# time1s-pachi9.jsonl game 17 (B+R), move 48: Mango (w) played D8; the referee's win rate 0.52 -> 0.10
# (0.51 after its best answers, every move within 0.1 of it).
loadsgf games/25901e08-0017.sgf 48
204 reg_genmove white
#? [B2|J8]*

# time1s-pachi9.jsonl game 48 (W+R), move 41: Mango (b) played B5; the referee's win rate 0.55 -> 0.12
# (0.71 after its best answers, every move within 0.1 of it).
loadsgf games/25901e08-0048.sgf 41
205 reg_genmove black
#? [J1]*

# time1s-pachi9.jsonl game 59 (B+R), move 64: Mango (w) played G9; the referee's win rate 0.31 -> 0.01
# (0.32 after its best answers, every move within 0.1 of it).
# Failed when made; passes since (found 2026-11-29): the play of 809ebd5 and every later
# default answer B8 at 10,000 playouts with seeds 1-4, so its `*` is gone.
loadsgf games/25901e08-0059.sgf 64
206 reg_genmove white
#? [B8]

# time1s-pachi9.jsonl game 62 (W+R), move 39: Mango (b) played E4; the referee's win rate 0.51 -> 0.17
# (0.35 after its best answers, every move within 0.1 of it).
loadsgf games/25901e08-0062.sgf 39
207 reg_genmove black
#? [D9]*

# laape-pachi9-1s.jsonl game 29 (B+R), move 44: Mango (w) played H1; the referee's win rate 0.96 -> 0.02
# (0.16 after its best answers, every move within 0.1 of it).
loadsgf games/4c6404d9-0029.sgf 44
208 reg_genmove white
#? [B3|B5]*

# lgrf-time1s-pachi13.jsonl game 11 (B+R), move 82: Mango (w) played N10; the referee's win rate 0.37 -> 0.05
# (0.33 after its best answers, every move within 0.1 of it).
loadsgf games/0c66bea1-0011.sgf 82
209 reg_genmove white
#? [A10]*

# lgrf-time1s-pachi13.jsonl game 13 (B+R), move 100: Mango (w) played M11; the referee's win rate 0.37 -> 0.05
# (0.30 after its best answers, every move within 0.1 of it).
loadsgf games/0c66bea1-0013.sgf 100
210 reg_genmove white
#? [D10|D9|H7]*

# lgrf-time1s-pachi13.jsonl game 30 (W+R), move 61: Mango (b) played K7; the referee's win rate 0.64 -> 0.17
# (0.65 after its best answers, every move within 0.1 of it).
loadsgf games/0c66bea1-0030.sgf 61
211 reg_genmove black
#? [E3|G6|H6]

# lgrf-time1s-pachi13.jsonl game 66 (W+R), move 99: Mango (b) played N6; the referee's win rate 0.60 -> 0.27
# (0.53 after its best answers, every move within 0.1 of it).
loadsgf games/0c66bea1-0066.sgf 99
212 reg_genmove black
#? [N13]*

# lgrf-time1s-pachi13.jsonl game 80 (W+R), move 81: Mango (b) played E13; the referee's win rate 0.52 -> 0.17
# (0.51 after its best answers, every move within 0.1 of it).
loadsgf games/0c66bea1-0080.sgf 81
213 reg_genmove black
#? [F9|G7|J9|K9]
