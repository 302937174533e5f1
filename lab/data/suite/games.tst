# Life and death from Mango's own games: positions where a dragon of Mango's or its
# opponent's was critical (GNU Go's owl reading: whoever moves decides it, no ko) and
# Mango's move neither saved nor killed it. Made by scripts/suite_from_games.py; the
# expected moves are every move owl says saves (or kills) the dragon, and GNU Go's own
# choice (level 10) is one of them. A `*` marks a test Mango failed when the suite was
# made (--mark-playouts, 10,000 by default).

# defaults-gnugo9.jsonl game 45 (B+R), move 52: white to save the 6-stone dragon at C3;
# Mango played B9.
loadsgf games/f62f8ab9-0045.sgf 52
101 reg_genmove white
#? [A4]

# defaults-gnugo9.jsonl game 93 (B+R), move 42: white to save the 5-stone dragon at B4 and save the 6-stone dragon at E3;
# Mango played C1.
loadsgf games/f62f8ab9-0093.sgf 42
102 reg_genmove white
#? [D3|F4]*

# defaults-gnugo9.jsonl game 98 (W+R), move 69: black to kill the 3-stone dragon at E7;
# Mango played A3.
loadsgf games/f62f8ab9-0098.sgf 69
103 reg_genmove black
#? [E5]*

# defaults-gnugo9.jsonl game 120 (W+R), move 55: black to kill the 9-stone dragon at H6;
# Mango played J7.
loadsgf games/f62f8ab9-0120.sgf 55
104 reg_genmove black
#? [F1|H1]*

# defaults-gnugo13.jsonl game 5 (B+R), move 76: white to kill the 9-stone dragon at D9;
# Mango played J12.
loadsgf games/02de028a-0005.sgf 76
105 reg_genmove white
#? [C6]*

# defaults-gnugo13.jsonl game 5 (B+R), move 80: white to kill the 5-stone dragon at J8;
# Mango played H3.
loadsgf games/02de028a-0005.sgf 80
106 reg_genmove white
#? [G5]*

# defaults-gnugo13.jsonl game 13 (B+R), move 96: white to save the 6-stone dragon at F4;
# Mango played K3.
loadsgf games/02de028a-0013.sgf 96
107 reg_genmove white
#? [H6|G7|H7]*

# defaults-gnugo13.jsonl game 16 (W+R), move 101: black to kill the 3-stone dragon at L7;
# Mango played D3.
loadsgf games/02de028a-0016.sgf 101
108 reg_genmove black
#? [M5]*

# defaults-gnugo13.jsonl game 20 (W+R), move 79: black to save the 3-stone dragon at L10;
# Mango played B4.
loadsgf games/02de028a-0020.sgf 79
109 reg_genmove black
#? [N6|N7|M8]*

# defaults-gnugo13.jsonl game 20 (W+R), move 95: black to kill the 3-stone dragon at G8;
# Mango played H4.
loadsgf games/02de028a-0020.sgf 95
110 reg_genmove black
#? [F6|E7]*

# defaults-gnugo13.jsonl game 23 (B+R), move 24: white to kill the 6-stone dragon at D10;
# Mango played B8.
loadsgf games/02de028a-0023.sgf 24
111 reg_genmove white
#? [B9|B11|B12|C12]*

# defaults-gnugo13.jsonl game 34 (W+R), move 111: black to kill the 3-stone dragon at L7;
# Mango played G12.
loadsgf games/02de028a-0034.sgf 111
112 reg_genmove black
#? [K5|L5]*

# defaults-gnugo13.jsonl game 41 (B+R), move 52: white to kill the 8-stone dragon at G10;
# Mango played G7.
loadsgf games/02de028a-0041.sgf 52
113 reg_genmove white
#? [B6|A8]*

# defaults-gnugo13.jsonl game 41 (B+R), move 122: white to save the 4-stone dragon at K4;
# Mango played N4.
loadsgf games/02de028a-0041.sgf 122
114 reg_genmove white
#? [J4|J5|K5]*

# defaults-gnugo13.jsonl game 41 (B+R), move 154: white to save the 14-stone dragon at A13;
# Mango played A4.
loadsgf games/02de028a-0041.sgf 154
115 reg_genmove white
#? [H11]*

# defaults-gnugo13.jsonl game 55 (B+R), move 52: white to kill the 9-stone dragon at J12;
# Mango played G11.
loadsgf games/02de028a-0055.sgf 52
116 reg_genmove white
#? [F11|H12|F13|J13]

# defaults-gnugo13.jsonl game 55 (B+R), move 100: white to kill the 8-stone dragon at G4;
# Mango played K5.
loadsgf games/02de028a-0055.sgf 100
117 reg_genmove white
#? [H1]*

# defaults-gnugo13.jsonl game 58 (W+R), move 143: black to save the 3-stone dragon at J12;
# Mango played J8.
loadsgf games/02de028a-0058.sgf 143
118 reg_genmove black
#? [J9]

# defaults-gnugo13.jsonl game 58 (W+R), move 155: black to save the 42-stone dragon at F12;
# Mango played M7.
loadsgf games/02de028a-0058.sgf 155
119 reg_genmove black
#? [E1|A4|N4]*

# defaults-gnugo13.jsonl game 58 (W+R), move 157: black to save the 3-stone dragon at C13;
# Mango played L12.
loadsgf games/02de028a-0058.sgf 157
120 reg_genmove black
#? [E12|G13]*

# tactics-pachi9.jsonl game 0 (W+R), move 23: black to save the 3-stone dragon at D3;
# Mango played G4.
loadsgf games/e4448fdb-0000.sgf 23
121 reg_genmove black
#? [B2|F2|B3]*

# tactics-pachi9.jsonl game 1 (B+R), move 32: white to kill the 5-stone dragon at H9;
# Mango played H8.
loadsgf games/e4448fdb-0001.sgf 32
122 reg_genmove white
#? [E8]*

# tactics-pachi9.jsonl game 2 (W+R), move 17: black to kill the 3-stone dragon at G6;
# Mango played D4.
loadsgf games/e4448fdb-0002.sgf 17
123 reg_genmove black
#? [G2|H2|H3|H5]*

# tactics-pachi9.jsonl game 3 (B+R), move 40: white to save the 7-stone dragon at B5;
# Mango played H7.
loadsgf games/e4448fdb-0003.sgf 40
124 reg_genmove white
#? [A7|D8|B9]

# tactics-pachi9.jsonl game 7 (B+R), move 50: white to save the 10-stone dragon at D7;
# Mango played A8.
loadsgf games/e4448fdb-0007.sgf 50
125 reg_genmove white
#? [G5|G8]*

# tactics-pachi9.jsonl game 10 (W+R), move 29: black to kill the 4-stone dragon at D4;
# Mango played A5.
loadsgf games/e4448fdb-0010.sgf 29
126 reg_genmove black
#? [C2|A4|A7]*

# tactics-pachi9.jsonl game 11 (B+R), move 46: white to save the 9-stone dragon at D7;
# Mango played E5.
loadsgf games/e4448fdb-0011.sgf 46
127 reg_genmove white
#? [C1|H2|G4|C6]*

# tactics-pachi9.jsonl game 12 (W+R), move 21: black to kill the 7-stone dragon at E6;
# Mango played B4.
loadsgf games/e4448fdb-0012.sgf 21
128 reg_genmove black
#? [C2]*

# tactics-pachi9.jsonl game 20 (W+R), move 29: black to save the 3-stone dragon at B7;
# Mango played A7.
loadsgf games/e4448fdb-0020.sgf 29
129 reg_genmove black
#? [D9]*

# tactics-pachi9.jsonl game 21 (B+R), move 24: white to kill the 3-stone dragon at D4;
# Mango played E2.
loadsgf games/e4448fdb-0021.sgf 24
130 reg_genmove white
#? [D2]

# tactics-pachi9.jsonl game 23 (B+R), move 36: white to kill the 6-stone dragon at F8;
# Mango played C7.
loadsgf games/e4448fdb-0023.sgf 36
131 reg_genmove white
#? [C8|D8]

# tactics-pachi9.jsonl game 23 (B+R), move 42: white to save the 3-stone dragon at G6 and save the 4-stone dragon at E5;
# Mango played G3.
loadsgf games/e4448fdb-0023.sgf 42
132 reg_genmove white
#? [G4]

# tactics-pachi9.jsonl game 27 (B+R), move 22: white to save the 3-stone dragon at G5;
# Mango played E3.
loadsgf games/e4448fdb-0027.sgf 22
133 reg_genmove white
#? [C2|J2|H3]*

# tactics-pachi9.jsonl game 29 (B+R), move 32: white to save the 3-stone dragon at B1;
# Mango played H7.
loadsgf games/e4448fdb-0029.sgf 32
134 reg_genmove white
#? [F1|F2]*

# tactics-pachi9.jsonl game 38 (W+R), move 19: black to kill the 4-stone dragon at C4;
# Mango played B3.
loadsgf games/e4448fdb-0038.sgf 19
135 reg_genmove black
#? [C2]*

# tactics-pachi9.jsonl game 39 (B+R), move 42: white to save the 7-stone dragon at C5;
# Mango played C1.
loadsgf games/e4448fdb-0039.sgf 42
136 reg_genmove white
#? [B2|A7]*

# tactics-pachi9.jsonl game 41 (B+R), move 22: white to kill the 3-stone dragon at B8;
# Mango played E3.
loadsgf games/e4448fdb-0041.sgf 22
137 reg_genmove white
#? [B5|B6]*

# tactics-pachi9.jsonl game 41 (B+R), move 36: white to save the 3-stone dragon at B7;
# Mango played H8.
loadsgf games/e4448fdb-0041.sgf 36
138 reg_genmove white
#? [C5|A8]

# tactics-pachi9.jsonl game 44 (W+R), move 7: black to kill the 3-stone dragon at E4;
# Mango played D5.
loadsgf games/e4448fdb-0044.sgf 7
139 reg_genmove black
#? [H4|G5]*

# tactics-pachi9.jsonl game 45 (B+R), move 24: white to kill the 3-stone dragon at F8;
# Mango played F3.
loadsgf games/e4448fdb-0045.sgf 24
140 reg_genmove white
#? [E7|E8|F9]*

# tactics-pachi9.jsonl game 45 (B+R), move 46: white to save the 6-stone dragon at G9;
# Mango played C3.
loadsgf games/e4448fdb-0045.sgf 46
141 reg_genmove white
#? [J3|E7|E8|E9]*

# tactics-pachi9.jsonl game 45 (B+R), move 48: white to kill the 7-stone dragon at C6;
# Mango played D2.
loadsgf games/e4448fdb-0045.sgf 48
142 reg_genmove white
#? [B3]*

# tactics-pachi9.jsonl game 48 (W+R), move 21: black to kill the 4-stone dragon at C6;
# Mango played C7.
loadsgf games/e4448fdb-0048.sgf 21
143 reg_genmove black
#? [B4|B5]

# tactics-pachi9.jsonl game 48 (W+R), move 33: black to save the 4-stone dragon at E6;
# Mango played H6.
loadsgf games/e4448fdb-0048.sgf 33
144 reg_genmove black
#? [G5]*

# tactics-pachi9.jsonl game 50 (W+R), move 21: black to save the 3-stone dragon at F4;
# Mango played G7.
loadsgf games/e4448fdb-0050.sgf 21
145 reg_genmove black
#? [D2|E2|C3|H6]

# tactics-pachi9.jsonl game 53 (B+R), move 32: white to save the 5-stone dragon at G3;
# Mango played G5.
loadsgf games/e4448fdb-0053.sgf 32
146 reg_genmove white
#? [H4]*

# tactics-pachi9.jsonl game 59 (B+R), move 20: white to save the 3-stone dragon at E4;
# Mango played G5.
loadsgf games/e4448fdb-0059.sgf 20
147 reg_genmove white
#? [C2|G2]*

# tactics-pachi9.jsonl game 59 (B+R), move 28: white to save the 3-stone dragon at D7;
# Mango played F2.
loadsgf games/e4448fdb-0059.sgf 28
148 reg_genmove white
#? [B6|F8|D9|E9]*

# tactics-pachi9.jsonl game 60 (W+R), move 25: black to kill the 3-stone dragon at G7;
# Mango played G8.
loadsgf games/e4448fdb-0060.sgf 25
149 reg_genmove black
#? [F8]

# tactics-pachi9.jsonl game 61 (B+R), move 32: white to kill the 6-stone dragon at C6;
# Mango played E2.
loadsgf games/e4448fdb-0061.sgf 32
150 reg_genmove white
#? [B2|B3]*

# tactics-pachi9.jsonl game 67 (B+R), move 22: white to save the 3-stone dragon at E7;
# Mango played E8.
loadsgf games/e4448fdb-0067.sgf 22
151 reg_genmove white
#? [G8]

# tactics-pachi9.jsonl game 69 (B+R), move 16: white to kill the 4-stone dragon at F5;
# Mango played D6.
loadsgf games/e4448fdb-0069.sgf 16
152 reg_genmove white
#? [G2|F3]

# tactics-pachi9.jsonl game 75 (B+R), move 22: white to save the 3-stone dragon at D4;
# Mango played H5.
loadsgf games/e4448fdb-0075.sgf 22
153 reg_genmove white
#? [E2|G3|H4]*

# tactics-pachi9.jsonl game 75 (B+R), move 38: white to kill the 7-stone dragon at B6;
# Mango played A4.
loadsgf games/e4448fdb-0075.sgf 38
154 reg_genmove white
#? [B1]*

# tactics-pachi9.jsonl game 82 (W+R), move 33: black to save the 7-stone dragon at C5;
# Mango played F4.
loadsgf games/e4448fdb-0082.sgf 33
155 reg_genmove black
#? [A5|F5|G5]*

# tactics-pachi9.jsonl game 83 (B+R), move 28: white to save the 4-stone dragon at G8;
# Mango played B7.
loadsgf games/e4448fdb-0083.sgf 28
156 reg_genmove white
#? [H8]*

# tactics-pachi9.jsonl game 84 (W+R), move 43: black to save the 11-stone dragon at H7;
# Mango played C2.
loadsgf games/e4448fdb-0084.sgf 43
157 reg_genmove black
#? [B3|G4|H5|A8]*

# tactics-pachi9.jsonl game 86 (W+R), move 25: black to save the 4-stone dragon at G7;
# Mango played G8.
loadsgf games/e4448fdb-0086.sgf 25
158 reg_genmove black
#? [H5]

# tactics-pachi9.jsonl game 88 (W+R), move 29: black to save the 4-stone dragon at F5;
# Mango played B4.
loadsgf games/e4448fdb-0088.sgf 29
159 reg_genmove black
#? [C2|H3|D5]*

# tactics-pachi9.jsonl game 90 (W+R), move 51: black to kill the 5-stone dragon at C7;
# Mango played A8.
loadsgf games/e4448fdb-0090.sgf 51
160 reg_genmove black
#? [A4]*

# tactics-pachi9.jsonl game 90 (W+R), move 53: black to save the 6-stone dragon at A8;
# Mango played A4.
loadsgf games/e4448fdb-0090.sgf 53
161 reg_genmove black
#? [A3|B3|D5|D6]*

# tactics-pachi9.jsonl game 90 (W+R), move 59: black to save the 14-stone dragon at D7;
# Mango played A7.
loadsgf games/e4448fdb-0090.sgf 59
162 reg_genmove black
#? [B1|C1|D1|C2]*

# tactics-pachi9.jsonl game 94 (W+R), move 23: black to kill the 7-stone dragon at F8;
# Mango played C5.
loadsgf games/e4448fdb-0094.sgf 23
163 reg_genmove black
#? [H7]*
