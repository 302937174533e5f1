"""Matches between two GTP engines: side A (Mango, as `mango gtp` with its settings, by default)
against side B (any GTP command, GNU Go, or a Mango variant). Colours alternate; with openings each
opening is a game pair with the colours swapped. An independent scorer decides finished games:
GNU Go's final_score when GNU Go is installed, else the area score of the stones as they stand.
An engine that dies, refuses a command or plays an illegal move loses that game (an error); one
that overruns its clock loses on time. Every finished game goes to the results store at once, so
a match can be stopped and resumed; an SPRT stops the match once it is decided.
"""
from __future__ import annotations

import dataclasses
import datetime
import multiprocessing
import os
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field

from mango.engine import Game
from mango.engine.referee import Forfeit, GameEnd, other_colour, referee_game
from mango.engine.record import game_to_sgf
from mango.lab.client import EngineFailure, GtpClient, find_gnugo, gnugo_command, split_command
from mango.lab.contestant import GtpContestant
from mango.lab.game_record import GameRecord, builds_of
from mango.lab.matchclock import MatchTimeControl
from mango.lab.opening import Opening
from mango.lab.sprt import Sprt, Tally
from mango.lab.store import Store

OPPONENT_SEED_OFFSET = 500_000      # a Mango opponent's seeds: far from side A's
# in the reason of a finished game the GNU Go scorer failed on (the match counted it itself)
NOT_COUNTED_BY_GNUGO = "GNU Go could not count it: the stones as they stand"


@dataclass(frozen=True)
class Side:
    """One side of a match: a GTP command, or Mango (command None) with `mango gtp` arguments;
    Mango gets --seed SEED (a new seed every game)."""
    name: str
    command: tuple[str, ...] | None = None
    mango_args: tuple[str, ...] = ()
    settings: dict | None = None            # Mango's full EngineConfig, for the store
    # How another engine takes a random seed on its command line (GNU Go: --seed), so that each
    # game gives it one: GNU Go seeds its random choices from the clock otherwise, and a game
    # could never be replayed. Not part of the match's description (stores made before it resume).
    seed_option: str | None = None

    @property
    def is_mango(self) -> bool:
        return self.command is None

    def command_line(self, seed: int) -> list[str]:
        """The command to start it (built where the game runs: a Ray worker's own Python)."""
        if self.command is not None:
            return list(self.command) + ([self.seed_option, str(seed)] if self.seed_option else [])
        return [sys.executable, "-m", "mango.cli", "gtp", "--log-level", "warning",
                *self.mango_args, "--seed", str(seed)]

    def describe(self) -> dict:
        return {"name": self.name, "command": None if self.command is None else list(self.command),
                "mango_args": list(self.mango_args), "settings": self.settings}


def mango_side(settings: dict, config_file: str | None = None, options=(),
               playouts: int | None = None, name: str | None = None, clock: bool = False) -> Side:
    """Mango with these settings (settings: EngineConfig.flat(), already validated). Under a
    match clock, time decides its moves unless the settings cap the playouts."""
    args: list[str] = []
    if config_file:
        args += ["--config", os.path.abspath(config_file)]
    for option in options:
        args += ["-o", option]
    if playouts is not None:
        args += ["--playouts", str(playouts)]
    if name is None:
        words = ["mango"] + list(options) + ([f"config={os.path.basename(config_file)}"]
                                             if config_file else [])
        words.append(f"playouts={settings.get('playouts') or ('clock' if clock else 'default')}")
        name = " ".join(words)
    flat = {k: v for k, v in settings.items() if k != "seed"}
    return Side(name, None, tuple(args), flat)


# The options that give an engine its random seed, by program name: the first is the one the match
# adds; with any of them on the command line the engine keeps the seed it was given.
SEED_OPTIONS = {"gnugo": ("--seed", "-r"), "mango": ("--seed",), "pachi": ("-s", "--seed"),
                "pachi.sh": ("-s", "--seed")}


def command_side(text: str, rules: str = "chinese") -> Side:
    """A GTP engine from its command line; `gnugo` alone is GNU Go at level 10 (under the
    match's rules: GNU Go takes them on its command line only).
    GNU Go, Pachi (`pachi`, or the `pachi.sh` that build-pachi.sh writes: its `-s`) and another
    install's `mango gtp` (a frozen earlier version) are given each game's seed unless the
    command line sets one."""
    words = split_command(text)
    if words == ["gnugo"]:
        gnugo = find_gnugo()
        if gnugo is None:
            raise ValueError("GNU Go is not installed (apt-get install gnugo)")
        return Side("gnugo level 10", tuple(gnugo_command(gnugo, rules=rules)), seed_option="--seed")
    program = os.path.basename(words[0])
    own_seed = SEED_OPTIONS.get(program, ())
    if words[0] == "gnugo" and find_gnugo():
        words[0] = find_gnugo()                 # /usr/games is not always on PATH
    if shutil.which(words[0]) is None and not os.path.exists(words[0]):
        raise ValueError(f"{words[0]!r} is not a program")
    seeded = own_seed and not set(own_seed) & set(words)
    return Side(text.strip(), tuple(words), seed_option=own_seed[0] if seeded else None)


@dataclass(frozen=True)
class MatchSettings:
    a: Side
    b: Side
    size: int = 9
    komi: float = 7.5
    time_control: MatchTimeControl | None = None
    openings: tuple[Opening, ...] = ()
    seed: int = 1
    sgf_dir: str | None = None
    scorer: str | None = None                     # gnugo's path, or None: the area as it stands
    handicap: int = 0                             # Black's fixed handicap stones (0: none)
    game: str = "go"                              # or "nogo" (both sides Mango, playing it)
    handicap_side: str = "both"                   # side A: "take"s the stones, "give"s them, both
    rules: str = "chinese"                        # or "japanese": every engine told, the scorer too

    @property
    def paired(self) -> bool:
        return bool(self.openings)

    def describe(self) -> dict:
        """What decides the games (the match key hashes it): not the store, not the SGF folder."""
        return {"a": self.a.describe(), "b": self.b.describe(), "size": self.size,
                "komi": self.komi,
                "time_control": None if self.time_control is None else str(self.time_control),
                "openings": [str(o) for o in self.openings], "seed": self.seed,
                "scorer": ("gnugo final_score" if self.scorer else "area")
                + (", a point a handicap stone" if self.handicap else ""),
                # only when set, so that the keys of the matches before it stay the same
                **({"handicap": self.handicap} if self.handicap else {}),
                **({"game": self.game} if self.game != "go" else {}),
                **({"handicap_side": self.handicap_side} if self.handicap_side != "both" else {}),
                **({"rules": self.rules} if self.rules != "chinese" else {})}

    def colour_of_a(self, game: int) -> str:
        """Side A is Black in even-numbered games, unless a handicap match has it always take the
        stones (Black) or always give them (White): the side a dynamic komi schedule is for."""
        if self.handicap and self.handicap_side != "both":
            return "b" if self.handicap_side == "take" else "w"
        return "b" if game % 2 == 0 else "w"

    def opening_of(self, game: int) -> Opening | None:
        if not self.openings:
            return None
        order = list(range(len(self.openings)))
        random.Random(self.seed).shuffle(order)
        return self.openings[order[(game // 2) % len(order)]]


# In a local worker: the match's counter of moves played, a slot per game (see run_match).
_MOVES_PLAYED = None


def _share_move_counter(counter) -> None:
    global _MOVES_PLAYED
    _MOVES_PLAYED = counter


def _count_move(index: int, game: Game) -> None:
    if _MOVES_PLAYED is not None and index < len(_MOVES_PLAYED):
        _MOVES_PLAYED[index] = len(game.moves)


@dataclass(frozen=True)
class GameJob:
    settings: MatchSettings
    key: str
    index: int


def play_game(job: GameJob) -> GameRecord:
    """One game; side A's colour from MatchSettings.colour_of_a."""
    s = job.settings
    a_colour = s.colour_of_a(job.index)
    side_of = {a_colour: "a", other_colour(a_colour): "b"}
    sides = {a_colour: s.a, other_colour(a_colour): s.b}
    names = {colour: side.name for colour, side in sides.items()}
    seeds = {"a": s.seed + job.index, "b": s.seed + OPPONENT_SEED_OFFSET + job.index}
    opening = s.opening_of(job.index)
    game = Game(s.size, s.komi, rules=s.rules, kind=s.game)
    engines: dict[str, GtpContestant] = {}
    identities = {"a": "", "b": ""}
    try:
        for colour, side in sides.items():
            engines[colour] = GtpContestant(side.command_line(seeds[side_of[colour]]), colour,
                                            names[colour])
            identities[side_of[colour]] = engines[colour].identity()
            engines[colour].new_game(s.size, s.komi, s.time_control, s.rules)
        if s.handicap:
            # the same stones for both engines, whatever their own fixed_handicap would choose
            stones = game.place_fixed_handicap(s.handicap)
            for engine in engines.values():
                engine.send("set_free_handicap " + " ".join(stones))
        for colour, vertex in (opening.moves if opening else ()):
            game.play(colour, vertex)
            for engine in engines.values():
                engine.play(colour, vertex)
        waiting_before = sum(engine.waiting for engine in engines.values())
        started = time.perf_counter()               # the referee's own time: the move loop
        counted = []                                # whether GNU Go counted the finished game

        def score(done: Game) -> float:
            value, by_gnugo = score_game(done, s.scorer)
            counted.append(by_gnugo)
            return value

        end = referee_game(game, engines, names, score=score,
                           on_move=lambda now: _count_move(job.index, now))
        if s.scorer and counted and not counted[0]:
            end = dataclasses.replace(end, reason=f"{end.reason} ({NOT_COUNTED_BY_GNUGO})")
        runner_s = (time.perf_counter() - started
                    - (sum(engine.waiting for engine in engines.values()) - waiting_before))
    except Forfeit as forfeit:                      # while the engines start or take the opening
        end = GameEnd.of_forfeit(forfeit)
        runner_s = 0.0
    finally:
        for engine in engines.values():
            engine.close()
    times = {side_of[colour]: tuple(engine.move_times) for colour, engine in engines.items()}
    sgf = game_to_sgf(game, end.result, names["b"], names["w"]).decode()
    if s.sgf_dir:
        os.makedirs(s.sgf_dir, exist_ok=True)
        with open(os.path.join(s.sgf_dir, f"{job.key}-{job.index + 1:04d}.sgf"), "w") as handle:
            handle.write(sgf)
    moves_played = sum(len(t) for t in times.values())
    return GameRecord(
        match=job.key, game=job.index, pair=job.index // 2, a=s.a.name, b=s.b.name,
        a_colour=a_colour, seed_a=seeds["a"], seed_b=seeds["b"],
        engine_a=identities["a"], engine_b=identities["b"],
        b_seeded=s.b.is_mango or s.b.seed_option is not None,
        opening=None if opening is None else str(opening),
        winner=end.winner, result=end.result, reason=end.reason,
        points=0.5 if end.winner is None else float(end.winner == a_colour),
        error=end.void, time_loss=end.on_time, moves=len(game.moves),
        time_a=round(sum(times.get("a", ())), 3), time_b=round(sum(times.get("b", ())), 3),
        move_times_a=times.get("a", ()), move_times_b=times.get("b", ()),
        runner_ms_per_move=round(1000 * runner_s / max(1, moves_played), 3),
        size=s.size, komi=s.komi, handicap=s.handicap,
        time_control=None if s.time_control is None else str(s.time_control),
        finished=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        settings=s.describe(), sgf=sgf)


def gnugo_final_score(gnugo: str, game: Game, timeout: float = 300) -> float | None:
    """A fresh GNU Go's final_score (by the game's rules, dead stones removed) of the game,
    Black positive; None when GNU Go fails or answers something else. The game goes to GNU Go
    as an SGF file (loadsgf), so that its handicap or set-up stones come with its moves: replayed
    move by move on an empty board, a handicap game fails at the first move on a stone."""
    scorer = None
    with tempfile.TemporaryDirectory(prefix="mango-score-") as folder:
        path = os.path.join(folder, "game.sgf")
        with open(path, "wb") as handle:
            handle.write(game_to_sgf(game, None, "Black", "White"))
        try:
            scorer = GtpClient(gnugo_command(gnugo, level=None, seed=1, rules=game.rules),
                               "scorer")                        # the same count every time
            scorer.send(f"loadsgf {path}", timeout=60)
            scorer.send(f"komi {game.komi}", timeout=60)
            text = scorer.send("final_score", timeout=timeout)
            if text == "0":
                score = 0.0
            elif text[:2] in ("B+", "W+"):
                score = float(text[2:]) * (1 if text[0] == "B" else -1)
            else:
                return None
            # a game loaded from SGF is no handicap game to GNU Go (as set_free_handicap makes
            # one): under area rules White's point a stone (Game.scoring_komi) is added here
            return score - (game.scoring_komi - game.komi)
        except (EngineFailure, ValueError):
            return None
        finally:
            if scorer is not None:
                scorer.close()


def score_game(game: Game, gnugo: str | None) -> tuple[float, bool]:
    """Black's score (komi included) of a finished game, and whether GNU Go counted it: GNU Go's
    final_score, or else (no GNU Go, or it failed) the area of the stones as they stand."""
    score = gnugo_final_score(gnugo, game) if gnugo else None
    return (game.score(), False) if score is None else (score, True)


@dataclass
class MatchResult:
    summary: dict
    records: list[GameRecord] = field(default_factory=list)
    resumed: int = 0


def run_match(settings: MatchSettings, games: int, store_path: str, jobs: int = 1,
              sprt: Sprt | None = None, backend: str = "local", ray_address: str | None = None,
              cpus_per_game: float = 1.0, progress: bool = True, log=None) -> MatchResult:
    """Play up to `games` games (rounded up to whole pairs with openings), resuming the games of
    the same match already in the store, stopping early when the SPRT decides. Returns the
    summary (the --json object) and the records."""
    if settings.paired and games % 2:
        games += 1
    store = Store(store_path)
    key = store.key_for(settings.describe())
    with store.exclusive(key):
        return _run_stored_match(settings, games, store, key, jobs, sprt, backend, ray_address,
                                 cpus_per_game, progress, log)


def _run_stored_match(settings: MatchSettings, games: int, store: Store, key: str, jobs: int,
                      sprt: Sprt | None, backend: str, ray_address: str | None,
                      cpus_per_game: float, progress: bool, log) -> MatchResult:
    from tqdm import tqdm

    from mango.lab.backend import make_backend

    store_path = store.path
    done = [r for r in store.games_of(key) if r.game < games]
    tally = Tally(paired=settings.paired)
    for record in done:
        _count(tally, record)
    todo = [GameJob(settings, key, i) for i in sorted(set(range(games)) - {r.game for r in done})]
    records = list(done)
    bar = tqdm(total=games, initial=len(done), disable=not progress, file=sys.stderr,
               desc="games", dynamic_ncols=True)
    bar.set_postfix_str(_progress_text(tally, sprt))

    def decided() -> bool:
        return sprt is not None and tally.summary(sprt)["sprt"]["result"] != "continue"

    # the moves of the games under way, as local workers count them (a slot per game)
    moves_played = multiprocessing.RawArray("i", games) if backend == "local" else None
    finished = {r.game for r in done}

    def tick() -> None:
        playing = [f"{i + 1}:{moves_played[i]}" for i in range(games)
                   if moves_played[i] and i not in finished]
        bar.set_postfix_str(_progress_text(tally, sprt)
                            + (f" | game:move {' '.join(playing)}" if playing else ""))

    interrupted = False
    try:
        if todo and not decided():
            runner = make_backend(backend, jobs=jobs, address=ray_address, cpus=cpus_per_game,
                                  initializer=_share_move_counter, initargs=(moves_played,))
            try:
                for record in runner.run(play_game, todo, stop=decided,
                                         tick=tick if moves_played is not None and progress else None):
                    store.append(record)
                    records.append(record)
                    finished.add(record.game)
                    _count(tally, record)
                    bar.set_postfix_str(_progress_text(tally, sprt))
                    bar.update()
                    if log is not None:
                        log(game_line(record))
            except KeyboardInterrupt:           # Ctrl-C, or SIGTERM through the command line
                interrupted = True
                runner.abort()
            finally:
                runner.close()
    finally:
        bar.close()
    summary = tally.summary(sprt)
    summary.update({"match": key, "store": os.path.abspath(store_path), "a": settings.a.name,
                    "b": settings.b.name, "size": settings.size, "komi": settings.komi,
                    "handicap": settings.handicap,
                    "time_control": None if settings.time_control is None
                    else str(settings.time_control),
                    "openings": len(settings.openings), "paired": settings.paired,
                    "scorer": "gnugo final_score" if settings.scorer else "area as it stands",
                    "resumed": len(done), "backend": backend, "interrupted": interrupted})
    for colour, key in (("b", "as_black"), ("w", "as_white")):
        played = [r for r in records if r.a_colour == colour and not r.error]
        summary[key] = {"points": sum(r.points for r in played), "games": len(played)}
    summary["not_counted_by_gnugo"] = sum(NOT_COUNTED_BY_GNUGO in r.reason for r in records)
    summary["builds"] = builds_of(records)
    times = [t for r in records for t in r.move_times_a]
    summary["seconds_per_move_a"] = round(sum(times) / len(times), 4) if times else None
    runner_ms = [r.runner_ms_per_move for r in records if r.runner_ms_per_move is not None]
    summary["runner_ms_per_move"] = round(sum(runner_ms) / len(runner_ms), 3) if runner_ms else None
    return MatchResult(summary, sorted(records, key=lambda r: r.game), len(done))


def _count(tally: Tally, record: GameRecord) -> None:
    tally.add(record.points, record.pair, record.error, record.time_loss)


def _progress_text(tally: Tally, sprt: Sprt | None) -> str:
    s = tally.summary(sprt)
    text = f"A {s['points']:g}/{s['games']}"
    if s["games"]:
        text += (f" Elo {_signed(s['elo'], _inf(s['score']))} [{_signed(s['elo_low'], '-inf')},"
                 f"{_signed(s['elo_high'], '+inf')}]")
    if sprt is not None:
        text += f" LLR {s['sprt']['llr']:.2f} ({s['sprt']['lower']:.2f},{s['sprt']['upper']:.2f})"
        if s["sprt"]["result"] != "continue":
            text += f" {s['sprt']['result']}"
    return text


def _signed(value: float | None, infinite: str = "inf") -> str:
    if value is None:
        return infinite
    return f"{value:+.0f}"


def _inf(score: float) -> str:
    return "+inf" if score >= 0.5 else "-inf"


def game_line(record: GameRecord) -> str:
    """A finished game's line in the match's log, numbered as the store numbers it (from 0), so
    that the number read off a log is the one the lab's --games options take: numbered from 1,
    a loss read off the log was another game to every tool."""
    side = "Black" if record.a_colour == "b" else "White"
    opening = f", opening {record.opening}" if record.opening else ""
    return (f"game {record.game}: A {side}, {record.result} ({record.reason}, "
            f"{record.moves} moves{opening})")


def _count_of(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def summary_lines(summary: dict) -> list[str]:
    """The match's result in words."""
    lines = [f"{summary['a']} against {summary['b']}: {summary['points']:g}/{summary['games']} = "
             f"{summary['score']:.1%} (95% {summary['score_low']:.1%}-{summary['score_high']:.1%}), "
             f"Elo {_signed(summary['elo'], _inf(summary['score']))} "
             f"({_signed(summary['elo_low'], '-inf')} to {_signed(summary['elo_high'], '+inf')})",
             f"wins {summary['wins']}, losses {summary['losses']}, draws {summary['draws']}, "
             f"errors {summary['errors']} (void, not scored), time losses {summary['time_losses']}"
             + (f"; pairs {summary['pentanomial']}" if "pentanomial" in summary else "")
             + (f"; {_count_of(summary['resumed'], 'game')} resumed from the store" if summary["resumed"] else "")]
    if "as_black" in summary and summary["games"]:
        black, white = summary["as_black"], summary["as_white"]
        lines.append(f"as Black {black['points']:g}/{black['games']}, as White "
                     f"{white['points']:g}/{white['games']}"
                     + (f" (Black has {summary['handicap']} handicap stones)"
                        if summary.get("handicap") else ""))
    if summary.get("not_counted_by_gnugo"):
        lines.append(f"warning: {_count_of(summary['not_counted_by_gnugo'], 'game')} counted as "
                     f"the stones stand, dead stones included: GNU Go could not count them")
    if len(summary.get("builds") or {}) > 1:
        lines.append("warning: the match's games were played by more than one build (a resume "
                     "after the engine changed?): " + "; ".join(
                         f"{pair} {n}" for pair, n in summary["builds"].items()))
    if "sprt" in summary:
        t = summary["sprt"]
        lines.append(f"SPRT({t['elo0']:g},{t['elo1']:g}) alpha {t['alpha']:g} beta {t['beta']:g}: "
                     f"LLR {t['llr']:.2f} ({t['lower']:.2f}, {t['upper']:.2f}): {t['result']}")
    return lines
