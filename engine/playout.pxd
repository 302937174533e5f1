# cython: language_level=3
"""Playouts: a game played to the end from a board, entirely in C, by one of two policies."""
from libc.string cimport memcpy
from libc.stdint cimport int16_t, int32_t, int64_t, uint16_t, uint32_t, uint64_t

from mango.engine.board cimport MAX_POINTS, MAX_WIDTH, board_t
from mango.engine.reply cimport reply_t
from mango.engine.tactic cimport LADDER_BOARDS

ctypedef struct rng_t:
    uint64_t state


cdef inline void rng_seed(rng_t* r, uint64_t seed) noexcept nogil:
    """splitmix64 of the seed, so that small or zero seeds still give a good xorshift state."""
    cdef uint64_t z = seed + 0x9E3779B97F4A7C15ULL
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    z = z ^ (z >> 31)
    r.state = z if z != 0 else 0x2545F4914F6CDD1DULL


cdef inline uint64_t rng_next(rng_t* r) noexcept nogil:
    """xorshift64*: fast, and plenty for choosing playout moves."""
    cdef uint64_t x = r.state
    x ^= x >> 12
    x ^= x << 25
    x ^= x >> 27
    r.state = x
    return x * 0x2545F4914F6CDD1DULL


cdef inline uint32_t playout_threshold(double probability) noexcept nogil:
    """A probability as the playouts draw it: compared with the top 32 bits of rng_next."""
    return <uint32_t>min(probability * 4294967296.0, 4294967295.0)


cdef inline uint32_t rng_below(rng_t* r, uint32_t n) noexcept nogil:
    """Uniform in [0, n) by multiply-shift (no division)."""
    return <uint32_t>(((rng_next(r) >> 32) * <uint64_t>n) >> 32)


cdef enum:
    POLICY_LIGHT = 0
    POLICY_MANGO = 1

# Simulation balancing's bookkeeping (Silver and Tesauro 2009; Huang, Coulom and Lin 2010;
# patterns/balance.py): while a policy carries one, each move the pattern weights chose adds its
# d log pi / d theta to grad, theta being the log weight of each pattern class. NULL in play.
ctypedef struct balance_t:
    const int32_t* class_of[3]      # the class (parameter) of each absolute 3x3 code, by player
    double* grad                    # the playout's sum of d log pi / d theta, by class

# The C copy of engine.config.PlayoutConfig, made once per batch.
ctypedef struct policy_t:
    int kind
    int patterns
    uint64_t capture_weight
    uint64_t hopeless_capture_percent
    uint64_t save_weight
    uint64_t proximity_factor
    uint64_t proximity_diagonal_factor
    int avoid_self_atari
    int local_answers
    uint32_t local_threshold        # local_probability scaled to 2^32
    uint32_t local_min_value
    uint32_t random_threshold       # random_move_probability scaled to 2^32
    int filter_random_moves
    int light_after_atari
    int fill_board_tries
    int nakade
    uint64_t nakade_weight
    int nakade_size
    int answer_atari
    int defend_two_liberties
    int distinct_answers             # draw each tactical answer once (Pachi's mq_nodup)
    int two_liberty_attack
    int two_liberty_race             # its race half: the own groups' most liberties (0: off)
    int two_liberty_chase            # and its chase half
    int two_liberty_throw_in         # its ataris may be a lone stone's killing throw-in
    uint32_t two_liberty_attack_threshold  # its probability scaled to 2^32; 0xFFFFFFFF: always, no draw
    uint32_t ko_fight_threshold     # ko_fight_probability scaled to 2^32 (0: off)
    int ko_fight_age
    int ladder_saves
    uint64_t ladder_atari_weight
    int nakade_self_atari
    int nakade_kills_only
    int avoid_single_self_atari
    int self_atari_redirect
    int eye_fix
    const uint16_t* values[3]       # the pattern value tables by player (pattern3's)
    const uint32_t* value_pairs     # the same, both players side by side (Black's low half)
    int map_values                  # urgency = value_map[value] instead of the value
    uint32_t value_map[2434]        # PATTERN_MAX_VALUE + 1 entries
    uint32_t flat_value             # pattern_exponent 0: every empty point's urgency, no 3x3 code read (0: off)
    const reply_t* replies          # the search's last good replies (NULL: not played), see reply.pxd
    int replies_first               # a stored reply before everything else, or only before the pattern draw
    balance_t* balance              # simulation balancing's gradient (NULL: not learning)
    uint32_t pool_threshold         # the search's pool_rave_probability scaled to 2^32 (0: off);
                                    # the pool itself is the worker's (urgency_t.pool)

cdef enum:
    LADDER_VERDICTS = 8         # save verdicts remembered per move (more are read again)
    POOL_MAX = 32               # PoolRAVE's moves per colour at most (search.pool_rave_size)

# Urgencies of the Mango policy. weight[c][p] is the base urgency of p for colour c (its pattern
# value; 0 when occupied), kept up to date move by move; row_sum and total make a two-level sum
# tree for drawing in proportion to urgency. Captures, saves, nakade and proximity are laid over
# the base for one draw and taken off again (the log), so they are always computed fresh.
ctypedef struct urgency_t:            # (urgency_copy copies it field by field)
    uint32_t weight[3][MAX_POINTS]
    uint64_t row_sum[3][MAX_WIDTH]
    uint64_t total[3]
    int16_t atari[MAX_POINTS]       # group roots that were in atari when listed (checked on use)
    int n_atari
    uint32_t stamp[MAX_POINTS]      # per-point marks, current when equal to mark
    uint32_t mark
    int16_t log_point[2 * MAX_POINTS]
    uint32_t log_weight[2 * MAX_POINTS]
    int n_log
    uint64_t extra[MAX_POINTS]      # this move's capture / save / nakade bonuses
    int16_t extra_points[MAX_POINTS]
    int n_extra
    # This move's ladder verdicts on own saves (point, dead): the bonuses and the atari answers
    # ask about the same extensions of the same board, and each reading copies boards.
    int16_t save_point[LADDER_VERDICTS]
    int16_t save_dead[LADDER_VERDICTS]
    int n_saves
    int16_t ko_recent               # the point of the last ko capture's ban (NO_POINT: none yet)
    int ko_age                      # moves played since that capture
    # PoolRAVE (search.pool_rave_probability): the moves of each colour the tree's AMAF rates
    # best at the simulation's last well-visited node, set by the search after its descent
    int16_t pool[3][POOL_MAX]
    int pool_n[3]
    # Scratch boards for reading ladders (after the fields urgency_init clears: not cleared).
    board_t scratch[LADDER_BOARDS]

cdef int playout_move_cap(const board_t* b) noexcept nogil
cdef int playout_random_move(board_t* b, rng_t* rng, int c) noexcept nogil
cdef int playout_light(board_t* b, rng_t* rng, int max_moves, int* record) noexcept nogil
cdef void urgency_init(urgency_t* u, const board_t* b, const policy_t* cfg) noexcept nogil
cdef int mango_choose(urgency_t* u, board_t* b, const policy_t* cfg, rng_t* rng, int c,
                      int before_last) noexcept nogil
cdef void mango_play(urgency_t* u, board_t* b, const policy_t* cfg, int p, int c) noexcept nogil
cdef int playout_mango(board_t* b, urgency_t* u, const policy_t* cfg, rng_t* rng, int max_moves,
                       int* record) noexcept nogil
cdef int playout_run(board_t* b, urgency_t* u, const policy_t* cfg, rng_t* rng, int* record) noexcept nogil
cdef int playout_mango_continue(board_t* b, urgency_t* u, const policy_t* cfg, rng_t* rng,
                                int max_moves, int* record, int before_last) noexcept nogil
cdef void playout_count_owners(const board_t* b, int64_t* black, int64_t* white,
                               int64_t* by_winner, int winner) noexcept nogil
cdef void policy_prepare(urgency_t* u, const board_t* b, const policy_t* cfg) noexcept nogil
cdef void policy_resume(urgency_t* u, const urgency_t* prepared, const policy_t* cfg,
                        int points) noexcept nogil
cdef int policy_choose(urgency_t* u, board_t* b, const policy_t* cfg, rng_t* rng, int c,
                       int before_last) noexcept nogil
cdef void policy_play(urgency_t* u, board_t* b, const policy_t* cfg, int p, int c) noexcept nogil
cdef int policy_continue(board_t* b, urgency_t* u, const policy_t* cfg, rng_t* rng, int* record,
                         int before_last) noexcept nogil
cdef void policy_urgencies(urgency_t* u, const board_t* b, const policy_t* cfg) noexcept nogil
cdef void urgency_overlay(urgency_t* u, board_t* b, const policy_t* cfg, int c) noexcept nogil
cdef void urgency_clear(urgency_t* u, const board_t* b, int c) noexcept nogil
cdef bint candidate_ok(const board_t* b, const policy_t* cfg, int p, int c) noexcept nogil
cdef policy_t playout_policy_from(config) except *


cdef inline void urgency_copy(urgency_t* dst, const urgency_t* src, int points) noexcept nogil:
    """Copy the urgencies of a board with `points` points in use (its width^2): the per-point
    arrays that far, the lists as long as they are, and not the ladder scratch boards (most of
    the struct's bytes). The search copies its root's urgencies at the start of every
    simulation: on 9x9 this is a quarter of copying the struct. A field added to urgency_t must
    be added here."""
    cdef size_t n = <size_t>points
    cdef int c
    for c in range(3):
        memcpy(dst.weight[c], src.weight[c], n * sizeof(src.weight[0][0]))
    memcpy(dst.row_sum, src.row_sum, sizeof(src.row_sum))
    memcpy(dst.total, src.total, sizeof(src.total))
    memcpy(dst.atari, src.atari, <size_t>src.n_atari * sizeof(src.atari[0]))
    dst.n_atari = src.n_atari
    memcpy(dst.stamp, src.stamp, n * sizeof(src.stamp[0]))
    dst.mark = src.mark
    memcpy(dst.log_point, src.log_point, <size_t>src.n_log * sizeof(src.log_point[0]))
    memcpy(dst.log_weight, src.log_weight, <size_t>src.n_log * sizeof(src.log_weight[0]))
    dst.n_log = src.n_log
    memcpy(dst.extra, src.extra, n * sizeof(src.extra[0]))
    memcpy(dst.extra_points, src.extra_points, <size_t>src.n_extra * sizeof(src.extra_points[0]))
    dst.n_extra = src.n_extra
    memcpy(dst.save_point, src.save_point, sizeof(src.save_point))
    memcpy(dst.save_dead, src.save_dead, sizeof(src.save_dead))
    dst.n_saves = src.n_saves
    dst.ko_recent = src.ko_recent
    dst.ko_age = src.ko_age
    dst.pool_n[0] = dst.pool_n[1] = dst.pool_n[2] = 0  # each simulation sets its own pool
