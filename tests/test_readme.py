"""The README's shell examples are what the command prints: each ``$ wordyahtzee …`` line of
its ``sh`` blocks runs, and prints the lines that follow it (a ``…`` line: and more)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from wordyahtzee.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"```sh\n(.*?)```", re.S)


def examples() -> list[tuple[str, list[str]]]:
    """Each example of the README: the command after ``$ wordyahtzee`` and the lines it
    shows printed."""
    found: list[tuple[str, list[str]]] = []
    for block in BLOCK.findall(README.read_text(encoding="utf-8")):
        for line in block.splitlines():
            if line.startswith("$ wordyahtzee "):
                found.append((line.removeprefix("$ wordyahtzee "), []))
            elif found and not line.startswith("$"):
                found[-1][1].append(line)
    return found


def test_the_readme_has_examples() -> None:
    assert len(examples()) >= 4


@pytest.mark.parametrize(("command", "shown"), examples(), ids=[c for c, _ in examples()])
def test_a_readme_example_prints_what_the_readme_shows(
        command: str, shown: list[str], capsys: pytest.CaptureFixture[str],
        strategy_tables: None) -> None:
    code = main(shlex.split(command))
    printed = capsys.readouterr().out.splitlines()
    assert code == 0
    if shown and shown[-1] == "…":  # the first lines, and more
        assert printed[:len(shown) - 1] == shown[:-1]
    else:
        assert printed == shown
