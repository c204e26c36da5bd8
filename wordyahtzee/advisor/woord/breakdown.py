"""Where the optimal strict-order score comes from, exactly: a forward pass over the DP.

:func:`exact_breakdown` follows the optimal policy of a
:class:`~wordyahtzee.advisor.woord.strategy.WoordStrategy` forward from the start: the
probability of every state at every round, and within a turn the probability mass of every
outcome after each throw (a claim ends it; a keep sends its mass to the partial outcome it
keeps, which spreads it evenly over the faces of the dice thrown again: the transpose of
:meth:`Lattice.expectations`). Summing points times probability gives each round's and
each box's expected points; they add up to the expected score (a check of both passes).

Ties between options are broken towards claiming, then towards throwing more dice; any
optimal policy has the same expected score, but the split between boxes may differ where
options tie exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ...modes.bonus import crossed
from ...modes.woord import BOX, BOXES, UPPER_BONUS, UPPER_BOXES
from .lattice import Lattice
from .score_table import BIT, EARLY_SPECIALS, LATE_SPECIALS
from .strategy import WoordStrategy

__all__ = ["Breakdown", "exact_breakdown"]

FloatArray = npt.NDArray[np.floating[Any]]
IntArray = npt.NDArray[np.int64]
# claim kinds, in the order ties are broken: the round box, the specials claimable after
# the last throw, then the early ones
KINDS = ("round", *LATE_SPECIALS, *EARLY_SPECIALS)


@dataclass(frozen=True)
class Breakdown:
    """Expected points under optimal play: per round (bonuses in the round that earns
    them), per box, the upper bonus and the Woord Yahtzee bonuses; and how likely the upper
    bonus and a filled ``woord_yahtzee`` box are."""

    expected_score: float
    rounds: list[float]
    boxes: dict[str, float]
    upper_bonus: float
    woord_yahtzee_bonus: float
    p_upper_bonus: float
    p_woord_yahtzee: float

    def to_json(self) -> dict[str, Any]:
        """A plain JSON object."""
        return {"expected_score": self.expected_score, "rounds": self.rounds,
                "boxes": self.boxes, "upper_bonus": self.upper_bonus,
                "woord_yahtzee_bonus": self.woord_yahtzee_bonus,
                "p_upper_bonus": self.p_upper_bonus, "p_woord_yahtzee": self.p_woord_yahtzee}


def _best_keeps_arg(lat: Lattice, lattice: FloatArray) -> tuple[FloatArray, IntArray]:
    """:meth:`Lattice.best_keeps` that also says which partial outcome (flat index) wins;
    ties go to throwing more dice."""
    index = np.arange(lattice.size).reshape(lattice.shape)
    for i, f in enumerate(lat.faces):
        head = lat.full[:i]
        target = lattice[(*head, slice(0, f))]
        star = lattice[(*head, slice(f, f + 1))]
        better = np.broadcast_to(star, target.shape) >= target
        np.copyto(target, np.broadcast_to(star, target.shape), where=better)
        t_index = index[(*head, slice(0, f))]
        np.copyto(t_index, np.broadcast_to(index[(*head, slice(f, f + 1))], t_index.shape),
                  where=better)
    return lattice[lat.full].reshape(-1), index[lat.full].reshape(-1)


def _spread(lat: Lattice, mass: npt.NDArray[Any]) -> FloatArray:
    """Mass on partial outcomes → mass on full outcomes (each thrown die uniform)."""
    array = mass.reshape(lat.shape)
    for i in range(lat.n - 1, -1, -1):
        f = lat.faces[i]
        dims = array.shape
        pre, post = int(np.prod(dims[:i])), int(np.prod(dims[i + 1:]))
        block = array.reshape(pre, f + 1, post)
        array = (block[:, :f] + block[:, f:f + 1] / f).reshape(
            (*dims[:i], f, *dims[i + 1:]))
    return array.reshape(-1)


def _turn_claims(strategy: WoordStrategy, k: int,
                 state: tuple[int, int]) -> dict[str, FloatArray]:
    """The probability that the turn of ``state`` ends with each kind of claim on each
    outcome (arrays over the outcomes, summing to 1 in all)."""
    lat = strategy._lattice
    consts = strategy._consts(k, [state])
    table = strategy.table
    n = table.scores.shape[0]
    x = table.column(strategy.rounds[k])
    options = np.full((len(KINDS), n), -np.inf)
    options[0] = consts.round_box[x, 0]
    for row, name in enumerate(KINDS[1:], 1):
        col = table.column(name)
        ok = col > 0
        const = consts.special[name][0]
        options[row, ok] = col[ok] + const if BOX[name].points is None else const
    late_options = options[:1 + len(LATE_SPECIALS)]
    late_choice = late_options.argmax(axis=0)
    late = late_options.max(axis=0)
    early_choice = options.argmax(axis=0)
    early = options.max(axis=0)

    # backwards: the keep lattices (float64), with the winning partial of every outcome
    expect3 = lat.expectations(late.reshape(lat.faces)).copy()
    best3, arg3 = _best_keeps_arg(lat, expect3)
    value2 = np.maximum(early, best3)
    expect2 = lat.expectations(value2.reshape(lat.faces)).copy()
    best2, arg2 = _best_keeps_arg(lat, expect2)

    # forwards: mass after each throw
    ends: dict[str, FloatArray] = {kind: np.zeros(n) for kind in KINDS}
    mass = np.full(n, 1.0 / n)
    for best, arg in ((best2, arg2), (best3, arg3)):
        claim = early >= best
        for j, kind in enumerate(KINDS):
            chosen = claim & (early_choice == j)
            ends[kind][chosen] += mass[chosen]
        moving = ~claim
        on_lattice = np.bincount(arg[moving], weights=mass[moving], minlength=expect3.size)
        mass = _spread(lat, on_lattice)
    for j, kind in enumerate(KINDS[:2]):
        chosen = late_choice == j
        ends[kind][chosen] += mass[chosen]
    return ends


def exact_breakdown(strategy: WoordStrategy,
                    progress: Callable[[int, int], None] | None = None) -> Breakdown:
    """Follow the optimal policy forward (module docstring); a few minutes for ``nl``."""
    rounds = strategy.rounds
    t = strategy.threshold
    plan = strategy._plan()
    prob = np.zeros_like(strategy.values)
    prob[0, 0, 0] = 1.0
    per_round = [0.0] * len(rounds)
    boxes = dict.fromkeys(BOXES, 0.0)
    upper_bonus = wy_bonus = p_bonus = 0.0
    table = strategy.table
    total = sum(len(p) for p in plan.values())
    done = 0
    for k, box in enumerate(rounds):
        upper = box in UPPER_BOXES
        x = table.column(box).astype(np.int64)
        for (s, _), members in plan[k].items():
            done += 1
            if progress:
                progress(done, total)
            weights = prob[k, s, members]
            if not weights.any():
                continue
            ends = _turn_claims(strategy, k, (s, members[0]))
            by_x = np.bincount(x, weights=ends["round"])
            taken = {name: float(ends[name].sum()) for name in KINDS[1:]}
            # a box scoring its words: the expected points of the words it takes
            worded = {name: float(ends[name] @ table.column(name).astype(np.float64))
                      for name in KINDS[1:] if BOX[name].points is None}
            for u, w in zip(members, weights.tolist(), strict=True):
                if w == 0:
                    continue
                points = 0.0
                for value, p in enumerate(by_x.tolist()):
                    if p == 0:
                        continue
                    after = min(u + value, t) if upper else u
                    prob[k + 1, s, after] += w * p
                    boxes[box] += w * p * value
                    points += p * value
                    if upper and crossed(u, u + value, t):
                        upper_bonus += w * p * UPPER_BONUS
                        p_bonus += w * p
                        points += p * UPPER_BONUS
                for name, p in taken.items():
                    spec = BOX[name]
                    if s & BIT[name]:  # used: only a repeat bonus is claimed again
                        if spec.repeat_bonus:
                            prob[k + 1, s, u] += w * p
                            wy_bonus += w * p * spec.repeat_bonus
                            points += p * spec.repeat_bonus
                        continue
                    prob[k + 1, s | BIT[name], u] += w * p
                    if spec.points is None:
                        boxes[name] += w * worded[name]
                        points += worded[name]
                    else:
                        boxes[name] += w * p * spec.points
                        points += p * spec.points
                per_round[k] += w * points
    p_wy = float(sum(prob[len(rounds), s].sum() for s in range(prob.shape[1])
                     if s & BIT["woord_yahtzee"]))
    return Breakdown(sum(per_round), per_round, boxes, upper_bonus, wy_bonus, p_bonus, p_wy)
