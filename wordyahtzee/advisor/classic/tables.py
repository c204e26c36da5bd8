"""The numeric kernel of the classic strategy: the multisets of dice, the rule tables of a
joker reading, one turn evaluated for many states at once (:func:`_turn`, for advice and
simulation) and the table's kernel (:func:`_start_values` on a :class:`_Workspace`, over
the states of :func:`_levels`); see :mod:`.strategy` and docs/classic.md."""


from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from math import factorial
from typing import Any

import numpy as np
import numpy.typing as npt

from ...modes.bonus import claim_bonus
from ...modes.classic import (
    BOXES,
    NUM_DICE,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    YAHTZEE_BONUS,
    YAHTZEE_SCORE,
    box_score,
    legal_scores,
)

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
Index = npt.NDArray[np.integer[Any]]
"""Masks, upper totals or armed flags of states (the levels' are small integer types)."""

NBOX = len(BOXES)
NMASK = 1 << NBOX
NUPPER = UPPER_BONUS_THRESHOLD + 1
YAHTZEE_BIT = BOXES.index("yahtzee")
ALL_UPPER = (1 << len(UPPER_BOXES)) - 1
CHUNK = 128  # states evaluated together: their arrays stay in the processor's cache
SPARSE = 64  # a lower box scoring on at most this many rolls is written row by row
_BOX_BITS = np.arange(NBOX)[:, None]  # a column of every box's bit number
_PIPS = (np.arange(1, 7)[:, None] * np.arange(NUM_DICE + 1))[:, :, None]
"""``_PIPS[b, c]``: the points of ``c`` dice showing ``b + 1`` in upper box ``b``."""


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


class _JokerDeltas:
    """The change a Yahtzee of each face makes to each box's score, per mask of filled
    boxes, indexed like an array of shape (8192, 6, 13) (``deltas[mask, face - 1, box]``,
    any of them arrays or slices): 0 while the yahtzee box is open, -inf where the box is
    filled or the joker may not go. Worked out from the 768 cases of :func:`_rule_tables`
    for the masks asked for (the whole array was 2.5 MB of every table's peak memory)."""

    shape = (NMASK, 6, NBOX)

    def __init__(self, case: npt.NDArray[np.float32], case_of: IntArray) -> None:
        self.case = case  # (6, 2, 128, 13): face, own upper box filled, lower boxes filled
        self.case_of = case_of  # (8192,): each mask's lower-box bits

    def rows(self, mask: Index) -> npt.NDArray[np.float32]:
        """``self[mask]`` for masks ``(n,)``: shape ``(n, 6, 13)``, made a row per mask."""
        out = self.case[np.arange(6), mask[:, None] >> np.arange(6) & 1,
                        self.case_of[mask][:, None]]
        out[(mask[:, None] >> np.arange(NBOX) & 1).astype(bool)[:, None, :]
            .repeat(6, axis=1)] = -np.inf
        out[~(mask >> YAHTZEE_BIT & 1).astype(bool)] = 0.0
        return out  # type: ignore[no-any-return]  # numpy types fancy indexing as Any

    def __getitem__(self, index: Any) -> npt.NDArray[np.float32]:
        if isinstance(index, np.ndarray) and index.ndim == 1:
            return self.rows(index)
        index = index if isinstance(index, tuple) else (index,)
        index += (slice(None),) * (3 - len(index))
        picked = [np.asarray(i, dtype=np.int64) if not isinstance(i, slice)
                  else np.arange(size)[i] for i, size in zip(index, self.shape, strict=True)]
        sliced = [isinstance(i, slice) for i in index]
        # numpy's rule: the array indices broadcast together, the sliced axes follow
        advanced = np.broadcast_shapes(*(p.shape for p, s in zip(picked, sliced, strict=True)
                                         if not s))
        tail = [len(p) for p, s in zip(picked, sliced, strict=True) if s]
        shaped = []
        k = 0
        for p, s in zip(picked, sliced, strict=True):
            if s:
                shape = [1] * (len(advanced) + len(tail))
                shape[len(advanced) + k] = len(p)
                shaped.append(p.reshape(shape))
                k += 1
            else:
                shaped.append(p.reshape(p.shape + (1,) * len(tail)))
        mask, face, box = np.broadcast_arrays(*shaped)
        out = self.case[face, mask >> face & 1, self.case_of[mask], box]
        out[(mask >> box & 1).astype(bool)] = -np.inf
        out[~(mask >> YAHTZEE_BIT & 1).astype(bool)] = 0.0
        return out  # type: ignore[no-any-return]  # numpy types fancy indexing as Any


@dataclass(frozen=True)
class _RuleTables:
    base: FloatArray        # (13, 252): ordinary score of each roll in each box
    sparse: dict[int, tuple[IntArray, FloatArray]]  # lower boxes that score on few rolls
    # but Yahtzees (four of a kind, full house, the straights, yahtzee): those rolls' rows
    # and their scores (a column)
    joker_delta: _JokerDeltas  # [mask, f, b]: change for a Yahtzee of face f + 1 once the
    # yahtzee box is filled; -inf = illegal
    upper_bonus_at: int  # the upper bonus threshold: upper totals are stored capped at it


def _rule_tables(joker: str, upper_bonus_at: int = UPPER_BONUS_THRESHOLD) -> _RuleTables:
    """The scores of every roll in every box and the joker's changes to them, for the upper
    bonus at ``upper_bonus_at``.

    Whether a joker may go in an open box, and for how much, depends only on whether the
    upper box of its number and each lower box are filled (:func:`legal_scores`): the
    engine is asked once per such case (768) rather than once per mask (49,152), and a
    filled box is -inf whatever the case. The changes are whole numbers or -inf, exact in
    float32."""
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
    sparse: dict[int, tuple[IntArray, FloatArray]] = {}
    for box in range(len(UPPER_BOXES), NBOX):
        if np.count_nonzero(base[box]) <= SPARSE:
            rows = np.flatnonzero((base[box] > 0) & ~ms.is_yahtzee)
            sparse[box] = (rows, base[box][rows][:, None])
    return _RuleTables(base, sparse, _JokerDeltas(case, case_of), upper_bonus_at)


def _reachable_uppers(upper_bonus_at: int = UPPER_BONUS_THRESHOLD) -> list[IntArray]:
    """For each set of filled upper boxes (6-bit mask): the upper totals it can reach, capped
    at ``upper_bonus_at``."""
    out: list[IntArray] = []
    for sub in range(ALL_UPPER + 1):
        if sub == ALL_UPPER:
            out.append(np.array([0]))  # nothing upper left to play for: one value serves all
            continue
        totals = {0}
        for i in range(6):
            if sub >> i & 1:
                totals = {min(upper_bonus_at, t + c * (i + 1)) for t in totals for c in range(6)}
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
    deltas = rules.joker_delta[mask]  # (n, 6, 13)
    per_box = np.empty((NBOX, len(ms.rolls), n)) if keep_boxes else None
    for b in range(NBOX):
        closed = (mask >> b & 1).astype(bool)
        if closed.all():
            if per_box is not None:
                per_box[b] = -np.inf
            continue
        nxt = (mask | (1 << b)) * (rules.upper_bonus_at + 1)
        if b < len(UPPER_BOXES):
            face = b + 1
            vc = np.empty((NUM_DICE + 1, n))
            for c in range(NUM_DICE + 1):
                raised = upper + c * face
                vc[c] = flat[((nxt + np.minimum(raised, rules.upper_bonus_at)) * 2) + armed]
                vc[c] += c * face + claim_bonus(upper, raised, rules.upper_bonus_at)
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
        cand[ms.yahtzee_rows] += deltas[:, :, b].T
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

    - ``children``: per size 0..4, every keep's six keeps of one die more, flattened child
      by child (all first children, then all second ones, …): the mean over them is a sum
      over the outer axis, whole rows at once;
    - ``subs``: per size 1..5, every multiset's one-die-smaller sub-multisets, *k* of them
      for a multiset of *k* dice (repeats where it has fewer), flattened the same way and
      in groups of at most as many rows as the largest ``children`` table (the scratch
      buffer's size): the best over them is the best over all its smaller sub-multisets.

    The batch's values live in one array of 462 rows (``e``); the best over sub-multisets
    replaces them in place, and ``cand`` (the rolls' candidates while the boxes are
    weighed) holds a size's best meanwhile: about 1.5 MB for 128 states."""

    def __init__(self, n: int) -> None:
        ms = _multisets()
        self.n = n
        self.bounds = [(int(r[0]), int(r[-1]) + 1) for r in ms.rows_of_size]
        self.children = [ms.child[lo:hi].T.reshape(-1) for lo, hi in self.bounds[:NUM_DICE]]
        scratch = max(len(c) for c in self.children)
        self.subs: list[list[IntArray]] = [[]]
        for k, (lo, hi) in enumerate(self.bounds[1:], start=1):
            group = max(1, scratch // (hi - lo))
            self.subs.append([ms.remove[lo:hi, j:min(k, j + group)].T.reshape(-1)
                              for j in range(0, k, group)])
        self.flat = {"e": np.empty(len(ms.sets) * n), "cand": np.empty(len(ms.rolls) * n),
                     "vc": np.empty((NUM_DICE + 1) * n), "zero": np.empty(n),
                     "yahtzee": np.empty(len(ms.yahtzee_rows) * n),
                     "scratch": np.empty(scratch * n)}
        self._plans: dict[int, Any] = {}

    def view(self, name: str, rows: int, n: int) -> FloatArray:
        """The first ``rows`` × ``n`` of a buffer as a C-contiguous array."""
        out: FloatArray = self.flat[name][:rows * n].reshape(rows, n)
        return out

    def _steps(self, n: int) -> tuple[list[tuple[IntArray, FloatArray, FloatArray, slice]],
                                      list[tuple[list[tuple[IntArray, FloatArray,
                                                            FloatArray]], FloatArray, slice]]]:
        """For ``n`` states, each step's index table and the views it gathers into (made
        once per batch size: a batch has tens of steps, a table thousands of batches)."""
        steps = self._plans.get(n)
        if steps is None:
            keep = []
            for k in range(NUM_DICE - 1, -1, -1):
                lo, hi = self.bounds[k]
                taken = self.view("scratch", len(self.children[k]), n)
                keep.append((self.children[k], taken, taken.reshape(6, hi - lo, n),
                             slice(lo, hi)))
            best = []
            for k in range(1, NUM_DICE + 1):
                lo, hi = self.bounds[k]
                groups = []
                for idx in self.subs[k]:
                    taken = self.view("scratch", len(idx), n)
                    groups.append((idx, taken, taken.reshape(-1, hi - lo, n)))
                best.append((groups, self.view("cand", hi - lo, n), slice(lo, hi)))
            steps = self._plans[n] = (keep, best)
        return steps

    def keep_values(self, e: FloatArray) -> None:
        """Fill the keeps of 0..4 dice in ``e`` from its rolls (the last 252 rows)."""
        for idx, taken, children, rows in self._steps(e.shape[1])[0]:
            e.take(idx, axis=0, out=taken, mode="clip")  # clip: unbuffered; all valid
            out = e[rows]
            np.add.reduce(children, axis=0, out=out)
            out /= 6.0

    def best_subsets(self, e: FloatArray) -> None:
        """Replace every multiset's value in ``e`` by the best over its sub-multisets (itself
        included): size by size from the smallest, each reading the bests of the size
        below."""
        for groups, best, rows in self._steps(e.shape[1])[1]:
            for g, (idx, taken, parts) in enumerate(groups):
                e.take(idx, axis=0, out=taken, mode="clip")
                if g == 0:
                    np.maximum.reduce(parts, axis=0, out=best)
                else:
                    for part in parts:
                        np.maximum(best, part, out=best)
            out = e[rows]
            np.maximum(out, best, out=out)


def _start_values(values: FloatArray, rules: _RuleTables, mask: Index, upper: Index,
                  armed: Index, ws: _Workspace) -> FloatArray:
    """Expected remaining score from the start of a turn, for a batch of at most ``ws.n``
    states: the sums of :func:`_turn` (which keeps every intermediate, for advice), in the
    workspace's arrays and without the per-box values."""
    ms = _multisets()
    n = len(mask)
    upper_bonus_at = rules.upper_bonus_at
    flat = values.reshape(-1)
    e = ws.view("e", len(ms.sets), n)
    after = e[ms.first_roll:]  # the rolls' rows of e: the value of each final roll
    cand = ws.view("cand", len(ms.rolls), n)
    after.fill(-np.inf)
    # Every roll but a Yahtzee may go in any open box; a box that does not score on it
    # is worth its value at 0 points there, the same for every such roll: the best of
    # those (``zero``) is one row, and a box scoring on a few rolls only (a full house,
    # the straights, four of a kind) is written on those rows. A Yahtzee's rows (the
    # joker rules) are the best of every box's candidates (``ytz``).
    zero, ytz = ws.view("zero", 1, n)[0], ws.view("yahtzee", len(ms.yahtzee_rows), n)
    zero.fill(-np.inf)
    ytz.fill(-np.inf)
    # a joker only once the yahtzee box is filled
    deltas = rules.joker_delta[mask] if (mask >> YAHTZEE_BIT & 1).any() else None
    # what each box leads to, for every state at once: the next state's row (13, n) and,
    # for the upper boxes, the value of writing each count of their face (6, 6, n)
    closed = (mask >> _BOX_BITS & 1).astype(bool)
    nxt = (mask | 1 << _BOX_BITS) * (upper_bonus_at + 1)
    nupper = len(UPPER_BOXES)
    raised = upper + _PIPS
    vcs = flat[(nxt[:nupper, None] + np.minimum(raised, upper_bonus_at)) * 2 + armed]
    vcs += _PIPS + claim_bonus(upper, raised, upper_bonus_at)
    np.copyto(vcs, -np.inf, where=closed[:nupper, None])
    row = (nxt[nupper:] + upper) * 2
    lower = flat[row + armed]  # (7, n)
    ybox = YAHTZEE_BIT - nupper
    lower[ybox] = flat[row[ybox]]  # the yahtzee box open: not armed
    scored = flat[row[ybox] + 1] + YAHTZEE_SCORE  # 50 in the yahtzee box: armed from now on
    np.copyto(lower, -np.inf, where=closed[nupper:])
    scored[closed[YAHTZEE_BIT]] = -np.inf
    for b in np.flatnonzero(~closed.all(axis=1)).tolist():
        if b < nupper:
            np.take(vcs[b], ms.counts[:, b], axis=0, out=cand, mode="clip")
        else:
            v = lower[b - nupper]
            sparse = rules.sparse.get(b)
            if sparse is not None:
                np.maximum(zero, v, out=zero)
                rows, scores = sparse
                if len(rows):
                    after[rows] = np.maximum(after[rows], scores + v)
                y = (np.broadcast_to(scored, ytz.shape).copy() if b == YAHTZEE_BIT
                     else rules.base[b][ms.yahtzee_rows][:, None] + v)
                if deltas is not None:
                    y += deltas[:, :, b].T
                np.maximum(ytz, y, out=ytz)
                continue
            np.add(rules.base[b][:, None], v, out=cand)
        if deltas is not None:
            cand[ms.yahtzee_rows] += deltas[:, :, b].T
        np.maximum(after, cand, out=after)
        np.maximum(ytz, cand[ms.yahtzee_rows], out=ytz)
    np.maximum(after, zero, out=after)
    after[ms.yahtzee_rows] = ytz
    after[ms.yahtzee_rows] += YAHTZEE_BONUS * armed.astype(float)
    ws.keep_values(e)  # before the last throw
    ws.best_subsets(e)  # the rolls' rows: after the second throw, the best keep or box
    ws.keep_values(e)  # before the second throw
    ws.best_subsets(e)
    out: FloatArray = ms.roll_prob @ after
    return out


def _levels(upper_bonus_at: int = UPPER_BONUS_THRESHOLD
            ) -> Iterator[tuple[Index, Index, Index, Index, Index]]:
    """The states to compute, by number of filled boxes from 12 down to 0: for each level
    the states' masks, capped upper totals and armed flags, and the states left out (masks
    and upper totals) whose value is that of the same mask at an upper total of 0.

    Left out: an upper total from which the bonus is out of reach (even five of a kind in
    every open upper box would not reach ``upper_bonus_at``), where the total no longer
    matters; and the armed flag while the yahtzee box is open. That is a third of the
    reachable states.
    Made one level at a time, as the table is filled."""
    # what is kept and what left out depends only on the filled upper boxes: worked out
    # once for each of the 64, then laid out mask by mask (armed 0, then armed 1); small
    # integer types, as a level holds up to 88,000 states
    kept_u, kept_a, dropped_u = {}, {}, []
    for sub, ups in enumerate(_reachable_uppers(upper_bonus_at)):
        within = upper_bonus_at - sum(NUM_DICE * (i + 1) for i in range(len(UPPER_BOXES))
                           if not sub >> i & 1)
        kept = ups[(ups == 0) | (ups >= within)].astype(np.int32)
        dropped_u.append(ups[(ups != 0) & (ups < within)].astype(np.int32))
        kept_u[sub, 0], kept_a[sub, 0] = kept, np.zeros(len(kept), dtype=np.int8)
        kept_u[sub, 1] = np.concatenate([kept, kept])
        kept_a[sub, 1] = np.repeat(np.array([0, 1], dtype=np.int8), len(kept))
    masks = np.arange(NMASK, dtype=np.int32)
    count = np.array([m.bit_count() for m in range(NMASK)])
    for level in range(NBOX - 1, -1, -1):
        at = masks[count == level]
        keys = list(zip((at & ALL_UPPER).tolist(), (at >> YAHTZEE_BIT & 1).tolist(),
                        strict=True))
        us = [kept_u[k] for k in keys]
        same_u = [dropped_u[sub] for sub, _ in keys]
        yield (np.repeat(at, [len(u) for u in us]), np.concatenate(us),
               np.concatenate([kept_a[k] for k in keys]),
               np.repeat(at, [len(u) for u in same_u]), np.concatenate(same_u))


def level_sizes(upper_bonus_at: int = UPPER_BONUS_THRESHOLD) -> list[int]:
    """How many states each level of :func:`_levels` computes (12 filled boxes first)."""
    return [len(level[0]) for level in _levels(upper_bonus_at)]
