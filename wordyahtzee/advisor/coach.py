"""Coaches: computer moves and hints for any mode, behind one interface.

The table service asks :func:`coach` for a mode's coach. A coach names the computer
levels it plays, the strategy table a rules set needs (``table_key``; loading one may take
seconds the first time, so the table service does it in a background thread, never in a
request), and, given that table, decides a computer's next action or gives a hint.
"""

from __future__ import annotations

import importlib
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

HINT_OPTIONS = 6
"""How many options a hint lists, best first."""
HUMAN_THINKING = 5.0
"""The human-like Woord Yahtzee computer waits this many times the table's pace before each
move (with the default pace of 0.8 s: 4 s, so a turn takes 8 to 12 s of its minute)."""


class Coach(Protocol):
    """Computer players and hints for one mode."""

    levels: tuple[str, ...]
    table_keys: tuple[str, ...]

    def table_key(self, rules: Mapping[str, Any]) -> str | None:
        """The strategy table games with these rules need (None: none)."""
        ...

    def load_table(self, key: str) -> Any:
        """Load (or the first time ever, compute) the table ``key``; blocks."""
        ...

    def table_files(self, key: str) -> tuple[Path, ...]:
        """The cache files of the table ``key`` and of its default sample (what ships
        with the package for the :attr:`table_keys`)."""
        ...

    def decide(self, game: Any, level: str, table: Any) -> Any:
        """The action a computer of ``level`` plays now (``table`` from :meth:`load_table`,
        or None when the level needs none)."""
        ...

    def needs_table(self, level: str) -> bool:
        """Does the computer ``level`` play from the strategy table?"""
        ...

    def thinking(self, level: str) -> float:
        """How many times the table's computer pace this level waits before a move."""
        ...

    def hint(self, game: Any, table: Any) -> dict[str, Any]:
        """The best choices for the player to move, with expected final scores."""
        ...

    def review(self, game: Any, table: Any) -> list[dict[str, Any]]:
        """Every finished turn: each decision the player took, what optimal play would
        have done, and the expected points lost (``regret``)."""
        ...

    def load_sample(self, key: str, games: int | None = None) -> Any:
        """Final scores of solo games by the optimal strategy ``key`` (a
        :class:`~wordyahtzee.advisor.final_scores.ScoreSample` of ``games`` games, default
        the mode's production size): from the cache, or the first time played; blocks."""
        ...

    def finished_scores(self, game: Any) -> list[dict[str, int]]:
        """Each seat's final score in each finished game of the table (``seat``, ``game``,
        ``score``), to set against the sample."""
        ...


class JudgingCoach(Coach, Protocol):
    """The coach of a mode with optimal play: it judges every decision of a game with every
    choice the player had (the review and the puzzles read the same judgement)."""

    def judge(self, game: Any, table: Any) -> list[Judged]:
        """Every decision of the game's finished turns, in order, with all its choices."""
        ...

    def game_points(self, table: Any) -> float:
        """What a whole game is worth under the table's rules: the optimal expected final
        score (a mode without optimal play: its strong player's mean), the measure of a
        puzzle's margin."""
        ...


class DailyCoach(Coach, Protocol):
    """The coach of a mode with a daily game: it also judges a daily game for foresight."""

    def foresight(self, game: Any, table: Any, seed: bytes) -> list[Any]:
        """Every choice of a solo game played on the dice of the day of ``seed``, with
        its regret and its worth in hindsight
        (:class:`~wordyahtzee.advisor.foresight.Choice`)."""
        ...


class WithoutTables:
    """The part of a :class:`Coach` for a game without strategy tables (Kaartspel, Triple
    Yahtzee): no table to load, no optimal play to sample or set final scores against, and
    every computer level moving at the table's pace. A subclass gives ``levels``,
    ``decide``, ``hint`` and ``review``."""

    table_keys: tuple[str, ...] = ()

    def table_key(self, rules: Mapping[str, Any]) -> str | None:
        """No strategy table."""
        return None

    def load_table(self, key: str) -> Any:
        """No strategy table."""
        raise LookupError(f"{type(self).__name__} has no strategy tables")

    def table_files(self, key: str) -> tuple[Path, ...]:
        """No strategy table."""
        return ()

    def load_sample(self, key: str, games: int | None = None) -> Any:
        """No optimal strategy to sample."""
        raise LookupError(f"{type(self).__name__} has no optimal strategy to sample")

    def finished_scores(self, game: Any) -> list[dict[str, int]]:
        """Nothing to set against optimal play."""
        return []

    def thinking(self, level: str) -> float:
        """Every level moves at the table's pace."""
        return 1.0

    def needs_table(self, level: str) -> bool:
        """No level needs a table."""
        return False


def decision(turn: int, seat: int, throws: int, shown: str, chosen: dict[str, Any],
             best: dict[str, Any], random: float | None = None) -> dict[str, Any]:
    """One reviewed decision (``chosen`` and ``best`` carry ``value``: expected points
    still to come): its ``regret``, the expected points lost against the best; with
    ``random`` (what a random answer loses there on average, :func:`random_loss`) also the
    skill figure's two numbers, ``lost`` (the regret) and ``random``
    (:mod:`~wordyahtzee.advisor.skill`)."""
    regret = round(max(0.0, best["value"] - chosen["value"]), 2)
    out = {"turn": turn, "seat": seat, "throws": throws, "shown": shown, "chosen": chosen,
           "best": best, "regret": regret}
    if random is not None:
        out.update(lost=regret, random=round(random, 2))
    return out


@dataclass(frozen=True)
class Judged:
    """One decision of a game judged against optimal play: what the player saw
    (``position``: the mode's own facts), every legal choice with ``value`` (the expected
    points still to come if it is taken and play is optimal afterwards), best first, and
    the choice made (``chosen``, with its ``value``)."""

    turn: int
    seat: int
    throws: int
    shown: str
    position: dict[str, Any]
    options: tuple[dict[str, Any], ...]
    chosen: dict[str, Any]

    def decision(self) -> dict[str, Any]:
        """The review's entry for this decision (:func:`decision`), with what a random
        answer loses here (:func:`random_loss`)."""
        return decision(self.turn, self.seat, self.throws, self.shown, self.chosen,
                        self.options[0], random_loss(self.options))


def turns_of(decisions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Decisions grouped per turn, with each turn's total regret and the skill figure's
    sums (``lost``, ``random``: of the decisions it counts, those whose ``lost`` is not
    None)."""
    out: dict[int, dict[str, Any]] = {}
    for item in decisions:
        entry = out.setdefault(item["turn"], {"turn": item["turn"], "seat": item["seat"],
                                              "decisions": [], "regret": 0.0, "lost": 0.0,
                                              "random": 0.0})
        entry["decisions"].append(item)
        entry["regret"] = round(entry["regret"] + item["regret"], 2)
        if item.get("lost") is not None:
            entry["lost"] = round(entry["lost"] + item["lost"], 2)
            entry["random"] = round(entry["random"] + item["random"], 2)
    return list(out.values())


def identity(option: Mapping[str, Any]) -> tuple[str, str]:
    """What makes two choices the same choice: the box, or the dice kept (Woord Yahtzee:
    the letters kept, since dice showing the same letters are the same keep); in
    Kaartspel the card taken (``""``: nothing), or throwing to raise, moving on, stopping."""
    if option["kind"] == "keep":
        if "letters" in option:
            return "keep", "".join(sorted(option["letters"]))
        return "keep", "".join(map(str, sorted(option["keep"])))
    if "box" in option:
        return "box", str(option["box"])
    return str(option["kind"]), str(option.get("card") or "")


def distinct(options: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
    """The choices with equal keeps merged (the first of each, best first)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for option in options:
        key = identity(option)
        if key not in seen:
            seen.add(key)
            out.append(option)
    return out


def random_loss(options: Sequence[Mapping[str, Any]]) -> float:
    """The points an answer drawn at random loses on average at a decision whose options
    (best first, each with ``value``) are these; equal keeps are one choice."""
    choices = distinct(tuple(dict(o) for o in options))
    if len(choices) < 2:
        return 0.0
    best = float(choices[0]["value"])
    return statistics.fmean(max(0.0, best - float(c["value"])) for c in choices)


_COACHES: dict[str, Coach | None] = {}


def start_up_tables() -> list[tuple[str, str]]:
    """Every ``(mode, table key)`` a server prepares at start-up and the package ships
    (each coach's :attr:`~Coach.table_keys`, the modes in the start screen's order)."""
    from ..modes import MODES

    return [(mode, key) for mode in MODES if (helper := coach(mode)) is not None
            for key in helper.table_keys]


def coach(mode: str) -> Coach | None:
    """The coach of ``mode``: ``COACH`` of the module ``wordyahtzee.advisor.<mode>.coach``
    (None for a mode that has no computer players or hints)."""
    if mode not in _COACHES:
        try:
            module = importlib.import_module(f"{__package__}.{mode}.coach")
        except ModuleNotFoundError:
            _COACHES[mode] = None
        else:
            _COACHES[mode] = module.COACH
    return _COACHES[mode]
