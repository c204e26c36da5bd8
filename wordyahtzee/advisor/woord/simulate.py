"""Woord Yahtzee computer players by level, and solo games they play through the engine
(``wordyahtzee woord simulate``)."""


from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...dice import DiceSet, FairDice
from ...errors import RuleError
from ...lexicon import Lexicon, load_lexicon
from ...modes.woord import (
    BOXES,
    ROUND_BOXES,
    UPPER_BOXES,
    ScoreSheet,
    WoordGame,
    WoordRules,
)
from ...solver import Solver, get_solver
from .free import (
    FreeOrderPlayer,
)
from .players import (
    WOORD_LEVELS,
    BeginnerWoordPlayer,
    GreedyWoordPlayer,
    HumanWoordPlayer,
    OptimalWoordPlayer,
    WoordPlayer,
    play_woord_turn,
)
from .strategy import SheetState, WoordStrategy, load_woord_strategy

__all__ = [
    "WoordSimulation",
    "simulate_woord",
    "summarise",
    "woord_player",
]

#: The levels :func:`woord_player` knows, strongest first.from .free import FreeOrderPlayer


def woord_player(level: str, solver: Solver, *, strategy: WoordStrategy | None = None,
                 rng: random.Random | None = None, free_order: bool = False) -> WoordPlayer:
    """A player of ``level`` (:data:`WOORD_LEVELS`). ``optimal`` needs the ``strategy``
    (strict order) and plays :class:`FreeOrderPlayer` in free order."""
    if level == "optimal":
        if strategy is None:
            raise RuleError("the optimal player needs the strategy", "bad_level")
        if free_order:
            return FreeOrderPlayer(solver, strategy)
        return OptimalWoordPlayer(solver, strategy)
    if level == "greedy":
        return GreedyWoordPlayer(solver)
    if level == "human":
        return HumanWoordPlayer(solver, rng or random.Random(0))
    if level == "beginner":
        return BeginnerWoordPlayer(solver, rng or random.Random(0))
    raise RuleError(f"unknown player {level!r}; players: " + ", ".join(WOORD_LEVELS),
                    "bad_level")


def _state_key(game: WoordGame) -> tuple[int, ...]:
    state = SheetState.from_sheet(game.sheets[0])
    return (state.mask, state.upper_total)


def simulate_woord(level: str, games: int, seed: int = 0, *, dictionary: str | Lexicon = "nl",
                   dice_set: str | DiceSet = "nl", threshold: int = 40,
                   free_order: bool = False,
                   progress: Callable[[int, int], None] | None = None,
                   day_seed: bytes | None = None) -> WoordSimulation:
    """Play ``games`` solo games of ``level`` through :class:`WoordGame` (no clock; game
    ``i`` throws with ``random.Random(seed * 1_000_003 + i)``, or with ``day_seed`` one game
    on the dice of that daily game, :class:`~wordyahtzee.dice.FairDice`).

    Games advance round by round together, those in the same state one after another, so
    the optimal player computes each state's turn once.
    """
    if games < 1:
        raise RuleError("play at least one game", "usage")
    lexicon = load_lexicon(dictionary) if isinstance(dictionary, str) else dictionary
    dice = DiceSet.load(dice_set) if isinstance(dice_set, str) else dice_set
    rules = WoordRules(upper_bonus_at=threshold, free_order=free_order,
                       turn_seconds=None, dictionary=lexicon.name, dice_set=dice.name)
    solver = get_solver(lexicon, dice, rules)
    strategy = (load_woord_strategy(lexicon, dice, threshold, rules)
                if level == "optimal" else None)
    player = woord_player(level, solver, strategy=strategy, rng=random.Random(seed),
                          free_order=free_order)
    rngs: list[random.Random] = ([FairDice(day_seed)] if day_seed is not None
                                 else [random.Random(seed * 1_000_003 + i)
                                       for i in range(games)])
    table = [WoordGame(["solo"], rules, lexicon=lexicon, dice_set=dice, rng=rng,
                       clock=lambda: 0.0) for rng in rngs]
    games = len(table)
    rounds = len(ROUND_BOXES)
    gained = [[0] * rounds for _ in range(games)]
    for r in range(rounds):
        for i in sorted(range(games), key=lambda i: _state_key(table[i])):
            before = table[i].sheets[0].total
            play_woord_turn(table[i], player)
            gained[i][r] = table[i].sheets[0].total - before
        if progress:
            progress(r + 1, rounds)
    return WoordSimulation(level, [g.sheets[0] for g in table], gained)


@dataclass(frozen=True)
class WoordSimulation:
    """Simulated games: the final sheets and the points each round added (bonuses
    included, in the round that earned them)."""

    player: str
    sheets: list[ScoreSheet]
    round_points: list[list[int]]


def summarise(sim: WoordSimulation) -> dict[str, Any]:
    """Mean, spread, percentiles, how often the bonuses come, each box's and each
    round's mean."""
    sheets = sim.sheets
    totals = [s.total for s in sheets]
    n = len(totals)
    ordered = sorted(totals)

    def pct(p: float) -> int:
        return ordered[min(n - 1, int(p / 100 * n))]

    boxes = {b: sum(s.boxes[b] or 0 for s in sheets) / n for b in BOXES}
    return {
        "games": n,
        "mean": statistics.fmean(totals),
        "stdev": statistics.stdev(totals) if n > 1 else 0.0,
        "min": ordered[0], "max": ordered[-1],
        "percentiles": {str(p): pct(p) for p in (5, 10, 25, 50, 75, 90, 95)},
        "upper_bonus_rate": sum(1 for s in sheets if s.upper_bonus) / n,
        "woord_yahtzee_rate": sum(1 for s in sheets if s.boxes["woord_yahtzee"]) / n,
        "mean_bonuses_100": sum(s.woord_yahtzee_bonus for s in sheets) / 100 / n,
        "boxes": boxes,
        "upper_bonus": sum(s.upper_bonus for s in sheets) / n,
        "woord_yahtzee_bonus": sum(s.woord_yahtzee_bonus for s in sheets) / n,
        "upper_boxes_mean": sum(boxes[b] for b in UPPER_BOXES),
        "rounds": [sum(g[r] for g in sim.round_points) / n
                   for r in range(len(ROUND_BOXES))],
    }
