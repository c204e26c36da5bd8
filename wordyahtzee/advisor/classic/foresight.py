"""Foresight in classic Yahtzee's daily game: the best game in hindsight on the day's
faces, every choice of a game with its regret and its worth in hindsight
(:mod:`wordyahtzee.advisor.foresight`), and a player who plays with the faces known.

A daily game's faces are :class:`~wordyahtzee.dice.FairDice`: die ``p`` shows
``face(turn, throw, p)`` at the ``throw``-th throw (0-2) of turn ``turn`` (the turns a solo
game has ended). With every face known, a turn can end in any roll that gives each die its
face of throw 0, 1 or 2: at most 3**5 rolls, a known set.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ...dice import FairDice
from ...errors import RuleError
from ...modes.bonus import claim_bonus
from ...modes.classic import (
    BOXES,
    FACES,
    NUM_DICE,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    YAHTZEE_BONUS,
    YAHTZEE_SCORE,
    ClassicGame,
)
from ..foresight import Choice, top_option
from .strategy import ClassicStrategy, Position
from .tables import (
    ALL_UPPER,
    NBOX,
    NMASK,
    NUPPER,
    YAHTZEE_BIT,
    Index,
    _box_values,
    _levels,
    _multisets,
)

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

Option = tuple[str, Any]
"""``("keep", positions kept)`` or ``("box", box id)``."""
Level = tuple[Index, Index, Index, Index, Index]


def _code_table() -> tuple[IntArray, IntArray]:
    """Roll index (0..251) of every five dice by ``sum(6**(pip - 1))``: the count of each
    pip in base 6, the same whatever the order."""
    ms = _multisets()
    code = np.full(6 ** 6, -1, dtype=np.int64)
    for j, dice in enumerate(ms.roll_dice):
        code[sum(6 ** (pip - 1) for pip in dice)] = j
    return code, 6 ** np.arange(7, dtype=np.int64) // 6


_CODES: tuple[IntArray, IntArray] | None = None


def roll_rows(dice: npt.ArrayLike) -> IntArray:
    """The roll index of each row of five dice (pips 1..6, in any order)."""
    global _CODES
    if _CODES is None:
        _CODES = _code_table()
    code, weight = _CODES
    rows: IntArray = code[weight[np.asarray(dice, dtype=np.int64)].sum(axis=-1)]
    return rows


def day_faces(dice: FairDice) -> IntArray:
    """Every face of a day: shape ``(13, 3, 5)``, [turn, throw, die]."""
    faces: IntArray = np.array([[[int(dice.face(t, throw, p, FACES)) for p in range(NUM_DICE)]
                                 for throw in range(3)] for t in range(len(BOXES))],
                               dtype=np.int64)
    return faces


@dataclass
class ClassicHindsight:
    """The best game on a day's dice with every face known: ``values[mask, upper, armed]``
    the most points still to come from the start of a turn (``values_table``; the states of
    :class:`~wordyahtzee.advisor.classic.strategy.ClassicStrategy`), the turn being the
    number of filled boxes (a solo game); ``faces`` the day's, as :func:`day_faces`."""

    strategy: ClassicStrategy
    faces: IntArray
    values_table: FloatArray

    @classmethod
    def compute(cls, strategy: ClassicStrategy, seed: bytes) -> ClassicHindsight:
        """The table for the day of ``seed`` (a tenth of a second)."""
        return cls.of_faces(strategy, day_faces(FairDice(seed)))

    @classmethod
    def of_faces(cls, strategy: ClassicStrategy, faces: IntArray) -> ClassicHindsight:
        """The table for a day's ``faces`` (:func:`day_faces`), however they are known."""
        return cls(strategy, faces, _hindsight_values(strategy.rules, faces))

    @property
    def best_total(self) -> float:
        """The best final score on the day's dice."""
        return float(self.values_table[0, 0, 0])

    def values(self, game: ClassicGame) -> dict[Option, float]:
        """Every legal option now (each box; with throws left, each keep of dice
        positions) and the most points still to come, every face known, if it is taken
        (``game``: a solo game on the day's dice, its dice showing)."""
        pos = Position.from_sheet(game.sheet().scores, game.dice, game.throws)
        _, per_box = _box_values(self.values_table, self.strategy.rules, np.array([pos.mask]),
                                 np.array([pos.state_upper()]), np.array([pos.armed]),
                                 keep_boxes=True)
        assert per_box is not None and game.dice is not None
        boxes = per_box[:, :, 0]
        roll = int(roll_rows(game.dice))
        out: dict[Option, float] = {("box", b): float(boxes[BOXES.index(b), roll])
                                    for b in game.options()}
        if game.throws >= 3:
            return out
        best = boxes.max(axis=0)
        turn, throws = game.cup.turn, game.throws
        keeps = [keep for size in range(NUM_DICE)
                 for keep in itertools.combinations(range(NUM_DICE), size)]
        for keep in keeps:
            choices = []
            for p, shown in enumerate(game.dice):
                now = shown if p in keep else self.faces[turn, throws, p]
                choices.append([now, self.faces[turn, throws + 1, p]] if throws < 2 else [now])
            rolls = np.array(list(itertools.product(*choices)), dtype=np.int64)
            out[("keep", keep)] = float(best[roll_rows(rolls)].max())
        return out

    def choose(self, game: ClassicGame, usual: Option | None = None) -> Option:
        """The option of the best game in hindsight; of equally good ones ``usual`` (what
        the player would play without the knowledge), else the first: a box, then the
        fewest dice kept."""
        return top_option(self.values(game), usual)


def _reachable(faces: IntArray) -> IntArray:
    """The rolls a turn's faces (``(3, 5)``) allow: each die its face of throw 0, 1 or 2."""
    rolls = np.array(list(itertools.product(*faces.T.tolist())), dtype=np.int64)
    rows: IntArray = np.unique(roll_rows(rolls))
    return rows


_LEVELS: list[Level] = []


def _all_levels() -> list[Level]:
    """The strategy's states by level (:func:`~.tables._levels`), made once."""
    if not _LEVELS:
        _LEVELS.extend(_levels())
    return _LEVELS


def _hindsight_values(rules: Any, faces: IntArray) -> FloatArray:
    """The table of :class:`ClassicHindsight` for the day's ``faces``.

    With every face known a turn's rolls are a known set, so each box takes its best: an
    upper box the most dice of its pip any roll shows (more is never worse: the points
    and the bonus), a lower box its best score, the yahtzee box 50 when a Yahtzee is
    there; a reachable Yahtzee is also a candidate for every box, with its joker score
    (the joker reading's rule tables) and the 100 bonus once armed. That is a handful of
    candidates per box and state, where the strategy weighs 252 rolls."""
    ms = _multisets()
    values = np.zeros((NMASK, NUPPER, 2))
    flat = values.reshape(-1)
    reach = [_reachable(faces[t]) for t in range(len(BOXES))]
    for mask_a, up_a, arm_a, same_m, same_u in _all_levels():
        rows = reach[int(mask_a[0]).bit_count()]
        plain = rows[~ms.is_yahtzee[rows]]
        yahtzees = [(int(r), ms.roll_dice[r][0]) for r in rows[ms.is_yahtzee[rows]]]
        best = np.full(len(mask_a), -np.inf)
        for b in range(NBOX):
            nxt = (mask_a | (1 << b)) * NUPPER
            cands: list[tuple[Any, Any, Any]] = []  # (points, counted upper, armed after)
            if len(plain):
                if b < len(UPPER_BOXES):
                    top = float(ms.counts[plain, b].max() * (b + 1))
                    cands.append((top, top, arm_a))
                else:
                    cands.append((float(rules.base[b, plain].max()), 0.0,
                                  np.zeros_like(arm_a) if b == YAHTZEE_BIT else arm_a))
            for row, pip in yahtzees:
                score = rules.base[b, row] + rules.joker_delta[mask_a, pip - 1, b]
                upper = score if b < len(UPPER_BOXES) else 0.0
                armed = ((score == YAHTZEE_SCORE).astype(np.int64) if b == YAHTZEE_BIT
                         else arm_a)
                cands.append((score + YAHTZEE_BONUS * arm_a, upper, armed))
            closed = (mask_a >> b & 1).astype(bool)
            for points, upper, armed in cands:
                raised = up_a + np.where(np.isfinite(upper), upper, 0.0)  # -inf: illegal
                capped = np.minimum(raised, UPPER_BONUS_THRESHOLD).astype(np.int64)
                value = points + flat[(nxt + capped) * 2 + armed]
                if b < len(UPPER_BOXES):
                    value = value + claim_bonus(up_a, raised, UPPER_BONUS_THRESHOLD)
                np.maximum(best, np.where(closed, -np.inf, value), out=best)
        values[mask_a, up_a, arm_a] = best
        values[same_m, same_u] = values[same_m, 0]  # the bonus out of reach: as at 0
        full = np.unique(mask_a[(mask_a & ALL_UPPER) == ALL_UPPER])
        if len(full):
            values[full] = values[full, :1, :]
    return values


# ------------------------------------------------------------------------------------------
# The choices of a game


def _best(strategy: ClassicStrategy, game: ClassicGame) -> tuple[Option, float, Any]:
    """The best option in expectation (the advisor's order; a keep at the first dice that
    show its pips), its expected value, and the advice."""
    pos = Position.from_sheet(game.sheet().scores, game.dice, game.throws)
    advice = strategy.advise(pos)
    best = advice.best
    assert game.dice is not None
    option: Option = (("box", best.box) if best.kind == "box"
                      else ("keep", tuple(best.keep_indices(game.dice))))
    return option, best.value, advice


def _expected(advice: Any, game: ClassicGame, option: Option) -> float:
    """The expected points still to come of ``option`` (from the advice's options)."""
    assert game.dice is not None
    if option[0] == "box":
        return float(next(o.value for o in advice.options
                          if o.kind == "box" and o.box == option[1]))
    kept = sorted(game.dice[i] for i in option[1])
    return float(next(o.value for o in advice.options
                      if o.kind == "keep" and sorted(o.keep) == kept))


def _json(game: ClassicGame, option: Option) -> dict[str, Any]:
    if option[0] == "box":
        return {"kind": "box", "box": option[1]}
    assert game.dice is not None
    return {"kind": "keep", "keep_indices": list(option[1]),
            "keep": sorted(game.dice[i] for i in option[1])}


def choices(game: ClassicGame, strategy: ClassicStrategy,
            hindsight: ClassicHindsight) -> list[Choice]:
    """Every choice of a solo game on the day's dice (each keep and box after a throw),
    with the best option in expectation, the expected points the choice lost, what it was
    worth against that option in hindsight, and what the best option in hindsight was
    worth against it (:class:`~wordyahtzee.advisor.foresight.Choice`). Raises
    :class:`RuleError` ``not_daily`` when the game's throws are not the day's."""
    replay = ClassicGame(game.players, game.rules, random.Random(0))  # throws from the log
    out: list[Choice] = []
    for event in game.events:
        kind = event.get("type")
        if replay.dice is not None and kind in ("throw", "claim"):
            chosen: Option = (("box", event["box"]) if kind == "claim"
                              else ("keep", tuple(sorted(event.get("keep") or ()))))
            best, value, advice = _best(strategy, replay)
            seen = hindsight.values(replay)
            out.append(Choice(replay.cup.turn, replay.throws, _json(replay, chosen),
                              _json(replay, best),
                              max(0.0, value - _expected(advice, replay, chosen)),
                              seen[chosen] - seen[best], max(seen.values()) - seen[best]))
        if kind == "throw":
            _check_faces(hindsight.faces, replay, event)
        replay.apply(event)
    return out


def _check_faces(faces: IntArray, game: ClassicGame, event: dict[str, Any]) -> None:
    kept = set(event.get("keep") or ())
    shown = [int(c) for c in str(event.get("dice", ""))]
    day = faces[game.cup.turn, game.throws] if game.cup.turn < len(faces) else None
    if day is None or any(shown[p] != day[p] for p in range(NUM_DICE) if p not in kept):
        raise RuleError("this game was not played on the day's dice", "not_daily")


# ------------------------------------------------------------------------------------------
# Playing with foresight


def play(game: ClassicGame, decide: Callable[[ClassicGame], Option]) -> None:
    """Play a solo ``game`` to its end with ``decide`` choosing every option after the
    first throw of each turn."""
    while not game.is_over:
        if game.dice is None:
            game.throw()
            continue
        kind, what = decide(game)
        if kind == "box":
            game.claim(what)
        else:
            game.throw(what)


def option_of(move: Any) -> Option:
    """A computer player's :class:`~wordyahtzee.advisor.classic.players.Move` as an
    option."""
    return ("box", move.box) if move.kind == "box" else ("keep", tuple(sorted(move.keep)))


__all__ = ["ClassicHindsight", "choices", "day_faces", "option_of", "play", "roll_rows"]
