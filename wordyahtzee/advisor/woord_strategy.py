"""The optimal solo strategy for Woord Yahtzee in strict order (docs/strategy.md).

A solo game in strict order is, between turns, in a *state*: the round (1..8), which of
the four special boxes are used (a 4-bit mask in :data:`SPECIAL_BOXES` order; since a
special box is never scratched, ``woord_yahtzee`` used means it holds 50 and further
7-letter words earn the 100 bonus), and the upper total capped at the bonus threshold.
:attr:`WoordStrategy.values` holds, for every such state, the expected points still to
come under optimal play (the upper bonus is counted when the total reaches the threshold).

The table is computed backwards from the last round. One turn is a dynamic programme over
the ordered outcomes of the dice (die ``i`` shows face ``f_i``: ``6**7`` of them) and the
keep masks, done on the lattice of *partial* outcomes (:class:`Lattice`: one axis per die,
index ``F`` = "this die is re-thrown"):

- after the last throw an outcome is worth its best legal claim (the round box, or the
  ``woord_yahtzee`` box / its bonus), each claim's value being its points plus the value of
  the state it leads to;
- the expected value of every keep at once is a mean along each re-thrown axis
  (:meth:`Lattice.expectations`);
- the best keep for every outcome is a max over its sub-assignments, one axis at a time
  (:meth:`Lattice.best_keeps`, a max "zeta transform"); after throw 1 or 2 an outcome is
  worth the better of that and its best claim now (the early specials included).

What each box scores on each outcome comes from the solver, once per distinct multiset of
letters (:class:`ScoreTable`). Both tables are cached on disk, keyed by the dictionary's
checksum, the dice set and the rules; a corrupt file is reported and rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import numpy as np
import numpy.typing as npt

from ..dice import DiceSet
from ..errors import RuleError
from ..lexicon import Lexicon, cache_dir, load_lexicon
from ..lexicon.lexicon import word_checksum
from ..modes.woord import (
    BOXES,
    CONSONANTS_SCORE,
    EARLY_ONLY,
    MAX_THROWS,
    ROUND_BOXES,
    SPECIAL_BOXES,
    UPPER_BONUS,
    UPPER_BOXES,
    VOWELS_SCORE,
    WOORD_YAHTZEE_BONUS,
    WOORD_YAHTZEE_SCORE,
    ScoreSheet,
    WoordRules,
)
from .cache import load_or_build

if TYPE_CHECKING:
    from ..modes.woord import WoordGame
    from ..solver import Solver

__all__ = [
    "SCORE_TABLE_VERSION",
    "STRATEGY_VERSION",
    "Lattice",
    "ScoreTable",
    "SheetState",
    "WoordOption",
    "WoordStrategy",
    "load_score_table",
    "load_woord_strategy",
]

FloatArray = npt.NDArray[np.floating[Any]]
IntArray = npt.NDArray[np.int64]

#: Bumped when the score table's layout changes (old cache files are then rebuilt).
SCORE_TABLE_VERSION = 1
#: Bumped when the strategy table's layout, the rules model or its arithmetic changes
#: (2: the table in float64).
STRATEGY_VERSION = 2

NSPECIAL = len(SPECIAL_BOXES)
BIT = {b: 1 << i for i, b in enumerate(SPECIAL_BOXES)}
"""Bit of each special box in a state's special mask."""
COLUMN = {b: i for i, b in enumerate(BOXES)}
"""Column of each box in :attr:`ScoreTable.scores`."""


# ------------------------------------------------------------------------------------------
# The lattice of partial outcomes


class Lattice:
    """Ordered outcomes of dice with ``faces[i]`` equally likely faces each, and the partial
    outcomes where some dice are re-thrown (index ``faces[i]`` on axis ``i``).
    """

    def __init__(self, faces: Sequence[int]) -> None:
        if not faces or min(faces) < 1:
            raise RuleError("every die needs at least one face", "bad_dice_set")
        self.faces = tuple(int(f) for f in faces)
        self.n = len(self.faces)
        self.shape = tuple(f + 1 for f in self.faces)
        self.outcomes = int(np.prod(self.faces))
        self.full = tuple(slice(0, f) for f in self.faces)
        self._local = threading.local()

    def buffer(self, name: str, shape: tuple[int, ...], dtype: Any) -> FloatArray:
        """A scratch array of this thread, reused from call to call (allocating megabytes
        for every step costs more than the arithmetic)."""
        pool: dict[tuple[str, tuple[int, ...], Any], FloatArray] = getattr(
            self._local, "pool", None) or {}
        self._local.pool = pool
        key = (name, shape, np.dtype(dtype))
        array = pool.get(key)
        if array is None:
            array = pool[key] = np.empty(shape, dtype=dtype)
        return array

    def expectations(self, values: FloatArray) -> FloatArray:
        """Every partial outcome's expected value when its starred dice are thrown.

        ``values``: shape ``faces`` (each full outcome's value); returns shape ``shape``,
        whose full outcomes are ``values`` itself. One axis at a time, on contiguous
        blocks: a mean along the axis appended as its index ``faces[i]``. The result is a
        scratch array (:meth:`buffer`), valid until the next call in this thread.
        """
        dtype = values.dtype
        array = values
        for i, f in enumerate(self.faces):
            dims = array.shape
            pre, post = int(np.prod(dims[:i])), int(np.prod(dims[i + 1:]))
            block = array.reshape(pre, f, post)
            out = self.buffer(f"axis{i}", (pre, f + 1, post), dtype)
            out[:, :f] = block
            if post >= 32:  # long rows: add the slices
                acc = out[:, f]
                acc[...] = block[:, 0]
                for j in range(1, f):
                    acc += block[:, j]
                acc *= dtype.type(1.0 / f)
            else:  # short rows: one matrix product
                np.matmul(np.full(f, 1.0 / f, dtype=dtype), block, out=out[:, f])
            array = out.reshape((*dims[:i], f + 1, *dims[i + 1:]))
        return array

    def best_keeps(self, lattice: FloatArray) -> FloatArray:
        """For every full outcome, the max over its sub-assignments (every keep mask, the
        full outcome itself included). Works in place on ``lattice``; returns the view of
        its full outcomes."""
        for i, f in enumerate(self.faces):
            head = self.full[:i]
            target = lattice[(*head, slice(0, f))]
            np.maximum(target, lattice[(*head, slice(f, f + 1))], out=target)
        return lattice[self.full]

    def aimed_turn(self, values: npt.ArrayLike, throws: int = MAX_THROWS) -> float:
        """The expected value of a turn of ``throws`` throws that aims at ``values`` alone
        (each full outcome's value, flat or shaped ``faces``): after each throw but the
        last, stop or keep the dice whose re-throw promises most. With 0/1 values, the
        chance of reaching a hit (a 7-letter word, a 6-letter word) within the turn."""
        value = np.asarray(values, dtype=np.float64).reshape(-1)
        for _ in range(throws - 1):
            best = self.best_keeps(self.expectations(value.reshape(self.faces)))
            value = np.maximum(value, best.reshape(-1))
        return float(value.mean())

    def index(self, faces: Sequence[int], keep_mask: int) -> tuple[int, ...]:
        """The lattice index of the outcome ``faces`` with the dice outside ``keep_mask``
        (bit ``i`` = die ``i`` kept) re-thrown."""
        return tuple(f if keep_mask >> i & 1 else self.faces[i] for i, f in enumerate(faces))


# ------------------------------------------------------------------------------------------
# What each outcome scores


def dice_key(dice_set: DiceSet) -> str:
    """A short hash of a dice set's faces and values (part of the cache keys)."""
    raw = json.dumps(dice_set.to_json()["dice"], separators=(",", ":"))
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class ScoreTable:
    """Every ordered outcome's best score in each of the twelve boxes (``scores``, shape
    ``(outcomes, 12)``, columns in :data:`~wordyahtzee.modes.woord.BOXES` order, row ``o``
    the outcome whose faces are the digits of ``o`` in the mixed radix of the dice, die 0
    most significant). ``key`` identifies the dictionary, dice and rules it was made for."""

    faces: tuple[int, ...]
    scores: npt.NDArray[np.int16]
    key: str

    @classmethod
    def build(cls, solver: Solver,
              progress: Callable[[int, int], None] | None = None) -> ScoreTable:
        """Solve each distinct multiset of letters once and scatter it to its outcomes."""
        dice = solver.dice_set
        faces = tuple(len(d) for d in dice.dice)
        grid = np.indices(faces).reshape(len(faces), -1).T  # (outcomes, n) face indices
        codes = np.empty_like(grid)
        for d in range(len(faces)):
            letters = np.array([ord(ch) for ch in dice.letters(d)])
            codes[:, d] = letters[grid[:, d]]
        codes.sort(axis=1)
        unique, inverse = np.unique(codes, axis=0, return_inverse=True)
        rows = np.empty((len(unique), len(BOXES)), dtype=np.int16)
        total = len(unique)
        if progress:
            progress(0, total)
        for j, row in enumerate(unique):
            solution = solver.solve("".join(map(chr, row)))
            rows[j] = [solution.boxes[b].score for b in BOXES]
            if progress and (j % 2000 == 1999 or j == total - 1):
                progress(j + 1, total)
        return cls(faces, rows[inverse.reshape(-1)], score_table_key(solver))

    def column(self, box: str) -> npt.NDArray[np.int16]:
        """The scores of one box for every outcome."""
        return self.scores[:, COLUMN[box]]

    def save(self, path: Path) -> None:
        """Write atomically, with a checksum."""
        _save_npz(path, {"scores": self.scores},
                  {"version": SCORE_TABLE_VERSION, "key": self.key, "faces": list(self.faces)})

    @classmethod
    def load(cls, path: Path, key: str) -> ScoreTable:
        """Read :meth:`save` output; ``ValueError`` says what is wrong with the file."""
        arrays, meta = _load_npz(path, SCORE_TABLE_VERSION, key)
        scores = arrays["scores"]
        faces = tuple(meta.get("faces") or ())
        if (scores.dtype != np.int16 or scores.ndim != 2 or scores.shape[1] != len(BOXES)
                or not faces or scores.shape[0] != int(np.prod(faces))):
            raise ValueError(f"has a table of shape {scores.shape}")
        return cls(faces, scores, key)


def score_table_key(solver: Solver) -> str:
    """The cache key of a solver's score table: dictionary checksum, dice, word rules."""
    lexicon = solver.lexicon
    rules = solver.rules
    checksum = lexicon.info.checksum or word_checksum(w for w, _ in lexicon.frequencies())
    return (f"{lexicon.name}-{checksum[:16]}-{solver.dice_set.name}-{dice_key(solver.dice_set)}"
            f"-min{rules.min_word_length}-y{int(rules.y_is_vowel)}")


def _save_npz(path: Path, arrays: dict[str, np.ndarray[Any, Any]],
              meta: dict[str, Any]) -> None:
    digest = hashlib.sha256()
    for name in sorted(arrays):
        digest.update(np.ascontiguousarray(arrays[name]).tobytes())
    meta = {**meta, "sha256": digest.hexdigest()}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    with open(tmp, "wb") as fh:
        np.savez(fh, meta=np.array(json.dumps(meta)), **arrays)  # type: ignore[arg-type]
    os.replace(tmp, path)


def _load_npz(path: Path, version: int,
              key: str) -> tuple[dict[str, np.ndarray[Any, Any]], dict[str, Any]]:
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            arrays = {k: np.array(data[k]) for k in data.files if k != "meta"}
    except Exception:  # zipfile, numpy and json raise many kinds on a damaged file
        raise ValueError("not a readable table file") from None
    if not isinstance(meta, dict) or meta.get("version") != version:
        raise ValueError("written by another version")
    if meta.get("key") != key:
        raise ValueError(f"holds the table for {meta.get('key')!r}, not {key!r}")
    digest = hashlib.sha256()
    for name in sorted(arrays):
        digest.update(np.ascontiguousarray(arrays[name]).tobytes())
    if digest.hexdigest() != meta.get("sha256"):
        raise ValueError("checksum mismatch")
    return arrays, meta


# ------------------------------------------------------------------------------------------
# Sheets, options


@dataclass(frozen=True)
class SheetState:
    """What of a sheet matters to the strategy: the special boxes used, the upper total and
    the points so far (so that advice speaks of expected *final* scores)."""

    specials_used: frozenset[str] = frozenset()
    upper_total: int = 0
    total: int = 0

    def __post_init__(self) -> None:
        unknown = set(self.specials_used) - set(SPECIAL_BOXES)
        if unknown:
            raise RuleError(f"not a special box: {sorted(unknown)[0]!r}", "unknown_box")
        if self.upper_total < 0 or self.total < 0:
            raise RuleError("totals are 0 or more", "bad_position")

    @classmethod
    def from_sheet(cls, sheet: ScoreSheet) -> SheetState:
        """The state of a live :class:`~wordyahtzee.modes.woord.ScoreSheet`."""
        used = frozenset(b for b in SPECIAL_BOXES if not sheet.is_open(b))
        return cls(used, sheet.upper_total, sheet.total)

    @property
    def mask(self) -> int:
        """The special boxes used as a bit mask (:data:`BIT`)."""
        return sum(BIT[b] for b in self.specials_used)


@dataclass(frozen=True)
class WoordOption:
    """One choice at a live position and the expected final score if it is taken and play
    is optimal afterwards. ``kind == "keep"``: ``dice`` are the die indices kept (the others
    are thrown again) and ``letters`` what they show; ``kind == "claim"``: ``box`` with
    ``words`` scores ``points`` now (a Woord Yahtzee bonus counts 100; the upper bonus it
    completes is in ``ev``, not in ``points``)."""

    kind: str
    ev: float
    dice: tuple[int, ...] = ()
    letters: str = ""
    box: str = ""
    words: tuple[str, ...] = ()
    points: int = 0

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "ev", "dice", "letters"}`` or ``{"kind", "ev", "box", "words",
        "points"}``."""
        if self.kind == "keep":
            return {"kind": "keep", "ev": self.ev, "dice": list(self.dice),
                    "letters": self.letters}
        return {"kind": "claim", "ev": self.ev, "box": self.box, "words": list(self.words),
                "points": self.points}


@dataclass
class _TurnTables:
    """The lattices of one state's turn, relative to its baseline ``base``: expected values
    of every keep before throw 3 (``e3``) and before throw 2 (``e2``; ``None`` until a
    position after throw 1 asks for it)."""

    base: float
    e3: FloatArray
    e2: FloatArray | None


# ------------------------------------------------------------------------------------------
# The strategy


@dataclass
class _Consts:
    """A batch of states' claim values (relative to each state's baseline)."""

    round_box: FloatArray   # (max score + 1, B): value of writing x in the round box
    consonants: FloatArray  # (B,), -inf when used
    vowels: FloatArray
    woord_yahtzee: FloatArray  # (B,): 50 + future, or the 100 bonus once it holds 50
    chance: FloatArray      # (B,): future without the points of the words
    base: FloatArray        # (B,) float64 baseline


@dataclass
class WoordStrategy:
    """The optimal strict-order solo strategy for one dictionary, dice set and rules.

    ``values[k, s, u]``: expected points still to come before round ``k + 1`` with special
    mask ``s`` and capped upper total ``u`` (``k == len(rounds)``: 0). Get one with
    :func:`load_woord_strategy` (cached) or :meth:`compute`.
    """

    table: ScoreTable
    threshold: int
    rounds: tuple[str, ...]
    values: npt.NDArray[np.float64]
    dtype: Any = np.float32
    _lattice: Lattice = field(init=False, repr=False)
    _turns: OrderedDict[tuple[int, int, int], _TurnTables] = field(
        init=False, repr=False, default_factory=OrderedDict)
    _masks: dict[str, FloatArray] = field(init=False, repr=False, default_factory=dict)
    _lock: threading.Lock = field(init=False, repr=False, default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self._lattice = Lattice(self.table.faces)

    @property
    def cache_key(self) -> str:
        """The table's cache key: the score table's (dictionary checksum, dice, word rules),
        the bonus threshold and the rounds played."""
        return strategy_key(self.table.key, self.threshold, self.rounds)

    # -- computing ----------------------------------------------------------------------

    @classmethod
    def compute(cls, table: ScoreTable, threshold: int = 40,
                rounds: Sequence[str] = ROUND_BOXES, *, dtype: Any = np.float64,
                progress: Callable[[int, int], None] | None = None) -> WoordStrategy:
        """Compute the table backwards from the last round (``progress(done, total)`` is
        called as states are finished). ``dtype`` is the turns' arithmetic: float64 by
        default (float32 is twice as fast and within 2e-7 relative, but moves the 4th
        decimal of the expected score); advice afterwards always uses float32."""
        rounds = tuple(rounds)
        unknown = [b for b in rounds if b not in ROUND_BOXES]
        if unknown or not rounds:
            raise RuleError(f"rounds are round boxes, not {unknown}", "bad_rules")
        values = np.zeros((len(rounds) + 1, 1 << NSPECIAL, threshold + 1))
        strategy = cls(table, threshold, rounds, values, dtype)
        plan = strategy._plan()
        total = sum(len(p) for p in plan.values())
        done = 0
        if progress:
            progress(0, total)
        for k in range(len(rounds) - 1, -1, -1):
            classes = plan[k]
            for (s, _), members in classes.items():
                base, mean, _ = strategy._turn(k, (s, members[0]))
                values[k, s, members] = base + mean
                done += 1
                if progress:
                    progress(done, total)
        strategy.dtype = np.float32
        strategy._masks.clear()
        return strategy

    def _max_score(self, box: str) -> int:
        return int(self.table.column(box).max())

    def _canonical(self, k: int, u: int) -> int:
        """States of round ``k + 1`` whose upper totals ``u`` share a value share a class:
        the bonus reached (``threshold``) or out of reach (-1)."""
        if u >= self.threshold:
            return self.threshold
        rest = sum(self._max_score(b) for b in self.rounds[k:] if b in UPPER_BOXES)
        return -1 if u + rest < self.threshold else u

    def _plan(self) -> dict[int, dict[tuple[int, int], list[int]]]:
        """Per round: the reachable states grouped into classes of equal value."""
        plan: dict[int, dict[tuple[int, int], list[int]]] = {}
        for k in range(len(self.rounds)):
            reach = min(self.threshold, sum(self._max_score(b) for b in self.rounds[:k]
                                            if b in UPPER_BOXES))
            classes: dict[tuple[int, int], list[int]] = {}
            for s in range(1 << NSPECIAL):
                if s.bit_count() > k:
                    continue
                for u in range(reach + 1):
                    classes.setdefault((s, self._canonical(k, u)), []).append(u)
            plan[k] = classes
        return plan

    def _consts(self, k: int, states: Sequence[tuple[int, int]]) -> _Consts:
        """The claim values of a batch of states of round ``k + 1``."""
        box = self.rounds[k]
        nxt = self.values[k + 1]
        upper = box in UPPER_BOXES
        xs = np.arange(self._max_score(box) + 1)
        b = len(states)
        rb = np.empty((len(xs), b))
        cons, vow, wy, ch, base = (np.empty(b) for _ in range(5))
        for j, (s, u) in enumerate(states):
            c = nxt[s, u]
            base[j] = c
            if upper:
                after = np.minimum(u + xs, self.threshold)
                bonus = np.where((u < self.threshold) & (u + xs >= self.threshold),
                                 UPPER_BONUS, 0)
                rb[:, j] = xs + bonus + nxt[s, after] - c
            else:
                rb[:, j] = xs
            inf = -np.inf
            cons[j] = (CONSONANTS_SCORE + nxt[s | BIT["consonants"], u] - c
                       if not s & BIT["consonants"] else inf)
            vow[j] = (VOWELS_SCORE + nxt[s | BIT["vowels"], u] - c
                      if not s & BIT["vowels"] else inf)
            wy[j] = (WOORD_YAHTZEE_SCORE + nxt[s | BIT["woord_yahtzee"], u] - c
                     if not s & BIT["woord_yahtzee"] else WOORD_YAHTZEE_BONUS)
            ch[j] = nxt[s | BIT["chance"], u] - c if not s & BIT["chance"] else inf
        return _Consts(rb, cons, vow, wy, ch, base)

    def _outcome_masks(self) -> dict[str, FloatArray]:
        """Per outcome: 0 where a special box qualifies, -inf where not (chance: its
        points, -inf without a word)."""
        if not self._masks:
            for name in ("consonants", "vowels", "woord_yahtzee", "chance"):
                col = self.table.column(name)
                keep = col.astype(self.dtype) if name == "chance" else np.zeros(
                    len(col), dtype=self.dtype)
                self._masks[name] = np.where(col > 0, keep, -np.inf).astype(self.dtype)
        return self._masks

    def _claims(self, k: int, consts: _Consts, j: int = 0) -> tuple[FloatArray, FloatArray]:
        """Each outcome's best claim value for state ``j`` of ``consts`` after the last
        throw, and after throw 1 or 2 (the early specials too); shape ``(outcomes,)``
        (scratch arrays, :meth:`Lattice.buffer`)."""
        dt = np.dtype(self.dtype)
        masks = self._outcome_masks()
        lat = self._lattice
        n = self.table.scores.shape[0]
        late = lat.buffer("late", (n,), dt)
        np.take(consts.round_box[:, j].astype(dt), self.table.column(self.rounds[k]), out=late)
        scratch = lat.buffer("scratch", (n,), dt)
        np.add(masks["woord_yahtzee"], dt.type(consts.woord_yahtzee[j]), out=scratch)
        np.maximum(late, scratch, out=late)
        early = lat.buffer("early", (n,), dt)
        early[...] = late
        for name, const in (("consonants", consts.consonants), ("vowels", consts.vowels),
                            ("chance", consts.chance)):
            if np.isfinite(const[j]):
                np.add(masks[name], dt.type(const[j]), out=scratch)
                np.maximum(early, scratch, out=early)
        return late, early

    def _turn(self, k: int, state: tuple[int, int], keep_lattices: bool = False,
              throws: int = MAX_THROWS - 1) -> tuple[float, float, list[FloatArray]]:
        """One turn of one state: its baseline, its mean value relative to the baseline
        and, with ``keep_lattices``, the keep expectations before throws 3 and 2 (only
        before throw 3 when ``throws`` is 1; the mean is then meaningless)."""
        lat = self._lattice
        consts = self._consts(k, [state])
        late, early = self._claims(k, consts)
        kept: list[FloatArray] = []
        value = late.reshape(lat.faces)
        for throw in range(throws):
            expect = lat.expectations(value)
            if keep_lattices:
                kept.append(expect.copy())
            value = lat.buffer(f"value{throw}", lat.faces, late.dtype)
            np.maximum(early.reshape(lat.faces), lat.best_keeps(expect), out=value)
        return float(consts.base[0]), float(value.mean(dtype=np.float64)), kept

    # -- queries ------------------------------------------------------------------------

    @property
    def expected_score(self) -> float:
        """The expected final score of a solo game from the start under optimal play."""
        return float(self.values[0, 0, 0])

    def state_value(self, state: SheetState, round: int) -> float:
        """Expected points still to come at the start of ``round`` (1-based)."""
        k = self._round_index(round)
        return float(self.values[k, state.mask, min(state.upper_total, self.threshold)])

    def _round_index(self, round: int) -> int:
        if not 1 <= round <= len(self.rounds):
            raise RuleError(f"round is 1..{len(self.rounds)}, not {round}", "bad_position")
        return round - 1

    def turn_tables(self, state: SheetState, round: int, throws_done: int = 1) -> _TurnTables:
        """The keep expectations of one state's turn (``e2`` only when ``throws_done`` is
        1); kept for the last few states; safe to call from several threads, as a web
        server does."""
        k = self._round_index(round)
        key = (k, state.mask, min(state.upper_total, self.threshold))
        with self._lock:
            cached = self._turns.get(key)
            if cached is not None and (cached.e2 is not None or throws_done > 1):
                self._turns.move_to_end(key)
                return cached
            throws = 1 if throws_done > 1 else MAX_THROWS - 1
            base, _, kept = self._turn(k, (key[1], key[2]), keep_lattices=True,
                                       throws=throws)
            tables = _TurnTables(base, kept[0], kept[1] if throws > 1 else None)
            self._turns[key] = tables
            while len(self._turns) > 4:
                self._turns.popitem(last=False)
            return tables

    def face_indices(self, dice_set: DiceSet, faces: str) -> tuple[int, ...]:
        """Which face of each die ``faces`` shows (``faces[d]`` is die ``d``'s letter)."""
        if len(faces) != dice_set.size or dice_set.size != self._lattice.n:
            raise RuleError(f"a throw shows {self._lattice.n} dice", "impossible_throw")
        out = []
        for d, letter in enumerate(faces):
            letters = dice_set.letters(d)
            if letter not in letters:
                raise RuleError(f"die {d} cannot show {letter!r}", "impossible_throw")
            out.append(letters.index(letter))
        return tuple(out)

    def claim_points(self, state: SheetState, round: int, throws_done: int,
                     faces: tuple[int, ...]) -> dict[str, int]:
        """The legal claims now and their points (a Woord Yahtzee bonus counts 100)."""
        k = self._round_index(round)
        row = self.table.scores[int(np.ravel_multi_index(faces, self.table.faces))]
        box = self.rounds[k]
        out = {box: int(row[COLUMN[box]])}
        for name in SPECIAL_BOXES:
            score = int(row[COLUMN[name]])
            if score <= 0 or (name in EARLY_ONLY and throws_done >= MAX_THROWS):
                continue
            if name in state.specials_used:
                if name == "woord_yahtzee":
                    out[name] = WOORD_YAHTZEE_BONUS
                continue
            out[name] = score
        return out

    def claim_ev(self, state: SheetState, round: int, box: str, points: int) -> float:
        """Expected final score after writing ``points`` in ``box`` in ``round``."""
        k = self._round_index(round)
        nxt = self.values[k + 1]
        u = min(state.upper_total, self.threshold)
        s = state.mask
        if box == self.rounds[k]:
            if box in UPPER_BOXES:
                after = min(u + points, self.threshold)
                bonus = UPPER_BONUS if u < self.threshold <= u + points else 0
                return state.total + points + bonus + float(nxt[s, after])
            return state.total + points + float(nxt[s, u])
        return state.total + points + float(nxt[s | BIT[box], u])

    def _keep_evs(self, state: SheetState, round: int, throws_done: int,
                  idx: tuple[int, ...]) -> tuple[list[int], FloatArray]:
        """Every keep mask that throws a die (fewest kept first) and its expected final
        score."""
        tables = self.turn_tables(state, round, throws_done)
        lattice = tables.e2 if throws_done == 1 else tables.e3
        assert lattice is not None
        lat = self._lattice
        masks = keep_masks(lat.n)
        bits = (np.array(masks)[:, None] >> np.arange(lat.n)) & 1
        at = np.where(bits == 1, np.array(idx), np.array(lat.faces))
        evs: FloatArray = (lattice[tuple(at.T)].astype(np.float64) + tables.base
                           + state.total)
        return masks, evs

    def advise(self, state: SheetState, round: int, throws_done: int, faces: str,
               dice_set: DiceSet, solver: Solver | None = None, *,
               best_only: bool = False) -> list[WoordOption]:
        """Every choice at a live position with its expected final score, best first:
        each legal claim (with the solver's words, when a ``solver`` is given) and, before
        the third throw, each keep (``dice`` kept; the others thrown again). Ties go to
        claims, then to keeping fewer dice. ``best_only``: just the best option."""
        if not 1 <= throws_done <= MAX_THROWS:
            raise RuleError("advice needs 1..3 throws made", "bad_position")
        idx = self.face_indices(dice_set, faces)
        claims = [(self.claim_ev(state, round, box, points), box, points)
                  for box, points in self.claim_points(state, round, throws_done,
                                                       idx).items()]
        claims.sort(key=lambda c: -c[0])  # stable: the round box first among equals
        masks: list[int] = []
        evs: FloatArray = np.zeros(0)
        if throws_done < MAX_THROWS:
            masks, evs = self._keep_evs(state, round, throws_done, idx)

        def words(box: str) -> tuple[str, ...]:
            return solver.solve(faces).boxes[box].words if solver is not None else ()

        def keep(m: int, ev: float) -> WoordOption:
            dice = tuple(i for i in range(len(idx)) if m >> i & 1)
            return WoordOption("keep", ev, dice=dice, letters="".join(faces[i] for i in dice))

        if best_only:
            ev, box, points = claims[0]
            if len(evs) and evs.max() > ev:
                j = int(np.argmax(evs))
                return [keep(masks[j], float(evs[j]))]
            return [WoordOption("claim", ev, box=box, words=words(box), points=points)]
        solution = solver.solve(faces) if solver is not None else None
        options = [WoordOption("claim", ev, box=box, points=points,
                               words=solution.boxes[box].words if solution else ())
                   for ev, box, points in claims]
        options += [keep(m, ev) for m, ev in zip(masks, evs.tolist(), strict=True)]
        order = {id(o): i for i, o in enumerate(options)}
        options.sort(key=lambda o: (-o.ev, order[id(o)]))
        return options

    def advise_game(self, game: WoordGame, solver: Solver | None = None, *,
                    best_only: bool = False) -> list[WoordOption]:
        """:meth:`advise` for the current player of a live strict-order game."""
        if game.rules.free_order:
            raise RuleError("the optimal strategy is for strict order", "bad_rules")
        turn = game.turn
        if turn.faces is None:
            raise RuleError("throw the dice first", "no_throw")
        state = SheetState.from_sheet(game.sheets[turn.player])
        return self.advise(state, turn.round, turn.throws, turn.faces, game.dice_set, solver,
                           best_only=best_only)

    # -- the cache file -----------------------------------------------------------------

    def save(self, path: Path, key: str) -> None:
        """Write the table atomically."""
        _save_npz(path, {"values": self.values},
                  {"version": STRATEGY_VERSION, "key": key, "threshold": self.threshold,
                   "rounds": list(self.rounds)})

    @classmethod
    def load(cls, path: Path, key: str, table: ScoreTable) -> WoordStrategy:
        """Read :meth:`save` output; ``ValueError`` says what is wrong with it."""
        arrays, meta = _load_npz(path, STRATEGY_VERSION, key)
        values = arrays["values"]
        rounds = tuple(meta.get("rounds") or ())
        threshold = meta.get("threshold")
        if (not isinstance(threshold, int) or not rounds or values.dtype != np.float64
                or values.shape != (len(rounds) + 1, 1 << NSPECIAL, threshold + 1)):
            raise ValueError(f"has a table of shape {values.shape}")
        return cls(table, threshold, rounds, values)


# ------------------------------------------------------------------------------------------
# Loading with the cache


def _cache_folder() -> Path:
    return cache_dir() / "woord-strategy"


_TABLES: dict[str, ScoreTable] = {}
_STRATEGIES: dict[str, WoordStrategy] = {}


def _resolve(dictionary: str | Lexicon, dice_set: str | DiceSet,
             rules: WoordRules | None) -> Solver:
    from ..solver import get_solver

    lexicon = load_lexicon(dictionary) if isinstance(dictionary, str) else dictionary
    dice = DiceSet.load(dice_set) if isinstance(dice_set, str) else dice_set
    return get_solver(lexicon, dice, rules)


def load_score_table(dictionary: str | Lexicon = "nl", dice_set: str | DiceSet = "nl",
                     rules: WoordRules | None = None, *, out: TextIO | None = None,
                     quiet: bool = False, use_cache: bool = True) -> ScoreTable:
    """Every outcome's score per box: from memory, the cache file, or built (progress on
    ``out``, default stderr) and cached (:func:`~wordyahtzee.advisor.cache.load_or_build`)."""
    out = None if quiet else (out if out is not None else sys.stderr)
    solver = _resolve(dictionary, dice_set, rules)
    key = score_table_key(solver)
    if use_cache and key in _TABLES:
        return _TABLES[key]
    path = _cache_folder() / f"scores-{key}-v{SCORE_TABLE_VERSION}.npz"
    table: ScoreTable = load_or_build(
        path, "scoring every throw", lambda: ScoreTable.load(path, key),
        lambda progress: ScoreTable.build(solver, progress), lambda t: t.save(path),
        out, use_cache)
    if use_cache:
        _TABLES[key] = table
    return table


def strategy_key(table_key: str, threshold: int, rounds: Sequence[str]) -> str:
    """The cache key of a strategy: its score table's key, the threshold and the rounds
    (``all``, or a hash of a partial game's round boxes)."""
    rounds = tuple(rounds)
    rkey = "all" if rounds == ROUND_BOXES else hashlib.sha256(
        ",".join(rounds).encode()).hexdigest()[:8]
    return f"{table_key}-t{threshold}-r{rkey}"


def load_woord_strategy(dictionary: str | Lexicon = "nl", dice_set: str | DiceSet = "nl",
                        threshold: int | None = None, rules: WoordRules | None = None, *,
                        rounds: Sequence[str] = ROUND_BOXES, out: TextIO | None = None,
                        quiet: bool = False, use_cache: bool = True) -> WoordStrategy:
    """The optimal strict-order strategy: from memory, the cache file, or computed (progress
    on ``out``, default stderr) and cached (:func:`~wordyahtzee.advisor.cache.load_or_build`).
    A corrupt cache file is reported on ``out`` and rebuilt. ``threshold`` overrides the rules'
    upper bonus threshold."""
    rules = rules or WoordRules()
    if threshold is not None:
        if type(threshold) is not int or not 0 <= threshold <= 500:
            raise RuleError("the bonus threshold is a whole number 0-500", "bad_rules")
    else:
        threshold = rules.upper_bonus_threshold
    table = load_score_table(dictionary, dice_set, rules, out=out, quiet=quiet,
                             use_cache=use_cache)
    out = None if quiet else (out if out is not None else sys.stderr)
    rounds = tuple(rounds)
    key = strategy_key(table.key, threshold, rounds)
    if use_cache and key in _STRATEGIES:
        return _STRATEGIES[key]
    path = _cache_folder() / f"strategy-{key}-v{STRATEGY_VERSION}.npz"

    def build(progress: Callable[[int, int], None] | None) -> WoordStrategy:
        return WoordStrategy.compute(table, threshold, rounds, progress=progress)

    strategy: WoordStrategy = load_or_build(
        path, "computing the optimal Woord Yahtzee strategy",
        lambda: WoordStrategy.load(path, key, table), build, lambda s: s.save(path, key),
        out, use_cache)
    if use_cache:
        _STRATEGIES[key] = strategy
    return strategy


def keep_masks(n: int) -> list[int]:
    """Every keep mask of ``n`` dice that throws at least one die, fewest kept first."""
    return sorted(range((1 << n) - 1), key=lambda m: (m.bit_count(), m))

