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
from libc.stdint cimport int64_t, uint64_t

from mango.engine.board cimport (BLACK, EMPTY, MAX_POINTS, NO_POINT, WHITE, Board, board_copy,
                                 board_in_atari, board_play, board_t)
from mango.engine.playout cimport rng_below, rng_seed, rng_t


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


cdef int nogo_playout(board_t* b, rng_t* rng, bint naive, int* record,
                      int* n_record) noexcept nogil:
    """A playout from b, its side to move first; returns the winner. Uniformly drawn legal moves
    until a side has none (the last mover wins); or, naive, the study's naive playouts in its
    form of NoGo, where a capture or a suicide is a move that loses: each move drawn among all
    empty points, a drawn point that captures or leaves no liberty losing for its player.
    (Playing only the legal moves is then exactly the study's removal of "all moves which lead
    to an immediate loss", its section 3.3.) The moves go to record (room for the board's
    points: each fills one) when it is not NULL."""
    cdef int c = b.to_move, p
    n_record[0] = 0
    while True:
        if not naive:
            p = nogo_random_move(b, rng, c)
        elif b.n_empty == 0:
            p = NO_POINT
        else:
            p = b.empty[rng_below(rng, b.n_empty)]
            if not nogo_is_legal(b, p, c):
                p = NO_POINT
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


def play_playout(Board board, uint64_t seed=1, bint naive=False):
    """Play a light NoGo playout on board in place, its side to move first; (moves, winner).
    naive: the study's naive playout (a drawn capture or suicide loses; see nogo_playout)."""
    cdef rng_t rng
    cdef int n = 0, winner
    cdef int record[MAX_POINTS]
    rng_seed(&rng, seed)
    with nogil:
        winner = nogo_playout(&board.b, &rng, naive, record, &n)
    return [record[i] for i in range(n)], winner


def run_playouts(Board start, int playouts, uint64_t seed=1):
    """`playouts` light NoGo playouts from start (unchanged), its side to move first: how often
    each side wins and the moves they take, in one call into C."""
    if playouts < 0:
        raise ValueError("playouts must be >= 0")
    cdef rng_t rng
    cdef board_t work
    cdef int i, n, winner
    cdef int64_t black_wins = 0, moves = 0
    rng_seed(&rng, seed)
    with nogil:
        for i in range(playouts):
            board_copy(&work, &start.b)
            winner = nogo_playout(&work, &rng, False, NULL, &n)
            moves += n
            if winner == BLACK:
                black_wins += 1
    return {"black_wins": black_wins, "white_wins": playouts - black_wins, "moves": moves}
