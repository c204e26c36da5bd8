"""Building named dictionaries from word lists and wordfreq (``wordyahtzee dict build``).

A build reads its *sources* (plain word lists, ``.txt`` or ``.gz``, one word a line; other
dictionaries by name; and/or wordfreq's list for a language), applies the filters and set
operations of :class:`BuildOptions`, and writes two files into the output folder (the user
dictionary folder unless told otherwise):

- ``NAME.txt.gz``: the kept words, one a line, sorted, gzip with a zero timestamp. Each line
  is one game word: when several entries fold to the same a–z word (``café``, ``cafe``) the
  most frequent spelling is written, so wordfreq look-ups keep working.
- ``NAME.json``: the metadata sidecar (name, language, title, sources, options, counts,
  checksum, created).

Both are written to temporary files first and renamed into place only when the whole build
has succeeded, so a failed build leaves every existing dictionary untouched. Every bad input
raises :class:`~wordyahtzee.errors.DictionaryError` with a one-line message.

Word lists are streamed a line at a time with two guards against hostile input (a gzip
bomb inflates a few KB into gigabytes): a source whose text, decompressed, passes
``max_source_bytes`` (default 64 MiB) stops the build with ``word_list_too_large``, and a
line longer than 64 characters is never held whole: it is skipped and counted as
``too_long``. A build that would add a dictionary beyond ``max_user_dictionaries`` (default
50, ``$WORDYAHTZEE_MAX_DICTIONARIES``) to the user folder is refused with
``too_many_dictionaries``.

Entries are checked in this order; the first rule an entry breaks is counted as the reason it
was dropped (``counts.dropped`` in the sidecar):

``too_long``
    a line of more than 64 characters (:data:`~wordyahtzee.lexicon.source.MAX_ENTRY_CHARS`),
    skipped while reading;
``capitalised``
    has an upper-case letter (only with ``drop_capitalised``);
``not_a_word``
    after folding, holds something other than a–z (digits, spaces, hyphens, apostrophes,
    periods, other scripts);
``diacritics``
    has a letter with a diacritic (only with ``diacritics="drop"``; the default folds it);
``alphabet``
    uses a letter outside ``alphabet``;
``length``
    folded length outside ``min_length`` … ``max_length``;
``minus``
    in one of the ``minus`` lists;
``not_in_intersection``
    missing from one of the ``intersect`` lists;
``rare``
    Zipf frequency below ``min_zipf``;
``duplicate``
    folds to a word already kept (its spelling may replace the kept one if more frequent).
"""

from __future__ import annotations

import gzip
import importlib.metadata
import json
import os
import re
import tempfile
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..errors import DictionaryError
from ..letters import ALPHABET, fold, is_plain_word
from ..runtime.progress import Progress
from .lexicon import Lexicon, LexiconInfo
from .registry import (
    DEFAULT_DICTIONARY,
    SHIPPED_DIR,
    _entry,
    check_name,
    file_sha256,
    find_dictionary,
    forget_loaded,
    max_user_dictionaries,
    user_dictionary_dir,
    user_dictionary_names,
)
from .source import (
    MAX_WORD_LIST_BYTES,
    ReadStats,
    fold_entries,
    frequency_table,
    read_word_list,
    zipf_of,
)

DIACRITICS_MODES = ("fold", "drop")
DROP_REASONS = ("too_long", "capitalised", "not_a_word", "diacritics", "alphabet", "length",
                "minus", "not_in_intersection", "rare", "duplicate")
LANGUAGE_PATTERN = re.compile(r"^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$")
SIDECAR_FORMAT = 1


def parse_alphabet(spec: str) -> frozenset[str]:
    """Letters from a spec such as ``"a-z"``, ``"abcdefghijklmnoprstuvwz"`` or ``"a-pr-wz"``.

    Only the game's letters a–z are allowed (dictionary words are folded to them).
    """
    letters: set[str] = set()
    text = spec.strip().lower()
    i = 0
    while i < len(text):
        if i + 2 < len(text) and text[i + 1] == "-":
            low, high = text[i], text[i + 2]
            if low not in ALPHABET or high not in ALPHABET or low > high:
                raise DictionaryError(f"bad alphabet {spec!r}: {low}-{high} is not a range "
                                      "of letters a-z", "bad_option")
            letters.update(chr(c) for c in range(ord(low), ord(high) + 1))
            i += 3
            continue
        if text[i] not in ALPHABET:
            raise DictionaryError(f"bad alphabet {spec!r}: {text[i]!r} is not a letter a-z "
                                  "(dictionary words are folded to a-z)", "bad_option")
        letters.add(text[i])
        i += 1
    if not letters:
        raise DictionaryError("the alphabet is empty", "bad_option")
    return frozenset(letters)


def _alphabet_text(letters: frozenset[str]) -> str:
    return "".join(sorted(letters))


@dataclass(frozen=True)
class BuildOptions:
    """What ``dict build`` should make. Validated by :meth:`check`.

    ``sources``, ``minus`` and ``intersect`` hold file paths or dictionary names (an
    existing file wins over a dictionary of the same name).
    """

    name: str
    sources: tuple[str, ...] = ()
    wordfreq: str | None = None
    min_zipf: float | None = None
    top: int | None = None
    minus: tuple[str, ...] = ()
    intersect: tuple[str, ...] = ()
    language: str | None = None
    min_length: int = 1
    max_length: int | None = None
    alphabet: str = "a-z"
    diacritics: str = "fold"
    drop_capitalised: bool = False
    title: str = ""
    licence: str = ""
    source_note: str = ""
    force: bool = False
    max_source_bytes: int = MAX_WORD_LIST_BYTES
    max_user_dictionaries: int | None = None

    @property
    def effective_language(self) -> str:
        """``language``, else the ``wordfreq`` language, else ``nl``."""
        return self.language or self.wordfreq or DEFAULT_DICTIONARY

    def check(self) -> None:
        """Raise :class:`DictionaryError` (one line) for any inconsistent option."""
        check_name(self.name)
        if not self.sources and not self.wordfreq:
            raise DictionaryError("dict build: give one or more word lists (files or "
                                  "dictionary names), or --wordfreq LANG", "bad_option")
        language = self.effective_language
        if not LANGUAGE_PATTERN.match(language):
            raise DictionaryError(f"bad language code {language!r}: use a code such as "
                                  "nl, en or pt-br", "bad_option")
        if self.wordfreq is not None and self.wordfreq not in _wordfreq_languages():
            raise DictionaryError(
                f"wordfreq has no word list for {self.wordfreq!r}; it has: "
                + ", ".join(sorted(_wordfreq_languages())), "bad_option")
        if self.wordfreq and self.min_zipf is None and self.top is None:
            raise DictionaryError("--wordfreq needs --min-zipf Z or --top N (its full list "
                                  "is mostly rare names and typos)", "bad_option")
        if self.top is not None:
            if not self.wordfreq:
                raise DictionaryError("--top N picks words from --wordfreq LANG; give that too",
                                      "bad_option")
            if self.top < 1:
                raise DictionaryError("--top must be 1 or more", "bad_option")
        if self.min_zipf is not None:
            if not 0 <= self.min_zipf <= 9:
                raise DictionaryError("--min-zipf must be between 0 and 9", "bad_option")
            if language not in _wordfreq_languages():
                raise DictionaryError(f"--min-zipf needs word frequencies, and wordfreq has "
                                      f"none for language {language!r}", "bad_option")
        if self.max_source_bytes < 1:
            raise DictionaryError("the word-list size limit must be positive", "bad_option")
        if self.min_length < 1:
            raise DictionaryError("--min-length must be 1 or more", "bad_option")
        if self.max_length is not None and self.max_length < self.min_length:
            raise DictionaryError("--max-length is below --min-length", "bad_option")
        if self.diacritics not in DIACRITICS_MODES:
            raise DictionaryError(f"--diacritics is one of {', '.join(DIACRITICS_MODES)}",
                                  "bad_option")
        parse_alphabet(self.alphabet)
        for label, text in (("--title", self.title), ("--licence", self.licence),
                            ("--source-note", self.source_note)):
            if "\n" in text or len(text) > 300:
                raise DictionaryError(f"{label} is one line of at most 300 characters",
                                      "bad_option")

    def to_json(self) -> dict[str, Any]:
        """The options as recorded in the sidecar (sources are recorded separately)."""
        return {
            "wordfreq": self.wordfreq, "min_zipf": self.min_zipf, "top": self.top,
            "minus": list(self.minus), "intersect": list(self.intersect),
            "min_length": self.min_length, "max_length": self.max_length,
            "alphabet": _alphabet_text(parse_alphabet(self.alphabet)),
            "diacritics": self.diacritics, "drop_capitalised": self.drop_capitalised,
        }


@dataclass
class BuildResult:
    """What a build wrote: the two files, the counts and the sidecar's contents."""

    name: str
    words_path: Path
    meta_path: Path
    meta: dict[str, Any]
    word_count: int
    read: int
    dropped: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        """One line for the terminal."""
        dropped = ", ".join(f"{reason} {n:,}" for reason, n in self.dropped.items() if n)
        words = "word" if self.word_count == 1 else "words"
        return (f"built dictionary {self.name!r}: {self.word_count:,} {words} "
                f"(read {self.read:,} entries; dropped: {dropped or 'none'}) -> "
                f"{self.words_path}")


def _wordfreq_languages() -> set[str]:
    from wordfreq import available_languages

    return set(available_languages())


@dataclass(frozen=True)
class _Source:
    """A resolved word-list spec: a file, a named dictionary, or wordfreq."""

    kind: str  # "file" | "dictionary" | "wordfreq"
    spec: str
    path: Path | None = None

    def describe(self) -> dict[str, Any]:
        if self.kind == "wordfreq":
            return {"type": "wordfreq", "language": self.spec,
                    "version": importlib.metadata.version("wordfreq")}
        assert self.path is not None
        key = "name" if self.kind == "dictionary" else "path"
        return {"type": self.kind, key: self.spec, "sha256": file_sha256(self.path)}


def resolve(spec: str) -> _Source:
    """A word-list spec: an existing file, else the name of a known dictionary."""
    path = Path(spec).expanduser()
    if path.is_file():
        return _Source("file", spec, path)
    if path.exists():
        raise DictionaryError(f"{spec} is not a regular file", "not_found")
    looks_like_name = "/" not in spec and os.sep not in spec and not spec.startswith(".")
    if looks_like_name:
        try:
            entry = find_dictionary(spec)
        except DictionaryError:
            pass
        else:
            return _Source("dictionary", spec, entry.words_path)
    raise DictionaryError(f"no such word list or dictionary: {spec}", "not_found")


def _folded_set(source: _Source, max_bytes: int) -> set[str]:
    assert source.path is not None
    return {fold(word) for word in read_word_list(source.path, max_bytes=max_bytes)}


def _wordfreq_entries(language: str) -> list[str]:
    table = frequency_table(language)
    return sorted(table, key=lambda w: (-table[w], w))


def _created(now: datetime | None) -> str:
    if now is None:
        epoch = os.environ.get("SOURCE_DATE_EPOCH")
        if epoch:
            try:
                now = datetime.fromtimestamp(int(epoch), UTC)
            except (ValueError, OverflowError, OSError):
                raise DictionaryError("SOURCE_DATE_EPOCH must be a whole number of seconds",
                                      "bad_option") from None
        else:
            now = datetime.now(UTC)
    return now.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _write_gzip_lines(lines: Iterable[str], fh: Any) -> None:
    with gzip.GzipFile(filename="", mode="wb", fileobj=fh, mtime=0, compresslevel=9) as gz:
        for line in lines:
            gz.write(line.encode("utf-8") + b"\n")


class _Filter:
    """The per-entry rules of a build, in their documented order."""

    def __init__(self, options: BuildOptions, minus: set[str], intersect: list[set[str]],
                 table: Mapping[str, float]) -> None:
        self.options = options
        self.alphabet = parse_alphabet(options.alphabet)
        self.minus = minus
        self.intersect = intersect
        self.table = table
        self.kept: dict[str, tuple[float, str]] = {}  # folded -> (zipf, spelling)
        self.dropped: Counter[str] = Counter()
        self.read = 0

    def offer(self, entry: str) -> bool:
        """Consider one source entry; True when it added a new word."""
        opts = self.options
        self.read += 1
        lowered = entry.lower()
        folded = fold(entry)
        reason = None
        if opts.drop_capitalised and entry != lowered:
            reason = "capitalised"
        elif not is_plain_word(folded):
            reason = "not_a_word"
        elif opts.diacritics == "drop" and folded != lowered:
            reason = "diacritics"
        elif not self.alphabet.issuperset(folded):
            reason = "alphabet"
        elif len(folded) < opts.min_length or (
                opts.max_length is not None and len(folded) > opts.max_length):
            reason = "length"
        elif folded in self.minus:
            reason = "minus"
        elif any(folded not in other for other in self.intersect):
            reason = "not_in_intersection"
        if reason is None:
            zipf = zipf_of(max(self.table.get(lowered, 0.0), self.table.get(folded, 0.0)))
            if opts.min_zipf is not None and zipf < opts.min_zipf:
                reason = "rare"
            else:
                best = self.kept.get(folded)
                if best is None:
                    self.kept[folded] = (zipf, lowered)
                    return True
                if (-zipf, lowered) < (-best[0], best[1]):
                    self.kept[folded] = (zipf, lowered)
                reason = "duplicate"
        self.dropped[reason] += 1
        return False


def build_dictionary(options: BuildOptions, *, output_dir: Path | None = None,
                     progress: Progress | None = None,
                     now: datetime | None = None) -> BuildResult:
    """Build the dictionary ``options.name`` and write it atomically into ``output_dir``.

    ``output_dir`` defaults to the user dictionary folder, where a shipped name is refused
    (it would be hidden by the shipped one) and an existing user dictionary is replaced only
    with ``options.force``. ``now`` (else ``$SOURCE_DATE_EPOCH``, else the clock) dates
    the sidecar; fix it for byte-identical rebuilds.
    """
    options.check()
    name = options.name
    language = options.effective_language
    user_dir = user_dictionary_dir()
    target_dir = Path(output_dir) if output_dir is not None else user_dir
    _refuse_clash(name, target_dir, user_dir, options.force)
    if _same_dir(target_dir, user_dir) and not (target_dir / f"{name}.json").exists():
        _refuse_too_many(options.max_user_dictionaries)
    bar = progress or Progress(enabled=False)

    sources = [resolve(spec) for spec in options.sources]
    minus_sources = [resolve(spec) for spec in options.minus]
    intersect_sources = [resolve(spec) for spec in options.intersect]
    minus: set[str] = set()
    for src in minus_sources:
        minus |= _folded_set(src, options.max_source_bytes)
    intersect = [_folded_set(src, options.max_source_bytes) for src in intersect_sources]

    table = frequency_table(language)
    rules = _Filter(options, minus, intersect, table)
    read_per_source: list[int] = []
    for src in sources:
        assert src.path is not None
        before = rules.read
        label = f"reading {src.spec}"

        def report(done: int, total: int, label: str = label) -> None:
            bar.update(done, total, label)

        skipped = ReadStats()
        for entry in read_word_list(src.path, report, max_bytes=options.max_source_bytes,
                                    stats=skipped):
            rules.offer(entry)
        rules.read += skipped.too_long
        rules.dropped["too_long"] += skipped.too_long
        read_per_source.append(rules.read - before)
    if options.wordfreq:
        before = rules.read
        entries = _wordfreq_entries(options.wordfreq)
        wf_table = frequency_table(options.wordfreq)
        sorted_by_zipf = options.min_zipf is not None and options.wordfreq == language
        added = 0
        label = f"wordfreq:{options.wordfreq}"
        for i, entry in enumerate(entries, 1):
            if options.top is not None and added >= options.top:
                break
            if sorted_by_zipf and zipf_of(wf_table[entry]) < (options.min_zipf or 0.0):
                break  # sorted by frequency: everything after is rarer still
            added += rules.offer(entry)
            if i % 8192 == 0:
                bar.update(i, len(entries), label)
        bar.update(1, 1, label)
        read_per_source.append(rules.read - before)
    bar.done()

    dropped = {reason: rules.dropped.get(reason, 0) for reason in DROP_REASONS}
    if not rules.kept:
        detail = ", ".join(f"{r} {n:,}" for r, n in dropped.items() if n) or "no entries"
        raise DictionaryError(f"dictionary {name!r} would have no words (read "
                              f"{rules.read:,} entries; dropped: {detail}); nothing written",
                              "empty_dictionary")

    spellings = sorted(spelling for _, spelling in rules.kept.values())
    described: list[dict[str, Any]] = [src.describe() for src in sources]
    if options.wordfreq:
        described.append(_Source("wordfreq", options.wordfreq).describe())
    for item, count in zip(described, read_per_source, strict=True):
        item["read"] = count
    info = LexiconInfo(name=name, language=language, title=options.title)
    lexicon = Lexicon.from_frequencies(fold_entries(spellings, language), info)

    meta: dict[str, Any] = {
        "format": SIDECAR_FORMAT,
        "name": name,
        "language": language,
        "title": options.title or name,
        "source": options.source_note or _source_summary(options),
        "licence": options.licence,
        "sources": described,
        "minus": [src.describe() for src in minus_sources],
        "intersect": [src.describe() for src in intersect_sources],
        "options": options.to_json(),
        "frequencies": {"wordfreq": importlib.metadata.version("wordfreq"),
                        "language": language, "available": bool(table)},
        "counts": {"read": rules.read, "kept": len(lexicon), "dropped": dropped},
        "word_count": len(lexicon),
        "checksum": lexicon.info.checksum,
        "created": _created(now),
        "builder": f"wordyahtzee {importlib.metadata.version('wordyahtzee')}",
    }
    words_path, meta_path = _commit(target_dir, name, spellings, meta)
    forget_loaded()
    return BuildResult(name, words_path, meta_path, meta, len(lexicon), rules.read, dropped)


def _source_summary(options: BuildOptions) -> str:
    parts = list(options.sources)
    if options.wordfreq:
        parts.append(f"wordfreq {options.wordfreq}")
    text = " + ".join(parts)
    if options.intersect:
        text += " ∩ " + " ∩ ".join(options.intersect)
    if options.minus:
        text += " − " + " − ".join(options.minus)
    return f"{text}, built by wordyahtzee dict build"


def _refuse_clash(name: str, target_dir: Path, user_dir: Path, force: bool) -> None:
    if _same_dir(target_dir, user_dir) and _entry(SHIPPED_DIR, name, shipped=True) is not None:
        raise DictionaryError(f"{name!r} is the name of a shipped dictionary; choose another "
                              "--name", "name_clash")
    exists = (target_dir / f"{name}.txt.gz").exists() or (target_dir / f"{name}.json").exists()
    if exists and not force:
        raise DictionaryError(f"a dictionary {name!r} already exists in {target_dir}; use "
                              "--force to replace it, or choose another --name", "name_clash")


def _refuse_too_many(limit: int | None) -> None:
    """Refuse a new user dictionary when the user folder holds ``limit`` already."""
    limit = max_user_dictionaries() if limit is None else limit
    count = len(user_dictionary_names())
    if count >= limit:
        raise DictionaryError(f"there are {count} user dictionaries already, the most "
                              f"allowed is {limit}; remove one first (wordyahtzee dict "
                              "remove NAME)", "too_many_dictionaries")


def _same_dir(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def _commit(folder: Path, name: str, spellings: list[str],
            meta: Mapping[str, Any]) -> tuple[Path, Path]:
    """Write both files to temporary names, then rename them into place.

    The word list is renamed first, the sidecar last: the registry only lists a dictionary
    whose sidecar exists, and the sidecar's checksum names the words it describes.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DictionaryError(f"cannot create {folder}: {exc.strerror}") from None
    words_path, meta_path = folder / f"{name}.txt.gz", folder / f"{name}.json"
    temps: list[Path] = []
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=f".{name}-", suffix=".txt.gz",
                                         delete=False) as fh:
            temps.append(Path(fh.name))
            _write_gzip_lines(spellings, fh)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder,
                                         prefix=f".{name}-", suffix=".json",
                                         delete=False) as text:
            temps.append(Path(text.name))
            text.write(json.dumps(meta, indent=2, ensure_ascii=False) + "\n")
        for tmp in temps:
            os.chmod(tmp, 0o644)
        os.replace(temps[0], words_path)
        os.replace(temps[1], meta_path)
    except OSError as exc:
        for tmp in temps:
            tmp.unlink(missing_ok=True)
        raise DictionaryError(f"cannot write dictionary {name!r} in {folder}: "
                              f"{exc.strerror or exc}") from None
    return words_path, meta_path

