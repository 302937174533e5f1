# cython: language_level=3
"""C-level Go board: declarations and the small hot helpers, inlined into every module that cimports them.

Layout: a 1-D array of (size + 2)^2 points with one off-board line on each side, so that the four
neighbours of an on-board point are p - W, p - 1, p + 1, p + W and never leave the array.
Point index p = (y + 1) * W + (x + 1), x = column (0 = A), y = row (0 = row 1, the bottom).
"""
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy

cdef enum:
    EMPTY = 0
    BLACK = 1
    WHITE = 2
    OFFBOARD = 3

cdef enum:
    MIN_SIZE = 2
    MAX_SIZE = 19
    MAX_WIDTH = 21          # MAX_SIZE + 2: one off-board line on each side
    MAX_POINTS = 441        # MAX_WIDTH ** 2
    MAX_WORDS = 7           # 64-bit words in a bitboard of MAX_POINTS bits
    PASS = -1
    NO_POINT = 0            # point 0 is an off-board corner: never a move, so it marks "none"

# Why a move is illegal at board level (superko is the game's business: it needs the history).
cdef enum:
    LEGAL = 0
    ILLEGAL_OCCUPIED = 1
    ILLEGAL_SUICIDE = 2
    ILLEGAL_KO = 3

# Packed neighbour counts: 4 bits each for black, white and empty neighbours of a point.
# Off-board neighbours count as both black and white, so "all neighbours are mine or the edge"
# is one comparison with 4 (the Libego trick).
cdef enum:
    NBR_SHIFT_EMPTY = 8
    NBR_ONE_EMPTY = 256     # 1 << NBR_SHIFT_EMPTY

ctypedef struct board_t:
    int32_t size
    int32_t width
    int32_t words           # bitboard words in use for this size
    int32_t n_empty
    int32_t ko_point        # NO_POINT, or the point ko_colour may not play next move
    int32_t ko_colour
    int32_t to_move
    int32_t passes          # consecutive passes just played
    int32_t last_move       # PASS, NO_POINT before any move, or a point
    int32_t captures[3]     # stones captured by BLACK / WHITE so far (index by colour)
    uint64_t hash           # Zobrist hash of the stones alone (positional superko)
    uint64_t stones[3][MAX_WORDS]   # bitboards of BLACK / WHITE stones (index by colour)
    uint64_t on_board[MAX_WORDS]    # bitboard of the on-board points
    uint8_t colour[MAX_POINTS]
    uint16_t nbr[MAX_POINTS]        # packed neighbour counts, see NBR_*
    # Groups: a stone's group id is its root point. Stones of a group form a circular list.
    int16_t group[MAX_POINTS]
    int16_t next_stone[MAX_POINTS]
    int16_t group_size[MAX_POINTS]
    # Pseudo-liberties (one per stone-empty adjacency) with the sum and sum of squares of their
    # points: zero count means captured; count * sumsq == sum^2 means every pseudo-liberty is the
    # same point, i.e. exactly one liberty (atari), and sum / count is that point.
    int16_t group_libs[MAX_POINTS]
    int32_t group_lib_sum[MAX_POINTS]
    int32_t group_lib_sumsq[MAX_POINTS]
    # Empty points, unordered, with each point's index in that list: O(1) add, remove, random pick.
    int16_t empty[MAX_POINTS]
    int16_t empty_index[MAX_POINTS]

cdef inline void board_copy(board_t* dst, const board_t* src) noexcept nogil:
    """Copy only the points in use (width^2 of each array): a fraction of sizeof(board_t) below
    19x19 (a ninth on 9x9's 121 points), for the ladder reader's move-by-move copies and the
    search's start of every simulation. The rest of dst's arrays is never read for this size.
    On 19x19 every point is in use: one copy of the whole board instead of eleven calls."""
    cdef size_t n = <size_t>(src.width * src.width)
    if n == MAX_POINTS:
        memcpy(dst, src, sizeof(board_t))
        return
    memcpy(dst, src, <size_t>(<const char*>src.colour - <const char*>src))
    memcpy(dst.colour, src.colour, n * sizeof(src.colour[0]))
    memcpy(dst.nbr, src.nbr, n * sizeof(src.nbr[0]))
    memcpy(dst.group, src.group, n * sizeof(src.group[0]))
    memcpy(dst.next_stone, src.next_stone, n * sizeof(src.next_stone[0]))
    memcpy(dst.group_size, src.group_size, n * sizeof(src.group_size[0]))
    memcpy(dst.group_libs, src.group_libs, n * sizeof(src.group_libs[0]))
    memcpy(dst.group_lib_sum, src.group_lib_sum, n * sizeof(src.group_lib_sum[0]))
    memcpy(dst.group_lib_sumsq, src.group_lib_sumsq, n * sizeof(src.group_lib_sumsq[0]))
    memcpy(dst.empty, src.empty, n * sizeof(src.empty[0]))
    memcpy(dst.empty_index, src.empty_index, n * sizeof(src.empty_index[0]))


cdef void board_init(board_t* b, int size) noexcept nogil
cdef void board_put_stone(board_t* b, int p, int c) noexcept nogil
cdef int board_play(board_t* b, int p, int c) noexcept nogil
cdef int board_illegal_reason(const board_t* b, int p, int c) noexcept nogil
cdef int board_area_score(const board_t* b) noexcept nogil
cdef void board_area_counts(const board_t* b, int* black, int* white) noexcept nogil
cdef int board_liberty_count(const board_t* b, int p) noexcept nogil
cdef uint64_t board_zobrist(int c, int p) noexcept nogil
cdef uint64_t board_splitmix64(uint64_t* state) noexcept nogil


cdef inline int board_other(int c) noexcept nogil:
    return 3 - c


cdef inline int board_neighbours_of(const board_t* b, int p, int c) noexcept nogil:
    """How many of p's four neighbours have colour c (BLACK or WHITE; the edge counts as both)."""
    return (b.nbr[p] >> (4 * (c - 1))) & 15


cdef inline int board_point_owner(const board_t* b, int p) noexcept nogil:
    """Who holds p at the end of a playout, by area: its stone's colour, or for an empty point
    the one colour all its neighbours have (the edge counts as both); EMPTY for dame."""
    cdef int col = b.colour[p]
    if col == EMPTY:
        if board_neighbours_of(b, p, BLACK) == 4:
            return BLACK
        if board_neighbours_of(b, p, WHITE) == 4:
            return WHITE
    return col


cdef inline int board_empty_neighbours(const board_t* b, int p) noexcept nogil:
    return (b.nbr[p] >> NBR_SHIFT_EMPTY) & 15


cdef inline int board_add_unique(int* items, int n, int value) noexcept nogil:
    """Append value to items[:n] unless it is there already; the new count (a set of a few
    points or group roots, where a linear scan beats anything cleverer)."""
    cdef int j
    for j in range(n):
        if items[j] == value:
            return n
    items[n] = value
    return n + 1


cdef inline int board_neighbour_groups(const board_t* b, int p, int c, int* roots) noexcept nogil:
    """The distinct groups of colour c next to p: their roots into roots (room for 4), and how
    many there are."""
    cdef int w = b.width, i, n = 0
    cdef int* d = [-w, -1, 1, w]
    for i in range(4):
        if b.colour[p + d[i]] == c:
            n = board_add_unique(roots, n, b.group[p + d[i]])
    return n


cdef inline bint board_in_atari(const board_t* b, int g) noexcept nogil:
    """Exactly one liberty (g a group root). Exact, by the pseudo-liberty sums."""
    return (<int64_t>b.group_libs[g] * b.group_lib_sumsq[g]
            == <int64_t>b.group_lib_sum[g] * b.group_lib_sum[g])


cdef inline int board_atari_point(const board_t* b, int g) noexcept nogil:
    """The last liberty of a group in atari."""
    return b.group_lib_sum[g] // b.group_libs[g]


cdef inline bint board_is_ko(const board_t* b, int p, int c) noexcept nogil:
    """p is the ko point and c the colour barred from retaking it this move."""
    return p == b.ko_point and c == b.ko_colour


cdef inline bint board_is_suicide(const board_t* b, int p, int c) noexcept nogil:
    """Playing c at empty p leaves its group without liberties and captures nothing."""
    cdef int q, col
    cdef int w = b.width
    cdef int* d = [-w, -1, 1, w]
    if board_empty_neighbours(b, p):
        return False
    for i in range(4):
        q = p + d[i]
        col = b.colour[q]
        if col == c:
            if not board_in_atari(b, b.group[q]):
                return False
        elif col == 3 - c:
            if board_in_atari(b, b.group[q]):
                return False
    return True


cdef inline bint board_is_legal(const board_t* b, int p, int c) noexcept nogil:
    """Board-level legality of a stone (not pass): empty, not the ko point, not suicide."""
    if b.colour[p] != EMPTY:
        return False
    if board_is_ko(b, p, c):
        return False
    return not board_is_suicide(b, p, c)


cdef inline bint board_is_true_eye(const board_t* b, int p, int c) noexcept nogil:
    """p is an eye of c that playouts must not fill: every neighbour is c or the edge, and the
    opponent holds fewer than two diagonals (fewer than one on the edge or in the corner)."""
    cdef int w = b.width
    cdef int col, bad = 0, edge = 0
    cdef int* diag = [-w - 1, -w + 1, w - 1, w + 1]
    if b.colour[p] != EMPTY or board_neighbours_of(b, p, c) != 4:
        return False
    for i in range(4):
        col = b.colour[p + diag[i]]
        if col == 3 - c:
            bad += 1
        elif col == OFFBOARD:
            edge = 1
    return bad + edge < 2


cdef class Board:
    cdef board_t b
    cdef _check_point(self, int point)
    cdef _check_stone(self, int point)
