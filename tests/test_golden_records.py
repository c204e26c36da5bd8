"""Golden replays: every record under ``tests/records/<mode>/`` replays to its expected
result, or is refused with its expected one-line error.

A fixture is ``{"record": {...}, "result": {...}}`` or ``{"record": {...}, "error": "..."}``.
Each was played through the engine (solver-chosen words, computer players); they pin how
games are scored today, so a change that alters any of them must say why.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wordyahtzee.errors import RecordError
from wordyahtzee.games import replay
from wordyahtzee.modes import MODES

from .support.cli import run_cli

FIXTURES = sorted(Path(__file__).with_name("records").glob("*/*.json"))


def test_every_mode_has_fixtures() -> None:
    modes = {path.parent.name for path in FIXTURES}
    assert {"woord", "classic"} <= modes <= set(MODES)
    for mode in modes:
        kinds = {"error" in json.loads(p.read_text()) for p in FIXTURES if p.parent.name == mode}
        assert kinds == {True, False}, f"{mode}: needs both legal and illegal records"


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_record(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fixture: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    assert fixture["record"].get("mode", "woord") == path.parent.name
    if "error" in fixture:
        with pytest.raises(RecordError) as caught:
            replay(fixture["record"])
        assert caught.value.message == fixture["error"]
        code, out, err = run_cli(capsys, ["replay", "-"], json.dumps(fixture["record"]))
        assert code == 2 and out == "" and err.count("\n") == 1 and fixture["error"] in err
    else:
        assert replay(fixture["record"]) == fixture["result"]
        code, out, _ = run_cli(capsys, ["replay", "-"], json.dumps(fixture["record"]))
        assert code == 0 and json.loads(out) == fixture["result"]
