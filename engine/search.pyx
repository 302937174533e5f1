# cython: language_level=3
"""Monte-Carlo tree search in C: Mango's progressive bias and unpruning over UCT (Chaslot et al.),
MoGo's MC-RAVE with heuristic priors (Gelly and Silver, Algorithm 2), NoGo's slow node creation.

One simulation: descend the tree from the root (below T visits a node's move comes from the
playout policy and a new child is added, one per simulation; from T on the selection formula
chooses among the children progressive unpruning opens, in the order of Mango's heuristic H or
the predictor: the node's moves are ranked once, and its children made as unpruning comes to
them, every one at the root), finish the game with a playout, then back the result up the path:
plain averages, and AMAF for every child of a path node whose move the same player played later
in the simulation (first time only). A full node pool is pruned between simulations.

Results are counted for the player who made the move, in half points: 2 a win, 1 a jigo, 0 a
loss (int64: exact however long the search; see node_t in tree.pxd).
Python (class Searcher) crosses into C once per batch of simulations.

Threads (tree parallelism). Counters are updated with atomic adds. A children block is replaced
(grown, or re-made sorted at expansion) by the thread holding its parent's lock; it copies each
old child into the new block. With threads, another thread may be below an old copy: it may be
growing that child's children (it holds the child's lock), and it will back its simulation up
into the old copy. So the expanding thread first takes each old child's lock and keeps it for
good (the old copy is retired: its structure can no longer change, and whoever was growing it
has finished), copies the structure without the lock bit and without the virtual loss (a thread
below the old copy takes its loss back from the old copy), publishes the new block, and then
moves each counter by an atomic exchange with MANGO_RETIRED. An add into a retired counter returns
a negative value: the adder finds the live copy again by the moves from the root and adds there.
Every count thus lands exactly once in the live tree (Searcher.audit() checks it).

Ownership and score statistics are kept per worker (no races) and summed when read.
"""
cimport cython
from cython.parallel cimport parallel, threadid
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.math cimport log, pow, sqrt
from libc.stdint cimport int16_t, int32_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from mango.engine.board cimport (BLACK, EMPTY, MAX_POINTS, NO_POINT, PASS, WHITE, Board, board_area_score,
                           board_in_atari, board_is_ko, board_is_suicide,
                           board_neighbour_groups,
                           board_is_true_eye, board_t)
from mango.engine.feature cimport (FEATURE_FAMILIES, Predictor, feature_free, feature_moves,
                                   feature_share, feature_strengths, feature_t)
from mango.engine.pattern3 cimport pattern_code
from mango.engine.pattern3 import named_table
from mango.engine.tactic cimport group_liberties_to_three, ladder_capture
from mango.engine.playout cimport (POOL_MAX, candidate_ok, playout_count_owners, playout_policy_from,
                             playout_threshold, policy_choose, policy_continue, policy_play,
                             policy_prepare, policy_resume, policy_t, policy_urgencies, rng_next,
                             rng_seed, rng_t, urgency_clear, urgency_overlay, urgency_t)
from mango.engine.nogo cimport NOGO_COIN, nogo_is_legal, nogo_playout, nogo_random_move
from mango.engine.nogo import KINDS as NOGO_KINDS
from mango.engine.reply cimport reply_clear, reply_learn, reply_t
from mango.engine.tree cimport (MANGO_RETIRED, NODE_ADDED, NODE_BANNED, NODE_EXPANDED,
                          NODE_KNOWN, NODE_LOCKED, NODE_RANKED, RANK_ENTRIES, RANK_NODES, mango_acquire_fence, mango_atomic_add, mango_atomic_add16,
                          mango_atomic_add64, mango_atomic_retire64, mango_load_count,
                          mango_spin_lock, mango_store_count, mango_store_index, mango_try_lock,
                          mango_unlock, node_t, pool_t, rank_area_t, rank_entry_t, tree_alloc, tree_node_init, tree_pool_close,
                          tree_pool_open, tree_prune, tree_reroot, tree_reset)

import math

from mango.engine.config import ConfigError, EngineConfig
from mango.engine.komi import search_komi
from mango.engine.rules import ENDGAME_OPEN, open_points, stone_balance
from mango.engine.feature import shared_predictor
from mango.engine.result import ChildStats, SearchResult
from mango.engine.tree import NODE_BYTES

# prior.ownership's gammas, by level of a point's chance to end the mover's over the playouts
# (0: never, 8: nearly always), fitted beside the shipped predictor by Coulom's MM with its
# gammas held fixed (patterns/ownership.py, 64 playouts a position; docs/strength.md):
# below 13x13 from the strong amateurs' 9x9 games (`--size 9 --stride 3`: 423 games, 5,956
# positions), from 13x13 up from the professionals' 19x19 ones (`--games 300 --stride 7`: 7,931).
OWNERSHIP_GAMMAS_SMALL = (0.1467, 0.5339, 0.9013, 0.9984, 1.0, 0.8036, 0.6798, 0.4479, 0.2014)
OWNERSHIP_GAMMAS_LARGE = (0.173, 0.3989, 0.7778, 0.9672, 1.0, 0.9788, 0.7944, 0.5335, 0.2657)

# ---- statistics -----------------------------------------------------------------------------

cdef inline int _half_result_for(int black_half, int colour) noexcept nogil:
    """The result in half points (2 win, 1 jigo, 0 loss) for colour, from Black's."""
    return black_half if colour == BLACK else 2 - black_half


cdef inline int _mover_at(const search_t* s, int depth) noexcept nogil:
    """Colour that moves from the node at this depth of the path (0 = root)."""
    return s.root_board.to_move if depth % 2 == 0 else 3 - s.root_board.to_move


cdef int search_selectable(const params_t* p, int n_children, double parent_visits) noexcept nogil:
    """How many children progressive unpruning lets the selection see (Mango 3.2): k_init, and one
    more each time the parent's visits pass A * B^j, j = 1, 2, ..."""
    cdef int k = p.k_init, j = 1
    if not p.progressive_unpruning:
        return n_children
    while j < MAX_UNPRUNE and parent_visits > p.unprune_at[j]:
        k += 1
        j += 1
    return k if k < n_children else n_children


cdef inline double search_amaf(const params_t* p, const node_t* child, double* wins) noexcept nogil:
    """A child's AMAF samples as the selection reads them, with its prior where prior.in_amaf
    puts it there; their wins in *wins."""
    if p.prior_in_amaf:
        wins[0] = 0.5 * child.amaf_half_wins + child.prior_wins
        # summed in float, as the counts always were here (the same games byte for byte)
        return child.amaf_visits + child.prior_visits
    wins[0] = 0.5 * child.amaf_half_wins
    return child.amaf_visits


cdef double search_child_score(const params_t* p, const node_t* child, double log_parent,
                               double beta_hand, double crit) noexcept nogil:
    """The selection score of one child (Mango formulas 2.1 and 3.2, MoGo's MC-RAVE), its AMAF
    statistics with crit x criticality x their count won samples more (search_crit_of)."""
    cdef double n = child.visits + p.virtual_loss * child.virtual_loss
    cdef double count = n + child.prior_visits
    cdef double amaf_count = 0, amaf_wins = 0, extra, value = 0, beta, score
    if p.rave and not (p.pass_mc_only and child.move == PASS):
        amaf_count = search_amaf(p, child, &amaf_wins)
    else:
        amaf_wins = 0.5 * child.amaf_half_wins
    if crit != 0 and amaf_count > 0:
        # Pachi's criticality in RAVE: virtual wins (or, negative, fewer wins and samples)
        extra = crit * p.criticality * amaf_count
        if amaf_count + extra > 0:
            amaf_count += extra
            amaf_wins += extra
    if count <= 0 and amaf_count <= 0:
        score = p.first_play_urgency
    else:
        if count > 0:
            value = (0.5 * child.half_wins + child.prior_wins) / count
        if amaf_count > 0:
            if count <= 0:
                beta = 1.0
            elif p.rave_schedule == SCHEDULE_HAND:
                beta = beta_hand
            elif p.rave_schedule == SCHEDULE_HAND_CHILD:
                beta = sqrt(p.rave_k / (3.0 * count + p.rave_k)) if p.rave_k > 0 else 0.0
            else:
                beta = amaf_count / (count + amaf_count
                                     + 4.0 * count * amaf_count * p.rave_bias * p.rave_bias)
            value = ((1.0 - beta) * value
                     + beta * amaf_wins / amaf_count)
        score = value
        if p.uct_c > 0:
            score += p.uct_c * sqrt(log_parent / (count if count >= 1 else 1.0))
    if p.progressive_bias:
        score += p.bias_weight * child.heuristic / (n + 1.0)
    if p.puct:
        score += p.puct_c * child.policy / (1.0 + n)
    return score


cdef int64_t search_select(const search_t* s, node_t* node) noexcept nogil:
    """The child to descend to, by the selection formula, among the selectable (first, best H)
    children; -1 when none can be chosen."""
    cdef const params_t* p = &s.params
    cdef int n_children = mango_load_count(&node.n_children)
    cdef int64_t first = node.first_child, best = -1
    cdef double parent = node.visits + p.virtual_loss * node.virtual_loss
    cdef double log_parent, beta_hand, score, best_score = -1e300
    cdef int i, limit = search_selectable(p, n_children, node.visits)
    cdef node_t* child
    search_parent_terms(p, parent, &log_parent, &beta_hand)
    for i in range(limit):
        child = &s.pool.nodes[first + i]
        if child.flags & NODE_BANNED:
            continue
        score = search_child_score(p, child, log_parent, beta_hand, search_crit_of(s, node, child))
        if score > best_score:
            best_score = score
            best = first + i
    return best


# ---- knowledge: priors and Mango's heuristic ---------------------------------------------------

cdef int _ladder_atari(const search_t* s, worker_t* wk, const board_t* b, int g, int c) noexcept nogil:
    """c's atari that captures the opponent's two-liberty group g in a ladder, or NO_POINT; read
    once per group and expansion (the worker's cache is reset when an expansion starts)."""
    cdef int i, point
    for i in range(wk.n_ladder):
        if b.group[wk.ladder_group[i]] == g:
            return wk.ladder_point[i]
    point = ladder_capture(b, g, c, wk.urgency.scratch)
    if wk.n_ladder < 16:
        wk.ladder_group[wk.n_ladder] = g
        wk.ladder_point[wk.n_ladder] = point
        wk.n_ladder += 1
    return point


cdef inline bint _knowledge_keeps_values(const search_t* s) noexcept nogil:
    """Whether the urgencies differ from the 3x3 values (pattern_exponent not 1), so that
    _knowledge_open keeps the values apart for the pattern prior."""
    return s.policy.map_values and s.policy.patterns


cdef void _knowledge_open(search_t* s, worker_t* wk, board_t* b, int c) noexcept nogil:
    """Lay the playout policy's bonuses for c's next move over the worker's urgencies, so that the
    tree reads the playouts' own knowledge (one urgency function: patterns with their exponent,
    captures, saves and their ladders, nakade, proximity; Pachi's priors and Fuego's also ask
    their playout policy). The mango playouts keep the base urgencies in step with the board
    (mango_play); for the light ones they are made here. _knowledge_close takes the bonuses off."""
    cdef int i, point
    cdef uint32_t pair
    policy_urgencies(&wk.urgency, b, &s.policy)
    for i in range(b.n_empty):
        point = b.empty[i]
        wk.base_weight[point] = wk.urgency.weight[c][point]
    if _knowledge_keeps_values(s):
        # the pattern prior's thresholds are 3x3 values (1..2433): read the table's value, not
        # the urgency pattern_exponent makes of it (at exponent 0 every point's is 2433)
        for i in range(b.n_empty):
            point = b.empty[i]
            pair = s.policy.value_pairs[pattern_code(b, point)]
            wk.base_value[point] = pair & 0xFFFF if c == BLACK else pair >> 16
    urgency_overlay(&wk.urgency, b, &s.policy, c)
    wk.n_ladder = 0


cdef inline void _knowledge_close(worker_t* wk, const board_t* b, int c) noexcept nogil:
    urgency_clear(&wk.urgency, b, c)


cdef void _knowledge_of(const search_t* s, worker_t* wk, const board_t* b, int point, int c,
                        double* capture_save, double* pattern, double* value, bint* refused,
                        double* weight) noexcept nogil:
    """What the playouts know of c's move at point (between _knowledge_open and _close): C, its
    capture, save and nakade bonus; P, its 3x3 value as the playouts weigh it (the urgency
    pattern_exponent makes of it), and the value itself, which the pattern prior's thresholds
    are in; whether the playouts refuse it (a self-atari they never play); and its urgency,
    proximity included.
    With the tree's ladder prior, the atari that captures an opponent's group of two liberties
    in a ladder is worth as much as capturing it."""
    cdef int i, n
    cdef int roots[4]
    cdef int libs_found[3]
    cdef double bonus = <double>wk.urgency.extra[point]
    if s.params.prior_ladders:
        n = board_neighbour_groups(b, point, 3 - c, roots)
        for i in range(n):
            if not board_in_atari(b, roots[i]) \
                    and group_liberties_to_three(b, roots[i], libs_found) == 2 \
                    and _ladder_atari(s, wk, b, roots[i], c) == point:
                bonus += <double>s.policy.capture_weight * b.group_size[roots[i]]
    capture_save[0] = bonus
    pattern[0] = wk.base_weight[point]
    # without a value map (pattern_exponent 1) the urgency is the value: _knowledge_open kept none
    value[0] = wk.base_value[point] if _knowledge_keeps_values(s) else wk.base_weight[point]
    refused[0] = not candidate_ok(b, &s.policy, point, c)
    weight[0] = 0.0 if refused[0] else <double>wk.urgency.weight[c][point]


cdef inline void _add_predictor_prior(const params_t* p, node_t* child, double predicted) noexcept nogil:
    """Pachi's MM pattern prior: sqrt(p) * count playouts, all won (moves under 0.001 get none)."""
    cdef double n
    if p.prior_predictor and child.move != PASS and predicted >= 0.001:
        n = p.predictor_count * sqrt(predicted)
        child.prior_visits = <float>(child.prior_visits + n)
        child.prior_wins = <float>(child.prior_wins + n)


cdef void _set_prior(const search_t* s, worker_t* wk, node_t* child, int depth, double capture_save,
                     double value, bint refused) noexcept nogil:
    """Heuristic priors as equivalent experience (MoGo section 5) for a new child of the node at
    path depth `depth`. The predictor prior is added apart (_add_predictor_prior): it needs the
    whole position's features, which only a full expansion computes."""
    cdef const params_t* p = &s.params
    cdef double count = 0, wins = 0, q, n
    cdef node_t* grand
    cdef node_t* uncle
    cdef int i, n_children
    if p.prior_even:
        count += p.even_count
        wins += 0.5 * p.even_count
    if p.prior_pattern and child.move != PASS:
        # without the playouts' patterns every value is 1: no 3x3 verdict to read
        if capture_save > 0 or (s.policy.patterns and value >= p.good_pattern):
            q = 1.0
        elif refused or (s.policy.patterns and value <= p.bad_pattern):
            q = 0.0
        else:
            q = 0.5
        count += p.pattern_count
        wins += q * p.pattern_count
    if p.prior_grandfather and depth >= 2:
        grand = &s.pool.nodes[wk.path[depth - 2]]
        n_children = mango_load_count(&grand.n_children)
        for i in range(n_children):
            uncle = &s.pool.nodes[grand.first_child + i]
            if uncle.move == child.move:
                if uncle.visits > 0:
                    n = p.grandfather_count if uncle.visits > p.grandfather_count else uncle.visits
                    count += n
                    wins += n * 0.5 * uncle.half_wins / uncle.visits
                break
    if child.move == PASS and s.pass_boost > 0:
        count += s.pass_boost
        wins += s.pass_boost
    child.prior_visits = <float>count
    child.prior_wins = <float>wins


cdef double _proximity(const board_t* b, int point, const int* recent, int n_recent,
                       int k_max) noexcept nogil:
    """sum over the k-th last moves of 1 / (2 d_k)^(1.25 + k / 2), d_k the Euclidean distance
    (Mango formula 3.3). Passes count for nothing; with no stone move among them (an empty board,
    or k_max = 0) the factor is 1, so that H still orders moves by their capture and pattern value.
    A recent move whose stone has been captured can be the point itself: d counts as 1 there (as
    close as a neighbour) instead of 0, whose infinite term made every H of the node NaN or 0."""
    cdef double total = 0, dx, dy, d
    cdef int k, m, w = b.width
    cdef bint any_move = False
    for k in range(1, k_max + 1):
        if k > n_recent:
            break
        m = recent[n_recent - k]
        if m == PASS or m == NO_POINT:
            continue
        any_move = True
        dx = point % w - m % w
        dy = point // w - m // w
        d = sqrt(dx * dx + dy * dy)
        total += 1.0 / pow(2.0 * (d if d >= 1.0 else 1.0), 1.25 + 0.5 * k)
    return total if any_move else 1.0


cdef void _predict(const search_t* s, worker_t* wk, const board_t* b, const int* recent,
                   int n_recent) noexcept nogil:
    """wk.predicted[point]: the learned predictor's probability of each legal move of the player
    to move (0 for the other empty points), weighed by the ownership's gammas (prior.ownership)
    once the worker has its warm-up's samples."""
    cdef int i, n, level
    cdef double total = 0
    cdef int64_t mine
    cdef const int64_t* owned = &wk.owned_black[0] if b.to_move == BLACK else &wk.owned_white[0]
    cdef int last2 = recent[n_recent - 2] if n_recent >= 2 else PASS
    for i in range(b.n_empty):
        wk.predicted[b.empty[i]] = 0
    n = feature_moves(wk.features, b, b.to_move, last2 if last2 > 0 else PASS, wk.feature_points,
                      wk.feature_levels)
    feature_strengths(wk.features, n, wk.feature_levels, wk.feature_strength)
    if s.params.prior_ownership and wk.ownership_samples >= s.params.ownership_warmup:
        for i in range(n):
            mine = owned[wk.feature_points[i]]
            level = <int>(mine * OWNERSHIP_LEVELS // wk.ownership_samples)
            wk.feature_strength[i] *= s.params.ownership_gammas[
                level if level < OWNERSHIP_LEVELS else OWNERSHIP_LEVELS - 1]
    for i in range(n):
        total += wk.feature_strength[i]
    if total > 0:
        for i in range(n):
            wk.predicted[wk.feature_points[i]] = wk.feature_strength[i] / total


cdef int _recent_moves(const search_t* s, const worker_t* wk, int depth, int* recent) noexcept nogil:
    """The moves before the node at path depth `depth`: game history, then the tree moves."""
    cdef int n = 0, i
    for i in range(s.n_history):
        recent[n] = s.history[i]
        n += 1
    for i in range(depth):
        recent[n] = wk.moves[i]
        n += 1
    return n


cdef inline void _copy_child(search_t* s, worker_t* wk, int64_t new_index,
                             int64_t old_index) noexcept nogil:
    """Copy an old child into the block replacing its block (the parent is locked by this thread).
    Never the lock bit nor the virtual loss (the threads below the old copy take their loss back
    from it). With threads, the old copy is retired first (locked for good, after whoever grows
    its children has finished) and its counters move after the new block is published
    (_move_counters): a thread below it may still back up into it."""
    cdef node_t* child = &s.pool.nodes[new_index]
    cdef node_t* old = &s.pool.nodes[old_index]
    if s.threaded:
        mango_spin_lock(&old.flags, NODE_LOCKED)
        child[0] = old[0]
        child.visits = 0
        child.half_wins = 0
        child.amaf_visits = 0
        child.amaf_half_wins = 0
        wk.moved_old[wk.n_moved] = old_index
        wk.moved_new[wk.n_moved] = new_index
        wk.n_moved += 1
        wk.retired += 1
    else:
        child[0] = old[0]
    child.flags &= ~NODE_LOCKED
    child.virtual_loss = 0


cdef void _move_counters(search_t* s, worker_t* wk) noexcept nogil:
    """Once the new block is published: each retired copy's counts into its new copy. An add that
    comes later into the retired copy sees MANGO_RETIRED and goes to the new copy (_redirect)."""
    cdef int i
    cdef node_t* old
    cdef node_t* new
    for i in range(wk.n_moved):
        old = &s.pool.nodes[wk.moved_old[i]]
        new = &s.pool.nodes[wk.moved_new[i]]
        mango_atomic_add64(&new.visits, mango_atomic_retire64(&old.visits))
        mango_atomic_add64(&new.half_wins, mango_atomic_retire64(&old.half_wins))
        mango_atomic_add64(&new.amaf_visits, mango_atomic_retire64(&old.amaf_visits))
        mango_atomic_add64(&new.amaf_half_wins, mango_atomic_retire64(&old.amaf_half_wins))
    wk.n_moved = 0


cdef enum:
    SMALL_SORT = 128            # keys up to which _sort_best_first sorts by insertion


cdef inline uint64_t _descending_bits(double x) noexcept nogil:
    """An unsigned key whose ascending order is x's descending order (IEEE 754: flip a negative
    number's bits, set a positive one's sign bit, then complement; -0.0 counts as 0.0)."""
    cdef uint64_t u
    if x == 0:
        x = 0.0
    memcpy(&u, &x, sizeof(u))
    u = ~u if u >> 63 else u | (<uint64_t>1 << 63)
    return ~u


cdef inline void _insert_sorted(uint64_t* bits, int* order, int j, uint64_t moving_bits,
                                int moving) noexcept nogil:
    """Put (moving_bits, moving) into bits[0:j + 1] / order[0:j + 1], whose first j are in
    ascending order of bits, after every equal one (a stable insertion; slot j is overwritten)."""
    while j > 0 and bits[j - 1] > moving_bits:
        bits[j] = bits[j - 1]
        order[j] = order[j - 1]
        j -= 1
    bits[j] = moving_bits
    order[j] = moving


cdef void _sort_best_first(worker_t* wk, const double* key, int n) noexcept nogil:
    """wk.cand_order[0:n] (indices into key) sorted by key, greatest first, equal keys left in
    their order: a stable LSD radix sort, a byte a pass, skipping the bytes every key shares. The
    insertion sort it replaced (same order) took a fortieth of a 19x19 search with its n^2 / 4
    moves of ~300 children, and a merge sort as much, its comparisons a chain of dependent loads;
    but below SMALL_SORT keys (9x9's ~80) insertion costs a tenth of the radix sort's eight passes
    over 256 buckets, so it sorts those."""
    cdef int count[256]
    cdef int i, shift, digit, total, c
    cdef int* order = wk.cand_order
    cdef int* spare = wk.cand_spare
    cdef uint64_t* bits = wk.sort_bits[0]
    cdef uint64_t* spare_bits = wk.sort_bits[1]
    cdef int* swap_order
    cdef uint64_t* swap_bits
    if n <= 1:
        return
    for i in range(n):
        bits[i] = _descending_bits(key[order[i]])
    if n <= SMALL_SORT:
        for i in range(1, n):
            _insert_sorted(bits, order, i, bits[i], order[i])
        return
    for shift in range(0, 64, 8):
        memset(count, 0, sizeof(count))
        for i in range(n):
            count[(bits[i] >> shift) & 255] += 1
        if count[(bits[0] >> shift) & 255] == n:
            continue                    # one value of this byte: the pass would change nothing
        total = 0
        for digit in range(256):
            c = count[digit]
            count[digit] = total
            total += c
        for i in range(n):
            digit = (bits[i] >> shift) & 255
            spare_bits[count[digit]] = bits[i]
            spare[count[digit]] = order[i]
            count[digit] += 1
        swap_bits = bits
        bits = spare_bits
        spare_bits = swap_bits
        swap_order = order
        order = spare
        spare = swap_order
    if order != wk.cand_order:
        memcpy(wk.cand_order, order, n * sizeof(int))


cdef void _sort_best_first_few(worker_t* wk, const double* key, int n, int k) noexcept nogil:
    """wk.cand_order[0:k] the k greatest of key in _sort_best_first's order (greatest first, equal
    keys in their order), the others after them in their order: an expansion that makes only
    the first children of its ranking (children_ahead) need not sort the ~360 moves of 19x19.
    One pass keeps the best k found so far by insertion; a key not better than the k-th of them
    (an equal one came later) is passed over at one comparison."""
    cdef int i, j, m = 0
    cdef uint64_t moving_bits
    cdef int* order = wk.cand_order
    cdef int* best = wk.cand_spare
    cdef uint64_t* best_bits = wk.sort_bits[1]
    cdef uint64_t* chosen = wk.sort_bits[0]
    if k >= n:
        _sort_best_first(wk, key, n)
        return
    if k <= 0:
        return
    for i in range(n):
        moving_bits = _descending_bits(key[order[i]])
        if m == k and moving_bits >= best_bits[k - 1]:
            continue
        _insert_sorted(best_bits, best, m if m < k else k - 1, moving_bits, order[i])
        if m < k:
            m += 1
    # the rest in their order, after the k best (cand_order holds indices 0 .. n - 1)
    memset(chosen, 0, n * sizeof(uint64_t))
    for j in range(k):
        chosen[best[j]] = 1
    m = k
    for i in range(n):
        if not chosen[order[i]]:
            best[m] = order[i]
            m += 1
    memcpy(order, best, n * sizeof(int))


cdef int _go_candidates(search_t* s, worker_t* wk, board_t* b, int c, const int* recent,
                        int n_recent, bint mango_h, bint predicting, double* best_h,
                        double* best_predicted, double* total_policy) noexcept nogil:
    """The expansion's candidates in Go (legal moves that fill no own true eye, and pass, last)
    with their knowledge; how many."""
    cdef const params_t* p = &s.params
    cdef int n = 0, i, point
    cdef double capture_save, pattern, value, weight
    cdef bint refused
    _knowledge_open(s, wk, b, c)
    for i in range(b.n_empty):
        point = b.empty[i]
        if board_is_ko(b, point, c) or board_is_suicide(b, point, c):
            continue
        # an own true eye is no candidate, unless a child already plays there (it keeps its stats)
        if board_is_true_eye(b, point, c) and wk.old_slot[point + 1] == 0:
            continue
        _knowledge_of(s, wk, b, point, c, &capture_save, &pattern, &value, &refused, &weight)
        wk.cand[n] = point
        wk.cand_capture_save[n] = capture_save
        wk.cand_pattern[n] = value
        wk.cand_refused[n] = refused
        wk.cand_h[n] = (capture_save + pattern) * _proximity(b, point, recent, n_recent,
                                                             p.heuristic_moves) if mango_h else 0.0
        wk.cand_policy[n] = weight
        if wk.cand_h[n] > best_h[0]:
            best_h[0] = wk.cand_h[n]
        wk.cand_predicted[n] = wk.predicted[point] if predicting else 0.0
        if wk.cand_predicted[n] > best_predicted[0]:
            best_predicted[0] = wk.cand_predicted[n]
        total_policy[0] += wk.cand_policy[n]
        n += 1
    _knowledge_close(wk, b, c)
    wk.cand[n] = PASS
    wk.cand_capture_save[n] = 0
    wk.cand_pattern[n] = 0
    wk.cand_refused[n] = False
    wk.cand_h[n] = -1                   # pass comes last in H order
    wk.cand_predicted[n] = -1
    wk.cand_policy[n] = 0
    n += 1
    return n


cdef int _nogo_candidates(worker_t* wk, const board_t* b, int c) noexcept nogil:
    """The expansion's candidates in NoGo: its legal moves, alike (no knowledge: the study's
    MCTS), no pass; how many (0: the side to move has lost)."""
    cdef int n = 0, i, point
    for i in range(b.n_empty):
        point = b.empty[i]
        if not nogo_is_legal(b, point, c):
            continue
        wk.cand[n] = point
        wk.cand_capture_save[n] = 0
        wk.cand_pattern[n] = 0
        wk.cand_refused[n] = False
        wk.cand_h[n] = 0
        wk.cand_predicted[n] = 0
        wk.cand_policy[n] = 1
        n += 1
    return n


cdef void _rank_pass_first(worker_t* wk, int n) noexcept nogil:
    """Move pass to the head of the ranking, the others keeping their order."""
    cdef int i, j
    for i in range(n):
        if wk.cand[wk.cand_order[i]] == PASS:
            j = wk.cand_order[i]
            while i > 0:
                wk.cand_order[i] = wk.cand_order[i - 1]
                i -= 1
            wk.cand_order[0] = j
            return


cdef int _expand(search_t* s, worker_t* wk, node_t* node, int depth, bint every) noexcept nogil:
    """Rank every candidate of node (legal moves that fill no own true eye, and pass) by Mango's H
    (or the predictor's probability) and make the children that progressive unpruning reaches by
    the time the node's visits have grown children_ahead times (every one with `every`, or
    children_ahead 0: MoGo), with their priors, keeping the children already made; 1 on success.
    node is locked. Called again as unpruning reaches further: the ranking comes out the same
    (the same position and recent moves), so that the new children are appended to the block."""
    cdef board_t* b = &wk.board
    cdef const params_t* p = &s.params
    cdef int c = b.to_move, n = 0, i, j, k, point, old_n, n_recent
    cdef int make, total, cap, slot
    cdef int recent[MAX_HISTORY + MAX_DEPTH]
    cdef double capture_save, pattern, weight, best_h = 0, best_predicted = 0, total_policy = 0
    cdef bint predicting = wk.features != NULL and not s.nogo
    # Mango's H is only needed when the predictor does not give both the order and the bias
    cdef bint mango_h = not (predicting and p.predictor_order and p.predictor_bias)
    cdef double* order_by = wk.cand_h
    cdef bint refused, in_place, ranked
    cdef int64_t first, old_first
    cdef node_t* child
    cdef rank_area_t* area
    cdef rank_entry_t* entry
    n_recent = _recent_moves(s, wk, depth, recent)
    if predicting:
        _predict(s, wk, b, recent, n_recent)
        if p.predictor_order:
            order_by = wk.cand_predicted
    old_n = node.n_children
    old_first = node.first_child
    for j in range(old_n):
        wk.old_slot[s.pool.nodes[old_first + j].move + 1] = j + 1
    if s.nogo:
        n = _nogo_candidates(wk, b, c)
        total_policy = n
    else:
        n = _go_candidates(s, wk, b, c, recent, n_recent, mango_h, predicting, &best_h,
                           &best_predicted, &total_policy)
    for i in range(n):
        wk.cand_order[i] = i
    make = n
    if not every and p.children_ahead > 0:
        make = search_selectable(p, n, p.children_ahead * node.visits)
    if old_n == 0:
        # a first expansion reads the ranking's first `make` only (pass, when boosted, moves
        # to the head from wherever it is)
        _sort_best_first_few(wk, order_by, n, make)
    else:
        _sort_best_first(wk, order_by, n)
    if s.pass_boost > 0:
        _rank_pass_first(wk, n)
    # The children: the first `make` of the ranking, and the old ones beyond it, in ranking order.
    # When the old block is the ranking's first old_n and has room, the new ones are appended.
    total = 0
    in_place = old_n <= make
    for i in range(n):
        slot = wk.old_slot[wk.cand[wk.cand_order[i]] + 1]
        if i < make or slot > 0:
            wk.cand_spare[total] = wk.cand_order[i]
            total += 1
            if i < old_n and slot != i + 1:
                in_place = False
    wk.n_moved = 0
    # a node that grows again (not its first expansion) keeps the next moves of its ranking, so
    # that its next growths need no ranking (_grow_ranked); only while its children are the
    # ranking's first (no children made before T beyond them)
    ranked = old_n > 0 and total == make and total < n and p.children_ahead > 0
    if in_place and old_n > 0 and total <= node.capacity:
        first = old_first
        cap = node.capacity
        ranked = ranked and node.flags & NODE_RANKED
    else:
        in_place = False
        cap = total if old_n == 0 else (2 * total if 2 * total < n else n)
        if cap < total:
            cap = total
        first = tree_alloc(&s.pool, cap + (RANK_NODES if ranked else 0))
        if first < 0:
            _forget_old_slots(s, wk, old_first, old_n)
            return 0
    for i in range(total):
        k = wk.cand_spare[i]
        child = &s.pool.nodes[first + i]
        slot = wk.old_slot[wk.cand[k] + 1]
        if slot > 0:
            if not in_place:
                _copy_child(s, wk, first + i, old_first + slot - 1)
            if child.flags & NODE_KNOWN:
                continue
        else:
            tree_node_init(child, wk.cand[k])
            _set_prior(s, wk, child, depth, wk.cand_capture_save[k], wk.cand_pattern[k],
                       wk.cand_refused[k])
            if p.late_child_amaf and node.visits > p.create_after:
                # made after the node's first expansion (a growth, a re-expansion after a
                # prune, or T's after children added one a simulation): simulations missed
                _seed_late_amaf(s, wk, node, child, depth)
        # a child made before T (by _add_child) gets the rest of its knowledge here
        if predicting:
            _add_predictor_prior(p, child, wk.cand_predicted[k])
        child.heuristic = _heuristic_of(p, wk, k, predicting, best_predicted, best_h)
        child.policy = <float>(wk.cand_policy[k] / total_policy if total_policy > 0 else 0.0)
        child.flags |= NODE_KNOWN
    _forget_old_slots(s, wk, old_first, old_n)
    if ranked:
        area = <rank_area_t*>&s.pool.nodes[first + cap]
        area.start = <int16_t>total
        area.count = 0
        for i in range(total, n if n - total < RANK_ENTRIES else total + RANK_ENTRIES):
            k = wk.cand_order[i]
            entry = &area.entries[area.count]
            entry.move = <int16_t>wk.cand[k]
            entry.heuristic = _heuristic_of(p, wk, k, predicting, best_predicted, best_h)
            entry.policy = <float>(wk.cand_policy[k] / total_policy if total_policy > 0 else 0.0)
            entry.predicted = wk.cand_predicted[k]
            area.count += 1
        node.flags |= NODE_RANKED
    else:
        node.flags &= ~NODE_RANKED
    node.n_candidates = n
    if not in_place:
        node.capacity = cap
        mango_store_index(&node.first_child, <int>first)
    mango_store_count(&node.n_children, total)
    node.flags |= NODE_EXPANDED
    if wk.n_moved:
        _move_counters(s, wk)
    return 1


cdef void _seed_late_amaf(search_t* s, const worker_t* wk, const node_t* node, node_t* child,
                          int depth) noexcept nogil:
    """Give a child made when its node (at depth) grows the AMAF samples it missed: the simulations
    through the node played its move later at the rate the grandparent's (two plies up, the same
    player to move) did, with the mean they had there (late_child_amaf). Only where a grandparent
    is in the tree and has the move as a child with AMAF samples. Other threads may be adding to
    the counters read, or moving them to a new block (the grandparent is locked meanwhile: then
    no seed): the seed is held to what one node's counters can hold (the audit's bounds). Under
    threads, each other thread may have counted its simulation in the node's visits already and
    still be about to add its AMAF into the child once it is published: the seed leaves room for
    them, or a child could hold more AMAF samples than its parent has simulations."""
    cdef const node_t* grand
    cdef const node_t* uncle
    cdef int i, n_children
    cdef int64_t node_visits = node.visits, grand_visits, uncle_visits, uncle_half_wins, seeded, half
    cdef int64_t most = (node_visits - s.other_threads) * (1 + s.params.rave_distance_weight)
    if depth < 2 or most <= 0:
        return
    grand = &s.pool.nodes[wk.path[depth - 2]]
    if grand.flags & NODE_LOCKED:
        return
    grand_visits = grand.visits
    if grand_visits <= 0:
        return
    n_children = mango_load_count(&grand.n_children)
    for i in range(n_children):
        uncle = &s.pool.nodes[grand.first_child + i]
        if uncle.move == child.move:
            uncle_visits = uncle.amaf_visits
            uncle_half_wins = uncle.amaf_half_wins
            if uncle_visits <= 0 or uncle_half_wins < 0 or grand.flags & NODE_LOCKED:
                return
            seeded = <int64_t>(<double>node_visits * uncle_visits / grand_visits + 0.5)
            if seeded > uncle_visits:
                seeded = uncle_visits
            if seeded > most:
                seeded = most
            half = <int64_t>(<double>seeded * uncle_half_wins / uncle_visits + 0.5)
            child.amaf_visits = seeded
            child.amaf_half_wins = half if half <= 2 * seeded else 2 * seeded
            return


cdef inline float _heuristic_of(const params_t* p, const worker_t* wk, int k, bint predicting,
                               double best_predicted, double best_h) noexcept nogil:
    """Candidate k's H as a child keeps it: normalised so that the best candidate has 1."""
    if p.predictor_bias and predicting:
        return <float>(wk.cand_predicted[k] / best_predicted
                       if best_predicted > 0 and wk.cand_predicted[k] > 0 else 0.0)
    return <float>(wk.cand_h[k] / best_h if best_h > 0 and wk.cand_h[k] > 0 else 0.0)


cdef int _grow_ranked(search_t* s, worker_t* wk, node_t* node, int depth) noexcept nogil:
    """Append the children progressive unpruning will soon reach from the node's rank area (the
    moves its last ranking put next, with their H, policy and predictor probability; the priors
    read the board as the ranking did): the same children _expand would make, without ranking
    every move again. 0 when the area does not reach far enough or the block has no room (then
    _expand ranks again). node is locked."""
    cdef const params_t* p = &s.params
    cdef int n = node.n_children, make, i, c = wk.board.to_move
    cdef double capture_save, pattern, value, weight
    cdef bint refused
    cdef rank_area_t* area
    cdef rank_entry_t* entry
    cdef node_t* child
    if not node.flags & NODE_RANKED:
        return 0
    area = <rank_area_t*>&s.pool.nodes[node.first_child + node.capacity]
    make = search_selectable(p, node.n_candidates, p.children_ahead * node.visits)
    if area.start != n or make > area.start + area.count or make > node.capacity:
        return 0
    _knowledge_open(s, wk, &wk.board, c)
    for i in range(n, make):
        entry = &area.entries[i - area.start]
        child = &s.pool.nodes[node.first_child + i]
        tree_node_init(child, entry.move)
        capture_save, value, refused = 0, 0, False
        if entry.move != PASS:
            _knowledge_of(s, wk, &wk.board, entry.move, c, &capture_save, &pattern, &value, &refused,
                          &weight)
        _set_prior(s, wk, child, depth, capture_save, value, refused)
        if p.late_child_amaf:
            _seed_late_amaf(s, wk, node, child, depth)
        if wk.features != NULL:
            _add_predictor_prior(p, child, entry.predicted)
        child.heuristic = entry.heuristic
        child.policy = entry.policy
        child.flags |= NODE_KNOWN
    _knowledge_close(wk, &wk.board, c)
    mango_store_count(&node.n_children, make)
    return 1


cdef inline void _forget_old_slots(const search_t* s, worker_t* wk, int64_t old_first,
                                   int old_n) noexcept nogil:
    cdef int j
    for j in range(old_n):
        wk.old_slot[s.pool.nodes[old_first + j].move + 1] = 0


cdef inline bint _wants_children(const search_t* s, node_t* node, int depth) noexcept nogil:
    """Progressive unpruning will soon reach children of node not yet made (see _expand), or the
    node (at depth) should have every child (children_full_depth) and lacks some."""
    cdef const params_t* p = &s.params
    cdef int n = mango_load_count(&node.n_children)
    return (n < node.n_candidates and p.children_ahead > 0
            and (depth < p.children_full_depth or
                 search_selectable(p, node.n_candidates, p.children_ahead * node.visits) > n))


cdef int64_t _add_child(search_t* s, worker_t* wk, node_t* node, int move, int depth,
                        bint* added) noexcept nogil:
    """Append one child (the playout policy's move) to a node below T; -1 when out of room.
    node is locked. Another thread may have added the move since the caller looked: then that
    child, and added is False."""
    cdef int n = node.n_children, cap = node.capacity, i
    cdef int64_t first = node.first_child, grown
    cdef double capture_save = 0, pattern = 0, value = 0, weight
    cdef bint refused = False
    cdef node_t* child
    added[0] = False
    for i in range(n):
        if s.pool.nodes[first + i].move == move:
            return first + i
    wk.n_moved = 0
    if n == cap:
        cap = 2 if cap == 0 else 2 * cap
        grown = tree_alloc(&s.pool, cap)
        if grown < 0:
            return -1
        for i in range(n):
            _copy_child(s, wk, grown + i, first + i)
        node.capacity = cap
        mango_store_index(&node.first_child, <int>grown)
        first = grown
    child = &s.pool.nodes[first + n]
    tree_node_init(child, move)
    child.flags = NODE_ADDED
    if move != PASS and not s.nogo:
        _knowledge_open(s, wk, &wk.board, wk.board.to_move)
        _knowledge_of(s, wk, &wk.board, move, wk.board.to_move, &capture_save, &pattern, &value,
                      &refused, &weight)
        _knowledge_close(wk, &wk.board, wk.board.to_move)
    _set_prior(s, wk, child, depth, capture_save, value, refused)
    mango_store_count(&node.n_children, n + 1)
    if wk.n_moved:
        _move_counters(s, wk)
    added[0] = True
    return first + n


cdef int64_t _find_child(const search_t* s, node_t* node, int move) noexcept nogil:
    cdef int i, n = mango_load_count(&node.n_children)
    cdef int64_t first = node.first_child
    for i in range(n):
        if s.pool.nodes[first + i].move == move:
            return first + i
    return -1


# ---- one simulation ------------------------------------------------------------------------------

cdef inline bint _legal_for_tree(const board_t* b, int move) noexcept nogil:
    """A move of a tree node is still legal (children are made for the board they were made on,
    but a thread reading a block being replaced could be handed a stale index)."""
    cdef int c = b.to_move
    return move == PASS or (b.colour[move] == EMPTY and not board_is_ko(b, move, c)
                            and not board_is_suicide(b, move, c))


cdef inline int _game_move(const search_t* s, int back) noexcept nogil:
    """The game's move `back` moves before the root (1: the last one), or NO_POINT."""
    return s.history[s.n_history - back] if s.n_history >= back else NO_POINT


cdef inline int _before_last(const search_t* s, const worker_t* wk) noexcept nogil:
    """The move before the worker board's last move: a tree move, else one of the game's."""
    if wk.n_moves >= 2:
        return wk.moves[wk.n_moves - 2]
    return _game_move(s, 2 - wk.n_moves)


cdef bint _descend(search_t* s, worker_t* wk) noexcept nogil:
    """Walk down the tree, growing it by at most one node, playing the moves on the worker's board.
    True when the walk ended at the node it added; False when it stopped at a node already there
    (a terminal position, the depth limit, slow node creation, a locked node, a full pool, a
    stale child)."""
    cdef const params_t* p = &s.params
    cdef node_t* node
    cdef node_t* child_node
    cdef int64_t index = 0, child
    cdef int move, depth = 0
    cdef bint added
    wk.path[0] = 0
    wk.path_len = 1
    while True:
        node = &s.pool.nodes[index]
        if wk.board.passes >= 2 or depth >= MAX_DEPTH:
            return False
        added = False
        if node.flags & NODE_EXPANDED or (depth > 0 and node.visits >= p.expand_threshold
                                          and node.visits >= p.create_after):
            if not node.flags & NODE_EXPANDED:
                if s.pool.full or not mango_try_lock(&node.flags, NODE_LOCKED):
                    return False
                if not node.flags & NODE_EXPANDED:
                    _expand(s, wk, node, depth, depth < p.children_full_depth)
                mango_unlock(&node.flags, NODE_LOCKED)
                if not node.flags & NODE_EXPANDED:
                    return False
            elif _wants_children(s, node, depth) and not s.pool.full \
                    and mango_try_lock(&node.flags, NODE_LOCKED):
                # unpruning is reaching children not made yet (another thread may be making
                # them: then the selection takes the children there are); or a node of a kept
                # tree has come within children_full_depth of the root
                if _wants_children(s, node, depth):
                    if depth < p.children_full_depth:
                        _expand(s, wk, node, depth, True)
                    elif not _grow_ranked(s, wk, node, depth):
                        _expand(s, wk, node, depth, False)
                mango_unlock(&node.flags, NODE_LOCKED)
            child = search_select(s, node)
            if child < 0:
                return False
        else:
            if depth > 0 and node.visits < p.create_after:
                return False            # slow node creation: not yet a node that grows
            if s.nogo:
                move = nogo_random_move(&wk.board, &wk.rng, wk.board.to_move)
                if move == NO_POINT:
                    return False            # the side to move has lost
            else:
                move = policy_choose(&wk.urgency, &wk.board, &s.policy, &wk.rng,
                                     wk.board.to_move, _before_last(s, wk))
            child = _find_child(s, node, move)
            if child < 0:
                if s.pool.full or not mango_try_lock(&node.flags, NODE_LOCKED):
                    child = -1
                else:
                    child = _add_child(s, wk, node, move, depth, &added)
                    mango_unlock(&node.flags, NODE_LOCKED)
                if child < 0:
                    _play(s, wk, move)          # the move stands, as the playout's first
                    return False
        child_node = &s.pool.nodes[child]
        move = child_node.move
        if not added and not (nogo_is_legal(&wk.board, move, wk.board.to_move) if s.nogo
                              else _legal_for_tree(&wk.board, move)):
            return False
        if s.threaded:
            mango_atomic_add16(&child_node.virtual_loss, 1)
        else:
            child_node.virtual_loss += 1
        _play(s, wk, move)
        wk.path[wk.path_len] = child
        wk.path_len += 1
        depth += 1
        index = child
        if added:
            return True


cdef enum:
    COUNT_VISITS = 0
    COUNT_HALF_WINS = 1
    COUNT_AMAF_VISITS = 2
    COUNT_AMAF_HALF_WINS = 3


cdef inline int64_t* _counter(node_t* node, int which) noexcept nogil:
    if which == COUNT_VISITS:
        return &node.visits
    if which == COUNT_HALF_WINS:
        return &node.half_wins
    if which == COUNT_AMAF_VISITS:
        return &node.amaf_visits
    return &node.amaf_half_wins


cdef int64_t _resolve(search_t* s, const worker_t* wk, int depth) noexcept nogil:
    """The live node at this depth of the worker's path, found again by its moves from the root
    (the root is never copied); -1 if a move is no longer a child (it cannot happen: copies keep
    every old child)."""
    cdef int64_t index = 0
    cdef int i
    for i in range(depth):
        index = _find_child(s, &s.pool.nodes[index], wk.moves[i])
        if index < 0:
            return -1
    return index


cdef void _redirect(search_t* s, worker_t* wk, int depth, bint of_child, int move, int which,
                    int64_t amount) noexcept nogil:
    """An add found a retired copy: add into the live copy of the path node at `depth` (or of its
    child playing `move`), again until the add lands in a copy not retired."""
    cdef int64_t index
    wk.redirects += 1
    while True:
        mango_acquire_fence()           # see the block published before the counter was retired
        index = _resolve(s, wk, depth)
        if index >= 0 and of_child:
            index = _find_child(s, &s.pool.nodes[index], move)
        if index < 0:
            wk.lost += 1
            return
        if mango_atomic_add64(_counter(&s.pool.nodes[index], which), amount) >= 0:
            return


cdef void _backup(search_t* s, worker_t* wk, int black_half) noexcept nogil:
    """Plain sums along the path; AMAF as MoGo's Algorithm 2: for the node at depth t, every
    child whose move its mover played at t or later (first time only) counts the result, with
    weight 1, or with rave_distance_weight more the sooner it was played (Pachi); with
    rave_first_any, only where the opponent had not played the point first (Pachi).
    black_half: Black's result in half points (2 win, 1 jigo, 0 loss)."""
    cdef int t, j, i, c, n_children, move, r, weight, distance_weight
    cdef int64_t first
    cdef node_t* node
    cdef node_t* child
    cdef uint32_t stamp
    cdef bint threaded = s.threaded, first_any = s.params.rave_first_any
    if threaded:
        mango_atomic_add64(&s.pool.nodes[0].visits, 1)     # the root is never copied
        for t in range(1, wk.path_len):
            node = &s.pool.nodes[wk.path[t]]
            r = _half_result_for(black_half, _mover_at(s, t - 1))
            if mango_atomic_add64(&node.visits, 1) < 0:
                _redirect(s, wk, t, False, 0, COUNT_VISITS, 1)
            if r and mango_atomic_add64(&node.half_wins, r) < 0:
                _redirect(s, wk, t, False, 0, COUNT_HALF_WINS, r)
            mango_atomic_add16(&node.virtual_loss, -1)     # where this thread put it
    else:
        s.pool.nodes[0].visits += 1
        for t in range(1, wk.path_len):
            node = &s.pool.nodes[wk.path[t]]
            node.visits += 1
            node.half_wins += _half_result_for(black_half, _mover_at(s, t - 1))
            node.virtual_loss -= 1
    if not s.params.rave:
        return
    wk.stamp += 1
    if wk.stamp == 0:
        memset(wk.played, 0, sizeof(wk.played))
        wk.stamp = 1
    stamp = wk.stamp
    distance_weight = s.params.rave_distance_weight
    j = wk.n_moves - 1
    for t in range(wk.path_len - 1, -1, -1):
        while j >= t:
            move = wk.moves[j]
            if move != PASS:
                wk.played[_mover_at(s, j)][move] = stamp
                wk.played_at[_mover_at(s, j)][move] = j
            j -= 1
        node = &s.pool.nodes[wk.path[t]]
        n_children = mango_load_count(&node.n_children)
        if n_children == 0:
            continue
        c = _mover_at(s, t)
        r = _half_result_for(black_half, c)
        first = node.first_child
        for i in range(n_children):
            child = &s.pool.nodes[first + i]
            move = child.move
            if move == PASS or wk.played[c][move] != stamp:
                continue
            if first_any and wk.played[3 - c][move] == stamp \
                    and wk.played_at[3 - c][move] < wk.played_at[c][move]:
                continue                # the opponent played the point first (Pachi)
            weight = 1
            if distance_weight:
                # Pachi's distance_rave: a move played sooner after the node counts more
                weight += distance_weight * (wk.n_moves - wk.played_at[c][move]) \
                    // (wk.n_moves - t + 1)
            if threaded:
                if mango_atomic_add64(&child.amaf_visits, weight) < 0:
                    _redirect(s, wk, t, True, move, COUNT_AMAF_VISITS, weight)
                if r and mango_atomic_add64(&child.amaf_half_wins, r * weight) < 0:
                    _redirect(s, wk, t, True, move, COUNT_AMAF_HALF_WINS, r * weight)
            else:
                child.amaf_visits += weight
                child.amaf_half_wins += r * weight


cdef int _tree_stone_balance(const search_t* s, const worker_t* wk, int n_tree) noexcept nogil:
    """Stones Black placed in the tree part of the simulation minus White's: under territory
    rules the game is scored as if it stopped where the tree did (the playout after it only
    settles what lives), so these are the stones that count against their side."""
    cdef int i, balance = 0
    for i in range(n_tree):
        if wk.moves[i] != PASS:
            balance += 1 if _mover_at(s, i) == BLACK else -1
    return balance


cdef inline int _black_half(search_t* s, worker_t* wk, double score) noexcept nogil:
    """Black's result in half wins for a playout's final score: 2, 1 (jigo) or 0. With
    score_margin m, a win by x of the board's points is worth 1 - m + m x and a loss m (1 - x)
    (Fuego's score modification), drawn as a chance of half a win: 2 m (1 - x) for both, whose
    expectation is that value, so the counters stay in half wins. No draw when m is 0: the
    random stream, and so the search, is the same as without the setting."""
    cdef double m = s.params.score_margin, x
    if score == 0:
        return 1
    if m > 0:
        x = (score if score > 0 else -score) / (s.root_board.size * s.root_board.size)
        if x > 1:
            x = 1
        if <double>(rng_next(&wk.rng) >> 11) * (1.0 / 9007199254740992.0) < 2 * m * (1 - x):
            return 1
    return 2 if score > 0 else 0


cdef inline void _count_owners(const search_t* s, worker_t* wk, double score) noexcept nogil:
    """One finished playout in the worker's ownership samples, with the criticality's (the
    winner's points and Black's result) in the same pass; score is Black's, komi taken off."""
    playout_count_owners(&wk.board, wk.owned_black, wk.owned_white,
                         wk.owned_by_winner if s.params.criticality > 0 else NULL,
                         BLACK if score > 0 else (WHITE if score < 0 else 0))
    if s.params.criticality > 0:
        wk.black_half_wins += 2 if score > 0 else (0 if score < 0 else 1)
    wk.ownership_samples += 1


cdef void _pool_fill(const search_t* s, node_t* node, urgency_t* u, int c) noexcept nogil:
    """c's pool: the children of node (c to move there) with the best AMAF values as the
    selection reads them (priors included where they are in AMAF), best first, at most
    pool_rave_size of them."""
    cdef const params_t* p = &s.params
    cdef int n_children = mango_load_count(&node.n_children)
    cdef int64_t first = node.first_child
    cdef int i, j, n = 0, k = p.pool_rave_size
    cdef double count, wins, value
    cdef double values[POOL_MAX]
    cdef const node_t* child
    for i in range(n_children):
        child = &s.pool.nodes[first + i]
        if child.move == PASS or child.flags & NODE_BANNED:
            continue
        count = search_amaf(p, child, &wins)
        if count <= 0:
            continue
        value = wins / count
        if n == k and value <= values[n - 1]:
            continue
        j = n if n < k else k - 1       # insert in order, dropping the worst of a full pool
        while j > 0 and values[j - 1] < value:
            values[j] = values[j - 1]
            u.pool[c][j] = u.pool[c][j - 1]
            j -= 1
        values[j] = value
        u.pool[c][j] = child.move
        if n < k:
            n += 1
    u.pool_n[c] = n


cdef void _pool_rave(search_t* s, worker_t* wk) noexcept nogil:
    """PoolRAVE (Rimmel, Teytaud, Lee, Yen, Wang and Tsai 2010): the playout below this
    simulation's tree moves draws, with pool_rave_probability, among the moves the AMAF of its
    last node of pool_rave_min_visits visits or more rates best: the mover there from that
    node's children, the other colour from its parent's (from the next node on the path when
    it is the root). What the tree learned of a fight's key points reaches the playouts that
    judge the fight. The pools start empty: urgency_copy empties them at the simulation's start."""
    cdef int i = wk.path_len - 1, c
    cdef node_t* node
    while i > 0 and s.pool.nodes[wk.path[i]].visits < s.params.pool_rave_min_visits:
        i -= 1
    node = &s.pool.nodes[wk.path[i]]
    if node.visits < s.params.pool_rave_min_visits:
        return
    c = s.root_board.to_move if i % 2 == 0 else 3 - s.root_board.to_move
    _pool_fill(s, node, &wk.urgency, c)
    if i > 0:
        _pool_fill(s, &s.pool.nodes[wk.path[i - 1]], &wk.urgency, 3 - c)
    elif wk.path_len > 1:
        _pool_fill(s, &s.pool.nodes[wk.path[1]], &wk.urgency, 3 - c)


cdef void search_simulate(search_t* s, worker_t* wk) noexcept nogil:
    cdef int area, slot, n_tree, winner
    cdef double score
    _start_at_root(s, wk)
    if not _descend(s, wk):
        wk.stops += 1
    n_tree = wk.n_moves
    if s.nogo:
        # NoGo: light playouts to the first side without a move, the last mover winning; or
        # the study's baseline, a coin toss (a side already without a move has lost, though)
        if s.nogo_playout == NOGO_COIN and nogo_random_move(&wk.board, &wk.rng,
                                                             wk.board.to_move) != NO_POINT:
            _backup(s, wk, 2 if rng_next(&wk.rng) >> 63 else 0)
        else:
            # the playout's moves join the simulation's for AMAF (RAVE), as Go's do
            winner = nogo_playout(&wk.board, &wk.rng, s.nogo_playout, &wk.moves[wk.n_moves], &slot)
            wk.n_moves += slot
            _backup(s, wk, 2 if winner == BLACK else 0)
        return
    if s.settle_dead and wk.board.passes >= 2:
        # the tree's game ended, but a territory count removes the dead stones first: the
        # playout settles which they are, and its moves (taking them off) cost nobody a point
        wk.board.passes = 0
    if wk.board.passes < 2:
        if s.policy.pool_threshold:
            _pool_rave(s, wk)
        wk.n_moves += policy_continue(&wk.board, &wk.urgency, &s.policy, &wk.rng,
                                      &wk.moves[wk.n_moves], _before_last(s, wk))
    area = board_area_score(&wk.board)
    if s.territory:
        # Black's area less the stones it placed in the tree beyond White's: with the komi's
        # stone balance of the game so far, the territory count's margin
        area -= _tree_stone_balance(s, wk, n_tree)
    score = area - s.komi
    _backup(s, wk, _black_half(s, wk, score))
    if s.replies != NULL and score != 0:
        reply_learn(s.replies, wk.moves, wk.n_moves, s.root_board.to_move,
                    BLACK if score > 0 else WHITE, _game_move(s, 2), _game_move(s, 1))
    if s.track_ownership:
        _count_owners(s, wk, score)
        # the final score, Black's area before komi (under territory rules, less the tree's
        # stone balance: the count's margin once komi is off): per root move and over all
        wk.root_score_n += 1
        wk.root_score_sum += area
        wk.root_score_sum2 += <int64_t>area * area
        if wk.path_len > 1:
            slot = wk.moves[0] + 1
            wk.score_n[slot] += 1
            wk.score_sum[slot] += area
            wk.score_sum2[slot] += <int64_t>area * area


cdef void _update_criticality(search_t* s, worker_t** workers, int n_workers) noexcept nogil:
    """Each point's criticality from the workers' samples since the position was set (Coulom
    2009): P(the winner holds it) - P(Black holds it) P(Black wins) - P(White holds it) P(White
    wins), the covariance of holding it and winning summed over the two colours. Pachi writes
    P(White holds it) as 1 - P(Black holds it), which for a point nobody holds (seki, dame)
    would give about -1 whenever White wins; here such a point counts 0."""
    cdef const board_t* b = &s.root_board
    cdef int w = b.width, x, y, p, i
    cdef int64_t samples = 0, half_wins = 0, black, white, by_winner
    cdef double bw, bo, wh, wo
    for i in range(n_workers):
        samples += workers[i].ownership_samples
        half_wins += workers[i].black_half_wins
    s.criticality_ready = samples > 0
    if samples <= 0:
        return
    bw = 0.5 * half_wins / samples
    for y in range(b.size):
        for x in range(b.size):
            p = (y + 1) * w + x + 1
            black, white, by_winner = 0, 0, 0
            for i in range(n_workers):
                black += workers[i].owned_black[p]
                white += workers[i].owned_white[p]
                by_winner += workers[i].owned_by_winner[p]
            bo = <double>black / samples
            wh = <double>white / samples
            wo = <double>by_winner / samples
            s.crit[p] = wo - bo * bw - wh * (1.0 - bw)


cdef inline bint _crowded(const search_t* s) noexcept nogil:
    return s.recycle and s.pool.used >= s.high_water


cdef void _make_room(search_t* s) noexcept nogil:
    """Prune a crowded pool down to half (tree_prune); when even that cannot make room (a pool
    the root's children nearly fill, or no memory for the prune's bookkeeping), stop pruning: the
    search goes on without new nodes."""
    cdef int64_t dropped
    if not _crowded(s):
        return
    dropped = tree_prune(&s.pool, s.pool.capacity // 2)
    s.prunes += 1
    s.fresh = False                     # dropped subtrees took their stops with them
    if dropped > 0:
        s.recycled += dropped
    if _crowded(s):
        s.recycle = False
        s.pool.full = True


cdef void search_batch(search_t* s, worker_t** workers, int threads, int64_t n) noexcept nogil:
    """n simulations, shared by the threads (tree parallelism with virtual loss), stopping to
    prune the tree (one thread) whenever the pool passes its high water."""
    cdef int64_t done = 0
    cdef int tid
    while done < n:
        _make_room(s)
        if threads <= 1:
            while done < n and not _crowded(s):
                search_simulate(s, workers[0])
                done += 1
            continue
        s.simulations = done
        s.batch_end = n
        s.threaded = True
        s.other_threads = threads - 1
        with parallel(num_threads=threads):
            tid = threadid()
            while not _crowded(s) and mango_atomic_add(&s.simulations, 1) < s.batch_end:
                search_simulate(s, workers[tid])
        s.threaded = False
        s.other_threads = 0
        done = s.simulations if s.simulations < n else n


cdef void _warm_ownership(search_t* s, worker_t* wk, int playouts) noexcept nogil:
    """Playouts from the root, counted in the worker's samples (the ownership, and the winners'
    points and results that criticality reads with them) but not in the tree, until it holds
    `playouts` samples: what prior.ownership reads before the search's simulations add theirs
    (Pachi's mcowner playouts before each genmove)."""
    while wk.ownership_samples < playouts:
        _start_at_root(s, wk)
        if wk.board.passes < 2:
            policy_continue(&wk.board, &wk.urgency, &s.policy, &wk.rng, wk.moves,
                            _before_last(s, wk))
        _count_owners(s, wk, board_area_score(&wk.board) - s.komi)
    wk.n_moves = 0


# ---- samples and the audit (read by Searcher) ----------------------------------------------------

cdef void _reset_samples(search_t* s, worker_t** workers, int n_workers, bint tree_reset) noexcept nogil:
    """Forget the workers' ownership and score samples (a new position); with tree_reset, also
    their stop counts (the tree is empty again: the audit's sums start over)."""
    cdef int i
    cdef worker_t* wk
    for i in range(n_workers):
        wk = workers[i]
        memset(wk.owned_black, 0, sizeof(wk.owned_black))
        memset(wk.owned_by_winner, 0, sizeof(wk.owned_by_winner))
        wk.black_half_wins = 0
        memset(wk.owned_white, 0, sizeof(wk.owned_white))
        wk.ownership_samples = 0
        memset(wk.score_n, 0, sizeof(wk.score_n))
        memset(wk.score_sum, 0, sizeof(wk.score_sum))
        memset(wk.score_sum2, 0, sizeof(wk.score_sum2))
        wk.root_score_n = 0
        wk.root_score_sum = 0
        wk.root_score_sum2 = 0
        if tree_reset:
            wk.stops = 0
            wk.lost = 0
            wk.retired = 0
            wk.redirects = 0
    s.criticality_ready = False
    if tree_reset:
        s.fresh = True
    elif s.pool.nodes != NULL and s.pool.nodes[0].visits > 0:
        s.fresh = False                 # the kept tree has visits from before the samples


cdef int64_t _ownership_sum(worker_t** workers, int n_workers, int point,
                            int64_t* samples) noexcept nogil:
    cdef int i
    cdef int64_t total = 0
    samples[0] = 0
    for i in range(n_workers):
        total += workers[i].owned_black[point] - workers[i].owned_white[point]
        samples[0] += workers[i].ownership_samples
    return total


cdef void _score_sums(worker_t** workers, int n_workers, int move, bint root,
                      int64_t* out) noexcept nogil:
    """Simulations, sum and sum of squares of Black's area score: over all (root), or through
    the root move `move`."""
    cdef int i
    out[0] = out[1] = out[2] = 0
    for i in range(n_workers):
        if root:
            out[0] += workers[i].root_score_n
            out[1] += workers[i].root_score_sum
            out[2] += workers[i].root_score_sum2
        else:
            out[0] += workers[i].score_n[move + 1]
            out[1] += workers[i].score_sum[move + 1]
            out[2] += workers[i].score_sum2[move + 1]


ctypedef struct audit_t:
    int64_t nodes               # live nodes (reachable from the root)
    int64_t expanded
    int64_t locked              # live nodes with NODE_LOCKED
    int64_t virtual_loss        # sum of the live nodes' virtual losses
    int64_t negative_loss       # live nodes with a negative virtual loss
    int64_t negative_counters   # live nodes with a negative counter (a retired copy in the tree)
    int64_t bad_wins            # half_wins > 2 visits, or amaf_half_wins > 2 amaf_visits
    int64_t amaf_over_parent    # a child's amaf_visits above its parent's visits (times the
                                # most one simulation may count: 1 + rave_distance_weight)
    int64_t over_children       # nodes whose children have more visits than they have
    int64_t negative_slack      # nodes with visits - children's visits - [ADDED] < 0
    int64_t over_candidates     # expanded nodes with more children than ranked candidates
    int64_t short_children      # expanded nodes lacking children that unpruning lets be chosen
    int64_t partial             # expanded nodes with some of their candidates not made yet
    int64_t partial_root        # 1 when the root lacks some of its candidates' children
    int64_t slack               # sum over live nodes of visits - children's visits - [ADDED]
    int64_t stops               # the workers' stops: equals slack on a fresh tree
    int64_t lost
    int64_t retired             # old copies retired under threads, and adds that found one
    int64_t redirects           # retired and went to the live copy (since the tree was reset)
    int64_t root_visits
    int64_t score_root_n        # the score samples: over all, and summed over the root children
    int64_t score_children_n
    int64_t score_child_mismatch    # root children whose score count differs from their visits
    int64_t ownership_samples
    double ownership_min
    double ownership_max
    bint fresh


cdef int _audit(search_t* s, worker_t** workers, int n_workers, audit_t* a) noexcept nogil:
    """Walk the live tree and the workers' samples (between batches). 0 when out of memory.
    What holds, for every live node X: visits(X) = sum of its children's visits + [X was added by
    a simulation, which ended there] + stops(X), the simulations that stopped at X without
    descending (see _descend); stops(X) >= 0, and on a fresh tree the stops summed over the nodes
    equal the workers' stop counts."""
    cdef int64_t* stack = <int64_t*>malloc((s.pool.used + 1) * sizeof(int64_t))
    cdef int64_t n_stack = 0, index, children_visits, extra, samples, total
    cdef node_t* node
    cdef node_t* child
    cdef int i, x, y, point, w = s.root_board.width
    cdef int64_t sums[3]
    cdef double own
    memset(a, 0, sizeof(audit_t))
    if stack == NULL:
        return 0
    stack[0] = 0
    n_stack = 1
    while n_stack > 0:
        n_stack -= 1
        index = stack[n_stack]
        node = &s.pool.nodes[index]
        a.nodes += 1
        if node.flags & NODE_EXPANDED:
            a.expanded += 1
        if node.flags & NODE_LOCKED:
            a.locked += 1
        a.virtual_loss += node.virtual_loss
        if node.virtual_loss < 0:
            a.negative_loss += 1
        if node.visits < 0 or node.half_wins < 0 or node.amaf_visits < 0 or node.amaf_half_wins < 0:
            a.negative_counters += 1
        if node.half_wins > 2 * node.visits or node.amaf_half_wins > 2 * node.amaf_visits:
            a.bad_wins += 1
        children_visits = 0
        for i in range(node.n_children):
            child = &s.pool.nodes[node.first_child + i]
            children_visits += child.visits
            if child.amaf_visits > node.visits * (1 + s.params.rave_distance_weight):
                a.amaf_over_parent += 1
            stack[n_stack] = node.first_child + i
            n_stack += 1
        if node.visits < children_visits:
            a.over_children += 1
        if node.flags & NODE_EXPANDED:
            if node.n_children > node.n_candidates:
                a.over_candidates += 1
            if node.n_children < node.n_candidates:
                a.partial += 1
            if index == 0:
                a.partial_root = node.n_children < node.n_candidates
            elif node.n_children < search_selectable(&s.params, node.n_candidates, node.visits):
                a.short_children += 1
        extra = node.visits - children_visits - (1 if node.flags & NODE_ADDED else 0)
        if extra < 0:
            a.negative_slack += 1
        a.slack += extra
    free(stack)
    for i in range(n_workers):
        a.stops += workers[i].stops
        a.lost += workers[i].lost
        a.retired += workers[i].retired
        a.redirects += workers[i].redirects
    a.root_visits = s.pool.nodes[0].visits
    _score_sums(workers, n_workers, 0, True, sums)
    a.score_root_n = sums[0]
    node = &s.pool.nodes[0]
    for i in range(node.n_children):
        child = &s.pool.nodes[node.first_child + i]
        _score_sums(workers, n_workers, child.move, False, sums)
        a.score_children_n += sums[0]
        if sums[0] != child.visits:
            a.score_child_mismatch += 1
    a.ownership_min = 0
    a.ownership_max = 0
    for y in range(1, s.root_board.size + 1):
        for x in range(1, s.root_board.size + 1):
            point = y * w + x
            total = _ownership_sum(workers, n_workers, point, &samples)
            a.ownership_samples = samples
            if samples > 0:
                own = <double>total / samples
                if own < a.ownership_min:
                    a.ownership_min = own
                if own > a.ownership_max:
                    a.ownership_max = own
    a.fresh = s.fresh
    return 1


# ---- Python face ---------------------------------------------------------------------------------

cdef params_t _params_from(config):
    cdef params_t p
    cdef int j
    sc, pc = config.search, config.prior
    p.uct_c = sc.uct_c
    p.expand_threshold = sc.expand_threshold
    p.create_after = sc.create_after
    p.first_play_urgency = sc.first_play_urgency
    p.progressive_bias = sc.progressive_bias
    p.bias_weight = sc.bias_weight
    p.progressive_unpruning = sc.progressive_unpruning
    p.children_ahead = sc.children_ahead
    p.children_full_depth = config.tree.children_full_depth
    p.late_child_amaf = config.tree.late_child_amaf
    p.k_init = sc.unprune_k_init
    for j in range(MAX_UNPRUNE):
        p.unprune_at[j] = sc.unprune_a * math.exp(min(j * math.log(sc.unprune_b), 690.0))
    p.heuristic_moves = sc.heuristic_moves
    p.rave = sc.rave
    p.score_margin = config.handicap.score_margin
    p.pass_mc_only = False              # set_position sets it from the game's rules
    p.rave_schedule = {"hand": SCHEDULE_HAND, "hand-child": SCHEDULE_HAND_CHILD,
                       "mse": SCHEDULE_MSE}[sc.rave_schedule]
    p.rave_k = sc.rave_k
    p.rave_bias = sc.rave_bias
    p.rave_distance_weight = sc.rave_distance_weight
    p.rave_first_any = sc.rave_first_play == "any"
    p.pool_rave_size = sc.pool_rave_size
    p.pool_rave_min_visits = sc.pool_rave_min_visits
    p.virtual_loss = sc.virtual_loss
    p.prior_in_amaf = pc.in_amaf
    p.criticality = pc.criticality
    p.criticality_min_visits = pc.criticality_min_visits
    p.prior_even = pc.even
    p.even_count = pc.even_count
    p.prior_grandfather = pc.grandfather
    p.grandfather_count = pc.grandfather_count
    p.prior_pattern = pc.pattern
    p.prior_ladders = pc.ladders
    p.pattern_count = pc.pattern_count
    p.good_pattern = pc.good_pattern
    p.bad_pattern = pc.bad_pattern
    p.puct = pc.puct
    p.puct_c = pc.puct_c
    p.predictor_bias = sc.predictor_bias
    p.predictor_order = sc.predictor_order
    p.prior_predictor = pc.predictor
    p.predictor_count = pc.predictor_count
    p.prior_ownership = pc.ownership
    p.ownership_warmup = pc.ownership_warmup
    _set_ownership_gammas(&p, 19)       # set_position sets them again for its board's size
    return p


cdef void _set_ownership_gammas(params_t* p, int size):
    cdef int j
    gammas = OWNERSHIP_GAMMAS_SMALL if size < 13 else OWNERSHIP_GAMMAS_LARGE
    for j in range(OWNERSHIP_LEVELS):
        p.ownership_gammas[j] = gammas[j]


def _pool_nodes(config) -> int:
    """The pool's nodes: the tree's memory bound, or max_nodes when that is set and smaller."""
    tree = config.tree
    return min(tree.tree_memory * 2**20 // NODE_BYTES, tree.max_nodes)


def _uses_predictor(config) -> bool:
    return config.search.predictor_bias or config.search.predictor_order or config.prior.predictor


cdef worker_t** _workers_new(int n) noexcept nogil:
    """n zeroed workers (one per search thread), or NULL when memory runs out."""
    cdef worker_t** workers = <worker_t**>malloc(n * sizeof(worker_t*))
    cdef int i
    if workers == NULL:
        return NULL
    for i in range(n):
        workers[i] = <worker_t*>malloc(sizeof(worker_t))
        if workers[i] == NULL:
            _workers_free(workers, i)
            return NULL
        memset(workers[i], 0, sizeof(worker_t))
    return workers


cdef void _workers_drop_features(worker_t** workers, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if workers[i].features != NULL:
            feature_free(workers[i].features)
            free(workers[i].features)
            workers[i].features = NULL


cdef int _workers_share(worker_t** workers, int n, const feature_t* model) noexcept nogil:
    """Give each worker a feature context over the model; -1 when memory runs out."""
    cdef int i
    _workers_drop_features(workers, n)
    for i in range(n):
        workers[i].features = <feature_t*>malloc(sizeof(feature_t))
        if workers[i].features == NULL:
            return -1
        if feature_share(workers[i].features, model) != 0:
            free(workers[i].features)
            workers[i].features = NULL
            return -1
    return 0


cdef void _workers_free(worker_t** workers, int n) noexcept nogil:
    cdef int i
    if workers != NULL:
        _workers_drop_features(workers, n)
        for i in range(n):
            free(workers[i])
        free(workers)


cdef class SearchTreeReader:
    """A search's C resources (the node pool, the workers, the position at the root) and what can
    be read from them: the root's children, lines, ownership and scores. SearchTree, below, adds
    configuring, positioning and running the search; split in two to keep each class readable.
    """

    def __cinit__(self, *args, **kwargs):
        self.s = <search_t*>PyMem_Malloc(sizeof(search_t))
        if self.s == NULL:
            raise MemoryError()
        memset(self.s, 0, sizeof(search_t))
        self.workers = NULL
        self.n_workers = 0
        self.pool_open = False

    def __dealloc__(self):
        if self.s != NULL:
            if self.pool_open:
                tree_pool_close(&self.s.pool)
            PyMem_Free(self.s.replies)
            PyMem_Free(self.s)
        _workers_free(self.workers, self.n_workers)

    # -- reading the tree ------------------------------------------------------------------------

    def lead(self):
        """Visits by which the most visited root child leads the second (0 before a position).
        Banned children do not count: a superko move's visits from a reused tree would otherwise
        stop the search early on a move that cannot be played."""
        cdef node_t* root
        cdef node_t* child
        cdef int i
        cdef int64_t first = 0, second = 0, v
        if self._root_moves is None:
            return 0
        root = &self.s.pool.nodes[0]
        for i in range(root.n_children):
            child = &self.s.pool.nodes[root.first_child + i]
            if child.flags & NODE_BANNED:
                continue
            v = child.visits
            if v > first:
                second = first
                first = v
            elif v > second:
                second = v
        return first - second

    def _node_children(self, int64_t index):
        cdef node_t* node = &self.s.pool.nodes[index]
        cdef node_t* ch
        cdef int i
        out = []
        for i in range(node.n_children):
            ch = &self.s.pool.nodes[node.first_child + i]
            mean, stdev = self._score_view(False, ch.move) if index == 0 else (None, None)
            out.append(ChildStats(
                ch.move, ch.visits, 0.5 * ch.half_wins / ch.visits if ch.visits else None,
                ch.amaf_visits,
                0.5 * ch.amaf_half_wins / ch.amaf_visits if ch.amaf_visits else None,
                ch.prior_visits, ch.prior_wins / ch.prior_visits if ch.prior_visits else None,
                ch.heuristic, ch.policy, bool(ch.flags & NODE_BANNED), i, mean, stdev))
        return out

    def _score_view(self, bint root, int move):
        """(mean, stdev) of the final score margin (area score minus komi; under territory rules
        the territory count's, the stones placed taken off) from the view of the root's side to
        move, over the simulations through root move `move` (or all: root);
        (None, None) before any."""
        cdef int64_t sums[3]
        _score_sums(self.workers, self.n_workers, move, root, sums)
        n, total, total2 = int(sums[0]), int(sums[1]), int(sums[2])     # Python ints: exact
        if n == 0:
            return None, None
        mean = total / n - self.s.komi
        stdev = math.sqrt(max(n * total2 - total * total, 0)) / n     # exact integers
        return (mean if self.s.root_board.to_move == BLACK else -mean), stdev

    def score_estimate(self):
        """(mean, stdev) of the playouts' final score margin from the view of the side to move at
        the root, over the simulations since the position was set; None before any."""
        if self._root_moves is None:
            return None
        mean, stdev = self._score_view(True, 0)
        return None if mean is None else (mean, stdev)

    def children(self):
        """The root's children, in H order."""
        if self._root_moves is None:
            return []
        return self._node_children(0)

    def principal_variation(self, int first_move, int max_length=20):
        """Most-visited line after the root move first_move (included)."""
        cdef int64_t index = _find_child(self.s, &self.s.pool.nodes[0], first_move) \
            if self._root_moves is not None else -1
        cdef node_t* node
        cdef int64_t best
        cdef int i
        line = []
        while index >= 0 and len(line) < max_length:
            node = &self.s.pool.nodes[index]
            if node.visits == 0:
                break
            line.append(node.move)
            best = -1
            for i in range(node.n_children):
                if best < 0 or self.s.pool.nodes[node.first_child + i].visits > self.s.pool.nodes[best].visits:
                    best = node.first_child + i
            if best < 0 or self.s.pool.nodes[best].visits == 0:
                break
            index = best
        return line

    def ownership(self):
        """{point: expected owner in -1 (White) .. +1 (Black)} over the simulations run since the
        position was set (None before any)."""
        cdef int x, y, p, w = self.s.root_board.width
        cdef int64_t samples = 0, total
        if self._root_moves is None:
            return None
        out = {}
        for y in range(1, self.s.root_board.size + 1):
            for x in range(1, self.s.root_board.size + 1):
                p = y * w + x
                total = _ownership_sum(self.workers, self.n_workers, p, &samples)
                if samples == 0:
                    return None
                out[p] = <double>total / samples
        return out or None

    @property
    def root_visits(self):
        return self.s.pool.nodes[0].visits if self.pool_open else 0

    @property
    def root_to_move(self):
        """The colour to move at the root (BLACK 1, WHITE 2)."""
        return self.s.root_board.to_move

    @property
    def nodes_used(self):
        """Nodes handed out in the pool (live and abandoned blocks)."""
        return min(self.s.pool.used, self.s.pool.capacity) if self.pool_open else 0

    @property
    def tree_mb(self):
        """The memory of the nodes in use, in MB (one decimal)."""
        return round(self.nodes_used * NODE_BYTES / 2**20, 1)

    @property
    def pool_full(self):
        """The pool is full and will not be pruned: the search goes on without new nodes."""
        return bool(self.s.pool.full and not self.s.recycle) if self.pool_open else False

    @property
    def nodes_recycled(self):
        """Live nodes the prunes of a full pool dropped, since this tree was made."""
        return self.s.recycled

    @property
    def prunes(self):
        """How often the pool was pruned, since this tree was made."""
        return self.s.prunes


cdef class SearchTree(SearchTreeReader):
    """The C side of a search: configuring it, setting the position at its root and running
    simulations (the readers are SearchTreeReader's). engine.searcher.Searcher adds the budget
    loop and the choice of a move in Python.

    Kept between moves (tree reuse): set_position() keeps the subtree of the moves played since,
    as long as the root has the same position and the same side to move.
    """
    def __init__(self, config=None):
        self.config = None
        self.asked = None
        self._size = 0
        self._root_moves = None
        self._root_start = None
        self._runs = 0
        self.configure(EngineConfig() if config is None else config)

    @property
    def bound_mb(self):
        """The tree's memory bound in MB (tree_memory, or max_nodes where tighter)."""
        return round(_pool_nodes(self.config) * NODE_BYTES / 2**20, 1)

    def configure(self, config):
        """Take a new EngineConfig (between searches), fitted to the board size of the last
        position set (EngineConfig.for_size: per-size defaults). The tree is kept unless the
        memory bound or the playouts changed; its statistics stay valid under new selection
        settings."""
        if not isinstance(config, EngineConfig):
            raise TypeError("config must be an EngineConfig")
        self._apply(config.for_size(self._size) if self._size else config)
        self.asked = config

    def _fit(self, int size):
        """The settings of the asked config for a board of this size, taken before searching it."""
        if size != self._size:
            fitted = self.asked.for_size(size)
            if fitted != self.config:
                self._apply(fitted)
            self._size = size

    def _apply(self, config):
        cdef Predictor predictor = None
        if config.playout.pattern_table:
            try:
                named_table(config.playout.pattern_table)
            except ValueError as error:
                raise ConfigError(f"pattern_table: {error}") from None
        if _uses_predictor(config):
            try:
                predictor = shared_predictor(config.prior.predictor_model)
            except ValueError as error:
                raise ConfigError(f"predictor_model: {error}") from None
        old = self.config
        self.s.params = _params_from(config)
        self.s.policy = playout_policy_from(config.playout)
        self.s.policy.pool_threshold = playout_threshold(config.search.pool_rave_probability)
        self._set_replies(config.playout)
        self._set_workers(config.search.threads)
        _workers_drop_features(self.workers, self.n_workers)
        self._predictor = predictor
        if predictor is not None and _workers_share(self.workers, self.n_workers, &predictor.f) != 0:
            _workers_drop_features(self.workers, self.n_workers)
            raise MemoryError("no memory for the predictor's feature contexts")
        if old is None or _pool_nodes(old) != _pool_nodes(config) or old.playout != config.playout:
            if self.pool_open:
                tree_pool_close(&self.s.pool)
                self.pool_open = False
            self._root_moves = None
        self.config = config

    cdef _set_replies(self, playout):
        """Own a last-good-reply table while the setting asks for one, and lend it to the
        playouts; a new table starts empty (so does the tree: a changed playout config drops it)."""
        if playout.last_good_reply == 0 or playout.policy != "mango":
            PyMem_Free(self.s.replies)
            self.s.replies = NULL
            return
        if self.s.replies == NULL:
            self.s.replies = <reply_t*>PyMem_Malloc(sizeof(reply_t))
            if self.s.replies == NULL:
                raise MemoryError("no memory for the last good replies")
            reply_clear(self.s.replies)
        self.s.replies.depth = playout.last_good_reply
        self.s.replies.forget = playout.forget_replies
        self.s.policy.replies = self.s.replies

    cdef _set_workers(self, int threads):
        if threads == self.n_workers:
            return
        _workers_free(self.workers, self.n_workers)
        self.n_workers = 0
        self.workers = _workers_new(threads)
        if self.workers == NULL:
            raise MemoryError()
        self.n_workers = threads

    cdef _open_pool(self):
        cdef int64_t reserve
        capacity = _pool_nodes(self.config)
        if not self.pool_open:
            if not tree_pool_open(&self.s.pool, capacity):
                raise MemoryError(f"cannot reserve {capacity:,} tree nodes "
                                  f"({capacity * NODE_BYTES / 2**20:,.0f} MB)")
            self.pool_open = True
        # room for the simulations under way when the pool is found crowded: two expansions a
        # thread (a block and its replacement)
        reserve = min(capacity // 4, self.n_workers * 2 * (MAX_POINTS + 1))
        self.s.high_water = capacity - reserve
        self.s.recycle = self.config.tree.recycle

    # -- position ---------------------------------------------------------------------------------

    def clear(self):
        """Forget the tree (a new game)."""
        self._root_moves = None

    def set_position(self, game) -> bool:
        """Search from game's position next. Returns True when the tree of an earlier search was
        kept: the game went on from its root by moves the tree knows, and the same side is to
        move (a question about the other colour on the same position gets a tree of its own)."""
        cdef Board board = game.board
        cdef int64_t index = 0, child
        cdef int i, c, point
        self._fit(game.size)
        self._open_pool()
        nogo = game.kind == "nogo"
        territory = game.territory_scoring and not nogo
        # a territory endgame searches passes first and counts double passes after settling the
        # dead: a tree grown before it began holds neither, so it is not kept across the change
        endgame = territory and open_points(board, self.config.seed) < ENDGAME_OPEN
        start = (game.size, game.komi, game.rules, game.start_hash, endgame)
        moves = [(1 if m.colour == "b" else 2, game.point(m.vertex)) for m in game.moves]
        reused = False
        if (self.config.tree.reuse_tree and self._root_moves is not None
                and start == self._root_start and len(moves) >= len(self._root_moves)
                and moves[:len(self._root_moves)] == self._root_moves):
            c = self.s.root_board.to_move
            reused = True
            line = []
            for colour, point in moves[len(self._root_moves):]:
                child = _find_child(self.s, &self.s.pool.nodes[index], point) if colour == c else -1
                if child < 0:
                    reused = False
                    break
                index = child
                line.append((point, child))
                c = 3 - c
            if c != board.b.to_move:
                # the same stones with the other colour to move (GTP lets either colour move
                # next): the tree's root is the other player's
                reused = False
        if reused and len(line) >= 2 and self.s.params.late_child_amaf and not self.s.nogo:
            self._complete_kept_root(line)
        if reused:
            if index != 0 and not tree_reroot(&self.s.pool, index):
                reused = False
        if not reused:
            tree_reset(&self.s.pool, moves[len(moves) - 1][1] if moves else NO_POINT)
            if self.s.replies != NULL:
                reply_clear(self.s.replies)     # learned on another line of play
        same = reused and index == 0
        self._root_moves = moves
        self._root_start = start
        self.s.root_board = board.b
        if self.s.root_board.passes >= 2:
            # a move asked for after two passes: search it as a game that goes on
            self.s.root_board.passes = 0
        self.s.komi = search_komi(game, self.config.handicap)
        self.s.params = _params_from(self.config)
        _set_ownership_gammas(&self.s.params, game.size)
        self.s.nogo = nogo
        self.s.nogo_playout = NOGO_KINDS[self.config.game.nogo_playout]
        if self.s.nogo:
            # the NoGo study's MCTS: UCT and RAVE over light playouts, the even prior only
            self.s.params.progressive_bias = False
            self.s.params.progressive_unpruning = False
            self.s.params.children_ahead = 0
            self.s.params.prior_pattern = False
            self.s.params.prior_ladders = False
            self.s.params.prior_predictor = False
            self.s.params.prior_grandfather = False
            self.s.params.puct = False
        self.s.territory = territory
        self.s.pass_boost = 0
        self.s.settle_dead = False
        if self.s.territory:
            self.s.komi += stone_balance(game)
            # the territories are closed: passes are worth searching first, and a double pass
            # ends a game whose dead stones the server removes (before it, one would end a game
            # whose open areas a playout hands out: a pass in the opening looks as good as a move)
            if endgame:
                self.s.pass_boost = self.config.game.endgame_pass_prior
                self.s.settle_dead = True
        self.s.params.pass_mc_only = self.s.territory or not self.config.search.pass_in_rave
        self.s.n_history = 0
        for colour, point in moves[-MAX_HISTORY:]:
            self.s.history[self.s.n_history] = point
            self.s.n_history += 1
        policy_prepare(&self.s.root_urgency, &self.s.root_board, &self.s.policy)
        if not same:
            _reset_samples(self.s, self.workers, self.n_workers, not reused)
        self.s.track_ownership = not self.s.nogo
        if self.s.params.prior_ownership and self.s.track_ownership and self._predictor is not None:
            rng_seed(&self.workers[0].rng, self.config.seed * 1000003 + 7)
            with nogil:
                _warm_ownership(self.s, self.workers[0], self.s.params.ownership_warmup)
        self._expand_root()
        if not self.s.nogo:                 # a NoGo move never captures: no position repeats
            self._ban_superko(game)
        return reused

    cdef _complete_kept_root(self, list line):
        """Make the missing children of the node that becomes the root (line: its path from the
        old root, (point, index) a move) while its ancestors are still there, so that they get
        the AMAF samples they missed from the same move two plies up (late_child_amaf), as
        children made late below the root do; _expand_root would make them without."""
        cdef worker_t* wk = self.workers[0]
        cdef int depth = len(line), i
        cdef node_t* node = &self.s.pool.nodes[<int64_t>line[depth - 1][1]]
        if (not node.flags & NODE_EXPANDED or node.n_children >= node.n_candidates
                or self.s.pool.full):
            return                      # (no pruning here: it would move the line's nodes)
        _start_at_root(self.s, wk)
        wk.path[0] = 0
        for i in range(depth):
            _play(self.s, wk, <int>line[i][0])
            wk.path[i + 1] = <int64_t>line[i][1]
        wk.path_len = depth + 1
        _expand(self.s, wk, node, depth, True)      # on failure _expand_root makes them

    cdef _expand_root(self):
        cdef worker_t* wk = self.workers[0]
        cdef node_t* root = &self.s.pool.nodes[0]
        if root.flags & NODE_EXPANDED and root.n_children >= root.n_candidates:
            return                      # a kept root was an inner node: it may lack children
        _make_room(self.s)
        _start_at_root(self.s, wk)
        wk.path[0] = 0
        wk.path_len = 1
        if not _expand(self.s, wk, root, 0, True):
            raise MemoryError("the tree's memory bound is too small to hold the root's children")

    cdef _ban_superko(self, game):
        cdef node_t* root = &self.s.pool.nodes[0]
        cdef node_t* child
        cdef int i
        c = self.s.root_board.to_move
        for i in range(root.n_children):
            child = &self.s.pool.nodes[root.first_child + i]
            child.flags &= ~NODE_BANNED
            if child.move != PASS and game.superko_violation(c, child.move):
                child.flags |= NODE_BANNED

    def audit(self):
        """Walk the live tree and the workers' samples (between searches) and return the facts as a
        dict (see _audit for what must hold); None before a position is set."""
        cdef audit_t a
        if not self.pool_open or self._root_moves is None:
            return None
        if not _audit(self.s, self.workers, self.n_workers, &a):
            raise MemoryError()
        return dict(a)

    def ban_root_moves(self, points):
        """Keep these root moves (points) from being searched or chosen until the next
        set_position: an analysis that avoids them (lz-analyze's avoid and allow)."""
        cdef node_t* root = &self.s.pool.nodes[0]
        cdef int i
        banned = set(points)
        for i in range(root.n_children):
            if self.s.pool.nodes[root.first_child + i].move in banned:
                self.s.pool.nodes[root.first_child + i].flags |= NODE_BANNED

    def ban_pass(self):
        """Keep the root's pass from being chosen until the next set_position, as long as
        another move is left."""
        if any(ch.point != PASS and not ch.banned for ch in self.children()):
            self.ban_root_moves((PASS,))

    # -- simulations --------------------------------------------------------------------------------

    def begin_run(self):
        """Seed the workers for a new run of batches: each run of a search differs, and the same
        config seed replays the same runs."""
        cdef int i
        if self._root_moves is None:
            raise RuntimeError("set_position() first")
        self._runs += 1
        for i in range(self.n_workers):
            rng_seed(&self.workers[i].rng, self.config.seed * 1000003 + self._runs * 7919 + i)

    def run_batch(self, int64_t n):
        """n simulations from the root, shared by the threads, without the GIL."""
        cdef int threads = self.n_workers
        if self._root_moves is None:
            raise RuntimeError("set_position() first")
        with nogil:
            if self.s.params.criticality > 0:
                _update_criticality(self.s, self.workers, self.n_workers)
            search_batch(self.s, self.workers, threads, n)


# ---- test hooks: the bookkeeping of hand-written simulations ------------------------------------
# Module functions over a SearchTree rather than methods, so that a Python subclass of
# SearchTree (engine.searcher.Searcher) can use them; tests/test_search.py binds them.

NODE_SIZE = NODE_BYTES
