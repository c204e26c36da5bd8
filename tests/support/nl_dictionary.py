"""The shipped Dutch dictionary in tests: the files, the build scripts imported, and the
``nl`` list as written."""

from __future__ import annotations

import gzip
import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]
DICT = REPO / "dictionaries"


def script(name: str) -> ModuleType:
    """Import ``scripts/NAME.py`` (its curated lists and readers) without running it."""
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


@cache
def nl_words() -> frozenset[str]:
    """The shipped ``nl`` list, as written (diacritics kept)."""
    with gzip.open(DICT / "nl.txt.gz", "rt", encoding="utf-8") as fh:
        return frozenset(line.strip() for line in fh)
