"""Prebuild the tries of the shipped dictionaries into ``dictionaries/compiled/``.

A fresh install then memory-maps them at once instead of compiling for seconds in the
first request. Run it after any shipped word list changes (a test fails while the
prebuilt tries do not match the word lists):

    python -m scripts.build_tries
"""

from __future__ import annotations

import shutil
from pathlib import Path

from wordyahtzee.lexicon import registry

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    target = ROOT / "dictionaries" / "compiled"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir()
    for entry in registry.list_dictionaries():
        if not entry.shipped:
            continue
        folder = target / registry.compiled_name(entry.name, registry.file_sha256(
            entry.words_path))
        registry.compile_to(entry, folder)
        size = sum(p.stat().st_size for p in folder.iterdir())
        print(f"{entry.name}: {folder.relative_to(ROOT)} ({size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
