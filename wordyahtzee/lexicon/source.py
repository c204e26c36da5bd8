"""Reading word lists: plain text or gzip, one word a line, UTF-8.

A source word may carry diacritics or capitals; :func:`fold_entries` turns a list into the
folded a–z words a :class:`~wordyahtzee.lexicon.Lexicon` holds, each with the highest
wordfreq Zipf frequency of the spellings that fold to it.
"""

from __future__ import annotations

import gzip
import io
import math
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import DictionaryError
from ..letters import fold, is_plain_word


def read_word_list(path: Path,
                   progress: Callable[[int, int], None] | None = None) -> Iterator[str]:
    """Yield the stripped, non-empty lines of a ``.txt`` or ``.gz`` word list.

    Lines starting with ``#`` are comments; a UTF-8 byte-order mark is ignored. When
    ``progress`` is given it is called now and then with ``(bytes read, file size)``
    (compressed bytes for a gzip file).

    Raises :class:`DictionaryError` (one line) for a missing, binary or non-UTF-8 file.
    """
    try:
        with path.open("rb") as raw:
            size = os.fstat(raw.fileno()).st_size
            gzipped = raw.read(2) == b"\x1f\x8b"
            raw.seek(0)
            stream: Any = gzip.GzipFile(fileobj=raw, mode="rb") if gzipped else raw
            fh = io.TextIOWrapper(stream, encoding="utf-8-sig")
            for number, line in enumerate(fh, 1):
                if "\x00" in line:
                    raise DictionaryError(f"{path}: line {number} holds a NUL byte; "
                                          "is this a binary file?")
                if progress is not None and number % 8192 == 0:
                    progress(raw.tell(), size)
                word = line.strip()
                if word and not word.startswith("#"):
                    yield word
            if progress is not None:
                progress(size, size)
    except FileNotFoundError:
        raise DictionaryError(f"no such word list: {path}", "not_found") from None
    except IsADirectoryError:
        raise DictionaryError(f"{path} is a directory, not a word list", "not_found") from None
    except UnicodeDecodeError as exc:
        raise DictionaryError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
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
