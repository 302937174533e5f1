# cython: language_level=3
"""3x3 patterns: the neighbourhood of an empty point as a 20-bit code.

Bits 2k..2k+1 hold the colour of neighbour k (board colour values: 0 empty, 1 black, 2 white,
3 off board), in the order N, E, S, W, NE, SE, SW, NW; bits 16..19 say whether the group on the
N, E, S, W neighbour is in atari. A code in these absolute colours is what the board gives; the
code "for a player" swaps 1 and 2 when White is to play, so that 1 always means "mine". The
canonical code is the smallest player code among the 8 rotations and reflections.
"""
from libc.stdint cimport uint16_t, uint32_t

from mango.engine.board cimport board_in_atari, board_t

cdef enum:
    PATTERN_BITS = 20
    PATTERN_CODES = 1048576     # 1 << PATTERN_BITS
    PATTERN_MAX_VALUE = 2433    # Mango's pattern values run 1..2433
    PATTERN_DEFAULT_VALUE = 1   # every pattern's value when no table is loaded

cdef uint32_t pattern_for_player(uint32_t code, int c) noexcept nogil
cdef uint32_t pattern_canonical(uint32_t player_code) noexcept nogil
cdef const uint16_t* pattern_values_for(int c) noexcept nogil
cdef const uint16_t* pattern_named_values(path, int c) except NULL
cdef const uint32_t* pattern_value_pairs() noexcept nogil
cdef const uint32_t* pattern_named_value_pairs(path) except NULL


cdef inline uint32_t _pattern_atari_bit(const board_t* b, int q) noexcept nogil:
    """1 when q holds a stone whose group is in atari, without a branch: an empty or off-board
    point's group is the sink NO_POINT, whose fields are read and then masked off by the colour
    test (a random playout mispredicted the tests that guarded them)."""
    cdef uint32_t stone = <uint32_t>(b.colour[q] - 1) < 2
    return stone & <uint32_t>board_in_atari(b, b.group[q])


cdef inline uint32_t pattern_code(const board_t* b, int p) noexcept nogil:
    """The absolute code of the empty point p (inline: playouts compute one per changed point)."""
    cdef int w = b.width
    return (b.colour[p + w] | b.colour[p + 1] << 2 | b.colour[p - w] << 4
            | b.colour[p - 1] << 6 | b.colour[p + w + 1] << 8
            | b.colour[p - w + 1] << 10 | b.colour[p - w - 1] << 12
            | b.colour[p + w - 1] << 14
            | _pattern_atari_bit(b, p + w) << 16 | _pattern_atari_bit(b, p + 1) << 17
            | _pattern_atari_bit(b, p - w) << 18 | _pattern_atari_bit(b, p - 1) << 19)
