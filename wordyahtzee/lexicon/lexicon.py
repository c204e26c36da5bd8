"""The Lexicon: a dictionary held in marisa-tries and flat arrays.

A compiled lexicon (format 2) is a folder of:

- ``words.marisa``: a marisa ``Trie`` of every folded (a–z) word; a word's key id is its
  index into the arrays below, and a membership test is one trie look-up;
- ``zipf.u16``: each word's wordfreq Zipf frequency × 100;
- ``alphagrams.marisa``: a ``Trie`` of every alphagram (a word's letters sorted);
- ``anagrams.u32``: the word ids grouped by alphagram id, each group in word order, and
  ``groups.bin``: where each group starts, minus the alphagram id (16-bit while that fits:
  most alphagrams hold one word);
- ``meta.json``: the :class:`LexiconInfo`, the format, byte order and array type.

Everything is memory-mapped on load, so a second start is instant and only the pages a
look-up touches are read; a lexicon opened lazily maps its words' trie at once and the rest
on first use (:meth:`Lexicon.open`).

This module is on the path of ``wordyahtzee check``: it imports only what a look-up needs
(no ``dataclasses``, ``typing``, ``hashlib``, ``json`` or ``pathlib`` at import time; see
docs/performance.md).
"""

from __future__ import annotations

import os
import sys

import marisa_trie

from ..errors import DictionaryError
from ..letters import alphagram, fold, is_plain_word

WORDS_FILE = "words.marisa"
ZIPF_FILE = "zipf.u16"
ALPHAGRAMS_FILE = "alphagrams.marisa"
MEMBERS_FILE = "anagrams.u32"
GROUPS_FILE = "groups.bin"
META_FILE = "meta.json"
FORMAT = 2
"""The layout of a compiled folder; a folder of another format is compiled anew."""
_ZIPF_SCALE = 100

TYPE_CHECKING = False
if TYPE_CHECKING:
    from array import array  # imported where a lexicon is built: it imports collections
    from collections.abc import Iterable, Iterator, Mapping
    from pathlib import Path
    from typing import Any, TypeAlias

    from .overlay import Overlay

    _Ints: TypeAlias = "array[int] | memoryview"


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
    ``lexicon.is_valid("Ruïne")`` is true when ``ruine`` is in the list. Input that is
    already folded (a-z only) goes straight to the trie.
    """

    _folder: str
    """Where an opened lexicon was mapped from (none for one built in memory)."""

    def __init__(self, info: LexiconInfo, words: marisa_trie.Trie, zipf: _Ints,
                 alphagrams: marisa_trie.Trie, members: _Ints, groups: _Ints) -> None:
        self.info = info
        self._words = words
        self._zipf = zipf
        self._alphagrams = alphagrams
        self._members = members
        self._groups = groups

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def from_frequencies(cls, entries: Mapping[str, float], info: LexiconInfo) -> Lexicon:
        """Build from folded words mapped to their Zipf frequency (0 if unknown)."""
        from array import array

        bad = next((w for w in entries if not is_plain_word(w)), None)
        if bad is not None:
            raise DictionaryError(f"dictionary {info.name!r}: {bad!r} is not a folded a-z word")
        if not entries:
            raise DictionaryError(f"dictionary {info.name!r} has no words")
        words = marisa_trie.Trie(entries)
        word_id = words.key_id
        zipf = array("H", bytes(2 * len(words)))
        for w, z in entries.items():
            zipf[word_id(w)] = max(0, min(65535, round(z * _ZIPF_SCALE)))
        keys = {w: alphagram(w) for w in entries}
        alphagrams = marisa_trie.Trie(set(keys.values()))
        group_of = alphagrams.key_id
        grouped: list[list[int]] = [[] for _ in range(len(alphagrams))]
        for w in sorted(entries):
            grouped[group_of(keys[w])].append(word_id(w))
        members = array("I")
        starts = []
        for a, ids in enumerate(grouped):
            starts.append(len(members) - a)
            members.extend(ids)
        starts.append(len(members) - len(grouped))
        groups = array("H" if starts[-1] <= 0xFFFF else "I", starts)
        info = LexiconInfo(info.name, info.language, info.title, info.source, info.licence,
                           len(entries), word_checksum(entries), info.extra)
        return cls(info, words, zipf, alphagrams, members, groups)

    @classmethod
    def from_words(cls, words: Iterable[str], name: str = "inline",
                   language: str = "") -> Lexicon:
        """Build from plain words (folded here; no frequencies): handy for tests and tools."""
        folded = {fold(w) for w in words}
        return cls.from_frequencies({w: 0.0 for w in folded if is_plain_word(w)},
                                    LexiconInfo(name=name, language=language))

    def save(self, folder: Path) -> None:
        """Write the tries, the arrays and the metadata into ``folder`` (which must exist)."""
        import json

        self._words.save(str(folder / WORDS_FILE))
        self._alphagrams.save(str(folder / ALPHAGRAMS_FILE))
        for name, values in ((ZIPF_FILE, self._zipf), (MEMBERS_FILE, self._members),
                             (GROUPS_FILE, self._groups)):
            (folder / name).write_bytes(bytes(values))
        meta = {**self.info.to_json(), "format": FORMAT, "byteorder": sys.byteorder,
                "groups_type": self._groups.format if isinstance(self._groups, memoryview)
                else self._groups.typecode}
        (folder / META_FILE).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")

    @classmethod
    def open(cls, folder: str | os.PathLike[str], lazy: bool = False) -> Lexicon:
        """Memory-map a lexicon saved by :meth:`save` (a folder of an older format, another
        byte order or damaged is a :class:`DictionaryError`: the registry compiles anew).

        ``lazy``: map the words' trie now, which is all a membership test needs, and read
        the metadata and map the rest on first use (a damaged rest is a
        :class:`DictionaryError` then), for a folder known to be of this format and byte
        order: a shipped dictionary's prebuilt tries, by their stamp (``wordyahtzee check``
        reads no JSON)."""
        lexicon = cls.__new__(cls)
        lexicon._folder = os.fspath(folder)
        meta = None if lazy else lexicon._read_meta()  # the format first: then the trie
        try:
            lexicon._words = marisa_trie.Trie().mmap(os.path.join(folder, WORDS_FILE))
        except (OSError, ValueError, RuntimeError) as exc:  # marisa: RuntimeError
            raise DictionaryError(f"cannot open the dictionary in {folder}: {exc}") from None
        if not lazy:
            lexicon._open_rest(meta)
        return lexicon

    def _read_meta(self) -> dict[str, Any]:
        """The folder's metadata, checked for this format and byte order."""
        import json

        try:
            with open(os.path.join(self._folder, META_FILE), encoding="utf-8") as fh:
                meta = json.load(fh)
            if meta.get("format") != FORMAT or meta.get("byteorder") != sys.byteorder:
                raise ValueError(f"format {meta.get('format')}, {meta.get('byteorder')}-endian")
        except (OSError, ValueError, AttributeError) as exc:
            raise DictionaryError(
                f"cannot open the dictionary in {self._folder}: {exc}") from None
        return dict(meta)

    def _open_rest(self, meta: dict[str, Any] | None = None) -> None:
        """Map what :meth:`open` left for later (everything but the words' trie), check
        that the folder is whole, and keep it all at once."""
        folder = self._folder
        try:
            meta = self._read_meta() if meta is None else meta
            info = LexiconInfo.from_json(meta)
            alphagrams = marisa_trie.Trie().mmap(os.path.join(folder, ALPHAGRAMS_FILE))
            zipf = _map(os.path.join(folder, ZIPF_FILE), "H")
            members = _map(os.path.join(folder, MEMBERS_FILE), "I")
            groups = _map(os.path.join(folder, GROUPS_FILE), str(meta["groups_type"]))
        except (OSError, ValueError, TypeError, KeyError, RuntimeError) as exc:  # marisa: Runtime
            raise DictionaryError(f"cannot open the dictionary in {folder}: {exc}") from None
        n = len(self._words)
        if not (n == info.word_count == len(zipf) == len(members)
                and len(groups) == len(alphagrams) + 1 and groups[-1] == n - len(alphagrams)):
            raise DictionaryError(f"the dictionary in {folder} is incomplete")
        self.__dict__.update(info=info, _zipf=zipf, _alphagrams=alphagrams, _members=members,
                             _groups=groups)

    if not TYPE_CHECKING:  # at run time only: the type checker still sees every attribute
        def __getattr__(self, name: str) -> Any:
            """What a lazily opened lexicon maps on first use (:meth:`open`)."""
            if name not in _LAZY or "_folder" not in self.__dict__:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            self._open_rest()
            return self.__dict__[name]

    # -- look-ups -------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The registry name (``"nl"``, ...)."""
        return self.info.name

    @property
    def digest(self) -> str:
        """The dictionary's identity: the sha256 of its word list (:func:`word_checksum`),
        as its metadata holds it, else computed once. Two builds with the same words have
        the same digest; a release that adds or drops one word has another."""
        if not self.info.checksum:
            info = self.info.to_json()
            info["checksum"] = word_checksum(self._words.iterkeys())
            self.info = LexiconInfo.from_json(info)
        return self.info.checksum

    def __len__(self) -> int:
        return len(self._words)

    def __contains__(self, word: object) -> bool:
        """Membership of an already-folded word (see :meth:`is_valid`)."""
        return isinstance(word, str) and word in self._words

    def __iter__(self) -> Iterator[str]:
        return iter(self._words.iterkeys())

    def __repr__(self) -> str:
        return f"<Lexicon {self.name!r}: {len(self)} words>"

    def is_valid(self, word: str, overlay: Overlay | None = None) -> bool:
        """Is ``word`` (any case, diacritics allowed) a word of this dictionary? The
        moderators' verdict on it in ``overlay`` (:mod:`~wordyahtzee.lexicon.overlay`), when
        one is given, comes first.

        A word already folded (ASCII lower-case letters) skips :func:`fold`: a tenth of the
        cost of folding, so a check runs at the trie's own speed."""
        if word.isascii() and word.isalpha() and word.islower():  # exactly [a-z]+
            folded = word
        else:
            folded = fold(word)
            if not is_plain_word(folded):
                return False
        if overlay is not None and overlay.active:  # one flag while nobody decided
            moderated = overlay.verdict(self.info.name, folded)
            if moderated is not None:
                return moderated[0]
        return folded in self._words

    def zipf(self, word: str) -> float:
        """The word's wordfreq Zipf frequency (0.0 for an unknown or absent word)."""
        i = self._words.get(word if _folded(word) else fold(word))
        return self._zipf[i] / _ZIPF_SCALE if i is not None else 0.0

    def anagrams(self, letters: str) -> list[str]:
        """The words made of exactly these letters (any order), sorted."""
        a = self._alphagrams.get("".join(sorted(letters if _folded(letters)
                                                 else fold(letters))))
        if a is None:
            return []
        groups, members, restore = self._groups, self._members, self._words.restore_key
        start, end = groups[a] + a, groups[a + 1] + a + 1
        if end - start == 1:  # most alphagrams spell one word
            return [restore(members[start])]
        return [restore(members[i]) for i in range(start, end)]

    def alphagrams(self) -> Iterator[str]:
        """Every distinct alphagram, once (for index-building tools such as the solver)."""
        return iter(self._alphagrams.iterkeys())

    def frequencies(self) -> Iterator[tuple[str, float]]:
        """Every ``(word, zipf)`` pair."""
        zipf = self._zipf
        for word, i in self._words.iteritems():
            yield word, zipf[i] / _ZIPF_SCALE


def _folded(text: str) -> bool:
    """True for text that :func:`fold` leaves as it is and that is a-z only."""
    return text.isascii() and text.isalpha() and text.islower()


_LAZY = frozenset({"info", "_zipf", "_alphagrams", "_members", "_groups"})
"""The attributes a lazily opened :class:`Lexicon` maps on first use."""


def _map(path: str, typecode: str) -> memoryview:
    """The file at ``path`` memory-mapped read-only as an array of ``typecode``."""
    import mmap

    with open(path, "rb") as fh:
        mapped = memoryview(mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ))
    if typecode == "H":
        return mapped.cast("H")
    if typecode == "I":
        return mapped.cast("I")
    raise ValueError(f"{os.path.basename(path)}: unknown array type {typecode!r}")
