# cython: language_level=3
"""Playout policies, run in C from a copy of a position to the end of the game.

light: uniformly random legal moves that do not fill the mover's own true eye, until two passes or
the move cap (3 x size^2), then area score.
"""
from cpython cimport array
from libc.stdint cimport uint64_t

import array

from engine.board cimport (PASS, Board, board_area_score, board_is_suicide, board_is_true_eye,
                           board_play, board_t)

POLICIES = ("light",)


cdef int playout_move_cap(const board_t* b) noexcept nogil:
    return 3 * b.size * b.size


cdef int playout_random_move(board_t* b, rng_t* rng, int c) noexcept nogil:
    """A uniformly random legal move for c that fills none of c's true eyes, or PASS.

    Rejection without replacement: a rejected point is swapped behind the candidates still in
    play, so each draw is uniform over the untried points and no point is tried twice. The swaps
    only reorder the board's empty list (its index map is kept in step)."""
    cdef int n = b.n_empty, i, p, q
    while n > 0:
        i = rng_below(rng, n)
        p = b.empty[i]
        # The points come from the empty list, so only ko and suicide can make them illegal.
        # Own true eyes are the common rejection late in a playout: test them first, it is cheaper.
        if (not board_is_true_eye(b, p, c) and not (p == b.ko_point and c == b.ko_colour)
                and not board_is_suicide(b, p, c)):
            return p
        n -= 1
        q = b.empty[n]
        b.empty[i] = q
        b.empty_index[q] = i
        b.empty[n] = p
        b.empty_index[p] = n
    return PASS


cdef int playout_light(board_t* b, rng_t* rng, int max_moves, int* record) noexcept nogil:
    """Play the light policy on b to the end; returns the number of moves played (b holds the
    final position, score it with board_area_score). `record`, when not NULL, receives the
    moves (room for max_moves)."""
    cdef int moves = 0, p
    cdef int c = b.to_move
    while b.passes < 2 and moves < max_moves:
        p = playout_random_move(b, rng, c)
        if record != NULL:
            record[moves] = p
        board_play(b, p, c)
        c = 3 - c
        moves += 1
    return moves


def run_playouts(Board start, int playouts, double komi=7.5, uint64_t seed=1, str policy="light"):
    """Run `playouts` playouts from `start` (unchanged) in one call into C.

    Returns a dict: playouts, black_wins, white_wins, draws, moves (total), score_sum (black area
    minus white area, without komi, summed). With the same seed the result is the same.
    """
    if playouts < 0:
        raise ValueError("playouts must be >= 0")
    if policy not in POLICIES:
        raise ValueError(f"unknown playout policy {policy!r}; choose from {', '.join(POLICIES)}")
    cdef board_t work
    cdef rng_t rng
    cdef long long moves = 0, score_sum = 0
    cdef int black_wins = 0, white_wins = 0, draws = 0, i, cap = playout_move_cap(&start.b)
    cdef double result
    rng_seed(&rng, seed)
    with nogil:
        for i in range(playouts):
            work = start.b
            moves += playout_light(&work, &rng, cap, NULL)
            result = board_area_score(&work)
            score_sum += <long long>result
            result -= komi
            if result > 0:
                black_wins += 1
            elif result < 0:
                white_wins += 1
            else:
                draws += 1
    return {
        "playouts": playouts,
        "black_wins": black_wins,
        "white_wins": white_wins,
        "draws": draws,
        "moves": moves,
        "score_sum": score_sum,
    }


def play_light_playout(Board board, uint64_t seed=1):
    """Play one light playout on `board` in place and return its moves (points, PASS = -1), so
    tests can replay them on a reference board."""
    cdef rng_t rng
    cdef int cap = playout_move_cap(&board.b)
    cdef int[::1] record = array.array("i", [0]) * cap
    cdef int n
    rng_seed(&rng, seed)
    n = playout_light(&board.b, &rng, cap, &record[0])
    return list(record[:n])
