"""Running the ``wordyahtzee`` command in-process, with a given standard input."""

from __future__ import annotations

import io
import sys
from collections.abc import Sequence

import pytest

from wordyahtzee.cli import main


def run_cli(capsys: pytest.CaptureFixture[str], args: Sequence[str],
            stdin: str = "") -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``wordyahtzee ARGS`` reading ``stdin``."""
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(list(args))
    finally:
        sys.stdin = old
    out, err = capsys.readouterr()
    return code, out, err
