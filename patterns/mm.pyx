# cython: language_level=3
"""The inner loops of MM (patterns/bradley_terry.py) in C: one pass over the candidates per step,
and no temporary arrays, so that hundreds of millions of candidates fit in memory."""
from libc.math cimport log
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t

ctypedef fused level_t:
    int8_t
    int16_t
    int32_t
    int64_t


def totals(const double[::1] s, const int64_t[::1] starts, double[::1] out):
    """out[j]: the summed strength of position j's candidates."""
    cdef Py_ssize_t j, i, n = s.shape[0], m = starts.shape[0], end
    cdef double total
    with nogil:
        for j in range(m):
            end = starts[j + 1] if j + 1 < m else n
            total = 0.0
            for i in range(starts[j], end):
                total += s[i]
            out[j] = total


def multiply(double[::1] s, const level_t[::1] level, const double[::1] gamma):
    """s[i] *= gamma[level[i]] where there is a level."""
    cdef Py_ssize_t i, n = s.shape[0]
    cdef int lv
    with nogil:
        for i in range(n):
            lv = level[i]
            if lv >= 0:
                s[i] *= gamma[lv]


def denominators(const double[::1] s, const level_t[::1] level, const double[::1] gamma,
                 const int64_t[::1] starts, const double[::1] position_totals, double[::1] out):
    """out[l] += sum over positions j of sum over candidates with level l of
    (strength / gamma[l]) / E_j: Coulom's C_ij / E_j summed over j."""
    cdef Py_ssize_t j, i, n = s.shape[0], m = starts.shape[0], end
    cdef int lv
    cdef double inverse
    with nogil:
        for j in range(m):
            end = starts[j + 1] if j + 1 < m else n
            inverse = 1.0 / position_totals[j]
            for i in range(starts[j], end):
                lv = level[i]
                if lv >= 0:
                    out[lv] += s[i] / gamma[lv] * inverse


def mean_log_probability(const double[::1] s, const int64_t[::1] winners,
                         const double[::1] position_totals):
    cdef Py_ssize_t j, m = winners.shape[0]
    cdef double total = 0.0
    with nogil:
        for j in range(m):
            total += log(s[winners[j]] / position_totals[j])
    return total / m if m else 0.0
