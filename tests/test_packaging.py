"""The wheel holds every package: each folder of ``wordyahtzee/`` with an ``__init__.py``
is named in pyproject.toml's package list (a missing one installs a server that cannot
import it; the CI's wheel check found ``wordyahtzee.puzzles`` so)."""

from __future__ import annotations

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_every_package_is_in_the_wheel() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    present = {".".join(init.parent.relative_to(REPO).parts)
               for init in (REPO / "wordyahtzee").rglob("__init__.py")}
    assert present - listed == set()
