# cython: language_level=3
# NoGo's rules on the Go board (engine/nogo.pyx), for the search.
from mango.engine.board cimport board_t
from mango.engine.playout cimport rng_t

cdef bint nogo_is_legal(const board_t* b, int p, int c) noexcept nogil
cdef int nogo_random_move(const board_t* b, rng_t* rng, int c) noexcept nogil
cdef int nogo_playout(board_t* b, rng_t* rng, bint naive, int* record,
                      int* n_record) noexcept nogil
