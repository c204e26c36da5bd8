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
checksum, the dice set and the rules, under a version derived from the code that computes
them (:func:`strategy_version`); a corrupt file is reported and rebuilt.
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

import numpy as np
import numpy.typing as npt

from ...dice import DiceSet
from ...errors import RuleError
from ...lexicon import Lexicon
from ...modes.bonus import claim_bonus, reached
from ...modes.woord import (
    BOX,
    MAX_THROWS,
    ROUND_BOXES,
    SPECIAL_BOXES,
    UPPER_BOXES,
    ScoreSheet,
    WoordRules,
)
from ..cache import code_version, load_arrays, load_or_build, save_arrays
from .lattice import (
    FloatArray,
    Lattice,
    keep_masks,
)
from .score_table import (
    BIT,
    COLUMN,
    EARLY_SPECIALS,
    LATE_SPECIALS,
    NSPECIAL,
    SCORE_TABLE_CODE,
    ScoreTable,
    _cache_folder,
    load_score_table,
    special_points,
)

if TYPE_CHECKING:
    from ...modes.woord import WoordGame
    from ...solver import Solver


__all__ = [
    "STRATEGY_CODE",
    "Lattice",
    "ScoreTable",
    "SheetState",
    "WoordOption",
    "WoordStrategy",
    "load_score_table",
    "load_woord_strategy",
    "strategy_version",
]

STRATEGY_CODE = (*SCORE_TABLE_CODE, "wordyahtzee.modes.bonus",
                 "wordyahtzee.advisor.woord.lattice", "wordyahtzee.advisor.woord.strategy")
"""The modules whose code computes the strategy table: its score table's and the DP's."""


def strategy_version() -> str:
    """The strategy table's version: a digest of :data:`STRATEGY_CODE`
    (:func:`~wordyahtzee.advisor.cache.code_version`)."""
    return code_version(*STRATEGY_CODE)


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
    """One state's turn, relative to its baseline ``base``: every full outcome's value after
    the last throw (``v3``: its best claim) and after the second throw (``v2``: the better
    of its best claim now and its best keep; ``None`` until a position after throw 1 asks
    for it). A keep's expected value is a mean of these over the dice thrown again
    (:func:`keep_means`), made for the position's own outcome only."""

    base: float
    v3: FloatArray
    v2: FloatArray | None


def keep_means(values: FloatArray, idx: Sequence[int]) -> FloatArray:
    """For the outcome ``idx`` (a face index per die) and every keep of it, the mean of
    ``values`` (shape: the faces of each die) over the faces of the dice thrown again:
    shape ``(2,) * n``, index 1 on axis ``i`` = die ``i`` kept. One axis at a time, each
    die either fixed at its face or averaged out (in float64): a few hundred thousand
    additions, where the whole lattice of keeps of every outcome is millions."""
    array = np.asarray(values, dtype=np.float64)
    for i, face in enumerate(idx):
        array = np.stack([array.mean(axis=i), np.take(array, face, axis=i)], axis=i)
    return array


# ------------------------------------------------------------------------------------------
# The strategy


@dataclass
class _Consts:
    """A batch of states' claim values (relative to each state's baseline)."""

    round_box: FloatArray   # (max score + 1, B): value of writing x in the round box
    special: dict[str, FloatArray]
    """Per special box, (B,): its fixed points (none for a box scoring its words) plus the
    future; the repeat bonus once it is used (50 + future, then the 100 bonus), or -inf."""
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
    _index: dict[int, npt.NDArray[np.intp]] = field(init=False, repr=False, default_factory=dict)
    """The round box's scores as indices (intp), per round, while the table is computed."""
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
                progress: Callable[[int, int], None] | None = None,
                workers: int | None = None) -> WoordStrategy:
        """Compute the table backwards from the last round (``progress(done, total)`` is
        called as states are finished). ``dtype`` is the turns' arithmetic: float64 by
        default (float32 is twice as fast and within 2e-7 relative, but moves the 4th
        decimal of the expected score); advice afterwards always uses float32.

        The states of a round are independent: ``workers`` threads share them (default:
        the cores this process may use, at most 2, since each adds its own scratch arrays:
        two lattices and a few outcome arrays), numpy's arithmetic running outside the
        interpreter lock. Every state's sums are the same whichever thread makes them, so
        the table is too."""
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
        if workers is None:
            workers = min(2, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                          else os.cpu_count() or 1)
        strategy._outcome_masks()  # made once, before the threads share them

        def one(k: int, s: int, members: list[int]) -> None:
            base, mean = strategy._turn(k, (s, members[0]))
            values[k, s, members] = base + mean

        with ThreadPoolExecutor(max(1, workers)) as pool:
            for k in range(len(rounds) - 1, -1, -1):  # a round needs the next one done
                # np.take converts int16 indices on every call into a fresh array of
                # pages, faulted in and given back: once per round instead
                strategy._index = {k: table.column(rounds[k]).astype(np.intp)}
                jobs = [pool.submit(one, k, s, members)
                        for (s, _), members in plan[k].items()]
                for job in as_completed(jobs):
                    job.result()
                    done += 1
                    if progress:
                        progress(done, total)
        strategy.dtype = np.float32
        strategy._masks.clear()
        strategy._index = {}
        return strategy

    def _max_score(self, box: str) -> int:
        return int(self.table.column(box).max())

    def _canonical(self, k: int, u: int) -> int:
        """States of round ``k + 1`` whose upper totals ``u`` share a value share a class:
        the bonus reached (``threshold``) or out of reach (-1)."""
        if reached(u, self.threshold):
            return self.threshold
        rest = sum(self._max_score(b) for b in self.rounds[k:] if b in UPPER_BOXES)
        return u if reached(u + rest, self.threshold) else -1

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
        base = np.empty(b)
        special: dict[str, FloatArray] = {name: np.empty(b) for name in SPECIAL_BOXES}
        for j, (s, u) in enumerate(states):
            c = nxt[s, u]
            base[j] = c
            if upper:
                after = np.minimum(u + xs, self.threshold)
                bonus = claim_bonus(u, u + xs, self.threshold)
                rb[:, j] = xs + bonus + nxt[s, after] - c
            else:
                rb[:, j] = xs
            for name, values in special.items():
                spec, bit = BOX[name], BIT[name]
                values[j] = ((spec.points or 0) + nxt[s | bit, u] - c if not s & bit
                             else spec.repeat_bonus or -np.inf)
        return _Consts(rb, special, base)

    def _outcome_masks(self) -> dict[str, FloatArray]:
        """Per outcome: 0 where a special box qualifies, -inf where not (a box scoring its
        words: their points, -inf without a word)."""
        if not self._masks:
            for name in SPECIAL_BOXES:
                col = self.table.column(name)
                keep = col.astype(self.dtype) if BOX[name].points is None else np.zeros(
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
        index = self._index.get(k)
        np.take(consts.round_box[:, j].astype(dt),
                self.table.column(self.rounds[k]) if index is None else index, out=late)
        scratch = lat.buffer("scratch", (n,), dt)
        early = lat.buffer("early", (n,), dt)
        for out, names in ((late, LATE_SPECIALS), (early, EARLY_SPECIALS)):
            if out is early:
                early[...] = late
            for name in names:
                const = consts.special[name][j]
                if np.isfinite(const):
                    np.add(masks[name], dt.type(const), out=scratch)
                    np.maximum(out, scratch, out=out)
        return late, early

    def _turn(self, k: int, state: tuple[int, int]) -> tuple[float, float]:
        """One turn of one state: its baseline and its mean value relative to it."""
        lat = self._lattice
        consts = self._consts(k, [state])
        late, early = self._claims(k, consts)
        value = late.reshape(lat.faces)
        for _ in range(MAX_THROWS - 1):
            expect = lat.expectations(value)
            value = lat.buffer("value", lat.faces, late.dtype)  # expectations copied it
            np.maximum(early.reshape(lat.faces), lat.best_keeps(expect), out=value)
        return float(consts.base[0]), float(value.mean(dtype=np.float64))

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
        """The outcome values of one state's turn (``v2`` only when ``throws_done`` is 1);
        kept for the last few states; safe to call from several threads, as a web server
        does."""
        k = self._round_index(round)
        key = (k, state.mask, min(state.upper_total, self.threshold))
        with self._lock:
            cached = self._turns.get(key)
            if cached is not None and (cached.v2 is not None or throws_done > 1):
                self._turns.move_to_end(key)
                return cached
            lat = self._lattice
            consts = self._consts(k, [key[1:]])
            late, early = self._claims(k, consts)
            v2 = None
            if throws_done == 1:
                best = lat.best_keeps(lat.expectations(late.reshape(lat.faces)))
                v2 = np.maximum(early.reshape(lat.faces), best)  # an array of its own
            tables = _TurnTables(float(consts.base[0]), late.reshape(lat.faces).copy(), v2)
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
        return {box: int(row[COLUMN[box]]), **special_points(row, state.mask, throws_done)}

    def claim_ev(self, state: SheetState, round: int, box: str, points: int) -> float:
        """Expected final score after writing ``points`` in ``box`` in ``round``."""
        k = self._round_index(round)
        nxt = self.values[k + 1]
        u = min(state.upper_total, self.threshold)
        s = state.mask
        if box == self.rounds[k]:
            if box in UPPER_BOXES:
                after = min(u + points, self.threshold)
                bonus = claim_bonus(u, u + points, self.threshold)
                return state.total + points + bonus + float(nxt[s, after])
            return state.total + points + float(nxt[s, u])
        return state.total + points + float(nxt[s | BIT[box], u])

    def _keep_evs(self, state: SheetState, round: int, throws_done: int,
                  idx: tuple[int, ...]) -> tuple[list[int], FloatArray]:
        """Every keep mask that throws a die (fewest kept first) and its expected final
        score."""
        tables = self.turn_tables(state, round, throws_done)
        values = tables.v2 if throws_done == 1 else tables.v3
        assert values is not None
        masks = keep_masks(self._lattice.n)
        bits = (np.array(masks)[:, None] >> np.arange(self._lattice.n)) & 1
        evs: FloatArray = keep_means(values, idx)[tuple(bits.T)] + tables.base + state.total
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
        save_arrays(path, {"values": self.values},
                    {"version": strategy_version(), "key": key, "threshold": self.threshold,
                     "rounds": list(self.rounds)})

    @classmethod
    def load(cls, path: Path, key: str, table: ScoreTable) -> WoordStrategy:
        """Read :meth:`save` output; ``ValueError`` says what is wrong with it."""
        arrays, meta = load_arrays(path, strategy_version(), key=key)
        values = arrays["values"]
        rounds = tuple(meta.get("rounds") or ())
        threshold = meta.get("threshold")
        if (not isinstance(threshold, int) or not rounds or values.dtype != np.float64
                or values.shape != (len(rounds) + 1, 1 << NSPECIAL, threshold + 1)):
            raise ValueError(f"has a table of shape {values.shape}")
        return cls(table, threshold, rounds, values)


_STRATEGIES: dict[str, WoordStrategy] = {}


def strategy_key(table_key: str, threshold: int, rounds: Sequence[str]) -> str:
    """The cache key of a strategy: its score table's key, the threshold and the rounds
    (``all``, or a hash of a partial game's round boxes)."""
    rounds = tuple(rounds)
    rkey = "all" if rounds == ROUND_BOXES else hashlib.sha256(
        ",".join(rounds).encode()).hexdigest()[:8]
    return f"{table_key}-t{threshold}-r{rkey}"


def strategy_path(key: str) -> Path:
    """Where the strategy of the cache key ``key`` (:func:`strategy_key`) is cached."""
    return _cache_folder() / f"strategy-{key}-v{strategy_version()}.npz"


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
        threshold = rules.upper_bonus_at
    table = load_score_table(dictionary, dice_set, rules, out=out, quiet=quiet,
                             use_cache=use_cache)
    out = None if quiet else (out if out is not None else sys.stderr)
    rounds = tuple(rounds)
    key = strategy_key(table.key, threshold, rounds)
    if use_cache and key in _STRATEGIES:
        return _STRATEGIES[key]
    path = strategy_path(key)

    def build(progress: Callable[[int, int], None] | None) -> WoordStrategy:
        return WoordStrategy.compute(table, threshold, rounds, progress=progress)

    strategy: WoordStrategy = load_or_build(
        path, "computing the optimal Woord Yahtzee strategy",
        lambda file: WoordStrategy.load(file, key, table), build,
        lambda s: s.save(path, key),
        out, use_cache)
    if use_cache:
        _STRATEGIES[key] = strategy
    return strategy
