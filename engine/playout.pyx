# cython: language_level=3
"""Playout policies, run in C from a copy of a position to the end of the game.

light: uniformly random legal moves that do not fill the mover's own true eye.
mango: moves drawn in proportion to their urgency (Mango, section 2.3.3): 50,000 per stone
captured + 5,000 per stone saved from capture + the learned 3x3 pattern value, times 20 within
Manhattan distance 1 of the previous move; with MoGo-style refinements, each behind a switch.
Both stop after two passes or 3 x size^2 moves; the final position is scored by area.
"""
from cpython cimport array
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

import array

from mango.engine.board cimport (BLACK, EMPTY, MAX_POINTS, MAX_WIDTH, NO_POINT, OFFBOARD, PASS, WHITE,
                           Board, board_area_score, board_atari_point, board_in_atari,
                           board_add_unique, board_is_ko, board_is_suicide, board_is_true_eye,
                           board_neighbour_groups, board_neighbours_of,
                           board_play, board_point_owner, board_t)
from mango.engine.pattern3 cimport (PATTERN_CODES, PATTERN_MAX_VALUE, pattern_code,
                                    pattern_named_value_pairs, pattern_named_values,
                                    pattern_value_pairs, pattern_values_for)
from mango.engine.reply cimport reply_clear, reply_learn, reply_t, reply_to_one, reply_to_two
from mango.engine.tactic cimport (group_liberties, group_liberties_to_three, group_touches_atari,
                                  ladder_capture, libs_after_move, save_is_laddered)

from mango.engine.config import PlayoutConfig

POLICIES = ("light", "mango")

cdef extern from *:
    void __builtin_prefetch(const void*) nogil


cdef uint8_t ROWS[MAX_WIDTH + 1][MAX_POINTS]     # ROWS[width][p] = p // width


cdef void _init_rows() noexcept nogil:
    cdef int w, p
    for w in range(1, MAX_WIDTH + 1):
        for p in range(MAX_POINTS):
            ROWS[w][p] = p // w if p // w < MAX_WIDTH else MAX_WIDTH - 1


_init_rows()


cdef int playout_move_cap(const board_t* b) noexcept nogil:
    return 3 * b.size * b.size


# ---- light -----------------------------------------------------------------------------

cdef int playout_random_move(board_t* b, rng_t* rng, int c) noexcept nogil:
    """A uniformly random legal move for c that fills none of c's true eyes, or PASS.

    Rejection without replacement: a rejected point is swapped behind the candidates still in
    play, so each draw is uniform over the untried points and no point is tried twice. The swaps
    only reorder the board's empty list (its index map is kept in step)."""
    cdef int n = b.n_empty, i, p, q
    while n > 0:
        i = rng_below(rng, n)
        p = b.empty[i]
        # The points come from the empty list, so only ko and suicide can make them illegal.
        # Own true eyes are the common rejection late in a playout: test them first, it is cheaper.
        if not board_is_true_eye(b, p, c) and not board_is_ko(b, p, c) and not board_is_suicide(b, p, c):
            return p
        n -= 1
        q = b.empty[n]
        b.empty[i] = q
        b.empty_index[q] = i
        b.empty[n] = p
        b.empty_index[p] = n
    return PASS


cdef int playout_light(board_t* b, rng_t* rng, int max_moves, int* record) noexcept nogil:
    """Play the light policy on b to the end; returns the number of moves played (b holds the
    final position, score it with board_area_score). `record`, when not NULL, receives the
    moves (room for max_moves)."""
    cdef int moves = 0, p
    cdef int c = b.to_move
    while b.passes < 2 and moves < max_moves:
        p = playout_random_move(b, rng, c)
        if record != NULL:
            record[moves] = p
        board_play(b, p, c)
        c = 3 - c
        moves += 1
    return moves


# ---- tactics shared by the mango policy --------------------------------------------------

cdef bint _killing_shape(const int* stones, int n, int w) noexcept nogil:
    """Whether n stones (at most 4), once captured, leave a space that one stone inside makes a
    single eye: any three or fewer, the square four and the pyramid (T) four."""
    cdef int i, j, k, degree, most = 0, least
    if n <= 3:
        return True
    least = stones[0]
    for i in range(n):
        degree = 0
        for j in range(n):
            k = stones[j] - stones[i]
            if k == 1 or k == -1 or k == w or k == -w:
                degree += 1
        if degree > most:
            most = degree
        if stones[i] < least:
            least = stones[i]
    if most == 3:
        return True                         # the pyramid
    for i in range(n):                      # the square: its lowest point's three partners
        k = stones[i] - least
        if k != 0 and k != 1 and k != w and k != w + 1:
            return False
    return True


cdef bint _other_eye(const board_t* b, int g, int lib, int enemy) noexcept nogil:
    """Whether enemy's group g has a one-point eye (every neighbour its stone or the edge) among
    its liberties other than lib; a group of many liberties is not looked through (False)."""
    cdef int w = b.width, i, k, q, n
    cdef int* d = [-w, -1, 1, w]
    cdef int libs[16]
    cdef bint eye
    n = group_liberties(b, g, libs, 16)
    if n == 16:
        return False
    for i in range(n):
        if libs[i] == lib:
            continue
        eye = True
        for k in range(4):
            q = libs[i] + d[k]
            if b.colour[q] != enemy and b.colour[q] != OFFBOARD:
                eye = False
        if eye:
            return True
    return False


cdef bint _nakade_self_atari(const board_t* b, int p, int c, bint kills_only) noexcept nogil:
    """c playing at p makes a group of at most 4 stones with one liberty, and that group and its
    liberty are enclosed by the opponent's stones and the edge: a shape the opponent must capture
    from inside its own eye space (nakade), which usually leaves it a single eye. With
    kills_only (nakade_kills_only), only where that can kill: the stones form a killing shape
    (_killing_shape) and no enclosing group has another one-point eye; elsewhere the stones are
    given away, or a seki is filled (the corner seki of tests/test_mango_policy.py)."""
    cdef int w = b.width, i, j, q, s, g, lib = NO_POINT, size = 1, col, n_stones = 1
    cdef int* d = [-w, -1, 1, w]
    cdef int roots[4]
    cdef int stones[4]
    cdef int n_roots = board_neighbour_groups(b, p, c, roots)
    cdef bint known
    stones[0] = p
    for i in range(4):
        if b.colour[p + d[i]] == EMPTY:
            lib = p + d[i]
    for j in range(n_roots):
        size += b.group_size[roots[j]]
    if size > 4:
        return False
    for j in range(n_roots):                # the joined groups' stones: their empty neighbours
        s = roots[j]                        # are the one liberty (or p itself)
        while True:
            stones[n_stones] = s
            n_stones += 1
            for i in range(4):
                q = s + d[i]
                if b.colour[q] == EMPTY and q != p:
                    lib = q
            s = b.next_stone[s]
            if s == roots[j]:
                break
    if lib == NO_POINT:
        return False
    for i in range(4):                      # the liberty touches only the group, p, enemy, edge
        q = lib + d[i]
        col = b.colour[q]
        if q == p or col == 3 - c or col == OFFBOARD:
            continue
        if col == c:
            g = b.group[q]
            known = False
            for j in range(n_roots):
                if roots[j] == g:
                    known = True
            if known:
                continue
        return False
    if kills_only:
        if not _killing_shape(stones, n_stones, w):
            return False
        for j in range(n_stones):           # the enclosing groups: none with another eye
            for i in range(4):
                q = stones[j] + d[i]
                if b.colour[q] == 3 - c and _other_eye(b, b.group[q], lib, 3 - c):
                    return False
    return True


cdef bint _useful_throw_in(const board_t* b, int p, int c) noexcept nogil:
    """A lone stone of c at p with one liberty is still worth playing when it touches an
    opponent's group of two liberties (which it puts in atari in turn) or sits, with its
    liberty, inside the opponent's enclosure (nakade, eye-stealing)."""
    cdef int w = b.width, i, q
    cdef int* d = [-w, -1, 1, w]
    cdef int libs[3]
    for i in range(4):
        q = p + d[i]
        if b.colour[q] == 3 - c and group_liberties_to_three(b, b.group[q], libs) == 2:
            return True
    return _nakade_self_atari(b, p, c, False)


cdef bint candidate_ok(const board_t* b, const policy_t* cfg, int p, int c) noexcept nogil:
    """Legal, not c's own true eye, and (if switched on) not a self-atari of several stones."""
    cdef int libs, size
    if b.colour[p] != EMPTY:
        return False
    if ((b.nbr[p] >> 8) & 15) >= 2:
        return True         # two liberties of its own: no eye, no ko point, no self-atari
    if board_is_true_eye(b, p, c):
        return False
    if board_is_ko(b, p, c):
        return False
    libs = libs_after_move(b, p, c, &size)
    if libs == 0:
        return False
    if libs == 1:
        if size >= 2 and cfg.avoid_self_atari:
            return cfg.nakade_self_atari and _nakade_self_atari(b, p, c, cfg.nakade_kills_only)
        if size == 1 and cfg.avoid_single_self_atari:
            return _useful_throw_in(b, p, c)
    return True


# ---- urgency bookkeeping -----------------------------------------------------------------

cdef inline void _set(urgency_t* u, const board_t* b, int c, int p, uint32_t w) noexcept nogil:
    cdef int row = ROWS[b.width][p]
    u.row_sum[c][row] += <uint64_t>w - u.weight[c][p]
    u.total[c] += <uint64_t>w - u.weight[c][p]
    u.weight[c][p] = w


cdef inline void _set_for_now(urgency_t* u, const board_t* b, int c, int p, uint64_t w) noexcept nogil:
    """A temporary weight for this move's draw; _restore puts the logged ones back."""
    u.log_point[u.n_log] = p
    u.log_weight[u.n_log] = u.weight[c][p]
    u.n_log += 1
    _set(u, b, c, p, <uint32_t>(w if w < 0xFFFFFFFFULL else 0xFFFFFFFFULL))


cdef inline void _restore(urgency_t* u, const board_t* b, int c) noexcept nogil:
    while u.n_log > 0:
        u.n_log -= 1
        _set(u, b, c, u.log_point[u.n_log], u.log_weight[u.n_log])


cdef inline void _set_pair(urgency_t* u, const board_t* b, int p, uint32_t black,
                           uint32_t white) noexcept nogil:
    """Both colours' weights at p, the row found once (no test of whether a weight changes: the
    branch is as often taken as not, and its mispredictions cost more than the stores)."""
    cdef int row = ROWS[b.width][p]
    cdef uint64_t delta = <uint64_t>black - u.weight[BLACK][p]
    u.row_sum[BLACK][row] += delta
    u.total[BLACK] += delta
    u.weight[BLACK][p] = black
    delta = <uint64_t>white - u.weight[WHITE][p]
    u.row_sum[WHITE][row] += delta
    u.total[WHITE] += delta
    u.weight[WHITE][p] = white


cdef inline void _refresh(urgency_t* u, const board_t* b, const policy_t* cfg, int p) noexcept nogil:
    """Recompute p's base urgency for both colours from its 3x3 pattern."""
    cdef uint32_t pair
    if b.colour[p] != EMPTY:
        _set_pair(u, b, p, 0, 0)
    elif cfg.flat_value:
        _set_pair(u, b, p, cfg.flat_value, cfg.flat_value)
    elif cfg.patterns:
        pair = cfg.value_pairs[pattern_code(b, p)]
        if cfg.map_values:
            _set_pair(u, b, p, cfg.value_map[pair & 0xFFFF], cfg.value_map[pair >> 16])
        else:
            _set_pair(u, b, p, pair & 0xFFFF, pair >> 16)
    else:
        _set_pair(u, b, p, 1, 1)


cdef inline void _dirty(urgency_t* u, const board_t* b, const policy_t* cfg, int p) noexcept nogil:
    """Refresh p once per mark. An off-board point is refreshed too: it is not empty, so its
    weights are set to the 0 they always are (no test of the edge, which a playout mispredicts)."""
    if u.stamp[p] != u.mark:
        u.stamp[p] = u.mark
        _refresh(u, b, cfg, p)


cdef inline void _dirty_around(urgency_t* u, const board_t* b, const policy_t* cfg, int p) noexcept nogil:
    """p and its 8 neighbours: every point whose 3x3 pattern sees p (one loop, so that the
    refresh is inlined once)."""
    cdef int w = b.width, i
    cdef int* around = [0, -w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1]
    for i in range(9):
        _dirty(u, b, cfg, p + around[i])


cdef void urgency_init(urgency_t* u, const board_t* b, const policy_t* cfg) noexcept nogil:
    cdef int i, p
    memset(u, 0, <size_t>(<char*>u.scratch - <char*>u))     # the scratch boards need no clearing
    u.mark = 1
    u.ko_recent = b.ko_point            # a ko just captured before the playouts start (age 0)
    for i in range(b.n_empty):
        _refresh(u, b, cfg, b.empty[i])
    for p in range(b.width * b.width):
        if (b.colour[p] == BLACK or b.colour[p] == WHITE) and b.group[p] == p and board_in_atari(b, p):
            u.atari[u.n_atari] = p
            u.n_atari += 1


cdef inline void _add_extra(urgency_t* u, int p, uint64_t amount) noexcept nogil:
    if amount == 0:
        return
    if u.extra[p] == 0:
        u.extra_points[u.n_extra] = p
        u.n_extra += 1
    u.extra[p] += amount


cdef void _clear_extra(urgency_t* u) noexcept nogil:
    while u.n_extra > 0:
        u.n_extra -= 1
        u.extra[u.extra_points[u.n_extra]] = 0


cdef void _atari_compact(urgency_t* u, const board_t* b) noexcept nogil:
    """Keep each listed group once, by its current root, and only while it is in atari."""
    cdef int i, g, rep, kept = 0
    u.mark += 1
    for i in range(u.n_atari):
        rep = u.atari[i]
        if b.colour[rep] != BLACK and b.colour[rep] != WHITE:
            continue
        g = b.group[rep]
        if board_in_atari(b, g) and u.stamp[g] != u.mark:
            u.stamp[g] = u.mark
            u.atari[kept] = g
            kept += 1
    u.n_atari = kept


cdef inline void _atari_push(urgency_t* u, const board_t* b, int g) noexcept nogil:
    if u.n_atari >= MAX_POINTS:
        _atari_compact(u, b)        # distinct groups in atari always fit
    u.atari[u.n_atari] = g
    u.n_atari += 1


cdef bint _save_is_laddered_now(urgency_t* u, const board_t* b, int point, int c) noexcept nogil:
    """save_is_laddered, remembered from the start of this move's bonuses (which forget the last
    move's) to its atari answers: the board does not change in between."""
    cdef int i
    cdef bint dead
    for i in range(u.n_saves):
        if u.save_point[i] == point:
            return u.save_dead[i]
    dead = save_is_laddered(b, point, c, u.scratch)
    if u.n_saves < LADDER_VERDICTS:
        u.save_point[u.n_saves] = point
        u.save_dead[u.n_saves] = dead
        u.n_saves += 1
    return dead


cdef void _capture_and_save_bonuses(urgency_t* u, const board_t* b, const policy_t* cfg, int c) noexcept nogil:
    """For every group in atari: its last liberty is worth capture_weight per stone to the
    opponent, and save_weight per stone to the owner if playing there gives two liberties (and,
    with ladder_saves, the extension does not then die in a ladder). With ladder_atari_weight:
    the atari that ladders the opponent's group of the previous move, per stone."""
    cdef int i, g, point, size, m = b.last_move
    cdef int libs[3]
    u.n_saves = 0
    _atari_compact(u, b)
    for i in range(u.n_atari):
        g = u.atari[i]
        point = board_atari_point(b, g)
        if b.colour[g] != c:
            if cfg.hopeless_capture_percent != 100 and libs_after_move(b, point, 3 - c, &size) < 2 \
                    and not group_touches_atari(b, g, c):
                _add_extra(u, point, cfg.capture_weight * b.group_size[g]
                           * cfg.hopeless_capture_percent // 100)
            else:
                _add_extra(u, point, cfg.capture_weight * b.group_size[g])
        elif libs_after_move(b, point, c, &size) == 2:
            if cfg.ladder_saves and _save_is_laddered_now(u, b, point, c):
                continue
            _add_extra(u, point, cfg.save_weight * b.group_size[g])
    if cfg.ladder_atari_weight and m != PASS and m != NO_POINT and b.colour[m] == 3 - c:
        g = b.group[m]
        if group_liberties_to_three(b, g, libs) == 2:
            point = ladder_capture(b, g, c, u.scratch)
            if point != NO_POINT:
                _add_extra(u, point, cfg.ladder_atari_weight * b.group_size[g])


cdef void _nakade_bonus(urgency_t* u, const board_t* b, const policy_t* cfg, int c) noexcept nogil:
    """The vital point of an empty region of three to nakade_size points next to the previous move
    and enclosed by the opponent's stones alone, where the shape dies with it taken: the middle
    of a three (the point adjacent to both others), the centre of a pyramid four (adjacent to the
    three others), of a crossed five (to four), of a bulky five (the one adjacent to three in the
    shape with a square: five adjacencies, where the other fives with such a point have four)."""
    cdef int w = b.width, m = b.last_move, i, j, k, q, r, n, col, enemy = 3 - c
    cdef int packed, empties, mine, limit = cfg.nakade_size, edges, best, vital
    cdef int* d = [-w, -1, 1, w]
    cdef int region[5]
    cdef int inner, t
    cdef bint closed, known
    if m == PASS or m == NO_POINT or b.colour[m] != enemy:
        return
    for i in range(4):
        q = m + d[i]
        # a point of an eye space enclosed by the enemy touches no stone of c (quick test on the
        # packed counts: c's count includes the edge, so subtract the off-board neighbours)
        # and has at most limit - 1 empty neighbours (the rest of the space)
        # (the three tests combined without short cuts: one branch, not three mispredicted)
        packed = b.nbr[q]
        empties = packed >> 8 & 15
        mine = packed >> (4 * (c - 1)) & 15
        if (b.colour[q] != EMPTY) | (empties > limit - 1) \
                | (mine + (packed >> (4 * (2 - c)) & 15) + empties - 4 != mine):
            continue
        # flood the empty region from q, giving up past limit points or at a stone of c
        region[0] = q
        n = 1
        closed = True
        j = 0
        while j < n and closed:
            for k in range(4):
                r = region[j] + d[k]
                col = b.colour[r]
                if col == EMPTY:
                    known = False
                    for t in range(n):
                        if region[t] == r:
                            known = True
                            break
                    if not known:
                        if n == limit:
                            closed = False
                            break
                        region[n] = r
                        n += 1
                elif col == c:
                    closed = False
                    break
            j += 1
        if not closed or n < 3:
            continue
        edges = 0
        best = 0
        vital = NO_POINT
        for j in range(n):
            inner = 0
            for k in range(n):
                if k != j and (region[k] - region[j] == 1 or region[j] - region[k] == 1
                               or region[k] - region[j] == w or region[j] - region[k] == w):
                    inner += 1
            edges += inner
            if inner > best:
                best, vital = inner, region[j]
        edges //= 2
        if not ((n == 3 and best == 2) or (n == 4 and best == 3)
                or (n == 5 and (best == 4 or (best == 3 and edges == 5)))):
            continue
        if u.extra[vital] < cfg.nakade_weight:
            _add_extra(u, vital, cfg.nakade_weight)


cdef int _draw(urgency_t* u, const board_t* b, rng_t* rng, int c) noexcept nogil:
    """A point drawn in proportion to weight[c], or PASS when every weight is 0."""
    cdef uint64_t total = u.total[c], r, s
    cdef int row, p, w = b.width
    if total == 0:
        return PASS
    r = rng_next(rng) % total
    for row in range(1, b.size + 1):
        s = u.row_sum[c][row]
        if r < s:
            p = row * w + 1
            while True:
                if r < u.weight[c][p]:
                    return p
                r -= u.weight[c][p]
                p += 1
        r -= s
    return PASS


cdef int _draw_among(urgency_t* u, const board_t* b, const policy_t* cfg, rng_t* rng, int c,
                     int* points, int n) noexcept nogil:
    """Draw among a few acceptable candidates in proportion to their current weight, or PASS;
    with distinct_answers a point listed twice counts once (board_add_unique may write a refused
    point into points[k]: k <= i, so that slot was read already)."""
    cdef uint64_t total = 0, r
    cdef int i, q, k = 0
    for i in range(n):
        q = points[i]
        if cfg.distinct_answers and board_add_unique(points, k, q) == k:
            continue                        # accepted before: counted once, not checked again
        if not candidate_ok(b, cfg, q, c):
            continue
        points[k] = q
        k += 1
        total += u.weight[c][q]
    if total == 0:
        return PASS
    r = rng_next(rng) % total
    for i in range(k):
        if r < u.weight[c][points[i]]:
            if cfg.balance != NULL:
                _balance_note(u, b, cfg, c, points, k, points[i])
            return points[i]
        r -= u.weight[c][points[i]]
    return PASS


# ---- simulation balancing's gradient (patterns/balance.py) ----------------------------------

cdef double _balance_share(const urgency_t* u, const board_t* b, const policy_t* cfg, int q,
                           int c) noexcept nogil:
    """d log w(q) / d theta for the class of q's pattern, theta its log weight: the pattern's
    share of q's weight in this draw (its base against the move's capture, save and nakade
    bonuses; the proximity factor multiplies both and cancels)."""
    cdef uint32_t pair, value
    cdef double base
    if not cfg.patterns:
        return 0.0
    pair = cfg.value_pairs[pattern_code(b, q)]
    value = pair & 0xFFFF if c == BLACK else pair >> 16
    base = <double>(cfg.value_map[value] if cfg.map_values else value)
    return base / (base + <double>u.extra[q])


cdef void _balance_note(const urgency_t* u, const board_t* b, const policy_t* cfg, int c,
                        const int* points, int n, int chosen) noexcept nogil:
    """Add d log pi(chosen) / d theta to the playout's gradient, pi the draw's distribution over
    `points` (each in proportion to its current weight): the chosen class's share, less every
    point's share weighed by its probability (the softmax policy's gradient, Silver and Tesauro
    2009, for Mango's urgencies)."""
    cdef balance_t* bal = cfg.balance
    cdef const int32_t* classes = bal.class_of[c]
    cdef double total = 0, w
    cdef int i, q
    for i in range(n):
        total += <double>u.weight[c][points[i]]
    if total <= 0:
        return
    for i in range(n):
        q = points[i]
        w = <double>u.weight[c][q]
        if w > 0:
            bal.grad[classes[pattern_code(b, q)]] -= w / total * _balance_share(u, b, cfg, q, c)
    bal.grad[classes[pattern_code(b, chosen)]] += _balance_share(u, b, cfg, chosen, c)


cdef void _balance_note_draw(const urgency_t* u, const board_t* b, const policy_t* cfg, int c,
                             int chosen) noexcept nogil:
    """The same for a move of the whole board's draw, whose distribution is over the points
    the policy accepts (the draw rejects the others and draws again)."""
    cdef int points[MAX_POINTS]
    cdef int i, q, n = 0
    for i in range(b.n_empty):
        q = b.empty[i]
        if u.weight[c][q] > 0 and candidate_ok(b, cfg, q, c):
            points[n] = q
            n += 1
    _balance_note(u, b, cfg, c, points, n, chosen)


cdef int _attacker_captures(const board_t* b, int g, int c, int* out, int n) noexcept nogil:
    """Append to out[n:] (room for 32 in all) the points capturing the opponent's groups in atari
    that touch c's group g; returns the new count."""
    cdef int w = b.width, s = g, j, e
    cdef int* d = [-w, -1, 1, w]
    while n < 32:
        for j in range(4):
            e = s + d[j]
            if b.colour[e] == 3 - c and board_in_atari(b, b.group[e]) and n < 32:
                out[n] = board_atari_point(b, b.group[e])
                n += 1
        s = b.next_stone[s]
        if s == g:
            break
    return n


cdef int _atari_answers(urgency_t* u, const board_t* b, const policy_t* cfg, int c, int* out) noexcept nogil:
    """Moves saving own groups that the previous move put in atari: extending to two liberties
    (with ladder_saves, not into a ladder), or capturing an attacking group that is itself in
    atari. `out` has room for 32."""
    cdef int w = b.width, m = b.last_move, i, q, g, n = 0, size, target
    cdef int* d = [-w, -1, 1, w]
    if m == PASS or m == NO_POINT or b.colour[m] != 3 - c:
        return 0
    for i in range(4):
        q = m + d[i]
        if b.colour[q] != c or not board_in_atari(b, b.group[q]):
            continue
        g = b.group[q]
        target = board_atari_point(b, g)
        if libs_after_move(b, target, c, &size) == 2 and n < 32 and not (
                cfg.ladder_saves and _save_is_laddered_now(u, b, target, c)):
            out[n] = target
            n += 1
        n = _attacker_captures(b, g, c, out, n)
    return n


cdef int _liberties_after(const board_t* b, int p, int c, int most) noexcept nogil:
    """Distinct liberties of c's group at empty p once c plays there, counted up to `most` (at
    most 8); a move that captures counts as `most` (the captured stones give liberties)."""
    cdef int w = b.width, i, j, q, g, s, e, n = 0
    cdef int* d = [-w, -1, 1, w]
    cdef int found[8]
    for i in range(4):
        q = p + d[i]
        if b.colour[q] == 3 - c and board_in_atari(b, b.group[q]):
            return most
    for i in range(4):
        q = p + d[i]
        if b.colour[q] == EMPTY:
            found[n] = q
            n += 1
    if n >= most:
        return most
    for i in range(4):
        q = p + d[i]
        if b.colour[q] != c:
            continue
        g = b.group[q]
        s = g
        while True:
            for j in range(4):
                e = s + d[j]
                if b.colour[e] != EMPTY or e == p:
                    continue
                n = board_add_unique(found, n, e)
                if n >= most:
                    return most
            s = b.next_stone[s]
            if s == g:
                break
    return n


cdef int _two_liberty_answers(const board_t* b, int c, int* out) noexcept nogil:
    """Moves defending c's groups that the previous move left with two liberties (Pachi's and
    Fuego's two-liberty check): a liberty where the group then has three or more, or the capture
    of an attacking group in atari. `out` has room for 32."""
    cdef int m = b.last_move, i, k, g, n = 0, n_groups
    cdef int libs[3]
    cdef int groups[4]
    if m == PASS or m == NO_POINT or b.colour[m] != 3 - c:
        return 0
    n_groups = board_neighbour_groups(b, m, c, groups)
    for i in range(n_groups):
        g = groups[i]
        if group_liberties_to_three(b, g, libs) != 2:
            continue
        for k in range(2):
            if _liberties_after(b, libs[k], c, 3) >= 3 and n < 32:
                out[n] = libs[k]
                n += 1
        n = _attacker_captures(b, g, c, out, n)
    return n


cdef inline int _add_two_liberty_target(const board_t* b, int g, int* targets, int* target_libs,
                                        int n, int* seen, int* n_seen) noexcept nogil:
    """Append group g (a root) to targets (room for 8), its two liberties to target_libs, if it has
    exactly two and is not there yet. Each group's liberties are read once: seen (room for 16)
    keeps the groups already looked at that were not targets."""
    cdef int libs[3]
    cdef int i
    if n >= 8:
        return n
    for i in range(n):
        if targets[i] == g:
            return n
    for i in range(n_seen[0]):
        if seen[i] == g:
            return n
    if group_liberties_to_three(b, g, libs) != 2:
        if n_seen[0] < 16:
            seen[n_seen[0]] = g
            n_seen[0] += 1
        return n
    targets[n] = g
    target_libs[2 * n] = libs[0]
    target_libs[2 * n + 1] = libs[1]
    return n + 1


cdef inline int _touches_after(const board_t* b, int p, int c, int q) noexcept nogil:
    """1 when empty q would be a liberty of c's group once c plays at p (q next to p or to one
    of c's groups next to p), else 0."""
    cdef int w = b.width, i, j, g
    cdef int* d = [-w, -1, 1, w]
    for i in range(4):
        if p + d[i] == q:
            return 1
    for i in range(4):
        if b.colour[p + d[i]] != c:
            continue
        g = b.group[p + d[i]]
        for j in range(4):
            if b.colour[q + d[j]] == c and b.group[q + d[j]] == g:
                return 1
    return 0


cdef bint _killing_throw_in(const board_t* b, int atari, int escape, int c) noexcept nogil:
    """c's lone stone at atari, whose one liberty is escape, the other liberty of the opponent's
    group it ataris: the capture at escape leaves that group one liberty, the throw-in's point,
    so c takes the whole group back (the kill of a two-point eye, or a race won inside the
    opponent's eye). Pachi's two-liberty check refuses only the self-ataris its
    is_bad_selfatari calls bad, which lets some throw-ins through (selfatari.c's check_throwin);
    without this a playout counts a group with a two-point eye and no outside liberty alive
    until the attacker plays there by chance."""
    cdef int w = b.width, i, q
    cdef int* d = [-w, -1, 1, w]
    for i in range(4):
        q = atari + d[i]
        if b.colour[q] == c or (b.colour[q] == EMPTY and q != escape):
            return False                        # not a lone stone with escape its one liberty
    return _liberties_after(b, escape, 3 - c, 4) == 1


cdef int _two_liberty_attacks(const board_t* b, int c, bint chase, int race_libs,
                              bint throw_in, int* out) noexcept nogil:
    """Ataris a chase or a capturing race asks for (the attacking half of Pachi's two-liberty
    check): on the last move's group when it has two liberties, and on the opponent's
    two-liberty groups touching an own group the last move left with two (the race's move), or
    with two to race_libs when that is more (then the own groups diagonal to the last move too:
    Pachi's three- and four-liberty check, where an outside liberty makes the race urgent before
    the own group is down to two). Only an atari whose stone keeps two liberties, also once the
    opponent has escaped at the other liberty, and whose escape would leave the group two
    liberties at most, or (with throw_in) a lone stone's killing throw-in; `chase` switches the
    chase, race_libs 0 the race. `out` has room for 32."""
    cdef int w = b.width, m = b.last_move, opp = 3 - c, i, j, k, g, s, e, n = 0, n_targets = 0
    cdef int n_groups = 0, atari, escape, n_seen = 0, n_libs
    cdef int* d = [-w, -1, 1, w]
    cdef int* diagonal = [-w - 1, -w + 1, w - 1, w + 1]
    cdef int libs[5]
    cdef int groups[8]
    cdef int targets[8]
    cdef int target_libs[16]
    cdef int seen[16]
    if m == PASS or m == NO_POINT or b.colour[m] != opp:
        return 0
    if chase:
        n_targets = _add_two_liberty_target(b, b.group[m], targets, target_libs, n_targets, seen,
                                            &n_seen)
    if race_libs:
        n_groups = board_neighbour_groups(b, m, c, groups)
    if race_libs > 2:
        for i in range(4):
            if b.colour[m + diagonal[i]] == c:
                n_groups = board_add_unique(groups, n_groups, b.group[m + diagonal[i]])
    for i in range(n_groups):
        g = groups[i]
        if race_libs == 2:
            if group_liberties_to_three(b, g, libs) != 2:
                continue
        elif b.group_libs[g] > 4 * race_libs:
            continue                            # more liberties than race_libs for sure
        else:
            n_libs = group_liberties(b, g, libs, race_libs + 1)
            if n_libs < 2 or n_libs > race_libs:
                continue
        s = g
        while True:                             # the opponent's groups touching g
            for j in range(4):
                e = s + d[j]
                if b.colour[e] == opp:
                    n_targets = _add_two_liberty_target(b, b.group[e], targets, target_libs, n_targets,
                                                        seen, &n_seen)
            s = b.next_stone[s]
            if s == g:
                break
    for i in range(n_targets):
        for k in range(2):
            atari, escape = target_libs[2 * i + k], target_libs[2 * i + 1 - k]
            if _liberties_after(b, atari, c, 3) - _touches_after(b, atari, c, escape) < 2 \
                    and not (throw_in and _killing_throw_in(b, atari, escape, c)):
                continue                        # the attacking stone in atari, or after the escape
            if _liberties_after(b, escape, opp, 4) - 1 > 2:
                continue                        # the escape gets out (the atari's point counted)
            for j in range(n):
                if out[j] == atari:
                    break
            else:
                if n < 32:
                    out[n] = atari
                    n += 1
    return n


cdef void _overlay(urgency_t* u, board_t* b, const policy_t* cfg, int c) noexcept nogil:
    """Lay this move's bonuses (capture, save, nakade) and the proximity factor over c's base
    urgencies; _restore and _clear_extra take them off again."""
    cdef int w = b.width, m = b.last_move, i, q
    cdef int* d = [-w, -1, 1, w]
    cdef int* diag = [-w - 1, -w + 1, w - 1, w + 1]
    _capture_and_save_bonuses(u, b, cfg, c)
    if cfg.nakade:
        _nakade_bonus(u, b, cfg, c)
    for i in range(u.n_extra):
        q = u.extra_points[i]
        if b.colour[q] == EMPTY:
            _set_for_now(u, b, c, q, u.weight[c][q] + u.extra[q])
    # A stone's or the edge's weight is 0 and stays 0 multiplied: no test of the colour (a
    # branch the playouts mispredicted), only a log entry more for _restore.
    if cfg.proximity_factor > 1 and m != PASS and m != NO_POINT:
        for i in range(4):
            q = m + d[i]
            _set_for_now(u, b, c, q, <uint64_t>u.weight[c][q] * cfg.proximity_factor)
    if cfg.proximity_diagonal_factor > 1 and m != PASS and m != NO_POINT:
        for i in range(4):
            q = m + diag[i]
            _set_for_now(u, b, c, q, <uint64_t>u.weight[c][q] * cfg.proximity_diagonal_factor)


cdef int _fill_board(const board_t* b, rng_t* rng, int tries) noexcept nogil:
    """An empty point in open space (its 8 neighbours empty, so on the second line or higher, and
    legal for either colour: no neighbour, no ko, no suicide) among a few drawn at random, or PASS."""
    cdef int w = b.width, i, p
    if b.n_empty == 0:
        return PASS
    for i in range(tries):
        p = b.empty[rng_below(rng, b.n_empty)]
        if b.colour[p - w - 1] == EMPTY and b.colour[p - w] == EMPTY and b.colour[p - w + 1] == EMPTY \
                and b.colour[p - 1] == EMPTY and b.colour[p + 1] == EMPTY \
                and b.colour[p + w - 1] == EMPTY and b.colour[p + w] == EMPTY and b.colour[p + w + 1] == EMPTY:
            return p
    return PASS


cdef int _stored_reply(const reply_t* r, const board_t* b, const policy_t* cfg, int c,
                       int before_last) noexcept nogil:
    """The last good reply to the last two moves, else to the last move, if it is acceptable
    (the urgency draw's refusals); PASS when neither is."""
    cdef int p = reply_to_two(r, c, before_last, b.last_move)
    if p != NO_POINT and candidate_ok(b, cfg, p, c):
        return p
    p = reply_to_one(r, c, b.last_move)
    if p != NO_POINT and candidate_ok(b, cfg, p, c):
        return p
    return PASS


cdef int _ko_fight_move(const urgency_t* u, const board_t* b, const policy_t* cfg,
                       int c) noexcept nogil:
    """The ko point of the last ko capture, its ban lifted, if the playouts accept c's move there
    (ko_fight_probability): the capturer's connection or the opponent's recapture; PASS if not.
    A playout that reaches a ko fight then fights it, as Pachi's moggy does, rather than leaving
    the ko to whichever side the urgency draw happens to favour."""
    cdef int p = u.ko_recent
    if not candidate_ok(b, cfg, p, c):          # occupied, suicide, own true eye, self-atari
        return PASS
    return p


cdef int _race_approach(const board_t* b, const policy_t* cfg, int q, int c) noexcept nogil:
    """For a point q that candidate_ok refused as c's self-atari: the other liberty of an opponent
    group of two liberties that q touches, where c's stone keeps two liberties and is acceptable
    (self_atari_redirect); PASS if none, or if q was refused for another reason."""
    cdef int w = b.width, i, g, r, size
    cdef int* d = [-w, -1, 1, w]
    cdef int libs[3]
    if b.colour[q] != EMPTY or libs_after_move(b, q, c, &size) != 1:
        return PASS                             # not a self-atari: refused for another reason
    for i in range(4):
        if b.colour[q + d[i]] != 3 - c:
            continue
        g = b.group[q + d[i]]
        if group_liberties_to_three(b, g, libs) != 2:
            continue
        r = libs[1] if libs[0] == q else libs[0]
        if libs_after_move(b, r, c, &size) >= 2 and candidate_ok(b, cfg, r, c):
            return r
    return PASS


cdef int _eye_fix_point(const board_t* b, int e, int c) noexcept nogil:
    """For c's eye-like point e (empty, every neighbour c or the edge) one opponent diagonal
    from false (one in the middle, none on the edge: board_is_true_eye's count) with a single
    empty diagonal left: that diagonal, which the opponent would take to make the eye false.
    NO_POINT otherwise."""
    cdef int w = b.width, i, q, col, bad = 0, edge = 0, n_empty = 0, fix = NO_POINT
    cdef int* diag = [-w - 1, -w + 1, w - 1, w + 1]
    if b.colour[e] != EMPTY or board_neighbours_of(b, e, c) != 4:
        return NO_POINT
    for i in range(4):
        q = e + diag[i]
        col = b.colour[q]
        if col == 3 - c:
            bad += 1
        elif col == OFFBOARD:
            edge = 1
        elif col == EMPTY:
            n_empty += 1
            fix = q
    if n_empty == 1 and bad + edge == 1:
        return fix
    return NO_POINT


cdef int _eye_fixes(const board_t* b, int c, int* out) noexcept nogil:
    """The points that keep an eye of c's an eye after the opponent's last move m (eye_fix):
    the fix of an eye-like point m took a diagonal of, or of one whose fix m stands beside (the
    approach that lets the opponent play there). `out` has room for 32."""
    cdef int w = b.width, m = b.last_move, i, j, q, f, n = 0
    cdef int* d = [-w, -1, 1, w]
    cdef int* diag = [-w - 1, -w + 1, w - 1, w + 1]
    if m == PASS or m == NO_POINT or b.colour[m] != 3 - c:
        return 0
    for i in range(4):
        f = _eye_fix_point(b, m + diag[i], c)
        if f != NO_POINT:
            n = board_add_unique(out, n, f)
    for i in range(4):
        q = m + d[i]
        if b.colour[q] != EMPTY:
            continue
        for j in range(4):
            if _eye_fix_point(b, q + diag[j], c) == q:
                n = board_add_unique(out, n, q)
                break
    return n


cdef inline bint _atari_pending(const board_t* b, int c) noexcept nogil:
    """The opponent's last move stands in atari, or has put one of c's groups beside it in atari."""
    cdef int w = b.width, m = b.last_move, i, q
    if m == PASS or m == NO_POINT or b.colour[m] != 3 - c:
        return False
    if board_in_atari(b, b.group[m]):
        return True
    for i in range(4):
        q = m + (-w if i == 0 else (-1 if i == 1 else (1 if i == 2 else w)))
        if b.colour[q] == c and board_in_atari(b, b.group[q]):
            return True
    return False


cdef int mango_choose(urgency_t* u, board_t* b, const policy_t* cfg, rng_t* rng, int c,
                      int before_last) noexcept nogil:
    """Choose c's move: lay this move's bonuses over the base urgencies, try the switched-on
    refinements, then draw from the whole board, rejecting unacceptable points. before_last: the
    move before b's last move (PASS or NO_POINT if none), the last good replies' second key."""
    cdef int w = b.width, m = b.last_move, i, q, n, p = PASS
    cdef int local[32]
    cdef int* around = [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1]

    if cfg.ko_fight_threshold and u.ko_age < cfg.ko_fight_age and u.ko_recent != NO_POINT \
            and b.ko_point == NO_POINT \
            and <uint32_t>(rng_next(rng) >> 32) < cfg.ko_fight_threshold:
        p = _ko_fight_move(u, b, cfg, c)
        if p != PASS:
            return p

    if cfg.replies != NULL and cfg.replies_first:
        p = _stored_reply(cfg.replies, b, cfg, c, before_last)
        if p != PASS:
            return p

    if cfg.random_threshold and <uint32_t>(rng_next(rng) >> 32) < cfg.random_threshold \
            and not (cfg.light_after_atari and _atari_pending(b, c)):
        p = playout_random_move(b, rng, c)      # a light move: uniform, legal, no own true eye
        if p != PASS and (not cfg.filter_random_moves or candidate_ok(b, cfg, p, c)):
            return p
        p = PASS                                # refused: the urgency draw chooses instead

    _overlay(u, b, cfg, c)

    if cfg.answer_atari:
        n = _atari_answers(u, b, cfg, c, local)
        if n:
            p = _draw_among(u, b, cfg, rng, c, local, n)
    if p == PASS and cfg.defend_two_liberties:
        n = _two_liberty_answers(b, c, local)
        if n:
            p = _draw_among(u, b, cfg, rng, c, local, n)
    if p == PASS and cfg.two_liberty_attack != 0 \
            and (cfg.two_liberty_attack_threshold == <uint32_t>4294967295U
                 or <uint32_t>(rng_next(rng) >> 32) < cfg.two_liberty_attack_threshold):
        n = _two_liberty_attacks(b, c, cfg.two_liberty_chase, cfg.two_liberty_race,
                                 cfg.two_liberty_throw_in, local)
        if n:
            p = _draw_among(u, b, cfg, rng, c, local, n)
    if p == PASS and cfg.eye_fix:
        n = _eye_fixes(b, c, local)
        if n:
            p = _draw_among(u, b, cfg, rng, c, local, n)
    if p == PASS and cfg.pool_threshold and u.pool_n[c] \
            and <uint32_t>(rng_next(rng) >> 32) < cfg.pool_threshold:
        # PoolRAVE: one of the moves the tree's AMAF rates best, if it can be played here
        q = u.pool[c][rng_below(rng, <uint32_t>u.pool_n[c])]
        if candidate_ok(b, cfg, q, c):
            p = q
    if p == PASS and cfg.local_answers and m != PASS and m != NO_POINT \
            and <uint32_t>(rng_next(rng) >> 32) < cfg.local_threshold:
        n = 0
        for i in range(8):
            q = m + around[i]
            if b.colour[q] == EMPTY and (u.extra[q] > 0 or (cfg.patterns
                                          and cfg.values[c][pattern_code(b, q)] >= cfg.local_min_value)):
                local[n] = q
                n += 1
        if n:
            p = _draw_among(u, b, cfg, rng, c, local, n)
    if p == PASS and cfg.replies != NULL and not cfg.replies_first and u.n_extra == 0:
        p = _stored_reply(cfg.replies, b, cfg, c, before_last)
    if p == PASS and cfg.fill_board_tries and u.n_extra == 0:
        p = _fill_board(b, rng, cfg.fill_board_tries)
    while p == PASS:
        q = _draw(u, b, rng, c)
        if q == PASS:
            break
        if candidate_ok(b, cfg, q, c):
            p = q
            if cfg.balance != NULL:
                _balance_note_draw(u, b, cfg, c, p)
        else:
            if cfg.self_atari_redirect:
                p = _race_approach(b, cfg, q, c)
            if p == PASS:
                _set_for_now(u, b, c, q, 0)
    _restore(u, b, c)
    _clear_extra(u)
    return p


cdef void mango_play(urgency_t* u, board_t* b, const policy_t* cfg, int p, int c) noexcept nogil:
    """Play p for c and bring the base urgencies up to date: the 3x3 around p and around every
    captured stone, and the atari points, before and after, of every group the move touched."""
    cdef int w = b.width, i, j, q, g, s, e, n_groups = 0, n_captured = 0
    cdef int* d = [-w, -1, 1, w]
    cdef int reps[MAX_POINTS]               # distinct groups (roots) the move touches
    cdef int old_atari[MAX_POINTS]
    cdef int captured[MAX_POINTS]
    if p == PASS:
        board_play(b, PASS, c)
        u.ko_age += 1
        return
    if cfg.replies != NULL:
        # the opponent's next draw asks first for its stored answers to (last move, p) and to
        # p: fetch them while the urgencies are brought up to date (the two-move table is too
        # big for the cache on 19x19, and its lookup was a twentieth of a search)
        __builtin_prefetch(&cfg.replies.one[2 - c][p])
        if cfg.replies.depth >= 2 and b.last_move > NO_POINT:
            __builtin_prefetch(&cfg.replies.two[2 - c][b.last_move * MAX_POINTS + p])
    u.mark += 1                             # stamps the roots already noted
    for i in range(4):
        q = p + d[i]
        if b.colour[q] != BLACK and b.colour[q] != WHITE:
            continue
        g = b.group[q]
        if u.stamp[g] == u.mark:
            continue
        u.stamp[g] = u.mark
        reps[n_groups] = g
        old_atari[n_groups] = board_atari_point(b, g) if board_in_atari(b, g) else NO_POINT
        n_groups += 1
        if b.colour[q] == 3 - c and board_in_atari(b, g):
            s = g                           # about to be captured: note its stones and the
            while True:                     # capturer's groups around it
                captured[n_captured] = s
                n_captured += 1
                for j in range(4):
                    e = s + d[j]
                    if b.colour[e] == c and u.stamp[b.group[e]] != u.mark:
                        u.stamp[b.group[e]] = u.mark
                        reps[n_groups] = b.group[e]
                        old_atari[n_groups] = (board_atari_point(b, b.group[e])
                                               if board_in_atari(b, b.group[e]) else NO_POINT)
                        n_groups += 1
                s = b.next_stone[s]
                if s == g:
                    break
    board_play(b, p, c)
    if b.ko_point != NO_POINT:
        u.ko_recent = b.ko_point
        u.ko_age = 0
    else:
        u.ko_age += 1
    u.mark += 1
    if cfg.flat_value:
        # flat urgencies: only the points that changed colour change weight, not their neighbours
        _set_pair(u, b, p, 0, 0)
        for i in range(n_captured):
            _set_pair(u, b, captured[i], cfg.flat_value, cfg.flat_value)
    else:
        _dirty_around(u, b, cfg, p)
        for i in range(n_captured):
            _dirty_around(u, b, cfg, captured[i])
    for i in range(n_groups):
        if old_atari[i] != NO_POINT:
            _dirty(u, b, cfg, old_atari[i])
        q = reps[i]
        if b.colour[q] == BLACK or b.colour[q] == WHITE:
            g = b.group[q]
            if board_in_atari(b, g):
                _dirty(u, b, cfg, board_atari_point(b, g))
                _atari_push(u, b, g)
    g = b.group[p]
    if board_in_atari(b, g):
        _dirty(u, b, cfg, board_atari_point(b, g))
        _atari_push(u, b, g)


cdef int playout_mango(board_t* b, urgency_t* u, const policy_t* cfg, rng_t* rng, int max_moves,
                       int* record) noexcept nogil:
    urgency_init(u, b, cfg)
    return playout_mango_continue(b, u, cfg, rng, max_moves, record, NO_POINT)


cdef int playout_mango_continue(board_t* b, urgency_t* u, const policy_t* cfg, rng_t* rng,
                                int max_moves, int* record, int before_last) noexcept nogil:
    """The mango playout from b with u already up to date for b (the search keeps u in step
    with its tree moves, so the playout need not recompute every point). before_last: the move
    before b's last move (PASS or NO_POINT if none), the last good replies' second key."""
    cdef int moves = 0, p
    cdef int c = b.to_move
    while b.passes < 2 and moves < max_moves:
        p = mango_choose(u, b, cfg, rng, c, before_last)
        if record != NULL:
            record[moves] = p
        before_last = b.last_move
        mango_play(u, b, cfg, p, c)
        c = 3 - c
        moves += 1
    return moves


cdef int playout_run(board_t* b, urgency_t* u, const policy_t* cfg, rng_t* rng, int* record) noexcept nogil:
    """Play b to the end with the configured policy; returns the moves played."""
    if cfg.kind == POLICY_MANGO:
        return playout_mango(b, u, cfg, rng, playout_move_cap(b), record)
    return playout_light(b, rng, playout_move_cap(b), record)


# ---- the playout policy as the search calls it: one interface whatever the policy ------------------
# (Fuego's GoUctPlayoutPolicy and Pachi's playout policy are the models.) The search keeps a
# policy state (urgencies) in step with its board from the root down, asks the policy for moves
# below the tree and for the rest of the simulation, and reads its knowledge for the priors.

cdef void policy_prepare(urgency_t* u, const board_t* b, const policy_t* cfg) noexcept nogil:
    """The policy's state for a position it will play from (the search's root)."""
    if cfg.kind == POLICY_MANGO:
        urgency_init(u, b, cfg)


cdef void policy_resume(urgency_t* u, const urgency_t* prepared, const policy_t* cfg,
                        int points) noexcept nogil:
    """The state of a position prepared earlier (on a board of `points` points in use), for a
    new simulation from it."""
    if cfg.kind == POLICY_MANGO:
        urgency_copy(u, prepared, points)


cdef int policy_choose(urgency_t* u, board_t* b, const policy_t* cfg, rng_t* rng, int c,
                       int before_last) noexcept nogil:
    """The policy's move for c (PASS when it has none)."""
    if cfg.kind == POLICY_MANGO:
        return mango_choose(u, b, cfg, rng, c, before_last)
    return playout_random_move(b, rng, c)


cdef void policy_play(urgency_t* u, board_t* b, const policy_t* cfg, int p, int c) noexcept nogil:
    """Play p for c, keeping the policy's state in step."""
    if cfg.kind == POLICY_MANGO:
        mango_play(u, b, cfg, p, c)
    else:
        board_play(b, p, c)


cdef int policy_continue(board_t* b, urgency_t* u, const policy_t* cfg, rng_t* rng, int* record,
                         int before_last) noexcept nogil:
    """Play the simulation to its end from b (the state in step with it); the moves played."""
    if cfg.kind == POLICY_MANGO:
        return playout_mango_continue(b, u, cfg, rng, playout_move_cap(b), record, before_last)
    return playout_light(b, rng, playout_move_cap(b), record)


cdef void policy_urgencies(urgency_t* u, const board_t* b, const policy_t* cfg) noexcept nogil:
    """The urgencies of b as the mango policy weighs its points, for the tree's knowledge: kept in
    step already under the mango policy, made afresh under the light one."""
    if cfg.kind != POLICY_MANGO:
        urgency_init(u, b, cfg)


cdef void urgency_overlay(urgency_t* u, board_t* b, const policy_t* cfg, int c) noexcept nogil:
    """Lay the bonuses of c's next move over the base urgencies (the search reads them to build
    its priors and heuristic); urgency_clear takes them off."""
    _overlay(u, b, cfg, c)


cdef void urgency_clear(urgency_t* u, const board_t* b, int c) noexcept nogil:
    _restore(u, b, c)
    _clear_extra(u)


# ---- Python face -------------------------------------------------------------------------

cdef policy_t playout_policy_from(config) except *:
    return _policy_from(config)


cdef void _fill_value_map(uint32_t* value_map, double exponent) noexcept:
    """The urgency of each pattern value 0..PATTERN_MAX_VALUE under pattern_exponent."""
    cdef int v
    for v in range(PATTERN_MAX_VALUE + 1):
        value_map[v] = max(1, <uint32_t>(PATTERN_MAX_VALUE * (v / <double>PATTERN_MAX_VALUE)
                                         ** exponent + 0.5))


def pattern_urgencies(double exponent):
    """The urgency the playouts give each pattern value 0..PATTERN_MAX_VALUE under
    pattern_exponent (a list indexed by value): the weights a table's values become."""
    cdef uint32_t value_map[PATTERN_MAX_VALUE + 1]
    _fill_value_map(value_map, exponent)
    return [value_map[v] for v in range(PATTERN_MAX_VALUE + 1)]


cdef policy_t _policy_from(config):
    cdef policy_t cfg
    cdef int v
    cfg.kind = POLICY_MANGO if config.policy == "mango" else POLICY_LIGHT
    cfg.patterns = config.patterns
    cfg.capture_weight = config.capture_weight
    cfg.hopeless_capture_percent = config.hopeless_capture_percent
    cfg.save_weight = config.save_weight
    cfg.proximity_factor = config.proximity_factor
    cfg.proximity_diagonal_factor = config.proximity_diagonal_factor
    cfg.avoid_self_atari = config.avoid_self_atari
    cfg.local_answers = config.local_answers
    cfg.local_threshold = playout_threshold(config.local_probability)
    cfg.local_min_value = config.local_min_value
    cfg.filter_random_moves = config.filter_random_moves
    cfg.light_after_atari = config.light_after_atari
    cfg.fill_board_tries = config.fill_board_tries
    cfg.random_threshold = playout_threshold(config.random_move_probability)
    cfg.nakade = config.nakade
    cfg.nakade_weight = config.nakade_weight
    cfg.nakade_size = config.nakade_size
    cfg.answer_atari = config.answer_atari
    cfg.defend_two_liberties = config.defend_two_liberties
    cfg.distinct_answers = config.distinct_answers
    cfg.two_liberty_attack = config.two_liberty_attack
    cfg.two_liberty_race = config.two_liberty_race_libs if config.two_liberty_race else 0
    cfg.two_liberty_chase = config.two_liberty_chase
    cfg.two_liberty_throw_in = config.two_liberty_throw_in
    cfg.two_liberty_attack_threshold = playout_threshold(config.two_liberty_attack_probability)
    cfg.ko_fight_threshold = playout_threshold(config.ko_fight_probability)
    cfg.ko_fight_age = config.ko_fight_age
    cfg.ladder_saves = config.ladder_saves
    cfg.ladder_atari_weight = config.ladder_atari_weight
    cfg.nakade_self_atari = config.nakade_self_atari
    cfg.nakade_kills_only = config.nakade_kills_only
    cfg.avoid_single_self_atari = config.avoid_single_self_atari
    cfg.self_atari_redirect = config.self_atari_redirect
    cfg.eye_fix = config.eye_fix
    cfg.replies = NULL                  # the search lends its table (SearchTree.configure)
    cfg.balance = NULL                  # only patterns/balance.py's sampling sets one
    cfg.pool_threshold = 0              # PoolRAVE is the search's (SearchTree.configure)
    cfg.replies_first = config.replies_first
    cfg.map_values = config.pattern_exponent != 1.0
    _fill_value_map(cfg.value_map, config.pattern_exponent)
    # with the exponent 0 every value maps to the same urgency: the playouts' refresh of a point
    # then needs no 3x3 code (Pachi's moggy draws uniformly once its local rules give nothing)
    cfg.flat_value = cfg.value_map[1] if config.patterns and config.pattern_exponent == 0 else 0
    cfg.values[0] = NULL
    if config.pattern_table:
        cfg.values[BLACK] = pattern_named_values(config.pattern_table, BLACK)
        cfg.values[WHITE] = pattern_named_values(config.pattern_table, WHITE)
        cfg.value_pairs = pattern_named_value_pairs(config.pattern_table)
    else:
        cfg.values[BLACK] = pattern_values_for(BLACK)
        cfg.values[WHITE] = pattern_values_for(WHITE)
        cfg.value_pairs = pattern_value_pairs()
    return cfg


def _config(policy, config):
    if config is None:
        if policy not in POLICIES:
            raise ValueError(f"unknown playout policy {policy!r}; choose from {', '.join(POLICIES)}")
        return PlayoutConfig(policy=policy)
    if not isinstance(config, PlayoutConfig):
        raise TypeError("config must be a PlayoutConfig")
    return config


def run_playouts(Board start, int playouts, double komi=7.5, uint64_t seed=1, str policy="light",
                 config=None):
    """Run `playouts` playouts from `start` (unchanged) in one call into C, with `config` or else
    the default PlayoutConfig of `policy`.

    Returns a dict: playouts, black_wins, white_wins, draws, moves (total), score_sum (black area
    minus white area, without komi, summed). With the same seed the result is the same.
    """
    if playouts < 0:
        raise ValueError("playouts must be >= 0")
    cdef policy_t cfg = _policy_from(_config(policy, config))
    cdef board_t work
    cdef urgency_t* u = <urgency_t*>PyMem_Malloc(sizeof(urgency_t))
    cdef rng_t rng
    cdef long long moves = 0, score_sum = 0
    cdef int black_wins = 0, white_wins = 0, draws = 0, i
    cdef double result
    if u == NULL:
        raise MemoryError()
    rng_seed(&rng, seed)
    try:
        with nogil:
            for i in range(playouts):
                work = start.b
                moves += playout_run(&work, u, &cfg, &rng, NULL)
                result = board_area_score(&work)
                score_sum += <long long>result
                result -= komi
                if result > 0:
                    black_wins += 1
                elif result < 0:
                    white_wins += 1
                else:
                    draws += 1
    finally:
        PyMem_Free(u)
    return {
        "playouts": playouts,
        "black_wins": black_wins,
        "white_wins": white_wins,
        "draws": draws,
        "moves": moves,
        "score_sum": score_sum,
    }


def balance_sample(Board start, config, const uint32_t[::1] value_pairs,
                   const int32_t[::1] black_classes, const int32_t[::1] white_classes,
                   double[::1] sum_zh, double[::1] sum_h, int playouts, double komi=7.5,
                   uint64_t seed=1, bint gradient=True):
    """Simulation balancing's sample of one position (patterns/balance.py): `playouts` mango
    playouts from `start` (unchanged) under `config` but with the pattern weights `value_pairs`
    (Black's | White's << 16 by absolute 3x3 code, used as they are: no exponent). Returns
    Black's points (a win 1, a draw 0.5). With `gradient`, each playout's sum of
    d log pi / d theta over the moves the pattern weights chose (theta the log weight of each
    class; black_classes and white_classes give the class of every code for each player) is
    added to sum_h, and to sum_zh weighed by Black's points: the two sums the policy gradient
    of Black's expected result is made of. (local_answers, off by default, still reads its
    minimum value from the configured table.)"""
    cdef policy_t cfg = _policy_from(_config("mango", config))
    cdef balance_t balance
    cdef board_t work
    cdef urgency_t* u
    cdef double* h
    cdef rng_t rng
    cdef int n = sum_h.shape[0], i, k
    cdef double points = 0, z, result
    if playouts < 0:
        raise ValueError("playouts must be >= 0")
    if not cfg.patterns:
        raise ValueError("the playouts weigh no patterns (patterns=false): nothing to balance")
    if value_pairs.shape[0] != PATTERN_CODES or black_classes.shape[0] != PATTERN_CODES \
            or white_classes.shape[0] != PATTERN_CODES:
        raise ValueError(f"value_pairs and the class maps need {PATTERN_CODES} entries")
    if sum_zh.shape[0] != n or n == 0:
        raise ValueError("sum_zh and sum_h must be one non-empty length")
    for i in range(PATTERN_CODES):
        if not 0 <= black_classes[i] < n or not 0 <= white_classes[i] < n:
            raise ValueError(f"class of code {i} outside 0..{n - 1}")
        if value_pairs[i] & 0xFFFF == 0 or value_pairs[i] >> 16 == 0:
            raise ValueError(f"weight 0 for code {i}: weights run from 1")
    cfg.kind = POLICY_MANGO
    cfg.value_pairs = &value_pairs[0]
    cfg.map_values = 0
    cfg.flat_value = 0
    balance.class_of[0] = NULL
    balance.class_of[BLACK] = &black_classes[0]
    balance.class_of[WHITE] = &white_classes[0]
    u = <urgency_t*>PyMem_Malloc(sizeof(urgency_t))
    h = <double*>PyMem_Malloc(n * sizeof(double))
    if u == NULL or h == NULL:
        PyMem_Free(u)
        PyMem_Free(h)
        raise MemoryError()
    balance.grad = h
    cfg.balance = &balance if gradient else NULL
    rng_seed(&rng, seed)
    try:
        with nogil:
            for i in range(playouts):
                memset(h, 0, n * sizeof(double))
                work = start.b
                playout_run(&work, u, &cfg, &rng, NULL)
                result = board_area_score(&work) - komi
                z = 1.0 if result > 0 else (0.5 if result == 0 else 0.0)
                points += z
                if gradient:
                    for k in range(n):
                        sum_h[k] += h[k]
                        sum_zh[k] += z * h[k]
    finally:
        PyMem_Free(u)
        PyMem_Free(h)
    return points


cdef void playout_count_owners(const board_t* b, int64_t* black, int64_t* white,
                               int64_t* by_winner, int winner) noexcept nogil:
    """Count who holds each point of a finished playout: a stone's colour, or for an empty point
    the one colour among its neighbours (none when both or neither border it). The final
    status (run_ownership) and the search's ownership both count with it; with by_winner (not
    NULL), also the points the playout's winner (BLACK or WHITE; 0 for a jigo) holds, the
    search's criticality samples."""
    cdef int w = b.width, x, y, p, col
    for y in range(b.size):
        for x in range(b.size):
            p = (y + 1) * w + x + 1
            col = board_point_owner(b, p)
            if col == BLACK:
                black[p] += 1
            elif col == WHITE:
                white[p] += 1
            if by_winner != NULL and col == winner and col != 0:
                by_winner[p] += 1


def run_ownership(Board start, int playouts, uint64_t seed=1, str policy="mango", config=None,
                  bint both_first=True):
    """Play `playouts` playouts from `start` (unchanged) to the end, half with Black to move
    first and half with White (the final status asks who owns what whoever moves; with
    both_first False, start's player to move moves first in all, as in a search), even if the
    position has just seen two passes, and count per point how often it ends Black's and how
    often White's (a stone, or an empty point whose neighbours are all of one colour or the
    edge).

    Returns (black, white): two int64 arrays indexed by board point. Same seed, same counts."""
    if playouts < 0:
        raise ValueError("playouts must be >= 0")
    cdef policy_t cfg = _policy_from(_config(policy, config))
    cdef board_t work
    cdef urgency_t* u = <urgency_t*>PyMem_Malloc(sizeof(urgency_t))
    cdef rng_t rng
    cdef int64_t[::1] black = array.array("q", [0]) * MAX_POINTS
    cdef int64_t[::1] white = array.array("q", [0]) * MAX_POINTS
    cdef int i
    if u == NULL:
        raise MemoryError()
    rng_seed(&rng, seed)
    try:
        with nogil:
            for i in range(playouts):
                work = start.b
                work.passes = 0
                if both_first:
                    work.to_move = BLACK if i % 2 == 0 else WHITE
                playout_run(&work, u, &cfg, &rng, NULL)
                playout_count_owners(&work, &black[0], &white[0], NULL, 0)
    finally:
        PyMem_Free(u)
    return black.base, white.base


def play_playout(Board board, uint64_t seed=1, str policy="light", config=None):
    """Play one playout on `board` in place and return its moves (points, PASS = -1), so tests
    can replay them on a reference board."""
    cdef policy_t cfg = _policy_from(_config(policy, config))
    cdef rng_t rng
    cdef int cap = playout_move_cap(&board.b)
    cdef int[::1] record = array.array("i", [0]) * cap
    cdef urgency_t* u = <urgency_t*>PyMem_Malloc(sizeof(urgency_t))
    cdef int n
    if u == NULL:
        raise MemoryError()
    rng_seed(&rng, seed)
    try:
        n = playout_run(&board.b, u, &cfg, &rng, &record[0])
    finally:
        PyMem_Free(u)
    return list(record[:n])



def ladder_attack(Board board, int point, int attacker):
    """The atari with which `attacker` captures the two-liberty group at `point` in a ladder, by
    the playouts' ladder reader; None when it does not (or the group has not two liberties)."""
    cdef board_t* scratch = <board_t*>PyMem_Malloc(LADDER_BOARDS * sizeof(board_t))
    cdef int libs[3]
    cdef int result = NO_POINT
    if scratch == NULL:
        raise MemoryError()
    try:
        if board.b.colour[point] == 3 - attacker and \
                group_liberties_to_three(&board.b, board.b.group[point], libs) == 2:
            result = ladder_capture(&board.b, point, attacker, scratch)
    finally:
        PyMem_Free(scratch)
    return None if result == NO_POINT else result

def ladder_save_dies(Board board, int point, int colour):
    """True when `colour` extending at `point` is left with fewer than two liberties, or with two
    and then captured in a ladder: the playouts' verdict on a save (ladder_saves)."""
    cdef board_t* scratch = <board_t*>PyMem_Malloc(LADDER_BOARDS * sizeof(board_t))
    if scratch == NULL:
        raise MemoryError()
    try:
        return bool(save_is_laddered(&board.b, point, colour, scratch))
    finally:
        PyMem_Free(scratch)


cdef class ReplyTable:
    """A last-good-reply table (reply.pxd) for tests and diagnostics; a search keeps its own."""
    cdef reply_t* r

    def __cinit__(self, int depth=2, bint forget=True):
        if depth not in (1, 2):
            raise ValueError("depth must be 1 or 2")
        self.r = <reply_t*>PyMem_Malloc(sizeof(reply_t))
        if self.r == NULL:
            raise MemoryError()
        reply_clear(self.r)
        self.r.depth = depth
        self.r.forget = forget

    def __dealloc__(self):
        PyMem_Free(self.r)

    def learn(self, moves, int first_mover, int winner, int before_last=NO_POINT, int last=NO_POINT):
        """Learn from a simulation's moves (points, PASS = -1) as the search does."""
        cdef array.array played = array.array("i", moves)
        cdef int[:] view = played
        if first_mover not in (BLACK, WHITE) or winner not in (BLACK, WHITE):
            raise ValueError("colours are 1 (black) or 2 (white)")
        if any(not (PASS <= m < MAX_POINTS) for m in moves) or not (PASS <= last < MAX_POINTS) \
                or not (PASS <= before_last < MAX_POINTS):
            raise ValueError("moves are points of the padded board or PASS")
        if len(played):
            reply_learn(self.r, &view[0], len(played), first_mover, winner, before_last, last)

    def answer(self, int colour, int last, int before_last=NO_POINT):
        """(answer to the two moves, answer to the last move), each a point or None."""
        if colour not in (BLACK, WHITE) or not (PASS <= last < MAX_POINTS) \
                or not (PASS <= before_last < MAX_POINTS):
            raise ValueError("a colour, and points of the padded board or PASS")
        two = reply_to_two(self.r, colour, before_last, last)
        one = reply_to_one(self.r, colour, last)
        return (None if two == NO_POINT else two, None if one == NO_POINT else one)


cdef class MangoPlayout:
    """A mango playout run one move at a time, for tests and diagnostics: its incremental
    urgencies can be compared with ones computed from scratch. With `replies`, the stored last
    good replies are played as in the search's playouts (replies_first says where)."""
    cdef Board board
    cdef urgency_t* u
    cdef policy_t cfg
    cdef rng_t rng
    cdef ReplyTable replies
    cdef int before_last

    def __cinit__(self, Board board, config=None, uint64_t seed=1, ReplyTable replies=None):
        self.u = <urgency_t*>PyMem_Malloc(sizeof(urgency_t))
        if self.u == NULL:
            raise MemoryError()
        self.board = board
        self.cfg = _policy_from(_config("mango", config))
        self.cfg.kind = POLICY_MANGO
        self.replies = replies
        if replies is not None:
            self.cfg.replies = replies.r
        self.before_last = NO_POINT
        rng_seed(&self.rng, seed)
        urgency_init(self.u, &board.b, &self.cfg)

    def __dealloc__(self):
        PyMem_Free(self.u)

    @property
    def board(self):
        return self.board

    def step(self):
        """Choose and play the next move; returns it (PASS = -1)."""
        cdef int c = self.board.b.to_move
        cdef int p = mango_choose(self.u, &self.board.b, &self.cfg, &self.rng, c, self.before_last)
        self.before_last = self.board.b.last_move
        mango_play(self.u, &self.board.b, &self.cfg, p, c)
        return p

    def play(self, int point, int colour):
        """Play a given (legal) move through the policy's bookkeeping."""
        if point != PASS and not self.board.is_legal(point, colour):
            raise ValueError("illegal move")
        self.before_last = self.board.b.last_move
        mango_play(self.u, &self.board.b, &self.cfg, point, colour)

    def base_weights(self, int colour):
        """{point: base urgency} of the empty points for colour."""
        return {p: self.u.weight[colour][p] for p in self.board.empty_points()}

    def check(self):
        """Raise AssertionError unless the incremental urgencies equal a recomputation."""
        cdef urgency_t* fresh = <urgency_t*>PyMem_Malloc(sizeof(urgency_t))
        cdef int c, p
        try:
            urgency_init(fresh, &self.board.b, &self.cfg)
            for c in (BLACK, WHITE):
                for p in range(MAX_POINTS):
                    assert self.u.weight[c][p] == fresh.weight[c][p], \
                        f"weight of point {p} for colour {c}: {self.u.weight[c][p]} != {fresh.weight[c][p]}"
                for p in range(MAX_WIDTH):
                    assert self.u.row_sum[c][p] == fresh.row_sum[c][p], f"row sum {p} colour {c}"
                assert self.u.total[c] == fresh.total[c], f"total of colour {c}"
            listed = {self.board.b.group[self.u.atari[i]] for i in range(self.u.n_atari)
                      if self.board.b.colour[self.u.atari[i]] in (BLACK, WHITE)}
            for p in range(fresh.n_atari):
                assert fresh.atari[p] in listed, f"group {fresh.atari[p]} in atari but not listed"
        finally:
            PyMem_Free(fresh)

    def urgencies(self, int colour):
        """{point: urgency of this move's draw} for colour to play now, for the acceptable
        points: base + capture/save/nakade bonuses, times the proximity factor."""
        cdef int p
        _overlay(self.u, &self.board.b, &self.cfg, colour)
        result = {p: self.u.weight[colour][p] for p in self.board.empty_points()
                  if candidate_ok(&self.board.b, &self.cfg, p, colour)}
        _restore(self.u, &self.board.b, colour)
        _clear_extra(self.u)
        return result
