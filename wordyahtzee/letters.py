"""Text normalisation for word play: diacritic folding and vowel/consonant classes.

docs/rules.md §1: letters with diacritics count as the plain letter (``ruïne`` → ``ruine``,
``één`` → ``een``); Dutch ``ij`` is two letters. Vowels are a e i o u, and y when the
rules option ``y_is_vowel`` is on (the default).
"""

from __future__ import annotations

BLANK = "?"
"""The blank face: stands for any letter and is worth 0."""

VOWELS = frozenset("aeiou")
ALPHABET = frozenset("abcdefghijklmnopqrstuvwxyz")

# Letters that Unicode does not decompose into a base letter plus marks.
_SPECIAL = str.maketrans({"ĳ": "ij", "Ĳ": "ij", "ß": "ss", "æ": "ae", "Æ": "ae",
                          "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o", "ł": "l", "Ł": "l"})


def fold(text: str) -> str:
    """Lower-case ``text`` and strip diacritics: ``"Ruïne"`` → ``"ruine"``.

    Characters that are not letters (digits, hyphens, apostrophes) are kept, so callers can
    still tell a word from a non-word with :func:`is_plain_word`.

    ASCII text has nothing to decompose: it is only stripped and lower-cased, which is what
    :func:`_fold_unicode` gives it too, faster and without ``unicodedata`` (``wordyahtzee
    check Huis`` does not load it).
    """
    if text.isascii():
        return text.strip().lower()
    return _fold_unicode(text)


def _fold_unicode(text: str) -> str:
    """:func:`fold` of any text: the special letters spelled out, every letter decomposed
    (NFKD) and its combining marks dropped, then lower-cased."""
    import unicodedata

    text = unicodedata.normalize("NFKD", text.strip().translate(_SPECIAL))
    return "".join(ch for ch in text if not unicodedata.combining(ch)).lower()


def is_plain_word(word: str) -> bool:
    """True when ``word`` (already folded) consists of the letters a–z only."""
    return bool(word) and all(ch in ALPHABET for ch in word)


def vowel_set(y_is_vowel: bool = True) -> frozenset[str]:
    """The vowels under the given rules option."""
    return VOWELS | {"y"} if y_is_vowel else VOWELS


def is_vowel(letter: str, y_is_vowel: bool = True) -> bool:
    """True for a vowel letter (the blank is neither: see the special boxes' rules)."""
    return letter in vowel_set(y_is_vowel)


def is_consonant(letter: str, y_is_vowel: bool = True) -> bool:
    """True for a consonant letter a–z."""
    return letter in ALPHABET and not is_vowel(letter, y_is_vowel)


def alphagram(word: str) -> str:
    """The letters of ``word`` sorted: the key of the anagram index."""
    return "".join(sorted(word))
