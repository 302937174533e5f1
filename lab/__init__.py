"""The laboratory: engines driven over GTP, matches, their stores, statistics and reports.

Nothing in engine/ or gtp/ imports it; it drives Mango (and GNU Go, Pachi) as a controller would.
"""
