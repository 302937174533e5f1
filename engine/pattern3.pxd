# cython: language_level=3
"""3x3 patterns: the neighbourhood of an empty point as a 20-bit code.

Bits 2k..2k+1 hold the colour of neighbour k (board colour values: 0 empty, 1 black, 2 white,
3 off board), in the order N, E, S, W, NE, SE, SW, NW; bits 16..19 say whether the group on the
N, E, S, W neighbour is in atari. A code in these absolute colours is what the board gives; the
code "for a player" swaps 1 and 2 when White is to play, so that 1 always means "mine". The
canonical code is the smallest player code among the 8 rotations and reflections.
"""
from libc.stdint cimport uint16_t, uint32_t

from engine.board cimport board_t

cdef enum:
    PATTERN_BITS = 20
    PATTERN_CODES = 1048576     # 1 << PATTERN_BITS
    PATTERN_MAX_VALUE = 2433    # Mango's pattern values run 1..2433
    PATTERN_DEFAULT_VALUE = 1   # every pattern's value when no table is loaded

cdef uint32_t pattern_code(const board_t* b, int p) noexcept nogil
cdef uint32_t pattern_for_player(uint32_t code, int c) noexcept nogil
cdef uint32_t pattern_canonical(uint32_t player_code) noexcept nogil
cdef uint16_t pattern_value(uint32_t code, int c) noexcept nogil
