"""The numeric kernel of the classic strategy: the multisets of dice, the rule tables of a
joker reading, one turn evaluated for many states at once (:func:`_turn`, for advice and
simulation) and the table's kernel (:func:`_start_values` on a :class:`_Workspace`, over
the states of :func:`_levels`); see :mod:`.strategy` and docs/classic.md."""


from __future__ import annotations

import itertools
from collections.abc import Iterator
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

NBOX = len(BOXES)
NMASK = 1 << NBOX
UPPER_CAP = UPPER_BONUS_THRESHOLD  # the standard table stores upper totals capped at 63
NUPPER = UPPER_CAP + 1
YAHTZEE_BIT = BOXES.index("yahtzee")
ALL_UPPER = (1 << len(UPPER_BOXES)) - 1
CHUNK = 256  # states evaluated together: their arrays stay in the processor's cache


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


@dataclass(frozen=True)
class _RuleTables:
    base: FloatArray        # (13, 252): ordinary score of each roll in each box
    joker_delta: npt.NDArray[np.float32]  # (8192, 6, 13): change for a Yahtzee of face f
    # once the yahtzee box is filled; -inf = illegal
    cap: int  # the upper bonus threshold: upper totals are stored capped at it


def _rule_tables(joker: str, cap: int = UPPER_CAP) -> _RuleTables:
    """The scores of every roll in every box and the joker's changes to them, for the upper
    bonus at ``cap``.

    Whether a joker may go in an open box, and for how much, depends only on whether the
    upper box of its number and each lower box are filled (:func:`legal_scores`): the
    engine is asked once per such case (768) rather than once per mask (49,152), and a
    filled box is -inf whatever the case. The changes are whole numbers or -inf, exact in
    float32 (half the memory)."""
    ms = _multisets()
    base = np.array([[box_score(b, d) for d in ms.roll_dice] for b in BOXES], dtype=float)
    lower = [BOXES.index(b) for b in BOXES if b not in UPPER_BOXES]
    # case[f, own filled, lower filled (bits in the order of `lower`)] -> row over the boxes
    case = np.full((6, 2, 1 << len(lower), NBOX), -np.inf, dtype=np.float32)
    ybit = lower.index(YAHTZEE_BIT)
    for f in range(6):
        dice = (f + 1,) * NUM_DICE
        roll = ms.roll_index[dice]
        for own in (0, 1):
            for bits in range(1 << len(lower)):
                if not bits >> ybit & 1:
                    continue  # the yahtzee box is open: never a joker
                filled = [BOXES[i] for j, i in enumerate(lower) if bits >> j & 1]
                if own:
                    filled.append(UPPER_BOXES[f])
                for b, score in legal_scores(dice, filled, joker).items():
                    i = BOXES.index(b)
                    case[f, own, bits, i] = score - base[i, roll]
    masks = np.arange(NMASK)
    case_of = np.zeros(NMASK, dtype=np.int64)  # each mask's lower-box bits
    for j, i in enumerate(lower):
        case_of |= (masks >> i & 1) << j
    closed = (masks[:, None] >> np.arange(NBOX) & 1).astype(bool)  # (8192, 13)
    delta = np.zeros((NMASK, 6, NBOX), dtype=np.float32)
    armed = (masks >> YAHTZEE_BIT & 1).astype(bool)
    for f in range(6):
        row = case[f, masks >> f & 1, case_of]
        row[closed] = -np.inf
        delta[armed, f] = row[armed]
    return _RuleTables(base, delta, cap)


def _reachable_uppers(cap: int = UPPER_CAP) -> list[IntArray]:
    """For each set of filled upper boxes (6-bit mask): the upper totals it can reach, capped
    at ``cap``."""
    out: list[IntArray] = []
    for sub in range(ALL_UPPER + 1):
        if sub == ALL_UPPER:
            out.append(np.array([0]))  # nothing upper left to play for: one value serves all
            continue
        totals = {0}
        for i in range(6):
            if sub >> i & 1:
                totals = {min(cap, t + c * (i + 1)) for t in totals for c in range(6)}
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
        nxt = (mask | (1 << b)) * (rules.cap + 1)
        if b < len(UPPER_BOXES):
            face = b + 1
            vc = np.empty((NUM_DICE + 1, n))
            for c in range(NUM_DICE + 1):
                raised = upper + c * face
                vc[c] = flat[((nxt + np.minimum(raised, rules.cap)) * 2) + armed]
                vc[c] += c * face + UPPER_BONUS * ((upper < rules.cap) & (raised >= rules.cap))
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


# ------------------------------------------------------------------------------------------
# The table's kernel: start-of-turn values for a batch of states, in buffers made once


class _Workspace:
    """The arrays one batch of at most ``n`` states is evaluated in, allocated once and
    reused for every batch (fresh arrays per step made the kernel fault in pages for a
    quarter of its time), and the index tables that walk the 462 multisets:

    - ``children``: per size 0..4, every keep's six keeps of one die more, flattened (the
      mean over them is the keep's expected value);
    - ``subs``: per size 1..5, every multiset's one-die-smaller sub-multisets, *k* of them
      for a multiset of *k* dice (repeats where it has fewer), flattened: the best over
      them is the best over all its smaller sub-multisets."""

    def __init__(self, n: int) -> None:
        ms = _multisets()
        self.n = n
        self.bounds = [(int(r[0]), int(r[-1]) + 1) for r in ms.rows_of_size]
        self.children = [ms.child[lo:hi].reshape(-1) for lo, hi in self.bounds[:NUM_DICE]]
        # a multiset of k dice has at most k distinct sub-multisets of k - 1 dice; fewer are
        # padded with the first (ms.remove), so every row of a size has a run of k
        self.subs = [ms.remove[lo:hi, :k].reshape(-1) for k, (lo, hi) in enumerate(self.bounds)]
        scratch = max(max(len(c) for c in self.children), max(len(s) for s in self.subs))
        self.flat = {"e": np.empty(len(ms.sets) * n), "m": np.empty(len(ms.sets) * n),
                     "cand": np.empty(len(ms.rolls) * n), "vc": np.empty((NUM_DICE + 1) * n),
                     "scratch": np.empty(scratch * n)}

    def view(self, name: str, rows: int, n: int) -> FloatArray:
        """The first ``rows`` × ``n`` of a buffer as a C-contiguous array."""
        out: FloatArray = self.flat[name][:rows * n].reshape(rows, n)
        return out

    def keep_values(self, e: FloatArray) -> None:
        """Fill the keeps of 0..4 dice in ``e`` from its rolls (the last 252 rows)."""
        n = e.shape[1]
        for k in range(NUM_DICE - 1, -1, -1):
            lo, hi = self.bounds[k]
            idx = self.children[k]
            taken = self.view("scratch", len(idx), n)
            np.take(e, idx, axis=0, out=taken, mode="clip")  # clip: unbuffered; all valid
            out = e[lo:hi]
            np.sum(taken.reshape(hi - lo, 6, n), axis=1, out=out)
            out /= 6.0

    def best_subsets(self, e: FloatArray, m: FloatArray) -> None:
        """``m`` = for every multiset, the best value in ``e`` over its sub-multisets."""
        n = e.shape[1]
        m[0] = e[0]
        for k in range(1, NUM_DICE + 1):
            lo, hi = self.bounds[k]
            idx = self.subs[k]
            taken = self.view("scratch", len(idx), n)
            np.take(m, idx, axis=0, out=taken, mode="clip")
            out = m[lo:hi]
            np.max(taken.reshape(hi - lo, k, n), axis=1, out=out)
            np.maximum(out, e[lo:hi], out=out)


def _start_values(values: FloatArray, rules: _RuleTables, mask: IntArray, upper: IntArray,
                  armed: IntArray, ws: _Workspace) -> FloatArray:
    """Expected remaining score from the start of a turn, for a batch of at most ``ws.n``
    states: the sums of :func:`_turn` (which keeps every intermediate, for advice), in the
    workspace's arrays and without the per-box values."""
    ms = _multisets()
    n = len(mask)
    flat = values.reshape(-1)
    e, m = ws.view("e", len(ms.sets), n), ws.view("m", len(ms.sets), n)
    after = e[ms.first_roll:]  # the rolls' rows of e: the value of each final roll
    cand, vc = ws.view("cand", len(ms.rolls), n), ws.view("vc", NUM_DICE + 1, n)
    after.fill(-np.inf)
    yahtzee_armed = (mask >> YAHTZEE_BIT & 1).astype(bool)
    for b in range(NBOX):
        closed = (mask >> b & 1).astype(bool)
        if closed.all():
            continue
        nxt = (mask | (1 << b)) * (rules.cap + 1)
        if b < len(UPPER_BOXES):
            face = b + 1
            for c in range(NUM_DICE + 1):
                raised = upper + c * face
                vc[c] = flat[(nxt + np.minimum(raised, rules.cap)) * 2 + armed]
                vc[c] += c * face + UPPER_BONUS * ((upper < rules.cap) & (raised >= rules.cap))
            vc[:, closed] = -np.inf
            np.take(vc, ms.counts[:, b], axis=0, out=cand, mode="clip")
        elif b == YAHTZEE_BIT:
            v0 = flat[(nxt + upper) * 2]
            v0[closed] = -np.inf
            cand[:] = v0
            v1 = flat[(nxt + upper) * 2 + 1] + YAHTZEE_SCORE
            v1[closed] = -np.inf
            cand[ms.yahtzee_rows] = v1
        else:
            v = flat[(nxt + upper) * 2 + armed]
            v[closed] = -np.inf
            np.add(rules.base[b][:, None], v[None, :], out=cand)
        if yahtzee_armed.any():  # a joker only once the yahtzee box is filled
            for f in range(6):
                cand[ms.yahtzee_rows[f]] += rules.joker_delta[mask, f, b]
        np.maximum(after, cand, out=after)
    after[ms.yahtzee_rows] += YAHTZEE_BONUS * armed.astype(float)
    ws.keep_values(e)  # before the last throw
    ws.best_subsets(e, m)
    after[:] = m[ms.first_roll:]  # after the second throw: the best keep or box
    ws.keep_values(e)  # before the second throw
    ws.best_subsets(e, m)
    out: FloatArray = ms.roll_prob @ m[ms.first_roll:]
    return out


def _levels(cap: int = UPPER_CAP
            ) -> Iterator[tuple[IntArray, IntArray, IntArray, IntArray, IntArray]]:
    """The states to compute, by number of filled boxes from 12 down to 0: for each level
    the states' masks, capped upper totals and armed flags, and the states left out (masks
    and upper totals) whose value is that of the same mask at an upper total of 0.

    Left out: an upper total from which the bonus is out of reach (even five of a kind in
    every open upper box would not reach ``cap``), where the total no longer matters; and the
    armed flag while the yahtzee box is open. That is a third of the reachable states.
    Made one level at a time, as the table is filled."""
    reach = _reachable_uppers(cap)
    for level in range(NBOX - 1, -1, -1):
        ms_, us, as_, same_m, same_u = [], [], [], [], []
        for mask in range(NMASK):
            if mask.bit_count() != level:
                continue
            ups = reach[mask & ALL_UPPER]
            within = cap - sum(NUM_DICE * (i + 1) for i in range(len(UPPER_BOXES))
                                     if not mask >> i & 1)
            kept = ups[(ups == 0) | (ups >= within)]
            dropped = ups[(ups != 0) & (ups < within)]
            for armed in ((0, 1) if mask >> YAHTZEE_BIT & 1 else (0,)):
                ms_.append(np.full(len(kept), mask))
                us.append(kept)
                as_.append(np.full(len(kept), armed))
            same_m.append(np.full(len(dropped), mask))
            same_u.append(dropped)
        yield (np.concatenate(ms_), np.concatenate(us), np.concatenate(as_),
               np.concatenate(same_m).astype(np.int64), np.concatenate(same_u).astype(np.int64))


def level_sizes(cap: int = UPPER_CAP) -> list[int]:
    """How many states each level of :func:`_levels` computes (12 filled boxes first)."""
    return [len(level[0]) for level in _levels(cap)]
