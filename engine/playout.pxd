# cython: language_level=3
"""Playouts: a random game to the end from a board, played entirely in C."""
from libc.stdint cimport uint32_t, uint64_t

from engine.board cimport board_t

ctypedef struct rng_t:
    uint64_t state


cdef inline void rng_seed(rng_t* r, uint64_t seed) noexcept nogil:
    """splitmix64 of the seed, so that small or zero seeds still give a good xorshift state."""
    cdef uint64_t z = seed + 0x9E3779B97F4A7C15ULL
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    z = z ^ (z >> 31)
    r.state = z if z != 0 else 0x2545F4914F6CDD1DULL


cdef inline uint64_t rng_next(rng_t* r) noexcept nogil:
    """xorshift64*: fast, and plenty for choosing playout moves."""
    cdef uint64_t x = r.state
    x ^= x >> 12
    x ^= x << 25
    x ^= x >> 27
    r.state = x
    return x * 0x2545F4914F6CDD1DULL


cdef inline uint32_t rng_below(rng_t* r, uint32_t n) noexcept nogil:
    """Uniform in [0, n) by multiply-shift (no division)."""
    return <uint32_t>(((rng_next(r) >> 32) * <uint64_t>n) >> 32)


cdef enum:
    POLICY_LIGHT = 0

cdef int playout_random_move(board_t* b, rng_t* rng, int c) noexcept nogil
cdef int playout_light(board_t* b, rng_t* rng, int max_moves, int* record) noexcept nogil
cdef int playout_move_cap(const board_t* b) noexcept nogil
