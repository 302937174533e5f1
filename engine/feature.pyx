# cython: language_level=3
"""Move features and the generalized Bradley-Terry model over them (see feature.pxd).

Large patterns are hashed with 8 Zobrist keys at once, one per symmetry of the square, as the
points of the diamond are read in order of distance; the canonical key of a size is the least of
the 8, so a pattern and its rotations and reflections share a key. Reading stops at the first
size missing from the dictionary: every key of a larger size was counted with its smaller ones
when the dictionary was made, so nothing larger can be in it. The keys come from a fixed seed and
are part of the model file's format (MODEL_VERSION changes when they do).
"""
cimport cython
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t

import time
from importlib import resources

import numpy as np

from mango.engine.board cimport (BLACK, EMPTY, MAX_POINTS, NO_POINT, OFFBOARD, PASS, WHITE,
                                 Board, board_add_unique, board_atari_point, board_copy,
                                 board_in_atari, board_is_legal, board_neighbour_groups, board_play,
                                 board_splitmix64, board_t)
from mango.engine.pattern3 cimport (PATTERN_CODES, pattern_canonical, pattern_code,
                                    pattern_for_player)
from mango.engine.tactic cimport (LADDER_BOARDS, group_liberties, group_liberties_to_three,
                                   group_touches_atari, ladder_read, libs_after_move)

MODEL_FORMAT = "mango-bt"
MODEL_VERSION = 4          # 2: radii up to 14, cfg; 3: liberties, pressure; 4: the last stone
FAMILIES = ("pattern3", "spatial", "capture", "extension", "self_atari", "atari", "edge", "last",
            "last2", "cfg", "liberties", "pressure")
FAMILY_COUNT = FEATURE_FAMILIES
# Levels of the families that number them directly (the shape families have dictionaries).
FIXED_LEVELS = {"capture": CAPTURE_KINDS * CAPTURE_SIZES, "extension": 3, "self_atari": 3,
                "atari": 3, "edge": 4, "last": DISTANCE_LEVELS, "last2": DISTANCE_LEVELS,
                "cfg": 2, "liberties": 3, "pressure": 2}
SIZES = SPATIAL_SIZES
MIN_RADIUS = SPATIAL_MIN_RADIUS

# A point's key under each symmetry is kept as its difference from the empty point's key
# ([offset][relative colour][symmetry], 0 for empty), and the keys of each size's all-empty
# diamond apart: the keys are the same as XORing every point's own key, but hashing skips the
# empty points, most of a 19x19 board's (the loads of their keys were a fifth of the features' time).
cdef uint64_t SYM_DELTA[SPATIAL_POINTS][PAD_COLOURS][8]
cdef uint64_t EMPTY_KEYS[SPATIAL_SIZES][8]      # [size][symmetry]: every point of the size empty
cdef uint64_t SIZE_SALT[SPATIAL_SIZES]
cdef int OFFSET_X[SPATIAL_POINTS]
cdef int OFFSET_Y[SPATIAL_POINTS]
cdef int SIZE_END[SPATIAL_SIZES]                # offsets of size i are 0 .. SIZE_END[i] - 1
cdef uint8_t RELATIVE[3][4]                     # [player][board colour] -> 0 empty 1 mine 2 theirs 3 off


def _gridcular(dx, dy):
    """Coulom's and Pachi's distance: |dx| + |dy| + max(|dx|, |dy|); 3x3 is radius 3."""
    return abs(dx) + abs(dy) + max(abs(dx), abs(dy))


def _offsets():
    """Points of the largest diamond, nearest first, and where each of the 8 symmetries sends each."""
    radius = SPATIAL_MIN_RADIUS + SPATIAL_SIZES - 1
    span = range(-SPATIAL_PAD, SPATIAL_PAD + 1)
    points = sorted(((dx, dy) for dx in span for dy in span
                     if (dx, dy) != (0, 0) and _gridcular(dx, dy) <= radius),
                    key=lambda o: (_gridcular(*o), o))
    transforms = [
        lambda x, y: (x, y), lambda x, y: (-y, x), lambda x, y: (-x, -y), lambda x, y: (y, -x),
        lambda x, y: (-x, y), lambda x, y: (y, x), lambda x, y: (x, -y), lambda x, y: (-y, -x),
    ]
    perm = [[points.index(t(*o)) for o in points] for t in transforms]
    ends = [sum(1 for o in points if _gridcular(*o) <= r)
            for r in range(SPATIAL_MIN_RADIUS, radius + 1)]
    return points, perm, ends


def _build_tables():
    points, perm, ends = _offsets()
    assert len(points) == SPATIAL_POINTS and len(ends) == SPATIAL_SIZES
    cdef uint64_t state = 0x4D414E474F4254   # "MANGOBT": fixed, the keys are in model files
    cdef uint64_t plain[SPATIAL_POINTS][5]
    cdef int i, k, col, s
    for k in range(SPATIAL_POINTS):
        OFFSET_X[k], OFFSET_Y[k] = points[k]
        for col in range(4):
            plain[k][col] = board_splitmix64(&state)
    for k in range(SPATIAL_SIZES):
        SIZE_SALT[k] = board_splitmix64(&state)
        SIZE_END[k] = ends[k]
    for k in range(SPATIAL_POINTS):
        plain[k][LAST_STONE] = board_splitmix64(&state)
    for k in range(SPATIAL_POINTS):
        for col in range(PAD_COLOURS):
            for s in range(8):
                SYM_DELTA[k][col][s] = plain[perm[s][k]][col] ^ plain[perm[s][k]][EMPTY]
    memset(EMPTY_KEYS, 0, sizeof(EMPTY_KEYS))
    for i in range(SPATIAL_SIZES):
        for s in range(8):
            for k in range(SIZE_END[i]):
                EMPTY_KEYS[i][s] ^= plain[perm[s][k]][EMPTY]
    for col in range(4):
        RELATIVE[0][col] = col
        RELATIVE[BLACK][col] = col
        RELATIVE[WHITE][col] = col if col in (EMPTY, OFFBOARD) else 3 - col


_build_tables()


cdef extern from *:
    void __builtin_prefetch(const void*) nogil


cdef enum:
    # The spatial dictionary is at most 5/8 full (open addressing, linear probing): the shipped
    # 300,675 keys take 524,288 slots (8.4 MB) where "at most half full" took twice that; the
    # filter answers most lookups of absent keys before a probe, and a found key's probe run
    # stays within a cache line or two.
    SPATIAL_LOAD_NUM = 5
    SPATIAL_LOAD_DEN = 8


# ---- C core ------------------------------------------------------------------------------

cdef int feature_init(feature_t* f) noexcept nogil:
    """Zero the context and allocate its tables; -1 when memory runs out."""
    memset(f, 0, sizeof(feature_t))
    f.pattern3_level = <int32_t*>malloc(PATTERN_CODES * sizeof(int32_t))
    f.pattern3_codes = <uint32_t*>malloc(PATTERN_CODES * sizeof(uint32_t))
    f.scratch = <board_t*>malloc((LADDER_BOARDS + 1) * sizeof(board_t))
    f.spatial_mask = 0
    if f.pattern3_level == NULL or f.pattern3_codes == NULL or f.scratch == NULL:
        feature_free(f)
        return -1
    memset(f.pattern3_level, 0xFF, PATTERN_CODES * sizeof(int32_t))     # NO_LEVEL everywhere
    return 0


cdef int feature_share(feature_t* f, const feature_t* model) noexcept nogil:
    """A context of its own (caches, scratch boards) reading the model's dictionaries and gammas,
    which must outlive it and stay unchanged: how each search thread uses one loaded model.
    -1 when memory runs out."""
    cdef int i
    memset(f, 0, sizeof(feature_t))
    f.shared = True
    f.scratch = <board_t*>malloc((LADDER_BOARDS + 1) * sizeof(board_t))
    if f.scratch == NULL:
        return -1
    f.pattern3_level = model.pattern3_level
    f.pattern3_codes = model.pattern3_codes
    f.n_pattern3 = model.n_pattern3
    f.spatial = model.spatial
    f.spatial_mask = model.spatial_mask
    f.spatial_filter = model.spatial_filter
    f.filter_mask = model.filter_mask
    f.n_spatial = model.n_spatial
    for i in range(FEATURE_FAMILIES):
        f.gamma[i] = model.gamma[i]
        f.n_levels[i] = model.n_levels[i]
    return 0


cdef void feature_free(feature_t* f) noexcept nogil:
    cdef int i
    free(f.scratch)
    f.scratch = NULL
    if f.shared:
        return
    free(f.pattern3_level)
    free(f.pattern3_codes)
    free(f.spatial)
    free(f.spatial_filter)
    for i in range(FEATURE_FAMILIES):
        free(f.gamma[i])
        f.gamma[i] = NULL
    f.pattern3_level = NULL
    f.pattern3_codes = NULL
    f.spatial = NULL
    f.spatial_filter = NULL


cdef void feature_prepare(feature_t* f, const board_t* b, int c) noexcept nogil:
    """Set up for the moves of c in b: the margin-wide colours and fresh group caches."""
    cdef int x, y, p, pw
    if f.size != b.size:
        f.size = b.size
        f.width = b.width
        pw = b.size + 2 * SPATIAL_PAD
        memset(f.pad, OFFBOARD, sizeof(f.pad))
        for y in range(b.size):
            for x in range(b.size):
                f.pad_index[(y + 1) * b.width + x + 1] = (y + SPATIAL_PAD) * pw + x + SPATIAL_PAD
        memset(f.near, 0, sizeof(f.near))      # below NEAR_MIN_SIZE: no diamond skipped
        for x in range(SPATIAL_POINTS):
            f.pad_offset[x] = OFFSET_Y[x] * pw + OFFSET_X[x]
    f.colour = c
    for y in range(b.size):
        p = (y + 1) * b.width + 1
        for x in range(b.size):
            f.pad[f.pad_index[p + x]] = RELATIVE[c][b.colour[p + x]]
    if b.last_move > 0 and f.pad[f.pad_index[b.last_move]] == 2:
        f.pad[f.pad_index[b.last_move]] = LAST_STONE      # the large patterns see where it was
    if b.size >= NEAR_MIN_SIZE:
        _mark_near(f, b.size)
    if not f.empty_levels_known:
        _mark_empty_levels(f)
        f.empty_levels_known = True
    f.stamp += 1
    if f.stamp == 0:
        memset(f.libs_stamp, 0, sizeof(f.libs_stamp))
        memset(f.cfg_stamp, 0, sizeof(f.cfg_stamp))
        f.stamp = 1
    if b.last_move > 0 and (b.colour[b.last_move] == BLACK or b.colour[b.last_move] == WHITE):
        _mark_cfg(f, b, b.group[b.last_move])


cdef void _mark_near(feature_t* f, int size) noexcept nogil:
    """Each board point's gridcular distance to the nearest stone or off-board point, by the
    two-pass chamfer transform: the gridcular distance |dx| + |dy| + max(|dx|, |dy|) is the
    shortest path with steps of 2 along a line and 3 along a diagonal, which a forward and a
    backward pass of the 3x3 mask find exactly. The window is the board and its ring of
    off-board points (distance 0), so that every board point's eight neighbours are in it."""
    cdef int pw = size + 2 * SPATIAL_PAD, x, y, i, d
    cdef uint8_t* near = f.near
    cdef const uint8_t* pad = f.pad
    for y in range(SPATIAL_PAD - 1, SPATIAL_PAD + size + 1):
        for x in range(SPATIAL_PAD - 1, SPATIAL_PAD + size + 1):
            i = y * pw + x
            near[i] = 0 if pad[i] != EMPTY else 255
    for y in range(SPATIAL_PAD, SPATIAL_PAD + size):
        for x in range(SPATIAL_PAD, SPATIAL_PAD + size):
            i = y * pw + x
            if near[i] == 0:
                continue
            d = near[i]
            d = min(d, near[i - pw - 1] + 3, near[i - pw] + 2, near[i - pw + 1] + 3, near[i - 1] + 2)
            near[i] = d
    for y in range(SPATIAL_PAD + size - 1, SPATIAL_PAD - 1, -1):
        for x in range(SPATIAL_PAD + size - 1, SPATIAL_PAD - 1, -1):
            i = y * pw + x
            if near[i] == 0:
                continue
            d = near[i]
            d = min(d, near[i + pw + 1] + 3, near[i + pw] + 2, near[i + pw - 1] + 3, near[i + 1] + 2)
            near[i] = d


cdef void _mark_empty_levels(feature_t* f) noexcept nogil:
    """The level each size's all-empty diamond has in the dictionary (NO_LEVEL: none), the
    filter consulted as _spatial_level consults it."""
    cdef uint64_t h[8]
    cdef uint64_t key
    cdef int i
    memset(h, 0, sizeof(h))
    for i in range(SPATIAL_SIZES):
        f.empty_level[i] = NO_LEVEL
        if f.n_spatial > 0:
            key = _spatial_key(h, i)
            if _filter_may_hold(f, key):
                f.empty_level[i] = _spatial_find(f, key)


cdef void _mark_liberties(feature_t* f, const board_t* b, int g, uint8_t level) noexcept nogil:
    cdef int w = b.width, s = g, i, q
    cdef int* d = [-w, -1, 1, w]
    while True:
        for i in range(4):
            q = s + d[i]
            if b.colour[q] == EMPTY and f.cfg_stamp[q] != f.stamp:
                f.cfg_stamp[q] = f.stamp
                f.cfg_level[q] = level
        s = b.next_stone[s]
        if s == g:
            return


cdef void _mark_cfg(feature_t* f, const board_t* b, int g) noexcept nogil:
    """Common-fate-graph distance from the last move (Stern et al. 2006; Araki et al. 2007): its
    group's liberties are level 0, those of the groups touching it level 1."""
    cdef int w = b.width, s = g, i, j, q, n = 0
    cdef int* d = [-w, -1, 1, w]
    cdef int touching[CFG_GROUPS]
    cdef int other = 3 - b.colour[g]
    _mark_liberties(f, b, g, 0)
    while True:
        for i in range(4):
            q = s + d[i]
            if b.colour[q] == other and n < CFG_GROUPS:
                n = board_add_unique(touching, n, b.group[q])
        s = b.next_stone[s]
        if s == g:
            break
    for j in range(n):
        _mark_liberties(f, b, touching[j], 1)


cdef inline uint64_t _spatial_key(uint64_t* h, int size_index) noexcept nogil:
    """The canonical key of a size from the differences h folded in so far."""
    cdef const uint64_t* empty = EMPTY_KEYS[size_index]
    cdef uint64_t m = h[0] ^ empty[0]
    cdef int s
    for s in range(1, 8):
        if (h[s] ^ empty[s]) < m:
            m = h[s] ^ empty[s]
    m ^= SIZE_SALT[size_index]
    return m if m != 0 else 1


cdef inline void _absorb(const feature_t* f, int base, int* k, int end, uint64_t* h) noexcept nogil:
    """Fold the non-empty points among k .. end - 1 of the diamond around pad index `base`
    into the 8 differences. The index and the differences live in locals while the loop runs
    (the compiler keeps them in registers; through the pointers it stored them at every point:
    1% of a 19x19 search's instructions)."""
    cdef const uint64_t* z
    cdef const uint8_t* around = &f.pad[base]
    cdef const int32_t* offset = f.pad_offset
    cdef int i = k[0], s
    cdef uint64_t d[8]
    for s in range(8):
        d[s] = h[s]
    while i < end:
        z = SYM_DELTA[i][around[offset[i]]]    # an empty point's deltas are 0: no branch
        for s in range(8):
            d[s] ^= z[s]
        i += 1
    for s in range(8):
        h[s] = d[s]
    k[0] = i


cdef void feature_spatial_keys(const feature_t* f, const board_t* b, int p, uint64_t* keys) noexcept nogil:
    """The canonical key of every size around p (the learner counts them all for the played move)."""
    cdef uint64_t h[8]
    cdef int i, k = 0
    memset(h, 0, sizeof(h))
    for i in range(SPATIAL_SIZES):
        _absorb(f, f.pad_index[p], &k, SIZE_END[i], h)
        keys[i] = _spatial_key(h, i)


cdef inline uint64_t _filter_bit(const feature_t* f, uint64_t key) noexcept nogil:
    """The key's bit in the filter: its high half, as the dictionary's slot is its low bits."""
    return (key >> 32) & f.filter_mask


cdef inline bint _filter_may_hold(const feature_t* f, uint64_t key) noexcept nogil:
    cdef uint64_t bit = _filter_bit(f, key)
    return f.spatial_filter == NULL or (f.spatial_filter[bit >> 6] >> (bit & 63)) & 1


cdef inline int32_t _spatial_find(const feature_t* f, uint64_t key) noexcept nogil:
    """Only with a dictionary (n_spatial > 0)."""
    cdef uint64_t i = key & f.spatial_mask
    while f.spatial[i].key != 0:
        if f.spatial[i].key == key:
            return <int32_t>f.spatial[i].level
        i = (i + 1) & f.spatial_mask
    return NO_LEVEL


cdef int feature_spatial_insert(feature_t* f, uint64_t key, int32_t level) noexcept nogil:
    """Add a key to a dictionary sized beforehand; -1 when it is full (SPATIAL_LOAD)."""
    cdef uint64_t i = key & f.spatial_mask, bit
    if f.n_spatial * SPATIAL_LOAD_DEN >= <int64_t>f.spatial_mask * SPATIAL_LOAD_NUM:
        return -1
    while f.spatial[i].key != 0 and f.spatial[i].key != key:
        i = (i + 1) & f.spatial_mask
    if f.spatial[i].key == 0:
        f.n_spatial += 1
    f.empty_levels_known = False
    if f.spatial_filter != NULL:
        bit = _filter_bit(f, key)
        f.spatial_filter[bit >> 6] |= (<uint64_t>1) << (bit & 63)
    f.spatial[i].key = key
    f.spatial[i].level = level
    return 0


cdef int32_t _spatial_level(const feature_t* f, int p) noexcept nogil:
    """The level of the largest size around p that is in the dictionary. The sizes whose
    diamond holds no stone and no off-board point (nearer than f.near says) have the empty
    diamond's keys, whose levels feature_prepare looked up once; hashing starts after them (an
    empty point adds nothing to a key). The next size's key is made while the slot of this one
    is fetched from memory (prefetched): the hashing hides part of the lookup's cache miss, for
    the cost of one size hashed in vain after the last found. A key the filter does not hold is
    not looked up at all."""
    cdef uint64_t h[8]
    cdef uint64_t key, next_key = 0
    cdef int i, k = 0, base = f.pad_index[p], first = f.near[base] - SPATIAL_MIN_RADIUS
    cdef int32_t level, found = NO_LEVEL
    if f.n_spatial == 0:
        return NO_LEVEL
    if first > 0:                           # sizes 0 .. first - 1 are empty around p
        if first > SPATIAL_SIZES:
            first = SPATIAL_SIZES
        for i in range(first):
            if f.empty_level[i] == NO_LEVEL:
                return found
            found = f.empty_level[i]
        if first == SPATIAL_SIZES:
            return found
        k = SIZE_END[first - 1]
    else:
        first = 0
    memset(h, 0, sizeof(h))
    _absorb(f, base, &k, SIZE_END[first], h)
    key = _spatial_key(h, first)
    if not _filter_may_hold(f, key):
        return found
    __builtin_prefetch(&f.spatial[key & f.spatial_mask])
    for i in range(first, SPATIAL_SIZES):
        next_key = 0                        # 0: no larger size can be in the dictionary
        if i + 1 < SPATIAL_SIZES:
            _absorb(f, base, &k, SIZE_END[i + 1], h)
            next_key = _spatial_key(h, i + 1)
            if _filter_may_hold(f, next_key):
                __builtin_prefetch(&f.spatial[next_key & f.spatial_mask])
            else:
                next_key = 0
        level = _spatial_find(f, key)
        if level == NO_LEVEL:
            break
        found = level
        if next_key == 0:
            break
        key = next_key
    return found


cdef inline int _libs(feature_t* f, const board_t* b, int g) noexcept nogil:
    """Liberties of the group rooted at g, capped at LIBS_KEPT, kept in f.lib_points[g] for the
    position."""
    if f.libs_stamp[g] != f.stamp:
        f.libs_stamp[g] = f.stamp
        f.libs_cached[g] = group_liberties(b, g, f.lib_points[g], LIBS_KEPT)
    return f.libs_cached[g]


cdef int _liberties_after(feature_t* f, const board_t* b, int p, int c) noexcept nogil:
    """Liberties of c's group at p after a move that captures nothing, capped at 4."""
    cdef int w = b.width, i, j, q, g, n = 0, m
    cdef int* d = [-w, -1, 1, w]
    cdef int found[4]
    for i in range(4):
        q = p + d[i]
        if b.colour[q] == EMPTY:
            found[n] = q
            n += 1
    for i in range(4):
        q = p + d[i]
        if b.colour[q] != c:
            continue
        g = b.group[q]
        m = _libs(f, b, g)
        for j in range(m):
            if n >= 4:
                return 4
            q = f.lib_points[g][j]
            if q != p:
                n = board_add_unique(found, n, q)
    return n


cdef bint _atari_ladders(feature_t* f, const board_t* b, int p, int c, int g) noexcept nogil:
    """c's atari at p on the two-liberty group g captures it: the defender can neither capture
    an attacker in atari nor extend out of a ladder."""
    cdef board_t* s = &f.scratch[0]
    cdef int libs[3]
    cdef int n, ext, opp = 3 - c
    board_copy(s, b)
    board_play(s, p, c)
    if not board_in_atari(s, s.group[g]) or board_in_atari(s, s.group[p]) \
            or group_touches_atari(s, s.group[g], c):
        return False
    ext = board_atari_point(s, s.group[g])
    if not board_is_legal(s, ext, opp):
        return True
    board_play(s, ext, opp)
    n = group_liberties_to_three(s, s.group[g], libs)
    if n != 2:
        return n < 2
    return ladder_read(s, g, c) != NO_POINT


cdef int32_t _extension_level(feature_t* f, const board_t* b, int p, int c) noexcept nogil:
    """Escaping from atari: 0 with 3+ liberties, 1 with two and no ladder, 2 into a ladder."""
    cdef board_t* s = &f.scratch[0]
    cdef int libs[3]
    cdef int n
    board_copy(s, b)
    board_play(s, p, c)
    n = group_liberties_to_three(s, s.group[p], libs)
    if n >= 3:
        return 0
    if n < 2:
        return NO_LEVEL
    return 2 if ladder_read(s, p, 3 - c) != NO_POINT else 1


@cython.cdivision(True)     # points and widths are positive: C's division is Python's
cdef inline int32_t _distance_level(int p, int q, int w) noexcept nogil:
    cdef int dx = p % w - q % w, dy = p // w - q // w, d
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    d = dx + dy + (dx if dx > dy else dy)
    if d > DISTANCE_LEVELS + 1:
        d = DISTANCE_LEVELS + 1
    return d - 2


cdef inline int32_t _size_level(int stones) noexcept nogil:
    if stones <= 2:
        return stones - 1
    return 2 if stones <= 6 else 3


cdef void _tactics(feature_t* f, const board_t* b, int p, int c, int32_t* level) noexcept nogil:
    """Capture, extension, self-atari and atari levels of c at p."""
    cdef int w = b.width, i, g, opp = 3 - c, n_seen, n_atari = 0, captured = 0
    cdef int kind = 2, libs, size_after, fewest = 99, n
    cdef int* d = [-w, -1, 1, w]
    cdef int seen[4]
    cdef int atari_groups[4]
    cdef bint own_atari = False
    cdef int last = b.last_move
    for i in range(4):
        if b.colour[p + d[i]] == c and board_in_atari(b, b.group[p + d[i]]):
            own_atari = True
    n_seen = board_neighbour_groups(b, p, opp, seen)
    for i in range(n_seen):
        g = seen[i]
        if board_in_atari(b, g):
            captured += b.group_size[g]
            if kind > 1 and last > 0 and b.colour[last] == opp and b.group[last] == g:
                kind = 1
            if kind > 0 and group_touches_atari(b, g, c):
                kind = 0
        else:
            n = _libs(f, b, g)
            if n == 2:
                atari_groups[n_atari] = g
                n_atari += 1
            elif n < fewest:
                fewest = n
    if captured:
        level[FAMILY_CAPTURE] = kind * CAPTURE_SIZES + _size_level(captured)
        libs = 2
    else:
        libs = libs_after_move(b, p, c, &size_after)
        if libs == 1:
            level[FAMILY_SELF_ATARI] = 0 if size_after == 1 else (1 if size_after <= 5 else 2)
        elif own_atari:
            level[FAMILY_EXTENSION] = _extension_level(f, b, p, c)
        if libs == 2:
            n = _liberties_after(f, b, p, c)
            if n >= 2:
                level[FAMILY_LIBERTIES] = n - 2
    if fewest == 3 or fewest == 4:
        level[FAMILY_PRESSURE] = fewest - 3
    if n_atari:
        level[FAMILY_ATARI] = 1 if b.ko_point != NO_POINT else 2
        if libs >= 2:
            for i in range(n_atari):
                if _atari_ladders(f, b, p, c, atari_groups[i]):
                    level[FAMILY_ATARI] = 0
                    break


cdef void feature_of_move(feature_t* f, const board_t* b, int p, int c, int last2,
                          int32_t* level) noexcept nogil:
    """The level of each family for c's legal move p (after feature_prepare(f, b, c))."""
    cdef int w = b.width, x = p % w - 1, y = p // w - 1, line, i
    cdef uint32_t code
    cdef int32_t lv
    for i in range(FEATURE_FAMILIES):
        level[i] = NO_LEVEL
    code = pattern_canonical(pattern_for_player(pattern_code(b, p), c))
    lv = f.pattern3_level[code]
    if lv == NO_LEVEL and f.grow_pattern3:
        lv = f.n_pattern3
        f.pattern3_level[code] = lv
        f.pattern3_codes[lv] = code
        f.n_pattern3 += 1
    level[FAMILY_PATTERN3] = lv
    level[FAMILY_SPATIAL] = _spatial_level(f, p)
    line = x
    if y < line:
        line = y
    if b.size - 1 - x < line:
        line = b.size - 1 - x
    if b.size - 1 - y < line:
        line = b.size - 1 - y
    if line < 4:
        level[FAMILY_EDGE] = line
    if b.last_move > 0:
        level[FAMILY_LAST] = _distance_level(p, b.last_move, w)
    if last2 > 0:
        level[FAMILY_LAST2] = _distance_level(p, last2, w)
    if f.cfg_stamp[p] == f.stamp:
        level[FAMILY_CFG] = f.cfg_level[p]
    _tactics(f, b, p, c, level)


cdef int feature_moves(feature_t* f, const board_t* b, int c, int last2, int32_t* points,
                       int32_t* levels) noexcept nogil:
    """Every legal move of c (pass aside) into points, its levels into levels[i * FAMILIES ..];
    returns how many. `last2` is the move before the last (PASS or NO_POINT for none)."""
    cdef int i, p, n = 0
    feature_prepare(f, b, c)
    for i in range(b.n_empty):
        p = b.empty[i]
        if board_is_legal(b, p, c):
            points[n] = p
            feature_of_move(f, b, p, c, last2, &levels[n * FEATURE_FAMILIES])
            n += 1
    return n


cdef double _GAMMA_ONE = 1.0


cdef void feature_strengths(const feature_t* f, int n, const int32_t* levels, double* out) noexcept nogil:
    """Each move's strength: the product of the gammas of its levels. A level without a gamma
    multiplies by 1.0 (exactly the product without it), chosen by index rather than by a branch,
    which the moves' levels made unpredictable."""
    cdef int i, k, idx
    cdef uint32_t lv, ok
    cdef double s
    cdef double pick[2]
    cdef const double* gamma[FEATURE_FAMILIES]
    cdef uint32_t n_levels[FEATURE_FAMILIES]
    for k in range(FEATURE_FAMILIES):
        gamma[k] = f.gamma[k] if f.gamma[k] != NULL else &_GAMMA_ONE
        n_levels[k] = <uint32_t>f.n_levels[k] if f.gamma[k] != NULL else 0
    pick[0] = 1.0
    for i in range(n):
        s = 1.0
        for k in range(FEATURE_FAMILIES):
            lv = <uint32_t>levels[i * FEATURE_FAMILIES + k]     # NO_LEVEL wraps past every count
            ok = lv < n_levels[k]
            idx = lv if ok else 0                               # gamma[k][0] always exists
            pick[1] = gamma[k][idx]
            s *= pick[ok]
        out[i] = s


# ---- Python face -------------------------------------------------------------------------

def default_model_path():
    """The model shipped in the `patterns` package."""
    return resources.files("mango.patterns") / "data" / "predictor.npz"


cdef class Predictor:
    """A move predictor: the feature dictionaries and, once learned, the gammas (every gamma is 1
    until set_gammas, which is how the learner uses it to extract features)."""

    def __cinit__(self):
        if feature_init(&self.f) != 0:
            raise MemoryError("no memory for the feature tables")
        self.meta = {}

    def __dealloc__(self):
        feature_free(&self.f)

    # -- dictionaries and gammas --

    @property
    def grow_pattern3(self):
        return bool(self.f.grow_pattern3)

    @grow_pattern3.setter
    def grow_pattern3(self, bint grow):
        """Give every new 3x3 code a level as it is met (the learner's extraction)."""
        self.f.grow_pattern3 = grow

    def pattern3_codes(self):
        """Canonical 3x3 codes by level."""
        return np.array(<uint32_t[:self.f.n_pattern3]> self.f.pattern3_codes, dtype=np.uint32) \
            if self.f.n_pattern3 else np.zeros(0, dtype=np.uint32)

    def set_pattern3_codes(self, codes):
        """Level i for canonical code codes[i]; other codes have none (NO_LEVEL)."""
        array = np.ascontiguousarray(codes, dtype=np.uint32)
        cdef uint32_t[::1] view = array
        cdef int i
        if len(array) and array.max() >= PATTERN_CODES:
            raise ValueError("3x3 codes out of range")
        if len(np.unique(array)) != len(array):
            raise ValueError("a 3x3 code appears twice")
        memset(self.f.pattern3_level, 0xFF, PATTERN_CODES * sizeof(int32_t))
        self.f.n_pattern3 = 0
        for i in range(view.shape[0]):
            self.f.pattern3_level[view[i]] = i
            self.f.pattern3_codes[i] = view[i]
            self.f.n_pattern3 += 1

    def set_spatial_keys(self, keys):
        """Level i for spatial key keys[i] (nonzero, as feature_spatial_keys makes them). Bad keys
        raise ValueError before anything changes. Duplicates are found by the insertion itself,
        not by sorting a copy (np.unique left 16 MB of the process's heap behind)."""
        array = np.ascontiguousarray(keys, dtype=np.uint64)
        cdef uint64_t[::1] view = array     # one dimension, or ValueError
        cdef uint64_t capacity = 16
        cdef int64_t i
        for i in range(view.shape[0]):
            if view[i] == 0:
                raise ValueError("spatial keys are never 0")
        while capacity * SPATIAL_LOAD_NUM < SPATIAL_LOAD_DEN * (<uint64_t>view.shape[0] + 1):
            capacity *= 2
        cdef uint64_t bits = 64
        while bits < SPATIAL_FILTER_BITS_PER_KEY * <uint64_t>view.shape[0]:
            bits *= 2
        cdef feature_t* fresh = <feature_t*>calloc(1, sizeof(feature_t))
        if fresh == NULL:
            raise MemoryError("no memory for the spatial dictionary")
        fresh.spatial = <spatial_slot_t*>calloc(capacity, sizeof(spatial_slot_t))
        fresh.spatial_filter = <uint64_t*>calloc(bits // 64, sizeof(uint64_t))
        fresh.spatial_mask = capacity - 1
        fresh.filter_mask = bits - 1
        try:
            if fresh.spatial == NULL or fresh.spatial_filter == NULL:
                raise MemoryError("no memory for the spatial dictionary")
            for i in range(view.shape[0]):
                feature_spatial_insert(fresh, view[i], <int32_t>i)
            if fresh.n_spatial != view.shape[0]:
                raise ValueError("a spatial key appears twice")
            free(self.f.spatial)
            free(self.f.spatial_filter)
            self.f.spatial, fresh.spatial = fresh.spatial, NULL
            self.f.spatial_filter, fresh.spatial_filter = fresh.spatial_filter, NULL
            self.f.spatial_mask = fresh.spatial_mask
            self.f.filter_mask = fresh.filter_mask
            self.f.n_spatial = fresh.n_spatial
            self.f.empty_levels_known = False
        finally:
            free(fresh.spatial)
            free(fresh.spatial_filter)
            free(fresh)

    @property
    def spatial_count(self):
        return self.f.n_spatial

    def family_sizes(self):
        """Levels per family, in FAMILIES order."""
        return [self.f.n_pattern3, self.f.n_spatial] + [FIXED_LEVELS[name] for name in FAMILIES[2:]]

    def set_gammas(self, gammas):
        """gammas[k]: the strength of each level of family k (a sequence per family). Bad
        gammas raise ValueError before anything changes."""
        if len(gammas) != FEATURE_FAMILIES:
            raise ValueError(f"one gamma array per family ({FEATURE_FAMILIES})")
        cdef double[::1] view
        cdef int k, i
        arrays = [np.ascontiguousarray(gammas[k], dtype=np.float64) for k in range(FEATURE_FAMILIES)]
        for k in range(FEATURE_FAMILIES):
            view = arrays[k]                # one dimension, or ValueError
            if len(arrays[k]) and not (arrays[k] > 0).all():      # NaN fails too
                raise ValueError(f"gammas of {FAMILIES[k]} must be positive")
        for k in range(FEATURE_FAMILIES):
            view = arrays[k]
            free(self.f.gamma[k])
            self.f.n_levels[k] = 0
            self.f.gamma[k] = <double*>malloc(max(1, view.shape[0]) * sizeof(double))
            if self.f.gamma[k] == NULL:
                raise MemoryError("no memory for the gammas")
            for i in range(view.shape[0]):
                self.f.gamma[k][i] = view[i]
            self.f.n_levels[k] = view.shape[0]

    def gammas(self):
        return [np.array(<double[:self.f.n_levels[k]]> self.f.gamma[k]) if self.f.n_levels[k]
                else np.zeros(0) for k in range(FEATURE_FAMILIES)]

    # -- features --

    def spatial_keys(self, Board board, int colour, int point):
        """The canonical key of every spatial size around an empty point (for `colour` to play)."""
        _check(board, colour)
        if not board.on_board(point) or board.b.colour[point] != EMPTY:
            raise ValueError("the point must be an empty point of the board")
        keys = np.zeros(SPATIAL_SIZES, dtype=np.uint64)
        cdef uint64_t[::1] view = keys
        feature_prepare(&self.f, &board.b, colour)
        feature_spatial_keys(&self.f, &board.b, point, &view[0])
        return keys

    def extract_into(self, Board board, int colour, int last2, int32_t[::1] points,
                     int32_t[:, ::1] levels):
        """Every legal move's levels into the buffers (room for MAX_POINTS moves); how many."""
        _check(board, colour)
        if points.shape[0] < MAX_POINTS or levels.shape[0] < MAX_POINTS \
                or levels.shape[1] != FEATURE_FAMILIES:
            raise ValueError("buffers too small")
        cdef int n
        with nogil:
            n = feature_moves(&self.f, &board.b, colour, last2, &points[0], &levels[0, 0])
        return n

    def moves(self, Board board, int colour, int last2=PASS):
        """(points, levels[n, FAMILIES]) of every legal move but pass."""
        points = np.empty(MAX_POINTS, dtype=np.int32)
        levels = np.empty((MAX_POINTS, FEATURE_FAMILIES), dtype=np.int32)
        n = self.extract_into(board, colour, last2, points, levels)
        return points[:n].copy(), levels[:n].copy()

    def features(self, Board board, int colour, int point, int last2=PASS):
        """{family: level} of one legal move (families without a level left out)."""
        _check(board, colour)
        if not board.on_board(point) or not board_is_legal(&board.b, point, colour):
            raise ValueError("not a legal move")
        cdef int32_t level[FEATURE_FAMILIES]
        feature_prepare(&self.f, &board.b, colour)
        feature_of_move(&self.f, &board.b, point, colour, last2, level)
        return {FAMILIES[k]: level[k] for k in range(FEATURE_FAMILIES) if level[k] != NO_LEVEL}

    def probabilities(self, Board board, int colour, int last2=PASS):
        """(points, probabilities) of every legal move but pass, by the model."""
        points, levels = self.moves(board, colour, last2)
        strength = self.strengths(levels)
        total = strength.sum()
        return points, (strength / total if total > 0 else strength)

    def strengths(self, int32_t[:, ::1] levels):
        """The product of gammas of each row of levels."""
        if levels.shape[1] != FEATURE_FAMILIES:
            raise ValueError("one column per family")
        out = np.empty(levels.shape[0], dtype=np.float64)
        cdef double[::1] view = out
        if levels.shape[0]:
            feature_strengths(&self.f, levels.shape[0], &levels[0, 0], &view[0])
        return out

    def time_moves(self, Board board, int colour, int last2=PASS, int repeats=100):
        """CPU seconds per call of feature_moves on this position (for the benchmark)."""
        _check(board, colour)
        cdef int32_t points[MAX_POINTS]
        cdef int32_t[:, ::1] levels = np.empty((MAX_POINTS, FEATURE_FAMILIES), dtype=np.int32)
        cdef int i
        started = time.process_time()
        with nogil:
            for i in range(repeats):
                feature_moves(&self.f, &board.b, colour, last2, points, &levels[0, 0])
        return (time.process_time() - started) / repeats

    # -- files --

    @classmethod
    def load(cls, path=None):
        """A predictor from a model file (default: the shipped one); ValueError if unreadable."""
        if path is None:
            path = default_model_path()
        try:
            with np.load(path, allow_pickle=False) as data:
                if str(data["format"]) != MODEL_FORMAT:
                    raise ValueError(f"{path}: not a {MODEL_FORMAT} file")
                if int(data["version"]) != MODEL_VERSION:
                    raise ValueError(f"{path}: model version {int(data['version'])}, "
                                     f"expected {MODEL_VERSION}")
                predictor = cls()
                predictor.set_pattern3_codes(data["pattern3_codes"])
                predictor.set_spatial_keys(data["spatial_keys"])
                predictor.set_gammas([data[f"gamma_{name}"] for name in FAMILIES])
                predictor.meta = {k: data[k] for k in data.files if not k.startswith("gamma_")
                                  and k not in ("pattern3_codes", "spatial_keys")}
        except (OSError, KeyError, EOFError) as error:
            raise ValueError(f"{path}: unreadable model ({error})") from None
        except ValueError as error:
            if str(error).startswith(str(path)):
                raise
            raise ValueError(f"{path}: not a move predictor model (not an .npz file of arrays)") from None
        if predictor.family_sizes() != [len(g) for g in predictor.gammas()]:
            raise ValueError(f"{path}: gammas do not match the dictionaries")
        return predictor

    def save(self, path, **metadata):
        """Write the dictionaries and gammas (gammas as float32: a few MB at most)."""
        gammas = self.gammas()
        np.savez_compressed(path, format=np.array(MODEL_FORMAT), version=np.array(MODEL_VERSION),
                            pattern3_codes=self.pattern3_codes(),
                            spatial_keys=self._spatial_keys_by_level(),
                            **{f"gamma_{name}": gammas[k].astype(np.float32)
                               for k, name in enumerate(FAMILIES)},
                            **metadata)

    def _spatial_keys_by_level(self):
        keys = np.zeros(self.f.n_spatial, dtype=np.uint64)
        cdef uint64_t i
        if self.f.spatial_mask:
            for i in range(self.f.spatial_mask + 1):
                if self.f.spatial[i].key != 0:
                    keys[self.f.spatial[i].level] = self.f.spatial[i].key
        return keys


_SHARED = {}


def shared_predictor(path=""):
    """The model at path (empty: the shipped one), loaded once per process. The search's threads
    read its tables, so nothing may change them: callers get it to read, never to train."""
    key = str(path)
    if key not in _SHARED:
        _SHARED[key] = Predictor.load(path or None)
    return _SHARED[key]


cdef _check(Board board, int colour):
    if colour != BLACK and colour != WHITE:
        raise ValueError("colour must be 1 or 2")
