# cython: language_level=3
"""Move features for the learned move predictor (Coulom 2007, "Computing Elo Ratings of Move
Patterns in the Game of Go"): every legal move of a position gets one level (or none) in each
feature family, and a model gives each level a strength gamma; a move's strength is the product
of its levels' gammas, and its probability is its strength over the sum of all moves'.

Families with few levels (capture, atari, distance...) number their levels directly; the two
shape families (3x3 code, large spatial pattern) number theirs through a dictionary: the 3x3
canonical code maps to an index, and a large pattern is the largest of the nested diamonds whose
Zobrist key is in the spatial dictionary (Stern, Herbrich and Graepel 2006; Coulom 2007).
"""
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t

from mango.engine.board cimport MAX_POINTS, board_t
from mango.engine.playout cimport LADDER_BOARDS

cdef enum:
    FEATURE_FAMILIES = 12
    FAMILY_PATTERN3 = 0     # canonical 3x3 code (with atari bits), through the 3x3 dictionary
    FAMILY_SPATIAL = 1      # largest nested diamond in the spatial dictionary
    FAMILY_CAPTURE = 2      # CAPTURE_KINDS x CAPTURE_SIZES
    FAMILY_EXTENSION = 3    # escape from atari: 3+ liberties / 2 not laddered / 2 laddered
    FAMILY_SELF_ATARI = 4   # by the size of the group left in atari: 1 / 2-5 / 6+
    FAMILY_ATARI = 5        # ladder atari / atari while a ko is on / other atari
    FAMILY_EDGE = 6         # line 1..4 (none from the 5th line in)
    FAMILY_LAST = 7         # gridcular distance to the last move: 2..16, 17+
    FAMILY_LAST2 = 8        # the same for the move before it
    FAMILY_CFG = 9          # common-fate-graph distance to the last move: a liberty of its group /
                            # a liberty of a group touching it
    FAMILY_LIBERTIES = 10   # liberties of the own group after a move that captures nothing: 2 / 3 / 4+
    FAMILY_PRESSURE = 11    # fewest liberties left to an opponent group next to the move: 2 / 3
    NO_LEVEL = -1

    CAPTURE_KINDS = 3       # saves an own group in atari / takes the last move's stones / other
    CAPTURE_SIZES = 4       # 1 / 2 / 3-6 / 7+ stones
    DISTANCE_LEVELS = 16

    SPATIAL_MIN_RADIUS = 4  # radius 3 is the 3x3 family
    SPATIAL_SIZES = 11      # gridcular radius 4..14
    SPATIAL_POINTS = 140    # points within radius 14
    SPATIAL_PAD = 7         # farthest row or column offset within radius 14
    PAD_WIDTH = 33          # MAX_SIZE + 2 * SPATIAL_PAD
    PAD_POINTS = 1089
    LIBS_KEPT = 5
    LAST_STONE = 4          # the spatial patterns' fifth colour: the opponent's stone just played
    PAD_COLOURS = 5         # empty, mine, theirs, off board, LAST_STONE
    CFG_GROUPS = 32         # groups touching the last move's group that are followed at most
    SPATIAL_FILTER_BITS_PER_KEY = 4   # at least; the shipped model's 300,000 keys: 256 KB
    # From this board size on the nearest stone or edge is found (f.near) and the empty
    # diamonds around a move are not hashed: 4.7% of a 19x19 search's instructions (callgrind;
    # +0.9% playouts a second by the clock); on 9x9 the diamonds reach the edge and the
    # transform costs what it saves.
    NEAR_MIN_SIZE = 13

# One entry of the spatial dictionary: key and level side by side, so that a lookup that finds its
# key reads one cache line (the table is megabytes: most probes miss the caches).
ctypedef struct spatial_slot_t:
    uint64_t key                    # 0: empty slot
    int64_t level

# What one position's features need besides the board: the board's colours on a wider margin
# (relative to the player: 0 empty, 1 mine, 2 theirs, 3 off board, LAST_STONE theirs just
# played), per-group caches valid for one position (stamped), scratch boards for ladders, and the
# dictionaries of the model.
ctypedef struct feature_t:
    int size
    int width
    int colour                      # the player whose moves are described
    uint8_t pad[PAD_POINTS]
    # each board point's gridcular distance to the nearest stone or off-board point (pad
    # index): the diamonds of a smaller radius around it are empty, their keys known
    uint8_t near[PAD_POINTS]
    int32_t empty_level[SPATIAL_SIZES]  # the level of each size's all-empty diamond
    bint empty_levels_known             # cleared whenever the dictionary changes
    int32_t pad_index[MAX_POINTS]   # board point -> index into pad
    int32_t pad_offset[SPATIAL_POINTS]  # the diamond's offsets as steps in pad
    uint32_t stamp
    uint32_t libs_stamp[MAX_POINTS]
    uint8_t libs_cached[MAX_POINTS] # liberties of the group rooted there, capped at LIBS_KEPT
    int lib_points[MAX_POINTS][5]   # and those liberties (LIBS_KEPT of them at most)
    uint32_t cfg_stamp[MAX_POINTS]  # points with a FAMILY_CFG level in this position
    uint8_t cfg_level[MAX_POINTS]
    # 3x3 dictionary: canonical player code -> level (NO_LEVEL if unknown); when grow is set,
    # unknown codes are given the next level (the learner's first pass).
    int32_t* pattern3_level
    uint32_t* pattern3_codes
    int32_t n_pattern3
    int grow_pattern3
    # Spatial dictionary: open addressing (linear probing) on nonzero keys.
    spatial_slot_t* spatial
    uint64_t spatial_mask
    int32_t n_spatial
    # A bit per hash of the dictionary's keys (a one-hash Bloom filter), small enough to stay in
    # the core's cache: most lookups are for keys not in the dictionary (every point's last one),
    # and the filter answers most of them without the dictionary's cache miss.
    uint64_t* spatial_filter
    uint64_t filter_mask            # bits in the filter - 1
    board_t* scratch                # LADDER_BOARDS + 1 boards
    # The model's strengths: gamma[family][level] (NULL: every level of the family is worth 1).
    double* gamma[FEATURE_FAMILIES]
    int32_t n_levels[FEATURE_FAMILIES]
    bint shared                     # dictionaries and gammas borrowed from a model (feature_share)

cdef int feature_init(feature_t* f) noexcept nogil
cdef void feature_free(feature_t* f) noexcept nogil
cdef int feature_share(feature_t* f, const feature_t* model) noexcept nogil
cdef void feature_prepare(feature_t* f, const board_t* b, int c) noexcept nogil
cdef void feature_spatial_keys(const feature_t* f, const board_t* b, int p, uint64_t* keys) noexcept nogil
cdef void feature_of_move(feature_t* f, const board_t* b, int p, int c, int last2,
                          int32_t* level) noexcept nogil
cdef int feature_moves(feature_t* f, const board_t* b, int c, int last2, int32_t* points,
                       int32_t* levels) noexcept nogil
cdef void feature_strengths(const feature_t* f, int n, const int32_t* levels, double* out) noexcept nogil
cdef int feature_spatial_insert(feature_t* f, uint64_t key, int32_t level) noexcept nogil


cdef class Predictor:
    cdef feature_t f
    cdef public dict meta
