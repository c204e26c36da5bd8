"""Reading word lists: plain text or gzip, one word a line, UTF-8.

A source word may carry diacritics or capitals; :func:`fold_entries` turns a list into the
folded a–z words a :class:`~wordyahtzee.lexicon.Lexicon` holds, each with the highest
wordfreq Zipf frequency of the spellings that fold to it.
"""

from __future__ import annotations

import gzip
import math
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path

from ..errors import DictionaryError
from ..letters import fold, is_plain_word


def read_word_list(path: Path) -> Iterator[str]:
    """Yield the stripped, non-empty lines of a ``.txt`` or ``.gz`` word list.

    Raises :class:`DictionaryError` (one line) for a missing, binary or non-UTF-8 file.
    """
    try:
        with path.open("rb") as raw:
            magic = raw.read(2)
        opener = gzip.open if magic == b"\x1f\x8b" else open
        with opener(path, "rt", encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                if "\x00" in line:
                    raise DictionaryError(f"{path}: line {number} holds a NUL byte; "
                                          "is this a binary file?")
                word = line.strip()
                if word and not word.startswith("#"):
                    yield word
    except FileNotFoundError:
        raise DictionaryError(f"no such word list: {path}", "not_found") from None
    except UnicodeDecodeError as exc:
        raise DictionaryError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise DictionaryError(f"{path}: cannot read it: {exc}") from None


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
