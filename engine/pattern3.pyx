# cython: language_level=3
"""3x3 pattern codes, their canonical form under the 8 symmetries, and the learned value table.

Values are looked up by absolute code and player (VALUES[c][code]): the colour swap and the
symmetry are folded into the table when it is loaded, so a playout pays one load per point
(VALUE_PAIRS: both players' values in one word, for the refresh that needs both).
"""
import logging
import os
from importlib import resources

import numpy as np

from libc.stdint cimport uint16_t, uint32_t, uint64_t

from mango.engine.board cimport (BLACK, EMPTY, MAX_POINTS, WHITE, Board, board_is_legal, board_t)

log = logging.getLogger(__name__)

TABLE_FORMAT = "mango-pattern3"
TABLE_VERSION = 1
DEFAULT_VALUE = PATTERN_DEFAULT_VALUE   # with no table, captures and proximity alone decide
MAX_VALUE = PATTERN_MAX_VALUE
CODES = PATTERN_CODES

# Neighbour k sits at OFFSETS[k] = (dx, dy): N, E, S, W, NE, SE, SW, NW.
OFFSETS = ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1))

cdef uint32_t SWAP16[65536]
cdef uint32_t CANON[PATTERN_CODES]
cdef uint16_t VALUES[3][PATTERN_CODES]
# Both players' values of a code side by side (Black's in the low half): a playout refreshes a
# point for both, and one cache line then serves both (the two tables are 2 MB each).
cdef uint32_t VALUE_PAIRS[PATTERN_CODES]


def _symmetries():
    """For each of the 8 symmetries, where neighbour k goes."""
    transforms = [
        lambda x, y: (x, y), lambda x, y: (-y, x), lambda x, y: (-x, -y), lambda x, y: (y, -x),
        lambda x, y: (-x, y), lambda x, y: (y, x), lambda x, y: (x, -y), lambda x, y: (-y, -x),
    ]
    return [[OFFSETS.index(t(*OFFSETS[k])) for k in range(8)] for t in transforms]


cdef void _build_tables(int[:, ::1] perm) noexcept nogil:
    """SWAP16 and CANON. A symmetry moves each field of a code on its own, so it is three small
    tables (the neighbour fields of the low byte, of the second byte, and the four atari bits),
    and the canonical code of each of the 2^20 codes is 7 x 3 lookups and a minimum (the process
    starts without the ~0.3 s of moving every field of every code, and without a large scratch
    allocation, which would raise the allocator's mmap threshold for the rest of the process)."""
    cdef uint32_t code, best, moved, field
    cdef uint32_t byte0[8][256]
    cdef uint32_t byte1[8][256]
    cdef uint32_t high[8][16]
    cdef int s, k
    for code in range(65536):
        moved = 0
        for k in range(8):
            field = (code >> (2 * k)) & 3
            if field == 1 or field == 2:
                field = 3 - field
            moved |= field << (2 * k)
        SWAP16[code] = moved
    for s in range(1, 8):
        for code in range(256):
            byte0[s][code] = 0
            byte1[s][code] = 0
            for k in range(4):
                byte0[s][code] |= ((code >> (2 * k)) & 3) << (2 * perm[s, k])
                byte1[s][code] |= ((code >> (2 * k)) & 3) << (2 * perm[s, k + 4])
        for code in range(16):
            moved = 0
            for k in range(4):
                moved |= ((code >> k) & 1) << (16 + perm[s, k])
            high[s][code] = moved
    for code in range(PATTERN_CODES):
        best = code
        for s in range(1, 8):
            moved = byte0[s][code & 0xFF] | byte1[s][(code >> 8) & 0xFF] | high[s][code >> 16]
            if moved < best:
                best = moved
        CANON[code] = best
    for code in range(PATTERN_CODES):
        VALUES[BLACK][code] = PATTERN_DEFAULT_VALUE
        VALUES[WHITE][code] = PATTERN_DEFAULT_VALUE
        VALUE_PAIRS[code] = PATTERN_DEFAULT_VALUE | <uint32_t>PATTERN_DEFAULT_VALUE << 16


_build_tables(np.array(_symmetries(), dtype=np.intc))


cdef uint32_t pattern_for_player(uint32_t code, int c) noexcept nogil:
    if c == WHITE:
        return (code & ~(<uint32_t>0xFFFF)) | SWAP16[code & 0xFFFF]
    return code


cdef uint32_t pattern_canonical(uint32_t player_code) noexcept nogil:
    """The smallest code among the 8 symmetries of a player code (a table load)."""
    return CANON[player_code]


cdef const uint16_t* pattern_values_for(int c) noexcept nogil:
    """The value table of player c, indexed by absolute code (for callers that keep it)."""
    return VALUES[c]


# ---- Python face -------------------------------------------------------------------------

def code_at(Board board, int point):
    """The absolute 3x3 code around an empty point."""
    if not board.on_board(point) or board.colour_at(point) != EMPTY:
        raise ValueError(f"point {point} is not an empty point of the board")
    return pattern_code(&board.b, point)


def for_player(uint32_t code, int colour):
    """The code as seen by `colour` to play (1 = the player's stones)."""
    if colour != BLACK and colour != WHITE:
        raise ValueError("colour must be 1 or 2")
    return pattern_for_player(code, colour)


def canonical(uint32_t player_code):
    if player_code >= PATTERN_CODES:
        raise ValueError("not a pattern code")
    return CANON[player_code]


def value(uint32_t code, int colour):
    """The loaded value of absolute `code` for `colour` to play."""
    if code >= PATTERN_CODES or colour not in (BLACK, WHITE):
        raise ValueError("bad code or colour")
    return VALUES[colour][code]


def canonical_table():
    """CANON as a read-only numpy array (for the learner's bincounts)."""
    array = np.asarray(<uint32_t[:PATTERN_CODES]> CANON)
    array.setflags(write=False)
    return array


def default_table_path():
    """The table shipped in the `patterns` package (data only: no code is imported from it)."""
    return resources.files("mango.patterns") / "data" / "pattern3.npz"


def values_by_player(codes, values, int default):
    """(black, white): the value of every absolute code for each player, from a table of
    canonical player codes. ValueError for a table that is not one."""
    codes = np.asarray(codes, dtype=np.int64)
    values = np.asarray(values, dtype=np.int64)
    if codes.shape != values.shape or codes.ndim != 1:
        raise ValueError("codes and values must be 1-D arrays of one length")
    if len(codes) and (codes.min() < 0 or codes.max() >= PATTERN_CODES):
        raise ValueError("pattern codes out of range")
    canon = canonical_table()
    if len(codes) and not np.array_equal(canon[codes], codes):
        raise ValueError("table codes must be canonical")
    for v in (values, np.array([default])):
        if len(v) and (v.min() < 1 or v.max() > PATTERN_MAX_VALUE):
            raise ValueError(f"pattern values must be 1..{PATTERN_MAX_VALUE}")
    by_canonical = np.full(PATTERN_CODES, default, dtype=np.uint16)
    by_canonical[codes] = values
    return _by_player(by_canonical)


def classes_by_player(codes):
    """(black, white): the class of every absolute code for each player, the index in `codes`
    (canonical player codes) of its canonical code, len(codes) for the codes not there (the
    default's class): the parameters simulation balancing learns (patterns/balance.py)."""
    codes = np.asarray(codes, dtype=np.int64)
    if codes.ndim != 1 or (len(codes) and (codes.min() < 0 or codes.max() >= PATTERN_CODES)):
        raise ValueError("codes must be a 1-D array of pattern codes")
    if len(codes) and not np.array_equal(canonical_table()[codes], codes):
        raise ValueError("table codes must be canonical")
    by_canonical = np.full(PATTERN_CODES, len(codes), dtype=np.int32)
    by_canonical[codes] = np.arange(len(codes), dtype=np.int32)
    return _by_player(by_canonical)


def _by_player(by_canonical):
    """A per-canonical-code array read for each player to move: (black, white) by absolute code."""
    canon = canonical_table()
    every = np.arange(PATTERN_CODES, dtype=np.uint32)
    swapped = (every & ~np.uint32(0xFFFF)) | np.asarray(<uint32_t[:65536]> SWAP16)[every & 0xFFFF]
    black = by_canonical[canon]
    white = by_canonical[canon[swapped]]
    black.setflags(write=False)
    white.setflags(write=False)
    return black, white


def install_values(codes, values, int default=PATTERN_DEFAULT_VALUE):
    """Load a table as the process's default: values[i] for canonical player code codes[i],
    `default` for the rest."""
    black, white = values_by_player(codes, values, default)
    cdef const uint16_t[::1] black_view = black
    cdef const uint16_t[::1] white_view = white
    cdef int i
    for i in range(PATTERN_CODES):
        VALUES[BLACK][i] = black_view[i]
        VALUES[WHITE][i] = white_view[i]
        VALUE_PAIRS[i] = black_view[i] | <uint32_t>white_view[i] << 16


# Tables that a configuration names (playout.pattern_table), by path: each read once, and kept for
# the life of the process, as the playout policies that point into them may outlive any searcher.
_NAMED_TABLES = {}


def named_table(path):
    """(black, white, pairs) value arrays of the table file `path`, read once (pairs: Black's
    value | White's << 16, as VALUE_PAIRS). ValueError if unreadable."""
    key = os.path.abspath(os.fspath(path))
    if key not in _NAMED_TABLES:
        codes, values, default, _ = read_table(key)
        black, white = values_by_player(codes, values, default)
        pairs = black.astype(np.uint32) | (white.astype(np.uint32) << 16)
        _NAMED_TABLES[key] = (black, white, pairs)
    return _NAMED_TABLES[key]


cdef const uint16_t* pattern_named_values(path, int c) except NULL:
    """The value table of player c from the table file `path` (see named_table)."""
    cdef const uint16_t[::1] view = named_table(path)[0 if c == BLACK else 1]
    return &view[0]


cdef const uint32_t* pattern_named_value_pairs(path) except NULL:
    """Both players' values of the table file `path`, side by side (see VALUE_PAIRS)."""
    cdef const uint32_t[::1] view = named_table(path)[2]
    return &view[0]


cdef const uint32_t* pattern_value_pairs() noexcept nogil:
    """Both players' values of the loaded table, side by side (see VALUE_PAIRS)."""
    return VALUE_PAIRS


def read_table(path):
    """(codes, values, default, metadata) from a table file; ValueError if it is not one."""
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["format"]) != TABLE_FORMAT:
                raise ValueError(f"{path}: not a {TABLE_FORMAT} file")
            if int(data["version"]) != TABLE_VERSION:
                raise ValueError(f"{path}: table version {int(data['version'])}, expected {TABLE_VERSION}")
            meta = {k: data[k] for k in data.files if k not in ("codes", "values")}
            return data["codes"], data["values"], int(data["default_value"]), meta
    except (OSError, KeyError, EOFError) as error:
        raise ValueError(f"{path}: unreadable pattern table ({error})") from None
    except ValueError as error:
        if str(error).startswith(str(path)):
            raise
        raise ValueError(f"{path}: not a pattern table (not an .npz file of arrays)") from None


def write_table(path, codes, values, int default, **metadata):
    np.savez_compressed(path, format=np.array(TABLE_FORMAT), version=np.array(TABLE_VERSION),
                        codes=np.asarray(codes, dtype=np.uint32),
                        values=np.asarray(values, dtype=np.uint16),
                        default_value=np.array(default, dtype=np.uint16), **metadata)


def load_table(path=None):
    """Load `path` (default: the shipped table). A missing default table leaves every value at
    DEFAULT_VALUE with a warning; a bad explicit path raises ValueError."""
    if path is None:
        path = default_table_path()
        if not path.is_file():
            log.warning("no pattern table at %s: every 3x3 pattern is worth %d", path, DEFAULT_VALUE)
            install_values([], [], DEFAULT_VALUE)
            return None
    codes, values, default, meta = read_table(path)
    install_values(codes, values, default)
    return meta


def count_position(Board board, int colour, int move, uint64_t[::1] seen, uint64_t[::1] played):
    """Learner step: count the player code of every legal empty point for `colour` in `seen`, and
    the code of `move` in `played`. Returns the number of candidate points."""
    if seen.shape[0] != PATTERN_CODES or played.shape[0] != PATTERN_CODES:
        raise ValueError("count arrays must have PATTERN_CODES entries")
    cdef board_t* b = &board.b
    cdef int i, p, n = 0
    if move != -1 and not (0 < move < MAX_POINTS and b.colour[move] == EMPTY):
        raise ValueError("the move must be an empty point or pass")
    with nogil:
        for i in range(b.n_empty):
            p = b.empty[i]
            if board_is_legal(b, p, colour):
                seen[pattern_for_player(pattern_code(b, p), colour)] += 1
                n += 1
        if move != -1:
            played[pattern_for_player(pattern_code(b, move), colour)] += 1
    return n


def top1_credit(Board board, int colour, int move, table=None):
    """Top-1 prediction credit of a table's values for `move`: 1/k when the move is among the k
    legal points of highest value, else 0. table: (black, white) from values_by_player, a table
    being judged (the learner's); the process's table by default."""
    cdef board_t* b = &board.b
    cdef int i, p, ties = 0
    cdef uint16_t v, best = 0, mine
    cdef const uint16_t[::1] view
    cdef const uint16_t* values = VALUES[colour]
    if table is not None:
        view = table[0 if colour == BLACK else 1]
        if view.shape[0] != PATTERN_CODES:
            raise ValueError("a table has PATTERN_CODES values per player")
        values = &view[0]
    if not (0 < move < MAX_POINTS and b.colour[move] == EMPTY):
        raise ValueError("the move must be an empty point")
    mine = values[pattern_code(b, move)]
    for i in range(b.n_empty):
        p = b.empty[i]
        if board_is_legal(b, p, colour):
            v = values[pattern_code(b, p)]
            if v > best:
                best, ties = v, 1
            elif v == best:
                ties += 1
    return 1.0 / ties if mine == best and ties else 0.0


load_table()   # the shipped table, or DEFAULT_VALUE everywhere (with a warning) if it is missing
