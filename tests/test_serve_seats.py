"""The attacks of issue 44 on seats and leaks, repeated against a real ``wordyahtzee serve``
on PostgreSQL, each person a browser of its own (its cookies, its loopback address): the
host of a lobby table cannot play the other seat, a stranger learns nothing of a seat, no
JSON body gets a 500, a database away is a 503 that names no URL, and a profile's name
keeps to what the API document says."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wordyahtzee.modes.classic import BOXES

from .support.bodies import bad_bodies, json_routes
from .support.pg import PostgresServer, start_server
from .support.server import Browser, Server
from .support.tables import link


@pytest.fixture(scope="module")
def server(postgres_server: PostgresServer,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    one = Server(postgres_server.new_database(), tmp_path_factory.mktemp("seats"), "seats")
    try:
        yield one
    finally:
        one.stop()


def turn(browser: Browser, gid: str, token: str) -> dict[str, Any]:
    """A classic turn: one throw, then the first open box the state offers."""
    status, thrown = browser.call("POST", f"/api/games/{gid}/act/throw", {}, token)
    assert status == 200, thrown
    box = next(b for b in BOXES if b in thrown["state"]["options"])
    status, claimed = browser.call("POST", f"/api/games/{gid}/act/claim", {"box": box}, token)
    assert status == 200, claimed
    return dict(claimed["state"])


@pytest.mark.parametrize("rated", [True, False])
def test_the_host_of_a_lobby_table_cannot_play_the_other_seat(server: Server,
                                                            rated: bool) -> None:
    anna = Browser(server, "127.0.0.61" if rated else "127.0.0.63")
    bram = Browser(server, "127.0.0.62" if rated else "127.0.0.64")
    anna.profile("Anna")
    bram.profile("Bram")
    status, entry = anna.call("POST", "/api/lobby", {"mode": "classic", "seats": 2,
                                                     "rated": rated})
    assert status == 201, entry
    assert bram.call("POST", f"/api/lobby/{entry['id']}/join", {})[0] == 200
    gid, ta = link(anna.call("GET", f"/api/lobby/{entry['id']}")[1]["url"])
    tb = link(bram.call("GET", f"/api/lobby/{entry['id']}")[1]["url"])[1]
    # the host's invites hold no other player's link
    status, invites = anna.call("GET", f"/api/games/{gid}/invites", token=ta)
    assert status == 200 and tb not in json.dumps(invites), invites
    assert [link["seats"] for link in invites["links"]] == [[0]]
    state = turn(anna, gid, ta)
    assert state["to_move"] == 1
    # Bram's token in the host's hands (however it travelled) plays nothing
    for method, path, body in (("POST", "act/throw", {"seq": state["seq"]}),
                               ("POST", "act/claim", {"box": "yahtzee", "seq": state["seq"]}),
                               ("POST", "react", {"emote": "oops"}),
                               ("POST", "seats/1/return", {}),
                               ("GET", "hint", None)):
        status, refused = anna.call(method, f"/api/games/{gid}/{path}", body, tb)
        assert status == 403, (path, refused)
        # a rated game's Tip is nobody's while it is played, whose seat it is aside
        refusals = ("no_hints_here",) if rated and path == "hint" else (
            "not_your_seat", "not_your_turn")
        assert refused["error"]["code"] in refusals, refused
    status, now = anna.call("GET", f"/api/games/{gid}", token=tb)
    assert now["seq"] == state["seq"] and now["you"] == [] and now["reactions"] == []
    for who in (anna, bram):
        assert who.call("GET", "/api/profile")[1]["ratings"] == {}  # nothing rated
    state = turn(bram, gid, tb)  # Bram, at his own browser, plays on
    assert state["to_move"] == 0


def test_a_stranger_learns_nothing_of_a_seat(server: Server) -> None:
    anna, stranger = Browser(server, "127.0.0.65"), Browser(server, "127.0.0.66")
    status, made = anna.call("POST", "/api/games", {
        "mode": "classic", "kind": "online", "players": ["Annabel", "Bram"]})
    assert status == 201, made
    anna.profile("Annabel")
    status, daily = anna.call("POST", "/api/daily/classic", {})
    assert status == 201, daily
    for gid, code in ((made["id"], "not_your_seat"), (daily["game_id"], "daily_hidden")):
        status, refused = stranger.call("POST", f"/api/games/{gid}/seats/0/return", {},
                                        "not-a-token")
        assert status == 403 and refused["error"]["code"] == code, refused
        assert "Annabel" not in json.dumps(refused)


def test_no_json_body_gets_a_500_on_any_route(server: Server) -> None:
    """Every route of /api/openapi.json with a JSON body, on real ids, refuses both bodies
    with 400 ``bad_json`` and says so in JSON."""
    anna = Browser(server, "127.0.0.67")
    anna.profile("Anna")
    status, made = anna.call("POST", "/api/games", {"mode": "classic", "kind": "online",
                                                    "players": ["Anna", "Bram"]})
    assert status == 201, made
    status, entry = anna.call("POST", "/api/lobby", {"mode": "classic", "seats": 3})
    assert status == 201, entry
    ids = {"game_id": made["id"], "seat": "1", "lobby_id": entry["id"],
           "mode": "classic", "puzzle_id": "0123456789ab"}
    status, document = anna.call("GET", "/api/openapi.json")
    routes = json_routes(document)
    assert len(routes) >= 20, routes
    token = made["links"][0]["token"]
    wrong = []
    for method, path, fields in routes:
        where = path.format(**{**ids, "action": "skip" if "/seats/" in path else "throw"})
        for body in bad_bodies(fields):
            status, answer = anna.call(method, where, raw=body, token=token)
            code = answer["error"]["code"] if status >= 400 else None
            if (status, code) != (400, "bad_json"):
                wrong.append((status, code, method, where, body.count(b"["), body[-40:]))
    assert sorted(wrong, key=lambda w: -w[0]) == []  # the 500s first


@pytest.mark.pg  # a PostgreSQL server of its own, to stop
def test_a_database_away_is_a_503_that_names_no_url(tmp_path: Path) -> None:
    """Every 503 named the database's URL, and the log's scrubber kept ``sslpassword=``
    and ``%70assword=`` (the database reads it as ``password=``). Now an answer names no
    URL, host or port at all, and the log no password under any name."""
    pg: PostgresServer = start_server()
    try:
        database = pg.new_database().rsplit("/", 1)[1]
        url = (f"postgresql://postgres:pw1-secret@127.0.0.1:{pg.port}/{database}"
               "?sslpassword=pw2-secret&%70assword=pw3-secret&application_name=wy")
        one = Server(url, tmp_path, "away")
        try:
            status, made = one.call("POST", "/api/games", {"kind": "online",
                                                           "players": ["A", "B"]})
            assert status == 201, made
            pg.stop("fast")
            answers = [one.call(method, path, body, timeout=20) for method, path, body in (
                ("GET", f"/api/games/{made['id']}", None), ("GET", "/api/lobby", None),
                ("GET", "/api/highscores", None),
                ("POST", "/api/games", {"kind": "online", "players": ["A", "B"]}),
                ("POST", "/api/profile", {"name": "Anna"}))]
            # the table in memory still answers; everything that needs the store, 503
            assert [status for status, _ in answers[1:]] == [503] * 4, answers
            for _, answer in [a for a in answers if a[0] == 503]:
                assert answer["error"]["code"] == "unavailable"
                text = json.dumps(answer)
                for told in ("postgres", "127.0.0.1", str(pg.port), database, "secret"):
                    assert told not in text, (told, answer)
        finally:
            one.stop()
        log = one.log.read_text()
        assert "127.0.0.1" in log and "application_name=wy" in log  # the server said where
        assert "secret" not in log and "assword" not in log, log[-2000:]
    finally:
        pg.destroy()


@pytest.mark.usefixtures("strategy_tables")  # the server reads them from the cache
def test_a_review_draws_no_history_of_a_name(server: Server) -> None:
    """A stranger who called a game Anna saw, under it, the scores of every game of every
    Anna; now a review draws only the viewing profile's own history."""
    from .support.pages import score_histories

    anna, stranger = Browser(server, "127.0.0.68"), Browser(server, "127.0.0.69")
    anna.profile("Anna")
    games = []
    for browser in (anna, anna, stranger):
        status, made = browser.call("POST", "/api/games", {
            "mode": "classic", "kind": "solo", "players": ["Anna"]})
        assert status == 201, made
        for _ in BOXES:
            turn(browser, made["id"], made["links"][0]["token"])
        games.append(made["id"])

    def review(browser: Browser, gid: str) -> str:
        for _ in range(120):  # the review waits for the strategy table to load
            html = browser.page(f"/games/{gid}/review")[1]
            if '<table class="review ' in html:
                return html
            time.sleep(0.5)
        raise AssertionError(html[-2000:])

    assert score_histories(review(stranger, games[2])) == []
    assert score_histories(review(anna, games[1])) == [2]


def test_a_profile_name_is_as_long_as_the_document_says(server: Server) -> None:
    browser = Browser(server, "127.0.0.70")
    document = browser.call("GET", "/api/openapi.json")[1]
    most = document["components"]["schemas"]["ProfileName"]["properties"]["name"]["maxLength"]
    status, refused = browser.call("POST", "/api/profile", {"name": " " * 3 + "A" * most})
    assert status == 400 and refused["error"]["code"] == "bad_players", refused
    status, made = browser.call("POST", "/api/profile", {"name": "A" * most})
    assert status == 201 and made["profile"]["name"] == "A" * most, made
