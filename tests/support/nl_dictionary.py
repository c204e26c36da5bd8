"""The shipped Dutch dictionary in tests: the files and the ``nl`` list as written (the
build's modules import as ``scripts.build_nl_dictionary`` and so on)."""

from __future__ import annotations

import gzip
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DICT = REPO / "dictionaries"


@cache
def nl_words() -> frozenset[str]:
    """The shipped ``nl`` list, as written (diacritics kept)."""
    with gzip.open(DICT / "nl.txt.gz", "rt", encoding="utf-8") as fh:
        return frozenset(line.strip() for line in fh)
