"""The optimal solo strategy for classic Yahtzee, for both joker readings.

The strategy maximises the expected final score of a solo game. Between turns a game is in a
*state*: which of the 13 boxes are filled (a 13-bit mask in sheet order, bit 0 = ``ones``),
the upper-section total capped at 63, and whether the ``yahtzee`` box holds 50 ("armed":
further Yahtzees earn the 100 bonus). The table :attr:`ClassicStrategy.values` holds, for
every reachable state, the expected points still to come under optimal play (the upper bonus
counts when the upper total reaches 63, so a state at 63 has no bonus pending).

The table is computed backwards over the number of filled boxes with numpy, 256 states at
a time in arrays allocated once (small enough to stay in the processor's cache). States
whose value is known without computing are left out and copied: an upper total from which
the bonus is out of reach is worth what a total of 0 is, and the armed flag exists only
once the yahtzee box is filled. One turn is evaluated for many states at once, rows indexed
by the 462 multisets of 0..5 dice:

- after the last throw the value of a roll is the best legal box (score, bonuses, and the
  value of the state it leads to), the joker readings taken from :func:`legal_scores`;
- the expected value of a keep of *k* dice is the mean over the six faces of the keep with one
  die more, so all keeps follow from the rolls in five small steps;
- the best choice for a roll is the best of its sub-multisets, built up one die at a time.

Computed tables are cached on disk (see :func:`cache_dir`), under a version derived from
the code that computes them (:func:`table_version`); :func:`load_strategy` computes on a
miss, with a progress bar, and recomputes after saying so when the cache file is corrupt.
"""

from __future__ import annotations

import contextlib
import itertools
import mmap
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from ...errors import RuleError
from ...modes.bonus import claim_bonus
from ...modes.classic import (
    BOXES,
    JOKER_READINGS,
    LOWER_BOXES,
    NUM_DICE,
    UPPER_BONUS_THRESHOLD,
    UPPER_BOXES,
    YAHTZEE_BONUS,
    YAHTZEE_SCORE,
    ClassicRules,
    legal_scores,
    yahtzee_bonus,
)
from ..cache import code_version, load_arrays, load_or_build, save_arrays
from .tables import (
    ALL_UPPER,
    CHUNK,
    NBOX,
    NMASK,
    YAHTZEE_BIT,
    Index,
    _levels,
    _multisets,
    _rule_tables,
    _RuleTables,
    _start_values,
    _Turn,
    _turn,
    _Workspace,
    level_sizes,
)

__all__ = [
    "TABLE_CODE",
    "Advice",
    "ClassicStrategy",
    "Option",
    "Position",
    "cache_dir",
    "cache_path",
    "load_strategy",
    "table_version",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

_STATES = 359_422
"""The states :meth:`ClassicStrategy.compute` evaluates (``sum(tables.level_sizes())``; a
test checks it): the progress bar's total."""

# ------------------------------------------------------------------------------------------
# Positions and advice


@dataclass(frozen=True)
class Position:
    """A solo decision point: the sheet (filled boxes, upper total, the yahtzee box's score)
    and, within a turn, the dice showing and the throws made (1..3)."""

    filled: frozenset[str]
    upper_total: int = 0
    yahtzee_box: int | None = None
    dice: tuple[int, ...] | None = None
    throws: int = 0

    def __post_init__(self) -> None:
        unknown = set(self.filled) - set(BOXES)
        if unknown:
            raise RuleError(f"unknown box {sorted(unknown)[0]!r}", "unknown_box")
        if ("yahtzee" in self.filled) != (self.yahtzee_box is not None):
            raise RuleError("yahtzee_box is the yahtzee box's score, None while it is open",
                            "bad_position")
        if self.dice is not None:
            if len(self.dice) != NUM_DICE or any(not 1 <= d <= 6 for d in self.dice):
                raise RuleError(f"dice are {NUM_DICE} pips 1..6", "impossible_throw")
            if not 1 <= self.throws <= 3:
                raise RuleError("a position with dice has 1..3 throws made", "bad_position")

    @classmethod
    def from_sheet(cls, scores: Mapping[str, int], dice: Sequence[int] | None = None,
                   throws: int = 0) -> Position:
        """A position from a sheet's filled boxes and scores (a :class:`ScoreSheet`'s
        ``scores``)."""
        upper = sum(scores.get(b, 0) for b in UPPER_BOXES)
        return cls(frozenset(scores), upper, scores.get("yahtzee"),
                   tuple(dice) if dice is not None else None, throws)

    @property
    def mask(self) -> int:
        """The filled boxes as a bit mask (bit i = ``BOXES[i]``)."""
        return sum(1 << i for i, b in enumerate(BOXES) if b in self.filled)

    @property
    def armed(self) -> int:
        """1 when the yahtzee box holds 50 (further Yahtzees earn the bonus)."""
        return int(self.yahtzee_box == YAHTZEE_SCORE)

    def state_upper(self, upper_bonus_at: int = UPPER_BONUS_THRESHOLD) -> int:
        """The upper total as a table for the bonus at ``upper_bonus_at`` stores it (capped
        there; 0 once all upper boxes are filled, when it no longer matters)."""
        if all(b in self.filled for b in UPPER_BOXES):
            return 0
        return min(self.upper_total, upper_bonus_at)


@dataclass(frozen=True)
class Option:
    """One choice with the expected points still to come if it is taken and play is optimal
    afterwards: ``kind`` is ``"keep"`` (``keep``: the dice kept, sorted pips) or ``"box"``
    (``box``: the box filled; ``points``: what it scores now, bonuses included)."""

    kind: str
    value: float
    keep: tuple[int, ...] = ()
    box: str = ""
    points: int = 0

    def keep_indices(self, dice: Sequence[int]) -> list[int]:
        """The dice positions (0..4) to keep for this keep, given the dice showing."""
        todo = list(self.keep)
        out = []
        for i, d in enumerate(dice):
            if d in todo:
                todo.remove(d)
                out.append(i)
        return out


@dataclass(frozen=True)
class Advice:
    """All options at a position, best first; ``best`` is the first."""

    position: Position
    options: tuple[Option, ...]

    @property
    def best(self) -> Option:
        """The option with the highest expected value."""
        return self.options[0]

    def to_json(self) -> list[dict[str, Any]]:
        """``[{"kind", "keep" | "box", "value"}, …]``, best first."""
        out: list[dict[str, Any]] = []
        for o in self.options:
            item: dict[str, Any] = {"kind": o.kind, "value": o.value}
            if o.kind == "keep":
                item["keep"] = list(o.keep)
            else:
                item["box"] = o.box
                item["points"] = o.points
            out.append(item)
        return out


class ClassicStrategy:
    """The optimal solo strategy for one joker reading: a table of state values and the
    queries built on it. Get one with :func:`load_strategy` (cached) or :meth:`compute`."""

    def __init__(self, joker: str, values: FloatArray) -> None:
        if joker not in JOKER_READINGS:
            raise RuleError(f"unknown joker reading {joker!r}", "bad_rules")
        self.joker = joker
        self.values = values
        self.upper_bonus_at = values.shape[1] - 1
        """The upper bonus threshold the table was made for (its upper totals are capped there)."""
        self._rules: _RuleTables | None = None

    @property
    def rules(self) -> _RuleTables:
        if self._rules is None:
            self._rules = _rule_tables(self.joker, self.upper_bonus_at)
        return self._rules

    # -- computing -----------------------------------------------------------------------

    @classmethod
    def compute(cls, joker: str = "free", progress: Callable[[int, int], None] | None = None,
                upper_bonus_at: int = UPPER_BONUS_THRESHOLD,
                workers: int | None = None) -> ClassicStrategy:
        """Compute the table for the upper bonus at ``upper_bonus_at`` (seconds).
        ``progress(done, total)`` is called as states are finished.

        The states of a level are independent: ``workers`` threads share its batches
        (default: the cores this process may use, at most 2; this thread is one of them),
        numpy's arithmetic running outside the interpreter lock, each thread in a
        workspace of its own. A batch is always the same states whichever thread takes
        it, so the table is the same to the bit."""
        rules = _rule_tables(joker, upper_bonus_at)
        values = _resident_when_written((NMASK, upper_bonus_at + 1, 2))
        total = (_STATES if upper_bonus_at == UPPER_BONUS_THRESHOLD
                 else sum(level_sizes(upper_bonus_at)))
        done = [0]
        if progress:
            progress(0, total)
        if workers is None:
            workers = min(2, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                          else os.cpu_count() or 1)
        local, lock, main = threading.local(), threading.Lock(), threading.get_ident()

        def work(parts: list[tuple[Index, Index, Index]], order: Iterator[int]) -> None:
            """Evaluate batches of ``parts`` until ``order`` has none left."""
            ws = getattr(local, "ws", None)
            if ws is None:
                ws = local.ws = _Workspace(CHUNK)
            for i in order:  # next() on a range's iterator is one step under the GIL
                mask, upper, armed = parts[i]
                values[mask, upper, armed] = _start_values(values, rules, mask, upper, armed,
                                                           ws)
                with lock:
                    done[0] += len(mask)
                if progress and threading.get_ident() == main:
                    progress(done[0], total)

        with ThreadPoolExecutor(workers - 1) if workers > 1 else contextlib.nullcontext(
                ) as pool:
            for mask_a, up_a, arm_a, same_m, same_u in _levels(upper_bonus_at):
                parts = [(mask_a[start:start + CHUNK], up_a[start:start + CHUNK],
                          arm_a[start:start + CHUNK]) for start in range(0, len(mask_a), CHUNK)]
                order = iter(range(len(parts)))
                helpers = [pool.submit(work, parts, order) for _ in range(workers - 1)
                           ] if pool is not None else []
                work(parts, order)
                for helper in helpers:  # a level needs the next one done
                    helper.result()
                if progress:
                    progress(done[0], total)
                # the states left out: the bonus out of reach, as at an upper total of 0
                values[same_m, same_u] = values[same_m, 0]
                full = np.unique(mask_a[(mask_a & ALL_UPPER) == ALL_UPPER])
                if len(full):
                    values[full] = values[full, :1, :]
                del mask_a, up_a, arm_a, same_m, same_u, parts  # before the next level
        strategy = cls(joker, values)
        strategy._rules = rules
        return strategy

    # -- queries ---------------------------------------------------------------------------

    @property
    def expected_score(self) -> float:
        """The expected final score of a solo game from the start under optimal play."""
        return float(self.values[0, 0, 0])

    def state_value(self, filled: Iterable[str], upper_total: int = 0,
                    yahtzee_box: int | None = None) -> float:
        """Expected points still to come from the start of a turn in this state."""
        pos = Position(frozenset(filled), upper_total, yahtzee_box)
        return float(self.values[pos.mask, pos.state_upper(self.upper_bonus_at), pos.armed])

    def _turn_for(self, pos: Position) -> _Turn:
        one = np.array([pos.mask])
        return _turn(self.values, self.rules, one, np.array([pos.state_upper(self.upper_bonus_at)]),
                     np.array([pos.armed]))

    def options(self, pos: Position) -> list[Option]:
        """Every legal choice at ``pos`` with its expected remaining value (unsorted).

        With throws left: every keep of a proper sub-multiset of the dice (``keep=()`` throws
        all again) and every legal box; after the third throw only the boxes.
        """
        if pos.dice is None:
            raise RuleError("the position has no dice yet: throw first", "no_throw")
        if len(pos.filled) == NBOX:
            raise RuleError("every box is filled", "game_over")
        ms = _multisets()
        turn = self._turn_for(pos)
        dice = tuple(sorted(pos.dice))
        r = ms.roll_index[dice]
        out: list[Option] = []
        legal = legal_scores(dice, pos.filled, self.joker)
        bonus = yahtzee_bonus(dice, pos.yahtzee_box)
        for b, s in legal.items():
            out.append(Option("box", float(turn.boxes[BOXES.index(b), r, 0]), box=b,
                              points=s + bonus))
        if pos.throws < 3:
            keeps = turn.keep2 if pos.throws == 1 else turn.keep3
            subs = {tuple(c) for k in range(NUM_DICE)
                    for c in itertools.combinations(dice, k)}
            for k in sorted(subs, key=lambda t: (len(t), t)):
                out.append(Option("keep", float(keeps[ms.index[k], 0]), keep=k))
        return out

    def advise(self, pos: Position) -> Advice:
        """All options at ``pos``, best first (ties: boxes before keeps, then sheet/keep
        order)."""
        opts = self.options(pos)
        order = {id(o): i for i, o in enumerate(opts)}
        opts.sort(key=lambda o: (-o.value, order[id(o)]))
        return Advice(pos, tuple(opts))

    def simulate(self, games: int, seed: int = 0, batch: int = 2000) -> npt.NDArray[np.int64]:
        """Play ``games`` solo games with the optimal policy (vectorised, seeded); returns the
        final scores. Ties go to scoring now, then to the smaller keep, as :meth:`advise`."""
        ms = _multisets()
        rng = np.random.default_rng(seed)
        scores = np.zeros(games, dtype=np.int64)
        faces = np.zeros((len(ms.sets), NUM_DICE), dtype=np.int64)
        for i, st in enumerate(ms.sets):
            faces[i, :len(st)] = st
        code = np.full(7 ** NUM_DICE, -1, dtype=np.int64)
        for j, d in enumerate(ms.roll_dice):
            code[sum(f * 7 ** p for p, f in enumerate(d))] = j
        weights = 7 ** np.arange(NUM_DICE)
        proper = [sorted({ms.index[c] for k in range(NUM_DICE)
                          for c in itertools.combinations(d, k)}) for d in ms.roll_dice]
        subs = np.array([p + [p[0]] * (32 - len(p)) for p in proper])

        def throw(kept: IntArray) -> IntArray:
            fresh = rng.integers(1, 7, size=(len(kept), NUM_DICE))
            dice = np.sort(np.where(faces[kept] > 0, faces[kept], fresh), axis=1)
            out: IntArray = code[dice @ weights]
            return out

        for start in range(0, games, batch):
            n = min(batch, games - start)
            cols = np.arange(n)
            mask = np.zeros(n, dtype=np.int64)
            upper = np.zeros(n, dtype=np.int64)
            armed = np.zeros(n, dtype=np.int64)
            total = np.zeros(n, dtype=np.int64)
            for _ in range(NBOX):
                capped = np.minimum(upper, self.upper_bonus_at)
                turn = _turn(self.values, self.rules, mask,
                             np.where((mask & ALL_UPPER) == ALL_UPPER, 0, capped), armed)
                roll = throw(np.zeros(n, dtype=np.int64))
                for keeps, box_best in ((turn.keep2, turn.after3), (turn.keep3, turn.after3)):
                    options = keeps[subs[roll], cols[:, None]]
                    choice = options.argmax(axis=1)
                    go_on = options[cols, choice] > box_best[roll, cols]
                    kept = subs[roll, choice]
                    rerolled = throw(kept)
                    roll = np.where(go_on, rerolled, roll)
                box = turn.boxes[:, roll, cols].argmax(axis=0)
                yrow = ms.is_yahtzee[roll]
                face = np.array(ms.roll_dice)[roll, 0]
                points = self.rules.base[box, roll].astype(np.int64)
                delta = self.rules.joker_delta[mask, face - 1, box]
                points += np.where(yrow, delta, 0).astype(np.int64)
                new_upper = upper + np.where(box < len(UPPER_BOXES), points, 0)
                armed = np.where(box == YAHTZEE_BIT, (points == YAHTZEE_SCORE).astype(int),
                                 armed)
                points += np.where(yrow & (armed == 1) & (box != YAHTZEE_BIT),
                                   YAHTZEE_BONUS, 0)
                points += claim_bonus(upper, new_upper, self.upper_bonus_at)
                upper = new_upper
                mask |= 1 << box
                total += points
            scores[start:start + n] = total
        return scores

    # -- the cache file ----------------------------------------------------------------------

    def save(self, path: Path) -> None:
        """Write the table to ``path`` (atomically)."""
        save_arrays(path, {"values": self.values},
                    {"version": table_version(), "joker": self.joker})

    @classmethod
    def load(cls, path: Path, joker: str,
             upper_bonus_at: int = UPPER_BONUS_THRESHOLD) -> ClassicStrategy:
        """Read a table written by :meth:`save` for the bonus at ``upper_bonus_at``;
        ``ValueError`` says what is wrong with it."""
        arrays, _ = load_arrays(path, table_version(), joker=joker)
        values = arrays.get("values")
        if (values is None or values.shape != (NMASK, upper_bonus_at + 1, 2)
                or values.dtype != np.float64):
            raise ValueError("does not hold a table of the right shape")
        return cls(joker, values)


def _resident_when_written(shape: tuple[int, ...]) -> FloatArray:
    """A zeroed float64 array whose pages take memory only once written: an anonymous
    private memory map, without transparent huge pages (numpy asks the kernel for huge
    pages for an array of 4 MB or more, so the first write anywhere in 2 MB made all of
    them resident)."""
    size = int(np.prod(shape)) * 8
    if os.name != "posix":
        return np.zeros(shape)
    buffer = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE)
    if hasattr(mmap, "MADV_NOHUGEPAGE"):
        buffer.madvise(mmap.MADV_NOHUGEPAGE)
    return np.frombuffer(buffer, dtype=np.float64).reshape(shape)


# ------------------------------------------------------------------------------------------
# The cache


def cache_dir() -> Path:
    """The strategy cache folder: the project's cache directory
    (:func:`wordyahtzee.lexicon.registry.cache_dir`, ``$WORDYAHTZEE_CACHE_DIR``)."""
    from ...lexicon.registry import cache_dir as shared_cache_dir

    return shared_cache_dir()


TABLE_CODE = ("wordyahtzee.modes.bonus", "wordyahtzee.modes.classic.rules",
              "wordyahtzee.advisor.classic.tables", "wordyahtzee.advisor.classic.strategy")
"""The modules whose code computes the table (and plays the games of its samples)."""


def table_version() -> str:
    """The tables' version: a digest of :data:`TABLE_CODE`
    (:func:`~wordyahtzee.advisor.cache.code_version`)."""
    return code_version(*TABLE_CODE)


def cache_path(joker: str, upper_bonus_at: int = UPPER_BONUS_THRESHOLD) -> Path:
    """Where the table for ``joker`` and the upper bonus at ``upper_bonus_at`` is cached: the name
    holds every rule the table depends on (the standard threshold left out)."""
    upper = "" if upper_bonus_at == UPPER_BONUS_THRESHOLD else f"-upper{upper_bonus_at}"
    return cache_dir() / f"classic-strategy-{joker}{upper}-v{table_version()}.npz"



_LOADED: dict[tuple[str, str], ClassicStrategy] = {}


def load_strategy(joker: str = "free", *, upper_bonus_at: int = UPPER_BONUS_THRESHOLD,
                  out: TextIO | None = None, quiet: bool = False,
                  use_cache: bool = True) -> ClassicStrategy:
    """The strategy for ``joker`` and the upper bonus at ``upper_bonus_at``: from memory, else
    from the cache file, else computed (with progress on ``out``, default stderr, see
    :class:`~wordyahtzee.runtime.progress.Progress`;
    nothing with ``quiet``) and cached (:func:`~wordyahtzee.advisor.cache.load_or_build`:
    built once when several processes ask at once). A corrupt cache file is reported on
    ``out`` and replaced."""
    out = None if quiet else (out if out is not None else sys.stderr)
    if joker not in JOKER_READINGS:
        raise RuleError(f"unknown joker reading {joker!r}; readings: "
                        + ", ".join(JOKER_READINGS), "bad_rules")
    ClassicRules(joker, upper_bonus_at)  # a threshold out of range is bad_rules
    path = cache_path(joker, upper_bonus_at)
    key = (joker, str(path))
    if use_cache and key in _LOADED:
        return _LOADED[key]
    strategy: ClassicStrategy = load_or_build(
        path, f"computing the optimal strategy ({joker} joker, upper bonus at {upper_bonus_at})",
        lambda file: ClassicStrategy.load(file, joker, upper_bonus_at),
        lambda progress: ClassicStrategy.compute(joker, progress, upper_bonus_at),
        lambda s: s.save(path),
        out, use_cache)
    if use_cache:
        _LOADED[key] = strategy
    return strategy


# The lower boxes are re-exported for players that reason about them.
LOWER = LOWER_BOXES
