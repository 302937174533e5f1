# cython: language_level=3
"""The last good replies of a search (Drake 2009, "The Last-Good-Reply Policy for Monte-Carlo Go";
Baier and Drake 2010, "The Power of Forgetting"): after each simulation, every move of the winner
becomes the stored answer to the move (and to the two moves) before it, and with forgetting every
move of the loser that was the stored answer is erased. The playouts play a stored answer when it
is acceptable, so what the search learns about a local fight reaches the moves beyond the tree,
which the fixed urgencies cannot. Types and inline functions only: the table belongs to the search
(search.pyx), the playouts read it (playout.pyx)."""
from libc.stdint cimport int16_t
from libc.string cimport memset

from mango.engine.board cimport MAX_POINTS, NO_POINT

# answer[colour - 1][...] is a point, or NO_POINT for none. The keys are points (PASS and NO_POINT,
# the start of the game, are never keys): one[c][last], two[c][before_last * MAX_POINTS + last].
ctypedef struct reply_t:
    int depth                   # 1: answer the last move (LGRF-1); 2: the last two first (LGRF-2)
    bint forget                 # erase the loser's answers (LGRF); off: LGR, replies only replaced
    int16_t one[2][MAX_POINTS]
    int16_t two[2][MAX_POINTS * MAX_POINTS]


cdef inline void reply_clear(reply_t* r) noexcept nogil:
    memset(r.one, 0, sizeof(r.one))
    memset(r.two, 0, sizeof(r.two))


cdef inline int reply_to_one(const reply_t* r, int c, int last) noexcept nogil:
    """The answer stored for c to the move `last`, or NO_POINT."""
    if last <= NO_POINT:
        return NO_POINT
    return r.one[c - 1][last]


cdef inline int reply_to_two(const reply_t* r, int c, int before_last, int last) noexcept nogil:
    """The answer stored for c to the moves `before_last` then `last`, or NO_POINT (also at depth 1)."""
    if r.depth < 2 or last <= NO_POINT or before_last <= NO_POINT:
        return NO_POINT
    return r.two[c - 1][before_last * MAX_POINTS + last]


cdef inline void reply_learn(reply_t* r, const int* moves, int n, int first_mover, int winner,
                             int before_last, int last) noexcept nogil:
    """Learn from one finished simulation: `moves` (n, alternating from first_mover, passes
    included) followed the game's moves before_last and last (PASS or NO_POINT when there were
    none). Under tree parallelism threads write the table unlocked: a lost or torn answer is only
    a worse suggestion, and the playouts check every answer for legality before playing it."""
    cdef int i, m, k, c = first_mover, p2 = before_last, p1 = last
    cdef int16_t* slot
    for i in range(n):
        m = moves[i]
        if m > NO_POINT and p1 > NO_POINT:
            k = c - 1
            if c == winner:
                r.one[k][p1] = <int16_t>m
                if r.depth >= 2 and p2 > NO_POINT:
                    r.two[k][p2 * MAX_POINTS + p1] = <int16_t>m
            elif r.forget:
                if r.one[k][p1] == m:
                    r.one[k][p1] = NO_POINT
                if r.depth >= 2 and p2 > NO_POINT:
                    slot = &r.two[k][p2 * MAX_POINTS + p1]
                    if slot[0] == m:
                        slot[0] = NO_POINT
        p2 = p1
        p1 = m
        c = 3 - c
