"""The engine facade: one object owning a game, a searcher and a clock, which every front end
(GTP, the command line, matches in process, scripts) talks to.

As in Pachi's engine interface and KataGo's AsyncBot, the protocol layer parses and formats and
this layer decides: the budget of a move, genmove, analysis with a callback and a stop,
pondering, dead stones and the score. The rules stay behind Game, so that another game can plug
in with a game object of its own.
"""
from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable

from mango.engine.board import PASS_POINT as PASS
from mango.engine.config import EngineConfig
from mango.engine.decision import passing_back_wins
from mango.engine.game import Game
from mango.engine.limit import Limit
from mango.engine.searcher import Searcher
from mango.engine.komi import adapt_extra_komi
from mango.engine.status import final_score, final_status
from mango.engine.result import SearchResult
from mango.engine.timecontrol import TimeControl
from mango.engine.vertex import colour_name, parse_colour

log = logging.getLogger("mango.engine")

Stop = Callable[[], bool]
STREAM_STEP_S = 0.25            # analysis and pondering look at their stop at least this often


class Player:
    """Mango, ready to play: player.play("b", "D4"); result = player.genmove("w");
    player.final_status() -> {point: "alive" | "dead" | "seki"}."""

    def __init__(self, config: EngineConfig | None = None, size: int = 19, komi: float = 7.5):
        self.config = config or EngineConfig()
        self.game = Game(size, komi, self.config.game.rules, self.config.game.game)
        self.searcher = Searcher(self.config)
        self.clock = TimeControl()

    # -- the game ---------------------------------------------------------------------------------

    def configure(self, config: EngineConfig) -> None:
        """New settings, between searches (the tree is kept where its statistics stay valid).
        New rules apply to the game in progress (KGS sends kgs-rules after setting it up)."""
        self.searcher.configure(config)
        self.config = config
        self.game.rules = config.game.rules

    @property
    def effective_config(self) -> EngineConfig:
        """The settings a search of the current game uses: per-size defaults applied."""
        return self.config.for_size(self.game.size)

    def new_game(self, size: int | None = None, komi: float | None = None) -> None:
        self.game = Game(self.game.size if size is None else size,
                         self.game.komi if komi is None else komi, self.config.game.rules,
                         self.config.game.game)
        self.searcher.clear()
        self.clock.reset()

    def set_komi(self, komi: float) -> None:
        self.game.komi = float(komi)

    def set_game(self, game: Game) -> None:
        """Continue from another game (loaded from SGF), under the session's rules and game (Go
        or NoGo); the old tree does not apply."""
        game.rules = self.config.game.rules
        game.kind = self.config.game.game
        self.game = game
        self.searcher.clear()

    def play(self, colour: str, vertex: str) -> None:
        """Raises IllegalMoveError or NotationError and changes nothing on a bad move."""
        self.game.play(colour, vertex)

    def undo(self) -> None:
        self.game.undo()

    # -- thinking ---------------------------------------------------------------------------------

    def limit(self, colour: int, stop: Stop | None = None) -> Limit:
        """The budget of colour's next move, decided once: the clock's share when one runs."""
        config = self.effective_config
        seconds = self.clock.budget(colour, self.game.size, len(self.game.moves), config.time.lag_s)
        limit = Limit.for_move(config, seconds, stop, self.clock.use_or_lose(colour))
        if seconds and config.time.time_extension > 0 and not limit.use_or_lose:
            limit = dataclasses.replace(
                limit, extend_to=self.clock.extended_budget(colour, seconds, config.time.time_extension))
        return limit

    def genmove(self, colour: str, *, stop: Stop | None = None, commit: bool = True,
                cleanup: bool = False) -> SearchResult:
        """Search for colour (on a copy when the other colour is to move: the game only changes
        by the move played) and play the result when commit. cleanup: KGS's cleanup phase, no
        pass while opponent stones the status calls dead remain, and no resignation."""
        c = parse_colour(colour)
        start = time.perf_counter()
        position = self.game.with_to_move(colour)
        allow_pass = True
        if cleanup:
            status = self.final_status(position)
            allow_pass = not any(v == "dead" and position.board.colour_at(p) == 3 - c
                                 for p, v in status.items())
        limit = self.limit(c, stop)
        # the counts before the search (cleanup's status, passing back's score) come off its
        # budget and go on the clock
        def count() -> float:
            return final_score(position, self.final_status(position))
        passing_back = not cleanup and self.effective_config.game.pass_back_when_winning \
            and passing_back_wins(position, c, count)
        limit = limit.after(time.perf_counter() - start)
        result = self.searcher.search(position, limit, allow_pass=allow_pass,
                                      allow_resign=not cleanup, count=count)
        if passing_back and result.move != PASS:
            result = dataclasses.replace(result, move=PASS)
        spent = time.perf_counter() - start
        self.clock.spend(c, spent)
        log.info("%s %s: %d playouts in %.2f s, win rate %s, tree %d nodes (%.1f of %.1f MB%s)%s",
                 colour_name(c), "resign" if result.resign else position.vertex(result.move),
                 result.playouts, spent, "-" if result.value is None else f"{result.value:.3f}",
                 result.nodes, self.searcher.tree_mb, self.searcher.bound_mb,
                 f", {result.nodes_recycled} recycled" if result.nodes_recycled else "",
                 ", reused" if result.reused else "")
        if commit and not result.resign:
            adapt_extra_komi(self.game, self.config.handicap, colour_name(c), result.value)
            self.game.play(colour_name(c), self.game.vertex(result.move))
        return result

    def refine(self, colour: str | None = None, limit: Limit | None = None) -> Searcher:
        """Search the position (for colour, by default the side to move) for the configured
        budget on top of the tree it already has, so that asking again refines the answer."""
        position = self.game if colour is None else self.game.with_to_move(colour)
        self.searcher.set_position(position)
        self.searcher.run(limit or Limit.for_move(self.effective_config), early_stop=False)
        return self.searcher

    def stream_analysis(self, colour: str, stop: Stop, interval_s: float,
                        on_update: Callable[[Searcher], None], avoid: frozenset = frozenset()) -> Searcher:
        """Search until stop() (streaming analysis: lz-analyze, kata-analyze), calling
        on_update(searcher) every interval_s seconds (never when interval_s is 0); the root
        moves in avoid (points) are neither searched nor shown."""
        position = self.game.with_to_move(colour)
        self.searcher.set_position(position)
        if avoid:
            self.searcher.ban_root_moves(avoid)
        step = min(interval_s, STREAM_STEP_S) if interval_s else STREAM_STEP_S
        last = time.perf_counter()
        while not stop():
            self.searcher.run(Limit(seconds=step, stop=stop), early_stop=False)
            now = time.perf_counter()
            if interval_s and now - last >= interval_s:
                on_update(self.searcher)
                last = now
        self._log_tree("analysis")
        return self.searcher

    def _log_tree(self, what: str) -> None:
        searcher = self.searcher
        log.info("%s: %d root visits, tree %d nodes (%.1f of %.1f MB), %d recycled in %d prunes",
                 what, searcher.root_visits, searcher.nodes_used, searcher.tree_mb,
                 searcher.bound_mb, searcher.nodes_recycled, searcher.prunes)

    def ponder(self, stop: Stop) -> None:
        """Search the position on the opponent's time until stop(), the ponder cap, or a full
        node pool; the tree is reused when the opponent plays a move it explored."""
        if self.game.is_over:
            return
        self.searcher.set_position(self.game)
        cap = self.effective_config.time.ponder_max_playouts
        while not stop() and self.searcher.root_visits < cap and not self.searcher.pool_full:
            self.searcher.run(Limit(seconds=STREAM_STEP_S, stop=stop), early_stop=False)
        self._log_tree("pondering")

    # -- the end of the game ----------------------------------------------------------------------

    def final_status(self, game: Game | None = None) -> dict[int, str]:
        """'alive', 'dead' or 'seki' for every stone (engine.status: playouts from the position to
        the end, both colours first, with life, seki and atari checks); the referee's default
        playout policy, whatever the search's settings, so that tuning never changes a score."""
        game = game or self.game
        if game.kind == "nogo":                 # nothing is captured in NoGo: every stone lives
            return {p: "alive" for colour in (1, 2) for p in game.board.stones(colour)}
        return final_status(game, seed=self.config.seed)

    def final_score(self) -> float:
        """The score by the game's rules (Black positive, komi included) with the dead stones
        taken off."""
        return final_score(self.game, self.final_status())
