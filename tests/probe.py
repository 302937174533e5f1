"""The engine's Searcher with the C tree's test hooks (engine/probe.pyx, an extension nothing in
the product imports) bound as methods: hand-written simulations, raw counters, the unpruning
schedule."""
from __future__ import annotations

from mango.engine import probe as search
from mango.engine.searcher import Searcher as EngineSearcher


class Searcher(EngineSearcher):
    selectable = staticmethod(search.probe_selectable)
    expand_line = search.probe_expand_line
    grow_line = search.probe_grow_line
    replay = search.probe_replay
    line_children = search.probe_line_children
    child_scores = search.probe_child_scores
    criticality = search.probe_criticality
    set_samples = search.probe_set_samples
    unprune_schedule = search.probe_unprune_schedule
    sort_best_first = staticmethod(search.probe_sort_best_first)
    counters = search.probe_counters
    set_counters = search.probe_set_counters
    replies = search.probe_replies
    pool = search.probe_pool
