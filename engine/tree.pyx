# cython: language_level=3
"""Node pool: allocation by bumping an index, and compaction when the tree is re-rooted or pruned.

Blocks abandoned when a children block grows stay in the pool until the next compaction, which
slides every block still reachable down to the start of the pool (mark and compact) instead of
copying the tree into a second pool: the peak memory stays one pool. A full pool is pruned the
way Fuego prunes a full tree (SgUctSearch's prune by count): the children of the least visited
nodes go, the nodes themselves stay with their statistics, and grow children again when the
search comes back to them. The pages above the compacted tree are given back to the system.

Nodes are 64 bytes (see node_t in tree.pxd: exact int64 counters) and the pool is 64-byte
aligned, so that a node is one cache line.
"""
from libc.math cimport log2
from libc.stdint cimport int64_t, uint8_t, uintptr_t
from libc.stdlib cimport free, malloc, qsort, realloc

cdef extern from "<stdlib.h>" nogil:
    int posix_memalign(void** memptr, size_t alignment, size_t size)
cdef extern from "<sys/mman.h>" nogil:
    int madvise(void* addr, size_t length, int advice)
    int MADV_DONTNEED
cdef extern from "<unistd.h>" nogil:
    long sysconf(int name)
    int _SC_PAGESIZE
from libc.string cimport memmove, memset

cdef enum:
    VISIT_BUCKETS = 512     # the prune's histogram: one bucket a visit count below 64, then
                            # eight a doubling

NODE_BYTES = sizeof(node_t)


cdef int tree_pool_open(pool_t* pool, int64_t capacity) noexcept nogil:
    """Reserve the pool; pages are only touched (made resident) as nodes are used. 0 on failure."""
    cdef void* memory = NULL
    if posix_memalign(&memory, 64, capacity * sizeof(node_t)) != 0:
        memory = NULL
    pool.nodes = <node_t*>memory
    if pool.nodes == NULL:
        pool.capacity = 0
        return 0
    pool.capacity = capacity
    tree_reset(pool, -1)
    return 1


cdef void tree_pool_close(pool_t* pool) noexcept nogil:
    free(pool.nodes)
    pool.nodes = NULL
    pool.capacity = 0
    pool.used = 0


cdef void tree_node_init(node_t* node, int move) noexcept nogil:
    node.first_child = NO_CHILDREN
    node.n_children = 0
    node.capacity = 0
    node.move = move
    node.virtual_loss = 0
    node.flags = 0
    node.unused = 0
    node.n_candidates = 0
    node.visits = 0
    node.half_wins = 0
    node.amaf_visits = 0
    node.amaf_half_wins = 0
    node.prior_visits = 0
    node.prior_wins = 0
    node.heuristic = 0
    node.policy = 0


cdef void tree_reset(pool_t* pool, int root_move) noexcept nogil:
    """An empty tree: the root alone, at index 0."""
    tree_node_init(&pool.nodes[0], root_move)
    pool.used = 1
    pool.full = False


cdef int64_t tree_alloc(pool_t* pool, int n) noexcept nogil:
    """Index of n fresh consecutive nodes, or -1 when the pool is full (then it stays full)."""
    cdef int64_t start
    if pool.full:
        return -1
    start = mango_atomic_add(&pool.used, n)
    if start + n > pool.capacity:
        pool.full = True
        return -1
    return start


ctypedef struct block_t:
    int64_t old_start
    int64_t new_start
    int64_t length


cdef int _compare_blocks(const void* a, const void* b) noexcept nogil:
    cdef int64_t x = (<block_t*>a).old_start, y = (<block_t*>b).old_start
    return (x > y) - (x < y)


cdef int64_t _find_block(block_t* blocks, int64_t n, int64_t old_start) noexcept nogil:
    cdef int64_t low = 0, high = n - 1, mid
    while low <= high:
        mid = (low + high) // 2
        if blocks[mid].old_start == old_start:
            return mid
        if blocks[mid].old_start < old_start:
            low = mid + 1
        else:
            high = mid - 1
    return -1


cdef bint _ensure(void** items, int64_t* room, int64_t needed, size_t item_size) noexcept nogil:
    """Grow a malloc'd array to hold at least `needed` items (doubling); False when out of memory."""
    cdef void* grown
    if needed <= room[0]:
        return True
    grown = realloc(items[0], 2 * needed * item_size)
    if grown == NULL:
        return False
    items[0] = grown
    room[0] = 2 * needed
    return True


cdef inline int _visit_bucket(int64_t visits) noexcept nogil:
    """The prune's histogram bucket of a node's visit count: increasing with the count."""
    cdef int bucket
    if visits < 64:
        return <int>visits if visits > 0 else 0
    bucket = 64 + <int>(8.0 * log2(visits / 64.0))
    return bucket if bucket < VISIT_BUCKETS else VISIT_BUCKETS - 1


cdef void _drop_children(node_t* node) noexcept nogil:
    """node keeps its statistics and loses its children (they are grown again if it is reached)."""
    node.first_child = NO_CHILDREN
    node.n_children = 0
    node.capacity = 0
    node.n_candidates = 0
    node.flags &= ~(NODE_EXPANDED | NODE_RANKED)


cdef int64_t _compact(pool_t* pool, int64_t new_root, int min_bucket) noexcept nogil:
    """Make node new_root the root (index 0) and drop everything not below it, and the children of
    every node but the root whose visit bucket is below min_bucket (0 keeps them all). Returns the
    nodes kept, or -1 when memory for the bookkeeping runs out: a re-rooted tree is then reset,
    a pruned one (new_root 0) left as it was, less the children already dropped. Single-threaded."""
    cdef node_t root = pool.nodes[new_root]
    cdef int64_t n_blocks = 0, room = 1024, n_stack = 0, stack_room = 1024, i, j, k, node_index
    cdef int64_t next_free = 1
    cdef block_t* blocks = <block_t*>malloc(room * sizeof(block_t))
    cdef int64_t* stack = <int64_t*>malloc(stack_room * sizeof(int64_t))
    cdef node_t* node
    cdef bint ok = blocks != NULL and stack != NULL
    # Rank areas stay behind. A root's bans (superko, an analysis's avoid, cleanup's no pass) belong
    # to its position: a re-root sets them again for the new one, a prune must keep them.
    cdef uint8_t clear_flags = NODE_LOCKED | NODE_RANKED | (NODE_BANNED if new_root != 0 else 0)
    # Mark: every children block reachable from the new root (and kept).
    pool.nodes[0] = root
    if ok:
        stack[n_stack] = 0
        n_stack += 1
    while ok and n_stack > 0:
        n_stack -= 1
        node_index = stack[n_stack]
        node = &pool.nodes[node_index]
        if node.first_child == NO_CHILDREN or node.n_children == 0:
            continue
        if node_index != 0 and _visit_bucket(node.visits) < min_bucket:
            _drop_children(node)
            continue
        ok = (_ensure(<void**>&blocks, &room, n_blocks + 1, sizeof(block_t))
              and _ensure(<void**>&stack, &stack_room, n_stack + node.n_children, sizeof(int64_t)))
        if not ok:
            break
        blocks[n_blocks].old_start = node.first_child
        blocks[n_blocks].length = node.n_children
        n_blocks += 1
        for k in range(node.n_children):
            stack[n_stack] = node.first_child + k
            n_stack += 1
    free(stack)
    if not ok:
        free(blocks)
        if new_root != 0:
            tree_reset(pool, root.move)
        return -1
    # Compact: blocks keep their order, so each one moves down (or stays), never over a block
    # not yet moved.
    qsort(blocks, n_blocks, sizeof(block_t), _compare_blocks)
    for i in range(n_blocks):
        blocks[i].new_start = next_free
        next_free += blocks[i].length
    for i in range(n_blocks):
        if blocks[i].new_start != blocks[i].old_start:
            memmove(&pool.nodes[blocks[i].new_start], &pool.nodes[blocks[i].old_start],
                    blocks[i].length * sizeof(node_t))
    # Forward the children indices.
    for node_index in range(next_free):
        node = &pool.nodes[node_index]
        if node.first_child != NO_CHILDREN and node.n_children > 0:
            j = _find_block(blocks, n_blocks, node.first_child)
            node.first_child = <int>blocks[j].new_start
            node.capacity = node.n_children
        else:
            node.first_child = NO_CHILDREN
            node.n_children = 0
            node.capacity = 0
        node.virtual_loss = 0
        node.flags &= ~clear_flags
    free(blocks)
    pool.used = next_free
    pool.full = False
    tree_release_tail(pool)
    return next_free


cdef int tree_reroot(pool_t* pool, int64_t new_root) noexcept nogil:
    """Make node new_root the root (index 0) and drop everything not below it. Returns 0 when
    memory for the bookkeeping runs out (the tree is then reset). Single-threaded."""
    return _compact(pool, new_root, 0) >= 0


cdef int64_t tree_prune(pool_t* pool, int64_t target) noexcept nogil:
    """Drop the children of the least visited nodes, so that at most `target` nodes stay (the root
    and its children always stay): the smallest visit threshold that fits, as Fuego prunes a full
    tree by count. Returns the live nodes dropped, or -1 when memory for the bookkeeping runs out
    (the tree is then left as it was, or with fewer children). Single-threaded."""
    cdef int64_t hist[VISIT_BUCKETS]
    cdef int64_t n_stack = 0, stack_room = 1024, live = 1, kept, node_index, k
    cdef int64_t* stack = <int64_t*>malloc(stack_room * sizeof(int64_t))
    cdef node_t* node
    cdef int bucket, min_bucket
    if stack == NULL:
        return -1
    memset(hist, 0, sizeof(hist))
    stack[0] = 0
    n_stack = 1
    # Histogram: the children under each visit bucket of their parent (the root's apart).
    kept = 1
    while n_stack > 0:
        n_stack -= 1
        node_index = stack[n_stack]
        node = &pool.nodes[node_index]
        if node.first_child == NO_CHILDREN or node.n_children == 0:
            continue
        if not _ensure(<void**>&stack, &stack_room, n_stack + node.n_children, sizeof(int64_t)):
            free(stack)
            return -1
        live += node.n_children
        if node_index == 0:
            kept += node.n_children
        else:
            hist[_visit_bucket(node.visits)] += node.n_children
        for k in range(node.n_children):
            stack[n_stack] = node.first_child + k
            n_stack += 1
    free(stack)
    # A child's visits never exceed its parent's, so the blocks kept by a threshold hang together.
    min_bucket = VISIT_BUCKETS
    for bucket in range(VISIT_BUCKETS - 1, -1, -1):
        if kept + hist[bucket] > target:
            break
        kept += hist[bucket]
        min_bucket = bucket
    kept = _compact(pool, 0, min_bucket)
    return -1 if kept < 0 else live - kept


cdef void tree_release_tail(pool_t* pool) noexcept nogil:
    """Give the pages above the nodes in use back to the system (they read as zero when touched
    again), so that the process shrinks with its tree."""
    cdef long page = sysconf(_SC_PAGESIZE)
    cdef uintptr_t start, end
    if pool.nodes == NULL or page <= 0:
        return
    start = <uintptr_t>&pool.nodes[pool.used if pool.used < pool.capacity else pool.capacity]
    end = <uintptr_t>&pool.nodes[pool.capacity]
    start = (start + <uintptr_t>page - 1) & ~(<uintptr_t>page - 1)
    end = end & ~(<uintptr_t>page - 1)
    if end > start:
        madvise(<void*>start, end - start, MADV_DONTNEED)
