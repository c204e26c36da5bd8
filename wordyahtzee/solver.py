"""The best words for a throw, box by box.

Given the faces a throw shows (``?`` = the blank), a :class:`~wordyahtzee.lexicon.Lexicon`
and a :class:`~wordyahtzee.dice.DiceSet` (for the letter values), :meth:`Solver.solve`
finds every formable word with its score and, for each of the twelve boxes, the best claim
the rules allow (:mod:`wordyahtzee.modes.woord` holds the rules; this module only searches).

How it is fast (see ``docs/solver.md``):

- an index built once per dictionary (and cached on disk beside the compiled tries) maps
  every *alphagram* (sorted letters) of a word of at most ``n`` letters to the rank of its
  most frequent word, and every alphagram with *one letter missing* to the rank of the most
  frequent word that the blank completes; rank 0 is the dictionary's most frequent short
  word, equal frequencies alphabetically;
- a throw has only ``2**n`` dice subsets (128 for seven dice): one look-up per subset gives
  the best word each subset can lay. The look-ups are vectorised: each alphagram is also an
  integer code (its letters as base-32 digits), the index keeps its codes in one sorted
  array with each entry's key on the dice, and a throw's 128 codes come from one matrix
  product, then one binary search;
- a max-plus dynamic programme over the subsets (vectorised with numpy) gives the best two,
  three or any number of words on disjoint dice; the last level is only computed for the
  whole throw.

Ties: equal scores go to the more frequent word, then alphabetically. A claim of several
words is compared by its total score, then (``chance``) by fewer words, then by the smaller
sum of its words' frequency ranks; what ties even then goes to the first claim found in a
fixed order of dice subsets of the sorted faces, so the answer depends only on the faces.
"""

from __future__ import annotations

import marshal
import os
import tempfile
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .dice import DiceSet
from .errors import RuleError
from .letters import ALPHABET, BLANK, alphagram, fold, vowel_set
from .lexicon import Lexicon, cache_dir, load_lexicon
from .modes.woord import (
    BOXES,
    CONSONANTS_SCORE,
    ROUND_BOXES,
    SPECIAL_BOXES,
    UPPER_BOXES,
    VOWELS_SCORE,
    WOORD_YAHTZEE_BONUS,
    WOORD_YAHTZEE_SCORE,
    Claim,
    ScoreSheet,
    WoordGame,
    WoordRules,
    claimable_boxes,
)

__all__ = [
    "LETTER_NOT_ON_DICE",
    "BoxResult",
    "RankedClaim",
    "ScoredWord",
    "Solution",
    "Solver",
    "SolverIndex",
    "get_solver",
    "legal_claims",
    "parse_rack",
    "rank_claims",
    "solve",
]

INDEX_FORMAT = 1
RECENT_THROWS = 4096
"""How many distinct throws (sorted faces) a :class:`Solver` keeps the boxes of."""
"""Bump when the on-disk index layout changes (old files are then simply rebuilt)."""

_LETTERS = sorted(ALPHABET)
_NO_WORD = 1 << 52  # the rank of "no word": its key, and any sum with it, is negative
Array = npt.NDArray[np.int64]


# -- results ------------------------------------------------------------------------------

@dataclass(frozen=True)
class ScoredWord:
    """A formable word and its score on this throw (real dice before the blank)."""

    word: str
    score: int


@dataclass(frozen=True)
class BoxResult:
    """The best claim for one box: its score and word(s); score 0 and no words when the
    box cannot be claimed with these faces."""

    box: str
    score: int
    words: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"score": int, "words": [...]}`` (the ``solve --json`` box shape)."""
        return {"score": self.score, "words": list(self.words)}


@dataclass(frozen=True)
class RankedClaim:
    """A legal claim now, what it scores, and what it adds to the player's grand total
    (``gain`` includes the upper bonus it completes; a Woord Yahtzee bonus counts 100)."""

    claim: Claim
    points: int
    gain: int

    def to_json(self) -> dict[str, Any]:
        """``{"box", "words", "zero_box"?, "points", "gain"}``."""
        return {**self.claim.to_json(), "points": self.points, "gain": self.gain}


class Solution:
    """What a throw offers: the best claim per box (:attr:`boxes`) and every formable word
    (:attr:`words`, computed on first use, best first)."""

    def __init__(self, letters: str, boxes: dict[str, BoxResult],
                 words: _WordFinder) -> None:
        self.letters = letters
        """The faces as given (folded), ``?`` for a blank."""
        self.boxes = boxes
        """Box id → :class:`BoxResult`, for all twelve boxes in sheet order."""
        self._finder = words
        self._words: list[ScoredWord] | None = None

    @property
    def words(self) -> list[ScoredWord]:
        """Every formable word, by score, then frequency (common first), then alphabet."""
        if self._words is None:
            self._words = self._finder.all_words()
        return self._words

    def best(self, box: str) -> BoxResult:
        """The best claim for ``box``."""
        try:
            return self.boxes[box]
        except KeyError:
            raise RuleError(f"unknown box {box!r}", "unknown_box") from None

    def to_json(self, top: int | None = None) -> dict[str, Any]:
        """The ``solve --json`` shape; ``top`` keeps only the first ``top`` words."""
        words = self.words if top is None else self.words[:top] if top > 0 else []
        return {"letters": self.letters,
                "boxes": {b: r.to_json() for b, r in self.boxes.items()},
                "words": [{"word": w.word, "score": w.score} for w in words]}

    def __repr__(self) -> str:
        return f"<Solution {self.letters!r}>"


# -- the index ----------------------------------------------------------------------------

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

    def anagram_ranks(self, lexicon: Lexicon, key: str) -> list[int]:
        """Ranks of every word with alphagram ``key`` (from ``lexicon``), best first."""
        if key not in self.exact:
            return []
        return sorted(self.rank(w) for w in lexicon.anagrams(key))

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
    return padded >> (5 * (n - np.count_nonzero(raw, axis=1)))


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
def _tables(n: int) -> _Tables:
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


# -- the solver ---------------------------------------------------------------------------

class Solver:
    """Best claims for throws of one dice set against one dictionary, under given rules.

    Build one per (dictionary, dice set, rules) and reuse it: :func:`get_solver` keeps them.
    The rules options that matter are ``min_word_length`` and ``y_is_vowel``. It keeps the
    boxes of the last ``recent`` distinct throws (keyed by the sorted faces; ``recent=0``
    keeps none), so a repeated throw costs a dictionary look-up.
    """

    def __init__(self, lexicon: Lexicon, dice_set: DiceSet, rules: WoordRules | None = None,
                 *, index: SolverIndex | None = None, cache: bool = True,
                 recent: int = RECENT_THROWS) -> None:
        self.lexicon = lexicon
        self.dice_set = dice_set
        self.rules = rules or WoordRules()
        self.n = dice_set.size
        if not 1 <= self.n <= 10:
            raise RuleError(f"the solver handles 1 to 10 dice, not {self.n}", "bad_dice_set")
        self.index = index or SolverIndex.load(lexicon, self.n, cache=cache)
        if self.index.max_length < self.n:
            raise RuleError("the solver index is too short for this dice set", "bad_index")
        self._tables = _tables(self.n)
        count = max(1, len(self.index.words))
        self._m1 = 1 << count.bit_length()          # > any rank
        self._mult = self._m1 << self.n.bit_length()  # > n * m1: rank sums stay below it
        self._max_words = self.n // self.rules.min_word_length
        self._level_count = max(2, self._max_words - 1)
        # key = points·M + M1 − rank, plus this: −_NO_WORD for a subset too short for a word
        short = self._tables.popcount < self.rules.min_word_length
        self._short = short.astype(np.int64) * -_NO_WORD
        points = np.zeros(256, dtype=np.int64)  # byte of a letter -> value·M; 0 -> blank
        for letter in ALPHABET:
            points[ord(letter)] = dice_set.value(letter) * self._mult
        self._points = points
        digits = np.zeros(256, dtype=np.int64)  # byte of a letter -> its base-32 digit
        for letter in ALPHABET:
            digits[ord(letter)] = ord(letter) - (ord("a") - 1)
        self._digits = digits
        self._code_keys, ranks = self.index.code_table(self.n)
        self._code_values = self._code_keys_on_dice(self._code_keys, ranks)
        # a lone blank is the highest bit: the subsets with it look up the ``missing`` codes
        self._blank_flag = (np.arange(1 << self.n) >> (self.n - 1)) << 5 * self.n
        self._upper = [(box, int(box[8:])) for box in UPPER_BOXES]
        self._vowel_set = vowel_set(self.rules.y_is_vowel)
        self._zero = {box: BoxResult(box, 0) for box in BOXES}  # frozen: shared freely
        self._consonants = BoxResult("consonants", CONSONANTS_SCORE)
        self._vowels = BoxResult("vowels", VOWELS_SCORE)
        # the boxes of the last ``recent`` distinct throws, keyed by the sorted faces
        # (0 keeps none); the boxes do not depend on the order of the faces
        self._boxes = lru_cache(maxsize=max(0, recent))(self._compute_boxes)

    # -- the public entry -----------------------------------------------------------------

    def solve(self, letters: str, *, check_dice: bool = False) -> Solution:
        """Analyse the faces ``letters`` (``?`` = blank; any order, any case).

        Raises :class:`RuleError` for a wrong length or a character that is not a letter
        or ``?`` (``bad_rack``). With ``check_dice`` (what the ``solve`` command and
        :func:`solve` use), a letter that no die of the dice set shows is refused too
        (``letter_not_on_dice``); without it the faces need not be a throw the dice set can
        show (letters it has no face for score 0, as :meth:`DiceSet.value` says).
        """
        faces = parse_rack(letters, self.n, self.dice_set if check_dice else None)
        real = "".join(sorted(faces.replace(BLANK, "")))
        blanks = self.n - len(real)
        boxes = self._boxes(real + BLANK * blanks)
        return Solution(faces, dict(boxes), _WordFinder(self, faces, real, blanks))

    def cache_info(self) -> Any:
        """Hits and misses of the cache of recent throws (``functools.lru_cache`` info)."""
        return self._boxes.cache_info()

    def _compute_boxes(self, rack: str) -> dict[str, BoxResult]:
        """The twelve best claims for the sorted faces ``rack`` (real letters, then blanks)."""
        real = rack.rstrip(BLANK)
        keys = self._single_keys(real, self.n - len(real))
        t = self._tables
        # one word of each length: a max over the subsets of that many dice
        by_length = np.maximum.reduceat(keys[t.by_popcount], t.popcount_starts).tolist()
        levels = self._levels(keys)
        claims = [self._claim(k, levels, keys) for k in (1, 2, 3)]
        results = [self._single(box, by_length[size] if size <= self.n else -1)
                   for box, size in self._upper]
        results += [self._result(box, parts)
                    for box, parts in zip(ROUND_BOXES[5:], claims, strict=True)]
        results += self._special_boxes(real, by_length[self.n])
        results.append(self._chance(levels, keys, claims))
        return dict(zip(BOXES, results, strict=True))

    def _special_boxes(self, real: str, seven: int) -> list[BoxResult]:
        """The consonants, vowels and Woord Yahtzee boxes (``real``: the letters, no blank).

        The same as :func:`~wordyahtzee.modes.woord.all_consonants` and ``all_vowels`` on
        parsed faces (letters a–z and blanks; a blank counts for both), as set tests.
        """
        letters = set(real)
        return [self._consonants if letters.isdisjoint(self._vowel_set)
                else self._zero["consonants"],
                self._vowels if letters <= self._vowel_set else self._zero["vowels"],
                BoxResult("woord_yahtzee", WOORD_YAHTZEE_SCORE, (self._word(seven),))
                if seven >= 0 else self._zero["woord_yahtzee"]]

    # -- building blocks ------------------------------------------------------------------

    def _single_keys(self, real: str, blanks: int) -> Array:
        """Key of the best single word each dice subset lays: score·M + (M1 − rank), and a
        large negative number for a subset that lays no word (or is too short).

        Bit ``i`` of a subset is ``real[-1 - i]`` for the real letters, then the blanks.
        """
        dice = np.frombuffer(real[::-1].encode("ascii") + bytes(blanks), dtype=np.uint8)
        t = self._tables
        if blanks <= 1:
            # the code of a subset's letters (its alphagram read as base-32 digits, the
            # largest letter last): the letter of bit i times 32 to the number of the
            # subset's bits below i; then one binary search in the sorted codes of the index,
            # whose entries carry their keys on these dice
            codes = t.weights @ self._digits[dice]
            if blanks:
                codes += self._blank_flag
            slot = self._code_keys.searchsorted(codes)
            keys = self._code_values[slot]
            keys[self._code_keys[slot] != codes] = -_NO_WORD
            return keys + self._short
        alph = [""]
        for ch in reversed(real):  # doubling: alph[m] is the sorted letters of subset m
            alph += [ch + a for a in alph]
        rank = np.fromiter(self._many_blanks(real, blanks, alph), dtype=np.int64,
                           count=len(alph) << blanks)
        rank[rank < 0] = _NO_WORD
        return t.bits @ self._points[dice] + self._m1 + self._short - rank

    def _code_keys_on_dice(self, codes: Array, ranks: Array) -> Array:
        """The key of each entry of the index's code table on these dice: the value of its
        letters (the real ones: a ``missing`` entry's blank scores 0)·M + M1 − rank."""
        value = np.zeros(32, dtype=np.int64)  # base-32 digit -> the letter's value·M
        for letter in ALPHABET:
            value[ord(letter) - (ord("a") - 1)] = self.dice_set.value(letter) * self._mult
        points = np.zeros(len(codes), dtype=np.int64)
        for k in range(self.n):
            points += value[(codes >> 5 * k) & 31]
        return points + self._m1 - ranks

    def _levels(self, keys: Array) -> list[Array]:
        """``levels[k - 1][t]``: the key of the best ``k`` words on disjoint dice within dice
        subset ``t``, for every ``t`` and ``k`` up to one less than the most words a claim
        takes (the full set's last level is :meth:`_claim`'s)."""
        t = self._tables
        gathered = keys[t.sub]
        levels = [np.maximum.reduceat(gathered, t.starts)]
        while len(levels) < self._level_count:
            levels.append(np.maximum.reduceat(gathered + levels[-1][t.rest], t.starts))
        return levels

    def _many_blanks(self, real: str, blanks: int, alph: list[str]) -> list[int]:
        """Ranks per dice subset when two or more blanks show: the best rank of the words
        made of a subset's real letters plus ``k`` blank letters is the best over each
        letter ``x`` of the words made of those letters and ``x`` plus ``k - 1`` blanks, down
        to the one-blank index (26 look-ups a level, memoised; no scan of the index)."""
        best = _BlankRanks(self.index).best
        ranks: list[int] = []
        for high in range(1 << blanks):
            k = high.bit_count()
            ranks.extend(best(a, k) for a in alph)
        return ranks

    def _word(self, key: int) -> str:
        return self.index.words[self._m1 - key % self._mult]

    def _single(self, box: str, key: int) -> BoxResult:
        """A box's claim of the one word of ``key`` (a negative key: no claim)."""
        if key < 0:
            return self._zero[box]
        return BoxResult(box, key // self._mult, (self.index.words[self._m1 - key % self._mult],))

    def _result(self, box: str, parts: Sequence[int]) -> BoxResult:
        """A box's claim from the keys of its words (none, or a negative key: no claim).

        The score is the search's sum of the real dice each word takes; for a best claim
        it equals :func:`~wordyahtzee.modes.woord.words_score` (the tests check it).
        """
        if not parts or min(parts) < 0:
            return self._zero[box]
        if len(parts) == 1:
            return self._single(box, parts[0])
        ordered = sorted(parts, reverse=True)
        return BoxResult(box, sum(parts) // self._mult, tuple(map(self._word, ordered)))

    def _claim(self, k: int, levels: list[Array], keys: Array) -> list[int]:
        """The single-word keys of a best claim of ``k`` words on all the dice ([] or a
        negative key: none).

        The first word is the best ``s`` of ``keys[s] + levels[k - 2][full ^ s]``; as
        ``full ^ s`` is ``full - s``, that is ``keys`` reversed plus the level, and the
        arg-max of the reversed array takes, among equal totals, the largest ``s`` (the
        first in the order in which :func:`_tables` lists subsets). The other words come
        from the levels, one arg-max each.
        """
        t = self._tables
        if k == 1:
            return [int(levels[0][t.full])]
        first = keys[::-1] + levels[k - 2]
        j = int(first.argmax())
        if first[j] < 0:
            return []
        parts = [int(keys[t.full - j])]
        target = j
        k -= 1
        while k > 1:
            lo, hi = t.bounds[target], t.bounds[target + 1]
            subs = t.sub[lo:hi]
            s = int(subs[int(np.argmax(keys[subs] + levels[k - 2][t.rest[lo:hi]]))])
            parts.append(int(keys[s]))
            target ^= s
            k -= 1
        parts.append(int(levels[0][target]))
        return parts

    def _chance(self, levels: list[Array], keys: Array,
                claims: list[list[int]]) -> BoxResult:
        """The best claim of one or more words: the highest total, then fewer words."""
        totals = [sum(parts) if parts else -1 for parts in claims]
        for k in range(len(claims) + 1, self._max_words + 1):  # more than three words
            totals.append(int((keys[::-1] + levels[k - 2]).max()))
        best_k, best_score = 0, -1
        for k, total in enumerate(totals[:self._max_words], 1):
            if total >= 0 and total // self._mult > best_score:  # fewer words win ties
                best_k, best_score = k, total // self._mult
        if not best_k:
            return self._zero["chance"]
        parts = claims[best_k - 1] if best_k <= len(claims) else self._claim(best_k, levels,
                                                                               keys)
        return self._result("chance", parts)


class _WordFinder:
    """Lists every formable word of one throw (only when asked: it is the slow part)."""

    def __init__(self, solver: Solver, faces: str, real: str, blanks: int) -> None:
        self.solver, self.faces, self.real, self.blanks = solver, faces, real, blanks

    def all_words(self) -> list[ScoredWord]:
        solver, index, lexicon = self.solver, self.solver.index, self.solver.lexicon
        min_length = solver.rules.min_word_length
        value = solver.dice_set.value
        score: dict[str, int] = {}  # word -> the best score it makes (real dice first)
        if self.blanks >= 2:  # rare (no shipped set has two blanks)
            blank_ranks = _BlankRanks(index)
            best_points: dict[str, int] = {}  # alphagram -> the best score its words make
            for key in {"".join(c) for size in range(len(self.real) + 1)
                        for c in combinations(self.real, size)}:
                points = sum(map(value, key))
                for longer in blank_ranks.completions(key, self.blanks):
                    if best_points.get(longer, -1) < points:
                        best_points[longer] = points
            for key, points in best_points.items():
                score.update(dict.fromkeys(lexicon.anagrams(key), points))
        else:
            subsets = {"".join(c) for size in range(len(self.real) + 1)
                       for c in combinations(self.real, size)}
            exact, missing = index.exact, index.missing
            best: dict[str, int] = {}  # alphagram -> the best score its words make
            for key in subsets:
                points = sum(map(value, key))
                if key in exact:
                    best[key] = points  # from real dice only: nothing beats it
                if self.blanks and key in missing:
                    for letter in _LETTERS:
                        longer = alphagram(key + letter)
                        if longer in exact and best.get(longer, -1) < points:
                            best[longer] = points
            for key, points in best.items():
                score.update(dict.fromkeys(lexicon.anagrams(key), points))
        rank = index.rank
        ordered = sorted((w for w in score if len(w) >= min_length),
                         key=lambda w: (-score[w], rank(w)))
        return [ScoredWord(w, score[w]) for w in ordered]


class _BlankRanks:
    """Best ranks of words that a few blanks complete, from the exact and one-blank indexes:
    the words of letters ``key`` plus ``k`` blanks are, over each letter ``x``, the words of
    ``key + x`` plus ``k - 1`` blanks (memoised; used when two or more blanks show)."""

    def __init__(self, index: SolverIndex) -> None:
        self.exact, self.missing = index.exact, index.missing
        self.limit = index.max_length
        self.memo: dict[tuple[str, int], int] = {}

    def best(self, key: str, k: int) -> int:
        """The best rank of a word whose alphagram is ``key`` plus ``k`` letters, or -1."""
        if k == 0:
            return self.exact.get(key, -1)
        if k == 1:
            return self.missing.get(key, -1)
        if len(key) + k > self.limit:
            return -1
        slot = (key, k)
        found = self.memo.get(slot)
        if found is None:
            found = -1
            for letter in _LETTERS:
                r = self.best(alphagram(key + letter), k - 1)
                if r >= 0 and (found < 0 or r < found):
                    found = r
            self.memo[slot] = found
        return found

    def completions(self, key: str, k: int) -> set[str]:
        """Every alphagram of a word made of ``key`` plus at most ``k`` letters."""
        out: set[str] = set()
        seen: set[tuple[str, int]] = set()

        def walk(current: str, left: int) -> None:
            if (current, left) in seen:
                return
            seen.add((current, left))
            if current in self.exact:
                out.add(current)
            if left and any(self.best(current, i) >= 0 for i in range(1, left + 1)):
                for letter in _LETTERS:
                    walk(alphagram(current + letter), left - 1)

        walk(key, k)
        return out


# -- faces --------------------------------------------------------------------------------

LETTER_NOT_ON_DICE = "letter_not_on_dice"
"""The :class:`RuleError` code of faces that hold a letter no die of the dice set shows."""


_FOLDED_FACES = "".join(sorted(ALPHABET)) + BLANK


def _fold_faces(letters: str, size: int) -> str:
    """Fold ``letters`` and check the faces (see :func:`parse_rack`)."""
    faces = fold(letters).replace(" ", "")
    bad = sorted({ch for ch in faces if ch != BLANK and ch not in ALPHABET})
    if bad:
        raise RuleError(f"{letters.strip()!r}: {bad[0]!r} is not a letter a-z or ? "
                        "(the blank)", "bad_rack")
    if len(faces) != size:
        raise RuleError(f"{letters.strip()!r}: a throw shows {size} faces, not {len(faces)}",
                        "bad_rack")
    return faces


def parse_rack(letters: str, size: int = 7, dice_set: DiceSet | None = None) -> str:
    """Fold ``letters`` (case, diacritics) and check it is ``size`` faces of a–z or ``?``.

    Raises :class:`RuleError` (``bad_rack``) otherwise. With ``dice_set``, a letter (or a
    blank) that no die of the set shows raises :class:`RuleError` with code
    ``letter_not_on_dice`` (:data:`LETTER_NOT_ON_DICE`), naming the letter and the set.
    """
    if not isinstance(letters, str):
        raise RuleError("the faces are a string of letters and ?", "bad_rack")
    if len(letters) == size and not letters.strip(_FOLDED_FACES):
        faces = letters  # already folded faces of the right length (the common case)
    else:
        faces = _fold_faces(letters, size)
    if dice_set is not None:
        shown = {face for die in range(dice_set.size) for face in dice_set.letters(die)}
        missing = sorted({ch for ch in faces if ch not in shown})
        if missing:
            what = "the blank" if missing[0] == BLANK else f"the letter {missing[0]!r}"
            raise RuleError(f"{letters.strip()!r}: no die of the dice set {dice_set.name!r} "
                            f"shows {what}", LETTER_NOT_ON_DICE)
    return faces


# -- convenience and claims ---------------------------------------------------------------

_solvers: dict[tuple[Any, ...], Solver] = {}
_solvers_lock = threading.Lock()


def get_solver(dictionary: str | Lexicon = "nl", dice_set: str | DiceSet = "nl",
               rules: WoordRules | None = None) -> Solver:
    """A solver for a dictionary and dice set (names or objects), kept for reuse."""
    lexicon = load_lexicon(dictionary) if isinstance(dictionary, str) else dictionary
    dice = DiceSet.load(dice_set) if isinstance(dice_set, str) else dice_set
    rules = rules or WoordRules()
    key = (lexicon.info.checksum or id(lexicon), lexicon.name, dice.name, dice.dice,
           rules.min_word_length, rules.y_is_vowel)
    with _solvers_lock:
        solver = _solvers.get(key)
        if solver is None:
            solver = _solvers[key] = Solver(lexicon, dice, rules)
        return solver


def solve(letters: str, dictionary: str | Lexicon = "nl", dice_set: str | DiceSet = "nl",
          rules: WoordRules | None = None) -> Solution:
    """Analyse one throw: ``solve("kusnatl").boxes["letters_5"]``.

    Faces with a letter no die of the dice set shows raise :class:`RuleError`
    (``letter_not_on_dice``).
    """
    return get_solver(dictionary, dice_set, rules).solve(letters, check_dice=True)


def _sheet_gain(sheet: ScoreSheet, box: str, points: int, zero_box: str | None) -> int:
    after = ScoreSheet(sheet.upper_bonus_threshold, dict(sheet.boxes),
                       sheet.woord_yahtzee_bonus)
    after.write(box, points, zero_box)
    return after.total - sheet.total


def rank_claims(solution: Solution, sheet: ScoreSheet, *, round_box: str | None = None,
                throws: int = 1, free_zero_box: str | None = None) -> list[RankedClaim]:
    """The claims a sheet allows now with this throw, best gain first.

    ``round_box``: this round's box in strict order (``None`` = free order: any open round
    box); ``throws``: how many throws this turn has had; ``free_zero_box``: with free
    order, the open round box a special claim zeroes (default: the engine's choice). Which
    boxes may be claimed comes from the engine (:func:`~wordyahtzee.modes.woord.claimable_boxes`);
    a round box with no word is listed as a 0 claim, a special box only when the throw
    qualifies. Ties keep the sheet order of the boxes. For a live game, prefer
    :func:`legal_claims`, which also checks each claim with the game itself.
    """
    rules = WoordRules(free_order=round_box is None,
                       upper_bonus_threshold=sheet.upper_bonus_threshold)
    round_no = ROUND_BOXES.index(round_box) + 1 if round_box is not None else 1
    out: list[RankedClaim] = []
    for box, zero in claimable_boxes(sheet, rules, round_no, throws).items():
        if round_box is None and zero is not None and free_zero_box is not None:
            zero = free_zero_box
        best = solution.boxes[box]
        if box in SPECIAL_BOXES and best.score == 0:
            continue
        bonus = box == "woord_yahtzee" and sheet.boxes[box] == WOORD_YAHTZEE_SCORE
        points = WOORD_YAHTZEE_BONUS if bonus else best.score
        claim = Claim(box, best.words, zero if round_box is None else None)
        out.append(RankedClaim(claim, points, _sheet_gain(sheet, box, points, zero)))
    order = {b: i for i, b in enumerate(BOXES)}
    out.sort(key=lambda rc: (-rc.gain, order[rc.claim.box]))
    return out


def legal_claims(game: WoordGame, solver: Solver | None = None) -> list[RankedClaim]:
    """For a live game: the claims the current player may make now, best gain first.

    The candidates are :func:`rank_claims` for the game's sheet, rules and throw; each is
    checked and scored by :meth:`WoordGame.evaluate` (the rules), and ``gain`` is what it
    adds to the grand total, bonuses included. Empty before the first throw.
    """
    turn = game.turn
    if turn.faces is None:
        return []
    solver = solver or get_solver(game.lexicon, game.dice_set, game.rules)
    sheet = game.sheets[turn.player]
    ranked = rank_claims(solver.solve(turn.faces), sheet,
                         round_box=None if game.rules.free_order else game.round_box(),
                         throws=turn.throws)
    out: list[RankedClaim] = []
    for candidate in ranked:
        try:
            points = game.evaluate(candidate.claim)
        except RuleError:
            continue
        out.append(candidate if points == candidate.points else RankedClaim(
            candidate.claim, points, candidate.gain - candidate.points + points))
    return out
