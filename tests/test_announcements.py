"""What the live tables announce: a game that ended and each sweep reach every feature
that subscribed, in the order written in ``wire``, and one feature's failure keeps the news
from none of the others."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import pytest

from wordyahtzee.tables.announcements import Announcements
from wordyahtzee.tables.service import TableService


def test_every_listener_hears_in_order_though_one_fails(
        caplog: pytest.LogCaptureFixture) -> None:
    announce = Announcements()
    heard: list[str] = []

    def broken(table: Any) -> None:
        heard.append(f"broken {table.id}")
        raise RuntimeError("this feature's store is away")

    announce.on_finished(lambda table: heard.append(f"first {table.id}"))
    announce.on_finished(broken)
    announce.on_finished(lambda table: heard.append(f"last {table.id}"))
    announce.on_sweep(lambda: heard.append("swept"))
    with caplog.at_level(logging.ERROR, logger="wordyahtzee.tables.announcements"):
        announce.finished(SimpleNamespace(id="g1"))  # type: ignore[arg-type]
    announce.swept()
    assert heard == ["first g1", "broken g1", "last g1", "swept"]
    assert "after game g1 ended" in caplog.text and "broken" in caplog.text


def test_the_service_wires_each_feature_once_in_the_written_order(app: Any) -> None:
    service: TableService = app.extensions["wordyahtzee.tables"]
    finished, swept = ([listener.__name__ for listener in heard]
                       for heard in service.announce.listeners())
    assert finished == ["rate_finished", "check_finished", "figure_finished",
                        "mine_finished"]
    assert swept == ["check_unchecked", "figure_unfigured", "mine_later"]


def test_no_feature_overrides_the_ends_of_games_or_the_sweep() -> None:
    """The hooks are subscriptions now: no class of the service redefines them."""
    owners = {cls.__name__ for cls in TableService.__mro__ if "sweep" in vars(cls)}
    assert owners == {"Lifecycle"}
    assert not [cls.__name__ for cls in TableService.__mro__ if "_finished" in vars(cls)]
