# cython: language_level=3
"""The tests' hooks into a SearchTree: simulations given by hand, raw counters, the unpruning
schedule, the expansion's sort. Built beside the search but imported only by tests/probe.py, so
that nothing in the product carries them (through the search's declarations, engine/search.pxd).
"""
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int64_t

from mango.engine.board cimport BLACK, EMPTY, MAX_POINTS, NO_POINT, WHITE, Board
from mango.engine.reply cimport reply_t
from mango.engine.playout cimport policy_choose, rng_seed
from mango.engine.search cimport (MAX_RECORD, MAX_UNPRUNE, SearchTree, _backup, _expand,
                                  _find_child, _grow_ranked, _params_from, _play, _pool_rave,
                                  _sort_best_first,
                                  _sort_best_first_few, _start_at_root, _update_criticality,
                                  params_t, search_child_score, search_crit_of,
                                  search_parent_terms, search_selectable, search_t, worker_t)
from mango.engine.tactic cimport group_liberties_to_three
from mango.engine.tree cimport NODE_EXPANDED, node_t


cdef int64_t _probe_walk(SearchTree tree, moves, bint expand, bint every=True) except -2:
    """Follow moves from the root through existing children (expanding the last node reached
    when asked: every child, or those children_ahead asks for); fills worker 0's path, moves and
    board. -1 when a move is not a child."""
    cdef search_t* s = tree.s
    cdef worker_t* wk = tree.workers[0]
    cdef int64_t index = 0, child
    _start_at_root(s, wk)
    wk.path[0] = 0
    wk.path_len = 1
    for move in moves:
        child = _find_child(s, &s.pool.nodes[index], move)
        if child < 0:
            return -1
        _play(s, wk, move)
        wk.path[wk.path_len] = child
        wk.path_len += 1
        index = child
    if expand and not s.pool.nodes[index].flags & NODE_EXPANDED:
        if not _expand(s, wk, &s.pool.nodes[index], len(moves), every):
            raise MemoryError()
    return index


def probe_expand_line(SearchTree tree, moves, every=True):
    """Expand the node that `moves` (points) lead to from the root: every child, or (every False)
    those a simulation's first expansion makes."""
    if _probe_walk(tree, moves, True, every) < 0:
        raise ValueError("the line leaves the tree")


def probe_grow_line(SearchTree tree, moves, int other_threads=0):
    """Grow the node `moves` lead to as a simulation passing through it does when unpruning comes
    to children not made yet: (its children count, "area" when its rank area served, "ranking"
    when every move was ranked again). other_threads: as inside a batch on that many more
    threads (the counters are still updated by this one)."""
    cdef search_t* s = tree.s
    cdef int64_t index = _probe_walk(tree, moves, False)
    cdef node_t* node
    if index < 0:
        raise ValueError("the line leaves the tree")
    node = &s.pool.nodes[index]
    if not node.flags & NODE_EXPANDED:
        raise ValueError("the node is not expanded")
    s.other_threads = other_threads
    try:
        if _grow_ranked(s, tree.workers[0], node, len(moves)):
            return node.n_children, "area"
        if not _expand(s, tree.workers[0], node, len(moves), False):
            raise MemoryError()
        return node.n_children, "ranking"
    finally:
        s.other_threads = 0


def probe_replay(SearchTree tree, tree_moves, playout_moves, double black_result):
    """Back up one simulation given by hand: tree_moves (followed through existing children),
    then playout_moves, with Black's result (1, 0.5, 0). For AMAF tests."""
    cdef worker_t* wk = tree.workers[0]
    cdef int i
    if _probe_walk(tree, tree_moves, False) < 0:
        raise ValueError("the line leaves the tree")
    if wk.n_moves + len(playout_moves) > MAX_RECORD:
        raise ValueError("too many moves")
    for i in range(1, wk.path_len):
        tree.s.pool.nodes[wk.path[i]].virtual_loss += 1
    for move in playout_moves:
        wk.moves[wk.n_moves] = move
        wk.n_moves += 1
    _backup(tree.s, wk, <int>round(2 * black_result))


def probe_line_children(SearchTree tree, moves):
    """The children (ChildStats) of the node `moves` lead to."""
    cdef int64_t index = _probe_walk(tree, moves, False)
    if index < 0:
        raise ValueError("the line leaves the tree")
    return tree._node_children(index)


def probe_child_scores(SearchTree tree, moves):
    """{point: selection score} of the children of the node `moves` lead to (unpruned or not),
    as search_select computes them."""
    cdef int64_t index = _probe_walk(tree, moves, False)
    cdef node_t* node
    cdef const params_t* p = &tree.s.params
    cdef double log_parent, beta_hand
    cdef int i
    if index < 0:
        raise ValueError("the line leaves the tree")
    node = &tree.s.pool.nodes[index]
    search_parent_terms(p, node.visits, &log_parent, &beta_hand)
    return {tree.s.pool.nodes[node.first_child + i].move:
            search_child_score(p, &tree.s.pool.nodes[node.first_child + i], log_parent, beta_hand,
                               search_crit_of(tree.s, node, &tree.s.pool.nodes[node.first_child + i]))
            for i in range(node.n_children)}


def probe_set_samples(SearchTree tree, int samples, int black_half_wins, owned_black, owned_white,
                      owned_by_winner):
    """Worker 0's ownership samples set by hand ({point: count} each), the other workers' cleared:
    for the criticality's arithmetic."""
    cdef worker_t* wk
    cdef int i
    for i in range(tree.n_workers):
        wk = tree.workers[i]
        wk.ownership_samples = samples if i == 0 else 0
        wk.black_half_wins = black_half_wins if i == 0 else 0
        for p in range(MAX_POINTS):
            wk.owned_black[p] = owned_black.get(p, 0) if i == 0 else 0
            wk.owned_white[p] = owned_white.get(p, 0) if i == 0 else 0
            wk.owned_by_winner[p] = owned_by_winner.get(p, 0) if i == 0 else 0


def probe_criticality(SearchTree tree):
    """{point: criticality} of the root's simulations so far (as the next batch will read them),
    or None before any sample."""
    cdef search_t* s = tree.s
    cdef int x, y, w = s.root_board.width
    _update_criticality(s, tree.workers, tree.n_workers)
    if not s.criticality_ready:
        return None
    return {y * w + x: s.crit[y * w + x]
            for y in range(1, s.root_board.size + 1) for x in range(1, s.root_board.size + 1)}


def probe_selectable(config, int n_children, double visits):
    """Children progressive unpruning exposes at this many parent visits."""
    cdef params_t p = _params_from(config)
    return search_selectable(&p, n_children, visits)


def probe_sort_best_first(keys, few=None):
    """The expansion's order of candidates with these keys (indices, best first); with `few`,
    the order of a first expansion that reads only that many of them."""
    cdef worker_t* wk = <worker_t*>PyMem_Malloc(sizeof(worker_t))
    cdef double values[MAX_POINTS + 1]
    cdef int i, n = len(keys)
    if wk == NULL:
        raise MemoryError()
    if n > MAX_POINTS + 1:
        PyMem_Free(wk)
        raise ValueError("too many keys")
    try:
        for i in range(n):
            values[i] = keys[i]
            wk.cand_order[i] = i
        if few is None:
            _sort_best_first(wk, values, n)
        else:
            _sort_best_first_few(wk, values, n, few)
        return [wk.cand_order[i] for i in range(n)]
    finally:
        PyMem_Free(wk)


def probe_unprune_schedule(SearchTree tree, int count):
    return [tree.s.params.unprune_at[j] for j in range(min(count, MAX_UNPRUNE))]


def probe_counters(SearchTree tree, moves):
    """The raw counters of the node `moves` lead to."""
    cdef int64_t index = _probe_walk(tree, moves, False)
    cdef node_t* node
    if index < 0:
        raise ValueError("the line leaves the tree")
    node = &tree.s.pool.nodes[index]
    return {"visits": node.visits, "half_wins": node.half_wins,
            "amaf_visits": node.amaf_visits, "amaf_half_wins": node.amaf_half_wins}


def probe_set_counters(SearchTree tree, moves, **counts):
    """Set raw counters (visits, half_wins, amaf_visits, amaf_half_wins) of the node `moves`
    lead to."""
    cdef int64_t index = _probe_walk(tree, moves, False)
    cdef node_t* node
    if index < 0:
        raise ValueError("the line leaves the tree")
    node = &tree.s.pool.nodes[index]
    for name, value in counts.items():
        if name == "visits":
            node.visits = value
        elif name == "half_wins":
            node.half_wins = value
        elif name == "amaf_visits":
            node.amaf_visits = value
        elif name == "amaf_half_wins":
            node.amaf_half_wins = value
        else:
            raise ValueError(f"no counter {name}")


def probe_pool(SearchTree tree, moves, int draws=0, unsigned long long seed=1):
    """PoolRAVE's pools of a simulation whose tree moves are `moves` ({colour: points, best
    first}), and `draws` choices of the playout's first move with them (each from the line's
    end, the policy's random numbers seeded with seed)."""
    cdef search_t* s = tree.s
    cdef worker_t* wk = tree.workers[0]
    if _probe_walk(tree, moves, False) < 0:
        raise ValueError("the line leaves the tree")
    _pool_rave(s, wk)
    pools = {colour: [wk.urgency.pool[colour][i] for i in range(wk.urgency.pool_n[colour])]
             for colour in (BLACK, WHITE)}
    rng_seed(&wk.rng, seed)
    chosen = [policy_choose(&wk.urgency, &wk.board, &s.policy, &wk.rng, wk.board.to_move,
                            NO_POINT) for _ in range(draws)]
    return pools, chosen


def probe_replies(SearchTree tree, int colour):
    """{last move: answer} of the one-move last good replies stored for colour (None when the
    table is off)."""
    cdef reply_t* r = tree.s.replies
    cdef int p
    if r == NULL:
        return None
    if colour not in (BLACK, WHITE):
        raise ValueError("colour is 1 (black) or 2 (white)")
    return {p: r.one[colour - 1][p] for p in range(MAX_POINTS) if r.one[colour - 1][p] != NO_POINT}


def probe_liberties_to_three(Board board, int point):
    """What the two-liberty checks read of the group on point: the count (3 for three or more,
    perhaps without walking the group) and the liberties found when fewer."""
    cdef int libs[3]
    if board.b.colour[point] == EMPTY:
        raise ValueError("no stone there")
    n = group_liberties_to_three(&board.b, board.b.group[point], libs)
    return n, sorted(libs[i] for i in range(n)) if n < 3 else None
