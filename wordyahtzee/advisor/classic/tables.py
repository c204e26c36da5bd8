"""The numeric kernel of the classic strategy: the multisets of dice, the rule tables of a
joker reading, and one turn evaluated for many states at once (see :mod:`.strategy`)."""


from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import factorial

import numpy as np
import numpy.typing as npt

from ...modes.classic import (
    BOXES,
    NUM_DICE,
    UPPER_BONUS,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    YAHTZEE_BONUS,
    YAHTZEE_SCORE,
    box_score,
    legal_scores,
)

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: Environment variable that overrides the cache folder.
#: Bumped whenever the table layout or the rules model changes; old cache files are ignored.
TABLE_VERSION = 1

NBOX = len(BOXES)
NMASK = 1 << NBOX
UPPER_CAP = UPPER_BONUS_THRESHOLD  # upper totals are stored capped at 63
NUPPER = UPPER_CAP + 1
YAHTZEE_BIT = BOXES.index("yahtzee")
ALL_UPPER = (1 << len(UPPER_BOXES)) - 1
CHUNK = 16384  # states evaluated together: bounds memory to a few hundred MB


# ------------------------------------------------------------------------------------------
# Dice multisets


class _Multisets:
    """The 462 multisets of 0..5 dice and the tables that walk between them."""

    def __init__(self) -> None:
        sets: list[tuple[int, ...]] = []
        for size in range(NUM_DICE + 1):
            sets.extend(itertools.combinations_with_replacement(range(1, 7), size))
        self.sets = sets
        self.index = {s: i for i, s in enumerate(sets)}
        self.size = np.array([len(s) for s in sets])
        n = len(sets)
        self.child = np.full((n, 6), -1, dtype=np.int64)
        self.remove = np.zeros((n, NUM_DICE), dtype=np.int64)
        for i, s in enumerate(sets):
            if len(s) < NUM_DICE:
                for f in range(6):
                    self.child[i, f] = self.index[tuple(sorted((*s, f + 1)))]
            if s:
                subs = [self.index[s[:j] + s[j + 1:]] for j in range(len(s))
                        if j == 0 or s[j] != s[j - 1]]
                subs += [subs[0]] * (NUM_DICE - len(subs))
                self.remove[i] = subs
        self.rows_of_size = [np.flatnonzero(self.size == k) for k in range(NUM_DICE + 1)]
        self.rolls = self.rows_of_size[NUM_DICE]
        self.first_roll = int(self.rolls[0])
        self.roll_dice = [sets[i] for i in self.rolls]
        self.roll_index = {d: j for j, d in enumerate(self.roll_dice)}
        counts = np.array([[d.count(f) for f in range(1, 7)] for d in self.roll_dice])
        self.counts = counts  # (252, 6)
        perms = np.array([factorial(NUM_DICE) / np.prod([factorial(c) for c in row])
                          for row in counts])
        self.roll_prob = perms / 6.0 ** NUM_DICE
        self.yahtzee_rows = np.array([self.roll_index[(f,) * NUM_DICE] for f in range(1, 7)])
        self.is_yahtzee = np.zeros(len(self.rolls), dtype=bool)
        self.is_yahtzee[self.yahtzee_rows] = True

    def expectations(self, after: FloatArray) -> FloatArray:
        """Expected value of every keep (462 rows) given the value ``after`` (252 rows) of
        every roll: a keep's value is the mean over the faces of the die added to it."""
        e = np.empty((len(self.sets), after.shape[1]))
        e[self.first_roll:] = after
        for k in range(NUM_DICE - 1, -1, -1):
            rows = self.rows_of_size[k]
            ch = self.child[rows]
            acc = e[ch[:, 0]]
            for f in range(1, 6):
                acc += e[ch[:, f]]
            acc /= 6.0
            e[rows] = acc
        return e

    def best_subsets(self, e: FloatArray) -> FloatArray:
        """For every roll, the best value over its sub-multisets (the roll itself included)."""
        m = np.empty_like(e)
        m[0] = e[0]
        for k in range(1, NUM_DICE + 1):
            rows = self.rows_of_size[k]
            rem = self.remove[rows]
            acc = e[rows]
            for j in range(k):  # a multiset of k dice has at most k distinct faces
                np.maximum(acc, m[rem[:, j]], out=acc)
            m[rows] = acc
        return m[self.first_roll:]


_MS: _Multisets | None = None


def _multisets() -> _Multisets:
    global _MS
    if _MS is None:
        _MS = _Multisets()
    return _MS


# ------------------------------------------------------------------------------------------
# Rule tables, built from the engine's scoring functions


def _mask_boxes(mask: int) -> list[str]:
    return [b for i, b in enumerate(BOXES) if mask >> i & 1]


@dataclass(frozen=True)
class _RuleTables:
    base: FloatArray        # (13, 252): ordinary score of each roll in each box
    joker_delta: FloatArray  # (8192, 6, 13): change for a Yahtzee of face f; -inf = illegal


def _rule_tables(joker: str) -> _RuleTables:
    ms = _multisets()
    base = np.array([[box_score(b, d) for d in ms.roll_dice] for b in BOXES], dtype=float)
    delta = np.zeros((NMASK, 6, NBOX))
    for mask in range(NMASK):
        if not mask >> YAHTZEE_BIT & 1:
            continue  # the yahtzee box is open: a Yahtzee is an ordinary throw
        filled = _mask_boxes(mask)
        for f in range(6):
            dice = (f + 1,) * NUM_DICE
            legal = legal_scores(dice, filled, joker) if len(filled) < NBOX else {}
            row = np.full(NBOX, -np.inf)
            for b, s in legal.items():
                i = BOXES.index(b)
                row[i] = s - base[i, ms.roll_index[dice]]
            delta[mask, f] = row
    return _RuleTables(base, delta)


def _reachable_uppers() -> list[IntArray]:
    """For each set of filled upper boxes (6-bit mask): the reachable capped upper totals."""
    out: list[IntArray] = []
    for sub in range(ALL_UPPER + 1):
        if sub == ALL_UPPER:
            out.append(np.array([0]))  # nothing upper left to play for: one value serves all
            continue
        totals = {0}
        for i in range(6):
            if sub >> i & 1:
                totals = {min(UPPER_CAP, t + c * (i + 1)) for t in totals for c in range(6)}
        out.append(np.array(sorted(totals)))
    return out


# ------------------------------------------------------------------------------------------
# One turn, for many states at once


@dataclass
class _Turn:
    """Every intermediate of one turn for a batch of states (columns)."""

    boxes: FloatArray  # (13, 252, N) value of each box for each final roll (-inf illegal)
    after3: FloatArray  # (252, N) value of each roll after the last throw: best box
    keep3: FloatArray  # (462, N) value of each keep before the last throw
    after2: FloatArray  # (252, N)
    keep2: FloatArray  # (462, N) value of each keep before the second throw
    after1: FloatArray  # (252, N)


def _box_values(values: FloatArray, rules: _RuleTables, mask: IntArray, upper: IntArray,
                armed: IntArray, keep_boxes: bool = False
                ) -> tuple[FloatArray, FloatArray | None]:
    """The value of each final roll (252, N): best legal box, its score, the bonuses and the
    value of the next state. With ``keep_boxes`` also every box's value (13, 252, N)."""
    ms = _multisets()
    flat = values.reshape(-1)
    n = len(mask)
    best = np.full((len(ms.rolls), n), -np.inf)
    per_box = np.empty((NBOX, len(ms.rolls), n)) if keep_boxes else None
    for b in range(NBOX):
        closed = (mask >> b & 1).astype(bool)
        if closed.all():
            if per_box is not None:
                per_box[b] = -np.inf
            continue
        nxt = (mask | (1 << b)) * NUPPER
        if b < len(UPPER_BOXES):
            face = b + 1
            vc = np.empty((NUM_DICE + 1, n))
            for c in range(NUM_DICE + 1):
                raised = upper + c * face
                vc[c] = flat[((nxt + np.minimum(raised, UPPER_CAP)) * 2) + armed]
                vc[c] += c * face + UPPER_BONUS * ((upper < UPPER_CAP) & (raised >= UPPER_CAP))
            vc[:, closed] = -np.inf
            cand = vc[ms.counts[:, b]]
        elif b == YAHTZEE_BIT:
            v0 = flat[(nxt + upper) * 2]
            v1 = flat[(nxt + upper) * 2 + 1] + YAHTZEE_SCORE
            v0[closed] = -np.inf
            v1[closed] = -np.inf
            cand = np.where(ms.is_yahtzee[:, None], v1[None, :], v0[None, :])
        else:
            v = flat[(nxt + upper) * 2 + armed]
            v[closed] = -np.inf
            cand = rules.base[b][:, None] + v[None, :]
        for f in range(6):
            cand[ms.yahtzee_rows[f]] += rules.joker_delta[mask, f, b]
        np.maximum(best, cand, out=best)
        if per_box is not None:
            per_box[b] = cand
    bonus = YAHTZEE_BONUS * armed.astype(float)
    best[ms.yahtzee_rows] += bonus
    if per_box is not None:
        per_box[:, ms.yahtzee_rows] += bonus
    return best, per_box


def _turn(values: FloatArray, rules: _RuleTables, mask: IntArray, upper: IntArray,
          armed: IntArray) -> _Turn:
    ms = _multisets()
    after3, per_box = _box_values(values, rules, mask, upper, armed, keep_boxes=True)
    assert per_box is not None
    keep3 = ms.expectations(after3)
    after2 = ms.best_subsets(keep3)
    keep2 = ms.expectations(after2)
    after1 = ms.best_subsets(keep2)
    return _Turn(per_box, after3, keep3, after2, keep2, after1)


def _state_values(values: FloatArray, rules: _RuleTables, mask: IntArray, upper: IntArray,
                  armed: IntArray) -> FloatArray:
    """Expected remaining score from the start of a turn, for a batch of states."""
    ms = _multisets()
    after3, _ = _box_values(values, rules, mask, upper, armed)
    after2 = ms.best_subsets(ms.expectations(after3))
    del after3
    after1 = ms.best_subsets(ms.expectations(after2))
    del after2
    out: FloatArray = ms.roll_prob @ after1
    return out
