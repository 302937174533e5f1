# Mango's own tactical suite: hand-made 9x9 textbook positions (komi 7.5, area scoring), each
# on a board where everything else is settled and the one right move decides the game.
# Run with: mango suite lab/data/suite/mango.tst [--playouts N] [--engine "gnugo --mode gtp"]
# GNU Go 3.8 (level 10) passes every test; a `*` after an expectation marks a known failure.

# Life and death: straight three in the corner; the middle point kills, and lives.
loadsgf ld-corner-straight-three.sgf
1 reg_genmove black
#? [B1]
2 reg_genmove white
#? [B1]

# Life and death: bent three in the corner; the corner point kills, and lives.
loadsgf ld-corner-bent-three.sgf
3 reg_genmove black
#? [A1]
4 reg_genmove white
#? [A1]

# Capturing race, two liberties each, none shared: the player to move takes one of the
# other's liberties (never one of its own).
loadsgf semeai-two-liberties.sgf
5 reg_genmove black
#? [F3|F1]
6 reg_genmove white
#? [A1|B1]

# Ko on the boundary: Black takes it, White connects it.
loadsgf ko-boundary.sgf
7 reg_genmove black
#? [F5]
8 reg_genmove white
#? [F5]

# Endgame: the last open boundary point is worth two points and the game.
loadsgf endgame-last-point.sgf
9 reg_genmove black
#? [E5]
10 reg_genmove white
#? [E5]

# Ladder: White's cutting stone must not reach its wall; Black's atari from the wall side
# (E5) drives it into a ladder that works towards the empty top-left (GNU Go's attack reads it);
# the atari from above lets it connect. White connects at E5.
loadsgf ladder-cutting-stone.sgf
11 reg_genmove black
#? [E5]
12 reg_genmove white
#? [E5]
