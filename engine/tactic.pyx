# cython: language_level=3
"""Tactics every part of the engine reads alike: a move's liberties, a group's liberties, and a
cheap ladder reader (atari after atari, the defender extending, within a budget of ataris) on
scratch boards the caller lends. The playouts (captures, saves, self-ataris), the tree's
knowledge (the ladder prior) and the move predictor (its ladder features) all call these, so
that they agree on what a ladder is.
"""
from libc.stdint cimport int64_t

from mango.engine.board cimport (EMPTY, NO_POINT, board_add_unique, board_atari_point, board_copy,
                                 board_in_atari, board_is_ko,
                                 board_is_suicide, board_play, board_t)


cdef int libs_after_move(const board_t* b, int p, int c, int* size_after) noexcept nogil:
    """Liberties of c's group at empty p once c plays there: 0, 1 or 2 (meaning two or more).
    Exact and O(1): the pseudo-liberty sums of the groups it joins are combined as if merged,
    less their adjacencies to p, plus p's empty neighbours. A move that captures counts as 2
    (the captured points are liberties; a capture in atari is a ko, not a self-atari)."""
    cdef int w = b.width, i, j, q, g, seen_count = 0, col
    cdef int* d = [-w, -1, 1, w]
    cdef int roots[4]
    cdef int64_t libs = 0, lib_sum = 0, lib_sumsq = 0
    cdef bint known
    size_after[0] = 1
    if ((b.nbr[p] >> 8) & 15) >= 2:
        return 2            # two empty neighbours are two liberties (size_after is not needed)
    for i in range(4):
        q = p + d[i]
        col = b.colour[q]
        if col == EMPTY:
            libs += 1
            lib_sum += q
            lib_sumsq += q * q
        elif col == c:
            g = b.group[q]
            libs -= 1
            lib_sum -= p
            lib_sumsq -= p * p
            known = False
            for j in range(seen_count):
                if roots[j] == g:
                    known = True
            if not known:
                roots[seen_count] = g
                seen_count += 1
                libs += b.group_libs[g]
                lib_sum += b.group_lib_sum[g]
                lib_sumsq += b.group_lib_sumsq[g]
                size_after[0] += b.group_size[g]
        elif col == 3 - c:
            if board_in_atari(b, b.group[q]):
                return 2
    if libs <= 0:
        return 0
    if libs * lib_sumsq == lib_sum * lib_sum:
        return 1
    return 2


cdef int group_liberties(const board_t* b, int g, int* out, int most) noexcept nogil:
    """The distinct liberties of group g into out, stopping once `most` are found; returns how
    many were found (so "== most" means "at least most")."""
    cdef int w = b.width, s = g, i, j, q, n = 0
    cdef int* d = [-w, -1, 1, w]
    cdef bint seen
    while True:
        for i in range(4):
            q = s + d[i]
            if b.colour[q] == EMPTY:
                seen = False
                for j in range(n):
                    if out[j] == q:
                        seen = True
                if not seen:
                    out[n] = q
                    n += 1
                    if n >= most:
                        return n
        s = b.next_stone[s]
        if s == g:
            return n


cdef bint group_touches_atari(const board_t* b, int g, int att) noexcept nogil:
    """Some group of att touching group g is in atari (g's owner could capture it)."""
    cdef int w = b.width, s = g, i, e
    cdef int* d = [-w, -1, 1, w]
    while True:
        for i in range(4):
            e = s + d[i]
            if b.colour[e] == att and board_in_atari(b, b.group[e]):
                return True
        s = b.next_stone[s]
        if s == g:
            return False


cdef int _ladder_search(board_t* scratch, int slot, int steps, int gp, int att, int* budget) noexcept nogil:
    """scratch[slot]: the group at gp has exactly two liberties, att to move, `steps` ataris into
    the ladder. Returns att's atari that wins the ladder, or NO_POINT. Each atari is tried depth
    first within a budget of ataris: the first on a copy in scratch[slot + 1], the second on
    scratch[slot] itself (nothing reads that board after its last try): a board copy saved each
    time both ataris are read, where the copies were much of the reading's time."""
    cdef board_t* here = &scratch[slot]
    cdef board_t* tmp
    cdef int defender = 3 - att, i, lib, ext, n, g, next_slot
    cdef int libs[3]
    cdef int after[3]
    if steps >= LADDER_MAX_STEPS or group_liberties_to_three(here, here.group[gp], libs) != 2:
        return NO_POINT
    for i in range(2):
        lib = libs[i]
        if budget[0] <= 0:
            return NO_POINT
        if board_is_ko(here, lib, att) or board_is_suicide(here, lib, att):
            continue
        budget[0] -= 1
        if i == 0:
            next_slot = slot + 1
            tmp = &scratch[next_slot]
            board_copy(tmp, here)
        else:
            next_slot = slot
            tmp = here
        board_play(tmp, lib, att)
        g = tmp.group[gp]
        if board_in_atari(tmp, tmp.group[lib]) or not board_in_atari(tmp, g) \
                or group_touches_atari(tmp, g, att):
            continue                        # the defender captures its way out (or no atari)
        ext = board_atari_point(tmp, g)
        if board_is_ko(tmp, ext, defender) or board_is_suicide(tmp, ext, defender):
            return lib
        board_play(tmp, ext, defender)
        n = group_liberties_to_three(tmp, tmp.group[gp], after)
        if n <= 1 or (n == 2 and _ladder_search(scratch, next_slot, steps + 1, gp, att, budget)
                      != NO_POINT):
            return lib
    return NO_POINT


cdef int ladder_capture(const board_t* b, int gp, int att, board_t* scratch) noexcept nogil:
    """The group at gp has exactly two liberties and att is to move. If att captures it by a
    ladder (atari after atari, the defender extending each time and escaping when it can capture
    an attacking stone in atari), return att's first atari; else NO_POINT. `scratch` has room for
    LADDER_BOARDS boards; at most LADDER_BUDGET ataris are read."""
    board_copy(&scratch[0], b)
    return ladder_read(scratch, gp, att)


cdef int ladder_read(board_t* scratch, int gp, int att) noexcept nogil:
    """ladder_capture on the position already in scratch[0], which the reading may change."""
    cdef int budget = LADDER_BUDGET
    return _ladder_search(scratch, 0, 0, gp, att, &budget)


cdef int _liberties_after_quiet_move(const board_t* b, int p, int c, int most) noexcept nogil:
    """Distinct liberties (counted up to `most`) of c's group once c plays at empty p, read
    without playing it; -1 when the move captures (the captured points would be liberties: the
    caller plays it)."""
    cdef int w = b.width, i, j, q, s, g, col, n = 0, n_roots = 0
    cdef int* d = [-w, -1, 1, w]
    cdef int libs[16]                   # `most` (at most 12) and the four a stone can add past it
    cdef int roots[4]
    for i in range(4):
        q = p + d[i]
        col = b.colour[q]
        if col == EMPTY:
            n = board_add_unique(libs, n, q)
        elif col == c:
            n_roots = board_add_unique(roots, n_roots, b.group[q])
        elif col == 3 - c and board_in_atari(b, b.group[q]):
            return -1
    for j in range(n_roots):
        g = roots[j]
        s = g
        while n < most:
            for i in range(4):
                q = s + d[i]
                if q != p and b.colour[q] == EMPTY:
                    n = board_add_unique(libs, n, q)
            s = b.next_stone[s]
            if s == g:
                break
    return n if n < most else most


cdef bint save_is_laddered(const board_t* b, int point, int c, board_t* scratch) noexcept nogil:
    """c extends its group in atari at `point`: True when that leaves exactly two liberties and
    the opponent then captures it in a ladder. Three liberties are seen without a board copy
    (most extensions the playouts ask about)."""
    cdef int libs[3]
    cdef int n
    cdef int budget = LADDER_BUDGET
    if _liberties_after_quiet_move(b, point, c, 3) == 3:
        return False
    board_copy(&scratch[0], b)
    board_play(&scratch[0], point, c)
    n = group_liberties_to_three(&scratch[0], scratch[0].group[point], libs)
    if n != 2:
        return n < 2
    return _ladder_search(scratch, 0, 0, point, 3 - c, &budget) != NO_POINT


