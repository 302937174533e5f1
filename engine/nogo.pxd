# cython: language_level=3
# NoGo's rules on the Go board (engine/nogo.pyx), for the search.
from mango.engine.board cimport board_t
from mango.engine.playout cimport rng_t

cdef enum:
    # NoGo's playouts (the nogo_playout setting; the NoGo study's sections 3.3 and 3.5)
    NOGO_RANDOM = 0     # uniform among the legal moves
    NOGO_NAIVE = 1      # uniform among the empty points, a capture or suicide losing
    NOGO_AB = 2         # the most a - b: legal moves taken from the opponent minus from oneself
    NOGO_ABAB = 3       # the most a - b - a' + b': the same, less what the opponent's move there does
    NOGO_GO = 4         # Go's playouts: the 3x3 pattern values, near the last move 20 times
    NOGO_COIN = 5       # no playout: the winner drawn with probability one half (the search's)

cdef bint nogo_is_legal(const board_t* b, int p, int c) noexcept nogil
cdef int nogo_random_move(const board_t* b, rng_t* rng, int c) noexcept nogil
cdef int nogo_playout(board_t* b, rng_t* rng, int kind, int* record,
                      int* n_record) noexcept nogil
