"""The versions of the cached tables (wordyahtzee/advisor/cache.py, ``code_version``): derived
from the code that computes each table, never bumped by hand. The same tree gives the same
version in every process; a change to what that code does gives another version, hence
another cache file name, so a stale table is never served; a comment or a docstring does
not."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from wordyahtzee.advisor.cache import code_version, source_digest
from wordyahtzee.advisor.classic.strategy import TABLE_CODE, cache_path, table_version
from wordyahtzee.advisor.final_scores import (
    WOORD_PLAY_CODE,
    classic_path,
    sample_version,
)
from wordyahtzee.advisor.woord.score_table import SCORE_TABLE_CODE, score_table_version
from wordyahtzee.advisor.woord.strategy import STRATEGY_CODE, strategy_version

VERSIONS = """
from wordyahtzee.advisor.classic.strategy import table_version
from wordyahtzee.advisor.final_scores import sample_version
from wordyahtzee.advisor.woord.score_table import score_table_version
from wordyahtzee.advisor.woord.strategy import strategy_version
print(table_version(), score_table_version(), strategy_version(), sample_version())
"""


def _source(module: str) -> Path:
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    return Path(spec.origin)


def _copies(modules: tuple[str, ...], folder: Path) -> list[Path]:
    """Copies of the modules' source files in ``folder``, in order."""
    paths = []
    for i, module in enumerate(modules):
        path = folder / f"{i}-{module}.py"
        shutil.copyfile(_source(module), path)
        paths.append(path)
    return paths


def test_the_versions_are_the_same_in_every_process() -> None:
    runs = [subprocess.run([sys.executable, "-c", VERSIONS], capture_output=True, text=True,
                           check=True, timeout=120).stdout.split() for _ in range(2)]
    here = [table_version(), score_table_version(), strategy_version(), sample_version()]
    assert runs[0] == runs[1] == here
    assert len(set(here)) == len(here) and all(len(v) == 16 for v in here)


@pytest.mark.parametrize("modules", [TABLE_CODE, SCORE_TABLE_CODE, STRATEGY_CODE],
                         ids=["classic", "scores", "woord-strategy"])
def test_a_change_to_the_code_changes_the_version(modules: tuple[str, ...],
                                                  tmp_path: Path) -> None:
    """The digest of copies is the version (a file's place does not count); a changed
    line of code changes it in every module the table depends on, a comment or a docstring
    does not."""
    paths = _copies(modules, tmp_path)
    version = code_version(*modules)
    assert source_digest(paths) == version
    for path in paths:
        text = path.read_text(encoding="utf-8")
        path.write_text(text + "\nCHANGED = 1\n", encoding="utf-8")
        assert source_digest(paths) != version, path.name
        path.write_text(text + '\n# a comment\n\n\ndef _f() -> None:\n    """Doc."""\n',
                        encoding="utf-8")
        changed = source_digest(paths)
        path.write_text(text + '\n\n\ndef _f() -> None:\n    """Another doc."""\n',
                        encoding="utf-8")
        assert source_digest(paths) == changed  # only a docstring and a comment differ
        path.write_text(text, encoding="utf-8")
    assert source_digest(paths) == version


def test_a_change_to_a_box_changes_the_woord_tables(tmp_path: Path) -> None:
    """The boxes' declaration shapes the Woord Yahtzee tables: scoring ``consonants`` 26
    instead of 25 gives the score table and the strategy other versions."""
    assert "wordyahtzee.modes.woord.rules" in SCORE_TABLE_CODE
    assert set(SCORE_TABLE_CODE) <= set(STRATEGY_CODE)
    for modules in (SCORE_TABLE_CODE, STRATEGY_CODE):
        paths = _copies(modules, tmp_path)
        rules = paths[modules.index("wordyahtzee.modes.woord.rules")]
        text = rules.read_text(encoding="utf-8")
        old = 'Box("consonants", "all_consonants", words=0, points=25'
        assert old in text
        rules.write_text(text.replace(old, old[:-2] + "26"), encoding="utf-8")
        assert source_digest(paths) != code_version(*modules)


def test_the_cache_files_are_named_by_the_versions() -> None:
    assert f"-v{table_version()}" in cache_path("free").name
    name = classic_path("free", 400).name
    assert f"-v{table_version()}-" in name and name.endswith(f"-d{sample_version()}.npz")
    for module in (*TABLE_CODE, *STRATEGY_CODE, *WOORD_PLAY_CODE):
        assert _source(module).is_file()


def test_a_version_is_worked_out_once_per_process() -> None:
    before = code_version.cache_info().hits
    strategy_version()
    strategy_version()
    assert code_version.cache_info().hits >= before + 2
