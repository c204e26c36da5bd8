"""Named dictionaries: the shipped ones and the user's own.

- Shipped dictionaries live in the repository's ``dictionaries/`` folder: ``NAME.txt.gz``
  (the word list) beside ``NAME.json`` (its metadata).
- User-built ones live the same way in ``<user data dir>/dictionaries/``
  (``WORDYAHTZEE_DATA_DIR`` overrides the data dir).
- The compiled tries of either are cached in ``<user cache dir>/lexicon/NAME-HASH/``
  (``WORDYAHTZEE_CACHE_DIR`` overrides), keyed by the word list's sha256, and built on first
  use; a changed word list is simply a new cache entry. Compiled tries carry a stamp of the
  list they came from (its size, the CRC-32 and length gzip recorded of its text, its
  sha256) and of their layout, so a shipped dictionary loads without hashing its list at
  every start.

:func:`load_lexicon` of a shipped dictionary is the path of ``wordyahtzee check``: it
imports neither ``json``, ``re`` nor ``pathlib`` (each would cost that command more than
all of its own work; docs/performance.md), so this module imports them where a function
needs them.
"""

from __future__ import annotations

import _thread
import os
import stat as stat_module
import time

from ..errors import DictionaryError

TYPE_CHECKING = False  # not typing's: ``wordyahtzee check`` does not import typing
if TYPE_CHECKING:  # the ``check`` command's path imports neither typing, re nor pathlib
    import re
    from pathlib import Path
    from typing import Any

    from .lexicon import Lexicon

    NAME_PATTERN: re.Pattern[str]

DEFAULT_DICTIONARY = "nl"
NAME_MAX_LENGTH = 40
NAME_REGEX = rf"^[a-z0-9][a-z0-9_-]{{0,{NAME_MAX_LENGTH - 1}}}$"
"""A dictionary's name: 1-40 lower-case letters, digits, ``-`` or ``_``, not starting with
``-`` or ``_`` (:func:`is_dictionary_name`; ``NAME_PATTERN`` is this, compiled)."""
_NAME_FIRST = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_NAME_REST = _NAME_FIRST | {"-", "_"}
MAX_USER_DICTIONARIES = 50
"""How many user dictionaries ``dict build`` and the web upload make at most (default)."""
MAX_DICTIONARIES_ENV = "WORDYAHTZEE_MAX_DICTIONARIES"


if not TYPE_CHECKING:  # at run time only: the type checker sees NAME_PATTERN declared above
    def __getattr__(name: str) -> Any:
        """``NAME_PATTERN``, compiled on first use (``check`` does not import ``re``)."""
        if name != "NAME_PATTERN":
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        import re

        pattern = globals()["NAME_PATTERN"] = re.compile(NAME_REGEX)
        return pattern


def is_dictionary_name(name: object) -> bool:
    """Whether ``name`` is a dictionary's name (:data:`NAME_REGEX`), without ``re``."""
    return (isinstance(name, str) and 0 < len(name) <= NAME_MAX_LENGTH
            and name[0] in _NAME_FIRST and all(c in _NAME_REST for c in name))


def _shipped_dir() -> str:
    """The shipped dictionaries: the ``wordyahtzee.dictionaries`` package data when
    installed (a folder of the package), else the repository's ``dictionaries/`` folder
    (an editable install maps the package there)."""
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    installed = os.path.join(package, "dictionaries")
    if os.path.isdir(installed):
        return installed
    return os.path.join(os.path.dirname(package), "dictionaries")


SHIPPED_DIR = _shipped_dir()
"""The shipped dictionaries' folder, as a string (a path without importing ``pathlib``)."""


def _path(*parts: str | os.PathLike[str]) -> Path:
    """``pathlib.Path(*parts)``, imported where a function needs it."""
    from pathlib import Path

    return Path(*parts)

_loaded: dict[tuple[str, str], Lexicon] = {}
_lock = _thread.allocate_lock()  # threading.Lock(), without importing threading


def data_dir() -> Path:
    """The user data directory (user dictionaries, the game store)."""
    override = os.environ.get("WORDYAHTZEE_DATA_DIR")
    if override:
        return _path(override)
    import platformdirs

    return _path(platformdirs.user_data_dir("wordyahtzee"))


def cache_dir() -> Path:
    """The cache directory (compiled tries, strategy tables)."""
    override = os.environ.get("WORDYAHTZEE_CACHE_DIR")
    if override:
        return _path(override)
    import platformdirs

    return _path(platformdirs.user_cache_dir("wordyahtzee"))


def user_dictionary_dir() -> Path:
    """Where ``dict build`` puts user dictionaries."""
    return data_dir() / "dictionaries"


def max_user_dictionaries() -> int:
    """The cap on user dictionaries: ``$WORDYAHTZEE_MAX_DICTIONARIES``, else
    :data:`MAX_USER_DICTIONARIES`."""
    value = os.environ.get(MAX_DICTIONARIES_ENV, "")
    try:
        return int(value) if value.strip() else MAX_USER_DICTIONARIES
    except ValueError:
        raise DictionaryError(f"${MAX_DICTIONARIES_ENV} must be a whole number",
                              "bad_option") from None


def user_dictionary_names() -> list[str]:
    """The names of the user dictionaries on disk (a word list beside a sidecar)."""
    folder = user_dictionary_dir()
    if not folder.is_dir():
        return []
    return sorted(meta.stem for meta in folder.glob("*.json")
                  if is_dictionary_name(meta.stem) and meta.with_suffix(".txt.gz").is_file())


class DictionaryEntry:
    """A dictionary the registry knows: its word list and metadata sidecar (an immutable
    record; a plain class so that ``check`` need not import ``dataclasses``)."""

    __slots__ = ("meta", "name", "shipped", "words_path")

    name: str
    words_path: Path
    meta: dict[str, Any]
    shipped: bool

    def __init__(self, name: str, words_path: Path, meta: dict[str, Any],
                 shipped: bool) -> None:
        for key, value in (("name", name), ("words_path", words_path), ("meta", meta),
                           ("shipped", shipped)):
            object.__setattr__(self, key, value)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError(f"DictionaryEntry is immutable: cannot set {key!r}")

    def _fields(self) -> tuple[str, Path, dict[str, Any], bool]:
        return (self.name, self.words_path, self.meta, self.shipped)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DictionaryEntry):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # holds a dict, like the dataclass it was

    def __repr__(self) -> str:
        return (f"DictionaryEntry(name={self.name!r}, words_path={self.words_path!r}, "
                f"meta={self.meta!r}, shipped={self.shipped!r})")

    @property
    def language(self) -> str:
        """The wordfreq language code (``"nl"``, ``"en"``)."""
        return str(self.meta.get("language", ""))

    def summary(self) -> dict[str, Any]:
        """What a list of dictionaries shows: name, title, language, shipped, word count."""
        return {"name": self.name, "title": str(self.meta.get("title") or self.name),
                "language": self.language, "shipped": self.shipped,
                "word_count": self.meta.get("word_count")}


def check_name(name: str) -> str:
    """Validate a dictionary name: lower-case letters, digits, ``-`` and ``_``."""
    if not is_dictionary_name(name):
        raise DictionaryError(
            f"bad dictionary name {name!r}: use 1-40 lower-case letters, digits, - or _, "
            "starting with a letter or digit", "bad_name")
    return name


_entries: dict[tuple[str, bool], tuple[tuple[int, int, int], DictionaryEntry]] = {}
"""Entries read, per sidecar, with the sidecar's modification time, size and inode."""


def _entry(folder: str | Path, name: str, shipped: bool) -> DictionaryEntry | None:
    """The entry of ``name`` in ``folder`` if both its files are there. The sidecar is
    read again only when its ``stat`` changed (or changed in the last
    :data:`RACY_SECONDS`), so a word check costs two ``stat`` calls, not a read."""
    words, meta = _path(folder, f"{name}.txt.gz"), _path(folder, f"{name}.json")
    try:
        if not os.path.isfile(words):
            return None
        info = os.stat(meta)
    except OSError:
        return None
    if not stat_module.S_ISREG(info.st_mode):
        return None
    key, seen = (str(meta), shipped), (info.st_mtime_ns, info.st_size, info.st_ino)
    cached = _entries.get(key)
    if cached is not None and cached[0] == seen:
        return cached[1]
    import json

    try:
        data = json.loads(meta.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    entry = DictionaryEntry(name, words, data if isinstance(data, dict) else {}, shipped)
    if time.time() - info.st_mtime > RACY_SECONDS:
        _entries[key] = (seen, entry)
    return entry


def list_dictionaries() -> list[DictionaryEntry]:
    """Every dictionary: shipped first, then the user's, each sorted by name."""
    found: list[DictionaryEntry] = []
    for folder, shipped in ((_path(SHIPPED_DIR), True), (user_dictionary_dir(), False)):
        if folder.is_dir():
            for meta in sorted(folder.glob("*.json"), key=lambda p: p.stem):
                entry = _entry(folder, meta.stem, shipped)
                if entry is not None and is_dictionary_name(entry.name):
                    found.append(entry)
    return found


def find_dictionary(name: str) -> DictionaryEntry:
    """The registry entry for ``name``; a clear error naming the known ones if absent."""
    check_name(name)
    entry = _entry(SHIPPED_DIR, name, True)  # the user's folder is looked up only if needed
    if entry is None:
        entry = _entry(user_dictionary_dir(), name, False)
    if entry is not None:
        return entry
    # the shipped ones only: an uploaded dictionary's name is its link, told to nobody
    known = ", ".join(e.name for e in list_dictionaries() if e.shipped) or "none"
    raise DictionaryError(f"unknown dictionary {name!r}; shipped: {known} (`wordyahtzee "
                          "dict list` lists every one)", "unknown_dictionary")


_hashes: dict[tuple[str, int, int], str] = {}


def file_sha256(path: Path) -> str:
    """The word list's sha256, remembered per path, size and modification time (a changed
    file is hashed again; an unchanged one costs a ``stat``)."""
    stat = path.stat()
    key = (str(path), stat.st_size, stat.st_mtime_ns)
    found = _hashes.get(key)
    if found is None:
        import hashlib

        digest = hashlib.sha256()
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
        found = _hashes[key] = digest.hexdigest()
    return found


STAMP_FILE = "source.txt"
"""Beside compiled tries: the word list they were made from and their layout, one
``key value`` a line (:func:`_stamp`), read without ``json``."""


RACY_SECONDS = 2.0
"""How old a word list's modification time must be for its stamp check to be remembered."""

_verified: dict[tuple[str, int, int], str] = {}


def _gzip_trailer(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """The CRC-32 and the length (modulo 2**32) of a gzip file's text, as gzip recorded
    them in the file's last eight bytes; ``None`` for a file that is not gzip."""
    with open(path, "rb") as fh:
        if fh.read(2) != b"\x1f\x8b":
            return None
        fh.seek(-8, os.SEEK_END)
        tail = fh.read(8)
    return int.from_bytes(tail[:4], "little"), int.from_bytes(tail[4:], "little")


def _stamp(path: Path, sha256: str) -> str:
    """The stamp of tries compiled now, in this layout, from the word list at ``path``
    (whose sha256 is given): its size, the CRC-32 and length of its text as gzip recorded
    them (``none`` for a list that is not gzip), its sha256, the format of the compiled
    folder and the byte order of its arrays."""
    import sys

    from .lexicon import FORMAT

    crc32, length = _gzip_trailer(path) or ("none", "none")
    fields = {"size": path.stat().st_size, "gzip-crc32": crc32, "gzip-length": length,
              "sha256": sha256, "format": FORMAT, "byteorder": sys.byteorder}
    return "".join(f"{key} {value}\n" for key, value in fields.items())


def _read_stamp(path: str) -> dict[str, str]:
    """A stamp written by :func:`_stamp`, as strings."""
    with open(path, encoding="utf-8") as fh:
        return {key: value for key, _, value in (line.rstrip("\n").partition(" ")
                                                 for line in fh)}


def _is_compiled_name(folder: str, name: str) -> bool:
    """Whether ``folder`` is a :func:`compiled_name` of dictionary ``name``."""
    return (len(folder) == len(name) + 17 and folder.startswith(f"{name}-")
            and all(c in "0123456789abcdef" for c in folder[-16:]))


def _stamped_sha256(name: str, words: str | os.PathLike[str],
                    folders: list[str] | list[Path]) -> str | None:
    """The sha256 of the word list at ``words`` as the stamp of compiled tries of ``name``
    in ``folders`` records it, when the list is the one stamped and the tries are of this
    layout (format and byte order): the same size, and the same CRC-32 and length of its
    text, read from the list's last eight bytes where gzip recorded them (no read of the
    list, nor hashlib's import, which ``check`` would otherwise pay at every start).
    Remembered per path, size and modification time, so a server looks once, not per
    game; but not for a list changed in the last :data:`RACY_SECONDS`, as a file rewritten
    within one tick of the file system's clock keeps its time."""
    import sys

    from .lexicon import FORMAT

    stat = os.stat(words)
    key = (os.fspath(words), stat.st_size, stat.st_mtime_ns)
    if key in _verified:  # this very file matched its stamp before: no read at all
        return _verified[key]
    trailer: tuple[int, int] | None = None
    for folder in folders:
        try:
            names = sorted(n for n in os.listdir(folder) if _is_compiled_name(n, name))
        except OSError:
            continue
        for folder_name in names:
            try:
                stamp = _read_stamp(os.path.join(folder, folder_name, STAMP_FILE))
                if stamp.get("size") != str(stat.st_size):
                    continue
                trailer = trailer or _gzip_trailer(words)
                if trailer is None:  # not gzip: only its sha256 tells
                    return None
                sha256 = stamp.get("sha256", "")
                if (stamp.get("gzip-crc32") == str(trailer[0])
                        and stamp.get("gzip-length") == str(trailer[1])
                        and stamp.get("format") == str(FORMAT)
                        and stamp.get("byteorder") == sys.byteorder
                        and folder_name == compiled_name(name, sha256)):
                    if time.time() - stat.st_mtime > RACY_SECONDS:
                        _verified[key] = sha256
                    return sha256
            except (OSError, ValueError):
                continue
    return None


def compiled_name(name: str, checksum: str) -> str:
    """The folder name of a dictionary's compiled tries: ``NAME-`` and 16 hex digits of the
    word list's sha256."""
    return f"{name}-{checksum[:16]}"


def shipped_tries_dir() -> Path:
    """Where the prebuilt tries of the shipped dictionaries live (``scripts/build_tries.py``
    makes them), so that a fresh install compiles nothing."""
    return _path(SHIPPED_DIR, "compiled")


def compile_to(entry: DictionaryEntry, target: Path) -> Lexicon:
    """Compile a dictionary's tries into ``target`` (atomically: a folder appears whole or
    not at all); the compiled lexicon, memory-mapped from there when the write worked."""
    import shutil
    import tempfile

    from .lexicon import Lexicon, LexiconInfo
    from .source import fold_entries, read_word_list

    meta = entry.meta
    info = LexiconInfo(
        name=entry.name, language=entry.language, title=str(meta.get("title", "")),
        source=str(meta.get("source", "")), licence=str(meta.get("licence", "")),
        extra={"shipped": entry.shipped})
    lexicon = Lexicon.from_frequencies(
        fold_entries(read_word_list(entry.words_path), entry.language), info)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = _path(tempfile.mkdtemp(prefix=f".{entry.name}-", dir=target.parent))
    try:
        lexicon.save(tmp)
        stamp = _stamp(entry.words_path, file_sha256(entry.words_path))
        (tmp / STAMP_FILE).write_text(stamp, encoding="utf-8")
        try:
            tmp.rename(target)
        except OSError:  # another process won the race: use its copy
            shutil.rmtree(tmp, ignore_errors=True)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)
        return lexicon
    return Lexicon.open(target)


def _open_shipped(name: str) -> Lexicon | None:
    """The shipped dictionary ``name`` from its prebuilt tries, when their stamp says they
    were made from its word list in this layout: found without reading its sidecar and
    opened lazily (the words' trie now, the rest on first use: :meth:`Lexicon.open`), so
    that ``check`` reads no JSON. ``None`` for anything else: the caller takes the full
    path."""
    from .lexicon import Lexicon

    words = os.path.join(SHIPPED_DIR, f"{name}.txt.gz")
    try:  # both files of the dictionary, as :func:`_entry` asks
        if not (os.path.isfile(words) and stat_module.S_ISREG(
                os.stat(os.path.join(SHIPPED_DIR, f"{name}.json")).st_mode)):
            return None
        prebuilt = os.path.join(SHIPPED_DIR, "compiled")
        sha256 = _stamped_sha256(name, words, [prebuilt])
    except OSError:
        return None
    if sha256 is None:
        return None
    key = (name, sha256)
    with _lock:
        lexicon = _loaded.get(key)
        if lexicon is None:
            try:
                lexicon = Lexicon.open(os.path.join(prebuilt, compiled_name(name, sha256)),
                                       lazy=True)
            except DictionaryError:
                return None
            _loaded[key] = lexicon
        return lexicon


def load_lexicon(name: str = DEFAULT_DICTIONARY) -> Lexicon:
    """The dictionary ``name``, memory-mapped from its compiled tries: the prebuilt ones
    shipped with a shipped dictionary, else the cache's, compiled on first use. Prebuilt
    tries whose stamp vouches for them open lazily (:func:`_open_shipped`); any others are
    opened whole and checked at once.

    Loaded lexicons are kept for the life of the process, keyed by the word list's
    checksum (so a rebuilt list is a new lexicon).
    """
    from .lexicon import Lexicon

    check_name(name)
    shipped = _open_shipped(name)
    if shipped is not None:
        return shipped
    entry = find_dictionary(name)
    key = (name, file_sha256(entry.words_path))
    with _lock:
        cached = _loaded.get(key)
        if cached is not None:
            return cached
        folder = compiled_name(name, key[1])
        lexicon: Lexicon | None = None
        prebuilt = shipped_tries_dir() / folder
        if entry.shipped and prebuilt.is_dir():
            try:
                lexicon = Lexicon.open(prebuilt)
            except DictionaryError:
                lexicon = None
        if lexicon is None:
            target = cache_dir() / "lexicon" / folder
            if target.is_dir():
                try:
                    lexicon = Lexicon.open(target)
                except DictionaryError:
                    import shutil

                    shutil.rmtree(target, ignore_errors=True)
            if lexicon is None:
                lexicon = compile_to(entry, target)
        _loaded[key] = lexicon
        return lexicon


def cached_tries(name: str) -> list[Path]:
    """The cache folders holding compiled tries of dictionary ``name`` (any version)."""
    check_name(name)
    folder = cache_dir() / "lexicon"
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_dir() and _is_compiled_name(p.name, name))


def _cached_solver_indexes(name: str) -> list[Path]:
    """The solver's cached word indexes of dictionary ``name`` (``wordyahtzee.solver``)."""
    import re

    folder = cache_dir() / "solver"
    if not folder.is_dir():
        return []
    pattern = re.compile(re.escape(name) + r"-[0-9a-f]{16}-n\d+-v\d+\.marshal")
    return sorted(p for p in folder.iterdir() if pattern.fullmatch(p.name))


def remove_dictionary(name: str) -> DictionaryEntry:
    """Delete the user dictionary ``name``: word list, sidecar, cached tries and indexes.

    Shipped dictionaries are refused; returns the entry that was removed.
    """
    import shutil

    check_name(name)
    entry = _entry(user_dictionary_dir(), name, shipped=False)
    if entry is None:
        if _entry(SHIPPED_DIR, name, shipped=True) is not None:
            raise DictionaryError(f"dictionary {name!r} is shipped with wordyahtzee and "
                                  "cannot be removed; only dictionaries you built can",
                                  "shipped_dictionary")
        known = ", ".join(e.name for e in list_dictionaries() if not e.shipped) or "none"
        raise DictionaryError(f"no user dictionary {name!r}; yours: {known}",
                              "unknown_dictionary")
    meta_path = entry.words_path.with_name(f"{name}.json")
    try:
        meta_path.unlink()  # the sidecar first: without it the registry no longer sees it
        entry.words_path.unlink(missing_ok=True)
    except OSError as exc:
        raise DictionaryError(f"cannot remove dictionary {name!r}: {exc}") from None
    for folder in cached_tries(name):
        shutil.rmtree(folder, ignore_errors=True)
    for index in _cached_solver_indexes(name):
        index.unlink(missing_ok=True)
    forget_loaded()
    return entry


def forget_loaded() -> None:
    """Drop the process-level cache (after a dictionary is rebuilt or removed)."""
    with _lock:
        _loaded.clear()
