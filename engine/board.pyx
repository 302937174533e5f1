# cython: language_level=3
"""The Go board in C: incremental groups, pseudo-liberties, bitboards, Zobrist hash, area score.

A move costs O(stones of the groups it touches): merging relabels the smaller groups, a capture
walks the captured stones; nothing floods the board. Copying a board is one struct assignment.
"""
from libc.stdint cimport uint64_t
from libc.string cimport memset

from mango.engine.errors import IllegalMoveError

cdef uint64_t ZOBRIST[3][MAX_POINTS]


cdef uint64_t board_splitmix64(uint64_t* state) noexcept nogil:
    """SplitMix64: the fixed-seed keys of the board's and the predictor's Zobrist hashes."""
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef void _init_zobrist() noexcept nogil:
    """Fixed keys, the same in every process, so hashes can be compared across runs and tests."""
    cdef uint64_t state = 0x4D414E474F  # "MANGO"
    cdef int c, p
    for c in range(3):
        for p in range(MAX_POINTS):
            ZOBRIST[c][p] = board_splitmix64(&state) if c != EMPTY else 0


_init_zobrist()


cdef uint64_t board_zobrist(int c, int p) noexcept nogil:
    return ZOBRIST[c][p]


cdef inline void _bit_set(uint64_t* bits, int p) noexcept nogil:
    bits[p >> 6] |= (<uint64_t>1) << (p & 63)


cdef inline void _bit_clear(uint64_t* bits, int p) noexcept nogil:
    bits[p >> 6] &= ~((<uint64_t>1) << (p & 63))


cdef void board_init(board_t* b, int size) noexcept nogil:
    cdef int w = size + 2
    cdef int x, y, p, i, k
    cdef int* d = [-w, -1, 1, w]
    memset(b, 0, sizeof(board_t))
    b.size = size
    b.width = w
    b.words = (w * w + 63) // 64
    b.to_move = BLACK
    b.ko_point = NO_POINT
    b.last_move = NO_POINT
    for p in range(MAX_POINTS):
        b.colour[p] = OFFBOARD
    for y in range(size):
        for x in range(size):
            p = (y + 1) * w + (x + 1)
            b.colour[p] = EMPTY
            b.empty_index[p] = b.n_empty
            b.empty[b.n_empty] = p
            b.n_empty += 1
            _bit_set(b.on_board, p)
    # Neighbour counts; off-board neighbours count as both colours.
    for y in range(size):
        for x in range(size):
            p = (y + 1) * w + (x + 1)
            for i in range(4):
                k = p + d[i]
                if b.colour[k] == OFFBOARD:
                    b.nbr[p] += (1 << 0) + (1 << 4)
                else:
                    b.nbr[p] += NBR_ONE_EMPTY


cdef inline void _add_lib(board_t* b, int g, int q) noexcept nogil:
    b.group_libs[g] += 1
    b.group_lib_sum[g] += q
    b.group_lib_sumsq[g] += q * q


cdef inline void _remove_lib(board_t* b, int g, int q) noexcept nogil:
    b.group_libs[g] -= 1
    b.group_lib_sum[g] -= q
    b.group_lib_sumsq[g] -= q * q


cdef inline int _merge(board_t* b, int g1, int g2) noexcept nogil:
    """Join two distinct groups; the smaller one's stones are relabelled. Returns the new root."""
    cdef int root = g1, small = g2, s, tmp
    if b.group_size[g1] < b.group_size[g2]:
        root = g2
        small = g1
    s = small
    while True:
        b.group[s] = root
        s = b.next_stone[s]
        if s == small:
            break
    tmp = b.next_stone[root]
    b.next_stone[root] = b.next_stone[small]
    b.next_stone[small] = tmp
    b.group_size[root] += b.group_size[small]
    b.group_libs[root] += b.group_libs[small]
    b.group_lib_sum[root] += b.group_lib_sum[small]
    b.group_lib_sumsq[root] += b.group_lib_sumsq[small]
    return root


cdef void board_put_stone(board_t* b, int p, int c) noexcept nogil:
    """Place a stone, update neighbours, liberties and groups; no captures (board_play does those).
    Also used to set up positions.

    Empty and off-board points keep group id NO_POINT, an off-board corner whose group fields
    are a scratch sink: "take liberty p from every neighbouring group" then needs no test of the
    neighbour's colour, which a random playout would mispredict."""
    cdef int w = b.width
    cdef int i, q, g, last, is_empty
    cdef int* d = [-w, -1, 1, w]
    cdef int delta = (1 << (4 * (c - 1))) - NBR_ONE_EMPTY
    cdef int libs = 0, lib_sum = 0, lib_sumsq = 0

    i = b.empty_index[p]
    b.n_empty -= 1
    last = b.empty[b.n_empty]
    b.empty[i] = last
    b.empty_index[last] = i

    b.colour[p] = c
    _bit_set(b.stones[c], p)
    b.hash ^= ZOBRIST[c][p]

    for i in range(4):
        q = p + d[i]
        b.nbr[q] += delta
        is_empty = b.colour[q] == EMPTY
        libs += is_empty
        lib_sum += q & -is_empty
        lib_sumsq += (q * q) & -is_empty
        _remove_lib(b, b.group[q], p)     # a neighbouring group loses p (the sink if none)
    b.group[p] = p
    b.next_stone[p] = p
    b.group_size[p] = 1
    b.group_libs[p] = libs
    b.group_lib_sum[p] = lib_sum
    b.group_lib_sumsq[p] = lib_sumsq
    if board_neighbours_of(b, p, c) == 0:
        return  # no friendly neighbour (the edge counts as friendly, so this is an open point)
    for i in range(4):
        q = p + d[i]
        if b.colour[q] == c:
            g = b.group[q]
            if g != b.group[p]:
                _merge(b, g, b.group[p])


cdef void _remove_group(board_t* b, int g) noexcept nogil:
    """Take a captured group off the board; its points become liberties of the capturer's groups.
    (Neighbours that are empty, off board or of the captured group itself feed the sink or the
    dying group's own fields: harmless, and no branch on their colour.)"""
    cdef int w = b.width
    cdef int c = b.colour[g]
    cdef int s = g, i
    cdef int* d = [-w, -1, 1, w]
    cdef int delta = NBR_ONE_EMPTY - (1 << (4 * (c - 1)))
    while True:
        b.colour[s] = EMPTY
        b.group[s] = NO_POINT
        _bit_clear(b.stones[c], s)
        b.hash ^= ZOBRIST[c][s]
        b.empty_index[s] = b.n_empty
        b.empty[b.n_empty] = s
        b.n_empty += 1
        for i in range(4):
            b.nbr[s + d[i]] += delta
            _add_lib(b, b.group[s + d[i]], s)
        s = b.next_stone[s]
        if s == g:
            break


cdef int board_play(board_t* b, int p, int c) noexcept nogil:
    """Play a move already known to be legal at board level. Returns the stones captured."""
    cdef int w = b.width
    cdef int other = 3 - c
    cdef int i, q, g, captured = 0, captured_point = NO_POINT
    cdef int* d = [-w, -1, 1, w]
    b.ko_point = NO_POINT
    b.last_move = p
    b.to_move = other
    if p == PASS:
        b.passes += 1
        return 0
    b.passes = 0
    board_put_stone(b, p, c)
    for i in range(4):
        q = p + d[i]
        g = b.group[q]
        if b.group_libs[g] == 0 and b.colour[q] == other:
            captured += b.group_size[g]
            captured_point = q
            _remove_group(b, g)
    if captured:
        b.captures[c] += captured
        g = b.group[p]
        if captured == 1 and b.group_size[g] == 1 and b.group_libs[g] == 1:
            b.ko_point = captured_point
            b.ko_colour = other
    return captured


cdef int board_illegal_reason(const board_t* b, int p, int c) noexcept nogil:
    if b.colour[p] != EMPTY:
        return ILLEGAL_OCCUPIED
    if board_is_ko(b, p, c):
        return ILLEGAL_KO
    if board_is_suicide(b, p, c):
        return ILLEGAL_SUICIDE
    return LEGAL


cdef inline void _dilate(const uint64_t* src, uint64_t* dst, int n, int w) noexcept nogil:
    """dst = src together with its four neighbour shifts (by 1 and by w), across word borders."""
    cdef int i
    cdef uint64_t x
    for i in range(n):
        x = src[i] | (src[i] << 1) | (src[i] >> 1) | (src[i] << w) | (src[i] >> w)
        if i > 0:
            x |= (src[i - 1] >> 63) | (src[i - 1] >> (64 - w))
        if i + 1 < n:
            x |= (src[i + 1] << 63) | (src[i + 1] << (64 - w))
        dst[i] = x


cdef inline int _popcount(const uint64_t* bits, int n) noexcept nogil:
    cdef int i, total = 0
    for i in range(n):
        total += __builtin_popcountll(bits[i])
    return total


cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil


cdef void _reach(const board_t* b, const uint64_t* seed, const uint64_t* empty, uint64_t* out) noexcept nogil:
    """Empty points connected through empty points to a stone of `seed`: a bit-parallel flood."""
    cdef uint64_t grown[MAX_WORDS]
    cdef int i, n = b.words
    cdef bint changed = True
    _dilate(seed, out, n, b.width)
    for i in range(n):
        out[i] &= empty[i]
    while changed:
        changed = False
        _dilate(out, grown, n, b.width)
        for i in range(n):
            grown[i] &= empty[i]
            if grown[i] != out[i]:
                changed = True
                out[i] = grown[i]


cdef void board_area_counts(const board_t* b, int* black, int* white) noexcept nogil:
    """Area (Tromp-Taylor) points: stones plus empty regions that reach only that colour."""
    cdef uint64_t empty[MAX_WORDS]
    cdef uint64_t reach_black[MAX_WORDS]
    cdef uint64_t reach_white[MAX_WORDS]
    cdef int i, n = b.words
    for i in range(n):
        empty[i] = b.on_board[i] & ~(b.stones[BLACK][i] | b.stones[WHITE][i])
    _reach(b, b.stones[BLACK], empty, reach_black)
    _reach(b, b.stones[WHITE], empty, reach_white)
    black[0] = _popcount(b.stones[BLACK], n)
    white[0] = _popcount(b.stones[WHITE], n)
    for i in range(n):
        black[0] += __builtin_popcountll(reach_black[i] & ~reach_white[i])
        white[0] += __builtin_popcountll(reach_white[i] & ~reach_black[i])


cdef int board_area_score(const board_t* b) noexcept nogil:
    """Black's area minus White's, without komi."""
    cdef int black, white
    board_area_counts(b, &black, &white)
    return black - white


cdef int board_liberty_count(const board_t* b, int p) noexcept nogil:
    """Exact liberties of the group at p, by walking its stones (not for hot loops)."""
    cdef uint64_t seen[MAX_WORDS]
    cdef int w = b.width
    cdef int g = b.group[p], s, i, q, count = 0
    cdef int* d = [-w, -1, 1, w]
    memset(seen, 0, sizeof(seen))
    s = g
    while True:
        for i in range(4):
            q = s + d[i]
            if b.colour[q] == EMPTY and not (seen[q >> 6] >> (q & 63)) & 1:
                seen[q >> 6] |= (<uint64_t>1) << (q & 63)
                count += 1
        s = b.next_stone[s]
        if s == g:
            break
    return count


_REASONS = {ILLEGAL_OCCUPIED: "occupied", ILLEGAL_SUICIDE: "suicide", ILLEGAL_KO: "ko"}

PASS_POINT = PASS   # the point value of a pass, for Python callers
BOARD_BYTES = sizeof(board_t)   # what copying a board for a playout moves


def zobrist_key(int colour, int point):
    """The Zobrist key of a stone, for tests that recompute a hash from scratch."""
    if colour not in (BLACK, WHITE) or not 0 <= point < MAX_POINTS:
        raise ValueError("bad colour or point")
    return ZOBRIST[colour][point]


cdef class Board:
    """Python face of board_t: points are integers (see point()), colours 1 (black) and 2 (white).

    The game record, vertex names and superko live in mango.engine.game.Game; this class is the rules
    engine underneath it and the object search and playouts copy.
    """

    def __init__(self, int size=19):
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, got {size}")
        board_init(&self.b, size)

    def copy(self):
        cdef Board other = Board.__new__(Board)
        other.b = self.b
        return other

    @property
    def size(self):
        return self.b.size

    @property
    def width(self):
        return self.b.width

    @property
    def to_move(self):
        return self.b.to_move

    @to_move.setter
    def to_move(self, int colour):
        _check_colour(colour)
        self.b.to_move = colour

    @property
    def hash(self):
        return self.b.hash

    @property
    def ko_point(self):
        """(point, colour that may not play there) or None."""
        if self.b.ko_point == NO_POINT:
            return None
        return (self.b.ko_point, self.b.ko_colour)

    @property
    def passes(self):
        return self.b.passes

    @property
    def last_move(self):
        return self.b.last_move

    @property
    def captures(self):
        """Stones captured so far by (black, white)."""
        return (self.b.captures[BLACK], self.b.captures[WHITE])

    def set_captures(self, int black, int white):
        """Carry the capture counts over to a board built anew (a set-up in a game in progress)."""
        self.b.captures[BLACK] = black
        self.b.captures[WHITE] = white

    def point(self, int x, int y):
        """Point index of column x, row y (0-based, row 0 at the bottom)."""
        if not (0 <= x < self.b.size and 0 <= y < self.b.size):
            raise ValueError(f"({x}, {y}) is off a {self.b.size}x{self.b.size} board")
        return (y + 1) * self.b.width + (x + 1)

    def xy(self, int point):
        """Inverse of point()."""
        self._check_point(point)
        return (point % self.b.width - 1, point // self.b.width - 1)

    def on_board(self, int point):
        return 0 <= point < MAX_POINTS and self.b.colour[point] != OFFBOARD

    def colour_at(self, int point):
        """0 empty, 1 black, 2 white."""
        self._check_point(point)
        return self.b.colour[point]

    def illegal_reason(self, int point, int colour):
        """None if legal at board level, else "occupied", "suicide" or "ko"."""
        _check_colour(colour)
        if point == PASS:
            return None
        self._check_point(point)
        return _REASONS.get(board_illegal_reason(&self.b, point, colour))

    def is_legal(self, int point, int colour):
        return self.illegal_reason(point, colour) is None

    def play(self, int point, int colour):
        """Play a move (point or PASS); raises IllegalMoveError and leaves the board as it was."""
        reason = self.illegal_reason(point, colour)
        if reason is not None:
            raise IllegalMoveError(reason)
        return board_play(&self.b, point, colour)

    def put_stone(self, int point, int colour):
        """Set-up: add a stone without captures or move bookkeeping (check_setup() afterwards)."""
        _check_colour(colour)
        self._check_point(point)
        if self.b.colour[point] != EMPTY:
            raise ValueError("point is occupied")
        board_put_stone(&self.b, point, colour)

    def groups_without_liberties(self):
        """Roots of groups with no liberty: a set-up position must have none."""
        return sorted({self.b.group[p] for p in range(MAX_POINTS)
                       if self.b.colour[p] in (BLACK, WHITE) and self.b.group_libs[self.b.group[p]] == 0})

    def is_true_eye(self, int point, int colour):
        _check_colour(colour)
        self._check_point(point)
        return board_is_true_eye(&self.b, point, colour)

    def liberties(self, int point):
        """Exact liberty count of the group on point."""
        self._check_stone(point)
        return board_liberty_count(&self.b, point)

    def in_atari(self, int point):
        self._check_stone(point)
        return board_in_atari(&self.b, self.b.group[point])

    def group_stones(self, int point):
        """Sorted points of the group on point."""
        self._check_stone(point)
        cdef int g = self.b.group[point], s = g
        stones = []
        while True:
            stones.append(s)
            s = self.b.next_stone[s]
            if s == g:
                break
        return sorted(stones)

    def stones(self, int colour):
        """Sorted points holding stones of colour."""
        _check_colour(colour)
        return [p for p in range(MAX_POINTS) if self.b.colour[p] == colour]

    def empty_points(self):
        return sorted(self.b.empty[i] for i in range(self.b.n_empty))

    def area(self):
        """(black area, white area) under area scoring."""
        cdef int black, white
        board_area_counts(&self.b, &black, &white)
        return (black, white)

    def area_score(self):
        """Black's area minus White's, komi not included."""
        return board_area_score(&self.b)

    def check_invariants(self):
        """Recompute every incremental structure from scratch and raise AssertionError on a
        mismatch. Slow; for tests and debugging."""
        cdef int w = self.b.width, p, q, c
        cdef board_t* b = &self.b
        expected_hash = 0
        empties = set()
        for p in range(MAX_POINTS):
            c = b.colour[p]
            if c == OFFBOARD:
                assert not (b.on_board[p >> 6] >> (p & 63)) & 1, f"off-board point {p} in on_board"
                continue
            assert (b.on_board[p >> 6] >> (p & 63)) & 1, f"point {p} missing from on_board"
            for colour in (BLACK, WHITE):
                in_bits = bool((b.stones[colour][p >> 6] >> (p & 63)) & 1)
                assert in_bits == (c == colour), f"bitboard of colour {colour} wrong at {p}"
            counts = [0, 0, 0]
            for q in (p - w, p - 1, p + 1, p + w):
                if b.colour[q] == OFFBOARD:
                    counts[0] += 1
                    counts[1] += 1
                elif b.colour[q] == EMPTY:
                    counts[2] += 1
                else:
                    counts[b.colour[q] - 1] += 1
            packed = counts[0] | counts[1] << 4 | counts[2] << 8
            assert b.nbr[p] == packed, f"neighbour counts wrong at {p}: {b.nbr[p]:#x} != {packed:#x}"
            if c == EMPTY:
                assert b.group[p] == NO_POINT, f"empty point {p} keeps group id {b.group[p]}"
                empties.add(p)
            else:
                expected_hash ^= ZOBRIST[c][p]
        assert b.hash == expected_hash, "Zobrist hash differs from a recomputation"
        listed = [b.empty[i] for i in range(b.n_empty)]
        assert len(listed) == len(empties) and set(listed) == empties, "empty list wrong"
        for i, p in enumerate(listed):
            assert b.empty_index[p] == i, f"empty_index wrong at {p}"
        # Groups: flood fill each chain and compare membership, size and pseudo-liberty sums.
        seen = set()
        for p in range(MAX_POINTS):
            c = b.colour[p]
            if c not in (BLACK, WHITE) or p in seen:
                continue
            chain, stack = {p}, [p]
            while stack:
                s = stack.pop()
                for q in (s - w, s - 1, s + 1, s + w):
                    if b.colour[q] == c and q not in chain:
                        chain.add(q)
                        stack.append(q)
            seen |= chain
            g = b.group[p]
            assert all(b.group[s] == g for s in chain), f"chain at {p} has several group ids"
            assert b.colour[g] == c and g in chain, f"group root {g} not in its chain"
            assert set(self.group_stones(p)) == chain, f"stone list of group {g} wrong"
            assert b.group_size[g] == len(chain), f"group size of {g} wrong"
            pseudo = [q for s in chain for q in (s - w, s - 1, s + 1, s + w) if b.colour[q] == EMPTY]
            assert b.group_libs[g] == len(pseudo), f"pseudo-liberty count of {g} wrong"
            assert b.group_lib_sum[g] == sum(pseudo), f"pseudo-liberty sum of {g} wrong"
            assert b.group_lib_sumsq[g] == sum(q * q for q in pseudo), f"pseudo-liberty sumsq of {g} wrong"
            assert len(pseudo) > 0, f"group {g} on the board without liberties"
            assert bool(board_in_atari(b, g)) == (len(set(pseudo)) == 1), f"atari test of {g} wrong"
            if len(set(pseudo)) == 1:
                assert board_atari_point(b, g) == pseudo[0], f"atari point of {g} wrong"

    cdef _check_point(self, int point):
        if not (0 <= point < MAX_POINTS and self.b.colour[point] != OFFBOARD):
            raise ValueError(f"point {point} is not on the board")

    cdef _check_stone(self, int point):
        self._check_point(point)
        if self.b.colour[point] == EMPTY:
            raise ValueError(f"point {point} holds no stone")


cdef _check_colour(int colour):
    if colour != BLACK and colour != WHITE:
        raise ValueError(f"colour must be 1 (black) or 2 (white), got {colour}")
