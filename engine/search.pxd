# cython: language_level=3
"""The search's C types and the entry points another extension may call: engine/probe.pyx, the
tests' hand-made simulations, reads and drives a SearchTree through them. Nothing else in the
product imports that module."""
from libc.math cimport log, sqrt
from libc.stdint cimport int16_t, int32_t, int64_t, uint32_t, uint64_t

from mango.engine.board cimport MAX_POINTS, PASS, board_copy, board_play, board_t
from mango.engine.feature cimport FEATURE_FAMILIES, Predictor, feature_t
from mango.engine.playout cimport policy_play, policy_resume, policy_t, rng_t, urgency_t
from mango.engine.reply cimport reply_t
from mango.engine.tree cimport node_t, pool_t

cdef enum:
    MAX_DEPTH = 512             # tree moves in one simulation (deeper: the playout takes over)
    MAX_RECORD = 2048           # tree moves + a playout (3 * 19 * 19 = 1083) with room to spare
    MAX_HISTORY = 8             # moves before the root remembered for the heuristic
    MAX_UNPRUNE = 400
    SCHEDULE_HAND = 0
    SCHEDULE_MSE = 1
    SCHEDULE_HAND_CHILD = 2
    OWNERSHIP_LEVELS = 9        # prior.ownership's levels of a point's chance to end the mover's

# The C copy of SearchConfig and PriorConfig, made once per search.
ctypedef struct params_t:
    double uct_c
    int expand_threshold
    int create_after
    double first_play_urgency
    bint progressive_bias
    double bias_weight
    bint progressive_unpruning
    double children_ahead
    int children_full_depth
    bint late_child_amaf
    int k_init
    double unprune_at[MAX_UNPRUNE]      # visits after which the (k_init + j)-th child is selectable
    int heuristic_moves
    bint rave
    bint pass_mc_only                   # a pass's value is its own results, not AMAF's (no
                                        # simulation plays a pass "later": its AMAF would stay
                                        # its prior): under territory rules, where passing counts,
                                        # and where pass_in_rave is off
    int rave_schedule
    double rave_k
    double rave_bias
    int rave_distance_weight
    bint rave_first_any                 # AMAF counts a point's first play by either colour only
    int pool_rave_size                  # PoolRAVE's moves per colour (its probability is the
    int64_t pool_rave_min_visits        # policy's pool_threshold) and the pool node's visits
    double score_margin                 # Fuego's score modification (a chance of half a win)
    int virtual_loss
    bint prior_in_amaf
    double criticality
    double criticality_min_visits
    bint prior_even
    double even_count
    bint prior_grandfather
    double grandfather_count
    bint prior_pattern
    double pattern_count
    bint prior_ladders
    int good_pattern
    int bad_pattern
    bint puct
    double puct_c
    bint predictor_bias
    bint predictor_order
    bint prior_predictor
    double predictor_count
    bint prior_ownership                # the predictor weighed by the playouts' ownership
    int ownership_warmup
    double ownership_gammas[OWNERSHIP_LEVELS]

ctypedef struct search_t:
    pool_t pool
    params_t params
    policy_t policy
    board_t root_board
    urgency_t root_urgency
    double komi                         # the playouts' komi (under territory rules with the
                                        # root's stone balance, engine/rules.py)
    bint territory                      # territory rules: each stone placed in the tree costs
                                        # its side a point (stone_balance)
    bint settle_dead                    # territory rules in the endgame: a double pass in the
                                        # tree is counted after a playout settles the dead
    double pass_boost                   # won playouts of every pass's prior, ranked first (a
                                        # territory endgame: endgame_pass_prior), or 0
    bint nogo                           # the game is NoGo: its legal moves, no pass, light
                                        # NoGo playouts scored by who moved last
    int nogo_playout                    # NOGO_RANDOM ... NOGO_COIN (engine/nogo.pxd)
    int history[MAX_HISTORY]            # moves before the root, the last one last
    int n_history
    int64_t simulations                 # claimed by threads in this batch
    int64_t batch_end
    bint track_ownership
    bint criticality_ready              # crit holds the root's covariances (criticality on)
    double crit[MAX_POINTS]             # per point: cov(owning it, winning) over the root's simulations
    bint threaded                       # a batch runs on more than one thread (atomic updates)
    int other_threads                   # while threaded: the threads besides any one of them
    bint fresh                          # the tree and the workers' samples began together (no
                                        # re-rooting since): the audit's exact sums apply
    reply_t* replies                    # the last good replies (NULL unless last_good_reply),
                                        # lent to the playouts as policy.replies
    bint recycle                        # prune the tree when the pool passes high_water
    int64_t high_water                  # nodes in use from which the pool is pruned before the
                                        # next simulation (room left for the ones under way)
    int64_t recycled                    # live nodes the prunes dropped (since SearchTree was made)
    int64_t prunes

# One thread's scratch space for a simulation.
ctypedef struct worker_t:
    board_t board
    urgency_t urgency
    rng_t rng
    int64_t path[MAX_DEPTH + 1]         # node indices from the root
    int path_len
    int moves[MAX_RECORD]               # moves of the simulation, alternating from the root's mover
    int n_moves
    uint32_t played[3][MAX_POINTS]      # == stamp: the colour played the point later on
    int played_at[3][MAX_POINTS]        # and where it first did (an index of moves)
    uint32_t stamp
    # per-child scratch of an expansion
    int cand[MAX_POINTS + 1]
    double cand_capture_save[MAX_POINTS + 1]    # C (what _knowledge_of found, kept for the
    double cand_pattern[MAX_POINTS + 1]         # priors of the children made) and the 3x3 value
    bint cand_refused[MAX_POINTS + 1]           # a move the playouts never play
    uint32_t base_weight[MAX_POINTS]            # the playouts' base urgencies before this move's bonuses
    uint32_t base_value[MAX_POINTS]             # their 3x3 values where pattern_exponent maps them
    double cand_h[MAX_POINTS + 1]
    double cand_policy[MAX_POINTS + 1]
    int cand_order[MAX_POINTS + 1]
    int cand_spare[MAX_POINTS + 1]      # the radix sort's second buffers, then the children made
    int16_t old_slot[MAX_POINTS + 1]    # (move + 1) -> 1 + index of the old child playing it, or 0
    uint64_t sort_bits[2][MAX_POINTS + 1]
    int64_t moved_old[MAX_POINTS + 1]   # old copies retired by a block replacement, and their
    int64_t moved_new[MAX_POINTS + 1]   # new copies, whose counters move after the publication
    int n_moved
    # ladder reads of the expansion under way: opponent groups of two liberties (a stone of
    # each) and c's atari that captures them in a ladder (NO_POINT: none works)
    int ladder_group[16]
    int ladder_point[16]
    int n_ladder
    # the learned predictor (NULL unless a predictor setting is on): this thread's feature
    # context over the shared model, and the probability of each point of the position expanded
    feature_t* features
    int32_t feature_points[MAX_POINTS]
    int32_t feature_levels[MAX_POINTS * FEATURE_FAMILIES]
    double feature_strength[MAX_POINTS]
    double predicted[MAX_POINTS]
    double cand_predicted[MAX_POINTS + 1]
    # this worker's samples since the position was set (summed over the workers when read)
    int64_t owned_black[MAX_POINTS]     # playouts whose end gives the point to Black (area, eyes
    int64_t owned_white[MAX_POINTS]     # included), and to White
    int64_t ownership_samples
    int64_t owned_by_winner[MAX_POINTS] # playouts whose winner holds the point (criticality)
    int64_t black_half_wins             # Black's results over the same samples, in half points
    int64_t score_n[MAX_POINTS + 1]     # per root move (slot move + 1, PASS in 0): simulations,
    int64_t score_sum[MAX_POINTS + 1]   # sum and sum of squares of Black's area score (komi not
    int64_t score_sum2[MAX_POINTS + 1]  # taken off: integers, exact)
    int64_t root_score_n                # the same over every simulation from the root
    int64_t root_score_sum
    int64_t root_score_sum2
    int64_t stops                       # simulations whose descent stopped at a node it had not
                                        # just added (the audit's slack, see _audit)
    int64_t lost                        # counts a retired node could not pass on (never, if sound)
    int64_t retired                     # old copies this worker retired under threads
    int64_t redirects                   # adds this worker found retired and made again

cdef inline void _play(search_t* s, worker_t* wk, int move) noexcept nogil:
    if s.nogo:
        board_play(&wk.board, move, wk.board.to_move)   # the light policy keeps no state
    else:
        policy_play(&wk.urgency, &wk.board, &s.policy, move, wk.board.to_move)
    wk.moves[wk.n_moves] = move
    wk.n_moves += 1


cdef inline void _start_at_root(search_t* s, worker_t* wk) noexcept nogil:
    """The worker's board at the root, with the playouts' urgencies in step with it (the tree's
    knowledge and the playouts read them)."""
    board_copy(&wk.board, &s.root_board)
    policy_resume(&wk.urgency, &s.root_urgency, &s.policy,
                  s.root_board.width * s.root_board.width)
    wk.n_moves = 0


cdef inline void search_parent_terms(const params_t* p, double parent, double* log_parent,
                                     double* beta_hand) noexcept nogil:
    """What every child's score reads of its parent's visits: their log (UCT's term) and the hand
    schedule's RAVE weight, sqrt(k / (3 n + k))."""
    log_parent[0] = log(parent) if parent > 1 else 0.0
    beta_hand[0] = sqrt(p.rave_k / (3.0 * parent + p.rave_k)) if p.rave_k > 0 else 0.0


cdef inline double search_crit_of(const search_t* s, const node_t* node,
                                  const node_t* child) noexcept nogil:
    """The criticality a child's score reads: its point's, for a root child with enough visits
    while the root's covariances are ready (prior.criticality), else 0."""
    if (s.criticality_ready and node == &s.pool.nodes[0] and child.move != PASS
            and child.visits >= s.params.criticality_min_visits):
        return s.crit[child.move]
    return 0.0


cdef int search_selectable(const params_t* p, int n_children, double parent_visits) noexcept nogil
cdef double search_child_score(const params_t* p, const node_t* child, double log_parent,
                               double beta_hand, double crit) noexcept nogil
cdef int64_t _find_child(const search_t* s, node_t* node, int move) noexcept nogil
cdef void _sort_best_first(worker_t* wk, const double* key, int n) noexcept nogil
cdef void _sort_best_first_few(worker_t* wk, const double* key, int n, int k) noexcept nogil
cdef int _expand(search_t* s, worker_t* wk, node_t* node, int depth, bint every) noexcept nogil
cdef int _grow_ranked(search_t* s, worker_t* wk, node_t* node, int depth) noexcept nogil
cdef void _backup(search_t* s, worker_t* wk, int black_half) noexcept nogil
cdef void _pool_rave(search_t* s, worker_t* wk) noexcept nogil
cdef void _update_criticality(search_t* s, worker_t** workers, int n_workers) noexcept nogil
cdef params_t _params_from(config)


cdef class SearchTreeReader:
    cdef search_t* s
    cdef worker_t** workers
    cdef int n_workers
    cdef bint pool_open
    cdef object _root_moves             # the game's moves at the tree's root (None: no position)


cdef class SearchTree(SearchTreeReader):
    cdef readonly object config         # the settings in use: `asked`, fitted to the board size
    cdef readonly object asked          # the settings as given to configure()
    cdef int _size                      # the board size `config` was fitted to (0: none yet)
    cdef object _root_start             # (size, komi, rules, hash of the game's first board)
    cdef uint64_t _runs
    cdef Predictor _predictor           # the model the workers' feature contexts read (or None)

    cdef _set_replies(self, playout)
    cdef _set_workers(self, int threads)
    cdef _open_pool(self)
    cdef _complete_kept_root(self, list line)
    cdef _expand_root(self)
    cdef _ban_superko(self, game)
