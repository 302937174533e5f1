# cython: language_level=3
"""The search tree: one C allocation of compact nodes, with no Python object per node.

A node is the edge into a position and that position at once: the statistics of the move that
led here (from the point of view of the player who made it) and the block of its children. A
node's children are contiguous in the pool, so that selection scans one run of memory.
"""
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t

cdef enum:
    NO_CHILDREN = -1
    NODE_EXPANDED = 1       # the moves are ranked (n_candidates); the children are the best
                            # ranked first, made as progressive unpruning comes to them
    NODE_LOCKED = 2         # a thread is growing the children block (for good: a retired old
                            # copy, see the module docstring of search.pyx)
    NODE_BANNED = 4         # not to be chosen (a root move that breaks positional superko)
    NODE_ADDED = 8          # created by a simulation that ended here (one child a simulation)
    NODE_KNOWN = 16         # made by an expansion: its priors, H and policy are complete
    NODE_RANKED = 32        # the children block keeps, after its capacity, the next moves of the
                            # ranking (rank_area_t), so that growing needs no new ranking
    RANK_NODES = 3          # nodes a rank area takes
    RANK_ENTRIES = 7

# The next moves of an expanded node's ranking, past its children, with what their children need
# (exactly: the predictor's probability stays a double, as the expansion had it).
ctypedef struct rank_entry_t:
    int16_t move
    int16_t unused
    float heuristic         # H, normalised as the expansion normalised it
    float policy
    float unused2
    double predicted        # the predictor's probability (its prior)

ctypedef struct rank_area_t:
    int16_t start           # the ranking index of entries[0]
    int16_t count
    int32_t unused
    rank_entry_t entries[RANK_ENTRIES]

# A counter of a retired node (an old copy, see search.pyx) is exchanged for this value when its
# count moves to the new copy: an atomic add that returns a negative value found the node retired.
cdef extern from *:
    """
    #include <stdint.h>
    #define MANGO_RETIRED ((int64_t)-4611686018427387904LL)
    """
    int64_t MANGO_RETIRED

ctypedef struct node_t:
    # 64 bytes, one cache line (the pool is 64-byte aligned). The four counters are int64 so that
    # they stay exact however long the search runs (float32 lost a +1 past 2^24, int32 wrapped
    # at 2^31): 12 header bytes + 4 x 8 counter bytes + 4 x 4 float bytes = 60, padded to the
    # 8-byte alignment of the counters. Results are counted in half points (2 a win, 1 a jigo),
    # so that every update is one integer atomic add.
    int32_t first_child     # pool index of the children block, or NO_CHILDREN
    int16_t n_children
    int16_t capacity        # room in the children block
    int16_t move            # point, or PASS (-1), that led here
    int16_t virtual_loss    # threads now below this edge (never copied: see search.pyx)
    uint8_t flags
    uint8_t unused
    int16_t n_candidates    # moves the expansion ranked, children made or not (0 until then):
                            # children are made as progressive unpruning reaches them
    int64_t visits          # completed simulations through this edge
    int64_t half_wins       # their results for the player who made the move, in half points
    int64_t amaf_visits     # all-moves-as-first: simulations below the parent where that player
    int64_t amaf_half_wins  # played this point first, later in the simulation (MoGo Algorithm 2)
    float prior_visits      # heuristic prior as equivalent experience (MoGo section 5), added
    float prior_wins        # to both the MC and the AMAF statistics when they are read (small
                            # constants: float is exact enough)
    float heuristic         # Mango's H, normalised so that the best child has 1 (0 until expanded)
    float policy            # the playout policy's probability of this move (PUCT prior)

ctypedef struct pool_t:
    node_t* nodes
    int64_t capacity        # nodes allocated
    int64_t used            # nodes handed out (bump allocation; grown atomically by threads)
    bint full               # an allocation has failed: no more nodes until the tree is cut


cdef extern from *:
    """
    #include <stdint.h>
    static inline int64_t mango_atomic_add(int64_t* p, int64_t v) {
        return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
    }
    static inline int64_t mango_atomic_add64(int64_t* p, int64_t v) {
        return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
    }
    static inline int64_t mango_atomic_retire64(int64_t* p) {
        /* the count so far, leaving MANGO_RETIRED: later adds see a negative value */
        return __atomic_exchange_n(p, MANGO_RETIRED, __ATOMIC_ACQ_REL);
    }
    static inline void mango_acquire_fence(void) {
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
    }
    static inline void mango_spin_lock(uint8_t* flags, uint8_t bit) {
        while (__atomic_fetch_or(flags, bit, __ATOMIC_ACQUIRE) & bit) {
            while (__atomic_load_n(flags, __ATOMIC_RELAXED) & bit) {
    #if defined(__x86_64__) || defined(__i386__)
                __builtin_ia32_pause();
    #endif
            }
        }
    }
    static inline void mango_atomic_add32(int32_t* p, int32_t v) {
        __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
    }
    static inline void mango_atomic_add16(int16_t* p, int16_t v) {
        __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
    }
    static inline int mango_try_lock(uint8_t* flags, uint8_t bit) {
        return !(__atomic_fetch_or(flags, bit, __ATOMIC_ACQUIRE) & bit);
    }
    static inline void mango_unlock(uint8_t* flags, uint8_t bit) {
        __atomic_fetch_and(flags, (uint8_t)~bit, __ATOMIC_RELEASE);
    }
    static inline int16_t mango_load_count(int16_t* p) {
        return __atomic_load_n(p, __ATOMIC_ACQUIRE);
    }
    static inline void mango_store_count(int16_t* p, int16_t v) {
        __atomic_store_n(p, v, __ATOMIC_RELEASE);
    }
    static inline void mango_store_index(int32_t* p, int32_t v) {
        __atomic_store_n(p, v, __ATOMIC_RELEASE);
    }
    """
    int64_t mango_atomic_add(int64_t* p, int64_t v) noexcept nogil
    int64_t mango_atomic_add64(int64_t* p, int64_t v) noexcept nogil
    int64_t mango_atomic_retire64(int64_t* p) noexcept nogil
    void mango_acquire_fence() noexcept nogil
    void mango_spin_lock(uint8_t* flags, uint8_t bit) noexcept nogil
    void mango_atomic_add32(int32_t* p, int32_t v) noexcept nogil
    void mango_atomic_add16(int16_t* p, int16_t v) noexcept nogil
    bint mango_try_lock(uint8_t* flags, uint8_t bit) noexcept nogil
    void mango_unlock(uint8_t* flags, uint8_t bit) noexcept nogil
    int16_t mango_load_count(int16_t* p) noexcept nogil
    void mango_store_count(int16_t* p, int16_t v) noexcept nogil
    void mango_store_index(int32_t* p, int32_t v) noexcept nogil


cdef int tree_pool_open(pool_t* pool, int64_t capacity) noexcept nogil
cdef void tree_pool_close(pool_t* pool) noexcept nogil
cdef void tree_reset(pool_t* pool, int root_move) noexcept nogil
cdef int64_t tree_alloc(pool_t* pool, int n) noexcept nogil
cdef void tree_node_init(node_t* node, int move) noexcept nogil
cdef int tree_reroot(pool_t* pool, int64_t new_root) noexcept nogil
cdef int64_t tree_prune(pool_t* pool, int64_t target) noexcept nogil
cdef void tree_release_tail(pool_t* pool) noexcept nogil
