"""``WORDYAHTZEE_MINE_PUZZLES`` turns a server's background mining on or off; a bad value is
one line and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from wordyahtzee.web import create_app

from wordyahtzee.errors import WordyahtzeeError


@pytest.mark.parametrize(("value", "mining"), [(None, True), ("1", True), ("0", False)])
def test_the_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str | None,
                     mining: bool) -> None:
    if value is None:
        monkeypatch.delenv("WORDYAHTZEE_MINE_PUZZLES", raising=False)
    else:
        monkeypatch.setenv("WORDYAHTZEE_MINE_PUZZLES", value)
    app = create_app({"DATABASE": tmp_path / "m.sqlite3", "TESTING": True,
                      "WARM_STRATEGIES": (), "TICK_SECONDS": None})
    service = app.extensions["wordyahtzee.tables"]
    assert service.puzzles.mining is mining
    service.puzzles.mine_later()  # off: no miner starts
    assert service.puzzles._mining is (mining and service.puzzles._mining)


def test_a_bad_value_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORDYAHTZEE_MINE_PUZZLES", "yes")
    with pytest.raises(WordyahtzeeError, match="WORDYAHTZEE_MINE_PUZZLES is 1"):
        create_app({"DATABASE": tmp_path / "m.sqlite3", "TESTING": True})
