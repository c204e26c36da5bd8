"""The Lexicon: a dictionary held in marisa-tries.

Two tries make a lexicon:

- ``words``: every (folded, a–z) word → its wordfreq Zipf frequency × 100 (membership and
  frequency in one look-up);
- ``anagrams``: alphagram (the word's letters sorted) → the words with those letters.

Both are saved in a cache folder and memory-mapped on load, so a second start is instant.

This module is on the path of ``wordyahtzee check``: it imports only what a look-up needs
(no ``dataclasses``, ``typing`` or ``hashlib`` at import time; see docs/architecture.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

import marisa_trie

from ..errors import DictionaryError
from ..letters import alphagram, fold, is_plain_word

WORDS_FILE = "words.marisa"
ANAGRAMS_FILE = "anagrams.marisa"
META_FILE = "meta.json"
_ZIPF_SCALE = 100


class LexiconInfo:
    """What a dictionary is: shown by ``dict info`` and stored beside its tries.

    An immutable record (a plain class rather than a dataclass, which would cost
    ``wordyahtzee check`` the import of ``inspect``); equal when every field is."""

    __slots__ = ("checksum", "extra", "language", "licence", "name", "source", "title",
                 "word_count")
    FIELDS = ("name", "language", "title", "source", "licence", "word_count", "checksum",
              "extra")

    name: str
    language: str
    title: str
    source: str
    licence: str
    word_count: int
    checksum: str
    extra: Mapping[str, object]

    def __init__(self, name: str, language: str, title: str = "", source: str = "",
                 licence: str = "", word_count: int = 0, checksum: str = "",
                 extra: Mapping[str, object] | None = None) -> None:
        values = (name, language, title, source, licence, word_count, checksum,
                  dict(extra) if extra is not None else {})
        for key, value in zip(self.FIELDS, values, strict=True):
            object.__setattr__(self, key, value)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError(f"LexiconInfo is immutable: cannot set {key!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LexiconInfo):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # holds a dict, like the dataclass it was

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.FIELDS)
        return f"LexiconInfo({inner})"

    def to_json(self) -> dict[str, object]:
        """A plain JSON object."""
        return {k: dict(self.extra) if k == "extra" else getattr(self, k) for k in self.FIELDS}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> LexiconInfo:
        """Read :meth:`to_json` output back (unknown keys are ignored)."""
        known = {k: data[k] for k in cls.FIELDS if k in data}
        return cls(**known)  # type: ignore[arg-type]


def word_checksum(words: Iterable[str]) -> str:
    """sha256 of the sorted word list, one word a line: the dictionary's identity."""
    import hashlib

    digest = hashlib.sha256()
    for word in sorted(words):
        digest.update(word.encode("ascii") + b"\n")
    return digest.hexdigest()


class Lexicon:
    """A word list for play: membership, anagrams and word frequencies.

    Words are stored folded (``ruïne`` as ``ruine``); look-ups fold their input, so
    ``lexicon.is_valid("Ruïne")`` is true when ``ruine`` is in the list.
    """

    def __init__(self, info: LexiconInfo, words: marisa_trie.RecordTrie,
                 anagrams: marisa_trie.BytesTrie) -> None:
        self.info = info
        self._words = words
        self._anagrams = anagrams

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def from_frequencies(cls, entries: Mapping[str, float], info: LexiconInfo) -> Lexicon:
        """Build from folded words mapped to their Zipf frequency (0 if unknown)."""
        bad = next((w for w in entries if not is_plain_word(w)), None)
        if bad is not None:
            raise DictionaryError(f"dictionary {info.name!r}: {bad!r} is not a folded a-z word")
        if not entries:
            raise DictionaryError(f"dictionary {info.name!r} has no words")
        words = marisa_trie.RecordTrie(
            "<H", ((w, (max(0, min(65535, round(z * _ZIPF_SCALE))),))
                   for w, z in entries.items()))
        anagrams = marisa_trie.BytesTrie(
            (alphagram(w), w.encode("ascii")) for w in entries)
        info = LexiconInfo(info.name, info.language, info.title, info.source, info.licence,
                           len(entries), word_checksum(entries), info.extra)
        return cls(info, words, anagrams)

    @classmethod
    def from_words(cls, words: Iterable[str], name: str = "inline",
                   language: str = "") -> Lexicon:
        """Build from plain words (folded here; no frequencies): handy for tests and tools."""
        folded = {fold(w) for w in words}
        return cls.from_frequencies({w: 0.0 for w in folded if is_plain_word(w)},
                                    LexiconInfo(name=name, language=language))

    def save(self, folder: Path) -> None:
        """Write the tries and the metadata into ``folder`` (which must exist)."""
        self._words.save(str(folder / WORDS_FILE))
        self._anagrams.save(str(folder / ANAGRAMS_FILE))
        (folder / META_FILE).write_text(json.dumps(self.info.to_json(), indent=2) + "\n",
                                        encoding="utf-8")

    @classmethod
    def open(cls, folder: Path) -> Lexicon:
        """Memory-map a lexicon saved by :meth:`save`."""
        try:
            info = LexiconInfo.from_json(json.loads((folder / META_FILE).read_text("utf-8")))
            words = marisa_trie.RecordTrie("<H").mmap(str(folder / WORDS_FILE))
            anagrams = marisa_trie.BytesTrie().mmap(str(folder / ANAGRAMS_FILE))
        except (OSError, ValueError, TypeError, RuntimeError) as exc:  # marisa: RuntimeError
            raise DictionaryError(f"cannot open the dictionary in {folder}: {exc}") from None
        if len(words) != info.word_count:
            raise DictionaryError(f"the dictionary in {folder} is incomplete")
        return cls(info, words, anagrams)

    # -- look-ups -------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The registry name (``"nl"``, ...)."""
        return self.info.name

    def __len__(self) -> int:
        return len(self._words)

    def __contains__(self, word: object) -> bool:
        """Membership of an already-folded word (fast path; see :meth:`is_valid`)."""
        return isinstance(word, str) and word in self._words

    def __iter__(self) -> Iterator[str]:
        return iter(self._words.iterkeys())

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self)} words>"

    def is_valid(self, word: str) -> bool:
        """Is ``word`` (any case, diacritics allowed) a word of this dictionary?"""
        folded = fold(word)
        return is_plain_word(folded) and folded in self._words

    def zipf(self, word: str) -> float:
        """The word's wordfreq Zipf frequency (0.0 for an unknown or absent word)."""
        hits = self._words.get(fold(word))
        return hits[0][0] / _ZIPF_SCALE if hits else 0.0

    def anagrams(self, letters: str) -> list[str]:
        """The words made of exactly these letters (any order), sorted."""
        key = alphagram(fold(letters))
        return sorted(b.decode("ascii") for b in self._anagrams.get(key, []))

    def alphagrams(self) -> Iterator[str]:
        """Every distinct alphagram, once (for index-building tools such as the solver)."""
        seen: set[str] = set()
        for key in self._anagrams.iterkeys():  # a key repeats once per word it holds
            if key not in seen:
                seen.add(key)
                yield key

    def frequencies(self) -> Iterator[tuple[str, float]]:
        """Every ``(word, zipf)`` pair."""
        for word, (value,) in self._words.iteritems():
            yield word, value / _ZIPF_SCALE
