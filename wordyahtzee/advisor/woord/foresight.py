"""Foresight in Woord Yahtzee's daily game (strict order): the best game in hindsight on
the day's faces, every choice of a game with its regret and its worth in hindsight
(:mod:`wordyahtzee.advisor.foresight`), and a player who plays with the faces known.

The daily game's die ``d`` shows ``face(turn, throw, d)`` at the ``throw``-th throw (0-2)
of turn ``turn`` (:class:`~wordyahtzee.dice.FairDice`). With every face known, a claim
after the second throw may use any outcome that gives each die its face of throw 0 or 1
(128 outcomes), and after the third any of throw 0, 1 or 2 (2,187): what each box scores
on them is in the strategy's score table (the solver's best words). So the best game in
hindsight is a small programme over the strategy's states (round, special boxes used,
upper total).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ...dice import FairDice
from ...errors import RuleError
from ...modes.bonus import claim_bonus
from ...modes.woord import (
    BOX,
    MAX_THROWS,
    UPPER_BOXES,
    Claim,
    WoordGame,
)
from ...modes.woord.rules import default_zero_box
from ..foresight import Choice, top_option
from .players import WoordMove
from .score_table import BIT, COLUMN, EARLY_SPECIALS, LATE_SPECIALS, NSPECIAL
from .strategy import SheetState, WoordStrategy

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

Option = tuple[str, Any]
"""``("keep", dice kept)`` or ``("claim", (box, points))``."""


def day_faces(dice: FairDice, sides: tuple[int, ...], rounds: int) -> IntArray:
    """Which face each die shows at each throw of each turn of a day: shape
    ``(rounds, 3, dice)``, face indices."""
    faces: IntArray = np.array(
        [[[int(dice.face(t, throw, d, range(n))) for d, n in enumerate(sides)]
          for throw in range(MAX_THROWS)] for t in range(rounds)], dtype=np.int64)
    return faces


@dataclass
class WoordHindsight:
    """The best strict-order solo game on a day's dice with every face known:
    ``values[k, s, u]`` the most points still to come before round ``k + 1`` (special
    mask ``s``, upper total ``u`` capped at the threshold, as the strategy's states)."""

    strategy: WoordStrategy
    faces: IntArray
    values: FloatArray

    @classmethod
    def compute(cls, strategy: WoordStrategy, seed: bytes) -> WoordHindsight:
        """The table for the day of ``seed``."""
        faces = day_faces(FairDice(seed), strategy.table.faces, len(strategy.rounds))
        hindsight = cls(strategy, faces, np.zeros((len(strategy.rounds) + 1,
                                                   1 << NSPECIAL, strategy.threshold + 1)))
        for k in range(len(strategy.rounds) - 1, -1, -1):
            late = hindsight._best_claims(k, _rows(strategy, faces[k], 3), early=False)
            early = hindsight._best_claims(k, _rows(strategy, faces[k], 2), early=True)
            hindsight.values[k] = np.maximum(late.max(axis=0), early.max(axis=0))
        return hindsight

    @property
    def best_total(self) -> float:
        """The best final score on the day's dice."""
        return float(self.values[0, 0, 0])

    def _claim(self, k: int, box: str, points: Any) -> FloatArray:
        """The value of writing ``points`` (an array) in ``box`` in round ``k + 1``, for
        every state ``(s, u)``: shape ``points.shape + (masks, uppers)``; -inf where the
        box is used."""
        threshold = self.strategy.threshold
        nxt = self.values[k + 1]
        x = np.asarray(points, dtype=np.float64)[..., None, None]
        u = np.arange(threshold + 1)
        s = np.arange(1 << NSPECIAL)[:, None]
        if box == self.strategy.rounds[k]:
            if box not in UPPER_BOXES:
                plain: FloatArray = x + nxt
                return plain
            raised = u + x
            after = nxt[s, np.minimum(raised, threshold).astype(np.int64)]
            bonus = claim_bonus(u, raised, threshold)
            value: FloatArray = x + bonus + after
            return value
        bit = BIT[box]
        used = (s & bit) != 0
        repeat = BOX[box].repeat_bonus  # a second Woord Yahtzee scores it; the box stays
        return np.where(used, repeat + nxt if repeat else -np.inf, x + nxt[s | bit, u])

    def _best_claims(self, k: int, rows: IntArray, early: bool) -> FloatArray:
        """The best claim's value on each outcome row (the early specials too when
        ``early``), for every state: shape ``(rows, masks, uppers)``."""
        scores = self.strategy.table.scores[rows]
        round_box = self.strategy.rounds[k]
        best = self._claim(k, round_box, scores[:, COLUMN[round_box]])
        for box in (*LATE_SPECIALS, *(EARLY_SPECIALS if early else ())):
            col, fixed = scores[:, COLUMN[box]], BOX[box].points
            points = col if fixed is None else np.full(len(rows), fixed)
            best = np.where((col > 0)[:, None, None],
                            np.maximum(best, self._claim(k, box, points)), best)
        return best

    # -- a live position ----------------------------------------------------------------

    def _claims_at(self, k: int, s: int, u: int, rows: IntArray, early: bool) -> FloatArray:
        """:meth:`_best_claims` for the one state ``(s, u)``: shape ``(rows,)``."""
        scores = self.strategy.table.scores[rows].astype(np.float64)
        threshold = self.strategy.threshold
        nxt = self.values[k + 1]
        box = self.strategy.rounds[k]
        x = scores[:, COLUMN[box]]
        if box in UPPER_BOXES:
            raised = u + x
            best = (x + claim_bonus(u, raised, threshold)
                    + nxt[s, np.minimum(raised, threshold).astype(np.int64)])
        else:
            best = x + nxt[s, u]
        for name in (*LATE_SPECIALS, *(EARLY_SPECIALS if early else ())):
            spec, bit, col = BOX[name], BIT[name], scores[:, COLUMN[name]]
            if s & bit:
                if not spec.repeat_bonus:
                    continue
                value = spec.repeat_bonus + nxt[s, u] + np.zeros(len(rows))
            else:
                points = col if spec.points is None else spec.points
                value = points + nxt[s | bit, u] + np.zeros(len(rows))
            best = np.where(col > 0, np.maximum(best, value), best)
        judged: FloatArray = best
        return judged

    def values_at(self, game: WoordGame) -> dict[Option, float]:
        """Every legal option now (each claim with the best words; before the third
        throw, each keep of dice) and the most points still to come, every face known, if
        it is taken (``game``: a solo strict-order game on the day's dice, its dice
        showing)."""
        turn = game.turn
        assert turn.faces is not None
        state = SheetState.from_sheet(game.sheets[turn.player])
        k, s = turn.round - 1, state.mask
        u = min(state.upper_total, self.strategy.threshold)
        now = self.strategy.face_indices(game.dice_set, turn.faces)
        out: dict[Option, float] = {
            ("claim", (box, points)): self.claim_value(game, box, points)
            for box, points in self.strategy.claim_points(state, turn.round, turn.throws,
                                                          now).items()}
        throws = turn.throws
        if throws >= MAX_THROWS:
            return out
        keeps = [keep for size in range(len(now))
                 for keep in itertools.combinations(range(len(now)), size)]
        shown = np.array([[now[d] if d in keep else self.faces[k, throws, d]
                           for d in range(len(now))] for keep in keeps], dtype=np.int64)
        rows: IntArray = np.asarray(np.ravel_multi_index(tuple(shown.T),
                                                         self.strategy.table.faces))
        here = self._claims_at(k, s, u, rows, early=throws + 1 < MAX_THROWS)
        if throws + 1 < MAX_THROWS:  # one more throw: any die its next face, or kept
            later = self.faces[k, throws + 1]
            picks = np.array(list(itertools.product((0, 1), repeat=len(now))), dtype=bool)
            finals = np.where(picks[None, :, :], later[None, None, :], shown[:, None, :])
            rows = np.asarray(np.ravel_multi_index(tuple(finals.reshape(-1, len(now)).T),
                                                   self.strategy.table.faces))
            late = self._claims_at(k, s, u, rows, early=False).reshape(len(keeps), -1)
            here = np.maximum(here, late.max(axis=1))
        out.update({("keep", keep): float(v) for keep, v in zip(keeps, here, strict=True)})
        return out

    def claim_value(self, game: WoordGame, box: str, points: int) -> float:
        """The most points still to come, every face known, after writing ``points`` in
        ``box`` now (0 in the round's box for a special claim)."""
        turn = game.turn
        state = SheetState.from_sheet(game.sheets[turn.player])
        u = min(state.upper_total, self.strategy.threshold)
        return float(self._claim(turn.round - 1, box, np.array(points))[state.mask, u])

    def choose(self, game: WoordGame, usual: Option | None = None) -> Option:
        """The option of the best game in hindsight; of equally good ones ``usual``, else
        the first: a claim, then the fewest dice kept."""
        return top_option(self.values_at(game), usual)


def _outcomes(strategy: WoordStrategy, choices: list[list[int]]) -> IntArray:
    """The score table's rows of every outcome that gives each die one of its
    ``choices`` (face indices)."""
    grid = np.array(list(itertools.product(*choices)), dtype=np.int64)
    rows: IntArray = np.ravel_multi_index(tuple(grid.T), strategy.table.faces)
    return rows


def _rows(strategy: WoordStrategy, faces: IntArray, throws: int) -> IntArray:
    """The outcomes a turn's ``faces`` (``(3, dice)``) allow after ``throws`` throws."""
    return np.unique(_outcomes(strategy, [list(faces[:throws, d])
                                          for d in range(faces.shape[1])]))


# ------------------------------------------------------------------------------------------
# The choices of a game


def _chosen(game: WoordGame, event: dict[str, Any]) -> Option:
    """The option an event plays: a keep, or a claim as written (a claim after the
    hourglass: 0 in the round's box)."""
    if event["type"] == "throw":
        return ("keep", tuple(sorted(event.get("keep") or ())))
    claim = Claim(event["box"], tuple(event.get("words") or ()), event.get("zero_box"))
    seconds = event.get("seconds")
    limit = game.rules.turn_seconds
    if limit is not None and isinstance(seconds, int | float) and seconds > limit:
        box = default_zero_box(game.sheets[game.turn.player], game.rules, game.turn.round)
        return ("claim", (box, 0))
    return ("claim", (claim.box, game.evaluate(claim)))


def _json(game: WoordGame, option: Option) -> dict[str, Any]:
    faces = game.turn.faces or ""
    if option[0] == "keep":
        return {"kind": "keep", "dice": list(option[1]),
                "letters": "".join(faces[d] for d in option[1])}
    return {"kind": "claim", "box": option[1][0], "points": option[1][1]}


def choices(game: WoordGame, strategy: WoordStrategy,
            hindsight: WoordHindsight) -> list[Choice]:
    """Every choice of a solo strict-order game on the day's dice (each keep and claim;
    a turn the hourglass ended has none), with the best option in expectation, the
    expected points lost, the worth in hindsight against it, and what the best option in
    hindsight was worth against it (:class:`~wordyahtzee.advisor.foresight.Choice`; a
    claim with the points its words scored). Raises :class:`RuleError` ``not_daily`` when
    the game's throws are not the day's."""
    replay = WoordGame(game.players, game.rules, lexicon=game.lexicon,
                       dice_set=game.dice_set, clock=game.clock)
    out: list[Choice] = []
    for event in game.events:
        kind = event.get("type")
        turn = None if replay.finished else replay.turn
        if turn is not None and turn.faces is not None and kind in ("throw", "claim"):
            state = SheetState.from_sheet(replay.sheets[turn.player])
            options = strategy.advise(state, turn.round, turn.throws, turn.faces,
                                      replay.dice_set)
            top = options[0]
            best: Option = (("keep", top.dice) if top.kind == "keep"
                            else ("claim", (top.box, top.points)))
            chosen = _chosen(replay, event)
            if chosen[0] == "keep":
                ev = next(o.ev for o in options if o.kind == "keep" and o.dice == chosen[1])
            else:
                ev = strategy.claim_ev(state, turn.round, *chosen[1])
            seen = hindsight.values_at(replay)
            mine = (seen[chosen] if chosen in seen  # else: fewer points than the best, or late
                    else hindsight.claim_value(replay, *chosen[1]))
            out.append(Choice(turn.number, turn.throws, _json(replay, chosen),
                              _json(replay, best), max(0.0, top.ev - ev),
                              mine - seen[best], max(seen.values()) - seen[best]))
        if kind == "throw":
            _check_faces(hindsight, replay, event)
        replay.apply(event)
    return out


def _check_faces(hindsight: WoordHindsight, game: WoordGame, event: dict[str, Any]) -> None:
    turn = game.turn
    kept = set(event.get("keep") or ())
    faces = str(event.get("faces", ""))
    day = hindsight.faces[turn.number, turn.throws] if turn.number < len(
        hindsight.faces) else None
    letters = [game.dice_set.letters(d) for d in range(game.dice_set.size)]
    if day is None or len(faces) != len(letters) or any(
            faces[d] != letters[d][day[d]] for d in range(len(letters)) if d not in kept):
        raise RuleError("this game was not played on the day's dice", "not_daily")


# ------------------------------------------------------------------------------------------
# Playing with foresight


def option_of(game: WoordGame, move: WoordMove) -> Option:
    """A computer player's move as an option (a claim with the points it scores)."""
    if move.kind == "throw":
        return ("keep", tuple(sorted(move.keep)))
    return ("claim", (move.box, game.evaluate(Claim(move.box, move.words, move.zero_box))))


def play(game: WoordGame, player: Any, hindsight: WoordHindsight | None = None,
         turns: Any = (), solver: Any = None,
         choose: Callable[[WoordGame, Option], Option] | None = None) -> None:
    """Play a solo ``game`` to its end with ``player`` (a computer player: ``decide``);
    in the turns numbered in ``turns`` it plays the best game in ``hindsight`` instead
    (of equally good options, the one ``player`` chose), or what ``choose(game, usual)``
    picks with the faces known, claiming with ``solver``'s best words."""
    while not game.finished:
        game.throw()
        while True:
            move = player.decide(game)
            if hindsight is not None and game.turn.number in turns:
                usual = option_of(game, move)
                option = (choose(game, usual) if choose is not None
                          else hindsight.choose(game, usual))
                if option[0] == "keep":
                    move = WoordMove("throw", keep=option[1])
                else:
                    box = option[1][0]
                    words = solver.solve(game.turn.faces).boxes[box].words
                    move = WoordMove("claim", box=box, words=tuple(words))
            if move.kind == "claim":
                game.claim(move.box, move.words, move.zero_box)
                break
            game.throw(move.keep)


__all__ = ["WoordHindsight", "choices", "day_faces", "option_of", "play"]
