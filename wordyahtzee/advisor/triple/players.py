"""Computer players for Triple Yahtzee, at two levels, seated at any table.

A computer player looks at a :class:`~wordyahtzee.modes.triple.TripleGame` where it is to
move and answers with a contract action: a :class:`~wordyahtzee.modes.contract.Throw`
(keeping some dice) or a :class:`~wordyahtzee.modes.triple.Claim` (a box of a column), so
every computer move is checked by the same rules as a human's.

- ``"greedy"``: classic's greedy player spread over three columns. Writing points in a box
  is worth its points against the box's usual points (classic's par; the upper boxes also
  earn credit for keeping the column's upper bonus in reach), times the column's factor: a
  good score goes to the ×3 column, a poor one or a 0 to the ×1 column, so the high
  columns are not wasted. It plays the keeps that maximise the expected value of that
  measure at the end of the turn, with classic's tables of dice multisets.
- ``"beginner"``: keeps the dice of the face it has most of, stops on 25 points or more,
  and then writes mostly in a random open box, otherwise where factor × points is highest.

>>> import random
>>> from wordyahtzee.modes.triple import TripleGame
>>> game = TripleGame(["Robot"], random.Random(5))
>>> robot = computer_player("greedy")
>>> while not game.finished:
...     _ = game.act(robot.decide(game))
>>> len(game.turns)
39
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ...errors import RuleError
from ...modes.bonus import claim_bonus, reached
from ...modes.classic import (
    BOXES,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    legal_scores,
    yahtzee_bonus,
)
from ...modes.contract import Throw
from ...modes.triple import FACTORS, Claim, ScoreCard, TripleAction, TripleGame
from ..classic.players import BOX_PAR, keep_indices, sub_multisets
from ..classic.tables import _multisets
from . import LEVELS

__all__ = ["LEVELS", "BeginnerPlayer", "ComputerPlayer", "GreedyPlayer", "computer_player",
           "plan", "utilities"]

FloatArray = npt.NDArray[np.float64]
PAR = np.array([BOX_PAR[b] for b in BOXES])
"""What each box usually brings in (classic's optimal play), in sheet order."""
FACES = np.arange(1, len(UPPER_BOXES) + 1)
STOP_AT = 25
"""The beginner writes at once when some box gives this many points (weighted)."""


@lru_cache(maxsize=4096)
def _scores(filled: frozenset[str], yahtzee_box: int | None) -> FloatArray:
    """For each of the 252 rolls (rows) and 13 boxes, what classic's free joker scores
    in a column with ``filled`` boxes (``nan``: the box is not open), bonus excluded."""
    ms = _multisets()
    out = np.full((len(ms.roll_dice), len(BOXES)), np.nan)
    for row, dice in enumerate(ms.roll_dice):
        for box, points in legal_scores(dice, filled, "free").items():
            out[row, BOXES.index(box)] = points
    return out


@lru_cache(maxsize=4)
def _bonuses(yahtzee_box: int | None) -> FloatArray:
    """Each roll's Yahtzee bonus in a column whose ``yahtzee`` box holds ``yahtzee_box``."""
    return np.array([float(yahtzee_bonus(d, yahtzee_box)) for d in _multisets().roll_dice])


def utilities(card: ScoreCard) -> FloatArray:
    """The greedy measure of writing each roll (252 rows) in each box of each column
    (39 columns: column 1's 13 boxes, then column 2's, then column 3's); ``nan`` where a
    box is filled."""
    parts = []
    for factor, sheet in zip(FACTORS, card.columns, strict=True):
        yahtzee_box = sheet.scores.get("yahtzee")
        scores = _scores(frozenset(sheet.scores), yahtzee_box)
        value = scores + _bonuses(yahtzee_box)[:, None] - PAR
        upper = sheet.upper_total
        if not reached(upper, UPPER_BONUS_THRESHOLD):
            top = scores[:, :len(UPPER_BOXES)]
            # three of a face keeps 63 in reach; reward being ahead of that pace
            value[:, :len(UPPER_BOXES)] += ((top - 3 * FACES) * 0.5
                                            + claim_bonus(upper, upper + top,
                                                          UPPER_BONUS_THRESHOLD))
        parts.append(factor * value)
    return np.concatenate(parts, axis=1)


def cell(index: int) -> tuple[int, str]:
    """The (column, box) of a column of :func:`utilities`."""
    return index // len(BOXES) + 1, BOXES[index % len(BOXES)]


def plan(card: ScoreCard, dice: Sequence[int], throws: int
         ) -> tuple[tuple[int, str], float, tuple[int, ...] | None, float]:
    """The greedy decision with dice showing after ``throws`` throws: the best cell to
    write now and its measure, and the best keep (die numbers; ``None`` when no throw is
    left) with the expected measure at the end of the turn."""
    ms = _multisets()
    table = utilities(card)
    row = table[ms.roll_index[tuple(sorted(dice))]]
    now = int(np.nanargmax(row))
    if throws >= 3:
        return cell(now), float(row[now]), None, -np.inf
    after = np.nanmax(table, axis=1)[:, None]
    keep_last = ms.expectations(after)
    keeps = ms.expectations(ms.best_subsets(keep_last)) if throws == 1 else keep_last
    best_keep: tuple[int, ...] = ()
    best_value = -np.inf
    ordered = tuple(sorted(dice))
    for size in range(len(ordered)):
        for sub in sub_multisets(ordered, size):
            value = float(keeps[ms.index[sub], 0])
            if value > best_value + 1e-9:
                best_keep, best_value = sub, value
    return cell(now), float(row[now]), keep_indices(tuple(dice), best_keep), best_value


class ComputerPlayer(ABC):
    """A computer player: :meth:`decide` chooses the next action of the seat to move."""

    level: str = ""

    def decide(self, game: TripleGame) -> TripleAction:
        """The action to play now (the first throw of a turn throws all dice)."""
        if game.finished:
            raise RuleError("the game is over", "game_over")
        if game.dice is None:
            return Throw()
        return self.choose(game)

    @abstractmethod
    def choose(self, game: TripleGame) -> TripleAction:
        """The action with dice showing (1 to 3 throws made)."""


class GreedyPlayer(ComputerPlayer):
    """Writes where factor × (points against the box's par) is best; keeps the dice that
    maximise the expected value of that at the end of the turn."""

    level = "greedy"

    def choose(self, game: TripleGame) -> TripleAction:
        assert game.dice is not None
        (column, box), now, keep, later = plan(game.card(), game.dice, game.throws)
        if keep is None or now >= later:
            return Claim(box, column)
        return Throw(keep)


class BeginnerPlayer(ComputerPlayer):
    """Keeps the dice of the face it has most of (the higher face on a tie), writes at
    once on :data:`STOP_AT` weighted points; then in a random open box more often than
    not, otherwise where factor × points is highest."""

    level = "beginner"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def choose(self, game: TripleGame) -> TripleAction:
        assert game.dice is not None
        options = [(column, box, FACTORS[column - 1] * points)
                   for column, boxes in game.options().items() for box, points in boxes.items()]
        column, box, weighted = max(options, key=lambda o: o[2])
        counts = Counter(game.dice)
        face = max(counts, key=lambda f: (counts[f], f))
        if game.throws_left > 0 and weighted < STOP_AT and counts[face] < len(game.dice):
            return Throw(tuple(i for i, d in enumerate(game.dice) if d == face))
        if self.rng.random() < 0.6:
            column, box, _ = self.rng.choice(options)
        return Claim(box, column)


def computer_player(level: str, rng: random.Random | None = None) -> ComputerPlayer:
    """A computer player of ``level`` (one of :data:`LEVELS`); ``rng`` drives the
    beginner's random choices."""
    if level == "greedy":
        return GreedyPlayer()
    if level == "beginner":
        return BeginnerPlayer(rng)
    raise RuleError(f"unknown computer level {level!r}; levels: " + ", ".join(LEVELS),
                    "bad_level")
