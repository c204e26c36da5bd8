"""The alphagram index of a dictionary (built once, cached on disk beside the compiled
tries) and the tables of dice subsets it is searched with."""

from __future__ import annotations

import marshal
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..letters import ALPHABET, alphagram
from ..lexicon import Lexicon, cache_dir

INDEX_FORMAT = 1
"""Bump when the on-disk index layout changes (old files are then simply rebuilt)."""
LETTERS = sorted(ALPHABET)
NO_WORD = 1 << 52
"""The rank of "no word": its key, and any sum with it, is negative."""
Array = npt.NDArray[np.int64]


@dataclass(frozen=True)
class SolverIndex:
    """The alphagram index of a dictionary's words of at most ``max_length`` letters.

    ``words[r]`` is the word of rank ``r`` (by Zipf frequency, descending, then alphabet);
    ``exact[a]`` is the best rank among words with alphagram ``a``; ``missing[a]`` the best
    rank among words whose alphagram is ``a`` plus one letter (what a blank completes).
    It does not depend on letter values, so every dice set shares it.
    """

    max_length: int
    words: tuple[str, ...]
    exact: Mapping[str, int]
    missing: Mapping[str, int]
    checksum: str = ""
    _rank_of: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    _codes: dict[int, tuple[Array, Array]] = field(default_factory=dict, repr=False,
                                                   compare=False)

    @classmethod
    def build(cls, lexicon: Lexicon, max_length: int) -> SolverIndex:
        """Build from a lexicon (a second or so for the Dutch dictionary)."""
        short = [(w, z) for w, z in lexicon.frequencies() if len(w) <= max_length]
        short.sort(key=lambda wz: (-wz[1], wz[0]))
        words = tuple(w for w, _ in short)
        exact: dict[str, int] = {}
        missing: dict[str, int] = {}
        for rank, word in enumerate(words):
            key = alphagram(word)
            exact.setdefault(key, rank)
            for i in range(len(key)):
                if i and key[i] == key[i - 1]:
                    continue
                missing.setdefault(key[:i] + key[i + 1:], rank)
        return cls(max_length, words, exact, missing, lexicon.info.checksum)

    @classmethod
    def load(cls, lexicon: Lexicon, max_length: int, *, cache: bool = True) -> SolverIndex:
        """The index of ``lexicon``, read from the cache or built (and then cached)."""
        checksum = lexicon.info.checksum
        if not cache or not checksum:
            return cls.build(lexicon, max_length)
        path = (cache_dir() / "solver"
                / f"{lexicon.name}-{checksum[:16]}-n{max_length}-v{INDEX_FORMAT}.marshal")
        try:
            data = marshal.loads(path.read_bytes())
            if data[0] == INDEX_FORMAT and data[1] == checksum and data[2] == max_length:
                return cls(max_length, data[3], data[4], data[5], checksum)
        except (OSError, ValueError, EOFError, TypeError, IndexError):
            pass
        index = cls.build(lexicon, max_length)
        index._save(path)
        return index

    def _save(self, path: Path) -> None:
        payload = marshal.dumps((INDEX_FORMAT, self.checksum, self.max_length, self.words,
                                 dict(self.exact), dict(self.missing)))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".index-", dir=path.parent)
            with os.fdopen(fd, "wb") as fh:
                fh.write(payload)
            os.replace(tmp, path)
        except OSError:  # a read-only cache only costs a rebuild next time
            pass

    def rank(self, word: str) -> int:
        """The frequency rank of ``word`` (a word of the index)."""
        if not self._rank_of:
            # Built whole, then published in one dict.update (a single step under the GIL):
            # a thread that finds the table filled never sees it half-filled.
            table = {w: r for r, w in enumerate(self.words)}
            self._rank_of.update(table)
        return self._rank_of[word]

    def code_table(self, n: int) -> tuple[Array, Array]:
        """The keys of at most ``n`` letters as sorted integer codes, and their ranks.

        A key's code reads its letters as base-32 digits (``a`` = 1 … ``z`` = 26, first letter
        most significant); a ``missing`` key's code has bit ``5·n`` set too, above any
        code of ``n`` letters. The codes end with a sentinel larger than any code, so a
        ``searchsorted`` slot is always a valid index. Built on first use for each ``n``
        (a few tens of milliseconds for the Dutch dictionary).
        """
        table = self._codes.get(n)
        if table is None:
            codes, ranks = [], []
            for keys, length, flag in ((self.exact, n, 0), (self.missing, n - 1, 1 << 5 * n)):
                chosen = [k for k in keys if len(k) <= length]
                codes.append(_codes(chosen, n) + flag)
                ranks.append(np.fromiter(map(keys.__getitem__, chosen), dtype=np.int64,
                                         count=len(chosen)))
            code = np.concatenate([*codes, [np.iinfo(np.int64).max]])
            rank = np.concatenate([*ranks, [0]])
            order = np.argsort(code, kind="stable")
            table = self._codes[n] = (code[order], rank[order])
        return table

    def __len__(self) -> int:
        return len(self.words)


def _codes(keys: Sequence[str], n: int) -> Array:
    """The base-32 codes of alphagrams of at most ``n`` letters (see
    :meth:`SolverIndex.code_table`), vectorised: the letters, padded to ``n`` with zero
    bytes, as digits, then shifted right by five bits per padding byte."""
    if not keys:
        return np.zeros(0, dtype=np.int64)
    raw = np.array(keys, dtype=f"S{n}").view(np.uint8).reshape(len(keys), n).astype(np.int64)
    digits = np.where(raw > 0, raw - (ord("a") - 1), 0)
    padded = digits @ (np.int64(1) << (5 * np.arange(n - 1, -1, -1, dtype=np.int64)))
    shifted: Array = padded >> (5 * (n - np.count_nonzero(raw, axis=1)))
    return shifted


# -- subset tables ------------------------------------------------------------------------

@dataclass(frozen=True)
class _Tables:
    """Per dice count ``n``: the subset arithmetic the solver reuses for every throw."""

    n: int
    full: int
    popcount: Array            # popcount of each mask
    bits: Array                # (2**n, n) 0/1 matrix: which dice a mask holds
    weights: Array             # (2**n, n): 32**(the mask's bits below i) where bit i is set
    sub: Array                 # every (t, s ⊆ t) pair, grouped by t: s
    rest: Array                # ... and t ^ s
    starts: Array              # where each t's group starts in sub/rest
    bounds: list[int]          # starts, plus the end
    by_popcount: Array         # the masks ordered by popcount
    popcount_starts: Array     # where each popcount 0..n starts in by_popcount


@lru_cache(maxsize=8)
def subset_tables(n: int) -> _Tables:
    size = 1 << n
    popcount = np.array([m.bit_count() for m in range(size)], dtype=np.int64)
    bits = np.array([[(m >> i) & 1 for i in range(n)] for m in range(size)], dtype=np.int64)
    weights = np.array([[1 << 5 * (m & ((1 << i) - 1)).bit_count() if (m >> i) & 1 else 0
                         for i in range(n)] for m in range(size)], dtype=np.int64)
    sub: list[int] = []
    rest: list[int] = []
    starts: list[int] = []
    for t in range(size):
        starts.append(len(sub))
        s = t
        while True:
            sub.append(s)
            rest.append(t ^ s)
            if s == 0:
                break
            s = (s - 1) & t
    return _Tables(n, size - 1, popcount, bits, weights, np.array(sub, dtype=np.int64),
                   np.array(rest, dtype=np.int64), np.array(starts, dtype=np.int64),
                   [*starts, len(sub)], np.argsort(popcount, kind="stable"),
                   np.searchsorted(np.sort(popcount), np.arange(n + 1)))
