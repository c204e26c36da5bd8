"""The search itself: :class:`Solver` finds every formable word of a throw and the best
claim per box from the index (how: :mod:`wordyahtzee.solver`)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

import numpy as np

from ..dice import DiceSet
from ..errors import RuleError
from ..letters import ALPHABET, BLANK, alphagram, vowel_set
from ..lexicon import Lexicon
from ..modes.woord import BOXES, SHEET, Box, WoordRules
from .index import LETTERS, NO_WORD, Array, SolverIndex, subset_tables
from .rack import parse_rack
from .results import BoxResult, ScoredWord, Solution

RECENT_THROWS = 4096
"""How many distinct throws (sorted faces) a :class:`Solver` keeps the boxes of."""


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
        self.subset_tables = subset_tables(self.n)
        count = max(1, len(self.index.words))
        self._m1 = 1 << count.bit_length()          # > any rank
        self._mult = self._m1 << self.n.bit_length()  # > n * m1: rank sums stay below it
        self._max_words = self.n // self.rules.min_word_length
        self._level_count = max(2, self._max_words - 1)
        # key = points·M + M1 − rank, plus this: −NO_WORD for a subset too short for a word
        short = self.subset_tables.popcount < self.rules.min_word_length
        self._short = short.astype(np.int64) * -NO_WORD
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
        self._vowel_set = vowel_set(self.rules.y_is_vowel)
        self._zero = {box: BoxResult(box, 0) for box in BOXES}  # frozen: shared freely
        self._qualified = {b.id: BoxResult(b.id, b.points or 0) for b in SHEET if not b.words}
        # the claims of exactly k words, k = 1 .. the most a ``words`` box takes
        self._claim_counts = range(1, max(b.words or 1 for b in SHEET if b.kind == "words") + 1)
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
        return Solution(faces, dict(boxes), _WordFinder(self, faces, real, blanks).all_words)

    def cache_info(self) -> Any:
        """Hits and misses of the cache of recent throws (``functools.lru_cache`` info)."""
        return self._boxes.cache_info()

    def _compute_boxes(self, rack: str) -> dict[str, BoxResult]:
        """The twelve best claims for the sorted faces ``rack`` (real letters, then blanks),
        each as its box's declaration (:data:`~wordyahtzee.modes.woord.SHEET`) asks."""
        real = rack.rstrip(BLANK)
        keys = self._single_keys(real, self.n - len(real))
        t = self.subset_tables
        # one word of each length: a max over the subsets of that many dice
        by_length = np.maximum.reduceat(keys[t.by_popcount], t.popcount_starts).tolist()
        levels = self._levels(keys)
        claims = [self._claim(k, levels, keys) for k in self._claim_counts]
        return {box.id: self._box(box, real, by_length, levels, keys, claims) for box in SHEET}

    def _box(self, box: Box, real: str, by_length: list[int], levels: list[Array],
             keys: Array, claims: list[list[int]]) -> BoxResult:
        """One box's best claim (``real``: the letters, no blank).

        The consonant and vowel tests are :func:`~wordyahtzee.modes.woord.all_consonants`
        and ``all_vowels`` on parsed faces (letters a–z and blanks; a blank counts for
        both), as set tests.
        """
        kind = box.kind
        if kind == "letters":
            size = box.length or 0
            return self._single(box.id, by_length[size] if size <= self.n else -1)
        if kind == "words":
            return self._result(box.id, claims[(box.words or 1) - 1])
        if kind == "all_consonants":
            ok = set(real).isdisjoint(self._vowel_set)
        elif kind == "all_vowels":
            ok = set(real) <= self._vowel_set
        elif kind == "all_dice":
            key = by_length[self.n]
            return (BoxResult(box.id, box.points or 0, (self._word(key),)) if key >= 0
                    else self._zero[box.id])
        else:
            return self._chance(box.id, levels, keys, claims)
        return self._qualified[box.id] if ok else self._zero[box.id]

    # -- building blocks ------------------------------------------------------------------

    def _single_keys(self, real: str, blanks: int) -> Array:
        """Key of the best single word each dice subset lays: score·M + (M1 − rank), and a
        large negative number for a subset that lays no word (or is too short).

        Bit ``i`` of a subset is ``real[-1 - i]`` for the real letters, then the blanks.
        """
        dice = np.frombuffer(real[::-1].encode("ascii") + bytes(blanks), dtype=np.uint8)
        t = self.subset_tables
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
            keys[self._code_keys[slot] != codes] = -NO_WORD
            return keys + self._short
        alph = [""]
        for ch in reversed(real):  # doubling: alph[m] is the sorted letters of subset m
            alph += [ch + a for a in alph]
        rank = np.fromiter(self._many_blanks(real, blanks, alph), dtype=np.int64,
                           count=len(alph) << blanks)
        rank[rank < 0] = NO_WORD
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
        t = self.subset_tables
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
        first in the order in which :func:`subset_tables` lists subsets). The other words come
        from the levels, one arg-max each.
        """
        t = self.subset_tables
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

    def _chance(self, box: str, levels: list[Array], keys: Array,
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
            return self._zero[box]
        parts = claims[best_k - 1] if best_k <= len(claims) else self._claim(best_k, levels,
                                                                               keys)
        return self._result(box, parts)


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
                    for letter in LETTERS:
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
            for letter in LETTERS:
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
                for letter in LETTERS:
                    walk(alphagram(current + letter), left - 1)

        walk(key, k)
        return out
