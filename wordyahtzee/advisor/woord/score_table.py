"""Every outcome's score per box: the table a Woord Yahtzee strategy is computed from,
built once per dictionary, dice set and word rules and cached on disk; and what a row of it
lets a player claim in the special boxes (:func:`special_points`, from the boxes'
declaration)."""


from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import numpy as np
import numpy.typing as npt

from ...dice import DiceSet
from ...lexicon import Lexicon, cache_dir, load_lexicon
from ...modes.woord import BOX, BOXES, SPECIAL_BOXES, WoordRules
from ..cache import code_version, load_arrays, load_or_build, save_arrays

if TYPE_CHECKING:
    from ...solver import Solver

SCORE_TABLE_CODE = ("wordyahtzee.letters", "wordyahtzee.modes.woord.rules",
                    "wordyahtzee.solver.rack", "wordyahtzee.solver.index",
                    "wordyahtzee.solver.search", "wordyahtzee.solver.results",
                    "wordyahtzee.advisor.woord.score_table")
"""The modules whose code computes the score table: the boxes' declaration and the solver."""


def score_table_version() -> str:
    """The score table's version: a digest of :data:`SCORE_TABLE_CODE`
    (:func:`~wordyahtzee.advisor.cache.code_version`)."""
    return code_version(*SCORE_TABLE_CODE)


COLUMN = {b: i for i, b in enumerate(BOXES)}
"""Column of each box in :attr:`ScoreTable.scores`."""
NSPECIAL = len(SPECIAL_BOXES)
BIT = {b: 1 << i for i, b in enumerate(SPECIAL_BOXES)}
"""Bit of each special box in a state's special mask."""
LATE_SPECIALS = tuple(b for b in SPECIAL_BOXES if not BOX[b].early_only)
"""The special boxes that may be claimed after the last throw too."""
EARLY_SPECIALS = tuple(b for b in SPECIAL_BOXES if BOX[b].early_only)
"""The special boxes that may only be claimed before the last throw."""


def special_points(row: npt.NDArray[np.int16], used: int, throws_done: int) -> dict[str, int]:
    """The special boxes a throw may be claimed in now and their points, from its row of
    the score table (a box qualifies when its best score is above 0): the declaration's
    points, or its repeat bonus when the box is in the ``used`` mask (:data:`BIT`)."""
    out: dict[str, int] = {}
    for name in SPECIAL_BOXES:
        spec, score, filled = BOX[name], int(row[COLUMN[name]]), bool(used & BIT[name])
        if score > 0 and spec.open_to_claim(throws_done, filled):
            out[name] = spec.claim_points(score, filled)
    return out


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
        save_arrays(path, {"scores": self.scores},
                    {"version": score_table_version(), "key": self.key,
                     "faces": list(self.faces)})

    @classmethod
    def load(cls, path: Path, key: str) -> ScoreTable:
        """Read :meth:`save` output; ``ValueError`` says what is wrong with the file."""
        arrays, meta = load_arrays(path, score_table_version(), key=key)
        scores = arrays["scores"]
        faces = tuple(meta.get("faces") or ())
        if (scores.dtype != np.int16 or scores.ndim != 2 or scores.shape[1] != len(BOXES)
                or not faces or scores.shape[0] != int(np.prod(faces))):
            raise ValueError(f"has a table of shape {scores.shape}")
        return cls(faces, scores, key)


def score_table_key(solver: Solver) -> str:
    """The cache key of a solver's score table: dictionary checksum, dice, word rules."""
    return table_key(solver.lexicon, solver.dice_set, solver.rules)


def table_key(lexicon: Lexicon, dice: DiceSet, rules: WoordRules) -> str:
    """The cache key of the score table of ``lexicon``, ``dice`` and the word rules of
    ``rules`` (no solver needed: reading a stored table builds none)."""
    return (f"{lexicon.name}-{lexicon.digest[:16]}-{dice.name}-{dice_key(dice)}"
            f"-min{rules.min_word_length}-y{int(rules.y_is_vowel)}")


def _cache_folder() -> Path:
    return cache_dir() / "woord-strategy"


def score_table_path(key: str) -> Path:
    """Where the score table ``key`` is cached."""
    return _cache_folder() / f"scores-{key}-v{score_table_version()}.npz"


_TABLES: dict[str, ScoreTable] = {}


def _resolve(dictionary: str | Lexicon, dice_set: str | DiceSet,
             rules: WoordRules | None) -> tuple[Lexicon, DiceSet, WoordRules]:
    lexicon = load_lexicon(dictionary) if isinstance(dictionary, str) else dictionary
    dice = DiceSet.load(dice_set) if isinstance(dice_set, str) else dice_set
    return lexicon, dice, rules or WoordRules()


def load_score_table(dictionary: str | Lexicon = "nl", dice_set: str | DiceSet = "nl",
                     rules: WoordRules | None = None, *, out: TextIO | None = None,
                     quiet: bool = False, use_cache: bool = True) -> ScoreTable:
    """Every outcome's score per box: from memory, the cache file (or its shipped copy), or
    built by the solver (progress on ``out``, default stderr) and cached
    (:func:`~wordyahtzee.advisor.cache.load_or_build`)."""
    out = None if quiet else (out if out is not None else sys.stderr)
    lexicon, dice, rules = _resolve(dictionary, dice_set, rules)
    key = table_key(lexicon, dice, rules)
    if use_cache and key in _TABLES:
        return _TABLES[key]
    path = score_table_path(key)

    def build(progress: Callable[[int, int], None] | None) -> ScoreTable:
        from ...solver import get_solver

        return ScoreTable.build(get_solver(lexicon, dice, rules), progress)

    table: ScoreTable = load_or_build(
        path, "scoring every throw", lambda file: ScoreTable.load(file, key), build,
        lambda t: t.save(path), out, use_cache)
    if use_cache:
        _TABLES[key] = table
    return table
