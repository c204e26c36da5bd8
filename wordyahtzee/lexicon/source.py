"""Reading word lists: plain text or gzip, one word a line, UTF-8.

A source word may carry diacritics or capitals; :func:`fold_entries` turns a list into the
folded a–z words a :class:`~wordyahtzee.lexicon.Lexicon` holds, each with the highest
wordfreq Zipf frequency of the spellings that fold to it.
"""

from __future__ import annotations

import gzip
import math
import os
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import DictionaryError
from ..letters import fold, is_plain_word

MAX_WORD_LIST_BYTES = 64 * 1024 * 1024
"""The default limit on a word list's text, counted after decompression: a gzip bomb (a
few KB that inflate to gigabytes) is refused once it has produced this much."""
MAX_ENTRY_CHARS = 64
"""The default limit on one entry: longer lines are skipped (and counted) while reading,
without ever holding more than a few hundred bytes of them."""


@dataclass
class ReadStats:
    """What :func:`read_word_list` skipped: lines longer than its ``max_chars``."""

    too_long: int = 0


def _limit_error(path: Path, max_bytes: int, gzipped: bool) -> DictionaryError:
    inflated = " once decompressed" if gzipped else ""
    return DictionaryError(f"{path}: the word list holds more than {_size(max_bytes)} of "
                           f"text{inflated}; refused", "word_list_too_large")


def _size(n: int) -> str:
    mib = n / (1024 * 1024)
    return f"{mib:g} MiB" if mib >= 1 else f"{n:,} bytes"


def read_word_list(path: Path,
                   progress: Callable[[int, int], None] | None = None, *,
                   max_bytes: int = MAX_WORD_LIST_BYTES, max_chars: int = MAX_ENTRY_CHARS,
                   stats: ReadStats | None = None) -> Iterator[str]:
    """Yield the stripped, non-empty lines of a ``.txt`` or ``.gz`` word list.

    Lines starting with ``#`` are comments; a UTF-8 byte-order mark is ignored. When
    ``progress`` is given it is called now and then with ``(bytes read, file size)``
    (compressed bytes for a gzip file).

    The list is streamed a line at a time, never whole: an entry longer than
    ``max_chars`` characters is skipped and counted in ``stats.too_long``, and a list
    whose text (decompressed) passes ``max_bytes`` is refused with the code
    ``word_list_too_large``.

    Raises :class:`DictionaryError` (one line) for a missing, binary, non-UTF-8 or too
    large file.
    """
    stats = stats if stats is not None else ReadStats()
    # a line of max_chars characters takes at most 4 bytes each, plus a line ending
    line_limit = 4 * max_chars + 8
    try:
        with path.open("rb") as raw:
            size = os.fstat(raw.fileno()).st_size
            gzipped = raw.read(2) == b"\x1f\x8b"
            raw.seek(0)
            stream: Any = gzip.GzipFile(fileobj=raw, mode="rb") if gzipped else raw
            total = 0
            number = 0
            while True:
                line = stream.readline(line_limit)
                if not line:
                    break
                number += 1
                total += len(line)
                if total > max_bytes:
                    raise _limit_error(path, max_bytes, gzipped)
                if number == 1 and line.startswith(b"\xef\xbb\xbf"):
                    line = line[3:]
                if progress is not None and number % 8192 == 0:
                    progress(raw.tell(), size)
                if len(line) == line_limit and not line.endswith(b"\n"):
                    comment = line.lstrip().startswith(b"#")
                    while line and not line.endswith(b"\n"):  # skip the rest of it
                        line = stream.readline(64 * 1024)
                        total += len(line)
                        if total > max_bytes:
                            raise _limit_error(path, max_bytes, gzipped)
                    if not comment:
                        stats.too_long += 1
                    continue
                if b"\x00" in line:
                    raise DictionaryError(f"{path}: line {number} holds a NUL byte; "
                                          "is this a binary file?")
                try:
                    word = line.decode("utf-8").strip()
                except UnicodeDecodeError as exc:
                    raise DictionaryError(f"{path}: not UTF-8 text (line {number}, byte "
                                          f"{exc.start + 1})") from None
                if not word or word.startswith("#"):
                    continue
                if len(word) > max_chars:
                    stats.too_long += 1
                    continue
                yield word
            if progress is not None:
                progress(size, size)
    except FileNotFoundError:
        raise DictionaryError(f"no such word list: {path}", "not_found") from None
    except IsADirectoryError:
        raise DictionaryError(f"{path} is a directory, not a word list", "not_found") from None
    except (OSError, EOFError, gzip.BadGzipFile, zlib.error) as exc:
        raise DictionaryError(f"{path}: cannot read it: {exc}") from None


def frequency_table(language: str) -> Mapping[str, float]:
    """wordfreq's word → frequency table for ``language`` (empty when it has none)."""
    return _frequency_table(language)


@lru_cache(maxsize=8)
def _frequency_table(language: str) -> dict[str, float]:
    if not language:
        return {}
    from wordfreq import get_frequency_dict

    try:
        return get_frequency_dict(language)
    except (LookupError, ValueError):
        return {}


def zipf_of(frequency: float) -> float:
    """wordfreq's Zipf scale: log10 of occurrences per billion words, 2 decimals."""
    return round(math.log10(frequency * 1e9), 2) if frequency > 0 else 0.0


def fold_entries(words: Iterable[str], language: str) -> dict[str, float]:
    """Fold each word; keep those that are a–z only; map each to its best Zipf frequency."""
    table = _frequency_table(language)
    result: dict[str, float] = {}
    for word in words:
        folded = fold(word)
        if not is_plain_word(folded):
            continue
        freq = max(table.get(word.lower(), 0.0), table.get(folded, 0.0))
        zipf = zipf_of(freq)
        if zipf > result.get(folded, -1.0):
            result[folded] = zipf
    return result
