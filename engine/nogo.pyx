# cython: language_level=3
"""NoGo on the Go board: Go's stones, groups and liberties, Black first, but a move that captures
or leaves its own group without liberties is illegal, and the side to move with no legal move
loses (no pass, no komi, no score). The NoGo study (seeds: Chou, Teytaud and Yen) plays 7x7; the
Computer Olympiad plays 9x9.

Legality is read from the board's own group records in O(1) (board_in_atari): a move captures
exactly when it fills the last liberty of an opponent group beside it, and it breathes when it
touches an empty point or an own group with another liberty. A legal NoGo move never captures,
so board_play plays it (no ko can arise).
"""
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memset

from mango.engine.board cimport (BLACK, EMPTY, MAX_POINTS, NO_POINT, WHITE, Board, board_copy,
                                 board_in_atari, board_play, board_t)
from mango.engine.pattern3 cimport pattern_code, pattern_values_for
from mango.engine.playout cimport rng_below, rng_next, rng_seed, rng_t

PLAYOUTS = {"random": NOGO_RANDOM, "naive": NOGO_NAIVE, "ab": NOGO_AB, "abab": NOGO_ABAB,
            "go": NOGO_GO}
KINDS = {**PLAYOUTS, "coin": NOGO_COIN}     # the nogo_playout setting's values: the search's


cdef bint nogo_is_legal(const board_t* b, int p, int c) noexcept nogil:
    """c may play the empty point p: it captures nothing and its group keeps a liberty."""
    cdef int w = b.width, i, q, col
    cdef int* d = [-w, -1, 1, w]
    cdef bint breathes = False
    if b.colour[p] != EMPTY:
        return False
    for i in range(4):
        q = p + d[i]
        col = b.colour[q]
        if col == EMPTY:
            breathes = True
        elif col == c:
            if not board_in_atari(b, b.group[q]):
                breathes = True         # its other liberty stays
        elif col == 3 - c and board_in_atari(b, b.group[q]):
            return False                # p is that group's last liberty: a capture
    return breathes


cdef int nogo_random_move(const board_t* b, rng_t* rng, int c) noexcept nogil:
    """A legal move of c, the first from a random start in the board's list of empty points
    (the order Fuego and Pachi draw light moves in), or NO_POINT when c has none."""
    cdef int n = b.n_empty, start, k, p
    if n == 0:
        return NO_POINT
    start = rng_below(rng, n)
    for k in range(start, n):
        p = b.empty[k]
        if nogo_is_legal(b, p, c):
            return p
    for k in range(start):
        p = b.empty[k]
        if nogo_is_legal(b, p, c):
            return p
    return NO_POINT


cdef enum:
    NOGO_GO_NEAR = 20       # Go's playouts: the last move's 8 neighbours' weight factor (Mango's x20)


cdef int _nogo_affected(const board_t* b, int p, int* out, uint8_t* mark) noexcept nogil:
    """The points whose NoGo legality a stone at p can change, p among them: its empty
    neighbours and the liberties of every group beside it (their liberty counts change, and so
    whether they are in atari). Marks them in mark (cleared by the caller); returns how many."""
    cdef int w = b.width, n = 0, i, j, q, g, s, r
    cdef int* d = [-w, -1, 1, w]
    mark[p] = 1
    out[n] = p
    n += 1
    for i in range(4):
        q = p + d[i]
        if b.colour[q] == EMPTY:
            if not mark[q]:
                mark[q] = 1
                out[n] = q
                n += 1
        elif b.colour[q] == BLACK or b.colour[q] == WHITE:
            g = b.group[q]
            s = g
            while True:
                for j in range(4):
                    r = s + d[j]
                    if b.colour[r] == EMPTY and not mark[r]:
                        mark[r] = 1
                        out[n] = r
                        n += 1
                s = b.next_stone[s]
                if s == g:
                    break
    return n


cdef void _nogo_losses(const board_t* b, board_t* after, int p, int mover, int* lost_mover,
                       int* lost_other) noexcept nogil:
    """How many legal moves mover's stone at p takes from mover and from the other side (net:
    a move it makes legal counts -1), p itself included (the NoGo study's b and a)."""
    cdef int pts[MAX_POINTS]
    cdef uint8_t mark[MAX_POINTS]
    cdef int n, i, q, other = 3 - mover
    memset(mark, 0, sizeof(mark))
    n = _nogo_affected(b, p, pts, mark)
    board_copy(after, b)
    board_play(after, p, mover)
    lost_mover[0] = 0
    lost_other[0] = 0
    for i in range(n):
        q = pts[i]
        lost_mover[0] += <int>nogo_is_legal(b, q, mover) - <int>nogo_is_legal(after, q, mover)
        lost_other[0] += <int>nogo_is_legal(b, q, other) - <int>nogo_is_legal(after, q, other)


cdef int _nogo_score(const board_t* b, board_t* after, int p, int c, bint full) noexcept nogil:
    """c's legal move p scored a - b, or with full a - b - a' + b' (nogo_ab_move)."""
    cdef int own, a, theirs, b2
    _nogo_losses(b, after, p, c, &own, &a)
    if full and nogo_is_legal(b, p, 3 - c):
        _nogo_losses(b, after, p, 3 - c, &theirs, &b2)
        return a - own - theirs + b2
    return a - own


cdef int nogo_ab_move(const board_t* b, rng_t* rng, int c, bint full) noexcept nogil:
    """The NoGo study's generic move for normal form games (its section 3.5), drawn uniformly
    among c's legal moves of the highest score: a - b, the legal moves the move takes from the
    opponent less those it takes from c; full, also - a' + b', where a' and b' are what the
    opponent's own stone there would take from the opponent and from c (0 where the opponent
    may not play). NO_POINT when c has no legal move. A board copy per candidate and side: the
    study did not make it fast either."""
    cdef board_t after
    cdef int i, p, score, best = -MAX_POINTS * 4, ties = 0, chosen = NO_POINT
    for i in range(b.n_empty):
        p = b.empty[i]
        if not nogo_is_legal(b, p, c):
            continue
        score = _nogo_score(b, &after, p, c, full)
        if score > best:
            best = score
            ties = 1
            chosen = p
        elif score == best:
            ties += 1
            if rng_below(rng, ties) == 0:
                chosen = p
    return chosen


cdef int nogo_pattern_move(const board_t* b, rng_t* rng, int c) noexcept nogil:
    """Go's playouts on NoGo (the study's section 3.3 found they hurt): Mango's urgency draw
    without its capture and save bonuses, which NoGo's rules leave nothing to do: each legal
    move weighs its 3x3 pattern's value (the playouts' table), 20 times near the last move.
    NO_POINT when c has no legal move."""
    cdef const uint16_t* values = pattern_values_for(c)
    cdef int w = b.width, i, p, m = b.last_move, n = 0, k
    cdef int points[MAX_POINTS]
    cdef uint64_t weights[MAX_POINTS]
    cdef uint64_t total = 0, weight, draw
    for i in range(b.n_empty):
        p = b.empty[i]
        if not nogo_is_legal(b, p, c):
            continue
        weight = values[pattern_code(b, p)]
        if m > 0 and p != m:
            k = p - m
            if k == -w - 1 or k == -w or k == -w + 1 or k == -1 or k == 1 or k == w - 1 \
                    or k == w or k == w + 1:
                weight *= NOGO_GO_NEAR
        points[n] = p
        weights[n] = weight
        total += weight
        n += 1
    if n == 0:
        return NO_POINT
    if total == 0:                          # a table of zeros: no preference
        return points[rng_below(rng, n)]
    draw = rng_next(rng) % total
    for i in range(n):
        if draw < weights[i]:
            return points[i]
        draw -= weights[i]
    return points[n - 1]


cdef int nogo_playout(board_t* b, rng_t* rng, int kind, int* record,
                      int* n_record) noexcept nogil:
    """A playout from b, its side to move first; returns the winner. NOGO_RANDOM: uniformly
    drawn legal moves until a side has none (the last mover wins). NOGO_NAIVE: the study's naive
    playouts in its form of NoGo, where a capture or a suicide is a move that loses: each move
    drawn among all empty points, a drawn point that captures or leaves no liberty losing for
    its player (playing only the legal moves is then exactly the study's removal of "all moves
    which lead to an immediate loss", its section 3.3). NOGO_AB and NOGO_ABAB: nogo_ab_move;
    NOGO_GO: nogo_pattern_move; any other kind plays as NOGO_RANDOM. The moves go to record
    (room for the board's points: each fills one) when it is not NULL."""
    cdef int c = b.to_move, p
    n_record[0] = 0
    while True:
        if kind == NOGO_NAIVE:
            if b.n_empty == 0:
                p = NO_POINT
            else:
                p = b.empty[rng_below(rng, b.n_empty)]
                if not nogo_is_legal(b, p, c):
                    p = NO_POINT
        elif kind == NOGO_AB or kind == NOGO_ABAB:
            p = nogo_ab_move(b, rng, c, kind == NOGO_ABAB)
        elif kind == NOGO_GO:
            p = nogo_pattern_move(b, rng, c)
        else:
            p = nogo_random_move(b, rng, c)
        if p == NO_POINT:
            return 3 - c
        board_play(b, p, c)
        if record != NULL:
            record[n_record[0]] = p
        n_record[0] += 1
        c = 3 - c


# ---- Python face ---------------------------------------------------------------------------------

def _check_colour(int colour):
    if colour != BLACK and colour != WHITE:
        raise ValueError("colour must be 1 (black) or 2 (white)")


def legal_moves(Board board, int colour):
    """The points where colour may play under NoGo's rules, in board order."""
    _check_colour(colour)
    cdef int size = board.b.size, w = board.b.width, x, y, p
    return [p for y in range(size) for x in range(size)
            for p in [(y + 1) * w + x + 1] if nogo_is_legal(&board.b, p, colour)]


def is_legal(Board board, int point, int colour):
    _check_colour(colour)
    if not board.on_board(point):
        return False
    return bool(nogo_is_legal(&board.b, point, colour))


def _playout_kind(kind):
    if kind not in PLAYOUTS:
        raise ValueError(f"a NoGo playout is one of {', '.join(PLAYOUTS)}, got {kind!r}")
    return PLAYOUTS[kind]


def play_playout(Board board, uint64_t seed=1, kind="random"):
    """Play a NoGo playout on board in place, its side to move first; (moves, winner). kind:
    "random", "naive", "ab", "abab" or "go" (nogo_playout)."""
    cdef rng_t rng
    cdef int n = 0, winner
    cdef int record[MAX_POINTS]
    cdef int k = _playout_kind(kind)
    rng_seed(&rng, seed)
    with nogil:
        winner = nogo_playout(&board.b, &rng, k, record, &n)
    return [record[i] for i in range(n)], winner


def run_playouts(Board start, int playouts, uint64_t seed=1, kind="random"):
    """`playouts` NoGo playouts from start (unchanged), its side to move first: how often each
    side wins and the moves they take, in one call into C."""
    if playouts < 0:
        raise ValueError("playouts must be >= 0")
    cdef int k = _playout_kind(kind)
    cdef rng_t rng
    cdef board_t work
    cdef int i, n, winner
    cdef int64_t black_wins = 0, moves = 0
    rng_seed(&rng, seed)
    with nogil:
        for i in range(playouts):
            board_copy(&work, &start.b)
            winner = nogo_playout(&work, &rng, k, NULL, &n)
            moves += n
            if winner == BLACK:
                black_wins += 1
    return {"black_wins": black_wins, "white_wins": playouts - black_wins, "moves": moves}


def move_scores(Board board, int colour, bint full=False):
    """Each legal move of colour with its score in nogo_ab_move: a - b, or with full
    a - b - a' + b' (for tests and for reading a position)."""
    _check_colour(colour)
    cdef board_t after
    return {p: _nogo_score(&board.b, &after, p, colour, full) for p in legal_moves(board, colour)}
