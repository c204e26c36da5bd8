"""Issue 45's cheaters against a real ``wordyahtzee serve`` on PostgreSQL, each person a
browser of its own (its cookies, its loopback address): a throwaway profile learns every
face of today's classic game, and players who know them (the best game in hindsight, the
faces in two turns, and the cheaters who know the statistic too: evasive, evasive with two
outright hits) play the same day as an honest player who plays optimally. The board ranks
by the points the choices lost in expectation, so none of them stands above the honest
player, even those the foresight check leaves clear (docs/daily.md, "Fair play")."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from wordyahtzee.advisor.classic import foresight as cf
from wordyahtzee.advisor.foresight import evasive_option
from wordyahtzee.dice import FairDice
from wordyahtzee.modes.classic import ClassicGame

from .support.pg import PostgresServer
from .support.server import Browser, Server


@pytest.fixture
def server(postgres_server: PostgresServer, tmp_path: Path,
           strategy_tables: None) -> Iterator[Server]:
    one = Server(postgres_server.new_database(), tmp_path, "daily")
    try:
        yield one
    finally:
        one.stop()


class SeenDice(FairDice):
    """The day's dice as a throwaway profile saw them: every face of every throw."""

    def __init__(self, seen: Any) -> None:
        super().__init__(b"seen")
        self.seen = seen

    def face(self, turn: int, throw: int, position: int, faces: Any) -> Any:
        pip = int(self.seen[turn, throw, position])
        return next(f for f in faces if f == pip)


def _learn_the_faces(throwaway: Browser) -> Any:
    """The throwaway's game: every die thrown again every time, so every face shows."""
    seen = np.zeros((13, 3, 5), dtype=np.int64)
    status, started = throwaway.call("POST", "/api/daily/classic", {})
    assert status == 201, started
    gid, token = started["game_id"], started["token"]
    for turn in range(13):
        for throw, body in enumerate(({}, {"keep": []}, {"keep": []})):
            status, answer = throwaway.call("POST", f"/api/games/{gid}/act/throw", body, token)
            assert status == 200, answer
            seen[turn, throw] = [int(d) for d in answer["dice"]]
        box = next(iter(answer["state"]["options"]))
        assert throwaway.call("POST", f"/api/games/{gid}/act/claim", {"box": box},
                              token)[0] == 200
    return seen


def _moves(seen: Any, decide: Callable[[Any], Any]) -> list[tuple[str, Any]]:
    """The choices a player makes on the day's dice, played here first."""
    game = ClassicGame(["here"], rng=SeenDice(seen))
    moves: list[tuple[str, Any]] = []

    def record(g: Any) -> Any:
        moves.append(decide(g))
        return moves[-1]
    cf.play(game, record)
    return moves


def _play(browser: Browser, moves: list[tuple[str, Any]]) -> str:
    """Today's classic game on the server with ``moves`` (a turn's first throw first)."""
    status, started = browser.call("POST", "/api/daily/classic", {})
    assert status == 201, started
    gid, token = started["game_id"], started["token"]
    fresh = True
    for kind, what in moves:
        if fresh:
            assert browser.call("POST", f"/api/games/{gid}/act/throw", {}, token)[0] == 200
            fresh = False
        if kind == "keep":
            body: dict[str, Any] = {"keep": list(what)}
            status, answer = browser.call("POST", f"/api/games/{gid}/act/throw", body, token)
        else:
            status, answer = browser.call("POST", f"/api/games/{gid}/act/claim",
                                          {"box": what}, token)
            fresh = True
        assert status == 200, answer
    assert answer["state"]["status"] == "finished"
    return gid


def test_no_cheater_who_knows_the_faces_stands_above_an_honest_player(
        server: Server) -> None:
    from wordyahtzee.advisor.classic.players import OptimalPlayer
    from wordyahtzee.advisor.classic.strategy import load_strategy

    throwaway = Browser(server, "127.0.0.71")
    throwaway.profile("Wegwerp")
    seen = _learn_the_faces(throwaway)
    strategy = load_strategy("free", quiet=True)
    known = cf.ClassicHindsight.of_faces(strategy, seen)
    optimal = OptimalPlayer(strategy)

    def usual(game: Any) -> Any:
        return cf.option_of(optimal.decide(game))

    def informed(turns: set[int], evasive: bool) -> Callable[[Any], Any]:
        def decide(game: Any) -> Any:
            if game.cup.turn in turns:
                return known.choose(game, usual(game))
            return evasive_option(known.values(game), usual(game)) if evasive else usual(game)
        return decide

    players = {"Eerlijk": usual, "Ziener": informed(set(range(13)), False),
               "Twee": informed({3, 8}, False), "Ontwijker": informed(set(), True),
               "Ontwijker2": informed({2, 9}, True)}
    games: dict[str, tuple[str, Browser]] = {}
    for number, (name, decide) in enumerate(players.items()):
        browser = Browser(server, f"127.0.0.{72 + number}")
        browser.profile(name)
        games[name] = (_play(browser, _moves(seen, decide)), browser)

    you: dict[str, Any] = {}
    for _ in range(900):  # the checks run in the background, the strategy table loads
        you = {name: browser.call("GET", "/api/daily/classic")[1]["you"]
               for name, (_, browser) in games.items()}
        if all(y["check"] is not None for y in you.values()):
            break
        time.sleep(0.2)
    assert all(y["check"] is not None for y in you.values()), you
    board = games["Eerlijk"][1].call("GET", "/api/daily/classic")[1]["board"]
    places = {row["name"]: row["rank"] for row in board}
    scores = {name: y["score"] for name, y in you.items()}
    honest = places["Eerlijk"]
    assert you["Eerlijk"]["loss"] == 0.0 and honest == 1
    # the evasive cheaters stay clear of the statistic, and gain points with the faces...
    assert you["Ontwijker"]["check"] == you["Ontwijker2"]["check"] == "clear"
    assert you["Ontwijker"]["loss"] > 0 and you["Ontwijker2"]["loss"] > 0
    assert scores["Ziener"] >= scores["Eerlijk"]  # the best game in hindsight
    # ...and none stands above the honest player, listed or not: a cheater whose
    # knowledge changed a choice lost points in expectation by it, and places below
    for name in ("Ziener", "Twee", "Ontwijker", "Ontwijker2"):
        assert name not in places or places[name] >= honest, (name, board)
        if you[name]["loss"] > 0:
            assert name not in places or places[name] > honest, (name, board)
    assert places.get("Wegwerp", honest + 1) > honest
    assert [row["name"] for row in board].index("Eerlijk") == 0
