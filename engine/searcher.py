"""The searcher as the engine uses it: a SearchTree (the C tree, engine/search.pyx) with the loop
that spends a Limit in batches, and the choice of the move (engine/decision.py)."""
from __future__ import annotations

import time
from collections.abc import Callable

from mango.engine.board import PASS_POINT as PASS
from mango.engine import decision
from mango.engine.komi import search_komi
from mango.engine.limit import Limit
from mango.engine.search import SearchTree
from mango.engine.result import SearchResult

FIRST_BATCH = 32        # playouts before the first look at the clock and the leader
FIXED_BATCH = 128       # without a clock: about 20 ms on 19x19, often enough to notice input
BATCH_S = 0.02          # with a clock: batches of about 20 ms


class Searcher(SearchTree):
    """searcher = Searcher(EngineConfig()); result = searcher.search(game, limit) -> SearchResult;
    searcher.children() -> [ChildStats]. Keeps its tree between moves (tree reuse)."""

    def run(self, limit: Limit, early_stop: bool | None = None) -> int:
        """Search from the position set last until the limit; returns the simulations run.

        Without a clock the batches follow a fixed schedule, so that a seeded search (and its
        early stop) lands on the same playout every time; with one, a batch lasts about 20 ms,
        unless the playouts will run out well before the time (at the current rate, twice the
        playouts left fit in it): then the fixed schedule again, so that a capped search stops
        where it would without the clock, however loaded the machine.
        Early stop: the leader cannot be caught in the playouts left (estimated from the rate
        when time decides); analysis, which wants the whole budget, passes early_stop=False."""
        playouts, seconds, stop = limit.playouts, limit.seconds, limit.stop
        if early_stop is None:
            early_stop = self.config.search.early_stop and not (
                limit.use_or_lose and self.config.time.spend_use_or_lose)
        self.begin_run()
        start = time.perf_counter()
        done, batch = 0, FIRST_BATCH
        while True:
            remaining = playouts - done if playouts else 1 << 60
            elapsed = time.perf_counter() - start
            if remaining <= 0 or (seconds and elapsed >= seconds):
                break
            if stop is not None and done > 0 and stop():
                break
            timed = bool(seconds)
            if seconds and done > 0:
                rate = done / max(elapsed, 1e-6)
                left = int(rate * (seconds - elapsed)) + 1
                timed = not playouts or left < 2 * remaining
                if timed:
                    remaining = min(remaining, left)
                else:
                    batch = FIXED_BATCH
            n = min(batch, remaining)
            if early_stop and (playouts or seconds) and done > 0:
                gap = self.lead()
                if gap > remaining:
                    break
                # come back as soon as the leader could be out of reach: after k more
                # simulations, with gap + k > remaining - k at best
                n = min(n, max(8, (remaining - gap) // 2 + 1))
            batch_start = time.perf_counter()
            self.run_batch(n)
            done += n
            if timed:
                took = time.perf_counter() - batch_start
                batch = int(min(max(n * BATCH_S / max(took, 1e-6), 8), 8192))
            else:
                batch = FIXED_BATCH
        return done

    def search(self, game, limit: Limit | None = None, allow_pass: bool = True,
               allow_resign: bool = True, count: Callable[[], float] | None = None) -> SearchResult:
        """Set the position, spend the limit (the config's own budget when none is given), and
        choose a move: the configured final-move rule, then Mango's manners (resignation when
        hopeless, no pass that loses: as the stones stand under area rules, by count(), the
        score without the dead, under territory rules). allow_pass=False bans passing while
        another move exists (KGS's cleanup phase), allow_resign=False never resigns.
        robust-max's extra search stays inside the limit's time."""
        setting_up = time.perf_counter()
        reused = self.set_position(game)            # first: it fits the settings to the board size
        recycled = self.nodes_recycled
        # the move's time includes setting up (the open points under territory rules, the
        # ownership warm-up): a byo-yomi period has no margin for it
        limit = (limit or Limit.for_move(self.config)).after(time.perf_counter() - setting_up)
        sc = self.config.search
        if not allow_pass:
            self.ban_pass()
        start = time.perf_counter()
        robust_max = sc.final_move == "robust-max" and sc.robust_max_extra > 0
        main = limit
        if robust_max and limit.seconds:
            main = Limit(limit.playouts, limit.seconds / (1 + sc.robust_max_extra), limit.stop,
                         limit.use_or_lose)
        done = self.run(main)
        if robust_max:
            done += self._robust_max_extra(limit, done, start)
        if limit.extend_to and limit.seconds and not limit.playouts:
            done += self._think_on_while_unsettled(limit, start)
        seconds = time.perf_counter() - start
        children = self.children()
        root_visits = self.root_visits
        child = decision.final_child(children, sc)
        recycled = self.nodes_recycled - recycled
        if child is None:                   # no move: a pass in Go, a lost game in NoGo
            return SearchResult(None if game.kind == "nogo" else PASS, None, done, seconds,
                                root_visits, self.nodes_used, reused, recycled)
        # the win rate of a search that plays for another komi (dynamic komi in a handicap game)
        # is not the game's: a side taking stones can look lost while it is winning on the board
        shifted = search_komi(game, self.config.handicap) != game.scoring_komi
        lost = not shifted and decision.hopeless(child.value, root_visits, len(game.moves),
                                                 game.size, sc)
        if game.territory_scoring and lost:
            child = decision.pass_in_a_lost_game(children, child)
        elif child.point == PASS and sc.pass_only_when_not_losing \
                and decision.passing_loses(game, self.root_to_move, count):
            child = decision.instead_of_pass(children) or child
        resign = (allow_resign and not shifted
                  and decision.should_resign(child.value, root_visits, len(game.moves), game.size, sc))
        return SearchResult(None if resign else child.point, child.value, done, seconds,
                            root_visits, self.nodes_used, reused, recycled)

    def _think_on_while_unsettled(self, limit: Limit, start: float) -> int:
        """time_extension: search on in tenths of the move's share while the choice is unsettled
        (the most visited child is not the best valued, or the second is close behind), up to
        limit.extend_to seconds in all."""
        close = self.config.time.time_close
        step = limit.seconds / 10
        added = 0
        while True:
            left = limit.extend_to - (time.perf_counter() - start)
            if left <= 0 or (limit.stop is not None and limit.stop()):
                return added
            choices = decision.candidates(self.children())
            if len(choices) < 2:
                return added
            first, second = sorted(choices, key=lambda ch: -ch.visits)[:2]
            if decision.robust_is_max(choices) and second.visits <= close * first.visits:
                return added
            added += self.run(Limit(None, min(step, left), limit.stop), early_stop=False)

    def _robust_max_extra(self, limit: Limit, done: int, start: float) -> int:
        """Search on in small steps until the most visited child is also the best valued, for at
        most robust_max_extra of the playout budget and never past the limit's time."""
        extra = int((limit.playouts or done) * self.config.search.robust_max_extra)
        added = 0
        while extra > 0 and not decision.robust_is_max(self.children()):
            if limit.stop is not None and limit.stop():
                break
            step = min(extra, max(100, extra // 10))
            seconds = None
            if limit.seconds:
                seconds = limit.seconds - (time.perf_counter() - start)
                if seconds <= 0:
                    break
            # without the early stop, which would end each step at its first batch: the leader
            # robust-max doubts is usually further ahead than a step
            added += self.run(Limit(step, seconds, limit.stop), early_stop=False)
            extra -= step
        return added

    def best_child(self):
        """The root child the configured final-move rule picks (Mango 2.4), or None."""
        return decision.final_child(self.children(), self.config.search)
