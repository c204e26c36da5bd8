"""Which code a benchmark's server runs: the checkout it is named for, with the Python of
that checkout's own environment, checked before the server starts (no gevent here, so a
test may import it)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]
"""The checkout these scripts belong to: the code a server of theirs runs by default."""


def checkout_python(checkout: str | Path) -> str:
    """The Python of ``checkout``'s own virtual environment (``CHECKOUT/.venv``, with the
    checkout installed in it), which serves that checkout's code and no other's."""
    python = Path(checkout).resolve() / ".venv" / "bin" / "python"
    if not python.exists():
        raise SystemExit(f"{checkout} has no virtual environment of its own: python3 -m venv "
                         f"{checkout}/.venv && {checkout}/.venv/bin/pip install -e {checkout}")
    return str(python)


def check_served_code(python: str, checkout: Path, env: dict[str, str]) -> None:
    """Exit unless ``python`` (as a server is started: ``-P``, so neither the current
    directory nor a ``PYTHONPATH`` of another checkout's package wins by accident) imports
    the package and its web layer from ``checkout``."""
    probe = ("import wordyahtzee, wordyahtzee.web as web; "
             "print(wordyahtzee.__file__); print(web.__file__)")
    found = subprocess.run([python, "-P", "-c", probe], env=env, capture_output=True,
                           text=True, check=False).stdout.split()
    root = str(checkout.resolve()) + os.sep
    if len(found) != 2 or not all(path.startswith(root) for path in found):
        raise SystemExit(f"{python} serves the code of {found or 'nothing'}, not of "
                         f"{checkout}")
