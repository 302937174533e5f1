# cython: language_level=3
# Shared tactics: liberties and ladders, read by the playouts, the tree's knowledge and the move
# predictor's features.
from mango.engine.board cimport board_t

cdef enum:
    LADDER_MAX_STEPS = 40       # ataris read deep at most
    LADDER_BOARDS = 41          # LADDER_MAX_STEPS + 1 scratch boards
    LADDER_BUDGET = 80          # ataris read at most per question

cdef int libs_after_move(const board_t* b, int p, int c, int* size_after) noexcept nogil
cdef int group_liberties(const board_t* b, int g, int* out, int most) noexcept nogil
cdef bint group_touches_atari(const board_t* b, int g, int att) noexcept nogil
cdef int ladder_capture(const board_t* b, int gp, int att, board_t* scratch) noexcept nogil
cdef int ladder_read(board_t* scratch, int gp, int att) noexcept nogil
cdef bint save_is_laddered(const board_t* b, int point, int c, board_t* scratch) noexcept nogil


cdef inline int group_liberties_to_three(const board_t* b, int g, int* out) noexcept nogil:
    """group_liberties(b, g, out, 3) for the callers that read `out` only below three: a group of
    more than eight pseudo-liberties has three liberties or more (a liberty is counted once for
    each of its at most four stones), known without walking the group's stones."""
    if b.group_libs[g] > 8:
        return 3
    return group_liberties(b, g, out, 3)
