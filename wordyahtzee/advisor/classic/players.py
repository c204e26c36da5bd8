"""Computer players for classic Yahtzee, at three levels, seated at any table.

A computer player looks at a :class:`~wordyahtzee.modes.classic.ClassicGame` where it is the
current player and answers with a :class:`Move`: throw again keeping some dice, or fill a
box. :func:`play_turn` drives a whole turn through the engine, so every computer move is
checked by the same rules as a human's and lands in the game's event log.

- ``"optimal"``: the optimal solo strategy (:mod:`wordyahtzee.advisor.strategy`);
- ``"greedy"``: a sensible player that plans the current turn well (every keep weighed over
  the throws left) but values a box by its score against that box's usual score, without
  looking further ahead;
- ``"beginner"``: keeps the dice it has most of and writes down the highest score.

>>> import random
>>> from wordyahtzee.modes.classic import ClassicGame
>>> game = ClassicGame(["Anna", "Robot"], rng=random.Random(3))
>>> robot = computer_player("greedy")
>>> game.throw(); game.claim("chance")  # doctest: +SKIP
>>> moves = play_turn(game, robot)       # doctest: +SKIP
"""

from __future__ import annotations

import itertools
from abc import ABC, abstractmethod
from collections import Counter
from dataclasses import dataclass

import numpy as np

from ...errors import RuleError
from ...modes.bonus import claim_bonus, reached
from ...modes.classic import (
    BOXES,
    UPPER_BOXES,
    ClassicGame,
    ClassicRules,
    legal_scores,
    yahtzee_bonus,
)
from ..levels import CLASSIC_LEVELS
from .strategy import ClassicStrategy, Position, load_strategy
from .tables import _multisets

__all__ = [
    "BOX_PAR",
    "LEVELS",
    "BeginnerPlayer",
    "ComputerPlayer",
    "GreedyPlayer",
    "Move",
    "OptimalPlayer",
    "computer_player",
    "keep_indices",
    "play_turn",
    "position_of",
    "sub_multisets",
]

#: The levels :func:`computer_player` knows, strongest first.
LEVELS = CLASSIC_LEVELS


@dataclass(frozen=True)
class Move:
    """A decision: ``kind == "throw"`` with ``keep`` (dice positions 0..4 not re-thrown), or
    ``kind == "box"`` with the ``box`` to fill."""

    kind: str
    keep: tuple[int, ...] = ()
    box: str = ""


def position_of(game: ClassicGame) -> Position:
    """The current player's decision point as an advisor :class:`Position`."""
    if game.current_player is None:
        raise RuleError("the game is over", "game_over")
    return Position.from_sheet(game.sheet().scores, game.dice, game.throws)


def keep_indices(dice: tuple[int, ...], keep: tuple[int, ...]) -> tuple[int, ...]:
    """The positions in ``dice`` of the values ``keep`` (each position once)."""
    todo = list(keep)
    out = []
    for i, d in enumerate(dice):
        if d in todo:
            todo.remove(d)
            out.append(i)
    return tuple(out)


class ComputerPlayer(ABC):
    """A computer player: :meth:`decide` chooses the next move of the current player."""

    level: str = ""

    def decide(self, game: ClassicGame) -> Move:
        """The move to make now (the first throw of a turn is ``Move("throw")``)."""
        if game.current_player is None:
            raise RuleError("the game is over", "game_over")
        if game.dice is None:
            return Move("throw")
        return self.choose(position_of(game), game.rules)

    @abstractmethod
    def choose(self, position: Position, rules: ClassicRules) -> Move:
        """The move at a position with dice showing (1..3 throws made)."""


def play_turn(game: ClassicGame, player: ComputerPlayer) -> list[Move]:
    """Play the current player's whole turn (or its rest) with ``player``; returns the moves."""
    moves = []
    start = game.turn
    while game.turn == start and not game.is_over:
        move = player.decide(game)
        moves.append(move)
        if move.kind == "throw":
            game.throw(move.keep)
        else:
            game.claim(move.box)
    return moves


class OptimalPlayer(ComputerPlayer):
    """Plays the optimal solo strategy: maximises its own expected final score."""

    level = "optimal"

    def __init__(self, strategy: ClassicStrategy) -> None:
        self.strategy = strategy

    def choose(self, position: Position, rules: ClassicRules) -> Move:
        made = (self.strategy.joker, self.strategy.upper_bonus_at)
        if (rules.joker, rules.upper_bonus_at) != made:
            raise RuleError(f"this player's strategy is for the {made[0]} joker and the upper "
                            f"bonus at {made[1]}, not the game's {rules.joker} and "
                            f"{rules.upper_bonus_at}", "bad_rules")
        best = self.strategy.advise(position).best
        assert position.dice is not None
        if best.kind == "box":
            return Move("box", box=best.box)
        return Move("throw", keep=keep_indices(position.dice, best.keep))


# About what each box scores on average under optimal play (measured by simulating the
# optimal player): what a box "usually" brings in, so a greedy player can tell a good score
# from a waste.
BOX_PAR = {"ones": 1.88, "twos": 5.28, "threes": 8.57, "fours": 12.16, "fives": 15.69,
           "sixes": 19.19, "three_of_a_kind": 21.66, "four_of_a_kind": 13.10,
           "full_house": 22.59, "small_straight": 29.46, "large_straight": 32.71,
           "yahtzee": 16.87, "chance": 22.01}


class GreedyPlayer(ComputerPlayer):
    """Scores each box as its points minus the box's usual points (upper boxes also earn
    credit for keeping the upper bonus in reach), and plays the keeps that maximise the
    expected value of that measure at the end of this turn."""

    level = "greedy"

    @staticmethod
    def _utility(position: Position, dice: tuple[int, ...], rules: ClassicRules
                 ) -> dict[str, float]:
        upper = position.upper_total
        out = {}
        bonus = yahtzee_bonus(dice, position.yahtzee_box)
        for box, points in legal_scores(dice, position.filled, rules.joker).items():
            value = points + bonus - BOX_PAR[box]
            if box in UPPER_BOXES and not reached(upper, rules.upper_bonus_at):
                face = UPPER_BOXES.index(box) + 1
                # three of a face keeps 63 in reach; reward being ahead of that pace
                value += (points - 3 * face) * 0.5
                value += claim_bonus(upper, upper + points, rules.upper_bonus_at)
            out[box] = value
        return out

    def choose(self, position: Position, rules: ClassicRules) -> Move:
        assert position.dice is not None
        dice = tuple(sorted(position.dice))
        now = self._utility(position, dice, rules)
        best_box = max(now, key=lambda b: (now[b], -BOXES.index(b)))
        if position.throws >= 3:
            return Move("box", box=best_box)
        ms = _multisets()
        after = np.array([[max(self._utility(position, d, rules).values())]
                          for d in ms.roll_dice])
        keep_last = ms.expectations(after)
        if position.throws == 1:
            keep_first = ms.expectations(ms.best_subsets(keep_last))
            keeps = keep_first
        else:
            keeps = keep_last
        best_keep: tuple[int, ...] = ()
        best_value = -np.inf
        for k in range(5):
            for sub in sub_multisets(dice, k):
                v = keeps[ms.index[sub], 0]
                if v > best_value + 1e-9:
                    best_keep, best_value = sub, v
        if now[best_box] >= best_value:
            return Move("box", box=best_box)
        return Move("throw", keep=keep_indices(position.dice, best_keep))


def sub_multisets(dice: tuple[int, ...], size: int) -> list[tuple[int, ...]]:
    """Every distinct choice of ``size`` of the (sorted) ``dice``, sorted."""
    return sorted(set(itertools.combinations(dice, size)))


class BeginnerPlayer(ComputerPlayer):
    """Keeps the dice of the face it has most of (the higher face on a tie) and writes down
    whatever scores most now; stops early on 25 points or more."""

    level = "beginner"

    def choose(self, position: Position, rules: ClassicRules) -> Move:
        assert position.dice is not None
        dice = tuple(position.dice)
        options = legal_scores(dice, position.filled, rules.joker)
        best_box = max(options, key=lambda b: (options[b], -BOXES.index(b)))
        if position.throws >= 3 or options[best_box] >= 25:
            return Move("box", box=best_box)
        counts = Counter(dice)
        face = max(counts, key=lambda f: (counts[f], f))
        keep = tuple(i for i, d in enumerate(dice) if d == face)
        if len(keep) == len(dice):
            return Move("box", box=best_box)
        return Move("throw", keep=keep)


def computer_player(level: str, rules: ClassicRules | None = None) -> ComputerPlayer:
    """A computer player of ``level`` (one of :data:`LEVELS`) for ``rules`` (the standard
    ones when left out). The optimal player loads (or first computes) the strategy table."""
    if level == "optimal":
        rules = rules or ClassicRules()
        return OptimalPlayer(load_strategy(rules.joker, upper_bonus_at=rules.upper_bonus_at))
    if level == "greedy":
        return GreedyPlayer()
    if level == "beginner":
        return BeginnerPlayer()
    raise RuleError(f"unknown computer level {level!r}; levels: " + ", ".join(LEVELS),
                    "bad_level")
