"""What the live tables announce: a game that ended, each sweep and each review reach every
feature that subscribed, in the order written in ``wire``, and one feature's failure keeps
the news from none of the others. The features are services composed over the tables,
never classes of the table service."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import pytest

from wordyahtzee.daily.service import DailyService
from wordyahtzee.moderation.engineplay import EnginePlay
from wordyahtzee.moderation.fairplay import FairPlayService
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
    owners = [[type(listener.__self__).__name__ for listener in heard]
              for heard in service.announce.listeners()]
    assert owners == [["TableService", "FairPlayService", "DailyService", "TableService"],
                      ["FairPlayService", "DailyService", "TableService"]]


def test_the_features_are_composed_not_inherited(app: Any) -> None:
    """The daily game and the fair-play check (with its engine-play check) are services of
    their own over the tables: no class of theirs is in the table service's MRO, and no
    method of theirs is the table service's."""
    service: TableService = app.extensions["wordyahtzee.tables"]
    assert isinstance(service.daily, DailyService) and service.daily.tables is service
    assert isinstance(service.fairplay, FairPlayService) and service.fairplay.tables is service
    assert isinstance(service.fairplay.engine, EnginePlay)
    names = {cls.__name__ for cls in TableService.__mro__}
    assert not names & {"Daily", "DailySkill", "FairPlay", "EnginePlay", "DailyService",
                        "FairPlayService"}
    for feature in (DailyService, FairPlayService, EnginePlay):
        public = {n for n in vars(feature) if not n.startswith("_")}
        assert not public & set(dir(TableService)), feature.__name__


def test_a_review_reaches_its_listeners_though_one_fails(
        caplog: pytest.LogCaptureFixture) -> None:
    announce = Announcements()

    def broken(table: Any, review: dict[str, Any]) -> None:
        raise RuntimeError("this feature's store is away")

    announce.on_review(broken)
    announce.on_review(lambda table, review: review.update(seen=table.id))
    review: dict[str, Any] = {"ready": True}
    with caplog.at_level(logging.ERROR, logger="wordyahtzee.tables.announcements"):
        announce.reviewed(SimpleNamespace(id="g2"), review)  # type: ignore[arg-type]
    assert review == {"ready": True, "seen": "g2"}
    assert "at the review of game g2" in caplog.text


def test_no_feature_overrides_the_ends_of_games_or_the_sweep() -> None:
    """The hooks are subscriptions now: no class of the service redefines them."""
    owners = {cls.__name__ for cls in TableService.__mro__ if "sweep" in vars(cls)}
    assert owners == {"Lifecycle"}
    assert not [cls.__name__ for cls in TableService.__mro__ if "_finished" in vars(cls)]
