"""Named dictionaries: the shipped ones and the user's own.

- Shipped dictionaries live in the repository's ``dictionaries/`` folder: ``NAME.txt.gz``
  (the word list) beside ``NAME.json`` (its metadata).
- User-built ones live the same way in ``<user data dir>/dictionaries/``
  (``WORDYAHTZEE_DATA_DIR`` overrides the data dir).
- The compiled tries of either are cached in ``<user cache dir>/lexicon/NAME-HASH/``
  (``WORDYAHTZEE_CACHE_DIR`` overrides), keyed by the word list's sha256, and built on first
  use; a changed word list is simply a new cache entry. Compiled tries carry a stamp of the
  list they came from (size, CRC-32, sha256), so a shipped dictionary loads without hashing
  its list at every start.
"""

from __future__ import annotations

import _thread
import json
import os
import re
import stat as stat_module
import time
from pathlib import Path

from ..errors import DictionaryError

TYPE_CHECKING = False  # not typing's: ``wordyahtzee check`` does not import typing
if TYPE_CHECKING:  # imported where a dictionary is opened: a path needs no marisa-trie
    from .lexicon import Lexicon

TYPE_CHECKING = False
if TYPE_CHECKING:  # the ``check`` command's path imports neither typing nor dataclasses
    from typing import Any

DEFAULT_DICTIONARY = "nl"
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
MAX_USER_DICTIONARIES = 50
"""How many user dictionaries ``dict build`` and the web upload make at most (default)."""
MAX_DICTIONARIES_ENV = "WORDYAHTZEE_MAX_DICTIONARIES"


def _shipped_dir() -> Path:
    """The shipped dictionaries: the ``wordyahtzee.dictionaries`` package data when
    installed, else the repository's ``dictionaries/`` folder."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("wordyahtzee.dictionaries")
    except ImportError:
        spec = None
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return Path(__file__).resolve().parents[2] / "dictionaries"


SHIPPED_DIR = _shipped_dir()

_loaded: dict[tuple[str, str], Lexicon] = {}
_lock = _thread.allocate_lock()  # threading.Lock(), without importing threading


def data_dir() -> Path:
    """The user data directory (user dictionaries, the game store)."""
    override = os.environ.get("WORDYAHTZEE_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("wordyahtzee"))


def cache_dir() -> Path:
    """The cache directory (compiled tries, strategy tables)."""
    override = os.environ.get("WORDYAHTZEE_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("wordyahtzee"))


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
                  if NAME_PATTERN.fullmatch(meta.stem) and meta.with_suffix(".txt.gz").is_file())


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
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise DictionaryError(
            f"bad dictionary name {name!r}: use 1-40 lower-case letters, digits, - or _, "
            "starting with a letter or digit", "bad_name")
    return name


_entries: dict[tuple[str, bool], tuple[tuple[int, int, int], DictionaryEntry]] = {}
"""Entries read, per sidecar, with the sidecar's modification time, size and inode."""


def _entry(folder: Path, name: str, shipped: bool) -> DictionaryEntry | None:
    """The entry of ``name`` in ``folder`` if both its files are there. The sidecar is
    read again only when its ``stat`` changed (or changed in the last
    :data:`RACY_SECONDS`), so a word check costs two ``stat`` calls, not a read."""
    words, meta = folder / f"{name}.txt.gz", folder / f"{name}.json"
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
    for folder, shipped in ((SHIPPED_DIR, True), (user_dictionary_dir(), False)):
        if folder.is_dir():
            for meta in sorted(folder.glob("*.json"), key=lambda p: p.stem):
                entry = _entry(folder, meta.stem, shipped)
                if entry is not None and NAME_PATTERN.fullmatch(entry.name):
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


STAMP_FILE = "source.json"
"""Beside compiled tries: the size, CRC-32 and sha256 of the word list they were made from."""


RACY_SECONDS = 2.0
"""How old a word list's modification time must be for its stamp check to be remembered."""

_verified: dict[tuple[str, int, int], str] = {}


def _crc32(path: Path) -> int:
    import zlib  # loaded with marisa_trie already

    return zlib.crc32(path.read_bytes())


def _stamp(path: Path, sha256: str) -> dict[str, Any]:
    return {"size": path.stat().st_size, "crc32": _crc32(path), "sha256": sha256}


def _stamped_sha256(entry: DictionaryEntry, folders: list[Path]) -> str | None:
    """The word list's sha256 as the stamp of compiled tries in ``folders`` records it, when
    the list's size and CRC-32 match the stamp (a CRC-32 is a tenth of the cost of a
    sha256 with hashlib's import, which ``check`` would otherwise pay at every start).
    Remembered per path, size and modification time, so a server reads the list once, not
    per game; but not for a list changed in the last :data:`RACY_SECONDS`, as a file
    rewritten within one tick of the file system's clock keeps its time."""
    stat = entry.words_path.stat()
    size = stat.st_size
    key = (str(entry.words_path), size, stat.st_mtime_ns)
    if key in _verified:  # this very file matched its stamp before: no read at all
        return _verified[key]
    crc: int | None = None
    pattern = re.compile(re.escape(entry.name) + r"-[0-9a-f]{16}")
    for folder in folders:
        try:
            names = sorted(n for n in os.listdir(folder) if pattern.fullmatch(n))
        except OSError:
            continue
        for name in names:
            try:
                stamp = json.loads((folder / name / STAMP_FILE).read_text(encoding="utf-8"))
                if stamp["size"] != size:
                    continue
                if crc is None:
                    crc = _crc32(entry.words_path)
                sha256 = str(stamp["sha256"])
                if stamp["crc32"] == crc and name == compiled_name(entry.name, sha256):
                    if time.time() - stat.st_mtime > RACY_SECONDS:
                        _verified[key] = sha256
                    return sha256
            except (OSError, ValueError, KeyError, TypeError):
                continue
    return None


def compiled_name(name: str, checksum: str) -> str:
    """The folder name of a dictionary's compiled tries: ``NAME-`` and 16 hex digits of the
    word list's sha256."""
    return f"{name}-{checksum[:16]}"


def shipped_tries_dir() -> Path:
    """Where the prebuilt tries of the shipped dictionaries live (``scripts/build_tries.py``
    makes them), so that a fresh install compiles nothing."""
    return SHIPPED_DIR / "compiled"


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
    tmp = Path(tempfile.mkdtemp(prefix=f".{entry.name}-", dir=target.parent))
    try:
        lexicon.save(tmp)
        stamp = _stamp(entry.words_path, file_sha256(entry.words_path))
        (tmp / STAMP_FILE).write_text(json.dumps(stamp) + "\n", encoding="utf-8")
        try:
            tmp.rename(target)
        except OSError:  # another process won the race: use its copy
            shutil.rmtree(tmp, ignore_errors=True)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)
        return lexicon
    return Lexicon.open(target)


def load_lexicon(name: str = DEFAULT_DICTIONARY) -> Lexicon:
    """The dictionary ``name``, memory-mapped from its compiled tries: the prebuilt ones
    shipped with a shipped dictionary, else the cache's, compiled on first use.

    Loaded lexicons are kept for the life of the process, keyed by the word list's
    checksum (so a rebuilt list is a new lexicon).
    """
    from .lexicon import Lexicon

    entry = find_dictionary(name)
    stamped = _stamped_sha256(entry, [shipped_tries_dir()]) if entry.shipped else None
    key = (name, stamped or file_sha256(entry.words_path))
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
    pattern = re.compile(re.escape(name) + r"-[0-9a-f]{16}")
    return sorted(p for p in folder.iterdir() if p.is_dir() and pattern.fullmatch(p.name))


def _cached_solver_indexes(name: str) -> list[Path]:
    """The solver's cached word indexes of dictionary ``name`` (``wordyahtzee.solver``)."""
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
