"""A free-order Woord Yahtzee player: an exact turn, a heuristic future (not proven optimal).

With free order any open round box may be written, and a special claim zeroes a round box
of the player's choice, so a state would have to name the open round boxes: 256 times the
strict-order states. This player keeps the exact turn (every keep over the lattice of
partial outcomes, as :mod:`~wordyahtzee.advisor.woord.strategy`) but values what comes after
a claim with a heuristic built on the strict-order table:

``H(open boxes, specials, upper) = V_strict[rounds played, specials, upper]
+ sum(alpha[b] for the open boxes) - sum(alpha[b] for the boxes strict order would have
left)``,

where ``alpha[b]`` is what box ``b`` is worth on a turn of its own (three throws aimed at
it alone). So the specials, the upper bonus and the Woord Yahtzee bonuses are valued as in
strict order, and the choice of box (and of the box a special claim zeroes) by how much
each open box is worth later.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import numpy as np
import numpy.typing as npt

from ...errors import RuleError
from ...modes.bonus import claim_bonus
from ...modes.woord import (
    BOX,
    MAX_THROWS,
    ROUND_BOXES,
    UPPER_BOXES,
    WoordGame,
)
from ...solver import Solver
from .lattice import keep_masks
from .players import WoordMove, WoordPlayer
from .score_table import BIT, COLUMN, EARLY_SPECIALS, LATE_SPECIALS, special_points
from .strategy import SheetState, WoordStrategy

__all__ = ["FreeOrderPlayer"]

FloatArray = npt.NDArray[np.floating[Any]]


class FreeOrderPlayer(WoordPlayer):
    """Plays free order with an exact turn and the heuristic future of the module doc."""

    def __init__(self, solver: Solver, strategy: WoordStrategy) -> None:
        super().__init__(solver)
        if strategy.rounds != ROUND_BOXES:
            raise RuleError("the free-order player needs the full strict-order table",
                            "bad_rules")
        self.strategy = strategy
        self.alpha = {b: self._solo_value(b) for b in ROUND_BOXES}
        self._tables: OrderedDict[tuple[int, int, int], tuple[FloatArray, FloatArray]] = \
            OrderedDict()

    # -- the heuristic ------------------------------------------------------------------

    def _solo_value(self, box: str) -> float:
        """Expected score of ``box`` on a turn aimed at it alone."""
        return self.strategy._lattice.aimed_turn(self.strategy.table.column(box))

    def leaf(self, open_mask: int, specials: int, upper: int) -> float:
        """``H``: the heuristic value of the rest of the game (module doc)."""
        played = len(ROUND_BOXES) - open_mask.bit_count()
        st = self.strategy
        value = float(st.values[played, specials, min(upper, st.threshold)])
        value += sum(self.alpha[b] for i, b in enumerate(ROUND_BOXES) if open_mask >> i & 1)
        value -= sum(self.alpha[b] for b in ROUND_BOXES[played:])
        return value

    def _zero_box(self, open_mask: int, specials: int, upper: int) -> tuple[int, float]:
        """The open round box a special claim should zero, and the value after it."""
        options = [(self.leaf(open_mask & ~(1 << i), specials, upper), i)
                   for i in range(len(ROUND_BOXES)) if open_mask >> i & 1]
        value, i = max(options)
        return i, value

    # -- claims -------------------------------------------------------------------------

    def _claim_arrays(self, open_mask: int, specials: int,
                      upper: int) -> tuple[FloatArray, FloatArray]:
        """Per outcome, the best claim value after the last throw and after throw 1 or 2."""
        table = self.strategy.table
        t = self.strategy.threshold
        late = np.full(table.scores.shape[0], -np.inf)
        for i, box in enumerate(ROUND_BOXES):
            if not open_mask >> i & 1:
                continue
            xs = np.arange(int(table.column(box).max()) + 1)
            rest = open_mask & ~(1 << i)
            if box in UPPER_BOXES:
                g = np.array([x + claim_bonus(upper, upper + x, t)
                              + self.leaf(rest, specials, upper + x)
                              for x in range(len(xs))])
            else:
                g = xs + self.leaf(rest, specials, upper)
            np.maximum(late, g[table.column(box)], out=late)
        self._add_specials(late, LATE_SPECIALS, open_mask, specials, upper)
        early = late.copy()
        self._add_specials(early, EARLY_SPECIALS, open_mask, specials, upper)
        return late, early

    def _add_specials(self, best: FloatArray, names: tuple[str, ...], open_mask: int,
                      specials: int, upper: int) -> None:
        """Raise each outcome's ``best`` claim value to that of claiming one of the special
        boxes ``names`` where it qualifies (its points, or its repeat bonus once used)."""
        for name in names:
            spec, used = BOX[name], bool(specials & BIT[name])
            if used and not spec.repeat_bonus:
                continue
            _, value = self._zero_box(open_mask, specials | BIT[name], upper)
            col = self.strategy.table.column(name)
            rows = col > 0
            points = (spec.repeat_bonus if used else col[rows] if spec.points is None
                      else spec.points)
            best[rows] = np.maximum(best[rows], points + value)

    def _keep_tables(self, open_mask: int, specials: int,
                     upper: int) -> tuple[FloatArray, FloatArray]:
        key = (open_mask, specials, min(upper, self.strategy.threshold))
        cached = self._tables.get(key)
        if cached is not None:
            return cached
        lat = self.strategy._lattice
        late, early = self._claim_arrays(*key)
        kept = []
        value = late
        for _ in range(MAX_THROWS - 1):
            expect = lat.expectations(value.reshape(lat.faces))
            kept.append(expect.copy())
            value = np.maximum(early, lat.best_keeps(expect).reshape(-1))
        tables = (kept[0], kept[1])  # before throw 3, before throw 2
        self._tables[key] = tables
        while len(self._tables) > 4:
            self._tables.popitem(last=False)
        return tables

    def decide(self, game: WoordGame) -> WoordMove:
        """The best claim or keep by the heuristic values."""
        turn = game.turn
        assert turn.faces is not None
        sheet = game.sheets[turn.player]
        open_mask = sum(1 << i for i, b in enumerate(ROUND_BOXES) if sheet.is_open(b))
        specials = SheetState.from_sheet(sheet).mask
        upper = sheet.upper_total
        t = self.strategy.threshold
        idx = self.strategy.face_indices(game.dice_set, turn.faces)
        row = self.strategy.table.scores[int(np.ravel_multi_index(idx, self.strategy.table.faces))]
        best: tuple[float, str, int | None] = (-np.inf, "", None)
        for i, box in enumerate(ROUND_BOXES):
            if open_mask >> i & 1:
                x = int(row[COLUMN[box]])
                value = x + self.leaf(open_mask & ~(1 << i), specials,
                                      upper + x if box in UPPER_BOXES else upper)
                if box in UPPER_BOXES:
                    value += claim_bonus(upper, upper + x, t)
                best = max(best, (value, box, None), key=lambda c: c[0])
        for name, points in special_points(row, specials, turn.throws).items():
            zero, after = self._zero_box(open_mask, specials | BIT[name], upper)
            best = max(best, (points + after, name, zero), key=lambda c: c[0])
        if turn.throws < MAX_THROWS:
            e3, e2 = self._keep_tables(open_mask, specials, upper)
            lattice = e2 if turn.throws == 1 else e3
            lat = self.strategy._lattice
            masks = keep_masks(lat.n)
            bits = (np.array(masks)[:, None] >> np.arange(lat.n)) & 1
            at = np.where(bits == 1, np.array(idx), np.array(lat.faces))
            evs = lattice[tuple(at.T)]
            j = int(np.argmax(evs))
            if evs[j] > best[0]:
                return WoordMove("throw", keep=tuple(i for i in range(lat.n)
                                                     if masks[j] >> i & 1))
        _, box, zero_index = best
        words = self.solver.solve(turn.faces).boxes[box].words
        return WoordMove("claim", box=box, words=words,
                         zero_box=ROUND_BOXES[zero_index] if zero_index is not None else None)
